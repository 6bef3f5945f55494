// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Tegra410 PCIE and PCIE-TGT blocks, one of each per PCIe root
 * complex (RC), both CoreSight PMU architecture blocks (emu_cspmu.c).
 *
 * PCIE counts traffic from the RC's root ports towards memory: each
 * transaction has a root port (rp), a requester (bdf) and a destination
 * (dst: cmem, gmem, p2p, cxl, rem).  PCIE-TGT counts traffic towards the
 * RC: a root port's BAR (dst=bar, rp) or a CXL HDM window (dst=hdm), at
 * an address (addr).  Each counter's filter registers decide, as the
 * hardware would, whether a transaction counts; PCIE-TGT's address filter
 * slots live in its second resource, the region firmware gives the RC's
 * ACPI device.
 *
 * Topology: 6 RCs per socket; which root ports each RC has is the
 * pcie_rp_mask parameter, by default the sample system of the Tegra410
 * documentation.  Counter count and width are unknown [U]: pcie_counters
 * and pcie_width.  Whether PCIE's one BDF comparator, once a counting
 * counter enables it, filters every counter of the RC is unknown too [U]:
 * pcie_bdf_global.
 */

#include <linux/moduleparam.h>

#include "emu.h"
#include "nvu_t410_regs.h"

#define EMU_PCIE_NR_RC		6
/* The model's interrupt line of RC @rc's PCIE block (PCIE-TGT: + 1). */
#define EMU_PCIE_IRQ(s, rc)	(2 + ((s) * EMU_PCIE_NR_RC + (rc)) * 2)

static unsigned int pcie_counters = 16;
module_param(pcie_counters, uint, 0444);
MODULE_PARM_DESC(pcie_counters,
		 "PCIE and PCIE-TGT event counters besides the cycle counter [U] (1-63)");

static unsigned int pcie_width = 64;
module_param(pcie_width, uint, 0444);
MODULE_PARM_DESC(pcie_width, "PCIE and PCIE-TGT counter width in bits [U] (1-64)");

static bool pcie_atomic64 = true;
module_param(pcie_atomic64, bool, 0444);
MODULE_PARM_DESC(pcie_atomic64,
		 "APMT flag: 64-bit PCIE and PCIE-TGT counter access is single-copy atomic [U]");

static bool pcie_irq;
module_param(pcie_irq, bool, 0444);
MODULE_PARM_DESC(pcie_irq,
		 "give PCIE and PCIE-TGT blocks an overflow interrupt (an APMT GSIV) [U]");

static bool pcie_bdf_global;
module_param(pcie_bdf_global, bool, 0444);
MODULE_PARM_DESC(pcie_bdf_global,
		 "PCIE: an enabled BDF filter applies to every counter of the RC (1) or only to its own (0, default) [U]");

/* Root ports of RC 0-5 of socket 0, then of socket 1 (the doc's sample). */
static unsigned int pcie_rp_mask[2 * EMU_PCIE_NR_RC] = {
	0x01, 0x1e, 0x01, 0x01, 0x07, 0x01,
	0x01, 0x0e, 0x01, 0x01, 0x07, 0x01,
};
module_param_array(pcie_rp_mask, uint, NULL, 0444);
MODULE_PARM_DESC(pcie_rp_mask,
		 "root ports present, a mask per RC: socket 0 RC 0-5, then socket 1 RC 0-5");

/* Per-device state: the CoreSight block and the RC's root ports. */
struct emu_pcie {
	struct emu_cspmu cs;
	u32 rp_mask;
};

static void emu_pcie_setup(struct nvu_emu_dev *dev, u32 pmiidr)
{
	struct emu_pcie *p = dev->state;

	emu_cspmu_setup(dev, pmiidr, pcie_counters, pcie_width, pcie_atomic64);
	/* dev->index is the RC. */
	p->rp_mask = pcie_rp_mask[dev->socket * EMU_PCIE_NR_RC + dev->index] &
		     GENMASK(T410_PCIE_NR_RP - 1, 0);
}

static void emu_pcie_init(struct nvu_emu_dev *dev)
{
	emu_pcie_setup(dev, T410_PMIIDR_PCIE);
}

static void emu_pcie_tgt_init(struct nvu_emu_dev *dev)
{
	emu_pcie_setup(dev, T410_PMIIDR_PCIE_TGT);
}

/* Both count reads and writes of data: rd/wr, 64 bytes unless told. */
static int emu_pcie_check_common(const struct nvu_emu_txn *t)
{
	if (t->v[EMU_OP] != EMU_OP_RD && t->v[EMU_OP] != EMU_OP_WR)
		return -EINVAL;
	return t->v[EMU_RP] >= T410_PCIE_NR_RP ? -EINVAL : 0;
}

static int emu_pcie_check(const struct nvu_emu_dev *dev,
			  const struct nvu_emu_txn *t)
{
	switch (t->v[EMU_DST]) {
	case EMU_DST_CMEM:
	case EMU_DST_GMEM:
	case EMU_DST_P2P:
	case EMU_DST_CXL:
	case EMU_DST_REM:
		break;
	default:
		return -EINVAL;
	}
	if (t->v[EMU_BDF] > FIELD_MAX(T410_PCIE_SRC_BDF))
		return -EINVAL;
	return emu_pcie_check_common(t);
}

static void emu_pcie_tgt_defaults(struct nvu_emu_txn *t)
{
	t->v[EMU_DST] = EMU_DST_BAR;
}

static int emu_pcie_tgt_check(const struct nvu_emu_dev *dev,
			      const struct nvu_emu_txn *t)
{
	if (t->v[EMU_DST] != EMU_DST_BAR && t->v[EMU_DST] != EMU_DST_HDM)
		return -EINVAL;
	return emu_pcie_check_common(t);
}

/* Traffic only comes from (or goes to) root ports the RC has. */
static bool emu_pcie_rp_present(struct nvu_emu_dev *dev,
				const struct nvu_emu_txn *t)
{
	struct emu_pcie *p = dev->state;

	if (t->v[EMU_DST] == EMU_DST_HDM)
		return true;
	return p->rp_mask & BIT(t->v[EMU_RP]);
}

/* PMEVFILT2R destination bit of each PCIE destination. */
static u32 emu_pcie_dst_bit(u64 dst)
{
	switch (dst) {
	case EMU_DST_CMEM:
		return T410_PCIE_DST_LOC_CMEM;
	case EMU_DST_GMEM:
		return T410_PCIE_DST_LOC_GMEM;
	case EMU_DST_P2P:
		return T410_PCIE_DST_LOC_PCIE_P2P;
	case EMU_DST_CXL:
		return T410_PCIE_DST_LOC_PCIE_CXL;
	default:
		return T410_PCIE_DST_REM;
	}
}

/* PCIE: a source (one BDF, or root ports) and a destination filter. */
static bool emu_pcie_hit(const struct emu_cspmu *cs, unsigned int n,
			 const struct nvu_emu_txn *t)
{
	u32 filtr = cs->filtr[n], filt2r = cs->filt2r[n];
	bool src;

	if (filtr & T410_PCIE_SRC_BDF_EN)
		src = FIELD_GET(T410_PCIE_SRC_BDF, filtr) == t->v[EMU_BDF];
	else
		src = filtr & BIT(t->v[EMU_RP]);
	return src && (filt2r & emu_pcie_dst_bit(t->v[EMU_DST]));
}

/* What event @evt counts for the batch @t (PCIE and PCIE-TGT alike). */
static u64 emu_pcie_amount(u32 evt, const struct nvu_emu_txn *t)
{
	u64 n = t->v[EMU_COUNT];
	bool rd = t->v[EMU_OP] == EMU_OP_RD;

	switch (evt) {
	case T410_PCIE_RD_BYTES:
		return rd ? n * t->v[EMU_BYTES] : 0;
	case T410_PCIE_WR_BYTES:
		return rd ? 0 : n * t->v[EMU_BYTES];
	case T410_PCIE_RD_REQ:
		return rd ? n : 0;
	case T410_PCIE_WR_REQ:
		return rd ? 0 : n;
	case T410_PCIE_RD_CUM_OUTS:
		return rd ? n * t->v[EMU_OUTS] : 0;
	default:
		return 0;
	}
}

/*
 * Count @t on every enabled counter whose filter @hit passes; PMEVTYPER
 * holds an event ID within @evt_bits.
 */
static void emu_pcie_count(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t,
			   bool (*hit)(const struct emu_cspmu *cs, unsigned int n,
				       const struct nvu_emu_txn *t),
			   u32 evt_bits)
{
	struct emu_pcie *p = dev->state;
	unsigned int n;

	if (!emu_pcie_rp_present(dev, t))
		return;
	for (n = 0; n < EMU_CSPMU_MAX; n++) {
		u32 evt = p->cs.evtyper[n];

		/* Bits beyond the event field name no event [U]. */
		if (emu_cspmu_evt(&p->cs, n) && emu_cspmu_counting(&p->cs, n) &&
		    !(evt & ~evt_bits) && hit(&p->cs, n, t))
			emu_cspmu_count_traffic(&p->cs, n,
						emu_pcie_amount(evt, t));
	}
}

static u64 emu_pcie_counted(struct nvu_emu_dev *dev)
{
	return ((struct emu_pcie *)dev->state)->cs.counted;
}

/*
 * With pcie_bdf_global, the RC's comparator: on while a counting counter
 * has src_bdf_en, holding the BDF of the lowest such counter (which one
 * wins when counters disagree is the model's choice).  Traffic from any
 * other requester then reaches no counter.
 */
static bool emu_pcie_bdf_blocks(const struct emu_cspmu *cs,
				const struct nvu_emu_txn *t)
{
	unsigned int n;

	for (n = 0; n < cs->nctr; n++) {
		if (emu_cspmu_counting(cs, n) &&
		    cs->filtr[n] & T410_PCIE_SRC_BDF_EN)
			return FIELD_GET(T410_PCIE_SRC_BDF, cs->filtr[n]) !=
			       t->v[EMU_BDF];
	}
	return false;
}

static void emu_pcie_inject(struct nvu_emu_dev *dev,
			    const struct nvu_emu_txn *t)
{
	struct emu_pcie *p = dev->state;

	if (pcie_bdf_global && emu_pcie_bdf_blocks(&p->cs, t))
		return;
	emu_pcie_count(dev, t, emu_pcie_hit, U32_MAX);
}

/* A register of the second resource (the RC's ACPI device region). */
static u32 emu_pcie_tgt_reg(const struct emu_cspmu *cs, u32 off)
{
	return cs->ext[off / 4];
}

/* Address-filter slot @slot is on and @addr falls in its range. */
static bool emu_pcie_tgt_slot_hit(const struct emu_cspmu *cs,
				  unsigned int slot, u64 addr)
{
	u64 base, mask;

	if (!(emu_pcie_tgt_reg(cs, T410_PCIE_TGT_SLOT_CTRL(slot)) &
	      T410_PCIE_TGT_SLOT_EN))
		return false;
	base = (u64)emu_pcie_tgt_reg(cs, T410_PCIE_TGT_SLOT_BASE_HI(slot)) << 32 |
	       emu_pcie_tgt_reg(cs, T410_PCIE_TGT_SLOT_BASE_LO(slot));
	mask = (u64)emu_pcie_tgt_reg(cs, T410_PCIE_TGT_SLOT_MASK_HI(slot)) << 32 |
	       emu_pcie_tgt_reg(cs, T410_PCIE_TGT_SLOT_MASK_LO(slot));
	return (addr & mask) == (base & mask);
}

/*
 * PCIE-TGT: a root-port filter that only BAR traffic can pass, and a
 * one-hot choice of address-filter slot.  Model rule [U]: every filter a
 * counter sets must match; a counter with neither counts nothing.
 */
static bool emu_pcie_tgt_hit(const struct emu_cspmu *cs, unsigned int n,
			     const struct nvu_emu_txn *t)
{
	u32 filt2r = cs->filt2r[n];
	u32 rps = FIELD_GET(T410_PCIE_TGT_FILT_RP, filt2r);
	u32 slots = FIELD_GET(T410_PCIE_TGT_FILT_SLOT, filt2r);
	bool bar = t->v[EMU_DST] == EMU_DST_BAR;
	unsigned int slot;

	if (!rps && !slots)
		return false;
	if (rps && !(bar && (rps & BIT(t->v[EMU_RP]))))
		return false;
	if (slots) {
		slot = __ffs(slots);
		if (slots != BIT(slot) ||
		    !emu_pcie_tgt_slot_hit(cs, slot, t->v[EMU_ADDR]))
			return false;
	}
	return true;
}

static void emu_pcie_tgt_inject(struct nvu_emu_dev *dev,
				const struct nvu_emu_txn *t)
{
	emu_pcie_count(dev, t, emu_pcie_tgt_hit, T410_PCIE_TGT_EVENT);
}

#define EMU_PCIE_TYPE(pages)						\
{									\
	.kind = "pcie",							\
	.keys = BIT(EMU_COUNT) | BIT(EMU_OP) | BIT(EMU_DST) |		\
		BIT(EMU_BYTES) | BIT(EMU_RP) | BIT(EMU_BDF) |		\
		BIT(EMU_OUTS) | BIT(EMU_CYCLES),			\
	.nr_res = (pages),						\
	.res_size = CSPMU_PAGE_SIZE,					\
	.state_size = sizeof(struct emu_pcie),				\
	.pdev_name = "arm-cs-arch-pmu",					\
	.check = emu_pcie_check,					\
	.init = emu_pcie_init,						\
	.read = emu_cspmu_read,						\
	.write = emu_cspmu_write,					\
	.inject = emu_pcie_inject,					\
	.tick = emu_cspmu_tick,						\
	.irq_level = emu_cspmu_irq_level,				\
	.counted = emu_pcie_counted,					\
}

/*
 * PCIE-TGT's address-filter slots are in a region of the RC's ACPI device,
 * not an APMT page: the window holds it at EMU_TGT_REGION_OFF, where the
 * firmware tables put the RC device's _CRS.
 */
#define EMU_PCIE_TGT_TYPE(pages)					\
{									\
	.kind = "pcie_tgt",						\
	.keys = BIT(EMU_COUNT) | BIT(EMU_OP) | BIT(EMU_DST) |		\
		BIT(EMU_BYTES) | BIT(EMU_RP) | BIT(EMU_ADDR) |		\
		BIT(EMU_CYCLES),					\
	.nr_res = (pages),						\
	.res_size = CSPMU_PAGE_SIZE,					\
	.state_size = sizeof(struct emu_pcie),				\
	.pdev_name = "arm-cs-arch-pmu",					\
	.defaults = emu_pcie_tgt_defaults,				\
	.check = emu_pcie_tgt_check,					\
	.init = emu_pcie_tgt_init,					\
	.read = emu_cspmu_read,						\
	.write = emu_cspmu_write,					\
	.inject = emu_pcie_tgt_inject,					\
	.tick = emu_cspmu_tick,						\
	.irq_level = emu_cspmu_irq_level,				\
	.counted = emu_pcie_counted,					\
}

/* [0]: single-page, [1]: dual-page (cspmu_dual_page=1). */
static const struct nvu_emu_type emu_pcie_types[2] = {
	EMU_PCIE_TYPE(1), EMU_PCIE_TYPE(2),
};

static const struct nvu_emu_type emu_pcie_tgt_types[2] = {
	EMU_PCIE_TGT_TYPE(1), EMU_PCIE_TGT_TYPE(2),
};

/* Whether RC @rc of @socket has root port @rp (pcie_rp_mask). */
bool nvu_emu_pcie_has_rp(unsigned int socket, unsigned int rc,
			 unsigned int rp)
{
	return socket < 2 && rc < EMU_PCIE_NR_RC && rp < T410_PCIE_NR_RP &&
	       pcie_rp_mask[socket * EMU_PCIE_NR_RC + rc] & BIT(rp);
}

/* The PCIE and PCIE-TGT blocks of every RC of @socket. */
int nvu_emu_pcie_create(int socket)
{
	char name[48];
	unsigned int rc;
	int ret;

	bool dual = nvu_emu_cspmu_dual_page;

	if (!pcie_counters || pcie_counters > EMU_CSPMU_MAX - 1 || !pcie_width ||
	    pcie_width > 64)
		return -EINVAL;
	for (rc = 0; rc < EMU_PCIE_NR_RC; rc++) {
		/* Both nodes name the RC's ACPI device (tests/vm/fwgen). */
		const struct nvu_emu_apmt apmt = {
			.type = ACPI_APMT_NODE_TYPE_ACPI,
			.flags = pcie_atomic64 ? ACPI_APMT_FLAGS_ATOMIC : 0,
			.hid = EMU_RC_HID,
			.uid = EMU_RC_UID(socket, rc),
		};

		snprintf(name, sizeof(name), "nvidia_pcie_pmu_%d_rc_%u",
			 socket, rc);
		/* Interrupt lines 2-25: after UCF's, two per RC. */
		ret = __nvu_emu_dev_create(&emu_pcie_types[dual], name, socket,
					   rc, &apmt, pcie_irq ?
					   EMU_PCIE_IRQ(socket, rc) : -1);
		if (ret)
			return ret;
		snprintf(name, sizeof(name), "nvidia_pcie_tgt_pmu_%d_rc_%u",
			 socket, rc);
		ret = __nvu_emu_dev_create(&emu_pcie_tgt_types[dual], name,
					   socket, rc, &apmt, pcie_irq ?
					   EMU_PCIE_IRQ(socket, rc) + 1 : -1);
		if (ret)
			return ret;
	}
	return 0;
}

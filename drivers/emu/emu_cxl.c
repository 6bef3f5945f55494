// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: CXL components with Performance Monitoring Units.
 *
 * The model adds a PCI host bridge of its own (a separate PCI domain, as a
 * VMD or Hyper-V bridge does) whose functions are CXL components: config
 * space with a PCIe capability and a CXL Register Locator DVSEC, and a
 * 64-bit memory BAR.  Memory devices sit on the root bus; with cxl_switch
 * a switch follows them: an upstream port on the root bus, downstream
 * ports on its secondary bus and a memory device behind each, all with
 * CPMUs.  Their bus numbers and bridge windows come programmed, as
 * firmware leaves them, and config cycles are routed by the bus numbers
 * as programmed.  BAR0 holds a component-register block (not modelled)
 * at offset 0 and the CPMU blocks at 64 KiB steps after it.  The model
 * serves the bridge's whole memory window and decodes each access by the
 * BARs as programmed, so a function keeps working wherever the PCI core
 * puts its BAR.  No driver binds the functions (driver_override), the
 * way the drivers under test find them: by their DVSEC.
 *
 * Each function also has an MSI capability and sends its CPMUs' overflow
 * interrupts as MSI messages.  Their address is made up and only this
 * file's MSI irq domain, which the bridge's functions get, knows it: the
 * message's data is the hardware interrupt number in that domain, and
 * sending one runs that interrupt's handler as a real MSI would (the
 * kernel's own MSI path writes the capability as on a server, but cannot
 * reach a table in a BAR the model serves: MSI-X is not modelled).
 *
 * Each CPMU is a model device ("cxl_pmu_pci<domain>_<bus>_<dev>_<fn>.<n>",
 * the name the driver gives a function without a CXL memory device) that
 * counts injected traffic: "vid= gid= ev= count= [per=] [hdm=] [crb=]" or
 * "cycles=".  The rules are in Documentation/emu.rst; the ones the
 * specification leaves open [U] have parameters.
 *
 * With pcie_root_port, a host bridge of its own holds a Tegra410 PCIe root
 * port, in its RC's PCI segment, whose NVIDIA DVSEC names it (bus,
 * segment, root-port index, RC, socket): what the PCIE and PCIE-TGT
 * drivers' "root_ports" reads.
 */

#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/msi.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/pci-ecam.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "emu.h"
#include "nvu_cxl_regs.h"
#include "nvu_t410_regs.h"

/* ------------------------------------------------------------------------
 * Parameters
 */

static unsigned int cxl_fns;
module_param(cxl_fns, uint, 0444);
MODULE_PARM_DESC(cxl_fns, "emulated CXL PCI functions, 0-8 (default 0: no PCI bridge)");

static unsigned int cxl_switch;
module_param(cxl_switch, uint, 0444);
MODULE_PARM_DESC(cxl_switch, "a CXL switch on the bridge with this many downstream ports, 0-3, a memory device behind each");

static unsigned int cxl_cpmus = 1;
module_param(cxl_cpmus, uint, 0444);
MODULE_PARM_DESC(cxl_cpmus, "CPMUs per function, 1-4");

static unsigned int cxl_width = 48;
module_param(cxl_width, uint, 0444);
MODULE_PARM_DESC(cxl_width, "CPMU counter width in bits, 1-64");

static unsigned int cxl_fixed = 1;
module_param(cxl_fixed, uint, 0444);
MODULE_PARM_DESC(cxl_fixed, "fixed-function counters: 0, 1 (clock_ticks) or 2 (and m2s_req_memrd)");

static unsigned int cxl_free = 1;
module_param(cxl_free, uint, 0444);
MODULE_PARM_DESC(cxl_free, "free-running counters: 0 or 1 (s2m_drs_memdata)");

static unsigned int cxl_config = 4;
module_param(cxl_config, uint, 0444);
MODULE_PARM_DESC(cxl_config, "configurable counters, 0-61");

static unsigned int cxl_filters = 3;
module_param(cxl_filters, uint, 0444);
MODULE_PARM_DESC(cxl_filters, "Filters Supported: bit 0 HDM decoder, bit 1 channel/rank/bank");

static bool cxl_freeze = true;
module_param(cxl_freeze, bool, 0444);
MODULE_PARM_DESC(cxl_freeze, "the Freeze register works (Counter Freeze Support)");

static bool cxl_vendor = true;
module_param(cxl_vendor, bool, 0444);
MODULE_PARM_DESC(cxl_vendor, "a vendor-defined event group (vid 0x10de, gid 1, 4 events)");

/*
 * What an HDM decoder filter value means is unknown [U]: a bitmap of
 * decoders (0) or one decoder's number (1).  The driver passes the value
 * through, so it must be right either way.
 */
static unsigned int cxl_hdm_mode;
module_param(cxl_hdm_mode, uint, 0444);
MODULE_PARM_DESC(cxl_hdm_mode, "HDM filter value [U]: 0 bitmap of decoders, 1 decoder number");

static unsigned int cxl_msi = 16;
module_param(cxl_msi, uint, 0444);
MODULE_PARM_DESC(cxl_msi, "MSI vectors a function offers: 1, 2, 4, 8, 16 or 32 (0: no MSI capability)");

static unsigned int cxl_msi_num = 1;
module_param(cxl_msi_num, uint, 0444);
MODULE_PARM_DESC(cxl_msi_num, "Interrupt Message Number of a function's first CPMU, 0-15 (CPMU i: this + i, at most 15)");

static bool cxl_ovf_int = true;
module_param(cxl_ovf_int, bool, 0444);
MODULE_PARM_DESC(cxl_ovf_int, "Counter Overflow Interrupt Support");

/*
 * Whether the CPMU's Interrupt Message Number changes with the vectors
 * the function's driver enables is inferred [I]: the PCIe capability's own
 * number does, for MSI.  With this, it reads as the designed number or the
 * last vector Multiple Message Enable allows, whichever is lower.
 */
static bool cxl_msi_num_mme;
module_param(cxl_msi_num_mme, bool, 0444);
MODULE_PARM_DESC(cxl_msi_num_mme, "[I] the Interrupt Message Number follows MSI Multiple Message Enable");

static bool cxl_writable_frozen = true;
module_param(cxl_writable_frozen, bool, 0444);
MODULE_PARM_DESC(cxl_writable_frozen, "Counters Writable While Frozen: a frozen counter takes a write");

/*
 * Whether a counter that is not frozen takes a write is unknown [U]: the
 * specification promises it only for frozen ones.
 */
static bool cxl_write_running;
module_param(cxl_write_running, bool, 0444);
MODULE_PARM_DESC(cxl_write_running, "[U] a counter that is not frozen takes a write");

static bool cxl_decode_off;
module_param(cxl_decode_off, bool, 0444);
MODULE_PARM_DESC(cxl_decode_off, "functions start with memory decoding off, until a driver enables them");

static bool cxl_all_groups;
module_param(cxl_all_groups, bool, 0444);
MODULE_PARM_DESC(cxl_all_groups, "Event Capabilities for every CXL-defined event group, not the default eight");

static unsigned int cxl_evcap_rotate;
module_param(cxl_evcap_rotate, uint, 0444);
MODULE_PARM_DESC(cxl_evcap_rotate, "Event Capabilities 0-6 hold the seven base groups rotated this many places (a device may list its groups in any order)");

/* The model's vendor-defined events. */
#define EMU_CXL_VENDOR_VID	0x10de
#define EMU_CXL_VENDOR_GID	1

#define EMU_CXL_MAX_FNS		8
#define EMU_CXL_MAX_CPMUS	4
#define EMU_CXL_BLOCK_STEP	SZ_64K
#define EMU_CXL_DOMAIN		0x10000
#define EMU_CXL_VENDOR_ID	0x10de
#define EMU_CXL_DEVICE_ID	0x7ce0
#define EMU_CXL_CLASS		0x050210	/* CXL memory device */
#define EMU_CXL_PORT_CLASS	0x060400	/* PCI-to-PCI bridge */
#define EMU_CXL_PCIE_CAP	0x40
#define EMU_CXL_MSI_CAP		0x80	/* after the PCIe capability's 0x3c */
#define EMU_CXL_PM_CAP		0xa0	/* after MSI's 0x0e */
#define EMU_CXL_DVSEC		0x100
/* MSI: at most 32 vectors a function; the doorbell no CPU decodes. */
#define EMU_CXL_MSI_MAX		32
#define EMU_CXL_NR_HWIRQ	(EMU_CXL_MAX_FNS * EMU_CXL_MSI_MAX)
#define EMU_CXL_MSI_ADDR	0x4e56c0de0000ULL

/* ------------------------------------------------------------------------
 * The CPMU register block
 */

struct emu_cxl_fn;

/*
 * @fn: the PCI function whose MSI capability sends the overflow
 * interrupt, NULL before it has one and after the bridge is gone
 * @msi_sent: MSI messages sent; @msi_dropped: those MSI did not allow
 */
struct emu_cxl_cpmu {
	struct emu_cxl_fn *fn;
	u64 msi_sent, msi_dropped;
	u64 cap;
	unsigned int nctr, width, nevcap;
	u64 evcap[CPMU_MAX_EVCAPS];
	u64 cfg[CPMU_MAX_COUNTERS];
	u32 filter[CPMU_MAX_COUNTERS][2];
	u64 cntr[CPMU_MAX_COUNTERS];
	bool level[CPMU_MAX_COUNTERS];	/* edge: the condition last clock */
	u64 ovf, freeze;
};

static void emu_cxl_msi_send(struct emu_cxl_cpmu *c);
static unsigned int emu_cxl_msi_num(const struct emu_cxl_cpmu *c);

/* Event capability register value. */
static u64 emu_cxl_evcap(u16 vid, u16 gid, u32 mask)
{
	return FIELD_PREP(CPMU_EVCAP_VID, vid) | FIELD_PREP(CPMU_EVCAP_GID, gid) |
	       FIELD_PREP(CPMU_EVCAP_MASK, mask);
}

static u64 emu_cxl_fixed_cfg(u8 type, u8 idx, u32 mask)
{
	return FIELD_PREP(CPMU_CFG_TYPE, type) |
	       FIELD_PREP(CPMU_CFG_GROUP_IDX, idx) |
	       FIELD_PREP(CPMU_CFG_EVENTS, mask);
}

/*
 * The CXL-defined event groups and the events each defines (the
 * specification's, as upstream lists them).  The first seven are every
 * model CPMU's Event Capabilities 0-6 (clock ticks, S2M DRS, D2H requests,
 * M2S requests, M2S RwD, S2M NDR, DDR; cxl_evcap_rotate=k starts the list
 * at the k-th); with cxl_all_groups every group follows, after the vendor
 * group (7) where there is one.
 */
static const struct {
	u16 gid;
	u32 mask;
} emu_cxl_groups[] = {
	{ 0x00, 0x1 }, { 0x25, 0x7 }, { 0x10, 0x17ffe }, { 0x20, 0xffff },
	{ 0x21, 0x2636 }, { 0x24, 0xff }, { 0x8000, 0xffff },
	/* cxl_all_groups: the others */
	{ 0x11, 0x4080f2 }, { 0x12, 0xe }, { 0x13, 0xa172 }, { 0x14, 0x3 },
	{ 0x22, 0x77 }, { 0x23, 0x7777 }, { 0x8001, 0xf }, { 0x8002, 0x3 },
	{ 0x8003, 0xf }, { 0x8004, 0x3 },
};

#define EMU_CXL_BASE_GROUPS	7

/* Where the base groups start (cxl_evcap_rotate, any value). */
static unsigned int emu_cxl_rot(void)
{
	return cxl_evcap_rotate % EMU_CXL_BASE_GROUPS;
}

/* The Event Capabilities index of base group @k of emu_cxl_groups[]. */
static unsigned int emu_cxl_base_idx(unsigned int k)
{
	return (k + EMU_CXL_BASE_GROUPS - emu_cxl_rot()) % EMU_CXL_BASE_GROUPS;
}

static void emu_cxl_init(struct nvu_emu_dev *dev)
{
	struct emu_cxl_cpmu *c = dev->state;
	unsigned int i, n = 0;

	c->width = cxl_width;
	for (i = 0; i < EMU_CXL_BASE_GROUPS; i++) {
		unsigned int g = (i + emu_cxl_rot()) % EMU_CXL_BASE_GROUPS;

		c->evcap[c->nevcap++] = emu_cxl_evcap(CXL_EVENT_VID,
						      emu_cxl_groups[g].gid,
						      emu_cxl_groups[g].mask);
	}
	if (cxl_vendor)
		c->evcap[c->nevcap++] = emu_cxl_evcap(EMU_CXL_VENDOR_VID,
						      EMU_CXL_VENDOR_GID, 0xf);
	for (; cxl_all_groups && i < ARRAY_SIZE(emu_cxl_groups); i++)
		c->evcap[c->nevcap++] = emu_cxl_evcap(CXL_EVENT_VID,
						      emu_cxl_groups[i].gid,
						      emu_cxl_groups[i].mask);

	if (cxl_fixed >= 1)
		c->cfg[n++] = emu_cxl_fixed_cfg(CPMU_TYPE_FIXED,
						emu_cxl_base_idx(0), 0x1);
	if (cxl_fixed >= 2)
		c->cfg[n++] = emu_cxl_fixed_cfg(CPMU_TYPE_FIXED,
						emu_cxl_base_idx(3), 0x2);
	if (cxl_free >= 1)
		c->cfg[n++] = emu_cxl_fixed_cfg(CPMU_TYPE_FREE,
						emu_cxl_base_idx(1), 0x1);
	for (i = 0; i < cxl_config; i++)
		c->cfg[n++] = FIELD_PREP(CPMU_CFG_TYPE, CPMU_TYPE_CONFIG);
	c->nctr = n;

	if (nvu_emu_bad(dev, "reserved_type"))
		c->cfg[0] = FIELD_PREP(CPMU_CFG_TYPE, 3);
	if (nvu_emu_bad(dev, "evcap_index"))
		c->cfg[0] = emu_cxl_fixed_cfg(CPMU_TYPE_FIXED, c->nevcap, 0x1);
	/* Nothing to count: configurable counters, capabilities all empty. */
	if (nvu_emu_bad(dev, "no_events")) {
		for (i = 0; i < c->nevcap; i++)
			c->evcap[i] &= ~CPMU_EVCAP_MASK;
		for (i = 0; i < c->nctr; i++)
			c->cfg[i] = FIELD_PREP(CPMU_CFG_TYPE, CPMU_TYPE_CONFIG);
	}
	c->cap = FIELD_PREP(CPMU_CAP_NUM_COUNTERS, c->nctr - 1) |
		 FIELD_PREP(CPMU_CAP_COUNTER_WIDTH,
			    nvu_emu_bad(dev, "width0") ? 0 : c->width) |
		 FIELD_PREP(CPMU_CAP_NUM_EVCAPS, c->nevcap - 1) |
		 FIELD_PREP(CPMU_CAP_FILTERS, cxl_filters) |
		 FIELD_PREP(CPMU_CAP_MSI_NUM, min(cxl_msi_num + dev->index, 15U)) |
		 (cxl_writable_frozen ? CPMU_CAP_WRITABLE_FROZEN : 0) |
		 (cxl_ovf_int ? CPMU_CAP_OVF_INT : 0) |
		 (cxl_freeze ? CPMU_CAP_FREEZE : 0);
	for (i = 0; i < c->nctr; i++) {
		c->filter[i][0] = CPMU_FILTER_NONE;
		c->filter[i][1] = CPMU_FILTER_NONE;
	}
}

/*
 * The vendor, group and events counter @n counts, from the capability its
 * group index names (a configurable counter's as programmed: a wrong index
 * counts the wrong group, or nothing if it names no capability).
 */
static bool emu_cxl_target(struct emu_cxl_cpmu *c, unsigned int n,
			   u16 *vid, u16 *gid, u32 *mask)
{
	unsigned int idx = FIELD_GET(CPMU_CFG_GROUP_IDX, c->cfg[n]);

	if (idx >= c->nevcap)
		return false;
	*vid = FIELD_GET(CPMU_EVCAP_VID, c->evcap[idx]);
	*gid = FIELD_GET(CPMU_EVCAP_GID, c->evcap[idx]);
	/* Only the events the capability supports count. */
	*mask = FIELD_GET(CPMU_CFG_EVENTS, c->cfg[n]) &
		FIELD_GET(CPMU_EVCAP_MASK, c->evcap[idx]);
	return true;
}

static bool emu_cxl_counting(const struct emu_cxl_cpmu *c, unsigned int n)
{
	if (c->freeze & BIT_ULL(n))
		return false;
	return FIELD_GET(CPMU_CFG_TYPE, c->cfg[n]) == CPMU_TYPE_FREE ||
	       c->cfg[n] & CPMU_CFG_ENABLE;
}

static void emu_cxl_add(struct emu_cxl_cpmu *c, unsigned int n, u64 amount)
{
	if (!amount || !nvu_emu_add(&c->cntr[n], amount, c->width))
		return;
	c->ovf |= BIT_ULL(n);
	/* An edge: every wrap sends a message. */
	if (c->cfg[n] & CPMU_CFG_INT_ON_OVF && c->cap & CPMU_CAP_OVF_INT)
		emu_cxl_msi_send(c);
	/* Freeze on overflow stops every counter. */
	if (c->cfg[n] & CPMU_CFG_FREEZE_ON_OVF && c->cap & CPMU_CAP_FREEZE)
		c->freeze = U64_MAX;
}

static bool emu_cxl_filter_pass(const struct emu_cxl_cpmu *c, unsigned int n,
				const struct nvu_emu_txn *t)
{
	u32 hdm = c->filter[n][CPMU_FILTER_HDM];
	u32 crb = c->filter[n][CPMU_FILTER_CRB];

	if (cxl_filters & BIT(CPMU_FILTER_HDM) && hdm != CPMU_FILTER_NONE) {
		if (!(t->set & BIT(EMU_HDM)))
			return false;
		if (cxl_hdm_mode == 0 ? !(t->v[EMU_HDM] < 32 &&
					  hdm & BIT(t->v[EMU_HDM])) :
					hdm != t->v[EMU_HDM])
			return false;
	}
	/* Channel/rank/bank: the value must equal the traffic's [U]. */
	if (cxl_filters & BIT(CPMU_FILTER_CRB) && crb != CPMU_FILTER_NONE &&
	    (!(t->set & BIT(EMU_CRB)) || crb != t->v[EMU_CRB]))
		return false;
	return true;
}

/*
 * A batch: "count" events, "per" of them in each clock cycle.  The model's
 * rule for threshold, edge and invert [U]: with threshold 0 or 1 and
 * neither flag, every event counts.  Otherwise a cycle qualifies when its
 * events reach the threshold (or, inverted, do not); without edge every
 * qualifying cycle counts one, with edge only a cycle that qualifies after
 * one that did not.  A batch is a run of identical cycles.
 */
static u64 emu_cxl_amount(struct emu_cxl_cpmu *c, unsigned int n,
			  const struct nvu_emu_txn *t)
{
	u64 cfg = c->cfg[n], count = t->v[EMU_COUNT];
	u64 per = t->v[EMU_PER] ?: 1, cycles = DIV_ROUND_UP_ULL(count, per);
	unsigned int thr = FIELD_GET(CPMU_CFG_THRESHOLD, cfg);
	bool edge = cfg & CPMU_CFG_EDGE, inv = cfg & CPMU_CFG_INVERT, cond;

	if (FIELD_GET(CPMU_CFG_TYPE, cfg) == CPMU_TYPE_FREE ||
	    (thr <= 1 && !edge && !inv))
		return count;
	cond = per >= max(thr, 1U);
	if (inv)
		cond = !cond;
	if (edge) {
		bool rise = cond && !c->level[n];

		c->level[n] = cond;
		return rise;
	}
	return cond ? cycles : 0;
}

static int emu_cxl_check(const struct nvu_emu_dev *dev,
			 const struct nvu_emu_txn *t)
{
	if (t->set & ~BIT(EMU_CYCLES) &&
	    (!(t->set & BIT(EMU_GID)) || !(t->set & BIT(EMU_EV)) ||
	     t->v[EMU_EV] > 31 || t->v[EMU_GID] > U16_MAX ||
	     t->v[EMU_VID] > U16_MAX || t->v[EMU_HDM] > U32_MAX ||
	     t->v[EMU_CRB] > U32_MAX))
		return -EINVAL;
	return 0;
}

static void emu_cxl_defaults(struct nvu_emu_txn *t)
{
	t->v[EMU_VID] = CXL_EVENT_VID;
	t->v[EMU_PER] = 1;
}

static void emu_cxl_inject(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t)
{
	struct emu_cxl_cpmu *c = dev->state;
	unsigned int n;

	for (n = 0; n < c->nctr; n++) {
		u16 vid, gid;
		u32 mask;

		if (!emu_cxl_counting(c, n) ||
		    !emu_cxl_target(c, n, &vid, &gid, &mask))
			continue;
		if (vid != t->v[EMU_VID] || gid != t->v[EMU_GID] ||
		    !(mask & BIT(t->v[EMU_EV])) || !emu_cxl_filter_pass(c, n, t))
			continue;
		emu_cxl_add(c, n, emu_cxl_amount(c, n, t));
	}
}

/* The clock_ticks event (CXL group 0, bit 0) counts cycles. */
static void emu_cxl_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	struct emu_cxl_cpmu *c = dev->state;
	unsigned int n;

	for (n = 0; n < c->nctr; n++) {
		u16 vid, gid;
		u32 mask;

		if (emu_cxl_counting(c, n) &&
		    emu_cxl_target(c, n, &vid, &gid, &mask) &&
		    vid == CXL_EVENT_VID && gid == 0 && mask & 1)
			emu_cxl_add(c, n, cycles);
	}
}

static u64 emu_cxl_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	struct emu_cxl_cpmu *c = dev->state;
	u64 val = 0;

	if (off == CPMU_CAP)
		val = (c->cap & ~CPMU_CAP_MSI_NUM) |
		      FIELD_PREP(CPMU_CAP_MSI_NUM, emu_cxl_msi_num(c));
	else if (off == CPMU_OVF_STATUS)
		val = c->ovf;
	else if (off == CPMU_FREEZE)
		val = c->freeze;
	else if (off >= CPMU_EVCAP(0) && off < CPMU_EVCAP(c->nevcap))
		val = c->evcap[(off - CPMU_EVCAP(0)) / 8];
	else if (off >= CPMU_CFG(0) && off < CPMU_CFG(c->nctr))
		val = c->cfg[(off - CPMU_CFG(0)) / 8];
	else if (off >= CPMU_FILTER(0, 0) && off < CPMU_FILTER(c->nctr, 0) &&
		 (off - CPMU_FILTER(0, 0)) / 4 % 8 < 2)
		return c->filter[(off - CPMU_FILTER(0, 0)) / 32]
				[(off - CPMU_FILTER(0, 0)) / 4 % 8];
	else if (off >= CPMU_CNTR(0) && off < CPMU_CNTR(c->nctr))
		val = c->cntr[(off - CPMU_CNTR(0)) / 8];
	/* A 4-byte access reads half of the 64-bit register. */
	if (size == 4)
		val = off % 8 ? 0 : lower_32_bits(val);
	return val;
}

static void emu_cxl_write_cfg(struct emu_cxl_cpmu *c, unsigned int n, u64 val)
{
	u8 type = FIELD_GET(CPMU_CFG_TYPE, c->cfg[n]);
	u64 ro = CPMU_CFG_TYPE;

	if (type == CPMU_TYPE_FREE)
		return;
	if (type == CPMU_TYPE_FIXED)
		ro |= CPMU_CFG_EVENTS | CPMU_CFG_GROUP_IDX;
	c->cfg[n] = (c->cfg[n] & ro) | (val & ~ro);
	c->level[n] = false;
}

static void emu_cxl_write(struct nvu_emu_dev *dev, u32 off, u64 val,
			  unsigned int size)
{
	struct emu_cxl_cpmu *c = dev->state;

	if (size == 4 && !(off >= CPMU_FILTER(0, 0) &&
			   off < CPMU_FILTER(c->nctr, 0)))
		return;		/* the model takes 8-byte writes there */
	if (off == CPMU_OVF_STATUS) {
		c->ovf &= ~val;
	} else if (off == CPMU_FREEZE) {
		if (c->cap & CPMU_CAP_FREEZE)
			c->freeze = val;
	} else if (off >= CPMU_CFG(0) && off < CPMU_CFG(c->nctr)) {
		emu_cxl_write_cfg(c, (off - CPMU_CFG(0)) / 8, val);
	} else if (off >= CPMU_FILTER(0, 0) && off < CPMU_FILTER(c->nctr, 0)) {
		unsigned int n = (off - CPMU_FILTER(0, 0)) / 32;
		unsigned int f = (off - CPMU_FILTER(0, 0)) / 4 % 8;

		if (f < 2 && size == 4 && cxl_filters & BIT(f))
			c->filter[n][f] = val;
	} else if (off >= CPMU_CNTR(0) && off < CPMU_CNTR(c->nctr)) {
		unsigned int n = (off - CPMU_CNTR(0)) / 8;
		u64 mask = c->width >= 64 ? U64_MAX : BIT_ULL(c->width) - 1;
		bool frozen = c->freeze & BIT_ULL(n);

		/* Frozen: by the capability; running: [U] cxl_write_running. */
		if (FIELD_GET(CPMU_CFG_TYPE, c->cfg[n]) != CPMU_TYPE_FREE &&
		    (frozen ? c->cap & CPMU_CAP_WRITABLE_FROZEN :
			      cxl_write_running))
			c->cntr[n] = val & mask;
	}
}

/*
 * A reset of the CPMU's function (Function Level Reset): every register
 * back to its reset value.  Counters and Overflow Status 0, nothing
 * frozen, filters "no filtering", each counter's configuration its reset
 * value (a configurable counter's 0 but for its type; a fixed or
 * free-running counter's group and events, which are read-only).  The
 * capabilities do not change.
 */
static void emu_cxl_cpmu_reset(struct nvu_emu_dev *dev)
{
	struct emu_cxl_cpmu *c = dev->state;
	unsigned long flags;
	unsigned int n;

	raw_spin_lock_irqsave(&dev->lock, flags);
	for (n = 0; n < c->nctr; n++) {
		u64 keep = CPMU_CFG_TYPE;

		if (FIELD_GET(CPMU_CFG_TYPE, c->cfg[n]) != CPMU_TYPE_CONFIG)
			keep |= CPMU_CFG_EVENTS | CPMU_CFG_GROUP_IDX;
		c->cfg[n] &= keep;
		c->cntr[n] = 0;
		c->level[n] = false;
		c->filter[n][0] = CPMU_FILTER_NONE;
		c->filter[n][1] = CPMU_FILTER_NONE;
	}
	c->ovf = 0;
	c->freeze = 0;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
}

static const struct nvu_emu_type nvu_emu_cxl = {
	.kind = "cxl",
	.keys = BIT(EMU_COUNT) | BIT(EMU_CYCLES) | BIT(EMU_VID) | BIT(EMU_GID) |
		BIT(EMU_EV) | BIT(EMU_HDM) | BIT(EMU_CRB) | BIT(EMU_PER),
	.nr_res = 1,
	.res_size = CPMU_BLOCK_SIZE,
	.state_size = sizeof(struct emu_cxl_cpmu),
	.no_window = true,
	.defaults = emu_cxl_defaults,
	.check = emu_cxl_check,
	.init = emu_cxl_init,
	.read = emu_cxl_read,
	.write = emu_cxl_write,
	.inject = emu_cxl_inject,
	.tick = emu_cxl_tick,
};

/* ------------------------------------------------------------------------
 * The PCI functions and their host bridge
 */

/*
 * One function: @parent is the index of the port it sits behind (-1: the
 * root bus), @bus and @slot its address as firmware left it, @type its
 * PCIe port type; @wmask the writable bits of its first 256 bytes of
 * config space (the header and the MSI capability).  A port's
 * secondary and subordinate bus numbers are @sec and @sub, its
 * prefetchable window @win_lo to @win_hi.
 *
 * @link_down: its link went down: config and memory reads return all
 * ones, writes are dropped, no message is sent; @cut: the kernel was told
 * (the function was marked disconnected and removed, as the hotplug
 * driver does on a surprise removal).  @down counts the reads and writes
 * that met a downed link, @late those of them after @cut.  @resets: the
 * Function Level Resets it went through.
 */
struct emu_cxl_fn {
	int socket;
	int parent;
	u8 bus, slot, type, sec, sub;
	u64 win_lo, win_hi;
	u8 cfg[PCI_CFG_SPACE_EXP_SIZE];
	u8 wmask[PCI_CFG_SPACE_SIZE];
	u64 bar_size;
	unsigned int ncpmu;
	struct nvu_emu_dev *cpmu[EMU_CXL_MAX_CPMUS];
	bool link_down, cut;
	atomic64_t down[2], late[2];
	unsigned int resets;
};

/*
 * One MSI vector of the bridge's irq domain, by its hardware number: the
 * CPU its interrupt is routed to, and the way a message gets there.
 */
struct emu_cxl_vec {
	irq_hw_number_t hwirq;
	unsigned int cpu;
	struct irq_work work;
	call_single_data_t csd;
};

/*
 * @cfg_lock: config space writes vs. a function sending an MSI message
 * @msi: MSI vectors a function offers, 0 for no MSI capability
 */
struct emu_cxl_host {
	struct platform_device *pdev;
	struct pci_host_bridge *bridge;
	struct resource mem;
	struct resource busn;
	struct nvu_emu_window win;
	bool win_added;
	unsigned int nfn;
	struct emu_cxl_fn fn[EMU_CXL_MAX_FNS];
	raw_spinlock_t cfg_lock;
	unsigned int msi;
	struct emu_cxl_vec vec[EMU_CXL_NR_HWIRQ];
#ifdef CONFIG_X86
	struct pci_sysdata sysdata;
#else
	struct pci_config_window sysdata;
#endif
};

static struct emu_cxl_host *emu_cxl;

/* Config space is little-endian. */
static void emu_cfg_w8(u8 *cfg, unsigned int off, u8 v)
{
	cfg[off] = v;
}

static void emu_cfg_w16(u8 *cfg, unsigned int off, u16 v)
{
	cfg[off] = v;
	cfg[off + 1] = v >> 8;
}

static void emu_cfg_w32(u8 *cfg, unsigned int off, u32 v)
{
	emu_cfg_w16(cfg, off, v);
	emu_cfg_w16(cfg, off + 2, v >> 16);
}

static u16 emu_cfg_r16(const u8 *cfg, unsigned int off)
{
	return cfg[off] | cfg[off + 1] << 8;
}

static u32 emu_cfg_r32(const u8 *cfg, unsigned int off)
{
	return emu_cfg_r16(cfg, off) | (u32)emu_cfg_r16(cfg, off + 2) << 16;
}

static u64 emu_cxl_bar0(const struct emu_cxl_fn *fn)
{
	return (emu_cfg_r32(fn->cfg, PCI_BASE_ADDRESS_0) &
		PCI_BASE_ADDRESS_MEM_MASK) |
	       (u64)emu_cfg_r32(fn->cfg, PCI_BASE_ADDRESS_1) << 32;
}

/*
 * A port's bus numbers and prefetchable 64-bit window as firmware left
 * them, and which bits the kernel may change.  The 16-bit I/O window and
 * the non-prefetchable window start disabled (base above limit).  An I/O
 * window that reads 0 would tell the kernel the port has none, but the
 * kernels we build against still read it as enabled at 0-0xfff, which
 * they cannot claim, and then refuse to enable the port for a driver.
 */
static void emu_cxl_port_config(struct emu_cxl_fn *fn)
{
	u8 *cfg = fn->cfg, *wm = fn->wmask;

	emu_cfg_w8(cfg, PCI_PRIMARY_BUS, fn->bus);
	emu_cfg_w8(cfg, PCI_SECONDARY_BUS, fn->sec);
	emu_cfg_w8(cfg, PCI_SUBORDINATE_BUS, fn->sub);
	memset(wm + PCI_PRIMARY_BUS, 0xff, 3);
	emu_cfg_w8(cfg, PCI_IO_BASE, 0xf0);
	emu_cfg_w8(wm, PCI_IO_BASE, 0xf0);
	emu_cfg_w8(wm, PCI_IO_LIMIT, 0xf0);
	emu_cfg_w16(cfg, PCI_MEMORY_BASE, 0xfff0);
	emu_cfg_w16(wm, PCI_MEMORY_BASE, 0xfff0);
	emu_cfg_w16(wm, PCI_MEMORY_LIMIT, 0xfff0);
	emu_cfg_w16(cfg, PCI_PREF_MEMORY_BASE,
		    (lower_32_bits(fn->win_lo) >> 16 & 0xfff0) |
		    PCI_PREF_RANGE_TYPE_64);
	emu_cfg_w16(cfg, PCI_PREF_MEMORY_LIMIT,
		    (lower_32_bits(fn->win_hi) >> 16 & 0xfff0) |
		    PCI_PREF_RANGE_TYPE_64);
	emu_cfg_w32(cfg, PCI_PREF_BASE_UPPER32, upper_32_bits(fn->win_lo));
	emu_cfg_w32(cfg, PCI_PREF_LIMIT_UPPER32, upper_32_bits(fn->win_hi));
	emu_cfg_w16(wm, PCI_PREF_MEMORY_BASE, 0xfff0);
	emu_cfg_w16(wm, PCI_PREF_MEMORY_LIMIT, 0xfff0);
	memset(wm + PCI_PREF_BASE_UPPER32, 0xff, 8);
	emu_cfg_w16(wm, PCI_BRIDGE_CONTROL, PCI_BRIDGE_CTL_SERR |
		    PCI_BRIDGE_CTL_BUS_RESET);
}

/*
 * An MSI capability offering @nvec vectors: 64-bit address, no per-vector
 * masking.  Enable, Multiple Message Enable, address and data are
 * writable; the Extended Message Data bits (not supported) read 0.
 */
static void emu_cxl_msi_config(struct emu_cxl_fn *fn, unsigned int nvec)
{
	u8 *cfg = fn->cfg, *wm = fn->wmask;

	emu_cfg_w8(cfg, EMU_CXL_PCIE_CAP + PCI_CAP_LIST_NEXT, EMU_CXL_MSI_CAP);
	emu_cfg_w8(cfg, EMU_CXL_MSI_CAP + PCI_CAP_LIST_ID, PCI_CAP_ID_MSI);
	emu_cfg_w16(cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS, PCI_MSI_FLAGS_64BIT |
		    FIELD_PREP(PCI_MSI_FLAGS_QMASK, ilog2(nvec)));
	emu_cfg_w16(wm, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS, PCI_MSI_FLAGS_ENABLE |
		    PCI_MSI_FLAGS_QSIZE);
	emu_cfg_w32(wm, EMU_CXL_MSI_CAP + PCI_MSI_ADDRESS_LO, ~3U);
	emu_cfg_w32(wm, EMU_CXL_MSI_CAP + PCI_MSI_ADDRESS_HI, U32_MAX);
	emu_cfg_w16(wm, EMU_CXL_MSI_CAP + PCI_MSI_DATA_64, U16_MAX);
}

/*
 * Multiple Message Enable beyond Multiple Message Capable is undefined;
 * the model holds it to Capable.
 */
static void emu_cxl_msi_clamp(struct emu_cxl_fn *fn)
{
	u16 flags = emu_cfg_r16(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS);
	unsigned int mmc = FIELD_GET(PCI_MSI_FLAGS_QMASK, flags);

	if (FIELD_GET(PCI_MSI_FLAGS_QSIZE, flags) > mmc)
		emu_cfg_w16(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS,
			    (flags & ~PCI_MSI_FLAGS_QSIZE) |
			    FIELD_PREP(PCI_MSI_FLAGS_QSIZE, mmc));
}

/*
 * Config space of @fn: header, PCIe capability, MSI capability (if the
 * model offers MSI), register locator.
 */
static void emu_cxl_fn_config(struct emu_cxl_fn *fn, phys_addr_t bar,
			      unsigned int msi)
{
	u8 *cfg = fn->cfg;
	bool port = fn->type != PCI_EXP_TYPE_ENDPOINT;
	unsigned int i, n = 0, len;
	u32 entry = CXL_DVSEC_REG_LOCATOR;

	emu_cfg_w16(cfg, PCI_VENDOR_ID, EMU_CXL_VENDOR_ID);
	emu_cfg_w16(cfg, PCI_DEVICE_ID, EMU_CXL_DEVICE_ID + fn->type);
	/* Firmware assigned the BAR, and turned decoding on unless told not. */
	emu_cfg_w16(cfg, PCI_COMMAND, cxl_decode_off ? 0 : PCI_COMMAND_MEMORY);
	emu_cfg_w16(fn->wmask, PCI_COMMAND, PCI_COMMAND_MEMORY |
		    PCI_COMMAND_MASTER);
	emu_cfg_w16(cfg, PCI_STATUS, PCI_STATUS_CAP_LIST);
	emu_cfg_w32(cfg, PCI_CLASS_REVISION,
		    (port ? EMU_CXL_PORT_CLASS : EMU_CXL_CLASS) << 8 | 1);
	emu_cfg_w8(cfg, PCI_HEADER_TYPE, port ? PCI_HEADER_TYPE_BRIDGE :
		   PCI_HEADER_TYPE_NORMAL);
	emu_cfg_w32(cfg, PCI_BASE_ADDRESS_0, lower_32_bits(bar) |
		    PCI_BASE_ADDRESS_MEM_TYPE_64 | PCI_BASE_ADDRESS_MEM_PREFETCH);
	emu_cfg_w32(cfg, PCI_BASE_ADDRESS_1, upper_32_bits(bar));
	/* BAR0 holds its size's alignment; BAR1 is its upper half. */
	emu_cfg_w32(fn->wmask, PCI_BASE_ADDRESS_0, ~(u32)(fn->bar_size - 1) &
		    PCI_BASE_ADDRESS_MEM_MASK);
	emu_cfg_w32(fn->wmask, PCI_BASE_ADDRESS_1, U32_MAX);
	emu_cfg_w8(cfg, PCI_CAPABILITY_LIST, EMU_CXL_PCIE_CAP);
	if (port)
		emu_cxl_port_config(fn);

	emu_cfg_w8(cfg, EMU_CXL_PCIE_CAP + PCI_CAP_LIST_ID, PCI_CAP_ID_EXP);
	emu_cfg_w16(cfg, EMU_CXL_PCIE_CAP + PCI_EXP_FLAGS, 2 | fn->type << 4);
	/* A memory device offers Function Level Reset (emu_cxl_flr()). */
	if (!port)
		emu_cfg_w32(cfg, EMU_CXL_PCIE_CAP + PCI_EXP_DEVCAP,
			    PCI_EXP_DEVCAP_FLR);
	if (msi)
		emu_cxl_msi_config(fn, msi);
	/* Power management: D0 and D3hot, with a soft reset on D3hot->D0. */
	emu_cfg_w8(cfg, (msi ? EMU_CXL_MSI_CAP : EMU_CXL_PCIE_CAP) +
		   PCI_CAP_LIST_NEXT, EMU_CXL_PM_CAP);
	emu_cfg_w8(cfg, EMU_CXL_PM_CAP + PCI_CAP_LIST_ID, PCI_CAP_ID_PM);
	emu_cfg_w16(cfg, EMU_CXL_PM_CAP + PCI_PM_PMC, 3);	/* version 3 */
	emu_cfg_w16(fn->wmask, EMU_CXL_PM_CAP + PCI_PM_CTRL,
		    PCI_PM_CTRL_STATE_MASK);

	/* DVSEC: extended capability header, then its two headers. */
	emu_cfg_w32(cfg, EMU_CXL_DVSEC, PCI_EXT_CAP_ID_DVSEC | 1 << 16);
	emu_cfg_w32(cfg, EMU_CXL_DVSEC + CXL_DVSEC_HDR2, entry);
	/* Entry 0: the component registers at BAR offset 0. */
	emu_cfg_w32(cfg, EMU_CXL_DVSEC + CXL_REGLOC_FIRST,
		    FIELD_PREP(CXL_REGLOC_RBI, CXL_RBI_COMPONENT));
	n++;
	for (i = 0; i < fn->ncpmu; i++, n++) {
		u64 off = (u64)(i + 1) * EMU_CXL_BLOCK_STEP;

		if (i == fn->ncpmu - 1 && nvu_emu_bad(fn->cpmu[i], "loc_outside"))
			off = fn->bar_size;
		if (i == 1 && nvu_emu_bad(fn->cpmu[i], "loc_duplicate"))
			off = EMU_CXL_BLOCK_STEP;
		emu_cfg_w32(cfg, EMU_CXL_DVSEC + CXL_REGLOC_FIRST + 8 * n,
			    FIELD_PREP(CXL_REGLOC_RBI, CXL_RBI_CPMU) |
			    lower_32_bits(off));
		emu_cfg_w32(cfg, EMU_CXL_DVSEC + CXL_REGLOC_FIRST + 8 * n + 4,
			    upper_32_bits(off));
	}
	len = CXL_REGLOC_FIRST + 8 * n;
	if (nvu_emu_bad(fn->cpmu[0], "dvsec_truncated"))
		len -= 4;
	emu_cfg_w32(cfg, EMU_CXL_DVSEC + CXL_DVSEC_HDR1,
		    CXL_DVSEC_VENDOR | FIELD_PREP(CXL_DVSEC_HDR1_LEN, len));
}

/*
 * The function a config cycle reaches: one on the root bus, or one behind
 * the port whose secondary bus number, as programmed now, is @bus's.
 */
static struct emu_cxl_fn *emu_cxl_fn_of(struct pci_bus *bus,
					unsigned int devfn)
{
	struct emu_cxl_host *h = emu_cxl;
	unsigned int i;

	if (!h || PCI_FUNC(devfn))
		return NULL;
	for (i = 0; i < h->nfn; i++) {
		struct emu_cxl_fn *fn = &h->fn[i];

		if (fn->slot != PCI_SLOT(devfn))
			continue;
		if (fn->parent < 0 ? pci_is_root_bus(bus) :
		    !pci_is_root_bus(bus) &&
		    h->fn[fn->parent].cfg[PCI_SECONDARY_BUS] == bus->number)
			return fn;
	}
	return NULL;
}

/* A config read of @fn, or of nothing where @fn is absent (NULL). */
static int emu_fn_cfg_read(const struct emu_cxl_fn *fn, int where, int size,
			   u32 *val)
{
	if (!fn || where + size > PCI_CFG_SPACE_EXP_SIZE) {
		PCI_SET_ERROR_RESPONSE(val);
		return PCIBIOS_DEVICE_NOT_FOUND;
	}
	if (size == 1)
		*val = fn->cfg[where];
	else if (size == 2)
		*val = emu_cfg_r16(fn->cfg, where);
	else
		*val = emu_cfg_r32(fn->cfg, where);
	return PCIBIOS_SUCCESSFUL;
}

static int emu_cxl_cfg_read(struct pci_bus *bus, unsigned int devfn,
			    int where, int size, u32 *val)
{
	struct emu_cxl_fn *fn = emu_cxl_fn_of(bus, devfn);

	/* A function whose link is down answers nothing. */
	if (fn && READ_ONCE(fn->link_down))
		fn = NULL;
	return emu_fn_cfg_read(fn, where, size, val);
}

/* @fn is in D3hot: its BAR decodes nothing. */
static bool emu_cxl_d3hot(const struct emu_cxl_fn *fn)
{
	return (emu_cfg_r16(fn->cfg, EMU_CXL_PM_CAP + PCI_PM_CTRL) &
		PCI_PM_CTRL_STATE_MASK) == 3;	/* D3hot */
}

/*
 * A reset of @fn (a Function Level Reset, or D3hot to D0 without No Soft
 * Reset): the registers the PCI core saves and restores around it back
 * to their reset values (memory decoding off, MSI off and unprogrammed;
 * the BAR is left where it is), and every CPMU of the function reset
 * (emu_cxl_cpmu_reset()).  The kernel is told nothing more than what it
 * asked for: a driver that does not own the function learns of it from
 * the registers alone.
 */
static void emu_cxl_flr(struct emu_cxl_fn *fn)
{
	struct emu_cxl_host *h = emu_cxl;
	unsigned long flags;
	unsigned int i;

	raw_spin_lock_irqsave(&h->cfg_lock, flags);
	emu_cfg_w16(fn->cfg, PCI_COMMAND, 0);
	if (h->msi) {
		emu_cfg_w16(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS,
			    emu_cfg_r16(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS) &
			    ~(PCI_MSI_FLAGS_ENABLE | PCI_MSI_FLAGS_QSIZE));
		emu_cfg_w32(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_ADDRESS_LO, 0);
		emu_cfg_w32(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_ADDRESS_HI, 0);
		emu_cfg_w16(fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_DATA_64, 0);
	}
	raw_spin_unlock_irqrestore(&h->cfg_lock, flags);
	for (i = 0; i < fn->ncpmu; i++)
		emu_cxl_cpmu_reset(fn->cpmu[i]);
	fn->resets++;
}

/*
 * Writes change the bits @fn->wmask names, and nothing else; Initiate
 * Function Level Reset (Device Control bit 15, which reads 0) resets a
 * memory device, and so does a return from D3hot to D0 any function (No
 * Soft Reset is 0).
 */
static int emu_cxl_cfg_write(struct pci_bus *bus, unsigned int devfn,
			     int where, int size, u32 val)
{
	struct emu_cxl_fn *fn = emu_cxl_fn_of(bus, devfn);
	int devctl_hi = EMU_CXL_PCIE_CAP + PCI_EXP_DEVCTL + 1;
	unsigned long flags;
	bool flr, d3hot;
	int i;

	if (!fn || READ_ONCE(fn->link_down))
		return PCIBIOS_DEVICE_NOT_FOUND;
	d3hot = emu_cxl_d3hot(fn);
	flr = where <= devctl_hi && where + size > devctl_hi &&
	      (val >> (8 * (devctl_hi - where))) & (PCI_EXP_DEVCTL_BCR_FLR >> 8) &&
	      emu_cfg_r32(fn->cfg, EMU_CXL_PCIE_CAP + PCI_EXP_DEVCAP) &
	      PCI_EXP_DEVCAP_FLR;
	raw_spin_lock_irqsave(&emu_cxl->cfg_lock, flags);
	for (i = 0; i < size && where + i < PCI_CFG_SPACE_SIZE; i++) {
		u8 wm = fn->wmask[where + i];

		fn->cfg[where + i] = (fn->cfg[where + i] & ~wm) |
				     ((val >> (8 * i)) & wm);
	}
	if (emu_cxl->msi)
		emu_cxl_msi_clamp(fn);
	raw_spin_unlock_irqrestore(&emu_cxl->cfg_lock, flags);
	if (flr || (d3hot && !emu_cxl_d3hot(fn)))
		emu_cxl_flr(fn);
	return PCIBIOS_SUCCESSFUL;
}

static struct pci_ops emu_cxl_pci_ops = {
	.read = emu_cxl_cfg_read,
	.write = emu_cxl_cfg_write,
};

/*
 * The CPMU at physical address @addr, by the BARs as programmed now, and
 * the function whose BAR holds it.  A function whose link is down decodes
 * nothing (@fn says which one the access met).
 */
static struct nvu_emu_dev *emu_cxl_decode(struct emu_cxl_host *h, u64 addr,
					  u32 *off, struct emu_cxl_fn **fnp)
{
	unsigned int i;

	*fnp = NULL;
	for (i = 0; i < h->nfn; i++) {
		struct emu_cxl_fn *fn = &h->fn[i];
		u64 bar = emu_cxl_bar0(fn), blk;

		if (!(emu_cfg_r16(fn->cfg, PCI_COMMAND) &
		      PCI_COMMAND_MEMORY) ||
		    addr < bar || addr - bar >= fn->bar_size)
			continue;
		/* In D3hot only config space answers. */
		if (emu_cxl_d3hot(fn))
			return NULL;
		*fnp = fn;
		blk = (addr - bar) / EMU_CXL_BLOCK_STEP;
		*off = (addr - bar) % EMU_CXL_BLOCK_STEP;
		if (READ_ONCE(fn->link_down) || !blk || blk > fn->ncpmu ||
		    *off >= CPMU_BLOCK_SIZE)
			return NULL;
		return fn->cpmu[blk - 1];
	}
	return NULL;
}

/* An access (@write or not) met @fn's downed link. */
static void emu_cxl_down_access(struct emu_cxl_fn *fn, bool write)
{
	if (!fn || !READ_ONCE(fn->link_down))
		return;
	atomic64_inc(&fn->down[write]);
	if (READ_ONCE(fn->cut))
		atomic64_inc(&fn->late[write]);
}

static u64 emu_cxl_mmio_read(void *ctx, u32 off, unsigned int size)
{
	struct emu_cxl_host *h = ctx;
	struct nvu_emu_dev *dev;
	struct emu_cxl_fn *fn;
	u32 o;

	dev = emu_cxl_decode(h, h->win.start + off, &o, &fn);
	if (!dev) {	/* nothing decodes it: all ones, as PCI reads */
		emu_cxl_down_access(fn, false);
		return size == 8 ? U64_MAX : U32_MAX;
	}
	return nvu_emu_dev_read(dev, o, size);
}

static void emu_cxl_mmio_write(void *ctx, u32 off, u64 val, unsigned int size)
{
	struct emu_cxl_host *h = ctx;
	struct nvu_emu_dev *dev;
	struct emu_cxl_fn *fn;
	u32 o;

	dev = emu_cxl_decode(h, h->win.start + off, &o, &fn);
	if (dev)
		nvu_emu_dev_write(dev, o, val, size);
	else
		emu_cxl_down_access(fn, true);
}

static const struct nvu_emu_ops emu_cxl_mmio_ops = {
	.read = emu_cxl_mmio_read,
	.write = emu_cxl_mmio_write,
};

/* ------------------------------------------------------------------------
 * MSI
 */

#ifdef NVU_HAVE_PCI_MSI_DOMAIN

static struct irq_domain *emu_cxl_msi_domain;
static struct fwnode_handle *emu_cxl_msi_fwnode;

/*
 * On the vector's CPU, in hard interrupt context: the interrupt the
 * message names, if it still has one (else it reaches no handler, as a
 * message to a freed vector would).
 */
static void emu_cxl_msi_deliver(void *data)
{
	struct emu_cxl_vec *vec = data;
	unsigned int virq = irq_find_mapping(emu_cxl_msi_domain, vec->hwirq);

	if (virq)
		generic_handle_irq_safe(virq);
}

/* Out of the model's lock: to the CPU the vector is routed to. */
static void emu_cxl_msi_fire(struct irq_work *work)
{
	struct emu_cxl_vec *vec = container_of(work, struct emu_cxl_vec, work);

	/* -EBUSY: a message is on its way already, and this one merges. */
	smp_call_function_single_async(READ_ONCE(vec->cpu), &vec->csd);
}

/* A message with data @hwirq: false if the domain has no such vector. */
static bool emu_cxl_msi_raise(struct emu_cxl_host *h, u32 hwirq)
{
	if (hwirq >= EMU_CXL_NR_HWIRQ ||
	    !irq_find_mapping(emu_cxl_msi_domain, hwirq))
		return false;
	irq_work_queue(&h->vec[hwirq].work);
	return true;
}

static void emu_cxl_msi_compose(struct irq_data *d, struct msi_msg *msg)
{
	msg->address_hi = upper_32_bits(EMU_CXL_MSI_ADDR);
	msg->address_lo = lower_32_bits(EMU_CXL_MSI_ADDR);
	msg->data = d->hwirq;
}

/* The message does not name a CPU: the model routes each vector. */
static int emu_cxl_msi_set_affinity(struct irq_data *d,
				    const struct cpumask *mask, bool force)
{
	struct emu_cxl_vec *vec = irq_data_get_irq_chip_data(d);
	unsigned int cpu = cpumask_first_and(mask, cpu_online_mask);

	/* irq_affinity_fail=1: a controller that cannot route the vector. */
	if (cpu >= nr_cpu_ids || READ_ONCE(nvu_emu_irq_affinity_fail))
		return -EINVAL;
	WRITE_ONCE(vec->cpu, cpu);
	irq_data_update_effective_affinity(d, cpumask_of(cpu));
	return IRQ_SET_MASK_OK_DONE;
}

/* An interrupt the core left pending (it came while disabled): again. */
static int emu_cxl_msi_retrigger(struct irq_data *d)
{
	struct emu_cxl_vec *vec = irq_data_get_irq_chip_data(d);

	irq_work_queue(&vec->work);
	return 1;
}

/*
 * The PCI MSI defaults add the message write, and mask and unmask, which
 * change only per-vector mask bits, which these functions do not have.
 */
static struct irq_chip emu_cxl_msi_chip = {
	.name = "nvu_emu_cxl_msi",
	.irq_compose_msi_msg = emu_cxl_msi_compose,
	.irq_set_affinity = emu_cxl_msi_set_affinity,
	.irq_retrigger = emu_cxl_msi_retrigger,
};

/*
 * Function i's vectors are hardware interrupts 32 i to 32 i + 31, so the
 * data of vector v's message, base data | v, is its hardware number.
 */
static irq_hw_number_t emu_cxl_msi_hwirq(struct msi_domain_info *info,
					 msi_alloc_info_t *arg)
{
	struct pci_dev *pdev = to_pci_dev(arg->desc->dev);
	struct emu_cxl_fn *fn = emu_cxl_fn_of(pdev->bus, pdev->devfn);

	if (!fn)
		return EMU_CXL_NR_HWIRQ;	/* emu_cxl_msi_init() refuses it */
	return (fn - emu_cxl->fn) * EMU_CXL_MSI_MAX + arg->desc->msi_index;
}

static int emu_cxl_msi_init(struct irq_domain *domain,
			    struct msi_domain_info *info, unsigned int virq,
			    irq_hw_number_t hwirq, msi_alloc_info_t *arg)
{
	struct emu_cxl_vec *vec;

	if (hwirq >= EMU_CXL_NR_HWIRQ)
		return -EINVAL;
	vec = &emu_cxl->vec[hwirq];
	WRITE_ONCE(vec->cpu, cpumask_first(cpu_online_mask));
	irq_domain_set_info(domain, virq, hwirq, info->chip, vec,
			    handle_simple_irq, NULL, NULL);
#ifdef NVU_HAVE_IRQ_MOVE_PCNTXT
	/* No interrupt controller to move it on the next interrupt. */
	irq_set_status_flags(virq, IRQ_MOVE_PCNTXT);
#endif
	return 0;
}

static struct msi_domain_ops emu_cxl_msi_ops = {
	.get_hwirq = emu_cxl_msi_hwirq,
	.msi_init = emu_cxl_msi_init,
};

static struct msi_domain_info emu_cxl_msi_info = {
	.flags = MSI_FLAG_USE_DEF_DOM_OPS | MSI_FLAG_USE_DEF_CHIP_OPS |
		 MSI_FLAG_MULTI_PCI_MSI,
	.ops = &emu_cxl_msi_ops,
	.chip = &emu_cxl_msi_chip,
};

/* The bridge's MSI domain; it has no parent: the model delivers. */
static int emu_cxl_msi_create(struct emu_cxl_host *h)
{
	unsigned int i;

	for (i = 0; i < EMU_CXL_NR_HWIRQ; i++) {
		struct emu_cxl_vec *vec = &h->vec[i];

		vec->hwirq = i;
		vec->work = IRQ_WORK_INIT_HARD(emu_cxl_msi_fire);
		INIT_CSD(&vec->csd, emu_cxl_msi_deliver, vec);
	}
	emu_cxl_msi_fwnode = irq_domain_alloc_named_fwnode("nvu_emu_cxl_msi");
	if (!emu_cxl_msi_fwnode)
		return -ENOMEM;
	emu_cxl_msi_domain = pci_msi_create_irq_domain(emu_cxl_msi_fwnode,
						       &emu_cxl_msi_info, NULL);
	if (!emu_cxl_msi_domain) {
		irq_domain_free_fwnode(emu_cxl_msi_fwnode);
		emu_cxl_msi_fwnode = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* After the functions are gone, and with them every vector. */
static void emu_cxl_msi_destroy(struct emu_cxl_host *h)
{
	unsigned int i;

	if (!emu_cxl_msi_domain)
		return;
	for (i = 0; i < EMU_CXL_NR_HWIRQ; i++)
		irq_work_sync(&h->vec[i].work);
	/*
	 * A message still on its way to another CPU: the kick follows it
	 * there, and runs no later than it, with interrupts off till it ends.
	 */
	kick_all_cpus_sync();
	synchronize_rcu();
	irq_domain_remove(emu_cxl_msi_domain);
	irq_domain_free_fwnode(emu_cxl_msi_fwnode);
	emu_cxl_msi_domain = NULL;
	emu_cxl_msi_fwnode = NULL;
}

static void emu_cxl_msi_set_dev(struct pci_dev *pdev)
{
	if (emu_cxl_msi_domain)
		dev_set_msi_domain(&pdev->dev, emu_cxl_msi_domain);
}

static unsigned int emu_cxl_msi_vectors(void)
{
	return cxl_msi;
}

#else

/* Without PCI MSI domains in the kernel, functions have no MSI at all. */
static unsigned int emu_cxl_msi_vectors(void)
{
	return 0;
}

static bool emu_cxl_msi_raise(struct emu_cxl_host *h, u32 hwirq)
{
	return false;
}

static int emu_cxl_msi_create(struct emu_cxl_host *h)
{
	return 0;
}

static void emu_cxl_msi_destroy(struct emu_cxl_host *h)
{
}

static void emu_cxl_msi_set_dev(struct pci_dev *pdev)
{
}

#endif /* NVU_HAVE_PCI_MSI_DOMAIN */

/*
 * A CPMU's overflow interrupt, under its lock: one message for vector v,
 * the CPMU's Interrupt Message Number, if MSI is enabled with more than v
 * vectors.  Its data is the programmed data with the low Multiple Message
 * Enable bits replaced by v; it interrupts if it goes to the model's
 * doorbell with the data of a vector the domain has.
 */
/* The Interrupt Message Number as CPMU_CAP reads now (cxl_msi_num_mme). */
static unsigned int emu_cxl_msi_num(const struct emu_cxl_cpmu *c)
{
	unsigned int v = FIELD_GET(CPMU_CAP_MSI_NUM, c->cap);
	u16 flags;

	if (!cxl_msi_num_mme || !c->fn || !emu_cxl->msi)
		return v;
	raw_spin_lock(&emu_cxl->cfg_lock);
	flags = emu_cfg_r16(c->fn->cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS);
	raw_spin_unlock(&emu_cxl->cfg_lock);
	return min(v, BIT(FIELD_GET(PCI_MSI_FLAGS_QSIZE, flags)) - 1);
}

static void emu_cxl_msi_send(struct emu_cxl_cpmu *c)
{
	unsigned int v = emu_cxl_msi_num(c), mme;
	struct emu_cxl_host *h = emu_cxl;
	bool sent = false;
	u16 flags, data;
	u64 addr;

	/* A CPMU has a function only while the bridge is there. */
	if (c->fn && h->msi && !READ_ONCE(c->fn->link_down)) {
		const u8 *cfg = c->fn->cfg;

		raw_spin_lock(&h->cfg_lock);
		flags = emu_cfg_r16(cfg, EMU_CXL_MSI_CAP + PCI_MSI_FLAGS);
		addr = emu_cfg_r32(cfg, EMU_CXL_MSI_CAP + PCI_MSI_ADDRESS_LO) |
		       (u64)emu_cfg_r32(cfg, EMU_CXL_MSI_CAP +
					PCI_MSI_ADDRESS_HI) << 32;
		data = emu_cfg_r16(cfg, EMU_CXL_MSI_CAP + PCI_MSI_DATA_64);
		raw_spin_unlock(&h->cfg_lock);
		mme = FIELD_GET(PCI_MSI_FLAGS_QSIZE, flags);
		if (flags & PCI_MSI_FLAGS_ENABLE && v < BIT(mme) &&
		    addr == EMU_CXL_MSI_ADDR)
			sent = emu_cxl_msi_raise(h, (data & ~(BIT(mme) - 1)) | v);
	}
	if (sent)
		c->msi_sent++;
	else
		c->msi_dropped++;
}

static int emu_cxl_msi_stat_show(struct seq_file *m, void *v)
{
	struct nvu_emu_dev *dev = m->private;
	struct emu_cxl_cpmu *c = dev->state;
	unsigned long flags;
	u64 sent, dropped;

	raw_spin_lock_irqsave(&dev->lock, flags);
	sent = c->msi_sent;
	dropped = c->msi_dropped;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	seq_printf(m, "sent %llu dropped %llu\n", sent, dropped);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(emu_cxl_msi_stat);

/* Whether model function @i is @anc or behind it. */
static bool emu_cxl_below(const struct emu_cxl_host *h, int i, int anc)
{
	for (; i >= 0; i = h->fn[i].parent) {
		if (i == anc)
			return true;
	}
	return false;
}

/* @fn's PCI device as the bus numbers are programmed now, or NULL. */
static struct pci_dev *emu_cxl_fn_pdev(struct emu_cxl_host *h,
				       const struct emu_cxl_fn *fn)
{
	u8 bus = fn->parent < 0 ? h->bridge->bus->number :
				  h->fn[fn->parent].cfg[PCI_SECONDARY_BUS];

	return pci_get_domain_bus_and_slot(pci_domain_nr(h->bridge->bus), bus,
					   PCI_DEVFN(fn->slot, 0));
}

/* What the PCI core's pci_dev_set_disconnected() does, which is private. */
static int emu_cxl_disconnect(struct pci_dev *pdev, void *unused)
{
	WRITE_ONCE(pdev->error_state, pci_channel_io_perm_failure);
	return 0;
}

static DEFINE_MUTEX(emu_cxl_link_lock);

static int emu_cxl_link_show(struct seq_file *m, void *v)
{
	struct emu_cxl_fn *fn = m->private;

	seq_printf(m, "%s\nreads %lld\nwrites %lld\nlate_reads %lld\nlate_writes %lld\nresets %u\n",
		   READ_ONCE(fn->link_down) ? "down" : "up",
		   atomic64_read(&fn->down[0]), atomic64_read(&fn->down[1]),
		   atomic64_read(&fn->late[0]), atomic64_read(&fn->late[1]),
		   READ_ONCE(fn->resets));
	return 0;
}

static int emu_cxl_link_open(struct inode *inode, struct file *file)
{
	return single_open(file, emu_cxl_link_show, inode->i_private);
}

/*
 * "link", in the directory of each CPMU, for its function: "down" takes
 * the link down (and with it everything behind a port) without telling
 * the kernel; "surprise" does that, then, as the PCIe hotplug driver does
 * when a card is pulled, marks the functions disconnected and removes
 * them; "up" brings the link back, for a rescan.  Reading it gives the
 * state, the reads and writes that met the downed link, and those of them
 * made after the functions were marked disconnected ("late").
 */
static ssize_t emu_cxl_link_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	struct emu_cxl_fn *fn = file_inode(file)->i_private;
	struct emu_cxl_host *h = emu_cxl;
	int self = fn - h->fn, i;
	struct pci_dev *pdev;
	char buf[16], *cmd;
	bool down;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = 0;
	cmd = strim(buf);
	if (!strcmp(cmd, "up"))
		down = false;
	else if (!strcmp(cmd, "down") || !strcmp(cmd, "surprise"))
		down = true;
	else
		return -EINVAL;
	for (i = 0; i < h->nfn; i++) {
		if (!emu_cxl_below(h, i, self))
			continue;
		if (down && !h->fn[i].link_down) {
			atomic64_set(&h->fn[i].down[0], 0);
			atomic64_set(&h->fn[i].down[1], 0);
			atomic64_set(&h->fn[i].late[0], 0);
			atomic64_set(&h->fn[i].late[1], 0);
		}
		WRITE_ONCE(h->fn[i].cut, false);
		WRITE_ONCE(h->fn[i].link_down, down);
	}
	if (strcmp(cmd, "surprise") || !h->bridge)
		return len;

	/* One removal at a time: another writer finds the function gone. */
	mutex_lock(&emu_cxl_link_lock);
	pci_lock_rescan_remove();
	pdev = emu_cxl_fn_pdev(h, fn);
	pci_unlock_rescan_remove();
	if (!pdev) {
		mutex_unlock(&emu_cxl_link_lock);
		return len;
	}
	emu_cxl_disconnect(pdev, NULL);
	if (pdev->subordinate)
		pci_walk_bus(pdev->subordinate, emu_cxl_disconnect, NULL);
	/*
	 * A driver that checks for the mark before each access, with
	 * interrupts off, has finished every access that began before it.
	 */
	synchronize_rcu();
	for (i = 0; i < h->nfn; i++) {
		if (emu_cxl_below(h, i, self))
			WRITE_ONCE(h->fn[i].cut, true);
	}
	pci_stop_and_remove_bus_device_locked(pdev);
	pci_dev_put(pdev);
	mutex_unlock(&emu_cxl_link_lock);
	return len;
}

static const struct file_operations emu_cxl_link_fops = {
	.owner = THIS_MODULE,
	.open = emu_cxl_link_open,
	.read = seq_read,
	.write = emu_cxl_link_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* @dev's interrupts go out through @fn's MSI capability (NULL: nowhere). */
static void emu_cxl_cpmu_attach(struct nvu_emu_dev *dev, struct emu_cxl_fn *fn)
{
	struct emu_cxl_cpmu *c = dev->state;
	unsigned long flags;

	raw_spin_lock_irqsave(&dev->lock, flags);
	c->fn = fn;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
}

/* No driver binds a model function: the drivers under test only look. */
static void emu_pci_keep_off(struct pci_dev *pdev)
{
#ifdef NVU_HAVE_DEVICE_SET_DRIVER_OVERRIDE
	device_set_driver_override(&pdev->dev, "nvu_emu_none");
#else
	if (!pdev->driver_override)
		pdev->driver_override = kstrdup("nvu_emu_none", GFP_KERNEL);
#endif
}

/*
 * Each function gets its socket's node, also when a rescan adds it again,
 * and no driver.
 */
static int emu_cxl_pci_notify(struct notifier_block *nb, unsigned long action,
			      void *data)
{
	struct pci_dev *pdev = to_pci_dev(data);
	struct emu_cxl_fn *fn;

	if (action != BUS_NOTIFY_ADD_DEVICE || !emu_cxl || !emu_cxl->bridge ||
	    pci_find_host_bridge(pdev->bus) != emu_cxl->bridge)
		return NOTIFY_DONE;
	fn = emu_cxl_fn_of(pdev->bus, pdev->devfn);
	if (fn) {
		set_dev_node(&pdev->dev, fn->socket);
		/* Whatever domain the PCI core found, the bridge's is this. */
		emu_cxl_msi_set_dev(pdev);
	}
	emu_pci_keep_off(pdev);
	return NOTIFY_DONE;
}

static struct notifier_block emu_cxl_pci_nb = {
	.notifier_call = emu_cxl_pci_notify,
};

/*
 * A host bridge of the model in PCI domain @domain, below @parent, with
 * config space behind @ops and the windows @mem (if any) and @busn, its
 * devices scanned and added.  *@slot points to it from before the scan
 * (the config ops and bus notifiers look at it) until a failure.
 */
static int emu_pci_host_add(struct pci_host_bridge **slot,
			    struct device *parent, struct pci_ops *ops,
			    void *sysdata, int domain, struct resource *mem,
			    struct resource *busn)
{
	struct pci_host_bridge *bridge;
	int ret;

	bridge = pci_alloc_host_bridge(0);
	if (!bridge)
		return -ENOMEM;
#ifdef CONFIG_X86
	((struct pci_sysdata *)sysdata)->domain = domain;
	((struct pci_sysdata *)sysdata)->node = NUMA_NO_NODE;
#endif
	bridge->sysdata = sysdata;
	bridge->dev.parent = parent;
	bridge->ops = ops;
	bridge->busnr = busn->start;
#ifdef CONFIG_PCI_DOMAINS_GENERIC
	bridge->domain_nr = domain;
#endif
	if (mem)
		pci_add_resource(&bridge->windows, mem);
	pci_add_resource(&bridge->windows, busn);

	pci_lock_rescan_remove();
	*slot = bridge;
	ret = pci_scan_root_bus_bridge(bridge);
	if (ret) {
		*slot = NULL;
		pci_unlock_rescan_remove();
		pci_free_host_bridge(bridge);
		return ret;
	}
	pci_bus_claim_resources(bridge->bus);
	pci_bus_add_devices(bridge->bus);
	pci_unlock_rescan_remove();
	return 0;
}

/* Remove a host bridge of emu_pci_host_add() and everything below it. */
static void emu_pci_host_del(struct pci_host_bridge *bridge)
{
	pci_lock_rescan_remove();
	pci_stop_root_bus(bridge->bus);
	pci_remove_root_bus(bridge->bus);
	pci_unlock_rescan_remove();
	/* Removing the bus left the bridge's own reference. */
	pci_free_host_bridge(bridge);
}

static int emu_cxl_bridge(struct emu_cxl_host *h)
{
	return emu_pci_host_add(&h->bridge, &h->pdev->dev, &emu_cxl_pci_ops,
				&h->sysdata, EMU_CXL_DOMAIN, &h->mem, &h->busn);
}

/*
 * Where each function sits, in BAR order: the cxl_fns memory devices on
 * the root bus (slot i, socket i % @sockets), then the switch on the
 * next socket: its upstream port in the next slot, downstream port k at
 * slot k of bus 1, and behind it a memory device on bus 2 + k.  A port's
 * window is the BARs of everything behind it, which follow it.
 */
static void emu_cxl_layout(struct emu_cxl_host *h, unsigned int sockets,
			   phys_addr_t base, u64 bar_size)
{
	unsigned int i, usp = cxl_fns, n = cxl_switch;

	for (i = 0; i < h->nfn; i++) {
		struct emu_cxl_fn *fn = &h->fn[i];

		fn->bar_size = bar_size;
		fn->parent = -1;
		fn->type = PCI_EXP_TYPE_ENDPOINT;
		fn->socket = min(i, usp) % sockets;
		if (i <= usp) {
			fn->slot = i;
		} else if (i <= usp + n) {
			fn->parent = usp;
			fn->bus = 1;
			fn->slot = i - usp - 1;
		} else {
			fn->parent = i - n;
			fn->bus = 2 + i - usp - 1 - n;
		}
	}
	if (!n)
		return;
	h->fn[usp].type = PCI_EXP_TYPE_UPSTREAM;
	h->fn[usp].sec = 1;
	h->fn[usp].sub = 1 + n;
	h->fn[usp].win_lo = base + (usp + 1) * bar_size;
	h->fn[usp].win_hi = base + h->nfn * bar_size - 1;
	for (i = usp + 1; i <= usp + n; i++) {
		struct emu_cxl_fn *fn = &h->fn[i];

		fn->type = PCI_EXP_TYPE_DOWNSTREAM;
		fn->sec = h->fn[i + n].bus;
		fn->sub = fn->sec;
		fn->win_lo = base + (i + n) * bar_size;
		fn->win_hi = fn->win_lo + bar_size - 1;
	}
}

/**
 * nvu_emu_cxl_create() - the CXL functions the parameters ask for
 * @sockets: emulated sockets; memory device i on the root bus is on
 *	socket i % @sockets, the switch on the socket after the last
 */
int nvu_emu_cxl_create(unsigned int sockets)
{
	struct emu_cxl_host *h;
	unsigned int i, j, nfn;
	phys_addr_t base;
	u64 bar_size;
	int ret;

	nfn = cxl_fns + (cxl_switch ? 1 + 2 * cxl_switch : 0);
	if (!nfn)
		return 0;
	if (nfn > EMU_CXL_MAX_FNS || cxl_switch > 3 || !cxl_cpmus ||
	    cxl_cpmus > EMU_CXL_MAX_CPMUS || !cxl_width || cxl_width > 64 ||
	    cxl_fixed > 2 || cxl_free > 1 ||
	    cxl_fixed + cxl_free + cxl_config > CPMU_MAX_COUNTERS ||
	    cxl_fixed + cxl_free + cxl_config == 0 || cxl_filters > 3 ||
	    cxl_hdm_mode > 1 || cxl_msi > EMU_CXL_MSI_MAX ||
	    (cxl_msi && !is_power_of_2(cxl_msi)) || cxl_msi_num > 15)
		return -EINVAL;

	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	emu_cxl = h;
	raw_spin_lock_init(&h->cfg_lock);
	h->msi = emu_cxl_msi_vectors();
	bar_size = roundup_pow_of_two((cxl_cpmus + 1) * EMU_CXL_BLOCK_STEP);
	/* A bridge window has a 1 MiB granule. */
	if (cxl_switch)
		bar_size = max_t(u64, bar_size, SZ_1M);
	base = nvu_emu_alloc_phys(bar_size * nfn, bar_size);
	h->mem.name = "nvu_emu CXL";
	h->mem.start = base;
	h->mem.end = base + bar_size * nfn - 1;
	h->mem.flags = IORESOURCE_MEM;
	h->busn.name = "nvu_emu CXL bus";
	h->busn.flags = IORESOURCE_BUS;
	ret = insert_resource(&iomem_resource, &h->mem);
	if (ret)
		goto err;

	h->nfn = nfn;
	emu_cxl_layout(h, sockets, base, bar_size);
	for (i = 0; i < nfn; i++) {
		struct emu_cxl_fn *fn = &h->fn[i];

		for (j = 0; j < cxl_cpmus; j++) {
			char name[48];

			snprintf(name, sizeof(name),
				 "cxl_pmu_pci%04x_%02x_%02x_0.%u",
				 EMU_CXL_DOMAIN, fn->bus, fn->slot, j);
			ret = __nvu_emu_dev_create(&nvu_emu_cxl, name,
						   fn->socket, j, NULL, -1);
			if (ret)
				goto err;
			fn->cpmu[fn->ncpmu] = nvu_emu_dev_find(name);
			debugfs_create_file("msi", 0444, fn->cpmu[fn->ncpmu]->dir,
					    fn->cpmu[fn->ncpmu], &emu_cxl_msi_stat_fops);
			debugfs_create_file("link", 0644, fn->cpmu[fn->ncpmu]->dir,
					    fn, &emu_cxl_link_fops);
			emu_cxl_cpmu_attach(fn->cpmu[fn->ncpmu++], fn);
		}
		emu_cxl_fn_config(fn, base + i * bar_size, h->msi);
	}

	h->win.start = base;
	h->win.size = bar_size * nfn;
	h->win.ops = &emu_cxl_mmio_ops;
	h->win.ctx = h;
	h->win.owner = THIS_MODULE;
	nvu_emu_window_add(&h->win);
	h->win_added = true;

	h->pdev = platform_device_register_simple("nvu_emu_cxl_host", -1,
						  NULL, 0);
	if (IS_ERR(h->pdev)) {
		ret = PTR_ERR(h->pdev);
		h->pdev = NULL;
		goto err;
	}
	if (h->msi) {
		ret = emu_cxl_msi_create(h);
		if (ret)
			goto err;
	}
	ret = bus_register_notifier(&pci_bus_type, &emu_cxl_pci_nb);
	if (ret)
		goto err;
	ret = emu_cxl_bridge(h);
	if (ret)
		goto err;
	return 0;
err:
	nvu_emu_cxl_destroy();
	return ret;
}

/* Remove the bridge (the CPMU model devices go with the others). */
void nvu_emu_cxl_destroy(void)
{
	struct emu_cxl_host *h = emu_cxl;
	unsigned int i, j;

	if (!h)
		return;
	/* An owner still bound is unbound here, and frees its vectors. */
	if (h->bridge)
		emu_pci_host_del(h->bridge);
	/* No CPMU sends a message from here on. */
	for (i = 0; i < h->nfn; i++)
		for (j = 0; j < h->fn[i].ncpmu; j++)
			emu_cxl_cpmu_attach(h->fn[i].cpmu[j], NULL);
	emu_cxl_msi_destroy(h);
	if (h->pdev) {
		bus_unregister_notifier(&pci_bus_type, &emu_cxl_pci_nb);
		platform_device_unregister(h->pdev);
	}
	if (h->win_added)
		nvu_emu_window_del(&h->win);
	if (h->mem.parent)
		release_resource(&h->mem);
	emu_cxl = NULL;
	kfree(h);
}

/* ------------------------------------------------------------------------
 * A Tegra410 PCIe root port
 */

/*
 * On Tegra410 each RC is a PCI segment of its own (socket 0: segments 1-6
 * for RC 0-5; socket 1: 9-14), and every root port carries the NVIDIA
 * DVSEC that names its bus, segment, index, RC and socket.  The model
 * adds one such port, alone in its RC's segment, for the drivers'
 * "root_ports" to find.
 */
static unsigned int pcie_root_port[3];
static unsigned int pcie_root_port_n;
module_param_array(pcie_root_port, uint, &pcie_root_port_n, 0444);
MODULE_PARM_DESC(pcie_root_port,
		 "socket,rc,rp: add a PCIe root port whose NVIDIA DVSEC names it root port rp (one pcie_rp_mask gives the RC) of RC rc of socket; it sits alone at bus 0x20*rp of PCI segment 8*socket+rc+1 (default: none)");

#define EMU_RP_DVSEC_LEN	0x14	/* the fields end at 0x10 */

/*
 * @fn: the port (its header and PCIe capability as a switch port's, no
 * BAR, no MSI)
 * @busn: its root bus and its empty secondary bus
 */
static struct emu_rp_host {
	struct pci_host_bridge *bridge;
	struct emu_cxl_fn fn;
	struct resource busn;
#ifdef CONFIG_X86
	struct pci_sysdata sysdata;
#else
	struct pci_config_window sysdata;
#endif
} *emu_rp;

/* The port answers on its root bus, device 0 function 0, and nothing else. */
static struct emu_cxl_fn *emu_rp_fn_of(struct pci_bus *bus,
				       unsigned int devfn)
{
	if (!emu_rp || !pci_is_root_bus(bus) || devfn)
		return NULL;
	return &emu_rp->fn;
}

static int emu_rp_cfg_read(struct pci_bus *bus, unsigned int devfn,
			   int where, int size, u32 *val)
{
	return emu_fn_cfg_read(emu_rp_fn_of(bus, devfn), where, size, val);
}

/* Writes change the bits @fn->wmask names (the PCI core serializes them). */
static int emu_rp_cfg_write(struct pci_bus *bus, unsigned int devfn,
			    int where, int size, u32 val)
{
	struct emu_cxl_fn *fn = emu_rp_fn_of(bus, devfn);
	int i;

	if (!fn)
		return PCIBIOS_DEVICE_NOT_FOUND;
	for (i = 0; i < size && where + i < PCI_CFG_SPACE_SIZE; i++) {
		u8 wm = fn->wmask[where + i];

		fn->cfg[where + i] = (fn->cfg[where + i] & ~wm) |
				     ((val >> (8 * i)) & wm);
	}
	return PCIBIOS_SUCCESSFUL;
}

static struct pci_ops emu_rp_pci_ops = {
	.read = emu_rp_cfg_read,
	.write = emu_rp_cfg_write,
};

/*
 * Config space: a PCI-to-PCI bridge header with bus numbers and no
 * window, a PCIe capability (root port), and the NVIDIA DVSEC.
 */
static void emu_rp_config(struct emu_cxl_fn *fn, u8 segment, u8 rc, u8 rp)
{
	u8 *cfg = fn->cfg;

	emu_cfg_w16(cfg, PCI_VENDOR_ID, EMU_CXL_VENDOR_ID);
	emu_cfg_w16(cfg, PCI_DEVICE_ID, EMU_CXL_DEVICE_ID + fn->type);
	emu_cfg_w16(fn->wmask, PCI_COMMAND, PCI_COMMAND_MEMORY |
		    PCI_COMMAND_MASTER);
	emu_cfg_w16(cfg, PCI_STATUS, PCI_STATUS_CAP_LIST);
	emu_cfg_w32(cfg, PCI_CLASS_REVISION, EMU_CXL_PORT_CLASS << 8 | 1);
	emu_cfg_w8(cfg, PCI_HEADER_TYPE, PCI_HEADER_TYPE_BRIDGE);
	emu_cfg_w8(cfg, PCI_CAPABILITY_LIST, EMU_CXL_PCIE_CAP);
	/* No prefetchable window either: base above limit. */
	fn->win_lo = SZ_1M;
	fn->win_hi = 0;
	emu_cxl_port_config(fn);
	emu_cfg_w8(cfg, EMU_CXL_PCIE_CAP + PCI_CAP_LIST_ID, PCI_CAP_ID_EXP);
	emu_cfg_w16(cfg, EMU_CXL_PCIE_CAP + PCI_EXP_FLAGS, 2 | fn->type << 4);

	emu_cfg_w32(cfg, EMU_CXL_DVSEC, PCI_EXT_CAP_ID_DVSEC | 1 << 16);
	emu_cfg_w32(cfg, EMU_CXL_DVSEC + PCI_DVSEC_HEADER1, T410_DVSEC_VENDOR |
		    EMU_RP_DVSEC_LEN << 20);
	emu_cfg_w16(cfg, EMU_CXL_DVSEC + PCI_DVSEC_HEADER2, T410_DVSEC_ID);
	emu_cfg_w8(cfg, EMU_CXL_DVSEC + T410_DVSEC_BUS, fn->bus);
	emu_cfg_w8(cfg, EMU_CXL_DVSEC + T410_DVSEC_SEGMENT, segment);
	emu_cfg_w8(cfg, EMU_CXL_DVSEC + T410_DVSEC_RP, rp);
	emu_cfg_w8(cfg, EMU_CXL_DVSEC + T410_DVSEC_RC, rc);
	emu_cfg_w8(cfg, EMU_CXL_DVSEC + T410_DVSEC_SOCKET, fn->socket);
}

/* The port gets its socket's node, and no driver (pcieport would bind). */
static int emu_rp_pci_notify(struct notifier_block *nb, unsigned long action,
			     void *data)
{
	struct pci_dev *pdev = to_pci_dev(data);

	if (action != BUS_NOTIFY_ADD_DEVICE || !emu_rp || !emu_rp->bridge ||
	    pci_find_host_bridge(pdev->bus) != emu_rp->bridge)
		return NOTIFY_DONE;
	if (emu_rp_fn_of(pdev->bus, pdev->devfn))
		set_dev_node(&pdev->dev, emu_rp->fn.socket);
	emu_pci_keep_off(pdev);
	return NOTIFY_DONE;
}

static struct notifier_block emu_rp_pci_nb = {
	.notifier_call = emu_rp_pci_notify,
};

/**
 * nvu_emu_t410_rp_create() - the root port pcie_root_port asks for
 * @sockets: emulated sockets
 */
int nvu_emu_t410_rp_create(unsigned int sockets)
{
	unsigned int socket = pcie_root_port[0], rc = pcie_root_port[1];
	unsigned int rp = pcie_root_port[2], segment = 8 * socket + rc + 1;
	struct emu_rp_host *h;
	int ret;

	if (!pcie_root_port_n)
		return 0;
	if (pcie_root_port_n != 3 || socket >= sockets ||
	    !nvu_emu_pcie_has_rp(socket, rc, rp))
		return -EINVAL;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->fn.socket = socket;
	h->fn.type = PCI_EXP_TYPE_ROOT_PORT;
	h->fn.bus = 0x20 * rp;
	h->fn.sec = h->fn.bus + 1;
	h->fn.sub = h->fn.sec;
	h->busn.name = "nvu_emu Tegra410 root port bus";
	h->busn.start = h->fn.bus;
	h->busn.end = h->fn.sub;
	h->busn.flags = IORESOURCE_BUS;
	emu_rp_config(&h->fn, segment, rc, rp);
	emu_rp = h;

	ret = bus_register_notifier(&pci_bus_type, &emu_rp_pci_nb);
	if (ret)
		goto err_free;
	ret = emu_pci_host_add(&h->bridge, NULL, &emu_rp_pci_ops, &h->sysdata,
			       segment, NULL, &h->busn);
	if (ret)
		goto err_notifier;
	return 0;
err_notifier:
	bus_unregister_notifier(&pci_bus_type, &emu_rp_pci_nb);
err_free:
	emu_rp = NULL;
	kfree(h);
	return ret;
}

void nvu_emu_t410_rp_destroy(void)
{
	struct emu_rp_host *h = emu_rp;

	if (!h)
		return;
	emu_pci_host_del(h->bridge);
	bus_unregister_notifier(&pci_bus_type, &emu_rp_pci_nb);
	emu_rp = NULL;
	kfree(h);
}

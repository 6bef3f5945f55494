// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Tegra410 UCF, a CoreSight PMU architecture block (ARM IHI 0091)
 * with NVIDIA's UCF events and source/destination filter.
 *
 * Single page: page-1 registers live in page 0.  Counter count and width are
 * unknown for real silicon [U]; they are the ucf_counters and ucf_width
 * module parameters.  Whether real silicon has an overflow interrupt is
 * unknown too [U]: ucf_irq gives the model one.
 */

#include "emu.h"
#include "nvu_t410_regs.h"

/* What a non-atomic 64-bit counter read returns in the model. */
#define EMU_UCF_TORN	0xdeadbeefdeadbeefULL

struct emu_ucf {
	unsigned int nctr;	/* event counters, cycle counter excluded */
	unsigned int width;
	bool atomic64;		/* the APMT flag the model advertises */
	u32 pmcr, cnten, inten, ovs;
	u32 evtyper[32];	/* [31] is PMCCFILTR */
	u32 filtr[32];
	u32 filt2r[32];
	u64 cntr[32];		/* [31] is PMCCNTR */
};

static void emu_ucf_init(struct nvu_emu_dev *dev)
{
	struct emu_ucf *u = dev->state;

	u->nctr = nvu_emu_ucf_counters;
	u->width = nvu_emu_ucf_width;
	u->atomic64 = nvu_emu_ucf_atomic64;
}

static bool emu_ucf_wide(const struct emu_ucf *u)
{
	return u->width > 32;
}

static void emu_ucf_count(struct emu_ucf *u, unsigned int n, u64 amount)
{
	if (amount && nvu_emu_add(&u->cntr[n], amount, u->width))
		u->ovs |= BIT(n);
}

/* The per-counter type and filter registers: their storage, or NULL. */
static u32 *emu_ucf_array_reg(struct emu_ucf *u, u32 off)
{
	if (off >= CSPMU_PMEVTYPER(0) && off <= CSPMU_PMCCFILTR)
		return &u->evtyper[(off - CSPMU_PMEVTYPER(0)) / 4];
	if (off >= CSPMU_PMEVFILT2R(0) && off < CSPMU_PMEVFILT2R(32))
		return &u->filt2r[(off - CSPMU_PMEVFILT2R(0)) / 4];
	if (off >= CSPMU_PMEVFILTR(0) && off < CSPMU_PMEVFILTR(32))
		return &u->filtr[(off - CSPMU_PMEVFILTR(0)) / 4];
	return NULL;
}

static u64 emu_ucf_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	struct emu_ucf *u = dev->state;
	unsigned int stride = emu_ucf_wide(u) ? 8 : 4;
	u32 *reg = emu_ucf_array_reg(u, off);

	if (reg)
		return *reg;
	if (off < 32 * stride) {
		u64 v = u->cntr[off / stride];

		/* A 32-bit access to the high half of a 64-bit counter. */
		if (stride == 8 && size == 4)
			return off % 8 ? v >> 32 : (u32)v;
		/*
		 * Without the APMT atomic flag a 64-bit access is not
		 * single-copy atomic: model it as returning garbage.
		 */
		if (size == 8 && !u->atomic64)
			return EMU_UCF_TORN;
		return v;
	}

	switch (off) {
	case CSPMU_PMCNTENSET:
	case CSPMU_PMCNTENCLR:
		return u->cnten;
	case CSPMU_PMINTENSET:
	case CSPMU_PMINTENCLR:
		return u->inten;
	case CSPMU_PMOVSCLR:
	case CSPMU_PMOVSSET:
		return u->ovs;
	case CSPMU_PMCFGR:
		return FIELD_PREP(CSPMU_PMCFGR_N, u->nctr) |
		       FIELD_PREP(CSPMU_PMCFGR_SIZE, u->width - 1) |
		       CSPMU_PMCFGR_CC;
	case CSPMU_PMCR:
		return u->pmcr & CSPMU_PMCR_E;
	case CSPMU_PMIIDR:
		/* Architecturally allowed: software then uses PMPIDR. */
		return nvu_emu_ucf_pmiidr_zero ? 0 : T410_PMIIDR_UCF;
	case CSPMU_PMPIDR0:
		return FIELD_GET(CSPMU_PMIIDR_PRODUCTID, T410_PMIIDR_UCF) & 0xff;
	case CSPMU_PMPIDR1:
		return (FIELD_GET(CSPMU_PMIIDR_PRODUCTID, T410_PMIIDR_UCF) >> 8) |
		       (FIELD_GET(CSPMU_PMIIDR_IMPLEMENTER, T410_PMIIDR_UCF) & 0xf) << 4;
	case CSPMU_PMPIDR2:
		return FIELD_GET(CSPMU_PMIIDR_VARIANT, T410_PMIIDR_UCF) << 4 |
		       ((FIELD_GET(CSPMU_PMIIDR_IMPLEMENTER, T410_PMIIDR_UCF) >> 4) & 0x7);
	case CSPMU_PMPIDR3:
		return FIELD_GET(CSPMU_PMIIDR_REVISION, T410_PMIIDR_UCF) << 4;
	case CSPMU_PMPIDR4:
		return FIELD_GET(CSPMU_PMIIDR_IMPLEMENTER, T410_PMIIDR_UCF) >> 8;
	default:
		return 0;
	}
}

static void emu_ucf_write(struct nvu_emu_dev *dev, u32 off, u64 val,
			  unsigned int size)
{
	struct emu_ucf *u = dev->state;
	unsigned int stride = emu_ucf_wide(u) ? 8 : 4;
	u64 mask = u->width >= 64 ? U64_MAX : BIT_ULL(u->width) - 1;
	u32 *reg = emu_ucf_array_reg(u, off);

	if (reg) {
		*reg = val;
		return;
	}
	if (off < 32 * stride) {
		u64 *c = &u->cntr[off / stride];

		if (stride == 8 && size == 4) {
			if (off % 8)
				*c = (*c & U32_MAX) | val << 32;
			else
				*c = (*c & ~(u64)U32_MAX) | (u32)val;
		} else {
			*c = val;
		}
		*c &= mask;
		return;
	}

	switch (off) {
	case CSPMU_PMCNTENSET:
		u->cnten |= val;
		break;
	case CSPMU_PMCNTENCLR:
		u->cnten &= ~val;
		break;
	case CSPMU_PMINTENSET:
		u->inten |= val;
		break;
	case CSPMU_PMINTENCLR:
		u->inten &= ~val;
		break;
	case CSPMU_PMOVSCLR:
		u->ovs &= ~val;
		break;
	case CSPMU_PMOVSSET:
		u->ovs |= val;
		break;
	case CSPMU_PMCR:
		u->pmcr = val & CSPMU_PMCR_E;
		if (val & CSPMU_PMCR_P)
			memset(u->cntr, 0, sizeof(u->cntr[0]) * 31);
		if (val & CSPMU_PMCR_C)
			u->cntr[CSPMU_CYCLE_CNTR_IDX] = 0;
		break;
	default:
		break;
	}
}

/*
 * How much event @evt counts for the batch @t.  Model rules: data moves on
 * rd/wr; a miss refills and allocates in the SLC and reaches memory; a
 * write-back (wb) leaves the SLC for memory.
 */
static u64 emu_ucf_amount(u32 evt, const struct nvu_emu_txn *t)
{
	u64 n = t->v[EMU_COUNT], bytes = n * t->v[EMU_BYTES];
	u64 op = t->v[EMU_OP];
	bool rd = op == EMU_OP_RD, wr = op == EMU_OP_WR;
	bool miss = t->v[EMU_SLC] == EMU_SLC_MISS;
	bool mem_rd = rd && miss, mem_wr = (wr && miss) || op == EMU_OP_WB;

	switch (evt) {
	case T410_UCF_SLC_ACCESS_RD:
		return rd ? n : 0;
	case T410_UCF_SLC_ACCESS_WR:
		return wr ? n : 0;
	case T410_UCF_SLC_BYTES_RD:
		return rd ? bytes : 0;
	case T410_UCF_SLC_BYTES_WR:
		return wr ? bytes : 0;
	case T410_UCF_SLC_HIT_RD:
		return rd && !miss ? n : 0;
	case T410_UCF_SLC_REFILL_RD:
		return rd && miss ? n : 0;
	case T410_UCF_SLC_REFILL_WR:
		return wr && miss ? n : 0;
	case T410_UCF_SLC_ALLOCATE:
		return (rd || wr) && miss ? n : 0;
	case T410_UCF_SLC_WB:
		return op == EMU_OP_WB ? n : 0;
	case T410_UCF_MEM_ACCESS_RD:
		return mem_rd ? n : 0;
	case T410_UCF_MEM_ACCESS_WR:
		return mem_wr ? n : 0;
	case T410_UCF_MEM_BYTES_RD:
		return mem_rd ? bytes : 0;
	case T410_UCF_MEM_BYTES_WR:
		return mem_wr ? bytes : 0;
	case T410_UCF_LOCAL_SNOOP:
		return op == EMU_OP_SNOOP ? n : 0;
	case T410_UCF_EXT_SNP_ACCESS:
		return op == EMU_OP_EXT_SNP ? n : 0;
	case T410_UCF_EXT_SNP_EVICT:
		return op == EMU_OP_EXT_EVICT ? n : 0;
	case T410_UCF_SLC_ACCESS_DATALESS:
		return op == EMU_OP_DATALESS ? n : 0;
	case T410_UCF_SLC_ACCESS_ATOMIC:
		return op == EMU_OP_ATOMIC ? n : 0;
	default:
		return 0;
	}
}

/* PMEVFILTR as the hardware applies it: the source and destination bits. */
static bool emu_ucf_filter_hit(u32 filtr, const struct nvu_emu_txn *t)
{
	return (filtr & BIT(t->v[EMU_SRC])) &&
	       (filtr & BIT(8 + t->v[EMU_DST]));
}

static void emu_ucf_inject(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t)
{
	struct emu_ucf *u = dev->state;
	unsigned int n;

	if (!(u->pmcr & CSPMU_PMCR_E))
		return;
	for (n = 0; n < u->nctr; n++) {
		if ((u->cnten & BIT(n)) && emu_ucf_filter_hit(u->filtr[n], t))
			emu_ucf_count(u, n, emu_ucf_amount(u->evtyper[n], t));
	}
}

static void emu_ucf_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	struct emu_ucf *u = dev->state;
	unsigned int n;

	if (!(u->pmcr & CSPMU_PMCR_E))
		return;
	if (u->cnten & BIT(CSPMU_CYCLE_CNTR_IDX))
		emu_ucf_count(u, CSPMU_CYCLE_CNTR_IDX, cycles);
	for (n = 0; n < u->nctr; n++) {
		if ((u->cnten & BIT(n)) &&
		    u->evtyper[n] == T410_UCF_BUS_CYCLES)
			emu_ucf_count(u, n, cycles);
	}
}

/* The line is asserted while an enabled interrupt's counter overflowed. */
static bool emu_ucf_irq_level(struct nvu_emu_dev *dev)
{
	struct emu_ucf *u = dev->state;

	return u->ovs & u->inten;
}

const struct nvu_emu_type nvu_emu_ucf = {
	.kind = "ucf",
	.keys = BIT(EMU_COUNT) | BIT(EMU_OP) | BIT(EMU_SRC) | BIT(EMU_DST) |
		BIT(EMU_BYTES) | BIT(EMU_SLC) | BIT(EMU_CYCLES),
	.nr_res = 1,
	.res_size = CSPMU_PAGE_SIZE,
	.state_size = sizeof(struct emu_ucf),
	.pdev_name = "arm-cs-arch-pmu",
	.init = emu_ucf_init,
	.read = emu_ucf_read,
	.write = emu_ucf_write,
	.inject = emu_ucf_inject,
	.tick = emu_ucf_tick,
	.irq_level = emu_ucf_irq_level,
};

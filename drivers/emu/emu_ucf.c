// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Tegra410 UCF, a CoreSight PMU architecture block (emu_cspmu.c)
 * with NVIDIA's UCF events and source/destination filter.
 *
 * Counter count and width are unknown for real silicon [U]; they are the
 * ucf_counters and ucf_width module parameters.  Whether real silicon has
 * an overflow interrupt is unknown too [U]: ucf_irq gives the model one.
 */

#include "emu.h"
#include "nvu_t410_regs.h"

static void emu_ucf_init(struct nvu_emu_dev *dev)
{
	struct emu_cspmu *u = dev->state;

	emu_cspmu_setup(dev, T410_PMIIDR_UCF, nvu_emu_ucf_counters,
			nvu_emu_ucf_width, nvu_emu_ucf_atomic64);
	u->pmiidr_zero = nvu_emu_ucf_pmiidr_zero;
	u->clock_evt = T410_UCF_BUS_CYCLES;
}

/* The source and destination names UCF knows. */
static int emu_ucf_check(const struct nvu_emu_dev *dev,
			 const struct nvu_emu_txn *t)
{
	return t->v[EMU_SRC] > EMU_SRC_REM || t->v[EMU_DST] > EMU_DST_REM ?
	       -EINVAL : 0;
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

static u64 emu_ucf_counted(struct nvu_emu_dev *dev)
{
	return ((struct emu_cspmu *)dev->state)->counted;
}

static void emu_ucf_inject(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t)
{
	struct emu_cspmu *u = dev->state;
	unsigned int n;

	for (n = 0; n < EMU_CSPMU_MAX; n++) {
		if (emu_cspmu_evt(u, n) && emu_cspmu_counting(u, n) &&
		    emu_ucf_filter_hit(u->filtr[n], t))
			emu_cspmu_count_traffic(u, n,
						emu_ucf_amount(u->evtyper[n], t));
	}
}

#define EMU_UCF_TYPE(pages)						\
{									\
	.kind = "ucf",							\
	.keys = BIT(EMU_COUNT) | BIT(EMU_OP) | BIT(EMU_SRC) |		\
		BIT(EMU_DST) | BIT(EMU_BYTES) | BIT(EMU_SLC) |		\
		BIT(EMU_CYCLES),					\
	.nr_res = (pages),						\
	.res_size = CSPMU_PAGE_SIZE,					\
	.state_size = sizeof(struct emu_cspmu),				\
	.pdev_name = "arm-cs-arch-pmu",					\
	.check = emu_ucf_check,						\
	.init = emu_ucf_init,						\
	.read = emu_cspmu_read,						\
	.write = emu_cspmu_write,					\
	.inject = emu_ucf_inject,					\
	.tick = emu_cspmu_tick,						\
	.irq_level = emu_cspmu_irq_level,				\
	.counted = emu_ucf_counted,					\
}

/* Single-page, and dual-page (cspmu_dual_page=1). */
const struct nvu_emu_type nvu_emu_ucf = EMU_UCF_TYPE(1);
const struct nvu_emu_type nvu_emu_ucf_dual = EMU_UCF_TYPE(2);

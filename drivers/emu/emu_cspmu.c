// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: the CoreSight PMU architecture part (ARM IHI 0091) of the UCF,
 * PCIE and PCIE-TGT blocks: counters, their type and filter registers,
 * enables, overflow status and interrupt, PMCFGR and the identity
 * registers.  What an event counts is each block's own (emu_ucf.c,
 * emu_pcie.c).
 *
 * Single page: page-1 registers live in page 0.  Counter count and width
 * are unknown for real silicon [U]; they are module parameters.  Offsets
 * from CSPMU_PAGE_SIZE up are the block's second resource, a plain
 * register file (PCIE-TGT's address filters).
 */

#include "emu.h"
#include "nvu_t410_regs.h"

/* What a non-atomic 64-bit counter read returns in the model. */
#define EMU_CSPMU_TORN	0xdeadbeefdeadbeefULL

void emu_cspmu_setup(struct emu_cspmu *u, u32 pmiidr, unsigned int nctr,
		     unsigned int width, bool atomic64)
{
	u->pmiidr = pmiidr;
	u->nctr = nctr;
	u->width = width;
	u->atomic64 = atomic64;
}

static bool emu_cspmu_wide(const struct emu_cspmu *u)
{
	return u->width > 32;
}

void emu_cspmu_count(struct emu_cspmu *u, unsigned int n, u64 amount)
{
	if (amount && nvu_emu_add(&u->cntr[n], amount, u->width))
		u->ovs |= BIT(n);
}

/* Counter @n counts now: the block and the counter are enabled. */
bool emu_cspmu_counting(const struct emu_cspmu *u, unsigned int n)
{
	return (u->pmcr & CSPMU_PMCR_E) && (u->cnten & BIT(n));
}

/* The per-counter type and filter registers: their storage, or NULL. */
static u32 *emu_cspmu_array_reg(struct emu_cspmu *u, u32 off)
{
	if (off >= CSPMU_PMEVTYPER(0) && off <= CSPMU_PMCCFILTR)
		return &u->evtyper[(off - CSPMU_PMEVTYPER(0)) / 4];
	if (off >= CSPMU_PMEVFILT2R(0) && off < CSPMU_PMEVFILT2R(32))
		return &u->filt2r[(off - CSPMU_PMEVFILT2R(0)) / 4];
	if (off >= CSPMU_PMEVFILTR(0) && off < CSPMU_PMEVFILTR(32))
		return &u->filtr[(off - CSPMU_PMEVFILTR(0)) / 4];
	if (off >= CSPMU_PAGE_SIZE && off < CSPMU_PAGE_SIZE + sizeof(u->ext))
		return &u->ext[(off - CSPMU_PAGE_SIZE) / 4];
	return NULL;
}

/* The peripheral ID registers, as PMIIDR's fields spread over them. */
static u32 emu_cspmu_pidr(u32 iidr, u32 off)
{
	u32 prod = FIELD_GET(CSPMU_PMIIDR_PRODUCTID, iidr);
	u32 impl = FIELD_GET(CSPMU_PMIIDR_IMPLEMENTER, iidr);

	switch (off) {
	case CSPMU_PMPIDR0:
		return prod & 0xff;
	case CSPMU_PMPIDR1:
		return (prod >> 8) | (impl & 0xf) << 4;
	case CSPMU_PMPIDR2:
		return FIELD_GET(CSPMU_PMIIDR_VARIANT, iidr) << 4 |
		       ((impl >> 4) & 0x7);
	case CSPMU_PMPIDR3:
		return FIELD_GET(CSPMU_PMIIDR_REVISION, iidr) << 4;
	default:
		return impl >> 8;
	}
}

u64 emu_cspmu_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	struct emu_cspmu *u = dev->state;
	unsigned int stride = emu_cspmu_wide(u) ? 8 : 4;
	u32 *reg = emu_cspmu_array_reg(u, off);

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
			return EMU_CSPMU_TORN;
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
		return u->pmiidr_zero ? 0 : u->pmiidr;
	case CSPMU_PMPIDR0:
	case CSPMU_PMPIDR1:
	case CSPMU_PMPIDR2:
	case CSPMU_PMPIDR3:
	case CSPMU_PMPIDR4:
		return emu_cspmu_pidr(u->pmiidr, off);
	default:
		return 0;
	}
}

void emu_cspmu_write(struct nvu_emu_dev *dev, u32 off, u64 val,
		     unsigned int size)
{
	struct emu_cspmu *u = dev->state;
	unsigned int stride = emu_cspmu_wide(u) ? 8 : 4;
	u64 mask = u->width >= 64 ? U64_MAX : BIT_ULL(u->width) - 1;
	u32 *reg = emu_cspmu_array_reg(u, off);

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

/* The clock: the cycle counter, and event counters set to @clock_evt. */
void emu_cspmu_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	struct emu_cspmu *u = dev->state;
	unsigned int n;

	if (emu_cspmu_counting(u, CSPMU_CYCLE_CNTR_IDX))
		emu_cspmu_count(u, CSPMU_CYCLE_CNTR_IDX, cycles);
	for (n = 0; n < u->nctr; n++) {
		if (u->clock_evt && emu_cspmu_counting(u, n) &&
		    u->evtyper[n] == u->clock_evt)
			emu_cspmu_count(u, n, cycles);
	}
}

/* The line is asserted while an enabled interrupt's counter overflowed. */
bool emu_cspmu_irq_level(struct nvu_emu_dev *dev)
{
	struct emu_cspmu *u = dev->state;

	return u->ovs & u->inten;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: the CoreSight PMU architecture part (ARM IHI 0091) of the UCF,
 * PCIE and PCIE-TGT blocks: counters, their type and filter registers,
 * enables, overflow status and interrupt, PMCFGR and the identity
 * registers.  What an event counts is each block's own (emu_ucf.c,
 * emu_pcie.c).
 *
 * What Tegra410 implements of the architecture's options is unknown [U]
 * (spec section 12, items 1 and 2): the number of counters, their width,
 * whether a cycle counter exists (PMCFGR.CC), whether the block is single-
 * or dual-page, whether 64-bit accesses are single-copy atomic, and
 * whether APMT gives an overflow interrupt.  Each is a module parameter
 * (emu_main.c, emu_pcie.c); the drivers must be right for every value.
 *
 * Single page: page-1 registers live in page 0.  Dual page: page 1 is the
 * second resource, at +4 KiB, and each page reads as zero (and ignores
 * writes) where the other page's registers are.  The block's own register
 * file (PCIE-TGT's address filters) is at EMU_TGT_REGION_OFF in the window,
 * where the RC's ACPI device in the firmware tables names it.
 * Up to 64 counters, so the enable, interrupt-enable and overflow
 * registers have two banks of 32 (banks 2-7 read as zero).
 */

#include "emu.h"
#include "nvu_t410_regs.h"

/* A CoreSight PMU of another NVIDIA part (Grace SCF), for bad=...:pmiidr. */
#define EMU_PMIIDR_OTHER	0x2CF0036B

/* What a non-atomic 64-bit counter read returns in the model. */
#define EMU_CSPMU_TORN	0xdeadbeefdeadbeefULL

/* Where a register offset lands. */
#define EMU_PG0		BIT(0)
#define EMU_PG1		BIT(1)

/* Event counter @n exists: the cycle counter, if any, is counter 31. */
bool emu_cspmu_evt(const struct emu_cspmu *u, unsigned int n)
{
	if (n >= EMU_CSPMU_MAX || (u->cc && n == CSPMU_CYCLE_CNTR_IDX))
		return false;
	return n - (u->cc && n > CSPMU_CYCLE_CNTR_IDX) < u->nctr;
}

/* Every counter that exists, the cycle counter included. */
static u64 emu_cspmu_present(const struct emu_cspmu *u)
{
	u64 mask = u->cc ? BIT_ULL(CSPMU_CYCLE_CNTR_IDX) : 0;
	unsigned int n;

	for (n = 0; n < EMU_CSPMU_MAX; n++)
		if (emu_cspmu_evt(u, n))
			mask |= BIT_ULL(n);
	return mask;
}

void emu_cspmu_setup(struct nvu_emu_dev *dev, u32 pmiidr, unsigned int nctr,
		     unsigned int width, bool atomic64)
{
	struct emu_cspmu *u = dev->state;
	unsigned int n;

	u->pmiidr = pmiidr;
	u->nctr = nctr;
	u->width = width;
	u->atomic64 = atomic64;
	u->cc = nvu_emu_cspmu_cc;
	u->dual = nvu_emu_cspmu_dual_page;
	u->pmcfgr_n = nctr + u->cc - 1;
	u->pmcfgr_size = width - 1;
	/* Bad firmware data: PMCFGR with no event counter, or SIZE 0. */
	if (nvu_emu_bad(dev, "no_counters")) {
		u->pmcfgr_n = 0;
		u->cc = true;
	}
	if (nvu_emu_bad(dev, "width0"))
		u->pmcfgr_size = 0;
	/* Identity registers naming another part: Grace's SCF. */
	if (nvu_emu_bad(dev, "pmiidr"))
		u->pmiidr = EMU_PMIIDR_OTHER;
	if (!nvu_emu_cspmu_dirty)
		return;
	/* What firmware may leave: everything on, overflowed, counted. */
	u->cnten = emu_cspmu_present(u);
	u->inten = u->cnten;
	u->ovs = u->cnten;
	u->pmcr = CSPMU_PMCR_E;
	for (n = 0; n < EMU_CSPMU_MAX; n++)
		if (u->cnten & BIT_ULL(n))
			u->cntr[n] = 0x1000 + n;
}

static bool emu_cspmu_wide(const struct emu_cspmu *u)
{
	return u->width > 32;
}

void emu_cspmu_count(struct emu_cspmu *u, unsigned int n, u64 amount)
{
	if (amount && nvu_emu_add(&u->cntr[n], amount, u->width))
		u->ovs |= BIT_ULL(n);
}

/* Traffic, not the clock: also summed in @u->counted. */
void emu_cspmu_count_traffic(struct emu_cspmu *u, unsigned int n, u64 amount)
{
	u->counted += amount;
	emu_cspmu_count(u, n, amount);
}

/* Counter @n counts now: the block and the counter are enabled. */
bool emu_cspmu_counting(const struct emu_cspmu *u, unsigned int n)
{
	return (u->pmcr & CSPMU_PMCR_E) && (u->cnten & BIT_ULL(n));
}

/* Page 0's per-counter type and filter registers: their storage, or NULL. */
static u32 *emu_cspmu_array_reg(struct emu_cspmu *u, u32 off)
{
	if (off >= CSPMU_PMEVTYPER(0) && off < CSPMU_PMEVTYPER(EMU_CSPMU_MAX))
		return &u->evtyper[(off - CSPMU_PMEVTYPER(0)) / 4];
	if (off >= CSPMU_PMEVFILT2R(0) && off < CSPMU_PMEVFILT2R(EMU_CSPMU_MAX))
		return &u->filt2r[(off - CSPMU_PMEVFILT2R(0)) / 4];
	if (off >= CSPMU_PMEVFILTR(0) && off < CSPMU_PMEVFILTR(EMU_CSPMU_MAX))
		return &u->filtr[(off - CSPMU_PMEVFILTR(0)) / 4];
	return NULL;
}

/*
 * Which page(s) @off is in, made relative to it; 0 for the register file
 * at EMU_TGT_REGION_OFF, @off then relative to it, or for nothing.
 */
static unsigned int emu_cspmu_page(const struct emu_cspmu *u, u32 *off)
{
	u32 pages = u->dual ? 2 : 1;

	if (*off >= EMU_TGT_REGION_OFF) {
		*off -= EMU_TGT_REGION_OFF;
		return 0;
	}
	if (*off >= pages * CSPMU_PAGE_SIZE) {
		*off = ~0U;
		return 0;
	}
	if (!u->dual)
		return EMU_PG0 | EMU_PG1;
	if (*off < CSPMU_PAGE_SIZE)
		return EMU_PG0;
	*off -= CSPMU_PAGE_SIZE;
	return EMU_PG1;
}

/* Bank number of a banked register at @base (8 banks of 32 bits), or -1. */
static int emu_cspmu_bank(u32 off, u32 base)
{
	return off >= base && off < base + 32 ? (off - base) / 4 : -1;
}

/* The 32 bits of @v for bank @k. */
static u32 emu_cspmu_bank_get(u64 v, int k)
{
	return k < 2 ? v >> (32 * k) : 0;
}

/* @val for bank @k, as a mask over the counters that exist. */
static u64 emu_cspmu_bank_bits(const struct emu_cspmu *u, u32 val, int k)
{
	return k < 2 ? ((u64)val << (32 * k)) & emu_cspmu_present(u) : 0;
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

/* A page-1 register read. */
static u64 emu_cspmu_read_pg1(struct emu_cspmu *u, u32 off, unsigned int size,
			      bool *hit)
{
	unsigned int stride = emu_cspmu_wide(u) ? 8 : 4;
	int k;

	*hit = true;
	if (off < EMU_CSPMU_MAX * stride) {
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
	k = emu_cspmu_bank(off, CSPMU_PMOVSCLR);
	if (k < 0)
		k = emu_cspmu_bank(off, CSPMU_PMOVSSET);
	if (k >= 0)
		return emu_cspmu_bank_get(u->ovs, k);
	*hit = false;
	return 0;
}

/* A page-0 register read. */
static u64 emu_cspmu_read_pg0(struct emu_cspmu *u, u32 off)
{
	u32 *reg = emu_cspmu_array_reg(u, off);
	int k;

	if (reg)
		return *reg;
	k = emu_cspmu_bank(off, CSPMU_PMCNTENSET);
	if (k < 0)
		k = emu_cspmu_bank(off, CSPMU_PMCNTENCLR);
	if (k >= 0)
		return emu_cspmu_bank_get(u->cnten, k);
	k = emu_cspmu_bank(off, CSPMU_PMINTENSET);
	if (k < 0)
		k = emu_cspmu_bank(off, CSPMU_PMINTENCLR);
	if (k >= 0)
		return emu_cspmu_bank_get(u->inten, k);

	switch (off) {
	case CSPMU_PMCFGR:
		return FIELD_PREP(CSPMU_PMCFGR_N, u->pmcfgr_n) |
		       FIELD_PREP(CSPMU_PMCFGR_SIZE, u->pmcfgr_size) |
		       (u->cc ? CSPMU_PMCFGR_CC : 0);
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

u64 emu_cspmu_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	struct emu_cspmu *u = dev->state;
	unsigned int pg = emu_cspmu_page(u, &off);
	bool hit = false;
	u64 v = 0;

	if (!pg)
		return off < sizeof(u->ext) ? u->ext[off / 4] : 0;
	if (pg & EMU_PG1)
		v = emu_cspmu_read_pg1(u, off, size, &hit);
	if (!hit && (pg & EMU_PG0))
		v = emu_cspmu_read_pg0(u, off);
	return v;
}

/* A page-1 register write; false if @off is none. */
static bool emu_cspmu_write_pg1(struct emu_cspmu *u, u32 off, u64 val,
				unsigned int size)
{
	unsigned int stride = emu_cspmu_wide(u) ? 8 : 4;
	u64 mask = u->width >= 64 ? U64_MAX : BIT_ULL(u->width) - 1;
	int k;

	if (off < EMU_CSPMU_MAX * stride) {
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
		return true;
	}
	k = emu_cspmu_bank(off, CSPMU_PMOVSCLR);
	if (k >= 0) {
		u->ovs &= ~emu_cspmu_bank_bits(u, val, k);
		return true;
	}
	k = emu_cspmu_bank(off, CSPMU_PMOVSSET);
	if (k >= 0) {
		u->ovs |= emu_cspmu_bank_bits(u, val, k);
		return true;
	}
	return false;
}

/* A page-0 register write. */
static void emu_cspmu_write_pg0(struct emu_cspmu *u, u32 off, u64 val)
{
	u32 *reg = emu_cspmu_array_reg(u, off);
	unsigned int n;

	if (reg) {
		*reg = val;
		return;
	}
	/* PMCNTENSET, PMCNTENCLR, PMINTENSET, PMINTENCLR: 8 banks each. */
	if (off >= CSPMU_PMCNTENSET && off < CSPMU_PMINTENCLR + 32) {
		u64 *en = off < CSPMU_PMINTENSET ? &u->cnten : &u->inten;
		u64 bits = emu_cspmu_bank_bits(u, val, off % 32 / 4);

		if ((off - CSPMU_PMCNTENSET) / 32 % 2)
			*en &= ~bits;
		else
			*en |= bits;
		return;
	}
	if (off != CSPMU_PMCR)
		return;

	u->pmcr = val & CSPMU_PMCR_E;
	for (n = 0; n < EMU_CSPMU_MAX; n++)
		if ((val & CSPMU_PMCR_P) && emu_cspmu_evt(u, n))
			u->cntr[n] = 0;
	if ((val & CSPMU_PMCR_C) && u->cc)
		u->cntr[CSPMU_CYCLE_CNTR_IDX] = 0;
}

void emu_cspmu_write(struct nvu_emu_dev *dev, u32 off, u64 val,
		     unsigned int size)
{
	struct emu_cspmu *u = dev->state;
	unsigned int pg = emu_cspmu_page(u, &off);

	if (!pg) {
		if (off < sizeof(u->ext))
			u->ext[off / 4] = val;
		return;
	}
	if ((pg & EMU_PG1) && emu_cspmu_write_pg1(u, off, val, size))
		return;
	if (pg & EMU_PG0)
		emu_cspmu_write_pg0(u, off, val);
}

/* The clock: the cycle counter, and event counters set to @clock_evt. */
void emu_cspmu_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	struct emu_cspmu *u = dev->state;
	unsigned int n;

	if (u->cc && emu_cspmu_counting(u, CSPMU_CYCLE_CNTR_IDX))
		emu_cspmu_count(u, CSPMU_CYCLE_CNTR_IDX, cycles);
	for (n = 0; n < EMU_CSPMU_MAX; n++) {
		if (u->clock_evt && emu_cspmu_evt(u, n) &&
		    emu_cspmu_counting(u, n) && u->evtyper[n] == u->clock_evt)
			emu_cspmu_count(u, n, cycles);
	}
}

/* The line is asserted while an enabled interrupt's counter overflowed. */
bool emu_cspmu_irq_level(struct nvu_emu_dev *dev)
{
	struct emu_cspmu *u = dev->state;

	return u->ovs & u->inten;
}

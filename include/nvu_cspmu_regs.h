/* SPDX-License-Identifier: GPL-2.0 */
/* Arm CoreSight PMU registers (ARM IHI 0091), shared with the model. */
#ifndef NVU_CSPMU_REGS_H
#define NVU_CSPMU_REGS_H

#include <linux/bits.h>

/*
 * Page 1 (page 0 when single-page).  Enable, interrupt-enable and overflow
 * registers are banked: bank k, at +4k, holds counters 32k..32k+31.
 */
#define CSPMU_PMEVCNTR(n, wide)		((n) * ((wide) ? 8 : 4))
#define CSPMU_PMOVSCLR			0xc80
#define CSPMU_PMOVSSET			0xcc0
#define CSPMU_BANK(reg, n)		((reg) + (n) / 32 * 4)
#define CSPMU_MAX_BANKS			8

/* Page 0 registers. */
#define CSPMU_PMEVTYPER(n)		(0x400 + (n) * 4)
#define CSPMU_PMCCFILTR			0x47c
#define CSPMU_PMEVFILT2R(n)		(0x800 + (n) * 4)
#define CSPMU_PMEVFILTR(n)		(0xa00 + (n) * 4)
#define CSPMU_PMCNTENSET		0xc00
#define CSPMU_PMCNTENCLR		0xc20
#define CSPMU_PMINTENSET		0xc40
#define CSPMU_PMINTENCLR		0xc60
#define CSPMU_PMCFGR			0xe00
#define   CSPMU_PMCFGR_N		GENMASK(7, 0)
#define   CSPMU_PMCFGR_SIZE		GENMASK(13, 8)
#define   CSPMU_PMCFGR_CC		BIT(14)
#define CSPMU_PMCR			0xe04
#define   CSPMU_PMCR_E			BIT(0)
#define   CSPMU_PMCR_P			BIT(1)
#define   CSPMU_PMCR_C			BIT(2)
#define CSPMU_PMIIDR			0xe08
#define   CSPMU_PMIIDR_IMPLEMENTER	GENMASK(11, 0)
#define   CSPMU_PMIIDR_REVISION		GENMASK(15, 12)
#define   CSPMU_PMIIDR_VARIANT		GENMASK(19, 16)
#define   CSPMU_PMIIDR_PRODUCTID	GENMASK(31, 20)
#define CSPMU_PMPIDR4			0xfd0
#define CSPMU_PMPIDR0			0xfe0
#define CSPMU_PMPIDR1			0xfe4
#define CSPMU_PMPIDR2			0xfe8
#define CSPMU_PMPIDR3			0xfec

/* The cycle counter is physical counter 31. */
#define CSPMU_CYCLE_CNTR_IDX		31
#define CSPMU_PAGE_SIZE			0x1000

#endif /* NVU_CSPMU_REGS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Registers and identifiers of the NVIDIA Tegra410 uncore PMUs, from the
 * public specifications; shared with the hardware model.  Values those do
 * not give ([U]) are not here but where they are chosen.
 */
#ifndef NVU_T410_REGS_H
#define NVU_T410_REGS_H

#include <linux/bits.h>

/* UCF, PCIE and PCIE-TGT are CoreSight PMU architecture blocks. */
#include "nvu_cspmu_regs.h"

/* PMIIDR: product, variant and revision (implementer 0x36B = NVIDIA). */
#define T410_PMIIDR_UCF			0x2cf2036b
#define T410_PMIIDR_PCIE		0x1030136b
#define T410_PMIIDR_PCIE_TGT		0x1070036b

/* ---- UCF ---- */

/* config: event ID; bit 32 selects the cycle counter. */
#define T410_UCF_EVENT			GENMASK_ULL(32, 0)
#define T410_UCF_CYCLES			BIT_ULL(32)
/* config1 = PMEVFILTR: source and destination bits. */
#define T410_UCF_SRC_LOC_NONCPU		BIT_ULL(0)
#define T410_UCF_SRC_LOC_CPU		BIT_ULL(1)
#define T410_UCF_SRC_REM		BIT_ULL(2)
#define T410_UCF_SRC			GENMASK_ULL(2, 0)
#define T410_UCF_DST_LOC_CMEM		BIT_ULL(8)
#define T410_UCF_DST_LOC_GMEM		BIT_ULL(9)
#define T410_UCF_DST_LOC_OTHER		BIT_ULL(10)
#define T410_UCF_DST_REM		BIT_ULL(11)
#define T410_UCF_DST			GENMASK_ULL(11, 8)

/* UCF event IDs. */
#define T410_UCF_BUS_CYCLES		0x1d
#define T410_UCF_SLC_ALLOCATE		0xf0
#define T410_UCF_SLC_WB			0xf3
#define T410_UCF_SLC_REFILL_RD		0x109
#define T410_UCF_SLC_REFILL_WR		0x10a
#define T410_UCF_SLC_ACCESS_RD		0x111
#define T410_UCF_SLC_ACCESS_WR		0x112
#define T410_UCF_SLC_BYTES_RD		0x113
#define T410_UCF_SLC_BYTES_WR		0x114
#define T410_UCF_SLC_HIT_RD		0x119
#define T410_UCF_MEM_ACCESS_RD		0x121
#define T410_UCF_MEM_ACCESS_WR		0x122
#define T410_UCF_MEM_BYTES_RD		0x123
#define T410_UCF_MEM_BYTES_WR		0x124
#define T410_UCF_LOCAL_SNOOP		0x180
#define T410_UCF_EXT_SNP_ACCESS		0x181
#define T410_UCF_EXT_SNP_EVICT		0x182
#define T410_UCF_SLC_ACCESS_DATALESS	0x183
#define T410_UCF_SLC_ACCESS_ATOMIC	0x184

/* ---- CMEM latency ---- */

#define T410_CMEM_HID			"NVDA2021"
#define T410_CMEM_NR_INST		14
/* Memory resources 0..13 are the instances, 14 the broadcast block. */
#define T410_CMEM_BCAST_RES		T410_CMEM_NR_INST
#define T410_CMEM_CG_CTRL		0x800
#define T410_CMEM_CTRL			0x808
#define   T410_CMEM_CTRL_DISABLE	0
#define   T410_CMEM_CTRL_ENABLE		1
#define   T410_CMEM_CTRL_CLEAR		2
#define T410_CMEM_STATUS		0x810
#define T410_CMEM_CYCLE_CNTR		0x818
/* Per memory channel MC0..2: request and accumulated-outstanding counters. */
#define T410_CMEM_NR_MC			3
#define T410_CMEM_REQ_CNTR(mc)		(0x820 + (mc) * 0x18)
#define T410_CMEM_AOR_CNTR(mc)		(0x830 + (mc) * 0x18)
#define T410_CMEM_STATUS_CYCLE		BIT(0)
#define T410_CMEM_STATUS_AOR(mc)	BIT(1 + (mc) * 3)
#define T410_CMEM_STATUS_REQ(mc)	BIT(3 + (mc) * 3)
#define T410_CMEM_BLOCK_SIZE		0x1000
/* The end of the last register: a block must span at least this much. */
#define T410_CMEM_REGS_END		(T410_CMEM_AOR_CNTR(T410_CMEM_NR_MC - 1) + 8)

/* config: event type. */
#define T410_CMEM_EVENT			GENMASK_ULL(1, 0)
#define T410_CMEM_CYCLES		0x0
#define T410_CMEM_RD_REQ		0x1
#define T410_CMEM_RD_CUM_OUTS		0x2

/* ---- PCIE (one PMU per root complex) ---- */

/* config: event ID; bit 32 selects the cycle counter. */
#define T410_PCIE_EVENT			GENMASK_ULL(32, 0)
#define T410_PCIE_CYCLES		BIT_ULL(32)
#define T410_PCIE_RD_BYTES		0x0
#define T410_PCIE_WR_BYTES		0x1
#define T410_PCIE_RD_REQ		0x2
#define T410_PCIE_WR_REQ		0x3
#define T410_PCIE_RD_CUM_OUTS		0x4
/* config1 = PMEVFILTR: source root ports, or one requester BDF. */
#define T410_PCIE_SRC_RP_MASK		GENMASK_ULL(7, 0)
#define T410_PCIE_SRC_BDF		GENMASK_ULL(23, 8)
#define T410_PCIE_SRC_BDF_EN		BIT_ULL(24)
/* config2 = PMEVFILT2R: destination. */
#define T410_PCIE_DST_LOC_CMEM		BIT_ULL(0)
#define T410_PCIE_DST_LOC_GMEM		BIT_ULL(1)
#define T410_PCIE_DST_LOC_PCIE_P2P	BIT_ULL(2)
#define T410_PCIE_DST_LOC_PCIE_CXL	BIT_ULL(3)
#define T410_PCIE_DST_REM		BIT_ULL(4)
#define T410_PCIE_DST			GENMASK_ULL(4, 0)
/* Root ports per root complex (at most; one mask bit each). */
#define T410_PCIE_NR_RP			8

/* ---- PCIE-TGT (one PMU per root complex) ---- */

/* config: event type, destination root ports, address filter on. */
#define T410_PCIE_TGT_EVENT		GENMASK_ULL(2, 0)
#define T410_PCIE_TGT_DST_RP_MASK	GENMASK_ULL(10, 3)
#define T410_PCIE_TGT_DST_ADDR_EN	BIT_ULL(11)
/* config1 / config2: address base and mask. */
#define T410_PCIE_TGT_ADDR		GENMASK_ULL(63, 0)
#define T410_PCIE_TGT_RD_BYTES		0x0
#define T410_PCIE_TGT_WR_BYTES		0x1
#define T410_PCIE_TGT_RD_REQ		0x2
#define T410_PCIE_TGT_WR_REQ		0x3
#define T410_PCIE_TGT_CYCLES		0x4
/* PMEVFILT2R: root ports (BAR traffic only), one-hot address slot. */
#define T410_PCIE_TGT_FILT_RP		GENMASK(7, 0)
#define T410_PCIE_TGT_FILT_SLOT		GENMASK(15, 8)
/*
 * The shared address-filter slots, in the region of the RC's ACPI device
 * (its first memory resource), not in the PMU pages.
 */
#define T410_PCIE_TGT_NR_SLOTS		8
#define T410_PCIE_TGT_SLOT_CTRL(i)	(0xd38 + (i) * 0x14)
#define   T410_PCIE_TGT_SLOT_EN		BIT(0)
#define T410_PCIE_TGT_SLOT_BASE_LO(i)	(0xd3c + (i) * 0x14)
#define T410_PCIE_TGT_SLOT_BASE_HI(i)	(0xd40 + (i) * 0x14)
#define T410_PCIE_TGT_SLOT_MASK_LO(i)	(0xd44 + (i) * 0x14)
#define T410_PCIE_TGT_SLOT_MASK_HI(i)	(0xd48 + (i) * 0x14)

/* ---- NVIDIA DVSEC of every root port: byte offsets of its fields ---- */
#define T410_DVSEC_VENDOR		0x10de
#define T410_DVSEC_ID			0x4
#define T410_DVSEC_BUS			0xc
#define T410_DVSEC_SEGMENT		0xd
#define T410_DVSEC_RP			0xe
#define T410_DVSEC_RC			0xf
#define T410_DVSEC_SOCKET		0x10

/* ---- NVLink-C2C, NV-CLink, NV-DLink ---- */

#define T410_C2C_HID			"NVDA2023"
#define T410_CLINK_HID			"NVDA2022"
#define T410_DLINK_HID			"NVDA2020"
#define T410_C2C_NR_INST		14
#define T410_CLINK_NR_INST		12
#define T410_DLINK_NR_INST		16
/* Memory resources 0..nr_inst-1 are the instances, nr_inst the broadcast. */
#define T410_C2C_BLOCK_SIZE		0x1000
/* 32-bit registers; a counter's high half is at its offset + 4. */
#define T410_C2C_CTRL			0x864
#define   T410_C2C_CTRL_DISABLE		0
#define   T410_C2C_CTRL_ENABLE		1
#define T410_C2C_IN_STATUS		0x868
#define T410_C2C_CYCLE_CNTR		0x86c
#define T410_C2C_IN_RD_CUM_OUTS_CNTR	0x874
#define T410_C2C_IN_RD_REQ_CNTR		0x87c
#define T410_C2C_IN_WR_CUM_OUTS_CNTR	0x884
#define T410_C2C_IN_WR_REQ_CNTR		0x88c
#define T410_C2C_OUT_STATUS		0x890
#define T410_C2C_OUT_RD_CUM_OUTS_CNTR	0x898
#define T410_C2C_OUT_RD_REQ_CNTR	0x8a0
#define T410_C2C_OUT_WR_CUM_OUTS_CNTR	0x8a8
#define T410_C2C_OUT_WR_REQ_CNTR	0x8b0
/* The end of the last register: a block must span at least this much. */
#define T410_C2C_REGS_END		(T410_C2C_OUT_WR_REQ_CNTR + 8)

/* config: event ID; config1: GPUs (GPU-attached links only). */
#define T410_C2C_EVENT			GENMASK_ULL(3, 0)
#define T410_C2C_GPU_MASK		GENMASK_ULL(1, 0)
#define T410_C2C_CYCLES			0x0
#define T410_C2C_IN_RD_CUM_OUTS		0x1
#define T410_C2C_IN_RD_REQ		0x2
#define T410_C2C_IN_WR_CUM_OUTS		0x3
#define T410_C2C_IN_WR_REQ		0x4
#define T410_C2C_OUT_RD_CUM_OUTS	0x5
#define T410_C2C_OUT_RD_REQ		0x6
#define T410_C2C_OUT_WR_CUM_OUTS	0x7
#define T410_C2C_OUT_WR_REQ		0x8
#define T410_C2C_NR_EVENTS		9

#endif /* NVU_T410_REGS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CXL CPMU locator and registers, CXL 3.0 sections 8.2.7.2 and 13.2 (read
 * second-hand, see Documentation/cxl.rst); shared with the hardware model.
 */
#ifndef NVU_CXL_REGS_H
#define NVU_CXL_REGS_H

#include <linux/bits.h>

/* Register Locator DVSEC: a PCIe DVSEC of the CXL vendor ID. */
#define CXL_DVSEC_VENDOR		0x1e98
#define CXL_DVSEC_REG_LOCATOR		8
/* Offsets from the DVSEC's extended capability header. */
#define CXL_DVSEC_HDR1			0x4	/* 15:0 vendor, 19:16 rev, 31:20 length */
#define CXL_DVSEC_HDR1_LEN		GENMASK(31, 20)
#define CXL_DVSEC_HDR2			0x8	/* 15:0 DVSEC ID */
#define CXL_REGLOC_FIRST		0xc	/* first 8-byte entry */
#define CXL_REGLOC_ENTRY_SIZE		8
/* Entry, low dword. */
#define CXL_REGLOC_BIR			GENMASK(2, 0)
#define CXL_REGLOC_RBI			GENMASK(15, 8)
#define CXL_REGLOC_OFF_LO		GENMASK(31, 16)	/* offset bits 31:16 */
/* Register block identifiers. */
#define CXL_RBI_COMPONENT		1
#define CXL_RBI_MEMDEV			3
#define CXL_RBI_CPMU			4

/* CPMU register block. */
#define CPMU_BLOCK_SIZE			0xe00
#define CPMU_CAP			0x000
#define  CPMU_CAP_NUM_COUNTERS		GENMASK_ULL(5, 0)	/* minus one */
#define  CPMU_CAP_COUNTER_WIDTH		GENMASK_ULL(15, 8)
#define  CPMU_CAP_NUM_EVCAPS		GENMASK_ULL(24, 20)	/* minus one */
#define  CPMU_CAP_FILTERS		GENMASK_ULL(39, 32)
#define  CPMU_CAP_MSI_NUM		GENMASK_ULL(47, 44)
#define  CPMU_CAP_WRITABLE_FROZEN	BIT_ULL(48)
#define  CPMU_CAP_FREEZE		BIT_ULL(49)
#define  CPMU_CAP_OVF_INT		BIT_ULL(50)
#define CPMU_OVF_STATUS			0x010	/* bit n: counter n wrapped */
#define CPMU_FREEZE			0x018	/* bit n: counter n frozen */
#define CPMU_EVCAP(n)			(0x100 + 8 * (n))
#define  CPMU_EVCAP_MASK		GENMASK_ULL(31, 0)
#define  CPMU_EVCAP_GID			GENMASK_ULL(47, 32)
#define  CPMU_EVCAP_VID			GENMASK_ULL(63, 48)
#define CPMU_CFG(n)			(0x200 + 8 * (n))
#define  CPMU_CFG_TYPE			GENMASK_ULL(1, 0)
#define   CPMU_TYPE_FREE		0
#define   CPMU_TYPE_FIXED		1
#define   CPMU_TYPE_CONFIG		2
#define  CPMU_CFG_ENABLE		BIT_ULL(8)
#define  CPMU_CFG_INT_ON_OVF		BIT_ULL(9)
#define  CPMU_CFG_FREEZE_ON_OVF		BIT_ULL(10)	/* freezes every counter */
#define  CPMU_CFG_EDGE			BIT_ULL(11)
#define  CPMU_CFG_INVERT		BIT_ULL(12)
#define  CPMU_CFG_THRESHOLD		GENMASK_ULL(23, 16)
#define  CPMU_CFG_EVENTS		GENMASK_ULL(55, 24)
#define  CPMU_CFG_GROUP_IDX		GENMASK_ULL(63, 59)
#define CPMU_FILTER(n, f)		(0x400 + 4 * ((f) + 8 * (n)))	/* 32-bit */
#define  CPMU_FILTER_NONE		0xffffffffU
#define CPMU_FILTER_HDM			0	/* filter IDs = Filters Supported bits */
#define CPMU_FILTER_CRB			1	/* channel, rank, bank */
#define CPMU_CNTR(n)			(0xc00 + 8 * (n))

#define CPMU_MAX_COUNTERS		64
#define CPMU_MAX_EVCAPS			32

/* Event vendor ID of the events the specification defines. */
#define CXL_EVENT_VID			0x1e98
/* Queue occupancy (its events 0-2; 3 is power-down) and residency groups. */
#define CXL_GID_QUEUE_OCC		0x8001
#define  CXL_QUEUE_OCC_DEEP		0x7
#define CXL_GID_RESIDENCY		0x8002

#endif /* NVU_CXL_REGS_H */

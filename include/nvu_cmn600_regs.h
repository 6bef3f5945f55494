/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arm CMN-600 register facts shared by the driver and the hardware model,
 * gathered from public sources (Linux's arm-cmn driver and devicetree
 * binding, FreeBSD's CMN-600 headers; no TRM).  Node registers are
 * offsets from the node's base, node bases from PERIPHBASE.
 *
 * Inferred or unknown facts, kept here only:
 *  - node regions are 16 KiB (NVU_CMN_NODE_SIZE), from the RFC's
 *    comments and scan step, not a TRM [I];
 *  - the configuration space is at most 64 MiB (DT binding) [V];
 *  - child pointers: offset in 29:0 (some readers mask 27:0), bit 31
 *    marks an external child [V].
 */
#ifndef NVU_CMN600_REGS_H
#define NVU_CMN600_REGS_H

#include <linux/bits.h>
#include <linux/types.h>

/* Sizes and limits */
#define NVU_CMN_NODE_SIZE		0x4000	/* [I] */
#define NVU_CMN_MAX_SPACE		(64 * 1024 * 1024)
#define NVU_CMN_MAX_DIM			8	/* mesh_x, mesh_y */
#define NVU_CMN_MAX_XPS			(NVU_CMN_MAX_DIM * NVU_CMN_MAX_DIM)
#define NVU_CMN_MAX_DTCS		4

/* Registers of every node */
#define NVU_CMN_NODE_INFO		0x0000
#define   NVU_CMN_NI_TYPE		GENMASK_ULL(15, 0)
#define   NVU_CMN_NI_ID			GENMASK_ULL(31, 16)
#define   NVU_CMN_NI_LOGID		GENMASK_ULL(47, 32)
#define NVU_CMN_CHILD_INFO		0x0080
#define   NVU_CMN_CI_COUNT		GENMASK_ULL(15, 0)
#define   NVU_CMN_CI_PTR_OFF		GENMASK_ULL(31, 16)
#define   NVU_CMN_CHILD_OFFSET		GENMASK_ULL(29, 0)
#define   NVU_CMN_CHILD_EXTERNAL	BIT_ULL(31)
#define NVU_CMN_PMU_PAGE		0x2000
#define NVU_CMN_PMU_EVENT_SEL		0x2000

/* Node types (node_info 15:0) */
#define NVU_CMN_TYPE_DN			0x1
#define NVU_CMN_TYPE_CFG		0x2
#define NVU_CMN_TYPE_DTC		0x3
#define NVU_CMN_TYPE_HNI		0x4
#define NVU_CMN_TYPE_HNF		0x5
#define NVU_CMN_TYPE_XP			0x6
#define NVU_CMN_TYPE_SBSX		0x7
#define NVU_CMN_TYPE_RNI		0xa
#define NVU_CMN_TYPE_RND		0xd
#define NVU_CMN_TYPE_RNSAM		0xf	/* no PMU */
#define NVU_CMN_TYPE_CXRA		0x100
#define NVU_CMN_TYPE_CXHA		0x101
#define NVU_CMN_TYPE_CXLA		0x102	/* no PMU events */
/* perf ABI's synthetic type for watchpoints (on XPs) */
#define NVU_CMN_TYPE_WP			0x7770

/* CFG (root) node: identification */
#define NVU_CMN_CFG_PERIPH_ID_01	0x0008	/* 64-bit: part 7:0 and 35:32 */
#define NVU_CMN_CFG_PERIPH_ID_2		0x0010	/* 32-bit: revision 7:4 */
#define NVU_CMN_PART_600		0x434
#define NVU_CMN_PART_600AE		0x438
#define NVU_CMN_CFG_INFO_GLOBAL		0x0900
#define   NVU_CMN_INFO_DEVICE_ISO	BIT_ULL(44)

/* XP: port 0/1 connection info, device type in 4:0 */
#define NVU_CMN_XP_PORT_INFO(p)		(0x0008 + 8 * (p))
#define   NVU_CMN_XP_PORT_DEVTYPE	GENMASK_ULL(4, 0)

/* DTM: one per XP, in the XP's PMU page */
#define NVU_CMN_DTM_CONTROL		0x2100
#define   NVU_CMN_DTM_CONTROL_EN	BIT_ULL(0)
#define NVU_CMN_DTM_WP_CONFIG(w)	(0x21a0 + 0x18 * (w))
#define NVU_CMN_DTM_WP_VAL(w)		(0x21a8 + 0x18 * (w))
#define NVU_CMN_DTM_WP_MASK(w)		(0x21b0 + 0x18 * (w))
#define NVU_CMN_DTM_PMU_CONFIG		0x2210
#define   NVU_CMN_DTM_PMU_EN		BIT_ULL(0)
#define   NVU_CMN_DTM_PAIRED(i)		BIT_ULL(4 + (i))
#define   NVU_CMN_DTM_GLOBAL_NUM(i)	(GENMASK_ULL(18, 16) << (4 * (i)))
#define   NVU_CMN_DTM_INPUT_SEL(i)	(GENMASK_ULL(37, 32) << (8 * (i)))
#define NVU_CMN_DTM_PMEVCNT		0x2220	/* four 16-bit counters */
#define NVU_CMN_DTM_NR_COUNTERS		4
#define NVU_CMN_DTM_NR_WPS		4

/* input_sel: a watchpoint, an XP event slot, or a device's event slot */
#define NVU_CMN_SEL_WP(w)		(w)
#define NVU_CMN_SEL_XP(slot)		(0x4 + (slot))
#define NVU_CMN_SEL_DEV(port, dev, slot) \
	(0x10 + ((port) << 4) + ((dev) << 2) + (slot))

/* pmu_event_sel of a device node or XP: four 8-bit event slots */
#define NVU_CMN_EVENT_SLOT(s)		(GENMASK_ULL(7, 0) << (8 * (s)))
#define NVU_CMN_EVENT_ID_MASK		0x3f	/* bits meaningful per slot */
#define NVU_CMN_OCCUP1_ID		GENMASK_ULL(34, 32)

/* XP events (own pmu_event_sel): ev | intf << 2 | chan << 5 (spec B.9) */
#define NVU_CMN_XP_EV			GENMASK(1, 0)
#define NVU_CMN_XP_INTF			GENMASK(4, 2)
#define NVU_CMN_XP_CHAN			GENMASK(7, 5)
#define   NVU_CMN_XP_EV_TXFLIT_VALID	1
#define   NVU_CMN_XP_EV_TXFLIT_STALL	2
#define   NVU_CMN_XP_EV_PARTIAL_DAT	3
/* Interfaces: E, W, N, S, device ports 0 and 1 */
#define NVU_CMN_XP_NR_INTF		6
#define   NVU_CMN_XP_INTF_P0		4
/* Channels: REQ, RSP, SNP, DAT (no others on CMN-600) */
#define NVU_CMN_NR_CHAN			4
#define   NVU_CMN_CHAN_DAT		3

/*
 * dtm_wp<w>_config, CMN-600 layout.  Watchpoints 0-1 see flits going up
 * (device port into the XP), 2-3 going down [I: perf's watchpoint_up and
 * _down, eventid 0 and 2].  The channel code numbers channels as XP events
 * do [I].  What the flit bits of each channel and group mean is not
 * public [U].
 */
#define NVU_CMN_WP_DEV_SEL		BIT_ULL(0)
#define NVU_CMN_WP_CHN_SEL		GENMASK_ULL(3, 1)
#define NVU_CMN_WP_GRP			BIT_ULL(4)
#define NVU_CMN_WP_EXCLUSIVE		BIT_ULL(5)
#define NVU_CMN_WP_COMBINE		BIT_ULL(6)
#define NVU_CMN_WP_UP			0	/* first watchpoint going up */
#define NVU_CMN_WP_DOWN			2	/* first watchpoint going down */

/* DTC */
#define NVU_CMN_DTC_CTL			0x0a00
#define   NVU_CMN_DTC_CTL_DT_EN		BIT_ULL(0)
/* Clock gating off: the cycle counter also counts idle cycles. */
#define   NVU_CMN_DTC_CTL_CG_DISABLE	BIT_ULL(10)
#define NVU_CMN_DTC_PMEVCNT_BASE	0x2000	/* two 32-bit counters per 0x10 */
#define NVU_CMN_DTC_NR_COUNTERS		8
#define NVU_CMN_DTC_PMCCNTR		0x2040	/* 40 bits */
#define NVU_CMN_DTC_CYCLE_BITS		40
#define NVU_CMN_DTC_PMCR		0x2100
#define   NVU_CMN_DTC_PMCR_PMU_EN	BIT_ULL(0)
#define   NVU_CMN_DTC_PMCR_OVFL_INTR_EN	BIT_ULL(6)
#define NVU_CMN_DTC_PMOVSR		0x2118
#define NVU_CMN_DTC_PMOVSR_CLR		0x2120
#define   NVU_CMN_DTC_OVS_CYCLE		BIT(8)

/* Global counter @n of a DTC: the even one low, the odd one high. */
static inline u32 nvu_cmn_dtc_pmevcnt(unsigned int n)
{
	return NVU_CMN_DTC_PMEVCNT_BASE + n / 2 * 0x10 + n % 2 * 4;
}

/*
 * Node ID: device 1:0, port 2, Y in w bits from bit 3, then X; w = 3 if a
 * mesh dimension exceeds 4, else 2 (or 1 on a mesh up to 2 x 2 [U]: see
 * nvu_cmn600_topo.c).  An XP's own ID has device and port 0.
 */
#define NVU_CMN_ID_DEV			GENMASK(1, 0)
#define NVU_CMN_ID_PORT			BIT(2)
#define NVU_CMN_ID_Y_SHIFT		3
/* The XP at (0, 1) has node ID 8; its logical ID is mesh_x. */
#define NVU_CMN_XP_ID_ROW1		8

#endif /* NVU_CMN600_REGS_H */

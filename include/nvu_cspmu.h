/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nv_uncore helpers for Arm CoreSight PMU architecture blocks (ARM IHI
 * 0091) described by ACPI APMT.  See Documentation/core.rst.
 */
#ifndef NVU_CSPMU_H
#define NVU_CSPMU_H

#include <linux/platform_device.h>

#include "nv_uncore.h"
#include "nvu_cspmu_regs.h"

struct nvu_cspmu;

/**
 * struct nvu_cspmu_desc - an IP's CoreSight PMU particulars
 * @pmiidr: the IP's PMIIDR (implementer, product, variant, revision)
 * @event_mask: config bits that are the event type (PMEVTYPER)
 * @cycle_filter: optional; PMCCFILTR value for a cycle event (else 0)
 * @write_filters: program event counter @phys's filters for @event; called
 *	after its type is written, before it is enabled
 */
struct nvu_cspmu_desc {
	u32 pmiidr;
	u64 event_mask;
	u32 (*cycle_filter)(const struct perf_event *event);
	void (*write_filters)(struct nvu_cspmu *cs, struct perf_event *event,
			      u32 phys);
};

/**
 * struct nvu_cspmu - a CoreSight PMU block; first in the IP's private data
 * @desc: the IP's description
 * @page0: page 0 (configuration)
 * @page1: page 1 (counters, overflow status); page 0 when single-page
 * @pmiidr: the block's PMIIDR, or its rebuild from PMPIDR0-4
 * @wide: counters are 64-bit registers
 * @atomic64: a 64-bit counter access is single-copy atomic
 * @nr_banks: banks of 32 counters (from PMCFGR.N)
 * @socket: NUMA node of the block's CPUs
 */
struct nvu_cspmu {
	const struct nvu_cspmu_desc *desc;
	struct nvu_regs page0;
	struct nvu_regs page1;
	u32 pmiidr;
	bool wide;
	bool atomic64;
	unsigned int nr_banks;
	int socket;
};

static inline struct nvu_cspmu *nvu_cspmu(const struct nvu_pmu *pmu)
{
	return nvu_pmu_priv(pmu);
}

/* The platform devices the kernel makes of APMT nodes. */
#define NVU_CSPMU_DEVICE	"arm-cs-arch-pmu"

struct acpi_apmt_node;
const struct acpi_apmt_node *nvu_cspmu_apmt_node(struct device *dev);

/**
 * struct nvu_cspmu_driver - an IP module's CoreSight PMU platform driver
 * @driver: the platform driver; its id_table names NVU_CSPMU_DEVICE
 * @desc: the IP's description
 */
struct nvu_cspmu_driver {
	struct platform_driver driver;
	const struct nvu_cspmu_desc *desc;
};

int __nvu_cspmu_driver_register(struct nvu_cspmu_driver *drv,
				struct module *owner);
void nvu_cspmu_driver_unregister(struct nvu_cspmu_driver *drv);
#define nvu_cspmu_driver_register(drv) \
	__nvu_cspmu_driver_register(drv, THIS_MODULE)
/* For an IP module whose init and exit only (un)register @drv. */
#define module_nvu_cspmu_driver(drv) \
	module_driver(drv, nvu_cspmu_driver_register, nvu_cspmu_driver_unregister)
int nvu_cspmu_init(struct platform_device *pdev, struct nvu_pmu *pmu,
		   const struct nvu_cspmu_desc *desc);
int nvu_cspmu_check_cycles(struct nvu_pmu *pmu, u64 config, u64 cycles);

/*
 * The hardware counter number of the core's counter @idx: 31 for the cycle
 * counter; with one, the indexes from 31 on shift up by one.
 */
static inline u32 nvu_cspmu_idx_phys(const struct nvu_pmu *pmu,
				     unsigned int idx)
{
	if (idx == nvu_cycle_idx(pmu))
		return CSPMU_CYCLE_CNTR_IDX;
	return idx + (pmu->has_cycle_counter && idx >= CSPMU_CYCLE_CNTR_IDX);
}

static inline u32 nvu_cspmu_phys(const struct nvu_pmu *pmu,
				 const struct perf_event *event)
{
	return nvu_cspmu_idx_phys(pmu, event->hw.idx);
}

/* &struct nvu_pmu_ops hooks any CoreSight PMU can use as they are. */
void nvu_cspmu_enable(struct nvu_pmu *pmu);
void nvu_cspmu_disable(struct nvu_pmu *pmu);
void nvu_cspmu_start_counter(struct nvu_pmu *pmu, struct perf_event *event);
void nvu_cspmu_stop_counter(struct nvu_pmu *pmu, struct perf_event *event);
u64 nvu_cspmu_read_counter(struct nvu_pmu *pmu, struct perf_event *event);
void nvu_cspmu_write_counter(struct nvu_pmu *pmu, struct perf_event *event,
			     u64 val);
bool nvu_cspmu_read_clear_overflow(struct nvu_pmu *pmu, unsigned long *ovf);

#endif /* NVU_CSPMU_H */

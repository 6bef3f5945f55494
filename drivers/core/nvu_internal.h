/* SPDX-License-Identifier: GPL-2.0 */
/* nv_uncore: declarations private to the core. */
#ifndef NVU_INTERNAL_H
#define NVU_INTERNAL_H

#include <linux/interrupt.h>
#include <linux/irq_work.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

#include "nv_uncore.h"

/**
 * struct nvu_pmu_core - the core's state of a PMU, hidden from IP modules
 * @pmu: the PMU
 * @moving_to: new owner while nvu_migrate() moves the context, else -1
 * @registered: perf knows the PMU; hotplug may migrate its context
 * @irq: overflow interrupt, or 0 (polling); 0 again while the PMU goes
 *	(the handler then does nothing)
 * @irq_line: overflow interrupt line, kept until freed
 * @irq_csd: passes an overflow interrupt taken elsewhere to the owner
 * @irq_passed: @irq_csd calls in flight
 * @irq_held: bit 0: @irq_line is disabled until the owner has handled it
 * @poll_timer: overflow poll timer, running while &nvu_pmu.poll_period is not 0
 * @txn_flags: PERF_PMU_TXN_* of the transaction under way, or 0
 * @cpuhp_node: hotplug instance
 * @list: entry in the core's list of PMUs
 * @unregister_work: takes the PMU out of perf for
 *	nvu_pmus_unregister_module()
 * @unregister_queued: @unregister_work was queued (under the core's lock)
 * @stray_work: moves events perf installed on a former owner (@stray_cpus)
 *	to the owner
 * @stray_kick: queues @stray_work from add(), in perf's locks
 * @stray_cpus: CPUs where add() refused such events
 * @attr_groups: sysfs groups handed to perf
 * @format_group: "format" group
 * @events_group: "events" group
 */
struct nvu_pmu_core {
	struct nvu_pmu *pmu;
	int moving_to;
	bool registered;
	int irq;
	int irq_line;
	call_single_data_t irq_csd;
	atomic_t irq_passed;
	unsigned long irq_held;
	struct hrtimer poll_timer;
	unsigned int txn_flags;
	struct hlist_node cpuhp_node;
	struct list_head list;
	struct work_struct unregister_work;
	bool unregister_queued;
	struct work_struct stray_work;
	struct irq_work stray_kick;
	cpumask_t stray_cpus;
	const struct attribute_group *attr_groups[5];
	struct attribute_group format_group;
	struct attribute_group events_group;
};

extern const char * const nvu_config_name[3];

void nvu_pmu_setup_callbacks(struct nvu_pmu *pmu);
irqreturn_t nvu_pmu_irq(int irq, void *data);
void nvu_irq_init(struct nvu_pmu *pmu);
void nvu_irq_sync(struct nvu_pmu *pmu);
void nvu_irq_quiesce(struct nvu_pmu *pmu);
int nvu_map_resource(struct platform_device *pdev, unsigned int index,
		     struct nvu_regs *regs, resource_size_t size);
int nvu_pmu_request_irq(struct nvu_pmu *pmu, int irq);

#endif /* NVU_INTERNAL_H */

// SPDX-License-Identifier: GPL-2.0
/* nv_uncore: helpers for APMT-described CoreSight PMU blocks (ARM IHI 0091). */

#include "nvu_ns.h"

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/cpu.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <acpi/processor.h>

#include "nvu_cspmu.h"
#include "nvu_internal.h"

/**
 * nvu_cspmu_apmt_node() - the APMT node firmware gave for @dev
 * @dev: an "arm-cs-arch-pmu" device
 *
 * Return: the node, or NULL.
 */
const struct acpi_apmt_node *nvu_cspmu_apmt_node(struct device *dev)
{
	/* The APMT code stores a pointer to the node as platform data. */
	if (dev->platform_data)
		return *(const struct acpi_apmt_node **)dev->platform_data;
	return NULL;
}
EXPORT_SYMBOL_GPL(nvu_cspmu_apmt_node);

/* @cpu's ACPI UID; x86 (test VMs) has no get_acpi_id_for_cpu(). */
static bool nvu_cpu_acpi_uid(unsigned int cpu, u32 *uid)
{
#ifdef CONFIG_ARM64
	*uid = get_acpi_id_for_cpu(cpu);
	return true;
#else
	struct acpi_processor *pr = per_cpu(processors, cpu);

	if (pr)
		*uid = pr->acpi_id;
	return pr;
#endif
}

static bool nvu_cspmu_cpu_in_container(unsigned int cpu, u32 uid)
{
	struct device *cpu_dev = get_cpu_device(cpu);
	struct acpi_device *adev = cpu_dev ? ACPI_COMPANION(cpu_dev) : NULL;
	u32 v;

	for (; adev; adev = acpi_dev_parent(adev)) {
		if (strcmp(acpi_device_hid(adev), "ACPI0010") ||
		    !acpi_device_uid(adev))
			continue;
		if (!kstrtou32(acpi_device_uid(adev), 0, &v) && v == uid)
			return true;
	}
	return false;
}

/*
 * The CPUs of the APMT affinity: a processor container's, or for a single
 * processor its whole NUMA node, so the PMU survives that CPU going offline
 * (upstream keeps to the one CPU).  Which one Tegra410 firmware uses is
 * unknown [U]; both are handled.
 */
static void nvu_cspmu_apmt_cpus(struct nvu_pmu *pmu,
				const struct acpi_apmt_node *node)
{
	unsigned int cpu;
	u32 uid;

	cpumask_clear(&pmu->associated_cpus);
	if (node->flags & ACPI_APMT_FLAGS_AFFINITY) {
		for_each_possible_cpu(cpu)
			if (nvu_cspmu_cpu_in_container(cpu, node->proc_affinity))
				cpumask_set_cpu(cpu, &pmu->associated_cpus);
		return;
	}
	for_each_possible_cpu(cpu) {
		if (nvu_cpu_acpi_uid(cpu, &uid) && uid == node->proc_affinity) {
			nvu_pmu_set_node(pmu, cpu_to_node(cpu));
			return;
		}
	}
}

/* The socket is the NUMA node of the first CPU, as upstream. */
static int nvu_cspmu_cpus(struct nvu_pmu *pmu, const struct acpi_apmt_node *node,
			  int *socket)
{
	nvu_cspmu_apmt_cpus(pmu, node);
	if (cpumask_empty(&pmu->associated_cpus))
		return dev_err_probe(pmu->dev, -ENODEV,
				     "APMT affinity %u names no CPU\n",
				     node->proc_affinity);
	*socket = cpu_to_node(cpumask_first(&pmu->associated_cpus));
	return 0;
}

/* PMIIDR, rebuilt from the peripheral ID registers when it reads as 0. */
static u32 nvu_cspmu_pmiidr(const struct nvu_regs *page0)
{
	u32 iidr = nvu_read32(page0, CSPMU_PMIIDR), p0, p1, p2, p3, p4;

	if (iidr)
		return iidr;
	p0 = nvu_read32(page0, CSPMU_PMPIDR0);
	p1 = nvu_read32(page0, CSPMU_PMPIDR1);
	p2 = nvu_read32(page0, CSPMU_PMPIDR2);
	p3 = nvu_read32(page0, CSPMU_PMPIDR3);
	p4 = nvu_read32(page0, CSPMU_PMPIDR4);
	return FIELD_PREP(CSPMU_PMIIDR_PRODUCTID,
			  (p0 & 0xff) | (p1 & 0xf) << 8) |
	       FIELD_PREP(CSPMU_PMIIDR_VARIANT, (p2 >> 4) & 0xf) |
	       FIELD_PREP(CSPMU_PMIIDR_REVISION, (p3 >> 4) & 0xf) |
	       FIELD_PREP(CSPMU_PMIIDR_IMPLEMENTER,
			  ((p1 >> 4) & 0xf) | (p2 & 0x7) << 4 |
			  (p4 & 0xf) << 8);
}

/**
 * nvu_cspmu_init() - probe the CoreSight PMU block of @pdev for @pmu
 * @pdev: an "arm-cs-arch-pmu" device
 * @pmu: from devm_nvu_pmu_alloc(), its private data a struct nvu_cspmu
 * @desc: the IP's description (must outlive the PMU)
 *
 * A block of another PMIIDR gets -ENODEV quietly, for the next driver.
 * Else fills in @pmu's counters, width, CPUs and identifier, resets the
 * block and takes its overflow interrupt, if any; the caller names and
 * registers the PMU.  Device-managed.
 *
 * Return: 0 or a probe error.
 */
int nvu_cspmu_init(struct platform_device *pdev, struct nvu_pmu *pmu,
		   const struct nvu_cspmu_desc *desc)
{
	const struct acpi_apmt_node *node = nvu_cspmu_apmt_node(&pdev->dev);
	struct nvu_cspmu *cs = nvu_cspmu(pmu);
	struct device *dev = &pdev->dev;
	u32 pmcfgr, n, k;
	int irq, ret;

	if (!node)
		return dev_err_probe(dev, -ENODEV, "no APMT node\n");
	cs->desc = desc;
	ret = nvu_map_resource(pdev, 0, &cs->page0, 0);
	if (ret)
		return ret;
	cs->pmiidr = node->impl_id ?: nvu_cspmu_pmiidr(&cs->page0);
	if (cs->pmiidr != desc->pmiidr) {
		dev_dbg(dev, "PMIIDR %#x is not %#x\n", cs->pmiidr,
			desc->pmiidr);
		return -ENODEV;
	}

	cs->page1 = cs->page0;
	if (node->flags & ACPI_APMT_FLAGS_DUAL_PAGE) {
		ret = nvu_map_resource(pdev, 1, &cs->page1, 0);
		if (ret)
			return ret;
	}

	/* N+1 counters, the cycle counter (31) among them if CC. */
	pmcfgr = nvu_read32(&cs->page0, CSPMU_PMCFGR);
	n = FIELD_GET(CSPMU_PMCFGR_N, pmcfgr) + 1;
	pmu->has_cycle_counter = pmcfgr & CSPMU_PMCFGR_CC;
	pmu->num_counters = min_t(u32, n - pmu->has_cycle_counter,
				  NVU_MAX_COUNTERS);
	pmu->counter_width = FIELD_GET(CSPMU_PMCFGR_SIZE, pmcfgr) + 1;
	cs->nr_banks = DIV_ROUND_UP(n, 32);
	if (!pmu->num_counters)
		return dev_err_probe(dev, -ENODEV, "PMCFGR %#x: no counters\n",
				     pmcfgr);
	cs->wide = pmu->counter_width > 32;
	cs->atomic64 = node->flags & ACPI_APMT_FLAGS_ATOMIC;

	ret = nvu_cspmu_cpus(pmu, node, &cs->socket);
	if (ret)
		return ret;
	pmu->identifier = devm_kasprintf(dev, GFP_KERNEL, "%x", cs->pmiidr);
	if (!pmu->identifier)
		return -ENOMEM;

	/* Reset what firmware left: all off, status clear, counters zero. */
	nvu_write32(&cs->page0, CSPMU_PMCR, CSPMU_PMCR_P | CSPMU_PMCR_C);
	for (k = 0; k < cs->nr_banks; k++) {
		nvu_write32(&cs->page0, CSPMU_PMCNTENCLR + 4 * k, U32_MAX);
		nvu_write32(&cs->page0, CSPMU_PMINTENCLR + 4 * k, U32_MAX);
		nvu_write32(&cs->page1, CSPMU_PMOVSCLR + 4 * k, U32_MAX);
	}

	/* An APMT GSIV reports overflows; without one the core polls. */
	irq = platform_get_irq_optional(pdev, 0);
	if (irq > 0)
		return nvu_pmu_request_irq(pmu, irq);
	if (irq != -ENXIO)
		return dev_err_probe(dev, irq, "bad overflow interrupt\n");
	return 0;
}
EXPORT_SYMBOL_GPL(nvu_cspmu_init);

/*
 * Upstream's arm_cspmu_module matches our devices too, and a bound device
 * is never offered to us: count those another driver holds, to say why a
 * PMU is missing.  Short of reading its registers, only the APMT node's
 * PMIIDR tells: ours, another's, or none given (maybe ours).
 */
struct nvu_cspmu_held {
	struct device_driver *self;
	u32 pmiidr;
	unsigned int ours;
	unsigned int maybe;
	char holder[MODULE_NAME_LEN];
};

static int nvu_cspmu_held_one(struct device *dev, void *data)
{
	const struct acpi_apmt_node *node;
	struct nvu_cspmu_held *h = data;
	struct device_driver *drv;

	if (strcmp(to_platform_device(dev)->name, NVU_CSPMU_DEVICE))
		return 0;
	node = nvu_cspmu_apmt_node(dev);
	if (node && node->impl_id && node->impl_id != h->pmiidr)
		return 0;
	device_lock(dev);
	drv = dev->driver;
	/* Unbound, ours, or one of our other IP modules (all are "nvu_"). */
	if (drv && drv != h->self && strncmp(drv->name, "nvu_", 4)) {
		if (node && node->impl_id)
			h->ours++;
		else
			h->maybe++;
		strscpy(h->holder, drv->owner ? module_name(drv->owner) :
			drv->name, sizeof(h->holder));
	}
	device_unlock(dev);
	return 0;
}

/**
 * __nvu_cspmu_driver_register() - register an IP's CoreSight PMU driver
 * @drv: the driver
 * @owner: the IP module
 *
 * Use nvu_cspmu_driver_register() or module_nvu_cspmu_driver().  Logs how
 * many devices that may be this IP's another module holds.
 *
 * Return: 0 or a negative errno.
 */
int __nvu_cspmu_driver_register(struct nvu_cspmu_driver *drv,
				struct module *owner)
{
	const char *name = drv->driver.driver.name;
	struct nvu_cspmu_held h = {
		.self = &drv->driver.driver,
		.pmiidr = drv->desc->pmiidr,
	};
	int ret;

	ret = __platform_driver_register(&drv->driver, owner);
	if (ret)
		return ret;
	bus_for_each_dev(&platform_bus_type, NULL, &h, nvu_cspmu_held_one);
	if (h.ours)
		pr_notice("%s: %u %s devices with PMIIDR %#x are bound to %s, not to this driver: unload %s (or blacklist it) and load %s again to count them\n",
			  name, h.ours, NVU_CSPMU_DEVICE, h.pmiidr, h.holder,
			  h.holder, module_name(owner));
	else if (h.maybe)
		pr_notice("%s: %u %s devices are bound to %s; any with PMIIDR %#x among them is not counted by this driver: unload %s (or blacklist it) and load %s again to count it\n",
			  name, h.maybe, NVU_CSPMU_DEVICE, h.holder, h.pmiidr,
			  h.holder, module_name(owner));
	return 0;
}
EXPORT_SYMBOL_GPL(__nvu_cspmu_driver_register);

/**
 * nvu_cspmu_driver_unregister() - undo nvu_cspmu_driver_register()
 * @drv: the driver
 */
void nvu_cspmu_driver_unregister(struct nvu_cspmu_driver *drv)
{
	nvu_pmus_unregister_module(drv->driver.driver.owner);
	platform_driver_unregister(&drv->driver);
}
EXPORT_SYMBOL_GPL(nvu_cspmu_driver_unregister);

/**
 * nvu_cspmu_check_cycles() - event_init check of a synthetic cycles ID
 * @pmu: the PMU
 * @config: the event's config
 * @cycles: the ID selecting the cycle counter, a bit above the event IDs
 *
 * Return: -EINVAL if @cycles is combined with other bits, else 0.
 */
int nvu_cspmu_check_cycles(struct nvu_pmu *pmu, u64 config, u64 cycles)
{
	if ((config & cycles) && config != cycles) {
		dev_dbg(pmu->dev, "event %#llx: %#llx is the cycles event alone\n",
			config, cycles);
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(nvu_cspmu_check_cycles);

/**
 * nvu_cspmu_start_counter() - &nvu_pmu_ops.start_counter of a CoreSight PMU
 * @pmu: the PMU
 * @event: the event
 *
 * Programs type and filters, then enables the counter (and interrupt).
 */
void nvu_cspmu_start_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct nvu_cspmu *cs = nvu_cspmu(pmu);
	const struct nvu_cspmu_desc *desc = cs->desc;
	u32 phys = nvu_cspmu_phys(pmu, event), bit = BIT(phys % 32);

	if (phys == CSPMU_CYCLE_CNTR_IDX) {
		nvu_write32(&cs->page0, CSPMU_PMCCFILTR,
			    desc->cycle_filter ? desc->cycle_filter(event) : 0);
	} else {
		nvu_write32(&cs->page0, CSPMU_PMEVTYPER(phys),
			    lower_32_bits(event->attr.config & desc->event_mask));
		desc->write_filters(cs, event, phys);
	}
	if (pmu->core->irq)
		nvu_write32(&cs->page0, CSPMU_BANK(CSPMU_PMINTENSET, phys), bit);
	nvu_write32(&cs->page0, CSPMU_BANK(CSPMU_PMCNTENSET, phys), bit);
}
EXPORT_SYMBOL_GPL(nvu_cspmu_start_counter);

/**
 * nvu_cspmu_stop_counter() - &nvu_pmu_ops.stop_counter of a CoreSight PMU
 * @pmu: the PMU
 * @event: the event
 */
void nvu_cspmu_stop_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct nvu_cspmu *cs = nvu_cspmu(pmu);
	u32 phys = nvu_cspmu_phys(pmu, event), bit = BIT(phys % 32);

	nvu_write32(&cs->page0, CSPMU_BANK(CSPMU_PMCNTENCLR, phys), bit);
	if (pmu->core->irq)
		nvu_write32(&cs->page0, CSPMU_BANK(CSPMU_PMINTENCLR, phys), bit);
}
EXPORT_SYMBOL_GPL(nvu_cspmu_stop_counter);

/**
 * nvu_cspmu_enable() - &nvu_pmu_ops.enable of a CoreSight PMU
 * @pmu: the PMU
 */
void nvu_cspmu_enable(struct nvu_pmu *pmu)
{
	nvu_write32(&nvu_cspmu(pmu)->page0, CSPMU_PMCR, CSPMU_PMCR_E);
}
EXPORT_SYMBOL_GPL(nvu_cspmu_enable);

/**
 * nvu_cspmu_disable() - &nvu_pmu_ops.disable of a CoreSight PMU
 * @pmu: the PMU
 */
void nvu_cspmu_disable(struct nvu_pmu *pmu)
{
	nvu_write32(&nvu_cspmu(pmu)->page0, CSPMU_PMCR, 0);
}
EXPORT_SYMBOL_GPL(nvu_cspmu_disable);

/**
 * nvu_cspmu_read_clear_overflow() - &nvu_pmu_ops.read_clear_overflow
 * @pmu: the PMU
 * @ovf: set: the logical indexes of the counters that overflowed
 *
 * Return: whether any did; the status is acknowledged.
 */
bool nvu_cspmu_read_clear_overflow(struct nvu_pmu *pmu, unsigned long *ovf)
{
	struct nvu_cspmu *cs = nvu_cspmu(pmu);
	u32 ovs[CSPMU_MAX_BANKS];
	unsigned int idx, k, phys;
	bool any = false;

	for (k = 0; k < cs->nr_banks; k++) {
		ovs[k] = nvu_read32(&cs->page1, CSPMU_PMOVSCLR + 4 * k);
		if (ovs[k])
			nvu_write32(&cs->page1, CSPMU_PMOVSCLR + 4 * k, ovs[k]);
		any |= ovs[k];
	}
	if (!any)
		return false;
	for (idx = 0; idx <= pmu->num_counters; idx++) {
		if (idx == nvu_cycle_idx(pmu) && !pmu->has_cycle_counter)
			break;
		phys = nvu_cspmu_idx_phys(pmu, idx);
		if (phys / 32 < cs->nr_banks && ovs[phys / 32] & BIT(phys % 32))
			__set_bit(idx, ovf);
	}
	return true;
}
EXPORT_SYMBOL_GPL(nvu_cspmu_read_clear_overflow);

/**
 * nvu_cspmu_read_counter() - &nvu_pmu_ops.read_counter of a CoreSight PMU
 * @pmu: the PMU
 * @event: the event
 *
 * Without 64-bit atomicity a wide counter is read in halves, from the
 * previous value if 64 bits wide (a narrower one may wrap below it), else
 * from 0.  If the halves never settle, returns the previous value: the
 * count stalls rather than jump by 2^32.
 *
 * Return: the counter's raw value.
 */
u64 nvu_cspmu_read_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct nvu_cspmu *cs = nvu_cspmu(pmu);
	u32 off = CSPMU_PMEVCNTR(nvu_cspmu_phys(pmu, event), cs->wide);
	u64 prev = local64_read(&event->hw.prev_count);
	u64 val = pmu->counter_width == 64 ? prev : 0;

	if (!cs->wide)
		return nvu_read32(&cs->page1, off);
	if (cs->atomic64)
		return nvu_read64(&cs->page1, off);
	if (!nvu_read64_split(&cs->page1, off, &val))
		return val;
	dev_warn_ratelimited(pmu->dev,
			     "counter %u: high half changed on every read; count not updated\n",
			     nvu_cspmu_phys(pmu, event));
	return prev;
}
EXPORT_SYMBOL_GPL(nvu_cspmu_read_counter);

/**
 * nvu_cspmu_write_counter() - &nvu_pmu_ops.write_counter of a CoreSight PMU
 * @pmu: the PMU
 * @event: the event, its counter stopped
 * @val: the new value
 */
void nvu_cspmu_write_counter(struct nvu_pmu *pmu, struct perf_event *event,
			     u64 val)
{
	struct nvu_cspmu *cs = nvu_cspmu(pmu);
	u32 off = CSPMU_PMEVCNTR(nvu_cspmu_phys(pmu, event), cs->wide);

	if (!cs->wide) {
		nvu_write32(&cs->page1, off, val);
	} else if (cs->atomic64) {
		nvu_write64(&cs->page1, off, val);
	} else {
		nvu_write32(&cs->page1, off, lower_32_bits(val));
		nvu_write32(&cs->page1, off + 4, upper_32_bits(val));
	}
}
EXPORT_SYMBOL_GPL(nvu_cspmu_write_counter);

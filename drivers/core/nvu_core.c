// SPDX-License-Identifier: GPL-2.0
/* nv_uncore: PMU registration, sysfs, CPU hotplug and register mapping. */

#include "nvu_ns.h"

#include <linux/acpi.h>
#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include <linux/jump_label.h>
#include <linux/ioport.h>
#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include "nv_uncore.h"
#include "nvu_internal.h"

static enum cpuhp_state nvu_cpuhp_state;

static LIST_HEAD(nvu_pmus);
static DEFINE_MUTEX(nvu_pmus_lock);
/* Orders nvu_stray_work() against nvu_unregister_perf(). */
static DEFINE_MUTEX(nvu_stray_lock);

static LIST_HEAD(nvu_emu_windows);
static DEFINE_MUTEX(nvu_emu_lock);

/* On while the model has a window; a block mapped from one pins the model. */
DEFINE_STATIC_KEY_FALSE(nvu_emu_active);
EXPORT_SYMBOL_GPL(nvu_emu_active);

/**
 * nvu_emu_window_add() - let the hardware model serve a physical range
 * @win: the range and its callbacks; valid until removed
 *
 * Context: might sleep.
 */
void nvu_emu_window_add(struct nvu_emu_window *win)
{
	static_branch_inc(&nvu_emu_active);
	mutex_lock(&nvu_emu_lock);
	list_add_tail(&win->list, &nvu_emu_windows);
	mutex_unlock(&nvu_emu_lock);
}
EXPORT_SYMBOL_NS_GPL(nvu_emu_window_add, NVU_MODEL_NS);

/**
 * nvu_emu_window_del() - undo nvu_emu_window_add()
 * @win: the range
 */
void nvu_emu_window_del(struct nvu_emu_window *win)
{
	mutex_lock(&nvu_emu_lock);
	list_del(&win->list);
	mutex_unlock(&nvu_emu_lock);
	static_branch_dec(&nvu_emu_active);
}
EXPORT_SYMBOL_NS_GPL(nvu_emu_window_del, NVU_MODEL_NS);

static void nvu_module_put(void *owner)
{
	module_put(owner);
}

/* Point @regs at the model if it serves @res; pins the model's module. */
static int nvu_map_emulated(struct device *dev, const struct resource *res,
			    struct nvu_regs *regs)
{
	struct nvu_emu_window *win;
	int ret = -ENOENT;

	mutex_lock(&nvu_emu_lock);
	list_for_each_entry(win, &nvu_emu_windows, list) {
		if (res->start < win->start ||
		    res->end > win->start + win->size - 1)
			continue;
		if (!try_module_get(win->owner)) {
			ret = -ENODEV;
			break;
		}
		regs->emu = win->ops;
		regs->emu_ctx = win->ctx;
		regs->emu_off = res->start - win->start;
		ret = 0;
		break;
	}
	mutex_unlock(&nvu_emu_lock);
	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, nvu_module_put, win->owner);
}

static int nvu_map(struct device *dev, const struct resource *res,
		   struct nvu_regs *regs, resource_size_t size, bool request)
{
	int ret;

	if (resource_size(res) < size)
		return dev_err_probe(dev, -EINVAL,
				     "%pR is smaller than its %pa bytes of registers\n",
				     res, &size);
	memset(regs, 0, sizeof(*regs));
	ret = nvu_map_emulated(dev, res, regs);
	if (ret != -ENOENT) {
		if (ret || !request)
			return ret;
		if (!devm_request_mem_region(dev, res->start,
					     resource_size(res), dev_name(dev)))
			return dev_err_probe(dev, -EBUSY, "%pR is in use\n",
					     res);
		return 0;
	}
	if (request) {
		regs->base = devm_ioremap_resource(dev, res);
		return PTR_ERR_OR_ZERO(regs->base);
	}
	regs->base = devm_ioremap(dev, res->start, resource_size(res));
	return regs->base ? 0 : -ENOMEM;
}

/**
 * nvu_map_region() - map the memory range @res for @dev
 * @dev: the device
 * @res: the range
 * @regs: filled in
 * @size: least length of @res: the end of the last register (0: any)
 *
 * Claims the range, on the model too, so overlaps fail alike.  Device-managed.
 *
 * Return: 0 or a probe error.
 */
int nvu_map_region(struct device *dev, const struct resource *res,
		   struct nvu_regs *regs, resource_size_t size)
{
	return nvu_map(dev, res, regs, size, true);
}
EXPORT_SYMBOL_GPL(nvu_map_region);

/**
 * nvu_map_shared() - map the memory range @res that another driver owns
 * @dev: the device
 * @res: the range
 * @regs: filled in
 *
 * As nvu_map_region(), unclaimed (a BAR that cxl_pci or pcieport may own).
 *
 * Return: 0 or a probe error.
 */
int nvu_map_shared(struct device *dev, const struct resource *res,
		   struct nvu_regs *regs)
{
	return nvu_map(dev, res, regs, 0, false);
}
EXPORT_SYMBOL_GPL(nvu_map_shared);

/* nvu_map_region() of @pdev's memory resource @index. */
int nvu_map_resource(struct platform_device *pdev, unsigned int index,
		     struct nvu_regs *regs, resource_size_t size)
{
	struct resource *res;

	res = platform_get_resource(pdev, IORESOURCE_MEM, index);
	if (!res)
		return dev_err_probe(&pdev->dev, -EINVAL,
				     "no memory resource %u\n", index);
	return nvu_map_region(&pdev->dev, res, regs, size);
}

/**
 * nvu_map_instances() - map @n instance blocks and their broadcast block
 * @pdev: the device: memory resources 0..@n-1, then the broadcast block
 * @inst: the @n instance blocks, filled in
 * @n: number of instances
 * @bcast: the broadcast block, filled in
 * @size: as for nvu_map_region(); device-managed too
 *
 * Return: 0 or a probe error.
 */
int nvu_map_instances(struct platform_device *pdev, struct nvu_regs *inst,
		      unsigned int n, struct nvu_regs *bcast,
		      resource_size_t size)
{
	unsigned int i;
	int ret;

	for (i = 0; i <= n; i++) {
		ret = nvu_map_resource(pdev, i, i < n ? &inst[i] : bcast, size);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(nvu_map_instances);

/**
 * nvu_read64_split() - tear-free read of a 64-bit counter as 32-bit halves
 * @r: register block
 * @off: offset of the low half; the high half follows it
 * @val: in, an earlier value with no wrap or reset since (or 0); out, the
 *	value read
 *
 * Reads low, then high.  A high half equal to the least that @val and the
 * low half allow is exact (the count only grows); else pairs are reread
 * until the high half repeats, at most NVU_READ64_TRIES times.
 *
 * Return: 0, or -EIO if the high half never settled (@val unchanged).
 */
int nvu_read64_split(const struct nvu_regs *r, u32 off, u64 *val)
{
	u32 lo = nvu_read32(r, off), hi = nvu_read32(r, off + 4), prev;
	u64 kmin = upper_32_bits(*val) + (lo < lower_32_bits(*val));
	unsigned int tries;

	if (hi == kmin)
		goto done;
	for (tries = 1; tries < NVU_READ64_TRIES; tries++) {
		prev = hi;
		lo = nvu_read32(r, off);
		hi = nvu_read32(r, off + 4);
		if (hi == prev)
			goto done;
	}
	return -EIO;
done:
	*val = (u64)hi << 32 | lo;
	return 0;
}
EXPORT_SYMBOL_GPL(nvu_read64_split);

#ifdef CONFIG_ACPI	/* Its users, Tegra410's modules, build only with ACPI. */
/**
 * nvu_read_fw_ids() - socket, _HID and match data of a device named by ACPI
 * @dev: a device the driver bound through its ACPI match table
 * @fw: filled in; the _UID may be decimal or 0x-prefixed
 *
 * Return: 0, -ENODEV without an ACPI companion, or -EINVAL without a
 * numeric _UID.
 */
int nvu_read_fw_ids(struct device *dev, struct nvu_fw_ids *fw)
{
	struct acpi_device *adev = ACPI_COMPANION(dev);

	memset(fw, 0, sizeof(*fw));
	if (!adev)
		return -ENODEV;
	fw->hid = acpi_device_hid(adev);
	fw->match_data = device_get_match_data(dev);
	if (!acpi_device_uid(adev) ||
	    kstrtou32(acpi_device_uid(adev), 0, &fw->socket))
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_GPL(nvu_read_fw_ids);
#endif

/**
 * nvu_format_string() - the sysfs text of a format field
 * @buf: output
 * @len: size of @buf
 * @word: 0 for config, 1 for config1, 2 for config2
 * @mask: the field's bits, contiguous and non-zero
 *
 * Return: the length written, newline included, or -EINVAL.
 */
int nvu_format_string(char *buf, size_t len, unsigned int word, u64 mask)
{
	unsigned int lo, hi;

	if (!mask || word > 2)
		return -EINVAL;
	lo = __ffs64(mask);
	hi = fls64(mask) - 1;
	if (mask != GENMASK_ULL(hi, lo))
		return -EINVAL;
	if (lo == hi)
		return scnprintf(buf, len, "%s:%u\n", nvu_config_name[word], lo);
	return scnprintf(buf, len, "%s:%u-%u\n", nvu_config_name[word], lo, hi);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_format_string);

ssize_t nvu_format_show(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	struct nvu_format_attr *fa = container_of(attr, struct nvu_format_attr,
						  attr);

	return nvu_format_string(buf, PAGE_SIZE, fa->word, fa->mask);
}
EXPORT_SYMBOL_GPL(nvu_format_show);

ssize_t nvu_event_show(struct device *dev, struct device_attribute *attr,
		       char *buf)
{
	struct nvu_event_attr *ea = container_of(attr, struct nvu_event_attr,
						 attr);

	return sysfs_emit(buf, "event=0x%llx\n", ea->id);
}
EXPORT_SYMBOL_GPL(nvu_event_show);

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(dev);

	if (pmu->cpu >= nr_cpu_ids)
		return sysfs_emit(buf, "\n");
	return cpumap_print_to_pagebuf(true, buf, cpumask_of(pmu->cpu));
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t associated_cpus_show(struct device *dev,
				    struct device_attribute *attr, char *buf)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(dev);

	return cpumap_print_to_pagebuf(true, buf, &pmu->associated_cpus);
}
static DEVICE_ATTR_RO(associated_cpus);

static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(dev);

	return sysfs_emit(buf, "%s\n", pmu->identifier);
}
static DEVICE_ATTR_RO(identifier);

static umode_t nvu_common_visible(struct kobject *kobj, struct attribute *attr,
				  int i)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(kobj_to_dev(kobj));

	if (attr == &dev_attr_identifier.attr && !pmu->identifier)
		return 0;
	return attr->mode;
}

static struct attribute *nvu_common_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_associated_cpus.attr,
	&dev_attr_identifier.attr,
	NULL
};

static const struct attribute_group nvu_common_group = {
	.attrs = nvu_common_attrs,
	.is_visible = nvu_common_visible,
};

static unsigned int nvu_first_cpu(const struct cpumask *a,
				  const struct cpumask *b, int exclude)
{
	unsigned int cpu;

	for_each_cpu_and(cpu, a, b) {
		if (cpu != exclude)
			return cpu;
	}
	return nr_cpu_ids;
}

/**
 * nvu_pick_cpu() - choose the owner CPU of a PMU
 * @assoc: the PMU's associated CPUs
 * @online: CPUs that are online
 * @exclude: a CPU to avoid (going offline), or -1
 *
 * Falls back to any online CPU, so an offline socket's PMU stays usable.
 *
 * Return: the CPU, or nr_cpu_ids if none is left.
 */
unsigned int nvu_pick_cpu(const struct cpumask *assoc,
			  const struct cpumask *online, int exclude)
{
	unsigned int cpu;

	cpu = nvu_first_cpu(assoc, online, exclude);
	if (cpu >= nr_cpu_ids)
		cpu = nvu_first_cpu(online, online, exclude);
	return cpu;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_pick_cpu);

/* Where a line can be routed, the handler needs no IPI.  Hotplug locked. */
static void nvu_irq_to_owner(struct nvu_pmu *pmu)
{
	struct nvu_pmu_core *c = pmu->core;
	int ret;

	if (!c->irq_line || pmu->cpu >= nr_cpu_ids)
		return;
	ret = irq_set_affinity(c->irq_line, cpumask_of(pmu->cpu));
	if (ret)
		dev_dbg(pmu->dev, "cannot route IRQ %d to CPU %d: %d\n",
			c->irq_line, pmu->cpu, ret);
}

/*
 * Under the CPU hotplug lock.  While the context moves, the overflow line
 * is off and nothing is in flight to the old owner.
 */
static void nvu_migrate(struct nvu_pmu *pmu, unsigned int cpu)
{
	struct nvu_pmu_core *c = pmu->core;
	unsigned int old = pmu->cpu;

	if (c->irq_line)
		disable_irq(c->irq_line);
	nvu_irq_sync(pmu);
	/*
	 * add() accepts both CPUs meanwhile: perf re-adds events on the old
	 * one before moving them, and a refused pinned event ends in error.
	 */
	WRITE_ONCE(c->moving_to, cpu);
	if (c->registered && old < nr_cpu_ids && cpu < nr_cpu_ids)
		perf_pmu_migrate_context(&pmu->pmu, old, cpu);
	WRITE_ONCE(pmu->cpu, cpu);
	WRITE_ONCE(c->moving_to, -1);
	nvu_irq_to_owner(pmu);
	if (c->irq_line)
		enable_irq(c->irq_line);
}

/*
 * perf installs an event on the CPU event_init() named under no hotplug
 * lock; if the owner moved meanwhile, add() refused it.  Move such events
 * to the owner (perf detached those of a CPU gone offline).
 */
static void nvu_stray_work(struct work_struct *work)
{
	struct nvu_pmu *pmu = container_of(work, struct nvu_pmu_core,
					   stray_work)->pmu;
	unsigned int cpu;

	cpus_read_lock();
	mutex_lock(&nvu_stray_lock);
	for_each_cpu(cpu, &pmu->core->stray_cpus) {
		cpumask_clear_cpu(cpu, &pmu->core->stray_cpus);
		if (!pmu->core->registered || pmu->cpu >= nr_cpu_ids ||
		    cpu == pmu->cpu || !cpu_online(cpu))
			continue;
		dev_dbg(pmu->dev, "events installed on CPU %u after the owner moved: moving them to CPU %d\n",
			cpu, pmu->cpu);
		perf_pmu_migrate_context(&pmu->pmu, cpu, pmu->cpu);
	}
	mutex_unlock(&nvu_stray_lock);
	cpus_read_unlock();
}

/* add() runs in perf's locks: the worker is woken from here instead. */
static void nvu_stray_kick(struct irq_work *work)
{
	schedule_work(&container_of(work, struct nvu_pmu_core, stray_kick)->stray_work);
}

static int nvu_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct nvu_pmu *pmu = hlist_entry(node, struct nvu_pmu_core,
					  cpuhp_node)->pmu;
	int owner = pmu->cpu;

	/* An associated owner stays; else is @cpu a better one? */
	if (owner < nr_cpu_ids && cpumask_test_cpu(owner, &pmu->associated_cpus))
		return 0;
	if (nvu_pick_cpu(&pmu->associated_cpus, cpu_online_mask, -1) == cpu)
		nvu_migrate(pmu, cpu);
	return 0;
}

static int nvu_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct nvu_pmu *pmu = hlist_entry(node, struct nvu_pmu_core,
					  cpuhp_node)->pmu;

	if (cpu != pmu->cpu)
		return 0;
	nvu_migrate(pmu, nvu_pick_cpu(&pmu->associated_cpus, cpu_online_mask,
				      cpu));
	return 0;
}

static void nvu_irq_sync_action(void *data)
{
	nvu_irq_sync(data);
}

/**
 * devm_nvu_pmu_alloc() - allocate a PMU for @dev
 * @dev: owning device
 * @desc: static description (must outlive the PMU)
 * @priv_size: bytes of IP-private data (nvu_pmu_priv())
 *
 * &nvu_pmu.associated_cpus starts as every possible CPU (nvu_pmu_set_node()).
 *
 * Return: the PMU, or NULL.
 */
struct nvu_pmu *devm_nvu_pmu_alloc(struct device *dev,
				   const struct nvu_pmu_desc *desc,
				   size_t priv_size)
{
	/* Each part aligned for what it holds; the IP's data after both. */
	struct {
		struct nvu_pmu pmu;
		struct nvu_pmu_core core;
	} *both;
	struct nvu_pmu *pmu;

	both = devm_kzalloc(dev, sizeof(*both) + priv_size, GFP_KERNEL);
	if (!both)
		return NULL;
	pmu = &both->pmu;
	pmu->core = &both->core;
	pmu->core->pmu = pmu;
	pmu->dev = dev;
	pmu->desc = desc;
	pmu->cpu = nr_cpu_ids;
	pmu->counter_width = 64;
	pmu->priv = priv_size ? both + 1 : NULL;
	cpumask_copy(&pmu->associated_cpus, cpu_possible_mask);
	pmu->core->moving_to = -1;
	INIT_WORK(&pmu->core->stray_work, nvu_stray_work);
	init_irq_work(&pmu->core->stray_kick, nvu_stray_kick);
	nvu_irq_init(pmu);
	/* Released after the interrupts, before @pmu: see nvu_irq_sync(). */
	if (devm_add_action(dev, nvu_irq_sync_action, pmu))
		return NULL;
	return pmu;
}
EXPORT_SYMBOL_GPL(devm_nvu_pmu_alloc);

/**
 * nvu_pmu_set_node() - associate @pmu with the CPUs of NUMA node @node
 * @pmu: the PMU
 * @node: NUMA node (a Tegra410 socket is one node)
 */
void nvu_pmu_set_node(struct nvu_pmu *pmu, int node)
{
	unsigned int cpu;

	cpumask_clear(&pmu->associated_cpus);
	for_each_possible_cpu(cpu) {
		if (cpu_to_node(cpu) == node)
			cpumask_set_cpu(cpu, &pmu->associated_cpus);
	}
}
EXPORT_SYMBOL_GPL(nvu_pmu_set_node);

/**
 * nvu_pmu_request_irq() - use an overflow interrupt instead of polling
 * @pmu: from devm_nvu_pmu_alloc(), not yet registered
 * @irq: the interrupt
 *
 * Call once, before registering.  The handler restarts counters at half
 * range, so the IP needs read_clear_overflow, write_counter and counters
 * that keep their counts over a disable.  Device-managed.
 *
 * Return: 0 or a probe error.
 */
int nvu_pmu_request_irq(struct nvu_pmu *pmu, int irq)
{
	struct nvu_pmu_core *c = pmu->core;
	const struct nvu_pmu_desc *desc = pmu->desc;
	int ret;

	if (WARN_ON(!desc->ops->read_clear_overflow || !desc->ops->write_counter ||
		    desc->flags & NVU_CLEAR_ON_DISABLE || c->registered ||
		    c->irq_line))
		return -EINVAL;
	ret = devm_request_irq(pmu->dev, irq, nvu_pmu_irq,
			       IRQF_NOBALANCING | IRQF_NO_THREAD,
			       dev_name(pmu->dev), pmu);
	if (ret)
		return dev_err_probe(pmu->dev, ret, "cannot request IRQ %d\n",
				     irq);
	c->irq_line = irq;
	WRITE_ONCE(c->irq, irq);
	return 0;
}

static void nvu_remove_cpuhp(void *data)
{
	struct nvu_pmu *pmu = data;

	cpuhp_state_remove_instance_nocalls(nvu_cpuhp_state, &pmu->core->cpuhp_node);
}

static void nvu_unregister_perf(struct nvu_pmu *pmu)
{
	struct nvu_pmu_core *c = pmu->core;

	/* Hotplug must not migrate the context from here on. */
	cpus_read_lock();
	mutex_lock(&nvu_stray_lock);
	c->registered = false;
	mutex_unlock(&nvu_stray_lock);
	cpus_read_unlock();
	perf_pmu_unregister(&pmu->pmu);
	/* No event is left to queue them. */
	irq_work_sync(&c->stray_kick);
	cancel_work_sync(&c->stray_work);
}

static void nvu_unregister_work(struct work_struct *work)
{
	nvu_unregister_perf(container_of(work, struct nvu_pmu_core,
					 unregister_work)->pmu);
}

static void nvu_unregister(void *data)
{
	struct nvu_pmu *pmu = data;
	struct nvu_pmu_core *c = pmu->core;
	bool queued;

	mutex_lock(&nvu_pmus_lock);
	list_del(&c->list);
	queued = c->unregister_queued;
	mutex_unlock(&nvu_pmus_lock);
	if (queued)
		flush_work(&c->unregister_work);
	else
		nvu_unregister_perf(pmu);
	/* No event is left: the timer should be off already. */
	hrtimer_cancel(&c->poll_timer);
	/* Devm frees the lines after this: none may be in flight then. */
	WRITE_ONCE(c->irq, 0);
	nvu_irq_quiesce(pmu);
}

/* perf_pmu_unregister() waits for grace periods; parallel calls share them. */
#define NVU_UNREGISTER_PARALLEL	256
static struct workqueue_struct *nvu_unregister_wq;

/**
 * nvu_pmus_unregister_module() - take every PMU of a module out of perf
 * @owner: the IP module, being unloaded
 *
 * Call from @owner's exit before unregistering its driver: its PMUs leave
 * perf in parallel, and their devices' teardown skips that step.  Does
 * nothing unless @owner is going away (so no event is open).
 */
void nvu_pmus_unregister_module(struct module *owner)
{
	struct nvu_pmu_core *c;

	if (!owner || module_is_live(owner))
		return;
	mutex_lock(&nvu_pmus_lock);
	list_for_each_entry(c, &nvu_pmus, list) {
		if (c->pmu->pmu.module != owner || c->unregister_queued)
			continue;
		c->unregister_queued = true;
		queue_work(nvu_unregister_wq, &c->unregister_work);
	}
	mutex_unlock(&nvu_pmus_lock);
	flush_workqueue(nvu_unregister_wq);
}
EXPORT_SYMBOL_GPL(nvu_pmus_unregister_module);

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * nvu_pmu_get() - find a registered PMU by name and pin its module
 * @name: PMU name
 *
 * For KUnit.  Release with nvu_pmu_put().
 *
 * Return: the PMU, or NULL.
 */
struct nvu_pmu *nvu_pmu_get(const char *name)
{
	struct nvu_pmu *found = NULL;
	struct nvu_pmu_core *c;

	mutex_lock(&nvu_pmus_lock);
	list_for_each_entry(c, &nvu_pmus, list) {
		if (!strcmp(c->pmu->name, name) &&
		    try_module_get(c->pmu->pmu.module)) {
			found = c->pmu;
			break;
		}
	}
	mutex_unlock(&nvu_pmus_lock);
	return found;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_pmu_get);

/**
 * nvu_pmu_put() - release a PMU from nvu_pmu_get()
 * @pmu: the PMU
 */
void nvu_pmu_put(struct nvu_pmu *pmu)
{
	module_put(pmu->pmu.module);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_pmu_put);
#endif /* CONFIG_KUNIT */

static int nvu_pmu_name_refuse(struct device *dev, const char *name,
			       const char *intree)
{
	return dev_err_probe(dev, -EBUSY, "PMU %s is already registered, by %s?\n",
			     name, intree ?: "another driver");
}

/**
 * nvu_pmu_name_check() - refuse a PMU name that is registered already
 * @dev: the device whose probe asks
 * @name: the PMU name
 * @intree: the driver that probably holds it, or NULL
 *
 * perf fails a taken name only when its sysfs entry collides, with a stack
 * dump; this refuses first, with one line.  Passes every name while sysfs
 * is not mounted.
 *
 * Return: 0, or -EBUSY (or -ENOMEM) for the probe to return.
 */
int nvu_pmu_name_check(struct device *dev, const char *name,
		       const char *intree)
{
	struct path path;
	char *p;
	int ret;

	p = kasprintf(GFP_KERNEL, "/sys/bus/event_source/devices/%s", name);
	if (!p)
		return -ENOMEM;
	ret = kern_path(p, 0, &path);
	kfree(p);
	if (ret)
		return 0;
	path_put(&path);
	return nvu_pmu_name_refuse(dev, name, intree);
}
EXPORT_SYMBOL_GPL(nvu_pmu_name_check);

/**
 * __devm_nvu_pmu_register() - register @pmu with perf
 * @pmu: from devm_nvu_pmu_alloc(), with @name, @num_counters,
 *	@counter_width and @associated_cpus set
 * @owner: the IP module; perf pins it while events exist
 *
 * Use devm_nvu_pmu_register().  Device-managed; undone on failure.
 *
 * Return: 0 or a probe error.
 */
int __devm_nvu_pmu_register(struct nvu_pmu *pmu, struct module *owner)
{
	struct nvu_pmu_core *c = pmu->core;
	const struct nvu_pmu_desc *desc = pmu->desc;
	struct device *dev = pmu->dev;
	int ret;

	if (!pmu->name || !pmu->counter_width || pmu->counter_width > 64 ||
	    !pmu->num_counters || pmu->num_counters > NVU_MAX_COUNTERS)
		return dev_err_probe(dev, -EINVAL, "bad PMU description\n");
	if (cpumask_empty(&pmu->associated_cpus))
		return dev_err_probe(dev, -ENODEV, "%s has no associated CPU\n",
				     pmu->name);
	c->format_group.name = "format";
	c->format_group.attrs = desc->formats;
	c->format_group.is_visible = desc->formats_visible;
	c->events_group.name = "events";
	c->events_group.attrs = desc->events;
	c->events_group.is_visible = desc->events_visible;
	c->attr_groups[0] = &nvu_common_group;
	c->attr_groups[1] = &c->format_group;
	c->attr_groups[2] = desc->events ? &c->events_group : NULL;
	c->attr_groups[c->attr_groups[2] ? 3 : 2] = desc->extra_group;

	/* Once for all events: the IRQ stays while perf has the PMU. */
	if (!c->irq && !nvu_width_pollable(pmu->counter_width, desc->max_rate))
		return dev_err_probe(dev, -EINVAL,
				     "%u-bit counters wrap too fast to poll\n",
				     pmu->counter_width);

	ret = nvu_pmu_name_check(dev, pmu->name, desc->intree_module);
	if (ret)
		return ret;

	pmu->pmu.module = owner;
	pmu->pmu.attr_groups = c->attr_groups;
#ifdef NVU_HAVE_PMU_PARENT
	pmu->pmu.parent = dev;
#endif
	nvu_pmu_setup_callbacks(pmu);

	ret = cpuhp_state_add_instance_nocalls(nvu_cpuhp_state,
					       &c->cpuhp_node);
	if (ret)
		return dev_err_probe(dev, ret, "cannot join CPU hotplug\n");
	ret = devm_add_action_or_reset(dev, nvu_remove_cpuhp, pmu);
	if (ret)
		return ret;

	/* No CPU may come or go between choosing the owner and registering. */
	cpus_read_lock();
	pmu->cpu = nvu_pick_cpu(&pmu->associated_cpus, cpu_online_mask, -1);
	nvu_irq_to_owner(pmu);
	ret = perf_pmu_register(&pmu->pmu, pmu->name, -1);
	c->registered = !ret;
	cpus_read_unlock();
	/* Taken since the check, or sysfs was not mounted for it. */
	if (ret == -EEXIST)
		return nvu_pmu_name_refuse(dev, pmu->name, desc->intree_module);
	if (ret)
		return dev_err_probe(dev, ret, "cannot register PMU %s\n",
				     pmu->name);
	INIT_WORK(&c->unregister_work, nvu_unregister_work);
	mutex_lock(&nvu_pmus_lock);
	list_add_tail(&c->list, &nvu_pmus);
	mutex_unlock(&nvu_pmus_lock);
	return devm_add_action_or_reset(dev, nvu_unregister, pmu);
}
EXPORT_SYMBOL_GPL(__devm_nvu_pmu_register);

static int __init nvu_init(void)
{
	int ret;

	nvu_unregister_wq = alloc_workqueue("nvu_unregister", WQ_UNBOUND,
					    NVU_UNREGISTER_PARALLEL);
	if (!nvu_unregister_wq)
		return -ENOMEM;
	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/nv_uncore:online",
				      nvu_cpu_online, nvu_cpu_offline);
	if (ret < 0) {
		destroy_workqueue(nvu_unregister_wq);
		return ret;
	}
	nvu_cpuhp_state = ret;
	return 0;
}

static void __exit nvu_exit(void)
{
	cpuhp_remove_multi_state(nvu_cpuhp_state);
	destroy_workqueue(nvu_unregister_wq);
}

module_init(nvu_init);
module_exit(nvu_exit);
MODULE_DESCRIPTION("nv-uncore: shared core of the uncore PMU drivers");
MODULE_LICENSE("GPL");

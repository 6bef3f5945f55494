/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nv_uncore: shared core of the nv-uncore PMU drivers.  An IP module
 * describes its PMU; the core does the perf side.  See Documentation/core.rst.
 */
#ifndef NV_UNCORE_H
#define NV_UNCORE_H

#include <linux/bitops.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/io.h>
#include <linux/jump_label.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/sysfs.h>

#include "nvu_conftest.h"

/* Symbol namespace imports (see nvu_ns.h). */
#ifdef NVU_NS_UNQUOTED
#define NVU_IMPORT_NS()		MODULE_IMPORT_NS(NV_UNCORE)
#define NVU_IMPORT_MODEL_NS()	MODULE_IMPORT_NS(NV_UNCORE_EMU)
#define NVU_IMPORT_KUNIT_NS()	MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#else
#define NVU_IMPORT_NS()		MODULE_IMPORT_NS("NV_UNCORE")
#define NVU_IMPORT_MODEL_NS()	MODULE_IMPORT_NS("NV_UNCORE_EMU")
#define NVU_IMPORT_KUNIT_NS()	MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#endif

/* Most counters (or free-running slots) of one PMU. */
#define NVU_MAX_COUNTERS	64
/* Shortest poll period; counters needing less are not polled. */
#define NVU_MIN_POLL_NS		(100 * NSEC_PER_USEC)

/* Register access: MMIO, or the hardware model's callbacks for its blocks. */

/**
 * struct nvu_emu_ops - callbacks of an emulated register block
 * @read: read the @size-byte (4 or 8) register at @off
 * @write: write @val to the @size-byte register at @off
 */
struct nvu_emu_ops {
	u64 (*read)(void *ctx, u32 off, unsigned int size);
	void (*write)(void *ctx, u32 off, u64 val, unsigned int size);
};

/**
 * struct nvu_regs - one mapped register block
 * @base: MMIO base on hardware
 * @emu: emulation callbacks, NULL on hardware
 * @emu_ctx: argument for @emu
 * @emu_off: offset of this block inside the emulated window
 */
struct nvu_regs {
	void __iomem *base;
	const struct nvu_emu_ops *emu;
	void *emu_ctx;
	u32 emu_off;
};

DECLARE_STATIC_KEY_FALSE(nvu_emu_active);

static __always_inline bool nvu_regs_emulated(const struct nvu_regs *r)
{
	return static_branch_unlikely(&nvu_emu_active) && r->emu;
}

static inline u32 nvu_read32(const struct nvu_regs *r, u32 off)
{
	if (nvu_regs_emulated(r))
		return r->emu->read(r->emu_ctx, r->emu_off + off, 4);
	return readl(r->base + off);
}

static inline void nvu_write32(const struct nvu_regs *r, u32 off, u32 val)
{
	if (nvu_regs_emulated(r))
		r->emu->write(r->emu_ctx, r->emu_off + off, val, 4);
	else
		writel(val, r->base + off);
}

/* A single-copy atomic 64-bit access. */
static inline u64 nvu_read64(const struct nvu_regs *r, u32 off)
{
	if (nvu_regs_emulated(r))
		return r->emu->read(r->emu_ctx, r->emu_off + off, 8);
	return readq(r->base + off);
}

static inline void nvu_write64(const struct nvu_regs *r, u32 off, u64 val)
{
	if (nvu_regs_emulated(r))
		r->emu->write(r->emu_ctx, r->emu_off + off, val, 8);
	else
		writeq(val, r->base + off);
}

/* Read pairs nvu_read64_split() tries before giving up. */
#define NVU_READ64_TRIES	4

int nvu_read64_split(const struct nvu_regs *r, u32 off, u64 *val);

int nvu_map_region(struct device *dev, const struct resource *res,
		   struct nvu_regs *regs, resource_size_t size);
int nvu_map_shared(struct device *dev, const struct resource *res,
		   struct nvu_regs *regs);
int nvu_map_instances(struct platform_device *pdev, struct nvu_regs *inst,
		      unsigned int n, struct nvu_regs *bcast,
		      resource_size_t size);

/**
 * struct nvu_emu_window - a physical address range served by the model
 * @start: first physical address
 * @size: length in bytes
 * @ops: register callbacks
 * @ctx: argument for @ops
 * @owner: module providing @ops; pinned while a driver maps the window
 * @list: core-private
 */
struct nvu_emu_window {
	phys_addr_t start;
	resource_size_t size;
	const struct nvu_emu_ops *ops;
	void *ctx;
	struct module *owner;
	struct list_head list;
};

void nvu_emu_window_add(struct nvu_emu_window *win);
void nvu_emu_window_del(struct nvu_emu_window *win);

/**
 * struct nvu_fw_ids - what firmware says a PMU device is
 * @socket: the _UID (the socket)
 * @hid: the _HID
 * @match_data: driver_data of the driver's ACPI ID entry for @hid
 */
struct nvu_fw_ids {
	u32 socket;
	const char *hid;
	const void *match_data;
};

#ifdef CONFIG_ACPI
int nvu_read_fw_ids(struct device *dev, struct nvu_fw_ids *fw);
#endif

/**
 * struct nvu_format_attr - a "format/<name>" attribute
 * @attr: sysfs attribute
 * @word: 0 for config, 1 for config1, 2 for config2
 * @mask: its bits in that word (contiguous); the only bits config may set
 */
struct nvu_format_attr {
	struct device_attribute attr;
	u8 word;
	u64 mask;
};

ssize_t nvu_format_show(struct device *dev, struct device_attribute *attr,
			char *buf);

#define NVU_FORMAT(_name, _word, _mask)					\
	(&((struct nvu_format_attr[]) {{				\
		.attr = __ATTR(_name, 0444, nvu_format_show, NULL),	\
		.word = (_word),					\
		.mask = (_mask),					\
	}})[0].attr.attr)

/**
 * struct nvu_event_attr - an "events/<name>" attribute
 * @attr: sysfs attribute
 * @id: value of the PMU's "event" format field
 */
struct nvu_event_attr {
	struct device_attribute attr;
	u64 id;
};

ssize_t nvu_event_show(struct device *dev, struct device_attribute *attr,
		       char *buf);

#define NVU_EVENT(_name, _id)						\
	(&((struct nvu_event_attr[]) {{				\
		.attr = __ATTR(_name, 0444, nvu_event_show, NULL),	\
		.id = (_id),						\
	}})[0].attr.attr)

/* hrtimer_setup(), emulated where the kernel lacks it. */
static inline void nvu_hrtimer_setup(struct hrtimer *timer,
				     enum hrtimer_restart (*fn)(struct hrtimer *),
				     clockid_t clock, enum hrtimer_mode mode)
{
#ifdef NVU_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, fn, clock, mode);
#else
	hrtimer_init(timer, clock, mode);
	timer->function = fn;
#endif
}

/**
 * struct nvu_req - what one event asks of a PMU, for group validation
 * @config: config, config1, config2 of the event
 * @cycle: the event wants the dedicated cycle counter
 */
struct nvu_req {
	u64 config[3];
	bool cycle;
};

struct nvu_pmu;
struct nvu_pmu_core;

/**
 * struct nvu_pmu_ops - hooks an IP module provides
 * @event_init: optional; refuse what the hardware cannot count.  A resource
 *	it claims is freed by the event->destroy it sets, which the core also
 *	calls if it refuses the event later
 * @is_cycle: optional; whether @config selects the dedicated cycle counter
 * @filters_fit: optional, pure; 0 if a group's @n requests (new event last)
 *	fit the shared filters (and, with @get_idx, the counters)
 * @get_idx: optional; @event's counter, or -EAGAIN if none is free.
 *	Default: the cycle counter for a cycle event, else the first free one
 * @add: optional; reserve shared resources as @event is scheduled in, or
 *	return -EAGAIN for perf to reschedule
 * @del: optional; release what @add reserved
 * @enable: start counting, PMU-wide; called only with a counter in use
 * @disable: stop counting, PMU-wide
 * @clear: optional; zero the hardware counters (see NVU_CLEAR_ON_DISABLE)
 * @start_counter: optional; program and enable @event's counter
 * @stop_counter: optional; disable @event's counter
 * @read_counter: raw value of @event's counter (&nvu_pmu.counter_width
 *	bits, or as nvu_event_set_wrap() set); a register shared by several
 *	counters may be read once per &nvu_pmu.read_gen
 * @write_counter: optional; set @event's counter to @val (without it the
 *	core starts from a read)
 * @read_clear_overflow: with an overflow interrupt: set in @ovf (zeroed,
 *	NVU_MAX_COUNTERS + 1 bits) the counters that overflowed, clear that
 *	status, return whether any did
 */
struct nvu_pmu_ops {
	int (*event_init)(struct nvu_pmu *pmu, struct perf_event *event);
	bool (*is_cycle)(const struct nvu_pmu *pmu, const u64 *config);
	int (*filters_fit)(const struct nvu_pmu *pmu,
			   const struct nvu_req *reqs, unsigned int n);
	int (*get_idx)(struct nvu_pmu *pmu, struct perf_event *event);
	int (*add)(struct nvu_pmu *pmu, struct perf_event *event);
	void (*del)(struct nvu_pmu *pmu, struct perf_event *event);
	void (*enable)(struct nvu_pmu *pmu);
	void (*disable)(struct nvu_pmu *pmu);
	void (*clear)(struct nvu_pmu *pmu);
	void (*start_counter)(struct nvu_pmu *pmu, struct perf_event *event);
	void (*stop_counter)(struct nvu_pmu *pmu, struct perf_event *event);
	u64 (*read_counter)(struct nvu_pmu *pmu, struct perf_event *event);
	void (*write_counter)(struct nvu_pmu *pmu, struct perf_event *event,
			      u64 val);
	bool (*read_clear_overflow)(struct nvu_pmu *pmu, unsigned long *ovf);
};

/*
 * &nvu_pmu_desc.flags.  NVU_CLEAR_ON_DISABLE: counters restart from zero
 * after a disable (or &nvu_pmu_ops.clear); the core folds the counts first.
 * NVU_EVENT_ANY_CPU: accept events opened on any CPU (they count on the
 * owner), not only on associated_cpus.
 */
#define NVU_CLEAR_ON_DISABLE	BIT(0)
#define NVU_EVENT_ANY_CPU	BIT(1)

/**
 * struct nvu_pmu_desc - static description of one PMU type
 * @formats: NULL-terminated format attributes (NVU_FORMAT)
 * @formats_visible: optional is_visible for @formats; a hidden field's
 *	bits still pass the core's check, so event_init must refuse them
 * @events: NULL-terminated event attributes (NVU_EVENT)
 * @events_visible: optional is_visible for @events
 * @ops: hooks
 * @flags: NVU_* flags
 * @max_rate: fastest count rate of any event, per second; sets the poll
 *	period with the counter width
 * @intree_module: in-tree driver of the same PMU names, named when a name
 *	is taken
 * @extra_group: optional further sysfs attributes (see nvu_dev_to_pmu())
 */
struct nvu_pmu_desc {
	struct attribute **formats;
	umode_t (*formats_visible)(struct kobject *kobj, struct attribute *attr,
				   int i);
	struct attribute **events;
	umode_t (*events_visible)(struct kobject *kobj, struct attribute *attr,
				  int i);
	const struct nvu_pmu_ops *ops;
	unsigned long flags;
	u64 max_rate;
	const char *intree_module;
	const struct attribute_group *extra_group;
};

/**
 * struct nvu_pmu - one PMU; allocate with devm_nvu_pmu_alloc()
 * @pmu: the perf PMU
 * @dev: the device the PMU belongs to
 * @desc: static description
 * @name: PMU name
 * @identifier: contents of the "identifier" sysfs file
 * @num_counters: regular counters (or free-running slots)
 * @counter_width: bits of the value read_counter() returns, 1..64
 * @has_cycle_counter: a dedicated cycle counter exists, at index @num_counters
 * @associated_cpus: CPUs this PMU may be used from
 * @cpu: owner CPU, the only CPU events are opened on
 * @used: allocated counter indexes
 * @events: event by counter index
 * @hw_running: counting is enabled
 * @poll_period: shortest period a counter in @polled needs, or 0
 * @polled: started counters that can wrap (nvu_event_set_wrap()) and that
 *	no interrupt covers
 * @read_gen: changes before each pass of counter reads
 * @core: the core's own state (drivers/core/nvu_internal.h)
 * @priv: IP module private data
 */
struct nvu_pmu {
	struct pmu pmu;
	struct device *dev;
	const struct nvu_pmu_desc *desc;
	const char *name;
	const char *identifier;
	unsigned int num_counters;
	unsigned int counter_width;
	bool has_cycle_counter;
	cpumask_t associated_cpus;
	int cpu;
	DECLARE_BITMAP(used, NVU_MAX_COUNTERS + 1);
	struct perf_event *events[NVU_MAX_COUNTERS + 1];
	bool hw_running;
	ktime_t poll_period;
	DECLARE_BITMAP(polled, NVU_MAX_COUNTERS + 1);
	unsigned long read_gen;
	struct nvu_pmu_core *core;
	void *priv;
};

static inline struct nvu_pmu *to_nvu_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct nvu_pmu, pmu);
}

/* The PMU of a device, for &nvu_pmu_desc.extra_group's show(). */
static inline struct nvu_pmu *nvu_dev_to_pmu(struct device *dev)
{
	return to_nvu_pmu(dev_get_drvdata(dev));
}

static inline void *nvu_pmu_priv(const struct nvu_pmu *pmu)
{
	return pmu->priv;
}

static inline unsigned int nvu_cycle_idx(const struct nvu_pmu *pmu)
{
	return pmu->num_counters;
}

struct nvu_pmu *devm_nvu_pmu_alloc(struct device *dev,
				   const struct nvu_pmu_desc *desc,
				   size_t priv_size);
int __devm_nvu_pmu_register(struct nvu_pmu *pmu, struct module *owner);
#define devm_nvu_pmu_register(pmu) __devm_nvu_pmu_register(pmu, THIS_MODULE)
void nvu_pmu_set_node(struct nvu_pmu *pmu, int node);
int nvu_pmu_name_check(struct device *dev, const char *name,
		       const char *intree);
void nvu_pmus_unregister_module(struct module *owner);
#if IS_ENABLED(CONFIG_KUNIT)
struct nvu_pmu *nvu_pmu_get(const char *name);
void nvu_pmu_put(struct nvu_pmu *pmu);
#endif

void nvu_event_config(const struct perf_event *event, u64 *config);
void nvu_event_set_wrap(struct perf_event *event, unsigned int width,
			u64 max_rate);

/* The core's pure logic, exported to KUnit only (EXPORT_SYMBOL_IF_KUNIT). */
u64 nvu_delta(u64 prev, u64 now, unsigned int width);
int nvu_group_fits(const struct nvu_pmu *pmu, const struct nvu_req *reqs,
		   unsigned int n);
u64 nvu_config_unknown_bits(struct attribute **formats, unsigned int word,
			    u64 value);
int nvu_format_string(char *buf, size_t len, unsigned int word, u64 mask);
unsigned int nvu_pick_cpu(const struct cpumask *assoc,
			  const struct cpumask *online, int exclude);
int nvu_counters_fit(unsigned int num_counters, bool has_cycle_counter,
		     const struct nvu_req *reqs, unsigned int n);
u64 nvu_poll_period_ns(unsigned int width, u64 max_rate);
bool nvu_width_pollable(unsigned int width, u64 max_rate);

#endif /* NV_UNCORE_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: emulated devices, their firmware description, and the debugfs
 * interface that drives traffic into them.  See Documentation/emu.rst.
 */

#include <linux/acpi.h>
#include <linux/cpu.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <acpi/processor.h>
#include <kunit/visibility.h>

#include "emu.h"
#include "nvu_cspmu.h"
#include "nvu_emu.h"
#include "nvu_t410_regs.h"

static unsigned int sockets;
module_param(sockets, uint, 0444);
MODULE_PARM_DESC(sockets,
		 "emulated Tegra410 sockets, one per NUMA node (1-2; default: one per online node, at most 2)");

static unsigned long long emu_phys_base = 0x2000000000ULL;
module_param_named(phys_base, emu_phys_base, ullong, 0444);
MODULE_PARM_DESC(phys_base, "physical address of the emulated register windows");

static unsigned int clock_khz = 1000000;
module_param(clock_khz, uint, 0444);
MODULE_PARM_DESC(clock_khz,
		 "PMU clock while time passes, in kHz; 0 = cycles advance only by 'cycles=' injections");

unsigned int nvu_emu_ucf_counters = 8;
module_param_named(ucf_counters, nvu_emu_ucf_counters, uint, 0444);
MODULE_PARM_DESC(ucf_counters, "UCF event counters besides the cycle counter [U] (1-63)");

unsigned int nvu_emu_ucf_width = 64;
module_param_named(ucf_width, nvu_emu_ucf_width, uint, 0444);
MODULE_PARM_DESC(ucf_width, "UCF counter width in bits [U] (1-64)");

bool nvu_emu_ucf_irq;
module_param_named(ucf_irq, nvu_emu_ucf_irq, bool, 0444);
MODULE_PARM_DESC(ucf_irq, "give UCF an overflow interrupt (an APMT GSIV) [U]");

bool nvu_emu_ucf_atomic64 = true;
module_param_named(ucf_atomic64, nvu_emu_ucf_atomic64, bool, 0444);
MODULE_PARM_DESC(ucf_atomic64,
		 "APMT flag: 64-bit UCF counter access is single-copy atomic [U]");

bool nvu_emu_ucf_pmiidr_zero;
module_param_named(ucf_pmiidr_zero, nvu_emu_ucf_pmiidr_zero, bool, 0444);
MODULE_PARM_DESC(ucf_pmiidr_zero, "UCF PMIIDR reads 0: identity from PMPIDR0-4");

static unsigned int ucf_impl_id;
module_param(ucf_impl_id, uint, 0444);
MODULE_PARM_DESC(ucf_impl_id, "APMT implementation ID for UCF (0: none)");

/*
 * What firmware and silicon may do that the specification leaves open
 * (CoreSight options [U], see emu_cspmu.c) or gets wrong (bad=).
 */
bool nvu_emu_cspmu_cc = true;
module_param_named(cspmu_cc, nvu_emu_cspmu_cc, bool, 0444);
MODULE_PARM_DESC(cspmu_cc, "UCF, PCIE, PCIE-TGT: PMCFGR.CC, a cycle counter [U]");

bool nvu_emu_cspmu_dual_page;
module_param_named(cspmu_dual_page, nvu_emu_cspmu_dual_page, bool, 0444);
MODULE_PARM_DESC(cspmu_dual_page,
		 "UCF, PCIE, PCIE-TGT: dual-page blocks (APMT flag bit 0) [U]");

bool nvu_emu_cspmu_dirty;
module_param_named(cspmu_dirty, nvu_emu_cspmu_dirty, bool, 0444);
MODULE_PARM_DESC(cspmu_dirty,
		 "UCF, PCIE, PCIE-TGT: firmware left every counter enabled, interrupting and overflowed");

bool nvu_emu_irq_affinity_fail;
module_param_named(irq_affinity_fail, nvu_emu_irq_affinity_fail, bool, 0644);
MODULE_PARM_DESC(irq_affinity_fail,
		 "the model's interrupt lines refuse every change of affinity (writable)");

static char *bad = "";
module_param(bad, charp, 0444);
MODULE_PARM_DESC(bad,
		 "bad firmware data or registers, DEVICE:WHAT[,...]; WHAT: no_counters, width0, pmiidr, affinity; CMN-600: loop, ptr_range, misaligned, unknown_type, zero_child, too_many, geometry, part, isolated; CXL: loc_outside, loc_duplicate, reserved_type, no_events, evcap_index, dvsec_truncated (Documentation/emu.rst)");

/**
 * nvu_emu_bad_name() - the bad= parameter names "@name:@what"
 * @name: an emulated device's name
 * @what: a kind of bad firmware data
 */
bool nvu_emu_bad_name(const char *name, const char *what)
{
	size_t nlen = strlen(name), wlen = strlen(what);
	const char *p = bad;

	while (p && *p) {
		if (!strncmp(p, name, nlen) && p[nlen] == ':' &&
		    !strncmp(p + nlen + 1, what, wlen) &&
		    (p[nlen + 1 + wlen] == ',' || !p[nlen + 1 + wlen]))
			return true;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return false;
}

/**
 * nvu_emu_bad() - the bad= parameter names "@dev:@what"
 * @dev: an emulated device, its name set
 * @what: a kind of bad firmware data
 */
bool nvu_emu_bad(const struct nvu_emu_dev *dev, const char *what)
{
	return nvu_emu_bad_name(dev->name, what);
}

/* Each device gets a window of its resources, in steps of this size. */
#define EMU_WINDOW_ALIGN	SZ_64K
/* Background traffic is injected this often. */
#define EMU_RATE_TICK_NS	NSEC_PER_MSEC
/* At most this many transactions per second per rate line. */
#define EMU_RATE_MAX		1000000000ULL
/* Longest inject line. */
#define EMU_LINE_MAX		512

static LIST_HEAD(emu_devs);
static struct dentry *emu_root;

/* ------------------------------------------------------------------------
 * Time and register access
 */

/* Re-evaluate the overflow interrupt line after a change. */
static void emu_irq_update(struct nvu_emu_dev *dev)
{
	if (dev->irq && dev->type->irq_level)
		nvu_emu_irq_level(dev, dev->type->irq_level(dev));
	if (dev->type->irq_update)
		dev->type->irq_update(dev);
}

/* Turn the time since the last access into cycles. */
static void emu_clock(struct nvu_emu_dev *dev)
{
	u64 now = ktime_get_ns(), cycles;

	if (!clock_khz) {
		dev->clock_ns = now;
		return;
	}
	/* cycles = ns * kHz / 1e6, keeping the remainder. */
	dev->clock_frac += (now - dev->clock_ns) * clock_khz;
	dev->clock_ns = now;
	cycles = div64_u64(dev->clock_frac, NSEC_PER_MSEC);
	dev->clock_frac -= cycles * NSEC_PER_MSEC;
	if (cycles && dev->type->tick)
		dev->type->tick(dev, cycles);
}

static void emu_apply(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t);
static void emu_rate_accrue(struct nvu_emu_dev *dev);

/*
 * Which CPUs touched the registers ("access"): a driver that keeps its
 * work on one CPU shows it.  CPUs from BITS_PER_LONG up share the top bit.
 */
static void emu_access_cpu(struct nvu_emu_dev *dev)
{
	dev->access_cpus |= BIT(min_t(unsigned int, raw_smp_processor_id(),
				      BITS_PER_LONG - 1));
}

static u64 emu_read(void *ctx, u32 off, unsigned int size)
{
	struct nvu_emu_dev *dev = ctx;
	unsigned long flags;
	u64 val;

	raw_spin_lock_irqsave(&dev->lock, flags);
	emu_clock(dev);
	emu_rate_accrue(dev);
	dev->nr_reads++;
	emu_access_cpu(dev);
	val = dev->type->read(dev, off, size);
	/* Traffic that lands between this read and the driver's next one. */
	if (dev->tear_armed && off == dev->tear_off) {
		emu_apply(dev, &dev->tear);
		dev->tear_fired++;
		dev->tear_armed = !dev->tear_times ||
				  dev->tear_fired < dev->tear_times;
	}
	emu_irq_update(dev);
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	return val;
}

static void emu_write(void *ctx, u32 off, u64 val, unsigned int size)
{
	struct nvu_emu_dev *dev = ctx;
	unsigned long flags;

	raw_spin_lock_irqsave(&dev->lock, flags);
	emu_clock(dev);
	emu_rate_accrue(dev);
	dev->nr_writes++;
	emu_access_cpu(dev);
	dev->type->write(dev, off, val, size);
	emu_irq_update(dev);
	raw_spin_unlock_irqrestore(&dev->lock, flags);
}

/* For blocks reached through another part of the model (a PCI BAR). */
u64 nvu_emu_dev_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	return emu_read(dev, off, size);
}

void nvu_emu_dev_write(struct nvu_emu_dev *dev, u32 off, u64 val,
		       unsigned int size)
{
	emu_write(dev, off, val, size);
}

static const struct nvu_emu_ops emu_ops = {
	.read = emu_read,
	.write = emu_write,
};

/* ------------------------------------------------------------------------
 * Transactions
 */

static const char * const emu_key_names[EMU_NR_KEYS] = {
	[EMU_COUNT] = "count", [EMU_OP] = "op", [EMU_SRC] = "src",
	[EMU_DST] = "dst", [EMU_BYTES] = "bytes", [EMU_SLC] = "slc",
	[EMU_INST] = "inst", [EMU_MC] = "mc", [EMU_OUTS] = "outs",
	[EMU_CYCLES] = "cycles", [EMU_DIR] = "dir", [EMU_PEER] = "peer",
	[EMU_RP] = "rp", [EMU_BDF] = "bdf", [EMU_ADDR] = "addr",
	[EMU_VID] = "vid", [EMU_GID] = "gid", [EMU_EV] = "ev", [EMU_HDM] = "hdm",
	[EMU_CRB] = "crb", [EMU_PER] = "per", [EMU_TYPE] = "type",
	[EMU_NODEID] = "nodeid", [EMU_EVENT] = "event", [EMU_OCCUP] = "occup",
	[EMU_FLIT] = "flit", [EMU_PORT] = "port", [EMU_CHAN] = "chan",
	[EMU_VAL] = "val", [EMU_VAL1] = "val1",
};

static const char * const emu_op_names[] = {
	[EMU_OP_RD] = "rd", [EMU_OP_WR] = "wr", [EMU_OP_ATOMIC] = "atomic",
	[EMU_OP_DATALESS] = "dataless", [EMU_OP_WB] = "wb",
	[EMU_OP_SNOOP] = "snoop", [EMU_OP_EXT_SNP] = "ext_snp",
	[EMU_OP_EXT_EVICT] = "ext_evict",
};

static const char * const emu_src_names[] = {
	[EMU_SRC_NONCPU] = "noncpu", [EMU_SRC_CPU] = "cpu", [EMU_SRC_REM] = "rem",
};

static const char * const emu_dst_names[] = {
	[EMU_DST_CMEM] = "cmem", [EMU_DST_GMEM] = "gmem",
	[EMU_DST_OTHER] = "other", [EMU_DST_REM] = "rem",
	[EMU_DST_P2P] = "p2p", [EMU_DST_CXL] = "cxl", [EMU_DST_BAR] = "bar",
	[EMU_DST_HDM] = "hdm",
};

static const char * const emu_slc_names[] = {
	[EMU_SLC_HIT] = "hit", [EMU_SLC_MISS] = "miss",
};

static const char * const emu_dir_names[] = {
	[EMU_DIR_IN] = "in", [EMU_DIR_OUT] = "out",
};

static const char * const emu_peer_names[] = {
	[EMU_PEER_CPU] = "cpu", [EMU_PEER_GPU0] = "gpu0",
	[EMU_PEER_GPU1] = "gpu1", [EMU_PEER_CXLMEM] = "cxlmem",
};

static const char * const emu_flit_names[] = {
	[EMU_FLIT_UP] = "up", [EMU_FLIT_DOWN] = "down",
};

static const char * const emu_chan_names[] = {
	[EMU_CHAN_REQ] = "req", [EMU_CHAN_RSP] = "rsp", [EMU_CHAN_SNP] = "snp",
	[EMU_CHAN_DAT] = "dat",
};

/* CMN-600 node types by the perf ABI's event prefix (spec B.9). */
static const struct {
	const char *name;
	u16 type;
} emu_cmn_types[] = {
	{ "dn", 0x1 }, { "hni", 0x4 }, { "hnf", 0x5 }, { "xp", 0x6 },
	{ "sbsx", 0x7 }, { "rnid", 0xa }, { "rnd", 0xd }, { "cxra", 0x100 },
	{ "cxha", 0x101 },
};

/* The names of each key's symbolic values (index = value). */
static const struct {
	const char * const *names;
	size_t n;
} emu_key_values[EMU_NR_KEYS] = {
	[EMU_OP] = { emu_op_names, ARRAY_SIZE(emu_op_names) },
	[EMU_SRC] = { emu_src_names, ARRAY_SIZE(emu_src_names) },
	[EMU_DST] = { emu_dst_names, ARRAY_SIZE(emu_dst_names) },
	[EMU_SLC] = { emu_slc_names, ARRAY_SIZE(emu_slc_names) },
	[EMU_DIR] = { emu_dir_names, ARRAY_SIZE(emu_dir_names) },
	[EMU_PEER] = { emu_peer_names, ARRAY_SIZE(emu_peer_names) },
	[EMU_FLIT] = { emu_flit_names, ARRAY_SIZE(emu_flit_names) },
	[EMU_CHAN] = { emu_chan_names, ARRAY_SIZE(emu_chan_names) },
};

/* A symbolic or numeric value of @key. */
static int emu_parse_value(enum nvu_emu_key key, const char *s, u64 *val)
{
	unsigned int j;
	int i;

	if (key == EMU_TYPE) {
		for (j = 0; j < ARRAY_SIZE(emu_cmn_types); j++) {
			if (!strcmp(s, emu_cmn_types[j].name)) {
				*val = emu_cmn_types[j].type;
				return 0;
			}
		}
	}
	if (emu_key_values[key].names) {
		i = __sysfs_match_string(emu_key_values[key].names,
					 emu_key_values[key].n, s);
		if (i < 0)
			return -EINVAL;
		*val = i;
		return 0;
	}
	if ((key == EMU_INST || key == EMU_MC) && !strcmp(s, "all")) {
		*val = EMU_ALL;
		return 0;
	}
	return kstrtou64(s, 0, val);
}

/* Parse "key=value ..." into @t with the defaults filled in. */
static int emu_parse(const struct nvu_emu_dev *dev, char *line,
		     struct nvu_emu_txn *t)
{
	const struct nvu_emu_type *type = dev->type;
	char *word;

	memset(t, 0, sizeof(*t));
	t->v[EMU_COUNT] = 1;
	t->v[EMU_BYTES] = 64;
	t->v[EMU_SRC] = EMU_SRC_CPU;
	t->v[EMU_DST] = EMU_DST_CMEM;
	if (type->defaults)
		type->defaults(t);

	while ((word = strsep(&line, " \t\n"))) {
		char *val = strchr(word, '=');
		int key, ret;

		if (!*word)
			continue;
		if (!val)
			return -EINVAL;
		*val++ = '\0';
		key = match_string(emu_key_names, EMU_NR_KEYS, word);
		if (key < 0 || !(type->keys & BIT(key)))
			return -EINVAL;
		ret = emu_parse_value(key, val, &t->v[key]);
		if (ret)
			return ret;
		t->set |= BIT(key);
	}
	return type->check ? type->check(dev, t) : 0;
}

/* Count @t: first the clock, then the transactions. */
static void emu_apply(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t)
{
	emu_clock(dev);
	if ((t->set & BIT(EMU_CYCLES)) && dev->type->tick) {
		dev->tick_busy = t->set & ~BIT(EMU_CYCLES) && t->v[EMU_COUNT];
		dev->type->tick(dev, t->v[EMU_CYCLES]);
		dev->tick_busy = false;
	}
	/* A line of only "cycles=" moves the clock and nothing else. */
	if (t->set & ~BIT(EMU_CYCLES) && t->v[EMU_COUNT])
		dev->type->inject(dev, t);
	emu_irq_update(dev);
}

/* Parse and count one inject line; @line is modified. */
struct emu_apply_args {
	struct nvu_emu_dev *dev;
	const struct nvu_emu_txn *t;
};

static void emu_apply_locked(void *arg)
{
	struct emu_apply_args *a = arg;
	unsigned long flags;

	raw_spin_lock_irqsave(&a->dev->lock, flags);
	emu_apply(a->dev, a->t);
	raw_spin_unlock_irqrestore(&a->dev->lock, flags);
}

/*
 * Count an injected batch on the CPU that owns the PMU: where its overflow
 * interrupt is routed, else the first online CPU of its socket, else the
 * first online CPU (the drivers' choice of owner).  perf's callbacks and
 * the overflow handler run there with interrupts off, and some of them
 * disable the PMU for a moment (rotating events, folding an overflow).  A
 * batch is instantaneous where hardware traffic is spread over time: from
 * another CPU it could fall into such a moment whole and not count.  On
 * the owner it never does, so tests can expect exact counts.
 */
static void emu_apply_on_owner(struct nvu_emu_dev *dev,
			       const struct nvu_emu_txn *t)
{
	struct emu_apply_args a = { .dev = dev, .t = t };
	unsigned int cpu;

	cpus_read_lock();
	cpu = dev->irq ? dev->irq_cpu : nr_cpu_ids;
	if (dev->type->owner_cpu)
		cpu = dev->type->owner_cpu(dev);
	if (cpu >= nr_cpu_ids || !cpu_online(cpu))
		cpu = cpumask_first_and(cpumask_of_node(dev->socket),
					cpu_online_mask);
	if (cpu >= nr_cpu_ids)
		cpu = cpumask_first(cpu_online_mask);
	if (smp_call_function_single(cpu, emu_apply_locked, &a, 1))
		emu_apply_locked(&a);
	cpus_read_unlock();
}

static int emu_inject_line(struct nvu_emu_dev *dev, char *line)
{
	struct nvu_emu_txn t;
	int ret;

	ret = emu_parse(dev, line, &t);
	if (ret)
		return ret;
	emu_apply_on_owner(dev, &t);
	return 0;
}

static ssize_t emu_inject_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	char *line;
	int ret;

	if (len > EMU_LINE_MAX)
		return -E2BIG;
	line = memdup_user_nul(ubuf, len);
	if (IS_ERR(line))
		return PTR_ERR(line);
	ret = emu_inject_line(file->private_data, line);
	kfree(line);
	return ret ?: len;
}

/*
 * "tear": "res=<i> off=<offset> [every=1|times=<n>] <inject keys>" arms the
 * model to apply the transaction right after it serves a read of that
 * register of memory resource <i>: on the next read, the next <n>, or on
 * every such read with every=1.  A carry can so be made to land between
 * two register reads of one counter read.  An empty line disarms.  @line
 * is modified.
 */
static int emu_tear_line(struct nvu_emu_dev *dev, char *line)
{
	const struct nvu_emu_type *type = dev->type;
	u32 res = 0, off = 0, every = 0, times = 1;
	unsigned long flags, have = 0;
	struct nvu_emu_txn t;
	char *rest, *word, *p;
	int ret;

	rest = kzalloc(strlen(line) + 2, GFP_KERNEL);	/* words, a space each */
	if (!rest)
		return -ENOMEM;
	p = rest;
	while ((word = strsep(&line, " \t\n"))) {
		if (!*word)
			continue;
		if (str_has_prefix(word, "res=")) {
			ret = kstrtou32(word + 4, 0, &res);
			have |= BIT(0);
		} else if (str_has_prefix(word, "off=")) {
			ret = kstrtou32(word + 4, 0, &off);
			have |= BIT(1);
		} else if (str_has_prefix(word, "every=")) {
			ret = kstrtou32(word + 6, 0, &every);
		} else if (str_has_prefix(word, "times=")) {
			ret = kstrtou32(word + 6, 0, &times);
		} else {
			p += sprintf(p, "%s ", word);
			ret = 0;
		}
		if (ret)
			goto out;
	}

	if (!have && p == rest) {
		raw_spin_lock_irqsave(&dev->lock, flags);
		dev->tear_armed = false;
		raw_spin_unlock_irqrestore(&dev->lock, flags);
		ret = 0;
		goto out;
	}
	ret = -EINVAL;
	if (have != (BIT(0) | BIT(1)) || res >= type->nr_res ||
	    off >= type->res_size || every > 1 || !times)
		goto out;
	ret = emu_parse(dev, rest, &t);
	if (ret)
		goto out;
	raw_spin_lock_irqsave(&dev->lock, flags);
	dev->tear = t;
	dev->tear_off = res * type->res_size + off;
	dev->tear_times = every ? 0 : times;
	dev->tear_fired = 0;
	dev->tear_armed = true;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
out:
	kfree(rest);
	return ret;
}

static struct nvu_emu_dev *emu_find(const char *name)
{
	struct nvu_emu_dev *dev;

	list_for_each_entry(dev, &emu_devs, list)
		if (!strcmp(dev->name, name))
			return dev;
	return NULL;
}

struct nvu_emu_dev *nvu_emu_dev_find(const char *name)
{
	return emu_find(name);
}

/* Run @fn on a copy of @line for the device called @name. */
static int emu_call_line(const char *name, const char *line,
			 int (*fn)(struct nvu_emu_dev *dev, char *line))
{
	struct nvu_emu_dev *dev = emu_find(name);
	char *copy;
	int ret;

	if (!dev)
		return -ENODEV;
	copy = kstrdup(line, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	ret = fn(dev, copy);
	kfree(copy);
	return ret;
}

/**
 * nvu_emu_inject() - inject traffic from kernel code (KUnit)
 * @name: the emulated PMU's name, as under debugfs nvu_emu/
 * @line: an inject line
 *
 * Returns 0, -ENODEV for an unknown device, or -EINVAL for a bad line.
 */
int nvu_emu_inject(const char *name, const char *line)
{
	return emu_call_line(name, line, emu_inject_line);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_emu_inject);

/**
 * nvu_emu_tear() - arm a torn read from kernel code (KUnit)
 * @name: the emulated PMU's name
 * @line: a "tear" line (see Documentation/emu.rst); empty disarms
 *
 * Returns 0, -ENODEV for an unknown device, or -EINVAL for a bad line.
 */
int nvu_emu_tear(const char *name, const char *line)
{
	return emu_call_line(name, line, emu_tear_line);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_emu_tear);

/**
 * nvu_emu_tear_fired() - how often the armed torn read fired
 * @name: the emulated PMU's name
 *
 * Returns the count since the last arming, or 0 for an unknown device.
 */
u64 nvu_emu_tear_fired(const char *name)
{
	struct nvu_emu_dev *dev = emu_find(name);
	unsigned long flags;
	u64 n;

	if (!dev)
		return 0;
	raw_spin_lock_irqsave(&dev->lock, flags);
	n = dev->tear_fired;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_emu_tear_fired);

/**
 * nvu_emu_access() - register accesses of an emulated device (benchmarks)
 * @name: the emulated PMU's name
 * @reads: reads since the last reset
 * @writes: writes since the last reset
 * @reset: start counting again from zero
 *
 * Returns 0 or -ENODEV.
 */
int nvu_emu_access(const char *name, u64 *reads, u64 *writes, bool reset)
{
	struct nvu_emu_dev *dev = emu_find(name);
	unsigned long flags;

	if (!dev)
		return -ENODEV;
	raw_spin_lock_irqsave(&dev->lock, flags);
	*reads = dev->nr_reads;
	*writes = dev->nr_writes;
	if (reset) {
		dev->nr_reads = 0;
		dev->nr_writes = 0;
	}
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_emu_access);

static ssize_t emu_tear_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	struct nvu_emu_dev *dev = ((struct seq_file *)file->private_data)->private;
	char *line;
	int ret;

	if (len > EMU_LINE_MAX)
		return -E2BIG;
	line = memdup_user_nul(ubuf, len);
	if (IS_ERR(line))
		return PTR_ERR(line);
	ret = emu_tear_line(dev, line);
	kfree(line);
	return ret ?: len;
}

static int emu_tear_show(struct seq_file *m, void *v)
{
	struct nvu_emu_dev *dev = m->private;
	unsigned long flags;
	bool armed;
	u64 fired;

	raw_spin_lock_irqsave(&dev->lock, flags);
	armed = dev->tear_armed;
	fired = dev->tear_fired;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	seq_printf(m, "armed %d\nfired %llu\n", armed, fired);
	return 0;
}

static int emu_tear_open(struct inode *inode, struct file *file)
{
	return single_open(file, emu_tear_show, inode->i_private);
}

static const struct file_operations emu_tear_fops = {
	.owner = THIS_MODULE,
	.open = emu_tear_open,
	.read = seq_read,
	.write = emu_tear_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static const struct file_operations emu_inject_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = emu_inject_write,
	.llseek = noop_llseek,
};

/* ------------------------------------------------------------------------
 * Background traffic
 */

/*
 * Background traffic up to now, under @dev->lock: at every tick and before
 * every register access, so that what a driver reads is the rate times
 * the time, however late the tick runs on a loaded host (a late tick
 * would deliver its traffic in one lump, and a multiplexed estimate would
 * see bursts that are not there).
 */
static void emu_rate_accrue(struct nvu_emu_dev *dev)
{
	unsigned int i;
	u64 now, before;

	if (!dev->nr_rates)
		return;
	now = ktime_get_ns();
	for (i = 0; i < dev->nr_rates; i++) {
		struct nvu_emu_txn t = dev->rate[i];

		/* count = per-second count * elapsed, carrying the remainder. */
		dev->rate_frac[i] += t.v[EMU_COUNT] * (now - dev->rate_last_ns);
		t.v[EMU_COUNT] = div64_u64(dev->rate_frac[i], NSEC_PER_SEC);
		dev->rate_frac[i] -= t.v[EMU_COUNT] * NSEC_PER_SEC;
		if (!t.v[EMU_COUNT])
			continue;
		before = dev->type->counted ? dev->type->counted(dev) : 0;
		emu_apply(dev, &t);
		if (dev->type->counted)
			dev->rate_counted[i] += dev->type->counted(dev) - before;
	}
	dev->rate_last_ns = now;
}

static enum hrtimer_restart emu_rate_tick(struct hrtimer *timer)
{
	struct nvu_emu_dev *dev = container_of(timer, struct nvu_emu_dev,
					       rate_timer);
	unsigned long flags;

	raw_spin_lock_irqsave(&dev->lock, flags);
	emu_rate_accrue(dev);
	raw_spin_unlock_irqrestore(&dev->lock, flags);

	hrtimer_forward_now(timer, ns_to_ktime(EMU_RATE_TICK_NS));
	return HRTIMER_RESTART;
}

/*
 * "rate": background traffic, one inject line per kind of transaction,
 * separated by ';' or newlines, "count" per second.  An empty write stops it.
 */
static ssize_t emu_rate_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	struct nvu_emu_dev *dev = file->private_data;
	struct nvu_emu_txn *t;
	unsigned int n = 0;
	unsigned long flags;
	char *buf, *line, *p;
	int ret = 0;

	if (len > EMU_MAX_RATES * EMU_LINE_MAX)
		return -E2BIG;
	/* Not on the stack: KASAN's redzones make the frame too large. */
	t = kcalloc(EMU_MAX_RATES, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf)) {
		kfree(t);
		return PTR_ERR(buf);
	}
	p = buf;
	while ((line = strsep(&p, ";\n")) && !ret) {
		if (!*strim(line))
			continue;
		if (n == EMU_MAX_RATES) {
			ret = -E2BIG;
			break;
		}
		ret = emu_parse(dev, line, &t[n]);
		/* count * elapsed ns must not overflow in the tick. */
		if (!ret && t[n].v[EMU_COUNT] > EMU_RATE_MAX)
			ret = -ERANGE;
		/* Background traffic is transactions; the clock runs by itself. */
		t[n].set &= ~BIT(EMU_CYCLES);
		n++;
	}
	kfree(buf);
	if (ret) {
		kfree(t);
		return ret;
	}

	hrtimer_cancel(&dev->rate_timer);
	raw_spin_lock_irqsave(&dev->lock, flags);
	emu_rate_accrue(dev);		/* the old lines, up to now */
	memcpy(dev->rate, t, n * sizeof(t[0]));
	memset(dev->rate_frac, 0, sizeof(dev->rate_frac));
	memset(dev->rate_counted, 0, sizeof(dev->rate_counted));
	dev->nr_rates = n;
	dev->rate_last_ns = ktime_get_ns();
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	kfree(t);
	if (n)
		hrtimer_start(&dev->rate_timer, ns_to_ktime(EMU_RATE_TICK_NS),
			      HRTIMER_MODE_REL);
	return len;
}

/*
 * Reading "rate" gives, for each line in the order written, how many of its
 * transactions the block's counters took so far (0 for a kind without
 * .counted).  Traffic that arrives while perf has the PMU disabled, or no
 * counter counts it, is not in it: with a line counted by at most one
 * counter at a time, this is what a driver must report for that line,
 * exactly, however perf and its users multiplex.
 */
static ssize_t emu_rate_read(struct file *file, char __user *ubuf,
			     size_t len, loff_t *ppos)
{
	struct nvu_emu_dev *dev = file->private_data;
	char *buf;
	unsigned long flags;
	unsigned int i;
	size_t n = 0;
	ssize_t ret;

	if (*ppos)		/* one read: the figures move */
		return 0;
	buf = kzalloc(EMU_MAX_RATES * 24, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	raw_spin_lock_irqsave(&dev->lock, flags);
	emu_rate_accrue(dev);
	for (i = 0; i < dev->nr_rates; i++)
		n += scnprintf(buf + n, EMU_MAX_RATES * 24 - n, "%llu\n",
			       dev->rate_counted[i]);
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	ret = simple_read_from_buffer(ubuf, len, ppos, buf, n);
	kfree(buf);
	return ret;
}

static const struct file_operations emu_rate_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = emu_rate_read,
	.write = emu_rate_write,
	.llseek = noop_llseek,
};

/*
 * "access": register reads and writes, and the CPUs that made them, since
 * the last reset ("0" resets).
 */
static int emu_access_show(struct seq_file *m, void *v)
{
	struct nvu_emu_dev *dev = m->private;
	unsigned long flags, cpus;
	u64 r, w;

	raw_spin_lock_irqsave(&dev->lock, flags);
	r = dev->nr_reads;
	w = dev->nr_writes;
	cpus = dev->access_cpus;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	seq_printf(m, "reads %llu\nwrites %llu\ncpus %*pbl\n", r, w,
		   BITS_PER_LONG, &cpus);
	return 0;
}

static int emu_access_open(struct inode *inode, struct file *file)
{
	return single_open(file, emu_access_show, inode->i_private);
}

/*
 * "counting": how long the block has counted, in ns.  Traffic from "rate"
 * lines that falls outside that time is not counted, so a test of
 * time-multiplexed estimates takes its truth from this, not from the wall
 * clock: on a slow guest the PMU spends a visible share of the time
 * disabled while perf reprograms it.
 */
static int emu_counting_show(struct seq_file *m, void *v)
{
	struct nvu_emu_dev *dev = m->private;
	unsigned long flags;
	u64 ns;

	raw_spin_lock_irqsave(&dev->lock, flags);
	ns = dev->type->counting_ns(dev);
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	seq_printf(m, "%llu\n", ns);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(emu_counting);

static ssize_t emu_access_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	struct nvu_emu_dev *dev = ((struct seq_file *)file->private_data)->private;
	unsigned long flags;

	raw_spin_lock_irqsave(&dev->lock, flags);
	dev->nr_reads = 0;
	dev->nr_writes = 0;
	dev->access_cpus = 0;
	raw_spin_unlock_irqrestore(&dev->lock, flags);
	return len;
}

static const struct file_operations emu_access_fops = {
	.owner = THIS_MODULE,
	.open = emu_access_open,
	.read = seq_read,
	.write = emu_access_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* ------------------------------------------------------------------------
 * Devices
 */

static void emu_dev_free(struct nvu_emu_dev *dev)
{
	hrtimer_cancel(&dev->rate_timer);
	debugfs_remove_recursive(dev->dir);
	if (dev->pdev)
		platform_device_unregister(dev->pdev);
	nvu_emu_irq_free(dev);
	if (!dev->type->no_window)
		nvu_emu_window_del(&dev->win);
	if (dev->type->exit)
		dev->type->exit(dev);
	kfree(dev->state);
	kfree(dev);
}

/*
 * The ACPI processor UID of the first CPU of @node, the CPU the APMT
 * nodes name; U32_MAX if there is none.
 */
static u32 emu_node_cpu_uid(int node)
{
	struct acpi_processor *pr;
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		if (cpu_to_node(cpu) != node)
			continue;
		pr = per_cpu(processors, cpu);
		return pr ? pr->acpi_id : U32_MAX;
	}
	return U32_MAX;
}

/*
 * The APMT node firmware would give a CoreSight block, as the kernel's
 * APMT code hands it to the driver.  The affinity is a processor, the
 * socket's first CPU: QEMU's ACPI tables have no processor containers.
 * An overflow interrupt is a resource of the device (the model's own
 * interrupt domain has no GSIV), so ovflw_irq stays 0.
 */
static void emu_apmt_node(struct nvu_emu_dev *dev,
			  const struct nvu_emu_apmt *apmt,
			  const struct resource *res)
{
	static u32 next_id;
	struct acpi_apmt_node *node = &dev->apmt;

	node->length = sizeof(*node);
	node->type = apmt->type;
	node->flags = apmt->flags;
	if (nvu_emu_cspmu_dual_page) {
		node->flags |= ACPI_APMT_FLAGS_DUAL_PAGE;
		node->base_address1 = res[1].start;
	}
	node->id = next_id++;
	if (apmt->hid)
		memcpy(&node->inst_primary, apmt->hid,
		       min(strlen(apmt->hid), sizeof(node->inst_primary)));
	node->inst_secondary = apmt->uid;
	node->base_address0 = res[0].start;
	node->impl_id = apmt->impl_id;
	node->proc_affinity = nvu_emu_bad(dev, "affinity") ? U32_MAX - 1 :
			      emu_node_cpu_uid(dev->socket);
	dev->apmt_ptr = node;
}

/* An APMT device of the firmware whose page 0 is at *@data. */
static int emu_match_fw_apmt(struct device *d, const void *data)
{
	const struct acpi_apmt_node *node;

	if (!dev_is_platform(d) ||
	    strcmp(to_platform_device(d)->name, "arm-cs-arch-pmu"))
		return 0;
	node = nvu_cspmu_apmt_node(d);
	return node && node->base_address0 == *(const phys_addr_t *)data;
}

/*
 * The firmware's APMT (arm64 test VMs with tests/vm/fwgen --apmt) already
 * describes the CoreSight block at @dev's window: its device is the one
 * drivers bind, and the model only serves the window.  The model's
 * parameters must then agree with the node, since the model cannot change
 * firmware: -EINVAL (with a message) if they do not.  Returns 1 if the
 * firmware has the device, 0 if the model must create it.
 */
static int emu_fw_apmt(struct nvu_emu_dev *dev, const struct nvu_emu_apmt *apmt,
		       int irq_hw)
{
	const struct acpi_apmt_node *node;
	struct device *d;
	u8 flags;

	d = bus_find_device(&platform_bus_type, NULL, &dev->win.start,
			    emu_match_fw_apmt);
	if (!d)
		return 0;
	node = nvu_cspmu_apmt_node(d);
	put_device(d);
	flags = apmt->flags |
		(nvu_emu_cspmu_dual_page ? ACPI_APMT_FLAGS_DUAL_PAGE : 0);
	if ((node->flags & ~ACPI_APMT_FLAGS_AFFINITY) != flags ||
	    node->impl_id != apmt->impl_id || irq_hw >= 0 ||
	    nvu_emu_bad(dev, "affinity")) {
		pr_err("nvu_emu: %s: the firmware's APMT node (flags %#x, implementation ID %#x, no interrupt) is not what the parameters ask for (flags %#x, ID %#x%s%s)\n",
		       dev->name, node->flags, node->impl_id, flags,
		       apmt->impl_id, irq_hw >= 0 ? ", an interrupt" : "",
		       nvu_emu_bad(dev, "affinity") ? ", a bad affinity" : "");
		return -EINVAL;
	}
	return 1;
}

static phys_addr_t emu_next_phys;

/**
 * nvu_emu_alloc_phys() - physical address space for a register window
 * @size: bytes
 * @align: alignment, a power of two
 *
 * Windows follow each other from the phys_base parameter up.
 */
phys_addr_t nvu_emu_alloc_phys(resource_size_t size, resource_size_t align)
{
	phys_addr_t start;

	if (!emu_next_phys)
		emu_next_phys = emu_phys_base;
	start = ALIGN(emu_next_phys, align);
	emu_next_phys = start + size;
	return start;
}

/*
 * Create one emulated device: its register window, and for a CoreSight
 * block the platform device the kernel's APMT code would create from
 * @apmt, unless the firmware's APMT has it.  The other blocks' devices come
 * from the firmware tables.
 */
int __nvu_emu_dev_create(const struct nvu_emu_type *type, const char *name,
			 int socket, unsigned int index,
			 const struct nvu_emu_apmt *apmt, int irq_hw)
{
	struct resource *res;
	struct nvu_emu_dev *dev;
	struct platform_device *pdev;
	unsigned int i, nres;
	int ret;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->state = kzalloc(type->state_size, GFP_KERNEL);
	res = kcalloc(type->nr_res + 1, sizeof(*res), GFP_KERNEL);
	if (!dev->state || !res) {
		kfree(res);
		kfree(dev->state);
		kfree(dev);
		return -ENOMEM;
	}
	strscpy(dev->name, name, sizeof(dev->name));
	dev->type = type;
	dev->socket = socket;
	dev->index = index;
	raw_spin_lock_init(&dev->lock);
	nvu_hrtimer_setup(&dev->rate_timer, emu_rate_tick, CLOCK_MONOTONIC,
			  HRTIMER_MODE_REL);
	dev->clock_ns = ktime_get_ns();
	if (type->init)
		type->init(dev);

	if (!type->no_window) {
		dev->win.size = ALIGN(type->nr_res * type->res_size,
				      EMU_WINDOW_ALIGN);
		dev->win.start = nvu_emu_alloc_phys(dev->win.size,
						    EMU_WINDOW_ALIGN);
		dev->win.ops = &emu_ops;
		dev->win.ctx = dev;
		dev->win.owner = THIS_MODULE;
		nvu_emu_window_add(&dev->win);
	}
	list_add_tail(&dev->list, &emu_devs);

	dev->dir = debugfs_create_dir(name, emu_root);
	debugfs_create_file("inject", 0200, dev->dir, dev, &emu_inject_fops);
	debugfs_create_file("rate", 0600, dev->dir, dev, &emu_rate_fops);
	debugfs_create_file("access", 0600, dev->dir, dev, &emu_access_fops);
	debugfs_create_file("tear", 0600, dev->dir, dev, &emu_tear_fops);
	if (type->counting_ns)
		debugfs_create_file("counting", 0400, dev->dir, dev,
				    &emu_counting_fops);
	ret = type->pdev_name && !type->no_window ?
	      emu_fw_apmt(dev, apmt, irq_hw) : 1;
	if (ret) {
		kfree(res);
		return ret < 0 ? ret : 0;
	}

	for (i = 0; i < type->nr_res; i++) {
		res[i].start = dev->win.start + i * type->res_size;
		res[i].end = res[i].start + type->res_size - 1;
		res[i].flags = IORESOURCE_MEM;
	}
	nres = type->nr_res;
	emu_apmt_node(dev, apmt, res);
	if (irq_hw >= 0) {
		ret = nvu_emu_irq_alloc(dev, irq_hw);
		if (ret < 0) {
			kfree(res);
			return ret;
		}
		res[nres].start = ret;
		res[nres].end = ret;
		res[nres].flags = IORESOURCE_IRQ;
		nres++;
	}

	/* As the APMT code does: a pointer to the node as platform data. */
	pdev = platform_device_alloc(type->pdev_name, PLATFORM_DEVID_AUTO);
	if (!pdev) {
		kfree(res);
		return -ENOMEM;
	}
	ret = platform_device_add_resources(pdev, res, nres);
	kfree(res);
	if (!ret)
		ret = platform_device_add_data(pdev, &dev->apmt_ptr,
					       sizeof(dev->apmt_ptr));
	if (!ret)
		ret = platform_device_add(pdev);
	if (ret) {
		platform_device_put(pdev);
		return ret;
	}
	dev->pdev = pdev;
	return 0;
}

static int emu_create_socket(int s)
{
	/* The APMT node type of UCF is unknown [U]; a memory controller. */
	const struct nvu_emu_apmt ucf_apmt = {
		.type = ACPI_APMT_NODE_TYPE_MC,
		.flags = nvu_emu_ucf_atomic64 ? ACPI_APMT_FLAGS_ATOMIC : 0,
		.impl_id = ucf_impl_id,
	};
	char name[48];
	int ret;

	snprintf(name, sizeof(name), "nvidia_ucf_pmu_%d", s);
	ret = nvu_emu_dev_create(nvu_emu_cspmu_dual_page ? &nvu_emu_ucf_dual :
				 &nvu_emu_ucf, name, s, &ucf_apmt,
				 nvu_emu_ucf_irq ? s : -1);
	if (ret)
		return ret;
	snprintf(name, sizeof(name), "nvidia_cmem_latency_pmu_%d", s);
	ret = nvu_emu_dev_create(&nvu_emu_cmem, name, s, NULL, -1);
	if (ret)
		return ret;
	ret = nvu_emu_pcie_create(s);
	if (ret)
		return ret;
	return nvu_emu_c2c_create(s);
}

static void emu_destroy_all(void)
{
	struct nvu_emu_dev *dev, *tmp;

	nvu_emu_t410_rp_destroy();
	nvu_emu_cxl_destroy();
	list_for_each_entry_safe_reverse(dev, tmp, &emu_devs, list) {
		list_del(&dev->list);
		emu_dev_free(dev);
	}
}

static int __init nvu_emu_init(void)
{
	int s, ret = 0;

	if (!sockets)
		sockets = min_t(unsigned int, num_online_nodes(), 2);
	if (sockets > 2 || !node_online(sockets - 1) || !nvu_emu_ucf_counters ||
	    nvu_emu_ucf_counters > EMU_CSPMU_MAX - 1 || !nvu_emu_ucf_width ||
	    nvu_emu_ucf_width > 64)
		return -EINVAL;

	ret = nvu_emu_irq_init();
	if (ret)
		return ret;
	emu_root = debugfs_create_dir("nvu_emu", NULL);
	for (s = 0; s < sockets && !ret; s++)
		ret = emu_create_socket(s);
	/* After every socket's blocks, as tests/vm/fwgen's layout(). */
	if (!ret)
		ret = nvu_emu_cmn_create();
	if (!ret)
		ret = nvu_emu_bench_create(sockets);
	if (!ret)
		ret = nvu_emu_cxl_create(sockets);
	if (!ret)
		ret = nvu_emu_t410_rp_create(sockets);
	if (ret) {
		emu_destroy_all();
		nvu_emu_cmn_irq_exit();
		debugfs_remove_recursive(emu_root);
		nvu_emu_irq_exit();
	}
	return ret;
}

static void __exit nvu_emu_exit(void)
{
	emu_destroy_all();
	nvu_emu_cmn_irq_exit();
	debugfs_remove_recursive(emu_root);
	nvu_emu_irq_exit();
}

module_init(nvu_emu_init);
module_exit(nvu_emu_exit);
MODULE_DESCRIPTION("nv-uncore hardware model of the uncore PMUs");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();
NVU_IMPORT_MODEL_NS();

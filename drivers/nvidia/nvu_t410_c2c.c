// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 NVLink-C2C, NV-CLink and NV-DLink PMUs.
 *
 * A link has 14, 12 or 16 instances of free-running counters and a
 * broadcast block (ACPI NVDA2023, NVDA2022, NVDA2020; _UID = socket).
 * Firmware says which instances face which peer (GPU0 and GPU1, another
 * CPU, or for NV-DLink CXL memory); the peer decides the events, and an
 * event sums its counter over the instances facing the selected peers.
 * Whether the hardware restarts its counts at enable is not published [U]:
 * a baseline taken after each enable makes the counts right either way.
 *
 * The 64-bit counters are read in halves (nvu_read64_split()) and never
 * polled; the 32-bit one (T410_C2C_LO_ONLY) is summed modulo 2^32 and
 * polled.  See Documentation/tegra410.rst.
 */

#include "nvu_ns.h"

#include <linux/bitmap.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/property.h>

#include "nv_uncore.h"
#include "nvu_t410_regs.h"
#include "nvu_t410_c2c.h"

/*
 * Per instance, T410_C2C_LO_ONLY counts at most one request per link clock,
 * of at most 2 GHz [U] (a poll every ~77 ms for 14 instances).
 */
#define T410_C2C_REQ_MAX_RATE	2000000000ULL

/*
 * Counters with no high half: IN_WR_REQ_CNTR's high half would be at
 * 0x890, where the published map has OUT_STATUS [U].
 */
#define T410_C2C_LO_ONLY	BIT(T410_C2C_IN_WR_REQ)

/**
 * struct t410_c2c_type - constants of one kind of link
 * @prefix: PMU name without "_pmu_<socket>"
 * @nr_inst: instances; memory resource @nr_inst is the broadcast block
 * @cxlmem: the peer is CXL memory whatever firmware says (NV-DLink)
 */
struct t410_c2c_type {
	const char *prefix;
	unsigned int nr_inst;
	bool cxlmem;
};

static const struct t410_c2c_type t410_nvlink_c2c = {
	.prefix = "nvidia_nvlink_c2c",
	.nr_inst = T410_C2C_NR_INST,
};

static const struct t410_c2c_type t410_nvclink = {
	.prefix = "nvidia_nvclink",
	.nr_inst = T410_CLINK_NR_INST,
};

static const struct t410_c2c_type t410_nvdlink = {
	.prefix = "nvidia_nvdlink",
	.nr_inst = T410_DLINK_NR_INST,
	.cxlmem = true,
};

/* Counter register of each event ID (its low half; the high half is +4). */
static const u32 t410_c2c_cntr_reg[T410_C2C_NR_EVENTS] = {
	[T410_C2C_CYCLES] = T410_C2C_CYCLE_CNTR,
	[T410_C2C_IN_RD_CUM_OUTS] = T410_C2C_IN_RD_CUM_OUTS_CNTR,
	[T410_C2C_IN_RD_REQ] = T410_C2C_IN_RD_REQ_CNTR,
	[T410_C2C_IN_WR_CUM_OUTS] = T410_C2C_IN_WR_CUM_OUTS_CNTR,
	[T410_C2C_IN_WR_REQ] = T410_C2C_IN_WR_REQ_CNTR,
	[T410_C2C_OUT_RD_CUM_OUTS] = T410_C2C_OUT_RD_CUM_OUTS_CNTR,
	[T410_C2C_OUT_RD_REQ] = T410_C2C_OUT_RD_REQ_CNTR,
	[T410_C2C_OUT_WR_CUM_OUTS] = T410_C2C_OUT_WR_CUM_OUTS_CNTR,
	[T410_C2C_OUT_WR_REQ] = T410_C2C_OUT_WR_REQ_CNTR,
};

/* Events each kind of peer produces (the spec's event table). */
#define T410_C2C_EVENTS_RD						\
	(BIT(T410_C2C_CYCLES) | BIT(T410_C2C_IN_RD_CUM_OUTS) |		\
	 BIT(T410_C2C_IN_RD_REQ))
#define T410_C2C_EVENTS_CXLMEM	T410_C2C_EVENTS_RD
#define T410_C2C_EVENTS_CPU						\
	(T410_C2C_EVENTS_RD | BIT(T410_C2C_OUT_RD_CUM_OUTS) |		\
	 BIT(T410_C2C_OUT_RD_REQ))
#define T410_C2C_EVENTS_GPU	GENMASK(T410_C2C_NR_EVENTS - 1, 0)

/* A link whose instances @inst all face one peer of @kind (not GPUs). */
static void t410_c2c_one_peer(struct t410_c2c_topo *topo,
			      enum t410_c2c_peer_kind kind, u32 inst, u32 events)
{
	topo->kind = kind;
	topo->nr_peer = 1;
	topo->inst[0] = inst;
	topo->events = events;
}

/**
 * nvu_t410_c2c_decode_topo() - what a link faces, from firmware properties
 * @cxlmem: the link is an NV-DLink (always CXL memory, masks ignored)
 * @nr_inst: instances of the link
 * @cpu_en_mask: instances facing another CPU (0: none, or absent)
 * @gpu0_en_mask: instances facing GPU0
 * @gpu1_en_mask: instances facing GPU1
 * @topo: the result
 * @fixed: set to the T410_C2C_FIX_* corrections made to the masks
 *
 * Bits beyond the link's instances are dropped, and an instance in both
 * GPU masks faces GPU0 only (T410_C2C_FIX_WIDE, _OVERLAP; the caller
 * warns).  A non-zero @cpu_en_mask makes the peer a CPU, else the GPU masks
 * give the GPUs, numbered as firmware does (only @gpu1_en_mask: no GPU0).
 *
 * Return: 0, or -EINVAL when no mask is left.
 */
int nvu_t410_c2c_decode_topo(bool cxlmem, unsigned int nr_inst,
			     u32 cpu_en_mask, u32 gpu0_en_mask,
			     u32 gpu1_en_mask, struct t410_c2c_topo *topo,
			     unsigned int *fixed)
{
	u32 valid;

	*fixed = 0;
	if (!nr_inst || nr_inst > T410_C2C_MAX_INST)
		return -EINVAL;
	valid = GENMASK(nr_inst - 1, 0);
	memset(topo, 0, sizeof(*topo));

	if (cxlmem) {
		t410_c2c_one_peer(topo, T410_C2C_PEER_CXLMEM, valid,
				  T410_C2C_EVENTS_CXLMEM);
		return 0;
	}
	if ((cpu_en_mask | gpu0_en_mask | gpu1_en_mask) & ~valid)
		*fixed |= T410_C2C_FIX_WIDE;
	cpu_en_mask &= valid;
	gpu0_en_mask &= valid;
	gpu1_en_mask &= valid;
	if (cpu_en_mask) {
		t410_c2c_one_peer(topo, T410_C2C_PEER_CPU, cpu_en_mask,
				  T410_C2C_EVENTS_CPU);
		return 0;
	}
	if (gpu0_en_mask & gpu1_en_mask) {
		*fixed |= T410_C2C_FIX_OVERLAP;
		gpu1_en_mask &= ~gpu0_en_mask;
	}
	if (!gpu0_en_mask && !gpu1_en_mask)
		return -EINVAL;
	topo->kind = T410_C2C_PEER_GPU;
	topo->nr_peer = !!gpu0_en_mask + !!gpu1_en_mask;
	topo->inst[0] = gpu0_en_mask;
	topo->inst[1] = gpu1_en_mask;
	topo->events = T410_C2C_EVENTS_GPU;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_c2c_decode_topo);

/**
 * nvu_t410_c2c_event_insts() - the instances an event sums
 * @topo: the link's peers
 * @id: event ID
 * @gpu_mask: GPUs to count (bit i = GPU i; 0 = every attached GPU); must
 *	be 0 unless the peer is a GPU
 * @insts: the instances, a mask
 *
 * Return: 0, or -EINVAL if the peer cannot produce event @id or @gpu_mask
 * names a GPU that is not attached.
 */
int nvu_t410_c2c_event_insts(const struct t410_c2c_topo *topo, u64 id,
			     u64 gpu_mask, u32 *insts)
{
	unsigned long sel;
	unsigned int gpu;
	u32 mask = 0;

	if (id >= T410_C2C_NR_EVENTS || !(topo->events & BIT(id)))
		return -EINVAL;
	if (topo->kind != T410_C2C_PEER_GPU) {
		if (gpu_mask)
			return -EINVAL;
		*insts = topo->inst[0];
		return 0;
	}

	sel = 0;
	for (gpu = 0; gpu < T410_C2C_MAX_PEERS; gpu++)
		if (topo->inst[gpu])
			sel |= BIT(gpu);
	if (gpu_mask & ~(u64)sel)
		return -EINVAL;
	if (gpu_mask)
		sel = gpu_mask;
	for_each_set_bit(gpu, &sel, T410_C2C_MAX_PEERS)
		mask |= topo->inst[gpu];
	*insts = mask;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_c2c_event_insts);

/**
 * struct t410_c2c_cntr - one hardware counter as the driver tracks it
 * @last: its value at the last read (a lower bound for the next one)
 * @base: its value right after the last enable
 */
struct t410_c2c_cntr {
	u64 last;
	u64 base;
};

/**
 * struct t410_c2c - one link's PMU
 * @pmu: the core's PMU
 * @topo: its peers
 * @inst: per-instance register blocks
 * @bcast: broadcast block
 * @cntr: counters, by instance and event ID
 */
struct t410_c2c {
	struct nvu_pmu *pmu;
	struct t410_c2c_topo topo;
	struct nvu_regs inst[T410_C2C_MAX_INST];
	struct nvu_regs bcast;
	struct t410_c2c_cntr cntr[T410_C2C_MAX_INST][T410_C2C_NR_EVENTS];
};

/* A high half that never settles leaves the last value, as for CoreSight. */
static u64 t410_c2c_read_raw(struct t410_c2c *c2c, unsigned int i,
			     unsigned int id)
{
	struct t410_c2c_cntr *c = &c2c->cntr[i][id];
	u32 off = t410_c2c_cntr_reg[id];

	if (BIT(id) & T410_C2C_LO_ONLY)
		c->last = nvu_read32(&c2c->inst[i], off);
	else if (nvu_read64_split(&c2c->inst[i], off, &c->last))
		dev_warn_ratelimited(c2c->pmu->dev,
				     "instance %u counter %#x: high half changed on every read; count not updated\n",
				     i, off);
	return c->last;
}

/* What instance @i's counter of event @id counted since the last enable. */
static u64 t410_c2c_since_enable(struct t410_c2c *c2c, unsigned int i,
				 unsigned int id)
{
	return t410_c2c_read_raw(c2c, i, id) - c2c->cntr[i][id].base;
}

/*
 * Right after an enable nothing earlier is known, so read from 0: two reads
 * while the high half is 0, four otherwise.
 */
static void t410_c2c_baseline(struct t410_c2c *c2c, unsigned int i,
			      unsigned int id)
{
	struct t410_c2c_cntr *c = &c2c->cntr[i][id];

	c->last = 0;
	c->base = t410_c2c_read_raw(c2c, i, id);
}

static u64 t410_c2c_read_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_c2c *c2c = nvu_pmu_priv(pmu);
	unsigned int id = event->attr.config & T410_C2C_EVENT;
	unsigned long insts = event->hw.config;
	unsigned int i;
	u64 sum = 0;

	/* Every instance runs on the link clock: count it once. */
	if (id == T410_C2C_CYCLES)
		return t410_c2c_since_enable(c2c, __ffs(insts), id);
	for_each_set_bit(i, &insts, T410_C2C_MAX_INST)
		sum += t410_c2c_since_enable(c2c, i, id);
	/* A sum of 32-bit counters, polled (event_init). */
	if (BIT(id) & T410_C2C_LO_ONLY)
		sum = lower_32_bits(sum);
	return sum;
}

static int t410_c2c_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_c2c *c2c = nvu_pmu_priv(pmu);
	u64 id = event->attr.config & T410_C2C_EVENT;
	u64 gpu_mask = event->attr.config1 & T410_C2C_GPU_MASK;
	u32 insts;

	if (nvu_t410_c2c_event_insts(&c2c->topo, id, gpu_mask, &insts)) {
		dev_dbg(pmu->dev, "event %#llx gpu_mask %#llx: the peer cannot produce it\n",
			id, gpu_mask);
		return -EINVAL;
	}
	event->hw.config = insts;
	if (BIT(id) & T410_C2C_LO_ONLY)
		nvu_event_set_wrap(event, 32,
				   hweight32(insts) * T410_C2C_REQ_MAX_RATE);
	return 0;
}

/* The counters the events in use read: bit id of [instance]. */
static void t410_c2c_in_use(struct nvu_pmu *pmu, u16 ids[T410_C2C_MAX_INST])
{
	unsigned int idx, i;

	memset(ids, 0, T410_C2C_MAX_INST * sizeof(*ids));
	for_each_set_bit(idx, pmu->used, NVU_MAX_COUNTERS + 1) {
		struct perf_event *event = pmu->events[idx];
		unsigned int id = event->attr.config & T410_C2C_EVENT;
		unsigned long insts = event->hw.config;

		if (id == T410_C2C_CYCLES) {
			ids[__ffs(insts)] |= BIT(id);
			continue;
		}
		for_each_set_bit(i, &insts, T410_C2C_MAX_INST)
			ids[i] |= BIT(id);
	}
}

/*
 * The core folded every count at the disable and restarts each event from
 * 0: rebase every counter in use.
 */
static void t410_c2c_enable(struct nvu_pmu *pmu)
{
	struct t410_c2c *c2c = nvu_pmu_priv(pmu);
	u16 ids[T410_C2C_MAX_INST];
	unsigned long bits;
	unsigned int i, id;

	nvu_write32(&c2c->bcast, T410_C2C_CTRL, T410_C2C_CTRL_ENABLE);
	t410_c2c_in_use(pmu, ids);
	for (i = 0; i < T410_C2C_MAX_INST; i++) {
		bits = ids[i];
		for_each_set_bit(id, &bits, T410_C2C_NR_EVENTS)
			t410_c2c_baseline(c2c, i, id);
	}
}

static void t410_c2c_disable(struct nvu_pmu *pmu)
{
	struct t410_c2c *c2c = nvu_pmu_priv(pmu);

	nvu_write32(&c2c->bcast, T410_C2C_CTRL, T410_C2C_CTRL_DISABLE);
}

static const struct nvu_pmu_ops t410_c2c_ops = {
	.event_init = t410_c2c_event_init,
	.enable = t410_c2c_enable,
	.disable = t410_c2c_disable,
	.read_counter = t410_c2c_read_counter,
};

static const char * const t410_c2c_peer_names[] = {
	[T410_C2C_PEER_GPU] = "gpu",
	[T410_C2C_PEER_CPU] = "cpu",
	[T410_C2C_PEER_CXLMEM] = "cxlmem",
};

static ssize_t peer_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct t410_c2c *c2c = nvu_pmu_priv(nvu_dev_to_pmu(dev));

	return sysfs_emit(buf, "nr_%s=%u\n",
			  t410_c2c_peer_names[c2c->topo.kind],
			  c2c->topo.nr_peer);
}
static DEVICE_ATTR_RO(peer);

static struct attribute *t410_c2c_extra_attrs[] = {
	&dev_attr_peer.attr,
	NULL
};

static const struct attribute_group t410_c2c_extra_group = {
	.attrs = t410_c2c_extra_attrs,
};

static struct attribute *t410_c2c_formats[] = {
	NVU_FORMAT(event, 0, T410_C2C_EVENT),
	NULL
};

static struct attribute *t410_c2c_gpu_formats[] = {
	NVU_FORMAT(event, 0, T410_C2C_EVENT),
	NVU_FORMAT(gpu_mask, 1, T410_C2C_GPU_MASK),
	NULL
};

static struct attribute *t410_c2c_gpu_events[] = {
	NVU_EVENT(cycles, T410_C2C_CYCLES),
	NVU_EVENT(in_rd_cum_outs, T410_C2C_IN_RD_CUM_OUTS),
	NVU_EVENT(in_rd_req, T410_C2C_IN_RD_REQ),
	NVU_EVENT(in_wr_cum_outs, T410_C2C_IN_WR_CUM_OUTS),
	NVU_EVENT(in_wr_req, T410_C2C_IN_WR_REQ),
	NVU_EVENT(out_rd_cum_outs, T410_C2C_OUT_RD_CUM_OUTS),
	NVU_EVENT(out_rd_req, T410_C2C_OUT_RD_REQ),
	NVU_EVENT(out_wr_cum_outs, T410_C2C_OUT_WR_CUM_OUTS),
	NVU_EVENT(out_wr_req, T410_C2C_OUT_WR_REQ),
	NULL
};

static struct attribute *t410_c2c_cpu_events[] = {
	NVU_EVENT(cycles, T410_C2C_CYCLES),
	NVU_EVENT(in_rd_cum_outs, T410_C2C_IN_RD_CUM_OUTS),
	NVU_EVENT(in_rd_req, T410_C2C_IN_RD_REQ),
	NVU_EVENT(out_rd_cum_outs, T410_C2C_OUT_RD_CUM_OUTS),
	NVU_EVENT(out_rd_req, T410_C2C_OUT_RD_REQ),
	NULL
};

static struct attribute *t410_c2c_cxlmem_events[] = {
	NVU_EVENT(cycles, T410_C2C_CYCLES),
	NVU_EVENT(in_rd_cum_outs, T410_C2C_IN_RD_CUM_OUTS),
	NVU_EVENT(in_rd_req, T410_C2C_IN_RD_REQ),
	NULL
};

/* One description per kind of peer: the same code, other sysfs files. */
#define T410_C2C_DESC(_formats, _events) {				\
	.formats = (_formats),						\
	.events = (_events),						\
	.ops = &t410_c2c_ops,						\
	.flags = NVU_CLEAR_ON_DISABLE,					\
	.intree_module = "nvidia_t410_c2c_pmu",				\
	.extra_group = &t410_c2c_extra_group,				\
}

static const struct nvu_pmu_desc t410_c2c_descs[] = {
	[T410_C2C_PEER_GPU] = T410_C2C_DESC(t410_c2c_gpu_formats,
					    t410_c2c_gpu_events),
	[T410_C2C_PEER_CPU] = T410_C2C_DESC(t410_c2c_formats,
					    t410_c2c_cpu_events),
	[T410_C2C_PEER_CXLMEM] = T410_C2C_DESC(t410_c2c_formats,
					       t410_c2c_cxlmem_events),
};

static const struct acpi_device_id t410_c2c_acpi_ids[] = {
	{ T410_C2C_HID, (kernel_ulong_t)&t410_nvlink_c2c },
	{ T410_CLINK_HID, (kernel_ulong_t)&t410_nvclink },
	{ T410_DLINK_HID, (kernel_ulong_t)&t410_nvdlink },
	{ }
};
MODULE_DEVICE_TABLE(acpi, t410_c2c_acpi_ids);

/* An absent mask property reads as 0. */
static u32 t410_c2c_mask(struct device *dev, const char *name)
{
	u32 val;

	return device_property_read_u32(dev, name, &val) ? 0 : val;
}

static int t410_c2c_probe(struct platform_device *pdev)
{
	const struct t410_c2c_type *type;
	struct device *dev = &pdev->dev;
	struct t410_c2c_topo topo;
	u32 cpu, gpu0, gpu1;
	struct nvu_fw_ids fw;
	unsigned int fixed;
	struct t410_c2c *c2c;
	struct nvu_pmu *pmu;
	int ret;

	if (nvu_read_fw_ids(dev, &fw))
		return dev_err_probe(dev, -EINVAL, "no valid _UID (socket)\n");
	type = fw.match_data;

	cpu = t410_c2c_mask(dev, "cpu_en_mask");
	gpu0 = t410_c2c_mask(dev, "gpu0_en_mask");
	gpu1 = t410_c2c_mask(dev, "gpu1_en_mask");
	ret = nvu_t410_c2c_decode_topo(type->cxlmem, type->nr_inst, cpu, gpu0,
				       gpu1, &topo, &fixed);
	if (ret && !cpu && !gpu0 && !gpu1)
		return dev_err_probe(dev, ret,
				     "firmware gives none of cpu_en_mask, gpu0_en_mask, gpu1_en_mask: peer unknown\n");
	if (ret)
		return dev_err_probe(dev, ret,
				     "no valid instance in the peer masks for %u instances: cpu_en_mask %#x gpu0_en_mask %#x gpu1_en_mask %#x\n",
				     type->nr_inst, cpu, gpu0, gpu1);
	if (fixed & T410_C2C_FIX_WIDE)
		dev_warn(dev, "peer masks name instances beyond %u (cpu_en_mask %#x gpu0_en_mask %#x gpu1_en_mask %#x): ignored\n",
			 type->nr_inst - 1, cpu, gpu0, gpu1);
	if (fixed & T410_C2C_FIX_OVERLAP)
		dev_warn(dev, "instances %#x are in gpu0_en_mask and gpu1_en_mask: counted for GPU0 only\n",
			 gpu0 & gpu1 & (u32)GENMASK(type->nr_inst - 1, 0));

	pmu = devm_nvu_pmu_alloc(dev, &t410_c2c_descs[topo.kind], sizeof(*c2c));
	if (!pmu)
		return -ENOMEM;
	c2c = nvu_pmu_priv(pmu);
	c2c->pmu = pmu;
	c2c->topo = topo;
	pmu->identifier = fw.hid;

	ret = nvu_map_instances(pdev, c2c->inst, type->nr_inst, &c2c->bcast,
				T410_C2C_REGS_END);
	if (ret)
		return ret;

	pmu->num_counters = NVU_MAX_COUNTERS / 2;
	nvu_pmu_set_node(pmu, fw.socket);
	pmu->name = devm_kasprintf(dev, GFP_KERNEL, "%s_pmu_%u", type->prefix,
				   fw.socket);
	if (!pmu->name)
		return -ENOMEM;

	/* Nothing counts until the first enable. */
	nvu_write32(&c2c->bcast, T410_C2C_CTRL, T410_C2C_CTRL_DISABLE);

	return devm_nvu_pmu_register(pmu);
}

static struct platform_driver t410_c2c_driver = {
	.driver = {
		.name = "nvu_t410_c2c",
		.acpi_match_table = t410_c2c_acpi_ids,
		.suppress_bind_attrs = true,
	},
	.probe = t410_c2c_probe,
};
module_platform_driver(t410_c2c_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 NVLink-C2C, NV-CLink and NV-DLink PMUs (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 CPU memory (CMEM) latency PMU.
 *
 * 14 instances of free-running counters plus a broadcast block for control
 * (ACPI NVDA2021, _UID = socket).  Events are views of the summed
 * counters: cycles (instance 0's clock), rd_req (32-byte read requests,
 * 42 counters: 14 instances x 3 memory channels) and rd_cum_outs (their
 * accumulated outstanding cycles).  Counting restarts from zero on every
 * enable, so the core folds counts before the clear.
 *
 * Overflow: each hardware counter is extended to 64 bits in software from
 * its last raw value, and polled often enough not to wrap twice, so no
 * count is lost.  STATUS tells a counter narrower than counter_width: its
 * wrap is logged once and not counted.  See Documentation/tegra410.rst.
 */

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "nv_uncore.h"
#include "nvu_t410_regs.h"

/*
 * Hardware counter width: the registers are 64-bit, the number of bits
 * that count is not published [U].
 */
static unsigned int counter_width = 64;
module_param(counter_width, uint, 0444);
MODULE_PARM_DESC(counter_width, "bits of each CMEM counter [U] (1-64, default 64)");

/*
 * Fastest rate: rd_cum_outs adds the requests in flight every cycle.  We
 * assume at most 256 in flight per channel at 2 GHz [U]: 5.12e11/s.
 */
#define T410_CMEM_MAX_RATE	512000000000ULL

/* Events summed: rd_req and rd_cum_outs read every channel of every instance. */
#define T410_CMEM_NR_SUMMED	(T410_CMEM_NR_INST * T410_CMEM_NR_MC)

/*
 * One hardware counter, extended to 64 bits.  @ovf: its STATUS bit was
 * seen set (it stays set until the next clear); @wrapped: it went round
 * at the configured width and its STATUS bit is still to be seen.
 */
struct t410_cmem_cntr {
	u64 raw;
	u64 ext;
	bool ovf;
	bool wrapped;
};

/*
 * @status, @status_gen: each instance's STATUS and the pass of reads it was
 * read in (&nvu_pmu.read_gen): a group read reads it once, not once per
 * event.
 */
struct t410_cmem {
	struct nvu_regs inst[T410_CMEM_NR_INST];
	struct nvu_regs bcast;
	u64 status[T410_CMEM_NR_INST];
	unsigned long status_gen[T410_CMEM_NR_INST];
	bool warned;
	struct t410_cmem_cntr cycle;
	struct t410_cmem_cntr req[T410_CMEM_NR_SUMMED];
	struct t410_cmem_cntr aor[T410_CMEM_NR_SUMMED];
};

/*
 * Fold counter @off of @regs into @c; @ovf: its bit of STATUS, read
 * before the counter.  The core reads often enough that a counter of the
 * configured width moves by at most half its range between two reads, and
 * wraps only by going round.  A counter that moved more, or whose STATUS
 * says it wrapped without going round, is narrower than counter_width
 * says: what it counted in between is unknown, so it is not added; the
 * count goes on from the new value.
 */
static u64 t410_cmem_fold(struct nvu_pmu *pmu, struct t410_cmem_cntr *c,
			  const struct nvu_regs *regs, u32 off, bool ovf)
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);
	unsigned int width = pmu->wrap_width;
	u64 raw = nvu_read64(regs, off);
	u64 delta = nvu_delta(c->raw, raw, width);
	bool round = raw < c->raw, new_ovf = ovf && !c->ovf;

	if (delta > BIT_ULL(width - 1) ||
	    (new_ovf && !round && !c->wrapped)) {
		if (!cm->warned) {
			cm->warned = true;
			dev_warn_ratelimited(pmu->dev,
					     "counter %#x wrapped where %u-bit counters cannot (counter_width too large?): interval dropped\n",
					     off, width);
		}
		delta = 0;
		c->wrapped = false;
	} else if (new_ovf) {
		c->wrapped = false;
	} else if (round) {
		c->wrapped = true;
	}
	c->ovf = ovf;
	c->ext += delta;
	c->raw = raw;
	return c->ext;
}

/* Instance @i's STATUS, read once per pass of reads. */
static u64 t410_cmem_status(struct nvu_pmu *pmu, unsigned int i)
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);

	if (cm->status_gen[i] != pmu->read_gen) {
		cm->status[i] = nvu_read64(&cm->inst[i], T410_CMEM_STATUS);
		cm->status_gen[i] = pmu->read_gen;
	}
	return cm->status[i];
}

static u64 t410_cmem_sum(struct nvu_pmu *pmu, struct t410_cmem_cntr *c,
			 u32 (*reg)(unsigned int mc),
			 u64 (*status_bit)(unsigned int mc))
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);
	unsigned int i, mc;
	u64 sum = 0, status;

	for (i = 0; i < T410_CMEM_NR_INST; i++) {
		status = t410_cmem_status(pmu, i);
		for (mc = 0; mc < T410_CMEM_NR_MC; mc++)
			sum += t410_cmem_fold(pmu, c++, &cm->inst[i], reg(mc),
					      status & status_bit(mc));
	}
	return sum;
}

static u64 t410_cmem_req_bit(unsigned int mc)
{
	return T410_CMEM_STATUS_REQ(mc);
}

static u64 t410_cmem_aor_bit(unsigned int mc)
{
	return T410_CMEM_STATUS_AOR(mc);
}

static u32 t410_cmem_req_reg(unsigned int mc)
{
	return T410_CMEM_REQ_CNTR(mc);
}

static u32 t410_cmem_aor_reg(unsigned int mc)
{
	return T410_CMEM_AOR_CNTR(mc);
}

static u64 t410_cmem_read_counter(struct nvu_pmu *pmu,
				  struct perf_event *event)
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);

	switch (event->attr.config) {
	case T410_CMEM_CYCLES:
		/* Every instance runs on the same clock. */
		return t410_cmem_fold(pmu, &cm->cycle, &cm->inst[0],
				      T410_CMEM_CYCLE_CNTR,
				      t410_cmem_status(pmu, 0) &
				      T410_CMEM_STATUS_CYCLE);
	case T410_CMEM_RD_REQ:
		return t410_cmem_sum(pmu, cm->req, t410_cmem_req_reg,
				     t410_cmem_req_bit);
	default:
		return t410_cmem_sum(pmu, cm->aor, t410_cmem_aor_reg,
				     t410_cmem_aor_bit);
	}
}

static int t410_cmem_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	if (event->attr.config > T410_CMEM_RD_CUM_OUTS) {
		dev_dbg(pmu->dev, "event %#llx does not exist\n",
			event->attr.config);
		return -EINVAL;
	}
	return 0;
}

static void t410_cmem_enable(struct nvu_pmu *pmu)
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);

	nvu_write64(&cm->bcast, T410_CMEM_CG_CTRL, 1);
	nvu_write64(&cm->bcast, T410_CMEM_CTRL, T410_CMEM_CTRL_ENABLE);
}

static void t410_cmem_disable(struct nvu_pmu *pmu)
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);

	nvu_write64(&cm->bcast, T410_CMEM_CTRL, T410_CMEM_CTRL_DISABLE);
}

/* Zero the counters (clock ungated for the clear), then gate the clock. */
static void t410_cmem_clear(struct nvu_pmu *pmu)
{
	struct t410_cmem *cm = nvu_pmu_priv(pmu);

	nvu_write64(&cm->bcast, T410_CMEM_CTRL, T410_CMEM_CTRL_CLEAR);
	nvu_write64(&cm->bcast, T410_CMEM_CG_CTRL, 0);
	memset(&cm->cycle, 0, sizeof(cm->cycle));
	memset(cm->req, 0, sizeof(cm->req));
	memset(cm->aor, 0, sizeof(cm->aor));
}

static const struct nvu_pmu_ops t410_cmem_ops = {
	.event_init = t410_cmem_event_init,
	.enable = t410_cmem_enable,
	.disable = t410_cmem_disable,
	.clear = t410_cmem_clear,
	.read_counter = t410_cmem_read_counter,
};

static struct attribute *t410_cmem_formats[] = {
	NVU_FORMAT(event, 0, T410_CMEM_EVENT),
	NULL
};

static struct attribute *t410_cmem_events[] = {
	NVU_EVENT(cycles, T410_CMEM_CYCLES),
	NVU_EVENT(rd_req, T410_CMEM_RD_REQ),
	NVU_EVENT(rd_cum_outs, T410_CMEM_RD_CUM_OUTS),
	NULL
};

static const struct nvu_pmu_desc t410_cmem_desc = {
	.formats = t410_cmem_formats,
	.events = t410_cmem_events,
	.ops = &t410_cmem_ops,
	.flags = NVU_CLEAR_ON_DISABLE,
	.max_rate = T410_CMEM_MAX_RATE,
	.intree_module = "nvidia_t410_cmem_latency_pmu",
};

static const struct acpi_device_id t410_cmem_acpi_ids[] = {
	{ T410_CMEM_HID },
	{ }
};
MODULE_DEVICE_TABLE(acpi, t410_cmem_acpi_ids);

static int t410_cmem_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct nvu_fw_ids fw;
	struct t410_cmem *cm;
	struct nvu_pmu *pmu;
	int ret;

	ret = nvu_check_counter_width(dev, counter_width);
	if (ret)
		return ret;
	pmu = devm_nvu_pmu_alloc(dev, &t410_cmem_desc, sizeof(*cm));
	if (!pmu)
		return -ENOMEM;
	cm = nvu_pmu_priv(pmu);

	ret = nvu_read_fw_ids(dev, &fw);
	if (ret)
		return dev_err_probe(dev, ret, "no valid _UID (socket)\n");
	pmu->identifier = fw.hid;

	ret = nvu_map_instances(pdev, cm->inst, T410_CMEM_NR_INST, &cm->bcast,
				T410_CMEM_REGS_END);
	if (ret)
		return ret;

	/* Counters extended to 64 bits here; the hardware wraps at width. */
	pmu->num_counters = NVU_MAX_COUNTERS / 2;
	pmu->wrap_width = counter_width;
	nvu_pmu_set_node(pmu, fw.socket);
	pmu->name = devm_kasprintf(dev, GFP_KERNEL,
				   "nvidia_cmem_latency_pmu_%u", fw.socket);
	if (!pmu->name)
		return -ENOMEM;

	/* Clear every counter; the clock must run for the clear to act. */
	nvu_write64(&cm->bcast, T410_CMEM_CG_CTRL, 1);
	nvu_write64(&cm->bcast, T410_CMEM_CTRL, T410_CMEM_CTRL_CLEAR);
	nvu_write64(&cm->bcast, T410_CMEM_CG_CTRL, 0);

	return devm_nvu_pmu_register(pmu);
}

static struct platform_driver t410_cmem_driver = {
	.driver = {
		.name = "nvu_t410_cmem_lat",
		.acpi_match_table = t410_cmem_acpi_ids,
		.suppress_bind_attrs = true,
	},
	.probe = t410_cmem_probe,
};
module_platform_driver(t410_cmem_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 CMEM latency PMU (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

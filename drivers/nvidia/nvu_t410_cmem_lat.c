// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 CPU memory (CMEM) latency PMU.
 *
 * 14 instances of free-running counters and a broadcast control block
 * (ACPI NVDA2021, _UID = socket).  rd_req and rd_cum_outs sum 42 counters
 * (14 instances x 3 memory channels); counting restarts at every enable.
 * The sums, modulo 2^64, need no poll and no STATUS overflow bit: the
 * difference of two reads is exact unless 2^64 counts fall in between,
 * even across one counter's wrap.  See Documentation/tegra410.rst.
 */

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "nv_uncore.h"
#include "nvu_t410_regs.h"

struct t410_cmem {
	struct nvu_regs inst[T410_CMEM_NR_INST];
	struct nvu_regs bcast;
};

/* The sum of counter @reg(mc) over every channel of every instance. */
static u64 t410_cmem_sum(struct t410_cmem *cm, u32 (*reg)(unsigned int mc))
{
	unsigned int i, mc;
	u64 sum = 0;

	for (i = 0; i < T410_CMEM_NR_INST; i++)
		for (mc = 0; mc < T410_CMEM_NR_MC; mc++)
			sum += nvu_read64(&cm->inst[i], reg(mc));
	return sum;
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
		return nvu_read64(&cm->inst[0], T410_CMEM_CYCLE_CNTR);
	case T410_CMEM_RD_REQ:
		return t410_cmem_sum(cm, t410_cmem_req_reg);
	default:
		return t410_cmem_sum(cm, t410_cmem_aor_reg);
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

	pmu->num_counters = NVU_MAX_COUNTERS / 2;
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

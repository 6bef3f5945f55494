// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 Unified Coherence Fabric (UCF) PMU: a CoreSight PMU block
 * from the ACPI APMT (nvu_cspmu.h); PMU name nvidia_ucf_pmu_<socket>.
 * Every event but cycles and bus_cycles takes a source and destination
 * filter.  See Documentation/tegra410.rst.
 */

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "nvu_cspmu.h"
#include "nvu_t410_regs.h"

/*
 * The byte counters count fastest, at a rate not published [U]: assumed at
 * most 1 TB/s per socket (a poll every ~2 ms for 32-bit counters).
 */
#define T410_UCF_MAX_RATE	1000000000000ULL

/* An empty source or destination field means all of them. */
static u32 t410_ucf_filter(u64 config1)
{
	u32 f = config1 & (T410_UCF_SRC | T410_UCF_DST);

	if (!(f & T410_UCF_SRC))
		f |= T410_UCF_SRC;
	if (!(f & T410_UCF_DST))
		f |= T410_UCF_DST;
	return f;
}

static bool t410_ucf_is_cycle(const struct nvu_pmu *pmu, const u64 *config)
{
	return config[0] == T410_UCF_CYCLES;
}

static int t410_ucf_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	return nvu_cspmu_check_cycles(pmu, event->attr.config, T410_UCF_CYCLES);
}

/* The cycle filter takes config1 as given [V upstream]. */
static u32 t410_ucf_cycle_filter(const struct perf_event *event)
{
	return (event->attr.config1 & (T410_UCF_SRC | T410_UCF_DST)) ?:
	       T410_UCF_SRC | T410_UCF_DST;
}

static void t410_ucf_write_filters(struct nvu_cspmu *cs,
				   struct perf_event *event, u32 phys)
{
	nvu_write32(&cs->page0, CSPMU_PMEVFILTR(phys),
		    t410_ucf_filter(event->attr.config1));
}

static const struct nvu_cspmu_desc t410_ucf_cspmu = {
	.pmiidr = T410_PMIIDR_UCF,
	.event_mask = T410_UCF_EVENT,
	.cycle_filter = t410_ucf_cycle_filter,
	.write_filters = t410_ucf_write_filters,
};

static const struct nvu_pmu_ops t410_ucf_ops = {
	.event_init = t410_ucf_event_init,
	.is_cycle = t410_ucf_is_cycle,
	.enable = nvu_cspmu_enable,
	.disable = nvu_cspmu_disable,
	.start_counter = nvu_cspmu_start_counter,
	.stop_counter = nvu_cspmu_stop_counter,
	.read_counter = nvu_cspmu_read_counter,
	.write_counter = nvu_cspmu_write_counter,
	.read_clear_overflow = nvu_cspmu_read_clear_overflow,
};

static struct attribute *t410_ucf_formats[] = {
	NVU_FORMAT(event, 0, T410_UCF_EVENT),
	NVU_FORMAT(src_loc_noncpu, 1, T410_UCF_SRC_LOC_NONCPU),
	NVU_FORMAT(src_loc_cpu, 1, T410_UCF_SRC_LOC_CPU),
	NVU_FORMAT(src_rem, 1, T410_UCF_SRC_REM),
	NVU_FORMAT(dst_loc_cmem, 1, T410_UCF_DST_LOC_CMEM),
	NVU_FORMAT(dst_loc_gmem, 1, T410_UCF_DST_LOC_GMEM),
	NVU_FORMAT(dst_loc_other, 1, T410_UCF_DST_LOC_OTHER),
	NVU_FORMAT(dst_rem, 1, T410_UCF_DST_REM),
	NULL
};

static struct attribute *t410_ucf_events[] = {
	NVU_EVENT(bus_cycles, T410_UCF_BUS_CYCLES),
	NVU_EVENT(slc_allocate, T410_UCF_SLC_ALLOCATE),
	NVU_EVENT(slc_wb, T410_UCF_SLC_WB),
	NVU_EVENT(slc_refill_rd, T410_UCF_SLC_REFILL_RD),
	NVU_EVENT(slc_refill_wr, T410_UCF_SLC_REFILL_WR),
	NVU_EVENT(slc_hit_rd, T410_UCF_SLC_HIT_RD),
	NVU_EVENT(slc_access_rd, T410_UCF_SLC_ACCESS_RD),
	NVU_EVENT(slc_access_wr, T410_UCF_SLC_ACCESS_WR),
	NVU_EVENT(slc_bytes_rd, T410_UCF_SLC_BYTES_RD),
	NVU_EVENT(slc_bytes_wr, T410_UCF_SLC_BYTES_WR),
	NVU_EVENT(mem_access_rd, T410_UCF_MEM_ACCESS_RD),
	NVU_EVENT(mem_access_wr, T410_UCF_MEM_ACCESS_WR),
	NVU_EVENT(mem_bytes_rd, T410_UCF_MEM_BYTES_RD),
	NVU_EVENT(mem_bytes_wr, T410_UCF_MEM_BYTES_WR),
	NVU_EVENT(local_snoop, T410_UCF_LOCAL_SNOOP),
	NVU_EVENT(ext_snp_access, T410_UCF_EXT_SNP_ACCESS),
	NVU_EVENT(ext_snp_evict, T410_UCF_EXT_SNP_EVICT),
	NVU_EVENT(slc_access_dataless, T410_UCF_SLC_ACCESS_DATALESS),
	NVU_EVENT(slc_access_atomic, T410_UCF_SLC_ACCESS_ATOMIC),
	NVU_EVENT(cycles, T410_UCF_CYCLES),
	NULL
};

static const struct nvu_pmu_desc t410_ucf_desc = {
	.formats = t410_ucf_formats,
	.events = t410_ucf_events,
	.ops = &t410_ucf_ops,
	.max_rate = T410_UCF_MAX_RATE,
	.intree_module = "nvidia_cspmu",
};

static int t410_ucf_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct nvu_pmu *pmu;
	int ret;

	pmu = devm_nvu_pmu_alloc(dev, &t410_ucf_desc, sizeof(struct nvu_cspmu));
	if (!pmu)
		return -ENOMEM;
	ret = nvu_cspmu_init(pdev, pmu, &t410_ucf_cspmu);
	if (ret)
		return ret;
	pmu->name = devm_kasprintf(dev, GFP_KERNEL, "nvidia_ucf_pmu_%d",
				   nvu_cspmu(pmu)->socket);
	if (!pmu->name)
		return -ENOMEM;
	return devm_nvu_pmu_register(pmu);
}

static const struct platform_device_id t410_ucf_ids[] = {
	{ NVU_CSPMU_DEVICE },
	{ }
};
MODULE_DEVICE_TABLE(platform, t410_ucf_ids);

static struct nvu_cspmu_driver t410_ucf_driver = {
	.driver = {
		.driver = {
			.name = "nvu_t410_ucf",
			.suppress_bind_attrs = true,
		},
		.id_table = t410_ucf_ids,
		.probe = t410_ucf_probe,
	},
	.desc = &t410_ucf_cspmu,
};
module_nvu_cspmu_driver(t410_ucf_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 UCF PMU (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

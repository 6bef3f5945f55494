// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 Unified Coherence Fabric (UCF) PMU.
 *
 * A CoreSight PMU architecture block (ARM IHI 0091) found through the ACPI
 * APMT table, which makes it an "arm-cs-arch-pmu" platform device.  Other
 * vendors' and other NVIDIA blocks share that device name, so probe checks
 * PMIIDR and leaves everything else alone.  PMU name nvidia_ucf_pmu_<socket>.
 *
 * Events count on the PMU's clock; every event except cycles and bus_cycles
 * takes a source and destination filter (PMEVFILTR).  See
 * Documentation/tegra410.rst.
 */

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/cpu.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/property.h>

#include "nv_uncore.h"
#include "nvu_t410_regs.h"

/*
 * Fastest count rate of any UCF event: the byte counters.  Not published
 * [U]; we assume at most 1 TB/s through one socket's fabric.  With a 32-bit
 * counter that is a poll every ~2 ms, with 64-bit none.
 */
#define T410_UCF_MAX_RATE	1000000000000ULL

/* APMT node flags (ACPI APMT spec): 64-bit counter access is atomic. */
#define T410_APMT_FLAG_ATOMIC	BIT(2)

struct t410_ucf {
	struct nvu_regs page0;
	struct nvu_regs page1;
	bool wide;		/* counters are 64-bit registers */
	bool atomic64;		/* ... and a 64-bit access is single-copy atomic */
};

/*
 * The PMEVFILTR value for config1: an empty source or destination field
 * means "all" (spec: no filter counts everything).
 */
static u32 t410_ucf_filter(u64 config1)
{
	u32 f = config1 & (T410_UCF_SRC | T410_UCF_DST);

	if (!(f & T410_UCF_SRC))
		f |= T410_UCF_SRC;
	if (!(f & T410_UCF_DST))
		f |= T410_UCF_DST;
	return f;
}

static u32 t410_ucf_phys(const struct nvu_pmu *pmu, int idx)
{
	return idx == nvu_cycle_idx(pmu) ? CSPMU_CYCLE_CNTR_IDX : idx;
}

static bool t410_ucf_is_cycle(const struct nvu_pmu *pmu, const u64 *config)
{
	return config[0] == T410_UCF_CYCLES;
}

/* Bit 32 selects the cycle counter and only goes alone. */
static int t410_ucf_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	u64 config = event->attr.config;

	if ((config & T410_UCF_CYCLES) && config != T410_UCF_CYCLES) {
		dev_dbg(pmu->dev, "event %#llx: bit 32 is the cycles event alone\n",
			config);
		return -EINVAL;
	}
	if (config == T410_UCF_CYCLES && !pmu->has_cycle_counter) {
		dev_dbg(pmu->dev, "no cycle counter (PMCFGR.CC = 0)\n");
		return -EOPNOTSUPP;
	}
	return 0;
}

static void t410_ucf_enable(struct nvu_pmu *pmu)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);

	nvu_write32(&ucf->page0, CSPMU_PMCR, CSPMU_PMCR_E);
}

static void t410_ucf_disable(struct nvu_pmu *pmu)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);

	nvu_write32(&ucf->page0, CSPMU_PMCR, 0);
}

static void t410_ucf_start_counter(struct nvu_pmu *pmu,
				   struct perf_event *event)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);
	u32 phys = t410_ucf_phys(pmu, event->hw.idx);
	u64 config1 = event->attr.config1;

	if (phys == CSPMU_CYCLE_CNTR_IDX) {
		/* The cycle filter takes config1 as given [V upstream]. */
		nvu_write32(&ucf->page0, CSPMU_PMCCFILTR,
			    (config1 & (T410_UCF_SRC | T410_UCF_DST)) ?:
			    T410_UCF_SRC | T410_UCF_DST);
	} else {
		nvu_write32(&ucf->page0, CSPMU_PMEVTYPER(phys),
			    lower_32_bits(event->attr.config));
		nvu_write32(&ucf->page0, CSPMU_PMEVFILTR(phys),
			    t410_ucf_filter(config1));
	}
	if (pmu->irq)
		nvu_write32(&ucf->page0, CSPMU_PMINTENSET, BIT(phys));
	nvu_write32(&ucf->page0, CSPMU_PMCNTENSET, BIT(phys));
}

static void t410_ucf_stop_counter(struct nvu_pmu *pmu,
				  struct perf_event *event)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);
	u32 bit = BIT(t410_ucf_phys(pmu, event->hw.idx));

	nvu_write32(&ucf->page0, CSPMU_PMCNTENCLR, bit);
	if (pmu->irq)
		nvu_write32(&ucf->page0, CSPMU_PMINTENCLR, bit);
}

/* Overflowed counters, as logical indexes; clears their status. */
static bool t410_ucf_read_clear_overflow(struct nvu_pmu *pmu,
					 unsigned long *ovf)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);
	u32 ovs = nvu_read32(&ucf->page1, CSPMU_PMOVSCLR);
	unsigned int idx;

	if (!ovs)
		return false;
	nvu_write32(&ucf->page1, CSPMU_PMOVSCLR, ovs);
	for (idx = 0; idx < pmu->num_counters; idx++)
		if (ovs & BIT(idx))
			__set_bit(idx, ovf);
	if (ovs & BIT(CSPMU_CYCLE_CNTR_IDX))
		__set_bit(nvu_cycle_idx(pmu), ovf);
	return true;
}

static u64 t410_ucf_read_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);
	u32 off = CSPMU_PMEVCNTR(t410_ucf_phys(pmu, event->hw.idx), ucf->wide);

	if (!ucf->wide)
		return nvu_read32(&ucf->page1, off);
	if (ucf->atomic64)
		return nvu_read64(&ucf->page1, off);
	return nvu_read64_hilohi(&ucf->page1, off);
}

static void t410_ucf_write_counter(struct nvu_pmu *pmu,
				   struct perf_event *event, u64 val)
{
	struct t410_ucf *ucf = nvu_pmu_priv(pmu);
	u32 off = CSPMU_PMEVCNTR(t410_ucf_phys(pmu, event->hw.idx), ucf->wide);

	if (!ucf->wide) {
		nvu_write32(&ucf->page1, off, val);
	} else if (ucf->atomic64) {
		nvu_write64(&ucf->page1, off, val);
	} else {
		nvu_write32(&ucf->page1, off, lower_32_bits(val));
		nvu_write32(&ucf->page1, off + 4, upper_32_bits(val));
	}
}

static const struct nvu_pmu_ops t410_ucf_ops = {
	.event_init = t410_ucf_event_init,
	.is_cycle = t410_ucf_is_cycle,
	.enable = t410_ucf_enable,
	.disable = t410_ucf_disable,
	.start_counter = t410_ucf_start_counter,
	.stop_counter = t410_ucf_stop_counter,
	.read_counter = t410_ucf_read_counter,
	.write_counter = t410_ucf_write_counter,
	.read_clear_overflow = t410_ucf_read_clear_overflow,
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
	NVU_EVENT_MIB_SCALE(slc_bytes_rd),
	NVU_EVENT_MIB_UNIT(slc_bytes_rd),
	NVU_EVENT(slc_bytes_wr, T410_UCF_SLC_BYTES_WR),
	NVU_EVENT_MIB_SCALE(slc_bytes_wr),
	NVU_EVENT_MIB_UNIT(slc_bytes_wr),
	NVU_EVENT(mem_access_rd, T410_UCF_MEM_ACCESS_RD),
	NVU_EVENT(mem_access_wr, T410_UCF_MEM_ACCESS_WR),
	NVU_EVENT(mem_bytes_rd, T410_UCF_MEM_BYTES_RD),
	NVU_EVENT_MIB_SCALE(mem_bytes_rd),
	NVU_EVENT_MIB_UNIT(mem_bytes_rd),
	NVU_EVENT(mem_bytes_wr, T410_UCF_MEM_BYTES_WR),
	NVU_EVENT_MIB_SCALE(mem_bytes_wr),
	NVU_EVENT_MIB_UNIT(mem_bytes_wr),
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

/* The APMT node firmware gave for @dev, or NULL (the model's devices). */
static const struct acpi_apmt_node *t410_ucf_apmt_node(struct device *dev)
{
#ifdef CONFIG_ACPI_APMT
	/* The APMT code stores a pointer to the node as platform data. */
	if (dev->platform_data)
		return *(const struct acpi_apmt_node **)dev->platform_data;
#endif
	return NULL;
}

/* APMT node flags and implementation ID, from ACPI or the model's swnode. */
static void t410_ucf_apmt(struct device *dev, u32 *flags, u32 *impl_id)
{
	const struct acpi_apmt_node *node = t410_ucf_apmt_node(dev);

	*flags = 0;
	*impl_id = 0;
	if (node) {
		*flags = node->flags;
		*impl_id = node->impl_id;
		return;
	}
	device_property_read_u32(dev, "apmt-flags", flags);
	device_property_read_u32(dev, "apmt-impl-id", impl_id);
}

#ifdef CONFIG_ACPI_APMT
/* Is @cpu inside the ACPI processor container whose _UID is @uid? */
static bool t410_ucf_cpu_in_container(unsigned int cpu, u32 uid)
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

/* The CPUs the APMT node's affinity names (a processor or a container). */
static void t410_ucf_apmt_cpus(const struct acpi_apmt_node *node,
			       struct cpumask *cpus)
{
	unsigned int cpu;

	cpumask_clear(cpus);
	for_each_possible_cpu(cpu) {
		if (node->flags & ACPI_APMT_FLAGS_AFFINITY) {
			if (t410_ucf_cpu_in_container(cpu, node->proc_affinity))
				cpumask_set_cpu(cpu, cpus);
		} else if (get_acpi_id_for_cpu(cpu) == node->proc_affinity) {
			cpumask_set_cpu(cpu, cpus);
		}
	}
}
#endif

/*
 * The CPUs the PMU belongs to and its socket (= NUMA node, as upstream).
 * On hardware: the CPUs the APMT affinity names, and the node of the first.
 * On the model: the device's node and its CPUs.
 */
static int t410_ucf_cpus(struct nvu_pmu *pmu, int *socket)
{
	struct device *dev = pmu->dev;
#ifdef CONFIG_ACPI_APMT
	const struct acpi_apmt_node *node = t410_ucf_apmt_node(dev);

	if (node) {
		t410_ucf_apmt_cpus(node, &pmu->associated_cpus);
		if (cpumask_empty(&pmu->associated_cpus))
			return dev_err_probe(dev, -ENODEV,
					     "APMT affinity %u names no CPU\n",
					     node->proc_affinity);
		*socket = cpu_to_node(cpumask_first(&pmu->associated_cpus));
		cpumask_copy(&pmu->local_cpus, &pmu->associated_cpus);
		return 0;
	}
#endif
	*socket = dev_to_node(dev);
	if (*socket == NUMA_NO_NODE)
		return dev_err_probe(dev, -ENODEV, "no NUMA node: socket unknown\n");
	nvu_pmu_set_node(pmu, *socket);
	return 0;
}

/* PMIIDR, rebuilt from the peripheral ID registers when it reads as 0. */
static u32 t410_ucf_pmiidr(const struct nvu_regs *page0)
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

static int t410_ucf_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	u32 pmiidr, pmcfgr, flags, impl_id, n;
	struct t410_ucf *ucf;
	struct nvu_pmu *pmu;
	int node, irq, ret;

	pmu = devm_nvu_pmu_alloc(dev, &t410_ucf_desc, sizeof(*ucf));
	if (!pmu)
		return -ENOMEM;
	ucf = nvu_pmu_priv(pmu);

	ret = nvu_map_resource(pdev, 0, &ucf->page0);
	if (ret)
		return ret;
	t410_ucf_apmt(dev, &flags, &impl_id);
	pmiidr = impl_id ?: t410_ucf_pmiidr(&ucf->page0);
	if ((pmiidr & T410_PMIIDR_MATCH_MASK) != T410_PMIIDR_UCF)
		return -ENODEV;	/* another CoreSight PMU: not ours */

	/* A dual-page block has page 1 as its second resource. */
	ucf->page1 = ucf->page0;
	if (platform_get_resource(pdev, IORESOURCE_MEM, 1)) {
		ret = nvu_map_resource(pdev, 1, &ucf->page1);
		if (ret)
			return ret;
	}

	pmcfgr = nvu_read32(&ucf->page0, CSPMU_PMCFGR);
	n = FIELD_GET(CSPMU_PMCFGR_N, pmcfgr) + 1;
	pmu->has_cycle_counter = pmcfgr & CSPMU_PMCFGR_CC;
	pmu->num_counters = min(n - pmu->has_cycle_counter,
				CSPMU_CYCLE_CNTR_IDX);
	pmu->counter_width = FIELD_GET(CSPMU_PMCFGR_SIZE, pmcfgr) + 1;
	if (!pmu->num_counters)
		return dev_err_probe(dev, -ENODEV, "PMCFGR %#x: no counters\n",
				     pmcfgr);
	ucf->wide = pmu->counter_width > 32;
	ucf->atomic64 = flags & T410_APMT_FLAG_ATOMIC;

	ret = t410_ucf_cpus(pmu, &node);
	if (ret)
		return ret;

	pmu->name = devm_kasprintf(dev, GFP_KERNEL, "nvidia_ucf_pmu_%d", node);
	pmu->identifier = devm_kasprintf(dev, GFP_KERNEL, "%x", pmiidr);
	if (!pmu->name || !pmu->identifier)
		return -ENOMEM;

	/*
	 * Start from a known state whatever firmware left: counting off,
	 * counters and interrupts disabled, status clear, every counter zero.
	 */
	nvu_write32(&ucf->page0, CSPMU_PMCR, CSPMU_PMCR_P | CSPMU_PMCR_C);
	nvu_write32(&ucf->page0, CSPMU_PMCNTENCLR, U32_MAX);
	nvu_write32(&ucf->page0, CSPMU_PMINTENCLR, U32_MAX);
	nvu_write32(&ucf->page1, CSPMU_PMOVSCLR, U32_MAX);

	/* An APMT GSIV reports overflows; without one the core polls [U]. */
	irq = platform_get_irq_optional(pdev, 0);
	if (irq > 0) {
		ret = nvu_pmu_request_irq(pmu, irq);
		if (ret)
			return ret;
	} else if (irq != -ENXIO) {
		return dev_err_probe(dev, irq, "bad overflow interrupt\n");
	}

	return devm_nvu_pmu_register(pmu);
}

static const struct platform_device_id t410_ucf_ids[] = {
	{ "arm-cs-arch-pmu" },
	{ }
};
MODULE_DEVICE_TABLE(platform, t410_ucf_ids);

static struct platform_driver t410_ucf_driver = {
	.driver = {
		.name = "nvu_t410_ucf",
		.suppress_bind_attrs = true,
	},
	.id_table = t410_ucf_ids,
	.probe = t410_ucf_probe,
};
module_platform_driver(t410_ucf_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 UCF PMU (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

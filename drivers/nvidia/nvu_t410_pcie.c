// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 PCIE PMU: traffic from one PCIe root complex (RC) to
 * memory.  One CoreSight PMU block per RC, from the ACPI APMT; PMU name
 * nvidia_pcie_pmu_<socket>_rc_<rc>.
 *
 * A counter filters on its source (root ports, or one requester BDF) and
 * destination.  The RC's one BDF comparator, once enabled, may apply to
 * all its counters [U]: so the RC counts in one source mode at a time,
 * "BDF X" or "not BDF", the same for a whole group; perf multiplexes the
 * rest.
 *
 * Also exports what PCIE-TGT shares: the RC's identity and "root_ports".
 * See Documentation/tegra410.rst.
 */

#include "nvu_ns.h"

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/spinlock.h>

#include "nvu_t410_pcie.h"
#include "nvu_t410_regs.h"

/*
 * rd_cum_outs, the reads in flight added each cycle, counts fastest, at a
 * rate not published [U]: assumed at most 1024 in flight at 2 GHz.
 */
#define T410_PCIE_MAX_RATE	2048000000000ULL

/* The RC's source mode of a non-cycle event: its BDF, or not BDF. */
#define T410_PCIE_NOT_BDF	U32_MAX

/**
 * struct t410_pcie - one PCIE PMU
 * @rc: the RC (first: shared layout with PCIE-TGT)
 * @src_lock: protects @src and @src_users
 * @src: the RC's source mode while @src_users > 0: a BDF, or
 *	T410_PCIE_NOT_BDF
 * @src_users: scheduled-in events that count in mode @src
 */
struct t410_pcie {
	struct t410_rc rc;
	raw_spinlock_t src_lock;
	u32 src;
	unsigned int src_users;
};

/* Shared with PCIE-TGT: the RC and its root ports. */

#ifdef CONFIG_PCI
/**
 * struct t410_rp_map - where a root port sits, from its NVIDIA DVSEC
 * @bus: bus number of the root port (as lspci shows it)
 * @segment: PCI segment (lspci's domain)
 * @rp: root-port index within the RC (the bit of src_rp_mask/dst_rp_mask)
 * @rc: RC number
 * @socket: socket
 */
struct t410_rp_map {
	u8 bus;
	u8 segment;
	u8 rp;
	u8 rc;
	u8 socket;
};

/*
 * The NVIDIA DVSEC (vendor 0x10de, ID 0x4) of root port @pdev, decoded.
 * Returns 0, -ENOENT if @pdev is no root port or has none, or -EINVAL if
 * it is too short to hold the socket byte or cannot be read.
 */
static int t410_rp_map(struct pci_dev *pdev, struct t410_rp_map *map)
{
	u32 hdr1;
	u16 pos;

	if (!pci_is_pcie(pdev) ||
	    pci_pcie_type(pdev) != PCI_EXP_TYPE_ROOT_PORT)
		return -ENOENT;
	pos = pci_find_dvsec_capability(pdev, T410_DVSEC_VENDOR,
					T410_DVSEC_ID);
	if (!pos)
		return -ENOENT;
	if (pci_read_config_dword(pdev, pos + PCI_DVSEC_HEADER1, &hdr1) ||
	    PCI_DVSEC_HEADER1_LEN(hdr1) <= T410_DVSEC_SOCKET ||
	    pos + PCI_DVSEC_HEADER1_LEN(hdr1) > pdev->cfg_size)
		return -EINVAL;
	if (pci_read_config_byte(pdev, pos + T410_DVSEC_BUS, &map->bus) ||
	    pci_read_config_byte(pdev, pos + T410_DVSEC_SEGMENT,
				 &map->segment) ||
	    pci_read_config_byte(pdev, pos + T410_DVSEC_RP, &map->rp) ||
	    pci_read_config_byte(pdev, pos + T410_DVSEC_RC, &map->rc) ||
	    pci_read_config_byte(pdev, pos + T410_DVSEC_SOCKET,
				 &map->socket))
		return -EINVAL;
	return 0;
}
#endif

/* "<rp> <segment>:<bus>" per root port, read each time: ports come and go. */
static ssize_t root_ports_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct t410_rc *rc = nvu_pmu_priv(nvu_dev_to_pmu(dev));
	int len = 0;
#ifdef CONFIG_PCI
	struct pci_dev *pdev = NULL;
	struct t410_rp_map map;

	for_each_pci_dev(pdev) {
		if (t410_rp_map(pdev, &map) || map.socket != rc->cs.socket ||
		    map.rc != rc->rc)
			continue;
		len += sysfs_emit_at(buf, len, "%u %04x:%02x\n", map.rp,
				     map.segment, map.bus);
	}
#endif
	if (!len)
		len = sysfs_emit(buf, "none: no NVIDIA DVSEC names RC %u of socket %d\n",
				 rc->rc, rc->cs.socket);
	return len;
}
static DEVICE_ATTR_RO(root_ports);

static struct attribute *t410_rc_attrs[] = {
	&dev_attr_root_ports.attr,
	NULL
};

const struct attribute_group nvu_t410_rc_group = {
	.attrs = t410_rc_attrs,
};
EXPORT_SYMBOL_GPL(nvu_t410_rc_group);

/**
 * nvu_t410_rc_identify() - the RC of a PCIE or PCIE-TGT block
 * @pdev: its device, after nvu_cspmu_init()
 * @rc: @rc->rc is set
 * @region: if not NULL, set to the RC's address-filter region (PCIE-TGT)
 *
 * The APMT node names the RC's ACPI device by _HID and _UID; its _DSD
 * "instance_id" is the RC and its first memory resource the region
 * PCIE-TGT's address filters live in.
 *
 * Return: 0 or a probe error.
 */
int nvu_t410_rc_identify(struct platform_device *pdev, struct t410_rc *rc,
			 struct resource *region)
{
	const struct acpi_apmt_node *node = nvu_cspmu_apmt_node(&pdev->dev);
	struct device *dev = &pdev->dev;
	struct resource_entry *entry;
	struct acpi_device *adev;
	char hid[9] = { }, uid[11];
	LIST_HEAD(list);
	int ret;

	if (node->type != ACPI_APMT_NODE_TYPE_ACPI)
		return dev_err_probe(dev, -ENODEV,
				     "APMT node type %u: no ACPI device names the RC\n",
				     node->type);
	memcpy(hid, &node->inst_primary, sizeof(node->inst_primary));
	snprintf(uid, sizeof(uid), "%u", node->inst_secondary);
	adev = acpi_dev_get_first_match_dev(hid, uid, -1);
	if (!adev)
		return dev_err_probe(dev, -ENODEV, "no ACPI device %s:%s\n",
				     hid, uid);
	ret = fwnode_property_read_u32(acpi_fwnode_handle(adev), "instance_id",
				       &rc->rc);
	if (ret) {
		ret = dev_err_probe(dev, -ENODEV, "%s:%s has no instance_id\n",
				    hid, uid);
	} else if (region) {
		ret = acpi_dev_get_resources(adev, &list, NULL, NULL);
		ret = ret < 0 ? ret : -ENODEV;
		list_for_each_entry(entry, &list, node) {
			if (resource_type(entry->res) == IORESOURCE_MEM &&
			    !(entry->res->flags & IORESOURCE_WINDOW)) {
				*region = *entry->res;
				ret = 0;
				break;
			}
		}
		acpi_dev_free_resource_list(&list);
		if (ret)
			dev_err_probe(dev, ret, "%s:%s has no memory region\n",
				      hid, uid);
	}
	acpi_dev_put(adev);
	return ret;
}
EXPORT_SYMBOL_GPL(nvu_t410_rc_identify);

/**
 * nvu_t410_pcie_filtr() - PMEVFILTR for an event's config1
 * @config1: src_rp_mask, src_bdf, src_bdf_en
 *
 * Return: one BDF when enabled, else the root ports given, else all.
 */
u32 nvu_t410_pcie_filtr(u64 config1)
{
	if (config1 & T410_PCIE_SRC_BDF_EN)
		return config1 & (T410_PCIE_SRC_BDF | T410_PCIE_SRC_BDF_EN);
	return (config1 & T410_PCIE_SRC_RP_MASK) ?: T410_PCIE_SRC_RP_MASK;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_pcie_filtr);

/**
 * nvu_t410_pcie_filt2r() - PMEVFILT2R for an event's config2
 * @config2: the destination bits
 *
 * Return: those bits, or every destination if none.
 */
u32 nvu_t410_pcie_filt2r(u64 config2)
{
	return (config2 & T410_PCIE_DST) ?: T410_PCIE_DST;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_pcie_filt2r);

/**
 * nvu_t410_pcie_src_mode() - the RC source mode an event's config1 needs
 * @config1: src_rp_mask, src_bdf, src_bdf_en
 *
 * Return: the BDF when src_bdf_en is set, else T410_PCIE_NOT_BDF.
 */
u32 nvu_t410_pcie_src_mode(u64 config1)
{
	if (config1 & T410_PCIE_SRC_BDF_EN)
		return FIELD_GET(T410_PCIE_SRC_BDF, config1);
	return T410_PCIE_NOT_BDF;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_pcie_src_mode);

/**
 * nvu_t410_pcie_check_reqs() - filter rules for events counted together
 * @reqs: the events (config, config1, config2; cycle events are exempt)
 * @n: how many
 *
 * A root-port mask and a BDF exclude each other, and all events need the
 * same source mode (nvu_t410_pcie_src_mode(); see the top of this file).
 *
 * Return: 0 or -EINVAL.
 */
int nvu_t410_pcie_check_reqs(const struct nvu_req *reqs, unsigned int n)
{
	bool have_mode = false;
	unsigned int i;
	u32 mode = 0;
	u64 c1;

	for (i = 0; i < n; i++) {
		if (reqs[i].cycle || reqs[i].config[0] == T410_PCIE_CYCLES)
			continue;
		c1 = reqs[i].config[1];
		if (c1 & T410_PCIE_SRC_BDF_EN && c1 & T410_PCIE_SRC_RP_MASK)
			return -EINVAL;
		if (have_mode && nvu_t410_pcie_src_mode(c1) != mode)
			return -EINVAL;
		mode = nvu_t410_pcie_src_mode(c1);
		have_mode = true;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_pcie_check_reqs);

static bool t410_pcie_is_cycle(const struct nvu_pmu *pmu, const u64 *config)
{
	return config[0] == T410_PCIE_CYCLES;
}

static int t410_pcie_filters_fit(const struct nvu_pmu *pmu,
				 const struct nvu_req *reqs, unsigned int n)
{
	int ret = nvu_t410_pcie_check_reqs(reqs, n);

	if (ret)
		dev_dbg(pmu->dev, "group: src_rp_mask with src_bdf, or events of two BDFs or with and without one\n");
	return ret;
}

/*
 * Take or share the RC's source mode, else -EAGAIN (perf multiplexes).  del
 * releases it, so only scheduled-in events hold it.
 */
static int t410_pcie_add(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_pcie *pcie = nvu_pmu_priv(pmu);
	u32 mode = nvu_t410_pcie_src_mode(event->attr.config1);
	unsigned long flags;
	int ret = 0;

	if (event->attr.config == T410_PCIE_CYCLES)
		return 0;
	raw_spin_lock_irqsave(&pcie->src_lock, flags);
	if (pcie->src_users && pcie->src != mode) {
		ret = -EAGAIN;
	} else {
		pcie->src = mode;
		pcie->src_users++;
	}
	raw_spin_unlock_irqrestore(&pcie->src_lock, flags);
	return ret;
}

static void t410_pcie_del(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_pcie *pcie = nvu_pmu_priv(pmu);
	unsigned long flags;

	if (event->attr.config == T410_PCIE_CYCLES)
		return;
	raw_spin_lock_irqsave(&pcie->src_lock, flags);
	pcie->src_users--;
	raw_spin_unlock_irqrestore(&pcie->src_lock, flags);
}

static int t410_pcie_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	u64 config = event->attr.config, config1 = event->attr.config1;
	int ret;

	ret = nvu_cspmu_check_cycles(pmu, config, T410_PCIE_CYCLES);
	if (ret || config == T410_PCIE_CYCLES)
		return ret;	/* the cycle counter takes no filter */
	if (config1 & T410_PCIE_SRC_BDF_EN && config1 & T410_PCIE_SRC_RP_MASK) {
		dev_dbg(pmu->dev, "src_rp_mask and src_bdf exclude each other\n");
		return -EINVAL;
	}
	return 0;
}

/* Cycles take no filter: every root port, no BDF. */
static u32 t410_pcie_cycle_filter(const struct perf_event *event)
{
	return T410_PCIE_SRC_RP_MASK;
}

static void t410_pcie_write_filters(struct nvu_cspmu *cs,
				    struct perf_event *event, u32 phys)
{
	nvu_write32(&cs->page0, CSPMU_PMEVFILTR(phys),
		    nvu_t410_pcie_filtr(event->attr.config1));
	nvu_write32(&cs->page0, CSPMU_PMEVFILT2R(phys),
		    nvu_t410_pcie_filt2r(event->attr.config2));
}

static const struct nvu_cspmu_desc t410_pcie_cspmu = {
	.pmiidr = T410_PMIIDR_PCIE,
	.event_mask = T410_PCIE_EVENT,
	.cycle_filter = t410_pcie_cycle_filter,
	.write_filters = t410_pcie_write_filters,
};

/*
 * A stopped counter keeps no filter: a BDF left enabled there could meet
 * the RC's one comparator after another mode was taken.
 */
static void t410_pcie_clear_filters(struct nvu_cspmu *cs, u32 phys)
{
	nvu_write32(&cs->page0, CSPMU_PMEVFILTR(phys), 0);
	nvu_write32(&cs->page0, CSPMU_PMEVFILT2R(phys), 0);
}

static void t410_pcie_stop_counter(struct nvu_pmu *pmu,
				   struct perf_event *event)
{
	u32 phys = nvu_cspmu_phys(pmu, event);

	nvu_cspmu_stop_counter(pmu, event);
	if (phys != CSPMU_CYCLE_CNTR_IDX)
		t410_pcie_clear_filters(nvu_cspmu(pmu), phys);
}

static const struct nvu_pmu_ops t410_pcie_ops = {
	.event_init = t410_pcie_event_init,
	.is_cycle = t410_pcie_is_cycle,
	.filters_fit = t410_pcie_filters_fit,
	.add = t410_pcie_add,
	.del = t410_pcie_del,
	.enable = nvu_cspmu_enable,
	.disable = nvu_cspmu_disable,
	.start_counter = nvu_cspmu_start_counter,
	.stop_counter = t410_pcie_stop_counter,
	.read_counter = nvu_cspmu_read_counter,
	.write_counter = nvu_cspmu_write_counter,
	.read_clear_overflow = nvu_cspmu_read_clear_overflow,
};

static struct attribute *t410_pcie_formats[] = {
	NVU_FORMAT(event, 0, T410_PCIE_EVENT),
	NVU_FORMAT(src_rp_mask, 1, T410_PCIE_SRC_RP_MASK),
	NVU_FORMAT(src_bdf, 1, T410_PCIE_SRC_BDF),
	NVU_FORMAT(src_bdf_en, 1, T410_PCIE_SRC_BDF_EN),
	NVU_FORMAT(dst_loc_cmem, 2, T410_PCIE_DST_LOC_CMEM),
	NVU_FORMAT(dst_loc_gmem, 2, T410_PCIE_DST_LOC_GMEM),
	NVU_FORMAT(dst_loc_pcie_p2p, 2, T410_PCIE_DST_LOC_PCIE_P2P),
	NVU_FORMAT(dst_loc_pcie_cxl, 2, T410_PCIE_DST_LOC_PCIE_CXL),
	NVU_FORMAT(dst_rem, 2, T410_PCIE_DST_REM),
	NULL
};

static struct attribute *t410_pcie_events[] = {
	NVU_EVENT(rd_bytes, T410_PCIE_RD_BYTES),
	NVU_EVENT(wr_bytes, T410_PCIE_WR_BYTES),
	NVU_EVENT(rd_req, T410_PCIE_RD_REQ),
	NVU_EVENT(wr_req, T410_PCIE_WR_REQ),
	NVU_EVENT(rd_cum_outs, T410_PCIE_RD_CUM_OUTS),
	NVU_EVENT(cycles, T410_PCIE_CYCLES),
	NULL
};

static const struct nvu_pmu_desc t410_pcie_desc = {
	.formats = t410_pcie_formats,
	.events = t410_pcie_events,
	.ops = &t410_pcie_ops,
	.max_rate = T410_PCIE_MAX_RATE,
	.intree_module = "nvidia_cspmu",
	.extra_group = &nvu_t410_rc_group,
};

static int t410_pcie_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct t410_pcie *pcie;
	struct nvu_pmu *pmu;
	unsigned int i;
	int ret;

	pmu = devm_nvu_pmu_alloc(dev, &t410_pcie_desc, sizeof(*pcie));
	if (!pmu)
		return -ENOMEM;
	pcie = nvu_pmu_priv(pmu);
	raw_spin_lock_init(&pcie->src_lock);
	ret = nvu_cspmu_init(pdev, pmu, &t410_pcie_cspmu);
	if (ret)
		return ret;
	ret = nvu_t410_rc_identify(pdev, &pcie->rc, NULL);
	if (ret)
		return ret;
	/* No filter, and so no BDF, left from firmware or a previous driver. */
	for (i = 0; i < pmu->num_counters; i++)
		t410_pcie_clear_filters(&pcie->rc.cs, nvu_cspmu_idx_phys(pmu, i));
	pmu->name = devm_kasprintf(dev, GFP_KERNEL, "nvidia_pcie_pmu_%d_rc_%u",
				   pcie->rc.cs.socket, pcie->rc.rc);
	if (!pmu->name)
		return -ENOMEM;
	return devm_nvu_pmu_register(pmu);
}

static const struct platform_device_id t410_pcie_ids[] = {
	{ NVU_CSPMU_DEVICE },
	{ }
};
MODULE_DEVICE_TABLE(platform, t410_pcie_ids);

static struct nvu_cspmu_driver t410_pcie_driver = {
	.driver = {
		.driver = {
			.name = "nvu_t410_pcie",
			.suppress_bind_attrs = true,
		},
		.id_table = t410_pcie_ids,
		.probe = t410_pcie_probe,
	},
	.desc = &t410_pcie_cspmu,
};
module_nvu_cspmu_driver(t410_pcie_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 PCIE PMU (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

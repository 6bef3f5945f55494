// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Tegra410 PCIE-TGT PMU: traffic from any source to one PCIe root
 * complex (RC), to its root ports' BARs and CXL HDM windows.  One
 * CoreSight PMU block per RC, from the ACPI APMT; PMU name
 * nvidia_pcie_tgt_pmu_<socket>_rc_<rc>.
 *
 * A counter filters on destination root ports (BAR traffic only) and, with
 * dst_addr_en, on (addr & mask) == (base & mask).  The ranges sit in 8
 * slots the RC's counters share: a scheduled-in event holds one (identical
 * ranges share it), and with all taken add() fails with -EAGAIN, so that
 * perf retries later.  See Documentation/tegra410.rst.
 */

#include "nvu_ns.h"

#include <linux/bitfield.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "nvu_t410_pcie.h"
#include "nvu_t410_pcie_tgt.h"

/*
 * The byte counters count fastest, at a rate not published [U]: assumed at
 * most 128 GB/s (PCIe Gen6 x16, both directions).
 */
#define T410_PCIE_TGT_MAX_RATE	128000000000ULL

struct t410_pcie_tgt {
	struct t410_rc rc;
	struct nvu_regs filt;
	struct t410_tgt_slot slot[T410_PCIE_TGT_NR_SLOTS];
};

/* The slot of a scheduled event, or -1: kept in the event's hw state. */
#define t410_tgt_event_slot(event)	((event)->hw.extra_reg.idx)

/**
 * nvu_t410_tgt_slot_find() - the slot an address range would use
 * @slots: the RC's T410_PCIE_TGT_NR_SLOTS slots
 * @base: dst_addr_base
 * @mask: dst_addr_mask
 *
 * Return: the slot that holds @base and @mask already, else the first free
 * one, else -EAGAIN.
 */
int nvu_t410_tgt_slot_find(const struct t410_tgt_slot *slots, u64 base,
			   u64 mask)
{
	int i, free = -EAGAIN;

	for (i = 0; i < T410_PCIE_TGT_NR_SLOTS; i++) {
		if (!slots[i].users) {
			if (free < 0)
				free = i;
		} else if (slots[i].base == base && slots[i].mask == mask) {
			return i;
		}
	}
	return free;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_tgt_slot_find);

/**
 * nvu_t410_tgt_filt2r() - PMEVFILT2R of an event
 * @config: its config (dst_rp_mask, dst_addr_en)
 * @slot: its address-filter slot, or -1
 *
 * Return: the register value.  No root-port mask means all root ports,
 * unless an address range is the only filter.
 */
u32 nvu_t410_tgt_filt2r(u64 config, int slot)
{
	u32 rps = FIELD_GET(T410_PCIE_TGT_DST_RP_MASK, config);
	u32 v = 0;

	if (slot >= 0)
		v = FIELD_PREP(T410_PCIE_TGT_FILT_SLOT, BIT(slot));
	else if (!rps)
		rps = FIELD_MAX(T410_PCIE_TGT_FILT_RP);
	return v | FIELD_PREP(T410_PCIE_TGT_FILT_RP, rps);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_tgt_filt2r);

/* Event type 4 is the cycle counter's: no filter, no slot. */
static bool t410_tgt_cycle(u64 config)
{
	return (config & T410_PCIE_TGT_EVENT) == T410_PCIE_TGT_CYCLES;
}

/**
 * nvu_t410_tgt_check_reqs() - do these events' address ranges fit the slots?
 * @reqs: the events
 * @n: how many
 *
 * Identical ranges share a slot.
 *
 * Return: 0 or -EINVAL.
 */
int nvu_t410_tgt_check_reqs(const struct nvu_req *reqs, unsigned int n)
{
	struct t410_tgt_slot slots[T410_PCIE_TGT_NR_SLOTS] = { };
	unsigned int i;
	int s;

	for (i = 0; i < n; i++) {
		if (t410_tgt_cycle(reqs[i].config[0]) ||
		    !(reqs[i].config[0] & T410_PCIE_TGT_DST_ADDR_EN))
			continue;
		s = nvu_t410_tgt_slot_find(slots, reqs[i].config[1],
					   reqs[i].config[2]);
		if (s < 0)
			return -EINVAL;
		slots[s].base = reqs[i].config[1];
		slots[s].mask = reqs[i].config[2];
		slots[s].users++;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_t410_tgt_check_reqs);

static bool t410_tgt_is_cycle(const struct nvu_pmu *pmu, const u64 *config)
{
	return t410_tgt_cycle(config[0]);
}

static int t410_tgt_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	const struct perf_event_attr *attr = &event->attr;

	if (!(attr->config & T410_PCIE_TGT_DST_ADDR_EN) &&
	    (attr->config1 || attr->config2)) {
		dev_dbg(pmu->dev, "dst_addr_base/dst_addr_mask need dst_addr_en=1\n");
		return -EINVAL;
	}
	return 0;
}

static int t410_tgt_filters_fit(const struct nvu_pmu *pmu,
				const struct nvu_req *reqs, unsigned int n)
{
	int ret = nvu_t410_tgt_check_reqs(reqs, n);

	if (ret)
		dev_dbg(pmu->dev, "group needs more than %u address ranges\n",
			T410_PCIE_TGT_NR_SLOTS);
	return ret;
}

/* Take an address-filter slot; the first user programs it. */
static int t410_tgt_add(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_pcie_tgt *tgt = nvu_pmu_priv(pmu);
	u64 base = event->attr.config1, mask = event->attr.config2;
	struct t410_tgt_slot *slot;
	int s;

	t410_tgt_event_slot(event) = -1;
	if (event->hw.idx == nvu_cycle_idx(pmu) ||
	    !(event->attr.config & T410_PCIE_TGT_DST_ADDR_EN))
		return 0;
	s = nvu_t410_tgt_slot_find(tgt->slot, base, mask);
	if (s < 0)
		return s;	/* all taken: perf reschedules */
	slot = &tgt->slot[s];
	if (!slot->users++) {
		slot->base = base;
		slot->mask = mask;
		nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_BASE_LO(s),
			    lower_32_bits(base));
		nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_BASE_HI(s),
			    upper_32_bits(base));
		nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_MASK_LO(s),
			    lower_32_bits(mask));
		nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_MASK_HI(s),
			    upper_32_bits(mask));
		nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_CTRL(s),
			    T410_PCIE_TGT_SLOT_EN);
	}
	t410_tgt_event_slot(event) = s;
	return 0;
}

/* Give the slot back; the last user turns it off. */
static void t410_tgt_del(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct t410_pcie_tgt *tgt = nvu_pmu_priv(pmu);
	int s = t410_tgt_event_slot(event);

	if (s < 0)
		return;
	t410_tgt_event_slot(event) = -1;
	if (--tgt->slot[s].users)
		return;
	nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_CTRL(s), 0);
	nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_BASE_LO(s), 0);
	nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_BASE_HI(s), 0);
	nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_MASK_LO(s), 0);
	nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_MASK_HI(s), 0);
}

/* The cycle counter takes no filter (PMCCFILTR 0). */
static void t410_tgt_write_filters(struct nvu_cspmu *cs,
				   struct perf_event *event, u32 phys)
{
	nvu_write32(&cs->page0, CSPMU_PMEVFILT2R(phys),
		    nvu_t410_tgt_filt2r(event->attr.config,
					t410_tgt_event_slot(event)));
}

static const struct nvu_cspmu_desc t410_tgt_cspmu = {
	.pmiidr = T410_PMIIDR_PCIE_TGT,
	.event_mask = T410_PCIE_TGT_EVENT,
	.write_filters = t410_tgt_write_filters,
};

static const struct nvu_pmu_ops t410_tgt_ops = {
	.event_init = t410_tgt_event_init,
	.is_cycle = t410_tgt_is_cycle,
	.filters_fit = t410_tgt_filters_fit,
	.add = t410_tgt_add,
	.del = t410_tgt_del,
	.enable = nvu_cspmu_enable,
	.disable = nvu_cspmu_disable,
	.start_counter = nvu_cspmu_start_counter,
	.stop_counter = nvu_cspmu_stop_counter,
	.read_counter = nvu_cspmu_read_counter,
	.write_counter = nvu_cspmu_write_counter,
	.read_clear_overflow = nvu_cspmu_read_clear_overflow,
};

static struct attribute *t410_tgt_formats[] = {
	NVU_FORMAT(event, 0, T410_PCIE_TGT_EVENT),
	NVU_FORMAT(dst_rp_mask, 0, T410_PCIE_TGT_DST_RP_MASK),
	NVU_FORMAT(dst_addr_en, 0, T410_PCIE_TGT_DST_ADDR_EN),
	NVU_FORMAT(dst_addr_base, 1, T410_PCIE_TGT_ADDR),
	NVU_FORMAT(dst_addr_mask, 2, T410_PCIE_TGT_ADDR),
	NULL
};

static struct attribute *t410_tgt_events[] = {
	NVU_EVENT(rd_bytes, T410_PCIE_TGT_RD_BYTES),
	NVU_EVENT(wr_bytes, T410_PCIE_TGT_WR_BYTES),
	NVU_EVENT(rd_req, T410_PCIE_TGT_RD_REQ),
	NVU_EVENT(wr_req, T410_PCIE_TGT_WR_REQ),
	NVU_EVENT(cycles, T410_PCIE_TGT_CYCLES),
	NULL
};

static const struct nvu_pmu_desc t410_tgt_desc = {
	.formats = t410_tgt_formats,
	.events = t410_tgt_events,
	.ops = &t410_tgt_ops,
	.max_rate = T410_PCIE_TGT_MAX_RATE,
	.intree_module = "nvidia_cspmu",
	.extra_group = &nvu_t410_rc_group,
};

static int t410_tgt_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct t410_pcie_tgt *tgt;
	struct resource region;
	struct nvu_pmu *pmu;
	unsigned int s;
	int ret;

	pmu = devm_nvu_pmu_alloc(dev, &t410_tgt_desc, sizeof(*tgt));
	if (!pmu)
		return -ENOMEM;
	tgt = nvu_pmu_priv(pmu);
	ret = nvu_cspmu_init(pdev, pmu, &t410_tgt_cspmu);
	if (ret)
		return ret;
	ret = nvu_t410_rc_identify(pdev, &tgt->rc, &region);
	if (ret)
		return ret;
	ret = nvu_map_region(dev, &region, &tgt->filt,
			     T410_PCIE_TGT_SLOT_MASK_HI(T410_PCIE_TGT_NR_SLOTS - 1) + 4);
	if (ret)
		return dev_err_probe(dev, ret, "address filters %pR\n", &region);
	/* Every slot off, whatever firmware left. */
	for (s = 0; s < T410_PCIE_TGT_NR_SLOTS; s++)
		nvu_write32(&tgt->filt, T410_PCIE_TGT_SLOT_CTRL(s), 0);

	pmu->name = devm_kasprintf(dev, GFP_KERNEL,
				   "nvidia_pcie_tgt_pmu_%d_rc_%u",
				   tgt->rc.cs.socket, tgt->rc.rc);
	if (!pmu->name)
		return -ENOMEM;
	return devm_nvu_pmu_register(pmu);
}

static const struct platform_device_id t410_tgt_ids[] = {
	{ NVU_CSPMU_DEVICE },
	{ }
};
MODULE_DEVICE_TABLE(platform, t410_tgt_ids);

static struct nvu_cspmu_driver t410_tgt_driver = {
	.driver = {
		.driver = {
			.name = "nvu_t410_pcie_tgt",
			.suppress_bind_attrs = true,
		},
		.id_table = t410_tgt_ids,
		.probe = t410_tgt_probe,
	},
	.desc = &t410_tgt_cspmu,
};
module_nvu_cspmu_driver(t410_tgt_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 PCIE-TGT PMU (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

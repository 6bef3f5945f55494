// SPDX-License-Identifier: GPL-2.0
/*
 * CXL Performance Monitoring Units (CPMU) of any PCI function, found through
 * its Register Locator DVSEC without binding the function; each is a PMU on
 * a platform device of ours.  Counters are polled: the MSI vector is the
 * function driver's.  See Documentation/cxl.rst.
 */

#include "nvu_ns.h"

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

#include "nv_uncore.h"
#include "nvu_cxl_cpmu.h"

#define CXL_DRV_NAME	"nvu_cxl_cpmu"

/*
 * The spec bounds no count rate [U]: assume one a cycle at 2 GHz.  Sets
 * the poll period; counters too narrow to poll at it are refused.
 */
static unsigned long long max_rate = 2000000000ULL;
module_param(max_rate, ullong, 0444);
MODULE_PARM_DESC(max_rate, "fastest count rate of any CPMU counter, per second [U] (default 2e9)");

/* The spec bounds neither queue depth nor vendor events [U]. */
static unsigned int max_per_cycle = 64;
module_param(max_per_cycle, uint, 0444);
MODULE_PARM_DESC(max_per_cycle, "most a queue occupancy, residency or vendor event adds per cycle [U] (default 64)");

/* Most CPMU entries taken from one locator. */
#define CXL_MAX_CPMUS	16

/* Pure logic, exported for KUnit */

/**
 * nvu_cxl_parse_locator() - the CPMU entries of a Register Locator DVSEC
 * @dvsec: the DVSEC from its extended capability header, as dwords
 * @len: its length in bytes
 * @bar_len: each BAR's length, 0 if not a usable memory BAR
 * @locs: filled with the CPMU entries, in locator order
 * @max: room in @locs
 * @why: set to the reason on failure
 *
 * Return: the number of CPMU entries, or -EINVAL.
 */
int nvu_cxl_parse_locator(const u32 *dvsec, unsigned int len,
			  const u64 *bar_len, struct nvu_cxl_loc *locs,
			  unsigned int max, const char **why)
{
	unsigned int i, j, nr, found = 0;

	if (len < CXL_REGLOC_FIRST) {
		*why = "DVSEC shorter than its header";
		return -EINVAL;
	}
	if ((len - CXL_REGLOC_FIRST) % CXL_REGLOC_ENTRY_SIZE) {
		*why = "DVSEC length leaves a partial entry";
		return -EINVAL;
	}
	nr = (len - CXL_REGLOC_FIRST) / CXL_REGLOC_ENTRY_SIZE;
	for (i = 0; i < nr; i++) {
		u32 lo = dvsec[(CXL_REGLOC_FIRST + i * 8) / 4];
		u32 hi = dvsec[(CXL_REGLOC_FIRST + i * 8) / 4 + 1];
		u8 bir = FIELD_GET(CXL_REGLOC_BIR, lo);
		u64 off = (u64)hi << 32 | (lo & CXL_REGLOC_OFF_LO);

		if (FIELD_GET(CXL_REGLOC_RBI, lo) != CXL_RBI_CPMU)
			continue;
		if (bir >= PCI_STD_NUM_BARS || !bar_len[bir]) {
			*why = "a CPMU entry names a BAR the function lacks";
			return -EINVAL;
		}
		if (off >= bar_len[bir] ||
		    bar_len[bir] - off < CPMU_BLOCK_SIZE) {
			*why = "a CPMU entry lies outside its BAR";
			return -EINVAL;
		}
		for (j = 0; j < found; j++) {
			if (locs[j].bir == bir && locs[j].offset == off) {
				*why = "two CPMU entries name the same block";
				return -EINVAL;
			}
		}
		if (found == max) {
			*why = "too many CPMU entries";
			return -EINVAL;
		}
		locs[found].bir = bir;
		locs[found].offset = off;
		locs[found].index = found;
		found++;
	}
	return found;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_parse_locator);

/**
 * nvu_cxl_decode() - decode and check a CPMU's capability registers
 * @cap: the CPMU Capability register
 * @evcap: the Event Capabilities registers
 * @cfg: the Counter Configuration registers
 * @info: filled in
 * @why: set to the reason on failure
 *
 * Return: 0, or -EINVAL if the block contradicts itself or can't count.
 */
int nvu_cxl_decode(u64 cap, const u64 *evcap, const u64 *cfg,
		   struct nvu_cxl_info *info, const char **why)
{
	DECLARE_BITMAP(owned, CPMU_MAX_EVCAPS) = { };
	bool configurable = false, usable = false;
	unsigned int i;

	memset(info, 0, sizeof(*info));
	info->nr_cntr = FIELD_GET(CPMU_CAP_NUM_COUNTERS, cap) + 1;
	info->width = FIELD_GET(CPMU_CAP_COUNTER_WIDTH, cap);
	info->nr_evcaps = FIELD_GET(CPMU_CAP_NUM_EVCAPS, cap) + 1;
	info->filters = FIELD_GET(CPMU_CAP_FILTERS, cap);
	info->freeze = cap & CPMU_CAP_FREEZE;
	if (!info->width || info->width > 64) {
		*why = "counter width is not 1-64 bits";
		return -EINVAL;
	}

	for (i = 0; i < info->nr_cntr; i++) {
		struct nvu_cxl_cntr *c = &info->cntr[i];
		u8 idx = FIELD_GET(CPMU_CFG_GROUP_IDX, cfg[i]);
		u32 events = FIELD_GET(CPMU_CFG_EVENTS, cfg[i]);

		c->type = FIELD_GET(CPMU_CFG_TYPE, cfg[i]);
		if (c->type == CPMU_TYPE_CONFIG) {
			configurable = true;
			continue;
		}
		if (c->type != CPMU_TYPE_FIXED && c->type != CPMU_TYPE_FREE) {
			*why = "a counter has the reserved type";
			return -EINVAL;
		}
		if (idx >= info->nr_evcaps) {
			*why = "a counter's group index is beyond the Event Capabilities registers";
			return -EINVAL;
		}
		if (!events || events & ~FIELD_GET(CPMU_EVCAP_MASK, evcap[idx])) {
			*why = "a counter's events are not in its Event Capabilities register";
			return -EINVAL;
		}
		c->cap.vid = FIELD_GET(CPMU_EVCAP_VID, evcap[idx]);
		c->cap.gid = FIELD_GET(CPMU_EVCAP_GID, evcap[idx]);
		c->cap.mask = events;
		c->cap.index = idx;
		__set_bit(idx, owned);
		usable = true;
	}

	/* Fixed counters own their capability (spec); free-running too [U]. */
	for (i = 0; configurable && i < info->nr_evcaps; i++) {
		struct nvu_cxl_evcap *ec = &info->config_caps[info->nr_config_caps];

		if (test_bit(i, owned) || !FIELD_GET(CPMU_EVCAP_MASK, evcap[i]))
			continue;
		ec->vid = FIELD_GET(CPMU_EVCAP_VID, evcap[i]);
		ec->gid = FIELD_GET(CPMU_EVCAP_GID, evcap[i]);
		ec->mask = FIELD_GET(CPMU_EVCAP_MASK, evcap[i]);
		ec->index = i;
		info->nr_config_caps++;
		usable = true;
	}
	if (!usable) {
		*why = "no counter can count any event";
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_decode);

/* @ec counts @ev: the same mask (@exact), or one that covers it. */
static bool nvu_cxl_covers(const struct nvu_cxl_evcap *ec,
			   const struct nvu_cxl_ev *ev, bool exact)
{
	return ec->vid == ev->vid && ec->gid == ev->gid &&
	       (exact ? ec->mask == ev->mask : !(ev->mask & ~ec->mask));
}

/* The counter for @ev among those not in @used, or -1. */
static int nvu_cxl_find(const struct nvu_cxl_info *info,
			const unsigned long *used, const struct nvu_cxl_ev *ev,
			u8 *cap_index)
{
	const struct nvu_cxl_evcap *cfg = NULL, *ec;
	unsigned int type, i;

	for (i = 0; i < info->nr_config_caps && !cfg; i++)
		if (nvu_cxl_covers(&info->config_caps[i], ev, false))
			cfg = &info->config_caps[i];

	/* Free-running (unprogrammed only), fixed, configurable: type order. */
	for (type = ev->programmed ? CPMU_TYPE_FIXED : CPMU_TYPE_FREE;
	     type <= CPMU_TYPE_CONFIG; type++) {
		for (i = 0; i < info->nr_cntr; i++) {
			ec = type == CPMU_TYPE_CONFIG ? cfg : &info->cntr[i].cap;
			if (info->cntr[i].type != type || test_bit(i, used) ||
			    !ec || (type != CPMU_TYPE_CONFIG &&
				     !nvu_cxl_covers(ec, ev, true)))
				continue;
			*cap_index = ec->index;
			return i;
		}
	}
	return -1;
}

/**
 * nvu_cxl_can_count() - whether some counter of @info could count @ev
 * @info: the CPMU
 * @ev: the event
 *
 * Return: true if one could, free or not.
 */
bool nvu_cxl_can_count(const struct nvu_cxl_info *info,
		       const struct nvu_cxl_ev *ev)
{
	DECLARE_BITMAP(none, CPMU_MAX_COUNTERS) = {};
	u8 cap_index;

	return nvu_cxl_find(info, none, ev, &cap_index) >= 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_can_count);

/**
 * nvu_cxl_pick() - the counter @ev should count on
 * @info: the CPMU
 * @used: counters already taken
 * @ev: the event
 * @cap_index: set to the Event Group ID Index to program
 *
 * Exact matches first, free-running (unprogrammed events only, leaving
 * fixed counters to the rest) then fixed; else a configurable one whose
 * capability covers @ev.
 *
 * Return: the counter; -EAGAIN if all that could count @ev are taken, else
 * -EINVAL.
 */
int nvu_cxl_pick(const struct nvu_cxl_info *info, const unsigned long *used,
		 const struct nvu_cxl_ev *ev, u8 *cap_index)
{
	int idx = nvu_cxl_find(info, used, ev, cap_index);

	if (idx >= 0)
		return idx;
	return nvu_cxl_can_count(info, ev) ? -EAGAIN : -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_pick);

/**
 * nvu_cxl_group_fits() - can these events count at the same time?
 * @info: the CPMU
 * @evs: the events
 * @n: how many
 *
 * Picks as nvu_cxl_pick() does, programmed events first: this finds a fit
 * if one exists, as an exact-match counter serves one event and
 * configurable ones are alike.
 *
 * Return: 0 or -EINVAL.
 */
int nvu_cxl_group_fits(const struct nvu_cxl_info *info,
		       const struct nvu_cxl_ev *evs, unsigned int n)
{
	DECLARE_BITMAP(used, CPMU_MAX_COUNTERS) = { };
	unsigned int pass, i;
	u8 cap;
	int idx;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++) {
			if (evs[i].programmed != !pass)
				continue;
			idx = nvu_cxl_pick(info, used, &evs[i], &cap);
			if (idx < 0)
				return -EINVAL;
			__set_bit(idx, used);
		}
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_group_fits);

/**
 * nvu_cxl_per_cycle() - the most an event can add to its counter per cycle
 * @ev: the event
 * @threshold: its threshold
 * @cycles: it has edge or invert set
 * @max_pc: what one queue occupancy, residency or vendor event can add
 *
 * Each event of the mask adds 1, or @max_pc; edge, invert or a threshold
 * of 2 or more count cycles or edges: 1.
 *
 * Return: the bound, at least 1.
 */
unsigned int nvu_cxl_per_cycle(const struct nvu_cxl_ev *ev,
			       unsigned int threshold, bool cycles,
			       unsigned int max_pc)
{
	u32 deep = 0;

	if (cycles || threshold >= 2)
		return 1;
	if (ev->vid != CXL_EVENT_VID)
		deep = ev->mask;
	else if (ev->gid == CXL_GID_QUEUE_OCC)
		deep = ev->mask & CXL_QUEUE_OCC_DEEP;
	else if (ev->gid == CXL_GID_RESIDENCY)
		deep = ev->mask;
	return max(hweight32(ev->mask & ~deep) + hweight32(deep) * max_pc, 1U);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_per_cycle);

/**
 * nvu_cxl_value_plausible() - could @info's CPMU have given this value?
 * @info: the CPMU
 * @val: a counter's value, as read
 *
 * An unreachable function reads all ones, perhaps before the PCI core
 * knows: taken for a lost read even at 64 bits, being far likelier.
 *
 * Return: whether @val can be a real value.
 */
bool nvu_cxl_value_plausible(const struct nvu_cxl_info *info, u64 val)
{
	if (val == U64_MAX)
		return false;
	return info->width >= 64 || !(val >> info->width);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cxl_value_plausible);

/* Discovery */

/*
 * Wait until perf is done with events whose destroy() has run: it still
 * drops their context and module references, under no lock or RCU section
 * we could wait for, but never sleeps, so an RCU Tasks grace period covers
 * it (synchronize_rcu() without RCU Tasks: enough without preemption).  A
 * preemptible kernel without RCU Tasks (no kprobes, tracing or bpf()) adds
 * 100 ms, no proof (the module warns at load).  Process context; may sleep
 * a second or more.
 */
static void cxl_sync_event_free(void)
{
	synchronize_rcu_tasks();
	if (IS_ENABLED(CONFIG_PREEMPTION) && !IS_ENABLED(CONFIG_TASKS_RCU))
		msleep(100);
}

/**
 * struct cxl_found - one CPMU found on a PCI function
 * @node: in cxl_found_list while the function is present
 * @pci: the function (referenced)
 * @loc: where the CPMU is
 * @pdev: our platform device for it
 * @lock: protects @gone, @idle_at_gone, @renaming, @nr_open and @closed
 * @gone: the function went away; no register may be touched
 * @idle_at_gone: no event was open at @gone: cxl_gone() frees this, else
 *	the last event's destroy does
 * @renaming: the PMU is being registered again under a new name
 * @nr_open: events of the PMU that exist
 * @closed: an event was destroyed since the last cxl_sync_event_free()
 * @work: unregisters @pdev after the function went away
 */
struct cxl_found {
	struct list_head node;
	struct pci_dev *pci;
	struct nvu_cxl_loc loc;
	struct platform_device *pdev;
	raw_spinlock_t lock;	/* taken in an IPI too */
	bool gone;
	bool idle_at_gone;
	bool renaming;
	unsigned int nr_open;
	bool closed;
	struct work_struct work;
};

static LIST_HEAD(cxl_found_list);
static DEFINE_MUTEX(cxl_found_lock);
static struct workqueue_struct *cxl_wq;

/*
 * A function with CPMUs but memory decoding off, scanned again when a
 * driver binds.  On cxl_waiting_list under cxl_found_lock; holds @pci.
 */
struct cxl_waiting {
	struct list_head node;
	struct pci_dev *pci;
};

static LIST_HEAD(cxl_waiting_list);

/* Take @pci off the waiting list; whether it was on it. */
static bool cxl_wait_del(struct pci_dev *pci)
{
	struct cxl_waiting *w;

	lockdep_assert_held(&cxl_found_lock);
	list_for_each_entry(w, &cxl_waiting_list, node) {
		if (w->pci == pci) {
			list_del(&w->node);
			pci_dev_put(w->pci);
			kfree(w);
			return true;
		}
	}
	return false;
}

static void cxl_wait_add(struct pci_dev *pci)
{
	struct cxl_waiting *w;

	lockdep_assert_held(&cxl_found_lock);
	list_for_each_entry(w, &cxl_waiting_list, node) {
		if (w->pci == pci)
			return;
	}
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return;
	w->pci = pci_dev_get(pci);
	list_add_tail(&w->node, &cxl_waiting_list);
}

static void cxl_found_free(struct cxl_found *f)
{
	if (f->pdev)
		platform_device_unregister(f->pdev);
	pci_dev_put(f->pci);
	kfree(f);
}

/* Wait out @f's events closed since the last call; caller bars new ones. */
static void cxl_found_sync(struct cxl_found *f)
{
	unsigned long flags;
	bool closed;

	raw_spin_lock_irqsave(&f->lock, flags);
	closed = f->closed;
	f->closed = false;
	raw_spin_unlock_irqrestore(&f->lock, flags);
	if (closed)
		cxl_sync_event_free();
}

/* A gone CPMU's last event closed: unregister once perf is done with it. */
static void cxl_found_work(struct work_struct *work)
{
	struct cxl_found *f = container_of(work, struct cxl_found, work);

	cxl_found_sync(f);
	cxl_found_free(f);
}

/* Give @pci's CPMU at @loc a platform device, or drop it if not bound. */
static void cxl_found_add(struct pci_dev *pci, const struct nvu_cxl_loc *loc)
{
	struct platform_device *pdev;
	struct cxl_found *f;

	list_for_each_entry(f, &cxl_found_list, node) {
		if (f->pci == pci && f->loc.index == loc->index)
			return;
	}
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return;
	f->pci = pci_dev_get(pci);
	f->loc = *loc;
	raw_spin_lock_init(&f->lock);
	INIT_WORK(&f->work, cxl_found_work);

	pdev = platform_device_register_data(NULL, CXL_DRV_NAME,
					     PLATFORM_DEVID_AUTO, &f, sizeof(f));
	f->pdev = IS_ERR(pdev) ? NULL : pdev;
	/* A failed probe said why. */
	if (!f->pdev || !READ_ONCE(f->pdev->dev.driver)) {
		cxl_found_free(f);
		return;
	}
	list_add_tail(&f->node, &cxl_found_list);
}

/*
 * A memory BAR the PCI core assigned and claimed.  An unassigned one keeps
 * its size (IORESOURCE_UNSET, start near 0) while decoding may be on for
 * the others: mapping it would reach whatever is there.
 */
static bool cxl_bar_assigned(struct pci_dev *pci, unsigned int bar)
{
	const struct resource *r = &pci->resource[bar];

	return r->flags & IORESOURCE_MEM && !(r->flags & IORESOURCE_UNSET) &&
	       r->start && r->parent;
}

/* Add the CPMUs of @pci's Register Locator not yet found. */
static void cxl_scan(struct pci_dev *pci)
{
	struct nvu_cxl_loc locs[CXL_MAX_CPMUS];
	u64 bar_len[PCI_STD_NUM_BARS];
	const char *why = NULL;
	unsigned int len, i;
	u32 *dvsec, hdr;
	u16 pos, cmd;
	int n;

	pos = pci_find_dvsec_capability(pci, CXL_DVSEC_VENDOR,
					CXL_DVSEC_REG_LOCATOR);
	if (!pos)
		return;
	pci_read_config_dword(pci, pos + CXL_DVSEC_HDR1, &hdr);
	len = FIELD_GET(CXL_DVSEC_HDR1_LEN, hdr);
	if (pos + len > pci->cfg_size) {
		pci_info(pci, "CXL register locator overruns config space; no CPMU used\n");
		return;
	}
	dvsec = kcalloc(DIV_ROUND_UP(len, 4) + 1, sizeof(u32), GFP_KERNEL);
	if (!dvsec)
		return;
	for (i = 0; i < DIV_ROUND_UP(len, 4); i++)
		pci_read_config_dword(pci, pos + 4 * i, &dvsec[i]);
	for (i = 0; i < PCI_STD_NUM_BARS; i++)
		bar_len[i] = cxl_bar_assigned(pci, i) ?
			     pci_resource_len(pci, i) : 0;

	n = nvu_cxl_parse_locator(dvsec, len, bar_len, locs, CXL_MAX_CPMUS,
				  &why);
	kfree(dvsec);
	if (n < 0) {
		pci_info(pci, "CXL register locator: %s; no CPMU used\n", why);
		return;
	}
	pci_dbg(pci, "CXL register locator: %u entries, %d of them CPMUs\n",
		(len - CXL_REGLOC_FIRST) / CXL_REGLOC_ENTRY_SIZE, n);
	if (!n)
		return;
	/*
	 * Only the owner enables decoding.  Under the lock its bind notification
	 * takes after probe: decoding is on here, or that finds @pci waiting.
	 */
	mutex_lock(&cxl_found_lock);
	pci_read_config_word(pci, PCI_COMMAND, &cmd);
	if (!(cmd & PCI_COMMAND_MEMORY)) {
		pci_info(pci, "CXL CPMUs (%d) wait for a driver: memory decoding is off\n",
			 n);
		cxl_wait_add(pci);
		mutex_unlock(&cxl_found_lock);
		return;
	}
	for (i = 0; i < n; i++)
		cxl_found_add(pci, &locs[i]);
	mutex_unlock(&cxl_found_lock);
}

/* The PMU */

/**
 * struct cxl_cpmu - one CPMU's PMU state
 * @regs: its register block
 * @found: what discovery knows of it
 * @info: its capabilities
 * @final: each counter's value read at removal, returned from then on
 * @cap_index: the Event Group ID Index programmed into each counter
 * @started: counters we started and have not stopped
 * @was_reset: counters found reset at stop: next read is a new baseline
 * @clean: counters no event uses were stopped (first enable)
 * @frozen: we froze every counter (pmu_disable)
 */
struct cxl_cpmu {
	struct nvu_regs regs;
	struct cxl_found *found;
	struct nvu_cxl_info info;
	u64 final[CPMU_MAX_COUNTERS];
	u8 cap_index[CPMU_MAX_COUNTERS];
	DECLARE_BITMAP(started, CPMU_MAX_COUNTERS);
	DECLARE_BITMAP(was_reset, CPMU_MAX_COUNTERS);
	bool clean;
	bool frozen;
};

/* config: the event; config1: threshold and flags; config2: filter values */
#define CXL_CFG_MASK		GENMASK_ULL(31, 0)
#define CXL_CFG_GID		GENMASK_ULL(47, 32)
#define CXL_CFG_VID		GENMASK_ULL(63, 48)
#define CXL_CFG1_THRESHOLD	GENMASK_ULL(7, 0)	/* the 8 bits that exist */
#define CXL_CFG1_INVERT		BIT_ULL(16)
#define CXL_CFG1_EDGE		BIT_ULL(17)
#define CXL_CFG1_HDM_EN		BIT_ULL(18)
#define CXL_CFG1_CRB_EN		BIT_ULL(19)
#define CXL_CFG2_HDM		GENMASK_ULL(31, 0)
#define CXL_CFG2_CRB		GENMASK_ULL(63, 32)

/*
 * Set by the PCI core on surprise removal (before the hotplug driver acts)
 * or a fatal error.  Checked before every register access, on the owner
 * CPU with interrupts off.
 */
static bool cxl_disconnected(struct pci_dev *pci)
{
	return READ_ONCE(pci->error_state) == pci_channel_io_perm_failure;
}

static bool cxl_gone_now(const struct cxl_cpmu *cp)
{
	return READ_ONCE(cp->found->gone) || cxl_disconnected(cp->found->pci);
}

/* Every counter's Freeze bit; the bits beyond are reserved. */
static u64 cxl_all(const struct cxl_cpmu *cp)
{
	return GENMASK_ULL(cp->info.nr_cntr - 1, 0);
}

static void cxl_ev_of(const u64 *config, struct nvu_cxl_ev *ev)
{
	ev->vid = FIELD_GET(CXL_CFG_VID, config[0]);
	ev->gid = FIELD_GET(CXL_CFG_GID, config[0]);
	ev->mask = FIELD_GET(CXL_CFG_MASK, config[0]);
	ev->programmed = config[1] & (CXL_CFG1_THRESHOLD | CXL_CFG1_INVERT |
				      CXL_CFG1_EDGE | CXL_CFG1_HDM_EN |
				      CXL_CFG1_CRB_EN);
}

static void cxl_event_destroy(struct perf_event *event)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	struct cxl_found *f = cp->found;
	unsigned long flags;
	bool last;

	raw_spin_lock_irqsave(&f->lock, flags);
	last = !--f->nr_open && f->gone;
	f->closed = true;
	raw_spin_unlock_irqrestore(&f->lock, flags);
	if (last)
		queue_work(cxl_wq, &f->work);
}

static int cxl_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	struct cxl_found *f = cp->found;
	struct nvu_cxl_ev ev;
	unsigned long flags;
	unsigned int k;
	u64 config[3];
	int ret = 0;

	nvu_event_config(event, config);
	cxl_ev_of(config, &ev);
	if (!ev.mask) {
		dev_dbg(pmu->dev, "the event mask is empty\n");
		return -EINVAL;
	}
	if ((config[1] & CXL_CFG1_HDM_EN &&
	     !(cp->info.filters & BIT(CPMU_FILTER_HDM))) ||
	    (config[1] & CXL_CFG1_CRB_EN &&
	     !(cp->info.filters & BIT(CPMU_FILTER_CRB)))) {
		dev_dbg(pmu->dev, "this CPMU lacks the filter asked for\n");
		return -EOPNOTSUPP;
	}
	if (!nvu_cxl_can_count(&cp->info, &ev)) {
		dev_dbg(pmu->dev, "no counter counts vid %#x gid %#x mask %#x%s\n",
			ev.vid, ev.gid, ev.mask,
			ev.programmed ? " with filters or threshold" : "");
		return -EINVAL;
	}

	/*
	 * How fast the counter can grow, per second.  The core refuses an
	 * event needing a poll more often than 100 us.
	 */
	k = nvu_cxl_per_cycle(&ev, FIELD_GET(CXL_CFG1_THRESHOLD, config[1]),
			      config[1] & (CXL_CFG1_EDGE | CXL_CFG1_INVERT),
			      max_per_cycle);
	nvu_event_set_wrap(event, cp->info.width, max_rate * k);

	raw_spin_lock_irqsave(&f->lock, flags);
	if (f->gone || f->renaming)
		ret = -ENODEV;
	else
		f->nr_open++;
	raw_spin_unlock_irqrestore(&f->lock, flags);
	if (ret) {
		dev_dbg(pmu->dev, "the PCI function is gone, or the PMU is being renamed\n");
		return ret;
	}
	event->destroy = cxl_event_destroy;
	return 0;
}

static int cxl_filters_fit(const struct nvu_pmu *pmu,
			   const struct nvu_req *reqs, unsigned int n)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	struct nvu_cxl_ev evs[CPMU_MAX_COUNTERS];
	unsigned int i;

	if (n > ARRAY_SIZE(evs))
		return -EINVAL;
	for (i = 0; i < n; i++)
		cxl_ev_of(reqs[i].config, &evs[i]);
	return nvu_cxl_group_fits(&cp->info, evs, n);
}

static int cxl_get_idx(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	struct nvu_cxl_ev ev;
	u64 config[3];
	u8 cap = 0;
	int idx;

	nvu_event_config(event, config);
	cxl_ev_of(config, &ev);
	idx = nvu_cxl_pick(&cp->info, pmu->used, &ev, &cap);
	if (idx < 0)
		return -EAGAIN;
	cp->cap_index[idx] = cap;
	return idx;
}

static void cxl_enable(struct nvu_pmu *pmu)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	unsigned int i;

	if (cxl_gone_now(cp))
		return;
	/* Firmware may have left counters running: stop those no event uses. */
	if (!cp->clean) {
		for (i = 0; i < cp->info.nr_cntr; i++)
			if (cp->info.cntr[i].type != CPMU_TYPE_FREE &&
			    !test_bit(i, pmu->used))
				nvu_write64(&cp->regs, CPMU_CFG(i), 0);
		cp->clean = true;
	}
	if (cp->info.freeze)
		nvu_write64(&cp->regs, CPMU_FREEZE, 0);
	cp->frozen = false;
}

/* One write stops every counter at once: a group is one snapshot. */
static void cxl_disable(struct nvu_pmu *pmu)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);

	if (cp->info.freeze && !cxl_gone_now(cp)) {
		nvu_write64(&cp->regs, CPMU_FREEZE, cxl_all(cp));
		cp->frozen = true;
	}
}

/*
 * Filters are written at every start: probe writes nothing (the CPMU may
 * not be ours) and a function reset restores "no filtering".
 */
static void cxl_set_filter(struct cxl_cpmu *cp, unsigned int idx,
			   unsigned int f, u32 val)
{
	if (cp->info.filters & BIT(f))
		nvu_write32(&cp->regs, CPMU_FILTER(idx, f), val);
}

static void cxl_start_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	unsigned int idx = event->hw.idx;
	u64 c1 = event->attr.config1, c2 = event->attr.config2, cfg;

	if (cp->info.cntr[idx].type == CPMU_TYPE_FREE || cxl_gone_now(cp))
		return;
	/* Before the first enable: freeze, so a group starts together. */
	if (cp->info.freeze && !cp->frozen && !pmu->hw_running) {
		nvu_write64(&cp->regs, CPMU_FREEZE, cxl_all(cp));
		cp->frozen = true;
	}
	cxl_set_filter(cp, idx, CPMU_FILTER_HDM, c1 & CXL_CFG1_HDM_EN ?
		       FIELD_GET(CXL_CFG2_HDM, c2) : CPMU_FILTER_NONE);
	cxl_set_filter(cp, idx, CPMU_FILTER_CRB, c1 & CXL_CFG1_CRB_EN ?
		       FIELD_GET(CXL_CFG2_CRB, c2) : CPMU_FILTER_NONE);

	/*
	 * No interrupt or freeze on overflow: the poll folds wraps, and a freeze
	 * stops every counter till the next enable.  Fixed counters ignore the
	 * events and index fields.
	 */
	cfg = CPMU_CFG_ENABLE |
	      FIELD_PREP(CPMU_CFG_THRESHOLD, FIELD_GET(CXL_CFG1_THRESHOLD, c1)) |
	      FIELD_PREP(CPMU_CFG_EVENTS, FIELD_GET(CXL_CFG_MASK, event->attr.config)) |
	      FIELD_PREP(CPMU_CFG_GROUP_IDX, cp->cap_index[idx]);
	if (c1 & CXL_CFG1_EDGE)
		cfg |= CPMU_CFG_EDGE;
	if (c1 & CXL_CFG1_INVERT)
		cfg |= CPMU_CFG_INVERT;
	nvu_write64(&cp->regs, CPMU_CFG(idx), cfg);
	__set_bit(idx, cp->started);
	__clear_bit(idx, cp->was_reset);
}

/*
 * A started counter with Enable clear was reset with its function (FLR,
 * error recovery, D3hot); all ones is an unreachable function.
 */
static bool cxl_cfg_lost(struct cxl_cpmu *cp, unsigned int idx)
{
	u64 cfg = nvu_read64(&cp->regs, CPMU_CFG(idx));

	return cfg != U64_MAX && !(cfg & CPMU_CFG_ENABLE);
}

static void cxl_stop_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	unsigned int idx = event->hw.idx;

	if (cp->info.cntr[idx].type == CPMU_TYPE_FREE || cxl_gone_now(cp))
		return;
	/* Before Enable is cleared: the next read must know of a reset. */
	if (test_and_clear_bit(idx, cp->started) && cxl_cfg_lost(cp, idx))
		__set_bit(idx, cp->was_reset);
	nvu_write64(&cp->regs, CPMU_CFG(idx), 0);
}

/*
 * A read went backwards: a wrap, or a function reset (clears Enable).  A
 * reset counter is programmed again (filters, and the freeze the reset
 * released) and the read is a new baseline: its count since the last read
 * is lost, not taken for up to 2^width.  Undetected: a reset free-running
 * counter (no Enable; looks like a wrap), or one above its last read (the
 * reset value is taken to be 0 [U]).
 */
static bool cxl_reset_seen(struct nvu_pmu *pmu, struct cxl_cpmu *cp,
			   struct perf_event *event)
{
	unsigned int idx = event->hw.idx;

	if (test_and_clear_bit(idx, cp->was_reset))
		return true;
	if (!test_bit(idx, cp->started) || !cxl_cfg_lost(cp, idx))
		return false;
	dev_info_ratelimited(pmu->dev, "%s: counter %u was reset with %s; programmed again\n",
			     pmu->name, idx, pci_name(cp->found->pci));
	cxl_start_counter(pmu, event);
	if (cp->frozen)
		nvu_write64(&cp->regs, CPMU_FREEZE, cxl_all(cp));
	return true;
}

/* An unreachable function, or an all-ones read, returns the last read. */
static u64 cxl_read_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	unsigned int idx = event->hw.idx;
	u64 val;

	if (READ_ONCE(cp->found->gone))
		return cp->final[idx];
	if (cxl_gone_now(cp))
		return local64_read(&event->hw.prev_count);
	val = nvu_read64(&cp->regs, CPMU_CNTR(idx));
	if (!nvu_cxl_value_plausible(&cp->info, val))
		return local64_read(&event->hw.prev_count);
	/* nvu_event_update() sees the new baseline and reads again. */
	if (unlikely(val < local64_read(&event->hw.prev_count)) &&
	    cxl_reset_seen(pmu, cp, event))
		local64_set(&event->hw.prev_count, val);
	return val;
}

static const struct nvu_pmu_ops cxl_ops = {
	.event_init = cxl_event_init,
	.filters_fit = cxl_filters_fit,
	.get_idx = cxl_get_idx,
	.enable = cxl_enable,
	.disable = cxl_disable,
	.start_counter = cxl_start_counter,
	.stop_counter = cxl_stop_counter,
	.read_counter = cxl_read_counter,
};

/* PCI bus events */

static void cxl_set_gone(struct cxl_found *f)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&f->lock, flags);
	f->gone = true;
	f->idle_at_gone = !f->nr_open;
	raw_spin_unlock_irqrestore(&f->lock, flags);
}

/*
 * On the owner CPU, between perf's callbacks: keep the counts up to the
 * removal, then mark the CPMU gone.
 */
static void cxl_final_read(void *data)
{
	struct nvu_pmu *pmu = data;
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	unsigned int idx;

	for_each_set_bit(idx, pmu->used, cp->info.nr_cntr)
		cp->final[idx] = cxl_read_counter(pmu, pmu->events[idx]);
	cxl_set_gone(cp->found);
}

static int cxl_match_memdev(struct device *dev, void *data)
{
	return dev->bus && !strcmp(dev->bus->name, "cxl") &&
	       !strncmp(dev_name(dev), "mem", 3);
}

/*
 * "cxl_pmu_mem<X>.<Y>" as upstream names it when the function has a CXL
 * memory device memX; otherwise one that names the PCI function.
 */
static void cxl_pmu_name(struct pci_dev *pci, unsigned int index, char *buf,
			 size_t len)
{
	struct device *mem;

	mem = device_find_child(&pci->dev, NULL, cxl_match_memdev);
	if (mem) {
		snprintf(buf, len, "cxl_pmu_%s.%u", dev_name(mem), index);
		put_device(mem);
		return;
	}
	snprintf(buf, len, "cxl_pmu_pci%04x_%02x_%02x_%x.%u",
		 pci_domain_nr(pci->bus), pci->bus->number,
		 PCI_SLOT(pci->devfn), PCI_FUNC(pci->devfn), index);
}

/*
 * Re-register @f's PMU if memX came (driver probe) or went (remove), not
 * under open events (see cxl_gone()).  A name taken meanwhile (upstream's
 * cxl_pmu) leaves no PMU until the next change.  An orderly removal comes
 * here too (memX goes first): the idle PMU takes its PCI name till the
 * function goes, costing a probe and maybe a grace period; no count is
 * wrong.  Under the function's device lock and cxl_found_lock.
 */
static void cxl_rename(struct cxl_found *f)
{
	struct nvu_pmu *pmu = platform_get_drvdata(f->pdev);
	unsigned long flags;
	char name[64];
	bool idle;

	/* About to go: a probe would read across a dead link. */
	if (cxl_disconnected(f->pci))
		return;
	cxl_pmu_name(f->pci, f->loc.index, name, sizeof(name));
	if (pmu && !strcmp(name, pmu->name))
		return;
	raw_spin_lock_irqsave(&f->lock, flags);
	idle = !f->nr_open;
	f->renaming = idle;
	raw_spin_unlock_irqrestore(&f->lock, flags);
	if (!idle) {
		dev_info(&f->pdev->dev, "%s keeps its name while events are open (it would now be %s)\n",
			 pmu->name, name);
		return;
	}
	if (pmu) {
		dev_info(&f->pdev->dev, "%s is now %s\n", pmu->name, name);
		cxl_found_sync(f);
		device_release_driver(&f->pdev->dev);
	}
	/* A probe that fails says why. */
	if (device_attach(&f->pdev->dev) < 0)
		dev_dbg(&f->pdev->dev, "no PMU %s\n", name);
	raw_spin_lock_irqsave(&f->lock, flags);
	f->renaming = false;
	raw_spin_unlock_irqrestore(&f->lock, flags);
}

/* @pci's driver bound or unbound, under its device lock. */
static void cxl_owner_changed(struct pci_dev *pci)
{
	struct cxl_found *f;

	mutex_lock(&cxl_found_lock);
	list_for_each_entry(f, &cxl_found_list, node) {
		if (f->pci == pci)
			cxl_rename(f);
	}
	mutex_unlock(&cxl_found_lock);
}

/*
 * @pci is going away: its CPMUs touch no register from now on.  A PMU goes
 * when its last event closes: perf on our kernels cannot remove it under
 * open events.  Under the PCI rescan/remove lock, as probes are.
 *
 * Whether an event was open when a CPMU was marked gone, decided under the
 * same lock, says who frees it: this (none was) or the last destroy.
 */
static void cxl_gone(struct pci_dev *pci)
{
	struct cxl_found *f, *tmp;
	struct nvu_pmu *pmu;
	unsigned long flags;
	bool idle;

	mutex_lock(&cxl_found_lock);
	list_for_each_entry_safe(f, tmp, &cxl_found_list, node) {
		if (f->pci != pci)
			continue;
		list_del_init(&f->node);
		pmu = platform_get_drvdata(f->pdev);
		/* No PMU (its new name was taken): nothing to read. */
		if (!pmu) {
			cxl_set_gone(f);
		} else {
			cpus_read_lock();
			if (pmu->cpu >= nr_cpu_ids ||
			    smp_call_function_single(pmu->cpu, cxl_final_read,
						     pmu, 1))
				cxl_final_read(pmu);
			cpus_read_unlock();
		}
		raw_spin_lock_irqsave(&f->lock, flags);
		idle = f->idle_at_gone;
		raw_spin_unlock_irqrestore(&f->lock, flags);
		dev_info(&pci->dev, "CPMU %u removed%s\n", f->loc.index,
			 idle ? "" : " with events open; its PMU goes when they close");
		if (idle) {
			cxl_found_sync(f);
			cxl_found_free(f);
		}
	}
	mutex_unlock(&cxl_found_lock);
}

struct cxl_scan_work {
	struct work_struct work;
	struct pci_dev *pci;
};

/* A function was added: scan it once BARs are assigned. */
static void cxl_scan_work_fn(struct work_struct *work)
{
	struct cxl_scan_work *sw = container_of(work, struct cxl_scan_work,
						work);

	pci_lock_rescan_remove();
	if (device_is_registered(&sw->pci->dev))
		cxl_scan(sw->pci);
	pci_unlock_rescan_remove();
	pci_dev_put(sw->pci);
	kfree(sw);
}

static void cxl_scan_later(struct pci_dev *pci)
{
	struct cxl_scan_work *sw;

	sw = kzalloc(sizeof(*sw), GFP_KERNEL);
	if (!sw)
		return;
	INIT_WORK(&sw->work, cxl_scan_work_fn);
	sw->pci = pci_dev_get(pci);
	queue_work(cxl_wq, &sw->work);
}

static int cxl_pci_notify(struct notifier_block *nb, unsigned long action,
			  void *data)
{
	struct pci_dev *pci = to_pci_dev(data);

	switch (action) {
	case BUS_NOTIFY_ADD_DEVICE:
		cxl_scan_later(pci);
		break;
	case BUS_NOTIFY_DEL_DEVICE:
		mutex_lock(&cxl_found_lock);
		cxl_wait_del(pci);
		mutex_unlock(&cxl_found_lock);
		cxl_gone(pci);
		break;
	/* Under the device lock; the new driver may have enabled decoding. */
	case BUS_NOTIFY_BOUND_DRIVER:
		mutex_lock(&cxl_found_lock);
		if (cxl_wait_del(pci))
			cxl_scan_later(pci);
		mutex_unlock(&cxl_found_lock);
		fallthrough;
	case BUS_NOTIFY_UNBOUND_DRIVER:
		cxl_owner_changed(pci);
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block cxl_pci_nb = {
	.notifier_call = cxl_pci_notify,
};

/* sysfs */

enum {
	CXL_FMT_MASK, CXL_FMT_GID, CXL_FMT_VID, CXL_FMT_THRESHOLD,
	CXL_FMT_INVERT, CXL_FMT_EDGE, CXL_FMT_HDM_EN, CXL_FMT_CRB_EN,
	CXL_FMT_HDM, CXL_FMT_CRB, CXL_FMT_NR
};

static struct attribute *cxl_formats[] = {
	[CXL_FMT_MASK] = NVU_FORMAT(mask, 0, CXL_CFG_MASK),
	[CXL_FMT_GID] = NVU_FORMAT(gid, 0, CXL_CFG_GID),
	[CXL_FMT_VID] = NVU_FORMAT(vid, 0, CXL_CFG_VID),
	[CXL_FMT_THRESHOLD] = NVU_FORMAT(threshold, 1, CXL_CFG1_THRESHOLD),
	[CXL_FMT_INVERT] = NVU_FORMAT(invert, 1, CXL_CFG1_INVERT),
	[CXL_FMT_EDGE] = NVU_FORMAT(edge, 1, CXL_CFG1_EDGE),
	[CXL_FMT_HDM_EN] = NVU_FORMAT(hdm_filter_en, 1, CXL_CFG1_HDM_EN),
	[CXL_FMT_CRB_EN] = NVU_FORMAT(crb_filter_en, 1, CXL_CFG1_CRB_EN),
	[CXL_FMT_HDM] = NVU_FORMAT(hdm, 2, CXL_CFG2_HDM),
	[CXL_FMT_CRB] = NVU_FORMAT(crb, 2, CXL_CFG2_CRB),
	[CXL_FMT_NR] = NULL
};

static umode_t cxl_formats_visible(struct kobject *kobj, struct attribute *attr,
				   int i)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(kobj_to_dev(kobj));
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);

	switch (i) {
	case CXL_FMT_HDM_EN:
	case CXL_FMT_HDM:
		return cp->info.filters & BIT(CPMU_FILTER_HDM) ? attr->mode : 0;
	case CXL_FMT_CRB_EN:
	case CXL_FMT_CRB:
		return cp->info.filters & BIT(CPMU_FILTER_CRB) ? attr->mode : 0;
	default:
		return attr->mode;
	}
}

/* Group and bit, for cxl_events_visible() (upstream's cxl_pmu keeps both). */
struct cxl_event_attr {
	struct device_attribute attr;
	u16 gid;
	u8 bit;
};

static ssize_t cxl_event_show(struct device *dev, struct device_attribute *attr,
			      char *buf)
{
	struct cxl_event_attr *ea = container_of(attr, struct cxl_event_attr,
						 attr);

	return sysfs_emit(buf, "config=%#llx\n",
			  FIELD_PREP(CXL_CFG_VID, CXL_EVENT_VID) |
			  FIELD_PREP(CXL_CFG_GID, ea->gid) | BIT_ULL(ea->bit));
}

#define CXL_EV(_name, _gid, _bit)					\
	(&((struct cxl_event_attr[]) {{					\
		.attr = __ATTR(_name, 0444, cxl_event_show, NULL),	\
		.gid = (_gid),						\
		.bit = (_bit),						\
	}})[0].attr.attr)

/* Every event the CXL specification defines (3.0, 3.1 and 4.0). */
static struct attribute *cxl_events[] = {
	CXL_EV(clock_ticks, 0x00, 0),
	/* D2H requests */
	CXL_EV(d2h_req_rdcurr, 0x10, 1), CXL_EV(d2h_req_rdown, 0x10, 2),
	CXL_EV(d2h_req_rdshared, 0x10, 3), CXL_EV(d2h_req_rdany, 0x10, 4),
	CXL_EV(d2h_req_rdownnodata, 0x10, 5), CXL_EV(d2h_req_itomwr, 0x10, 6),
	CXL_EV(d2h_req_wrcurr, 0x10, 7), CXL_EV(d2h_req_clflush, 0x10, 8),
	CXL_EV(d2h_req_cleanevict, 0x10, 9),
	CXL_EV(d2h_req_dirtyevict, 0x10, 10),
	CXL_EV(d2h_req_cleanevictnodata, 0x10, 11),
	CXL_EV(d2h_req_wowrinv, 0x10, 12), CXL_EV(d2h_req_wowrinvf, 0x10, 13),
	CXL_EV(d2h_req_wrinv, 0x10, 14), CXL_EV(d2h_req_cacheflushed, 0x10, 16),
	/* D2H responses */
	CXL_EV(d2h_rsp_rspihiti, 0x11, 4), CXL_EV(d2h_rsp_rspvhitv, 0x11, 6),
	CXL_EV(d2h_rsp_rspihitse, 0x11, 5), CXL_EV(d2h_rsp_rspshitse, 0x11, 1),
	CXL_EV(d2h_rsp_rspsfwdm, 0x11, 7), CXL_EV(d2h_rsp_rspifwdm, 0x11, 15),
	CXL_EV(d2h_rsp_rspvfwdv, 0x11, 22),
	/* H2D requests */
	CXL_EV(h2d_req_snpdata, 0x12, 1), CXL_EV(h2d_req_snpinv, 0x12, 2),
	CXL_EV(h2d_req_snpcur, 0x12, 3),
	/* H2D responses */
	CXL_EV(h2d_rsp_writepull, 0x13, 1), CXL_EV(h2d_rsp_go, 0x13, 4),
	CXL_EV(h2d_rsp_gowritepull, 0x13, 5), CXL_EV(h2d_rsp_extcmp, 0x13, 6),
	CXL_EV(h2d_rsp_gowritepulldrop, 0x13, 8),
	CXL_EV(h2d_rsp_fastgowritepull, 0x13, 13),
	CXL_EV(h2d_rsp_goerrwritepull, 0x13, 15),
	/* Cache data */
	CXL_EV(cachedata_d2h_data, 0x14, 0), CXL_EV(cachedata_h2d_data, 0x14, 1),
	/* M2S requests */
	CXL_EV(m2s_req_meminv, 0x20, 0), CXL_EV(m2s_req_memrd, 0x20, 1),
	CXL_EV(m2s_req_memrddata, 0x20, 2), CXL_EV(m2s_req_memrdfwd, 0x20, 3),
	CXL_EV(m2s_req_memwrfwd, 0x20, 4), CXL_EV(m2s_req_memrdtee, 0x20, 5),
	CXL_EV(m2s_req_memrddatatee, 0x20, 6),
	CXL_EV(m2s_req_meminvtee, 0x20, 7), CXL_EV(m2s_req_memspecrd, 0x20, 8),
	CXL_EV(m2s_req_meminvnt, 0x20, 9),
	CXL_EV(m2s_req_memcleanevict, 0x20, 10),
	CXL_EV(m2s_req_meminvptee, 0x20, 11),
	CXL_EV(m2s_req_memspecrdtee, 0x20, 12),
	CXL_EV(m2s_req_teupdate, 0x20, 13),
	CXL_EV(m2s_req_memclnevcttee, 0x20, 14),
	CXL_EV(m2s_req_memclnevctu, 0x20, 15),
	/* M2S requests with data */
	CXL_EV(m2s_rwd_memwr, 0x21, 1), CXL_EV(m2s_rwd_memwrptl, 0x21, 2),
	CXL_EV(m2s_rwd_biconflict, 0x21, 4), CXL_EV(m2s_rwd_memrdfill, 0x21, 5),
	CXL_EV(m2s_rwd_memwrtee, 0x21, 9), CXL_EV(m2s_rwd_memwrptltee, 0x21, 10),
	CXL_EV(m2s_rwd_memrdfilltee, 0x21, 13),
	/* M2S back-invalidate responses */
	CXL_EV(m2s_birsp_i, 0x22, 0), CXL_EV(m2s_birsp_s, 0x22, 1),
	CXL_EV(m2s_birsp_e, 0x22, 2), CXL_EV(m2s_birsp_iblk, 0x22, 4),
	CXL_EV(m2s_birsp_sblk, 0x22, 5), CXL_EV(m2s_birsp_eblk, 0x22, 6),
	/* S2M back-invalidate snoops */
	CXL_EV(s2m_bisnp_cur, 0x23, 0), CXL_EV(s2m_bisnp_data, 0x23, 1),
	CXL_EV(s2m_bisnp_inv, 0x23, 2), CXL_EV(s2m_bisnp_curblk, 0x23, 4),
	CXL_EV(s2m_bisnp_datblk, 0x23, 5), CXL_EV(s2m_bisnp_invblk, 0x23, 6),
	CXL_EV(s2m_bisnp_curtee, 0x23, 8), CXL_EV(s2m_bisnp_datatee, 0x23, 9),
	CXL_EV(s2m_bisnp_invtee, 0x23, 10),
	CXL_EV(s2m_bisnp_curblktee, 0x23, 12),
	CXL_EV(s2m_bisnp_datablktee, 0x23, 13),
	CXL_EV(s2m_bisnp_invblktee, 0x23, 14),
	/* S2M no-data responses */
	CXL_EV(s2m_ndr_cmp, 0x24, 0), CXL_EV(s2m_ndr_cmps, 0x24, 1),
	CXL_EV(s2m_ndr_cmpe, 0x24, 2), CXL_EV(s2m_ndr_cmpm, 0x24, 3),
	CXL_EV(s2m_ndr_biconflictack, 0x24, 4), CXL_EV(s2m_ndr_cmptee, 0x24, 5),
	CXL_EV(s2m_ndr_cmptee_s, 0x24, 6), CXL_EV(s2m_ndr_cmptee_e, 0x24, 7),
	/* S2M data responses */
	CXL_EV(s2m_drs_memdata, 0x25, 0), CXL_EV(s2m_drs_memdatanxm, 0x25, 1),
	CXL_EV(s2m_drs_memdatatee, 0x25, 2),
	/* DDR */
	CXL_EV(ddr_act, 0x8000, 0), CXL_EV(ddr_pre, 0x8000, 1),
	CXL_EV(ddr_casrd, 0x8000, 2), CXL_EV(ddr_caswr, 0x8000, 3),
	CXL_EV(ddr_refresh, 0x8000, 4), CXL_EV(ddr_selfrefreshent, 0x8000, 5),
	CXL_EV(ddr_rfm, 0x8000, 6), CXL_EV(ddr_cas_rd_ap, 0x8000, 7),
	CXL_EV(ddr_cas_wr_ap, 0x8000, 8),
	CXL_EV(ddr_refresh_all_banks, 0x8000, 9),
	CXL_EV(ddr_refresh_same_bank, 0x8000, 10),
	CXL_EV(ddr_pwrdn_entry, 0x8000, 11), CXL_EV(ddr_pwrdn_exit, 0x8000, 12),
	CXL_EV(ddr_rd_wr_ddr_bus_switching, 0x8000, 13),
	CXL_EV(ddr_incoming_rd_req, 0x8000, 14),
	CXL_EV(ddr_incoming_wr_req, 0x8000, 15),
	/* Queues */
	CXL_EV(rd_queue_occ, 0x8001, 0), CXL_EV(wr_queue_occ, 0x8001, 1),
	CXL_EV(rd_wr_merged_queue_occ, 0x8001, 2),
	CXL_EV(pwrdn_event, 0x8001, 3),
	CXL_EV(mc_rd_resid_cnt, 0x8002, 0), CXL_EV(mc_wr_resid_cnt, 0x8002, 1),
	/* Link retries and throttling */
	CXL_EV(retry_event_trig_by_rd_crc, 0x8003, 0),
	CXL_EV(retry_event_trig_by_wr_crc, 0x8003, 1),
	CXL_EV(retry_event_trig_by_ca_parity, 0x8003, 2),
	CXL_EV(retry_event_trig_by_ecc, 0x8003, 3),
	CXL_EV(thermal_throttle_event, 0x8004, 0),
	CXL_EV(power_throttle_event, 0x8004, 1),
	NULL
};

static umode_t cxl_events_visible(struct kobject *kobj, struct attribute *attr,
				  int i)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(kobj_to_dev(kobj));
	struct cxl_cpmu *cp = nvu_pmu_priv(pmu);
	struct cxl_event_attr *ea = container_of(attr, struct cxl_event_attr,
						 attr.attr);
	struct nvu_cxl_ev ev = {
		.vid = CXL_EVENT_VID,
		.gid = ea->gid,
		.mask = BIT(ea->bit),
	};

	return nvu_cxl_can_count(&cp->info, &ev) ? attr->mode : 0;
}

static ssize_t pci_function_show(struct device *dev,
				 struct device_attribute *attr, char *buf)
{
	struct cxl_cpmu *cp = nvu_pmu_priv(nvu_dev_to_pmu(dev));

	return sysfs_emit(buf, "%s\n", pci_name(cp->found->pci));
}
static DEVICE_ATTR_RO(pci_function);

static struct attribute *cxl_extra_attrs[] = {
	&dev_attr_pci_function.attr,
	NULL
};

static const struct attribute_group cxl_extra_group = {
	.attrs = cxl_extra_attrs,
};

static struct nvu_pmu_desc cxl_desc = {
	.formats = cxl_formats,
	.formats_visible = cxl_formats_visible,
	.events = cxl_events,
	.events_visible = cxl_events_visible,
	.ops = &cxl_ops,
	.intree_module = "cxl_pmu",
	.extra_group = &cxl_extra_group,
	/* perf stat -C <any CPU> counts on the owner, as upstream's cxl_pmu. */
	.flags = NVU_EVENT_ANY_CPU,
};

/* Probe */

static void cxl_rpm_put(void *data)
{
	pm_runtime_put(data);
}

static int cxl_cpmu_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct cxl_found *f = *(struct cxl_found **)dev_get_platdata(dev);
	struct pci_dev *pci = f->pci;
	u64 cap, evcap[CPMU_MAX_EVCAPS], *cfg;
	const char *why = NULL;
	char name[64];
	struct cxl_cpmu *cp;
	struct nvu_pmu *pmu;
	struct resource res;
	unsigned int i, n;
	u16 cmd;
	int ret;

	if (cxl_disconnected(pci))
		return dev_err_probe(dev, -ENODEV, "%s is disconnected\n",
				     pci_name(pci));
	pmu = devm_nvu_pmu_alloc(dev, &cxl_desc, sizeof(*cp));
	if (!pmu)
		return -ENOMEM;
	cp = nvu_pmu_priv(pmu);
	cp->found = f;

	/* Name taken, by upstream's cxl_pmu on this CPMU: touch no register. */
	cxl_pmu_name(pci, f->loc.index, name, sizeof(name));
	ret = nvu_pmu_name_check(dev, name, cxl_desc.intree_module);
	if (ret)
		return ret;
	pmu->name = devm_kstrdup(dev, name, GFP_KERNEL);
	if (!pmu->name)
		return -ENOMEM;

	/*
	 * Hold the function and its parents in D0 for the PMU's life, at the
	 * cost of an idle port's power: in D3hot registers read all ones and
	 * lose state, and holding only under open events would mean finding
	 * the registers at each open.
	 */
	ret = pm_runtime_resume_and_get(&pci->dev);
	if (ret)
		return dev_err_probe(dev, ret, "%s: CPMU %u: cannot resume the function\n",
				     pci_name(pci), f->loc.index);
	ret = devm_add_action_or_reset(dev, cxl_rpm_put, &pci->dev);
	if (ret)
		return ret;

	/* The function's owner enables it; we never do. */
	pci_read_config_word(pci, PCI_COMMAND, &cmd);
	if (!(cmd & PCI_COMMAND_MEMORY))
		return dev_err_probe(dev, -ENODEV,
				     "%s: CPMU %u: memory decoding is off\n",
				     pci_name(pci), f->loc.index);
	memset(&res, 0, sizeof(res));
	res.start = pci_resource_start(pci, f->loc.bir) + f->loc.offset;
	res.end = res.start + CPMU_BLOCK_SIZE - 1;
	res.flags = IORESOURCE_MEM;
	ret = nvu_map_shared(dev, &res, &cp->regs);
	if (ret)
		return ret;

	cap = nvu_read64(&cp->regs, CPMU_CAP);
	n = FIELD_GET(CPMU_CAP_NUM_EVCAPS, cap) + 1;
	for (i = 0; i < n; i++)
		evcap[i] = nvu_read64(&cp->regs, CPMU_EVCAP(i));
	n = FIELD_GET(CPMU_CAP_NUM_COUNTERS, cap) + 1;
	cfg = devm_kcalloc(dev, n, sizeof(*cfg), GFP_KERNEL);
	if (!cfg)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		cfg[i] = nvu_read64(&cp->regs, CPMU_CFG(i));
	ret = nvu_cxl_decode(cap, evcap, cfg, &cp->info, &why);
	devm_kfree(dev, cfg);
	if (ret)
		return dev_err_probe(dev, ret, "%s: CPMU %u: %s\n",
				     pci_name(pci), f->loc.index, why);

	pmu->num_counters = cp->info.nr_cntr;
	pmu->counter_width = cp->info.width;
	if (dev_to_node(&pci->dev) != NUMA_NO_NODE)
		nvu_pmu_set_node(pmu, dev_to_node(&pci->dev));
	platform_set_drvdata(pdev, pmu);
	ret = devm_nvu_pmu_register(pmu);
	if (ret)
		return ret;
	dev_dbg(dev, "%s: %u counters of %u bits, filters %#x\n", pmu->name,
		cp->info.nr_cntr, cp->info.width, cp->info.filters);
	return 0;
}

static struct platform_driver cxl_cpmu_driver = {
	.driver = {
		.name = CXL_DRV_NAME,
		.suppress_bind_attrs = true,
		/* cxl_found_add() looks at the result at once. */
		.probe_type = PROBE_FORCE_SYNCHRONOUS,
	},
	.probe = cxl_cpmu_probe,
};

static int __init cxl_cpmu_init(void)
{
	struct pci_dev *pci = NULL;
	int ret;

	cxl_desc.max_rate = max_rate;
	/* See cxl_sync_event_free(). */
	if (IS_ENABLED(CONFIG_PREEMPTION) && !IS_ENABLED(CONFIG_TASKS_RCU))
		pr_warn("nvu_cxl_cpmu: preemptible kernel without RCU Tasks: a CPMU removed under open events is unregistered after a fixed 100 ms, not a proven wait\n");
	cxl_wq = alloc_ordered_workqueue("nvu_cxl_cpmu", 0);
	if (!cxl_wq)
		return -ENOMEM;
	ret = platform_driver_register(&cxl_cpmu_driver);
	if (ret)
		goto err_wq;
	ret = bus_register_notifier(&pci_bus_type, &cxl_pci_nb);
	if (ret)
		goto err_drv;

	pci_lock_rescan_remove();
	for_each_pci_dev(pci)
		cxl_scan(pci);
	pci_unlock_rescan_remove();
	return 0;

err_drv:
	platform_driver_unregister(&cxl_cpmu_driver);
err_wq:
	destroy_workqueue(cxl_wq);
	return ret;
}

static void __exit cxl_cpmu_exit(void)
{
	struct cxl_found *f, *tmp;

	bus_unregister_notifier(&pci_bus_type, &cxl_pci_nb);
	/* Pending scans and unregistrations finish first. */
	destroy_workqueue(cxl_wq);
	nvu_pmus_unregister_module(THIS_MODULE);
	mutex_lock(&cxl_found_lock);
	list_for_each_entry_safe(f, tmp, &cxl_found_list, node) {
		list_del(&f->node);
		cxl_found_free(f);
	}
	while (!list_empty(&cxl_waiting_list))
		cxl_wait_del(list_first_entry(&cxl_waiting_list,
					      struct cxl_waiting, node)->pci);
	mutex_unlock(&cxl_found_lock);
	platform_driver_unregister(&cxl_cpmu_driver);
}

module_init(cxl_cpmu_init);
module_exit(cxl_cpmu_exit);
MODULE_DESCRIPTION("nv-uncore: CXL Performance Monitoring Units");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

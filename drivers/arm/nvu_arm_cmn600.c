// SPDX-License-Identifier: GPL-2.0
/*
 * Arm CMN-600 mesh PMU (arm_cmn_<n>) on the nv_uncore core.  See
 * Documentation/cmn600.rst.
 *
 * A node event counts in a 16-bit local counter of its XP's DTM, paired
 * with global counter g of a DTC, which takes its carries.  Which DTC a DTM
 * feeds is not discoverable on CMN-600, so an event takes global counter g
 * on every DTC, and counts
 *
 *	sum over DTCs of global[g] * 2^16 + sum over its nodes of local
 *
 * modulo 2^48 (where a 32-bit global wraps), extended to 64 bits here.  A
 * read writes nothing; cmn_sum() and cmn_read_counter() cope with carries
 * landing between the reads of running counters.
 *
 * Counter indexes: 0-7 global, 8 + d the 40-bit cycle counter of DTC d.
 * Local counters, watchpoints and occupancy selectors are claimed in add()
 * and checked for a group by cmn_filters_fit().
 */

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/debugfs.h>
#include <linux/idr.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#include "nv_uncore.h"
#include "nvu_cmn600.h"

#define CMN_NR_GLOBAL		NVU_CMN_DTC_NR_COUNTERS
#define CMN_LOCAL_BITS		16
#define CMN_SUM_BITS		(CMN_LOCAL_BITS + 32)
/* An idle watchpoint matches nothing that real flits carry. */
#define CMN_WP_PARK_VAL		(~0ULL)
#define CMN_WP_PARK_MASK	0ULL

/*
 * Fastest growth of a sum: 4 local counters on each of 64 DTMs, each
 * adding up to 64 a cycle at 4 GHz (an occupancy event adds its queue's
 * occupancy; the deepest queue is not public [U], 64 is assumed).  The
 * core polls every 2^46 / CMN_MAX_RATE = 1.07 s (events are declared 47
 * bits wide: half the signed range, room for a late timer); the cycle
 * counter lasts 275 s.
 */
#define CMN_MAX_RATE		(256ULL * 64 * 4000000000ULL)
/* Retries of a read bracket a carry broke (cmn_sum()). */
#define CMN_READ_TRIES		2

struct cmn_node {
	u32 off;
	u8 xp;
	u8 port;
	u8 dev;
	u64 event_sel;
	u8 occup;
	unsigned int occup_ref;
};

/* A register read once per pass (cmn->pass): value, read number (cmn->seq). */
struct cmn_snap {
	u64 val;
	unsigned long pass;
	unsigned long seq;
};

struct cmn_dtm {
	u32 off;	/* the XP's node base */
	u64 pmu_config;
	u64 control;	/* dtm_control as probe found it */
	u8 local_used;
	u8 wp_used;
	u8 wp_combine[NVU_CMN_DTM_NR_WPS];
	struct cmn_snap cnt;
};

struct cmn_dtc {
	u32 off;
	u32 ctl;	/* dtc_ctl while no cycle event counts */
	u32 found;	/* dtc_ctl as probe found it */
};

/*
 * Global counter pair p (counters 2p, 2p + 1) of every DTC, read together:
 * @val the last read; @stable[h] the first read of the run of equal values
 * of counter 2p + h that ends with the last read.
 */
struct cmn_pair {
	u64 val[NVU_CMN_MAX_DTCS];
	unsigned long pass;
	unsigned long seq;
	unsigned long stable[2];
};

struct cmn600 {
	struct device *dev;
	struct nvu_regs regs;
	struct nvu_cmn_topo topo;
	struct cmn_node *nodes;		/* as nvu_cmn_node() numbers them */
	unsigned int nr_nodes;
	struct cmn_dtm dtm[NVU_CMN_MAX_XPS];
	struct cmn_dtc dtc[NVU_CMN_MAX_DTCS];
	unsigned int nr_dtcs;
	u8 ports;			/* device ports connected on some XP */
	struct cmn_pair pair[CMN_NR_GLOBAL / 2];
	unsigned long pass;		/* pass of reads, see struct cmn_snap */
	unsigned long seq;		/* register reads in passes so far */
	unsigned long read_gen;		/* the core's pass the last read was in */
	bool stopped;			/* PMCR off on every DTC */
	int id;
	struct dentry *debug;
};

/* One event's claim on one of its nodes. */
struct cmn_slot {
	u16 node;
	u8 local;
	u8 wp;
};

struct cmn_event {
	u16 type;
	u16 eventid;
	u8 occupid;
	u8 combine;	/* wp_combine of a watchpoint */
	bool occup;
	bool cycles;
	unsigned int nr;
	u64 raw;	/* last raw value, CMN_SUM_BITS or cycle bits */
	u64 ext;	/* extended to 64 bits */
	struct cmn_slot slot[];
};

static DEFINE_IDA(cmn_ida);
static struct dentry *cmn_debugfs;

static u64 cmn_rd(void *ctx, u32 off, unsigned int size)
{
	struct cmn600 *cmn = ctx;

	return size == 8 ? nvu_read64(&cmn->regs, off) :
			   nvu_read32(&cmn->regs, off);
}

static struct cmn_event *cmn_ev(const struct perf_event *event)
{
	return event->pmu_private;
}

/* Whether the @n events of @reqs fit the mesh together (pure). */
static int cmn_filters_fit(const struct nvu_pmu *pmu,
			   const struct nvu_req *reqs, unsigned int n)
{
	const struct cmn600 *cmn = nvu_pmu_priv(pmu);
	unsigned int i;
	u64 *config;
	int ret;

	config = kcalloc(n, sizeof(reqs->config), GFP_KERNEL);
	if (!config)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		memcpy(&config[3 * i], reqs[i].config, sizeof(reqs->config));
	ret = nvu_cmn_group_fits(&cmn->topo, config, n);
	kfree(config);
	return ret;
}

/* perf callbacks, on the owner CPU with IRQs off */

static void cmn_event_destroy(struct perf_event *event)
{
	kfree(event->pmu_private);
	event->pmu_private = NULL;
}

static int cmn_event_init(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	const struct nvu_cmn_topo *t = &cmn->topo;
	const char *why = NULL;
	struct cmn_event *ev;
	unsigned int k, nr = 0;
	u64 c[3];
	int ret;

	nvu_event_config(event, c);
	ret = nvu_cmn_event_check(t, c, &why);
	if (ret) {
		dev_dbg(cmn->dev, "config %#llx: %s\n", c[0], why);
		return ret;
	}
	for (k = 0; k < t->num_xps + t->num_nodes; k++)
		nr += nvu_cmn_event_on(c, nvu_cmn_node(t, k));
	ev = kzalloc(struct_size(ev, slot, nr), GFP_KERNEL);
	if (!ev)
		return -ENOMEM;
	for (k = 0; k < t->num_xps + t->num_nodes; k++)
		if (nvu_cmn_event_on(c, nvu_cmn_node(t, k)))
			ev->slot[ev->nr++].node = k;
	ev->type = FIELD_GET(NVU_CMN_CFG_TYPE, c[0]);
	ev->eventid = FIELD_GET(NVU_CMN_CFG_EVENTID, c[0]);
	ev->cycles = ev->type == NVU_CMN_TYPE_DTC;
	ev->occup = nvu_cmn_is_occup(ev->type, ev->eventid);
	ev->occupid = FIELD_GET(NVU_CMN_CFG_OCCUPID, c[0]);
	if (ev->type == NVU_CMN_TYPE_WP)
		ev->combine = FIELD_GET(NVU_CMN_CFG_WP_COMBINE, c[0]);
	event->pmu_private = ev;
	event->destroy = cmn_event_destroy;
	/* cmn_read_counter() extends sums whose differences are signed. */
	nvu_event_set_wrap(event, CMN_SUM_BITS - 1, CMN_MAX_RATE);
	return 0;
}

static int cmn_get_idx(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	unsigned int idx;

	if (cmn_ev(event)->cycles) {
		idx = find_next_zero_bit(pmu->used, CMN_NR_GLOBAL + cmn->nr_dtcs,
					 CMN_NR_GLOBAL);
		return idx < CMN_NR_GLOBAL + cmn->nr_dtcs ? idx : -EAGAIN;
	}
	idx = find_first_zero_bit(pmu->used, CMN_NR_GLOBAL);
	return idx < CMN_NR_GLOBAL ? idx : -EAGAIN;
}

/* Pair (or unpair) local counter @i of @dtm with global counter @g. */
static void cmn_dtm_pair(struct cmn_dtm *dtm, unsigned int i, unsigned int g,
			 unsigned int sel, bool on)
{
	u64 cfg = dtm->pmu_config;

	cfg &= ~(NVU_CMN_DTM_INPUT_SEL(i) | NVU_CMN_DTM_GLOBAL_NUM(i) |
		 NVU_CMN_DTM_PAIRED(i));
	if (on)
		cfg |= (u64)sel << __ffs64(NVU_CMN_DTM_INPUT_SEL(i)) |
		       (u64)g << __ffs64(NVU_CMN_DTM_GLOBAL_NUM(i)) |
		       NVU_CMN_DTM_PAIRED(i);
	dtm->pmu_config = cfg;
}

/* Release the claims of @ev's first @count nodes; @dirty collects DTMs. */
static void cmn_release(struct cmn600 *cmn, struct cmn_event *ev,
			unsigned int count, unsigned long *dirty)
{
	unsigned int k;

	for (k = 0; k < count; k++) {
		struct cmn_node *dn = &cmn->nodes[ev->slot[k].node];
		struct cmn_dtm *dtm = &cmn->dtm[dn->xp];

		cmn_dtm_pair(dtm, ev->slot[k].local, 0, 0, false);
		dtm->local_used &= ~BIT(ev->slot[k].local);
		if (ev->type == NVU_CMN_TYPE_WP)
			dtm->wp_used &= ~BIT(ev->slot[k].wp);
		if (ev->occup)
			dn->occup_ref--;
		__set_bit(dn->xp, dirty);
	}
}

static void cmn_write_dtms(struct cmn600 *cmn, const unsigned long *dirty)
{
	unsigned int xp;

	for_each_set_bit(xp, dirty, NVU_CMN_MAX_XPS)
		nvu_write64(&cmn->regs, cmn->dtm[xp].off + NVU_CMN_DTM_PMU_CONFIG,
			    cmn->dtm[xp].pmu_config);
}

/*
 * A free watchpoint of @ev's direction on @dtm, or -1.  A pair holds one
 * wp_combine (as upstream, and nvu_cmn_group_fits()): combined, the two
 * match one flit, the first carrying the bit.
 */
static int cmn_wp_alloc(const struct cmn_dtm *dtm, const struct cmn_event *ev)
{
	unsigned int w = ev->eventid == NVU_CMN_WP_EV_DOWN ? NVU_CMN_WP_DOWN :
							     NVU_CMN_WP_UP;

	if (dtm->wp_used & BIT(w))
		w++;
	if (dtm->wp_used & BIT(w))
		return -1;
	if (dtm->wp_used & BIT(w ^ 1) && dtm->wp_combine[w ^ 1] != ev->combine)
		return -1;
	return w;
}

static int cmn_add(struct nvu_pmu *pmu, struct perf_event *event)
{
	DECLARE_BITMAP(dirty, NVU_CMN_MAX_XPS) = { };
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_event *ev = cmn_ev(event);
	unsigned int k, g = event->hw.idx;
	int i, w = 0;

	if (ev->cycles)
		return 0;
	for (k = 0; k < ev->nr; k++) {
		struct cmn_node *dn = &cmn->nodes[ev->slot[k].node];
		struct cmn_dtm *dtm = &cmn->dtm[dn->xp];
		unsigned int sel;

		i = ffz(dtm->local_used | ~0xfUL);
		if (i >= NVU_CMN_DTM_NR_COUNTERS)
			goto busy;
		if (ev->type == NVU_CMN_TYPE_WP) {
			w = cmn_wp_alloc(dtm, ev);
			if (w < 0)
				goto busy;
		}
		if (ev->occup && dn->occup_ref && dn->occup != ev->occupid)
			goto busy;
		/* A device's event slot is its local counter's index. */
		if (ev->type == NVU_CMN_TYPE_WP)
			sel = NVU_CMN_SEL_WP(w);
		else if (ev->type == NVU_CMN_TYPE_XP)
			sel = NVU_CMN_SEL_XP(i);
		else
			sel = NVU_CMN_SEL_DEV(dn->port, dn->dev, i);
		dtm->local_used |= BIT(i);
		if (ev->type == NVU_CMN_TYPE_WP) {
			dtm->wp_used |= BIT(w);
			dtm->wp_combine[w] = ev->combine;
		}
		if (ev->occup) {
			dn->occup = ev->occupid;
			dn->occup_ref++;
		}
		ev->slot[k].local = i;
		ev->slot[k].wp = w;
		cmn_dtm_pair(dtm, i, g, sel, true);
		__set_bit(dn->xp, dirty);
	}
	cmn_write_dtms(cmn, dirty);
	return 0;
busy:
	cmn_release(cmn, ev, k, dirty);
	return -EAGAIN;
}

static void cmn_del(struct nvu_pmu *pmu, struct perf_event *event)
{
	DECLARE_BITMAP(dirty, NVU_CMN_MAX_XPS) = { };
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_event *ev = cmn_ev(event);

	if (ev->cycles)
		return;
	cmn_release(cmn, ev, ev->nr, dirty);
	cmn_write_dtms(cmn, dirty);
}

static void cmn_node_sel(struct cmn600 *cmn, struct cmn_node *dn,
			 unsigned int slot, u16 eventid, int occup)
{
	u64 sel = dn->event_sel & ~NVU_CMN_EVENT_SLOT(slot);

	sel |= (u64)eventid << (8 * slot);
	if (occup >= 0)
		sel = (sel & ~NVU_CMN_OCCUP1_ID) |
		      FIELD_PREP(NVU_CMN_OCCUP1_ID, occup);
	dn->event_sel = sel;
	nvu_write64(&cmn->regs, dn->off + NVU_CMN_PMU_EVENT_SEL, sel);
}

/* Program watchpoint @w: its match first, so no stray flit counts. */
static void cmn_wp_set(struct cmn600 *cmn, const struct cmn_node *xp,
		       unsigned int w, u64 config, u64 val, u64 mask)
{
	u32 base = cmn->dtm[xp->xp].off;

	if (config) {
		nvu_write64(&cmn->regs, base + NVU_CMN_DTM_WP_CONFIG(w), config);
		nvu_write64(&cmn->regs, base + NVU_CMN_DTM_WP_VAL(w), val);
		nvu_write64(&cmn->regs, base + NVU_CMN_DTM_WP_MASK(w), mask);
		return;
	}
	nvu_write64(&cmn->regs, base + NVU_CMN_DTM_WP_MASK(w), mask);
	nvu_write64(&cmn->regs, base + NVU_CMN_DTM_WP_VAL(w), val);
	nvu_write64(&cmn->regs, base + NVU_CMN_DTM_WP_CONFIG(w), 0);
}

/* Clock gating off on @event's DTC while it counts cycles, as upstream. */
static void cmn_cycles_ctl(struct nvu_pmu *pmu, struct perf_event *event,
			   bool on)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_dtc *dtc = &cmn->dtc[event->hw.idx - CMN_NR_GLOBAL];

	nvu_write32(&cmn->regs, dtc->off + NVU_CMN_DTC_CTL,
		    dtc->ctl | (on ? NVU_CMN_DTC_CTL_CG_DISABLE : 0));
}

static void cmn_start_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_event *ev = cmn_ev(event);
	u64 c = event->attr.config, wcfg;
	unsigned int k;

	if (ev->cycles)
		cmn_cycles_ctl(pmu, event, true);
	for (k = 0; k < ev->nr; k++) {
		struct cmn_node *dn = &cmn->nodes[ev->slot[k].node];
		unsigned int w = ev->slot[k].wp;

		if (ev->type != NVU_CMN_TYPE_WP) {
			cmn_node_sel(cmn, dn, ev->slot[k].local, ev->eventid,
				     ev->occup ? ev->occupid : -1);
			continue;
		}
		wcfg = FIELD_PREP(NVU_CMN_WP_DEV_SEL,
				  FIELD_GET(NVU_CMN_CFG_WP_DEV_SEL, c)) |
		       FIELD_PREP(NVU_CMN_WP_CHN_SEL,
				  FIELD_GET(NVU_CMN_CFG_WP_CHN_SEL, c)) |
		       /* One group bit on CMN-600: 2 and 3 are 0 and 1. */
		       FIELD_PREP(NVU_CMN_WP_GRP, FIELD_GET(NVU_CMN_CFG_WP_GRP, c) & 1) |
		       FIELD_PREP(NVU_CMN_WP_EXCLUSIVE,
				  FIELD_GET(NVU_CMN_CFG_WP_EXCLUSIVE, c));
		if (ev->combine && !(w & 1))
			wcfg |= NVU_CMN_WP_COMBINE;
		cmn_wp_set(cmn, dn, w, wcfg, event->attr.config1,
			   event->attr.config2);
	}
}

static void cmn_stop_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_event *ev = cmn_ev(event);
	unsigned int k;

	if (ev->cycles)
		cmn_cycles_ctl(pmu, event, false);
	for (k = 0; k < ev->nr; k++) {
		struct cmn_node *dn = &cmn->nodes[ev->slot[k].node];

		if (ev->type == NVU_CMN_TYPE_WP)
			cmn_wp_set(cmn, dn, ev->slot[k].wp, 0, CMN_WP_PARK_VAL,
				   CMN_WP_PARK_MASK);
		else
			cmn_node_sel(cmn, dn, ev->slot[k].local, 0, -1);
	}
}

/*
 * Start a pass of reads, with the core's (&nvu_pmu.read_gen) or @fresh.
 * Nothing counts while the PMU is stopped [I], so a stopped stretch, from
 * cmn_disable(), is one pass: each register is read once in it.
 */
static void cmn_pass(struct nvu_pmu *pmu, bool fresh)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);

	if (cmn->stopped)
		return;
	if (fresh || cmn->read_gen != pmu->read_gen) {
		cmn->read_gen = pmu->read_gen;
		cmn->pass++;
	}
}

/* Read global counter pair @p of every DTC (see struct cmn_pair). */
static void cmn_read_pair(struct cmn600 *cmn, unsigned int p)
{
	struct cmn_pair *pr = &cmn->pair[p];
	bool same[2], fresh = pr->pass != cmn->pass;
	unsigned int d, h;
	u64 v;

	same[0] = !fresh;
	same[1] = !fresh;
	for (d = 0; d < cmn->nr_dtcs; d++) {
		v = nvu_read64(&cmn->regs,
			       cmn->dtc[d].off + nvu_cmn_dtc_pmevcnt(2 * p));
		for (h = 0; h < 2; h++)
			same[h] = same[h] && (u32)(v >> (32 * h)) ==
					     (u32)(pr->val[d] >> (32 * h));
		pr->val[d] = v;
	}
	pr->pass = cmn->pass;
	pr->seq = ++cmn->seq;
	for (h = 0; h < 2; h++)
		if (!same[h])
			pr->stable[h] = pr->seq;
}

/*
 * The 48-bit sum of global counter @g and @ev's local counters.  While
 * @running, the locals are read between two equal reads of @g, so no carry
 * fell between; stopped, one read of each serves (cmn_pass()).  Reads from
 * earlier in the pass are reused where that holds (a group's events share
 * DTMs and pairs).  A bracket still open after CMN_READ_TRIES has the
 * locals read after the globals: short by 2^16 per carry between, never
 * long (cmn_read_counter() holds that back).
 */
static u64 cmn_sum(struct cmn600 *cmn, const struct cmn_event *ev,
		   unsigned int g, bool running)
{
	struct cmn_pair *pr = &cmn->pair[g / 2];
	unsigned int k, d, h = g % 2, tries = 0;
	unsigned long last;
	u64 sum = 0;

	if (pr->pass != cmn->pass)
		cmn_read_pair(cmn, g / 2);
	for (;;) {
		last = 0;
		for (k = 0; k < ev->nr; k++) {
			struct cmn_dtm *dtm =
				&cmn->dtm[cmn->nodes[ev->slot[k].node].xp];

			if (dtm->cnt.pass != cmn->pass ||
			    dtm->cnt.seq < pr->stable[h]) {
				dtm->cnt.val = nvu_read64(&cmn->regs, dtm->off +
							  NVU_CMN_DTM_PMEVCNT);
				dtm->cnt.pass = cmn->pass;
				dtm->cnt.seq = ++cmn->seq;
			}
			last = max(last, dtm->cnt.seq);
		}
		if (!running || pr->seq > last || tries++ == CMN_READ_TRIES)
			break;
		cmn_read_pair(cmn, g / 2);
	}
	for (d = 0; d < cmn->nr_dtcs; d++)
		sum += (u64)(u32)(pr->val[d] >> (32 * h)) << CMN_LOCAL_BITS;
	for (k = 0; k < ev->nr; k++)
		sum += (u16)(cmn->dtm[cmn->nodes[ev->slot[k].node].xp].cnt.val >>
			     (CMN_LOCAL_BITS * ev->slot[k].local));
	return sum & GENMASK_ULL(CMN_SUM_BITS - 1, 0);
}

/* The raw count of @event: the 48-bit sum, or a 40-bit cycle count. */
static u64 cmn_raw(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_event *ev = cmn_ev(event);
	unsigned int g = event->hw.idx;

	if (ev->cycles)
		return nvu_read64(&cmn->regs, cmn->dtc[g - CMN_NR_GLOBAL].off +
				  NVU_CMN_DTC_PMCCNTR) &
		       GENMASK_ULL(NVU_CMN_DTC_CYCLE_BITS - 1, 0);
	return cmn_sum(cmn, ev, g, pmu->hw_running);
}

/*
 * Extend to 64 bits.  Sum differences are signed: a sum below the last (a
 * carry on its way to its DTC, which no register shows [U], or an open
 * bracket) is held back, not taken for a 2^48 wrap, and the next read
 * counts from the last good sum.  Counts never go back.
 */
static u64 cmn_read_counter(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct cmn_event *ev = cmn_ev(event);
	u64 raw, d;

	cmn_pass(pmu, false);
	raw = cmn_raw(pmu, event);
	if (ev->cycles) {
		ev->ext += (raw - ev->raw) &
			   GENMASK_ULL(NVU_CMN_DTC_CYCLE_BITS - 1, 0);
	} else {
		d = (raw - ev->raw) & GENMASK_ULL(CMN_SUM_BITS - 1, 0);
		if (d & BIT_ULL(CMN_SUM_BITS - 1))
			return ev->ext;
		ev->ext += d;
	}
	ev->raw = raw;
	return ev->ext;
}

/* Only the extension is written: the hardware counters run on. */
static void cmn_write_counter(struct nvu_pmu *pmu, struct perf_event *event,
			      u64 val)
{
	struct cmn_event *ev = cmn_ev(event);

	cmn_pass(pmu, true);
	ev->raw = cmn_raw(pmu, event);
	ev->ext = val;
}

/*
 * Start (@on) or stop every DTC: whether DTC0's PMCR gates the others is
 * not public [I] (upstream toggles DTC0's alone); each DTC's own is right
 * either way.
 */
static void cmn_set_pmcr(struct nvu_pmu *pmu, bool on)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	unsigned int d;

	for (d = 0; d < cmn->nr_dtcs; d++)
		nvu_write32(&cmn->regs, cmn->dtc[d].off + NVU_CMN_DTC_PMCR,
			    on ? NVU_CMN_DTC_PMCR_PMU_EN : 0);
}

static void cmn_enable(struct nvu_pmu *pmu)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);

	cmn->stopped = false;
	cmn_set_pmcr(pmu, true);
}

static void cmn_disable(struct nvu_pmu *pmu)
{
	struct cmn600 *cmn = nvu_pmu_priv(pmu);

	cmn_set_pmcr(pmu, false);
	cmn->pass++;
	cmn->stopped = true;
}

static const struct nvu_pmu_ops cmn_ops = {
	.event_init = cmn_event_init,
	.filters_fit = cmn_filters_fit,
	.get_idx = cmn_get_idx,
	.add = cmn_add,
	.del = cmn_del,
	.enable = cmn_enable,
	.disable = cmn_disable,
	.start_counter = cmn_start_counter,
	.stop_counter = cmn_stop_counter,
	.read_counter = cmn_read_counter,
	.write_counter = cmn_write_counter,
};

/* sysfs: format and events */

static struct attribute *cmn_formats[] = {
	NVU_FORMAT(type, 0, NVU_CMN_CFG_TYPE),
	NVU_FORMAT(eventid, 0, NVU_CMN_CFG_EVENTID),
	NVU_FORMAT(occupid, 0, NVU_CMN_CFG_OCCUPID),
	NVU_FORMAT(bynodeid, 0, NVU_CMN_CFG_BYNODEID),
	NVU_FORMAT(nodeid, 0, NVU_CMN_CFG_NODEID),
	NVU_FORMAT(wp_dev_sel, 0, NVU_CMN_CFG_WP_DEV_SEL),
	NVU_FORMAT(wp_chn_sel, 0, NVU_CMN_CFG_WP_CHN_SEL),
	NVU_FORMAT(wp_grp, 0, NVU_CMN_CFG_WP_GRP),
	NVU_FORMAT(wp_exclusive, 0, NVU_CMN_CFG_WP_EXCLUSIVE),
	NVU_FORMAT(wp_combine, 0, NVU_CMN_CFG_WP_COMBINE),
	NVU_FORMAT(wp_val, 1, GENMASK_ULL(63, 0)),
	NVU_FORMAT(wp_mask, 2, GENMASK_ULL(63, 0)),
	NULL
};

/**
 * struct cmn_event_attr - an "events/<name>" of the mesh, with the fields
 *	cmn_events_visible() needs (as upstream's arm-cmn keeps them)
 * @attr: sysfs attribute
 * @type: node type (perf ABI)
 * @eventid: event ID
 * @occupid: occupancy selector value, for an occupancy event
 * @min_rev: lowest CMN-600 revision code that has the event
 */
struct cmn_event_attr {
	struct device_attribute attr;
	u16 type;
	u16 eventid;
	s8 occupid;
	u8 min_rev;
};

static ssize_t cmn_event_show(struct device *dev, struct device_attribute *attr,
			      char *buf)
{
	struct cmn_event_attr *e = container_of(attr, struct cmn_event_attr,
						attr);

	if (e->type == NVU_CMN_TYPE_DTC)
		return sysfs_emit(buf, "type=0x%x\n", e->type);
	if (e->type == NVU_CMN_TYPE_WP)
		return sysfs_emit(buf,
				  "type=0x%x,eventid=0x%x,wp_dev_sel=?,wp_chn_sel=?,wp_grp=?,wp_val=?,wp_mask=?\n",
				  e->type, e->eventid);
	if (e->occupid >= 0)
		return sysfs_emit(buf, "type=0x%x,eventid=0x%x,occupid=0x%x\n",
				  e->type, e->eventid, e->occupid);
	return sysfs_emit(buf, "type=0x%x,eventid=0x%x\n", e->type, e->eventid);
}

#define CMN_EV_FULL(_name, _type, _id, _occ, _rev)			\
	(&((struct cmn_event_attr[]) {{					\
		.attr = __ATTR(_name, 0444, cmn_event_show, NULL),	\
		.type = (_type),					\
		.eventid = (_id),					\
		.occupid = (_occ),					\
		.min_rev = (_rev),					\
	}})[0].attr.attr)

#define CMN_EV(_prefix, _name, _type, _id)				\
	CMN_EV_FULL(_prefix##_##_name, _type, _id, -1, 0)
#define CMN_EV_REV(_prefix, _name, _type, _id, _rev)			\
	CMN_EV_FULL(_prefix##_##_name, _type, _id, -1, _rev)
#define CMN_DN(_n, _id)		CMN_EV(dn, _n, NVU_CMN_TYPE_DN, _id)
#define CMN_HNF(_n, _id)	CMN_EV(hnf, _n, NVU_CMN_TYPE_HNF, _id)
#define CMN_HNI(_n, _id)	CMN_EV(hni, _n, NVU_CMN_TYPE_HNI, _id)
#define CMN_SBSX(_n, _id)	CMN_EV(sbsx, _n, NVU_CMN_TYPE_SBSX, _id)
#define CMN_RNID(_n, _id)	CMN_EV(rnid, _n, NVU_CMN_TYPE_RNI, _id)
/* CCIX events: r1p2 and later (CXRA IDs above 0x10: r1p3 and later). */
#define CMN_CXRA(_n, _id, _rev)	CMN_EV_REV(cxra, _n, NVU_CMN_TYPE_CXRA, _id, _rev)
#define CMN_CXHA(_n, _id)	CMN_EV_REV(cxha, _n, NVU_CMN_TYPE_CXHA, _id, 2)
#define CMN_XP(_n, _id)		CMN_EV(mxp, _n, NVU_CMN_TYPE_XP, _id)

static struct attribute *cmn_events[] = {
	CMN_EV_FULL(dtc_cycles, NVU_CMN_TYPE_DTC, 0, -1, 0),

	CMN_DN(rxreq_dvmop, 0x01),
	CMN_DN(rxreq_dvmsync, 0x02),
	CMN_DN(rxreq_dvmop_vmid_filtered, 0x03),
	CMN_DN(rxreq_retried, 0x04),
	CMN_EV_FULL(dn_rxreq_trk_occupancy_all, NVU_CMN_TYPE_DN, 0x05, 0, 0),
	CMN_EV_FULL(dn_rxreq_trk_occupancy_dvmop, NVU_CMN_TYPE_DN, 0x05, 1, 0),
	CMN_EV_FULL(dn_rxreq_trk_occupancy_dvmsync, NVU_CMN_TYPE_DN, 0x05, 2,
		    0),

	CMN_HNF(cache_miss, 0x01),
	CMN_HNF(slc_sf_cache_access, 0x02),
	CMN_HNF(cache_fill, 0x03),
	CMN_HNF(pocq_retry, 0x04),
	CMN_HNF(pocq_reqs_recvd, 0x05),
	CMN_HNF(sf_hit, 0x06),
	CMN_HNF(sf_evictions, 0x07),
	CMN_HNF(dir_snoops_sent, 0x08),
	CMN_HNF(brd_snoops_sent, 0x09),
	CMN_HNF(slc_eviction, 0x0a),
	CMN_HNF(slc_fill_invalid_way, 0x0b),
	CMN_HNF(mc_retries, 0x0c),
	CMN_HNF(mc_reqs, 0x0d),
	CMN_HNF(qos_hh_retry, 0x0e),
	CMN_EV_FULL(hnf_qos_pocq_occupancy_all, NVU_CMN_TYPE_HNF, 0x0f, 0, 0),
	CMN_EV_FULL(hnf_qos_pocq_occupancy_read, NVU_CMN_TYPE_HNF, 0x0f, 1, 0),
	CMN_EV_FULL(hnf_qos_pocq_occupancy_write, NVU_CMN_TYPE_HNF, 0x0f, 2,
		    0),
	CMN_EV_FULL(hnf_qos_pocq_occupancy_atomic, NVU_CMN_TYPE_HNF, 0x0f, 3,
		    0),
	CMN_EV_FULL(hnf_qos_pocq_occupancy_stash, NVU_CMN_TYPE_HNF, 0x0f, 4,
		    0),
	CMN_HNF(pocq_addrhaz, 0x10),
	CMN_HNF(pocq_atomic_addrhaz, 0x11),
	CMN_HNF(ld_st_swp_adq_full, 0x12),
	CMN_HNF(cmp_adq_full, 0x13),
	CMN_HNF(txdat_stall, 0x14),
	CMN_HNF(txrsp_stall, 0x15),
	CMN_HNF(seq_full, 0x16),
	CMN_HNF(seq_hit, 0x17),
	CMN_HNF(snp_sent, 0x18),
	CMN_HNF(sfbi_dir_snp_sent, 0x19),
	CMN_HNF(sfbi_brd_snp_sent, 0x1a),
	CMN_EV_REV(hnf, snp_sent_untrk, NVU_CMN_TYPE_HNF, 0x1b, 2),
	CMN_HNF(intv_dirty, 0x1c),
	CMN_HNF(stash_snp_sent, 0x1d),
	CMN_HNF(stash_data_pull, 0x1e),
	CMN_HNF(snp_fwded, 0x1f),

	CMN_HNI(rrt_rd_occ_cnt_ovfl, 0x20),
	CMN_HNI(rrt_wr_occ_cnt_ovfl, 0x21),
	CMN_HNI(rdt_rd_occ_cnt_ovfl, 0x22),
	CMN_HNI(rdt_wr_occ_cnt_ovfl, 0x23),
	CMN_HNI(wdb_occ_cnt_ovfl, 0x24),
	CMN_HNI(rrt_rd_alloc, 0x25),
	CMN_HNI(rrt_wr_alloc, 0x26),
	CMN_HNI(rdt_rd_alloc, 0x27),
	CMN_HNI(rdt_wr_alloc, 0x28),
	CMN_HNI(wdb_alloc, 0x29),
	CMN_HNI(txrsp_retryack, 0x2a),
	CMN_HNI(arvalid_no_arready, 0x2b),
	CMN_HNI(arready_no_arvalid, 0x2c),
	CMN_HNI(awvalid_no_awready, 0x2d),
	CMN_HNI(awready_no_awvalid, 0x2e),
	CMN_HNI(wvalid_no_wready, 0x2f),
	CMN_HNI(txdat_stall, 0x30),
	CMN_HNI(nonpcie_serialization, 0x31),
	CMN_HNI(pcie_serialization, 0x32),

	CMN_SBSX(rd_req, 0x01),
	CMN_SBSX(wr_req, 0x02),
	CMN_SBSX(cmo_req, 0x03),
	CMN_SBSX(txrsp_retryack, 0x04),
	CMN_SBSX(txdat_flitv, 0x05),
	CMN_SBSX(txrsp_flitv, 0x06),
	CMN_SBSX(rd_req_trkr_occ_cnt_ovfl, 0x11),
	CMN_SBSX(wr_req_trkr_occ_cnt_ovfl, 0x12),
	CMN_SBSX(cmo_req_trkr_occ_cnt_ovfl, 0x13),
	CMN_SBSX(wdb_occ_cnt_ovfl, 0x14),
	CMN_SBSX(rd_axi_trkr_occ_cnt_ovfl, 0x15),
	CMN_SBSX(cmo_axi_trkr_occ_cnt_ovfl, 0x16),
	CMN_SBSX(arvalid_no_arready, 0x21),
	CMN_SBSX(awvalid_no_awready, 0x22),
	CMN_SBSX(wvalid_no_wready, 0x23),
	CMN_SBSX(txdat_stall, 0x24),
	CMN_SBSX(txrsp_stall, 0x25),

	CMN_RNID(s0_rdata_beats, 0x01),
	CMN_RNID(s1_rdata_beats, 0x02),
	CMN_RNID(s2_rdata_beats, 0x03),
	CMN_RNID(rxdat_flits, 0x04),
	CMN_RNID(txdat_flits, 0x05),
	CMN_RNID(txreq_flits_total, 0x06),
	CMN_RNID(txreq_flits_retried, 0x07),
	CMN_RNID(rrt_occ_ovfl, 0x08),
	CMN_RNID(wrt_occ_ovfl, 0x09),
	CMN_RNID(txreq_flits_replayed, 0x0a),
	CMN_RNID(wrcancel_sent, 0x0b),
	CMN_RNID(s0_wdata_beats, 0x0c),
	CMN_RNID(s1_wdata_beats, 0x0d),
	CMN_RNID(s2_wdata_beats, 0x0e),
	CMN_RNID(rrt_alloc, 0x0f),
	CMN_RNID(wrt_alloc, 0x10),
	CMN_RNID(rdb_unord, 0x11),
	CMN_RNID(rdb_replay, 0x12),
	CMN_RNID(rdb_hybrid, 0x13),
	CMN_RNID(rdb_ord, 0x14),

	CMN_CXRA(rht_occ, 0x01, 2),
	CMN_CXRA(sht_occ, 0x02, 2),
	CMN_CXRA(rdb_occ, 0x03, 2),
	CMN_CXRA(wdb_occ, 0x04, 2),
	CMN_CXRA(ssb_occ, 0x05, 2),
	CMN_CXRA(snp_bcasts, 0x06, 2),
	CMN_CXRA(req_chains, 0x07, 2),
	CMN_CXRA(req_chain_avglen, 0x08, 2),
	CMN_CXRA(chirsp_stalls, 0x09, 2),
	CMN_CXRA(chidat_stalls, 0x0a, 2),
	CMN_CXRA(cxreq_pcrd_stalls_link0, 0x0b, 2),
	CMN_CXRA(cxreq_pcrd_stalls_link1, 0x0c, 2),
	CMN_CXRA(cxreq_pcrd_stalls_link2, 0x0d, 2),
	CMN_CXRA(cxdat_pcrd_stalls_link0, 0x0e, 2),
	CMN_CXRA(cxdat_pcrd_stalls_link1, 0x0f, 2),
	CMN_CXRA(cxdat_pcrd_stalls_link2, 0x10, 2),
	CMN_CXRA(external_chirsp_stalls, 0x11, 3),
	CMN_CXRA(external_chidat_stalls, 0x12, 3),

	CMN_CXHA(rddatbyp, 0x21),
	CMN_CXHA(chirsp_up_stall, 0x22),
	CMN_CXHA(chidat_up_stall, 0x23),
	CMN_CXHA(snppcrd_link0_stall, 0x24),
	CMN_CXHA(snppcrd_link1_stall, 0x25),
	CMN_CXHA(snppcrd_link2_stall, 0x26),
	CMN_CXHA(reqtrk_occ, 0x27),
	CMN_CXHA(rdb_occ, 0x28),
	CMN_CXHA(rdbyp_occ, 0x29),
	CMN_CXHA(wdb_occ, 0x2a),
	CMN_CXHA(snptrk_occ, 0x2b),
	CMN_CXHA(sdb_occ, 0x2c),
	CMN_CXHA(snphaz_occ, 0x2d),

	CMN_XP(e_req_txflit_valid, 0x01),
	CMN_XP(e_req_txflit_stall, 0x02),
	CMN_XP(e_rsp_txflit_valid, 0x21),
	CMN_XP(e_rsp_txflit_stall, 0x22),
	CMN_XP(e_snp_txflit_valid, 0x41),
	CMN_XP(e_snp_txflit_stall, 0x42),
	CMN_XP(e_dat_txflit_valid, 0x61),
	CMN_XP(e_dat_txflit_stall, 0x62),
	CMN_XP(w_req_txflit_valid, 0x05),
	CMN_XP(w_req_txflit_stall, 0x06),
	CMN_XP(w_rsp_txflit_valid, 0x25),
	CMN_XP(w_rsp_txflit_stall, 0x26),
	CMN_XP(w_snp_txflit_valid, 0x45),
	CMN_XP(w_snp_txflit_stall, 0x46),
	CMN_XP(w_dat_txflit_valid, 0x65),
	CMN_XP(w_dat_txflit_stall, 0x66),
	CMN_XP(n_req_txflit_valid, 0x09),
	CMN_XP(n_req_txflit_stall, 0x0a),
	CMN_XP(n_rsp_txflit_valid, 0x29),
	CMN_XP(n_rsp_txflit_stall, 0x2a),
	CMN_XP(n_snp_txflit_valid, 0x49),
	CMN_XP(n_snp_txflit_stall, 0x4a),
	CMN_XP(n_dat_txflit_valid, 0x69),
	CMN_XP(n_dat_txflit_stall, 0x6a),
	CMN_XP(s_req_txflit_valid, 0x0d),
	CMN_XP(s_req_txflit_stall, 0x0e),
	CMN_XP(s_rsp_txflit_valid, 0x2d),
	CMN_XP(s_rsp_txflit_stall, 0x2e),
	CMN_XP(s_snp_txflit_valid, 0x4d),
	CMN_XP(s_snp_txflit_stall, 0x4e),
	CMN_XP(s_dat_txflit_valid, 0x6d),
	CMN_XP(s_dat_txflit_stall, 0x6e),
	CMN_XP(p0_req_txflit_valid, 0x11),
	CMN_XP(p0_req_txflit_stall, 0x12),
	CMN_XP(p0_rsp_txflit_valid, 0x31),
	CMN_XP(p0_rsp_txflit_stall, 0x32),
	CMN_XP(p0_snp_txflit_valid, 0x51),
	CMN_XP(p0_snp_txflit_stall, 0x52),
	CMN_XP(p0_dat_txflit_valid, 0x71),
	CMN_XP(p0_dat_txflit_stall, 0x72),
	CMN_XP(p0_dat_partial_dat_flit, 0x73),
	CMN_XP(p1_req_txflit_valid, 0x15),
	CMN_XP(p1_req_txflit_stall, 0x16),
	CMN_XP(p1_rsp_txflit_valid, 0x35),
	CMN_XP(p1_rsp_txflit_stall, 0x36),
	CMN_XP(p1_snp_txflit_valid, 0x55),
	CMN_XP(p1_snp_txflit_stall, 0x56),
	CMN_XP(p1_dat_txflit_valid, 0x75),
	CMN_XP(p1_dat_txflit_stall, 0x76),
	CMN_XP(p1_dat_partial_dat_flit, 0x77),

	CMN_EV_FULL(watchpoint_up, NVU_CMN_TYPE_WP, NVU_CMN_WP_EV_UP, -1, 0),
	CMN_EV_FULL(watchpoint_down, NVU_CMN_TYPE_WP, NVU_CMN_WP_EV_DOWN, -1, 0),
	NULL
};

/*
 * Listed where it can count: a node of its type exists, the revision has
 * it, and an XP event on a device port has that port connected somewhere.
 */
static umode_t cmn_events_visible(struct kobject *kobj, struct attribute *attr,
				  int i)
{
	struct nvu_pmu *pmu = nvu_dev_to_pmu(kobj_to_dev(kobj));
	struct cmn600 *cmn = nvu_pmu_priv(pmu);
	struct cmn_event_attr *e = container_of(attr, struct cmn_event_attr,
						attr.attr);
	u64 c[3] = { FIELD_PREP(NVU_CMN_CFG_TYPE, e->type) };
	const struct nvu_cmn_topo *t = &cmn->topo;
	unsigned int k, intf;

	if (e->type == NVU_CMN_TYPE_DTC)
		return attr->mode;
	if (t->rev < e->min_rev)
		return 0;
	for (k = 0; k < t->num_xps + t->num_nodes; k++)
		if (nvu_cmn_event_on(c, nvu_cmn_node(t, k)))
			break;
	if (k == t->num_xps + t->num_nodes)
		return 0;
	if (e->type == NVU_CMN_TYPE_XP) {
		intf = FIELD_GET(NVU_CMN_XP_INTF, e->eventid);
		if (intf >= NVU_CMN_XP_INTF_P0 &&
		    !(cmn->ports & BIT(intf - NVU_CMN_XP_INTF_P0)))
			return 0;
	}
	return attr->mode;
}

static const struct nvu_pmu_desc cmn_desc = {
	.formats = cmn_formats,
	.events = cmn_events,
	.events_visible = cmn_events_visible,
	.ops = &cmn_ops,
	.flags = NVU_EVENT_ANY_CPU,
	.max_rate = CMN_MAX_RATE,
	.intree_module = "arm_cmn",
};

/* debugfs: the mesh map */

static const char *cmn_type_name(u16 type)
{
	switch (type) {
	case NVU_CMN_TYPE_DN: return "DN";
	case NVU_CMN_TYPE_DTC: return "DTC";
	case NVU_CMN_TYPE_HNI: return "HN-I";
	case NVU_CMN_TYPE_HNF: return "HN-F";
	case NVU_CMN_TYPE_SBSX: return "SBSX";
	case NVU_CMN_TYPE_RNI: return "RN-I";
	case NVU_CMN_TYPE_RND: return "RN-D";
	case NVU_CMN_TYPE_CXRA: return "CXRA";
	case NVU_CMN_TYPE_CXHA: return "CXHA";
	default: return "?";
	}
}

/* Rows north first; per XP its node ID, then each port's nodes. */
static int cmn_map_show(struct seq_file *s, void *unused)
{
	struct cmn600 *cmn = s->private;
	const struct nvu_cmn_topo *t = &cmn->topo;
	unsigned int x, y, p, k;

	seq_printf(s, "part %#x revision code %u, %ux%u mesh, %u DTC(s)\n",
		   t->part, t->rev, t->mesh_x, t->mesh_y, cmn->nr_dtcs);
	for (y = t->mesh_y; y-- > 0;) {
		for (x = 0; x < t->mesh_x; x++) {
			const struct nvu_cmn_node *xp = &t->xps[y * t->mesh_x + x];

			seq_printf(s, "XP (%u,%u) id 0x%04x dtm %u\n", x, y,
				   xp->id, xp->logid);
			for (p = 0; p < 2; p++) {
				seq_printf(s, "  port %u:", p);
				for (k = 0; k < t->num_nodes; k++) {
					const struct nvu_cmn_node *n = &t->nodes[k];

					if (n->xp != xp->logid || n->port != p)
						continue;
					seq_printf(s, " %s#%u(id 0x%x)",
						   cmn_type_name(n->type),
						   n->logid, n->id);
				}
				seq_putc(s, '\n');
			}
		}
	}
	/* Counter locations, for a debugger (tests read them too). */
	for (k = 0; k < cmn->nr_dtcs; k++)
		seq_printf(s, "dtc %u at %#x\n", k, cmn->dtc[k].off);
	for (k = 0; k < t->num_xps; k++)
		seq_printf(s, "dtm %u at %#x\n", t->xps[k].logid,
			   t->xps[k].offset);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(cmn_map);

/* Probe */

/*
 * The configuration space and the root node's offset in it: ACPI gives
 * the space and the root node's region in either order, device tree the
 * space and "arm,root-node".
 */
static int cmn_find_space(struct platform_device *pdev, struct resource **space,
			  u32 *root)
{
	struct device *dev = &pdev->dev;
	struct resource *a = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	struct resource *b = platform_get_resource(pdev, IORESOURCE_MEM, 1);

	if (!a)
		return dev_err_probe(dev, -EINVAL, "no memory resource\n");
	if (has_acpi_companion(dev)) {
		if (!b)
			return dev_err_probe(dev, -EINVAL,
					     "needs two memory resources: the configuration space and the root node\n");
		if (!resource_contains(a, b))
			swap(a, b);
		if (!resource_contains(a, b))
			return dev_err_probe(dev, -EINVAL,
					     "neither memory resource contains the other (%pR, %pR)\n",
					     a, b);
		*space = a;
		*root = b->start - a->start;
		return 0;
	}
	if (device_property_read_u32(dev, "arm,root-node", root))
		return dev_err_probe(dev, -EINVAL,
				     "no arm,root-node property\n");
	*space = a;
	return 0;
}

/* Our state for every node, numbered as nvu_cmn_node() does; the DTCs. */
static int cmn_build(struct cmn600 *cmn)
{
	const struct nvu_cmn_topo *t = &cmn->topo;
	unsigned int i, p;

	cmn->nr_nodes = t->num_xps + t->num_nodes;
	cmn->nodes = devm_kcalloc(cmn->dev, cmn->nr_nodes, sizeof(*cmn->nodes),
				  GFP_KERNEL);
	if (!cmn->nodes)
		return -ENOMEM;
	for (i = 0; i < cmn->nr_nodes; i++) {
		const struct nvu_cmn_node *n = nvu_cmn_node(t, i);

		cmn->nodes[i].off = n->offset;
		cmn->nodes[i].port = n->port;
		cmn->nodes[i].dev = n->dev;
		cmn->nodes[i].xp = n->xp;
		/* DTC i is the i-th in (type, logical ID) order. */
		if (n->type == NVU_CMN_TYPE_DTC)
			cmn->dtc[cmn->nr_dtcs++].off = n->offset;
	}
	for (i = 0; i < t->num_xps; i++) {
		cmn->dtm[i].off = t->xps[i].offset;
		for (p = 0; p < 2; p++)
			if (nvu_read64(&cmn->regs, t->xps[i].offset +
				       NVU_CMN_XP_PORT_INFO(p)) &
			    NVU_CMN_XP_PORT_DEVTYPE)
				cmn->ports |= BIT(p);
	}
	return 0;
}

/*
 * Reset every DTM and DTC from what a previous kernel (kexec) left: nothing
 * paired or selected, watchpoints parked; DTCs enabled for debug and
 * trace, stopped, overflow status clear.  dtm_enable is set where clear,
 * as whether it gates counting is not public [U] (upstream never writes
 * it); cmn_stop() restores it and dtc_ctl.
 */
static void cmn_reset(struct cmn600 *cmn)
{
	unsigned int i, w;
	u32 off;

	for (i = 0; i < cmn->topo.num_xps; i++) {
		struct cmn_dtm *dtm = &cmn->dtm[i];

		off = dtm->off;
		dtm->control = nvu_read64(&cmn->regs, off + NVU_CMN_DTM_CONTROL);
		if (!(dtm->control & NVU_CMN_DTM_CONTROL_EN))
			nvu_write64(&cmn->regs, off + NVU_CMN_DTM_CONTROL,
				    dtm->control | NVU_CMN_DTM_CONTROL_EN);
		dtm->pmu_config = NVU_CMN_DTM_PMU_EN;
		nvu_write64(&cmn->regs, off + NVU_CMN_DTM_PMU_CONFIG,
			    NVU_CMN_DTM_PMU_EN);
		for (w = 0; w < NVU_CMN_DTM_NR_WPS; w++) {
			nvu_write64(&cmn->regs, off + NVU_CMN_DTM_WP_CONFIG(w), 0);
			nvu_write64(&cmn->regs, off + NVU_CMN_DTM_WP_VAL(w),
				    CMN_WP_PARK_VAL);
			nvu_write64(&cmn->regs, off + NVU_CMN_DTM_WP_MASK(w),
				    CMN_WP_PARK_MASK);
		}
	}
	/* XPs and device nodes; a DTC has counters at that offset. */
	for (i = 0; i < cmn->nr_nodes; i++)
		if (nvu_cmn_node(&cmn->topo, i)->type != NVU_CMN_TYPE_DTC)
			nvu_write64(&cmn->regs,
				    cmn->nodes[i].off + NVU_CMN_PMU_EVENT_SEL, 0);
	for (i = 0; i < cmn->nr_dtcs; i++) {
		off = cmn->dtc[i].off;
		cmn->dtc[i].found = nvu_read32(&cmn->regs,
					       off + NVU_CMN_DTC_CTL);
		cmn->dtc[i].ctl = cmn->dtc[i].found | NVU_CMN_DTC_CTL_DT_EN;
		nvu_write32(&cmn->regs, off + NVU_CMN_DTC_CTL, cmn->dtc[i].ctl);
		/*
		 * PMOVSR_CLR acts only while PMU_EN is set (spec B.11.4;
		 * upstream met it on hardware).
		 */
		nvu_write32(&cmn->regs, off + NVU_CMN_DTC_PMCR,
			    NVU_CMN_DTC_PMCR_PMU_EN);
		nvu_write32(&cmn->regs, off + NVU_CMN_DTC_PMOVSR_CLR,
			    GENMASK(CMN_NR_GLOBAL, 0));
		nvu_write32(&cmn->regs, off + NVU_CMN_DTC_PMCR, 0);
	}
	/* Stopped, and nothing read yet: no pass's values are current. */
	cmn->pass = 1;
	cmn->stopped = true;
}

/* At remove: the DTCs stopped, dtc_ctl and dtm_control as probe found them. */
static void cmn_stop(void *data)
{
	struct cmn600 *cmn = data;
	unsigned int i;

	for (i = 0; i < cmn->nr_dtcs; i++) {
		nvu_write32(&cmn->regs, cmn->dtc[i].off + NVU_CMN_DTC_PMCR, 0);
		nvu_write32(&cmn->regs, cmn->dtc[i].off + NVU_CMN_DTC_CTL,
			    cmn->dtc[i].found);
	}
	for (i = 0; i < cmn->topo.num_xps; i++)
		if (!(cmn->dtm[i].control & NVU_CMN_DTM_CONTROL_EN))
			nvu_write64(&cmn->regs,
				    cmn->dtm[i].off + NVU_CMN_DTM_CONTROL,
				    cmn->dtm[i].control);
}

static void cmn_free_topo(void *data)
{
	nvu_cmn_topo_free(data);
}

static void cmn_free_id(void *data)
{
	struct cmn600 *cmn = data;

	debugfs_remove_recursive(cmn->debug);
	ida_free(&cmn_ida, cmn->id);
}

static int cmn_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *space;
	struct nvu_pmu *pmu;
	struct cmn600 *cmn;
	char name[16];
	u32 root;
	int ret;

	pmu = devm_nvu_pmu_alloc(dev, &cmn_desc, sizeof(*cmn));
	if (!pmu)
		return -ENOMEM;
	cmn = nvu_pmu_priv(pmu);
	cmn->dev = dev;

	ret = cmn_find_space(pdev, &space, &root);
	if (ret)
		return ret;
	if (resource_size(space) > NVU_CMN_MAX_SPACE)
		return dev_err_probe(dev, -EINVAL,
				     "configuration space %pR is larger than a CMN-600's (64 MiB)\n",
				     space);
	if (root > resource_size(space) - NVU_CMN_NODE_SIZE)
		return dev_err_probe(dev, -EINVAL,
				     "root node at %#x does not fit the configuration space %pR\n",
				     root, space);
	/* The device's own resources already claim the space: map only. */
	ret = nvu_map_shared(dev, space, &cmn->regs);
	if (ret)
		return ret;

	ret = nvu_cmn_discover(cmn_rd, cmn, resource_size(space), root,
			       &cmn->topo);
	if (ret)
		return dev_err_probe(dev, ret, "node at offset %#x %s\n",
				     cmn->topo.bad_off, cmn->topo.why ?: "");
	ret = devm_add_action_or_reset(dev, cmn_free_topo, &cmn->topo);
	if (ret)
		return ret;
	ret = cmn_build(cmn);
	if (ret)
		return ret;
	if (!cmn->nr_dtcs)
		return dev_err_probe(dev, -ENODEV, "the mesh has no DTC\n");

	cmn_reset(cmn);
	ret = devm_add_action_or_reset(dev, cmn_stop, cmn);
	if (ret)
		return ret;

	cmn->id = ida_alloc(&cmn_ida, GFP_KERNEL);
	if (cmn->id < 0)
		return cmn->id;
	ret = devm_add_action_or_reset(dev, cmn_free_id, cmn);
	if (ret)
		return ret;
	pmu->name = devm_kasprintf(dev, GFP_KERNEL, "arm_cmn_%d", cmn->id);
	/* perf's CMN metrics bind to 434: a 600AE counts as a 600. */
	pmu->identifier = devm_kasprintf(dev, GFP_KERNEL, "%03x%02x",
					 NVU_CMN_PART_600, cmn->topo.rev);
	if (!pmu->name || !pmu->identifier)
		return -ENOMEM;
	pmu->num_counters = CMN_NR_GLOBAL + cmn->nr_dtcs;
	pmu->counter_width = 64;
	nvu_pmu_set_node(pmu, dev_to_node(dev));
	if (cpumask_empty(&pmu->associated_cpus))
		cpumask_copy(&pmu->associated_cpus, cpu_possible_mask);

	ret = devm_nvu_pmu_register(pmu);
	if (ret)
		return ret;
	snprintf(name, sizeof(name), "map_%d", cmn->id);
	cmn->debug = debugfs_create_file(name, 0444, cmn_debugfs, cmn,
					 &cmn_map_fops);
	return 0;
}

static const struct acpi_device_id cmn_acpi_ids[] = {
	{ "ARMHC600" },
	{ }
};
MODULE_DEVICE_TABLE(acpi, cmn_acpi_ids);

static const struct of_device_id cmn_of_ids[] = {
	{ .compatible = "arm,cmn-600" },
	{ }
};
MODULE_DEVICE_TABLE(of, cmn_of_ids);

static struct platform_driver cmn_driver = {
	.driver = {
		.name = "nvu_arm_cmn600",
		.acpi_match_table = cmn_acpi_ids,
		.of_match_table = cmn_of_ids,
		.suppress_bind_attrs = true,
	},
	.probe = cmn_probe,
};

/* Say, once per mesh, that another driver (upstream's arm-cmn) holds it. */
static int cmn_held_one(struct device *dev, void *unused)
{
	struct device_driver *drv;

	if (!acpi_match_device(cmn_acpi_ids, dev) &&
	    !of_match_device(cmn_of_ids, dev))
		return 0;
	device_lock(dev);
	drv = dev->driver;
	if (drv && drv != &cmn_driver.driver)
		dev_info(dev, "bound to %s, not to nvu_arm_cmn600: unload %s (or blacklist it) and load nvu_arm_cmn600 again to count this mesh\n",
			 drv->name, drv->owner ? module_name(drv->owner) :
			 drv->name);
	device_unlock(dev);
	return 0;
}

static int __init cmn_init(void)
{
	int ret;

	cmn_debugfs = debugfs_create_dir("nvu_arm_cmn600", NULL);
	ret = platform_driver_register(&cmn_driver);
	if (ret) {
		debugfs_remove_recursive(cmn_debugfs);
		return ret;
	}
	bus_for_each_dev(&platform_bus_type, NULL, NULL, cmn_held_one);
	return 0;
}

static void __exit cmn_exit(void)
{
	nvu_pmus_unregister_module(THIS_MODULE);
	platform_driver_unregister(&cmn_driver);
	debugfs_remove_recursive(cmn_debugfs);
}

module_init(cmn_init);
module_exit(cmn_exit);

MODULE_DESCRIPTION("Arm CMN-600 mesh PMU (nv-uncore)");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

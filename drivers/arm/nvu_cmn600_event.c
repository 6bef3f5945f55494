// SPDX-License-Identifier: GPL-2.0
/*
 * Arm CMN-600 event checks: pure functions of topology and config, for
 * KUnit.  An event counts on every node of its type (RN-D nodes count RN-I
 * events) or, with bynodeid, on node nodeid; watchpoints and XP events on
 * XPs, dtc_cycles on none.
 */

#include "nvu_ns.h"

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/slab.h>

#include "nvu_cmn600.h"

#define CMN_NR_GLOBAL		NVU_CMN_DTC_NR_COUNTERS
/* Watchpoints per direction on one DTM. */
#define CMN_WPS_PER_DIR		(NVU_CMN_DTM_NR_WPS / 2)

/**
 * nvu_cmn_is_occup() - whether an event uses its nodes' occupancy selector
 * @type: node type
 * @eventid: event ID
 *
 * Return: true for the HN-F and DN occupancy events.
 */
bool nvu_cmn_is_occup(u16 type, u16 eventid)
{
	return (type == NVU_CMN_TYPE_HNF &&
		eventid == NVU_CMN_HNF_POCQ_OCCUPANCY) ||
	       (type == NVU_CMN_TYPE_DN && eventid == NVU_CMN_DN_TRK_OCCUPANCY);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_is_occup);

/**
 * nvu_cmn_event_on() - whether the event of @config counts on node @n
 * @config: config, config1, config2
 * @n: a crosspoint or device node
 *
 * Return: true if it does.
 */
bool nvu_cmn_event_on(const u64 *config, const struct nvu_cmn_node *n)
{
	u16 type = FIELD_GET(NVU_CMN_CFG_TYPE, config[0]);
	u16 ntype = n->type;

	if (type == NVU_CMN_TYPE_DTC)
		return false;
	if (type == NVU_CMN_TYPE_WP)
		type = NVU_CMN_TYPE_XP;
	if (ntype == NVU_CMN_TYPE_RND)
		ntype = NVU_CMN_TYPE_RNI;
	if (type == NVU_CMN_TYPE_RND)
		type = NVU_CMN_TYPE_RNI;
	if (type != ntype)
		return false;
	return !(config[0] & NVU_CMN_CFG_BYNODEID) ||
	       n->id == FIELD_GET(NVU_CMN_CFG_NODEID, config[0]);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_event_on);

static int nvu_cmn_why(const char **why, const char *reason)
{
	*why = reason;
	return -EINVAL;
}

static int nvu_cmn_check_wp(const u64 *c, const char **why)
{
	u16 eventid = FIELD_GET(NVU_CMN_CFG_EVENTID, c[0]);

	if (eventid != NVU_CMN_WP_EV_UP && eventid != NVU_CMN_WP_EV_DOWN)
		return nvu_cmn_why(why, "watchpoint eventid is 0 (up) or 2 (down)");
	if (FIELD_GET(NVU_CMN_CFG_WP_DEV_SEL, c[0]) > 1)
		return nvu_cmn_why(why, "wp_dev_sel is a device port, 0 or 1");
	if (FIELD_GET(NVU_CMN_CFG_WP_CHN_SEL, c[0]) >= NVU_CMN_NR_CHAN)
		return nvu_cmn_why(why, "wp_chn_sel is 0 (req), 1 (rsp), 2 (snp) or 3 (dat)");
	/* wp_grp counts modulo 2 on CMN-600; wp_combine may be 0-15. */
	return 0;
}

static int nvu_cmn_check_node(const u64 *c, const char **why)
{
	u16 type = FIELD_GET(NVU_CMN_CFG_TYPE, c[0]);
	u16 eventid = FIELD_GET(NVU_CMN_CFG_EVENTID, c[0]);
	u64 occupid = FIELD_GET(NVU_CMN_CFG_OCCUPID, c[0]);

	if (type == NVU_CMN_TYPE_XP) {
		if (!FIELD_GET(NVU_CMN_XP_EV, eventid) ||
		    FIELD_GET(NVU_CMN_XP_INTF, eventid) >= NVU_CMN_XP_NR_INTF ||
		    eventid >> 5 >= NVU_CMN_NR_CHAN)
			return nvu_cmn_why(why, "no such crosspoint event on CMN-600");
	} else if (nvu_cmn_type_counts(type) <= 0) {
		return nvu_cmn_why(why, "no such node type on CMN-600");
	} else if (!eventid || eventid > NVU_CMN_EVENT_ID_MASK) {
		return nvu_cmn_why(why, "eventid is 1-0x3f");
	}
	/* Elsewhere occupid is ignored, as upstream. */
	if (nvu_cmn_is_occup(type, eventid) &&
	    occupid > FIELD_MAX(NVU_CMN_OCCUP1_ID))
		return nvu_cmn_why(why, "occupid is 0-7 on CMN-600");
	return 0;
}

/**
 * nvu_cmn_event_check() - can the mesh @t count the event of @config?
 * @t: the topology
 * @config: config, config1, config2
 * @why: set to the reason when it cannot
 *
 * Return: 0 or -EINVAL.
 */
int nvu_cmn_event_check(const struct nvu_cmn_topo *t, const u64 *config,
			const char **why)
{
	u16 type = FIELD_GET(NVU_CMN_CFG_TYPE, config[0]);
	unsigned int i;
	int ret;

	if (type == NVU_CMN_TYPE_DTC)
		return 0;
	ret = type == NVU_CMN_TYPE_WP ? nvu_cmn_check_wp(config, why) :
					nvu_cmn_check_node(config, why);
	if (ret)
		return ret;
	/* wp_val and wp_mask of another event are ignored, as upstream. */
	for (i = 0; i < t->num_xps + t->num_nodes; i++)
		if (nvu_cmn_event_on(config, nvu_cmn_node(t, i)))
			return 0;
	return nvu_cmn_why(why, config[0] & NVU_CMN_CFG_BYNODEID ?
			   "no node of that type has that nodeid" :
			   "the mesh has no node of that type");
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_event_check);

struct nvu_cmn_fit {
	u8 local[NVU_CMN_MAX_XPS];
	u8 wp[NVU_CMN_MAX_XPS][2];
	u8 combine[NVU_CMN_MAX_XPS][2];	/* the pair's wp_combine + 1 */
	u8 occ[];	/* per node: occupid + 1, 0 for none yet */
};

/* Claim what the event of @c needs on node @n (index @i); -EINVAL if full. */
static int nvu_cmn_fit_node(struct nvu_cmn_fit *f, const u64 *c,
			    const struct nvu_cmn_node *n, unsigned int i)
{
	u16 type = FIELD_GET(NVU_CMN_CFG_TYPE, c[0]);
	u16 eventid = FIELD_GET(NVU_CMN_CFG_EVENTID, c[0]);
	unsigned int dir = eventid == NVU_CMN_WP_EV_DOWN;
	u8 want;

	if (++f->local[n->xp] > NVU_CMN_DTM_NR_COUNTERS)
		return -EINVAL;
	if (type == NVU_CMN_TYPE_WP) {
		want = FIELD_GET(NVU_CMN_CFG_WP_COMBINE, c[0]) + 1;
		if (++f->wp[n->xp][dir] > CMN_WPS_PER_DIR)
			return -EINVAL;
		/* One wp_combine per pair, as cmn_wp_alloc(). */
		if (f->combine[n->xp][dir] && f->combine[n->xp][dir] != want)
			return -EINVAL;
		f->combine[n->xp][dir] = want;
	}
	if (nvu_cmn_is_occup(type, eventid)) {
		want = FIELD_GET(NVU_CMN_CFG_OCCUPID, c[0]) + 1;
		if (f->occ[i] && f->occ[i] != want)
			return -EINVAL;
		f->occ[i] = want;
	}
	return 0;
}

/**
 * nvu_cmn_group_fits() - can these events count at once on mesh @t?
 * @t: the topology
 * @config: each event's config, config1, config2: 3 * @n values
 * @n: number of events
 *
 * Limits: 8 global counters; a cycle counter per DTC; per DTM 4 local
 * counters (one per node an event spans) and 2 watchpoints each way, of
 * one wp_combine; one occupancy value per node.  The same rules as the
 * claims cmn_add() makes, checked at open on counts alone (upstream's
 * arm-cmn also validates groups apart from its add()).
 *
 * Return: 0, -EINVAL if they cannot, -ENOMEM.
 */
int nvu_cmn_group_fits(const struct nvu_cmn_topo *t, const u64 *config,
		       unsigned int n)
{
	unsigned int i, k, nodes = t->num_xps + t->num_nodes;
	unsigned int global = 0, cycles = 0;
	struct nvu_cmn_fit *f;
	int ret = 0;

	f = kzalloc(struct_size(f, occ, nodes), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	for (i = 0; i < n && !ret; i++) {
		const u64 *c = &config[3 * i];

		if (FIELD_GET(NVU_CMN_CFG_TYPE, c[0]) == NVU_CMN_TYPE_DTC) {
			if (++cycles > t->num_dtcs)
				ret = -EINVAL;
			continue;
		}
		if (++global > CMN_NR_GLOBAL) {
			ret = -EINVAL;
			break;
		}
		for (k = 0; k < nodes && !ret; k++)
			if (nvu_cmn_event_on(c, nvu_cmn_node(t, k)))
				ret = nvu_cmn_fit_node(f, c,
						       nvu_cmn_node(t, k), k);
	}
	kfree(f);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_group_fits);

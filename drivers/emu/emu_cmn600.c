// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Arm CMN-600 meshes as devices of the model.  Instance i is
 * "cmn600_<i>", with the layout the i-th word of the cmn= parameter names,
 * a register window of EMU_CMN_WINDOW holding its configuration space,
 * and the firmware's ARMHC600 device with _UID i (tests/vm/fwgen).  The
 * register state machine and its counting rules are emu_cmn.c's.
 */

#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "emu.h"
#include "emu_cmn.h"
#include "nvu_cmn600_regs.h"

/*
 * Every instance's window, whatever its layout: the largest layout's
 * space fits.  tests/vm/fwgen (CMN_WINDOW) gives the same.
 */
#define EMU_CMN_WINDOW		SZ_4M
#define EMU_CMN_MAX_INST	8

static char *cmn = "2x2,4x2,8x8";
module_param(cmn, charp, 0444);
MODULE_PARM_DESC(cmn,
		 "CMN-600 instances cmn600_0, 1, ...: their layouts, comma-separated (2x2, 4x2, 8x8; empty or none: no instance)");

static bool cmn_dtc_interleave;
module_param(cmn_dtc_interleave, bool, 0444);
MODULE_PARM_DESC(cmn_dtc_interleave,
		 "CMN-600: XP i feeds DTC i % dtcs, not a contiguous block [U]");

static bool cmn_dtm_enable_gates;
module_param(cmn_dtm_enable_gates, bool, 0444);
MODULE_PARM_DESC(cmn_dtm_enable_gates,
		 "CMN-600: a DTM counts only with dtm_control.dtm_enable [U]");

static unsigned int cmn_wp_exclusive;
module_param(cmn_wp_exclusive, uint, 0444);
MODULE_PARM_DESC(cmn_wp_exclusive,
		 "CMN-600: wp_exclusive inverts 0: the whole match, 1: the value match only [U]");

/* r1p3: every CMN-600 event is visible in the perf ABI (spec B.9). */
static unsigned int cmn_rev = 3;
module_param(cmn_rev, uint, 0444);
MODULE_PARM_DESC(cmn_rev, "CMN-600 revision code, periph_id_2 7:4 (0-15)");

struct emu_cmn_inst {
	struct nvu_emu_type type;
	struct emu_cmn *c;
};

static struct emu_cmn_inst emu_cmn_insts[EMU_CMN_MAX_INST];

static struct emu_cmn *emu_cmn_of(const struct nvu_emu_dev *dev)
{
	return *(struct emu_cmn **)dev->state;
}

static struct emu_cmn_inst *emu_cmn_inst_of(const struct nvu_emu_dev *dev)
{
	return container_of(dev->type, struct emu_cmn_inst, type);
}

static void emu_cmn600_init(struct nvu_emu_dev *dev)
{
	*(struct emu_cmn **)dev->state = emu_cmn_inst_of(dev)->c;
}

static void emu_cmn600_exit(struct nvu_emu_dev *dev)
{
	struct emu_cmn_inst *in = emu_cmn_inst_of(dev);

	emu_cmn_destroy(in->c);
	in->c = NULL;
}

static u64 emu_cmn600_read(struct nvu_emu_dev *dev, u32 off,
			   unsigned int size)
{
	return emu_cmn_read(emu_cmn_of(dev), off, size);
}

static void emu_cmn600_write(struct nvu_emu_dev *dev, u32 off, u64 val,
			     unsigned int size)
{
	emu_cmn_write(emu_cmn_of(dev), off, val, size);
}

static void emu_cmn600_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	emu_cmn_cycles(emu_cmn_of(dev), cycles);
}

#define EMU_CMN_KEYS_EVENT	(BIT(EMU_TYPE) | BIT(EMU_EVENT) | BIT(EMU_OCCUP))
#define EMU_CMN_KEYS_FLIT	(BIT(EMU_FLIT) | BIT(EMU_PORT) | BIT(EMU_CHAN) | \
				 BIT(EMU_VAL) | BIT(EMU_VAL1))

/* Node types traffic can name: those with events (spec B.9). */
static bool emu_cmn600_type_ok(u64 type)
{
	switch (type) {
	case NVU_CMN_TYPE_DN:
	case NVU_CMN_TYPE_HNI:
	case NVU_CMN_TYPE_HNF:
	case NVU_CMN_TYPE_XP:
	case NVU_CMN_TYPE_SBSX:
	case NVU_CMN_TYPE_RNI:
	case NVU_CMN_TYPE_RND:
	case NVU_CMN_TYPE_CXRA:
	case NVU_CMN_TYPE_CXHA:
		return true;
	}
	return false;
}

/*
 * An inject line is either node events (type=, event=, optionally
 * nodeid=, occup=), or flits (flit=, optionally nodeid=, port=, chan=,
 * val=, val1=), or only cycles=.
 */
static int emu_cmn600_check(const struct nvu_emu_dev *dev,
			    const struct nvu_emu_txn *t)
{
	const struct emu_cmn *c = emu_cmn_of(dev);
	int nodeid = -1;

	if (t->set & BIT(EMU_NODEID)) {
		if (t->v[EMU_NODEID] > U16_MAX)
			return -EINVAL;
		nodeid = t->v[EMU_NODEID];
	}
	if (t->set & BIT(EMU_FLIT)) {
		if (t->set & EMU_CMN_KEYS_EVENT || t->v[EMU_PORT] > 1 ||
		    !emu_cmn_has_node(c, NVU_CMN_TYPE_XP, nodeid))
			return -EINVAL;
		return 0;
	}
	if (t->set & BIT(EMU_TYPE)) {
		if (t->set & EMU_CMN_KEYS_FLIT || !(t->set & BIT(EMU_EVENT)) ||
		    !emu_cmn600_type_ok(t->v[EMU_TYPE]) ||
		    !emu_cmn_has_node(c, t->v[EMU_TYPE], nodeid))
			return -EINVAL;
		if (t->v[EMU_EVENT] > (t->v[EMU_TYPE] == NVU_CMN_TYPE_XP ?
				       0xff : NVU_CMN_EVENT_ID_MASK))
			return -EINVAL;
		if ((t->set & BIT(EMU_OCCUP)) &&
		    (t->v[EMU_TYPE] == NVU_CMN_TYPE_XP || !t->v[EMU_OCCUP] ||
		     t->v[EMU_OCCUP] > FIELD_MAX(NVU_CMN_OCCUP1_ID)))
			return -EINVAL;
		return 0;
	}
	/* Nothing to count but cycles. */
	if (t->set & ~(BIT(EMU_CYCLES) | BIT(EMU_COUNT)))
		return -EINVAL;
	return 0;
}

static void emu_cmn600_inject(struct nvu_emu_dev *dev,
			      const struct nvu_emu_txn *t)
{
	struct emu_cmn *c = emu_cmn_of(dev);
	int nodeid = t->set & BIT(EMU_NODEID) ? (int)t->v[EMU_NODEID] : -1;

	if (t->set & BIT(EMU_FLIT)) {
		const struct emu_cmn_flit f = {
			.down = t->v[EMU_FLIT] == EMU_FLIT_DOWN,
			.nodeid = nodeid,
			.port = t->v[EMU_PORT],
			.chan = t->v[EMU_CHAN],
			.val = { t->v[EMU_VAL], t->v[EMU_VAL1] },
			.count = t->v[EMU_COUNT],
		};

		emu_cmn_flits(c, &f);
	} else if (t->set & BIT(EMU_TYPE)) {
		const struct emu_cmn_traffic tr = {
			.type = t->v[EMU_TYPE],
			.logid = -1,
			.nodeid = nodeid,
			.event = t->v[EMU_EVENT],
			.occup = t->v[EMU_OCCUP],
			.count = t->v[EMU_COUNT],
		};

		emu_cmn_event(c, &tr);
	}
}

static const struct nvu_emu_type emu_cmn600_type = {
	.kind = "cmn600",
	.keys = BIT(EMU_COUNT) | BIT(EMU_CYCLES) | BIT(EMU_NODEID) |
		EMU_CMN_KEYS_EVENT | EMU_CMN_KEYS_FLIT,
	.nr_res = 1,
	.res_size = EMU_CMN_WINDOW,
	.state_size = sizeof(struct emu_cmn *),
	.check = emu_cmn600_check,
	.init = emu_cmn600_init,
	.read = emu_cmn600_read,
	.write = emu_cmn600_write,
	.inject = emu_cmn600_inject,
	.tick = emu_cmn600_tick,
	.exit = emu_cmn600_exit,
};

/* Instance @i with the layout called @layout. */
static int emu_cmn600_create_one(unsigned int i, const char *layout)
{
	struct emu_cmn_inst *in = &emu_cmn_insts[i];
	struct emu_cmn_params p = {
		.rev = cmn_rev,
		.dtm_enable_gates = cmn_dtm_enable_gates,
		.dtc_interleave = cmn_dtc_interleave,
		.wp_exclusive = cmn_wp_exclusive,
	};
	char name[48];
	unsigned int b;
	int ret;

	p.layout = emu_cmn_layout(layout);
	if (!p.layout) {
		pr_err("nvu_emu: cmn=: no CMN-600 layout is called '%s'\n",
		       layout);
		return -EINVAL;
	}
	snprintf(name, sizeof(name), "cmn600_%u", i);
	for (b = 0; b < EMU_CMN_NR_BAD; b++)
		if (nvu_emu_bad_name(name, emu_cmn_bad_names[b]))
			p.bad |= BIT(b);
	in->c = emu_cmn_create(&p);
	if (!in->c)
		return -ENOMEM;
	if (emu_cmn_size(in->c) > EMU_CMN_WINDOW) {
		ret = -EINVAL;
		goto fail;
	}
	in->type = emu_cmn600_type;
	/* No socket: batches are counted on node 0's first CPU. */
	ret = __nvu_emu_dev_create(&in->type, name, 0, i, NULL, -1);
	if (!ret)
		return 0;
fail:
	emu_cmn_destroy(in->c);
	in->c = NULL;
	return ret;
}

/**
 * nvu_emu_cmn_create() - the CMN-600 instances the cmn= parameter lists
 *
 * Returns 0, or -EINVAL for an unknown layout, too many instances or a
 * bad knob (-ENOMEM if out of memory).
 */
int nvu_emu_cmn_create(void)
{
	char *list, *p, *word;
	unsigned int i = 0;
	int ret = 0;

	if (cmn_wp_exclusive > EMU_CMN_WPX_VALUE || cmn_rev > 15)
		return -EINVAL;
	if (!cmn || !*cmn || !strcmp(cmn, "none"))
		return 0;
	list = kstrdup(cmn, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	p = list;
	while (!ret && (word = strsep(&p, ","))) {
		if (i == EMU_CMN_MAX_INST)
			ret = -EINVAL;
		else
			ret = emu_cmn600_create_one(i++, strim(word));
	}
	kfree(list);
	return ret;
}

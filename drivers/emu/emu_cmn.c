// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Arm CMN-600 mesh, as a register state machine built from the
 * register facts of include/nvu_cmn600_regs.h, nothing from the driver.
 *
 * Topology: a layout (emu_cmn_layouts[] or the generic shape of struct
 * emu_cmn_params) places device nodes, DTCs included, on (x, y, port,
 * device).  The configuration space holds the CFG node at the root
 * offset, then the XPs in raster order, then the device nodes in the
 * layout's order, 16 KiB each.  Node IDs follow the spec's rule (B.4.4);
 * logical IDs are given per type in raster order of the XPs, then by port
 * and device ID.  An XP's port connect-info names the first node on that
 * port that has a device type code (B.4.6).
 *
 * Counting:
 *  - a device node's event slot s holding event E feeds every local
 *    counter of its XP's DTM whose input_sel names (port, device, s); with
 *    an occupancy class K, only while the node's occup1_id is 0 or K;
 *  - an XP's own slot s (8-bit XP event IDs) feeds input_sel 0x4 + s;
 *  - watchpoint w feeds input_sel w when a flit matches it: up flits are
 *    seen by watchpoints 0 and 1, down flits by 2 and 3; w matches when
 *    wp_dev_sel is the flit's port, wp_chn_sel its channel and the flit's
 *    value in group wp_grp equals wp_val outside wp_mask (a mask bit 1
 *    ignores that bit).  wp_exclusive inverts the match [U: what it means
 *    is not public; the cmn_wp_exclusive knob picks the whole match (0)
 *    or the value match only (1)].
 *    wp_combine on the first of a pair [U]: that one counts a flit only if
 *    both match it, and the second counts nothing;
 *  - a local counter is 16 bits; when paired, each wrap carries one into
 *    the 32-bit global counter global_num of the XP's DTC, whose wrap sets
 *    PMOVSR; the cycle counter is 40 bits (PMOVSR bit 8).  With the
 *    clock_gating knob (CMN's default behaviour), a DTC's cycle counter
 *    skips idle cycles unless dtc_ctl.cg_disable is set [U: what counts as
 *    idle; here a cycle without traffic in its transaction].
 * A DTM counts while its pmu_config.pmu_en is set and its DTC has dt_en
 * and PMCR.pmu_en [I: the spec infers each gate]; dtm_control.dtm_enable
 * gates it only with the dtm_enable_gates knob [U].  Writes to PMOVSR_CLR
 * are ignored while PMCR.pmu_en is clear (observed on hardware, spec
 * B.11.4).  Which DTC an XP's DTM feeds is not discoverable on CMN-600
 * [U]: the dtc_interleave knob picks contiguous blocks of XPs in
 * logical-ID order or XP i % dtcs; a driver must count the same either way.
 */

#include <linux/bitfield.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "nvu_cmn600_regs.h"
#include "emu_cmn.h"

/* XP port connect-info device type codes (spec B.4.6), model-private. */
#define EMU_CMN_PORT_RNI	0x01
#define EMU_CMN_PORT_RND	0x02
#define EMU_CMN_PORT_HNI	0x09
#define EMU_CMN_PORT_HND	0x0a	/* where the DN sits [I] */
#define EMU_CMN_PORT_SBSX	0x0d
#define EMU_CMN_PORT_HNF	0x0e
#define EMU_CMN_PORT_CXHA	0x11
#define EMU_CMN_PORT_CXRA	0x12
/* bad=...:unknown_type: a type no CMN part has (spec B.2). */
#define EMU_CMN_TYPE_BAD	0x55
/* bad=...:part: CMN-700's part number (spec B.3). */
#define EMU_CMN_PART_BAD	0x43c
/* Where each node's child pointer array starts (the model's choice). */
#define EMU_CMN_CHILD_PTRS	0x100
/* Device nodes of one XP a layout may place (the model's limit). */
#define EMU_CMN_MAX_CHILDREN	16

const char * const emu_cmn_bad_names[EMU_CMN_NR_BAD] = {
	[EMU_CMN_BAD_LOOP] = "loop",
	[EMU_CMN_BAD_PTR_RANGE] = "ptr_range",
	[EMU_CMN_BAD_MISALIGNED] = "misaligned",
	[EMU_CMN_BAD_UNKNOWN_TYPE] = "unknown_type",
	[EMU_CMN_BAD_ZERO_CHILD] = "zero_child",
	[EMU_CMN_BAD_TOO_MANY] = "too_many",
	[EMU_CMN_BAD_GEOMETRY] = "geometry",
	[EMU_CMN_BAD_PART] = "part",
	[EMU_CMN_BAD_ISOLATED] = "isolated",
};
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_bad_names);

#define P(x, y, port, dev, t) { x, y, port, dev, NVU_CMN_TYPE_##t }
#define NVU_CMN_TYPE_EXT	EMU_CMN_EXTERNAL

/*
 * A development-board-like 2 x 2 mesh, the root at 0: every CMN-600 type
 * with a PMU, two HN-F on one XP (ports 0 and 1), two RN-I on one port
 * (devices 0 and 1), a CCIX gateway (CXRA, CXHA, CXLA on one port).
 */
static const struct emu_cmn_place emu_cmn_2x2[] = {
	P(0, 0, 0, 0, HNF), P(0, 0, 0, 1, DTC), P(0, 0, 1, 0, RNI),
	P(0, 0, 1, 1, RNI), P(0, 0, 1, 2, RNSAM), P(0, 0, 1, 3, EXT),
	P(1, 0, 0, 0, HNF), P(1, 0, 1, 0, HNF),
	P(0, 1, 0, 0, HNI), P(0, 1, 0, 1, DN), P(0, 1, 1, 0, SBSX),
	P(1, 1, 0, 0, RND), P(1, 1, 1, 0, CXRA), P(1, 1, 1, 1, CXHA),
	P(1, 1, 1, 2, CXLA),
};

/*
 * The DT binding's example: 4 x 2, one DTC, the root at 0x104000, an HN-F
 * on port 0 of every XP (8 on 8 DTMs, as the upstream cost figures assume)
 * and the requesters, HN-I, SBSX and DN on port 1.  Row 1 comes first in
 * the space, so offset order is not logical-ID order.
 */
static const struct emu_cmn_place emu_cmn_4x2[] = {
	P(0, 1, 0, 0, HNF), P(0, 1, 1, 0, RNI), P(0, 1, 1, 1, RNI),
	P(1, 1, 0, 0, HNF), P(1, 1, 1, 0, SBSX),
	P(2, 1, 0, 0, HNF), P(2, 1, 1, 0, RND),
	P(3, 1, 0, 0, HNF), P(3, 1, 1, 0, RNSAM), P(3, 1, 1, 1, EXT),
	P(0, 0, 0, 0, HNF), P(0, 0, 0, 1, DTC), P(0, 0, 1, 0, DN),
	P(0, 0, 1, 1, HNI),
	P(1, 0, 0, 0, HNF), P(1, 0, 1, 0, RNI),
	P(2, 0, 0, 0, HNF), P(2, 0, 1, 0, RNI),
	P(3, 0, 0, 0, HNF), P(3, 0, 1, 0, RND),
};

/*
 * 8 x 8 (3-bit Y fields), 4 DTCs in the corners: 32 HN-F on both ports of
 * columns 3 and 4, RN-I on both ports of column 0, RN-D in column 7 (three
 * on XP (7, 3)), HN-I, SBSX and DN.
 */
static const struct emu_cmn_place emu_cmn_8x8[] = {
	P(0, 0, 0, 0, RNI), P(0, 0, 0, 1, DTC), P(0, 0, 1, 0, RNI),
	P(0, 0, 1, 1, RNSAM), P(0, 0, 1, 3, EXT), P(1, 0, 0, 0, HNI),
	P(3, 0, 0, 0, HNF), P(3, 0, 1, 0, HNF), P(4, 0, 0, 0, HNF),
	P(4, 0, 1, 0, HNF), P(6, 0, 0, 0, DN), P(7, 0, 0, 0, RND),
	P(7, 0, 0, 1, DTC), P(0, 1, 0, 0, RNI), P(0, 1, 1, 0, RNI),
	P(3, 1, 0, 0, HNF), P(3, 1, 1, 0, HNF), P(4, 1, 0, 0, HNF),
	P(4, 1, 1, 0, HNF), P(7, 1, 0, 0, RND), P(0, 2, 0, 0, RNI),
	P(0, 2, 1, 0, RNI), P(3, 2, 0, 0, HNF), P(3, 2, 1, 0, HNF),
	P(4, 2, 0, 0, HNF), P(4, 2, 1, 0, HNF), P(7, 2, 0, 0, RND),
	P(0, 3, 0, 0, RNI), P(0, 3, 1, 0, RNI), P(3, 3, 0, 0, HNF),
	P(3, 3, 1, 0, HNF), P(4, 3, 0, 0, HNF), P(4, 3, 1, 0, HNF),
	P(7, 3, 0, 0, RND), P(7, 3, 1, 0, RND), P(7, 3, 1, 1, RND),
	P(0, 4, 0, 0, RNI), P(0, 4, 1, 0, RNI), P(3, 4, 0, 0, HNF),
	P(3, 4, 1, 0, HNF), P(4, 4, 0, 0, HNF), P(4, 4, 1, 0, HNF),
	P(7, 4, 0, 0, RND), P(0, 5, 0, 0, RNI), P(0, 5, 1, 0, RNI),
	P(3, 5, 0, 0, HNF), P(3, 5, 1, 0, HNF), P(4, 5, 0, 0, HNF),
	P(4, 5, 1, 0, HNF), P(7, 5, 0, 0, RND), P(0, 6, 0, 0, RNI),
	P(0, 6, 1, 0, RNI), P(3, 6, 0, 0, HNF), P(3, 6, 1, 0, HNF),
	P(4, 6, 0, 0, HNF), P(4, 6, 1, 0, HNF), P(7, 6, 0, 0, RND),
	P(0, 7, 0, 0, RNI), P(0, 7, 0, 1, DTC), P(0, 7, 1, 0, RNI),
	P(1, 7, 0, 0, SBSX), P(3, 7, 0, 0, HNF), P(3, 7, 1, 0, HNF),
	P(4, 7, 0, 0, HNF), P(4, 7, 1, 0, HNF), P(6, 7, 0, 0, HNI),
	P(7, 7, 0, 0, RND), P(7, 7, 0, 1, DTC),
};

#undef P
#undef NVU_CMN_TYPE_EXT

/*
 * The roots are also in tests/vm/fwgen (CMN_ROOTS), which describes each
 * instance's root-node region to the driver.
 */
static const struct emu_cmn_layout emu_cmn_layouts[] = {
	{ "2x2", 2, 2, 0, emu_cmn_2x2, ARRAY_SIZE(emu_cmn_2x2) },
	{ "4x2", 4, 2, 0x104000, emu_cmn_4x2, ARRAY_SIZE(emu_cmn_4x2) },
	{ "8x8", 8, 8, 0x4000, emu_cmn_8x8, ARRAY_SIZE(emu_cmn_8x8) },
};

/**
 * emu_cmn_layout() - a named layout
 * @name: "2x2", "4x2" or "8x8"
 *
 * Returns the layout, or NULL if there is none of that name.
 */
const struct emu_cmn_layout *emu_cmn_layout(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(emu_cmn_layouts); i++)
		if (!strcmp(emu_cmn_layouts[i].name, name))
			return &emu_cmn_layouts[i];
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_layout);

/* The model's own record of a node: it shares only the register header. */
struct emu_cmn_node {
	u32 off;
	u16 type;
	u16 id;
	u16 logid;
	u8 xp;
	u8 port;
	u8 dev;
	u64 event_sel;
	/* Children: node indexes, or -1 for an external child. */
	int child[EMU_CMN_MAX_CHILDREN];
	unsigned int nr_child;
};

struct emu_cmn_dtm {
	u64 control;
	u64 pmu_config;
	u64 pmevcnt;
	u64 wp_config[NVU_CMN_DTM_NR_WPS];
	u64 wp_val[NVU_CMN_DTM_NR_WPS];
	u64 wp_mask[NVU_CMN_DTM_NR_WPS];
};

struct emu_cmn_dtc {
	u64 ctl;
	u64 pmcr;
	u32 pmevcnt[NVU_CMN_DTC_NR_COUNTERS];
	u64 pmccntr;
	u64 pmovsr;
};

struct emu_cmn {
	struct emu_cmn_params p;
	u8 mesh_x;
	u8 mesh_y;
	u8 dtcs;
	u32 root;
	unsigned int nr_xps;
	unsigned int nr_nodes;
	u32 size;
	struct emu_cmn_node *node;
	/* node index of each XP, by logical ID */
	int xp[NVU_CMN_MAX_XPS];
	/* connect-info device type code of each XP's ports */
	u8 port_type[NVU_CMN_MAX_XPS][2];
	struct emu_cmn_dtm dtm[NVU_CMN_MAX_XPS];
	struct emu_cmn_dtc dtc[NVU_CMN_MAX_DTCS];
	/* node index by 16 KiB slot, -1 where there is none */
	int *slot;
	/*
	 * events added to local counters paired with a global one (those a
	 * driver reads; an idle local counter still counts its input) so
	 * far, all counters together
	 */
	u64 counted;
};

/* Connect-info code of a device type; 0 for none (DTC, no PMU). */
static u8 emu_cmn_port_code(u16 type)
{
	switch (type) {
	case NVU_CMN_TYPE_RNI:
		return EMU_CMN_PORT_RNI;
	case NVU_CMN_TYPE_RND:
		return EMU_CMN_PORT_RND;
	case NVU_CMN_TYPE_HNI:
		return EMU_CMN_PORT_HNI;
	case NVU_CMN_TYPE_DN:
		return EMU_CMN_PORT_HND;
	case NVU_CMN_TYPE_SBSX:
		return EMU_CMN_PORT_SBSX;
	case NVU_CMN_TYPE_HNF:
		return EMU_CMN_PORT_HNF;
	case NVU_CMN_TYPE_CXHA:
		return EMU_CMN_PORT_CXHA;
	case NVU_CMN_TYPE_CXRA:
		return EMU_CMN_PORT_CXRA;
	}
	return 0;
}

static u16 emu_cmn_xp_id(const struct emu_cmn *c, unsigned int x,
			 unsigned int y)
{
	unsigned int w = c->mesh_x > 4 || c->mesh_y > 4 ? 3 : 2;

	if (c->p.narrow_ids)
		w = fls((c->mesh_x - 1) | (c->mesh_y - 1));
	return x << (NVU_CMN_ID_Y_SHIFT + w) | y << NVU_CMN_ID_Y_SHIFT;
}

static int emu_cmn_add(struct emu_cmn *c, u16 type, u16 id, u8 xp)
{
	struct emu_cmn_node *n = &c->node[c->nr_nodes];

	n->off = c->root + c->nr_nodes * NVU_CMN_NODE_SIZE;
	n->type = type;
	n->id = id;
	n->xp = xp;
	n->port = FIELD_GET(NVU_CMN_ID_PORT, id);
	n->dev = FIELD_GET(NVU_CMN_ID_DEV, id);
	return c->nr_nodes++;
}

/* The sort key of a device node: XP logical ID, port, device. */
static unsigned int emu_cmn_key(const struct emu_cmn_node *n)
{
	return n->xp << 8 | n->port << 4 | n->dev;
}

/* Build the tree from @nr places at @pl; -EINVAL for a bad layout. */
static int emu_cmn_build(struct emu_cmn *c, const struct emu_cmn_place *pl,
			 unsigned int nr)
{
	unsigned int i, j, xp, devs = 0;
	struct emu_cmn_node *x, *n;
	int k;

	for (i = 0; i < nr; i++) {
		if (pl[i].x >= c->mesh_x || pl[i].y >= c->mesh_y ||
		    pl[i].port > 1 || pl[i].dev > 3)
			return -EINVAL;
		devs += pl[i].type != EMU_CMN_EXTERNAL;
	}
	c->nr_xps = c->mesh_x * c->mesh_y;
	c->node = kcalloc(1 + c->nr_xps + devs, sizeof(*c->node), GFP_KERNEL);
	if (!c->node)
		return -ENOMEM;

	emu_cmn_add(c, NVU_CMN_TYPE_CFG, 0, 0);
	for (i = 0; i < c->nr_xps; i++) {
		k = emu_cmn_add(c, NVU_CMN_TYPE_XP,
				emu_cmn_xp_id(c, i % c->mesh_x, i / c->mesh_x),
				i);
		c->node[k].logid = i;
		c->xp[i] = k;
	}
	for (i = 0; i < nr; i++) {
		xp = pl[i].y * c->mesh_x + pl[i].x;
		x = &c->node[c->xp[xp]];
		if (x->nr_child == EMU_CMN_MAX_CHILDREN)
			return -EINVAL;
		if (pl[i].type == EMU_CMN_EXTERNAL) {
			x->child[x->nr_child++] = -1;
			continue;
		}
		k = emu_cmn_add(c, pl[i].type, x->id |
				FIELD_PREP(NVU_CMN_ID_PORT, pl[i].port) |
				FIELD_PREP(NVU_CMN_ID_DEV, pl[i].dev), xp);
		x->child[x->nr_child++] = k;
		if (!c->port_type[xp][pl[i].port])
			c->port_type[xp][pl[i].port] =
				emu_cmn_port_code(pl[i].type);
	}

	/* Logical IDs: per type, by (XP, port, device); no two alike. */
	for (i = 1 + c->nr_xps; i < c->nr_nodes; i++) {
		n = &c->node[i];
		for (j = 1 + c->nr_xps; j < c->nr_nodes; j++) {
			if (j == i || c->node[j].type != n->type)
				continue;
			if (emu_cmn_key(&c->node[j]) == emu_cmn_key(n))
				return -EINVAL;
			if (emu_cmn_key(&c->node[j]) < emu_cmn_key(n))
				n->logid++;
		}
		if (n->type == NVU_CMN_TYPE_DTC)
			c->dtcs++;
	}
	if (!c->dtcs || c->dtcs > NVU_CMN_MAX_DTCS)
		return -EINVAL;
	return 0;
}

/* The generic shape of @p (see struct emu_cmn_params). */
static int emu_cmn_build_generic(struct emu_cmn *c,
				 const struct emu_cmn_params *p)
{
	unsigned int i, n = p->mesh_x * p->mesh_y, nr = 0;
	struct emu_cmn_place *pl;
	int ret;

	if (!p->dtcs || p->dtcs > NVU_CMN_MAX_DTCS || p->dtcs > n)
		return -EINVAL;
	pl = kcalloc(2 * n + p->dtcs + 2, sizeof(*pl), GFP_KERNEL);
	if (!pl)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct emu_cmn_place at = { i % p->mesh_x, i / p->mesh_x };

		pl[nr] = at;
		pl[nr++].type = NVU_CMN_TYPE_HNF;
		pl[nr] = at;
		pl[nr].port = 1;
		pl[nr++].type = NVU_CMN_TYPE_RNI;
		if (i < p->dtcs) {
			pl[nr] = at;
			pl[nr].dev = 1;
			pl[nr++].type = NVU_CMN_TYPE_DTC;
		}
		if (!i) {
			pl[nr] = at;
			pl[nr].port = 1;
			pl[nr].dev = 1;
			pl[nr++].type = NVU_CMN_TYPE_RNSAM;
			pl[nr] = at;
			pl[nr++].type = EMU_CMN_EXTERNAL;
		}
	}
	ret = emu_cmn_build(c, pl, nr);
	kfree(pl);
	return ret;
}

/**
 * emu_cmn_create() - a CMN-600 of the shape @p asks for
 * @p: the mesh
 *
 * Returns the model, or NULL on a bad shape or no memory.
 */
struct emu_cmn *emu_cmn_create(const struct emu_cmn_params *p)
{
	const struct emu_cmn_layout *l = p->layout;
	unsigned int i, slots;
	struct emu_cmn *c;
	int ret;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	c->p = *p;
	c->mesh_x = l ? l->mesh_x : p->mesh_x;
	c->mesh_y = l ? l->mesh_y : p->mesh_y;
	c->root = l ? l->root : p->root;
	if (!c->mesh_x || c->mesh_x > NVU_CMN_MAX_DIM || !c->mesh_y ||
	    c->mesh_y > NVU_CMN_MAX_DIM || c->root % NVU_CMN_NODE_SIZE)
		goto fail;
	ret = l ? emu_cmn_build(c, l->nodes, l->nr_nodes) :
		  emu_cmn_build_generic(c, p);
	if (ret)
		goto fail;

	c->size = c->root + c->nr_nodes * NVU_CMN_NODE_SIZE;
	slots = c->size / NVU_CMN_NODE_SIZE;
	c->slot = kmalloc_array(slots, sizeof(*c->slot), GFP_KERNEL);
	if (!c->slot)
		goto fail;
	for (i = 0; i < slots; i++)
		c->slot[i] = -1;
	for (i = 0; i < c->nr_nodes; i++)
		c->slot[c->node[i].off / NVU_CMN_NODE_SIZE] = i;
	for (i = 0; p->stale_ovf && i < NVU_CMN_MAX_DTCS; i++)
		c->dtc[i].pmovsr = NVU_CMN_DTC_OVS_CYCLE |
				   GENMASK(NVU_CMN_DTC_NR_COUNTERS - 1, 0);
	return c;
fail:
	emu_cmn_destroy(c);
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_create);

void emu_cmn_destroy(struct emu_cmn *c)
{
	if (c) {
		kfree(c->slot);
		kfree(c->node);
	}
	kfree(c);
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_destroy);

/* Bytes of the configuration space: the root offset and every node. */
u32 emu_cmn_size(const struct emu_cmn *c)
{
	return c->size;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_size);

u32 emu_cmn_root(const struct emu_cmn *c)
{
	return c->root;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_root);

unsigned int emu_cmn_dtcs(const struct emu_cmn *c)
{
	return c->dtcs;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_dtcs);

/**
 * emu_cmn_has_node() - whether a node of @type has node ID @nodeid
 * @c: the model
 * @type: node type
 * @nodeid: node ID, or -1 for any
 */
bool emu_cmn_has_node(const struct emu_cmn *c, u16 type, int nodeid)
{
	unsigned int i;

	for (i = 0; i < c->nr_nodes; i++)
		if (c->node[i].type == type &&
		    (nodeid < 0 || c->node[i].id == nodeid))
			return true;
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_has_node);

/* The DTC whose domain holds XP @xp [U: see the top of this file]. */
static struct emu_cmn_dtc *emu_cmn_dtc_of(struct emu_cmn *c, unsigned int xp)
{
	if (c->p.dtc_interleave)
		return &c->dtc[xp % c->dtcs];
	return &c->dtc[xp * c->dtcs / c->nr_xps];
}

static bool emu_cmn_dtc_on(const struct emu_cmn_dtc *d)
{
	return (d->ctl & NVU_CMN_DTC_CTL_DT_EN) &&
	       (d->pmcr & NVU_CMN_DTC_PMCR_PMU_EN);
}

static bool emu_cmn_bad(const struct emu_cmn *c, enum emu_cmn_bad what)
{
	return c->p.bad & BIT(what);
}

/* The XP the pointer-breaking knobs break: the last one. */
static bool emu_cmn_is_bad_xp(const struct emu_cmn *c,
			      const struct emu_cmn_node *n)
{
	return n == &c->node[c->xp[c->nr_xps - 1]];
}

/* node_info, with the bad= knobs that lie in it. */
static u64 emu_cmn_node_info(const struct emu_cmn *c,
			     const struct emu_cmn_node *n)
{
	u16 type = n->type, id = n->id;

	if (emu_cmn_bad(c, EMU_CMN_BAD_UNKNOWN_TYPE) &&
	    n == &c->node[c->nr_nodes - 1])
		type = EMU_CMN_TYPE_BAD;
	/* The XP at (0, 1), or in a single row XP 1, claims the next row. */
	if (emu_cmn_bad(c, EMU_CMN_BAD_GEOMETRY) && n->type == NVU_CMN_TYPE_XP &&
	    n->logid == (c->mesh_y > 1 ? c->mesh_x : 1))
		id += 1 << NVU_CMN_ID_Y_SHIFT;
	return FIELD_PREP(NVU_CMN_NI_TYPE, type) |
	       FIELD_PREP(NVU_CMN_NI_ID, id) |
	       FIELD_PREP(NVU_CMN_NI_LOGID, n->logid);
}

/* Child pointer @i of @n, with the bad= knobs that lie in it. */
static u64 emu_cmn_child_ptr(const struct emu_cmn *c,
			     const struct emu_cmn_node *n, unsigned int i)
{
	int child = n->type == NVU_CMN_TYPE_CFG ? c->xp[i] : n->child[i];
	u32 off = child < 0 ? n->off : c->node[child].off;

	if (!i && emu_cmn_is_bad_xp(c, n)) {
		if (emu_cmn_bad(c, EMU_CMN_BAD_LOOP))
			return c->root;
		if (emu_cmn_bad(c, EMU_CMN_BAD_PTR_RANGE))
			return NVU_CMN_CHILD_OFFSET & ~(NVU_CMN_NODE_SIZE - 1);
		if (emu_cmn_bad(c, EMU_CMN_BAD_MISALIGNED))
			return off + 0x100;
		if (emu_cmn_bad(c, EMU_CMN_BAD_ZERO_CHILD))
			return 0;
	}
	if (child < 0)
		return NVU_CMN_CHILD_EXTERNAL;
	return off;
}

static u64 emu_cmn_read_node(struct emu_cmn *c, struct emu_cmn_node *n,
			     u32 reg, unsigned int size)
{
	unsigned int nr_child = n->type == NVU_CMN_TYPE_CFG ? c->nr_xps :
				n->nr_child;
	struct emu_cmn_dtm *m = &c->dtm[n->xp];
	unsigned int i, part;
	struct emu_cmn_dtc *d;
	u64 v;

	switch (reg) {
	case NVU_CMN_NODE_INFO:
		return emu_cmn_node_info(c, n);
	case NVU_CMN_CHILD_INFO:
		if (emu_cmn_bad(c, EMU_CMN_BAD_TOO_MANY) &&
		    emu_cmn_is_bad_xp(c, n))
			nr_child = 0xffff;
		return FIELD_PREP(NVU_CMN_CI_COUNT, nr_child) |
		       FIELD_PREP(NVU_CMN_CI_PTR_OFF, EMU_CMN_CHILD_PTRS);
	}
	if (reg >= EMU_CMN_CHILD_PTRS && !(reg % 8) &&
	    reg < EMU_CMN_CHILD_PTRS + 8 * nr_child)
		return emu_cmn_child_ptr(c, n, (reg - EMU_CMN_CHILD_PTRS) / 8);

	switch (n->type) {
	case NVU_CMN_TYPE_CFG:
		part = emu_cmn_bad(c, EMU_CMN_BAD_PART) ? EMU_CMN_PART_BAD :
		       c->p.ae ? NVU_CMN_PART_600AE : NVU_CMN_PART_600;
		if (reg == NVU_CMN_CFG_PERIPH_ID_01)
			return (part & 0xff) | (u64)(part >> 8) << 32;
		if (reg == NVU_CMN_CFG_PERIPH_ID_2)
			return c->p.rev << 4;
		if (reg == NVU_CMN_CFG_INFO_GLOBAL &&
		    emu_cmn_bad(c, EMU_CMN_BAD_ISOLATED))
			return NVU_CMN_INFO_DEVICE_ISO;
		return 0;
	case NVU_CMN_TYPE_XP:
		if (reg == NVU_CMN_XP_PORT_INFO(0))
			return c->port_type[n->xp][0];
		if (reg == NVU_CMN_XP_PORT_INFO(1))
			return c->port_type[n->xp][1];
		if (reg == NVU_CMN_PMU_EVENT_SEL)
			return n->event_sel;
		if (reg == NVU_CMN_DTM_CONTROL)
			return m->control;
		if (reg == NVU_CMN_DTM_PMU_CONFIG)
			return m->pmu_config;
		if (reg == NVU_CMN_DTM_PMEVCNT)
			return m->pmevcnt;
		for (i = 0; i < NVU_CMN_DTM_NR_WPS; i++) {
			if (reg == NVU_CMN_DTM_WP_CONFIG(i))
				return m->wp_config[i];
			if (reg == NVU_CMN_DTM_WP_VAL(i))
				return m->wp_val[i];
			if (reg == NVU_CMN_DTM_WP_MASK(i))
				return m->wp_mask[i];
		}
		return 0;
	case NVU_CMN_TYPE_DTC:
		d = &c->dtc[n->logid];
		for (i = 0; i < NVU_CMN_DTC_NR_COUNTERS; i += 2) {
			if (reg == nvu_cmn_dtc_pmevcnt(i)) {
				v = d->pmevcnt[i];
				if (size == 8)
					v |= (u64)d->pmevcnt[i + 1] << 32;
				return v;
			}
			if (reg == nvu_cmn_dtc_pmevcnt(i + 1))
				return d->pmevcnt[i + 1];
		}
		switch (reg) {
		case NVU_CMN_DTC_CTL:
			return d->ctl;
		case NVU_CMN_DTC_PMCCNTR:
			return d->pmccntr;
		case NVU_CMN_DTC_PMCR:
			return d->pmcr;
		case NVU_CMN_DTC_PMOVSR:
			return d->pmovsr;
		}
		return 0;
	default:
		if (reg == NVU_CMN_PMU_EVENT_SEL)
			return n->event_sel;
		return 0;
	}
}

/**
 * emu_cmn_read() - a register read
 * @c: the model
 * @off: offset from PERIPHBASE
 * @size: 4 or 8
 *
 * Reads of holes, and outside the space, return 0.  A 4-byte read is of
 * one half of the 64-bit register it falls in.
 */
u64 emu_cmn_read(struct emu_cmn *c, u32 off, unsigned int size)
{
	int i;

	if (size == 4)
		return (u32)(emu_cmn_read(c, off & ~7, 8) >> (off % 8 * 8));
	if (off >= c->size)
		return 0;
	i = c->slot[off / NVU_CMN_NODE_SIZE];
	if (i < 0)
		return 0;
	return emu_cmn_read_node(c, &c->node[i], off % NVU_CMN_NODE_SIZE, size);
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_read);

static void emu_cmn_write_dtc(struct emu_cmn_dtc *d, u32 reg, u64 val,
			      unsigned int size)
{
	unsigned int i;

	for (i = 0; i < NVU_CMN_DTC_NR_COUNTERS; i += 2) {
		if (reg == nvu_cmn_dtc_pmevcnt(i)) {
			d->pmevcnt[i] = val;
			if (size == 8)
				d->pmevcnt[i + 1] = val >> 32;
			return;
		}
		if (reg == nvu_cmn_dtc_pmevcnt(i + 1)) {
			d->pmevcnt[i + 1] = val;
			return;
		}
	}
	switch (reg) {
	case NVU_CMN_DTC_CTL:
		d->ctl = val;
		break;
	case NVU_CMN_DTC_PMCCNTR:
		d->pmccntr = val & GENMASK_ULL(NVU_CMN_DTC_CYCLE_BITS - 1, 0);
		break;
	case NVU_CMN_DTC_PMCR:
		d->pmcr = val;
		break;
	case NVU_CMN_DTC_PMOVSR_CLR:
		/* Ignored while the PMU is disabled (spec B.11.4). */
		if (d->pmcr & NVU_CMN_DTC_PMCR_PMU_EN)
			d->pmovsr &= ~val;
		break;
	}
}

/**
 * emu_cmn_write() - a register write
 * @c: the model
 * @off: offset from PERIPHBASE
 * @val: the value
 * @size: 4 or 8
 *
 * Writes to read-only registers, holes and outside the space are dropped.
 * A 4-byte write changes one half of the 64-bit register it falls in.
 */
void emu_cmn_write(struct emu_cmn *c, u32 off, u64 val, unsigned int size)
{
	struct emu_cmn_node *n;
	struct emu_cmn_dtm *m;
	unsigned int i, shift;
	u32 reg;
	int k;

	if (size == 4) {
		shift = off % 8 * 8;
		off &= ~7;
		val = (emu_cmn_read(c, off, 8) & ~(0xffffffffULL << shift)) |
		      (val & 0xffffffff) << shift;
		size = 8;
	}
	if (off >= c->size)
		return;
	k = c->slot[off / NVU_CMN_NODE_SIZE];
	if (k < 0)
		return;
	n = &c->node[k];
	reg = off % NVU_CMN_NODE_SIZE;
	m = &c->dtm[n->xp];
	switch (n->type) {
	case NVU_CMN_TYPE_CFG:
		return;
	case NVU_CMN_TYPE_DTC:
		emu_cmn_write_dtc(&c->dtc[n->logid], reg, val, size);
		return;
	case NVU_CMN_TYPE_XP:
		if (reg == NVU_CMN_DTM_CONTROL)
			m->control = val;
		else if (reg == NVU_CMN_DTM_PMU_CONFIG)
			m->pmu_config = val;
		else if (reg == NVU_CMN_DTM_PMEVCNT)
			m->pmevcnt = val;
		for (i = 0; i < NVU_CMN_DTM_NR_WPS; i++) {
			if (reg == NVU_CMN_DTM_WP_CONFIG(i))
				m->wp_config[i] = val;
			else if (reg == NVU_CMN_DTM_WP_VAL(i))
				m->wp_val[i] = val;
			else if (reg == NVU_CMN_DTM_WP_MASK(i))
				m->wp_mask[i] = val;
		}
		fallthrough;
	default:
		if (reg == NVU_CMN_PMU_EVENT_SEL)
			n->event_sel = val;
	}
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_write);

/* Add @amount to 32-bit global counter @g of @d; a wrap sets PMOVSR. */
static void emu_cmn_global_add(struct emu_cmn_dtc *d, unsigned int g,
			       u64 amount)
{
	u64 sum = d->pmevcnt[g] + amount;

	if (sum >> 32)
		d->pmovsr |= BIT(g);
	d->pmevcnt[g] = sum;
}

/* Add @amount to local counter @i of XP @xp's DTM, carrying if paired. */
static void emu_cmn_local_add(struct emu_cmn *c, unsigned int xp,
			      unsigned int i, u64 amount)
{
	struct emu_cmn_dtm *m = &c->dtm[xp];
	u64 local = (m->pmevcnt >> (16 * i)) & 0xffff;
	u64 sum = local + amount;

	if (m->pmu_config & NVU_CMN_DTM_PAIRED(i))
		c->counted += amount;
	m->pmevcnt &= ~(0xffffULL << (16 * i));
	m->pmevcnt |= (sum & 0xffff) << (16 * i);
	if ((m->pmu_config & NVU_CMN_DTM_PAIRED(i)) && (sum >> 16))
		emu_cmn_global_add(emu_cmn_dtc_of(c, xp),
				   (m->pmu_config & NVU_CMN_DTM_GLOBAL_NUM(i)) >>
				   (16 + 4 * i), sum >> 16);
}

/* Add @amount to every local counter of XP @xp whose input is @sel. */
static void emu_cmn_input(struct emu_cmn *c, unsigned int xp, unsigned int sel,
			  u64 amount)
{
	u64 cfg = c->dtm[xp].pmu_config;
	unsigned int i;

	for (i = 0; i < NVU_CMN_DTM_NR_COUNTERS; i++)
		if (((cfg & NVU_CMN_DTM_INPUT_SEL(i)) >> (32 + 8 * i)) == sel)
			emu_cmn_local_add(c, xp, i, amount);
}

static bool emu_cmn_dtm_on(struct emu_cmn *c, unsigned int xp)
{
	const struct emu_cmn_dtm *m = &c->dtm[xp];

	if (!(m->pmu_config & NVU_CMN_DTM_PMU_EN))
		return false;
	if (c->p.dtm_enable_gates && !(m->control & NVU_CMN_DTM_CONTROL_EN))
		return false;
	return emu_cmn_dtc_on(emu_cmn_dtc_of(c, xp));
}

/* Count @t on node @n, whose DTM counts. */
static void emu_cmn_node_event(struct emu_cmn *c, struct emu_cmn_node *n,
			       const struct emu_cmn_traffic *t)
{
	unsigned int s, occup = FIELD_GET(NVU_CMN_OCCUP1_ID, n->event_sel);
	u8 slot;

	if (n->type != NVU_CMN_TYPE_XP && t->occup && occup && occup != t->occup)
		return;
	for (s = 0; s < 4; s++) {
		slot = n->event_sel >> (8 * s);
		if (n->type == NVU_CMN_TYPE_XP) {
			if (slot == t->event)
				emu_cmn_input(c, n->xp, NVU_CMN_SEL_XP(s),
					      t->count);
		} else if ((slot & NVU_CMN_EVENT_ID_MASK) == t->event) {
			emu_cmn_input(c, n->xp,
				      NVU_CMN_SEL_DEV(n->port, n->dev, s),
				      t->count);
		}
	}
}

/**
 * emu_cmn_event() - traffic: events of device nodes or XPs
 * @c: the model
 * @t: which nodes, which event, how many
 *
 * Event ID 0 counts nothing.  Returns the number of nodes of @t->type it
 * reached (0: none such).
 */
int emu_cmn_event(struct emu_cmn *c, const struct emu_cmn_traffic *t)
{
	struct emu_cmn_node *n;
	int reached = 0;
	unsigned int k;

	for (k = 0; k < c->nr_nodes; k++) {
		n = &c->node[k];
		if (n->type != t->type || (t->logid >= 0 && n->logid != t->logid) ||
		    (t->nodeid >= 0 && n->id != t->nodeid))
			continue;
		reached++;
		if (t->event && t->count && emu_cmn_dtm_on(c, n->xp))
			emu_cmn_node_event(c, n, t);
	}
	return reached;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_event);

/**
 * emu_cmn_count() - @amount occurrences of event @event, no occupancy class
 * @c: the model
 * @type: node type
 * @logid: that node only, or -1 for every node of @type
 * @event: event ID, as a node's event slot holds it
 * @amount: how many
 *
 * Returns the number of nodes of @type it reached (0: none such).
 */
int emu_cmn_count(struct emu_cmn *c, u16 type, int logid, u8 event,
		  u64 amount)
{
	const struct emu_cmn_traffic t = {
		.type = type, .logid = logid, .nodeid = -1, .event = event,
		.count = amount,
	};

	return emu_cmn_event(c, &t);
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_count);

/* Whether watchpoint @w of DTM @m matches flit @f [U: exclusive]. */
static bool emu_cmn_wp_match(const struct emu_cmn *c,
			     const struct emu_cmn_dtm *m, unsigned int w,
			     const struct emu_cmn_flit *f)
{
	u64 cfg = m->wp_config[w];
	bool sel, val;

	sel = FIELD_GET(NVU_CMN_WP_DEV_SEL, cfg) == f->port &&
	      FIELD_GET(NVU_CMN_WP_CHN_SEL, cfg) == f->chan;
	val = !((f->val[FIELD_GET(NVU_CMN_WP_GRP, cfg)] ^ m->wp_val[w]) &
		~m->wp_mask[w]);
	if (!(cfg & NVU_CMN_WP_EXCLUSIVE))
		return sel && val;
	if (c->p.wp_exclusive == EMU_CMN_WPX_VALUE)
		return sel && !val;
	return !(sel && val);
}

/**
 * emu_cmn_flits() - traffic: flits past XPs' watchpoints
 * @c: the model
 * @f: the flits
 *
 * Returns the number of XPs it reached (0: no XP of that node ID).
 */
int emu_cmn_flits(struct emu_cmn *c, const struct emu_cmn_flit *f)
{
	unsigned int i, w = f->down ? NVU_CMN_WP_DOWN : NVU_CMN_WP_UP;
	struct emu_cmn_node *n;
	struct emu_cmn_dtm *m;
	bool first, second;
	int reached = 0;

	for (i = 0; i < c->nr_xps; i++) {
		n = &c->node[c->xp[i]];
		if (f->nodeid >= 0 && n->id != f->nodeid)
			continue;
		reached++;
		if (!f->count || !emu_cmn_dtm_on(c, i))
			continue;
		m = &c->dtm[i];
		first = emu_cmn_wp_match(c, m, w, f);
		second = emu_cmn_wp_match(c, m, w + 1, f);
		/* Combined [U]: the pair counts on the first, when both match. */
		if (m->wp_config[w] & NVU_CMN_WP_COMBINE) {
			if (first && second)
				emu_cmn_input(c, i, NVU_CMN_SEL_WP(w), f->count);
			continue;
		}
		if (first)
			emu_cmn_input(c, i, NVU_CMN_SEL_WP(w), f->count);
		if (second)
			emu_cmn_input(c, i, NVU_CMN_SEL_WP(w + 1), f->count);
	}
	return reached;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_flits);

/**
 * emu_cmn_cycles() - @cycles clock cycles on every DTC that counts
 * @c: the model
 * @cycles: how many
 * @busy: the mesh carries traffic meanwhile; idle cycles are lost to a
 *	DTC that gates its clock (see &emu_cmn_params.clock_gating)
 */
void emu_cmn_cycles(struct emu_cmn *c, u64 cycles, bool busy)
{
	u64 mask = GENMASK_ULL(NVU_CMN_DTC_CYCLE_BITS - 1, 0);
	struct emu_cmn_dtc *d;
	unsigned int i;

	for (i = 0; i < c->dtcs; i++) {
		d = &c->dtc[i];
		if (!emu_cmn_dtc_on(d))
			continue;
		if (c->p.clock_gating && !busy &&
		    !(d->ctl & NVU_CMN_DTC_CTL_CG_DISABLE))
			continue;
		if ((d->pmccntr & mask) + (cycles & mask) > mask ||
		    cycles > mask)
			d->pmovsr |= NVU_CMN_DTC_OVS_CYCLE;
		d->pmccntr = (d->pmccntr + cycles) & mask;
	}
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_cycles);

/**
 * emu_cmn_irq() - the level of DTC @dtc's overflow interrupt
 * @c: the model
 * @dtc: its index
 */
bool emu_cmn_irq(const struct emu_cmn *c, unsigned int dtc)
{
	if (dtc >= c->dtcs)
		return false;
	return c->dtc[dtc].pmovsr &&
	       (c->dtc[dtc].pmcr & NVU_CMN_DTC_PMCR_OVFL_INTR_EN);
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_irq);

/**
 * emu_cmn_counted() - events the mesh's paired local counters counted
 * @c: the model
 *
 * So far, summed over counters: traffic two counters see counts twice.
 * Only local counters paired with a global counter count here: the others
 * still count their input (input 0 by reset), but no driver reads them.
 */
u64 emu_cmn_counted(const struct emu_cmn *c)
{
	return c->counted;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_counted);

/**
 * emu_cmn_counting() - whether every DTC of the mesh counts
 * @c: the model
 */
bool emu_cmn_counting(const struct emu_cmn *c)
{
	unsigned int i;

	for (i = 0; i < c->dtcs; i++)
		if (!emu_cmn_dtc_on(&c->dtc[i]))
			return false;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(emu_cmn_counting);

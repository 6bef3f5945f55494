// SPDX-License-Identifier: GPL-2.0
/*
 * Arm CMN-600 mesh discovery: the CFG (root) node lists the crosspoints
 * (XPs), each XP the device nodes on its ports.  Every value read is
 * checked before it is followed, so a bad tree gives the faulty node's
 * offset and why, never a hang (loops are caught) or a read outside the
 * space.
 */

#include "nvu_ns.h"

#include <linux/bitfield.h>
#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "nvu_cmn600.h"

struct nvu_cmn_walk {
	nvu_cmn_read_fn rd;
	void *ctx;
	u32 size;
	unsigned long *seen;
	unsigned int cap;	/* room in t->nodes */
	struct nvu_cmn_topo *t;
};

static int nvu_cmn_bad(struct nvu_cmn_walk *w, u32 off, const char *why,
		       int err)
{
	w->t->bad_off = off;
	w->t->why = why;
	return err;
}

/* Visit the node a child pointer of the node at @from names. */
static int nvu_cmn_visit(struct nvu_cmn_walk *w, u64 off, u32 from,
			 struct nvu_cmn_node *n)
{
	u64 info;

	if (off % NVU_CMN_NODE_SIZE || off + NVU_CMN_NODE_SIZE > w->size)
		return nvu_cmn_bad(w, from,
				   "names a node outside the configuration space or off a 16 KiB boundary",
				   -EINVAL);
	if (test_and_set_bit(off / NVU_CMN_NODE_SIZE, w->seen))
		return nvu_cmn_bad(w, from,
				   "names a node already visited (a loop)",
				   -EINVAL);
	info = w->rd(w->ctx, off + NVU_CMN_NODE_INFO, 8);
	memset(n, 0, sizeof(*n));
	n->offset = off;
	n->type = FIELD_GET(NVU_CMN_NI_TYPE, info);
	n->id = FIELD_GET(NVU_CMN_NI_ID, info);
	n->logid = FIELD_GET(NVU_CMN_NI_LOGID, info);
	n->port = FIELD_GET(NVU_CMN_ID_PORT, n->id);
	n->dev = FIELD_GET(NVU_CMN_ID_DEV, n->id);
	return 0;
}

/* The child pointer array of the node at @off: @count entries at @arr. */
static int nvu_cmn_children(struct nvu_cmn_walk *w, u32 off, unsigned int max,
			    unsigned int *count, u32 *arr)
{
	u64 info = w->rd(w->ctx, off + NVU_CMN_CHILD_INFO, 8);
	unsigned int n = FIELD_GET(NVU_CMN_CI_COUNT, info);
	u32 p = FIELD_GET(NVU_CMN_CI_PTR_OFF, info);

	if (n > max)
		return nvu_cmn_bad(w, off,
				   "has more children than a CMN-600 mesh can",
				   -EINVAL);
	if (n && (p % 8 || p < NVU_CMN_CHILD_INFO + 8 ||
		  p + 8 * n > NVU_CMN_PMU_PAGE))
		return nvu_cmn_bad(w, off,
				   "has its child pointers outside its registers",
				   -EINVAL);
	*count = n;
	*arr = off + p;
	return 0;
}

/**
 * nvu_cmn_xp_id() - the node ID of the XP at (@x, @y)
 * @t: the topology (its @y_bits)
 * @x: column
 * @y: row
 *
 * Return: the node ID.
 */
u16 nvu_cmn_xp_id(const struct nvu_cmn_topo *t, unsigned int x,
		  unsigned int y)
{
	return x << (NVU_CMN_ID_Y_SHIFT + t->y_bits) |
	       y << NVU_CMN_ID_Y_SHIFT;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_xp_id);

/* The XPs: children of the CFG node, by logical ID; then the geometry. */
static int nvu_cmn_find_xps(struct nvu_cmn_walk *w, u32 root)
{
	struct nvu_cmn_topo *t = w->t;
	unsigned int i, n, x, y;
	struct nvu_cmn_node xp;
	u32 arr;
	int ret;
	u64 ptr;

	ret = nvu_cmn_children(w, root, NVU_CMN_MAX_XPS, &n, &arr);
	if (ret)
		return ret;
	if (!n)
		return nvu_cmn_bad(w, root, "has no crosspoints", -ENODEV);
	for (i = 0; i < n; i++) {
		ptr = w->rd(w->ctx, arr + 8 * i, 8);
		if (ptr & NVU_CMN_CHILD_EXTERNAL)
			return nvu_cmn_bad(w, root,
					   "names an external crosspoint",
					   -EINVAL);
		ret = nvu_cmn_visit(w, ptr & NVU_CMN_CHILD_OFFSET, root, &xp);
		if (ret)
			return ret;
		if (xp.type != NVU_CMN_TYPE_XP)
			return nvu_cmn_bad(w, xp.offset,
					   "is a child of the CFG node but not a crosspoint",
					   -ENODEV);
		if (xp.logid >= n || t->xps[xp.logid].type)
			return nvu_cmn_bad(w, xp.offset,
					   "has a crosspoint logical ID out of range or taken",
					   -EINVAL);
		xp.xp = xp.logid;
		t->xps[xp.logid] = xp;
	}
	t->num_xps = n;

	t->mesh_x = n;
	for (i = 0; i < n; i++)
		if (t->xps[i].id == NVU_CMN_XP_ID_ROW1)
			t->mesh_x = i;
	if (!t->mesh_x || t->mesh_x > NVU_CMN_MAX_DIM || n % t->mesh_x ||
	    n / t->mesh_x > NVU_CMN_MAX_DIM)
		return nvu_cmn_bad(w, root,
				   "has crosspoints that form no mesh of at most 8 x 8",
				   -EINVAL);
	t->mesh_y = n / t->mesh_x;
	/*
	 * The Y width w is unsettled on small meshes [U]: Arm's SCP firmware
	 * uses 2 bits up to 4 x 4, else 3 (spec B.4.4); Linux uses
	 * fls((mesh_x - 1) | (mesh_y - 1)), 1 bit on 2 x 2 or 2 x 1.  The ID
	 * of the XP at (1, 0), 1 << (3 + w), tells which; any other width
	 * fails the check below.  A single column reads the same either way.
	 */
	t->y_bits = t->mesh_x > 4 || t->mesh_y > 4 ? 3 : 2;
	if (t->mesh_x > 1 &&
	    t->xps[1].id == BIT(NVU_CMN_ID_Y_SHIFT +
				fls((t->mesh_x - 1) | (t->mesh_y - 1))))
		t->y_bits = fls((t->mesh_x - 1) | (t->mesh_y - 1));
	for (i = 0; i < n; i++) {
		x = i % t->mesh_x;
		y = i / t->mesh_x;
		if (t->xps[i].id != nvu_cmn_xp_id(t, x, y))
			return nvu_cmn_bad(w, t->xps[i].offset,
					   "has a node ID that does not match its place in the mesh",
					   -EINVAL);
	}
	return 0;
}

/**
 * nvu_cmn_type_counts() - whether nodes of a type have a PMU
 * @type: node type (NVU_CMN_TYPE_*)
 *
 * Return: 1 for the types with events on CMN-600 (the DTC's is the cycle
 * counter), 0 for the known types without, -ENODEV for any other.
 */
int nvu_cmn_type_counts(u16 type)
{
	switch (type) {
	case NVU_CMN_TYPE_DN:
	case NVU_CMN_TYPE_DTC:
	case NVU_CMN_TYPE_HNI:
	case NVU_CMN_TYPE_HNF:
	case NVU_CMN_TYPE_SBSX:
	case NVU_CMN_TYPE_RNI:
	case NVU_CMN_TYPE_RND:
	case NVU_CMN_TYPE_CXRA:
	case NVU_CMN_TYPE_CXHA:
		return 1;
	case NVU_CMN_TYPE_RNSAM:
	case NVU_CMN_TYPE_CXLA:
		return 0;
	default:
		return -ENODEV;
	}
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_type_counts);

/* The device nodes on @xp's ports. */
static int nvu_cmn_find_devices(struct nvu_cmn_walk *w,
				const struct nvu_cmn_node *xp)
{
	struct nvu_cmn_topo *t = w->t;
	struct nvu_cmn_node n;
	unsigned int i, count;
	int ret, counts;
	u32 arr;
	u64 ptr;

	/* No limit but the pointer array's room (upstream sets none). */
	ret = nvu_cmn_children(w, xp->offset, NVU_CMN_PMU_PAGE / 8, &count,
			       &arr);
	if (ret)
		return ret;
	for (i = 0; i < count; i++) {
		ptr = w->rd(w->ctx, arr + 8 * i, 8);
		/* A requester outside the mesh: never touched. */
		if (ptr & NVU_CMN_CHILD_EXTERNAL)
			continue;
		ret = nvu_cmn_visit(w, ptr & NVU_CMN_CHILD_OFFSET, xp->offset, &n);
		if (ret)
			return ret;
		if (n.type == NVU_CMN_TYPE_CFG || n.type == NVU_CMN_TYPE_XP)
			return nvu_cmn_bad(w, n.offset,
					   "is a CFG or crosspoint node on a crosspoint's port",
					   -EINVAL);
		counts = nvu_cmn_type_counts(n.type);
		if (counts < 0)
			return nvu_cmn_bad(w, n.offset,
					   "has a node type CMN-600 does not have",
					   -ENODEV);
		if (!counts)
			continue;
		if (n.id >> NVU_CMN_ID_Y_SHIFT != xp->id >> NVU_CMN_ID_Y_SHIFT)
			return nvu_cmn_bad(w, n.offset,
					   "has a node ID that is not on its crosspoint",
					   -EINVAL);
		if (n.type == NVU_CMN_TYPE_DTC &&
		    ++t->num_dtcs > NVU_CMN_MAX_DTCS)
			return nvu_cmn_bad(w, n.offset,
					   "is a fifth DTC (CMN-600 has at most 4)",
					   -EINVAL);
		n.xp = xp->logid;
		if (t->num_nodes == w->cap) {
			struct nvu_cmn_node *more;

			more = krealloc_array(t->nodes, 2 * w->cap, sizeof(*more),
					      GFP_KERNEL);
			if (!more)
				return -ENOMEM;
			t->nodes = more;
			w->cap *= 2;
		}
		t->nodes[t->num_nodes++] = n;
	}
	return 0;
}

/* Order: type, logical ID, then offset (which only duplicates need). */
static int nvu_cmn_node_cmp(const void *a, const void *b)
{
	const struct nvu_cmn_node *x = a, *y = b;

	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->logid != y->logid)
		return x->logid < y->logid ? -1 : 1;
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return 0;
}

/**
 * nvu_cmn_discover() - walk a CMN-600 configuration space
 * @rd: reads a register; called only for registers inside the space
 * @ctx: argument for @rd
 * @size: size of the configuration space, at most 64 MiB
 * @root: offset of the CFG (root) node
 * @t: filled with what was found; nvu_cmn_topo_free() when done
 *
 * Return: 0, or -EINVAL/-ENODEV with @t->bad_off and @t->why saying which
 * node is wrong and how, or -ENOMEM.  Nothing needs freeing after a
 * failure.
 */
int nvu_cmn_discover(nvu_cmn_read_fn rd, void *ctx, u32 size, u32 root,
		     struct nvu_cmn_topo *t)
{
	struct nvu_cmn_walk w = { .rd = rd, .ctx = ctx, .size = size, .t = t };
	struct nvu_cmn_node cfg;
	unsigned int i;
	u64 id;
	int ret;

	memset(t, 0, sizeof(*t));
	if (size < NVU_CMN_NODE_SIZE || size > NVU_CMN_MAX_SPACE)
		return nvu_cmn_bad(&w, root,
				   "is in a configuration space of impossible size",
				   -EINVAL);
	w.seen = bitmap_zalloc(size / NVU_CMN_NODE_SIZE, GFP_KERNEL);
	w.cap = NVU_CMN_MAX_XPS * 4;
	t->nodes = kcalloc(w.cap, sizeof(*t->nodes), GFP_KERNEL);
	if (!w.seen || !t->nodes) {
		ret = -ENOMEM;
		goto out;
	}

	ret = nvu_cmn_visit(&w, root, root, &cfg);
	if (ret)
		goto out;
	if (cfg.type != NVU_CMN_TYPE_CFG) {
		ret = nvu_cmn_bad(&w, root, "is not the CFG (root) node",
				  -ENODEV);
		goto out;
	}
	id = rd(ctx, root + NVU_CMN_CFG_PERIPH_ID_01, 8);
	t->part = (id & 0xff) | ((id >> 32) & 0xf) << 8;
	t->rev = (rd(ctx, root + NVU_CMN_CFG_PERIPH_ID_2, 4) >> 4) & 0xf;
	if (t->part != NVU_CMN_PART_600 && t->part != NVU_CMN_PART_600AE) {
		ret = nvu_cmn_bad(&w, root,
				  "has the part number of another mesh than CMN-600",
				  -ENODEV);
		goto out;
	}
	if (rd(ctx, root + NVU_CMN_CFG_INFO_GLOBAL, 8) &
	    NVU_CMN_INFO_DEVICE_ISO) {
		ret = nvu_cmn_bad(&w, root,
				  "has device isolation enabled: walking the mesh could lock it up",
				  -ENODEV);
		goto out;
	}

	ret = nvu_cmn_find_xps(&w, root);
	for (i = 0; !ret && i < t->num_xps; i++)
		ret = nvu_cmn_find_devices(&w, &t->xps[i]);
	if (ret)
		goto out;
	if (!t->num_dtcs) {
		ret = nvu_cmn_bad(&w, root, "has no DTC in its mesh", -ENODEV);
		goto out;
	}
	/* Nodes that share a type and logical ID both count, as upstream. */
	sort(t->nodes, t->num_nodes, sizeof(*t->nodes), nvu_cmn_node_cmp,
	     NULL);
out:
	bitmap_free(w.seen);
	if (ret) {
		kfree(t->nodes);
		t->nodes = NULL;
		t->num_nodes = 0;
	}
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_discover);

/**
 * nvu_cmn_topo_free() - free what nvu_cmn_discover() allocated
 * @t: the topology
 */
void nvu_cmn_topo_free(struct nvu_cmn_topo *t)
{
	kfree(t->nodes);
	t->nodes = NULL;
	t->num_nodes = 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_cmn_topo_free);

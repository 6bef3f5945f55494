// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: CMN-600 mesh discovery (drivers/arm/nvu_cmn600_topo.c) on
 * configuration spaces built here: meshes of every shape, and trees broken
 * in each way firmware or silicon could break them.  Every read is checked
 * to stay inside the space; a broken tree must name the node at fault.
 */

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/slab.h>

#include "nv_uncore.h"
#include "nvu_cmn600.h"
#include "../../drivers/emu/emu_cmn.h"

/* A configuration space in memory, and what the walk read of it. */
struct cmn_img {
	u64 *mem;
	u32 size;
	u32 next;
	bool outside;
};

static u64 cmn_img_rd(void *ctx, u32 off, unsigned int size)
{
	struct cmn_img *m = ctx;

	if (off % size || off + size > m->size) {
		m->outside = true;
		return 0;
	}
	if (size == 4)
		return (u32)(m->mem[off / 8] >> (off % 8 * 8));
	return m->mem[off / 8];
}

static void cmn_img_w(struct cmn_img *m, u32 off, u64 val)
{
	m->mem[off / 8] = val;
}

static void cmn_img_free(void *mem)
{
	kvfree(mem);
}

static struct cmn_img *cmn_img_new(struct kunit *test, unsigned int nodes)
{
	struct cmn_img *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, m);
	m->size = nodes * NVU_CMN_NODE_SIZE;
	m->mem = kvzalloc(m->size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m->mem);
	ret = kunit_add_action_or_reset(test, cmn_img_free, m->mem);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return m;
}

/* A node at the next free 16 KiB slot. */
static u32 cmn_img_node(struct cmn_img *m, u16 type, u16 id, u16 logid)
{
	u32 off = m->next;

	m->next += NVU_CMN_NODE_SIZE;
	cmn_img_w(m, off + NVU_CMN_NODE_INFO,
		  FIELD_PREP(NVU_CMN_NI_TYPE, type) |
		  FIELD_PREP(NVU_CMN_NI_ID, id) |
		  FIELD_PREP(NVU_CMN_NI_LOGID, logid));
	return off;
}

#define CMN_IMG_PTRS	0x100

static void cmn_img_child(struct cmn_img *m, u32 parent, u64 ptr)
{
	u64 info = m->mem[(parent + NVU_CMN_CHILD_INFO) / 8];
	unsigned int n = FIELD_GET(NVU_CMN_CI_COUNT, info);

	cmn_img_w(m, parent + CMN_IMG_PTRS + 8 * n, ptr);
	cmn_img_w(m, parent + NVU_CMN_CHILD_INFO,
		  FIELD_PREP(NVU_CMN_CI_COUNT, n + 1) |
		  FIELD_PREP(NVU_CMN_CI_PTR_OFF, CMN_IMG_PTRS));
}

/* The root: part number and revision as CMN-600 r1p1 has them. */
static u32 cmn_img_root(struct cmn_img *m, u16 part, u8 rev)
{
	u32 root = cmn_img_node(m, NVU_CMN_TYPE_CFG, 0, 0);

	cmn_img_w(m, root + NVU_CMN_CFG_PERIPH_ID_01,
		  (part & 0xff) | (u64)(part >> 8) << 32);
	cmn_img_w(m, root + NVU_CMN_CFG_PERIPH_ID_2, rev << 4);
	return root;
}

/*
 * Node IDs of the meshes cmn_mesh() builds: a Y field of 2 bits up to
 * 4 x 4, 3 beyond; or, with cmn_narrow, fls((mx - 1) | (my - 1)) bits.
 */
static bool cmn_narrow;

static void cmn_narrow_off(void *unused)
{
	cmn_narrow = false;
}

static u16 cmn_xp_id(unsigned int mx, unsigned int my, unsigned int x,
		     unsigned int y)
{
	unsigned int w = mx > 4 || my > 4 ? 3 : 2;

	if (cmn_narrow)
		w = fls((mx - 1) | (my - 1));

	return x << (3 + w) | y << 3;
}

/*
 * A mesh of mx x my XPs, a slot left empty before the root (so that the
 * root is not at offset 0).  XP 0 has the DTC on port 0, an HN-F on port 1,
 * an RN-SAM (no PMU) and an external child; every other XP an HN-F on port
 * 0 and an RN-I on port 1.  @xps gets each XP's offset, by logical ID.
 */
struct cmn_mesh {
	struct cmn_img *m;
	u32 root;
	u32 xps[NVU_CMN_MAX_XPS];
	u32 dtc;
	u32 hnf[NVU_CMN_MAX_XPS];
};

static void cmn_mesh(struct kunit *test, struct cmn_mesh *c, unsigned int mx,
		     unsigned int my, unsigned int spare)
{
	unsigned int n = mx * my, i;
	struct cmn_img *m;
	u16 id;

	/* The empty slot, the root, the XPs, 3 nodes on XP 0, 2 on others. */
	m = cmn_img_new(test, 2 + n + 3 + 2 * (n - 1) + spare);
	c->m = m;
	m->next = NVU_CMN_NODE_SIZE;
	c->root = cmn_img_root(m, NVU_CMN_PART_600, 1);
	for (i = 0; i < n; i++) {
		c->xps[i] = cmn_img_node(m, NVU_CMN_TYPE_XP,
					 cmn_xp_id(mx, my, i % mx, i / mx), i);
		cmn_img_child(m, c->root, c->xps[i]);
	}
	for (i = 0; i < n; i++) {
		id = cmn_xp_id(mx, my, i % mx, i / mx);
		if (!i) {
			c->dtc = cmn_img_node(m, NVU_CMN_TYPE_DTC, id, 0);
			cmn_img_child(m, c->xps[i], c->dtc);
			c->hnf[i] = cmn_img_node(m, NVU_CMN_TYPE_HNF, id | 4, i);
			cmn_img_child(m, c->xps[i], c->hnf[i]);
			cmn_img_child(m, c->xps[i],
				      cmn_img_node(m, NVU_CMN_TYPE_RNSAM, id | 1, 0));
			/* Outside the space: reading it would be caught. */
			cmn_img_child(m, c->xps[i], NVU_CMN_CHILD_EXTERNAL |
				      NVU_CMN_CHILD_OFFSET);
			continue;
		}
		c->hnf[i] = cmn_img_node(m, NVU_CMN_TYPE_HNF, id, i);
		cmn_img_child(m, c->xps[i], c->hnf[i]);
		cmn_img_child(m, c->xps[i],
			      cmn_img_node(m, NVU_CMN_TYPE_RNI, id | 4, i - 1));
	}
}

static int cmn_walk(struct kunit *test, struct cmn_mesh *c,
		    struct nvu_cmn_topo *t)
{
	int ret;

	ret = nvu_cmn_discover(cmn_img_rd, c->m, c->m->size, c->root, t);
	KUNIT_EXPECT_FALSE_MSG(test, c->m->outside,
			       "a register outside the space was read");
	if (ret) {
		KUNIT_EXPECT_NOT_NULL(test, t->why);
		KUNIT_EXPECT_NULL(test, t->nodes);
	}
	return ret;
}

static void nvu_cmn_topo_2x2(struct kunit *test)
{
	static const u16 ids[] = { 0x00, 0x20, 0x08, 0x28 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_mesh c;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	cmn_mesh(test, &c, 2, 2, 0);
	KUNIT_ASSERT_EQ(test, cmn_walk(test, &c, t), 0);
	KUNIT_EXPECT_EQ(test, t->part, NVU_CMN_PART_600);
	KUNIT_EXPECT_EQ(test, t->rev, 1);
	KUNIT_EXPECT_EQ(test, t->mesh_x, 2);
	KUNIT_EXPECT_EQ(test, t->mesh_y, 2);
	KUNIT_EXPECT_EQ(test, t->y_bits, 2);
	KUNIT_EXPECT_EQ(test, t->num_xps, 4U);
	for (i = 0; i < 4; i++) {
		KUNIT_EXPECT_EQ(test, t->xps[i].id, ids[i]);
		KUNIT_EXPECT_EQ(test, t->xps[i].offset, c.xps[i]);
	}
	/* DTC, four HN-F, three RN-I; no RN-SAM, no external child. */
	KUNIT_ASSERT_EQ(test, t->num_nodes, 8U);
	KUNIT_EXPECT_EQ(test, t->num_dtcs, 1U);
	KUNIT_EXPECT_EQ(test, t->nodes[0].type, NVU_CMN_TYPE_DTC);
	KUNIT_EXPECT_EQ(test, t->nodes[0].offset, c.dtc);
	for (i = 0; i < 4; i++) {
		KUNIT_EXPECT_EQ(test, t->nodes[1 + i].type, NVU_CMN_TYPE_HNF);
		KUNIT_EXPECT_EQ(test, t->nodes[1 + i].logid, i);
		KUNIT_EXPECT_EQ(test, t->nodes[1 + i].offset, c.hnf[i]);
		KUNIT_EXPECT_EQ(test, t->nodes[1 + i].xp, i);
	}
	KUNIT_EXPECT_EQ(test, t->nodes[1].port, 1);
	for (i = 5; i < 8; i++) {
		KUNIT_EXPECT_EQ(test, t->nodes[i].type, NVU_CMN_TYPE_RNI);
		KUNIT_EXPECT_EQ(test, t->nodes[i].xp, i - 4);
		KUNIT_EXPECT_EQ(test, t->nodes[i].port, 1);
		KUNIT_EXPECT_EQ(test, t->nodes[i].dev, 0);
	}
	nvu_cmn_topo_free(t);
}

/*
 * Walk a mesh of each of @n shapes (mesh_x, mesh_y, y_bits), numbered as
 * cmn_xp_id() numbers them, and find it whole: size, Y width, the last
 * XP's node ID (by the test's numbering and the driver's), and a DTC, an
 * HN-F per XP and an RN-I per XP but one.
 */
static void cmn_walk_shapes(struct kunit *test, const u8 (*shapes)[3],
			    unsigned int n)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_mesh *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int s, xps, mx, my;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (s = 0; s < n; s++) {
		mx = shapes[s][0];
		my = shapes[s][1];
		cmn_mesh(test, c, mx, my, 0);
		xps = mx * my;
		KUNIT_ASSERT_EQ_MSG(test, cmn_walk(test, c, t), 0, "%ux%u: %s",
				    mx, my, t->why);
		KUNIT_EXPECT_EQ(test, t->mesh_x, mx);
		KUNIT_EXPECT_EQ(test, t->mesh_y, my);
		KUNIT_EXPECT_EQ(test, t->y_bits, shapes[s][2]);
		KUNIT_EXPECT_EQ(test, t->xps[xps - 1].id,
				cmn_xp_id(mx, my, mx - 1, my - 1));
		KUNIT_EXPECT_EQ(test, t->xps[xps - 1].id,
				nvu_cmn_xp_id(t, mx - 1, my - 1));
		KUNIT_EXPECT_EQ(test, t->num_nodes, 2 * xps);
		nvu_cmn_topo_free(t);
	}
}

/*
 * Node IDs with the Y field as wide as the mesh needs (1 bit on 2 x 2 and
 * 2 x 1), as Linux numbers them: the walk reads the width from the XP at
 * (1, 0) and finds the same mesh.  Wider meshes number as before.
 */
static void nvu_cmn_topo_narrow_ids(struct kunit *test)
{
	static const u8 shapes[][3] = {
		/* mesh_x, mesh_y, y_bits */
		{ 2, 2, 1 }, { 2, 1, 1 }, { 1, 2, 2 }, { 3, 2, 2 }, { 4, 3, 2 },
		{ 8, 8, 3 },
	};

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, cmn_narrow_off, NULL), 0);
	cmn_narrow = true;
	cmn_walk_shapes(test, shapes, ARRAY_SIZE(shapes));
}

/* Mesh shapes: 1 x 1, a row (no XP with ID 8), 3-bit Y fields, 8 x 8. */
static void nvu_cmn_topo_shapes(struct kunit *test)
{
	static const u8 shapes[][3] = {
		/* mesh_x, mesh_y, y_bits */
		{ 1, 1, 2 }, { 4, 1, 2 }, { 8, 1, 3 }, { 1, 3, 2 },
		{ 4, 4, 2 }, { 5, 2, 3 }, { 2, 6, 3 }, { 8, 8, 3 },
	};

	cmn_walk_shapes(test, shapes, ARRAY_SIZE(shapes));
}

/* expect_bad: the walk fails with @err, naming the node at @off (0, 0: succeeds). */
static void cmn_expect_bad(struct kunit *test, struct cmn_mesh *c, int err,
			   u32 off, const char *what)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_EXPECT_EQ_MSG(test, cmn_walk(test, c, t), err, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, t->bad_off, off, "%s: %s", what, t->why);
	nvu_cmn_topo_free(t);
}

static void cmn_set_child(struct cmn_img *m, u32 parent, unsigned int i,
			  u64 ptr)
{
	cmn_img_w(m, parent + CMN_IMG_PTRS + 8 * i, ptr);
}

static void cmn_set_info(struct cmn_img *m, u32 node, u16 type, u16 id,
			 u16 logid)
{
	cmn_img_w(m, node + NVU_CMN_NODE_INFO,
		  FIELD_PREP(NVU_CMN_NI_TYPE, type) |
		  FIELD_PREP(NVU_CMN_NI_ID, id) |
		  FIELD_PREP(NVU_CMN_NI_LOGID, logid));
}

/* Where the root is, what it is, what it lists. */
static void nvu_cmn_topo_bad_root(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_mesh c;

	KUNIT_ASSERT_NOT_NULL(test, t);
	cmn_mesh(test, &c, 2, 2, 0);
	c.root = c.m->size;
	cmn_expect_bad(test, &c, -EINVAL, c.m->size, "root past the space");
	c.root = NVU_CMN_NODE_SIZE + 0x100;
	cmn_expect_bad(test, &c, -EINVAL, c.root, "root off a 16 KiB boundary");
	c.root = c.xps[0];
	cmn_expect_bad(test, &c, -ENODEV, c.xps[0], "root is an XP");
	KUNIT_EXPECT_EQ(test, nvu_cmn_discover(cmn_img_rd, c.m, 0, 0, t),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_cmn_discover(cmn_img_rd, c.m,
					       NVU_CMN_MAX_SPACE + NVU_CMN_NODE_SIZE,
					       0, t), -EINVAL);

	cmn_mesh(test, &c, 2, 2, 0);
	cmn_img_w(c.m, c.root + NVU_CMN_CFG_PERIPH_ID_01, 0x36 | 4ULL << 32);
	cmn_expect_bad(test, &c, -ENODEV, c.root, "CMN-650 part number");

	cmn_mesh(test, &c, 2, 2, 0);
	cmn_img_w(c.m, c.root + NVU_CMN_CHILD_INFO,
		  FIELD_PREP(NVU_CMN_CI_COUNT, NVU_CMN_MAX_XPS + 1) |
		  FIELD_PREP(NVU_CMN_CI_PTR_OFF, CMN_IMG_PTRS));
	cmn_expect_bad(test, &c, -EINVAL, c.root, "65 XPs");
	cmn_img_w(c.m, c.root + NVU_CMN_CHILD_INFO,
		  FIELD_PREP(NVU_CMN_CI_COUNT, 4) |
		  FIELD_PREP(NVU_CMN_CI_PTR_OFF, NVU_CMN_PMU_PAGE - 16));
	cmn_expect_bad(test, &c, -EINVAL, c.root, "pointers past the registers");
	cmn_img_w(c.m, c.root + NVU_CMN_CHILD_INFO,
		  FIELD_PREP(NVU_CMN_CI_COUNT, 4) |
		  FIELD_PREP(NVU_CMN_CI_PTR_OFF, CMN_IMG_PTRS + 4));
	cmn_expect_bad(test, &c, -EINVAL, c.root, "misaligned pointer array");
	cmn_img_w(c.m, c.root + NVU_CMN_CHILD_INFO, 0);
	cmn_expect_bad(test, &c, -ENODEV, c.root, "no XPs");
}

/* Pointers from the root to the XPs. */
static void nvu_cmn_topo_bad_xp_ptrs(struct kunit *test)
{
	struct cmn_mesh c;

	cmn_mesh(test, &c, 2, 2, 0);
	cmn_set_child(c.m, c.root, 2, c.m->size);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "XP past the space");
	cmn_set_child(c.m, c.root, 2, c.m->size - NVU_CMN_NODE_SIZE / 2);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "XP straddling the end");
	cmn_set_child(c.m, c.root, 2, c.xps[2] + 8);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "XP off a boundary");
	cmn_set_child(c.m, c.root, 2, c.root);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "root lists itself");
	cmn_set_child(c.m, c.root, 2, c.xps[1]);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "an XP listed twice");
	cmn_set_child(c.m, c.root, 2, c.xps[2] | NVU_CMN_CHILD_EXTERNAL);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "external XP");
	cmn_set_child(c.m, c.root, 2, c.dtc);
	cmn_expect_bad(test, &c, -ENODEV, c.dtc, "a DTC among the XPs");
}

/* The XPs themselves, and the mesh they make. */
static void nvu_cmn_topo_bad_xps(struct kunit *test)
{
	struct cmn_mesh c;

	cmn_mesh(test, &c, 2, 2, 0);
	cmn_set_info(c.m, c.xps[3], NVU_CMN_TYPE_XP, 0x28, 1);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[3], "two XPs with logical ID 1");
	cmn_set_info(c.m, c.xps[3], NVU_CMN_TYPE_XP, 0x28, 4);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[3], "logical ID out of range");
	cmn_set_info(c.m, c.xps[3], NVU_CMN_TYPE_XP, 0x30, 3);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[3], "node ID off the mesh");
	cmn_set_info(c.m, c.xps[3], NVU_CMN_TYPE_XP, 0x2c, 3);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[3], "port bit in an XP's ID");
	/* The XP with ID 8 at logical ID 0: a mesh 0 wide. */
	cmn_mesh(test, &c, 2, 2, 0);
	cmn_set_info(c.m, c.xps[0], NVU_CMN_TYPE_XP, 0x08, 0);
	cmn_set_info(c.m, c.xps[2], NVU_CMN_TYPE_XP, 0x00, 2);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "no mesh width");
	/* Nine XPs in a row. */
	cmn_mesh(test, &c, 9, 1, 0);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "9 x 1");
	/* Three XPs where the row starts at 2: 2 does not divide 3. */
	cmn_mesh(test, &c, 3, 1, 0);
	cmn_set_info(c.m, c.xps[2], NVU_CMN_TYPE_XP, 0x08, 2);
	cmn_expect_bad(test, &c, -EINVAL, c.root, "3 XPs, rows of 2");
}

/* Device nodes on the XPs' ports. */
static void nvu_cmn_topo_bad_devices(struct kunit *test)
{
	struct cmn_mesh c;
	unsigned int i;
	u32 n;

	cmn_mesh(test, &c, 2, 2, 0);
	cmn_set_info(c.m, c.hnf[1], 0x8, 0x20, 1);
	cmn_expect_bad(test, &c, -ENODEV, c.hnf[1], "MPAM_S: not on CMN-600");
	cmn_set_info(c.m, c.hnf[1], NVU_CMN_TYPE_HNF, 0x08, 1);
	cmn_expect_bad(test, &c, -EINVAL, c.hnf[1], "node on another XP");
	/* Two HN-F of logical ID 0: both count, side by side (upstream). */
	cmn_set_info(c.m, c.hnf[1], NVU_CMN_TYPE_HNF, 0x20, 0);
	cmn_expect_bad(test, &c, 0, 0, "two HN-F with logical ID 0");
	cmn_set_info(c.m, c.hnf[1], NVU_CMN_TYPE_XP, 0x20, 1);
	cmn_expect_bad(test, &c, -EINVAL, c.hnf[1], "an XP on a port");
	cmn_set_info(c.m, c.hnf[1], NVU_CMN_TYPE_HNF, 0x20, 1);
	cmn_set_child(c.m, c.xps[1], 0, c.xps[1]);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[1], "an XP lists itself");
	cmn_set_child(c.m, c.xps[1], 0, c.xps[2]);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[1], "an XP lists another XP");
	cmn_set_child(c.m, c.xps[1], 0, c.dtc);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[1], "two XPs list one node");
	cmn_set_child(c.m, c.xps[1], 0, c.m->size + NVU_CMN_NODE_SIZE);
	cmn_expect_bad(test, &c, -EINVAL, c.xps[1], "node past the space");
	cmn_set_child(c.m, c.xps[1], 0, c.hnf[1]);
	cmn_img_w(c.m, c.xps[1] + NVU_CMN_CHILD_INFO,
		  FIELD_PREP(NVU_CMN_CI_COUNT, NVU_CMN_PMU_PAGE / 8) |
		  FIELD_PREP(NVU_CMN_CI_PTR_OFF, CMN_IMG_PTRS));
	cmn_expect_bad(test, &c, -EINVAL, c.xps[1],
		       "child pointers past the node's registers");

	/* No DTC: it becomes an HN-F of its own logical ID. */
	cmn_mesh(test, &c, 2, 2, 0);
	cmn_set_info(c.m, c.dtc, NVU_CMN_TYPE_HNF, 0x00, 9);
	cmn_expect_bad(test, &c, -ENODEV, c.root, "no DTC");

	/* A fifth DTC, on XP 3's port 0 (room for four more nodes). */
	cmn_mesh(test, &c, 2, 2, 4);
	for (i = 1; i <= 4; i++) {
		n = cmn_img_node(c.m, NVU_CMN_TYPE_DTC, 0x28 | (i & 3), i);
		cmn_img_child(c.m, c.xps[3], n);
	}
	cmn_expect_bad(test, &c, -EINVAL, n, "five DTCs");
}

/*
 * The model (drivers/emu/emu_cmn.c), which shares only the register header
 * with the walk: its configuration space must be one the walk accepts,
 * and it must count as the spec says when programmed as a driver would.
 */
struct cmn_model {
	struct emu_cmn *c;
	bool outside;
};

static u64 cmn_model_rd(void *ctx, u32 off, unsigned int size)
{
	struct cmn_model *m = ctx;

	if (off % size || off + size > emu_cmn_size(m->c))
		m->outside = true;
	return emu_cmn_read(m->c, off, size);
}

static void cmn_model_free(void *c)
{
	emu_cmn_destroy(c);
}

static struct emu_cmn *cmn_model_new(struct kunit *test,
				     const struct emu_cmn_params *p)
{
	struct emu_cmn *c = emu_cmn_create(p);

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, cmn_model_free, c),
			0);
	return c;
}

static void nvu_cmn_model_discovered(struct kunit *test)
{
	static const struct emu_cmn_params shapes[] = {
		{ .mesh_x = 1, .mesh_y = 1, .dtcs = 1 },
		{ .mesh_x = 4, .mesh_y = 2, .dtcs = 1, .root = 0x104000, .rev = 1 },
		{ .mesh_x = 3, .mesh_y = 3, .dtcs = 2, .rev = 3 },
		{ .mesh_x = 8, .mesh_y = 8, .dtcs = 4, .root = 0x4000, .rev = 6 },
	};
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_model m = { };
	unsigned int i, n;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (i = 0; i < ARRAY_SIZE(shapes); i++) {
		m.c = cmn_model_new(test, &shapes[i]);
		KUNIT_ASSERT_EQ_MSG(test, nvu_cmn_discover(cmn_model_rd, &m,
							   emu_cmn_size(m.c),
							   shapes[i].root, t),
				    0, "shape %u: %s", i, t->why);
		KUNIT_EXPECT_FALSE(test, m.outside);
		n = shapes[i].mesh_x * shapes[i].mesh_y;
		KUNIT_EXPECT_EQ(test, t->part, NVU_CMN_PART_600);
		KUNIT_EXPECT_EQ(test, t->rev, shapes[i].rev);
		KUNIT_EXPECT_EQ(test, t->mesh_x, shapes[i].mesh_x);
		KUNIT_EXPECT_EQ(test, t->mesh_y, shapes[i].mesh_y);
		KUNIT_EXPECT_EQ(test, t->num_dtcs, shapes[i].dtcs);
		/* An HN-F and an RN-I per XP, the DTCs; not the RN-SAM. */
		KUNIT_EXPECT_EQ(test, t->num_nodes, 2 * n + shapes[i].dtcs);
		nvu_cmn_topo_free(t);
	}
}

/* Offsets of the model's nodes, as the walk found them. */
static u32 cmn_node_off(struct kunit *test, const struct nvu_cmn_topo *t,
			u16 type, u16 logid)
{
	unsigned int i;

	for (i = 0; i < t->num_nodes; i++)
		if (t->nodes[i].type == type && t->nodes[i].logid == logid)
			return t->nodes[i].offset;
	KUNIT_FAIL(test, "no node of type %#x, logical ID %u", type, logid);
	return 0;
}

/* Local counter 0 of every XP counts HN-F event @ev into global counter 0. */
static void cmn_program(struct emu_cmn *c, const struct nvu_cmn_topo *t,
			struct kunit *test, u8 ev)
{
	unsigned int i;
	u64 cfg = NVU_CMN_DTM_PMU_EN | NVU_CMN_DTM_PAIRED(0) |
		  FIELD_PREP(NVU_CMN_DTM_GLOBAL_NUM(0), 0) |
		  FIELD_PREP(NVU_CMN_DTM_INPUT_SEL(0), NVU_CMN_SEL_DEV(0, 0, 0));

	for (i = 0; i < t->num_xps; i++) {
		emu_cmn_write(c, t->xps[i].offset + NVU_CMN_DTM_PMU_CONFIG, cfg, 8);
		emu_cmn_write(c, cmn_node_off(test, t, NVU_CMN_TYPE_HNF, i) +
			      NVU_CMN_PMU_EVENT_SEL, ev, 8);
	}
	emu_cmn_write(c, cmn_node_off(test, t, NVU_CMN_TYPE_DTC, 0) +
		      NVU_CMN_DTC_CTL, NVU_CMN_DTC_CTL_DT_EN, 8);
	emu_cmn_write(c, cmn_node_off(test, t, NVU_CMN_TYPE_DTC, 0) +
		      NVU_CMN_DTC_PMCR, NVU_CMN_DTC_PMCR_PMU_EN |
		      NVU_CMN_DTC_PMCR_OVFL_INTR_EN, 8);
}

/* global 0 x 2^16 + the sum of every XP's local counter 0 */
static u64 cmn_total(struct emu_cmn *c, const struct nvu_cmn_topo *t,
		     struct kunit *test)
{
	u64 sum = (u64)(u32)emu_cmn_read(c, cmn_node_off(test, t,
							 NVU_CMN_TYPE_DTC, 0) +
					 nvu_cmn_dtc_pmevcnt(0), 4) << 16;
	unsigned int i;

	for (i = 0; i < t->num_xps; i++)
		sum += emu_cmn_read(c, t->xps[i].offset + NVU_CMN_DTM_PMEVCNT,
				    8) & 0xffff;
	return sum;
}

static void nvu_cmn_model_counts(struct kunit *test)
{
	const struct emu_cmn_params p = { .mesh_x = 2, .mesh_y = 2, .dtcs = 1 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_model m = { };
	u32 dtc;

	KUNIT_ASSERT_NOT_NULL(test, t);
	m.c = cmn_model_new(test, &p);
	KUNIT_ASSERT_EQ(test, nvu_cmn_discover(cmn_model_rd, &m,
					       emu_cmn_size(m.c), 0, t), 0);
	dtc = cmn_node_off(test, t, NVU_CMN_TYPE_DTC, 0);
	cmn_program(m.c, t, test, 0x1);

	/* 70,000 on each HN-F: one carry per XP into the global counter. */
	KUNIT_EXPECT_EQ(test, emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, -1, 0x1,
					    70000), 4);
	KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), 4ULL * 70000);
	KUNIT_EXPECT_EQ(test, (u32)emu_cmn_read(m.c, dtc + nvu_cmn_dtc_pmevcnt(0),
						4), 4U);
	/* Another event, or one HN-F only. */
	emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, -1, 0x2, 1000);
	KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), 4ULL * 70000);
	emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, 2, 0x1, 5);
	KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), 4ULL * 70000 + 5);
	/*
	 * Local counter 1 of XP 0, not paired, on HN-F 0's slot 1: it wraps
	 * at 16 bits and carries nowhere.
	 */
	emu_cmn_write(m.c, t->xps[0].offset + NVU_CMN_DTM_PMU_CONFIG,
		      emu_cmn_read(m.c, t->xps[0].offset + NVU_CMN_DTM_PMU_CONFIG, 8) |
		      FIELD_PREP(NVU_CMN_DTM_GLOBAL_NUM(1), 0) |
		      FIELD_PREP(NVU_CMN_DTM_INPUT_SEL(1), NVU_CMN_SEL_DEV(0, 0, 1)), 8);
	emu_cmn_write(m.c, cmn_node_off(test, t, NVU_CMN_TYPE_HNF, 0) +
		      NVU_CMN_PMU_EVENT_SEL, 0x1 | 0x3 << 8, 8);
	emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, 0, 0x3, 70000);
	KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), 4ULL * 70000 + 5);
	KUNIT_EXPECT_EQ(test, (emu_cmn_read(m.c, t->xps[0].offset +
					    NVU_CMN_DTM_PMEVCNT, 8) >> 16) & 0xffff,
			70000ULL & 0xffff);
	/* Nothing counts while the DTC's PMU is disabled. */
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMCR, 0, 8);
	emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, -1, 0x1, 100);
	KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), 4ULL * 70000 + 5);

	/* A global counter's wrap sets PMOVSR and raises the interrupt. */
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMCR, NVU_CMN_DTC_PMCR_PMU_EN |
		      NVU_CMN_DTC_PMCR_OVFL_INTR_EN, 8);
	emu_cmn_write(m.c, dtc + nvu_cmn_dtc_pmevcnt(0), 0xffffffff, 4);
	KUNIT_EXPECT_FALSE(test, emu_cmn_irq(m.c, 0));
	emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, 0, 0x1, 0x10000);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(m.c, dtc + NVU_CMN_DTC_PMOVSR, 8),
			1ULL);
	KUNIT_EXPECT_TRUE(test, emu_cmn_irq(m.c, 0));
	/* Clearing it is ignored while the PMU is disabled (spec B.11.4). */
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMCR, 0, 8);
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMOVSR_CLR, 0x1ff, 8);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(m.c, dtc + NVU_CMN_DTC_PMOVSR, 8),
			1ULL);
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMCR, NVU_CMN_DTC_PMCR_PMU_EN, 8);
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMOVSR_CLR, 0x1ff, 8);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(m.c, dtc + NVU_CMN_DTC_PMOVSR, 8),
			0ULL);

	/* The 40-bit cycle counter wraps into PMOVSR bit 8. */
	emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMCCNTR, BIT_ULL(40) - 2, 8);
	emu_cmn_cycles(m.c, 5, false);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(m.c, dtc + NVU_CMN_DTC_PMCCNTR, 8),
			3ULL);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(m.c, dtc + NVU_CMN_DTC_PMOVSR, 8),
			(u64)NVU_CMN_DTC_OVS_CYCLE);
	nvu_cmn_topo_free(t);
}

/* The dtm_enable_gates knob [U]: off, a DTM counts without dtm_enable. */
static void nvu_cmn_model_dtm_enable(struct kunit *test)
{
	struct emu_cmn_params p = { .mesh_x = 1, .mesh_y = 1, .dtcs = 1 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_model m = { };
	unsigned int gates;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (gates = 0; gates < 2; gates++) {
		p.dtm_enable_gates = gates;
		m.c = cmn_model_new(test, &p);
		KUNIT_ASSERT_EQ(test, nvu_cmn_discover(cmn_model_rd, &m,
						       emu_cmn_size(m.c), 0, t),
				0);
		cmn_program(m.c, t, test, 0x7);
		emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, -1, 0x7, 9);
		KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), gates ? 0ULL : 9ULL);
		emu_cmn_write(m.c, t->xps[0].offset + NVU_CMN_DTM_CONTROL,
			      NVU_CMN_DTM_CONTROL_EN, 8);
		emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, -1, 0x7, 9);
		KUNIT_EXPECT_EQ(test, cmn_total(m.c, t, test), gates ? 9ULL : 18ULL);
		nvu_cmn_topo_free(t);
	}
}

/*
 * Which DTC an XP feeds [U], both ways: programmed alike on every DTC (as
 * a driver must, not knowing), the counts split between the DTCs as the
 * knob says and their sum is exact either way.
 */
static void nvu_cmn_model_dtc_domains(struct kunit *test)
{
	struct emu_cmn_params p = { .mesh_x = 2, .mesh_y = 2, .dtcs = 2 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_model m = { };
	unsigned int mode, d, i;
	u64 sum, g[2];
	u32 dtc;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (mode = 0; mode < 2; mode++) {
		p.dtc_interleave = mode;
		m.c = cmn_model_new(test, &p);
		KUNIT_ASSERT_EQ(test, nvu_cmn_discover(cmn_model_rd, &m,
						       emu_cmn_size(m.c), 0, t),
				0);
		cmn_program(m.c, t, test, 0x1);
		for (d = 0; d < 2; d++) {
			dtc = cmn_node_off(test, t, NVU_CMN_TYPE_DTC, d);
			emu_cmn_write(m.c, dtc + NVU_CMN_DTC_CTL,
				      NVU_CMN_DTC_CTL_DT_EN, 8);
			emu_cmn_write(m.c, dtc + NVU_CMN_DTC_PMCR,
				      NVU_CMN_DTC_PMCR_PMU_EN, 8);
		}
		/* XP i's HN-F: (i + 1) carries, no remainder. */
		for (i = 0; i < 4; i++)
			emu_cmn_count(m.c, NVU_CMN_TYPE_HNF, i, 0x1,
				      (i + 1) * 0x10000ULL);
		sum = 0;
		for (d = 0; d < 2; d++) {
			dtc = cmn_node_off(test, t, NVU_CMN_TYPE_DTC, d);
			g[d] = (u32)emu_cmn_read(m.c, dtc + nvu_cmn_dtc_pmevcnt(0), 4);
			sum += g[d] << 16;
		}
		for (i = 0; i < 4; i++)
			sum += emu_cmn_read(m.c, t->xps[i].offset +
					    NVU_CMN_DTM_PMEVCNT, 8) & 0xffff;
		KUNIT_EXPECT_EQ(test, sum, 10ULL * 0x10000);
		/* contiguous: XPs 0, 1 | 2, 3: 3 | 7; interleaved: 0, 2 | 1, 3: 4 | 6 */
		KUNIT_EXPECT_EQ(test, g[0], mode ? 4ULL : 3ULL);
		KUNIT_EXPECT_EQ(test, g[1], mode ? 6ULL : 7ULL);
		nvu_cmn_topo_free(t);
	}
}

/* The named layouts, and what the walk must find in each. */
static const struct {
	const char *name;
	u8 mesh_x, mesh_y, y_bits, dtcs;
	u32 root;
	/* DN, HN-I, HN-F, SBSX, RN-I, RN-D, CXRA, CXHA */
	u8 count[8];
} cmn_layouts[] = {
	{ "2x2", 2, 2, 2, 1, 0, { 1, 1, 3, 1, 2, 1, 1, 1 } },
	{ "4x2", 4, 2, 2, 1, 0x104000, { 1, 1, 8, 1, 4, 2, 0, 0 } },
	{ "8x8", 8, 8, 3, 4, 0x4000, { 1, 2, 32, 1, 16, 10, 0, 0 } },
};

static const u16 cmn_types[8] = {
	NVU_CMN_TYPE_DN, NVU_CMN_TYPE_HNI, NVU_CMN_TYPE_HNF, NVU_CMN_TYPE_SBSX,
	NVU_CMN_TYPE_RNI, NVU_CMN_TYPE_RND, NVU_CMN_TYPE_CXRA, NVU_CMN_TYPE_CXHA,
};

/* tests/vm/fwgen CMN_WINDOW: each instance's window, and so its space. */
#define CMN_FW_WINDOW	(4 * 1024 * 1024)

static struct emu_cmn *cmn_layout_new(struct kunit *test, const char *name,
				      struct emu_cmn_params *p)
{
	p->layout = emu_cmn_layout(name);
	KUNIT_ASSERT_NOT_NULL(test, p->layout);
	return cmn_model_new(test, p);
}

static int cmn_model_walk(struct kunit *test, struct emu_cmn *c,
			  struct nvu_cmn_topo *t)
{
	struct cmn_model m = { .c = c };
	int ret;

	ret = nvu_cmn_discover(cmn_model_rd, &m, emu_cmn_size(c),
			       emu_cmn_root(c), t);
	KUNIT_EXPECT_FALSE(test, m.outside);
	return ret;
}

/* A device node the walk found, by type and place. */
static const struct nvu_cmn_node *cmn_at(struct kunit *test,
					 const struct nvu_cmn_topo *t, u16 type,
					 unsigned int xp, unsigned int port,
					 unsigned int dev)
{
	unsigned int i;

	for (i = 0; i < t->num_nodes; i++)
		if (t->nodes[i].type == type && t->nodes[i].xp == xp &&
		    t->nodes[i].port == port && t->nodes[i].dev == dev)
			return &t->nodes[i];
	KUNIT_FAIL(test, "no node of type %#x at XP %u port %u device %u",
		   type, xp, port, dev);
	return &t->nodes[0];
}

/*
 * Each named layout walks: mesh, Y field, DTCs, nodes of every type, the
 * space inside its firmware window, logical IDs in raster order, and XPs
 * with two nodes of one type.
 */
static void nvu_cmn_model_layouts(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	unsigned int l, k, i, n, twice;
	struct emu_cmn_params p = { .rev = 3 };
	const struct nvu_cmn_node *a, *b;
	struct emu_cmn *c;
	u64 info;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_EXPECT_NULL(test, emu_cmn_layout("3x3"));
	for (l = 0; l < ARRAY_SIZE(cmn_layouts); l++) {
		c = cmn_layout_new(test, cmn_layouts[l].name, &p);
		KUNIT_EXPECT_LE(test, emu_cmn_size(c), CMN_FW_WINDOW);
		KUNIT_EXPECT_EQ(test, emu_cmn_root(c), cmn_layouts[l].root);
		KUNIT_ASSERT_EQ_MSG(test, cmn_model_walk(test, c, t), 0, "%s: %s",
				    cmn_layouts[l].name, t->why);
		KUNIT_EXPECT_EQ(test, t->rev, 3);
		KUNIT_EXPECT_EQ(test, t->mesh_x, cmn_layouts[l].mesh_x);
		KUNIT_EXPECT_EQ(test, t->mesh_y, cmn_layouts[l].mesh_y);
		KUNIT_EXPECT_EQ(test, t->y_bits, cmn_layouts[l].y_bits);
		KUNIT_EXPECT_EQ(test, t->num_dtcs, cmn_layouts[l].dtcs);
		KUNIT_EXPECT_EQ(test, emu_cmn_dtcs(c), cmn_layouts[l].dtcs);
		n = cmn_layouts[l].dtcs;
		for (k = 0; k < ARRAY_SIZE(cmn_types); k++) {
			unsigned int found = 0, last = 0;

			for (i = 0; i < t->num_nodes; i++) {
				if (t->nodes[i].type != cmn_types[k])
					continue;
				/* Raster order: logical IDs follow the XPs. */
				if (found)
					KUNIT_EXPECT_GE(test, t->nodes[i].xp, last);
				last = t->nodes[i].xp;
				KUNIT_EXPECT_EQ(test, t->nodes[i].logid, found);
				found++;
			}
			KUNIT_EXPECT_EQ_MSG(test, found, cmn_layouts[l].count[k],
					    "%s: type %#x", cmn_layouts[l].name,
					    cmn_types[k]);
			n += found;
		}
		KUNIT_EXPECT_EQ(test, t->num_nodes, n);
		/* Some XP has two nodes of one type (two local counters). */
		twice = 0;
		for (i = 1; i < t->num_nodes; i++) {
			a = &t->nodes[i - 1];
			b = &t->nodes[i];
			twice += a->type == b->type && a->xp == b->xp &&
				 a->type != NVU_CMN_TYPE_DTC;
		}
		KUNIT_EXPECT_GT(test, twice, 0U);
		/* Port connect-info names what is on the port (spec B.4.6). */
		for (i = 0; i < t->num_nodes; i++) {
			b = &t->nodes[i];
			if (b->type != NVU_CMN_TYPE_HNF || b->dev)
				continue;
			info = emu_cmn_read(c, t->xps[b->xp].offset +
					    NVU_CMN_XP_PORT_INFO(b->port), 8);
			KUNIT_EXPECT_EQ(test, info & NVU_CMN_XP_PORT_DEVTYPE,
					0x0eULL);
		}
		nvu_cmn_topo_free(t);
	}

	/* 2x2: what sits where. */
	c = cmn_layout_new(test, "2x2", &p);
	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	KUNIT_EXPECT_EQ(test, cmn_at(test, t, NVU_CMN_TYPE_HNF, 1, 1, 0)->logid, 2);
	KUNIT_EXPECT_EQ(test, cmn_at(test, t, NVU_CMN_TYPE_RNI, 0, 1, 1)->logid, 1);
	KUNIT_EXPECT_EQ(test, cmn_at(test, t, NVU_CMN_TYPE_CXHA, 3, 1, 1)->id,
			0x28 | 4 | 1);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(c, t->xps[1].offset +
					   NVU_CMN_XP_PORT_INFO(1), 8), 0x0eULL);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(c, t->xps[0].offset +
					   NVU_CMN_XP_PORT_INFO(1), 8), 0x01ULL);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(c, t->xps[3].offset +
					   NVU_CMN_XP_PORT_INFO(1), 8), 0x12ULL);
	KUNIT_EXPECT_TRUE(test, emu_cmn_has_node(c, NVU_CMN_TYPE_XP, 0x28));
	KUNIT_EXPECT_FALSE(test, emu_cmn_has_node(c, NVU_CMN_TYPE_XP, 0x30));
	/* 4-byte accesses reach each half of a 64-bit register. */
	emu_cmn_write(c, t->xps[2].offset + NVU_CMN_DTM_WP_VAL(1) + 4, 0xabcd, 4);
	emu_cmn_write(c, t->xps[2].offset + NVU_CMN_DTM_WP_VAL(1), 0x1234, 4);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(c, t->xps[2].offset +
					   NVU_CMN_DTM_WP_VAL(1), 8),
			0xabcd00001234ULL);
	KUNIT_EXPECT_EQ(test, emu_cmn_read(c, t->xps[2].offset +
					   NVU_CMN_DTM_WP_VAL(1) + 4, 4), 0xabcdULL);
	nvu_cmn_topo_free(t);
}

/* Each bad= knob breaks the walk of each layout, naming the node at fault. */
static void nvu_cmn_model_bad(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn_params p = { };
	unsigned int l, b, n;
	u32 last_xp, last, root, xps_end;
	struct emu_cmn *c;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (l = 0; l < ARRAY_SIZE(cmn_layouts); l++) {
		p.bad = 0;
		c = cmn_layout_new(test, cmn_layouts[l].name, &p);
		KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
		n = t->num_xps;
		root = emu_cmn_root(c);
		last_xp = t->xps[n - 1].offset;
		xps_end = t->xps[n - 1].offset + NVU_CMN_NODE_SIZE;
		last = emu_cmn_size(c) - NVU_CMN_NODE_SIZE;
		nvu_cmn_topo_free(t);
		for (b = 0; b < EMU_CMN_NR_BAD; b++) {
			p.bad = BIT(b);
			c = cmn_layout_new(test, cmn_layouts[l].name, &p);
			ret = cmn_model_walk(test, c, t);
			KUNIT_EXPECT_LT_MSG(test, ret, 0, "%s: %s",
					    cmn_layouts[l].name,
					    emu_cmn_bad_names[b]);
			if (!ret) {
				nvu_cmn_topo_free(t);
				continue;
			}
			KUNIT_EXPECT_NULL(test, t->nodes);
			switch (b) {
			case EMU_CMN_BAD_LOOP:
			case EMU_CMN_BAD_PTR_RANGE:
			case EMU_CMN_BAD_MISALIGNED:
			case EMU_CMN_BAD_TOO_MANY:
				KUNIT_EXPECT_EQ(test, ret, -EINVAL);
				KUNIT_EXPECT_EQ(test, t->bad_off, last_xp);
				break;
			case EMU_CMN_BAD_ZERO_CHILD:
				/* Root at 0: a loop; else a hole, of no type. */
				KUNIT_EXPECT_EQ(test, t->bad_off,
						root ? 0 : last_xp);
				break;
			case EMU_CMN_BAD_UNKNOWN_TYPE:
				KUNIT_EXPECT_EQ(test, ret, -ENODEV);
				KUNIT_EXPECT_EQ(test, t->bad_off, last);
				break;
			case EMU_CMN_BAD_GEOMETRY:
				/* The root (no mesh) or an XP off its place. */
				KUNIT_EXPECT_EQ(test, ret, -EINVAL);
				KUNIT_EXPECT_TRUE_MSG(test, t->bad_off == root ||
						      (t->bad_off > root &&
						       t->bad_off < xps_end),
						      "%s: %#x: %s",
						      cmn_layouts[l].name,
						      t->bad_off, t->why);
				break;
			case EMU_CMN_BAD_PART:
			case EMU_CMN_BAD_ISOLATED:
				KUNIT_EXPECT_EQ(test, ret, -ENODEV);
				KUNIT_EXPECT_EQ(test, t->bad_off, root);
				break;
			}
		}
	}
}

/* Turn on DTC @d of @t and its PMU. */
static void cmn_dtc_on(struct emu_cmn *c, const struct nvu_cmn_topo *t,
		       struct kunit *test, unsigned int d)
{
	u32 dtc = cmn_node_off(test, t, NVU_CMN_TYPE_DTC, d);

	emu_cmn_write(c, dtc + NVU_CMN_DTC_CTL, NVU_CMN_DTC_CTL_DT_EN, 8);
	emu_cmn_write(c, dtc + NVU_CMN_DTC_PMCR, NVU_CMN_DTC_PMCR_PMU_EN, 8);
}

/* Local counter @i of XP @xp: input @sel, paired with global @g. */
static void cmn_local(struct emu_cmn *c, const struct nvu_cmn_topo *t,
		      unsigned int xp, unsigned int i, unsigned int sel,
		      unsigned int g)
{
	u32 reg = t->xps[xp].offset + NVU_CMN_DTM_PMU_CONFIG;
	u64 cfg = emu_cmn_read(c, reg, 8);

	cfg &= ~(NVU_CMN_DTM_INPUT_SEL(i) | NVU_CMN_DTM_GLOBAL_NUM(i));
	cfg |= NVU_CMN_DTM_PMU_EN | NVU_CMN_DTM_PAIRED(i) |
	       (u64)g << (16 + 4 * i) | (u64)sel << (32 + 8 * i);
	emu_cmn_write(c, reg, cfg, 8);
}

static u64 cmn_local_val(struct emu_cmn *c, const struct nvu_cmn_topo *t,
			 unsigned int xp, unsigned int i)
{
	return (emu_cmn_read(c, t->xps[xp].offset + NVU_CMN_DTM_PMEVCNT, 8) >>
		(16 * i)) & 0xffff;
}

/* XP events: the XP's own slot s feeds input_sel 0x4 + s. */
static void nvu_cmn_model_xp_events(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn_params p = { };
	struct emu_cmn_traffic tr = {
		.type = NVU_CMN_TYPE_XP, .logid = -1, .nodeid = -1, .count = 7,
	};
	u8 stall = 0x72, valid = 0x61;	/* mxp_p0_dat_txflit_stall, ... */
	struct emu_cmn *c;
	unsigned int id;

	KUNIT_ASSERT_NOT_NULL(test, t);
	c = cmn_layout_new(test, "2x2", &p);
	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	id = FIELD_PREP(NVU_CMN_XP_EV, NVU_CMN_XP_EV_TXFLIT_STALL) |
	     FIELD_PREP(NVU_CMN_XP_INTF, NVU_CMN_XP_INTF_P0) |
	     FIELD_PREP(NVU_CMN_XP_CHAN, NVU_CMN_CHAN_DAT);
	KUNIT_EXPECT_EQ(test, id, stall);
	cmn_dtc_on(c, t, test, 0);
	/* XP 3: slot 1 stall, slot 2 valid; counters 0-2 on slots 0-2. */
	emu_cmn_write(c, t->xps[3].offset + NVU_CMN_PMU_EVENT_SEL,
		      (u64)stall << 8 | (u64)valid << 16, 8);
	cmn_local(c, t, 3, 0, NVU_CMN_SEL_XP(0), 0);
	cmn_local(c, t, 3, 1, NVU_CMN_SEL_XP(1), 1);
	cmn_local(c, t, 3, 2, NVU_CMN_SEL_XP(2), 2);
	/* A device-event counter of XP 3 on port 0 slot 1: not an XP event. */
	cmn_local(c, t, 3, 3, NVU_CMN_SEL_DEV(0, 0, 1), 3);

	tr.event = stall;
	KUNIT_EXPECT_EQ(test, emu_cmn_event(c, &tr), 4);
	tr.event = valid;
	tr.nodeid = 0x28;
	tr.count = 3;
	KUNIT_EXPECT_EQ(test, emu_cmn_event(c, &tr), 1);
	tr.nodeid = 0x08;	/* another XP, not programmed */
	emu_cmn_event(c, &tr);
	tr.nodeid = -1;
	tr.event = 0x71;	/* stall's ID but another event */
	emu_cmn_event(c, &tr);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 3, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 3, 1), 7ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 3, 2), 3ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 3, 3), 0ULL);
	/* Device event IDs on the XP's port do not reach XP inputs. */
	emu_cmn_write(c, cmn_at(test, t, NVU_CMN_TYPE_RND, 3, 0, 0)->offset +
		      NVU_CMN_PMU_EVENT_SEL, 0x05 << 8, 8);
	KUNIT_EXPECT_EQ(test, emu_cmn_count(c, NVU_CMN_TYPE_RND, 0, 0x05, 11), 1);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 3, 1), 7ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 3, 3), 11ULL);
	nvu_cmn_topo_free(t);
}

/* Program watchpoint @w of XP @xp. */
static void cmn_wp(struct emu_cmn *c, const struct nvu_cmn_topo *t,
		   unsigned int xp, unsigned int w, u64 cfg, u64 val, u64 mask)
{
	u32 base = t->xps[xp].offset;

	emu_cmn_write(c, base + NVU_CMN_DTM_WP_CONFIG(w), cfg, 8);
	emu_cmn_write(c, base + NVU_CMN_DTM_WP_VAL(w), val, 8);
	emu_cmn_write(c, base + NVU_CMN_DTM_WP_MASK(w), mask, 8);
}

static u64 cmn_wp_cfg(unsigned int port, unsigned int chan, unsigned int grp)
{
	return FIELD_PREP(NVU_CMN_WP_DEV_SEL, port) |
	       FIELD_PREP(NVU_CMN_WP_CHN_SEL, chan) |
	       FIELD_PREP(NVU_CMN_WP_GRP, grp);
}

/* A 2x2 with watchpoints 0-3 of XP 1 on local counters 0-3. */
static struct emu_cmn *cmn_wp_model(struct kunit *test,
				    struct nvu_cmn_topo *t, u8 exclusive)
{
	struct emu_cmn_params p = { .wp_exclusive = exclusive };
	struct emu_cmn *c = cmn_layout_new(test, "2x2", &p);
	unsigned int w;

	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	cmn_dtc_on(c, t, test, 0);
	for (w = 0; w < 4; w++) {
		cmn_local(c, t, 1, w, NVU_CMN_SEL_WP(w), w);
		/* Parked as Linux parks them: val ~0, mask 0. */
		cmn_wp(c, t, 1, w, 0, ~0ULL, 0);
	}
	return c;
}

static void cmn_flit(struct emu_cmn *c, bool down, u8 port, u8 chan, u64 v0,
		     u64 v1)
{
	const struct emu_cmn_flit f = {
		.down = down, .nodeid = 0x20, .port = port, .chan = chan,
		.val = { v0, v1 }, .count = 1,
	};

	emu_cmn_flits(c, &f);
}

/* Matching: direction, port, channel, group, value outside the mask. */
static void nvu_cmn_model_watchpoints(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	const struct emu_cmn_flit every = {
		.nodeid = -1, .port = 1, .chan = 3, .val = { 0x1234 }, .count = 5,
	};
	struct emu_cmn *c;

	KUNIT_ASSERT_NOT_NULL(test, t);
	c = cmn_wp_model(test, t, EMU_CMN_WPX_INVERT);
	/* WP 0: up, port 1, DAT, group 0 value 0x12xx. */
	cmn_wp(c, t, 1, 0, cmn_wp_cfg(1, 3, 0), 0x1200, 0xff);
	/* WP 1: up, port 1, DAT, group 1 value exactly 5. */
	cmn_wp(c, t, 1, 1, cmn_wp_cfg(1, 3, 1), 5, 0);
	/* WP 2: down, port 0, SNP, any value. */
	cmn_wp(c, t, 1, 2, cmn_wp_cfg(0, 2, 0), 0, ~0ULL);

	cmn_flit(c, false, 1, 3, 0x12ab, 5);	/* WP 0, WP 1 */
	cmn_flit(c, false, 1, 3, 0x1300, 5);	/* WP 1 */
	cmn_flit(c, false, 1, 3, 0x1200, 6);	/* WP 0 */
	cmn_flit(c, false, 0, 3, 0x1200, 5);	/* port 0: none */
	cmn_flit(c, false, 1, 1, 0x1200, 5);	/* RSP: none */
	cmn_flit(c, true, 1, 3, 0x1200, 5);	/* down: none */
	cmn_flit(c, true, 0, 2, 0xdead, 0);	/* WP 2 */
	cmn_flit(c, false, 0, 2, 0xdead, 0);	/* up: none */
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 0), 2ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 1), 2ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 2), 1ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 3), 0ULL);
	/* Every XP (-1) reaches XP 1 too; another XP's ID none of it. */
	KUNIT_EXPECT_EQ(test, emu_cmn_flits(c, &every), 4);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 0), 7ULL);
	nvu_cmn_topo_free(t);
}

/* wp_exclusive [U], both meanings; wp_combine [U]. */
static void nvu_cmn_model_wp_exclusive_combine(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn *c;
	unsigned int mode;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (mode = 0; mode < 2; mode++) {
		c = cmn_wp_model(test, t, mode);
		/* WP 3: down, port 1, REQ, value 0x40, exclusive. */
		cmn_wp(c, t, 1, 3, cmn_wp_cfg(1, 0, 0) | NVU_CMN_WP_EXCLUSIVE,
		       0x40, 0);
		cmn_flit(c, true, 1, 0, 0x40, 0);	/* matches: inverted */
		cmn_flit(c, true, 1, 0, 0x41, 0);	/* value differs */
		cmn_flit(c, true, 0, 0, 0x41, 0);	/* other port too */
		/* Whole match inverted: 2; value only: 1. */
		KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 3),
				mode ? 1ULL : 2ULL);
		nvu_cmn_topo_free(t);
	}

	c = cmn_wp_model(test, t, EMU_CMN_WPX_INVERT);
	/* WP 0 combined with WP 1: port 0 DAT, 0x1xx in group 0 and 7 in 1. */
	cmn_wp(c, t, 1, 0, cmn_wp_cfg(0, 3, 0) | NVU_CMN_WP_COMBINE, 0x100,
	       0xff);
	cmn_wp(c, t, 1, 1, cmn_wp_cfg(0, 3, 1), 7, 0);
	cmn_flit(c, false, 0, 3, 0x1ff, 7);	/* both: WP 0 counts */
	cmn_flit(c, false, 0, 3, 0x1ff, 8);	/* WP 0 only: nothing */
	cmn_flit(c, false, 0, 3, 0x200, 7);	/* WP 1 only: nothing */
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 0), 1ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 1), 0ULL);
	/* Without combine each counts its own matches. */
	cmn_wp(c, t, 1, 0, cmn_wp_cfg(0, 3, 0), 0x100, 0xff);
	cmn_flit(c, false, 0, 3, 0x1ff, 7);
	cmn_flit(c, false, 0, 3, 0x1ff, 8);
	cmn_flit(c, false, 0, 3, 0x200, 7);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 0), 3ULL);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 1), 2ULL);
	nvu_cmn_topo_free(t);
}

/* occup1_id 0 counts every class, K only class K; no class: always. */
static void nvu_cmn_model_occupancy(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn_params p = { };
	struct emu_cmn_traffic tr = {
		.type = NVU_CMN_TYPE_HNF, .logid = -1, .event = 0xf, .count = 1,
	};
	const struct nvu_cmn_node *h0, *h1;
	struct emu_cmn *c;
	unsigned int k;

	KUNIT_ASSERT_NOT_NULL(test, t);
	c = cmn_layout_new(test, "2x2", &p);
	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	cmn_dtc_on(c, t, test, 0);
	/* XP 1: HN-F on port 0 (occup1_id 2, write), port 1 (0, all). */
	h0 = cmn_at(test, t, NVU_CMN_TYPE_HNF, 1, 0, 0);
	h1 = cmn_at(test, t, NVU_CMN_TYPE_HNF, 1, 1, 0);
	emu_cmn_write(c, h0->offset + NVU_CMN_PMU_EVENT_SEL,
		      0xf | FIELD_PREP(NVU_CMN_OCCUP1_ID, 2), 8);
	emu_cmn_write(c, h1->offset + NVU_CMN_PMU_EVENT_SEL, 0xf, 8);
	cmn_local(c, t, 1, 0, NVU_CMN_SEL_DEV(0, 0, 0), 0);
	cmn_local(c, t, 1, 1, NVU_CMN_SEL_DEV(1, 0, 0), 1);
	for (k = 1; k <= 4; k++) {
		tr.occup = k;
		tr.count = 10 * k;
		tr.nodeid = h0->id;
		emu_cmn_event(c, &tr);
		tr.nodeid = h1->id;
		emu_cmn_event(c, &tr);
	}
	tr.occup = 0;
	tr.count = 1000;
	tr.nodeid = -1;
	emu_cmn_event(c, &tr);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 0), 20ULL + 1000);
	KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 1, 1), 100ULL + 1000);
	nvu_cmn_topo_free(t);
}

/*
 * 8x8, four DTCs: a local counter paired with global counter 5 carries
 * into the DTC whose domain holds its XP, and that counter's wrap sets
 * PMOVSR bit 5 there and nowhere else.
 */
static void nvu_cmn_model_carry_overflow(struct kunit *test)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn_params p = { };
	const struct nvu_cmn_node *h;
	unsigned int d, mode, owner;
	struct emu_cmn *c;
	u32 dtc;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (mode = 0; mode < 2; mode++) {
		p.dtc_interleave = mode;
		c = cmn_layout_new(test, "8x8", &p);
		KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
		for (d = 0; d < 4; d++)
			cmn_dtc_on(c, t, test, d);
		/* HN-F on XP 35 (3, 4), port 1: 16 XPs a domain, or 35 % 4. */
		h = cmn_at(test, t, NVU_CMN_TYPE_HNF, 35, 1, 0);
		owner = mode ? 3 : 2;
		emu_cmn_write(c, h->offset + NVU_CMN_PMU_EVENT_SEL, 0x9 << 16, 8);
		cmn_local(c, t, 35, 2, NVU_CMN_SEL_DEV(1, 0, 2), 5);
		dtc = cmn_node_off(test, t, NVU_CMN_TYPE_DTC, owner);
		emu_cmn_write(c, dtc + nvu_cmn_dtc_pmevcnt(5), 0xfffffffe, 4);
		emu_cmn_count(c, NVU_CMN_TYPE_HNF, h->logid, 0x9, 0x1ffff);
		KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 35, 2), 0xffffULL);
		/* 0xfffffffe + 1: no wrap yet. */
		KUNIT_EXPECT_EQ(test, emu_cmn_read(c, dtc + nvu_cmn_dtc_pmevcnt(5),
						   4), 0xffffffffULL);
		KUNIT_EXPECT_EQ(test, emu_cmn_read(c, dtc + NVU_CMN_DTC_PMOVSR, 8),
				0ULL);
		emu_cmn_count(c, NVU_CMN_TYPE_HNF, h->logid, 0x9, 1);
		KUNIT_EXPECT_EQ(test, cmn_local_val(c, t, 35, 2), 0ULL);
		KUNIT_EXPECT_EQ(test, emu_cmn_read(c, dtc + nvu_cmn_dtc_pmevcnt(5),
						   4), 0ULL);
		for (d = 0; d < 4; d++) {
			dtc = cmn_node_off(test, t, NVU_CMN_TYPE_DTC, d);
			KUNIT_EXPECT_EQ_MSG(test,
					    emu_cmn_read(c, dtc + NVU_CMN_DTC_PMOVSR, 8),
					    d == owner ? BIT_ULL(5) : 0ULL,
					    "mode %u DTC %u", mode, d);
			KUNIT_EXPECT_FALSE(test, emu_cmn_irq(c, d));
		}
		nvu_cmn_topo_free(t);
	}
}

/* ------------------------------------------------------------------------
 * The driver's event rules (drivers/arm/nvu_cmn600_event.c) on the layouts
 */

/* @v in the config field @mask (a function: sparse chokes on nested macros). */
static u64 cmn_f(u64 mask, u64 v)
{
	return (v << __ffs64(mask)) & mask;
}

static u64 cmn_ev(u16 type, u16 id)
{
	return cmn_f(NVU_CMN_CFG_TYPE, type) | cmn_f(NVU_CMN_CFG_EVENTID, id);
}

static u64 cmn_bynode(u16 id)
{
	return NVU_CMN_CFG_BYNODEID | cmn_f(NVU_CMN_CFG_NODEID, id);
}

static u64 cmn_wpev(u16 dir)
{
	return cmn_ev(NVU_CMN_TYPE_WP, dir);
}

/* bynodeid for the first HN-F of @t. */
static u64 cmn_first_hnf(const struct nvu_cmn_topo *t)
{
	unsigned int i;

	for (i = 0; i < t->num_nodes; i++)
		if (t->nodes[i].type == NVU_CMN_TYPE_HNF)
			return cmn_bynode(t->nodes[i].id);
	return 0;
}

static int cmn_check(const struct nvu_cmn_topo *t, u64 c0, u64 c1)
{
	u64 c[3] = { c0, c1, 0 };
	const char *why = NULL;
	int ret = nvu_cmn_event_check(t, c, &why);

	/* A refusal always says why. */
	if (ret && !why)
		return -EFAULT;
	return ret;
}

/* Whether the @n events of config words @c0 fit together. */
static int cmn_fits(struct kunit *test, const struct nvu_cmn_topo *t,
		    const u64 *c0, unsigned int n)
{
	u64 *c = kunit_kcalloc(test, 3 * n, sizeof(*c), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < n; i++)
		c[3 * i] = c0[i];
	return nvu_cmn_group_fits(t, c, n);
}

/* How many nodes the event of @c0 counts on. */
static unsigned int cmn_span(const struct nvu_cmn_topo *t, u64 c0)
{
	u64 c[3] = { c0 };
	unsigned int i, n = 0;

	for (i = 0; i < t->num_xps + t->num_nodes; i++)
		n += nvu_cmn_event_on(c, nvu_cmn_node(t, i));
	return n;
}

/* Each config the mesh cannot count is refused, with a reason. */
static void nvu_cmn_event_refusals(struct kunit *test)
{
	const u64 hnf = cmn_ev(NVU_CMN_TYPE_HNF, 0x01);
	struct emu_cmn_params p = { .rev = 3 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn *c;
	u16 xp_id;

	KUNIT_ASSERT_NOT_NULL(test, t);
	c = cmn_layout_new(test, "8x8", &p);
	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	xp_id = t->xps[9].id;

	KUNIT_EXPECT_EQ(test, cmn_check(t, hnf, 0), 0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_DTC, 0), 0), 0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, hnf | cmn_first_hnf(t), 0), 0);
	/* Types: unknown, and known but absent from this mesh. */
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(0x99, 1), 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_CXRA, 1), 0),
			-EINVAL);
	/* Event IDs of device nodes: 1-0x3f. */
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_HNF, 0), 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_HNF, 0x40), 0),
			-EINVAL);
	/* A node ID no HN-F has (an XP's). */
	KUNIT_EXPECT_EQ(test, cmn_check(t, hnf | cmn_bynode(xp_id), 0),
			-EINVAL);
	/* XP events: ev 1-3, interface 0-5, channel 0-3. */
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_XP, 0x72), 0),
			0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_XP, 0x70), 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_XP, 0x19), 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_XP, 0x81), 0),
			-EINVAL);
	/* Watchpoints. */
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_wpev(NVU_CMN_WP_EV_DOWN), 5), 0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_wpev(1), 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_wpev(0) |
					cmn_f(NVU_CMN_CFG_WP_DEV_SEL, 2), 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_wpev(0) |
					cmn_f(NVU_CMN_CFG_WP_CHN_SEL, 4), 0),
			-EINVAL);
	/* As upstream: wp_grp counts modulo 2, wp_combine is 0-15. */
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_wpev(0) |
					cmn_f(NVU_CMN_CFG_WP_GRP, 3), 0),
			0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_wpev(0) |
					cmn_f(NVU_CMN_CFG_WP_COMBINE, 15), 0),
			0);
	/* Occupancy and watchpoint fields where they do not belong: ignored. */
	KUNIT_EXPECT_EQ(test, cmn_check(t, hnf |
					cmn_f(NVU_CMN_CFG_OCCUPID, 1), 0),
			0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_HNF, 0x0f) |
					cmn_f(NVU_CMN_CFG_OCCUPID, 4), 0),
			0);
	KUNIT_EXPECT_EQ(test, cmn_check(t, cmn_ev(NVU_CMN_TYPE_HNF, 0x0f) |
					cmn_f(NVU_CMN_CFG_OCCUPID, 8), 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, cmn_check(t, hnf, 1), 0);
	nvu_cmn_topo_free(t);
}

/* Which nodes an event counts on: a type (RN-D in RN-I), or one node. */
static void nvu_cmn_event_nodes(struct kunit *test)
{
	struct emu_cmn_params p = { .rev = 3 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct emu_cmn *c;

	KUNIT_ASSERT_NOT_NULL(test, t);
	c = cmn_layout_new(test, "2x2", &p);
	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	/* cmn_layouts[]: 3 HN-F, 2 RN-I and 1 RN-D, 4 XPs. */
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_ev(NVU_CMN_TYPE_HNF, 1)), 3);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_ev(NVU_CMN_TYPE_RNI, 1)), 3);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_ev(NVU_CMN_TYPE_RND, 1)), 3);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_ev(NVU_CMN_TYPE_XP, 0x71)), 4);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_wpev(0)), 4);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_ev(NVU_CMN_TYPE_DTC, 0)), 0);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_ev(NVU_CMN_TYPE_HNF, 1) |
				       cmn_first_hnf(t)), 1);
	KUNIT_EXPECT_EQ(test, cmn_span(t, cmn_wpev(0) |
				       cmn_bynode(t->xps[3].id)), 1);
	nvu_cmn_topo_free(t);
}

/* The node ID of the last HN-F. */
static u64 cmn_last_hnf(const struct nvu_cmn_topo *t)
{
	unsigned int i;
	u16 id = 0;

	for (i = 0; i < t->num_nodes; i++)
		if (t->nodes[i].type == NVU_CMN_TYPE_HNF)
			id = t->nodes[i].id;
	return cmn_bynode(id);
}

/* Group limits, each at its edge. */
static void nvu_cmn_group_limits(struct kunit *test)
{
	const u64 hnf = cmn_ev(NVU_CMN_TYPE_HNF, 0x01);
	const u64 xpe = cmn_ev(NVU_CMN_TYPE_XP, 0x71);
	const u64 cyc = cmn_ev(NVU_CMN_TYPE_DTC, 0);
	const u64 up = cmn_wpev(NVU_CMN_WP_EV_UP), down = cmn_wpev(NVU_CMN_WP_EV_DOWN);
	const u64 cmb = cmn_f(NVU_CMN_CFG_WP_COMBINE, 1);
	const u64 occ = cmn_ev(NVU_CMN_TYPE_HNF, 0x0f);
	struct emu_cmn_params p = { .rev = 3 };
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u64 g[9], one;
	struct emu_cmn *c;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	c = cmn_layout_new(test, "2x2", &p);
	KUNIT_ASSERT_EQ(test, cmn_model_walk(test, c, t), 0);
	one = cmn_last_hnf(t);

	/* 8 global counters: XP events, at most 3 on each of the 4 XPs. */
	for (i = 0; i < 9; i++)
		g[i] = xpe | cmn_bynode(t->xps[i % 4].id);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 8), 0);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 9), -EINVAL);
	/* One cycle counter per DTC (the 2x2 has one). */
	g[0] = cyc;
	g[1] = cyc;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 1), 0);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), -EINVAL);
	/*
	 * Local counters: an XP has two HN-F, so two all-HN-F events fill
	 * its DTM's 4 counters; a third does not fit.
	 */
	g[0] = hnf;
	g[1] = hnf;
	g[2] = hnf;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), 0);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 3), -EINVAL);
	/* XP events: one local counter on every XP, 4 fit. */
	for (i = 0; i < 5; i++)
		g[i] = xpe;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 4), 0);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 5), -EINVAL);
	/* Watchpoints: two each way, a pair with one wp_combine value. */
	g[0] = up;
	g[1] = up;
	g[2] = down;
	g[3] = down;
	g[4] = up;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 4), 0);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 5), -EINVAL);
	g[0] = up | cmb;
	g[1] = up | cmb;
	g[2] = down | cmb;
	g[3] = down;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 3), 0);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 4), -EINVAL);
	g[1] = up;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), -EINVAL);
	g[1] = up | cmn_f(NVU_CMN_CFG_WP_COMBINE, 2);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), -EINVAL);
	/* Occupancy: one value per node. */
	g[0] = occ | cmn_f(NVU_CMN_CFG_OCCUPID, 1);
	g[1] = occ | cmn_f(NVU_CMN_CFG_OCCUPID, 1);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), 0);
	g[1] = occ | cmn_f(NVU_CMN_CFG_OCCUPID, 2);
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), -EINVAL);
	/* ...but two values on two different nodes are fine. */
	g[0] = occ | cmn_f(NVU_CMN_CFG_OCCUPID, 1) | cmn_first_hnf(t);
	g[1] = occ | cmn_f(NVU_CMN_CFG_OCCUPID, 2) | one;
	KUNIT_EXPECT_EQ(test, cmn_fits(test, t, g, 2), 0);
	nvu_cmn_topo_free(t);
}

static struct kunit_case nvu_cmn600_cases[] = {
	KUNIT_CASE(nvu_cmn_topo_2x2),
	KUNIT_CASE(nvu_cmn_topo_shapes),
	KUNIT_CASE(nvu_cmn_topo_narrow_ids),
	KUNIT_CASE(nvu_cmn_topo_bad_root),
	KUNIT_CASE(nvu_cmn_topo_bad_xp_ptrs),
	KUNIT_CASE(nvu_cmn_topo_bad_xps),
	KUNIT_CASE(nvu_cmn_topo_bad_devices),
	KUNIT_CASE(nvu_cmn_model_discovered),
	KUNIT_CASE(nvu_cmn_model_counts),
	KUNIT_CASE(nvu_cmn_model_dtm_enable),
	KUNIT_CASE(nvu_cmn_model_dtc_domains),
	KUNIT_CASE(nvu_cmn_model_layouts),
	KUNIT_CASE(nvu_cmn_model_bad),
	KUNIT_CASE(nvu_cmn_model_xp_events),
	KUNIT_CASE(nvu_cmn_model_watchpoints),
	KUNIT_CASE(nvu_cmn_model_wp_exclusive_combine),
	KUNIT_CASE(nvu_cmn_model_occupancy),
	KUNIT_CASE(nvu_cmn_model_carry_overflow),
	KUNIT_CASE(nvu_cmn_event_refusals),
	KUNIT_CASE(nvu_cmn_event_nodes),
	KUNIT_CASE(nvu_cmn_group_limits),
	{}
};

static struct kunit_suite nvu_cmn600_suite = {
	.name = "nvu_cmn600_topo",
	.test_cases = nvu_cmn600_cases,
};

kunit_test_suite(nvu_cmn600_suite);

MODULE_DESCRIPTION("KUnit: CMN-600 mesh discovery");
MODULE_LICENSE("GPL");
NVU_IMPORT_KUNIT_NS();

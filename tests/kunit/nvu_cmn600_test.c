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

static u16 cmn_xp_id(unsigned int mx, unsigned int my, unsigned int x,
		     unsigned int y)
{
	unsigned int w = mx > 4 || my > 4 ? 3 : 2;

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

/* Mesh shapes: 1 x 1, a row (no XP with ID 8), 3-bit Y fields, 8 x 8. */
static void nvu_cmn_topo_shapes(struct kunit *test)
{
	static const u8 shapes[][3] = {
		/* mesh_x, mesh_y, y_bits */
		{ 1, 1, 2 }, { 4, 1, 2 }, { 8, 1, 3 }, { 1, 3, 2 },
		{ 4, 4, 2 }, { 5, 2, 3 }, { 2, 6, 3 }, { 8, 8, 3 },
	};
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmn_mesh *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int s, n;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (s = 0; s < ARRAY_SIZE(shapes); s++) {
		cmn_mesh(test, c, shapes[s][0], shapes[s][1], 0);
		n = shapes[s][0] * shapes[s][1];
		KUNIT_ASSERT_EQ_MSG(test, cmn_walk(test, c, t), 0, "%ux%u: %s",
				    shapes[s][0], shapes[s][1], t->why);
		KUNIT_EXPECT_EQ(test, t->mesh_x, shapes[s][0]);
		KUNIT_EXPECT_EQ(test, t->mesh_y, shapes[s][1]);
		KUNIT_EXPECT_EQ(test, t->y_bits, shapes[s][2]);
		KUNIT_EXPECT_EQ(test, t->xps[n - 1].id,
				nvu_cmn_xp_id(t, shapes[s][0] - 1,
					      shapes[s][1] - 1));
		/* DTC, n HN-F, n - 1 RN-I. */
		KUNIT_EXPECT_EQ(test, t->num_nodes, 2 * n);
		nvu_cmn_topo_free(t);
	}
}

/* expect_bad: the walk fails with @err, naming the node at @off. */
static void cmn_expect_bad(struct kunit *test, struct cmn_mesh *c, int err,
			   u32 off, const char *what)
{
	struct nvu_cmn_topo *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_EXPECT_EQ_MSG(test, cmn_walk(test, c, t), err, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, t->bad_off, off, "%s: %s", what, t->why);
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
	cmn_set_info(c.m, c.hnf[1], NVU_CMN_TYPE_HNF, 0x20, 0);
	cmn_expect_bad(test, &c, -EINVAL, c.hnf[1], "two HN-F with logical ID 0");
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
		  FIELD_PREP(NVU_CMN_CI_COUNT, NVU_CMN_MAX_XP_CHILDREN + 1) |
		  FIELD_PREP(NVU_CMN_CI_PTR_OFF, CMN_IMG_PTRS));
	cmn_expect_bad(test, &c, -EINVAL, c.xps[1], "17 children");

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
	emu_cmn_cycles(m.c, 5);
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

static struct kunit_case nvu_cmn600_cases[] = {
	KUNIT_CASE(nvu_cmn_topo_2x2),
	KUNIT_CASE(nvu_cmn_topo_shapes),
	KUNIT_CASE(nvu_cmn_topo_bad_root),
	KUNIT_CASE(nvu_cmn_topo_bad_xp_ptrs),
	KUNIT_CASE(nvu_cmn_topo_bad_xps),
	KUNIT_CASE(nvu_cmn_topo_bad_devices),
	KUNIT_CASE(nvu_cmn_model_discovered),
	KUNIT_CASE(nvu_cmn_model_counts),
	KUNIT_CASE(nvu_cmn_model_dtm_enable),
	KUNIT_CASE(nvu_cmn_model_dtc_domains),
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

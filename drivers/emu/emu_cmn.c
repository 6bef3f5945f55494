// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Arm CMN-600 mesh, as a register state machine built from the
 * spec (../shared/spec/cxl-cpmu-and-cmn600.md part B) through
 * include/nvu_cmn600_regs.h, nothing from the driver.
 *
 * The configuration space holds the CFG node (at params.root), the XPs in
 * raster order and, on each XP, an HN-F on port 0 and an RN-I on port 1
 * (device 0 each); DTC k sits on XP k, port 0, device 1; XP 0 also lists
 * an RN-SAM (no PMU) on port 1, device 1, and an external child.  Nodes
 * take 16 KiB slots after the root.
 *
 * Counting: a device node's event slot s holding event E feeds every
 * local counter of its XP's DTM whose input_sel names (port, device, s).
 * A local counter is 16 bits; when paired, each wrap carries one into the
 * 32-bit global counter global_num of the XP's DTC, whose wrap sets
 * PMOVSR.  The cycle counter is 40 bits.  A DTM counts while its
 * pmu_config.pmu_en is set and its DTC has dt_en and PMCR.pmu_en [I: the
 * spec infers each gate]; dtm_control.dtm_enable gates it only with the
 * dtm_enable_gates knob [U].  Writes to PMOVSR_CLR are ignored while
 * PMCR.pmu_en is clear (observed on hardware, spec B.11.4).  Which DTC an
 * XP's DTM feeds is not discoverable on CMN-600 [U]: the dtc_interleave
 * knob picks contiguous blocks of XPs in logical-ID order or XP i % dtcs;
 * a driver must count the same either way.
 */

#include <linux/bitfield.h>
#include <linux/slab.h>

#include "nvu_cmn600_regs.h"
#include "emu_cmn.h"

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
	/* Children: node indexes, or -1 for the external child. */
	int child[8];
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

#define EMU_CMN_MAX_NODES	(1 + NVU_CMN_MAX_XPS * 4)
/* Where each node's child pointer array starts (the model's choice). */
#define EMU_CMN_CHILD_PTRS	0x100

struct emu_cmn {
	struct emu_cmn_params p;
	unsigned int nr_xps;
	unsigned int nr_nodes;
	u32 size;
	struct emu_cmn_node node[EMU_CMN_MAX_NODES];
	/* node index of each XP, by logical ID */
	int xp[NVU_CMN_MAX_XPS];
	struct emu_cmn_dtm dtm[NVU_CMN_MAX_XPS];
	struct emu_cmn_dtc dtc[NVU_CMN_MAX_DTCS];
	/* node index by 16 KiB slot, -1 where there is none */
	int *slot;
};

static int emu_cmn_add(struct emu_cmn *c, u16 type, u16 id, u16 logid,
		       u8 xp)
{
	struct emu_cmn_node *n = &c->node[c->nr_nodes];

	n->off = c->p.root + c->nr_nodes * NVU_CMN_NODE_SIZE;
	n->type = type;
	n->id = id;
	n->logid = logid;
	n->xp = xp;
	n->port = FIELD_GET(NVU_CMN_ID_PORT, id);
	n->dev = FIELD_GET(NVU_CMN_ID_DEV, id);
	return c->nr_nodes++;
}

static void emu_cmn_link(struct emu_cmn *c, int parent, int child)
{
	struct emu_cmn_node *n = &c->node[parent];

	n->child[n->nr_child++] = child;
}

/**
 * emu_cmn_create() - a CMN-600 of the shape @p asks for
 * @p: the mesh
 *
 * Returns the model, or NULL on a bad shape or no memory.
 */
struct emu_cmn *emu_cmn_create(const struct emu_cmn_params *p)
{
	unsigned int x, y, i, w, slots;
	struct emu_cmn *c;
	u16 id;
	int n;

	if (!p->mesh_x || p->mesh_x > NVU_CMN_MAX_DIM || !p->mesh_y ||
	    p->mesh_y > NVU_CMN_MAX_DIM || !p->dtcs ||
	    p->dtcs > NVU_CMN_MAX_DTCS || p->dtcs > p->mesh_x * p->mesh_y ||
	    p->root % NVU_CMN_NODE_SIZE)
		return NULL;
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	c->p = *p;
	c->nr_xps = p->mesh_x * p->mesh_y;
	w = p->mesh_x > 4 || p->mesh_y > 4 ? 3 : 2;

	/* The root's children are the XPs, in c->xp[]. */
	emu_cmn_add(c, NVU_CMN_TYPE_CFG, 0, 0, 0);
	for (i = 0; i < c->nr_xps; i++) {
		x = i % p->mesh_x;
		y = i / p->mesh_x;
		id = x << (NVU_CMN_ID_Y_SHIFT + w) | y << NVU_CMN_ID_Y_SHIFT;
		c->xp[i] = emu_cmn_add(c, NVU_CMN_TYPE_XP, id, i, i);
	}
	for (i = 0; i < c->nr_xps; i++) {
		id = c->node[c->xp[i]].id;
		n = emu_cmn_add(c, NVU_CMN_TYPE_HNF, id, i, i);
		emu_cmn_link(c, c->xp[i], n);
		n = emu_cmn_add(c, NVU_CMN_TYPE_RNI, id | NVU_CMN_ID_PORT, i, i);
		emu_cmn_link(c, c->xp[i], n);
		if (i < p->dtcs) {
			n = emu_cmn_add(c, NVU_CMN_TYPE_DTC, id | 1, i, i);
			emu_cmn_link(c, c->xp[i], n);
		}
		if (!i) {
			n = emu_cmn_add(c, NVU_CMN_TYPE_RNSAM,
					id | NVU_CMN_ID_PORT | 1, 0, i);
			emu_cmn_link(c, c->xp[i], n);
			emu_cmn_link(c, c->xp[i], -1);
		}
	}
	c->size = p->root + c->nr_nodes * NVU_CMN_NODE_SIZE;
	slots = c->size / NVU_CMN_NODE_SIZE;
	c->slot = kmalloc_array(slots, sizeof(*c->slot), GFP_KERNEL);
	if (!c->slot) {
		kfree(c);
		return NULL;
	}
	for (i = 0; i < slots; i++)
		c->slot[i] = -1;
	for (i = 0; i < c->nr_nodes; i++)
		c->slot[c->node[i].off / NVU_CMN_NODE_SIZE] = i;
	return c;
}

void emu_cmn_destroy(struct emu_cmn *c)
{
	if (c)
		kfree(c->slot);
	kfree(c);
}

u32 emu_cmn_size(const struct emu_cmn *c)
{
	return c->size;
}

/* The DTC whose domain holds XP @xp [U: see the top of this file]. */
static struct emu_cmn_dtc *emu_cmn_dtc_of(struct emu_cmn *c, unsigned int xp)
{
	if (c->p.dtc_interleave)
		return &c->dtc[xp % c->p.dtcs];
	return &c->dtc[xp * c->p.dtcs / c->nr_xps];
}

static bool emu_cmn_dtc_on(const struct emu_cmn_dtc *d)
{
	return (d->ctl & NVU_CMN_DTC_CTL_DT_EN) &&
	       (d->pmcr & NVU_CMN_DTC_PMCR_PMU_EN);
}

static unsigned int emu_cmn_dtc_index(const struct emu_cmn_node *n)
{
	return n->logid;
}

static u64 emu_cmn_read_node(struct emu_cmn *c, struct emu_cmn_node *n,
			     u32 reg, unsigned int size)
{
	unsigned int nr_child = n->type == NVU_CMN_TYPE_CFG ? c->nr_xps :
				n->nr_child;
	struct emu_cmn_dtm *m = &c->dtm[n->xp];
	struct emu_cmn_dtc *d;
	unsigned int i;
	int child;
	u64 v;

	switch (reg) {
	case NVU_CMN_NODE_INFO:
		return FIELD_PREP(NVU_CMN_NI_TYPE, n->type) |
		       FIELD_PREP(NVU_CMN_NI_ID, n->id) |
		       FIELD_PREP(NVU_CMN_NI_LOGID, n->logid);
	case NVU_CMN_CHILD_INFO:
		return FIELD_PREP(NVU_CMN_CI_COUNT, nr_child) |
		       FIELD_PREP(NVU_CMN_CI_PTR_OFF, EMU_CMN_CHILD_PTRS);
	}
	if (reg >= EMU_CMN_CHILD_PTRS && !(reg % 8) &&
	    reg < EMU_CMN_CHILD_PTRS + 8 * nr_child) {
		i = (reg - EMU_CMN_CHILD_PTRS) / 8;
		child = n->type == NVU_CMN_TYPE_CFG ? c->xp[i] : n->child[i];
		if (child < 0)
			return NVU_CMN_CHILD_EXTERNAL;
		return c->node[child].off;
	}

	switch (n->type) {
	case NVU_CMN_TYPE_CFG:
		if (reg == NVU_CMN_CFG_PERIPH_ID_01)
			return (NVU_CMN_PART_600 & 0xff) |
			       (u64)(NVU_CMN_PART_600 >> 8) << 32;
		if (reg == NVU_CMN_CFG_PERIPH_ID_2)
			return c->p.rev << 4;
		return 0;
	case NVU_CMN_TYPE_XP:
		if (reg == NVU_CMN_XP_PORT_INFO(0))
			return 0x0e;	/* HN-F */
		if (reg == NVU_CMN_XP_PORT_INFO(1))
			return 0x01;	/* RN-I */
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
		d = &c->dtc[emu_cmn_dtc_index(n)];
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
 * Reads of holes, and outside the space, return 0.
 */
u64 emu_cmn_read(struct emu_cmn *c, u32 off, unsigned int size)
{
	int i;

	if (off >= c->size)
		return 0;
	i = c->slot[off / NVU_CMN_NODE_SIZE];
	if (i < 0)
		return 0;
	return emu_cmn_read_node(c, &c->node[i], off % NVU_CMN_NODE_SIZE, size);
}

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
 */
void emu_cmn_write(struct emu_cmn *c, u32 off, u64 val, unsigned int size)
{
	struct emu_cmn_node *n;
	struct emu_cmn_dtm *m;
	unsigned int i;
	u32 reg;
	int k;

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
		emu_cmn_write_dtc(&c->dtc[emu_cmn_dtc_index(n)], reg, val, size);
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

	m->pmevcnt &= ~(0xffffULL << (16 * i));
	m->pmevcnt |= (sum & 0xffff) << (16 * i);
	if ((m->pmu_config & NVU_CMN_DTM_PAIRED(i)) && (sum >> 16))
		emu_cmn_global_add(emu_cmn_dtc_of(c, xp),
				   (m->pmu_config & NVU_CMN_DTM_GLOBAL_NUM(i)) >>
				   (16 + 4 * i), sum >> 16);
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

/**
 * emu_cmn_count() - traffic: @amount occurrences of event @event
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
	unsigned int k, s, i, sel;
	struct emu_cmn_node *n;
	int reached = 0;
	u64 cfg;

	for (k = 0; k < c->nr_nodes; k++) {
		n = &c->node[k];
		if (n->type != type || (logid >= 0 && n->logid != logid))
			continue;
		reached++;
		if (!event || !emu_cmn_dtm_on(c, n->xp))
			continue;
		cfg = c->dtm[n->xp].pmu_config;
		for (s = 0; s < 4; s++) {
			if (((n->event_sel >> (8 * s)) & NVU_CMN_EVENT_ID_MASK) !=
			    event)
				continue;
			sel = NVU_CMN_SEL_DEV(n->port, n->dev, s);
			for (i = 0; i < NVU_CMN_DTM_NR_COUNTERS; i++)
				if (((cfg & NVU_CMN_DTM_INPUT_SEL(i)) >>
				     (32 + 8 * i)) == sel)
					emu_cmn_local_add(c, n->xp, i, amount);
		}
	}
	return reached;
}

/**
 * emu_cmn_cycles() - @cycles clock cycles on every DTC that counts
 * @c: the model
 * @cycles: how many
 */
void emu_cmn_cycles(struct emu_cmn *c, u64 cycles)
{
	u64 mask = GENMASK_ULL(NVU_CMN_DTC_CYCLE_BITS - 1, 0);
	struct emu_cmn_dtc *d;
	unsigned int i;

	for (i = 0; i < c->p.dtcs; i++) {
		d = &c->dtc[i];
		if (!emu_cmn_dtc_on(d))
			continue;
		if ((d->pmccntr & mask) + (cycles & mask) > mask ||
		    cycles > mask)
			d->pmovsr |= NVU_CMN_DTC_OVS_CYCLE;
		d->pmccntr = (d->pmccntr + cycles) & mask;
	}
}

/**
 * emu_cmn_irq() - the level of DTC @dtc's overflow interrupt
 * @c: the model
 * @dtc: its index
 */
bool emu_cmn_irq(const struct emu_cmn *c, unsigned int dtc)
{
	if (dtc >= c->p.dtcs)
		return false;
	return c->dtc[dtc].pmovsr &&
	       (c->dtc[dtc].pmcr & NVU_CMN_DTC_PMCR_OVFL_INTR_EN);
}

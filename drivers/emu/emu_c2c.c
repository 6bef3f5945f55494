// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Tegra410 NVLink-C2C, NV-CLink and NV-DLink blocks, one
 * implementation for the three links.  Each has 14, 12 or 16 instances and a
 * broadcast block (the last memory resource) whose writes reach every
 * instance.  An instance holds CTRL, IN_STATUS, OUT_STATUS, a cycle counter
 * and eight latency counters: REQ and CUM_OUTS for IN/OUT x RD/WR.  The
 * counters are 64 bits (as upstream's driver, NVIDIA's, reads them) and
 * are read as 32-bit halves; IN_WR_REQ has no high half in the map.
 * Writing CTRL=1 to a stopped instance restarts its counts from zero, or
 * with c2c_restart=0 lets them go on from where they stopped [U]; reads of
 * the broadcast block return 0 [U].
 *
 * Each instance faces one peer (or nothing).  The c2c_peer parameter picks
 * the NVLink-C2C wiring of each socket; the firmware tables describe it
 * (tests/vm/fwgen --c2c-peer).  NV-CLink faces a CPU on all 12 instances,
 * NV-DLink CXL memory on all 16.
 * See Documentation/emu.rst, "C2C-family blocks".
 */

#include <linux/module.h>

#include "emu.h"
#include "nvu_t410_regs.h"

static char *c2c_peer = "gpu";
module_param(c2c_peer, charp, 0444);
MODULE_PARM_DESC(c2c_peer,
		 "NVLink-C2C wiring, per socket (a list; the last item holds for the rest): gpu (GPU0 on instances 0-6, GPU1 on 7-13; default), gpu1 (only GPU1, on 7-13), cpu (another CPU on all 14); none, gpu_wide and gpu_overlap are wired as gpu (they name firmware variants, see tests/vm/fwgen)");

/* Read at every enable, so that a test can switch it between runs. */
static bool c2c_restart = true;
module_param(c2c_restart, bool, 0644);
MODULE_PARM_DESC(c2c_restart,
		 "enabling a stopped C2C-family instance restarts its counts from zero (1, default) or keeps them (0) [U]");

/* NVLink-C2C instances facing each GPU in the GPU topologies. */
#define EMU_C2C_GPU0_INST	GENMASK(6, 0)
#define EMU_C2C_GPU1_INST	GENMASK(13, 7)

enum emu_c2c_topo {
	EMU_C2C_GPU, EMU_C2C_GPU1, EMU_C2C_CPU, EMU_C2C_NONE,
	EMU_C2C_GPU_WIDE, EMU_C2C_GPU_OVERLAP,
};

static const char * const emu_c2c_topo_names[] = {
	[EMU_C2C_GPU] = "gpu", [EMU_C2C_GPU1] = "gpu1",
	[EMU_C2C_CPU] = "cpu", [EMU_C2C_NONE] = "none",
	[EMU_C2C_GPU_WIDE] = "gpu_wide", [EMU_C2C_GPU_OVERLAP] = "gpu_overlap",
};

/* Peers an instance can face: EMU_PEER_* */
#define EMU_C2C_NR_PEERS	(EMU_PEER_CXLMEM + 1)
#define EMU_C2C_MAX_INST	T410_DLINK_NR_INST

/**
 * struct emu_c2c_link - one kind of link
 * @type: the model's block type
 * @nr_inst: instances
 * @prefix: PMU and debugfs name without "_pmu_<socket>"
 */
struct emu_c2c_link {
	struct nvu_emu_type type;
	unsigned int nr_inst;
	const char *prefix;
};

struct emu_c2c_inst {
	u32 ctrl, in_status, out_status;
	u64 cntr[T410_C2C_NR_EVENTS];	/* by event ID; 0 is the cycle counter */
};

struct emu_c2c {
	const struct emu_c2c_link *link;
	u32 peer_inst[EMU_C2C_NR_PEERS];	/* instances facing each peer */
	struct emu_c2c_inst inst[EMU_C2C_MAX_INST];
};

/* The wiring of @socket: its item of the c2c_peer list, else the last. */
static int emu_c2c_topo(int socket)
{
	const char *p = c2c_peer;
	char item[16];
	size_t len;

	while (socket-- > 0 && strchr(p, ','))
		p = strchr(p, ',') + 1;
	len = strcspn(p, ",");
	if (len >= sizeof(item))
		return -EINVAL;
	memcpy(item, p, len);
	item[len] = '\0';
	return match_string(emu_c2c_topo_names, ARRAY_SIZE(emu_c2c_topo_names),
			    item);
}

static const struct emu_c2c_link emu_nvlink_c2c, emu_nvclink, emu_nvdlink;

/* The instances facing each peer, as wired (firmware may say less). */
static void emu_c2c_wiring(const struct emu_c2c_link *link, int socket,
			   u32 peer_inst[EMU_C2C_NR_PEERS])
{
	memset(peer_inst, 0, EMU_C2C_NR_PEERS * sizeof(*peer_inst));
	if (link == &emu_nvdlink) {
		peer_inst[EMU_PEER_CXLMEM] = GENMASK(link->nr_inst - 1, 0);
	} else if (link == &emu_nvclink) {
		peer_inst[EMU_PEER_CPU] = GENMASK(link->nr_inst - 1, 0);
	} else {
		switch (emu_c2c_topo(socket)) {
		case EMU_C2C_CPU:
			peer_inst[EMU_PEER_CPU] = GENMASK(link->nr_inst - 1, 0);
			break;
		case EMU_C2C_GPU1:
			peer_inst[EMU_PEER_GPU1] = EMU_C2C_GPU1_INST;
			break;
		default:
			/*
			 * With "none" the GPUs are there and firmware omits
			 * them; "gpu_wide" and "gpu_overlap" are wired as
			 * "gpu", only firmware's masks differ.
			 */
			peer_inst[EMU_PEER_GPU0] = EMU_C2C_GPU0_INST;
			peer_inst[EMU_PEER_GPU1] = EMU_C2C_GPU1_INST;
			break;
		}
	}
}

/* The instances a transaction reaches; 0 if the line is impossible. */
static u32 emu_c2c_select(const struct emu_c2c_link *link,
			  const u32 peer_inst[EMU_C2C_NR_PEERS],
			  const struct nvu_emu_txn *t)
{
	bool gpu = peer_inst[EMU_PEER_GPU0] | peer_inst[EMU_PEER_GPU1];
	u64 peer = t->v[EMU_PEER], inst = t->v[EMU_INST];
	u32 insts = 0;
	unsigned int p;

	if (t->v[EMU_OP] != EMU_OP_RD && t->v[EMU_OP] != EMU_OP_WR)
		return 0;
	if (t->v[EMU_DIR] != EMU_DIR_IN && t->v[EMU_DIR] != EMU_DIR_OUT)
		return 0;
	for (p = 0; p < EMU_C2C_NR_PEERS; p++)
		if (peer == EMU_ALL || peer == p)
			insts |= peer_inst[p];
	/* Only GPU links carry counted writes; CXL memory is only read. */
	if (t->v[EMU_OP] == EMU_OP_WR && !gpu)
		return 0;
	if (t->v[EMU_DIR] == EMU_DIR_OUT && peer_inst[EMU_PEER_CXLMEM])
		return 0;
	if (inst != EMU_ALL)
		insts &= inst < link->nr_inst ? BIT(inst) : 0;
	return insts;
}

static int emu_c2c_check(const struct nvu_emu_dev *dev,
			 const struct nvu_emu_txn *t)
{
	const struct emu_c2c *c = dev->state;

	return emu_c2c_select(c->link, c->peer_inst, t) ? 0 : -EINVAL;
}

/* Without peer= or inst=, a line reaches every attached instance. */
static void emu_c2c_defaults(struct nvu_emu_txn *t)
{
	t->v[EMU_PEER] = EMU_ALL;
	t->v[EMU_INST] = EMU_ALL;
}

static void emu_c2c_init(struct nvu_emu_dev *dev)
{
	struct emu_c2c *c = dev->state;

	c->link = container_of(dev->type, struct emu_c2c_link, type);
	emu_c2c_wiring(c->link, dev->socket, c->peer_inst);
}

/* Low half of each counter, by event ID; the high half follows. */
static const u32 emu_c2c_cntr_reg[T410_C2C_NR_EVENTS] = {
	T410_C2C_CYCLE_CNTR,
	T410_C2C_IN_RD_CUM_OUTS_CNTR, T410_C2C_IN_RD_REQ_CNTR,
	T410_C2C_IN_WR_CUM_OUTS_CNTR, T410_C2C_IN_WR_REQ_CNTR,
	T410_C2C_OUT_RD_CUM_OUTS_CNTR, T410_C2C_OUT_RD_REQ_CNTR,
	T410_C2C_OUT_WR_CUM_OUTS_CNTR, T410_C2C_OUT_WR_REQ_CNTR,
};

static u64 emu_c2c_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	struct emu_c2c *c = dev->state;
	unsigned int blk = off / T410_C2C_BLOCK_SIZE, id;
	struct emu_c2c_inst *in;
	u64 val;

	if (blk >= c->link->nr_inst)
		return 0;
	in = &c->inst[blk];
	off %= T410_C2C_BLOCK_SIZE;
	switch (off) {
	case T410_C2C_CTRL:
		return in->ctrl;
	case T410_C2C_IN_STATUS:
		return in->in_status;
	case T410_C2C_OUT_STATUS:
		return in->out_status;
	default:
		break;
	}
	for (id = 0; id < T410_C2C_NR_EVENTS; id++) {
		val = in->cntr[id];
		if (off == emu_c2c_cntr_reg[id])
			return size == 8 ? val : lower_32_bits(val);
		if (off == emu_c2c_cntr_reg[id] + 4)
			return upper_32_bits(val);
	}
	return 0;
}

static void emu_c2c_write_inst(struct emu_c2c_inst *in, u32 off, u64 val)
{
	if (off != T410_C2C_CTRL)
		return;
	/*
	 * Model rule [U]: enabling a stopped instance restarts its counts,
	 * unless c2c_restart=0; stopped, an instance counts nothing.
	 */
	if (val == T410_C2C_CTRL_ENABLE && in->ctrl != T410_C2C_CTRL_ENABLE &&
	    READ_ONCE(c2c_restart)) {
		memset(in->cntr, 0, sizeof(in->cntr));
		in->in_status = 0;
		in->out_status = 0;
	}
	in->ctrl = val;
}

static void emu_c2c_write(struct nvu_emu_dev *dev, u32 off, u64 val,
			  unsigned int size)
{
	struct emu_c2c *c = dev->state;
	unsigned int blk = off / T410_C2C_BLOCK_SIZE, i;

	off %= T410_C2C_BLOCK_SIZE;
	if (blk == c->link->nr_inst) {
		for (i = 0; i < c->link->nr_inst; i++)
			emu_c2c_write_inst(&c->inst[i], off, val);
	} else if (blk < c->link->nr_inst) {
		emu_c2c_write_inst(&c->inst[blk], off, val);
	}
}

/* Add to counter @id of @in; a wrap sets its bit in IN/OUT_STATUS. */
static void emu_c2c_add(struct emu_c2c *c, struct emu_c2c_inst *in,
			unsigned int id, u64 amount)
{
	if (!amount || !nvu_emu_add(&in->cntr[id], amount, 64))
		return;
	if (id < T410_C2C_OUT_RD_CUM_OUTS)
		in->in_status |= BIT(id);
	else
		in->out_status |= BIT(id - T410_C2C_OUT_RD_CUM_OUTS);
}

/* Each selected, enabled instance sees the whole batch. */
static void emu_c2c_inject(struct nvu_emu_dev *dev,
			   const struct nvu_emu_txn *t)
{
	struct emu_c2c *c = dev->state;
	unsigned long insts = emu_c2c_select(c->link, c->peer_inst, t);
	u64 n = t->v[EMU_COUNT];
	/* IN RD, IN WR, OUT RD, OUT WR: CUM_OUTS then REQ. */
	unsigned int id = 1 + 4 * t->v[EMU_DIR] + 2 * t->v[EMU_OP];
	unsigned int i;

	for_each_set_bit(i, &insts, c->link->nr_inst) {
		struct emu_c2c_inst *in = &c->inst[i];

		if (in->ctrl != T410_C2C_CTRL_ENABLE)
			continue;
		emu_c2c_add(c, in, id, n * t->v[EMU_OUTS]);
		emu_c2c_add(c, in, id + 1, n);
	}
}

static void emu_c2c_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	struct emu_c2c *c = dev->state;
	unsigned int i;

	for (i = 0; i < c->link->nr_inst; i++)
		if (c->inst[i].ctrl == T410_C2C_CTRL_ENABLE)
			emu_c2c_add(c, &c->inst[i], T410_C2C_CYCLES, cycles);
}

#define EMU_C2C_TYPE(_kind, _nr)				\
	{								\
		.kind = (_kind),					\
		.keys = BIT(EMU_COUNT) | BIT(EMU_OP) | BIT(EMU_DIR) |	\
			BIT(EMU_PEER) | BIT(EMU_INST) | BIT(EMU_OUTS) |	\
			BIT(EMU_CYCLES),				\
		.nr_res = (_nr) + 1,					\
		.res_size = T410_C2C_BLOCK_SIZE,			\
		.state_size = sizeof(struct emu_c2c),			\
		.defaults = emu_c2c_defaults,				\
		.check = emu_c2c_check,					\
		.init = emu_c2c_init,					\
		.read = emu_c2c_read,					\
		.write = emu_c2c_write,					\
		.inject = emu_c2c_inject,				\
		.tick = emu_c2c_tick,					\
	}

static const struct emu_c2c_link emu_nvlink_c2c = {
	.type = EMU_C2C_TYPE("nvlink_c2c", T410_C2C_NR_INST),
	.nr_inst = T410_C2C_NR_INST,
	.prefix = "nvidia_nvlink_c2c",
};

static const struct emu_c2c_link emu_nvclink = {
	.type = EMU_C2C_TYPE("nvclink", T410_CLINK_NR_INST),
	.nr_inst = T410_CLINK_NR_INST,
	.prefix = "nvidia_nvclink",
};

static const struct emu_c2c_link emu_nvdlink = {
	.type = EMU_C2C_TYPE("nvdlink", T410_DLINK_NR_INST),
	.nr_inst = T410_DLINK_NR_INST,
	.prefix = "nvidia_nvdlink",
};

/*
 * One link of @socket.  Firmware describes it (tests/vm/fwgen writes the
 * _HID, _UID and _DSD peer masks); the model only wires it.
 */
static int emu_c2c_create_link(const struct emu_c2c_link *link, int socket)
{
	char name[48];

	snprintf(name, sizeof(name), "%s_pmu_%d", link->prefix, socket);
	return nvu_emu_dev_create(&link->type, name, socket, NULL, -1);
}

int nvu_emu_c2c_create(int socket)
{
	int ret;

	if (emu_c2c_topo(socket) < 0)
		return -EINVAL;
	ret = emu_c2c_create_link(&emu_nvlink_c2c, socket);
	if (!ret)
		ret = emu_c2c_create_link(&emu_nvclink, socket);
	if (!ret)
		ret = emu_c2c_create_link(&emu_nvdlink, socket);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Tegra410 CMEM latency block: 14 instances, each with a cycle
 * counter and request (REQ) and accumulated-outstanding (AOR) counters for
 * three memory channels, plus a broadcast block whose writes reach every
 * instance.  Counters are 64 bits, as upstream's driver (NVIDIA's) reads
 * them.  Reads of the broadcast block return 0 [U].
 */

#include "emu.h"
#include "nvu_t410_regs.h"

struct emu_cmem_inst {
	u64 cg_ctrl, ctrl, status, cycle;
	u64 req[T410_CMEM_NR_MC], aor[T410_CMEM_NR_MC];
};

struct emu_cmem {
	struct emu_cmem_inst inst[T410_CMEM_NR_INST];
};

static int emu_cmem_check(const struct nvu_emu_dev *dev,
			  const struct nvu_emu_txn *t)
{
	if (t->v[EMU_INST] != EMU_ALL && t->v[EMU_INST] >= T410_CMEM_NR_INST)
		return -EINVAL;
	if (t->v[EMU_MC] != EMU_ALL && t->v[EMU_MC] >= T410_CMEM_NR_MC)
		return -EINVAL;
	return 0;
}

static bool emu_cmem_counting(const struct emu_cmem_inst *in)
{
	return in->cg_ctrl == 1 && in->ctrl == T410_CMEM_CTRL_ENABLE;
}

static u64 emu_cmem_read(struct nvu_emu_dev *dev, u32 off, unsigned int size)
{
	struct emu_cmem *c = dev->state;
	unsigned int blk = off / T410_CMEM_BLOCK_SIZE, mc;
	struct emu_cmem_inst *in;

	if (blk >= T410_CMEM_NR_INST)
		return 0;
	in = &c->inst[blk];
	off %= T410_CMEM_BLOCK_SIZE;
	for (mc = 0; mc < T410_CMEM_NR_MC; mc++) {
		if (off == T410_CMEM_REQ_CNTR(mc))
			return in->req[mc];
		if (off == T410_CMEM_AOR_CNTR(mc))
			return in->aor[mc];
	}
	switch (off) {
	case T410_CMEM_CG_CTRL:
		return in->cg_ctrl;
	case T410_CMEM_CTRL:
		return in->ctrl;
	case T410_CMEM_STATUS:
		return in->status;
	case T410_CMEM_CYCLE_CNTR:
		return in->cycle;
	default:
		return 0;
	}
}

static void emu_cmem_write_inst(struct emu_cmem_inst *in, u32 off, u64 val)
{
	switch (off) {
	case T410_CMEM_CG_CTRL:
		in->cg_ctrl = val;
		break;
	case T410_CMEM_CTRL:
		/* Model rule: a gated clock ignores the clear command. */
		if (val == T410_CMEM_CTRL_CLEAR && in->cg_ctrl == 1) {
			in->status = 0;
			in->cycle = 0;
			memset(in->req, 0, sizeof(in->req));
			memset(in->aor, 0, sizeof(in->aor));
		}
		in->ctrl = val;
		break;
	default:
		break;
	}
}

static void emu_cmem_write(struct nvu_emu_dev *dev, u32 off, u64 val,
			   unsigned int size)
{
	struct emu_cmem *c = dev->state;
	unsigned int blk = off / T410_CMEM_BLOCK_SIZE, i;

	off %= T410_CMEM_BLOCK_SIZE;
	if (blk == T410_CMEM_BCAST_RES) {
		for (i = 0; i < T410_CMEM_NR_INST; i++)
			emu_cmem_write_inst(&c->inst[i], off, val);
	} else if (blk < T410_CMEM_NR_INST) {
		emu_cmem_write_inst(&c->inst[blk], off, val);
	}
}

static void emu_cmem_add(struct emu_cmem *c, struct emu_cmem_inst *in,
			 u64 *cntr, u64 amount, u64 status_bit)
{
	if (amount && nvu_emu_add(cntr, amount, 64))
		in->status |= status_bit;
}

/* Each selected instance and channel sees the whole batch. */
static void emu_cmem_inject(struct nvu_emu_dev *dev,
			    const struct nvu_emu_txn *t)
{
	struct emu_cmem *c = dev->state;
	u64 n = t->v[EMU_COUNT], outs = n * t->v[EMU_OUTS];
	unsigned int i, mc;

	for (i = 0; i < T410_CMEM_NR_INST; i++) {
		struct emu_cmem_inst *in = &c->inst[i];

		if (t->v[EMU_INST] != EMU_ALL && t->v[EMU_INST] != i)
			continue;
		if (!emu_cmem_counting(in))
			continue;
		for (mc = 0; mc < T410_CMEM_NR_MC; mc++) {
			if (t->v[EMU_MC] != EMU_ALL && t->v[EMU_MC] != mc)
				continue;
			emu_cmem_add(c, in, &in->req[mc], n,
				     T410_CMEM_STATUS_REQ(mc));
			emu_cmem_add(c, in, &in->aor[mc], outs,
				     T410_CMEM_STATUS_AOR(mc));
		}
	}
}

static void emu_cmem_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	struct emu_cmem *c = dev->state;
	unsigned int i;

	for (i = 0; i < T410_CMEM_NR_INST; i++) {
		if (emu_cmem_counting(&c->inst[i]))
			emu_cmem_add(c, &c->inst[i], &c->inst[i].cycle, cycles,
				     T410_CMEM_STATUS_CYCLE);
	}
}

const struct nvu_emu_type nvu_emu_cmem = {
	.kind = "cmem",
	.keys = BIT(EMU_COUNT) | BIT(EMU_INST) | BIT(EMU_MC) | BIT(EMU_OUTS) |
		BIT(EMU_CYCLES),
	.nr_res = T410_CMEM_NR_INST + 1,
	.res_size = T410_CMEM_BLOCK_SIZE,
	.state_size = sizeof(struct emu_cmem),
	.check = emu_cmem_check,
	.read = emu_cmem_read,
	.write = emu_cmem_write,
	.inject = emu_cmem_inject,
	.tick = emu_cmem_tick,
};

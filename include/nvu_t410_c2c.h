/* SPDX-License-Identifier: GPL-2.0 */
/* Pure helpers of the Tegra410 C2C PMUs, exported for KUnit. */
#ifndef NVU_T410_C2C_H
#define NVU_T410_C2C_H

#include <linux/bits.h>
#include <linux/types.h>

/* Most instances of one link (NV-DLink). */
#define T410_C2C_MAX_INST	16
/* Peers one link can face: GPU0 and GPU1, or a single CPU or CXL memory. */
#define T410_C2C_MAX_PEERS	2

enum t410_c2c_peer_kind {
	T410_C2C_PEER_GPU,
	T410_C2C_PEER_CPU,
	T410_C2C_PEER_CXLMEM,
};

/**
 * struct t410_c2c_topo - what a link is attached to, from firmware
 * @kind: GPUs, another CPU (SoC) or CXL memory
 * @nr_peer: number of attached peers (the sysfs "peer" file)
 * @inst: instances facing each peer; for GPUs, index i is GPU i (a
 *	missing GPU has 0), otherwise index 0 is the one peer
 * @events: BIT(event id) of every event the peer can produce
 */
struct t410_c2c_topo {
	enum t410_c2c_peer_kind kind;
	unsigned int nr_peer;
	u32 inst[T410_C2C_MAX_PEERS];
	u32 events;
};

/* Corrections nvu_t410_c2c_decode_topo() made to firmware's masks. */
#define T410_C2C_FIX_WIDE	BIT(0)	/* bits beyond the last instance */
#define T410_C2C_FIX_OVERLAP	BIT(1)	/* instances in both GPU masks */

int nvu_t410_c2c_decode_topo(bool cxlmem, unsigned int nr_inst,
			     u32 cpu_en_mask, u32 gpu0_en_mask,
			     u32 gpu1_en_mask, struct t410_c2c_topo *topo,
			     unsigned int *fixed);
int nvu_t410_c2c_event_insts(const struct t410_c2c_topo *topo, u64 id,
			     u64 gpu_mask, u32 *insts);

#endif /* NVU_T410_C2C_H */

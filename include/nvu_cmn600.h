/* SPDX-License-Identifier: GPL-2.0 */
/* Arm CMN-600: the discovered mesh topology and the event checks. */
#ifndef NVU_CMN600_H
#define NVU_CMN600_H

#include <linux/bits.h>
#include <linux/types.h>

#include "nvu_cmn600_regs.h"

/**
 * typedef nvu_cmn_read_fn - read a register of the configuration space
 * @ctx: the caller's context
 * @off: offset from PERIPHBASE, aligned to @size, inside the space
 * @size: 4 or 8 bytes
 */
typedef u64 (*nvu_cmn_read_fn)(void *ctx, u32 off, unsigned int size);

/**
 * struct nvu_cmn_node - one node of the mesh
 * @offset: node base, from PERIPHBASE
 * @type: node type (NVU_CMN_TYPE_*)
 * @id: node ID
 * @logid: logical ID among the nodes of its type
 * @xp: logical ID of the XP it hangs off (its own, for an XP)
 * @port: XP port (node ID bit 2)
 * @dev: device ID on that port (node ID bits 1:0)
 */
struct nvu_cmn_node {
	u32 offset;
	u16 type;
	u16 id;
	u16 logid;
	u8 xp;
	u8 port;
	u8 dev;
};

/**
 * struct nvu_cmn_topo - what the walk found
 * @part: part number (0x434 for CMN-600)
 * @rev: revision code (periph_id_2 7:4)
 * @mesh_x: XPs per row
 * @mesh_y: rows
 * @y_bits: width of the node ID's Y field (1 to 3)
 * @num_xps: mesh_x * mesh_y
 * @xps: the XPs, by logical ID (raster order: y * mesh_x + x)
 * @num_nodes: device nodes with a PMU (not external or PMU-less ones)
 * @nodes: the device nodes, sorted by type, then logical ID (kfree())
 * @num_dtcs: DTC nodes among @nodes
 * @bad_off: on failure, the offset of the node that is wrong
 * @why: on failure, what is wrong with it
 */
struct nvu_cmn_topo {
	u16 part;
	u8 rev;
	u8 mesh_x;
	u8 mesh_y;
	u8 y_bits;
	unsigned int num_xps;
	struct nvu_cmn_node xps[NVU_CMN_MAX_XPS];
	unsigned int num_nodes;
	struct nvu_cmn_node *nodes;
	unsigned int num_dtcs;
	u32 bad_off;
	const char *why;
};

int nvu_cmn_discover(nvu_cmn_read_fn rd, void *ctx, u32 size, u32 root,
		     struct nvu_cmn_topo *t);
void nvu_cmn_topo_free(struct nvu_cmn_topo *t);
u16 nvu_cmn_xp_id(const struct nvu_cmn_topo *t, unsigned int x,
		  unsigned int y);
int nvu_cmn_type_counts(u16 type);

/*
 * arm_cmn_<n> config fields, as Linux 6.12 lays them out (spec B.9).
 * wp_combine shares occupid's bits; wp_val is config1, wp_mask config2.
 */
#define NVU_CMN_CFG_TYPE		GENMASK_ULL(15, 0)
#define NVU_CMN_CFG_EVENTID		GENMASK_ULL(26, 16)
#define NVU_CMN_CFG_OCCUPID		GENMASK_ULL(30, 27)
#define NVU_CMN_CFG_BYNODEID		BIT_ULL(31)
#define NVU_CMN_CFG_NODEID		GENMASK_ULL(47, 32)
#define NVU_CMN_CFG_WP_COMBINE		GENMASK_ULL(30, 27)
#define NVU_CMN_CFG_WP_DEV_SEL		GENMASK_ULL(50, 48)
#define NVU_CMN_CFG_WP_CHN_SEL		GENMASK_ULL(55, 51)
#define NVU_CMN_CFG_WP_GRP		GENMASK_ULL(57, 56)
#define NVU_CMN_CFG_WP_EXCLUSIVE	BIT_ULL(58)
#define NVU_CMN_WP_EV_UP		0
#define NVU_CMN_WP_EV_DOWN		2
/* Occupancy events (spec B.7) */
#define NVU_CMN_HNF_POCQ_OCCUPANCY	0x0f
#define NVU_CMN_DN_TRK_OCCUPANCY	0x05

/* Node @i of @t: the XPs first, then the device nodes. */
static inline const struct nvu_cmn_node *
nvu_cmn_node(const struct nvu_cmn_topo *t, unsigned int i)
{
	return i < t->num_xps ? &t->xps[i] : &t->nodes[i - t->num_xps];
}

bool nvu_cmn_is_occup(u16 type, u16 eventid);
bool nvu_cmn_event_on(const u64 *config, const struct nvu_cmn_node *n);
int nvu_cmn_event_check(const struct nvu_cmn_topo *t, const u64 *config,
			const char **why);
int nvu_cmn_group_fits(const struct nvu_cmn_topo *t, const u64 *config,
		       unsigned int n);

#endif /* NVU_CMN600_H */

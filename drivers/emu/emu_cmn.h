/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nvu_emu: the Arm CMN-600 model (drivers/emu/emu_cmn.c), a register state
 * machine built from the spec alone (include/nvu_cmn600_regs.h).  The
 * nvu_emu device "cmn600" (emu_cmn600.c) and the KUnit suite drive it.
 */
#ifndef EMU_CMN_H
#define EMU_CMN_H

#include <linux/types.h>

/* A node table entry of this type is an external child (bit 31 set). */
#define EMU_CMN_EXTERNAL	0

/**
 * struct emu_cmn_place - a device node of a layout
 * @x: column of its XP
 * @y: row of its XP
 * @port: XP port, 0 or 1
 * @dev: device ID on the port, 0-3
 * @type: node type (NVU_CMN_TYPE_*), or EMU_CMN_EXTERNAL
 */
struct emu_cmn_place {
	u8 x;
	u8 y;
	u8 port;
	u8 dev;
	u16 type;
};

/**
 * struct emu_cmn_layout - a named mesh
 * @name: what the cmn= parameter calls it
 * @mesh_x: XPs per row, 1-8
 * @mesh_y: rows, 1-8
 * @root: offset of the CFG node (16 KiB aligned)
 * @nodes: the device nodes (DTCs included), in configuration-space order
 * @nr_nodes: how many
 *
 * Logical IDs are given per type in raster order of the XPs (y, then x),
 * then by port and device ID: the order of (XP logical ID, port, dev).
 */
struct emu_cmn_layout {
	const char *name;
	u8 mesh_x;
	u8 mesh_y;
	u32 root;
	const struct emu_cmn_place *nodes;
	unsigned int nr_nodes;
};

/* Ways the model breaks its tree (bad=cmn600_<i>:WHAT), BIT() of these. */
enum emu_cmn_bad {
	EMU_CMN_BAD_LOOP,	/* the last XP's first child is the root */
	EMU_CMN_BAD_PTR_RANGE,	/* ... beyond any configuration space */
	EMU_CMN_BAD_MISALIGNED,	/* ... 0x100 past its node */
	EMU_CMN_BAD_UNKNOWN_TYPE, /* the last device node reads type 0x55 */
	EMU_CMN_BAD_ZERO_CHILD,	/* the last XP's first child pointer is 0 */
	EMU_CMN_BAD_TOO_MANY,	/* the last XP claims 0xffff children */
	EMU_CMN_BAD_GEOMETRY,	/* XP (0, 1) has node ID 8 + 8, not 8 */
	EMU_CMN_BAD_PART,	/* the CFG node names part 0x43c (CMN-700) */
	EMU_CMN_BAD_ISOLATED,	/* info_global says device isolation is on */
	EMU_CMN_NR_BAD
};

extern const char * const emu_cmn_bad_names[EMU_CMN_NR_BAD];

/* What wp_exclusive means [U] (the wp_exclusive module knob). */
enum {
	EMU_CMN_WPX_INVERT,	/* the watchpoint's whole match inverted */
	EMU_CMN_WPX_VALUE,	/* port and channel select, value match inverted */
};

/**
 * struct emu_cmn_params - the mesh to model
 * @layout: a named layout, or NULL for the generic shape below
 * @mesh_x: generic shape: XPs per row, 1-8
 * @mesh_y: generic shape: rows, 1-8
 * @dtcs: generic shape: DTCs, 1-4, on XPs 0, 1, ... (port 0, device 1)
 * @root: generic shape: offset of the CFG node (16 KiB aligned)
 * @rev: revision code (periph_id_2 7:4)
 * @ae: the part is a CMN-600AE (0x438), not a CMN-600 (0x434)
 * @dtm_enable_gates: knob for an unknown [U]: whether dtm_control.dtm_enable
 *	must be set for a DTM to count (Linux never sets it; the spec says a
 *	model should count regardless: default false)
 * @dtc_interleave: knob for an unknown [U]: which DTC an XP's DTM feeds is
 *	not discoverable on CMN-600; false: DTC k owns a contiguous block of
 *	XPs in logical-ID order, true: XP i feeds DTC i % dtcs
 * @wp_exclusive: knob for an unknown [U]: EMU_CMN_WPX_*
 * @clock_gating: the DTCs gate their clock while the mesh is idle, as
 *	CMN does by default: a DTC's cycle counter does not advance over
 *	idle cycles unless dtc_ctl.cg_disable is set.  How idle a mesh must
 *	be is not public [U]: the model counts a cycle as idle unless the
 *	same transaction carries traffic (emu_cmn_cycles())
 * @stale_ovf: every DTC starts with all overflow status bits set and its
 *	PMU disabled, as a kernel that stopped without clearing them (kexec,
 *	an oops) leaves the mesh (spec B.11.4)
 * @narrow_ids: knob for an unknown [U]: the node ID's Y field is
 *	fls((mesh_x - 1) | (mesh_y - 1)) bits wide, as Linux computes it
 *	(1 on a mesh of at most 2 x 2), not 2 up to 4 x 4 and 3 beyond, as
 *	Arm's SCP firmware numbers CMN-600 nodes (default)
 * @bad: BIT(EMU_CMN_BAD_*): ways to break the tree
 *
 * The generic shape has on every XP an HN-F (port 0) and an RN-I (port
 * 1), DTC k on XP k (port 0, device 1), and on XP 0 an RN-SAM (port 1,
 * device 1) and an external child.
 */
struct emu_cmn_params {
	const struct emu_cmn_layout *layout;
	u8 mesh_x;
	u8 mesh_y;
	u8 dtcs;
	u32 root;
	u8 rev;
	bool ae;
	bool dtm_enable_gates;
	bool dtc_interleave;
	u8 wp_exclusive;
	bool clock_gating;
	bool stale_ovf;
	bool narrow_ids;
	unsigned long bad;
};

/**
 * struct emu_cmn_traffic - events of device nodes or XPs
 * @type: node type (NVU_CMN_TYPE_XP for XP events)
 * @logid: that logical ID only, or -1
 * @nodeid: that node ID only, or -1
 * @event: the event ID as a slot holds it
 * @occup: occupancy class, 1-7, or 0 for traffic without one
 * @count: how many
 */
struct emu_cmn_traffic {
	u16 type;
	int logid;
	int nodeid;
	u8 event;
	u8 occup;
	u64 count;
};

/**
 * struct emu_cmn_flit - flits past the watchpoints of XPs
 * @down: going down (from the XP to the device port): watchpoints 2 and 3;
 *	else up (into the XP): watchpoints 0 and 1
 * @nodeid: the XP's node ID, or -1 for every XP
 * @port: device port, 0 or 1
 * @chan: channel: 0 REQ, 1 RSP, 2 SNP, 3 DAT
 * @val: the flit's value in match group 0 and group 1
 * @count: how many
 */
struct emu_cmn_flit {
	bool down;
	int nodeid;
	u8 port;
	u8 chan;
	u64 val[2];
	u64 count;
};

struct emu_cmn;

const struct emu_cmn_layout *emu_cmn_layout(const char *name);
struct emu_cmn *emu_cmn_create(const struct emu_cmn_params *p);
void emu_cmn_destroy(struct emu_cmn *c);
u32 emu_cmn_size(const struct emu_cmn *c);
u32 emu_cmn_root(const struct emu_cmn *c);
unsigned int emu_cmn_dtcs(const struct emu_cmn *c);
bool emu_cmn_has_node(const struct emu_cmn *c, u16 type, int nodeid);
u64 emu_cmn_read(struct emu_cmn *c, u32 off, unsigned int size);
void emu_cmn_write(struct emu_cmn *c, u32 off, u64 val, unsigned int size);
int emu_cmn_event(struct emu_cmn *c, const struct emu_cmn_traffic *t);
int emu_cmn_count(struct emu_cmn *c, u16 type, int logid, u8 event,
		  u64 amount);
int emu_cmn_flits(struct emu_cmn *c, const struct emu_cmn_flit *f);
void emu_cmn_cycles(struct emu_cmn *c, u64 cycles, bool busy);
bool emu_cmn_irq(const struct emu_cmn *c, unsigned int dtc);
bool emu_cmn_counting(const struct emu_cmn *c);
u64 emu_cmn_counted(const struct emu_cmn *c);

#endif /* EMU_CMN_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nvu_emu: the Arm CMN-600 model (drivers/emu/emu_cmn.c), a register state
 * machine built from the spec alone (include/nvu_cmn600_regs.h).  Not yet
 * a device of nvu_emu: the KUnit suite drives it directly.
 */
#ifndef EMU_CMN_H
#define EMU_CMN_H

#include <linux/types.h>

/**
 * struct emu_cmn_params - the mesh to model
 * @mesh_x: XPs per row, 1-8
 * @mesh_y: rows, 1-8
 * @dtcs: DTCs, 1-4, on XPs 0, 1, ... (port 0, device 1)
 * @root: offset of the CFG node (16 KiB aligned)
 * @rev: revision code (periph_id_2 7:4)
 * @dtm_enable_gates: knob for an unknown [U]: whether dtm_control.dtm_enable
 *	must be set for a DTM to count (Linux never sets it; the spec says a
 *	model should count regardless: default false)
 * @dtc_interleave: knob for an unknown [U]: which DTC an XP's DTM feeds is
 *	not discoverable on CMN-600; false: DTC k owns a contiguous block of
 *	XPs in logical-ID order, true: XP i feeds DTC i % dtcs
 */
struct emu_cmn_params {
	u8 mesh_x;
	u8 mesh_y;
	u8 dtcs;
	u32 root;
	u8 rev;
	bool dtm_enable_gates;
	bool dtc_interleave;
};

struct emu_cmn;

struct emu_cmn *emu_cmn_create(const struct emu_cmn_params *p);
void emu_cmn_destroy(struct emu_cmn *c);
u32 emu_cmn_size(const struct emu_cmn *c);
u64 emu_cmn_read(struct emu_cmn *c, u32 off, unsigned int size);
void emu_cmn_write(struct emu_cmn *c, u32 off, u64 val, unsigned int size);
int emu_cmn_count(struct emu_cmn *c, u16 type, int logid, u8 event,
		  u64 amount);
void emu_cmn_cycles(struct emu_cmn *c, u64 cycles);
bool emu_cmn_irq(const struct emu_cmn *c, unsigned int dtc);

#endif /* EMU_CMN_H */

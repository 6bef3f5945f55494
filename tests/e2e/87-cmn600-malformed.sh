#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600 discovery on broken trees (nvu_emu bad=cmn600_1:WHAT, the
# 4x2 mesh): each fails that mesh's probe with one message naming the
# node's offset and what is wrong, registers no PMU for it, and the other
# two meshes count exactly.  Nothing hangs, nothing reads outside the
# space (the walk never asks the model for a register there).  And a mesh
# another driver holds.
. "$NVU_TESTS/lib.sh"

for what in loop ptr_range misaligned zero_child too_many unknown_type geometry part \
	isolated; do
	before=$(dmesg | wc -l)
	load_cmn bad=cmn600_1:$what
	msgs=$(dmesg | tail -n +$((before + 1)) | grep -E 'nvu_arm_cmn600 ARMHC600:.*node at offset 0x[0-9a-f]+ ')
	expect_eq "$what: messages" 1 "$(echo "$msgs" | grep -c .)"
	echo "# $msgs"
	expect_eq "$what: PMUs" 2 "$(ls $PMUS | grep -c '^arm_cmn_[0-9]*$')"
	for uid in 0 2; do
		p=$(cmn_pmu $uid)
		got=$(counts $p/dtc_cycles/ -- sh -c "echo cycles=$((uid + 5)) >$EMU/cmn600_$uid/inject")
		expect_eq "$what: mesh $uid counts" $((uid + 5)) "$got"
	done
	rmmod nvu_arm_cmn600 nvu_emu || fail "$what: rmmod"
done

# Another driver (a stand-in for upstream's arm-cmn, nvu_holder cmn=1)
# holds the meshes: ours says so once per mesh, registers nothing, and
# counts them once that driver is gone and ours is loaded again.
modprobe nvu_holder cmn=1 || fail "modprobe nvu_holder"
before=$(dmesg | wc -l)
load_cmn
expect_eq "held: messages" 3 "$(dmesg | tail -n +$((before + 1)) |
	grep -c 'ARMHC600:0[0-2]: bound to arm-cmn, not to nvu_arm_cmn600')"
expect_eq "held: PMUs" 0 "$(ls $PMUS | grep -c '^arm_cmn_[0-9]*$')"
rmmod nvu_arm_cmn600 nvu_holder || fail "rmmod"
modprobe nvu_arm_cmn600 || fail "modprobe nvu_arm_cmn600"
got=$(counts $(cmn_pmu 2)/dtc_cycles/ -- sh -c "echo cycles=9 >$EMU/cmn600_2/inject")
expect_eq "released: counts" 9 "$got"
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod"

# The firmware describes three meshes: a model that serves fewer refuses to
# load, with a message, before any driver can read a window nothing
# serves.
before=$(dmesg | wc -l)
if modprobe nvu_emu cmn=none clock_khz=0 2>/dev/null; then
	rmmod nvu_emu
	fail "nvu_emu cmn=none loaded under tables with three meshes"
fi
# (busybox modprobe tries twice: a message each time)
dmesg | tail -n +$((before + 1)) |
	grep -q 'nvu_emu: the firmware describes 3 CMN-600 meshes and cmn= lists 0' ||
	fail "cmn=none refused without its message"
finish

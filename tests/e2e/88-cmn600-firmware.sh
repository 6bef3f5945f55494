#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-fw: --bad cmn600_0:no_root,cmn600_1:small_crs
# Arm CMN-600 bad firmware tables: ARMHC600 _UID 0 with one memory
# resource (no root-node region), _UID 1 with a configuration space that
# ends inside the mesh.  Each probe fails with a message; _UID 2 counts.
. "$NVU_TESTS/lib.sh"
before=$(dmesg | wc -l)
load_cmn
msgs=$(dmesg | tail -n +$((before + 1)))
expect_eq "cmn600_0 without the root region" 1 \
	"$(echo "$msgs" | grep -cE 'ARMHC600:00: .*needs two memory resources')"
expect_eq "cmn600_1 small _CRS" 1 \
	"$(echo "$msgs" | grep -cE 'ARMHC600:01: .*node at offset 0x[0-9a-f]+ names a node outside')"
expect_eq "CMN PMUs" 1 "$(ls $PMUS | grep -c '^arm_cmn_[0-9]*$')"
got=$(counts "$(cmn_pmu 2)/dtc_cycles/" -- sh -c "echo cycles=43 >$EMU/cmn600_2/inject")
expect_eq "cmn600_2 counts" 43 "$got"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600: every read while the mesh counts is exact, and dtc_cycles
# counts idle cycles.
#  - A node event's count is global * 2^16 + local: the DTC's global
#    counter and the DTMs' local counters are read one after the other
#    while they count.  The model's "tear" lands a local counter's carry
#    right after one of the driver's reads: after the DTC's counter (the
#    read takes the old global with the new local, 2^16 low, and a count
#    that seems to go back by less than 2^48 must not be taken for a wrap:
#    that added 2^48 for good), after the DTM's, and after the cycle
#    counter's; on the 4x2 mesh (one DTC) and on the 8x8 (four).  perf
#    stat -I reads every 100 ms; the sum of its intervals is the count.
#  - CMN gates a DTC's clock while the mesh is idle (the model's
#    cmn_clock_gating, on by default, as the hardware): dtc_cycles must
#    count idle cycles too, on every DTC alike, with and without the gating.
. "$NVU_TESTS/lib.sh"

# The offsets the tears name (spec B.5, B.8): a DTC's first global counter
# pair, its cycle counter, a DTM's local counters.
PAIR0=0x2000 PMCCNTR=0x2040 DTM_CNT=0x2220

for gating in 1 0; do
	load_cmn cmn_clock_gating=$gating
	m4=$(cmn_pmu 1) m8=$(cmn_pmu 2)
	g="(clock gating $gating)"

	# 4x2, one DTC: one HN-F.
	id=$(cmn_node_id $m4 HN-F 0)
	d0=$(cmn_dtc_off $m4 0) dtm=$(cmn_dtm_off $m4 "$id")
	[ -n "$id" ] && [ -n "$d0" ] && [ -n "$dtm" ] || fail "4x2: no offsets in the map of $m4"
	ev="hnf_cache_miss,bynodeid=1,nodeid=$id"
	# n4: what the node's local counter has counted since the load.
	n4=0
	cmn_tear_case "4x2: a carry after the DTC read $g" 1 $m4 $ev $id \
		$((d0 + PAIR0)) $n4
	n4=$((n4 + cmn_tear_n))
	cmn_tear_case "4x2: a carry after the DTM read $g" 1 $m4 $ev $id \
		$((dtm + DTM_CNT)) $n4
	n4=$((n4 + cmn_tear_n))
	# The cycle counter, read first in the group: carry and busy cycles
	# land after it, idle cycles before.
	e=$EMU/cmn600_1
	off=$((d0 + PMCCNTR))
	pre=$(((65530 - n4 % 65536 + 65536) % 65536))
	tear_lib
	cat >/tmp/t.sh <<S
. /tmp/tear-lib.sh; tear=$e/tear
echo 'cycles=1000' >$e/inject
echo 'type=hnf event=0x1 nodeid=$id count=$pre' >$e/inject
after $off
echo 'res=0 off=$off type=hnf event=0x1 nodeid=$id count=470 cycles=5000' >\$tear
wait_fired 1
after $off
S
	got=$(interval_sums 2 "{$m4/dtc_cycles/,$m4/$ev/}" /tmp/t.sh) || fail "perf stat"
	expect_eq "4x2: {dtc_cycles, event}, a carry after the cycle counter read $g" \
		"6000 $((pre + 470))" "$(echo $got)"
	# A group read is one pass of reads: {cache_miss, cache_fill} of the
	# same HN-F share its DTM's register and global counter pair 0 (local
	# counters 0 and 1, global counters 0 and 1).  A cache_fill carry
	# lands after the pass's DTM read, seen by cache_miss's bracket:
	# cache_fill must read its local counter again, not the one read
	# before the carry with its global counter read after.
	ev2="hnf_cache_fill,bynodeid=1,nodeid=$id"
	off=$((dtm + DTM_CNT))
	cat >/tmp/t.sh <<S
. /tmp/tear-lib.sh; tear=$e/tear
echo 'type=hnf event=0x1 nodeid=$id count=77' >$e/inject
echo 'type=hnf event=0x3 nodeid=$id count=65530' >$e/inject
after $off
echo 'res=0 off=$off type=hnf event=0x3 nodeid=$id count=470' >\$tear
wait_fired 1
after $off
S
	got=$(interval_sums 2 "{$m4/$ev/,$m4/$ev2/}" /tmp/t.sh) || fail "perf stat"
	expect_eq "4x2: {cache_miss, cache_fill} read as a group, a carry of the second after the DTM read $g" \
		"77 66000" "$(echo $got)"

	# 8x8, four DTCs: every HN-F; a carry on HN-F 0 after the last DTC's
	# read (its DTC was read before, its DTM is read after).
	id=$(cmn_node_id $m8 HN-F 0)
	d3=$(cmn_dtc_off $m8 3) dtm=$(cmn_dtm_off $m8 "$id")
	[ -n "$id" ] && [ -n "$d3" ] && [ -n "$dtm" ] || fail "8x8: no offsets in the map of $m8"
	cmn_tear_case "8x8: a carry after DTC 3's read $g" 2 $m8 hnf_cache_miss $id \
		$((d3 + PAIR0)) 0
	cmn_tear_case "8x8: a carry after the DTM read $g" 2 $m8 hnf_cache_miss $id \
		$((dtm + DTM_CNT)) $cmn_tear_n

	# dtc_cycles on an idle mesh: one per DTC of the 8x8, and the 4x2's.
	got=$(counts $m8/dtc_cycles/ $m8/dtc_cycles/ $m8/dtc_cycles/ \
		$m8/dtc_cycles/ $m4/dtc_cycles/ -- sh -c "
		echo cycles=1000 >$EMU/cmn600_2/inject
		echo cycles=123456 >$EMU/cmn600_1/inject") || fail "perf stat"
	expect_eq "idle cycles on each DTC of the 8x8 and on the 4x2 $g" \
		"1000 1000 1000 1000 123456" "$(echo $got)"
	# Busy cycles count with the gating on too; the cycle counter of a
	# DTC counts again after its event stopped.
	got=$(counts $m4/dtc_cycles/ -- sh -c "
		echo 'type=hnf event=0x1 count=1 cycles=300' >$EMU/cmn600_1/inject
		echo cycles=20 >$EMU/cmn600_1/inject") || fail "perf stat"
	expect_eq "busy and idle cycles $g" 320 "$got"
	rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod"
done
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The PCIE RC's one BDF comparator: the RC counts in one source mode at a
# time, "BDF X" or "not BDF", taken by the events scheduled in.  Run with
# the model's comparator filtering only its own counter
# (pcie_bdf_global=0) and every counter of the RC (1) [U]: the counts must
# be the same.
#  - Beside a pinned event of BDF 0x2781, events of another BDF, without a
#    BDF or with root ports open in other sessions but never count
#    ("<not counted>": perf would multiplex them with flexible events);
#    an event of the same BDF, and another BDF on the RC next door, count
#    exactly.
#  - Once the pinned event is closed, the others count exactly.
#  - An event that is open but disabled (perf stat -D) holds nothing.
#  - A group is refused if it needs two modes.
. "$NVU_TESTS/lib.sh"

pmu=nvidia_pcie_pmu_0_rc_1 rc2=nvidia_pcie_pmu_0_rc_2
bdf=src_bdf=0x2781,src_bdf_en=1 other=src_bdf=0x0180,src_bdf_en=1

# One round of traffic: 5 reads from 27:01.1 on root port 3, 7 from
# 01:01.0 on root port 1, 11 from 02:00.0 on root port 2; after a pause,
# so that perf has enabled its events on a slow machine.
cat >/tmp/mix.sh <<S
sleep 0.3
echo 'op=rd rp=3 count=5 bdf=0x2781' >$EMU/$pmu/inject
echo 'op=rd rp=1 count=7 bdf=0x0180' >$EMU/$pmu/inject
echo 'op=rd rp=2 count=11 bdf=0x0200' >$EMU/$pmu/inject
echo 'op=rd rp=1 count=13 bdf=0x0180' >$EMU/$rc2/inject
S

for g in 0 1; do
	load_t410 pcie_bdf_global=$g pcie_rp_mask=0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff
	m="pcie_bdf_global=$g:"

	# Each mode alone, one after the other.
	got=$(counts $pmu/rd_req/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m no source filter alone" 23 "$got"
	got=$(counts $pmu/rd_req,$other/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m BDF 0x0180 alone" 7 "$got"

	hold pinned -x, -a -e $pmu/rd_req,$bdf/D -o /tmp/pinned.out
	got=$(counts $pmu/rd_req,$other/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m another BDF beside the pinned one" "<not counted>" "$got"
	got=$(counts $pmu/rd_req/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m no source filter beside the pinned BDF" "<not counted>" "$got"
	got=$(counts $pmu/rd_req,src_rp_mask=0x6/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m root ports beside the pinned BDF" "<not counted>" "$got"
	got=$(counts $pmu/rd_req,$bdf/ $rc2/rd_req,$other/ -- sh /tmp/mix.sh) ||
		fail "perf stat"
	expect_eq "$m the same BDF" 5 "$(echo "$got" | sed -n 1p)"
	expect_eq "$m next RC, BDF 0x0180" 13 "$(echo "$got" | sed -n 2p)"
	release pinned
	expect_eq "$m pinned BDF over 4 rounds" 20 \
		"$(grep -v '^#' /tmp/pinned.out | grep . | cut -d, -f1)"

	# The mode is free again.
	got=$(counts $pmu/rd_req/ $pmu/rd_req,src_rp_mask=0x6/ -- sh /tmp/mix.sh) ||
		fail "perf stat"
	expect_eq "$m no source filter after the BDF closed" 23 "$(echo "$got" | sed -n 1p)"
	expect_eq "$m root ports 1-2 after the BDF closed" 18 "$(echo "$got" | sed -n 2p)"

	# A disabled event holds nothing.
	hold idle -x, -D 100000 -a -e $pmu/rd_req,$bdf/ -o /tmp/idle.out
	got=$(counts $pmu/rd_req,$other/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m another BDF beside a disabled one" 7 "$got"
	got=$(counts $pmu/rd_req/ -- sh /tmp/mix.sh) || fail "perf stat"
	expect_eq "$m no source filter beside a disabled BDF" 23 "$got"
	release idle

	# A group in two modes is refused; in one mode it counts.
	got=$(counts "{$pmu/rd_req,$bdf/,$pmu/wr_req/}" -- true)
	expect_eq "$m group of a BDF and no source filter" "<not supported>" "$(echo "$got" | sed -n 2p)"
	got=$(counts "{$pmu/rd_req,$bdf/,$pmu/event=0x0,$bdf/,$pmu/cycles/}" -- sh /tmp/mix.sh) ||
		fail "perf stat"
	expect_eq "$m group of one BDF: rd_req" 5 "$(echo "$got" | sed -n 1p)"
	expect_eq "$m group of one BDF: rd_bytes" 320 "$(echo "$got" | sed -n 2p)"
	expect_eq "$m group of one BDF: cycles" 0 "$(echo "$got" | sed -n 3p)"

	rmmod $T410_DRIVERS nvu_emu || fail "rmmod"
done
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: polled counters at the rates the driver must assume.  A
# counter sums every event of its mask, and a queue occupancy event adds
# a queue's depth every cycle, so the poll period follows the events
# programmed: half the counter's range at the rate bound (max_rate) times
# what the event can add per cycle (Documentation/cxl.rst).  The model's
# background traffic (its "rate" file) runs at that bound, and a group
# reads one snapshot (the Freeze register), so the counter of a mask must
# read exactly the sum of the counters of its events.
. "$NVU_TESTS/lib.sh"
p=$(cxl_pmu 0 0)

# group_sum EVENT...: one group; prints its counts, then "ok" if the first
# equals the sum of the others.
group_sum() {
	_g=$(echo "$@" | tr ' ' ,)
	# shellcheck disable=SC2046
	set -- $(counts "{$_g}" -- sleep 2.5)
	_first=$1
	shift
	_sum=0
	for _c; do
		_sum=$((_sum + _c))
	done
	echo "$_first = $*"
	[ "$_first" = "$_sum" ] && echo ok
}

# 16-bit counters without the overflow interrupt at max_rate=1e8: one
# event per cycle needs a read every 328 us.
load_cxl cxl_fns=1 cxl_width=16 cxl_ovf_int=0 cxl_all_groups=1 -- max_rate=100000000
# A queue occupancy event may add max_per_cycle (64) a cycle: a 16-bit
# counter would need a read every 5 us, so it is refused without the
# interrupt; counting cycles (edge) it adds at most one.
refused $p/rd_queue_occ/ $p/vid=0x1e98,gid=0x20,mask=0xffff/
expect_eq "rd_queue_occ with edge opens" 0 "$(counts $p/rd_queue_occ,edge=1/ -- true)"
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"

# 32 bits at the default bound (2e9/s): one event per cycle is read every
# 1.07 s.
load_cxl cxl_fns=1 cxl_width=32 cxl_ovf_int=0 cxl_all_groups=1
# Three M2S request events at 1.5e9/s each: the counter of all three
# gains 4.8e9 in 1.07 s, more than its range; read every 0.36 s.
printf 'gid=0x20 ev=1 count=1000000000\ngid=0x20 ev=1 count=500000000\ngid=0x20 ev=2 count=1000000000\ngid=0x20 ev=2 count=500000000\ngid=0x20 ev=3 count=1000000000\ngid=0x20 ev=3 count=500000000\n' \
	>$EMU/$p/rate || fail "rate"
got=$(group_sum $p/vid=0x1e98,gid=0x20,mask=0xe/ $p/m2s_req_memrd/ \
	$p/m2s_req_memrddata/ $p/m2s_req_memrdfwd/)
echo >$EMU/$p/rate
expect_eq "32 bits: mask 0xe counts the sum of its three events" ok "$(echo "$got" | sed -n 2p)"
echo "# $(echo "$got" | head -1)"
expect_range "32 bits: m2s_req_memrd in 2.5 s at 1.5e9/s" 2500000000 5000000000 \
	"$(echo "$got" | head -1 | cut -d' ' -f3)"
# Three queue occupancies at 1.7e9/s each add 5.4e9 in 1.07 s, more
# than the range.  Each may add 64 a cycle: read every 5.6 ms.
printf 'gid=0x8001 ev=0 count=1000000000\ngid=0x8001 ev=0 count=700000000\ngid=0x8001 ev=1 count=1000000000\ngid=0x8001 ev=1 count=700000000\ngid=0x8001 ev=2 count=1000000000\ngid=0x8001 ev=2 count=700000000\n' \
	>$EMU/$p/rate || fail "rate"
got=$(group_sum $p/vid=0x1e98,gid=0x8001,mask=0x7/ $p/rd_queue_occ/ \
	$p/wr_queue_occ/ $p/rd_wr_merged_queue_occ/)
echo >$EMU/$p/rate
expect_eq "32 bits: mask 0x7 counts the sum of its three occupancies" ok "$(echo "$got" | sed -n 2p)"
echo "# $(echo "$got" | head -1)"
finish

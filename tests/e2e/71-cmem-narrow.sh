#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CMEM counters narrower than the driver was told ([U] width: model
# cmem_width=32, driver counter_width=36, then 64): a wrap the configured
# width cannot make is dropped, logged once, and counting goes on from the
# new value; no jump of 2^36 (or 2^64) reaches perf.
. "$NVU_TESTS/lib.sh"
cmem=nvidia_cmem_latency_pmu_0
msg="wrapped where"

# 36 bits configured: the driver reads every 67 ms.  Counter MC0 of
# instance 0 goes to 2^32-16, wraps at 32 bits to 16 (a backward step only
# a 2^36 wrap could explain, after far more than half the range), then
# counts 100, then wraps again to 66.
load_t410 cmem_width=32
rmmod nvu_t410_cmem_lat
modprobe nvu_t410_cmem_lat counter_width=36 || fail "counter_width=36"
before=$(dmesg | grep -c "$msg")
cat >/tmp/narrow.sh <<S
echo 'inst=0 mc=0 count=$(((1 << 32) - 16))' >$EMU/$cmem/inject
sleep 0.5
echo 'inst=0 mc=0 count=32' >$EMU/$cmem/inject
sleep 0.5
echo 'inst=0 mc=0 count=100' >$EMU/$cmem/inject
sleep 0.5
echo 'inst=0 mc=0 count=$(((1 << 32) - 50))' >$EMU/$cmem/inject
sleep 0.5
S
got=$(counts $cmem/rd_req/ -- sh /tmp/narrow.sh) || fail "perf stat"
expect_eq "36-bit driver, 32-bit counter: wraps dropped" $(((1 << 32) - 16 + 100)) "$got"
expect_eq "messages for two impossible wraps" 1 $(($(dmesg | grep -c "$msg") - before))
dmesg | grep "$msg"
# The next session starts from cleared counters and counts exactly.
got=$(counts $cmem/rd_req/ -- sh -c "echo 'inst=all mc=all count=7' >$EMU/$cmem/inject")
expect_eq "next session" $((42 * 7)) "$got"
rmmod $T410_DRIVERS nvu_emu

# 64 bits configured (the default), no polling: the counter wraps at 32
# bits to 5, above where it started; only STATUS tells.  Socket 1 with
# the same traffic below the wrap counts exactly.
load_t410 cmem_width=32
before=$(dmesg | grep -c "$msg")
got=$(counts $cmem/rd_req/ nvidia_cmem_latency_pmu_1/rd_req/ -- sh -c "
	echo 'inst=3 mc=2 count=$(((1 << 32) + 5))' >$EMU/$cmem/inject
	echo 'inst=3 mc=2 count=$(((1 << 32) - 1))' >$EMU/nvidia_cmem_latency_pmu_1/inject") ||
	fail "perf stat"
expect_eq "64-bit driver, 32-bit counter: wrap dropped" 0 "$(echo "$got" | sed -n 1p)"
expect_eq "socket 1 below the wrap" $(((1 << 32) - 1)) "$(echo "$got" | sed -n 2p)"
expect_eq "messages" 1 $(($(dmesg | grep -c "$msg") - before))

# The same wrap between two reads of "perf stat -I", as one event and as a
# group (read as one transaction): each read sees STATUS as it is at that
# read, so the wrap to 5 is dropped there, not counted as 5 because an
# earlier read's STATUS was reused.  The workload injects once an interval
# has been printed and ends two intervals later.
# interval_total EVENTS: the sum of rd_req over every interval, or a
# message (never a number) if any interval was not a count.
interval_total() {
	cat >/tmp/int71.sh <<S
n=0; while [ \$(grep -cF ',$cmem/rd_req/,' /tmp/int71.out) -lt 1 ] && [ \$n -lt 1200 ]; do n=\$((n + 1)); sleep 0.05; done
echo 'inst=3 mc=2 count=$(((1 << 32) + 5))' >$EMU/$cmem/inject
n=0; while [ \$(grep -cF ',$cmem/rd_req/,' /tmp/int71.out) -lt 3 ] && [ \$n -lt 1200 ]; do n=\$((n + 1)); sleep 0.05; done
S
	perf stat -I 100 -x, -a -e "$1" -- sh /tmp/int71.sh 2>/tmp/int71.out ||
		{ cat /tmp/int71.out; fail "perf stat -I failed"; }
	grep -F ",$cmem/rd_req/," /tmp/int71.out | cut -d, -f2 | awk '
		$1 !~ /^[0-9]+$/ { bad = bad " " $0 }
		{ s += $1; n++ }
		END { if (bad != "" || n < 3) print n " intervals, not counts:" bad; else print s }'
}
for evs in "$cmem/rd_req/" "{$cmem/rd_req/,$cmem/cycles/}"; do
	expect_eq "64-bit driver, wrap between interval reads of $evs: dropped" 0 \
		"$(interval_total "$evs")"
done
finish

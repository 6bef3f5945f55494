#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600 counters wrap between reads, and the driver polls them: it
# uses no overflow interrupt, even where firmware names one per DTC
# (nvu_emu cmn_irq=1).  The meshes start as a kernel that stopped without
# clearing them leaves them (cmn_stale_ovf=1: overflow status set, PMU
# disabled, where a clear is ignored): the probe's reset clears it.  The
# cycle counter (40 bits) and a global counter (index 5: the sixth event
# of a group; 32 bits, the top of an event's 48-bit sum) wrap between the
# reads of "perf stat -I", which grow by less than 2^47 each (the poll
# keeps them so): the counts are exact; with nobody reading, the poll
# alone keeps them so.
. "$NVU_TESTS/lib.sh"

load_cmn cmn_irq=1 cmn_stale_ovf=1
m8=$(cmn_pmu 2) e8=$EMU/cmn600_2/inject
expect_eq "no interrupt line requested" 0 "$(grep -c ' ARMHC600:0[0-2]$' /proc/interrupts)"

got=$(counts $(cmn_pmu 0)/dtc_cycles/ $(cmn_pmu 1)/dtc_cycles/ $m8/dtc_cycles/ -- sh -c "
	for i in 0 1 2; do echo cycles=1000 >$EMU/cmn600_\$i/inject; done") || fail "perf stat"
expect_eq "cycles, no wrap" "1000 1000 1000" "$(echo $got)"

# interval_total EVENT N EVENTS LINE...: "perf stat -I 100 -e EVENTS" over
# injections of each LINE with intervals between; the sum of EVENT's
# intervals (the N-th of EVENTS), or a message if any was not a count.
interval_total() {
	_ev=$1 _n=$2 _evs=$3 _k=1
	shift 3
	echo "w() { n=0; while [ \$(grep -c '^ *[0-9.]*,' /tmp/int82.out) -lt \$1 ] && [ \$n -lt 1200 ]; do n=\$((n + 1)); sleep 0.05; done; }" >/tmp/int82.sh
	echo "w $_n" >>/tmp/int82.sh
	for _l; do
		_k=$((_k + 2))
		echo "echo '$_l' >$e8; w $((_n * _k))" >>/tmp/int82.sh
	done
	perf stat -I 100 -x, -a -e "$_evs" -- sh /tmp/int82.sh 2>/tmp/int82.out ||
		{ cat /tmp/int82.out; fail "perf stat -I failed"; }
	grep -F ",$_ev," /tmp/int82.out | cut -d, -f2 | awk '
		$1 !~ /^[0-9]+$/ { bad = bad " " $0 }
		{ s += $1; n++ }
		END { if (bad != "" || n < 5) print n " intervals, not counts:" bad; else printf "%.0f\n", s }'
}

half=$((1 << 39))
expect_eq "cycle counter wraps between reads" $((2 * half + 5)) \
	"$(interval_total $m8/dtc_cycles/ 1 $m8/dtc_cycles/ "cycles=$half" "cycles=$((half + 5))")"

# Global counter 5 of every DTC: the sixth event of a group (one HN-F
# each).  Three times 2^47 - 1 events on one HN-F carry more than 2^32
# times into it: it wraps.
id=$(cmn_node_id $m8 HN-F 0)
g=
for k in 1 2 3 4 5; do
	g="$g$m8/hnf_cache_fill,bynodeid=1,nodeid=$(cmn_node_id $m8 HN-F $k)/,"
done
g="{$g$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/}"
h=$(((1 << 47) - 1))
expect_eq "global counter 5 wraps between reads" $((3 * h)) \
	"$(interval_total "$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/" 6 "$g" \
		"type=hnf event=0x1 nodeid=$id count=$h" \
		"type=hnf event=0x1 nodeid=$id count=$h" \
		"type=hnf event=0x1 nodeid=$id count=$h")"

# Nobody reads but the driver's poll (1.07 s): twice 2^47 - 1 events 2 s
# apart pass 2^48 between perf's reads; the poll keeps each read's
# growth below 2^47, so the count is exact (without the poll the one
# read at the end would see 2^48 - 2 of a 48-bit sum: nothing).
got=$(counts "$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/" -- sh -c "
	echo 'type=hnf event=0x1 nodeid=$id count=$h' >$e8; sleep 2
	echo 'type=hnf event=0x1 nodeid=$id count=$h' >$e8") || fail "perf stat"
expect_eq "polled while nobody reads" $((2 * h)) "$got"
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600 overflow interrupts (nvu_emu cmn_irq=1: one line per DTC as
# the firmware tables name them).  The meshes start as a kernel that
# stopped without clearing them leaves them (cmn_stale_ovf=1: overflow
# status set, PMU disabled, where a clear is ignored): the probe's reset
# really clears it, so counting raises no interrupt.  Then the cycle
# counter and a global counter (index 5: the sixth event of a group) wrap
# between the reads of "perf stat -I": each wrap raises the interrupt of
# its DTC on the PMU's owner CPU, its status is cleared (no storm), and
# the counts are exact.  With cmn_irq_shared=1 the DTCs of a mesh share
# one line, requested once.
. "$NVU_TESTS/lib.sh"

# irq_count NAME: interrupts taken on the lines named NAME, summed.
irq_count() {
	grep " $1\$" /proc/interrupts | awk '{ for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) s += $i } END { print s + 0 }'
}
# irq_on_cpu NAME CPU: interrupts taken on CPU on the lines named NAME.
irq_on_cpu() {
	grep " $1\$" /proc/interrupts | awk -v c=$(($2 + 2)) '{ s += $c } END { print s + 0 }'
}

load_cmn cmn_irq=1 cmn_stale_ovf=1
m8=$(cmn_pmu 2) e8=$EMU/cmn600_2/inject
expect_eq "lines: one per DTC (1 + 1 + 4)" 6 "$(grep -c ' ARMHC600:0[0-2]$' /proc/interrupts)"

got=$(counts $(cmn_pmu 0)/dtc_cycles/ $(cmn_pmu 1)/dtc_cycles/ $m8/dtc_cycles/ -- sh -c "
	for i in 0 1 2; do echo cycles=1000 >$EMU/cmn600_\$i/inject; done") || fail "perf stat"
expect_eq "cycles, no wrap" "1000 1000 1000" "$(echo $got)"
expect_eq "stale overflow status: no interrupt" 0 "$(irq_count 'ARMHC600:0[0-2]')"

# interval_total EVENT N LINE1 LINE2: "perf stat -I 100" over two
# injections with intervals between; the sum of EVENT's intervals (the
# N-th event of the -e list), or a message if any was not a count.
interval_total() {
	_ev=$1 _n=$2
	cat >/tmp/int82.sh <<S
w() { n=0; while [ \$(grep -c '^ *[0-9.]*,' /tmp/int82.out) -lt \$1 ] && [ \$n -lt 1200 ]; do n=\$((n + 1)); sleep 0.05; done; }
w $((_n * 1))
echo '$3' >$e8
w $((_n * 3))
echo '$4' >$e8
w $((_n * 5))
S
	perf stat -I 100 -x, -a -e "$5" -- sh /tmp/int82.sh 2>/tmp/int82.out ||
		{ cat /tmp/int82.out; fail "perf stat -I failed"; }
	grep -F ",$_ev," /tmp/int82.out | cut -d, -f2 | awk '
		$1 !~ /^[0-9]+$/ { bad = bad " " $0 }
		{ s += $1; n++ }
		END { if (bad != "" || n < 5) print n " intervals, not counts:" bad; else print s }'
}

owner=$(cat $PMUS/$m8/cpumask)
before=$(irq_on_cpu 'ARMHC600:02' $owner) all=$(irq_count 'ARMHC600:02')
half=$((1 << 39))
expect_eq "cycle counter wraps between reads" $((2 * half + 5)) \
	"$(interval_total $m8/dtc_cycles/ 1 "cycles=$half" "cycles=$((half + 5))" $m8/dtc_cycles/)"
# Every DTC's cycle counter runs while the PMU is enabled, and the model's
# cycles= advances them all: each of the 4 DTCs raises its line once.
expect_eq "cycle wrap: interrupts on the owner CPU $owner" 4 \
	$(($(irq_on_cpu 'ARMHC600:02' $owner) - before))
expect_eq "cycle wrap: interrupts anywhere" 4 $(($(irq_count 'ARMHC600:02') - all))

# Global counter 5 of every DTC: the sixth event of a group (one HN-F
# each).  One HN-F's 2^47 events carry 2^31 times into it; twice that
# wraps it.
id=$(cmn_node_id $m8 HN-F 0)
g=
for k in 1 2 3 4 5; do
	g="$g$m8/hnf_cache_fill,bynodeid=1,nodeid=$(cmn_node_id $m8 HN-F $k)/,"
done
g="{$g$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/}"
before=$(irq_on_cpu 'ARMHC600:02' $owner) all=$(irq_count 'ARMHC600:02')
h=$((1 << 47))
expect_eq "global counter 5 wraps between reads" $((2 * h + 7)) \
	"$(interval_total "$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/" 6 \
		"type=hnf event=0x1 nodeid=$id count=$h" \
		"type=hnf event=0x1 nodeid=$id count=$((h + 7))" "$g")"
expect_eq "global wrap: interrupts on the owner CPU" 1 \
	$(($(irq_on_cpu 'ARMHC600:02' $owner) - before))
expect_eq "global wrap: interrupts anywhere" 1 $(($(irq_count 'ARMHC600:02') - all))
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod"

load_cmn cmn_irq=1 cmn_irq_shared=1
expect_eq "shared: one line per mesh" 3 "$(grep -c ' ARMHC600:0[0-2]$' /proc/interrupts)"
finish

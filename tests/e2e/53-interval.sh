#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# "perf stat -I" (counts read while counting) on every PMU type: each
# interval shows exactly what was injected in it.  The workload injects
# batch k into every type, then waits until perf has printed interval k
# before injecting batch k + 1.  perf reads all counters of an interval
# before it prints any of them, so batch k + 1 always lands after interval
# k's read and, being a single write, long before interval k + 1's read
# (1 s later): no timing can move a batch into another interval.  The
# deterministic clock (clock_khz=0) makes the cycle counts exact too.
. "$NVU_TESTS/lib.sh"
load_t410
N=4
S=0

t410_pmu ucf $S
first_ev=$pmu/$ev/
evs=
: >/tmp/int.sh
k=0
while [ $k -lt $N ]; do
	k=$((k + 1))
	i=0
	for t in $T410_TYPES; do
		i=$((i + 1))
		t410_pmu $t $S
		t410_inject $((k * 1000 + i)) >>/tmp/int.sh
	done
	echo "echo 'cycles=$((k * 111))' >$EMU/nvidia_ucf_pmu_$S/inject" >>/tmp/int.sh
	echo "echo 'cycles=$((k * 222))' >$EMU/nvidia_cmem_latency_pmu_$S/inject" >>/tmp/int.sh
	# Wait for interval k's line of the first event (at most 60 s).
	echo "n=0; while [ \$(grep -c ',$first_ev,' /tmp/int.out) -lt $k ] && [ \$n -lt 1200 ]; do n=\$((n + 1)); sleep 0.05; done" >>/tmp/int.sh
done
for t in $T410_TYPES; do
	t410_pmu $t $S
	evs="$evs${evs:+,}$pmu/$ev/"
done
evs="$evs,nvidia_ucf_pmu_$S/cycles/,nvidia_cmem_latency_pmu_$S/cycles/"

perf stat -I 1000 -x, -a -e "$evs" -- sh /tmp/int.sh 2>/tmp/int.out ||
	{ cat /tmp/int.out; fail "perf stat -I failed"; }
cat /tmp/int.out

# values EVENT: the count of EVENT in each interval, space-separated.
values() {
	grep -F ",$1," /tmp/int.out | cut -d, -f2 | tr '\n' ' ' | sed 's/ $//'
}
# check WHAT EVENT EXPECTED: EXPECTED, perhaps followed by the last,
# partial interval perf prints as the workload exits, which saw nothing.
check() {
	_got=$(values "$2")
	[ "$_got" = "$3 0" ] && _got=$3
	expect_eq "$1 per interval" "$3" "$_got"
}
i=0
for t in $T410_TYPES; do
	i=$((i + 1))
	t410_pmu $t $S
	check "$pmu/$ev/" "$pmu/$ev/" "$(seq $N | while read -r k; do printf '%s ' $((k * 1000 + i)); done | sed 's/ $//')"
done
check "UCF cycles" nvidia_ucf_pmu_$S/cycles/ "$(seq $N | while read -r k; do printf '%s ' $((k * 111)); done | sed 's/ $//')"
check "CMEM cycles" nvidia_cmem_latency_pmu_$S/cycles/ "$(seq $N | while read -r k; do printf '%s ' $((k * 222)); done | sed 's/ $//')"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPU hotplug with two CPUs per socket (tests/vm/run --smp 4): socket 1's
# owner CPU goes offline and comes back, four times, while one event of
# every PMU type counts.  Each time ownership moves to the other CPU of
# socket 1 (never off the socket) and stays there when the old owner comes
# back (an associated, local owner is kept); counts stay exact.  Then the
# same with the UCF overflow interrupt (nvu_emu ucf_irq=1, 32-bit counters
# wrapping on every batch): counts stay exact, and every overflow
# interrupt is taken on the CPU that owned the PMU at that moment.
# Skipped (77) with fewer than two online CPUs in each socket.
. "$NVU_TESTS/lib.sh"
need_2cpus_per_socket
load_t410
a=$(node_cpus 1 | head -n 1) b=$(node_cpus 1 | sed -n 2p)
ROUNDS=4

# owners: the cpumask of every type's socket-1 PMU, on one line.
owners() {
	for _t in $T410_TYPES; do
		t410_pmu $_t 1
		printf '%s ' "$(cat $PMUS/$pmu/cpumask)"
	done | sed 's/ $//'
}
# same_owner CPU: what owners prints when CPU owns all of them.
same_owner() {
	for _t in $T410_TYPES; do
		printf '%s ' "$1"
	done | sed 's/ $//'
}

expect_eq "socket 1 owners before" "$(same_owner $a)" "$(owners)"
evs= masks= step=0 total=0
for t in $T410_TYPES; do
	t410_pmu $t 1
	evs="$evs $pmu/$ev/"
	masks="$masks $PMUS/$pmu/cpumask"
done
# The workload: per round, a batch of a new size into every type before,
# while and after the owner is offline; the owners are logged each time.
{
	owner=$a
	r=0
	while [ $r -lt $ROUNDS ]; do
		r=$((r + 1))
		for phase in before off on; do
			step=$((step + 1))
			total=$((total + step))
			for t in $T410_TYPES; do
				t410_pmu $t 1
				t410_inject $step
			done
			case $phase in
			before) echo "echo 0 >/sys/devices/system/cpu/cpu$owner/online"
				echo "echo off $owner: \$(cat $masks) >>/tmp/owners.log" ;;
			off) echo "echo 1 >/sys/devices/system/cpu/cpu$owner/online"
				echo "echo on $owner: \$(cat $masks) >>/tmp/owners.log" ;;
			esac
		done
		[ "$owner" = "$a" ] && owner=$b || owner=$a
	done
} >/tmp/hp.sh
: >/tmp/owners.log
total=$((step * (step + 1) / 2))
# shellcheck disable=SC2086
got=$(counts $evs -- sh /tmp/hp.sh) || fail "perf stat failed"
owner=$a
r=0
while [ $r -lt $ROUNDS ]; do
	r=$((r + 1))
	[ "$owner" = "$a" ] && new=$b || new=$a
	expect_eq "round $r: owners with CPU $owner offline" "off $owner: $(same_owner $new)" \
		"$(sed -n "$((2 * r - 1))p" /tmp/owners.log)"
	expect_eq "round $r: owners with CPU $owner back" "on $owner: $(same_owner $new)" \
		"$(sed -n "$((2 * r))p" /tmp/owners.log)"
	owner=$new
done
expect_eq "every type across $ROUNDS owner moves" "$(same_owner $total)" "$(echo $got)"
rmmod $T410_DRIVERS nvu_emu

# The UCF overflow interrupt follows the owner.  Counters start at half
# range (2^31), so each batch of 2^31 + 7 wraps exactly once; the pause
# lets the interrupt handler fold it before the next batch.
load_t410 ucf_irq=1 ucf_width=32
ucf=nvidia_ucf_pmu_1
half=$(((1 << 31) + 7))
# irqs_on CPU: interrupts of the model's lines taken by CPU.
irqs_on() {
	awk -v c="CPU$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) col = i + 1 }
		/nvu_emu/ && $1 ~ /:/ { n += $col } END { print n + 0 }' /proc/interrupts
}
grep -q nvu_emu /proc/interrupts || fail "no nvu_emu interrupt in /proc/interrupts"
for c in $(node_cpus 0) $a $b; do
	eval "irq0_$c=$(irqs_on $c)"
done
expect_eq "$ucf owner before" "$a" "$(cat $PMUS/$ucf/cpumask)"
{
	owner=$a
	r=0
	while [ $r -lt $ROUNDS ]; do
		r=$((r + 1))
		[ "$owner" = "$a" ] && new=$b || new=$a
		batch="cat $PMUS/$ucf/cpumask >>/tmp/irq.owners; echo 'op=rd count=$half' >$EMU/$ucf/inject; sleep 0.1"
		echo "$batch"
		echo "echo 0 >/sys/devices/system/cpu/cpu$owner/online"
		echo "$batch"
		echo "echo 1 >/sys/devices/system/cpu/cpu$owner/online"
		echo "$batch"
		owner=$new
	done
} >/tmp/irq.sh
: >/tmp/irq.owners
got=$(counts $ucf/slc_access_rd/ -- sh /tmp/irq.sh) || fail "perf stat failed"
batches=$((3 * ROUNDS))
expect_eq "$ucf 32-bit counter, $batches wrapping batches across owner moves" \
	$((batches * half)) "$got"
# Owner per batch: round 1 a, b, b; round 2 b, a, a; and so on.
want= x=$a y=$b
for r in $(seq $ROUNDS); do
	want="$want $x $y $y"
	t=$x x=$y y=$t
done
expect_eq "owner at each batch" "$want" "$(printf ' %s' $(cat /tmp/irq.owners))"
for c in $(node_cpus 0) $a $b; do
	eval "before=\$irq0_$c"
	expect_eq "overflow interrupts on CPU $c" "$(grep -cx "$c" /tmp/irq.owners)" \
		$(($(irqs_on $c) - before))
done
finish

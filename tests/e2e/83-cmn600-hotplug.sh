#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600 and CPU hotplug (tests/vm/run --smp 4): the 4x2 mesh sits on
# socket 1 (its firmware proximity domain), so its PMU's owner is a CPU of
# socket 1 and its associated_cpus are socket 1's.  While an HN-F event
# and the cycle counter count, the owner goes offline and comes back four
# times: ownership moves to the other CPU of socket 1 and stays there, and
# the counts stay exact.  Skipped (77) with fewer than two online CPUs in each
# socket.
. "$NVU_TESTS/lib.sh"
need_2cpus_per_socket
load_cmn
m4=$(cmn_pmu 1) e4=$EMU/cmn600_1/inject
a=$(node_cpus 1 | head -n 1) b=$(node_cpus 1 | sed -n 2p)
ROUNDS=4

expect_eq "associated_cpus" "$(cat /sys/devices/system/node/node1/cpulist)" \
	"$(cat $PMUS/$m4/associated_cpus)"
expect_eq "owner before" "$a" "$(cat $PMUS/$m4/cpumask)"
{
	owner=$a step=0 r=0
	while [ $r -lt $ROUNDS ]; do
		r=$((r + 1))
		for phase in before off on; do
			step=$((step + 1))
			echo "echo 'type=hnf event=0x1 count=$step' >$e4"
			echo "echo 'cycles=$step' >$e4"
			case $phase in
			before) echo "echo 0 >/sys/devices/system/cpu/cpu$owner/online"
				echo "echo off $owner: \$(cat $PMUS/$m4/cpumask) >>/tmp/owners.log" ;;
			off) echo "echo 1 >/sys/devices/system/cpu/cpu$owner/online"
				echo "echo on $owner: \$(cat $PMUS/$m4/cpumask) >>/tmp/owners.log" ;;
			esac
		done
		[ "$owner" = "$a" ] && owner=$b || owner=$a
	done
} >/tmp/hp.sh
: >/tmp/owners.log
steps=$((ROUNDS * 3))
total=$((steps * (steps + 1) / 2))
got=$(counts $m4/hnf_cache_miss/ $m4/dtc_cycles/ -- sh /tmp/hp.sh) || fail "perf stat failed"
owner=$a r=0
while [ $r -lt $ROUNDS ]; do
	r=$((r + 1))
	[ "$owner" = "$a" ] && new=$b || new=$a
	expect_eq "round $r: owner with CPU $owner offline" "off $owner: $new" \
		"$(sed -n "$((2 * r - 1))p" /tmp/owners.log)"
	expect_eq "round $r: owner with CPU $owner back" "on $owner: $new" \
		"$(sed -n "$((2 * r))p" /tmp/owners.log)"
	owner=$new
done
expect_eq "hnf_cache_miss across $ROUNDS owner moves" $(($(cmn_nodes $m4 HN-F) * total)) \
	"$(echo "$got" | sed -n 1p)"
expect_eq "dtc_cycles across $ROUNDS owner moves" $total "$(echo "$got" | sed -n 2p)"
finish

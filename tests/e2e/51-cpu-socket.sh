#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Events opened with "perf stat -C" on a given CPU, for every PMU type, with
# two CPUs per socket (tests/vm/run --smp 4: CPUs 0-1 socket 0, 2-3 socket
# 1).  A CPU of the other socket is refused (perf prints "<not
# supported>", or perf 6.12 sometimes nothing); the non-owner CPU of the right socket is accepted and the
# event runs on the owner: it counts exactly, and it keeps counting while
# the CPU it was opened on is offline.  Skipped (77) with fewer than two
# online CPUs in each socket.
. "$NVU_TESTS/lib.sh"

need_2cpus_per_socket

# What perf prints for an event the kernel refused: perf 6.1 a
# "<not supported>" line; perf 6.12, for a run of that one event, the same
# or (seen for PMUs of socket 1 with -C 1) no line at all, while "perf
# stat -v" says the event is not supported by the kernel.  An event the
# driver accepted would print its count either way.
far_cpu() {
	_r=$(on_cpu "$@")
	[ -z "$_r" ] && [ "$(perf_series)" != 6.1 ] && _r="<not supported>"
	echo "$_r"
}
load_t410

# on_cpu CPU COUNT: perf stat -C CPU of $pmu/$ev/ over one batch of COUNT.
on_cpu() {
	perf stat -x, -C "$1" -e "$pmu/$ev/" -o /tmp/cpu.out -- \
		sh -c "$(t410_inject "$2")" \
		>/tmp/cpu.err 2>&1 || { cat /tmp/cpu.err; echo "perf-failed"; return; }
	_l=$(grep -v '^#' /tmp/cpu.out | grep .)
	# Anything unexpected: show perf's whole line (run time, percentage).
	case $_l in
	[0-9]*,* | "<not supported>"*) ;;
	*) echo "perf -C $1 printed: $_l" >&2 ;;
	esac
	echo "${_l%%,*}"
}

n=0
for s in 0 1; do
	own=$(node_cpus $s | head -n 1) other=$(node_cpus $s | sed -n 2p)
	far=$(node_cpus $((1 - s)) | sed -n 2p)
	for t in $T410_TYPES; do
		n=$((n + 1))
		t410_pmu $t $s
		expect_eq "$pmu owner" "$own" "$(cat $PMUS/$pmu/cpumask)"
		expect_eq "$pmu -C $far (socket $((1 - s)))" "<not supported>" "$(far_cpu "$far" 5)"
		expect_eq "$pmu -C $other (non-owner)" $((100 + n)) "$(on_cpu "$other" $((100 + n)))"
		expect_eq "$pmu -C $own (owner)" $((200 + n)) "$(on_cpu "$own" $((200 + n)))"
	done
done

# Opened on socket 1's non-owner CPU, every type at once: the events live
# on the owner, so taking the CPU they were opened on offline and back
# loses nothing (an event left on that CPU would stop counting).
own=$(node_cpus 1 | head -n 1) other=$(node_cpus 1 | sed -n 2p)
evs=
: >/tmp/batch.sh
for t in $T410_TYPES; do
	t410_pmu $t 1
	evs="$evs${evs:+,}$pmu/$ev/"
	for c in 1 2 3; do
		t410_inject $c >>/tmp/batch.sh
	done
done
cat >/tmp/off.sh <<S
sh /tmp/batch.sh
echo 0 >/sys/devices/system/cpu/cpu$other/online
cat $PMUS/nvidia_ucf_pmu_1/cpumask >/tmp/owner.off
sh /tmp/batch.sh
echo 1 >/sys/devices/system/cpu/cpu$other/online
sh /tmp/batch.sh
S
perf stat -x, -C "$other" -e "$evs" -o /tmp/off.out -- sh /tmp/off.sh >/tmp/off.err 2>&1 ||
	{ cat /tmp/off.err; fail "perf stat -C $other"; }
expect_eq "owner while CPU $other is offline" "$own" "$(cat /tmp/owner.off)"
expect_eq "every type, opened on CPU $other, across its hotplug" \
	"18 18 18 18 18 18 18" "$(grep -v '^#' /tmp/off.out | grep . | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
finish

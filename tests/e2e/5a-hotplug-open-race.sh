#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf opening events while the owner moves: the owner of socket 1's UCF
# PMU goes offline and comes back, whichever CPU it is by then, in a loop
# while perf stat sessions open, count and close one UCF event of socket 1
# each.  perf names the owner's CPU at event_init() and installs the event
# there later; the owner may have moved in between.  Every session counts
# exactly, or perf reports the event it could not place (the open fails,
# "<not supported>" when the CPU it named went offline first, no line at
# all when the owner in "cpumask" was not online yet or any more as perf
# read the online CPUs, or "<not counted>": installed on a CPU just as it
# went offline, where perf detaches it); never another number.  Where perf
# opened the event on several CPUs (arm64's perf, below), each of them
# counts exactly.  The loop pauses while a session's traffic is injected (a
# batch landing while perf moves the context would miss the counter, on
# hardware too).  Afterwards a session counts exactly on the owner.  The
# deterministic form of the race is KUnit's nvu_t410_stray_install.
#
# Raw counts (--no-scale): an event whose install add() refused, on a CPU
# the owner had left, runs only once nvu_stray_work() has moved it.  Its
# running time is then short of its enabled time, and perf would print
# its estimate, the exact count scaled up by a percent or two.
. "$NVU_TESTS/lib.sh"
load_t410
n=${NVU_RACE_SESSIONS:-40}
pmu=nvidia_ucf_pmu_1
cpus=$(node_cpus 1)
for c in $cpus; do
	[ -w /sys/devices/system/cpu/cpu$c/online ] ||
		{ echo "SKIP: CPU $c of socket 1 cannot go offline"; exit 77; }
done
[ -n "$cpus" ] || { echo "SKIP: socket 1 has no CPU online"; exit 77; }
rm -f /tmp/race.stop /tmp/race.pause /tmp/race.paused

# The hotplug loop; it acknowledges a pause between two changes.
(
	moves=0
	while [ ! -e /tmp/race.stop ]; do
		if [ -e /tmp/race.pause ]; then
			: >/tmp/race.paused
			sleep 0.02
			continue
		fi
		rm -f /tmp/race.paused
		o=$(cat $PMUS/$pmu/cpumask)
		echo 0 >/sys/devices/system/cpu/cpu$o/online
		echo 1 >/sys/devices/system/cpu/cpu$o/online
		moves=$((moves + 1))
	done
	echo "$moves owner changes" >/tmp/race.moves
) &
hp=$!

# The session's workload: pause the loop, inject, let it go on.
cat >/tmp/race.sh <<S
: >/tmp/race.pause
while [ ! -e /tmp/race.paused ]; do sleep 0.02; done
sleep 0.2
echo "op=rd count=\$1" >$EMU/$pmu/inject
rm -f /tmp/race.pause
S

i=0 exact=0 late=0 refused=0 detached=0 none=0 multi=0
while [ $i -lt "$n" ]; do
	i=$((i + 1))
	want=$((1000 + i))
	# Per CPU (-A): a line "CPU<n>,<value>,..." for each CPU perf opened
	# the event on.
	out=$(perf stat -A -x, -a --no-scale -e $pmu/slc_access_rd/ -- sh /tmp/race.sh $want 2>&1)
	rc=$?
	rm -f /tmp/race.pause
	lines=$(echo "$out" | grep ",$pmu/slc_access_rd/," | sed 's/^CPU[0-9]*,//')
	v=$(echo "$lines" | cut -d, -f1 | sort -u)
	if [ -z "$lines" ]; then
		if [ "$rc" != 0 ] || echo "$out" | grep -q 'syscall returned with'; then
			refused=$((refused + 1))
			echo "session $i: open refused: $(echo "$out" | grep -v '^$' | head -n 2 | tr '\n' ' ')"
		else
			none=$((none + 1))
			echo "session $i: perf opened nothing (cpumask named a CPU it did not see online)"
		fi
	elif [ "$v" = "$want" ] && [ "$(echo "$lines" | wc -l)" -gt 1 ]; then
		# perf on arm64 keeps only the online CPUs of a PMU's cpumask
		# (its workaround for CPU PMUs), as read when it starts; if
		# the owner was offline then, it opens the event on every
		# online CPU, each event counts on the owner, and perf's sum
		# is a multiple.  Each event counted exactly.
		multi=$((multi + 1))
		echo "session $i: perf opened the event on $(echo "$out" | grep ",$pmu/" | cut -d, -f1 | tr '\n' ' ')(the owner offline as perf started), each counted $want"
	elif [ "$v" = "$want" ]; then
		exact=$((exact + 1))
		# Running less than enabled: it waited to be moved.
		p=$(echo "$lines" | cut -d, -f5)
		if [ "$p" != 100.00 ]; then
			late=$((late + 1))
			echo "session $i: counted $want, running $p% of its enabled time (moved after its install was refused)"
		fi
	elif [ "$v" = "<not counted>" ]; then
		detached=$((detached + 1))
		echo "session $i: <not counted>: $(echo "$out" | grep "$pmu/")"
	elif [ "$v" = "<not supported>" ]; then
		refused=$((refused + 1))
		echo "session $i: open refused: $(echo "$out" | grep -v '^$' | head -n 2 | tr '\n' ' ')"
	else
		echo "FAIL: session $i: expected $want, got '$v' (perf exit $rc): $out"
		NVU_FAILED=1
	fi
done
: >/tmp/race.stop
wait $hp
echo "sessions: $exact exact ($late of them moved after a refused install), $multi exact on several CPUs, $refused refused at open, $none opened nothing, $detached <not counted>; $(cat /tmp/race.moves)"
expect_eq "sessions accounted for" "$n" "$((exact + multi + refused + none + detached))"
[ "$exact" -ge 1 ] || { echo "FAIL: no session counted"; NVU_FAILED=1; }

expect_eq "socket 1 back online" "$(echo $cpus)" "$(echo $(node_cpus 1))"
expect_eq "after the race" 4321 \
	"$(counts $pmu/slc_access_rd/ -- sh -c "echo 'op=rd count=4321' >$EMU/$pmu/inject")"
finish

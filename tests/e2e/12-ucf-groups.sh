#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# UCF groups: a full group (8 counters + the cycle counter) counts exactly;
# a group larger than the counters is refused; more events than counters
# outside a group are multiplexed and still total correctly after scaling.
. "$NVU_TESTS/lib.sh"
load_t410
pmu=nvidia_ucf_pmu_0
ev="$pmu/event=0x111/"

# 8 slc_access_rd + cycles in one group.
g="{$ev,$ev,$ev,$ev,$ev,$ev,$ev,$ev,$pmu/cycles/}"
got=$(counts "$g" -- sh -c "echo 'op=rd count=1234 cycles=777' >$EMU/$pmu/inject") ||
	fail "full group refused"
for i in 1 2 3 4 5 6 7 8; do
	expect_eq "group member $i" 1234 "$(echo "$got" | sed -n "${i}p")"
done
expect_eq "group cycles" 777 "$(echo "$got" | sed -n 9p)"

# A ninth event counter in one group is refused at open; the group is
# then never scheduled.
g="{$ev,$ev,$ev,$ev,$ev,$ev,$ev,$ev,$ev}"
got=$(counts "$g" -- true)
nc="<not counted>"
expect_eq "9-counter group" "$nc $nc $nc $nc $nc $nc $nc $nc <not supported>" "$(echo $got)"

# There is one cycle counter: a second cycles event in a group is refused,
# and outside a group it waits its turn (multiplexed).
got=$(counts "{$pmu/cycles/,$pmu/cycles/}" -- true)
expect_eq "two cycle events in a group" "<not counted> <not supported>" "$(echo $got)"

# Multiplexing: 12 events share 7 counters under steady background traffic,
# beside a pinned event that holds the 8th: the raw counts add up to what
# the model's counters took, and perf's estimates are close to the pinned
# count (check_multiplexed).
echo "op=rd count=200000" >"$EMU/$pmu/rate"
evs="${ev}D"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	evs="$evs,$ev"
done
mux_stat $pmu "$EMU/$pmu/rate" "$evs" 3
check_multiplexed 13
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tests/loops/not-counted.sh [SESSIONS]: SESSIONS (default 200) perf stat
# sessions of 12 events on four PMUs (UCF and PCIE of both sockets), each
# with injected traffic and an exact expected count.  Every session that
# prints "<not counted>" is shown with perf's line and classified: never
# enabled (run time 0, and perf's 5th field 100.00: enabled time 0 too,
# perf's clock did not move) or enabled but never running (run time 0 out
# of an enabled time: never scheduled).  Wrong counts are shown too.  Ends
# with one line of totals and fails if any session was wrong.  Not part of
# make check: run it in a VM (tests/vm/run), with the host loaded, as
# tests/README.md describes ("The <not counted> flake").
. "$NVU_TESTS/lib.sh"
n=${1:-200}
load_t410

echo "# clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
dmesg | grep -iE 'tsc|clocksource|sched_clock' | sed 's/^/# dmesg: /' | head -n 20

evs= want= script=/tmp/nc.sh
: >$script
for s in 0 1; do
	u=nvidia_ucf_pmu_$s p=nvidia_pcie_pmu_${s}_rc_0
	a=$((1000 + s)) b=$((2000 + s)) c=$((3000 + s))
	d=$((4000 + s)) e=$((5000 + s)) f=$((6000 + s))
	evs="$evs $u/slc_access_rd/ $u/slc_access_wr/ $u/cycles/ $p/rd_req/ $p/wr_req/ $p/cycles/"
	want="$want $a $b $c $d $e $f"
	cat >>$script <<S
echo 'op=rd count=$a' >$EMU/$u/inject
echo 'op=wr count=$b' >$EMU/$u/inject
echo 'cycles=$c' >$EMU/$u/inject
echo 'op=rd rp=0 count=$d' >$EMU/$p/inject
echo 'op=wr rp=0 count=$e' >$EMU/$p/inject
echo 'cycles=$f' >$EMU/$p/inject
S
done
want=$(echo $want)
evs=$(echo $evs | tr ' ' ',')

i=0 never=0 idle=0 wrong=0
while [ $i -lt "$n" ]; do
	i=$((i + 1))
	perf stat -x, -a -e "$evs" -o /tmp/nc.out -- sh $script >/tmp/nc.err 2>&1 ||
		{ cat /tmp/nc.err; fail "perf stat, session $i"; }
	lines=$(grep -v '^#' /tmp/nc.out | grep .)
	got=$(echo "$lines" | cut -d, -f1 | xargs)
	[ "$got" = "$want" ] && continue
	if echo "$lines" | grep -q '^<not counted>'; then
		# value,unit,event,run time,run/enabled percent
		e=$(echo "$lines" | grep '^<not counted>' | awk -F, '
			$5 == "100.00" { nv++ } $5 != "100.00" { ni++ }
			END { printf "%d %d", nv, ni }')
		never=$((never + ${e% *})) idle=$((idle + ${e#* }))
		echo "# session $i: <not counted>: never enabled ${e% *}, enabled but never running ${e#* }"
	else
		wrong=$((wrong + 1))
		echo "# session $i: wrong counts"
	fi
	echo "$lines" | sed 's/^/#   /'
done
echo "# $n sessions of $(echo "$evs" | tr ',' '\n' | wc -l) events: <not counted> never enabled $never, enabled but never running $idle; sessions with wrong counts $wrong"
[ $((never + idle + wrong)) = 0 ] || NVU_FAILED=1
finish

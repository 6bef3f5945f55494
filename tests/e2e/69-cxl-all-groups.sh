#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU with an Event Capabilities register for every event group the
# CXL specification defines (the model's cxl_all_groups), all of them on
# configurable counters: every event is listed, perf list shows each one,
# and every group counts exactly, each event by its name and the whole
# group on one counter.  Then the Freeze register: a group read after
# counting stopped is one snapshot, to the cycle.
. "$NVU_TESTS/lib.sh"

load_cxl cxl_fns=1 cxl_all_groups=1 cxl_fixed=0 cxl_free=0 cxl_config=17
p=$(cxl_pmu 0 0)

# The 115 events of the specification (3.0, 3.1 and 4.0), all countable.
ls $PMUS/$p/events | sort >/tmp/sysfs.ev
expect_eq "events listed" 115 "$(wc -l </tmp/sysfs.ev)"
for P in perf /opt/perf-6.12/perf; do
	$P list pmu 2>/dev/null | grep -o "$p/[a-z0-9_]*/" | sed "s|^$p/||; s|/\$||" |
		sort -u >/tmp/list.ev
	expect_eq "$($P version): perf list shows every event" "" \
		"$(diff /tmp/sysfs.ev /tmp/list.ev)"
done

# gid_of EVENT, bit_of EVENT: from the event's config in sysfs.
gid_of() {
	printf '0x%x' $(($(event_config $p "$1" | sed 's/config=//') >> 32 & 0xffff))
}
bit_of() {
	_m=$(($(event_config $p "$1" | sed 's/config=//') & 0xffffffff)) _b=0
	while [ $((_m >> _b)) -ne 1 ]; do
		_b=$((_b + 1))
	done
	echo $_b
}

# Every group: bit b injected 3b+1 times (vid 0x1e98, or cycles for
# clock_ticks), counted by each event of the group by name, and by the
# mask of all of them on one counter.
for ev in $(cat /tmp/sysfs.ev); do
	echo "$(gid_of $ev) $(bit_of $ev) $ev"
done | sort >/tmp/groups
for gid in $(cut -d' ' -f1 /tmp/groups | sort -u); do
	: >/tmp/w.sh
	evs= want= mask=0 sum=0
	while read -r g b ev; do
		[ "$g" = "$gid" ] || continue
		if [ "$ev" = clock_ticks ]; then
			echo "echo 'cycles=$((3 * b + 1))' >$EMU/$p/inject" >>/tmp/w.sh
		else
			echo "echo 'gid=$gid ev=$b count=$((3 * b + 1))' >$EMU/$p/inject" >>/tmp/w.sh
		fi
		evs="$evs $p/$ev/"
		want="$want $((3 * b + 1))"
		mask=$((mask | 1 << b))
		sum=$((sum + 3 * b + 1))
	done </tmp/groups
	# shellcheck disable=SC2086
	expect_eq "group $gid" "$(echo $want $sum)" "$(counts $evs \
		"$p/vid=0x1e98,gid=$gid,mask=$(printf 0x%x $mask)/" -- sh /tmp/w.sh | xargs)"
done
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"

# --- Freeze: a group stops as one -----------------------------------------
# The model's clock runs (1 GHz) and counters on the same clock_ticks
# event count every cycle they are enabled and not frozen.  perf stops
# a group with the PMU disabled, which freezes every counter at once, and
# then stops and reads each one: equal counts, however long the reads took
# between them.  (Counters stopped one after another would differ by the
# cycles between their stops.)
load_cxl cxl_fns=1 cxl_fixed=0 cxl_free=0 clock_khz=1000000
for run in 1 2 3; do
	c=$(counts "{$p/clock_ticks/,$p/clock_ticks/,$p/clock_ticks/}" -- sleep 0.1 | xargs)
	set -- $c
	if is_count "$1" && [ "$1" -gt 0 ] && [ "$1" = "$2" ] && [ "$1" = "$3" ]; then
		echo "ok: run $run: one snapshot: $c"
	else
		echo "FAIL: run $run: a group of three clock_ticks read $c"
		NVU_FAILED=1
	fi
done
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"
finish

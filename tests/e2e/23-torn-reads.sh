#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Torn reads: 64-bit counters without atomic 64-bit access are read as
# high, low, high.  The model's "tear" file makes traffic land right after
# the driver's read of the low half, so a carry reaches the high half
# between the two reads: the count must still be exact (a read without the
# retry is 2^32 off).  A high half that changes on every read must end in
# the documented error path: no hang, the count does not move, one
# ratelimited warning, and the next session counts exactly again.
. "$NVU_TESTS/lib.sh"
load_t410 ucf_atomic64=0 ucf_width=64
pmu=nvidia_ucf_pmu_0
tear=$EMU/$pmu/tear
# The only event of a session gets counter 0: its low half is at offset 0
# and its high half at 4 of the block's first resource (single page).

# Only a read while the counter counts can see a carry land: perf stat -I
# reads every 100 ms while the workload waits for the tear to fire.
# isum EVENT SCRIPT: the sum of the interval counts of EVENT over SCRIPT.
isum() {
	perf stat -I 100 -x, -a -e "$1" -o /tmp/i.out -- sh "$2" >/tmp/i.err 2>&1 ||
		{ cat /tmp/i.err; return 1; }
	grep -v '^#' /tmp/i.out | grep . | awk -F, '
		$2 !~ /^[0-9]+$/ { bad = 1 } { s += $2 }
		END { if (bad || NR == 0) print "bad"; else printf "%.0f\n", s }'
}
fired() { sed -n 's/^fired //p' $tear; }
# The workloads' wait_fired N: until the tear has fired N times (60 s at most).
cat >/tmp/tear-lib.sh <<'S'
wait_fired() {
	_i=0
	until [ "$(sed -n 's/^fired //p' "$tear")" -ge "$1" ]; do
		_i=$((_i + 1))
		[ $_i -lt 1200 ] || { echo "tear never fired" >&2; exit 1; }
		sleep 0.05
	done
}
S

# 1. A carry between the low and the high read.
lo=$((0xfffffff0))
cat >/tmp/t1.sh <<S
. /tmp/tear-lib.sh; tear=$tear
echo 'op=rd count=$lo' >$EMU/$pmu/inject
echo 'res=0 off=0 op=rd count=32' >$tear
wait_fired 1
S
got=$(isum $pmu/slc_access_rd/ /tmp/t1.sh) || fail "perf stat"
expect_eq "count across a carry between the halves" $((lo + 32)) "$got"
expect_eq "the tear fired once" "armed 0 fired 1" "$(tr '\n' ' ' <$tear | sed 's/ $//')"

# 2. The high half never settles: every read of it adds 2^32 to the
# counter.  Each failed read reads it 5 times (the first high read, then one
# per attempt, 4 attempts) and leaves the count where it was; the final
# read, after the tear is disarmed, catches up exactly.
dmesg -c >/dev/null
cat >/tmp/t2.sh <<S
. /tmp/tear-lib.sh; tear=$tear
echo 'op=rd count=1000' >$EMU/$pmu/inject
echo 'res=0 off=4 every=1 op=rd count=$((1 << 32))' >$tear
wait_fired 5
echo >$tear
S
got=$(isum $pmu/slc_access_rd/ /tmp/t2.sh) || fail "perf stat"
n=$(fired)
expect_eq "high-half reads: whole failed reads" 0 $((n % 5))
expect_eq "count once the high half settles" $((1000 + n * (1 << 32))) "$got"
expect_eq "one warning per failed read" $((n / 5)) \
	"$(dmesg | grep -c 'counter 0: high half changed on every read; count not updated')"

# 3. Disarmed, the same counter counts exactly again.
got=$(counts $pmu/slc_access_rd/ -- sh -c "echo 'op=rd count=777' >$EMU/$pmu/inject") ||
	fail "perf stat"
expect_eq "count after disarming" 777 "$got"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Torn reads: 64-bit counters without atomic 64-bit access are read in
# halves, low then high.  The model's "tear" file makes traffic land right
# after the driver's read of the low half, so a carry reaches the high half
# between the two reads: the count must still be exact (a read without the
# retry is 2^32 off).  A high half that changes on every read must end in
# the documented error path: no hang, the count does not move, one
# ratelimited warning, and the count catches up exactly once the high half
# settles.  Every CoreSight block kind (UCF, PCIE,
# PCIE-TGT), single and dual page, and the C2C family's two-read scheme.
. "$NVU_TESTS/lib.sh"

# Only a read while the counter counts can see a carry land: perf stat -I
# reads every 100 ms (interval_sums) while the workload waits for the tear
# to fire (tear_lib's wait_fired).
tear_lib

# torn PMU EVENT TRAFFIC RES LO PER-FAIL WARNING: both cases on one counter
# of PMU: its low half at offset LO of resource RES, its high half at
# LO + 4.  TRAFFIC is an inject line without count= that EVENT counts once
# per transaction, on that counter only.  A failed read reads the high half
# PER-FAIL times and logs WARNING once.
torn() {
	pmu=$1 ev=$2 traffic=$3 res=$4 lo_off=$(($5)) per=$6 warning=$7
	hi_off=$((lo_off + 4))
	tear=$EMU/$pmu/tear
	what="$pmu (resource $res)"

	# 1. A carry between the low and the high read.
	lo=$((0xfffffff0))
	cat >/tmp/t1.sh <<S
. /tmp/tear-lib.sh; tear=$tear
echo '$traffic count=$lo' >$EMU/$pmu/inject
echo 'res=$res off=$lo_off $traffic count=32' >$tear
wait_fired 1
S
	got=$(interval_sums 1 "$pmu/$ev/" /tmp/t1.sh) || fail "perf stat"
	expect_eq "$what: count across a carry between the halves" $((lo + 32)) "$got"
	expect_eq "$what: the tear fired once" "armed 0 fired 1" \
		"$(tr '\n' ' ' <$tear | sed 's/ $//')"

	# 2. The high half does not settle: each of its next PER-FAIL + 1
	# reads adds 2^32 (then the model disarms).  The first read after
	# arming finds the high half it expects; the next reads it PER-FAIL
	# times, never the same, fails and leaves the count where it was; the
	# next catches up exactly.  (Were the driver to read pairs from the
	# start, the first read would fail and the second settle: one failed
	# read either way.)  perf -I prints no last partial interval, so the
	# workload waits for a read after that: a tear that injects nothing
	# marks it.
	dmesg -c >/dev/null
	n=$((per + 1))
	cat >/tmp/t2.sh <<S
. /tmp/tear-lib.sh; tear=$tear
echo '$traffic count=1000' >$EMU/$pmu/inject
echo 'res=$res off=$hi_off times=$n $traffic count=$((1 << 32))' >$tear
wait_fired $n
echo 'res=$res off=$lo_off $traffic count=0' >$tear
wait_fired 1
echo >$tear
S
	got=$(interval_sums 1 "$pmu/$ev/" /tmp/t2.sh) || fail "perf stat"
	expect_eq "$what: count once the high half settles" $((1000 + n * (1 << 32))) "$got"
	expect_eq "$what: one warning for the failed read" 1 \
		"$(dmesg | grep -c "$warning: high half changed on every read; count not updated")"

	# 3. Disarmed, the same counter counts exactly again.
	got=$(counts "$pmu/$ev/" -- sh -c "echo '$traffic count=777' >$EMU/$pmu/inject") ||
		fail "perf stat"
	expect_eq "$what: count after disarming" 777 "$got"
}

# CoreSight blocks: counter 0 (the only event of a session gets it) at 0 of
# the block (single page) or of page 1 (dual page, the second resource).
# NVLink-C2C: IN_RD_REQ of instance 0 (its first resource) at 0x87c.  Both
# read low, high in pairs, NVU_READ64_TRIES (4) pairs: 4 high reads per
# failed read.
for dual in 0 1; do
	load_t410 ucf_atomic64=0 pcie_atomic64=0 cspmu_dual_page=$dual
	cs="$dual 0 4 counter.0"
	torn nvidia_ucf_pmu_0 slc_access_rd "op=rd" $cs
	torn nvidia_pcie_pmu_1_rc_0 rd_req "op=rd rp=0" $cs
	torn nvidia_pcie_tgt_pmu_0_rc_2 rd_req "op=rd rp=0" $cs
	[ $dual = 1 ] ||
		torn nvidia_nvlink_c2c_pmu_1 in_rd_req "dir=in op=rd inst=0" 0 0x87c 4 \
			"instance.0.counter.0x87c"
	rmmod $T410_DRIVERS nvu_emu || fail "unload"
done
finish

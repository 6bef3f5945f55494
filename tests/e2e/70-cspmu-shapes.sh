#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CoreSight PMU options the specification leaves open [U], on UCF, PCIE and
# PCIE-TGT: no cycle counter (cycles refused, event counters count); dual-
# page blocks; 64-bit counters without atomic access (hi-lo-hi); 32-bit
# counters polled and with overflow interrupts; 40 counters (two banks)
# after firmware left every counter enabled, interrupting and overflowed.
# Every count exact.
. "$NVU_TESTS/lib.sh"
ucf=nvidia_ucf_pmu_1 pcie=nvidia_pcie_pmu_1_rc_1 tgt=nvidia_pcie_tgt_pmu_0_rc_2

# shapes TAG BATCH N: N batches of BATCH reads (and BATCH cycles) into UCF,
# PCIE and PCIE-TGT (through an address filter), a pause between batches;
# every event must count N x BATCH.
shapes() {
	: >/tmp/shape.sh
	for _i in $(seq "$3"); do
		cat >>/tmp/shape.sh <<S
echo 'op=rd count=$2' >$EMU/$ucf/inject
echo 'cycles=$2' >$EMU/$ucf/inject
echo 'op=rd rp=1 count=$2' >$EMU/$pcie/inject
echo 'cycles=$2' >$EMU/$pcie/inject
echo 'op=rd rp=0 addr=0x10040 count=$2' >$EMU/$tgt/inject
echo 'cycles=$2' >$EMU/$tgt/inject
sleep 0.1
S
	done
	_got=$(counts $ucf/slc_access_rd/ $ucf/cycles/ $pcie/rd_req/ $pcie/cycles/ \
		$tgt/rd_req,dst_addr_en=1,dst_addr_base=0x10000,dst_addr_mask=0xfff00/ \
		$tgt/cycles/ -- sh /tmp/shape.sh) || fail "$1: perf stat"
	_i=1
	for _e in "ucf slc_access_rd" "ucf cycles" "pcie rd_req" "pcie cycles" \
		"pcie_tgt rd_req (address range)" "pcie_tgt cycles"; do
		expect_eq "$1: $_e, $3 x $2" $(($3 * $2)) "$(echo "$_got" | sed -n ${_i}p)"
		_i=$((_i + 1))
	done
}

# No cycle counter (PMCFGR.CC = 0): cycles are refused everywhere, and all
# 8 event counters (counter 31 is not the cycle counter's) count.
load_t410 cspmu_cc=0
for e in $ucf/cycles/ $pcie/cycles/ $tgt/cycles/; do
	expect_eq "no cycle counter: $e" "<not supported>" "$(counts $e -- true)"
done
evs=
for i in 1 2 3 4 5 6 7 8; do
	evs="$evs${evs:+,}$ucf/slc_access_rd/"
done
got=$(counts "{$evs}" $pcie/rd_req/ $tgt/rd_req,dst_rp_mask=0x1/ -- sh -c "
	echo 'op=rd count=1234' >$EMU/$ucf/inject
	echo 'op=rd rp=1 count=55' >$EMU/$pcie/inject
	echo 'op=rd rp=0 count=66' >$EMU/$tgt/inject") || fail "perf stat"
expect_eq "no cycle counter: 8 ucf event counters" "1234 1234 1234 1234 1234 1234 1234 1234" \
	"$(echo "$got" | sed -n 1,8p | tr '\n' ' ' | sed 's/ $//')"
expect_eq "no cycle counter: pcie rd_req" 55 "$(echo "$got" | sed -n 9p)"
expect_eq "no cycle counter: pcie_tgt rd_req" 66 "$(echo "$got" | sed -n 10p)"
got=$(counts $ucf/bus_cycles/ -- sh -c "echo 'cycles=4321' >$EMU/$ucf/inject")
expect_eq "no cycle counter: ucf bus_cycles on an event counter" 4321 "$got"
rmmod $T410_DRIVERS nvu_emu

big=$(((1 << 40) + 77))
half=$(((1 << 31) + 7))
polled=$(((1 << 31) - 1))

load_t410 cspmu_dual_page=1
shapes "dual-page, 64-bit" $big 1
rmmod $T410_DRIVERS nvu_emu

load_t410 cspmu_dual_page=1 ucf_width=32 pcie_width=32 ucf_irq=1 pcie_irq=1
shapes "dual-page, 32-bit, interrupts" $half 3
rmmod $T410_DRIVERS nvu_emu

load_t410 pcie_width=32 ucf_width=32
shapes "32-bit, polled" $polled 3
rmmod $T410_DRIVERS nvu_emu

load_t410 pcie_width=32 ucf_width=32 ucf_irq=1 pcie_irq=1
shapes "32-bit, interrupts" $half 3
rmmod $T410_DRIVERS nvu_emu

load_t410 pcie_atomic64=0 ucf_atomic64=0
shapes "64-bit, hi-lo-hi" $big 2
rmmod $T410_DRIVERS nvu_emu

load_t410 pcie_atomic64=0 ucf_atomic64=0 cspmu_dual_page=1
shapes "dual-page, 64-bit, hi-lo-hi" $big 2
rmmod $T410_DRIVERS nvu_emu

# 40 event counters: the cycle counter is counter 31, event counters run
# on both sides of it, and bank 1 of every enable and overflow register is
# in use.  Firmware left all counters enabled with interrupts and overflow
# set: probe must reset both banks, the handler acknowledge both.
load_t410 ucf_counters=40 pcie_counters=40 ucf_width=32 ucf_irq=1 cspmu_dirty=1
evs=
for i in $(seq 40); do
	evs="$evs${evs:+,}$ucf/slc_access_rd/"
done
cat >/tmp/banks.sh <<S
for i in 1 2 3; do
	echo 'op=rd count=$half' >$EMU/$ucf/inject
	echo 'cycles=$half' >$EMU/$ucf/inject
	sleep 0.1
done
S
got=$(counts "{$evs,$ucf/cycles/}" -- sh /tmp/banks.sh) || fail "perf stat"
expect_eq "40 counters, 32-bit, interrupts: counts" \
	"$(for i in $(seq 41); do printf '%s ' $((3 * half)); done | sed 's/ $//')" \
	"$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
evs=
for i in $(seq 40); do
	evs="$evs${evs:+,}$pcie/rd_req/"
done
got=$(counts "{$evs,$pcie/cycles/}" -- sh -c "
	echo 'op=rd rp=1 count=$big' >$EMU/$pcie/inject
	echo 'cycles=$big' >$EMU/$pcie/inject") || fail "perf stat"
expect_eq "40 counters, 64-bit, polled: pcie counts" \
	"$(for i in $(seq 41); do printf '%s ' $big; done | sed 's/ $//')" \
	"$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
dmesg | grep -q "nobody cared" && { echo "FAIL: interrupt storm"; NVU_FAILED=1; }
finish

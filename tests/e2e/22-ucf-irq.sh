#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# UCF with an overflow interrupt (model parameter ucf_irq=1, standing in
# for an APMT GSIV) and 32-bit counters: the core does not poll; every wrap
# is folded by the interrupt handler, on the PMU's owner CPU, so counts
# spanning many wraps stay exact.  Then 64-bit counters without atomic
# 64-bit access: read as hi-lo-hi halves.
. "$NVU_TESTS/lib.sh"
load_t410 ucf_irq=1 ucf_width=32
pmu=nvidia_ucf_pmu_1
# Interrupts of the model's lines, all CPUs (the header names the CPUs).
irqs() {
	awk 'NR == 1 { n = NF } /nvu_emu/ { for (i = 2; i <= n + 1; i++) s += $i }
		END { print s + 0 }' /proc/interrupts
}
grep -q nvu_emu /proc/interrupts || fail "no nvu_emu interrupt in /proc/interrupts"
# on_owner: interrupts of the model's lines taken by the PMU's owner CPU.
owner=$(cat $PMUS/$pmu/cpumask)
cpu_col=$(awk -v c="CPU$owner" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) print i + 1 }' /proc/interrupts)
on_owner() {
	awk -v col="$cpu_col" '/nvu_emu/ && $1 ~ /:/ { n += $col } END { print n + 0 }' /proc/interrupts
}
before=$(irqs)
owner_before=$(on_owner)
half=$(((1 << 31) + 7))
cat >/tmp/irq.sh <<S
for i in 1 2 3 4 5; do
	echo 'op=rd count=$half' >$EMU/$pmu/inject
	sleep 0.1
done
echo 'cycles=$half' >$EMU/$pmu/inject
sleep 0.1
echo 'cycles=$half' >$EMU/$pmu/inject
sleep 0.1
S
got=$(counts $pmu/slc_access_rd/ $pmu/cycles/ -- sh /tmp/irq.sh) || fail "perf stat"
expect_eq "32-bit counter, 5 x (2^31+7) with interrupts" $((5 * half)) "$(echo "$got" | sed -n 1p)"
expect_eq "32-bit cycle counter, 2 x (2^31+7)" $((2 * half)) "$(echo "$got" | sed -n 2p)"
after=$(irqs)
# Counters start at half range (2^31), so each batch of 2^31+7 wraps once:
# 5 for the event counter, 2 for the cycle counter.
expect_eq "overflow interrupts" 7 $((after - before))
expect_eq "interrupts taken on owner CPU $owner" 7 $(($(on_owner) - owner_before))
rmmod $T410_DRIVERS nvu_emu

load_t410 ucf_atomic64=0 ucf_width=64
big=$(((1 << 40) + 77))
got=$(counts nvidia_ucf_pmu_0/slc_access_rd/ -- \
	sh -c "echo 'op=rd count=$big' >$EMU/nvidia_ucf_pmu_0/inject")
expect_eq "64-bit counter read as hi-lo-hi" $big "$got"
finish

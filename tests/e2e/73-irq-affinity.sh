#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The overflow interrupt must run on the PMU's owner CPU.  When it cannot
# be routed there (model parameter irq_affinity_fail=1): at probe the PMU
# polls instead if its counters allow, counting exactly, else probe fails;
# on CPU hotplug the driver warns.
. "$NVU_TESTS/lib.sh"
ucf=nvidia_ucf_pmu_1 pcie=nvidia_pcie_pmu_1_rc_1

mark_dmesg() {
	_mark=$(dmesg | wc -l)
}
new_dmesg() {
	dmesg | tail -n +$((_mark + 1))
}

mark_dmesg
load_t410 ucf_irq=1 ucf_width=32 pcie_irq=1 pcie_width=32 irq_affinity_fail=1
expect_eq "UCF (2), PCIE and PCIE-TGT (24) fall back to polling" 26 \
	"$(new_dmesg | grep -cE "cannot route IRQ [0-9]+ to CPU [0-9]+ \(-22\): polling instead")"
expect_eq "no interrupt left requested" 0 "$(grep -c nvu_emu /proc/interrupts)"
polled=$(((1 << 31) - 1))
cat >/tmp/aff.sh <<S
for i in 1 2 3; do
	echo 'op=rd count=$polled' >$EMU/$ucf/inject
	echo 'op=rd rp=1 count=$polled' >$EMU/$pcie/inject
	sleep 0.1
done
S
got=$(counts $ucf/slc_access_rd/ $pcie/rd_req/ -- sh /tmp/aff.sh) || fail "perf stat"
expect_eq "polled instead: ucf, pcie" "$((3 * polled)) $((3 * polled))" \
	"$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
rmmod $T410_DRIVERS nvu_emu

# 16-bit UCF counters cannot be polled fast enough: no PMU.
mark_dmesg
load_t410 ucf_irq=1 ucf_width=16 irq_affinity_fail=1
expect_eq "16-bit UCF without its interrupt: probe errors" 2 \
	"$(new_dmesg | grep -cE "cannot route IRQ [0-9]+ to CPU [0-9]+, and 16-bit counters wrap too fast to poll")"
[ -e $PMUS/nvidia_ucf_pmu_0 ] || [ -e $PMUS/$ucf ] &&
	{ echo "FAIL: a UCF PMU registered"; NVU_FAILED=1; }
rmmod $T410_DRIVERS nvu_emu

# Routing works at probe, then fails: socket 1's owner CPU goes offline
# and comes back; each move warns, and polling is not possible (the
# interrupt stays).
load_t410 ucf_irq=1 ucf_width=32
owner=$(cat $PMUS/$ucf/cpumask)
# Alone in its socket the PMU moves out and back (two moves); with another
# CPU in the socket it moves there and stays (one).
moves=2
[ -z "$(node_cpus 1 | grep -vx "$owner")" ] || moves=1
echo 1 >/sys/module/nvu_emu/parameters/irq_affinity_fail
mark_dmesg
echo 0 >/sys/devices/system/cpu/cpu$owner/online
echo 1 >/sys/devices/system/cpu/cpu$owner/online
echo 0 >/sys/module/nvu_emu/parameters/irq_affinity_fail
expect_eq "CPU $owner offline and online: warnings" $moves \
	"$(new_dmesg | grep -cE "cannot move IRQ [0-9]+ to CPU [0-9]+: overflows are handled elsewhere")"
finish

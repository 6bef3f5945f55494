#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# An overflow interrupt that cannot be routed to the PMU's owner CPU
# (model parameter irq_affinity_fail=1: the lines stay on the first CPU).
# The handler runs where the line goes and hands each interrupt to the
# owner: 16-bit UCF counters, which wrap too fast to poll, count exactly
# on socket 1, whose owner is not that CPU, at probe and after the owner
# moves on CPU hotplug.  Nothing is logged above dev_dbg.
. "$NVU_TESTS/lib.sh"
ucf=nvidia_ucf_pmu_1 pcie=nvidia_pcie_pmu_1_rc_1

mark_dmesg() {
	_mark=$(dmesg | wc -l)
}
new_dmesg() {
	dmesg | tail -n +$((_mark + 1))
}
# col CPU: the /proc/interrupts column of CPU.
col() {
	awk -v c="CPU$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) print i + 1 }' /proc/interrupts
}
# taken_on CPU: interrupts of the UCF lines taken on CPU (a line is named
# after its device; socket 0's UCF stays idle).
taken_on() {
	awk -v col="$(col $1)" -v d=" $ucf_devs " 'index(d, " " $NF " ") { n += $col }
		END { print n + 0 }' /proc/interrupts
}
# wraps PMU: 10 batches of 50000 reads with 50000 cycles, 0.05 s apart:
# from half range (32768) each wraps both 16-bit counters once, at once
# (one interrupt; the handler stops the PMU a moment, and a batch that
# came then would count nothing, as traffic then would on hardware).
wraps() {
	cat >/tmp/aff.sh <<S
for i in 1 2 3 4 5 6 7 8 9 10; do
	echo 'op=rd count=50000 cycles=50000' >$EMU/$1/inject
	sleep 0.05
done
S
	counts $1/slc_access_rd/ $1/cycles/ -- sh /tmp/aff.sh | xargs
}

mark_dmesg
load_t410 ucf_irq=1 ucf_width=16 pcie_irq=1 pcie_width=32 irq_affinity_fail=1
expect_eq "UCF (2), PCIE and PCIE-TGT (24) keep their interrupts" 26 \
	"$(grep -c nvu_emu /proc/interrupts)"
expect_eq "messages of routing or polling" 0 \
	"$(new_dmesg | grep -E 'nvu|nvidia' | grep -cE 'IRQ|interrupt|poll')"
owner=$(cat $PMUS/$ucf/cpumask)
ucf_devs=$(ls /sys/bus/platform/drivers/nvu_t410_ucf | grep -v -e module -e bind -e uevent | xargs)
expect_eq "UCF devices" 2 "$(echo $ucf_devs | wc -w)"
if [ "$owner" = 0 ]; then
	echo "# one socket: the lines stay on the owner, CPU 0"
	rmmod $T410_DRIVERS nvu_emu
	finish
fi
before=$(taken_on 0)
echo 0 >$EMU/$ucf/access
expect_eq "16-bit UCF (owner CPU $owner), interrupts on CPU 0" "500000 500000" \
	"$(wraps $ucf)"
expect_eq "interrupts taken on CPU 0" 10 $(($(taken_on 0) - before))
# The handler on CPU 0 only passes them on: the model names the CPUs that
# touched the PMU's registers.
expect_eq "CPUs that touched $ucf's registers" "$owner" \
	"$(sed -n 's/^cpus //p' $EMU/$ucf/access)"
polled=$(((1 << 31) - 1))
cat >/tmp/pc.sh <<S
for i in 1 2 3; do
	echo 'op=rd rp=1 count=$polled' >$EMU/$pcie/inject
	sleep 0.1
done
S
expect_eq "32-bit PCIE, interrupts on CPU 0" $((3 * polled)) \
	"$(counts $pcie/rd_req/ -- sh /tmp/pc.sh)"

# The owner goes offline and comes back: each move fails to route the
# line, and the counts stay exact on the new owner.
# Alone in its socket the PMU moves out and back (two moves); with another
# CPU in the socket it moves there and stays (one).
moves=2
[ -z "$(node_cpus 1 | grep -vx "$owner")" ] || moves=1
mark_dmesg
echo 0 >/sys/devices/system/cpu/cpu$owner/online || fail "offline cpu$owner"
moved=$(cat $PMUS/$ucf/cpumask)
expect_eq "16-bit UCF on CPU $moved, cpu$owner offline" "500000 500000" "$(wraps $ucf)"
echo 1 >/sys/devices/system/cpu/cpu$owner/online || fail "online cpu$owner"
expect_eq "16-bit UCF after cpu$owner is back ($moves moves)" "500000 500000" \
	"$(wraps $ucf)"
expect_eq "messages of the moves" 0 "$(new_dmesg | grep -E 'nvu|nvidia' | grep -cE 'IRQ|interrupt|poll')"
echo 0 >/sys/module/nvu_emu/parameters/irq_affinity_fail
rmmod $T410_DRIVERS nvu_emu
finish

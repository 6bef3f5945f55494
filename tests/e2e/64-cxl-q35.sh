#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-fw-x86_64: --machine q35-cxl
# CXL CPMU discovery on QEMU's own CXL machine, not the model: a q35
# "cxl=on" boot with a CXL host bridge, a CXL root port and a cxl-type3
# memory device that the kernel's cxl_acpi and cxl_pci drive (tests/vm/run,
# --machine q35-cxl).  QEMU 7.2 gives both functions a Register Locator
# with no CPMU entry.  nvu_cxl_cpmu must read each locator as it is, find
# no CPMU, register nothing, and leave mem0 and cxl_pci alone, also when
# cxl_pci rebinds and when the memory device is removed and found again
# while our module is loaded.
. "$NVU_TESTS/lib.sh"

# cfg32 FUNCTION OFFSET: one dword of the function's config space, decimal.
cfg32() {
	v=$(od -An -tx4 -j "$2" -N4 "/sys/bus/pci/devices/$1/config" | tr -d ' ')
	echo $((0x${v:-0}))
}

# locator_entries FUNCTION: the number of entries of the function's CXL
# Register Locator DVSEC (vendor 0x1e98, ID 8), read here independently of
# the driver by walking the extended capabilities; nothing if it has none.
locator_entries() {
	off=256
	while [ "$off" -ne 0 ]; do
		h=$(cfg32 "$1" $off)
		[ "$h" -ne 0 ] || return
		if [ $((h & 0xffff)) -eq $((0x23)) ] &&
		   [ $(($(cfg32 "$1" $((off + 4))) & 0xffff)) -eq $((0x1e98)) ] &&
		   [ $(($(cfg32 "$1" $((off + 8))) & 0xffff)) -eq 8 ]; then
			len=$((($(cfg32 "$1" $((off + 4))) >> 20) & 0xfff))
			echo $(((len - 12) / 8))
			return
		fi
		off=$(((h >> 20) & 0xffc))
	done
}

# memdevs: the memX devices on the cxl bus.
memdevs() { ls /sys/bus/cxl/devices 2>/dev/null | grep '^mem' | xargs; }

# wait_memdev: until cxl_pci has (re)created a memX, at most 20 s.
wait_memdev() {
	i=0
	while [ -z "$(memdevs)" ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# check_dbg FUNCTION ENTRIES WHAT: the driver said once that it read
# FUNCTION's locator, with ENTRIES entries and no CPMU.
check_dbg() {
	expect_eq "$3: $1 locator read" 1 \
		"$(dmesg | grep -c " $1: CXL register locator: $2 entries, 0 of them CPMUs")"
}

# check_none WHAT: no PMU, no platform device and no complaint of ours.
check_none() {
	expect_eq "$1: PMUs" 0 "$(ls $PMUS | grep -c '^cxl_pmu')"
	expect_eq "$1: platform devices" 0 \
		"$(ls /sys/bus/platform/devices | grep -c '^nvu_cxl_cpmu')"
	expect_eq "$1: complaints" 0 "$(dmesg | grep -c 'no CPMU used')"
}

wait_memdev
mem=$(memdevs)
expect_eq "cxl_pci's memory device" mem0 "$mem"
[ -n "$mem" ] || finish
fn=$(basename "$(readlink -f /sys/bus/cxl/devices/mem0/..)")
expect_eq "mem0's function bound to" cxl_pci \
	"$(basename "$(readlink /sys/bus/pci/devices/$fn/driver)")"

# Every function with a locator, and its entry count, seen from here.
found=
for d in /sys/bus/pci/devices/*; do
	n=$(locator_entries "${d##*/}")
	[ -z "$n" ] || found="$found ${d##*/}:$n"
done
# The root port and the memory device; QEMU's host bridge is in the CEDT.
expect_eq "functions with a register locator" 2 "$(echo $found | wc -w)"
case " $found " in
*" $fn:"*) ;;
*) fail "mem0's function $fn has no register locator" ;;
esac

dmesg -c >/dev/null
modprobe nvu_cxl_cpmu dyndbg=+p || fail "modprobe nvu_cxl_cpmu"
for f in $found; do
	check_dbg "${f%:*}" "${f##*:}" load
done
check_none load
expect_eq "mem0 still bound to" cxl_pci \
	"$(basename "$(readlink /sys/bus/pci/devices/$fn/driver)")"

# cxl_pci lets go and binds again (its mailbox works: probe asks the device
# to identify itself), with our module loaded.
dmesg -c >/dev/null
echo "$fn" >/sys/bus/pci/drivers/cxl_pci/unbind
expect_eq "memory devices after unbind" "" "$(memdevs)"
echo "$fn" >/sys/bus/pci/drivers/cxl_pci/bind
wait_memdev
expect_eq "memory devices after bind" 1 "$(memdevs | wc -w)"
check_none rebind

# The memory device goes away and comes back: our notifier reads its
# locator again and still finds no CPMU; cxl_pci takes it again.
n=${found#*" $fn:"}
n=${n%% *}
dmesg -c >/dev/null
echo 1 >"/sys/bus/pci/devices/$fn/remove"
expect_eq "memory devices after remove" "" "$(memdevs)"
echo 1 >/sys/bus/pci/rescan
wait_memdev
i=0
while ! dmesg | grep -q " $fn: CXL register locator" && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
check_dbg "$fn" "$n" rescan
expect_eq "memory devices after rescan" 1 "$(memdevs | wc -w)"
check_none rescan

rmmod nvu_cxl_cpmu || fail "rmmod nvu_cxl_cpmu"
expect_eq "memory devices after unload" 1 "$(memdevs | wc -w)"
finish

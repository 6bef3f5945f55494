#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU on a function its owner lets runtime suspend, as pcieport does
# for ports (autosuspend after 100 ms idle; nvu_cxl_owner rpm=1 stands
# in).  The model's functions go to D3hot, where config space answers but
# every register reads all ones, and lose their state on the way back to
# D0.  The driver resumes the function before it reads the CPMU, and
# holds it in D0 while the PMU exists: the PMU registers and counts
# exactly however long the function is idle; once the PMU is gone the
# function suspends again (Documentation/cxl.rst).
. "$NVU_TESTS/lib.sh"
p=$(cxl_pmu 0 0)
dev=/sys/bus/pci/devices/$(cxl_bdf 0)

# wait_status S: the function's runtime PM status becomes S (5 s at most).
wait_status() {
	_i=0
	while [ "$(cat $dev/power/runtime_status)" != "$1" ]; do
		_i=$((_i + 1))
		[ $_i -lt 100 ] || break
		sleep 0.05
	done
	expect_eq "runtime PM status" "$1" "$(cat $dev/power/runtime_status)"
}

load_model cxl_fns=1
modprobe nvu_cxl_owner rpm=1 || fail "modprobe nvu_cxl_owner"
cxl_own 0
wait_status suspended
[ ! -e $dev/power_state ] || expect_eq "power state while idle" D3hot "$(cat $dev/power_state)"
dmesg -c >/dev/null
modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu"
[ -d $PMUS/$p ] || fail "no PMU $p on a suspended function: $(dmesg | grep -i cpmu)"
wait_status active
# Idle for longer than the autosuspend delay, then count.
sleep 0.5
expect_eq "runtime PM status with the PMU" active "$(cat $dev/power/runtime_status)"
got=$(counts $p/clock_ticks/ $p/m2s_req_memrd/ -- sh -c "
	sleep 0.5
	echo 'cycles=1234' >$EMU/$p/inject
	sleep 0.5
	echo 'gid=0x20 ev=1 count=500' >$EMU/$p/inject")
expect_eq "counts on a function its owner lets suspend" "1234 500" "$(echo $got)"
rmmod nvu_cxl_cpmu || fail "rmmod nvu_cxl_cpmu"
wait_status suspended
cxl_disown 0
rmmod nvu_cxl_owner nvu_emu || fail "rmmod"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: a PCI function removed while its events are open.  Nothing
# crashes, the driver touches no register of it again, the counts up to
# the removal are kept, and the PMU goes once the events are closed.  A
# rescan finds the function again; a function removed with no event open
# loses its PMU at once.  The owner CPU going offline moves the PMU.
. "$NVU_TESTS/lib.sh"
load_cxl
p=$(cxl_pmu 0 0) q=$(cxl_pmu 1 0)
fn=/sys/bus/pci/devices/10000:00:00.0

hold rm -x, -a -e $p/m2s_req_memrd/ -e $p/s2m_drs_memdata/ -o /tmp/rm.out
inject $p "gid=0x20 ev=1 count=42"
inject $p "gid=0x25 ev=0 count=43"
echo 1 >$fn/remove || fail "remove"
reads=$(sed -n 's/^reads //p' $EMU/$p/access)
[ -d $PMUS/$p ] || fail "PMU gone while its events are open"
expect_eq "removal message" 1 "$(dmesg | grep -c "10000:00:00.0: CPMU 0 removed with events open")"
inject $p "gid=0x20 ev=1 count=1000"
# A new event is refused: the PMU has no device any more.
perf stat -a -e $p/m2s_req_memrd/ -- true >/tmp/new.out 2>&1 &&
	{ echo "FAIL: a new event opened on a removed function"; NVU_FAILED=1; }
expect_eq "new event refused" 1 "$(grep -c 'returned with 19 (No such device)' /tmp/new.out)"
release rm
expect_eq "counts up to the removal" "42 43" \
	"$(grep -v '^#' /tmp/rm.out | grep . | cut -d, -f1 | xargs)"
expect_eq "register reads after the removal" "$reads" "$(sed -n 's/^reads //p' $EMU/$p/access)"
i=0
while [ -d $PMUS/$p ] && [ $i -lt 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
[ ! -d $PMUS/$p ] || fail "PMU still registered after its events closed"
[ -d $PMUS/$q ] || fail "the other function's PMU went too"
expect_eq "platform devices left" 1 "$(ls /sys/bus/platform/devices | grep -c '^nvu_cxl_cpmu')"

# A rescan finds it again, and it counts.
echo 1 >/sys/bus/pci/rescan
i=0
while [ ! -d $PMUS/$p ] && [ $i -lt 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
expect_eq "after rescan" 5 "$(counts $p/m2s_req_memrd/ -- \
	sh -c "echo 'gid=0x20 ev=1 count=5' >$EMU/$p/inject")"
# Removed with nothing open: gone at once.
echo 1 >$fn/remove || fail "remove"
[ ! -d $PMUS/$p ] || fail "PMU of an idle removed function still registered"

# The owner CPU of function 1's PMU goes offline while counting.
owner=$(cat $PMUS/$q/cpumask)
if [ "$owner" != 0 ]; then
	hold hp -x, -a -e $q/m2s_req_memrd/ -o /tmp/hp.out
	inject $q "gid=0x20 ev=1 count=10"
	echo 0 >/sys/devices/system/cpu/cpu$owner/online || fail "offline cpu$owner"
	moved=$(cat $PMUS/$q/cpumask)
	inject $q "gid=0x20 ev=1 count=20"
	echo 1 >/sys/devices/system/cpu/cpu$owner/online || fail "online cpu$owner"
	inject $q "gid=0x20 ev=1 count=30"
	release hp
	[ "$moved" != "$owner" ] || { echo "FAIL: owner stayed on offline cpu$owner"; NVU_FAILED=1; }
	expect_eq "count across the owner's offline" 60 \
		"$(grep -v '^#' /tmp/hp.out | grep . | cut -d, -f1)"
else
	echo "# one socket: the owner is CPU 0, which cannot go offline"
fi
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What the PMUs refuse: config bits no format defines, sampling, per-task
# counting, events of another PMU in a group, and rmmod while events are
# open (which works again once they close).
. "$NVU_TESTS/lib.sh"
load_t410
ucf=nvidia_ucf_pmu_0 cmem=nvidia_cmem_latency_pmu_0

refused $ucf/event=0x113,config1=0x8/ $ucf/event=0x113,config1=0x1000/ \
	$ucf/event=0x113,config2=0x1/ $ucf/config=0x200000000/ \
	$ucf/config=0x100000111/ $cmem/config=0x4/ $cmem/event=0x3/

# Sampling: perf 6.1 says why, and exits 255.
perf record -a -e $ucf/slc_access_rd/ -o /tmp/rec.data -- true >/tmp/rec.out 2>&1
expect_eq "perf record (sampling) exit status" 255 "$?"
expect_eq "perf record (sampling) refused" \
	"$ucf/slc_access_rd/: PMU Hardware doesn't support sampling/overflow-interrupts. Try 'perf stat'" \
	"$(grep "^$ucf/" /tmp/rec.out)"

out=$(perf stat -x, -e $ucf/slc_access_rd/ -p 1 -o /tmp/task.out -- sleep 0.1 2>&1) ||
	{ echo "FAIL: perf stat -p 1: $out"; NVU_FAILED=1; }
expect_eq "per-task counting" "<not supported>,,$ucf/slc_access_rd/" \
	"$(grep -v '^#' /tmp/task.out | grep . | sed 's/,[^,]*,[^,]*,[^,]*,[^,]*$//')"

# The model refuses what it cannot count, too.
for bad in "inst=14" "mc=3" "op=rd" "count=x"; do
	inject_refused $cmem "$bad"
done

# A group mixing two hardware PMUs.
# The member from the other PMU is refused, so the group never counts.
expect_mixed_group_refused "mixed-PMU group" $ucf/slc_access_rd/ $cmem/rd_req/

# rmmod while perf holds an event.
# busybox rmmod exits 1 and names the module in use (EAGAIN).
rm -f /tmp/rm.out
counts $ucf/slc_access_rd/ $cmem/rd_req/ -- sh -c 'for m in nvu_t410_ucf nvu_t410_cmem_lat; do
	rmmod $m 2>&1; echo "$m rc=$?"; done >/tmp/rm.out' >/dev/null ||
	{ echo "FAIL: perf stat around rmmod"; NVU_FAILED=1; }
expect_eq "rmmod while counting" "rmmod: can't unload module 'nvu_t410_ucf': Resource temporarily unavailable
nvu_t410_ucf rc=1
rmmod: can't unload module 'nvu_t410_cmem_lat': Resource temporarily unavailable
nvu_t410_cmem_lat rc=1" "$(cat /tmp/rm.out 2>&1)"
rmmod nvu_t410_ucf && rmmod nvu_t410_cmem_lat && echo "ok: rmmod after close" ||
	{ echo "FAIL: rmmod after close"; NVU_FAILED=1; }
[ ! -e $PMUS/$ucf ] || { echo "FAIL: $ucf still registered"; NVU_FAILED=1; }
# The other drivers map model blocks too.
for m in $T410_DRIVERS; do
	[ "$m" = nvu_t410_ucf ] || [ "$m" = nvu_t410_cmem_lat ] || rmmod "$m"
done
rmmod nvu_emu && rmmod nv_uncore || { echo "FAIL: model or core stuck"; NVU_FAILED=1; }
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What the PMUs refuse: config bits no format defines, sampling, per-task
# counting, events of another PMU in a group, and rmmod while events are
# open (which works again once they close).
. "$NVU_TESTS/lib.sh"
load_t410
ucf=nvidia_ucf_pmu_0 cmem=nvidia_cmem_latency_pmu_0

for bad in "event=0x113,config1=0x8" "event=0x113,config1=0x1000" \
	"event=0x113,config2=0x1" "config=0x200000000" "config=0x100000111"; do
	expect_eq "$ucf/$bad/" "<not supported>" "$(counts $ucf/$bad/ -- true)"
done
expect_eq "$cmem/config=0x4/" "<not supported>" "$(counts $cmem/config=0x4/ -- true)"
expect_eq "$cmem/event=0x3/" "<not supported>" "$(counts $cmem/event=0x3/ -- true)"

perf record -a -e $ucf/slc_access_rd/ -o /tmp/rec.data -- true >/tmp/rec.out 2>&1 &&
	{ echo "FAIL: perf record (sampling) was accepted"; NVU_FAILED=1; } ||
	echo "ok: perf record refused"

out=$(perf stat -x, -e $ucf/slc_access_rd/ -p 1 -- sleep 0.1 2>&1)
echo "$out" | grep -q '<not supported>' && echo "ok: per-task refused" ||
	{ echo "FAIL: per-task counting accepted: $out"; NVU_FAILED=1; }

# The model refuses what it cannot count, too.
for bad in "inst=14" "mc=3" "op=rd" "count=x"; do
	echo "$bad" >$EMU/$cmem/inject 2>/dev/null &&
		{ echo "FAIL: model accepted '$bad'"; NVU_FAILED=1; } ||
		echo "ok: model refused '$bad'"
done

# A group mixing two hardware PMUs.
got=$(counts "{$ucf/slc_access_rd/,$cmem/rd_req/}" -- true)
echo "$got" | grep -q '^[0-9]' &&
	{ echo "FAIL: mixed-PMU group counted: $got"; NVU_FAILED=1; } ||
	echo "ok: mixed-PMU group refused"

# rmmod while perf holds an event.
got=$(counts $ucf/slc_access_rd/ $cmem/rd_req/ -- \
	sh -c 'rmmod nvu_t410_ucf; echo $? >/tmp/rm1; rmmod nvu_t410_cmem_lat; echo $? >/tmp/rm2')
[ "$(cat /tmp/rm1)" != 0 ] && [ "$(cat /tmp/rm2)" != 0 ] &&
	echo "ok: rmmod refused while counting" ||
	{ echo "FAIL: rmmod succeeded with open events"; NVU_FAILED=1; }
rmmod nvu_t410_ucf && rmmod nvu_t410_cmem_lat && echo "ok: rmmod after close" ||
	{ echo "FAIL: rmmod after close"; NVU_FAILED=1; }
[ ! -e $PMUS/$ucf ] || { echo "FAIL: $ucf still registered"; NVU_FAILED=1; }
# The other drivers map model blocks too.
for m in $T410_DRIVERS; do
	[ "$m" = nvu_t410_ucf ] || [ "$m" = nvu_t410_cmem_lat ] || rmmod "$m"
done
rmmod nvu_emu && rmmod nv_uncore || { echo "FAIL: model or core stuck"; NVU_FAILED=1; }
finish

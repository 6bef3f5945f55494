#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Counter widths: with 32-bit UCF counters in the model, counts that wrap
# the hardware counters several times stay exact (the core polls before a
# counter can wrap twice; traffic here is paced like hardware's); with
# 64-bit counters (UCF, and CMEM's 42 summed) counts above 2^32 are exact.
. "$NVU_TESTS/lib.sh"

half=$(((1 << 31) - 1))
for w in 32 64; do
	load_t410 ucf_width=$w
	ucf=nvidia_ucf_pmu_0 cmem=nvidia_cmem_latency_pmu_0
	cat >/tmp/w.sh <<S
for i in 1 2 3; do
	echo 'op=rd count=$half' >$EMU/$ucf/inject
	echo 'inst=all mc=all count=$half' >$EMU/$cmem/inject
	sleep 0.2
done
S
	got=$(counts $ucf/slc_access_rd/ $cmem/rd_req/ -- sh /tmp/w.sh) || fail "perf stat"
	expect_eq "$w-bit UCF, 3 x (2^31-1)" $((3 * half)) "$(echo "$got" | sed -n 1p)"
	expect_eq "CMEM, 42 x 3 x (2^31-1)" $((42 * 3 * half)) "$(echo "$got" | sed -n 2p)"
	rmmod $T410_DRIVERS nvu_emu
done

load_t410 ucf_width=64
big=$(((1 << 40) + 12345))
got=$(counts nvidia_ucf_pmu_1/slc_access_rd/ -- \
	sh -c "echo 'op=rd count=$big' >$EMU/nvidia_ucf_pmu_1/inject")
expect_eq "64-bit UCF, 2^40+12345 at once" $big "$got"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Counter widths [U] of the C2C family: the driver reads only the low
# 32-bit half of each instance counter and extends it in software.  With the
# model's counters (and the driver's counter_width) at 64, 40, 32 and 28
# bits, counts that wrap every summed counter (the low half, or the whole
# counter below 32 bits) more than twice stay exact; traffic is paced like
# hardware's, so the poll reads between batches.  At 20 bits the counters
# would need polling faster than every 100 us: probe refuses, with a
# message, and no PMU is registered.
. "$NVU_TESTS/lib.sh"

for w in 64 40 32 28; do
	load_t410 c2c_width=$w
	rmmod nvu_t410_c2c || fail "rmmod nvu_t410_c2c"
	modprobe nvu_t410_c2c counter_width=$w || fail "nvu_t410_c2c counter_width=$w"
	wrap=$w
	[ $w -gt 32 ] && wrap=32
	# Just over half the range per counter per batch: 5 batches wrap each
	# counter twice (and a bit); cum_outs adds 3 per request.
	b=$(((1 << (wrap - 1)) + 12345))
	c2c=nvidia_nvlink_c2c_pmu_0 cl=nvidia_nvclink_pmu_1 dl=nvidia_nvdlink_pmu_0
	cat >/tmp/w.sh <<S
for i in 1 2 3 4 5; do
	echo 'dir=in op=rd count=$b outs=1' >$EMU/$c2c/inject
	echo 'dir=out op=wr peer=gpu1 count=$b outs=1' >$EMU/$c2c/inject
	echo 'dir=out op=rd inst=7 count=$b outs=1' >$EMU/$cl/inject
	echo 'dir=in op=rd count=$b outs=1' >$EMU/$dl/inject
	echo 'cycles=$b' >$EMU/$dl/inject
	sleep 0.2
done
S
	got=$(counts $c2c/in_rd_req/ $c2c/in_rd_cum_outs/ $c2c/out_wr_req,gpu_mask=0x2/ \
		$cl/out_rd_req/ $dl/in_rd_req/ $dl/cycles/ -- sh /tmp/w.sh) || fail "perf stat"
	expect_eq "$w-bit NVLink-C2C in_rd_req, 14 x 5 batches" $((14 * 5 * b)) "$(echo "$got" | sed -n 1p)"
	expect_eq "$w-bit NVLink-C2C in_rd_cum_outs" $((14 * 5 * b)) "$(echo "$got" | sed -n 2p)"
	expect_eq "$w-bit NVLink-C2C out_wr_req GPU1, 7 x 5" $((7 * 5 * b)) "$(echo "$got" | sed -n 3p)"
	expect_eq "$w-bit NV-CLink out_rd_req, 1 x 5" $((5 * b)) "$(echo "$got" | sed -n 4p)"
	expect_eq "$w-bit NV-DLink in_rd_req, 16 x 5" $((16 * 5 * b)) "$(echo "$got" | sed -n 5p)"
	expect_eq "$w-bit NV-DLink cycles" $((5 * b)) "$(echo "$got" | sed -n 6p)"
	rmmod $T410_DRIVERS nvu_emu || fail "rmmod"
done

dmesg -c >/dev/null
load_t410 c2c_width=20
rmmod nvu_t410_c2c || fail "rmmod nvu_t410_c2c"
modprobe nvu_t410_c2c counter_width=20 || fail "nvu_t410_c2c counter_width=20"
n=0
for p in "$PMUS"/nvidia_nvlink_c2c_pmu_* "$PMUS"/nvidia_nvclink_pmu_* "$PMUS"/nvidia_nvdlink_pmu_*; do
	[ -e "$p" ] && n=$((n + 1))
done
expect_eq "20-bit: C2C-family PMUs" 0 $n
expect_eq "20-bit: probe messages (3 links x 2 sockets)" 6 \
	"$(dmesg | grep -c '20-bit counters wrap too fast to poll')"
rmmod nvu_t410_c2c || { echo "FAIL: rmmod after failed probes"; NVU_FAILED=1; }
finish

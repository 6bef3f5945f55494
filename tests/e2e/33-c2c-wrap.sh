#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Wraps in the C2C family.  64-bit counters are read whole and nothing
# polls them: batches of over 3 x 2^32 per counter, injected back to back,
# stay exact.  in_wr_req's counter has 32 bits only: the event sums it
# over its instances modulo 2^32 and the core polls it (every ~77 ms for
# 14 instances); batches paced like hardware's traffic, which wrap that sum
# and an instance's counter, stay exact.
. "$NVU_TESTS/lib.sh"

load_t410
b=$(((3 << 32) + 12345))
c2c=nvidia_nvlink_c2c_pmu_0 cl=nvidia_nvclink_pmu_1 dl=nvidia_nvdlink_pmu_0
cat >/tmp/w.sh <<S
for i in 1 2 3 4 5; do
	echo 'dir=in op=rd count=$b outs=1' >$EMU/$c2c/inject
	echo 'dir=out op=wr peer=gpu1 count=$b outs=1' >$EMU/$c2c/inject
	echo 'dir=out op=rd inst=7 count=$b outs=1' >$EMU/$cl/inject
	echo 'dir=in op=rd count=$b outs=1' >$EMU/$dl/inject
	echo 'cycles=$b' >$EMU/$dl/inject
done
S
got=$(counts $c2c/in_rd_req/ $c2c/in_rd_cum_outs/ $c2c/out_wr_req,gpu_mask=0x2/ \
	$cl/out_rd_req/ $dl/in_rd_req/ $dl/cycles/ -- sh /tmp/w.sh) || fail "perf stat"
expect_eq "NVLink-C2C in_rd_req, 14 x 5 batches" $((14 * 5 * b)) "$(echo "$got" | sed -n 1p)"
expect_eq "NVLink-C2C in_rd_cum_outs" $((14 * 5 * b)) "$(echo "$got" | sed -n 2p)"
expect_eq "NVLink-C2C out_wr_req GPU1, 7 x 5" $((7 * 5 * b)) "$(echo "$got" | sed -n 3p)"
expect_eq "NV-CLink out_rd_req, 1 x 5" $((5 * b)) "$(echo "$got" | sed -n 4p)"
expect_eq "NV-DLink in_rd_req, 16 x 5" $((16 * 5 * b)) "$(echo "$got" | sed -n 5p)"
expect_eq "NV-DLink cycles" $((5 * b)) "$(echo "$got" | sed -n 6p)"

# in_wr_req: instance 4 (GPU0) takes just under 2^31 a batch, so that its
# own counter and the event's sum wrap every second batch; GPU1's seven
# instances take a little each.  At the rate bound (2e9 per instance) the
# poll period allows 14 instances; a batch every 0.5 s is far slower.
x=$(((1 << 31) - (1 << 20)))
cat >/tmp/w.sh <<S
for i in 1 2 3 4 5 6; do
	echo 'dir=in op=wr inst=4 count=$x' >$EMU/$c2c/inject
	echo 'dir=in op=wr peer=gpu1 count=1000' >$EMU/$c2c/inject
	sleep 0.5
done
S
got=$(counts $c2c/in_wr_req/ $c2c/in_wr_req,gpu_mask=0x2/ -- sh /tmp/w.sh) || fail "perf stat"
expect_eq "NVLink-C2C in_wr_req, 6 batches" $((6 * (x + 7 * 1000))) "$(echo "$got" | sed -n 1p)"
expect_eq "NVLink-C2C in_wr_req GPU1, 7 x 6" $((6 * 7 * 1000)) "$(echo "$got" | sed -n 2p)"
rmmod $T410_DRIVERS nvu_emu || fail "rmmod"
finish

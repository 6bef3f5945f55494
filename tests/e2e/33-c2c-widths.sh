#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Counter widths [U] of the C2C family, the model's and the driver's
# counter_width equal.  At 64 bits the driver reads whole counters and
# nothing polls: batches of over 3 x 2^32 per counter, injected back to
# back, stay exact.  At 40, 33 and 32 bits the poll comes back, sized from
# the width: batches of just over half the range (a quarter at 33 bits),
# paced like hardware's traffic (below the driver's assumed fastest rate)
# so that the poll reads between them, wrap every summed counter and stay
# exact.  At 30 and 20 bits the counters would need polling faster than
# every 100 us at that rate: probe refuses, with a message, and no PMU is
# registered.
. "$NVU_TESTS/lib.sh"

for w in 64 40 33 32; do
	load_t410 c2c_width=$w
	rmmod nvu_t410_c2c || fail "rmmod nvu_t410_c2c"
	modprobe nvu_t410_c2c counter_width=$w || fail "nvu_t410_c2c counter_width=$w"
	# Per counter between two reads the driver takes up to 2^w - 1
	# counts below 33 bits, 2^w - 2^32 above (the poll keeps it under
	# 2^(w - 1)).
	case $w in
	64) b=$(((3 << 32) + 12345)) pace=0 ;;
	33) b=$(((1 << 31) + 12345)) pace=0.2 ;;
	*) b=$(((1 << (w - 1)) + 12345)) pace=0.2 ;;
	esac
	c2c=nvidia_nvlink_c2c_pmu_0 cl=nvidia_nvclink_pmu_1 dl=nvidia_nvdlink_pmu_0
	cat >/tmp/w.sh <<S
for i in 1 2 3 4 5; do
	echo 'dir=in op=rd count=$b outs=1' >$EMU/$c2c/inject
	echo 'dir=out op=wr peer=gpu1 count=$b outs=1' >$EMU/$c2c/inject
	echo 'dir=out op=rd inst=7 count=$b outs=1' >$EMU/$cl/inject
	echo 'dir=in op=rd count=$b outs=1' >$EMU/$dl/inject
	echo 'cycles=$b' >$EMU/$dl/inject
	sleep $pace
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

for w in 30 20; do
	dmesg -c >/dev/null
	load_t410 c2c_width=$w
	rmmod nvu_t410_c2c || fail "rmmod nvu_t410_c2c"
	modprobe nvu_t410_c2c counter_width=$w || fail "nvu_t410_c2c counter_width=$w"
	n=0
	for p in "$PMUS"/nvidia_nvlink_c2c_pmu_* "$PMUS"/nvidia_nvclink_pmu_* "$PMUS"/nvidia_nvdlink_pmu_*; do
		[ -e "$p" ] && n=$((n + 1))
	done
	expect_eq "$w-bit: C2C-family PMUs" 0 $n
	expect_eq "$w-bit: probe messages (3 links x 2 sockets)" 6 \
		"$(dmesg | grep -c "$w-bit counters wrap too fast to poll")"
	rmmod $T410_DRIVERS nvu_emu || { echo "FAIL: rmmod after failed probes"; NVU_FAILED=1; }
done
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# NVLink-C2C topologies other than two GPUs (nvu_emu c2c_peer=):
#  cpu:  a CPU on all 14 instances: read events only, no gpu_mask, every
#        event exact, write events refused as raw IDs;
#  gpu1: firmware gives only gpu1_en_mask (instances 7-13): GPU1 is the
#        attached GPU, so the default and gpu_mask=0x2 count it exactly
#        (upstream reads 0 here), 0x1 and 0x3 name the missing GPU0 and are
#        refused;
#  none: firmware gives no mask at all: probe fails with a message naming
#        the properties, no NVLink-C2C PMU exists, NV-CLink and NV-DLink
#        work, and the module unloads;
#  gpu_wide, gpu_overlap: wired as two GPUs, but firmware's masks name
#        instances 14-15, or instance 6 for both GPUs: the probe corrects
#        them with one warning per socket, and each GPU counts exactly its
#        7 instances.
. "$NVU_TESTS/lib.sh"

drop() {
	for _m in $T410_DRIVERS nvu_emu; do
		rmmod "$_m" || fail "rmmod $_m"
	done
}

# --- CPU-attached NVLink-C2C
load_t410 c2c_peer=cpu
c2c=nvidia_nvlink_c2c_pmu_0
expect_eq "cpu: peer" "nr_cpu=1" "$(cat $PMUS/$c2c/peer)"
expect_eq "cpu: formats" "event" "$(ls $PMUS/$c2c/format | tr '\n' ' ' | sed 's/ $//')"
expect_eq "cpu: events" "cycles in_rd_cum_outs in_rd_req out_rd_cum_outs out_rd_req" \
	"$(ls $PMUS/$c2c/events | tr '\n' ' ' | sed 's/ $//')"
cat >/tmp/cpu.sh <<S
echo 'dir=in op=rd count=3 outs=21' >$EMU/$c2c/inject
echo 'dir=in op=rd peer=cpu inst=13 count=4 outs=2' >$EMU/$c2c/inject
echo 'dir=out op=rd count=5 outs=17' >$EMU/$c2c/inject
echo 'cycles=8080' >$EMU/$c2c/inject
S
got=$(counts $c2c/cycles/ $c2c/in_rd_req/ $c2c/in_rd_cum_outs/ $c2c/out_rd_req/ \
	$c2c/out_rd_cum_outs/ -- sh /tmp/cpu.sh) || fail "perf stat"
expect_eq "cpu: cycles" 8080 "$(echo "$got" | sed -n 1p)"
expect_eq "cpu: in_rd_req" $((14 * 3 + 4)) "$(echo "$got" | sed -n 2p)"
expect_eq "cpu: in_rd_cum_outs" $((14 * 3 * 21 + 8)) "$(echo "$got" | sed -n 3p)"
expect_eq "cpu: out_rd_req" $((14 * 5)) "$(echo "$got" | sed -n 4p)"
expect_eq "cpu: out_rd_cum_outs" $((14 * 5 * 17)) "$(echo "$got" | sed -n 5p)"
# Write events as raw IDs, and gpu_mask.
refused $c2c/event=0x3/ $c2c/event=0x4/ $c2c/event=0x7/ $c2c/event=0x8/ \
	$c2c/event=0x2,config1=0x1/
inject_refused $c2c "op=wr"
drop

# --- Only gpu1_en_mask
load_t410 c2c_peer=gpu1
c2c=nvidia_nvlink_c2c_pmu_1
expect_eq "gpu1: peer" "nr_gpu=1" "$(cat $PMUS/$c2c/peer)"
cat >/tmp/gpu1.sh <<S
echo 'dir=in op=rd peer=gpu1 count=6 outs=40' >$EMU/$c2c/inject
echo 'dir=in op=wr inst=8 count=2 outs=10' >$EMU/$c2c/inject
echo 'dir=out op=rd inst=13 count=1 outs=500' >$EMU/$c2c/inject
echo 'dir=out op=wr count=3 outs=7' >$EMU/$c2c/inject
echo 'cycles=1234' >$EMU/$c2c/inject
S
for m in "" ",gpu_mask=0x2"; do
	got=$(counts $c2c/in_rd_req$m/ $c2c/in_rd_cum_outs$m/ $c2c/in_wr_req$m/ \
		$c2c/in_wr_cum_outs$m/ $c2c/out_rd_req$m/ $c2c/out_rd_cum_outs$m/ \
		$c2c/out_wr_req$m/ $c2c/out_wr_cum_outs$m/ $c2c/cycles$m/ -- sh /tmp/gpu1.sh) ||
		fail "perf stat"
	expect_eq "gpu1$m: in_rd_req" $((7 * 6)) "$(echo "$got" | sed -n 1p)"
	expect_eq "gpu1$m: in_rd_cum_outs" $((7 * 6 * 40)) "$(echo "$got" | sed -n 2p)"
	expect_eq "gpu1$m: in_wr_req" 2 "$(echo "$got" | sed -n 3p)"
	expect_eq "gpu1$m: in_wr_cum_outs" 20 "$(echo "$got" | sed -n 4p)"
	expect_eq "gpu1$m: out_rd_req" 1 "$(echo "$got" | sed -n 5p)"
	expect_eq "gpu1$m: out_rd_cum_outs" 500 "$(echo "$got" | sed -n 6p)"
	expect_eq "gpu1$m: out_wr_req" $((7 * 3)) "$(echo "$got" | sed -n 7p)"
	expect_eq "gpu1$m: out_wr_cum_outs" $((7 * 3 * 7)) "$(echo "$got" | sed -n 8p)"
	expect_eq "gpu1$m: cycles" 1234 "$(echo "$got" | sed -n 9p)"
done
for m in 0x1 0x3; do
	expect_eq "gpu1: gpu_mask=$m" "<not supported>" \
		"$(counts $c2c/in_rd_req,gpu_mask=$m/ -- true)"
done
# The model has no GPU0 either.
inject_refused $c2c "peer=gpu0"
drop

# --- No peer mask in firmware
dmesg -c >/dev/null
load_t410 c2c_peer=none
for s in 0 1; do
	[ ! -e $PMUS/nvidia_nvlink_c2c_pmu_$s ] && echo "ok: no nvidia_nvlink_c2c_pmu_$s" ||
		{ echo "FAIL: nvidia_nvlink_c2c_pmu_$s registered without a peer"; NVU_FAILED=1; }
done
expect_eq "none: probe messages" 2 \
	"$(dmesg | grep -c 'none of cpu_en_mask, gpu0_en_mask, gpu1_en_mask')"
dmesg | grep 'en_mask'
# The other links of the same driver still work.
got=$(counts nvidia_nvclink_pmu_0/in_rd_req/ nvidia_nvdlink_pmu_1/in_rd_req/ -- sh -c \
	"echo 'dir=in op=rd count=2' >$EMU/nvidia_nvclink_pmu_0/inject; \
	 echo 'dir=in op=rd count=3' >$EMU/nvidia_nvdlink_pmu_1/inject") || fail "perf stat"
expect_eq "none: nvclink in_rd_req" 24 "$(echo "$got" | sed -n 1p)"
expect_eq "none: nvdlink in_rd_req" 48 "$(echo "$got" | sed -n 2p)"
rmmod nvu_t410_c2c && echo "ok: rmmod nvu_t410_c2c" ||
	{ echo "FAIL: rmmod nvu_t410_c2c"; NVU_FAILED=1; }
for m in $T410_DRIVERS nvu_emu; do
	rmmod "$m" 2>/dev/null
done

# --- Firmware masks too wide, or overlapping
for t in gpu_wide gpu_overlap; do
	dmesg -c >/dev/null
	load_t410 c2c_peer=$t
	case $t in
	gpu_wide) msg='peer masks name instances beyond 13' ;;
	*) msg='instances 0x40 are in gpu0_en_mask and gpu1_en_mask: counted for GPU0 only' ;;
	esac
	expect_eq "$t: warnings (one per socket)" 2 "$(dmesg | grep -c "$msg")"
	dmesg | grep 'en_mask'
	for s in 0 1; do
		c2c=nvidia_nvlink_c2c_pmu_$s
		expect_eq "$t: socket $s peer" "nr_gpu=2" "$(cat $PMUS/$c2c/peer)"
		got=$(counts $c2c/in_rd_req/ $c2c/in_rd_req,gpu_mask=0x1/ \
			$c2c/in_rd_req,gpu_mask=0x2/ -- sh -c \
			"echo 'dir=in op=rd peer=gpu0 count=3' >$EMU/$c2c/inject; \
			 echo 'dir=in op=rd peer=gpu1 count=100' >$EMU/$c2c/inject") ||
			fail "perf stat"
		expect_eq "$t: socket $s in_rd_req" $((7 * 3 + 7 * 100)) "$(echo "$got" | sed -n 1p)"
		expect_eq "$t: socket $s GPU0" $((7 * 3)) "$(echo "$got" | sed -n 2p)"
		expect_eq "$t: socket $s GPU1" $((7 * 100)) "$(echo "$got" | sed -n 3p)"
	done
	drop
done
finish

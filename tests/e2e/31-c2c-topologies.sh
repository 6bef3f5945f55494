#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-fw: --c2c-peer cpu,gpu1
# nvu-fw: --c2c-peer none,gpu_wide
# nvu-fw: --c2c-peer gpu_overlap
# NVLink-C2C topologies other than two GPUs, as the boot's firmware tables
# describe them per socket (the "nvu-fw:" lines above: scripts/check boots
# once for each, tests/vm/fwgen writes the _DSD peer masks):
#  cpu:  a CPU on all 14 instances: read events only, no gpu_mask, every
#        event exact, write events refused as raw IDs;
#  gpu1: firmware gives only gpu1_en_mask (instances 7-13): GPU1 is the
#        attached GPU, so the default and gpu_mask=0x2 count it exactly
#        (upstream reads 0 here), 0x1 and 0x3 name the missing GPU0 and are
#        refused;
#  none: firmware gives no mask at all: probe fails with a message naming
#        the properties, no NVLink-C2C PMU exists for that socket, NV-CLink
#        and NV-DLink work, and the module unloads;
#  gpu_wide, gpu_overlap: wired as two GPUs, but firmware's masks name
#        instances 14-15, or instance 6 for both GPUs: the probe corrects
#        them with one warning per socket, and each GPU counts exactly its
#        7 instances.
. "$NVU_TESTS/lib.sh"

# topo SOCKET: the firmware's topology for SOCKET (the last one given
# holds for the rest).
topo() {
	_t=${NVU_FW#*--c2c-peer }
	_t=${_t%% *},
	_i=0
	while [ "$_i" -lt "$1" ] && [ -n "${_t#*,}" ]; do
		_t=${_t#*,}
		_i=$((_i + 1))
	done
	echo "${_t%%,*}"
}
case " ${NVU_FW:-} " in
*" --c2c-peer "*) ;;
*) fail "31-c2c-topologies needs a firmware variant (NVU_FW=--c2c-peer ...)" ;;
esac

# --- CPU-attached NVLink-C2C
check_cpu() {
	c2c=nvidia_nvlink_c2c_pmu_$1
	expect_eq "cpu: peer" "nr_cpu=1" "$(cat $PMUS/$c2c/peer)"
	expect_eq "cpu: formats" "event" "$(ls $PMUS/$c2c/format | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "cpu: events" "cycles=event=0x0 in_rd_cum_outs=event=0x1 in_rd_req=event=0x2 out_rd_cum_outs=event=0x5 out_rd_req=event=0x6" \
		"$(cd $PMUS/$c2c/events && for f in *; do printf '%s=%s ' "$f" "$(cat "$f")"; done | sed 's/ $//')"
	expect_eq "cpu: format/event" "config:0-3" "$(cat $PMUS/$c2c/format/event)"
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
}

# --- Only gpu1_en_mask
check_gpu1() {
	c2c=nvidia_nvlink_c2c_pmu_$1
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
}

# --- No peer mask in firmware
check_none() {
	[ ! -e $PMUS/nvidia_nvlink_c2c_pmu_$1 ] && echo "ok: no nvidia_nvlink_c2c_pmu_$1" ||
		{ echo "FAIL: nvidia_nvlink_c2c_pmu_$1 registered without a peer"; NVU_FAILED=1; }
	# The other links of the same driver still work.
	got=$(counts nvidia_nvclink_pmu_$1/in_rd_req/ nvidia_nvdlink_pmu_$1/in_rd_req/ -- sh -c \
		"echo 'dir=in op=rd count=2' >$EMU/nvidia_nvclink_pmu_$1/inject; \
		 echo 'dir=in op=rd count=3' >$EMU/nvidia_nvdlink_pmu_$1/inject") || fail "perf stat"
	expect_eq "none: nvclink in_rd_req" 24 "$(echo "$got" | sed -n 1p)"
	expect_eq "none: nvdlink in_rd_req" 48 "$(echo "$got" | sed -n 2p)"
}

# --- Firmware masks too wide, or overlapping
check_corrected() {
	c2c=nvidia_nvlink_c2c_pmu_$1
	expect_eq "$2: socket $1 peer" "nr_gpu=2" "$(cat $PMUS/$c2c/peer)"
	got=$(counts $c2c/in_rd_req/ $c2c/in_rd_req,gpu_mask=0x1/ \
		$c2c/in_rd_req,gpu_mask=0x2/ -- sh -c \
		"echo 'dir=in op=rd peer=gpu0 count=3' >$EMU/$c2c/inject; \
		 echo 'dir=in op=rd peer=gpu1 count=100' >$EMU/$c2c/inject") ||
		fail "perf stat"
	expect_eq "$2: socket $1 in_rd_req" $((7 * 3 + 7 * 100)) "$(echo "$got" | sed -n 1p)"
	expect_eq "$2: socket $1 GPU0" $((7 * 3)) "$(echo "$got" | sed -n 2p)"
	expect_eq "$2: socket $1 GPU1" $((7 * 100)) "$(echo "$got" | sed -n 3p)"
}

dmesg -c >/dev/null
load_t410
n_none=0 n_wide=0 n_overlap=0
for s in 0 1; do
	t=$(topo $s)
	echo "# socket $s: firmware topology $t"
	case $t in
	cpu) check_cpu $s ;;
	gpu1) check_gpu1 $s ;;
	none) check_none $s; n_none=$((n_none + 1)) ;;
	gpu_wide) check_corrected $s $t; n_wide=$((n_wide + 1)) ;;
	gpu_overlap) check_corrected $s $t; n_overlap=$((n_overlap + 1)) ;;
	*) fail "unknown topology $t" ;;
	esac
done
dmesg | grep 'en_mask'
expect_eq "none: probe messages (one per socket)" $n_none \
	"$(dmesg | grep -c 'none of cpu_en_mask, gpu0_en_mask, gpu1_en_mask')"
expect_eq "gpu_wide: warnings (one per socket)" $n_wide \
	"$(dmesg | grep -c 'peer masks name instances beyond 13')"
expect_eq "gpu_overlap: warnings (one per socket)" $n_overlap \
	"$(dmesg | grep -c 'instances 0x40 are in gpu0_en_mask and gpu1_en_mask: counted for GPU0 only')"
rmmod nvu_t410_c2c && echo "ok: rmmod nvu_t410_c2c" ||
	{ echo "FAIL: rmmod nvu_t410_c2c"; NVU_FAILED=1; }
finish

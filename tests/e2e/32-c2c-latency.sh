#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Latency per direction (IN_RD, IN_WR, OUT_RD, OUT_WR) by the spec's
# formula: latency in cycles = CUM_OUTS / REQ, FREQ_GHz = CYCLES / elapsed
# ns, latency in ns = cycles / FREQ_GHz.
#  1. Deterministic clock (clock_khz=0): the latency in cycles of every
#     direction of every link, per GPU and over both, equals the injected
#     outstanding cycles exactly.
#  2. The model's clock at 2 GHz and background traffic: nvu-metrics
#     c2c-lat prints the injected latency in ns (cycles / 2) per direction
#     and link, and per GPU with -g; the clock is measured from perf's own
#     elapsed time, so ns are checked to 2%.
. "$NVU_TESTS/lib.sh"

# lat WHAT EXPECTED REQ CUM: latency in cycles, exact.
lat() {
	is_count "$3" && is_count "$4" && [ "$3" -gt 0 ] ||
		{ expect_eq "$1 requests, outstanding" "counts, > 0 requests" "$3, $4"; return; }
	expect_eq "$1 latency (cycles)" "$2" "$(($4 / $3)) rem $(($4 % $3))"
}

load_t410
c2c=nvidia_nvlink_c2c_pmu_0 cl=nvidia_nvclink_pmu_1 dl=nvidia_nvdlink_pmu_0
cat >/tmp/lat.sh <<S
echo 'dir=in op=rd peer=gpu0 count=3 outs=200' >$EMU/$c2c/inject
echo 'dir=in op=rd peer=gpu1 count=3 outs=400' >$EMU/$c2c/inject
echo 'dir=in op=wr inst=4 count=9 outs=120' >$EMU/$c2c/inject
echo 'dir=in op=wr inst=12 count=9 outs=60' >$EMU/$c2c/inject
echo 'dir=out op=rd count=5 outs=300' >$EMU/$c2c/inject
echo 'dir=out op=wr peer=gpu1 count=1 outs=80' >$EMU/$c2c/inject
echo 'dir=out op=wr peer=gpu0 count=1 outs=40' >$EMU/$c2c/inject
echo 'dir=in op=rd count=4 outs=500' >$EMU/$cl/inject
echo 'dir=out op=rd inst=2 count=10 outs=90' >$EMU/$cl/inject
echo 'dir=in op=rd count=2 outs=700' >$EMU/$dl/inject
S
# GPU0 / GPU1 / both, for each direction: expected latency in cycles.
for m in "" ",gpu_mask=0x1" ",gpu_mask=0x2"; do
	evs=
	for d in in_rd in_wr out_rd out_wr; do
		evs="$evs $c2c/${d}_req$m/ $c2c/${d}_cum_outs$m/"
	done
	# shellcheck disable=SC2086
	got=$(counts $evs -- sh /tmp/lat.sh) || fail "perf stat"
	v() { echo "$got" | sed -n "$1p"; }
	case $m in
	"") want="300 90 300 60" ;;
	*1) want="200 120 300 40" ;;
	*2) want="400 60 300 80" ;;
	esac
	set -- $want
	lat "$c2c$m IN_RD" "$1 rem 0" "$(v 1)" "$(v 2)"
	lat "$c2c$m IN_WR" "$2 rem 0" "$(v 3)" "$(v 4)"
	lat "$c2c$m OUT_RD" "$3 rem 0" "$(v 5)" "$(v 6)"
	lat "$c2c$m OUT_WR" "$4 rem 0" "$(v 7)" "$(v 8)"
done
got=$(counts $cl/in_rd_req/ $cl/in_rd_cum_outs/ $cl/out_rd_req/ $cl/out_rd_cum_outs/ \
	$dl/in_rd_req/ $dl/in_rd_cum_outs/ -- sh /tmp/lat.sh) || fail "perf stat"
v() { echo "$got" | sed -n "$1p"; }
lat "$cl IN_RD" "500 rem 0" "$(v 1)" "$(v 2)"
lat "$cl OUT_RD" "90 rem 0" "$(v 3)" "$(v 4)"
lat "$dl IN_RD" "700 rem 0" "$(v 5)" "$(v 6)"
rmmod $T410_DRIVERS nvu_emu || fail "rmmod"

# 2. A 2 GHz link clock and steady traffic.
load_t410 clock_khz=2000000
echo "dir=in op=rd peer=gpu0 count=200000 outs=200
dir=in op=rd peer=gpu1 count=200000 outs=400
dir=in op=wr count=100000 outs=120
dir=out op=rd count=100000 outs=300
dir=out op=wr count=100000 outs=80" >$EMU/$c2c/rate
echo "dir=in op=rd count=100000 outs=500
dir=out op=rd count=100000 outs=90" >$EMU/$cl/rate
echo "dir=in op=rd count=100000 outs=700" >$EMU/$dl/rate

# ns PMU-OUTPUT DIRECTION EXPECTED_NS: within 2%: the clock is measured
# against perf's elapsed time, which includes the moments the PMU is
# stopped while perf schedules its events in.
ns() {
	_got=$(echo "$1" | awk -v d="$2" '$1 == d { print $8 }')
	if echo "$_got $3" | awk 'NF == 2 && $1 ~ /^[0-9]+(\.[0-9]+)?$/ { exit !($1 > $2 * 0.98 && $1 < $2 * 1.02) } { exit 1 }'; then
		echo "ok: $4 $2 latency $_got ns (injected $3 ns at 2 GHz)"
	else
		echo "FAIL: $4 $2 latency: expected $3 ns within 2%, got '$_got'"
		NVU_FAILED=1
	fi
}

out=$(nvu-metrics c2c-lat -s 0 -t 2 -l c2c) || fail "nvu-metrics c2c-lat"
echo "$out"
ns "$out" IN_RD 150 "all GPUs"
ns "$out" IN_WR 60 "all GPUs"
ns "$out" OUT_RD 150 "all GPUs"
ns "$out" OUT_WR 40 "all GPUs"
clock=$(echo "$out" | sed -n 's/.*clock \([0-9.]*\) GHz.*/\1/p')
echo "$clock" | awk '$1 ~ /^[0-9]+(\.[0-9]+)?$/ { exit !($1 > 1.96 && $1 < 2.04) } { exit 1 }' &&
	echo "ok: measured clock $clock GHz" ||
	{ echo "FAIL: measured clock '$clock' GHz, expected 2"; NVU_FAILED=1; }
out=$(nvu-metrics c2c-lat -s 0 -t 2 -l c2c -g 0x1) || fail "nvu-metrics -g 0x1"
echo "$out"
ns "$out" IN_RD 100 "GPU0"
out=$(nvu-metrics c2c-lat -s 0 -t 2 -l c2c -g 0x2) || fail "nvu-metrics -g 0x2"
echo "$out"
ns "$out" IN_RD 200 "GPU1"
out=$(nvu-metrics c2c-lat -s 1 -t 2 -l clink) || fail "nvu-metrics clink"
echo "$out"
ns "$out" IN_RD 250 "NV-CLink"
ns "$out" OUT_RD 45 "NV-CLink"
out=$(nvu-metrics c2c-lat -s 0 -t 2 -l dlink) || fail "nvu-metrics dlink"
echo "$out"
ns "$out" IN_RD 350 "NV-DLink"
echo "$out" | grep -q OUT_ && { echo "FAIL: NV-DLink shows OUT"; NVU_FAILED=1; }

for p in $c2c $cl $dl; do
	echo >$EMU/$p/rate
done
finish

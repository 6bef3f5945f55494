#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Latency per direction (IN_RD, IN_WR, OUT_RD, OUT_WR) by the spec's
# formula: latency in cycles = CUM_OUTS / REQ, FREQ_GHz = CYCLES / elapsed
# ns, latency in ns = cycles / FREQ_GHz.
#  1. Deterministic clock (clock_khz=0): the latency in cycles of every
#     direction of every link, per GPU and over both, equals the injected
#     outstanding cycles exactly.
#  2. The model's clock at 2 GHz, the same traffic injected inside
#     nvu-metrics' perf window (lib.sh's in_windows): c2c-lat prints those
#     latencies in cycles exactly per direction and link, and per GPU with
#     -g, and its clock and ns figures are exactly the formula applied to
#     the counts and running times perf printed (lib.sh's tapped).
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

# 2. The same traffic inside nvu-metrics' perf window, the link clock at
# 2 GHz.
load_t410 clock_khz=2000000

# c2c_lat WHAT DIR=CYCLES... -- ARGS...: "nvu-metrics c2c-lat ARGS", tapped,
# with /tmp/lat.sh's traffic in its window.  It must print the DIRs given,
# in order and no others, each one's latency CYCLES exactly, which perf's
# counts give exactly too.  The clock it prints must be perf's count of
# cycles over that event's running time, and each ns figure the latency in
# cycles over that clock: exact functions of perf's output.  (Checked
# against 2 GHz, the clock would measure the time between perf's
# timestamps and the counter's enable, which a loaded host stretches: 43 ms
# of 2 s, seen once.)
c2c_lat() {
	_what=$1 _want=
	shift
	while [ "$1" != "--" ]; do
		_want="$_want $1"
		shift
	done
	shift
	in_windows 1 /tmp/lat.sh tapped nvu-metrics c2c-lat "$@"
	raw_counts >/tmp/raw.txt
	[ -s /tmp/raw.txt ] || fail "$_what: perf printed no counts"
	awk -v what="$_what" -v want="$_want" '
		function check(name, w, g) {
			if (w == g)
				printf "ok: %s %s = %s\n", what, name, g
			else {
				printf "FAIL: %s %s: expected %s, got %s\n", what, name, w, g
				bad = 1
			}
		}
		FNR == NR { c[FNR] = $1; t[FNR] = $2; next }
		/ clock / { clock = $NF == "GHz" ? $(NF - 1) : "" }
		$3 == "requests" { got = got " " $1; lat[$1] = $5; ns[$1] = $8 }
		END {
			ghz = t[1] ? c[1] / t[1] : 0
			check("clock (GHz)", sprintf("%.3f", ghz), clock)
			n = split(want, w, " ")
			names = ""
			for (i = 1; i <= n; i++) {
				split(w[i], p, "=")
				names = names " " p[1]
				req = c[2 * i]
				cum = c[2 * i + 1]
				if (!(req > 0)) {
					printf "FAIL: %s %s: no requests counted\n", what, p[1]
					bad = 1
					continue
				}
				check(p[1] " outstanding cycles (perf)", req * p[2], cum)
				check(p[1] " latency (cycles)", sprintf("%.1f", p[2]), lat[p[1]])
				check(p[1] " latency (ns)",
				      ghz ? sprintf("%.1f", cum / req / ghz) : "", ns[p[1]])
			}
			check("directions", names, got)
			exit bad
		}' /tmp/raw.txt /tmp/metrics.out || NVU_FAILED=1
}

c2c_lat "$c2c" IN_RD=300 IN_WR=90 OUT_RD=300 OUT_WR=60 -- -s 0 -t 1 -l c2c
c2c_lat "$c2c GPU0" IN_RD=200 IN_WR=120 OUT_RD=300 OUT_WR=40 -- -s 0 -t 1 -l c2c -g 0x1
c2c_lat "$c2c GPU1" IN_RD=400 IN_WR=60 OUT_RD=300 OUT_WR=80 -- -s 0 -t 1 -l c2c -g 0x2
c2c_lat "$cl" IN_RD=500 OUT_RD=90 -- -s 1 -t 1 -l clink
# NV-DLink has no OUT_ events.
c2c_lat "$dl" IN_RD=700 -- -s 0 -t 1 -l dlink
finish

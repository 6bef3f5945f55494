#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tools/nvu-metrics ucf-bw, ucf-matrix and cmem-lat against injected
# traffic (deterministic clock, clock_khz=0).  The tool counts over "sleep
# T" under perf stat; this test injects a known mix inside each such window
# (lib.sh's in_windows) and keeps what perf printed (lib.sh's tapped).
#
# Exact: perf's counts, which are the injected amounts, and whatever the
# tool derives from counts only (requests, requests per cycle, latency in
# cycles, the zero cells).  GB/s, GHz, ns and elapsed seconds divide by
# perf's running time of each event, which is wall-clock time: each must be
# exactly what the formula gives from the counts and running times perf
# printed.  (Against the injected amount over T they are not deterministic:
# perf enables and disables events one by one, tens of ms apart on a loaded
# emulated CPU, and the running time covers fork, exec and exit of the
# workload, up to 1 s more on a loaded host.)
. "$NVU_TESTS/lib.sh"
load_t410
S=0
ucf=nvidia_ucf_pmu_$S cmem=nvidia_cmem_latency_pmu_$S

# from_perf WHAT EXPECTED ACTUAL: ACTUAL, a figure the tool printed, is
# EXPECTED, what the formula gives from the counts and running times perf
# printed (raw_counts, NR-th line: "count run_ns").
from_perf() {
	expect_eq "$1 (from perf's counts and running time)" "$2" "$3"
}

# raw N: the N-th "count run_ns" of the tapped perf runs.
raw() {
	raw_counts | sed -n "${1}p"
}

# ---- ucf-bw --------------------------------------------------------------
cat >/tmp/bw.sh <<S
echo 'op=rd slc=miss count=1000000 bytes=4096' >$EMU/$ucf/inject
echo 'op=wr slc=hit count=500000 bytes=2048' >$EMU/$ucf/inject
echo 'op=wb count=300000 bytes=1024' >$EMU/$ucf/inject
echo 'cycles=8000000' >$EMU/$ucf/inject
S
in_windows 1 /tmp/bw.sh tapped nvu-metrics ucf-bw -s $S -t 1
# perf counted bytes, then requests, of slc_read slc_write mem_read
# mem_write, then cycles: exactly the mix above.
expect_eq "ucf-bw: perf's counts" \
	"4096000000 1024000000 4096000000 307200000 1000000 500000 1000000 300000 8000000" \
	"$(raw_counts | awk '{ print $1 }' | xargs)"
from_perf "ucf-bw elapsed s" "$(raw 9 | awk '{ printf "%.3f", $2 / 1e9 }')" \
	"$(sed -n 's/.* over \([0-9.]*\) s$/\1/p' /tmp/metrics.out)"
i=0
# name, requests per cycle as printed.
while read -r name rpc; do
	i=$((i + 1))
	line=$(grep "^  $name " /tmp/metrics.out)
	expect_eq "ucf-bw $name requests/cycle" "$rpc" "$(echo "$line" | awk '{ print $4 }')"
	from_perf "ucf-bw $name GB/s" "$(raw $i | awk '{ printf "%.3f", $1 / $2 }')" \
		"$(echo "$line" | awk '{ print $2 }')"
done <<M
slc_read 0.1250
slc_write 0.0625
mem_read 0.1250
mem_write 0.0375
M

# ---- cmem-lat ------------------------------------------------------------
cat >/tmp/lat.sh <<S
echo 'inst=all mc=all count=100000 outs=200' >$EMU/$cmem/inject
echo 'inst=5 mc=2 count=1000000 outs=410' >$EMU/$cmem/inject
echo 'cycles=3000000000' >$EMU/$cmem/inject
S
in_windows 1 /tmp/lat.sh tapped nvu-metrics cmem-lat -s $S -t 1
# 42 channels x 100000 + 1000000 requests, 42 x 100000 x 200 +
# 1000000 x 410 cycles waited.
expect_eq "cmem-lat: perf's counts of rd_req, rd_cum_outs, cycles" \
	"5200000 1250000000 3000000000" "$(raw_counts | awk '{ print $1 }' | xargs)"
expect_eq "cmem-lat read requests" 5200000 \
	"$(sed -n 's/^  read requests *\([0-9]*\) .*/\1/p' /tmp/metrics.out)"
expect_eq "cmem-lat latency cycles" 240.4 \
	"$(sed -n 's/^  read latency *\([0-9.]*\) cycles.*/\1/p' /tmp/metrics.out)"
from_perf "cmem-lat elapsed s" "$(raw 3 | awk '{ printf "%.3f", $2 / 1e9 }')" \
	"$(sed -n 's/.* over \([0-9.]*\) s$/\1/p' /tmp/metrics.out)"
from_perf "cmem-lat GHz" "$(raw 3 | awk '{ printf "%.3f", $1 / $2 }')" \
	"$(sed -n 's/^  clock *\([0-9.]*\) GHz/\1/p' /tmp/metrics.out)"
from_perf "cmem-lat latency ns" "$(raw 3 | awk '{ printf "%.1f", 1250000000 / 5200000 / ($1 / $2) }')" \
	"$(sed -n 's/.* cycles = \([0-9.]*\) ns$/\1/p' /tmp/metrics.out)"
from_perf "cmem-lat GB/s" "$(raw 1 | awk '{ printf "%.3f", $1 * 32 / $2 }')" \
	"$(sed -n 's/.*32 bytes each: \([0-9.]*\) GB\/s.*/\1/p' /tmp/metrics.out)"

# ---- ucf-matrix ----------------------------------------------------------
# Reads: every source x destination cell a different amount, k x 10^8
# bytes for cell k = 1..12; writes: two cells only, all others exactly 0.
: >/tmp/mx.sh
: >/tmp/mx.want
k=0
for src in cpu noncpu rem; do
	for dst in cmem gmem other rem; do
		k=$((k + 1))
		echo "echo 'op=rd src=$src dst=$dst count=100 bytes=$((k * 1000000))' >$EMU/$ucf/inject" >>/tmp/mx.sh
		echo "rd $src $dst $((k * 100000000))" >>/tmp/mx.want
	done
done
for src in cpu noncpu rem; do
	for dst in cmem gmem other rem; do
		b=0
		[ $src/$dst = noncpu/gmem ] && b=700000000
		[ $src/$dst = rem/other ] && b=1300000000
		[ $b = 0 ] || echo "echo 'op=wr src=$src dst=$dst count=1000 bytes=$((b / 1000))' >$EMU/$ucf/inject" >>/tmp/mx.sh
		echo "wr $src $dst $b" >>/tmp/mx.want
	done
done
# One perf run, and window, per direction and source, in the order of
# /tmp/mx.want; each window sees the whole mix.
in_windows 6 /tmp/mx.sh tapped nvu-metrics ucf-matrix -s $S -t 1
awk '/^  rd / { d = "rd" } /^  wr / { d = "wr" }
	$1 ~ /^src_/ { for (i = 2; i <= 5; i++) print d, $1, i - 1, $i }' /tmp/metrics.out >/tmp/mx.got
expect_eq "ucf-matrix cells" 24 "$(wc -l </tmp/mx.got)"
expect_eq "ucf-matrix: perf's counts, cell by cell" "$(awk '{ print $4 }' /tmp/mx.want | xargs)" \
	"$(raw_counts | awk '{ print $1 }' | xargs)"
raw_counts | awk 'FNR == NR { w[FNR] = $0; next } { print w[FNR], $0 }' /tmp/mx.want - | while read -r dir src dst bytes count ns; do
	case $src in cpu) s=src_loc_cpu ;; noncpu) s=src_loc_noncpu ;; rem) s=src_rem ;; esac
	case $dst in cmem) d=1 ;; gmem) d=2 ;; other) d=3 ;; rem) d=4 ;; esac
	v=$(awk -v a="$dir" -v b="$s" -v c="$d" '$1 == a && $2 == b && $3 == c { print $4 }' /tmp/mx.got)
	from_perf "ucf-matrix $dir $s -> dst $dst GB/s ($bytes bytes)" \
		"$(awk -v c="$count" -v t="$ns" 'BEGIN { printf "%.3f", (t > 0 ? c / t : 0) }')" "$v"
done >/tmp/mx.checks
cat /tmp/mx.checks
grep -q '^FAIL' /tmp/mx.checks && NVU_FAILED=1
finish

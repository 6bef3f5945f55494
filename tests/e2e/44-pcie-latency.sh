#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PCIE read latency by the doc's formulas: latency in cycles =
# rd_cum_outs / rd_req, exact; FREQ_GHz = cycles / elapsed ns and latency
# in ns = cycles latency / FREQ_GHz, with the model's clock running in real
# time at 1 GHz.  Elapsed time is perf's wall clock, so the ns figure is
# checked to 5%; the counts are exact.  Then tools/nvu-metrics pcie reports
# the same latency for the RC that has traffic and none for the others.
. "$NVU_TESTS/lib.sh"
load_t410 clock_khz=1000000
pmu=nvidia_pcie_pmu_0_rc_2

perf stat -x, -a -e "{$pmu/rd_req/,$pmu/rd_cum_outs/,$pmu/cycles/}" -o /tmp/lat.out -- \
	sh -c "sleep 0.3; echo 'op=rd count=4000 outs=650' >$EMU/$pmu/inject; sleep 0.7" ||
	fail "perf stat"
req=$(grep rd_req /tmp/lat.out | cut -d, -f1)
outs=$(grep rd_cum_outs /tmp/lat.out | cut -d, -f1)
line=$(grep cycles /tmp/lat.out)
cyc=$(echo "$line" | cut -d, -f1)
ns=$(echo "$line" | awk -F, '{ print $(NF - 3) }')
expect_eq "rd_req" 4000 "$req"
expect_eq "rd_cum_outs" $((4000 * 650)) "$outs"
expect_eq "latency in cycles" 650 $((outs / req))
lat=$(awk -v o="$outs" -v r="$req" -v c="$cyc" -v ns="$ns" \
	'BEGIN { printf "%d", (o / r) / (c / ns) + 0.5 }')
[ "$lat" -ge 617 ] && [ "$lat" -le 683 ] &&
	echo "ok: latency $lat ns (650 ns injected at 1 GHz)" ||
	{ echo "FAIL: latency $lat ns, expected 650 +- 5% (cycles $cyc in $ns ns)"; NVU_FAILED=1; }

echo "op=rd count=10000000 outs=650 bytes=256" >$EMU/$pmu/rate
out=$(nvu-metrics pcie -s 0 -t 1) || fail "nvu-metrics pcie: $out"
echo >$EMU/$pmu/rate
echo "$out"
lat=$(echo "$out" | awk '$1 == 2 { print int($6 + 0.5) }')
[ "$lat" -ge 617 ] && [ "$lat" -le 683 ] &&
	echo "ok: nvu-metrics RC 2 latency $lat ns" ||
	{ echo "FAIL: nvu-metrics RC 2 latency '$lat'"; NVU_FAILED=1; }
expect_eq "nvu-metrics RCs listed" "0 1 2 3 4 5" "$(echo "$out" | awk 'NR > 2 { print $1 }' | xargs)"
expect_eq "nvu-metrics idle RC 3 latency" "0.0" "$(echo "$out" | awk '$1 == 3 { print $6 }')"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PCIE read latency by the doc's formulas: latency in cycles =
# rd_cum_outs / rd_req, exact; FREQ_GHz = cycles / elapsed ns and latency
# in ns = cycles latency / FREQ_GHz, with the model's clock running in real
# time at 1 GHz.  The counts are exact.  Then tools/nvu-metrics pcie, with
# the same traffic in its perf window (lib.sh's in_windows): for the RC
# that has it, the bandwidth and the latency in ns are what the formulas
# give from the counts and running times perf printed (lib.sh's tapped:
# perf's running time against the model's clock is not deterministic); the
# other RCs are listed, RC 3 with no latency.
. "$NVU_TESTS/lib.sh"
load_t410 clock_khz=1000000
pmu=nvidia_pcie_pmu_0_rc_2
# Inside each perf window: 4000 reads of 256 KiB, 650 cycles each.
echo "echo 'op=rd count=4000 outs=650 bytes=262144' >$EMU/$pmu/inject" >/tmp/rc2.sh
in_windows 1 /tmp/rc2.sh perf stat -x, -a -e "{$pmu/rd_req/,$pmu/rd_cum_outs/,$pmu/cycles/}" \
	-o /tmp/lat.out -- sleep 1
req=$(grep rd_req /tmp/lat.out | cut -d, -f1)
outs=$(grep rd_cum_outs /tmp/lat.out | cut -d, -f1)
line=$(grep cycles /tmp/lat.out)
cyc=$(echo "$line" | cut -d, -f1)
ns=$(echo "$line" | awk -F, '{ print $(NF - 3) }')
expect_eq "rd_req" 4000 "$req"
expect_eq "rd_cum_outs" $((4000 * 650)) "$outs"
expect_eq "latency in cycles" 650 $((outs / req))
echo "latency: $cyc cycles in $ns ns of running time"

in_windows 1 /tmp/rc2.sh tapped nvu-metrics pcie -s 0 -t 1
out=$(cat /tmp/metrics.out)
# Per RC, in order, perf counted rd_bytes, wr_bytes, rd_req, rd_cum_outs and
# cycles of PCIE, then rd_bytes and wr_bytes of PCIE-TGT: RC 2's are the
# 15th to 21st counts.
raw_counts | awk 'NR == 15 { b = $1; bt = $2 } NR == 17 { r = $1 } NR == 18 { o = $1 }
	NR == 19 { c = $1; t = $2 }
	END {
		print b, r, o
		printf "%.3f %.1f\n", bt ? b / bt : -1, c && r ? o / r / (c / t) : -1
	}' >/tmp/want
expect_eq "perf: RC 2 rd_bytes, rd_req, rd_cum_outs" "$((4000 * 262144)) 4000 $((4000 * 650))" \
	"$(sed -n 1p /tmp/want)"
expect_eq "nvu-metrics RC 2 to-mem rd GB/s and latency ns, from perf's counts" \
	"$(sed -n 2p /tmp/want)" "$(echo "$out" | awk '$1 == 2 { print $2, $6 }')"
expect_eq "nvu-metrics RCs listed" "0 1 2 3 4 5" "$(echo "$out" | awk 'NR > 2 { print $1 }' | xargs)"
expect_eq "nvu-metrics idle RC 3 latency" "0.0" "$(echo "$out" | awk '$1 == 3 { print $6 }')"
finish

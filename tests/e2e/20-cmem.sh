#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CMEM latency: the seed's group {rd_req, rd_cum_outs, cycles} counts
# exactly what is injected per instance and memory channel, on both
# sockets; latency = rd_cum_outs / rd_req equals the injected latency.
. "$NVU_TESTS/lib.sh"
load_t410

for s in 0 1; do
	pmu=nvidia_cmem_latency_pmu_$s
	cat >/tmp/mix.sh <<S
echo 'inst=0 mc=0 count=10 outs=300' >$EMU/$pmu/inject
echo 'inst=13 mc=2 count=5 outs=300' >$EMU/$pmu/inject
echo 'inst=all mc=1 count=2 outs=300' >$EMU/$pmu/inject
echo 'inst=7 mc=all count=1 outs=300' >$EMU/$pmu/inject
echo 'cycles=5000' >$EMU/$pmu/inject
S
	req=$((10 + 5 + 14 * 2 + 3 * 1))
	got=$(counts "{$pmu/rd_req/,$pmu/rd_cum_outs/,$pmu/cycles/}" -- sh /tmp/mix.sh) ||
		fail "perf stat failed"
	expect_eq "$pmu rd_req" $req "$(echo "$got" | sed -n 1p)"
	expect_eq "$pmu rd_cum_outs" $((req * 300)) "$(echo "$got" | sed -n 2p)"
	expect_eq "$pmu cycles" 5000 "$(echo "$got" | sed -n 3p)"
	expect_eq "$pmu latency in cycles" 300 \
		$(($(echo "$got" | sed -n 2p) / $(echo "$got" | sed -n 1p)))
done

# The other socket's PMU saw nothing of socket 0's traffic.
got=$(counts nvidia_cmem_latency_pmu_1/rd_req/ -- \
	sh -c "echo 'inst=all mc=all count=9' >$EMU/nvidia_cmem_latency_pmu_0/inject")
expect_eq "socket isolation" 0 "$got"

# Counts survive the clear-on-disable: two perf runs back to back start
# from zero each time.
got=$(counts nvidia_cmem_latency_pmu_0/rd_req/ -- \
	sh -c "echo 'inst=1 mc=1 count=6' >$EMU/nvidia_cmem_latency_pmu_0/inject")
expect_eq "second run counts only its own traffic" 6 "$got"
finish

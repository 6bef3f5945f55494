#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (selftest-check.sh): counts perf reports as not
# numbers must fail the numeric checks of tests/lib.sh, never slip through
# as a comparison error, and check_multiplexed must fail what it exists to
# catch.  Fails, with one FAIL line per failing check.
. "$NVU_TESTS/lib.sh"
# check_multiplexed: an event that never ran, raw counts that do not add
# up to what the model's counters took, estimates all 12% high (what
# counting while switched out gives at 88% running), each a failure; one
# estimate 20% high beside eight exact (a guest stall while perf had the
# PMU disabled to rotate) passes.  perf -v: "EVENT: COUNT ENABLED RUNNING".
# mux_file TOOK COUNT...: mux_stat's files, the pinned count 1000000.
mux_file() {
	echo "$1" >/tmp/mux.took
	shift
	{
		echo "nvidia_ucf_pmu_0/cycles/D: 1000000 1000 1000"
		for _c in "$@"; do
			echo "nvidia_ucf_pmu_0/cycles/: $_c 1000 880"
		done
	} >/tmp/mux.out
}
mux_file 1880000 880000 0
sed -i '$s/ 880$/ 0/' /tmp/mux.out
check_multiplexed 3
mux_file 2760001 880000 880000
check_multiplexed 3
h=985600
mux_file $((1000000 + 9 * h)) $h $h $h $h $h $h $h $h $h
check_multiplexed 10
mux_file $((1000000 + 1056000 + 8 * 880000)) 1056000 880000 880000 880000 880000 880000 880000 880000 880000
check_multiplexed 10
expect_range "a count" 1 10 "<not counted>"
expect_range "an empty count" 1 10 ""
finish

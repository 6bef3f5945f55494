#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (selftest-check.sh): counts perf reports as not
# numbers must fail the numeric checks of tests/lib.sh, never slip through
# as a comparison error.  Fails, with one FAIL line per check.
. "$NVU_TESTS/lib.sh"
printf '%s\n' '200000,,nvidia_ucf_pmu_0/cycles/,1000,100.00,,' \
	'<not counted>,,nvidia_ucf_pmu_0/event=0x111/,0,0.00,,' >/tmp/numbers.csv
check_multiplexed /tmp/numbers.csv 2
expect_range "a count" 1 10 "<not counted>"
expect_range "an empty count" 1 10 ""
finish

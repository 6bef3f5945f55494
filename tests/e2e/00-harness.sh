#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The harness itself: modules load, perf runs, and the deliberate failure
# switch (NVU_SELFTEST_FAIL=1) turns this test red.
. "$NVU_TESTS/lib.sh"

modprobe nv_uncore || fail "nv_uncore does not load"
[ -d /sys/module/nv_uncore ] || fail "nv_uncore is not in /sys/module"
perf version >/dev/null || fail "perf does not run"
[ "$(cat /sys/devices/system/node/online)" = "0-1" ] ||
	fail "expected NUMA nodes 0-1, got $(cat /sys/devices/system/node/online)"
[ "${NVU_SELFTEST_FAIL:-0}" = 0 ] || fail "failing on purpose (NVU_SELFTEST_FAIL=1)"
pass

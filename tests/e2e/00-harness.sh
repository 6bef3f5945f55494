#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The harness itself: modules load, perf runs, and the deliberate failure
# switch (NVU_SELFTEST_FAIL=1) turns this test red.  Then, with the model
# and every Tegra410 driver loaded, every file of every PMU in sysfs
# (top level, format/, events/) reads without error: one walk over all of
# their show functions, which the debug kernel runs too.
. "$NVU_TESTS/lib.sh"

modprobe nv_uncore || fail "nv_uncore does not load"
[ -d /sys/module/nv_uncore ] || fail "nv_uncore is not in /sys/module"
perf version >/dev/null || fail "perf does not run"
[ "$(cat /sys/devices/system/node/online)" = "0-1" ] ||
	fail "expected NUMA nodes 0-1, got $(cat /sys/devices/system/node/online)"
[ "${NVU_SELFTEST_FAIL:-0}" = 0 ] || fail "failing on purpose (NVU_SELFTEST_FAIL=1)"

load_t410
n=0 pmus=0
for p in "$PMUS"/nvidia_*; do
	pmus=$((pmus + 1))
	files=
	for f in "$p"/* "$p"/format/* "$p"/events/*; do
		[ -f "$f" ] || continue
		files="$files $f"
		n=$((n + 1))
	done
	# One cat per PMU, not one per file (about 1000 files): cat reads on
	# past a file that fails and names it.
	# shellcheck disable=SC2086
	cat $files >/dev/null 2>/tmp/walk.err ||
		{ echo "FAIL: reading $p: $(cat /tmp/walk.err)"; NVU_FAILED=1; }
done
expect_eq "PMUs of the Tegra410 drivers" 34 "$pmus"
echo "ok: read $n sysfs files"
finish

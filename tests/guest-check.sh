#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (tests/vm/run tests/guest-check.sh [E2E...]):
# every KUnit module, then every end-to-end test (default: all of
# tests/e2e/*.sh), each as one KTAP document between markers that
# scripts/check extracts and parses.  Exits non-zero if anything failed.
#
# NVU_KUNIT_ARGS: module parameters, e.g. "nvu_kunit selftest_fail=1".

kunit_modules="nvu_kunit nvu_t410_kunit"
drivers="nvu_t410_ucf nvu_t410_cmem_lat nvu_t410_pcie_tgt nvu_t410_pcie nvu_t410_c2c"
fail=0

# Unload every module of ours, users before what they use.
unload_all() {
	for pass in 1 2 3 4; do
		for m in $(lsmod | awk '/^nvu_|^nv_uncore/ {print $1}'); do
			rmmod "$m" 2>/dev/null
		done
	done
	lsmod | grep -qE '^nvu_|^nv_uncore' &&
		echo "# modules left loaded: $(lsmod | grep -E '^nvu_|^nv_uncore')"
}

# The driver-against-model suites need the model (deterministic clock) and
# the drivers.
for m in "nvu_emu clock_khz=0" $drivers; do
	# shellcheck disable=SC2086
	modprobe $m || echo "# modprobe $m failed"
done

echo "NVU-KTAP-BEGIN kunit"
echo "KTAP version 1"

n=0
for m in $kunit_modules; do
	# shellcheck disable=SC2086
	modprobe $m $(echo "${NVU_KUNIT_ARGS:-}" | sed -n "s/^$m //p") ||
		echo "# modprobe $m failed"
done
suites=$(ls /sys/kernel/debug/kunit 2>/dev/null)
echo "1..$(echo "$suites" | grep -c .)"
for s in $suites; do
	n=$((n + 1))
	# Drop the per-file header and renumber the suite's own result line.
	sed -e '1,2{/^KTAP version/d;/^1\.\./d}' \
	    -e "s/^\(not ok\|ok\) 1 /\1 $n /" "/sys/kernel/debug/kunit/$s/results"
	grep -q '^not ok' "/sys/kernel/debug/kunit/$s/results" && fail=1
done
echo "NVU-KTAP-END kunit"
unload_all

[ $# -gt 0 ] || set -- "$NVU_TESTS"/e2e/*.sh
echo "NVU-KTAP-BEGIN e2e"
echo "KTAP version 1"
echo "1..$#"
n=0
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t" .sh)
	echo "# $name"
	out=/tmp/e2e.$name.log
	sh "$t" >"$out" 2>&1
	rc=$?
	sed 's/^/# /' "$out"
	if [ $rc -eq 0 ]; then
		echo "ok $n $name"
	elif [ $rc -eq 77 ]; then
		echo "ok $n $name # SKIP"
	else
		echo "not ok $n $name"
		fail=1
	fi
	# Leave a clean state for the next test.
	unload_all
done
echo "NVU-KTAP-END e2e"
exit $fail

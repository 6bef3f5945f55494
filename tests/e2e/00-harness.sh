#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The harness itself: modules load, the perf asked for runs, and the
# deliberate failure switch (NVU_SELFTEST_FAIL=1) turns this test red.
# Then, with the model and every Tegra410 driver loaded, every file of
# every PMU in sysfs (top level, format/, events/) reads without error:
# one walk over all of their show functions, which the debug kernel runs
# too.  Last, a count and "modprobe -r" of everything.
. "$NVU_TESTS/lib.sh"

modprobe nv_uncore || fail "nv_uncore does not load"
[ -d /sys/module/nv_uncore ] || fail "nv_uncore is not in /sys/module"
perf version >/dev/null || fail "perf does not run"
# The perf asked for (tests/vm/init): Debian's 6.1, or 6.12 with NVU_PERF.
expect_eq "perf series" "${NVU_PERF:-6.1}" "$(perf_series)"
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

# Count, then "modprobe -r" of the modules nothing uses, as a user would:
# the ones they use (nvu_t410_pcie, nv_uncore) go with the last of their
# users.  On Debian's kernels these are the modules dkms built, from
# updates/dkms.  Busybox's modprobe -r exits 1 when it tries a used
# dependency too early, so what is left is what counts.
got=$(counts nvidia_ucf_pmu_0/slc_access_rd/ -- sh -c "echo 'op=rd count=9' >$EMU/nvidia_ucf_pmu_0/inject")
expect_eq "a count before modprobe -r" 9 "$got"
for m in nvu_t410_ucf nvu_t410_cmem_lat nvu_t410_pcie_tgt nvu_t410_c2c nvu_emu; do
	modprobe -r "$m" 2>/dev/null
done
left=
for m in $T410_DRIVERS nvu_emu nv_uncore; do
	[ ! -d "/sys/module/$m" ] || left="$left $m"
done
expect_eq "modules left after modprobe -r" "" "$left"
finish

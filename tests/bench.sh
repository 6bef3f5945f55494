#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (tests/vm/run tests/bench.sh; scripts/bench does
# that): loads the model with a deterministic clock, the Tegra410 drivers
# and nvu_bench, and prints nvu_bench's NVU-BENCH lines, the register
# reads/writes of each perf callback.  Exits non-zero only if something
# could not be loaded or measured.
. "$NVU_TESTS/lib.sh"

load_t410
modprobe nvu_bench || fail "modprobe nvu_bench"

out=/tmp/bench.out
cat /sys/kernel/debug/nvu_bench/results >$out || fail "reading the results"
cat $out
rc=0
grep -q '^NVU-BENCH-ERROR' $out && rc=1
grep -q '^NVU-BENCH ' $out || rc=1

for m in nvu_bench $T410_DRIVERS nvu_emu; do
	rmmod $m 2>/dev/null
done
exit $rc

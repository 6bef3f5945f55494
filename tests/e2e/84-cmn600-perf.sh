#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600 and perf's own tooling, with the perf built from the 6.12
# source (tests/vm/perf-build): its "Parsing of all PMU events from
# sysfs" test parses every events/ file of our arm_cmn PMUs; on arm64,
# where that perf carries the Arm CMN JSON events and metrics (matched by
# the PMU's identifier, "434" and the revision), perf list describes our
# events with them and the slc_miss_rate metric computes exactly from
# the model's traffic.
. "$NVU_TESTS/lib.sh"
load_cmn
P=/opt/perf-6.12/perf
m8=$(cmn_pmu 2) e8=$EMU/cmn600_2/inject

$P test "Parsing of all PMU events from sysfs" >/tmp/ptest.out 2>&1
expect_eq "perf 6.12 test \"Parsing of all PMU events from sysfs\"" Ok \
	"$(sed -n 's/.*Parsing of all PMU events from sysfs *: *//p' /tmp/ptest.out |
		tail -n1 | awk '{ print $NF }')"
# perf lists the events of arm_cmn_0, _1, _2 once, as arm_cmn's.
$P list pmu >/tmp/list.out 2>&1
expect_eq "perf list: the meshes' events" yes \
	"$(grep -qE 'arm_cmn(_[0-9]+)?/mxp_p0_dat_txflit_stall/' /tmp/list.out && echo yes)"

if [ "$(uname -m)" != aarch64 ]; then
	echo "# perf's Arm CMN JSON events and metrics exist in arm64 builds only"
	finish
fi
# The JSON description of hnf_cache_miss, bound through the identifier.
expect_eq "perf list: JSON description" yes \
	"$($P list 2>/dev/null | grep -q 'Counts total cache misses in first lookup result' && echo yes)"
expect_eq "perf list: cmn metrics" yes \
	"$($P list metric 2>/dev/null | grep -q 'slc_miss_rate' && echo yes)"
# slc_miss_rate = hnf_cache_miss / hnf_slc_sf_cache_access, on every mesh.
# perf 6.12's -M needs a metrics table for the CPU before it looks at the
# system (uncore) metrics, and has none for QEMU's "max" CPU: PERF_CPUID
# names a Neoverse N1, a CPU CMN-600 systems have (tools/perf/pmu-events/
# arch/arm64/mapfile.csv).
PERF_CPUID=0x00000000410fd0c0 $P stat -a -x, -M slc_miss_rate -o /tmp/metric.out -- sh -c "
	echo 'type=hnf event=0x1 count=250' >$e8
	echo 'type=hnf event=0x2 count=1000' >$e8" >/tmp/metric.err 2>&1 ||
	fail "perf stat -M slc_miss_rate: $(cat /tmp/metric.err /tmp/metric.out)"
cat /tmp/metric.out
hnf=$(cmn_nodes $m8 HN-F)
expect_eq "hnf_cache_miss under the metric" $((hnf * 250)) \
	"$(grep -v '^#' /tmp/metric.out | grep 'hnf_cache_miss' | cut -d, -f1 | awk '{ s += $1 } END { print s }')"
expect_eq "slc_miss_rate" 25.0 \
	"$(grep -o '[0-9.]*,[^,]*slc_miss_rate' /tmp/metric.out | head -n1 | cut -d, -f1)"
finish

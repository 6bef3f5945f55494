#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-exporter, as the nv-uncore-tools package runs it: a config file with
# a job per line, each written by nvu-stat as a node_exporter textfile.
# The model's UCF of socket 0 takes background reads at a set rate; the
# job counts them for 3 s.  The file must hold exactly what the model's
# counter took, a run's length longer than the 3 s asked for (nvu-stat
# reads the clock after enabling and again after disabling), and as the
# rate that count over that length, to one part in 10^6 (the rate against
# the one set, 64 bytes a read, is printed, not checked: the run's length
# is wall-clock time, which a loaded host stretches)
# (Documentation/nvu-stat.rst, "Deploying with Prometheus").  A job that
# fails leaves the file of the last run in place and fails the run.  The
# file is printed (NVU-OPENMETRICS) with the rate set (NVU-EXPORTER-RATE)
# for the host, where node_exporter serves it and Prometheus scrapes it
# (scripts/check-prometheus).
. "$NVU_TESTS/lib.sh"
load_t410
ucf=nvidia_ucf_pmu_0
rate=1000000		# reads a second, 64 bytes each
mkdir -p /tmp/tf
cat >/tmp/exporter.conf <<C
# a comment, and an empty line

ucf0-bw stat -t 3 $ucf/slc_bytes_rd/
C
echo "op=rd src=cpu dst=cmem count=$rate bytes=64" >$EMU/$ucf/rate
nvu-exporter -c /tmp/exporter.conf -d /tmp/tf || fail "nvu-exporter"
took=$(cat $EMU/$ucf/rate)
echo >$EMU/$ucf/rate
f=/tmp/tf/nv-uncore-ucf0-bw.prom
[ -f "$f" ] || fail "no $f"
cat "$f"
expect_eq "no temporary file left" "" "$(ls /tmp/tf | grep -v '\.prom$')"
val() { # FAMILY: its sample for slc_bytes_rd
	sed -n "s/^$1{pmu=\"$ucf\",event=\"slc_bytes_rd\".*} \\([0-9.]*\\)\$/\\1/p" "$f"
}
expect_eq "bytes counted" "$took" "$(val nvu_events)"
secs=$(sed -n 's/^nvu_run_seconds \([0-9.]*\)$/\1/p' "$f")
bw=$(val nvu_events_per_second)
echo "set: $((rate * 64)) B/s; exported: $bw B/s over $secs s"
awk -v b="$bw" -v e="$took" -v s="$secs" \
	'BEGIN { d = b - e / s; exit !(s > 3 && b > 0 && d * d <= b * b * 1e-12) }' &&
	echo "ok: exported rate = counted / run seconds, over more than 3 s" ||
	{ echo "FAIL: exported $bw B/s, but $took in $secs s"; NVU_FAILED=1; }
echo "NVU-EXPORTER-RATE $((rate * 64))"
echo "NVU-OPENMETRICS-BEGIN exporter"
cat "$f"
echo "NVU-OPENMETRICS-END exporter"

# A job that fails (an event the PMU does not have): exit 1, the other
# job's file written, the failed job's last file kept.
cp "$f" /tmp/last.prom
cat >>/tmp/exporter.conf <<C
ucf0-bad stat -t 1 $ucf/no_such_event/
C
sed -i 's/-t 3/-t 1/' /tmp/exporter.conf
: >/tmp/tf/nv-uncore-ucf0-bad.prom
nvu-exporter -c /tmp/exporter.conf -d /tmp/tf 2>/tmp/exp.err
expect_eq "exit status with a failed job" 1 "$?"
expect_eq "the failed job's file untouched" "" "$(cat /tmp/tf/nv-uncore-ucf0-bad.prom)"
cmp -s "$f" /tmp/last.prom && { echo "FAIL: the good job's file was not rewritten"; NVU_FAILED=1; }
expect_eq "the good job's file complete" "# EOF" "$(tail -n 1 "$f")"
# A bad job name or command is refused before anything runs.
echo 'bad/name stat -t 1 x' >/tmp/bad.conf
nvu-exporter -c /tmp/bad.conf -d /tmp/tf 2>/dev/null
expect_eq "exit status for a bad job name" 1 "$?"
# A bad line anywhere runs nothing, not even the good jobs before it.
cp "$f" /tmp/before.prom
printf 'ucf0-bw stat -t 1 %s\nucf0-bw stat -t 1 %s\n' "$ucf/slc_bytes_rd/" \
	"$ucf/slc_bytes_rd/" >/tmp/dup.conf
nvu-exporter -c /tmp/dup.conf -d /tmp/tf 2>/dev/null
expect_eq "exit status for a job named twice" 1 "$?"
cmp -s "$f" /tmp/before.prom ||
	{ echo "FAIL: a job ran although its config was refused"; NVU_FAILED=1; }
finish

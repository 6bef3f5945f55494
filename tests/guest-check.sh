#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (tests/vm/run tests/guest-check.sh [E2E...]):
# every KUnit module, then every end-to-end test (default: those of
# tests/e2e/*.sh without "# nvu-fw:" lines), each as one KTAP document
# between markers that scripts/check extracts and parses.  Exits non-zero
# if anything failed.
#
# Each e2e script runs in its own session under a timeout
# (NVU_E2E_TIMEOUT seconds, default 300): on expiry its whole process group
# is killed and the script fails, naming the timeout; later scripts still
# run.  After each script every module of ours is unloaded: one that stays
# loaded fails that script.  Each script's wall time is printed as
# "# e2e-time: NAME SECONDS".
#
# NVU_KUNIT_ARGS: module parameters, e.g. "nvu_kunit selftest_fail=1".
# NVU_KUNIT=0: run no KUnit module (the KUnit document has an empty plan).

kunit_modules="nvu_kunit nvu_t410_kunit nvu_cxl_kunit nvu_cmn600_kunit"
drivers="nvu_t410_ucf nvu_t410_cmem_lat nvu_t410_pcie_tgt nvu_t410_pcie nvu_t410_c2c"
timeout=${NVU_E2E_TIMEOUT:-300}
fail=0

# Unload every module of ours, users before what they use.  Prints what
# stays loaded; fails if anything does.
unload_all() {
	for pass in 1 2 3 4; do
		for m in $(lsmod | awk '/^nvu_|^nv_uncore/ {print $1}'); do
			rmmod "$m" 2>/dev/null
		done
	done
	left=$(lsmod | awk '/^nvu_|^nv_uncore/ {print $1}' | xargs)
	[ -z "$left" ] && return 0
	echo "# FAIL: modules left loaded: $left"
	return 1
}

# Centiseconds since boot.
# now: uptime in hundredths of a second, without leading zeros (in the
# first second "0.98" would read as an octal 098, an arithmetic error).
now() {
	sed -e 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' -e 's/^0*\([0-9]\)/\1/' /proc/uptime
}

# run_timed SCRIPT LOG: run SCRIPT in its own session (process group) with
# output to LOG; kill the group after $timeout seconds.  Returns the
# script's status, or 124 if it timed out.
run_timed() {
	rm -f /tmp/e2e.timedout
	setsid sh "$1" >"$2" 2>&1 </dev/null &
	_pid=$!
	(
		sleep "$timeout"
		touch /tmp/e2e.timedout
		kill -KILL -"$_pid" 2>/dev/null || kill -KILL "$_pid"
	) &
	_wd=$!
	{ wait "$_pid"; } 2>/dev/null
	_rc=$?
	kill "$_wd" 2>/dev/null
	wait "$_wd" 2>/dev/null
	[ -e /tmp/e2e.timedout ] || return $_rc
	sleep 1 # let the killed processes go, and their modules
	return 124
}

# The driver-against-model suites need the model (deterministic clock) and
# the drivers; the model first, since the firmware tables name addresses
# only it answers.
[ "${NVU_KUNIT:-1}" = 0 ] && drivers=
emu="nvu_emu clock_khz=0"
# The CMN-600 meshes the firmware describes (NVU_FW="--cmn L"): the model
# refuses to serve fewer.
case " ${NVU_FW:-} " in *" --cmn "*)
	cmn=${NVU_FW#*--cmn }
	emu="$emu cmn=${cmn%% *}" ;;
esac
for m in "$emu" $drivers; do
	# shellcheck disable=SC2086
	modprobe $m || { echo "# FAIL: modprobe $m failed"; fail=1; }
done

echo "NVU-KTAP-BEGIN kunit"
echo "KTAP version 1"

n=0
# NVU_KUNIT=0: no KUnit in this boot (an empty plan; scripts/check expects
# no cases), for extra boots that exist only for some e2e tests.
[ "${NVU_KUNIT:-1}" = 0 ] && kunit_modules=
for m in $kunit_modules; do
	# A module that does not load takes its suites with it: scripts/check
	# counts the cases that ran against the sources.
	# shellcheck disable=SC2086
	modprobe $m $(echo "${NVU_KUNIT_ARGS:-}" | sed -n "s/^$m //p") ||
		{ echo "# FAIL: modprobe $m failed"; fail=1; }
done
suites=
[ -z "$kunit_modules" ] || suites=$(ls /sys/kernel/debug/kunit 2>/dev/null)
echo "1..$(echo "$suites" | grep -c .)"
for s in $suites; do
	n=$((n + 1))
	# Drop the per-file header and renumber the suite's own result line.
	sed -e '1,2{/^KTAP version/d;/^1\.\./d}' \
	    -e "s/^\(not ok\|ok\) 1 /\1 $n /" "/sys/kernel/debug/kunit/$s/results"
	grep -q '^not ok' "/sys/kernel/debug/kunit/$s/results" && fail=1
done
echo "NVU-KTAP-END kunit"
unload_all || fail=1

# By default every script that runs on the default firmware tables: one
# with "# nvu-fw: OPTIONS" lines needs tables of its own, a boot with
# NVU_FW=OPTIONS per line (scripts/check), and is named explicitly there.
if [ $# -eq 0 ]; then
	for t in "$NVU_TESTS"/e2e/*.sh; do
		grep -q '^# nvu-fw[a-z0-9_-]*: ' "$t" || set -- "$@" "$t"
	done
fi
echo "NVU-KTAP-BEGIN e2e"
echo "KTAP version 1"
echo "1..$#"
n=0
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t" .sh)
	echo "# $name"
	out=/tmp/e2e.$name.log
	t0=$(now)
	run_timed "$t" "$out"
	rc=$?
	t1=$(now)
	sed 's/^/# /' "$out"
	[ $rc -ne 124 ] || echo "# FAIL: $name timed out after ${timeout}s"
	# Leave a clean state for the next test; what stays loaded fails this
	# one.
	unload_all || rc=1
	echo "# e2e-time: $name $(((t1 - t0) / 100)).$(((t1 - t0) % 100 / 10))"
	if [ $rc -eq 0 ]; then
		echo "ok $n $name"
	elif [ $rc -eq 77 ]; then
		echo "ok $n $name # SKIP"
	else
		echo "not ok $n $name"
		fail=1
	fi
done
echo "NVU-KTAP-END e2e"
exit $fail

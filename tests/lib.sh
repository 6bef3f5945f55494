# SPDX-License-Identifier: GPL-2.0
# Helpers for the end-to-end tests (busybox sh, inside the test VM).

fail() {
	echo "FAIL: $*"
	exit 1
}

pass() {
	echo "PASS"
	exit 0
}

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: expected $2, got $3"
		NVU_FAILED=1
	else
		echo "ok: $1 = $3"
	fi
}

# Exit with the result of every expect_eq so far.
finish() {
	[ -z "${NVU_FAILED:-}" ] || exit 1
	pass
}

EMU=/sys/kernel/debug/nvu_emu
PMUS=/sys/bus/event_source/devices

# Every Tegra410 driver module, in an order rmmod can take them in
# (nvu_t410_pcie_tgt uses nvu_t410_pcie; modprobe loads that first).
T410_DRIVERS="nvu_t410_ucf nvu_t410_cmem_lat nvu_t410_pcie_tgt nvu_t410_pcie nvu_t410_c2c"

# load_t410 [nvu_emu parameters...]: the model (deterministic clock by
# default) and the Tegra410 drivers.
load_t410() {
	modprobe nvu_emu clock_khz=0 "$@" || fail "modprobe nvu_emu $*"
	for _m in $T410_DRIVERS; do
		modprobe "$_m" || fail "modprobe $_m"
	done
}

# inject PMU LINE: one batch of transactions into the model.
inject() {
	echo "$2" >"$EMU/$1/inject" || fail "inject into $1 refused: $2"
}

# counts EVENT... -- COMMAND...: run COMMAND under perf stat -a and print
# one raw count per event, in order ("<not supported>" etc. as perf says).
counts() {
	_evs=
	while [ "$1" != "--" ]; do
		_evs="$_evs${_evs:+,}$1"
		shift
	done
	shift
	perf stat -x, -a -e "$_evs" -o /tmp/perf.out -- "$@" >/tmp/perf.err 2>&1 ||
		{ cat /tmp/perf.err; return 1; }
	grep -v '^#' /tmp/perf.out | grep -v '^$' | cut -d, -f1
}

# hold NAME PERF-STAT-ARGS...: run "perf stat PERF-STAT-ARGS" in the
# background on a workload that waits, and return once the workload runs,
# that is once perf has opened and enabled its events.  release NAME ends
# it.  No sleep decides what is open when: slow kernels time the same.
hold() {
	_n=$1
	shift
	rm -f "/tmp/$_n.ready" "/tmp/$_n.done"
	perf stat "$@" -- sh -c "touch /tmp/$_n.ready; while [ ! -e /tmp/$_n.done ]; do sleep 0.05; done" &
	eval "_hold_$_n=\$!"
	_i=0
	while [ ! -e "/tmp/$_n.ready" ]; do
		_i=$((_i + 1))
		[ $_i -lt 1200 ] || fail "perf stat for $_n did not start"
		sleep 0.05
	done
}

release() {
	touch "/tmp/$1.done"
	eval "wait \$_hold_$1"
}

# event_config PMU NAME: the "event=0x..." string sysfs gives for NAME.
event_config() {
	cat "$PMUS/$1/events/$2" || fail "no event $2 on $1"
}

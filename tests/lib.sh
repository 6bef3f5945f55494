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

# event_config PMU NAME: the "event=0x..." string sysfs gives for NAME.
event_config() {
	cat "$PMUS/$1/events/$2" || fail "no event $2 on $1"
}

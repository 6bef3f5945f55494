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

# attrs PMU DIR: "name=value ..." of the PMU's sysfs DIR (format or
# events), without the .scale and .unit files.
attrs() {
	(cd "$PMUS/$1/$2" && for _f in $(ls | grep -v '\.'); do
		printf '%s=%s ' "$_f" "$(cat "$_f")"
	done) | sed 's/ $//'
}

# check_multiplexed FILE N: FILE is "perf stat -x," output of N events, the
# first pinned and counting the same traffic as each of the others, which
# perf multiplexed.  Each scaled count must be within 10% of the pinned one
# (traffic arrives in 1 ms steps and rotation is tick-driven: that is the
# estimate's own error).  Event names may hold commas.
check_multiplexed() {
	grep -v '^#' "$1" | grep . >/tmp/mux.csv
	expect_eq "events reported" "$2" "$(wc -l </tmp/mux.csv)"
	_l=$(head -n 1 /tmp/mux.csv)
	_ref=$(echo "$_l" | cut -d, -f1)
	expect_eq "pinned event ran" 100.00 "$(echo "$_l" | awk -F, '{ print $(NF - 2) }')"
	[ "$_ref" -gt 100000 ] 2>/dev/null || fail "pinned event counted only $_ref"
	_lo=$((_ref * 90 / 100)) _hi=$((_ref * 110 / 100))
	tail -n +2 /tmp/mux.csv | while read -r _l; do
		_v=$(echo "$_l" | cut -d, -f1)
		_p=$(echo "$_l" | awk -F, '{ print $(NF - 2) }')
		case $_p in 100.00) echo "FAIL: event was not multiplexed: $_l"; exit 1 ;; esac
		if [ "$_v" -lt $_lo ] || [ "$_v" -gt $_hi ]; then
			echo "FAIL: multiplexed count $_v (ran $_p%) outside [$_lo, $_hi]"
			exit 1
		fi
		echo "ok: multiplexed count $_v (ran $_p%) within 10% of $_ref"
	done || NVU_FAILED=1
}

# event_config PMU NAME: the "event=0x..." string sysfs gives for NAME.
event_config() {
	cat "$PMUS/$1/events/$2" || fail "no event $2 on $1"
}

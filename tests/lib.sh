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

# is_count VALUE: VALUE is a count as perf prints it with -x, (decimal
# digits only).  "<not counted>", "<not supported>", "" and anything else
# are not, so a numeric test never meets them.
is_count() {
	case $1 in
	'' | *[!0-9]*) return 1 ;;
	esac
}

# is_number VALUE: a decimal or 0x hexadecimal number.
is_number() {
	case $1 in
	0[xX]*) case ${1#0[xX]} in '' | *[!0-9a-fA-F]*) return 1 ;; esac ;;
	*) is_count "$1" ;;
	esac
}

# expect_range WHAT LO HI ACTUAL: ACTUAL is a count and LO <= ACTUAL <= HI.
expect_range() {
	if is_count "$4" && [ "$4" -ge "$2" ] && [ "$4" -le "$3" ]; then
		echo "ok: $1 = $4, within [$2, $3]"
	else
		echo "FAIL: $1: expected a count within [$2, $3], got '$4'"
		NVU_FAILED=1
	fi
}

# param_is WANT GOT: a module parameter as given on the modprobe command
# line (WANT) and as sysfs shows it (GOT) are the same value: numbers
# compare by value (0x10 = 16), arrays element by element, bools as Y/N.
param_is() {
	[ "$1" = "$2" ] && return 0
	case $2 in
	Y) case $1 in 1 | y | on | true) return 0 ;; esac; return 1 ;;
	N) case $1 in 0 | n | off | false) return 0 ;; esac; return 1 ;;
	esac
	_pw=$1, _pg=$2,
	while [ -n "$_pw" ] && [ -n "$_pg" ]; do
		_a=${_pw%%,*} _b=${_pg%%,*}
		is_number "$_a" && is_number "$_b" && [ $((_a)) = $((_b)) ] || return 1
		_pw=${_pw#*,} _pg=${_pg#*,}
	done
	[ -z "$_pw" ] && [ -z "$_pg" ]
}

# load_model [NAME=VALUE...]: load nvu_emu with exactly these parameters
# (deterministic clock, clock_khz=0, unless one is given) and check each
# one in /sys/module/nvu_emu/parameters/.  The model must not be loaded
# already: busybox modprobe would report success and keep the old values.
load_model() {
	[ ! -d /sys/module/nvu_emu ] ||
		fail "load_model $*: nvu_emu is already loaded (unload it first)"
	_clk=clock_khz=0
	case " $* " in *" clock_khz="*) _clk= ;; esac
	# The NVLink-C2C topology the boot's firmware tables describe
	# (NVU_FW="--c2c-peer T[,T]"): the model takes the same list and wires
	# the firmware-only variants as gpu.
	_peer=
	case " ${NVU_FW:-} $* " in
	*" c2c_peer="*) ;;
	*" --c2c-peer "*)
		_peer=${NVU_FW#*--c2c-peer }
		_peer=c2c_peer=${_peer%% *}
		;;
	esac
	# The CMN-600 meshes the boot's tables describe (NVU_FW="--cmn L"):
	# the model refuses fewer instances than the firmware has.
	_cmn=
	case " ${NVU_FW:-} $* " in
	*" cmn="*) ;;
	*" --cmn "*)
		_cmn=${NVU_FW#*--cmn }
		_cmn=cmn=${_cmn%% *}
		;;
	esac
	# shellcheck disable=SC2086
	modprobe nvu_emu $_clk $_peer $_cmn "$@" ||
		fail "modprobe nvu_emu $_clk $_peer $_cmn $*"
	for _p in $_clk $_peer $_cmn "$@"; do
		_v=$(cat "/sys/module/nvu_emu/parameters/${_p%%=*}" 2>/dev/null) ||
			fail "nvu_emu has no parameter ${_p%%=*}"
		param_is "${_p#*=}" "$_v" ||
			fail "nvu_emu parameter ${_p%%=*} is '$_v', not '${_p#*=}'"
	done
}

# load_t410 [nvu_emu parameters...]: the model (load_model) and the
# Tegra410 drivers, none of which may be loaded already.
load_t410() {
	for _m in $T410_DRIVERS; do
		[ ! -d "/sys/module/$_m" ] || fail "load_t410: $_m is already loaded"
	done
	load_model "$@"
	for _m in $T410_DRIVERS; do
		modprobe "$_m" || fail "modprobe $_m"
	done
}

# load_cxl [nvu_emu parameters...] [-- nvu_cxl_cpmu parameters...]: the
# model with its CXL functions (cxl_fns=2 unless given) and the CXL CPMU
# driver.
load_cxl() {
	_emu= _drv= _in_drv=
	for _a; do
		if [ "$_a" = -- ]; then
			_in_drv=1
		elif [ -n "$_in_drv" ]; then
			_drv="$_drv $_a"
		else
			_emu="$_emu $_a"
		fi
	done
	case " $_emu " in *" cxl_fns="*) ;; *) _emu="cxl_fns=2$_emu" ;; esac
	[ ! -d /sys/module/nvu_cxl_cpmu ] || fail "load_cxl: nvu_cxl_cpmu is already loaded"
	# shellcheck disable=SC2086
	load_model $_emu
	# shellcheck disable=SC2086
	modprobe nvu_cxl_cpmu $_drv || fail "modprobe nvu_cxl_cpmu$_drv"
}

# The PMU (and model block) of CPMU N of emulated CXL function F.
cxl_pmu() {
	echo "cxl_pmu_pci10000_00_0$1_0.$2"
}

# cxl_bdf F: the PCI address of emulated CXL function F (on the root bus).
cxl_bdf() {
	echo "10000:00:0$1.0"
}

# cxl_own F: the test module nvu_cxl_owner (loaded) binds function F, as
# cxl_pci would: it allocates the MSI vectors.  cxl_disown F unbinds it.
cxl_own() {
	echo nvu_cxl_owner >"/sys/bus/pci/devices/$(cxl_bdf $1)/driver_override" ||
		fail "driver_override of $(cxl_bdf $1)"
	echo "$(cxl_bdf $1)" >/sys/bus/pci/drivers/nvu_cxl_owner/bind ||
		fail "bind $(cxl_bdf $1)"
}

cxl_disown() {
	echo "$(cxl_bdf $1)" >/sys/bus/pci/drivers/nvu_cxl_owner/unbind ||
		fail "unbind $(cxl_bdf $1)"
}

# irq_of NAME: the interrupt whose handlers include NAME, or nothing.
irq_of() {
	grep -E "[ ,]$1(,|\$)" /proc/interrupts | sed 's/^ *\([0-9]*\):.*/\1/'
}

# inject PMU LINE: one batch of transactions into the model.
inject() {
	echo "$2" >"$EMU/$1/inject" || fail "inject into $1 refused: $2"
}

# perf_series: the running perf's MAJOR.MINOR (6.1 for Debian's, 6.12 for
# the one NVU_PERF=6.12 picks).
perf_series() {
	perf version | sed -n 's/^perf version \([0-9]*\.[0-9]*\).*/\1/p'
}

# expect_mixed_group_refused WHAT A B: a group {A,B} of two hardware PMUs'
# events.  perf 6.1 opens it as given: the kernel refuses B, so the group
# never counts.  perf 6.12 splits a group that spans PMUs before opening
# it (parse_events__sort_events_and_fix_groups in its parse-events.c), so
# the kernel never sees it and both count, 0 here: the driver's refusal
# is tested with perf 6.1 and in KUnit.
expect_mixed_group_refused() {
	if [ "$(perf_series)" = 6.1 ]; then
		expect_eq "$1" "<not counted>,,$2 <not supported>,,$3" \
			"$(stat_lines -e "{$2,$3}" | xargs)"
	else
		expect_eq "$1 (split by perf $(perf_series))" \
			"$(printf '0,,%s\n' "$2" "$3" | sort | xargs)" \
			"$(stat_lines -e "{$2,$3}" | sort | xargs)"
	fi
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
	perf stat -x, -a --no-scale -e "$_evs" -o /tmp/perf.out -- "$@" >/tmp/perf.err 2>&1 ||
		{ cat /tmp/perf.err; return 1; }
	# An event that never ran in a session: say which case it is, from
	# its run time (4th field) and run/enabled percentage (5th; perf
	# prints 100.00 when the enabled time is 0 too), and keep perf's
	# output in the log.  The count is "<not counted>", which no numeric
	# expectation matches: the test fails, nothing is retried.
	if grep -q '<not counted>' /tmp/perf.out; then
		grep '^<not counted>' /tmp/perf.out | awk -F, '{
			printf "# counts: %s: <not counted>, %s\n", $3,
				$5 == "100.00" ? "never enabled (enabled and running time 0)" :
				"enabled but never running (running time 0)" }' >&2
		sed 's/^/#   /' /tmp/perf.out /tmp/perf.err >&2
	fi
	grep -v '^#' /tmp/perf.out | grep -v '^$' | cut -d, -f1
}

# tapped COMMAND...: run COMMAND (a tool that runs "perf stat -x,") with a
# perf first in its PATH that runs the real one and adds what it printed
# on stderr, the counts, to /tmp/perf.raw, one perf run after the other.
# A test then checks the tool's figures against perf's own counts and
# running times, exactly: a rate or a clock measured against the wall
# clock is not deterministic, the arithmetic on it is.
tapped() {
	mkdir -p /tmp/tap
	cat >/tmp/tap/perf <<T
#!/bin/sh
"$(command -v perf)" "\$@" 2>/tmp/perf.one
rc=\$?
cat /tmp/perf.one >>/tmp/perf.raw
cat /tmp/perf.one >&2
exit \$rc
T
	chmod +x /tmp/tap/perf
	rm -f /tmp/perf.raw
	PATH=/tmp/tap:$PATH "$@"
}

# raw_counts: "count run_ns" per event of the tapped perf runs, in order
# (a count perf could not take, "<not counted>" and the like, is "0 0").
raw_counts() {
	awk -F, '/^[0-9]/ { print $1, $(NF - 3) } /^</ { print "0 0" }' /tmp/perf.raw
}

# in_windows N SCRIPT COMMAND...: run COMMAND, a tool that counts over
# "perf stat ... -- sleep T" N times (output in /tmp/metrics.out, then
# printed), and run SCRIPT inside each of those N windows.  A stand-in
# "sleep", first in COMMAND's PATH, opens each window to the test: it
# waits until perf, its parent, has enabled the events and waits for it
# (perf's wchan is do_wait), says so, waits for the test's injection, and
# only then sleeps T.  No window can open and close unseen, however slow
# the guest.  A stand-in whose perf is gone, or that waited two minutes,
# exits, so that nothing is left holding the PMU after a failure.
in_windows() {
	_n=$1 _script=$2
	shift 2
	mkdir -p /tmp/fakebin
	cat >/tmp/fakebin/sleep <<'F'
#!/bin/sh
n=$(($(cat /tmp/win.n 2>/dev/null || echo 0) + 1))
echo $n >/tmp/win.n
i=0
until [ "$(cat /proc/$PPID/wchan 2>/dev/null)" = do_wait ]; do
	[ -d /proc/$PPID ] && [ $i -lt 6000 ] || exit 1
	i=$((i + 1))
	/bin/busybox sleep 0.01
done
touch /tmp/win.$n.ready
until [ -e /tmp/win.$n.done ]; do
	[ $i -lt 12000 ] || exit 1
	i=$((i + 1))
	/bin/busybox sleep 0.01
done
exec /bin/busybox sleep "$@"
F
	chmod +x /tmp/fakebin/sleep
	rm -f /tmp/win.*
	PATH=/tmp/fakebin:$PATH "$@" >/tmp/metrics.out 2>&1 &
	_tool=$!
	_w=0
	while [ $_w -lt "$_n" ]; do
		_w=$((_w + 1))
		_i=0
		until [ -e /tmp/win.$_w.ready ]; do
			_i=$((_i + 1))
			[ $_i -lt 6000 ] || {
				kill $_tool 2>/dev/null
				cat /tmp/metrics.out
				fail "window $_w of $* did not open"
			}
			sleep 0.01
		done
		sh "$_script"
		touch /tmp/win.$_w.done
	done
	wait $_tool || { cat /tmp/metrics.out; fail "$* failed"; }
	cat /tmp/metrics.out
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

# mux_stat PMU RATE EVENTS SECONDS: "perf stat -v -x, -a --no-scale -e
# EVENTS -- sleep SECONDS" into /tmp/mux.out, with perf rotating PMU's
# events every 200 ms rather than every tick: a guest stalled inside a
# rotation moves estimates (check_multiplexed), and fewer rotations are
# fewer chances.  RATE is the model's "rate" file whose background traffic
# the events count: once perf is done, what the model's counters took of
# it goes to /tmp/mux.took, and the traffic stops.  Waits for the rotation
# timer before it returns (see tests/README.md on unloading after
# perf_event_mux_interval_ms is set).
mux_stat() {
	_mi=$PMUS/$1/perf_event_mux_interval_ms
	_was=$(cat "$_mi")
	echo 200 >"$_mi" || fail "$_mi: cannot set 200"
	perf stat -v -x, -a --no-scale -e "$3" -o /tmp/mux.out -- sleep "$4" >/tmp/mux.err 2>&1 ||
		{ cat /tmp/mux.err; fail "perf stat failed"; }
	cat "$2" >/tmp/mux.took || fail "$2: cannot read"
	echo >"$2"
	echo "$_was" >"$_mi"
	sleep 0.5
}

# check_multiplexed N: /tmp/mux.out is mux_stat's output for N events, the
# first pinned, that count the same steady traffic and that perf
# multiplexed; /tmp/mux.took is what the model's counters took of that
# traffic (one figure per line of traffic).
#  - The raw counts add up to that, exactly: nothing lost or counted twice
#    as events move on and off counters.
#  - Every event but the first ran for part of its enabled time.
#  - perf's estimates (raw count x enabled / running time) are within 50%
#    of the pinned count each and within 10% on average: a stall of the
#    guest while perf rotates moves estimates (tests/README.md, "A
#    multiplexed estimate 15% high in 43").
check_multiplexed() {
	# perf -v: "EVENT: COUNT ENABLED RUNNING" for each event, in order
	# (-vv would add "EVENT: CPU: ..." lines).
	grep -E ': [0-9]+ [0-9]+ [0-9]+$' /tmp/mux.out | grep -vE ': [0-9]+: ' |
		awk '{ print $(NF - 2), $(NF - 1), $NF }' >/tmp/mux.v
	expect_eq "events reported" "$1" "$(wc -l </tmp/mux.v)"
	awk -v want="$(awk '{ s += $1 } END { print s + 0 }' /tmp/mux.took)" '
	function bad(msg) { print "FAIL: " msg; failed = 1 }
	NR == 1 {
		ref = $1
		if ($3 != $2)
			bad("pinned event ran " $3 " of " $2 " ns")
		if (ref <= 100000)
			bad("pinned event counted only " ref)
	}
	{ sum += $1 }
	NR > 1 && $3 == 0 { bad("multiplexed event " NR - 1 " never ran"); next }
	NR > 1 && $3 == $2 { bad("multiplexed event " NR - 1 " ran all the time"); next }
	NR > 1 {
		est = $1 * $2 / $3; n++; total += est
		ran = sprintf("ran %.1f%%", 100 * $3 / $2)
		if (est < ref / 2 || est > ref * 3 / 2)
			bad(sprintf("multiplexed estimate %.0f (%s) not within 50%% of %d", est, ran, ref))
		else
			printf "ok: multiplexed estimate %.0f (%s) within 50%% of %d\n", est, ran, ref
	}
	END {
		if (sum != want)
			bad(sprintf("raw counts add up to %d, the model'"'"'s counters took %d", sum, want))
		else
			printf "ok: raw counts add up to %d, what the model'"'"'s counters took\n", sum
		if (!n)
			exit 1
		mean = total / n
		if (mean < ref * 0.9 || mean > ref * 1.1)
			bad(sprintf("mean of %d multiplexed estimates %.0f not within 10%% of %d", n, mean, ref))
		else
			printf "ok: mean of %d multiplexed estimates %.0f within 10%% of %d\n", n, mean, ref
		exit failed
	}' /tmp/mux.v || NVU_FAILED=1
}

# event_config PMU NAME: the "event=0x..." string sysfs gives for NAME.
event_config() {
	cat "$PMUS/$1/events/$2" || fail "no event $2 on $1"
}

# stat_lines PERF-STAT-ARGS...: "perf stat -x, -a PERF-STAT-ARGS -- true",
# each line as COUNT,UNIT,EVENT (event names may hold commas).
stat_lines() {
	perf stat -x, -a "$@" -o /tmp/stat_lines.out -- true >/tmp/stat_lines.err 2>&1 ||
		{ cat /tmp/stat_lines.err; return 1; }
	grep -v '^#' /tmp/stat_lines.out | grep . | sed 's/,[^,]*,[^,]*,[^,]*,[^,]*$//'
}

# refused EVENT...: one "perf stat -a" over all EVENTs (not a group, so
# each opens on its own); each must be refused at open: its own line, which
# names it, says "<not supported>".  One perf run checks many refusals.
refused() {
	_evs=
	for _e; do
		_evs="$_evs${_evs:+,}$_e"
	done
	perf stat -x, -a -e "$_evs" -o /tmp/refused.out -- true >/tmp/refused.err 2>&1 ||
		{ echo "FAIL: perf stat -e $_evs: $(cat /tmp/refused.err)"; NVU_FAILED=1; return; }
	grep -v '^#' /tmp/refused.out | grep . >/tmp/refused.csv
	expect_eq "lines for $# refused events" "$#" "$(wc -l </tmp/refused.csv)"
	_i=0
	for _e; do
		_i=$((_i + 1))
		_l=$(sed -n "${_i}p" /tmp/refused.csv)
		case $_l in
		"<not supported>,,$_e,"*) echo "ok: $_e refused" ;;
		*) echo "FAIL: $_e: expected '<not supported>,,$_e,...', got '$_l'"; NVU_FAILED=1 ;;
		esac
	done
}

# inject_refused PMU LINE: the model refuses LINE: the write fails with
# EINVAL ("Invalid argument"), not for any other reason.
inject_refused() {
	if _err=$( (echo "$2" >"$EMU/$1/inject") 2>&1); then
		echo "FAIL: model accepted '$2' on $1"
		NVU_FAILED=1
		return
	fi
	case $_err in
	*"Invalid argument"*) echo "ok: model refused '$2' on $1" ;;
	*) echo "FAIL: '$2' on $1: expected EINVAL, got: $_err"; NVU_FAILED=1 ;;
	esac
}

# ---- Helpers of the 5x coverage tests (CPU sockets, hotplug, intervals).

# node_cpus S: the online CPUs of NUMA node (socket) S, one per line.
node_cpus() {
	for _c in $(tr ',' ' ' </sys/devices/system/node/node$1/cpulist); do
		case $_c in
		*-*) seq "${_c%-*}" "${_c#*-}" ;;
		*) echo "$_c" ;;
		esac
	done | while read -r _c; do
		[ "$(cat /sys/devices/system/cpu/cpu$_c/online 2>/dev/null || echo 1)" = 1 ] &&
			echo "$_c"
	done
}

# need_2cpus_per_socket: exit 77 (skip) unless each socket has 2 online
# CPUs (tests/vm/run --smp 4).
need_2cpus_per_socket() {
	for _s in 0 1; do
		[ "$(node_cpus $_s | wc -l)" -ge 2 ] ||
			{ echo "SKIP: needs 2 online CPUs per socket (--smp 4)"; exit 77; }
	done
}

# T410_TYPES: one PMU of every type.  t410_pmu TYPE SOCKET sets $pmu, an
# event $ev of it and an inject line $line counting COUNT (to be replaced
# by sed) of that event, and nothing of any other TYPE's $ev.
T410_TYPES="ucf cmem pcie tgt c2c clink dlink"
t410_pmu() {
	case $1 in
	ucf) pmu=nvidia_ucf_pmu_$2 ev=slc_access_rd line="op=rd count=COUNT" ;;
	cmem) pmu=nvidia_cmem_latency_pmu_$2 ev=rd_req line="inst=3 mc=1 count=COUNT" ;;
	pcie) pmu=nvidia_pcie_pmu_${2}_rc_2 ev=rd_req line="op=rd count=COUNT" ;;
	tgt) pmu=nvidia_pcie_tgt_pmu_${2}_rc_5 ev=wr_req line="op=wr count=COUNT" ;;
	c2c) pmu=nvidia_nvlink_c2c_pmu_$2 ev=out_wr_req line="dir=out op=wr inst=4 count=COUNT" ;;
	clink) pmu=nvidia_nvclink_pmu_$2 ev=in_rd_req line="dir=in op=rd inst=0 count=COUNT" ;;
	dlink) pmu=nvidia_nvdlink_pmu_$2 ev=in_rd_req line="dir=in op=rd inst=15 count=COUNT" ;;
	*) fail "t410_pmu: unknown type $1" ;;
	esac
}

# t410_inject COUNT: the shell command that injects COUNT of $ev into $pmu.
t410_inject() {
	echo "echo '$(echo "$line" | sed "s/COUNT/$1/")' >$EMU/$pmu/inject"
}

# ---- Arm CMN-600 (tests/e2e/8x-cmn600-*.sh).

# load_cmn [nvu_emu parameters...]: the model (load_model; by default
# three meshes, cmn600_0 2x2, cmn600_1 4x2 and cmn600_2 8x8, as the
# firmware tables describe them) and the CMN-600 driver.
load_cmn() {
	[ ! -d /sys/module/nvu_arm_cmn600 ] || fail "load_cmn: nvu_arm_cmn600 is already loaded"
	load_model "$@"
	modprobe nvu_arm_cmn600 || fail "modprobe nvu_arm_cmn600"
}

# cmn_pmu UID: the arm_cmn_<n> PMU of the mesh whose firmware _UID is UID
# (the model's cmn600_<UID>): the PMU's sysfs directory sits under its
# platform device where perf knows the parent (6.2 and later); before,
# probe order, which is _UID order.
cmn_pmu() {
	_any=
	for _p in "$PMUS"/arm_cmn_*; do
		_d=$(readlink -f "$_p")
		_d=${_d%/*}
		[ -e "$_d/firmware_node/uid" ] && _any=1
		[ "$(cat "$_d/firmware_node/uid" 2>/dev/null)" = "$1" ] &&
			{ basename "$_p"; return; }
	done
	[ -n "$_any" ] || { echo "arm_cmn_$1"; return; }
	fail "no arm_cmn PMU for _UID $1"
}

# cmn_node_id PMU TYPE N: the node ID of node N of TYPE (HN-F, RN-I, XP
# ...) in the driver's debugfs map of PMU's mesh.
cmn_node_id() {
	_m=/sys/kernel/debug/nvu_arm_cmn600/map_${1#arm_cmn_}
	if [ "$2" = XP ]; then
		sed -n 's/^XP .* id \(0x[0-9a-f]*\) dtm '"$3"'$/\1/p' "$_m"
	else
		grep -o " $2#$3(id 0x[0-9a-f]*)" "$_m" | sed 's/.*id \(0x[0-9a-f]*\))/\1/'
	fi
}

# cmn_dtc_off PMU D: where DTC D of PMU's mesh is in its configuration
# space; cmn_dtm_off PMU ID: where the DTM of the XP of node ID is (the
# driver's debugfs map gives both).
cmn_dtc_off() {
	sed -n "s/^dtc $2 at //p" "/sys/kernel/debug/nvu_arm_cmn600/map_${1#arm_cmn_}"
}
cmn_dtm_off() {
	_m=/sys/kernel/debug/nvu_arm_cmn600/map_${1#arm_cmn_}
	_l=$(sed -n "s/^XP .* id $(printf '0x%04x' $(($2 & ~7))) dtm \([0-9]*\)\$/\1/p" "$_m")
	sed -n "s/^dtm $_l at //p" "$_m"
}

# interval_sums N EVENTS SCRIPT: perf stat -I 100 over SCRIPT (only a read
# while counters count can see a torn read); the sum of the
# interval counts of each of the N events, one line each, in order ("bad"
# if any interval did not count).
interval_sums() {
	perf stat -I 100 -x, -a -e "$2" -o /tmp/i.out -- sh "$3" >/tmp/i.err 2>&1 ||
		{ cat /tmp/i.err; return 1; }
	grep -v '^#' /tmp/i.out | grep . | awk -F, -v n="$1" '
		$2 !~ /^[0-9]+$/ { bad = 1 } { s[(NR - 1) % n] += $2 }
		END {
			if (bad || NR == 0 || NR % n) { print "bad"; exit }
			for (i = 0; i < n; i++) printf "%.0f\n", s[i]
		}'
}

# tear_lib: for a workload that tears the model's reads (23, 92),
# /tmp/tear-lib.sh with wait_fired N (until the model's tear at $tear has
# fired N times) and after OFF (until the driver has read the register at
# OFF once more: a tear of nothing there marks it).
tear_lib() {
	cat >/tmp/tear-lib.sh <<'S'
wait_fired() {
	_i=0
	until [ "$(sed -n 's/^fired //p' "$tear")" -ge "$1" ]; do
		_i=$((_i + 1))
		[ $_i -lt 1200 ] || { echo "tear never fired" >&2; exit 1; }
		sleep 0.05
	done
}
after() {
	echo "res=0 off=$1 cycles=0" >"$tear"
	wait_fired 1
	echo >"$tear"
}
S
}

# cmn_tear_case WHAT INST PMU EVENT NODE OFF LOCAL: EVENT counts on HN-F
# NODE of model instance INST, whose local counter holds LOCAL (the
# events injected on that node since the model loaded, modulo 2^16).
# Enough events to take it to 65530; once a read has seen them (the event
# grew by less than 2^16 since), 470 more right after the driver's read of
# the register at OFF: a local carry lands there.  perf stat -I's sum must
# be what was injected, which is left in $cmn_tear_n.
cmn_tear_case() {
	_e=$EMU/cmn600_$2
	_pre=$(((65530 - $7 % 65536 + 65536) % 65536))
	cmn_tear_n=$((_pre + 470))
	tear_lib
	cat >/tmp/t.sh <<S
. /tmp/tear-lib.sh; tear=$_e/tear
echo 'type=hnf event=0x1 nodeid=$5 count=$_pre' >$_e/inject
after $6
echo 'res=0 off=$6 type=hnf event=0x1 nodeid=$5 count=470' >\$tear
wait_fired 1
after $6
S
	_got=$(interval_sums 1 "$3/$4/" /tmp/t.sh) || fail "perf stat ($1)"
	expect_eq "$1" "$cmn_tear_n" "$_got"
}

# cmn_nodes PMU TYPE: how many nodes of TYPE the map shows.
cmn_nodes() {
	_m=/sys/kernel/debug/nvu_arm_cmn600/map_${1#arm_cmn_}
	if [ "$2" = XP ]; then
		grep -c '^XP ' "$_m"
	else
		grep -o " $2#[0-9]*(" "$_m" | wc -l
	fi
}

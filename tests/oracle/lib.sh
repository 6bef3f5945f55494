# SPDX-License-Identifier: GPL-2.0
# Helpers of the oracle tests (tests/README.md, "The oracle"): each side
# (ours, then upstream's driver on the same model) writes what it shows
# and does into a file of "KEY|VALUE" lines; oracle_compare sets the two
# side by side.  Sourced after tests/lib.sh.

ORACLE_DIR=/tmp/oracle
mkdir -p "$ORACLE_DIR"

# oracle_load MODULE: load an oracle module built by scripts/build-oracle,
# or skip the test where this kernel has none (no source tree).
oracle_load() {
	_f=$(find "/lib/modules/$(uname -r)" -name "$1.ko*" | head -n1)
	[ -n "$_f" ] || { echo "SKIP: no $1 module: this kernel's source tree was not there to build it"; exit 77; }
	modprobe nvu_oracle || fail "modprobe nvu_oracle"
	modprobe "$1" || fail "modprobe $1"
}

# oracle_abi LABEL PMU: PMU's sysfs ABI, LABEL naming the PMU in the keys.
oracle_abi() {
	_d=$PMUS/$2
	echo "abi $1 name|$2"
	echo "abi $1 files|$(cd "$_d" && ls | grep -v -x -e type -e uevent -e power \
		-e subsystem -e device -e perf_event_mux_interval_ms | tr '\n' ' ')"
	for _f in identifier cpumask; do
		[ -e "$_d/$_f" ] && echo "abi $1 $_f|$(cat "$_d/$_f")"
	done
	for _g in format events; do
		[ -d "$_d/$_g" ] || continue
		for _f in $(ls "$_d/$_g"); do
			echo "abi $1 $_g/$_f|$(cat "$_d/$_g/$_f")"
		done
	done
}

# oracle_hotplug LABEL PMU: PMU's cpumask while its owner CPU is offline
# and once it is back (the owner must not be CPU 0, which x86_64 keeps).
oracle_hotplug() {
	_o=$(cat "$PMUS/$2/cpumask")
	[ "$_o" != 0 ] || { echo "abi $1 cpumask-offline|(owner is CPU 0)"; return; }
	echo 0 >"/sys/devices/system/cpu/cpu$_o/online" || fail "offline CPU $_o"
	echo "abi $1 cpumask-offline|$(cat "$PMUS/$2/cpumask")"
	echo 1 >"/sys/devices/system/cpu/cpu$_o/online" || fail "online CPU $_o"
	echo "abi $1 cpumask-online|$(cat "$PMUS/$2/cpumask")"
}

# oracle_status: what "perf stat -x," output in /tmp/oracle.out says of
# each event, in order: a count class (num: a number; not-counted;
# not-supported).
oracle_status() {
	grep -v '^#' /tmp/oracle.out | grep -v '^$' | cut -d, -f1 | sed \
		-e 's/^[0-9][0-9.]*$/num/' -e 's/^<not counted>$/not-counted/' \
		-e 's/^<not supported>$/not-supported/' | tr '\n' ' ' | sed 's/ $//'
}

# oracle_accept KEY PERF-STAT-ARGS...: whether perf (ORACLE_PERF, default
# "perf") accepts the command line: "error" (perf failed) or the status of
# each event.
oracle_accept() {
	_k=$1
	shift
	if ${ORACLE_PERF:-perf} stat -x, -o /tmp/oracle.out "$@" -- true >/tmp/oracle.err 2>&1; then
		echo "accept $_k|$(oracle_status)"
	else
		echo "accept $_k|error: $(oracle_why)"
	fi
}

# oracle_why: perf's first complaint in /tmp/oracle.err, on one line.
oracle_why() {
	grep -v '^ *$' /tmp/oracle.err | head -n 1 | tr -d '|' | cut -c 1-80
}

# oracle_opens KEY PERF-STAT-ARGS...: as oracle_accept, for more events
# than counters: a count and "not counted" (multiplexed out for the whole
# run) are both "opened".
oracle_opens() {
	oracle_accept "$@" | sed -e 's/not-counted/opened/g' -e 's/num/opened/g'
}

# oracle_accept_each LABEL PMU EVENT...: each EVENT of PMU on its own,
# 40 to a perf session (perf reports each event it cannot open as not
# supported and counts the rest): "opened", "not-supported" or "error".
oracle_accept_each() {
	_l=$1 _p=$2
	shift 2
	_args= _names= _i=0
	for _e in "$@" ""; do
		if [ -n "$_e" ]; then
			_args="$_args -e $_p/$_e/"
			_names="$_names $_e"
			_i=$((_i + 1))
			[ $_i -eq 40 ] || continue
		fi
		[ $_i -gt 0 ] || continue
		# shellcheck disable=SC2086
		if perf stat -x, -a -o /tmp/oracle.out $_args -- true >/tmp/oracle.err 2>&1; then
			# Opened: counted, or multiplexed out for the whole run.
			_st="$(oracle_status | sed -e 's/not-counted/opened/g' -e 's/num/opened/g') "
		else
			_st=
		fi
		for _n in $_names; do
			_s=${_st%% *}
			_st=${_st#* }
			echo "accept $_l $_n|${_s:-error}"
		done
		_args= _names= _i=0
	done
}

# oracle_count KEY EVENTS [OPTION...] -- COMMAND...: the counts of a perf
# stat session of EVENTS (comma-separated) around COMMAND, space-separated;
# system-wide (-a) unless OPTIONs name CPUs (-C).
oracle_count() {
	_k=$1 _evs=$2 _opts=
	shift 2
	while [ "$1" != -- ]; do
		_opts="$_opts $1"
		shift
	done
	shift
	case "$_opts" in *-C*) ;; *) _opts="$_opts -a" ;; esac
	# shellcheck disable=SC2086
	if perf stat -x, $_opts -e "$_evs" -o /tmp/oracle.out -- "$@" >/tmp/oracle.err 2>&1; then
		echo "count $_k|$(grep -v '^#' /tmp/oracle.out | grep -v '^$' | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
	else
		echo "count $_k|error: $(oracle_why)"
	fi
}

# oracle_mux KEY PMU EVENTS -- COMMAND...: a multiplexed session, more
# EVENTS (comma-separated, of PMU) than fit at once, run twice.  First
# with perf rotating them (its default interval): a share of the session
# and an estimate depend on when perf rotated, so each event is recorded
# by class: "part" (ran some of the session), "all" or "none" (key
# "mux KEY-rotating ran").  Then with rotation held off (PMU's
# perf_event_mux_interval_ms at 3 s, far longer than COMMAND, which must
# be quick): the events that fit count from start to end and the rest
# never run, so each event's share of the session ("mux KEY-still ran")
# and count ("mux KEY-still", scaled and raw value alike) are exact.
#
# Writing perf_event_mux_interval_ms arms perf's rotation timer on every
# CPU, and Linux (6.12) frees a PMU's per-CPU context at unregister
# without cancelling it: unloading the driver before it fires corrupts
# the timer queue.  So this waits for the timer before it returns.
oracle_mux() {
	_k=$1 _p=$2 _evs=$3
	shift 4
	_mi=$PMUS/$_p/perf_event_mux_interval_ms
	_was=$(cat "$_mi")
	for _l in rotating still; do
		[ $_l = rotating ] || echo 3000 >"$_mi" || fail "$_mi: cannot set 3000"
		if ! perf stat -x, -a -e "$_evs" -o /tmp/oracle.out -- "$@" >/tmp/oracle.err 2>&1; then
			echo "mux $_k-$_l|error: $(oracle_why)"
			continue
		fi
		# VALUE,UNIT,EVENT,RUN-TIME,RUN-PERCENT,...
		grep -v '^#' /tmp/oracle.out | grep -v '^$' | cut -d, -f1,5 |
			sed 's/^<not counted>/not-counted/' >/tmp/oracle.mux
		_ran=$(while IFS=, read -r _c _pc; do
			if [ $_l = still ]; then
				echo "$_pc"
			elif [ "$_c" = not-counted ]; then
				echo none
			else
				case $_pc in 100.00) echo all ;; *) echo part ;; esac
			fi
		done </tmp/oracle.mux | tr '\n' ' ' | sed 's/ $//')
		echo "mux $_k-$_l ran|$_ran"
		[ $_l = rotating ] ||
			echo "mux $_k-$_l|$(cut -d, -f1 /tmp/oracle.mux | tr '\n' ' ' | sed 's/ $//')"
	done
	echo "$_was" >"$_mi"
	sleep 3.5
}

# oracle_compare DRIVER OURS THEIRS: every key whose value differs, or that
# one side lacks, must be a known difference of DRIVER: a row of the table
# in tests/README.md, "Differences from upstream's drivers", one of whose
# patterns (shell patterns, ";" between them) matches the key, or
# "KEY|OURS|UPSTREAM" where the pattern has a "|" ("(none)": the side
# lacks the key).  A known
# difference that did not occur is reported too: the list must stay true.
# Fails the test (NVU_FAILED) on either, and on a count session whose
# counts on our side are not all numbers.
oracle_compare() {
	_drv=$1
	# (A "|" inside a table cell is written "\|".)
	sed -n "s/^| $_drv | \`\\([^\`]*\\)\` | .*/\\1/p" "$NVU_TESTS/README.md" |
		sed 's/\\|/|/g' >/tmp/oracle.known
	[ -s "$2" ] && [ -s "$3" ] || fail "$_drv: a side recorded nothing"
	# KEY|OURS|THEIRS for every key of either side, "(none)" where one
	# lacks it; a value is everything after the key's "|".
	awk '{ i = index($0, "|"); k = substr($0, 1, i - 1); v = substr($0, i + 1) }
		NR == FNR { a[k] = v; next }
		{ b[k] = v }
		END {
			for (k in a) print k "|" a[k] "|" ((k in b) ? b[k] : "(none)")
			for (k in b) if (!(k in a)) print k "|(none)|" b[k]
		}' "$2" "$3" | sort >/tmp/oracle.j
	: >/tmp/oracle.used
	_n=0 _same=0
	while IFS='|' read -r _key _ours _theirs; do
		_n=$((_n + 1))
		# Every session counts on our side: a count that is not a
		# number (perf failed, or an event never ran) is a broken
		# session, whatever the other side did.
		case $_key in count\ *)
			for _v in $_ours; do
				is_count "$_v" && continue
				echo "FAIL: $_drv: $_key: ours '$_ours' is not a count"
				NVU_FAILED=1
				break
			done ;;
		esac
		if [ "$_ours" = "$_theirs" ]; then
			_same=$((_same + 1))
			continue
		fi
		_why=
		while IFS= read -r _row; do
			set -f
			_ifs=$IFS
			IFS=';'
			for _pat in $_row; do
				_what=$_key
				case $_pat in *"|"*) _what="$_key|$_ours|$_theirs" ;; esac
				# shellcheck disable=SC2254
				case $_what in $_pat) _why=$_row; break ;; esac
			done
			IFS=$_ifs
			set +f
			[ -z "$_why" ] || break
		done </tmp/oracle.known
		if [ -n "$_why" ]; then
			echo "$_why" >>/tmp/oracle.used
			echo "# known difference ($_why): $_key: ours '$_ours', upstream '$_theirs'"
		else
			echo "FAIL: $_drv: $_key: ours '$_ours', upstream '$_theirs' (not a known difference)"
			NVU_FAILED=1
		fi
	done </tmp/oracle.j
	echo "# $_drv: $_same of $_n keys the same"
	while IFS= read -r _pat; do
		grep -qxF -- "$_pat" /tmp/oracle.used ||
			{ echo "FAIL: $_drv: known difference '$_pat' did not occur"; NVU_FAILED=1; }
	done </tmp/oracle.known
}

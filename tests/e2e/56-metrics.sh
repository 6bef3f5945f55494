#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tools/nvu-metrics ucf-bw, ucf-matrix and cmem-lat against injected
# traffic (deterministic clock, clock_khz=0).  The tool counts over "sleep
# T" under perf stat.  This test injects a known mix inside each such
# window: once perf has enabled its events and waits for the workload (its
# wchan is do_wait; perf 6.1 execs the workload before it enables the
# events, so the workload running is not enough).
#
# Exact: whatever is a function of counts only (requests, requests per
# cycle, latency in cycles, and which ucf-matrix cells are zero).
# Toleranced, because they divide by perf's running time of each event:
# GB/s, GHz and ns.  perf enables and disables events one by one, so their
# running times differ by up to tens of ms on a loaded emulated CPU: a rate
# multiplied by the elapsed time the tool prints must give the injected
# amount within 10%, the ratio of two cells of one ucf-matrix row (one perf
# run) must equal the ratio of their amounts within 10%, and each rate must
# lie in [amount / (3 T), amount / T] (the running time covers the sleep,
# plus fork, exec and exit of the workload, which took up to 1 s more on a
# loaded host).
. "$NVU_TESTS/lib.sh"
load_t410
S=0
ucf=nvidia_ucf_pmu_$S cmem=nvidia_cmem_latency_pmu_$S

# nvu-metrics counts over "perf stat ... -- sleep T".  A stand-in "sleep",
# first in its PATH, opens each such window to the test: it waits until
# perf, its parent, has enabled the events and waits for it (perf's wchan
# is do_wait), says so, waits for the test's injection, and only then
# sleeps T.  No window can open and close unseen, however slow the guest.
mkdir -p /tmp/fakebin
cat >/tmp/fakebin/sleep <<'F'
#!/bin/sh
n=$(($(cat /tmp/win.n 2>/dev/null || echo 0) + 1))
echo $n >/tmp/win.n
until [ "$(cat /proc/$PPID/wchan 2>/dev/null)" = do_wait ]; do
	/bin/busybox sleep 0.01
done
touch /tmp/win.$n.ready
until [ -e /tmp/win.$n.done ]; do
	/bin/busybox sleep 0.01
done
exec /bin/busybox sleep "$@"
F
chmod +x /tmp/fakebin/sleep

# in_windows N SCRIPT COMMAND...: run COMMAND (output in /tmp/metrics.out)
# and run SCRIPT inside each of the N perf windows it opens.
in_windows() {
	_n=$1 _script=$2
	shift 2
	rm -f /tmp/win.*
	PATH=/tmp/fakebin:$PATH "$@" >/tmp/metrics.out 2>&1 &
	_tool=$!
	_w=0
	while [ $_w -lt "$_n" ]; do
		_w=$((_w + 1))
		_i=0
		until [ -e /tmp/win.$_w.ready ]; do
			_i=$((_i + 1))
			[ $_i -lt 6000 ] || { cat /tmp/metrics.out; fail "window $_w of $* did not open"; }
			sleep 0.01
		done
		sh "$_script"
		touch /tmp/win.$_w.done
	done
	wait $_tool || { cat /tmp/metrics.out; fail "$* failed"; }
	cat /tmp/metrics.out
}

# near WHAT EXPECTED ACTUAL PERCENT: |ACTUAL - EXPECTED| <= PERCENT% of EXPECTED.
near() {
	if awk -v e="$2" -v a="$3" -v p="$4" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(d <= e * p / 100) }'; then
		echo "ok: $1 = $3 (expected $2 within $4%)"
	else
		echo "FAIL: $1: expected $2 within $4%, got $3"
		NVU_FAILED=1
	fi
}

# within WHAT LOW HIGH ACTUAL
within() {
	if awk -v l="$2" -v h="$3" -v a="$4" 'BEGIN { exit !(a >= l && a <= h) }'; then
		echo "ok: $1 = $4 in [$2, $3]"
	else
		echo "FAIL: $1 = $4 not in [$2, $3]"
		NVU_FAILED=1
	fi
}

# rate_bounds AMOUNT SECS: "low high" for AMOUNT / 10^9 per second, with
# room for the printed rounding.
rate_bounds() {
	awk -v a="$1" -v t="$2" 'BEGIN { printf "%.4f %.4f\n", a / 1e9 / (3 * t) - 0.0005, a / 1e9 / t + 0.0005 }'
}

# ---- ucf-bw --------------------------------------------------------------
T=2
cat >/tmp/bw.sh <<S
echo 'op=rd slc=miss count=1000000 bytes=4096' >$EMU/$ucf/inject
echo 'op=wr slc=hit count=500000 bytes=2048' >$EMU/$ucf/inject
echo 'op=wb count=300000 bytes=1024' >$EMU/$ucf/inject
echo 'cycles=8000000' >$EMU/$ucf/inject
S
in_windows 1 /tmp/bw.sh nvu-metrics ucf-bw -s $S -t $T
el=$(sed -n 's/.* over \([0-9.]*\) s$/\1/p' /tmp/metrics.out)
within "ucf-bw elapsed s" $T $((T * 3)) "$el"
# name, bytes, requests (the mix above), requests per cycle as printed.
while read -r name bytes reqs rpc; do
	line=$(grep "^  $name " /tmp/metrics.out)
	gbs=$(echo "$line" | awk '{ print $2 }')
	expect_eq "ucf-bw $name requests/cycle" "$rpc" "$(echo "$line" | awk '{ print $4 }')"
	near "ucf-bw $name GB/s x elapsed" "$(awk -v b="$bytes" 'BEGIN { print b / 1e9 }')" \
		"$(awk -v g="$gbs" -v t="$el" 'BEGIN { print g * t }')" 10
	within "ucf-bw $name GB/s" $(rate_bounds "$bytes" $T) "$gbs"
done <<M
slc_read 4096000000 1000000 0.1250
slc_write 1024000000 500000 0.0625
mem_read 4096000000 1000000 0.1250
mem_write 307200000 300000 0.0375
M

# ---- cmem-lat ------------------------------------------------------------
cat >/tmp/lat.sh <<S
echo 'inst=all mc=all count=10 outs=200' >$EMU/$cmem/inject
echo 'inst=5 mc=2 count=80 outs=410' >$EMU/$cmem/inject
echo 'cycles=3000000000' >$EMU/$cmem/inject
S
in_windows 1 /tmp/lat.sh nvu-metrics cmem-lat -s $S -t $T
el=$(sed -n 's/.* over \([0-9.]*\) s$/\1/p' /tmp/metrics.out)
within "cmem-lat elapsed s" $T $((T * 3)) "$el"
# 42 channels x 10 + 80 requests; (42 x 10 x 200 + 80 x 410) / 500 cycles.
expect_eq "cmem-lat read requests" 500 \
	"$(sed -n 's/^  read requests *\([0-9]*\) .*/\1/p' /tmp/metrics.out)"
expect_eq "cmem-lat latency cycles" 233.6 \
	"$(sed -n 's/^  read latency *\([0-9.]*\) cycles.*/\1/p' /tmp/metrics.out)"
ghz=$(sed -n 's/^  clock *\([0-9.]*\) GHz/\1/p' /tmp/metrics.out)
near "cmem-lat GHz x elapsed" 3 "$(awk -v g="$ghz" -v t="$el" 'BEGIN { print g * t }')" 10
within "cmem-lat GHz" $(rate_bounds 3000000000 $T) "$ghz"
ns=$(sed -n 's/.* cycles = \([0-9.]*\) ns$/\1/p' /tmp/metrics.out)
near "cmem-lat latency ns x GHz" 233.6 "$(awk -v n="$ns" -v g="$ghz" 'BEGIN { print n * g }')" 1
gbs=$(sed -n 's/.*32 bytes each: \([0-9.]*\) GB\/s.*/\1/p' /tmp/metrics.out)
within "cmem-lat GB/s" $(rate_bounds 16000 $T) "$gbs"

# ---- ucf-matrix ----------------------------------------------------------
# Reads: every source x destination cell a different amount, k x 10^8
# bytes for cell k = 1..12; writes: two cells only, all others exactly 0.
T=1
: >/tmp/mx.sh
: >/tmp/mx.want
k=0
for src in cpu noncpu rem; do
	for dst in cmem gmem other rem; do
		k=$((k + 1))
		echo "echo 'op=rd src=$src dst=$dst count=100 bytes=$((k * 1000000))' >$EMU/$ucf/inject" >>/tmp/mx.sh
		echo "rd $src $dst $((k * 100000000))" >>/tmp/mx.want
		b=0
		[ $src/$dst = noncpu/gmem ] && b=700000000
		[ $src/$dst = rem/other ] && b=1300000000
		[ $b = 0 ] || echo "echo 'op=wr src=$src dst=$dst count=1000 bytes=$((b / 1000))' >$EMU/$ucf/inject" >>/tmp/mx.sh
		echo "wr $src $dst $b" >>/tmp/mx.want
	done
done
# One perf window per direction and source.
in_windows 6 /tmp/mx.sh nvu-metrics ucf-matrix -s $S -t $T
awk '/^  rd / { d = "rd" } /^  wr / { d = "wr" }
	$1 ~ /^src_/ { for (i = 2; i <= 5; i++) print d, $1, i - 1, $i }' /tmp/metrics.out >/tmp/mx.got
expect_eq "ucf-matrix cells" 24 "$(wc -l </tmp/mx.got)"
while read -r dir src dst bytes; do
	case $src in cpu) s=src_loc_cpu ;; noncpu) s=src_loc_noncpu ;; rem) s=src_rem ;; esac
	case $dst in cmem) d=1 ;; gmem) d=2 ;; other) d=3 ;; rem) d=4 ;; esac
	v=$(awk -v a="$dir" -v b="$s" -v c="$d" '$1 == a && $2 == b && $3 == c { print $4 }' /tmp/mx.got)
	if [ "$bytes" = 0 ]; then
		expect_eq "ucf-matrix $dir $s -> dst $dst" 0.000 "$v"
	else
		within "ucf-matrix $dir $s -> dst $dst GB/s" $(rate_bounds "$bytes" $T) "$v"
		# Against the row's first non-zero cell: same perf run.
		eval "ref=\${ref_$dir$src:-}"
		if [ -z "$ref" ]; then
			eval "ref_$dir$src='$bytes $v'"
		else
			near "ucf-matrix $dir $s dst $dst / first cell of the row" \
				"$(awk -v a="$bytes" -v b="${ref% *}" 'BEGIN { print a / b }')" \
				"$(awk -v a="$v" -v b="${ref#* }" 'BEGIN { print a / b }')" 10
		fi
	fi
done </tmp/mx.want
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-stat on the CMN-600 model: list shows the mesh's filters; per-node
# sweeps (cmn-node) and watchpoint value sweeps (cmn-wp) exact when every
# bucket counts the whole time and, when time-multiplexed, each bucket's
# count exactly what the model's counters took of its background traffic;
# the mesh map's geometry (probed, compared with the
# driver's debugfs map), per-XP counts exact, its SVG well formed; the
# documented errors.
. "$NVU_TESTS/lib.sh"
load_cmn
command -v nvu-stat >/dev/null || fail "nvu-stat is not in the VM"
P0=$(cmn_pmu 0)
P1=$(cmn_pmu 1)
P2=$(cmn_pmu 2)
E0=$EMU/cmn600_0
E2=$EMU/cmn600_2

# rows FILE [COL]: "col1=colCOL ..." (COL default 2) of a CSV without its header
rows() { tail -n +2 "$1" | awk -F, -v c="${2:-2}" '{ printf "%s=%s ", $1, $c }' | sed 's/ $//'; }
# counted FILE COL WANT-AWK: every CSV row's count (column COL) is exactly
# what the model's counters took of the background traffic meant for it,
# WANT-AWK an awk expression of the row and c[i], what they took of the
# i-th line written to "rate" (read it with rate_counted before clearing).
# Exact however the buckets take turns: traffic that arrives while a
# bucket is not on a counter, or while perf has the PMU disabled to
# reprogram it, is in no counter and in no c[i].
counted() {
	tail -n +2 "$1" | awk -F, -v col="$2" -v cl="$rc" "
		BEGIN { split(cl, c, \" \") }
		{ want = $3
		  if (\$col != want) { print \"FAIL: \" \$1 \" counted \" \$col \", the model's counters took \" want; bad = 1 }
		  else print \"ok: \" \$1 \" counted \" \$col }
		END { exit bad }" || NVU_FAILED=1
}
# rate_counted DEV N: sets rc, the model's per-line figures, of which the
# first N must not be 0 (else an exact 0 = 0 would pass with nothing
# counted); says how long the mesh counted since t0 (its "counting"
# figure before the sweep)
rate_counted() {
	rc=$(cat "$1/rate" | tr '\n' ' ')
	echo "rate lines counted: $rc; the mesh counted $(awk -v a="$t0" -v b="$(cat "$1/counting")" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')s"
	expect_eq "rate lines the counters took some of" "$2" \
		"$(echo $rc | awk -v n="$2" '{ k = 0; for (i = 1; i <= n; i++) if ($i > 0) k++; print k }')"
}

# 1. list: each mesh with its revision and filters.
nvu-stat list arm_cmn >/tmp/list.out || fail "nvu-stat list"
cat /tmp/list.out
expect_eq "CMN-600 PMUs listed" 3 "$(grep -c 'CMN-600, revision code 03; node types:' /tmp/list.out)"
expect_eq "watchpoint filters listed" 3 "$(grep -c 'wp_val / mask wp_mask (64 bits' /tmp/list.out)"
expect_eq "8x8 node types" "dn dtc hnf hni mxp rnid sbsx" \
	"$(grep -A1 "^  $P2 " /tmp/list.out | sed -n 's/.*node types: //p')"

# 2. HN-F cache misses per HN-F of the 2x2 mesh: 3 buckets, exact.
n=$(cmn_nodes $P0 HN-F)
expect_eq "2x2 HN-F nodes" 3 "$n"
: >/tmp/hnf.sh
want=
i=0
while [ $i -lt "$n" ]; do
	id=$(cmn_node_id $P0 HN-F $i)
	echo "echo 'type=hnf event=0x1 nodeid=$id count=$((i * 100 + 7))' >$E0/inject" >>/tmp/hnf.sh
	want="$want $(printf '0x%x' $id)=$((i * 100 + 7))"
	i=$((i + 1))
done
# Noise the sweep must not count: another event, another mesh.
echo "echo 'type=hnf event=0x2 count=999' >$E0/inject" >>/tmp/hnf.sh
echo "echo 'type=hnf event=0x1 count=555' >$E2/inject" >>/tmp/hnf.sh
nvu-stat sweep -o csv cmn-node $P0/hnf_cache_miss/ -- sh /tmp/hnf.sh >/tmp/hnf.csv ||
	fail "sweep cmn-node"
cat /tmp/hnf.csv
expect_eq "cmn-node per HN-F, exact" "$(echo "$want" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/^ //; s/ $//')" \
	"$(tail -n +2 /tmp/hnf.csv | awk -F, '{ split($1, a, "[= ]"); printf "%s=%s\n", a[2], $2 }' | sort | tr '\n' ' ' | sed 's/ $//')"
expect_eq "cmn-node: not multiplexed" 0 "$(tail -n +2 /tmp/hnf.csv | awk -F, '$6 != 0' | wc -l)"

# 3. The 8x8 mesh's 32 HN-Fs on 8 counters: time-multiplexed, background
# traffic on four of them; each bucket's count exact.
h0=$(cmn_node_id $P2 HN-F 0) h5=$(cmn_node_id $P2 HN-F 5)
h17=$(cmn_node_id $P2 HN-F 17) h31=$(cmn_node_id $P2 HN-F 31)
printf '%s\n' "type=hnf event=0x1 nodeid=$h0 count=400000" \
	"type=hnf event=0x1 nodeid=$h5 count=100000" \
	"type=hnf event=0x1 nodeid=$h17 count=250000" \
	"type=hnf event=0x1 nodeid=$h31 count=50000" >$E2/rate
t0=$(cat $E2/counting)
nvu-stat sweep -S 50 -t 2 -o csv cmn-node $P2/hnf_cache_miss/ >/tmp/hnf2.csv ||
	fail "sweep cmn-node 8x8"
rate_counted $E2 4
echo >$E2/rate
expect_eq "8x8 HN-F buckets" "$(cmn_nodes $P2 HN-F)" "$(tail -n +2 /tmp/hnf2.csv | wc -l)"
expect_eq "8x8 HN-F buckets observed part of the time" 32 \
	"$(tail -n +2 /tmp/hnf2.csv | awk -F, '$3 < $4 * 0.6' | wc -l)"
counted /tmp/hnf2.csv 2 "(\$1 ~ /^nodeid=$(printf '0x%x' $h0) /) ? c[1] : (\$1 ~ /^nodeid=$(printf '0x%x' $h5) /) ? c[2] : (\$1 ~ /^nodeid=$(printf '0x%x' $h17) /) ? c[3] : (\$1 ~ /^nodeid=$(printf '0x%x' $h31) /) ? c[4] : 0"

# 4. Watchpoint sweep, exact: bit 8 of REQ flits going up from port 0
# of one XP of the 8x8 mesh, two buckets on the two watchpoints.
xp=$(cmn_node_id $P2 XP 9)
other=$(cmn_node_id $P2 XP 10)
cat >/tmp/wp.sh <<S
echo 'flit=up nodeid=$xp port=0 chan=req val=0x0 count=7' >$E2/inject
echo 'flit=up nodeid=$xp port=0 chan=req val=0x1ff count=5' >$E2/inject
echo 'flit=up nodeid=$xp port=0 chan=req val=0x100 count=11' >$E2/inject
echo 'flit=up nodeid=$xp port=0 chan=req val=0xf0000300 count=13' >$E2/inject
echo 'flit=up nodeid=$xp port=1 chan=req val=0x100 count=1000' >$E2/inject
echo 'flit=up nodeid=$xp port=0 chan=dat val=0x100 count=1000' >$E2/inject
echo 'flit=down nodeid=$xp port=0 chan=req val=0x100 count=1000' >$E2/inject
echo 'flit=up nodeid=$other port=0 chan=req val=0x100 count=1000' >$E2/inject
S
nvu-stat sweep -o csv cmn-wp $P2 --up --port 0 --chan req --field 8:1 --xp $xp -- sh /tmp/wp.sh >/tmp/wp.csv ||
	fail "sweep cmn-wp"
cat /tmp/wp.csv
expect_eq "cmn-wp bit 8, exact" "[8:8]=0x0=7 [8:8]=0x1=29" "$(rows /tmp/wp.csv)"
# Without --xp: every XP's watchpoints, so the other XP counts too.
nvu-stat sweep -o csv cmn-wp $P2 --port 0 --chan req --field 8:1 -- sh /tmp/wp.sh >/tmp/wp1.csv ||
	fail "sweep cmn-wp, every XP"
expect_eq "cmn-wp on every XP" "[8:8]=0x0=7 [8:8]=0x1=1029" "$(rows /tmp/wp1.csv)"
# Down, and group 1 (val1): nothing there but the one down batch.
nvu-stat sweep -o csv cmn-wp $P2 --down --port 0 --chan req --field 8:1 --xp $xp -- sh /tmp/wp.sh >/tmp/wp2.csv ||
	fail "sweep cmn-wp --down"
expect_eq "cmn-wp down" "[8:8]=0x0=0 [8:8]=0x1=1000" "$(rows /tmp/wp2.csv)"

# 5. Watchpoint sweep, multiplexed: bits 9:8 (4 buckets, 2 watchpoints),
# background flits.
printf '%s\n' "flit=up nodeid=$xp port=1 chan=dat val=0x000 count=300000" \
	"flit=up nodeid=$xp port=1 chan=dat val=0x2ff count=200000" \
	"flit=up nodeid=$xp port=1 chan=dat val=0x3aa count=50000" \
	"flit=up nodeid=$xp port=0 chan=dat val=0x100 count=900000" >$E2/rate
t0=$(cat $E2/counting)
nvu-stat sweep -S 50 -t 2 -o csv cmn-wp $P2 --port 1 --chan dat --field 8:2 --xp $xp >/tmp/wp3.csv ||
	fail "sweep cmn-wp multiplexed"
rate_counted $E2 3
echo >$E2/rate
cat /tmp/wp3.csv
expect_eq "cmn-wp buckets" "[9:8]=0x0 [9:8]=0x1 [9:8]=0x2 [9:8]=0x3" \
	"$(tail -n +2 /tmp/wp3.csv | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
expect_eq "cmn-wp buckets observed part of the time" 4 \
	"$(tail -n +2 /tmp/wp3.csv | awk -F, '$3 < $4 * 0.7' | wc -l)"
counted /tmp/wp3.csv 2 '($1 == "[9:8]=0x0") ? c[1] : ($1 == "[9:8]=0x2") ? c[2] : ($1 == "[9:8]=0x3") ? c[3] : 0'
expect_eq "port 0's flits in no watchpoint" 0 "$(echo $rc | cut -d' ' -f4)"

# 6. The map: the probed geometry is the driver's (debugfs); per-XP counts
# exact on the 2x2 mesh (4 XPs on 8 counters).
for p in $P0 $P1 $P2; do
	nvu-stat map -o csv $p mxp_p0_dat_txflit_valid -- true >/tmp/geo.csv || fail "map $p"
	expect_eq "$p: XPs at the driver's positions" \
		"$(sed -n 's/^XP (\([0-9]*\),\([0-9]*\)) id \(0x[0-9a-f]*\) .*/\3 \1 \2/p' \
			/sys/kernel/debug/nvu_arm_cmn600/map_${p#arm_cmn_} |
			while read -r id x y; do printf '0x%x,%s,%s\n' $id $x $y; done |
			sort | tr '\n' ' ')" \
		"$(tail -n +2 /tmp/geo.csv | cut -d, -f1-3 | sort | tr '\n' ' ')"
done
: >/tmp/map.sh
want=
i=0
while [ $i -lt 4 ]; do
	id=$(cmn_node_id $P0 XP $i)
	echo "echo 'type=xp event=0x71 nodeid=$id count=$((i * 1000 + 3))' >$E0/inject" >>/tmp/map.sh
	want="$want $(printf '0x%x' $id)=$((i * 1000 + 3))"
	i=$((i + 1))
done
# Another XP event: not counted.
echo "echo 'type=xp event=0x61 count=999' >$E0/inject" >>/tmp/map.sh
nvu-stat map -o csv $P0 mxp_p0_dat_txflit_valid -- sh /tmp/map.sh >/tmp/map.csv || fail "map"
cat /tmp/map.csv
expect_eq "map per XP, exact" "$(echo "$want" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/^ //; s/ $//')" \
	"$(rows /tmp/map.csv 4 | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')"
expect_eq "map: bounds 0" 0 "$(tail -n +2 /tmp/map.csv | awk -F, '$8 != 0' | wc -l)"
# The table: north row first, the busiest first.
nvu-stat map --svg /tmp/map.svg $P0 mxp_p0_dat_txflit_valid -- sh /tmp/map.sh >/tmp/map.out ||
	fail "map table"
cat /tmp/map.out
expect_eq "grid rows north first" "y=1 y=0" "$(grep -o '^y=[0-9]*' /tmp/map.out | tr '\n' ' ' | sed 's/ $//')"
expect_eq "busiest XP first" "$(printf '0x%04x' $(cmn_node_id $P0 XP 3))" \
	"$(sed -n '/^busiest XPs:/{n;n;p}' /tmp/map.out | cut -d' ' -f1)"

# 7. SVG: well formed (every element closed in order), one rectangle per
# XP plus the background, each XP's count as a label.
svg_ok() {
	awk 'BEGIN { RS = "<"; bad = 0 }
		NR == 1 { next }
		{ tag = $0; sub(/>.*/, "", tag)
		  if (tag ~ /^[?!]/) next
		  if (tag ~ /^\//) { name = substr(tag, 2); sub(/[ \t\n].*/, "", name)
			if (!d || st[d] != name) { print "SVG: </" name "> closes " st[d]; bad = 1 }
			d--; next }
		  n = gsub(/"/, "\"", tag); if (n % 2) { print "SVG: odd quotes in <" tag; bad = 1 }
		  name = tag; sub(/[ \t\n\/].*/, "", name)
		  if (tag !~ /\/$/) st[++d] = name }
		END { if (d) { print "SVG: " d " elements left open"; bad = 1 } exit bad }' "$1"
}
svg_ok /tmp/map.svg && echo "ok: SVG well formed" || { echo "FAIL: SVG not well formed"; NVU_FAILED=1; }
if command -v xmllint >/dev/null; then
	xmllint --noout /tmp/map.svg || { echo "FAIL: xmllint"; NVU_FAILED=1; }
fi
expect_eq "SVG rectangles" 5 "$(grep -c '<rect ' /tmp/map.svg)"
expect_eq "SVG count labels" "3 1003 2003 3003" \
	"$(grep -o 'font-weight="bold" text-anchor="middle">[0-9]*<' /tmp/map.svg | sed 's/.*>\([0-9]*\)</\1/' | sort -n | tr '\n' ' ' | sed 's/ $//')"
echo "NVU-SVG-BEGIN map"
cat /tmp/map.svg
echo "NVU-SVG-END map"

# 8. The 8x8 map, multiplexed (64 XPs on 8 counters), background traffic.
x5=$(cmn_node_id $P2 XP 5) x27=$(cmn_node_id $P2 XP 27) x63=$(cmn_node_id $P2 XP 63)
printf '%s\n' "type=xp event=0x71 nodeid=$x5 count=500000" \
	"type=xp event=0x71 nodeid=$x27 count=200000" \
	"type=xp event=0x71 nodeid=$x63 count=80000" >$E2/rate
t0=$(cat $E2/counting)
nvu-stat map -S 25 -t 2 -o csv $P2 mxp_p0_dat_txflit_valid >/tmp/map2.csv || fail "map 8x8"
rate_counted $E2 3
nvu-stat map -S 20 -t 1 --svg /tmp/map2.svg $P2 >/tmp/map2.out || fail "map 8x8 default events"
echo >$E2/rate
cat /tmp/map2.out
expect_eq "8x8 map XPs" 64 "$(tail -n +2 /tmp/map2.csv | wc -l)"
counted /tmp/map2.csv 4 "(\$1 == \"$(printf '0x%x' $x5)\") ? c[1] : (\$1 == \"$(printf '0x%x' $x27)\") ? c[2] : (\$1 == \"$(printf '0x%x' $x63)\") ? c[3] : 0"
expect_eq "8x8 busiest" "$(printf '0x%04x' $x5)" "$(sed -n '/^busiest XPs:/{n;n;p}' /tmp/map2.out | cut -d' ' -f1)"
svg_ok /tmp/map2.svg && echo "ok: 8x8 SVG well formed" || { echo "FAIL: 8x8 SVG"; NVU_FAILED=1; }
expect_eq "8x8 SVG rectangles" 65 "$(grep -c '<rect ' /tmp/map2.svg)"

# 9. Errors, each with its message and exit status 2.
err() { # WHAT EXPECTED-TEXT COMMAND...
	_what=$1 _text=$2
	shift 2
	"$@" >/tmp/err.out 2>&1
	_rc=$?
	expect_eq "$_what: status" 2 $_rc
	grep -qF -e "$_text" /tmp/err.out && echo "ok: $_what: $_text" ||
		{ echo "FAIL: $_what: no '$_text' in: $(cat /tmp/err.out)"; NVU_FAILED=1; }
}
err "absent PMU" "no PMU arm_cmn_9" nvu-stat map arm_cmn_9
err "absent PMU (sweep)" "no PMU arm_cmn_9" nvu-stat sweep cmn-node arm_cmn_9/hnf_cache_miss/
modprobe nvu_t410_ucf || fail "modprobe nvu_t410_ucf"
err "missing filter" "has no filter 'bynodeid'" nvu-stat sweep cmn-node nvidia_ucf_pmu_0/cycles/
err "missing filter (wp)" "has no filter 'wp_val'" \
	nvu-stat sweep cmn-wp nvidia_ucf_pmu_0 --port 0 --chan req --field 0:4
err "sweep larger than domain" "8 buckets over a 2-bit field: sweep larger than domain" \
	nvu-stat sweep cmn-wp $P2 --port 0 --chan req --field 8:2 8
err "no field" "give --field LSB:WIDTH" nvu-stat sweep cmn-wp $P2 --port 0 --chan req
err "field outside wp_val" "inside the 64-bit wp_val" \
	nvu-stat sweep cmn-wp $P2 --port 0 --chan req --field 60:8
err "bad channel" "--chan is req, rsp, snp or dat" \
	nvu-stat sweep cmn-wp $P2 --port 0 --chan pub --field 0:4
err "no such XP" "has no crosspoint with node ID 0x4" \
	nvu-stat sweep cmn-wp $P2 --port 0 --chan req --field 0:4 --xp 0x4
err "too many watchpoints" "at most 2 at once" \
	nvu-stat sweep -k 4 cmn-wp $P2 --port 0 --chan req --field 0:4
err "not per node" "counts on no particular node" nvu-stat sweep cmn-node $P0/dtc_cycles/
err "map: not an XP event" "is not a crosspoint event" nvu-stat map $P0 hnf_cache_miss
err "map: not a CMN PMU" "has no filter 'bynodeid'" nvu-stat map nvidia_ucf_pmu_0
mkdir -p /etc
grep -q '^nobody:' /etc/passwd 2>/dev/null ||
	echo 'nobody:x:65534:65534:nobody:/tmp:/bin/sh' >>/etc/passwd
grep -q '^nogroup:' /etc/group 2>/dev/null || echo 'nogroup:x:65534:' >>/etc/group
echo 2 >/proc/sys/kernel/perf_event_paranoid
err "no permission (map)" "perf_event_paranoid <= 0 (it is 2) or CAP_PERFMON" \
	su -s /bin/sh nobody -c "nvu-stat map $P0"
err "no permission (cmn-wp)" "perf_event_paranoid <= 0 (it is 2) or CAP_PERFMON" \
	su -s /bin/sh nobody -c "nvu-stat sweep cmn-wp $P0 --port 0 --chan req --field 0:1"
echo -1 >/proc/sys/kernel/perf_event_paranoid
finish

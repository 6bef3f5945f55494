#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600 groups: each limit of the mesh refuses the event that
# exceeds it at open (8 global counters, a cycle counter per DTC, 4 local
# counters per DTM, 2 watchpoints each way per DTM with the same
# wp_combine, one occupancy value per node), a full group counts exactly,
# more events than counters are multiplexed, and what upstream's arm-cmn
# accepts and counts is accepted here too.
. "$NVU_TESTS/lib.sh"
load_cmn
m2=$(cmn_pmu 0) m8=$(cmn_pmu 2)
e8=$EMU/cmn600_2/inject
nc="<not counted>" ns="<not supported>"
hnf=$(cmn_nodes $m8 HN-F)

# Eight events on eight HN-F nodes, the 8 global counters: exact.
g8= want=
: >/tmp/g8.sh
for k in 0 1 2 3 4 5 6 7; do
	id=$(cmn_node_id $m8 HN-F $k)
	g8="$g8${g8:+,}$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/"
	want="$want${want:+ }$((21 + k))"
	echo "echo 'type=hnf event=0x1 nodeid=$id count=$((21 + k))' >$e8" >>/tmp/g8.sh
done
got=$(counts "{$g8}" -- sh /tmp/g8.sh) || fail "perf stat"
expect_eq "full group" "$want" "$(echo $got)"
got=$(counts "{$g8,$m8/hnf_cache_miss,bynodeid=1,nodeid=$(cmn_node_id $m8 HN-F 8)/}" -- true)
expect_eq "ninth global counter" "$nc $nc $nc $nc $nc $nc $nc $nc $ns" "$(echo $got)"
# Every HN-F at once: local counters on each DTM with two HN-F nodes.
got=$(counts "{$m8/hnf_cache_miss/,$m8/hnf_cache_fill/}" -- sh -c "
	echo 'type=hnf event=0x1 count=3' >$e8; echo 'type=hnf event=0x3 count=4' >$e8") ||
	fail "perf stat"
expect_eq "two HN-F events" "$((hnf * 3)) $((hnf * 4))" "$(echo $got)"

# Cycle counters: one per DTC (the 8x8 has 4, the 2x2 one).
c=$m8/dtc_cycles/
got=$(counts "{$c,$c,$c,$c}" -- sh -c "echo cycles=1000 >$e8") || fail "perf stat"
expect_eq "four cycle events" "1000 1000 1000 1000" "$(echo $got)"
got=$(counts "{$c,$c,$c,$c,$c}" -- true)
expect_eq "fifth cycle event" "$nc $nc $nc $nc $ns" "$(echo $got)"
got=$(counts "{$m2/dtc_cycles/,$m2/dtc_cycles/}" -- true)
expect_eq "second cycle event, one DTC" "$nc $ns" "$(echo $got)"

# Local counters: an XP event takes one on every XP's DTM.
x=$m8/mxp_e_req_txflit_valid/
got=$(counts "{$x,$x,$x,$x,$x}" -- true)
expect_eq "fifth local counter" "$nc $nc $nc $nc $ns" "$(echo $got)"

# Watchpoints: 2 each way per DTM, both of a pair with the same
# wp_combine (upstream's rule): a group upstream's driver would accept but
# never schedule is refused at open.
w="wp_dev_sel=0,wp_chn_sel=0,wp_grp=0,wp_val=0,wp_mask=0"
u=$m8/watchpoint_up,$w/ d=$m8/watchpoint_down,$w/
got=$(counts "{$u,$u,$d,$d}" -- true)
expect_eq "two watchpoints each way" "0 0 0 0" "$(echo $got)"
got=$(counts "{$u,$u,$u}" -- true)
expect_eq "third watchpoint up" "$nc $nc $ns" "$(echo $got)"
cu=$m8/watchpoint_up,$w,wp_combine=1/ c2u=$m8/watchpoint_up,$w,wp_combine=2/
got=$(counts "{$cu,$cu}" -- true)
expect_eq "two combined watchpoints up" "0 0" "$(echo $got)"
got=$(counts "{$cu,$cu,$d}" -- true)
expect_eq "a combined pair up, one down" "0 0 0" "$(echo $got)"
got=$(counts "{$u,$cu}" -- true)
expect_eq "a plain and a combined watchpoint up" "$nc $ns" "$(echo $got)"
got=$(counts "{$cu,$u}" -- true)
expect_eq "a combined and a plain watchpoint up" "$nc $ns" "$(echo $got)"
got=$(counts "{$cu,$c2u}" -- true)
expect_eq "two combine values up" "$nc $ns" "$(echo $got)"

# Occupancy: one selector value per node.
got=$(counts "{$m8/hnf_qos_pocq_occupancy_read/,$m8/hnf_qos_pocq_occupancy_read/}" -- true)
expect_eq "same occupancy value" "0 0" "$(echo $got)"
got=$(counts "{$m8/hnf_qos_pocq_occupancy_read/,$m8/hnf_qos_pocq_occupancy_write/}" -- true)
expect_eq "two occupancy values" "$nc $ns" "$(echo $got)"

# Refused configs, each on its own.
refused "$m8/type=0x5,eventid=0x40/" "$m8/type=0x99,eventid=0x1/" \
	"$m8/hnf_cache_miss,bynodeid=1,nodeid=0x7fff/" \
	"$m8/type=0x7770,eventid=0x1/" \
	"$m8/type=0x7770,eventid=0,wp_dev_sel=2/" "$m8/type=0x7770,eventid=2,wp_chn_sel=4/"

# Accepted as upstream accepts them: fields an event does not use are
# ignored (occupid off the occupancy events, wp_val on a node event), and
# an event opened on a CPU of another NUMA node counts on the owner.
e4=$EMU/cmn600_1/inject m4=$(cmn_pmu 1)
got=$(counts "$m8/hnf_cache_miss,occupid=1/" "$m2/hnf_cache_miss,wp_val=1/" -- sh -c "
	echo 'type=hnf event=0x1 count=10' >$e8
	echo 'type=hnf event=0x1 count=10' >$EMU/cmn600_0/inject") || fail "perf stat"
expect_eq "unused fields ignored" "$((10 * $(cmn_nodes $m8 HN-F))) $((10 * $(cmn_nodes $m2 HN-F)))" \
	"$(echo $got)"
# The 4x2 mesh is on socket 1 (its _PXM): a CPU of socket 0 is far.
far=$(node_cpus 0 | head -n 1)
perf stat -x, -C "$far" -e "$m4/hnf_cache_miss/" -o /tmp/far.out -- \
	sh -c "echo 'type=hnf event=0x1 count=3' >$e4" >/tmp/far.err 2>&1 ||
	{ cat /tmp/far.err; fail "perf stat -C $far"; }
expect_eq "-C $far (associated: $(cat $PMUS/$m4/associated_cpus))" \
	$((3 * $(cmn_nodes $m4 HN-F))) "$(grep -v '^#' /tmp/far.out | grep . | cut -d, -f1)"

# Multiplexing: 12 events on 7 global counters under steady traffic,
# beside a pinned one; raw counts add up to what the model's counters took,
# estimates close to the pinned count (check_multiplexed).
# Each event counts one HN-F (all HN-F get the same traffic), so that the
# global counters, not one DTM's 4 local counters, are what runs out:
# over every HN-F, an event takes two local counters on the XPs with two
# HN-F, and only two would run at a time.
echo "type=hnf event=0x1 count=400000" >"$EMU/cmn600_2/rate"
evs="$m8/hnf_cache_miss,bynodeid=1,nodeid=$(cmn_node_id $m8 HN-F 0)/D"
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
	evs="$evs,$m8/hnf_cache_miss,bynodeid=1,nodeid=$(cmn_node_id $m8 HN-F $k)/"
done
mux_stat $m8 "$EMU/cmn600_2/rate" "$evs" 3
check_multiplexed 13
finish

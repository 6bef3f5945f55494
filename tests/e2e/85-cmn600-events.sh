#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Arm CMN-600: the three meshes the firmware tables describe become
# arm_cmn_<n> PMUs with upstream's sysfs ABI, and perf counts the model's
# injected traffic exactly: node events aggregated over a type and by
# node ID, RN-D nodes in RN-I events, carries from the 16-bit local
# counters into the 32-bit global ones and past 2^32, the cycle counter,
# XP flit events, occupancy selectors and watchpoints; and the same with
# the model's unknowns (DTC domains, dtm_enable) the other way.
. "$NVU_TESTS/lib.sh"
load_cmn
m2=$(cmn_pmu 0) m4=$(cmn_pmu 1) m8=$(cmn_pmu 2)
e8=$EMU/cmn600_2/inject e2=$EMU/cmn600_0/inject

expect_eq "CMN PMUs" 3 "$(ls $PMUS | grep -c '^arm_cmn_[0-9]*$')"
for p in $m2 $m4 $m8; do
	case $(cat $PMUS/$p/identifier) in
	434[0-9a-f][0-9a-f]) echo "ok: $p identifier $(cat $PMUS/$p/identifier)" ;;
	*) fail "$p identifier $(cat $PMUS/$p/identifier)" ;;
	esac
done
expect_eq "formats" "bynodeid=config:31 eventid=config:16-26 nodeid=config:32-47 occupid=config:27-30 type=config:0-15 wp_chn_sel=config:51-55 wp_combine=config:27-30 wp_dev_sel=config:48-50 wp_exclusive=config:58 wp_grp=config:56-57 wp_mask=config2:0-63 wp_val=config1:0-63" \
	"$(attrs $m8 format)"
expect_eq "hnf_cache_miss" "type=0x5,eventid=0x1" "$(cat $PMUS/$m8/events/hnf_cache_miss)"
expect_eq "occupancy event" "type=0x5,eventid=0xf,occupid=0x1" \
	"$(cat $PMUS/$m8/events/hnf_qos_pocq_occupancy_read)"
expect_eq "dtc_cycles" "type=0x3" "$(cat $PMUS/$m8/events/dtc_cycles)"
expect_eq "watchpoint_up" "type=0x7770,eventid=0x0,wp_dev_sel=?,wp_chn_sel=?,wp_grp=?,wp_val=?,wp_mask=?" \
	"$(cat $PMUS/$m8/events/watchpoint_up)"
expect_eq "mxp_p0_dat_txflit_stall" "type=0x6,eventid=0x72" \
	"$(cat $PMUS/$m8/events/mxp_p0_dat_txflit_stall)"
# Events of types a mesh lacks are not listed (the 2x2 has the CCIX nodes).
for e in cxra_rht_occ cxha_rddatbyp; do
	[ -e $PMUS/$m2/events/$e ] || { echo "FAIL: $e not listed on the 2x2"; NVU_FAILED=1; }
	[ ! -e $PMUS/$m8/events/$e ] || { echo "FAIL: $e listed on the 8x8"; NVU_FAILED=1; }
done

hnf=$(cmn_nodes $m8 HN-F)
expect_eq "HN-F nodes on the 8x8" 32 "$hnf"
# Aggregated over every HN-F, and one HN-F by node ID.  (Some XPs of the
# 8x8 have two HN-F nodes: an all-HN-F event takes two of the 4 local
# counters there, so two such events fill them.)
id=$(cmn_node_id $m8 HN-F 5)
[ -n "$id" ] || fail "no HN-F 5 in the map"
got=$(counts $m8/hnf_cache_miss/ $m8/hnf_mc_reqs/ -- sh -c "
	echo 'type=hnf event=0x1 count=1000' >$e8
	echo 'type=hnf event=0xd nodeid=$id count=77' >$e8") || fail "perf stat"
expect_eq "cache_miss, all HN-F" $((hnf * 1000)) "$(echo "$got" | sed -n 1p)"
expect_eq "mc_reqs, one HN-F's traffic" 77 "$(echo "$got" | sed -n 2p)"
got=$(counts $m8/hnf_cache_miss,bynodeid=1,nodeid=$id/ -- sh -c "
	echo 'type=hnf event=0x1 count=1000' >$e8") || fail "perf stat"
expect_eq "cache_miss, HN-F $id" 1000 "$got"

# Carries: 3 * 2^16 + 5 wraps the local counter three times; 2^33 + 7 on
# one node carries 2^17 times into the global counter and passes 2^32.
big=$(((1 << 33) + 7))
got=$(counts $m8/hnf_cache_fill,bynodeid=1,nodeid=$id/ $m8/hnf_sf_hit/ -- sh -c "
	echo 'type=hnf event=0x3 nodeid=$id count=$((3 * 65536 + 5))' >$e8
	echo 'type=hnf event=0x6 count=$big' >$e8") || fail "perf stat"
expect_eq "carries into the global counter" $((3 * 65536 + 5)) "$(echo "$got" | sed -n 1p)"
expect_eq "past 2^32 on every HN-F" $((hnf * big)) "$(echo "$got" | sed -n 2p)"

# RN-I events count on RN-D nodes too.
rn=$(($(cmn_nodes $m2 RN-I) + $(cmn_nodes $m2 RN-D)))
got=$(counts $m2/rnid_txdat_flits/ -- sh -c "echo 'type=rnid event=0x5 count=10' >$e2
	echo 'type=rnd event=0x5 count=100' >$e2") || fail "perf stat"
expect_eq "rnid over RN-I and RN-D" $((10 * $(cmn_nodes $m2 RN-I) + 100 * $(cmn_nodes $m2 RN-D))) "$got"
[ "$rn" -gt "$(cmn_nodes $m2 RN-I)" ] || fail "the 2x2 has no RN-D"

# Every other node type of the 2x2 (the mesh with all of them): over the
# type and on its first node by ID.
for t in "dn DN 0x1 dn_rxreq_dvmop" "hni HN-I 0x20 hni_rrt_rd_occ_cnt_ovfl" \
	"sbsx SBSX 0x1 sbsx_rd_req" "cxra CXRA 0x1 cxra_rht_occ" \
	"cxha CXHA 0x21 cxha_rddatbyp"; do
	set -- $t
	id=$(cmn_node_id $m2 $2 0)
	[ -n "$id" ] || fail "no $2 node on the 2x2"
	got=$(counts $m2/$4/ "$m2/$4,bynodeid=1,nodeid=$id/" -- sh -c "
		echo 'type=$1 event=$3 count=13' >$e2
		echo 'type=$1 event=$3 nodeid=$id count=4' >$e2") || fail "perf stat"
	expect_eq "$4, every $2" $(($(cmn_nodes $m2 $2) * 13 + 4)) "$(echo "$got" | sed -n 1p)"
	expect_eq "$4, $2 $id" 17 "$(echo "$got" | sed -n 2p)"
done

# The cycle counter (the model's clock advances only by injection).
got=$(counts $m8/dtc_cycles/ -- sh -c "echo 'cycles=123456789' >$e8") || fail "perf stat"
expect_eq "dtc_cycles" 123456789 "$got"

# XP flits: one event per (interface, channel), on every XP or one.
xps=$(cmn_nodes $m8 XP)
xp=$(cmn_node_id $m8 XP 9)
got=$(counts $m8/mxp_p0_dat_txflit_valid/ $m8/mxp_n_req_txflit_stall/ \
	$m8/mxp_p0_dat_txflit_valid,bynodeid=1,nodeid=$xp/ -- sh -c "
	echo 'type=xp event=0x71 count=3' >$e8
	echo 'type=xp event=0xa nodeid=$xp count=11' >$e8") || fail "perf stat"
expect_eq "p0 dat valid, every XP" $((xps * 3)) "$(echo "$got" | sed -n 1p)"
expect_eq "n req stall, one XP" 11 "$(echo "$got" | sed -n 2p)"
expect_eq "p0 dat valid, XP $xp" 3 "$(echo "$got" | sed -n 3p)"

# Occupancy: the selector picks a class; all counts every class.
got=$(counts $m8/hnf_qos_pocq_occupancy_read/ -- sh -c "
	echo 'type=hnf event=0xf occup=1 count=5' >$e8
	echo 'type=hnf event=0xf occup=2 count=7' >$e8") || fail "perf stat"
expect_eq "pocq occupancy, reads" $((hnf * 5)) "$got"
got=$(counts $m8/hnf_qos_pocq_occupancy_all/ -- sh -c "
	echo 'type=hnf event=0xf occup=1 count=5' >$e8
	echo 'type=hnf event=0xf occup=2 count=7' >$e8") || fail "perf stat"
expect_eq "pocq occupancy, all" $((hnf * 12)) "$got"

# Watchpoints: value under mask, direction, port and channel all matter.
wp="wp_dev_sel=0,wp_chn_sel=3,wp_grp=0,wp_val=0x1234,wp_mask=0xff"
got=$(counts "$m8/watchpoint_up,$wp,bynodeid=1,nodeid=$xp/" \
	"$m8/watchpoint_down,$wp,bynodeid=1,nodeid=$xp/" -- sh -c "
	echo 'flit=up nodeid=$xp port=0 chan=dat val=0x12ab count=9' >$e8
	echo 'flit=up nodeid=$xp port=0 chan=dat val=0x13ab count=4' >$e8
	echo 'flit=up nodeid=$xp port=1 chan=dat val=0x1234 count=5' >$e8
	echo 'flit=up nodeid=$xp port=0 chan=req val=0x1234 count=6' >$e8
	echo 'flit=down nodeid=$xp port=0 chan=dat val=0x1200 count=8' >$e8") ||
	fail "perf stat"
expect_eq "watchpoint_up matches" 9 "$(echo "$got" | sed -n 1p)"
expect_eq "watchpoint_down matches" 8 "$(echo "$got" | sed -n 2p)"
# Over every XP, and exclusive: what does not match.
got=$(counts "$m8/watchpoint_up,$wp/" "$m8/watchpoint_up,$wp,wp_exclusive=1,bynodeid=1,nodeid=$xp/" -- sh -c "
	echo 'flit=up port=0 chan=dat val=0x12ab count=2' >$e8
	echo 'flit=up nodeid=$xp port=0 chan=dat val=0x99ab count=3' >$e8") || fail "perf stat"
expect_eq "watchpoint_up, every XP" $((xps * 2)) "$(echo "$got" | sed -n 1p)"
expect_eq "watchpoint_up, exclusive" 3 "$(echo "$got" | sed -n 2p)"
# Combined, as upstream's documentation gives it: two events, one per
# match group, with the same nonzero wp_combine (1 and 15 here; the
# value is any of 1-15); the count goes to the first (primary) one, the
# flits that match both groups.  Its command lines count the same here.
for v in 1 15; do
	c0="wp_dev_sel=1,wp_chn_sel=0,wp_grp=0,wp_val=0xa0,wp_mask=0xf,wp_combine=$v"
	c1="wp_dev_sel=1,wp_chn_sel=0,wp_grp=1,wp_val=0xb0,wp_mask=0xf,wp_combine=$v"
	got=$(counts "{$m8/watchpoint_up,$c0,bynodeid=1,nodeid=$xp/,$m8/watchpoint_up,$c1,bynodeid=1,nodeid=$xp/}" -- sh -c "
		echo 'flit=up nodeid=$xp port=1 chan=req val=0xa3 val1=0xb5 count=6' >$e8
		echo 'flit=up nodeid=$xp port=1 chan=req val=0xa3 val1=0xc5 count=5' >$e8
		echo 'flit=up nodeid=$xp port=1 chan=req val=0x13 val1=0xb5 count=4' >$e8") ||
		fail "perf stat"
	expect_eq "watchpoints combined (wp_combine=$v): both groups match, on the primary" \
		"6 0" "$(echo $got)"
done
# The other order: the first event opened is the primary.
got=$(counts "{$m8/watchpoint_up,$c1,bynodeid=1,nodeid=$xp/,$m8/watchpoint_up,$c0,bynodeid=1,nodeid=$xp/}" -- sh -c "
	echo 'flit=up nodeid=$xp port=1 chan=req val=0xa3 val1=0xb5 count=6' >$e8
	echo 'flit=up nodeid=$xp port=1 chan=req val=0x13 val1=0xb5 count=4' >$e8") ||
	fail "perf stat"
expect_eq "watchpoints combined, group 1 first: on the primary" "6 0" "$(echo $got)"
# wp_grp counts modulo 2 on CMN-600 (upstream): 3 is group 1.
got=$(counts "$m8/watchpoint_up,wp_dev_sel=1,wp_chn_sel=0,wp_grp=3,wp_val=0xb0,wp_mask=0xf,bynodeid=1,nodeid=$xp/" -- sh -c "
	echo 'flit=up nodeid=$xp port=1 chan=req val=0xa3 val1=0xb5 count=6' >$e8") ||
	fail "perf stat"
expect_eq "wp_grp=3 matches group 1" 6 "$got"
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod"

# A CMN-600AE (part 0x438) reports identifier 434rr, as upstream, so that
# perf's CMN metrics (Compat 434...) bind; the map gives the real part.
load_cmn cmn_ae=1
m8=$(cmn_pmu 2)
expect_eq "600AE identifier" 43403 "$(cat $PMUS/$m8/identifier)"
expect_eq "600AE part in the map" "part 0x438 revision code 3, 8x8 mesh, 4 DTC(s)" \
	"$(head -n 1 /sys/kernel/debug/nvu_arm_cmn600/map_${m8#arm_cmn_})"
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod"

# The unknowns the model has knobs for, the other way: XPs feed DTCs
# interleaved, not in blocks (which DTC an XP feeds cannot be discovered),
# and a DTM counts only with dtm_control.dtm_enable set.  Same counts.
load_cmn cmn_dtc_interleave=1 cmn_dtm_enable_gates=1
m8=$(cmn_pmu 2)
got=$(counts $m8/hnf_cache_miss/ $m8/mxp_p0_dat_txflit_valid/ -- sh -c "
	echo 'type=hnf event=0x1 count=$(((1 << 20) + 3))' >$e8
	echo 'type=xp event=0x71 count=3' >$e8") || fail "perf stat"
expect_eq "interleaved DTCs, gating dtm_enable: HN-F" $((hnf * ((1 << 20) + 3))) \
	"$(echo "$got" | sed -n 1p)"
expect_eq "interleaved DTCs, gating dtm_enable: XP" $((xps * 3)) "$(echo "$got" | sed -n 2p)"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The oracle for CMN-600: upstream's arm-cmn (built by scripts/build-oracle
# from the kernel source this kernel came from, its register accesses sent
# to the model) and ours, in turn, on the same three meshes with the same
# traffic and the same perf command lines.  Compared: the sysfs ABI of
# each PMU (name, identifier, cpumask, also with the owner CPU offline,
# every format and events file), which
# command lines each accepts (every listed event, upstream's documented
# forms, perf's CMN events and metrics where perf 6.12 has them (arm64),
# groups at and past
# each counter limit, watchpoints, -C on the owner and on another CPU),
# and counts (node and XP events, by type and by node, carries through the
# 16-bit local and 32-bit global counters, the cycle counter, occupancy,
# watchpoints alone and combined).  Every difference must be in the table
# of tests/README.md, "Differences from upstream's drivers".
. "$NVU_TESTS/lib.sh"
. "$NVU_TESTS/oracle/lib.sh"

# small: counts on the 2x2 mesh, whose node IDs are where the two
# readings of the node ID format differ (Documentation/cmn600.rst).
small() {
	m2=$(cmn_pmu 0) e2=$EMU/cmn600_0/inject
	oracle_count "2x2 hnf" "$m2/hnf_cache_miss/,$m2/hnf_cache_fill/" -- sh -c "
		echo 'type=hnf event=0x1 count=10' >$e2; echo 'type=hnf event=0x3 count=3' >$e2"
	oracle_count "2x2 rnid" "$m2/rnid_txdat_flits/" -- sh -c "
		echo 'type=rnid event=0x5 count=10' >$e2; echo 'type=rnd event=0x5 count=100' >$e2"
	for t in "dn DN 0x1 dn_rxreq_dvmop" "hni HN-I 0x20 hni_rrt_rd_occ_cnt_ovfl" \
		"sbsx SBSX 0x1 sbsx_rd_req" "cxra CXRA 0x1 cxra_rht_occ" \
		"cxha CXHA 0x21 cxha_rddatbyp"; do
		# shellcheck disable=SC2086
		set -- $t
		id=$(echo "$ids2" | sed -n "s/^$2 //p")
		oracle_count "2x2 $1" "$m2/$4/,$m2/$4,bynodeid=1,nodeid=$id/" -- sh -c "
			echo 'type=$1 event=$3 count=13' >$e2
			echo 'type=$1 event=$3 nodeid=$id count=4' >$e2"
	done
}

# side LABEL: what the driver now bound to the meshes shows and does.
side() {
	m2=$(cmn_pmu 0) m8=$(cmn_pmu 2)
	e2=$EMU/cmn600_0/inject e8=$EMU/cmn600_2/inject
	for u in 0 1 2; do
		p=$(cmn_pmu $u)
		oracle_abi "cmn$u" "$p"
		# shellcheck disable=SC2046
		oracle_accept_each "cmn$u" "$p" $(ls "$PMUS/$p/events")
	done

	# The owner CPU of the 4x2 mesh (on socket 1) going and coming back.
	oracle_hotplug cmn1 "$(cmn_pmu 1)"

	# Upstream's documented forms, and what each field accepts.
	wp="wp_dev_sel=0,wp_chn_sel=3,wp_grp=0,wp_val=0x1234,wp_mask=0xff"
	oracle_accept raw -a -e "$m8/type=0x5,eventid=0x1/"
	oracle_accept hnf-bynode -a -e "$m8/hnf_cache_miss,bynodeid=1,nodeid=$hnf5/"
	oracle_accept hnf-no-node -a -e "$m8/hnf_cache_miss,bynodeid=1,nodeid=0xffe/"
	oracle_accept hnf-wrong-type -a -e "$m8/hnf_cache_miss,bynodeid=1,nodeid=$xp9/"
	oracle_accept cycles-eventid -a -e "$m8/type=0x3,eventid=0x5/"
	oracle_accept occup -a -e "$m8/type=0x5,eventid=0xf,occupid=0x1/"
	oracle_accept occup-on-other -a -e "$m8/type=0x5,eventid=0x1,occupid=0x1/"
	oracle_accept no-type -a -e "$m8/type=0x99/"
	oracle_accept no-event -a -e "$m8/type=0x5,eventid=0x7f/"
	oracle_accept wp-up -a -e "$m8/watchpoint_up,$wp/"
	oracle_accept wp-up-node -a -e "$m8/watchpoint_up,$wp,bynodeid=1,nodeid=$xp9/"
	oracle_accept wp-chn7 -a -e "$m8/watchpoint_up,wp_chn_sel=7,wp_dev_sel=0,wp_grp=0,wp_val=0,wp_mask=0/"
	oracle_accept wp-dev3 -a -e "$m8/watchpoint_down,wp_dev_sel=3,wp_chn_sel=0,wp_grp=0,wp_val=0,wp_mask=0/"
	oracle_accept wp-grp3 -a -e "$m8/watchpoint_up,wp_dev_sel=1,wp_chn_sel=0,wp_grp=3,wp_val=0,wp_mask=0/"
	oracle_accept wp-excl -a -e "$m8/watchpoint_up,$wp,wp_exclusive=1/"
	oracle_accept user-only -a -e "$m8/hnf_cache_miss/u"
	oracle_accept per-task -e "$m8/hnf_cache_miss/"
	oracle_accept sampling -a -e "$m8/hnf_cache_miss,period=1000/"
	oracle_accept cpu0 -C 0 -e "$m8/dtc_cycles/"
	oracle_accept cpu1 -C 1 -e "$m8/dtc_cycles/"
	# Groups at and past each limit: 8 global counters, a cycle counter
	# per DTC (4 on the 8x8), 4 local counters per DTM, 2 watchpoints
	# each way per DTM; across PMUs.
	g=
	for k in 0 1 2 3 4 5 6 7 8; do
		g="$g${g:+,}$m8/hnf_cache_miss,bynodeid=1,nodeid=$(eval echo "\$hnf_$k")/"
		oracle_accept "group-global-$((k + 1))" -a -e "{$g}"
	done
	c=$m8/dtc_cycles/
	oracle_accept group-cycles-4 -a -e "{$c,$c,$c,$c}"
	oracle_accept group-cycles-5 -a -e "{$c,$c,$c,$c,$c}"
	x="$m8/mxp_p0_dat_txflit_valid,bynodeid=1,nodeid=$xp9/"
	oracle_accept group-local-4 -a -e "{$x,$x,$x,$x}"
	oracle_accept group-local-5 -a -e "{$x,$x,$x,$x,$x}"
	oracle_accept group-hnf-all-2 -a -e "{$m8/hnf_cache_miss/,$m8/hnf_cache_fill/}"
	oracle_accept group-hnf-all-3 -a -e "{$m8/hnf_cache_miss/,$m8/hnf_cache_fill/,$m8/hnf_sf_hit/}"
	w="$m8/watchpoint_up,$wp,bynodeid=1,nodeid=$xp9/"
	oracle_accept group-wp-2 -a -e "{$w,$w}"
	oracle_accept group-wp-3 -a -e "{$w,$w,$w}"
	oracle_accept group-pmus -a -e "{$m8/hnf_cache_miss/,$m2/hnf_cache_miss/}"
	oracle_accept group-sw-leader -a -e "{cpu-clock,$m8/hnf_cache_miss/}"
	c0="wp_dev_sel=1,wp_chn_sel=0,wp_grp=0,wp_val=0xa0,wp_mask=0xf"
	c1="wp_dev_sel=1,wp_chn_sel=0,wp_grp=1,wp_val=0xb0,wp_mask=0xf"
	for v in 1 2 15; do
		oracle_accept "wp-combine-$v" -a -e "{$m8/watchpoint_up,$c0,wp_combine=$v,bynodeid=1,nodeid=$xp9/,$m8/watchpoint_up,$c1,wp_combine=$v,bynodeid=1,nodeid=$xp9/}"
	done
	oracle_accept wp-combine-alone -a -e "$m8/watchpoint_up,$c0,wp_combine=1,bynodeid=1,nodeid=$xp9/"
	# perf's own CMN events and metrics (tools/perf/pmu-events, arm64
	# perf 6.12: they bind to the PMUs by identifier), all the events in
	# one session and each metric alone.
	p612=/opt/perf-6.12/perf
	if [ -x "$p612" ]; then
		json=$($p612 list 2>/dev/null | awk '
			/^  [a-z0-9_.]+$/ { name = $1 }
			/Unit: arm_cmn\]/ { print "-e " name }')
		# shellcheck disable=SC2086
		[ -z "$json" ] || ORACLE_PERF=$p612 oracle_opens json-events -a $json
		for mt in $($p612 list metric 2>/dev/null | grep -o -x -E \
			'  (slc_miss_rate|hnf_message_retry_rate|sf_hit_rate|mc_message_retry_rate|rni_[a-z_.]*|sbsx_[a-z_.]*)'); do
			ORACLE_PERF=$p612 oracle_accept "metric-$mt" -a -M "$mt"
		done
	fi

	# Counts.
	# Within every limit (two all-HN-F events fill the 4 local counters
	# of an XP with two HN-F nodes).
	oracle_count hnf "$m8/hnf_cache_miss/,$m8/hnf_mc_reqs/" -- sh -c "
		echo 'type=hnf event=0x1 count=1000' >$e8
		echo 'type=hnf event=0xd nodeid=$hnf5 count=77' >$e8"
	oracle_count hnf-node "$m8/hnf_cache_miss,bynodeid=1,nodeid=$hnf5/" -- sh -c "
		echo 'type=hnf event=0x1 count=1000' >$e8"
	# Carries from the 16-bit local counters, and 5 * 2^30 through the
	# 32-bit global ones.
	oracle_count carries "$m8/hnf_cache_fill,bynodeid=1,nodeid=$hnf5/,$m8/hnf_sf_hit/" -- sh -c "
		echo 'type=hnf event=0x3 nodeid=$hnf5 count=$((3 * 65536 + 5))' >$e8
		for i in 1 2 3 4 5; do echo 'type=hnf event=0x6 count=$(((1 << 30) + 7))' >$e8; done"
	small
	# The 40-bit cycle counter past 2^40 twice, no faster than a mesh
	# clock could (2^39 cycles take 137 s at 4 GHz; the pause is longer
	# than our poll, 1.07 s).
	oracle_count cycles "$m8/dtc_cycles/,$m2/dtc_cycles/" -- sh -c "
		echo cycles=123456789 >$e8
		for i in 1 2 3; do echo cycles=$(((1 << 39) + 11)) >$e2; sleep 1.5; done"
	oracle_count xp "$m8/mxp_p0_dat_txflit_valid/,$m8/mxp_n_req_txflit_stall/,$x" -- sh -c "
		echo 'type=xp event=0x71 count=3' >$e8
		echo 'type=xp event=0xa nodeid=$xp9 count=11' >$e8"
	for o in read all; do
		oracle_count "occup-$o" "$m8/hnf_qos_pocq_occupancy_$o/" -- sh -c "
			echo 'type=hnf event=0xf occup=1 count=5' >$e8
			echo 'type=hnf event=0xf occup=2 count=7' >$e8"
	done
	oracle_count wp "$m8/watchpoint_up,$wp,bynodeid=1,nodeid=$xp9/,$m8/watchpoint_down,$wp,bynodeid=1,nodeid=$xp9/" -- sh -c "
		echo 'flit=up nodeid=$xp9 port=0 chan=dat val=0x12ab count=9' >$e8
		echo 'flit=up nodeid=$xp9 port=0 chan=dat val=0x13ab count=4' >$e8
		echo 'flit=up nodeid=$xp9 port=1 chan=dat val=0x1234 count=5' >$e8
		echo 'flit=up nodeid=$xp9 port=0 chan=req val=0x1234 count=6' >$e8
		echo 'flit=down nodeid=$xp9 port=0 chan=dat val=0x1200 count=8' >$e8"
	oracle_count wp-all "$m8/watchpoint_up,$wp/,$m8/watchpoint_up,$wp,wp_exclusive=1,bynodeid=1,nodeid=$xp9/" -- sh -c "
		echo 'flit=up port=0 chan=dat val=0x12ab count=2' >$e8
		echo 'flit=up nodeid=$xp9 port=0 chan=dat val=0x99ab count=3' >$e8"
	oracle_count wp-combined "{$m8/watchpoint_up,$c0,wp_combine=1,bynodeid=1,nodeid=$xp9/,$m8/watchpoint_up,$c1,wp_combine=1,bynodeid=1,nodeid=$xp9/}" -- sh -c "
		echo 'flit=up nodeid=$xp9 port=1 chan=req val=0xa3 val1=0xb5 count=6' >$e8
		echo 'flit=up nodeid=$xp9 port=1 chan=req val=0xa3 val1=0xc5 count=5' >$e8
		echo 'flit=up nodeid=$xp9 port=1 chan=req val=0x13 val1=0xb5 count=4' >$e8"
	g=
	: >/tmp/g8.sh
	for k in 0 1 2 3 4 5 6 7; do
		id=$(eval echo "\$hnf_$k")
		g="$g${g:+,}$m8/hnf_cache_miss,bynodeid=1,nodeid=$id/"
		echo "echo 'type=hnf event=0x1 nodeid=$id count=$((21 + k))' >$e8" >>/tmp/g8.sh
	done
	oracle_count group-8 "{$g}" -- sh /tmp/g8.sh
	oracle_count cpu1 "$m8/dtc_cycles/" -C 1 -- sh -c "echo cycles=99 >$e8"
	# Six events of one HN-F: the 4 local counters of its XP.
	mx="$m8/hnf_cache_miss,bynodeid=1,nodeid=$hnf5/"
	oracle_mux hnf "$m8" "$mx,$mx,$mx,$mx,$mx,$mx" -- sh -c "
		for i in 1 2 3 4 5; do
			echo 'type=hnf event=0x1 nodeid=$hnf5 count=100' >$e8
		done
		sleep 0.2"
}

# Ours first, which also gives the node IDs (its debugfs map); the model
# is reloaded between the sides, so both start from reset.
load_cmn cmn_irq=1
m2=$(cmn_pmu 0) m8=$(cmn_pmu 2)
hnf5=$(cmn_node_id "$m8" HN-F 5) xp9=$(cmn_node_id "$m8" XP 9)
ids2=
for t in DN HN-I SBSX CXRA CXHA; do
	ids2="$ids2$t $(cmn_node_id "$m2" $t 0)
"
done
# For the other side: the IDs are the mesh's, not the driver's.
for k in 0 1 2 3 4 5 6 7 8; do
	eval "hnf_$k=$(cmn_node_id "$m8" HN-F $k)"
done
side ours >"$ORACLE_DIR/cmn.ours"
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod ours"
load_model cmn_irq=1
oracle_load oracle_arm_cmn
side upstream >"$ORACLE_DIR/cmn.upstream"
rmmod oracle_arm_cmn nvu_oracle nvu_emu || fail "rmmod upstream's"

# The model's other reading of small meshes' node IDs (cmn_narrow_ids:
# Linux's); ours reads the width from the mesh, upstream computes it.
load_cmn cmn_irq=1 cmn_narrow_ids=1
m2=$(cmn_pmu 0)
ids2=
for t in DN HN-I SBSX CXRA CXHA; do
	ids2="$ids2$t $(cmn_node_id "$m2" $t 0)
"
done
small >"$ORACLE_DIR/cmn.narrow.ours"
rmmod nvu_arm_cmn600 nvu_emu || fail "rmmod ours"
load_model cmn_irq=1 cmn_narrow_ids=1
oracle_load oracle_arm_cmn
small >"$ORACLE_DIR/cmn.narrow.upstream"
rmmod oracle_arm_cmn nvu_oracle nvu_emu || fail "rmmod upstream's"
sed -i 's/^count /count narrow-ids /' "$ORACLE_DIR"/cmn.narrow.*
cat "$ORACLE_DIR"/cmn.narrow.ours >>"$ORACLE_DIR/cmn.ours"
cat "$ORACLE_DIR"/cmn.narrow.upstream >>"$ORACLE_DIR/cmn.upstream"
oracle_compare arm-cmn "$ORACLE_DIR/cmn.ours" "$ORACLE_DIR/cmn.upstream"
finish

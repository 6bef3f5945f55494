#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The oracle for CXL CPMUs: upstream's cxl_pmu (built by scripts/build-oracle
# from the kernel source this kernel came from, its register accesses sent
# to the model) and ours, in turn, on the CPMUs of the same model function
# with the same traffic and perf command lines.  Upstream's driver gets its
# devices as cxl_pci makes them (nvu_oracle_cxl: the CXL core's
# devm_cxl_pmu_add(), MSI vectors allocated); ours names the function's
# PMUs after its memdev (nvu_memdev), so both register cxl_pmu_mem0.<i>,
# and shares the vectors of the function's owner (nvu_cxl_owner).
# Compared: the sysfs ABI, the acceptance of every listed event and of a
# corpus (raw events, vendor events, groups past each counter limit,
# filters, threshold/edge/invert, per-task, sampling, -C), and counts
# (fixed, free-running and configurable counters, event groups, filters,
# a vendor event, a 32-bit counter past 2^32 twice on its interrupt).  Every
# difference must be in the table of tests/README.md, "Differences from
# upstream's drivers".
. "$NVU_TESTS/lib.sh"
. "$NVU_TESTS/oracle/lib.sh"

# side: what the driver now registered for the function shows and does.
side() {
	for c in 0 1; do
		oracle_abi "cpmu$c" "cxl_pmu_mem0.$c"
		# shellcheck disable=SC2046
		oracle_accept_each "cpmu$c" "cxl_pmu_mem0.$c" $(ls "$PMUS/cxl_pmu_mem0.$c/events")
	done
	p=cxl_pmu_mem0.0 e=$EMU/$(cxl_pmu 0 0)/inject
	# Upstream's documented examples.
	oracle_accept doc-example -a -e "$p/clock_ticks/" -e "$p/d2h_req_rdshared/"
	oracle_accept raw -a -e "$p/vid=0x1e98,gid=0x20,mask=0x3/"
	oracle_accept raw-no-mask -a -e "$p/vid=0x1e98,gid=0x20,mask=0/"
	oracle_accept raw-no-group -a -e "$p/vid=0x1e98,gid=0x12,mask=2/"
	oracle_accept vendor -a -e "$p/vid=0x10de,gid=1,mask=0x5/"
	oracle_accept vendor-past-cap -a -e "$p/vid=0x10de,gid=1,mask=0x10/"
	oracle_accept free-bit -a -e "$p/vid=0x1e98,gid=0x25,mask=2/"
	oracle_accept threshold-wide -a -e "$p/m2s_req_memrd,config1=0x100/"
	oracle_accept free-threshold -a -e "$p/s2m_drs_memdata,threshold=2/"
	oracle_accept free-filter -a -e "$p/s2m_drs_memdata,hdm_filter_en=1,hdm=1/"
	oracle_accept clock-threshold -a -e "$p/clock_ticks,threshold=1/"
	oracle_accept hdm -a -e "$p/m2s_req_memrd,hdm_filter_en=1,hdm=0x2/"
	oracle_accept crb -a -e "$p/m2s_req_memrd,crb_filter_en=1,crb=7/"
	oracle_accept edge -a -e "$p/m2s_req_memrd,threshold=2,edge=1,invert=1/"
	oracle_accept per-task -e "$p/clock_ticks/"
	oracle_accept sampling -a -e "$p/clock_ticks,period=1000/"
	oracle_accept cpu0 -C 0 -e "$p/clock_ticks/"
	oracle_accept cpu1 -C 1 -e "$p/clock_ticks/"
	oracle_accept group-config-4 -a -e "{$p/m2s_req_memrd/,$p/m2s_req_meminv/,$p/ddr_act/,$p/ddr_pre/}"
	oracle_accept group-config-5 -a -e "{$p/m2s_req_memrd/,$p/m2s_req_meminv/,$p/ddr_act/,$p/ddr_pre/,$p/ddr_rfm/}"
	oracle_accept group-clock-2 -a -e "{$p/clock_ticks/,$p/clock_ticks/}"
	oracle_accept group-free-2 -a -e "{$p/s2m_drs_memdata/,$p/s2m_drs_memdata/}"
	oracle_accept group-pmus -a -e "{$p/clock_ticks/,cxl_pmu_mem0.1/clock_ticks/}"
	oracle_accept group-full -a -e "{$p/clock_ticks/,$p/s2m_drs_memdata/,$p/m2s_req_meminv/,$p/m2s_req_memrd/,$p/m2s_req_memrddata/,$p/m2s_req_memrdfwd/}"

	oracle_count fixed-free "$p/clock_ticks/,$p/s2m_drs_memdata/" -- sh -c "
		echo 'cycles=1234' >$e; echo 'gid=0x25 ev=0 count=500' >$e"
	configurable
	oracle_count other-cpmu "cxl_pmu_mem0.1/clock_ticks/,cxl_pmu_mem0.1/vid=0x1e98,gid=0x20,mask=0x2/" -- sh -c "
		echo 'cycles=9' >$e; echo 'gid=0x20 ev=1' >$e"
	oracle_count cpu1 "$p/clock_ticks/" -C 1 -- sh -c "echo cycles=99 >$e"
}

# configurable: counts of the configurable counters: two events of each
# group and the pair as one event, a vendor event, filters, threshold,
# edge and invert, a full group.
configurable() {
	p=cxl_pmu_mem0.0 e=$EMU/$(cxl_pmu 0 0)/inject
	for g in "0x10 1 14" "0x20 0 5" "0x21 1 4" "0x24 0 7" "0x8000 0 15"; do
		# shellcheck disable=SC2086
		set -- $g
		oracle_count "group-$1" "$p/vid=0x1e98,gid=$1,mask=$((1 << $2))/,$p/vid=0x1e98,gid=$1,mask=$((1 << $3))/,$p/vid=0x1e98,gid=$1,mask=$(((1 << $2) | (1 << $3)))/" -- sh -c "
			echo 'gid=$1 ev=$2 count=7' >$e; echo 'gid=$1 ev=$3 count=11' >$e"
	done
	oracle_count vendor "$p/vid=0x10de,gid=1,mask=0x5/" -- sh -c "
		echo 'vid=0x10de gid=1 ev=0 count=3' >$e
		echo 'vid=0x10de gid=1 ev=1 count=100' >$e
		echo 'vid=0x10de gid=1 ev=2 count=4' >$e"
	oracle_count hdm "$p/m2s_req_memrd/,$p/m2s_req_memrd,hdm_filter_en=1,hdm=0x2/" -- sh -c "
		echo 'gid=0x20 ev=1 count=10 hdm=1' >$e
		echo 'gid=0x20 ev=1 count=5 hdm=0' >$e
		echo 'gid=0x20 ev=1 count=4' >$e"
	oracle_count crb "$p/m2s_req_memrd/,$p/m2s_req_memrd,crb_filter_en=1,crb=7/" -- sh -c "
		echo 'gid=0x20 ev=1 count=4' >$e
		echo 'gid=0x20 ev=1 count=6 crb=7' >$e"
	oracle_count threshold "$p/m2s_req_memrd/,$p/m2s_req_memrd,threshold=2/,$p/m2s_req_memrd,threshold=2,invert=1/,$p/m2s_req_memrd,threshold=2,edge=1/" -- sh -c "
		echo 'gid=0x20 ev=1 count=9 per=3' >$e
		echo 'gid=0x20 ev=1 count=4 per=1' >$e
		echo 'gid=0x20 ev=1 count=6 per=2' >$e"
	oracle_count full "{$p/clock_ticks/,$p/s2m_drs_memdata/,$p/m2s_req_meminv/,$p/m2s_req_memrd/,$p/m2s_req_memrddata/,$p/m2s_req_memrdfwd/}" -- sh -c "
		echo 'cycles=1' >$e; echo 'gid=0x25 ev=0 count=2' >$e
		for b in 0 1 2 3; do echo \"gid=0x20 ev=\$b count=\$((b + 3))\" >$e; done"
	# Six events for the 4 configurable counters.
	mx=$p/m2s_req_memrd/
	oracle_mux memrd "$p" "$mx,$mx,$mx,$mx,$mx,$mx" -- sh -c "
		for i in 1 2 3 4 5; do echo 'gid=0x20 ev=1 count=10' >$e; done; sleep 0.2"
}

# wraps: 32-bit counters past 2^32 twice, no faster than a 2 GHz clock
# could (the pause is longer than our poll and each batch is below half
# the range), on the fixed, free-running and a configurable counter.
wraps() {
	p=cxl_pmu_mem0.0 e=$EMU/$(cxl_pmu 0 0)/inject
	oracle_count wrap32 "$p/clock_ticks/,$p/s2m_drs_memdata/,$p/m2s_req_memrd/" -- sh -c "
		for i in 1 2 3 4 5; do
			echo 'cycles=$(((1 << 31) - 3))' >$e
			echo 'gid=0x25 ev=0 count=$(((1 << 31) - 3))' >$e
			echo 'gid=0x20 ev=1 count=$(((1 << 31) - 3))' >$e
			sleep 1.5
		done"
}

ours() {
	load_model cxl_fns=1 cxl_cpmus=2 "$@"
	modprobe nvu_memdev pci="$(cxl_bdf 0)" id=0 || fail "modprobe nvu_memdev"
	modprobe nvu_cxl_owner || fail "modprobe nvu_cxl_owner"
	cxl_own 0
	modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu"
}
ours_unload() {
	rmmod nvu_cxl_cpmu || fail "rmmod nvu_cxl_cpmu"
	cxl_disown 0
	rmmod nvu_cxl_owner nvu_memdev nvu_emu || fail "rmmod ours"
}
upstream() {
	load_model cxl_fns=1 cxl_cpmus=2 "$@"
	oracle_load nvu_oracle_cxl
	echo nvu_oracle_cxl >"/sys/bus/pci/devices/$(cxl_bdf 0)/driver_override" ||
		fail "driver_override"
	echo "$(cxl_bdf 0)" >/sys/bus/pci/drivers/nvu_oracle_cxl/bind || fail "bind nvu_oracle_cxl"
	modprobe oracle_cxl_pmu || fail "modprobe oracle_cxl_pmu"
}
upstream_unload() {
	rmmod oracle_cxl_pmu || fail "rmmod oracle_cxl_pmu"
	echo "$(cxl_bdf 0)" >/sys/bus/pci/drivers/nvu_oracle_cxl/unbind || fail "unbind"
	rmmod nvu_oracle_cxl nvu_oracle nvu_emu || fail "rmmod upstream's"
}

# Each driver in turn on the model's default CPMU, then on one that lists
# the M2S request group first (cxl_evcap_rotate=3) with 32-bit counters:
# upstream programs Event Capabilities index 0 on every configurable
# counter, so only there do its configurable counters count what the event
# asks for.
ours
side >"$ORACLE_DIR/cxl.ours"
ours_unload
upstream
side >"$ORACLE_DIR/cxl.upstream"
upstream_unload
ours cxl_evcap_rotate=3 cxl_width=32
# (Into a file, not a pipe: a fail there must end the test.)
configurable >/tmp/m2s.ours
wraps >>/tmp/m2s.ours
sed -e 's/^count /count m2s-first /' -e 's/^mux /mux m2s-first /' /tmp/m2s.ours >>"$ORACLE_DIR/cxl.ours"
ours_unload
upstream cxl_evcap_rotate=3 cxl_width=32
configurable >/tmp/m2s.upstream
wraps >>/tmp/m2s.upstream
sed -e 's/^count /count m2s-first /' -e 's/^mux /mux m2s-first /' /tmp/m2s.upstream >>"$ORACLE_DIR/cxl.upstream"
upstream_unload
oracle_compare cxl_pmu "$ORACLE_DIR/cxl.ours" "$ORACLE_DIR/cxl.upstream"
finish

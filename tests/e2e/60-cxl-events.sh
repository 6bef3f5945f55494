#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: PMUs found on the model's PCI functions, their sysfs, exact
# counts for every event group on fixed, free-running and configurable
# counters (which proves the Event Group ID Index programmed: the model
# counts nothing on a wrong one), group limits, refusals, both filters in
# both meanings of the HDM value, threshold/edge/invert, and counting
# without the Freeze register.
. "$NVU_TESTS/lib.sh"
load_cxl cxl_cpmus=2
p0=$(cxl_pmu 0 0) p1=$(cxl_pmu 1 1)

for f in 0 1; do
	for c in 0 1; do
		[ -d "$PMUS/$(cxl_pmu $f $c)" ] || fail "no PMU $(cxl_pmu $f $c)"
	done
done
expect_eq "CXL PMUs" 4 "$(ls $PMUS | grep -c '^cxl_pmu_')"
expect_eq "pci_function" 10000:00:01.0 "$(cat $PMUS/$p1/pci_function)"
# Function 1 is on socket 1 when there are two: its owner is there.
node=$(($(ls -d /sys/devices/system/node/node* | wc -l) > 1))
expect_eq "associated_cpus of function 1" \
	"$(cat /sys/devices/system/node/node$node/cpulist)" "$(cat $PMUS/$p1/associated_cpus)"
expect_eq "owner of function 1" "$(node_cpus $node | head -n 1)" "$(cat $PMUS/$p1/cpumask)"
# An event opened on a CPU of another node counts on the owner, as with
# upstream's cxl_pmu (perf stat -C 0 on a two-node machine).
if [ $node = 1 ]; then
	cpu=$(node_cpus 0 | head -n 1)
	perf stat -x, -C "$cpu" -e $p1/clock_ticks/ -o /tmp/c.out -- \
		sh -c "echo 'cycles=777' >$EMU/$p1/inject" >/dev/null 2>&1
	expect_eq "perf stat -C $cpu (node 0) on function 1" 777 \
		"$(grep -v '^#' /tmp/c.out | grep . | cut -d, -f1)"
fi
expect_eq "formats" "crb=config2:32-63 crb_filter_en=config1:19 edge=config1:17 gid=config:32-47 hdm=config2:0-31 hdm_filter_en=config1:18 invert=config1:16 mask=config:0-31 threshold=config1:0-7 vid=config:48-63" \
	"$(attrs $p0 format)"
# Listed: what some counter counts (clock, DRS memdata on the free-running
# counter, and the D2H, M2S, RwD, NDR and DDR groups), nothing else.
expect_eq "events listed" 64 "$(ls $PMUS/$p0/events | wc -l)"
expect_eq "clock_ticks" config=0x1e98000000000001 "$(cat $PMUS/$p0/events/clock_ticks)"
expect_eq "d2h_req_rdcurr" config=0x1e98001000000002 "$(cat $PMUS/$p0/events/d2h_req_rdcurr)"
for e in h2d_req_snpdata s2m_drs_memdatanxm m2s_birsp_i m2s_rwd_memwrfwd; do
	[ ! -e $PMUS/$p0/events/$e ] || { echo "FAIL: $e listed"; NVU_FAILED=1; }
done

# Every listed event parses and opens (perf 6.1's "Parsing of all PMU
# events from sysfs" takes only a PMU named "cpu", which the emulated CPUs
# lack; perf 6.12's, below, takes every PMU).  Opened but not scheduled
# (64 events on 6 counters) prints "<not counted>"; refused, "<not supported>".
evs=$(ls $PMUS/$p0/events | sed "s|.*|$p0/&/|" | xargs | tr ' ' ',')
perf stat -a -x, -e "$evs" -o /tmp/all.out -- true >/tmp/all.err 2>&1 ||
	{ echo "FAIL: perf stat of every listed event: $(cat /tmp/all.err)"; NVU_FAILED=1; }
expect_eq "listed events that open" 64 \
	"$(grep -v '^#' /tmp/all.out | grep . | grep -vc '^<not supported>')"
# perf's own "Parsing of all PMU events from sysfs", by the perf built
# from the 6.12 source (tests/vm/perf-build), which parses each events/
# file of every PMU, these four among them.  (Its last word is the
# result; a progress note may come before it on the line.)
/opt/perf-6.12/perf test "Parsing of all PMU events from sysfs" >/tmp/ptest.out 2>&1
expect_eq "perf 6.12 test \"Parsing of all PMU events from sysfs\"" Ok \
	"$(sed -n 's/.*Parsing of all PMU events from sysfs *: *//p' /tmp/ptest.out |
		tail -n1 | awk '{ print $NF }')"

# group_run GID CAPMASK NAME:BIT...: every event of the group injected
# (bit b: 3b+1 events), counted by the named events one each and by the
# whole group's mask on one counter, beside clock_ticks (fixed) and
# s2m_drs_memdata (free-running).
group_run() {
	_gid=$1 _cap=$(($2))
	shift 2
	{
		echo "echo 'cycles=1234' >$EMU/$p0/inject"
		echo "echo 'gid=0x25 ev=0 count=500' >$EMU/$p0/inject"
	} >/tmp/w.sh
	_sum=0 _b=0
	while [ $_b -lt 32 ]; do
		if [ $(((_cap >> _b) & 1)) = 1 ]; then
			echo "echo 'gid=$_gid ev=$_b count=$((_b * 3 + 1))' >$EMU/$p0/inject" >>/tmp/w.sh
			_sum=$((_sum + _b * 3 + 1))
		fi
		_b=$((_b + 1))
	done
	_evs="$p0/clock_ticks/ $p0/s2m_drs_memdata/" _want="1234 500"
	for _nb; do
		_evs="$_evs $p0/${_nb%:*}/"
		_want="$_want $((${_nb#*:} * 3 + 1))"
	done
	# shellcheck disable=SC2086
	expect_eq "group $_gid" "$_want $_sum" \
		"$(counts $_evs "$p0/vid=0x1e98,gid=$_gid,mask=$_cap/" -- sh /tmp/w.sh | xargs)"
}
group_run 0x10 0x17ffe d2h_req_rdcurr:1 d2h_req_wrinv:14 d2h_req_cacheflushed:16
group_run 0x20 0xffff m2s_req_meminv:0 m2s_req_memrdtee:5 m2s_req_memclnevctu:15
group_run 0x21 0x2636 m2s_rwd_memwr:1 m2s_rwd_biconflict:4 m2s_rwd_memrdfilltee:13
group_run 0x24 0xff s2m_ndr_cmp:0 s2m_ndr_cmpm:3 s2m_ndr_cmptee_e:7
group_run 0x8000 0xffff ddr_act:0 ddr_refresh:4 ddr_incoming_wr_req:15

# Vendor events, raw.
expect_eq "vendor event" 7 "$(counts $p0/vid=0x10de,gid=1,mask=0x5/ -- sh -c "
	echo 'vid=0x10de gid=1 ev=0 count=3' >$EMU/$p0/inject
	echo 'vid=0x10de gid=1 ev=1 count=100' >$EMU/$p0/inject
	echo 'vid=0x10de gid=1 ev=2 count=4' >$EMU/$p0/inject")"
# Another CPMU of another function saw none of it.
expect_eq "isolation" "0 0" "$(counts $p1/clock_ticks/ $p1/m2s_req_memrd/ -- \
	sh -c "echo 'cycles=9' >$EMU/$p0/inject; echo 'gid=0x20 ev=1' >$EMU/$p0/inject" | xargs)"

# Groups: 4 configurable counters, one clock, one free-running counter.
expect_eq "5 configurable events in a group" \
	"<not counted>,,$p0/m2s_req_memrd/ <not counted>,,$p0/m2s_req_meminv/ <not counted>,,$p0/ddr_act/ <not counted>,,$p0/ddr_pre/ <not supported>,,$p0/ddr_rfm/" \
	"$(stat_lines -e "{$p0/m2s_req_memrd/,$p0/m2s_req_meminv/,$p0/ddr_act/,$p0/ddr_pre/,$p0/ddr_rfm/}" | xargs)"
expect_eq "two clock_ticks in a group" \
	"<not counted>,,$p0/clock_ticks/ <not supported>,,$p0/clock_ticks/" \
	"$(stat_lines -e "{$p0/clock_ticks/,$p0/clock_ticks/}" | xargs)"
expect_eq "two s2m_drs_memdata in a group" \
	"<not counted>,,$p0/s2m_drs_memdata/ <not supported>,,$p0/s2m_drs_memdata/" \
	"$(stat_lines -e "{$p0/s2m_drs_memdata/,$p0/s2m_drs_memdata/}" | xargs)"
expect_eq "a full group counts" "1 2 3 4 5 6" "$(counts "{$p0/clock_ticks/,$p0/s2m_drs_memdata/,$p0/m2s_req_meminv/,$p0/m2s_req_memrd/,$p0/m2s_req_memrddata/,$p0/m2s_req_memrdfwd/}" -- sh -c "
	echo 'cycles=1' >$EMU/$p0/inject
	echo 'gid=0x25 ev=0 count=2' >$EMU/$p0/inject
	for b in 0 1 2 3; do echo \"gid=0x20 ev=\$b count=\$((b + 3))\" >$EMU/$p0/inject; done" | xargs)"

# Refused at open: threshold bits the hardware lacks, a free-running
# event with a threshold or filter, events no counter counts, an empty
# mask, vendor events beyond the capability.
refused $p0/m2s_req_memrd,config1=0x100/ $p0/s2m_drs_memdata,threshold=2/ \
	$p0/s2m_drs_memdata,hdm_filter_en=1,hdm=1/ $p0/vid=0x1e98,gid=0x12,mask=2/ \
	$p0/vid=0x1e98,gid=0x20,mask=0/ $p0/vid=0x10de,gid=1,mask=0x10/ \
	$p0/vid=0x1e98,gid=0x25,mask=2/

# Filters: HDM decoder (a bitmap of decoders by default) and
# channel/rank/bank.
filters() {
	counts "$p0/m2s_req_memrd/" "$p0/m2s_req_memrd,hdm_filter_en=1,hdm=$1/" \
		"$p0/m2s_req_memrd,crb_filter_en=1,crb=7/" -- sh -c "
		echo 'gid=0x20 ev=1 count=10 hdm=1' >$EMU/$p0/inject
		echo 'gid=0x20 ev=1 count=5 hdm=0' >$EMU/$p0/inject
		echo 'gid=0x20 ev=1 count=4' >$EMU/$p0/inject
		echo 'gid=0x20 ev=1 count=6 crb=7' >$EMU/$p0/inject
		echo 'gid=0x20 ev=1 count=2 crb=3' >$EMU/$p0/inject" | xargs
}
expect_eq "filters, HDM bitmap 0x2" "27 10 6" "$(filters 0x2)"
expect_eq "filters, HDM bitmap 0x1" "27 5 6" "$(filters 0x1)"
# nvu-stat's HDM sweep: a bucket per decoder (0x1, 0x2, 0x4), exact.
cat >/tmp/hdm.sh <<S
echo 'gid=0x20 ev=1 count=10 hdm=1' >$EMU/$p0/inject
echo 'gid=0x20 ev=1 count=5 hdm=0' >$EMU/$p0/inject
echo 'gid=0x20 ev=1 count=7 hdm=2' >$EMU/$p0/inject
echo 'gid=0x20 ev=1 count=4' >$EMU/$p0/inject
S
nvu-stat sweep -k 3 -o csv hdm $p0/m2s_req_memrd/ 0x1,0x2,0x4 -- sh /tmp/hdm.sh \
	>/tmp/hdm.csv || fail "nvu-stat sweep hdm"
expect_eq "nvu-stat sweep hdm" "hdm=0x1=5 hdm=0x2=10 hdm=0x4=7" \
	"$(tail -n +2 /tmp/hdm.csv | awk -F, '{ printf "%s=%s ", $1, $2 }' | sed 's/ $//')"

# Threshold, invert, edge (the model's rule, Documentation/emu.rst): 9
# events 3 per cycle, 4 at 1 per cycle, 6 at 2 per cycle.
expect_eq "threshold, invert, edge" "19 6 4 2" "$(counts $p0/m2s_req_memrd/ \
	$p0/m2s_req_memrd,threshold=2/ $p0/m2s_req_memrd,threshold=2,invert=1/ \
	$p0/m2s_req_memrd,threshold=2,edge=1/ -- sh -c "
	echo 'gid=0x20 ev=1 count=9 per=3' >$EMU/$p0/inject
	echo 'gid=0x20 ev=1 count=4 per=1' >$EMU/$p0/inject
	echo 'gid=0x20 ev=1 count=6 per=2' >$EMU/$p0/inject" | xargs)"

# The other meaning of an HDM filter value (a decoder number), no
# channel/rank/bank filter, and no Freeze register: the driver passes the
# value through, hides what is absent, and counts the same.
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"
load_cxl cxl_hdm_mode=1 cxl_filters=1 cxl_freeze=0
expect_eq "formats without channel/rank/bank" "edge gid hdm hdm_filter_en invert mask threshold vid" \
	"$(ls $PMUS/$p0/format | xargs)"
expect_eq "filters, HDM decoder 1" "21 10" "$(counts "$p0/m2s_req_memrd/" \
	"$p0/m2s_req_memrd,hdm_filter_en=1,hdm=1/" -- sh -c "
	echo 'gid=0x20 ev=1 count=10 hdm=1' >$EMU/$p0/inject
	echo 'gid=0x20 ev=1 count=5 hdm=0' >$EMU/$p0/inject
	echo 'gid=0x20 ev=1 count=6 crb=7' >$EMU/$p0/inject" | xargs)"
refused $p0/m2s_req_memrd,config1=0x80000/
group_run 0x20 0xffff m2s_req_meminv:0 m2s_req_memrdtee:5 m2s_req_memclnevctu:15
finish

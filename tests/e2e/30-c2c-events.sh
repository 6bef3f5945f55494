#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# NVLink-C2C with two GPUs (the model's default: GPU0 on instances 0-6,
# GPU1 on 7-13), NV-CLink (a CPU on all 12) and NV-DLink (CXL memory on all
# 16), both sockets: sysfs (peer, formats, events, identifier), every event
# of each PMU counted exactly from a mix injected per instance and peer,
# gpu_mask default, 0x1, 0x2 and 0x3, and the raw IDs each peer refuses.
. "$NVU_TESTS/lib.sh"
load_t410

# files PMU DIR: the names under DIR of PMU, on one line.
files() {
	ls "$PMUS/$1/$2" | tr '\n' ' ' | sed 's/ $//'
}

# count_all PMU SCRIPT EVENT...: count each EVENT (with PMU/ and / added)
# over SCRIPT; prints "name=count" per event.
count_all() {
	_pmu=$1 _script=$2
	shift 2
	_evs=
	for _e in "$@"; do
		_evs="$_evs $_pmu/$_e/"
	done
	# shellcheck disable=SC2086
	_got=$(counts $_evs -- sh "$_script") || fail "perf stat on $_pmu"
	_i=0
	for _e in "$@"; do
		_i=$((_i + 1))
		echo "$_e=$(echo "$_got" | sed -n ${_i}p)"
	done
}

# check_counts WHAT COUNTS EXPECTED: COUNTS and EXPECTED are "name=value"
# lines; every expected name must have its value.
check_counts() {
	echo "$3" | while IFS="=" read -r _n _v; do
		[ -n "$_n" ] || continue
		expect_eq "$1 $_n" "$_v" "$(echo "$2" | sed -n "s/^$_n=//p")"
	done | tee /tmp/check.out
	! grep -q '^FAIL' /tmp/check.out || NVU_FAILED=1
}

gpu_events="cycles in_rd_cum_outs in_rd_req in_wr_cum_outs in_wr_req out_rd_cum_outs out_rd_req out_wr_cum_outs out_wr_req"
cpu_events="cycles in_rd_cum_outs in_rd_req out_rd_cum_outs out_rd_req"
cxl_events="cycles in_rd_cum_outs in_rd_req"

for s in 0 1; do
	c2c=nvidia_nvlink_c2c_pmu_$s cl=nvidia_nvclink_pmu_$s dl=nvidia_nvdlink_pmu_$s

	# sysfs follows the peer.
	expect_eq "$c2c peer" "nr_gpu=2" "$(cat $PMUS/$c2c/peer)"
	expect_eq "$cl peer" "nr_cpu=1" "$(cat $PMUS/$cl/peer)"
	expect_eq "$dl peer" "nr_cxlmem=1" "$(cat $PMUS/$dl/peer)"
	expect_eq "$c2c identifier" NVDA2023 "$(cat $PMUS/$c2c/identifier)"
	expect_eq "$cl identifier" NVDA2022 "$(cat $PMUS/$cl/identifier)"
	expect_eq "$dl identifier" NVDA2020 "$(cat $PMUS/$dl/identifier)"
	expect_eq "$c2c formats" "event gpu_mask" "$(files $c2c format)"
	expect_eq "$c2c gpu_mask" "config1:0-1" "$(cat $PMUS/$c2c/format/gpu_mask)"
	expect_eq "$c2c event format" "config:0-3" "$(cat $PMUS/$c2c/format/event)"
	expect_eq "$cl formats" "event" "$(files $cl format)"
	expect_eq "$dl formats" "event" "$(files $dl format)"
	expect_eq "$c2c events" "$gpu_events" "$(files $c2c events)"
	expect_eq "$cl events" "$cpu_events" "$(files $cl events)"
	expect_eq "$dl events" "$cxl_events" "$(files $dl events)"
	expect_eq "$c2c out_wr_req" "event=0x8" "$(cat $PMUS/$c2c/events/out_wr_req)"
	node_cpus=$(cat /sys/devices/system/node/node$s/cpulist)
	expect_eq "$c2c associated_cpus" "$node_cpus" "$(cat $PMUS/$c2c/associated_cpus)"

	# NVLink-C2C: a different amount on each GPU for every counter.
	cat >/tmp/c2c.sh <<S
echo 'dir=in op=rd peer=gpu0 count=3 outs=11' >$EMU/$c2c/inject
echo 'dir=in op=rd inst=10 count=2 outs=5' >$EMU/$c2c/inject
echo 'dir=in op=wr peer=gpu1 count=4 outs=6' >$EMU/$c2c/inject
echo 'dir=in op=wr inst=0 count=1 outs=9' >$EMU/$c2c/inject
echo 'dir=out op=rd peer=gpu0 count=5 outs=13' >$EMU/$c2c/inject
echo 'dir=out op=rd peer=gpu1 count=1 outs=2' >$EMU/$c2c/inject
echo 'dir=out op=wr inst=13 count=6 outs=3' >$EMU/$c2c/inject
echo 'dir=out op=wr inst=6 count=2 outs=100' >$EMU/$c2c/inject
echo 'cycles=4242' >$EMU/$c2c/inject
S
	# event, GPU0's count, GPU1's count (7 instances each).
	table="cycles 4242 4242
in_rd_req $((7 * 3)) 2
in_rd_cum_outs $((7 * 3 * 11)) $((2 * 5))
in_wr_req 1 $((7 * 4))
in_wr_cum_outs 9 $((7 * 4 * 6))
out_rd_req $((7 * 5)) 7
out_rd_cum_outs $((7 * 5 * 13)) $((7 * 2))
out_wr_req 2 6
out_wr_cum_outs 200 18"
	for m in default 0x1 0x2 0x3; do
		evs="" want=""
		while read -r e g0 g1; do
			case $m in
			default) evs="$evs $e"; v=$((g0 + g1)) ;;
			*) evs="$evs $e,gpu_mask=$m"
			   v=$(((m & 1) * g0 + (m >> 1) * g1)) ;;
			esac
			[ "$e" = cycles ] && v=4242
			want="$want$e=$v
"
		done <<T
$table
T
		# shellcheck disable=SC2086
		got=$(count_all $c2c /tmp/c2c.sh $evs | sed 's/,gpu_mask=0x.=/=/')
		check_counts "$c2c gpu_mask=$m" "$got" "$want"
	done

	# NV-CLink: read events only, summed over the 12 instances.
	cat >/tmp/cl.sh <<S
echo 'dir=in op=rd count=2 outs=30' >$EMU/$cl/inject
echo 'dir=in op=rd inst=5 count=7 outs=1' >$EMU/$cl/inject
echo 'dir=out op=rd peer=cpu count=3 outs=40' >$EMU/$cl/inject
echo 'dir=out op=rd inst=11 count=1 outs=8' >$EMU/$cl/inject
echo 'cycles=999' >$EMU/$cl/inject
S
	# shellcheck disable=SC2086
	got=$(count_all $cl /tmp/cl.sh $cpu_events)
	check_counts "$cl" "$got" "cycles=999
in_rd_req=$((12 * 2 + 7))
in_rd_cum_outs=$((12 * 2 * 30 + 7))
out_rd_req=$((12 * 3 + 1))
out_rd_cum_outs=$((12 * 3 * 40 + 8))"

	# NV-DLink: CXL memory reads over the 16 instances.
	cat >/tmp/dl.sh <<S
echo 'dir=in op=rd count=5 outs=70' >$EMU/$dl/inject
echo 'dir=in op=rd peer=cxlmem inst=15 count=1 outs=1000' >$EMU/$dl/inject
echo 'cycles=31337' >$EMU/$dl/inject
S
	# shellcheck disable=SC2086
	got=$(count_all $dl /tmp/dl.sh $cxl_events)
	check_counts "$dl" "$got" "cycles=31337
in_rd_req=$((16 * 5 + 1))
in_rd_cum_outs=$((16 * 5 * 70 + 1000))"

	# Refused at event_init, even as raw IDs: what the peer cannot produce,
	# IDs beyond the table, and gpu_mask where there are no GPUs.
	# shellcheck disable=SC2046
	refused $(for ev in 0x3 0x4 0x7 0x8 0x9 0xf; do echo $cl/event=$ev/; done) \
		$(for ev in 0x3 0x4 0x5 0x6 0x7 0x8 0x9; do echo $dl/event=$ev/; done) \
		$c2c/event=0x9/ $cl/event=0x2,config1=0x1/ $dl/event=0x2,config1=0x2/ \
		$c2c/event=0x2,config1=0x4/
done

# The model refuses what the links cannot carry.
for bad in "$dl dir=out op=rd" "$dl op=wr" "$cl op=wr" "$cl inst=12" \
	"$c2c peer=cpu" "$c2c peer=gpu1 inst=3" "$c2c op=atomic" "$dl peer=gpu0"; do
	inject_refused "${bad%% *}" "${bad#* }"
done

# A group over a socket's three links is refused; one per link is fine.
cl0=nvidia_nvclink_pmu_0/in_rd_req/ dl0=nvidia_nvdlink_pmu_0/in_rd_req/
expect_mixed_group_refused "mixed-PMU group" $cl0 $dl0
finish

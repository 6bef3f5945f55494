#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every UCF event, default filters, on both sockets: an injected mix of every
# operation gives exactly the count the model's rules predict.
. "$NVU_TESTS/lib.sh"
load_t410

# The mix: operation, SLC outcome, count, bytes per transaction.
cat >/tmp/mix <<'M'
rd hit 11 64
rd miss 13 128
wr hit 17 32
wr miss 19 64
wb hit 23 64
atomic hit 29 64
dataless hit 31 64
snoop hit 37 64
ext_snp hit 41 64
ext_evict hit 43 64
M
CYCLES=1000

# expected EVENT: what the mix adds up to (Documentation/emu.rst, UCF rules).
expected() {
	total=0
	while read -r op slc n bytes; do
		rd=0 wr=0 miss=0
		[ "$op" = rd ] && rd=1
		[ "$op" = wr ] && wr=1
		[ "$slc" = miss ] && miss=1
		memrd=$((rd * miss))
		memwr=$((wr * miss))
		[ "$op" = wb ] && memwr=1
		case $1 in
		slc_access_rd) c=$((rd * n)) ;;
		slc_access_wr) c=$((wr * n)) ;;
		slc_bytes_rd) c=$((rd * n * bytes)) ;;
		slc_bytes_wr) c=$((wr * n * bytes)) ;;
		slc_hit_rd) c=$((rd * (1 - miss) * n)) ;;
		slc_refill_rd) c=$((rd * miss * n)) ;;
		slc_refill_wr) c=$((wr * miss * n)) ;;
		slc_allocate) c=$(((rd + wr) * miss * n)) ;;
		slc_wb) c=0; [ "$op" = wb ] && c=$n ;;
		mem_access_rd) c=$((memrd * n)) ;;
		mem_access_wr) c=$((memwr * n)) ;;
		mem_bytes_rd) c=$((memrd * n * bytes)) ;;
		mem_bytes_wr) c=$((memwr * n * bytes)) ;;
		local_snoop) c=0; [ "$op" = snoop ] && c=$n ;;
		ext_snp_access) c=0; [ "$op" = ext_snp ] && c=$n ;;
		ext_snp_evict) c=0; [ "$op" = ext_evict ] && c=$n ;;
		slc_access_dataless) c=0; [ "$op" = dataless ] && c=$n ;;
		slc_access_atomic) c=0; [ "$op" = atomic ] && c=$n ;;
		bus_cycles | cycles) c=0 ;;
		*) fail "no rule for $1" ;;
		esac
		total=$((total + c))
	done </tmp/mix
	case $1 in bus_cycles | cycles) total=$CYCLES ;; esac
	echo $total
}

for s in 0 1; do
	pmu=nvidia_ucf_pmu_$s
	{
		while read -r op slc n bytes; do
			echo "echo 'op=$op slc=$slc count=$n bytes=$bytes' >$EMU/$pmu/inject"
		done </tmp/mix
		echo "echo 'cycles=$CYCLES' >$EMU/$pmu/inject"
	} >/tmp/inject.sh
	all=$(ls "$PMUS/$pmu/events" | grep -v '\.')
	[ "$(echo "$all" | wc -l)" = 20 ] || fail "expected 20 events, got: $all"
	# At most 8 events per run: the model's default counter count.
	set -- $all
	while [ $# -gt 0 ]; do
		names= evs=
		for i in 1 2 3 4 5 6 7; do
			[ $# -gt 0 ] || break
			names="$names $1"
			evs="$evs $pmu/$(event_config $pmu "$1")/"
			shift
		done
		# shellcheck disable=SC2086
		got=$(counts $evs -- sh /tmp/inject.sh) || fail "perf stat failed"
		i=0
		for name in $names; do
			i=$((i + 1))
			expect_eq "$pmu/$name" "$(expected "$name")" "$(echo "$got" | sed -n "${i}p")"
		done
	done
done

# Byte events carry no scale or unit, as upstream's: perf prints bytes, in
# CSV and in its table, so the numbers do not depend on the driver.
expect_eq "scale or unit files" "" "$(ls $PMUS/nvidia_ucf_pmu_0/events | grep '\.')"
out=$(perf stat -a -e nvidia_ucf_pmu_0/slc_bytes_rd/ -- \
	sh -c "echo 'op=rd count=3 bytes=1048576' >$EMU/nvidia_ucf_pmu_0/inject" 2>&1)
echo "$out" | grep -qE '^ *3145728 +nvidia_ucf_pmu_0/slc_bytes_rd/' ||
	{ echo "$out"; NVU_FAILED=1; echo "FAIL: slc_bytes_rd not shown as 3145728 bytes"; }
finish

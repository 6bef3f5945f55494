#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# All 8 x 16 source/destination filter settings (0 = all) of slc_bytes_rd and
# mem_access_wr on nvidia_ucf_pmu_0.  The mix sends 2^(4*src+dst) reads
# and write misses for each source/destination pair, so every setting has a
# distinct expected count, computed here from the mix.
. "$NVU_TESTS/lib.sh"
# 32 counters: 32 settings per perf run, 8 runs for the 256 (each perf run
# costs about 0.3 s under emulation).
load_t410 ucf_counters=32
pmu=nvidia_ucf_pmu_0
SRC_NAMES="noncpu cpu rem"
DST_NAMES="cmem gmem other rem"
SRC_FIELDS="src_loc_noncpu src_loc_cpu src_rem"
DST_FIELDS="dst_loc_cmem dst_loc_gmem dst_loc_other dst_rem"

: >/tmp/inject.sh
s=0
for src in $SRC_NAMES; do
	d=0
	for dst in $DST_NAMES; do
		n=$((1 << (4 * s + d)))
		echo "echo 'op=rd count=$n bytes=64 src=$src dst=$dst' >$EMU/$pmu/inject" >>/tmp/inject.sh
		echo "echo 'op=wr slc=miss count=$n src=$src dst=$dst' >$EMU/$pmu/inject" >>/tmp/inject.sh
		d=$((d + 1))
	done
	s=$((s + 1))
done

# fields SRCMASK DSTMASK: sets f to the perf format terms that select them.
# (No command substitutions here or below: each is a fork, and 256
# settings' worth of forks cost more than the perf runs under emulation.)
fields() {
	f= b=0
	for w in $SRC_FIELDS; do
		[ $(($1 >> b & 1)) = 1 ] && f="$f,$w=1"
		b=$((b + 1))
	done
	b=0
	for w in $DST_FIELDS; do
		[ $(($2 >> b & 1)) = 1 ] && f="$f,$w=1"
		b=$((b + 1))
	done
}

# transactions SRCMASK DSTMASK: sets t to how many of the mix pass; 0 means
# all.
transactions() {
	_sm=$1 _dm=$2
	[ "$_sm" = 0 ] && _sm=7
	[ "$_dm" = 0 ] && _dm=15
	t=0
	for _s in 0 1 2; do
		for _d in 0 1 2 3; do
			[ $((_sm >> _s & 1)) = 1 ] && [ $((_dm >> _d & 1)) = 1 ] &&
				t=$((t + (1 << (4 * _s + _d))))
		done
	done
}

# Thirty-two settings per perf run (the counters the model has here).
run= nrun=0
flush() {
	[ -n "$run" ] || return 0
	evs=
	for x in $run; do
		_ev=${x%%:*} m=${x#*:}
		fields "${m%%:*}" "${m#*:}"
		evs="$evs $pmu/$_ev$f/"
	done
	# shellcheck disable=SC2086
	counts $evs -- sh /tmp/inject.sh >/tmp/got.txt || fail "perf stat failed"
	for x in $run; do
		read -r c || c="(no line)"
		_ev=${x%%:*} m=${x#*:}
		transactions "${m%%:*}" "${m#*:}"
		[ "$_ev" = "event=0x113" ] && t=$((t * 64))
		expect_eq "$_ev src=${m%%:*} dst=${m#*:}" "$t" "$c"
	done </tmp/got.txt
	run= nrun=0
}

for ev in event=0x113 event=0x122; do
	sm=0
	while [ $sm -lt 8 ]; do
		dm=0
		while [ $dm -lt 16 ]; do
			run="$run $ev:$sm:$dm" nrun=$((nrun + 1))
			[ $nrun = 32 ] && flush
			dm=$((dm + 1))
		done
		sm=$((sm + 1))
	done
done
flush
finish

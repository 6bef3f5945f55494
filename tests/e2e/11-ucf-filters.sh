#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# All 8 x 16 source/destination filter settings (0 = all) of slc_bytes_rd and
# mem_access_wr on nvidia_ucf_pmu_0.  The mix sends 2^(4*src+dst) reads
# and write misses for each source/destination pair, so every setting has a
# distinct expected count, computed here from the mix.
. "$NVU_TESTS/lib.sh"
load_t410
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

# nth N WORDS...: the Nth word (0-based).
nth() {
	shift $(($1 + 1))
	echo "$1"
}

# fields SRCMASK DSTMASK: the perf format terms that select them.
fields() {
	f=
	for b in 0 1 2; do
		[ $(($1 >> b & 1)) = 1 ] && f="$f,$(nth $b $SRC_FIELDS)=1"
	done
	for b in 0 1 2 3; do
		[ $(($2 >> b & 1)) = 1 ] && f="$f,$(nth $b $DST_FIELDS)=1"
	done
	echo "$f"
}

# transactions SRCMASK DSTMASK: how many of the mix pass; 0 means all.
transactions() {
	sm=$1 dm=$2
	[ "$sm" = 0 ] && sm=7
	[ "$dm" = 0 ] && dm=15
	t=0
	for s in 0 1 2; do
		for d in 0 1 2 3; do
			[ $((sm >> s & 1)) = 1 ] && [ $((dm >> d & 1)) = 1 ] &&
				t=$((t + (1 << (4 * s + d))))
		done
	done
	echo $t
}

# Eight settings per perf run (the counters the model has by default).
run=
flush() {
	[ -n "$run" ] || return 0
	evs=
	for x in $run; do
		ev=${x%%:*} sm=$(echo "$x" | cut -d: -f2) dm=${x##*:}
		evs="$evs $pmu/$ev$(fields "$sm" "$dm")/"
	done
	# shellcheck disable=SC2086
	got=$(counts $evs -- sh /tmp/inject.sh) || fail "perf stat failed"
	i=0
	for x in $run; do
		i=$((i + 1))
		ev=${x%%:*} sm=$(echo "$x" | cut -d: -f2) dm=${x##*:}
		t=$(transactions "$sm" "$dm")
		[ "$ev" = "event=0x113" ] && t=$((t * 64))
		expect_eq "$ev src=$sm dst=$dm" "$t" "$(echo "$got" | sed -n "${i}p")"
	done
	run=
}

for ev in event=0x113 event=0x122; do
	sm=0
	while [ $sm -lt 8 ]; do
		dm=0
		while [ $dm -lt 16 ]; do
			run="$run $ev:$sm:$dm"
			[ $(echo $run | wc -w) = 8 ] && flush
			dm=$((dm + 1))
		done
		sm=$((sm + 1))
	done
done
flush
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PCIE filters on an RC with all 8 root ports: each root-port bit alone and
# combined, the BDF filter (the doc's 27:01.1 = 0x2781 and 01:01.0 =
# 0x0180), each destination bit, and the rules the RC's hardware imposes:
# a root-port mask and a BDF exclude each other, and a group counts in one
# source mode (one BDF, or none).  Traffic per root port rp is
# 2^rp reads, per destination d 2^d writes: every setting has its own
# expected count.
. "$NVU_TESTS/lib.sh"
load_t410 pcie_rp_mask=0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff
pmu=nvidia_pcie_pmu_0_rc_0

: >/tmp/mix.sh
for rp in 0 1 2 3 4 5 6 7; do
	echo "echo 'op=rd rp=$rp count=$((1 << rp)) bdf=0x0100' >$EMU/$pmu/inject" >>/tmp/mix.sh
done
d=0
for dst in cmem gmem p2p cxl rem; do
	echo "echo 'op=wr rp=$d count=$((1 << d)) dst=$dst bdf=0x0200' >$EMU/$pmu/inject" >>/tmp/mix.sh
	d=$((d + 1))
done

# Root-port masks: each bit alone, some combinations, and none (= all).
masks="0x1 0x2 0x4 0x8 0x10 0x20 0x40 0x80 0x3 0xf0 0x55 0x0"
evs=
for m in $masks; do
	evs="$evs $pmu/rd_req,src_rp_mask=$m/"
done
# shellcheck disable=SC2086
got=$(counts $evs -- sh /tmp/mix.sh) || fail "perf stat"
i=1
for m in $masks; do
	[ $((m)) = 0 ] && m=0xff
	expect_eq "rd_req src_rp_mask=$m" $((m)) "$(echo "$got" | sed -n ${i}p)"
	i=$((i + 1))
done

# Destination bits: each alone, two together, none (= all).
dsts="dst_loc_cmem dst_loc_gmem dst_loc_pcie_p2p dst_loc_pcie_cxl dst_rem"
evs=
for f in $dsts; do
	evs="$evs $pmu/wr_req,$f=1/"
done
# shellcheck disable=SC2086
got=$(counts $evs $pmu/wr_req,dst_loc_gmem=1,dst_rem=1/ $pmu/wr_req/ -- sh /tmp/mix.sh) ||
	fail "perf stat"
i=1
for f in $dsts; do
	expect_eq "wr_req $f" $((1 << (i - 1))) "$(echo "$got" | sed -n ${i}p)"
	i=$((i + 1))
done
expect_eq "wr_req gmem+rem" 18 "$(echo "$got" | sed -n 6p)"
expect_eq "wr_req all destinations" 31 "$(echo "$got" | sed -n 7p)"

# BDF: the doc's 27:01.1 (0x2781) beside other requesters, in a group with
# an event on the same BDF and the cycle counter (which takes no filter).
cat >/tmp/bdf.sh <<S
echo 'op=rd rp=3 count=5 bytes=128 outs=40 bdf=0x2781' >$EMU/$pmu/inject
echo 'op=rd rp=3 count=11 bytes=128 outs=40 bdf=0x2780' >$EMU/$pmu/inject
echo 'op=rd rp=6 count=13 bdf=0x0180 outs=7' >$EMU/$pmu/inject
echo 'cycles=99' >$EMU/$pmu/inject
S
got=$(counts "{$pmu/event=0x0,src_bdf=0x2781,src_bdf_en=1/,$pmu/rd_req,src_bdf=0x2781,src_bdf_en=1/,$pmu/cycles/}" \
	-- sh /tmp/bdf.sh) || fail "perf stat"
expect_eq "rd_bytes from 27:01.1" $((5 * 128)) "$(echo "$got" | sed -n 1p)"
expect_eq "rd_req from 27:01.1" 5 "$(echo "$got" | sed -n 2p)"
expect_eq "cycles beside a BDF filter" 99 "$(echo "$got" | sed -n 3p)"
# The doc's example on RC 4: rd_cum_outs of 01:01.0.
rc4=nvidia_pcie_pmu_0_rc_4
got=$(counts $rc4/event=0x4,src_bdf=0x0180,src_bdf_en=0x1/ -- sh -c \
	"echo 'op=rd rp=1 count=13 bdf=0x0180 outs=7' >$EMU/$rc4/inject; echo 'op=rd rp=1 count=2 bdf=0x0181 outs=7' >$EMU/$rc4/inject")
expect_eq "doc example rd_cum_outs of 01:01.0" $((13 * 7)) "$got"
# src_bdf without src_bdf_en filters nothing.
got=$(counts $pmu/rd_req,src_bdf=0x2781/ -- sh /tmp/bdf.sh)
expect_eq "src_bdf without src_bdf_en" 29 "$got"

# Refused at open: root ports with a BDF in one event; in one group, two
# BDFs, or a BDF beside an event without one (the RC's comparator may
# filter every counter [U]).  How events of different source modes share
# the RC outside a group: 82-pcie-src-mode.sh.
expect_eq "src_rp_mask with src_bdf" "<not supported>" \
	"$(counts $pmu/rd_req,src_rp_mask=0x1,src_bdf=0x2781,src_bdf_en=1/ -- true)"
for other in src_bdf=0x0180,src_bdf_en=1 src_rp_mask=0x8 src_bdf=0x2781; do
	got=$(counts "{$pmu/rd_req,src_bdf=0x2781,src_bdf_en=1/,$pmu/wr_req,$other/}" -- true)
	expect_eq "group of BDF 0x2781 and $other" "<not supported>" "$(echo "$got" | sed -n 2p)"
done
finish

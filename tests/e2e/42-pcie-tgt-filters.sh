#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PCIE-TGT filters on an RC with all 8 root ports: each root-port bit alone
# and combined (BAR traffic only: HDM traffic never passes a root-port
# filter), and address ranges, (addr & mask) == (base & mask), including
# the doc's 0x10000-0x100FF example, for BAR and HDM traffic; identical
# ranges share a slot; a base or mask without dst_addr_en is refused.
. "$NVU_TESTS/lib.sh"
load_t410 pcie_rp_mask=0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff
pmu=nvidia_pcie_tgt_pmu_1_rc_2

: >/tmp/mix.sh
for rp in 0 1 2 3 4 5 6 7; do
	echo "echo 'op=wr rp=$rp count=$((1 << rp)) addr=0x40000000' >$EMU/$pmu/inject" >>/tmp/mix.sh
done
echo "echo 'op=wr dst=hdm count=1000 addr=0x80000000' >$EMU/$pmu/inject" >>/tmp/mix.sh

masks="0x1 0x2 0x4 0x8 0x10 0x20 0x40 0x80 0x3 0xf0 0x55 0x0"
evs=
for m in $masks; do
	evs="$evs $pmu/wr_req,dst_rp_mask=$m/"
done
# shellcheck disable=SC2086
got=$(counts $evs -- sh /tmp/mix.sh) || fail "perf stat"
i=1
for m in $masks; do
	[ $((m)) = 0 ] && m=0xff
	expect_eq "wr_req dst_rp_mask=$m" $((m)) "$(echo "$got" | sed -n ${i}p)"
	i=$((i + 1))
done

# The doc's range 0x10000-0x100FF: base 0x10000, mask 0xFFF00.  Only
# address bits 8-19 are compared, so 0x110000 is in "range" too.
cat >/tmp/addr.sh <<S
echo 'op=rd rp=0 count=1 bytes=64 addr=0x10000' >$EMU/$pmu/inject
echo 'op=rd rp=5 count=2 bytes=64 addr=0x100ff' >$EMU/$pmu/inject
echo 'op=rd rp=0 count=4 bytes=64 addr=0x10100' >$EMU/$pmu/inject
echo 'op=rd rp=0 count=8 bytes=64 addr=0xffff' >$EMU/$pmu/inject
echo 'op=rd rp=0 count=16 bytes=64 addr=0x110000' >$EMU/$pmu/inject
echo 'op=rd dst=hdm count=32 bytes=64 addr=0x10080' >$EMU/$pmu/inject
echo 'op=rd dst=hdm count=64 bytes=64 addr=0x20080' >$EMU/$pmu/inject
S
doc="dst_addr_base=0x10000,dst_addr_mask=0xFFF00,dst_addr_en=0x1"
got=$(counts nvidia_pcie_tgt_pmu_1_rc_2/event=0x0,$doc/ $pmu/rd_req,$doc/ \
	$pmu/rd_req,$doc,dst_rp_mask=0x1/ \
	$pmu/rd_req,dst_addr_base=0x20000,dst_addr_mask=0xfffffffffffff000,dst_addr_en=1/ \
	$pmu/rd_req/ -- sh /tmp/addr.sh) || fail "perf stat"
expect_eq "doc range rd_bytes" $(((1 + 2 + 16 + 32) * 64)) "$(echo "$got" | sed -n 1p)"
expect_eq "doc range rd_req (shares the slot)" 51 "$(echo "$got" | sed -n 2p)"
expect_eq "doc range and root port 0" 17 "$(echo "$got" | sed -n 3p)"
expect_eq "HDM window 0x20000-0x20FFF" 64 "$(echo "$got" | sed -n 4p)"
expect_eq "no filter: BAR traffic of every root port" 31 "$(echo "$got" | sed -n 5p)"

expect_eq "base without dst_addr_en" "<not supported>" \
	"$(counts $pmu/rd_req,dst_addr_base=0x10000/ -- true)"
expect_eq "mask without dst_addr_en" "<not supported>" \
	"$(counts $pmu/rd_req,dst_addr_mask=0xfff00/ -- true)"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPU hotplug with PCIE-TGT address slots and the PCIE BDF comparator in
# use: socket 1's owner CPU goes offline and comes back while perf counts.
# The events move with the PMU (del on the old CPU, add on the new one),
# so each slot is released and taken again: counts stay exact, a range
# shared by two events still counts for both, and afterwards all 8 slots
# and the comparator are free again.
. "$NVU_TESTS/lib.sh"
load_t410
tgt=nvidia_pcie_tgt_pmu_1_rc_0 pcie=nvidia_pcie_pmu_1_rc_0
owner=$(cat $PMUS/$tgt/cpumask)
# With another CPU in socket 1 the PMU moves there and stays; alone in its
# socket it moves out and comes back when its CPU does.
sibling=$(node_cpus 1 | grep -vx "$owner" | head -n1)
range="dst_addr_base=0x40000,dst_addr_mask=0xfffffff000,dst_addr_en=1"

cat >/tmp/hp.sh <<S
echo 'op=rd dst=hdm addr=0x40010 count=10' >$EMU/$tgt/inject
echo 'op=rd bdf=0x2781 count=5' >$EMU/$pcie/inject
echo 0 >/sys/devices/system/cpu/cpu$owner/online
cat $PMUS/$tgt/cpumask >/tmp/owner.off
echo 'op=rd dst=hdm addr=0x40ff0 count=20' >$EMU/$tgt/inject
echo 'op=rd bdf=0x2781 count=6' >$EMU/$pcie/inject
echo 1 >/sys/devices/system/cpu/cpu$owner/online
cat $PMUS/$tgt/cpumask >/tmp/owner.on
echo 'op=rd dst=hdm addr=0x40000 count=30' >$EMU/$tgt/inject
echo 'op=rd dst=hdm addr=0x41000 count=99' >$EMU/$tgt/inject
echo 'op=rd bdf=0x2781 count=7' >$EMU/$pcie/inject
S
got=$(counts $tgt/rd_req,$range/ $tgt/event=0x0,$range/ \
	$pcie/rd_req,src_bdf=0x2781,src_bdf_en=1/ -- sh /tmp/hp.sh) || fail "perf stat failed"
[ "$(cat /tmp/owner.off)" != "$owner" ] && echo "ok: PMU moved off CPU $owner" ||
	{ echo "FAIL: owner stayed on offline CPU $owner"; NVU_FAILED=1; }
if [ -n "$sibling" ]; then
	expect_eq "owner while CPU $owner is offline" "$sibling" "$(cat /tmp/owner.off)"
	expect_eq "owner after online" "$sibling" "$(cat /tmp/owner.on)"
else
	expect_eq "owner after online" "$owner" "$(cat /tmp/owner.on)"
fi
expect_eq "range rd_req across hotplug" 60 "$(echo "$got" | sed -n 1p)"
expect_eq "same range rd_bytes across hotplug" $((60 * 64)) "$(echo "$got" | sed -n 2p)"
expect_eq "BDF rd_req across hotplug" 18 "$(echo "$got" | sed -n 3p)"

# Nothing is left held: 8 new ranges fit in one group, and another BDF opens.
group=
for m in 0xfffff00 0xffffe00 0xffffc00 0xffff800 0xffff000 0xfffe000 0xfffc000 0xfff8000; do
	group="$group${group:+,}$tgt/rd_req,dst_addr_base=0x100000,dst_addr_mask=$m,dst_addr_en=1/"
done
got=$(counts "{$group}" -- sh -c "echo 'op=rd dst=hdm addr=0x100000 count=4' >$EMU/$tgt/inject")
expect_eq "all 8 slots free after hotplug" "4 4 4 4 4 4 4 4" "$(echo $got)"
expect_eq "comparator free after hotplug" 2 \
	"$(counts $pcie/rd_req,src_bdf=0x0180,src_bdf_en=1/ -- sh -c "echo 'op=rd bdf=0x0180 count=2' >$EMU/$pcie/inject")"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PCIE-TGT's 8 address-filter slots, shared by the RC's counters (16 in
# the model).  Nine distinct ranges that all contain one address:
#  - a group of 8 counts exactly; a group of 9 cannot be scheduled at all;
#  - 8 pinned events hold every slot: a ninth event waits (add() fails,
#    perf retries), counts nothing meanwhile, and is scheduled once the
#    slots free; its count is exact for the time it ran, and perf reports
#    it ran for only part of the time it was enabled; a range equal to one
#    of the eight shares its slot and counts from the start;
#  - nine ungrouped ranges under steady traffic take turns on the slots as
#    perf rotates them: every one runs part of the time, their raw counts
#    add up to what the model's counters took, and perf's estimates are
#    close to a pinned event that needs no slot (check_multiplexed).
. "$NVU_TESTS/lib.sh"
load_t410
pmu=nvidia_pcie_tgt_pmu_0_rc_3

ev() {
	echo "$pmu/rd_req,dst_addr_base=0x100000,dst_addr_mask=$1,dst_addr_en=1/$2"
}
masks="0xfffff00 0xffffe00 0xffffc00 0xffff800 0xffff000 0xfffe000 0xfffc000 0xfff8000"
ninth=0xfff0000
hit="op=rd dst=hdm addr=0x100000"

group=
for m in $masks; do
	group="$group${group:+,}$(ev $m)"
done
got=$(counts "{$group}" -- sh -c "echo '$hit count=3' >$EMU/$pmu/inject") || fail "perf stat"
expect_eq "group of 8 ranges" "3 3 3 3 3 3 3 3" "$(echo $got)"
got=$(counts "{$group,$(ev $ninth)}" -- sh -c "echo '$hit count=3' >$EMU/$pmu/inject")
expect_eq "group of 9 ranges: the ninth" "<not supported>" "$(echo "$got" | sed -n 9p)"
expect_eq "group of 9 ranges: the rest" "<not counted>" "$(echo "$got" | sed -n 1,8p | sort -u)"

pinned=
for m in $masks; do
	pinned="$pinned -e $(ev $m D)"
done
# shellcheck disable=SC2086
hold pinned -x, -a $pinned -o /tmp/a.out
# Beside them, a range equal to one of the eight shares its slot.
perf stat -x, -a --no-scale -e "$(ev 0xffffc00)" -o /tmp/c.out -- \
	sh -c "echo '$hit count=50' >$EMU/$pmu/inject"
# A ninth distinct range: no slot until the eight close.
hold ninth -x, -a --no-scale -e "$(ev $ninth)" -o /tmp/b.out
echo "$hit count=100" >$EMU/$pmu/inject
release pinned
# perf retries the waiting event when it rotates (every few ms).
sleep 1
echo "$hit count=7" >$EMU/$pmu/inject
release ninth
c_line=$(grep -v '^#' /tmp/c.out | grep .)
expect_eq "range shared with a pinned one" 50 "$(echo "$c_line" | cut -d, -f1)"
expect_eq "shared range ran all the time" 100.00 "$(echo "$c_line" | awk -F, '{ print $(NF - 2) }')"
expect_eq "8 pinned ranges" "150 150 150 150 150 150 150 150" \
	"$(grep -v '^#' /tmp/a.out | grep . | cut -d, -f1 | xargs)"
b_line=$(grep -v '^#' /tmp/b.out | grep .)
expect_eq "ninth range, counted once a slot freed" 7 "$(echo "$b_line" | cut -d, -f1)"
# Event names hold commas: running share is the third field from the end.
pct=$(echo "$b_line" | awk -F, '{ print $(NF - 2) }' | cut -d. -f1)
[ "$pct" -gt 0 ] && [ "$pct" -lt 100 ] &&
	echo "ok: ninth range ran $pct% of its enabled time" ||
	{ echo "FAIL: ninth range running share '$pct' (line: $b_line)"; NVU_FAILED=1; }

# Rotation: steady traffic that hits all nine ranges, and the same amount
# of BAR traffic to root port 0 outside them for the pinned reference.
echo "$hit count=200000
op=rd rp=0 addr=0x1 count=200000" >"$EMU/$pmu/rate"
evs="$pmu/rd_req,dst_rp_mask=0x1/D"
for m in $masks $ninth; do
	evs="$evs,$(ev $m)"
done
mux_stat $pmu "$EMU/$pmu/rate" "$evs" 3
check_multiplexed 10
finish

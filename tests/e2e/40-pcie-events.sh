#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PCIE and PCIE-TGT: one PMU of each per RC (6 per socket) with upstream's
# names, identifiers and formats; "root_ports" lists the model's one root
# port with the NVIDIA DVSEC (root port 2 of socket 1's RC 4, at bus 0x40
# of segment 0xd) for that RC alone, and says plainly for every other RC
# that no DVSEC names it; every event counts exactly what is injected into
# its RC, and nothing of another RC's or socket's traffic.
. "$NVU_TESTS/lib.sh"
load_t410 pcie_root_port=1,4,2

# The port is where its DVSEC says: lspci's 000d:40:00.0, a root port.
rp=/sys/bus/pci/devices/000d:40:00.0
[ -d $rp ] || fail "no PCI device $rp"
expect_eq "root port class" 0x060400 "$(cat $rp/class)"

for s in 0 1; do
	# The owner is the socket's first online CPU.
	first=$(node_cpus $s | head -n1)
	for rc in 0 1 2 3 4 5; do
		for kind in pcie:1030136b pcie_tgt:1070036b; do
			p=nvidia_${kind%:*}_pmu_${s}_rc_$rc
			[ -d $PMUS/$p ] || fail "no PMU $p"
			expect_eq "$p identifier" "${kind#*:}" "$(cat $PMUS/$p/identifier)"
			expect_eq "$p cpumask" "$first" "$(cat $PMUS/$p/cpumask)"
			want="none: no NVIDIA DVSEC names RC $rc of socket $s"
			[ $s$rc != 14 ] || want="2 000d:40"
			expect_eq "$p root_ports" "$want" "$(cat $PMUS/$p/root_ports)"
		done
	done
done
expect_eq "pcie formats" \
	"dst_loc_cmem=config2:0 dst_loc_gmem=config2:1 dst_loc_pcie_cxl=config2:3 dst_loc_pcie_p2p=config2:2 dst_rem=config2:4 event=config:0-32 src_bdf=config1:8-23 src_bdf_en=config1:24 src_rp_mask=config1:0-7" \
	"$(attrs nvidia_pcie_pmu_0_rc_0 format)"
expect_eq "pcie_tgt formats" \
	"dst_addr_base=config1:0-63 dst_addr_en=config:11 dst_addr_mask=config2:0-63 dst_rp_mask=config:3-10 event=config:0-2" \
	"$(attrs nvidia_pcie_tgt_pmu_0_rc_0 format)"
expect_eq "pcie events" "cycles=event=0x100000000 rd_bytes=event=0x0 rd_cum_outs=event=0x4 rd_req=event=0x2 wr_bytes=event=0x1 wr_req=event=0x3" \
	"$(attrs nvidia_pcie_pmu_0_rc_0 events)"
expect_eq "pcie_tgt events" "cycles=event=0x4 rd_bytes=event=0x0 rd_req=event=0x2 wr_bytes=event=0x1 wr_req=event=0x3" \
	"$(attrs nvidia_pcie_tgt_pmu_0_rc_0 events)"
# No .scale/.unit files: bytes, as upstream prints them.
expect_eq "pcie scale or unit files" "" \
	"$(ls $PMUS/nvidia_pcie_pmu_0_rc_0/events $PMUS/nvidia_pcie_tgt_pmu_0_rc_0/events | grep '\.')"

# Every PCIE event on socket 1, RC 4 (root ports 0-2 in the default
# topology), with traffic on the neighbour RC and socket that must not count.
pcie=nvidia_pcie_pmu_1_rc_4
cat >/tmp/mix.sh <<S
echo 'op=rd rp=2 count=10 bytes=256 outs=500 dst=gmem' >$EMU/$pcie/inject
echo 'op=wr rp=0 count=7 bytes=128 dst=rem' >$EMU/$pcie/inject
echo 'op=rd rp=1 count=3 bytes=64 outs=100 bdf=0x2781' >$EMU/$pcie/inject
echo 'cycles=12345' >$EMU/$pcie/inject
echo 'op=rd rp=0 count=1000' >$EMU/nvidia_pcie_pmu_1_rc_3/inject
echo 'op=rd rp=0 count=1000' >$EMU/nvidia_pcie_pmu_0_rc_4/inject
S
got=$(counts $pcie/event=0x0/ $pcie/event=0x1/ $pcie/rd_req/ $pcie/wr_req/ \
	$pcie/rd_cum_outs/ $pcie/cycles/ -- sh /tmp/mix.sh) || fail "perf stat"
expect_eq "pcie rd_bytes" $((10 * 256 + 3 * 64)) "$(echo "$got" | sed -n 1p)"
expect_eq "pcie wr_bytes" $((7 * 128)) "$(echo "$got" | sed -n 2p)"
expect_eq "pcie rd_req" 13 "$(echo "$got" | sed -n 3p)"
expect_eq "pcie wr_req" 7 "$(echo "$got" | sed -n 4p)"
expect_eq "pcie rd_cum_outs" $((10 * 500 + 3 * 100)) "$(echo "$got" | sed -n 5p)"
expect_eq "pcie cycles" 12345 "$(echo "$got" | sed -n 6p)"

# A root port the RC does not have carries no traffic.
got=$(counts $pcie/rd_req/ -- sh -c "echo 'op=rd rp=5 count=4' >$EMU/$pcie/inject")
expect_eq "pcie absent root port" 0 "$got"

# Every PCIE-TGT event on socket 0, RC 1 (root ports 1-4).
tgt=nvidia_pcie_tgt_pmu_0_rc_1
cat >/tmp/mix.sh <<S
echo 'op=rd rp=1 count=9 bytes=32' >$EMU/$tgt/inject
echo 'op=wr rp=4 count=5 bytes=64' >$EMU/$tgt/inject
echo 'cycles=777' >$EMU/$tgt/inject
echo 'op=rd rp=1 count=100' >$EMU/nvidia_pcie_tgt_pmu_0_rc_0/inject
S
got=$(counts $tgt/event=0x0/ $tgt/event=0x1/ $tgt/rd_req/ $tgt/wr_req/ \
	$tgt/cycles/ -- sh /tmp/mix.sh) || fail "perf stat"
expect_eq "tgt rd_bytes" $((9 * 32)) "$(echo "$got" | sed -n 1p)"
expect_eq "tgt wr_bytes" $((5 * 64)) "$(echo "$got" | sed -n 2p)"
expect_eq "tgt rd_req" 9 "$(echo "$got" | sed -n 3p)"
expect_eq "tgt wr_req" 5 "$(echo "$got" | sed -n 4p)"
expect_eq "tgt cycles" 777 "$(echo "$got" | sed -n 5p)"

# The model refuses what these blocks cannot see.
for bad in "$pcie op=rd rp=8" "$pcie op=rd dst=bar" "$pcie op=atomic" \
	"$pcie op=rd bdf=0x10000" "$tgt op=rd dst=cmem" "$tgt op=rd bdf=1"; do
	inject_refused "${bad%% *}" "${bad#* }"
done
finish

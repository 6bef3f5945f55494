#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-fw: --bad nvidia_cmem_latency_pmu_0:no_uid,nvidia_nvlink_c2c_pmu_0:no_uid,nvidia_nvclink_pmu_0:peer_mask,nvidia_nvdlink_pmu_0:small_crs,nvidia_pcie_pmu_0_rc_0:no_instance_id,nvidia_pcie_pmu_0_rc_1:no_region,nvidia_pcie_pmu_0_rc_2:small_region,nvidia_pcie_pmu_0_rc_4:overlap
# Bad firmware: tables (the "nvu-fw:" line: tests/vm/fwgen --bad) and what
# the model gives in the firmware's place, an APMT node and the identity
# and configuration registers (nvu_emu bad=DEVICE:WHAT).  Each broken
# device's probe fails with a message naming the problem (a foreign
# PMIIDR: silently, it is another driver's) and registers no PMU; every
# other PMU of the same module, on socket 1 and on socket 0, counts
# exactly.  Under the debug kernel kmemleak checks the failed probes leak
# nothing.
. "$NVU_TESTS/lib.sh"

# new_dmesg: kernel messages since the last mark_dmesg.
mark_dmesg() {
	_mark=$(dmesg | wc -l)
}
new_dmesg() {
	dmesg | tail -n +$((_mark + 1))
}

# expect_msgs WHAT N PATTERN: N new messages match PATTERN (grep -E).
expect_msgs() {
	expect_eq "$1: messages '$3'" "$2" "$(new_dmesg | grep -cE "$3")"
}

# expect_no_pmu PMU
expect_no_pmu() {
	if [ -e "$PMUS/$1" ]; then
		echo "FAIL: $1 registered"
		NVU_FAILED=1
	else
		echo "ok: no PMU $1"
	fi
}

mark_dmesg
load_t410 bad=nvidia_ucf_pmu_0:affinity,nvidia_pcie_pmu_0_rc_3:pmiidr,nvidia_pcie_tgt_pmu_0_rc_3:width0,nvidia_pcie_pmu_0_rc_5:no_counters,nvidia_pcie_tgt_pmu_0_rc_5:no_counters

expect_msgs "ucf: APMT affinity names no CPU" 1 "APMT affinity 4294967294 names no CPU"
expect_msgs "cmem, nvlink_c2c without _UID" 2 "no valid _UID \(socket\)$"
expect_msgs "nvdlink _CRS blocks too small" 1 \
	"\[mem 0x[0-9a-f]+-0x[0-9a-f]+\] is smaller than its 0x0*8b8 bytes of registers"
expect_msgs "pcie, pcie_tgt: RC device without instance_id" 2 "NVUE0001:0 has no instance_id"
expect_msgs "pcie_tgt: RC device without a region" 1 "NVUE0001:1 has no memory region"
expect_msgs "pcie_tgt: RC device region too small" 1 \
	"\[mem 0x[0-9a-f]+-0x[0-9a-f]+\] is smaller than its 0x0*dd8 bytes of registers"
expect_msgs "pcie_tgt: RC device region overlapping another RC's" 1 \
	"error (-16|-EBUSY): address filters \[mem 0x[0-9a-f]+-0x[0-9a-f]+\]"
expect_msgs "pcie_tgt PMCFGR.SIZE 0" 1 "1-bit counters wrap too fast to poll"
expect_msgs "pcie, pcie_tgt PMCFGR N=0 CC=1" 2 "PMCFGR 0x7f00: no counters"
for p in nvidia_ucf_pmu_0 nvidia_cmem_latency_pmu_0 nvidia_nvlink_c2c_pmu_0 \
	nvidia_nvdlink_pmu_0 nvidia_pcie_pmu_0_rc_0 nvidia_pcie_tgt_pmu_0_rc_0 \
	nvidia_pcie_tgt_pmu_0_rc_1 nvidia_pcie_tgt_pmu_0_rc_2 nvidia_pcie_pmu_0_rc_3 \
	nvidia_pcie_tgt_pmu_0_rc_3 nvidia_pcie_tgt_pmu_0_rc_4 nvidia_pcie_pmu_0_rc_5 \
	nvidia_pcie_tgt_pmu_0_rc_5; do
	expect_no_pmu $p
done
# Peer masks naming instances 8-15, which no link has: the driver's choice
# (refuse, or mask and warn); only that nothing breaks is checked.
echo "# nvclink with bad peer masks: $(ls $PMUS | grep -c nvidia_nvclink_pmu_0) PMU(s)"
new_dmesg | grep -i "mask" | sed 's/^/# /'

cat >/tmp/bad.sh <<S
echo 'op=rd count=11' >$EMU/nvidia_ucf_pmu_1/inject
echo 'inst=all mc=all count=3' >$EMU/nvidia_cmem_latency_pmu_1/inject
echo 'op=rd rp=0 count=13' >$EMU/nvidia_pcie_pmu_1_rc_0/inject
echo 'op=rd rp=1 count=17' >$EMU/nvidia_pcie_pmu_0_rc_1/inject
echo 'op=wr rp=0 count=19' >$EMU/nvidia_pcie_tgt_pmu_1_rc_0/inject
echo 'op=rd rp=0 count=23' >$EMU/nvidia_pcie_pmu_0_rc_4/inject
S
got=$(counts nvidia_ucf_pmu_1/slc_access_rd/ nvidia_cmem_latency_pmu_1/rd_req/ \
	nvidia_pcie_pmu_1_rc_0/rd_req/ nvidia_pcie_pmu_0_rc_1/rd_req/ \
	nvidia_pcie_tgt_pmu_1_rc_0/wr_req,dst_rp_mask=0x1/ \
	nvidia_pcie_pmu_0_rc_4/rd_req/ -- sh /tmp/bad.sh) ||
	fail "perf stat"
expect_eq "good PMUs count" "11 $((42 * 3)) 13 17 19 23" "$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
got=$(counts nvidia_nvlink_c2c_pmu_1/cycles/ nvidia_nvdlink_pmu_1/cycles/ -- sh -c \
	"echo 'cycles=29' >$EMU/nvidia_nvlink_c2c_pmu_1/inject
	 echo 'cycles=31' >$EMU/nvidia_nvdlink_pmu_1/inject")
expect_eq "nvlink_c2c, nvdlink socket 1 count" "29 31" "$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
rmmod $T410_DRIVERS nvu_emu || fail "rmmod after failed probes"

# UCF with SIZE 0 (1-bit counters), the model's only other bad register.
mark_dmesg
load_t410 bad=nvidia_ucf_pmu_0:width0
expect_msgs "ucf PMCFGR.SIZE 0" 1 "1-bit counters wrap too fast to poll"
expect_no_pmu nvidia_ucf_pmu_0
got=$(counts nvidia_ucf_pmu_1/slc_access_rd/ nvidia_nvclink_pmu_1/cycles/ -- sh -c "
	echo 'op=rd count=31' >$EMU/nvidia_ucf_pmu_1/inject
	echo 'cycles=37' >$EMU/nvidia_nvclink_pmu_1/inject") || fail "perf stat"
expect_eq "ucf, nvclink socket 1 count" "31 37" "$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
finish

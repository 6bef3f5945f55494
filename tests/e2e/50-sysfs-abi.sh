#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Golden sysfs ABI of every PMU type: the exact set of PMU names, and for
# each PMU the exact set of files under events/ and format/ with their
# exact contents, the PMU's own top-level files, identifier, cpumask and
# associated_cpus.  Every value below is typed from the Tegra410
# specification (UCF, PCIE, PCIE-TGT, CMEM latency and C2C-family sections),
# not from our headers or from sysfs.  An extra or a missing file fails.
. "$NVU_TESTS/lib.sh"
load_t410

# ---- Where our ABI deliberately differs from upstream -------------------
# Upstream has no .scale/.unit files, and neither do we: the byte events
# count bytes with either driver (Documentation/tegra410.rst "Using the PMUs").
MIB_SCALE=9.5367431640625e-07
MIB_UNIT=MiB
MIB_EVENTS_ucf=
MIB_EVENTS_pcie=
MIB_EVENTS_pcie_tgt=
MIB_EVENTS_cmem=
MIB_EVENTS_c2c=
# Our own top-level files besides cpumask, associated_cpus, identifier
# (upstream has "peer" on the C2C family; "root_ports" is ours).
EXTRA_FILES_pcie=root_ports
EXTRA_FILES_pcie_tgt=root_ports
EXTRA_FILES_c2c=peer
# --------------------------------------------------------------------------

# Event IDs (spec sections 3, 4, 5, 6, 7.3).
EVENTS_ucf="bus_cycles=0x1d slc_allocate=0xf0 slc_wb=0xf3 slc_refill_rd=0x109
slc_refill_wr=0x10a slc_hit_rd=0x119 local_snoop=0x180 ext_snp_access=0x181
ext_snp_evict=0x182 cycles=0x100000000 slc_access_rd=0x111 slc_access_wr=0x112
slc_bytes_rd=0x113 slc_bytes_wr=0x114 mem_access_rd=0x121 mem_access_wr=0x122
mem_bytes_rd=0x123 mem_bytes_wr=0x124 slc_access_dataless=0x183
slc_access_atomic=0x184"
EVENTS_pcie="rd_bytes=0x0 wr_bytes=0x1 rd_req=0x2 wr_req=0x3 rd_cum_outs=0x4
cycles=0x100000000"
EVENTS_pcie_tgt="rd_bytes=0x0 wr_bytes=0x1 rd_req=0x2 wr_req=0x3 cycles=0x4"
EVENTS_cmem="cycles=0x0 rd_req=0x1 rd_cum_outs=0x2"
EVENTS_c2c_gpu="cycles=0x0 in_rd_cum_outs=0x1 in_rd_req=0x2 in_wr_cum_outs=0x3
in_wr_req=0x4 out_rd_cum_outs=0x5 out_rd_req=0x6 out_wr_cum_outs=0x7
out_wr_req=0x8"
EVENTS_c2c_cpu="cycles=0x0 in_rd_cum_outs=0x1 in_rd_req=0x2 out_rd_cum_outs=0x5
out_rd_req=0x6"
EVENTS_c2c_cxl="cycles=0x0 in_rd_cum_outs=0x1 in_rd_req=0x2"

# Format fields.
FORMAT_ucf="event=config:0-32 src_loc_noncpu=config1:0 src_loc_cpu=config1:1
src_rem=config1:2 dst_loc_cmem=config1:8 dst_loc_gmem=config1:9
dst_loc_other=config1:10 dst_rem=config1:11"
FORMAT_pcie="event=config:0-32 src_rp_mask=config1:0-7 src_bdf=config1:8-23
src_bdf_en=config1:24 dst_loc_cmem=config2:0 dst_loc_gmem=config2:1
dst_loc_pcie_p2p=config2:2 dst_loc_pcie_cxl=config2:3 dst_rem=config2:4"
FORMAT_pcie_tgt="event=config:0-2 dst_rp_mask=config:3-10 dst_addr_en=config:11
dst_addr_base=config1:0-63 dst_addr_mask=config2:0-63"
FORMAT_cmem="event=config:0-1"
FORMAT_c2c_gpu="event=config:0-3 gpu_mask=config1:0-1"
FORMAT_c2c_cpu="event=config:0-3"
FORMAT_c2c_cxl="event=config:0-3"

# Identifiers: PMIIDR in lower-case hex for the CoreSight PMUs, HID else.
ID_ucf=2cf2036b ID_pcie=1030136b ID_pcie_tgt=1070036b ID_cmem=NVDA2021
ID_c2c=NVDA2023 ID_clink=NVDA2022 ID_dlink=NVDA2020

# want_events KIND EVENTS MIB: the expected "file=content" lines of events/.
want_events() {
	for _p in $2; do
		echo "${_p%%=*}=event=${_p#*=}"
	done
	for _e in $3; do
		echo "$_e.scale=$MIB_SCALE"
		echo "$_e.unit=$MIB_UNIT"
	done
}

want_format() {
	for _p in $1; do
		echo "$_p"
	done
}

# have PMU DIR: every file of DIR as "file=content", one per line (one
# grep for all of them: a process per file made this the slowest script).
# An empty file gives no line, so it fails as missing.
have() {
	grep -H '' "$PMUS/$1/$2"/* | sed "s|^$PMUS/$1/$2/||; s|:|=|"
}

# same WHAT WANT HAVE: the two line sets are equal (order does not matter).
same() {
	echo "$2" | sort >/tmp/abi.want
	echo "$3" | sort >/tmp/abi.have
	if cmp -s /tmp/abi.want /tmp/abi.have; then
		echo "ok: $1 ($(wc -l </tmp/abi.want) entries)"
	else
		echo "FAIL: $1 differs (- spec, + sysfs):"
		diff /tmp/abi.want /tmp/abi.have | grep '^[-+][^-+]' | sed 's/^/    /'
		NVU_FAILED=1
	fi
}

# check PMU KIND EVENTS FORMAT MIB EXTRA ID SOCKET
check() {
	_pmu=$1
	[ -d "$PMUS/$_pmu" ] || { echo "FAIL: no PMU $_pmu"; NVU_FAILED=1; return; }
	same "$_pmu events/" "$(want_events "$2" "$3" "$5")" "$(have "$_pmu" events)"
	same "$_pmu format/" "$(want_format "$4")" "$(have "$_pmu" format)"
	# Top-level files, less what perf and the driver core add to any PMU.
	same "$_pmu top-level files" \
		"$(printf '%s\n' associated_cpus cpumask events format identifier $6)" \
		"$(ls "$PMUS/$_pmu/" | grep -vxE 'type|perf_event_mux_interval_ms|uevent|subsystem|power|device')"
	expect_eq "$_pmu identifier" "$7" "$(cat "$PMUS/$_pmu/identifier")"
	# associated_cpus: the CPUs of NUMA node = socket; the owner is one
	# of them, the first while all are online.
	_node=$(cat /sys/devices/system/node/node$8/cpulist)
	expect_eq "$_pmu associated_cpus" "$_node" "$(cat "$PMUS/$_pmu/associated_cpus")"
	expect_eq "$_pmu cpumask" "$(echo "$_node" | cut -d, -f1 | cut -d- -f1)" \
		"$(cat "$PMUS/$_pmu/cpumask")"
}

names=
for s in 0 1; do
	check nvidia_ucf_pmu_$s ucf "$EVENTS_ucf" "$FORMAT_ucf" "$MIB_EVENTS_ucf" "" $ID_ucf $s
	check nvidia_cmem_latency_pmu_$s cmem "$EVENTS_cmem" "$FORMAT_cmem" "$MIB_EVENTS_cmem" "" $ID_cmem $s
	names="$names nvidia_ucf_pmu_$s nvidia_cmem_latency_pmu_$s"
	for rc in 0 1 2 3 4 5; do
		check nvidia_pcie_pmu_${s}_rc_$rc pcie "$EVENTS_pcie" "$FORMAT_pcie" \
			"$MIB_EVENTS_pcie" "$EXTRA_FILES_pcie" $ID_pcie $s
		check nvidia_pcie_tgt_pmu_${s}_rc_$rc pcie_tgt "$EVENTS_pcie_tgt" "$FORMAT_pcie_tgt" \
			"$MIB_EVENTS_pcie_tgt" "$EXTRA_FILES_pcie_tgt" $ID_pcie_tgt $s
		names="$names nvidia_pcie_pmu_${s}_rc_$rc nvidia_pcie_tgt_pmu_${s}_rc_$rc"
	done
	# The model's default topology: NVLink-C2C to two GPUs, NV-CLink to a
	# CPU, NV-DLink to CXL memory.
	check nvidia_nvlink_c2c_pmu_$s c2c "$EVENTS_c2c_gpu" "$FORMAT_c2c_gpu" "$MIB_EVENTS_c2c" \
		"$EXTRA_FILES_c2c" $ID_c2c $s
	check nvidia_nvclink_pmu_$s c2c "$EVENTS_c2c_cpu" "$FORMAT_c2c_cpu" "$MIB_EVENTS_c2c" \
		"$EXTRA_FILES_c2c" $ID_clink $s
	check nvidia_nvdlink_pmu_$s c2c "$EVENTS_c2c_cxl" "$FORMAT_c2c_cxl" "$MIB_EVENTS_c2c" \
		"$EXTRA_FILES_c2c" $ID_dlink $s
	names="$names nvidia_nvlink_c2c_pmu_$s nvidia_nvclink_pmu_$s nvidia_nvdlink_pmu_$s"
done
# Exactly these PMUs: nothing of ours registers under another name.
same "PMU names" "$(printf '%s\n' $names)" \
	"$(ls $PMUS | grep -E '^nvidia_|^nvu')"

# NVLink-C2C facing another CPU (read events only, no gpu_mask) needs
# firmware tables of its own: 31-c2c-topologies checks its events/ and
# format/.
finish

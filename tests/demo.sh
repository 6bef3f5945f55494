#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guided tour behind "make demo" (runs inside the test VM).
EMU=/sys/kernel/debug/nvu_emu
PMUS=/sys/bus/event_source/devices

say() {
	printf '\n==== %s\n' "$*"
}

run() {
	echo "\$ $*"
	"$@"
}

say "1. Load the hardware model (a 2-socket Tegra410 with a CXL memory device) and the drivers"
run modprobe nvu_emu cxl_fns=1
run modprobe nvu_t410_ucf
run modprobe nvu_t410_cmem_lat
run modprobe nvu_t410_pcie_tgt
echo
for p in nvidia_ucf_pmu_0 nvidia_ucf_pmu_1 nvidia_cmem_latency_pmu_0 \
	nvidia_pcie_pmu_0_rc_1 nvidia_pcie_tgt_pmu_1_rc_5; do
	printf '%-28s cpumask=%s associated_cpus=%s identifier=%s\n' "$p" \
		"$(cat $PMUS/$p/cpumask)" "$(cat $PMUS/$p/associated_cpus)" \
		"$(cat $PMUS/$p/identifier)"
done
run sh -c "perf list 2>/dev/null | grep -E 'nvidia_(ucf|cmem_latency)_pmu_0/' | head -n 8"

say "2. Background traffic on socket 0 (the model's 'rate' files)"
ucf="op=rd src=cpu dst=cmem bytes=64 count=30000000
op=rd src=cpu dst=cmem bytes=64 count=10000000 slc=miss
op=wr src=cpu dst=cmem bytes=64 count=15000000
op=rd src=noncpu dst=gmem bytes=128 count=10000000
op=wr src=rem dst=cmem bytes=64 count=5000000"
cmem="inst=all mc=all count=200000 outs=180"
echo "$ucf" | sed 's/^/  UCF : /'
echo "$cmem" | sed 's/^/  CMEM: /'
echo "$ucf" >$EMU/nvidia_ucf_pmu_0/rate
echo "$cmem" >$EMU/nvidia_cmem_latency_pmu_0/rate
echo "  expected: CPU->CMEM read 2.56 GB/s, write 0.96 GB/s; non-CPU->GMEM"
echo "  read 1.28 GB/s; remote->CMEM write 0.32 GB/s; a quarter of the CPU"
echo "  reads miss the SLC (memory reads 0.64 GB/s); CMEM latency 180 cycles"
echo "  = 180 ns at the model's 1 GHz clock"

say "3. The documentation's own perf commands"
run perf stat -a -e nvidia_ucf_pmu_0/event=0x113,src_loc_cpu=0x1,dst_loc_cmem=0x1/ sleep 1
run perf stat -a -e '{nvidia_cmem_latency_pmu_0/rd_req/,nvidia_cmem_latency_pmu_0/rd_cum_outs/,nvidia_cmem_latency_pmu_0/cycles/}' sleep 1

say "4. Derived metrics (tools/nvu-metrics)"
run nvu-metrics ucf-matrix -s 0 -t 1
echo
run nvu-metrics ucf-bw -s 0 -t 1
echo
run nvu-metrics cmem-lat -s 0 -t 1

say "5. NVLink-C2C (two GPUs), NV-CLink and NV-DLink latency"
run modprobe nvu_t410_c2c
for p in nvidia_nvlink_c2c_pmu_0 nvidia_nvclink_pmu_0 nvidia_nvdlink_pmu_0; do
	printf '%-24s peer=%s identifier=%s events: %s\n' "$p" "$(cat $PMUS/$p/peer)" \
		"$(cat $PMUS/$p/identifier)" "$(ls $PMUS/$p/events | tr '\n' ' ')"
done
c2c="dir=in op=rd peer=gpu0 count=2000000 outs=400
dir=in op=rd peer=gpu1 count=2000000 outs=600
dir=in op=wr count=1000000 outs=250
dir=out op=rd count=1000000 outs=350
dir=out op=wr count=500000 outs=150"
clink="dir=in op=rd count=1000000 outs=500
dir=out op=rd count=1000000 outs=300"
dlink="dir=in op=rd count=1000000 outs=700"
echo "$c2c" | sed 's/^/  NVLink-C2C: /'
echo "$clink" | sed 's/^/  NV-CLink  : /'
echo "$dlink" | sed 's/^/  NV-DLink  : /'
echo "$c2c" >$EMU/nvidia_nvlink_c2c_pmu_0/rate
echo "$clink" >$EMU/nvidia_nvclink_pmu_0/rate
echo "$dlink" >$EMU/nvidia_nvdlink_pmu_0/rate
echo "  expected at the model's 1 GHz link clock: C2C IN_RD 400 ns from GPU0,"
echo "  600 ns from GPU1, 500 ns for both; IN_WR 250, OUT_RD 350, OUT_WR 150 ns;"
echo "  NV-CLink IN_RD 500, OUT_RD 300 ns; NV-DLink (CXL memory reads) 700 ns"
run perf stat -a -e nvidia_nvlink_c2c_pmu_0/in_rd_req/ sleep 1
run perf stat -a -e nvidia_nvlink_c2c_pmu_0/in_rd_cum_outs,gpu_mask=0x1/,nvidia_nvlink_c2c_pmu_0/in_rd_cum_outs,gpu_mask=0x2/ sleep 1
run perf stat -a -e nvidia_nvclink_pmu_0/in_rd_req/,nvidia_nvclink_pmu_0/out_rd_req/ sleep 1
run perf stat -a -e '{nvidia_nvdlink_pmu_0/in_rd_req/,nvidia_nvdlink_pmu_0/in_rd_cum_outs/}' sleep 1
run nvu-metrics c2c-lat -s 0 -t 1
echo
run nvu-metrics c2c-lat -s 0 -t 1 -l c2c -g 0x1
echo
run nvu-metrics c2c-lat -s 0 -t 1 -l c2c -g 0x2
for p in nvidia_nvlink_c2c_pmu_0 nvidia_nvclink_pmu_0 nvidia_nvdlink_pmu_0; do
	echo >$EMU/$p/rate
done

echo >$EMU/nvidia_ucf_pmu_0/rate
echo >$EMU/nvidia_cmem_latency_pmu_0/rate

say "6. PCIe: per root complex bandwidth and read latency"
run cat $PMUS/nvidia_pcie_pmu_0_rc_1/root_ports
echo "  (the VM has no Tegra410 root ports; on hardware this lists each root"
echo "  port of RC 1 as '<rp> <segment>:<bus>', from its NVIDIA DVSEC)"
rc1="op=rd rp=1 count=4000000 bytes=256 outs=800 dst=cmem
op=wr rp=2 count=2000000 bytes=128 dst=gmem"
rc4="op=rd rp=0 count=1000000 bytes=512 outs=1500 bdf=0x2781"
tgt1="op=rd rp=3 count=1000000 bytes=64
op=wr dst=hdm count=500000 bytes=64 addr=0x10040"
echo "$rc1" | sed 's/^/  PCIE RC 1    : /'
echo "$rc4" | sed 's/^/  PCIE RC 4    : /'
echo "$tgt1" | sed 's/^/  PCIE-TGT RC 1: /'
echo "$rc1" >$EMU/nvidia_pcie_pmu_0_rc_1/rate
echo "$rc4" >$EMU/nvidia_pcie_pmu_0_rc_4/rate
echo "$tgt1" >$EMU/nvidia_pcie_tgt_pmu_0_rc_1/rate
echo "  expected: RC 1 reads 1.024 GB/s at 800 ns, writes 0.256 GB/s;"
echo "  RC 4 reads 0.512 GB/s at 1500 ns; to RC 1's devices 0.064 GB/s read"
echo "  from a BAR and 0.032 GB/s written to a CXL window, which only an"
echo "  address range counts (nvu-metrics counts BAR traffic: 0 written)"
run perf stat -a -e nvidia_pcie_pmu_0_rc_4/event=0x4,src_bdf=0x2781,src_bdf_en=0x1/ sleep 1
run perf stat -a -e nvidia_pcie_tgt_pmu_0_rc_1/event=0x1,dst_addr_base=0x10000,dst_addr_mask=0xFFF00,dst_addr_en=0x1/ sleep 1
run nvu-metrics pcie -s 0 -t 1
for p in nvidia_pcie_pmu_0_rc_1 nvidia_pcie_pmu_0_rc_4 nvidia_pcie_tgt_pmu_0_rc_1; do
	echo >$EMU/$p/rate
done
say "7. CXL: a memory device's read and write bandwidth from its CPMU"
run modprobe nvu_cxl_cpmu
cxl=cxl_pmu_pci10000_00_00_0.0
printf '%s cpumask=%s pci_function=%s\n' $cxl "$(cat $PMUS/$cxl/cpumask)" \
	"$(cat $PMUS/$cxl/pci_function)"
mem="gid=0x25 ev=0 count=20000000
gid=0x21 ev=1 count=5000000"
echo "$mem" | sed 's/^/  CXL: /'
echo "$mem" >$EMU/$cxl/rate
echo "  expected: 20 M S2M DRS MemData (64-byte read data) per second = 1.28 GB/s"
echo "  read; 5 M M2S RwD MemWr (64-byte writes) = 0.32 GB/s written"
run perf stat -a -x, -I 1000 -o /tmp/cxl.csv -e $cxl/clock_ticks/,$cxl/s2m_drs_memdata/,$cxl/m2s_rwd_memwr/ sleep 3
awk -F, '!/^#/ && NF > 3 {
	t = $1; v[$4] = $2
	if ($4 ~ /m2s_rwd_memwr/)
		printf "  %6.2f s  clock %5.2f GHz  read %5.2f GB/s  write %5.2f GB/s\n", t,
			v["'$cxl'/clock_ticks/"] / 1e9,
			v["'$cxl'/s2m_drs_memdata/"] * 64 / 1e9, $2 * 64 / 1e9
}' /tmp/cxl.csv
echo >$EMU/$cxl/rate

say "8. nvu-stat: filter sweeps and hot spots"
tgt=nvidia_pcie_tgt_pmu_0_rc_1
mix="op=rd rp=1 count=300000 bytes=64 addr=0x12040
op=rd rp=1 count=1200000 bytes=64 addr=0x15800
op=rd rp=1 count=600000 bytes=64 addr=0x17f00
op=rd rp=1 count=100000 bytes=64 addr=0x10000"
echo "$mix" | sed 's/^/  PCIE-TGT RC 1: /'
echo "$mix" >$EMU/$tgt/rate
echo "  expected: reads per second in blocks 0x15000 (1.2 M), 0x17000 (0.6 M),"
echo "  0x12000 (0.3 M), 0x10000 (0.1 M) of the 32 KiB at 0x10000"
run nvu-stat list nvidia_pcie_tgt_pmu_0
run nvu-stat sweep -k 8 -t 1 --top 4 addr $tgt/rd_req/ 0x10000 0x8000 8
echo
echo "  16 blocks on 8 address-filter slots: time-multiplexed, with the time"
echo "  each block was observed and an error bound"
run nvu-stat sweep -k 8 -S 100 -t 2 --top 4 addr $tgt/rd_req/ 0x10000 0x8000 16
echo >$EMU/$tgt/rate

say "9. Arm CMN-600: an 8x8 mesh (the model's cmn600_2), HN-F miss rate and hot spots"
run modprobe nvu_arm_cmn600
# The PMU of the mesh whose firmware _UID is 2 (probe order before 6.2).
cmn=arm_cmn_2
for p in $PMUS/arm_cmn_*; do
	d=$(readlink -f "$p")
	[ "$(cat "${d%/*}/firmware_node/uid" 2>/dev/null)" = 2 ] && cmn=${p##*/}
done
printf '%s identifier=%s cpumask=%s\n' $cmn "$(cat $PMUS/$cmn/identifier)" \
	"$(cat $PMUS/$cmn/cpumask)"
# HN-F 0xe8 sits on XP 0xe8 (3,5), port 0; XP 0x100 is (4,0), 0xc8 (3,1).
mesh="type=hnf event=0x2 count=2000000
type=hnf event=0x1 count=500000
type=hnf event=0x1 nodeid=0xe8 count=1500000
type=xp event=0x71 nodeid=0xe8 count=3000000
type=xp event=0x61 nodeid=0x100 count=1500000
type=xp event=0x69 nodeid=0xc8 count=800000
flit=up nodeid=0xe8 port=0 chan=req val=0x300 count=600000
flit=up nodeid=0xe8 port=0 chan=req val=0x1200 count=200000"
echo "$mesh" | sed 's/^/  CMN-600: /'
echo "$mesh" >$EMU/cmn600_2/rate
echo "  expected: every HN-F 2 M SLC/SF accesses and 0.5 M misses per second,"
echo "  HN-F 0xe8 2 M misses (32 HN-Fs: 17.5 M misses in 64 M accesses, 27%);"
echo "  data flits per second: 3 M out of XP 0xe8's port 0, 1.5 M east from"
echo "  0x100, 0.8 M north from 0xc8; REQ flits up from 0xe8's port 0 with bits"
echo "  11:8 = 3 (0.6 M) and 2 (0.2 M)"
run nvu-stat list $cmn
echo
echo "  HN-F cache miss rate = hnf_cache_miss / hnf_slc_sf_cache_access:"
run nvu-stat stat -t 1 $cmn/hnf_cache_miss/ $cmn/hnf_slc_sf_cache_access/
nvu-stat stat -t 1 -o csv $cmn/hnf_cache_miss/ $cmn/hnf_slc_sf_cache_access/ |
	awk -F, '$3 == "hnf_cache_miss" { m = $4 } $3 == "hnf_slc_sf_cache_access" { a = $4 }
		END { if (a) printf "  HN-F miss rate: %.1f%% (%d misses, %d accesses)\n", 100 * m / a, m, a }'
echo
echo "  The busiest HN-Fs (32 nodes on 8 counters: time-multiplexed):"
run nvu-stat sweep -S 50 -t 2 --top 4 cmn-node $cmn/hnf_cache_miss/
echo
echo "  Which values of REQ flit bits 11:8 XP 0xe8's device on port 0 sends"
echo "  (16 buckets on the XP's 2 watchpoints; the flit layout is Arm's TRM's):"
run nvu-stat sweep -S 50 -t 2 --top 4 cmn-wp $cmn --up --port 0 --chan req --field 8:4 --xp 0xe8
echo
echo "  Hot spots: data flits sent per XP (6 events x 64 XPs on 8 counters)"
run nvu-stat map -S 20 -t 3 --top 5 --svg /tmp/mesh.svg $cmn
echo "  /tmp/mesh.svg: $(wc -c </tmp/mesh.svg) bytes, $(grep -c '<rect ' /tmp/mesh.svg) rectangles"
echo >$EMU/cmn600_2/rate
say "Done.  See README.md and Documentation/ for more."

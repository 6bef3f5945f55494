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

say "1. Load the hardware model (a 2-socket Tegra410) and the drivers"
run modprobe nvu_emu
run modprobe nvu_t410_ucf
run modprobe nvu_t410_cmem_lat
echo
for p in nvidia_ucf_pmu_0 nvidia_ucf_pmu_1 nvidia_cmem_latency_pmu_0; do
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

echo >$EMU/nvidia_ucf_pmu_0/rate
echo >$EMU/nvidia_cmem_latency_pmu_0/rate
say "Done.  See README.md and Documentation/ for more."

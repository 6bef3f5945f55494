#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-fw-arm64: --apmt --bad nvidia_ucf_pmu_1:affinity
# The APMT from firmware (arm64; x86_64 has none): the test kernel's own
# APMT code creates the UCF, PCIE and PCIE-TGT devices from the boot's
# table (tests/vm/fwgen --apmt, added through the initrd with the test
# kernel's one-line patch, tests/vm/patches/arm64/), and the model only
# serves their windows.  The drivers bind those devices and count exactly;
# the node whose affinity names no CPU gives its message and no PMU; model
# parameters the table contradicts make the model refuse to load.
. "$NVU_TESTS/lib.sh"

ndev() {
	ls -d /sys/bus/platform/devices/arm-cs-arch-pmu.* 2>/dev/null | wc -l
}

# Two sockets of UCF and 6 RCs of PCIE and PCIE-TGT: 26 nodes.
expect_eq "APMT devices the kernel created at boot" 26 "$(ndev)"
dmesg -c >/dev/null
load_t410
expect_eq "APMT devices with the model loaded (it added none)" 26 "$(ndev)"
expect_eq "affinity naming no CPU: messages" 1 \
	"$(dmesg | grep -c 'APMT affinity 4294967294 names no CPU')"
[ ! -e "$PMUS/nvidia_ucf_pmu_1" ] && echo "ok: no nvidia_ucf_pmu_1" ||
	{ echo "FAIL: nvidia_ucf_pmu_1 registered"; NVU_FAILED=1; }
# Each PMU's parent is an APMT device, and those are the boot's (the
# model added none, above).
for p in nvidia_ucf_pmu_0 nvidia_pcie_pmu_1_rc_0 nvidia_pcie_tgt_pmu_0_rc_3; do
	d=$(dirname "$(readlink -f "$PMUS/$p")")
	case ${d##*/} in
	arm-cs-arch-pmu.*) echo "ok: $p on ${d##*/}" ;;
	*) echo "FAIL: $p on '${d##*/}'"; NVU_FAILED=1 ;;
	esac
done
cat >/tmp/apmt.sh <<S
echo 'op=rd count=41' >$EMU/nvidia_ucf_pmu_0/inject
echo 'op=rd rp=0 count=43' >$EMU/nvidia_pcie_pmu_1_rc_0/inject
echo 'op=wr rp=0 count=47' >$EMU/nvidia_pcie_tgt_pmu_0_rc_3/inject
echo 'cycles=53' >$EMU/nvidia_pcie_pmu_0_rc_5/inject
S
got=$(counts nvidia_ucf_pmu_0/slc_access_rd/ nvidia_pcie_pmu_1_rc_0/rd_req/ \
	nvidia_pcie_tgt_pmu_0_rc_3/wr_req,dst_rp_mask=0x1/ nvidia_pcie_pmu_0_rc_5/cycles/ \
	-- sh /tmp/apmt.sh) || fail "perf stat"
expect_eq "counts on the firmware's devices" "41 43 47 53" \
	"$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
rmmod $T410_DRIVERS nvu_emu || fail "rmmod"

# The model cannot change what the table says.
dmesg -c >/dev/null
for p in ucf_atomic64=0 cspmu_dual_page=1 ucf_irq=1 ucf_impl_id=0x2cf2036b; do
	if modprobe nvu_emu clock_khz=0 $p 2>/dev/null; then
		echo "FAIL: nvu_emu loaded with $p against the firmware's APMT"
		NVU_FAILED=1
		rmmod nvu_emu
	else
		echo "ok: nvu_emu refuses $p against the firmware's APMT"
	fi
done
# One message per refused load (busybox modprobe may try twice).
expect_eq "refusals name the node" 4 \
	"$(dmesg | grep "nvidia_ucf_pmu_0: the firmware's APMT node .* is not what the parameters ask for" |
		sed 's/^\[[^]]*\] //' | sort -u | wc -l)"
finish

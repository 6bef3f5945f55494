#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The model cannot be removed while a driver has one of its blocks mapped:
# "rmmod nvu_emu" fails and leaves it loaded, for each driver alone, and
# succeeds once that driver is gone; also with the CoreSight drivers loaded
# before the model.
. "$NVU_TESTS/lib.sh"

emu_loaded() {
	lsmod | grep -q '^nvu_emu '
}

for m in nvu_t410_ucf nvu_t410_cmem_lat nvu_t410_pcie nvu_t410_pcie_tgt nvu_t410_c2c; do
	modprobe nvu_emu clock_khz=0 || fail "modprobe nvu_emu"
	modprobe $m || fail "modprobe $m"
	if rmmod nvu_emu 2>/tmp/rmmod.err; then
		echo "FAIL: rmmod nvu_emu succeeded while $m maps it"
		NVU_FAILED=1
		continue
	fi
	emu_loaded && echo "ok: rmmod nvu_emu refused while $m maps it ($(cat /tmp/rmmod.err))" ||
		{ echo "FAIL: nvu_emu gone while $m maps it"; NVU_FAILED=1; }
	# PCIE-TGT pulled in PCIE, which maps blocks of its own.
	if [ $m = nvu_t410_pcie_tgt ]; then
		rmmod $m || fail "rmmod $m"
		rmmod nvu_emu 2>/dev/null && { echo "FAIL: rmmod nvu_emu while nvu_t410_pcie maps it"; NVU_FAILED=1; }
		m=nvu_t410_pcie
	fi
	rmmod $m || fail "rmmod $m"
	rmmod nvu_emu && ! emu_loaded && echo "ok: rmmod nvu_emu once $m is gone" ||
		{ echo "FAIL: rmmod nvu_emu after $m is gone"; NVU_FAILED=1; }
done

# The model loaded after the CoreSight drivers (it creates their devices,
# as the APMT code would): the same.  The CMEM and C2C drivers come after
# the model: the firmware tables name their devices at addresses only the
# model answers.
for m in nvu_t410_ucf nvu_t410_pcie nvu_t410_pcie_tgt; do
	modprobe $m || fail "modprobe $m"
done
modprobe nvu_emu clock_khz=0 || fail "modprobe nvu_emu"
modprobe nvu_t410_cmem_lat || fail "modprobe nvu_t410_cmem_lat"
modprobe nvu_t410_c2c || fail "modprobe nvu_t410_c2c"
expect_eq "UCF, PCIE, PCIE-TGT probed after the model" "1 1 1" \
	"$(for p in nvidia_ucf_pmu_0 nvidia_pcie_pmu_0_rc_0 nvidia_pcie_tgt_pmu_0_rc_0; do
		ls -d $PMUS/$p 2>/dev/null | wc -l; done | xargs)"
rmmod nvu_emu 2>/dev/null && { echo "FAIL: rmmod nvu_emu with every driver bound"; NVU_FAILED=1; } ||
	echo "ok: rmmod nvu_emu refused with every driver bound"
rmmod $T410_DRIVERS || fail "rmmod drivers"
rmmod nvu_emu && echo "ok: rmmod nvu_emu once the drivers are gone" ||
	{ echo "FAIL: rmmod nvu_emu after the drivers"; NVU_FAILED=1; }
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Other drivers for the hardware we drive, loaded before and after ours.
#  - Upstream's own modules that tests/vm/intree-counterparts lists, where
#    the kernel has them (tests/vm/run puts them in the guest; of Debian's
#    images only arm64 has one, arm-cmn): theirs first, then ours, and ours
#    first, then theirs.  Everything loads, ours count exactly, and
#    everything unloads.  arm-cmn comes after ours only: it maps the
#    model's CMN-600 windows as memory, and on arm64 nothing answers there.
#  - A driver holding the "arm-cs-arch-pmu" devices, as upstream's
#    arm_cspmu_module does where a kernel has it: the test module
#    nvu_holder, which binds them and touches nothing (upstream's driver
#    cannot run against the model: tests/kunit/nvu_holder.c says why).  A
#    device goes to the driver the kernel knows first.  Theirs first, it
#    holds every device, ours register no PMU and each of our three
#    CoreSight drivers says so once, naming the module; ours first, it gets
#    none and ours count.  Then README.md's recipe: with the holder
#    blacklisted, loading every device's modalias (as udev does at boot)
#    gives every device to ours and leaves the holder out.
. "$NVU_TESTS/lib.sh"

mods=/lib/modules/$(uname -r)
present=
for m in $(sed -n 's/^module \([^:]*\):.*/\1/p' "$NVU_TESTS/vm/intree-counterparts"); do
	ls "$mods/kernel/intree/$m".ko* >/dev/null 2>&1 && present="$present $m"
done
holder=
find "$mods" -name 'nvu_holder.ko*' | grep -q . && holder=nvu_holder
[ -n "$present$holder" ] ||
	{ echo "SKIP: neither upstream's drivers for our hardware nor nvu_holder here"; exit 77; }

# ours_count N WHAT: ours count N, N+1, N+2 on a UCF, a CMEM and a C2C PMU.
ours_count() {
	got=$(counts nvidia_ucf_pmu_0/slc_access_rd/ nvidia_cmem_latency_pmu_0/rd_req/ \
		nvidia_nvlink_c2c_pmu_0/in_rd_req/ -- sh -c "
		echo 'op=rd count=$1' >$EMU/nvidia_ucf_pmu_0/inject
		echo 'inst=0 mc=0 count=$(($1 + 1))' >$EMU/nvidia_cmem_latency_pmu_0/inject
		echo 'dir=in op=rd inst=0 count=$(($1 + 2))' >$EMU/nvidia_nvlink_c2c_pmu_0/inject")
	expect_eq "$2: ours count" "$1 $(($1 + 1)) $(($1 + 2))" "$(echo $got)"
}

if [ -n "$present" ]; then
	echo "# upstream's drivers in this kernel:$present"
	# Upstream's arm-cmn maps the CMN-600 windows itself, where no memory
	# answers (only our drivers reach the model): it may load only once
	# ours holds the ARMHC600 devices.
	first=$(echo "$present" | sed 's/ arm-cmn//')
	for m in $first; do
		modprobe "$m" || fail "modprobe $m"
	done
	load_t410
	ours_count 11 "theirs first"
	rmmod $T410_DRIVERS nvu_emu || fail "rmmod ours"
	load_t410
	modprobe nvu_arm_cmn600 || fail "modprobe nvu_arm_cmn600"
	for m in $present; do
		modprobe "$m" || fail "modprobe $m after ours"
	done
	ours_count 21 "ours first"
	got=$(counts "$(cmn_pmu 2)/dtc_cycles/" -- sh -c "echo cycles=41 >$EMU/cmn600_2/inject")
	expect_eq "ours first: CMN-600 counts" 41 "$got"
	expect_eq "ours first: CMN PMUs" 3 "$(ls $PMUS | grep -c '^arm_cmn_')"
	for m in $present; do
		rmmod "$(echo "$m" | tr - _)" || fail "rmmod $m"
	done
	rmmod $T410_DRIVERS nvu_arm_cmn600 nvu_emu || fail "rmmod ours"
fi
[ -n "$holder" ] || finish

CS_DRIVERS="nvu_t410_ucf nvu_t410_pcie_tgt nvu_t410_pcie"
load_model
devs=$(ls -d /sys/bus/platform/devices/arm-cs-arch-pmu.*)
ndev=$(echo "$devs" | wc -l)
# bound DRIVER: how many of the devices DRIVER holds.
bound() {
	_n=0
	for _d in $devs; do
		[ "$(basename "$(readlink "$_d/driver" 2>/dev/null)")" = "$1" ] && _n=$((_n + 1))
	done
	echo $_n
}
ours_bound() {
	echo $(($(bound nvu_t410_ucf) + $(bound nvu_t410_pcie) + $(bound nvu_t410_pcie_tgt)))
}
our_pmus() { ls $PMUS | grep -cE '^nvidia_(ucf|pcie|pcie_tgt)_pmu_'; }

# The holder first.
modprobe nvu_holder || fail "modprobe nvu_holder"
expect_eq "holder first: devices it holds" "$ndev" "$(bound arm-cs-arch-pmu)"
dmesg -c >/dev/null
for m in $CS_DRIVERS; do
	modprobe "$m" || fail "modprobe $m"
done
dmesg >/tmp/dmesg.out
expect_eq "holder first: devices ours hold" 0 "$(ours_bound)"
expect_eq "holder first: our CoreSight PMUs" 0 "$(our_pmus)"
for m in $CS_DRIVERS; do
	expect_eq "holder first: $m says so, once" 1 "$(grep -c "$m: $ndev arm-cs-arch-pmu devices are bound to nvu_holder; any with PMIIDR 0x[0-9a-f]* among them is not counted by this driver: unload nvu_holder (or blacklist it) and load $m again to count it$" /tmp/dmesg.out)"
done
expect_eq "holder first: no other message" "$(echo $CS_DRIVERS | wc -w)" "$(grep -c . /tmp/dmesg.out)"
rmmod $CS_DRIVERS || fail "rmmod ours"
rmmod nvu_holder || fail "rmmod nvu_holder"
expect_eq "all unloaded: devices anyone holds" 0 "$(($(bound arm-cs-arch-pmu) + $(ours_bound)))"

# Ours first.
dmesg -c >/dev/null
for m in $CS_DRIVERS; do
	modprobe "$m" || fail "modprobe $m"
done
modprobe nvu_holder || fail "modprobe nvu_holder after ours"
expect_eq "ours first: devices ours hold" "$ndev" "$(ours_bound)"
expect_eq "ours first: devices the holder holds" 0 "$(bound arm-cs-arch-pmu)"
expect_eq "ours first: no message" 0 "$(dmesg | grep -c 'are bound to')"
got=$(counts nvidia_ucf_pmu_1/slc_access_rd/ nvidia_pcie_pmu_1_rc_0/rd_req/ -- sh -c "
	echo 'op=rd count=31' >$EMU/nvidia_ucf_pmu_1/inject
	echo 'op=rd rp=0 count=37' >$EMU/nvidia_pcie_pmu_1_rc_0/inject")
expect_eq "ours first: ours count" "31 37" "$(echo $got)"
rmmod nvu_holder || fail "rmmod nvu_holder"
rmmod $CS_DRIVERS || fail "rmmod ours"

# README.md's recipe, then every device's modalias loaded as udev does.
mkdir -p /etc/modprobe.d
echo "blacklist nvu_holder" >/etc/modprobe.d/nv-uncore.conf
for d in $devs; do
	modprobe -b "$(cat "$d/modalias")" || fail "modprobe -b $(cat "$d/modalias")"
done
expect_eq "holder blacklisted: devices ours hold" "$ndev" "$(ours_bound)"
[ ! -d /sys/module/nvu_holder ] && echo "ok: nvu_holder not loaded" ||
	{ echo "FAIL: nvu_holder loaded despite the blacklist"; NVU_FAILED=1; }
rm /etc/modprobe.d/nv-uncore.conf
rmmod $CS_DRIVERS nvu_emu || fail "rmmod ours"
finish

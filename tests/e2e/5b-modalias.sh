#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Autoload: what udev does at boot.  Every device the firmware tables
# describe for the ACPI- and DT-bound drivers (CMEM latency, the C2C
# family, CMN-600; the CoreSight drivers' "arm-cs-arch-pmu" devices are
# 57-intree-coexist's): loading each device's modalias loads our module
# (from its MODULE_DEVICE_TABLE, through depmod's modules.alias), which
# binds the device, and its PMUs exist.  Upstream's modules for the same devices are blacklisted first,
# as README.md tells users who want ours.
. "$NVU_TESTS/lib.sh"
load_model
mkdir -p /etc/modprobe.d
for m in nvidia_t410_cmem_latency_pmu nvidia_t410_c2c_pmu arm-cmn; do
	echo "blacklist $m"
done >/etc/modprobe.d/nv-uncore.conf
# Every device whose modalias matches one of our modules' aliases in
# depmod's modules.alias: that modalias loaded as udev loads it.
grep -E ' (nvu_t410_cmem_lat|nvu_t410_c2c|nvu_arm_cmn600)$' \
	"/lib/modules/$(uname -r)/modules.alias" >/tmp/ours.alias
[ -s /tmp/ours.alias ] || fail "modules.alias has no alias of ours"
for d in /sys/bus/platform/devices/*; do
	[ -r "$d/modalias" ] && [ ! -e "$d/driver" ] || continue
	a=$(cat "$d/modalias")
	while read -r _ pat mod; do
		# shellcheck disable=SC2254
		case $a in $pat)
			modprobe -b "$a" || fail "modprobe -b $a ($mod)"
			break ;;
		esac
	done </tmp/ours.alias
done
for want in nvu_t410_cmem_lat nvu_t410_c2c nvu_arm_cmn600; do
	n=0
	for d in /sys/bus/platform/devices/*; do
		[ "$(basename "$(readlink -f "$d/driver/module" 2>/dev/null)")" = "$want" ] || continue
		case $(cat "$d/modalias") in acpi:* | of:*) n=$((n + 1)) ;; esac
	done
	[ "$n" -gt 0 ] || { echo "FAIL: no device's modalias loaded $want"; NVU_FAILED=1; }
	echo "$want: $n devices bound after loading their modaliases"
done
[ -d "$PMUS/nvidia_cmem_latency_pmu_0" ] || { echo "FAIL: no CMEM PMU"; NVU_FAILED=1; }
ls "$PMUS" | grep -q '^arm_cmn_' || { echo "FAIL: no CMN-600 PMU"; NVU_FAILED=1; }
ls "$PMUS" | grep -q '^nvidia_nvlink_c2c' || { echo "FAIL: no NVLink-C2C PMU"; NVU_FAILED=1; }
rm /etc/modprobe.d/nv-uncore.conf
for m in nvu_t410_cmem_lat nvu_t410_c2c nvu_arm_cmn600; do
	[ ! -d "/sys/module/$m" ] || rmmod "$m" || fail "rmmod $m"
done
rmmod nvu_emu || fail "rmmod nvu_emu"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-fw-arm64: --dt --cmn 2x2,4x2,8x8,2x2 --bad cmn600_3:no_root_prop
# Arm CMN-600 from a device tree (arm64, a boot with no UEFI and no ACPI:
# tests/vm/run with NVU_FW=--dt, QEMU's tree plus the nodes tests/vm/dtgen
# adds): one "arm,cmn-600" node per model instance, reg = the whole
# window, arm,root-node = the layout's root offset, no interrupts.  The
# model loads without any ACPI device and serves the windows; the driver
# binds the three good nodes through its device-tree path and each PMU
# counts its own mesh exactly (polled: no interrupt); the fourth node,
# without arm,root-node, is refused with a message and has no PMU.  A
# read torn by a local carry is exact there too.
#
# Instance i is mapped to its node by the window start: the model gives
# cmn600_0, 1, ... ascending windows, so the i-th lowest reg address is
# instance i (tests/lib.sh's cmn_pmu needs an ACPI _UID).
. "$NVU_TESTS/lib.sh"

case " ${NVU_FW:-} " in
*" --dt "*) ;;
*) fail "needs a device-tree boot (tests/vm/run --arch arm64 with NVU_FW=--dt ...)" ;;
esac
# The instances and the broken ones, as the boot's tree has them.
layouts=2x2,4x2,8x8 emu_cmn=''
case " $NVU_FW " in *" --cmn "*)
	layouts=${NVU_FW#*--cmn }
	layouts=${layouts%% *}
	emu_cmn=cmn=$layouts ;;
esac
nr=$(echo "$layouts" | tr ',' '\n' | grep -c .)
bad=
case " $NVU_FW " in *" --bad "*)
	bad=$(echo "${NVU_FW#*--bad }" | cut -d' ' -f1 | tr ',' '\n' |
		sed -n 's/^cmn600_\([0-9]*\):no_root_prop$/\1/p' | xargs) ;;
esac
good=$((nr - $(echo "$bad" | wc -w)))

# dt_reg DEVDIR: the start of the platform device's first reg entry
# (#address-cells = 2 on QEMU's virt), as a decimal number.
dt_reg() {
	echo $((0x$(od -An -tx1 -N8 "$1/of_node/reg" | tr -d ' \n')))
}

# dt_devs: the CMN-600 platform devices of the tree, lowest window first:
# instance 0, 1, ... one per line.
dt_devs() {
	for _d in /sys/bus/platform/devices/*; do
		[ -e "$_d/of_node/compatible" ] || continue
		[ "$(tr -d '\0' <"$_d/of_node/compatible")" = arm,cmn-600 ] || continue
		echo "$(dt_reg "$_d") $(readlink -f "$_d")"
	done | sort -n | cut -d' ' -f2
}

# dt_pmu I: the arm_cmn_<n> PMU whose parent is instance I's device.
dt_pmu() {
	_dev=$(dt_devs | sed -n "$(($1 + 1))p")
	[ -n "$_dev" ] || fail "no device-tree device for cmn600_$1"
	for _p in "$PMUS"/arm_cmn_*; do
		_d=$(readlink -f "$_p")
		[ "${_d%/*}" = "$_dev" ] && { basename "$_p"; return; }
	done
	echo none
}

# The boot: a device tree, no ACPI.
[ -d /sys/firmware/devicetree/base ] || fail "no device tree"
[ ! -d /sys/firmware/acpi/tables ] || fail "ACPI tables in a device-tree boot"
# Two NUMA nodes from the tree (the model needs node 1 online).
[ -d /sys/devices/system/node/node1 ] || fail "no NUMA node 1 in the device-tree boot"
expect_eq "ARMHC600 devices" 0 "$(ls -d /sys/bus/platform/devices/ARMHC600:* 2>/dev/null | wc -l)"
expect_eq "arm,cmn-600 nodes" "$nr" "$(ls -d /sys/firmware/devicetree/base/cmn@* | wc -l)"
expect_eq "arm,cmn-600 platform devices" "$nr" "$(dt_devs | wc -l)"
prev=0
i=0
for d in $(dt_devs); do
	a=$(dt_reg "$d")
	[ "$a" -gt "$prev" ] || fail "device $d: window $a not above the previous"
	prev=$a
	expect_eq "cmn600_$i device name" "$(printf '%x.cmn' "$a")" "${d##*/}"
	expect_eq "cmn600_$i reg size" 0000000000400000 \
		"$(od -An -tx1 -j8 -N8 "$d/of_node/reg" | tr -d ' \n')"
	[ ! -e "$d/firmware_node" ] || fail "cmn600_$i has an ACPI companion"
	i=$((i + 1))
done

before=$(dmesg | wc -l)
# shellcheck disable=SC2086
load_cmn $emu_cmn
msgs=$(dmesg | tail -n +$((before + 1)))
i=0
while [ $i -lt "$nr" ]; do
	[ -d "$EMU/cmn600_$i" ] || fail "the model has no cmn600_$i"
	i=$((i + 1))
done
echo "ok: the model loaded without ACPI devices, $nr CMN-600 instances"

expect_eq "CMN PMUs" "$good" "$(ls "$PMUS" | grep -c '^arm_cmn_[0-9]*$')"

# A read while the mesh counts is exact through the device-tree path too:
# a local carry right after the driver's read of the 4x2 mesh's DTC
# (92-cmn600-reads, which runs in the ACPI boots); first, while the
# node's local counter is still 0.
p=$(dt_pmu 1)
id=$(cmn_node_id "$p" HN-F 0)
d0=$(cmn_dtc_off "$p" 0)
[ -n "$id" ] && [ -n "$d0" ] || fail "no offsets in the map of $p"
cmn_tear_case "a carry after the DTC read, $p" 1 "$p" \
	"hnf_cache_miss,bynodeid=1,nodeid=$id" "$id" $((d0 + 0x2000)) 0
pmus='' evs='' hnf_evs='' inj='' want_cyc='' want_hnf=''
i=0
while [ $i -lt "$nr" ]; do
	dev=$(dt_devs | sed -n "$((i + 1))p")
	case " $bad " in
	*" $i "*)
		expect_eq "cmn600_$i (no arm,root-node): PMU" none "$(dt_pmu $i)"
		[ ! -e "$dev/driver" ] || fail "cmn600_$i is bound"
		expect_eq "cmn600_$i refused with a message" 1 \
			"$(echo "$msgs" | grep -c "nvu_arm_cmn600 ${dev##*/}: .*no arm,root-node property")"
		i=$((i + 1))
		continue
		;;
	esac
	p=$(dt_pmu $i)
	[ "$p" != none ] || fail "no PMU for cmn600_$i (${dev##*/})"
	expect_eq "cmn600_$i driver" nvu_arm_cmn600 "$(basename "$(readlink -f "$dev/driver")")"
	# The PMU's parent, bound through the device-tree match.
	expect_eq "$p parent's of_node/compatible" arm,cmn-600 \
		"$(tr -d '\0' <"$dev/of_node/compatible")"
	n=$(cmn_nodes "$p" HN-F)
	[ "$n" -gt 0 ] || fail "$p: no HN-F in the map"
	# Different amounts per instance: each PMU must see its own mesh's.
	cyc=$((1000003 * (i + 1))) miss=$((101 * (i + 1)))
	pmus="$pmus $p" evs="$evs $p/dtc_cycles/" hnf_evs="$hnf_evs $p/hnf_cache_miss/"
	want_cyc="$want_cyc $cyc" want_hnf="$want_hnf $((n * miss))"
	inj="$inj echo cycles=$cyc >$EMU/cmn600_$i/inject;"
	inj="$inj echo 'type=hnf event=0x1 count=$miss' >$EMU/cmn600_$i/inject;"
	echo "# cmn600_$i: ${dev##*/}, $p, $n HN-F"
	i=$((i + 1))
done
# shellcheck disable=SC2086
got=$(counts $evs $hnf_evs -- sh -c "$inj") || fail "perf stat"
expect_eq "dtc_cycles, hnf_cache_miss of every HN-F, per PMU ($pmus )" \
	"$(echo $want_cyc $want_hnf)" "$(echo $got)"
finish

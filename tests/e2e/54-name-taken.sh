#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A PMU name already registered by someone else (as by an in-tree driver
# loaded first): our probe of that device fails with the documented
# message naming the in-tree module, and leaves nothing behind.  The other
# PMU's registration is untouched, the driver's other devices register and
# count, the driver unloads, and once the name is free again the same
# device probes and counts.  The squatter is the test module nvu_squat,
# which registers bare perf PMUs under the names it is given.
. "$NVU_TESTS/lib.sh"

# One name per driver module, with the in-tree module the message names.
taken="nvidia_ucf_pmu_0:nvidia_cspmu
nvidia_cmem_latency_pmu_1:nvidia_t410_cmem_latency_pmu
nvidia_pcie_pmu_0_rc_3:nvidia_cspmu
nvidia_pcie_tgt_pmu_1_rc_2:nvidia_cspmu
nvidia_nvlink_c2c_pmu_1:nvidia_t410_c2c_pmu
nvidia_nvdlink_pmu_0:nvidia_t410_c2c_pmu"
names=$(echo "$taken" | cut -d: -f1 | tr '\n' ',' | sed 's/,$//')

modprobe nvu_squat names="$names" || fail "modprobe nvu_squat"
for n in $(echo "$taken" | cut -d: -f1); do
	eval "type_$n=$(cat $PMUS/$n/type)"
done
dmesg -c >/dev/null
load_t410
dmesg >/tmp/dmesg.out
for p in $taken; do
	n=${p%%:*} m=${p#*:}
	grep -qF "PMU $n is already registered, by $m?" /tmp/dmesg.out &&
		echo "ok: $n: message names $m" ||
		{ echo "FAIL: no message for $n naming $m"; NVU_FAILED=1; }
	eval "want=\$type_$n"
	expect_eq "$n still the squatter's PMU (type)" "$want" "$(cat $PMUS/$n/type)"
	# Nothing of ours was added to the squatter's PMU.
	expect_eq "$n files" "perf_event_mux_interval_ms power subsystem type uevent" \
		"$(ls $PMUS/$n | tr '\n' ' ' | sed 's/ $//')"
done
expect_eq "one message per taken name" 6 "$(grep -c 'is already registered, by' /tmp/dmesg.out)"
expect_eq "taken names refuse events" "<not supported>" \
	"$(counts nvidia_ucf_pmu_0/config=0x111/ -- true)"

# The same drivers' other devices registered and count.
got=$(counts nvidia_ucf_pmu_1/slc_access_rd/ nvidia_cmem_latency_pmu_0/rd_req/ \
	nvidia_pcie_pmu_0_rc_2/rd_req/ nvidia_pcie_tgt_pmu_1_rc_1/wr_req/ \
	nvidia_nvlink_c2c_pmu_0/in_rd_req/ nvidia_nvdlink_pmu_1/in_rd_req/ -- sh -c "
	echo 'op=rd count=11' >$EMU/nvidia_ucf_pmu_1/inject
	echo 'inst=0 mc=0 count=12' >$EMU/nvidia_cmem_latency_pmu_0/inject
	echo 'op=rd count=13' >$EMU/nvidia_pcie_pmu_0_rc_2/inject
	echo 'op=wr rp=1 count=14' >$EMU/nvidia_pcie_tgt_pmu_1_rc_1/inject
	echo 'dir=in op=rd inst=0 count=15' >$EMU/nvidia_nvlink_c2c_pmu_0/inject
	echo 'dir=in op=rd inst=0 count=16' >$EMU/nvidia_nvdlink_pmu_1/inject")
expect_eq "other PMUs of the same drivers count" "11 12 13 14 15 16" "$(echo $got)"

# The drivers unload, the names free up, and a second load takes them all.
rmmod $T410_DRIVERS || fail "drivers do not unload after failed probes"
rmmod nvu_squat || fail "rmmod nvu_squat"
for n in $(echo "$taken" | cut -d: -f1); do
	[ ! -e $PMUS/$n ] || { echo "FAIL: $n left registered"; NVU_FAILED=1; }
done
for m in $T410_DRIVERS; do
	modprobe "$m" || fail "modprobe $m"
done
got=$(counts nvidia_ucf_pmu_0/slc_access_rd/ nvidia_cmem_latency_pmu_1/rd_req/ \
	nvidia_pcie_pmu_0_rc_3/rd_req/ nvidia_pcie_tgt_pmu_1_rc_2/wr_req/ \
	nvidia_nvlink_c2c_pmu_1/in_rd_req/ nvidia_nvdlink_pmu_0/in_rd_req/ -- sh -c "
	echo 'op=rd count=21' >$EMU/nvidia_ucf_pmu_0/inject
	echo 'inst=13 mc=2 count=22' >$EMU/nvidia_cmem_latency_pmu_1/inject
	echo 'op=rd count=23' >$EMU/nvidia_pcie_pmu_0_rc_3/inject
	echo 'op=wr count=24' >$EMU/nvidia_pcie_tgt_pmu_1_rc_2/inject
	echo 'dir=in op=rd inst=13 count=25' >$EMU/nvidia_nvlink_c2c_pmu_1/inject
	echo 'dir=in op=rd inst=15 count=26' >$EMU/nvidia_nvdlink_pmu_0/inject")
expect_eq "freed names register and count" "21 22 23 24 25 26" "$(echo $got)"
for n in $(echo "$taken" | cut -d: -f1); do
	[ -e $PMUS/$n/cpumask ] || { echo "FAIL: $n not ours after reload"; NVU_FAILED=1; }
done
finish

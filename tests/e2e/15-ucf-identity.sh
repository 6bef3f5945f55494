#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# How the UCF driver recognises its block: PMIIDR, PMIIDR rebuilt from
# PMPIDR0-4 when it reads 0, and the APMT implementation ID overriding both
# (a block identifying as another NVIDIA PMU is left alone).
. "$NVU_TESTS/lib.sh"

for args in "" "ucf_pmiidr_zero=1"; do
	load_t410 $args
	expect_eq "identifier ($args)" 2cf2036b "$(cat $PMUS/nvidia_ucf_pmu_0/identifier)"
	got=$(counts nvidia_ucf_pmu_0/slc_access_wr/ -- \
		sh -c "echo 'op=wr count=31' >$EMU/nvidia_ucf_pmu_0/inject")
	expect_eq "counting ($args)" 31 "$got"
	rmmod $T410_DRIVERS nvu_emu
done

# APMT says PCIE-TGT (0x1070036b): not a UCF, whatever PMIIDR says.
load_t410 ucf_impl_id=0x1070036b
[ ! -e $PMUS/nvidia_ucf_pmu_0 ] && echo "ok: other implementation left alone" ||
	{ echo "FAIL: UCF driver bound a PCIE-TGT block"; NVU_FAILED=1; }
expect_eq "CMEM unaffected" 1 "$(ls -d $PMUS/nvidia_cmem_latency_pmu_0 | wc -l)"
rmmod $T410_DRIVERS nvu_emu

# APMT says UCF although PMIIDR reads 0 and would say so anyway.
load_t410 ucf_impl_id=0x2cf2036b ucf_pmiidr_zero=1
expect_eq "identifier from APMT" 2cf2036b "$(cat $PMUS/nvidia_ucf_pmu_0/identifier)"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: malformed register locators and capability blocks.  Each
# refuses the CPMUs it spoils, with a message saying why, and nothing
# else: the other function counts, and no device of ours is left behind.
. "$NVU_TESTS/lib.sh"

# bad_case CPMU KIND MESSAGE PMUS-LEFT
bad_case() {
	dmesg -c >/dev/null
	load_cxl cxl_cpmus=2 "bad=$(cxl_pmu 0 $1):$2"
	expect_eq "$2: message" 1 "$(dmesg | grep -c "$3")"
	expect_eq "$2: PMUs" "$4" "$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
	expect_eq "$2: platform devices" "$(echo "$4" | wc -w)" \
		"$(ls /sys/bus/platform/devices | grep -c '^nvu_cxl_cpmu')"
	expect_eq "$2: other function counts" 3 "$(counts $(cxl_pmu 1 0)/m2s_req_memrd/ -- \
		sh -c "echo 'gid=0x20 ev=1 count=3' >$EMU/$(cxl_pmu 1 0)/inject")"
	rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "$2: unload"
}

fn1="$(cxl_pmu 1 0) $(cxl_pmu 1 1)"
bad_case 0 width0 "CPMU 0: counter width is not 1-64 bits" "$(cxl_pmu 0 1) $fn1"
bad_case 1 reserved_type "CPMU 1: a counter has the reserved type" "$(cxl_pmu 0 0) $fn1"
bad_case 0 evcap_index "CPMU 0: a counter's group index is beyond the Event Capabilities registers" \
	"$(cxl_pmu 0 1) $fn1"
bad_case 1 no_events "CPMU 1: no counter can count any event" "$(cxl_pmu 0 0) $fn1"
bad_case 1 loc_outside "CXL register locator: a CPMU entry lies outside its BAR; no CPMU used" "$fn1"
bad_case 1 loc_duplicate "CXL register locator: two CPMU entries name the same block; no CPMU used" "$fn1"
bad_case 0 dvsec_truncated "CXL register locator: DVSEC length leaves a partial entry; no CPMU used" "$fn1"
finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU names of a memory device: a function with a CXL memdev child
# ("memN" on the bus named "cxl", as cxl_pci makes it; here the test
# module nvu_memdev) names its PMUs "cxl_pmu_memN.Y", exactly as upstream's
# cxl_pmu, and they count; the other function keeps the name that says
# which PCI function it is.  A name upstream's cxl_pmu already registered
# (the test module nvu_squat standing in) skips that CPMU alone, with one
# message naming cxl_pmu, touching none of its registers.  A memdev that comes after our module renames
# the PMUs when the function's driver binds or unbinds, if no event is
# open on them (Documentation/cxl.rst).
. "$NVU_TESTS/lib.sh"
f0=$(cxl_pmu 0 0) blk=$(cxl_pmu 1 0)

load_model cxl_fns=2 cxl_cpmus=2
modprobe nvu_memdev pci=10000:00:01.0 id=7 || fail "modprobe nvu_memdev"
modprobe nvu_squat names=cxl_pmu_mem7.1 || fail "modprobe nvu_squat"
squat_type=$(cat $PMUS/cxl_pmu_mem7.1/type)
echo 0 >$EMU/$(cxl_pmu 1 1)/access
dmesg -c >/dev/null
modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu"
# The squatter's CPMU is not ours: not one register read or written
# (upstream's counters on it go on as they were), one line, no stack dump.
expect_eq "accesses to the squatter's CPMU" "reads 0 writes 0" \
	"$(head -2 $EMU/$(cxl_pmu 1 1)/access | xargs)"
expect_eq "no sysfs duplicate warning" 0 "$(dmesg | grep -c 'duplicate filename')"
expect_eq "CXL PMUs" "cxl_pmu_mem7.0 cxl_pmu_mem7.1 $(cxl_pmu 0 0) $(cxl_pmu 0 1)" \
	"$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
expect_eq "pci_function of cxl_pmu_mem7.0" 10000:00:01.0 "$(cat $PMUS/cxl_pmu_mem7.0/pci_function)"
expect_eq "cxl_pmu_mem7.1 still the squatter's (type)" "$squat_type" "$(cat $PMUS/cxl_pmu_mem7.1/type)"
expect_eq "one message for the taken name" 1 \
	"$(dmesg | grep -c 'PMU cxl_pmu_mem7.1 is already registered, by cxl_pmu?')"
got=$(counts cxl_pmu_mem7.0/clock_ticks/ $f0/clock_ticks/ -- sh -c "
	echo 'cycles=4321' >$EMU/$blk/inject
	echo 'cycles=1234' >$EMU/$f0/inject")
expect_eq "counts on the memdev's PMU and the other function's" "4321 1234" "$(echo $got)"
rmmod nvu_cxl_cpmu nvu_squat || fail "rmmod"

# Our module first, the memdev after: the names stay until the function's
# driver binds (cxl_pci makes memX in its probe; nvu_cxl_owner stands in,
# the memdev already there).  Then each PMU without open events is
# registered again under upstream's name; one with an event open keeps
# its name until the driver's next change (here its unbind).
rmmod nvu_memdev || fail "rmmod nvu_memdev"
modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu again"
[ ! -e $PMUS/cxl_pmu_mem7.0 ] || fail "cxl_pmu_mem7.0 with no memdev"
modprobe nvu_memdev pci=10000:00:01.0 id=7 || fail "modprobe nvu_memdev again"
expect_eq "names after a later memdev" "$(cxl_pmu 0 0) $(cxl_pmu 0 1) $(cxl_pmu 1 0) $(cxl_pmu 1 1)" \
	"$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
modprobe nvu_cxl_owner || fail "modprobe nvu_cxl_owner"
dmesg -c >/dev/null
hold open -x, -a -e $blk/clock_ticks/ -o /tmp/open.out
cxl_own 1
inject $blk "cycles=77"
release open
expect_eq "count on the PMU that kept its name" 77 \
	"$(grep -v '^#' /tmp/open.out | grep . | cut -d, -f1)"
expect_eq "names once the driver bound" "cxl_pmu_mem7.1 $(cxl_pmu 0 0) $(cxl_pmu 0 1) $blk" \
	"$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
expect_eq "message for the name kept" 1 \
	"$(dmesg | grep -c "$blk keeps its name while events are open (it would now be cxl_pmu_mem7.0)")"
cxl_disown 1
expect_eq "names once the driver unbound" "cxl_pmu_mem7.0 cxl_pmu_mem7.1 $(cxl_pmu 0 0) $(cxl_pmu 0 1)" \
	"$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
expect_eq "pci_function of the renamed PMU" 10000:00:01.0 "$(cat $PMUS/cxl_pmu_mem7.0/pci_function)"
expect_eq "the renamed PMU counts" 88 "$(counts cxl_pmu_mem7.0/clock_ticks/ -- \
	sh -c "echo 'cycles=88' >$EMU/$blk/inject")"
# The memdev goes; the driver binds again: the names say the function.
rmmod nvu_memdev || fail "rmmod nvu_memdev"
cxl_own 1
expect_eq "names without the memdev" "$(cxl_pmu 0 0) $(cxl_pmu 0 1) $(cxl_pmu 1 0) $(cxl_pmu 1 1)" \
	"$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
cxl_disown 1
rmmod nvu_cxl_cpmu nvu_cxl_owner nvu_emu || fail "rmmod"
finish

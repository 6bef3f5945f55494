#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: functions the driver finds late, or loses without warning.
#  - A function's link goes down while its events count, and the kernel is
#    not told: its registers read as all ones, which the driver must not
#    take for counts.  Then it is pulled out the way the PCIe hotplug
#    driver reports it (marked disconnected, then removed): no register
#    access after the mark, the counts up to the last read kept,
#    the PMU gone once its events close, and a rescan finds it again.
#  - The same surprise with the function's owner bound (whose MSI vectors
#    the driver leaves alone); and with a memory device's function, whose
#    PMU is not probed again under its PCI name.
#  - A function whose memory decoding is off when the module loads has no
#    PMU, until its driver binds and turns decoding on.
#  - The module asked to probe asynchronously still finds every CPMU.
# The model's "link" file (Documentation/emu.rst) takes the link down.
. "$NVU_TESTS/lib.sh"

# link F KEY: that line of the "link" file of function F ("reads 3").
link() {
	sed -n "s/^$2 //p" "$EMU/$(cxl_pmu "$1" 0)/link"
}

# wait_for WHAT TEST...: until TEST succeeds, for at most 20 s.
wait_for() {
	_what=$1
	shift
	_i=0
	until "$@"; do
		_i=$((_i + 1))
		[ $_i -lt 400 ] || fail "timed out waiting for $_what"
		sleep 0.05
	done
}

gone() { [ ! -d "$PMUS/$1" ]; }
# logged PATTERN: kernel messages since the last "dmesg -c" that match
# PATTERN.
logged() {
	dmesg | grep -c "$1"
}
there() { [ -d "$PMUS/$1" ]; }
read_down() { [ "$(link 0 reads)" -gt 0 ]; }
# model_reads: register reads of function 0's CPMU 0 so far;
# polled_since N: a poll (two counter reads) since there were N.
model_reads() { sed -n 's/^reads //p' "$EMU/$(cxl_pmu 0 0)/access"; }
polled_since() { [ "$(model_reads)" -ge $(($1 + 2)) ]; }

nowarn() {
	expect_eq "kernel warnings ($1)" 0 "$(dmesg | grep -c -e 'WARNING:' -e 'BUG:')"
}

# --- The link goes down, then the function is pulled out ----------------
# 32-bit counters: the poll timer reads them every 1.07 s, so the driver
# reads the downed link without anyone asking.
load_cxl cxl_width=32
p=$(cxl_pmu 0 0) q=$(cxl_pmu 1 0)
hold sr -x, -a -e $p/m2s_req_memrd/ -e $p/s2m_drs_memdata/ -o /tmp/sr.out
inject $p "gid=0x20 ev=1 count=42"
inject $p "gid=0x25 ev=0 count=43"
# What was not read before the link went down is lost, on hardware too:
# let a poll read both counters first.
reads0=$(model_reads)
wait_for "a poll" polled_since "$reads0"
echo down >$EMU/$p/link || fail "link down"
inject $p "gid=0x20 ev=1 count=1000"
wait_for "a poll of the downed link" read_down
echo "# the driver read the downed link $(link 0 reads) times"
dmesg -c >/dev/null
echo surprise >$EMU/$p/link || fail "surprise removal"
[ ! -e /sys/bus/pci/devices/$(cxl_bdf 0) ] || fail "function still on the bus"
there $p || fail "PMU gone while its events are open"
expect_eq "removal message" 1 \
	"$(logged "$(cxl_bdf 0): CPMU 0 removed with events open")"
release sr
expect_eq "counts up to the last read before the link went down" "42 43" \
	"$(grep -v '^#' /tmp/sr.out | grep . | cut -d, -f1 | xargs)"
expect_eq "reads after the function was marked disconnected" 0 "$(link 0 late_reads)"
expect_eq "writes after the function was marked disconnected" 0 "$(link 0 late_writes)"
wait_for "the PMU to go" gone $p
there $q || fail "the other function's PMU went too"

# The link comes back: a rescan finds the function, which counts.
echo up >$EMU/$p/link || fail "link up"
echo 1 >/sys/bus/pci/rescan
wait_for "the PMU after the rescan" there $p
expect_eq "after the rescan" 5 "$(counts $p/m2s_req_memrd/ -- \
	sh -c "echo 'gid=0x20 ev=1 count=5' >$EMU/$p/inject")"

# --- The same with the owner bound: its vectors are left alone ----------
modprobe nvu_cxl_owner || fail "modprobe nvu_cxl_owner"
cxl_own 1
[ -z "$(irq_of $q)" ] || fail "an interrupt requested for $q"
hold so -x, -a -e $q/m2s_req_memrd/ -o /tmp/so.out
inject $q "gid=0x20 ev=1 count=3000000000"
# A poll reads the counter after the traffic (32 bits: every 1.07 s).
q_reads() { sed -n 's/^reads //p' "$EMU/$q/access"; }
q_polled_since() { [ "$(q_reads)" -gt "$1" ]; }
wait_for "a poll" q_polled_since "$(q_reads)"
echo surprise >$EMU/$q/link || fail "surprise removal"
release so
expect_eq "count up to the surprise" 3000000000 \
	"$(grep -v '^#' /tmp/so.out | grep . | cut -d, -f1)"
expect_eq "reads after the mark (owner bound)" 0 "$(link 1 late_reads)"
expect_eq "writes after the mark (owner bound)" 0 "$(link 1 late_writes)"
wait_for "the PMU to go (owner bound)" gone $q
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"
nowarn "surprise removals"

# --- A memory device's function pulled out: no probe on the dead link ----
# The driver unbinds as part of the removal, after the function was marked
# disconnected.  The memdev went before (cxl_pci removes memX in its
# remove), so the name the PMU should have changes there: the PMU is not
# probed again under the PCI name, which would read the dead link.
load_model cxl_fns=2
modprobe nvu_memdev pci=10000:00:01.0 id=7 || fail "modprobe nvu_memdev"
modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu"
cxl_own 1
there cxl_pmu_mem7.0 || fail "no PMU cxl_pmu_mem7.0"
rmmod nvu_memdev || fail "rmmod nvu_memdev"
dmesg -c >/dev/null
echo surprise >$EMU/$q/link || fail "surprise removal"
wait_for "the memdev's PMU to go" gone cxl_pmu_mem7.0
expect_eq "reads after the mark (memdev)" 0 "$(link 1 late_reads)"
expect_eq "writes after the mark (memdev)" 0 "$(link 1 late_writes)"
gone $q || fail "$q registered for a pulled function"
expect_eq "messages of a probe" 0 "$(dmesg | grep -c -e 'is now' -e 'counter width')"
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"
nowarn "a memdev's function pulled out"

# --- Memory decoding off until the function's driver binds ---------------
dmesg -c >/dev/null
load_cxl cxl_decode_off=1
expect_eq "PMUs while decoding is off" 0 "$(ls $PMUS | grep -c '^cxl_pmu_')"
expect_eq "messages" 2 "$(logged 'CXL CPMUs (1) wait for a driver: memory decoding is off')"
cxl_own 0
wait_for "the PMU once the owner enabled the function" there $p
expect_eq "found late, counts" 7 "$(counts $p/m2s_req_memrd/ -- \
	sh -c "echo 'gid=0x20 ev=1 count=7' >$EMU/$p/inject")"
gone $q || fail "a PMU for function 1, whose decoding is still off"
cxl_disown 0
rmmod nvu_cxl_cpmu && rmmod nvu_emu && rmmod nvu_cxl_owner || fail "unload"

# --- Asked to probe asynchronously ---------------------------------------
load_cxl -- async_probe=1
expect_eq "PMUs with async_probe=1" "$p $q" "$(ls $PMUS | grep '^cxl_pmu_' | xargs)"
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"
nowarn "late discovery"
finish

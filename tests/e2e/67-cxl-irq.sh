#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU overflow interrupt on the MSI vector of the function's owner.
# The model's functions offer MSI; nvu_cxl_owner stands in for cxl_pci:
# bound through driver_override, it allocates the vectors and holds vector
# 0 (ONESHOT, threaded, as cxl_pci's mailbox).  While it is bound the PMU
# shares the CPMU's vector; when it unbinds the PMU gives the vector back
# first and polls.  Traffic here comes in batches that polling alone would
# miscount: two 3e9 batches of a 32-bit counter within one poll period
# (1.07 s) are more than a wrap, and a 16-bit counter cannot be polled at
# all at the default rate bound.
. "$NVU_TESTS/lib.sh"

# msi_sent PMU: messages the model's CPMU sent (its "msi" file).
msi_sent() {
	sed -n 's/^sent \([0-9]*\) .*/\1/p' $EMU/$1/msi
}

# batches PMU CHUNK N PAUSE: N batches of CHUNK clock ticks (fixed
# counter) and m2s_req_memrd (configurable counter), PAUSE s apart.
batches() {
	cat >/tmp/b.sh <<S
i=0
while [ \$i -lt $3 ]; do
	echo 'cycles=$2' >$EMU/$1/inject
	echo 'gid=0x20 ev=1 count=$2' >$EMU/$1/inject
	sleep $4
	i=\$((i + 1))
done
S
	counts $1/clock_ticks/ $1/m2s_req_memrd/ -- sh /tmp/b.sh | xargs
}

nowarn() {
	expect_eq "kernel warnings ($1)" 0 "$(dmesg | grep -c -e 'WARNING:' -e 'BUG:')"
}

modprobe nvu_cxl_owner || fail "modprobe nvu_cxl_owner"

# --- 32-bit counters -----------------------------------------------------
load_cxl cxl_width=32
p=$(cxl_pmu 0 0) q=$(cxl_pmu 1 0)
[ -z "$(irq_of $p)" ] || fail "an interrupt before the owner bound"
cxl_own 0
irq=$(irq_of $p)
[ -n "$irq" ] || fail "no interrupt for $p after the owner bound"
expect_eq "$p shares the CPMU's vector (1) with nothing" "$p" \
	"$(grep "^ *$irq:" /proc/interrupts | sed 's/.*  //')"
expect_eq "interrupt on the owner CPU" "$(cat $PMUS/$p/cpumask)" \
	"$(cat /proc/irq/$irq/effective_affinity_list)"
sent=$(msi_sent $p)
expect_eq "32-bit, 4 x 3e9 in 0.2 s, by interrupt" "12000000000 12000000000" \
	"$(batches $p 3000000000 4 0.05)"
# From half range each batch wraps each of the two counters once.
expect_eq "messages sent" 8 $(($(msi_sent $p) - sent))
expect_eq "the other function, no owner: no interrupt" "" "$(irq_of $q)"

# The owner unbinds while an event counts: polled from then on, exact.
hold ub -x, -a -e $p/m2s_req_memrd/ -o /tmp/ub.out
inject $p "gid=0x20 ev=1 count=3000000000"
sleep 0.2
cxl_disown 0
[ -z "$(irq_of $p)" ] || fail "interrupt kept after the owner unbound"
inject $p "gid=0x20 ev=1 count=1000000000"
sleep 1.5
inject $p "gid=0x20 ev=1 count=1000000000"
# Bound again: the running event stays polled; a new one is not.
cxl_own 0
[ -n "$(irq_of $p)" ] || fail "no interrupt after the owner bound again"
inject $p "gid=0x20 ev=1 count=2000000000"
release ub
expect_eq "count across unbind and bind" 7000000000 \
	"$(grep -v '^#' /tmp/ub.out | grep . | cut -d, -f1)"
expect_eq "after binding again, by interrupt" "6000000000 6000000000" \
	"$(batches $p 3000000000 2 0.05)"

# The owner CPU goes offline: the interrupt follows the PMU.
cxl_own 1
irq=$(irq_of $q)
owner=$(cat $PMUS/$q/cpumask)
if [ "$owner" != 0 ]; then
	echo 0 >/sys/devices/system/cpu/cpu$owner/online || fail "offline cpu$owner"
	moved=$(cat $PMUS/$q/cpumask)
	expect_eq "interrupt moved with the PMU" "$moved" \
		"$(cat /proc/irq/$irq/effective_affinity_list)"
	expect_eq "counts on the new owner, by interrupt" "6000000000 6000000000" \
		"$(batches $q 3000000000 2 0.05)"
	echo 1 >/sys/devices/system/cpu/cpu$owner/online || fail "online cpu$owner"
	expect_eq "interrupt back on cpu$owner" "$owner" \
		"$(cat /proc/irq/$irq/effective_affinity_list)"
else
	echo "# one socket: the owner is CPU 0, which cannot go offline"
fi

# The function goes away with the owner bound and an event open: the
# vector is given back before the owner frees it, counts are kept.
hold rm -x, -a -e $q/m2s_req_memrd/ -o /tmp/rm.out
inject $q "gid=0x20 ev=1 count=3000000000"
sleep 0.2
echo 1 >/sys/bus/pci/devices/$(cxl_bdf 1)/remove || fail "remove $(cxl_bdf 1)"
release rm
expect_eq "count up to the removal" 3000000000 \
	"$(grep -v '^#' /tmp/rm.out | grep . | cut -d, -f1)"
[ -z "$(irq_of $q)" ] || fail "interrupt of a removed function still requested"

# Our module goes while the owner keeps the vector.
rmmod nvu_cxl_cpmu || fail "rmmod nvu_cxl_cpmu"
[ -z "$(irq_of $p)" ] || fail "interrupt kept after rmmod"
cxl_disown 0
rmmod nvu_emu || fail "rmmod nvu_emu"
nowarn "32-bit"

# --- The CPMU's vector is the owner's vector 0 (ONESHOT): shared ---------
load_cxl cxl_width=32 cxl_msi_num=0
cxl_own 0
irq=$(irq_of $p)
[ -n "$irq" ] || fail "no interrupt shared with the owner's vector 0"
expect_eq "one line, both handlers" "nvu_cxl_owner, $p" \
	"$(grep "^ *$irq:" /proc/interrupts | sed 's/.*  //')"
expect_eq "shared vector, by interrupt" "9000000000 9000000000" \
	"$(batches $p 3000000000 3 0.05)"
cxl_disown 0
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"

# --- Fewer vectors than the message number: polled -----------------------
rmmod nvu_cxl_owner && modprobe nvu_cxl_owner vectors=1 || fail "reload owner"
load_cxl cxl_width=32
cxl_own 0
[ -z "$(irq_of $p)" ] || fail "interrupt taken on a vector the owner did not allocate"
expect_eq "polled, within a poll period each" "6000000000 6000000000" \
	"$(batches $p 2000000000 3 1.5)"
cxl_disown 0
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"
rmmod nvu_cxl_owner && modprobe nvu_cxl_owner || fail "reload owner"

# --- [I] The message number follows the vectors the owner enabled -------
# (model parameter cxl_msi_num_mme): 0 at probe, with MSI off; 1 once the
# owner has enabled 16 vectors.  The number read at probe would take the
# owner's vector 0, on which the CPMU sends nothing.
load_cxl cxl_width=32 cxl_msi_num_mme=1
cxl_own 0
irq=$(irq_of $p)
[ -n "$irq" ] || fail "no interrupt with cxl_msi_num_mme=1"
expect_eq "the CPMU's vector (1) once the owner bound" "$p" \
	"$(grep "^ *$irq:" /proc/interrupts | sed 's/.*  //')"
expect_eq "message number read at the bind, by interrupt" "6000000000 6000000000" \
	"$(batches $p 3000000000 2 0.05)"
cxl_disown 0
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"

# --- 16-bit counters: too narrow to poll at 2e9/s, counted by interrupt --
load_cxl cxl_width=16
[ -d $PMUS/$p ] || fail "16-bit CPMU that can interrupt not registered"
refused $p/m2s_req_memrd/
cxl_own 0
# From half range (32768) each 50000 wraps once.
expect_eq "16-bit, 10 x 50000, by interrupt" "500000 500000" \
	"$(batches $p 50000 10 0.05)"
# Its free-running counter cannot be polled nor interrupt: left unused,
# and nothing else counts that event, which is not listed.
[ ! -e $PMUS/$p/events/s2m_drs_memdata ] || fail "s2m_drs_memdata listed at 16 bits"
refused $p/vid=0x1e98,gid=0x25,mask=1/
# The owner unbinds while counting: the events stop, with their counts.
hold nb -x, -a -e $p/m2s_req_memrd/ -o /tmp/nb.out
inject $p "gid=0x20 ev=1 count=50000"
sleep 0.2
inject $p "gid=0x20 ev=1 count=50000"
sleep 0.2
cxl_disown 0
inject $p "gid=0x20 ev=1 count=50000"
release nb
expect_eq "16-bit count up to the unbind" 100000 \
	"$(grep -v '^#' /tmp/nb.out | grep . | cut -d, -f1)"
expect_eq "stop message" 1 \
	"$(dmesg | grep -c "$p: its MSI vector went with $(cxl_bdf 0)'s driver, and 16-bit counters cannot be polled; events stopped counting: 1")"
refused $p/m2s_req_memrd/
rmmod nvu_cxl_cpmu && rmmod nvu_emu && rmmod nvu_cxl_owner || fail "unload"
nowarn "16-bit"
finish

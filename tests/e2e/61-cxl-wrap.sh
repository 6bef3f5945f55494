#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU counters of 16 and 32 bits wrap many times under perf and lose
# nothing, polled (no owner has the function's MSI vectors here): the poll
# period follows the width and the driver's rate bound (max_rate).  A width
# too narrow to poll at that rate is refused where no interrupt can help.
# 64-bit counters count beyond 48 bits without a poll.
. "$NVU_TESTS/lib.sh"

# wrap_run PMU CHUNK N PAUSE: N batches of CHUNK events on a fixed, a
# free-running and a configurable counter, PAUSE seconds apart (more than
# one poll period, so no counter moves half its range unseen).
wrap_run() {
	cat >/tmp/w.sh <<S
i=0
while [ \$i -lt $3 ]; do
	echo 'cycles=$2' >$EMU/$1/inject
	echo 'gid=0x25 ev=0 count=$2' >$EMU/$1/inject
	echo 'gid=0x20 ev=1 count=$2' >$EMU/$1/inject
	sleep $4
	i=\$((i + 1))
done
S
	counts $1/clock_ticks/ $1/s2m_drs_memdata/ $1/m2s_req_memrd/ -- sh /tmp/w.sh | xargs
}

p=$(cxl_pmu 0 0)
# 16 bits at the default bound (2e9/s) would need a poll every 16 us:
# refused, even where the CPMU could interrupt (the driver only polls).
load_cxl cxl_width=16 cxl_fns=1
[ ! -d $PMUS/$p ] || fail "16-bit CPMU registered at the default max_rate"
expect_eq "refusal message" 1 "$(dmesg | grep -c "16-bit counters wrap too fast to poll")"
rmmod nvu_cxl_cpmu || fail "rmmod"
# At 1e8/s it is polled every 328 us: 10 batches of 30000 wrap 4 times.
modprobe nvu_cxl_cpmu max_rate=100000000 || fail "modprobe max_rate=1e8"
expect_eq "16-bit counters, 300000 events" "300000 300000 300000" "$(wrap_run $p 30000 10 0.01)"
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"

# 32 bits at the default bound: polled every 1.07 s; 3 x 2e9 wraps once.
load_cxl cxl_width=32 cxl_fns=1
expect_eq "32-bit counters, 6e9 events" "6000000000 6000000000 6000000000" \
	"$(wrap_run $p 2000000000 3 1.5)"
rmmod nvu_cxl_cpmu && rmmod nvu_emu || fail "unload"

# 64 bits: never polled, and counts far beyond 48 bits are exact.
load_cxl cxl_width=64 cxl_fns=1
expect_eq "64-bit counters, 3e15 events" "3000000000000000 3000000000000000 3000000000000000" \
	"$(wrap_run $p 1000000000000000 3 0)"
finish

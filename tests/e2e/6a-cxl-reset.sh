#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: a reset of the function while events count.  A Function Level
# Reset through the PCI core's "reset" file (as vfio or an administrator
# does it), or its power-management reset (to D3hot and back to D0),
# puts every CPMU register back to its reset value in the model, and
# nobody tells our driver, which does not own the function.  It finds
# the reset at its next read of each counter (below the last read, Enable
# bit clear), programs the counter again (configuration, filter) and
# counts on from there: no 2^width jump.  What the counter counted from
# its last read before the reset to its first after it is lost: found at
# perf's last read, everything; with "perf stat -I 100", nothing here.
# Documentation/cxl.rst, "Removal, reset and power".
. "$NVU_TESTS/lib.sh"
p=$(cxl_pmu 0 0)
rst=/sys/bus/pci/devices/$(cxl_bdf 0)/reset
# On the fixed counter, on a configurable one with the HDM filter, and on
# another configurable one.
evs="$p/clock_ticks/ $p/m2s_req_memrd,hdm_filter_en=1,hdm=0x2/ $p/m2s_rwd_memwr/"

resets() {
	sed -n 's/^resets //p' "$EMU/$p/link"
}

# before_reset / after_reset: traffic; the second batch of M2S requests
# goes to decoder 0, which the filter (decoders 1 only) must drop.
cat >/tmp/traffic.sh <<S
case \$1 in
before)
	echo 'cycles=1000' >$EMU/$p/inject
	echo 'gid=0x20 ev=1 count=1000 hdm=1' >$EMU/$p/inject
	echo 'gid=0x21 ev=1 count=500' >$EMU/$p/inject ;;
after)
	echo 'cycles=2000' >$EMU/$p/inject
	echo 'gid=0x20 ev=1 count=2000 hdm=1' >$EMU/$p/inject
	echo 'gid=0x20 ev=1 count=40 hdm=0' >$EMU/$p/inject
	echo 'gid=0x21 ev=1 count=700' >$EMU/$p/inject ;;
esac
S

load_cxl cxl_fns=1
[ -e "$rst" ] || fail "$(cxl_bdf 0) has no reset file"
expect_eq "reset methods" "flr pm" "$(cat /sys/bus/pci/devices/$(cxl_bdf 0)/reset_method)"

# Read every 100 ms: each counter is found reset within 100 ms.
hold r -I 100 -x, -a -e "$(echo $evs | tr ' ' ,)" -o /tmp/r.out
sh /tmp/traffic.sh before
sleep 0.3
echo 1 >"$rst" || fail "reset $(cxl_bdf 0)"
sleep 0.5
sh /tmp/traffic.sh after
sleep 0.3
release r
expect_eq "function resets" 1 "$(resets)"
got=$(grep -v '^#' /tmp/r.out | awk -F, 'NF > 3 {
	if (!($4 in s)) o[n++] = $4; s[$4] += $2 }
	END { for (i = 0; i < n; i++) printf "%s ", s[o[i]] }')
expect_eq "interval sums across the reset" "3000 3000 1200" "$(echo $got)"

# Counting again after a reset: the counters are programmed at start.
# shellcheck disable=SC2086
got=$(counts $evs -- sh /tmp/traffic.sh after)
expect_eq "counts after the reset" "2000 2000 700" "$(echo $got)"

# Counted without a read in between (the counters start where the
# session above left them, not at 0): the reset is found at perf's last
# read, and nothing is added for it; all the session counted is lost.
# shellcheck disable=SC2086
got=$(counts $evs -- sh -c "sh /tmp/traffic.sh before; echo 1 >$rst; sh /tmp/traffic.sh after")
expect_eq "counts with the reset found at the end" "0 0 0" "$(echo $got)"
expect_eq "function resets" 2 "$(resets)"

# shellcheck disable=SC2086
got=$(counts $evs -- sh /tmp/traffic.sh after)
expect_eq "counts after the second reset" "2000 2000 700" "$(echo $got)"

# The PCI core's other reset of this function: to D3hot and back to D0,
# which resets it (No Soft Reset is 0), read every 100 ms.
echo pm >/sys/bus/pci/devices/$(cxl_bdf 0)/reset_method || fail "reset_method pm"
hold r -I 100 -x, -a -e "$(echo $evs | tr ' ' ,)" -o /tmp/r.out
sh /tmp/traffic.sh before
sleep 0.3
echo 1 >"$rst" || fail "reset $(cxl_bdf 0) through D3hot"
sleep 0.5
sh /tmp/traffic.sh after
sleep 0.3
release r
expect_eq "function resets" 3 "$(resets)"
got=$(grep -v '^#' /tmp/r.out | awk -F, 'NF > 3 {
	if (!($4 in s)) o[n++] = $4; s[$4] += $2 }
	END { for (i = 0; i < n; i++) printf "%s ", s[o[i]] }')
expect_eq "interval sums across the reset through D3hot" "3000 3000 1200" "$(echo $got)"
finish

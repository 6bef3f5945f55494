#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (tests/vm/run --debug, run by scripts/check): exits 0,
# but the kernel reports it causes must each fail the run with their own
# "vm: FAIL:" line: a WARN, a kmemleak leak, a hung task, a soft lockup
# and an RCU stall.  The detectors' thresholds are lowered first so that
# this takes seconds, not minutes.
echo 2 >/proc/sys/kernel/hung_task_timeout_secs || exit 1
echo 1 >/proc/sys/kernel/watchdog_thresh || exit 1
echo 3 >/sys/module/rcupdate/parameters/rcu_cpu_stall_timeout || exit 1
# RCU stall warnings wait rcu_cpu_stall_timeout (3 s) plus 5 s more with
# PROVE_RCU (the debug kernel): spin well past those 8 s.
modprobe nvu_harness warn=1 leak=1 hang_ms=6000 lockup_ms=14000 || exit 1
exit 0

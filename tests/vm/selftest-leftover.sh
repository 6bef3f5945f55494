#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (selftest-check.sh): passes, but leaves perf counting
# on a UCF PMU in the background, so nvu_t410_ucf cannot be unloaded
# afterwards: tests/guest-check.sh must fail this script for it.
. "$NVU_TESTS/lib.sh"
load_t410
hold leftover -a -e nvidia_ucf_pmu_0/cycles/
pass

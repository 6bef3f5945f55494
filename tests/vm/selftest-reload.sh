#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (selftest-check.sh): runs while a driver is still
# loaded (selftest-leftover.sh), so load_t410 must fail.
. "$NVU_TESTS/lib.sh"
load_t410 ucf_width=40
pass

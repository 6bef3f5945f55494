#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (selftest-check.sh): never ends by itself; the
# per-script timeout of tests/guest-check.sh must kill it, the child too.
sleep 100000 &
sleep 100000

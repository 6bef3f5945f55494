#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (selftest-check.sh): the guest dies mid-run.
poweroff -f
sleep 60

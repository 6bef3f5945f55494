#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Harness self-check (tests/vm/run selftest-check.sh, run by scripts/check
# with NVU_SELFTEST_FAIL=1): tests/guest-check.sh where every kind of test
# failure happens once, each of which scripts/check must report:
#  - the KUnit module nvu_t410_kunit cannot load (its file is removed), so
#    fewer KUnit cases run than the sources define;
#  - the KUnit case nvu_core.nvu_test_selftest fails (selftest_fail=1);
#  - e2e 00-harness fails (NVU_SELFTEST_FAIL=1);
#  - selftest-timeout.sh never ends and must be killed by the per-script
#    timeout;
#  - selftest-numbers.sh feeds "<not counted>" to the numeric checks;
#  - selftest-leftover.sh leaves a driver in use, which must fail it;
#  - selftest-reload.sh then loads the model and drivers again, which
#    must fail since they are still loaded;
#  - selftest-poweroff.sh powers the guest off: the e2e document ends
#    early and tests/vm/run reports that the guest died.
rm -f /lib/modules/*/extra/nvu_t410_kunit.ko
export NVU_KUNIT_ARGS="nvu_kunit selftest_fail=1" NVU_E2E_TIMEOUT=5
v=$NVU_TESTS/vm
exec sh "$NVU_TESTS/guest-check.sh" "$NVU_TESTS/e2e/00-harness.sh" \
	"$v/selftest-timeout.sh" "$v/selftest-numbers.sh" "$v/selftest-leftover.sh" \
	"$v/selftest-reload.sh" "$v/selftest-poweroff.sh"

# SPDX-License-Identifier: GPL-2.0
# Helpers for the end-to-end tests (busybox sh, inside the test VM).

fail() {
	echo "FAIL: $*"
	exit 1
}

pass() {
	echo "PASS"
	exit 0
}

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: expected $2, got $3"
		NVU_FAILED=1
	else
		echo "ok: $1 = $3"
	fi
}

# Exit with the result of every expect_eq so far.
finish() {
	[ -z "${NVU_FAILED:-}" ] || exit 1
	pass
}

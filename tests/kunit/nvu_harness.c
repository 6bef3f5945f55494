// SPDX-License-Identifier: GPL-2.0
/*
 * Test-harness helper: "modprobe nvu_harness warn=1" raises a kernel WARN
 * so that scripts/check can show that tests/vm/run fails such a run.
 */

#include <linux/bug.h>
#include <linux/module.h>

static bool warn;
module_param(warn, bool, 0444);
MODULE_PARM_DESC(warn, "raise a WARN when loaded");

static int __init nvu_harness_init(void)
{
	WARN(warn, "nvu_harness: deliberate warning (warn=1)\n");
	return 0;
}

static void __exit nvu_harness_exit(void)
{
}

module_init(nvu_harness_init);
module_exit(nvu_harness_exit);
MODULE_DESCRIPTION("nv-uncore test-harness helper");
MODULE_LICENSE("GPL");

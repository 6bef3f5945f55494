// SPDX-License-Identifier: GPL-2.0
/*
 * Test-harness helper: each parameter makes the kernel report a problem
 * when the module is loaded, so that scripts/check can show that
 * tests/vm/run fails such a run and names the reason:
 *
 *   warn=1          a WARN
 *   leak=1          memory kmemleak reports as unreferenced
 *   hang_ms=N       an uninterruptible sleep of N ms (the hung-task detector,
 *                   with a hung_task_timeout_secs below N / 1000)
 *   lockup_ms=N     N ms busy with preemption disabled while a grace period
 *                   waits (the soft-lockup detector and RCU stall warnings,
 *                   with watchdog_thresh and rcu_cpu_stall_timeout low
 *                   enough)
 */

#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/processor.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

static bool warn;
module_param(warn, bool, 0444);
MODULE_PARM_DESC(warn, "raise a WARN when loaded");

static bool leak;
module_param(leak, bool, 0444);
MODULE_PARM_DESC(leak, "leak a few allocations when loaded");

static uint hang_ms;
module_param(hang_ms, uint, 0444);
MODULE_PARM_DESC(hang_ms, "sleep uninterruptibly this long when loaded");

static uint lockup_ms;
module_param(lockup_ms, uint, 0444);
MODULE_PARM_DESC(lockup_ms, "spin with preemption off this long when loaded");

/* Only a scrambled value of each leaked pointer is kept. */
static unsigned long nvu_harness_sink;

static void nvu_harness_leak(void)
{
	int i;

	for (i = 0; i < 4; i++) {
		void *p = kmalloc(128, GFP_KERNEL);

		WRITE_ONCE(nvu_harness_sink, (unsigned long)p ^ ~0UL);
	}
}

static int __init nvu_harness_init(void)
{
	unsigned long end;

	WARN(warn, "nvu_harness: deliberate warning (warn=1)\n");
	if (leak)
		nvu_harness_leak();
	if (hang_ms)
		msleep(hang_ms);
	if (lockup_ms) {
		/*
		 * A grace period reads the stall timeout when it starts: let
		 * any that began before the test lowered it end first, then
		 * start one the spinning CPU holds up.  It is started here, not
		 * by call_rcu(): on PREEMPT_RT that leaves the start to this
		 * CPU's rcuc thread, which the spin keeps from running.
		 */
		synchronize_rcu();
		start_poll_synchronize_rcu();
		end = jiffies + msecs_to_jiffies(lockup_ms);
		preempt_disable();
		while (time_before(jiffies, end))
			cpu_relax();
		preempt_enable();
	}
	return 0;
}

static void __exit nvu_harness_exit(void)
{
}

module_init(nvu_harness_init);
module_exit(nvu_harness_exit);
MODULE_DESCRIPTION("nv-uncore test-harness helper");
MODULE_LICENSE("GPL");

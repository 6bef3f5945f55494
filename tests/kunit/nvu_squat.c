// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: "modprobe nvu_squat names=a,b" registers one bare perf PMU
 * under each name, standing in for an in-tree driver that already owns
 * those PMU names.  Its PMUs accept no event.
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#define NVU_SQUAT_MAX 8

static char *names[NVU_SQUAT_MAX];
static int nr_names;
module_param_array(names, charp, &nr_names, 0444);
MODULE_PARM_DESC(names, "PMU names to register (at most 8)");

static struct pmu squat_pmus[NVU_SQUAT_MAX];
static int nr_registered;

static int squat_event_init(struct perf_event *event)
{
	return -ENOENT;
}

static int squat_add(struct perf_event *event, int flags)
{
	return -EINVAL;
}

static void squat_nop(struct perf_event *event, int flags)
{
}

static void squat_read(struct perf_event *event)
{
}

static int __init nvu_squat_init(void)
{
	int i, ret;

	for (i = 0; i < nr_names; i++) {
		struct pmu *pmu = &squat_pmus[i];

		pmu->module = THIS_MODULE;
		pmu->task_ctx_nr = perf_invalid_context;
		pmu->capabilities = PERF_PMU_CAP_NO_INTERRUPT;
		pmu->event_init = squat_event_init;
		pmu->add = squat_add;
		pmu->del = squat_nop;
		pmu->start = squat_nop;
		pmu->stop = squat_nop;
		pmu->read = squat_read;
		ret = perf_pmu_register(pmu, names[i], -1);
		if (ret) {
			while (i--)
				perf_pmu_unregister(&squat_pmus[i]);
			return ret;
		}
	}
	nr_registered = nr_names;
	return 0;
}

static void __exit nvu_squat_exit(void)
{
	while (nr_registered--)
		perf_pmu_unregister(&squat_pmus[nr_registered]);
}

module_init(nvu_squat_init);
module_exit(nvu_squat_exit);
MODULE_DESCRIPTION("nv-uncore test helper: PMU names already taken");
MODULE_LICENSE("GPL");

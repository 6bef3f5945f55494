// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the Tegra410 driver-against-model KUnit suites, and the
 * module's identity.  The suites live in nvu_t410_test.c (UCF, CMEM),
 * nvu_t410_pcie_test.c and nvu_t410_c2c_test.c.  They need nvu_emu
 * (clock_khz=0) and the Tegra410 drivers loaded; tests/guest-check.sh
 * loads them.
 */

#include <linux/module.h>

#include "nv_uncore.h"
#include "nvu_emu.h"
#include "nvu_t410_kunit.h"

/**
 * nvu_kt_open() - open one counting kernel event on PMU @pmu
 * @test: the test; fails now if @pmu is not registered
 * @pmu: PMU name
 * @config: attr.config
 * @config1: attr.config1
 * @config2: attr.config2
 *
 * Returns the event, or an ERR_PTR if the PMU refused it.  The caller
 * releases it.
 */
struct perf_event *nvu_kt_open(struct kunit *test, const char *pmu,
			       u64 config, u64 config1, u64 config2)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.config = config,
		.config1 = config1,
		.config2 = config2,
	};
	struct perf_event *event;
	struct nvu_pmu *p;

	p = nvu_pmu_get(pmu);
	KUNIT_ASSERT_NOT_NULL_MSG(test, p, "PMU %s is not registered", pmu);
	attr.type = p->pmu.type;
	event = perf_event_create_kernel_counter(&attr, p->cpu, NULL, NULL,
						 NULL);
	nvu_pmu_put(p);
	return event;
}

static void nvu_kt_release(void *event)
{
	perf_event_release_kernel(event);
}

/**
 * nvu_kt_open_ok() - open an event that must open
 * @test: the test; fails now if the event is refused
 * @pmu: PMU name
 * @config: attr.config
 * @config1: attr.config1
 * @config2: attr.config2
 *
 * The event is released when the test ends, however it ends.
 */
struct perf_event *nvu_kt_open_ok(struct kunit *test, const char *pmu,
				  u64 config, u64 config1, u64 config2)
{
	struct perf_event *event;

	event = nvu_kt_open(test, pmu, config, config1, config2);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(event),
			       "%s config %#llx %#llx %#llx refused: %ld", pmu,
			       config, config1, config2, PTR_ERR(event));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nvu_kt_release,
							event), 0);
	return event;
}

/**
 * nvu_kt_refused() - the error of opening an event, 0 if it opened
 * @test: the test
 * @pmu: PMU name
 * @config: attr.config
 * @config1: attr.config1
 * @config2: attr.config2
 */
int nvu_kt_refused(struct kunit *test, const char *pmu, u64 config,
		   u64 config1, u64 config2)
{
	struct perf_event *event;

	event = nvu_kt_open(test, pmu, config, config1, config2);
	if (IS_ERR(event))
		return PTR_ERR(event);
	perf_event_release_kernel(event);
	return 0;
}

/**
 * nvu_kt_count() - the event's count now
 * @event: the event
 */
u64 nvu_kt_count(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/**
 * nvu_kt_inject() - inject one line of traffic into the model
 * @test: the test; fails now if the model refuses the line
 * @pmu: the model device (named like its PMU)
 * @line: an inject line
 */
void nvu_kt_inject(struct kunit *test, const char *pmu, const char *line)
{
	KUNIT_ASSERT_EQ_MSG(test, nvu_emu_inject(pmu, line), 0, "%s: %s", pmu,
			    line);
}

MODULE_DESCRIPTION("KUnit: Tegra410 PMU drivers, pure logic and against the hardware model");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();
NVU_IMPORT_KUNIT_NS();

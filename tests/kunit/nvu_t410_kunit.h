/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the Tegra410 driver-against-model KUnit suites (module
 * nvu_t410_kunit): open kernel counters on a registered PMU, read them,
 * inject traffic into the model.
 */
#ifndef NVU_T410_KUNIT_H
#define NVU_T410_KUNIT_H

#include <kunit/test.h>
#include <linux/perf_event.h>

struct perf_event *nvu_kt_open(struct kunit *test, const char *pmu,
			       u64 config, u64 config1, u64 config2);
struct perf_event *nvu_kt_open_ok(struct kunit *test, const char *pmu,
				  u64 config, u64 config1, u64 config2);
int nvu_kt_refused(struct kunit *test, const char *pmu, u64 config,
		   u64 config1, u64 config2);
u64 nvu_kt_count(struct perf_event *event);
void nvu_kt_inject(struct kunit *test, const char *pmu, const char *line);

#endif /* NVU_T410_KUNIT_H */

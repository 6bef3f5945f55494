// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the Tegra410 drivers against the hardware model.  Opens kernel
 * counters on the registered PMUs, injects traffic into nvu_emu and checks
 * the exact counts.  Needs nvu_emu (clock_khz=0), nvu_t410_ucf and
 * nvu_t410_cmem_lat loaded; tests/guest-check.sh loads them.
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include "nv_uncore.h"
#include "nvu_emu.h"
#include "nvu_t410_regs.h"

/* Open one counting event on @name; NULL pmu or an ERR_PTR on failure. */
static struct perf_event *nvu_open(struct kunit *test, const char *name,
				   u64 config, u64 config1, u64 config2)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.config = config,
		.config1 = config1,
		.config2 = config2,
	};
	struct perf_event *event;
	struct nvu_pmu *pmu;

	pmu = nvu_pmu_get(name);
	KUNIT_ASSERT_NOT_NULL_MSG(test, pmu, "PMU %s is not registered", name);
	attr.type = pmu->pmu.type;
	event = perf_event_create_kernel_counter(&attr, pmu->cpu, NULL, NULL,
						 NULL);
	nvu_pmu_put(pmu);
	return event;
}

static u64 nvu_count(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

static void nvu_inject(struct kunit *test, const char *name, const char *line)
{
	KUNIT_ASSERT_EQ_MSG(test, nvu_emu_inject(name, line), 0, "%s", line);
}

static void nvu_t410_ucf_filtered(struct kunit *test)
{
	const char *ucf = "nvidia_ucf_pmu_0";
	struct perf_event *all, *cpu_cmem, *rem;

	all = nvu_open(test, ucf, T410_UCF_SLC_BYTES_RD, 0, 0);
	cpu_cmem = nvu_open(test, ucf, T410_UCF_SLC_BYTES_RD,
			    T410_UCF_SRC_LOC_CPU | T410_UCF_DST_LOC_CMEM, 0);
	rem = nvu_open(test, ucf, T410_UCF_SLC_ACCESS_RD, T410_UCF_SRC_REM, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(all) || IS_ERR(cpu_cmem) || IS_ERR(rem));

	nvu_inject(test, ucf, "op=rd count=10 bytes=64 src=cpu dst=cmem");
	nvu_inject(test, ucf, "op=rd count=3 bytes=128 src=rem dst=gmem");
	nvu_inject(test, ucf, "op=wr count=7 src=rem");

	KUNIT_EXPECT_EQ(test, nvu_count(all), 10ULL * 64 + 3 * 128);
	KUNIT_EXPECT_EQ(test, nvu_count(cpu_cmem), 10ULL * 64);
	KUNIT_EXPECT_EQ(test, nvu_count(rem), 3ULL);

	perf_event_release_kernel(all);
	perf_event_release_kernel(cpu_cmem);
	perf_event_release_kernel(rem);
}

static void nvu_t410_ucf_cycles(struct kunit *test)
{
	const char *ucf = "nvidia_ucf_pmu_1";
	struct perf_event *cyc, *bus;

	cyc = nvu_open(test, ucf, T410_UCF_CYCLES, 0, 0);
	bus = nvu_open(test, ucf, T410_UCF_BUS_CYCLES, 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(cyc) || IS_ERR(bus));
	nvu_inject(test, ucf, "cycles=4321");
	KUNIT_EXPECT_EQ(test, nvu_count(cyc), 4321ULL);
	KUNIT_EXPECT_EQ(test, nvu_count(bus), 4321ULL);
	perf_event_release_kernel(cyc);
	perf_event_release_kernel(bus);
}

static void nvu_t410_refused(struct kunit *test)
{
	struct perf_event *e;

	/* config1 bit 3 is no UCF filter; config2 has no field at all. */
	e = nvu_open(test, "nvidia_ucf_pmu_0", T410_UCF_SLC_BYTES_RD, BIT(3), 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(e), -EINVAL);
	e = nvu_open(test, "nvidia_ucf_pmu_0", T410_UCF_SLC_BYTES_RD, 0, 1);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(e), -EINVAL);
	/* CMEM event type 3 does not exist. */
	e = nvu_open(test, "nvidia_cmem_latency_pmu_0", 3, 0, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(e), -EINVAL);
}

static void nvu_t410_cmem_sums(struct kunit *test)
{
	const char *cmem = "nvidia_cmem_latency_pmu_1";
	struct perf_event *req, *outs, *cyc;

	req = nvu_open(test, cmem, T410_CMEM_RD_REQ, 0, 0);
	outs = nvu_open(test, cmem, T410_CMEM_RD_CUM_OUTS, 0, 0);
	cyc = nvu_open(test, cmem, T410_CMEM_CYCLES, 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(req) || IS_ERR(outs) || IS_ERR(cyc));

	nvu_inject(test, cmem, "inst=all mc=all count=2 outs=100");
	nvu_inject(test, cmem, "inst=5 mc=1 count=8 outs=400");
	nvu_inject(test, cmem, "cycles=999");

	KUNIT_EXPECT_EQ(test, nvu_count(req), 42ULL * 2 + 8);
	KUNIT_EXPECT_EQ(test, nvu_count(outs), 42ULL * 2 * 100 + 8 * 400);
	KUNIT_EXPECT_EQ(test, nvu_count(cyc), 999ULL);

	perf_event_release_kernel(req);
	perf_event_release_kernel(outs);
	perf_event_release_kernel(cyc);
}

static struct kunit_case nvu_t410_cases[] = {
	KUNIT_CASE(nvu_t410_ucf_filtered),
	KUNIT_CASE(nvu_t410_ucf_cycles),
	KUNIT_CASE(nvu_t410_refused),
	KUNIT_CASE(nvu_t410_cmem_sums),
	{}
};

static struct kunit_suite nvu_t410_suite = {
	.name = "nvu_t410_model",
	.test_cases = nvu_t410_cases,
};

kunit_test_suite(nvu_t410_suite);

MODULE_DESCRIPTION("KUnit: Tegra410 PMU drivers against the hardware model");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();

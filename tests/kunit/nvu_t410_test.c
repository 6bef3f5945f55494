// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the Tegra410 drivers against the hardware model.  Opens kernel
 * counters on the registered PMUs, injects traffic into nvu_emu and checks
 * the exact counts.  Needs nvu_emu (clock_khz=0), nvu_t410_ucf and
 * nvu_t410_cmem_lat loaded; tests/guest-check.sh loads them.
 */

#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/perf_event.h>

#include "nv_uncore.h"
#include "nvu_emu.h"
#include "nvu_t410_kunit.h"
#include "nvu_t410_regs.h"

static void nvu_t410_ucf_filtered(struct kunit *test)
{
	const char *ucf = "nvidia_ucf_pmu_0";
	struct perf_event *all, *cpu_cmem, *rem;

	all = nvu_kt_open_ok(test, ucf, T410_UCF_SLC_BYTES_RD, 0, 0);
	cpu_cmem = nvu_kt_open_ok(test, ucf, T410_UCF_SLC_BYTES_RD,
				  T410_UCF_SRC_LOC_CPU | T410_UCF_DST_LOC_CMEM, 0);
	rem = nvu_kt_open_ok(test, ucf, T410_UCF_SLC_ACCESS_RD, T410_UCF_SRC_REM, 0);

	nvu_kt_inject(test, ucf, "op=rd count=10 bytes=64 src=cpu dst=cmem");
	nvu_kt_inject(test, ucf, "op=rd count=3 bytes=128 src=rem dst=gmem");
	nvu_kt_inject(test, ucf, "op=wr count=7 src=rem");

	KUNIT_EXPECT_EQ(test, nvu_kt_count(all), 10ULL * 64 + 3 * 128);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(cpu_cmem), 10ULL * 64);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(rem), 3ULL);
}

static void nvu_t410_ucf_cycles(struct kunit *test)
{
	const char *ucf = "nvidia_ucf_pmu_1";
	struct perf_event *cyc, *bus;

	cyc = nvu_kt_open_ok(test, ucf, T410_UCF_CYCLES, 0, 0);
	bus = nvu_kt_open_ok(test, ucf, T410_UCF_BUS_CYCLES, 0, 0);
	nvu_kt_inject(test, ucf, "cycles=4321");
	KUNIT_EXPECT_EQ(test, nvu_kt_count(cyc), 4321ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(bus), 4321ULL);
}

static void nvu_t410_refused(struct kunit *test)
{
	/* config1 bit 3 is no UCF filter; config2 has no field at all. */
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, "nvidia_ucf_pmu_0",
					     T410_UCF_SLC_BYTES_RD, BIT(3), 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, "nvidia_ucf_pmu_0",
					     T410_UCF_SLC_BYTES_RD, 0, 1),
			-EINVAL);
	/* CMEM event type 3 does not exist. */
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, "nvidia_cmem_latency_pmu_0",
					     3, 0, 0),
			-EINVAL);
}

static void nvu_t410_cmem_sums(struct kunit *test)
{
	const char *cmem = "nvidia_cmem_latency_pmu_1";
	struct perf_event *req, *outs, *cyc;

	req = nvu_kt_open_ok(test, cmem, T410_CMEM_RD_REQ, 0, 0);
	outs = nvu_kt_open_ok(test, cmem, T410_CMEM_RD_CUM_OUTS, 0, 0);
	cyc = nvu_kt_open_ok(test, cmem, T410_CMEM_CYCLES, 0, 0);

	nvu_kt_inject(test, cmem, "inst=all mc=all count=2 outs=100");
	nvu_kt_inject(test, cmem, "inst=5 mc=1 count=8 outs=400");
	nvu_kt_inject(test, cmem, "cycles=999");

	KUNIT_EXPECT_EQ(test, nvu_kt_count(req), 42ULL * 2 + 8);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(outs), 42ULL * 2 * 100 + 8 * 400);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(cyc), 999ULL);
}

/* The PMU whose owner nvu_kt_init_then_move() moves, and where to. */
static struct nvu_pmu *nvu_kt_moving;
static int nvu_kt_new_owner;
static int (*nvu_kt_event_init)(struct perf_event *event);

/* event_init(), then the owner moves, before perf installs the event. */
static int nvu_kt_init_then_move(struct perf_event *event)
{
	int ret = nvu_kt_event_init(event);

	WRITE_ONCE(nvu_kt_moving->cpu, nvu_kt_new_owner);
	return ret;
}

/*
 * The owner moves between event_init() and perf installing the event, as
 * when a CPU goes or comes online during perf_event_open() (without events
 * open on the PMU, moving perf's context moves nothing, so setting the
 * owner is all the move does).  The event lands on the old owner; it must
 * not count there, beside the new owner, but move to it and count exactly.
 */
static void nvu_t410_stray_install(struct kunit *test)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.config = T410_UCF_SLC_ACCESS_RD,
	};
	struct perf_event *event;
	struct nvu_pmu *p;
	int old, cpu, i;

	p = nvu_pmu_get("nvidia_ucf_pmu_0");
	KUNIT_ASSERT_NOT_NULL(test, p);
	old = p->cpu;
	nvu_kt_new_owner = cpumask_any_but(cpu_online_mask, old);
	if (nvu_kt_new_owner >= nr_cpu_ids) {
		nvu_pmu_put(p);
		kunit_skip(test, "needs two online CPUs");
	}
	attr.type = p->pmu.type;
	nvu_kt_moving = p;
	nvu_kt_event_init = p->pmu.event_init;
	p->pmu.event_init = nvu_kt_init_then_move;
	event = perf_event_create_kernel_counter(&attr, old, NULL, NULL, NULL);
	p->pmu.event_init = nvu_kt_event_init;
	if (IS_ERR(event)) {
		WRITE_ONCE(p->cpu, old);
		nvu_pmu_put(p);
		KUNIT_FAIL(test, "open: %ld", PTR_ERR(event));
		return;
	}
	/* The core moves it in a work item: allow it a second. */
	for (i = 0; i < 50 && READ_ONCE(event->cpu) != nvu_kt_new_owner; i++)
		msleep(20);
	cpu = READ_ONCE(event->cpu);
	KUNIT_EXPECT_EQ_MSG(test, cpu, nvu_kt_new_owner,
			    "the event stayed on CPU %d, no longer the owner", old);
	/* EXPECT, not ASSERT, from here: the owner is put back below. */
	KUNIT_EXPECT_EQ(test, nvu_emu_inject("nvidia_ucf_pmu_0", "op=rd count=77"),
			0);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(event), 77ULL);
	KUNIT_EXPECT_EQ(test, (int)event->state, (int)PERF_EVENT_STATE_ACTIVE);
	perf_event_release_kernel(event);
	WRITE_ONCE(p->cpu, old);
	nvu_pmu_put(p);
}

static struct kunit_case nvu_t410_cases[] = {
	KUNIT_CASE(nvu_t410_ucf_filtered),
	KUNIT_CASE(nvu_t410_ucf_cycles),
	KUNIT_CASE(nvu_t410_refused),
	KUNIT_CASE(nvu_t410_cmem_sums),
	KUNIT_CASE(nvu_t410_stray_install),
	{}
};

static struct kunit_suite nvu_t410_suite = {
	.name = "nvu_t410_model",
	.test_cases = nvu_t410_cases,
};

kunit_test_suite(nvu_t410_suite);

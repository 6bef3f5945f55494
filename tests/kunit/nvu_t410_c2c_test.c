// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the Tegra410 NVLink-C2C, NV-CLink and NV-DLink PMUs.
 *
 * nvu_t410_c2c_topo checks the pure helpers: peer topology from the
 * firmware masks (including firmware that gives none) and the instances
 * an event sums.  nvu_t410_c2c_model opens kernel counters on the driver
 * bound to the hardware model (nvu_emu clock_khz=0, default topology:
 * GPU0 on NVLink-C2C instances 0-6, GPU1 on 7-13) and checks exact sums,
 * also across a re-enable, which restarts the hardware counts.
 */

#include <kunit/test.h>

#include "nvu_t410_c2c.h"
#include "nvu_t410_kunit.h"
#include "nvu_t410_regs.h"

#define C2C_GPU0	GENMASK(6, 0)
#define C2C_GPU1	GENMASK(13, 7)

static void c2c_topo_two_gpus(struct kunit *test)
{
	struct t410_c2c_topo t;
	u32 insts;

	KUNIT_ASSERT_EQ(test, t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						   C2C_GPU0, C2C_GPU1, &t), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_GPU);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 2U);

	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 0,
						   &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU0 | C2C_GPU1);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_OUT_WR_REQ, 1,
						   &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU0);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_WR_CUM_OUTS,
						   2, &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU1);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_CYCLES, 3,
						   &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU0 | C2C_GPU1);
	/* IDs 9-15 fit the format field but do not exist. */
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_NR_EVENTS, 0,
						   &insts), -EINVAL);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, 15, 0, &insts), -EINVAL);
}

/* Only gpu1_en_mask: GPU1 is the attached GPU, GPU0 does not exist. */
static void c2c_topo_gpu1_only(struct kunit *test)
{
	struct t410_c2c_topo t;
	u32 insts = 0;

	KUNIT_ASSERT_EQ(test, t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						   0, C2C_GPU1, &t), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_GPU);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 0,
						   &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU1);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 2,
						   &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU1);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 1,
						   &insts), -EINVAL);
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 3,
						   &insts), -EINVAL);
}

/* A CPU peer: read events only; cpu_en_mask wins over GPU masks. */
static void c2c_topo_cpu(struct kunit *test)
{
	static const u64 yes[] = {
		T410_C2C_CYCLES, T410_C2C_IN_RD_CUM_OUTS, T410_C2C_IN_RD_REQ,
		T410_C2C_OUT_RD_CUM_OUTS, T410_C2C_OUT_RD_REQ,
	};
	static const u64 no[] = {
		T410_C2C_IN_WR_CUM_OUTS, T410_C2C_IN_WR_REQ,
		T410_C2C_OUT_WR_CUM_OUTS, T410_C2C_OUT_WR_REQ,
	};
	struct t410_c2c_topo t;
	unsigned int i;
	u32 insts;

	KUNIT_ASSERT_EQ(test, t410_c2c_decode_topo(false, T410_CLINK_NR_INST,
						   0xfff, 0x1, 0, &t), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CPU);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		insts = 0;
		KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, yes[i], 0,
							   &insts), 0);
		KUNIT_EXPECT_EQ(test, insts, 0xfffU);
	}
	for (i = 0; i < ARRAY_SIZE(no); i++)
		KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, no[i], 0,
							   &insts), -EINVAL);
	/* No GPU to select on a CPU link. */
	KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 1,
						   &insts), -EINVAL);
}

/* NV-DLink: CXL memory on every instance, firmware masks ignored. */
static void c2c_topo_cxlmem(struct kunit *test)
{
	struct t410_c2c_topo t;
	u64 id;
	u32 insts;

	KUNIT_ASSERT_EQ(test, t410_c2c_decode_topo(true, T410_DLINK_NR_INST,
						   0, 0, 0, &t), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CXLMEM);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	KUNIT_ASSERT_EQ(test, t410_c2c_decode_topo(true, T410_DLINK_NR_INST,
						   0x3, 0x4, 0, &t), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CXLMEM);
	for (id = 0; id < T410_C2C_NR_EVENTS; id++) {
		int want = id <= T410_C2C_IN_RD_REQ ? 0 : -EINVAL;

		insts = 0;
		KUNIT_EXPECT_EQ(test, t410_c2c_event_insts(&t, id, 0, &insts),
				want);
		if (!want)
			KUNIT_EXPECT_EQ(test, insts, 0xffffU);
	}
}

/* Firmware the driver must refuse at probe. */
static void c2c_topo_invalid(struct kunit *test)
{
	struct t410_c2c_topo t;

	/* No mask at all: the peer is unknown. */
	KUNIT_EXPECT_EQ(test, t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						   0, 0, &t), -EINVAL);
	/* Instance 14 does not exist on NVLink-C2C, 12 not on NV-CLink. */
	KUNIT_EXPECT_EQ(test, t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						   BIT(14), 0, &t), -EINVAL);
	KUNIT_EXPECT_EQ(test, t410_c2c_decode_topo(false, T410_CLINK_NR_INST,
						   BIT(12), 0, 0, &t), -EINVAL);
	/* One instance cannot face both GPUs. */
	KUNIT_EXPECT_EQ(test, t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						   0x3, 0x6, &t), -EINVAL);
	KUNIT_EXPECT_EQ(test, t410_c2c_decode_topo(false, 0, 0, 1, 0, &t),
			-EINVAL);
}

static struct kunit_case c2c_topo_cases[] = {
	KUNIT_CASE(c2c_topo_two_gpus),
	KUNIT_CASE(c2c_topo_gpu1_only),
	KUNIT_CASE(c2c_topo_cpu),
	KUNIT_CASE(c2c_topo_cxlmem),
	KUNIT_CASE(c2c_topo_invalid),
	{}
};

static struct kunit_suite c2c_topo_suite = {
	.name = "nvu_t410_c2c_topo",
	.test_cases = c2c_topo_cases,
};

/* NVLink-C2C with two GPUs: sums over the instances of each GPU. */
static void c2c_model_nvlink(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_0";
	struct perf_event *ev[6];

	ev[0] = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 0, 0);
	ev[1] = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 1, 0);
	ev[2] = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 2, 0);
	ev[3] = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_CUM_OUTS, 0, 0);
	ev[4] = nvu_kt_open_ok(test, c2c, T410_C2C_OUT_WR_REQ, 2, 0);
	ev[5] = nvu_kt_open_ok(test, c2c, T410_C2C_CYCLES, 0, 0);

	nvu_kt_inject(test, c2c, "dir=in op=rd peer=gpu0 count=3 outs=10");
	nvu_kt_inject(test, c2c, "dir=in op=rd inst=9 count=5 outs=20");
	nvu_kt_inject(test, c2c, "dir=out op=wr peer=gpu1 count=2 outs=4");
	nvu_kt_inject(test, c2c, "dir=out op=wr peer=gpu0 count=100 outs=4");
	nvu_kt_inject(test, c2c, "cycles=777");

	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[0]), 7ULL * 3 + 5);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[1]), 7ULL * 3);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[2]), 5ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[3]), 7ULL * 3 * 10 + 5 * 20);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[4]), 7ULL * 2);
	/* The link clock counted once, not once per instance. */
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[5]), 777ULL);
}

/* The low 32-bit half wraps; the count stays exact. */
static void c2c_model_low_half_wrap(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_1";
	struct perf_event *ev;
	unsigned int i;

	ev = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_CUM_OUTS, 0, 0);
	for (i = 0; i < 3; i++) {
		nvu_kt_inject(test, c2c, "dir=in op=rd inst=3 count=1 outs=0xf0000000");
		nvu_kt_inject(test, c2c, "dir=in op=rd inst=12 count=1 outs=0xf0000000");
		KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), (i + 1) * 2 * 0xf0000000ULL);
	}
}

/* NV-CLink (CPU) and NV-DLink (CXL memory): sums and refused events. */
static void c2c_model_clink_dlink(struct kunit *test)
{
	const char *cl = "nvidia_nvclink_pmu_0", *dl = "nvidia_nvdlink_pmu_1";
	struct perf_event *ev[3];

	ev[0] = nvu_kt_open_ok(test, cl, T410_C2C_OUT_RD_CUM_OUTS, 0, 0);
	ev[1] = nvu_kt_open_ok(test, cl, T410_C2C_IN_RD_REQ, 0, 0);
	ev[2] = nvu_kt_open_ok(test, dl, T410_C2C_IN_RD_REQ, 0, 0);

	nvu_kt_inject(test, cl, "dir=out op=rd count=4 outs=7");
	nvu_kt_inject(test, cl, "dir=in op=rd inst=11 count=6");
	nvu_kt_inject(test, dl, "dir=in op=rd count=3 outs=50");

	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[0]), 12ULL * 4 * 7);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[1]), 6ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev[2]), 16ULL * 3);

	/* Raw IDs of events the peer cannot produce are refused. */
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, cl, T410_C2C_IN_WR_REQ, 0, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, dl, T410_C2C_OUT_RD_REQ, 0, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, dl, T410_C2C_NR_EVENTS, 0, 0),
			-EINVAL);
	/* gpu_mask exists only on a GPU link. */
	KUNIT_EXPECT_EQ(test, nvu_kt_refused(test, cl, T410_C2C_IN_RD_REQ, 1, 0),
			-EINVAL);
}

/*
 * Opening an event reschedules the PMU: CTRL=0, fold, CTRL=1, and the
 * hardware restarts from zero.  What the first event counted before that
 * must survive.
 */
static void c2c_model_fold_on_disable(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_1";
	struct perf_event *a, *b;

	a = nvu_kt_open_ok(test, c2c, T410_C2C_OUT_RD_REQ, 0, 0);
	nvu_kt_inject(test, c2c, "dir=out op=rd inst=2 count=11");
	b = nvu_kt_open_ok(test, c2c, T410_C2C_OUT_RD_REQ, 2, 0);
	nvu_kt_inject(test, c2c, "dir=out op=rd inst=8 count=5");
	nvu_kt_inject(test, c2c, "dir=out op=rd inst=2 count=1");

	KUNIT_EXPECT_EQ(test, nvu_kt_count(a), 11ULL + 5 + 1);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(b), 5ULL);
}

static struct kunit_case c2c_model_cases[] = {
	KUNIT_CASE(c2c_model_nvlink),
	KUNIT_CASE(c2c_model_fold_on_disable),
	KUNIT_CASE(c2c_model_low_half_wrap),
	KUNIT_CASE(c2c_model_clink_dlink),
	{}
};

static struct kunit_suite c2c_model_suite = {
	.name = "nvu_t410_c2c_model",
	.test_cases = c2c_model_cases,
};

kunit_test_suites(&c2c_topo_suite, &c2c_model_suite);

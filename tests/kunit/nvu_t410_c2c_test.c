// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the Tegra410 NVLink-C2C, NV-CLink and NV-DLink PMUs.
 *
 * nvu_t410_c2c_topo checks the pure helpers: peer topology from the
 * firmware masks (including firmware that gives none) and the instances
 * an event sums.  nvu_t410_c2c_model opens kernel counters on the driver
 * bound to the hardware model (nvu_emu clock_khz=0, default topology:
 * GPU0 on NVLink-C2C instances 0-6, GPU1 on 7-13) and checks exact sums,
 * also across a re-enable, and what a read costs: two register reads per
 * instance, none between reads.
 */

#include <kunit/test.h>
#include <linux/delay.h>

#include "nv_uncore.h"
#include "nvu_emu.h"
#include "nvu_t410_c2c.h"
#include "nvu_t410_kunit.h"
#include "nvu_t410_regs.h"

#define C2C_GPU0	GENMASK(6, 0)
#define C2C_GPU1	GENMASK(13, 7)

static void c2c_topo_two_gpus(struct kunit *test)
{
	struct t410_c2c_topo t;
	unsigned int fixed;
	u32 insts;

	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       C2C_GPU0, C2C_GPU1, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_GPU);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 2U);

	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 0,
						       &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU0 | C2C_GPU1);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_OUT_WR_REQ, 1,
						       &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU0);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_WR_CUM_OUTS,
						       2, &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU1);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_CYCLES, 3,
						       &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU0 | C2C_GPU1);
	/* IDs 9-15 fit the format field but do not exist. */
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_NR_EVENTS, 0,
						       &insts), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, 15, 0, &insts), -EINVAL);
}

/* Only gpu1_en_mask: GPU1 is the attached GPU, GPU0 does not exist. */
static void c2c_topo_gpu1_only(struct kunit *test)
{
	struct t410_c2c_topo t;
	unsigned int fixed;
	u32 insts = 0;

	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       0, C2C_GPU1, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_GPU);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 0,
						       &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU1);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 2,
						       &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, C2C_GPU1);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 1,
						       &insts), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 3,
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
	unsigned int fixed;
	unsigned int i;
	u32 insts;

	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_CLINK_NR_INST,
						       0xfff, 0x1, 0, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CPU);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		insts = 0;
		KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, yes[i], 0,
							       &insts), 0);
		KUNIT_EXPECT_EQ(test, insts, 0xfffU);
	}
	for (i = 0; i < ARRAY_SIZE(no); i++)
		KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, no[i], 0,
							       &insts), -EINVAL);
	/* No GPU to select on a CPU link. */
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 1,
						       &insts), -EINVAL);
}

/* NV-DLink: CXL memory on every instance, firmware masks ignored. */
static void c2c_topo_cxlmem(struct kunit *test)
{
	struct t410_c2c_topo t;
	unsigned int fixed;
	u64 id;
	u32 insts;

	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(true, T410_DLINK_NR_INST,
						       0, 0, 0, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CXLMEM);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(true, T410_DLINK_NR_INST,
						       0x3, 0x4, 0, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CXLMEM);
	for (id = 0; id < T410_C2C_NR_EVENTS; id++) {
		int want = id <= T410_C2C_IN_RD_REQ ? 0 : -EINVAL;

		insts = 0;
		KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, id, 0, &insts),
				want);
		if (!want)
			KUNIT_EXPECT_EQ(test, insts, 0xffffU);
	}
}

/* Firmware the driver must refuse at probe: no instance left. */
static void c2c_topo_invalid(struct kunit *test)
{
	struct t410_c2c_topo t;
	unsigned int fixed;

	/* No mask at all: the peer is unknown. */
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       0, 0, &t, &fixed), -EINVAL);
	KUNIT_EXPECT_EQ(test, fixed, 0U);
	/* Only instances the link does not have. */
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       BIT(14), 0, &t, &fixed), -EINVAL);
	KUNIT_EXPECT_EQ(test, fixed, T410_C2C_FIX_WIDE);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_decode_topo(false, 0, 0, 1, 0, &t, &fixed),
			-EINVAL);
}

/*
 * Firmware masks that are wider than the link or overlap are corrected and
 * reported, not refused: bits beyond the last instance are dropped, and an
 * instance in both GPU masks faces GPU0 only.
 */
static void c2c_topo_fixed(struct kunit *test)
{
	struct t410_c2c_topo t;
	unsigned int fixed;
	u32 insts = 0;

	/* Instance 14 does not exist on NVLink-C2C, 12 not on NV-CLink. */
	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       C2C_GPU0 | BIT(14),
						   C2C_GPU1 | BIT(15), &t,
						   &fixed), 0);
	KUNIT_EXPECT_EQ(test, fixed, T410_C2C_FIX_WIDE);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 2U);
	KUNIT_EXPECT_EQ(test, t.inst[0], C2C_GPU0);
	KUNIT_EXPECT_EQ(test, t.inst[1], C2C_GPU1);
	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_CLINK_NR_INST,
						       0xffff, 0, 0, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, fixed, T410_C2C_FIX_WIDE);
	KUNIT_EXPECT_EQ(test, t.kind, T410_C2C_PEER_CPU);
	KUNIT_EXPECT_EQ(test, t.inst[0], 0xfffU);

	/* Instances 1 and 2 in both GPU masks: GPU0's. */
	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       0x3, 0x6, &t, &fixed), 0);
	KUNIT_EXPECT_EQ(test, fixed, T410_C2C_FIX_OVERLAP);
	KUNIT_EXPECT_EQ(test, t.inst[0], 0x3U);
	KUNIT_EXPECT_EQ(test, t.inst[1], 0x4U);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 2,
						       &insts), 0);
	KUNIT_EXPECT_EQ(test, insts, 0x4U);
	/* GPU1's mask inside GPU0's: one GPU is left. */
	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       0x7, 0x6 | BIT(20), &t,
						   &fixed), 0);
	KUNIT_EXPECT_EQ(test, fixed, T410_C2C_FIX_WIDE | T410_C2C_FIX_OVERLAP);
	KUNIT_EXPECT_EQ(test, t.nr_peer, 1U);
	KUNIT_EXPECT_EQ(test, nvu_t410_c2c_event_insts(&t, T410_C2C_IN_RD_REQ, 2,
						       &insts), -EINVAL);
	/* Good masks need no correction. */
	KUNIT_ASSERT_EQ(test, nvu_t410_c2c_decode_topo(false, T410_C2C_NR_INST, 0,
						       C2C_GPU0, C2C_GPU1, &t,
						   &fixed), 0);
	KUNIT_EXPECT_EQ(test, fixed, 0U);
}

static struct kunit_case c2c_topo_cases[] = {
	KUNIT_CASE(c2c_topo_two_gpus),
	KUNIT_CASE(c2c_topo_gpu1_only),
	KUNIT_CASE(c2c_topo_cpu),
	KUNIT_CASE(c2c_topo_cxlmem),
	KUNIT_CASE(c2c_topo_invalid),
	KUNIT_CASE(c2c_topo_fixed),
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

/*
 * 64-bit counters: a counter that grows by more than 2^33 between two
 * reads is read exactly, with no poll in between.
 */
static void c2c_model_64bit(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_1";
	struct perf_event *ev;
	struct nvu_pmu *pmu;

	pmu = nvu_pmu_get(c2c);
	KUNIT_ASSERT_NOT_NULL(test, pmu);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(pmu->poll_period), 0LL);
	nvu_pmu_put(pmu);

	ev = nvu_kt_open_ok(test, c2c, T410_C2C_OUT_WR_CUM_OUTS, 0, 0);
	nvu_kt_inject(test, c2c, "dir=out op=wr inst=3 count=1 outs=0x300000005");
	nvu_kt_inject(test, c2c, "dir=out op=wr inst=12 count=2 outs=0x2fffffffd");
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), 0x300000005ULL + 2 * 0x2fffffffdULL);
	nvu_kt_inject(test, c2c, "dir=out op=wr inst=12 count=1 outs=0x500000000");
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev),
			0x300000005ULL + 2 * 0x2fffffffdULL + 0x500000000ULL);
}

/* Register reads of reading @ev once. */
static u64 c2c_reads_of_read(struct kunit *test, const char *c2c,
			     struct perf_event *ev)
{
	u64 r, w;

	KUNIT_ASSERT_EQ(test, nvu_emu_access(c2c, &r, &w, true), 0);
	nvu_kt_count(ev);
	KUNIT_ASSERT_EQ(test, nvu_emu_access(c2c, &r, &w, false), 0);
	return r;
}

/*
 * Cost: a read is two register reads (low, high) per instance summed,
 * two more for a counter whose high half moved since the last read; and
 * an open event that nobody reads costs no register access at all.
 */
static void c2c_model_read_cost(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_0";
	struct perf_event *ev, *gpu1;
	u64 r, w;

	ev = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 0, 0);
	gpu1 = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 2, 0);
	KUNIT_EXPECT_EQ(test, c2c_reads_of_read(test, c2c, ev), 2ULL * 14);
	KUNIT_EXPECT_EQ(test, c2c_reads_of_read(test, c2c, gpu1), 2ULL * 7);
	nvu_kt_inject(test, c2c, "dir=in op=rd inst=9 count=0x100000000");
	KUNIT_EXPECT_EQ(test, c2c_reads_of_read(test, c2c, ev), 2ULL * 14 + 2);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), 0x100000000ULL);
	KUNIT_EXPECT_EQ(test, c2c_reads_of_read(test, c2c, gpu1), 2ULL * 7);

	KUNIT_ASSERT_EQ(test, nvu_emu_access(c2c, &r, &w, true), 0);
	msleep(100);
	KUNIT_ASSERT_EQ(test, nvu_emu_access(c2c, &r, &w, false), 0);
	KUNIT_EXPECT_EQ(test, r, 0ULL);
	KUNIT_EXPECT_EQ(test, w, 0ULL);
}

/*
 * Torn reads: the model lands traffic right after the driver's read of a
 * low half.  A carry between the low and the high read is caught by the
 * second pair (2^32 too much if the high half were trusted); a high half
 * that moves on every read leaves the count where it was, and the next
 * read after that catches up exactly.
 */
static void c2c_model_torn(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_0";
	u64 lo = 0xfffffff0ULL, fired, r, w;
	struct perf_event *ev;
	char line[96];

	ev = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 1, 0);
	nvu_kt_inject(test, c2c, "dir=in op=rd inst=3 count=0xfffffff0");
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo);

	snprintf(line, sizeof(line), "res=3 off=%#x dir=in op=rd inst=3 count=32",
		 T410_C2C_IN_RD_REQ_CNTR);
	KUNIT_ASSERT_EQ(test, nvu_emu_tear(c2c, line), 0);
	KUNIT_ASSERT_EQ(test, nvu_emu_access(c2c, &r, &w, true), 0);
	/* The read the carry tore; trusting its high half gives 2^32 more. */
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo + 32);
	KUNIT_ASSERT_EQ(test, nvu_emu_access(c2c, &r, &w, false), 0);
	KUNIT_EXPECT_EQ(test, r, 2ULL * 7 + 2);
	KUNIT_EXPECT_EQ(test, nvu_emu_tear_fired(c2c), 1ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo + 32);

	/* Every read of the high half adds 2^32: it never settles. */
	snprintf(line, sizeof(line),
		 "res=3 off=%#x every=1 dir=in op=rd inst=3 count=0x100000000",
		 T410_C2C_IN_RD_REQ_CNTR + 4);
	KUNIT_ASSERT_EQ(test, nvu_emu_tear(c2c, line), 0);
	/* The first pair reads the value before the first tear: exact. */
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo + 32);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo + 32);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo + 32);
	KUNIT_ASSERT_EQ(test, nvu_emu_tear(c2c, ""), 0);
	fired = nvu_emu_tear_fired(c2c);
	KUNIT_EXPECT_EQ(test, fired, 1ULL + 4 + 4);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), lo + 32 + (fired << 32));
}

/*
 * IN_WR_REQ_CNTR has no high half (OUT_STATUS follows it): read as a
 * 32-bit counter, one read per instance, summed modulo 2^32 and extended
 * by the core across the wrap, never mixed with OUT_STATUS; the core polls
 * it often enough for all its instances at the rate bound.
 */
static void c2c_model_in_wr_req(struct kunit *test)
{
	const char *c2c = "nvidia_nvlink_c2c_pmu_1";
	struct perf_event *ev, *rd;
	struct nvu_pmu *pmu;

	ev = nvu_kt_open_ok(test, c2c, T410_C2C_IN_WR_REQ, 0, 0);
	rd = nvu_kt_open_ok(test, c2c, T410_C2C_IN_RD_REQ, 0, 0);
	pmu = nvu_pmu_get(c2c);
	KUNIT_ASSERT_NOT_NULL(test, pmu);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(pmu->poll_period),
			(s64)nvu_poll_period_ns(32, hweight32(ev->hw.config) *
						    2000000000ULL));
	/* The poll reads in_wr_req alone: in_rd_req's counters are 64 bits. */
	KUNIT_EXPECT_EQ(test, bitmap_weight(pmu->polled, NVU_MAX_COUNTERS + 1),
			1U);
	KUNIT_EXPECT_TRUE(test, test_bit(ev->hw.idx, pmu->polled));
	KUNIT_EXPECT_FALSE(test, test_bit(rd->hw.idx, pmu->polled));
	nvu_pmu_put(pmu);
	nvu_kt_inject(test, c2c, "dir=in op=wr inst=4 count=0xfffffff0");
	/* A wrap of OUT_WR_REQ sets OUT_STATUS, right after IN_WR_REQ_CNTR. */
	nvu_kt_inject(test, c2c, "dir=out op=wr inst=4 count=0xffffffffffffffff");
	nvu_kt_inject(test, c2c, "dir=out op=wr inst=4 count=1");
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), 0xfffffff0ULL);
	nvu_kt_inject(test, c2c, "dir=in op=wr inst=4 count=0x20");
	nvu_kt_inject(test, c2c, "dir=in op=wr inst=11 count=3");
	/* The core's poll may land in one window; not in three in a row. */
	KUNIT_EXPECT_EQ(test, min3(c2c_reads_of_read(test, c2c, ev),
				   c2c_reads_of_read(test, c2c, ev),
				   c2c_reads_of_read(test, c2c, ev)), 14ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(ev), 0xfffffff0ULL + 0x20 + 3);
}

static struct kunit_case c2c_model_cases[] = {
	KUNIT_CASE(c2c_model_nvlink),
	KUNIT_CASE(c2c_model_64bit),
	KUNIT_CASE(c2c_model_read_cost),
	KUNIT_CASE(c2c_model_torn),
	KUNIT_CASE(c2c_model_in_wr_req),
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

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the nv_uncore core's pure helpers.
 */

#include <kunit/test.h>
#include <linux/module.h>

#include "nv_uncore.h"

/* Harness self-test: "modprobe nvu_kunit selftest_fail=1" must go red. */
static bool selftest_fail;
module_param(selftest_fail, bool, 0444);
MODULE_PARM_DESC(selftest_fail, "make one case fail on purpose");

static void nvu_test_selftest(struct kunit *test)
{
	KUNIT_EXPECT_FALSE_MSG(test, selftest_fail,
			       "failing on purpose (selftest_fail=1)");
}

static void nvu_test_delta_widths(struct kunit *test)
{
	static const unsigned int widths[] = { 1, 16, 32, 48, 64 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(widths); i++) {
		unsigned int w = widths[i];
		u64 max = w == 64 ? U64_MAX : BIT_ULL(w) - 1;

		/* No wrap. */
		KUNIT_EXPECT_EQ(test, nvu_delta(0, max, w), max);
		/* One wrap: from max to 0 is one event. */
		KUNIT_EXPECT_EQ(test, nvu_delta(max, 0, w), 1ULL);
		/* Wrap from the top half back into the bottom. */
		KUNIT_EXPECT_EQ(test, nvu_delta(max, max, w), 0ULL);
		if (w > 1)
			KUNIT_EXPECT_EQ(test, nvu_delta(max - 1, 1, w), 3ULL);
	}
	/* Bits above the width are ignored. */
	KUNIT_EXPECT_EQ(test, nvu_delta(0xffff0000fffffff0ULL, 0x10, 32), 0x20ULL);
	KUNIT_EXPECT_EQ(test, nvu_delta(0xfff0, 0x0005, 16), 0x15ULL);
}

static void nvu_test_poll_period(struct kunit *test)
{
	/* 64-bit counters never need polling. */
	KUNIT_EXPECT_EQ(test, nvu_poll_period_ns(64, 1000000000ULL), 0ULL);
	/* 32 bits at 1e9/s: half range (2^31) takes 2.147483648 s. */
	KUNIT_EXPECT_EQ(test, nvu_poll_period_ns(32, 1000000000ULL),
			2147483648ULL);
	/* Never lengthened beyond half range; capped at 60 s. */
	KUNIT_EXPECT_EQ(test, nvu_poll_period_ns(16, 1000000000ULL), 32768ULL);
	KUNIT_EXPECT_EQ(test, nvu_poll_period_ns(48, 1000000ULL),
			60ULL * NSEC_PER_SEC);

	/* Pollable: no poll needed more often than every 100 us. */
	KUNIT_EXPECT_TRUE(test, nvu_width_pollable(64, 2000000000ULL));
	KUNIT_EXPECT_TRUE(test, nvu_width_pollable(32, 2000000000ULL));
	/* 2^15 / 2e9 = 16.4 us; 2^15 / 1e8 = 328 us; 2^15 / 3.3e8 = 99.3 us. */
	KUNIT_EXPECT_FALSE(test, nvu_width_pollable(16, 2000000000ULL));
	KUNIT_EXPECT_TRUE(test, nvu_width_pollable(16, 100000000ULL));
	KUNIT_EXPECT_FALSE(test, nvu_width_pollable(16, 330000000ULL));
	KUNIT_EXPECT_TRUE(test, nvu_width_pollable(16, 327680000ULL));
}

static void nvu_test_format_string(struct kunit *test)
{
	char buf[32];

	KUNIT_EXPECT_EQ(test, nvu_format_string(buf, sizeof(buf), 0,
						GENMASK_ULL(32, 0)), 12);
	KUNIT_EXPECT_STREQ(test, buf, "config:0-32\n");
	nvu_format_string(buf, sizeof(buf), 1, BIT_ULL(8));
	KUNIT_EXPECT_STREQ(test, buf, "config1:8\n");
	nvu_format_string(buf, sizeof(buf), 2, GENMASK_ULL(63, 0));
	KUNIT_EXPECT_STREQ(test, buf, "config2:0-63\n");
	nvu_format_string(buf, sizeof(buf), 0, GENMASK_ULL(10, 3));
	KUNIT_EXPECT_STREQ(test, buf, "config:3-10\n");
	KUNIT_EXPECT_EQ(test, nvu_format_string(buf, sizeof(buf), 1, 0x5),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_format_string(buf, sizeof(buf), 1, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_format_string(buf, sizeof(buf), 3, 1),
			-EINVAL);
}

static struct attribute *nvu_test_formats[] = {
	NVU_FORMAT(event, 0, GENMASK_ULL(32, 0)),
	NVU_FORMAT(lo, 1, GENMASK_ULL(2, 0)),
	NVU_FORMAT(hi, 1, GENMASK_ULL(11, 8)),
	NULL
};

static void nvu_test_unknown_bits(struct kunit *test)
{
	struct attribute **f = nvu_test_formats;

	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 0, 0x1ffffffffULL), 0ULL);
	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 0, BIT_ULL(33)),
			BIT_ULL(33));
	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 1, 0xf07), 0ULL);
	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 1, 0xf0f), 0x8ULL);
	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 1, BIT_ULL(63)),
			BIT_ULL(63));
	/* No format for config2: every bit is unknown. */
	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 2, 1), 1ULL);
	KUNIT_EXPECT_EQ(test, nvu_config_unknown_bits(f, 2, 0), 0ULL);
}

static void nvu_test_counters_fit(struct kunit *test)
{
	struct nvu_req reqs[6] = { };

	/* 4 regular counters + a cycle counter. */
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(4, true, reqs, 4), 0);
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(4, true, reqs, 5), -EINVAL);
	reqs[4].cycle = true;
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(4, true, reqs, 5), 0);
	/* Only one event can have the cycle counter. */
	reqs[5].cycle = true;
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(4, true, reqs, 6), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(8, true, reqs, 6), -EINVAL);
	/* Without a cycle counter every event takes a regular one. */
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(5, false, reqs, 6), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(6, false, reqs, 6), 0);
	/* An empty group fits anything. */
	KUNIT_EXPECT_EQ(test, nvu_counters_fit(1, false, reqs, 0), 0);
}

/* A shared filter resource: one BDF value (config1 8-23, on with bit 24). */
static int nvu_test_one_bdf(const struct nvu_pmu *pmu,
			    const struct nvu_req *reqs, unsigned int n)
{
	u64 seen = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		u64 f = reqs[i].config[1] & GENMASK_ULL(24, 8);

		if (!(f & BIT_ULL(24)))
			continue;
		if (seen && seen != f)
			return -EINVAL;
		seen = f;
	}
	return 0;
}

static const struct nvu_pmu_ops nvu_test_ops = {
	.filters_fit = nvu_test_one_bdf,
};

static const struct nvu_pmu_desc nvu_test_desc = {
	.ops = &nvu_test_ops,
};

static void nvu_test_group_fits(struct kunit *test)
{
	struct nvu_pmu *pmu = kunit_kzalloc(test, sizeof(*pmu), GFP_KERNEL);
	struct nvu_req reqs[5] = {
		{ .config = { 0x1, BIT_ULL(24) | 0x2781 << 8 } },
		{ .config = { 0x2, BIT_ULL(24) | 0x2781 << 8 } },
		{ .config = { 0x3, 0x1 } },
		{ .config = { 0x4, 0 } },
		{ .config = { 0x5, 0 } },
	};

	KUNIT_ASSERT_NOT_NULL(test, pmu);
	pmu->desc = &nvu_test_desc;
	pmu->num_counters = 4;
	pmu->has_cycle_counter = true;

	/* Same BDF twice, and events without one: fits. */
	KUNIT_EXPECT_EQ(test, nvu_group_fits(pmu, reqs, 4), 0);
	/* A second BDF value cannot share the one filter. */
	reqs[1].config[1] = BIT_ULL(24) | 0x0180 << 8;
	KUNIT_EXPECT_EQ(test, nvu_group_fits(pmu, reqs, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_group_fits(pmu, reqs, 1), 0);
	/* BDF value without its enable bit does not claim the filter. */
	reqs[1].config[1] = 0x0180 << 8;
	KUNIT_EXPECT_EQ(test, nvu_group_fits(pmu, reqs, 4), 0);
	/* Filters fine, but five events for four counters. */
	KUNIT_EXPECT_EQ(test, nvu_group_fits(pmu, reqs, 5), -EINVAL);
	/* ... unless one is the cycle event. */
	reqs[4].cycle = true;
	KUNIT_EXPECT_EQ(test, nvu_group_fits(pmu, reqs, 5), 0);
}

static void nvu_test_pick_cpu(struct kunit *test)
{
	cpumask_t assoc, online;

	/* Socket 0 = CPU 0, socket 1 = CPU 1; the PMU belongs to socket 1. */
	cpumask_clear(&assoc);
	cpumask_set_cpu(1, &assoc);
	cpumask_clear(&online);
	cpumask_set_cpu(0, &online);
	cpumask_set_cpu(1, &online);
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, -1), 1U);
	/* Its only CPU going down: any online CPU keeps the PMU usable. */
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, 1), 0U);
	cpumask_clear_cpu(1, &online);
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, -1), 0U);
	/* CPU 1 back online: the PMU goes back to it. */
	cpumask_set_cpu(1, &online);
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, -1), 1U);
	/* Two associated CPUs: the first that is not going down. */
	cpumask_set_cpu(0, &assoc);
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, -1), 0U);
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, 0), 1U);
	/* Nothing online at all. */
	cpumask_clear(&online);
	KUNIT_EXPECT_EQ(test, nvu_pick_cpu(&assoc, &online, -1), nr_cpu_ids);
}

/*
 * A 64-bit counter behind 32-bit registers that counts between register
 * reads: every read returns its half of the current value and then the
 * counter advances by @step.
 */
struct nvu_test_cntr {
	u64 value;
	u64 step;
	unsigned int reads;
};

static u64 nvu_test_cntr_read(void *ctx, u32 off, unsigned int size)
{
	struct nvu_test_cntr *c = ctx;
	u32 half = off == 4 ? upper_32_bits(c->value) : lower_32_bits(c->value);

	c->value += c->step;
	c->reads++;
	return half;
}

static void nvu_test_cntr_write(void *ctx, u32 off, u64 val, unsigned int size)
{
}

static const struct nvu_emu_ops nvu_test_cntr_ops = {
	.read = nvu_test_cntr_read,
	.write = nvu_test_cntr_write,
};

/* The accessors look at nvu_regs.emu only while the key is on. */
static void nvu_test_emu_off(void *unused)
{
	static_branch_dec(&nvu_emu_active);
}

static void nvu_test_emu_on(struct kunit *test)
{
	static_branch_inc(&nvu_emu_active);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nvu_test_emu_off,
							NULL), 0);
}

static void nvu_test_read64_split(struct kunit *test)
{
	struct nvu_test_cntr c = { .value = 0x1fffffff8ULL, .step = 8 };
	struct nvu_regs r = { .emu = &nvu_test_cntr_ops, .emu_ctx = &c };
	u64 val = 0x1fffffff0ULL;

	nvu_test_emu_on(test);

	/*
	 * Low 0xfffffff8, then the carry: high reads 2.  Taking them together
	 * would give 0x2fffffff8, 2^32 too much; the last value (high 1, low
	 * not above this one) says the high half moved, and the next pair
	 * (low 8, high 2), whose high half equals the one before, is the value.
	 */
	KUNIT_ASSERT_EQ(test, nvu_read64_split(&r, 0, &val), 0);
	KUNIT_EXPECT_EQ(test, val, 0x200000008ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 4U);

	/* The high half as the last value predicts: two reads. */
	c.reads = 0;
	KUNIT_ASSERT_EQ(test, nvu_read64_split(&r, 0, &val), 0);
	KUNIT_EXPECT_EQ(test, val, 0x200000018ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 2U);

	/* Nothing known (0) of a counter past 2^32: four reads. */
	c.value = 0x700000000ULL;
	c.reads = 0;
	val = 0;
	KUNIT_ASSERT_EQ(test, nvu_read64_split(&r, 0, &val), 0);
	KUNIT_EXPECT_EQ(test, val, 0x700000010ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 4U);

	/* A counter reset below the last value: read again, not trusted. */
	c.value = 5;
	c.reads = 0;
	KUNIT_ASSERT_EQ(test, nvu_read64_split(&r, 0, &val), 0);
	KUNIT_EXPECT_EQ(test, val, 21ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 4U);
}

static void nvu_test_read64_unsettled(struct kunit *test)
{
	/* The high half moves on every read: bounded, then an error. */
	struct nvu_test_cntr c = { .value = 42, .step = BIT_ULL(32) };
	struct nvu_regs r = { .emu = &nvu_test_cntr_ops, .emu_ctx = &c };
	u64 val = 42;

	nvu_test_emu_on(test);
	KUNIT_EXPECT_EQ(test, nvu_read64_split(&r, 0, &val), -EIO);
	KUNIT_EXPECT_EQ(test, val, 42ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 2 * NVU_READ64_TRIES);
}

static struct kunit_case nvu_core_cases[] = {
	KUNIT_CASE(nvu_test_selftest),
	KUNIT_CASE(nvu_test_delta_widths),
	KUNIT_CASE(nvu_test_poll_period),
	KUNIT_CASE(nvu_test_format_string),
	KUNIT_CASE(nvu_test_unknown_bits),
	KUNIT_CASE(nvu_test_counters_fit),
	KUNIT_CASE(nvu_test_group_fits),
	KUNIT_CASE(nvu_test_pick_cpu),
	KUNIT_CASE(nvu_test_read64_split),
	KUNIT_CASE(nvu_test_read64_unsettled),
	{}
};

static struct kunit_suite nvu_core_suite = {
	.name = "nvu_core",
	.test_cases = nvu_core_cases,
};

kunit_test_suite(nvu_core_suite);

MODULE_DESCRIPTION("KUnit tests of nv_uncore");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();
NVU_IMPORT_KUNIT_NS();

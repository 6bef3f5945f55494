// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the CXL CPMU driver's pure parts: the Register Locator
 * parser, capability decoding and counter allocation.  The register values
 * are built here from the specification's field layout, not taken from the
 * hardware model.
 */

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/pci.h>

#include "nv_uncore.h"
#include "nvu_cxl_cpmu.h"

/* ------------------------------------------------------------------------
 * Register Locator
 */

/* A locator DVSEC of @n entries into @d (dwords); returns its length. */
static unsigned int loc_build(u32 *d, const u32 (*entries)[2], unsigned int n)
{
	unsigned int i;

	d[0] = 0x23 | 1 << 16;			/* extended capability: DVSEC */
	d[1] = CXL_DVSEC_VENDOR;
	d[2] = CXL_DVSEC_REG_LOCATOR;
	for (i = 0; i < n; i++) {
		d[3 + 2 * i] = entries[i][0];
		d[4 + 2 * i] = entries[i][1];
	}
	return CXL_REGLOC_FIRST + 8 * n;
}

#define LOC(bir, rbi, off)	((u32)((bir) | (rbi) << 8 | ((off) & 0xffff0000)))

static const u64 bar_len[PCI_STD_NUM_BARS] = { SZ_256K, 0, SZ_1M, 0, 0, 0 };

static void cxl_test_locator(struct kunit *test)
{
	const u32 entries[][2] = {
		{ LOC(0, CXL_RBI_COMPONENT, 0), 0 },
		{ LOC(0, CXL_RBI_CPMU, 0x10000), 0 },
		{ LOC(2, CXL_RBI_MEMDEV, 0), 0 },
		{ LOC(2, CXL_RBI_CPMU, 0x30000), 0 },
		{ LOC(0, CXL_RBI_CPMU, 0x30000), 0 },
	};
	struct nvu_cxl_loc locs[4];
	const char *why = NULL;
	u32 d[16];
	unsigned int len = loc_build(d, entries, ARRAY_SIZE(entries));

	KUNIT_ASSERT_EQ(test, nvu_cxl_parse_locator(d, len, bar_len, locs, 4,
						    &why), 3);
	KUNIT_EXPECT_EQ(test, locs[0].bir, 0);
	KUNIT_EXPECT_EQ(test, locs[0].offset, 0x10000ULL);
	KUNIT_EXPECT_EQ(test, locs[0].index, 0U);
	KUNIT_EXPECT_EQ(test, locs[1].bir, 2);
	KUNIT_EXPECT_EQ(test, locs[1].offset, 0x30000ULL);
	KUNIT_EXPECT_EQ(test, locs[1].index, 1U);
	KUNIT_EXPECT_EQ(test, locs[2].offset, 0x30000ULL);
	KUNIT_EXPECT_EQ(test, locs[2].index, 2U);

	/* No CPMU entry at all is no error. */
	KUNIT_EXPECT_EQ(test, nvu_cxl_parse_locator(d, loc_build(d, entries, 1),
						    bar_len, locs, 4, &why), 0);
	/* Room for fewer entries than there are. */
	len = loc_build(d, entries, ARRAY_SIZE(entries));
	KUNIT_EXPECT_EQ(test, nvu_cxl_parse_locator(d, len, bar_len, locs, 2,
						    &why), -EINVAL);
}

static void cxl_test_locator_bad(struct kunit *test)
{
	static const struct {
		u32 lo, hi;
		const char *what;
	} bad[] = {
		{ LOC(1, CXL_RBI_CPMU, 0), 0, "a BAR the function lacks" },
		{ LOC(6, CXL_RBI_CPMU, 0), 0, "BAR indicator 6" },
		{ LOC(0, CXL_RBI_CPMU, SZ_256K), 0, "at the BAR's end" },
		{ LOC(0, CXL_RBI_CPMU, 0), 1, "offset above 4 GiB" },
		{ LOC(0, CXL_RBI_CPMU, 0x30000), 0, "block runs past the end" },
	};
	struct nvu_cxl_loc locs[4];
	const char *why;
	unsigned int i, len;
	u32 d[16];
	int ret;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		const u32 e[][2] = { { bad[i].lo, bad[i].hi } };
		/* The last case: a 256 KiB BAR ends 0x10000 after 0x30000. */
		u64 lens[PCI_STD_NUM_BARS] = { i == 4 ? 0x30d00 : SZ_256K };

		why = NULL;
		len = loc_build(d, e, 1);
		ret = nvu_cxl_parse_locator(d, len, lens, locs, 4, &why);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", bad[i].what);
		KUNIT_EXPECT_NOT_NULL(test, why);
	}

	/* Truncated: a length that leaves half an entry, or no header. */
	{
		const u32 e[][2] = { { LOC(0, CXL_RBI_CPMU, 0x10000), 0 } };

		len = loc_build(d, e, 1);
		KUNIT_EXPECT_EQ(test, nvu_cxl_parse_locator(d, len - 4, bar_len,
							    locs, 4, &why),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, nvu_cxl_parse_locator(d, 8, bar_len, locs,
							    4, &why),
				-EINVAL);
	}
	/* Two entries naming one block. */
	{
		const u32 e[][2] = {
			{ LOC(0, CXL_RBI_CPMU, 0x10000), 0 },
			{ LOC(0, CXL_RBI_CPMU, 0x10000), 0 },
		};

		len = loc_build(d, e, 2);
		KUNIT_EXPECT_EQ(test, nvu_cxl_parse_locator(d, len, bar_len,
							    locs, 4, &why),
				-EINVAL);
	}
}

/* ------------------------------------------------------------------------
 * Capabilities
 */

static u64 cap_reg(unsigned int nctr, unsigned int width, unsigned int nevcap,
		   u8 filters)
{
	return FIELD_PREP(CPMU_CAP_NUM_COUNTERS, nctr - 1) |
	       FIELD_PREP(CPMU_CAP_COUNTER_WIDTH, width) |
	       FIELD_PREP(CPMU_CAP_NUM_EVCAPS, nevcap - 1) |
	       FIELD_PREP(CPMU_CAP_FILTERS, filters) | CPMU_CAP_FREEZE;
}

static u64 evcap_reg(u16 vid, u16 gid, u32 mask)
{
	return FIELD_PREP(CPMU_EVCAP_VID, vid) |
	       FIELD_PREP(CPMU_EVCAP_GID, gid) | mask;
}

static u64 cfg_reg(u8 type, u8 idx, u32 mask)
{
	return FIELD_PREP(CPMU_CFG_TYPE, type) |
	       FIELD_PREP(CPMU_CFG_GROUP_IDX, idx) |
	       FIELD_PREP(CPMU_CFG_EVENTS, mask);
}

/*
 * The shape most tests use: counter 0 fixed clock_ticks (cap 0), counter
 * 1 free-running s2m_drs_memdata (cap 1), counters 2-3 configurable; caps
 * 2 (M2S requests) and 3 (a vendor's group) are theirs.
 */
static const u64 std_evcap[] = {
	[0] = 0x1e98000000000001ULL,
	[1] = 0x1e98002500000007ULL,
	[2] = 0x1e9800200000ffffULL,
	[3] = 0x10de00010000000fULL,
};

static void std_info(struct kunit *test, struct nvu_cxl_info *info)
{
	const u64 cfg[] = {
		cfg_reg(CPMU_TYPE_FIXED, 0, 1),
		cfg_reg(CPMU_TYPE_FREE, 1, 1),
		cfg_reg(CPMU_TYPE_CONFIG, 0, 0),
		cfg_reg(CPMU_TYPE_CONFIG, 0, 0),
	};
	const char *why = NULL;

	KUNIT_ASSERT_EQ(test, nvu_cxl_decode(cap_reg(4, 48, 4, 1), std_evcap,
					     cfg, info, &why), 0);
}

static struct nvu_cxl_info *cxl_info(struct kunit *test)
{
	struct nvu_cxl_info *info = kunit_kzalloc(test, sizeof(*info),
						  GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, info);
	return info;
}

static void cxl_test_decode(struct kunit *test)
{
	struct nvu_cxl_info *info = cxl_info(test);

	std_info(test, info);
	KUNIT_EXPECT_EQ(test, info->nr_cntr, 4U);
	KUNIT_EXPECT_EQ(test, info->width, 48U);
	KUNIT_EXPECT_EQ(test, info->nr_evcaps, 4U);
	KUNIT_EXPECT_EQ(test, info->filters, 1);
	KUNIT_EXPECT_TRUE(test, info->freeze);
	KUNIT_EXPECT_EQ(test, info->cntr[0].type, CPMU_TYPE_FIXED);
	KUNIT_EXPECT_EQ(test, info->cntr[0].cap.gid, 0);
	KUNIT_EXPECT_EQ(test, info->cntr[1].type, CPMU_TYPE_FREE);
	KUNIT_EXPECT_EQ(test, info->cntr[1].cap.gid, 0x25);
	KUNIT_EXPECT_EQ(test, info->cntr[1].cap.mask, 1U);
	/* Caps 0 and 1 belong to the fixed and free-running counters. */
	KUNIT_ASSERT_EQ(test, info->nr_config_caps, 2U);
	KUNIT_EXPECT_EQ(test, info->config_caps[0].index, 2);
	KUNIT_EXPECT_EQ(test, info->config_caps[0].gid, 0x20);
	KUNIT_EXPECT_EQ(test, info->config_caps[1].index, 3);
	KUNIT_EXPECT_EQ(test, info->config_caps[1].vid, 0x10de);

	/* The limits: 64 counters of 64 bits, 32 capabilities. */
	{
		u64 evcap[CPMU_MAX_EVCAPS], cfg[CPMU_MAX_COUNTERS];
		const char *why;
		unsigned int i;

		for (i = 0; i < CPMU_MAX_EVCAPS; i++)
			evcap[i] = evcap_reg(0x1e98, i, 1);
		for (i = 0; i < CPMU_MAX_COUNTERS; i++)
			cfg[i] = cfg_reg(CPMU_TYPE_CONFIG, 0, 0);
		KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(64, 64, 32, 0),
						     evcap, cfg, info, &why),
				0);
		KUNIT_EXPECT_EQ(test, info->nr_cntr, 64U);
		KUNIT_EXPECT_EQ(test, info->width, 64U);
		KUNIT_EXPECT_EQ(test, info->nr_config_caps, 32U);
	}
}

static void cxl_test_decode_bad(struct kunit *test)
{
	u64 cfg[] = { cfg_reg(CPMU_TYPE_FIXED, 0, 1) };
	struct nvu_cxl_info *info = cxl_info(test);
	const char *why;

	/* Width 0 and above 64. */
	KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(1, 0, 4, 0), std_evcap,
					     cfg, info, &why), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(1, 65, 4, 0), std_evcap,
					     cfg, info, &why), -EINVAL);
	/* A fixed counter whose index is beyond the capabilities. */
	cfg[0] = cfg_reg(CPMU_TYPE_FIXED, 4, 1);
	KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(1, 48, 4, 0), std_evcap,
					     cfg, info, &why), -EINVAL);
	/* ... or whose events its capability does not have. */
	cfg[0] = cfg_reg(CPMU_TYPE_FIXED, 0, 2);
	KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(1, 48, 4, 0), std_evcap,
					     cfg, info, &why), -EINVAL);
	/* The reserved counter type. */
	cfg[0] = cfg_reg(3, 0, 1);
	KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(1, 48, 4, 0), std_evcap,
					     cfg, info, &why), -EINVAL);
	/* Configurable counters, but every capability is a fixed one's. */
	{
		const u64 c2[] = { cfg_reg(CPMU_TYPE_CONFIG, 0, 0) };
		const u64 e2[] = { 0 };

		KUNIT_EXPECT_EQ(test, nvu_cxl_decode(cap_reg(1, 48, 1, 0), e2,
						     c2, info, &why), -EINVAL);
	}
}

/* ------------------------------------------------------------------------
 * Allocation
 */

#define EV(_gid, _mask)		{ .vid = 0x1e98, .gid = (_gid), .mask = (_mask) }
#define EVP(_gid, _mask)	{ .vid = 0x1e98, .gid = (_gid), .mask = (_mask), \
				  .programmed = true }

static void cxl_test_pick(struct kunit *test)
{
	DECLARE_BITMAP(used, CPMU_MAX_COUNTERS) = { };
	const struct nvu_cxl_ev clk = EV(0, 1);
	const struct nvu_cxl_ev drs = EV(0x25, 1);
	const struct nvu_cxl_ev drs_thr = EVP(0x25, 1);
	const struct nvu_cxl_ev memrd = EV(0x20, 2);
	const struct nvu_cxl_ev vendor = { .vid = 0x10de, .gid = 1, .mask = 0x5 };
	const struct nvu_cxl_ev nosuch = EV(0x21, 2);
	const struct nvu_cxl_ev two = EV(0x25, 3);
	struct nvu_cxl_info *info = cxl_info(test);
	u8 cap = 0xff;

	std_info(test, info);
	/* Exact matches go to the fixed and free-running counters. */
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &clk, &cap), 0);
	KUNIT_EXPECT_EQ(test, cap, 0);
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &drs, &cap), 1);
	KUNIT_EXPECT_EQ(test, cap, 1);
	/* A programmed event cannot use the free-running counter. */
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &drs_thr, &cap), -EINVAL);
	KUNIT_EXPECT_FALSE(test, nvu_cxl_can_count(info, &drs_thr));
	/* Configurable counters carry their capability's real index. */
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &memrd, &cap), 2);
	KUNIT_EXPECT_EQ(test, cap, 2);
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &vendor, &cap), 2);
	KUNIT_EXPECT_EQ(test, cap, 3);
	/* Nothing counts these. */
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &nosuch, &cap), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &two, &cap), -EINVAL);

	/* Busy: the fixed counter's event has nowhere else to go. */
	__set_bit(0, used);
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &clk, &cap), -EAGAIN);
	__set_bit(2, used);
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &memrd, &cap), 3);
	__set_bit(3, used);
	KUNIT_EXPECT_EQ(test, nvu_cxl_pick(info, used, &memrd, &cap), -EAGAIN);
}

static void cxl_test_group_fits(struct kunit *test)
{
	const struct nvu_cxl_ev fit[] = {
		EV(0, 1), EV(0x25, 1), EV(0x20, 2), EV(0x20, 0xc),
	};
	const struct nvu_cxl_ev over[] = {
		EV(0x20, 1), EV(0x20, 2), EV(0x20, 4),
	};
	const struct nvu_cxl_ev two_clocks[] = { EV(0, 1), EV(0, 1) };
	/* The programmed one must get the fixed counter, whatever the order. */
	const struct nvu_cxl_ev order[] = { EV(0x25, 1), EV(0x25, 1) };
	struct nvu_cxl_info *info = cxl_info(test);
	u64 cfg[] = {
		cfg_reg(CPMU_TYPE_FREE, 1, 1),
		cfg_reg(CPMU_TYPE_FIXED, 1, 1),
	};
	const struct nvu_cxl_ev mixed[] = { EV(0x25, 1), EVP(0x25, 1) };
	const char *why;

	std_info(test, info);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, fit, 4), 0);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, over, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, over, 2), 0);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, two_clocks, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, order, 2), -EINVAL);

	KUNIT_ASSERT_EQ(test, nvu_cxl_decode(cap_reg(2, 48, 4, 1), std_evcap,
					     cfg, info, &why), 0);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, mixed, 2), 0);
	KUNIT_EXPECT_EQ(test, nvu_cxl_group_fits(info, order, 2), 0);
}

/*
 * What a function that can no longer be reached answers (all ones) is
 * told from what a CPMU can give: nothing beyond the counter width, and
 * all ones at 64 bits.
 */
static void cxl_test_plausible(struct kunit *test)
{
	struct nvu_cxl_info *info = cxl_info(test);

	std_info(test, info);		/* 48-bit counters */
	KUNIT_EXPECT_TRUE(test, nvu_cxl_value_plausible(info, 0));
	KUNIT_EXPECT_TRUE(test, nvu_cxl_value_plausible(info, BIT_ULL(48) - 1));
	KUNIT_EXPECT_FALSE(test, nvu_cxl_value_plausible(info, BIT_ULL(48)));
	KUNIT_EXPECT_FALSE(test, nvu_cxl_value_plausible(info, U64_MAX));

	info->width = 64;
	KUNIT_EXPECT_TRUE(test, nvu_cxl_value_plausible(info, U64_MAX - 1));
	KUNIT_EXPECT_FALSE(test, nvu_cxl_value_plausible(info, U64_MAX));

	info->width = 1;
	KUNIT_EXPECT_TRUE(test, nvu_cxl_value_plausible(info, 1));
	KUNIT_EXPECT_FALSE(test, nvu_cxl_value_plausible(info, 2));
}

/*
 * What an event adds per cycle: each event of its mask one, a queue
 * occupancy or residency (or vendor) event up to max_pc, a counter of
 * cycles (edge, invert, threshold 2 or more) one.
 */
static void cxl_test_per_cycle(struct kunit *test)
{
	struct nvu_cxl_ev ev = { .vid = CXL_EVENT_VID, .gid = 0x20, .mask = 0x6 };

	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, false, 64), 2);
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 1, false, 64), 2);
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 2, false, 64), 1);
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, true, 64), 1);
	ev.mask = 0xffffffff;
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, false, 64), 32);
	ev.gid = CXL_GID_QUEUE_OCC;
	ev.mask = 0x9;		/* rd_queue_occ, pwrdn_event */
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, false, 64), 65);
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, true, 64), 1);
	ev.gid = CXL_GID_RESIDENCY;
	ev.mask = 0x3;
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, false, 64), 128);
	ev.vid = 0x10de;
	ev.gid = 1;
	ev.mask = 0x1;
	KUNIT_EXPECT_EQ(test, nvu_cxl_per_cycle(&ev, 0, false, 16), 16);
}

static struct kunit_case nvu_cxl_cases[] = {
	KUNIT_CASE(cxl_test_locator),
	KUNIT_CASE(cxl_test_locator_bad),
	KUNIT_CASE(cxl_test_decode),
	KUNIT_CASE(cxl_test_decode_bad),
	KUNIT_CASE(cxl_test_pick),
	KUNIT_CASE(cxl_test_group_fits),
	KUNIT_CASE(cxl_test_plausible),
	KUNIT_CASE(cxl_test_per_cycle),
	{}
};

static struct kunit_suite nvu_cxl_suite = {
	.name = "nvu_cxl",
	.test_cases = nvu_cxl_cases,
};

kunit_test_suite(nvu_cxl_suite);

MODULE_DESCRIPTION("KUnit tests of the CXL CPMU driver's pure parts");
MODULE_LICENSE("GPL");
NVU_IMPORT_KUNIT_NS();

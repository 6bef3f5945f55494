// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit: the Tegra410 PCIE and PCIE-TGT drivers.  Pure logic (filter
 * encoding, group rules, address-filter slots), then the drivers against
 * the hardware model.  The root ports' NVIDIA DVSEC is read by the PCI
 * core's pci_find_dvsec_capability(); tests/e2e/40-pcie-events.sh reads it
 * from a model root port through "root_ports".
 * Part of nvu_t410_kunit; needs nvu_t410_pcie and nvu_t410_pcie_tgt.
 */

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/perf_event.h>

#include "nv_uncore.h"
#include "nvu_t410_kunit.h"
#include "nvu_t410_pcie.h"
#include "nvu_t410_pcie_tgt.h"
#include "nvu_t410_regs.h"

static void nvu_pcie_filters(struct kunit *test)
{
	/* No source filter: every root port. */
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_filtr(0), 0xffU);
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_filtr(0x5), 0x5U);
	/* src_bdf alone is not a filter; with src_bdf_en it is the only one. */
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_filtr(0x278100), 0xffU);
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_filtr(0x1278100), 0x1278100U);
	/* No destination: all five. */
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_filt2r(0), 0x1fU);
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_filt2r(T410_PCIE_DST_REM), 0x10U);
}

static void nvu_pcie_group_rules(struct kunit *test)
{
	struct nvu_req r[3] = {
		{ .config = { T410_PCIE_RD_REQ, 0x1278100 } },
		{ .config = { T410_PCIE_WR_REQ, 0x1278100 } },
		{ .config = { T410_PCIE_CYCLES, 0x1018000 }, .cycle = true },
	};

	/* One BDF shared, and the cycle counter is exempt. */
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(r, 3), 0);
	/* A second BDF. */
	r[1].config[1] = 0x1018000;
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(r, 2), -EINVAL);
	/* Root ports with a BDF, in one event. */
	r[1].config[1] = 0x1278101;
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(&r[1], 1), -EINVAL);
	/*
	 * Root ports or no source filter beside a BDF: the RC's comparator
	 * may filter both [U], so one group cannot mix them.
	 */
	r[1].config[1] = 0x3;
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(r, 2), -EINVAL);
	r[1].config[1] = 0;
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(r, 2), -EINVAL);
	/* Root ports and all root ports together: one mode, not BDF. */
	r[0].config[1] = 0x3;
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(r, 3), 0);
	/* src_bdf without src_bdf_en is not a BDF. */
	r[1].config[1] = 0x278100;
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_check_reqs(r, 2), 0);
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_src_mode(0x278100), U32_MAX);
	KUNIT_EXPECT_EQ(test, nvu_t410_pcie_src_mode(0x1278100), 0x2781U);
}

static void nvu_tgt_slots(struct kunit *test)
{
	struct t410_tgt_slot s[T410_PCIE_TGT_NR_SLOTS] = { };
	int i;

	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_slot_find(s, 0x10000, 0xfff00), 0);
	for (i = 0; i < T410_PCIE_TGT_NR_SLOTS; i++) {
		s[i].base = 0x1000 * i;
		s[i].mask = ~0ULL;
		s[i].users = 1;
	}
	/* An identical range shares; a new one finds none free. */
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_slot_find(s, 0x3000, ~0ULL), 3);
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_slot_find(s, 0x3000, 0xf000), -EAGAIN);
	/* The first free slot in slot order. */
	s[5].users = 0;
	s[2].users = 0;
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_slot_find(s, 0x9000, ~0ULL), 2);
	/* A range in use is shared even when a free slot comes first. */
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_slot_find(s, 0x7000, ~0ULL), 7);

	/* PMEVFILT2R: root ports, all by default, none with only a range. */
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_filt2r(0, -1), 0xffU);
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_filt2r(FIELD_PREP(T410_PCIE_TGT_DST_RP_MASK, 0x3), -1),
			0x3U);
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_filt2r(T410_PCIE_TGT_DST_ADDR_EN, 7), 0x8000U);
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_filt2r(T410_PCIE_TGT_DST_ADDR_EN |
					      FIELD_PREP(T410_PCIE_TGT_DST_RP_MASK, 0x1), 0),
			0x101U);
}

static void nvu_tgt_group_rules(struct kunit *test)
{
	struct nvu_req r[10] = { };
	int i;

	for (i = 0; i < 10; i++) {
		r[i].config[0] = T410_PCIE_TGT_RD_REQ | T410_PCIE_TGT_DST_ADDR_EN;
		r[i].config[1] = 0x100000;
		r[i].config[2] = ~0ULL << (8 + i);
	}
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_check_reqs(r, 8), 0);
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_check_reqs(r, 9), -EINVAL);
	/* The ninth repeats a range: it shares that slot. */
	r[8].config[2] = r[3].config[2];
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_check_reqs(r, 9), 0);
	/* Events without a range, and the cycle event, need no slot. */
	r[8].config[0] = T410_PCIE_TGT_RD_REQ;
	r[9].config[0] = T410_PCIE_TGT_CYCLES | T410_PCIE_TGT_DST_ADDR_EN;
	KUNIT_EXPECT_EQ(test, nvu_t410_tgt_check_reqs(r, 10), 0);
}

static void nvu_pcie_release(void *event)
{
	perf_event_release_kernel(event);
}

/*
 * Open a pinned (always scheduled) or disabled kernel counter, released
 * when the test ends.
 */
static struct perf_event *nvu_pcie_open(struct kunit *test, const char *name,
					u64 config, u64 config1, bool pinned,
					bool disabled)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.config = config,
		.config1 = config1,
		.pinned = pinned,
		.disabled = disabled,
	};
	struct perf_event *event;
	struct nvu_pmu *p;

	p = nvu_pmu_get(name);
	KUNIT_ASSERT_NOT_NULL(test, p);
	attr.type = p->pmu.type;
	event = perf_event_create_kernel_counter(&attr, p->cpu, NULL, NULL,
						 NULL);
	nvu_pmu_put(p);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(event), "%s %#llx %#llx: %ld",
			       name, config, config1, PTR_ERR(event));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nvu_pcie_release,
							event), 0);
	return event;
}

/*
 * The RC counts in one source mode at a time, "BDF X" or "not BDF",
 * taken when an event is scheduled in.  Beside pinned events of one BDF,
 * an event of another BDF and one without a BDF open but never run (perf
 * would multiplex them); a disabled event of another BDF holds nothing.
 */
static void nvu_pcie_bdf_model(struct kunit *test)
{
	const char *pmu = "nvidia_pcie_pmu_1_rc_0";
	struct perf_event *off, *a, *b, *same, *other, *all;
	u64 enabled, running;

	off = nvu_pcie_open(test, pmu, T410_PCIE_RD_REQ, 0x1018000, false,
			    true);
	a = nvu_pcie_open(test, pmu, T410_PCIE_RD_REQ, 0x1278100, true, false);
	b = nvu_pcie_open(test, pmu, T410_PCIE_RD_CUM_OUTS, 0x1278100, true,
			  false);
	same = nvu_pcie_open(test, pmu, T410_PCIE_RD_BYTES, 0x1278100, true,
			     false);
	other = nvu_pcie_open(test, pmu, T410_PCIE_RD_REQ, 0x1018000, false,
			      false);
	all = nvu_pcie_open(test, pmu, T410_PCIE_RD_REQ, 0, false, false);

	nvu_kt_inject(test, pmu, "op=rd count=4 bdf=0x2781 outs=9 dst=gmem");
	nvu_kt_inject(test, pmu, "op=rd count=5 bdf=0x2781 outs=9 dst=cmem");
	nvu_kt_inject(test, pmu, "op=rd count=6 bdf=0x0180 outs=9 dst=gmem");
	KUNIT_EXPECT_EQ(test, nvu_kt_count(a), 9ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(b), 9ULL * 9);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(same), 9ULL * 64);
	KUNIT_EXPECT_EQ(test, perf_event_read_value(other, &enabled, &running),
			0ULL);
	KUNIT_EXPECT_EQ(test, running, 0ULL);
	KUNIT_EXPECT_EQ(test, perf_event_read_value(all, &enabled, &running),
			0ULL);
	KUNIT_EXPECT_EQ(test, running, 0ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(off), 0ULL);
}

/* Slots are taken in add() and programmed into the model's region. */
static void nvu_tgt_slot_model(struct kunit *test)
{
	const char *pmu = "nvidia_pcie_tgt_pmu_1_rc_1";
	const char *wr = "op=wr rp=1 count=7 bytes=32 addr=0x1234deadbeef";
	u64 en = T410_PCIE_TGT_DST_ADDR_EN;
	struct perf_event *lo, *hi, *same;

	lo = nvu_kt_open_ok(test, pmu, T410_PCIE_TGT_RD_REQ | en, 0x1000,
			    ~0xfffULL);
	hi = nvu_kt_open_ok(test, pmu, T410_PCIE_TGT_WR_BYTES | en,
			    0x123400000000ULL, ~0ULL << 32);
	same = nvu_kt_open_ok(test, pmu, T410_PCIE_TGT_WR_REQ | en,
			      0x123400000000ULL, ~0ULL << 32);

	nvu_kt_inject(test, pmu, "op=rd dst=hdm count=3 addr=0x1ff8");
	nvu_kt_inject(test, pmu, "op=rd dst=hdm count=5 addr=0x2000");
	nvu_kt_inject(test, pmu, wr);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(lo), 3ULL);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(hi), 7ULL * 32);
	KUNIT_EXPECT_EQ(test, nvu_kt_count(same), 7ULL);
}

static struct kunit_case nvu_t410_pcie_cases[] = {
	KUNIT_CASE(nvu_pcie_filters),
	KUNIT_CASE(nvu_pcie_group_rules),
	KUNIT_CASE(nvu_tgt_slots),
	KUNIT_CASE(nvu_tgt_group_rules),
	KUNIT_CASE(nvu_pcie_bdf_model),
	KUNIT_CASE(nvu_tgt_slot_model),
	{ }
};

static struct kunit_suite nvu_t410_pcie_suite = {
	.name = "nvu_t410_pcie",
	.test_cases = nvu_t410_pcie_cases,
};

kunit_test_suites(&nvu_t410_pcie_suite);

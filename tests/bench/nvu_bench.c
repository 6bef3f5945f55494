// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_bench: register accesses of each perf callback of the Tegra410 PMUs,
 * counted by the hardware model.  Test-only; scripts/bench runs it in the
 * test VM through tests/bench.sh.
 *
 * Reading /sys/kernel/debug/nvu_bench/results runs every case and prints
 * one line per measured callback:
 *
 *	NVU-BENCH <pmu> <event> <callback> <reads>/<writes>
 *
 * A case opens its events disabled, so that perf core never schedules
 * them, then calls the PMU's callbacks itself on the owner CPU with
 * interrupts off, as perf does, and in perf's order: add and start inside
 * pmu_disable/pmu_enable (event_sched_in), read while the PMU counts, del
 * inside pmu_disable/pmu_enable (event_sched_out).  The model's access
 * counters are reset before and read after each callback.  A benchmark:
 * it prints figures and checks none.  An error prints a NVU-BENCH-ERROR
 * line.
 *
 * Needs nvu_emu (clock_khz=0, so nothing counts or polls on its own, and
 * cxl_fns=1), the Tegra410 drivers, nvu_cxl_cpmu and nvu_arm_cmn600
 * loaded.
 */

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/sched/signal.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "nv_uncore.h"
#include "nvu_emu.h"
/* The soak stops the core's poll timer: the core's own state. */
#include "../../drivers/core/nvu_internal.h"
#include "nvu_t410_regs.h"

#define NVU_BENCH_MAX_EVENTS	9

enum nvu_bench_op {
	NVU_BENCH_PMU_DISABLE,
	NVU_BENCH_PMU_ENABLE,
	NVU_BENCH_ADD,
	NVU_BENCH_START,
	NVU_BENCH_STOP,
	NVU_BENCH_READ,
	NVU_BENCH_DEL,
};

/**
 * struct nvu_bench_step - one callback, applied to every event of a case
 * @op: the callback
 * @name: name printed with its cost; NULL: a step not reported
 */
struct nvu_bench_step {
	enum nvu_bench_op op;
	const char *name;
};

static const struct nvu_bench_step nvu_bench_steps[] = {
	/* event_sched_in: add and start with the PMU disabled. */
	{ NVU_BENCH_PMU_DISABLE, "pmu_disable_idle" },
	{ NVU_BENCH_ADD, "add" },
	{ NVU_BENCH_START, "start" },
	{ NVU_BENCH_PMU_ENABLE, "pmu_enable" },
	/* Counting: a read, and a stop/start pair while the PMU runs. */
	{ NVU_BENCH_READ, "read" },
	{ NVU_BENCH_STOP, "stop_enabled" },
	{ NVU_BENCH_START, "start_enabled" },
	/* event_sched_out: del of a started event with the PMU disabled. */
	{ NVU_BENCH_PMU_DISABLE, "pmu_disable" },
	{ NVU_BENCH_STOP, "stop" },
	{ NVU_BENCH_START, NULL },
	{ NVU_BENCH_DEL, "del" },
	{ NVU_BENCH_PMU_ENABLE, "pmu_enable_idle" },
};

#define NVU_BENCH_NR_STEPS	ARRAY_SIZE(nvu_bench_steps)

/**
 * struct nvu_bench_case - events measured together on one PMU
 * @pmu: PMU name
 * @emu: the model's device name, when it is not @pmu
 * @tag: short PMU name printed
 * @name: event name printed ("group" for several)
 * @steady: the tag of its steady-state row, for a case not named "group"
 *	whose steady state is measured too
 * @nr_events: number of entries in @config and @config1
 * @config: attr.config of each event
 * @config1: attr.config1 of each event
 * @config2: attr.config2 of each event
 */
struct nvu_bench_case {
	const char *pmu;
	const char *emu;
	const char *tag;
	const char *name;
	const char *steady;
	unsigned int nr_events;
	u64 config[NVU_BENCH_MAX_EVENTS];
	u64 config1[NVU_BENCH_MAX_EVENTS];
	u64 config2[NVU_BENCH_MAX_EVENTS];
};

#define NVU_BENCH_UCF	"nvidia_ucf_pmu_0"
#define NVU_BENCH_CMEM	"nvidia_cmem_latency_pmu_0"
#define NVU_BENCH_PCIE	"nvidia_pcie_pmu_0_rc_0"
#define NVU_BENCH_TGT	"nvidia_pcie_tgt_pmu_0_rc_0"
#define NVU_BENCH_C2C	"nvidia_nvlink_c2c_pmu_0"
#define NVU_BENCH_CLINK	"nvidia_nvclink_pmu_0"
#define NVU_BENCH_DLINK	"nvidia_nvdlink_pmu_0"
#define NVU_BENCH_CXL	"cxl_pmu_pci10000_00_00_0.0"
/*
 * CMN-600: the model's meshes cmn600_1 (4x2, 8 HN-F, 1 DTC) and cmn600_2
 * (8x8, 32 HN-F on 16 XPs, 4 DTCs), arm_cmn_1 and arm_cmn_2 in probe
 * order, which is their _UID order.
 */
#define NVU_BENCH_CMN4	"arm_cmn_1"
#define NVU_BENCH_CMN8	"arm_cmn_2"
/* type | eventid << 16 (Documentation/cmn600.rst) */
#define NVU_BENCH_CMN_CYCLES	0x3
#define NVU_BENCH_CMN_MISS	0x10005
#define NVU_BENCH_CMN_ACCESS	0x20005

/* CXL events: vendor 0x1e98, group << 32, event bit (Documentation/cxl.rst). */
#define NVU_BENCH_CXL_CLOCK	0x1e98000000000001ULL
#define NVU_BENCH_CXL_MEMRD	0x1e98002000000002ULL
#define NVU_BENCH_CXL_MEMWR	0x1e98002100000002ULL

#define NVU_BENCH_UCF_F	(T410_UCF_SRC_LOC_CPU | T410_UCF_DST_LOC_CMEM)
#define NVU_BENCH_TGT_RANGE \
	(T410_PCIE_TGT_RD_REQ | T410_PCIE_TGT_DST_ADDR_EN)

/*
 * Every case runs each callback step; the "group" case of each PMU type is
 * the documentation's typical group, also measured through perf core and
 * in the steady state (the "steady" file).
 */
static const struct nvu_bench_case nvu_bench_cases[] = {
	{
		.pmu = NVU_BENCH_UCF, .tag = "ucf", .name = "slc_bytes_rd",
		.nr_events = 1, .config = { T410_UCF_SLC_BYTES_RD },
		.config1 = { NVU_BENCH_UCF_F },
	}, {
		.pmu = NVU_BENCH_UCF, .tag = "ucf", .name = "cycles",
		.nr_events = 1, .config = { T410_UCF_CYCLES },
	}, {
		/* tegra410.rst: {mem_bytes_rd,F, mem_access_rd,F, cycles} */
		.pmu = NVU_BENCH_UCF, .tag = "ucf", .name = "group",
		.nr_events = 3,
		.config = { T410_UCF_MEM_BYTES_RD, T410_UCF_MEM_ACCESS_RD,
			    T410_UCF_CYCLES },
		.config1 = { NVU_BENCH_UCF_F, NVU_BENCH_UCF_F },
	}, {
		.pmu = NVU_BENCH_PCIE, .tag = "pcie", .name = "rd_req",
		.nr_events = 1, .config = { T410_PCIE_RD_REQ },
		.config1 = { 0x3 }, .config2 = { T410_PCIE_DST_LOC_CMEM },
	}, {
		/* nvu-metrics pcie: bytes, requests, latency of one RC */
		.pmu = NVU_BENCH_PCIE, .tag = "pcie", .name = "group",
		.nr_events = 4,
		.config = { T410_PCIE_RD_BYTES, T410_PCIE_RD_REQ,
			    T410_PCIE_RD_CUM_OUTS, T410_PCIE_CYCLES },
	}, {
		.pmu = NVU_BENCH_TGT, .tag = "pcie_tgt", .name = "rd_req_addr",
		.nr_events = 1, .config = { NVU_BENCH_TGT_RANGE },
		.config1 = { 0x10000 }, .config2 = { 0xfff00 },
	}, {
		/* tegra410.rst's range, read and write bytes (one slot) */
		.pmu = NVU_BENCH_TGT, .tag = "pcie_tgt", .name = "group",
		.nr_events = 2,
		.config = { T410_PCIE_TGT_RD_BYTES | T410_PCIE_TGT_DST_ADDR_EN,
			    T410_PCIE_TGT_WR_BYTES | T410_PCIE_TGT_DST_ADDR_EN },
		.config1 = { 0x10000, 0x10000 },
		.config2 = { 0xfff00, 0xfff00 },
	}, {
		.pmu = NVU_BENCH_CMEM, .tag = "cmem", .name = "cycles",
		.nr_events = 1, .config = { T410_CMEM_CYCLES },
	}, {
		.pmu = NVU_BENCH_CMEM, .tag = "cmem", .name = "rd_req",
		.nr_events = 1, .config = { T410_CMEM_RD_REQ },
	}, {
		.pmu = NVU_BENCH_CMEM, .tag = "cmem", .name = "rd_cum_outs",
		.nr_events = 1, .config = { T410_CMEM_RD_CUM_OUTS },
	}, {
		.pmu = NVU_BENCH_CMEM, .tag = "cmem", .name = "group",
		.nr_events = 3,
		.config = { T410_CMEM_RD_REQ, T410_CMEM_RD_CUM_OUTS,
			    T410_CMEM_CYCLES },
	}, {
		.pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "in_rd_req",
		.nr_events = 1, .config = { T410_C2C_IN_RD_REQ },
	}, {
		.pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "in_rd_req_gpu0",
		.nr_events = 1, .config = { T410_C2C_IN_RD_REQ },
		.config1 = { 0x1 },
	}, {
		.pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "cycles",
		.nr_events = 1, .config = { T410_C2C_CYCLES },
	}, {
		.pmu = NVU_BENCH_CLINK, .tag = "clink", .name = "in_rd_req",
		.nr_events = 1, .config = { T410_C2C_IN_RD_REQ },
	}, {
		.pmu = NVU_BENCH_DLINK, .tag = "dlink", .name = "in_rd_req",
		.nr_events = 1, .config = { T410_C2C_IN_RD_REQ },
	}, {
		/* tegra410.rst: the latency group of each link */
		.pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "group",
		.nr_events = 3,
		.config = { T410_C2C_IN_RD_REQ, T410_C2C_IN_RD_CUM_OUTS,
			    T410_C2C_CYCLES },
	}, {
		/*
		 * All nine events of the link, each summed over 14 instances:
		 * the longest stretch with interrupts off one group's
		 * sched-in or sched-out causes.
		 */
		.pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "all9",
		/* Its steady state too: in_wr_req's counter is polled. */
		.steady = "c2c_all9",
		.nr_events = 9,
		.config = { T410_C2C_CYCLES, T410_C2C_IN_RD_CUM_OUTS,
			    T410_C2C_IN_RD_REQ, T410_C2C_IN_WR_CUM_OUTS,
			    T410_C2C_IN_WR_REQ, T410_C2C_OUT_RD_CUM_OUTS,
			    T410_C2C_OUT_RD_REQ, T410_C2C_OUT_WR_CUM_OUTS,
			    T410_C2C_OUT_WR_REQ },
	}, {
		.pmu = NVU_BENCH_CLINK, .tag = "clink", .name = "group",
		.nr_events = 3,
		.config = { T410_C2C_IN_RD_REQ, T410_C2C_IN_RD_CUM_OUTS,
			    T410_C2C_CYCLES },
	}, {
		.pmu = NVU_BENCH_DLINK, .tag = "dlink", .name = "group",
		.nr_events = 3,
		.config = { T410_C2C_IN_RD_REQ, T410_C2C_IN_RD_CUM_OUTS,
			    T410_C2C_CYCLES },
	}, {
		/* A configurable counter, with the HDM filter. */
		.pmu = NVU_BENCH_CXL, .tag = "cxl", .name = "m2s_req_memrd",
		.nr_events = 1, .config = { NVU_BENCH_CXL_MEMRD },
		.config1 = { BIT(18) }, .config2 = { 0x1 },
	}, {
		.pmu = NVU_BENCH_CXL, .tag = "cxl", .name = "clock_ticks",
		.nr_events = 1, .config = { NVU_BENCH_CXL_CLOCK },
	}, {
		/* cxl.rst: read and write bandwidth of a memory device */
		.pmu = NVU_BENCH_CXL, .tag = "cxl", .name = "group",
		.nr_events = 3,
		.config = { NVU_BENCH_CXL_CLOCK, NVU_BENCH_CXL_MEMRD,
			    NVU_BENCH_CXL_MEMWR },
	}, {
		/* One event over every HN-F of a mesh: 8, then 32 nodes. */
		.pmu = NVU_BENCH_CMN4, .emu = "cmn600_1", .tag = "cmn4x2",
		.name = "hnf_cache_miss",
		.nr_events = 1, .config = { NVU_BENCH_CMN_MISS },
	}, {
		.pmu = NVU_BENCH_CMN8, .emu = "cmn600_2", .tag = "cmn8x8",
		.name = "hnf_cache_miss",
		.nr_events = 1, .config = { NVU_BENCH_CMN_MISS },
	}, {
		.pmu = NVU_BENCH_CMN8, .emu = "cmn600_2", .tag = "cmn8x8",
		.name = "dtc_cycles",
		.nr_events = 1, .config = { NVU_BENCH_CMN_CYCLES },
	}, {
		/* cmn600.rst: the HN-F cache miss rate, per cycle */
		.pmu = NVU_BENCH_CMN8, .emu = "cmn600_2", .tag = "cmn8x8",
		.name = "group",
		.nr_events = 3,
		.config = { NVU_BENCH_CMN_MISS, NVU_BENCH_CMN_ACCESS,
			    NVU_BENCH_CMN_CYCLES },
	},
};

/* The model's device behind @bc's PMU. */
static const char *nvu_bench_dev(const struct nvu_bench_case *bc)
{
	return bc->emu ?: bc->pmu;
}

static bool nvu_bench_is_group(const struct nvu_bench_case *bc)
{
	return !strcmp(bc->name, "group");
}

/**
 * struct nvu_bench_run - one case in flight
 * @bc: the case
 * @events: its events
 * @reads: register reads of each step
 * @writes: register writes of each step
 * @err: 0, or the error of a failed add
 */
struct nvu_bench_run {
	const struct nvu_bench_case *bc;
	struct perf_event *events[NVU_BENCH_MAX_EVENTS];
	u64 reads[NVU_BENCH_NR_STEPS];
	u64 writes[NVU_BENCH_NR_STEPS];
	int err;
};

static DEFINE_MUTEX(nvu_bench_lock);
static struct dentry *nvu_bench_dir;

static int nvu_bench_add(struct pmu *pmu, struct perf_event **events,
			 unsigned int n)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = pmu->add(events[i], 0);
		if (ret) {
			while (i--)
				pmu->del(events[i], 0);
			return ret;
		}
	}
	return 0;
}

/* Apply one callback to the PMU or to each of @n events. */
static int nvu_bench_op(struct pmu *pmu, struct perf_event **events,
			unsigned int n, enum nvu_bench_op op)
{
	unsigned int i;

	switch (op) {
	case NVU_BENCH_PMU_DISABLE:
		pmu->pmu_disable(pmu);
		return 0;
	case NVU_BENCH_PMU_ENABLE:
		pmu->pmu_enable(pmu);
		return 0;
	case NVU_BENCH_ADD:
		return nvu_bench_add(pmu, events, n);
	case NVU_BENCH_READ:
		/* A group read, as perf core makes it: one read transaction. */
		pmu->start_txn(pmu, PERF_PMU_TXN_READ);
		for (i = 0; i < n; i++)
			pmu->read(events[i]);
		return pmu->commit_txn(pmu);
	default:
		break;
	}
	for (i = 0; i < n; i++) {
		switch (op) {
		case NVU_BENCH_START:
			pmu->start(events[i], PERF_EF_RELOAD);
			break;
		case NVU_BENCH_STOP:
			pmu->stop(events[i], PERF_EF_UPDATE);
			break;
		case NVU_BENCH_DEL:
			pmu->del(events[i], 0);
			break;
		default:
			break;
		}
	}
	return 0;
}

/* On the owner CPU, interrupts off: every step, each one counted alone. */
static void nvu_bench_steps_on_cpu(void *arg)
{
	struct nvu_bench_run *run = arg;
	const struct nvu_bench_case *bc = run->bc;
	struct pmu *pmu = run->events[0]->pmu;
	unsigned int i;
	u64 r, w;

	for (i = 0; i < NVU_BENCH_NR_STEPS; i++) {
		nvu_emu_access(nvu_bench_dev(bc), &r, &w, true);
		run->err = nvu_bench_op(pmu, run->events, bc->nr_events,
					nvu_bench_steps[i].op);
		nvu_emu_access(nvu_bench_dev(bc), &run->reads[i], &run->writes[i], false);
		if (run->err) {
			/* Only add fails, and it left nothing added. */
			pmu->pmu_enable(pmu);
			return;
		}
	}
}

static void nvu_bench_close(struct nvu_bench_run *run)
{
	unsigned int i;

	for (i = 0; i < NVU_BENCH_MAX_EVENTS; i++) {
		if (run->events[i])
			perf_event_release_kernel(run->events[i]);
		run->events[i] = NULL;
	}
}

/* Open the events of @run's case on the PMU's owner CPU. */
static int nvu_bench_open(struct nvu_bench_run *run, struct nvu_pmu *pmu,
			  bool disabled)
{
	const struct nvu_bench_case *bc = run->bc;
	struct perf_event *event;
	unsigned int i;

	for (i = 0; i < bc->nr_events; i++) {
		struct perf_event_attr attr = {
			.type = pmu->pmu.type,
			.size = sizeof(attr),
			.config = bc->config[i],
			.config1 = bc->config1[i],
			.config2 = bc->config2[i],
			.disabled = disabled,
		};

		event = perf_event_create_kernel_counter(&attr, pmu->cpu, NULL,
							 NULL, NULL);
		if (IS_ERR(event)) {
			nvu_bench_close(run);
			return PTR_ERR(event);
		}
		run->events[i] = event;
	}
	return 0;
}

static void nvu_bench_error(struct seq_file *m,
			    const struct nvu_bench_case *bc, const char *what,
			    int err)
{
	seq_printf(m, "NVU-BENCH-ERROR %s %s %s: %d\n", bc->tag, bc->name,
		   what, err);
}

/* Direct calls of every step on the case's events. */
static void nvu_bench_one(struct seq_file *m, struct nvu_bench_run *run,
			  struct nvu_pmu *pmu)
{
	const struct nvu_bench_case *bc = run->bc;
	unsigned int i;
	int ret;

	ret = nvu_bench_open(run, pmu, true);
	if (ret) {
		nvu_bench_error(m, bc, "open", ret);
		return;
	}
	ret = smp_call_function_single(run->events[0]->cpu,
				       nvu_bench_steps_on_cpu, run, 1);
	if (ret || run->err) {
		nvu_bench_error(m, bc, "callbacks", ret ?: run->err);
	} else {
		for (i = 0; i < NVU_BENCH_NR_STEPS; i++) {
			if (!nvu_bench_steps[i].name)
				continue;
			seq_printf(m, "NVU-BENCH %s %s %s %llu/%llu\n",
				   bc->tag, bc->name, nvu_bench_steps[i].name,
				   run->reads[i], run->writes[i]);
		}
	}
	nvu_bench_close(run);
}

/* A read of each of the case's events through perf core, all counted. */
static void nvu_bench_perf_read(struct seq_file *m, struct nvu_bench_run *run,
				struct nvu_pmu *pmu)
{
	const struct nvu_bench_case *bc = run->bc;
	u64 enabled, running, r, w;
	unsigned int i;
	int ret;

	ret = nvu_bench_open(run, pmu, false);
	if (ret) {
		nvu_bench_error(m, bc, "open enabled", ret);
		return;
	}
	nvu_emu_access(nvu_bench_dev(bc), &r, &w, true);
	for (i = 0; i < bc->nr_events; i++)
		perf_event_read_value(run->events[i], &enabled, &running);
	nvu_emu_access(nvu_bench_dev(bc), &r, &w, false);
	seq_printf(m, "NVU-BENCH %s %s read_via_perf %llu/%llu\n", bc->tag,
		   bc->name, r, w);
	/* The events stay open and counting; nobody reads them for 1 s. */
	nvu_emu_access(nvu_bench_dev(bc), &r, &w, true);
	msleep(1000);
	nvu_emu_access(nvu_bench_dev(bc), &r, &w, false);
	seq_printf(m, "NVU-BENCH %s %s idle_1s %llu/%llu\n", bc->tag, bc->name,
		   r, w);
	nvu_bench_close(run);
}

static void nvu_bench_case_run(struct seq_file *m,
			       const struct nvu_bench_case *bc, bool perf_path)
{
	struct nvu_bench_run *run;
	struct nvu_pmu *pmu;
	u64 r, w;

	if (nvu_emu_access(nvu_bench_dev(bc), &r, &w, false)) {
		nvu_bench_error(m, bc, "not a device of nvu_emu", -ENODEV);
		return;
	}
	pmu = nvu_pmu_get(bc->pmu);
	if (!pmu) {
		nvu_bench_error(m, bc, "no such PMU", -ENODEV);
		return;
	}
	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (run) {
		run->bc = bc;
		if (perf_path)
			nvu_bench_perf_read(m, run, pmu);
		else
			nvu_bench_one(m, run, pmu);
		kfree(run);
	} else {
		nvu_bench_error(m, bc, "allocation", -ENOMEM);
	}
	nvu_pmu_put(pmu);
}

static int nvu_bench_show(struct seq_file *m, void *v)
{
	unsigned int i;

	mutex_lock(&nvu_bench_lock);
	for (i = 0; i < ARRAY_SIZE(nvu_bench_cases); i++)
		nvu_bench_case_run(m, &nvu_bench_cases[i], false);
	for (i = 0; i < ARRAY_SIZE(nvu_bench_cases); i++)
		if (nvu_bench_is_group(&nvu_bench_cases[i]))
			nvu_bench_case_run(m, &nvu_bench_cases[i], true);
	mutex_unlock(&nvu_bench_lock);
	return 0;
}

/* ------------------------------------------------------------------------
 * Steady state: what counting costs while nobody calls a perf callback
 * but perf stat's periodic read.
 */

static unsigned int steady_ms = 2000;
module_param(steady_ms, uint, 0644);
MODULE_PARM_DESC(steady_ms, "wall time of each steady-state measurement");

#define NVU_BENCH_POLL_TIMES	256

/**
 * struct nvu_bench_poll - the work of one overflow poll, on the owner CPU
 * @run: the open events
 * @ns: CPU time of @NVU_BENCH_POLL_TIMES polls
 * @reads: register reads of one poll
 * @writes: register writes of one poll
 */
struct nvu_bench_poll {
	struct nvu_bench_run *run;
	u64 ns, reads, writes;
};

/*
 * One pass of reads, as the core's poll timer makes: of the events it
 * polls, or, where it polls none, of every event (a group read's cost).
 */
static void nvu_bench_poll_once(struct nvu_bench_run *run)
{
	struct pmu *pmu = run->events[0]->pmu;
	struct nvu_pmu *np = to_nvu_pmu(pmu);
	bool polls = !bitmap_empty(np->polled, NVU_MAX_COUNTERS + 1);
	unsigned int i;

	pmu->start_txn(pmu, PERF_PMU_TXN_READ);
	for (i = 0; i < run->bc->nr_events; i++)
		if (!polls || test_bit(run->events[i]->hw.idx, np->polled))
			pmu->read(run->events[i]);
	pmu->commit_txn(pmu);
}

static void nvu_bench_poll_on_cpu(void *arg)
{
	struct nvu_bench_poll *p = arg;
	const char *name = nvu_bench_dev(p->run->bc);
	unsigned int i;
	u64 t0;

	nvu_emu_access(name, &p->reads, &p->writes, true);
	nvu_bench_poll_once(p->run);
	nvu_emu_access(name, &p->reads, &p->writes, false);
	/* The clocksource: sched_clock may tick by jiffies in a VM. */
	t0 = ktime_get_ns();
	for (i = 0; i < NVU_BENCH_POLL_TIMES; i++)
		nvu_bench_poll_once(p->run);
	p->ns = ktime_get_ns() - t0;
}

/*
 * Register accesses per second over steady_ms of wall time while the
 * events count, read every @interval_ms as perf stat -I does (read(2) of
 * each event: perf_event_read_value()), or never (0).
 */
static void nvu_bench_steady_mode(struct seq_file *m, struct nvu_bench_run *run,
				  const char *tag, unsigned int interval_ms,
				  const char *mode)
{
	const struct nvu_bench_case *bc = run->bc;
	u64 r, w, t0, ns, enabled, running;
	unsigned int k, i;

	nvu_emu_access(nvu_bench_dev(bc), &r, &w, true);
	t0 = ktime_get_ns();
	if (!interval_ms) {
		msleep(steady_ms);
	} else {
		for (k = 0; k < steady_ms / interval_ms; k++) {
			msleep(interval_ms);
			for (i = 0; i < bc->nr_events; i++)
				perf_event_read_value(run->events[i], &enabled,
						      &running);
		}
	}
	ns = ktime_get_ns() - t0;
	nvu_emu_access(nvu_bench_dev(bc), &r, &w, false);

	/* tag, mode, reads, writes, wall ns */
	seq_printf(m, "NVU-BENCH-STEADY %s %s %llu %llu %llu\n", tag, mode,
		   r, w, ns);
}

static void nvu_bench_steady_case(struct seq_file *m,
				  const struct nvu_bench_case *bc, const char *tag)
{
	struct nvu_bench_poll p = { };
	struct nvu_bench_run *run;
	struct nvu_pmu *pmu;
	u64 poll_ns;
	int ret;

	pmu = nvu_pmu_get(bc->pmu);
	if (!pmu) {
		nvu_bench_error(m, bc, "no such PMU", -ENODEV);
		return;
	}
	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		goto out;
	run->bc = bc;
	ret = nvu_bench_open(run, pmu, false);
	if (ret) {
		nvu_bench_error(m, bc, "open enabled", ret);
		goto out_free;
	}
	/* Counters an overflow interrupt covers are not polled. */
	poll_ns = bitmap_empty(pmu->polled, NVU_MAX_COUNTERS + 1) ? 0 :
		  ktime_to_ns(pmu->poll_period);
	p.run = run;
	ret = smp_call_function_single(run->events[0]->cpu,
				       nvu_bench_poll_on_cpu, &p, 1);
	if (ret) {
		nvu_bench_error(m, bc, "poll", ret);
	} else {
		/* tag, poll period, accesses and CPU ns of one poll */
		seq_printf(m, "NVU-BENCH-POLL %s %llu %llu/%llu %llu\n",
			   tag, poll_ns, p.reads, p.writes,
			   div_u64(p.ns, NVU_BENCH_POLL_TIMES));
		nvu_bench_steady_mode(m, run, tag, 0, "none");
		nvu_bench_steady_mode(m, run, tag, 1000, "I1000");
		nvu_bench_steady_mode(m, run, tag, 100, "I100");
	}
	nvu_bench_close(run);
out_free:
	kfree(run);
out:
	nvu_pmu_put(pmu);
}

static int nvu_bench_steady_show(struct seq_file *m, void *v)
{
	unsigned int i;

	mutex_lock(&nvu_bench_lock);
	for (i = 0; i < ARRAY_SIZE(nvu_bench_cases); i++) {
		const struct nvu_bench_case *bc = &nvu_bench_cases[i];

		if (nvu_bench_is_group(bc))
			nvu_bench_steady_case(m, bc, bc->tag);
		else if (bc->steady)
			nvu_bench_steady_case(m, bc, bc->steady);
	}
	mutex_unlock(&nvu_bench_lock);
	return 0;
}

/* ------------------------------------------------------------------------
 * Soak: the fastest assumed rate for soak_s of model time.
 *
 * The model's clock stands still (clock_khz=0); model time advances only
 * here, in steps of one poll period P of the driver (1 s for a PMU that
 * does not poll).  Each step injects what the PMU's max_rate counts in P
 * into every summed counter of the event, then runs what the core's poll
 * timer runs, on the owner CPU with interrupts off.  Steps follow each
 * other as fast as the CPU allows, so model time runs far faster than the
 * wall clock; the driver's own hrtimer, which runs in wall time, is
 * stopped for the soak, and the steps stand in for it.
 */

static unsigned int soak_s = 600;
module_param(soak_s, uint, 0644);
MODULE_PARM_DESC(soak_s, "model time of each soak, in seconds");

/**
 * struct nvu_bench_soak - one PMU type at its fastest rate
 * @tag: PMU type
 * @c: the event, counting at the PMU's max_rate
 * @line: inject line of one step; %llu is the amount per counter
 * @counters: hardware counters the event sums
 * @rate: the event's fastest rate per counter, where it is not its PMU's
 *	max_rate (an event narrower than its PMU, nvu_event_set_wrap())
 */
struct nvu_bench_soak {
	const char *tag;
	struct nvu_bench_case c;
	const char *line;
	unsigned int counters;
	u64 rate;
};

static const struct nvu_bench_soak nvu_bench_soaks[] = {
	{
		.tag = "ucf", .counters = 1,
		.c = { .pmu = NVU_BENCH_UCF, .tag = "ucf", .name = "slc_bytes_rd",
		       .nr_events = 1, .config = { T410_UCF_SLC_BYTES_RD },
		       .config1 = { NVU_BENCH_UCF_F } },
		.line = "op=rd src=cpu dst=cmem count=1 bytes=%llu",
	}, {
		.tag = "pcie", .counters = 1,
		.c = { .pmu = NVU_BENCH_PCIE, .tag = "pcie", .name = "rd_cum_outs",
		       .nr_events = 1, .config = { T410_PCIE_RD_CUM_OUTS },
		       .config1 = { 0x1 }, .config2 = { T410_PCIE_DST_LOC_CMEM } },
		.line = "op=rd rp=0 dst=cmem count=1 outs=%llu",
	}, {
		.tag = "pcie_tgt", .counters = 1,
		.c = { .pmu = NVU_BENCH_TGT, .tag = "pcie_tgt", .name = "rd_bytes",
		       .nr_events = 1,
		       .config = { T410_PCIE_TGT_RD_BYTES |
				   BIT_ULL(3) } },
		/* dst_rp_mask=0x1: root port 0 (config bits 3-10) */
		.line = "op=rd dst=bar rp=0 count=1 bytes=%llu",
	}, {
		/*
		 * The one 32-bit C2C counter, both GPUs: 14 instances, each at
		 * the driver's [U] bound of one request a cycle at 2 GHz.
		 */
		.tag = "c2c", .counters = 14, .rate = 2000000000ULL,
		.c = { .pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "in_wr_req",
		       .nr_events = 1, .config = { T410_C2C_IN_WR_REQ } },
		.line = "dir=in op=wr count=%llu",
	}, {
		/* A configurable counter; max_rate is the driver's [U] bound. */
		.tag = "cxl", .counters = 1,
		.c = { .pmu = NVU_BENCH_CXL, .tag = "cxl", .name = "m2s_req_memrd",
		       .nr_events = 1, .config = { NVU_BENCH_CXL_MEMRD } },
		.line = "gid=0x20 ev=1 count=%llu",
	},
};

static char nvu_bench_soak_tag[16];

/*
 * Steps per call on the owner CPU: a few seconds at most, so that the
 * reader of "soak" never waits long enough for the hung-task detector.
 */
#define NVU_BENCH_SOAK_CHUNK	16384

struct nvu_bench_soak_run {
	const struct nvu_bench_soak *sk;
	struct nvu_bench_run *run;
	u64 step_ns, amount, steps, chunk;
	int err;
};

static long nvu_bench_soak_on_cpu(void *arg)
{
	struct nvu_bench_soak_run *sr = arg;
	unsigned long flags;
	char line[96];
	u64 k;

	snprintf(line, sizeof(line), sr->sk->line, sr->amount);
	for (k = 0; k < sr->chunk; k++) {
		sr->err = nvu_emu_inject(sr->sk->c.pmu, line);
		if (sr->err)
			return 0;
		local_irq_save(flags);
		nvu_bench_poll_once(sr->run);
		local_irq_restore(flags);
		if (!(k & 1023))
			cond_resched();
	}
	return 0;
}

static void nvu_bench_soak_one(struct seq_file *m, const struct nvu_bench_soak *sk)
{
	struct nvu_bench_soak_run sr = { .sk = sk };
	u64 enabled, running, counted, expected, t0, ns, done;
	struct nvu_pmu *pmu;
	int ret;

	pmu = nvu_pmu_get(sk->c.pmu);
	if (!pmu) {
		nvu_bench_error(m, &sk->c, "no such PMU", -ENODEV);
		return;
	}
	sr.run = kzalloc(sizeof(*sr.run), GFP_KERNEL);
	if (!sr.run)
		goto out;
	sr.run->bc = &sk->c;
	ret = nvu_bench_open(sr.run, pmu, false);
	if (ret) {
		nvu_bench_error(m, &sk->c, "open enabled", ret);
		goto out_free;
	}
	/*
	 * Model time is the steps': the poll runs every P of it, here.  The
	 * driver's timer would add reads at random model times (harmless)
	 * and, at these periods, most of the wall time: stop it.
	 */
	hrtimer_cancel(&pmu->core->poll_timer);
	sr.step_ns = ktime_to_ns(pmu->poll_period) ?: NSEC_PER_SEC;
	sr.amount = mul_u64_u64_div_u64(sk->rate ?: pmu->desc->max_rate,
					sr.step_ns, NSEC_PER_SEC);
	sr.steps = div64_u64((u64)soak_s * NSEC_PER_SEC, sr.step_ns);
	t0 = ktime_get_ns();
	for (done = 0; done < sr.steps && !sr.err; done += sr.chunk) {
		sr.chunk = min_t(u64, sr.steps - done, NVU_BENCH_SOAK_CHUNK);
		work_on_cpu(sr.run->events[0]->cpu, nvu_bench_soak_on_cpu, &sr);
		if (fatal_signal_pending(current)) {
			sr.err = -EINTR;
			break;
		}
	}
	ns = ktime_get_ns() - t0;
	counted = perf_event_read_value(sr.run->events[0], &enabled, &running);
	expected = sr.steps * sr.amount * sk->counters;
	if (sr.err)
		nvu_bench_error(m, &sk->c, "soak", sr.err);
	else
		seq_printf(m, "NVU-BENCH-SOAK %s %u %llu %llu %llu %llu %llu %lld %llu\n",
			   sk->tag,
			   (unsigned int)sr.run->events[0]->hw.event_base,
			   sr.step_ns, sr.steps, sr.amount,
			   div_u64(sr.steps * sr.step_ns, NSEC_PER_MSEC),
			   div_u64(ns, NSEC_PER_MSEC), counted - expected,
			   sk->rate ?: pmu->desc->max_rate);
	nvu_bench_close(sr.run);
out_free:
	kfree(sr.run);
out:
	nvu_pmu_put(pmu);
}

static int nvu_bench_soak_show(struct seq_file *m, void *v)
{
	unsigned int i;

	mutex_lock(&nvu_bench_lock);
	for (i = 0; i < ARRAY_SIZE(nvu_bench_soaks); i++)
		if (!strcmp(nvu_bench_soaks[i].tag, nvu_bench_soak_tag))
			nvu_bench_soak_one(m, &nvu_bench_soaks[i]);
	mutex_unlock(&nvu_bench_lock);
	return 0;
}

/* Which soak the next read of "soak" runs: a PMU type ("ucf", ...). */
static ssize_t nvu_bench_soak_write(struct file *file, const char __user *ubuf,
				    size_t len, loff_t *ppos)
{
	char buf[sizeof(nvu_bench_soak_tag)];
	ssize_t n;

	n = simple_write_to_buffer(buf, sizeof(buf) - 1, ppos, ubuf, len);
	if (n < 0)
		return n;
	buf[n] = 0;
	mutex_lock(&nvu_bench_lock);
	strscpy(nvu_bench_soak_tag, strim(buf), sizeof(nvu_bench_soak_tag));
	mutex_unlock(&nvu_bench_lock);
	return len;
}

/*
 * The narrowest counter width the core accepts for each PMU type: the
 * registration refuses a poll period under 100 us.
 */
static int nvu_bench_widths_show(struct seq_file *m, void *v)
{
	unsigned int i, w;

	for (i = 0; i < ARRAY_SIZE(nvu_bench_soaks); i++) {
		const struct nvu_bench_soak *sk = &nvu_bench_soaks[i];
		struct nvu_pmu *pmu = nvu_pmu_get(sk->c.pmu);

		if (!pmu)
			continue;
		/* An event narrower than its PMU keeps its own width. */
		if (sk->rate) {
			nvu_pmu_put(pmu);
			continue;
		}
		for (w = 1; w < 64; w++)
			if (nvu_width_pollable(w, pmu->desc->max_rate))
				break;
		seq_printf(m, "NVU-BENCH-WIDTH %s %u\n", sk->tag, w);
		nvu_pmu_put(pmu);
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * The model's own speed: injections per second through nvu_emu_inject()
 * into an enabled UCF counter.
 */
#define NVU_BENCH_INJECTS	100000

static int nvu_bench_inject_show(struct seq_file *m, void *v)
{
	const struct nvu_bench_case *bc = &nvu_bench_soaks[0].c;
	struct nvu_bench_run *run;
	struct nvu_pmu *pmu;
	unsigned int k;
	u64 t0, ns;
	int ret = 0;

	pmu = nvu_pmu_get(bc->pmu);
	if (!pmu)
		return 0;
	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (run) {
		run->bc = bc;
		ret = nvu_bench_open(run, pmu, false);
	}
	if (run && !ret) {
		t0 = ktime_get_ns();
		for (k = 0; k < NVU_BENCH_INJECTS && !ret; k++)
			ret = nvu_emu_inject(bc->pmu, "op=rd src=cpu dst=cmem count=1");
		ns = ktime_get_ns() - t0;
		if (!ret)
			seq_printf(m, "NVU-BENCH-INJECT kernel %llu\n",
				   div64_u64((u64)NVU_BENCH_INJECTS * NSEC_PER_SEC, ns));
		nvu_bench_close(run);
	}
	kfree(run);
	nvu_pmu_put(pmu);
	return 0;
}

/* Room for every line at once, so that seq_file never runs the cases twice. */
static int nvu_bench_results_open(struct inode *inode, struct file *file)
{
	return single_open_size(file, nvu_bench_show, NULL, SZ_32K);
}

static const struct file_operations nvu_bench_results_fops = {
	.owner = THIS_MODULE,
	.open = nvu_bench_results_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int nvu_bench_steady_open(struct inode *inode, struct file *file)
{
	return single_open_size(file, nvu_bench_steady_show, NULL, SZ_16K);
}

static const struct file_operations nvu_bench_steady_fops = {
	.owner = THIS_MODULE,
	.open = nvu_bench_steady_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int nvu_bench_soak_open(struct inode *inode, struct file *file)
{
	return single_open_size(file, nvu_bench_soak_show, NULL, SZ_4K);
}

static const struct file_operations nvu_bench_soak_fops = {
	.owner = THIS_MODULE,
	.open = nvu_bench_soak_open,
	.read = seq_read,
	.write = nvu_bench_soak_write,
	.llseek = seq_lseek,
	.release = single_release,
};

DEFINE_SHOW_ATTRIBUTE(nvu_bench_widths);
DEFINE_SHOW_ATTRIBUTE(nvu_bench_inject);

static int __init nvu_bench_init(void)
{
	nvu_bench_dir = debugfs_create_dir("nvu_bench", NULL);
	debugfs_create_file("results", 0400, nvu_bench_dir, NULL,
			    &nvu_bench_results_fops);
	debugfs_create_file("steady", 0400, nvu_bench_dir, NULL,
			    &nvu_bench_steady_fops);
	debugfs_create_file("soak", 0600, nvu_bench_dir, NULL,
			    &nvu_bench_soak_fops);
	debugfs_create_file("widths", 0400, nvu_bench_dir, NULL,
			    &nvu_bench_widths_fops);
	debugfs_create_file("inject", 0400, nvu_bench_dir, NULL,
			    &nvu_bench_inject_fops);
	return 0;
}

static void __exit nvu_bench_exit(void)
{
	debugfs_remove_recursive(nvu_bench_dir);
}

module_init(nvu_bench_init);
module_exit(nvu_bench_exit);
MODULE_DESCRIPTION("nv-uncore benchmark: register accesses per perf callback");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();
NVU_IMPORT_KUNIT_NS();

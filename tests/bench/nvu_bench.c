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
 * Needs nvu_emu (clock_khz=0, so nothing counts or polls on its own),
 * nvu_t410_ucf, nvu_t410_cmem_lat and nvu_t410_c2c loaded.
 */

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/smp.h>

#include "nv_uncore.h"
#include "nvu_emu.h"
#include "nvu_t410_regs.h"

#define NVU_BENCH_MAX_EVENTS	3

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
 * @pmu: PMU name (also the model's device name)
 * @tag: short PMU name printed
 * @name: event name printed ("group" for several)
 * @nr_events: number of entries in @config and @config1
 * @config: attr.config of each event
 * @config1: attr.config1 of each event
 * @config2: attr.config2 of each event
 */
struct nvu_bench_case {
	const char *pmu;
	const char *tag;
	const char *name;
	unsigned int nr_events;
	u64 config[NVU_BENCH_MAX_EVENTS];
	u64 config1[NVU_BENCH_MAX_EVENTS];
	u64 config2[NVU_BENCH_MAX_EVENTS];
};

#define NVU_BENCH_UCF	"nvidia_ucf_pmu_0"
#define NVU_BENCH_CMEM	"nvidia_cmem_latency_pmu_0"
#define NVU_BENCH_PCIE	"nvidia_pcie_pmu_0_rc_0"
#define NVU_BENCH_TGT	"nvidia_pcie_tgt_pmu_0_rc_0"

static const struct nvu_bench_case nvu_bench_cases[] = {
	{
		.pmu = NVU_BENCH_UCF, .tag = "ucf", .name = "slc_bytes_rd",
		.nr_events = 1, .config = { T410_UCF_SLC_BYTES_RD },
		.config1 = { T410_UCF_SRC_LOC_CPU | T410_UCF_DST_LOC_CMEM },
	}, {
		.pmu = NVU_BENCH_UCF, .tag = "ucf", .name = "cycles",
		.nr_events = 1, .config = { T410_UCF_CYCLES },
	}, {
		.pmu = NVU_BENCH_PCIE, .tag = "pcie", .name = "rd_req",
		.nr_events = 1, .config = { T410_PCIE_RD_REQ },
		.config1 = { 0x3 }, .config2 = { T410_PCIE_DST_LOC_CMEM },
	}, {
		.pmu = NVU_BENCH_TGT, .tag = "pcie_tgt", .name = "rd_req_addr",
		.nr_events = 1,
		.config = { T410_PCIE_TGT_RD_REQ | T410_PCIE_TGT_DST_ADDR_EN },
		.config1 = { 0x10000 }, .config2 = { 0xfff00 },
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
	},
};

/* The group read through perf core, as a check of the direct calls. */
static const struct nvu_bench_case *const nvu_bench_perf_case =
	&nvu_bench_cases[ARRAY_SIZE(nvu_bench_cases) - 1];

#define NVU_BENCH_C2C	"nvidia_nvlink_c2c_pmu_0"

/* NVLink-C2C with two GPUs (7 instances each), NV-CLink, NV-DLink. */
static const struct nvu_bench_case nvu_bench_c2c_cases[] = {
	{
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
		.pmu = "nvidia_nvclink_pmu_0", .tag = "clink", .name = "in_rd_req",
		.nr_events = 1, .config = { T410_C2C_IN_RD_REQ },
	}, {
		.pmu = "nvidia_nvdlink_pmu_0", .tag = "dlink", .name = "in_rd_req",
		.nr_events = 1, .config = { T410_C2C_IN_RD_REQ },
	}, {
		.pmu = NVU_BENCH_C2C, .tag = "c2c", .name = "group",
		.nr_events = 3,
		.config = { T410_C2C_IN_RD_REQ, T410_C2C_IN_RD_CUM_OUTS,
			    T410_C2C_CYCLES },
	},
};

static const struct nvu_bench_case *const nvu_bench_c2c_perf_case =
	&nvu_bench_c2c_cases[ARRAY_SIZE(nvu_bench_c2c_cases) - 1];

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
		case NVU_BENCH_READ:
			pmu->read(events[i]);
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
		nvu_emu_access(bc->pmu, &r, &w, true);
		run->err = nvu_bench_op(pmu, run->events, bc->nr_events,
					nvu_bench_steps[i].op);
		nvu_emu_access(bc->pmu, &run->reads[i], &run->writes[i], false);
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
	nvu_emu_access(bc->pmu, &r, &w, true);
	for (i = 0; i < bc->nr_events; i++)
		perf_event_read_value(run->events[i], &enabled, &running);
	nvu_emu_access(bc->pmu, &r, &w, false);
	seq_printf(m, "NVU-BENCH %s %s read_via_perf %llu/%llu\n", bc->tag,
		   bc->name, r, w);
	/* The events stay open and counting; nobody reads them for 1 s. */
	nvu_emu_access(bc->pmu, &r, &w, true);
	msleep(1000);
	nvu_emu_access(bc->pmu, &r, &w, false);
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

	if (nvu_emu_access(bc->pmu, &r, &w, false)) {
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
	nvu_bench_case_run(m, nvu_bench_perf_case, true);
	for (i = 0; i < ARRAY_SIZE(nvu_bench_c2c_cases); i++)
		nvu_bench_case_run(m, &nvu_bench_c2c_cases[i], false);
	nvu_bench_case_run(m, nvu_bench_c2c_perf_case, true);
	mutex_unlock(&nvu_bench_lock);
	return 0;
}

/* Room for every line at once, so that seq_file never runs the cases twice. */
static int nvu_bench_results_open(struct inode *inode, struct file *file)
{
	return single_open_size(file, nvu_bench_show, NULL, SZ_16K);
}

static const struct file_operations nvu_bench_results_fops = {
	.owner = THIS_MODULE,
	.open = nvu_bench_results_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int __init nvu_bench_init(void)
{
	nvu_bench_dir = debugfs_create_dir("nvu_bench", NULL);
	debugfs_create_file("results", 0400, nvu_bench_dir, NULL,
			    &nvu_bench_results_fops);
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

// SPDX-License-Identifier: GPL-2.0
/*
 * nvu-stat: busstat for uncore PMUs.  Counts through perf_event_open(2)
 * directly and encodes every event from the PMU's sysfs format/ and
 * events/ files, so it works with any driver that exports the same ABI
 * (nv-uncore's or the in-tree ones).  See Documentation/nvu-stat.rst.
 *
 *   nvu-stat list [PMU-PREFIX]
 *   nvu-stat encode EVENT...
 *   nvu-stat stat  [options] EVENT... [-- COMMAND...]
 *   nvu-stat sweep [options] KIND ARGS... [-- COMMAND...]
 *   nvu-stat map   [options] CMN-PMU [EVENT...] [-- COMMAND...]
 */

#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nvu-stat.h"

const char *nvu_sysfs = "/sys/bus/event_source/devices";

/* ------------------------------------------------------------------------
 * Small helpers
 */

void nvu_die(const char *fmt, ...)
{
	va_list ap;

	fputs("nvu-stat: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *nvu_zalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p)
		nvu_die("out of memory");
	return p;
}

/* The contents of @path without trailing white space, or NULL. */
char *nvu_read_text(const char *path)
{
	char buf[4096];
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	while (n && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	return strdup(buf);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_s(double s)
{
	struct timespec ts;

	if (s <= 0)
		return;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ------------------------------------------------------------------------
 * Counting
 */

const char *nvu_paranoid_hint(void)
{
	static char hint[256];
	char *p = nvu_read_text("/proc/sys/kernel/perf_event_paranoid");

	/* One string, so that it can be grepped for. */
	snprintf(hint, sizeof(hint),
		 "system-wide uncore counting needs kernel.perf_event_paranoid <= 0 (it is %s) or CAP_PERFMON (CAP_SYS_ADMIN before Linux 5.8)",
		 p ? p : "unknown");
	free(p);
	return hint;
}

/* Open @c's event, disabled; exits with a clear message on failure. */
static void counter_open(struct nvu_counter *c)
{
	struct perf_event_attr attr;
	long fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = c->pmu->type;
	attr.config = c->config[0];
	attr.config1 = c->config[1];
	attr.config2 = c->config[2];
	attr.disabled = 1;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = syscall(SYS_perf_event_open, &attr, -1, c->pmu->cpu, -1,
		     PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0) {
		c->fd = (int)fd;
		return;
	}
	switch (errno) {
	case EACCES:
	case EPERM:
		nvu_die("%s: permission denied: %s", c->label, nvu_paranoid_hint());
		break;
	case ENOENT:
	case EINVAL:
	case EOPNOTSUPP:
		nvu_die("%s: %s refused the event (%s): a value the hardware cannot count?",
			c->label, c->pmu->name, strerror(errno));
		break;
	default:
		nvu_die("%s: perf_event_open: %s", c->label, strerror(errno));
	}
}

/**
 * nvu_probe() - whether @pmu accepts an event with @config
 *
 * Opens the event disabled and closes it at once.  Returns 0 or the errno
 * of perf_event_open.
 */
int nvu_probe(const struct sysfs_pmu *pmu, const u64 config[3])
{
	struct perf_event_attr attr;
	long fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = pmu->type;
	attr.config = config[0];
	attr.config1 = config[1];
	attr.config2 = config[2];
	attr.disabled = 1;
	fd = syscall(SYS_perf_event_open, &attr, -1, pmu->cpu, -1,
		     PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return errno;
	close((int)fd);
	return 0;
}

static void counter_ioctl(struct nvu_counter *c, unsigned long req)
{
	if (ioctl(c->fd, req, 0))
		nvu_die("%s: ioctl: %s", c->label, strerror(errno));
}

/* value, time enabled, time running since the last call; accumulates. */
static void counter_read(struct nvu_counter *c)
{
	u64 v[3];

	if (read(c->fd, v, sizeof(v)) != sizeof(v))
		nvu_die("%s: read: %s", c->label, strerror(errno));
	c->delta = v[0] - c->raw;
	c->delta_enabled = v[1] - c->enabled;
	c->delta_running = v[2] - c->running;
	c->raw = v[0];
	c->enabled = v[1];
	c->running = v[2];
}

static void counter_close(struct nvu_counter *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->raw = 0;
	c->enabled = 0;
	c->running = 0;
}

/* ------------------------------------------------------------------------
 * A workload: COMMAND after "--", or just time
 */

static pid_t workload_start(char **argv)
{
	pid_t pid;

	if (!argv || !argv[0])
		return 0;
	pid = fork();
	if (pid < 0)
		nvu_die("fork: %s", strerror(errno));
	if (!pid) {
		execvp(argv[0], argv);
		fprintf(stderr, "nvu-stat: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

/* Whether the workload has ended (always false without one). */
static bool workload_done(pid_t pid, int *status)
{
	if (pid <= 0)
		return false;
	return waitpid(pid, status, WNOHANG) == pid;
}

/* ------------------------------------------------------------------------
 * stat: count events, print per interval and at the end
 */

struct run_opts {
	double interval;	/* seconds, 0: only the total */
	double duration;	/* seconds without a workload */
	int count;		/* intervals, 0: unlimited */
	enum nvu_output out;
	const char *openmetrics;
	int counters;		/* sweep: events at once */
	bool counters_set;	/* -k given */
	const char *svg;	/* map: --svg FILE */
	double slice;		/* sweep: seconds per slice */
	int top;		/* sweep: the busiest N, 0 = all, in order */
	char **workload;
};

static int cmd_stat(struct run_opts *o, int n, char **specs)
{
	struct nvu_counter *c = nvu_zalloc(n * sizeof(*c));
	int i, intervals = 0, status = 0;
	double t0, last, t;
	pid_t pid;
	bool done = false;

	if (!n)
		nvu_die("stat: name at least one event, e.g. nvidia_ucf_pmu_0/slc_bytes_rd/");
	for (i = 0; i < n; i++) {
		c[i].fd = -1;
		nvu_event_parse(specs[i], &c[i]);
		counter_open(&c[i]);
	}
	nvu_report_begin(o->out, "stat");
	for (i = 0; i < n; i++)
		counter_ioctl(&c[i], PERF_EVENT_IOC_ENABLE);
	t0 = now_s();
	last = t0;
	pid = workload_start(o->workload);
	if (!pid && !o->duration && !o->interval)
		o->duration = 1;
	while (!done) {
		double step = o->interval ? o->interval : 0.05;

		if (!pid && o->duration) {
			double left = t0 + o->duration - now_s();

			if (left <= step) {
				step = left;
				done = true;
			}
		}
		sleep_s(step);
		if (workload_done(pid, &status))
			done = true;
		if (o->interval || done) {
			t = now_s();
			for (i = 0; i < n; i++) {
				if (done && !o->interval)
					counter_ioctl(&c[i], PERF_EVENT_IOC_DISABLE);
				counter_read(&c[i]);
			}
			if (o->interval)
				nvu_report_interval(o->out, t - t0, t - last, c, n);
			last = t;
			if (o->count && ++intervals >= o->count)
				done = true;
		}
	}
	t = now_s();
	for (i = 0; i < n; i++) {
		c[i].delta = c[i].raw;
		c[i].delta_enabled = c[i].enabled;
		c[i].delta_running = c[i].running;
	}
	nvu_report_total(o->out, t - t0, c, n);
	nvu_report_end(o->out);
	if (o->openmetrics)
		nvu_openmetrics_stat(o->openmetrics, c, n, t - t0);
	for (i = 0; i < n; i++)
		counter_close(&c[i]);
	free(c);
	if (pid > 0 && !WIFEXITED(status))
		return 1;
	return pid > 0 ? WEXITSTATUS(status) : 0;
}

/* ------------------------------------------------------------------------
 * sweep: a histogram over a filter's domain
 */

/*
 * Count every bucket.  With no more buckets than counters they all count
 * for the whole run: exact.  Otherwise the buckets take turns in slices of
 * @o->slice seconds, as many at once as there are counters (busstat's
 * time multiplexing, done here rather than by perf so that each bucket's
 * per-slice rates bound the error of its estimate).
 */
static int sweep_run(struct run_opts *o, struct nvu_sweep *sw)
{
	int nb = sw->n, k = o->counters, groups = (nb + k - 1) / k;
	int g = 0, i, status = 0;
	double t0, t, end;
	pid_t pid;
	bool done = false;

	for (i = 0; i < nb; i++)
		sw->b[i].c.fd = -1;
	if (!o->workload && !o->duration)
		o->duration = 1;
	if (groups == 1) {
		/* Every bucket counts before the workload starts. */
		for (i = 0; i < nb; i++)
			counter_open(&sw->b[i].c);
		for (i = 0; i < nb; i++)
			counter_ioctl(&sw->b[i].c, PERF_EVENT_IOC_ENABLE);
		t0 = now_s();
		end = t0 + o->duration;
		pid = workload_start(o->workload);
		while (!done) {
			sleep_s(0.02);
			done = workload_done(pid, &status) || (!pid && now_s() >= end);
		}
		for (i = 0; i < nb; i++) {
			struct nvu_bucket *b = &sw->b[i];

			counter_ioctl(&b->c, PERF_EVENT_IOC_DISABLE);
			counter_read(&b->c);
			b->count = b->c.raw;
			b->observed = b->c.running / 1e9;
			b->slices = 1;
			b->rate_min = b->observed ? b->count / b->observed : 0;
			b->rate_max = b->rate_min;
			counter_close(&b->c);
		}
		sw->elapsed = now_s() - t0;
		sw->multiplexed = false;
		return pid > 0 ? (WIFEXITED(status) ? WEXITSTATUS(status) : 1) : 0;
	}

	sw->multiplexed = true;
	t0 = now_s();
	end = t0 + o->duration;
	pid = workload_start(o->workload);
	while (!done) {
		int first = g * k, last = first + k > nb ? nb : first + k;

		/* Open first, then enable: the slice is the same for each. */
		for (i = first; i < last; i++)
			counter_open(&sw->b[i].c);
		for (i = first; i < last; i++)
			counter_ioctl(&sw->b[i].c, PERF_EVENT_IOC_ENABLE);
		sleep_s(o->slice);
		for (i = first; i < last; i++)
			counter_ioctl(&sw->b[i].c, PERF_EVENT_IOC_DISABLE);
		for (i = first; i < last; i++) {
			struct nvu_bucket *b = &sw->b[i];
			double secs, rate;

			counter_read(&b->c);
			secs = b->c.running / 1e9;
			if (secs > 0) {
				rate = b->c.raw / secs;
				if (!b->slices || rate < b->rate_min)
					b->rate_min = rate;
				if (!b->slices || rate > b->rate_max)
					b->rate_max = rate;
				b->slices++;
			}
			b->count += b->c.raw;
			b->observed += secs;
			counter_close(&b->c);
		}
		g = (g + 1) % groups;
		t = now_s();
		/* Whole rotations only, so that every bucket had its turns. */
		if (!g)
			done = workload_done(pid, &status) || (!pid && t >= end);
	}
	sw->elapsed = now_s() - t0;
	return pid > 0 ? (WIFEXITED(status) ? WEXITSTATUS(status) : 1) : 0;
}

/* Build sweep @kind, -k as the sweep allows, count it, estimate. */
static int sweep_count(struct run_opts *o, struct nvu_sweep *sw,
		       const char *kind, int argc, char **argv)
{
	int ret, i;

	nvu_sweep_build(sw, kind, argc, argv);
	if (!o->counters_set && sw->def_counters)
		o->counters = sw->def_counters;
	if (sw->max_counters && o->counters > sw->max_counters)
		nvu_die("sweep %s: -k %d: at most %d at once (%s)", kind, o->counters,
			sw->max_counters,
			"a crosspoint has 2 watchpoints per direction");
	if (o->counters < 1)
		nvu_die("sweep: -k wants at least 1 counter");
	ret = sweep_run(o, sw);
	for (i = 0; i < sw->n; i++) {
		struct nvu_bucket *b = &sw->b[i];

		b->estimate = sw->multiplexed && b->observed > 0 ?
			b->count * (sw->elapsed / b->observed) : (double)b->count;
		b->bound = sw->multiplexed ?
			(b->rate_max - b->rate_min) / 2 * sw->elapsed : 0;
	}
	return ret;
}

/* map PMU [EVENT...] [--svg FILE]: traffic per crosspoint of a CMN mesh. */
static int cmd_map(struct run_opts *o, int argc, char **argv)
{
	struct nvu_sweep sw = { 0 };
	char **args = nvu_zalloc((argc + 1) * sizeof(*args));
	int i, n = 0, ret;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--svg")) {
			if (i + 1 == argc)
				nvu_die("map: --svg wants a file name");
			o->svg = argv[++i];
		} else if (argv[i][0] == '-') {
			nvu_die("map: unknown option %s", argv[i]);
		} else {
			args[n++] = argv[i];
		}
	}
	if (!n)
		nvu_die("map: name the CMN PMU, e.g. arm_cmn_0");
	ret = sweep_count(o, &sw, "map", n, args);
	nvu_cmn_map_report(o->out, &sw, o->top, o->svg);
	if (o->openmetrics)
		nvu_openmetrics_sweep(o->openmetrics, &sw);
	nvu_sweep_free(&sw);
	free(args);
	return ret;
}

static int cmd_sweep(struct run_opts *o, int argc, char **argv)
{
	struct nvu_sweep sw = { 0 };
	int ret;

	if (argc < 1)
		nvu_die("sweep: name a kind: %s", nvu_sweep_kinds);
	ret = sweep_count(o, &sw, argv[0], argc - 1, argv + 1);
	nvu_report_sweep(o->out, &sw, o->top);
	if (o->openmetrics)
		nvu_openmetrics_sweep(o->openmetrics, &sw);
	nvu_sweep_free(&sw);
	return ret;
}

/* ------------------------------------------------------------------------
 * main
 */

static void print_help(FILE *f)
{
	fputs("usage: nvu-stat list [PMU-PREFIX]\n"
	      "       nvu-stat encode EVENT...\n"
	      "       nvu-stat stat  [-I MS] [-n N] [-t SEC] [-o table|csv|json]\n"
	      "                      [--openmetrics FILE] EVENT... [-- COMMAND...]\n"
	      "       nvu-stat sweep [-t SEC] [-k COUNTERS] [-S SLICE_MS] [--top N]\n"
	      "                      [-o table|csv|json] [--openmetrics FILE]\n"
	      "                      KIND ARGS... [-- COMMAND...]\n"
	      "       nvu-stat map   [-t SEC] [-k COUNTERS] [-S SLICE_MS] [--top N]\n"
	      "                      [-o table|csv|json] [--svg FILE] CMN-PMU [EVENT...]\n"
	      "                      [-- COMMAND...]\n"
	      "EVENT is PMU/TERMS/, TERMS a sysfs event name and/or format fields\n"
	      "(name=value, comma separated).  Sweep kinds:\n", f);
	fputs(nvu_sweep_help, f);
	fputs("See Documentation/nvu-stat.rst.\n", f);
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "openmetrics", required_argument, NULL, 'M' },
		{ "top", required_argument, NULL, 'T' },
		{ "svg", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct run_opts o = { .counters = 4, .slice = 0.1, .out = NVU_OUT_TABLE };
	const char *cmd;
	char *end;
	int opt, i, nargs;

	if (getenv("NVU_STAT_SYSFS"))
		nvu_sysfs = getenv("NVU_STAT_SYSFS");
	if (argc < 2) {
		print_help(stderr);
		return 2;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		print_help(stdout);
		return 0;
	}
	argv++;
	argc--;
	/* Options stop at the first non-option; "--" starts the workload. */
	while ((opt = getopt_long(argc, argv, "+I:n:t:o:k:S:h", lopts, NULL)) != -1) {
		errno = 0;
		switch (opt) {
		case 'I':
			o.interval = strtod(optarg, &end) / 1000;
			if (*end || o.interval < 0.01)
				nvu_die("-I wants milliseconds, at least 10");
			break;
		case 'n':
			o.count = (int)strtol(optarg, &end, 10);
			if (*end || o.count < 1)
				nvu_die("-n wants a positive count");
			break;
		case 't':
			o.duration = strtod(optarg, &end);
			if (*end || o.duration <= 0)
				nvu_die("-t wants seconds, more than 0");
			break;
		case 'o':
			if (!strcmp(optarg, "table"))
				o.out = NVU_OUT_TABLE;
			else if (!strcmp(optarg, "csv"))
				o.out = NVU_OUT_CSV;
			else if (!strcmp(optarg, "json"))
				o.out = NVU_OUT_JSON;
			else
				nvu_die("-o wants table, csv or json");
			break;
		case 'k':
			o.counters = (int)strtol(optarg, &end, 10);
			if (*end || o.counters < 1 || o.counters > 64)
				nvu_die("-k wants 1 to 64 counters");
			o.counters_set = true;
			break;
		case 'S':
			o.slice = strtod(optarg, &end) / 1000;
			if (*end || o.slice < 0.01)
				nvu_die("-S wants milliseconds, at least 10");
			break;
		case 'T':
			o.top = (int)strtol(optarg, &end, 10);
			if (*end || o.top < 1)
				nvu_die("--top wants a positive count");
			break;
		case 'M':
			o.openmetrics = optarg;
			break;
		case 'V':
			o.svg = optarg;
			break;
		case 'h':
			print_help(stdout);
			return 0;
		default:
			print_help(stderr);
			return 2;
		}
	}
	argv += optind;
	argc -= optind;
	for (nargs = 0; nargs < argc && strcmp(argv[nargs], "--"); nargs++)
		;
	if (nargs < argc)
		o.workload = argv + nargs + 1;
	/* cmn-wp and map take their own options after the PMU. */
	for (i = 0; i < nargs; i++)
		if (argv[i][0] == '-' && strcmp(cmd, "map") &&
		    !(!strcmp(cmd, "sweep") && !strcmp(argv[0], "cmn-wp")))
			nvu_die("%s: options go before the %s arguments", argv[i], cmd);

	if (!strcmp(cmd, "list"))
		return nvu_list(nargs ? argv[0] : NULL);
	if (!strcmp(cmd, "encode")) {
		/* The config words of each event, as perf_event_open gets them. */
		for (i = 0; i < nargs; i++) {
			struct nvu_counter c = { .fd = -1 };

			nvu_event_parse(argv[i], &c);
			printf("%s type=%d config=%#llx config1=%#llx config2=%#llx\n",
			       c.label, c.pmu->type, c.config[0], c.config[1],
			       c.config[2]);
		}
		return 0;
	}
	if (!strcmp(cmd, "stat"))
		return cmd_stat(&o, nargs, argv);
	if (!strcmp(cmd, "sweep"))
		return cmd_sweep(&o, nargs, argv);
	if (!strcmp(cmd, "map"))
		return cmd_map(&o, nargs, argv);
	nvu_die("unknown command '%s' (list, encode, stat, sweep or map)", cmd);
	return 2;
}

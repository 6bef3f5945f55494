// SPDX-License-Identifier: GPL-2.0
/*
 * nvu-stat: output as a table, CSV or JSON lines, and OpenMetrics files.
 */

#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nvu-stat.h"

/* The name a count goes by: the sysfs event name, else the label. */
static const char *ev_name(const struct nvu_counter *c)
{
	return c->event[0] ? c->event : c->label;
}

static bool is_bytes(const struct nvu_counter *c)
{
	return strstr(ev_name(c), "bytes");
}

/* Rate in natural units: GB/s for byte events, else events per second. */
static double nat_rate(const struct nvu_counter *c, u64 v, double secs,
		       const char **unit)
{
	double r = secs > 0 ? v / secs : 0;

	if (is_bytes(c)) {
		*unit = "GB/s";
		return r / 1e9;
	}
	*unit = "/s";
	return r;
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

void nvu_report_begin(enum nvu_output out, const char *what)
{
	if (out == NVU_OUT_CSV)
		printf("time,pmu,event,count,seconds,rate,unit,running\n");
}

void nvu_report_end(enum nvu_output out)
{
	fflush(stdout);
}

/*
 * Latency of a *_cum_outs / *_req pair with the same prefix and a cycles
 * event of the same PMU among @c: cycles, and ns at the measured clock.
 */
static void derived(const struct nvu_counter *c, int n, double secs)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		const char *outs = c[i].event, *suffix = strstr(outs, "cum_outs");
		size_t plen;

		if (!suffix || strcmp(suffix, "cum_outs"))
			continue;
		plen = suffix - outs;
		for (j = 0; j < n; j++) {
			if (c[j].pmu != c[i].pmu || strncmp(c[j].event, outs, plen) ||
			    strcmp(c[j].event + plen, "req"))
				continue;
			for (k = 0; k < n; k++) {
				double lat, hz;

				if (c[k].pmu != c[i].pmu || strcmp(c[k].event, "cycles") ||
				    !c[j].delta || !c[k].delta)
					continue;
				lat = (double)c[i].delta / c[j].delta;
				hz = c[k].delta / secs;
				printf("%10s %18s  latency of %s: %.1f cycles = %.1f ns\n",
				       "", "", c[j].label, lat, lat / hz * 1e9);
				break;
			}
		}
	}
}

static void lines(enum nvu_output out, const char *kind, double t, double secs,
		  const struct nvu_counter *c, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		u64 v = c[i].delta;
		double running = c[i].delta_enabled ?
			100.0 * c[i].delta_running / c[i].delta_enabled : 0;
		const char *unit;
		double r = nat_rate(&c[i], v, secs, &unit);

		switch (out) {
		case NVU_OUT_TABLE:
			printf("%10.3f %18llu  %-44s %12.3f %-4s", t, v,
			       c[i].label, r, unit);
			if (running < 99.995)
				printf("  (counted %.2f%%)", running);
			printf("\n");
			break;
		case NVU_OUT_CSV:
			printf("%.6f,%s,%s,%llu,%.6f,%.6f,%s,%.2f\n", t,
			       c[i].pmu->name, ev_name(&c[i]), v, secs, r, unit,
			       running);
			break;
		case NVU_OUT_JSON:
			printf("{\"type\":\"%s\",\"time\":%.6f,\"pmu\":", kind, t);
			json_str(stdout, c[i].pmu->name);
			printf(",\"event\":");
			json_str(stdout, ev_name(&c[i]));
			printf(",\"spec\":");
			json_str(stdout, c[i].label);
			printf(",\"count\":%llu,\"seconds\":%.6f", v, secs);
			printf(",\"rate\":%.6f,\"unit\":\"%s\"", r, unit);
			printf(",\"running_pct\":%.2f}\n", running);
			break;
		}
	}
	if (out == NVU_OUT_TABLE)
		derived(c, n, secs);
	fflush(stdout);
}

void nvu_report_interval(enum nvu_output out, double t, double secs,
			 const struct nvu_counter *c, int n)
{
	lines(out, "interval", t, secs, c, n);
}

void nvu_report_total(enum nvu_output out, double secs,
		      const struct nvu_counter *c, int n)
{
	if (out == NVU_OUT_TABLE)
		printf("total over %.3f s:\n", secs);
	lines(out, "total", secs, secs, c, n);
}

static int by_estimate(const void *a, const void *b)
{
	const struct nvu_bucket *x = a, *y = b;

	return x->estimate < y->estimate ? 1 : x->estimate > y->estimate ? -1 : 0;
}

/**
 * nvu_report_sweep() - the histogram of a sweep
 * @out: format
 * @sw: the counted sweep
 * @top: 0: every bucket in domain order; else the @top busiest, busiest
 *	first (hot spots)
 */
void nvu_report_sweep(enum nvu_output out, struct nvu_sweep *sw, int top)
{
	double total = 0, max = 0;
	int i, n = sw->n;

	for (i = 0; i < n; i++) {
		total += sw->b[i].estimate;
		if (sw->b[i].estimate > max)
			max = sw->b[i].estimate;
	}
	if (top) {
		qsort(sw->b, n, sizeof(*sw->b), by_estimate);
		if (top < n)
			n = top;
	}
	if (out == NVU_OUT_CSV)
		printf("bucket,count,observed_s,elapsed_s,estimate,bound,share_pct\n");
	if (out == NVU_OUT_TABLE) {
		printf("sweep %s %s: %d buckets over %.3f s, %s\n", sw->kind, sw->what,
		       sw->n, sw->elapsed,
		       sw->multiplexed ? "time-multiplexed (estimates scaled to the run)"
				       : "all counted the whole time (exact)");
		printf("%-28s %16s %10s %16s %14s %7s\n", "bucket", "counted",
		       "observed", "estimate", "+-", "share");
	}
	for (i = 0; i < n; i++) {
		const struct nvu_bucket *b = &sw->b[i];
		double share = total > 0 ? 100 * b->estimate / total : 0;
		int bar = max > 0 ? (int)lround(20 * b->estimate / max) : 0;

		switch (out) {
		case NVU_OUT_TABLE:
			printf("%-28s %16llu %9.3fs %16.0f %14.0f %6.2f%% %.*s\n",
			       b->name, b->count, b->observed, b->estimate, b->bound,
			       share, bar, "####################");
			break;
		case NVU_OUT_CSV:
			printf("%s,%llu,%.6f,%.6f,%.0f,%.0f,%.4f\n", b->name,
			       b->count, b->observed, sw->elapsed, b->estimate,
			       b->bound, share);
			break;
		case NVU_OUT_JSON:
			printf("{\"type\":\"bucket\",\"sweep\":");
			json_str(stdout, sw->kind);
			printf(",\"bucket\":");
			json_str(stdout, b->name);
			printf(",\"count\":%llu,\"observed_s\":%.6f", b->count,
			       b->observed);
			printf(",\"elapsed_s\":%.6f,\"estimate\":%.0f", sw->elapsed,
			       b->estimate);
			printf(",\"bound\":%.0f,\"share_pct\":%.4f}\n", b->bound,
			       share);
			break;
		}
	}
	fflush(stdout);
}

/* ------------------------------------------------------------------------
 * OpenMetrics
 *
 * Every family is a gauge: the file is a snapshot of the last run (what
 * node_exporter's textfile collector serves), and gauges read the same in
 * OpenMetrics and in Prometheus' text format, which the textfile collector
 * and promtool parse.  The file is written to a temporary name and renamed,
 * so a collector never reads half of it.
 */

static void om_label(FILE *f, const char *name, const char *val, bool first)
{
	fprintf(f, "%s%s=\"", first ? "" : ",", name);
	for (; *val; val++) {
		if (*val == '"' || *val == '\\')
			fputc('\\', f);
		if (*val == '\n')
			fputs("\\n", f);
		else
			fputc(*val, f);
	}
	fputc('"', f);
}

static FILE *om_open(const char *path, char **tmp)
{
	FILE *f;

	if (asprintf(tmp, "%s.tmp.%d", path, (int)getpid()) < 0)
		nvu_die("out of memory");
	f = fopen(*tmp, "w");
	if (!f)
		nvu_die("--openmetrics %s: cannot write", path);
	return f;
}

static void om_close(FILE *f, const char *path, char *tmp)
{
	fputs("# EOF\n", f);
	if (fclose(f) || rename(tmp, path))
		nvu_die("--openmetrics %s: cannot write", path);
	free(tmp);
}

static void om_family(FILE *f, const char *name, const char *unit,
		      const char *help)
{
	fprintf(f, "# TYPE %s gauge\n", name);
	if (unit)
		fprintf(f, "# UNIT %s %s\n", name, unit);
	fprintf(f, "# HELP %s %s\n", name, help);
}

static void om_pmu_labels(FILE *f, const struct nvu_counter *c)
{
	char node[16];

	snprintf(node, sizeof(node), "%d", c->pmu->node);
	om_label(f, "pmu", c->pmu->name, true);
	om_label(f, "event", ev_name(c), false);
	om_label(f, "spec", c->label, false);
	om_label(f, "node", node, false);
}

void nvu_openmetrics_stat(const char *path, const struct nvu_counter *c, int n,
			  double secs)
{
	char *tmp;
	FILE *f = om_open(path, &tmp);
	int i;

	om_family(f, "nvu_events", NULL,
		  "Events an uncore PMU event counted over the last run.");
	for (i = 0; i < n; i++) {
		fputs("nvu_events{", f);
		om_pmu_labels(f, &c[i]);
		fprintf(f, "} %llu\n", c[i].raw);
	}
	om_family(f, "nvu_events_per_second", NULL,
		  "Events per second over the last run.");
	for (i = 0; i < n; i++) {
		fputs("nvu_events_per_second{", f);
		om_pmu_labels(f, &c[i]);
		fprintf(f, "} %.6f\n", secs > 0 ? c[i].raw / secs : 0);
	}
	om_family(f, "nvu_run_seconds", "seconds", "Length of the last run.");
	fprintf(f, "nvu_run_seconds %.6f\n", secs);
	om_close(f, path, tmp);
}

void nvu_openmetrics_sweep(const char *path, const struct nvu_sweep *sw)
{
	static const struct {
		const char *name, *unit, *help;
	} fam[] = {
		{ "nvu_sweep_events", NULL,
		  "Events of one sweep bucket, estimated for the whole run." },
		{ "nvu_sweep_events_error_bound", NULL,
		  "Half-width of the bucket estimate's range (0: counted the whole time)." },
		{ "nvu_sweep_observed_seconds", "seconds",
		  "Time the bucket was counted." },
	};
	char *tmp;
	FILE *f = om_open(path, &tmp);
	unsigned int k;
	int i;

	for (k = 0; k < ARRAY_SIZE(fam); k++) {
		om_family(f, fam[k].name, fam[k].unit, fam[k].help);
		for (i = 0; i < sw->n; i++) {
			const struct nvu_bucket *b = &sw->b[i];

			fprintf(f, "%s{", fam[k].name);
			om_label(f, "pmu", b->c.pmu->name, true);
			om_label(f, "sweep", sw->kind, false);
			om_label(f, "bucket", b->name, false);
			fprintf(f, "} %.6f\n", k == 0 ? b->estimate :
				k == 1 ? b->bound : b->observed);
		}
	}
	om_family(f, "nvu_run_seconds", "seconds", "Length of the last run.");
	fprintf(f, "nvu_run_seconds %.6f\n", sw->elapsed);
	om_close(f, path, tmp);
}

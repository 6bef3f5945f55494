// SPDX-License-Identifier: GPL-2.0
/*
 * nvu-stat: the buckets of a filter sweep.  Each bucket is the base event
 * with the swept filter fields set to one point (or, for addresses, one
 * power-of-two block: a base/mask pair, the paper's "trits").  Field names
 * and widths come from the PMU's format/ files; nothing here knows a bit
 * position.
 */

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "nvu-stat.h"

const char * const nvu_sweep_kinds = "field, rp, gpu, bdf, srcdst, addr, hdm";
const char * const nvu_sweep_help =
"  field PMU/EVENT/ FIELD [V1,V2,...]  one bucket per value (default: each bit)\n"
"  rp    PMU/EVENT/                    per root port: src_rp_mask or dst_rp_mask bits\n"
"  gpu   PMU/EVENT/                    per GPU: gpu_mask bits\n"
"  bdf   PMU/EVENT/ BDF...             per requester (bus:dev.fn or a number): src_bdf\n"
"  srcdst PMU/EVENT/                   every src_* field x every dst_* field\n"
"  addr  PMU/EVENT/ START SIZE N       N power-of-two blocks of [START, START+SIZE):\n"
"                                      dst_addr_base/dst_addr_mask/dst_addr_en\n"
"  hdm   PMU/EVENT/ [V1,V2,...]        per HDM decoder filter value (default: each\n"
"                                      bit, one decoder each): hdm, hdm_filter_en\n";

struct sweep_ctx {
	struct nvu_sweep *sw;
	struct nvu_pmu *pmu;
	char pmu_name[NVU_NAME_MAX];
	char *base;		/* the base terms */
	int cap;
};

static void add_bucket(struct sweep_ctx *x, const char *name, const char *terms)
{
	struct nvu_sweep *sw = x->sw;
	struct nvu_bucket *b;
	char all[1024], err[256];

	if (sw->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 16;
		sw->b = realloc(sw->b, x->cap * sizeof(*sw->b));
		if (!sw->b)
			nvu_die("out of memory");
	}
	b = &sw->b[sw->n++];
	memset(b, 0, sizeof(*b));
	snprintf(b->name, sizeof(b->name), "%s", name);
	snprintf(all, sizeof(all), "%s,%s", x->base, terms);
	b->c.pmu = x->pmu;
	b->c.fd = -1;
	if (nvu_encode(x->pmu, all, b->c.config, b->c.event, err, sizeof(err)))
		nvu_die("sweep %s: bucket %s: %s", sw->kind, name, err);
	snprintf(b->c.label, sizeof(b->c.label), "%s/%s/", x->pmu_name, all);
}

static const struct nvu_field *need_field(struct sweep_ctx *x, const char *name)
{
	const struct nvu_field *f = nvu_field_find(x->pmu, name);

	if (!f)
		nvu_die("sweep %s: %s has no filter '%s'", x->sw->kind,
			x->pmu->name, name);
	return f;
}

static u64 parse_u64(const char *s, const char *what)
{
	char *end;
	u64 v;

	v = strtoull(s, &end, 0);
	if (!*s || *end || *s == '-')
		nvu_die("sweep: %s '%s' is not a number", what, s);
	return v;
}

/*
 * Every bit of a mask field, or the values listed; @also: terms every
 * bucket adds (an enable bit), or NULL.
 */
static void sweep_field_with(struct sweep_ctx *x, const char *fname,
			     const char *values, const char *also)
{
	const struct nvu_field *f = need_field(x, fname);
	char name[256], terms[256];
	int i;

	if (!values) {
		if (f->nbits > 32)
			nvu_die("sweep field: %s has %d bits: list the values to sweep",
				fname, f->nbits);
		for (i = 0; i < f->nbits; i++) {
			snprintf(name, sizeof(name), "%s=%#llx", fname, 1ULL << i);
			snprintf(terms, sizeof(terms), "%s%s%s=%#llx", also ?: "",
				 also ? "," : "", fname, 1ULL << i);
			add_bucket(x, name, terms);
		}
		return;
	}
	{
		char *copy = strdup(values), *save = NULL, *v;

		for (v = strtok_r(copy, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
			u64 val = parse_u64(v, fname);

			if (f->nbits < 64 && val >> f->nbits)
				nvu_die("sweep field: %s=%s is outside the domain (%d bits)",
					fname, v, f->nbits);
			snprintf(name, sizeof(name), "%s=%s", fname, v);
			snprintf(terms, sizeof(terms), "%s%s%s=%s", also ?: "",
				 also ? "," : "", fname, v);
			add_bucket(x, name, terms);
		}
		free(copy);
	}
}

static void sweep_field(struct sweep_ctx *x, const char *fname,
			const char *values)
{
	sweep_field_with(x, fname, values, NULL);
}

/*
 * One bucket per HDM decoder filter value.  The CXL CPMU counts what goes
 * through the decoders the value selects; by default one bit each (the
 * value as a bitmap of decoders), else the values listed, for a device
 * that reads it otherwise (Documentation/cxl.rst).
 */
static void sweep_hdm(struct sweep_ctx *x, const char *values)
{
	need_field(x, "hdm_filter_en");
	sweep_field_with(x, "hdm", values, "hdm_filter_en=1");
}

/* bus:dev.fn (hex, as lspci prints) or a plain number. */
static u64 parse_bdf(const char *s)
{
	unsigned int bus, dev, fn;
	char tail;

	if (sscanf(s, "%x:%x.%x%c", &bus, &dev, &fn, &tail) == 3) {
		if (bus > 0xff || dev > 0x1f || fn > 7)
			nvu_die("sweep bdf: %s is not a bus:device.function", s);
		return bus << 8 | dev << 3 | fn;
	}
	return parse_u64(s, "BDF");
}

static void sweep_bdf(struct sweep_ctx *x, int argc, char **argv)
{
	const struct nvu_field *f = need_field(x, "src_bdf");
	char terms[256];
	int i;

	need_field(x, "src_bdf_en");
	if (!argc)
		nvu_die("sweep bdf: name the requesters (bus:dev.fn ...)");
	for (i = 0; i < argc; i++) {
		u64 v = parse_bdf(argv[i]);

		if (f->nbits < 64 && v >> f->nbits)
			nvu_die("sweep bdf: %s does not fit src_bdf", argv[i]);
		snprintf(terms, sizeof(terms), "src_bdf=%#llx,src_bdf_en=1", v);
		add_bucket(x, argv[i], terms);
	}
}

static void sweep_srcdst(struct sweep_ctx *x)
{
	const struct nvu_pmu *p = x->pmu;
	char name[256], terms[256];
	int i, j, n0 = x->sw->n;

	for (i = 0; i < p->nfields; i++) {
		if (strncmp(p->fields[i].name, "src_", 4) || p->fields[i].nbits != 1)
			continue;
		for (j = 0; j < p->nfields; j++) {
			if (strncmp(p->fields[j].name, "dst_", 4) ||
			    p->fields[j].nbits != 1)
				continue;
			snprintf(name, sizeof(name), "%s>%s", p->fields[i].name,
				 p->fields[j].name);
			snprintf(terms, sizeof(terms), "%s=1,%s=1", p->fields[i].name,
				 p->fields[j].name);
			add_bucket(x, name, terms);
		}
	}
	if (x->sw->n == n0)
		nvu_die("sweep srcdst: %s has no one-bit src_* and dst_* filters",
			p->name);
}

/*
 * N aligned power-of-two blocks of the address range: block i matches
 * (addr & mask) == (START + i * SIZE / N) with mask = ~(SIZE / N - 1).
 */
static void sweep_addr(struct sweep_ctx *x, int argc, char **argv)
{
	const struct nvu_field *fb = need_field(x, "dst_addr_base");
	const struct nvu_field *fm = need_field(x, "dst_addr_mask");
	u64 start, size, n, bsize, i, fmax;
	char name[256], terms[256];

	need_field(x, "dst_addr_en");
	if (argc != 3)
		nvu_die("sweep addr: give START SIZE N");
	start = parse_u64(argv[0], "START");
	size = parse_u64(argv[1], "SIZE");
	n = parse_u64(argv[2], "N");
	if (!n || n & (n - 1) || n > 4096)
		nvu_die("sweep addr: N must be a power of two, 1 to 4096");
	if (!size || size & (size - 1))
		nvu_die("sweep addr: SIZE must be a power of two");
	if (n > size)
		nvu_die("sweep addr: %llu buckets in %#llx bytes: sweep larger than domain",
			n, size);
	if (start & (size - 1))
		nvu_die("sweep addr: START must be aligned to SIZE");
	fmax = fm->nbits >= 64 ? ~0ULL : (1ULL << fm->nbits) - 1;
	if (fb->nbits < 64 && (start + size - 1) >> fb->nbits)
		nvu_die("sweep addr: the range does not fit dst_addr_base (%d bits)",
			fb->nbits);
	bsize = size / n;
	for (i = 0; i < n; i++) {
		u64 lo = start + i * bsize;

		snprintf(name, sizeof(name), "%#llx-%#llx", lo, lo + bsize - 1);
		snprintf(terms, sizeof(terms),
			 "dst_addr_en=1,dst_addr_base=%#llx,dst_addr_mask=%#llx",
			 lo, ~(bsize - 1) & fmax);
		add_bucket(x, name, terms);
	}
}

/**
 * nvu_sweep_build() - the buckets of sweep @kind
 * @sw: filled in
 * @kind: one of nvu_sweep_kinds
 * @argc: arguments after the kind, the first being PMU/EVENT/
 * @argv: them
 *
 * Exits with a message for a PMU without the filter, a value outside the
 * filter's domain, or a sweep larger than the domain.
 */
void nvu_sweep_build(struct nvu_sweep *sw, const char *kind, int argc,
		     char **argv)
{
	struct sweep_ctx x = { .sw = sw };
	const char *slash;
	size_t len;
	int i;

	snprintf(sw->kind, sizeof(sw->kind), "%s", kind);
	if (argc < 1)
		nvu_die("sweep %s: give the base event as PMU/EVENT/", kind);
	slash = strchr(argv[0], '/');
	if (!slash || slash == argv[0] ||
	    (size_t)(slash - argv[0]) >= sizeof(x.pmu_name))
		nvu_die("sweep %s: %s: write the base event as PMU/EVENT/", kind,
			argv[0]);
	memcpy(x.pmu_name, argv[0], slash - argv[0]);
	x.pmu_name[slash - argv[0]] = '\0';
	x.base = strdup(slash + 1);
	len = strlen(x.base);
	if (len && x.base[len - 1] == '/')
		x.base[len - 1] = '\0';
	if (!*x.base)
		nvu_die("sweep %s: %s: no base event", kind, argv[0]);
	x.pmu = nvu_pmu_load(x.pmu_name);
	len = snprintf(sw->what, sizeof(sw->what), "%s", argv[0]);
	for (i = 1; i < argc && len < sizeof(sw->what); i++)
		len += snprintf(sw->what + len, sizeof(sw->what) - len, " %s", argv[i]);

	if (!strcmp(kind, "field")) {
		if (argc < 2 || argc > 3)
			nvu_die("sweep field: give PMU/EVENT/ FIELD [VALUES]");
		sweep_field(&x, argv[1], argc == 3 ? argv[2] : NULL);
	} else if (!strcmp(kind, "rp")) {
		if (argc != 1)
			nvu_die("sweep rp: give PMU/EVENT/ only");
		sweep_field(&x, nvu_field_find(x.pmu, "src_rp_mask") ?
			    "src_rp_mask" : "dst_rp_mask", NULL);
	} else if (!strcmp(kind, "gpu")) {
		if (argc != 1)
			nvu_die("sweep gpu: give PMU/EVENT/ only");
		sweep_field(&x, "gpu_mask", NULL);
	} else if (!strcmp(kind, "bdf")) {
		sweep_bdf(&x, argc - 1, argv + 1);
	} else if (!strcmp(kind, "srcdst")) {
		if (argc != 1)
			nvu_die("sweep srcdst: give PMU/EVENT/ only");
		sweep_srcdst(&x);
	} else if (!strcmp(kind, "addr")) {
		sweep_addr(&x, argc - 1, argv + 1);
	} else if (!strcmp(kind, "hdm")) {
		if (argc > 2)
			nvu_die("sweep hdm: give PMU/EVENT/ [VALUES]");
		sweep_hdm(&x, argc == 2 ? argv[1] : NULL);
	} else {
		nvu_die("sweep: unknown kind '%s' (%s)", kind, nvu_sweep_kinds);
	}
	free(x.base);
}

void nvu_sweep_free(struct nvu_sweep *sw)
{
	free(sw->b);
	sw->b = NULL;
	sw->n = 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * nvu-stat: the buckets of a filter sweep.  Each bucket is the base event
 * with the swept filter fields set to one point (or, for addresses, one
 * power-of-two block: a base/mask pair, the paper's "trits").  Field names
 * and widths come from the PMU's format/ files; nothing here knows a bit
 * position.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvu-stat.h"

const char * const nvu_sweep_kinds =
	"field, rp, gpu, bdf, srcdst, addr, hdm, cmn-node, cmn-wp";
const char * const nvu_sweep_help =
"  field PMU/EVENT/ FIELD [V1,V2,...]  one bucket per value (default: each bit)\n"
"  rp    PMU/EVENT/                    per root port: src_rp_mask or dst_rp_mask bits\n"
"  gpu   PMU/EVENT/                    per GPU: gpu_mask bits\n"
"  bdf   PMU/EVENT/ BDF...             per requester (bus:dev.fn or a number): src_bdf\n"
"  srcdst PMU/EVENT/                   every src_* field x every dst_* field\n"
"  addr  PMU/EVENT/ START SIZE N       N power-of-two blocks of [START, START+SIZE):\n"
"                                      dst_addr_base/dst_addr_mask/dst_addr_en\n"
"  hdm   PMU/EVENT/ [V1,V2,...]        per HDM decoder filter value (default: each\n"
"                                      bit, one decoder each): hdm, hdm_filter_en\n"
"  cmn-node PMU/EVENT/                 per node of the event's type (CMN-600):\n"
"                                      bynodeid=1,nodeid=ID\n"
"  cmn-wp PMU [--up|--down] --port 0|1 --chan req|rsp|snp|dat --field LSB:WIDTH\n"
"         [--grp 0|1] [--xp NODEID] [BUCKETS]\n"
"                                      CMN-600 watchpoint: BUCKETS (a power of\n"
"                                      two, default 2^min(WIDTH,4)) blocks of the\n"
"                                      flit field's values: wp_val/wp_mask\n";

struct sweep_ctx {
	struct nvu_sweep *sw;
	struct sysfs_pmu *pmu;
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
	snprintf(all, sizeof(all), "%s%s%s", x->base, *x->base ? "," : "", terms);
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
	const struct sysfs_pmu *p = x->pmu;
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

/* ------------------------------------------------------------------------
 * CMN-600 (Documentation/cmn600.rst): per node, per watchpoint value, per XP
 */

static u64 field_get(const struct nvu_field *f, const u64 config[3])
{
	u64 v = 0;
	int i;

	for (i = 0; i < f->nbits; i++)
		v |= (config[f->word] >> f->pos[i] & 1) << i;
	return v;
}

/* Whether @pmu accepts @terms (0), refuses them (EINVAL...), dies on EACCES. */
static int cmn_accepts(struct sweep_ctx *x, const char *terms)
{
	char err[256];
	u64 cfg[3];
	int ret;

	if (nvu_encode(x->pmu, terms, cfg, NULL, err, sizeof(err)))
		nvu_die("sweep %s: %s", x->sw->kind, err);
	ret = nvu_probe(x->pmu, cfg);
	if (ret == EACCES || ret == EPERM)
		nvu_die("%s/%s/: permission denied: %s", x->pmu_name, terms,
			nvu_paranoid_hint());
	return ret;
}

static void cmn_mesh(struct sweep_ctx *x)
{
	need_field(x, "bynodeid");
	need_field(x, "nodeid");
	x->sw->mesh = nvu_zalloc(sizeof(*x->sw->mesh));
	nvu_cmn_mesh_probe(x->pmu, x->sw->mesh);
}

/*
 * One bucket per node of the base event's type: every ID a device node
 * can have (XP ID | port << 2 | device) that the PMU accepts with
 * bynodeid=1.  At most 8 buckets at once: the global counters.
 */
static void sweep_cmn_node(struct sweep_ctx *x)
{
	const struct nvu_cmn_mesh *m;
	char name[256], terms[1024];
	int i, x0, y0;
	unsigned int pd;

	cmn_mesh(x);
	m = x->sw->mesh;
	x->sw->def_counters = 8;
	if (cmn_accepts(x, x->base))
		nvu_die("sweep cmn-node: %s refuses %s (no node of its type?)",
			x->pmu_name, x->base);
	snprintf(terms, sizeof(terms), "%s,bynodeid=1,nodeid=0xffff", x->base);
	if (!cmn_accepts(x, terms))
		nvu_die("sweep cmn-node: %s/%s/ counts on no particular node: nothing to sweep",
			x->pmu_name, x->base);
	for (i = 0; i < m->nxp; i++) {
		for (pd = 0; pd < 8; pd++) {
			unsigned int id = m->xp[i] | pd;

			snprintf(terms, sizeof(terms), "%s,bynodeid=1,nodeid=%#x",
				 x->base, id);
			if (cmn_accepts(x, terms))
				continue;
			nvu_cmn_xy(m, id, &x0, &y0);
			snprintf(name, sizeof(name), "nodeid=0x%x xy=%d:%d", id, x0, y0);
			snprintf(terms, sizeof(terms), "bynodeid=1,nodeid=%#x", id);
			add_bucket(x, name, terms);
		}
	}
	if (!x->sw->n)
		nvu_die("sweep cmn-node: no node of %s's type on %s", x->base,
			x->pmu_name);
}

static const char * const cmn_chans[] = { "req", "rsp", "snp", "dat" };

/*
 * Watchpoint value sweep: BUCKETS blocks of the values of the flit bit
 * field [LSB, LSB + WIDTH) of match group wp_grp: bucket i compares the
 * field's top log2(BUCKETS) bits with i (wp_val) and ignores every other
 * bit (wp_mask: 1 = ignore), the paper's 0/1/don't-care trits.  Each XP
 * has 2 watchpoints per direction: 2 buckets at once.
 */
static void sweep_cmn_wp(struct sweep_ctx *x, int argc, char **argv)
{
	const struct nvu_field *fv = need_field(x, "wp_val");
	int port = -1, chan = -1, grp = 0, lsb = -1, width = 0, i, bits;
	const char *xpid = NULL, *nb = NULL;
	bool down = false;
	char name[256], terms[512], *end;
	u64 n, k, fmax, vbits;
	unsigned int shift;

	need_field(x, "wp_mask");
	need_field(x, "wp_dev_sel");
	need_field(x, "wp_chn_sel");
	need_field(x, "wp_grp");
	for (i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--up") || !strcmp(a, "--down")) {
			down = a[2] == 'd';
			continue;
		}
		if (a[0] != '-') {
			if (nb)
				nvu_die("sweep cmn-wp: one BUCKETS count, not '%s' too", a);
			nb = a;
			continue;
		}
		if (!v)
			nvu_die("sweep cmn-wp: %s wants a value", a);
		i++;
		if (!strcmp(a, "--port")) {
			port = (int)strtol(v, &end, 0);
			if (*end || port < 0 || port > 1)
				nvu_die("sweep cmn-wp: --port is a device port of the XP, 0 or 1");
		} else if (!strcmp(a, "--chan")) {
			for (chan = 0; chan < (int)ARRAY_SIZE(cmn_chans); chan++)
				if (!strcmp(v, cmn_chans[chan]))
					break;
			if (chan == (int)ARRAY_SIZE(cmn_chans))
				nvu_die("sweep cmn-wp: --chan is req, rsp, snp or dat");
		} else if (!strcmp(a, "--grp")) {
			grp = (int)strtol(v, &end, 0);
			if (*end || grp < 0 || grp > 1)
				nvu_die("sweep cmn-wp: --grp is the flit's match group, 0 or 1");
		} else if (!strcmp(a, "--field")) {
			if (sscanf(v, "%d:%d%c", &lsb, &width, name) != 2 || lsb < 0 ||
			    width < 1 || lsb + width > fv->nbits)
				nvu_die("sweep cmn-wp: --field LSB:WIDTH, inside the %d-bit wp_val",
					fv->nbits);
		} else if (!strcmp(a, "--xp")) {
			xpid = v;
		} else {
			nvu_die("sweep cmn-wp: unknown option %s", a);
		}
	}
	if (port < 0 || chan < 0)
		nvu_die("sweep cmn-wp: give --port 0|1 and --chan req|rsp|snp|dat");
	if (lsb < 0)
		/* The flit layout is not public: no default field. */
		nvu_die("sweep cmn-wp: give --field LSB:WIDTH (no default)");
	n = nb ? parse_u64(nb, "BUCKETS") : 1ULL << (width < 4 ? width : 4);
	if (!n || n & (n - 1) || n > 4096)
		nvu_die("sweep cmn-wp: BUCKETS must be a power of two, 1 to 4096");
	if (width < 64 && n > 1ULL << width)
		nvu_die("sweep cmn-wp: %llu buckets over a %d-bit field: sweep larger than domain",
			n, width);
	for (bits = 0; (1ULL << bits) < n; bits++)
		;
	shift = lsb + width - bits;
	fmax = fv->nbits >= 64 ? ~0ULL : (1ULL << fv->nbits) - 1;
	vbits = bits ? ((n - 1) << shift) : 0;

	x->base = strdup(down ? "watchpoint_down" : "watchpoint_up");
	snprintf(terms, sizeof(terms), "%s,wp_dev_sel=%d,wp_chn_sel=%d,wp_grp=%d",
		 x->base, port, chan, grp);
	if (xpid) {
		u64 id = parse_u64(xpid, "--xp");

		snprintf(terms + strlen(terms), sizeof(terms) - strlen(terms),
			 ",bynodeid=1,nodeid=%#llx", id);
		need_field(x, "bynodeid");
		if (cmn_accepts(x, terms))
			nvu_die("sweep cmn-wp: %s has no crosspoint with node ID %s",
				x->pmu_name, xpid);
	} else if (cmn_accepts(x, terms)) {
		nvu_die("sweep cmn-wp: %s refuses %s", x->pmu_name, terms);
	}
	free(x->base);
	x->base = strdup(terms);
	x->sw->def_counters = 2;
	x->sw->max_counters = 2;
	for (k = 0; k < n; k++) {
		u64 span = width - bits >= 64 ? ~0ULL : (1ULL << (width - bits)) - 1;
		u64 lo = bits ? k << (width - bits) : 0, hi = lo + span;

		if (lo == hi)
			snprintf(name, sizeof(name), "[%d:%d]=0x%llx", lsb + width - 1,
				 lsb, lo);
		else
			snprintf(name, sizeof(name), "[%d:%d]=0x%llx-0x%llx",
				 lsb + width - 1, lsb, lo, hi);
		snprintf(terms, sizeof(terms), "wp_val=%#llx,wp_mask=%#llx",
			 bits ? k << shift : 0, ~vbits & fmax);
		add_bucket(x, name, terms);
	}
}

/*
 * The map: one bucket per (event, XP), event after event so that the
 * buckets counting at once are on different XPs.
 */
static void sweep_map(struct sweep_ctx *x, int argc, char **argv)
{
	const struct nvu_cmn_mesh *m;
	const struct nvu_field *ftype;
	char **ev, name[256], terms[1024], err[256];
	u64 cfg[3], xpcfg[3];
	int nev, e, i;

	cmn_mesh(x);
	m = x->sw->mesh;
	x->sw->def_counters = 8;
	if (argc) {
		ev = argv;
		nev = argc;
	} else {
		ev = nvu_cmn_map_events(x->pmu, &nev);
	}
	ftype = need_field(x, "type");
	if (nvu_encode(x->pmu, nvu_cmn_xp_event(x->pmu), xpcfg, NULL, err,
		       sizeof(err)))
		nvu_die("map: %s", err);
	for (e = 0; e < nev; e++) {
		if (nvu_encode(x->pmu, ev[e], cfg, NULL, err, sizeof(err)))
			nvu_die("map: %s/%s/: %s", x->pmu_name, ev[e], err);
		snprintf(terms, sizeof(terms), "%s,bynodeid=1,nodeid=%#x", ev[e],
			 m->xp[0]);
		if (field_get(ftype, cfg) != field_get(ftype, xpcfg) ||
		    cmn_accepts(x, terms))
			nvu_die("map: %s/%s/ is not a crosspoint event",
				x->pmu_name, ev[e]);
		for (i = 0; i < m->nxp; i++) {
			snprintf(name, sizeof(name), "0x%x %s", m->xp[i], ev[e]);
			snprintf(terms, sizeof(terms), "%s,bynodeid=1,nodeid=%#x",
				 ev[e], m->xp[i]);
			add_bucket(x, name, terms);
			x->sw->b[x->sw->n - 1].tag = i;
		}
	}
	x->sw->nevents = nev;
	if (nev == 1)
		snprintf(x->sw->what, sizeof(x->sw->what), "%s", ev[0]);
	else if (!argc)
		snprintf(x->sw->what, sizeof(x->sw->what),
			 "mxp_*_dat_txflit_valid (%d events)", nev);
	else
		snprintf(x->sw->what, sizeof(x->sw->what), "the sum of %d events", nev);
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
	if (!strcmp(kind, "cmn-wp") || !strcmp(kind, "map")) {
		/* PMU (a trailing slash allowed), then its own arguments. */
		if (argc < 1)
			nvu_die("%s: name the CMN PMU, e.g. arm_cmn_0", kind);
		len = strcspn(argv[0], "/");
		if (!len || len >= sizeof(x.pmu_name) || argv[0][len + (argv[0][len] == '/')])
			nvu_die("%s: %s: give the PMU name only", kind, argv[0]);
		memcpy(x.pmu_name, argv[0], len);
		x.pmu_name[len] = '\0';
		x.pmu = nvu_pmu_load(x.pmu_name);
		x.base = strdup("");
		len = snprintf(sw->what, sizeof(sw->what), "%s", x.pmu_name);
		for (i = 1; i < argc && len < sizeof(sw->what); i++)
			len += snprintf(sw->what + len, sizeof(sw->what) - len, " %s",
					argv[i]);
		if (!strcmp(kind, "map"))
			sweep_map(&x, argc - 1, argv + 1);
		else
			sweep_cmn_wp(&x, argc - 1, argv + 1);
		free(x.base);
		return;
	}
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
	} else if (!strcmp(kind, "cmn-node")) {
		if (argc != 1)
			nvu_die("sweep cmn-node: give PMU/EVENT/ only");
		sweep_cmn_node(&x);
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
	free(sw->mesh);
	sw->mesh = NULL;
	free(sw->b);
	sw->b = NULL;
	sw->n = 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * nvu-stat: Arm CMN-600 meshes (arm_cmn_<n>).  sysfs gives the PMU's
 * format fields and events but not the mesh, so nvu-stat finds the mesh by
 * asking the PMU: an event opened with bynodeid=1,nodeid=ID is refused
 * (EINVAL) unless a node of the event's type has that ID.  Crosspoint node
 * IDs are (x << (3 + w)) | (y << 3), w = 2 when both dimensions are at most
 * 4, else 3; the set of IDs an XP event accepts gives the mesh's size.  The
 * driver's debugfs map is read only to settle the one case probing cannot
 * (see Documentation/nvu-stat.rst).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nvu-stat.h"

#define CMN_DEBUGFS	"/sys/kernel/debug/nvu_arm_cmn600"
/* Node IDs of CMN-600 XPs are below 0x200 (8 x 8 with a 3-bit Y field). */
#define CMN_XP_ID_END	0x200

bool nvu_cmn_is(const struct sysfs_pmu *pmu)
{
	return nvu_field_find(pmu, "bynodeid") && nvu_field_find(pmu, "nodeid") &&
	       nvu_field_find(pmu, "wp_val");
}

/* The name of one crosspoint event of @pmu, from events/. */
const char *nvu_cmn_xp_event(const struct sysfs_pmu *pmu)
{
	static char name[NVU_NAME_MAX];
	char path[512], **ev;
	int i, n;

	snprintf(path, sizeof(path), "%s/%s/events", nvu_sysfs, pmu->name);
	n = nvu_list_dir(path, &ev);
	name[0] = '\0';
	for (i = 0; i < n && !name[0]; i++)
		if (!strncmp(ev[i], "mxp_", 4))
			snprintf(name, sizeof(name), "%s", ev[i]);
	nvu_free_names(ev, n > 0 ? n : 0);
	if (!name[0])
		nvu_die("%s lists no crosspoint (mxp_*) event: not a CMN mesh PMU",
			pmu->name);
	return name;
}

/* Whether the XP IDs @ids read as a full X x Y mesh with a @w-bit Y field. */
static bool mesh_fits(const unsigned int *ids, int n, int w, int *nx, int *ny)
{
	int i, mx = 0, my = 0, xmax = w == 2 ? 3 : 7;

	for (i = 0; i < n; i++) {
		int x = ids[i] >> (3 + w), y = ids[i] >> 3 & ((1 << w) - 1);

		if (x > xmax)
			return false;
		if (x > mx)
			mx = x;
		if (y > my)
			my = y;
	}
	*nx = mx + 1;
	*ny = my + 1;
	if (n != *nx * *ny)
		return false;
	/* A 3-bit Y field only when a dimension exceeds 4. */
	return w == 2 || *nx > 4 || *ny > 4;
}

/* "NxM mesh" from the driver's debugfs map, if it can be read. */
static bool debugfs_size(const struct sysfs_pmu *pmu, int *nx, int *ny)
{
	char path[512], *s, *p;
	bool ok = false;

	if (strncmp(pmu->name, "arm_cmn_", 8))
		return false;
	snprintf(path, sizeof(path), CMN_DEBUGFS "/map_%s", pmu->name + 8);
	s = nvu_read_text(path);
	if (!s)
		return false;
	p = strstr(s, " mesh");
	if (p) {
		while (p > s && p[-1] != ' ')
			p--;
		ok = sscanf(p, "%dx%d mesh", nx, ny) == 2;
	}
	free(s);
	return ok;
}

/**
 * nvu_cmn_mesh_probe() - the crosspoints of @pmu's mesh
 * @pmu: an arm_cmn PMU
 * @m: filled in
 *
 * Opens (and closes at once, never enabled) one XP event per possible XP
 * node ID.  Exits with a message if no ID or no mesh shape fits.
 */
void nvu_cmn_mesh_probe(struct sysfs_pmu *pmu, struct nvu_cmn_mesh *m)
{
	const char *ev = nvu_cmn_xp_event(pmu);
	unsigned int ids[NVU_CMN_MAX_XPS], id;
	int n = 0, i, nx2 = 0, ny2 = 0, nx3 = 0, ny3 = 0, dx, dy;
	char terms[256], err[256];
	bool ok2, ok3;
	u64 cfg[3];

	memset(m, 0, sizeof(*m));
	for (id = 0; id < CMN_XP_ID_END && n < NVU_CMN_MAX_XPS; id += 8) {
		int ret;

		snprintf(terms, sizeof(terms), "%s,bynodeid=1,nodeid=%#x", ev, id);
		if (nvu_encode(pmu, terms, cfg, NULL, err, sizeof(err)))
			nvu_die("%s: %s", pmu->name, err);
		ret = nvu_probe(pmu, cfg);
		if (ret == EACCES || ret == EPERM)
			nvu_die("%s/%s/: permission denied: %s", pmu->name, terms,
				nvu_paranoid_hint());
		if (!ret)
			ids[n++] = id;
	}
	if (!n)
		nvu_die("%s: no crosspoint node ID accepts %s: cannot find the mesh",
			pmu->name, ev);
	ok2 = mesh_fits(ids, n, 2, &nx2, &ny2);
	ok3 = mesh_fits(ids, n, 3, &nx3, &ny3);
	if (!ok2 && !ok3)
		nvu_die("%s: the %d crosspoint node IDs make no rectangular mesh",
			pmu->name, n);
	m->ybits = ok2 ? 2 : 3;
	if (ok2 && ok3) {
		/* 1x8 reads as 2x4, 2x8 as 4x4: ask debugfs if we may. */
		m->ambiguous = true;
		if (debugfs_size(pmu, &dx, &dy)) {
			m->ambiguous = false;
			if (dx == nx3 && dy == ny3)
				m->ybits = 3;
		}
	}
	m->nx = m->ybits == 2 ? nx2 : nx3;
	m->ny = m->ybits == 2 ? ny2 : ny3;
	m->nxp = n;
	for (i = 0; i < n; i++) {
		int x, y;

		nvu_cmn_xy(m, ids[i], &x, &y);
		m->xp[y * m->nx + x] = ids[i];
	}
}

/* Column and row of the XP of node @id. */
void nvu_cmn_xy(const struct nvu_cmn_mesh *m, unsigned int id, int *x, int *y)
{
	*x = id >> (3 + m->ybits);
	*y = id >> 3 & ((1 << m->ybits) - 1);
}

/* The map's default events: every listed mxp_<intf>_dat_txflit_valid. */
char **nvu_cmn_map_events(const struct sysfs_pmu *pmu, int *n)
{
	char path[512], **ev, **v;
	int i, k = 0, all;

	snprintf(path, sizeof(path), "%s/%s/events", nvu_sysfs, pmu->name);
	all = nvu_list_dir(path, &ev);
	v = nvu_zalloc((all > 0 ? all : 1) * sizeof(*v));
	for (i = 0; i < all; i++) {
		size_t len = strlen(ev[i]);

		if (!strncmp(ev[i], "mxp_", 4) && len > 21 &&
		    !strcmp(ev[i] + len - 17, "_dat_txflit_valid"))
			v[k++] = strdup(ev[i]);
	}
	nvu_free_names(ev, all > 0 ? all : 0);
	if (!k)
		nvu_die("%s lists no mxp_*_dat_txflit_valid event: name the XP events to map",
			pmu->name);
	*n = k;
	return v;
}

/* nvu-stat list: what a CMN PMU's mesh has and can filter. */
void nvu_cmn_list(struct sysfs_pmu *pmu)
{
	const struct nvu_field *val = nvu_field_find(pmu, "wp_val");
	char path[512], **ev, types[512] = "", *s;
	int i, n, len = 0;

	snprintf(path, sizeof(path), "%s/%s/identifier", nvu_sysfs, pmu->name);
	s = nvu_read_text(path);
	if (s && strlen(s) == 5 && !strncmp(s, "434", 3))
		printf("    CMN-600, revision code %s", s + 3);
	else
		printf("    CMN mesh");
	free(s);

	/* Node types: the prefixes of the events the mesh lists. */
	snprintf(path, sizeof(path), "%s/%s/events", nvu_sysfs, pmu->name);
	n = nvu_list_dir(path, &ev);
	for (i = 0; i < n; i++) {
		char pre[32], *u = strchr(ev[i], '_');
		size_t l = u ? (size_t)(u - ev[i]) : 0;

		if (!l || l >= sizeof(pre) || !strncmp(ev[i], "watchpoint", 10))
			continue;
		snprintf(pre, sizeof(pre), " %.*s ", (int)l, ev[i]);
		if (!strstr(types, pre) && len + strlen(pre) < sizeof(types))
			len += snprintf(types + len, sizeof(types) - len, "%s", pre);
	}
	nvu_free_names(ev, n > 0 ? n : 0);
	/* types is " a  b  c ": print it single spaced */
	printf("; node types:");
	for (s = strtok(types, " "); s; s = strtok(NULL, " "))
		printf(" %s", s);
	printf("\n");
	printf("      per node: bynodeid=1,nodeid=ID (sweep cmn-node)\n");
	printf("      watchpoints watchpoint_up/watchpoint_down,");
	printf(" 2 per direction per XP (sweep cmn-wp):\n");
	printf("        device port wp_dev_sel 0-1, channel wp_chn_sel 0 req 1 rsp 2 snp 3 dat,\n"
	       "        group wp_grp 0-1, value wp_val / mask wp_mask (%d bits; mask 1 = ignore),\n"
	       "        per XP with bynodeid=1,nodeid=XP\n", val->nbits);
}

/* ------------------------------------------------------------------------
 * The map: traffic per crosspoint
 */

struct cmn_xp {
	unsigned int id;
	int x, y;
	u64 count;
	double observed;	/* the least of its buckets' */
	double estimate, bound;
};

static void human(double v, char *buf, size_t len)
{
	if (v < 1e4)
		snprintf(buf, len, "%.0f", v);
	else if (v < 1e6)
		snprintf(buf, len, "%.1fk", v / 1e3);
	else if (v < 1e9)
		snprintf(buf, len, "%.2fM", v / 1e6);
	else
		snprintf(buf, len, "%.2fG", v / 1e9);
}

static int by_traffic(const void *a, const void *b)
{
	const struct cmn_xp *x = a, *y = b;

	if (x->estimate != y->estimate)
		return x->estimate < y->estimate ? 1 : -1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

#define SVG_CELL_W	104
#define SVG_CELL_H	60
#define SVG_GAP		24
#define SVG_MARGIN	40
#define SVG_TOP		64

/* The mesh as an SVG: XPs shaded by traffic, links between neighbours. */
/* A link of the mesh between two XPs. */
static void svg_link(FILE *f, int x1, int y1, int x2, int y2)
{
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" ", x1, y1, x2, y2);
	fprintf(f, "stroke=\"#999\" stroke-width=\"3\"/>\n");
}

/* One XP of the map as a JSON line. */
static void cmn_json_xp(const struct cmn_xp *p, double elapsed, double share)
{
	printf("{\"type\":\"xp\",\"xp\":\"0x%x\",\"x\":%d,\"y\":%d,",
	       p->id, p->x, p->y);
	printf("\"count\":%llu,\"observed_s\":%.6f,\"elapsed_s\":%.6f,",
	       p->count, p->observed, elapsed);
	printf("\"estimate\":%.0f,\"bound\":%.0f,\"share_pct\":%.4f}\n",
	       p->estimate, p->bound, share);
}

static void write_svg(const char *path, const struct nvu_sweep *sw,
		      const struct cmn_xp *xp, double max, const char *title)
{
	const struct nvu_cmn_mesh *m = sw->mesh;
	int w = 2 * SVG_MARGIN + m->nx * SVG_CELL_W + (m->nx - 1) * SVG_GAP;
	int h = SVG_TOP + SVG_MARGIN + m->ny * SVG_CELL_H + (m->ny - 1) * SVG_GAP + 20;
	char *tmp, num[32], bound[32];
	FILE *f;
	int i, row;

	if (asprintf(&tmp, "%s.tmp.%d", path, (int)getpid()) < 0)
		nvu_die("out of memory");
	f = fopen(tmp, "w");
	if (!f)
		nvu_die("--svg %s: cannot write", path);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"monospace\">\n",
		w, h, w, h);
	fprintf(f, "<title>");
	xml_text(f, title);
	fprintf(f, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h);
	fprintf(f, "<text x=\"%d\" y=\"24\" font-size=\"14\">", SVG_MARGIN);
	xml_text(f, title);
	fprintf(f, "</text>\n<text x=\"%d\" y=\"44\" font-size=\"11\" fill=\"#555\">",
		SVG_MARGIN);
	fprintf(f, "north up; shade: traffic relative to the busiest XP (%.0f)</text>\n",
		max);
	for (i = 0; i < m->nxp; i++) {
		const struct cmn_xp *p = &xp[i];
		int cx, cy;

		row = m->ny - 1 - p->y;
		cx = SVG_MARGIN + p->x * (SVG_CELL_W + SVG_GAP);
		cy = SVG_TOP + row * (SVG_CELL_H + SVG_GAP);
		if (p->x + 1 < m->nx)
			svg_link(f, cx + SVG_CELL_W, cy + SVG_CELL_H / 2,
				 cx + SVG_CELL_W + SVG_GAP, cy + SVG_CELL_H / 2);
		if (row + 1 < m->ny)
			svg_link(f, cx + SVG_CELL_W / 2, cy + SVG_CELL_H,
				 cx + SVG_CELL_W / 2, cy + SVG_CELL_H + SVG_GAP);
	}
	for (i = 0; i < m->nxp; i++) {
		const struct cmn_xp *p = &xp[i];
		double s = max > 0 ? p->estimate / max : 0;
		int cx, cy, g = (int)lround(255 - 200 * s), b = (int)lround(255 - 235 * s);

		row = m->ny - 1 - p->y;
		cx = SVG_MARGIN + p->x * (SVG_CELL_W + SVG_GAP);
		cy = SVG_TOP + row * (SVG_CELL_H + SVG_GAP);
		human(p->estimate, num, sizeof(num));
		human(p->bound, bound, sizeof(bound));
		fprintf(f, "<g><title>XP 0x%x (%d,%d): %.0f +- %.0f</title>\n",
			p->id, p->x, p->y, p->estimate, p->bound);
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" ",
			cx, cy, SVG_CELL_W, SVG_CELL_H);
		fprintf(f, "fill=\"rgb(255,%d,%d)\" stroke=\"#333\"/>\n", g, b);
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">",
			cx + SVG_CELL_W / 2, cy + 22);
		fprintf(f, "0x%x (%d,%d)</text>\n", p->id, p->x, p->y);
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\" ",
			cx + SVG_CELL_W / 2, cy + 44);
		fprintf(f, "text-anchor=\"middle\">%s%s%s</text></g>\n", num,
			p->bound > 0 ? " +-" : "", p->bound > 0 ? bound : "");
	}
	fprintf(f, "</svg>\n");
	if (fclose(f) || rename(tmp, path))
		nvu_die("--svg %s: cannot write", path);
	free(tmp);
}

/**
 * nvu_cmn_map_report() - traffic per crosspoint of a counted map sweep
 * @out: format
 * @sw: the sweep: bucket tags are XP indexes in @sw->mesh
 * @top: XPs in the busiest list (table), or only the @top busiest (csv,
 *	json); 0: 10 in the table, every XP in mesh order otherwise
 * @svg: if not NULL, also write the map there as SVG
 */
void nvu_cmn_map_report(enum nvu_output out, const struct nvu_sweep *sw,
			int top, const char *svg)
{
	const struct nvu_cmn_mesh *m = sw->mesh;
	struct cmn_xp *xp = nvu_zalloc(m->nxp * sizeof(*xp));
	struct cmn_xp *sorted = nvu_zalloc(m->nxp * sizeof(*xp));
	double total = 0, max = 0;
	char title[1024], num[32];
	int i, x, y, n;

	for (i = 0; i < m->nxp; i++) {
		xp[i].id = m->xp[i];
		nvu_cmn_xy(m, m->xp[i], &xp[i].x, &xp[i].y);
		xp[i].observed = -1;
	}
	for (i = 0; i < sw->n; i++) {
		const struct nvu_bucket *b = &sw->b[i];
		struct cmn_xp *p = &xp[b->tag];

		p->count += b->count;
		p->estimate += b->estimate;
		p->bound += b->bound;
		if (p->observed < 0 || b->observed < p->observed)
			p->observed = b->observed;
	}
	for (i = 0; i < m->nxp; i++) {
		total += xp[i].estimate;
		if (xp[i].estimate > max)
			max = xp[i].estimate;
	}
	memcpy(sorted, xp, m->nxp * sizeof(*xp));
	qsort(sorted, m->nxp, sizeof(*sorted), by_traffic);
	snprintf(title, sizeof(title), "%s: %s per XP, %dx%d mesh, %.3f s%s",
		 sw->b[0].c.pmu->name, sw->what, m->nx, m->ny, sw->elapsed,
		 sw->multiplexed ? ", time-multiplexed" : "");

	n = m->nxp;
	switch (out) {
	case NVU_OUT_TABLE:
		printf("map %s: %dx%d mesh (%d XPs%s), %s per XP over %.3f s, %s\n",
		       sw->b[0].c.pmu->name, m->nx, m->ny, m->nxp,
		       m->ambiguous ? "; or 1- or 2-wide: see nvu-stat.rst" : "",
		       sw->what, sw->elapsed,
		       sw->multiplexed ? "time-multiplexed (estimates scaled to the run)"
				       : "all counted the whole time (exact)");
		printf("     ");
		for (x = 0; x < m->nx; x++)
			printf("       x=%-3d", x);
		printf("\n");
		for (y = m->ny - 1; y >= 0; y--) {
			printf("y=%-2d ", y);
			for (x = 0; x < m->nx; x++)
				printf("     0x%04x ", m->xp[y * m->nx + x]);
			printf("\n     ");
			for (x = 0; x < m->nx; x++) {
				const struct cmn_xp *p = &xp[y * m->nx + x];
				int pct = max > 0 ? (int)lround(9 * p->estimate / max) : 0;

				human(p->estimate, num, sizeof(num));
				printf(" %8s %c%c", num, " .:-=+*#%@"[pct],
				       " .:-=+*#%@"[pct]);
			}
			printf("\n");
		}
		if (!top)
			top = 10;
		if (top > n)
			top = n;
		printf("busiest XPs:\n%-8s %-7s %16s %10s %16s %14s %7s\n", "xp", "x,y",
		       "counted", "observed", "estimate", "+-", "share");
		for (i = 0; i < top; i++) {
			const struct cmn_xp *p = &sorted[i];
			int bar = max > 0 ? (int)lround(20 * p->estimate / max) : 0;
			char pos[16];

			snprintf(pos, sizeof(pos), "%d,%d", p->x, p->y);
			printf("0x%04x   %-7s %16llu %9.3fs %16.0f %14.0f %6.2f%% %.*s\n",
			       p->id, pos, p->count, p->observed, p->estimate, p->bound,
			       total > 0 ? 100 * p->estimate / total : 0, bar,
			       "####################");
		}
		break;
	case NVU_OUT_CSV:
	case NVU_OUT_JSON:
		if (out == NVU_OUT_CSV)
			printf("xp,x,y,count,observed_s,elapsed_s,estimate,bound,share_pct\n");
		if (top && top < n)
			n = top;
		for (i = 0; i < n; i++) {
			const struct cmn_xp *p = top ? &sorted[i] : &xp[i];
			double share = total > 0 ? 100 * p->estimate / total : 0;

			if (out == NVU_OUT_CSV)
				printf("0x%x,%d,%d,%llu,%.6f,%.6f,%.0f,%.0f,%.4f\n",
				       p->id, p->x, p->y, p->count, p->observed,
				       sw->elapsed, p->estimate, p->bound, share);
			else
				cmn_json_xp(p, sw->elapsed, share);
		}
		break;
	}
	fflush(stdout);
	if (svg)
		write_svg(svg, sw, xp, max, title);
	free(sorted);
	free(xp);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* nvu-stat: shared declarations. */
#ifndef NVU_STAT_H
#define NVU_STAT_H

#include <stdbool.h>
#include <stdio.h>

/* Kernel-style names; the uapi's __u64 is unsigned long long too. */
typedef unsigned long long u64;
typedef unsigned char u8;

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define NVU_MAX_FIELDS		64
#define NVU_NAME_MAX		128

extern const char *nvu_sysfs;

/* A format field: which bits of config, config1 or config2 it occupies. */
struct nvu_field {
	char name[NVU_NAME_MAX];
	int word;		/* 0: config, 1: config1, 2: config2 */
	int nbits;
	u8 pos[64];	/* bit i of the value goes to bit pos[i] */
};

/* What the tool knows about one PMU, all from sysfs. */
struct sysfs_pmu {
	char name[NVU_NAME_MAX];
	int type;
	int cpu;		/* first CPU of cpumask: where events open */
	int node;		/* NUMA node of that CPU, -1 if unknown */
	int nfields;
	struct nvu_field fields[NVU_MAX_FIELDS];
};

/* One open event. */
struct nvu_counter {
	char label[1280];	/* as the user wrote it, or the bucket's name */
	struct sysfs_pmu *pmu;
	u64 config[3];
	char event[NVU_NAME_MAX];	/* the sysfs event name, if one was used */
	int fd;
	u64 raw, enabled, running;			/* since open */
	u64 delta, delta_enabled, delta_running;	/* last interval */
};

struct nvu_bucket {
	char name[256];
	struct nvu_counter c;
	u64 count;		/* counted while observed */
	double observed;	/* seconds counted */
	int slices;
	double rate_min, rate_max;	/* per-slice rates, per second */
	double estimate;	/* for the whole run */
	double bound;		/* +- on @estimate (0: exact) */
	int tag;		/* map: the bucket's XP (index in the mesh) */
};

struct nvu_sweep {
	char kind[32];
	char what[512];		/* base event and domain, for the report */
	int n;
	struct nvu_bucket *b;
	double elapsed;
	bool multiplexed;
	int max_counters;	/* at most this many at once (0: any) */
	int def_counters;	/* without -k (0: the tool's default) */
	struct nvu_cmn_mesh *mesh;	/* cmn-* and map sweeps */
	int nevents;		/* map: events per XP */
};

/* A CMN-600 mesh, as probing the PMU finds it. */
#define NVU_CMN_MAX_XPS		64
struct nvu_cmn_mesh {
	int nx, ny;		/* columns (X) and rows (Y) */
	int ybits;		/* width of the node ID's Y field: 2 or 3 */
	bool ambiguous;		/* another reading of the IDs fits too */
	int nxp;
	unsigned int xp[NVU_CMN_MAX_XPS];	/* by y, then x */
};

enum nvu_output { NVU_OUT_TABLE, NVU_OUT_CSV, NVU_OUT_JSON };

void nvu_die(const char *fmt, ...);
void *nvu_zalloc(size_t n);
char *nvu_read_text(const char *path);

/* nvu-stat.c */
int nvu_probe(const struct sysfs_pmu *pmu, const u64 config[3]);
const char *nvu_paranoid_hint(void);

/* pmu.c */
struct sysfs_pmu *nvu_pmu_load(const char *name);
const struct nvu_field *nvu_field_find(const struct sysfs_pmu *pmu,
				       const char *name);
int nvu_field_parse(const char *spec, struct nvu_field *f);
int nvu_encode(const struct sysfs_pmu *pmu, const char *terms, u64 config[3],
	       char *event, char *err, size_t errlen);
void nvu_event_parse(const char *spec, struct nvu_counter *c);
int nvu_list_dir(const char *dir, char ***names);
void nvu_free_names(char **v, int n);
int nvu_list(const char *prefix);

/* sweep.c */
extern const char * const nvu_sweep_kinds;
extern const char * const nvu_sweep_help;
void nvu_sweep_build(struct nvu_sweep *sw, const char *kind, int argc,
		     char **argv);
void nvu_sweep_free(struct nvu_sweep *sw);

/* cmn.c */
bool nvu_cmn_is(const struct sysfs_pmu *pmu);
const char *nvu_cmn_xp_event(const struct sysfs_pmu *pmu);
void nvu_cmn_mesh_probe(struct sysfs_pmu *pmu, struct nvu_cmn_mesh *m);
void nvu_cmn_xy(const struct nvu_cmn_mesh *m, unsigned int id, int *x, int *y);
char **nvu_cmn_map_events(const struct sysfs_pmu *pmu, int *n);
void nvu_cmn_list(struct sysfs_pmu *pmu);
void nvu_cmn_map_report(enum nvu_output out, const struct nvu_sweep *sw,
			int top, const char *svg);

/* report.c */
void nvu_report_begin(enum nvu_output out, const char *what);
void nvu_report_interval(enum nvu_output out, double t, double secs,
			 const struct nvu_counter *c, int n);
void nvu_report_total(enum nvu_output out, double secs,
		      const struct nvu_counter *c, int n);
void nvu_report_end(enum nvu_output out);
void nvu_report_sweep(enum nvu_output out, struct nvu_sweep *sw, int top);
void nvu_openmetrics_stat(const char *path, const struct nvu_counter *c, int n,
			  double secs);
void nvu_openmetrics_sweep(const char *path, const struct nvu_sweep *sw);

#endif /* NVU_STAT_H */

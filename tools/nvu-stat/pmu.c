// SPDX-License-Identifier: GPL-2.0
/*
 * nvu-stat: PMUs as sysfs describes them, and the encoder that turns
 * "name=value" terms into config words through their format/ files.
 */

#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvu-stat.h"

/*
 * "config1:0-3,8": @f gets the word and the bit of each value bit, lowest
 * first, in the order the ranges are written.  Returns 0 or -1.
 */
int nvu_field_parse(const char *spec, struct nvu_field *f)
{
	const char *p = spec;
	u64 used = 0;
	char *end;

	if (!strncmp(p, "config2:", 8)) {
		f->word = 2;
		p += 8;
	} else if (!strncmp(p, "config1:", 8)) {
		f->word = 1;
		p += 8;
	} else if (!strncmp(p, "config:", 7)) {
		f->word = 0;
		p += 7;
	} else {
		return -1;
	}
	f->nbits = 0;
	for (;;) {
		long lo, hi, b;

		if (!isdigit((unsigned char)*p))
			return -1;
		lo = strtol(p, &end, 10);
		hi = lo;
		p = end;
		if (*p == '-') {
			if (!isdigit((unsigned char)p[1]))
				return -1;
			hi = strtol(p + 1, &end, 10);
			p = end;
		}
		if (lo > hi || hi > 63)
			return -1;
		for (b = lo; b <= hi; b++) {
			if (used & (1ULL << b) || f->nbits == 64)
				return -1;
			used |= 1ULL << b;
			f->pos[f->nbits++] = (u8)b;
		}
		if (!*p)
			return 0;
		if (*p != ',')
			return -1;
		p++;
	}
}

static int first_cpu(const char *list)
{
	return list && isdigit((unsigned char)*list) ? atoi(list) : -1;
}

static int cpu_node(int cpu)
{
	char path[128];
	struct dirent *de;
	DIR *d;
	int node = -1;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (!strncmp(de->d_name, "node", 4) && isdigit((unsigned char)de->d_name[4])) {
			node = atoi(de->d_name + 4);
			break;
		}
	}
	closedir(d);
	return node;
}

static int name_cmp(const void *a, const void *b)
{
	return strverscmp(*(char * const *)a, *(char * const *)b);
}

/* The entries of @dir without dot files and "*.scale"/"*.unit", sorted. */
int nvu_list_dir(const char *dir, char ***names)
{
	struct dirent *de;
	int n = 0, cap = 16;
	char **v;
	DIR *d = opendir(dir);

	*names = NULL;
	if (!d)
		return -1;
	v = nvu_zalloc(cap * sizeof(*v));
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || strchr(de->d_name, '.'))
			continue;
		if (n == cap) {
			cap *= 2;
			v = realloc(v, cap * sizeof(*v));
			if (!v)
				nvu_die("out of memory");
		}
		v[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(v, n, sizeof(*v), name_cmp);
	*names = v;
	return n;
}

void nvu_free_names(char **v, int n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/* Loaded PMUs, so that many events of one PMU share one description. */
static struct sysfs_pmu **loaded;
static int nloaded;

/**
 * nvu_pmu_load() - the PMU called @name, from sysfs
 *
 * Exits with a message if there is no such PMU or a format file cannot be
 * understood.
 */
struct sysfs_pmu *nvu_pmu_load(const char *name)
{
	char path[512], *s, **fmts;
	struct sysfs_pmu *pmu;
	int i, n;

	for (i = 0; i < nloaded; i++)
		if (!strcmp(loaded[i]->name, name))
			return loaded[i];
	if (strlen(name) >= NVU_NAME_MAX || strchr(name, '/'))
		nvu_die("%s: not a PMU name", name);
	pmu = nvu_zalloc(sizeof(*pmu));
	snprintf(pmu->name, sizeof(pmu->name), "%s", name);
	snprintf(path, sizeof(path), "%s/%s/type", nvu_sysfs, name);
	s = nvu_read_text(path);
	if (!s)
		nvu_die("no PMU %s (is its driver loaded? see 'nvu-stat list')", name);
	pmu->type = atoi(s);
	free(s);
	snprintf(path, sizeof(path), "%s/%s/cpumask", nvu_sysfs, name);
	s = nvu_read_text(path);
	pmu->cpu = first_cpu(s);
	free(s);
	if (pmu->cpu < 0)
		nvu_die("%s has no cpumask: not an uncore PMU", name);
	pmu->node = cpu_node(pmu->cpu);

	snprintf(path, sizeof(path), "%s/%s/format", nvu_sysfs, name);
	n = nvu_list_dir(path, &fmts);
	if (n > NVU_MAX_FIELDS)
		nvu_die("%s: more than %d format fields", name, NVU_MAX_FIELDS);
	for (i = 0; i < n; i++) {
		struct nvu_field *f = &pmu->fields[pmu->nfields];

		snprintf(path, sizeof(path), "%s/%s/format/%s", nvu_sysfs, name,
			 fmts[i]);
		s = nvu_read_text(path);
		if (!s || nvu_field_parse(s, f))
			nvu_die("%s: cannot read format %s ('%s')", name, fmts[i],
				s ? s : "");
		free(s);
		snprintf(f->name, sizeof(f->name), "%s", fmts[i]);
		pmu->nfields++;
	}
	nvu_free_names(fmts, n > 0 ? n : 0);

	loaded = realloc(loaded, (nloaded + 1) * sizeof(*loaded));
	if (!loaded)
		nvu_die("out of memory");
	loaded[nloaded++] = pmu;
	return pmu;
}

const struct nvu_field *nvu_field_find(const struct sysfs_pmu *pmu,
				       const char *name)
{
	int i;

	for (i = 0; i < pmu->nfields; i++)
		if (!strcmp(pmu->fields[i].name, name))
			return &pmu->fields[i];
	return NULL;
}

static void field_set(const struct nvu_field *f, u64 config[3],
		      u64 val)
{
	int i;

	for (i = 0; i < f->nbits; i++) {
		u64 bit = 1ULL << f->pos[i];

		if (val >> i & 1)
			config[f->word] |= bit;
		else
			config[f->word] &= ~bit;
	}
}

static int encode(const struct sysfs_pmu *pmu, const char *terms,
		  u64 config[3], char *event, char *err, size_t errlen,
		  int depth)
{
	char *copy = strdup(terms), *save = NULL, *t;
	int ret = 0;

	for (t = strtok_r(copy, ",", &save); t && !ret;
	     t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '='), path[512], *alias;
		const struct nvu_field *f;
		u64 val = 1;
		char *end;

		if (eq && depth && !strcmp(eq + 1, "?")) {
			/*
			 * A parameter the alias wants from the user (perf's
			 * "wp_val=?"): 0 unless a later term sets it.
			 */
			continue;
		}
		if (eq) {
			*eq = '\0';
			errno = 0;
			val = strtoull(eq + 1, &end, 0);
			if (errno || !eq[1] || *end || eq[1] == '-') {
				snprintf(err, errlen, "%s=%s: not a number", t, eq + 1);
				ret = -1;
				break;
			}
		}
		f = nvu_field_find(pmu, t);
		if (f) {
			if (f->nbits < 64 && val >> f->nbits) {
				snprintf(err, errlen,
					 "%s=%#llx does not fit: %s has %d bit%s",
					 t, val, t, f->nbits, f->nbits == 1 ? "" : "s");
				ret = -1;
				break;
			}
			field_set(f, config, val);
			continue;
		}
		if (!strcmp(t, "config") || !strcmp(t, "config1") ||
		    !strcmp(t, "config2")) {
			config[t[6] ? t[6] - '0' : 0] = val;
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s/events/%s", nvu_sysfs,
			 pmu->name, t);
		alias = eq || depth ? NULL : nvu_read_text(path);
		if (alias) {
			if (event)
				snprintf(event, NVU_NAME_MAX, "%s", t);
			ret = encode(pmu, alias, config, NULL, err, errlen, 1);
			free(alias);
			continue;
		}
		snprintf(err, errlen, "%s has no format field or event '%s'",
			 pmu->name, t);
		ret = -1;
	}
	free(copy);
	return ret;
}

/**
 * nvu_encode() - config words of @terms on @pmu
 * @pmu: the PMU
 * @terms: comma-separated sysfs event names, "field=value" (a bare field
 *	name means 1) and raw "config=", "config1=", "config2="
 * @config: set from zero
 * @event: if not NULL, gets the event name used (or "")
 * @err: the reason, on failure
 * @errlen: size of @err
 *
 * Later terms override earlier ones.  Returns 0 or -1.
 */
int nvu_encode(const struct sysfs_pmu *pmu, const char *terms, u64 config[3],
	       char *event, char *err, size_t errlen)
{
	memset(config, 0, 3 * sizeof(config[0]));
	if (event)
		event[0] = '\0';
	return encode(pmu, terms, config, event, err, errlen, 0);
}

/* "PMU/TERMS/" (the last slash optional) into @c, or exit with why. */
void nvu_event_parse(const char *spec, struct nvu_counter *c)
{
	char name[NVU_NAME_MAX], err[256];
	const char *slash = strchr(spec, '/');
	char *terms;
	size_t len;

	if (!slash || slash == spec || (size_t)(slash - spec) >= sizeof(name))
		nvu_die("%s: write events as PMU/TERMS/", spec);
	memcpy(name, spec, slash - spec);
	name[slash - spec] = '\0';
	terms = strdup(slash + 1);
	len = strlen(terms);
	if (len && terms[len - 1] == '/')
		terms[len - 1] = '\0';
	if (!*terms)
		nvu_die("%s: no event given", spec);
	c->pmu = nvu_pmu_load(name);
	if (nvu_encode(c->pmu, terms, c->config, c->event, err, sizeof(err)))
		nvu_die("%s: %s", spec, err);
	snprintf(c->label, sizeof(c->label), "%s", spec);
	free(terms);
}

/* nvu-stat list: uncore PMUs (those with a cpumask), per NUMA node. */
int nvu_list(const char *prefix)
{
	char **names, path[512], *s;
	int n, i, j, node, maxnode = -1, shown = 0;
	struct sysfs_pmu **v;

	n = nvu_list_dir(nvu_sysfs, &names);
	if (n < 0)
		nvu_die("%s: %s", nvu_sysfs, strerror(errno));
	v = nvu_zalloc((n + 1) * sizeof(*v));
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s/cpumask", nvu_sysfs, names[i]);
		s = nvu_read_text(path);
		if (!s || (prefix && strncmp(names[i], prefix, strlen(prefix)))) {
			free(s);
			continue;
		}
		free(s);
		v[i] = nvu_pmu_load(names[i]);
		if (v[i]->node > maxnode)
			maxnode = v[i]->node;
	}
	for (node = -1; node <= maxnode; node++) {
		bool header = false;

		for (i = 0; i < n; i++) {
			if (!v[i] || v[i]->node != node)
				continue;
			if (!header) {
				if (node < 0)
					printf("no NUMA node:\n");
				else
					printf("socket/node %d:\n", node);
				header = true;
			}
			snprintf(path, sizeof(path), "%s/%s/identifier", nvu_sysfs,
				 names[i]);
			s = nvu_read_text(path);
			printf("  %-36s cpu %-3d %-10s filters:", names[i],
			       v[i]->cpu, s ? s : "-");
			free(s);
			for (j = 0; j < v[i]->nfields; j++)
				if (strcmp(v[i]->fields[j].name, "event"))
					printf(" %s", v[i]->fields[j].name);
			printf("\n");
			if (nvu_cmn_is(v[i]))
				nvu_cmn_list(v[i]);
			shown++;
		}
	}
	if (!shown)
		printf("no uncore PMU%s%s found under %s\n", prefix ? " named " : "",
		       prefix ? prefix : "", nvu_sysfs);
	free(v);
	nvu_free_names(names, n);
	return 0;
}

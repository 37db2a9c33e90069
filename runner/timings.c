// SPDX-License-Identifier: MIT
/*
 * The timing cache: how long each job took when it last ran, so that a
 * parallel run starts the longest jobs first (the run ends when its
 * longest chain ends; a long job started last would run alone at the
 * end). One line per job, "<seconds> <igt name>", in the file given by
 * --timings (default $DRMSUB_TIMINGS, else $XDG_CACHE_HOME/drmsub/
 * timings.txt, else ~/.cache/drmsub/timings.txt), which outlives results
 * directories; each run merges its own times in. A cache that cannot be
 * read only costs the ordering.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"
#include "runner/timings.h"

/* Jobs remembered at most: a cache is a hint, never a growing archive. */
#define MAX_ENTRIES 65536

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct timing *)a)->name, ((const struct timing *)b)->name);
}

static void add(struct timings *t, const char *name, double seconds)
{
	if (t->n == MAX_ENTRIES)
		return;
	t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
	t->v[t->n].name = xstrdup(name);
	t->v[t->n++].seconds = seconds;
}

char *timings_default_path(void)
{
	const char *env = getenv("DRMSUB_TIMINGS"), *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (env)
		return *env ? xstrdup(env) : NULL;	/* empty: no cache */
	if (xdg && *xdg)
		return xasprintf("%s/drmsub/timings.txt", xdg);
	return home && *home ? xasprintf("%s/.cache/drmsub/timings.txt", home) : NULL;
}

void timings_load(struct timings *t, const char *path)
{
	char *text, *line, *save = NULL;

	memset(t, 0, sizeof(*t));
	if (!path)
		return;
	text = read_file(path, NULL, LIMIT_TIMINGS);
	if (!text) {
		if (errno != ENOENT)
			fprintf(stderr, "drmsub-run: timing cache %s: %s; jobs run in list order\n",
				path, read_strerror(errno));
		return;
	}
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[4096];
		double seconds;

		if (sscanf(line, "%lf %4095s", &seconds, name) == 2 && seconds >= 0)
			add(t, name, seconds);
	}
	free(text);
	if (t->n)
		qsort(t->v, t->n, sizeof(*t->v), cmp_entry);
}

double timings_get(const struct timings *t, const char *name)
{
	struct timing key = { .name = (char *)name };
	const struct timing *hit = t->n ? bsearch(&key, t->v, t->n, sizeof(*t->v), cmp_entry)
					: NULL;

	return hit ? hit->seconds : -1;
}

static void mkdir_parent(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');

	if (slash && slash != dir) {
		*slash = '\0';
		mkdir_p(dir);
	}
	free(dir);
}

/* This run's times (jobs with @ran set) replace the cached ones; the rest stay. */
int timings_save(const char *path, const struct timings *old, const struct joblist *jl,
		 const struct outcome *o, const bool *ran)
{
	struct timings now = { 0 };
	struct strbuf sb = { 0 };
	int ret;

	if (!path)
		return 0;
	for (size_t i = 0; i < jl->count; i++)
		if (ran[i] && o[i].done)
			add(&now, jl->jobs[i].name, o[i].elapsed);
	if (now.n)
		qsort(now.v, now.n, sizeof(*now.v), cmp_entry);
	for (size_t i = 0; i < now.n; i++)
		sb_printf(&sb, "%.6f %s\n", now.v[i].seconds, now.v[i].name);
	for (size_t i = 0; i < old->n && now.n + i < MAX_ENTRIES; i++)
		if (timings_get(&now, old->v[i].name) < 0)
			sb_printf(&sb, "%.6f %s\n", old->v[i].seconds, old->v[i].name);
	mkdir_parent(path);
	ret = write_file_sync(path, sb.buf ? sb.buf : "", sb.len);
	sb_free(&sb);
	timings_free(&now);
	return ret;
}

void timings_free(struct timings *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].name);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

struct order_key {
	size_t index;
	double seconds;
};

static int cmp_longest(const void *a, const void *b)
{
	const struct order_key *x = a, *y = b;

	if (x->seconds != y->seconds)
		return x->seconds < y->seconds ? 1 : -1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * The order in which to start the jobs: longest first by the cache; jobs
 * the cache does not know first of all (they may be long), in list order.
 */
size_t *timings_order(const struct timings *t, const struct joblist *jl)
{
	struct order_key *keys = xcalloc(jl->count, sizeof(*keys));
	size_t *order = xcalloc(jl->count, sizeof(*order));

	for (size_t i = 0; i < jl->count; i++) {
		double secs = timings_get(t, jl->jobs[i].name);

		keys[i] = (struct order_key){ i, secs < 0 ? 1e300 : secs };
	}
	qsort(keys, jl->count, sizeof(*keys), cmp_longest);
	for (size_t i = 0; i < jl->count; i++)
		order[i] = keys[i].index;
	free(keys);
	return order;
}

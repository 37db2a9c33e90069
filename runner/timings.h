/* SPDX-License-Identifier: MIT */
/* The timing cache: each job's last run time, for longest-first order. */
#ifndef DRMSUB_RUNNER_TIMINGS_H
#define DRMSUB_RUNNER_TIMINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "runner/runner.h"

struct timing {
	char *name;
	double seconds;
};

struct timings {
	struct timing *v;	/* sorted by name */
	size_t n;
};

/* --timings' default: $DRMSUB_TIMINGS, $XDG_CACHE_HOME/..., ~/.cache/...; NULL: none. */
char *timings_default_path(void);
void timings_load(struct timings *t, const char *path);
/* Seconds of job @name, or -1 when the cache does not know it. */
double timings_get(const struct timings *t, const char *name);
int timings_save(const char *path, const struct timings *old, const struct joblist *jl,
		 const struct outcome *o, const bool *ran);
void timings_free(struct timings *t);
/* Job indices in start order (longest first), malloc'd. */
size_t *timings_order(const struct timings *t, const struct joblist *jl);

#endif

/* SPDX-License-Identifier: MIT */
/* Shared by the writers of results.json, results.xml and summary.txt. */
#ifndef DRMSUB_RUNNER_RESULTS_H
#define DRMSUB_RUNNER_RESULTS_H

#include "runner/runner.h"

#define NR_RESULT_KINDS 11
extern const char *const result_kinds[NR_RESULT_KINDS];

struct counts {
	unsigned int n[NR_RESULT_KINDS];
};

struct job_output {
	char *out, *err, *dmesg;
};

void job_output_load(const struct settings *s, const struct job *job, size_t index,
		     struct job_output *jo);
void job_output_free(struct job_output *jo);
void counts_add(struct counts *c, const char *result);
const char *outcome_result(const struct outcome *o);
char *aborted_load(const struct settings *s);

/* dynamic.c: the dynamic subtests a job's output reports */
struct dynamic_result {
	char *name;
	char result[16];
	double time;
	char *out, *err, *dmesg;
};

size_t dynamic_collect(const struct job_output *jo, int warn_level,
		       struct dynamic_result **list);
void dynamic_free(struct dynamic_result *list, size_t count);

#endif

// SPDX-License-Identifier: MIT
/*
 * What the results writers share: each job's out/err/dmesg read back from
 * its directory, and the counting of results by kind.
 */
#include <stdlib.h>
#include <string.h>

#include "runner/output.h"
#include "runner/results.h"
#include "runner/runner.h"

const char *const result_kinds[NR_RESULT_KINDS] = {
	"pass", "fail", "skip", "crash", "timeout", "abort", "incomplete",
	"notrun", "warn", "dmesg-warn", "dmesg-fail",
};

/* Bounded: a file larger than the output cap is read as its two ends. */
static char *read_or_empty(const struct settings *s, size_t index, const char *name)
{
	char *path = job_file(s, index, name);
	char *text = read_kept(path, s->output_cap);

	free(path);
	return text;
}

void job_output_load(const struct settings *s, const struct job *job, size_t index,
		     struct job_output *jo)
{
	char *dmesg = read_or_empty(s, index, "dmesg.txt");

	jo->out = read_or_empty(s, index, "out.txt");
	jo->err = read_or_empty(s, index, "err.txt");
	jo->dmesg = dmesg_slice(dmesg, job->subtest);
	free(dmesg);
}

void job_output_free(struct job_output *jo)
{
	free(jo->out);
	free(jo->err);
	free(jo->dmesg);
}

void counts_add(struct counts *c, const char *result)
{
	for (int i = 0; i < NR_RESULT_KINDS; i++)
		if (!strcmp(result_kinds[i], result))
			c->n[i]++;
}

const char *outcome_result(const struct outcome *o)
{
	return o->done ? o->result : "notrun";
}

/* aborted.txt, or NULL when the run was not aborted. */
char *aborted_load(const struct settings *s)
{
	return read_in_dir(s->results_dir, "aborted.txt", LIMIT_SMALL);
}

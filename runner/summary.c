// SPDX-License-Identifier: MIT
/*
 * What a person watching sees: a progress line while jobs run (rewritten
 * in place on a terminal, one line per job otherwise, so CI logs read
 * well) and, at the end, the per-driver summary table also saved as
 * summary.txt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/results.h"
#include "runner/runner.h"

static bool line_pending;

static bool on_tty(void)
{
	return isatty(STDOUT_FILENO);
}

/* @o NULL: the job is starting; else it just finished with @o. */
void progress_show(size_t done, size_t total, const struct job *job,
		   const struct outcome *o, bool quiet)
{
	int width = snprintf(NULL, 0, "%zu", total);

	if (quiet)
		return;
	if (on_tty()) {
		printf("\r\x1b[K[%*zu/%zu] %s%s%s", width, done, total, job->name,
		       o ? ": " : "", o ? o->result : "");
		line_pending = true;
		/* keep failures on screen; the next line overwrites the rest */
		if (o && result_is_failure(o->result)) {
			printf(" (%.3fs)\n", o->elapsed);
			line_pending = false;
		}
	} else if (o) {
		printf("[%*zu/%zu] %s: %s (%.3fs)\n", width, done, total, job->name,
		       o->result, o->elapsed);
	}
	fflush(stdout);
}

void progress_clear(void)
{
	if (line_pending && on_tty())
		printf("\r\x1b[K");
	line_pending = false;
	fflush(stdout);
}

struct row {
	unsigned int pass, warn, fail, skip, notrun;
};

static void row_add(struct row *r, const char *result)
{
	if (!strcmp(result, "pass"))
		r->pass++;
	else if (!strcmp(result, "warn") || !strcmp(result, "dmesg-warn"))
		r->warn++;
	else if (!strcmp(result, "skip"))
		r->skip++;
	else if (!strcmp(result, "notrun"))
		r->notrun++;
	else
		r->fail++;
}

static void table(struct strbuf *sb, const struct joblist *jl, const struct outcome *o,
		  const struct drivers *d)
{
	struct row total = { 0 };

	sb_printf(sb, "%-10s %-9s %6s %6s %6s %6s %6s\n", "driver", "ran-on", "pass",
		  "warn", "fail", "skip", "notrun");
	for (int i = 0; i < d->count; i++) {
		struct row r = { 0 };

		for (size_t j = 0; j < jl->count; j++) {
			if (strcmp(jl->jobs[j].driver, d->env[i].name))
				continue;
			row_add(&r, outcome_result(&o[j]));
			row_add(&total, outcome_result(&o[j]));
		}
		sb_printf(sb, "%-10s %-9s %6u %6u %6u %6u %6u\n", d->env[i].name,
			  d->env[i].ran_on, r.pass, r.warn, r.fail, r.skip, r.notrun);
	}
	sb_printf(sb, "%-10s %-9s %6u %6u %6u %6u %6u\n", "total", "", total.pass,
		  total.warn, total.fail, total.skip, total.notrun);
	sb_puts(sb, "\n");
	for (int i = 0; i < d->count; i++)
		sb_printf(sb, "%s: %s, %s\n", d->env[i].name, d->env[i].ran_on, d->env[i].identity);
}

static void problems(struct strbuf *sb, const struct joblist *jl, const struct outcome *o,
		     const char *aborted)
{
	bool any = false;

	for (size_t i = 0; i < jl->count; i++) {
		const char *r = outcome_result(&o[i]);

		if (!strcmp(r, "pass") || !strcmp(r, "skip"))
			continue;
		if (!any)
			sb_puts(sb, "\nNot passed:\n");
		any = true;
		sb_printf(sb, "  %-12s %s\n", r, jl->jobs[i].name);
	}
	if (aborted)
		sb_printf(sb, "\nRun aborted: %s", aborted);
}

/* Output the runner could not write (a full disk): the verdicts stand, the files lack it. */
static void lost_outputs(struct strbuf *sb, const struct joblist *jl, const struct outcome *o)
{
	static const char *const files[] = { "out.txt", "err.txt", "dmesg.txt" };
	bool any = false;

	for (size_t i = 0; i < jl->count; i++) {
		if (!o[i].lost)
			continue;
		if (!any)
			sb_puts(sb, "\nlost output (could not be written; the results stand):\n");
		any = true;
		sb_printf(sb, "  %-40s", jl->jobs[i].name);
		for (int k = 0; k < 3; k++)
			if (o[i].lost & (1u << k))
				sb_printf(sb, " %zu/%s", i, files[k]);
		sb_puts(sb, "\n");
	}
}

int summary_write(const struct settings *s, const struct joblist *jl,
		  const struct outcome *o, const struct drivers *d, FILE *tty)
{
	struct strbuf sb = { 0 };
	char *aborted = aborted_load(s);

	table(&sb, jl, o, d);
	problems(&sb, jl, o, aborted);
	lost_outputs(&sb, jl, o);
	free(aborted);
	if (tty) {
		fputs(sb.buf, tty);
		fprintf(tty, "\nResults in %s (results.json, results.xml, summary.txt)\n",
			s->results_dir);
	}
	return sb_save(&sb, s->results_dir, "summary.txt");
}

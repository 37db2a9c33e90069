// SPDX-License-Identifier: MIT
/*
 * results.json in the layout igt_runner writes (piglit results_version
 * 10: IGT's runner/resultgen.c generate_results_json), so piglit
 * summary, IGT's CI tooling and anything else reading IGT results read
 * ours. One addition under the key "drmsub": which drivers ran on
 * hardware or on the model, and the device.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "runner/json.h"
#include "runner/results.h"
#include "runner/runner.h"

struct group {
	char *name;		/* igt@<binary> */
	struct counts counts;
	double time;
};

static char *group_name(const struct job *job)
{
	char *name = xstrdup(job->name);
	char *at = strchr(name + 4, '@');

	if (at && job->subtest)
		*at = '\0';
	return name;
}

static void time_attr(struct strbuf *sb, double start, double end)
{
	sb_printf(sb, "{\"__type__\":\"TimeAttribute\",\"start\":%.6f,\"end\":%.6f}", start, end);
}

static void counts_json(struct strbuf *sb, const struct counts *c)
{
	sb_puts(sb, "{");
	for (int i = 0; i < NR_RESULT_KINDS; i++)
		sb_printf(sb, "%s\"%s\":%u", i ? "," : "", result_kinds[i], c->n[i]);
	sb_puts(sb, "}");
}

static char *igt_version(const char *out)
{
	const char *p = !strncmp(out, "IGT-Version: ", 13) ? out : strstr(out, "\nIGT-Version: ");

	if (!p)
		return NULL;
	if (*p == '\n')
		p++;
	return strndup(p, strcspn(p, "\n"));
}

/* One entry of "tests"; @version is the job's IGT-Version line, if any. */
static void entry_json(struct strbuf *sb, const char *name, const struct job_output *jo,
		       const char *result, double time, const char *version, int warn_level)
{
	struct dmesg_verdict dv = { 0 };

	json_string(sb, name);
	sb_puts(sb, ":{\"out\":");
	json_string(sb, jo->out);
	sb_puts(sb, ",\"err\":");
	json_string(sb, jo->err);
	sb_puts(sb, ",\"dmesg\":");
	json_string(sb, jo->dmesg);
	sb_puts(sb, ",\"result\":");
	json_string(sb, result);
	sb_puts(sb, ",\"time\":");
	time_attr(sb, 0, time);
	if (version) {
		sb_puts(sb, ",\"igt-version\":");
		json_string(sb, version);
	}
	if (jo->dmesg)
		dmesg_classify(jo->dmesg, warn_level, &dv);
	if (dv.warnings) {
		sb_puts(sb, ",\"dmesg-warnings\":");
		json_string(sb, dv.lines);
	}
	free(dv.lines);
	sb_puts(sb, "}");
}

/* Job @index's entry, then one per dynamic subtest (counted in @dyn). */
static void test_json(struct strbuf *sb, const struct settings *s, const struct job *job,
		      size_t index, const struct outcome *o, struct group *dyn)
{
	struct job_output jo = { 0 };
	struct dynamic_result *list = NULL;
	size_t count = 0;
	char *version = NULL;

	if (o->started) {
		job_output_load(s, job, index, &jo);
		version = igt_version(jo.out);
		count = dynamic_collect(&jo, s->dmesg_warn_level, &list);
	}
	entry_json(sb, job->name, &jo, outcome_result(o), o->done ? o->elapsed : 0, version,
		   s->dmesg_warn_level);
	for (size_t i = 0; i < count; i++) {
		struct job_output dj = { list[i].out, list[i].err, list[i].dmesg };
		char *name = xasprintf("%s@%s", job->name, list[i].name);

		for (char *c = name; *c; c++)
			*c = tolower((unsigned char)*c);
		sb_puts(sb, ",");
		entry_json(sb, name, &dj, list[i].result, list[i].time, version,
			   s->dmesg_warn_level);
		counts_add(&dyn->counts, list[i].result);
		free(name);
	}
	dynamic_free(list, count);
	free(version);
	job_output_free(&jo);
}

static void cmdline_json(struct strbuf *sb, const char *cmdline)
{
	char *copy = xstrdup(cmdline), *arg = copy, *sep;
	bool first = true;

	sb_puts(sb, "[");
	while (*copy) {
		sep = strchr(arg, '\x1f');
		if (sep)
			*sep = '\0';
		sb_puts(sb, first ? "" : ",");
		json_string(sb, arg);
		first = false;
		if (!sep)
			break;
		arg = sep + 1;
	}
	sb_puts(sb, "]");
	free(copy);
}

static void drivers_json(struct strbuf *sb, const struct drivers *d)
{
	sb_puts(sb, "{\"drivers\":{");
	for (int i = 0; i < d->count; i++) {
		sb_puts(sb, i ? "," : "");
		json_string(sb, d->env[i].name);
		sb_puts(sb, ":{\"ran-on\":");
		json_string(sb, d->env[i].ran_on);
		sb_puts(sb, ",\"model\":");
		json_string(sb, d->env[i].model_entry);
		sb_puts(sb, ",\"device\":");
		json_string(sb, d->env[i].identity);
		sb_puts(sb, "}");
	}
	sb_puts(sb, "}}");
}

static struct group *find_group(struct group *g, size_t *n, const struct job *job)
{
	char *name = group_name(job);

	for (size_t i = 0; i < *n; i++) {
		if (!strcmp(g[i].name, name)) {
			free(name);
			return &g[i];
		}
	}
	g[*n].name = name;
	return &g[(*n)++];
}

static void totals_json(struct strbuf *sb, const struct joblist *jl,
			const struct outcome *o, const char *aborted, const struct group *dyn)
{
	struct group *groups = xcalloc(jl->count + 1, sizeof(*groups));
	struct counts all = { { 0 } };
	size_t n = 0;

	for (size_t i = 0; i < jl->count; i++) {
		struct group *g = find_group(groups, &n, &jl->jobs[i]);

		counts_add(&g->counts, outcome_result(&o[i]));
		counts_add(&all, outcome_result(&o[i]));
		for (int k = 0; k < NR_RESULT_KINDS; k++) {
			g->counts.n[k] += dyn[i].counts.n[k];
			all.n[k] += dyn[i].counts.n[k];
		}
		g->time += o[i].done ? o[i].elapsed : 0;
	}
	if (aborted) {
		groups[n].name = xstrdup("igt@runner");
		counts_add(&groups[n++].counts, "fail");
		counts_add(&all, "fail");
	}
	sb_puts(sb, ",\"totals\":{\"\":");
	counts_json(sb, &all);
	sb_puts(sb, ",\"root\":");
	counts_json(sb, &all);
	for (size_t i = 0; i < n; i++) {
		sb_puts(sb, ",");
		json_string(sb, groups[i].name);
		sb_puts(sb, ":");
		counts_json(sb, &groups[i].counts);
	}
	sb_puts(sb, "},\"runtimes\":{");
	for (size_t i = 0; i < n; i++) {
		sb_puts(sb, i ? "," : "");
		json_string(sb, groups[i].name);
		sb_puts(sb, ":{\"time\":");
		time_attr(sb, 0, groups[i].time);
		sb_puts(sb, "}");
		free(groups[i].name);
	}
	sb_puts(sb, "}");
	free(groups);
}

static void run_times(const struct joblist *jl, const struct outcome *o,
		      double *start, double *end)
{
	*start = *end = 0;
	for (size_t i = 0; i < jl->count; i++) {
		if (!o[i].done)
			continue;
		if (!*start || o[i].start < *start)
			*start = o[i].start;
		if (o[i].start + o[i].elapsed > *end)
			*end = o[i].start + o[i].elapsed;
	}
}

int results_json_write(const struct settings *s, const struct joblist *jl,
		       const struct outcome *o, const struct drivers *d,
		       const char *aborted)
{
	struct strbuf sb = { 0 };
	struct utsname u;
	const char *base = strrchr(s->results_dir, '/');
	struct group *dyn = xcalloc(jl->count, sizeof(*dyn));
	char *un;
	double start, end;

	uname(&u);
	un = xasprintf("%s %s %s %s %s", u.sysname, u.nodename, u.release, u.version, u.machine);
	run_times(jl, o, &start, &end);
	sb_puts(&sb, "{\"__type__\":\"TestrunResult\",\"results_version\":10,\"name\":");
	json_string(&sb, base && base[1] ? base + 1 : s->results_dir);
	sb_puts(&sb, ",\"uname\":");
	json_string(&sb, un);
	sb_puts(&sb, ",\"cmdline\":");
	cmdline_json(&sb, s->cmdline);
	sb_puts(&sb, ",\"time_elapsed\":");
	time_attr(&sb, start, end);
	sb_puts(&sb, ",\"tests\":{");
	for (size_t i = 0; i < jl->count; i++) {
		sb_puts(&sb, i ? "," : "");
		test_json(&sb, s, &jl->jobs[i], i, &o[i], &dyn[i]);
	}
	if (aborted) {
		sb_puts(&sb, jl->count ? "," : "");
		sb_puts(&sb, "\"igt@runner@aborted\":{\"out\":");
		json_string(&sb, aborted);
		sb_puts(&sb, ",\"err\":\"\",\"dmesg\":\"\",\"result\":\"fail\",\"time\":");
		time_attr(&sb, 0, 0);
		sb_puts(&sb, "}");
	}
	sb_puts(&sb, "}");
	totals_json(&sb, jl, o, aborted, dyn);
	free(dyn);
	sb_puts(&sb, ",\"drmsub\":");
	drivers_json(&sb, d);
	sb_puts(&sb, "}\n");
	free(un);
	return sb_save(&sb, s->results_dir, "results.json");
}

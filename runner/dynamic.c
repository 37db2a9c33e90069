// SPDX-License-Identifier: MIT
/*
 * Dynamic subtests (igt_dynamic) inside a job. The test core prints
 * "Starting dynamic subtest: X" ... "Dynamic subtest X: RESULT (t s)"
 * within its subtest's output (the pair on stderr too, as sentinels) and
 * marks "[IGT] <bin>: starting dynamic subtest X" in the kernel log.
 * results.json lists each as igt@<bin>@<subtest>@<x> beside its subtest,
 * as igt_runner does by default (--prune-mode keep-all).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/results.h"
#include "runner/runner.h"

#define DYN_START "Starting dynamic subtest: "
#define DYN_RESULT "Dynamic subtest "
#define DYN_MARK "starting dynamic subtest "

/* Does @line (up to its newline) read "<prefix><name>" + @tail? */
static bool line_is(const char *line, const char *prefix, const char *name, const char *tail)
{
	size_t p = strlen(prefix), n = strlen(name);

	return !strncmp(line, prefix, p) && !strncmp(line + p, name, n) &&
	       !strncmp(line + p + n, tail, strlen(tail));
}

/* The lines of @text from @name's start sentinel to its result line. */
static char *section(const char *text, const char *name)
{
	struct strbuf sb = { 0 };
	bool in = false;

	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);

		if (line_is(p, DYN_START, name, "\n"))
			in = true;
		if (in)
			sb_add(&sb, p, len);
		if (in && line_is(p, DYN_RESULT, name, ": "))
			break;
		p += len;
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/* "Dynamic subtest <name>: <WORD> (<t>s)": the name, the rest in @after. */
static char *result_line_name(const char *line, const char **after)
{
	const char *name = line + strlen(DYN_RESULT);
	size_t n = 0;

	if (strncmp(line, DYN_RESULT, strlen(DYN_RESULT)))
		return NULL;
	while (isalnum((unsigned char)name[n]) || name[n] == '_' || name[n] == '-')
		n++;
	if (!n || strncmp(name + n, ": ", 2))
		return NULL;
	*after = name + n + 2;
	return strndup(name, n);
}

static void add(struct dynamic_result **list, size_t *count, const struct job_output *jo,
		char *name, const char *after, int warn_level)
{
	struct dynamic_result *d;
	const char *paren = strchr(after, '(');
	const char *r;

	*list = xrealloc(*list, (*count + 1) * sizeof(**list));
	d = &(*list)[(*count)++];
	memset(d, 0, sizeof(*d));
	d->name = name;
	d->out = section(jo->out, name);
	d->err = section(jo->err, name);
	d->dmesg = dmesg_split(jo->dmesg, DYN_MARK, name, false);
	if (paren && paren < after + strcspn(after, "\n"))
		d->time = strtod(paren + 1, NULL);
	r = result_overrides(result_from_word(after), d->err, d->dmesg, warn_level);
	snprintf(d->result, sizeof(d->result), "%s", r);
}

size_t dynamic_collect(const struct job_output *jo, int warn_level,
		       struct dynamic_result **list)
{
	size_t count = 0;

	*list = NULL;
	for (const char *p = jo->out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		const char *after;
		char *name = result_line_name(p, &after);

		if (name)
			add(list, &count, jo, name, after, warn_level);
	}
	return count;
}

void dynamic_free(struct dynamic_result *list, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		free(list[i].name);
		free(list[i].out);
		free(list[i].err);
		free(list[i].dmesg);
	}
	free(list);
}

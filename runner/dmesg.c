// SPDX-License-Identifier: MIT
/*
 * Kernel-log classification of a job, as igt_runner does it: a record at
 * or above the warning level (numerically <= --dmesg-warn-level) turns a
 * pass into dmesg-warn and a fail into dmesg-fail, unless it matches a
 * regex the test announced with "[IGT] <bin>: add ignored dmesg regex: RE"
 * earlier in the log. The runner's own markers never count.
 *
 * dmesg.txt lines have the form "<level> [seconds] message" (kmsg.c).
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"
#include "util/array.h"

#define MAX_IGNORES 32
#define IGNORE_MARK "add ignored dmesg regex: "
#define START_MARK "starting subtest "

struct record {
	int level;
	const char *msg;	/* within a NUL-terminated copy of the line */
};

static bool parse(char *line, struct record *r)
{
	char *close;

	if (line[0] != '<')
		return false;
	r->level = atoi(line + 1);
	close = strstr(line, "] ");
	if (!close)
		return false;
	r->msg = close + 2;
	return true;
}

/* "[IGT] <binary>: <what>" -> <what>, for markers of any binary */
static const char *igt_marker(const char *msg)
{
	const char *colon;

	if (strncmp(msg, "[IGT] ", 6))
		return NULL;
	colon = strstr(msg + 6, ": ");
	return colon ? colon + 2 : NULL;
}

struct ignores {
	regex_t re[MAX_IGNORES];
	int count;
};

static void add_ignore(struct ignores *ig, const char *pattern)
{
	if (ig->count == MAX_IGNORES)
		return;
	/* a pattern the test got wrong ignores nothing, so the warning shows */
	if (!regcomp(&ig->re[ig->count], pattern, REG_EXTENDED | REG_NOSUB))
		ig->count++;
}

static bool ignored(const struct ignores *ig, const char *msg)
{
	for (int i = 0; i < ig->count; i++)
		if (!regexec(&ig->re[i], msg, 0, NULL, 0))
			return true;
	return false;
}

/*
 * Ignored in every run: the kernel saying it rate-limited writes to
 * /dev/kmsg (the [IGT] markers of fast subtests), which says nothing about
 * the driver under test.
 */
static const char *const always_ignored[] = {
	"^printk: .* output lines suppressed due to ratelimiting$",
};

void dmesg_classify(const char *dmesg, int warn_level,
		    struct dmesg_verdict *v)
{
	char *copy = xstrdup(dmesg ? dmesg : ""), *line, *save = NULL;
	struct strbuf bad = { 0 };
	struct ignores ig = { .count = 0 };

	memset(v, 0, sizeof(*v));
	for (size_t i = 0; i < ARRAY_SIZE(always_ignored); i++)
		add_ignore(&ig, always_ignored[i]);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct record r;
		const char *mark;
		char *full;

		full = xstrdup(line);
		if (!parse(line, &r)) {
			free(full);
			continue;
		}
		mark = igt_marker(r.msg);
		if (mark && !strncmp(mark, IGNORE_MARK, strlen(IGNORE_MARK)))
			add_ignore(&ig, mark + strlen(IGNORE_MARK));
		else if (!mark && r.level <= warn_level && !ignored(&ig, r.msg)) {
			v->warnings = true;
			sb_printf(&bad, "%s\n", full);
		}
		free(full);
	}
	for (int i = 0; i < ig.count; i++)
		regfree(&ig.re[i]);
	free(copy);
	v->lines = bad.buf;
}

/*
 * The part of a job's log that belongs to @subtest: split on the test
 * core's "starting subtest" markers. Records before the first marker
 * (fixtures, device open) stay with the subtest the job ran.
 */
char *dmesg_slice(const char *dmesg, const char *subtest)
{
	return dmesg_split(dmesg, START_MARK, subtest, true);
}

/*
 * Split on "[IGT] <bin>: <@mark><name>" markers: the records from @name's
 * marker to the next such marker, plus those before the first marker if
 * @keep_before. A NULL @name takes everything.
 */
char *dmesg_split(const char *dmesg, const char *mark_text, const char *name_wanted,
		  bool keep_before)
{
	struct strbuf sb = { 0 };
	const char *p = dmesg ? dmesg : "";
	bool mine = keep_before || !name_wanted;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);
		char *line = strndup(p, len);
		struct record r;

		if (line && parse(line, &r)) {
			const char *mark = igt_marker(r.msg);

			if (mark && !strncmp(mark, mark_text, strlen(mark_text))) {
				const char *name = mark + strlen(mark_text);
				size_t n = strcspn(name, "\n");

				mine = !name_wanted || (n == strlen(name_wanted) &&
							!strncmp(name, name_wanted, n));
			}
		}
		free(line);
		if (mine)
			sb_add(&sb, p, len);
		p += len;
	}
	return sb.buf ? sb.buf : xstrdup("");
}

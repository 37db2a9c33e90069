// SPDX-License-Identifier: MIT
/*
 * The result of a job, mapped as igt_runner maps it (IGT's
 * runner/resultgen.c: parse_subtest_result, result_from_exitcode,
 * stderr_contains_warnings, fill_from_dmesg): the subtest's
 * "Subtest <name>: <RESULT>" line, else the exit status; then the
 * overrides: stray stderr makes a pass "warn", kernel warnings make
 * dmesg-warn / dmesg-fail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/test.h"
#include "runner/runner.h"
#include "util/array.h"

static const struct {
	const char *word;
	const char *result;
} line_results[] = {
	{ "SUCCESS", "pass" },
	{ "SKIP", "skip" },
	{ "FAIL", "fail" },
	{ "CRASH", "crash" },
	{ "TIMEOUT", "timeout" },
};

static const char *const sentinels[] = {
	"Starting subtest: ",
	"Subtest ",
	"Starting dynamic subtest: ",
	"Dynamic subtest ",
};

/* "SUCCESS (0.1s)" -> "pass"; an unknown word -> "incomplete" */
const char *result_from_word(const char *l)
{
	for (size_t i = 0; i < ARRAY_SIZE(line_results); i++) {
		size_t w = strlen(line_results[i].word);

		if (!strncmp(l, line_results[i].word, w) &&
		    (l[w] == ' ' || l[w] == '\n' || l[w] == '\0' || l[w] == '\x1b'))
			return line_results[i].result;
	}
	return "incomplete";
}

/* The result named by @subtest's result line in @out, or NULL. */
static const char *result_from_line(const char *out, const char *subtest)
{
	size_t len = strlen(subtest);
	const char *found = NULL;

	for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		const char *l = p;

		if (!strncmp(l, "\x1b[1m", 4))
			l += 4;
		if (strncmp(l, "Subtest ", 8) || strncmp(l + 8, subtest, len) ||
		    strncmp(l + 8 + len, ": ", 2))
			continue;
		found = result_from_word(l + 8 + len + 2);
	}
	return found;
}

/* A binary without subtests: only its exit status speaks. */
static const char *result_from_exit(int status)
{
	switch (status) {
	case IGT_EXIT_SUCCESS:
		return "pass";
	case IGT_EXIT_SKIP:
	case IGT_EXIT_INVALID:
		return "skip";
	case IGT_EXIT_ABORT:
		return "abort";
	}
	return status < 0 ? "crash" : "fail";
}

/* Does @err hold lines other than the start/result sentinels? */
bool stray_stderr(const char *err)
{
	for (const char *p = err; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		bool sentinel = *p == '\n';

		for (size_t i = 0; i < ARRAY_SIZE(sentinels); i++)
			sentinel |= !strncmp(p, sentinels[i], strlen(sentinels[i]));
		if (!sentinel)
			return true;
	}
	return false;
}

static const char *base_result(const struct job *job, const char *out, const char *err,
			       const char *dmesg, const struct job_run *run)
{
	const char *r = job->subtest ? result_from_line(out, job->subtest) : NULL;

	if (r)
		return r;
	if (run && run->timed_out)
		return "timeout";
	/* nothing at all: the machine probably went down with the test */
	if (!*out && !*err && !*dmesg)
		return "incomplete";
	if (!run || !run->exited)
		return "incomplete";
	if (!job->subtest)
		return result_from_exit(run->exit_status);
	if (run->exit_status == IGT_EXIT_ABORT)
		return "abort";
	if (run->exit_status == IGT_EXIT_INVALID)
		return "skip";	/* the binary has no such subtest */
	return "incomplete";
}

/* What stray stderr and kernel warnings make of result @r. */
const char *result_overrides(const char *r, const char *err, const char *dmesg,
			     int warn_level)
{
	struct dmesg_verdict dv;

	if (!strcmp(r, "pass") && stray_stderr(err))
		r = "warn";
	dmesg_classify(dmesg, warn_level, &dv);
	if (dv.warnings) {
		if (!strcmp(r, "pass") || !strcmp(r, "warn"))
			r = "dmesg-warn";
		else if (!strcmp(r, "fail"))
			r = "dmesg-fail";
	}
	free(dv.lines);
	return r;
}

/* @run is NULL for a job found started but unfinished in the journal. */
void verdict(const struct job *job, const char *out, const char *err,
	     const char *dmesg, const struct job_run *run, int warn_level,
	     char *result, size_t size)
{
	const char *r = base_result(job, out, err, dmesg, run);

	snprintf(result, size, "%s", result_overrides(r, err, dmesg, warn_level));
}

bool result_is_failure(const char *r)
{
	static const char *const bad[] = {
		"fail", "crash", "timeout", "incomplete", "abort", "dmesg-fail",
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		if (!strcmp(r, bad[i]))
			return true;
	return false;
}

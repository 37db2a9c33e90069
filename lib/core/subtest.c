// SPDX-License-Identifier: MIT
/*
 * Fixtures, groups, subtests and dynamic subtests.
 *
 * The main process walks the body of igt_main. For each selected subtest
 * it prints "Starting subtest: X", forks a child that runs the block, waits
 * for it (with the per-subtest limit) and prints the result from the
 * child's exit status. Dynamic subtests repeat the same one level down,
 * inside the subtest's child.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/state.h"

sigjmp_buf drmsub_fixture_jmp;

/* Names seen so far, to reject duplicates as igt_runner requires. */
static char **seen_names;
static size_t nr_seen;

bool drmsub_name_is_valid(const char *name)
{
	if (!*name)
		return false;
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
			return false;
	return true;
}

static void check_name(const char *name)
{
	char **grown;

	if (!drmsub_name_is_valid(name)) {
		fprintf(stderr, "(%s:%d) CRITICAL: Invalid subtest name \"%s\".\n",
			drmsub.name, (int)getpid(), name);
		exit(IGT_EXIT_INVALID);
	}
	for (size_t i = 0; i < nr_seen; i++) {
		if (!strcmp(seen_names[i], name)) {
			fprintf(stderr, "(%s:%d) CRITICAL: Duplicate subtest name \"%s\".\n",
				drmsub.name, (int)getpid(), name);
			exit(IGT_EXIT_INVALID);
		}
	}
	grown = realloc(seen_names, (nr_seen + 1) * sizeof(*seen_names));
	if (!grown || !(grown[nr_seen] = strdup(name)))
		abort();
	seen_names = grown;
	nr_seen++;
}

const char *drmsub_fmt_name(const char *fmt, ...)
{
	static char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return buf;
}

/* ---- descriptions --------------------------------------------------- */

void igt_describe(const char *text)
{
	free(drmsub.pending_description);
	drmsub.pending_description = text ? strdup(text) : NULL;
}

void igt_describe_f(const char *fmt, ...)
{
	char *text;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	free(drmsub.pending_description);
	drmsub.pending_description = text;
}

/* Word-wrap @text at 80 columns with @indent, as --describe prints it. */
static void print_wrapped(const char *indent, const char *text)
{
	int width = 80 - (int)strlen(indent), col = 0;
	const char *p = text;

	fputs(indent, stdout);
	while (*p) {
		size_t len = strcspn(p, " \n");

		if (col && col + (int)len > width) {
			printf("\n%s", indent);
			col = 0;
		}
		fwrite(p, 1, len, stdout);
		col += len;
		p += len;
		if (*p == '\n') {
			printf("\n%s", indent);
			col = 0;
			p++;
		} else if (*p == ' ') {
			if (col)
				putchar(' '), col++;
			p++;
		}
	}
}

static void print_description(const char *name, const char *file, int line)
{
	printf("SUB %s %s:%d:\n", name, file, line);
	if (drmsub.pending_description) {
		print_wrapped("  ", drmsub.pending_description);
		printf("\n\n");
	} else {
		printf("  NO DOCUMENTATION!\n\n");
	}
}

/* ---- fixtures and groups ------------------------------------------- */

bool drmsub_fixture_begin(void)
{
	if (drmsub.role != ROLE_MAIN) {
		igt_critical("igt_fixture is not allowed inside a subtest\n");
		drmsub_process_exit(IGT_EXIT_FAILURE);
	}
	if (drmsub_only_listing() || drmsub.henceforth != HENCEFORTH_RUN)
		return false;
	drmsub.in_fixture = true;
	errno = 0;
	return true;
}

bool drmsub_fixture_end(void)
{
	drmsub.in_fixture = false;
	return false;
}

int drmsub_group_begin(void)
{
	return drmsub.henceforth;
}

int drmsub_group_end(int saved)
{
	drmsub.henceforth = saved;
	return -1;
}

/* ---- subtests -------------------------------------------------------- */

static bool selected(const char *name)
{
	const char *pattern = drmsub.describe ? drmsub.describe_pattern
					      : drmsub.run_pattern;

	if (!pattern)
		return true;
	if (!drmsub_wildmat(name, pattern))
		return false;
	drmsub.run_pattern_matched = true;
	return true;
}

static const char *crash_signal_name(int sig)
{
	static char buf[32];
	const char *abbrev = sigabbrev_np(sig);

	if (abbrev) {
		snprintf(buf, sizeof(buf), "SIG%s", abbrev);
		return buf;
	}
	snprintf(buf, sizeof(buf), "signal %d", sig);
	return buf;
}

/* Map a child's wait status to a result word and the binary's exit code. */
static const char *classify(int status, bool timed_out, const char *name,
			    int *exitcode)
{
	if (timed_out) {
		fprintf(stderr, "(%s:%d) CRITICAL: Timed out: %s did not finish within %.0fs\n",
			drmsub.name, (int)getpid(), name, drmsub.subtest_timeout);
		fflush(stderr);
		*exitcode = IGT_EXIT_FAILURE;
		return "FAIL";
	}
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "Received signal %s.\n", crash_signal_name(WTERMSIG(status)));
		fflush(stderr);
		*exitcode = 128 + WTERMSIG(status);
		return "CRASH";
	}
	*exitcode = WEXITSTATUS(status);
	switch (*exitcode) {
	case IGT_EXIT_SUCCESS:
		return "SUCCESS";
	case IGT_EXIT_SKIP:
		return "SKIP";
	default:
		return "FAIL";
	}
}

static void record(const char *result, int exitcode)
{
	if (!strcmp(result, "SUCCESS")) {
		drmsub.succeeded_one = true;
	} else if (!strcmp(result, "SKIP")) {
		drmsub.skipped_one = true;
	} else {
		if (!drmsub.failed_one)
			drmsub.exitcode = exitcode;
		drmsub.failed_one = true;
	}
}

/* Run the current block in a child and wait; returns the result word. */
static const char *run_in_child(enum drmsub_role role, const char *name,
				bool *in_child, int *exitcode)
{
	bool timed_out;
	int status;
	pid_t pid;

	pid = drmsub_spawn(role);
	if (pid == 0) {
		*in_child = true;
		drmsub_log_buffer_reset();
		errno = 0;	/* "Last errno" in a failure must come from the subtest */
		return NULL;
	}
	*in_child = false;
	if (pid < 0) {
		*exitcode = IGT_EXIT_FAILURE;
		return "FAIL";
	}
	status = drmsub_wait_child(pid, drmsub.subtest_timeout, &timed_out);
	if (WIFEXITED(status) && WEXITSTATUS(status) == IGT_EXIT_ABORT) {
		/* the child asked to stop the whole run */
		drmsub_kmsg("%s: exiting, ret=%d\n", drmsub.name, IGT_EXIT_ABORT);
		exit(IGT_EXIT_ABORT);
	}
	return classify(status, timed_out, name, exitcode);
}

/*
 * Run the block of the subtest or dynamic subtest @name in a child, with
 * its "starting" and "finished" lines on stdout and in the kernel log. True
 * in the child, which goes on into the block; the parent gets the result.
 */
static bool run_block(bool dynamic, const char *name, const char **result, int *exitcode)
{
	const char *kind = dynamic ? "dynamic subtest" : "subtest";
	bool in_child;
	double start;

	drmsub_kmsg("%s: starting %s %s\n", drmsub.name, kind, name);
	drmsub_print_starting(dynamic, name);
	start = drmsub_now();
	*result = run_in_child(dynamic ? ROLE_DYNAMIC : ROLE_SUBTEST, name, &in_child, exitcode);
	if (in_child)
		return true;
	drmsub_print_result(dynamic, name, *result, drmsub_now() - start);
	drmsub_kmsg("%s: finished %s %s, %s\n", drmsub.name, kind, name, *result);
	return false;
}

bool drmsub_subtest_begin(const char *name, bool with_dynamic,
			  const char *file, int line)
{
	const char *result;
	int exitcode;

	if (drmsub.role != ROLE_MAIN) {
		igt_critical("igt_subtest cannot be nested\n");
		drmsub_process_exit(IGT_EXIT_FAILURE);
	}
	check_name(name);
	if (!selected(name))
		goto not_run;

	if (drmsub.describe) {
		print_description(name, file, line);
		goto not_run;
	}
	if (drmsub.show_testlist) {
		printf("igt@%s@%s\n", drmsub.name, name);
		goto not_run;
	}
	if (drmsub.list_subtests) {
		printf("%s\n", name);
		goto not_run;
	}
	if (drmsub.henceforth != HENCEFORTH_RUN) {
		result = drmsub.henceforth == HENCEFORTH_SKIP ? "SKIP" : "FAIL";
		drmsub_print_result(false, name, result, 0.0);
		record(result, IGT_EXIT_FAILURE);
		goto not_run;
	}

	igt_describe(NULL);
	snprintf(drmsub.subtest, sizeof(drmsub.subtest), "%s", name);
	drmsub.with_dynamic = with_dynamic;
	drmsub.dynamic_run = 0;
	drmsub.dynamic_failed = false;
	if (run_block(false, name, &result, &exitcode))
		return true;
	record(result, exitcode);
	drmsub.subtest[0] = '\0';
	return false;

not_run:
	igt_describe(NULL);
	return false;
}

/* The end of a subtest block: the child leaves with its result. */
bool drmsub_subtest_end(void)
{
	igt_success();
}

bool drmsub_dynamic_begin(const char *name)
{
	const char *result;
	int exitcode;

	if (drmsub.role != ROLE_SUBTEST || !drmsub.with_dynamic) {
		igt_critical("igt_dynamic is allowed only inside igt_subtest_with_dynamic\n");
		igt_fail(IGT_EXIT_FAILURE);
	}
	if (!drmsub_name_is_valid(name)) {
		igt_critical("Invalid dynamic subtest name \"%s\".\n", name);
		igt_fail(IGT_EXIT_FAILURE);
	}
	if (drmsub.dynamic_pattern && !drmsub_wildmat(name, drmsub.dynamic_pattern))
		return false;

	snprintf(drmsub.dynamic, sizeof(drmsub.dynamic), "%s", name);
	drmsub.dynamic_run++;
	if (run_block(true, name, &result, &exitcode))
		return true;
	if (!strcmp(result, "SKIP")) {
		/* skipped dynamic subtests don't count toward the container */
		drmsub.dynamic_run--;
	} else if (strcmp(result, "SUCCESS")) {
		if (!drmsub.dynamic_failed)
			drmsub.dynamic_exitcode = exitcode;
		drmsub.dynamic_failed = true;
	}
	drmsub.dynamic[0] = '\0';
	return false;
}

bool drmsub_dynamic_end(void)
{
	igt_success();
}

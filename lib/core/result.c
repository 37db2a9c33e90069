// SPDX-License-Identifier: MIT
/*
 * How a subtest ends: success, failure, skip, abort, and the messages of
 * failed requirements and assertions.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/state.h"

static bool in_child_role(void)
{
	return drmsub.role == ROLE_SUBTEST || drmsub.role == ROLE_DYNAMIC;
}

static const char *current_what(char *buf, size_t size)
{
	if (drmsub.role == ROLE_DYNAMIC)
		snprintf(buf, size, "Dynamic subtest %s", drmsub.dynamic);
	else if (drmsub.role == ROLE_SUBTEST)
		snprintf(buf, size, "Subtest %s", drmsub.subtest);
	else
		snprintf(buf, size, "Test %s", drmsub.name);
	return buf;
}

/*
 * A failure or skip outside a subtest. In a fixture, every later subtest
 * reports @henceforth (as in IGT) and the fixture's block ends; anywhere
 * else it is a misuse: the binary stops with @exitcode.
 */
static DRMSUB_NORETURN void end_outside_subtest(enum drmsub_henceforth henceforth,
						const char *doing, int exitcode)
{
	if (drmsub.in_fixture) {
		drmsub.henceforth = henceforth;
		drmsub.in_fixture = false;
		siglongjmp(drmsub_fixture_jmp, 1);
	}
	igt_critical("%s is allowed only in fixtures and subtests\n", doing);
	exit(exitcode);
}

void igt_success(void)
{
	switch (drmsub.role) {
	case ROLE_SUBTEST:
		drmsub_kill_fork_children();
		if (drmsub.with_dynamic) {
			if (drmsub.dynamic_failed)
				drmsub_process_exit(drmsub.dynamic_exitcode);
			if (!drmsub.dynamic_run) {
				printf("No dynamic tests executed.\n");
				drmsub_process_exit(IGT_EXIT_SKIP);
			}
		}
		drmsub_process_exit(IGT_EXIT_SUCCESS);
	case ROLE_DYNAMIC:
		drmsub_kill_fork_children();
		/* fall through */
	case ROLE_FORK_CHILD:
		drmsub_process_exit(IGT_EXIT_SUCCESS);
	case ROLE_MAIN:
		break;
	}
	igt_critical("igt_success is allowed only inside subtests\n");
	exit(IGT_EXIT_FAILURE);
}

void igt_fail(int exitcode)
{
	char what[300];

	if (exitcode == IGT_EXIT_SUCCESS || exitcode == IGT_EXIT_SKIP)
		exitcode = IGT_EXIT_FAILURE;

	switch (drmsub.role) {
	case ROLE_FORK_CHILD:
		/* silent: the subtest waiting for this child does the yelling */
		drmsub_process_exit(exitcode);
	case ROLE_SUBTEST:
	case ROLE_DYNAMIC:
		drmsub_kill_fork_children();
		drmsub_log_buffer_dump(current_what(what, sizeof(what)));
		drmsub_process_exit(exitcode);
	case ROLE_MAIN:
		break;
	}

	if (!drmsub.failed_one)
		drmsub.exitcode = exitcode;
	drmsub.failed_one = true;
	if (drmsub.in_fixture)
		drmsub_log_buffer_dump(current_what(what, sizeof(what)));
	end_outside_subtest(HENCEFORTH_FAIL, "failing", exitcode);
}

void igt_skip(const char *fmt, ...)
{
	va_list ap;

	if (drmsub.role == ROLE_FORK_CHILD) {
		igt_critical("skipping is not allowed in igt_fork children\n");
		drmsub_process_exit(IGT_EXIT_FAILURE);
	}
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);

	if (in_child_role()) {
		drmsub_kill_fork_children();
		drmsub_process_exit(IGT_EXIT_SKIP);
	}
	drmsub.skipped_one = true;
	end_outside_subtest(HENCEFORTH_SKIP, "skipping", IGT_EXIT_FAILURE);
}

void igt_abort(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "(%s:%d) CRITICAL: aborting: ", drmsub.name, (int)getpid());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	drmsub_kill_fork_children();
	if (drmsub.role == ROLE_MAIN)
		drmsub_kmsg("%s: exiting, ret=%d\n", drmsub.name, IGT_EXIT_ABORT);
	drmsub_process_exit(IGT_EXIT_ABORT);
}

void drmsub_skip_check(const char *file, int line, const char *func,
		       const char *check, const char *fmt, ...)
{
	int err = errno;
	/* fixed buffers: igt_skip does not return, so nothing could free them */
	char msg[1024] = "";
	char errline[160] = "";
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
	}
	if (err)
		snprintf(errline, sizeof(errline), "Last errno: %d, %s\n", err, strerror(err));
	igt_skip("Test requirement not met in function %s, file %s:%d:\n"
		 "Test requirement: %s\n%s%s",
		 func, file, line, check, msg, errline);
}

void drmsub_fail_assert(const char *file, int line, const char *func,
			const char *expr, const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	igt_critical("Test assertion failure function %s, file %s:%d:\n", func, file, line);
	igt_critical("Failed assertion: %s\n", expr);
	if (err)
		igt_critical("Last errno: %d, %s\n", err, strerror(err));
	if (fmt) {
		char *msg;

		va_start(ap, fmt);
		if (vasprintf(&msg, fmt, ap) >= 0) {
			igt_critical("%s", msg);
			free(msg);
		}
		va_end(ap);
	}
	igt_fail(IGT_EXIT_FAILURE);
}

void drmsub_assert_str(const char *file, int line, const char *func,
		       const char *expr, const char *a, const char *b, bool equal)
{
	bool same = a && b ? !strcmp(a, b) : a == b;

	if (same == equal)
		return;
	drmsub_fail_assert(file, line, func, expr, "error: \"%s\" %s \"%s\"\n",
			   a ? a : "(null)", equal ? "!=" : "==", b ? b : "(null)");
}

void drmsub_assert_errno(const char *file, int line, const char *func,
			 const char *expr, long ret, int err, int expected,
			 const char *rule)
{
	char what[512];

	if (ret == -1 && err == expected)
		return;
	snprintf(what, sizeof(what), "%s fails with %s", expr, drmsub_errno_name(expected));
	errno = 0;	/* the message below says everything errno would */
	if (ret != -1)
		drmsub_fail_assert(file, line, func, what,
				   "error: expected %s (%s), but it returned %ld\n",
				   drmsub_errno_name(expected), rule, ret);
	drmsub_fail_assert(file, line, func, what, "error: expected %s (%s), got %s\n",
			   drmsub_errno_name(expected), rule, drmsub_errno_name(err));
}

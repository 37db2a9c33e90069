/* SPDX-License-Identifier: MIT */
/* Internal state of the test core, shared by its .c files only. */
#ifndef DRMSUB_CORE_STATE_H
#define DRMSUB_CORE_STATE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "core/test.h"

/* What the current process is, in the fork tree of one binary. */
enum drmsub_role {
	ROLE_MAIN,		/* runs main, fixtures, reports subtests */
	ROLE_SUBTEST,		/* child running one subtest */
	ROLE_DYNAMIC,		/* grandchild running one dynamic subtest */
	ROLE_FORK_CHILD,	/* igt_fork child inside a (dynamic) subtest */
};

/* Set once fixtures have failed or skipped: later subtests only report. */
enum drmsub_henceforth {
	HENCEFORTH_RUN,
	HENCEFORTH_SKIP,
	HENCEFORTH_FAIL,
};

struct drmsub_state {
	const char *name;		/* binary short name */
	enum drmsub_role role;

	/* command line */
	bool list_subtests;
	bool show_testlist;
	bool describe;
	const char *describe_pattern;
	const char *run_pattern;
	const char *dynamic_pattern;
	bool run_pattern_matched;
	double subtest_timeout;		/* seconds; parent-side limit */

	/* output */
	enum igt_log_level log_level;
	bool plain_output;
	bool sentinel_on_stderr;
	int kmsg_fd;

	/* progress */
	bool in_fixture;
	enum drmsub_henceforth henceforth;
	bool succeeded_one;
	bool skipped_one;
	bool failed_one;
	int exitcode;			/* first failure's exit code */

	/* current subtest (in ROLE_SUBTEST/ROLE_DYNAMIC and while reporting) */
	char subtest[256];
	char dynamic[256];
	bool with_dynamic;
	int dynamic_run;		/* dynamic subtests entered */
	bool dynamic_failed;
	int dynamic_exitcode;

	/* description for the next subtest */
	char *pending_description;
};

extern struct drmsub_state drmsub;

/* log.c */
void drmsub_log_init(void);
void drmsub_log_buffer_reset(void);
void drmsub_log_buffer_dump(const char *what);
void drmsub_kmsg(const char *fmt, ...) DRMSUB_PRINTF(1, 2);
void drmsub_print_result(bool dynamic, const char *name, const char *result,
			 double seconds);
void drmsub_print_starting(bool dynamic, const char *name);

/* process.c */
pid_t drmsub_spawn(enum drmsub_role role);
int drmsub_wait_child(pid_t pid, double timeout, bool *timed_out);
void drmsub_kill_fork_children(void);
void drmsub_child_reset_timeout(void);
DRMSUB_NORETURN void drmsub_process_exit(int code);

/* subtest.c */
bool drmsub_name_is_valid(const char *name);

/* wildmat.c */
bool drmsub_wildmat(const char *text, const char *pattern);

#endif

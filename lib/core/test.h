/* SPDX-License-Identifier: MIT */
/*
 * drmsub test core: IGT's test-binary protocol, written from scratch.
 *
 * A test binary reads like an IGT test:
 *
 *	IGT_TEST_DESCRIPTION("What this binary checks, from userspace's view.");
 *
 *	static int fd = -1;
 *
 *	igt_main
 *	{
 *		igt_fixture
 *			fd = drmsub_open_driver("msm");
 *
 *		igt_describe("a submit with no commands completes");
 *		igt_subtest("empty-submit") {
 *			...
 *			igt_assert_eq(ret, 0);
 *		}
 *
 *		igt_fixture
 *			close(fd);
 *	}
 *
 * Each subtest (and each dynamic subtest) runs in a forked child of the
 * binary, so a crash, a hang or a failed assertion ends only that subtest:
 * the parent reports CRASH, FAIL (after the per-subtest timeout) or the
 * result the child exited with, and goes on with the next subtest. Fixtures
 * run in the parent; state shared between fixtures and subtests belongs in
 * static variables (a failed fixture assertion leaves the fixture with
 * siglongjmp, after which non-volatile locals of the main body are
 * indeterminate).
 *
 * Output lines, exit codes, options and kernel-log markers follow IGT (see
 * docs/running.md, "Running one test binary").
 */
#ifndef DRMSUB_CORE_TEST_H
#define DRMSUB_CORE_TEST_H

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#define IGT_EXIT_SUCCESS 0
#define IGT_EXIT_SKIP 77
#define IGT_EXIT_INVALID 79
#define IGT_EXIT_FAILURE 98
#define IGT_EXIT_ABORT 112

/* Return values of an extra-option handler (igt_main_args). */
#define IGT_OPT_HANDLER_SUCCESS 0
#define IGT_OPT_HANDLER_ERROR -2

typedef int (*igt_opt_handler_t)(int opt, int opt_index, void *data);

#define DRMSUB_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define DRMSUB_NORETURN __attribute__((noreturn))

/* ---- main, description ------------------------------------------------ */

/* A one-paragraph description of the binary, printed by --describe. */
#define IGT_TEST_DESCRIPTION(text) const char *drmsub_test_description = (text)

#define igt_main igt_main_args(NULL, NULL, NULL, NULL, NULL)

/*
 * igt_main_args - like igt_main, with extra command-line options.
 * @short_opts/@long_opts extend getopt_long's tables; @handler is called
 * for each extra option and returns IGT_OPT_HANDLER_SUCCESS or _ERROR;
 * @help_text is appended to --help.
 */
#define igt_main_args(short_opts, long_opts, help_text, handler, data)          \
	static void drmsub_main_body(void);                                     \
	int main(int argc, char **argv)                                         \
	{                                                                       \
		drmsub_init(argc, argv, short_opts, long_opts, help_text,       \
			    handler, data);                                     \
		drmsub_main_body();                                             \
		drmsub_exit();                                                  \
	}                                                                       \
	static void drmsub_main_body(void)

void drmsub_init(int argc, char **argv, const char *short_opts,
		 const struct option *long_opts, const char *help_text,
		 igt_opt_handler_t handler, void *handler_data);
DRMSUB_NORETURN void drmsub_exit(void);

/* The running binary's short name, e.g. "msm_submit". */
const char *drmsub_test_name(void);
/* The running (dynamic) subtest's name, or NULL outside subtests. */
const char *drmsub_subtest_name(void);
const char *drmsub_dynamic_name(void);
/* True with --list-subtests or --describe: fixtures and subtests don't run. */
bool drmsub_only_listing(void);

/* ---- fixtures, subtests, groups, dynamic subtests --------------------- */

/* Attach a description to the next subtest or group (shown by --describe). */
void igt_describe(const char *text);
void igt_describe_f(const char *fmt, ...) DRMSUB_PRINTF(1, 2);

extern sigjmp_buf drmsub_fixture_jmp;
bool drmsub_fixture_begin(void);
bool drmsub_fixture_end(void);

#define igt_fixture                                                             \
	for (bool drmsub_fixture_once_ = drmsub_fixture_begin();               \
	     drmsub_fixture_once_;                                              \
	     drmsub_fixture_once_ = drmsub_fixture_end())                      \
		if (sigsetjmp(drmsub_fixture_jmp, 1) == 0)

bool drmsub_subtest_begin(const char *name, bool with_dynamic,
			  const char *file, int line);
/* These never return; the bool keeps the for-loop idiom warning-free. */
DRMSUB_NORETURN bool drmsub_subtest_end(void);
bool drmsub_dynamic_begin(const char *name);
DRMSUB_NORETURN bool drmsub_dynamic_end(void);
const char *drmsub_fmt_name(const char *fmt, ...) DRMSUB_PRINTF(1, 2);

#define drmsub_subtest_block_(name, dyn)                                        \
	for (bool drmsub_subtest_once_ =                                        \
		     drmsub_subtest_begin(name, dyn, __FILE__, __LINE__);      \
	     drmsub_subtest_once_; drmsub_subtest_once_ = drmsub_subtest_end())

#define igt_subtest(name) drmsub_subtest_block_(name, false)
#define igt_subtest_f(...) drmsub_subtest_block_(drmsub_fmt_name(__VA_ARGS__), false)
#define igt_subtest_with_dynamic(name) drmsub_subtest_block_(name, true)
#define igt_subtest_with_dynamic_f(...)                                        \
	drmsub_subtest_block_(drmsub_fmt_name(__VA_ARGS__), true)

#define igt_dynamic(name)                                                       \
	for (bool drmsub_dynamic_once_ = drmsub_dynamic_begin(name);           \
	     drmsub_dynamic_once_; drmsub_dynamic_once_ = drmsub_dynamic_end())
#define igt_dynamic_f(...) igt_dynamic(drmsub_fmt_name(__VA_ARGS__))

int drmsub_group_begin(void);
int drmsub_group_end(int saved);

/* A fixture failure or skip inside a group affects only that group. */
#define igt_subtest_group                                                       \
	for (volatile int drmsub_group_saved_ = drmsub_group_begin();          \
	     drmsub_group_saved_ >= 0;                                          \
	     drmsub_group_saved_ = drmsub_group_end(drmsub_group_saved_))

/* ---- results ---------------------------------------------------------- */

/*
 * Leave the current (dynamic) subtest as passed; implicit at the end of its
 * block. A subtest with dynamic subtests passes only if one of them ran and
 * none failed.
 */
DRMSUB_NORETURN void igt_success(void);
/* Fail the current subtest, or every following subtest from a fixture. */
DRMSUB_NORETURN void igt_fail(int exitcode);
/* Skip the current subtest, or every following subtest from a fixture. */
DRMSUB_NORETURN void igt_skip(const char *fmt, ...) DRMSUB_PRINTF(1, 2);
/* Stop the whole binary (exit 112): the environment is unusable. */
DRMSUB_NORETURN void igt_abort(const char *fmt, ...) DRMSUB_PRINTF(1, 2);

DRMSUB_NORETURN void drmsub_skip_check(const char *file, int line,
				       const char *func, const char *check,
				       const char *fmt, ...) DRMSUB_PRINTF(5, 6);
DRMSUB_NORETURN void drmsub_fail_assert(const char *file, int line,
					const char *func, const char *expr,
					const char *fmt, ...) DRMSUB_PRINTF(5, 6);

/*
 * Unless @ok holds, end the subtest through @report (drmsub_skip_check or
 * drmsub_fail_assert); @text is the condition as the message quotes it.
 */
#define drmsub_check_(report, ok, text, ...)                                    \
	do {                                                                    \
		if (!(ok))                                                      \
			report(__FILE__, __LINE__, __func__, text, __VA_ARGS__); \
	} while (0)

#define igt_require(expr) drmsub_check_(drmsub_skip_check, expr, #expr, NULL)
#define igt_require_f(expr, ...) drmsub_check_(drmsub_skip_check, expr, #expr, __VA_ARGS__)
#define igt_skip_on(expr) drmsub_check_(drmsub_skip_check, !(expr), "!(" #expr ")", NULL)
#define igt_skip_on_f(expr, ...)                                                \
	drmsub_check_(drmsub_skip_check, !(expr), "!(" #expr ")", __VA_ARGS__)

#define igt_abort_on_f(expr, ...)                                               \
	do {                                                                    \
		if ((expr))                                                     \
			igt_abort(__VA_ARGS__);                                 \
	} while (0)

/* ---- assertions ------------------------------------------------------- */

#define igt_assert(expr) drmsub_check_(drmsub_fail_assert, expr, #expr, NULL)
#define igt_assert_f(expr, ...) drmsub_check_(drmsub_fail_assert, expr, #expr, __VA_ARGS__)
#define igt_fail_on(expr) igt_assert(!(expr))
#define igt_fail_on_f(expr, ...) igt_assert_f(!(expr), __VA_ARGS__)

/*
 * Comparisons print the expression and both values: for example
 * "Failed assertion: fence == 3" then "error: 2 != 3".
 */
#define drmsub_assert_cmp_(type, fmt, a, cmp, ncmp, b)                          \
	do {                                                                    \
		type drmsub_a_ = (a);                                           \
		type drmsub_b_ = (b);                                           \
		if (!(drmsub_a_ cmp drmsub_b_))                                 \
			drmsub_fail_assert(__FILE__, __LINE__, __func__,        \
					   #a " " #cmp " " #b,                  \
					   "error: " fmt " " #ncmp " " fmt "\n", \
					   drmsub_a_, drmsub_b_);               \
	} while (0)

#define igt_assert_cmpint(a, cmp, ncmp, b) drmsub_assert_cmp_(int, "%d", a, cmp, ncmp, b)
#define igt_assert_cmpuint(a, cmp, ncmp, b)                                     \
	drmsub_assert_cmp_(uint32_t, "%#" PRIx32, a, cmp, ncmp, b)
#define igt_assert_cmpu64(a, cmp, ncmp, b)                                      \
	drmsub_assert_cmp_(uint64_t, "%#" PRIx64, a, cmp, ncmp, b)
#define igt_assert_cmps64(a, cmp, ncmp, b)                                      \
	drmsub_assert_cmp_(int64_t, "%" PRId64, a, cmp, ncmp, b)

#define igt_assert_eq(a, b) igt_assert_cmpint(a, ==, !=, b)
#define igt_assert_neq(a, b) igt_assert_cmpint(a, !=, ==, b)
#define igt_assert_lt(a, b) igt_assert_cmpint(a, <, >=, b)
#define igt_assert_lte(a, b) igt_assert_cmpint(a, <=, >, b)
#define igt_assert_eq_u32(a, b) igt_assert_cmpuint(a, ==, !=, b)
#define igt_assert_neq_u32(a, b) igt_assert_cmpuint(a, !=, ==, b)
#define igt_assert_lt_u32(a, b) igt_assert_cmpuint(a, <, >=, b)
#define igt_assert_lte_u32(a, b) igt_assert_cmpuint(a, <=, >, b)
#define igt_assert_eq_u64(a, b) igt_assert_cmpu64(a, ==, !=, b)
#define igt_assert_neq_u64(a, b) igt_assert_cmpu64(a, !=, ==, b)
#define igt_assert_lt_u64(a, b) igt_assert_cmpu64(a, <, >=, b)
#define igt_assert_lte_u64(a, b) igt_assert_cmpu64(a, <=, >, b)
#define igt_assert_eq_s64(a, b) igt_assert_cmps64(a, ==, !=, b)
#define igt_assert_neq_s64(a, b) igt_assert_cmps64(a, !=, ==, b)
#define igt_assert_lt_s64(a, b) igt_assert_cmps64(a, <, >=, b)
#define igt_assert_lte_s64(a, b) igt_assert_cmps64(a, <=, >, b)

#define igt_assert_eq_ptr(a, b) drmsub_assert_cmp_(const void *, "%p", a, ==, !=, b)
#define igt_assert_neq_ptr(a, b) drmsub_assert_cmp_(const void *, "%p", a, !=, ==, b)

void drmsub_assert_str(const char *file, int line, const char *func,
		       const char *expr, const char *a, const char *b, bool equal);
#define igt_assert_eq_str(a, b)                                                 \
	drmsub_assert_str(__FILE__, __LINE__, __func__, #a " == " #b, a, b, true)
#define igt_assert_neq_str(a, b)                                                \
	drmsub_assert_str(__FILE__, __LINE__, __func__, #a " != " #b, a, b, false)

#define igt_assert_fd(fd) igt_assert_f((fd) >= 0, "file descriptor " #fd " failed\n")

/*
 * igt_assert_errno - @expr must fail with -1 and errno @err. @rule names
 * the kernel rule that demands this errno; it is printed on failure, e.g.
 * "expected ENOENT (msm: unknown submitqueue id), got EINVAL".
 */
void drmsub_assert_errno(const char *file, int line, const char *func,
			 const char *expr, long ret, int err, int expected,
			 const char *rule);
#define igt_assert_errno(expr, expected, rule)                                  \
	do {                                                                    \
		errno = 0;                                                      \
		long drmsub_ret_ = (long)(expr);                                \
		drmsub_assert_errno(__FILE__, __LINE__, __func__, #expr,        \
				    drmsub_ret_, errno, expected, rule);        \
	} while (0)

/*
 * errno_rule(request) - the type of one row of a table of refused
 * requests: @spoil breaks one field of a valid @request, and the kernel
 * refuses it with @err by @rule (for igt_assert_errno). The row is a
 * dynamic subtest called @name.
 */
#define errno_rule(request)                                                     \
	struct {                                                                \
		const char *name;                                               \
		void (*spoil)(request *);                                       \
		int err;                                                        \
		const char *rule;                                               \
	}

/* "ENOENT" for ENOENT; "errno 1234" for values without a name. */
const char *drmsub_errno_name(int err);

/* ---- logging ---------------------------------------------------------- */

enum igt_log_level {
	IGT_LOG_DEBUG,
	IGT_LOG_INFO,
	IGT_LOG_WARN,
	IGT_LOG_CRITICAL,
	IGT_LOG_NONE,
};

void igt_log(enum igt_log_level level, const char *fmt, ...) DRMSUB_PRINTF(2, 3);
#define igt_debug(...) igt_log(IGT_LOG_DEBUG, __VA_ARGS__)
#define igt_info(...) igt_log(IGT_LOG_INFO, __VA_ARGS__)
#define igt_warn(...) igt_log(IGT_LOG_WARN, __VA_ARGS__)
#define igt_critical(...) igt_log(IGT_LOG_CRITICAL, __VA_ARGS__)

/*
 * Tell the runner that kernel messages matching @regex are expected (for
 * example a deliberate GPU fault), so they do not turn a pass into
 * dmesg-warn. Written to the kernel log as IGT does.
 */
void igt_emit_ignore_dmesg_regex(const char *regex);

/* ---- processes and timeouts ------------------------------------------- */

bool drmsub_fork_child(void);
DRMSUB_NORETURN void drmsub_fork_child_exit(void);

/*
 * igt_fork(child, n) { body } runs body in n forked children, child being
 * 0..n-1 in each. Assertions in a child fail the subtest through
 * igt_waitchildren(); skips are not allowed in children.
 */
#define igt_fork(child, num_children)                                           \
	for (int child = 0; child < (num_children); child++)                    \
		for (; drmsub_fork_child(); drmsub_fork_child_exit())

/* Wait for every igt_fork child; fail with the first child's failure. */
void igt_waitchildren(void);
/* Like igt_waitchildren, but kill the children after @seconds and fail. */
void igt_waitchildren_timeout(int seconds, const char *reason);

/*
 * Fail the current subtest with "Timed out: <op>" if it still runs after
 * @seconds; 0 cancels. Every subtest also has an outer limit (see
 * DRMSUB_SUBTEST_TIMEOUT in --help) after which the parent kills it.
 */
void igt_set_timeout(unsigned int seconds, const char *op);

/*
 * igt_assert_fails - @fn must fail the test (an assertion or igt_fail in
 * it). It runs in a child with stderr silenced, so the expected failure
 * does not end the subtest; for tests of the harness's own checks (bounds,
 * field ranges, misuse).
 */
void igt_assert_fails(void (*fn)(void));

/* Monotonic time in seconds, for elapsed-time measurements. */
double drmsub_now(void);

#endif

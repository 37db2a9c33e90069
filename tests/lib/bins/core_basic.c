// SPDX-License-Identifier: MIT
/*
 * Self-test binary for the test core: one subtest per protocol behaviour.
 * tests/lib/core.sh runs it and checks its exact output and exit status.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Exercises every result the test core can report.");

static int forty_two(void)
{
	return 42;
}

static void fails(void)
{
	igt_assert_eq(forty_two(), 0);
}

static void does_not_fail(void)
{
	igt_assert_eq(forty_two(), 42);
}

igt_main
{
	igt_describe("passes");
	igt_subtest("pass")
		igt_info("hello from pass\n");

	igt_describe("fails an integer comparison");
	igt_subtest("fail-eq")
		igt_assert_eq(forty_two(), 41);

	igt_subtest("fail-u32")
		igt_assert_eq_u32(0xcafe0001u, 0xcafe0002u);

	igt_subtest("fail-u64")
		igt_assert_eq_u64(0x100000000ull, 1);

	igt_subtest("fail-ptr")
		igt_assert_eq_ptr(NULL, (void *)0x10);

	igt_subtest("fail-str")
		igt_assert_eq_str("msm", "nouveau");

	igt_subtest("fail-errno") {
		errno = 0;
		igt_assert_errno(close(-1), ENOENT, "close: a bad fd is EBADF");
	}

	igt_subtest("fail-errno-success")
		igt_assert_errno(0, EINVAL, "should have failed");

	igt_subtest("pass-errno")
		igt_assert_errno(close(-1), EBADF, "close: a bad fd is EBADF");

	igt_subtest("fail-message") {
		errno = 0;
		igt_assert_f(forty_two() == 0, "value was %d\n", forty_two());
	}

	igt_subtest("fail-log-dump") {
		errno = 0;
		igt_debug("debug line before the failure\n");
		igt_fail(IGT_EXIT_FAILURE);
	}

	igt_subtest("skip")
		igt_skip("skip reason\n");

	igt_subtest("require") {
		errno = 0;
		igt_require(forty_two() == 0);
	}

	igt_subtest("require-f") {
		errno = 0;
		igt_require_f(false, "need %s\n", "hardware");
	}

	igt_subtest("crash")
		raise(SIGSEGV);

	igt_subtest("abort-signal")
		abort();

	igt_subtest("timeout") {
		igt_set_timeout(1, "waiting for nothing");
		pause();
	}

	igt_subtest("hang")
		pause();

	igt_subtest("fork-pass") {
		igt_fork(child, 3)
			igt_assert(child >= 0 && child < 3);
		igt_waitchildren();
	}

	igt_subtest("fork-fail") {
		igt_fork(child, 3) {
			errno = 0;
			igt_assert_eq(child, 1);
		}
		igt_waitchildren();
	}

	igt_subtest("fork-timeout") {
		igt_fork(child, 2)
			pause();
		igt_waitchildren_timeout(1, "sleeping children");
	}

	igt_subtest("stderr-warn")
		igt_warn("a warning\n");

	igt_subtest("assert-fails")
		igt_assert_fails(fails);

	igt_subtest("assert-fails-missing")
		igt_assert_fails(does_not_fail);
}

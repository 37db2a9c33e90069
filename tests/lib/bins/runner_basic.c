// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run: one subtest per result the runner must
 * tell apart. tests/lib/runner.sh runs it through the runner.
 */
#include <signal.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Passes, fails, skips, crashes and warns, for drmsub-run's self-tests.");

igt_main
{
	igt_subtest("pass")
		igt_info("passing\n");

	igt_subtest("fail")
		igt_assert_eq(1, 2);

	igt_subtest("skip")
		igt_skip("skipping on purpose\n");

	igt_subtest("crash")
		raise(SIGSEGV);

	/* a pass that printed to stderr: igt_runner calls this "warn" */
	igt_subtest("warn")
		igt_warn("something looked odd\n");
}

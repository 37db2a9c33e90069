// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run's timeouts: a subtest that never ends.
 * With RUNNER_IGNORE_TERM set the binary ignores SIGTERM, so only the
 * runner's SIGKILL after the grace period can end it.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Hangs, for drmsub-run's timeout self-tests.");

igt_main
{
	igt_fixture
		if (getenv("RUNNER_IGNORE_TERM"))
			signal(SIGTERM, SIG_IGN);

	igt_subtest("hang")
		for (;;)
			pause();

	igt_subtest("quick")
		igt_info("done quickly\n");
}

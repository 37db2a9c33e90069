// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run's resume: each subtest records that it
 * ran (appending its name to $RUNNER_TRACE) and then takes a while, so a
 * test can kill the runner in the middle and check that resuming neither
 * loses nor repeats a subtest.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Slow subtests that leave a trace, for drmsub-run's resume self-test.");

static void slow_subtest(const char *name)
{
	const char *trace = getenv("RUNNER_TRACE");
	const char *ms = getenv("RUNNER_SLEEP_MS");

	if (trace) {
		int fd = open(trace, O_WRONLY | O_APPEND | O_CREAT, 0644);

		igt_assert_fd(fd);
		igt_assert(write(fd, name, strlen(name)) == (ssize_t)strlen(name));
		igt_assert(write(fd, "\n", 1) == 1);
		close(fd);
	}
	usleep((ms ? atoi(ms) : 200) * 1000);
}

igt_main
{
	for (int i = 1; i <= 8; i++) {
		igt_subtest_f("step-%d", i)
			slow_subtest(drmsub_fmt_name("step-%d", i));
	}
}

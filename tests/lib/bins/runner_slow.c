// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run's resume: each subtest records that it
 * ran (appending its name to $RUNNER_TRACE) and then takes a while, so a
 * test can kill the runner in the middle and check that resuming neither
 * loses nor repeats a subtest. A subtest whose name is a file in
 * $RUNNER_HOLD_DIR waits there until the file is removed, so the test
 * kills the runner while that job surely runs, however loaded the host.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Slow subtests that leave a trace, for drmsub-run's resume self-test.");

/* Wait while $RUNNER_HOLD_DIR/<name> exists (at most a minute). */
static void hold(const char *name)
{
	const char *dir = getenv("RUNNER_HOLD_DIR");
	char path[PATH_MAX];

	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	for (int i = 0; i < 6000 && access(path, F_OK) == 0; i++)
		usleep(10 * 1000);
	igt_assert_f(access(path, F_OK) != 0, "%s was never released\n", path);
}

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
	hold(name);
	usleep((ms ? atoi(ms) : 200) * 1000);
}

igt_main
{
	for (int i = 1; i <= 8; i++) {
		igt_subtest_f("step-%d", i)
			slow_subtest(drmsub_fmt_name("step-%d", i));
	}
}

// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run's model-mode kernel log: a core_*
 * binary, so the runner runs it on the model, where /dev/kmsg is the
 * model's log of the job. Each subtest writes a record to it; "foreign"
 * writes to the file $FOREIGN names instead, as another process's kernel
 * would write to the host's log while the job runs.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Writes kernel-log records on the model, for drmsub-run's dmesg self-tests.");

static void append(const char *path, const char *record)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	igt_assert_f(fd >= 0, "%s cannot be opened\n", path);
	igt_assert_eq((int)write(fd, record, strlen(record)), (int)strlen(record));
	close(fd);
}

static void linger(void)
{
	const struct timespec t = { 0, 300 * 1000 * 1000 };

	nanosleep(&t, NULL);
}

igt_main
{
	igt_subtest("foreign") {
		igt_require_f(getenv("FOREIGN"), "FOREIGN names no shared log\n");
		append(getenv("FOREIGN"), "<4>othergpu: WARNING: another process, another device\n");
		linger();
	}

	igt_subtest("own-error")
		append("/dev/kmsg", "<3>model_job: an error of its own\n");

	igt_subtest("mark-a") {
		append("/dev/kmsg", "<6>marker of job a\n");
		linger();
	}

	igt_subtest("mark-b") {
		append("/dev/kmsg", "<6>marker of job b\n");
		linger();
	}
}

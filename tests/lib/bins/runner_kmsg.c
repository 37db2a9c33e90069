// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run's kernel-log classification: each
 * subtest writes records to the fake kernel log named by DRMSUB_KMSG, in
 * the form a driver's printk would reach /dev/kmsg.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Writes kernel-log records, for drmsub-run's dmesg self-tests.");

static void fake_printk(const char *record)
{
	const char *path = getenv("DRMSUB_KMSG");
	int fd;

	igt_require_f(path, "DRMSUB_KMSG names no fake kernel log\n");
	fd = open(path, O_WRONLY | O_APPEND);
	igt_assert_fd(fd);
	igt_assert_eq((int)write(fd, record, strlen(record)), (int)strlen(record));
	close(fd);
}

igt_main
{
	igt_subtest("info")
		fake_printk("<6>fakegpu: informational, harmless\n");

	igt_subtest("warn")
		fake_printk("<4>fakegpu: WARNING: CPU: 0 PID: 1 at fake.c:10\n");

	igt_subtest("error-then-fail") {
		fake_printk("<3>fakegpu: ring hung\n");
		igt_assert_eq(1, 2);
	}

	igt_subtest("ignored") {
		igt_emit_ignore_dmesg_regex("expected GPU fault at 0x[0-9a-f]+");
		fake_printk("<3>fakegpu: expected GPU fault at 0x1000\n");
	}

	igt_subtest("ignored-other") {
		igt_emit_ignore_dmesg_regex("expected GPU fault");
		fake_printk("<3>fakegpu: unexpected page fault\n");
	}

	igt_subtest("below-level")
		fake_printk("<5>fakegpu: notice only\n");

	/* what the kernel logs when it rate-limits writes to /dev/kmsg */
	igt_subtest("ratelimit")
		fake_printk("<4>printk: runner_kmsg: 12 output lines suppressed due to ratelimiting\n");
}

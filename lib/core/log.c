// SPDX-License-Identifier: MIT
/*
 * Output of the test core: log levels, the recent-log ring dumped when a
 * subtest fails, subtest start/result lines, and kernel-log markers.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/state.h"

#define LOG_RING_LINES 256

static struct {
	char *lines[LOG_RING_LINES];
	unsigned int next;	/* slot for the next line */
	unsigned int count;
} ring;

static const char *const level_names[] = {
	[IGT_LOG_DEBUG] = "DEBUG",
	[IGT_LOG_INFO] = "INFO",
	[IGT_LOG_WARN] = "WARNING",
	[IGT_LOG_CRITICAL] = "CRITICAL",
};

static void ring_add(char *line)
{
	free(ring.lines[ring.next]);
	ring.lines[ring.next] = line;
	ring.next = (ring.next + 1) % LOG_RING_LINES;
	if (ring.count < LOG_RING_LINES)
		ring.count++;
}

void drmsub_log_buffer_reset(void)
{
	for (unsigned int i = 0; i < LOG_RING_LINES; i++) {
		free(ring.lines[i]);
		ring.lines[i] = NULL;
	}
	ring.next = ring.count = 0;
}

/* Print the recent log after a failure, so debug lines explain it. */
void drmsub_log_buffer_dump(const char *what)
{
	fprintf(stderr, "%s failed.\n", what);
	if (!ring.count) {
		fprintf(stderr, "No log.\n");
		return;
	}
	fprintf(stderr, "**** DEBUG ****\n");
	for (unsigned int i = 0; i < ring.count; i++) {
		unsigned int slot = (ring.next + LOG_RING_LINES - ring.count + i) %
				    LOG_RING_LINES;
		fputs(ring.lines[slot], stderr);
	}
	fprintf(stderr, "****  END  ****\n");
	fflush(stderr);
	drmsub_log_buffer_reset();
}

void igt_log(enum igt_log_level level, const char *fmt, ...)
{
	char *msg, *line;
	va_list ap;
	int n;

	if (drmsub.list_subtests || drmsub.describe)
		return;

	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;

	/* INFO lines are plain; other levels carry "(binary:pid) LEVEL: ". */
	if (level == IGT_LOG_INFO)
		n = asprintf(&line, "%s", msg);
	else
		n = asprintf(&line, "(%s:%d) %s: %s", drmsub.name ? drmsub.name : "?",
			     (int)getpid(), level_names[level], msg);
	free(msg);
	if (n < 0)
		return;

	if (level >= drmsub.log_level && drmsub.log_level != IGT_LOG_NONE) {
		FILE *out = level >= IGT_LOG_WARN ? stderr : stdout;

		fputs(line, out);
		fflush(out);
	}
	ring_add(line);
}

void drmsub_log_init(void)
{
	const char *level = getenv("IGT_LOG_LEVEL");
	const char *kmsg = getenv("DRMSUB_KMSG");

	drmsub.log_level = IGT_LOG_INFO;
	if (level) {
		if (!strcmp(level, "debug"))
			drmsub.log_level = IGT_LOG_DEBUG;
		else if (!strcmp(level, "warn"))
			drmsub.log_level = IGT_LOG_WARN;
		else if (!strcmp(level, "none"))
			drmsub.log_level = IGT_LOG_NONE;
	}
	drmsub.plain_output = getenv("IGT_PLAIN_OUTPUT") || !isatty(STDOUT_FILENO);
	drmsub.sentinel_on_stderr = getenv("IGT_SENTINEL_ON_STDERR") != NULL;

	/* Mark subtests in the kernel log when we may; stay silent otherwise. */
	drmsub.kmsg_fd = open(kmsg ? kmsg : "/dev/kmsg",
			      O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK);
}

void drmsub_kmsg(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	if (drmsub.kmsg_fd < 0)
		return;
	n = snprintf(buf, sizeof(buf), "<6>[IGT] ");
	va_start(ap, fmt);
	n += vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(buf))
		n = sizeof(buf) - 1;
	/* one write per record: /dev/kmsg takes each write as one message */
	if (write(drmsub.kmsg_fd, buf, n) < 0)
		return;
}

void igt_emit_ignore_dmesg_regex(const char *regex)
{
	drmsub_kmsg("%s: add ignored dmesg regex: %s\n", drmsub.name, regex);
}

void drmsub_print_starting(bool dynamic, const char *name)
{
	const char *kind = dynamic ? "dynamic subtest" : "subtest";

	printf("Starting %s: %s\n", kind, name);
	fflush(stdout);
	if (drmsub.sentinel_on_stderr) {
		fprintf(stderr, "Starting %s: %s\n", kind, name);
		fflush(stderr);
	}
}

void drmsub_print_result(bool dynamic, const char *name, const char *result,
			 double seconds)
{
	const char *kind = dynamic ? "Dynamic subtest" : "Subtest";
	const char *bold = drmsub.plain_output ? "" : "\x1b[1m";
	const char *normal = drmsub.plain_output ? "" : "\x1b[0m";

	printf("%s%s %s: %s (%.3fs)%s\n", bold, kind, name, result, seconds, normal);
	fflush(stdout);
	if (drmsub.sentinel_on_stderr) {
		fprintf(stderr, "%s %s: %s (%.3fs)\n", kind, name, result, seconds);
		fflush(stderr);
	}
}

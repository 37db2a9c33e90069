// SPDX-License-Identifier: MIT
/*
 * Kernel-log sources. Three kinds are read the same way:
 *
 *  - /dev/kmsg, a character device: one record per read(),
 *    "prio,seq,usec,flags;message" plus dictionary lines (dropped);
 *  - a fake log (--kmsg, DRMSUB_KMSG): a regular file or FIFO of
 *    "<level>message" lines, the form programs write to /dev/kmsg (a line
 *    without "<level>" has the kernel's default level 4);
 *  - the device model's log of a job (DRMSUB_MODEL_KMSG): a file of
 *    records in /dev/kmsg's read form, one per line (lib/model/kmsg.c).
 *
 * Each record is handed to an emit function with its level, time and text;
 * the scheduler appends it to the dmesg.txt of the job(s) it belongs to.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/kmsg.h"
#include "runner/runner.h"

/* What the kernel assigns to a /dev/kmsg write without a <level> prefix. */
#define DEFAULT_WRITE_LEVEL 4

int log_source_open(struct log_source *src, const char *path, bool at_end)
{
	struct stat st;

	memset(src, 0, sizeof(*src));
	src->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (src->fd < 0)
		return -1;
	src->records = !fstat(src->fd, &st) && S_ISCHR(st.st_mode);
	if (at_end && (src->records || S_ISREG(st.st_mode)))
		lseek(src->fd, 0, SEEK_END);
	return 0;
}

void log_source_close(struct log_source *src)
{
	if (src->fd >= 0)
		close(src->fd);
	src->fd = -1;
}

/* "6,1234,5678901,-;message": true and the parts, if @rec has that form. */
static bool parse_record(const char *rec, size_t len, int *level, double *seconds,
			 const char **msg, size_t *msg_len)
{
	const char *semi = memchr(rec, ';', len), *nl;
	unsigned long long seq, usec;
	unsigned int prio;
	char flag;

	if (!semi || semi - rec > 64 ||
	    sscanf(rec, "%u,%llu,%llu,%c", &prio, &seq, &usec, &flag) != 4)
		return false;
	*level = prio & 7;
	*seconds = usec / 1e6;
	*msg = semi + 1;
	nl = memchr(*msg, '\n', len - (*msg - rec));
	*msg_len = nl ? (size_t)(nl - *msg) : len - (*msg - rec);
	return true;
}

/* A line of a log file: a record, "<4>message", or a bare message. */
static void parse_line(const char *line, size_t len, log_emit_fn emit, void *arg)
{
	int level = DEFAULT_WRITE_LEVEL;
	const char *msg = line;
	size_t msg_len = len;
	double seconds;

	if (parse_record(line, len, &level, &seconds, &msg, &msg_len)) {
		emit(arg, level, seconds, msg, msg_len);
		return;
	}
	if (len >= 3 && line[0] == '<' && line[1] >= '0' && line[1] <= '9') {
		const char *close = memchr(line, '>', len);

		if (close) {
			level = atoi(line + 1) & 7;
			msg = close + 1;
			msg_len = len - (msg - line);
		}
	}
	emit(arg, level, now_monotonic(), msg, msg_len);
}

static void read_records(struct log_source *src, log_emit_fn emit, void *arg)
{
	char rec[8192];

	for (;;) {
		ssize_t n = read(src->fd, rec, sizeof(rec));
		const char *msg;
		size_t msg_len;
		double seconds;
		int level;

		if (n < 0 && (errno == EINTR || errno == EPIPE))
			continue;	/* EPIPE: records were overwritten; go on */
		if (n <= 0)
			return;
		if (parse_record(rec, n, &level, &seconds, &msg, &msg_len))
			emit(arg, level, seconds, msg, msg_len);
	}
}

static void read_lines(struct log_source *src, log_emit_fn emit, void *arg)
{
	for (;;) {
		size_t room = sizeof(src->partial) - src->partial_len;
		char *start, *nl;
		ssize_t n;

		n = read(src->fd, src->partial + src->partial_len, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		src->partial_len += n;
		start = src->partial;
		while ((nl = memchr(start, '\n', src->partial_len - (start - src->partial)))) {
			parse_line(start, nl - start, emit, arg);
			start = nl + 1;
		}
		src->partial_len -= start - src->partial;
		memmove(src->partial, start, src->partial_len);
		if (src->partial_len == sizeof(src->partial)) {
			/* a line longer than the buffer: take it as it is */
			parse_line(src->partial, src->partial_len, emit, arg);
			src->partial_len = 0;
		}
	}
}

void log_source_drain(struct log_source *src, log_emit_fn emit, void *arg)
{
	if (src->fd < 0)
		return;
	if (src->records)
		read_records(src, emit, arg);
	else
		read_lines(src, emit, arg);
}

// SPDX-License-Identifier: MIT
/*
 * The kernel-log source. /dev/kmsg hands out one record per read()
 * ("level,seq,usec,flags;message" plus dictionary lines); tests replace
 * it with a regular file or FIFO of "<level>message" lines, the form test
 * binaries write to it (DRMSUB_KMSG). Either way each record is appended
 * to the current job's dmesg.txt as "<level> [seconds.usec] message", the
 * form results.json carries.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/runner.h"

/* What the kernel assigns to a /dev/kmsg write without a <level> prefix. */
#define DEFAULT_WRITE_LEVEL 4

static struct {
	int fd;
	bool records;		/* character device: one record per read */
	int sink;
	char partial[8192];	/* line source: an unfinished last line */
	size_t partial_len;
} src = { .fd = -1, .sink = -1 };

void kmsg_set_sink(int fd)
{
	src.sink = fd;
}

/*
 * Open the source and skip what is already there: only records written
 * while a job runs belong to it. A fake source is created if missing, so
 * test binaries (which only append) find it.
 */
int kmsg_open(const char *path)
{
	struct stat st;

	if (!path)
		path = "/dev/kmsg";
	else if (access(path, F_OK))
		close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	src.fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (src.fd < 0)
		return -1;
	src.records = !fstat(src.fd, &st) && S_ISCHR(st.st_mode);
	if (src.records || S_ISREG(st.st_mode))
		lseek(src.fd, 0, SEEK_END);
	return 0;
}

static void emit(int level, double seconds, const char *msg, size_t len)
{
	char head[64];
	int n;

	if (src.sink < 0)
		return;
	n = snprintf(head, sizeof(head), "<%d> [%.6f] ", level, seconds);
	if (write(src.sink, head, n) != n || write(src.sink, msg, len) != (ssize_t)len ||
	    write(src.sink, "\n", 1) != 1)
		fprintf(stderr, "drmsub-run: cannot write dmesg.txt: %s\n", strerror(errno));
}

/* "6,1234,5678901,-;message" (dictionary lines after the first are dropped) */
static void parse_record(const char *rec, size_t len)
{
	const char *semi = memchr(rec, ';', len), *nl;
	unsigned long long seq, usec;
	unsigned int prio;

	if (!semi || sscanf(rec, "%u,%llu,%llu", &prio, &seq, &usec) != 3)
		return;
	semi++;
	nl = memchr(semi, '\n', len - (semi - rec));
	emit(prio & 7, usec / 1e6, semi, nl ? (size_t)(nl - semi) : len - (semi - rec));
}

/* "<4>message", or a bare message at the kernel's default write level */
static void parse_line(const char *line, size_t len)
{
	int level = DEFAULT_WRITE_LEVEL;
	size_t skip = 0;

	if (len >= 3 && line[0] == '<' && line[1] >= '0' && line[1] <= '9') {
		const char *close = memchr(line, '>', len);

		if (close) {
			level = atoi(line + 1) & 7;
			skip = close + 1 - line;
		}
	}
	emit(level, now_monotonic(), line + skip, len - skip);
}

static void read_records(void)
{
	char rec[8192];

	for (;;) {
		ssize_t n = read(src.fd, rec, sizeof(rec));

		if (n < 0 && (errno == EINTR || errno == EPIPE))
			continue;	/* EPIPE: records were overwritten; go on */
		if (n <= 0)
			return;
		parse_record(rec, n);
	}
}

static void read_lines(void)
{
	for (;;) {
		size_t room = sizeof(src.partial) - src.partial_len;
		char *start, *nl;
		ssize_t n;

		n = read(src.fd, src.partial + src.partial_len, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		src.partial_len += n;
		start = src.partial;
		while ((nl = memchr(start, '\n', src.partial_len - (start - src.partial)))) {
			parse_line(start, nl - start);
			start = nl + 1;
		}
		src.partial_len -= start - src.partial;
		memmove(src.partial, start, src.partial_len);
		if (src.partial_len == sizeof(src.partial)) {
			/* a line longer than the buffer: take it as it is */
			parse_line(src.partial, src.partial_len);
			src.partial_len = 0;
		}
	}
}

/* Move every record available now into the sink. Never blocks. */
void kmsg_poll(void)
{
	if (src.fd < 0)
		return;
	if (src.records)
		read_records();
	else
		read_lines();
}

// SPDX-License-Identifier: MIT
/*
 * What is kept of a job's stream (stdout, stderr or kernel log): the
 * first half of the cap goes to the job's file as it arrives (so a runner
 * killed mid-job leaves it on disk) and is also kept in memory; past it,
 * only the last half of the cap is kept, in a ring, and written after a
 * marker saying how many bytes were dropped when the job ends. Memory is
 * bounded by the cap whatever the job prints.
 *
 * The verdict is taken from the memory copy, so a file that could not be
 * written (a full disk) costs the output, never the result. A file that
 * lost output is rewritten whole from memory once the job's files are
 * synced, if the disk has room again by then.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/output.h"
#include "runner/runner.h"

void stream_init(struct job_stream *st, const char *path, size_t cap)
{
	memset(st, 0, sizeof(*st));
	st->path = xstrdup(path);
	st->head_cap = cap / 2;
	st->tail_cap = cap - st->head_cap;
	st->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (st->fd < 0)
		st->lost_errno = errno;
}

static void file_write(struct job_stream *st, const char *data, size_t len)
{
	if (st->fd < 0 || !len)
		return;
	if (write_all(st->fd, data, len)) {
		/* the rest is kept in memory and rewritten when the job ends */
		st->lost_errno = errno;
		close(st->fd);
		st->fd = -1;
	}
}

static void tail_add(struct job_stream *st, const char *data, size_t len)
{
	if (!st->tail)
		st->tail = xcalloc(1, st->tail_cap ? st->tail_cap : 1);
	if (len >= st->tail_cap) {
		/* only the end of @data survives */
		memcpy(st->tail, data + len - st->tail_cap, st->tail_cap);
		st->tail_pos = 0;
		st->tail_len = st->tail_cap;
		return;
	}
	for (size_t done = 0; done < len;) {
		size_t room = st->tail_cap - st->tail_pos;
		size_t n = len - done < room ? len - done : room;

		memcpy(st->tail + st->tail_pos, data + done, n);
		st->tail_pos = (st->tail_pos + n) % st->tail_cap;
		done += n;
	}
	st->tail_len = st->tail_len + len > st->tail_cap ? st->tail_cap : st->tail_len + len;
}

void stream_add(struct job_stream *st, const char *data, size_t len)
{
	size_t head = 0;

	if (st->head.len < st->head_cap) {
		head = st->head_cap - st->head.len;
		head = len < head ? len : head;
		sb_add(&st->head, data, head);
		file_write(st, data, head);
	}
	if (len > head && st->tail_cap)
		tail_add(st, data + head, len - head);
	st->total += len;
}

uint64_t stream_dropped(const struct job_stream *st)
{
	return st->total - st->head.len - st->tail_len;
}

/* What follows the head: the marker (if anything was dropped) and the tail. */
static void rest(const struct job_stream *st, struct strbuf *sb)
{
	size_t start = (st->tail_pos + st->tail_cap - st->tail_len) % (st->tail_cap ? st->tail_cap : 1);
	uint64_t dropped = stream_dropped(st);

	if (dropped)
		sb_printf(sb, "%s[drmsub-run: %" PRIu64 " bytes dropped here; the first %zu and the "
			  "last %zu bytes are kept]\n",
			  st->head.len && st->head.buf[st->head.len - 1] != '\n' ? "\n" : "",
			  dropped, st->head.len, st->tail_len);
	if (st->tail_len) {
		size_t first = st->tail_cap - start < st->tail_len ? st->tail_cap - start
								     : st->tail_len;

		sb_add(sb, st->tail + start, first);
		sb_add(sb, st->tail, st->tail_len - first);
	}
}

char *stream_end(struct job_stream *st)
{
	struct strbuf all = { 0 };

	sb_add(&all, st->head.buf ? st->head.buf : "", st->head.len);
	rest(st, &all);
	file_write(st, all.buf + st->head.len, all.len - st->head.len);
	sb_free(&st->head);
	free(st->tail);
	st->tail = NULL;
	return all.buf ? all.buf : xstrdup("");
}

bool stream_settle(struct job_stream *st, int sync_err, const char *text)
{
	if (sync_err && !st->lost_errno)
		st->lost_errno = sync_err;
	/* lost on the way: one more try with the whole text, now */
	if (st->lost_errno && !write_file_sync(st->path, text, strlen(text)))
		st->lost_errno = 0;
	return st->lost_errno != 0;
}

void stream_free(struct job_stream *st)
{
	if (st->fd >= 0)
		close(st->fd);
	st->fd = -1;
	sb_free(&st->head);
	free(st->tail);
	free(st->path);
	memset(st, 0, sizeof(*st));
	st->fd = -1;
}

/* The first @head and the last @tail bytes of a @size-byte file, with the marker. */
static char *read_ends(int fd, uint64_t size, size_t head, size_t tail)
{
	struct job_stream st = { .head_cap = head, .tail_cap = tail };
	struct strbuf all = { 0 };
	char *buf = xcalloc(1, head + tail + 1);
	ssize_t h = pread(fd, buf, head, 0);
	ssize_t t = pread(fd, buf + head, tail, size - tail);

	if (h < 0 || t < 0) {
		free(buf);
		return xstrdup("");
	}
	sb_add(&st.head, buf, h);
	st.tail = buf + head;
	st.tail_len = t;
	st.tail_pos = t;	/* the ring starts at 0 */
	st.total = size;
	sb_add(&all, st.head.buf ? st.head.buf : "", st.head.len);
	rest(&st, &all);
	sb_free(&st.head);
	free(buf);
	return all.buf ? all.buf : xstrdup("");
}

/*
 * A job's file as a stream with @cap would have kept it: whole when it is
 * small enough (always, for files this runner wrote), else its two ends.
 * "" when it cannot be read.
 */
char *read_kept(const char *path, size_t cap)
{
	/* the marker line a finished stream adds, with room to spare */
	size_t limit = cap + 256;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *text;

	if (fd < 0)
		return xstrdup("");
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && (uint64_t)st.st_size > limit) {
		text = read_ends(fd, st.st_size, cap / 2, cap - cap / 2);
		close(fd);
		return text;
	}
	close(fd);
	text = read_file(path, NULL, limit);
	return text ? text : xstrdup("");
}

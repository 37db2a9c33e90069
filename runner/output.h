/* SPDX-License-Identifier: MIT */
/* A job's stream kept within a cap: head on disk and in memory, tail in a ring. */
#ifndef DRMSUB_RUNNER_OUTPUT_H
#define DRMSUB_RUNNER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runner/runner.h"

struct job_stream {
	char *path;		/* the job's file: N/out.txt, N/err.txt, N/dmesg.txt */
	int fd;			/* -1 once the file lost output */
	int lost_errno;		/* why output could not be written; 0: none lost */
	size_t head_cap, tail_cap;
	struct strbuf head;	/* the first head_cap bytes */
	char *tail;		/* ring of the last tail_cap bytes after the head */
	size_t tail_len, tail_pos;
	uint64_t total;		/* bytes the job printed */
};

/* Create @path (truncated) for a stream that keeps @cap bytes. */
void stream_init(struct job_stream *st, const char *path, size_t cap);
void stream_add(struct job_stream *st, const char *data, size_t len);
/* Bytes printed but not kept (so far). */
uint64_t stream_dropped(const struct job_stream *st);
/*
 * The job ended: write the marker and the tail. Returns the kept text,
 * exactly what the file holds when nothing was lost. The file stays open
 * (st->fd, -1 if it lost output) for the caller to sync and close.
 */
char *stream_end(struct job_stream *st);
/*
 * The file was synced (@sync_err: fsync's errno, 0 if it worked) and
 * closed: if it lost output, rewrite it from @text. True when it still
 * lacks output (st->lost_errno says why).
 */
bool stream_settle(struct job_stream *st, int sync_err, const char *text);
void stream_free(struct job_stream *st);
/* A job's file as a stream of @cap keeps it (its two ends if larger); "" if unreadable. */
char *read_kept(const char *path, size_t cap);

#endif

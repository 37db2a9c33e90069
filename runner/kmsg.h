/* SPDX-License-Identifier: MIT */
/* Kernel-log sources: /dev/kmsg, a fake log file, a job's model log. */
#ifndef DRMSUB_RUNNER_KMSG_H
#define DRMSUB_RUNNER_KMSG_H

#include <stdbool.h>
#include <stddef.h>

struct log_source {
	int fd;			/* -1: none */
	bool records;		/* a character device: one record per read() */
	char partial[8192];	/* a file or FIFO: its unfinished last line */
	size_t partial_len;
};

typedef void (*log_emit_fn)(void *arg, int level, double seconds, const char *msg,
			    size_t len);

/* Open @path non-blocking; @at_end skips what it holds now. 0 or -1 (errno). */
int log_source_open(struct log_source *src, const char *path, bool at_end);
/* Hand every record available now to @emit. Never blocks. */
void log_source_drain(struct log_source *src, log_emit_fn emit, void *arg);
void log_source_close(struct log_source *src);

#endif

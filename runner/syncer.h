/* SPDX-License-Identifier: MIT */
/* A thread that fsyncs and closes finished jobs' files off the scheduler's loop. */
#ifndef DRMSUB_RUNNER_SYNCER_H
#define DRMSUB_RUNNER_SYNCER_H

#include <stdbool.h>
#include <stddef.h>

#define SYNC_QUEUE 64
#define SYNC_FILES 3

struct sync_item {
	size_t index;			/* the job */
	int fd[SYNC_FILES];		/* to fsync and close; -1: none */
	int err[SYNC_FILES];		/* set by the syncer: fsync's errno, or 0 */
};

int syncer_start(void);
/* Readable when items are done. */
int syncer_fd(void);
/* Queue @it; false (nothing queued) when the queue is full. */
bool syncer_push(const struct sync_item *it);
/* Up to @max items whose files are synced and closed. */
unsigned int syncer_take(struct sync_item *out, unsigned int max);
/* Sync and close @it's files in the calling thread (the queue is full). */
void syncer_sync_now(struct sync_item *it);
/* Sync what is queued, then end the thread. */
void syncer_stop(void);

#endif

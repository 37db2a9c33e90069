/* SPDX-License-Identifier: MIT */
/* The fence object shared by syncobjs, sync_files and driver queues. */
#ifndef DRMSUB_MODEL_FENCE_H
#define DRMSUB_MODEL_FENCE_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

struct model_fence {
	int refs;
	bool signaled;
	int error;			/* -errno set by the producer, 0 = ok */
	int64_t timestamp_ns;
	uint64_t context, seqno;
	const char *driver, *timeline;	/* as sync_fence_info reports them */
	unsigned int nr_members;	/* >0: signalled when all members are */
	struct model_fence **members;
};

uint64_t model_fence_new_context(void);
struct model_fence *model_fence_array(struct model_fence **members, unsigned int count);
int model_fence_status(const struct model_fence *f);
void model_sync_files_notify(void);
/* syncobj_eventfd.c: a fence signalled; eventfds armed on it are signalled. */
void model_syncobj_eventfds_notify(void);

#endif

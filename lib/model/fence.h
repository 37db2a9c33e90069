/* SPDX-License-Identifier: MIT */
/* The fence object shared by syncobjs, sync_files and driver queues. */
#ifndef DRMSUB_MODEL_FENCE_H
#define DRMSUB_MODEL_FENCE_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/wait.h"

struct model_fence_member_cb;

struct model_fence {
	int refs;
	bool signaled;
	int error;			/* -errno set by the producer, 0 = ok */
	int64_t timestamp_ns;
	uint64_t context, seqno;
	const char *driver, *timeline;	/* as sync_fence_info reports them */
	/* an array (members non-NULL) signals when all its members have */
	unsigned int nr_members, nr_pending;
	struct model_fence **members;
	struct model_fence_member_cb *member_cbs;
	struct model_wait_queue callbacks;	/* run when it signals (cb_list) */
};

uint64_t model_fence_new_context(void);
struct model_fence *model_fence_array(struct model_fence **members, unsigned int count);
int model_fence_status(const struct model_fence *f);

/*
 * dma_fence_add_callback: run @func(@entry) when @f signals, under the
 * model lock; -ENOENT (and nothing queued) when it already has.
 */
int model_fence_add_callback(struct model_fence *f, struct model_wait_entry *entry,
			     model_wake_fn func);
/* dma_fence_remove_callback: nothing when it ran already. */
static inline void model_fence_remove_callback(struct model_wait_entry *entry)
{
	model_wait_entry_remove(entry);
}
/*
 * Wake @w once when @f signals (or at once if it has), without the
 * caller keeping a link: for scheduler threads that sleep on several
 * fences. Once per fence and waiter however often it is asked.
 */
void model_fence_wake_on_signal(struct model_fence *f, struct model_waiter *w);
/* model_fence_wait, counting how often the thread woke (for tests/model_gpu.c). */
int model_fence_wait_counted(struct model_fence *f, int64_t deadline_ns, unsigned int *wakeups);

#endif

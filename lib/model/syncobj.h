/* SPDX-License-Identifier: MIT */
/* Sync objects: what syncobj.c and syncobj_wait.c share. */
#ifndef DRMSUB_MODEL_SYNCOBJ_H
#define DRMSUB_MODEL_SYNCOBJ_H

#include "model/model.h"
#include "model/wait.h"

/*
 * One timeline point, a dma_fence_chain node: signalled once its fence and
 * every earlier one are. A point not later than the one before starts a
 * new context and takes the earlier, larger seqno (dma_fence_chain_init).
 */
struct model_syncobj_point {
	uint64_t seqno;
	uint64_t prev_seqno;		/* of the node before, in the same context; else 0 */
	unsigned int context;		/* nodes of one context are in order */
	struct model_fence *fence;
};

struct model_syncobj_eventfd;

struct model_syncobj {
	int refs;
	struct model_fence *fence;	/* binary fence, or what preceded the chain */
	bool chain;
	struct model_syncobj_point *points;
	unsigned int nr_points;
	struct model_syncobj_eventfd *eventfds;	/* waiting for their point */
	struct model_wait_queue waiters;	/* woken when a fence or point arrives */
};

/* 0 and a referenced fence for @seqno (0 = the whole syncobj), or -EINVAL. */
int model_syncobj_find_point(struct model_syncobj *s, uint64_t seqno, struct model_fence **out);
struct model_syncobj *model_syncobj_lookup(struct model_file *file, uint32_t handle);
int model_syncobj_array_find(struct model_file *file, uint64_t uhandles, uint32_t count,
			     struct model_syncobj ***out);
/* drm_syncobj_replace_fence: @f (referenced anew) or NULL to reset. */
void model_syncobj_replace_fence(struct model_syncobj *s, struct model_fence *f);
/* drm_syncobj_add_point: @f (referenced anew) becomes timeline point @seqno. */
int model_syncobj_add_point(struct model_syncobj *s, struct model_fence *f, uint64_t seqno);
void model_syncobj_array_free(struct model_syncobj **objs, uint32_t count);
int model_syncobj_check_feature(struct model_file *file, bool timeline);
int model_syncobj_begin(struct model_file *file, bool timeline, uint64_t must_be_zero);

/* syncobj_eventfd.c: the fence of @s changed; entries whose point is there go. */
void model_syncobj_eventfds_update(struct model_syncobj *s);
/* @s is freed: entries still waiting for their point go, unsignalled. */
void model_syncobj_eventfds_release(struct model_syncobj *s);

#endif

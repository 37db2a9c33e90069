/* SPDX-License-Identifier: MIT */
/* Sync objects: what syncobj.c and syncobj_wait.c share. */
#ifndef DRMSUB_MODEL_SYNCOBJ_H
#define DRMSUB_MODEL_SYNCOBJ_H

#include "model/model.h"

/* One timeline point: signalled once its fence and every earlier one are. */
struct model_syncobj_point {
	uint64_t seqno;
	struct model_fence *fence;
};

struct model_syncobj {
	int refs;
	struct model_fence *fence;	/* binary fence, or what preceded the chain */
	bool chain;
	struct model_syncobj_point *points;
	unsigned int nr_points;
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

#endif

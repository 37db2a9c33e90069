// SPDX-License-Identifier: MIT
/*
 * A BO's reservation object (drivers/dma-buf/dma-resv.c): the fences of
 * the submits that use the BO, each with its usage. dma_resv_add_fence
 * keeps one fence per context and usage class — a later fence of the same
 * context replaces an earlier one of the same or a weaker usage, and any
 * signalled fence gives up its slot — so the object holds about one fence
 * per queue that uses the BO, however many submits it saw.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "model/fence.h"
#include "msm/model/msm_model.h"

/* dma_resv_reserve_fences: room for @n more, so that adding cannot fail. */
int msm_resv_reserve(struct msm_resv *resv, unsigned int n)
{
	struct msm_resv_fence *fences;
	unsigned int max;

	if (resv->nr + n <= resv->max)
		return 0;
	max = resv->max ? 2 * resv->max : 4;
	while (max < resv->nr + n)
		max *= 2;
	fences = realloc(resv->fences, max * sizeof(*fences));
	if (!fences)
		return -ENOMEM;
	resv->fences = fences;
	resv->max = max;
	return 0;
}

/* dma_resv_add_fence */
int msm_resv_add_fence(struct msm_resv *resv, struct model_fence *fence, enum msm_resv_usage usage)
{
	for (unsigned int i = 0; i < resv->nr; i++) {
		struct msm_resv_fence *old = &resv->fences[i];
		bool same_context = old->fence->context == fence->context && old->usage >= usage &&
				    (old->fence == fence || msm_fence_is_later(fence, old->fence));

		if (same_context || model_fence_signaled(old->fence)) {
			model_fence_get(fence);
			model_fence_put(old->fence);
			*old = (struct msm_resv_fence){ .fence = fence, .usage = usage };
			return 0;
		}
	}
	if (msm_resv_reserve(resv, 1))
		return -ENOMEM;
	model_fence_get(fence);
	resv->fences[resv->nr++] = (struct msm_resv_fence){ .fence = fence, .usage = usage };
	return 0;
}

/* dma_resv_for_each_fence(@usage): every fence whose usage is @usage or stronger. */
int msm_resv_for_each(const struct msm_resv *resv, enum msm_resv_usage usage,
		      int (*fn)(struct model_fence *fence, void *arg), void *arg)
{
	int ret;

	for (unsigned int i = 0; i < resv->nr; i++) {
		if (resv->fences[i].usage > usage)
			continue;
		ret = fn(resv->fences[i].fence, arg);
		if (ret)
			return ret;
	}
	return 0;
}

void msm_resv_fini(struct msm_resv *resv)
{
	for (unsigned int i = 0; i < resv->nr; i++)
		model_fence_put(resv->fences[i].fence);
	free(resv->fences);
	*resv = (struct msm_resv){ 0 };
}

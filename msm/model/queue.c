// SPDX-License-Identifier: MIT
/*
 * Submit queues (msm_submitqueue.c), their fence ids (queue->fence_idr:
 * a map, so WAIT_FENCE and FENCE_SN_IN find an id at once) and WAIT_FENCE
 * (msm_drv.c). The scheduler that runs their submits is sched.c.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "model/fence.h"
#include "msm/model/msm_model.h"

#define NR_SCHED_PRIORITIES 3
#define FENCE_ID_MAX 0x7fffffffu	/* idr_alloc_cyclic(.., 1, INT_MAX) */

static void put_fence(uint64_t id, void *fence, void *arg)
{
	model_fence_put(fence);
}

struct msm_gpu_submitqueue *msm_queue_lookup(struct msm_ctx *ctx, uint32_t id)
{
	for (struct msm_gpu_submitqueue *q = ctx->queues; q; q = q->next)
		if (q->id == id)
			return q;
	return NULL;
}

void msm_queue_put(struct msm_gpu_submitqueue *q)
{
	if (!q || --q->refs > 0)
		return;
	msm_idmap_for_each(&q->fences, put_fence, NULL);
	msm_idmap_fini(&q->fences);
	msm_vm_put(q->vm);
	msm_sched_queue_gone(q->mdev);
	free(q);
}

/*
 * MSM_SUBMITQUEUE_VM_BIND (6.17): only for a file that opted in, only at
 * priority 0; the queue feeds the VM's scheduler, which it makes now
 * (msm_context_vm), on no ring.
 */
static int vm_bind_queue(struct msm_ctx *ctx, uint32_t prio, struct msm_vm **vm)
{
	if (!msm_ctx_vm_bind(ctx))
		return MSM_UERR(EINVAL, "submitqueue: VM_BIND without the VM_BIND opt-in");
	if (prio)
		return MSM_UERR(EINVAL, "submitqueue: VM_BIND queue at priority %u", prio);
	*vm = msm_ctx_vm(ctx);
	if (!*vm)
		return -ENOMEM;
	msm_vm_get(*vm);
	return 0;
}

/* msm_submitqueue_create: ring = prio / 3 after the range check. */
int msm_queue_create(struct msm_ctx *ctx, uint32_t flags, uint32_t prio, uint32_t *id)
{
	struct msm_dev *mdev = msm_dev(model_file_device(ctx->file));
	uint32_t max_priority = mdev->info->nr_rings * NR_SCHED_PRIORITIES - 1;
	struct msm_gpu_submitqueue *q, **tail;
	struct msm_vm *vm = NULL;
	int ret;

	if (flags & MSM_SUBMITQUEUE_VM_BIND) {
		ret = vm_bind_queue(ctx, prio, &vm);
		if (ret)
			return ret;
	} else if (prio > max_priority) {
		return MSM_UERR(EINVAL, "submitqueue: priority %u > %u", prio, max_priority);
	}
	q = calloc(1, sizeof(*q));
	if (!q || msm_sched_queue_new(mdev)) {
		free(q);
		msm_vm_put(vm);
		return -ENOMEM;
	}
	q->mdev = mdev;
	q->flags = flags;
	q->vm = vm;
	q->id = ctx->next_queue_id++;
	q->prio = prio;
	q->ring = prio / NR_SCHED_PRIORITIES;
	q->next_fence = 1;
	q->fence_context = model_fence_new_context();
	q->ctx = ctx;
	q->refs = 1;
	for (tail = &ctx->queues; *tail; tail = &(*tail)->next)
		;
	*tail = q;
	*id = q->id;
	return 0;
}

/* SUBMITQUEUE_CLOSE (msm_submitqueue_remove): the jobs it holds still run. */
static void queue_close(struct msm_gpu_submitqueue *q)
{
	q->closed = true;
	q->ctx = NULL;
	msm_queue_put(q);
}

void msm_queues_release(struct msm_ctx *ctx)
{
	while (ctx->queues) {
		struct msm_gpu_submitqueue *q = ctx->queues;

		ctx->queues = q->next;
		if (q->flags & MSM_SUBMITQUEUE_VM_BIND)
			msm_vm_bind_queue_close(q->mdev, q);
		queue_close(q);
	}
}

/* MSM_SUBMITQUEUE_ALLOW_PREEMPT came with a7xx preemption (6.13), _VM_BIND with 6.17. */
static uint32_t valid_queue_flags(void)
{
	uint32_t flags = 0;

	if (model_kernel_at_least(6, 13))
		flags |= MSM_SUBMITQUEUE_ALLOW_PREEMPT;
	if (model_kernel_at_least(6, 17))
		flags |= MSM_SUBMITQUEUE_VM_BIND;
	return flags;
}

int msm_ioctl_submitqueue_new(struct model_file *file, void *data)
{
	struct drm_msm_submitqueue *args = data;

	if (args->flags & ~valid_queue_flags())
		return MSM_UERR(EINVAL, "submitqueue_new: invalid flags %#x", args->flags);
	return msm_queue_create(msm_ctx(file), args->flags, args->prio, &args->id);
}

/* msm_submitqueue_remove: the default queue 0 cannot be closed. */
int msm_ioctl_submitqueue_close(struct model_file *file, void *data)
{
	struct msm_ctx *ctx = msm_ctx(file);
	uint32_t id = *(uint32_t *)data;

	if (!id)
		return MSM_UERR(ENOENT, "submitqueue_close: the default queue");
	for (struct msm_gpu_submitqueue **p = &ctx->queues; *p; p = &(*p)->next) {
		if ((*p)->id == id) {
			struct msm_gpu_submitqueue *q = *p;

			*p = q->next;
			queue_close(q);
			return 0;
		}
	}
	return MSM_UERR(ENOENT, "submitqueue_close: no queue %u", id);
}

/* msm_submitqueue_query: pad, queue, param; len 0 asks for the size. */
int msm_ioctl_submitqueue_query(struct model_file *file, void *data)
{
	struct drm_msm_submitqueue_query *args = data;
	struct msm_gpu_submitqueue *q;
	uint32_t size;

	if (args->pad)
		return MSM_UERR(EINVAL, "submitqueue_query: pad %u", args->pad);
	q = msm_queue_lookup(msm_ctx(file), args->id);
	if (!q)
		return MSM_UERR(ENOENT, "submitqueue_query: no queue %u", args->id);
	if (args->param != MSM_SUBMITQUEUE_PARAM_FAULTS)
		return MSM_UERR(EINVAL, "submitqueue_query: invalid param %u", args->param);
	size = args->len < sizeof(q->faults) ? args->len : sizeof(q->faults);
	if (!args->len) {
		args->len = sizeof(q->faults);
		return 0;
	}
	args->len = size;
	return model_copy_to_user((void *)(uintptr_t)args->data, &q->faults, size);
}

/* (s32)(a - b) > 0, as the kernel compares fence ids */
static bool fence_after(uint32_t a, uint32_t b)
{
	return (int32_t)(a - b) > 0;
}

bool msm_queue_fence_in_use(struct msm_gpu_submitqueue *q, uint32_t id)
{
	return msm_idmap_find(&q->fences, id);
}

/*
 * idr_alloc_u32 at @user_id (FENCE_SN_IN, checked free by the caller), or
 * idr_alloc_cyclic(1, INT_MAX): the first free id from the cursor,
 * wrapping to 1; -ENOSPC when every id is taken.
 */
int msm_queue_fence_alloc(struct msm_gpu_submitqueue *q, uint32_t user_id,
			  struct model_fence *fence, uint32_t *id)
{
	uint32_t n = user_id;

	if (!user_id) {
		if (q->fences.count >= FENCE_ID_MAX)
			return -ENOSPC;
		for (n = q->next_fence; msm_idmap_find(&q->fences, n);
		     n = n >= FENCE_ID_MAX ? 1 : n + 1)
			;
	}
	if (msm_idmap_insert(&q->fences, n, fence))
		return -ENOMEM;
	if (!user_id)
		q->next_fence = n >= FENCE_ID_MAX ? 1 : n + 1;
	model_fence_get(fence);
	*id = n;
	return 0;
}

/* The submit retired, or failed after its id was taken: the id leaves the queue's idr. */
void msm_queue_fence_remove(struct msm_gpu_submitqueue *q, uint32_t id)
{
	struct model_fence *fence = msm_idmap_remove(&q->fences, id);

	model_fence_put(fence);
}

/*
 * msm_ioctl_wait_fence → wait_fence: flags, queue, an id never issued is
 * EINVAL, a retired one 0, else wait until the absolute deadline
 * (ETIMEDOUT).
 */
int msm_ioctl_wait_fence(struct model_file *file, void *data)
{
	struct drm_msm_wait_fence *args = data;
	struct model_fence *fence;
	struct msm_gpu_submitqueue *q;
	int ret;

	if (args->flags & ~MSM_WAIT_FENCE_FLAGS)
		return MSM_UERR(EINVAL, "wait_fence: invalid flags %#x", args->flags);
	q = msm_queue_lookup(msm_ctx(file), args->queueid);
	if (!q)
		return MSM_UERR(ENOENT, "wait_fence: no queue %u", args->queueid);
	if (fence_after(args->fence, q->last_fence))
		return MSM_UERR(EINVAL, "wait_fence: waiting on invalid fence %u (last %u)",
				args->fence, q->last_fence);
	fence = msm_idmap_find(&q->fences, args->fence);
	if (!fence)
		return 0;
	model_fence_get(fence);
	q->refs++;
	ret = msm_fence_wait_until(fence, msm_timespec_deadline(args->timeout.tv_sec,
							   args->timeout.tv_nsec));
	model_fence_put(fence);
	msm_queue_put(q);
	return ret ? -ETIMEDOUT : 0;
}

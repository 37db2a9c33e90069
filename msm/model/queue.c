// SPDX-License-Identifier: MIT
/*
 * Submit queues (msm_submitqueue.c), their fence ids and WAIT_FENCE
 * (msm_drv.c), and the scheduler that stands in for drm_sched: a submit
 * reaches the GPU once its dependencies have signalled, in order within
 * its queue.
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

struct msm_queue *msm_queue_lookup(struct msm_ctx *ctx, uint32_t id)
{
	for (struct msm_queue *q = ctx->queues; q; q = q->next)
		if (q->id == id)
			return q;
	return NULL;
}

void msm_queue_put(struct msm_queue *q)
{
	if (--q->refs > 0)
		return;
	while (q->fences) {
		struct msm_fence_slot *s = q->fences;

		q->fences = s->next;
		model_fence_put(s->fence);
		free(s);
	}
	free(q);
}

/* msm_submitqueue_create: ring = prio / 3 after the range check. */
int msm_queue_create(struct msm_ctx *ctx, uint32_t flags, uint32_t prio, uint32_t *id)
{
	struct msm_dev *mdev = msm_dev(model_file_device(ctx->file));
	uint32_t max_priority = mdev->info->nr_rings * NR_SCHED_PRIORITIES - 1;
	struct msm_queue *q, **tail;

	if (prio > max_priority)
		return MSM_UERR(EINVAL, "submitqueue: priority %u > %u", prio, max_priority);
	q = calloc(1, sizeof(*q));
	if (!q)
		return -ENOMEM;
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

static void queue_close(struct msm_queue *q)
{
	q->closed = true;
	q->ctx = NULL;
	msm_queue_put(q);
}

void msm_queues_release(struct msm_ctx *ctx)
{
	while (ctx->queues) {
		struct msm_queue *q = ctx->queues;

		ctx->queues = q->next;
		queue_close(q);
	}
}

/* MSM_SUBMITQUEUE_ALLOW_PREEMPT came with a7xx preemption (6.13). */
static uint32_t valid_queue_flags(void)
{
	return model_kernel_at_least(6, 13) ? MSM_SUBMITQUEUE_ALLOW_PREEMPT : 0;
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
	for (struct msm_queue **p = &ctx->queues; *p; p = &(*p)->next) {
		if ((*p)->id == id) {
			struct msm_queue *q = *p;

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
	struct msm_queue *q;
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

static struct msm_fence_slot *fence_slot(struct msm_queue *q, uint32_t id)
{
	for (struct msm_fence_slot *s = q->fences; s; s = s->next)
		if (s->id == id)
			return s;
	return NULL;
}

/* (s32)(a - b) > 0, as the kernel compares fence ids */
static bool fence_after(uint32_t a, uint32_t b)
{
	return (int32_t)(a - b) > 0;
}

int msm_queue_fence_alloc(struct msm_queue *q, uint32_t user_id, struct model_fence *fence,
			  uint32_t *id)
{
	struct msm_fence_slot *slot;
	uint32_t n = user_id;

	if (!user_id) {
		/* idr_alloc_cyclic: the first free id from the cursor, wrapping to 1 */
		for (n = q->next_fence; fence_slot(q, n); n = n >= FENCE_ID_MAX ? 1 : n + 1)
			;
		q->next_fence = n >= FENCE_ID_MAX ? 1 : n + 1;
	}
	slot = calloc(1, sizeof(*slot));
	if (!slot)
		return -ENOMEM;
	model_fence_get(fence);
	*slot = (struct msm_fence_slot){ .id = n, .fence = fence, .next = q->fences };
	q->fences = slot;
	*id = n;
	return 0;
}

/* The submit retired, or failed after its id was taken: the id leaves the queue's idr. */
void msm_queue_fence_remove(struct msm_queue *q, uint32_t id)
{
	for (struct msm_fence_slot **p = &q->fences; *p; p = &(*p)->next) {
		if ((*p)->id == id) {
			struct msm_fence_slot *s = *p;

			*p = s->next;
			model_fence_put(s->fence);
			free(s);
			return;
		}
	}
}

/*
 * msm_ioctl_wait_fence → wait_fence: flags, queue, an id never issued is
 * EINVAL, a retired one 0, else wait until the absolute deadline
 * (ETIMEDOUT).
 */
int msm_ioctl_wait_fence(struct model_file *file, void *data)
{
	struct drm_msm_wait_fence *args = data;
	struct msm_fence_slot *slot;
	struct model_fence *fence;
	struct msm_queue *q;
	int ret;

	if (args->flags & ~MSM_WAIT_FENCE_FLAGS)
		return MSM_UERR(EINVAL, "wait_fence: invalid flags %#x", args->flags);
	q = msm_queue_lookup(msm_ctx(file), args->queueid);
	if (!q)
		return MSM_UERR(ENOENT, "wait_fence: no queue %u", args->queueid);
	if (fence_after(args->fence, q->last_fence))
		return MSM_UERR(EINVAL, "wait_fence: waiting on invalid fence %u (last %u)",
				args->fence, q->last_fence);
	slot = fence_slot(q, args->fence);
	if (!slot)
		return 0;
	fence = slot->fence;
	model_fence_get(fence);
	q->refs++;
	ret = model_fence_wait(fence, msm_timespec_deadline(args->timeout.tv_sec,
							   args->timeout.tv_nsec));
	model_fence_put(fence);
	msm_queue_put(q);
	return ret ? -ETIMEDOUT : 0;
}

/* ---- the scheduler --------------------------------------------------- */

static void submit_free(struct model_job *job)
{
	struct msm_submit *submit = (struct msm_submit *)job;

	/* called with the lock held, after the ring fence signalled */
	model_fence_signal(submit->fence, job->fence ? job->fence->error : 0);
	msm_queue_fence_remove(submit->queue, submit->fence_id);
	msm_vm_snapshot_release(&submit->vm);
	msm_vm_put(submit->vmref);
	for (unsigned int i = 0; i < submit->nr_bos; i++)
		model_bo_put(submit->bos[i]);
	msm_deps_fini(&submit->deps);
	model_fence_put(submit->fence);
	msm_queue_put(submit->queue);
	free(submit->bos);
	free(submit->cmds);
	free(submit);
}

/* Push every pending submit whose dependencies are done, FIFO per queue. */
static void sched_kick(struct msm_dev *mdev)
{
	struct msm_queue *blocked[32];
	unsigned int nr_blocked = 0;
	struct msm_submit **p = &mdev->pending;

	while (*p) {
		struct msm_submit *submit = *p;
		bool wait = !msm_deps_signalled(&submit->deps);

		for (unsigned int i = 0; i < nr_blocked && !wait; i++)
			wait = blocked[i] == submit->queue;
		if (wait) {
			if (nr_blocked < 32)
				blocked[nr_blocked++] = submit->queue;
			p = &submit->next;
			continue;
		}
		*p = submit->next;
		submit->seqno = (uint32_t)++mdev->ring_seqno[submit->job.ring];
		if (model_gpu_submit(mdev->dev, &submit->job, NULL)) {
			model_fence_signal(submit->fence, -ENOMEM);
			submit->job.fence = NULL;
			submit_free(&submit->job);
		}
	}
}

static void *sched_thread(void *arg)
{
	struct msm_dev *mdev = arg;

	pthread_mutex_lock(&model_lock);
	while (mdev->sched_pid == model_pid) {
		sched_kick(mdev);
		model_wait_until(model_now_ns() + 100000000ll);
	}
	pthread_mutex_unlock(&model_lock);
	return NULL;
}

int msm_sched_start(struct msm_dev *mdev)
{
	return model_thread_start_once(&mdev->sched_pid, sched_thread, mdev);
}

void msm_sched_push(struct msm_dev *mdev, struct msm_submit *submit)
{
	struct msm_submit **tail;

	submit->job.run = msm_cp_run;
	submit->job.free = submit_free;
	submit->job.ring = submit->queue->ring;
	for (tail = &mdev->pending; *tail; tail = &(*tail)->next)
		;
	submit->next = NULL;
	*tail = submit;
	sched_kick(mdev);
}

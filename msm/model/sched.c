// SPDX-License-Identifier: MIT
/*
 * The scheduler that stands in for drm_sched: each queue (an entity) keeps
 * its jobs in order; a queue whose first job has all its dependencies
 * signalled is ready, and ready queues run their first job oldest
 * submission first (drm_sched's FIFO policy), until none is ready. A
 * submit's turn hands it to the GPU; a VM_BIND job's runs it at once (the
 * VM's own scheduler does on the CPU: msm_vma_job_run). Only queues that
 * have jobs waiting are looked at, and a waiting job's dependencies are
 * checked from where the last look stopped, so a kick costs the waiting
 * queues, never the waiting jobs. Kicks come with every submit and, from
 * the scheduler's thread, when the dependency a waiting queue's first job
 * stopped at signals (drm_sched_entity_add_dependency_cb).
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#include "model/model.h"
#include "model/fence.h"
#include "msm/model/msm_model.h"

/* The heap of ready queues has room for every queue of the device. */
int msm_sched_queue_new(struct msm_dev *mdev)
{
	if (model_array_reserve(&mdev->ready, mdev->nr_queues, &mdev->max_ready,
				sizeof(*mdev->ready), 16))
		return -ENOMEM;
	mdev->nr_queues++;
	return 0;
}

void msm_sched_queue_gone(struct msm_dev *mdev)
{
	mdev->nr_queues--;
}

static bool older(const struct msm_gpu_submitqueue *a, const struct msm_gpu_submitqueue *b)
{
	return a->pending->order < b->pending->order;
}

static void swap(struct msm_gpu_submitqueue **heap, unsigned int i, unsigned int j)
{
	struct msm_gpu_submitqueue *t = heap[i];

	heap[i] = heap[j];
	heap[j] = t;
}

static void ready_push(struct msm_dev *mdev, struct msm_gpu_submitqueue *q)
{
	struct msm_gpu_submitqueue **heap = mdev->ready;
	unsigned int i = mdev->nr_ready++;

	heap[i] = q;
	for (; i && older(heap[i], heap[(i - 1) / 2]); i = (i - 1) / 2)
		swap(heap, i, (i - 1) / 2);
}

static struct msm_gpu_submitqueue *ready_pop(struct msm_dev *mdev)
{
	struct msm_gpu_submitqueue **heap = mdev->ready, *top;
	unsigned int i = 0, n;

	if (!mdev->nr_ready)
		return NULL;
	top = heap[0];
	n = --mdev->nr_ready;
	heap[0] = heap[n];
	for (;;) {
		unsigned int l = 2 * i + 1, r = l + 1, min = i;

		if (l < n && older(heap[l], heap[min]))
			min = l;
		if (r < n && older(heap[r], heap[min]))
			min = r;
		if (min == i)
			return top;
		swap(heap, i, min);
		i = min;
	}
}

/* The first submit of @q can run; if it waits, the scheduler looks again when that fence signals. */
static bool head_ready(struct msm_dev *mdev, struct msm_gpu_submitqueue *q)
{
	struct msm_deps *d;

	if (!q->pending)
		return false;
	d = &q->pending->deps;
	if (msm_deps_signalled(d))
		return true;
	model_fence_wake_on_signal(d->fences[d->next], &mdev->sched_thread.wake);
	return false;
}

static struct msm_gem_submit *to_submit(struct msm_sched_job *job)
{
	return (struct msm_gem_submit *)((char *)job - offsetof(struct msm_gem_submit, sched));
}

static void submit_free(struct model_job *job)
{
	struct msm_gem_submit *submit = (struct msm_gem_submit *)job;

	/* called with the lock held, after the ring fence signalled */
	model_fence_signal(submit->fence, job->fence ? job->fence->error : 0);
	msm_queue_fence_remove(submit->queue, submit->fence_id);
	msm_deps_fini(&submit->sched.deps);
	msm_queue_put(submit->queue);
	msm_submit_destroy(submit);
}

/*
 * A submit's run on the GPU: the CP, unless recovery found its VM unusable
 * while it was on the ring (then only the ring's fence write happens).
 */
static int submit_run(struct model_job *job)
{
	struct msm_gem_submit *submit = (struct msm_gem_submit *)job;
	struct msm_dev *mdev = submit->mdev;

	if (!msm_vm_skips_replay(submit->vmref, submit->ring_stamp))
		return msm_cp_run(job);
	model_debug("msm: submit %u of queue %u: its VM is unusable, its IBs are not replayed",
		    submit->fence_id, submit->queue->id);
	mdev->ring_ctx_seqno[job->ring] = submit->ctx_seqno;
	msm_reg_write_kernel(mdev->regs, msm_scratch_offset(mdev->info, 2), submit->seqno);
	model_job_progress(job);
	return 0;
}

bool msm_job_is_submit(const struct model_job *job)
{
	return job->run == submit_run;
}

static void to_gpu(struct msm_dev *mdev, struct msm_sched_job *job)
{
	struct msm_gem_submit *submit = to_submit(job);

	submit->seqno = (uint32_t)++mdev->ring_seqno[submit->job.ring];
	submit->ring_stamp = ++mdev->ring_stamp;
	if (model_gpu_submit(mdev->dev, &submit->job, NULL)) {
		model_fence_signal(submit->fence, -ENOMEM);
		submit->job.fence = NULL;
		submit_free(&submit->job);
	}
}

/* The first job of @q leaves its list and runs (or reaches the GPU). */
static void run_head(struct msm_dev *mdev, struct msm_gpu_submitqueue *q)
{
	struct msm_sched_job *job = q->pending;

	q->pending = job->next;
	if (!q->pending)
		q->pending_tail = NULL;
	job->execute(mdev, job);
}

static void sched_pass(struct msm_dev *mdev)
{
	struct msm_gpu_submitqueue *q;

	/* queues with nothing waiting leave the list (and give back its reference) */
	for (struct msm_gpu_submitqueue **p = &mdev->sched_queues; (q = *p);) {
		if (!q->pending) {
			*p = q->sched_next;
			q->on_sched = false;
			msm_queue_put(q);
			continue;
		}
		if (head_ready(mdev, q))
			ready_push(mdev, q);
		p = &q->sched_next;
	}
	while ((q = ready_pop(mdev))) {
		run_head(mdev, q);
		if (head_ready(mdev, q))
			ready_push(mdev, q);
	}
}

/*
 * Passes until no job that ran on the CPU signalled a fence: such a fence
 * may be what a job of a queue looked at earlier in the pass waits for.
 */
static void sched_kick(struct msm_dev *mdev)
{
	do {
		mdev->sched_again = false;
		sched_pass(mdev);
	} while (mdev->sched_again);
}

static void sched_thread_kick(void *arg)
{
	sched_kick(arg);
}

int msm_sched_start(struct msm_dev *mdev)
{
	return model_sched_thread_start(&mdev->sched_thread, sched_thread_kick, mdev);
}

/* drm_sched_entity_push_job: to the end of its queue. */
void msm_sched_push_job(struct msm_dev *mdev, struct msm_gpu_submitqueue *q,
			struct msm_sched_job *job)
{
	job->order = ++mdev->submit_order;
	job->next = NULL;
	if (q->pending_tail)
		q->pending_tail->next = job;
	else
		q->pending = job;
	q->pending_tail = job;
	if (!q->on_sched) {
		q->on_sched = true;
		q->refs++;
		q->sched_next = mdev->sched_queues;
		mdev->sched_queues = q;
	}
	sched_kick(mdev);
}

void msm_sched_push(struct msm_dev *mdev, struct msm_gem_submit *submit)
{
	submit->job.run = submit_run;
	submit->job.free = submit_free;
	submit->job.ring = submit->queue->ring;
	submit->sched.execute = to_gpu;
	submit->sched.done = submit->fence;
	msm_sched_push_job(mdev, submit->queue, &submit->sched);
}

void msm_sched_flush_queue(struct msm_dev *mdev, struct msm_gpu_submitqueue *q)
{
	sched_kick(mdev);
	/* the jobs run in order: the last one's fence says all ran */
	while (q->pending_tail) {
		struct model_fence *f = q->pending_tail->done;

		model_fence_get(f);
		model_fence_wait(f, -1);
		model_fence_put(f);
	}
}

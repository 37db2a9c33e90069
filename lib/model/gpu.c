// SPDX-License-Identifier: MIT
/*
 * The GPU of a device: one thread that runs queued jobs, in order within
 * each ring (rings take turns), and signals each job's fence when it ends;
 * and a hangcheck thread that calls the driver's recovery when the
 * running job made no progress over a whole period of GPU time.
 *
 * The hangcheck decides as the kernel's do — msm_gpu.c hangcheck_handler
 * (the completed fence did not move, made_progress), drm_sched's job
 * timeout (drm_sched_job_timedout), radeon_fence_check_lockup — from "no
 * progress for a period"; but the period is counted in the GPU time the
 * job was credited (model_job_poll_sleep, model_job_stopped_sleep,
 * driver.h), not in wall time: a GPU thread the host did not schedule has
 * not been waiting on anything.
 * It looks every half period (wall), so a job waiting forever ends after
 * one to one and a half periods of its credited time.
 *
 * Threads do not survive fork(): the first ioctl of a child restarts them.
 * A job that was queued or running at the fork runs again in the child.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "model/model.h"
#include "model/fence.h"
#include "model/wait.h"

struct model_gpu {
	pid_t pid;			/* process whose threads these are */
	struct model_waiter work;	/* the GPU thread: work was queued */
	struct model_waiter hangcheck;	/* the hangcheck thread: nobody wakes it */
	struct model_job *head[MODEL_MAX_RINGS], *tail[MODEL_MAX_RINGS];
	struct model_job *running;
	uint64_t running_seq;		/* how many jobs the thread started: tells jobs apart */
	unsigned int next_ring;
	uint64_t seqno[MODEL_MAX_RINGS];
	uint64_t context;
};

static struct model_job *dequeue(struct model_gpu *gpu)
{
	for (unsigned int i = 0; i < MODEL_MAX_RINGS; i++) {
		unsigned int ring = (gpu->next_ring + i) % MODEL_MAX_RINGS;
		struct model_job *job = gpu->head[ring];

		if (!job)
			continue;
		gpu->head[ring] = job->next;
		if (!job->next)
			gpu->tail[ring] = NULL;
		gpu->next_ring = ring + 1;
		return job;
	}
	return NULL;
}

static void complete(struct model_job *job, int err)
{
	struct model_fence *fence = job->fence;

	if (job->cancelled && !err)
		err = job->cancel_error;
	model_fence_signal(fence, err);
	if (job->free)
		job->free(job);
	model_fence_put(fence);
}

static void *gpu_thread(void *arg)
{
	struct model_device *dev = arg;
	struct model_gpu *gpu = dev->gpu;
	struct model_job *job;
	int err;

	pthread_mutex_lock(&model_lock);
	while (gpu->pid == model_pid) {
		job = dequeue(gpu);
		if (!job) {
			model_waiter_sleep(&gpu->work, 0);
			continue;
		}
		gpu->running = job;
		gpu->running_seq++;
		pthread_mutex_unlock(&model_lock);
		err = job->run(job);
		pthread_mutex_lock(&model_lock);
		gpu->running = NULL;
		complete(job, err);
	}
	pthread_mutex_unlock(&model_lock);
	return NULL;
}

static void hang_detected(struct model_device *dev, struct model_job *job)
{
	model_debug("%s: hangcheck: no progress on ring %u, recovering", dev->driver->name,
		    job->ring);
	if (dev->driver->recover)
		dev->driver->recover(dev, job);
	else
		model_job_cancel(job, -ETIME);
}

uint64_t model_job_seqno(const struct model_job *job)
{
	return job->fence ? job->fence->seqno : 0;
}

uint64_t model_ring_last_seqno(const struct model_device *dev, unsigned int ring)
{
	return dev->gpu && ring < MODEL_MAX_RINGS ? dev->gpu->seqno[ring] : 0;
}

unsigned int model_hangcheck_ms(const struct model_device *dev)
{
	return model_config.hangcheck_ms ? model_config.hangcheck_ms : dev->driver->hangcheck_ms;
}

/* The running job's counters, written by run() with atomics. */
static __attribute__((noinline)) uint64_t job_progress(struct model_job *job)
{
	return __atomic_load_n(&job->progress, __ATOMIC_RELAXED);
}

static __attribute__((noinline)) int64_t job_polled_ns(struct model_job *job)
{
	return __atomic_load_n(&job->polled_ns, __ATOMIC_RELAXED);
}

/* What the hangcheck last saw of the running job. */
struct hang_watch {
	uint64_t seq;			/* running_seq of the job; 0: none */
	uint64_t progress;
	int64_t polled_ns;		/* its credited GPU time when progress last changed */
};

/* One look: a job that was credited a whole period without progress hangs. */
static void hangcheck_look(struct model_device *dev, struct hang_watch *w, int64_t period)
{
	struct model_gpu *gpu = dev->gpu;
	struct model_job *job = gpu->running;
	uint64_t progress;
	int64_t polled;

	if (!job) {
		w->seq = 0;
		return;
	}
	progress = job_progress(job);
	polled = job_polled_ns(job);
	if (w->seq != gpu->running_seq || w->progress != progress) {
		*w = (struct hang_watch){ gpu->running_seq, progress, polled };
		return;
	}
	if (polled - w->polled_ns < period || job->cancelled)
		return;
	job->stalled_ns = polled - w->polled_ns;
	hang_detected(dev, job);
	w->polled_ns = polled;
}

static void *hangcheck_thread(void *arg)
{
	struct model_device *dev = arg;
	struct model_gpu *gpu = dev->gpu;
	int64_t period = model_hangcheck_ms(dev) * 1000000ll;
	int64_t deadline = model_now_ns() + period / 2;
	struct hang_watch watch = { 0 };

	pthread_mutex_lock(&model_lock);
	while (gpu->pid == model_pid) {
		if (model_now_ns() < deadline) {
			model_waiter_sleep(&gpu->hangcheck, deadline);
			continue;
		}
		/* a late wake-up looks once: the time it missed was not GPU time */
		deadline = model_now_ns() + period / 2;
		hangcheck_look(dev, &watch, period);
	}
	pthread_mutex_unlock(&model_lock);
	return NULL;
}

static int start_threads(struct model_device *dev)
{
	int err;

	dev->gpu->pid = model_pid;
	err = model_thread_start(gpu_thread, dev);
	return err ? err : model_thread_start(hangcheck_thread, dev);
}

static int gpu_get(struct model_device *dev)
{
	struct model_gpu *gpu = dev->gpu;

	if (!gpu) {
		gpu = calloc(1, sizeof(*gpu));
		if (!gpu)
			return -ENOMEM;
		gpu->context = model_fence_new_context();
		dev->gpu = gpu;
	}
	if (gpu->pid == model_pid)
		return 0;
	/* a forked child: the job that was running starts again */
	if (gpu->running) {
		struct model_job *job = gpu->running;

		gpu->running = NULL;
		job->next = gpu->head[job->ring];
		gpu->head[job->ring] = job;
		if (!gpu->tail[job->ring])
			gpu->tail[job->ring] = job;
	}
	/* before the threads run: a submit may wake them at once */
	model_waiter_init(&gpu->work);
	model_waiter_init(&gpu->hangcheck);
	return start_threads(dev);
}

void model_gpu_after_fork(void)
{
	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];

		if (dev->gpu && dev->gpu->pid != model_pid)
			gpu_get(dev);
	}
}

int model_gpu_submit(struct model_device *dev, struct model_job *job, struct model_fence **fence)
{
	struct model_gpu *gpu;
	int err;

	if (job->ring >= MODEL_MAX_RINGS || !job->run)
		return -EINVAL;
	err = gpu_get(dev);
	if (err)
		return err;
	gpu = dev->gpu;
	job->fence = model_fence_new();
	if (!job->fence)
		return -ENOMEM;
	job->fence->driver = dev->driver->name;
	job->fence->timeline = "ring";
	job->fence->context = gpu->context + job->ring;
	job->fence->seqno = ++gpu->seqno[job->ring];
	job->dev = dev;
	job->next = NULL;
	if (gpu->tail[job->ring])
		gpu->tail[job->ring]->next = job;
	else
		gpu->head[job->ring] = job;
	gpu->tail[job->ring] = job;
	if (fence) {
		model_fence_get(job->fence);
		*fence = job->fence;
	}
	model_waiter_wake(&gpu->work);
	return 0;
}

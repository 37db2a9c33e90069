// SPDX-License-Identifier: MIT
/*
 * The GPU of a device: one thread that runs queued jobs, in order within
 * each ring (rings take turns), and signals each job's fence when it ends;
 * and a hangcheck thread that, every DRMSUB_MODEL_HANGCHECK_MS, looks at
 * the running job and calls the driver's recovery when it made no
 * progress since the last look.
 *
 * Threads do not survive fork(): the first ioctl of a child restarts them.
 * A job that was queued or running at the fork runs again in the child.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "model/model.h"
#include "model/fence.h"

struct model_gpu {
	pid_t pid;			/* process whose threads these are */
	pthread_cond_t wake;		/* work queued (gpu thread) */
	struct model_job *head[MODEL_MAX_RINGS], *tail[MODEL_MAX_RINGS];
	struct model_job *running;
	unsigned int next_ring;
	uint64_t seqno[MODEL_MAX_RINGS];
	uint64_t context;
};

static void cond_init_monotonic(pthread_cond_t *cond)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(cond, &attr);
	pthread_condattr_destroy(&attr);
}

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
			pthread_cond_wait(&gpu->wake, &model_lock);
			continue;
		}
		gpu->running = job;
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

/* The running job's progress counter, written by run() with atomics. */
static __attribute__((noinline)) uint64_t job_progress(struct model_job *job)
{
	return __atomic_load_n(&job->progress, __ATOMIC_RELAXED);
}

/* Once per period: a job that ran through a whole period without progress hangs. */
static void *hangcheck_thread(void *arg)
{
	struct model_device *dev = arg;
	struct model_gpu *gpu = dev->gpu;
	int64_t period = model_hangcheck_ms(dev) * 1000000ll;
	int64_t deadline = model_now_ns() + period;
	struct model_job *watched = NULL;

	pthread_mutex_lock(&model_lock);
	while (gpu->pid == model_pid) {
		struct model_job *job = gpu->running;
		uint64_t progress;

		if (model_now_ns() < deadline) {
			model_wait_until(deadline);
			continue;
		}
		deadline += period;
		if (!job) {
			watched = NULL;
			continue;
		}
		progress = job_progress(job);
		if (job == watched && progress == job->seen_progress && !job->cancelled)
			hang_detected(dev, job);
		job->seen_progress = progress;
		watched = job;
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
		cond_init_monotonic(&gpu->wake);
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
	cond_init_monotonic(&gpu->wake);
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
	pthread_cond_signal(&gpu->wake);
	return 0;
}

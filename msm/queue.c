// SPDX-License-Identifier: MIT
/* msm submit queues, fence waits and deadlines. */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <xf86drm.h>

#include "core/test.h"
#include "msm/msm.h"

struct drm_msm_timespec msm_deadline_in(uint64_t ns)
{
	struct timespec now;
	uint64_t t;

	clock_gettime(CLOCK_MONOTONIC, &now);
	t = (uint64_t)now.tv_sec * NSEC_PER_SEC + (uint64_t)now.tv_nsec + ns;
	return (struct drm_msm_timespec){
		.tv_sec = (int64_t)(t / NSEC_PER_SEC),
		.tv_nsec = (int64_t)(t % NSEC_PER_SEC),
	};
}

bool msm_deadline_passed(struct drm_msm_timespec deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec != deadline.tv_sec ? now.tv_sec > deadline.tv_sec
					     : now.tv_nsec >= deadline.tv_nsec;
}

int __msm_queue_new(struct msm_device *dev, uint32_t flags, uint32_t prio, uint32_t *id)
{
	struct drm_msm_submitqueue req = { .flags = flags, .prio = prio };

	if (drmIoctl(dev->fd, DRM_IOCTL_MSM_SUBMITQUEUE_NEW, &req))
		return -errno;
	*id = req.id;
	return 0;
}

struct msm_queue *msm_queue_new_flags(struct msm_device *dev, uint32_t flags, uint32_t prio)
{
	struct msm_queue *q = calloc(1, sizeof(*q));

	igt_assert(q);
	q->dev = dev;
	q->prio = prio;
	q->flags = flags;
	igt_assert_eq(__msm_queue_new(dev, flags, prio, &q->id), 0);
	return q;
}

struct msm_queue *msm_queue_new(struct msm_device *dev, uint32_t prio)
{
	return msm_queue_new_flags(dev, 0, prio);
}

int __msm_queue_close(struct msm_device *dev, uint32_t id)
{
	return drmIoctl(dev->fd, DRM_IOCTL_MSM_SUBMITQUEUE_CLOSE, &id) ? -errno : 0;
}

void msm_queue_free(struct msm_queue *q)
{
	if (!q)
		return;
	igt_assert_eq(__msm_queue_close(q->dev, q->id), 0);
	free(q);
}

int __msm_queue_query_faults(struct msm_queue *q, uint32_t *faults)
{
	struct drm_msm_submitqueue_query req = {
		.data = (uintptr_t)faults,
		.id = q->id,
		.param = MSM_SUBMITQUEUE_PARAM_FAULTS,
		.len = sizeof(*faults),
	};

	return drmIoctl(q->dev->fd, DRM_IOCTL_MSM_SUBMITQUEUE_QUERY, &req) ? -errno : 0;
}

int __msm_wait_fence(struct msm_queue *q, uint32_t fence, uint64_t timeout_ns)
{
	struct drm_msm_wait_fence req = {
		.fence = fence,
		.timeout = msm_deadline_in(timeout_ns),
		.queueid = q->id,
	};

	return drmIoctl(q->dev->fd, DRM_IOCTL_MSM_WAIT_FENCE, &req) ? -errno : 0;
}

// SPDX-License-Identifier: MIT
/*
 * sw_sync (drivers/dma-buf/sw_sync.c): opening <debugfs>/sync/sw_sync makes
 * a software timeline, a 32-bit counter starting at 0. CREATE_FENCE gives
 * a sync_file of a fence that signals once the counter reaches its value
 * (one fence per pending value: asking again for a pending value gives
 * the same fence), INC advances the counter, and closing the last fd of
 * the timeline signals every pending fence with -ENOENT
 * (sw_sync_debugfs_release). The fences are model fences: syncobjs,
 * sync_file ioctls, waits and the drivers' in-fences take them as any.
 *
 * A point embeds its fence first, so that the fence's last reference
 * frees the point, with the timeline name its fence reports.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "drm-uapi/sw_sync.h"
#include "model/model.h"
#include "model/fence.h"

/* TASK_COMM_LEN: the timeline is named after the opener's comm. */
#define COMM_LEN 16

/* timeline_fence_get_driver_name; also what tells a sw_sync fence apart */
static const char sw_sync_driver[] = "sw_sync";

struct sw_sync_point {
	struct model_fence base;	/* first: model_fence_put frees the point */
	char timeline_name[COMM_LEN];
	bool has_deadline;
	int64_t deadline_ns;
	struct sw_sync_point *next;	/* pending, in timeline order */
};

struct model_sw_sync {
	int refs;			/* first: the fd table counts it */
	uint64_t context;
	uint32_t value;
	char name[COMM_LEN];
	struct sw_sync_point *pending;	/* each holds a reference to its fence */
};

/* __dma_fence_is_later for 32-bit seqnos: @a is after @b, modulo 2^32. */
static bool is_later(uint32_t a, uint32_t b)
{
	return (int32_t)(a - b) > 0;
}

/*
 * The debugfs file, the only node a mainline kernel has for sw_sync
 * (Android's staging driver had /dev/sw_sync). The fake tree holds it, so
 * that stat and access see a root-only debugfs file; open comes here.
 */
bool model_path_is_sw_sync(const char *path)
{
	return path && !strcmp(path, SW_SYNC_DEBUGFS_PATH) && model_active();
}

/* sw_sync_debugfs_open */
int model_sw_sync_open(int flags)
{
	struct model_sw_sync *t = calloc(1, sizeof(*t));
	int fd;

	if (!t)
		return -ENOMEM;
	if (prctl(PR_GET_NAME, t->name) < 0)
		strcpy(t->name, "drmsub");
	pthread_mutex_lock(&model_lock);
	t->context = model_fence_new_context();
	fd = model_new_fd(flags & O_CLOEXEC, flags & O_NONBLOCK);
	if (fd >= 0)
		model_fd_install(fd, MODEL_FD_SW_SYNC, t);
	pthread_mutex_unlock(&model_lock);
	if (fd < 0)
		free(t);
	return fd;
}

/* sw_sync_debugfs_release, on the last close of the timeline. */
void model_sw_sync_put(void *obj)
{
	struct model_sw_sync *t = obj;

	if (--t->refs > 0)
		return;
	while (t->pending) {
		struct sw_sync_point *pt = t->pending;

		t->pending = pt->next;
		model_fence_signal(&pt->base, -ENOENT);
		model_fence_put(&pt->base);
	}
	free(t);
}

static struct sw_sync_point *point_new(struct model_sw_sync *t, uint32_t value)
{
	struct sw_sync_point *pt = calloc(1, sizeof(*pt));

	if (!pt)
		return NULL;
	memcpy(pt->timeline_name, t->name, sizeof(pt->timeline_name));
	pt->base.refs = 1;
	pt->base.context = t->context;
	pt->base.seqno = value;
	pt->base.driver = sw_sync_driver;
	pt->base.timeline = pt->timeline_name;
	return pt;
}

/*
 * sync_pt_create: a value already reached is signalled at birth; a pending
 * value already on the timeline gives its fence; else a new point goes in
 * order. Returns a referenced fence or NULL.
 */
static struct model_fence *point_get(struct model_sw_sync *t, uint32_t value)
{
	struct sw_sync_point **p = &t->pending, *pt;

	for (; *p && !is_later((*p)->base.seqno, value); p = &(*p)->next) {
		if ((*p)->base.seqno == value) {
			model_fence_get(&(*p)->base);
			return &(*p)->base;
		}
	}
	pt = point_new(t, value);
	if (!pt)
		return NULL;
	if (!is_later(value, t->value)) {
		model_fence_signal(&pt->base, 0);
		return &pt->base;
	}
	model_fence_get(&pt->base);	/* the timeline's reference */
	pt->next = *p;
	*p = pt;
	return &pt->base;
}

/* sync_timeline_signal: advance, then signal the points reached, in order. */
static void timeline_signal(struct model_sw_sync *t, uint32_t inc)
{
	t->value += inc;
	while (t->pending && !is_later(t->pending->base.seqno, t->value)) {
		struct sw_sync_point *pt = t->pending;

		t->pending = pt->next;
		model_fence_signal(&pt->base, 0);
		model_fence_put(&pt->base);
	}
}

static long ioctl_create_fence(struct model_sw_sync *t, void *arg)
{
	struct sw_sync_create_fence_data data;
	struct model_fence *fence;
	int fd, ret;

	if (model_copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	fence = point_get(t, data.value);
	if (!fence)
		return -ENOMEM;
	ret = model_sync_file_create(fence, &fd);
	model_fence_put(fence);
	if (ret)
		return ret;
	data.fence = fd;
	return model_sync_file_reply(fd, arg, &data, sizeof(data));
}

/* sw_sync_ioctl_inc: steps of at most INT_MAX, as the kernel takes them. */
static long ioctl_inc(struct model_sw_sync *t, void *arg)
{
	uint32_t value;

	if (model_copy_from_user(&value, arg, sizeof(value)))
		return -EFAULT;
	while (value > INT_MAX) {
		timeline_signal(t, INT_MAX);
		value -= INT_MAX;
	}
	timeline_signal(t, value);
	return 0;
}

static struct sw_sync_point *to_point(struct model_fence *f)
{
	return f && f->driver == sw_sync_driver ? (struct sw_sync_point *)f : NULL;
}

/* timeline_fence_set_deadline: the earliest deadline any waiter asked for. */
void model_sw_sync_set_deadline(struct model_fence *f, int64_t deadline_ns)
{
	struct sw_sync_point *pt = to_point(f);

	if (!pt || (pt->has_deadline && pt->deadline_ns <= deadline_ns))
		return;
	pt->has_deadline = true;
	pt->deadline_ns = deadline_ns;
}

/* sw_sync_ioctl_get_deadline (6.8) */
static long ioctl_get_deadline(void *arg)
{
	struct sw_sync_get_deadline data;
	struct sw_sync_point *pt;
	struct model_fence *fence;
	int ret = 0;

	if (model_copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (data.deadline_ns || data.pad)
		return -EINVAL;
	fence = model_sync_file_get_fence(data.fence_fd);
	if (!fence)
		return -EINVAL;
	pt = to_point(fence);
	if (!pt)
		ret = -EINVAL;
	else if (!pt->has_deadline)
		ret = -ENOENT;
	else
		data.deadline_ns = pt->deadline_ns;
	model_fence_put(fence);
	if (ret)
		return ret;
	return model_copy_to_user(arg, &data, sizeof(data));
}

/* sw_sync_ioctl: the exact requests, anything else ENOTTY. */
long model_sw_sync_ioctl(void *obj, unsigned long cmd, void *arg)
{
	switch (cmd) {
	case SW_SYNC_IOC_CREATE_FENCE:
		return ioctl_create_fence(obj, arg);
	case SW_SYNC_IOC_INC:
		return ioctl_inc(obj, arg);
	case SW_SYNC_GET_DEADLINE:
		if (model_kernel_at_least(6, 8))
			return ioctl_get_deadline(arg);
		return -ENOTTY;
	default:
		return -ENOTTY;
	}
}

// SPDX-License-Identifier: MIT
/*
 * SYNCOBJ_WAIT and SYNCOBJ_TIMELINE_WAIT (drm_syncobj_array_wait_timeout):
 * absolute CLOCK_MONOTONIC deadlines (0 polls), WAIT_ALL, WAIT_FOR_SUBMIT,
 * WAIT_AVAILABLE, -ETIME on timeout and first_signaled.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <drm.h>

#include "model/model.h"
#include "model/fence.h"
#include "model/syncobj.h"

/*
 * "drm/syncobj: Add deadline support for syncobj waits" (6.8) added
 * DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE and, so that userspace can probe
 * for it, made a wait for no handles succeed (it was EINVAL).
 */
#define WAIT_DEADLINE (1u << 3)
#define DEADLINE_KERNEL 6, 8

/* sizeof(struct syncobj_wait_entry) on a 64-bit kernel: the wait's per-handle array. */
#define KERNEL_WAIT_ENTRY_SIZE 64

/* drm_timeout_abs_to_jiffies: 0 (poll) stays 0; a past deadline polls. */
static int64_t deadline_of(int64_t timeout_nsec)
{
	if (timeout_nsec <= 0 || timeout_nsec <= model_now_ns())
		return 0;
	return timeout_nsec;
}

struct entry_links;

struct wait_state {
	struct model_syncobj **objs;
	uint64_t *points;
	struct model_fence **fences;	/* what each entry waits for, once it has a fence */
	uint32_t count, flags;
	struct model_waiter waiter;
	struct entry_links *links;
};

/* An entry's links: on its fence, and on its syncobj while it has no fence. */
struct entry_links {
	struct model_wait_link on_fence, on_obj;
	struct wait_state *w;
};

/* The fence of entry @i, when its syncobj has one for the entry's point. */
static void take_fence(struct wait_state *w, uint32_t i)
{
	if (!w->fences[i])
		model_syncobj_find_point(w->objs[i], w->points[i], &w->fences[i]);
}

/*
 * syncobj_wait_syncobj_func: a syncobj that gets a fence (or the point) an
 * entry waits for hands it to the entry there and then, under the
 * syncobj's lock, and the entry keeps it: a reset or another fence after
 * that changes nothing for this wait (IGT's syncobj_wait *-snapshot
 * subtests), however late the sleeper runs.
 */
static void peek_syncobj(struct model_wait_link *link)
{
	struct entry_links *e = (struct entry_links *)
		((char *)link - offsetof(struct entry_links, on_obj));

	take_fence(e->w, (uint32_t)(e - e->w->links));
}

/* One look at every entry; true when the wait is satisfied. */
static bool wait_pass(struct wait_state *w, uint32_t *first)
{
	uint32_t signaled = 0;

	for (uint32_t i = 0; i < w->count; i++) {
		take_fence(w, i);
		if (!w->fences[i])
			continue;
		if (!(w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE) &&
		    !model_fence_signaled(w->fences[i]))
			continue;
		if (!(w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL)) {
			*first = i;
			return true;
		}
		signaled++;
	}
	return signaled == w->count;
}

/*
 * Hang the waiter on what can end the wait, as drm_syncobj_array_wait_timeout
 * adds a fence callback per entry and, for an entry still without a fence,
 * a wait on its syncobj (drm_syncobj_fence_add_wait).
 */
static void arm(struct wait_state *w)
{
	for (uint32_t i = 0; i < w->count; i++) {
		struct model_wait_link *on_fence = &w->links[i].on_fence, *on_obj = &w->links[i].on_obj;
		struct model_fence *f = w->fences[i];

		if (!f && !model_wait_entry_queued(&on_obj->entry))
			model_wait_link_add_peek(&w->objs[i]->waiters, on_obj, &w->waiter,
						 peek_syncobj);
		if (f && !model_fence_signaled(f) && !model_wait_entry_queued(&on_fence->entry))
			model_wait_link_add(&f->callbacks, on_fence, &w->waiter);
	}
}

static int sleep_until_done(struct wait_state *w, int64_t deadline, uint32_t *first)
{
	int ret;

	w->links = calloc(w->count, sizeof(*w->links));
	if (!w->links)
		return -ENOMEM;
	for (uint32_t i = 0; i < w->count; i++)
		w->links[i].w = w;
	model_waiter_init(&w->waiter);
	for (;;) {
		if (wait_pass(w, first)) {
			ret = 0;
			break;
		}
		if (model_now_ns() >= deadline) {
			ret = -ETIME;
			break;
		}
		arm(w);
		model_waiter_sleep(&w->waiter, deadline);
	}
	for (uint32_t i = 0; i < w->count; i++) {
		model_wait_link_remove(&w->links[i].on_fence);
		model_wait_link_remove(&w->links[i].on_obj);
	}
	model_waiter_fini(&w->waiter);
	free(w->links);
	return ret;
}

/* drm_syncobj_array_wait_timeout */
static int array_wait(struct wait_state *w, int64_t deadline, uint32_t *first)
{
	uint32_t signaled = 0;

	for (uint32_t i = 0; i < w->count; i++) {
		if (model_syncobj_find_point(w->objs[i], w->points[i], &w->fences[i])) {
			if (w->flags & (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
					DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE))
				continue;
			return -EINVAL;
		}
		if ((w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE) ||
		    model_fence_signaled(w->fences[i])) {
			if (!signaled)
				*first = i;
			signaled++;
		}
	}
	if (signaled == w->count || (signaled && !(w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL)))
		return 0;
	if (!deadline)
		return wait_pass(w, first) ? 0 : -ETIME;
	return sleep_until_done(w, deadline, first);
}

static int do_wait(struct model_file *file, uint64_t uhandles, uint64_t upoints, uint32_t count,
		   uint32_t flags, int64_t timeout_nsec, uint32_t *first_signaled)
{
	struct wait_state w = { .count = count, .flags = flags };
	uint32_t first = ~0u;
	int ret;

	ret = model_syncobj_array_find(file, uhandles, count, &w.objs);
	if (ret)
		return ret;
	/* drm_syncobj_array_wait_timeout: the points (ENOMEM, EFAULT), then the entries */
	w.points = model_kcalloc(count, sizeof(uint64_t), sizeof(*w.points));
	ret = w.points ? 0 : -ENOMEM;
	if (!ret && upoints)
		ret = model_copy_from_user(w.points, (void *)(uintptr_t)upoints,
					   (size_t)count * sizeof(*w.points));
	if (!ret) {
		w.fences = model_kcalloc(count, KERNEL_WAIT_ENTRY_SIZE, sizeof(*w.fences));
		ret = w.fences ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = array_wait(&w, deadline_of(timeout_nsec), &first);
	if (!ret)
		*first_signaled = first;
	model_fence_array_free(w.fences, count);
	free(w.points);
	model_syncobj_array_free(w.objs, count);
	return ret;
}

static uint32_t wait_flags(bool timeline)
{
	uint32_t flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;

	if (timeline)
		flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE;
	if (model_kernel_at_least(DEADLINE_KERNEL))
		flags |= WAIT_DEADLINE;
	return flags;
}

/*
 * The kernel hands a WAIT_DEADLINE deadline to the fences waited on
 * (dma_fence_set_deadline); the model keeps fence deadlines for sw_sync
 * only and does not pass this one on: a hint, it changes no result.
 */
static void deadline_hint(uint32_t flags)
{
	if (flags & WAIT_DEADLINE)
		model_debug("syncobj wait: the WAIT_DEADLINE hint is not passed to the fences");
}

/* count_handles 0: EINVAL, or nothing to wait for from 6.8. */
static int zero_handles(void)
{
	return model_kernel_at_least(DEADLINE_KERNEL) ? 0 : -EINVAL;
}

/*
 * The checks SYNCOBJ_WAIT and TIMELINE_WAIT share (drm_syncobj_wait_ioctl,
 * drm_syncobj_timeline_wait_ioctl), then the wait; @upoints is 0 for the
 * binary one.
 */
static int wait_ioctl(struct model_file *file, bool timeline, uint64_t uhandles,
		      uint64_t upoints, uint32_t count, uint32_t flags, int64_t timeout_nsec,
		      uint32_t *first_signaled)
{
	int ret = model_syncobj_check_feature(file, timeline);

	if (ret)
		return ret;
	if (flags & ~wait_flags(timeline))
		return -EINVAL;
	if (!count)
		return zero_handles();
	deadline_hint(flags);
	return do_wait(file, uhandles, upoints, count, flags, timeout_nsec, first_signaled);
}

int model_ioctl_syncobj_wait(struct model_file *file, void *data)
{
	struct drm_syncobj_wait *args = data;

	return wait_ioctl(file, false, args->handles, 0, args->count_handles, args->flags,
			  args->timeout_nsec, &args->first_signaled);
}

int model_ioctl_syncobj_timeline_wait(struct model_file *file, void *data)
{
	struct drm_syncobj_timeline_wait *args = data;

	return wait_ioctl(file, true, args->handles, args->points, args->count_handles,
			  args->flags, args->timeout_nsec, &args->first_signaled);
}

// SPDX-License-Identifier: MIT
/*
 * Sync objects (drm_syncobj.c): binary syncobjs hold one fence; timeline
 * syncobjs hold a chain of (point, fence) whose node for a point is
 * signalled once that fence and every earlier one are (dma_fence_chain).
 * Validation follows the kernel's order: feature, flags/pad, count, the
 * handle array (EFAULT, then ENOENT), then the operation.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <drm.h>

#include "model/model.h"
#include "model/fence.h"
#include "model/shim_real.h"
#include "model/syncobj.h"

/* drm_syncobj_find_fence waits this long for a submission. */
#define WAIT_FOR_SUBMIT_NS 5000000000ll

static void clear(struct model_syncobj *s)
{
	model_fence_put(s->fence);
	s->fence = NULL;
	for (unsigned int i = 0; i < s->nr_points; i++)
		model_fence_put(s->points[i].fence);
	free(s->points);
	s->points = NULL;
	s->nr_points = 0;
	s->chain = false;
}

void model_syncobj_put(void *obj)
{
	struct model_syncobj *s = obj;

	if (--s->refs > 0)
		return;
	clear(s);
	model_syncobj_eventfds_release(s);
	free(s);
}

/* drm_syncobj_replace_fence; NULL resets. */
static void replace_fence(struct model_syncobj *s, struct model_fence *f)
{
	if (f)
		model_fence_get(f);
	clear(s);
	s->fence = f;
	model_wait_queue_wake_all(&s->waiters);
	model_syncobj_eventfds_update(s);
}

/* drm_syncobj_replace_fence for drivers (msm out-syncobjs, RESET of in-syncobjs). */
void model_syncobj_replace_fence(struct model_syncobj *s, struct model_fence *f)
{
	replace_fence(s, f);
}

/* drm_syncobj_add_point, with dma_fence_chain_init's numbering of the node. */
static int add_point(struct model_syncobj *s, struct model_fence *f, uint64_t seqno)
{
	struct model_syncobj_point *points = realloc(s->points, (s->nr_points + 1) * sizeof(*points));
	struct model_syncobj_point *pt, *prev;

	if (!points)
		return -ENOMEM;
	s->points = points;
	pt = &points[s->nr_points];
	prev = s->nr_points ? pt - 1 : NULL;
	pt->prev_seqno = 0;
	pt->seqno = seqno;
	if (prev && seqno > prev->seqno) {
		pt->context = prev->context;
		pt->prev_seqno = prev->seqno;
	} else {
		pt->context = prev ? prev->context + 1 : 0;
		if (prev)
			pt->seqno = prev->seqno;	/* max(prev, seqno): never a smaller seqno */
	}
	model_fence_get(f);
	pt->fence = f;
	s->nr_points++;
	s->chain = true;
	model_wait_queue_wake_all(&s->waiters);
	model_syncobj_eventfds_update(s);
	return 0;
}

/* drm_syncobj_add_point for drivers (nouveau's timeline out-syncobjs). */
int model_syncobj_add_point(struct model_syncobj *s, struct model_fence *f, uint64_t seqno)
{
	return add_point(s, f, seqno);
}

/* A step of a chain walk: a point's index, the fence before the chain, or the end. */
#define WALK_BASE (-1)
#define WALK_END (-2)

/*
 * dma_fence_chain_walk from point @i: the nearest earlier point whose own
 * fence is pending (signalled ones are dropped from the chain on the way),
 * then the pending fence the chain started on, then the end.
 */
static int walk_prev(const struct model_syncobj *s, int i)
{
	while (--i >= 0)
		if (!model_fence_signaled(s->points[i].fence))
			return i;
	return s->fence && !model_fence_signaled(s->fence) ? WALK_BASE : WALK_END;
}

/* The chain node of point @i: signalled once it, the points before and the base are. */
static struct model_fence *node_fence(struct model_syncobj *s, int i)
{
	struct model_fence **members = calloc(i + 2, sizeof(*members)), *f;
	unsigned int n = 0;

	if (!members)
		return NULL;
	if (s->fence)
		members[n++] = s->fence;
	for (int k = 0; k <= i; k++)
		members[n++] = s->points[k].fence;
	f = model_fence_array(members, n);
	free(members);
	return f;
}

/* dma_fence_is_signaled of the chain node of point @i */
static bool node_signaled(const struct model_syncobj *s, int i)
{
	if (s->fence && !model_fence_signaled(s->fence))
		return false;
	for (int k = 0; k <= i; k++)
		if (!model_fence_signaled(s->points[k].fence))
			return false;
	return true;
}

/*
 * dma_fence_chain_find_seqno: from the newest point back, while the
 * context stays the head's and the node before is still at or after
 * @seqno. Returns the point's index, WALK_BASE or WALK_END (all signalled).
 */
static int chain_find(const struct model_syncobj *s, uint64_t seqno)
{
	int head = s->nr_points - 1, i = head;

	while (i >= 0 && s->points[i].context == s->points[head].context &&
	       s->points[i].prev_seqno >= seqno)
		i = walk_prev(s, i);
	return i;
}

/*
 * drm_syncobj_fence_get + dma_fence_chain_find_seqno: 0 and a referenced
 * fence, or -EINVAL when there is no fence or the point is not there yet.
 */
int model_syncobj_find_point(struct model_syncobj *s, uint64_t seqno, struct model_fence **out)
{
	int i;

	*out = NULL;
	if (!s->chain) {
		if (!s->fence || seqno)
			return -EINVAL;
		model_fence_get(s->fence);
		*out = s->fence;
		return 0;
	}
	if (seqno > s->points[s->nr_points - 1].seqno)
		return -EINVAL;
	i = seqno ? chain_find(s, seqno) : (int)s->nr_points - 1;
	if (i == WALK_BASE) {
		model_fence_get(s->fence);
		*out = s->fence;
	} else {
		/* a point whose chain is all signalled is gone: the kernel hands out a stub */
		*out = i == WALK_END ? model_fence_stub() : node_fence(s, i);
	}
	return *out ? 0 : -ENOMEM;
}

struct model_syncobj *model_syncobj_lookup(struct model_file *file, uint32_t handle)
{
	struct model_syncobj *s = model_idr_find(file->syncobjs, handle);

	if (s)
		s->refs++;
	return s;
}

/* A sleeper in drm_syncobj_find_fence, waiting for a fence for @point of @s. */
struct submit_wait {
	struct model_wait_link link;	/* first: peek_submit's cast */
	struct model_syncobj *s;
	uint64_t point;
	struct model_fence *fence;
};

/*
 * syncobj_wait_syncobj_func: the fence is taken as it arrives, under the
 * syncobj's lock; a reset right after it does not take it back.
 */
static void peek_submit(struct model_wait_link *link)
{
	struct submit_wait *w = (struct submit_wait *)link;

	if (!w->fence)
		model_syncobj_find_point(w->s, w->point, &w->fence);
}

/*
 * drm_syncobj_find_fence with WAIT_FOR_SUBMIT: drm_syncobj_fence_add_wait
 * looks at the syncobj and hangs on it, then the caller sleeps until a
 * fence was taken, or -ETIME after WAIT_FOR_SUBMIT_NS.
 */
static int wait_for_submit(struct model_syncobj *s, uint64_t point, struct model_fence **fence)
{
	struct submit_wait w = { .s = s, .point = point };
	int64_t deadline = model_now_ns() + WAIT_FOR_SUBMIT_NS;
	struct model_waiter waiter;

	model_waiter_init(&waiter);
	for (;;) {
		if (!model_wait_entry_queued(&w.link.entry)) {
			peek_submit(&w.link);
			if (!w.fence)
				model_wait_link_add_peek(&s->waiters, &w.link, &waiter, peek_submit);
		}
		if (w.fence || !model_waiter_sleep(&waiter, deadline))
			break;
	}
	model_wait_link_remove(&w.link);
	model_waiter_fini(&waiter);
	*fence = w.fence;
	return w.fence ? 0 : -ETIME;
}

/* drm_syncobj_find_fence */
static int find_fence(struct model_file *file, uint32_t handle, uint64_t point, uint32_t flags,
		      struct model_fence **fence)
{
	struct model_syncobj *s = model_syncobj_lookup(file, handle);
	int ret;

	if (!s)
		return -ENOENT;
	ret = model_syncobj_find_point(s, point, fence);
	if (ret == -EINVAL && (flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
		ret = wait_for_submit(s, point, fence);
	model_syncobj_put(s);
	return ret;
}

static int create_handle(struct model_file *file, struct model_syncobj *s, uint32_t *handle)
{
	int id = model_idr_alloc(file->syncobjs, s);

	if (id < 0)
		return id;
	s->refs++;
	*handle = id;
	return 0;
}

static void release_one(uint32_t handle, void *ptr, void *arg)
{
	model_idr_remove(arg, handle);
	model_syncobj_put(ptr);
}

void model_syncobj_release_all(struct model_file *file)
{
	model_idr_for_each(file->syncobjs, release_one, file->syncobjs);
}

int model_syncobj_check_feature(struct model_file *file, bool timeline)
{
	unsigned int feat = timeline ? MODEL_FEAT_SYNCOBJ_TIMELINE : MODEL_FEAT_SYNCOBJ;

	return model_has_feature(file->dev, feat) ? 0 : -EOPNOTSUPP;
}

/* The first two checks of most syncobj ioctls: the feature, then pad/flags. */
int model_syncobj_begin(struct model_file *file, bool timeline, uint64_t must_be_zero)
{
	int ret = model_syncobj_check_feature(file, timeline);

	if (ret)
		return ret;
	return must_be_zero ? -EINVAL : 0;
}

int model_ioctl_syncobj_create(struct model_file *file, void *data)
{
	struct drm_syncobj_create *args = data;
	struct model_syncobj *s;
	struct model_fence *stub;
	int ret;

	ret = model_syncobj_check_feature(file, false);
	if (ret)
		return ret;
	if (args->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
		return -EINVAL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->refs = 1;
	if (args->flags & DRM_SYNCOBJ_CREATE_SIGNALED) {
		stub = model_fence_stub();
		if (stub)
			replace_fence(s, stub);
		model_fence_put(stub);
	}
	ret = create_handle(file, s, &args->handle);
	model_syncobj_put(s);
	return ret;
}

int model_ioctl_syncobj_destroy(struct model_file *file, void *data)
{
	struct drm_syncobj_destroy *args = data;
	struct model_syncobj *s;
	int ret = model_syncobj_begin(file, false, args->pad);

	if (ret)
		return ret;
	s = model_idr_remove(file->syncobjs, args->handle);
	if (!s)
		return -EINVAL;
	model_syncobj_put(s);
	return 0;
}

static int export_sync_file(struct model_file *file, uint32_t handle, int *fd)
{
	struct model_fence *fence;
	int ret = find_fence(file, handle, 0, 0, &fence);

	if (ret)
		return ret;
	ret = model_sync_file_create(fence, fd);
	model_fence_put(fence);
	return ret;
}

/*
 * drm_syncobj_handle_to_fd_ioctl and drm_syncobj_fd_to_handle_ioctl open
 * alike: the feature, pad, then flags other than the one each knows.
 */
static int begin_handle(struct model_file *file, const struct drm_syncobj_handle *args,
			uint32_t known_flag)
{
	int ret = model_syncobj_begin(file, false, args->pad);

	if (ret)
		return ret;
	return args->flags && args->flags != known_flag ? -EINVAL : 0;
}

int model_ioctl_syncobj_handle_to_fd(struct model_file *file, void *data)
{
	struct drm_syncobj_handle *args = data;
	struct model_syncobj *s;
	int ret = begin_handle(file, args, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE);

	if (ret)
		return ret;
	if (args->flags)
		return export_sync_file(file, args->handle, &args->fd);
	s = model_idr_find(file->syncobjs, args->handle);
	if (!s)
		return -EINVAL;
	ret = model_new_fd(true, false);
	if (ret < 0)
		return ret;
	model_fd_install(ret, MODEL_FD_SYNCOBJ, s);
	args->fd = ret;
	return 0;
}

static int import_sync_file(struct model_file *file, int fd, uint32_t handle)
{
	struct model_fence *fence = model_sync_file_get_fence(fd);
	struct model_syncobj *s;

	if (!fence)
		return -EINVAL;
	s = model_syncobj_lookup(file, handle);
	if (!s) {
		model_fence_put(fence);
		return -ENOENT;
	}
	replace_fence(s, fence);
	model_fence_put(fence);
	model_syncobj_put(s);
	return 0;
}

int model_ioctl_syncobj_fd_to_handle(struct model_file *file, void *data)
{
	struct drm_syncobj_handle *args = data;
	struct model_fd_ref ref;
	int ret = begin_handle(file, args, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE);

	if (ret)
		return ret;
	if (args->flags)
		return import_sync_file(file, args->fd, args->handle);
	ref = model_fd_lookup(args->fd);
	if (ref.kind != MODEL_FD_SYNCOBJ)
		return -EINVAL;
	return create_handle(file, ref.obj, &args->handle);
}

/*
 * drm_syncobj_array_find: the handle array (ENOMEM past kmalloc's limit,
 * EFAULT), the array of syncobj pointers (ENOMEM), each lookup (ENOENT).
 */
int model_syncobj_array_find(struct model_file *file, uint64_t uhandles, uint32_t count,
			     struct model_syncobj ***out)
{
	uint32_t *handles = model_kcalloc(count, sizeof(uint32_t), sizeof(*handles));
	struct model_syncobj **objs = NULL;
	uint32_t i = 0;
	int ret = -ENOMEM;

	if (!handles)
		goto fail;
	ret = model_copy_from_user(handles, (void *)(uintptr_t)uhandles,
				   (size_t)count * sizeof(*handles));
	if (ret)
		goto fail;
	/* the kernel's array holds 64-bit pointers */
	objs = model_kcalloc(count, sizeof(uint64_t), sizeof(*objs));
	ret = -ENOMEM;
	if (!objs)
		goto fail;
	for (; i < count; i++) {
		objs[i] = model_syncobj_lookup(file, handles[i]);
		if (!objs[i]) {
			ret = -ENOENT;
			goto fail;
		}
	}
	free(handles);
	*out = objs;
	return 0;
fail:
	while (objs && i-- > 0)
		model_syncobj_put(objs[i]);
	free(objs);
	free(handles);
	return ret;
}

void model_syncobj_array_free(struct model_syncobj **objs, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		model_syncobj_put(objs[i]);
	free(objs);
}

/*
 * The opening of the array ioctls (drm_syncobj_reset_ioctl, _signal_ioctl,
 * _timeline_signal_ioctl, _query_ioctl): the feature, pad or flags, an
 * empty array (EINVAL), then drm_syncobj_array_find.
 */
static int begin_array(struct model_file *file, bool timeline, uint64_t must_be_zero,
		       uint64_t handles, uint32_t count, struct model_syncobj ***objs)
{
	int ret = model_syncobj_begin(file, timeline, must_be_zero);

	if (ret)
		return ret;
	if (!count)
		return -EINVAL;
	return model_syncobj_array_find(file, handles, count, objs);
}

/* RESET and SIGNAL: replace every fence by nothing, or by a signalled stub. */
static int reset_or_signal(struct model_file *file, struct drm_syncobj_array *args, bool signal)
{
	struct model_syncobj **objs;
	struct model_fence *stub = NULL;
	int ret = begin_array(file, false, args->pad, args->handles, args->count_handles, &objs);

	if (ret)
		return ret;
	for (uint32_t i = 0; i < args->count_handles; i++) {
		if (signal && !(stub = model_fence_stub())) {
			ret = -ENOMEM;
			break;
		}
		replace_fence(objs[i], stub);
		model_fence_put(stub);
	}
	model_syncobj_array_free(objs, args->count_handles);
	return ret;
}

int model_ioctl_syncobj_reset(struct model_file *file, void *data)
{
	return reset_or_signal(file, data, false);
}

int model_ioctl_syncobj_signal(struct model_file *file, void *data)
{
	return reset_or_signal(file, data, true);
}

int model_ioctl_syncobj_timeline_signal(struct model_file *file, void *data)
{
	struct drm_syncobj_timeline_array *args = data;
	struct model_syncobj **objs;
	uint64_t *points = NULL;
	int ret = begin_array(file, true, args->flags, args->handles, args->count_handles, &objs);

	if (ret)
		return ret;
	/* the kernel's next array, of chain pointers, has the same size */
	points = model_kcalloc(args->count_handles, sizeof(uint64_t), sizeof(*points));
	ret = points ? 0 : -ENOMEM;
	if (!ret && args->points)
		ret = model_copy_from_user(points, (void *)(uintptr_t)args->points,
					   args->count_handles * sizeof(*points));
	for (uint32_t i = 0; !ret && i < args->count_handles; i++) {
		struct model_fence *stub = model_fence_stub();

		ret = stub ? add_point(objs[i], stub, points[i]) : -ENOMEM;
		model_fence_put(stub);
	}
	free(points);
	model_syncobj_array_free(objs, args->count_handles);
	return ret;
}

/*
 * drm_syncobj_query_ioctl: the newest point's seqno for LAST_SUBMITTED;
 * else walk back through the head's context to its oldest node still on
 * the chain: its seqno if that node is signalled, else the one before it.
 */
static uint64_t query_point(const struct model_syncobj *s, bool last_submitted)
{
	int head = s->nr_points - 1, last = head;

	if (!s->chain)
		return 0;
	if (last_submitted)
		return s->points[head].seqno;
	for (int i = walk_prev(s, head); i >= 0 && s->points[i].context == s->points[head].context;
	     i = walk_prev(s, i))
		last = i;
	return node_signaled(s, last) ? s->points[last].seqno : s->points[last].prev_seqno;
}

int model_ioctl_syncobj_query(struct model_file *file, void *data)
{
	struct drm_syncobj_timeline_array *args = data;
	uint64_t *upoints = (uint64_t *)(uintptr_t)args->points;
	struct model_syncobj **objs;
	int ret = begin_array(file, true, args->flags & ~DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED,
			      args->handles, args->count_handles, &objs);

	if (ret)
		return ret;
	for (uint32_t i = 0; !ret && i < args->count_handles; i++) {
		uint64_t point = query_point(objs[i], args->flags);

		ret = model_copy_to_user(&upoints[i], &point, sizeof(point));
	}
	model_syncobj_array_free(objs, args->count_handles);
	return ret;
}

int model_ioctl_syncobj_transfer(struct model_file *file, void *data)
{
	struct drm_syncobj_transfer *args = data;
	struct model_fence *fence;
	struct model_syncobj *dst;
	int ret = model_syncobj_begin(file, true, args->pad);

	if (ret)
		return ret;
	dst = model_syncobj_lookup(file, args->dst_handle);
	if (!dst)
		return -ENOENT;
	ret = find_fence(file, args->src_handle, args->src_point, args->flags, &fence);
	if (!ret) {
		if (args->dst_point)
			ret = add_point(dst, fence, args->dst_point);
		else
			replace_fence(dst, fence);
		model_fence_put(fence);
	}
	model_syncobj_put(dst);
	return ret;
}

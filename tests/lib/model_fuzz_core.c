// SPDX-License-Identifier: MIT
/*
 * model_fuzz: the DRM core's ioctls on any device (VERSION, caps, auth,
 * GEM names, PRIME, syncobjs) and what is done with the fds they give:
 * sync_file and dma-buf ioctls, mmap of the DRM fd at any offset, dup and
 * close. Waits use short absolute deadlines: a request that the kernel
 * would let wait forever (WAIT_FOR_SUBMIT with no timeout) is not sent.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "model_fuzz.h"
#include "model_fuzz_fields.h"
#include "util/util.h"

#define WAIT_MS 20	/* the longest wait a request asks for */

static const struct fz_ioctl *core(const char *name)
{
	return fz_find_ioctl(fz_core_ioctls, name);
}

/* A deadline: 0 (poll), in the past, or a few ms ahead. */
static int64_t short_deadline(struct fz_state *st)
{
	switch (fz_below(&st->rng, 4)) {
	case 0:
		return 0;
	case 1:
		return fz_deadline_ns(0) - 1000000000;
	default:
		return fz_deadline_ns(1 + fz_below(&st->rng, WAIT_MS));
	}
}

/* An array of @n handles (own, foreign, made up) in the arena, or NULL. */
static uint32_t *syncobj_array(struct fz_state *st, struct fz_file *f, uint32_t n)
{
	uint32_t *h = fz_alloc(&st->arena, n * sizeof(*h));

	for (uint32_t i = 0; h && i < n; i++)
		h[i] = fz_pick_syncobj(st, f);
	return h;
}

static uint64_t *points_array(struct fz_state *st, uint32_t n)
{
	uint64_t *p = fz_alloc(&st->arena, n * sizeof(*p));

	for (uint32_t i = 0; p && i < n; i++)
		p[i] = fz_chance(&st->rng, 30) ? 0 : 1 + fz_below(&st->rng, 8);
	return p;
}

/* ---- identity, caps, auth ----------------------------------------------------- */

static void version(struct fz_state *st, struct fz_file *f)
{
	struct drm_version *v = fz_alloc(&st->arena, sizeof(*v));

	v->name_len = v->date_len = v->desc_len = 64;
	v->name = fz_alloc(&st->arena, 64);
	v->date = fz_alloc(&st->arena, 64);
	v->desc = fz_alloc(&st->arena, 64);
	fz_say(st, "VERSION");
	if (fz_chance(&st->rng, 60))
		fz_mutate(st, v, &fz_drm_version, 2);
	fz_ioctl(st, f->fd, core("VERSION"), v);
}

static void unique_magic_caps(struct fz_state *st, struct fz_file *f)
{
	struct drm_unique *u;
	struct drm_auth *a;
	struct drm_get_cap *cap;
	struct drm_set_client_cap *ccap;
	struct fz_file *other;

	switch (fz_below(&st->rng, 5)) {
	case 0:
		u = fz_alloc(&st->arena, sizeof(*u));
		u->unique_len = fz_chance(&st->rng, 50) ? 0 : (size_t)fz_nasty(&st->rng, 64);
		u->unique = fz_chance(&st->rng, 80) ? fz_alloc(&st->arena, 128) : (char *)(uintptr_t)
			fz_bad_ptr(&st->arena, (enum fz_bad_ptr)fz_below(&st->rng, FZ_NR_BAD_PTRS), 64);
		fz_say(st, "GET_UNIQUE unique_len=%zu", u->unique_len);
		fz_ioctl(st, f->fd, core("GET_UNIQUE"), u);
		break;
	case 1:
		/* a magic of this file, authenticated on (maybe) the master */
		a = fz_alloc(&st->arena, sizeof(*a));
		fz_say(st, "GET_MAGIC");
		if (fz_ioctl_exact(st, f->fd, core("GET_MAGIC"), a))
			break;
		other = fz_pick_file(st, f->drv);
		if (fz_chance(&st->rng, 30))
			a->magic = (unsigned)fz_nasty(&st->rng, a->magic);
		st->text_len = 0;
		fz_say(st, "AUTH_MAGIC magic=%u", a->magic);
		fz_ioctl(st, (other ? other : f)->fd, core("AUTH_MAGIC"), a);
		break;
	case 2 ... 3:
		cap = fz_alloc(&st->arena, sizeof(*cap));
		cap->capability = fz_chance(&st->rng, 80) ? fz_below(&st->rng, 0x20) :
							   fz_nasty(&st->rng, 0x13);
		fz_say(st, "GET_CAP capability=%#llx", (unsigned long long)cap->capability);
		fz_ioctl(st, f->fd, core("GET_CAP"), cap);
		break;
	default:
		ccap = fz_alloc(&st->arena, sizeof(*ccap));
		ccap->capability = fz_below(&st->rng, 8);
		ccap->value = fz_chance(&st->rng, 70) ? fz_below(&st->rng, 3) : fz_nasty(&st->rng, 1);
		fz_say(st, "SET_CLIENT_CAP capability=%llu value=%#llx",
		       (unsigned long long)ccap->capability, (unsigned long long)ccap->value);
		fz_ioctl(st, f->fd, core("SET_CLIENT_CAP"), ccap);
		break;
	}
}

/* ---- GEM names and PRIME -------------------------------------------------------- */

static void gem_close(struct fz_state *st, struct fz_file *f)
{
	struct drm_gem_close *c = fz_alloc(&st->arena, sizeof(*c));
	struct fz_bo *bo;

	c->handle = fz_pick_bo(st, f, &bo);
	if (fz_chance(&st->rng, 3))
		c->pad = 1;
	fz_say(st, "GEM_CLOSE handle=%u pad=%u (its submits may still run)", c->handle, c->pad);
	if (!fz_ioctl(st, f->fd, core("GEM_CLOSE"), c) && bo)
		fz_forget_bo(f, c->handle);
}

static void flink_open(struct fz_state *st, struct fz_file *f)
{
	struct drm_gem_flink *fl = fz_alloc(&st->arena, sizeof(*fl));
	struct drm_gem_open *op = fz_alloc(&st->arena, sizeof(*op));
	struct fz_bo *bo;

	if (fz_chance(&st->rng, 50) || !st->nnames) {
		fl->handle = fz_pick_bo(st, f, &bo);
		fz_say(st, "GEM_FLINK handle=%u", fl->handle);
		if (!fz_ioctl(st, f->fd, core("GEM_FLINK"), fl) && st->nnames < FZ_POOL)
			st->flink_names[st->nnames++] = fl->name;
		return;
	}
	/* a name of this device, of another one, or none */
	op->name = fz_chance(&st->rng, 85) ? st->flink_names[fz_below(&st->rng, st->nnames)] :
					     (uint32_t)fz_nasty(&st->rng, 1);
	fz_say(st, "GEM_OPEN name=%u", op->name);
	if (!fz_ioctl(st, f->fd, core("GEM_OPEN"), op))
		fz_add_bo(f, op->handle, op->size, 0);
}

void fz_close_behind(struct fz_state *st, struct fz_file *f, uint32_t handle)
{
	struct drm_gem_close *c = fz_alloc(&st->arena, sizeof(*c));

	c->handle = handle;
	fz_say(st, "; GEM_CLOSE handle=%u behind it", handle);
	if (!fz_ioctl_exact(st, f->fd, core("GEM_CLOSE"), c))
		fz_forget_bo(f, handle);
}

static void prime(struct fz_state *st, struct fz_file *f)
{
	/* each direction breaks its two inputs, not its answer (fd, handle) */
	const struct fz_table to_fd = fz_slice(&fz_drm_prime_handle, 0, 2);
	const struct fz_table to_handle = fz_slice(&fz_drm_prime_handle, 1, 2);
	struct drm_prime_handle *p = fz_alloc(&st->arena, sizeof(*p));
	struct fz_bo *bo;

	if (fz_chance(&st->rng, 50)) {
		p->handle = fz_pick_bo(st, f, &bo);
		p->flags = DRM_CLOEXEC | (fz_chance(&st->rng, 50) ? DRM_RDWR : 0);
		p->fd = -1;
		fz_say(st, "PRIME_HANDLE_TO_FD handle=%u flags=%#x", p->handle, p->flags);
		if (fz_chance(&st->rng, 30))
			fz_mutate(st, p, &to_fd, 1);
		if (!fz_ioctl(st, f->fd, core("PRIME_HANDLE_TO_FD"), p))
			fz_add_fd(st, p->fd, FZ_FD_DMABUF);
		return;
	}
	/* a dma-buf of this device or another, or any other fd */
	p->fd = fz_pick_fd(st, FZ_FD_DMABUF);
	fz_say(st, "PRIME_FD_TO_HANDLE fd=%d", p->fd);
	if (fz_chance(&st->rng, 30))
		fz_mutate(st, p, &to_handle, 1);
	if (!fz_ioctl(st, f->fd, core("PRIME_FD_TO_HANDLE"), p))
		fz_add_bo(f, p->handle, 0, 0);
}

/* ---- syncobjs ---------------------------------------------------------------------- */

static void syncobj_create_destroy(struct fz_state *st, struct fz_file *f)
{
	struct drm_syncobj_create *c = fz_alloc(&st->arena, sizeof(*c));
	struct drm_syncobj_destroy *d = fz_alloc(&st->arena, sizeof(*d));

	if (fz_chance(&st->rng, 60) || !f->nsyncobjs) {
		c->flags = fz_chance(&st->rng, 90) ? (fz_chance(&st->rng, 50) ? DRM_SYNCOBJ_CREATE_SIGNALED : 0)
						 : (uint32_t)fz_nasty(&st->rng, 1);
		fz_say(st, "SYNCOBJ_CREATE flags=%#x", c->flags);
		if (!fz_ioctl(st, f->fd, core("SYNCOBJ_CREATE"), c))
			fz_add_syncobj(f, c->handle);
		return;
	}
	d->handle = fz_pick_syncobj(st, f);
	d->pad = fz_chance(&st->rng, 3);
	fz_say(st, "SYNCOBJ_DESTROY handle=%u pad=%u (submits may still signal it)", d->handle, d->pad);
	if (!fz_ioctl(st, f->fd, core("SYNCOBJ_DESTROY"), d))
		fz_forget_syncobj(f, d->handle);
}

static void syncobj_fds(struct fz_state *st, struct fz_file *f)
{
	struct drm_syncobj_handle *h = fz_alloc(&st->arena, sizeof(*h));
	bool sync_file = fz_chance(&st->rng, 50);

	if (fz_chance(&st->rng, 50)) {
		h->handle = fz_pick_syncobj(st, f);
		h->flags = sync_file ? DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE : 0;
		h->fd = -1;
		fz_say(st, "SYNCOBJ_HANDLE_TO_FD handle=%u flags=%#x", h->handle, h->flags);
		if (fz_chance(&st->rng, 30))
			fz_mutate(st, h, &fz_drm_syncobj_handle, 2);
		if (!fz_ioctl(st, f->fd, core("SYNCOBJ_HANDLE_TO_FD"), h))
			fz_add_fd(st, h->fd, h->flags ? FZ_FD_SYNC_FILE : FZ_FD_SYNCOBJ);
		return;
	}
	h->flags = sync_file ? DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE : 0;
	h->fd = fz_pick_fd(st, sync_file ? FZ_FD_SYNC_FILE : FZ_FD_SYNCOBJ);
	h->handle = sync_file ? fz_pick_syncobj(st, f) : 0;
	fz_say(st, "SYNCOBJ_FD_TO_HANDLE fd=%d flags=%#x handle=%u", h->fd, h->flags, h->handle);
	if (fz_chance(&st->rng, 30))
		fz_mutate(st, h, &fz_drm_syncobj_handle, 2);
	if (!fz_ioctl(st, f->fd, core("SYNCOBJ_FD_TO_HANDLE"), h) && !h->flags)
		fz_add_syncobj(f, h->handle);
}

/* WAIT_FOR_SUBMIT and (timeline) WAIT_AVAILABLE, sometimes WAIT_ALL */
static uint32_t wait_flags(struct fz_state *st, bool timeline)
{
	return fz_below(&st->rng, 8) & (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL |
					DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
					(timeline ? DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE : 0));
}

static void syncobj_arrays(struct fz_state *st, struct fz_file *f)
{
	static const char *const names[] = { "SYNCOBJ_RESET", "SYNCOBJ_SIGNAL",
					     "SYNCOBJ_TIMELINE_SIGNAL", "SYNCOBJ_QUERY" };
	/* handles, where struct drm_syncobj_array has it too */
	const struct fz_table array = fz_slice(&fz_drm_syncobj_timeline_array, 0, 1);
	unsigned which = fz_below(&st->rng, 4);
	struct drm_syncobj_timeline_array *a = fz_alloc(&st->arena, sizeof(*a));
	struct drm_syncobj_array *b = (void *)a;
	uint32_t n = 1 + fz_below(&st->rng, 4);

	fz_say(st, "%s count=%u", names[which], n);
	if (which < 2) {
		/* struct drm_syncobj_array: handles, count_handles, pad */
		b->handles = (uintptr_t)syncobj_array(st, f, n);
		b->count_handles = n;
		if (fz_chance(&st->rng, 30))
			fz_mutate(st, a, &array, 1);
		if (fz_chance(&st->rng, 20))
			b->count_handles = (uint32_t)fz_nasty(&st->rng, n);
		if (fz_chance(&st->rng, 5))
			b->pad = 1;
	} else {
		a->handles = (uintptr_t)syncobj_array(st, f, n);
		a->points = (uintptr_t)points_array(st, n);
		a->count_handles = n;
		a->flags = which == 3 && fz_chance(&st->rng, 50) ? DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED : 0;
		if (fz_chance(&st->rng, 40))
			fz_mutate(st, a, &fz_drm_syncobj_timeline_array, 2);
	}
	fz_ioctl(st, f->fd, core(names[which]), a);
}

static void syncobj_transfer(struct fz_state *st, struct fz_file *f)
{
	struct drm_syncobj_transfer *t = fz_alloc(&st->arena, sizeof(*t));

	t->src_handle = fz_pick_syncobj(st, f);
	t->dst_handle = fz_pick_syncobj(st, f);
	t->src_point = fz_below(&st->rng, 4);
	t->dst_point = fz_below(&st->rng, 4);
	/*
	 * Not WAIT_FOR_SUBMIT: drm_syncobj_find_fence would then wait 5 s
	 * (DRM_SYNCOBJ_WAIT_FOR_SUBMIT_TIMEOUT) for a point nobody submits.
	 */
	t->flags = fz_chance(&st->rng, 5) ? 1u << (2 + fz_below(&st->rng, 30)) : 0;
	fz_say(st, "SYNCOBJ_TRANSFER src=%u:%llu dst=%u:%llu flags=%#x", t->src_handle,
	       (unsigned long long)t->src_point, t->dst_handle, (unsigned long long)t->dst_point,
	       t->flags);
	if (fz_chance(&st->rng, 30))
		fz_mutate(st, t, &fz_drm_syncobj_transfer, 2);
	fz_ioctl(st, f->fd, core("SYNCOBJ_TRANSFER"), t);
}

/* A binary or a timeline wait, 60:40, on 1-4 syncobjs with a short timeout or none. */
static void syncobj_waits(struct fz_state *st, struct fz_file *f)
{
	bool timeline = !fz_chance(&st->rng, 60);
	uint32_t n = 1 + fz_below(&st->rng, 4);
	uint64_t handles = (uintptr_t)syncobj_array(st, f, n);
	uint64_t points = timeline ? (uintptr_t)points_array(st, n) : 0;
	int64_t timeout = short_deadline(st);
	uint32_t flags = wait_flags(st, timeline);
	const char *name = timeline ? "SYNCOBJ_TIMELINE_WAIT" : "SYNCOBJ_WAIT";
	void *arg;

	if (timeline) {
		struct drm_syncobj_timeline_wait *w = fz_alloc(&st->arena, sizeof(*w));

		*w = (struct drm_syncobj_timeline_wait){ .handles = handles, .points = points,
							 .timeout_nsec = timeout,
							 .count_handles = n, .flags = flags };
		arg = w;
	} else {
		struct drm_syncobj_wait *w = fz_alloc(&st->arena, sizeof(*w));

		*w = (struct drm_syncobj_wait){ .handles = handles, .timeout_nsec = timeout,
						.count_handles = n, .flags = flags };
		arg = w;
	}
	fz_say(st, "%s count=%u flags=%#x timeout=%s", name, n, flags, timeout ? "short" : "poll");
	if (fz_chance(&st->rng, 40))
		fz_mutate(st, arg, timeline ? &fz_drm_syncobj_timeline_wait : &fz_drm_syncobj_wait, 2);
	fz_ioctl(st, f->fd, core(name), arg);
}

static const struct fz_choice core_choices[] = {
	{ 1, version },
	{ 1, unique_magic_caps },
	{ 2, gem_close },
	{ 1, flink_open },
	{ 1, prime },
	{ 1, syncobj_create_destroy },
	{ 1, syncobj_fds },
	{ 1, syncobj_waits },
	{ 1, syncobj_arrays },
	{ 1, syncobj_transfer },
};

const struct fz_family fz_core_requests = { core_choices, ARRAY_SIZE(core_choices) };

/* ---- what is done with fds ---------------------------------------------------------- */

/*
 * @ioc for @fd: when @fd is not of @kind (or not open), its file answers
 * as that kind of file does to an ioctl it has not (ENOTTY: no
 * unlocked_ioctl, or the fops' default case) or the fd is gone (EBADF).
 */
static const struct fz_ioctl *for_fd(struct fz_state *st, const struct fz_ioctl *ioc, int fd,
				     enum fz_fd_kind kind, struct fz_ioctl *tmp)
{
	static const int foreign[] = { ENOTTY, EBADF, 0 };

	for (unsigned i = 0; i < st->nfds; i++)
		if (st->fds[i].fd == fd && st->fds[i].kind == kind)
			return ioc;
	*tmp = (struct fz_ioctl){ .name = ioc->name, .cmd = ioc->cmd, .errnos = foreign,
				  .route = FZ_NOT_DRM };
	return tmp;
}

static void sync_file_request(struct fz_state *st, int fd)
{
	struct sync_merge_data *m;
	struct sync_file_info *info;
	struct fz_ioctl tmp;

	if (fz_chance(&st->rng, 50)) {
		m = fz_alloc(&st->arena, sizeof(*m));
		m->fence = -1;
		m->fd2 = fz_chance(&st->rng, 80) ? fz_pick_fd(st, FZ_FD_SYNC_FILE) : fd;
		if (fz_chance(&st->rng, 10))
			m->flags = 1;
		fz_say(st, "SYNC_IOC_MERGE fd=%d fd2=%d", fd, m->fd2);
		if (!fz_ioctl(st, fd, for_fd(st, fz_find_ioctl(fz_sync_file_ioctls, "SYNC_IOC_MERGE"),
					     fd, FZ_FD_SYNC_FILE, &tmp), m))
			fz_add_fd(st, m->fence, FZ_FD_SYNC_FILE);
		return;
	}
	info = fz_alloc(&st->arena, sizeof(*info));
	info->num_fences = fz_below(&st->rng, 4);
	info->sync_fence_info = info->num_fences ?
		(uintptr_t)fz_alloc(&st->arena, info->num_fences * sizeof(struct sync_fence_info)) : 0;
	if (fz_chance(&st->rng, 20))
		info->sync_fence_info = fz_bad_ptr(&st->arena, (enum fz_bad_ptr)fz_below(&st->rng, 4),
						   sizeof(struct sync_fence_info));
	fz_say(st, "SYNC_IOC_FILE_INFO fd=%d num_fences=%u", fd, info->num_fences);
	fz_ioctl(st, fd, for_fd(st, fz_find_ioctl(fz_sync_file_ioctls, "SYNC_IOC_FILE_INFO"), fd,
				FZ_FD_SYNC_FILE, &tmp), info);
}

static void dmabuf_request(struct fz_state *st)
{
	struct dma_buf_sync *sync = fz_alloc(&st->arena, sizeof(*sync));
	int fd = fz_pick_fd(st, FZ_FD_DMABUF);
	struct fz_ioctl tmp;

	sync->flags = fz_chance(&st->rng, 80) ? DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW :
						 fz_nasty(&st->rng, 0);
	fz_say(st, "DMA_BUF_IOCTL_SYNC fd=%d flags=%#llx", fd, (unsigned long long)sync->flags);
	fz_ioctl(st, fd, for_fd(st, fz_find_ioctl(fz_dmabuf_ioctls, "DMA_BUF_IOCTL_SYNC"), fd,
				FZ_FD_DMABUF, &tmp), sync);
}

/* mmap of a DRM fd at any offset and length: drm_gem_mmap's checks. */
static void mmap_request(struct fz_state *st)
{
	struct fz_file *f = fz_pick_file(st, FZ_NR_DRIVERS);
	uint64_t offset = fz_chance(&st->rng, 50) ? (uint64_t)fz_below(&st->rng, 1u << 20) << 12 :
						    fz_nasty(&st->rng, 1ull << 32) & ~0xfffull;
	size_t len = (size_t)(1 + fz_below(&st->rng, 16)) << 12;
	void *p;

	if (!f)
		return;
	fz_say(st, "mmap fd=%d offset=%#llx len=%zu", f->fd, (unsigned long long)offset, len);
	st->slot->start_ns = fz_now_ns();
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, (off_t)offset);
	st->slot->start_ns = 0;
	if (p != MAP_FAILED)
		munmap(p, len);
}

void fz_fd_request(struct fz_state *st)
{
	unsigned i = st->nfds ? fz_below(&st->rng, st->nfds) : 0;

	switch (st->nfds ? fz_below(&st->rng, 6) : 5) {
	case 0 ... 1:
		sync_file_request(st, fz_pick_fd(st, FZ_FD_SYNC_FILE));
		break;
	case 2:
		dmabuf_request(st);
		break;
	case 3:
		fz_say(st, "dup fd=%d", st->fds[i].fd);
		fz_add_fd(st, dup(st->fds[i].fd), st->fds[i].kind);
		break;
	case 4:
		fz_say(st, "close fd=%d", st->fds[i].fd);
		close(st->fds[i].fd);
		st->fds[i] = st->fds[--st->nfds];
		break;
	default:
		mmap_request(st);
		break;
	}
}

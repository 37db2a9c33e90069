// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_SYNCOBJ_EVENTFD (6.6, drm_syncobj_eventfd_ioctl): the caller's
 * eventfd is signalled (its counter incremented by one) once the point of
 * a syncobj has a fence (WAIT_AVAILABLE) or once that fence has signalled.
 *
 * An entry waits on its syncobj until the point appears; the syncobj
 * looks again whenever its fence is replaced or a point is added. Once
 * the fence is found the entry leaves the syncobj (the kernel's
 * list_del_init) and waits on the fence alone: destroying the syncobj
 * then changes nothing, while entries still waiting for their point go
 * with the syncobj, unsignalled (drm_syncobj_free). Fences signal under
 * the model lock, from ioctls and the GPU threads alike, and run the
 * callback of the entry armed on them only.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <drm.h>

#include "drm-uapi/drm_syncobj_eventfd.h"
#include "model/model.h"
#include "model/fence.h"
#include "model/shim_real.h"
#include "model/syncobj.h"

struct model_syncobj_eventfd {
	int efd;			/* hidden dup of the caller's eventfd */
	uint64_t point;
	uint32_t flags;
	struct model_fence *fence;	/* once found: what the entry waits for */
	struct model_wait_entry signaled;	/* on that fence while it is pending */
	struct model_syncobj_eventfd *next;
};

static void entry_free(struct model_syncobj_eventfd *e)
{
	model_close_hidden(e->efd);
	model_fence_put(e->fence);
	free(e);
}

/*
 * eventfd_signal: add one. The kernel saturates the counter instead of
 * blocking; the model skips a write that would block (a counter already
 * at its maximum), as it holds the model lock.
 */
static void entry_signal(struct model_syncobj_eventfd *e)
{
	struct pollfd pfd = { .fd = e->efd, .events = POLLOUT };
	uint64_t one = 1;

	if (poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLOUT) &&
	    write(e->efd, &one, sizeof(one)) != sizeof(one))
		model_debug("syncobj eventfd: cannot signal the eventfd: %s", strerror(errno));
	entry_free(e);
}

/* syncobj_eventfd_entry_fence_func: the fence an armed entry waits for signalled. */
static void armed_fence_signaled(struct model_wait_entry *entry)
{
	entry_signal((struct model_syncobj_eventfd *)((char *)entry -
		     offsetof(struct model_syncobj_eventfd, signaled)));
}

/*
 * syncobj_eventfd_entry_func: true when @e is done with @s (signalled,
 * or armed on its fence with dma_fence_add_callback); false while its
 * point has no fence yet.
 */
static bool entry_look(struct model_syncobj *s, struct model_syncobj_eventfd *e)
{
	if (model_syncobj_find_point(s, e->point, &e->fence))
		return false;
	if ((e->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE) ||
	    model_fence_add_callback(e->fence, &e->signaled, armed_fence_signaled))
		entry_signal(e);
	return true;
}

void model_syncobj_eventfds_update(struct model_syncobj *s)
{
	struct model_syncobj_eventfd **p = &s->eventfds;

	while (*p) {
		struct model_syncobj_eventfd *e = *p, *next = e->next;

		if (entry_look(s, e))
			*p = next;
		else
			p = &e->next;
	}
}

void model_syncobj_eventfds_release(struct model_syncobj *s)
{
	while (s->eventfds) {
		struct model_syncobj_eventfd *e = s->eventfds;

		s->eventfds = e->next;
		entry_free(e);
	}
}

/* A model fd (DRM file, sync_file, ...) is no eventfd of the program's. */
static bool is_eventfd(int fd)
{
	char path[64], link[64];
	struct stat st;
	ssize_t n;

	if (model_fd_lookup(fd).kind != MODEL_FD_NONE)
		return false;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = REAL(readlink)(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		return !strcmp(link, "anon_inode:[eventfd]");
	}
	/* no /proc: any anonymous inode */
	return !REAL(fstat)(fd, &st) && !(st.st_mode & S_IFMT);
}

/* eventfd_ctx_fdget: EBADF for no open fd, EINVAL for another kind of file. */
static int eventfd_dup(int fd, int *efd)
{
	if (fd < 0 || REAL(fcntl)(fd, F_GETFD) < 0)
		return -EBADF;
	if (!is_eventfd(fd))
		return -EINVAL;
	*efd = model_hide_fd(REAL(fcntl)(fd, F_DUPFD_CLOEXEC, 0));
	return *efd < 0 ? -errno : 0;
}

/* drm_syncobj_eventfd_ioctl: feature, flags, pad, handle, eventfd, then the wait. */
int model_ioctl_syncobj_eventfd(struct model_file *file, void *data)
{
	struct drm_syncobj_eventfd *args = data;
	struct model_syncobj_eventfd *e;
	struct model_syncobj *s;
	int ret = model_syncobj_check_feature(file, true);

	if (ret)
		return ret;
	if (args->flags & ~DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE)
		return -EINVAL;
	if (args->pad)
		return -EINVAL;
	s = model_syncobj_lookup(file, args->handle);
	if (!s)
		return -ENOENT;
	e = calloc(1, sizeof(*e));
	ret = e ? eventfd_dup(args->fd, &e->efd) : -ENOMEM;
	if (ret) {
		free(e);
		model_syncobj_put(s);
		return ret;
	}
	e->point = args->point;
	e->flags = args->flags;
	e->next = s->eventfds;
	s->eventfds = e;
	model_syncobj_eventfds_update(s);
	model_syncobj_put(s);
	return 0;
}

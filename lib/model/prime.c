// SPDX-License-Identifier: MIT
/*
 * PRIME (drm_prime.c): dma-buf fds for GEM objects. A dma-buf fd is a
 * real fd on the object's memfd (so mmap of it works), opened read-only
 * unless exported with DRM_RDWR. Each file caches dma-buf <-> handle
 * pairs, so importing the same dma-buf twice gives the same handle;
 * importing into the exporting device gives back the same object.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <drm.h>

#include "model/model.h"
#include "model/shim_real.h"

void model_dmabuf_put(struct model_dmabuf *dmabuf)
{
	if (--dmabuf->refs > 0)
		return;
	model_bo_put_locked(dmabuf->bo);
	free(dmabuf);
}

static struct model_dmabuf *dmabuf_export(struct model_bo *bo, bool rdwr)
{
	struct model_dmabuf *dmabuf = calloc(1, sizeof(*dmabuf));
	struct stat st;

	if (!dmabuf)
		return NULL;
	dmabuf->refs = 1;	/* the object's export cache */
	dmabuf->bo = bo;
	dmabuf->rdwr = rdwr;
	if (!REAL(fstat)(bo->memfd, &st)) {
		dmabuf->st_dev = st.st_dev;
		dmabuf->st_ino = st.st_ino;
	}
	model_bo_get(bo);
	bo->dmabuf = dmabuf;
	return dmabuf;
}

/* dma_buf_fd: a new fd of the dma-buf file, with its access mode. */
static int dmabuf_fd(struct model_dmabuf *dmabuf, uint32_t flags)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", dmabuf->bo->memfd);
	fd = REAL(open)(path, (dmabuf->rdwr ? O_RDWR : O_RDONLY) | (flags & DRM_CLOEXEC));
	if (fd < 0)
		return -errno;
	model_fd_install(fd, MODEL_FD_DMABUF, dmabuf);
	return fd;
}

static struct model_prime_entry *cache_find(struct model_file *file,
					    struct model_dmabuf *dmabuf, uint32_t handle)
{
	for (struct model_prime_entry *e = file->prime; e; e = e->next)
		if ((dmabuf && e->dmabuf == dmabuf) || (!dmabuf && e->handle == handle))
			return e;
	return NULL;
}

static int cache_add(struct model_file *file, struct model_dmabuf *dmabuf, uint32_t handle)
{
	struct model_prime_entry *e = calloc(1, sizeof(*e));

	if (!e)
		return -ENOMEM;
	e->dmabuf = dmabuf;
	e->handle = handle;
	e->next = file->prime;
	file->prime = e;
	dmabuf->refs++;
	return 0;
}

void model_prime_remove_handle(struct model_file *file, uint32_t handle)
{
	for (struct model_prime_entry **p = &file->prime; *p;) {
		struct model_prime_entry *e = *p;

		if (e->handle != handle) {
			p = &e->next;
			continue;
		}
		*p = e->next;
		model_dmabuf_put(e->dmabuf);
		free(e);
	}
}

void model_prime_release(struct model_file *file)
{
	while (file->prime)
		model_prime_remove_handle(file, file->prime->handle);
}

/*
 * drm_gem_prime_handle_to_dmabuf: the file's cached export of @handle, else
 * the object's dma-buf, else a new export, which alone asks the driver first
 * (export_and_register_object); a new entry goes in the file's cache.
 */
static struct model_dmabuf *handle_to_dmabuf(struct model_file *file, struct model_bo *bo,
					     uint32_t handle, uint32_t flags, int *err)
{
	struct model_prime_entry *cached = cache_find(file, NULL, handle);
	struct model_dmabuf *dmabuf = cached ? cached->dmabuf : bo->dmabuf;

	if (!dmabuf && file->dev->driver->gem_export) {
		*err = file->dev->driver->gem_export(bo);
		if (*err)
			return NULL;
	}
	if (!dmabuf)
		dmabuf = dmabuf_export(bo, flags & DRM_RDWR);
	if (!dmabuf) {
		*err = -ENOMEM;
		return NULL;
	}
	if (!cached)
		*err = cache_add(file, dmabuf, handle);
	return *err ? NULL : dmabuf;
}

int model_ioctl_prime_handle_to_fd(struct model_file *file, void *data)
{
	struct drm_prime_handle *args = data;
	struct model_dmabuf *dmabuf;
	struct model_bo *bo;
	int ret = 0;

	if (args->flags & ~(DRM_CLOEXEC | DRM_RDWR))
		return -EINVAL;
	bo = model_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	dmabuf = handle_to_dmabuf(file, bo, args->handle, args->flags, &ret);
	if (dmabuf) {
		ret = dmabuf_fd(dmabuf, args->flags);
		if (ret >= 0) {
			args->fd = ret;
			ret = 0;
		}
	}
	model_bo_put_locked(bo);
	return ret;
}

/* dma_buf_get: not an fd is EBADF, an fd of something else EINVAL. */
static struct model_dmabuf *dmabuf_get(int fd, int *err)
{
	struct model_fd_ref ref = model_fd_lookup(fd);

	if (ref.kind == MODEL_FD_DMABUF)
		return ref.obj;
	*err = REAL(fcntl)(fd, F_GETFD) < 0 ? -EBADF : -EINVAL;
	return NULL;
}

/* drm_gem_prime_import: the same object on its own device, else a new one. */
static struct model_bo *import(struct model_device *dev, struct model_dmabuf *dmabuf, int *err)
{
	struct model_bo *bo;
	int memfd;

	if (dmabuf->bo->dev == dev) {
		bo = dmabuf->bo;
		model_bo_get(bo);
	} else {
		memfd = REAL(fcntl)(dmabuf->bo->memfd, F_DUPFD_CLOEXEC, 0);
		bo = memfd < 0 ? NULL : calloc(1, sizeof(*bo));
		if (!bo) {
			*err = -ENOMEM;
			if (memfd >= 0)
				REAL(close)(memfd);
			return NULL;
		}
		bo->refs = 1;
		bo->dev = dev;
		bo->size = dmabuf->bo->size;
		bo->memfd = model_hide_fd(memfd);
		model_bo_link(bo);
	}
	if (!bo->dmabuf) {
		bo->dmabuf = dmabuf;
		dmabuf->refs++;
	}
	return bo;
}

int model_ioctl_prime_fd_to_handle(struct model_file *file, void *data)
{
	struct drm_prime_handle *args = data;
	struct model_prime_entry *cached;
	struct model_dmabuf *dmabuf;
	struct model_bo *bo;
	int err = 0;

	dmabuf = dmabuf_get(args->fd, &err);
	if (!dmabuf)
		return err;
	cached = cache_find(file, dmabuf, 0);
	if (cached) {
		args->handle = cached->handle;
		return 0;
	}
	bo = import(file->dev, dmabuf, &err);
	if (!bo)
		return err;
	err = model_handle_create(file, bo, &args->handle);
	model_bo_put_locked(bo);
	if (err)
		return err;
	return cache_add(file, dmabuf, args->handle);
}

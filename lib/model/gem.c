// SPDX-License-Identifier: MIT
/*
 * GEM objects and handles (drm_gem.c): memfd-backed objects, per-file
 * handle tables, GEM_CLOSE, GEM_FLINK/GEM_OPEN and fake mmap offsets.
 *
 * An object lives while anything refers to it: a handle, a dma-buf, an
 * in-flight ioctl. Its pages live in a memfd, so CPU mappings keep the
 * memory after the object goes, as a kernel mapping keeps its pages.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <drm.h>

#include "model/model.h"
#include "model/shim_real.h"

void model_bo_get(struct model_bo *bo)
{
	bo->refs++;
}

/* Onto its device's list of live objects (doubly linked: freeing is O(1)). */
void model_bo_link(struct model_bo *bo)
{
	bo->prev = NULL;
	bo->next = bo->dev->bos;
	if (bo->next)
		bo->next->prev = bo;
	bo->dev->bos = bo;
}

static void unlink_bo(struct model_bo *bo)
{
	if (bo->prev)
		bo->prev->next = bo->next;
	else
		bo->dev->bos = bo->next;
	if (bo->next)
		bo->next->prev = bo->prev;
}

void model_bo_put_locked(struct model_bo *bo)
{
	if (!bo || --bo->refs > 0)
		return;
	unlink_bo(bo);
	if (bo->dev->driver->bo_free)
		bo->dev->driver->bo_free(bo);
	if (bo->dmabuf)
		model_dmabuf_put(bo->dmabuf);
	if (bo->vaddr)
		munmap(bo->vaddr, bo->size);
	model_close_hidden(bo->memfd);
	free(bo);
}

void model_bo_put(struct model_bo *bo)
{
	model_bo_put_locked(bo);
}

void model_bo_array_free(struct model_bo **bos, size_t count)
{
	for (size_t i = 0; bos && i < count; i++)
		model_bo_put(bos[i]);
	free(bos);
}

struct model_bo *model_bo_new(struct model_device *dev, uint64_t size, int *err)
{
	struct model_bo *bo = calloc(1, sizeof(*bo));

	*err = -ENOMEM;
	if (!bo)
		return NULL;
	bo->memfd = memfd_create("drmsub-bo", MFD_CLOEXEC);
	if (bo->memfd < 0 || ftruncate(bo->memfd, size)) {
		*err = errno == EFBIG || errno == EINVAL ? -ENOMEM : -errno;
		if (bo->memfd >= 0)
			REAL(close)(bo->memfd);
		free(bo);
		return NULL;
	}
	bo->memfd = model_hide_fd(bo->memfd);
	bo->refs = 1;
	bo->dev = dev;
	bo->size = size;
	model_bo_link(bo);
	*err = 0;
	return bo;
}

/* drm_gem_handle_create_tail: a new handle, lowest free number. */
int model_handle_create(struct model_file *file, struct model_bo *bo, uint32_t *handle)
{
	int id = model_idr_alloc(file->handles, bo);

	if (id < 0)
		return id;
	model_bo_get(bo);
	bo->handle_count++;
	*handle = id;
	return 0;
}

int model_gem_create(struct model_file *file, uint64_t size, uint32_t *handle,
		     struct model_bo **out)
{
	struct model_bo *bo;
	int err;

	bo = model_bo_new(file->dev, size, &err);
	if (!bo)
		return err;
	err = model_handle_create(file, bo, handle);
	if (!err && out)
		*out = bo;
	model_bo_put_locked(bo);
	return err;
}

struct model_bo *model_gem_lookup(struct model_file *file, uint32_t handle)
{
	struct model_bo *bo = model_idr_find(file->handles, handle);

	if (bo)
		model_bo_get(bo);
	return bo;
}

bool model_gem_handle_valid(struct model_file *file, uint32_t handle)
{
	return model_idr_find(file->handles, handle) != NULL;
}

/*
 * The last handle went: the flink name and the exported dma-buf cache go
 * too (drm_gem_object_handle_free, drm_gem_object_exported_dma_buf_free).
 */
static void handle_put(struct model_bo *bo)
{
	if (--bo->handle_count == 0) {
		if (bo->name) {
			model_idr_remove(bo->dev->flink_names, bo->name);
			bo->name = 0;
		}
		if (bo->dmabuf && bo->dmabuf->bo == bo) {
			struct model_dmabuf *dmabuf = bo->dmabuf;

			bo->dmabuf = NULL;
			model_dmabuf_put(dmabuf);
		}
	}
	model_bo_put_locked(bo);
}

static int handle_delete(struct model_file *file, uint32_t handle)
{
	struct model_bo *bo = model_idr_remove(file->handles, handle);

	if (!bo)
		return -EINVAL;
	model_prime_remove_handle(file, handle);
	handle_put(bo);
	return 0;
}

static void release_one(uint32_t handle, void *ptr, void *arg)
{
	handle_delete(arg, handle);
}

void model_handle_release_all(struct model_file *file)
{
	model_idr_for_each(file->handles, release_one, file);
}

int model_ioctl_gem_close(struct model_file *file, void *data)
{
	struct drm_gem_close *args = data;

	if (!model_has_feature(file->dev, MODEL_FEAT_GEM))
		return -EOPNOTSUPP;
	return handle_delete(file, args->handle);
}

int model_ioctl_gem_flink(struct model_file *file, void *data)
{
	struct drm_gem_flink *args = data;
	struct model_bo *bo;
	int ret = 0;

	if (!model_has_feature(file->dev, MODEL_FEAT_GEM))
		return -EOPNOTSUPP;
	bo = model_gem_lookup(file, args->handle);
	if (!bo)
		return -ENOENT;
	if (!bo->name) {
		ret = model_idr_alloc(file->dev->flink_names, bo);
		if (ret < 0)
			goto out;
		bo->name = ret;
		ret = 0;
	}
	args->name = bo->name;
out:
	model_bo_put_locked(bo);
	return ret;
}

int model_ioctl_gem_open(struct model_file *file, void *data)
{
	struct drm_gem_open *args = data;
	struct model_bo *bo;
	uint32_t handle;
	int ret;

	if (!model_has_feature(file->dev, MODEL_FEAT_GEM))
		return -EOPNOTSUPP;
	bo = model_idr_find(file->dev->flink_names, args->name);
	if (!bo)
		return -ENOENT;
	ret = model_handle_create(file, bo, &handle);
	if (ret)
		return ret;
	args->handle = handle;
	args->size = bo->size;
	return 0;
}

uint64_t model_bo_size(const struct model_bo *bo)
{
	return bo->size;
}

/* drm_gem_create_mmap_offset: a node in the device's fake offset space. */
uint64_t model_bo_mmap_offset(struct model_bo *bo)
{
	if (!bo->mmap_offset) {
		bo->mmap_offset = bo->dev->next_mmap_offset;
		bo->dev->next_mmap_offset += MODEL_PAGE_ALIGN(bo->size);
	}
	return bo->mmap_offset;
}

struct model_bo *model_bo_by_offset(struct model_device *dev, uint64_t offset)
{
	for (struct model_bo *bo = dev->bos; bo; bo = bo->next)
		if (bo->mmap_offset && bo->mmap_offset == offset)
			return bo;
	return NULL;
}

struct has_bo {
	struct model_bo *bo;
	bool found;
};

static void check_one(uint32_t handle, void *ptr, void *arg)
{
	struct has_bo *h = arg;

	h->found |= ptr == h->bo;
}

bool model_file_has_bo(struct model_file *file, struct model_bo *bo)
{
	struct has_bo h = { bo, false };

	model_idr_for_each(file->handles, check_one, &h);
	return h.found;
}

void *model_bo_vaddr(struct model_bo *bo)
{
	void *ptr;

	if (bo->vaddr || !bo->size)
		return bo->vaddr;
	ptr = REAL(mmap)(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, bo->memfd, 0);
	bo->vaddr = ptr == MAP_FAILED ? NULL : ptr;
	return bo->vaddr;
}

void *model_bo_take_vaddr(struct model_bo *bo)
{
	void *vaddr = bo->vaddr;

	bo->vaddr = NULL;
	return vaddr;
}

void *model_bo_priv(const struct model_bo *bo)
{
	return bo->priv;
}

void model_bo_set_priv(struct model_bo *bo, void *priv)
{
	bo->priv = priv;
}

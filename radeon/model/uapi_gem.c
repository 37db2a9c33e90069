// SPDX-License-Identifier: MIT
/*
 * radeon GEM ioctls (radeon_gem.c): CREATE, MMAP, SET_DOMAIN,
 * WAIT_IDLE, BUSY, SET/GET_TILING, with the kernel's checks and errno.
 * A BO is busy while the last CS that referenced it (radeon_cs.c fences
 * every reloc BO) has not signalled.
 */
#include <errno.h>
#include <stdint.h>
#include <drm.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"

#define WAIT_TIMEOUT_NS (30ll * 1000000000ll)	/* 30 * HZ */

void radeon_mbo_fence(struct radeon_mbo *mbo, struct model_fence *fence)
{
	model_fence_get(fence);
	if (mbo->fence)
		model_fence_put(mbo->fence);
	mbo->fence = fence;
}

/* radeon_gem_create_ioctl -> radeon_gem_object_create -> radeon_bo_create */
int radeon_gem_create_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_create *args = data;
	struct radeon_mdev *rdev = radeon_mdev(file);
	struct radeon_mbo *mbo;
	struct model_bo *bo;
	uint64_t align;
	int r;

	args->size = MODEL_PAGE_ALIGN(args->size);
	/* the largest object is the unpinned GTT size */
	if (args->size > radeon_gtt_size())
		return radeon_reject(-ENOMEM, "Allocation size %lluMb bigger than %lluMb limit",
				     (unsigned long long)args->size >> 20,
				     (unsigned long long)radeon_gtt_size() >> 20);
	r = model_gem_create(file, args->size, &args->handle, &bo);
	if (r)
		return r;
	mbo = radeon_mbo(bo);
	if (!mbo)
		return -ENOMEM;
	/* TTM placement: VRAM if asked for, else GTT, else system (CPU) */
	if (args->initial_domain & RADEON_GEM_DOMAIN_VRAM)
		mbo->domain = RADEON_GEM_DOMAIN_VRAM;
	else if (args->initial_domain & RADEON_GEM_DOMAIN_GTT)
		mbo->domain = RADEON_GEM_DOMAIN_GTT;
	else
		mbo->domain = RADEON_GEM_DOMAIN_CPU;
	align = args->alignment < MODEL_PAGE_SIZE ? MODEL_PAGE_SIZE : args->alignment;
	rdev->next_gpu_offset = (rdev->next_gpu_offset + align - 1) / align * align;
	mbo->gpu_offset = rdev->next_gpu_offset;
	rdev->next_gpu_offset += args->size;
	return 0;
}

static struct model_bo *lookup(struct model_file *file, uint32_t handle, struct radeon_mbo **mbo)
{
	struct model_bo *bo = model_gem_lookup(file, handle);

	if (!bo)
		return NULL;
	*mbo = radeon_mbo(bo);
	if (!*mbo) {
		model_bo_put(bo);
		return NULL;
	}
	return bo;
}

/* radeon_mode_dumb_mmap: the fake offset for mmap() of the DRM fd */
int radeon_gem_mmap_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_mmap *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);

	if (!bo)
		return -ENOENT;
	args->addr_ptr = model_bo_mmap_offset(bo);
	model_bo_put(bo);
	return 0;
}

/* dma_resv_wait_timeout for 30 s: 0 when idle, -EBUSY on timeout */
static int wait_idle(struct radeon_mbo *mbo)
{
	if (!mbo->fence)
		return 0;
	if (model_fence_wait(mbo->fence, model_now_ns() + WAIT_TIMEOUT_NS))
		return -EBUSY;
	return 0;
}

/* radeon_gem_set_domain: only a CPU domain waits; no domain does nothing */
int radeon_gem_set_domain_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_set_domain *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);
	uint32_t domain;
	int r = 0;

	if (!bo)
		return -ENOENT;
	domain = args->write_domain ? args->write_domain : args->read_domains;
	if (domain == RADEON_GEM_DOMAIN_CPU)
		r = wait_idle(mbo);
	/* a BO shared through a dma-buf cannot move to VRAM */
	else if (domain == RADEON_GEM_DOMAIN_VRAM && bo->dmabuf)
		r = radeon_reject(-EINVAL, "set_domain: VRAM for a dma-buf shared BO");
	model_bo_put(bo);
	return r;
}

int radeon_gem_wait_idle_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_wait_idle *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);
	int r;

	if (!bo)
		return -ENOENT;
	r = wait_idle(mbo);
	model_bo_put(bo);
	return r;
}

/* radeon_gem_busy_ioctl: -EBUSY while a fence is pending; domain = placement */
int radeon_gem_busy_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_busy *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);
	int r;

	if (!bo)
		return -ENOENT;
	r = mbo->fence && !model_fence_signaled(mbo->fence) ? -EBUSY : 0;
	args->domain = mbo->domain;
	model_bo_put(bo);
	return r;
}

/* radeon_bo_set_tiling_flags: no checks before Evergreen */
int radeon_gem_set_tiling_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_set_tiling *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);

	if (!bo)
		return -ENOENT;
	mbo->tiling_flags = args->tiling_flags;
	mbo->pitch = args->pitch;
	model_bo_put(bo);
	return 0;
}

int radeon_gem_get_tiling_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_get_tiling *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);

	if (!bo)
		return -ENOENT;
	args->tiling_flags = mbo->tiling_flags;
	args->pitch = mbo->pitch;
	model_bo_put(bo);
	return 0;
}

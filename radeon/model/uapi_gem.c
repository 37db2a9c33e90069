// SPDX-License-Identifier: MIT
/*
 * radeon GEM ioctls (radeon_gem.c): CREATE, MMAP, SET_DOMAIN,
 * WAIT_IDLE, BUSY, SET/GET_TILING, VA, OP, USERPTR, with the kernel's
 * checks and errno.
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
/* the domains radeon_bo_create and GEM_OP keep as the initial domain */
#define RADEON_GEM_DOMAINS \
	(RADEON_GEM_DOMAIN_VRAM | RADEON_GEM_DOMAIN_GTT | RADEON_GEM_DOMAIN_CPU)

void radeon_mbo_fence(struct radeon_mbo *mbo, struct model_fence *fence)
{
	model_fence_get(fence);
	model_fence_put(mbo->fence);
	mbo->fence = fence;
}

/* radeon_gem_create_ioctl -> radeon_gem_object_create -> radeon_bo_create */
int radeon_gem_create_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_create *args = data;
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
	align = args->alignment < MODEL_PAGE_SIZE ? MODEL_PAGE_SIZE : args->alignment;
	mbo = radeon_mbo_aligned(bo, align);
	if (!mbo)
		return -ENOMEM;
	/* TTM placement: VRAM if asked for, else GTT, else system (CPU) */
	if (args->initial_domain & RADEON_GEM_DOMAIN_VRAM)
		mbo->domain = RADEON_GEM_DOMAIN_VRAM;
	else if (args->initial_domain & RADEON_GEM_DOMAIN_GTT)
		mbo->domain = RADEON_GEM_DOMAIN_GTT;
	else
		mbo->domain = RADEON_GEM_DOMAIN_CPU;
	mbo->initial_domain = args->initial_domain & RADEON_GEM_DOMAINS;
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

/*
 * dma_resv_wait_timeout for @timeout_ns: 0 when idle, -EBUSY when still
 * busy then; 0 ns is radeon_gem_busy_ioctl's dma_resv_test_signaled.
 */
static int wait_idle(struct radeon_mbo *mbo, int64_t timeout_ns)
{
	if (!mbo->fence || model_fence_signaled(mbo->fence))
		return 0;
	if (!timeout_ns || model_fence_wait(mbo->fence, model_now_ns() + timeout_ns))
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
		r = wait_idle(mbo, WAIT_TIMEOUT_NS);
	/* a BO shared through a dma-buf cannot move to VRAM */
	else if (domain == RADEON_GEM_DOMAIN_VRAM && bo->dmabuf)
		r = radeon_reject(-EINVAL, "set_domain: VRAM for a dma-buf shared BO");
	model_bo_put(bo);
	return r;
}

/*
 * radeon_gem_wait_idle_ioctl (30 s) and radeon_gem_busy_ioctl (no wait,
 * and the placement in @domain): -EBUSY while the last CS is pending.
 */
static int idle_ioctl(struct model_file *file, uint32_t handle, int64_t timeout_ns,
		      uint32_t *domain)
{
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, handle, &mbo);
	int r;

	if (!bo)
		return -ENOENT;
	r = wait_idle(mbo, timeout_ns);
	if (domain)
		*domain = mbo->domain;
	model_bo_put(bo);
	return r;
}

int radeon_gem_wait_idle_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_wait_idle *args = data;

	return idle_ioctl(file, args->handle, WAIT_TIMEOUT_NS, NULL);
}

int radeon_gem_busy_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_busy *args = data;

	return idle_ioctl(file, args->handle, 0, &args->domain);
}

/*
 * GEM_SET_TILING (radeon_bo_set_tiling_flags: no checks before Evergreen)
 * stores the flags and pitch; GEM_GET_TILING (radeon_bo_get_tiling_flags)
 * reads them back.
 */
static int tiling_ioctl(struct model_file *file, uint32_t handle, uint32_t *flags,
			uint32_t *pitch, bool set)
{
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, handle, &mbo);

	if (!bo)
		return -ENOENT;
	if (set) {
		mbo->tiling_flags = *flags;
		mbo->pitch = *pitch;
	} else {
		*flags = mbo->tiling_flags;
		*pitch = mbo->pitch;
	}
	model_bo_put(bo);
	return 0;
}

int radeon_gem_set_tiling_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_set_tiling *args = data;

	return tiling_ioctl(file, args->handle, &args->tiling_flags, &args->pitch, true);
}

int radeon_gem_get_tiling_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_get_tiling *args = data;

	return tiling_ioctl(file, args->handle, &args->tiling_flags, &args->pitch, false);
}

/* radeon_gem_va_ioctl: R300-R500 have no VM (vm_manager.enabled is false) */
int radeon_gem_va_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_va *args = data;

	(void)file;
	args->operation = RADEON_VA_RESULT_ERROR;
	return radeon_reject(-ENOTTY, "GEM_VA: no VM before cayman");
}

/* radeon_gem_op_ioctl: the initial domain, as radeon_bo_create masked it */
int radeon_gem_op_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_op *args = data;
	struct radeon_mbo *mbo;
	struct model_bo *bo = lookup(file, args->handle, &mbo);
	int r = 0;

	if (!bo)
		return -ENOENT;
	/* no userptr object exists on the model (radeon_gem_userptr_ioctl), so no -EPERM */
	switch (args->op) {
	case RADEON_GEM_OP_GET_INITIAL_DOMAIN:
		args->value = mbo->initial_domain;
		break;
	case RADEON_GEM_OP_SET_INITIAL_DOMAIN:
		mbo->initial_domain = (uint32_t)args->value & RADEON_GEM_DOMAINS;
		break;
	default:
		r = radeon_reject(-EINVAL, "GEM_OP: unknown op %u", args->op);
	}
	model_bo_put(bo);
	return r;
}

/*
 * radeon_gem_userptr_ioctl with the kernel's checks: page-aligned address
 * and size, known flags, READONLY refused before R600, a writable range
 * only as anonymous memory under an MMU notifier (-EACCES otherwise: Mesa's
 * radeon_drm_winsys probes for that answer). The model takes the kernel
 * built without CONFIG_MMU_NOTIFIER, where radeon_mn_register() is -ENODEV
 * after the object was created: it has no user-memory objects.
 */
int radeon_gem_userptr_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_userptr *args = data;
	uint32_t known = RADEON_GEM_USERPTR_READONLY | RADEON_GEM_USERPTR_ANONONLY |
			 RADEON_GEM_USERPTR_VALIDATE | RADEON_GEM_USERPTR_REGISTER;

	(void)file;
	if ((args->addr | args->size) & (MODEL_PAGE_SIZE - 1))
		return radeon_reject(-EINVAL, "USERPTR: address or size not page aligned");
	if (args->flags & ~known)
		return radeon_reject(-EINVAL, "USERPTR: unknown flags %#x", args->flags);
	if (args->flags & RADEON_GEM_USERPTR_READONLY)
		return radeon_reject(-EINVAL, "USERPTR: READONLY is not tested before R600");
	if (!(args->flags & RADEON_GEM_USERPTR_ANONONLY) ||
	    !(args->flags & RADEON_GEM_USERPTR_REGISTER))
		return radeon_reject(-EACCES, "USERPTR: writable needs ANONONLY and REGISTER");
	if (args->size > radeon_gtt_size())
		return radeon_reject(-ENOMEM, "USERPTR: size bigger than the GTT limit");
	return radeon_reject(-ENODEV, "USERPTR: radeon_mn_register without CONFIG_MMU_NOTIFIER");
}

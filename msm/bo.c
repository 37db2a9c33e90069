// SPDX-License-Identifier: MIT
/* msm buffer objects: GEM_NEW, GEM_INFO, mmap, CPU_PREP/FINI, MADVISE. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <xf86drm.h>

#include "core/test.h"
#include "msm/msm.h"
#include "msm/vm_bind.h"

int __msm_bo_new(struct msm_device *dev, uint64_t size, uint32_t flags, uint32_t *handle)
{
	struct drm_msm_gem_new req = { .size = size, .flags = flags };

	if (drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_NEW, &req))
		return -errno;
	*handle = req.handle;
	return 0;
}

void msm_gem_handle_close(struct msm_device *dev, uint32_t handle)
{
	igt_assert_eq(drmCloseBufferHandle(dev->fd, handle), 0);
}

int __msm_bo_info(struct msm_device *dev, uint32_t handle, uint32_t info, uint64_t *value)
{
	struct drm_msm_gem_info req = { .handle = handle, .info = info };

	if (drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_INFO, &req))
		return -errno;
	*value = req.value;
	return 0;
}

struct msm_bo *msm_bo_new_unmapped(struct msm_device *dev, uint64_t size, uint32_t flags)
{
	struct msm_bo *bo = calloc(1, sizeof(*bo));

	igt_assert(bo);
	bo->dev = dev;
	bo->size = size;
	igt_assert_eq(__msm_bo_new(dev, size, flags, &bo->handle), 0);
	return bo;
}

struct msm_bo *msm_bo_new_flags(struct msm_device *dev, uint64_t size, uint32_t flags)
{
	struct msm_bo *bo = msm_bo_new_unmapped(dev, size, flags);

	/* VM_BIND mode has no GET_IOVA (EINVAL): the harness picks and binds the address */
	if (dev->vm_bind)
		msm_bo_bind_whole(bo);
	else
		igt_assert_eq(__msm_bo_info(dev, bo->handle, MSM_INFO_GET_IOVA, &bo->iova), 0);
	return bo;
}

struct msm_bo *msm_bo_new(struct msm_device *dev, uint64_t size)
{
	return msm_bo_new_flags(dev, size, MSM_BO_WC);
}

void *msm_bo_map(struct msm_bo *bo)
{
	uint64_t offset;

	if (bo->map)
		return bo->map;
	igt_assert_eq(__msm_bo_info(bo->dev, bo->handle, MSM_INFO_GET_OFFSET, &offset), 0);
	bo->map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, bo->dev->fd,
		       (off_t)offset);
	igt_assert(bo->map != MAP_FAILED);
	return bo->map;
}

static void check_range(struct msm_bo *bo, uint64_t offset, uint64_t len)
{
	igt_assert_f(offset + len <= bo->size && !(offset % len),
		     "offset %#llx outside BO of %#llx bytes or unaligned\n",
		     (unsigned long long)offset, (unsigned long long)bo->size);
}

uint32_t msm_bo_read32(struct msm_bo *bo, uint64_t offset)
{
	check_range(bo, offset, 4);
	return *(volatile uint32_t *)((char *)msm_bo_map(bo) + offset);
}

uint64_t msm_bo_read64(struct msm_bo *bo, uint64_t offset)
{
	check_range(bo, offset, 8);
	return *(volatile uint64_t *)((char *)msm_bo_map(bo) + offset);
}

void msm_bo_write32(struct msm_bo *bo, uint64_t offset, uint32_t value)
{
	check_range(bo, offset, 4);
	*(volatile uint32_t *)((char *)msm_bo_map(bo) + offset) = value;
}

void msm_bo_free(struct msm_bo *bo)
{
	if (!bo)
		return;
	if (bo->map)
		munmap(bo->map, bo->size);
	if (bo->bound)
		msm_bo_unbind_whole(bo);
	msm_gem_handle_close(bo->dev, bo->handle);
	free(bo);
}

int __msm_bo_cpu_prep_at(struct msm_bo *bo, uint32_t op, struct drm_msm_timespec deadline)
{
	struct drm_msm_gem_cpu_prep req = { .handle = bo->handle, .op = op, .timeout = deadline };

	return drmIoctl(bo->dev->fd, DRM_IOCTL_MSM_GEM_CPU_PREP, &req) ? -errno : 0;
}

int __msm_bo_cpu_prep(struct msm_bo *bo, uint32_t op, uint64_t timeout_ns)
{
	return __msm_bo_cpu_prep_at(bo, op, msm_deadline_in(timeout_ns));
}

int __msm_bo_cpu_fini(struct msm_bo *bo)
{
	struct drm_msm_gem_cpu_fini req = { .handle = bo->handle };

	return drmIoctl(bo->dev->fd, DRM_IOCTL_MSM_GEM_CPU_FINI, &req) ? -errno : 0;
}

int __msm_bo_madvise(struct msm_bo *bo, uint32_t madv, uint32_t *retained)
{
	struct drm_msm_gem_madvise req = { .handle = bo->handle, .madv = madv };

	if (drmIoctl(bo->dev->fd, DRM_IOCTL_MSM_GEM_MADVISE, &req))
		return -errno;
	if (retained)
		*retained = req.retained;
	return 0;
}

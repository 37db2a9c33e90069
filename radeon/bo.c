// SPDX-License-Identifier: MIT
/* radeon buffer objects through libdrm_radeon: create, map, wait, busy. */
#include <errno.h>
#include <stdlib.h>
#include <radeon_bo.h>
#include <radeon_bo_gem.h>

#include "core/test.h"
#include "radeon/r300.h"

int __r300_bo_new(struct r300_device *dev, uint32_t size, uint32_t domain,
		  struct r300_bo **out)
{
	struct r300_bo *bo = calloc(1, sizeof(*bo));

	igt_assert(bo);
	errno = 0;
	/* handle 0: GEM_CREATE (a non-zero handle would GEM_OPEN a flink name) */
	bo->bo = radeon_bo_open(dev->bom, 0, size, 4096, domain, 0);
	if (!bo->bo) {
		int err = errno ? -errno : -ENOMEM;

		free(bo);
		return err;
	}
	bo->dev = dev;
	bo->handle = bo->bo->handle;
	bo->size = size;
	bo->domain = domain;
	*out = bo;
	return 0;
}

struct r300_bo *r300_bo_new(struct r300_device *dev, uint32_t size, uint32_t domain)
{
	struct r300_bo *bo = NULL;

	igt_assert_eq(__r300_bo_new(dev, size, domain, &bo), 0);
	return bo;
}

void r300_bo_free(struct r300_bo *bo)
{
	if (!bo)
		return;
	if (bo->map)
		radeon_bo_unmap(bo->bo);
	radeon_bo_unref(bo->bo);	/* GEM_CLOSE at the last reference */
	free(bo);
}

void *r300_bo_map(struct r300_bo *bo)
{
	if (!bo->map) {
		igt_assert_eq(radeon_bo_map(bo->bo, 1), 0);
		bo->map = bo->bo->ptr;
	}
	return bo->map;
}

static volatile uint32_t *dword_at(struct r300_bo *bo, uint32_t offset)
{
	igt_assert_f(offset % 4 == 0 && offset < bo->size,
		     "offset %#x outside a BO of %#x bytes or unaligned\n", offset, bo->size);
	return (volatile uint32_t *)((char *)r300_bo_map(bo) + offset);
}

uint32_t r300_bo_read32(struct r300_bo *bo, uint32_t offset)
{
	return *dword_at(bo, offset);
}

void r300_bo_write32(struct r300_bo *bo, uint32_t offset, uint32_t value)
{
	*dword_at(bo, offset) = value;
}

void r300_bo_fill32(struct r300_bo *bo, uint32_t value)
{
	for (uint32_t off = 0; off + 4 <= bo->size; off += 4)
		*dword_at(bo, off) = value;
}

int __r300_bo_wait(struct r300_bo *bo)
{
	return radeon_bo_wait(bo->bo);
}

void r300_bo_wait(struct r300_bo *bo)
{
	igt_assert_eq(__r300_bo_wait(bo), 0);
}

void r300_bo_set_tiling(struct r300_bo *bo, uint32_t flags, uint32_t pitch_bytes)
{
	/* libdrm's GEM_SET_TILING; the CS checker then takes the tiling bits from the BO */
	igt_assert_eq(radeon_bo_set_tiling(bo->bo, flags, pitch_bytes), 0);
}

int __r300_bo_busy(struct r300_bo *bo, uint32_t *domain)
{
	uint32_t d = 0;
	int ret = radeon_bo_is_busy(bo->bo, &d);

	if (domain)
		*domain = d;
	return ret;
}

// SPDX-License-Identifier: MIT
/* nouveau buffer objects: placement, nouveau_bo_new/map/wait, CPU access. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/test.h"
#include "nouveau/nv.h"

uint32_t nv_placement_flags(const struct nv_device *dev, enum nv_placement where)
{
	/* GM20B (Tegra) reports FB_SIZE 0: its memory is all system memory */
	if (where == NV_BO_VRAM && nv_has_vram(dev))
		return NOUVEAU_BO_VRAM;
	return NOUVEAU_BO_GART;
}

int __nv_bo_new(struct nv_device *dev, uint32_t flags, uint64_t size, struct nouveau_bo **bo)
{
	return nouveau_bo_new(dev->nvdev, flags, 0, size, NULL, bo);
}

struct nv_bo *nv_bo_new_kind(struct nv_device *dev, uint64_t size, enum nv_placement where,
			     uint32_t kind, uint32_t tile_mode)
{
	struct nv_bo *bo = calloc(1, sizeof(*bo));
	uint32_t flags = nv_placement_flags(dev, where) | NOUVEAU_BO_MAP;
	/* libdrm's abi16_bo_init puts memtype in tile_flags 15:8 on Fermi+ */
	union nouveau_bo_config cfg = { .nvc0 = { .memtype = kind, .tile_mode = tile_mode } };
	int ret;

	igt_assert(bo);
	ret = nouveau_bo_new(dev->nvdev, flags, 0, size, &cfg, &bo->bo);
	igt_assert_f(ret == 0, "nouveau_bo_new of %llu bytes: %s\n", (unsigned long long)size,
		     drmsub_errno_name(-ret));
	bo->dev = dev;
	bo->handle = bo->bo->handle;
	bo->size = bo->bo->size;
	bo->domain = bo->bo->flags & NOUVEAU_BO_APER;
	if (dev->mode == NV_MODE_VM_BIND) {
		/* GEM_NEW gives no address in this mode: choose and map one */
		ret = __nv_vm_map(bo);
		igt_assert_f(ret == 0, "VM_BIND map: %s\n", drmsub_errno_name(-ret));
	} else {
		bo->va = bo->bo->offset;	/* the GPU VA of this client's VMA */
	}
	memset(nv_bo_map(bo), 0, bo->size);
	return bo;
}

struct nv_bo *nv_bo_new(struct nv_device *dev, uint64_t size, enum nv_placement where)
{
	return nv_bo_new_kind(dev, size, where, 0, 0);
}

void nv_bo_free(struct nv_bo *bo)
{
	if (!bo)
		return;
	if (bo->dev->mode == NV_MODE_VM_BIND)
		igt_assert_eq(__nv_vm_unmap(bo), 0);
	nouveau_bo_ref(NULL, &bo->bo);	/* unmaps and closes the handle */
	free(bo);
}

void *nv_bo_map(struct nv_bo *bo)
{
	int ret;

	if (bo->bo->map)
		return bo->bo->map;
	/* access 0: map without waiting for the GPU */
	ret = nouveau_bo_map(bo->bo, 0, bo->dev->client);
	igt_assert_f(ret == 0, "nouveau_bo_map: %s\n", drmsub_errno_name(-ret));
	return bo->bo->map;
}

/* The CPU address of @len bytes at @offset, which must lie inside @bo, aligned. */
static volatile void *cpu_at(struct nv_bo *bo, uint64_t offset, uint64_t len)
{
	igt_assert_f(offset + len <= bo->size && !(offset % len),
		     "%llu bytes at %#llx: outside a BO of %#llx bytes or unaligned\n",
		     (unsigned long long)len, (unsigned long long)offset,
		     (unsigned long long)bo->size);
	return (char *)nv_bo_map(bo) + offset;
}

uint32_t nv_bo_read32(struct nv_bo *bo, uint64_t offset)
{
	return *(volatile uint32_t *)cpu_at(bo, offset, 4);
}

uint64_t nv_bo_read64(struct nv_bo *bo, uint64_t offset)
{
	return *(volatile uint64_t *)cpu_at(bo, offset, 8);
}

void nv_bo_write32(struct nv_bo *bo, uint64_t offset, uint32_t value)
{
	*(volatile uint32_t *)cpu_at(bo, offset, 4) = value;
}

void nv_bo_fill_guard(struct nv_bo *bo)
{
	for (uint64_t off = 0; off < bo->size; off += 4)
		nv_bo_write32(bo, off, NV_GUARD);
}

struct nv_bo *nv_bo_new_guarded(struct nv_device *dev, uint64_t size, enum nv_placement where)
{
	struct nv_bo *bo = nv_bo_new(dev, size, where);

	nv_bo_fill_guard(bo);
	return bo;
}

void nv_bo_assert_guard(struct nv_bo *bo, uint64_t offset)
{
	uint32_t v = nv_bo_read32(bo, offset);

	igt_assert_f(v == NV_GUARD, "guard at %#llx overwritten: %#x\n",
		     (unsigned long long)offset, v);
}

int __nv_bo_wait(struct nv_bo *bo, bool nowait)
{
	/*
	 * RDWR: libdrm skips the ioctl for read-only access to a BO it thinks
	 * the GPU only read; WR makes it always ask the kernel (CPU_PREP WRITE).
	 */
	return nouveau_bo_wait(bo->bo, NOUVEAU_BO_RDWR | (nowait ? NOUVEAU_BO_NOBLOCK : 0),
			       bo->dev->client);
}

void nv_bo_wait(struct nv_bo *bo)
{
	int ret = __nv_bo_wait(bo, false);

	igt_assert_f(ret == 0, "nouveau_bo_wait: %s\n", drmsub_errno_name(-ret));
}

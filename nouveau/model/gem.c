// SPDX-License-Identifier: MIT
/*
 * nouveau_gem.c in the model: GEM_NEW, GEM_INFO, CPU_PREP, CPU_FINI, and
 * the per-BO state behind them: the GPU address of the (legacy, per-BO)
 * VMA, the placement, and the last fence of each ring with whether it
 * writes (the reservation object CPU_PREP waits on).
 */
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <drm.h>
#include <nouveau_drm.h>

#include "model/model.h"
#include "nouveau/model/nv_model.h"

#define VMA_ALIGN 0x10000ull	/* big pages */
#define DOMAIN_NO_SHARE (1u << 5)	/* 6.6 UAPI, newer than the installed header */

struct nvm_bo *nvm_bo(struct model_file *file, struct model_bo *bo)
{
	struct nvm_device *ndev = nvm_device(file);
	struct nvm_bo *nb = model_bo_priv(bo);

	if (nb)
		return nb;
	/* nouveau_gem_object_open: an imported BO gets its VMA when opened */
	nb = calloc(1, sizeof(*nb));
	if (!nb)
		return NULL;
	nb->va = ndev->next_va;
	nb->domain = NOUVEAU_GEM_DOMAIN_GART;
	nb->valid = NOUVEAU_GEM_DOMAIN_GART;
	ndev->next_va += (model_bo_size(bo) + VMA_ALIGN - 1) & ~(VMA_ALIGN - 1);
	model_bo_set_priv(bo, nb);
	return nb;
}

void nvm_bo_free(struct model_bo *bo)
{
	struct nvm_bo *nb = model_bo_priv(bo);

	if (!nb)
		return;
	for (int i = 0; i < MODEL_MAX_RINGS; i++)
		model_fence_put(nb->fence[i]);
	free(nb);
	model_bo_set_priv(bo, NULL);
}

/* nouveau_gem_info */
static int gem_info(struct model_file *file, struct model_bo *bo, uint32_t handle,
		    struct drm_nouveau_gem_info *info)
{
	struct nvm_bo *nb = nvm_bo(file, bo);

	if (!nb)
		return -ENOMEM;
	info->handle = handle;
	info->domain = nb->domain;
	info->size = model_bo_size(bo);
	/* a VM_BIND client's BOs get their addresses from VM_BIND alone */
	info->offset = nvm_file(file)->vm ? 0 : nb->va;
	info->map_handle = model_bo_mmap_offset(bo);
	/* Fermi+: the kind in 15:8 beside NONCONTIG, and the tile mode as given */
	info->tile_mode = nb->tile_mode;
	info->tile_flags = (nb->noncontig ? NOUVEAU_GEM_TILE_NONCONTIG : 0) | nb->kind << 8;
	return 0;
}

int nvm_ioctl_gem_new(struct model_file *file, void *data)
{
	struct drm_nouveau_gem_new *req = data;
	const struct nvm_chip *nc = nvm_chip(file);
	uint64_t size = MODEL_PAGE_ALIGN(req->info.size);
	uint32_t kind = (req->info.tile_flags & NOUVEAU_GEM_TILE_LAYOUT_MASK) >> 8;
	struct model_bo *bo;
	struct nvm_bo *nb;
	bool no_share;
	int ret;

	/* nouveau_cli_disable_uvmm_noinit: a BO before VM_INIT means legacy for good */
	nvm_uvmm_disable_noinit(file);
	/*
	 * NO_SHARE BOs share the VM's reservation object: no VM, no NO_SHARE.
	 * Before 6.6 the bit meant nothing and nouveau_gem_new ignored it.
	 */
	no_share = (req->info.domain & DOMAIN_NO_SHARE) && model_kernel_at_least(6, 6);
	if (no_share && !nvm_file(file)->vm)
		return -EINVAL;
	/* nouveau_bo_alloc: no size; a kind nvif_mmu_kind_valid rejects */
	if (!size || !nvm_kind_valid(nc, kind))
		return -EINVAL;
	ret = model_gem_create(file, size, &req->info.handle, &bo);
	if (ret)
		return ret;
	nb = nvm_bo(file, bo);
	if (!nb)
		return -ENOMEM;
	/* Tegra has no VRAM: everything is placed in GART */
	nb->valid = req->info.domain & (NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART);
	if (!nc->vram_size)
		nb->valid = NOUVEAU_GEM_DOMAIN_GART;
	nb->domain = nb->valid & NOUVEAU_GEM_DOMAIN_VRAM ? NOUVEAU_GEM_DOMAIN_VRAM
							 : NOUVEAU_GEM_DOMAIN_GART;
	nb->valid |= nb->domain;
	nb->no_share = no_share;
	nb->kind = kind;
	nb->tile_mode = req->info.tile_mode;
	nb->noncontig = req->info.tile_flags & NOUVEAU_GEM_TILE_NONCONTIG;
	return gem_info(file, bo, req->info.handle, &req->info);
}

/* nouveau_gem_prime_export: a NO_SHARE BO never leaves its VM. */
int nvm_gem_export(struct model_bo *bo)
{
	struct nvm_bo *nb = model_bo_priv(bo);

	return nb && nb->no_share ? -EPERM : 0;
}

int nvm_ioctl_gem_info(struct model_file *file, void *data)
{
	struct drm_nouveau_gem_info *req = data;
	struct model_bo *bo = model_gem_lookup(file, req->handle);
	int ret;

	if (!bo)
		return -ENOENT;
	ret = gem_info(file, bo, req->handle, req);
	model_bo_put(bo);
	return ret;
}

/*
 * dma_resv_wait_timeout on the BO: WRITE waits for every fence, otherwise
 * for the writers; NOWAIT polls, else up to 30 s; not idle is -EBUSY.
 */
int nvm_ioctl_gem_cpu_prep(struct model_file *file, void *data)
{
	struct drm_nouveau_gem_cpu_prep *req = data;
	bool all = req->flags & NOUVEAU_GEM_CPU_PREP_WRITE;
	bool nowait = req->flags & NOUVEAU_GEM_CPU_PREP_NOWAIT;
	int64_t deadline = model_now_ns() + 30 * 1000000000ll;
	struct model_fence *fences[MODEL_MAX_RINGS];
	struct model_bo *bo = model_gem_lookup(file, req->handle);
	struct nvm_bo *nb;
	unsigned int n = 0;
	int ret = 0;

	if (!bo)
		return -ENOENT;
	nb = model_bo_priv(bo);
	for (int i = 0; nb && i < MODEL_MAX_RINGS; i++) {
		if (nb->fence[i] && (all || nb->write[i])) {
			model_fence_get(nb->fence[i]);
			fences[n++] = nb->fence[i];
		}
	}
	for (unsigned int i = 0; i < n; i++) {
		if (!ret && nowait && !model_fence_signaled(fences[i]))
			ret = -EBUSY;
		else if (!ret && model_fence_wait(fences[i], deadline))
			ret = -EBUSY;
		model_fence_put(fences[i]);
	}
	model_bo_put(bo);
	return ret;
}

int nvm_ioctl_gem_cpu_fini(struct model_file *file, void *data)
{
	struct drm_nouveau_gem_cpu_fini *req = data;

	return model_gem_handle_valid(file, req->handle) ? 0 : -ENOENT;
}

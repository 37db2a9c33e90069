/* SPDX-License-Identifier: MIT */
/*
 * The client-managed VM of nouveau's VM_BIND uAPI, shared by uvmm.c (the
 * ioctls and bind jobs) and va_space.c (sets of mappings, sparse regions).
 */
#ifndef DRMSUB_NOUVEAU_MODEL_UVMM_H
#define DRMSUB_NOUVEAU_MODEL_UVMM_H

#include <stdbool.h>
#include <stdint.h>

struct model_bo;

struct vma {
	uint64_t addr, range, offset;	/* offset: into the BO */
	struct model_bo *bo;
};

/* A set of mappings; 'counted' sets hold a reference on each BO. */
struct vas {
	struct vma *v;
	uint32_t nr, cap;
	bool counted;
};

struct region {
	uint64_t addr, range;
	bool dirty;			/* unmapped by a job that has not run yet */
};

struct nvm_vm {
	int refs;			/* the file, and each job that uses it */
	uint64_t kaddr, krange;		/* the kernel-managed range */
	struct vas va;			/* what requests see (drm_gpuvm) */
	struct vas pt;			/* what the GPU sees (page tables) */
	struct region *regions;		/* sparse regions */
	uint32_t nr_regions, cap_regions;
};

/* va_space.c: mapping sets keep a BO reference per mapping when counted */
void nvm_vas_clear(struct vas *s);
int nvm_vas_add(struct vas *s, struct vma m);
/* drm_gpuvm_sm_unmap / _sm_map; 0 or -ENOMEM */
int nvm_vas_unmap(struct vas *s, uint64_t addr, uint64_t range);
int nvm_vas_map(struct vas *s, struct vma m);
bool nvm_vas_empty(const struct vas *s, uint64_t addr, uint64_t range);
/* The lowest region that overlaps [addr, addr + range), or NULL. */
struct region *nvm_region_find(struct nvm_vm *vm, uint64_t addr, uint64_t range);
int nvm_region_add(struct nvm_vm *vm, uint64_t addr, uint64_t range);
void nvm_region_remove(struct nvm_vm *vm, uint64_t addr, uint64_t range);

#endif

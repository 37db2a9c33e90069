// SPDX-License-Identifier: MIT
/*
 * GPU address spaces (msm_gem_vm.c): one per file on a6xx and later
 * (per-process page tables from ADRENO_VM_START), one shared by every file
 * on a5xx. A BO gets an address in a VM on its first GET_IOVA or submit
 * and keeps it until the BO is freed (msm_gem_vma); addresses are
 * allocated lowest-first and never overlap. A job sees an immutable
 * snapshot of its VM, so the GPU thread needs no lock.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "msm/model/msm_model.h"

struct msm_vm_node {
	uint64_t iova, size;
	struct model_bo *bo;		/* not referenced: the BO removes itself when freed */
	struct msm_vm_node *next;	/* sorted by iova */
};

struct msm_vm {
	int refs;
	uint64_t start, size;
	uint32_t faults;
	struct msm_vm_node *nodes;
};

uint32_t msm_vm_faults(const struct msm_vm *vm)
{
	return vm->faults;
}

void msm_vm_fault(struct msm_vm *vm)
{
	vm->faults++;
}

struct msm_vm *msm_vm_new(uint64_t start, uint64_t size)
{
	struct msm_vm *vm = calloc(1, sizeof(*vm));

	if (!vm)
		return NULL;
	vm->refs = 1;
	vm->start = start;
	vm->size = size;
	return vm;
}

void msm_vm_get(struct msm_vm *vm)
{
	vm->refs++;
}

uint64_t msm_vm_start(const struct msm_vm *vm)
{
	return vm->start;
}

uint64_t msm_vm_size(const struct msm_vm *vm)
{
	return vm->size;
}

struct msm_bo_state *msm_bo_state(struct model_bo *bo)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	if (!st) {
		st = calloc(1, sizeof(*st));
		if (st)
			model_bo_set_priv(bo, st);
	}
	return st;
}

static void bo_forget_vm(struct model_bo *bo, struct msm_vm *vm)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	for (struct msm_bo_vma **p = &st->vmas; *p; p = &(*p)->next) {
		if ((*p)->vm == vm) {
			struct msm_bo_vma *v = *p;

			*p = v->next;
			free(v);
			return;
		}
	}
}

void msm_vm_put(struct msm_vm *vm)
{
	if (!vm || --vm->refs > 0)
		return;
	while (vm->nodes) {
		struct msm_vm_node *n = vm->nodes;

		vm->nodes = n->next;
		bo_forget_vm(n->bo, vm);
		free(n);
	}
	free(vm);
}

static void vm_remove_bo(struct msm_vm *vm, struct model_bo *bo)
{
	for (struct msm_vm_node **p = &vm->nodes; *p; p = &(*p)->next) {
		if ((*p)->bo == bo) {
			struct msm_vm_node *n = *p;

			*p = n->next;
			free(n);
			return;
		}
	}
}

void msm_bo_state_free(struct model_bo *bo)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	if (!st)
		return;
	while (st->vmas) {
		struct msm_bo_vma *v = st->vmas;

		st->vmas = v->next;
		vm_remove_bo(v->vm, bo);
		free(v);
	}
	msm_resv_fini(&st->resv);
	free(st);
	model_bo_set_priv(bo, NULL);
}

/* The lowest free range of @size bytes (drm_mm, page aligned). */
static int vm_alloc(struct msm_vm *vm, uint64_t size, uint64_t *iova, struct msm_vm_node ***at)
{
	uint64_t cursor = vm->start;
	struct msm_vm_node **p = &vm->nodes;

	for (; *p; p = &(*p)->next) {
		if ((*p)->iova - cursor >= size)
			break;
		cursor = (*p)->iova + (*p)->size;
	}
	if (cursor + size > vm->start + vm->size || cursor + size < cursor)
		return -ENOSPC;
	*iova = cursor;
	*at = p;
	return 0;
}

static int vm_insert(struct msm_vm *vm, struct model_bo *bo, uint64_t iova,
		     struct msm_vm_node **at)
{
	struct msm_bo_state *st = msm_bo_state(bo);
	struct msm_vm_node *node = calloc(1, sizeof(*node));
	struct msm_bo_vma *vma = calloc(1, sizeof(*vma));

	if (!st || !node || !vma) {
		free(node);
		free(vma);
		return -ENOMEM;
	}
	*node = (struct msm_vm_node){ .iova = iova, .size = model_bo_size(bo), .bo = bo, .next = *at };
	*at = node;
	*vma = (struct msm_bo_vma){ .vm = vm, .iova = iova, .next = st->vmas };
	st->vmas = vma;
	return 0;
}

static struct msm_bo_vma *bo_vma(struct model_bo *bo, struct msm_vm *vm)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	for (struct msm_bo_vma *vma = st ? st->vmas : NULL; vma; vma = vma->next)
		if (vma->vm == vm)
			return vma;
	return NULL;
}

int msm_vm_set_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t iova)
{
	struct msm_bo_vma *vma = bo_vma(bo, vm);
	uint64_t size = model_bo_size(bo);
	struct msm_vm_node **p = &vm->nodes;

	if (vma)
		return vma->iova == iova ? 0 : -EBUSY;
	if (iova < vm->start || iova + size > vm->start + vm->size || iova + size < iova ||
	    iova % MODEL_PAGE_SIZE)
		return -ENOSPC;
	for (; *p && (*p)->iova < iova + size; p = &(*p)->next)
		if ((*p)->iova + (*p)->size > iova)
			return -ENOSPC;
	return vm_insert(vm, bo, iova, p);
}

int msm_vm_snapshot(struct msm_vm *vm, struct msm_vm_snapshot *snap)
{
	unsigned int n = 0;

	for (struct msm_vm_node *node = vm->nodes; node; node = node->next)
		n++;
	snap->nr_maps = 0;
	snap->maps = calloc(n ? n : 1, sizeof(*snap->maps));
	if (!snap->maps)
		return -ENOMEM;
	for (struct msm_vm_node *node = vm->nodes; node; node = node->next) {
		void *vaddr = model_bo_vaddr(node->bo);

		if (!vaddr)
			continue;	/* unbacked pages: the GPU faults there */
		model_bo_get(node->bo);
		snap->maps[snap->nr_maps++] = (struct msm_mapping){
			.iova = node->iova, .size = node->size, .vaddr = vaddr, .bo = node->bo,
		};
	}
	return 0;
}

void msm_vm_snapshot_release(struct msm_vm_snapshot *snap)
{
	for (unsigned int i = 0; i < snap->nr_maps; i++)
		model_bo_put(snap->maps[i].bo);
	free(snap->maps);
	snap->maps = NULL;
	snap->nr_maps = 0;
}

void *msm_vm_lookup(const struct msm_vm_snapshot *snap, uint64_t iova, uint64_t len)
{
	for (unsigned int i = 0; i < snap->nr_maps; i++) {
		const struct msm_mapping *m = &snap->maps[i];

		if (iova >= m->iova && iova - m->iova + len <= m->size && len <= m->size)
			return (char *)m->vaddr + (iova - m->iova);
	}
	return NULL;
}

int msm_vm_get_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t *iova)
{
	struct msm_bo_vma *vma = bo_vma(bo, vm);
	struct msm_vm_node **at;
	int err;

	if (vma) {
		*iova = vma->iova;
		return 0;
	}
	err = vm_alloc(vm, model_bo_size(bo), iova, &at);
	return err ? err : vm_insert(vm, bo, *iova, at);
}

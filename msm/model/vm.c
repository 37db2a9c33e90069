// SPDX-License-Identifier: MIT
/*
 * GPU address spaces (msm_gem_vma.c): one per file on a6xx and later
 * (per-process page tables from ADRENO_VM_START), one shared by every file
 * on a5xx. In a kernel-managed VM a BO gets an address on its first
 * GET_IOVA or submit and keeps it until the BO is freed (msm_gem_vma); the
 * address comes from drm_mm as msm asks for it (drm_mm_insert_node_in_range,
 * page aligned, DRM_MM_INSERT_BEST), ENOSPC when nothing fits. A VM_BIND VM
 * (msm_gem_vm_create with managed false) is mapped by its file alone
 * (vm_gpuvm.c, vm_pgtable.c). A job holds a version of the VM's map
 * (vm_map.c), so the GPU thread needs no lock, and the pages of a BO freed
 * meanwhile stay mapped until the last version lets go.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "model/model.h"
#include "msm/model/msm_model.h"
#include "msm/model/vm.h"

uint32_t msm_vm_faults(const struct msm_vm *vm)
{
	return vm->faults;
}

void msm_vm_fault(struct msm_vm *vm)
{
	vm->faults++;
}

uint64_t msm_vm_start(const struct msm_vm *vm)
{
	return vm->start;
}

uint64_t msm_vm_size(const struct msm_vm *vm)
{
	return vm->size;
}

bool msm_vm_managed(const struct msm_vm *vm)
{
	return vm->managed;
}

bool msm_vm_unusable(const struct msm_vm *vm)
{
	return vm->unusable;
}

void msm_vm_make_unusable(struct msm_vm *vm, uint64_t ring_stamp)
{
	if (!vm->unusable)
		vm->unusable_stamp = ring_stamp;
	vm->unusable = true;
}

/*
 * recover_worker replays the submits still on the ring, those of an
 * unusable VM without their IBs ("skip re-emitting IBs for unusable VMs",
 * 6.17); submits that reach the ring later run as usual.
 */
bool msm_vm_skips_replay(const struct msm_vm *vm, uint64_t ring_stamp)
{
	if (!msm_kernel_has(MSM_FIX_SKIP_IBS_UNUSABLE_VM))
		return false;
	return vm->unusable && ring_stamp <= vm->unusable_stamp;
}

void msm_vm_set_prr(struct msm_vm *vm, bool has_prr)
{
	vm->has_prr = has_prr;
}

static uint64_t vma_end(const struct msm_vma *v)
{
	return v->iova + v->size;
}

/* add_hole: the free space from the end of @v to the next mapping, if any. */
static void add_hole(struct msm_vm *vm, struct msm_vma *v)
{
	struct msm_map *next = msm_map_from(vm->map, vma_end(v));
	uint64_t end = next ? next->range.iova : vm->start + vm->size;

	v->has_hole = end > vma_end(v);
	if (v->has_hole)
		msm_holes_add(&vm->holes, &v->hole, vma_end(v), end - vma_end(v));
}

static void rm_hole(struct msm_vm *vm, struct msm_vma *v)
{
	if (v->has_hole)
		msm_holes_remove(&vm->holes, &v->hole);
	v->has_hole = false;
}

/* drm_mm_init(start, size) for a managed VM: one hole, all of it. */
struct msm_vm *msm_vm_new(uint64_t start, uint64_t size, bool managed)
{
	struct msm_vm *vm = calloc(1, sizeof(*vm));

	if (!vm)
		return NULL;
	vm->refs = 1;
	vm->start = start;
	vm->size = size;
	vm->managed = managed;
	vm->head = (struct msm_vma){ .vm = vm, .iova = start };
	if (managed)
		add_hole(vm, &vm->head);
	return vm;
}

void msm_vm_get(struct msm_vm *vm)
{
	vm->refs++;
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

static struct msm_vma *bo_vma(struct model_bo *bo, struct msm_vm *vm)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	for (struct msm_vma *v = st ? st->vmas : NULL; v; v = v->bo_next)
		if (v->vm == vm)
			return v;
	return NULL;
}

static void bo_unlink_vma(struct msm_vma *v)
{
	struct msm_bo_state *st = model_bo_priv(v->bo);

	for (struct msm_vma **p = &st->vmas; *p; p = &(*p)->bo_next) {
		if (*p == v) {
			*p = v->bo_next;
			return;
		}
	}
}

/* The VM is gone with its last reference: its BOs forget it. */
static void forget_vma(struct msm_map *m, void *arg)
{
	bo_unlink_vma(m->vma);
	free(m->vma);
}

void msm_vm_put(struct msm_vm *vm)
{
	if (!vm || --vm->refs > 0)
		return;
	if (vm->managed)
		msm_map_for_each(vm->map, forget_vma, NULL);
	else
		msm_gpuvm_release(vm);
	msm_deps_fini(&vm->last_fence);
	msm_map_put(vm->map);
	msm_map_pool_fini(&vm->pool);
	free(vm);
}

struct msm_pages *msm_bo_pages(struct model_bo *bo)
{
	struct msm_bo_state *st = msm_bo_state(bo);

	if (!st)
		return NULL;
	if (!st->pages) {
		st->pages = calloc(1, sizeof(*st->pages));
		if (!st->pages)
			return NULL;
		/* no host mapping yet: msm_pages_vaddr makes it when it is needed */
		*st->pages = (struct msm_pages){ .refs = 1, .bo = bo, .size = model_bo_size(bo) };
	}
	return st->pages;
}

/* Make @pages' host mapping, with model_lock held: the BO's own (model_bo_vaddr). */
static void settle_pages(struct msm_pages *pages)
{
	if (pages->settled)
		return;
	__atomic_store_n(&pages->vaddr, pages->bo ? model_bo_vaddr(pages->bo) : NULL,
			 __ATOMIC_RELEASE);
	__atomic_store_n(&pages->settled, true, __ATOMIC_RELEASE);
}

void *msm_pages_vaddr(struct msm_pages *pages)
{
	void *vaddr = __atomic_load_n(&pages->vaddr, __ATOMIC_ACQUIRE);

	if (vaddr || __atomic_load_n(&pages->settled, __ATOMIC_ACQUIRE))
		return vaddr;
	/* the GPU thread's first access: once per BO, so the lock costs nothing */
	pthread_mutex_lock(&model_lock);
	settle_pages(pages);
	pthread_mutex_unlock(&model_lock);
	return pages->vaddr;
}

/*
 * drm_mm_insert_node_in_range, from the moment it chose @hole: @bo at
 * @iova, then the hole's rest before and after it (add_hole, in that
 * order). Everything that can fail comes first.
 */
static int map_at(struct msm_vm *vm, struct model_bo *bo, struct msm_hole *hole, uint64_t iova)
{
	struct msm_vma *owner = (struct msm_vma *)((char *)hole - offsetof(struct msm_vma, hole));
	uint64_t hole_start = hole->start, hole_end = hole->start + hole->size;
	struct msm_bo_state *st = msm_bo_state(bo);
	struct msm_pages *pages = msm_bo_pages(bo);
	struct msm_vma *v = calloc(1, sizeof(*v));
	struct msm_map *node;

	if (!pages || !v || msm_map_reserve(&vm->pool, vm->map, iova)) {
		free(v);
		return -ENOMEM;
	}
	*v = (struct msm_vma){
		.vm = vm, .bo = bo, .iova = iova, .size = model_bo_size(bo), .bo_next = st->vmas,
	};
	st->vmas = v;
	node = msm_map_node(&vm->pool);
	*node = (struct msm_map){
		.range = { .iova = iova, .size = v->size, .pages = pages },
		.vma = v, .prio = msm_vm_random(&vm->rng), .refs = 1,
	};
	pages->refs++;
	rm_hole(vm, owner);
	vm->map = msm_map_insert(&vm->pool, vm->map, node);
	if (iova > hole_start)
		add_hole(vm, owner);
	if (iova + v->size < hole_end)
		add_hole(vm, v);
	return 0;
}

/* drm_mm_remove_node: the hole after @v and the one before it become one. */
static void unmap(struct msm_vm *vm, struct msm_vma *v)
{
	struct msm_map *prev = msm_map_before(vm->map, v->iova);
	struct msm_vma *owner = prev ? prev->vma : &vm->head;

	if (msm_map_reserve(&vm->pool, vm->map, v->iova))
		model_fatal("msm: out of memory unmapping a BO");
	rm_hole(vm, v);
	vm->map = msm_map_remove(&vm->pool, vm->map, v->iova);
	rm_hole(vm, owner);
	add_hole(vm, owner);
}

int msm_vm_get_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t *iova)
{
	struct msm_vma *v = bo_vma(bo, vm);
	struct msm_hole *hole;
	int ret;

	if (v) {
		*iova = v->iova;
		return 0;
	}
	hole = msm_holes_best(&vm->holes, model_bo_size(bo));
	if (!hole)
		return MSM_UERR(ENOSPC, "vm: no hole of %llu bytes",
				(unsigned long long)model_bo_size(bo));
	/* DRM_MM_INSERT_BEST: the hole's start, page aligned as every hole is */
	ret = map_at(vm, bo, hole, hole->start);
	if (!ret)
		*iova = hole->start;
	return ret;
}

/*
 * SET_IOVA: msm_gem_set_iova → get_vma_locked(iova, iova + size), a
 * drm_mm insert limited to that range: it succeeds in the one hole that
 * holds the whole range, page aligned; elsewhere already: EBUSY.
 */
int msm_vm_set_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t iova)
{
	struct msm_vma *v = bo_vma(bo, vm), *owner;
	uint64_t size = model_bo_size(bo);
	struct msm_map *prev;

	if (v)
		return v->iova == iova ? 0 : -EBUSY;
	if (iova % MODEL_PAGE_SIZE || iova < vm->start || iova + size < iova ||
	    iova + size > vm->start + vm->size)
		return MSM_UERR(ENOSPC, "vm: SET_IOVA %#llx outside the VM or unaligned",
				(unsigned long long)iova);
	prev = msm_map_before(vm->map, iova + 1);
	owner = prev ? prev->vma : &vm->head;
	if (!owner->has_hole || iova < owner->hole.start ||
	    iova + size > owner->hole.start + owner->hole.size)
		return MSM_UERR(ENOSPC, "vm: SET_IOVA %#llx is not free", (unsigned long long)iova);
	return map_at(vm, bo, &owner->hole, iova);
}

void msm_bo_state_free(struct model_bo *bo)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	if (!st)
		return;
	while (st->vmas) {
		struct msm_vma *v = st->vmas;

		st->vmas = v->bo_next;
		unmap(v->vm, v);
		free(v);
	}
	if (st->pages) {
		void *vaddr;

		/*
		 * Jobs may still read the pages (the kernel's submit holds the
		 * object): map them while the BO's memory is still there, and
		 * the last version to let go unmaps them.
		 */
		if (st->pages->refs > 1)
			settle_pages(st->pages);
		st->pages->bo = NULL;
		__atomic_store_n(&st->pages->settled, true, __ATOMIC_RELEASE);
		vaddr = model_bo_take_vaddr(bo);

		st->pages->owned = vaddr == st->pages->vaddr;
		if (vaddr && !st->pages->owned)
			munmap(vaddr, model_bo_size(bo));	/* mapped after the GPU's view was made */
		msm_pages_put(st->pages);
	}
	msm_resv_fini(&st->resv);
	free(st);
	model_bo_set_priv(bo, NULL);
}

int msm_vm_snapshot(struct msm_vm *vm, struct msm_vm_snapshot *snap)
{
	*snap = (struct msm_vm_snapshot){
		.root = vm->map, .live = vm->managed ? NULL : vm, .generation = vm->generation,
	};
	msm_map_get(snap->root);
	if (snap->live)
		msm_vm_get(vm);
	return 0;
}

void msm_vm_snapshot_release(struct msm_vm_snapshot *snap)
{
	msm_map_put(snap->root);
	for (unsigned int i = 0; i < snap->nr_retired; i++)
		msm_map_put(snap->retired[i]);
	free(snap->retired);
	msm_vm_put(snap->live);
	*snap = (struct msm_vm_snapshot){ 0 };
}

const struct msm_mapping *msm_vm_mapping(const struct msm_vm_snapshot *snap, uint64_t iova)
{
	const struct msm_map *m = msm_map_containing(snap->root, iova);

	if (!m || m->range.prr)
		return m ? &m->range : NULL;
	/* pages nothing backs: no mapping, the GPU faults there */
	return m->range.pages && msm_pages_vaddr(m->range.pages) ? &m->range : NULL;
}

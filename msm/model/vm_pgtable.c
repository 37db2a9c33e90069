// SPDX-License-Identifier: MIT
/*
 * The page tables of a VM_BIND address space: the map versions of
 * vm_map.c, changed when a bind job runs (msm_vma_job_run → vm_map_op /
 * vm_unmap_op → msm_iommu_pagetable_map / _unmap), while submits may be
 * running: each change makes a new version and bumps the VM's
 * generation, and a running submit's snapshot follows it
 * (msm_vm_refresh), so the GPU sees an unmap from its next access on.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "msm/model/msm_model.h"
#include "msm/model/vm.h"

static void new_version(struct msm_vm *vm)
{
	__atomic_store_n(&vm->generation, vm->generation + 1, __ATOMIC_RELEASE);
}

/* A page-table entry: [@iova, @iova + @size) to @pages from @offset, or to the PRR page. */
static int insert(struct msm_vm *vm, uint64_t iova, uint64_t size, struct msm_pages *pages,
		  uint64_t offset, bool prr)
{
	struct msm_map *node;

	if (msm_map_reserve(&vm->pool, vm->map, iova))
		return -ENOMEM;
	node = msm_map_node(&vm->pool);
	*node = (struct msm_map){
		.range = { .iova = iova, .size = size, .pages = pages, .offset = offset, .prr = prr },
		.prio = msm_vm_random(&vm->rng), .refs = 1,
	};
	if (pages)
		pages->refs++;
	vm->map = msm_map_insert(&vm->pool, vm->map, node);
	return 0;
}

/* The page-table entry (node) with the lowest address in [@start, @end), or NULL. */
static struct msm_map *first_overlap(struct msm_vm *vm, uint64_t start, uint64_t end)
{
	struct msm_map *m = msm_map_before(vm->map, start + 1);

	if (m && m->range.iova + m->range.size > start)
		return m;
	m = msm_map_from(vm->map, start);
	return m && m->range.iova < end ? m : NULL;
}

/* io_pgtable_ops.unmap_pages of [@start, @end): entries partly inside keep the rest. */
static int unmap_range(struct msm_vm *vm, uint64_t start, uint64_t end)
{
	struct msm_map *m;

	while ((m = first_overlap(vm, start, end))) {
		struct msm_mapping r = m->range;
		struct msm_pages *pages = r.pages;
		int ret = 0;

		if (msm_map_reserve(&vm->pool, vm->map, r.iova))
			return -ENOMEM;
		if (pages)
			pages->refs++;	/* for the parts that stay */
		vm->map = msm_map_remove(&vm->pool, vm->map, r.iova);
		if (r.iova < start)
			ret = insert(vm, r.iova, start - r.iova, pages, r.offset, r.prr);
		if (!ret && r.iova + r.size > end)
			ret = insert(vm, end, r.iova + r.size - end, pages,
				     r.offset + (end - r.iova), r.prr);
		if (pages)
			msm_pages_put(pages);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * msm_iommu_pagetable_map: the pages' part of the range (a MAP_NULL range:
 * the PRR page). A page already mapped is io-pgtable's -EEXIST, and the op
 * maps nothing then (it unmaps what it had mapped: -EINVAL).
 */
static int map_range(struct msm_vm *vm, const struct msm_vm_op *op)
{
	uint64_t end = op->iova + op->backed;

	if (!op->backed)
		return 0;
	if (first_overlap(vm, op->iova, end))
		return MSM_UERR(EINVAL, "vm_bind job: %#llx..%#llx is mapped already "
				"(io-pgtable -EEXIST); the VM becomes unusable",
				(unsigned long long)op->iova, (unsigned long long)end);
	if (!op->pages && !vm->has_prr) {
		/* 6.17 (before "Reject MAP_NULL op if no PRR"): page_to_phys of no PRR page */
		model_debug("msm: vm_bind job: MAP_NULL without PRR maps a page the model "
			    "cannot know; the range faults");
		return 0;
	}
	if (!op->pages)
		return insert(vm, op->iova, op->range, NULL, 0, true);
	return insert(vm, op->iova, op->backed, op->pages, op->offset, false);
}

int msm_pgtable_apply(struct msm_vm *vm, const struct msm_vm_ops *ops)
{
	int ret = vm->unusable ? -EINVAL : 0;

	for (unsigned int i = 0; i < ops->nr; i++) {
		const struct msm_vm_op *op = &ops->ops[i];

		/* on error no more MAPs, but the UNMAPs still happen */
		if (op->map && !ret)
			ret = map_range(vm, op);
		else if (!op->map && unmap_range(vm, op->iova, op->iova + op->range))
			model_fatal("msm: out of memory unmapping a VM_BIND range");
	}
	new_version(vm);
	if (ret)
		msm_vm_make_unusable(vm, 0);
	return ret;
}

/*
 * msm_gem_vm_close at file close, for a VM_BIND VM (its queues were
 * flushed before): wait for last_fence, then unmap what is left. From
 * 6.18 ("make sure last_fence is always updated") last_fence takes the
 * VM_BIND-mode submits too (submit_attach_object_fences), so close waits
 * for them; before, it held bind jobs only, and the teardown pulled the
 * mappings from under a submit still running — it faults. The fences
 * merge as dma_fence_unwrap_merge does: the latest of each context.
 */
void msm_vm_add_last_fence(struct msm_vm *vm, struct model_fence *f)
{
	model_fence_get(f);
	if (msm_deps_add(&vm->last_fence, f))
		model_fatal("msm: out of memory for a VM's last fence");
}

void msm_vm_close(struct msm_vm *vm)
{
	if (vm->managed)
		return;
	for (unsigned int i = 0; i < vm->last_fence.nr; i++)
		model_fence_wait(vm->last_fence.fences[i], -1);
	if (unmap_range(vm, vm->start, vm->start + vm->size))
		model_fatal("msm: out of memory unmapping a closed VM");
	new_version(vm);
}

/* Keep @root until the job ends: the CP may hold pointers into what it maps. */
static void retire(struct msm_vm_snapshot *snap, struct msm_map *root)
{
	if (model_array_reserve(&snap->retired, snap->nr_retired, &snap->max_retired,
				sizeof(*snap->retired), 4))
		model_fatal("msm: out of memory following a VM_BIND VM");
	snap->retired[snap->nr_retired++] = root;
}

bool msm_vm_refresh(struct msm_vm_snapshot *snap)
{
	struct msm_vm *vm = snap->live;
	bool changed;

	if (!vm || __atomic_load_n(&vm->generation, __ATOMIC_ACQUIRE) == snap->generation)
		return false;
	pthread_mutex_lock(&model_lock);
	changed = vm->generation != snap->generation;
	if (changed) {
		retire(snap, snap->root);
		snap->root = vm->map;
		msm_map_get(snap->root);
		snap->generation = vm->generation;
	}
	pthread_mutex_unlock(&model_lock);
	return changed;
}

/*
 * The PRR page: the SMMU drops writes and reads return the page's zeroes
 * (msm_iommu_pagetable_create). One buffer per GPU thread, zeroed for
 * each access.
 */
void *msm_prr_page(uint64_t len)
{
	static __thread void *page;
	static __thread uint64_t size;

	if (len > size) {
		void *p = realloc(page, len);

		if (!p)
			model_fatal("msm: out of memory for a PRR access of %llu bytes",
				    (unsigned long long)len);
		page = p;
		size = len;
	}
	return memset(page, 0, len);
}

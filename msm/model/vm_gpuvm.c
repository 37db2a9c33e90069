// SPDX-License-Identifier: MIT
/*
 * The VMAs of a VM_BIND address space, as drm_gpuvm keeps them for msm
 * (msm_gem_vma.c): ranges of an object (or MAP_NULL ranges), never
 * overlapping, changed at once by the VM_BIND ioctl (vm_bind_job_prepare
 * → drm_gpuvm_sm_map / drm_gpuvm_sm_unmap). A request that covers part
 * of a VMA splits it: the parts outside stay as new VMAs of the same
 * object at the matching offsets (msm_gem_vm_sm_step_remap), the part
 * inside is unmapped. Each change appends the page-table op the bind job
 * applies when it runs (vm_pgtable.c).
 *
 * The VMAs live in a tree of msm_map nodes (vm_map.c) that only the
 * ioctl sees: one version, changed in place. Each holds a reference to
 * its object, as the VMA's vm_bo does: a BO closed by its last handle
 * stays mapped until unmapped (msm_gem_close leaves VM_BIND VMs alone).
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "msm/model/msm_model.h"
#include "msm/model/vm.h"

static uint64_t vma_end(const struct msm_map *v)
{
	return v->range.iova + v->range.size;
}

/* The VMA with the lowest address that overlaps [@start, @end), or NULL. */
static struct msm_map *first_overlap(struct msm_vm *vm, uint64_t start, uint64_t end)
{
	struct msm_map *v = msm_map_before(vm->vmas, start + 1);

	if (v && vma_end(v) > start)
		return v;
	v = msm_map_from(vm->vmas, start);
	return v && v->range.iova < end ? v : NULL;
}

static int append_op(struct msm_vm_ops *out, const struct msm_vm_op *op)
{
	if (model_array_reserve(&out->ops, out->nr, &out->max, sizeof(*out->ops), 4))
		return -ENOMEM;
	out->ops[out->nr++] = *op;
	if (op->pages)
		op->pages->refs++;
	return 0;
}

void msm_vm_ops_fini(struct msm_vm_ops *ops)
{
	for (unsigned int i = 0; i < ops->nr; i++)
		if (ops->ops[i].pages)
			msm_pages_put(ops->ops[i].pages);
	free(ops->ops);
	*ops = (struct msm_vm_ops){ 0 };
}

/* msm_gem_vma_new for a VM_BIND VM: the VMA [@iova, @iova + @size) of @bo at @offset. */
static int vma_insert(struct msm_vm *vm, struct model_bo *bo, uint64_t offset, uint64_t iova,
		      uint64_t size, uint32_t flags)
{
	struct msm_map *v;

	if (msm_map_reserve(&vm->vma_pool, vm->vmas, iova))
		return -ENOMEM;
	v = msm_map_node(&vm->vma_pool);
	*v = (struct msm_map){
		.range = { .iova = iova, .size = size, .prr = !bo },
		.bo = bo, .bo_offset = offset, .flags = flags, .seq = ++vm->vma_seq,
		.prio = msm_vm_random(&vm->rng), .refs = 1,
	};
	if (bo)
		model_bo_get(bo);
	vm->vmas = msm_map_insert(&vm->vma_pool, vm->vmas, v);
	return 0;
}

/* The range of @op's object the pages back: none of it past their end. */
static uint64_t backed_range(const struct msm_pages *pages, uint64_t offset, uint64_t range)
{
	if (!pages || offset >= pages->size)
		return pages ? 0 : range;
	return range < pages->size - offset ? range : pages->size - offset;
}

/* msm_gem_vm_sm_step_map: the VMA, and its MAP op (PRR when @req has no object). */
static int step_map(struct msm_vm *vm, const struct msm_bind_req *req, struct msm_vm_ops *out)
{
	struct msm_pages *pages = NULL;
	struct msm_vm_op op;
	int ret;

	if (req->bo) {
		pages = msm_bo_pages(req->bo);
		if (!pages)
			return -ENOMEM;
	}
	ret = vma_insert(vm, req->bo, req->bo_offset, req->iova, req->range, req->flags);
	if (ret)
		return ret;
	op = (struct msm_vm_op){
		.map = true, .iova = req->iova, .range = req->range, .pages = pages,
		.offset = req->bo_offset, .backed = backed_range(pages, req->bo_offset, req->range),
	};
	return append_op(out, &op);
}

/*
 * msm_gem_vm_sm_step_unmap / _remap for the VMA @v that overlaps [@start,
 * @end): UNMAP the overlap, keep what lies outside as new VMAs (prev and
 * next, drm_gpuva_op_remap_to_unmap_range).
 */
static int step_unmap(struct msm_vm *vm, struct msm_map *v, uint64_t start, uint64_t end,
		      struct msm_vm_ops *out)
{
	uint64_t vs = v->range.iova, ve = vma_end(v), offset = v->bo_offset;
	struct model_bo *bo = v->bo;
	uint32_t flags = v->flags;
	struct msm_vm_op op = {
		.iova = vs > start ? vs : start,
	};
	int ret = 0;

	op.range = (ve < end ? ve : end) - op.iova;
	if (append_op(out, &op) || msm_map_reserve(&vm->vma_pool, vm->vmas, vs))
		return -ENOMEM;
	if (bo)
		model_bo_get(bo);	/* the vm_bo reference across the remap */
	vm->vmas = msm_map_remove(&vm->vma_pool, vm->vmas, vs);
	if (vs < start)
		ret = vma_insert(vm, bo, offset, vs, start - vs, flags);
	if (!ret && ve > end)
		ret = vma_insert(vm, bo, offset + (end - vs), end, ve - end, flags);
	model_bo_put(bo);
	return ret;
}

/* drm_gpuvm_sm_unmap: every VMA part inside [@start, @end) goes. */
static int sm_unmap(struct msm_vm *vm, uint64_t start, uint64_t end, struct msm_vm_ops *out)
{
	struct msm_map *v;
	int ret;

	while ((v = first_overlap(vm, start, end))) {
		ret = step_unmap(vm, v, start, end, out);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * "drm/msm: Handle in-place remaps" (6.17-rc4, msm_gem_vm_sm_step_unmap):
 * a MAP (not a MAP_NULL) of exactly an existing VMA's object, offset and
 * range only updates its flags — turnip sets MSM_VM_BIND_OP_DUMP so —
 * without touching pages a submit may be using.
 */
static bool remap_in_place(struct msm_vm *vm, const struct msm_bind_req *req)
{
	struct msm_map *v = first_overlap(vm, req->iova, req->iova + req->range);

	if (!msm_kernel_has(MSM_FIX_IN_PLACE_REMAP) || !req->bo)
		return false;
	if (!v || v->range.iova != req->iova || v->range.size != req->range ||
	    v->bo != req->bo || v->bo_offset != req->bo_offset)
		return false;
	v->flags = req->flags;
	return true;
}

int msm_gpuvm_bind(struct msm_vm *vm, const struct msm_bind_req *req, struct msm_vm_ops *out)
{
	uint64_t end = req->iova + req->range;
	int ret;

	if (!req->range) {
		/* our reading: no VMA overlaps an empty range, and none is made */
		model_debug("msm: vm_bind: a zero range maps and unmaps nothing");
		return 0;
	}
	if (!req->map)
		return sm_unmap(vm, req->iova, end, out);
	if (remap_in_place(vm, req))
		return 0;
	ret = sm_unmap(vm, req->iova, end, out);
	return ret ? ret : step_map(vm, req, out);
}

/* The first (oldest) VMA of @bo, as lookup_vma walks the vm_bo's list. */
struct first_vma {
	struct model_bo *bo;
	const struct msm_map *found;
};

static void match_first(struct msm_map *m, void *arg)
{
	struct first_vma *f = arg;

	if (m->bo == f->bo && (!f->found || m->seq < f->found->seq))
		f->found = m;
}

int msm_vm_bo_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t *iova)
{
	struct first_vma f = { .bo = bo };

	msm_map_for_each(vm->vmas, match_first, &f);
	if (!f.found)
		return MSM_UERR(EINVAL, "submit: BO not mapped in the VM_BIND VM "
				"(msm_gem_vma_new's drm_gpuva_insert of [0, U64_MAX))");
	*iova = f.found->range.iova;
	return 0;
}

/* msm_gem_vm_close: the VMAs that remain go with the VM. */
void msm_gpuvm_release(struct msm_vm *vm)
{
	msm_map_put(vm->vmas);
	vm->vmas = NULL;
	msm_map_pool_fini(&vm->vma_pool);
}

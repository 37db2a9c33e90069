// SPDX-License-Identifier: MIT
/*
 * nouveau_uvmm.c in the model: VM_INIT and VM_BIND. VM_INIT splits the
 * 47-bit address space into a kernel-managed range and the client's;
 * VM_BIND maps BO ranges into the client's part and unmaps them, and
 * reserves sparse regions.
 *
 * As in the kernel, a VM_BIND request changes the VA space at once (the
 * next request is validated against it: drm_gpuvm), while the page
 * tables the GPU walks change when its job runs, after its in-syncobjs
 * (nouveau_uvmm_bind_job_run). Requests without RUN_ASYNC wait for that.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/fence.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/model/uvmm.h"
#include "nouveau/uapi_vm.h"

#define VA_SPACE_END (1ull << 47)	/* NOUVEAU_VA_SPACE_END */
#define PAGE_MASK_LOW ((uint64_t)MODEL_PAGE_SIZE - 1)

/* OP_MAP_SPARSE / OP_UNMAP_SPARSE: the uAPI op with the SPARSE flag */
enum { OP_MAP, OP_UNMAP, OP_MAP_SPARSE, OP_UNMAP_SPARSE };

struct bind_op {
	uint32_t op;			/* OP_* */
	uint64_t addr, range, offset;
	struct model_bo *bo;		/* OP_MAP, referenced */
};

struct bind_job {
	struct nvm_sched_job base;
	struct nvm_vm *vm;
	struct bind_op *ops;
	uint32_t nr_ops;
};

/* ---- the VM ---------------------------------------------------------- */

void nvm_vm_get(struct nvm_vm *vm)
{
	vm->refs++;
}

void nvm_vm_put(struct nvm_vm *vm)
{
	if (!vm || --vm->refs)
		return;
	nvm_vas_clear(&vm->va);
	nvm_vas_clear(&vm->pt);
	free(vm->regions);
	free(vm);
}

void nvm_uvmm_disable_noinit(struct model_file *file)
{
	struct nvm_file *nf = nvm_file(file);

	if (!nf->vm)
		nf->uvmm_disabled = true;
}

/* At close the client's scheduler entity goes: bind jobs not started end with -ESRCH. */
void nvm_vm_release(struct model_file *file)
{
	struct nvm_file *nf = nvm_file(file);

	if (!nf->vm)
		return;
	nvm_sched_cancel(model_file_device(file), nf->vm, -ESRCH);
	nvm_vm_put(nf->vm);
	nf->vm = NULL;
}

int nvm_vm_snapshot(struct nvm_vm *vm, struct nvm_job *job)
{
	uint32_t n = vm->pt.nr + vm->nr_regions;
	struct nvm_buffer *b = calloc(n ? n : 1, sizeof(*b));

	if (!b)
		return -ENOMEM;
	for (uint32_t i = 0; i < vm->pt.nr; i++) {
		const struct vma *m = &vm->pt.v[i];
		uint8_t *cpu = model_bo_vaddr(m->bo);

		if (!cpu) {
			for (uint32_t k = 0; k < i; k++)
				model_bo_put(b[k].bo);
			free(b);
			return -ENOMEM;
		}
		model_bo_get(m->bo);
		b[i] = (struct nvm_buffer){
			.bo = m->bo, .va = m->addr, .size = m->range, .cpu = cpu + m->offset,
		};
	}
	/* sparse PTEs are written when the region is created (sparse_ref at submit) */
	for (uint32_t i = 0; i < vm->nr_regions; i++)
		b[vm->pt.nr + i] = (struct nvm_buffer){
			.va = vm->regions[i].addr, .size = vm->regions[i].range,
		};
	free(job->buffers);
	job->buffers = b;
	job->nr_buffers = n;
	return 0;
}

/*
 * VM_INIT: the kernel-managed range must end inside the 47-bit space;
 * a client that already allocated a BO or a channel the legacy way is
 * refused (ENOSYS: cli->uvmm.disabled). The order changed when the uvmm
 * became a separate allocation ("separately allocate struct
 * nouveau_uvmm", in the 6.8 GPUVM series).
 */
int nvm_ioctl_vm_init(struct model_file *file, void *data)
{
	struct drm_nouveau_vm_init *req = data;
	struct nvm_file *nf = nvm_file(file);
	uint64_t end = req->kernel_managed_addr + req->kernel_managed_size;
	struct nvm_vm *vm;

	if (!model_kernel_at_least(6, 6))
		return -EINVAL;		/* no such ioctl: drm_ioctl's "no function" */
	if (model_kernel_at_least(6, 8)) {
		/* the range first (check_add_overflow), outside the client lock */
		if (end < req->kernel_managed_addr || end > VA_SPACE_END)
			return -EINVAL;
		if (nf->uvmm_disabled)
			return -ENOSYS;
	} else {
		/*
		 * 6.6/6.7 nouveau_uvmm_init: disabled first; an end at or
		 * below the start (overflow, or an empty range) is EINVAL.
		 */
		if (nf->uvmm_disabled)
			return -ENOSYS;
		if (end <= req->kernel_managed_addr || end > VA_SPACE_END)
			return -EINVAL;
	}
	vm = calloc(1, sizeof(*vm));
	if (!vm)
		return -ENOMEM;
	vm->refs = 1;
	vm->kaddr = req->kernel_managed_addr;
	vm->krange = req->kernel_managed_size;
	vm->va.counted = true;
	vm->pt.counted = true;
	/*
	 * A second VM_INIT: nouveau_uvmm_ioctl_vm_init does not refuse it
	 * (mainline, read for this model) and the client's VM becomes a new,
	 * empty one; the model does the same.
	 */
	if (nf->vm)
		nvm_vm_release(file);
	nf->vm = vm;
	return 0;
}

/* ---- VM_BIND --------------------------------------------------------- */

static void bind_job_free(struct nvm_sched_job *base)
{
	struct bind_job *job = (struct bind_job *)base;

	for (uint32_t i = 0; i < job->nr_ops; i++)
		model_bo_put(job->ops[i].bo);
	nvm_vm_put(job->vm);
	free(job->ops);
	free(job);
}

/* nouveau_uvmm_bind_job_run, then its cleanup: the page tables change. */
static void bind_job_start(struct nvm_sched_job *base)
{
	struct bind_job *job = (struct bind_job *)base;
	struct nvm_vm *vm = job->vm;
	int ret = 0;

	for (uint32_t i = 0; i < job->nr_ops && !ret; i++) {
		const struct bind_op *op = &job->ops[i];

		if (op->op == OP_MAP)
			ret = nvm_vas_map(&vm->pt, (struct vma){ op->addr, op->range, op->offset, op->bo });
		else if (op->op != OP_MAP_SPARSE)
			ret = nvm_vas_unmap(&vm->pt, op->addr, op->range);
		if (op->op == OP_UNMAP_SPARSE)
			nvm_region_remove(vm, op->addr, op->range);
	}
	model_fence_signal(base->done, ret);
	nvm_sched_job_release(base);
}

/* nouveau_uvmm_validate_range: page aligned, inside the space, off the kernel's range. */
static int validate_range(const struct nvm_vm *vm, uint64_t addr, uint64_t range)
{
	uint64_t end = addr + range;

	if ((addr | range) & PAGE_MASK_LOW)
		return -EINVAL;
	if (end < addr || end > VA_SPACE_END)
		return -EINVAL;
	if (vm->krange && addr < vm->kaddr + vm->krange && vm->kaddr < end)
		return -EINVAL;
	/* an empty range: what the kernel does with it was not established */
	if (!range)
		return -EINVAL;
	return 0;
}

/* Phase 1 per op: the BO of a MAP (ENOENT), then bind_validate_op (EINVAL). */
static int op_lookup_validate(struct model_file *file, const struct nvm_vm *vm,
			      const struct drm_nouveau_vm_bind_op *u, struct bind_op *op)
{
	bool sparse = u->flags & DRM_NOUVEAU_VM_BIND_SPARSE;

	*op = (struct bind_op){ .addr = u->addr, .range = u->range, .offset = u->bo_offset };
	switch (u->op) {
	case DRM_NOUVEAU_VM_BIND_OP_MAP:
		op->op = sparse ? OP_MAP_SPARSE : OP_MAP;
		break;
	case DRM_NOUVEAU_VM_BIND_OP_UNMAP:
		op->op = sparse ? OP_UNMAP_SPARSE : OP_UNMAP;
		break;
	default:
		op->op = UINT32_MAX;	/* refused when the ops are applied */
		break;
	}
	if (op->op == OP_MAP) {
		uint64_t size;

		op->bo = model_gem_lookup(file, u->handle);
		if (!op->bo)
			return -ENOENT;
		size = model_bo_size(op->bo);
		if ((op->offset & PAGE_MASK_LOW) || size <= op->offset ||
		    op->range > size - op->offset)
			return -EINVAL;
	}
	return validate_range(vm, op->addr, op->range);
}

/* bind_validate_region: a sparse map meets no region, a map is in one or outside all. */
static int validate_regions(struct nvm_vm *vm, const struct bind_op *ops, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct bind_op *op = &ops[i];
		struct region *r;

		if (op->op != OP_MAP && op->op != OP_MAP_SPARSE)
			continue;
		r = nvm_region_find(vm, op->addr, op->range);
		if (!r)
			continue;
		if (op->op == OP_MAP_SPARSE || r->addr > op->addr ||
		    r->addr + r->range < op->addr + op->range)
			return -ENOSPC;
	}
	return 0;
}

/* One op of nouveau_uvmm_bind_job_submit's second loop, on the VA space. */
static int op_apply(struct nvm_vm *vm, const struct bind_op *op)
{
	struct region *r;

	switch (op->op) {
	case OP_MAP_SPARSE:
		/* nouveau_uvma_region_create: empty VA, then no region there */
		if (!nvm_vas_empty(&vm->va, op->addr, op->range))
			return -ENOSPC;
		if (nvm_region_find(vm, op->addr, op->range))
			return -EEXIST;
		return nvm_region_add(vm, op->addr, op->range);
	case OP_UNMAP_SPARSE:
		r = nvm_region_find(vm, op->addr, op->range);
		if (!r || r->addr != op->addr || r->range != op->range || r->dirty)
			return -ENOENT;
		r->dirty = true;
		return nvm_vas_unmap(&vm->va, op->addr, op->range);
	case OP_MAP:
		r = nvm_region_find(vm, op->addr, op->range);
		if (r && r->dirty)
			return -EINVAL;
		if (r && (r->addr > op->addr || r->addr + r->range < op->addr + op->range))
			return -ENOSPC;
		return nvm_vas_map(&vm->va, (struct vma){ op->addr, op->range, op->offset, op->bo });
	case OP_UNMAP:
		return nvm_vas_unmap(&vm->va, op->addr, op->range);
	default:
		return -EINVAL;
	}
}

/*
 * The ops change the VA space all or nothing: tried on an uncounted
 * copy first (the kernel unwinds instead), then for real.
 */
static int apply_ops(struct nvm_vm *vm, const struct bind_op *ops, uint32_t n)
{
	struct vas scratch = { .nr = vm->va.nr, .cap = vm->va.nr };
	struct region *saved = calloc(vm->nr_regions ? vm->nr_regions : 1, sizeof(*saved));
	uint32_t nr_saved = vm->nr_regions;
	int ret = 0;

	scratch.v = calloc(vm->va.nr ? vm->va.nr : 1, sizeof(*scratch.v));
	if (!scratch.v || !saved) {
		free(scratch.v);
		free(saved);
		return -ENOMEM;
	}
	/* (memcpy from a NULL array, even of 0 bytes, is undefined) */
	if (vm->va.nr)
		memcpy(scratch.v, vm->va.v, vm->va.nr * sizeof(*scratch.v));
	if (nr_saved)
		memcpy(saved, vm->regions, nr_saved * sizeof(*saved));
	{
		struct vas real = vm->va;

		vm->va = scratch;
		for (uint32_t i = 0; i < n && !ret; i++)
			ret = op_apply(vm, &ops[i]);
		scratch = vm->va;
		vm->va = real;
	}
	free(scratch.v);
	/* the regions were changed in place by the trial: back to how they were */
	if (nr_saved)
		memcpy(vm->regions, saved, nr_saved * sizeof(*saved));
	vm->nr_regions = nr_saved;
	free(saved);
	for (uint32_t i = 0; i < n && !ret; i++)
		ret = op_apply(vm, &ops[i]);
	return ret;
}

static struct bind_job *bind_job_new(struct nvm_vm *vm, uint32_t nr_ops)
{
	struct bind_job *job = calloc(1, sizeof(*job));

	if (!job)
		return NULL;
	job->ops = calloc(nr_ops ? nr_ops : 1, sizeof(*job->ops));
	if (!job->ops) {
		free(job);
		return NULL;
	}
	job->base.entity = vm;
	job->base.start = bind_job_start;
	job->base.free = bind_job_free;
	job->vm = vm;
	nvm_vm_get(vm);
	return job;
}

/* nouveau_uvmm_bind_job_submit: per-op checks, regions, then the VA space. */
static int bind_submit(struct model_file *file, struct bind_job *job,
		       const struct drm_nouveau_vm_bind *req, const struct nvm_job_arrays *a)
{
	const struct drm_nouveau_vm_bind_op *uops = a->items;
	int ret = nvm_sched_job_syncs(file, &job->base, a->in, req->wait_count, a->out,
				      req->sig_count);

	for (uint32_t i = 0; i < req->op_count && !ret; i++) {
		ret = op_lookup_validate(file, job->vm, &uops[i], &job->ops[i]);
		job->nr_ops = i + 1;
	}
	if (!ret)
		ret = validate_regions(job->vm, job->ops, job->nr_ops);
	if (!ret)
		ret = apply_ops(job->vm, job->ops, job->nr_ops);
	return ret;
}

int nvm_ioctl_vm_bind(struct model_file *file, void *data)
{
	struct drm_nouveau_vm_bind *req = data;
	struct nvm_vm *vm = nvm_file(file)->vm;
	bool sync = !(req->flags & DRM_NOUVEAU_VM_BIND_RUN_ASYNC);
	struct nvm_job_arrays a = { 0 };
	struct model_fence *done = NULL;
	struct bind_job *job = NULL;
	int ret;

	if (!model_kernel_at_least(6, 6))
		return -EINVAL;
	if (!vm)
		return -ENOSYS;
	/* nouveau_uvmm_vm_bind_ucopy */
	ret = nvm_job_arrays_copy(&a, req->op_ptr, req->op_count,
				  sizeof(struct drm_nouveau_vm_bind_op), req->wait_ptr,
				  req->wait_count, req->sig_ptr, req->sig_count);
	/* nouveau_job_init: syncobjs only for RUN_ASYNC */
	if (!ret && sync && (req->wait_count || req->sig_count))
		ret = -EINVAL;
	if (!ret) {
		job = bind_job_new(vm, req->op_count);
		ret = job ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = bind_submit(file, job, req, &a);
	if (ret && job)
		nvm_sched_job_release(&job->base);
	/* without RUN_ASYNC the ioctl returns once the job ran (its result is not returned) */
	if (!ret)
		ret = nvm_sched_push(file, &job->base, sync ? &done : NULL);
	if (done) {
		model_fence_wait(done, -1);
		model_fence_put(done);
	}
	nvm_job_arrays_free(&a);
	return ret;
}

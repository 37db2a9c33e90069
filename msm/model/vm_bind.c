// SPDX-License-Identifier: MIT
/*
 * DRM_IOCTL_MSM_VM_BIND (6.17, msm_gem_vma.c msm_ioctl_vm_bind), phase by
 * phase in the kernel's order: the file and its VM (unusable: EPIPE; not
 * opted in: EINVAL), flags, the queue (ENOENT; not a VM_BIND queue:
 * EINVAL), the out-fence's fd, the job, the in-fence and syncobjs, the
 * ops (vm_bind_job_lookup_ops: each op's fields, then the handles and,
 * from 6.18, each range against its object), the objects' pages, then
 * the VMAs change at once (vm_bind_job_prepare; a failure after the first
 * op leaves the VM unusable) and the job is pushed. The job runs on the
 * scheduler in its queue's order once its dependencies signalled, applies
 * the page-table ops (vm_pgtable.c) and signals its fence, which the
 * sync_file and the out-syncobjs carry.
 *
 * Not modelled: the throttle that blocks the ioctl while more than 1024
 * preallocated page-table pages are in flight (vm_bind_prealloc_count).
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "model/fence.h"
#include "msm/model/msm_model.h"
#include "msm/model/vm.h"
#include "util/util.h"

/*
 * struct msm_vm_bind_job and its ops[] of struct msm_vm_bind_op (40 bytes
 * on arm64): the header's size is our estimate; what matters is that a
 * huge nr_ops makes the kzalloc fail with ENOMEM.
 */
#define KERNEL_JOB_SIZE 512u
#define KERNEL_OP_SIZE 40u

struct msm_vm_bind_job {
	struct msm_sched_job sched;
	struct msm_vm *vm;			/* referenced */
	struct msm_gpu_submitqueue *queue;	/* referenced */
	struct model_fence *fence;		/* the scheduler's finished fence */
	struct msm_bind_req *reqs;		/* the ops, their objects referenced */
	uint32_t nr_reqs;
	struct msm_vm_ops ops;			/* the page-table updates */
};

/* Everything the ioctl holds while it validates. */
struct bind_ctx {
	struct model_file *file;
	struct msm_ctx *ctx;
	struct msm_dev *mdev;
	struct drm_msm_vm_bind *args;
	struct msm_vm *vm;
	struct msm_gpu_submitqueue *queue;
	int out_fd;			/* FENCE_FD_OUT: the fd number reserved for it */
	struct msm_vm_bind_job *job;
	struct msm_deps deps;
	struct msm_syncobjs syncobjs;
};

static void job_free(struct msm_vm_bind_job *job)
{
	for (uint32_t i = 0; i < job->nr_reqs; i++)
		model_bo_put(job->reqs[i].bo);
	msm_vm_ops_fini(&job->ops);
	msm_deps_fini(&job->sched.deps);
	model_fence_put(job->fence);
	msm_vm_put(job->vm);
	msm_queue_put(job->queue);
	free(job->reqs);
	free(job);
}

static struct msm_vm_bind_job *to_job(struct msm_sched_job *sched)
{
	return (struct msm_vm_bind_job *)sched;	/* sched is the first member */
}

/* msm_vma_job_run, when its turn came: the page tables change, the fence signals. */
static void job_run(struct msm_dev *mdev, struct msm_sched_job *sched)
{
	struct msm_vm_bind_job *job = to_job(sched);

	msm_pgtable_apply(job->vm, &job->ops);
	/* the ops are synchronous: run_job returns no fence, the job is done at once */
	model_fence_signal(job->fence, 0);
	mdev->sched_again = true;
	job_free(job);
}

/*
 * At file close msm_submitqueue_close flushes a VM_BIND queue's entity:
 * drm_sched_entity_flush, for a close that is not an exit, waits
 * (wait_event_killable, no timeout) until the queue's jobs ran — close()
 * blocks while one waits for its in-fences — and msm_gem_vm_close then
 * waits for the last one (last_fence). Only a SIGKILLed process has its
 * jobs killed (drm_sched_entity_kill), and its model dies with it.
 */
void msm_vm_bind_queue_close(struct msm_dev *mdev, struct msm_gpu_submitqueue *q)
{
	msm_sched_flush_queue(mdev, q);
}

/* 1: the VM (made now from 6.18), unusable, the opt-in, flags. */
static int check_args(struct bind_ctx *b)
{
	if (!msm_kernel_has(MSM_VM_BIND))
		return MSM_UERR(EINVAL, "vm_bind: no DRM_MSM_VM_BIND before 6.17");
	if (!msm_kernel_has(MSM_FIX_VM_BIND_MAKES_VM) && !b->ctx->vm)
		msm_kernel_oops("msm_ioctl_vm_bind: to_msm_vm(ctx->vm)->unusable before the "
				"file made its VM",
				"drm/msm: Ensure vm is created in VM_BIND ioctl (6.18)");
	b->vm = msm_ctx_vm(b->ctx);
	if (!b->vm)
		return -ENOMEM;
	if (msm_vm_unusable(b->vm))
		return MSM_UERR(EPIPE, "vm_bind: context is unusable");
	if (!msm_ctx_vm_bind(b->ctx))
		return MSM_UERR(EINVAL, "vm_bind: context does not support vmbind");
	if (b->args->flags & ~MSM_VM_BIND_FLAGS)
		return MSM_UERR(EINVAL, "vm_bind: invalid flags %#x", b->args->flags);
	return 0;
}

/* 2: the queue: ENOENT (no message in the kernel), then its type. */
static int lookup_queue(struct bind_ctx *b)
{
	b->queue = msm_queue_lookup(b->ctx, b->args->queue_id);
	if (!b->queue)
		return MSM_UERR(ENOENT, "vm_bind: no queue %u", b->args->queue_id);
	if (!(b->queue->flags & MSM_SUBMITQUEUE_VM_BIND))
		return MSM_UERR(EINVAL, "vm_bind: invalid queue type (not a VM_BIND queue)");
	return 0;
}

/* 3: get_unused_fd_flags; every later failure gives the number back. */
static int reserve_out_fd(struct bind_ctx *b)
{
	return model_fd_reserve(b->args->flags & MSM_VM_BIND_FENCE_FD_OUT, &b->out_fd);
}

/* 4: vm_bind_job_create: one kzalloc for the job and its ops. */
static int create(struct bind_ctx *b)
{
	uint64_t size = KERNEL_JOB_SIZE + (uint64_t)KERNEL_OP_SIZE * b->args->nr_ops;
	struct msm_vm_bind_job *job;

	if (!model_kmalloc_array_fits(1, size))
		return MSM_UERR(ENOMEM, "vm_bind: %u ops do not fit a kzalloc", b->args->nr_ops);
	job = calloc(1, sizeof(*job));
	if (!job)
		return -ENOMEM;
	b->job = job;
	job->reqs = calloc((size_t)b->args->nr_ops + 1, sizeof(*job->reqs));
	if (!job->reqs)
		return -ENOMEM;
	job->nr_reqs = b->args->nr_ops;
	job->vm = b->vm;
	msm_vm_get(job->vm);
	return 0;
}

/* 5-6: FENCE_FD_IN must be a sync_file; the syncobj tables, when their pointers are set. */
static int dependencies(struct bind_ctx *b)
{
	struct drm_msm_vm_bind *args = b->args;
	int ret = 0;

	if (args->flags & MSM_VM_BIND_FENCE_FD_IN) {
		struct model_fence *f = model_sync_file_get_fence(args->fence_fd);

		if (!f)
			return MSM_UERR(EINVAL, "vm_bind: invalid in-fence %d", args->fence_fd);
		ret = msm_deps_add(&b->deps, f);
	}
	if (!ret && args->in_syncobjs)
		ret = msm_syncobj_parse_deps(b->file, &b->deps, args->in_syncobjs,
					     args->nr_in_syncobjs, args->syncobj_stride,
					     &b->syncobjs);
	if (!ret && args->out_syncobjs)
		ret = msm_syncobj_parse_post_deps(b->file, args->out_syncobjs,
						  args->nr_out_syncobjs, args->syncobj_stride,
						  &b->syncobjs);
	return ret;
}

/* PAGE_ALIGNED (the GPU's smallest page is the CPU's, as the kernel assumes) */
static bool aligned(uint64_t v)
{
	return !(v % MODEL_PAGE_SIZE);
}

/* drm_gpuvm_range_valid: no overflow, inside [mm_start, mm_start + mm_range). */
static bool range_valid(const struct msm_vm *vm, uint64_t iova, uint64_t range)
{
	uint64_t end = iova + range;

	return end >= iova && iova >= msm_vm_start(vm) &&
	       end <= msm_vm_start(vm) + msm_vm_size(vm);
}

/*
 * lookup_op: every rule is checked and logged, the last failure is what
 * returns (all are EINVAL); the pad is not looked at.
 */
static int check_op(struct bind_ctx *b, const struct drm_msm_vm_bind_op *op, uint32_t i)
{
	int ret = 0;

	if (op->flags & ~MSM_VM_BIND_OP_FLAGS)
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid flags %#x", i, op->flags);
	if (!aligned(op->iova))
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid address %#llx", i,
			       (unsigned long long)op->iova);
	if (!aligned(op->obj_offset))
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid bo_offset %#llx", i,
			       (unsigned long long)op->obj_offset);
	if (!aligned(op->range))
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid range %#llx", i,
			       (unsigned long long)op->range);
	if (!range_valid(b->vm, op->iova, op->range))
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid range %#llx+%#llx outside the VM",
			       i, (unsigned long long)op->iova, (unsigned long long)op->range);
	if (op->op == MSM_VM_BIND_OP_MAP && !op->handle)
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid handle 0 for MAP", i);
	else if (op->op != MSM_VM_BIND_OP_MAP && op->handle)
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: handle must be zero", i);
	if (op->op > MSM_VM_BIND_OP_MAP_NULL)
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: invalid op %u", i, op->op);
	/* "drm/msm: Reject MAP_NULL op if no PRR" (6.18) */
	if (op->op == MSM_VM_BIND_OP_MAP_NULL && msm_kernel_has(MSM_FIX_MAP_NULL_NEEDS_PRR) &&
	    !b->mdev->info->has_prr)
		ret = MSM_UERR(EINVAL, "vm_bind: op %u: PRR not supported", i);
	return ret;
}

/* The @i-th op: inline for one, else ops[i] at sizeof(op) steps (op_stride is not used). */
static int read_op(struct bind_ctx *b, uint32_t i, struct drm_msm_vm_bind_op *op)
{
	if (b->args->nr_ops == 1) {
		*op = b->args->op;
		return 0;
	}
	return model_copy_entry_from_user(op, b->args->ops, i, sizeof(*op));
}

/*
 * From 6.18 ("drm/msm: Fix missing VM_BIND offset/range validation"):
 * range + obj_offset, in u64, not past the object's end.
 */
static int check_range(const struct msm_bind_req *req, uint32_t handle, uint32_t i)
{
	uint64_t size = model_bo_size(req->bo);

	if (!msm_kernel_has(MSM_FIX_VM_BIND_RANGE_CHECK) || req->range + req->bo_offset <= size)
		return 0;
	return MSM_UERR(EINVAL, "vm_bind: op %u: invalid range %#llx + %#llx > %#llx of handle %u",
			i, (unsigned long long)req->range, (unsigned long long)req->bo_offset,
			(unsigned long long)size, handle);
}

/* 7: vm_bind_job_lookup_ops: every op's fields, then each handle under the table lock. */
static int lookup_ops(struct bind_ctx *b)
{
	struct msm_vm_bind_job *job = b->job;
	struct drm_msm_vm_bind_op op;
	int ret;

	for (uint32_t i = 0; i < b->args->nr_ops; i++) {
		ret = read_op(b, i, &op);
		if (!ret)
			ret = check_op(b, &op, i);
		if (ret)
			return ret;
		job->reqs[i] = (struct msm_bind_req){
			.map = op.op != MSM_VM_BIND_OP_UNMAP, .handle = op.handle,
			.bo_offset = op.obj_offset, .iova = op.iova, .range = op.range,
			.flags = op.flags,
		};
	}
	for (uint32_t i = 0; i < b->args->nr_ops; i++) {
		struct msm_bind_req *req = &job->reqs[i];

		if (!req->handle)
			continue;
		req->bo = model_gem_lookup(b->file, req->handle);
		if (!req->bo)
			return MSM_UERR(EINVAL, "vm_bind: invalid handle %u at index %u",
					req->handle, i);
		ret = check_range(req, req->handle, i);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * 8: vm_bind_job_pin_objects → msm_gem_get_pages_locked(obj, WILLNEED):
 * an object marked DONTNEED (or purged) is EBUSY. Each also gets room for
 * the job's fence (drm_exec_prepare_obj).
 */
static int pin_objects(struct bind_ctx *b)
{
	for (uint32_t i = 0; i < b->job->nr_reqs; i++) {
		struct model_bo *bo = b->job->reqs[i].bo;
		struct msm_bo_state *st = bo ? msm_bo_state(bo) : NULL;

		if (!bo)
			continue;
		if (!st || msm_resv_reserve(&st->resv, 1))
			return -ENOMEM;
		if (st->madv != MSM_MADV_WILLNEED || st->purged)
			return MSM_UERR(EBUSY, "vm_bind: op %u: invalid madv state %u", i,
					st->madv);
	}
	return 0;
}

/*
 * 9: vm_bind_job_prepare: each op changes the VMAs now. "If we've already
 * started modifying the vm" — a failure after the first op — the VM is
 * unusable.
 */
static int prepare(struct bind_ctx *b)
{
	int ret;

	for (uint32_t i = 0; i < b->job->nr_reqs; i++) {
		ret = msm_gpuvm_bind(b->vm, &b->job->reqs[i], &b->job->ops);
		if (!ret)
			continue;
		if (i > 0)
			msm_vm_make_unusable(b->vm, 0);
		return ret;
	}
	return 0;
}

/* 10: drm_sched_job_arm (the next seqno on the queue's entity), then the sync_file. */
static int arm(struct bind_ctx *b)
{
	struct msm_vm_bind_job *job = b->job;
	int ret = msm_sched_start(b->mdev);

	if (ret)
		return ret;
	job->fence = model_fence_new();
	if (!job->fence)
		return -ENOMEM;
	job->fence->driver = "msm";
	job->fence->timeline = "msm-vm-bind";
	job->fence->context = b->queue->fence_context;
	job->fence->seqno = ++b->queue->fence_seqno;
	if (b->out_fd < 0)
		return 0;
	/* sync_file_create; the fd is installed once nothing can fail (6.17-rc4) */
	model_fd_unreserve(&b->out_fd);
	return model_sync_file_create(job->fence, &b->args->fence_fd);
}

/* 11: the objects' KERNEL-usage fences, the push, the syncobjs. Cannot fail. */
static void commit(struct bind_ctx *b)
{
	struct msm_vm_bind_job *job = b->job;
	struct model_fence *fence = job->fence;

	for (uint32_t i = 0; i < job->nr_reqs; i++)
		if (job->reqs[i].bo)
			msm_resv_add_fence(&msm_bo_state(job->reqs[i].bo)->resv, fence,
					   MSM_USAGE_KERNEL);
	job->sched.deps = b->deps;
	b->deps = (struct msm_deps){ 0 };
	job->sched.execute = job_run;
	job->sched.done = fence;
	job->queue = b->queue;
	b->queue->refs++;
	b->job = NULL;
	/* the job may run and be gone before the push returns: our own reference */
	model_fence_get(fence);
	msm_vm_add_last_fence(job->vm, fence);
	msm_sched_push_job(b->mdev, job->queue, &job->sched);
	msm_syncobjs_commit(&b->syncobjs, fence);
	model_fence_put(fence);
}

static void cleanup(struct bind_ctx *b)
{
	model_fd_unreserve(&b->out_fd);
	msm_deps_fini(&b->deps);
	msm_syncobjs_fini(&b->syncobjs);
	if (b->job)
		job_free(b->job);
}

int msm_ioctl_vm_bind(struct model_file *file, void *data)
{
	struct bind_ctx b = {
		.file = file, .ctx = msm_ctx(file), .args = data,
		.mdev = msm_dev(model_file_device(file)), .out_fd = -1,
	};
	int (*const phases[])(struct bind_ctx *) = {
		check_args, lookup_queue, reserve_out_fd, create, dependencies, lookup_ops,
		pin_objects, prepare, arm,
	};
	int ret = 0;

	for (size_t i = 0; !ret && i < ARRAY_SIZE(phases); i++)
		ret = phases[i](&b);
	if (!ret)
		commit(&b);
	cleanup(&b);
	return ret;
}

// SPDX-License-Identifier: MIT
/*
 * GEM_SUBMIT (msm_gem_submit.c), phase by phase in the kernel's order:
 * cheap argument checks, the queue, the out-fence's fd, the in-fence and
 * syncobjs, the BO table, the command table, locking (duplicates) and
 * implicit sync, per-command bounds and relocations, the fence id and
 * sync_file, then commit, which cannot fail. Each phase is one function
 * that returns 0 or -errno; what a phase took is released by
 * submit_cleanup() whatever phase failed.
 *
 * A VM_BIND file (6.17) names its command buffers by iova (no relocs, no
 * BO index), needs no bos[] (those it lists must be mapped, and only add
 * implicit dependencies), attaches its fence to no BO, and its submits
 * see the VM's page tables as bind jobs change them. An unusable VM
 * refuses every submit with EPIPE.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "model/fence.h"
#include "model/syncobj.h"
#include "msm/model/msm_model.h"

struct submit_bo {
	uint32_t flags, handle;
	struct model_bo *bo;
	uint64_t iova;
};

struct submit_cmd {
	uint32_t type, idx, offset_dw, size_dw, nr_relocs;
	uint64_t iova;			/* VM_BIND files name the buffer by address */
	struct drm_msm_gem_submit_reloc *relocs;
};

/* Everything the ioctl holds while it validates. */
struct submit_ctx {
	struct model_file *file;
	struct msm_ctx *ctx;
	struct msm_dev *mdev;
	struct drm_msm_gem_submit *args;
	struct msm_gpu_submitqueue *queue;
	int out_fd;			/* FENCE_FD_OUT: the fd number reserved for it */
	struct msm_gem_submit *submit;
	struct submit_bo *bos;
	struct submit_cmd *cmds;
	struct msm_deps deps;
	struct msm_syncobjs syncobjs;	/* only under their flags */
	bool vm_bind;			/* the file opted in to VM_BIND */
};

/*
 * 6.17+: the unusable check reads ctx->vm directly, and oopses when the
 * file made no VM yet (its first VM-needing ioctl is this one); the fix
 * ("drm/msm: Validate lazy VM is created in GEM_SUBMIT", posted
 * 2026-06-25) is in no release up to 7.1.
 */
static int check_vm(struct submit_ctx *s)
{
	if (!model_kernel_at_least(6, 17))
		return 0;
	if (!s->ctx->vm)
		msm_kernel_oops("msm_ioctl_gem_submit: to_msm_vm(ctx->vm)->unusable before the "
				"file made its VM",
				"drm/msm: Validate lazy VM is created in GEM_SUBMIT (not in 7.1)");
	if (msm_vm_unusable(s->ctx->vm))
		return MSM_UERR(EPIPE, "submit: context is unusable");
	return 0;
}

/* 1-2: pad, the VM (6.17+), pipe, flags, SUDO (CONFIG_DRM_MSM_GPU_SUDO is off). */
static int check_args(struct submit_ctx *s)
{
	struct drm_msm_gem_submit *args = s->args;
	int ret;

	if (args->pad)
		return MSM_UERR(EINVAL, "submit: pad %u", args->pad);
	ret = check_vm(s);
	if (ret)
		return ret;
	if ((args->flags & MSM_PIPE_ID_MASK) != MSM_PIPE_3D0)
		return MSM_UERR(EINVAL, "submit: invalid pipe %#x", args->flags & MSM_PIPE_ID_MASK);
	if (args->flags & ~(MSM_SUBMIT_FLAGS | MSM_PIPE_ID_MASK))
		return MSM_UERR(EINVAL, "submit: invalid flags %#x", args->flags);
	if (args->flags & MSM_SUBMIT_SUDO)
		return MSM_UERR(EINVAL, "submit: SUDO without CONFIG_DRM_MSM_GPU_SUDO");
	return 0;
}

/* 3: the queue, not one of VM_BIND jobs. */
static int lookup_queue(struct submit_ctx *s)
{
	s->queue = msm_queue_lookup(s->ctx, s->args->queueid);
	if (!s->queue)
		return MSM_UERR(ENOENT, "submit: no queue %u", s->args->queueid);
	if (s->queue->flags & MSM_SUBMITQUEUE_VM_BIND)
		return MSM_UERR(EINVAL, "submit: invalid queue type (a VM_BIND queue)");
	return 0;
}

/*
 * 4: FENCE_FD_OUT reserves its fd number now (get_unused_fd_flags), so a
 * process out of fds fails here, and every later failure gives the number
 * back (put_unused_fd in out_post_unlock).
 */
static int reserve_out_fd(struct submit_ctx *s)
{
	return model_fd_reserve(s->args->flags & MSM_SUBMIT_FENCE_FD_OUT, &s->out_fd);
}

/* 5: submit_create's one allocation for bos[] and cmd[]. */
static int create(struct submit_ctx *s)
{
	uint64_t sz = 512 + 48ull * s->args->nr_bos + 48ull * s->args->nr_cmds;

	if (!model_kmalloc_array_fits(1, sz))
		return MSM_UERR(ENOMEM, "submit: %u BOs and %u cmds do not fit a kzalloc",
				s->args->nr_bos, s->args->nr_cmds);
	s->bos = calloc((size_t)s->args->nr_bos + 1, sizeof(*s->bos));
	s->cmds = calloc((size_t)s->args->nr_cmds + 1, sizeof(*s->cmds));
	return s->bos && s->cmds ? 0 : -ENOMEM;
}

/* 6: FENCE_FD_IN must be a sync_file. */
static int in_fence(struct submit_ctx *s)
{
	struct model_fence *f;

	if (!(s->args->flags & MSM_SUBMIT_FENCE_FD_IN))
		return 0;
	f = model_sync_file_get_fence(s->args->fence_fd);
	if (!f)
		return MSM_UERR(EINVAL, "submit: fence_fd %d is not a sync_file", s->args->fence_fd);
	return msm_deps_add(&s->deps, f);
}

/* 7: msm_syncobj_parse_deps and _post_deps, under their flags */
static int syncobjs(struct submit_ctx *s)
{
	struct drm_msm_gem_submit *args = s->args;
	int ret = 0;

	if (args->flags & MSM_SUBMIT_SYNCOBJ_IN)
		ret = msm_syncobj_parse_deps(s->file, &s->deps, args->in_syncobjs,
					     args->nr_in_syncobjs, args->syncobj_stride,
					     &s->syncobjs);
	if (!ret && (args->flags & MSM_SUBMIT_SYNCOBJ_OUT))
		ret = msm_syncobj_parse_post_deps(s->file, args->out_syncobjs,
						  args->nr_out_syncobjs, args->syncobj_stride,
						  &s->syncobjs);
	return ret;
}

/* 8: submit_lookup_objects — every entry's flags, then every handle (EINVAL). */
static int lookup_objects(struct submit_ctx *s)
{
	const uint32_t mandatory = MSM_SUBMIT_BO_READ | MSM_SUBMIT_BO_WRITE;
	struct drm_msm_gem_submit_bo ubo;
	int ret;

	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		ret = model_copy_entry_from_user(&ubo, s->args->bos, i, sizeof(ubo));
		if (ret)
			return ret;
		if ((ubo.flags & ~MSM_SUBMIT_BO_FLAGS) || !(ubo.flags & mandatory))
			return MSM_UERR(EINVAL, "submit: invalid BO flags %#x at index %u", ubo.flags, i);
		s->bos[i].flags = ubo.flags;
		s->bos[i].handle = ubo.handle;
	}
	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		s->bos[i].bo = model_gem_lookup(s->file, s->bos[i].handle);
		if (!s->bos[i].bo)
			return MSM_UERR(EINVAL, "submit: invalid handle %u at index %u",
					s->bos[i].handle, i);
	}
	return 0;
}

/* 9, VM_BIND files: no relocs, no BO index or offset; the command buffer's address. */
static int vm_bind_cmd(const struct drm_msm_gem_submit_cmd *ucmd)
{
	if (ucmd->nr_relocs)
		return MSM_UERR(EINVAL, "submit: nr_relocs must be zero (VM_BIND)");
	if (ucmd->submit_idx || ucmd->submit_offset)
		return MSM_UERR(EINVAL, "submit: submit_idx/offset must be zero (VM_BIND)");
	return 0;
}

/* 9: submit_lookup_cmds — type, size alignment, then the relocs' copy. */
static int lookup_cmds(struct submit_ctx *s)
{
	struct drm_msm_gem_submit_cmd ucmd;
	struct submit_cmd *c;
	int ret;

	for (uint32_t i = 0; i < s->args->nr_cmds; i++) {
		ret = model_copy_entry_from_user(&ucmd, s->args->cmds, i, sizeof(ucmd));
		if (ret)
			return ret;
		switch (ucmd.type) {
		case MSM_SUBMIT_CMD_BUF:
		case MSM_SUBMIT_CMD_IB_TARGET_BUF:
		case MSM_SUBMIT_CMD_CTX_RESTORE_BUF:
			break;
		default:
			return MSM_UERR(EINVAL, "submit: invalid cmd type %#x", ucmd.type);
		}
		if (ucmd.size % 4)
			return MSM_UERR(EINVAL, "submit: non-aligned cmdstream size %u", ucmd.size);
		ret = s->vm_bind ? vm_bind_cmd(&ucmd) : 0;
		if (ret)
			return ret;
		c = &s->cmds[i];
		*c = (struct submit_cmd){
			.type = ucmd.type, .idx = ucmd.submit_idx, .offset_dw = ucmd.submit_offset / 4,
			.size_dw = ucmd.size / 4, .nr_relocs = ucmd.nr_relocs,
			.iova = s->vm_bind ? ucmd.iova : 0,
		};
		if (!model_kmalloc_array_fits(ucmd.nr_relocs, sizeof(*c->relocs)))
			return MSM_UERR(ENOMEM, "submit: %u relocs", ucmd.nr_relocs);
		c->relocs = calloc(ucmd.nr_relocs + 1, sizeof(*c->relocs));
		if (!c->relocs)
			return -ENOMEM;
		ret = model_copy_from_user(c->relocs, (void *)(uintptr_t)ucmd.relocs,
					   ucmd.nr_relocs * sizeof(*c->relocs));
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * 10a: submit_lock_objects — lock every BO, reserving one fence slot in
 * each (drm_exec_prepare_obj(obj, 1)). A handle twice: the ww_mutex says
 * EALREADY, which kernels before the drm_exec conversion turned into
 * EINVAL. A stamp per submit marks the BOs it locked, so a duplicate is
 * seen in one pass. A VM_BIND file locks the VM and its objects instead
 * (submit_lock_objects_vmbind, duplicates ignored), none of bos[].
 */
static int lock_objects(struct submit_ctx *s)
{
	uint64_t stamp = ++s->mdev->submit_stamp;
	struct msm_bo_state *st;

	if (s->vm_bind)
		return 0;
	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		st = msm_bo_state(s->bos[i].bo);
		if (!st)
			return -ENOMEM;
		if (st->submit_stamp == stamp)
			return MSM_UERR(msm_rule_errno(MSM_RULE_SUBMIT_DUPLICATE_BO),
					"submit: handle %u at index %u already on submit list",
					s->bos[i].handle, i);
		st->submit_stamp = stamp;
		if (msm_resv_reserve(&st->resv, 1))
			return -ENOMEM;
	}
	return 0;
}

static int add_implicit_dep(struct model_fence *f, void *deps)
{
	model_fence_get(f);
	return msm_deps_add(deps, f);
}

/* 10b: submit_fence_sync — drm_sched_job_add_implicit_dependencies per BO. */
static int fence_sync(struct submit_ctx *s)
{
	int ret;

	if (s->args->flags & MSM_SUBMIT_NO_IMPLICIT)
		return 0;
	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		bool write = s->bos[i].flags & MSM_SUBMIT_BO_WRITE;

		if (s->bos[i].flags & MSM_SUBMIT_BO_NO_IMPLICIT)
			continue;
		ret = msm_resv_for_each(&msm_bo_state(s->bos[i].bo)->resv, msm_usage_rw(write),
					add_implicit_dep, &s->deps);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * 10c: submit_pin_objects — every BO gets its address in the context's
 * VM; in a VM_BIND VM that of its first mapping (msm_gem_get_vma_locked).
 */
static int pin_objects(struct submit_ctx *s)
{
	struct msm_vm *vm = s->ctx->vm;
	int ret;

	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		if (s->vm_bind)
			ret = msm_vm_bo_iova(vm, s->bos[i].bo, &s->bos[i].iova);
		else
			ret = msm_vm_get_iova(vm, s->bos[i].bo, &s->bos[i].iova);
		if (ret)
			return ret;
	}
	return 0;
}

static int submit_bo(struct submit_ctx *s, uint32_t idx, struct submit_bo **bo)
{
	if (idx >= s->args->nr_bos)
		return MSM_UERR(EINVAL, "submit: invalid buffer index %u (out of %u)", idx,
				s->args->nr_bos);
	*bo = &s->bos[idx];
	return 0;
}

/*
 * submit_reloc's iova >>= -shift / <<= shift. C leaves a count of 64 or
 * more undefined; the arm64 kernel's LSR/LSL take the count modulo 64,
 * which is what an a5xx board computes. (A claim about the compiled
 * kernel, still to be verified on silicon.)
 */
static uint64_t reloc_shift(uint64_t iova, int32_t shift)
{
	unsigned int n = (shift < 0 ? (uint64_t)-(int64_t)shift : (uint64_t)shift) & 63;

	return shift < 0 ? iova >> n : iova << n;
}

/* submit_reloc (a2xx-a5xx): patch iova-based values into the command BO. */
static int apply_relocs(struct submit_ctx *s, struct submit_bo *cmd_bo, struct submit_cmd *c)
{
	uint32_t *ptr = model_bo_vaddr(cmd_bo->bo), last = 0;
	uint64_t dwords = model_bo_size(cmd_bo->bo) / 4;
	struct submit_bo *target;
	int ret;

	if (!ptr)
		return -ENOMEM;
	for (uint32_t i = 0; i < c->nr_relocs; i++) {
		struct drm_msm_gem_submit_reloc *r = &c->relocs[i];
		uint32_t off = r->submit_offset / 4;
		uint64_t iova;

		if (r->submit_offset % 4)
			return MSM_UERR(EINVAL, "submit: non-aligned reloc offset %u", r->submit_offset);
		if (off >= dwords || off < last)
			return MSM_UERR(EINVAL, "submit: invalid offset %u at reloc %u", off, i);
		ret = submit_bo(s, r->reloc_idx, &target);
		if (ret)
			return ret;
		iova = reloc_shift(target->iova + r->reloc_offset, r->shift);
		ptr[off] = (uint32_t)iova | r->or;
		last = off;
	}
	return 0;
}

/* 11: per command: its BO, its bounds, relocs (a6xx+ refuse them); none for VM_BIND files. */
static int check_cmds(struct submit_ctx *s)
{
	struct submit_bo *bo;
	int ret;

	if (s->vm_bind)
		return 0;
	for (uint32_t i = 0; i < s->args->nr_cmds; i++) {
		struct submit_cmd *c = &s->cmds[i];

		ret = submit_bo(s, c->idx, &bo);
		if (ret)
			return ret;
		if (!c->size_dw || (uint64_t)c->size_dw + c->offset_dw > model_bo_size(bo->bo) / 4)
			return MSM_UERR(EINVAL, "submit: invalid cmdstream size %u", c->size_dw * 4);
		if (!c->nr_relocs)
			continue;
		if (s->mdev->info->gen >= 6)
			return MSM_UERR(EINVAL, "submit: relocs not allowed");
		ret = apply_relocs(s, bo, c);
		if (ret)
			return ret;
	}
	return 0;
}

/* 12: FENCE_SN_IN names a fresh, nonzero id. */
static int check_fence_sn(struct submit_ctx *s)
{
	struct msm_gpu_submitqueue *q = s->queue;

	if (!(s->args->flags & MSM_SUBMIT_FENCE_SN_IN))
		return 0;
	if (!s->args->fence)
		return MSM_UERR(EINVAL, "submit: invalid in-fence-sn 0");
	if (msm_queue_fence_in_use(q, s->args->fence))
		return MSM_UERR(EINVAL, "submit: in-fence-sn %u in use", s->args->fence);
	return 0;
}

/* The job: BOs referenced, executable commands with their GPU addresses. */
static int build_job(struct submit_ctx *s)
{
	struct msm_gem_submit *submit = calloc(1, sizeof(*submit));

	if (!submit)
		return -ENOMEM;
	s->submit = submit;
	submit->mdev = s->mdev;
	submit->queue = s->queue;
	submit->ctx_seqno = s->ctx->seqno;
	submit->bos = calloc((size_t)s->args->nr_bos + 1, sizeof(*submit->bos));
	submit->cmds = calloc((size_t)s->args->nr_cmds + 1, sizeof(*submit->cmds));
	submit->fence = model_fence_new();
	if (!submit->bos || !submit->cmds || !submit->fence)
		return -ENOMEM;
	submit->fence->driver = "msm";
	submit->fence->timeline = "submitqueue";
	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		model_bo_get(s->bos[i].bo);
		submit->bos[submit->nr_bos++] = s->bos[i].bo;
	}
	for (uint32_t i = 0; i < s->args->nr_cmds; i++) {
		struct submit_cmd *c = &s->cmds[i];

		if (c->type == MSM_SUBMIT_CMD_IB_TARGET_BUF)
			continue;	/* only relocated, never executed */
		submit->cmds[submit->nr_cmds].iova =
			s->vm_bind ? c->iova : s->bos[c->idx].iova + 4ull * c->offset_dw;
		submit->cmds[submit->nr_cmds].dwords = c->size_dw;
		submit->cmds[submit->nr_cmds].ctx_restore = c->type == MSM_SUBMIT_CMD_CTX_RESTORE_BUF;
		submit->nr_cmds++;
	}
	submit->vmref = s->ctx->vm;
	msm_vm_get(submit->vmref);
	return msm_vm_snapshot(s->ctx->vm, &submit->vm);
}

/*
 * 13: the fence id, then the out-fence's sync_file on the reserved fd
 * number: the last steps that can fail, undone here when they do.
 */
static int arm(struct submit_ctx *s)
{
	struct msm_gem_submit *submit = s->submit;
	int ret;

	ret = msm_sched_start(s->mdev);
	if (ret)
		return ret;
	/* drm_sched_job_arm: the next seqno on the queue's timeline */
	submit->fence->context = s->queue->fence_context;
	submit->fence->seqno = ++s->queue->fence_seqno;
	ret = msm_queue_fence_alloc(s->queue, s->args->flags & MSM_SUBMIT_FENCE_SN_IN ?
				    s->args->fence : 0, submit->fence, &submit->fence_id);
	if (ret || s->out_fd < 0)
		return ret;
	/* sync_file_create + fd_install: the new fd takes the lowest number, the reserved one */
	model_fd_unreserve(&s->out_fd);
	ret = model_sync_file_create(submit->fence, &s->args->fence_fd);
	if (ret) {
		msm_queue_fence_remove(s->queue, submit->fence_id);
		submit->fence_id = 0;
	}
	return ret;
}

/* 14: reservations, syncobjs, the queue's last fence; to the scheduler. Cannot fail. */
static void commit(struct submit_ctx *s)
{
	struct msm_gem_submit *submit = s->submit;

	s->args->fence = submit->fence_id;
	s->queue->last_fence = submit->fence_id;
	/*
	 * submit_attach_object_fences; the slots were reserved, adding cannot
	 * fail. A VM_BIND submit's fence goes to the VM's objects as
	 * DMA_RESV_USAGE_BOOKKEEP, which no CPU_PREP and no implicit sync
	 * waits for: the model keeps none.
	 */
	for (uint32_t i = 0; !s->vm_bind && i < s->args->nr_bos; i++)
		msm_resv_add_fence(&msm_bo_state(s->bos[i].bo)->resv, submit->fence,
				   s->bos[i].flags & MSM_SUBMIT_BO_WRITE ? MSM_USAGE_WRITE
									 : MSM_USAGE_READ);
	if (s->vm_bind && msm_kernel_has(MSM_FIX_LAST_FENCE))
		msm_vm_add_last_fence(s->ctx->vm, submit->fence);
	msm_syncobjs_commit(&s->syncobjs, submit->fence);
	submit->sched.deps = s->deps;
	s->deps = (struct msm_deps){ 0 };
	s->queue->refs++;
	s->submit = NULL;
	msm_sched_push(s->mdev, submit);
}

/*
 * __msm_gem_submit_destroy: what build_job took (the VM snapshot and
 * reference, the BOs, the fence, the commands). The scheduler's end of a
 * submit drops its queue and dependencies first; a failed ioctl had none.
 */
void msm_submit_destroy(struct msm_gem_submit *submit)
{
	msm_vm_snapshot_release(&submit->vm);
	msm_vm_put(submit->vmref);
	model_bo_array_free(submit->bos, submit->nr_bos);
	model_fence_put(submit->fence);
	free(submit->cmds);
	free(submit);
}

static void submit_cleanup(struct submit_ctx *s)
{
	struct msm_gem_submit *submit = s->submit;

	model_fd_unreserve(&s->out_fd);
	for (uint32_t i = 0; s->bos && i < s->args->nr_bos; i++)
		model_bo_put(s->bos[i].bo);
	for (uint32_t i = 0; s->cmds && i < s->args->nr_cmds; i++)
		free(s->cmds[i].relocs);
	msm_deps_fini(&s->deps);
	msm_syncobjs_fini(&s->syncobjs);
	if (submit)
		msm_submit_destroy(submit);
	free(s->bos);
	free(s->cmds);
}

int msm_ioctl_gem_submit(struct model_file *file, void *data)
{
	struct submit_ctx s = {
		.file = file, .ctx = msm_ctx(file), .args = data,
		.mdev = msm_dev(model_file_device(file)), .out_fd = -1,
		.vm_bind = msm_ctx_vm_bind(msm_ctx(file)),
	};
	int ret;

	ret = check_args(&s);
	if (ret)
		return ret;
	ret = lookup_queue(&s);
	if (ret)
		goto out;
	ret = reserve_out_fd(&s);
	if (ret)
		goto out;
	ret = create(&s);
	if (ret)
		goto out;
	ret = in_fence(&s);
	if (ret)
		goto out;
	ret = syncobjs(&s);
	if (ret)
		goto out;
	ret = lookup_objects(&s);
	if (ret)
		goto out;
	ret = lookup_cmds(&s);
	if (ret)
		goto out;
	ret = lock_objects(&s);
	if (ret)
		goto out;
	ret = fence_sync(&s);
	if (ret)
		goto out;
	ret = pin_objects(&s);
	if (ret)
		goto out;
	ret = check_cmds(&s);
	if (ret)
		goto out;
	ret = check_fence_sn(&s);
	if (ret)
		goto out;
	ret = build_job(&s);
	if (ret)
		goto out;
	ret = arm(&s);
	if (!ret)
		commit(&s);
out:
	submit_cleanup(&s);
	return ret;
}

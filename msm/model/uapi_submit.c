// SPDX-License-Identifier: MIT
/*
 * GEM_SUBMIT (msm_gem_submit.c), phase by phase in the kernel's order:
 * cheap argument checks, the queue, the in-fence and syncobjs, the BO
 * table, the command table, locking (duplicates), per-command bounds and
 * relocations, the fence id, then commit. Each phase is one function
 * that returns 0 or -errno; what a phase took is released by
 * submit_cleanup() whatever phase failed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "model/fence.h"
#include "model/syncobj.h"
#include "msm/model/msm_model.h"

#define KMALLOC_MAX (4u << 20)	/* submit_create: one kzalloc for bos[] and cmd[] */

struct submit_bo {
	uint32_t flags, handle;
	struct model_bo *bo;
	uint64_t iova;
};

struct submit_cmd {
	uint32_t type, idx, offset_dw, size_dw, nr_relocs;
	struct drm_msm_gem_submit_reloc *relocs;
};

/* Everything the ioctl holds while it validates. */
struct submit_ctx {
	struct model_file *file;
	struct msm_ctx *ctx;
	struct msm_dev *mdev;
	struct drm_msm_gem_submit *args;
	struct msm_queue *queue;
	struct msm_submit *submit;
	struct submit_bo *bos;
	struct submit_cmd *cmds;
	struct model_fence **deps;
	unsigned int nr_deps, max_deps;
	struct model_syncobj **reset, **post;	/* in-syncobjs to reset, out-syncobjs */
};

static int add_dep(struct submit_ctx *s, struct model_fence *f)
{
	if (s->nr_deps == s->max_deps) {
		unsigned int max = s->max_deps ? 2 * s->max_deps : 8;
		struct model_fence **deps = realloc(s->deps, max * sizeof(*deps));

		if (!deps) {
			model_fence_put(f);
			return -ENOMEM;
		}
		s->deps = deps;
		s->max_deps = max;
	}
	s->deps[s->nr_deps++] = f;	/* the reference moves here */
	return 0;
}

/* 1-2: pad, pipe, flags, SUDO (CONFIG_DRM_MSM_GPU_SUDO is off). */
static int check_args(struct submit_ctx *s)
{
	struct drm_msm_gem_submit *args = s->args;

	if (args->pad)
		return MSM_UERR(EINVAL, "submit: pad %u", args->pad);
	if ((args->flags & MSM_PIPE_ID_MASK) != MSM_PIPE_3D0)
		return MSM_UERR(EINVAL, "submit: invalid pipe %#x", args->flags & MSM_PIPE_ID_MASK);
	if (args->flags & ~(MSM_SUBMIT_FLAGS | MSM_PIPE_ID_MASK))
		return MSM_UERR(EINVAL, "submit: invalid flags %#x", args->flags);
	if (args->flags & MSM_SUBMIT_SUDO)
		return MSM_UERR(EINVAL, "submit: SUDO without CONFIG_DRM_MSM_GPU_SUDO");
	return 0;
}

/* 3-4: the queue, then submit_create's allocation. */
static int lookup_queue(struct submit_ctx *s)
{
	uint64_t sz = 512 + 48ull * s->args->nr_bos + 48ull * s->args->nr_cmds;

	s->queue = msm_queue_lookup(s->ctx, s->args->queueid);
	if (!s->queue)
		return MSM_UERR(ENOENT, "submit: no queue %u", s->args->queueid);
	if (sz > KMALLOC_MAX)
		return MSM_UERR(ENOMEM, "submit: %u BOs and %u cmds do not fit a kzalloc",
				s->args->nr_bos, s->args->nr_cmds);
	s->bos = calloc(s->args->nr_bos + 1, sizeof(*s->bos));
	s->cmds = calloc(s->args->nr_cmds + 1, sizeof(*s->cmds));
	return s->bos && s->cmds ? 0 : -ENOMEM;
}

/* 5: FENCE_FD_IN must be a sync_file. */
static int in_fence(struct submit_ctx *s)
{
	struct model_fence *f;

	if (!(s->args->flags & MSM_SUBMIT_FENCE_FD_IN))
		return 0;
	f = model_sync_file_get_fence(s->args->fence_fd);
	if (!f)
		return MSM_UERR(EINVAL, "submit: fence_fd %d is not a sync_file", s->args->fence_fd);
	return add_dep(s, f);
}

static int read_syncobj(struct submit_ctx *s, uint64_t base, uint32_t i,
			struct drm_msm_gem_submit_syncobj *desc)
{
	uint32_t stride = s->args->syncobj_stride;

	memset(desc, 0, sizeof(*desc));
	return model_copy_from_user(desc, (void *)(uintptr_t)(base + (uint64_t)i * stride),
				    stride < sizeof(*desc) ? stride : sizeof(*desc));
}

static bool has_timelines(struct submit_ctx *s)
{
	return model_has_feature(model_file_device(s->file), MODEL_FEAT_SYNCOBJ_TIMELINE);
}

/* 6a: msm_syncobj_parse_deps */
static int in_syncobjs(struct submit_ctx *s)
{
	struct drm_msm_gem_submit_syncobj desc;
	struct model_syncobj *obj;
	struct model_fence *f;
	int ret = 0;

	if (!(s->args->flags & MSM_SUBMIT_SYNCOBJ_IN))
		return 0;
	/* kcalloc of the count: above kmalloc's limit ENOMEM */
	if ((uint64_t)s->args->nr_in_syncobjs * sizeof(*s->reset) > KMALLOC_MAX)
		return MSM_UERR(ENOMEM, "submit: %u in-syncobjs", s->args->nr_in_syncobjs);
	s->reset = calloc(s->args->nr_in_syncobjs + 1ull, sizeof(*s->reset));
	if (!s->reset)
		return -ENOMEM;
	for (uint32_t i = 0; i < s->args->nr_in_syncobjs && !ret; i++) {
		ret = read_syncobj(s, s->args->in_syncobjs, i, &desc);
		if (ret)
			break;
		if (desc.point && !has_timelines(s))
			return MSM_UERR(EOPNOTSUPP, "submit: syncobj timeline unsupported");
		if (desc.flags & ~MSM_SUBMIT_SYNCOBJ_FLAGS)
			return MSM_UERR(EINVAL, "submit: invalid syncobj flags %#x", desc.flags);
		obj = model_syncobj_lookup(s->file, desc.handle);
		if (!obj)
			return MSM_UERR(ENOENT, "submit: no syncobj %u", desc.handle);
		ret = model_syncobj_find_point(obj, desc.point, &f);
		if (ret) {
			model_syncobj_put(obj);
			return MSM_UERR(EINVAL, "submit: syncobj %u has no fence", desc.handle);
		}
		ret = add_dep(s, f);
		if (desc.flags & MSM_SUBMIT_SYNCOBJ_RESET)
			s->reset[i] = obj;
		else
			model_syncobj_put(obj);
	}
	return ret;
}

/* 6b: msm_syncobj_parse_post_deps */
static int out_syncobjs(struct submit_ctx *s)
{
	struct drm_msm_gem_submit_syncobj desc;
	int ret;

	if (!(s->args->flags & MSM_SUBMIT_SYNCOBJ_OUT))
		return 0;
	/* kcalloc of the count: above kmalloc's limit ENOMEM */
	if ((uint64_t)s->args->nr_out_syncobjs * sizeof(*s->post) > KMALLOC_MAX)
		return MSM_UERR(ENOMEM, "submit: %u out-syncobjs", s->args->nr_out_syncobjs);
	s->post = calloc(s->args->nr_out_syncobjs + 1ull, sizeof(*s->post));
	if (!s->post)
		return -ENOMEM;
	for (uint32_t i = 0; i < s->args->nr_out_syncobjs; i++) {
		ret = read_syncobj(s, s->args->out_syncobjs, i, &desc);
		if (ret)
			return ret;
		if (desc.flags)
			return MSM_UERR(EINVAL, "submit: invalid out-syncobj flags %#x", desc.flags);
		if (desc.point && has_timelines(s))
			return MSM_UERR(EOPNOTSUPP, "submit: timeline out-syncobjs are not modelled");
		if (desc.point)
			return MSM_UERR(EOPNOTSUPP, "submit: syncobj timeline unsupported");
		s->post[i] = model_syncobj_lookup(s->file, desc.handle);
		if (!s->post[i])
			return MSM_UERR(EINVAL, "submit: invalid out-syncobj handle %u", desc.handle);
	}
	return 0;
}

/* 7: submit_lookup_objects — every entry's flags, then every handle (EINVAL). */
static int lookup_objects(struct submit_ctx *s)
{
	const uint32_t mandatory = MSM_SUBMIT_BO_READ | MSM_SUBMIT_BO_WRITE;
	struct drm_msm_gem_submit_bo ubo;
	int ret;

	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		ret = model_copy_from_user(&ubo, (void *)(uintptr_t)(s->args->bos + i * sizeof(ubo)),
					   sizeof(ubo));
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

/* 8: submit_lookup_cmds — type, size alignment, then the relocs' copy. */
static int lookup_cmds(struct submit_ctx *s)
{
	struct drm_msm_gem_submit_cmd ucmd;
	struct submit_cmd *c;
	int ret;

	for (uint32_t i = 0; i < s->args->nr_cmds; i++) {
		ret = model_copy_from_user(&ucmd, (void *)(uintptr_t)(s->args->cmds + i * sizeof(ucmd)),
					   sizeof(ucmd));
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
		c = &s->cmds[i];
		*c = (struct submit_cmd){
			.type = ucmd.type, .idx = ucmd.submit_idx, .offset_dw = ucmd.submit_offset / 4,
			.size_dw = ucmd.size / 4, .nr_relocs = ucmd.nr_relocs,
		};
		if ((uint64_t)ucmd.nr_relocs * sizeof(*c->relocs) > KMALLOC_MAX)
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
 * 9: lock every BO (a handle twice: the ww_mutex says EALREADY, which
 * kernels before the drm_exec conversion turned into EINVAL), add the
 * implicit-sync dependencies, map every BO in the context's VM.
 */
static int lock_and_pin(struct submit_ctx *s)
{
	bool implicit = !(s->args->flags & MSM_SUBMIT_NO_IMPLICIT);
	struct model_fence *fences[64];
	int ret;

	for (uint32_t i = 0; i < s->args->nr_bos; i++)
		for (uint32_t j = 0; j < i; j++)
			if (s->bos[j].bo == s->bos[i].bo)
				return MSM_UERR(msm_rule_errno(MSM_RULE_SUBMIT_DUPLICATE_BO),
						"submit: handle %u at index %u already on submit list",
						s->bos[i].handle, i);
	for (uint32_t i = 0; i < s->args->nr_bos && implicit; i++) {
		bool write = s->bos[i].flags & MSM_SUBMIT_BO_WRITE;
		unsigned int n;

		if (s->bos[i].flags & MSM_SUBMIT_BO_NO_IMPLICIT)
			continue;
		n = msm_bo_fences(s->bos[i].bo, write, fences, 64);
		for (unsigned int k = 0; k < n && k < 64; k++) {
			model_fence_get(fences[k]);
			ret = add_dep(s, fences[k]);
			if (ret)
				return ret;
		}
	}
	for (uint32_t i = 0; i < s->args->nr_bos; i++) {
		ret = msm_vm_get_iova(s->ctx->vm, s->bos[i].bo, &s->bos[i].iova);
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
		iova = target->iova + r->reloc_offset;
		iova = r->shift < 0 ? iova >> -r->shift : iova << r->shift;
		ptr[off] = (uint32_t)iova | r->or;
		last = off;
	}
	return 0;
}

/* 10: per command: its BO, its bounds, relocs (a6xx+ refuse them). */
static int check_cmds(struct submit_ctx *s)
{
	struct submit_bo *bo;
	int ret;

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

/* 11: FENCE_SN_IN names a fresh, nonzero id. */
static int check_fence_sn(struct submit_ctx *s)
{
	struct msm_queue *q = s->queue;

	if (!(s->args->flags & MSM_SUBMIT_FENCE_SN_IN))
		return 0;
	if (!s->args->fence)
		return MSM_UERR(EINVAL, "submit: invalid in-fence-sn 0");
	for (struct msm_fence_slot *slot = q->fences; slot; slot = slot->next)
		if (slot->id == s->args->fence)
			return MSM_UERR(EINVAL, "submit: in-fence-sn %u in use", s->args->fence);
	return 0;
}

/* The job: BOs referenced, executable commands with their GPU addresses. */
static int build_job(struct submit_ctx *s)
{
	struct msm_submit *submit = calloc(1, sizeof(*submit));

	if (!submit)
		return -ENOMEM;
	s->submit = submit;
	submit->mdev = s->mdev;
	submit->queue = s->queue;
	submit->ctx_seqno = s->ctx->seqno;
	submit->bos = calloc(s->args->nr_bos + 1, sizeof(*submit->bos));
	submit->cmds = calloc(s->args->nr_cmds + 1, sizeof(*submit->cmds));
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
		submit->cmds[submit->nr_cmds].iova = s->bos[c->idx].iova + 4ull * c->offset_dw;
		submit->cmds[submit->nr_cmds].dwords = c->size_dw;
		submit->cmds[submit->nr_cmds].ctx_restore = c->type == MSM_SUBMIT_CMD_CTX_RESTORE_BUF;
		submit->nr_cmds++;
	}
	submit->vmref = s->ctx->vm;
	msm_vm_get(submit->vmref);
	return msm_vm_snapshot(s->ctx->vm, &submit->vm);
}

/* 12: the fence id, the out fence fd, syncobjs, reservations; to the scheduler. */
static int commit(struct submit_ctx *s)
{
	struct msm_submit *submit = s->submit;
	int fd = -1, ret;

	if (s->args->flags & MSM_SUBMIT_FENCE_FD_OUT) {
		ret = model_sync_file_create(submit->fence, &fd);
		if (ret)
			return ret;
	}
	ret = msm_queue_fence_alloc(s->queue, s->args->flags & MSM_SUBMIT_FENCE_SN_IN ?
				    s->args->fence : 0, submit->fence, &submit->fence_id);
	if (ret)
		return ret;	/* (the fd leaks like an unreported fd_install) */
	submit->fence->context = (uintptr_t)s->queue;
	submit->fence->seqno = submit->fence_id;
	s->args->fence = submit->fence_id;
	if (fd >= 0)
		s->args->fence_fd = fd;
	for (uint32_t i = 0; i < s->args->nr_bos; i++)
		msm_bo_add_fence(s->bos[i].bo, submit->fence,
				 s->bos[i].flags & MSM_SUBMIT_BO_WRITE);
	for (uint32_t i = 0; s->args->flags & MSM_SUBMIT_SYNCOBJ_OUT && i < s->args->nr_out_syncobjs; i++)
		model_syncobj_replace_fence(s->post[i], submit->fence);
	for (uint32_t i = 0; s->args->flags & MSM_SUBMIT_SYNCOBJ_IN && i < s->args->nr_in_syncobjs; i++)
		if (s->reset[i])
			model_syncobj_replace_fence(s->reset[i], NULL);
	submit->deps = s->deps;
	submit->nr_deps = s->nr_deps;
	s->deps = NULL;
	s->nr_deps = 0;
	s->queue->refs++;
	s->submit = NULL;
	return msm_sched_push(s->mdev, submit);
}

static void submit_cleanup(struct submit_ctx *s)
{
	struct msm_submit *submit = s->submit;

	for (uint32_t i = 0; s->bos && i < s->args->nr_bos; i++)
		if (s->bos[i].bo)
			model_bo_put(s->bos[i].bo);
	for (uint32_t i = 0; s->cmds && i < s->args->nr_cmds; i++)
		free(s->cmds[i].relocs);
	for (unsigned int i = 0; i < s->nr_deps; i++)
		model_fence_put(s->deps[i]);
	for (uint32_t i = 0; s->reset && i < s->args->nr_in_syncobjs; i++)
		if (s->reset[i])
			model_syncobj_put(s->reset[i]);
	for (uint32_t i = 0; s->post && i < s->args->nr_out_syncobjs; i++)
		if (s->post[i])
			model_syncobj_put(s->post[i]);
	if (submit) {
		msm_vm_snapshot_release(&submit->vm);
		msm_vm_put(submit->vmref);
		for (unsigned int i = 0; i < submit->nr_bos; i++)
			model_bo_put(submit->bos[i]);
		model_fence_put(submit->fence);
		free(submit->bos);
		free(submit->cmds);
		free(submit);
	}
	free(s->bos);
	free(s->cmds);
	free(s->deps);
	free(s->reset);
	free(s->post);
}

int msm_ioctl_gem_submit(struct model_file *file, void *data)
{
	struct submit_ctx s = {
		.file = file, .ctx = msm_ctx(file), .args = data,
		.mdev = msm_dev(model_file_device(file)),
	};
	int ret;

	ret = check_args(&s);
	if (ret)
		return ret;
	ret = lookup_queue(&s);
	if (ret)
		goto out;
	ret = in_fence(&s);
	if (ret)
		goto out;
	ret = in_syncobjs(&s);
	if (ret)
		goto out;
	ret = out_syncobjs(&s);
	if (ret)
		goto out;
	ret = lookup_objects(&s);
	if (ret)
		goto out;
	ret = lookup_cmds(&s);
	if (ret)
		goto out;
	ret = lock_and_pin(&s);
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
	ret = commit(&s);
out:
	submit_cleanup(&s);
	return ret;
}

// SPDX-License-Identifier: MIT
/* Submitting msm command streams: the GEM_SUBMIT request and fence waits. */
#include <errno.h>
#include <string.h>
#include <xf86drm.h>

#include "core/test.h"
#include "msm/cs.h"

/*
 * VM_BIND mode: the command buffer by address (the cmd's iova union), no
 * BO table — the VM's mappings are what the GPU sees, and a bos[] entry
 * would only have to be mapped (turnip tu_knl_drm_msm.c msm_queue_submit
 * sends none with VM_BIND).
 */
static void request_init_vm_bind(struct msm_submit_request *r, struct msm_cs *cs,
				 struct msm_queue *q, struct msm_bo *cmd_bo)
{
	r->cmd = (struct drm_msm_gem_submit_cmd){
		.type = MSM_SUBMIT_CMD_BUF, .size = 4 * cs->len, .iova = cmd_bo->iova,
	};
	r->req = (struct drm_msm_gem_submit){
		.flags = MSM_PIPE_3D0,
		.nr_cmds = cs->len ? 1 : 0,
		.cmds = (uintptr_t)&r->cmd,
		.fence_fd = -1,
		.queueid = q->id,
		.syncobj_stride = sizeof(struct drm_msm_syncobj),
	};
}

void msm_submit_request_init(struct msm_submit_request *r, struct msm_cs *cs,
			     struct msm_queue *q)
{
	struct msm_bo *cmd_bo = msm_cs_upload(cs);
	uint32_t n = 0;

	memset(r, 0, sizeof(*r));
	if (q->dev->vm_bind) {
		request_init_vm_bind(r, cs, q, cmd_bo);
		return;
	}
	for (; n < cs->nr_bos; n++)
		r->bos[n] = (struct drm_msm_gem_submit_bo){
			.flags = cs->bos[n].flags, .handle = cs->bos[n].bo->handle,
		};
	/* the command buffer itself is the last entry */
	r->bos[n] = (struct drm_msm_gem_submit_bo){
		.flags = MSM_SUBMIT_BO_READ, .handle = cmd_bo->handle,
	};
	r->cmd = (struct drm_msm_gem_submit_cmd){
		.type = MSM_SUBMIT_CMD_BUF, .submit_idx = n, .size = 4 * cs->len,
	};
	r->req = (struct drm_msm_gem_submit){
		.flags = MSM_PIPE_3D0,
		.nr_bos = n + 1,
		.nr_cmds = cs->len ? 1 : 0,
		.bos = (uintptr_t)r->bos,
		.cmds = (uintptr_t)&r->cmd,
		.fence_fd = -1,
		.queueid = q->id,
		.syncobj_stride = sizeof(struct drm_msm_gem_submit_syncobj),
	};
}

int __msm_cs_submit(struct msm_cs *cs, struct msm_queue *q, struct msm_submit *s)
{
	struct msm_submit_request r;

	msm_submit_request_init(&r, cs, q);
	r.req.flags |= s->flags;
	msm_request_fences(&r.req, s, MSM_SUBMIT_FENCE_FD_IN);
	/* as the kernel's msm_rd, record the submit as it is handed over */
	msm_capture_submit(cs, q, cs->cmd_bo);
	if (drmIoctl(q->dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &r.req))
		return -errno;
	s->fence = r.req.fence;
	if (s->flags & MSM_SUBMIT_FENCE_FD_OUT)
		s->out_fence_fd = r.req.fence_fd;
	return 0;
}

uint32_t msm_cs_submit(struct msm_cs *cs, struct msm_queue *q)
{
	struct msm_submit s = { 0 };

	igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
	return s.fence;
}

void msm_cs_submit_wait(struct msm_cs *cs, struct msm_queue *q, uint64_t timeout_ns)
{
	uint32_t fence = msm_cs_submit(cs, q);

	igt_assert_eq(__msm_wait_fence(q, fence, timeout_ns), 0);
}

void msm_cs_run(struct msm_cs *cs, struct msm_queue *q)
{
	msm_cs_submit_wait(cs, q, NSEC_PER_SEC);
	msm_cs_free(cs);
}

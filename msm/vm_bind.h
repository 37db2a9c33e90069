/* SPDX-License-Identifier: MIT */
/*
 * msm VM_BIND mode (Linux 6.17+, a6xx and later): the file opts in with
 * MSM_PARAM_EN_VM_BIND before anything makes its GPU address space, then
 * chooses every GPU address itself and maps objects (or parts of them,
 * or PRR ranges that read zero) with DRM_IOCTL_MSM_VM_BIND jobs on a
 * MSM_SUBMITQUEUE_VM_BIND queue; GEM_SUBMIT names command buffers by
 * address and needs no BO table. Bind jobs run in their queue's order
 * once their in-fences signalled, and nothing orders them against
 * submits except fences: what the tests pass.
 *
 *	struct msm_device *dev = msm_device_open_vm_bind();
 *	struct msm_queue *vmq = msm_queue_new_flags(dev, MSM_SUBMITQUEUE_VM_BIND, 0);
 *	struct msm_bo *bo = msm_bo_new_unmapped(dev, 8192, MSM_BO_WC);
 *	uint64_t va = msm_va_alloc(dev, 4096);
 *	struct drm_msm_vm_bind_op op = msm_bind_map(bo, 4096, va, 4096);
 *
 *	msm_vm_bind_sync(vmq, &op, 1);
 *	(a CP_MEM_WRITE to va lands at bo + 4096)
 *
 * msm_bo_new maps its BOs whole through the device's own bind queue and
 * waits, so the rest of the harness (msm_cs_addr, msm_cs_submit) works
 * unchanged in VM_BIND mode.
 */
#ifndef DRMSUB_MSM_VM_BIND_H
#define DRMSUB_MSM_VM_BIND_H

#include <stdint.h>

#include "msm/msm.h"

#define MSM_VM_BIND_MAX_OPS 64

/*
 * Open the msm device in VM_BIND mode: SET_PARAM EN_VM_BIND comes first
 * on a new file (any GET_PARAM would make its VM: EBUSY), then its
 * identity, VA range and PRR. Skips on a5xx (no per-process page tables)
 * and on kernels before 6.17 (EN_VM_BIND is an unknown param: EINVAL).
 */
struct msm_device *msm_device_open_vm_bind(void);

/*
 * A page-aligned range of @size nobody else in this process uses, with
 * an unmapped guard page after it, so that a write past a mapping faults
 * instead of reaching the next one.
 */
uint64_t msm_va_alloc(struct msm_device *dev, uint64_t size);

/* ---- ops ----------------------------------------------------------------- */

static inline struct drm_msm_vm_bind_op msm_bind_map(const struct msm_bo *bo, uint64_t offset,
						     uint64_t iova, uint64_t range)
{
	return (struct drm_msm_vm_bind_op){
		.op = MSM_VM_BIND_OP_MAP, .handle = bo->handle, .obj_offset = offset,
		.iova = iova, .range = range,
	};
}

static inline struct drm_msm_vm_bind_op msm_bind_unmap(uint64_t iova, uint64_t range)
{
	return (struct drm_msm_vm_bind_op){
		.op = MSM_VM_BIND_OP_UNMAP, .iova = iova, .range = range,
	};
}

static inline struct drm_msm_vm_bind_op msm_bind_map_null(uint64_t iova, uint64_t range)
{
	return (struct drm_msm_vm_bind_op){
		.op = MSM_VM_BIND_OP_MAP_NULL, .iova = iova, .range = range,
	};
}

/* ---- bind jobs --------------------------------------------------------------- */

/* What a bind job waits for and signals; all optional. */
struct msm_bind {
	uint32_t flags;			/* MSM_VM_BIND_FENCE_FD_IN | _OUT */
	int in_fence_fd;		/* with FENCE_FD_IN */
	const struct drm_msm_syncobj *in_syncobjs, *out_syncobjs;
	uint32_t nr_in_syncobjs, nr_out_syncobjs;
	/* result */
	int out_fence_fd;		/* with FENCE_FD_OUT, else -1 */
};

/*
 * A complete, valid VM_BIND request for @nr_ops ops on @q: one op inline,
 * more in @ops[] (op_stride and syncobj_stride set). Negative tests break
 * exactly one field and call __msm_vm_bind_ioctl.
 */
struct msm_vm_bind_request {
	struct drm_msm_vm_bind req;
	struct drm_msm_vm_bind_op ops[MSM_VM_BIND_MAX_OPS];
};
void msm_vm_bind_request_init(struct msm_vm_bind_request *r, const struct msm_queue *q,
			      const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops);
/* DRM_IOCTL_MSM_VM_BIND as it is: 0 or -errno. */
int __msm_vm_bind_ioctl(struct msm_device *dev, struct drm_msm_vm_bind *req);

/* A bind job of @ops on @q with @b's fences (@b may be NULL): 0 or -errno. */
int __msm_vm_bind(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops,
		  struct msm_bind *b);
void msm_vm_bind(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops,
		 struct msm_bind *b);
/* Bind and wait until the job ran: the page tables changed. */
void msm_vm_bind_sync(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops,
		      uint32_t nr_ops);

/*
 * msm/bo.c in VM_BIND mode: map @bo whole at a new msm_va_alloc address
 * through the device's bind queue and wait; undo that (an unusable VM
 * takes no binds any more: then the mapping stays until the file closes).
 */
void msm_bo_bind_whole(struct msm_bo *bo);
void msm_bo_unbind_whole(struct msm_bo *bo);

/* ---- fences ----------------------------------------------------------------- */

/*
 * A sync_file's state (SYNC_IOC_FILE_INFO): 1 signalled, 0 pending, or the
 * fence's error (-ESRCH for a bind job killed with its file, ...).
 */
int msm_fence_fd_status(int fd);
/* Wait up to @timeout_ns for the sync_file @fd: 0 or -ETIME. */
int msm_fence_fd_wait(int fd, uint64_t timeout_ns);
/*
 * The lowest fd number free now: the one an out-fence would take
 * (get_unused_fd_flags). A refused request must leave it free.
 */
int msm_lowest_free_fd(void);

#endif

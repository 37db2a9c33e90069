/* SPDX-License-Identifier: MIT */
/*
 * msm device wrapper: the msm UAPI (include/drm-uapi/msm_drm.h) behind
 * small typed helpers, so positive tests read as build / submit / wait /
 * check. Helpers named msm_x() assert success; __msm_x() return 0 or
 * -errno for tests that are about the error.
 */
#ifndef DRMSUB_MSM_MSM_H
#define DRMSUB_MSM_MSM_H

#include <stdbool.h>
#include <stdint.h>

#include "drm-uapi/msm_drm.h"

#define NSEC_PER_SEC 1000000000ull

struct msm_device {
	int fd;
	uint64_t chip_id;	/* MSM_PARAM_CHIP_ID; compare the low 32 bits */
	uint32_t gpu_id;	/* MSM_PARAM_GPU_ID (revn); 0 on a690 and a7xx */
	unsigned int gen;	/* 5, 6, 7 ... from the chip id */
	uint64_t gmem_size;
	unsigned int nr_priorities;
	char name[16];		/* "a630", or "chip 0x43050a01" */
	/* VM_BIND mode (msm/vm_bind.h): the file manages its address space */
	bool vm_bind;
	bool has_prr;		/* MSM_PARAM_HAS_PRR: MAP_NULL ranges read zero */
	uint64_t va_start, va_size;
	uint64_t va_next;	/* msm_va_alloc's next free address */
	uint32_t bind_queue;	/* the harness's VM_BIND queue, for msm_bo_new's mappings */
};

struct msm_bo {
	struct msm_device *dev;
	uint32_t handle;
	uint64_t size;
	uint64_t iova;		/* VM_BIND mode: 0 for a BO msm_bo_new_unmapped made */
	void *map;		/* NULL until msm_bo_map() */
	bool bound;		/* VM_BIND mode: msm_bo_new mapped it whole at @iova */
};

struct msm_queue {
	struct msm_device *dev;
	uint32_t id;
	uint32_t prio;
	uint32_t flags;		/* MSM_SUBMITQUEUE_x */
};

/* ---- device ---------------------------------------------------------- */

/* Open the msm device (skips without one) and read its identity. */
struct msm_device *msm_device_open(void);
/* Read the identity of the msm file @fd into a new device (skips, closing @fd, when unusable). */
struct msm_device *msm_device_from_fd(int fd);
void msm_device_close(struct msm_device *dev);

int __msm_get_param(struct msm_device *dev, uint32_t param, uint64_t *value);
uint64_t msm_get_param(struct msm_device *dev, uint32_t param);

/* Generation from a chip id: core << 24 for a2xx..a7xx, 0x43 for a740/a750. */
unsigned int msm_chip_generation(uint64_t chip_id);

/* ---- buffer objects --------------------------------------------------- */

int __msm_bo_new(struct msm_device *dev, uint64_t size, uint32_t flags, uint32_t *handle);
/* GEM_CLOSE of a handle __msm_bo_new gave (libdrm's drmCloseBufferHandle); it must succeed. */
void msm_gem_handle_close(struct msm_device *dev, uint32_t handle);
/*
 * A write-combined BO with its GPU address; zeroed, as the kernel hands
 * out. In VM_BIND mode the harness maps it whole at an address of its
 * own (msm_va_alloc) and waits for the bind, so it is usable at once.
 */
struct msm_bo *msm_bo_new(struct msm_device *dev, uint64_t size);
struct msm_bo *msm_bo_new_flags(struct msm_device *dev, uint64_t size, uint32_t flags);
/* VM_BIND mode: a BO mapped nowhere (iova 0); the test binds it itself. */
struct msm_bo *msm_bo_new_unmapped(struct msm_device *dev, uint64_t size, uint32_t flags);
/* Unmaps what msm_bo_new mapped (waiting for it), then closes the handle. */
void msm_bo_free(struct msm_bo *bo);

int __msm_bo_info(struct msm_device *dev, uint32_t handle, uint32_t info, uint64_t *value);
void *msm_bo_map(struct msm_bo *bo);
uint32_t msm_bo_read32(struct msm_bo *bo, uint64_t offset);
uint64_t msm_bo_read64(struct msm_bo *bo, uint64_t offset);
void msm_bo_write32(struct msm_bo *bo, uint64_t offset, uint32_t value);

/* GEM_CPU_PREP with a relative timeout (converted to the absolute deadline). */
int __msm_bo_cpu_prep(struct msm_bo *bo, uint32_t op, uint64_t timeout_ns);
/* CPU_PREP until the absolute CLOCK_MONOTONIC @deadline: 0 or -errno. */
int __msm_bo_cpu_prep_at(struct msm_bo *bo, uint32_t op, struct drm_msm_timespec deadline);
int __msm_bo_cpu_fini(struct msm_bo *bo);
int __msm_bo_madvise(struct msm_bo *bo, uint32_t madv, uint32_t *retained);

/* ---- submit queues and fences ----------------------------------------- */

int __msm_queue_new(struct msm_device *dev, uint32_t flags, uint32_t prio, uint32_t *id);
struct msm_queue *msm_queue_new(struct msm_device *dev, uint32_t prio);
/* A queue with MSM_SUBMITQUEUE_x @flags (MSM_SUBMITQUEUE_VM_BIND: a queue of bind jobs). */
struct msm_queue *msm_queue_new_flags(struct msm_device *dev, uint32_t flags, uint32_t prio);
void msm_queue_free(struct msm_queue *q);
/* SUBMITQUEUE_CLOSE of queue @id: 0 or -errno. */
int __msm_queue_close(struct msm_device *dev, uint32_t id);
int __msm_queue_query_faults(struct msm_queue *q, uint32_t *faults);

/* An absolute CLOCK_MONOTONIC deadline @ns from now, as the UAPI wants. */
struct drm_msm_timespec msm_deadline_in(uint64_t ns);
/* Whether CLOCK_MONOTONIC has reached @deadline. */
bool msm_deadline_passed(struct drm_msm_timespec deadline);

/* WAIT_FENCE on @q's fence id: 0 or -errno (-ETIMEDOUT, -EINVAL, ...). */
int __msm_wait_fence(struct msm_queue *q, uint32_t fence, uint64_t timeout_ns);

/*
 * Put the fences of @s (a struct msm_submit or msm_bind) into @req (a
 * drm_msm_gem_submit or drm_msm_vm_bind): the two ioctls name these fields
 * alike and the kernel reads them alike (msm_gem_submit.c
 * msm_ioctl_gem_submit, msm_gem_vma.c msm_ioctl_vm_bind: a sync_file in
 * fence_fd under @fence_fd_in, then msm_syncobj.c msm_syncobj_parse_deps
 * and msm_syncobj_parse_post_deps). The out-fence is -1 until the ioctl
 * gives one.
 */
#define msm_request_fences(req, s, fence_fd_in)					\
	do {									\
		if ((s)->flags & (fence_fd_in))					\
			(req)->fence_fd = (s)->in_fence_fd;			\
		(req)->in_syncobjs = (uintptr_t)(s)->in_syncobjs;		\
		(req)->nr_in_syncobjs = (s)->nr_in_syncobjs;			\
		(req)->out_syncobjs = (uintptr_t)(s)->out_syncobjs;		\
		(req)->nr_out_syncobjs = (s)->nr_out_syncobjs;			\
		(s)->out_fence_fd = -1;						\
	} while (0)

#endif

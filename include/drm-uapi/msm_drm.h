/* SPDX-License-Identifier: MIT */
/*
 * The msm (Adreno) DRM UAPI as current kernels define it, written from the
 * kernel's facts (include/uapi/drm/msm_drm.h, msm_drv.c, msm_gem_submit.c)
 * for drmsub. libdrm's copy of msm_drm.h is years stale (16-byte
 * GET_PARAM, 40-byte SUBMIT without syncobjs, no SUBMITQUEUE_QUERY), so
 * drmsub code includes this one only.
 *
 * Older kernels take the same requests: the DRM core zero-extends a
 * shorter struct and copies back only the caller's size, and the fields
 * added over time sit at the end. What came after 6.8 says its release
 * (as of 7.1, the newest checked: the parameters up to MSM_PARAM_AQE).
 */
#ifndef DRMSUB_DRM_UAPI_MSM_DRM_H
#define DRMSUB_DRM_UAPI_MSM_DRM_H

#ifdef __MSM_DRM_H__
#error "libdrm's stale msm_drm.h was included; use drm-uapi/msm_drm.h only"
#endif
/* keep libdrm's copy out if someone includes it later */
#define __MSM_DRM_H__

#include <drm.h>

#if defined(__cplusplus)
extern "C" {
#endif

/* Pipes (drm_msm_param.pipe; low 16 bits of the submit flags). */
#define MSM_PIPE_NONE 0x00
#define MSM_PIPE_2D0 0x01
#define MSM_PIPE_2D1 0x02
#define MSM_PIPE_3D0 0x10
#define MSM_PIPE_ID_MASK 0xffff
#define MSM_PIPE_ID(x) ((x) & MSM_PIPE_ID_MASK)
#define MSM_PIPE_FLAGS(x) ((x) & ~MSM_PIPE_ID_MASK)

/* Deadlines are absolute CLOCK_MONOTONIC times. */
struct drm_msm_timespec {
	__s64 tv_sec;
	__s64 tv_nsec;
};

/* GET_PARAM / SET_PARAM ids */
#define MSM_PARAM_GPU_ID 0x01		/* revn, 0 on parts that have none */
#define MSM_PARAM_GMEM_SIZE 0x02
#define MSM_PARAM_CHIP_ID 0x03		/* core << 24 | major << 16 | minor << 8 | patch */
#define MSM_PARAM_MAX_FREQ 0x04
#define MSM_PARAM_TIMESTAMP 0x05	/* the always-on counter */
#define MSM_PARAM_GMEM_BASE 0x06
#define MSM_PARAM_PRIORITIES 0x07	/* rings * 3 scheduler priorities */
#define MSM_PARAM_PP_PGTABLE 0x08	/* obsolete: always 0 */
#define MSM_PARAM_FAULTS 0x09
#define MSM_PARAM_SUSPENDS 0x0a
#define MSM_PARAM_SYSPROF 0x0b		/* SET only */
#define MSM_PARAM_COMM 0x0c		/* SET only: value is a string pointer */
#define MSM_PARAM_CMDLINE 0x0d		/* SET only: value is a string pointer */
#define MSM_PARAM_VA_START 0x0e
#define MSM_PARAM_VA_SIZE 0x0f
#define MSM_PARAM_HIGHEST_BANK_BIT 0x10	/* 6.9 */
#define MSM_PARAM_RAYTRACING 0x11	/* 6.11 */
#define MSM_PARAM_UBWC_SWIZZLE 0x12	/* 6.12 */
#define MSM_PARAM_MACROTILE_MODE 0x13	/* 6.12 */
#define MSM_PARAM_UCHE_TRAP_BASE 0x14	/* 6.14 */
#define MSM_PARAM_HAS_PRR 0x15		/* 6.17: MAP_NULL (PRR) ranges exist */
/*
 * 6.17, SET only: the file manages its GPU address space with VM_BIND.
 * Only before the file's VM exists (any GET_PARAM, GET/SET_IOVA, submit
 * or VM_BIND queue creates it; later: EBUSY), only with per-process page
 * tables (a6xx+). Afterwards GET/SET_IOVA and relocs are EINVAL, command
 * buffers are named by iova, and a GPU fault makes the VM unusable
 * (GEM_SUBMIT and VM_BIND then fail with EPIPE).
 */
#define MSM_PARAM_EN_VM_BIND 0x16
#define MSM_PARAM_AQE 0x17		/* 7.1: the AQE engine (ray pipelines) is on */
#define MSM_PARAM_NR_RINGS MSM_PARAM_PRIORITIES	/* its old name */

struct drm_msm_param {
	__u32 pipe;	/* MSM_PIPE_3D0 */
	__u32 param;	/* MSM_PARAM_x */
	__u64 value;
	__u32 len;	/* SET_PARAM string length; 0 otherwise */
	__u32 pad;	/* must be 0 */
};

/* GEM_NEW flags: exactly one cache mode, optional extras */
#define MSM_BO_SCANOUT 0x00000001
#define MSM_BO_GPU_READONLY 0x00000002
/*
 * 6.17: private to its file: shares the VM's reservation object, cannot be
 * exported (EPERM), mapped only in its own VM (7.1 enforces that).
 */
#define MSM_BO_NO_SHARE 0x00000004
#define MSM_BO_CACHE_MASK 0x000f0000
#define MSM_BO_CACHED 0x00010000
#define MSM_BO_WC 0x00020000
#define MSM_BO_UNCACHED 0x00040000	/* deprecated, treated as WC */
#define MSM_BO_CACHED_COHERENT 0x00080000
/* as of 6.17; before, MSM_BO_NO_SHARE was no flag (EINVAL) */
#define MSM_BO_FLAGS (MSM_BO_SCANOUT | MSM_BO_GPU_READONLY | MSM_BO_NO_SHARE | MSM_BO_CACHE_MASK)

struct drm_msm_gem_new {
	__u64 size;	/* page-aligned by the kernel; 0 is invalid */
	__u32 flags;	/* MSM_BO_x */
	__u32 handle;	/* out */
};

/* GEM_INFO requests */
#define MSM_INFO_GET_OFFSET 0x00	/* mmap offset on the DRM fd */
#define MSM_INFO_GET_IOVA 0x01		/* GPU address in the file's VM */
#define MSM_INFO_SET_NAME 0x02		/* value: string pointer, len < 32 */
#define MSM_INFO_GET_NAME 0x03
#define MSM_INFO_SET_IOVA 0x04
#define MSM_INFO_GET_FLAGS 0x05
#define MSM_INFO_SET_METADATA 0x06
#define MSM_INFO_GET_METADATA 0x07

struct drm_msm_gem_info {
	__u32 handle;
	__u32 info;	/* MSM_INFO_x */
	__u64 value;	/* in or out */
	__u32 len;	/* for string/metadata infos; 0 otherwise */
	__u32 pad;	/* must be 0 */
};

/* GEM_CPU_PREP op */
#define MSM_PREP_READ 0x01
#define MSM_PREP_WRITE 0x02
#define MSM_PREP_NOSYNC 0x04	/* don't wait: -EBUSY if busy */
#define MSM_PREP_BOOST 0x08
#define MSM_PREP_FLAGS (MSM_PREP_READ | MSM_PREP_WRITE | MSM_PREP_NOSYNC | MSM_PREP_BOOST)

struct drm_msm_gem_cpu_prep {
	__u32 handle;
	__u32 op;
	struct drm_msm_timespec timeout;
};

struct drm_msm_gem_cpu_fini {
	__u32 handle;
};

/* A relocation (a2xx-a5xx only; a6xx+ kernels reject any). */
struct drm_msm_gem_submit_reloc {
	__u32 submit_offset;	/* byte offset in the cmd buffer to patch */
	__u32 or;
	__s32 shift;
	__u32 reloc_idx;	/* index into the bo table */
	__u64 reloc_offset;	/* added to the BO's iova */
};

#define MSM_SUBMIT_CMD_BUF 0x0001
#define MSM_SUBMIT_CMD_IB_TARGET_BUF 0x0002	/* only relocated, not executed */
#define MSM_SUBMIT_CMD_CTX_RESTORE_BUF 0x0003

struct drm_msm_gem_submit_cmd {
	__u32 type;		/* MSM_SUBMIT_CMD_x */
	__u32 submit_idx;	/* index of the cmd buffer in the bo table */
	__u32 submit_offset;	/* byte offset in that BO */
	__u32 size;		/* bytes, a multiple of 4 */
	__u32 pad;
	__u32 nr_relocs;
	union {
		__u64 relocs;	/* user pointer to drm_msm_gem_submit_reloc[] */
		__u64 iova;	/* 6.17, VM_BIND files: the command buffer's address */
	};
};

#define MSM_SUBMIT_BO_READ 0x0001
#define MSM_SUBMIT_BO_WRITE 0x0002
#define MSM_SUBMIT_BO_DUMP 0x0004
#define MSM_SUBMIT_BO_NO_IMPLICIT 0x0008
#define MSM_SUBMIT_BO_FLAGS (MSM_SUBMIT_BO_READ | MSM_SUBMIT_BO_WRITE | \
			     MSM_SUBMIT_BO_DUMP | MSM_SUBMIT_BO_NO_IMPLICIT)

struct drm_msm_gem_submit_bo {
	__u32 flags;	/* at least one of READ and WRITE */
	__u32 handle;
	__u64 presumed;	/* ignored by current kernels */
};

/* GEM_SUBMIT flags (the low 16 bits are the pipe) */
#define MSM_SUBMIT_NO_IMPLICIT 0x80000000
#define MSM_SUBMIT_FENCE_FD_IN 0x40000000
#define MSM_SUBMIT_FENCE_FD_OUT 0x20000000
#define MSM_SUBMIT_SUDO 0x10000000
#define MSM_SUBMIT_SYNCOBJ_IN 0x08000000
#define MSM_SUBMIT_SYNCOBJ_OUT 0x04000000
#define MSM_SUBMIT_FENCE_SN_IN 0x02000000
#define MSM_SUBMIT_FLAGS (MSM_SUBMIT_NO_IMPLICIT | MSM_SUBMIT_FENCE_FD_IN | \
			  MSM_SUBMIT_FENCE_FD_OUT | MSM_SUBMIT_SUDO | \
			  MSM_SUBMIT_SYNCOBJ_IN | MSM_SUBMIT_SYNCOBJ_OUT | \
			  MSM_SUBMIT_FENCE_SN_IN)

/* 6.17 renamed these for VM_BIND, which shares them: MSM_SYNCOBJ_x, drm_msm_syncobj */
#define MSM_SYNCOBJ_RESET 0x00000001
#define MSM_SYNCOBJ_FLAGS MSM_SYNCOBJ_RESET
#define MSM_SUBMIT_SYNCOBJ_RESET MSM_SYNCOBJ_RESET	/* the names before 6.17 */
#define MSM_SUBMIT_SYNCOBJ_FLAGS MSM_SYNCOBJ_FLAGS

struct drm_msm_syncobj {
	__u32 handle;
	__u32 flags;	/* MSM_SYNCOBJ_x (in-syncobjs only) */
	__u64 point;	/* timeline point (6.17+ for msm); 0 for binary syncobjs */
};
#define drm_msm_gem_submit_syncobj drm_msm_syncobj	/* the name before 6.17 */

struct drm_msm_gem_submit {
	__u32 flags;		/* MSM_PIPE_3D0 | MSM_SUBMIT_x */
	__u32 fence;		/* out: the queue's fence id (in with FENCE_SN_IN) */
	__u32 nr_bos;
	__u32 nr_cmds;
	__u64 bos;		/* user pointer to drm_msm_gem_submit_bo[] */
	__u64 cmds;		/* user pointer to drm_msm_gem_submit_cmd[] */
	__s32 fence_fd;		/* in with FENCE_FD_IN, out with FENCE_FD_OUT */
	__u32 queueid;
	/* added later; older kernels stop here (40 bytes) */
	__u64 in_syncobjs;
	__u64 out_syncobjs;
	__u32 nr_in_syncobjs;
	__u32 nr_out_syncobjs;
	__u32 syncobj_stride;	/* sizeof(struct drm_msm_gem_submit_syncobj) */
	__u32 pad;
};

/* 6.17: VM_BIND, on a queue made with MSM_SUBMITQUEUE_VM_BIND */
#define MSM_VM_BIND_OP_UNMAP 0
#define MSM_VM_BIND_OP_MAP 1
#define MSM_VM_BIND_OP_MAP_NULL 2	/* a PRR range: reads return zero, writes vanish */

#define MSM_VM_BIND_OP_DUMP 1		/* include the mapping in GPU crash dumps */
#define MSM_VM_BIND_OP_FLAGS MSM_VM_BIND_OP_DUMP

struct drm_msm_vm_bind_op {
	__u32 op;		/* MSM_VM_BIND_OP_x */
	__u32 handle;		/* the GEM object; must be 0 for UNMAP and MAP_NULL */
	__u64 obj_offset;	/* page aligned offset in the object */
	__u64 iova;		/* page aligned GPU address */
	__u64 range;		/* page aligned size in bytes */
	__u32 flags;		/* MSM_VM_BIND_OP_x flags */
	__u32 pad;
};

#define MSM_VM_BIND_FENCE_FD_IN 0x00000001
#define MSM_VM_BIND_FENCE_FD_OUT 0x00000002
#define MSM_VM_BIND_FLAGS (MSM_VM_BIND_FENCE_FD_IN | MSM_VM_BIND_FENCE_FD_OUT)

struct drm_msm_vm_bind {
	__u32 flags;		/* MSM_VM_BIND_x */
	__u32 nr_ops;
	__s32 fence_fd;		/* in with FENCE_FD_IN, out with FENCE_FD_OUT */
	__u32 queue_id;		/* a MSM_SUBMITQUEUE_VM_BIND queue */
	__u64 in_syncobjs;	/* user pointer to drm_msm_syncobj[]; 0: none */
	__u64 out_syncobjs;	/* user pointer to drm_msm_syncobj[]; 0: none */
	__u32 nr_in_syncobjs;
	__u32 nr_out_syncobjs;
	__u32 syncobj_stride;	/* sizeof(struct drm_msm_syncobj) */
	__u32 op_stride;	/* sizeof(struct drm_msm_vm_bind_op) */
	union {
		struct drm_msm_vm_bind_op op;	/* nr_ops == 1: the op itself */
		__u64 ops;			/* nr_ops > 1: user pointer to the ops */
	};
};

#define MSM_WAIT_FENCE_BOOST 0x00000001
#define MSM_WAIT_FENCE_FLAGS MSM_WAIT_FENCE_BOOST

struct drm_msm_wait_fence {
	__u32 fence;
	__u32 flags;	/* MSM_WAIT_FENCE_x (was pad) */
	struct drm_msm_timespec timeout;
	__u32 queueid;
};

#define MSM_MADV_WILLNEED 0
#define MSM_MADV_DONTNEED 1
#define __MSM_MADV_PURGED 2	/* kernel-internal state */

struct drm_msm_gem_madvise {
	__u32 handle;
	__u32 madv;
	__u32 retained;	/* out: whether the pages still exist */
};

#define MSM_SUBMITQUEUE_ALLOW_PREEMPT 0x00000001	/* 6.13 */
/* 6.17: a queue of VM_BIND jobs (run by the kernel, on no ring); prio must be 0 */
#define MSM_SUBMITQUEUE_VM_BIND 0x00000002
#define MSM_SUBMITQUEUE_FLAGS (MSM_SUBMITQUEUE_ALLOW_PREEMPT | MSM_SUBMITQUEUE_VM_BIND)

struct drm_msm_submitqueue {
	__u32 flags;
	__u32 prio;	/* 0 is the highest */
	__u32 id;	/* out */
};

#define MSM_SUBMITQUEUE_PARAM_FAULTS 0

struct drm_msm_submitqueue_query {
	__u64 data;	/* user pointer */
	__u32 id;
	__u32 param;
	__u32 len;
	__u32 pad;
};

#define DRM_MSM_GET_PARAM 0x00
#define DRM_MSM_SET_PARAM 0x01
#define DRM_MSM_GEM_NEW 0x02
#define DRM_MSM_GEM_INFO 0x03
#define DRM_MSM_GEM_CPU_PREP 0x04
#define DRM_MSM_GEM_CPU_FINI 0x05
#define DRM_MSM_GEM_SUBMIT 0x06
#define DRM_MSM_WAIT_FENCE 0x07
#define DRM_MSM_GEM_MADVISE 0x08
/* 0x09 was GEM_SVM_NEW, never merged */
#define DRM_MSM_SUBMITQUEUE_NEW 0x0a
#define DRM_MSM_SUBMITQUEUE_CLOSE 0x0b
#define DRM_MSM_SUBMITQUEUE_QUERY 0x0c
#define DRM_MSM_VM_BIND 0x0d	/* 6.17 */

#define DRM_IOCTL_MSM_GET_PARAM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_GET_PARAM, struct drm_msm_param)
#define DRM_IOCTL_MSM_SET_PARAM \
	DRM_IOW(DRM_COMMAND_BASE + DRM_MSM_SET_PARAM, struct drm_msm_param)
#define DRM_IOCTL_MSM_GEM_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_GEM_NEW, struct drm_msm_gem_new)
#define DRM_IOCTL_MSM_GEM_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_GEM_INFO, struct drm_msm_gem_info)
#define DRM_IOCTL_MSM_GEM_CPU_PREP \
	DRM_IOW(DRM_COMMAND_BASE + DRM_MSM_GEM_CPU_PREP, struct drm_msm_gem_cpu_prep)
#define DRM_IOCTL_MSM_GEM_CPU_FINI \
	DRM_IOW(DRM_COMMAND_BASE + DRM_MSM_GEM_CPU_FINI, struct drm_msm_gem_cpu_fini)
#define DRM_IOCTL_MSM_GEM_SUBMIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_GEM_SUBMIT, struct drm_msm_gem_submit)
#define DRM_IOCTL_MSM_WAIT_FENCE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_MSM_WAIT_FENCE, struct drm_msm_wait_fence)
#define DRM_IOCTL_MSM_GEM_MADVISE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_GEM_MADVISE, struct drm_msm_gem_madvise)
#define DRM_IOCTL_MSM_SUBMITQUEUE_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_SUBMITQUEUE_NEW, struct drm_msm_submitqueue)
#define DRM_IOCTL_MSM_SUBMITQUEUE_CLOSE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_MSM_SUBMITQUEUE_CLOSE, __u32)
#define DRM_IOCTL_MSM_SUBMITQUEUE_QUERY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_MSM_SUBMITQUEUE_QUERY, struct drm_msm_submitqueue_query)
#define DRM_IOCTL_MSM_VM_BIND \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_MSM_VM_BIND, struct drm_msm_vm_bind)

#if defined(__cplusplus)
}
#endif

#endif

/* SPDX-License-Identifier: MIT */
/*
 * nouveau's VM_BIND submission UAPI (Linux 6.6+, nouveau_uvmm.c and
 * nouveau_exec.c), which libdrm 2.4.114's nouveau_drm.h predates. Written
 * from the kernel's layouts (include/uapi/drm/nouveau_drm.h, 6.6); a nouveau_drm.h that has them
 * (it then defines DRM_NOUVEAU_VM_INIT) wins. Sizes are checked below.
 */
#ifndef DRMSUB_NOUVEAU_UAPI_VM_H
#define DRMSUB_NOUVEAU_UAPI_VM_H

#include <stddef.h>
#include <nouveau_drm.h>

#ifndef DRM_NOUVEAU_VM_INIT
#define DRM_NOUVEAU_VM_INIT 0x10
#define DRM_NOUVEAU_VM_BIND 0x11
#define DRM_NOUVEAU_EXEC 0x12

struct drm_nouveau_sync {
	__u32 flags;
#define DRM_NOUVEAU_SYNC_SYNCOBJ 0x0
#define DRM_NOUVEAU_SYNC_TIMELINE_SYNCOBJ 0x1
#define DRM_NOUVEAU_SYNC_TYPE_MASK 0xf
	__u32 handle;
	__u64 timeline_value;
};

/* The kernel keeps [addr, addr + size) for itself; the rest is the client's. */
struct drm_nouveau_vm_init {
	__u64 kernel_managed_addr;
	__u64 kernel_managed_size;
};

struct drm_nouveau_vm_bind_op {
	__u32 op;
#define DRM_NOUVEAU_VM_BIND_OP_MAP 0x0
#define DRM_NOUVEAU_VM_BIND_OP_UNMAP 0x1
	__u32 flags;
#define DRM_NOUVEAU_VM_BIND_SPARSE (1 << 8)
	__u32 handle;
	__u32 pad;
	__u64 addr;
	__u64 bo_offset;
	__u64 range;
};

struct drm_nouveau_vm_bind {
	__u32 op_count;
	__u32 flags;
#define DRM_NOUVEAU_VM_BIND_RUN_ASYNC 0x1
	__u32 wait_count;
	__u32 sig_count;
	__u64 wait_ptr;
	__u64 sig_ptr;
	__u64 op_ptr;
};

struct drm_nouveau_exec_push {
	__u64 va;
	__u32 va_len;		/* bytes, below 1 << 23 */
	__u32 flags;
#define DRM_NOUVEAU_EXEC_PUSH_NO_PREFETCH 0x1
};

struct drm_nouveau_exec {
	__u32 channel;
	__u32 push_count;
	__u32 wait_count;
	__u32 sig_count;
	__u64 wait_ptr;
	__u64 sig_ptr;
	__u64 push_ptr;
};
#endif

_Static_assert(sizeof(struct drm_nouveau_sync) == 16, "drm_nouveau_sync");
_Static_assert(sizeof(struct drm_nouveau_vm_init) == 16, "drm_nouveau_vm_init");
_Static_assert(sizeof(struct drm_nouveau_vm_bind_op) == 40, "drm_nouveau_vm_bind_op");
_Static_assert(sizeof(struct drm_nouveau_vm_bind) == 40, "drm_nouveau_vm_bind");
_Static_assert(sizeof(struct drm_nouveau_exec_push) == 16, "drm_nouveau_exec_push");
_Static_assert(sizeof(struct drm_nouveau_exec) == 40, "drm_nouveau_exec");
_Static_assert(offsetof(struct drm_nouveau_vm_bind_op, addr) == 16, "vm_bind_op.addr");
_Static_assert(offsetof(struct drm_nouveau_vm_bind, op_ptr) == 32, "vm_bind.op_ptr");
_Static_assert(offsetof(struct drm_nouveau_exec, push_ptr) == 32, "exec.push_ptr");

#endif

// SPDX-License-Identifier: MIT
/*
 * The VM_BIND submission mode (Linux 6.6+): VM_INIT, client-chosen BO
 * addresses mapped with VM_BIND, EXEC, and syncobj completion. Layouts in
 * nouveau/uapi_vm.h.
 */
#include <errno.h>
#include <time.h>
#include <xf86drm.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/uapi_vm.h"

/* NVK's split: the kernel keeps [2^39, 2^40) for itself */
#define KERNEL_VA_START (1ull << 39)
#define KERNEL_VA_END (1ull << 40)
/* client BOs from 4 GiB up, so both address halves are exercised */
#define USER_VA_START (1ull << 32)
/* 2 MiB: a multiple of every page size the kernel may back a BO with */
#define VA_ALIGN (1ull << 21)
/* how long a blocking wait lasts: the kernel's CPU_PREP limit */
#define WAIT_NS (30 * NSEC_PER_SEC)

int __nv_vm_init(struct nv_device *dev)
{
	struct drm_nouveau_vm_init req = {
		.kernel_managed_addr = KERNEL_VA_START,
		.kernel_managed_size = KERNEL_VA_END - KERNEL_VA_START,
	};
	int ret = drmCommandWriteRead(dev->fd, DRM_NOUVEAU_VM_INIT, &req, sizeof(req));

	if (ret == 0) {
		dev->mode = NV_MODE_VM_BIND;
		dev->next_va = USER_VA_START;
	}
	return ret;
}

/*
 * One synchronous VM_BIND operation (no RUN_ASYNC: done when the ioctl
 * returns), as the kernel's nouveau_uvmm_ioctl_vm_bind takes it.
 */
static int bind_one(struct nv_device *dev, uint32_t op, uint32_t handle, uint64_t va,
		    uint64_t range)
{
	struct drm_nouveau_vm_bind_op o = {
		.op = op, .handle = handle, .addr = va, .range = range,
	};
	struct drm_nouveau_vm_bind req = { .op_count = 1, .op_ptr = (uintptr_t)&o };

	return drmCommandWriteRead(dev->fd, DRM_NOUVEAU_VM_BIND, &req, sizeof(req));
}

int __nv_vm_map(struct nv_bo *bo)
{
	struct nv_device *dev = bo->dev;
	uint64_t va = dev->next_va;
	int ret;

	/* addresses are never reused: 512 GiB of client space outlasts any test */
	igt_assert_f(va + bo->size <= KERNEL_VA_START, "client GPU address space exhausted\n");
	ret = bind_one(dev, DRM_NOUVEAU_VM_BIND_OP_MAP, bo->handle, va, bo->size);
	if (ret)
		return ret;
	bo->va = va;
	dev->next_va = (va + bo->size + VA_ALIGN - 1) & ~(VA_ALIGN - 1);
	return 0;
}

int __nv_vm_unmap(struct nv_bo *bo)
{
	return bind_one(bo->dev, DRM_NOUVEAU_VM_BIND_OP_UNMAP, 0, bo->va, bo->size);
}

/*
 * One EXEC of one push {va, va_len} with one syncobj signal, the request
 * the kernel's nouveau_exec_ioctl_exec (nouveau_exec.c) parses; NVK's
 * nvkmd nouveau backend submits the same shape.
 */
int __nv_exec(struct nv_channel *chan, uint64_t va, uint32_t bytes, bool signal)
{
	struct drm_nouveau_exec_push push = { .va = va, .va_len = bytes };
	struct drm_nouveau_sync sig = {
		.flags = DRM_NOUVEAU_SYNC_SYNCOBJ, .handle = chan->syncobj,
	};
	struct drm_nouveau_exec req = {
		.channel = chan->id,
		.push_count = bytes ? 1 : 0,
		.sig_count = signal ? 1 : 0,
		.sig_ptr = (uintptr_t)&sig,
		.push_ptr = (uintptr_t)&push,
	};

	return drmCommandWriteRead(chan->dev->fd, DRM_NOUVEAU_EXEC, &req, sizeof(req));
}

int __nv_vm_channel_wait(struct nv_channel *chan, bool nowait)
{
	struct timespec now;
	int64_t deadline = 0;	/* an absolute CLOCK_MONOTONIC time; 0 polls */
	int ret;

	if (!nowait) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		deadline = (int64_t)now.tv_sec * (int64_t)NSEC_PER_SEC + now.tv_nsec +
			   (int64_t)WAIT_NS;
	}
	/* EXECs on one channel complete in order: the last one's fence covers all */
	ret = drmSyncobjWait(chan->dev->fd, &chan->syncobj, 1, deadline, 0, NULL);
	/* one contract for both modes: busy is -EBUSY, as CPU_PREP says it */
	return ret == -ETIME ? -EBUSY : ret;
}

// SPDX-License-Identifier: MIT
/*
 * msm VM_BIND mode: the opt-in, the test's address allocator, bind
 * requests and their fences. The request layout and rules are the
 * kernel's (msm_drm.h, msm_gem_vma.c msm_ioctl_vm_bind); the opt-in is
 * turnip's (tu_knl_drm_msm.c msm_device_init: a new file, EN_VM_BIND
 * before anything else, then a VM_BIND queue).
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <linux/sync_file.h>
#include <sys/ioctl.h>
#include <xf86drm.h>

#include "core/test.h"
#include "device/device.h"
#include "msm/vm_bind.h"

/* How long the harness waits for its own bind jobs: they wait for nothing. */
#define BIND_TIMEOUT_NS (10 * NSEC_PER_SEC)

static uint64_t page_size(void)
{
	return (uint64_t)sysconf(_SC_PAGESIZE);
}

static uint64_t page_align(uint64_t v)
{
	return (v + page_size() - 1) & ~(page_size() - 1);
}

static int set_param(int fd, uint32_t param, uint64_t value)
{
	struct drm_msm_param req = { .pipe = MSM_PIPE_3D0, .param = param, .value = value };

	return drmIoctl(fd, DRM_IOCTL_MSM_SET_PARAM, &req) ? -errno : 0;
}

struct msm_device *msm_device_open_vm_bind(void)
{
	struct msm_device *dev = msm_device_open();	/* skips without a GPU */
	unsigned int gen = dev->gen;
	int fd, ret;

	/* this file asked already (its VM exists): the opt-in needs a new one */
	msm_device_close(dev);
	igt_require_f(gen >= 6, "VM_BIND needs per-process page tables (a6xx and later), "
		      "this is a%ux\n", gen);
	fd = drmsub_open_driver("msm");
	ret = set_param(fd, MSM_PARAM_EN_VM_BIND, 1);
	if (ret == -EINVAL) {
		close(fd);
		igt_skip("Test requirement not met: VM_BIND (MSM_PARAM_EN_VM_BIND is Linux 6.17+; "
			 "this kernel does not know it)\n");
	}
	igt_assert_eq(ret, 0);
	dev = msm_device_from_fd(fd);
	dev->vm_bind = true;
	dev->va_start = msm_get_param(dev, MSM_PARAM_VA_START);
	dev->va_size = msm_get_param(dev, MSM_PARAM_VA_SIZE);
	dev->va_next = dev->va_start;
	dev->has_prr = msm_get_param(dev, MSM_PARAM_HAS_PRR) != 0;
	igt_assert_eq(__msm_queue_new(dev, MSM_SUBMITQUEUE_VM_BIND, 0, &dev->bind_queue), 0);
	return dev;
}

uint64_t msm_va_alloc(struct msm_device *dev, uint64_t size)
{
	uint64_t va = dev->va_next, len = page_align(size);

	igt_assert_f(dev->vm_bind, "msm_va_alloc outside VM_BIND mode\n");
	igt_assert_f(len && len <= dev->va_start + dev->va_size - va - page_size(),
		     "%#llx bytes do not fit the rest of the VM\n", (unsigned long long)size);
	dev->va_next = va + len + page_size();	/* the guard page */
	return va;
}

void msm_vm_bind_request_init(struct msm_vm_bind_request *r, const struct msm_queue *q,
			      const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops)
{
	igt_assert_f(nr_ops <= MSM_VM_BIND_MAX_OPS, "%u ops in one request\n", nr_ops);
	memset(r, 0, sizeof(*r));
	r->req = (struct drm_msm_vm_bind){
		.nr_ops = nr_ops,
		.queue_id = q->id,
		.syncobj_stride = sizeof(struct drm_msm_syncobj),
		.op_stride = sizeof(struct drm_msm_vm_bind_op),
	};
	if (nr_ops)
		memcpy(r->ops, ops, nr_ops * sizeof(*ops));
	/* one op goes inline (the union), more by pointer */
	if (nr_ops == 1)
		r->req.op = ops[0];
	else
		r->req.ops = (uintptr_t)r->ops;
}

int __msm_vm_bind_ioctl(struct msm_device *dev, struct drm_msm_vm_bind *req)
{
	return drmIoctl(dev->fd, DRM_IOCTL_MSM_VM_BIND, req) ? -errno : 0;
}

int __msm_vm_bind(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops,
		  struct msm_bind *b)
{
	struct msm_vm_bind_request r;
	int ret;

	msm_vm_bind_request_init(&r, q, ops, nr_ops);
	if (b) {
		r.req.flags = b->flags;
		msm_request_fences(&r.req, b, MSM_VM_BIND_FENCE_FD_IN);
	}
	ret = __msm_vm_bind_ioctl(q->dev, &r.req);
	if (!ret && b && (b->flags & MSM_VM_BIND_FENCE_FD_OUT))
		b->out_fence_fd = r.req.fence_fd;
	return ret;
}

void msm_vm_bind(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops,
		 struct msm_bind *b)
{
	igt_assert_eq(__msm_vm_bind(q, ops, nr_ops, b), 0);
}

static int bind_sync(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops, uint32_t nr_ops)
{
	struct msm_bind b = { .flags = MSM_VM_BIND_FENCE_FD_OUT };
	int ret = __msm_vm_bind(q, ops, nr_ops, &b);

	if (ret)
		return ret;
	igt_assert_eq(msm_fence_fd_wait(b.out_fence_fd, BIND_TIMEOUT_NS), 0);
	igt_assert_eq(msm_fence_fd_status(b.out_fence_fd), 1);
	close(b.out_fence_fd);
	return 0;
}

void msm_vm_bind_sync(struct msm_queue *q, const struct drm_msm_vm_bind_op *ops,
		      uint32_t nr_ops)
{
	igt_assert_eq(bind_sync(q, ops, nr_ops), 0);
}

/* ---- the BOs msm_bo_new maps (msm/bo.c) ---------------------------------------- */

static struct msm_queue harness_queue(struct msm_device *dev)
{
	return (struct msm_queue){
		.dev = dev, .id = dev->bind_queue, .flags = MSM_SUBMITQUEUE_VM_BIND,
	};
}

void msm_bo_bind_whole(struct msm_bo *bo)
{
	struct msm_queue q = harness_queue(bo->dev);
	struct drm_msm_vm_bind_op op;

	bo->iova = msm_va_alloc(bo->dev, bo->size);
	op = msm_bind_map(bo, 0, bo->iova, page_align(bo->size));
	msm_vm_bind_sync(&q, &op, 1);
	bo->bound = true;
}

void msm_bo_unbind_whole(struct msm_bo *bo)
{
	struct msm_queue q = harness_queue(bo->dev);
	struct drm_msm_vm_bind_op op = msm_bind_unmap(bo->iova, page_align(bo->size));
	int ret = bind_sync(&q, &op, 1);

	/* an unusable VM (a fault) takes no more binds, and runs nothing that could see it */
	igt_assert_f(ret == 0 || ret == -EPIPE, "unmapping BO %u: %s\n", bo->handle,
		     strerror(-ret));
	bo->bound = false;
}

/* ---- fences -------------------------------------------------------------------- */

int msm_fence_fd_status(int fd)
{
	struct sync_file_info info;

	memset(&info, 0, sizeof(info));
	igt_assert_eq(ioctl(fd, SYNC_IOC_FILE_INFO, &info), 0);
	return info.status;
}

int msm_fence_fd_wait(int fd, uint64_t timeout_ns)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int ms = (int)((timeout_ns + 999999) / 1000000), ret;

	do {
		ret = poll(&pfd, 1, ms);
	} while (ret < 0 && errno == EINTR);
	igt_assert(ret >= 0);
	return ret ? 0 : -ETIME;
}

int msm_lowest_free_fd(void)
{
	int fd = dup(0);

	igt_assert_fd(fd);
	close(fd);
	return fd;
}

// SPDX-License-Identifier: MIT
/*
 * An outside client of msm VM_BIND, written from the UAPI alone
 * (include/drm-uapi/msm_drm.h and plain ioctls: none of the harness):
 * opt in, bind two BOs (one from an offset) at addresses of its choice,
 * submit by iova, and check that CP_MEM_WRITEs land at the right offsets;
 * then the rules (EINVAL for a range past the object, an unaligned
 * address, a bad handle, a queue that is not a VM_BIND queue; ENOENT for
 * a bad queue), and after an UNMAP a write that faults: counted, nothing
 * lands, the next submit EPIPE. tests/lib/msm_vm_bind_client.sh runs it
 * on the device model; it runs unchanged on a board with Linux 6.18+.
 *
 * Prints "ok <step>" per step; the first failure prints "FAIL <step>: ..."
 * and exits 1; no msm device or no VM_BIND exits 77.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "drm-uapi/msm_drm.h"	/* and <drm.h>, the DRM core's UAPI */

#define PAGE 4096u
#define CP_MEM_WRITE 0x3d	/* adreno_pm4.xml */

struct bo {
	uint32_t handle;
	uint64_t size;
	uint32_t *cpu;
};

static int fd = -1;
static uint64_t va_start;

__attribute__((format(printf, 2, 3), noreturn))
static void fail(const char *step, const char *fmt, ...)
{
	va_list ap;

	printf("FAIL %s: ", step);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	exit(1);
}

static void ok(const char *step)
{
	printf("ok %s\n", step);
}

static int xioctl(unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

/* The first render node whose driver is msm (DRM_IOCTL_VERSION). */
static int open_msm(void)
{
	for (int minor = 128; minor < 192; minor++) {
		char path[32], name[16] = "";
		struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (xioctl(DRM_IOCTL_VERSION, &v) == 0 && !strcmp(name, "msm"))
			return 0;
		close(fd);
	}
	return -ENODEV;
}

static uint64_t get_param(uint32_t param)
{
	struct drm_msm_param p = { .pipe = MSM_PIPE_3D0, .param = param };

	if (xioctl(DRM_IOCTL_MSM_GET_PARAM, &p))
		fail("get-param", "param %#x: %s", param, strerror(errno));
	return p.value;
}

static uint32_t queue_new(uint32_t flags)
{
	struct drm_msm_submitqueue q = { .flags = flags };
	int ret = xioctl(DRM_IOCTL_MSM_SUBMITQUEUE_NEW, &q);

	if (ret)
		fail("queue", "flags %#x: %s", flags, strerror(-ret));
	return q.id;
}

static struct bo bo_new(uint64_t size)
{
	struct drm_msm_gem_new req = { .size = size, .flags = MSM_BO_WC };
	struct drm_msm_gem_info info = { .info = MSM_INFO_GET_OFFSET };
	struct bo bo = { .size = size };

	if (xioctl(DRM_IOCTL_MSM_GEM_NEW, &req))
		fail("gem-new", "%s", strerror(errno));
	info.handle = bo.handle = req.handle;
	if (xioctl(DRM_IOCTL_MSM_GEM_INFO, &info))
		fail("gem-info", "GET_OFFSET: %s", strerror(errno));
	bo.cpu = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)info.value);
	if (bo.cpu == MAP_FAILED)
		fail("mmap", "%s", strerror(errno));
	return bo;
}

static struct drm_msm_vm_bind_op map_op(const struct bo *bo, uint64_t offset, uint64_t iova,
					uint64_t range)
{
	return (struct drm_msm_vm_bind_op){
		.op = MSM_VM_BIND_OP_MAP, .handle = bo->handle, .obj_offset = offset,
		.iova = iova, .range = range,
	};
}

/* One VM_BIND of @nr ops on @queue: one op inline, more by pointer; waits when @wait. */
static int vm_bind(uint32_t queue, const struct drm_msm_vm_bind_op *ops, uint32_t nr, int wait)
{
	struct drm_msm_vm_bind req = {
		.flags = wait ? MSM_VM_BIND_FENCE_FD_OUT : 0, .nr_ops = nr, .queue_id = queue,
		.syncobj_stride = sizeof(struct drm_msm_syncobj),
		.op_stride = sizeof(struct drm_msm_vm_bind_op),
	};
	struct pollfd pfd = { .events = POLLIN };
	int ret;

	if (nr == 1)
		req.op = ops[0];
	else
		req.ops = (uintptr_t)ops;
	ret = xioctl(DRM_IOCTL_MSM_VM_BIND, &req);
	if (ret || !wait)
		return ret;
	pfd.fd = req.fence_fd;
	ret = poll(&pfd, 1, 10000) == 1 ? 0 : -ETIME;
	close(req.fence_fd);
	return ret;
}

/* A pkt7 header: adreno_gpu.h PKT7 (count, its parity, opcode, its parity). */
static uint32_t parity(uint32_t v)
{
	return (0x9669 >> (0xf & (v ^ (v >> 4) ^ (v >> 8) ^ (v >> 12) ^ (v >> 16) ^ (v >> 20) ^
				  (v >> 24) ^ (v >> 28)))) & 1;
}

static uint32_t pkt7(uint32_t opcode, uint32_t count)
{
	return 0x70000000u | count | (parity(count) << 15) | ((opcode & 0x7f) << 16) |
	       (parity(opcode) << 23);
}

/* CP_MEM_WRITE of @value at @iova into @cs at dword @at; returns the next dword. */
static uint32_t mem_write(uint32_t *cs, uint32_t at, uint64_t iova, uint32_t value)
{
	cs[at++] = pkt7(CP_MEM_WRITE, 3);
	cs[at++] = (uint32_t)iova;
	cs[at++] = (uint32_t)(iova >> 32);
	cs[at++] = value;
	return at;
}

/* GEM_SUBMIT of @dwords at @iova (no BO table), then WAIT_FENCE: 0 or -errno. */
static int submit_wait(uint32_t queue, uint64_t iova, uint32_t dwords)
{
	struct drm_msm_gem_submit_cmd cmd = {
		.type = MSM_SUBMIT_CMD_BUF, .size = 4 * dwords, .iova = iova,
	};
	struct drm_msm_gem_submit req = {
		.flags = MSM_PIPE_3D0, .nr_cmds = 1, .cmds = (uintptr_t)&cmd, .queueid = queue,
	};
	struct drm_msm_wait_fence wait = { .queueid = queue };
	struct timespec now;
	int ret = xioctl(DRM_IOCTL_MSM_GEM_SUBMIT, &req);

	if (ret)
		return ret;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wait.fence = req.fence;
	wait.timeout = (struct drm_msm_timespec){
		.tv_sec = now.tv_sec + 10, .tv_nsec = now.tv_nsec,
	};
	return xioctl(DRM_IOCTL_MSM_WAIT_FENCE, &wait);
}

static void expect_err(const char *step, int ret, int err)
{
	if (ret != -err)
		fail(step, "expected %s, got %s", strerror(err), ret ? strerror(-ret) : "success");
	ok(step);
}

static uint32_t queue_faults(uint32_t queue)
{
	uint32_t faults = 0;
	struct drm_msm_submitqueue_query q = {
		.data = (uintptr_t)&faults, .id = queue, .param = MSM_SUBMITQUEUE_PARAM_FAULTS,
		.len = sizeof(faults),
	};

	if (xioctl(DRM_IOCTL_MSM_SUBMITQUEUE_QUERY, &q))
		fail("query", "%s", strerror(errno));
	return faults;
}

/* The rules, each one field off a valid MAP of @b. */
static void rules(uint32_t vmq, uint32_t q, const struct bo *b)
{
	struct drm_msm_vm_bind_op op = map_op(b, 2 * PAGE, va_start + 0x400000, 2 * PAGE);

	expect_err("range-past-end-einval", vm_bind(vmq, &op, 1, 0), EINVAL);
	op = map_op(b, 0, va_start + 0x400000 + 0x80, PAGE);
	expect_err("unaligned-iova-einval", vm_bind(vmq, &op, 1, 0), EINVAL);
	op = map_op(&(struct bo){ .handle = 0x777 }, 0, va_start + 0x400000, PAGE);
	expect_err("bad-handle-einval", vm_bind(vmq, &op, 1, 0), EINVAL);
	op = map_op(b, 0, va_start + 0x400000, PAGE);
	expect_err("not-a-vm-bind-queue-einval", vm_bind(q, &op, 1, 0), EINVAL);
	expect_err("bad-queue-enoent", vm_bind(0x777, &op, 1, 0), ENOENT);
}

/* Map A and B (from its second page) and the command BO; check the writes land. */
static void writes_land(uint32_t vmq, uint32_t q, struct bo *a, struct bo *b, struct bo *cmd)
{
	uint64_t xa = va_start + 0x100000, xb = va_start + 0x200000, xc = va_start + 0x300000;
	struct drm_msm_vm_bind_op ops[3] = {
		map_op(a, 0, xa, 2 * PAGE), map_op(b, PAGE, xb, 2 * PAGE), map_op(cmd, 0, xc, PAGE),
	};
	uint32_t n;
	int ret;

	if ((ret = vm_bind(vmq, ops, 3, 1)))
		fail("bind", "%s", strerror(-ret));
	ok("bind");
	n = mem_write(cmd->cpu, 0, xa + 0x10, 0x1111);
	n = mem_write(cmd->cpu, n, xb + PAGE + 0x20, 0x2222);
	if ((ret = submit_wait(q, xc, n)))
		fail("submit-by-iova", "%s", strerror(-ret));
	ok("submit-by-iova");
	if (a->cpu[0x10 / 4] != 0x1111)
		fail("write-lands", "A[0x10] = %#x", a->cpu[0x10 / 4]);
	if (b->cpu[(2 * PAGE + 0x20) / 4] != 0x2222 || b->cpu[(PAGE + 0x20) / 4])
		fail("write-lands-at-offset", "B[2 pages + 0x20] = %#x, B[1 page + 0x20] = %#x",
		     b->cpu[(2 * PAGE + 0x20) / 4], b->cpu[(PAGE + 0x20) / 4]);
	ok("write-lands-at-offset");
}

/* UNMAP A; a write there faults (counted, nothing lands), then submits are EPIPE. */
static void unmap_faults(uint32_t vmq, uint32_t q, struct bo *a, struct bo *cmd)
{
	uint64_t xa = va_start + 0x100000, xc = va_start + 0x300000;
	struct drm_msm_vm_bind_op op = {
		.op = MSM_VM_BIND_OP_UNMAP, .iova = xa, .range = 2 * PAGE,
	};
	uint64_t faults = get_param(MSM_PARAM_FAULTS);
	uint32_t n = mem_write(cmd->cpu, 64, xa + 0x30, 0x3333) - 64;
	int ret;

	if ((ret = vm_bind(vmq, &op, 1, 1)))
		fail("unmap", "%s", strerror(-ret));
	ok("unmap");
	if ((ret = submit_wait(q, xc + 4 * 64, n)))
		fail("write-after-unmap", "%s", strerror(-ret));
	if (queue_faults(q) != 1 || get_param(MSM_PARAM_FAULTS) != faults + 1)
		fail("fault-counted", "queue faults %u, file faults %llu (was %llu)",
		     queue_faults(q), (unsigned long long)get_param(MSM_PARAM_FAULTS),
		     (unsigned long long)faults);
	ok("fault-counted");
	if (a->cpu[0x30 / 4])
		fail("nothing-lands", "A[0x30] = %#x", a->cpu[0x30 / 4]);
	ok("nothing-lands");
	expect_err("next-submit-epipe", submit_wait(q, xc, n), EPIPE);
}

int main(void)
{
	struct drm_msm_param en = { .pipe = MSM_PIPE_3D0, .param = MSM_PARAM_EN_VM_BIND,
				    .value = 1 };
	struct bo a, b, cmd;
	uint32_t vmq, q;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (open_msm()) {
		printf("SKIP: no msm render node\n");
		return 77;
	}
	/* before anything makes the file's VM (adreno_set_param: EBUSY after) */
	if (xioctl(DRM_IOCTL_MSM_SET_PARAM, &en)) {
		printf("SKIP: no VM_BIND (MSM_PARAM_EN_VM_BIND: %s)\n", strerror(errno));
		return 77;
	}
	ok("opt-in");
	va_start = get_param(MSM_PARAM_VA_START);
	vmq = queue_new(MSM_SUBMITQUEUE_VM_BIND);
	q = queue_new(0);
	a = bo_new(2 * PAGE);
	b = bo_new(3 * PAGE);
	cmd = bo_new(PAGE);
	writes_land(vmq, q, &a, &b, &cmd);
	rules(vmq, q, &b);
	unmap_faults(vmq, q, &a, &cmd);
	close(fd);
	return 0;
}

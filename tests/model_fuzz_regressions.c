// SPDX-License-Identifier: MIT
/*
 * model_fuzz_regressions: every request with which tests/lib/model_fuzz
 * once crashed the device model, or got an errno the kernel does not
 * give, as one subtest each, with the answer the kernel gives. Runs on
 * the model (make check: with msm, nouveau and radeon devices); a subtest
 * whose driver is absent skips.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <nouveau_drm.h>
#include <nvif/ioctl.h>
#include "drm-uapi/msm_drm.h"

#include "core/test.h"
#include "device/device.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/pm4_header.h"
#include "nouveau/uapi_vm.h"

IGT_TEST_DESCRIPTION("Requests that model_fuzz found crashing the device model or answered "
		     "with an errno no kernel gives, and the kernel's answer to each.");

struct msm_cmdbuf {
	uint32_t handle;
	struct drm_msm_gem_submit_bo bo;
	struct drm_msm_gem_submit_cmd cmd;
};

/* A BO holding one CP_NOP, and the submit tables that run it. */
static void msm_cmdbuf(int fd, struct msm_cmdbuf *c)
{
	struct drm_msm_gem_new gem = { .size = 4096, .flags = MSM_BO_WC };
	struct drm_msm_gem_info info = { .info = MSM_INFO_GET_OFFSET };
	uint32_t *map;

	do_ioctl(fd, DRM_IOCTL_MSM_GEM_NEW, &gem);
	info.handle = gem.handle;
	do_ioctl(fd, DRM_IOCTL_MSM_GEM_INFO, &info);
	map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)info.value);
	igt_assert(map != MAP_FAILED);
	map[0] = pm4_pkt7_hdr(CP_NOP, 0);
	munmap(map, 4096);
	c->handle = gem.handle;
	c->bo = (struct drm_msm_gem_submit_bo){ .flags = MSM_SUBMIT_BO_READ, .handle = gem.handle };
	c->cmd = (struct drm_msm_gem_submit_cmd){ .type = MSM_SUBMIT_CMD_BUF, .size = 4 };
}

static struct drm_msm_gem_submit msm_submit_of(struct msm_cmdbuf *c)
{
	return (struct drm_msm_gem_submit){
		.flags = MSM_PIPE_3D0, .nr_bos = 1, .nr_cmds = 1, .bos = (uintptr_t)&c->bo,
		.cmds = (uintptr_t)&c->cmd, .fence_fd = -1,
		.syncobj_stride = sizeof(struct drm_msm_gem_submit_syncobj),
	};
}

/* GEM_SUBMIT of @c with @count entries of in- (@out: out-) syncobjs, all of them @entry. */
static int submit_syncobj_count(int fd, struct msm_cmdbuf *c, bool out, uint32_t count,
				struct drm_msm_gem_submit_syncobj *entry)
{
	struct drm_msm_gem_submit s = msm_submit_of(c);

	s.flags |= out ? MSM_SUBMIT_SYNCOBJ_OUT : MSM_SUBMIT_SYNCOBJ_IN;
	if (out) {
		s.out_syncobjs = (uintptr_t)entry;
		s.nr_out_syncobjs = count;
	} else {
		s.in_syncobjs = (uintptr_t)entry;
		s.nr_in_syncobjs = count;
	}
	return ioctl(fd, DRM_IOCTL_MSM_GEM_SUBMIT, &s);
}

/* An NVIF payload of the header and @len body bytes, on channel @token (route hidden). */
/*
 * A second file on @master's primary node that is not authenticated:
 * drm_file_alloc authenticates a root opener (capable(CAP_SYS_ADMIN)), so
 * as root the node is opened as another user (as IGT's core_auth does).
 */
static int open_unauthenticated(int master)
{
	char *path = drmGetDeviceNameFromFd2(master);
	int fd;

	igt_assert(path);
	if (geteuid() == 0)
		igt_assert_eq(seteuid(65534), 0);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (getuid() == 0)
		igt_assert_eq(seteuid(0), 0);
	igt_require_f(fd >= 0, "%s cannot be opened by another user: %s\n", path,
		      strerror(errno));
	free(path);
	return fd;
}

static int nvif(int fd, uint8_t type, uint64_t token, void *payload, size_t len)
{
	struct nvif_ioctl_v0 *hdr = payload;

	hdr->type = type;
	hdr->owner = NVIF_IOCTL_V0_OWNER_ANY;
	hdr->route = NVIF_IOCTL_V0_ROUTE_HIDDEN;
	hdr->token = token;
	/* nouveau_drm_ioctl: the request's size is the payload's */
	return ioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
			      DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, sizeof(*hdr) + len), payload);
}

igt_main
{
	igt_describe("msm: syncobj counts without their flags are not read "
		     "(msm_ioctl_gem_submit parses them only with SYNCOBJ_IN/OUT)");
	igt_subtest("msm-submit-syncobj-counts-without-flags") {
		int fd = drmsub_open_driver("msm");
		struct msm_cmdbuf c;
		struct drm_msm_gem_submit s;
		struct drm_msm_wait_fence wait = { 0 };
		struct timespec now;

		msm_cmdbuf(fd, &c);
		s = msm_submit_of(&c);
		/* model_fuzz: the model's cleanup walked a one-slot array that far */
		s.nr_in_syncobjs = 0x40000000;
		s.nr_out_syncobjs = 0xffffffff;
		do_ioctl(fd, DRM_IOCTL_MSM_GEM_SUBMIT, &s);
		wait.fence = s.fence;
		/* an absolute CLOCK_MONOTONIC deadline (msm_wait_fence's to_ktime): 10 s from now */
		clock_gettime(CLOCK_MONOTONIC, &now);
		wait.timeout.tv_sec = now.tv_sec + 10;
		wait.timeout.tv_nsec = now.tv_nsec;
		do_ioctl(fd, DRM_IOCTL_MSM_WAIT_FENCE, &wait);
		close(fd);
	}

	igt_describe("msm: a syncobj count too large for one kcalloc is ENOMEM "
		     "(msm_syncobj_parse_deps, msm_syncobj_parse_post_deps)");
	igt_subtest("msm-submit-huge-syncobj-counts") {
		int fd = drmsub_open_driver("msm");
		struct drm_msm_gem_submit_syncobj one = { 0 };
		struct msm_cmdbuf c;

		msm_cmdbuf(fd, &c);
		/* model_fuzz: count + 1 wrapped to 0, and the model wrote past a 0-byte array */
		igt_assert_errno(submit_syncobj_count(fd, &c, true, 0xffffffff, &one), ENOMEM,
				 "msm: kcalloc of nr_out_syncobjs");
		igt_assert_errno(submit_syncobj_count(fd, &c, false, 0x40000000, &one), ENOMEM,
				 "msm: kcalloc of nr_in_syncobjs");
		close(fd);
	}

	igt_describe("nouveau: NVIF on a channel the file does not have is EINVAL "
		     "(nouveau_abi16_ioctl_new, nouveau_abi16_ioctl_sclass)");
	igt_subtest("nouveau-nvif-unknown-channel") {
		int fd = drmsub_open_driver("nouveau");
		uint8_t payload[sizeof(struct nvif_ioctl_v0) + sizeof(struct nvif_ioctl_new_v0)];
		struct nvif_ioctl_new_v0 *new = (void *)(payload + sizeof(struct nvif_ioctl_v0));

		memset(payload, 0, sizeof(payload));
		new->handle = 0xbeef;
		new->oclass = 0xb197;
		/* model_fuzz: the model answered ENOENT, GROBJ_ALLOC's errno */
		igt_assert_errno(nvif(fd, NVIF_IOCTL_V0_NEW, 7, payload, sizeof(*new)), EINVAL,
				 "nouveau: NVIF NEW, no such channel");
		memset(payload, 0, sizeof(payload));
		igt_assert_errno(nvif(fd, NVIF_IOCTL_V0_SCLASS, 7, payload,
				      sizeof(struct nvif_ioctl_sclass_v0)), EINVAL,
				 "nouveau: NVIF SCLASS, no such channel");
		close(fd);
	}

	igt_describe("nouveau: NVIF needs no authentication on a primary node "
		     "(nouveau_drm_ioctl calls nouveau_abi16_ioctl before drm_ioctl's checks)");
	igt_subtest("nouveau-nvif-unauthenticated") {
		int master = drmsub_open_driver_primary("nouveau");
		int fd = open_unauthenticated(master);
		uint8_t payload[sizeof(struct nvif_ioctl_v0)] = { 0 };
		struct drm_gem_flink flink = { 0 };

		/* the second file of the node is not authenticated: DRM_AUTH ioctls refuse it */
		igt_assert_errno(ioctl(fd, DRM_IOCTL_GEM_FLINK, &flink), EACCES,
				 "drm_ioctl_permit: DRM_AUTH on an unauthenticated file");
		/* model_fuzz: the model checked NVIF's DRM_AUTH too; DEL of nothing is 0 */
		((struct nvif_ioctl_v0 *)payload)->owner = NVIF_IOCTL_V0_OWNER_ANY;
		((struct nvif_ioctl_v0 *)payload)->type = NVIF_IOCTL_V0_DEL;
		do_ioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
				  DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, sizeof(payload)), payload);
		close(fd);
		close(master);
	}

	igt_describe("nouveau: an EXEC sync array of more than INT_MAX bytes is ENOMEM before it "
		     "is read (u_memcpya's vmemdup_user is a kvmalloc, which refuses the size)");
	igt_subtest("nouveau-exec-huge-sync-count") {
		int fd = drmsub_open_driver("nouveau");
		struct drm_nouveau_vm_init vm = { .kernel_managed_addr = 1ull << 39,
						  .kernel_managed_size = 1ull << 39 };
		/* fb_ctxdma_handle ~0: tt_ctxdma_handle names the engine, 1 is GR */
		struct drm_nouveau_channel_alloc ch = { .fb_ctxdma_handle = ~0u,
							.tt_ctxdma_handle = 1 };
		struct drm_nouveau_sync one = { .flags = DRM_NOUVEAU_SYNC_SYNCOBJ };
		struct drm_nouveau_exec ex = { .wait_ptr = (uintptr_t)&one };

		igt_assert_eq(drmCommandWriteRead(fd, DRM_NOUVEAU_VM_INIT, &vm, sizeof(vm)), 0);
		igt_assert_eq(drmCommandWriteRead(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &ch, sizeof(ch)), 0);
		ex.channel = ch.channel;
		/*
		 * model_fuzz: the model allocated the whole array first (tens of
		 * GiB for a count near 2^31); with one more entry than INT_MAX
		 * bytes hold, that allocation can succeed and the read of it
		 * faulted: EFAULT, where the kernel answers ENOMEM
		 */
		ex.wait_count = INT_MAX / sizeof(one) + 1;
		igt_assert_errno(drmCommandWriteRead(fd, DRM_NOUVEAU_EXEC, &ex, sizeof(ex)) ? -1 : 0,
				 ENOMEM, "kvmalloc_node: a size above INT_MAX is refused");
		close(fd);
	}
}

// SPDX-License-Identifier: MIT
/*
 * The smallest complete submission of each driver, for model_bench:
 *   msm      GEM_SUBMIT of a one-dword IB (CP_NOP) + WAIT_FENCE, raw ioctls
 *   nouveau  GEM_PUSHBUF of one host semaphore release + GEM_CPU_PREP
 *   radeon   CS of one relocated register write + GEM_WAIT_IDLE
 * A failing ioctl ends the benchmark with its errno: a number measured on
 * a failing path would be meaningless.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "drm-uapi/msm_drm.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/pm4_header.h"
#include "nouveau/nv.h"
#include "nouveau/push.h"
#include "radeon/r300.xml.h"
#include "radeon/r300_cs.h"
#include "bench.h"
#include "model_bench.h"

/* ---- msm -------------------------------------------------------------- */

struct msm_bench {
	int fd;
	uint32_t ib;			/* the IB's GEM handle */
	int *held;			/* sync_files kept open */
	uint64_t nr_held;
};

static void *msm_setup(void)
{
	struct msm_bench *b = bench_calloc(1, sizeof(*b));
	struct drm_msm_gem_new bo = { .size = 4096, .flags = MSM_BO_WC };
	struct drm_msm_gem_info info = { .info = MSM_INFO_GET_OFFSET };
	uint32_t *map;

	b->fd = bench_open_render("msm");
	bench_ioctl(b->fd, DRM_IOCTL_MSM_GEM_NEW, &bo, "MSM_GEM_NEW");
	b->ib = bo.handle;
	info.handle = bo.handle;
	bench_ioctl(b->fd, DRM_IOCTL_MSM_GEM_INFO, &info, "MSM_GEM_INFO");
	map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd, (off_t)info.value);
	if (map == MAP_FAILED)
		bench_die("mmap of the IB");
	map[0] = pm4_pkt7_hdr(CP_NOP, 0);
	munmap(map, 4096);
	return b;
}

/* One GEM_SUBMIT on the default queue (id 0); its fence id. */
static uint32_t msm_submit(struct msm_bench *b, uint32_t flags, int *fence_fd)
{
	struct drm_msm_gem_submit_bo bo = { .flags = MSM_SUBMIT_BO_READ, .handle = b->ib };
	struct drm_msm_gem_submit_cmd cmd = { .type = MSM_SUBMIT_CMD_BUF, .size = 4 };
	struct drm_msm_gem_submit req = {
		.flags = MSM_PIPE_3D0 | flags,
		.nr_bos = 1,
		.nr_cmds = 1,
		.bos = (uintptr_t)&bo,
		.cmds = (uintptr_t)&cmd,
		.fence_fd = -1,
	};

	bench_ioctl(b->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &req, "MSM_GEM_SUBMIT");
	if (fence_fd)
		*fence_fd = req.fence_fd;
	return req.fence;
}

static void msm_wait(struct msm_bench *b, uint32_t fence)
{
	struct drm_msm_wait_fence wait = { .fence = fence };
	struct timespec now;

	/* an absolute CLOCK_MONOTONIC deadline (msm_drv.c to_ktime), 10 s away */
	clock_gettime(CLOCK_MONOTONIC, &now);
	wait.timeout.tv_sec = now.tv_sec + 10;
	wait.timeout.tv_nsec = now.tv_nsec;
	bench_ioctl(b->fd, DRM_IOCTL_MSM_WAIT_FENCE, &wait, "MSM_WAIT_FENCE");
}

static void msm_loop(void *state, uint64_t n)
{
	struct msm_bench *b = state;

	for (uint64_t i = 0; i < n; i++)
		msm_wait(b, msm_submit(b, 0, NULL));
}

void model_bench_msm_hold_sync_files(void *state, uint64_t count)
{
	struct msm_bench *b = state;
	int *held;

	if (!count) {
		for (uint64_t i = 0; i < b->nr_held; i++)
			close(b->held[i]);
		free(b->held);
		b->held = NULL;
		b->nr_held = 0;
		return;
	}
	held = realloc(b->held, (b->nr_held + count) * sizeof(*held));
	if (!held)
		bench_die("realloc");
	b->held = held;
	for (uint64_t i = 0; i < count; i++) {
		uint32_t fence = msm_submit(b, MSM_SUBMIT_FENCE_FD_OUT, &held[b->nr_held]);

		msm_wait(b, fence);
		b->nr_held++;
	}
}

static void msm_teardown(void *state)
{
	struct msm_bench *b = state;

	model_bench_msm_hold_sync_files(b, 0);
	close(b->fd);
	free(b);
}

const struct model_bench_driver model_bench_msm = {
	.name = "msm",
	.what = "GEM_SUBMIT of a 1-dword IB + WAIT_FENCE",
	.setup = msm_setup,
	.loop = msm_loop,
	.teardown = msm_teardown,
};

/* ---- nouveau ----------------------------------------------------------- */

struct nouveau_bench {
	struct nv_device *dev;
	struct nv_channel *chan;
	struct nv_bo *sem;
	struct nv_push *push;
};

static void *nouveau_setup(void)
{
	struct nouveau_bench *b = bench_calloc(1, sizeof(*b));

	b->dev = nv_device_open();
	b->chan = nv_channel_new(b->dev, NV_ENGINE_GR);
	b->sem = nv_bo_new(b->dev, 4096, NV_BO_GART);
	b->push = nv_push_new(16);
	nv_host_sem_release(b->push, b->sem, 0, 1);
	return b;
}

static void nouveau_loop(void *state, uint64_t n)
{
	struct nouveau_bench *b = state;

	for (uint64_t i = 0; i < n; i++) {
		bench_ok(__nv_push_submit(b->push, b->chan), "nouveau GEM_PUSHBUF");
		bench_ok(__nv_channel_wait(b->chan, false), "nouveau GEM_CPU_PREP");
	}
}

static void nouveau_teardown(void *state)
{
	struct nouveau_bench *b = state;

	nv_push_free(b->push);
	nv_bo_free(b->sem);
	nv_channel_free(b->chan);
	nv_device_close(b->dev);
	free(b);
}

const struct model_bench_driver model_bench_nouveau = {
	.name = "nouveau",
	.what = "GEM_PUSHBUF of one semaphore release + GEM_CPU_PREP",
	.setup = nouveau_setup,
	.loop = nouveau_loop,
	.teardown = nouveau_teardown,
};

/* ---- radeon ------------------------------------------------------------ */

struct radeon_bench {
	struct r300_device *dev;
	struct r300_bo *bo;
	struct r300_cs *cs;
};

static void *radeon_setup(void)
{
	struct radeon_bench *b = bench_calloc(1, sizeof(*b));

	b->dev = r300_device_open();
	b->bo = r300_bo_new(b->dev, 4096, RADEON_GEM_DOMAIN_GTT);
	b->cs = r300_cs_new(b->dev, 64);
	r300_cs_reg_reloc(b->cs, REG_R300_RB3D_COLOROFFSET0, 0, b->bo, true);
	return b;
}

static void radeon_loop(void *state, uint64_t n)
{
	struct radeon_bench *b = state;

	for (uint64_t i = 0; i < n; i++) {
		bench_ok(__r300_cs_submit(b->cs), "radeon CS");
		bench_ok(__r300_bo_wait(b->bo), "radeon GEM_WAIT_IDLE");
	}
}

static void radeon_teardown(void *state)
{
	struct radeon_bench *b = state;

	r300_cs_free(b->cs);
	r300_bo_free(b->bo);
	r300_device_close(b->dev);
	free(b);
}

const struct model_bench_driver model_bench_radeon = {
	.name = "radeon",
	.what = "CS of one relocated register write + GEM_WAIT_IDLE",
	.setup = radeon_setup,
	.loop = radeon_loop,
	.teardown = radeon_teardown,
};

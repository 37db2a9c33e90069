// SPDX-License-Identifier: MIT
/*
 * msm_scaling: does the msm device model stay linear as programs scale?
 * Each series measures one operation at N, 8N and 64N (bench_series: a
 * ratio of 8 is linear, 64 quadratic), on the model — the bench sets
 * DRMSUB_MODEL and preloads the model library, then runs itself again:
 *
 *   submit-bos      one GEM_SUBMIT naming S already mapped BOs
 *   first-submit    one GEM_SUBMIT of S BOs never mapped before (S new GPU addresses)
 *   gem-new         S GEM_NEWs, then their S GEM_CLOSEs
 *   outstanding     S submits on one queue queued behind a gate, each
 *                   writing the BO the gate's submit writes (implicit
 *                   sync), each polled with WAIT_FENCE and SUBMITQUEUE_QUERY;
 *                   then the gate opens and all retire
 *   mapped          S submits of one BO each while S other BOs are mapped
 *
 * Raw ioctls only, so the bench needs nothing of the test core.
 *
 * usage: msm_scaling [N]    (default 256; mapped uses N/4)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "bench.h"
#include "drm-uapi/msm_drm.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/pm4_header.h"

#define TARGET "<= 9"
#define BO_SIZE 4096u

struct msm {
	int fd;
	uint32_t queue;
	uint32_t *bos;			/* the series' BOs */
	uint32_t nr_bos;
	struct drm_msm_gem_submit_bo *list;
	uint32_t gate, gate_cmd, target;	/* outstanding: the gate and its BOs */
	volatile uint32_t *gate_map;
};

static uint32_t bo_new(struct msm *m)
{
	struct drm_msm_gem_new req = { .size = BO_SIZE, .flags = MSM_BO_WC };

	bench_ioctl(m->fd, DRM_IOCTL_MSM_GEM_NEW, &req, "GEM_NEW");
	return req.handle;
}

static void bo_close(struct msm *m, uint32_t handle)
{
	struct drm_gem_close req = { .handle = handle };

	bench_ioctl(m->fd, DRM_IOCTL_GEM_CLOSE, &req, "GEM_CLOSE");
}

static uint64_t bo_info(struct msm *m, uint32_t handle, uint32_t info)
{
	struct drm_msm_gem_info req = { .handle = handle, .info = info };

	bench_ioctl(m->fd, DRM_IOCTL_MSM_GEM_INFO, &req, "GEM_INFO");
	return req.value;
}

static void *bo_map(struct msm *m, uint32_t handle)
{
	void *p = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, m->fd,
		       bo_info(m, handle, MSM_INFO_GET_OFFSET));

	if (p == MAP_FAILED)
		bench_die("mmap");
	return p;
}

static uint32_t submit(struct msm *m, const struct drm_msm_gem_submit_bo *bos, uint32_t nr_bos,
		       const struct drm_msm_gem_submit_cmd *cmd)
{
	struct drm_msm_gem_submit req = {
		.flags = MSM_PIPE_3D0, .nr_bos = nr_bos, .nr_cmds = cmd ? 1 : 0,
		.bos = (uintptr_t)bos, .cmds = (uintptr_t)cmd, .queueid = m->queue,
	};

	bench_ioctl(m->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &req, "GEM_SUBMIT");
	return req.fence;
}

/* WAIT_FENCE until @ns from now (0: just ask): 0 or -errno. */
static int wait_fence(struct msm *m, uint32_t fence, int64_t ns)
{
	struct timespec now;
	struct drm_msm_wait_fence req = { .fence = fence, .queueid = m->queue };

	clock_gettime(CLOCK_MONOTONIC, &now);
	req.timeout.tv_sec = now.tv_sec + ns / 1000000000;
	req.timeout.tv_nsec = now.tv_nsec + ns % 1000000000;
	return drmIoctl(m->fd, DRM_IOCTL_MSM_WAIT_FENCE, &req) ? -errno : 0;
}

static void retire(struct msm *m, uint32_t fence)
{
	if (wait_fence(m, fence, 60ll * 1000000000))
		bench_die("WAIT_FENCE");
}

static void query_faults(struct msm *m)
{
	uint32_t faults;
	struct drm_msm_submitqueue_query req = {
		.data = (uintptr_t)&faults, .id = m->queue, .param = MSM_SUBMITQUEUE_PARAM_FAULTS,
		.len = sizeof(faults),
	};

	bench_ioctl(m->fd, DRM_IOCTL_MSM_SUBMITQUEUE_QUERY, &req, "SUBMITQUEUE_QUERY");
}

/* ---- the series' BOs -------------------------------------------------- */

static void bos_new(void *arg, uint64_t n)
{
	struct msm *m = arg;

	m->bos = bench_calloc(n, sizeof(*m->bos));
	m->list = bench_calloc(n, sizeof(*m->list));
	for (uint64_t i = 0; i < n; i++) {
		m->bos[i] = bo_new(m);
		m->list[i] = (struct drm_msm_gem_submit_bo){
			.flags = MSM_SUBMIT_BO_READ, .handle = m->bos[i],
		};
	}
	m->nr_bos = n;
}

static void bos_close(void *arg, uint64_t n)
{
	struct msm *m = arg;

	for (uint32_t i = 0; i < m->nr_bos; i++)
		bo_close(m, m->bos[i]);
	free(m->bos);
	free(m->list);
	m->bos = NULL;
	m->list = NULL;
	m->nr_bos = 0;
}

static void bos_new_mapped(void *arg, uint64_t n)
{
	struct msm *m = arg;

	bos_new(m, n);
	for (uint64_t i = 0; i < n; i++)
		bo_info(m, m->bos[i], MSM_INFO_GET_IOVA);
}

/* ---- submit-bos, first-submit ----------------------------------------- */

static void submit_all_bos(void *arg, uint64_t n)
{
	struct msm *m = arg;

	retire(m, submit(m, m->list, m->nr_bos, NULL));
}

static double submit_bos(void *arg, uint64_t n)
{
	double t;

	bos_new_mapped(arg, n);
	t = bench_median(submit_all_bos, arg, 1, BENCH_RUNS);
	bos_close(arg, n);
	return t;
}

static double first_submit(void *arg, uint64_t n)
{
	return bench_median_around(bos_new, submit_all_bos, bos_close, arg, n, BENCH_RUNS) * n;
}

/* ---- gem-new ---------------------------------------------------------- */

static void gem_new_close(void *arg, uint64_t n)
{
	bos_new(arg, n);
	bos_close(arg, n);
}

static double gem_new(void *arg, uint64_t n)
{
	return bench_median(gem_new_close, arg, n, BENCH_RUNS) * n;
}

/* ---- outstanding ------------------------------------------------------ */

/* A command BO that waits on the GPU until *gate == 1 (CP_WAIT_REG_MEM). */
static void gate_setup(struct msm *m)
{
	uint64_t gate_iova;
	uint32_t *cmd;

	m->gate = bo_new(m);
	m->gate_cmd = bo_new(m);
	m->target = bo_new(m);
	m->gate_map = bo_map(m, m->gate);
	gate_iova = bo_info(m, m->gate, MSM_INFO_GET_IOVA);
	cmd = bo_map(m, m->gate_cmd);
	cmd[0] = pm4_pkt7_hdr(CP_WAIT_REG_MEM, 6);
	cmd[1] = CP_WAIT_REG_MEM_0(.function = WRITE_EQ, .poll = POLL_MEMORY);
	cmd[2] = (uint32_t)gate_iova;
	cmd[3] = (uint32_t)(gate_iova >> 32);
	cmd[4] = 1;		/* reference */
	cmd[5] = ~0u;		/* mask */
	cmd[6] = 16;		/* delay between polls */
	munmap(cmd, BO_SIZE);
}

static void outstanding_run(void *arg, uint64_t n)
{
	struct msm *m = arg;
	const struct drm_msm_gem_submit_bo gated[] = {
		{ .flags = MSM_SUBMIT_BO_READ, .handle = m->gate_cmd },
		{ .flags = MSM_SUBMIT_BO_READ, .handle = m->gate },
		{ .flags = MSM_SUBMIT_BO_WRITE, .handle = m->target },
	};
	const struct drm_msm_gem_submit_bo writer = {
		.flags = MSM_SUBMIT_BO_WRITE, .handle = m->target,
	};
	struct drm_msm_gem_submit_cmd cmd = { .type = MSM_SUBMIT_CMD_BUF, .size = 7 * 4 };
	uint32_t fence = 0;

	*m->gate_map = 0;
	submit(m, gated, 3, &cmd);
	for (uint64_t i = 0; i < n; i++) {
		fence = submit(m, &writer, 1, NULL);
		if (wait_fence(m, fence, 0) != -ETIMEDOUT)
			bench_die("an outstanding submit retired before the gate opened");
		query_faults(m);
	}
	*m->gate_map = 1;
	retire(m, fence);
}

static double outstanding(void *arg, uint64_t n)
{
	return bench_median(outstanding_run, arg, n, BENCH_RUNS) * n;
}

/* ---- mapped ----------------------------------------------------------- */

static void submit_each_alone(void *arg, uint64_t n)
{
	struct msm *m = arg;
	const struct drm_msm_gem_submit_bo one = {
		.flags = MSM_SUBMIT_BO_WRITE, .handle = m->target,
	};
	uint32_t fence = 0;

	for (uint64_t i = 0; i < n; i++)
		fence = submit(m, &one, 1, NULL);
	retire(m, fence);
}

static double mapped(void *arg, uint64_t n)
{
	double t;

	bos_new_mapped(arg, n);
	t = bench_median(submit_each_alone, arg, n, BENCH_RUNS) * n;
	bos_close(arg, n);
	return t;
}

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 256;
	struct msm m = { 0 };

	/* a long hangcheck: the gate holds the GPU while the CPU queues work, which is no hang */
	bench_run_on_model(argv, "msm:a630",
			   (const char *const[]){ "DRMSUB_MODEL_HANGCHECK_MS", "600000", NULL });
	if (n < 4) {
		fprintf(stderr, "usage: %s [N >= 4]\n", argv[0]);
		return 2;
	}
	m.fd = bench_open_render("msm");
	gate_setup(&m);
	bench_series("submit-bos", submit_bos, &m, n, TARGET);
	bench_series("first-submit", first_submit, &m, n, TARGET);
	bench_series("gem-new", gem_new, &m, n, TARGET);
	bench_series("outstanding", outstanding, &m, n, TARGET);
	bench_series("mapped", mapped, &m, n / 4, TARGET);
	return 0;
}

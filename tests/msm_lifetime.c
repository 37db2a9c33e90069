// SPDX-License-Identifier: MIT
/*
 * msm_lifetime: objects closed while work that uses them is in flight — a
 * mapped BO the GPU is about to read, the queue of pending submits, the
 * DRM file itself. Queues and files are refcounted by their submits
 * (msm_submitqueue_put, msm_gem_submit's queue reference), so the work
 * still runs and its fences signal; the program must never crash or hang.
 */
#include <poll.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm BOs, queues and files closed while their submits are in flight.");

static struct msm_device *dev;

static void expect_signalled(int fence_fd)
{
	struct pollfd pfd = { .fd = fence_fd, .events = POLLIN };

	igt_assert_eq(poll(&pfd, 1, 2000), 1);
	close(fence_fd);
}

static int submit_out_fd(struct msm_cs *cs, struct msm_queue *q)
{
	struct msm_submit s = { .flags = MSM_SUBMIT_FENCE_FD_OUT };

	igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
	return s.out_fence_fd;
}

/* Take @bo out of @r's BO table: the command BO, last, moves to its slot. */
static void drop_bo(struct msm_submit_request *r, const struct msm_bo *bo)
{
	uint32_t last = r->req.nr_bos - 1;

	for (uint32_t i = 0; i < last; i++) {
		if (r->bos[i].handle != bo->handle)
			continue;
		r->bos[i] = r->bos[last];
		r->cmd.submit_idx = i;
		r->req.nr_bos = last;
		return;
	}
	igt_assert_f(false, "BO %u is not in the request\n", bo->handle);
}

/*
 * On @q: a submit that waits for gate[0] == 1 and writes @dst[0], then one
 * that implicit sync holds in the scheduler behind it and writes @value.
 */
static void gated_pair(struct msm_queue *q, struct msm_bo *gate, struct msm_bo *dst,
		       uint32_t value, int fds[2], struct msm_cs *cs[2])
{
	cs[0] = gated_write(q->dev, gate, dst, 0, 1);
	cs[1] = msm_cs_new(q->dev, 16);
	msm_cs_mem_write32(cs[1], dst, 0, value);
	fds[0] = submit_out_fd(cs[0], q);
	fds[1] = submit_out_fd(cs[1], q);
}

igt_main
{
	igt_fixture
		dev = msm_device_open();

	igt_describe("a BO closed while a queued submit will read it through the GPU's mapping");
	igt_subtest("close-bo-the-gpu-reads") {
		struct msm_queue *q = msm_queue_new(dev, 0);
		struct msm_bo *gate = msm_bo_new(dev, 4096), *src = msm_bo_new(dev, 4096);
		struct msm_bo *dst = msm_bo_new(dev, 4096);
		struct msm_cs *cs = msm_cs_new(dev, 64), *after = msm_cs_new(dev, 16);
		struct msm_submit_request r;

		msm_bo_write32(src, 0, 0x5ca1ab1e);
		msm_cs_wait_mem(cs, WRITE_EQ, gate, 0, 1, ~0u);
		/* src is mapped but kept out of the submit: only its handle holds it */
		msm_cs_mem_to_mem(cs, false, (struct msm_mem_ref){ dst, 0, false },
				  &(struct msm_mem_ref){ src, 0, false }, NULL, NULL);
		msm_submit_request_init(&r, cs, q);
		drop_bo(&r, src);
		r.req.flags |= MSM_SUBMIT_FENCE_FD_OUT;
		igt_assert_eq(drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &r.req), 0);
		msm_bo_free(src);
		msm_bo_write32(gate, 0, 1);
		/* the model reads the old pages, a kernel faults: either way the fence signals */
		expect_signalled(r.req.fence_fd);
		msm_cs_mem_write32(after, dst, 4, 7);
		msm_cs_submit_wait(after, q, NSEC_PER_SEC);
		igt_assert_eq_u32(msm_bo_read32(dst, 4), 7);
		msm_cs_free(cs);
		msm_cs_free(after);
		msm_bo_free(dst);
		msm_bo_free(gate);
		msm_queue_free(q);
	}

	igt_describe("a queue closed with a submit on the GPU and one waiting behind it");
	igt_subtest("close-queue-in-flight") {
		struct msm_queue *q = msm_queue_new(dev, 0);
		struct msm_bo *gate = msm_bo_new(dev, 4096), *dst = msm_bo_new(dev, 4096);
		struct msm_cs *cs[2];
		int fds[2];

		gated_pair(q, gate, dst, 2, fds, cs);
		/* msm_submitqueue_remove: the submits hold the queue */
		msm_queue_free(q);
		msm_bo_write32(gate, 0, 1);
		expect_signalled(fds[0]);
		expect_signalled(fds[1]);
		igt_assert_eq_u32(msm_bo_read32(dst, 0), 2);
		msm_cs_free(cs[0]);
		msm_cs_free(cs[1]);
		msm_bo_free(gate);
		msm_bo_free(dst);
	}

	igt_describe("the DRM file closed with a submit on the GPU and one waiting behind it");
	igt_subtest("close-file-in-flight") {
		struct msm_device *other = msm_device_open();
		struct msm_queue q0 = { .dev = other, .id = 0 };
		struct msm_bo *gate = msm_bo_new(other, 4096), *dst = msm_bo_new(other, 4096);
		volatile uint32_t *gate_map = msm_bo_map(gate), *dst_map = msm_bo_map(dst);
		struct msm_cs *cs[2];
		int fds[2];

		gated_pair(&q0, gate, dst, 3, fds, cs);
		msm_cs_free(cs[0]);
		msm_cs_free(cs[1]);
		/* the file goes with its handles; the mappings keep the pages */
		msm_device_close(other);
		*gate_map = 1;
		expect_signalled(fds[0]);
		expect_signalled(fds[1]);
		igt_assert_eq_u32(*dst_map, 3);
		/* their handles went with the file: only the wrappers are left */
		munmap((void *)gate_map, 4096);
		munmap((void *)dst_map, 4096);
		free(gate);
		free(dst);
	}

	igt_fixture
		msm_device_close(dev);
}

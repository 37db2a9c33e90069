// SPDX-License-Identifier: MIT
/*
 * msm_sync: how submits order against each other and the CPU — fence fds
 * and syncobjs in and out, implicit sync through the BOs a submit uses,
 * and CPU_PREP on busy BOs (EBUSY vs ETIMEDOUT), all gated on the GPU.
 */
#include <inttypes.h>
#include <poll.h>
#include <unistd.h>

#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm fence fds, syncobjs, implicit sync and CPU_PREP against busy submits.");

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *dst;
static struct msm_cs *cs;	/* one CP_MEM_WRITE into dst */

/*
 * CPU_PREP(@op) with a short deadline on a BO that stays busy. The kernel
 * (msm_gem.c msm_gem_cpu_prep) answers EBUSY, not ETIMEDOUT, when no time
 * remained at entry (timeout_to_jiffies of the deadline is 0): a test
 * preempted between reading the clock and the ioctl meets that on any
 * kernel. An EBUSY is retried only when its deadline is over by the time it
 * returns, each time with twice the time; 10 + 20 + 40 + 80 ms stay inside
 * the hangcheck period that would end the held submit (250 ms in the
 * suite's model, DRM_MSM_HANGCHECK_DEFAULT_PERIOD 500 ms on a board).
 */
static int cpu_prep_on_held(struct msm_bo *bo, uint32_t op)
{
	int ret = -EBUSY;

	for (uint64_t ms = 10; ms <= 80 && ret == -EBUSY; ms *= 2) {
		struct drm_msm_timespec deadline = msm_deadline_in(ms * 1000 * 1000);

		ret = __msm_bo_cpu_prep_at(bo, op, deadline);
		if (ret == -EBUSY && !msm_deadline_passed(deadline))
			break;	/* EBUSY with time left: the kernel's rule broken */
		if (ret == -EBUSY)
			igt_debug("CPU_PREP began after its %" PRIu64 " ms deadline; again\n", ms);
	}
	return ret;
}

igt_main
{
	igt_fixture
		marker_fixture_open(&dev, &q, &dst, &cs);

	/* ---- fences in and out ---------------------------------------------- */

	igt_describe("FENCE_FD_OUT gives a sync_file that signals when the submit is done");
	igt_subtest("out-fence-fd") {
		struct msm_submit s = { .flags = MSM_SUBMIT_FENCE_FD_OUT };
		struct pollfd pfd;

		igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
		igt_assert_fd(s.out_fence_fd);
		pfd = (struct pollfd){ .fd = s.out_fence_fd, .events = POLLIN };
		igt_assert_eq(poll(&pfd, 1, 1000), 1);
		close(s.out_fence_fd);
	}

	igt_describe("FENCE_FD_IN orders a submit on one queue after one on another");
	igt_subtest("in-fence-fd-orders-queues") {
		struct msm_queue *q2 = msm_queue_new(dev, 0);
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_cs *first = gated_write(dev, gate, dst, 0x100, 7), *second = msm_cs_new(dev, 32);
		struct msm_submit a = { .flags = MSM_SUBMIT_FENCE_FD_OUT }, b = { 0 };

		msm_cs_mem_to_mem(second, false, (struct msm_mem_ref){ dst, 0x104, false },
				  &(struct msm_mem_ref){ dst, 0x100, false }, NULL, NULL);
		igt_assert_eq(__msm_cs_submit(first, q, &a), 0);
		b.flags = MSM_SUBMIT_FENCE_FD_IN;
		b.in_fence_fd = a.out_fence_fd;
		igt_assert_eq(__msm_cs_submit(second, q2, &b), 0);
		igt_assert_eq(__msm_wait_fence(q2, b.fence, 10 * 1000 * 1000), -ETIMEDOUT);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(q2, b.fence, NSEC_PER_SEC), 0);
		igt_assert_eq_u32(msm_bo_read32(dst, 0x104), 7);
		close(a.out_fence_fd);
		msm_cs_free(first);
		msm_cs_free(second);
		msm_bo_free(gate);
		msm_queue_free(q2);
	}

	igt_describe("SYNCOBJ_OUT: the syncobj gets the submit's fence");
	igt_subtest("out-syncobj") {
		struct drm_msm_gem_submit_syncobj out = sobj(new_syncobj(dev, false), 0);
		struct msm_submit s = { .flags = MSM_SUBMIT_SYNCOBJ_OUT, .out_syncobjs = &out,
					.nr_out_syncobjs = 1 };

		igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
		igt_assert_eq(drmSyncobjWait(dev->fd, &out.handle, 1, INT64_MAX, 0, NULL), 0);
	}

	igt_describe("SYNCOBJ_IN with RESET: the submit waits for it, then the syncobj is empty");
	igt_subtest("in-syncobj-reset") {
		struct drm_msm_gem_submit_syncobj in = sobj(new_syncobj(dev, true), MSM_SUBMIT_SYNCOBJ_RESET);
		struct msm_submit s = { .flags = MSM_SUBMIT_SYNCOBJ_IN, .in_syncobjs = &in,
					.nr_in_syncobjs = 1 };

		igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
		igt_assert_eq(__msm_wait_fence(q, s.fence, NSEC_PER_SEC), 0);
		/* no fence any more: waiting without WAIT_FOR_SUBMIT is EINVAL */
		igt_assert_eq(drmSyncobjWait(dev->fd, &in.handle, 1, 0, 0, NULL), -EINVAL);
	}

	igt_describe("one syncobj as RESET in-syncobj and as out-syncobj ends with the submit's "
		     "fence: the kernel resets the in-syncobjs before it posts the out ones");
	igt_subtest("in-syncobj-reset-then-out") {
		uint32_t h = new_syncobj(dev, true);
		struct drm_msm_gem_submit_syncobj in = sobj(h, MSM_SUBMIT_SYNCOBJ_RESET);
		struct drm_msm_gem_submit_syncobj out = sobj(h, 0);
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_cs *g = gated_write(dev, gate, dst, 0x1c0, 1);
		struct msm_submit s = { .flags = MSM_SUBMIT_SYNCOBJ_IN | MSM_SUBMIT_SYNCOBJ_OUT,
					.in_syncobjs = &in, .nr_in_syncobjs = 1,
					.out_syncobjs = &out, .nr_out_syncobjs = 1 };

		igt_assert_eq(__msm_cs_submit(g, q, &s), 0);
		/* msm_ioctl_gem_submit: msm_syncobj_reset, then msm_syncobj_process_post_deps */
		igt_assert_eq(drmSyncobjWait(dev->fd, &h, 1, 0, 0, NULL), -ETIME);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(drmSyncobjWait(dev->fd, &h, 1, INT64_MAX, 0, NULL), 0);
		igt_assert_eq(__msm_wait_fence(q, s.fence, NSEC_PER_SEC), 0);
		msm_cs_free(g);
		msm_bo_free(gate);
	}

	igt_describe("DRM_CAP_SYNCOBJ_TIMELINE: msm has timeline syncobjs from 6.15");
	igt_subtest("timeline-cap") {
		uint64_t cap = 0;

		igt_assert_eq(drmGetCap(dev->fd, DRM_CAP_SYNCOBJ_TIMELINE, &cap), 0);
		/* "drm/msm: Expose syncobj timeline support" (6.15): msm_driver.driver_features */
		igt_assert_eq_u64(cap, kernel_has(MSM_TIMELINE_SYNCOBJ) ? 1 : 0);
	}

	/* ---- implicit sync and CPU access -------------------------------------- */

	igt_describe("CPU_PREP(WRITE | NOSYNC) on a BO a busy submit uses is EBUSY");
	igt_subtest("cpu-prep-busy-nosync") {
		struct held_submit busy = held_submit_start(q, dst, 0x180);

		igt_assert_errno(as_errno(__msm_bo_cpu_prep(dst, MSM_PREP_WRITE | MSM_PREP_NOSYNC,
							   NSEC_PER_SEC)), EBUSY,
				 "msm_gem_cpu_prep: busy with no time left (NOSYNC) is EBUSY");
		held_submit_release(&busy);
	}

	igt_describe("CPU_PREP on a busy BO that stays busy until the deadline is ETIMEDOUT");
	igt_subtest("cpu-prep-busy-timeout") {
		struct held_submit busy = held_submit_start(q, dst, 0x184);

		igt_assert_errno(as_errno(cpu_prep_on_held(dst, MSM_PREP_WRITE)), ETIMEDOUT,
				 "msm_gem_cpu_prep: still busy at the deadline is ETIMEDOUT");
		held_submit_release(&busy);
		igt_assert_eq(__msm_bo_cpu_prep(dst, MSM_PREP_WRITE, 0), 0);
	}

	igt_describe("CPU_PREP(READ) waits for writers only: a BO a busy submit reads is ready");
	igt_subtest("cpu-prep-read-of-read-bo") {
		struct msm_bo *gate = msm_bo_new(dev, 4096), *src = msm_bo_new(dev, 4096);
		struct msm_cs *g = msm_cs_new(dev, 64);
		uint32_t fence;

		msm_cs_wait_mem(g, WRITE_EQ, gate, 0, 1, ~0u);
		msm_cs_mem_to_mem(g, false, (struct msm_mem_ref){ dst, 0x188, false },
				  &(struct msm_mem_ref){ src, 0, false }, NULL, NULL);
		fence = msm_cs_submit(g, q);
		igt_assert_eq(__msm_bo_cpu_prep(src, MSM_PREP_READ | MSM_PREP_NOSYNC, 0), 0);
		igt_assert_eq(__msm_bo_cpu_prep(src, MSM_PREP_WRITE | MSM_PREP_NOSYNC, 0), -EBUSY);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		msm_cs_free(g);
		msm_bo_free(src);
		msm_bo_free(gate);
	}

	igt_describe("implicit sync: a submit reading a BO waits for the busy submit writing it");
	igt_subtest("implicit-sync-orders") {
		struct msm_queue *q2 = msm_queue_new(dev, 0);
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_cs *writer = gated_write(dev, gate, dst, 0x1a0, 9), *reader = msm_cs_new(dev, 32);
		uint32_t f1, f2;

		msm_cs_mem_to_mem(reader, false, (struct msm_mem_ref){ dst, 0x1a4, false },
				  &(struct msm_mem_ref){ dst, 0x1a0, false }, NULL, NULL);
		f1 = msm_cs_submit(writer, q);
		f2 = msm_cs_submit(reader, q2);
		igt_assert_eq(__msm_wait_fence(q2, f2, 10 * 1000 * 1000), -ETIMEDOUT);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(q2, f2, NSEC_PER_SEC), 0);
		igt_assert_eq(__msm_wait_fence(q, f1, 0), 0);
		igt_assert_eq_u32(msm_bo_read32(dst, 0x1a4), 9);
		msm_cs_free(writer);
		msm_cs_free(reader);
		msm_bo_free(gate);
		msm_queue_free(q2);
	}

	igt_fixture
		marker_fixture_close(dev, q, dst, cs);
}

// SPDX-License-Identifier: MIT
/*
 * msm_deadlines: the absolute timeouts of WAIT_FENCE and CPU_PREP at the
 * edges of their range. The kernel turns them into ktime with ktime_set
 * (KTIME_MAX from KTIME_SEC_MAX seconds on, wrapping arithmetic below) and
 * waits timeout_to_jiffies of it: a deadline not after now is no wait at
 * all, whatever its sign.
 */
#include <stdint.h>
#include <xf86drm.h>

#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm WAIT_FENCE and CPU_PREP deadlines in the past, far future and beyond ktime.");

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *dst;
static struct msm_cs *cs;	/* one CP_MEM_WRITE into dst */

static int wait_fence_at(uint32_t fence, int64_t sec, int64_t nsec)
{
	struct drm_msm_wait_fence req = {
		.fence = fence, .timeout = { .tv_sec = sec, .tv_nsec = nsec }, .queueid = q->id,
	};

	return drmIoctl(dev->fd, DRM_IOCTL_MSM_WAIT_FENCE, &req) ? -errno : 0;
}

igt_main
{
	igt_fixture
		marker_fixture_open(&dev, &q, &dst, &cs);

	igt_describe("WAIT_FENCE with a deadline before the epoch waits not at all: ETIMEDOUT");
	igt_subtest("wait-fence-deadline-negative") {
		struct held_submit busy = held_submit_start(q, dst, 0x80);

		igt_assert_errno(as_errno(wait_fence_at(busy.fence, -1, 0)), ETIMEDOUT,
				 "msm wait_fence: timeout_to_jiffies of a past ktime is 0, "
				 "dma_fence_wait_timeout 0 is ETIMEDOUT");
		igt_assert_errno(as_errno(wait_fence_at(busy.fence, INT64_MIN, INT64_MIN)), ETIMEDOUT,
				 "ktime_set wraps as the kernel does: still a past deadline");
		held_submit_release(&busy);
	}

	igt_describe("deadlines past KTIME_SEC_MAX are KTIME_MAX: WAIT_FENCE and CPU_PREP wait");
	igt_subtest("deadline-beyond-ktime-max") {
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_cs *g = gated_write(dev, gate, dst, 0x84, 1);
		uint32_t fence;

		igt_assert_eq(wait_fence_at(msm_cs_submit(cs, q), INT64_MAX, INT64_MAX), 0);
		fence = msm_cs_submit(g, q);
		/* only hang recovery ends the gated submit: CPU_PREP must wait until then */
		msm_expect_fault_dmesg();
		igt_assert_eq(__msm_bo_cpu_prep_at(dst, MSM_PREP_WRITE,
						    (struct drm_msm_timespec){ .tv_sec = INT64_MAX }), 0);
		igt_assert_eq(wait_fence_at(fence, INT64_MAX, 0), 0);
		msm_cs_free(g);
		msm_bo_free(gate);
	}

	igt_fixture
		marker_fixture_close(dev, q, dst, cs);
}

// SPDX-License-Identifier: MIT
/*
 * msm_queue: submit queues (msm_submitqueue.c) — priorities, the default
 * queue, closing, the FAULTS query — and the kernel's errno for each bad
 * request.
 */
#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm SUBMITQUEUE_NEW/CLOSE/QUERY: priorities, the default queue and errno.");

static struct msm_device *dev;
static struct msm_queue *q;

igt_main
{
	igt_fixture
		queue_fixture_open(&dev, &q);

	/* ---- submit queues ---------------------------------------------------- */

	igt_describe("every priority below MSM_PARAM_PRIORITIES makes a queue; that one doesn't");
	igt_subtest("queue-priorities") {
		uint32_t id;

		for (uint32_t prio = 0; prio < dev->nr_priorities; prio++) {
			igt_assert_eq(__msm_queue_new(dev, 0, prio, &id), 0);
			igt_assert_eq(__msm_queue_close(dev, id), 0);
		}
		igt_assert_errno(as_errno(__msm_queue_new(dev, 0, dev->nr_priorities, &id)), EINVAL,
				 "msm_gpu_convert_priority: prio > nr_rings * 3 - 1 is EINVAL");
	}

	igt_describe("SUBMITQUEUE_NEW rejects unknown flags");
	igt_subtest("queue-bad-flags") {
		uint32_t id;

		igt_assert_errno(as_errno(__msm_queue_new(dev, 0x80, 0, &id)), EINVAL,
				 "msm_ioctl_submitqueue_new: flags outside MSM_SUBMITQUEUE_FLAGS are EINVAL");
	}

	igt_describe("the default queue 0 cannot be closed");
	igt_subtest("queue-close-default")
		igt_assert_errno(as_errno(__msm_queue_close(dev, 0)), ENOENT,
				 "msm_submitqueue_remove: id 0 is ENOENT");

	igt_describe("closing an unknown queue id");
	igt_subtest("queue-close-unknown")
		igt_assert_errno(as_errno(__msm_queue_close(dev, 0x1234)), ENOENT,
				 "msm_submitqueue_remove: unknown id is ENOENT");

	igt_describe("a new queue has no faults");
	igt_subtest("queue-query-faults") {
		uint32_t faults = 0xffffffff;

		igt_assert_eq(__msm_queue_query_faults(q, &faults), 0);
		igt_assert_eq_u32(faults, 0);
	}

	igt_describe("SUBMITQUEUE_QUERY of an unknown param");
	igt_subtest("queue-query-bad-param") {
		uint32_t faults;
		struct drm_msm_submitqueue_query req = {
			.data = (uintptr_t)&faults, .id = q->id, .param = 7, .len = 4,
		};

		igt_assert_errno(drmIoctl(dev->fd, DRM_IOCTL_MSM_SUBMITQUEUE_QUERY, &req), EINVAL,
				 "msm_submitqueue_query: param != FAULTS is EINVAL");
	}

	igt_describe("SUBMITQUEUE_QUERY of an unknown queue");
	igt_subtest("queue-query-bad-queue") {
		struct msm_queue bad = { .dev = dev, .id = 0x1234 };
		uint32_t faults;

		igt_assert_errno(as_errno(__msm_queue_query_faults(&bad, &faults)), ENOENT,
				 "msm_submitqueue_query: unknown submitqueue id is ENOENT");
	}

	igt_fixture
		queue_fixture_close(dev, q);
}

// SPDX-License-Identifier: MIT
/*
 * msm_isolation: one DRM file cannot reach another's objects. GEM handles
 * are per file (drm_gem_object_lookup), so another file's handle is
 * unknown here; with per-process page tables (a6xx and later) another
 * file's GPU address is not mapped in this file's VM, and a write to it
 * faults instead of landing.
 */
#include <unistd.h>

#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm isolation between DRM files: GEM handles and GPU addresses.");

#define HANG_TIMEOUT (10 * NSEC_PER_SEC)

static struct msm_device *dev, *other;
static struct msm_queue *q;
static struct msm_bo *mine, *theirs;

/*
 * A BO of the other file whose handle and GPU address this file does not
 * have: the other file first takes four handles and 16 MiB of its address
 * space, far more than this file's few small BOs reach.
 */
static struct msm_bo *foreign_bo(void)
{
	struct msm_bo *spare[4], *bo;

	for (int i = 0; i < 4; i++)
		spare[i] = msm_bo_new(other, i ? 4096 : 16 << 20);
	bo = msm_bo_new(other, 4096);
	for (int i = 0; i < 4; i++)
		msm_bo_free(spare[i]);
	return bo;
}

igt_main
{
	igt_fixture {
		dev = msm_device_open();
		other = msm_device_open();
		q = msm_queue_new(dev, 0);
		mine = msm_bo_new(dev, 4096);
		theirs = foreign_bo();
	}

	igt_describe("GEM_INFO on a handle only another file has: unknown here");
	igt_subtest("foreign-handle-info") {
		uint64_t iova;

		igt_assert_eq(__msm_bo_info(dev, theirs->handle, MSM_INFO_GET_IOVA, &iova), -ENOENT);
	}

	igt_describe("a submit naming another file's handle is rejected");
	igt_subtest("foreign-handle-submit") {
		struct msm_cs *cs = msm_cs_new(dev, 16);
		struct msm_submit_request r;

		msm_cs_mem_write32(cs, mine, 0, 1);
		msm_submit_request_init(&r, cs, q);
		r.bos[0].handle = theirs->handle;	/* exists in the other file only */
		igt_assert_errno(drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &r.req), EINVAL,
				 "submit_lookup_objects: a handle this file doesn't have is EINVAL");
		igt_assert_eq_u32(msm_bo_read32(mine, 0), 0);
		msm_cs_free(cs);
	}

	igt_describe("a write to another file's GPU address faults and leaves its BO alone");
	igt_subtest("foreign-iova-faults") {
		struct msm_cs *cs;

		/* msm_iommu: per-process page tables from a6xx on; a5xx shares one */
		igt_require_f(dev->gen >= 6, "a5xx gives every file one shared address space\n");
		igt_require_f(theirs->iova != mine->iova &&
			      (theirs->iova >= mine->iova + mine->size ||
			       theirs->iova + theirs->size <= mine->iova),
			      "the other file's BO sits at this file's address\n");
		cs = msm_cs_new(dev, 16);
		msm_cs_pkt7(cs, CP_MEM_WRITE, 3);
		msm_cs_iova(cs, theirs->iova);
		msm_cs_emit(cs, 0xbad);
		expect_fault(q, cs, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(theirs, 0), 0);
	}

	igt_fixture {
		msm_bo_free(theirs);
		msm_bo_free(mine);
		msm_queue_free(q);
		msm_device_close(other);
		msm_device_close(dev);
	}
}

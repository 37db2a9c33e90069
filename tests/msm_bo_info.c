// SPDX-License-Identifier: MIT
/*
 * msm_bo_info: the GEM_INFO requests msm_gem leaves out — flags, fixed
 * GPU addresses (SET_IOVA), metadata (6.8+) — and CACHED_COHERENT BOs,
 * which only io-coherent chips accept (msm_drv.c, msm_gem.c).
 */
#include <string.h>

#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm GEM_INFO flags, SET_IOVA and metadata; CACHED_COHERENT per chip.");

#define ETOOSMALL 525	/* kernel-internal errno that msm GEM_INFO returns */

static struct msm_device *dev;
static struct msm_bo *bo;

static int info(uint32_t handle, uint32_t what, uint64_t value, uint32_t len, uint32_t *len_out)
{
	struct drm_msm_gem_info req = { .handle = handle, .info = what, .value = value, .len = len };
	int ret = drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_INFO, &req);

	if (len_out)
		*len_out = req.len;
	return ret;
}

igt_main
{
	igt_fixture
		bo_fixture_open(&dev, &bo);

	igt_describe("GET_FLAGS returns the flags the BO was created with");
	igt_subtest("get-flags") {
		struct msm_bo *ro = msm_bo_new_flags(dev, 4096, MSM_BO_WC | MSM_BO_GPU_READONLY);
		uint64_t flags = 0;

		igt_assert_eq(__msm_bo_info(dev, ro->handle, MSM_INFO_GET_FLAGS, &flags), 0);
		igt_assert_eq_u64(flags, MSM_BO_WC | MSM_BO_GPU_READONLY);
		msm_bo_free(ro);
	}

	igt_describe("SET_IOVA places a BO at a free address of the file's VM (a6xx+)");
	igt_subtest("set-iova") {
		uint64_t iova = 0, want;
		uint32_t handle;

		igt_require_f(dev->gen >= 6, "a%uxx has no per-process address space\n", dev->gen);
		want = msm_get_param(dev, MSM_PARAM_VA_START) + (1ull << 30);
		igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &handle), 0);
		igt_assert_eq(info(handle, MSM_INFO_SET_IOVA, want, 0, NULL), 0);
		igt_assert_eq(__msm_bo_info(dev, handle, MSM_INFO_GET_IOVA, &iova), 0);
		igt_assert_eq_u64(iova, want);
	}

	igt_describe("SET_IOVA on a BO that already has another address is EBUSY");
	igt_subtest("set-iova-busy") {
		igt_require_f(dev->gen >= 6, "a%uxx has no per-process address space\n", dev->gen);
		igt_assert_errno(info(bo->handle, MSM_INFO_SET_IOVA, bo->iova + (1ull << 30), 0, NULL),
				 EBUSY, "msm_gem_set_iova: a BO mapped elsewhere is EBUSY");
	}

	igt_describe("SET_IOVA without per-process page tables (a5xx) is EOPNOTSUPP");
	igt_subtest("set-iova-global-vm") {
		igt_require_f(dev->gen == 5, "a%uxx has per-process page tables\n", dev->gen);
		igt_assert_errno(info(bo->handle, MSM_INFO_SET_IOVA, 1ull << 30, 0, NULL), EOPNOTSUPP,
				 "msm_ioctl_gem_info_set_iova: requires per-process pgtables");
	}

	igt_describe("metadata set on a BO reads back; a NULL buffer asks for its size");
	igt_subtest("metadata") {
		char in[] = "drmsub metadata", out[64] = "";
		uint32_t len = 0;

		igt_require_f(kernel_at_least(6, 8), "BO metadata came with 6.8\n");
		igt_assert_eq(info(bo->handle, MSM_INFO_SET_METADATA, (uintptr_t)in, sizeof(in), NULL), 0);
		igt_assert_eq(info(bo->handle, MSM_INFO_GET_METADATA, 0, 0, &len), 0);
		igt_assert_eq_u32(len, sizeof(in));
		igt_assert_eq(info(bo->handle, MSM_INFO_GET_METADATA, (uintptr_t)out, sizeof(out), &len), 0);
		igt_assert(!memcmp(out, in, sizeof(in)));
	}

	igt_describe("before 6.8 SET_METADATA and GET_METADATA are unknown infos: EINVAL");
	igt_subtest("metadata-unknown-before-6-8") {
		char in[] = "drmsub metadata";
		uint32_t len = 0;

		igt_require_f(!kernel_at_least(6, 8), "BO metadata exists from 6.8 on\n");
		igt_assert_errno(info(bo->handle, MSM_INFO_SET_METADATA, (uintptr_t)in, sizeof(in), NULL),
				 EINVAL, "msm_ioctl_gem_info before 6.8: an info its switch lacks is EINVAL");
		igt_assert_errno(info(bo->handle, MSM_INFO_GET_METADATA, 0, 0, &len), EINVAL,
				 "msm_ioctl_gem_info before 6.8: an info its switch lacks is EINVAL");
	}

	igt_describe("GET_METADATA into a buffer shorter than the metadata is ETOOSMALL");
	igt_subtest("metadata-too-small") {
		char in[] = "drmsub metadata", out[4];

		igt_require_f(kernel_at_least(6, 8), "BO metadata came with 6.8\n");
		igt_assert_eq(info(bo->handle, MSM_INFO_SET_METADATA, (uintptr_t)in, sizeof(in), NULL), 0);
		igt_assert_errno(info(bo->handle, MSM_INFO_GET_METADATA, (uintptr_t)out, sizeof(out), NULL),
				 ETOOSMALL, "msm_ioctl_gem_info_get_metadata: a short buffer is ETOOSMALL");
	}

	igt_describe("metadata is limited to 128 bytes");
	igt_subtest("metadata-too-big") {
		char in[129];

		igt_require_f(kernel_at_least(6, 8), "BO metadata came with 6.8\n");
		memset(in, 'm', sizeof(in));
		igt_assert_errno(info(bo->handle, MSM_INFO_SET_METADATA, (uintptr_t)in, sizeof(in), NULL),
				 EOVERFLOW, "msm_ioctl_gem_info_set_metadata: more than 128 bytes is EOVERFLOW");
	}

	igt_describe("CACHED_COHERENT BOs exist only on io-coherent chips (HAS_CACHED_COHERENT)");
	igt_subtest("cached-coherent") {
		/* the modelled/known chips with ADRENO_QUIRK_HAS_CACHED_COHERENT */
		bool coherent = dev->gpu_id == 618 || dev->gpu_id == 660 || dev->gen >= 7 ||
				(uint32_t)dev->chip_id == 0x06090000;
		uint32_t handle;
		int ret = __msm_bo_new(dev, 4096, MSM_BO_CACHED_COHERENT, &handle);

		igt_assert_eq(ret, coherent ? 0 : -EINVAL);
	}

	igt_fixture
		bo_fixture_close(dev, bo);
}

// SPDX-License-Identifier: MIT
/*
 * include/drm-uapi/msm_drm.h against the kernel's ABI: struct sizes and
 * the LP64 ioctl request numbers listed in the kernel's msm_drm.h.
 */
#include <stddef.h>
#include <xf86drm.h>

#include "core/test.h"
#include "drm-uapi/msm_drm.h"

igt_main
{
	igt_describe("every msm UAPI struct has the kernel's size (no implicit padding)");
	igt_subtest("struct-sizes") {
		igt_assert_eq((int)sizeof(struct drm_msm_param), 24);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_new), 16);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_info), 24);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_cpu_prep), 24);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_cpu_fini), 4);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_submit_reloc), 24);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_submit_cmd), 32);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_submit_bo), 16);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_submit_syncobj), 16);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_submit), 72);
		igt_assert_eq((int)sizeof(struct drm_msm_wait_fence), 32);
		igt_assert_eq((int)sizeof(struct drm_msm_gem_madvise), 12);
		igt_assert_eq((int)sizeof(struct drm_msm_submitqueue), 12);
		igt_assert_eq((int)sizeof(struct drm_msm_submitqueue_query), 24);
	}

	igt_describe("the fields older kernels know come first: the 40-byte submit ends at queueid");
	igt_subtest("old-struct-prefixes") {
		igt_assert_eq((int)offsetof(struct drm_msm_gem_submit, in_syncobjs), 40);
		igt_assert_eq((int)offsetof(struct drm_msm_param, len), 16);
		igt_assert_eq((int)offsetof(struct drm_msm_gem_info, len), 16);
	}

	igt_describe("ioctl request numbers match the kernel's on LP64");
	igt_subtest("ioctl-numbers") {
		igt_require_f(sizeof(long) == 8, "the listed numbers are for LP64\n");
		igt_assert_eq_u32(DRM_IOCTL_MSM_GET_PARAM, 0xc0186440);
		igt_assert_eq_u32(DRM_IOCTL_MSM_SET_PARAM, 0x40186441);
		igt_assert_eq_u32(DRM_IOCTL_MSM_GEM_NEW, 0xc0106442);
		igt_assert_eq_u32(DRM_IOCTL_MSM_GEM_INFO, 0xc0186443);
		igt_assert_eq_u32(DRM_IOCTL_MSM_GEM_CPU_PREP, 0x40186444);
		igt_assert_eq_u32(DRM_IOCTL_MSM_GEM_CPU_FINI, 0x40046445);
		igt_assert_eq_u32(DRM_IOCTL_MSM_GEM_SUBMIT, 0xc0486446);
		igt_assert_eq_u32(DRM_IOCTL_MSM_WAIT_FENCE, 0x40206447);
		igt_assert_eq_u32(DRM_IOCTL_MSM_GEM_MADVISE, 0xc00c6448);
		igt_assert_eq_u32(DRM_IOCTL_MSM_SUBMITQUEUE_NEW, 0xc00c644a);
		igt_assert_eq_u32(DRM_IOCTL_MSM_SUBMITQUEUE_CLOSE, 0x4004644b);
		igt_assert_eq_u32(DRM_IOCTL_MSM_SUBMITQUEUE_QUERY, 0x4018644c);
	}
}

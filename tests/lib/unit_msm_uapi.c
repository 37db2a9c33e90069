// SPDX-License-Identifier: MIT
/*
 * include/drm-uapi/msm_drm.h against the kernel's ABI: struct sizes and
 * the LP64 ioctl request numbers listed in the kernel's msm_drm.h; and the
 * wrapper's reading of chip ids.
 */
#include <stddef.h>
#include <xf86drm.h>

#include "core/test.h"
#include "drm-uapi/msm_drm.h"
#include "msm/msm.h"

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
		/* 6.17 */
		igt_assert_eq((int)sizeof(struct drm_msm_syncobj), 16);
		igt_assert_eq((int)sizeof(struct drm_msm_vm_bind_op), 40);
		igt_assert_eq((int)sizeof(struct drm_msm_vm_bind), 88);
		igt_assert_eq((int)offsetof(struct drm_msm_vm_bind, op), 48);
		igt_assert_eq((int)offsetof(struct drm_msm_vm_bind, ops), 48);
		igt_assert_eq((int)offsetof(struct drm_msm_gem_submit_cmd, iova), 24);
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
		igt_assert_eq_u32(DRM_IOCTL_MSM_VM_BIND, 0xc058644d);
	}

	/* chip ids from the kernel's GPU catalog (a6xx_catalog.c, adreno_device.c) */
	igt_describe("the generation comes from the chip id, new-style ids included");
	igt_subtest("chip-generation") {
		igt_assert_eq(msm_chip_generation(0x05030002), 5);	/* a530 */
		igt_assert_eq(msm_chip_generation(0x06010800), 6);	/* a618 */
		igt_assert_eq(msm_chip_generation(0x06030002), 6);	/* a630 */
		igt_assert_eq(msm_chip_generation(0x06090000), 6);	/* a690 */
		igt_assert_eq(msm_chip_generation(0x07030001), 7);	/* a730 */
		igt_assert_eq(msm_chip_generation(0x43050a01), 7);	/* a740 */
		igt_assert_eq(msm_chip_generation(0x43051401), 7);	/* a750 */
		/* a speed bin may sit above bit 32 */
		igt_assert_eq(msm_chip_generation(0xffff43050a01ull), 7);
	}
}

// SPDX-License-Identifier: MIT
/*
 * msm_params: GET_PARAM and SET_PARAM (msm_drv.c msm_ioctl_get_param →
 * adreno_get_param) — the GPU's identity, its timestamp and address
 * space, fault counters, and the kernel's errno for each bad request.
 */
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "msm/msm.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("msm GET_PARAM/SET_PARAM: identity, timestamp, address space, fault "
		     "counter and the errno of each invalid request.");

static struct msm_device *dev;

static int param_ioctl(unsigned long req, uint32_t pipe, uint32_t param, uint64_t value,
		       uint32_t len, uint32_t pad)
{
	struct drm_msm_param p = { .pipe = pipe, .param = param, .value = value, .len = len,
				   .pad = pad };

	return drmIoctl(dev->fd, req, &p);
}

/*
 * GET_PARAM/SET_PARAM requests one field off a valid GET of GPU_ID, each
 * EINVAL by the kernel rule named beside it.
 */
static const struct bad_param {
	const char *name, *what;
	unsigned long ioctl;
	struct drm_msm_param p;
	const char *rule;
} bad_params[] = {
	{ "bad-pipe", "GET_PARAM takes only the 3D pipe", DRM_IOCTL_MSM_GET_PARAM,
	  { .pipe = MSM_PIPE_2D0, .param = MSM_PARAM_GPU_ID },
	  "msm_ioctl_get_param: pipe != MSM_PIPE_3D0 is EINVAL" },
	{ "bad-pad", "GET_PARAM checks pad", DRM_IOCTL_MSM_GET_PARAM,
	  { .pipe = MSM_PIPE_3D0, .param = MSM_PARAM_GPU_ID, .pad = 1 },
	  "msm_ioctl_get_param: pad != 0 is EINVAL" },
	{ "bad-len", "value params take no length", DRM_IOCTL_MSM_GET_PARAM,
	  { .pipe = MSM_PIPE_3D0, .param = MSM_PARAM_GPU_ID, .len = 4 },
	  "adreno_get_param: len != 0 is EINVAL" },
	{ "unknown-param", "an unknown param", DRM_IOCTL_MSM_GET_PARAM,
	  { .pipe = MSM_PIPE_3D0, .param = 0x1234 },
	  "adreno_get_param: an unknown param is EINVAL" },
	{ "set-unknown-param", "SET_PARAM of a param that cannot be set", DRM_IOCTL_MSM_SET_PARAM,
	  { .pipe = MSM_PIPE_3D0, .param = MSM_PARAM_GPU_ID },
	  "adreno_set_param: a read-only param is EINVAL" },
};

igt_main
{
	igt_fixture
		dev = msm_device_open();

	igt_describe("GPU_ID is the chip's revn where it has one; it matches the chip id's digits");
	igt_subtest("identity") {
		uint32_t chip = (uint32_t)dev->chip_id;

		igt_assert_neq_u32(chip, 0);
		if (dev->gpu_id) {
			unsigned int core = chip >> 24, major = (chip >> 16) & 0xff,
				     minor = (chip >> 8) & 0xff;

			igt_assert_eq_u32(dev->gpu_id, core * 100 + major * 10 + minor);
		}
	}

	igt_describe("GMEM size and MSM_PARAM_PRIORITIES (rings x 3) are set");
	igt_subtest("gmem-and-priorities") {
		igt_assert_lt_u64(0, dev->gmem_size);
		igt_assert_eq_u32(dev->nr_priorities % 3, 0);
		igt_assert_lt_u32(0, dev->nr_priorities);
	}

	igt_describe("MSM_PARAM_TIMESTAMP (the always-on counter) moves forward");
	igt_subtest("timestamp-increases") {
		uint64_t a = msm_get_param(dev, MSM_PARAM_TIMESTAMP), b;
		double end = drmsub_now() + 1;

		do
			b = msm_get_param(dev, MSM_PARAM_TIMESTAMP);
		while (b == a && drmsub_now() < end);
		igt_assert_lt_u64(a, b);
	}

	igt_describe("a new file has no faults");
	igt_subtest("faults-zero") {
		igt_assert_eq_u64(msm_get_param(dev, MSM_PARAM_FAULTS), 0);
	}

	igt_describe("a6xx+ files have their own address space (VA_START/VA_SIZE); a5xx has none");
	igt_subtest("va-range") {
		struct msm_bo *bo;

		if (dev->gen < 6) {
			igt_assert_errno(param_ioctl(DRM_IOCTL_MSM_GET_PARAM, MSM_PIPE_3D0,
						     MSM_PARAM_VA_START, 0, 0, 0), EINVAL,
					 "adreno_get_param: VA_START without per-process pgtables is EINVAL");
		} else {
			bo = msm_bo_new(dev, 4096);
			igt_assert_lt_u64(0, msm_get_param(dev, MSM_PARAM_VA_SIZE));
			igt_assert_lte_u64(msm_get_param(dev, MSM_PARAM_VA_START), bo->iova);
			msm_bo_free(bo);
		}
	}

	array_for_each(b, bad_params) {
		igt_describe(b->what);
		igt_subtest(b->name)
			igt_assert_errno(param_ioctl(b->ioctl, b->p.pipe, b->p.param, 0, b->p.len,
						     b->p.pad), EINVAL, b->rule);
	}

	igt_describe("SET_PARAM(SYSPROF) needs perfmon_capable()");
	igt_subtest("set-sysprof-unprivileged") {
		igt_require_f(geteuid() != 0, "running as root\n");
		igt_assert_errno(param_ioctl(DRM_IOCTL_MSM_SET_PARAM, MSM_PIPE_3D0,
					     MSM_PARAM_SYSPROF, 1, 0, 0), EPERM,
				 "adreno_set_param: SYSPROF without perfmon_capable() is EPERM");
	}

	igt_describe("SET_PARAM(SYSPROF) from a perfmon-capable process, up to level 2");
	igt_subtest("set-sysprof-privileged") {
		igt_require_f(geteuid() == 0, "not running as root\n");
		igt_assert_eq(param_ioctl(DRM_IOCTL_MSM_SET_PARAM, MSM_PIPE_3D0, MSM_PARAM_SYSPROF,
					  1, 0, 0), 0);
		igt_assert_errno(param_ioctl(DRM_IOCTL_MSM_SET_PARAM, MSM_PIPE_3D0,
					     MSM_PARAM_SYSPROF, 3, 0, 0), EINVAL,
				 "msm_context_set_sysprof: a level above 2 is EINVAL");
	}

	igt_describe("SET_PARAM(COMM) takes a process name string");
	igt_subtest("set-comm") {
		char comm[] = "drmsub";

		igt_assert_eq(param_ioctl(DRM_IOCTL_MSM_SET_PARAM, MSM_PIPE_3D0, MSM_PARAM_COMM,
					  (uintptr_t)comm, sizeof(comm) - 1, 0), 0);
	}

	igt_fixture
		msm_device_close(dev);
}

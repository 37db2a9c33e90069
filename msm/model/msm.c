// SPDX-License-Identifier: MIT
/*
 * msm in the device model: identity (drm_driver of msm_drv.c) and chips.
 * The modelled msm DRM device is a headless GPU-only device (the DRM device
 * bound to the GPU node itself, no MDSS/KMS), so it has no KMS features.
 * Only GEM_NEW is here yet; the rest of the msm UAPI comes with the msm
 * model proper.
 */
#include <errno.h>
#include <drm.h>
#include <msm_drm.h>

#include "model/driver.h"

static const char *const a630_compat[] = { "qcom,adreno-630.2", "qcom,adreno", NULL };
static const char *const a618_compat[] = { "qcom,adreno-618.0", "qcom,adreno", NULL };

static const struct model_chip msm_chips[] = {
	{ .name = "a630", .marketing = "Adreno 630 (SDM845)", .bus = MODEL_BUS_PLATFORM,
	  .of_fullname = "/soc@0/gpu@5000000", .sysfs_name = "5000000.gpu",
	  .compatible = a630_compat },
	{ .name = "a618", .marketing = "Adreno 618 (SC7180)", .bus = MODEL_BUS_PLATFORM,
	  .of_fullname = "/soc@0/gpu@5000000", .sysfs_name = "5000000.gpu",
	  .compatible = a618_compat },
};

#define MSM_BO_CACHE_FLAGS 0x000f0000
#define MSM_BO_VALID_FLAGS (MSM_BO_SCANOUT | MSM_BO_GPU_READONLY | MSM_BO_CACHE_FLAGS)

/*
 * msm_ioctl_gem_new: unknown flags, then a zero size, then the cache mode
 * (exactly one of CACHED, WC, UNCACHED; CACHED_COHERENT needs an
 * io-coherent SoC, which the modelled ones are not), all EINVAL.
 */
static int msm_gem_new(struct model_file *file, void *data)
{
	struct drm_msm_gem_new *args = data;
	uint64_t size = MODEL_PAGE_ALIGN(args->size);

	if (args->flags & ~MSM_BO_VALID_FLAGS)
		return -EINVAL;
	if (!size)
		return -EINVAL;
	switch (args->flags & MSM_BO_CACHE_FLAGS) {
	case MSM_BO_CACHED:
	case MSM_BO_WC:
	case MSM_BO_UNCACHED:
		break;
	default:
		return -EINVAL;
	}
	return model_gem_create(file, size, &args->handle, NULL);
}

static const struct model_ioctl_desc msm_ioctls[] = {
	[DRM_MSM_GEM_NEW] = MODEL_IOCTL(DRM_IOCTL_MSM_GEM_NEW, msm_gem_new, MODEL_RENDER_ALLOW),
};

/* MSM_VERSION_MINOR by kernel release (msm_drv.c history). */
static void msm_version(const struct model_device *dev, struct model_version *v)
{
	v->major = 1;
	v->minor = model_kernel_at_least(6, 17) ? 13 : model_kernel_at_least(6, 10) ? 12 :
		   model_kernel_at_least(6, 6) ? 11 : 10;
	v->patchlevel = 0;
	v->date = model_kernel_at_least(6, 14) ? "0" : "20130625";
}

/* Timeline syncobjs came to msm with the VM_BIND series (6.17). */
static unsigned int msm_kernel_features(const struct model_device *dev)
{
	return model_kernel_at_least(6, 17) ? MODEL_FEAT_SYNCOBJ_TIMELINE : 0;
}

static const struct model_driver msm_model_driver = {
	.name = "msm",
	.desc = "MSM Snapdragon DRM",
	.features = MODEL_FEAT_GEM | MODEL_FEAT_RENDER | MODEL_FEAT_SYNCOBJ,
	.chips = msm_chips,
	.nr_chips = sizeof(msm_chips) / sizeof(msm_chips[0]),
	.ioctls = msm_ioctls,
	.num_ioctls = sizeof(msm_ioctls) / sizeof(msm_ioctls[0]),
	.version = msm_version,
	.kernel_features = msm_kernel_features,
};
MODEL_DRIVER(msm_model_driver);

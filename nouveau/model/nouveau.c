// SPDX-License-Identifier: MIT
/*
 * nouveau in the device model: identity (nouveau_drm.c driver_stub) and
 * chips: GM107 on PCI, GM20B as the Tegra X1 platform device. Only
 * GEM_NEW is here yet.
 */
#include <errno.h>
#include <stdint.h>
#include <drm.h>
#include <nouveau_drm.h>

#include "model/driver.h"

static const char *const gm20b_compat[] = { "nvidia,gm20b", NULL };

static const struct model_chip nouveau_chips[] = {
	{ .name = "gm107", .marketing = "GeForce GTX 750 (GM107)", .bus = MODEL_BUS_PCI,
	  .vendor = 0x10de, .device = 0x1381, .subvendor = 0x10de, .subdevice = 0x1381,
	  .revision = 0xa2, .pci_class = 0x030000 },
	{ .name = "gm20b", .marketing = "Tegra X1 GPU (GM20B)", .bus = MODEL_BUS_PLATFORM,
	  .of_fullname = "/gpu@57000000", .sysfs_name = "57000000.gpu",
	  .compatible = gm20b_compat },
};

#define DRM_IOCTL_NOUVEAU_GEM_NEW_ \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_NEW, struct drm_nouveau_gem_new)

/* nouveau_gem_ioctl_new: a zero size is refused by nouveau_bo_alloc. */
static int nouveau_gem_new(struct model_file *file, void *data)
{
	struct drm_nouveau_gem_new *req = data;
	uint64_t size = MODEL_PAGE_ALIGN(req->info.size);
	struct model_bo *bo;
	int ret;

	if (!size)
		return -EINVAL;
	ret = model_gem_create(file, size, &req->info.handle, &bo);
	if (ret)
		return ret;
	req->info.size = size;
	req->info.map_handle = model_bo_mmap_offset(bo);
	req->info.domain = NOUVEAU_GEM_DOMAIN_GART;
	return 0;
}

static const struct model_ioctl_desc nouveau_ioctls[] = {
	[DRM_NOUVEAU_GEM_NEW] = MODEL_IOCTL(DRM_IOCTL_NOUVEAU_GEM_NEW_, nouveau_gem_new,
					    MODEL_AUTH | MODEL_RENDER_ALLOW),
};

/* 1.4.0 came with VM_BIND/EXEC in 6.6. */
static void nouveau_version(const struct model_device *dev, struct model_version *v)
{
	bool uvmm = model_kernel_at_least(6, 6);

	v->major = 1;
	v->minor = uvmm ? 4 : 3;
	v->patchlevel = uvmm ? 0 : 1;
	v->date = model_kernel_at_least(6, 14) ? "0" : "20120801";
}

/* Syncobjs (binary and timeline) came to nouveau with VM_BIND/EXEC in 6.6. */
static unsigned int nouveau_kernel_features(const struct model_device *dev)
{
	return model_kernel_at_least(6, 6) ? MODEL_FEAT_SYNCOBJ | MODEL_FEAT_SYNCOBJ_TIMELINE : 0;
}

static const struct model_driver nouveau_model_driver = {
	.name = "nouveau",
	.desc = "nVidia Riva/TNT/GeForce/Quadro/Tesla/Tegra K1+",
	.features = MODEL_FEAT_GEM | MODEL_FEAT_RENDER | MODEL_FEAT_MODESET | MODEL_FEAT_ATOMIC,
	.kernel_features = nouveau_kernel_features,
	.chips = nouveau_chips,
	.nr_chips = sizeof(nouveau_chips) / sizeof(nouveau_chips[0]),
	.ioctls = nouveau_ioctls,
	.num_ioctls = sizeof(nouveau_ioctls) / sizeof(nouveau_ioctls[0]),
	.version = nouveau_version,
};
MODEL_DRIVER(nouveau_model_driver);

// SPDX-License-Identifier: MIT
/*
 * radeon in the device model: identity (radeon_drv.c kms_driver) and R300
 * family chips with ids from the kernel's radeon PCI id list. Subsystem
 * ids follow ATI's reference boards (1002:<device>); board vendors differ. radeon has
 * no syncobj support (no DRIVER_SYNCOBJ). Only GEM_CREATE is here yet.
 */
#include <errno.h>
#include <stdint.h>
#include <drm.h>
#include <radeon_drm.h>

#include "model/driver.h"

static const struct model_chip radeon_chips[] = {
	{ .name = "rv350", .marketing = "Radeon 9600 (RV350 AP)", .bus = MODEL_BUS_PCI,
	  .vendor = 0x1002, .device = 0x4150, .subvendor = 0x1002, .subdevice = 0x4150,
	  .pci_class = 0x030000 },
	{ .name = "r300", .marketing = "Radeon 9500 (R300 AD)", .bus = MODEL_BUS_PCI,
	  .vendor = 0x1002, .device = 0x4144, .subvendor = 0x1002, .subdevice = 0x4144,
	  .pci_class = 0x030000 },
	{ .name = "rv380", .marketing = "Radeon X600 (RV380 3E50)", .bus = MODEL_BUS_PCI,
	  .vendor = 0x1002, .device = 0x3e50, .subvendor = 0x1002, .subdevice = 0x3e50,
	  .pci_class = 0x030000 },
};

/* radeon_gem_create_ioctl: the size is rounded up to pages. */
static int radeon_gem_create(struct model_file *file, void *data)
{
	struct drm_radeon_gem_create *args = data;

	args->size = MODEL_PAGE_ALIGN(args->size);
	return model_gem_create(file, args->size, &args->handle, NULL);
}

static const struct model_ioctl_desc radeon_ioctls[] = {
	[DRM_RADEON_GEM_CREATE] = MODEL_IOCTL(DRM_IOCTL_RADEON_GEM_CREATE, radeon_gem_create,
					      MODEL_AUTH | MODEL_RENDER_ALLOW),
};

static void radeon_version(const struct model_device *dev, struct model_version *v)
{
	v->major = 2;
	v->minor = 50;
	v->patchlevel = 0;
	v->date = model_kernel_at_least(6, 14) ? "0" : "20080528";
}

static const struct model_driver radeon_model_driver = {
	.name = "radeon",
	.desc = "ATI Radeon",
	.features = MODEL_FEAT_GEM | MODEL_FEAT_RENDER | MODEL_FEAT_MODESET,
	.chips = radeon_chips,
	.nr_chips = sizeof(radeon_chips) / sizeof(radeon_chips[0]),
	.ioctls = radeon_ioctls,
	.num_ioctls = sizeof(radeon_ioctls) / sizeof(radeon_ioctls[0]),
	.version = radeon_version,
};
MODEL_DRIVER(radeon_model_driver);

// SPDX-License-Identifier: MIT
/*
 * radeon in the device model: identity (radeon_drv.c kms_driver), the
 * R300-family chips with ids from the kernel's radeon PCI id list, and the
 * KMS ioctl table (radeon_kms.c radeon_ioctls_kms). Subsystem ids follow
 * ATI's reference boards (1002:<device>); board vendors differ. radeon has
 * no syncobj support (no DRIVER_SYNCOBJ). The legacy UMS ioctls (0x00-0x1b)
 * have no handler, so they fail with -EINVAL as drm_invalid_op does; so do
 * GEM_PREAD/PWRITE (-ENOSYS, later -EOPNOTSUPP, then removed: not modelled).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <drm.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"
#include "util/util.h"

/*
 * r300_gpu_init: R300 and R350 have two GB pipes except the R300 AD
 * (0x4144) and R350 AH (0x4148); RV350/RV370/RV380 one; one Z pipe.
 * rv515_gpu_init (r420_pipes_init): RV515 one pipe, one Z pipe.
 */
static const struct radeon_chip_info rv350_info = { .family = RV350, .num_gb_pipes = 1, .num_z_pipes = 1 };
static const struct radeon_chip_info r300_info = { .family = R300, .num_gb_pipes = 1, .num_z_pipes = 1 };
static const struct radeon_chip_info rv380_info = { .family = RV380, .num_gb_pipes = 1, .num_z_pipes = 1 };
static const struct radeon_chip_info rv515_info = { .family = RV515, .num_gb_pipes = 1, .num_z_pipes = 1 };

/* A VGA-class (0x030000) ATI part on its reference board: subsystem 1002:<device>. */
#define ATI_REFERENCE_BOARD(n, board, dev, info)                                       \
	{ .name = n, .marketing = board, .bus = MODEL_BUS_PCI, .vendor = 0x1002,       \
	  .device = dev, .subvendor = 0x1002, .subdevice = dev, .pci_class = 0x030000, \
	  .data = &info }

static const struct model_chip radeon_chips[] = {
	ATI_REFERENCE_BOARD("rv350", "Radeon 9600 (RV350 AP)", 0x4150, rv350_info),
	ATI_REFERENCE_BOARD("r300", "Radeon 9500 (R300 AD)", 0x4144, r300_info),
	ATI_REFERENCE_BOARD("rv380", "Radeon X600 (RV380 3E50)", 0x3e50, rv380_info),
	ATI_REFERENCE_BOARD("rv515", "Radeon X1300 (RV515 7142)", 0x7142, rv515_info),
};

struct radeon_mdev *radeon_mdev(struct model_file *file)
{
	return model_device_priv(model_file_device(file));
}

struct radeon_mbo *radeon_mbo_aligned(struct model_bo *bo, uint64_t align)
{
	struct radeon_mbo *mbo = model_bo_priv(bo);

	if (!mbo) {
		mbo = calloc(1, sizeof(*mbo));
		if (!mbo)
			return NULL;
		mbo->rdev = model_device_priv(bo->dev);
		if (radeon_place(mbo->rdev, model_bo_size(bo), align, &mbo->gpu_offset)) {
			free(mbo);
			return NULL;
		}
		mbo->domain = RADEON_GEM_DOMAIN_GTT;
		model_bo_set_priv(bo, mbo);
	}
	return mbo;
}

struct radeon_mbo *radeon_mbo(struct model_bo *bo)
{
	return radeon_mbo_aligned(bo, MODEL_PAGE_SIZE);
}

static int radeon_device_init(struct model_device *dev)
{
	struct radeon_mdev *rdev = calloc(1, sizeof(*rdev));

	if (!rdev)
		return -ENOMEM;
	rdev->gpu = calloc(1, sizeof(*rdev->gpu));
	if (!rdev->gpu) {
		free(rdev);
		return -ENOMEM;
	}
	rdev->info = model_device_chip(dev)->data;
	model_device_set_priv(dev, rdev);
	return 0;
}

/* radeon_driver_postclose_kms: a closing file gives up Hyper-Z and CMASK. */
static void radeon_file_close(struct model_file *file)
{
	struct radeon_mdev *rdev = radeon_mdev(file);

	if (rdev->hyperz_filp == file)
		rdev->hyperz_filp = NULL;
	if (rdev->cmask_filp == file)
		rdev->cmask_filp = NULL;
}

static void radeon_bo_free(struct model_bo *bo)
{
	struct radeon_mbo *mbo = model_bo_priv(bo);

	if (!mbo)
		return;
	model_fence_put(mbo->fence);
	radeon_unplace(mbo->rdev, mbo->gpu_offset);
	free(mbo);
	model_bo_set_priv(bo, NULL);
}

#define RADEON_IOCTL(n, fn) \
	[DRM_RADEON_##n] = MODEL_IOCTL("DRM_IOCTL_RADEON_" #n, DRM_IOCTL_RADEON_##n, fn, \
				       MODEL_AUTH | MODEL_RENDER_ALLOW)

static const struct model_ioctl_desc radeon_ioctls[] = {
	RADEON_IOCTL(GEM_INFO, radeon_gem_info_ioctl),
	RADEON_IOCTL(GEM_CREATE, radeon_gem_create_ioctl),
	RADEON_IOCTL(GEM_MMAP, radeon_gem_mmap_ioctl),
	RADEON_IOCTL(GEM_SET_DOMAIN, radeon_gem_set_domain_ioctl),
	RADEON_IOCTL(GEM_WAIT_IDLE, radeon_gem_wait_idle_ioctl),
	RADEON_IOCTL(CS, radeon_cs_ioctl),
	RADEON_IOCTL(INFO, radeon_info_ioctl),
	RADEON_IOCTL(GEM_SET_TILING, radeon_gem_set_tiling_ioctl),
	RADEON_IOCTL(GEM_GET_TILING, radeon_gem_get_tiling_ioctl),
	RADEON_IOCTL(GEM_BUSY, radeon_gem_busy_ioctl),
	RADEON_IOCTL(GEM_VA, radeon_gem_va_ioctl),
	RADEON_IOCTL(GEM_OP, radeon_gem_op_ioctl),
	RADEON_IOCTL(GEM_USERPTR, radeon_gem_userptr_ioctl),
};

static void radeon_version(const struct model_device *dev, struct model_version *v)
{
	v->major = 2;
	v->minor = 50;
	v->patchlevel = 0;
	v->date = "20080528";
}

static const struct model_driver radeon_model_driver = {
	.name = "radeon",
	.hangcheck_ms = 10000,	/* radeon_lockup_timeout's default */
	.desc = "ATI Radeon",
	.features = MODEL_FEAT_GEM | MODEL_FEAT_RENDER | MODEL_FEAT_MODESET,
	.chips = radeon_chips,
	.nr_chips = ARRAY_SIZE(radeon_chips),
	.ioctls = radeon_ioctls,
	.num_ioctls = ARRAY_SIZE(radeon_ioctls),
	.version = radeon_version,
	.device_init = radeon_device_init,
	.file_close = radeon_file_close,
	.bo_free = radeon_bo_free,
	.recover = radeon_recover,
};
MODEL_DRIVER(radeon_model_driver);

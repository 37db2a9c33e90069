// SPDX-License-Identifier: MIT
/*
 * DRM_RADEON_INFO and DRM_RADEON_GEM_INFO (radeon_kms.c radeon_info_ioctl,
 * radeon_gem.c radeon_gem_info_ioctl) for R300-R500 chips.
 *
 * INFO's value is a user pointer: the answer is written through it (4
 * bytes, 8 for the 64-bit requests) and a few requests read their input
 * from it first; a bad pointer is -EFAULT, an unknown request or one the
 * family lacks (R600+, SI+) -EINVAL.
 */
#include <errno.h>
#include <stdint.h>
#include <drm.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"

#define MODEL_VRAM_SIZE (128ull << 20)
#define MODEL_GTT_SIZE (512ull << 20)	/* radeon.gartsize default */
#define MODEL_XTAL_KHZ 27000		/* spll.reference_freq 2700 (10 kHz units) * 10 */
#define MODEL_SCLK_KHZ 400000		/* pm.default_sclk * 10 */

/* radeon_set_filp_rights: request (1) or release (0) an exclusive right. */
static void set_filp_rights(struct model_file **owner, struct model_file *filp, uint32_t *value)
{
	if (*value == 1) {
		if (!*owner)
			*owner = filp;
	} else if (*value == 0) {
		if (*owner == filp)
			*owner = NULL;
	}
	*value = *owner == filp ? 1 : 0;
}

static int read_input(const struct drm_radeon_info *info, uint32_t *value)
{
	return model_copy_from_user(value, (void *)(uintptr_t)info->value, sizeof(*value));
}

int radeon_info_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_info *info = data;
	struct radeon_mdev *rdev = radeon_mdev(file);
	const struct model_chip *chip = model_device_chip(model_file_device(file));
	uint32_t value = 0;
	uint64_t value64 = 0;
	bool is64 = false;
	int r;

	switch (info->request) {
	case RADEON_INFO_DEVICE_ID:
		value = chip->device;
		break;
	case RADEON_INFO_NUM_GB_PIPES:
		value = rdev->info->num_gb_pipes;
		break;
	case RADEON_INFO_NUM_Z_PIPES:
		value = rdev->info->num_z_pipes;
		break;
	case RADEON_INFO_ACCEL_WORKING:
	case RADEON_INFO_ACCEL_WORKING2:
		value = 1;
		break;
	case RADEON_INFO_CRTC_FROM_ID:
		if (read_input(info, &value))
			return -EFAULT;
		/* the model has no CRTCs: every id is unknown */
		return radeon_reject(-EINVAL, "unknown crtc id %u", value);
	case RADEON_INFO_WANT_HYPERZ:
	case RADEON_INFO_WANT_CMASK:
		if (read_input(info, &value))
			return -EFAULT;
		if (value >= 2)
			return radeon_reject(-EINVAL, "WANT_HYPERZ/CMASK: invalid value %u", value);
		set_filp_rights(info->request == RADEON_INFO_WANT_HYPERZ ? &rdev->hyperz_filp
									  : &rdev->cmask_filp,
				file, &value);
		break;
	case RADEON_INFO_CLOCK_CRYSTAL_FREQ:
		value = MODEL_XTAL_KHZ;
		break;
	case RADEON_INFO_FUSION_GART_WORKING:
	case RADEON_INFO_SI_CP_DMA_COMPUTE:
		value = 1;
		break;
	case RADEON_INFO_MAX_SE:
		value = 1;
		break;
	case RADEON_INFO_FASTFB_WORKING:
		value = 0;
		break;
	case RADEON_INFO_RING_WORKING:
		if (read_input(info, &value))
			return -EFAULT;
		switch (value) {
		case RADEON_CS_RING_GFX:
		case RADEON_CS_RING_COMPUTE:
			value = 1;
			break;
		case RADEON_CS_RING_DMA:
		case RADEON_CS_RING_UVD:
		case RADEON_CS_RING_VCE:
			value = 0;	/* no such ring before R600 */
			break;
		default:
			return radeon_reject(-EINVAL, "RING_WORKING: unknown ring %u", value);
		}
		break;
	case RADEON_INFO_MAX_SCLK:
		value = MODEL_SCLK_KHZ;
		break;
	case RADEON_INFO_VCE_FW_VERSION:
	case RADEON_INFO_VCE_FB_VERSION:
		value = 0;
		break;
	case RADEON_INFO_NUM_BYTES_MOVED:
	case RADEON_INFO_VRAM_USAGE:
	case RADEON_INFO_GTT_USAGE:
		is64 = true;
		value64 = 0;
		break;
	case RADEON_INFO_GPU_RESET_COUNTER:
		value = rdev->gpu_reset_counter;
		break;
	/* R600 and later only */
	case RADEON_INFO_TILING_CONFIG:
	case RADEON_INFO_NUM_BACKENDS:
	case RADEON_INFO_NUM_TILE_PIPES:
	case RADEON_INFO_BACKEND_MAP:
	case RADEON_INFO_MAX_PIPES:
	case RADEON_INFO_TIMESTAMP:
		return radeon_reject(-EINVAL, "INFO request %u is r6xx+ only", info->request);
	/* Cayman / SI / CIK and later only */
	case RADEON_INFO_VA_START:
	case RADEON_INFO_IB_VM_MAX_SIZE:
	case RADEON_INFO_MAX_SH_PER_SE:
	case RADEON_INFO_SI_TILE_MODE_ARRAY:
	case RADEON_INFO_CIK_MACROTILE_MODE_ARRAY:
	case RADEON_INFO_SI_BACKEND_ENABLED_MASK:
		return radeon_reject(-EINVAL, "INFO request %u is cayman/si+ only", info->request);
	default:
		/* includes the requests the model does not answer yet */
		return radeon_reject(-EINVAL, "Invalid request %u", info->request);
	}

	if (is64)
		r = model_copy_to_user((void *)(uintptr_t)info->value, &value64, sizeof(value64));
	else
		r = model_copy_to_user((void *)(uintptr_t)info->value, &value, sizeof(value));
	return r ? -EFAULT : 0;
}

int radeon_gem_info_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_info *args = data;

	args->vram_size = MODEL_VRAM_SIZE;
	args->vram_visible = MODEL_VRAM_SIZE;	/* nothing pinned */
	args->gart_size = MODEL_GTT_SIZE;
	return 0;
}

uint64_t radeon_gtt_size(void)
{
	return MODEL_GTT_SIZE;
}

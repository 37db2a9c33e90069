// SPDX-License-Identifier: MIT
/*
 * DRM_RADEON_INFO and DRM_RADEON_GEM_INFO (radeon_kms.c radeon_info_ioctl,
 * radeon_gem.c radeon_gem_info_ioctl) for R300-R500 chips.
 *
 * INFO's value is a user pointer: the answer is written through it (4
 * bytes, 8 for the 64-bit requests) and a few requests read their input
 * from it first; a bad pointer is -EFAULT, an unknown request or one the
 * family lacks (R600+, SI+) -EINVAL. One handler per request, in a table
 * indexed by the request number.
 */
#include <errno.h>
#include <stdint.h>
#include <drm.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"
#include "util/util.h"

#define MODEL_VRAM_SIZE (128ull << 20)
#define MODEL_GTT_SIZE (512ull << 20)	/* radeon.gartsize default */
#define MODEL_XTAL_KHZ 27000		/* spll.reference_freq 2700 (10 kHz units) * 10 */
/* pm.default_sclk / default_mclk, in the kernel's 10 kHz units: the model board's clocks */
#define MODEL_SCLK_10KHZ 40000		/* 400 MHz */
#define MODEL_MCLK_10KHZ 20000		/* 200 MHz */

/* One INFO call: its input (read from value for some requests) and its answer. */
struct info_call {
	struct model_file *file;
	struct radeon_mdev *rdev;
	const struct drm_radeon_info *info;
	uint32_t value;
	uint64_t value64;
	bool is64;
};

typedef int (*info_fn)(struct info_call *c);

/* The requests that read value as their input first (copy_from_user). */
static int read_input(struct info_call *c)
{
	if (model_copy_from_user(&c->value, (void *)(uintptr_t)c->info->value, sizeof(c->value)))
		return -EFAULT;
	return 0;
}

static int info_device_id(struct info_call *c)
{
	c->value = model_device_chip(model_file_device(c->file))->device;
	return 0;
}

static int info_num_gb_pipes(struct info_call *c)
{
	c->value = c->rdev->info->num_gb_pipes;
	return 0;
}

static int info_num_z_pipes(struct info_call *c)
{
	c->value = c->rdev->info->num_z_pipes;
	return 0;
}

/* accel_working (ACCEL_WORKING2 differs on Hawaii only) */
static int info_accel_working(struct info_call *c)
{
	c->value = 1;
	return 0;
}

static int info_crtc_from_id(struct info_call *c)
{
	int r = read_input(c);

	if (r)
		return r;
	/* the model has no CRTCs: every id is unknown */
	return radeon_reject(-EINVAL, "unknown crtc id %u", c->value);
}

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

static int want_right(struct info_call *c, struct model_file **owner, const char *what)
{
	int r = read_input(c);

	if (r)
		return r;
	if (c->value >= 2)
		return radeon_reject(-EINVAL, "WANT_%s: invalid value %u", what, c->value);
	set_filp_rights(owner, c->file, &c->value);
	return 0;
}

static int info_want_hyperz(struct info_call *c)
{
	return want_right(c, &c->rdev->hyperz_filp, "HYPERZ");
}

static int info_want_cmask(struct info_call *c)
{
	return want_right(c, &c->rdev->cmask_filp, "CMASK");
}

static int info_crystal_freq(struct info_call *c)
{
	c->value = MODEL_XTAL_KHZ;
	return 0;
}

static int info_one(struct info_call *c)
{
	c->value = 1;
	return 0;
}

static int info_zero(struct info_call *c)
{
	c->value = 0;
	return 0;
}

static int info_r600_only(struct info_call *c)
{
	return radeon_reject(-EINVAL, "INFO request %u is r6xx+ only", c->info->request);
}

static int info_cayman_only(struct info_call *c)
{
	return radeon_reject(-EINVAL, "INFO request %u is cayman/si+ only", c->info->request);
}

/* the rings an R300-family chip has: GFX (COMPUTE maps to it); DMA, UVD and VCE not ready */
static int info_ring_working(struct info_call *c)
{
	int r = read_input(c);

	if (r)
		return r;
	switch (c->value) {
	case RADEON_CS_RING_GFX:
	case RADEON_CS_RING_COMPUTE:
		c->value = 1;
		return 0;
	case RADEON_CS_RING_DMA:
	case RADEON_CS_RING_UVD:
	case RADEON_CS_RING_VCE:
		c->value = 0;
		return 0;
	default:
		return radeon_reject(-EINVAL, "RING_WORKING: unknown ring %u", c->value);
	}
}

static int info_max_sclk(struct info_call *c)
{
	c->value = MODEL_SCLK_10KHZ * 10;	/* kHz */
	return 0;
}

/* no DPM before R600: pm.current_sclk/mclk, the defaults (radeon_pm_init_old), in MHz */
static int info_current_sclk(struct info_call *c)
{
	c->value = MODEL_SCLK_10KHZ / 100;
	return 0;
}

static int info_current_mclk(struct info_call *c)
{
	c->value = MODEL_MCLK_10KHZ / 100;
	return 0;
}

/* R300-R500 asics have radeon_invalid_get_allowed_info_register: no register is readable */
static int info_read_reg(struct info_call *c)
{
	int r = read_input(c);

	if (r)
		return r;
	return radeon_reject(-EINVAL, "READ_REG %#x: no allowed info registers before evergreen",
			     c->value);
}

static int info_usage64(struct info_call *c)
{
	c->is64 = true;
	c->value64 = 0;
	return 0;
}

static int info_gpu_reset_counter(struct info_call *c)
{
	c->value = __atomic_load_n(&c->rdev->gpu_reset_counter, __ATOMIC_RELAXED);
	return 0;
}

static const info_fn info_handlers[] = {
	[RADEON_INFO_DEVICE_ID] = info_device_id,
	[RADEON_INFO_NUM_GB_PIPES] = info_num_gb_pipes,
	[RADEON_INFO_NUM_Z_PIPES] = info_num_z_pipes,
	[RADEON_INFO_ACCEL_WORKING] = info_accel_working,
	[RADEON_INFO_CRTC_FROM_ID] = info_crtc_from_id,
	[RADEON_INFO_ACCEL_WORKING2] = info_accel_working,
	[RADEON_INFO_TILING_CONFIG] = info_r600_only,
	[RADEON_INFO_WANT_HYPERZ] = info_want_hyperz,
	[RADEON_INFO_WANT_CMASK] = info_want_cmask,
	[RADEON_INFO_CLOCK_CRYSTAL_FREQ] = info_crystal_freq,
	[RADEON_INFO_NUM_BACKENDS] = info_r600_only,
	[RADEON_INFO_NUM_TILE_PIPES] = info_r600_only,
	[RADEON_INFO_FUSION_GART_WORKING] = info_one,
	[RADEON_INFO_BACKEND_MAP] = info_r600_only,
	[RADEON_INFO_VA_START] = info_cayman_only,
	[RADEON_INFO_IB_VM_MAX_SIZE] = info_cayman_only,
	[RADEON_INFO_MAX_PIPES] = info_r600_only,
	[RADEON_INFO_TIMESTAMP] = info_r600_only,
	[RADEON_INFO_MAX_SE] = info_one,
	[RADEON_INFO_MAX_SH_PER_SE] = info_cayman_only,
	[RADEON_INFO_FASTFB_WORKING] = info_zero,
	[RADEON_INFO_RING_WORKING] = info_ring_working,
	[RADEON_INFO_SI_TILE_MODE_ARRAY] = info_cayman_only,
	[RADEON_INFO_SI_CP_DMA_COMPUTE] = info_one,
	[RADEON_INFO_CIK_MACROTILE_MODE_ARRAY] = info_cayman_only,
	[RADEON_INFO_SI_BACKEND_ENABLED_MASK] = info_cayman_only,
	[RADEON_INFO_MAX_SCLK] = info_max_sclk,
	[RADEON_INFO_VCE_FW_VERSION] = info_zero,
	[RADEON_INFO_VCE_FB_VERSION] = info_zero,
	[RADEON_INFO_NUM_BYTES_MOVED] = info_usage64,
	[RADEON_INFO_VRAM_USAGE] = info_usage64,
	[RADEON_INFO_GTT_USAGE] = info_usage64,
	/* pre-R600: one "CU"; the r300 asics have no pm.get_temperature, so 0 */
	[RADEON_INFO_ACTIVE_CU_COUNT] = info_one,
	[RADEON_INFO_CURRENT_GPU_TEMP] = info_zero,
	[RADEON_INFO_CURRENT_GPU_SCLK] = info_current_sclk,
	[RADEON_INFO_CURRENT_GPU_MCLK] = info_current_mclk,
	[RADEON_INFO_READ_REG] = info_read_reg,
	[RADEON_INFO_VA_UNMAP_WORKING] = info_one,
	[RADEON_INFO_GPU_RESET_COUNTER] = info_gpu_reset_counter,
};

int radeon_info_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_info *info = data;
	struct info_call c = { .file = file, .rdev = radeon_mdev(file), .info = info };
	void *dst = (void *)(uintptr_t)info->value;
	int r;

	/* includes the requests the model does not answer yet */
	if (info->request >= ARRAY_SIZE(info_handlers) || !info_handlers[info->request])
		return radeon_reject(-EINVAL, "Invalid request %u", info->request);
	r = info_handlers[info->request](&c);
	if (r)
		return r;
	if (c.is64)
		r = model_copy_to_user(dst, &c.value64, sizeof(c.value64));
	else
		r = model_copy_to_user(dst, &c.value, sizeof(c.value));
	return r ? -EFAULT : 0;
}

int radeon_gem_info_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_gem_info *args = data;

	(void)file;
	args->vram_size = MODEL_VRAM_SIZE;
	args->vram_visible = MODEL_VRAM_SIZE;	/* nothing pinned */
	args->gart_size = MODEL_GTT_SIZE;
	return 0;
}

uint64_t radeon_gtt_size(void)
{
	return MODEL_GTT_SIZE;
}

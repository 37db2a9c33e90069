// SPDX-License-Identifier: MIT
/* radeon device: open, INFO queries, identity, libdrm_radeon managers. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <xf86drm.h>
#include <radeon_bo_gem.h>
#include <radeon_cs_gem.h>

#include "core/test.h"
#include "device/device.h"
#include "radeon/r300.h"

int __r300_info(int fd, uint32_t request, uint32_t *value)
{
	/* the kernel reads and writes through value as a user pointer */
	struct drm_radeon_info req = { .request = request, .value = (uintptr_t)value };

	return drmIoctl(fd, DRM_IOCTL_RADEON_INFO, &req) ? -errno : 0;
}

int __r300_info64(int fd, uint32_t request, uint64_t *value)
{
	struct drm_radeon_info req = { .request = request, .value = (uintptr_t)value };

	return drmIoctl(fd, DRM_IOCTL_RADEON_INFO, &req) ? -errno : 0;
}

uint32_t r300_info(struct r300_device *dev, uint32_t request)
{
	uint32_t value = 0;

	igt_assert_eq(__r300_info(dev->fd, request, &value), 0);
	return value;
}

/* A skip leaves the fixture by siglongjmp: release what @dev holds first. */
static void skip_unusable(struct r300_device *dev, const char *why)
{
	r300_device_close(dev);
	igt_skip("Test requirement not met: %s\n", why);
}

struct r300_device *r300_device_open(void)
{
	int fd = drmsub_open_driver("radeon");	/* skips without a device */
	struct r300_device *dev = calloc(1, sizeof(*dev));
	struct drm_radeon_gem_info gem = { 0 };
	uint32_t accel = 0;

	igt_assert(dev);
	dev->fd = fd;
	/* only KMS radeon has INFO (and GEM and CS); legacy UMS answers EINVAL */
	if (__r300_info(fd, RADEON_INFO_DEVICE_ID, &dev->device_id))
		skip_unusable(dev, "radeon INFO DEVICE_ID fails: not a KMS radeon device");
	if (!r300_chip_from_pci_id(dev->device_id, &dev->family)) {
		igt_info("radeon PCI id %#06x is not an R300-family chip\n", dev->device_id);
		skip_unusable(dev, "drmsub builds R300-family (r300-r500) command streams only");
	}
	igt_assert_eq(__r300_info(fd, RADEON_INFO_NUM_GB_PIPES, &dev->num_gb_pipes), 0);
	igt_assert_eq(__r300_info(fd, RADEON_INFO_NUM_Z_PIPES, &dev->num_z_pipes), 0);
	/* ACCEL_WORKING2 exists since 2.4 kernels; older ones know only ACCEL_WORKING */
	if (__r300_info(fd, RADEON_INFO_ACCEL_WORKING2, &accel))
		igt_assert_eq(__r300_info(fd, RADEON_INFO_ACCEL_WORKING, &accel), 0);
	dev->accel_working = accel;
	do_ioctl(fd, DRM_IOCTL_RADEON_GEM_INFO, &gem);
	dev->gart_size = gem.gart_size;
	dev->vram_size = gem.vram_size;

	dev->bom = radeon_bo_manager_gem_ctor(fd);
	dev->csm = radeon_cs_manager_gem_ctor(fd);
	igt_assert(dev->bom && dev->csm);
	igt_info("radeon %s (PCI id %#06x), %u GB pipe(s), %u Z pipe(s), accel %s\n",
		 r300_chip_name(dev->family), dev->device_id, dev->num_gb_pipes,
		 dev->num_z_pipes, dev->accel_working ? "working" : "NOT working");
	return dev;
}

void r300_device_close(struct r300_device *dev)
{
	if (!dev)
		return;
	/*
	 * Both take NULL (a skip before they were made): libdrm's
	 * radeon_cs_gem.c radeon_cs_manager_gem_dtor is a free(), and
	 * radeon_bo_gem.c radeon_bo_manager_gem_dtor returns on NULL.
	 */
	radeon_cs_manager_gem_dtor(dev->csm);
	radeon_bo_manager_gem_dtor(dev->bom);
	close(dev->fd);
	free(dev);
}

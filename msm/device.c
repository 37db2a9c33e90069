// SPDX-License-Identifier: MIT
/* msm device: open, GET_PARAM, identity from the chip id. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "device/device.h"
#include "msm/msm.h"

int __msm_get_param(struct msm_device *dev, uint32_t param, uint64_t *value)
{
	struct drm_msm_param req = { .pipe = MSM_PIPE_3D0, .param = param };

	if (drmIoctl(dev->fd, DRM_IOCTL_MSM_GET_PARAM, &req))
		return -errno;
	*value = req.value;
	return 0;
}

uint64_t msm_get_param(struct msm_device *dev, uint32_t param)
{
	uint64_t value = 0;

	igt_assert_eq(__msm_get_param(dev, param, &value), 0);
	return value;
}

unsigned int msm_chip_generation(uint64_t chip_id)
{
	unsigned int core = (chip_id >> 24) & 0xff;

	/* a740/a750 and later carry a generation code instead of the core */
	if (core >= 0x40)
		return core - 0x43 + 7;
	return core;
}

static void describe(struct msm_device *dev)
{
	uint32_t chip = (uint32_t)dev->chip_id;

	if (dev->gpu_id)
		snprintf(dev->name, sizeof(dev->name), "a%u", dev->gpu_id);
	else
		snprintf(dev->name, sizeof(dev->name), "chip %#x", chip);
}

/*
 * Skip with @why after releasing @dev: a skip leaves the fixture by
 * siglongjmp, and whatever it still holds would leak.
 */
static void skip_unusable(struct msm_device *dev, const char *why)
{
	msm_device_close(dev);
	igt_skip("Test requirement not met: %s\n", why);
}

struct msm_device *msm_device_open(void)
{
	return msm_device_from_fd(drmsub_open_driver("msm"));	/* skips without a device */
}

struct msm_device *msm_device_from_fd(int fd)
{
	struct msm_device *dev = calloc(1, sizeof(*dev));
	uint64_t gpu_id = 0, prios = 0;

	igt_assert(dev);
	dev->fd = fd;
	/* a display-only msm device has no GPU: GET_PARAM says ENXIO */
	if (__msm_get_param(dev, MSM_PARAM_CHIP_ID, &dev->chip_id))
		skip_unusable(dev, "the msm device has no GPU");
	if (__msm_get_param(dev, MSM_PARAM_GPU_ID, &gpu_id) == 0)
		dev->gpu_id = (uint32_t)gpu_id;
	dev->gen = msm_chip_generation(dev->chip_id);
	if (__msm_get_param(dev, MSM_PARAM_PRIORITIES, &prios) == 0)
		dev->nr_priorities = (unsigned int)prios;
	__msm_get_param(dev, MSM_PARAM_GMEM_SIZE, &dev->gmem_size);
	describe(dev);
	igt_info("msm GPU %s (chip id %#llx, a%ux generation)\n", dev->name,
		 (unsigned long long)dev->chip_id, dev->gen);
	if (dev->gen < 5)
		skip_unusable(dev, "drmsub builds a5xx+ command streams only");
	return dev;
}

void msm_device_close(struct msm_device *dev)
{
	if (!dev)
		return;
	close(dev->fd);
	free(dev);
}

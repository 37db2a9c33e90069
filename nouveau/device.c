// SPDX-License-Identifier: MIT
/* nouveau device: open through lib/device, libdrm_nouveau objects, identity. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <xf86drm.h>	/* the __u8.. types the nvif headers use */
#include <nvif/class.h>
#include <nvif/cl0080.h>

#include "core/test.h"
#include "device/device.h"
#include "nouveau/nv.h"

int __nv_getparam(struct nv_device *dev, uint64_t param, uint64_t *value)
{
	/* libdrm returns -errno from drmCommandWriteRead */
	return nouveau_getparam(dev->nvdev, param, value);
}

int nv_ioctl_raw(int fd, unsigned int idx, void *arg, size_t size)
{
	return drmIoctl(fd, DRM_IOC(DRM_IOC_READWRITE, DRM_IOCTL_BASE, DRM_COMMAND_BASE + idx,
				    size), arg);
}

uint64_t nv_getparam(struct nv_device *dev, uint64_t param)
{
	uint64_t value = 0;

	igt_assert_eq(__nv_getparam(dev, param, &value), 0);
	return value;
}

/*
 * Skip with @why after releasing @dev: a skip leaves the fixture by
 * siglongjmp, and whatever it still holds would leak.
 */
static void skip_unusable(struct nv_device *dev, const char *why)
{
	nv_device_close(dev);
	igt_skip("Test requirement not met: %s\n", why);
}

struct nv_device *nv_device_open_mode(enum nv_mode mode)
{
	int fd = drmsub_open_driver("nouveau");	/* skips without a device */
	struct nv_device *dev = calloc(1, sizeof(*dev));
	/* ~0: the device this fd was opened on */
	struct nv_device_v0 args = { .device = ~0ull };
	int ret;

	igt_assert(dev);
	dev->fd = fd;
	ret = nouveau_drm_new(fd, &dev->drm);
	igt_assert_f(ret == 0, "nouveau_drm_new: %s\n", drmsub_errno_name(-ret));
	dev->nvif = dev->drm->nvif;
	/* NVIF: NEW(NV_DEVICE) + MTHD(INFO); ABI16: GETPARAM CHIPSET_ID; both FB/AGP_SIZE */
	ret = nouveau_device_new(&dev->drm->client, NV_DEVICE, &args, sizeof(args),
				 &dev->nvdev);
	igt_assert_f(ret == 0, "nouveau_device_new: %s\n", drmsub_errno_name(-ret));
	igt_assert_eq(nouveau_client_new(dev->nvdev, &dev->client), 0);

	dev->chipset = dev->nvdev->chipset;
	dev->vram_size = dev->nvdev->vram_size;
	dev->gart_size = dev->nvdev->gart_size;
	dev->chip = nv_chip_lookup(dev->chipset);
	igt_info("nouveau chipset %#x (%s), VRAM %llu MiB, GART %llu MiB, %s\n", dev->chipset,
		 dev->chip ? dev->chip->name : "not Maxwell",
		 (unsigned long long)(dev->vram_size >> 20),
		 (unsigned long long)(dev->gart_size >> 20), dev->nvif ? "NVIF" : "ABI16 only");
	if (!dev->chip)
		skip_unusable(dev, "drmsub builds Maxwell pushbuffers only");
	/* kernels before 6.6 do not know the ioctl; ENOSYS: no VM_BIND support */
	if (mode == NV_MODE_VM_BIND && __nv_vm_init(dev))
		skip_unusable(dev, "the kernel has no nouveau VM_BIND mode (Linux 6.6+)");
	return dev;
}

struct nv_device *nv_device_open(void)
{
	return nv_device_open_mode(NV_MODE_LEGACY);
}

void nv_device_close(struct nv_device *dev)
{
	if (!dev)
		return;
	nouveau_client_del(&dev->client);
	nouveau_device_del(&dev->nvdev);
	nouveau_drm_del(&dev->drm);
	close(dev->fd);
	free(dev);
}

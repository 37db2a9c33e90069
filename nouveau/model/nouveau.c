// SPDX-License-Identifier: MIT
/*
 * nouveau in the device model: identity (nouveau_drm.c driver_stub), the
 * chips (GM107 on PCI, GM20B as the Tegra X1 platform device), the ioctl
 * table (nouveau_ioctls[]) and the per-file and per-BO hooks. The ABI16,
 * NVIF, GEM and GPU halves live in the files nv_model.h lists.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <drm.h>
#include <nouveau_drm.h>

#include "model/model.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nv_classes.xml.h"
#include "nouveau/uapi_vm.h"
#include "util/util.h"

static const char *const gm20b_compat[] = { "nvidia,gm20b", NULL };

/* gpc/tpc/rop: GTX 750 (1 GPC, 4 SMM, 2 LTC); Tegra X1 (1 GPC, 2 SMM, 1 LTC) */
static const struct nvm_chip gm107 = {
	.chipset = 0x117, .vram_size = 1ull << 30, .graph_units = 1 | 4 << 8 | 2ull << 32,
	.cls_3d = MAXWELL_A, .cls_compute = MAXWELL_COMPUTE_A,
};
static const struct nvm_chip gm20b = {
	.chipset = 0x12b, .vram_size = 0, .graph_units = 1 | 2 << 8 | 1ull << 32,
	.cls_3d = MAXWELL_B, .cls_compute = MAXWELL_COMPUTE_B,
};

static const struct model_chip nouveau_chips[] = {
	{ .name = "gm107", .marketing = "GeForce GTX 750 (GM107)", .bus = MODEL_BUS_PCI,
	  .vendor = 0x10de, .device = 0x1381, .subvendor = 0x10de, .subdevice = 0x1381,
	  .revision = 0xa2, .pci_class = 0x030000, .data = &gm107 },
	{ .name = "gm20b", .marketing = "Tegra X1 GPU (GM20B)", .bus = MODEL_BUS_PLATFORM,
	  .of_fullname = "/gpu@57000000", .sysfs_name = "57000000.gpu",
	  .compatible = gm20b_compat, .data = &gm20b },
};

const struct nvm_chip *nvm_chip(struct model_file *file)
{
	return model_device_chip(model_file_device(file))->data;
}

struct nvm_device *nvm_device(struct model_file *file)
{
	return model_device_priv(model_file_device(file));
}

struct nvm_file *nvm_file(struct model_file *file)
{
	return model_file_priv(file);
}

/* The kernel's request numbers; the installed nouveau_drm.h has only the indices. */
#define NV_IOWR(idx, type) DRM_IOWR(DRM_COMMAND_BASE + (idx), type)
#define NV_IOW(idx, type) DRM_IOW(DRM_COMMAND_BASE + (idx), type)
#define RA (MODEL_AUTH | MODEL_RENDER_ALLOW)

struct nvm_grobj_alloc { int32_t channel; uint32_t handle; int32_t oclass; };
struct nvm_gpuobj_free { int32_t channel; uint32_t handle; };

/* An entry: index, direction (NV_IOWR/NV_IOW), argument struct, handler. */
#define NV_IOCTL(n, dir, type, fn) \
	[DRM_NOUVEAU_##n] = MODEL_IOCTL("DRM_IOCTL_NOUVEAU_" #n, dir(DRM_NOUVEAU_##n, type), fn, RA)

static const struct model_ioctl_desc nouveau_ioctls[] = {
	NV_IOCTL(GETPARAM, NV_IOWR, struct drm_nouveau_getparam, nvm_ioctl_getparam),
	NV_IOCTL(CHANNEL_ALLOC, NV_IOWR, struct drm_nouveau_channel_alloc, nvm_ioctl_channel_alloc),
	NV_IOCTL(CHANNEL_FREE, NV_IOW, struct drm_nouveau_channel_free, nvm_ioctl_channel_free),
	NV_IOCTL(GROBJ_ALLOC, NV_IOW, struct nvm_grobj_alloc, nvm_ioctl_grobj_alloc),
	NV_IOCTL(GPUOBJ_FREE, NV_IOW, struct nvm_gpuobj_free, nvm_ioctl_gpuobj_free),
	/*
	 * variable size: the handler takes the length from model_ioctl_size().
	 * nouveau_drm_ioctl hands NVIF to nouveau_abi16_ioctl before
	 * drm_ioctl, so no drm_ioctl_permit rule (DRM_AUTH) applies.
	 */
	[DRM_NOUVEAU_NVIF] = MODEL_IOCTL("DRM_IOCTL_NOUVEAU_NVIF",
					 _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
					      DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, 0),
					 nvm_ioctl_nvif, MODEL_RENDER_ALLOW),
	/* 6.6+: the handlers answer EINVAL ("no function") for older kernels */
	NV_IOCTL(VM_INIT, NV_IOWR, struct drm_nouveau_vm_init, nvm_ioctl_vm_init),
	NV_IOCTL(VM_BIND, NV_IOWR, struct drm_nouveau_vm_bind, nvm_ioctl_vm_bind),
	NV_IOCTL(EXEC, NV_IOWR, struct drm_nouveau_exec, nvm_ioctl_exec),
	NV_IOCTL(GEM_NEW, NV_IOWR, struct drm_nouveau_gem_new, nvm_ioctl_gem_new),
	NV_IOCTL(GEM_PUSHBUF, NV_IOWR, struct drm_nouveau_gem_pushbuf, nvm_ioctl_pushbuf),
	NV_IOCTL(GEM_CPU_PREP, NV_IOW, struct drm_nouveau_gem_cpu_prep, nvm_ioctl_gem_cpu_prep),
	NV_IOCTL(GEM_CPU_FINI, NV_IOW, struct drm_nouveau_gem_cpu_fini, nvm_ioctl_gem_cpu_fini),
	NV_IOCTL(GEM_INFO, NV_IOWR, struct drm_nouveau_gem_info, nvm_ioctl_gem_info),
};

/* 1.4.0 came with VM_BIND/EXEC in 6.6. */
static void nouveau_version(const struct model_device *dev, struct model_version *v)
{
	bool uvmm = model_kernel_at_least(6, 6);

	v->major = 1;
	v->minor = uvmm ? 4 : 3;
	v->patchlevel = uvmm ? 0 : 1;
	v->date = "20120801";
}

/* Syncobjs (binary and timeline) came to nouveau with VM_BIND/EXEC in 6.6. */
static unsigned int nouveau_kernel_features(const struct model_device *dev)
{
	return model_kernel_at_least(6, 6) ? MODEL_FEAT_SYNCOBJ | MODEL_FEAT_SYNCOBJ_TIMELINE : 0;
}

static int nouveau_device_init(struct model_device *dev)
{
	struct nvm_device *ndev = calloc(1, sizeof(*ndev));

	if (!ndev)
		return -ENOMEM;
	/* legacy VMAs: above the first 4 GiB, 64 KiB apart */
	ndev->next_va = 1ull << 32;
	model_device_set_priv(dev, ndev);
	return 0;
}

static int nouveau_file_open(struct model_file *file)
{
	struct nvm_file *nf = calloc(1, sizeof(*nf));

	if (!nf)
		return -ENOMEM;
	model_file_set_priv(file, nf);
	return 0;
}

/* nouveau_abi16_fini: the file's channels go with it. */
static void nouveau_file_close(struct model_file *file)
{
	nvm_channels_release(file);
	nvm_vm_release(file);
	free(model_file_priv(file));
	model_file_set_priv(file, NULL);
}

static const struct model_driver nouveau_model_driver = {
	.name = "nouveau",
	/*
	 * NOUVEAU_SCHED_JOB_TIMEOUT_MS, the scheduler's job timeout for EXEC;
	 * legacy GEM_PUSHBUF jobs have no kernel timeout at all, and the model
	 * gives them the same bound rather than wait forever.
	 */
	.hangcheck_ms = 10000,
	.desc = "nVidia Riva/TNT/GeForce/Quadro/Tesla/Tegra K1+",
	.features = MODEL_FEAT_GEM | MODEL_FEAT_RENDER | MODEL_FEAT_MODESET | MODEL_FEAT_ATOMIC,
	.kernel_features = nouveau_kernel_features,
	.chips = nouveau_chips,
	.nr_chips = ARRAY_SIZE(nouveau_chips),
	.ioctls = nouveau_ioctls,
	.num_ioctls = ARRAY_SIZE(nouveau_ioctls),
	.version = nouveau_version,
	.device_init = nouveau_device_init,
	.file_open = nouveau_file_open,
	.file_close = nouveau_file_close,
	.bo_free = nvm_bo_free,
	.gem_export = nvm_gem_export,
	.recover = nvm_recover,
};
MODEL_DRIVER(nouveau_model_driver);

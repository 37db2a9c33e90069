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

static const struct model_ioctl_desc nouveau_ioctls[] = {
	[DRM_NOUVEAU_GETPARAM] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_GETPARAM,
						     struct drm_nouveau_getparam),
					     nvm_ioctl_getparam, RA),
	[DRM_NOUVEAU_CHANNEL_ALLOC] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_CHANNEL_ALLOC,
							  struct drm_nouveau_channel_alloc),
						  nvm_ioctl_channel_alloc, RA),
	[DRM_NOUVEAU_CHANNEL_FREE] = MODEL_IOCTL(NV_IOW(DRM_NOUVEAU_CHANNEL_FREE,
							struct drm_nouveau_channel_free),
						 nvm_ioctl_channel_free, RA),
	[DRM_NOUVEAU_GROBJ_ALLOC] = MODEL_IOCTL(NV_IOW(DRM_NOUVEAU_GROBJ_ALLOC,
						       struct nvm_grobj_alloc),
						nvm_ioctl_grobj_alloc, RA),
	[DRM_NOUVEAU_GPUOBJ_FREE] = MODEL_IOCTL(NV_IOW(DRM_NOUVEAU_GPUOBJ_FREE,
						       struct nvm_gpuobj_free),
						nvm_ioctl_gpuobj_free, RA),
	/*
	 * variable size: the handler takes the length from model_ioctl_size().
	 * nouveau_drm_ioctl hands NVIF to nouveau_abi16_ioctl before
	 * drm_ioctl, so no drm_ioctl_permit rule (DRM_AUTH) applies.
	 */
	[DRM_NOUVEAU_NVIF] = MODEL_IOCTL(_IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
						 DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, 0),
					 nvm_ioctl_nvif, MODEL_RENDER_ALLOW),
	/* 6.6+: the handlers answer EINVAL ("no function") for older kernels */
	[DRM_NOUVEAU_VM_INIT] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_VM_INIT, struct drm_nouveau_vm_init),
					    nvm_ioctl_vm_init, RA),
	[DRM_NOUVEAU_VM_BIND] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_VM_BIND, struct drm_nouveau_vm_bind),
					    nvm_ioctl_vm_bind, RA),
	[DRM_NOUVEAU_EXEC] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_EXEC, struct drm_nouveau_exec),
					 nvm_ioctl_exec, RA),
	[DRM_NOUVEAU_GEM_NEW] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_GEM_NEW, struct drm_nouveau_gem_new),
					    nvm_ioctl_gem_new, RA),
	[DRM_NOUVEAU_GEM_PUSHBUF] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_GEM_PUSHBUF,
							struct drm_nouveau_gem_pushbuf),
						nvm_ioctl_pushbuf, RA),
	[DRM_NOUVEAU_GEM_CPU_PREP] = MODEL_IOCTL(NV_IOW(DRM_NOUVEAU_GEM_CPU_PREP,
							struct drm_nouveau_gem_cpu_prep),
						 nvm_ioctl_gem_cpu_prep, RA),
	[DRM_NOUVEAU_GEM_CPU_FINI] = MODEL_IOCTL(NV_IOW(DRM_NOUVEAU_GEM_CPU_FINI,
							struct drm_nouveau_gem_cpu_fini),
						 nvm_ioctl_gem_cpu_fini, RA),
	[DRM_NOUVEAU_GEM_INFO] = MODEL_IOCTL(NV_IOWR(DRM_NOUVEAU_GEM_INFO,
						     struct drm_nouveau_gem_info),
					     nvm_ioctl_gem_info, RA),
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
	.nr_chips = sizeof(nouveau_chips) / sizeof(nouveau_chips[0]),
	.ioctls = nouveau_ioctls,
	.num_ioctls = sizeof(nouveau_ioctls) / sizeof(nouveau_ioctls[0]),
	.version = nouveau_version,
	.device_init = nouveau_device_init,
	.file_open = nouveau_file_open,
	.file_close = nouveau_file_close,
	.bo_free = nvm_bo_free,
	.gem_export = nvm_gem_export,
	.recover = nvm_recover,
};
MODEL_DRIVER(nouveau_model_driver);

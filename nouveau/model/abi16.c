// SPDX-License-Identifier: MIT
/*
 * nouveau_abi16.c in the model: GETPARAM, CHANNEL_ALLOC/FREE and the engine
 * objects of a channel (GROBJ_ALLOC/GPUOBJ_FREE, also reached through NVIF
 * NEW on route 0xff). Checks in the kernel's order, with its errno.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <drm.h>
#include <nouveau_drm.h>

#include "model/model.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nv_classes.xml.h"

/* libdrm's NVE0_FIFO_ENGINE_* as the kernel reads tt_ctxdma_handle */
#define ENGINE_GR NVM_ENGINE_GR
#define ENGINE_VP 0x02
#define ENGINE_PPP 0x04
#define ENGINE_BSP 0x08
#define ENGINE_CE NVM_ENGINE_CE

#define GETPARAM_EXEC_PUSH_MAX 17	/* newer than the installed nouveau_drm.h */

struct nvm_grobj_alloc { int32_t channel; uint32_t handle; int32_t oclass; };
struct nvm_gpuobj_free { int32_t channel; uint32_t handle; };

int nvm_ioctl_getparam(struct model_file *file, void *data)
{
	struct drm_nouveau_getparam *req = data;
	const struct model_chip *chip = model_device_chip(model_file_device(file));
	const struct nvm_chip *nc = chip->data;
	bool pci = chip->bus == MODEL_BUS_PCI;

	switch (req->param) {
	case NOUVEAU_GETPARAM_CHIPSET_ID:
		req->value = nc->chipset;
		break;
	case NOUVEAU_GETPARAM_PCI_VENDOR:
		req->value = pci ? chip->vendor : 0;
		break;
	case NOUVEAU_GETPARAM_PCI_DEVICE:
		req->value = pci ? chip->device : 0;
		break;
	case NOUVEAU_GETPARAM_BUS_TYPE:
		/* NV_PCIE 2 for a PCIe board, NV_SOC 3 without a PCI device */
		req->value = pci ? 2 : 3;
		break;
	case NOUVEAU_GETPARAM_FB_SIZE:
		req->value = nc->vram_size;	/* vram_available: 0 on Tegra */
		break;
	case NOUVEAU_GETPARAM_AGP_SIZE:
		req->value = 1ull << 40;	/* gart_available: the GF100+ VMM limit */
		break;
	case NOUVEAU_GETPARAM_VM_VRAM_BASE:
		req->value = 0;
		break;
	case NOUVEAU_GETPARAM_GRAPH_UNITS:
		req->value = nc->graph_units;
		break;
	case NOUVEAU_GETPARAM_PTIMER_TIME:
		req->value = (uint64_t)model_now_ns();
		break;
	case NOUVEAU_GETPARAM_HAS_BO_USAGE:
	case NOUVEAU_GETPARAM_HAS_PAGEFLIP:
		req->value = 1;
		break;
	case GETPARAM_EXEC_PUSH_MAX:
		/* came with EXEC in 6.6 */
		if (!model_kernel_at_least(6, 6))
			return -EINVAL;
		req->value = NVM_EXEC_PUSH_MAX;
		break;
	default:
		return -EINVAL;
	}
	return 0;
}

struct nvm_channel *nvm_channel_find(struct model_file *file, int64_t id)
{
	struct nvm_device *ndev = nvm_device(file);

	if (id < 0 || id >= NVM_MAX_CHANNELS || !ndev->chans[id] ||
	    ndev->chans[id]->owner != file)
		return NULL;
	return ndev->chans[id];
}

int nvm_channel_live(struct model_file *file, int64_t id, struct nvm_channel **chan)
{
	*chan = nvm_channel_find(file, id);
	if (!*chan)
		return -ENOENT;
	if (__atomic_load_n(&(*chan)->killed, __ATOMIC_ACQUIRE))
		return -ENODEV;
	return 0;
}

void nvm_channel_put(struct nvm_channel *chan)
{
	if (!chan || --chan->refs)
		return;
	model_fence_put(chan->last);
	nvm_subc_free(chan);
	free(chan);
}

/* The runlist the kernel picks for a Kepler+ engine mask: 0, -ENOSYS or -EINVAL. */
static int channel_engine(struct drm_nouveau_channel_alloc *req, uint32_t *engine)
{
	*engine = ENGINE_GR;
	if (req->fb_ctxdma_handle == ~0u) {
		switch (req->tt_ctxdma_handle) {
		case ENGINE_GR:
		case ENGINE_CE:
			*engine = req->tt_ctxdma_handle;
			break;
		case ENGINE_VP:
		case ENGINE_PPP:
		case ENGINE_BSP:
			/* Maxwell has no MSPDEC/MSPPP/MSVLD runlist */
			*engine = 0;
			break;
		default:
			return -ENOSYS;
		}
		req->fb_ctxdma_handle = 0;
		req->tt_ctxdma_handle = 0;
	}
	if (!*engine || req->fb_ctxdma_handle == ~0u || req->tt_ctxdma_handle == ~0u)
		return -EINVAL;
	return 0;
}

int nvm_ioctl_channel_alloc(struct model_file *file, void *data)
{
	struct drm_nouveau_channel_alloc *req = data;
	struct nvm_device *ndev = nvm_device(file);
	struct nvm_channel *chan;
	struct model_bo *ntfy;
	uint32_t engine;
	int id, ret;

	/* the channel of a client without VM_INIT makes it a legacy client */
	nvm_uvmm_disable_noinit(file);
	ret = channel_engine(req, &engine);
	if (ret)
		return ret;
	for (id = NVM_KERNEL_CHANNELS; id < NVM_MAX_CHANNELS && ndev->chans[id]; id++)
		;
	if (id == NVM_MAX_CHANNELS)
		return -ENOSPC;
	chan = calloc(1, sizeof(*chan));
	if (!chan)
		return -ENOMEM;
	/* the named notifier area: a 4 KiB GART BO with a handle for the caller */
	ret = model_gem_create(file, MODEL_PAGE_SIZE, &chan->notify, &ntfy);
	if (ret) {
		free(chan);
		return ret;
	}
	chan->refs = 1;
	chan->owner = file;
	chan->id = id;
	chan->engine = engine;
	ndev->chans[id] = chan;
	req->channel = id;
	req->pushbuf_domains = NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART;
	req->notifier_handle = chan->notify;
	/* Fermi+: no default subchannel objects, userspace binds its classes */
	req->nr_subchan = 0;
	return 0;
}

/*
 * drm_sched_entity_fini: EXEC jobs still waiting for their syncobjs never
 * reach the GPU; their fences end with -ESRCH (drm_sched_entity_kill).
 */
static void cancel_queued(struct model_file *file, struct nvm_channel *chan)
{
	nvm_sched_cancel(model_file_device(file), chan, -ESRCH);
}

/* Take @chan out of the table; its queued work ends with -ENODEV. */
static void channel_remove(struct model_file *file, struct nvm_channel *chan)
{
	nvm_device(file)->chans[chan->id] = NULL;
	__atomic_store_n(&chan->killed, true, __ATOMIC_RELEASE);
	cancel_queued(file, chan);
	nvm_channel_put(chan);
}

int nvm_ioctl_channel_free(struct model_file *file, void *data)
{
	struct drm_nouveau_channel_free *req = data;
	struct nvm_channel *chan = nvm_channel_find(file, req->channel);
	struct model_fence *last;

	if (!chan)
		return -ENOENT;
	/* nouveau_abi16_chan_fini: cancel the queue, then wait for the ring */
	cancel_queued(file, chan);
	/* nouveau_channel_idle: wait up to 15 s for the channel's work */
	last = chan->last;
	if (last) {
		model_fence_get(last);
		chan->refs++;
		model_fence_wait(last, model_now_ns() + 15 * 1000000000ll);
		model_fence_put(last);
		/* another CHANNEL_FREE or the file's close may have won meanwhile */
		if (nvm_device(file)->chans[req->channel] != chan) {
			nvm_channel_put(chan);
			return -ENOENT;
		}
		chan->refs--;	/* the table's reference remains */
	}
	channel_remove(file, chan);
	return 0;
}

void nvm_channels_release(struct model_file *file)
{
	struct nvm_device *ndev = nvm_device(file);

	for (int id = 0; id < NVM_MAX_CHANNELS; id++)
		if (ndev->chans[id] && ndev->chans[id]->owner == file)
			channel_remove(file, ndev->chans[id]);
}

unsigned int nvm_channel_classes(struct model_file *file, const struct nvm_channel *chan,
				 uint32_t cls[NVM_MAX_CLASSES])
{
	const struct nvm_chip *nc = nvm_chip(file);
	unsigned int n = 0;

	if (chan->engine == ENGINE_CE) {
		cls[n++] = MAXWELL_DMA_COPY_A;
		return n;
	}
	/*
	 * gk104_fifo_runl_ctor adds the SW engine to the GR runlist before GR,
	 * so its class comes first (gf100_sw: NVIF_CLASS_SW_GF100)
	 */
	cls[n++] = (uint32_t)NVM_CLASS_SW_GF100;
	cls[n++] = nc->cls_3d;
	cls[n++] = nc->cls_compute;
	cls[n++] = KEPLER_INLINE_TO_MEMORY_B;
	cls[n++] = FERMI_TWOD_A;
	return n;
}

static bool channel_has_class(struct model_file *file, const struct nvm_channel *chan,
			      int32_t oclass)
{
	uint32_t cls[NVM_MAX_CLASSES];
	unsigned int n = nvm_channel_classes(file, chan, cls);

	for (unsigned int i = 0; i < n; i++)
		if ((int32_t)cls[i] == oclass)
			return true;
	return false;
}

/* nouveau_abi16_ioctl_grobj_alloc after its handle check. */
int nvm_object_new(struct model_file *file, int64_t chid, uint32_t handle, int32_t oclass)
{
	struct nvm_channel *chan = nvm_channel_find(file, chid);

	if (!chan)
		return -ENOENT;
	if (!channel_has_class(file, chan, oclass))
		return -EINVAL;
	for (unsigned int i = 0; i < chan->nr_objs; i++)
		if (chan->objs[i].handle == handle)
			return -EEXIST;
	if (chan->nr_objs == NVM_MAX_OBJECTS)
		return -ENOSPC;
	chan->objs[chan->nr_objs++] = (struct nvm_object){ .handle = handle, .oclass = oclass };
	return 0;
}

bool nvm_channel_has_object(const struct nvm_channel *chan, uint32_t oclass)
{
	for (unsigned int i = 0; i < chan->nr_objs; i++)
		if (chan->objs[i].oclass == oclass)
			return true;
	return false;
}

/*
 * nouveau_abi16_ioctl_grobj_alloc: a class ending in 0x6e is the channel's
 * software class, whatever its number (the "nvsw" compatibility for 0x*6e
 * identifiers; libdrm's abi16_engobj sends 0x906e for NVIF_CLASS_SW_GF100).
 */
int nvm_ioctl_grobj_alloc(struct model_file *file, void *data)
{
	struct nvm_grobj_alloc *req = data;
	struct nvm_channel *chan;
	uint32_t cls[NVM_MAX_CLASSES];
	int32_t oclass = req->oclass;

	if (req->handle == ~0u)
		return -EINVAL;
	chan = nvm_channel_find(file, req->channel);
	if (!chan)
		return -ENOENT;
	if ((oclass & 0xff) == 0x6e) {
		unsigned int n = nvm_channel_classes(file, chan, cls);

		oclass = 0;
		for (unsigned int i = 0; !oclass && i < n; i++)
			if ((int32_t)cls[i] == NVM_CLASS_SW_GF100)
				oclass = NVM_CLASS_SW_GF100;
		if (!oclass)
			return -EINVAL;
	}
	return nvm_object_new(file, req->channel, req->handle, oclass);
}

int nvm_ioctl_gpuobj_free(struct model_file *file, void *data)
{
	struct nvm_gpuobj_free *req = data;
	struct nvm_channel *chan = nvm_channel_find(file, req->channel);

	if (!chan)
		return -ENOENT;
	for (unsigned int i = 0; i < chan->nr_objs; i++) {
		if (chan->objs[i].handle != req->handle)
			continue;
		chan->objs[i] = chan->objs[--chan->nr_objs];
		return 0;
	}
	return -ENOENT;
}

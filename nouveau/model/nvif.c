// SPDX-License-Identifier: MIT
/*
 * The NVIF ioctl as current kernels (6.12+, the abi16 rewrite) accept it:
 * one variable-size payload, a 24-byte nvif_ioctl_v0 header and a body by
 * type. Route 0x00 reaches the client's device (NEW NV_DEVICE, MTHD INFO,
 * DEL); route 0xff reaches an ABI16 channel by token (SCLASS, and NEW of
 * engine objects). Everything else is -EINVAL.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <xf86drm.h>	/* the __u8.. types the nvif headers use */
#include <nvif/class.h>
#include <nvif/cl0080.h>
#include <nvif/ioctl.h>

#include "model/model.h"
#include "nouveau/model/nv_model.h"
#include "util/util.h"

struct nvif_req {
	struct nvif_ioctl_v0 *hdr;
	void *body;
	uint32_t argc;		/* bytes after the header */
};

/* NEW on route 0x00: the device, once per client. */
static int device_new(struct model_file *file, struct nvif_req *r)
{
	struct nvif_ioctl_new_v0 *args = r->body;
	struct nvm_file *nf = nvm_file(file);

	if (r->argc < sizeof(*args) || args->version || r->hdr->object ||
	    args->oclass != NV_DEVICE)
		return -EINVAL;
	if (nf->has_device)
		return -EEXIST;
	nf->has_device = true;
	nf->device_cookie = args->object;
	return 0;
}

static void device_info(struct model_file *file, struct nv_device_info_v0 *info)
{
	const struct model_chip *chip = model_device_chip(model_file_device(file));
	const struct nvm_chip *nc = chip->data;

	info->platform = chip->bus == MODEL_BUS_PCI ? NV_DEVICE_INFO_V0_PCIE : NV_DEVICE_INFO_V0_SOC;
	info->chipset = nc->chipset;
	info->revision = chip->bus == MODEL_BUS_PCI ? chip->revision : 0xa1;
	info->family = NV_DEVICE_INFO_V0_MAXWELL;
	info->ram_size = nc->vram_size;
	info->ram_user = nc->vram_size;
	snprintf(info->chip, sizeof(info->chip), "GM%03X", nc->chipset == 0x12b ? 0x20b : 0x107);
	snprintf(info->name, sizeof(info->name), "%s", chip->marketing);
}

/* MTHD on route 0x00: NV_DEVICE_V0_INFO on the device object only. */
static int device_mthd(struct model_file *file, struct nvif_req *r)
{
	struct nvif_ioctl_mthd_v0 *args = r->body;
	struct nvm_file *nf = nvm_file(file);
	struct nv_device_info_v0 *info;

	if (r->argc < sizeof(*args) || args->version || !nf->has_device ||
	    r->hdr->object != nf->device_cookie || args->method != NV_DEVICE_V0_INFO ||
	    r->argc - sizeof(*args) != sizeof(*info))
		return -EINVAL;
	info = (void *)args->data;
	if (info->version)
		return -EINVAL;
	memset(info, 0, sizeof(*info));
	device_info(file, info);
	return 0;
}

/* SCLASS on route 0xff: the engine classes of channel @token. */
static int chan_sclass(struct model_file *file, struct nvif_req *r)
{
	struct nvif_ioctl_sclass_v0 *args = r->body;
	struct nvm_channel *chan = nvm_channel_find(file, (int64_t)r->hdr->token);
	uint32_t cls[NVM_MAX_CLASSES];
	unsigned int n;

	if (r->argc < sizeof(*args) || args->version ||
	    r->argc - sizeof(*args) != args->count * sizeof(args->oclass[0]))
		return -EINVAL;
	if (!chan)
		return -EINVAL;	/* nouveau_abi16_ioctl_sclass: no such channel */
	n = nvm_channel_classes(file, chan, cls);
	for (unsigned int i = 0; i < n && i < args->count; i++)
		args->oclass[i] = (struct nvif_ioctl_sclass_oclass_v0){
			.oclass = (int32_t)cls[i], .minver = -1, .maxver = -1 };
	args->count = (uint8_t)n;
	return 0;
}

/* NEW on route 0xff: an engine object on channel @token, as GROBJ_ALLOC. */
static int chan_new(struct model_file *file, struct nvif_req *r)
{
	struct nvif_ioctl_new_v0 *args = r->body;
	struct nvm_channel *chan;
	int ret;

	if (r->argc < sizeof(*args) || args->version)
		return -EINVAL;
	/* nouveau_abi16_ioctl_new: no such channel is EINVAL here, ENOENT in GROBJ_ALLOC */
	if (!nvm_channel_find(file, (int64_t)r->hdr->token))
		return -EINVAL;
	ret = nvm_object_new(file, (int64_t)r->hdr->token, args->handle, args->oclass);
	if (ret)
		return ret;
	chan = nvm_channel_find(file, (int64_t)r->hdr->token);
	chan->objs[chan->nr_objs - 1].cookie = args->object;
	return 0;
}

/*
 * DEL on route 0x00 with an empty body is 0. libdrm sends it for the device
 * and for engine objects alike (header object = its pointer): an engine
 * object of one of the file's channels with that cookie goes.
 */
static int object_del(struct model_file *file, struct nvif_req *r)
{
	if (r->argc)
		return -EINVAL;
	for (int64_t id = 0; id < NVM_MAX_CHANNELS; id++) {
		struct nvm_channel *chan = nvm_channel_find(file, id);

		for (unsigned int i = 0; chan && i < chan->nr_objs; i++) {
			if (chan->objs[i].cookie != r->hdr->object)
				continue;
			chan->objs[i] = chan->objs[--chan->nr_objs];
			return 0;
		}
	}
	return 0;
}

/* The (route, type) pairs of the top comment and their handlers; any other is EINVAL. */
static const struct nvif_handler {
	uint8_t route, type;
	int (*fn)(struct model_file *file, struct nvif_req *r);
} nvif_handlers[] = {
	{ NVIF_IOCTL_V0_ROUTE_NVIF, NVIF_IOCTL_V0_NEW, device_new },
	{ NVIF_IOCTL_V0_ROUTE_NVIF, NVIF_IOCTL_V0_MTHD, device_mthd },
	{ NVIF_IOCTL_V0_ROUTE_NVIF, NVIF_IOCTL_V0_DEL, object_del },
	{ NVIF_IOCTL_V0_ROUTE_HIDDEN, NVIF_IOCTL_V0_SCLASS, chan_sclass },
	{ NVIF_IOCTL_V0_ROUTE_HIDDEN, NVIF_IOCTL_V0_NEW, chan_new },
};

int nvm_ioctl_nvif(struct model_file *file, void *data)
{
	uint32_t size = model_ioctl_size();
	struct nvif_req r = { .hdr = data };

	if (size < sizeof(*r.hdr) || r.hdr->version)
		return -EINVAL;
	r.body = r.hdr->data;
	r.argc = size - sizeof(*r.hdr);
	for (size_t i = 0; i < ARRAY_SIZE(nvif_handlers); i++)
		if (nvif_handlers[i].route == r.hdr->route && nvif_handlers[i].type == r.hdr->type)
			return nvif_handlers[i].fn(file, &r);
	return -EINVAL;
}

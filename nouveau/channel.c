// SPDX-License-Identifier: MIT
/*
 * nouveau channels: CHANNEL_ALLOC through libdrm's legacy channel class,
 * engine objects per subchannel, and the libdrm pushbuf + bufctx each
 * channel submits through.
 */
#include <errno.h>
#include <stdlib.h>
#include <xf86drm.h>	/* also the __u8.. types the nvif headers use */
#include <nvif/class.h>

#include "core/test.h"
#include "nouveau/nv.h"

#define PUSHBUF_BOS 4			/* libdrm rotates through these, as Mesa does */
#define PUSHBUF_BYTES (32 * 1024)

int __nv_channel_new(struct nv_device *dev, uint32_t engine, struct nv_channel **pchan)
{
	struct nv_channel *chan = calloc(1, sizeof(*chan));
	/*
	 * Kepler+: libdrm sends fb_ctxdma_handle ~0 and the engine mask in
	 * tt_ctxdma_handle only when the object is long enough to hold
	 * .engine, so the full nve0_fifo must be passed.
	 */
	struct nve0_fifo args = { .engine = engine };
	const struct nve0_fifo *fifo;
	int ret;

	if (!chan)
		return -ENOMEM;
	chan->dev = dev;
	chan->engine = engine;
	ret = nouveau_object_new(&dev->nvdev->object, 0, NOUVEAU_FIFO_CHANNEL_CLASS, &args,
				 sizeof(args), &chan->obj);
	if (ret) {
		free(chan);
		return ret;
	}
	/* libdrm keeps its own copy, filled from the CHANNEL_ALLOC reply */
	fifo = chan->obj->data;
	chan->id = fifo->base.channel;
	chan->pushbuf_domains = fifo->base.pushbuf;
	chan->notify = fifo->notify;

	if (dev->mode == NV_MODE_VM_BIND) {
		/* created signalled, so a wait before the first EXEC succeeds */
		ret = drmSyncobjCreate(dev->fd, DRM_SYNCOBJ_CREATE_SIGNALED, &chan->syncobj);
		if (ret)
			nv_channel_free(chan);
		else
			*pchan = chan;
		return ret;
	}
	/* GEM_PUSHBUF, which VM_BIND mode refuses: the nr_push == 0 probe */
	ret = nouveau_pushbuf_new(dev->client, chan->obj, PUSHBUF_BOS, PUSHBUF_BYTES, true,
				  &chan->push);
	if (!ret)
		ret = nouveau_bufctx_new(dev->client, 1, &chan->bufctx);
	if (ret) {
		nv_channel_free(chan);
		return ret;
	}
	nouveau_pushbuf_bufctx(chan->push, chan->bufctx);
	chan->fence = nv_bo_new(dev, 4096, NV_BO_GART);
	*pchan = chan;
	return 0;
}

int __nv_channel_object(struct nv_channel *chan, uint32_t subc, uint32_t cls)
{
	/* handles only need to be unique per channel */
	uint32_t handle = 0xd5000000u | subc << 16 | cls;

	igt_assert(subc < 8 && !chan->objs[subc]);
	chan->cls[subc] = cls;
	return nouveau_object_new(chan->obj, handle, cls, NULL, 0, &chan->objs[subc]);
}

int __nv_channel_sw_object(struct nv_channel *chan, struct nouveau_object **obj)
{
	/* the handle Mesa's nvc0_screen_create gives it, and binds on subchannel 7 */
	return nouveau_object_new(chan->obj, 0x906e, NVIF_CLASS_SW_GF100, NULL, 0, obj);
}

void nv_channel_bind_all(struct nv_channel *chan, struct nv_push *p)
{
	for (uint32_t subc = 0; subc < 8; subc++)
		if (chan->objs[subc])
			nv_set_object(p, subc, chan->cls[subc]);
}

struct nv_channel *nv_channel_new(struct nv_device *dev, enum nv_engine engine)
{
	struct nv_channel *chan = NULL;
	struct nv_push *p;
	int ret = __nv_channel_new(dev, engine, &chan);

	igt_assert_f(ret == 0, "channel on engine %#x: %s\n", engine, drmsub_errno_name(-ret));
	for (uint32_t subc = 0; subc < 8; subc++) {
		uint32_t cls = nv_chip_subc_class(dev->chip, subc);

		/* GR channels take the graphics classes, CE channels the copy class */
		if (!cls || (subc == NV_SUBC_COPY) != (engine == NV_ENGINE_CE))
			continue;
		ret = __nv_channel_object(chan, subc, cls);
		igt_assert_f(ret == 0, "class %#x on channel %u: %s\n", cls, chan->id,
			     drmsub_errno_name(-ret));
	}
	p = nv_push_new(64);
	nv_channel_bind_all(chan, p);
	nv_push_submit_wait(p, chan);
	nv_push_free(p);
	return chan;
}

void nv_channel_free(struct nv_channel *chan)
{
	if (!chan)
		return;
	if (chan->push)
		nouveau_pushbuf_bufctx(chan->push, NULL);
	nouveau_bufctx_del(&chan->bufctx);
	nouveau_pushbuf_del(&chan->push);
	for (int subc = 0; subc < 8; subc++)
		nouveau_object_del(&chan->objs[subc]);
	nv_bo_free(chan->fence);
	nouveau_object_del(&chan->obj);	/* CHANNEL_FREE: no more work from it */
	while (chan->nr_uploads)
		nv_bo_free(chan->uploads[--chan->nr_uploads]);
	if (chan->syncobj)
		drmSyncobjDestroy(chan->dev->fd, chan->syncobj);
	free(chan);
}

int __nv_channel_probe(struct nv_channel *chan)
{
	struct drm_nouveau_gem_pushbuf req = { .channel = chan->id };

	/* the kernel checks ownership and death before it looks at the pushes */
	if (chan->dev->mode == NV_MODE_VM_BIND)
		return __nv_exec(chan, 0, 0, false);
	return drmCommandWriteRead(chan->dev->fd, DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req));
}

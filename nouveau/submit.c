// SPDX-License-Identifier: MIT
/*
 * Submitting nv_push streams: through libdrm's pushbuf (what Mesa does), by
 * EXEC in VM_BIND mode, or as a raw GEM_PUSHBUF request for tests about
 * the kernel's checks.
 */
#include <errno.h>
#include <string.h>
#include <xf86drm.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "util/util.h"

/*
 * Streams up to this size are copied into libdrm's 32 KiB pushbuf BO
 * (8190 usable dwords, less the kick reserve); larger ones are uploaded
 * into a BO of their own and called from the pushbuf as a second segment.
 */
#define INLINE_MAX_DWORDS 4096

/* push.h names libdrm's access flags without including libdrm */
_Static_assert(NV_ACCESS_READ == NOUVEAU_BO_RD && NV_ACCESS_WRITE == NOUVEAU_BO_WR,
	       "NV_ACCESS_* must be NOUVEAU_BO_RD/WR");

static struct nv_bo *upload(struct nv_device *dev, const struct nv_push *p)
{
	uint32_t n = nv_push_dwords(p);
	struct nv_bo *bo = nv_bo_new(dev, n ? 4ull * n : 4, NV_BO_GART);

	memcpy(nv_bo_map(bo), p->start, 4ull * n);
	return bo;
}

/* Free the uploads once the channel is idle. */
static void release_uploads(struct nv_channel *chan)
{
	while (chan->nr_uploads)
		nv_bo_free(chan->uploads[--chan->nr_uploads]);
}

/* Upload @p into a BO the channel keeps until it is idle (waiting if full). */
static int upload_kept(struct nv_channel *chan, const struct nv_push *p, struct nv_bo **bo)
{
	const uint32_t max = ARRAY_SIZE(chan->uploads);
	int ret;

	if (chan->nr_uploads == max) {
		ret = __nv_channel_wait(chan, false);
		if (ret)
			return ret;
	}
	*bo = upload(chan->dev, p);
	chan->uploads[chan->nr_uploads++] = *bo;
	return 0;
}

static int submit_vm_bind(struct nv_push *p, struct nv_channel *chan)
{
	struct nv_bo *bo;
	int ret = upload_kept(chan, p, &bo);

	if (ret)
		return ret;
	return __nv_exec(chan, bo->va, 4 * nv_push_dwords(p), true);
}

static void refn(struct nv_channel *chan, struct nv_bo *bo, uint32_t access)
{
	/* the domain bits become valid_domains; without them the kernel says EINVAL */
	nouveau_bufctx_refn(chan->bufctx, 0, bo->bo, access | bo->domain);
}

int __nv_push_submit(struct nv_push *p, struct nv_channel *chan)
{
	struct nouveau_pushbuf *push = chan->push;
	uint32_t n = nv_push_dwords(p);
	struct nv_bo *big = NULL;
	int ret;

	if (chan->dev->mode == NV_MODE_VM_BIND)
		return submit_vm_bind(p, chan);
	if (n > INLINE_MAX_DWORDS) {
		ret = upload_kept(chan, p, &big);
		if (ret)
			return ret;
	}

	nouveau_bufctx_reset(chan->bufctx, 0);
	refn(chan, chan->fence, NOUVEAU_BO_RDWR);
	for (uint32_t i = 0; i < p->nr_refs; i++)
		refn(chan, p->refs[i].bo, p->refs[i].access);
	if (big)
		refn(chan, big, NOUVEAU_BO_RD);

	ret = nouveau_pushbuf_space(push, big ? 0 : n, 0, big ? 1 : 0);
	if (!ret)
		ret = nouveau_pushbuf_validate(push);
	/*
	 * The references are in libdrm's kernel request now. Emptying the bin
	 * before the kick keeps libdrm from carrying them into the next
	 * request, where they would be fenced by work that does not use them.
	 */
	nouveau_bufctx_reset(chan->bufctx, 0);
	if (ret)
		return ret;

	if (big) {
		nouveau_pushbuf_data(push, big->bo, 0, 4ull * n);
	} else {
		memcpy(push->cur, p->start, 4ull * n);
		push->cur += n;
	}
	/* an immediate pushbuf: the GEM_PUSHBUF result is printed by libdrm, not returned */
	return nouveau_pushbuf_kick(push, chan->obj);
}

void nv_push_submit(struct nv_push *p, struct nv_channel *chan)
{
	int ret = __nv_push_submit(p, chan);

	igt_assert_f(ret == 0, "submit on channel %u: %s\n", chan->id, drmsub_errno_name(-ret));
}

int __nv_channel_wait(struct nv_channel *chan, bool nowait)
{
	int ret;

	if (chan->dev->mode == NV_MODE_VM_BIND)
		ret = __nv_vm_channel_wait(chan, nowait);
	else
		ret = __nv_bo_wait(chan->fence, nowait);
	if (ret == 0)
		release_uploads(chan);
	return ret;
}

void nv_channel_wait(struct nv_channel *chan)
{
	int ret = __nv_channel_wait(chan, false);

	igt_assert_f(ret == 0, "waiting for channel %u: %s\n", chan->id, drmsub_errno_name(-ret));
}

void nv_push_submit_wait(struct nv_push *p, struct nv_channel *chan)
{
	int ret;

	nv_push_submit(p, chan);
	nv_channel_wait(chan);
	/*
	 * A killed channel signals its fences (CPU_PREP says 0): ask the
	 * kernel, so the failure names the channel rather than the memory.
	 */
	ret = __nv_channel_probe(chan);
	igt_assert_f(ret == 0, "channel %u after the submission: %s\n", chan->id,
		     drmsub_errno_name(-ret));
}

/* NOUVEAU_BO_VRAM/GART (libdrm) → NOUVEAU_GEM_DOMAIN_VRAM/GART (UAPI) */
static uint32_t gem_domain(const struct nv_bo *bo)
{
	return (bo->domain & NOUVEAU_BO_VRAM ? NOUVEAU_GEM_DOMAIN_VRAM : 0) |
	       (bo->domain & NOUVEAU_BO_GART ? NOUVEAU_GEM_DOMAIN_GART : 0);
}

/*
 * One buffers[] entry as libdrm's pushbuf_kref (nouveau/pushbuf.c) fills
 * it: read/write domains from the access, valid_domains the BO's
 * placement, presumed offset and domain; the kernel's
 * validate_init/nouveau_gem_pushbuf_validate (nouveau_gem.c) read them.
 */
static void request_bo(struct drm_nouveau_gem_pushbuf_bo *e, const struct nv_bo *bo,
		       uint32_t access)
{
	uint32_t dom = gem_domain(bo);

	*e = (struct drm_nouveau_gem_pushbuf_bo){
		.user_priv = (uintptr_t)bo,
		.handle = bo->handle,
		.read_domains = access & NV_ACCESS_READ ? dom : 0,
		.write_domains = access & NV_ACCESS_WRITE ? dom : 0,
		.valid_domains = dom,
		/* ignored on nv50+, as libdrm fills it anyway */
		.presumed = { .valid = 1, .domain = dom, .offset = bo->va },
	};
}

void nv_submit_request_init(struct nv_submit_request *r, struct nv_push *p,
			    struct nv_channel *chan)
{
	uint32_t n = 0;

	igt_assert_f(chan->dev->mode == NV_MODE_LEGACY, "GEM_PUSHBUF needs the legacy mode\n");
	memset(r, 0, sizeof(*r));
	r->cmd = upload(chan->dev, p);
	for (; n < p->nr_refs; n++)
		request_bo(&r->bos[n], p->refs[n].bo, p->refs[n].access);
	request_bo(&r->bos[n++], chan->fence, NV_ACCESS_READ | NV_ACCESS_WRITE);
	/*
	 * the stream itself is the last entry; one push {bo_index, offset,
	 * length in bytes} as libdrm's pushbuf_submit sends each segment
	 */
	request_bo(&r->bos[n], r->cmd, NV_ACCESS_READ);
	r->push = (struct drm_nouveau_gem_pushbuf_push){
		.bo_index = n, .offset = 0, .length = 4ull * nv_push_dwords(p),
	};
	r->req = (struct drm_nouveau_gem_pushbuf){
		.channel = chan->id,
		.nr_buffers = n + 1,
		.buffers = (uintptr_t)r->bos,
		.nr_push = 1,
		.push = (uintptr_t)&r->push,
	};
}

void nv_submit_request_fini(struct nv_submit_request *r)
{
	/* the kernel defers unmapping a closed BO until its fences signal */
	nv_bo_free(r->cmd);
	r->cmd = NULL;
}

int __nv_submit_raw(struct nv_channel *chan, struct nv_submit_request *r)
{
	/* drmCommandWriteRead returns -errno, after drmIoctl's EINTR/EAGAIN retries */
	return drmCommandWriteRead(chan->dev->fd, DRM_NOUVEAU_GEM_PUSHBUF, &r->req,
				   sizeof(r->req));
}

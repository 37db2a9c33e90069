// SPDX-License-Identifier: MIT
/*
 * nouveau_gem_ioctl_pushbuf in the model: the kernel's checks in its
 * order, one function per phase, then one GPU job per request whose
 * segments are the pushes (GPFIFO entries) and whose fence is attached
 * to every buffer of the request.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <drm.h>
#include <nouveau_drm.h>

#include "model/model.h"
#include "model/fence.h"
#include "nouveau/model/nv_model.h"

#define PUSHBUF_NO_PREFETCH (1u << 23)

/* Phase 1: the channel, its death, the nr_push == 0 probe, the limits. */
static int check_request(struct model_file *file, struct drm_nouveau_gem_pushbuf *req,
			 struct nvm_channel **chan)
{
	int ret = nvm_channel_live(file, req->channel, chan);

	if (ret)
		return ret;
	req->vram_available = nvm_chip(file)->vram_size;
	req->gart_available = 1ull << 40;
	/* GPFIFO channels: no suffix */
	req->suffix0 = 0;
	req->suffix1 = 0;
	if (!req->nr_push)
		return 1;
	if (req->nr_push > NOUVEAU_GEM_MAX_PUSH || req->nr_buffers > NOUVEAU_GEM_MAX_BUFFERS ||
	    req->nr_relocs > NOUVEAU_GEM_MAX_RELOCS)
		return -EINVAL;
	return 0;
}

/* Phase 2: u_memcpya of the push and buffer arrays. */
static int copy_arrays(struct drm_nouveau_gem_pushbuf *req,
		       struct drm_nouveau_gem_pushbuf_push **push,
		       struct drm_nouveau_gem_pushbuf_bo **bos)
{
	*push = calloc(req->nr_push, sizeof(**push));
	*bos = calloc(req->nr_buffers ? req->nr_buffers : 1, sizeof(**bos));
	if (!*push || !*bos)
		return -ENOMEM;
	if (model_copy_from_user(*push, (void *)(uintptr_t)req->push,
				 req->nr_push * sizeof(**push)) ||
	    model_copy_from_user(*bos, (void *)(uintptr_t)req->buffers,
				 req->nr_buffers * sizeof(**bos)))
		return -EFAULT;
	return 0;
}

/* Phase 3: "push %d buffer not in list" */
static int check_pushes(const struct drm_nouveau_gem_pushbuf *req,
			const struct drm_nouveau_gem_pushbuf_push *push)
{
	for (uint32_t i = 0; i < req->nr_push; i++)
		if (push[i].bo_index >= req->nr_buffers)
			return -EINVAL;
	return 0;
}

/*
 * Phase 4, validate_init: every handle exists (-ENOENT), no BO twice
 * ("multiple instances of buffer", -EINVAL), valid_domains names VRAM or
 * GART (-EINVAL). The job takes a reference on each BO.
 */
static int validate_init(struct model_file *file, const struct drm_nouveau_gem_pushbuf *req,
			 const struct drm_nouveau_gem_pushbuf_bo *bos, struct nvm_job *job)
{
	const uint32_t both = NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART;

	for (uint32_t i = 0; i < req->nr_buffers; i++) {
		struct model_bo *bo = model_gem_lookup(file, bos[i].handle);
		struct nvm_bo *nb;

		if (!bo)
			return -ENOENT;
		job->buffers[job->nr_buffers++].bo = bo;
		for (uint32_t j = 0; j < i; j++)
			if (job->buffers[j].bo == bo)
				return -EINVAL;
		nb = nvm_bo(file, bo);
		if (!nb)
			return -ENOMEM;
		if (!(bos[i].valid_domains & both))
			return -EINVAL;
		job->buffers[i].va = nb->va;
		job->buffers[i].size = model_bo_size(bo);
	}
	return 0;
}

/* Phase 5, nouveau_gem_set_domain per buffer; then the GPU's mapping. */
static int validate_list(const struct drm_nouveau_gem_pushbuf *req,
			 const struct drm_nouveau_gem_pushbuf_bo *bos, struct nvm_job *job)
{
	for (uint32_t i = 0; i < req->nr_buffers; i++) {
		const struct drm_nouveau_gem_pushbuf_bo *b = &bos[i];
		struct nvm_bo *nb = model_bo_priv(job->buffers[i].bo);
		uint32_t want = b->write_domains ? b->write_domains : b->read_domains;

		if (!(b->valid_domains & nb->valid & want))
			return -EINVAL;
		job->buffers[i].cpu = model_bo_vaddr(job->buffers[i].bo);
		if (!job->buffers[i].cpu)
			return -ENOMEM;
	}
	return 0;
}

/* The fence goes on every buffer: as a writer where write_domains is set. */
static void attach_fence(struct nvm_job *job, const struct drm_nouveau_gem_pushbuf_bo *bos,
			 struct model_fence *fence)
{
	unsigned int ring = job->base.ring;

	for (uint32_t i = 0; i < job->nr_buffers; i++) {
		struct nvm_bo *nb = model_bo_priv(job->buffers[i].bo);
		struct model_fence *old = nb->fence[ring];

		/* the ring runs in order: the new fence covers the old one */
		nb->write[ring] = bos[i].write_domains ||
				  (old && nb->write[ring] && !model_fence_signaled(old));
		model_fence_put(old);
		model_fence_get(fence);
		nb->fence[ring] = fence;
	}
}

/* nv50_dma_push per push: address = the BO's VMA + offset; no bounds check. */
static void add_segments(struct nvm_job *job, const struct drm_nouveau_gem_pushbuf *req,
			 const struct drm_nouveau_gem_pushbuf_push *push)
{
	for (uint32_t i = 0; i < req->nr_push; i++)
		job->segs[job->nr_segs++] = (struct nvm_segment){
			.buffer = push[i].bo_index,
			.offset = push[i].offset,
			.length = push[i].length & ~(uint64_t)PUSHBUF_NO_PREFETCH,
		};
}

static int submit(struct model_file *file, struct nvm_job *job,
		  const struct drm_nouveau_gem_pushbuf_bo *bos, bool sync, bool *queued)
{
	struct nvm_channel *chan = job->chan;
	struct model_fence *fence;
	int ret = model_gpu_submit(model_file_device(file), &job->base, &fence);

	if (ret)
		return ret;
	/* the GPU thread owns the job from here */
	*queued = true;
	attach_fence(job, bos, fence);
	model_fence_put(chan->last);
	chan->last = fence;
	if (sync) {
		/* NOUVEAU_GEM_PUSHBUF_SYNC: wait, and return the fence's error */
		model_fence_get(fence);
		model_fence_wait(fence, -1);
		ret = model_fence_status(fence) < 0 ? model_fence_status(fence) : 0;
		model_fence_put(fence);
	}
	return ret;
}

int nvm_ioctl_pushbuf(struct model_file *file, void *data)
{
	struct drm_nouveau_gem_pushbuf *req = data;
	bool sync = req->vram_available & NOUVEAU_GEM_PUSHBUF_SYNC;
	struct drm_nouveau_gem_pushbuf_push *push = NULL;
	struct drm_nouveau_gem_pushbuf_bo *bos = NULL;
	struct nvm_channel *chan;
	struct nvm_job *job = NULL;
	bool queued = false;
	int ret;

	/* a VM_BIND client submits with EXEC only */
	if (nvm_file(file)->vm)
		return -ENOSYS;
	ret = check_request(file, req, &chan);

	if (ret)
		return ret > 0 ? 0 : ret;
	ret = copy_arrays(req, &push, &bos);
	if (!ret)
		ret = check_pushes(req, push);
	if (!ret) {
		job = nvm_job_new(chan, nvm_device(file), req->nr_buffers, req->nr_push);
		ret = job ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = validate_init(file, req, bos, job);
	if (!ret)
		ret = validate_list(req, bos, job);
	if (!ret) {
		add_segments(job, req, push);
		ret = submit(file, job, bos, sync, &queued);
	}
	if (job && !queued)
		nvm_job_free(&job->base);
	free(push);
	free(bos);
	return ret;
}

// SPDX-License-Identifier: MIT
/*
 * nouveau_exec.c in the model: EXEC. The checks in the kernel's order,
 * then a scheduler job (sched.c) that, once its in-syncobjs signalled,
 * becomes a GPU job on the channel's ring: each push is one GPFIFO
 * segment at a GPU address, run by fifo.c through the file's VM as its
 * page tables stand when the job becomes ready. A push the VM does not
 * map, or an access outside the mappings, faults and kills the channel.
 * Completion is reported only through the out-syncobjs: EXEC attaches
 * no fence a legacy CPU_PREP would see.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "model/fence.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/uapi_vm.h"

#define PUSH_MAX_LENGTH 0x7fffffu	/* NV50_DMA_PUSH_MAX_LENGTH */

struct exec_job {
	struct nvm_sched_job base;
	struct nvm_channel *chan;	/* referenced */
	struct nvm_vm *vm;		/* referenced */
	struct nvm_device *ndev;
	struct drm_nouveau_exec_push *push;
	uint32_t nr_push;
};

static void exec_job_free(struct nvm_sched_job *base)
{
	struct exec_job *job = (struct exec_job *)base;

	nvm_channel_put(job->chan);
	nvm_vm_put(job->vm);
	free(job->push);
	free(job);
}

/* nv50_dma_push's address: the mapping that holds the whole push, or none. */
static struct nvm_segment push_segment(const struct nvm_job *gpu,
				       const struct drm_nouveau_exec_push *p)
{
	for (uint32_t i = 0; i < gpu->nr_buffers; i++) {
		const struct nvm_buffer *b = &gpu->buffers[i];

		/*
		 * A push that spans two adjacent mappings would run on the
		 * hardware; the model wants it inside one (not modelled). A
		 * push from a sparse range faults here instead of reading zeros.
		 */
		if (b->cpu && p->va >= b->va && p->va_len <= b->size &&
		    p->va - b->va <= b->size - p->va_len)
			return (struct nvm_segment){ i, p->va - b->va, p->va_len };
	}
	return (struct nvm_segment){ NVM_SEG_UNMAPPED, 0, p->va_len };
}

/* nouveau_exec_job_run: the pushes become GPFIFO entries of the channel. */
static void exec_job_start(struct nvm_sched_job *base)
{
	struct exec_job *job = (struct exec_job *)base;
	struct nvm_job *gpu = nvm_job_new(job->chan, job->ndev, 0, job->nr_push);
	int ret = gpu ? nvm_vm_snapshot(job->vm, gpu) : -ENOMEM;
	struct model_fence *ring = NULL;

	for (uint32_t i = 0; !ret && i < job->nr_push; i++)
		gpu->segs[gpu->nr_segs++] = push_segment(gpu, &job->push[i]);
	if (!ret) {
		gpu->done = base->done;
		model_fence_get(gpu->done);
		ret = model_gpu_submit(base->dev, &gpu->base, &ring);
		if (ret) {
			model_fence_put(gpu->done);
			gpu->done = NULL;
		}
	}
	if (!ret) {
		/* nouveau_channel_idle at CHANNEL_FREE waits for what reached the ring */
		model_fence_put(job->chan->last);
		job->chan->last = ring;
	}
	if (ret) {
		if (gpu)
			nvm_job_free(&gpu->base);
		model_fence_signal(base->done, ret);
	}
	nvm_sched_job_release(base);
}

/* nouveau_exec_ucopy, then nouveau_exec_job_init's length check. */
static int exec_copy(const struct drm_nouveau_exec *req, struct nvm_job_arrays *a)
{
	const struct drm_nouveau_exec_push *push;
	int ret = nvm_job_arrays_copy(a, req->push_ptr, req->push_count, sizeof(*push),
				      req->wait_ptr, req->wait_count, req->sig_ptr,
				      req->sig_count);

	push = a->items;
	for (uint32_t i = 0; !ret && i < req->push_count; i++)
		if (push[i].va_len > PUSH_MAX_LENGTH)
			ret = -EINVAL;	/* "pushbuf size exceeds limit" */
	return ret;
}

/* Before any copy: VM_INIT done, the channel ours and alive, the push count. */
static int exec_check(struct model_file *file, const struct drm_nouveau_exec *req,
		      struct nvm_channel **chan)
{
	int ret;

	if (!nvm_file(file)->vm)
		return -ENOSYS;
	ret = nvm_channel_live(file, req->channel, chan);
	if (ret)
		return ret;
	/* every channel here is a GPFIFO one: no "!chan->dma.ib_max" ENOSYS */
	if (req->push_count > NVM_EXEC_PUSH_MAX)
		return -EINVAL;
	return 0;
}

static struct exec_job *exec_job_new(struct model_file *file, struct nvm_channel *chan,
				     struct nvm_job_arrays *a, uint32_t nr_push)
{
	struct exec_job *job = calloc(1, sizeof(*job));

	if (!job)
		return NULL;
	job->base.entity = chan;
	job->base.start = exec_job_start;
	job->base.free = exec_job_free;
	job->chan = chan;
	chan->refs++;
	job->vm = nvm_file(file)->vm;
	nvm_vm_get(job->vm);
	job->ndev = nvm_device(file);
	job->push = a->items;		/* the job owns the copy now */
	a->items = NULL;
	job->nr_push = nr_push;
	return job;
}

int nvm_ioctl_exec(struct model_file *file, void *data)
{
	struct drm_nouveau_exec *req = data;
	struct nvm_job_arrays a = { 0 };
	struct nvm_channel *chan = NULL;
	struct exec_job *job = NULL;
	int ret;

	if (!model_kernel_at_least(6, 6))
		return -EINVAL;		/* no such ioctl: drm_ioctl's "no function" */
	ret = exec_check(file, req, &chan);
	if (!ret)
		ret = exec_copy(req, &a);
	if (!ret) {
		job = exec_job_new(file, chan, &a, req->push_count);
		ret = job ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = nvm_sched_job_syncs(file, &job->base, a.in, req->wait_count, a.out,
					  req->sig_count);
	if (ret && job)
		nvm_sched_job_release(&job->base);
	if (!ret)
		ret = nvm_sched_push(file, &job->base, NULL);
	nvm_job_arrays_free(&a);
	return ret;
}

// SPDX-License-Identifier: MIT
/*
 * DRM_RADEON_CS (radeon_cs.c radeon_cs_ioctl) on R300-R500:
 *
 *   parser_init   the chunk array and chunks (IB, RELOCS, FLAGS, CONST_IB)
 *   ib_fill       the IB copied from user memory
 *   relocs        the RELOCS chunk: handle lookup and domains
 *   r300_cs_parse the checker (checker.c) on the model's copy of the IB
 *   schedule      a GPU job on the GFX ring; its fence goes on every reloc BO
 *
 * Each phase returns the kernel's errno. The GPU job keeps the patched IB
 * and a reference on each reloc BO until it has run.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <drm.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"

#define RADEON_IB_VM_MAX_SIZE (64u << 10)	/* dwords */

struct radeon_cs_job {
	struct model_job base;
	struct radeon_mdev *rdev;
	struct radeon_exec exec;
	uint32_t *ib;
	struct model_bo **bos;
	struct radeon_exec_bo *exec_bos;
	uint32_t nr_bos;
};

struct cs_state {
	struct radeon_parser p;
	uint64_t ib_user;		/* IB chunk data pointer */
	struct drm_radeon_cs_reloc *relocs_raw;	/* the RELOCS chunk as copied in */
	bool has_ib;
	uint32_t ring;
	struct r100_track track;
};

static int parser_init(struct cs_state *s, const struct drm_radeon_cs *cs)
{
	uint64_t *ptrs;
	uint32_t ring = RADEON_CS_RING_GFX;
	int r = 0;

	if (!model_kvmalloc_array_fits(cs->num_chunks, sizeof(uint64_t)))
		return -ENOMEM;
	ptrs = malloc(cs->num_chunks * sizeof(uint64_t));
	if (!ptrs)
		return -ENOMEM;
	if (model_copy_from_user(ptrs, (void *)(uintptr_t)cs->chunks,
				 cs->num_chunks * sizeof(uint64_t))) {
		free(ptrs);
		return -EFAULT;
	}
	for (uint32_t i = 0; i < cs->num_chunks && !r; i++) {
		struct drm_radeon_cs_chunk chunk;
		uint32_t *kdata;

		if (model_copy_from_user(&chunk, (void *)(uintptr_t)ptrs[i], sizeof(chunk))) {
			r = -EFAULT;
			break;
		}
		switch (chunk.chunk_id) {
		case RADEON_CHUNK_ID_RELOCS:
			s->p.has_relocs = true;
			s->p.relocs_len_dw = chunk.length_dw;
			break;
		case RADEON_CHUNK_ID_IB:
		case RADEON_CHUNK_ID_CONST_IB:
		case RADEON_CHUNK_ID_FLAGS:
			/* a later chunk of the same id replaces an earlier one */
			if (!chunk.length_dw) {
				r = radeon_reject(-EINVAL, "chunk %u has length 0", chunk.chunk_id);
				continue;
			}
			break;
		}
		if (chunk.chunk_id == RADEON_CHUNK_ID_CONST_IB)
			continue;
		if (chunk.chunk_id == RADEON_CHUNK_ID_IB) {
			/* not AGP: the IB is read from user memory by ib_fill */
			s->has_ib = true;
			s->p.ib_len = chunk.length_dw;
			s->ib_user = chunk.chunk_data;
			continue;
		}
		/* every other chunk, known or not, is copied in */
		if (!model_kvmalloc_array_fits(chunk.length_dw, 4)) {
			r = -ENOMEM;
			continue;
		}
		kdata = malloc(chunk.length_dw * 4u + 4);
		if (!kdata) {
			r = -ENOMEM;
			continue;
		}
		if (model_copy_from_user(kdata, (void *)(uintptr_t)chunk.chunk_data,
					 chunk.length_dw * 4u)) {
			free(kdata);
			r = -EFAULT;
			continue;
		}
		if (chunk.chunk_id == RADEON_CHUNK_ID_FLAGS) {
			s->p.cs_flags = kdata[0];
			if (chunk.length_dw > 1)
				ring = kdata[1];
		}
		if (chunk.chunk_id == RADEON_CHUNK_ID_RELOCS) {
			/* handles are resolved by cs_relocs() */
			free(s->relocs_raw);
			s->relocs_raw = (struct drm_radeon_cs_reloc *)(void *)kdata;
			kdata = NULL;
		}
		free(kdata);
	}
	free(ptrs);
	if (r)
		return r;

	if (s->p.cs_flags & RADEON_CS_USE_VM)
		return radeon_reject(-EINVAL, "VM not active on asic!");
	/* radeon_cs_get_ring */
	switch (ring) {
	case RADEON_CS_RING_GFX:
	case RADEON_CS_RING_COMPUTE:	/* compute maps to GFX before SI */
		s->ring = 0;
		return 0;
	case RADEON_CS_RING_DMA:
		return radeon_reject(-EINVAL, "DMA ring needs RV770+");
	case RADEON_CS_RING_UVD:
	case RADEON_CS_RING_VCE:
		/* r300_asic has no such ring (the kernel dereferences NULL here) */
		return radeon_reject(-EINVAL, "Ring %u requires VM!", ring);
	default:
		return radeon_reject(-EINVAL, "unknown ring id: %u", ring);
	}
}

static int ib_fill(struct cs_state *s)
{
	if (!s->has_ib)
		return 0;
	if (s->p.ib_len > RADEON_IB_VM_MAX_SIZE)
		return radeon_reject(-EINVAL, "cs IB too big: %u", s->p.ib_len);
	s->p.ib = malloc(s->p.ib_len * 4u);
	if (!s->p.ib)
		return -ENOMEM;
	if (model_copy_from_user(s->p.ib, (void *)(uintptr_t)s->ib_user, s->p.ib_len * 4u))
		return -EFAULT;
	return 0;
}

/* radeon_cs_parser_relocs: the raw relocs were copied by parser_init */
static int cs_relocs(struct cs_state *s)
{
	const struct drm_radeon_cs_reloc *raw = s->relocs_raw;
	struct radeon_mreloc *relocs;
	int r = 0;

	if (!s->p.has_relocs)
		return 0;
	s->p.nrelocs = s->p.relocs_len_dw / 4;
	relocs = calloc(s->p.nrelocs + 1, sizeof(*relocs));
	if (!relocs)
		return -ENOMEM;
	for (uint32_t i = 0; i < s->p.nrelocs && !r; i++) {
		uint32_t domain = raw[i].write_domain ? raw[i].write_domain : raw[i].read_domains;

		relocs[i].bo = model_gem_lookup(s->p.filp, raw[i].handle);
		if (!relocs[i].bo) {
			r = radeon_reject(-ENOENT, "gem object lookup failed 0x%x", raw[i].handle);
			break;
		}
		relocs[i].mbo = radeon_mbo(relocs[i].bo);
		if (!relocs[i].mbo)
			r = -ENOMEM;
		else if (domain & RADEON_GEM_DOMAIN_CPU)
			r = radeon_reject(-EINVAL, "RADEON_GEM_DOMAIN_CPU is not valid for CS");
	}
	s->p.relocs = relocs;
	return r;
}

static void put_relocs(struct radeon_parser *p)
{
	if (!p->relocs)
		return;
	for (uint32_t i = 0; i < p->nrelocs; i++)
		model_bo_put(p->relocs[i].bo);
	free(p->relocs);
	p->relocs = NULL;
}

/*
 * What the model cannot execute must not pass as rendered: the reason goes
 * to stderr always, and the device counts it as a GPU reset, as
 * radeon_gpu_reset() (radeon_device.c) counts a hang in
 * rdev->gpu_reset_counter, which RADEON_INFO_GPU_RESET_COUNTER returns
 * and Mesa's robustness query (r300_get_device_reset_status) reads.
 */
static void radeon_cs_not_executed(struct radeon_mdev *rdev, const char *why)
{
	fprintf(stderr, "drmsub-model: radeon: CS not executed: %s\n", why);
	__atomic_add_fetch(&rdev->gpu_reset_counter, 1, __ATOMIC_RELAXED);
}

static int cs_job_run(struct model_job *job)
{
	struct radeon_cs_job *j = (struct radeon_cs_job *)job;

	if (!radeon_exec(&j->exec))
		radeon_cs_not_executed(j->rdev, j->exec.fault);
	model_job_progress(job);
	return 0;
}

static void cs_job_free(struct model_job *job)
{
	struct radeon_cs_job *j = (struct radeon_cs_job *)job;

	model_bo_array_free(j->bos, j->nr_bos);
	free(j->exec_bos);
	free(j->ib);
	free(j);
}

/* radeon_ib_schedule, then ttm_eu_fence_buffer_objects on every reloc BO */
static int schedule(struct cs_state *s)
{
	struct radeon_cs_job *job = calloc(1, sizeof(*job));
	struct model_device *dev = model_file_device(s->p.filp);
	struct model_fence *fence = NULL;
	int r;

	if (!job)
		return -ENOMEM;
	job->bos = calloc(s->p.nrelocs + 1, sizeof(*job->bos));
	job->exec_bos = calloc(s->p.nrelocs + 1, sizeof(*job->exec_bos));
	if (!job->bos || !job->exec_bos) {
		free(job->bos);
		free(job->exec_bos);
		free(job);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < s->p.nrelocs; i++) {
		struct model_bo *bo = s->p.relocs[i].bo;

		model_bo_get(bo);
		/* mapped here, under the lock: the GPU thread only uses the pointer */
		job->exec_bos[job->nr_bos] = (struct radeon_exec_bo){
			.gpu_offset = s->p.relocs[i].mbo->gpu_offset,
			.size = model_bo_size(bo), .vaddr = model_bo_vaddr(bo),
		};
		job->bos[job->nr_bos++] = bo;
	}
	job->ib = s->p.ib;
	s->p.ib = NULL;
	job->rdev = s->p.rdev;
	job->exec = (struct radeon_exec){
		.state = s->p.rdev->gpu, .family = s->p.rdev->info->family,
		.z_pipes = s->p.rdev->info->num_z_pipes,
		.ib = job->ib, .ib_len = s->p.ib_len,
		.bos = job->exec_bos, .nr_bos = job->nr_bos,
	};
	job->base.ring = s->ring;
	job->base.run = cs_job_run;
	job->base.free = cs_job_free;
	r = model_gpu_submit(dev, &job->base, &fence);
	if (r) {
		s->p.ib = job->ib;
		job->ib = NULL;
		cs_job_free(&job->base);
		return r;
	}
	for (uint32_t i = 0; i < s->p.nrelocs; i++)
		radeon_mbo_fence(s->p.relocs[i].mbo, fence);
	model_fence_put(fence);
	return 0;
}

int radeon_cs_ioctl(struct model_file *file, void *data)
{
	struct drm_radeon_cs *cs = data;
	struct cs_state *s;
	int r;

	/* no chunks: nothing to do */
	if (!cs->num_chunks)
		return 0;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->p.filp = file;
	s->p.rdev = radeon_mdev(file);
	s->p.track = &s->track;
	r = parser_init(s, cs);
	if (r)
		model_debug("radeon: Failed to initialize parser !");
	if (!r)
		r = ib_fill(s);
	if (!r)
		r = cs_relocs(s);
	/* radeon_cs_ib_chunk: without an IB there is nothing to check or run */
	if (!r && s->has_ib) {
		r = r300_cs_parse(&s->p);
		if (r)
			model_debug("radeon: Invalid command stream !");
		else
			r = schedule(s);
	}
	put_relocs(&s->p);
	free(s->relocs_raw);
	free(s->p.ib);
	free(s);
	return r;
}

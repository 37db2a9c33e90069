// SPDX-License-Identifier: MIT
/*
 * Submission: the in-memory stream replayed into libdrm_radeon's CS, and
 * a hand-built DRM_RADEON_CS request for negative tests.
 */
#include <errno.h>
#include <string.h>
#include <xf86drm.h>
#include <radeon_cs.h>

#include "core/test.h"
#include "radeon/r300_cs.h"

#define RELOC_DWORDS (sizeof(struct drm_radeon_cs_reloc) / 4)

/*
 * libdrm calls this when the BOs of a space check do not fit what is left
 * of the limits. A stream is built completely before submission, so there
 * is nothing to flush: leave the check to fail and report -ENOSPC.
 */
static void space_flush(void *data)
{
	igt_debug("libdrm_radeon asked for a flush during the space check\n");
}

static void libdrm_cs_init(struct r300_cs *cs)
{
	struct r300_device *dev = cs->dev;

	cs->lcs = radeon_cs_create(dev->csm, cs->cap ? cs->cap : 1);
	igt_assert(cs->lcs);
	/* the limits start at 0, which fails every space check */
	radeon_cs_set_limit(cs->lcs, RADEON_GEM_DOMAIN_GTT,
			    dev->gart_size > UINT32_MAX ? UINT32_MAX : (uint32_t)dev->gart_size);
	radeon_cs_set_limit(cs->lcs, RADEON_GEM_DOMAIN_VRAM,
			    dev->vram_size > UINT32_MAX ? UINT32_MAX : (uint32_t)dev->vram_size);
	radeon_cs_space_set_flush(cs->lcs, space_flush, cs);
}

static bool is_reloc_at(const struct r300_cs *cs, uint32_t i, uint32_t *next)
{
	/* reloc_at is in stream order */
	if (*next < cs->nr_relocs && cs->reloc_at[*next] == i) {
		(*next)++;
		return true;
	}
	return false;
}

int __r300_cs_submit(struct r300_cs *cs)
{
	struct radeon_cs *lcs;
	uint32_t next = 0;
	int ret;

	if (!cs->lcs)
		libdrm_cs_init(cs);
	lcs = cs->lcs;

	/* write_reloc asserts every BO went through a space check first */
	radeon_cs_space_reset_bos(lcs);
	for (uint32_t i = 0; i < cs->nr_bos; i++) {
		struct r300_bo *bo = cs->bos[i].bo;

		radeon_cs_space_add_persistent_bo(lcs, bo->bo, cs->bos[i].write ? 0 : bo->domain,
						  cs->bos[i].write ? bo->domain : 0);
	}
	if (radeon_cs_space_check(lcs)) {
		radeon_cs_space_reset_bos(lcs);
		return -ENOSPC;
	}

	/* libdrm cannot end an empty section; an empty IB goes out as it is */
	if (cs->len)
		igt_assert_eq(radeon_cs_begin(lcs, cs->len, __FILE__, __func__, __LINE__), 0);
	for (uint32_t i = 0; i < cs->len; i++) {
		if (is_reloc_at(cs, i, &next)) {
			uint32_t idx = cs->dw[i + 1] / RELOC_DWORDS;
			struct r300_bo *bo;
			bool write;

			igt_assert_lt_u32(idx, cs->nr_bos);
			bo = cs->bos[idx].bo;
			write = cs->bos[idx].write;

			igt_assert_eq(radeon_cs_write_reloc(lcs, bo->bo, write ? 0 : bo->domain,
							    write ? bo->domain : 0, 0), 0);
			igt_assert_eq_u32(lcs->packets[lcs->cdw - 1], cs->dw[i + 1]);
			i++;
			continue;
		}
		radeon_cs_write_dword(lcs, cs->dw[i]);
	}
	if (cs->len)
		igt_assert_eq(radeon_cs_end(lcs, __FILE__, __func__, __LINE__), 0);

	ret = radeon_cs_emit(lcs);
	/* emit neither clears the IB nor drops the persistent space-check BOs */
	radeon_cs_erase(lcs);
	radeon_cs_space_reset_bos(lcs);
	return ret;
}

void r300_cs_submit(struct r300_cs *cs)
{
	igt_assert_eq(__r300_cs_submit(cs), 0);
}

void r300_cs_submit_wait(struct r300_cs *cs, struct r300_bo *bo)
{
	r300_cs_submit(cs);
	r300_bo_wait(bo);
}

/*
 * The request libdrm's cs_gem_emit (radeon_cs_gem.c) sends: IB chunk
 * padded with PACKET2 to 8 dwords, RELOCS chunk of {handle, read_domains,
 * write_domain, flags} entries, no FLAGS chunk; the kernel's
 * radeon_cs_parser_init and radeon_cs_parser_relocs parse it.
 */
void r300_cs_request_init(struct r300_cs_request *r, const struct r300_cs *cs)
{
	uint32_t len = (cs->len + 7) & ~7u;

	memset(r, 0, sizeof(*r));
	igt_assert(len <= R300_CS_MAX_DWORDS);
	memcpy(r->ib, cs->dw, cs->len * sizeof(uint32_t));
	for (uint32_t i = cs->len; i < len; i++)
		r->ib[i] = 0x80000000u;	/* PACKET2, as libdrm pads */
	for (uint32_t i = 0; i < cs->nr_bos; i++) {
		struct r300_bo *bo = cs->bos[i].bo;

		r->relocs[i].handle = bo->handle;
		r->relocs[i].read_domains = cs->bos[i].write ? 0 : bo->domain;
		r->relocs[i].write_domain = cs->bos[i].write ? bo->domain : 0;
	}
	r->chunks[0] = (struct drm_radeon_cs_chunk){
		.chunk_id = RADEON_CHUNK_ID_IB, .length_dw = len,
		.chunk_data = (uintptr_t)r->ib,
	};
	r->chunks[1] = (struct drm_radeon_cs_chunk){
		.chunk_id = RADEON_CHUNK_ID_RELOCS, .length_dw = cs->nr_bos * RELOC_DWORDS,
		.chunk_data = (uintptr_t)r->relocs,
	};
	for (int i = 0; i < 3; i++)
		r->chunk_ptrs[i] = (uintptr_t)&r->chunks[i];
	r->cs.num_chunks = 2;
	r->cs.chunks = (uintptr_t)r->chunk_ptrs;
}

int __r300_cs_request_submit(int fd, struct r300_cs_request *r)
{
	return drmIoctl(fd, DRM_IOCTL_RADEON_CS, &r->cs) ? -errno : 0;
}

void r300_cs_expect(struct r300_cs *cs, int err, const char *rule)
{
	/* 64 KiB of IB: one request for the process, as tests run one at a time */
	static struct r300_cs_request req;

	r300_cs_request_init(&req, cs);
	if (!err) {
		igt_assert_eq(__r300_cs_request_submit(cs->dev->fd, &req), 0);
		return;
	}
	igt_assert_errno(drmIoctl(cs->dev->fd, DRM_IOCTL_RADEON_CS, &req.cs), err, rule);
}

// SPDX-License-Identifier: MIT
/*
 * Surfaces for the engine builders (nv_surface, nouveau/push.h): a BO of
 * its own, pitch (kind 0) or block-linear (kind 0xfe, GENERIC_16BX2, the
 * kind Mesa's nvc0_mt_choose_storage_type gives uncompressed colour
 * targets), sized and addressed as envytools' g80-surface.rst describes
 * block-linear surfaces (GOBs of 64 bytes x 8 rows on GF100+).
 */
#include "core/test.h"
#include "nouveau/nv.h"

#define GOB_W 64u
#define GOB_H 8u
#define KIND_PITCH 0x00
#define KIND_GENERIC_16BX2 0xfe

static uint32_t block_rows(const struct nv_surface *s)
{
	return GOB_H << s->log2_bh;
}

static uint64_t surface_bytes(const struct nv_surface *s)
{
	uint64_t blocks_x = ((uint64_t)s->width * s->cpp + GOB_W - 1) / GOB_W;
	uint64_t blocks_y = (s->height + block_rows(s) - 1) / block_rows(s);

	if (s->pitch)
		return (uint64_t)s->pitch * s->height;
	return blocks_x * blocks_y * GOB_W * block_rows(s);
}

struct nv_surface nv_surface_new(struct nv_device *dev, uint32_t w, uint32_t h, uint32_t cpp,
				 uint32_t format, bool block_linear, uint32_t log2_bh)
{
	struct nv_surface s = {
		.width = w, .height = h, .cpp = cpp, .format = format,
		.pitch = block_linear ? 0 : w * cpp, .log2_bh = block_linear ? log2_bh : 0,
	};

	igt_assert_f(w && h && cpp && cpp <= 16 && log2_bh <= 5,
		     "surface of %ux%u pixels of %u bytes, block height %u\n", w, h, cpp, log2_bh);
	/* tile_mode: the block height in 7:4, as Mesa's nvc0 miptrees carry it */
	s.bo = nv_bo_new_kind(dev, surface_bytes(&s), NV_BO_VRAM,
			      block_linear ? KIND_GENERIC_16BX2 : KIND_PITCH, s.log2_bh << 4);
	return s;
}

void nv_surface_free(struct nv_surface *s)
{
	nv_bo_free(s->bo);
	s->bo = NULL;
}

/*
 * HARDWARE CLAIM (as the model's nouveau/model/surface.h): inside a GOB
 * bytes are row-major, 64 per row; verify on silicon.
 */
uint64_t nv_surface_offset(const struct nv_surface *s, uint32_t x, uint32_t y)
{
	uint64_t xb = (uint64_t)x * s->cpp, blocks_x = ((uint64_t)s->width * s->cpp + GOB_W - 1) / GOB_W;
	uint64_t block_bytes = (uint64_t)GOB_W * block_rows(s);

	if (s->pitch)
		return (uint64_t)y * s->pitch + xb;
	/* blocks one GOB wide: block = (x / 64, y / rows); GOBs inside stacked in y */
	return (xb / GOB_W + (y / block_rows(s)) * blocks_x) * block_bytes +
	       (y % block_rows(s)) / GOB_H * GOB_W * GOB_H + (y % GOB_H) * GOB_W + xb % GOB_W;
}

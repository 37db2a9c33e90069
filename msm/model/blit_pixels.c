// SPDX-License-Identifier: MIT
/*
 * Pixels of the a6xx blit paths: the formats freedreno renders to, clears
 * and copies, each with the 2D engine's intermediate format (IFMT) that
 * freedreno pairs it with (fd6_blitter.c fd6_ifmt), their channel orders,
 * surfaces in GPU memory, and a channel's bits. See blit.h.
 */
#include "msm/a6xx.xml.h"
#include "msm/adreno_common.xml.h"
#include "msm/model/blit.h"
#include "util/util.h"

static const struct blit_format formats[] = {
	/* UNORM of 8 bits or fewer a channel: R2D_UNORM8 */
	{ FMT6_A8_UNORM, 1, { 0, 0, 0, 8 }, BLIT_UNORM, R2D_UNORM8 },
	{ FMT6_8_UNORM, 1, { 8, 0, 0, 0 }, BLIT_UNORM, R2D_UNORM8 },
	{ FMT6_8_8_UNORM, 2, { 8, 8, 0, 0 }, BLIT_UNORM, R2D_UNORM8 },
	{ FMT6_4_4_4_4_UNORM, 2, { 4, 4, 4, 4 }, BLIT_UNORM, R2D_UNORM8 },
	{ FMT6_5_5_5_1_UNORM, 2, { 5, 5, 5, 1 }, BLIT_UNORM, R2D_UNORM8 },
	{ FMT6_5_6_5_UNORM, 2, { 5, 6, 5, 0 }, BLIT_UNORM, R2D_UNORM8 },
	{ FMT6_8_8_8_8_UNORM, 4, { 8, 8, 8, 8 }, BLIT_UNORM, R2D_UNORM8 },
	/* 16-bit UNORM (Z16 is 16_UNORM: fd6_format_table.c) and 32-bit float: R2D_FLOAT32 */
	{ FMT6_16_UNORM, 2, { 16, 0, 0, 0 }, BLIT_UNORM, R2D_FLOAT32 },
	{ FMT6_16_16_UNORM, 4, { 16, 16, 0, 0 }, BLIT_UNORM, R2D_FLOAT32 },
	{ FMT6_16_16_16_16_UNORM, 8, { 16, 16, 16, 16 }, BLIT_UNORM, R2D_FLOAT32 },
	{ FMT6_32_FLOAT, 4, { 32, 0, 0, 0 }, BLIT_BITS, R2D_FLOAT32 },
	{ FMT6_32_32_FLOAT, 8, { 32, 32, 0, 0 }, BLIT_BITS, R2D_FLOAT32 },
	{ FMT6_32_32_32_32_FLOAT, 16, { 32, 32, 32, 32 }, BLIT_BITS, R2D_FLOAT32 },
	/* half floats: R2D_FLOAT16 */
	{ FMT6_16_FLOAT, 2, { 16, 0, 0, 0 }, BLIT_BITS, R2D_FLOAT16 },
	{ FMT6_16_16_FLOAT, 4, { 16, 16, 0, 0 }, BLIT_BITS, R2D_FLOAT16 },
	{ FMT6_16_16_16_16_FLOAT, 8, { 16, 16, 16, 16 }, BLIT_BITS, R2D_FLOAT16 },
	/*
	 * 8-bit integers: R2D_INT8. S8 is 8_UINT (fd6_format_table.c); the 2D
	 * engine writes Z24S8 as Z24_UNORM_S8_UINT_AS_R8G8B8A8, depth's three
	 * bytes then stencil (fd6_blitter.c emit_blit_dst, emit_clear_color),
	 * and the event blits move Z24_UNORM_S8_UINT's four bytes.
	 */
	{ FMT6_8_UINT, 1, { 8, 0, 0, 0 }, BLIT_BITS, R2D_INT8 },
	{ FMT6_8_8_8_8_UINT, 4, { 8, 8, 8, 8 }, BLIT_BITS, R2D_INT8 },
	{ FMT6_Z24_UNORM_S8_UINT_AS_R8G8B8A8, 4, { 8, 8, 8, 8 }, BLIT_BITS, R2D_INT8 },
	{ FMT6_Z24_UNORM_S8_UINT, 4, { 8, 8, 8, 8 }, BLIT_BITS, R2D_INT8 },
	/* 32-bit integers (Z32F is copied as R32_UINT: fd6_blitter.c handle_zs_blit): R2D_INT32 */
	{ FMT6_32_UINT, 4, { 32, 0, 0, 0 }, BLIT_BITS, R2D_INT32 },
};

const struct blit_format *blit_format(uint32_t fmt)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].fmt == fmt)
			return &formats[i];
	return NULL;
}

bool blit_surface(struct cp *cp, const char *what, struct blit_surface *s, uint32_t fmt,
		  uint32_t tile, uint32_t swap, uint32_t samples, uint64_t base, uint32_t pitch)
{
	s->f = blit_format(fmt);
	if (!s->f)
		return cp_fault(cp, "%s: colour format %#x is not modelled", what, fmt);
	if (tile != TILE6_LINEAR && tile != TILE6_2 && tile != TILE6_3)
		return cp_fault(cp, "%s: tile mode %u is not modelled", what, tile);
	if (samples != MSAA_ONE)
		return cp_fault(cp, "%s: multisampled surfaces are not modelled", what);
	s->base = base;
	s->pitch = pitch;
	s->swap = swap;
	return true;
}

uint8_t *blit_row(struct cp *cp, const struct blit_surface *s, uint32_t x, uint32_t y,
		  uint32_t n, bool write)
{
	if (model_job_cancelled(&cp->submit->job))
		return NULL;
	return cp_map_dir(cp, s->base + (uint64_t)y * s->pitch + (uint64_t)x * s->f->cpp,
			  (uint64_t)n * s->f->cpp, write);
}

const uint8_t *blit_channel_order(uint32_t swap)
{
	static const uint8_t order[4][4] = {
		[WZYX] = { 0, 1, 2, 3 },
		[WXYZ] = { 2, 1, 0, 3 },
		[ZYXW] = { 3, 0, 1, 2 },
		[XYZW] = { 3, 2, 1, 0 },
	};

	return order[swap & 3];
}

static uint64_t bits_mask(unsigned int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* A channel is at most 32 bits, so it spans at most 5 bytes from its first. */
uint32_t blit_bits_get(const uint8_t *px, unsigned int shift, unsigned int bits)
{
	unsigned int first = shift / 8, lo = shift % 8, n = (lo + bits + 7) / 8;
	uint64_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)px[first + i] << (8 * i);
	return (uint32_t)((v >> lo) & bits_mask(bits));
}

void blit_bits_set(uint8_t *px, unsigned int shift, unsigned int bits, uint32_t value)
{
	unsigned int first = shift / 8, lo = shift % 8, n = (lo + bits + 7) / 8;
	uint64_t mask = bits_mask(bits) << lo, v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)px[first + i] << (8 * i);
	v = (v & ~mask) | (((uint64_t)value << lo) & mask);
	for (unsigned int i = 0; i < n; i++)
		px[first + i] = (uint8_t)(v >> (8 * i));
}

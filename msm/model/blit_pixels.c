// SPDX-License-Identifier: MIT
/*
 * Pixels of the a6xx blit paths: the UNORM colour formats freedreno
 * renders to and copies through the 2D engine's R2D_UNORM8 path
 * (fd6_blitter.c fd6_ifmt: every UNORM format of 8 bits or fewer per
 * channel), their channel orders, and surfaces in GPU memory. See blit.h.
 */
#include "msm/a6xx.xml.h"
#include "msm/adreno_common.xml.h"
#include "msm/model/blit.h"
#include "util/util.h"

static const struct blit_format formats[] = {
	{ FMT6_A8_UNORM, 1, { 0, 0, 0, 8 } },
	{ FMT6_8_UNORM, 1, { 8, 0, 0, 0 } },
	{ FMT6_8_8_UNORM, 2, { 8, 8, 0, 0 } },
	{ FMT6_4_4_4_4_UNORM, 2, { 4, 4, 4, 4 } },
	{ FMT6_5_5_5_1_UNORM, 2, { 5, 5, 5, 1 } },
	{ FMT6_5_6_5_UNORM, 2, { 5, 6, 5, 0 } },
	{ FMT6_8_8_8_8_UNORM, 4, { 8, 8, 8, 8 } },
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

/* The channels (0 R, 1 G, 2 B, 3 A) from the lowest bits up under @swap. */
static const uint8_t *channel_order(uint32_t swap)
{
	static const uint8_t order[4][4] = {
		[WZYX] = { 0, 1, 2, 3 },
		[WXYZ] = { 2, 1, 0, 3 },
		[ZYXW] = { 3, 0, 1, 2 },
		[XYZW] = { 3, 2, 1, 0 },
	};

	return order[swap & 3];
}

/* round(v * to_max / from_max): GL's UNORM conversion between widths. */
static uint32_t unorm_convert(uint32_t v, unsigned int from_bits, unsigned int to_bits)
{
	uint32_t from_max = (1u << from_bits) - 1, to_max = (1u << to_bits) - 1;

	return (uint32_t)(((uint64_t)v * to_max * 2 + from_max) / (2ull * from_max));
}

static uint32_t load_bits(const uint8_t *px, unsigned int cpp)
{
	uint32_t v = 0;

	for (unsigned int i = 0; i < cpp; i++)
		v |= (uint32_t)px[i] << (8 * i);
	return v;
}

void blit_unpack8(const struct blit_surface *s, const uint8_t *px, uint32_t rgba[4])
{
	const uint8_t *order = channel_order(s->swap);
	uint32_t v = load_bits(px, s->f->cpp);
	unsigned int shift = 0;

	rgba[0] = rgba[1] = rgba[2] = 0;
	rgba[3] = 255;
	for (unsigned int i = 0; i < 4; i++) {
		unsigned int c = order[i], bits = s->f->bits[c];

		if (!bits)
			continue;
		rgba[c] = unorm_convert((v >> shift) & ((1u << bits) - 1), bits, 8);
		shift += bits;
	}
}

void blit_pack8(const struct blit_surface *s, const uint32_t rgba[4], uint8_t *px)
{
	const uint8_t *order = channel_order(s->swap);
	unsigned int shift = 0;
	uint32_t v = 0;

	for (unsigned int i = 0; i < 4; i++) {
		unsigned int c = order[i], bits = s->f->bits[c];

		if (!bits)
			continue;
		v |= unorm_convert(rgba[c] & 0xff, 8, bits) << shift;
		shift += bits;
	}
	for (unsigned int i = 0; i < s->f->cpp; i++)
		px[i] = (uint8_t)(v >> (8 * i));
}

// SPDX-License-Identifier: MIT
/*
 * The a6xx 2D engine's intermediate formats (RB_2D_BLIT_CNTL IFMT): what a
 * pixel is between its source, or RB_2D_SRC_SOLID_C0..3, and the
 * destination. The registers hold a solid fill's channels as freedreno
 * writes them (fd6_blitter.c emit_clear_color; turnip's tu_clear_blit.c
 * r2d_clear_value agrees): R2D_UNORM8 one 8-bit UNORM value, R2D_FLOAT16 a
 * half float's bits (_mesa_float_to_half), R2D_FLOAT32 a float's bits (the
 * Z16 and Z32F clears, and fd6_draw.c fd6_clear_lrz: fui(depth) into the
 * 16_UNORM LRZ buffer), R2D_INT8 and R2D_INT32 the integer (a Z24S8 clear
 * is depth's three bytes, then stencil).
 *
 * The model converts a format only through the intermediate freedreno
 * pairs it with (fd6_blitter.c fd6_ifmt, in blit_pixels.c's table); any
 * other pairing faults as not modelled. The conversions:
 *
 *   UNORM of <= 8 bits <-> R2D_UNORM8   GL's UNORM rule between widths:
 *                                       round(v * to_max / from_max)
 *   16-bit UNORM -> R2D_FLOAT32         v / 65535 as Mesa reads a Z16
 *                                       (u_format_zs.c z16_unorm_to_z32_float)
 *   R2D_FLOAT32 -> 16-bit UNORM         clamp to [0, 1] (NaN 0), then
 *                                       v * 65535 rounded to nearest, ties to
 *                                       even: what util_pack_z (u_pack_color.h)
 *                                       gives for the same depth in a GMEM
 *                                       clear (fd6_gmem.c emit_clears), so the
 *                                       two paths agree. The hardware's own
 *                                       rounding and NaN rule: HARDWARE CLAIM,
 *                                       to verify on silicon
 *   floats and integers                 their bits, unchanged: a 32-bit float
 *                                       pairs with FLOAT32, a half with
 *                                       FLOAT16, 8- and 32-bit integers with
 *                                       INT8 and INT32, so the widths match
 *
 * A value that does not fit its destination channel (a solid fill's
 * register with bits above the channel's width) is not converted: the
 * caller faults. A channel the source lacks reads 0, alpha 1 (as GL's
 * texture lookups read them; for the 2D engine a HARDWARE CLAIM).
 */
#include <string.h>

#include "msm/a6xx.xml.h"
#include "msm/model/blit.h"
#include "util/util.h"

bool blit_ifmt_pairs(struct cp *cp, const char *what, const struct blit_surface *s,
		     uint32_t ifmt)
{
	if (s->f->ifmt == ifmt)
		return true;
	return cp_fault(cp, "%s: format %#x through intermediate format %#x is not modelled "
			"(freedreno pairs it with %#x: fd6_ifmt)", what, s->f->fmt, ifmt,
			s->f->ifmt);
}

/* round(v * to_max / from_max): GL's UNORM conversion between widths. */
static uint32_t unorm_convert(uint32_t v, unsigned int from_bits, unsigned int to_bits)
{
	uint32_t from_max = (1u << from_bits) - 1, to_max = (1u << to_bits) - 1;

	return (uint32_t)(((uint64_t)v * to_max * 2 + from_max) / (2ull * from_max));
}

/* v times the float nearest 1 / max, in float (u_format_zs.c z16_unorm_to_z32_float) */
static uint32_t unorm_to_float(uint32_t v, unsigned int bits)
{
	const float scale = (float)(1.0 / ((1u << bits) - 1));

	return float_bits((float)v * scale);
}

static uint32_t float_to_unorm(uint32_t v, unsigned int bits)
{
	uint32_t max = (1u << bits) - 1, whole;
	double scaled, frac;
	float f = bits_float(v);

	if (!(f > 0.0f))	/* NaN too */
		return 0;
	if (f >= 1.0f)
		return max;
	scaled = (double)f * max;
	whole = (uint32_t)scaled;
	frac = scaled - whole;
	return whole + (frac > 0.5 || (frac == 0.5 && (whole & 1)));
}

/* A present channel's stored value @v of @bits in the intermediate @ifmt. */
static uint32_t to_ifmt(const struct blit_format *f, uint32_t ifmt, uint32_t v, unsigned int bits)
{
	if (f->kind != BLIT_UNORM)
		return v;
	return ifmt == R2D_UNORM8 ? unorm_convert(v, bits, 8) : unorm_to_float(v, bits);
}

/* The value of a missing alpha: 1 in the intermediate's form. */
static uint32_t one(uint32_t ifmt)
{
	switch (ifmt) {
	case R2D_UNORM8:
		return 0xff;
	case R2D_FLOAT32:
		return float_bits(1.0f);
	case R2D_FLOAT16:
		return 0x3c00;
	default:
		return 1;
	}
}

void blit_unpack(const struct blit_surface *s, const uint8_t *px, struct blit_px *v)
{
	const uint8_t *order = blit_channel_order(s->swap);
	unsigned int shift = 0;

	v->c[0] = v->c[1] = v->c[2] = 0;
	v->c[3] = one(v->ifmt);
	for (unsigned int i = 0; i < 4; i++) {
		unsigned int c = order[i], bits = s->f->bits[c];

		if (!bits)
			continue;
		v->c[c] = to_ifmt(s->f, v->ifmt, blit_bits_get(px, shift, bits), bits);
		shift += bits;
	}
}

/* Channel value @v of the intermediate as @bits of @f, or false when it does not fit. */
static bool from_ifmt(const struct blit_format *f, uint32_t ifmt, uint32_t v, unsigned int bits,
		      uint32_t *out)
{
	if (f->kind == BLIT_UNORM && ifmt == R2D_FLOAT32) {
		*out = float_to_unorm(v, bits);
		return true;
	}
	if (f->kind == BLIT_UNORM) {
		*out = unorm_convert(v, 8, bits);
		return v <= 0xff;
	}
	*out = v;
	return bits >= 32 || v >> bits == 0;
}

bool blit_pack(const struct blit_surface *s, const struct blit_px *v, uint8_t *px)
{
	const uint8_t *order = blit_channel_order(s->swap);
	unsigned int shift = 0;
	uint32_t stored;

	memset(px, 0, s->f->cpp);
	for (unsigned int i = 0; i < 4; i++) {
		unsigned int c = order[i], bits = s->f->bits[c];

		if (!bits)
			continue;
		if (!from_ifmt(s->f, v->ifmt, v->c[c], bits, &stored))
			return false;
		blit_bits_set(px, shift, bits, stored);
		shift += bits;
	}
	return true;
}

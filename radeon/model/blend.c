// SPDX-License-Identifier: MIT
/*
 * RB3D of the model: blending, logic ops, the channel mask and the write
 * of a colour buffer pixel in its format.
 *
 * Blending: result = src * SRCBLEND <COMB_FCN> dst * DESTBLEND per
 * channel, with the alpha channel under RB3D_ABLENDCNTL when
 * SEPARATE_ALPHA_ENABLE is set. For fixed-point buffers the source is
 * clamped to [0, 1]; MIN and MAX ignore the factors (Mesa passes the GL
 * factors through unchanged, and GL ignores them); the _CLAMP functions
 * clamp the result, the _NOCLAMP ones leave the fixed-point conversion to
 * clamp it (Mesa uses them only for float buffers: what they do to an
 * 8-bit buffer out of range is not documented). Without READ_ENABLE the
 * destination reads as 0: the kernel only checks the colour buffer's size
 * for reads when READ_ENABLE is set, which says the hardware does not
 * read it otherwise. The constant colour is RB3D_CONSTANT_COLOR (ARGB8888)
 * on R3xx/R4xx and RB3D_CONSTANT_COLOR_AR/GB on R5xx, which Mesa fills
 * with 10-bit fixed point (0..1023) for 8-bit buffers (FP16 for float
 * buffers: not modelled). DISCARD_SRC_PIXELS is taken as off: Mesa sets
 * it only where the discarded pixels would leave the buffer unchanged.
 *
 * Logic ops (RB3D_ROPCNTL.ROP_ENABLE, ROP = GL's op in PIPE_LOGICOP order,
 * Mesa: "PIPE_LOGICOP_* don't need to be translated"): on the stored
 * integer bits of each channel of a fixed-point buffer, instead of
 * blending, as GL orders them.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

static bool factor_known(uint32_t f)
{
	return f >= BLEND_GL_ZERO && f <= BLEND_GL_ONE_MINUS_CONST_ALPHA;
}

static bool blend_known(uint32_t eq)
{
	return factor_known(r300_blend_eq_SRCBLEND__get(eq)) &&
	       factor_known(r300_blend_eq_DESTBLEND__get(eq));
}

static void unpack_argb(uint32_t argb, float v[4])
{
	v[0] = (float)(argb >> 16 & 0xff) / 255.0f;
	v[1] = (float)(argb >> 8 & 0xff) / 255.0f;
	v[2] = (float)(argb & 0xff) / 255.0f;
	v[3] = (float)(argb >> 24) / 255.0f;
}

static void constant_colour(struct radeon_backend *b)
{
	const struct radeon_gpu_state *s = b->s;
	uint32_t ar = REG(s, REG_R300_RB3D_CONSTANT_COLOR_AR), gb = REG(s, REG_R300_RB3D_CONSTANT_COLOR_GB);

	if (!b->r500) {
		unpack_argb(REG(s, REG_R300_RB3D_CONSTANT_COLOR), b->constant);
		return;
	}
	b->constant[0] = (float)R300_RB3D_CONSTANT_COLOR_AR_RED__get(ar) / 1023.0f;
	b->constant[1] = (float)R300_RB3D_CONSTANT_COLOR_GB_GREEN__get(gb) / 1023.0f;
	b->constant[2] = (float)R300_RB3D_CONSTANT_COLOR_GB_BLUE__get(gb) / 1023.0f;
	b->constant[3] = (float)R300_RB3D_CONSTANT_COLOR_AR_ALPHA__get(ar) / 1023.0f;
}

bool radeon_blend_begin(struct radeon_backend *b, struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;

	b->blend = REG(s, REG_R300_RB3D_BLENDCNTL);
	b->ablend = REG(s, REG_R300_RB3D_ABLENDCNTL);
	b->rop = REG(s, REG_R300_RB3D_ROPCNTL);
	if (R300_RB3D_BLENDCNTL_ALPHA_BLEND_ENABLE__get(b->blend) &&
	    (!blend_known(b->blend) || (R300_RB3D_BLENDCNTL_SEPARATE_ALPHA_ENABLE__get(b->blend) &&
					!blend_known(b->ablend))))
		return radeon_fault(x, "blend factor not modelled (RB3D_BLENDCNTL %#x)", b->blend);
	for (unsigned int i = 0; i < b->nr_cb; i++)
		if (R300_RB3D_ROPCNTL_ROP_ENABLE__get(b->rop) && b->cb[i].fmt.is_float)
			return radeon_fault(x, "logic ops on a float colour buffer are not modelled");
	constant_colour(b);
	return true;
}

/* Blend factor @f for channel @c (3 = alpha). */
static float factor(uint32_t f, int c, const float src[4], const float dst[4], const float k[4])
{
	switch (f) {
	case BLEND_GL_ONE: return 1.0f;
	case BLEND_GL_SRC_COLOR: return src[c];
	case BLEND_GL_ONE_MINUS_SRC_COLOR: return 1.0f - src[c];
	case BLEND_GL_DST_COLOR: return dst[c];
	case BLEND_GL_ONE_MINUS_DST_COLOR: return 1.0f - dst[c];
	case BLEND_GL_SRC_ALPHA: return src[3];
	case BLEND_GL_ONE_MINUS_SRC_ALPHA: return 1.0f - src[3];
	case BLEND_GL_DST_ALPHA: return dst[3];
	case BLEND_GL_ONE_MINUS_DST_ALPHA: return 1.0f - dst[3];
	case BLEND_GL_SRC_ALPHA_SATURATE: return c == 3 ? 1.0f : fm_min(src[3], 1.0f - dst[3]);
	case BLEND_GL_CONST_COLOR: return k[c];
	case BLEND_GL_ONE_MINUS_CONST_COLOR: return 1.0f - k[c];
	case BLEND_GL_CONST_ALPHA: return k[3];
	case BLEND_GL_ONE_MINUS_CONST_ALPHA: return 1.0f - k[3];
	default: return 0.0f;	/* BLEND_GL_ZERO; others were refused at begin */
	}
}

static float combine(uint32_t eq, int c, const float src[4], const float dst[4], const float k[4])
{
	float s = src[c] * factor(r300_blend_eq_SRCBLEND__get(eq), c, src, dst, k);
	float d = dst[c] * factor(r300_blend_eq_DESTBLEND__get(eq), c, src, dst, k);

	switch (r300_blend_eq_COMB_FCN__get(eq)) {
	case COMB_FCN_ADD_CLAMP: return fm_clamp01(s + d);
	case COMB_FCN_ADD_NOCLAMP: return s + d;
	case COMB_FCN_SUB_CLAMP: return fm_clamp01(s - d);
	case COMB_FCN_SUB_NOCLAMP: return s - d;
	case COMB_FCN_MIN: return fm_min(src[c], dst[c]);
	case COMB_FCN_MAX: return fm_max(src[c], dst[c]);
	case COMB_FCN_RSUB_CLAMP: return fm_clamp01(d - s);
	default: return d - s;	/* COMB_FCN_RSUB_NOCLAMP */
	}
}

/* The source enters clamped to the buffer's range: [0, 1] unorm, [-1, 1] snorm, floats as they are. */
static void blend(const struct radeon_backend *b, const struct rp_cb_format *f, float rgba[4],
		  const float dst[4])
{
	uint32_t aeq = R300_RB3D_BLENDCNTL_SEPARATE_ALPHA_ENABLE__get(b->blend) ? b->ablend : b->blend;
	float src[4], d[4] = { 0, 0, 0, 0 };

	for (int c = 0; c < 4; c++)
		src[c] = f->is_float ? rgba[c] : f->signed_mask ?
			 fm_max(fm_min(rgba[c], 1.0f), -1.0f) : fm_clamp01(rgba[c]);
	if (R300_RB3D_BLENDCNTL_READ_ENABLE__get(b->blend))
		memcpy(d, dst, sizeof(d));
	for (int c = 0; c < 3; c++)
		rgba[c] = combine(b->blend, c, src, d, b->constant);
	rgba[3] = combine(aeq, 3, src, d, b->constant);
}

/* GL logic op @op of source @s and destination @d (PIPE_LOGICOP order). */
static uint32_t logic_op(uint32_t op, uint32_t s, uint32_t d)
{
	switch (op & 15) {
	case 0: return 0;		/* CLEAR */
	case 1: return ~(s | d);	/* NOR */
	case 2: return ~s & d;		/* AND_INVERTED */
	case 3: return ~s;		/* COPY_INVERTED */
	case 4: return s & ~d;		/* AND_REVERSE */
	case 5: return ~d;		/* INVERT */
	case 6: return s ^ d;		/* XOR */
	case 7: return ~(s & d);	/* NAND */
	case 8: return s & d;		/* AND */
	case 9: return ~(s ^ d);	/* EQUIV */
	case 10: return d;		/* NOOP */
	case 11: return ~s | d;		/* OR_INVERTED */
	case 12: return s;		/* COPY */
	case 13: return s | ~d;		/* OR_REVERSE */
	case 14: return s | d;		/* OR */
	default: return ~0u;		/* SET */
	}
}

/* The logic op per stored channel: integers of the format's widths, back to floats. */
static void rop(const struct radeon_backend *b, const struct rp_cb_format *f, float c[4],
		const float dst[4])
{
	for (int i = 0; i < 4; i++) {
		uint32_t bits = f->bits[i], max = bits ? (uint32_t)((1ull << bits) - 1) : 0;
		uint32_t s = (uint32_t)(fm_clamp01(c[i]) * (float)max + 0.5f);
		uint32_t d = (uint32_t)(fm_clamp01(dst[i]) * (float)max + 0.5f);

		if (bits)
			c[i] = (float)(logic_op(R300_RB3D_ROPCNTL_ROP__get(b->rop), s, d) & max) / (float)max;
	}
}

void radeon_blend_write(struct radeon_backend *b, const struct radeon_target *t, uint32_t px,
			uint32_t py, const float rgba[4])
{
	uint8_t *p = rp_surface_pixel(&t->sf, px, py);
	float dst_c[4], dst[4] = { 0, 0, 0, 1 }, out[4], c[4];

	rp_cb_unpack(&t->fmt, p, dst_c);
	for (int i = 0; i < 4; i++)	/* the stored channels back in RGBA order */
		if (t->fmt.bits[i])
			dst[t->fmt.sel[i]] = dst_c[i];
	memcpy(out, rgba, sizeof(out));
	if (R300_RB3D_ROPCNTL_ROP_ENABLE__get(b->rop)) {
		for (int i = 0; i < 4; i++)
			c[i] = out[t->fmt.sel[i]];
		rop(b, &t->fmt, c, dst_c);
		rp_cb_pack(&t->fmt, p, c, t->mask);
		return;
	}
	if (R300_RB3D_BLENDCNTL_ALPHA_BLEND_ENABLE__get(b->blend))
		blend(b, &t->fmt, out, dst);
	for (int i = 0; i < 4; i++)
		c[i] = out[t->fmt.sel[i]];
	rp_cb_pack(&t->fmt, p, c, t->mask);
}

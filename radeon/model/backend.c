// SPDX-License-Identifier: MIT
/*
 * The FG and RB3D ends of the model's R3xx pipeline: the alpha test,
 * blending, the colour channel mask and the ARGB8888 write of colour
 * buffer 0, in the order the hardware runs them (US -> FG -> ZB -> RB3D;
 * ZB_ZTOP moves the depth test before the alpha test).
 *
 * Alpha test (FG_ALPHA_FUNC): the fragment's alpha, as the 8-bit value
 * the colour buffer would store, against AF_VAL (Mesa writes
 * float_to_ubyte(ref)). R5xx without AF_8BIT compares 10 bits against
 * FG_ALPHA_VALUE: not modelled.
 *
 * Blending: result = src * SRCBLEND <COMB_FCN> dst * DESTBLEND per
 * channel, with the alpha channel under RB3D_ABLENDCNTL when
 * SEPARATE_ALPHA_ENABLE is set. The source is clamped to [0, 1] (a
 * fixed-point buffer); MIN and MAX ignore the factors (Mesa passes the
 * GL factors through unchanged, and GL ignores them); the _CLAMP
 * functions clamp the result, the _NOCLAMP ones leave the 8-bit
 * conversion to clamp it (Mesa uses them only for float buffers: what
 * they do to an 8-bit buffer out of range is not documented). Without
 * READ_ENABLE the destination reads as 0: the kernel only checks the
 * colour buffer's size for reads when READ_ENABLE is set, which says the
 * hardware does not read it otherwise. The constant colour is
 * RB3D_CONSTANT_COLOR (ARGB8888) on R3xx/R4xx and RB3D_CONSTANT_COLOR_AR/GB
 * on R5xx, which Mesa fills with 10-bit fixed point (0..1023) for 8-bit
 * buffers (FP16 for float buffers: not modelled). DISCARD_SRC_PIXELS is taken
 * as off: Mesa sets it only where the discarded pixels would leave the
 * buffer unchanged. Logic ops (RB3D_ROPCNTL) are not modelled.
 */
#include <string.h>

#include "model/model.h"
#include "radeon/model/backend.h"

#define REG(s, r) ((s)->regs[(r) >> 2])

void *radeon_exec_bo_at(const struct radeon_exec *x, uint32_t gpu_addr, uint64_t need)
{
	for (uint32_t i = 0; i < x->nr_bos; i++) {
		uint64_t start = x->bos[i].gpu_offset;

		if (gpu_addr >= start && gpu_addr - start + need <= x->bos[i].size && x->bos[i].vaddr)
			return (uint8_t *)x->bos[i].vaddr + (gpu_addr - start);
	}
	return NULL;
}

static float clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static float min2(float a, float b)
{
	return a < b ? a : b;
}

static float max2(float a, float b)
{
	return a > b ? a : b;
}

static bool factor_known(uint32_t f)
{
	return f >= BLEND_GL_ZERO && f <= BLEND_GL_ONE_MINUS_CONST_ALPHA;
}

static bool blend_known(uint32_t eq)
{
	return factor_known(r300_blend_eq_SRCBLEND__get(eq)) &&
	       factor_known(r300_blend_eq_DESTBLEND__get(eq));
}

/* Colour buffer 0 and the scissor. */
static bool colour_target(struct radeon_backend *b, const struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t pitch = REG(s, REG_R300_RB3D_COLORPITCH0);
	uint32_t origin = x->family < RV515 ? SC_ORIGIN_R3XX : SC_ORIGIN_R5XX;
	uint32_t sc0 = REG(s, REG_R300_SC_SCISSOR0), sc1 = REG(s, REG_R300_SC_SCISSOR1);

	if (r300_colorpitch_COLORFORMAT__get(pitch) != COLOR_FORMAT_ARGB8888 ||
	    r300_us_out_fmt_OUT_FMT__get(REG(s, REG_R300_US_OUT_FMT_0)) != US_OUT_FMT_C4_8 ||
	    (pitch & (r300_colorpitch_COLORTILE__MASK | r300_colorpitch_COLORMICROTILE__MASK)))
		return false;
	b->cb_pitch = pitch & r300_colorpitch_COLORPITCH__MASK;
	b->x0 = r300_sc_xy_X__get(sc0) - origin;
	b->y0 = r300_sc_xy_Y__get(sc0) - origin;
	b->x1 = r300_sc_xy_X__get(sc1) - origin;
	b->y1 = r300_sc_xy_Y__get(sc1) - origin;
	if (b->x1 >= b->cb_pitch || b->x0 > b->x1 || b->y0 > b->y1 || b->y1 > 8192)
		return false;
	b->cb = radeon_exec_bo_at(x, REG(s, REG_R300_RB3D_COLOROFFSET0),
				  (uint64_t)b->cb_pitch * 4 * (b->y1 + 1));
	return b->cb != NULL;
}

bool radeon_backend_begin(struct radeon_backend *b, const struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t blend = REG(s, REG_R300_RB3D_BLENDCNTL), af = REG(s, REG_R300_FG_ALPHA_FUNC);

	*b = (struct radeon_backend){ .s = x->state, .r500 = x->family >= RV515 };
	if (!colour_target(b, x)) {
		model_debug("radeon: exec: colour buffer 0 is not a linear ARGB8888 buffer in the CS");
		return false;
	}
	if ((blend & R300_RB3D_BLENDCNTL_ALPHA_BLEND_ENABLE__MASK) &&
	    (!blend_known(blend) || ((blend & R300_RB3D_BLENDCNTL_SEPARATE_ALPHA_ENABLE__MASK) &&
				     !blend_known(REG(s, REG_R300_RB3D_ABLENDCNTL))))) {
		model_debug("radeon: exec: blend factor not modelled (%#x)", blend);
		return false;
	}
	if ((af & R300_FG_ALPHA_FUNC_AF_EN__MASK) && x->family >= RV515 &&
	    !(af & R300_FG_ALPHA_FUNC_AF_8BIT__MASK)) {
		model_debug("radeon: exec: the 10-bit alpha test is not modelled");
		return false;
	}
	if (REG(s, REG_R300_RB3D_ROPCNTL) & R300_RB3D_ROPCNTL_ROP_ENABLE__MASK) {
		model_debug("radeon: exec: logic ops are not modelled");
		return false;
	}
	return radeon_zbuf_begin(&b->zb, x, b->y1 + 1);
}

static uint32_t to_unorm8(float v)
{
	return (uint32_t)(clamp01(v) * 255.0f + 0.5f);
}

static bool alpha_test(const struct radeon_gpu_state *s, float alpha)
{
	uint32_t af = REG(s, REG_R300_FG_ALPHA_FUNC), a = to_unorm8(alpha);
	uint32_t ref = R300_FG_ALPHA_FUNC_AF_VAL__get(af);

	if (!(af & R300_FG_ALPHA_FUNC_AF_EN__MASK))
		return true;
	switch (R300_FG_ALPHA_FUNC_AF_FUNC__get(af)) {
	case AF_NEVER:
		return false;
	case AF_LESS:
		return a < ref;
	case AF_EQUAL:
		return a == ref;
	case AF_LE:
		return a <= ref;
	case AF_GREATER:
		return a > ref;
	case AF_NOTEQUAL:
		return a != ref;
	case AF_GE:
		return a >= ref;
	default:
		return true;	/* AF_ALWAYS */
	}
}

/* Blend factor @f for channel @c (3 = alpha). */
static float factor(uint32_t f, int c, const float src[4], const float dst[4], const float k[4])
{
	switch (f) {
	case BLEND_GL_ONE:
		return 1.0f;
	case BLEND_GL_SRC_COLOR:
		return src[c];
	case BLEND_GL_ONE_MINUS_SRC_COLOR:
		return 1.0f - src[c];
	case BLEND_GL_DST_COLOR:
		return dst[c];
	case BLEND_GL_ONE_MINUS_DST_COLOR:
		return 1.0f - dst[c];
	case BLEND_GL_SRC_ALPHA:
		return src[3];
	case BLEND_GL_ONE_MINUS_SRC_ALPHA:
		return 1.0f - src[3];
	case BLEND_GL_DST_ALPHA:
		return dst[3];
	case BLEND_GL_ONE_MINUS_DST_ALPHA:
		return 1.0f - dst[3];
	case BLEND_GL_SRC_ALPHA_SATURATE:
		return c == 3 ? 1.0f : min2(src[3], 1.0f - dst[3]);
	case BLEND_GL_CONST_COLOR:
		return k[c];
	case BLEND_GL_ONE_MINUS_CONST_COLOR:
		return 1.0f - k[c];
	case BLEND_GL_CONST_ALPHA:
		return k[3];
	case BLEND_GL_ONE_MINUS_CONST_ALPHA:
		return 1.0f - k[3];
	default:
		return 0.0f;	/* BLEND_GL_ZERO; others were refused at begin */
	}
}

static float combine(uint32_t eq, int c, const float src[4], const float dst[4], const float k[4])
{
	float s = src[c] * factor(r300_blend_eq_SRCBLEND__get(eq), c, src, dst, k);
	float d = dst[c] * factor(r300_blend_eq_DESTBLEND__get(eq), c, src, dst, k);

	switch (r300_blend_eq_COMB_FCN__get(eq)) {
	case COMB_FCN_ADD_CLAMP:
		return clamp01(s + d);
	case COMB_FCN_ADD_NOCLAMP:
		return s + d;
	case COMB_FCN_SUB_CLAMP:
		return clamp01(s - d);
	case COMB_FCN_SUB_NOCLAMP:
		return s - d;
	case COMB_FCN_MIN:
		return min2(src[c], dst[c]);
	case COMB_FCN_MAX:
		return max2(src[c], dst[c]);
	case COMB_FCN_RSUB_CLAMP:
		return clamp01(d - s);
	default:
		return d - s;	/* COMB_FCN_RSUB_NOCLAMP */
	}
}

static void unpack_argb(uint32_t argb, float v[4])
{
	v[0] = (float)(argb >> 16 & 0xff) / 255.0f;
	v[1] = (float)(argb >> 8 & 0xff) / 255.0f;
	v[2] = (float)(argb & 0xff) / 255.0f;
	v[3] = (float)(argb >> 24) / 255.0f;
}

static void constant_colour(const struct radeon_backend *b, float k[4])
{
	const struct radeon_gpu_state *s = b->s;
	uint32_t ar = REG(s, REG_R300_RB3D_CONSTANT_COLOR_AR), gb = REG(s, REG_R300_RB3D_CONSTANT_COLOR_GB);

	if (!b->r500) {
		unpack_argb(REG(s, REG_R300_RB3D_CONSTANT_COLOR), k);
		return;
	}
	k[0] = (float)R300_RB3D_CONSTANT_COLOR_AR_RED__get(ar) / 1023.0f;
	k[1] = (float)R300_RB3D_CONSTANT_COLOR_GB_GREEN__get(gb) / 1023.0f;
	k[2] = (float)R300_RB3D_CONSTANT_COLOR_GB_BLUE__get(gb) / 1023.0f;
	k[3] = (float)R300_RB3D_CONSTANT_COLOR_AR_ALPHA__get(ar) / 1023.0f;
}

static void blend(const struct radeon_backend *b, float rgba[4], const float dst[4])
{
	const struct radeon_gpu_state *s = b->s;
	uint32_t cntl = REG(s, REG_R300_RB3D_BLENDCNTL);
	uint32_t aeq = cntl & R300_RB3D_BLENDCNTL_SEPARATE_ALPHA_ENABLE__MASK ?
		       REG(s, REG_R300_RB3D_ABLENDCNTL) : cntl;
	float src[4], d[4] = { 0, 0, 0, 0 }, k[4];

	if (!(cntl & R300_RB3D_BLENDCNTL_ALPHA_BLEND_ENABLE__MASK))
		return;
	for (int c = 0; c < 4; c++)
		src[c] = clamp01(rgba[c]);
	if (cntl & R300_RB3D_BLENDCNTL_READ_ENABLE__MASK)
		memcpy(d, dst, sizeof(d));
	constant_colour(b, k);
	for (int c = 0; c < 3; c++)
		rgba[c] = combine(cntl, c, src, d, k);
	rgba[3] = combine(aeq, 3, src, d, k);
}

/* OUT_SEL (A, R, G, B) to the channel's index in RGBA order. */
static const int sel_channel[4] = { 3, 0, 1, 2 };

/* Blend with, mask against and write the ARGB8888 pixel (bytes B, G, R, A under US_OUT_FMT_0). */
static void colour_write(const struct radeon_backend *b, uint32_t px, uint32_t py, float rgba[4])
{
	const struct radeon_gpu_state *s = b->s;
	uint32_t fmt = REG(s, REG_R300_US_OUT_FMT_0);
	uint32_t mask = REG(s, REG_R300_RB3D_COLOR_CHANNEL_MASK);
	static const uint32_t byte_mask[4] = {
		R300_RB3D_COLOR_CHANNEL_MASK_BLUE_MASK0__MASK, R300_RB3D_COLOR_CHANNEL_MASK_GREEN_MASK0__MASK,
		R300_RB3D_COLOR_CHANNEL_MASK_RED_MASK0__MASK, R300_RB3D_COLOR_CHANNEL_MASK_ALPHA_MASK0__MASK,
	};
	uint8_t *p = b->cb + ((uint64_t)py * b->cb_pitch + px) * 4;
	float dst[4] = { 0, 0, 0, 0 };
	int sel[4];

	for (int i = 0; i < 4; i++) {
		sel[i] = sel_channel[(fmt >> (r300_us_out_fmt_C0_SEL__SHIFT + 2 * i)) & 3];
		dst[sel[i]] = (float)p[i] / 255.0f;
	}
	blend(b, rgba, dst);
	for (int i = 0; i < 4; i++)
		if (mask & byte_mask[i])
			p[i] = (uint8_t)to_unorm8(rgba[sel[i]]);
}

void radeon_backend_fragment(struct radeon_backend *b, uint32_t px, uint32_t py, float z,
			     const float rgba[4])
{
	float out[4];

	if (b->zb.top && !radeon_zbuf_test(&b->zb, b->s, px, py, z))
		return;
	if (!alpha_test(b->s, rgba[3]))
		return;
	if (!b->zb.top && !radeon_zbuf_test(&b->zb, b->s, px, py, z))
		return;
	radeon_zpass_count(b->s);
	memcpy(out, rgba, sizeof(out));
	colour_write(b, px, py, out);
}

// SPDX-License-Identifier: MIT
/*
 * The SC and FG ends of the model's pipeline and the order of the back
 * end: scissor and cliprects, the alpha test, then ZB and RB3D (the
 * hardware's US -> FG -> ZB -> RB3D order; ZB_ZTOP moves the depth test
 * before the alpha test).
 *
 * Scissor (SC_SCISSOR0/1, inclusive corners, origin SC_ORIGIN_R3XX
 * before R5xx) and cliprects: SC_CLIP_RULE is a truth table over which of
 * the four SC_CLIP_n rectangles contain the pixel (bit 0 none, bit 1 only
 * cliprect 0, ... : Mesa writes 0xFFFF, everything passes, or 0xAAAA,
 * inside cliprect 0, for GL's scissor: r300_create_rs_state). Corners are
 * read as unsigned 13-bit values (r300.xml r300_sc_xy). Mesa's zero-area
 * scissor on R5xx writes a bottom-right of 8191 (maxx - 1 with maxx 0,
 * r300_emit_scissor_state), which this reading puts past the target:
 * whether the unit reads it as -1 instead is a HARDWARE CLAIM still to be
 * verified on silicon (tests/mesa/expectations.txt, gl-1.0-scissor-offscreen).
 *
 * Colour targets: US_OUT_FMT_n other than UNUSED makes colour buffer n
 * take shader output n; RB3D_CCTL.NUM_MULTIWRITES > 0 replicates output 0
 * to buffers 1..NUM_MULTIWRITES (Mesa's fb_multiwrite, which marks
 * US_OUT_FMT_1..3 unused). RB3D_COLOR_CHANNEL_MASK has four bits per
 * buffer, bit k gating Ck (Mesa's r300_create_blend_state picks the
 * mask's swizzle per format so that bit 0 is the first stored channel).
 *
 * Alpha test (FG_ALPHA_FUNC): the fragment's alpha, as the 8-bit value
 * the colour buffer would store, against AF_VAL (Mesa writes
 * float_to_ubyte(ref)). R5xx without AF_8BIT compares 10 bits or FP16
 * against FG_ALPHA_VALUE: not modelled. Alpha-to-coverage (AM_EN) and
 * dithering are faults.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

void *radeon_exec_bo_at(const struct radeon_exec *x, uint32_t gpu_addr, uint64_t need)
{
	for (uint32_t i = 0; i < x->nr_bos; i++) {
		uint64_t start = x->bos[i].gpu_offset;

		if (gpu_addr >= start && gpu_addr - start + need <= x->bos[i].size && x->bos[i].vaddr)
			return (uint8_t *)x->bos[i].vaddr + (gpu_addr - start);
	}
	return NULL;
}

static void sc_rect(uint32_t tl, uint32_t br, int32_t origin, int32_t r[4])
{
	r[0] = (int32_t)r300_sc_xy_X__get(tl) - origin;
	r[1] = (int32_t)r300_sc_xy_Y__get(tl) - origin;
	r[2] = (int32_t)r300_sc_xy_X__get(br) - origin;
	r[3] = (int32_t)r300_sc_xy_Y__get(br) - origin;
}

static bool scissor(struct radeon_backend *b, struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;
	int32_t origin = x->family < RV515 ? SC_ORIGIN_R3XX : SC_ORIGIN_R5XX, sc[4];

	sc_rect(REG(s, REG_R300_SC_SCISSOR0), REG(s, REG_R300_SC_SCISSOR1), origin, sc);
	if (sc[0] < 0 || sc[1] < 0 || sc[2] < sc[0] || sc[3] < sc[1] || sc[3] > 8192 || sc[2] > 8192)
		return radeon_fault(x, "scissor (%d, %d)-(%d, %d) not modelled", sc[0], sc[1], sc[2],
				    sc[3]);
	b->x0 = (uint32_t)sc[0], b->y0 = (uint32_t)sc[1];
	b->x1 = (uint32_t)sc[2], b->y1 = (uint32_t)sc[3];
	b->clip_rule = REG(s, REG_R300_SC_CLIP_RULE) & 0xffff;
	for (int i = 0; i < 4; i++)
		sc_rect(REG(s, REG_R300_SC_CLIP_0_A + 8 * i), REG(s, REG_R300_SC_CLIP_0_B + 8 * i), origin,
			b->clip[i]);
	return true;
}

bool radeon_backend_visible(const struct radeon_backend *b, int32_t px, int32_t py)
{
	uint32_t in = 0;

	if (px < (int32_t)b->x0 || px > (int32_t)b->x1 || py < (int32_t)b->y0 || py > (int32_t)b->y1)
		return false;
	if (b->clip_rule == 0xffff)
		return true;
	for (int i = 0; i < 4; i++)
		if (px >= b->clip[i][0] && px <= b->clip[i][2] && py >= b->clip[i][1] &&
		    py <= b->clip[i][3])
			in |= 1u << i;
	return b->clip_rule & (1u << in);
}

/* Colour buffer @n taking shader output @output with US_OUT_FMT @out_fmt. */
static bool target(struct radeon_backend *b, struct radeon_exec *x, unsigned int n,
		   unsigned int output, uint32_t out_fmt)
{
	const struct radeon_gpu_state *s = x->state;
	struct radeon_target *t = &b->cb[b->nr_cb];
	uint32_t pitch = REG(s, REG_R300_RB3D_COLORPITCH0 + 4 * n);
	const char *why = rp_cb_format_read(&t->fmt, pitch, out_fmt, b->r500);

	if (why)
		return radeon_fault(x, "colour buffer %u (COLORPITCH %#x, US_OUT_FMT %#x): %s", n, pitch,
				    out_fmt, why);
	t->output = output;
	t->mask = (REG(s, REG_R300_RB3D_COLOR_CHANNEL_MASK) >> (4 * n)) & 0xf;
	if (!rp_surface_map(&t->sf, x, "colour buffer", REG(s, REG_R300_RB3D_COLOROFFSET0 + 4 * n),
			    r300_colorpitch_COLORPITCH__get(pitch), b->y1 + 1, t->fmt.cpp,
			    r300_colorpitch_COLORTILE__get(pitch), r300_colorpitch_COLORMICROTILE__get(pitch)))
		return false;
	if (b->x1 >= t->sf.pitch)
		b->x1 = t->sf.pitch - 1;
	b->nr_cb++;
	return true;
}

static bool targets(struct radeon_backend *b, struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t multi = R300_RB3D_CCTL_NUM_MULTIWRITES__get(REG(s, REG_R300_RB3D_CCTL));

	for (unsigned int n = 0; n < RP_TARGETS; n++) {
		uint32_t out_fmt = REG(s, REG_R300_US_OUT_FMT_0 + 4 * n);
		unsigned int output = n;

		if (multi && n > 0) {
			if (n > multi)
				break;
			out_fmt = REG(s, REG_R300_US_OUT_FMT_0);
			output = 0;
		} else if (r300_us_out_fmt_OUT_FMT__get(out_fmt) == US_OUT_FMT_UNUSED) {
			continue;
		}
		/* a target whose channels are all masked is not touched */
		if (!((REG(s, REG_R300_RB3D_COLOR_CHANNEL_MASK) >> (4 * n)) & 0xf))
			continue;
		if (!target(b, x, n, output, out_fmt))
			return false;
	}
	return true;
}

static bool fg_state(struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t af = REG(s, REG_R300_FG_ALPHA_FUNC);

	if (R300_FG_ALPHA_FUNC_AF_EN__get(af) && x->family >= RV515 && !R300_FG_ALPHA_FUNC_AF_8BIT__get(af))
		return radeon_fault(x, "the 10-bit / FP16 alpha test (FG_ALPHA_VALUE) is not modelled");
	if (R300_FG_ALPHA_FUNC_AM_EN__get(af) || R300_FG_ALPHA_FUNC_DITH_EN__get(af))
		return radeon_fault(x, "alpha-to-coverage and alpha dithering are not modelled");
	if (REG(s, REG_R300_RB3D_DITHER_CTL))
		return radeon_fault(x, "RB3D dithering is not modelled");
	if (REG(s, REG_R300_FG_FOG_BLEND) & R300_FG_FOG_BLEND_ENABLE__MASK)
		return radeon_fault(x, "fixed-function fog (FG_FOG_BLEND) is not modelled");
	return true;
}

bool radeon_backend_begin(struct radeon_backend *b, struct radeon_exec *x)
{
	*b = (struct radeon_backend){ .s = x->state, .r500 = x->family >= RV515 };
	return scissor(b, x) && fg_state(x) && targets(b, x) && radeon_blend_begin(b, x) &&
	       radeon_zbuf_begin(&b->zb, x, b->y1 + 1);
}

static uint32_t to_unorm8(float v)
{
	return (uint32_t)(fm_clamp01(v) * 255.0f + 0.5f);
}

static bool alpha_test(const struct radeon_gpu_state *s, float alpha)
{
	uint32_t af = REG(s, REG_R300_FG_ALPHA_FUNC), a = to_unorm8(alpha);
	uint32_t ref = R300_FG_ALPHA_FUNC_AF_VAL__get(af);

	if (!R300_FG_ALPHA_FUNC_AF_EN__get(af))
		return true;
	switch (R300_FG_ALPHA_FUNC_AF_FUNC__get(af)) {
	case AF_NEVER: return false;
	case AF_LESS: return a < ref;
	case AF_EQUAL: return a == ref;
	case AF_LE: return a <= ref;
	case AF_GREATER: return a > ref;
	case AF_NOTEQUAL: return a != ref;
	case AF_GE: return a >= ref;
	default: return true;	/* AF_ALWAYS */
	}
}

void radeon_backend_fragment(struct radeon_backend *b, uint32_t px, uint32_t py, float z,
			     bool back, const float (*colour)[4])
{
	if (b->zb.top && !radeon_zbuf_test(&b->zb, b->s, px, py, z, back))
		return;
	if (!alpha_test(b->s, colour[0][3]))
		return;
	if (!b->zb.top && !radeon_zbuf_test(&b->zb, b->s, px, py, z, back))
		return;
	radeon_zpass_count(b->s);
	if (b->zb.cb_clear)
		radeon_zbuf_cb_clear(&b->zb, px, py);
	for (unsigned int i = 0; i < b->nr_cb; i++)
		radeon_blend_write(b, &b->cb[i], px, py, colour[b->cb[i].output]);
}

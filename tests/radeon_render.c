// SPDX-License-Identifier: MIT
/*
 * radeon_render: the R300 back end seen in memory. Quads are drawn over a
 * colour buffer holding known pixels with one piece of RB3D or FG state
 * set, and every pixel is checked: the colour channel write mask, a
 * fragment-program constant, each blend factor as source and as
 * destination factor, each combine function, clamping, separate alpha and
 * the mask on a blended result, and the alpha test with each comparison
 * function against references below, at and above the fragment's alpha;
 * and the colour-buffer formats r300 renders to (ARGB8888, RGB565,
 * ARGB4444, ARGB1555) storing a constant colour.
 *
 * Blend results are computed here from the 8-bit destination and the
 * float source, and compared per channel with a tolerance of 1 LSB
 * (hardware blends in fixed point; the rounding is not documented).
 */
#include <stdlib.h>
#include <string.h>

#include "radeon/r300_claims.h"
#include "radeon_render.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R300 colour write mask, blending and alpha test, checked pixel by pixel.");

#define FILL 0x11223344u

static struct render r;

/* ---- blend oracle ------------------------------------------------------ */

/*
 * Each factor's BLEND_GL_* value and the GL factor it encodes (as Mesa's
 * r300_state_inlines.h r300_translate_blend_factor pairs them).
 */
static const struct factor_case {
	const char *name;
	enum r300_blend_factor f;
	enum r300_factor gl;
} factors[] = {
	{ "zero", BLEND_GL_ZERO, F_ZERO },
	{ "one", BLEND_GL_ONE, F_ONE },
	{ "src-color", BLEND_GL_SRC_COLOR, F_SRC_COLOR },
	{ "one-minus-src-color", BLEND_GL_ONE_MINUS_SRC_COLOR, F_ONE_MINUS_SRC_COLOR },
	{ "src-alpha", BLEND_GL_SRC_ALPHA, F_SRC_ALPHA },
	{ "one-minus-src-alpha", BLEND_GL_ONE_MINUS_SRC_ALPHA, F_ONE_MINUS_SRC_ALPHA },
	{ "dst-color", BLEND_GL_DST_COLOR, F_DST_COLOR },
	{ "one-minus-dst-color", BLEND_GL_ONE_MINUS_DST_COLOR, F_ONE_MINUS_DST_COLOR },
	{ "dst-alpha", BLEND_GL_DST_ALPHA, F_DST_ALPHA },
	{ "one-minus-dst-alpha", BLEND_GL_ONE_MINUS_DST_ALPHA, F_ONE_MINUS_DST_ALPHA },
	/*
	 * (f, f, f, 1) with f = min(As, 1 - Ad). Old GL allowed it as a source
	 * factor only; as a destination factor the same value is expected here,
	 * which is not established for R300 hardware.
	 */
	{ "src-alpha-saturate", BLEND_GL_SRC_ALPHA_SATURATE, F_SRC_ALPHA_SATURATE },
	{ "const-color", BLEND_GL_CONST_COLOR, F_CONST_COLOR },
	{ "one-minus-const-color", BLEND_GL_ONE_MINUS_CONST_COLOR, F_ONE_MINUS_CONST_COLOR },
	{ "const-alpha", BLEND_GL_CONST_ALPHA, F_CONST_ALPHA },
	{ "one-minus-const-alpha", BLEND_GL_ONE_MINUS_CONST_ALPHA, F_ONE_MINUS_CONST_ALPHA },
};

/* Channel values in RGBA order: source, destination, constant colour. */
struct blend_in {
	float s[4], d[4], k[4];
};

static void argb_to_rgba(uint32_t argb, float v[4])
{
	for (int c = 0; c < 4; c++)
		v[c] = ((argb >> (c == 3 ? 24 : 16 - 8 * c)) & 0xff) / 255.0f;
}

static const struct factor_case *factor_case(enum r300_blend_factor f)
{
	array_for_each(c, factors)
		if (c->f == f)
			return c;
	igt_assert_f(false, "no such factor %d\n", f);
	return NULL;
}

static float factor_value(enum r300_blend_factor f, int c, const struct blend_in *in)
{
	return r300_blend_factor_value(factor_case(f)->gl, c, in->s, in->d, in->k);
}

static float saturate(float v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* The GL blend equation for one channel; 8-bit stores clamp every function's result. */
static float blend_channel(struct r300_blend b, int c, const struct blend_in *in)
{
	float s = in->s[c] * factor_value(b.src, c, in), d = in->d[c] * factor_value(b.dst, c, in);

	switch (b.fcn) {
	case COMB_FCN_ADD_CLAMP:
	case COMB_FCN_ADD_NOCLAMP:
		return saturate(s + d);
	case COMB_FCN_SUB_CLAMP:
	case COMB_FCN_SUB_NOCLAMP:
		return saturate(s - d);
	case COMB_FCN_RSUB_CLAMP:
	case COMB_FCN_RSUB_NOCLAMP:
		return saturate(d - s);
	case COMB_FCN_MIN:	/* the factors play no part */
		return in->s[c] < in->d[c] ? in->s[c] : in->d[c];
	default:
		return in->s[c] > in->d[c] ? in->s[c] : in->d[c];
	}
}

/* Every pixel's R, G, B, A bytes are @want within 1 LSB. */
static void expect_near(const int want[4])
{
	for (uint32_t y = 0; y < RENDER_H; y++) {
		for (uint32_t x = 0; x < RENDER_W; x++) {
			uint32_t got = render_px(&r, x, y);
			float px[4];

			argb_to_rgba(got, px);
			for (int c = 0; c < 4; c++)
				igt_assert_f(abs((int)(px[c] * 255.0f + 0.5f) - want[c]) <= 1,
					     "pixel (%u, %u) = %#010x: channel %c is not %d +- 1\n",
					     x, y, got, "RGBA"[c], want[c]);
		}
	}
}

/*
 * Blend @src over a buffer filled with @dst (RB3D_CONSTANT_COLOR @k) and
 * check every pixel against the oracle, channel by channel, within 1 LSB.
 */
static void check_blend(struct r300_blend rgb, struct r300_blend alpha, const float src[4],
			uint32_t dst, uint32_t k)
{
	struct blend_in in;
	int want[4];

	memcpy(in.s, src, sizeof(in.s));
	argb_to_rgba(dst, in.d);
	argb_to_rgba(k, in.k);
	for (int c = 0; c < 4; c++)
		want[c] = (int)(blend_channel(c == 3 ? alpha : rgb, c, &in) * 255.0f + 0.5f);

	render_begin(&r, dst);
	r300_emit_blend(r.cs, true, rgb, alpha);
	r300_emit_blend_color(r.cs, k);
	render_columns(&r, 0, RENDER_W, 0, src);
	render_run(&r, r.fb);
	expect_near(want);
}

/* A known destination (A 0x60, R 0xc0, G 0x80, B 0x40), source and constant colour. */
#define DST 0x60c08040u
#define CONSTANT 0x9f3070c0u
static const float src_colour[4] = { 0.8f, 0.4f, 0.2f, 0.7f };

/* One dynamic subtest per factor, as the source (@as_dst false) or the destination factor. */
static void each_factor(bool as_dst)
{
	array_for_each(c, factors) {
		igt_dynamic(c->name) {
			struct r300_blend b = { COMB_FCN_ADD_CLAMP, BLEND_GL_ZERO, BLEND_GL_ZERO };

			*(as_dst ? &b.dst : &b.src) = c->f;
			check_blend(b, b, src_colour, DST, CONSTANT);
		}
	}
}

/*
 * Source, destination and factors, each with the combine functions checked
 * on them (one dynamic subtest each; a function without a name is unused).
 */
static const struct func_case {
	struct {
		const char *name;
		enum r300_comb_fcn fcn;
	} with[2];
	enum r300_blend_factor src, dst;
	float s[4];
	uint32_t d;
} funcs[] = {
	/*
	 * results inside [0, 1], where the _CLAMP and _NOCLAMP forms agree:
	 * what _NOCLAMP does outside is not documented
	 */
	{ { { "add-clamp", COMB_FCN_ADD_CLAMP }, { "add-noclamp", COMB_FCN_ADD_NOCLAMP } },
	  BLEND_GL_SRC_ALPHA, BLEND_GL_ONE_MINUS_SRC_ALPHA, { 0.8f, 0.4f, 0.2f, 0.7f }, DST },
	{ { { "sub-clamp", COMB_FCN_SUB_CLAMP }, { "sub-noclamp", COMB_FCN_SUB_NOCLAMP } },
	  BLEND_GL_ONE, BLEND_GL_SRC_ALPHA, { 0.9f, 0.8f, 0.7f, 0.5f }, 0x80604020 },
	{ { { "rsub-clamp", COMB_FCN_RSUB_CLAMP }, { "rsub-noclamp", COMB_FCN_RSUB_NOCLAMP } },
	  BLEND_GL_SRC_ALPHA, BLEND_GL_ONE, { 0.2f, 0.3f, 0.1f, 0.5f }, 0xc0a0e080 },
	{ { { "min", COMB_FCN_MIN }, { "max", COMB_FCN_MAX } },
	  BLEND_GL_ONE, BLEND_GL_ONE, { 0.8f, 0.2f, 0.6f, 0.3f }, 0x80404080 },
	/* out of range: the _CLAMP functions saturate instead of wrapping */
	{ { { "add-clamp-overflow", COMB_FCN_ADD_CLAMP } },
	  BLEND_GL_ONE, BLEND_GL_ONE, { 0.8f, 0.6f, 0.4f, 0.9f }, 0xc0c0c0c0 },
	{ { { "sub-clamp-underflow", COMB_FCN_SUB_CLAMP } },
	  BLEND_GL_ONE, BLEND_GL_ONE, { 0.1f, 0.2f, 0.3f, 0.1f }, 0xc0c0c0c0 },
	{ { { "rsub-clamp-underflow", COMB_FCN_RSUB_CLAMP } },
	  BLEND_GL_ONE, BLEND_GL_ONE, { 0.9f, 0.8f, 0.9f, 0.9f }, 0x40404040 },
	/* MIN and MAX ignore the factors (GL; Mesa passes them through unchanged) */
	{ { { "min-ignores-factors", COMB_FCN_MIN }, { "max-ignores-factors", COMB_FCN_MAX } },
	  BLEND_GL_ZERO, BLEND_GL_ZERO, { 0.8f, 0.2f, 0.6f, 0.3f }, 0x80404080 },
};

/* ---- alpha test -------------------------------------------------------- */

#define ALPHA8 128u
#define THIRD (RENDER_W / 3)

/*
 * Colour-buffer formats: COLORFORMAT stores C0 (blue, US_OUT_FMT's select)
 * in the lowest bits, then C1 (green), C2 (red), C3 (alpha), as Mesa's
 * r300_translate_colorformat pairs them with the B5G6R5, B4G4R4A4,
 * B5G5R5A1 and B8G8R8A8 formats. The colour's channels are k / (2^n - 1)
 * for the format's n bits: any correct conversion stores k exactly.
 */
static const struct cb_format_case {
	const char *name;
	enum r300_colorformat format;
	uint32_t cpp;
	uint8_t bits[4];	/* C0..C3: B, G, R, A */
	uint8_t k[4];		/* stored values in the same order */
} cb_formats[] = {
	{ "argb8888", COLOR_FORMAT_ARGB8888, 4, { 8, 8, 8, 8 }, { 0x56, 0x34, 0x12, 0x78 } },
	{ "rgb565", COLOR_FORMAT_RGB565, 2, { 5, 6, 5, 0 }, { 9, 42, 17, 0 } },
	{ "argb4444", COLOR_FORMAT_ARGB4444, 2, { 4, 4, 4, 4 }, { 7, 12, 3, 9 } },
	{ "argb1555", COLOR_FORMAT_ARGB1555, 2, { 5, 5, 5, 1 }, { 30, 5, 17, 1 } },
};

static void test_cb_format(const struct cb_format_case *f)
{
	static const int rgba_of[4] = { 2, 1, 0, 3 };	/* C0..C3 are B, G, R, A */
	float rgba[4] = { 0, 0, 0, 1 };
	uint32_t want = 0, shift = 0, bytes = RENDER_W * RENDER_H * f->cpp;
	struct r300_fs fs;

	for (int c = 0; c < 4; c++) {
		if (f->bits[c])
			rgba[rgba_of[c]] = f->k[c] / (float)((1u << f->bits[c]) - 1);
		want |= (uint32_t)f->k[c] << shift;
		shift += f->bits[c];
	}
	render_begin(&r, FILL);
	r300_emit_colorbuffer_format(r.cs, r.fb, RENDER_W, f->format);
	r300_fs_constant(&fs, rgba);
	r300_emit_fs(r.cs, &fs);
	render_columns(&r, 0, RENDER_W, 0, rgba);
	render_run(&r, r.fb);
	for (uint32_t at = 0; at < RENDER_W * RENDER_H * 4; at += 4) {
		uint32_t got = r300_bo_read32(r.fb, at);
		uint32_t exp = at >= bytes ? FILL : f->cpp == 4 ? want : want | want << 16;

		igt_assert_f(got == exp, "%s: dword at byte %u = %#010x, expected %#010x%s\n", f->name,
			     at, got, exp, at >= bytes ? " (beyond the buffer: untouched)" : "");
	}
}

igt_main
{
	igt_fixture
		render_open(&r);

	igt_describe("RB3D_COLOR_CHANNEL_MASK: each channel bit alone, none and all; masked "
		     "channels keep the old pixel's bytes");
	igt_subtest_with_dynamic("color-write-mask") {
		static const struct render_mask masks[] = {
			{ "red", true, false, false, false, 0x00ff0000 },
			{ "green", false, true, false, false, 0x0000ff00 },
			{ "blue", false, false, true, false, 0x000000ff },
			{ "alpha", false, false, false, true, 0xff000000 },
			{ "none", false, false, false, false, 0 },
			{ "all", true, true, true, true, 0xffffffff },
		};

		array_for_each(c, masks)
			igt_dynamic(c->name)
				render_check_mask(&r, FILL, c);
	}

	igt_describe("a fragment program writing a constant (US_ALU_CONST on R3xx/R4xx, a "
		     "GA_US_VECTOR_DATA constant on R5xx) hands that colour to the back end");
	igt_subtest("fs-constant") {
		static const float red[4] = { 1, 0, 0, 1 };
		/* whole multiples of 1/255, so that no rounding decides the result */
		static const float constant[4] = { 0.8f, 0.4f, 0.2f, 0.6f };
		struct r300_fs fs;

		render_begin(&r, FILL);
		r300_fs_constant(&fs, constant);
		r300_emit_fs(r.cs, &fs);
		render_columns(&r, 0, RENDER_W, 0, red);
		render_run(&r, r.fb);
		render_expect_columns(&r, 0, RENDER_W, 0x99cc6633);
	}

	igt_describe("each blend factor as the source factor (destination factor ZERO, ADD) "
		     "scales the source as GL defines it");
	igt_subtest_with_dynamic("blend-src-factor")
		each_factor(false);

	igt_describe("each blend factor as the destination factor (source factor ZERO, ADD) "
		     "scales the pixel already in the buffer");
	igt_subtest_with_dynamic("blend-dst-factor")
		each_factor(true);

	igt_describe("each COMB_FCN combines the weighted source and destination as GL's "
		     "equations do; the _CLAMP ones saturate");
	igt_subtest_with_dynamic("blend-func") {
		array_for_each(f, funcs) {
			for (size_t j = 0; j < ARRAY_SIZE(f->with) && f->with[j].name; j++) {
				igt_dynamic(f->with[j].name) {
					struct r300_blend b = { f->with[j].fcn, f->src, f->dst };

					check_blend(b, b, f->s, f->d, CONSTANT);
				}
			}
		}
	}

	igt_describe("SEPARATE_ALPHA_ENABLE: alpha follows RB3D_ABLENDCNTL, colour RB3D_BLENDCNTL");
	igt_subtest("blend-separate-alpha") {
		struct r300_blend rgb = { COMB_FCN_ADD_CLAMP, BLEND_GL_ONE, BLEND_GL_ZERO };
		struct r300_blend alpha = { COMB_FCN_ADD_CLAMP, BLEND_GL_ZERO, BLEND_GL_ONE };

		check_blend(rgb, alpha, src_colour, DST, CONSTANT);
		/* and the other way round: a wrong register choice cannot pass both */
		check_blend(alpha, rgb, src_colour, DST, CONSTANT);
	}

	igt_describe("the colour mask applies to the blended result: ONE + ONE lands in the red "
		     "and alpha channels only");
	igt_subtest("blend-color-mask") {
		struct r300_blend add = { COMB_FCN_ADD_CLAMP, BLEND_GL_ONE, BLEND_GL_ONE };
		const float src[4] = { 32 / 255.0f, 32 / 255.0f, 32 / 255.0f, 32 / 255.0f };
		const int want[4] = { 0xc0 + 32, 0x80, 0x40, 0x60 + 32 };	/* DST + 32 in R, A */

		render_begin(&r, DST);
		r300_emit_blend(r.cs, true, add, add);
		r300_emit_color_mask(r.cs, true, false, false, true);
		render_columns(&r, 0, RENDER_W, 0, src);
		render_run(&r, r.fb);
		expect_near(want);
	}

	igt_describe("FG_ALPHA_FUNC: each function against references one below, at and one "
		     "above the fragment's 8-bit alpha, in three column bands");
	igt_subtest_with_dynamic("alpha-test") {
		/* 128.25 / 255: 128 whether the hardware rounds or truncates */
		const float colour[4] = { 1, 0, 0, (ALPHA8 + 0.25f) / 255.0f };
		const uint32_t drawn = ALPHA8 << 24 | 0xff0000;

		array_for_each(a, render_compares) {
			igt_dynamic(a->name) {
				render_begin(&r, FILL);
				/* band 0: ref above the alpha, band 1: equal, band 2: below */
				for (uint32_t band = 0; band < 3; band++) {
					r300_emit_alpha_test(r.cs, true, a->af, ALPHA8 + 1 - band);
					render_columns(&r, band * THIRD, (band + 1) * THIRD, 0, colour);
				}
				render_run(&r, r.fb);
				render_expect_columns(&r, 0, THIRD, a->less ? drawn : FILL);
				render_expect_columns(&r, THIRD, 2 * THIRD, a->equal ? drawn : FILL);
				render_expect_columns(&r, 2 * THIRD, 3 * THIRD,
						      a->greater ? drawn : FILL);
			}
		}
	}

	igt_describe("each colour-buffer format r300 renders to stores a constant colour as its "
		     "exact packed value, and writes only its own bytes per pixel");
	igt_subtest_with_dynamic("colorbuffer-format")
		render_each_case(cb_formats, test_cb_format);

	igt_fixture
		render_close(&r);
}

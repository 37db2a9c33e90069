// SPDX-License-Identifier: MIT
/*
 * radeon_texture: textured quads through the harness's TX_* and US TEX
 * builders (US_TEX_INST on R3xx/R4xx, the TEX instruction on R5xx), each
 * pixel checked against what GL 2.1's texturing rules (section 3.8.8)
 * give for the texels the test wrote:
 *
 *	nearest		an 8x8 texture over 64x64 pixels: texel floor(u * 8)
 *	bilinear	a 2x2 texture magnified, CLAMP_TO_EDGE: the weights
 *			frac(u * 2 - 1/2), texel values chosen so that every
 *			filtered value is a whole 8-bit step
 *	format		texels of the formats Mesa's r300 samples, decoded to
 *			8 bits (values chosen to convert exactly)
 *	tiled-texture	a 128x64 pattern rendered into a micro- and/or
 *			macro-tiled buffer (tiling from GEM_SET_TILING, which
 *			the kernel ORs into COLORPITCH and TX_OFFSET), then
 *			sampled (every second column) into a linear one
 *
 * Expected pixels come from the filter rule here, not from a device.
 */
#include <math.h>
#include <string.h>

#include "radeon_render.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R300-R500 texturing: nearest and bilinear filters, texel formats and "
		     "tiled textures, checked pixel by pixel against GL's rules.");

/*
 * The tiled texture is twice as wide as the window: a macro tile without
 * micro tiling is 8 rows of 256 bytes (Mesa's r300_get_pixel_alignment),
 * which a 64-texel ARGB8888 row would fill, leaving the memory linear.
 */
#define TILED_W (2 * RENDER_W)
#define TEX_BO_SIZE (TILED_W * RENDER_H * 4)
/* what the colour buffer holds before a draw: no expected pixel has this value */
#define FB_FILL 0x5a5a5a5au

static struct render r;
static struct r300_bo *tex_bo;

static void texel_write(enum r300_tx_format format, uint32_t width, uint32_t x, uint32_t y,
			uint32_t value)
{
	uint32_t cpp = r300_tx_format_cpp(format);
	uint32_t at = y * r300_tx_pitch_bytes(format, width) + x * cpp;
	uint32_t word = r300_bo_read32(tex_bo, at & ~3u), shift = (at & 3) * 8;
	uint32_t mask = cpp == 4 ? ~0u : ((1u << (8 * cpp)) - 1) << shift;

	r300_bo_write32(tex_bo, at & ~3u, (word & ~mask) | ((value << shift) & mask));
}

/* Draw the whole window with @t sampled over it (texture coordinates 0..1). */
static void draw_textured(const struct r300_texture *t)
{
	r300_cs_reset(r.cs);
	r300_bo_fill32(r.fb, FB_FILL);
	r300_emit_3d_setup_tex(r.cs, r.fb, RENDER_W, RENDER_W, RENDER_H, t);
	r300_draw_textured_quad(r.cs, -1, -1, 1, 1, 0, 0, 1, 1);
	render_run(&r, r.fb);
}

static void expect_px(uint32_t x, uint32_t y, uint32_t want)
{
	uint32_t got = render_px(&r, x, y);

	igt_assert_f(got == want, "pixel (%u, %u) = %#010x, expected %#010x\n", x, y, got, want);
}

static struct r300_texture texture(uint32_t w, uint32_t h, enum r300_tx_format format,
				   bool linear)
{
	return (struct r300_texture){
		.bo = tex_bo, .width = w, .height = h, .format = format, .sel = R300_TX_SEL_BGRA,
		.mag = linear ? TX_MAG_FILTER_LINEAR : TX_MAG_FILTER_NEAREST,
		.min = linear ? TX_MIN_FILTER_LINEAR : TX_MIN_FILTER_NEAREST,
		.wrap = TX_CLAMP_TO_EDGE,
	};
}

/* ---- nearest ----------------------------------------------------------------- */

static uint32_t nearest_texel(uint32_t i, uint32_t j)
{
	return 0xff000000u | (i * 32) << 16 | (j * 32) << 8 | ((i ^ j) * 16 + 8);
}

static void test_nearest(void)
{
	struct r300_texture t = texture(8, 8, TX_FORMAT_W8Z8Y8X8, false);

	for (uint32_t j = 0; j < 8; j++)
		for (uint32_t i = 0; i < 8; i++)
			texel_write(t.format, 8, i, j, nearest_texel(i, j));
	draw_textured(&t);
	/* GL 3.8.8: the pixel centre (x + 1/2) / 64 selects texel floor(u * 8) = x / 8 */
	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = 0; x < RENDER_W; x++)
			expect_px(x, y, nearest_texel(x * 8 / RENDER_W, y * 8 / RENDER_H));
}

/* ---- bilinear ---------------------------------------------------------------- */

/* Channel values of the 2x2 texture: red by column, green by row, constant blue and alpha. */
static const uint8_t red_col[2] = { 0x00, 0x80 }, green_row[2] = { 0x40, 0xc0 };
#define BIL_BLUE 0x20

/*
 * GL's linear filter along one axis of a 2-texel level under
 * CLAMP_TO_EDGE: u' = u * 2 - 1/2, i0 = floor(u'), w = frac(u'), the
 * texels i0 and i0 + 1 clamped to [0, 1]. The test's values make the
 * result a whole number (differences of 128 and w a multiple of 1/64).
 */
static uint32_t linear_1d(const uint8_t v[2], uint32_t px, uint32_t size)
{
	double u = (px + 0.5) / size * 2.0 - 0.5, i0 = floor(u), w = u - i0;
	int a = i0 < 0 ? 0 : i0 > 1 ? 1 : (int)i0, b = i0 + 1 > 1 ? 1 : i0 + 1 < 0 ? 0 : (int)i0 + 1;
	double f = v[a] * (1.0 - w) + v[b] * w;

	igt_assert_f(f == floor(f), "the oracle's value %g is not a whole 8-bit step\n", f);
	return (uint32_t)f;
}

static void test_bilinear(void)
{
	struct r300_texture t = texture(2, 2, TX_FORMAT_W8Z8Y8X8, true);

	for (uint32_t j = 0; j < 2; j++)
		for (uint32_t i = 0; i < 2; i++)
			texel_write(t.format, 2, i, j, 0xff000000u | (uint32_t)red_col[i] << 16 |
				    (uint32_t)green_row[j] << 8 | BIL_BLUE);
	draw_textured(&t);
	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = 0; x < RENDER_W; x++)
			expect_px(x, y, 0xff000000u | linear_1d(red_col, x, RENDER_W) << 16 |
				  linear_1d(green_row, y, RENDER_H) << 8 | BIL_BLUE);
}

/* ---- texel formats ------------------------------------------------------------- */

/*
 * Components X, Y, Z, W from the lowest bits (Mesa's R300_EASY_TX_FORMAT
 * names, r300_reg.h), the selects Mesa's r300_translate_texformat gives
 * the GL format, and four texels as component values. The values convert
 * to 8 bits exactly (k * 255 / (2^n - 1) whole): an exact check.
 */
static const struct tex_format_case {
	const char *name;
	enum r300_tx_format format;
	uint8_t bits[4];
	enum r300_tx_swiz sel[4];
	uint8_t texel[4][4];
} tex_formats[] = {
	{ "argb8888", TX_FORMAT_W8Z8Y8X8, { 8, 8, 8, 8 }, R300_TX_SEL_BGRA,
	  { { 0x10, 0x20, 0x30, 0xff }, { 0xff, 0x00, 0x80, 0x40 }, { 0x01, 0xfe, 0x7f, 0x00 },
	    { 0xaa, 0x55, 0xcc, 0x33 } } },
	{ "rgb565", TX_FORMAT_Z5Y6X5, { 5, 6, 5, 0 }, R300_TX_SEL_BGR1,
	  { { 31, 0, 0, 0 }, { 0, 21, 31, 0 }, { 31, 42, 0, 0 }, { 0, 63, 31, 0 } } },
	{ "argb4444", TX_FORMAT_W4Z4Y4X4, { 4, 4, 4, 4 }, R300_TX_SEL_BGRA,
	  { { 1, 2, 3, 15 }, { 15, 0, 8, 4 }, { 7, 9, 11, 13 }, { 0, 15, 5, 10 } } },
	{ "argb1555", TX_FORMAT_W1Z5Y5X5, { 5, 5, 5, 1 }, R300_TX_SEL_BGRA,
	  { { 31, 0, 31, 1 }, { 0, 31, 0, 0 }, { 31, 31, 0, 1 }, { 0, 0, 31, 1 } } },
	/* GL_LUMINANCE8: X in R, G and B, alpha 1 */
	{ "l8", TX_FORMAT_X8, { 8, 0, 0, 0 }, { TX_SEL_X, TX_SEL_X, TX_SEL_X, TX_SEL_ONE },
	  { { 0x00 }, { 0x55 }, { 0xaa }, { 0xff } } },
};

static uint32_t pack_texel(const struct tex_format_case *f, const uint8_t c[4])
{
	uint32_t v = 0, shift = 0;

	for (int k = 0; k < 4; k++) {
		v |= (uint32_t)c[k] << shift;
		shift += f->bits[k];
	}
	return v;
}

static uint32_t to_8bit(const struct tex_format_case *f, const uint8_t c[4], enum r300_tx_swiz sel)
{
	uint32_t max;

	if (sel == TX_SEL_ONE)
		return 0xff;
	if (sel > TX_SEL_W || !f->bits[sel])
		return 0;
	max = (1u << f->bits[sel]) - 1;
	igt_assert_f(c[sel] * 255u % max == 0, "%s: component %u does not convert exactly\n",
		     f->name, c[sel]);
	return c[sel] * 255u / max;
}

static void test_format(const struct tex_format_case *f)
{
	struct r300_texture t = texture(2, 2, f->format, false);
	uint32_t want[4];

	for (int k = 0; k < 4; k++)
		t.sel[k] = f->sel[k];
	for (uint32_t i = 0; i < 4; i++) {
		const uint8_t *c = f->texel[i];

		texel_write(f->format, 2, i % 2, i / 2, pack_texel(f, c));
		want[i] = to_8bit(f, c, f->sel[3]) << 24 | to_8bit(f, c, f->sel[0]) << 16 |
			  to_8bit(f, c, f->sel[1]) << 8 | to_8bit(f, c, f->sel[2]);
	}
	draw_textured(&t);
	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = 0; x < RENDER_W; x++)
			expect_px(x, y, want[(y * 2 / RENDER_H) * 2 + x * 2 / RENDER_W]);
}

/*
 * R8_SNORM as Mesa programs it (TX_FMT_8 with the sign bit of component
 * 0, r300_translate_texformat): bytes 127, -127, 0, 127 sample as 1, -1,
 * 0, 1, which the ARGB8888 target stores as 255, 0, 0, 255; read as
 * unsigned they would give 127, 129, 0, 127.
 */
static void test_snorm(void)
{
	static const uint8_t bytes[4] = { 0x7f, 0x81, 0x00, 0x7f };
	struct r300_texture t = texture(2, 2, TX_FORMAT_X8, false);

	t.sign = 1;
	memcpy(t.sel, (const enum r300_tx_swiz[4]){ TX_SEL_X, TX_SEL_ZERO, TX_SEL_ZERO, TX_SEL_ONE },
	       sizeof(t.sel));
	for (uint32_t i = 0; i < 4; i++)
		texel_write(t.format, 2, i % 2, i / 2, bytes[i]);
	draw_textured(&t);
	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = 0; x < RENDER_W; x++) {
			uint32_t i = (y * 2 / RENDER_H) * 2 + x * 2 / RENDER_W;

			expect_px(x, y, 0xff000000u | (bytes[i] == 0x7f ? 0xff0000u : 0));
		}
}

/* ---- tiled textures ----------------------------------------------------------------- */

/*
 * A 4x4 grid of 32x16-texel blocks of 16 distinct colours, every channel
 * 0 or 1 (stored exactly by any conversion): R, G from the column, B and
 * 1 - A from the row.
 */
static const float *block_colour(uint32_t bx, uint32_t by, float rgba[4])
{
	rgba[0] = (float)(bx & 1);
	rgba[1] = (float)(bx >> 1);
	rgba[2] = (float)(by & 1);
	rgba[3] = (float)(1 - (by >> 1));
	return rgba;
}

static uint32_t block_argb(uint32_t bx, uint32_t by)
{
	float c[4];

	block_colour(bx, by, c);
	return (uint32_t)c[3] * 0xff000000u | (uint32_t)c[0] * 0xff0000u |
	       (uint32_t)c[1] * 0xff00u | (uint32_t)c[2] * 0xffu;
}

static const struct tiling_case {
	const char *name;
	uint32_t tiling;
} tilings[] = {
	{ "micro", RADEON_TILING_MICRO },
	{ "macro", RADEON_TILING_MACRO },
	{ "macro-micro", RADEON_TILING_MACRO | RADEON_TILING_MICRO },
};

static void test_tiled(const struct tiling_case *tc)
{
	uint32_t tiling = tc->tiling;
	struct r300_texture t = texture(TILED_W, RENDER_H, TX_FORMAT_W8Z8Y8X8, false);
	bool differs = false;

	/* render the pattern into the tiled BO: the kernel takes COLORPITCH's tiling from it */
	r300_bo_set_tiling(tex_bo, tiling, TILED_W * 4);
	r300_cs_reset(r.cs);
	r300_bo_fill32(tex_bo, 0);
	r300_emit_3d_setup(r.cs, tex_bo, 0, TILED_W, TILED_W, RENDER_H);
	for (uint32_t by = 0; by < 4; by++)
		for (uint32_t bx = 0; bx < 4; bx++) {
			float c[4];

			r300_draw_quad(r.cs, -1 + bx * 0.5f, 1 - (by + 1) * 0.5f, -1 + (bx + 1) * 0.5f,
				       1 - by * 0.5f, 0, block_colour(bx, by, c));
		}
	render_run(&r, tex_bo);
	/* the memory is not the linear image: the tiling took effect */
	for (uint32_t y = 0; y < RENDER_H && !differs; y++)
		for (uint32_t x = 0; x < TILED_W && !differs; x++)
			differs = r300_bo_read32(tex_bo, (y * TILED_W + x) * 4) !=
				  block_argb(x / 32, y / 16);
	igt_assert_f(differs, "the tiled buffer holds the linear image: tiling %#x not applied\n",
		     tiling);
	/* pixel centre x + 1/2 selects texel floor((x + 1/2) * 2) = 2x: blocks 16 pixels wide */
	draw_textured(&t);
	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = 0; x < RENDER_W; x++)
			expect_px(x, y, block_argb(2 * x / 32, y / 16));
	r300_bo_set_tiling(tex_bo, 0, 0);
}

igt_main
{
	igt_fixture {
		render_open(&r);
		tex_bo = r300_bo_new(r.dev, TEX_BO_SIZE, RADEON_GEM_DOMAIN_VRAM);
	}

	igt_describe("an 8x8 ARGB8888 texture magnified 8x with NEAREST: each pixel is the texel "
		     "its centre falls in");
	igt_subtest("nearest")
		test_nearest();

	igt_describe("a 2x2 texture magnified with LINEAR and CLAMP_TO_EDGE: each pixel is GL's "
		     "bilinear weighting of the four texels around its centre");
	igt_subtest("bilinear")
		test_bilinear();

	igt_describe("texels of each format Mesa's r300 samples (ARGB8888, RGB565, ARGB4444, "
		     "ARGB1555, L8) decode to their exact 8-bit values through the TX_FORMAT1 "
		     "selects");
	igt_subtest_with_dynamic("format")
		render_each_case(tex_formats, test_format);

	igt_describe("an R8_SNORM texture (TX_FMT_8, sign bit 5: component 0) samples its bytes "
		     "as two's complement over 127");
	igt_subtest("format-snorm")
		test_snorm();

	igt_describe("a 128x64 pattern rendered into a tiled buffer (GEM_SET_TILING micro, macro or "
		     "both) is not stored linearly, and sampling it as a texture gives the pattern");
	igt_subtest_with_dynamic("tiled-texture")
		render_each_case(tilings, test_tiled);

	igt_fixture {
		r300_bo_free(tex_bo);
		render_close(&r);
	}
}

// SPDX-License-Identifier: MIT
/*
 * radeon_depth: the R300 ZB unit seen in memory. A depth buffer (with the
 * relocations the kernel's checker demands) is cleared as Mesa clears one
 * without Hyper-Z, by drawing a quad with ZFUNC ALWAYS and Z writes on;
 * then quads at known depths are tested against it: each ZFUNC (24- and
 * 16-bit buffers), depth interpolated across a sloping quad, Z writes on
 * and off, the depth values a 24-bit and a 16-bit buffer hold, and the
 * Z-pass counts that ZB_ZPASS_ADDR writes to memory (summed over the GB
 * pipes as Mesa's occlusion query does) for a full, a partly covered and
 * a partly occluded quad, with the depth test off and with the alpha test
 * discarding; Mesa's Hyper-Z fast clear (3D_CLEAR_ZMASK, FAST_FILL); and
 * polygon offset (SU_POLY_OFFSET_*) moving a redrawn quad in front of or
 * behind its own depth.
 */
#include "radeon_render.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R300 depth test, depth writes, polygon offset and Z-pass counts, checked "
		     "in memory.");

#define FILL 0x11223344u
#define ZPASS_GUARD 0xdeadbeefu
#define THIRD (RENDER_W / 3)
#define HALF (RENDER_W / 2)

static struct render r;
static struct r300_bo *zb, *query;

static const float red[4] = { 1, 0, 0, 1 };
static const float green[4] = { 0, 1, 0, 1 };
static const float blue[4] = { 0, 0, 1, 1 };

/* The pass-through pipeline with a depth buffer in @format that holds NDC depth @z everywhere. */
static void begin_cleared_format(float z, enum r300_depthformat format)
{
	render_begin(&r, FILL);
	r300_emit_zbuffer_format(r.cs, zb, 0, RENDER_W, format);
	r300_emit_depth_test(r.cs, ZS_ALWAYS, true);
	r300_emit_color_mask(r.cs, false, false, false, false);
	render_columns(&r, 0, RENDER_W, z, red);
	r300_emit_color_mask(r.cs, true, true, true, true);
}

static void begin_cleared(float z)
{
	begin_cleared_format(z, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);
}

/* Cleared to NDC 0.5, then ZFUNC LESS with writes: what nearer draws pass. */
static void begin_less(void)
{
	begin_cleared(0.5f);
	r300_emit_depth_test(r.cs, ZS_LESS, true);
}

static uint32_t depth24(uint32_t x, uint32_t y)
{
	return r300_bo_read32(zb, (y * RENDER_W + x) * 4) >> 8;
}

/* Z-pass counting around what the caller drew since the last call: stop and read. */
static uint32_t zpass_end_read(void)
{
	r300_emit_zpass_end(r.cs, query, 0);
	render_run(&r, r.fb);
	/* the dword after the last pipe's count is not written */
	igt_assert_eq_u32(r300_bo_read32(query, 4 * r.dev->num_gb_pipes), ZPASS_GUARD);
	return r300_zpass_result(query, 0);
}

static void zpass_begin(void)
{
	r300_bo_fill32(query, ZPASS_GUARD);
	r300_emit_zpass_begin(r.cs);
}

/*
 * One dynamic subtest per ZFUNC: a buffer in @format cleared to NDC depth
 * 0, then quads nearer (-0.5), equal (0) and farther (0.5) in three bands.
 */
static void each_zfunc(enum r300_depthformat format)
{
	array_for_each(f, render_compares) {
		/* the fragment's depth on the left: nearer is less */
		igt_dynamic(f->name) {
			begin_cleared_format(0, format);
			r300_emit_depth_test(r.cs, f->zs, false);
			render_columns(&r, 0, THIRD, -0.5f, blue);
			render_columns(&r, THIRD, 2 * THIRD, 0, blue);
			render_columns(&r, 2 * THIRD, 3 * THIRD, 0.5f, blue);
			render_run(&r, r.fb);
			render_expect_columns(&r, 0, THIRD, f->less ? 0xff0000ff : FILL);
			render_expect_columns(&r, THIRD, 2 * THIRD, f->equal ? 0xff0000ff : FILL);
			render_expect_columns(&r, 2 * THIRD, 3 * THIRD,
					      f->greater ? 0xff0000ff : FILL);
		}
	}
}

/*
 * Polygon offset: a quad is drawn with ZFUNC ALWAYS into the depth buffer
 * only, then again in green with ZFUNC LESS and an offset; it can pass
 * only where the offset brings it nearer. GL 2.1 section 3.5.5: offset =
 * factor * max(|dz/dx|, |dz/dy|) + units * r, r the smallest resolvable
 * difference; the flat quad has slope 0, the sloped one's window z runs
 * from 0.25 to 0.75 across the 64 columns.
 */
static const struct offset_case {
	const char *name;
	bool enable, sloped;
	float factor, units;
} offsets[] = {
	{ "disabled", false, false, 0, -4 },
	{ "units-nearer", true, false, 0, -4 },
	{ "units-farther", true, false, 0, 4 },
	{ "factor-flat", true, false, -1, 0 },
	{ "factor-sloped", true, true, -1, 0 },
	{ "factor-sloped-farther", true, true, 1, 0 },
};

static void offset_quad(bool sloped, const float rgba[4])
{
	float zl = sloped ? -0.5f : 0.0f, zr = sloped ? 0.5f : 0.0f;
	const struct r300_vertex v[4] = {
		{ -1, -1, zl, 1, rgba[0], rgba[1], rgba[2], rgba[3] },
		{ 1, -1, zr, 1, rgba[0], rgba[1], rgba[2], rgba[3] },
		{ 1, 1, zr, 1, rgba[0], rgba[1], rgba[2], rgba[3] },
		{ -1, 1, zl, 1, rgba[0], rgba[1], rgba[2], rgba[3] },
	};

	r300_draw_immd(r.cs, PRIM_QUADS, v, 4);
}

static void test_offset(const struct offset_case *c)
{
	float slope = c->sloped ? 0.5f / RENDER_W : 0.0f;
	float offset = c->factor * slope + c->units / 16777216.0f;
	bool drawn = c->enable && offset < 0.0f;

	render_begin(&r, FILL);
	r300_emit_zbuffer(r.cs, zb, 0, RENDER_W);
	r300_emit_depth_test(r.cs, ZS_ALWAYS, true);
	r300_emit_color_mask(r.cs, false, false, false, false);
	offset_quad(c->sloped, red);
	r300_emit_color_mask(r.cs, true, true, true, true);
	r300_emit_depth_test(r.cs, ZS_LESS, false);
	r300_emit_polygon_offset(r.cs, c->enable, c->factor, c->units, false);
	offset_quad(c->sloped, green);
	render_run(&r, r.fb);
	render_expect_columns(&r, 0, RENDER_W, drawn ? 0xff00ff00 : FILL);
}

igt_main
{
	igt_fixture {
		render_open(&r);
		zb = r300_bo_new(r.dev, RENDER_W * RENDER_H * 4, RADEON_GEM_DOMAIN_VRAM);
		query = r300_bo_new(r.dev, 4096, RADEON_GEM_DOMAIN_GTT);
	}

	igt_describe("each ZFUNC against a 24-bit buffer cleared to NDC depth 0: quads nearer "
		     "(-0.5), equal (0) and farther (0.5) in three column bands");
	igt_subtest_with_dynamic("depth-func")
		each_zfunc(DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);

	igt_describe("each ZFUNC on a 16-bit depth buffer, the same three bands");
	igt_subtest_with_dynamic("depth-func-16bit")
		each_zfunc(DEPTHFORMAT_16BIT_INT_Z);

	igt_describe("depth is interpolated across a primitive: a quad sloping from NDC -0.5 "
		     "(left) to 0.5 (right) passes LESS against 0 in exactly its left half");
	igt_subtest("depth-interpolated") {
		const struct r300_vertex slope[4] = {
			{ -1, -1, -0.5f, 1, 0, 0, 1, 1 }, { 1, -1, 0.5f, 1, 0, 0, 1, 1 },
			{ 1, 1, 0.5f, 1, 0, 0, 1, 1 }, { -1, 1, -0.5f, 1, 0, 0, 1, 1 },
		};

		begin_cleared(0);
		r300_emit_depth_test(r.cs, ZS_LESS, false);
		/* pixel centre x + 0.5 is at depth -0.5 + (x + 0.5) / 64: below 0 up to x = 31 */
		r300_draw_immd(r.cs, PRIM_QUADS, slope, 4);
		render_run(&r, r.fb);
		render_expect_columns(&r, 0, HALF, 0xff0000ff);
		render_expect_columns(&r, HALF, RENDER_W, FILL);
	}

	igt_describe("ZWRITEENABLE: with writes on, a second LESS draw behind the first fails; "
		     "with writes off it sees the cleared depth and passes");
	igt_subtest_with_dynamic("depth-write") {
		for (int write = 1; write >= 0; write--) {
			igt_dynamic(write ? "on" : "off") {
				begin_cleared(0.5f);
				r300_emit_depth_test(r.cs, ZS_LESS, write);
				render_columns(&r, 0, RENDER_W, 0, green);
				render_columns(&r, 0, RENDER_W, 0.25f, blue);
				render_run(&r, r.fb);
				render_expect_columns(&r, 0, RENDER_W, write ? 0xff00ff00 : 0xff0000ff);
			}
		}
	}

	igt_describe("a 24-bit depth buffer holds Z in bits 31:8: NDC -1 is 0, NDC +1 is "
		     "0xffffff (window depth scaled by SU_DEPTH_SCALE)");
	igt_subtest("depth-values-24bit") {
		begin_cleared(-1);
		render_columns(&r, HALF, RENDER_W, 1, red);
		render_run(&r, zb);
		for (uint32_t y = 0; y < RENDER_H; y += 7) {
			igt_assert_eq_u32(depth24(0, y), 0);
			igt_assert_eq_u32(depth24(HALF - 1, y), 0);
			igt_assert_eq_u32(depth24(HALF, y), 0xffffff);
			igt_assert_eq_u32(depth24(RENDER_W - 1, y), 0xffffff);
		}
	}

	igt_describe("a 16-bit depth buffer (2 bytes a pixel) holds 0 and 0xffff for NDC -1 "
		     "and +1, and the depth test works on it");
	igt_subtest("depth-values-16bit") {
		render_begin(&r, FILL);
		r300_bo_fill32(zb, 0xa5a5a5a5);
		r300_emit_zbuffer_format(r.cs, zb, 0, RENDER_W, DEPTHFORMAT_16BIT_INT_Z);
		r300_emit_depth_test(r.cs, ZS_ALWAYS, true);
		render_columns(&r, 0, HALF, -1, red);
		render_columns(&r, HALF, RENDER_W, 1, red);
		/* green passes only where the buffer holds the far value */
		r300_emit_depth_test(r.cs, ZS_LESS, false);
		render_columns(&r, 0, RENDER_W, 0, green);
		render_run(&r, zb);
		igt_assert_eq_u32(r300_bo_read32(zb, 0), 0);
		igt_assert_eq_u32(r300_bo_read32(zb, HALF * 2), 0xffffffff);
		igt_assert_eq_u32(r300_bo_read32(zb, (RENDER_W * RENDER_H - 2) * 2), 0xffffffff);
		/* the half of the BO a 16-bit buffer does not use is untouched */
		igt_assert_eq_u32(r300_bo_read32(zb, RENDER_W * RENDER_H * 2), 0xa5a5a5a5);
		render_expect_columns(&r, 0, HALF, 0xffff0000);
		render_expect_columns(&r, HALF, RENDER_W, 0xff00ff00);
	}

	igt_describe("ZB_ZPASS_ADDR stores the number of pixels that passed: a full 64x64 quad");
	igt_subtest("zpass-full") {
		begin_less();
		zpass_begin();
		render_columns(&r, 0, RENDER_W, 0, green);
		igt_assert_eq_u32(zpass_end_read(), RENDER_W * RENDER_H);
	}

	igt_describe("a quad over NDC [-1,0]x[-1,0] passes exactly its 32x32 pixels");
	igt_subtest("zpass-quarter") {
		begin_less();
		zpass_begin();
		r300_draw_quad(r.cs, -1, -1, 0, 0, 0, green);
		igt_assert_eq_u32(zpass_end_read(), RENDER_W * RENDER_H / 4);
	}

	igt_describe("a quad half behind an occluder counts only its visible half");
	igt_subtest("zpass-occluded") {
		begin_less();
		render_columns(&r, 0, HALF, -0.5f, red);	/* the occluder, not counted */
		zpass_begin();
		render_columns(&r, 0, RENDER_W, 0, green);
		igt_assert_eq_u32(zpass_end_read(), RENDER_W * RENDER_H / 2);
		render_expect_columns(&r, 0, HALF, 0xffff0000);
		render_expect_columns(&r, HALF, RENDER_W, 0xff00ff00);
	}

	igt_describe("with Z off every drawn pixel counts, occluder or not");
	igt_subtest("zpass-z-off") {
		begin_less();
		render_columns(&r, 0, HALF, -0.5f, red);
		r300_emit_zb_disable(r.cs);
		zpass_begin();
		render_columns(&r, 0, RENDER_W, 0, green);
		igt_assert_eq_u32(zpass_end_read(), RENDER_W * RENDER_H);
		render_expect_columns(&r, 0, RENDER_W, 0xff00ff00);
	}

	igt_describe("pixels the alpha test discards are not counted");
	igt_subtest("zpass-alpha-test") {
		static const float clear[4] = { 0, 1, 0, 0 };

		begin_less();
		r300_emit_alpha_test(r.cs, true, AF_GREATER, 0x80);
		zpass_begin();
		render_columns(&r, 0, HALF, 0, green);
		render_columns(&r, HALF, RENDER_W, 0, clear);	/* alpha 0: discarded */
		igt_assert_eq_u32(zpass_end_read(), RENDER_W * RENDER_H / 2);
		/* nor do they write depth */
		igt_assert_eq_u32(depth24(HALF, 0), depth24(RENDER_W - 1, RENDER_H - 1));
		igt_assert_neq_u32(depth24(0, 0), depth24(HALF, 0));
	}

	igt_describe("ZB_ZPASS_DATA = 0 restarts the count: a second query sees only its own draw");
	igt_subtest("zpass-restart") {
		begin_cleared(0.5f);
		r300_emit_depth_test(r.cs, ZS_ALWAYS, false);
		zpass_begin();
		render_columns(&r, 0, RENDER_W, 0, green);
		r300_emit_zpass_end(r.cs, query, 0);
		r300_emit_zpass_begin(r.cs);
		r300_draw_quad(r.cs, -1, -1, 0, 0, 0, green);
		r300_emit_zpass_end(r.cs, query, 64);
		render_run(&r, r.fb);
		igt_assert_eq_u32(r300_zpass_result(query, 0), RENDER_W * RENDER_H);
		igt_assert_eq_u32(r300_zpass_result(query, 64), RENDER_W * RENDER_H / 4);
	}

	/*
	 * Mesa's fast depth clear (r300_blit.c with Hyper-Z): the Z-mask tiles
	 * fast-cleared, FAST_FILL reading them as ZB_DEPTHCLEARVALUE. The depth
	 * memory holds 0 (nearest) and is never written by a clear draw: only
	 * the fast clear to 1.0 lets LESS draws pass. Micro-tiled, as Mesa
	 * gives a Z mask to micro-tiled 32-bit buffers only.
	 */
	igt_describe("a Hyper-Z fast clear (3D_CLEAR_ZMASK, FAST_FILL) to depth 1.0 over "
		     "memory holding 0: a LESS draw passes, a second one behind it fails there "
		     "and passes beside it");
	igt_subtest("hyperz-fast-clear") {
		struct r300_bo *hz = r300_bo_new(r.dev, RENDER_W * RENDER_H * 4, RADEON_GEM_DOMAIN_VRAM);
		uint32_t v = 1;

		igt_require_f(__r300_info(r.dev->fd, RADEON_INFO_WANT_HYPERZ, &v) == 0 && v == 1,
			      "Hyper-Z is owned by another client\n");
		r300_bo_set_tiling(hz, RADEON_TILING_MICRO, RENDER_W * 4);
		r300_bo_fill32(hz, 0);
		render_begin(&r, FILL);
		r300_emit_zbuffer(r.cs, hz, 0, RENDER_W);
		r300_emit_hyperz_fast_fill(r.cs, 0xffffff00);	/* Z 1.0, stencil 0 */
		r300_emit_zmask_clear(r.cs, r300_zmask_dwords(r.dev->num_z_pipes, RENDER_W, RENDER_H));
		r300_emit_depth_test(r.cs, ZS_LESS, true);
		render_columns(&r, 0, HALF, 0, red);
		render_columns(&r, 0, RENDER_W, 0.5f, blue);
		/* r300_emit_hyperz_end: Hyper-Z off before the CS ends */
		r300_cs_reg(r.cs, REG_R300_ZB_BW_CNTL, 0);
		render_run(&r, r.fb);
		render_expect_columns(&r, 0, HALF, 0xffff0000);
		render_expect_columns(&r, HALF, RENDER_W, 0xff0000ff);
		v = 0;
		igt_assert_eq(__r300_info(r.dev->fd, RADEON_INFO_WANT_HYPERZ, &v), 0);
		r300_bo_free(hz);
	}

	igt_describe("SU_POLY_OFFSET: a quad redrawn over its own depth with ZFUNC LESS passes "
		     "exactly when GL's offset (factor * slope + units * r, as Mesa programs it) "
		     "is negative");
	igt_subtest_with_dynamic("polygon-offset")
		render_each_case(offsets, test_offset);

	igt_fixture {
		r300_bo_free(query);
		r300_bo_free(zb);
		render_close(&r);
	}
}

// SPDX-License-Identifier: MIT
/*
 * radeon_stencil: the stencil test of the ZB unit through the harness's
 * r300_emit_stencil (Mesa's r300_create_dsa_state words). The depth
 * buffer's stencil bytes (bits 7:0 of each 24-bit depth pixel) are written
 * by the CPU in three column stripes, a white quad is drawn over all of
 * them, and the colour buffer and the stencil bytes are checked against
 * GL 2.1's stencil rules (section 4.1.5): the test (ref & mask) FUNC
 * (stencil & mask), then sfail, dpfail or dppass applied to the bits of
 * the write mask.
 */
#include "radeon/r300_claims.h"
#include "radeon_render.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R300-R500 stencil test: every function and every operation on the fail, "
		     "depth-fail and pass paths, with value and write masks.");

#define FILL 0x11223344u
#define WHITE 0xffffffffu
#define DEPTH 0x123456u		/* the Z bits of every depth pixel; draws never write them */

static struct render r;
static struct r300_bo *zb;

/* ---- the GL rules -------------------------------------------------------------- */

/*
 * The functions and their truth table: radeon_render.h's render_compares,
 * with the reference on the left ("ref FUNC stencil"). The operations: each
 * ZS_* value with the GL operation it encodes (as Mesa's r300_state_inlines.h
 * r300_translate_stencil_op pairs them), whose result r300_stencil_op_result
 * gives.
 */
static const struct op_case {
	const char *name;
	enum r300_stencil_op op;
	enum r300_sop gl;
} ops[] = {
	{ "keep", ZS_KEEP, SOP_KEEP }, { "zero", ZS_ZERO, SOP_ZERO },
	{ "replace", ZS_REPLACE, SOP_REPLACE }, { "incr", ZS_INCR, SOP_INCR },
	{ "decr", ZS_DECR, SOP_DECR }, { "invert", ZS_INVERT, SOP_INVERT },
	{ "incr-wrap", ZS_INCR_WRAP, SOP_INCR_WRAP }, { "decr-wrap", ZS_DECR_WRAP, SOP_DECR_WRAP },
};

static uint32_t stencil_op(enum r300_stencil_op op, uint32_t ref, uint32_t s)
{
	array_for_each(c, ops)
		if (c->op == op)
			return r300_stencil_op_result(c->gl, ref, s);
	igt_assert_f(false, "no such stencil operation %d\n", op);
	return s;
}

/* ---- the experiment ------------------------------------------------------------ */

#define STRIPES 3

/* Column stripe i of the window is [i * W / 3, (i + 1) * W / 3). */
static uint32_t stripe_of(uint32_t x)
{
	return x * STRIPES / RENDER_W;
}

static uint32_t stencil_at(uint32_t x, uint32_t y)
{
	return r300_bo_read32(zb, (y * RENDER_W + x) * 4) & 0xff;
}

/*
 * Stencil bytes @s per stripe, then a white quad with @st and depth
 * function @z_func (negative: Z off); check every pixel: drawn where the
 * stencil (and depth) test passes, and the stencil byte the rules give.
 */
static void run(const struct r300_stencil *st, int z_func, const uint32_t s[STRIPES])
{
	static const float white[4] = { 1, 1, 1, 1 };

	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = 0; x < RENDER_W; x++)
			r300_bo_write32(zb, (y * RENDER_W + x) * 4, DEPTH << 8 | s[stripe_of(x)]);
	render_begin(&r, FILL);
	r300_emit_zbuffer(r.cs, zb, 0, RENDER_W);
	r300_emit_stencil(r.cs, st, z_func, false);
	r300_draw_quad(r.cs, -1, -1, 1, 1, 0, white);
	render_run(&r, r.fb);

	for (uint32_t y = 0; y < RENDER_H; y++) {
		for (uint32_t x = 0; x < RENDER_W; x++) {
			uint32_t old = s[stripe_of(x)], m = st->mask, wm = st->writemask;
			bool spass = render_zs_passes(st->func, st->ref & m, old & m);
			bool zpass = z_func < 0 || z_func == ZS_ALWAYS;
			enum r300_stencil_op op = !spass ? st->fail : !zpass ? st->zfail : st->zpass;
			uint32_t want_s = (old & ~wm) | (stencil_op(op, st->ref, old) & wm);
			uint32_t px = render_px(&r, x, y);

			igt_assert_f(px == (spass && zpass ? WHITE : FILL),
				     "pixel (%u, %u) = %#010x with stencil %#x: the test should %s\n",
				     x, y, px, old, spass && zpass ? "pass" : "fail");
			igt_assert_f(stencil_at(x, y) == want_s,
				     "stencil at (%u, %u) = %#x, expected %#x (from %#x)\n", x, y,
				     stencil_at(x, y), want_s, old);
			igt_assert_f(r300_bo_read32(zb, (y * RENDER_W + x) * 4) >> 8 == DEPTH,
				     "depth at (%u, %u) changed with ZWRITEENABLE off\n", x, y);
		}
	}
}

static void test_func(const struct render_compare *c)
{
	enum r300_zs_func f = c->zs;
	/* against ref 0x80: one stripe below, one equal, one above */
	static const uint32_t s[STRIPES] = { 0x40, 0x80, 0xc0 };
	const struct r300_stencil st = { .func = f, .ref = 0x80, .mask = 0xff, .writemask = 0xff };

	run(&st, -1, s);
}

/* @op on one path (the others KEEP) over stencil 0x00, 0x80, 0xff with ref 0x5a. */
static void test_op(enum r300_stencil_path path, enum r300_stencil_op op)
{
	static const uint32_t s[STRIPES] = { 0x00, 0x80, 0xff };
	struct r300_stencil st = {
		.func = path == PATH_SFAIL ? ZS_NEVER : ZS_ALWAYS, .ref = 0x5a, .mask = 0xff,
		.writemask = 0xff,
		.fail = path == PATH_SFAIL ? op : ZS_KEEP, .zfail = path == PATH_ZFAIL ? op : ZS_KEEP,
		.zpass = path == PATH_ZPASS ? op : ZS_KEEP,
	};

	/* the depth test: off for the stencil-fail path, NEVER or ALWAYS for the others */
	run(&st, path == PATH_SFAIL ? -1 : path == PATH_ZFAIL ? ZS_NEVER : ZS_ALWAYS, s);
}

igt_main
{
	igt_fixture {
		render_open(&r);
		zb = r300_bo_new(r.dev, RENDER_W * RENDER_H * 4, RADEON_GEM_DOMAIN_VRAM);
	}

	igt_describe("each stencil function against a reference below, at and above the stored "
		     "stencil: the drawn stripes are GL's truth table, the stencil is kept");
	igt_subtest_with_dynamic("stencil-func")
		render_each_case(render_compares, test_func);

	static const struct {
		const char *name, *what;
		enum r300_stencil_path path;
	} paths[] = {
		{ "stencil-op-fail", "the stencil test fails (STENCILFAIL)", PATH_SFAIL },
		{ "stencil-op-zfail", "the depth test fails (STENCILZFAIL)", PATH_ZFAIL },
		{ "stencil-op-zpass", "both tests pass (STENCILZPASS)", PATH_ZPASS },
	};
	array_for_each(p, paths) {
		igt_describe_f("each stencil operation where %s, on stencil 0, 0x80 and 0xff: the "
			       "stored stencil is GL's result", p->what);
		igt_subtest_with_dynamic(p->name) {
			array_for_each(c, ops)
				igt_dynamic(c->name)
					test_op(p->path, c->op);
		}
	}

	igt_describe("the value mask applies to both sides of the comparison: EQUAL with mask "
		     "0xf0 passes where the high nibbles match");
	igt_subtest("stencil-value-mask") {
		static const uint32_t s[STRIPES] = { 0x8f, 0x81, 0x71 };
		const struct r300_stencil st = { .func = ZS_EQUAL, .ref = 0x85, .mask = 0xf0,
						 .writemask = 0xff };

		run(&st, -1, s);
	}

	igt_describe("the write mask limits which stencil bits an operation changes: INVERT "
		     "with write mask 0x0f");
	igt_subtest("stencil-write-mask") {
		static const uint32_t s[STRIPES] = { 0x00, 0x5a, 0xff };
		const struct r300_stencil st = { .func = ZS_ALWAYS, .mask = 0xff, .writemask = 0x0f,
						 .zpass = ZS_INVERT };

		run(&st, -1, s);
	}

	igt_fixture {
		r300_bo_free(zb);
		render_close(&r);
	}
}

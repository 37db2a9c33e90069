/* SPDX-License-Identifier: MIT */
/*
 * Helpers the radeon_render and radeon_depth binaries share: a 64 x 64
 * ARGB8888 colour buffer drawn through the harness's minimal pipeline,
 * quads over pixel columns, and region checks that name the first wrong
 * pixel.
 */
#ifndef DRMSUB_TESTS_RADEON_RENDER_H
#define DRMSUB_TESTS_RADEON_RENDER_H

#include "core/test.h"
#include "radeon/r300.h"
#include "radeon/r300_3d.h"
#include "util/util.h"

#define RENDER_W 64
#define RENDER_H 64

struct render {
	struct r300_device *dev;
	struct r300_cs *cs;
	struct r300_bo *fb;
};

/* Open the device and a colour buffer; skips where the harness cannot draw. */
static inline void render_open(struct render *r)
{
	r->dev = r300_device_open();
	igt_require_f(r->dev->accel_working, "acceleration is not working\n");
	igt_require_f(r300_chip_vert_fpus(r->dev->family), "no hardware TCL on this IGP\n");
	r->fb = r300_bo_new(r->dev, RENDER_W * RENDER_H * 4, RADEON_GEM_DOMAIN_VRAM);
	r->cs = r300_cs_new(r->dev, 4096);
}

static inline void render_close(struct render *r)
{
	r300_cs_free(r->cs);
	r300_bo_free(r->fb);
	r300_device_close(r->dev);
}

/* A new stream: the colour buffer holds @fill everywhere, the pass-through pipeline is set. */
static inline void render_begin(struct render *r, uint32_t fill)
{
	r300_cs_reset(r->cs);
	r300_bo_fill32(r->fb, fill);
	r300_emit_3d_setup(r->cs, r->fb, 0, RENDER_W, RENDER_W, RENDER_H);
}

/* Flush the caches, submit, wait until @bo (usually the colour buffer) is idle. */
static inline void render_run(struct render *r, struct r300_bo *bo)
{
	r300_emit_flush(r->cs);
	r300_cs_submit_wait(r->cs, bo);
}

static inline uint32_t render_px(struct render *r, uint32_t x, uint32_t y)
{
	return r300_bo_read32(r->fb, (y * RENDER_W + x) * 4);
}

/* A quad over pixel columns [x0, x1), every row, at NDC depth @z. */
static inline void render_columns(struct render *r, uint32_t x0, uint32_t x1, float z,
				  const float rgba[4])
{
	float n0 = 2.0f * x0 / RENDER_W - 1.0f, n1 = 2.0f * x1 / RENDER_W - 1.0f;

	r300_draw_quad(r->cs, n0, -1, n1, 1, z, rgba);
}

/* Every pixel of columns [x0, x1) is @expected. */
static inline void render_expect_columns(struct render *r, uint32_t x0, uint32_t x1,
					 uint32_t expected)
{
	for (uint32_t y = 0; y < RENDER_H; y++)
		for (uint32_t x = x0; x < x1; x++)
			igt_assert_f(render_px(r, x, y) == expected,
				     "pixel (%u, %u) = %#010x, expected %#010x\n", x, y,
				     render_px(r, x, y), expected);
}

/* An RB3D_COLOR_CHANNEL_MASK: the channels it writes, and their bytes in an ARGB8888 pixel. */
struct render_mask {
	const char *name;
	bool r, g, b, a;
	uint32_t written;
};

/*
 * A white quad over the buffer filled with @fill, through mask @m: the
 * bytes @m writes take the quad's 0xff, the others keep @fill's.
 */
static inline void render_check_mask(struct render *r, uint32_t fill, const struct render_mask *m)
{
	static const float white[4] = { 1, 1, 1, 1 };

	render_begin(r, fill);
	r300_emit_color_mask(r->cs, m->r, m->g, m->b, m->a);
	render_columns(r, 0, RENDER_W, 0, white);
	render_run(r, r->fb);
	render_expect_columns(r, 0, RENDER_W, (fill & ~m->written) | m->written);
}

/*
 * GL's eight comparison functions (GL 2.1 sections 4.1.4 to 4.1.6: the
 * alpha, stencil and depth tests) with the value the ZB unit (ZS_*) and the
 * alpha test (AF_*) encode each one as, and whether it passes when its left
 * operand (the fragment's alpha or depth, the stencil reference) is less
 * than, equal to or greater than the right one (the alpha reference, the
 * stored depth or stencil). In ZFUNC's order.
 */
static const struct render_compare {
	const char *name;
	enum r300_zs_func zs;
	enum r300_alpha_func af;
	bool less, equal, greater;
} render_compares[] = {
	{ "never", ZS_NEVER, AF_NEVER, false, false, false },
	{ "less", ZS_LESS, AF_LESS, true, false, false },
	{ "lequal", ZS_LEQUAL, AF_LE, true, true, false },
	{ "equal", ZS_EQUAL, AF_EQUAL, false, true, false },
	{ "gequal", ZS_GEQUAL, AF_GE, false, true, true },
	{ "greater", ZS_GREATER, AF_GREATER, false, false, true },
	{ "notequal", ZS_NOTEQUAL, AF_NOTEQUAL, true, false, true },
	{ "always", ZS_ALWAYS, AF_ALWAYS, true, true, true },
};

/* Whether "@a FUNC @b" passes for the ZB unit's function @zs. */
static inline bool render_zs_passes(enum r300_zs_func zs, uint32_t a, uint32_t b)
{
	for (size_t i = 0; i < ARRAY_SIZE(render_compares); i++) {
		const struct render_compare *c = &render_compares[i];

		if (c->zs == zs)
			return a < b ? c->less : a == b ? c->equal : c->greater;
	}
	igt_assert_f(false, "no such ZFUNC %d\n", zs);
	return false;
}

/* One dynamic subtest per entry of the case table @cases (named by .name): @test(&entry). */
#define render_each_case(cases, test)                                                \
	for (size_t case_i_ = 0; case_i_ < ARRAY_SIZE(cases); case_i_++)             \
		igt_dynamic((cases)[case_i_].name)                                   \
			test(&(cases)[case_i_])

#endif

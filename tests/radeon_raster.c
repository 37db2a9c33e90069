// SPDX-License-Identifier: MIT
/*
 * radeon_raster: the R300 setup unit's coverage seen in memory. Triangles
 * are added into a black colour buffer (blend ONE + ONE), so a pixel that
 * two triangles both cover reads twice the colour and one that neither
 * covers stays black:
 *
 * - shared-edges: a grid of pixel-sized squares, each two triangles, at
 *   the 3/8-pixel offset OpenGL programs use for exact 2D drawing
 *   (piglit's gl-1.0-ortho-pos). The kernel leaves GB_TILE_CONFIG at 1/12
 *   subpixel (r300.c r300_ring_start), so the vertices land between
 *   pixel centres and many centres lie exactly on a diagonal two triangles
 *   share: the setup unit's edge functions are exact fixed point, so each
 *   such centre belongs to exactly one triangle.
 * - poly-mode-line-quad / -triangle: GA_POLY_MODE LINE (glPolygonMode
 *   GL_LINE) draws a primitive's boundary edges: a quad's outline but not
 *   the diagonal that splits it, a triangle's three edges (piglit's
 *   polygon-mode tells GL_LINE from GL_FILL by the quad's centre).
 */
#include "radeon/r300_raster.h"
#include "radeon_render.h"

IGT_TEST_DESCRIPTION("R300 triangle coverage: shared edges, checked pixel by pixel.");

/* Each square adds this much red: 1x is drawn once, 0 a gap, 2x an overlap. */
#define ONCE 0x40u

static struct render r;

/* Window position (pixels, row 0 at the top) to the harness's NDC vertex. */
static struct r300_vertex vertex(float wx, float wy)
{
	return (struct r300_vertex){ 2.0f * wx / RENDER_W - 1.0f, 1.0f - 2.0f * wy / RENDER_H, 0, 1,
				     ONCE / 255.0f, 0, 0, 1 };
}

/* Row @y of squares [x + 3/8, x + 1 + 3/8) x [y + 3/8, y + 1 + 3/8), two triangles each. */
static void draw_square_row(uint32_t y)
{
	static struct r300_vertex v[RENDER_W * 6];
	const float off = 0.375f;
	uint32_t n = 0;

	for (uint32_t x = 0; x < RENDER_W; x++) {
		struct r300_vertex a = vertex(x + off, y + off), b = vertex(x + 1 + off, y + off);
		struct r300_vertex c = vertex(x + 1 + off, y + 1 + off), d = vertex(x + off, y + 1 + off);

		/* split along the a-c diagonal, as a quad's (0, 1, 2), (0, 2, 3) */
		v[n++] = a, v[n++] = b, v[n++] = c;
		v[n++] = a, v[n++] = c, v[n++] = d;
	}
	r300_draw_immd(r.cs, PRIM_TRIANGLES, v, n);
}

static const float white[4] = { 1, 1, 1, 1 };

/* Is any pixel of the 3 x 3 block around (@x, @y) drawn (not black)? */
static bool drawn_near(uint32_t x, uint32_t y)
{
	for (uint32_t j = y - 1; j <= y + 1; j++)
		for (uint32_t i = x - 1; i <= x + 1; i++)
			if (render_px(&r, i, j) & 0xffffff)
				return true;
	return false;
}

/* A new stream with both faces drawn as one-pixel lines. */
static void begin_line_mode(void)
{
	render_begin(&r, 0);
	r300_emit_poly_mode(r.cs, PTYPE_LINE, PTYPE_LINE);
	r300_emit_line_width(r.cs, 1.0f);
}

igt_main
{
	igt_fixture {
		render_open(&r);
		/* a row of squares is 6 * 64 vertices in one packet: the largest stream */
		r300_cs_free(r.cs);
		r.cs = r300_cs_new(r.dev, R300_CS_MAX_DWORDS);
	}

	igt_describe("pixel squares at a 3/8 offset, two triangles each, added up: every pixel "
		     "is covered exactly once, none twice (a shared diagonal through a pixel "
		     "centre), none left out");
	igt_subtest("shared-edges") {
		const struct r300_blend add = { COMB_FCN_ADD_CLAMP, BLEND_GL_ONE, BLEND_GL_ONE };

		r300_bo_fill32(r.fb, 0);
		for (uint32_t y = 0; y < RENDER_H; y++) {
			r300_cs_reset(r.cs);
			r300_emit_3d_setup(r.cs, r.fb, 0, RENDER_W, RENDER_W, RENDER_H);
			r300_emit_blend(r.cs, true, add, add);
			draw_square_row(y);
			render_run(&r, r.fb);
		}
		for (uint32_t y = 0; y < RENDER_H; y++)
			for (uint32_t x = 0; x < RENDER_W; x++) {
				uint32_t red = render_px(&r, x, y) >> 16 & 0xff;

				igt_assert_f(red == ONCE, "pixel (%u, %u): red %#x, a %s\n", x, y, red,
					     red == 0 ? "gap" : red > ONCE ? "pixel covered twice" :
					     "wrong colour");
			}
	}

	igt_describe("GA_POLY_MODE LINE: a quad (3D_DRAW_IMMD_2 QUADS) draws its four edges and "
		     "not the diagonal between the triangles it is split into");
	igt_subtest("poly-mode-line-quad") {
		/* pixels [16, 48) in both directions */
		begin_line_mode();
		r300_draw_quad(r.cs, -0.5f, -0.5f, 0.5f, 0.5f, 0, white);
		render_run(&r, r.fb);
		igt_assert_f(drawn_near(16, 32) && drawn_near(47, 32) && drawn_near(32, 16) &&
			     drawn_near(32, 47), "an edge of the quad is missing\n");
		for (uint32_t i = 20; i <= 44; i += 4)
			igt_assert_f(!(render_px(&r, i, i) & 0xffffff) &&
				     !(render_px(&r, i, RENDER_H - 1 - i) & 0xffffff),
				     "pixel (%u, %u) or (%u, %u) inside the quad is drawn: a diagonal\n",
				     i, i, i, RENDER_H - 1 - i);
	}

	igt_describe("GA_POLY_MODE LINE: a triangle draws all three of its edges");
	igt_subtest("poly-mode-line-triangle") {
		const struct r300_vertex v[3] = {
			{ -0.5f, -0.5f, 0, 1, 1, 1, 1, 1 }, { 0.5f, -0.5f, 0, 1, 1, 1, 1, 1 },
			{ 0.5f, 0.5f, 0, 1, 1, 1, 1, 1 },
		};

		begin_line_mode();
		r300_draw_triangle(r.cs, v);
		render_run(&r, r.fb);
		/* the bottom and right edges and the hypotenuse through the centre */
		igt_assert_f(drawn_near(32, 47) && drawn_near(47, 32) && drawn_near(32, 32),
			     "an edge of the triangle is missing\n");
		igt_assert_f(!(render_px(&r, 40, 32) & 0xffffff), "the triangle is filled\n");
	}

	igt_fixture
		render_close(&r);
}

// SPDX-License-Identifier: MIT
/*
 * radeon_draw: what an R300 draw writes to memory. Each subtest builds the
 * harness's minimal pipeline (r300_emit_3d_setup: colour buffer, viewport,
 * scissor, pass-through vertex and fragment programs), changes one piece
 * of state, draws with 3D_DRAW_IMMD_2 and checks pixels of the ARGB8888
 * colour buffer: coverage and the viewport transform, Gouraud and flat
 * colour, the colour write mask, fragment-program constants, vertex
 * program arithmetic (MUL, ADD, MAD, DP4), the scissor and the cliprects
 * (SC_CLIP_n with SC_CLIP_RULE, as Mesa draws GL's scissor), a colour buffer
 * at an offset (the relocation the kernel patches), a new colour buffer
 * after 4 GiB of freed BOs, and the vertex-buffer draws (3D_LOAD_VBPNTR
 * with 3D_DRAW_VBUF_2, 3D_DRAW_INDX_2 with the indices in the packet or in
 * an INDX_BUFFER), and face culling (SU_CULL_MODE) of quads wound both ways.
 */
#include <string.h>

#include "radeon_render.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R300 draws checked in memory: coverage, colours, write mask, vertex and "
		     "fragment programs, scissor, cliprects, colour buffer offset and address reuse, "
		     "vertex-buffer and indexed draws, face culling.");

#define W RENDER_W
#define H RENDER_H
#define FILL 0x11223344u

static struct render r;

static const float red[4] = { 1, 0, 0, 1 };
static const float white[4] = { 1, 1, 1, 1 };

static uint32_t px(uint32_t x, uint32_t y)
{
	return render_px(&r, x, y);
}

static void full_quad(const float rgba[4])
{
	r300_draw_quad(r.cs, -1, -1, 1, 1, 0, rgba);
}

/* out[0] = in[0]; out[1] = @op on the colour input and constants c0, c1. */
static void vs_colour_op(struct r300_pvs_inst op, const float c0[4], const float c1[4])
{
	struct r300_vs vs;

	r300_vs_init(&vs, 2, 2);
	r300_vs_add(&vs, r300_pvs_mov(R300_PVS_OUT(0), R300_PVS_IN(0)));
	r300_vs_add(&vs, op);
	r300_vs_const(&vs, 0, c0[0], c0[1], c0[2], c0[3]);
	r300_vs_const(&vs, 1, c1[0], c1[1], c1[2], c1[3]);
	r300_emit_vs(r.cs, &vs);
}

/* Pixels [x0, x1) x [y0, y1). */
struct box {
	uint32_t x0, y0, x1, y1;
};

static const struct box centre = { 8, 4, 24, 20 };

static bool in_any(const struct box *boxes, size_t n, uint32_t x, uint32_t y)
{
	for (size_t i = 0; i < n; i++)
		if (x >= boxes[i].x0 && x < boxes[i].x1 && y >= boxes[i].y0 && y < boxes[i].y1)
			return true;
	return false;
}

/* A red full quad drawn inside @boxes only: elsewhere the fill is left. */
static void check_red_in(const struct box *boxes, size_t n)
{
	for (uint32_t y = 0; y < H; y++)
		for (uint32_t x = 0; x < W; x++)
			igt_assert_eq_u32(px(x, y), in_any(boxes, n, x, y) ? 0xffff0000 : FILL);
}

static void check_all(uint32_t expected)
{
	render_expect_columns(&r, 0, W, expected);
}

static int channel(uint32_t argb, int shift)
{
	return (argb >> shift) & 0xff;
}

/*
 * The vertex-buffer subtests' vertices: a decoy at the top-right corner,
 * then the left half of the viewport as a fan (c0 .. c3), all red.
 */
enum { DECOY, C0, C1, C2, C3, NR_FAN_VERTICES };

static const struct r300_vertex fan_vertices[NR_FAN_VERTICES] = {
	[DECOY] = { 1, 1, 0, 1, 1, 0, 0, 1 },
	[C0] = { -1, -1, 0, 1, 1, 0, 0, 1 },
	[C1] = { 0, -1, 0, 1, 1, 0, 0, 1 },
	[C2] = { 0, 1, 0, 1, 1, 0, 0, 1 },
	[C3] = { -1, 1, 0, 1, 1, 0, 0, 1 },
};

/*
 * The fan c0 c1 c2 c3 c0: its last triangle (c0, c3, c0) is empty unless
 * the fifth index is misread (as the decoy, index 0: then the triangle
 * c0 c3 decoy covers the top-left half of the right half too).
 */
static const uint32_t fan_indices[] = { C0, C1, C2, C3, C0 };

/* A new stream that draws from a vertex buffer holding the fan's vertices, at @offset. */
static struct r300_bo *begin_fan_draw(uint32_t offset)
{
	struct r300_bo *vb = r300_bo_new(r.dev, 4096, RADEON_GEM_DOMAIN_GTT);

	memcpy(r300_bo_map(vb), fan_vertices, sizeof(fan_vertices));
	render_begin(&r, FILL);
	r300_emit_vertex_buffer(r.cs, vb, offset);
	return vb;
}

/* Run the stream; only the left half is red. */
static void end_fan_draw(struct r300_bo *vb)
{
	render_run(&r, r.fb);
	render_expect_columns(&r, 0, W / 2, 0xffff0000);
	render_expect_columns(&r, W / 2, W, FILL);
	r300_bo_free(vb);
}

/* A BO holding fan_indices at byte 64, @index32 or 16-bit (for INDX_BUFFER). */
static struct r300_bo *index_bo(bool index32)
{
	struct r300_bo *ib = r300_bo_new(r.dev, 4096, RADEON_GEM_DOMAIN_GTT);
	uint8_t *map = r300_bo_map(ib);

	for (size_t i = 0; i < ARRAY_SIZE(fan_indices); i++) {
		uint16_t i16 = (uint16_t)fan_indices[i];

		if (index32)
			memcpy(map + 64 + 4 * i, &fan_indices[i], 4);
		else
			memcpy(map + 64 + 2 * i, &i16, 2);
	}
	return ib;
}

/*
 * The fan drawn by 3D_DRAW_INDX_2 from fan_indices, @index32 or 16-bit,
 * given in the packet or (@in_bo) in an INDX_BUFFER.
 */
static void draw_indexed_fan(bool index32, bool in_bo)
{
	struct r300_bo *vb = begin_fan_draw(0), *ib = NULL;

	if (in_bo) {
		ib = index_bo(index32);
		r300_draw_indx_buffer(r.cs, PRIM_TRIANGLE_FAN, ib, 64, ARRAY_SIZE(fan_indices),
				      index32, C3);
	} else {
		r300_draw_indx(r.cs, PRIM_TRIANGLE_FAN, fan_indices, ARRAY_SIZE(fan_indices),
			       index32, C3);
	}
	end_fan_draw(vb);
	r300_bo_free(ib);	/* NULL-safe */
}

/* One dynamic subtest per index size: 16bit, 32bit. */
static void each_index_size(bool in_bo)
{
	for (int index32 = 0; index32 < 2; index32++)
		igt_dynamic(index32 ? "32bit" : "16bit")
			draw_indexed_fan(index32, in_bo);
}

/*
 * Vertex-program arithmetic: out1 = @op(the vertex colour @in, c0[, c1])
 * over a full quad; every pixel is @expected.
 */
enum vs_op { VS_MUL, VS_ADD, VS_MAD, VS_DP4 };

static const struct vs_case {
	const char *name, *what;
	enum vs_op op;
	float c0[4], c1[4];
	const float *in;
	uint32_t expected;
} vs_cases[] = {
	{ "vs-mul", "vertex program MUL: white * (0, 1, 0, 1) is green", VS_MUL,
	  { 0, 1, 0, 1 }, { 0 }, white, 0xff00ff00 },
	{ "vs-add", "vertex program ADD: red + (0, 0, 1, 0) is magenta", VS_ADD,
	  { 0, 0, 1, 0 }, { 0 }, red, 0xffff00ff },
	{ "vs-mad", "vertex program MAD: white * (0.5, 0, 0, 1) + (0, 0, 1, 0) is (0.5, 0, 1, 1)",
	  VS_MAD, { 0.5f, 0, 0, 1 }, { 0, 0, 1, 0 }, white, 0xff8000ff },
	/* 1 * 0.25 + 1 * 0.25 = 0.5 */
	{ "vs-dp4", "vertex program DP4: the dot product lands in every channel", VS_DP4,
	  { 0.25f, 0.25f, 0, 0 }, { 0 }, white, 0x80808080 },
};

static struct r300_pvs_inst vs_case_inst(enum vs_op op)
{
	struct r300_pvs_dst out = R300_PVS_OUT(1);
	struct r300_pvs_src in = R300_PVS_IN(1), c0 = R300_PVS_CONST(0);

	switch (op) {
	case VS_MUL: return r300_pvs_mul(out, in, c0);
	case VS_ADD: return r300_pvs_add(out, in, c0);
	case VS_MAD: return r300_pvs_mad(out, in, c0, R300_PVS_CONST(1));
	default: return r300_pvs_dp4(out, in, c0);
	}
}

static void test_vs(const struct vs_case *c)
{
	render_begin(&r, FILL);
	vs_colour_op(vs_case_inst(c->op), c->c0, c->c1);
	full_quad(c->in);
	render_run(&r, r.fb);
	check_all(c->expected);
}

/*
 * Culling (r300_draw_winding_quads): the left half as a quad wound
 * counter-clockwise as displayed (row 0 at the top), the right half wound
 * clockwise. With FACE_CW 0 the
 * counter-clockwise one is the front face: the model's reading of Mesa
 * (r300_state.c r300_create_rs_state sets FRONT_FACE_CW for st's
 * front_ccw when drawing into an FBO, where the viewport keeps GL's y up
 * the rows, as this harness's viewport has NDC +1 at row 0).
 */
static const struct cull_case {
	const char *name;
	bool front, back, face_cw;
} culls[] = {
	{ "none", false, false, false }, { "back", false, true, false },
	{ "front", true, false, false }, { "front-and-back", true, true, false },
	{ "back-face-cw", false, true, true }, { "front-face-cw", true, false, true },
};

static void test_cull(const struct cull_case *c)
{
	bool left_front = !c->face_cw, right_front = c->face_cw;
	bool left = !(left_front ? c->front : c->back), right = !(right_front ? c->front : c->back);

	render_begin(&r, FILL);
	r300_emit_cull(r.cs, c->front, c->back, c->face_cw);
	r300_draw_winding_quads(r.cs, red);
	render_run(&r, r.fb);
	render_expect_columns(&r, 0, W / 2, left ? 0xffff0000 : FILL);
	render_expect_columns(&r, W / 2, W, right ? 0xffff0000 : FILL);
}

igt_main
{
	igt_fixture
		render_open(&r);

	igt_describe("a full-viewport quad covers every pixel");
	igt_subtest("quad-full") {
		render_begin(&r, FILL);
		full_quad(red);
		render_run(&r, r.fb);
		check_all(0xffff0000);
	}

	igt_describe("a quad over NDC [-1,0]x[-1,0] covers exactly the bottom-left quarter "
		     "(viewport flips y; pixel centres decide coverage)");
	igt_subtest("quad-quarter") {
		render_begin(&r, FILL);
		r300_draw_quad(r.cs, -1, -1, 0, 0, 0, red);
		render_run(&r, r.fb);
		for (uint32_t y = 0; y < H; y++)
			for (uint32_t x = 0; x < W; x++)
				igt_assert_eq_u32(px(x, y), x < W / 2 && y >= H / 2 ? 0xffff0000 : FILL);
	}

	igt_describe("Gouraud shading interpolates vertex colours: the centroid is their mean");
	igt_subtest("triangle-gouraud") {
		const struct r300_vertex v[3] = {
			{ -1, -1, 0, 1, 1, 0, 0, 1 }, { 1, -1, 0, 1, 0, 1, 0, 1 },
			{ -1, 1, 0, 1, 0, 0, 1, 1 },
		};
		uint32_t c;

		render_begin(&r, FILL);
		r300_draw_triangle(r.cs, v);
		render_run(&r, r.fb);
		/* centroid (-1/3, -1/3) is pixel (21, 42) */
		c = px(21, 42);
		for (int s = 0; s < 24; s += 8)
			igt_assert_f(channel(c, s) > 85 - 6 && channel(c, s) < 85 + 6,
				     "centroid %#010x is not about (85, 85, 85)\n", c);
		igt_assert(channel(px(0, H - 1), 16) > 240);	/* next to the red vertex */
		igt_assert_eq_u32(px(W - 1, 0), FILL);		/* outside */
	}

	igt_describe("flat shading takes the colour of the last (provoking) vertex");
	igt_subtest("triangle-flat") {
		const struct r300_vertex v[3] = {
			{ -1, -1, 0, 1, 1, 0, 0, 1 }, { 1, -1, 0, 1, 0, 1, 0, 1 },
			{ -1, 1, 0, 1, 0, 0, 1, 1 },
		};

		render_begin(&r, FILL);
		r300_emit_shading(r.cs, true);
		r300_draw_triangle(r.cs, v);
		render_run(&r, r.fb);
		igt_assert_eq_u32(px(21, 42), 0xff0000ff);
		igt_assert_eq_u32(px(0, H - 1), 0xff0000ff);
	}

	/*
	 * r300_provoking_vertex_fixes: for quads LAST selects the fourth
	 * vertex, for a strip's quad i vertex 2i + 3 as GL wants, though the
	 * quad's outline runs 2i, 2i + 1, 2i + 3, 2i + 2.
	 */
	igt_describe("flat shading of a quad strip takes the colour of each quad's fourth vertex "
		     "in strip order (2i + 3), not the last corner of its outline");
	igt_subtest("quad-strip-flat") {
		const struct r300_vertex v[6] = {
			{ -1, -1, 0, 1, 1, 0, 0, 1 }, { -1, 1, 0, 1, 1, 0, 0, 1 },
			{ 0, -1, 0, 1, 1, 1, 1, 1 }, { 0, 1, 0, 1, 0, 1, 0, 1 },
			{ 1, -1, 0, 1, 1, 1, 1, 1 }, { 1, 1, 0, 1, 0, 0, 1, 1 },
		};

		render_begin(&r, FILL);
		r300_emit_shading(r.cs, true);
		r300_draw_immd(r.cs, PRIM_QUAD_STRIP, v, 6);
		render_run(&r, r.fb);
		render_expect_columns(&r, 0, W / 2, 0xff00ff00);
		render_expect_columns(&r, W / 2, W, 0xff0000ff);
	}

	igt_describe("RB3D_COLOR_CHANNEL_MASK keeps the masked channels of the old pixel");
	igt_subtest_with_dynamic("color-mask") {
		static const struct render_mask masks[] = {
			{ "red", true, false, false, false, 0x00ff0000 },
			{ "green-alpha", false, true, false, true, 0xff00ff00 },
		};

		array_for_each(c, masks)
			igt_dynamic(c->name)
				render_check_mask(&r, FILL, c);
	}

	igt_describe("a fragment program that writes a constant ignores the vertex colour");
	igt_subtest("fs-constant") {
		static const float green[4] = { 0, 1, 0, 1 };
		struct r300_fs fs;

		render_begin(&r, FILL);
		r300_fs_constant(&fs, green);
		r300_emit_fs(r.cs, &fs);
		full_quad(red);
		render_run(&r, r.fb);
		check_all(0xff00ff00);
	}

	array_for_each(c, vs_cases) {
		igt_describe(c->what);
		igt_subtest(c->name)
			test_vs(c);
	}

	igt_describe("the scissor limits a full quad to its rectangle");
	igt_subtest("scissor") {
		render_begin(&r, FILL);
		r300_emit_scissor(r.cs, 8, 4, 24, 20);
		full_quad(red);
		render_run(&r, r.fb);
		check_red_in(&centre, 1);
	}

	igt_describe("SC_CLIP_RULE 0xAAAA limits a full quad to cliprect 0 (Mesa's GL scissor)");
	igt_subtest("cliprect") {
		render_begin(&r, FILL);
		r300_emit_cliprect(r.cs, 0, centre.x0, centre.y0, centre.x1, centre.y1);
		r300_emit_clip_union(r.cs, 1u << 0);
		full_quad(red);
		render_run(&r, r.fb);
		check_red_in(&centre, 1);
	}

	igt_describe("SC_CLIP_RULE 0xEEEE draws a full quad inside cliprect 0 or 1 "
		     "(the DRI1 kernel's rule for two cliprects)");
	igt_subtest("cliprect-union") {
		static const struct box corners[] = { { 0, 0, 8, 8 }, { 16, 12, W, H } };

		render_begin(&r, FILL);
		for (unsigned int i = 0; i < ARRAY_SIZE(corners); i++)
			r300_emit_cliprect(r.cs, i, corners[i].x0, corners[i].y0, corners[i].x1,
					   corners[i].y1);
		r300_emit_clip_union(r.cs, 1u << 0 | 1u << 1);
		full_quad(red);
		render_run(&r, r.fb);
		check_red_in(corners, ARRAY_SIZE(corners));
	}

	igt_describe("an empty cliprect 0 (bottom-right above and left of top-left, Mesa's "
		     "zero-area scissor away from the origin) passes nothing");
	igt_subtest("cliprect-empty") {
		render_begin(&r, FILL);
		r300_emit_cliprect(r.cs, 0, 8, 4, 8, 4);
		r300_emit_clip_union(r.cs, 1u << 0);
		full_quad(red);
		render_run(&r, r.fb);
		check_red_in(NULL, 0);
	}

	igt_describe("a colour buffer at an offset in its BO is drawn there (the kernel adds "
		     "the BO's address to RB3D_COLOROFFSET0 through the reloc)");
	igt_subtest("colorbuffer-offset") {
		struct r300_bo *big = r300_bo_new(r.dev, 2 * W * H * 4, RADEON_GEM_DOMAIN_VRAM);

		r300_cs_reset(r.cs);
		r300_bo_fill32(big, FILL);
		r300_emit_3d_setup(r.cs, big, W * H * 4, W, W, H);
		full_quad(red);
		render_run(&r, big);
		igt_assert_eq_u32(r300_bo_read32(big, 0), FILL);
		igt_assert_eq_u32(r300_bo_read32(big, W * H * 4 - 4), FILL);
		igt_assert_eq_u32(r300_bo_read32(big, W * H * 4), 0xffff0000);
		igt_assert_eq_u32(r300_bo_read32(big, 2 * W * H * 4 - 4), 0xffff0000);
		r300_bo_free(big);
	}

	/*
	 * TTM reuses the address space of freed BOs; a GPU address is 32 bits
	 * (radeon_cs.c patches (u32)reloc->gpu_offset). 4 GiB of BOs created
	 * and freed after @victim would, without reuse, put @target at
	 * @victim's address modulo 4 GiB.
	 */
	igt_describe("after 4 GiB of BOs created and freed, a new colour buffer gets its own "
		     "address: drawing into it leaves an older BO untouched");
	igt_subtest("bo-address-reuse") {
		const uint32_t churn = 64u << 20;
		struct r300_bo *victim = r300_bo_new(r.dev, churn, RADEON_GEM_DOMAIN_GTT), *target;

		r300_bo_fill32(victim, FILL);
		for (uint32_t i = 0; i < 63; i++)
			r300_bo_free(r300_bo_new(r.dev, churn, RADEON_GEM_DOMAIN_GTT));
		target = r300_bo_new(r.dev, W * H * 4, RADEON_GEM_DOMAIN_VRAM);
		r300_cs_reset(r.cs);
		r300_bo_fill32(target, FILL);
		r300_emit_3d_setup(r.cs, target, 0, W, W, H);
		full_quad(red);
		render_run(&r, target);
		igt_assert_eq_u32(r300_bo_read32(target, 0), 0xffff0000);
		igt_assert_eq_u32(r300_bo_read32(target, W * H * 4 - 4), 0xffff0000);
		igt_assert_eq_u32(r300_bo_read32(victim, 0), FILL);
		igt_assert_eq_u32(r300_bo_read32(victim, W * H * 4 - 4), FILL);
		r300_bo_free(target);
		r300_bo_free(victim);
	}

	igt_describe("3D_LOAD_VBPNTR + 3D_DRAW_VBUF_2 draw the vertices of a buffer from the "
		     "offset given: a fan over the left half, the decoy before it unused");
	igt_subtest("vbuf-fan") {
		struct r300_bo *vb = begin_fan_draw(C0 * sizeof(struct r300_vertex));

		r300_draw_vbuf(r.cs, PRIM_TRIANGLE_FAN, 4);
		end_fan_draw(vb);
	}

	igt_describe("3D_DRAW_INDX_2 with the indices in the packet, 16-bit (two to a dword, "
		     "the odd last one in a low half) and 32-bit, picks exactly the indexed vertices");
	igt_subtest_with_dynamic("indx-in-packet")
		each_index_size(false);

	igt_describe("3D_DRAW_INDX_2 followed by INDX_BUFFER reads the indices from a BO "
		     "(16- and 32-bit), the kernel patching its address");
	igt_subtest_with_dynamic("indx-buffer")
		each_index_size(true);

	igt_describe("SU_CULL_MODE: a quad wound counter-clockwise and one wound clockwise as "
		     "displayed, with front, back, both or no faces culled and either winding "
		     "front (FACE_CW): exactly the faces not culled are drawn");
	igt_subtest_with_dynamic("cull")
		render_each_case(culls, test_cull);

	igt_fixture
		render_close(&r);
}

// SPDX-License-Identifier: MIT
/*
 * radeon_us: the R5xx fragment shader's flow control, in the instruction
 * sequences Mesa's r500_fragprog_emit.c emit_flowcontrol writes (built by
 * radeon/us500.c): an IF / ELSE / ENDIF that takes different branches in
 * different pixels of one draw, and LOOPs of US_FC_INT_CONST_0 iterations.
 * Expected pixels follow the program's meaning (GLSL's if and for), not
 * a device: a unit that ignored the jumps would run both branches and
 * output the ELSE value everywhere; one that ignored the loop would add
 * the step once.
 */
#include "radeon_render.h"
#include "radeon/r300_3d.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R5xx fragment-shader flow control (IF/ELSE/ENDIF, LOOP/ENDLOOP), checked "
		     "pixel by pixel.");

#define FILL 0x11223344u

static struct render r;

/* Channels in [0, 1] to ARGB8888, rounding to nearest (values chosen to convert exactly). */
static uint32_t argb(const float c[4])
{
	uint32_t v = 0;
	static const int shift[4] = { 16, 8, 0, 24 };

	for (int i = 0; i < 4; i++)
		v |= (uint32_t)(c[i] * 255.0f + 0.5f) << shift[i];
	return v;
}

static void run_fs(const struct r300_fs *fs, const float left[4], const float right[4])
{
	render_begin(&r, FILL);
	r300_emit_fs(r.cs, fs);
	render_columns(&r, 0, RENDER_W / 2, 0, left);
	render_columns(&r, RENDER_W / 2, RENDER_W, 0, right);
	render_run(&r, r.fb);
}

static void test_if_else(void)
{
	static const float then_c[4] = { 0, 1, 0, 1 }, else_c[4] = { 0, 0, 1, 1 };
	/* the interpolated colour decides: red 0.25 on the left, 0.75 on the right */
	static const float left[4] = { 0.25f, 0, 0, 1 }, right[4] = { 0.75f, 0, 0, 1 };
	struct r300_fs fs;

	r500_fs_if_else(&fs, 0.5f, then_c, else_c);
	run_fs(&fs, left, right);
	/* if (red >= 0.5) then else else */
	render_expect_columns(&r, 0, RENDER_W / 2, argb(else_c));
	render_expect_columns(&r, RENDER_W / 2, RENDER_W, argb(then_c));
}

static void test_loop(uint32_t n)
{
	/* steps whose sums over 1..4 iterations are whole 8-bit values: 51, 17, 15 and 5 / 255 */
	static const float step[4] = { 51 / 255.0f, 17 / 255.0f, 15 / 255.0f, 5 / 255.0f };
	static const float colour[4] = { 0, 0, 0, 1 };
	float sum[4];
	struct r300_fs fs;

	for (int c = 0; c < 4; c++)
		sum[c] = step[c] * (float)n;
	r500_fs_loop(&fs, n, step);
	run_fs(&fs, colour, colour);
	render_expect_columns(&r, 0, RENDER_W, argb(sum));
}

igt_main
{
	igt_fixture {
		render_open(&r);
		igt_require_f(r300_chip_is_r500(r.dev->family),
			      "%s has the R3xx fragment shader, without flow control\n",
			      r300_chip_name(r.dev->family));
	}

	igt_describe("IF / ELSE / ENDIF on the ALU result of the interpolated red minus 0.5: "
		     "the left half runs the ELSE branch, the right half the IF branch");
	igt_subtest("fc-if-else")
		test_if_else();

	igt_describe("LOOP / ENDLOOP with US_FC_INT_CONST_0 = n adds the step n times");
	igt_subtest_with_dynamic("fc-loop") {
		for (uint32_t n = 1; n <= 4; n++)
			igt_dynamic_f("%u", n)
				test_loop(n);
	}

	igt_fixture
		render_close(&r);
}

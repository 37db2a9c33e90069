// SPDX-License-Identifier: MIT
/*
 * radeon_pvs: R300 vertex-program (PVS) instructions, seen as colours.
 * Each subtest loads a program that copies the position (out 0) and
 * computes the vertex colour (out 1) with the instruction under test from
 * vertex-shader constants, the vertex colour input or temporaries; a
 * full-window flat quad (r300_probe_vs, the experiment radeon_probe's PVS
 * claims use) then shows that colour in every pixel of an ARGB8888 colour
 * buffer. The r500-* subtests cover what only R5xx has (the RV515- opcodes,
 * saturation) and skip on older chips.
 *
 * Tolerance: a channel may differ from round(clamp(v, 0, 1) * 255) by one
 * LSB. The 8-bit conversion of the colour buffer is the only rounding step
 * the tests rely on, and hardware may truncate where the model rounds; the
 * interpolation of four equal vertex colours adds nothing. The math-engine
 * results (RCP, RSQ, EX2, LG2, POW, EXP, LOG) are picked to be exact or
 * well away from a rounding boundary.
 */
#include <stdlib.h>
#include <string.h>

#include "core/test.h"
#include "radeon/r300.h"
#include "radeon/r300_3d.h"
#include "radeon/r300_probe.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("R300 vertex program instructions (MOV, ADD, MUL, MAD, DP4, DP3, MIN, MAX, "
		     "SGE, SLT, FRC, DST, the math engine) and operand features (swizzles, 0/1 "
		     "selects, negation, absolute values, constants, inputs, temporaries, write "
		     "masks, replicated outputs), checked as the colour they render.");

#define SIZE R300_PROBE_SIZE
#define LSB_TOLERANCE 1

static struct r300_device *dev;
static struct r300_probe *probe;

static const float white[4] = { 1, 1, 1, 1 };

/* Constants every subtest may read: c0..c3 (c4 stays 0, c5 is a subtest's own). */
static float consts[6][4] = {
	{ 0.25f, 0.5f, 0.75f, 1.0f },
	{ 0.5f, 0.25f, 0.125f, 0.0f },
	{ 1.25f, 2.75f, -0.25f, 4.0f },
	{ 0.0f, 0.0f, 0.0f, 0.0f },
};

static struct r300_pvs_src swz(struct r300_pvs_src s, uint32_t x, uint32_t y, uint32_t z,
			       uint32_t w)
{
	s.swizzle = R300_PVS_SWZ(x, y, z, w);
	return s;
}

static struct r300_pvs_src neg(struct r300_pvs_src s, uint32_t mask)
{
	s.negate = mask;
	return s;
}

/*
 * Draw a full-window quad in @vertex_colour through out0 = in0 and then
 * @prog (which must write out 1), constants c0..c3 and @extra at c5.
 */
static void draw(const struct r300_pvs_inst *prog, unsigned int n, const float extra[4],
		 const float vertex_colour[4])
{
	uint32_t centre;

	if (extra)
		memcpy(consts[5], extra, sizeof(consts[5]));
	igt_assert_eq(r300_probe_vs(probe, prog, n, (const float(*)[4])consts, extra ? 6 : 4,
				    vertex_colour, &centre), 0);
}

static int to_unorm8(float v)
{
	v = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
	return (int)(v * 255.0f + 0.5f);
}

/* Every pixel is (r, g, b, a) within LSB_TOLERANCE per channel. */
static void check_colour(float r, float g, float b, float a)
{
	const int want[4] = { to_unorm8(a), to_unorm8(r), to_unorm8(g), to_unorm8(b) };

	for (uint32_t i = 0; i < SIZE * SIZE; i++) {
		uint32_t px = r300_bo_read32(probe->fb, 4 * i);

		for (int c = 0; c < 4; c++) {
			int got = (px >> (24 - 8 * c)) & 0xff;

			igt_assert_f(abs(got - want[c]) <= LSB_TOLERANCE,
				     "pixel (%u, %u) = %#010x, expected A R G B %02x %02x %02x %02x "
				     "(+-%d)\n", i % SIZE, i / SIZE, px, want[0], want[1], want[2],
				     want[3], LSB_TOLERANCE);
		}
	}
}

#define OUT1 R300_PVS_OUT(1)
#define C(i) R300_PVS_CONST(i)
#define T(i) R300_PVS_TEMP(i)
#define X PVS_SRC_SELECT_X
#define Y PVS_SRC_SELECT_Y
#define Z PVS_SRC_SELECT_Z
#define SW PVS_SRC_SELECT_W
#define ZERO PVS_SRC_SELECT_FORCE_0
#define ONE PVS_SRC_SELECT_FORCE_1

/* The same instruction with the ABS_XYZW source bit set. */
static struct r300_pvs_inst with_abs(struct r300_pvs_inst inst)
{
	inst.dw[1] |= pvs_src_ABS_XYZW__MASK;
	return inst;
}

/* DST has no builder of its own: ADD's operand words under VE_DISTANCE_VECTOR. */
static struct r300_pvs_inst distance_vector(struct r300_pvs_src a, struct r300_pvs_src b)
{
	struct r300_pvs_inst dst = r300_pvs_add(OUT1, a, b);

	dst.dw[0] = r300_pvs_dst_word(VE_DISTANCE_VECTOR, false, false, OUT1);
	return dst;
}

static const float teal[4] = { 0, 0.5f, 0.5f, 1 };
static const float grey[4] = { 0.5f, 0.5f, 0.5f, 1 };
static const float w_heavy[4] = { 0.25f, 0.25f, 0.25f, 8.0f };
static const float half[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
static const float quarter[4] = { 0.25f, 0, 0, 1 };
static const float c5[4] = { 0.0f, 1.0f, 0.5f, 1.0f };

/* One draw: @len instructions of @prog, then every pixel is @want (R, G, B, A). */
struct pvs_step {
	unsigned int len;
	struct r300_pvs_inst prog[4];
	const float *vertex_colour;
	const float *c5;	/* constant c5; NULL: the program reads c0..c3 only */
	float want[4];
};

/*
 * A subtest: its draws in order (up to the first of len 0), on R5xx only
 * when @r500_only gives the reason, after checking one field of the first
 * draw's encoding where @encoding.mask is not 0.
 */
struct pvs_case {
	const char *name, *description, *r500_only;
	struct {
		unsigned int inst, word;
		uint32_t mask, value;
	} encoding;
	struct pvs_step steps[4];
};

static void run_case(const struct pvs_case *c)
{
	if (c->r500_only)
		igt_require_f(r300_chip_is_r500(dev->family), "%s\n", c->r500_only);
	if (c->encoding.mask)
		igt_assert_eq_u32(c->steps[0].prog[c->encoding.inst].dw[c->encoding.word] &
				  c->encoding.mask, c->encoding.value);
	for (const struct pvs_step *s = c->steps; s < c->steps + 4 && s->len; s++) {
		draw(s->prog, s->len, s->c5, s->vertex_colour);
		check_colour(s->want[0], s->want[1], s->want[2], s->want[3]);
	}
}

igt_main
{
	const struct pvs_case cases[] = {
		{ "mov", "MOV (VE_ADD with a zero operand) copies a constant to the colour",
		  NULL, { 0 },
		  { { 1, { r300_pvs_mov(OUT1, C(0)) }, white, NULL,
		      { 0.25f, 0.5f, 0.75f, 1.0f } } } },
		{ "mov-input", "MOV from the vertex colour input (register type INPUT)",
		  NULL, { 0 },
		  { { 1, { r300_pvs_mov(OUT1, R300_PVS_IN(1)) }, teal, NULL,
		      { 0, 0.5f, 0.5f, 1 } } } },
		{ "add", "ADD of two constants, per component", NULL, { 0 },
		  { { 1, { r300_pvs_add(OUT1, C(0), C(1)) }, white, NULL,
		      { 0.75f, 0.75f, 0.875f, 1.0f } } } },
		{ "mul", "MUL of the vertex colour by a constant, per component", NULL, { 0 },
		  { { 1, { r300_pvs_mul(OUT1, R300_PVS_IN(1), C(0)) }, grey, NULL,
		      { 0.125f, 0.25f, 0.375f, 1.0f } } } },
		{ "mad", "MAD (VE_MULTIPLY_ADD): c0 * c1 + c0", NULL, { 0 },
		  { { 1, { r300_pvs_mad(OUT1, C(0), C(1), C(0)) }, white, NULL,
		      { 0.375f, 0.625f, 0.84375f, 1.0f } } } },
		/* the MAD of three temporaries is the macro form */
		{ "mad-macro", "MAD of three different temporaries uses the 2-clock MADD macro, "
		  "with the same result", NULL,
		  { 3, 0, pvs_dst_MACRO_INST__MASK, pvs_dst_MACRO_INST__MASK },
		  { { 4, { r300_pvs_mov(R300_PVS_DTEMP(0), C(0)),
			   r300_pvs_mov(R300_PVS_DTEMP(1), C(1)),
			   r300_pvs_mov(R300_PVS_DTEMP(2), C(0)),
			   r300_pvs_mad(OUT1, T(0), T(1), T(2)) },
		      white, NULL, { 0.375f, 0.625f, 0.84375f, 1.0f } } } },
		{ "dp4", "DP4 puts c0 . c1 = 0.125 + 0.125 + 0.09375 + 0 in every channel",
		  NULL, { 0 },
		  { { 1, { r300_pvs_dp4(OUT1, C(0), C(1)) }, white, NULL,
		      { 0.34375f, 0.34375f, 0.34375f, 0.34375f } } } },
		/* c0.w * 8 would saturate the result if W counted */
		{ "dp3", "DP3 (DP4 with W forced to 0) ignores the W components", NULL, { 0 },
		  { { 1, { r300_pvs_dp3(OUT1, C(0), R300_PVS_IN(1)) }, w_heavy, NULL,
		      { 0.375f, 0.375f, 0.375f, 0.375f } } } },
		{ "min-max", "MIN and MAX pick per component", NULL, { 0 },
		  { { 1, { r300_pvs_min(OUT1, C(0), C(1)) }, white, NULL,
		      { 0.25f, 0.25f, 0.125f, 0.0f } },
		    { 1, { r300_pvs_max(OUT1, C(0), C(1)) }, white, NULL,
		      { 0.5f, 0.5f, 0.75f, 1.0f } } } },
		/* in (0.5, ...) against c0 (0.25, 0.5, 0.75, 1) */
		{ "sge-slt", "SGE and SLT give 1 or 0 per component, equality counting as >=",
		  NULL, { 0 },
		  { { 1, { r300_pvs_sge(OUT1, R300_PVS_IN(1), C(0)) }, half, NULL, { 1, 1, 0, 0 } },
		    { 1, { r300_pvs_slt(OUT1, R300_PVS_IN(1), C(0)) }, half, NULL,
		      { 0, 0, 1, 1 } } } },
		{ "frc", "FRC keeps the fraction, also of negative numbers (-0.25 -> 0.75)",
		  NULL, { 0 },
		  { { 1, { r300_pvs_frc(OUT1, C(2)) }, white, NULL,
		      { 0.25f, 0.75f, 0.75f, 0.0f } } } },
		{ "swizzle", "a source swizzle reorders components (c0.wzyx)", NULL, { 0 },
		  { { 1, { r300_pvs_mov(OUT1, swz(C(0), SW, Z, Y, X)) }, white, NULL,
		      { 1.0f, 0.75f, 0.5f, 0.25f } } } },
		{ "swizzle-zero-one",
		  "the FORCE_0 and FORCE_1 selects read 0 and 1 whatever the register holds",
		  NULL, { 0 },
		  { { 1, { r300_pvs_mov(OUT1, swz(C(0), ONE, ZERO, Y, ONE)) }, white, NULL,
		      { 1.0f, 0.0f, 0.5f, 1.0f } } } },
		/* the clamped red of the first draw hides the sign: the second has it positive */
		{ "negate", "the per-component negate bits: c0 + (-c1 on x and z only)",
		  NULL, { 0 },
		  { { 1, { r300_pvs_add(OUT1, C(0), neg(C(1), 0x5)) }, white, NULL,
		      { -0.25f, 0.75f, 0.625f, 1.0f } },
		    { 1, { r300_pvs_add(OUT1, neg(C(1), 0x1), swz(C(0), SW, Y, Z, SW)) },
		      white, NULL, { 0.5f, 0.75f, 0.875f, 1.0f } } } },
		{ "constant-index",
		  "constants beyond the first vectors are addressed by index (c5)", NULL, { 0 },
		  { { 1, { r300_pvs_mov(OUT1, C(5)) }, white, c5, { 0.0f, 1.0f, 0.5f, 1.0f } } } },
		{ "temporaries-write-mask",
		  "temporaries carry results between instructions, write masks keep the rest",
		  NULL, { 0 },
		  { { 3, { r300_pvs_mov(R300_PVS_DTEMP(0), C(1)),
			   r300_pvs_mov((struct r300_pvs_dst){ PVS_DST_REG_TEMPORARY, 0, 0x3 },
					C(0)),
			   r300_pvs_mov(OUT1, swz(T(0), X, Y, Z, ONE)) },
		      white, NULL, { 0.25f, 0.5f, 0.125f, 1.0f } } } },
		{ "rcp-rsq",
		  "RCP and RSQ on the math engine, DX and FF forms (Mesa picks one by its "
		  "math rules): 1/4 and 1/sqrt(4) in every channel", NULL, { 0 },
		  { { 1, { r300_pvs_math1(ME_RECIP_DX, OUT1, swz(C(2), SW, SW, SW, SW)) },
		      white, NULL, { 0.25f, 0.25f, 0.25f, 0.25f } },
		    { 1, { r300_pvs_math1(ME_RECIP_SQRT_DX, OUT1, swz(C(2), SW, SW, SW, SW)) },
		      white, NULL, { 0.5f, 0.5f, 0.5f, 0.5f } },
		    { 1, { r300_pvs_math1(ME_RECIP_FF, OUT1, swz(C(2), SW, SW, SW, SW)) },
		      white, NULL, { 0.25f, 0.25f, 0.25f, 0.25f } },
		    { 1, { r300_pvs_math1(ME_RECIP_SQRT_FF, OUT1, swz(C(2), SW, SW, SW, SW)) },
		      white, NULL, { 0.5f, 0.5f, 0.5f, 0.5f } } } },
		{ "ex2-lg2", "EX2 and LG2: 2^-1 and log2(1.25) from the selected component",
		  NULL, { 0 },
		  { { 1, { r300_pvs_math1(ME_EXP_BASE2_FULL_DX, OUT1,
					  neg(swz(C(0), SW, SW, SW, SW), 0xf)) },
		      white, NULL, { 0.5f, 0.5f, 0.5f, 0.5f } },
		    { 1, { r300_pvs_math1(ME_LOG_BASE2_FULL_DX, OUT1, C(2)) }, white, NULL,
		      { 0.321928f, 0.321928f, 0.321928f, 0.321928f } } } },
		/* operand 1's X select is FORCE_0: the exponent is not read from it */
		{ "pow", "POW takes the base from operand 0 and the exponent from operand 2: "
		  "0.25^0.5 = 0.5", NULL,
		  { 0, 2, pvs_src_SWIZZLE_X__MASK,
		    PVS_SRC_SELECT_FORCE_0 << pvs_src_SWIZZLE_X__SHIFT },
		  { { 1, { r300_pvs_pow(OUT1, C(0), swz(C(0), Y, Y, Y, Y)) }, white, NULL,
		      { 0.5f, 0.5f, 0.5f, 0.5f } } } },
		/* EXP(-0.75): 2^-1, 0.25, 2^-0.75 = 0.5946, 1; LOG(0.25): -2, 1, -2, 1 */
		{ "exp-log", "EXP and LOG (the partial-precision DX forms) write four different "
		  "components: (2^floor, fraction, 2^x, 1) and (exponent, mantissa, log2, 1)",
		  NULL, { 0 },
		  { { 1, { r300_pvs_math1(ME_EXP_BASE2_DX, OUT1,
					  neg(swz(C(0), Z, Z, Z, Z), 0xf)) },
		      white, NULL, { 0.5f, 0.25f, 0.594604f, 1.0f } },
		    { 1, { r300_pvs_math1(ME_LOG_BASE2_DX, OUT1, R300_PVS_IN(1)) }, quarter, NULL,
		      { 0.0f, 1.0f, 0.0f, 1.0f } } } },
		{ "abs", "the ABS_XYZW source bit takes absolute values before the negates",
		  NULL, { 0 },
		  { { 1, { with_abs(r300_pvs_mov(OUT1, swz(C(2), Z, Z, X, ONE))) }, white, NULL,
		      { 0.25f, 0.25f, 1.0f, 1.0f } } } },
		{ "dst", "DST (VE_DISTANCE_VECTOR, Mesa's opcode for it): (1, a.y * b.y, a.z, b.w)",
		  NULL, { 0 },
		  { { 1, { distance_vector(C(0), C(1)) }, white, NULL,
		      { 1.0f, 0.125f, 0.75f, 0.0f } } } },
		{ "out-repl-x",
		  "the OUT_REPL_X destination type writes X into every enabled component",
		  NULL, { 0 },
		  { { 1, { r300_pvs_mov((struct r300_pvs_dst){ PVS_DST_REG_OUT_REPL_X, 1, 0xf },
					swz(C(0), Y, Z, SW, X)) },
		      white, NULL, { 0.5f, 0.5f, 0.5f, 0.5f } } } },
		/* in (0.5, ...) against c0 (0.25, 0.5, 0.75, 1) */
		{ "r500-seq-sne-sgt",
		  "R5xx SEQ, SNE and SGT (RV515- opcodes) give 1 or 0 per component",
		  "R5xx opcodes", { 0 },
		  { { 1, { r300_pvs_seq(OUT1, R300_PVS_IN(1), C(0)) }, half, NULL, { 0, 1, 0, 0 } },
		    { 1, { r300_pvs_sne(OUT1, R300_PVS_IN(1), C(0)) }, half, NULL, { 1, 0, 1, 1 } },
		    { 1, { r300_pvs_sgt(OUT1, R300_PVS_IN(1), C(0)) }, half, NULL,
		      { 1, 0, 0, 0 } } } },
		{ "r500-ieee-math", "R5xx IEEE math forms: RCP 1/4, RSQ 1/sqrt(4), LG2 log2(1.25)",
		  "R5xx opcodes", { 0 },
		  { { 1, { r300_pvs_math1(ME_RECIP_IEEE, OUT1, swz(C(2), SW, SW, SW, SW)) },
		      white, NULL, { 0.25f, 0.25f, 0.25f, 0.25f } },
		    { 1, { r300_pvs_math1(ME_RECIP_SQRT_IEEE, OUT1, swz(C(2), SW, SW, SW, SW)) },
		      white, NULL, { 0.5f, 0.5f, 0.5f, 0.5f } },
		    { 1, { r300_pvs_math1(ME_LOG_BASE2_IEEE, OUT1, C(2)) }, white, NULL,
		      { 0.321928f, 0.321928f, 0.321928f, 0.321928f } } } },
		/* a = c2 (1.25, 2.75, -0.25, 4): only Z is negative */
		{ "r500-cmp", "R5xx CMP (VE_COND_MUX_GTE): b where a < 0, else c, per component",
		  "R5xx opcodes", { 0 },
		  { { 1, { r300_pvs_cmp(OUT1, C(2), C(1), C(0)) }, white, NULL,
		      { 0.25f, 0.5f, 0.125f, 1.0f } } } },
		/* t0 = sat(c2) = (1, 1, 0, 1), t1 = sat(rcp(0.25)) = 1; out = t0 * 0.5 * t1 */
		{ "r500-saturate", "R5xx saturation (VE_SAT, ME_SAT) clamps a result before later "
		  "instructions read it",
		  "saturation is an R5xx feature (Mesa refuses it on R3xx/R4xx)", { 0 },
		  { { 4, { r300_pvs_saturate(r300_pvs_mov(R300_PVS_DTEMP(0), C(2))),
			   r300_pvs_saturate(r300_pvs_math1(ME_RECIP_DX, R300_PVS_DTEMP(1),
							    swz(C(0), X, X, X, X))),
			   r300_pvs_mul(R300_PVS_DTEMP(0), T(0), swz(C(0), Y, Y, Y, Y)),
			   r300_pvs_mul(OUT1, T(0), swz(T(1), X, X, X, ZERO)) },
		      white, NULL, { 0.5f, 0.5f, 0.0f, 0.0f } } } },
	};

	igt_fixture {
		dev = r300_device_open();
		probe = r300_probe_new(dev);
	}

	array_for_each(c, cases) {
		igt_describe(c->description);
		igt_subtest(c->name)
			run_case(c);
	}

	igt_fixture {
		r300_probe_free(probe);
		r300_device_close(dev);
	}
}

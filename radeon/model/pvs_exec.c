// SPDX-License-Identifier: MIT
/*
 * The PVS (R300 programmable vertex shader) as the model executes it.
 *
 * Instruction words are decoded through the generated r300_pvs.xml.h. The
 * meaning of each opcode is the one Mesa's r300 compiler relies on when
 * it picks the opcode for a GL/TGSI instruction (r3xx_vertprog.c,
 * translate_vertex_program): ADD for ADD and MOV, MULTIPLY, MULTIPLY_ADD
 * and the 2-clock MADD macro for MAD, DOT_PRODUCT for DP4 (DP3 is DP4
 * with W forced to 0), FRACTION for FRC, MAXIMUM, MINIMUM, SET_GREATER_
 * THAN_EQUAL for SGE, SET_LESS_THAN for SLT, DISTANCE_VECTOR for DST; math
 * engine: EXP_BASE2_FULL_DX for EX2, LOG_BASE2_FULL_DX for LG2,
 * EXP_BASE2_DX for EXP, LOG_BASE2_DX for LOG, RECIP_DX for RCP,
 * RECIP_SQRT_DX for RSQ, POWER_FUNC_FF for POW.
 *
 * Math-engine operands: Mesa replicates the scalar source's selected
 * component into all four swizzle selects (t_src_scalar), so which lane
 * the hardware reads is not established; the model reads X. POW takes its
 * exponent from the third operand (Mesa ei_pow; the 2004 seed says the
 * same). The "DX" forms follow Direct3D's rules, which take |a| for the
 * logarithms and the reciprocal square root; that is inferred from the
 * name, not documented. EXP and LOG produce the four-component
 * ARB_vertex_program results Mesa uses them for.
 *
 * R5xx only (the database's RV515- opcodes, which Mesa emits only there):
 * SET_EQUAL for SEQ, SET_NOT_EQUAL for SNE, SET_GREATER_THAN, and
 * COND_MUX_GTE for CMP (Mesa ei_cmp passes CMP's sources as a, c, b, so
 * the hardware picks b where a >= 0, else c). VE_SAT and ME_SAT clamp the
 * result of their engine to [0, 1] on R5xx, where Mesa sets them for
 * saturated instructions; on R3xx/R4xx Mesa refuses saturation ("does not
 * support the Saturate modifier"), what the bits do there is not
 * established, and the model drops such a draw.
 *
 * Mesa picks RECIP_FF / RECIP_SQRT_FF (and on R5xx RECIP_IEEE,
 * RECIP_SQRT_IEEE, LOG_BASE2_IEEE) for RCP, RSQ and LG2 by its math rules
 * (ei_math1_select); the variants differ in special values (zero,
 * infinities, negatives), which the sources do not spell out. The model
 * gives them the DX results, except that the IEEE square root and
 * logarithm take no absolute value (a negative gives NaN, as IEEE does).
 *
 * Not executed (the draw is dropped with a debug line): ME_LIGHT_COEFF_DX
 * (how the hardware combines Mesa's three LIT swizzles is not documented),
 * EXP_BASEE_FF, the POWER_FUNC clamp forms, SIN/COS, ME_MULTIPLY, MULTIPLYX2_ADD,
 * MULTIPLY_CLAMP, FLT2FIX, the other R5xx predicate/conditional ops, the
 * M2X macro, relative addressing, the address register and ALT_TEMPORARY.
 */
#include <stdint.h>
#include <string.h>

#include "radeon/model/pvs_exec.h"
#include "radeon/r300_pvs.xml.h"

#define REG(s, r) ((s)->regs[(r) >> 2])
#define PVS_CONSTS 256
/* PVS memory (VAP_PVS_VECTOR_INDX_REG): constants after the code */
#define R300_CONST_BASE PVS_CONST_START_R300
#define R500_CONST_BASE PVS_CONST_START_R500
_Static_assert((R500_CONST_BASE + PVS_CONSTS) * 4 <= RADEON_PVS_DWORDS,
	       "the constants fit the model's PVS memory");

static float word_to_float(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static uint32_t float_to_word(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

/* ---- the few libm functions the model needs (it links no libm) --------- */

static float floor_f(float v)
{
	float i;

	if (v != v || v >= 8388608.0f || v <= -8388608.0f)
		return v;	/* NaN, or already integral */
	i = (float)(int32_t)v;
	return i > v ? i - 1.0f : i;
}

static float abs_f(float v)
{
	return v < 0.0f ? -v : v;
}

/* 2^v: 2^floor(v) from the exponent bits, 2^frac from its series (8-bit exact). */
static float exp2_f(float v)
{
	float n = floor_f(v), f = (v - n) * 0.693147181f, term = 1.0f, sum = 1.0f;

	if (v != v)
		return v;
	if (n > 127.0f)
		return word_to_float(0x7f800000u);	/* +inf */
	if (n < -126.0f)
		return 0.0f;
	for (int k = 1; k < 10; k++) {
		term *= f / (float)k;
		sum += term;
	}
	return sum * word_to_float((uint32_t)((int32_t)n + 127) << 23);
}

/* log2 of a positive normal @v: exponent bits plus ln(m)/ln2 of the mantissa m in [1, 2). */
static float log2_f(float v)
{
	uint32_t u = float_to_word(v);
	float m, t, t2, sum = 0.0f, power;

	if (v != v || v < 0.0f)
		return word_to_float(0x7fc00000u);	/* NaN */
	if (v == 0.0f || !(u & 0x7f800000u))
		return word_to_float(0xff800000u);	/* -inf (denormals flush) */
	if ((u & 0x7f800000u) == 0x7f800000u)
		return v;
	m = word_to_float((u & 0x007fffffu) | 0x3f800000u);
	/* ln m = 2 atanh(t), t = (m - 1) / (m + 1) <= 1/3: the odd series converges fast */
	t = (m - 1.0f) / (m + 1.0f);
	t2 = t * t;
	power = t;
	for (int k = 1; k < 16; k += 2) {
		sum += power / (float)k;
		power *= t2;
	}
	return (float)((int32_t)(u >> 23) - 127) + 2.0f * sum * 1.442695041f;
}

/* ---- vertex fetch ---------------------------------------------------------- */

bool radeon_pvs_fetch(const struct radeon_gpu_state *s, const uint32_t *data, uint32_t dwords,
		      float in[PVS_INPUTS][4])
{
	uint32_t dw = 0;

	for (unsigned int e = 0; e < 16; e++) {
		uint32_t cntl = REG(s, REG_R300_VAP_PROG_STREAM_CNTL(e / 2));
		uint32_t ext = REG(s, REG_R300_VAP_PROG_STREAM_CNTL_EXT(e / 2));
		uint32_t type, loc, last, n;
		float src[4] = { 0, 0, 0, 1 };

		if (e & 1) {
			cntl >>= 16;
			ext >>= 16;
		}
		type = r300_prog_stream_cntl_DATA_TYPE_0__get(cntl);
		loc = r300_prog_stream_cntl_DST_VEC_LOC_0__get(cntl) % PVS_INPUTS;
		last = r300_prog_stream_cntl_LAST_VEC_0__get(cntl);
		n = type <= DATA_TYPE_FLOAT_4 ? type + 1 : 0;
		if (dw + n > dwords)
			return false;
		for (uint32_t c = 0; c < n; c++)
			src[c] = word_to_float(data[dw++]);
		for (uint32_t c = 0; c < 4; c++) {
			uint32_t sel = (ext >> (3 * c)) & 7;

			if (!(r300_prog_stream_cntl_ext_WRITE_ENA_0__get(ext) & (1u << c)))
				continue;
			in[loc][c] = sel <= SWIZZLE_SELECT_W ? src[sel] :
				     sel == SWIZZLE_SELECT_FP_ONE ? 1.0f : 0.0f;
		}
		if (last)
			break;
	}
	return true;
}

/* ---- operands ------------------------------------------------------------------ */

struct pvs_regs {
	float (*in)[4];
	float temp[PVS_TEMPS][4];
	const uint32_t *consts;
};

/* Source operand @w: register, swizzle (X Y Z W, 0, 1), ABS_XYZW, then the per-lane negates. */
static bool operand(const struct pvs_regs *r, uint32_t w, float v[4])
{
	uint32_t type = pvs_src_REG_TYPE__get(w), off = pvs_src_OFFSET__get(w);
	float reg[4];

	if (pvs_src_ADDR_MODE_0__get(w))
		return false;	/* relative addressing */
	for (int c = 0; c < 4; c++) {
		if (type == PVS_SRC_REG_INPUT)
			reg[c] = r->in[off % PVS_INPUTS][c];
		else if (type == PVS_SRC_REG_TEMPORARY)
			reg[c] = r->temp[off % PVS_TEMPS][c];
		else if (type == PVS_SRC_REG_CONSTANT)
			reg[c] = word_to_float(r->consts[(off % PVS_CONSTS) * 4 + c]);
		else
			return false;	/* ALT_TEMPORARY */
	}
	for (int c = 0; c < 4; c++) {
		uint32_t sel = (w >> (pvs_src_SWIZZLE_X__SHIFT + 3 * c)) & 7;

		if (sel > PVS_SRC_SELECT_FORCE_1)
			return false;	/* 6 and 7 are undefined */
		v[c] = sel <= PVS_SRC_SELECT_W ? reg[sel] : sel == PVS_SRC_SELECT_FORCE_1 ? 1.0f : 0.0f;
		if (pvs_src_ABS_XYZW__get(w))
			v[c] = abs_f(v[c]);
		if (w & (pvs_src_MODIFIER_X__MASK << c))
			v[c] = -v[c];
	}
	return true;
}

/* ---- the vector engine ------------------------------------------------------------ */

/* The RV515- comparisons (see the top comment); false for any other opcode. */
static bool r500_vector_op(uint32_t op, const float a[4], const float b[4], const float c[4],
			   float r[4])
{
	for (int k = 0; k < 4; k++) {
		switch (op) {
		case VE_SET_EQUAL:
			r[k] = a[k] == b[k] ? 1.0f : 0.0f;
			break;
		case VE_SET_NOT_EQUAL:
			r[k] = a[k] != b[k] ? 1.0f : 0.0f;
			break;
		case VE_SET_GREATER_THAN:
			r[k] = a[k] > b[k] ? 1.0f : 0.0f;
			break;
		case VE_COND_MUX_GTE:
			r[k] = a[k] >= 0.0f ? b[k] : c[k];
			break;
		default:
			return false;
		}
	}
	return true;
}

static bool vector_op(uint32_t op, const float a[4], const float b[4], const float c[4],
		      float r[4])
{
	switch (op) {
	case VE_DOT_PRODUCT:
		r[0] = r[1] = r[2] = r[3] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
		return true;
	case VE_DISTANCE_VECTOR:	/* ARB DST: (1, a.y * b.y, a.z, b.w) */
		r[0] = 1.0f;
		r[1] = a[1] * b[1];
		r[2] = a[2];
		r[3] = b[3];
		return true;
	default:
		break;
	}
	for (int k = 0; k < 4; k++) {
		switch (op) {
		case VE_ADD:
			r[k] = a[k] + b[k];
			break;
		case VE_MULTIPLY:
			r[k] = a[k] * b[k];
			break;
		case VE_MULTIPLY_ADD:
			r[k] = a[k] * b[k] + c[k];
			break;
		case VE_FRACTION:
			r[k] = a[k] - floor_f(a[k]);
			break;
		case VE_MAXIMUM:
			r[k] = a[k] > b[k] ? a[k] : b[k];
			break;
		case VE_MINIMUM:
			r[k] = a[k] < b[k] ? a[k] : b[k];
			break;
		case VE_SET_GREATER_THAN_EQUAL:
			r[k] = a[k] >= b[k] ? 1.0f : 0.0f;
			break;
		case VE_SET_LESS_THAN:
			r[k] = a[k] < b[k] ? 1.0f : 0.0f;
			break;
		default:
			return false;
		}
	}
	return true;
}

/* ---- the math engine: a scalar from operand 0's X (and operand 2's X for POW) ---- */

static bool math_op(uint32_t op, bool r500, const float a[4], const float c[4], float r[4])
{
	float x = a[0], v;

	switch (op) {
	case ME_RECIP_FF:
		v = 1.0f / x;
		break;
	case ME_RECIP_SQRT_FF:
		v = exp2_f(-0.5f * log2_f(abs_f(x)));
		break;
	case ME_RECIP_IEEE:
		if (!r500)
			return false;
		v = 1.0f / x;
		break;
	case ME_RECIP_SQRT_IEEE:	/* IEEE: no absolute value, a negative gives NaN */
		if (!r500)
			return false;
		v = exp2_f(-0.5f * log2_f(x));
		break;
	case ME_LOG_BASE2_IEEE:
		if (!r500)
			return false;
		v = log2_f(x);
		break;
	case ME_EXP_BASE2_FULL_DX:
		v = exp2_f(x);
		break;
	case ME_LOG_BASE2_FULL_DX:
		v = log2_f(abs_f(x));
		break;
	case ME_RECIP_DX:
		v = 1.0f / x;
		break;
	case ME_RECIP_SQRT_DX:
		v = exp2_f(-0.5f * log2_f(abs_f(x)));
		break;
	case ME_POWER_FUNC_FF:
		v = exp2_f(c[0] * log2_f(abs_f(x)));
		break;
	case ME_EXP_BASE2_DX:	/* ARB EXP */
		r[0] = exp2_f(floor_f(x));
		r[1] = x - floor_f(x);
		r[2] = exp2_f(x);
		r[3] = 1.0f;
		return true;
	case ME_LOG_BASE2_DX: {	/* ARB LOG */
		float e = floor_f(log2_f(abs_f(x)));

		r[0] = e;
		r[1] = abs_f(x) / exp2_f(e);
		r[2] = log2_f(abs_f(x));
		r[3] = 1.0f;
		return true;
	}
	default:
		return false;
	}
	r[0] = r[1] = r[2] = r[3] = v;
	return true;
}

/* ---- instructions ------------------------------------------------------------------- */

static float clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static bool execute(const uint32_t w[4], struct pvs_regs *regs, bool r500, float r[4])
{
	uint32_t op = pvs_dst_OPCODE__get(w[0]);
	bool math = pvs_dst_MATH_INST__get(w[0]) && !pvs_dst_MACRO_INST__get(w[0]);
	uint32_t sat_bits = w[0] & (pvs_dst_VE_SAT__MASK | pvs_dst_ME_SAT__MASK);
	bool sat = w[0] & (math ? pvs_dst_ME_SAT__MASK : pvs_dst_VE_SAT__MASK);
	float a[4], b[4], c[4];
	bool ok;

	if (!operand(regs, w[1], a) || !operand(regs, w[2], b) || !operand(regs, w[3], c))
		return false;
	if (sat_bits && !r500)
		return false;	/* saturation on R3xx/R4xx: not established */
	if (pvs_dst_MACRO_INST__get(w[0])) {
		/* the 2-clock MADD is a MAD that may read three different temporaries */
		ok = op == PVS_MACRO_OP_2CLK_MADD && vector_op(VE_MULTIPLY_ADD, a, b, c, r);
	} else if (math) {
		ok = math_op(op, r500, a, c, r);
	} else {
		ok = vector_op(op, a, b, c, r) || (r500 && r500_vector_op(op, a, b, c, r));
	}
	for (int k = 0; ok && sat && k < 4; k++)
		r[k] = clamp01(r[k]);
	return ok;
}

static bool write_dst(uint32_t w, struct pvs_regs *regs, float out[PVS_OUTPUTS][4],
		      const float r[4])
{
	uint32_t type = pvs_dst_REG_TYPE__get(w), off = pvs_dst_OFFSET__get(w);

	if (pvs_dst_ADDR_MODE_0__get(w) || pvs_dst_ADDR_MODE_1__get(w))
		return false;
	for (int k = 0; k < 4; k++) {
		if (!(w & (pvs_dst_WE_X__MASK << k)))
			continue;
		if (type == PVS_DST_REG_TEMPORARY)
			regs->temp[off % PVS_TEMPS][k] = r[k];
		else if (type == PVS_DST_REG_OUT)
			out[off % PVS_OUTPUTS][k] = r[k];
		else if (type == PVS_DST_REG_OUT_REPL_X)
			out[off % PVS_OUTPUTS][k] = r[0];
		else
			return false;	/* A0, ALT_TEMPORARY, INPUT */
	}
	return true;
}

bool radeon_pvs_run(const struct radeon_gpu_state *s, bool r500, float in[PVS_INPUTS][4],
		    float out[PVS_OUTPUTS][4])
{
	uint32_t const_base = r500 ? R500_CONST_BASE : R300_CONST_BASE;
	uint32_t cntl = REG(s, REG_R300_VAP_PVS_CODE_CNTL_0);
	uint32_t first = R300_VAP_PVS_CODE_CNTL_0_PVS_FIRST_INST__get(cntl);
	uint32_t last = R300_VAP_PVS_CODE_CNTL_0_PVS_LAST_INST__get(cntl);
	struct pvs_regs regs = { .in = in, .consts = s->pvs + const_base * 4 };

	for (uint32_t i = first; i <= last && i < 256; i++) {
		const uint32_t *w = s->pvs + i * 4;
		float r[4];

		if (!execute(w, &regs, r500, r) || !write_dst(w[0], &regs, out, r))
			return false;
	}
	return true;
}

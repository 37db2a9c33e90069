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
 * THAN_EQUAL for SGE, SET_LESS_THAN for SLT, DISTANCE_VECTOR for DST,
 * FLT2FIX_DX for ARL (GL: floor) and FLT2FIX_DX_RND for ARR (round) into
 * the address register A0; math engine: EXP_BASE2_FULL_DX for EX2,
 * LOG_BASE2_FULL_DX for LG2, EXP_BASE2_DX for EXP, LOG_BASE2_DX for LOG,
 * RECIP_DX for RCP, RECIP_SQRT_DX for RSQ, POWER_FUNC_FF for POW, SIN and
 * COS, LIGHT_COEFF_DX for LIT.
 *
 * Math-engine operands: Mesa replicates the scalar source's selected
 * component into all four swizzle selects (t_src_scalar), so which lane
 * the hardware reads is not established; the model reads X. POW takes its
 * exponent from the third operand (Mesa ei_pow; the 2004 seed says the
 * same). LIT: Mesa ei_lit passes (x, w, 0, y) of the GL source as operand
 * 0, so the model reads x, y and the exponent w from A.x, A.w and A.y and
 * gives GL's (1, max(x, 0), x > 0 ? max(y, 0)^w : 0, 1) with w clamped to
 * +-128: which lanes the hardware really combines is an interpretation of
 * that encoding, to be verified on silicon. The "DX" forms follow
 * Direct3D's rules, which take |a| for the logarithms and the reciprocal
 * square root; that is inferred from the name, not documented. EXP and LOG
 * produce the four-component ARB_vertex_program results Mesa uses them
 * for.
 *
 * Constants: index c reads the vector PVS_CONST_BASE_OFFSET + c of the
 * constant memory (VAP_PVS_CONST_CNTL; Mesa's r300_emit_vs_constants
 * uploads each draw's constants at a new buffer_base and points the base
 * there, r300_set_constant_buffer).
 *
 * Relative addressing (ADDR_MODE_0 of a source) adds A0's component
 * ADDR_SEL to the register index, as Mesa encodes uniform array indexing
 * (t_src: RelAddr at bit 4).
 *
 * R5xx only (the database's RV515- opcodes, which Mesa emits only there):
 * SET_EQUAL for SEQ, SET_NOT_EQUAL for SNE, SET_GREATER_THAN, and
 * COND_MUX_GTE for CMP (Mesa ei_cmp passes CMP's sources as a, c, b, so
 * the hardware picks b where a >= 0, else c). VE_SAT and ME_SAT clamp the
 * result of their engine to [0, 1] on R5xx, where Mesa sets them for
 * saturated instructions; on R3xx/R4xx Mesa refuses saturation ("does not
 * support the Saturate modifier"), what the bits do there is not
 * established, and the model faults.
 *
 * Mesa picks RECIP_FF / RECIP_SQRT_FF (and on R5xx RECIP_IEEE,
 * RECIP_SQRT_IEEE, LOG_BASE2_IEEE) for RCP, RSQ and LG2 by its math rules
 * (ei_math1_select); the variants differ in special values (zero,
 * infinities, negatives), which the sources do not spell out. The model
 * gives them the DX results, except that the IEEE square root and
 * logarithm take no absolute value (a negative gives NaN, as IEEE does).
 *
 * Faults (not executed): EXP_BASEE_FF, the POWER_FUNC clamp forms,
 * ME_MULTIPLY, MULTIPLYX2_ADD, MULTIPLY_CLAMP, the R5xx predicate and
 * conditional-write ops, predication, the M2X macro, ALT_TEMPORARY,
 * relative destinations and PVS flow control (VAP_PVS_FLOW_CNTL_OPC).
 */
#include <stdint.h>
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pvs_exec.h"
#include "radeon/r300_pvs.xml.h"

#define PVS_CONSTS 256
#define R300_CONST_BASE PVS_CONST_START_R300
#define R500_CONST_BASE PVS_CONST_START_R500
_Static_assert((R500_CONST_BASE + PVS_CONSTS) * 4 <= RADEON_PVS_DWORDS,
	       "the constants fit the model's PVS memory");

struct pvs_regs {
	struct radeon_exec *x;
	bool r500;
	float (*in)[4];
	float temp[PVS_TEMPS][4];
	int32_t a0[4];
	const uint32_t *consts;
	int32_t const_base;		/* VAP_PVS_CONST_CNTL.PVS_CONST_BASE_OFFSET */
};

/* ---- operands ------------------------------------------------------------------ */

/* The register file @type at index @off (after relative addressing). */
static bool source_reg(const struct pvs_regs *r, uint32_t type, int32_t off, float reg[4])
{
	for (int c = 0; c < 4; c++) {
		if (type == PVS_SRC_REG_INPUT)
			reg[c] = r->in[(uint32_t)off % RP_INPUTS][c];
		else if (type == PVS_SRC_REG_TEMPORARY)
			reg[c] = r->temp[(uint32_t)off % PVS_TEMPS][c];
		else if (type == PVS_SRC_REG_CONSTANT)
			/* outside the constants: 0 (the hardware's result is not established) */
			reg[c] = off + r->const_base >= 0 && off + r->const_base < PVS_CONSTS ?
				 bits_float(r->consts[(off + r->const_base) * 4 + c]) : 0.0f;
		else
			return radeon_fault(r->x, "PVS source ALT_TEMPORARY not modelled");
	}
	return true;
}

/* Source operand @w: register, swizzle (X Y Z W, 0, 1), ABS_XYZW, then the per-lane negates. */
static bool operand(const struct pvs_regs *r, uint32_t w, float v[4])
{
	static uint32_t (*const swizzle[4])(uint32_t) = {
		pvs_src_SWIZZLE_X__get, pvs_src_SWIZZLE_Y__get, pvs_src_SWIZZLE_Z__get,
		pvs_src_SWIZZLE_W__get,
	};
	int32_t off = (int32_t)pvs_src_OFFSET__get(w);
	float reg[4];

	if (pvs_src_ADDR_MODE_0__get(w))
		off += r->a0[pvs_src_ADDR_SEL__get(w)];
	if (!source_reg(r, pvs_src_REG_TYPE__get(w), off, reg))
		return false;
	for (int c = 0; c < 4; c++) {
		uint32_t sel = swizzle[c](w);

		/*
		 * 7: Mesa's RC_SWIZZLE_UNUSED, for the lanes an instruction
		 * does not read (t_swizzle, r3xx_vertprog.c). What the PVS
		 * gives there is a hardware claim still to be verified; the
		 * model gives NaN so that a lane which does read it shows.
		 */
		if (sel == 7)
			v[c] = bits_float(0x7fc00000u);
		else if (sel > PVS_SRC_SELECT_FORCE_1)
			return radeon_fault(r->x, "PVS swizzle select %u is undefined", sel);
		else
			v[c] = sel <= PVS_SRC_SELECT_W ? reg[sel] :
			       sel == PVS_SRC_SELECT_FORCE_1 ? 1.0f : 0.0f;
		if (pvs_src_ABS_XYZW__get(w))
			v[c] = fm_abs(v[c]);
		if (w & (pvs_src_MODIFIER_X__MASK << c))
			v[c] = -v[c];
	}
	return true;
}

/* ---- the vector engine ------------------------------------------------------------ */

/*
 * One lane of a per-component vector op; false for any other opcode, and
 * for the RV515- comparisons (see the top comment) before R5xx.
 */
static bool lane_op(uint32_t op, bool r500, float a, float b, float c, float *r)
{
	switch (op) {
	case VE_ADD:
		*r = a + b;
		return true;
	case VE_MULTIPLY:
		*r = a * b;
		return true;
	case VE_MULTIPLY_ADD:
		*r = a * b + c;
		return true;
	case VE_FRACTION:
		*r = a - fm_floor(a);
		return true;
	case VE_MAXIMUM:
		*r = a > b ? a : b;
		return true;
	case VE_MINIMUM:
		*r = a < b ? a : b;
		return true;
	case VE_SET_GREATER_THAN_EQUAL:
		*r = a >= b ? 1.0f : 0.0f;
		return true;
	case VE_SET_LESS_THAN:
		*r = a < b ? 1.0f : 0.0f;
		return true;
	case VE_FLT2FIX_DX:	/* ARL: GL takes the floor */
		*r = fm_floor(a);
		return true;
	case VE_FLT2FIX_DX_RND:	/* ARR: round to nearest */
		*r = (float)fm_round(a);
		return true;
	case VE_SET_EQUAL:
		*r = a == b ? 1.0f : 0.0f;
		return r500;
	case VE_SET_NOT_EQUAL:
		*r = a != b ? 1.0f : 0.0f;
		return r500;
	case VE_SET_GREATER_THAN:
		*r = a > b ? 1.0f : 0.0f;
		return r500;
	case VE_COND_MUX_GTE:
		*r = a >= 0.0f ? b : c;
		return r500;
	default:
		return false;
	}
}

static bool vector_op(uint32_t op, bool r500, const float a[4], const float b[4],
		      const float c[4], float r[4])
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
		for (int k = 0; k < 4; k++)
			if (!lane_op(op, r500, a[k], b[k], c[k], &r[k]))
				return false;
		return true;
	}
}

/* ---- the math engine: a scalar from operand 0's X (and operand 2's X for POW) ---- */

/* GL LIT from Mesa's (x, w, 0, y) operand layout (see the top comment). */
static void lit(const float a[4], float r[4])
{
	float x = a[0], y = fm_max(a[3], 0.0f), e = fm_min(fm_max(a[1], -128.0f), 128.0f);

	r[0] = r[3] = 1.0f;
	r[1] = fm_max(x, 0.0f);
	r[2] = x > 0.0f ? (y > 0.0f ? fm_exp2(e * fm_log2(y)) : (e == 0.0f ? 1.0f : 0.0f)) : 0.0f;
}

/* The four-component ME results; false for every other opcode. */
static bool math_vector(uint32_t op, const float a[4], float r[4])
{
	float x = a[0];

	switch (op) {
	case ME_EXP_BASE2_DX:	/* ARB EXP */
		r[0] = fm_exp2(fm_floor(x));
		r[1] = x - fm_floor(x);
		r[2] = fm_exp2(x);
		r[3] = 1.0f;
		return true;
	case ME_LOG_BASE2_DX: {	/* ARB LOG */
		float e = fm_floor(fm_log2(fm_abs(x)));

		r[0] = e;
		r[1] = fm_abs(x) / fm_exp2(e);
		r[2] = fm_log2(fm_abs(x));
		r[3] = 1.0f;
		return true;
	}
	case ME_LIGHT_COEFF_DX:
		lit(a, r);
		return true;
	default:
		return false;
	}
}

static bool math_scalar(uint32_t op, bool r500, const float a[4], const float c[4], float *v)
{
	float x = a[0];

	switch (op) {
	case ME_RECIP_FF: case ME_RECIP_DX:
		*v = 1.0f / x;
		return true;
	case ME_RECIP_SQRT_FF: case ME_RECIP_SQRT_DX:
		*v = fm_exp2(-0.5f * fm_log2(fm_abs(x)));
		return true;
	case ME_EXP_BASE2_FULL_DX:
		*v = fm_exp2(x);
		return true;
	case ME_LOG_BASE2_FULL_DX:
		*v = fm_log2(fm_abs(x));
		return true;
	case ME_POWER_FUNC_FF:
		/*
		 * Mesa's fixed-function lighting programs (its LIT emulation)
		 * raise N.H and the spot cosine to exponents that can be 0 or
		 * negative with bases that can be 0, and then select the result
		 * away by multiplying it by 0; GL's lighting wants 0^0 = 1 and a
		 * finite product. The fixed-function ("FF") form is taken to
		 * give 1 for a 0 exponent and the largest float instead of an
		 * infinity: a hardware claim still to be verified on silicon.
		 */
		*v = c[0] == 0.0f ? 1.0f : fm_exp2(c[0] * fm_log2(fm_abs(x)));
		if (*v > FLT_MAX_F)
			*v = FLT_MAX_F;
		return true;
	case ME_SIN:
		*v = fm_sin(x);
		return true;
	case ME_COS:
		*v = fm_cos(x);
		return true;
	case ME_RECIP_IEEE:
		*v = 1.0f / x;
		return r500;
	case ME_RECIP_SQRT_IEEE:	/* IEEE: no absolute value, a negative gives NaN */
		*v = fm_exp2(-0.5f * fm_log2(x));
		return r500;
	case ME_LOG_BASE2_IEEE:
		*v = fm_log2(x);
		return r500;
	default:
		return false;
	}
}

static bool math_op(uint32_t op, bool r500, const float a[4], const float c[4], float r[4])
{
	float v;

	if (math_vector(op, a, r))
		return true;
	if (!math_scalar(op, r500, a, c, &v))
		return false;
	r[0] = r[1] = r[2] = r[3] = v;
	return true;
}

/* ---- instructions ------------------------------------------------------------------- */

static bool execute(const uint32_t w[4], struct pvs_regs *regs, float r[4])
{
	uint32_t op = pvs_dst_OPCODE__get(w[0]);
	bool macro = pvs_dst_MACRO_INST__get(w[0]);
	bool math = pvs_dst_MATH_INST__get(w[0]) && !macro;
	bool sat = w[0] & (math ? pvs_dst_ME_SAT__MASK : pvs_dst_VE_SAT__MASK);
	float a[4], b[4], c[4];
	bool ok;

	if (!operand(regs, w[1], a) || !operand(regs, w[2], b) || !operand(regs, w[3], c))
		return false;
	if ((w[0] & (pvs_dst_VE_SAT__MASK | pvs_dst_ME_SAT__MASK)) && !regs->r500)
		return radeon_fault(regs->x, "PVS saturation on R3xx/R4xx: not established");
	if (pvs_dst_PRED_ENABLE__get(w[0]))
		return radeon_fault(regs->x, "PVS predication not modelled");
	if (macro)	/* the 2-clock MADD is a MAD that may read three different temporaries */
		ok = op == PVS_MACRO_OP_2CLK_MADD && vector_op(VE_MULTIPLY_ADD, regs->r500, a, b, c, r);
	else if (math)
		ok = math_op(op, regs->r500, a, c, r);
	else
		ok = vector_op(op, regs->r500, a, b, c, r);
	if (!ok)
		return radeon_fault(regs->x, "PVS %s opcode %#x not modelled",
				    macro ? "macro" : math ? "math" : "vector", op);
	for (int k = 0; sat && k < 4; k++)
		r[k] = fm_clamp01(r[k]);
	return true;
}

static bool write_dst(uint32_t w, struct pvs_regs *regs, float out[RP_OUTPUTS][4],
		      const float r[4])
{
	uint32_t type = pvs_dst_REG_TYPE__get(w), off = pvs_dst_OFFSET__get(w);

	if (pvs_dst_ADDR_MODE_0__get(w) || pvs_dst_ADDR_MODE_1__get(w))
		return radeon_fault(regs->x, "PVS relative destination not modelled");
	for (int k = 0; k < 4; k++) {
		if (!(w & (pvs_dst_WE_X__MASK << k)))
			continue;
		if (type == PVS_DST_REG_TEMPORARY)
			regs->temp[off % PVS_TEMPS][k] = r[k];
		else if (type == PVS_DST_REG_OUT)
			out[off % RP_OUTPUTS][k] = r[k];
		else if (type == PVS_DST_REG_OUT_REPL_X)
			out[off % RP_OUTPUTS][k] = r[0];
		else if (type == PVS_DST_REG_A0)
			regs->a0[k] = fm_round(r[k]);	/* already integral (FLT2FIX) */
		else
			return radeon_fault(regs->x, "PVS destination type %u not modelled", type);
	}
	return true;
}

bool radeon_pvs_run(struct radeon_exec *x, float in[RP_INPUTS][4], float out[RP_OUTPUTS][4])
{
	const struct radeon_gpu_state *s = x->state;
	bool r500 = x->family >= RV515;
	uint32_t cntl = REG(s, REG_R300_VAP_PVS_CODE_CNTL_0);
	uint32_t first = R300_VAP_PVS_CODE_CNTL_0_PVS_FIRST_INST__get(cntl);
	uint32_t last = R300_VAP_PVS_CODE_CNTL_0_PVS_LAST_INST__get(cntl);
	struct pvs_regs regs = {
		.x = x, .r500 = r500, .in = in,
		.consts = s->pvs + (r500 ? R500_CONST_BASE : R300_CONST_BASE) * 4,
		.const_base = (int32_t)R300_VAP_PVS_CONST_CNTL_PVS_CONST_BASE_OFFSET__get(
			REG(s, REG_R300_VAP_PVS_CONST_CNTL)),
	};

	if (REG(s, REG_R300_VAP_PVS_FLOW_CNTL_OPC))
		return radeon_fault(x, "PVS flow control (VAP_PVS_FLOW_CNTL_OPC %#x) not modelled",
				    REG(s, REG_R300_VAP_PVS_FLOW_CNTL_OPC));
	for (uint32_t i = first; i <= last && i < PVS_INSTS; i++) {
		const uint32_t *w = s->pvs + i * 4;
		float r[4];

		if (!execute(w, &regs, r) || !write_dst(w[0], &regs, out, r))
			return false;
	}
	return true;
}

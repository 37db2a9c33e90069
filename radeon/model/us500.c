// SPDX-License-Identifier: MIT
/*
 * The R5xx (RV515+) fragment shader of the model: its instruction and
 * constant memories, loaded through GA_US_VECTOR_INDEX/DATA, and an
 * interpreter for ALU programs (encoding: radeon/registers/r500_us.xml,
 * from Mesa's r300_reg.h and r500_fragprog_emit.c).
 *
 * What runs: the instructions from R500_US_CODE_OFFSET + START_ADDR to
 * + END_ADDR of R500_US_CODE_ADDR, of type ALU or OUT; sources from 128
 * temporaries or the constants (IEEE floats), the presubtract operand,
 * swizzles with 0, 1/2 and 1, the modifiers; RGB ops MAD, DP3, DP4, MIN,
 * MAX and alpha ops MAD, DP, MIN, MAX; OMOD and clamping; temporary and
 * output masks for output 0. The RS has written colour 0 to the
 * temporary R500_RS_INST 0 names. Texture and flow-control instructions,
 * relative addressing, predication, other targets, shader depth and the
 * remaining ops are not modelled: the draw is skipped.
 */
#include <string.h>

#include "model/model.h"
#include "radeon/model/backend.h"
#include "radeon/r500_us.xml.h"

#define REG(s, r) ((s)->regs[(r) >> 2])
#define TEMPS 128
#define W(inst, word) ((inst)[(REG_R500_US_INST_##word) >> 2])

void radeon_us500_reg(struct radeon_gpu_state *s, uint32_t reg, uint32_t v)
{
	if (reg == REG_R300_GA_US_VECTOR_INDEX) {
		s->us500_to_const = v & R300_GA_US_VECTOR_INDEX_TYPE_CONST__MASK;
		s->us500_ptr = R300_GA_US_VECTOR_INDEX_INDEX__get(v) * (s->us500_to_const ? 4 : 6);
	} else if (reg == REG_R300_GA_US_VECTOR_DATA) {
		/* past the end the data goes nowhere */
		if (s->us500_to_const && s->us500_ptr < RADEON_US500_CONSTS * 4)
			s->us500_const[s->us500_ptr] = v;
		else if (!s->us500_to_const && s->us500_ptr < RADEON_US500_INSTS * 6)
			s->us500_code[s->us500_ptr] = v;
		s->us500_ptr++;
	}
}

static float as_float(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static float absf(float v)
{
	return v < 0.0f ? -v : v;
}

static float clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* Sources 0-2 of one unit (temporary or constant, all four channels), then SRCP in 3. */
static bool sources(const struct radeon_gpu_state *s, uint32_t addr, float temp[][4],
		    float src[4][4])
{
	uint32_t srcp = r500_us_alu_addr_SRCP_OP__get(addr);

	if (addr & (r500_us_alu_addr_ADDR0_REL__MASK | r500_us_alu_addr_ADDR1_REL__MASK |
		    r500_us_alu_addr_ADDR2_REL__MASK))
		return false;
	for (int k = 0; k < 3; k++) {
		uint32_t a = (addr >> (10 * k)) & r500_us_alu_addr_ADDR0__MASK;
		bool is_const = addr & (r500_us_alu_addr_ADDR0_CONST__MASK << (10 * k));

		for (int c = 0; c < 4; c++)
			src[k][c] = is_const ? as_float(s->us500_const[(a % RADEON_US500_CONSTS) * 4 + c])
					     : temp[a % TEMPS][c];
	}
	for (int c = 0; c < 4; c++) {
		float s0 = src[0][c], s1 = src[1][c];

		src[3][c] = srcp == R500_SRCP_OP_1_MINUS_2SRC0 ? 1.0f - 2.0f * s0 :
			    srcp == R500_SRCP_OP_SRC1_MINUS_SRC0 ? s1 - s0 :
			    srcp == R500_SRCP_OP_SRC1_PLUS_SRC0 ? s1 + s0 : 1.0f - s0;
	}
	return true;
}

/* One channel of an operand: source select, swizzle, modifier. */
static float operand(float src[4][4], uint32_t sel, uint32_t swz, uint32_t mod)
{
	float v = swz <= R500_SWIZ_A ? src[sel][swz] : swz == R500_SWIZ_HALF ? 0.5f :
		  swz == R500_SWIZ_ONE ? 1.0f : 0.0f;

	switch (mod) {
	case R500_MOD_NEG:
		return -v;
	case R500_MOD_ABS:
		return absf(v);
	case R500_MOD_NAB:
		return -absf(v);
	default:
		return v;
	}
}

/* RGB operand A, B or C from its packed (sel 2, swizzles 3x3, mod 2) bits at @shift. */
static void rgb_operand(float src[4][4], uint32_t word, unsigned int shift, float v[3])
{
	uint32_t f = word >> shift;

	for (int c = 0; c < 3; c++)
		v[c] = operand(src, f & 3, (f >> (2 + 3 * c)) & 7, (f >> 11) & 3);
}

/* Alpha operand from its packed (sel 2, swizzle 3, mod 2) bits at @shift. */
static float alpha_operand(float src[4][4], uint32_t word, unsigned int shift)
{
	uint32_t f = word >> shift;

	return operand(src, f & 3, (f >> 2) & 7, (f >> 5) & 3);
}

static float omod(uint32_t m, float v)
{
	static const float scale[] = { 1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f, 1.0f };

	return v * scale[m & 7];
}

/* One ALU instruction: false when it uses something not modelled. */
static bool alu(const struct radeon_gpu_state *s, const uint32_t *inst, float temp[][4],
		float out[4])
{
	uint32_t cmn = W(inst, CMN), ri = W(inst, RGB_INST), ai = W(inst, ALPHA_INST);
	uint32_t rgba = W(inst, RGBA_INST);
	float rs[4][4], as[4][4], a[3], b[3], c[3], rgb[3], alpha, dot;
	float aa, ab;

	/* texture and flow control, predication, ALU-result and depth writes, relative dests */
	if (r500_us_cmn_inst_TYPE__get(cmn) > R500_INST_TYPE_OUT ||
	    r500_us_cmn_inst_RGB_PRED_SEL__get(cmn) ||
	    r500_us_cmn_inst_ALPHA_PRED_SEL__get(cmn) ||
	    (ri & r500_us_alu_rgb_inst_ALU_WMASK__MASK) ||
	    (ai & (r500_us_alu_alpha_inst_W_OMASK__MASK | r500_us_alu_alpha_inst_ADDRD_REL__MASK)) ||
	    (rgba & r500_us_alu_rgba_inst_ADDRD_REL__MASK) ||
	    !sources(s, W(inst, RGB_ADDR), temp, rs) || !sources(s, W(inst, ALPHA_ADDR), temp, as))
		return false;
	rgb_operand(rs, ri, r500_us_alu_rgb_inst_SEL_A__SHIFT, a);
	rgb_operand(rs, ri, r500_us_alu_rgb_inst_SEL_B__SHIFT, b);
	rgb_operand(rs, rgba, r500_us_alu_rgba_inst_SEL_C__SHIFT, c);
	aa = alpha_operand(as, ai, r500_us_alu_alpha_inst_SEL_A__SHIFT);
	ab = alpha_operand(as, ai, r500_us_alu_alpha_inst_SEL_B__SHIFT);
	dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
	switch (r500_us_alu_rgba_inst_OP__get(rgba)) {
	case R500_RGB_OP_MAD:
		for (int k = 0; k < 3; k++)
			rgb[k] = a[k] * b[k] + c[k];
		break;
	case R500_RGB_OP_DP4:
		dot += aa * ab;	/* the fourth components are the alpha operands */
		__attribute__((fallthrough));
	case R500_RGB_OP_DP3:
		rgb[0] = rgb[1] = rgb[2] = dot;
		break;
	case R500_RGB_OP_MIN:
		for (int k = 0; k < 3; k++)
			rgb[k] = a[k] < b[k] ? a[k] : b[k];
		break;
	case R500_RGB_OP_MAX:
		for (int k = 0; k < 3; k++)
			rgb[k] = a[k] > b[k] ? a[k] : b[k];
		break;
	default:
		return false;
	}
	switch (r500_us_alu_alpha_inst_OP__get(ai)) {
	case R500_ALPHA_OP_MAD:
		alpha = aa * ab + alpha_operand(as, rgba, r500_us_alu_rgba_inst_ALPHA_SEL_C__SHIFT);
		break;
	case R500_ALPHA_OP_DP:
		alpha = dot;
		break;
	case R500_ALPHA_OP_MIN:
		alpha = aa < ab ? aa : ab;
		break;
	case R500_ALPHA_OP_MAX:
		alpha = aa > ab ? aa : ab;
		break;
	default:
		return false;
	}
	for (int k = 0; k < 3; k++) {
		rgb[k] = omod(r500_us_alu_rgb_inst_OMOD__get(ri), rgb[k]);
		if (cmn & r500_us_cmn_inst_RGB_CLAMP__MASK)
			rgb[k] = clamp01(rgb[k]);
		if (r500_us_cmn_inst_RGB_WMASK__get(cmn) & (1u << k))
			temp[r500_us_alu_rgba_inst_ADDRD__get(rgba)][k] = rgb[k];
		if ((r500_us_cmn_inst_RGB_OMASK__get(cmn) & (1u << k)) &&
		    !r500_us_alu_rgb_inst_TARGET__get(ri))
			out[k] = rgb[k];
	}
	alpha = omod(r500_us_alu_alpha_inst_OMOD__get(ai), alpha);
	if (cmn & r500_us_cmn_inst_ALPHA_CLAMP__MASK)
		alpha = clamp01(alpha);
	if (cmn & r500_us_cmn_inst_ALPHA_WMASK__MASK)
		temp[r500_us_alu_alpha_inst_ADDRD__get(ai)][3] = alpha;
	if ((cmn & r500_us_cmn_inst_ALPHA_OMASK__MASK) && !r500_us_alu_alpha_inst_TARGET__get(ai))
		out[3] = alpha;
	return true;
}

bool radeon_us500_run(const struct radeon_gpu_state *s, const float col[4], float out[4])
{
	uint32_t code = REG(s, REG_R300_R500_US_CODE_ADDR);
	uint32_t offset = REG(s, REG_R300_R500_US_CODE_OFFSET);
	uint32_t start = offset + R300_R500_US_CODE_ADDR_START_ADDR__get(code);
	uint32_t end = offset + R300_R500_US_CODE_ADDR_END_ADDR__get(code);
	uint32_t rs = REG(s, REG_R300_R500_RS_INST(0));
	float temp[TEMPS][4] = { { 0 } };

	if (R300_R500_RS_INST_COL_CN__get(rs) == RS_INST_COL_CN_WRITE)
		memcpy(temp[R300_R500_RS_INST_COL_ADDR__get(rs) % TEMPS], col, sizeof(temp[0]));
	for (uint32_t i = start; i <= end && i < RADEON_US500_INSTS; i++)
		if (!alu(s, s->us500_code + 6 * i, temp, out))
			return false;
	return true;
}

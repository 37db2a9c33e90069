// SPDX-License-Identifier: MIT
/*
 * The R5xx (RV515+) fragment shader of the model: its instruction and
 * constant memories, loaded through GA_US_VECTOR_INDEX/DATA, and an
 * interpreter that runs a program on the four pixels of a quad together
 * (encoding: radeon/registers/r500_us.xml, from Mesa's r300_reg.h and
 * r500_fragprog_emit.c).
 *
 * The instructions from R500_US_CODE_OFFSET + START_ADDR to END_ADDR of
 * R500_US_CODE_ADDR run until one has LAST set.
 *
 * ALU and OUT: sources from 128 temporaries, the constants (IEEE floats)
 * or an inline constant (an address with bit 7 set and no CONST bit,
 * Mesa radeon_inline_literals.c: 3 mantissa bits, 4 exponent bits with
 * bias 7), the presubtract operand, swizzles with 0, 1/2 and 1, the
 * modifiers; RGB MAD, DP3, DP4, D2A, MIN, MAX, CND (C > 0.5 ? A : B), CMP
 * (C >= 0 ? A : B, Mesa's swapped operands), FRC, SOP (the alpha result)
 * and alpha MAD, DP, MIN, MAX, CND, CMP, FRC, EX2, LN2, RCP, RSQ (of |A|),
 * SIN, COS; MDH and MDV take operand A's difference to the next pixel
 * right and down in the quad (GL's dFdx and dFdy). Then OMOD, clamps and
 * the writes: temporaries (CMN WMASKs), colour outputs (OMASKs, TARGET),
 * the depth (ALPHA_INST.W_OMASK) and the ALU result that flow control
 * tests (RGB_INST.ALU_WMASK: CMN.ALU_RESULT_SEL's channel compared with 0
 * by ALU_RESULT_OP). Inactive pixels are not written.
 *
 * TEX: LD, PROJ, LODBIAS, LOD, DXDY (explicit derivatives from
 * TEX_ADDR_DXDY), TEXKILL (kill when a component of the source is
 * negative), the source and destination swizzles and UNSCALED.
 *
 * Flow control (FC), as an interpretation of the sequences Mesa emits
 * (emit_flowcontrol: "increment branch counter if stay", ...), NOT a
 * documented model of the hardware: every pixel has a branch counter and
 * is active while it is 0. A JUMP with B_OP0 INCR (Mesa's IF, JUMP_FUNC
 * 0x0f: jump where the ALU result is false) makes the pixels that would
 * jump and the inactive ones count up; one with B_ELSE (ELSE) swaps the
 * pixels at 0 and at B_POP_CNT; one with B_OP0 DECR (ENDIF) counts the
 * inactive ones down. The model never takes these jumps, which gives the
 * same pixels as taking them whenever no pixel would run the skipped code
 * (what the jumps are for). Loops (LOOP, ENDLOOP with US_FC_INT_CONST's
 * count) run until no pixel is active or the count is spent; BREAKLOOP
 * and CONTINUE retire the active pixels from the loop or from the rest of
 * its iteration. Other FC forms (REP, address stack, JUMP_GLOBAL, other
 * jump functions) are faults, and so are predication, relative
 * addressing and the ALU_RESULT-selected writes Mesa does not use.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"
#include "radeon/r500_us.xml.h"

#define TEMPS 128
#define MAX_LOOPS 4
#define W(inst, word) ((inst)[(REG_R500_US_INST_##word) >> 2])

void radeon_us500_reg(struct radeon_gpu_state *s, uint32_t reg, uint32_t v)
{
	if (reg == REG_R300_GA_US_VECTOR_INDEX) {
		s->us500_to_const = R300_GA_US_VECTOR_INDEX_TYPE_CONST__get(v);
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

struct loop {
	uint32_t body, end;		/* first instruction of the body, the ENDLOOP */
	uint32_t iterations, count;
	uint8_t broken, paused;		/* pixels out of the loop / of this iteration */
};

struct us500 {
	struct rp_draw *d;
	const struct radeon_gpu_state *s;
	float t[4][TEMPS][4];
	uint8_t counter[4];
	uint8_t alu_result;		/* bit per pixel */
	struct loop loops[MAX_LOOPS];
	unsigned int nr_loops;
	bool zero_times_anything;
	struct rp_fs_out *o;
};

static bool active(const struct us500 *u, int p)
{
	if (u->counter[p] || !(u->o->live & (1u << p)))
		return false;
	for (unsigned int l = 0; l < u->nr_loops; l++)
		if ((u->loops[l].broken | u->loops[l].paused) & (1u << p))
			return false;
	return true;
}

static uint8_t active_mask(const struct us500 *u)
{
	uint8_t m = 0;

	for (int p = 0; p < 4; p++)
		m |= active(u, p) ? (uint8_t)(1u << p) : 0;
	return m;
}

/* ---- ALU operands ------------------------------------------------------------- */

/*
 * An inline constant: 3 mantissa bits, 4 exponent bits with bias 7 (no
 * zero), (1 + m/8) * 2^(e - 7). As an IEEE single that is exponent field
 * e - 7 + 127 and the mantissa's top three bits m, built directly: every
 * operand of every pixel may be one, and the value is exact either way.
 */
static float inline_constant(uint32_t v)
{
	return bits_float((((v >> 3) & 15) + 120) << 23 | (v & 7) << 20);
}

/* Sources 0-2 of one unit for pixel @p, then the presubtract operand in 3. */
static bool sources(struct us500 *u, uint32_t addr, int p, float src[4][4])
{
	uint32_t srcp = r500_us_alu_addr_SRCP_OP__get(addr);

	if (addr & (r500_us_alu_addr_ADDR0_REL__MASK | r500_us_alu_addr_ADDR1_REL__MASK |
		    r500_us_alu_addr_ADDR2_REL__MASK))
		return radeon_fault(u->d->x, "R5xx US relative source addressing not modelled");
	for (int k = 0; k < 3; k++) {
		uint32_t f = addr >> (r500_us_alu_addr_ADDR1__SHIFT * k);
		uint32_t a = f & r500_us_alu_addr_ADDR0__MASK;
		bool is_const = f & r500_us_alu_addr_ADDR0_CONST__MASK;

		for (int c = 0; c < 4; c++) {
			if (is_const)
				src[k][c] = bits_float(u->s->us500_const[(a % RADEON_US500_CONSTS) * 4 + c]);
			else if (a & 0x80)
				src[k][c] = inline_constant(a & 0x7f);
			else
				src[k][c] = u->t[p][a % TEMPS][c];
		}
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

	/* R500_MOD_NAB is ABS | NEG: -|v| */
	return fm_abs_neg(v, mod & R500_MOD_ABS, mod & R500_MOD_NEG);
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

/* Operands A, B, C of both units for one pixel: rgb[k][c], then alpha in [k][3]. */
struct operands {
	float v[3][4];
};

static bool gather(struct us500 *u, const uint32_t *inst, int p, struct operands *o)
{
	uint32_t ri = W(inst, RGB_INST), ai = W(inst, ALPHA_INST), rgba = W(inst, RGBA_INST);
	float rs[4][4], as[4][4];

	if (!sources(u, W(inst, RGB_ADDR), p, rs) || !sources(u, W(inst, ALPHA_ADDR), p, as))
		return false;
	/*
	 * Source slot n is one register read: its RGB from the RGB address n,
	 * its alpha from the alpha address n, for both units' operands (Mesa's
	 * rc_pair_alloc_source gives an operand's RGB and W parts one slot).
	 */
	for (int k = 0; k < 4; k++) {
		rs[k][3] = as[k][3];
		memcpy(as[k], rs[k], 3 * sizeof(float));
	}
	rgb_operand(rs, ri, r500_us_alu_rgb_inst_SEL_A__SHIFT, o->v[0]);
	rgb_operand(rs, ri, r500_us_alu_rgb_inst_SEL_B__SHIFT, o->v[1]);
	rgb_operand(rs, rgba, r500_us_alu_rgba_inst_SEL_C__SHIFT, o->v[2]);
	o->v[0][3] = alpha_operand(as, ai, r500_us_alu_alpha_inst_SEL_A__SHIFT);
	o->v[1][3] = alpha_operand(as, ai, r500_us_alu_alpha_inst_SEL_B__SHIFT);
	o->v[2][3] = alpha_operand(as, rgba, r500_us_alu_rgba_inst_ALPHA_SEL_C__SHIFT);
	return true;
}

/* ---- ALU operations -------------------------------------------------------------- */

static float mul(const struct us500 *u, float a, float b)
{
	/* US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO: 0 * inf and 0 * NaN are 0 */
	if (u->zero_times_anything && (a == 0.0f || b == 0.0f))
		return 0.0f;
	return a * b;
}

/* The derivative of operand A channel @c at pixel @p: right minus left, down minus up. */
static float derivative(const struct operands o[4], int p, int c, bool vertical)
{
	int base = vertical ? p & 1 : p & 2;

	return vertical ? o[base + 2].v[0][c] - o[base].v[0][c] : o[base + 1].v[0][c] - o[base].v[0][c];
}

static bool alpha_op(struct us500 *u, uint32_t op, const struct operands o[4], int p, float dot,
		     float *r)
{
	const float *a = (const float[3]){ o[p].v[0][3], o[p].v[1][3], o[p].v[2][3] };

	switch (op) {
	case R500_ALPHA_OP_MAD: *r = mul(u, a[0], a[1]) + a[2]; return true;
	case R500_ALPHA_OP_DP: *r = dot; return true;
	case R500_ALPHA_OP_MIN: *r = fm_min(a[0], a[1]); return true;
	case R500_ALPHA_OP_MAX: *r = fm_max(a[0], a[1]); return true;
	case R500_ALPHA_OP_CND: *r = a[2] > 0.5f ? a[0] : a[1]; return true;
	case R500_ALPHA_OP_CMP: *r = a[2] >= 0.0f ? a[0] : a[1]; return true;
	case R500_ALPHA_OP_FRC: *r = a[0] - fm_floor(a[0]); return true;
	case R500_ALPHA_OP_EX2: *r = fm_exp2(a[0]); return true;
	case R500_ALPHA_OP_LN2: *r = fm_log2(a[0]); return true;
	case R500_ALPHA_OP_RCP: *r = 1.0f / a[0]; return true;
	case R500_ALPHA_OP_RSQ: *r = fm_exp2(-0.5f * fm_log2(fm_abs(a[0]))); return true;
	case R500_ALPHA_OP_SIN: *r = fm_sin(a[0]); return true;
	case R500_ALPHA_OP_COS: *r = fm_cos(a[0]); return true;
	case R500_ALPHA_OP_MDH: *r = derivative(o, p, 3, false); return true;
	case R500_ALPHA_OP_MDV: *r = derivative(o, p, 3, true); return true;
	default: return radeon_fault(u->d->x, "R5xx US alpha op %u not modelled", op);
	}
}

static bool rgb_op(struct us500 *u, uint32_t op, const struct operands o[4], int p, float dot3,
		   float dot4, float alpha, float r[3])
{
	const float (*a)[4] = o[p].v;

	for (int c = 0; c < 3; c++) {
		switch (op) {
		case R500_RGB_OP_MAD: r[c] = mul(u, a[0][c], a[1][c]) + a[2][c]; break;
		case R500_RGB_OP_DP3: r[c] = dot3; break;
		case R500_RGB_OP_DP4: r[c] = dot4; break;
		case R500_RGB_OP_D2A: r[c] = mul(u, a[0][0], a[1][0]) + mul(u, a[0][1], a[1][1]) + a[2][2]; break;
		case R500_RGB_OP_MIN: r[c] = fm_min(a[0][c], a[1][c]); break;
		case R500_RGB_OP_MAX: r[c] = fm_max(a[0][c], a[1][c]); break;
		case R500_RGB_OP_CND: r[c] = a[2][c] > 0.5f ? a[0][c] : a[1][c]; break;
		case R500_RGB_OP_CMP: r[c] = a[2][c] >= 0.0f ? a[0][c] : a[1][c]; break;
		case R500_RGB_OP_FRC: r[c] = a[0][c] - fm_floor(a[0][c]); break;
		case R500_RGB_OP_SOP: r[c] = alpha; break;
		case R500_RGB_OP_MDH: r[c] = derivative(o, p, c, false); break;
		case R500_RGB_OP_MDV: r[c] = derivative(o, p, c, true); break;
		default: return radeon_fault(u->d->x, "R5xx US RGB op %u not modelled", op);
		}
	}
	return true;
}

static float omod(uint32_t m, float v)
{
	static const float scale[8] = { 1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f, 1.0f };

	return v * scale[m & 7];
}

static bool alu_result(uint32_t cmn, const float rgb[3], float alpha)
{
	float v = r500_us_cmn_inst_ALU_RESULT_SEL__get(cmn) ? alpha : rgb[0];

	switch (r500_us_cmn_inst_ALU_RESULT_OP__get(cmn)) {
	case R500_ALU_RESULT_OP_EQ: return v == 0.0f;
	case R500_ALU_RESULT_OP_LT: return v < 0.0f;
	case R500_ALU_RESULT_OP_GE: return v >= 0.0f;
	default: return v != 0.0f;	/* NE */
	}
}

static void alu_write(struct us500 *u, const uint32_t *inst, int p, float rgb[3], float alpha)
{
	uint32_t cmn = W(inst, CMN), ri = W(inst, RGB_INST), ai = W(inst, ALPHA_INST);
	uint32_t rgba = W(inst, RGBA_INST);

	for (int k = 0; k < 3; k++) {
		rgb[k] = omod(r500_us_alu_rgb_inst_OMOD__get(ri), rgb[k]);
		if (r500_us_cmn_inst_RGB_CLAMP__get(cmn))
			rgb[k] = fm_clamp01(rgb[k]);
	}
	alpha = omod(r500_us_alu_alpha_inst_OMOD__get(ai), alpha);
	if (r500_us_cmn_inst_ALPHA_CLAMP__get(cmn))
		alpha = fm_clamp01(alpha);
	if (r500_us_alu_rgb_inst_ALU_WMASK__get(ri)) {
		u->alu_result &= (uint8_t)~(1u << p);
		u->alu_result |= (uint8_t)(alu_result(cmn, rgb, alpha) << p);
	}
	for (int k = 0; k < 3; k++) {
		if (r500_us_cmn_inst_RGB_WMASK__get(cmn) & (1u << k))
			u->t[p][r500_us_alu_rgba_inst_ADDRD__get(rgba) % TEMPS][k] = rgb[k];
		if (r500_us_cmn_inst_RGB_OMASK__get(cmn) & (1u << k))
			u->o->colour[r500_us_alu_rgb_inst_TARGET__get(ri)][p][k] = rgb[k];
	}
	if (r500_us_cmn_inst_ALPHA_WMASK__get(cmn))
		u->t[p][r500_us_alu_alpha_inst_ADDRD__get(ai) % TEMPS][3] = alpha;
	if (r500_us_cmn_inst_ALPHA_OMASK__get(cmn))
		u->o->colour[r500_us_alu_alpha_inst_TARGET__get(ai)][p][3] = alpha;
	if (r500_us_alu_alpha_inst_W_OMASK__get(ai)) {
		u->o->depth[p] = alpha;
		u->o->writes_depth = true;
	}
}

static bool alu(struct us500 *u, const uint32_t *inst)
{
	uint32_t cmn = W(inst, CMN), ai = W(inst, ALPHA_INST), rgba = W(inst, RGBA_INST);
	struct operands o[4];
	uint8_t act = active_mask(u);

	if (r500_us_cmn_inst_RGB_PRED_SEL__get(cmn) || r500_us_cmn_inst_ALPHA_PRED_SEL__get(cmn) ||
	    r500_us_cmn_inst_STAT_WE__get(cmn) || r500_us_cmn_inst_WRITE_INACTIVE__get(cmn) ||
	    (ai & r500_us_alu_alpha_inst_ADDRD_REL__MASK) ||
	    (rgba & r500_us_alu_rgba_inst_ADDRD_REL__MASK))
		return radeon_fault(u->d->x, "R5xx US predication, STAT_WE, WRITE_INACTIVE or relative "
				    "destinations not modelled (CMN %#x)", cmn);
	for (int p = 0; p < 4; p++)
		if (!gather(u, inst, p, &o[p]))
			return false;
	for (int p = 0; p < 4; p++) {
		const float (*a)[4] = o[p].v;
		float dot3 = mul(u, a[0][0], a[1][0]) + mul(u, a[0][1], a[1][1]) + mul(u, a[0][2], a[1][2]);
		float dot4 = dot3 + mul(u, a[0][3], a[1][3]), rgb[3], alpha = 0.0f;
		uint32_t op = r500_us_alu_rgba_inst_OP__get(rgba);

		if (!alpha_op(u, r500_us_alu_alpha_inst_OP__get(ai), o, p,
			      op == R500_RGB_OP_DP4 ? dot4 : dot3, &alpha) ||
		    !rgb_op(u, op, o, p, dot3, dot4, alpha, rgb))
			return false;
		if (act & (1u << p))
			alu_write(u, inst, p, rgb, alpha);
	}
	return true;
}

/* ---- TEX ------------------------------------------------------------------------ */

/* The four 2-bit swizzles (R, G, B, A) of @word from bit @shift applied to register @reg. */
static void swizzle4(const float reg[4], uint32_t word, unsigned int shift, float out[4])
{
	for (int c = 0; c < 4; c++)
		out[c] = reg[(word >> (shift + 2 * c)) & 3];
}

static bool tex(struct us500 *u, const uint32_t *inst)
{
	uint32_t cmn = inst[0], ti = inst[1], ta = inst[2], dxdy = inst[3];
	uint32_t op = r500_us_tex_inst_INST__get(ti), wmask;
	float coord[4][4], dx[4][4], dy[4][4], out[4][4];
	static const enum rp_tex_op ops[] = {
		[R500_TEX_INST_LD] = RP_TEX_LD, [R500_TEX_INST_PROJ] = RP_TEX_PROJ,
		[R500_TEX_INST_LODBIAS] = RP_TEX_BIAS, [R500_TEX_INST_LOD] = RP_TEX_LOD,
		[R500_TEX_INST_DXDY] = RP_TEX_DERIV,
	};
	uint8_t act = active_mask(u);

	if (r500_us_tex_addr_SRC_ADDR_REL__get(ta) || r500_us_tex_addr_DST_ADDR_REL__get(ta))
		return radeon_fault(u->d->x, "R5xx US relative TEX addressing not modelled");
	for (int p = 0; p < 4; p++) {
		swizzle4(u->t[p][r500_us_tex_addr_SRC_ADDR__get(ta) % TEMPS], ta,
			 r500_us_tex_addr_SRC_S_SWIZ__SHIFT, coord[p]);
		swizzle4(u->t[p][r500_us_tex_addr_dxdy_DX_ADDR__get(dxdy) % TEMPS], dxdy,
			 r500_us_tex_addr_dxdy_DX_S_SWIZ__SHIFT, dx[p]);
		swizzle4(u->t[p][r500_us_tex_addr_dxdy_DY_ADDR__get(dxdy) % TEMPS], dxdy,
			 r500_us_tex_addr_dxdy_DY_S_SWIZ__SHIFT, dy[p]);
	}
	if (op == R500_TEX_INST_NOP)
		return true;
	if (op == R500_TEX_INST_TEXKILL) {
		for (int p = 0; p < 4; p++)
			if ((act & (1u << p)) && (coord[p][0] < 0 || coord[p][1] < 0 || coord[p][2] < 0 ||
						  coord[p][3] < 0))
				u->o->live &= (uint8_t)~(1u << p);
		return true;
	}
	if (op > R500_TEX_INST_DXDY)
		return radeon_fault(u->d->x, "R5xx US TEX op %u not modelled", op);
	if (!rp_tex_sample(u->d, r500_us_tex_inst_ID__get(ti), ops[op],
			   r500_us_tex_inst_UNSCALED__get(ti), (const float (*)[4])coord,
			   (const float (*)[4])dx, (const float (*)[4])dy, out))
		return false;
	wmask = r500_us_cmn_inst_RGB_WMASK__get(cmn) | r500_us_cmn_inst_ALPHA_WMASK__get(cmn) << 3;
	for (int p = 0; p < 4; p++) {
		float r[4];

		if (!(act & (1u << p)))
			continue;
		swizzle4(out[p], ta, r500_us_tex_addr_DST_R_SWIZ__SHIFT, r);
		for (int c = 0; c < 4; c++)
			if (wmask & (1u << c))
				u->t[p][r500_us_tex_addr_DST_ADDR__get(ta) % TEMPS][c] = r[c];
	}
	return true;
}

/* ---- flow control -------------------------------------------------------------------- */

/* Pixels the jump condition holds for: 0x00 never, 0xff always, 0x0f/0xf0 the ALU result. */
static bool jump_want(struct us500 *u, uint32_t func, uint8_t *want)
{
	switch (func) {
	case 0x00: *want = 0; return true;
	case 0xff: *want = 0xf; return true;
	case 0x0f: *want = (uint8_t)(~u->alu_result & 0xf); return true;
	case 0xf0: *want = u->alu_result; return true;
	default: return radeon_fault(u->d->x, "R5xx FC JUMP_FUNC %#x not modelled", func);
	}
}

/* A JUMP: the IF / ELSE / ENDIF counter rules (top comment). */
static bool fc_jump(struct us500 *u, uint32_t fc)
{
	uint32_t op0 = r500_us_fc_inst_B_OP0__get(fc), pop = r500_us_fc_inst_B_POP_CNT__get(fc);
	uint8_t act = active_mask(u), want = 0;

	if (r500_us_fc_inst_B_ELSE__get(fc)) {
		if (op0 != R500_FC_B_OP_NONE || !pop)
			return radeon_fault(u->d->x, "R5xx FC ELSE form %#x not modelled", fc);
		for (int p = 0; p < 4; p++) {
			if (act & (1u << p))
				u->counter[p] = (uint8_t)pop;
			else if (u->counter[p] == pop)
				u->counter[p] = 0;
		}
		return true;
	}
	if (!jump_want(u, r500_us_fc_inst_JUMP_FUNC__get(fc), &want))
		return false;
	for (int p = 0; p < 4; p++) {
		if (op0 == R500_FC_B_OP_INCR && (u->counter[p] || (want & (1u << p))))
			u->counter[p]++;
		else if (op0 == R500_FC_B_OP_DECR && u->counter[p])
			u->counter[p] = (uint8_t)(u->counter[p] > (pop ? pop : 1) ?
						  u->counter[p] - (pop ? pop : 1) : 0);
	}
	return true;
}

/* LOOP, ENDLOOP, BREAKLOOP, CONTINUE at instruction @pc; *@next is where to go on. */
static bool fc_loop(struct us500 *u, uint32_t op, uint32_t fc_addr, uint32_t pc, uint32_t *next)
{
	struct loop *l = u->nr_loops ? &u->loops[u->nr_loops - 1] : NULL;
	uint8_t act = active_mask(u);

	switch (op) {
	case R500_FC_OP_LOOP: {
		uint32_t k = REG(u->s, REG_R300_US_FC_INT_CONST_0 +
				 4 * (r500_us_fc_addr_INT_ADDR__get(fc_addr) % 32));

		if (u->nr_loops == MAX_LOOPS)
			return radeon_fault(u->d->x, "R5xx FC loops nested deeper than %d", MAX_LOOPS);
		u->loops[u->nr_loops++] = (struct loop){
			.body = pc + 1, .end = r500_us_fc_addr_JUMP_ADDR__get(fc_addr),
			.count = r500_fc_int_const_KR__get(k),
		};
		if (!u->loops[u->nr_loops - 1].count || !act) {
			*next = u->loops[u->nr_loops - 1].end + 1;
			u->nr_loops--;
		}
		return true;
	}
	case R500_FC_OP_BREAKLOOP: case R500_FC_OP_CONTINUE:
		if (!l)
			return radeon_fault(u->d->x, "R5xx FC BREAKLOOP/CONTINUE outside a loop");
		if (op == R500_FC_OP_BREAKLOOP)
			l->broken |= act;
		else
			l->paused |= act;
		return true;
	case R500_FC_OP_ENDLOOP:
		if (!l)
			return radeon_fault(u->d->x, "R5xx FC ENDLOOP outside a loop");
		l->paused = 0;
		if (++l->iterations < l->count && active_mask(u)) {
			*next = l->body;
			return true;
		}
		u->nr_loops--;
		return true;
	default:
		return radeon_fault(u->d->x, "R5xx FC op %u not modelled", op);
	}
}

static bool fc(struct us500 *u, const uint32_t *inst, uint32_t pc, uint32_t *next)
{
	uint32_t f = inst[2], a = inst[3], op = r500_us_fc_inst_OP__get(f);

	if (r500_us_fc_inst_A_OP__get(f) != R500_FC_A_OP_NONE || r500_us_fc_addr_JUMP_GLOBAL__get(a))
		return radeon_fault(u->d->x, "R5xx FC address stack / global jumps not modelled");
	if (op == R500_FC_OP_JUMP)
		return fc_jump(u, f);
	return fc_loop(u, op, a, pc, next);
}

/* ---- the program ---------------------------------------------------------------------- */

bool rp_us500_run(struct rp_draw *d, const struct rp_quad *q, struct rp_fs_out *o)
{
	static _Thread_local struct us500 u;	/* 8 KiB: not on the GPU thread's stack */
	const struct radeon_gpu_state *s = d->s;
	uint32_t code = REG(s, REG_R300_R500_US_CODE_ADDR), offset = REG(s, REG_R300_R500_US_CODE_OFFSET);
	uint32_t start = offset + R300_R500_US_CODE_ADDR_START_ADDR__get(code);
	uint32_t end = offset + R300_R500_US_CODE_ADDR_END_ADDR__get(code);
	uint32_t budget = 1u << 20;	/* instructions executed; a runaway loop faults */

	u = (struct us500){
		.d = d, .s = s, .o = o,
		.zero_times_anything = R300_US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO__get(
			REG(s, REG_R300_US_CONFIG)),
	};
	memcpy(u.t, q->in, sizeof(u.t));
	for (uint32_t pc = start; pc <= end && pc < RADEON_US500_INSTS;) {
		const uint32_t *inst = s->us500_code + 6 * pc;
		uint32_t type = r500_us_cmn_inst_TYPE__get(inst[0]), next = pc + 1;
		bool ok;

		if (!budget--)
			return radeon_fault(d->x, "R5xx US program ran over 2^20 instructions");
		if (type == R500_INST_TYPE_TEX)
			ok = tex(&u, inst);
		else if (type == R500_INST_TYPE_FC)
			ok = fc(&u, inst, pc, &next);
		else
			ok = alu(&u, inst);
		if (!ok)
			return false;
		if (r500_us_cmn_inst_LAST__get(inst[0]))
			break;
		pc = next;
	}
	return true;
}

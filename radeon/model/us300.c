// SPDX-License-Identifier: MIT
/*
 * The R3xx/R4xx fragment shader (US) of the model, run on the four pixels
 * of a quad together (so texture LODs can come from their differences).
 *
 * Program structure (US_CONFIG, US_CODE_OFFSET, US_CODE_ADDR_0..3, as
 * Mesa's r300_fragprog_emit.c finish_node writes them): up to four nodes,
 * the last always in US_CODE_ADDR_3; each node runs its TEX instructions
 * (node 0 only with US_CONFIG.FIRST_TEX) and then its ALU instructions.
 * R400-class chips add bit 5 of every address (US_ALU_EXT_ADDR,
 * US_TEX_INST *_ADDR_EXT) and of the node ranges (US_CODE_EXT).
 *
 * TEX: LD, TXP (divide by w), TXB (bias in w), KIL (kill the pixel when
 * any component of the source is negative, ARB KIL as Mesa emits it).
 *
 * ALU: each instruction is an RGB and an alpha operation on three source
 * registers per unit (temporaries or US_ALU_CONST, 24-bit floats) and the
 * presubtract SRCP (1 - 2 src0, src1 - src0, src1 + src0, 1 - src0);
 * operands A, B, C select swizzles of them (US_ALU_*_INST SEL, MOD). The
 * operations are the D3D pixel-shader ones Mesa translates to
 * (r300_fragprog_emit.c translate_rgb_opcode/translate_alpha_opcode,
 * radeon_pair_translate.c, which swaps CMP's operands so that the
 * hardware's CMP is C >= 0 ? A : B): MAD A * B + C, DP3, DP4 (the alpha
 * operands join the RGB unit's dot product), D2A, MIN, MAX, CND C > 0.5 ?
 * A : B, CMP, FRC, REPL_ALPHA (the alpha result in RGB); alpha MAD, DP,
 * MIN, MAX, CND, CMP, FRC and the scalar EX2, LN2, RCP, RSQ (of |A|) of
 * operand A. Then OMOD, CLAMP, and the writes of WMASK (temporaries),
 * OMASK (colour output TARGET) and W_OMASK (the depth output); all reads
 * of an instruction happen before its writes. Arithmetic is IEEE single
 * precision, not the hardware's 24-bit floats.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

#define TEMPS 64		/* R400: 64, R300: 32 */

struct us300 {
	struct rp_draw *d;
	const struct radeon_gpu_state *s;
	bool r400;
	float t[4][TEMPS][4];	/* pixel, temporary, component */
	struct rp_fs_out *o;
};

/* A source address: temporary or constant, 5 bits (+ the R400 MSB). */
static void source(const struct us300 *u, uint32_t addr, bool is_const, int p, float v[4])
{
	for (int c = 0; c < 4; c++)
		v[c] = is_const ? fm_float24(REG(u->s, REG_R300_US_ALU_CONST_R(addr % 32) + 4 * c))
				: u->t[p][addr % TEMPS][c];
}

static float presub(uint32_t op, float s0, float s1)
{
	switch (op) {
	case ALU_SRCP_1_MINUS_2_SRC0:
		return 1.0f - 2.0f * s0;
	case ALU_SRCP_SRC1_MINUS_SRC0:
		return s1 - s0;
	case ALU_SRCP_SRC1_PLUS_SRC0:
		return s1 + s0;
	default:
		return 1.0f - s0;
	}
}

/* ALU_ARG_MOD_NAB is ABS | NEG: -|v| */
static float modify(uint32_t mod, float v)
{
	return fm_abs_neg(v, mod & ALU_ARG_MOD_ABS, mod & ALU_ARG_MOD_NEG);
}

/* The four sources of one unit (src0..2, then SRCP in 3) for pixel @p. */
static void unit_sources(const struct us300 *u, uint32_t addr, uint32_t ext, uint32_t srcp, int p,
			 float src[4][4])
{
	for (int k = 0; k < 3; k++) {
		uint32_t a = (addr >> (R300_US_ALU_RGB_ADDR_ADDR1__SHIFT * k)) &
			     R300_US_ALU_RGB_ADDR_ADDR0__MASK;
		bool is_const = addr & (R300_US_ALU_RGB_ADDR_ADDR0_CONST__MASK <<
					(R300_US_ALU_RGB_ADDR_ADDR1__SHIFT * k));

		if (u->r400 && (ext & (1u << k)))
			a |= 32;
		source(u, a, is_const, p, src[k]);
	}
	for (int c = 0; c < 4; c++)
		src[3][c] = presub(srcp, src[0][c], src[1][c]);
}

/* An RGB operand (r300_alu_argc) with its modifier. */
static void rgb_arg(uint32_t sel, uint32_t mod, float src[4][4], float v[3])
{
	static const uint8_t swz[][3] = { { 0, 1, 2 }, { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 } };

	for (int c = 0; c < 3; c++) {
		if (sel <= ALU_ARGC_SRC2C_ZZZ)
			v[c] = src[sel / 4][swz[sel % 4][c]];
		else if (sel <= ALU_ARGC_SRC2A)
			v[c] = src[sel - ALU_ARGC_SRC0A][3];
		else if (sel <= ALU_ARGC_SRCP_WWW)
			v[c] = sel == ALU_ARGC_SRCP_XYZ ? src[3][c] : src[3][sel - ALU_ARGC_SRCP_XXX];
		else if (sel == ALU_ARGC_ZERO)
			v[c] = 0.0f;
		else if (sel == ALU_ARGC_ONE)
			v[c] = 1.0f;
		else if (sel == ALU_ARGC_HALF)
			v[c] = 0.5f;
		else if (sel <= ALU_ARGC_SRC2C_YZX)
			v[c] = src[sel - ALU_ARGC_SRC0C_YZX][(c + 1) % 3];
		else if (sel <= ALU_ARGC_SRC2C_ZXY)
			v[c] = src[sel - ALU_ARGC_SRC0C_ZXY][(c + 2) % 3];
		else	/* SRCnCA_WZY */
			v[c] = src[sel - ALU_ARGC_SRC0CA_WZY][3 - c];
		v[c] = modify(mod, v[c]);
	}
}

/* An alpha operand (r300_alu_arga) with its modifier. */
static float alpha_arg(uint32_t sel, uint32_t mod, float src[4][4])
{
	float v;

	if (sel <= ALU_ARGA_SRC2C_Z)
		v = src[sel / 3][sel % 3];
	else if (sel <= ALU_ARGA_SRC2A)
		v = src[sel - ALU_ARGA_SRC0A][3];
	else if (sel <= ALU_ARGA_SRCP_W)
		v = src[3][sel - ALU_ARGA_SRCP_X];
	else if (sel == ALU_ARGA_ONE)
		v = 1.0f;
	else if (sel == ALU_ARGA_HALF)
		v = 0.5f;
	else
		v = 0.0f;	/* ZERO */
	return modify(mod, v);
}

static float omod(uint32_t m, float v)
{
	static const float scale[8] = { 1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f, 1.0f };

	return v * scale[m & 7];
}

/* One pixel's results of ALU instruction @i. */
struct alu_result {
	float rgb[3], alpha;
};

static bool alpha_op(struct us300 *u, uint32_t op, const float a[3], float dot, float *r)
{
	switch (op) {
	case ALU_OUTA_MAD:
		*r = a[0] * a[1] + a[2];
		return true;
	case ALU_OUTA_DP4:
		*r = dot;
		return true;
	case ALU_OUTA_MIN:
		*r = fm_min(a[0], a[1]);
		return true;
	case ALU_OUTA_MAX:
		*r = fm_max(a[0], a[1]);
		return true;
	case ALU_OUTA_CND:
		*r = a[2] > 0.5f ? a[0] : a[1];
		return true;
	case ALU_OUTA_CMP:
		*r = a[2] >= 0.0f ? a[0] : a[1];
		return true;
	case ALU_OUTA_FRC:
		*r = a[0] - fm_floor(a[0]);
		return true;
	case ALU_OUTA_EX2:
		*r = fm_exp2(a[0]);
		return true;
	case ALU_OUTA_LG2:
		*r = fm_log2(a[0]);
		return true;
	case ALU_OUTA_RCP:
		*r = 1.0f / a[0];
		return true;
	case ALU_OUTA_RSQ:
		*r = fm_exp2(-0.5f * fm_log2(fm_abs(a[0])));
		return true;
	default:
		return radeon_fault(u->d->x, "US alpha op %u not modelled", op);
	}
}

static bool rgb_op(struct us300 *u, uint32_t op, float a[3][3], float dot3, float dot4,
		   float alpha, float r[3])
{
	for (int c = 0; c < 3; c++) {
		switch (op) {
		case ALU_OUTC_MAD:
			r[c] = a[0][c] * a[1][c] + a[2][c];
			break;
		case ALU_OUTC_DP3:
			r[c] = dot3;
			break;
		case ALU_OUTC_DP4:
			r[c] = dot4;
			break;
		case ALU_OUTC_D2A:
			r[c] = a[0][0] * a[1][0] + a[0][1] * a[1][1] + a[2][2];
			break;
		case ALU_OUTC_MIN:
			r[c] = fm_min(a[0][c], a[1][c]);
			break;
		case ALU_OUTC_MAX:
			r[c] = fm_max(a[0][c], a[1][c]);
			break;
		case ALU_OUTC_CND:
			r[c] = a[2][c] > 0.5f ? a[0][c] : a[1][c];
			break;
		case ALU_OUTC_CMP:
			r[c] = a[2][c] >= 0.0f ? a[0][c] : a[1][c];
			break;
		case ALU_OUTC_FRC:
			r[c] = a[0][c] - fm_floor(a[0][c]);
			break;
		case ALU_OUTC_REPL_ALPHA:
			r[c] = alpha;
			break;
		default:
			return radeon_fault(u->d->x, "US RGB op %u not modelled", op);
		}
	}
	return true;
}

/* Operands A, B and C: their select and modifier in US_ALU_RGB_INST and US_ALU_ALPHA_INST. */
static const struct alu_operand {
	uint32_t (*rgb_sel)(uint32_t), (*rgb_mod)(uint32_t);
	uint32_t (*alpha_sel)(uint32_t), (*alpha_mod)(uint32_t);
} alu_operands[3] = {
	{ R300_US_ALU_RGB_INST_SEL_A__get, R300_US_ALU_RGB_INST_MOD_A__get,
	  R300_US_ALU_ALPHA_INST_SEL_A__get, R300_US_ALU_ALPHA_INST_MOD_A__get },
	{ R300_US_ALU_RGB_INST_SEL_B__get, R300_US_ALU_RGB_INST_MOD_B__get,
	  R300_US_ALU_ALPHA_INST_SEL_B__get, R300_US_ALU_ALPHA_INST_MOD_B__get },
	{ R300_US_ALU_RGB_INST_SEL_C__get, R300_US_ALU_RGB_INST_MOD_C__get,
	  R300_US_ALU_ALPHA_INST_SEL_C__get, R300_US_ALU_ALPHA_INST_MOD_C__get },
};

static bool alu_compute(struct us300 *u, uint32_t i, int p, struct alu_result *res)
{
	const struct radeon_gpu_state *s = u->s;
	uint32_t ri = REG(s, REG_R300_US_ALU_RGB_INST(i)), ra = REG(s, REG_R300_US_ALU_RGB_ADDR(i));
	uint32_t ai = REG(s, REG_R300_US_ALU_ALPHA_INST(i)), aa = REG(s, REG_R300_US_ALU_ALPHA_ADDR(i));
	uint32_t ext = u->r400 ? REG(s, REG_R300_US_ALU_EXT_ADDR(i)) : 0;
	float rs[4][4], as[4][4], a[3][3], aa3[3], dot3, dot4;

	unit_sources(u, ra, ext, R300_US_ALU_RGB_INST_SRCP_OP__get(ri), p, rs);
	unit_sources(u, aa, ext >> 4, R300_US_ALU_ALPHA_INST_SRCP_OP__get(ai), p, as);
	/*
	 * Source slot n is one register read: RGB from RGB_ADDR's address n,
	 * alpha from ALPHA_ADDR's, seen by both units' operands (Mesa's
	 * rc_pair_alloc_source puts an operand's RGB and W parts in one slot;
	 * r300FPTranslateRGBSwizzle's SRCnA and the alpha SRCnC_* select them).
	 */
	for (int k = 0; k < 4; k++) {
		rs[k][3] = as[k][3];
		memcpy(as[k], rs[k], 3 * sizeof(float));
	}
	for (int k = 0; k < 3; k++) {
		const struct alu_operand *o = &alu_operands[k];

		rgb_arg(o->rgb_sel(ri), o->rgb_mod(ri), rs, a[k]);
		aa3[k] = alpha_arg(o->alpha_sel(ai), o->alpha_mod(ai), as);
	}
	dot3 = a[0][0] * a[1][0] + a[0][1] * a[1][1] + a[0][2] * a[1][2];
	dot4 = dot3 + aa3[0] * aa3[1];
	if (!alpha_op(u, R300_US_ALU_ALPHA_INST_OP__get(ai), aa3,
		      R300_US_ALU_RGB_INST_OP__get(ri) == ALU_OUTC_DP4 ? dot4 : dot3, &res->alpha))
		return false;
	res->alpha = omod(R300_US_ALU_ALPHA_INST_OMOD__get(ai), res->alpha);
	if (R300_US_ALU_ALPHA_INST_CLAMP__get(ai))
		res->alpha = fm_clamp01(res->alpha);
	if (!rgb_op(u, R300_US_ALU_RGB_INST_OP__get(ri), a, dot3, dot4, res->alpha, res->rgb))
		return false;
	for (int c = 0; c < 3; c++) {
		res->rgb[c] = omod(R300_US_ALU_RGB_INST_OMOD__get(ri), res->rgb[c]);
		if (R300_US_ALU_RGB_INST_CLAMP__get(ri))
			res->rgb[c] = fm_clamp01(res->rgb[c]);
	}
	return true;
}

static void alu_write(struct us300 *u, uint32_t i, int p, const struct alu_result *res)
{
	const struct radeon_gpu_state *s = u->s;
	uint32_t ra = REG(s, REG_R300_US_ALU_RGB_ADDR(i)), aa = REG(s, REG_R300_US_ALU_ALPHA_ADDR(i));
	uint32_t ext = u->r400 ? REG(s, REG_R300_US_ALU_EXT_ADDR(i)) : 0;
	uint32_t rd = R300_US_ALU_RGB_ADDR_ADDRD__get(ra) | (ext & R300_US_ALU_EXT_ADDR_RGB_ADDRD_MSB__MASK ? 32 : 0);
	uint32_t ad = R300_US_ALU_ALPHA_ADDR_ADDRD__get(aa) | (ext & R300_US_ALU_EXT_ADDR_A_ADDRD_MSB__MASK ? 32 : 0);
	uint32_t rt = R300_US_ALU_RGB_ADDR_TARGET__get(ra), at = R300_US_ALU_ALPHA_ADDR_TARGET__get(aa);

	for (int c = 0; c < 3; c++) {
		if (R300_US_ALU_RGB_ADDR_WMASK__get(ra) & (1u << c))
			u->t[p][rd % TEMPS][c] = res->rgb[c];
		if (R300_US_ALU_RGB_ADDR_OMASK__get(ra) & (1u << c))
			u->o->colour[rt][p][c] = res->rgb[c];
	}
	if (R300_US_ALU_ALPHA_ADDR_WMASK__get(aa))
		u->t[p][ad % TEMPS][3] = res->alpha;
	if (R300_US_ALU_ALPHA_ADDR_OMASK__get(aa))
		u->o->colour[at][p][3] = res->alpha;
	if (R300_US_ALU_ALPHA_ADDR_W_OMASK__get(aa)) {
		u->o->depth[p] = res->alpha;
		u->o->writes_depth = true;
	}
}

static bool alu(struct us300 *u, uint32_t i)
{
	struct alu_result res[4];

	for (int p = 0; p < 4; p++)
		if (!alu_compute(u, i, p, &res[p]))
			return false;
	for (int p = 0; p < 4; p++)
		alu_write(u, i, p, &res[p]);
	return true;
}

static bool tex(struct us300 *u, uint32_t i)
{
	uint32_t w = REG(u->s, REG_R300_US_TEX_INST(i % 32));
	uint32_t src = R300_US_TEX_INST_SRC_ADDR__get(w) | (R300_US_TEX_INST_SRC_ADDR_EXT__get(w) << 5);
	uint32_t dst = R300_US_TEX_INST_DST_ADDR__get(w) | (R300_US_TEX_INST_DST_ADDR_EXT__get(w) << 5);
	uint32_t op = R300_US_TEX_INST_INST__get(w);
	float coord[4][4], out[4][4];

	if (!u->r400)
		src &= 31, dst &= 31;
	for (int p = 0; p < 4; p++)
		memcpy(coord[p], u->t[p][src % TEMPS], sizeof(coord[p]));
	switch (op) {
	case TEX_OP_NOP:
		return true;
	case TEX_OP_KIL:
		for (int p = 0; p < 4; p++)
			if (coord[p][0] < 0 || coord[p][1] < 0 || coord[p][2] < 0 || coord[p][3] < 0)
				u->o->live &= (uint8_t)~(1u << p);
		return true;
	case TEX_OP_LD: case TEX_OP_TXP: case TEX_OP_TXB:
		if (!rp_tex_sample(u->d, R300_US_TEX_INST_TEX_ID__get(w),
				   op == TEX_OP_TXP ? RP_TEX_PROJ : op == TEX_OP_TXB ? RP_TEX_BIAS : RP_TEX_LD,
				   false, (const float (*)[4])coord, NULL, NULL, out))
			return false;
		for (int p = 0; p < 4; p++)
			memcpy(u->t[p][dst % TEMPS], out[p], sizeof(out[p]));
		return true;
	default:
		return radeon_fault(u->d->x, "US TEX op %u not modelled", op);
	}
}

/* The ALU and TEX ranges of node @n (US_CODE_ADDR_n, offsets and R400 MSBs applied). */
static void node_range(const struct us300 *u, unsigned int n, uint32_t *alu0, uint32_t *alu_n,
		       uint32_t *tex0, uint32_t *tex_n)
{
	const struct radeon_gpu_state *s = u->s;
	uint32_t addr = REG(s, REG_R300_US_CODE_ADDR_0 + 4 * n), off = REG(s, REG_R300_US_CODE_OFFSET);
	uint32_t ext = u->r400 ? REG(s, REG_R300_US_CODE_EXT) : 0;
	/* US_CODE_EXT holds the MSBs of node n in the fields of node 3 - n (finish_node) */
	uint32_t msb_start = (ext >> (R300_US_CODE_EXT_ALU_START3_MSB__SHIFT - 6 * n)) & 7;
	uint32_t msb_size = (ext >> (R300_US_CODE_EXT_ALU_SIZE3_MSB__SHIFT - 6 * n)) & 7;

	*alu0 = R300_US_CODE_OFFSET_ALU_OFFSET__get(off) + r300_us_code_addr_ALU_START__get(addr) +
		(msb_start << 6);
	*alu_n = r300_us_code_addr_ALU_SIZE__get(addr) + (msb_size << 6) + 1;
	*tex0 = R300_US_CODE_OFFSET_TEX_OFFSET__get(off) + r300_us_code_addr_TEX_START__get(addr) +
		(u->r400 ? r300_us_code_addr_TEX_START_MSB__get(addr) << 5 : 0);
	*tex_n = r300_us_code_addr_TEX_SIZE__get(addr) +
		 (u->r400 ? r300_us_code_addr_TEX_SIZE_MSB__get(addr) << 5 : 0) + 1;
}

bool rp_us300_run(struct rp_draw *d, const struct rp_quad *q, struct rp_fs_out *o)
{
	static _Thread_local struct us300 u;	/* 4 KiB: not on the GPU thread's stack */
	uint32_t cfg = REG(d->s, REG_R300_US_CONFIG);
	unsigned int last = 3, first = 3 - R300_US_CONFIG_NLEVEL__get(cfg);

	u = (struct us300){ .d = d, .s = d->s, .r400 = r300_family_is_r400(d->x->family), .o = o };
	for (int p = 0; p < 4; p++)
		for (uint32_t t = 0; t < TEMPS; t++)
			memcpy(u.t[p][t], q->in[p][t], sizeof(u.t[p][t]));
	for (unsigned int n = first; n <= last; n++) {
		uint32_t a0, an, t0, tn;

		node_range(&u, n, &a0, &an, &t0, &tn);
		if (n > first || R300_US_CONFIG_FIRST_TEX__get(cfg))
			for (uint32_t i = t0; i < t0 + tn; i++)
				if (!tex(&u, i))
					return false;
		for (uint32_t i = a0; i < a0 + an; i++)
			if (i >= 64 * (u.r400 ? 8 : 1) || !alu(&u, i % 64))
				return i < 64 * (u.r400 ? 8 : 1) ? false :
				       radeon_fault(d->x, "US ALU address %u beyond the code", i);
	}
	return true;
}

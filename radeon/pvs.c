// SPDX-License-Identifier: MIT
/*
 * PVS (R300 vertex shader) instructions and their upload. The encoding is
 * the generated pvs_dst/pvs_src packers; which operand goes where follows
 * Mesa's r3xx_vertprog.c (ei_vector1/ei_vector2/ei_mad) and the upload
 * follows r300_emit_vs_state/r300_emit_vs_constants.
 */
#include <string.h>

#include "core/test.h"
#include "radeon/r300_3d.h"

/* PVS memory layout (r300.xml, VAP_PVS_VECTOR_INDX_REG): code at 0, constants after it. */
#define R300_PVS_CONST_START 512
#define R500_PVS_CONST_START 1024
/* Flow-control slots Mesa clears on every program load (R300_VS_MAX_FC_OPS, r300_emit_vs_state). */
#define PVS_FC_OPS 16

uint32_t r300_pvs_dst_word(uint32_t opcode, bool math, bool macro, struct r300_pvs_dst dst)
{
	return pvs_dst(.opcode = opcode, .math_inst = math, .macro_inst = macro,
		       .reg_type = dst.type, .offset = dst.index,
		       .we_x = dst.wmask & 1, .we_y = (dst.wmask >> 1) & 1,
		       .we_z = (dst.wmask >> 2) & 1, .we_w = (dst.wmask >> 3) & 1);
}

uint32_t r300_pvs_src_word(struct r300_pvs_src src)
{
	return pvs_src(.reg_type = src.type, .offset = src.index,
		       .swizzle_x = src.swizzle & 7, .swizzle_y = (src.swizzle >> 3) & 7,
		       .swizzle_z = (src.swizzle >> 6) & 7, .swizzle_w = (src.swizzle >> 9) & 7,
		       .modifier_x = src.negate & 1, .modifier_y = (src.negate >> 1) & 1,
		       .modifier_z = (src.negate >> 2) & 1, .modifier_w = (src.negate >> 3) & 1);
}

/* Mesa's __CONST(x, RC_SWIZZLE_ZERO): @src's register, every component forced to 0. */
static uint32_t zero_of(struct r300_pvs_src src)
{
	src.swizzle = R300_PVS_SWZ(PVS_SRC_SELECT_FORCE_0, PVS_SRC_SELECT_FORCE_0,
				   PVS_SRC_SELECT_FORCE_0, PVS_SRC_SELECT_FORCE_0);
	src.negate = 0;
	return r300_pvs_src_word(src);
}

static struct r300_pvs_inst vector2(uint32_t opcode, struct r300_pvs_dst dst,
				    struct r300_pvs_src a, struct r300_pvs_src b)
{
	return (struct r300_pvs_inst){ {
		r300_pvs_dst_word(opcode, false, false, dst),
		r300_pvs_src_word(a), r300_pvs_src_word(b), zero_of(b),
	} };
}

/* Mesa ei_vector1: one operand, the others its register forced to 0 */
static struct r300_pvs_inst vector1(uint32_t opcode, struct r300_pvs_dst dst,
				    struct r300_pvs_src a)
{
	return (struct r300_pvs_inst){ {
		r300_pvs_dst_word(opcode, false, false, dst),
		r300_pvs_src_word(a), zero_of(a), zero_of(a),
	} };
}

struct r300_pvs_inst r300_pvs_mov(struct r300_pvs_dst dst, struct r300_pvs_src a)
{
	return vector1(VE_ADD, dst, a);
}

/* The two-operand vector instructions (Mesa ei_vector2). */
#define VECTOR2(name, opcode)                                                    \
	struct r300_pvs_inst r300_pvs_##name(struct r300_pvs_dst dst,            \
					     struct r300_pvs_src a,               \
					     struct r300_pvs_src b)               \
	{                                                                        \
		return vector2(opcode, dst, a, b);                               \
	}

VECTOR2(add, VE_ADD)
VECTOR2(mul, VE_MULTIPLY)
VECTOR2(dp4, VE_DOT_PRODUCT)
VECTOR2(min, VE_MINIMUM)
VECTOR2(max, VE_MAXIMUM)
VECTOR2(sge, VE_SET_GREATER_THAN_EQUAL)
VECTOR2(slt, VE_SET_LESS_THAN)
VECTOR2(seq, VE_SET_EQUAL)
VECTOR2(sne, VE_SET_NOT_EQUAL)
VECTOR2(sgt, VE_SET_GREATER_THAN)

struct r300_pvs_inst r300_pvs_dp3(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b)
{
	const uint32_t w_lane = 7u << 9;

	a.swizzle = (a.swizzle & ~w_lane) | PVS_SRC_SELECT_FORCE_0 << 9;
	b.swizzle = (b.swizzle & ~w_lane) | PVS_SRC_SELECT_FORCE_0 << 9;
	return vector2(VE_DOT_PRODUCT, dst, a, b);
}

struct r300_pvs_inst r300_pvs_frc(struct r300_pvs_dst dst, struct r300_pvs_src a)
{
	return vector1(VE_FRACTION, dst, a);
}

struct r300_pvs_inst r300_pvs_cmp(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b, struct r300_pvs_src c)
{
	/*
	 * the hardware selects its second operand where a >= 0: CMP's c goes
	 * there (Mesa's r3xx_vertprog.c ei_cmp orders the operands so)
	 */
	return (struct r300_pvs_inst){ {
		r300_pvs_dst_word(VE_COND_MUX_GTE, false, false, dst),
		r300_pvs_src_word(a), r300_pvs_src_word(c), r300_pvs_src_word(b),
	} };
}

struct r300_pvs_inst r300_pvs_saturate(struct r300_pvs_inst inst)
{
	bool math = (inst.dw[0] & pvs_dst_MATH_INST__MASK) && !(inst.dw[0] & pvs_dst_MACRO_INST__MASK);

	inst.dw[0] |= math ? pvs_dst_ME_SAT__MASK : pvs_dst_VE_SAT__MASK;
	return inst;
}

/* Mesa's t_src_scalar: the X select of @src in every lane. */
static struct r300_pvs_src scalar_of(struct r300_pvs_src src)
{
	uint32_t x = src.swizzle & 7;

	src.swizzle = R300_PVS_SWZ(x, x, x, x);
	src.negate = src.negate & 1 ? 0xf : 0;
	return src;
}

struct r300_pvs_inst r300_pvs_math1(uint32_t me_opcode, struct r300_pvs_dst dst,
				    struct r300_pvs_src a)
{
	return (struct r300_pvs_inst){ {
		r300_pvs_dst_word(me_opcode, true, false, dst),
		r300_pvs_src_word(scalar_of(a)), zero_of(a), zero_of(a),
	} };
}

struct r300_pvs_inst r300_pvs_pow(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b)
{
	return (struct r300_pvs_inst){ {
		r300_pvs_dst_word(ME_POWER_FUNC_FF, true, false, dst),
		r300_pvs_src_word(scalar_of(a)), zero_of(a), r300_pvs_src_word(scalar_of(b)),
	} };
}

struct r300_pvs_inst r300_pvs_raw(uint32_t dst_word, uint32_t src0, uint32_t src1, uint32_t src2)
{
	return (struct r300_pvs_inst){ { dst_word, src0, src1, src2 } };
}

struct r300_pvs_inst r300_pvs_mad(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b, struct r300_pvs_src c)
{
	/* three different temporaries need the two-clock macro (Mesa ei_mad) */
	bool macro = a.type == PVS_SRC_REG_TEMPORARY && b.type == PVS_SRC_REG_TEMPORARY &&
		     c.type == PVS_SRC_REG_TEMPORARY && a.index != b.index &&
		     a.index != c.index && b.index != c.index;

	return (struct r300_pvs_inst){ {
		macro ? r300_pvs_dst_word(PVS_MACRO_OP_2CLK_MADD, false, true, dst)
		      : r300_pvs_dst_word(VE_MULTIPLY_ADD, false, false, dst),
		r300_pvs_src_word(a), r300_pvs_src_word(b), r300_pvs_src_word(c),
	} };
}

void r300_vs_init(struct r300_vs *vs, uint32_t inputs, uint32_t outputs)
{
	memset(vs, 0, sizeof(*vs));
	vs->nr_inputs = inputs;
	vs->nr_outputs = outputs;
}

void r300_vs_add(struct r300_vs *vs, struct r300_pvs_inst inst)
{
	uint32_t dst = inst.dw[0];
	uint32_t type = (dst & pvs_dst_REG_TYPE__MASK) >> pvs_dst_REG_TYPE__SHIFT;
	uint32_t index = (dst & pvs_dst_OFFSET__MASK) >> pvs_dst_OFFSET__SHIFT;

	igt_assert_f(vs->nr_inst < R300_VS_MAX_INST, "vertex program over %d instructions\n",
		     R300_VS_MAX_INST);
	for (int i = 1; i < 4; i++) {
		uint32_t src = inst.dw[i];
		uint32_t stype = (src & pvs_src_REG_TYPE__MASK) >> pvs_src_REG_TYPE__SHIFT;
		uint32_t sindex = (src & pvs_src_OFFSET__MASK) >> pvs_src_OFFSET__SHIFT;

		if (stype == PVS_SRC_REG_INPUT)
			vs->last_input_read = vs->nr_inst;
		if (stype == PVS_SRC_REG_TEMPORARY && sindex + 1 > vs->nr_temps)
			vs->nr_temps = sindex + 1;
	}
	if (type == PVS_DST_REG_OUT && index == 0)
		vs->last_pos_write = vs->nr_inst;
	if (type == PVS_DST_REG_TEMPORARY && index + 1 > vs->nr_temps)
		vs->nr_temps = index + 1;
	memcpy(&vs->dw[4 * vs->nr_inst++], inst.dw, sizeof(inst.dw));
}

void r300_vs_const(struct r300_vs *vs, uint32_t i, float x, float y, float z, float w)
{
	igt_assert(i < R300_VS_MAX_CONSTS);
	vs->consts[i][0] = x;
	vs->consts[i][1] = y;
	vs->consts[i][2] = z;
	vs->consts[i][3] = w;
	if (i + 1 > vs->nr_consts)
		vs->nr_consts = i + 1;
}

void r300_vs_passthrough(struct r300_vs *vs)
{
	r300_vs_init(vs, 2, 2);
	r300_vs_add(vs, r300_pvs_mov(R300_PVS_OUT(0), R300_PVS_IN(0)));
	r300_vs_add(vs, r300_pvs_mov(R300_PVS_OUT(1), R300_PVS_IN(1)));
}

static uint32_t max1(uint32_t v)
{
	return v ? v : 1;
}

static uint32_t min(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/* VAP_CNTL as Mesa's r300_emit_vs_state sizes it from the program's inputs, outputs and temporaries. */
static uint32_t vap_cntl(const struct r300_cs *cs, const struct r300_vs *vs)
{
	bool r500 = r300_chip_is_r500(cs->chip);
	uint32_t mem = r500 ? 128 : 72;
	uint32_t slots = min(min(mem / max1(vs->nr_inputs), mem / max1(vs->nr_outputs)), 10);
	uint32_t cntlrs = min(mem / max1(vs->nr_temps), 5);

	igt_assert_f(r300_chip_vert_fpus(cs->chip), "%s has no vertex shader hardware\n",
		     r300_chip_name(cs->chip));
	return R300_VAP_CNTL(.pvs_num_slots = slots, .pvs_num_cntlrs = cntlrs,
			     .pvs_num_fpus = r300_chip_vert_fpus(cs->chip),
			     .vf_max_vtx_num = 12, .tcl_state_optimization = r500);
}

void r300_emit_vs(struct r300_cs *cs, const struct r300_vs *vs)
{
	static const uint32_t zeros[2 * PVS_FC_OPS];
	bool r500 = r300_chip_is_r500(cs->chip);

	igt_assert(vs->nr_inst > 0);
	/*
	 * r300_emit_pvs_flush, then r300_emit_vs_state's sequence (CODE_CNTL_0/1,
	 * VECTOR_INDX 0, the code as ONE_REG_WR UPLOAD_DATA, VAP_CNTL, the flow
	 * control registers) and r300_emit_vs_constants' (CONST_CNTL, VECTOR_INDX
	 * at R300/R500_PVS_CONST_START, the constants)
	 */
	r300_cs_reg(cs, REG_R300_VAP_PVS_STATE_FLUSH_REG, 0);
	r300_cs_reg(cs, REG_R300_VAP_PVS_CODE_CNTL_0,
		    R300_VAP_PVS_CODE_CNTL_0(.pvs_first_inst = 0,
					     .pvs_xyzw_valid_inst = vs->last_pos_write,
					     .pvs_last_inst = vs->nr_inst - 1));
	r300_cs_reg(cs, REG_R300_VAP_PVS_CODE_CNTL_1,
		    R300_VAP_PVS_CODE_CNTL_1(.pvs_last_vtx_src_inst = vs->last_input_read));
	r300_cs_reg(cs, REG_R300_VAP_PVS_VECTOR_INDX_REG, 0);
	r300_cs_reg_one(cs, REG_R300_VAP_PVS_UPLOAD_DATA, vs->dw, 4 * vs->nr_inst);
	r300_cs_reg(cs, REG_R300_VAP_CNTL, vap_cntl(cs, vs));

	/* no flow control, but the registers must be cleared (Mesa) */
	r300_cs_reg(cs, REG_R300_VAP_PVS_FLOW_CNTL_OPC, 0);
	if (r500) {
		/* R5xx: a low and a high word per slot */
		r300_cs_regs(cs, REG_R300_VAP_PVS_FLOW_CNTL_ADDRS_R500(0), zeros, 2 * PVS_FC_OPS);
	} else {
		r300_cs_regs(cs, REG_R300_VAP_PVS_FLOW_CNTL_ADDRS(0), zeros, PVS_FC_OPS);
	}
	r300_cs_regs(cs, REG_R300_VAP_PVS_FLOW_CNTL_LOOP_INDEX(0), zeros, PVS_FC_OPS);

	r300_cs_reg(cs, REG_R300_VAP_PVS_CONST_CNTL,
		    R300_VAP_PVS_CONST_CNTL(.pvs_const_base_offset = 0,
					    .pvs_max_const_addr = vs->nr_consts ?
								  vs->nr_consts - 1 : 0));
	if (vs->nr_consts) {
		r300_cs_reg(cs, REG_R300_VAP_PVS_VECTOR_INDX_REG,
			    r500 ? R500_PVS_CONST_START : R300_PVS_CONST_START);
		r300_cs_packet0_one_reg(cs, REG_R300_VAP_PVS_UPLOAD_DATA, 4 * vs->nr_consts);
		for (uint32_t i = 0; i < vs->nr_consts; i++)
			for (int c = 0; c < 4; c++)
				r300_cs_emitf(cs, vs->consts[i][c]);
	}
}

void r300_emit_vs_passthrough(struct r300_cs *cs)
{
	struct r300_vs vs;

	r300_vs_passthrough(&vs);
	r300_emit_vs(cs, &vs);
}

// SPDX-License-Identifier: MIT
/*
 * R5xx fragment-program instructions: the six-dword ALU form both units
 * share (Mesa's r500_fragprog_emit.c emit_paired), and programs with flow
 * control in the instruction sequences emit_flowcontrol writes for GLSL's
 * if/else and loops (r300_fs.c then uploads them with US_FC_CTRL and
 * US_FC_INT_CONST_0). Encoding: radeon/registers/r500_us.xml.
 */
#include <string.h>

#include "core/test.h"
#include "radeon/r300_3d.h"
#include "radeon/r500_us.xml.h"

void r300_r500_alu(uint32_t inst[6], const struct r500_alu *a)
{
	/* C: source slot 1 (maybe negated) for a sum, else the constant 0 */
	uint32_t c_swz = a->add_src1 ? R500_SWIZ_R : R500_SWIZ_ZERO;
	uint32_t c_sel = a->add_src1 ? R500_SRC_SEL_SRC1 : R500_SRC_SEL_SRC0;
	uint32_t c_mod = a->neg_c ? R500_MOD_NEG : R500_MOD_NOP;

	inst[0] = r500_us_cmn_inst(.type = a->type, .tex_sem_wait = a->sem_wait,
				   .rgb_wmask = a->write_temp ? 0x7 : 0,
				   .alpha_wmask = a->write_temp,
				   .rgb_omask = a->write_out ? 0x7 : 0, .alpha_omask = a->write_out,
				   .alu_result_sel = 0, .alu_result_op = a->alu_result ? a->result_op : 0);
	inst[1] = r500_us_alu_addr(.addr0 = a->src0, .addr0_const = a->src0_const,
				   .addr1 = a->src1, .addr1_const = a->src1_const);
	inst[2] = inst[1];
	inst[3] = r500_us_alu_rgb_inst(.sel_a = R500_SRC_SEL_SRC0, .r_swiz_a = R500_SWIZ_R,
				       .g_swiz_a = R500_SWIZ_G, .b_swiz_a = R500_SWIZ_B,
				       .sel_b = R500_SRC_SEL_SRC0, .r_swiz_b = R500_SWIZ_ONE,
				       .g_swiz_b = R500_SWIZ_ONE, .b_swiz_b = R500_SWIZ_ONE,
				       .alu_wmask = a->alu_result);
	inst[4] = r500_us_alu_alpha_inst(.op = R500_ALPHA_OP_MAD, .addrd = a->dst,
					 .sel_a = R500_SRC_SEL_SRC0, .swiz_a = R500_SWIZ_A,
					 .sel_b = R500_SRC_SEL_SRC0, .swiz_b = R500_SWIZ_ONE);
	inst[5] = r500_us_alu_rgba_inst(.op = R500_RGB_OP_MAD, .addrd = a->dst, .sel_c = c_sel,
					.r_swiz_c = c_swz,
					.g_swiz_c = a->add_src1 ? R500_SWIZ_G : R500_SWIZ_ZERO,
					.b_swiz_c = a->add_src1 ? R500_SWIZ_B : R500_SWIZ_ZERO,
					.mod_c = c_mod, .alpha_sel_c = c_sel,
					.alpha_swiz_c = a->add_src1 ? R500_SWIZ_A : R500_SWIZ_ZERO,
					.alpha_mod_c = c_mod);
}

void r300_fs_r500_add(struct r300_fs *fs, const uint32_t inst[6])
{
	igt_assert(fs->nr_r500 < R300_FS_MAX_ALU);
	memcpy(fs->r500_inst[fs->nr_r500++], inst, 6 * sizeof(uint32_t));
}

static void add_alu(struct r300_fs *fs, const struct r500_alu *a)
{
	uint32_t inst[6];

	r300_r500_alu(inst, a);
	r300_fs_r500_add(fs, inst);
}

/* An FC instruction: CMN TYPE_FC | ALU_WAIT (emit_flowcontrol), then FC_INST and FC_ADDR. */
static uint32_t add_fc(struct r300_fs *fs, uint32_t fc_inst, uint32_t fc_addr)
{
	uint32_t inst[6] = {
		r500_us_cmn_inst(.type = R500_INST_TYPE_FC, .alu_wait = 1), 0, fc_inst, fc_addr, 0, 0,
	};

	r300_fs_r500_add(fs, inst);
	return fs->nr_r500 - 1;
}

/* The last instruction: OUT of temporary 1 to colour output 0. */
static void add_out(struct r300_fs *fs)
{
	add_alu(fs, &(struct r500_alu){ .type = R500_INST_TYPE_OUT, .src0 = 1, .write_out = true,
					 .sem_wait = true });
}

/* t1 = c@c: the constant through the MAD with 1 and 0 (r300_r500_alu) */
static void add_t1_from_const(struct r300_fs *fs, uint32_t c)
{
	add_alu(fs, &(struct r500_alu){ .type = R500_INST_TYPE_ALU, .src0 = c, .src0_const = true,
					 .write_temp = true, .dst = 1 });
}

static void begin(struct r300_fs *fs)
{
	memset(fs, 0, sizeof(*fs));
	fs->nr_temps = 2;	/* t0: the RS colour, t1: the result */
}

/*
 * 0 ALU   result = t0.r - c2.r >= 0 (ALU_RESULT_OP GE), nothing written
 * 1 IF    JUMP_FUNC 0x0f (jump where the result is false), B_OP0 and B_OP1 INCR -> 3 + 1
 * 2 ALU   t1 = c0
 * 3 ELSE  B_ELSE, B_OP1 DECR, B_POP_CNT 1 -> 5 + 1
 * 4 ALU   t1 = c1
 * 5 ENDIF JUMP_ANY, B_OP0 DECR, B_POP_CNT 1 -> 6
 * 6 OUT   out = t1
 */
void r500_fs_if_else(struct r300_fs *fs, float threshold, const float then_rgba[4],
		     const float else_rgba[4])
{
	const float t[4] = { threshold, threshold, threshold, threshold };

	begin(fs);
	r300_fs_const(fs, 0, then_rgba);
	r300_fs_const(fs, 1, else_rgba);
	r300_fs_const(fs, 2, t);
	add_alu(fs, &(struct r500_alu){ .type = R500_INST_TYPE_ALU, .src0 = 0, .src1 = 2,
					 .src1_const = true, .add_src1 = true, .neg_c = true,
					 .alu_result = true, .result_op = R500_ALU_RESULT_OP_GE });
	add_fc(fs, r500_us_fc_inst(.op = R500_FC_OP_JUMP, .a_op = R500_FC_A_OP_NONE,
				   .jump_func = 0x0f, .b_op0 = R500_FC_B_OP_INCR,
				   .b_op1 = R500_FC_B_OP_INCR, .ignore_uncovered = 1),
	       r500_us_fc_addr(.jump_addr = 4));
	add_t1_from_const(fs, 0);
	add_fc(fs, r500_us_fc_inst(.op = R500_FC_OP_JUMP, .a_op = R500_FC_A_OP_NONE, .b_else = 1,
				   .b_op0 = R500_FC_B_OP_NONE, .b_op1 = R500_FC_B_OP_DECR,
				   .b_pop_cnt = 1),
	       r500_us_fc_addr(.jump_addr = 6));
	add_t1_from_const(fs, 1);
	add_fc(fs, r500_us_fc_inst(.op = R500_FC_OP_JUMP, .a_op = R500_FC_A_OP_NONE, .jump_any = 1,
				   .b_op0 = R500_FC_B_OP_DECR, .b_op1 = R500_FC_B_OP_NONE,
				   .b_pop_cnt = 1),
	       r500_us_fc_addr(.jump_addr = 6));
	add_out(fs);
}

/*
 * 0 ALU     t1 = c1 (zero)
 * 1 LOOP    JUMP_FUNC 0x00, INT_ADDR 0 -> the ENDLOOP (3)
 * 2 ALU     t1 = t1 + c0
 * 3 ENDLOOP JUMP_FUNC 0xff, JUMP_ANY, INT_ADDR 0 -> 1 + 1
 * 4 OUT     out = t1
 * US_FC_CTRL FULL_FC_EN (Mesa sets it for every program with a loop).
 */
void r500_fs_loop(struct r300_fs *fs, uint32_t iterations, const float step[4])
{
	static const float zero[4];

	igt_assert(iterations > 0 && iterations < 256);
	begin(fs);
	r300_fs_const(fs, 0, step);
	r300_fs_const(fs, 1, zero);
	fs->r500_fc_ctrl = R300_US_FC_CTRL(.full_fc_en = 1);
	fs->r500_int_const = r500_fc_int_const(.kr = iterations);
	add_t1_from_const(fs, 1);
	add_fc(fs, r500_us_fc_inst(.op = R500_FC_OP_LOOP, .jump_func = 0x00, .ignore_uncovered = 1),
	       r500_us_fc_addr(.int_addr = 0, .jump_addr = 3));
	add_alu(fs, &(struct r500_alu){ .type = R500_INST_TYPE_ALU, .src0 = 1, .src1 = 0,
					 .src1_const = true, .add_src1 = true, .write_temp = true,
					 .dst = 1 });
	add_fc(fs, r500_us_fc_inst(.op = R500_FC_OP_ENDLOOP, .jump_func = 0xff, .jump_any = 1,
				   .ignore_uncovered = 1),
	       r500_us_fc_addr(.int_addr = 0, .jump_addr = 2));
	add_out(fs);
}

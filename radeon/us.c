// SPDX-License-Identifier: MIT
/*
 * R300/R400 fragment programs (the US unit): one-node ALU-only programs
 * and their registers, laid out as Mesa's r300_emit_fs_code_to_buffer
 * emits them. An ALU instruction is four registers: RGB and alpha
 * operation (US_ALU_RGB/ALPHA_INST) and their operand addresses and
 * output masks (US_ALU_RGB/ALPHA_ADDR).
 */
#include <string.h>

#include "core/test.h"
#include "radeon/r300_3d.h"
#include "radeon/r500_us.xml.h"

uint32_t r300_float24(float f)
{
	uint32_t u, exp;

	memcpy(&u, &f, sizeof(u));
	if ((u & 0x7fffffff) == 0)
		return 0;
	/* IEEE bias 127 against the US's 63: 1.0f (exponent 127) becomes 63 */
	exp = (u >> 23) & 0xff;
	igt_assert_f(exp > 64 && exp < 64 + 128, "%g does not fit the US float format\n", f);
	return (u >> 31) << 23 | (exp - 64) << 16 | (u & 0x7fffff) >> 7;
}

/* The R5xx form of alu_mov: one OUT instruction writing output 0. */
static void r500_mov(uint32_t inst[6], uint32_t addr0, bool is_const)
{
	inst[0] = r500_us_cmn_inst(.type = R500_INST_TYPE_OUT, .tex_sem_wait = 1,
				   .rgb_omask = 0x7, .alpha_omask = 1);
	inst[1] = r500_us_alu_addr(.addr0 = addr0, .addr0_const = is_const);
	inst[2] = r500_us_alu_addr(.addr0 = addr0, .addr0_const = is_const);
	inst[3] = r500_us_alu_rgb_inst(.sel_a = R500_SRC_SEL_SRC0, .r_swiz_a = R500_SWIZ_R,
				       .g_swiz_a = R500_SWIZ_G, .b_swiz_a = R500_SWIZ_B,
				       .sel_b = R500_SRC_SEL_SRC0, .r_swiz_b = R500_SWIZ_ONE,
				       .g_swiz_b = R500_SWIZ_ONE, .b_swiz_b = R500_SWIZ_ONE);
	inst[4] = r500_us_alu_alpha_inst(.op = R500_ALPHA_OP_MAD, .sel_a = R500_SRC_SEL_SRC0,
					 .swiz_a = R500_SWIZ_A, .sel_b = R500_SRC_SEL_SRC0,
					 .swiz_b = R500_SWIZ_ONE);
	inst[5] = r500_us_alu_rgba_inst(.op = R500_RGB_OP_MAD, .sel_c = R500_SRC_SEL_SRC0,
					.r_swiz_c = R500_SWIZ_ZERO, .g_swiz_c = R500_SWIZ_ZERO,
					.b_swiz_c = R500_SWIZ_ZERO, .alpha_sel_c = R500_SRC_SEL_SRC0,
					.alpha_swiz_c = R500_SWIZ_ZERO);
}

/* out.rgba = src0.rgb * 1 + 0, src0.a * 1 + 0: a MAD that moves operand 0. */
static void alu_mov(struct r300_fs *fs, uint32_t addr0, bool is_const)
{
	uint32_t i = fs->nr_alu++;

	igt_assert(i < R300_FS_MAX_ALU);
	fs->rgb_inst[i] = R300_US_ALU_RGB_INST(.sel_a = ALU_ARGC_SRC0C_XYZ, .sel_b = ALU_ARGC_ONE,
					       .sel_c = ALU_ARGC_ZERO, .op = ALU_OUTC_MAD);
	fs->alpha_inst[i] = R300_US_ALU_ALPHA_INST(.sel_a = ALU_ARGA_SRC0A,
						   .sel_b = ALU_ARGA_ONE,
						   .sel_c = ALU_ARGA_ZERO, .op = ALU_OUTA_MAD);
	/* OMASK writes colour output TARGET 0: RGB all three, alpha its one */
	fs->rgb_addr[i] = R300_US_ALU_RGB_ADDR(.addr0 = addr0, .addr0_const = is_const,
					       .omask = 0x7);
	fs->alpha_addr[i] = R300_US_ALU_ALPHA_ADDR(.addr0 = addr0, .addr0_const = is_const,
						   .omask = 1);
	r500_mov(fs->r500_inst[i], addr0, is_const);
}

void r300_fs_passthrough(struct r300_fs *fs)
{
	memset(fs, 0, sizeof(*fs));
	fs->nr_temps = 1;	/* the RS writes the colour to temporary 0 */
	alu_mov(fs, 0, false);
}

void r300_fs_constant(struct r300_fs *fs, const float rgba[4])
{
	memset(fs, 0, sizeof(*fs));
	fs->nr_temps = 1;
	for (int c = 0; c < 4; c++) {
		fs->consts[0][c] = r300_float24(rgba[c]);
		memcpy(&fs->r500_consts[0][c], &rgba[c], sizeof(float));
	}
	fs->nr_consts = 1;
	alu_mov(fs, 0, true);
}

/*
 * The R5xx branch of Mesa's r300_emit_fs_code_to_buffer (r300_fs.c): US_CONFIG,
 * US_PIXSIZE, US_FC_CTRL, US_CODE_RANGE/OFFSET/ADDR, GA_US_VECTOR_INDEX 0
 * and the instructions through ONE_REG_WR GA_US_VECTOR_DATA; constants as
 * r500_emit_fs_constants (TYPE_CONST index, then DATA).
 */
static void emit_fs_r500(struct r300_cs *cs, const struct r300_fs *fs)
{
	uint32_t n = fs->nr_alu;

	r300_cs_reg(cs, REG_R300_US_CONFIG, R300_US_CONFIG(.zero_times_anything_equals_zero = 1));
	r300_cs_reg(cs, REG_R300_US_PIXSIZE, fs->nr_temps ? fs->nr_temps - 1 : 0);
	r300_cs_reg(cs, REG_R300_US_FC_CTRL, 0);
	r300_cs_reg(cs, REG_R300_R500_US_CODE_RANGE, R300_R500_US_CODE_RANGE(.addr = 0, .size = n - 1));
	r300_cs_reg(cs, REG_R300_R500_US_CODE_OFFSET, 0);
	r300_cs_reg(cs, REG_R300_R500_US_CODE_ADDR,
		    R300_R500_US_CODE_ADDR(.start_addr = 0, .end_addr = n - 1));
	r300_cs_reg(cs, REG_R300_GA_US_VECTOR_INDEX, R300_GA_US_VECTOR_INDEX(.index = 0));
	r300_cs_reg_one(cs, REG_R300_GA_US_VECTOR_DATA, fs->r500_inst[0], 6 * n);
	for (uint32_t i = 0; i < fs->nr_consts; i++) {
		r300_cs_reg(cs, REG_R300_GA_US_VECTOR_INDEX,
			    R300_GA_US_VECTOR_INDEX(.index = i, .type_const = 1));
		r300_cs_reg_one(cs, REG_R300_GA_US_VECTOR_DATA, fs->r500_consts[i], 4);
	}
}

void r300_emit_fs(struct r300_cs *cs, const struct r300_fs *fs)
{
	uint32_t n = fs->nr_alu;

	igt_assert(n > 0);
	if (r300_chip_is_r500(cs->chip)) {
		emit_fs_r500(cs, fs);
		r300_cs_reg(cs, REG_R300_FG_DEPTH_SRC, 0);
		r300_cs_reg(cs, REG_R300_US_W_FMT, 0);
		return;
	}
	/*
	 * Mesa's r300_emit_fs_code_to_buffer order: US_CONFIG, US_PIXSIZE,
	 * US_CODE_OFFSET, (R400: US_CODE_BANK, US_CODE_EXT), US_CODE_ADDR_0..3,
	 * the four ALU tables; constants as r300_emit_fs_constants (float24)
	 */
	r300_cs_reg(cs, REG_R300_US_CONFIG, R300_US_CONFIG(.nlevel = 0, .first_tex = 0));
	r300_cs_reg(cs, REG_R300_US_PIXSIZE, fs->nr_temps ? fs->nr_temps - 1 : 0);
	r300_cs_reg(cs, REG_R300_US_CODE_OFFSET,
		    R300_US_CODE_OFFSET(.alu_offset = 0, .alu_end = n - 1));
	if (r300_chip_is_r400(cs->chip)) {
		r300_cs_reg(cs, REG_R300_US_CODE_BANK, 0);
		r300_cs_reg(cs, REG_R300_US_CODE_EXT, 0);
	}
	/* one node: R3xx runs the nodes that end at US_CODE_ADDR_3 */
	{
		uint32_t addr[4] = {
			0, 0, 0,
			r300_us_code_addr(.alu_start = 0, .alu_size = n - 1, .rgba_out = 1),
		};

		r300_cs_regs(cs, REG_R300_US_CODE_ADDR_0, addr, 4);
	}
	r300_cs_regs(cs, REG_R300_US_ALU_RGB_INST(0), fs->rgb_inst, n);
	r300_cs_regs(cs, REG_R300_US_ALU_RGB_ADDR(0), fs->rgb_addr, n);
	r300_cs_regs(cs, REG_R300_US_ALU_ALPHA_INST(0), fs->alpha_inst, n);
	r300_cs_regs(cs, REG_R300_US_ALU_ALPHA_ADDR(0), fs->alpha_addr, n);
	/* FG_DEPTH_SRC and US_W_FMT 0: no shader depth output (Mesa's code buffers end with them) */
	r300_cs_reg(cs, REG_R300_FG_DEPTH_SRC, 0);
	r300_cs_reg(cs, REG_R300_US_W_FMT, 0);
	for (uint32_t i = 0; i < fs->nr_consts; i++)
		r300_cs_regs(cs, REG_R300_US_ALU_CONST_R(i), fs->consts[i], 4);
}

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
	for (int c = 0; c < 4; c++)
		fs->consts[0][c] = r300_float24(rgba[c]);
	fs->nr_consts = 1;
	alu_mov(fs, 0, true);
}

void r300_emit_fs(struct r300_cs *cs, const struct r300_fs *fs)
{
	uint32_t n = fs->nr_alu;

	igt_assert_f(!r300_chip_is_r500(cs->chip), "R5xx fragment programs are not supported\n");
	igt_assert(n > 0);
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
	r300_cs_reg(cs, REG_R300_FG_DEPTH_SRC, 0);
	r300_cs_reg(cs, REG_R300_US_W_FMT, 0);
	for (uint32_t i = 0; i < fs->nr_consts; i++)
		r300_cs_regs(cs, REG_R300_US_ALU_CONST_R(i), fs->consts[i], 4);
}

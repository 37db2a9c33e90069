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
#include "util/util.h"

uint32_t r300_float24(float f)
{
	uint32_t u = float_bits(f), exp;

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
	uint32_t i = fs->nr_alu++, inst[6];

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
	/* the R5xx form: one OUT instruction writing output 0 */
	r300_r500_alu(inst, &(struct r500_alu){ .type = R500_INST_TYPE_OUT, .src0 = addr0,
						  .src0_const = is_const, .write_out = true,
						  .sem_wait = true });
	r300_fs_r500_add(fs, inst);
}

void r300_fs_passthrough(struct r300_fs *fs)
{
	memset(fs, 0, sizeof(*fs));
	fs->nr_temps = 1;	/* the RS writes the colour to temporary 0 */
	alu_mov(fs, 0, false);
}

void r300_fs_const(struct r300_fs *fs, uint32_t i, const float rgba[4])
{
	igt_assert(i < R300_FS_MAX_CONSTS);
	for (int c = 0; c < 4; c++) {
		fs->consts[i][c] = r300_float24(rgba[c]);
		memcpy(&fs->r500_consts[i][c], &rgba[c], sizeof(float));
	}
	if (fs->nr_consts <= i)
		fs->nr_consts = i + 1;
}

void r300_fs_constant(struct r300_fs *fs, const float rgba[4])
{
	memset(fs, 0, sizeof(*fs));
	fs->nr_temps = 1;
	r300_fs_const(fs, 0, rgba);
	alu_mov(fs, 0, true);
}

/*
 * TEX then MOV: on R3xx/R4xx US_TEX_INST LD temp0 <- unit 0 at temp0 in
 * the node's TEX block (r300_fragprog_emit.c emit_tex); on R5xx a TEX
 * instruction writing all four channels with SEM_ACQUIRE, whose result the
 * OUT waits for with TEX_SEM_WAIT (r500_fragprog_emit.c emit_tex: the
 * write mask at bit 11, the STRQ and RGBA swizzles identity).
 */
void r300_fs_texture(struct r300_fs *fs)
{
	uint32_t tex[6] = {
		r500_us_cmn_inst(.type = R500_INST_TYPE_TEX, .rgb_wmask = 0x7, .alpha_wmask = 1),
		r500_us_tex_inst(.id = 0, .inst = R500_TEX_INST_LD, .sem_acquire = 1),
		r500_us_tex_addr(.src_addr = 0, .src_s_swiz = R500_SWIZ_R,
				 .src_t_swiz = R500_SWIZ_G, .src_r_swiz = R500_SWIZ_B,
				 .src_q_swiz = R500_SWIZ_A, .dst_addr = 0, .dst_r_swiz = R500_SWIZ_R,
				 .dst_g_swiz = R500_SWIZ_G, .dst_b_swiz = R500_SWIZ_B,
				 .dst_a_swiz = R500_SWIZ_A),
		0, 0, 0,
	};

	memset(fs, 0, sizeof(*fs));
	fs->nr_temps = 1;
	fs->tex_inst[fs->nr_tex++] = R300_US_TEX_INST(.src_addr = 0, .dst_addr = 0, .tex_id = 0,
						      .inst = TEX_OP_LD);
	r300_fs_r500_add(fs, tex);
	alu_mov(fs, 0, false);
}

/*
 * The R5xx branch of Mesa's r300_emit_fs_code_to_buffer (r300_fs.c): US_CONFIG,
 * US_PIXSIZE, US_FC_CTRL, US_CODE_RANGE/OFFSET/ADDR, GA_US_VECTOR_INDEX 0
 * and the instructions through ONE_REG_WR GA_US_VECTOR_DATA; constants as
 * r500_emit_fs_constants (TYPE_CONST index, then DATA).
 */
static void emit_fs_r500(struct r300_cs *cs, const struct r300_fs *fs)
{
	uint32_t n = fs->nr_r500;

	igt_assert(n > 0);
	r300_cs_reg(cs, REG_R300_US_CONFIG, R300_US_CONFIG(.zero_times_anything_equals_zero = 1));
	r300_cs_reg(cs, REG_R300_US_PIXSIZE, fs->nr_temps ? fs->nr_temps - 1 : 0);
	r300_cs_reg(cs, REG_R300_US_FC_CTRL, fs->r500_fc_ctrl);
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
	/* r300_emit_fs_code_to_buffer: the loops' integer constant */
	if (fs->r500_int_const)
		r300_cs_reg(cs, REG_R300_US_FC_INT_CONST_0, fs->r500_int_const);
}

void r300_emit_fs(struct r300_cs *cs, const struct r300_fs *fs)
{
	uint32_t n = fs->nr_alu, nt = fs->nr_tex;

	if (r300_chip_is_r500(cs->chip)) {
		emit_fs_r500(cs, fs);
		r300_cs_reg(cs, REG_R300_FG_DEPTH_SRC, 0);
		r300_cs_reg(cs, REG_R300_US_W_FMT, 0);
		return;
	}
	/*
	 * Mesa's r300_emit_fs_code_to_buffer order: US_CONFIG, US_PIXSIZE,
	 * US_CODE_OFFSET, (R400: US_CODE_BANK, US_CODE_EXT), US_CODE_ADDR_0..3,
	 * the four ALU tables, US_TEX_INST; constants as r300_emit_fs_constants
	 * (float24). FIRST_TEX: node 0 (the only one) runs its TEX block.
	 */
	igt_assert_f(n > 0, "an R5xx-only fragment program on %s\n", r300_chip_name(cs->chip));
	r300_cs_reg(cs, REG_R300_US_CONFIG, R300_US_CONFIG(.nlevel = 0, .first_tex = nt > 0));
	r300_cs_reg(cs, REG_R300_US_PIXSIZE, fs->nr_temps ? fs->nr_temps - 1 : 0);
	r300_cs_reg(cs, REG_R300_US_CODE_OFFSET,
		    R300_US_CODE_OFFSET(.alu_offset = 0, .alu_end = n - 1, .tex_offset = 0,
					.tex_end = nt ? nt - 1 : 0));
	if (r300_chip_is_r400(cs->chip)) {
		r300_cs_reg(cs, REG_R300_US_CODE_BANK, 0);
		r300_cs_reg(cs, REG_R300_US_CODE_EXT, 0);
	}
	/* one node: R3xx runs the nodes that end at US_CODE_ADDR_3 */
	{
		uint32_t addr[4] = {
			0, 0, 0,
			r300_us_code_addr(.alu_start = 0, .alu_size = n - 1, .tex_start = 0,
					  .tex_size = nt ? nt - 1 : 0, .rgba_out = 1),
		};

		r300_cs_regs(cs, REG_R300_US_CODE_ADDR_0, addr, 4);
	}
	r300_cs_regs(cs, REG_R300_US_ALU_RGB_INST(0), fs->rgb_inst, n);
	r300_cs_regs(cs, REG_R300_US_ALU_RGB_ADDR(0), fs->rgb_addr, n);
	r300_cs_regs(cs, REG_R300_US_ALU_ALPHA_INST(0), fs->alpha_inst, n);
	r300_cs_regs(cs, REG_R300_US_ALU_ALPHA_ADDR(0), fs->alpha_addr, n);
	if (nt)
		r300_cs_regs(cs, REG_R300_US_TEX_INST(0), fs->tex_inst, nt);
	/* FG_DEPTH_SRC and US_W_FMT 0: no shader depth output (Mesa's code buffers end with them) */
	r300_cs_reg(cs, REG_R300_FG_DEPTH_SRC, 0);
	r300_cs_reg(cs, REG_R300_US_W_FMT, 0);
	for (uint32_t i = 0; i < fs->nr_consts; i++)
		r300_cs_regs(cs, REG_R300_US_ALU_CONST_R(i), fs->consts[i], 4);
}

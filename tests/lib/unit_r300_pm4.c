// SPDX-License-Identifier: MIT
/*
 * The R300 PM4 builder and 3D helpers (radeon/r300_cs.h, radeon/r300_3d.h)
 * checked dword by dword against sequences worked out by hand from
 * radeon_pm4.xml, r300.xml and r300_pvs.xml, no GPU needed (streams stay in
 * memory until submission). Header arithmetic used below:
 *
 *	PACKET0(reg, n) = (n - 1) << 16 | reg >> 2   (| 1 << 15 with ONE_REG_WR)
 *	PACKET3(op, n)  = 0xC0000000 | (n - 1) << 16 | op << 8
 *	reloc NOP       = PACKET3(NOP 0x10, 1) = 0xC0001000, then index * 4
 *
 * e.g. RB3D_COLOROFFSET0 0x4E28 >> 2 = 0x138A; VAP_PVS_UPLOAD_DATA 0x2208
 * >> 2 = 0x882, 8 dwords ONE_REG_WR = 0x00078882.
 */
#include <string.h>
#include <unistd.h>

#include "core/test.h"
#include "radeon/cp_packet.h"
#include "radeon/r300_3d.h"
#include "util/util.h"
#include "unit_words.h"

static struct r300_device rv350 = { .fd = -1, .family = RV350, .num_gb_pipes = 2 };
static struct r300_device r420 = { .fd = -1, .family = R420, .num_gb_pipes = 4 };
static struct r300_device rv515 = { .fd = -1, .family = RV515, .num_gb_pipes = 1 };
/* stand-in BOs: the builder only needs their handle, size and domain */
static struct r300_bo fb = { .handle = 7, .size = 64 * 64 * 4, .domain = RADEON_GEM_DOMAIN_VRAM };
static struct r300_bo zb = { .handle = 8, .size = 64 * 64 * 4, .domain = RADEON_GEM_DOMAIN_VRAM };
static struct r300_bo qb = { .handle = 9, .size = 4096, .domain = RADEON_GEM_DOMAIN_GTT };

static void expect_at(const struct r300_cs *cs, uint32_t at, const uint32_t *want, uint32_t n)
{
	expect_words_at("dword", cs->dw, cs->len, at, want, n);
}

static void expect(const struct r300_cs *cs, const uint32_t *want, uint32_t n)
{
	expect_words("dword", cs->dw, cs->len, want, n);
}

/* An empty stream again, built for @dev's chip (the builders that differ by family). */
static void restart_for(struct r300_cs *cs, struct r300_device *dev)
{
	r300_cs_reset(cs);
	cs->dev = dev;
	cs->chip = dev->family;
}

static void expect_inst(struct r300_pvs_inst inst, uint32_t d0, uint32_t s0, uint32_t s1,
			uint32_t s2)
{
	const uint32_t want[4] = { d0, s0, s1, s2 };

	for (int i = 0; i < 4; i++)
		igt_assert_f(inst.dw[i] == want[i], "PVS dword %d: %#x, expected %#x\n", i,
			     inst.dw[i], want[i]);
}

/*
 * The pass-through program's whole stream is @want; the constant program
 * (1, 0, 0, 0.5) matches @want_const from dword @at on.
 */
static void expect_fs_programs(struct r300_cs *cs, const uint32_t *want, uint32_t n, uint32_t at,
			       const uint32_t *want_const, uint32_t n_const)
{
	static const float half_red[4] = { 1.0f, 0, 0, 0.5f };
	struct r300_fs fs;

	r300_cs_reset(cs);
	r300_fs_passthrough(&fs);
	r300_emit_fs(cs, &fs);
	expect(cs, want, n);
	r300_cs_reset(cs);
	r300_fs_constant(&fs, half_red);
	r300_emit_fs(cs, &fs);
	expect_at(cs, at, want_const, n_const);
}

static void overflow(void)
{
	struct r300_cs *cs = r300_cs_new(&rv350, 2);

	r300_cs_reg(cs, REG_R300_VAP_VTX_SIZE, 8);
	r300_cs_packet2(cs);	/* must not return */
}

static void count_too_big(void)
{
	struct r300_cs *cs = r300_cs_new(&rv350, 4);

	r300_cs_packet3(cs, 0x10, 0x4001);
}

/* Does every packet parse, and does a reloc NOP follow each address register? */
static void check_stream(const struct r300_cs *cs, uint32_t *relocs_seen)
{
	static const uint32_t reloc_regs[] = {
		REG_R300_RB3D_COLOROFFSET0, REG_R300_RB3D_COLORPITCH0, REG_R300_ZB_DEPTHOFFSET,
		REG_R300_ZB_DEPTHPITCH, REG_R300_ZB_ZPASS_ADDR,
	};
	uint32_t i = 0;

	*relocs_seen = 0;
	while (i < cs->len) {
		struct radeon_cp_packet p = radeon_cp_parse(cs->dw[i]);
		bool needs_reloc = false;

		igt_assert_f(p.type != RADEON_CP_TYPE1, "type-1 packet at %u\n", i);
		if (p.type == RADEON_CP_TYPE2) {
			i++;
			continue;
		}
		igt_assert_f(i + 1 + p.count <= cs->len, "packet at %u ends after the stream\n", i);
		if (p.type == RADEON_CP_TYPE0) {
			/* the checker rejects the VAP_VTX_* immediate registers */
			igt_assert_f(p.reg < 0x2464 || p.reg > 0x24ac, "VAP_VTX register %#x\n",
				     p.reg);
			for (size_t r = 0; r < ARRAY_SIZE(reloc_regs); r++)
				needs_reloc |= p.reg == reloc_regs[r];
			igt_assert_f(!needs_reloc || p.count == 1,
				     "%#x shares its PACKET0 with other registers\n", p.reg);
		}
		i += 1 + p.count;
		if (needs_reloc) {
			igt_assert_f(i + 2 <= cs->len && cs->dw[i] == R300_RELOC_NOP,
				     "no reloc NOP right after the write at %u\n", i);
			igt_assert_eq_u32(cs->dw[i + 1] % 4, 0);
			igt_assert_lt_u32(cs->dw[i + 1] / 4, cs->nr_bos);
			(*relocs_seen)++;
			i += 2;
		}
	}
	igt_assert_eq_u32(i, cs->len);
}

/* The last value a PACKET0 in @cs writes to @reg; false if none does. */
static bool last_write(const struct r300_cs *cs, uint32_t reg, uint32_t *value)
{
	bool found = false;

	for (uint32_t i = 0; i < cs->len;) {
		struct radeon_cp_packet p = radeon_cp_parse(cs->dw[i]);

		if (p.type == RADEON_CP_TYPE2) {
			i++;
			continue;
		}
		for (uint32_t k = 0; p.type == RADEON_CP_TYPE0 && k < p.count; k++) {
			if ((p.one_reg_wr ? p.reg : p.reg + 4 * k) == reg) {
				*value = cs->dw[i + 1 + k];
				found = true;
			}
		}
		i += 1 + p.count;
	}
	return found;
}

igt_main
{
	igt_describe("PACKET0/2/3 headers agree with hand-computed words and radeon/cp_packet.h");
	igt_subtest("packet-headers") {
		struct r300_cs *cs = r300_cs_new(&rv350, 16);
		static const uint32_t want[] = {
			0x0000138a,	/* PACKET0 RB3D_COLOROFFSET0, 1 */
			0x00078882,	/* PACKET0 VAP_PVS_UPLOAD_DATA, 8, ONE_REG_WR */
			0x80000000,	/* PACKET2 */
			0xc0203500,	/* PACKET3 3D_DRAW_IMMD_2, 33 */
			0xc0001000,	/* PACKET3 NOP, 1 */
		};

		r300_cs_packet0(cs, REG_R300_RB3D_COLOROFFSET0, 1);
		r300_cs_packet0_one_reg(cs, REG_R300_VAP_PVS_UPLOAD_DATA, 8);
		r300_cs_packet2(cs);
		r300_cs_packet3(cs, 0x35, 33);
		r300_cs_packet3(cs, 0x10, 1);
		expect(cs, want, 5);
		igt_assert_eq_u32(cs->dw[0], radeon_cp_packet0(REG_R300_RB3D_COLOROFFSET0, 1));
		igt_assert_eq_u32(cs->dw[1],
				  radeon_cp_packet0_one_reg(REG_R300_VAP_PVS_UPLOAD_DATA, 8));
		igt_assert_eq_u32(cs->dw[2], RADEON_CP_PACKET2);
		igt_assert_eq_u32(cs->dw[3], radeon_cp_packet3(0x35, 33));
		igt_assert_eq_u32(cs->dw[4], R300_RELOC_NOP);
		r300_cs_free(cs);
	}

	igt_describe("register writes: one register, a run of registers, one FIFO register");
	igt_subtest("register-writes") {
		struct r300_cs *cs = r300_cs_new(&rv350, 16);
		static const uint32_t v[2] = { 3, 0 };
		static const uint32_t want[] = {
			0x0000082d, 8,		/* VAP_VTX_SIZE 0x20B4 */
			0x0001084d, 3, 0,	/* VAP_VF_MAX_VTX_INDX 0x2134, MIN */
			0x00018882, 3, 0,	/* UPLOAD_DATA, 2 dwords, ONE_REG_WR */
			0x00000766, 0x3f000000,	/* SE_VPORT_XSCALE 0x1D98 = 0.5f */
		};

		r300_cs_reg(cs, REG_R300_VAP_VTX_SIZE, 8);
		r300_cs_regs(cs, REG_R300_VAP_VF_MAX_VTX_INDX, v, 2);
		r300_cs_reg_one(cs, REG_R300_VAP_PVS_UPLOAD_DATA, v, 2);
		r300_cs_regf(cs, REG_R300_SE_VPORT_XSCALE, 0.5f);
		expect(cs, want, 10);
		r300_cs_free(cs);
	}

	/*
	 * COLORPITCH0 = pitch 64 (bits 13:1 hold the pixel count: 0x40) |
	 * COLORFORMAT ARGB8888 6 << 21 = 0x00C00040; US_OUT_FMT_0 = C4_8 0 |
	 * C0_SEL B 3 << 8 | C1_SEL G 2 << 10 | C2_SEL R 1 << 12 | C3_SEL A 0 =
	 * 0x1B00; the unused outputs are US_OUT_FMT_UNUSED 0xF.
	 */
	igt_describe("colour buffer: offset and pitch each followed by its reloc NOP, "
		     "output formats");
	igt_subtest("colorbuffer") {
		struct r300_cs *cs = r300_cs_new(&rv350, 32);
		static const uint32_t want[] = {
			0x00001380, 0,				/* RB3D_CCTL: one buffer */
			0x0000138a, 0x1000, 0xc0001000, 0,	/* COLOROFFSET0 + reloc 0 */
			0x0000138e, 0x00c00040, 0xc0001000, 0,	/* COLORPITCH0 + reloc 0 */
			0x000311a9, 0x1b00, 0xf, 0xf, 0xf,	/* US_OUT_FMT_0..3 */
		};

		r300_emit_colorbuffer(cs, &fb, 0x1000, 64);
		expect(cs, want, 15);
		igt_assert_eq_u32(cs->nr_bos, 1);
		igt_assert(cs->bos[0].write);
		igt_assert_eq_u32(cs->nr_relocs, 2);
		igt_assert_eq_u32(cs->reloc_at[0], 4);
		igt_assert_eq_u32(cs->reloc_at[1], 8);
		r300_cs_free(cs);
	}

	/* a second BO is reloc 1: its NOPs carry 1 * 4; ZB_FORMAT 24-bit Z = 2; pitch 64 = 0x40 */
	igt_describe("z buffer on a second BO: reloc index 1 (dword offset 4) after offset "
		     "and pitch");
	igt_subtest("zbuffer-reloc-index") {
		struct r300_cs *cs = r300_cs_new(&rv350, 64);
		static const uint32_t want[] = {
			0x000013c4, 2,				/* ZB_FORMAT */
			0x000013c8, 0, 0xc0001000, 4,		/* ZB_DEPTHOFFSET + reloc 1 */
			0x000013c9, 0x40, 0xc0001000, 4,	/* ZB_DEPTHPITCH + reloc 1 */
		};

		r300_emit_colorbuffer(cs, &fb, 0, 64);
		r300_cs_reset(cs);
		r300_cs_add_bo(cs, &fb, true);
		r300_emit_zbuffer(cs, &zb, 0, 64);
		expect(cs, want, 10);
		igt_assert_eq_u32(cs->nr_bos, 2);
		r300_cs_free(cs);
	}

	igt_describe("the BO list numbers BOs by first use and merges a later write use");
	igt_subtest("bo-dedup") {
		struct r300_cs *cs = r300_cs_new(&rv350, 16);

		igt_assert_eq_u32(r300_cs_add_bo(cs, &qb, false), 0);
		igt_assert_eq_u32(r300_cs_add_bo(cs, &fb, false), 1);
		igt_assert_eq_u32(r300_cs_add_bo(cs, &qb, true), 0);
		igt_assert_eq_u32(cs->nr_bos, 2);
		igt_assert(cs->bos[0].write);
		igt_assert(!cs->bos[1].write);
		r300_cs_free(cs);
	}

	/*
	 * Mesa's per-pipe query end: SU_REG_DEST selects one pipe, ZB_ZPASS_ADDR
	 * (+ reloc) gets offset + 4 * pipe; pipe 1 of an RV350 is select bit 3.
	 */
	igt_describe("Z-pass counts: one ZB_ZPASS_ADDR with its reloc per GB pipe");
	igt_subtest("zpass") {
		struct r300_cs *cs = r300_cs_new(&rv350, 64);
		static const uint32_t want[] = {
			0x000010b2, 0xf, 0x000013d6, 0,			/* begin */
			0x000010b2, 0x8, 0x000013d7, 0x14, 0xc0001000, 0, /* pipe 1 */
			0x000010b2, 0x1, 0x000013d7, 0x10, 0xc0001000, 0, /* pipe 0 */
			0x000010b2, 0xf,
		};

		r300_emit_zpass_begin(cs);
		r300_emit_zpass_end(cs, &qb, 0x10);
		expect(cs, want, 18);
		restart_for(cs, &r420);
		r300_emit_zpass_end(cs, &qb, 0);
		igt_assert_eq_u32(cs->len, 4 * 6 + 2);
		igt_assert_eq_u32(cs->dw[1], 0x8);	/* pipe 3 first */
		igt_assert_eq_u32(cs->dw[2 * 6 + 1], 0x2);	/* R420: pipe 1 is bit 1 */
		r300_cs_free(cs);
	}

	/*
	 * pvs_dst: OPCODE 5:0, MATH 6, MACRO 7, REG_TYPE 11:8, OFFSET 19:13,
	 * WE_XYZW 23:20. pvs_src: REG_TYPE 1:0, OFFSET 12:5, SWIZZLE_X..W 3 bits
	 * each from 13, MODIFIER_X..W 28:25. Operand order from Mesa
	 * r3xx_vertprog.c: MOV = VE_ADD src, 0, 0 (ei_vector1); ADD/MUL/DP4 =
	 * src0, src1, src1 forced to 0 (ei_vector2); MAD = VE_MULTIPLY_ADD, or
	 * PVS_MACRO_OP_2CLK_MADD (macro bit) for three different temporaries.
	 * XYZW swizzle = 0 | 1 << 16 | 2 << 19 | 3 << 22 = 0xD10000; all
	 * FORCE_0 (4) = 0x1248000.
	 */
	igt_describe("PVS MOV/ADD/MUL/MAD/DP4 words follow Mesa's operand encoding");
	igt_subtest("pvs-instructions") {
		struct r300_pvs_src neg_c2 = R300_PVS_CONST(2);
		struct r300_pvs_dst out0_xy = R300_PVS_OUT(0), out0_x = R300_PVS_OUT(0);
		struct r300_pvs_src in3_wzyx = R300_PVS_IN(3);

		neg_c2.negate = 0xf;
		out0_xy.wmask = 0x3;
		out0_x.wmask = 0x1;
		in3_wzyx.swizzle = R300_PVS_SWZ(PVS_SRC_SELECT_W, PVS_SRC_SELECT_Z,
						PVS_SRC_SELECT_Y, PVS_SRC_SELECT_X);

		/* VE_ADD 3 | OUT 2 << 8 | 1 << 13 | 0xF << 20; in1 = 1 | 1 << 5 | XYZW */
		expect_inst(r300_pvs_mov(R300_PVS_OUT(1), R300_PVS_IN(1)),
			    0x00f02203, 0x00d10021, 0x01248021, 0x01248021);
		expect_inst(r300_pvs_add(R300_PVS_DTEMP(0), R300_PVS_IN(0), R300_PVS_CONST(0)),
			    0x00f00003, 0x00d10001, 0x00d10002, 0x01248002);
		/* VE_MULTIPLY 2, WE_X|WE_Y; negate all = 0xF << 25 */
		expect_inst(r300_pvs_mul(out0_xy, R300_PVS_TEMP(1), neg_c2),
			    0x00300202, 0x00d10020, 0x1ed10042, 0x01248042);
		/* three temporaries: macro bit 7, opcode PVS_MACRO_OP_2CLK_MADD 0 */
		expect_inst(r300_pvs_mad(R300_PVS_DTEMP(0), R300_PVS_TEMP(1), R300_PVS_TEMP(2),
					 R300_PVS_TEMP(3)),
			    0x00f00080, 0x00d10020, 0x00d10040, 0x00d10060);
		/* an input among them: VE_MULTIPLY_ADD 4 */
		expect_inst(r300_pvs_mad(R300_PVS_DTEMP(0), R300_PVS_IN(0), R300_PVS_CONST(1),
					 R300_PVS_TEMP(0)),
			    0x00f00004, 0x00d10001, 0x00d10022, 0x00d10000);
		/* VE_DOT_PRODUCT 1, WE_X only */
		expect_inst(r300_pvs_dp4(out0_x, R300_PVS_IN(0), R300_PVS_CONST(0)),
			    0x00100201, 0x00d10001, 0x00d10002, 0x01248002);
		/* W 3 | Z 2 << 16... : 3 << 13 | 2 << 16 | 1 << 19 | 0 = 0xA6000; in3 = 0x61 */
		igt_assert_eq_u32(r300_pvs_src_word(in3_wzyx), 0x000a6061);
	}

	/*
	 * Pass-through program on an RV350: CODE_CNTL_0 = LAST_INST 1 << 20;
	 * CODE_CNTL_1 = last input read by instruction 1; VAP_CNTL = 10 slots
	 * | 5 controllers << 4 | 2 FPUs << 8 | VF_MAX_VTX_NUM 12 << 18.
	 */
	igt_describe("vertex program upload: code through VAP_PVS_UPLOAD_DATA (ONE_REG_WR), "
		     "VAP_CNTL");
	igt_subtest("vs-upload") {
		struct r300_cs *cs = r300_cs_new(&rv350, 128);
		struct r300_vs vs;
		static const uint32_t want[] = {
			0x000008a1, 0,				/* VAP_PVS_STATE_FLUSH_REG */
			0x000008b4, 0x00100000,			/* VAP_PVS_CODE_CNTL_0 */
			0x000008b6, 1,				/* VAP_PVS_CODE_CNTL_1 */
			0x00000880, 0,				/* VAP_PVS_VECTOR_INDX_REG */
			0x00078882,				/* UPLOAD_DATA x 8 */
			0x00f00203, 0x00d10001, 0x01248001, 0x01248001,
			0x00f02203, 0x00d10021, 0x01248021, 0x01248021,
			0x00000820, 0x0030025a,			/* VAP_CNTL */
			0x000008b7, 0,				/* VAP_PVS_FLOW_CNTL_OPC */
		};

		r300_vs_passthrough(&vs);
		igt_assert_eq_u32(vs.last_pos_write, 0);
		igt_assert_eq_u32(vs.last_input_read, 1);
		r300_emit_vs(cs, &vs);
		expect_at(cs, 0, want, ARRAY_SIZE(want));
		/* flow-control addresses and loop indices: 16 zeros each */
		igt_assert_eq_u32(cs->dw[21], 0x000f088c);
		igt_assert_eq_u32(cs->dw[38], 0x000f08a4);
		/* VAP_PVS_CONST_CNTL, no constants to upload */
		igt_assert_eq_u32(cs->dw[55], 0x000008b5);
		igt_assert_eq_u32(cs->len, 57);
		r300_cs_free(cs);
	}

	/* constants go to vector 512 on R3xx, as 4 floats per vector */
	igt_describe("vertex program constants: VAP_PVS_CONST_CNTL, index 512, ONE_REG_WR upload");
	igt_subtest("vs-constants") {
		struct r300_cs *cs = r300_cs_new(&rv350, 128);
		struct r300_vs vs;
		static const uint32_t want[] = {
			0x000008b5, 0x00010000,			/* MAX_CONST_ADDR 1 */
			0x00000880, 512,			/* VAP_PVS_VECTOR_INDX_REG */
			0x00078882, 0x3f800000, 0, 0, 0x3f000000, 0, 0x3f800000, 0, 0,
		};

		r300_vs_passthrough(&vs);
		r300_vs_const(&vs, 0, 1.0f, 0, 0, 0.5f);
		r300_vs_const(&vs, 1, 0, 1.0f, 0, 0);
		r300_emit_vs(cs, &vs);
		expect_at(cs, 55, want, ARRAY_SIZE(want));
		igt_assert_eq_u32(cs->len, 55 + ARRAY_SIZE(want));
		r300_cs_free(cs);
	}

	/* Mesa pack_float24: 1.0 -> exponent 63 << 16 = 0x3F0000 */
	igt_describe("the US 24-bit float format: sign 23, exponent 22:16 (bias 63), "
		     "mantissa 15:0");
	igt_subtest("float24") {
		igt_assert_eq_u32(r300_float24(0.0f), 0);
		igt_assert_eq_u32(r300_float24(1.0f), 0x3f0000);
		igt_assert_eq_u32(r300_float24(0.5f), 0x3e0000);
		igt_assert_eq_u32(r300_float24(0.75f), 0x3e8000);
		igt_assert_eq_u32(r300_float24(-2.0f), 0xc00000);
	}

	/*
	 * RGB: SEL_A SRC0C_XYZ 0 | SEL_B ONE 0x15 << 7 | SEL_C ZERO 0x14 << 14 |
	 * OP MAD 0 = 0x00050A80; alpha: SEL_A SRC0A 9 | ONE 0x11 << 7 | ZERO
	 * 0x10 << 14 = 0x00040889; RGB_ADDR OMASK 7 << 26; ALPHA_ADDR OMASK 1 << 24;
	 * a constant operand sets ADDR0_CONST (bit 5). US_CODE_ADDR_3 = RGBA_OUT 1 << 22.
	 */
	igt_describe("fragment programs: pass-through and constant colour on R300 and R400");
	igt_subtest("fs-programs") {
		struct r300_cs *cs = r300_cs_new(&rv350, 64);
		struct r300_fs fs;
		static const uint32_t want[] = {
			0x00001180, 0,				/* US_CONFIG */
			0x00001181, 0,				/* US_PIXSIZE */
			0x00001182, 0,				/* US_CODE_OFFSET */
			0x00031184, 0, 0, 0, 0x00400000,	/* US_CODE_ADDR_0..3 */
			0x00001230, 0x00050a80,			/* US_ALU_RGB_INST_0 */
			0x000011b0, 0x1c000000,			/* US_ALU_RGB_ADDR_0 */
			0x00001270, 0x00040889,			/* US_ALU_ALPHA_INST_0 */
			0x000011f0, 0x01000000,			/* US_ALU_ALPHA_ADDR_0 */
			0x000012f6, 0,				/* FG_DEPTH_SRC */
			0x000011ad, 0,				/* US_W_FMT */
		};
		static const uint32_t want_const[] = {
			0x000011b0, 0x1c000020,
			0x00001270, 0x00040889,
			0x000011f0, 0x01000020,
			0x000012f6, 0, 0x000011ad, 0,
			0x00031300, 0x3f0000, 0, 0, 0x3e0000,	/* US_ALU_CONST 0 */
		};

		expect_fs_programs(cs, want, ARRAY_SIZE(want), 13, want_const, ARRAY_SIZE(want_const));

		/* R400 adds US_CODE_BANK and US_CODE_EXT after US_CODE_OFFSET */
		restart_for(cs, &r420);
		r300_fs_passthrough(&fs);
		r300_emit_fs(cs, &fs);
		igt_assert_eq_u32(cs->len, ARRAY_SIZE(want) + 4);
		igt_assert_eq_u32(cs->dw[6], 0x000011ae);
		igt_assert_eq_u32(cs->dw[8], 0x000011af);
		r300_cs_free(cs);
	}

	/*
	 * R5xx (Mesa r300_fs.c, r500_fragprog_emit.c): US_CONFIG 0x4600 with
	 * ZERO_TIMES_ANYTHING 1 << 1, US_PIXSIZE, US_FC_CTRL 0x4624,
	 * US_CODE_RANGE 0x4634, US_CODE_OFFSET 0x4638, US_CODE_ADDR 0x4630,
	 * GA_US_VECTOR_INDEX 0x4250, then 6 dwords to GA_US_VECTOR_DATA 0x4254
	 * (ONE_REG_WR, bit 15). The MOV: CMN = TYPE_OUT 1 | TEX_SEM_WAIT 1 << 2 |
	 * RGB_OMASK 7 << 15 | ALPHA_OMASK 1 << 18; RGB_INST A = src0.rgb (swizzle
	 * R 0, G 1 << 5, B 2 << 8), B = 1 (swizzle ONE 6 at 15, 18, 21);
	 * ALPHA_INST A = src0.a (A 3 << 14), B = 1 (6 << 21); RGBA_INST C = 0
	 * (ZERO 4 at 14, 17, 20, alpha 4 << 27). A constant source sets
	 * ADDR0_CONST 1 << 8; constants go as IEEE floats with TYPE_CONST 1 << 16.
	 */
	igt_describe("R5xx fragment programs: pass-through and constant colour");
	igt_subtest("r500-fs-programs") {
		struct r300_cs *cs = r300_cs_new(&rv515, 64);
		static const uint32_t want[] = {
			0x00001180, 0x2,			/* US_CONFIG */
			0x00001181, 0,				/* US_PIXSIZE */
			0x00001189, 0,				/* US_FC_CTRL */
			0x0000118d, 0,				/* US_CODE_RANGE */
			0x0000118e, 0,				/* US_CODE_OFFSET */
			0x0000118c, 0,				/* US_CODE_ADDR */
			0x00001094, 0,				/* GA_US_VECTOR_INDEX */
			0x00059095, 0x00078005, 0, 0, 0x00db0220, 0x00c0c000, 0x20490000,
			0x000012f6, 0,				/* FG_DEPTH_SRC */
			0x000011ad, 0,				/* US_W_FMT */
		};
		static const uint32_t want_const[] = {
			0x00059095, 0x00078005, 0x100, 0x100, 0x00db0220, 0x00c0c000, 0x20490000,
			0x00001094, 0x00010000,
			0x00039095, 0x3f800000, 0, 0, 0x3f000000,
		};

		expect_fs_programs(cs, want, ARRAY_SIZE(want), 14, want_const, ARRAY_SIZE(want_const));

		/* the blend constant: AR and GB as Mesa's 10-bit fixed point (0x80 -> 513) */
		r300_cs_reset(cs);
		r300_emit_blend_color(cs, 0x80ff0000);
		expect(cs, (const uint32_t[]){ 0x000113be, 0x020103ff, 0 }, 3);
		r300_cs_free(cs);
	}

	/*
	 * VAP_VF_CNTL: PRIM_TYPE 3:0 | PRIM_WALK 3 << 4 | NUM_VERTICES << 16;
	 * triangles 4 -> 0x00030034, 25 payload dwords -> 0xC0183500; quads 0xD.
	 */
	igt_describe("3D_DRAW_IMMD_2: vertex size, index range, VF_CNTL, then the vertex data");
	igt_subtest("draw-immd") {
		struct r300_cs *cs = r300_cs_new(&rv350, 128);
		static const float red[4] = { 1, 0, 0, 1 };
		const struct r300_vertex tri[3] = {
			{ -1, -1, 0, 1, 1, 0, 0, 1 },
			{ 1, -1, 0, 1, 0, 1, 0, 1 },
			{ 0, 1, 0, 1, 0, 0, 1, 1 },
		};
		static const uint32_t want[] = {
			0x0000082d, 8,				/* VAP_VTX_SIZE */
			0x0001084d, 2, 0,			/* VAP_VF_MAX/MIN_VTX_INDX */
			0xc0183500, 0x00030034,			/* 3D_DRAW_IMMD_2, VF_CNTL */
			0xbf800000, 0xbf800000, 0, 0x3f800000,	/* vertex 0 position */
			0x3f800000, 0, 0, 0x3f800000,		/* vertex 0 colour */
		};

		r300_draw_triangle(cs, tri);
		expect_at(cs, 0, want, ARRAY_SIZE(want));
		igt_assert_eq_u32(cs->len, 7 + 24);
		igt_assert_eq_u32(cs->dw[7 + 16 + 1], 0x3f800000);	/* vertex 2 y */

		r300_cs_reset(cs);
		r300_draw_quad(cs, -1, -1, 1, 1, 0.5f, red);
		igt_assert_eq_u32(cs->dw[3], 3);
		igt_assert_eq_u32(cs->dw[5], 0xc0203500);
		igt_assert_eq_u32(cs->dw[6], 0x0004003d);
		igt_assert_eq_u32(cs->len, 7 + 32);
		r300_cs_free(cs);
	}

	/*
	 * Viewport 64x64: 32, 32, -32, 32, 0.5, 0.5; VTE: six enables 0x3F | W0_FMT
	 * 1 << 10. Scissor: X 12:0, Y 25:13; R3xx add 1440 (0x5A0), R5xx do not.
	 */
	igt_describe("viewport, VTE control and scissor (with the R3xx 1440 origin)");
	igt_subtest("viewport-scissor") {
		struct r300_cs *cs = r300_cs_new(&rv350, 32);
		static const uint32_t want[] = {
			0x00050766, 0x42000000, 0x42000000, 0xc2000000, 0x42000000,
			0x3f000000, 0x3f000000,
			0x0000082c, 0x0000043f,
			0x000110f8, 0x00b405a0, 0x00bbe5df,
		};

		r300_emit_viewport(cs, 64, 64);
		r300_emit_scissor(cs, 0, 0, 64, 64);
		expect(cs, want, ARRAY_SIZE(want));
		restart_for(cs, &rv515);
		r300_emit_scissor(cs, 0, 0, 64, 64);
		igt_assert_eq_u32(cs->dw[1], 0);
		igt_assert_eq_u32(cs->dw[2], 0x0007e03f);
		r300_cs_free(cs);
	}

	/*
	 * RB3D_BLENDCNTL: ALPHA_BLEND_ENABLE 0 | SEPARATE_ALPHA 1 | READ_ENABLE 2
	 * | COMB_FCN 14:12 | SRCBLEND 21:16 | DESTBLEND 29:24; SRC_ALPHA 0x26,
	 * ONE_MINUS_SRC_ALPHA 0x27, ONE 0x21, ZERO 0x20, RSUB_CLAMP 6.
	 */
	igt_describe("blending: factors, combine function, separate alpha, constant colour");
	igt_subtest("blend") {
		struct r300_cs *cs = r300_cs_new(&rv350, 32);
		struct r300_blend over = { COMB_FCN_ADD_CLAMP, BLEND_GL_SRC_ALPHA,
					   BLEND_GL_ONE_MINUS_SRC_ALPHA };
		struct r300_blend keep = { COMB_FCN_ADD_CLAMP, BLEND_GL_ONE, BLEND_GL_ZERO };
		struct r300_blend rsub = { COMB_FCN_RSUB_CLAMP, BLEND_GL_ONE, BLEND_GL_ONE };
		static const uint32_t want[] = {
			0x00001381, 0x27260005, 0x00001382, 0x27260000,
			0x00001381, 0x27260007, 0x00001382, 0x20210000,
			0x00001381, 0x21216005, 0x00001382, 0x21216000,
			0x00001381, 0, 0x00001382, 0,
			0x00001384, 0x80ff0000,
		};

		r300_emit_blend(cs, true, over, over);
		r300_emit_blend(cs, true, over, keep);
		r300_emit_blend(cs, true, rsub, rsub);
		r300_emit_blend(cs, false, over, over);
		r300_emit_blend_color(cs, 0x80ff0000);
		expect(cs, want, ARRAY_SIZE(want));
		r300_cs_free(cs);
	}

	/*
	 * FG_ALPHA_FUNC: AF_VAL 7:0 | AF_FUNC 10:8 (GREATER 4) | AF_EN 11, R5xx
	 * also AF_8BIT 12. Channel mask: B 0, G 1, R 2, A 3. ZB_CNTL: Z_ENABLE 1
	 * | ZWRITEENABLE 2; ZFUNC LESS 1. Flush: DC_FLUSH 2 | DC_FREE 2 << 2;
	 * ZC_FLUSH | ZC_FREE; WAIT_3D_IDLECLEAN 1 << 17 alone, as Mesa's
	 * r300_init_states builds its GPU flush.
	 */
	igt_describe("alpha test, colour mask, depth test, Z disable and the cache flush");
	igt_subtest("fragment-ops") {
		struct r300_cs *cs = r300_cs_new(&rv350, 32);
		static const uint32_t want[] = {
			0x000012f5, 0x00000c80,
			0x000012f5, 0,
			0x00001383, 0x4,
			0x000013c0, 0x6, 0x000013c1, 0x1,
			0x000013c0, 0, 0x000013c1, 0,
			0x00001393, 0xa, 0x000013c6, 0x3, 0x000005c8, 0x00020000,
		};

		r300_emit_alpha_test(cs, true, AF_GREATER, 0x80);
		r300_emit_alpha_test(cs, false, AF_GREATER, 0x80);
		r300_emit_color_mask(cs, true, false, false, false);
		r300_emit_depth_test(cs, ZS_LESS, true);
		r300_emit_zb_disable(cs);
		r300_emit_flush(cs);
		expect(cs, want, ARRAY_SIZE(want));
		restart_for(cs, &rv515);
		r300_emit_alpha_test(cs, true, AF_GREATER, 0x80);
		igt_assert_eq_u32(cs->dw[1], 0x00001c80);
		r300_cs_free(cs);
	}

	igt_describe("a whole 3D setup and draw parses packet by packet with every reloc in place");
	igt_subtest("setup-stream") {
		struct r300_cs *cs = r300_cs_new(&rv350, 1024);
		static const float red[4] = { 1, 0, 0, 1 };
		uint32_t relocs;

		r300_emit_3d_setup(cs, &fb, 0, 64, 64, 64);
		r300_emit_zbuffer(cs, &zb, 0, 64);
		r300_emit_depth_test(cs, ZS_LESS, true);
		r300_emit_zpass_begin(cs);
		r300_draw_quad(cs, -1, -1, 1, 1, 0, red);
		r300_emit_zpass_end(cs, &qb, 0);
		r300_emit_flush(cs);
		check_stream(cs, &relocs);
		igt_assert_eq_u32(relocs, 6);
		igt_assert_eq_u32(cs->nr_relocs, 6);
		igt_assert_eq_u32(cs->nr_bos, 3);
		r300_cs_free(cs);
	}

	/*
	 * The kernel's checker starts every CS with Z enabled and four colour
	 * buffers: the setup must say ZB_CNTL = 0 and RB3D_CCTL = 0 (one buffer).
	 * VAP_CLIP_CNTL.CLIP_DISABLE is bit 16; SU_DEPTH_SCALE 16777215.0f.
	 */
	igt_describe("the 3D setup disables Z and declares one colour buffer explicitly");
	igt_subtest("setup-state") {
		struct r300_cs *cs = r300_cs_new(&rv350, 1024);
		uint32_t v;

		r300_emit_3d_setup(cs, &fb, 0, 64, 64, 64);
		igt_assert(last_write(cs, REG_R300_ZB_CNTL, &v));
		igt_assert_eq_u32(v, 0);
		igt_assert(last_write(cs, REG_R300_RB3D_CCTL, &v));
		igt_assert_eq_u32(v, 0);
		igt_assert(last_write(cs, REG_R300_RB3D_COLOR_CHANNEL_MASK, &v));
		igt_assert_eq_u32(v, 0xf);
		igt_assert(last_write(cs, REG_R300_VAP_CLIP_CNTL, &v));
		igt_assert_eq_u32(v, 0x10000);
		igt_assert(last_write(cs, REG_R300_SU_DEPTH_SCALE, &v));
		igt_assert_eq_u32(v, 0x4b7fffff);
		igt_assert(last_write(cs, REG_R300_VAP_PVS_UPLOAD_DATA, &v));
		igt_assert_eq_u32(v, 0x01248021);	/* last word of MOV out1, in1 */
		igt_assert(!last_write(cs, REG_R300_VAP_VF_CNTL, &v));
		r300_cs_free(cs);
	}

	igt_describe("a hand-built CS request: IB padded with PACKET2 to 8 dwords, relocs in "
		     "their domains");
	igt_subtest("cs-request") {
		struct r300_cs *cs = r300_cs_new(&rv350, 64);
		static struct r300_cs_request req;

		r300_emit_colorbuffer(cs, &fb, 0, 64);
		r300_cs_reg_reloc(cs, REG_R300_ZB_ZPASS_ADDR, 0, &qb, true);
		r300_cs_request_init(&req, cs);
		igt_assert_eq_u32(req.cs.num_chunks, 2);
		igt_assert_eq_u32(req.chunks[0].chunk_id, RADEON_CHUNK_ID_IB);
		igt_assert_eq_u32(req.chunks[0].length_dw, 24);	/* 19 dwords -> 24 */
		igt_assert_eq_u32(req.ib[18], 0x4);		/* reloc 1 */
		igt_assert_eq_u32(req.ib[19], 0x80000000);
		igt_assert_eq_u32(req.ib[23], 0x80000000);
		igt_assert_eq_u32(req.chunks[1].chunk_id, RADEON_CHUNK_ID_RELOCS);
		igt_assert_eq_u32(req.chunks[1].length_dw, 8);
		igt_assert_eq_u32(req.relocs[0].handle, 7);
		igt_assert_eq_u32(req.relocs[0].write_domain, RADEON_GEM_DOMAIN_VRAM);
		igt_assert_eq_u32(req.relocs[0].read_domains, 0);
		igt_assert_eq_u32(req.relocs[1].write_domain, RADEON_GEM_DOMAIN_GTT);
		igt_assert_eq_u64(req.chunk_ptrs[1], (uintptr_t)&req.chunks[1]);
		/* an empty stream stays empty: the kernel then rejects the IB chunk */
		r300_cs_reset(cs);
		r300_cs_request_init(&req, cs);
		igt_assert_eq_u32(req.chunks[0].length_dw, 0);
		igt_assert_eq_u32(req.chunks[1].length_dw, 0);
		r300_cs_free(cs);
	}

	igt_describe("R300-family chips are identified by PCI id; other radeons are not");
	igt_subtest("chip-ids") {
		static const struct { uint32_t id; enum r300_chip chip; } known[] = {
			{ 0x4e44, R300 }, { 0x4144, R300 }, { 0x4e48, R350 }, { 0x4150, RV350 },
			{ 0x4e50, RV350 }, { 0x3e50, RV380 }, { 0x5460, RV380 },
			{ 0x5b60, RV380 }, { 0x4a48, R420 }, { 0x5d57, R420 }, { 0x5e4c, RV410 },
			{ 0x5a41, RS400 }, { 0x5954, RS480 }, { 0x7140, RV515 }, { 0x7100, R520 },
			{ 0x71c0, RV530 }, { 0x791e, RS690 },
		};
		enum r300_chip chip;

		array_for_each(c, known) {
			igt_assert_f(r300_chip_from_pci_id(c->id, &chip),
				     "%#x not found\n", c->id);
			igt_assert_eq(chip, c->chip);
		}
		igt_assert(!r300_chip_from_pci_id(0x5144, &chip));	/* R100 */
		igt_assert(!r300_chip_from_pci_id(0x9440, &chip));	/* RV770 */
		igt_assert_eq_str(r300_chip_name(RV350), "RV350");
		igt_assert(r300_chip_is_r500(RV515) && !r300_chip_is_r500(RS740));
		igt_assert(r300_chip_is_r400(RV410) && !r300_chip_is_r400(RS480));
		igt_assert_eq(r300_chip_vert_fpus(RV350), 2);
		igt_assert_eq(r300_chip_vert_fpus(RS480), 0);
		igt_assert(r300_chip_high_second_pipe(RV380) && !r300_chip_high_second_pipe(R420));
	}

	igt_describe("overflowing a stream or an oversized packet fail the test");
	igt_subtest("misuse-caught") {
		igt_assert_fails(overflow);
		igt_assert_fails(count_too_big);
	}
}

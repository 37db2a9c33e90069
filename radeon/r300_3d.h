/* SPDX-License-Identifier: MIT */
/*
 * A minimal R300/R400 3D pipeline on top of radeon/r300_cs.h: the state a
 * draw needs (as Mesa's r300 driver emits it, from r300_emit.c,
 * r300_state.c and r300_context.c), a colour buffer with its relocations,
 * vertex programs uploaded through VAP_PVS_UPLOAD_DATA, R300/R400 fragment
 * programs, and 3D_DRAW_IMMD_2 draws with a position and a colour per
 * vertex. Every value comes from the generated r300.xml.h/r300_pvs.xml.h
 * names and packers.
 *
 *	r300_emit_3d_setup(cs, fb, 0, 64, 64, 64);	everything below, pass-through
 *	r300_draw_quad(cs, -1, -1, 1, 1, 0, red);
 *	r300_emit_flush(cs);
 *	r300_cs_submit_wait(cs, fb);
 *
 * Conventions: the colour buffer is ARGB8888 (a dword 0xAARRGGBB per
 * pixel), pitch in pixels; the viewport maps NDC (-1,-1) to the bottom-left
 * and (1,1) to the top-right of a w x h window at pixel (0,0) (row 0 is the
 * top); the vertex stream is float4 position then float4 colour.
 *
 * Not covered: the RV530 Z-pass pipe select, IGPs without hardware TCL,
 * mipmaps, several texture units.
 */
#ifndef DRMSUB_RADEON_R300_3D_H
#define DRMSUB_RADEON_R300_3D_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/r300_cs.h"
#include "radeon/r300.xml.h"
#include "radeon/r300_pvs.xml.h"

/* ---- vertex programs (radeon/pvs.c) ---------------------------------- */

#define R300_VS_MAX_INST 64
#define R300_VS_MAX_CONSTS 16

/* Four pvs_swizzle selects, X in the low bits (3 bits each). */
#define R300_PVS_SWZ(x, y, z, w) ((x) | (y) << 3 | (z) << 6 | (w) << 9)
#define R300_PVS_SWZ_XYZW                                                        \
	R300_PVS_SWZ(PVS_SRC_SELECT_X, PVS_SRC_SELECT_Y, PVS_SRC_SELECT_Z, PVS_SRC_SELECT_W)

/* A source operand: pvs_src_reg_type, index, swizzle, negate mask (bit 0 = X). */
struct r300_pvs_src {
	uint32_t type, index, swizzle, negate;
};
/* A destination: pvs_dst_reg_type, index, write mask (bit 0 = X). */
struct r300_pvs_dst {
	uint32_t type, index, wmask;
};

#define R300_PVS_SRC(t, i)                                                       \
	((struct r300_pvs_src){ .type = (t), .index = (i), .swizzle = R300_PVS_SWZ_XYZW })
#define R300_PVS_IN(i) R300_PVS_SRC(PVS_SRC_REG_INPUT, i)
#define R300_PVS_TEMP(i) R300_PVS_SRC(PVS_SRC_REG_TEMPORARY, i)
#define R300_PVS_CONST(i) R300_PVS_SRC(PVS_SRC_REG_CONSTANT, i)
#define R300_PVS_DST(t, i) ((struct r300_pvs_dst){ .type = (t), .index = (i), .wmask = 0xf })
#define R300_PVS_OUT(i) R300_PVS_DST(PVS_DST_REG_OUT, i)
#define R300_PVS_DTEMP(i) R300_PVS_DST(PVS_DST_REG_TEMPORARY, i)

/* One PVS instruction: dword 0 destination + opcode, dwords 1-3 sources. */
struct r300_pvs_inst {
	uint32_t dw[4];
};

/* Operand words (pvs_dst / pvs_src bitsets). */
uint32_t r300_pvs_dst_word(uint32_t opcode, bool math, bool macro, struct r300_pvs_dst dst);
uint32_t r300_pvs_src_word(struct r300_pvs_src src);

/*
 * Instructions as Mesa's r3xx_vertprog.c encodes them: MOV is VE_ADD with a
 * zero second operand; unused operands repeat the previous operand's
 * register with every component forced to 0; MAD with three different
 * temporaries uses the PVS_MACRO_OP_2CLK_MADD macro.
 */
/* The instructions of one operand, of two, and of three: dst = op(a[, b[, c]]). */
typedef struct r300_pvs_inst r300_pvs_op1(struct r300_pvs_dst dst, struct r300_pvs_src a);
typedef struct r300_pvs_inst r300_pvs_op2(struct r300_pvs_dst dst, struct r300_pvs_src a,
					  struct r300_pvs_src b);
typedef struct r300_pvs_inst r300_pvs_op3(struct r300_pvs_dst dst, struct r300_pvs_src a,
					  struct r300_pvs_src b, struct r300_pvs_src c);

r300_pvs_op1 r300_pvs_mov, r300_pvs_frc;
r300_pvs_op2 r300_pvs_add, r300_pvs_mul, r300_pvs_dp4, r300_pvs_min, r300_pvs_max, r300_pvs_sge,
	r300_pvs_slt;
r300_pvs_op3 r300_pvs_mad;
/* DP3: DP4 with both W lanes forced to 0 (how Mesa lowers it). */
r300_pvs_op2 r300_pvs_dp3;
/* R5xx only (RV515- opcodes): SEQ, SNE, SGT, and CMP = a < 0 ? b : c (Mesa ei_cmp). */
r300_pvs_op2 r300_pvs_seq, r300_pvs_sne, r300_pvs_sgt;
r300_pvs_op3 r300_pvs_cmp;
/* @inst with its engine's saturate bit (VE_SAT or ME_SAT): R5xx, as Mesa uses it. */
struct r300_pvs_inst r300_pvs_saturate(struct r300_pvs_inst inst);
/*
 * A math-engine (pvs_me_opcode) instruction on the scalar @a.x (Mesa
 * ei_math1: the X select replicated into all four), e.g. ME_RECIP_DX.
 */
struct r300_pvs_inst r300_pvs_math1(uint32_t me_opcode, struct r300_pvs_dst dst,
				    struct r300_pvs_src a);
/* POW: ME_POWER_FUNC_FF, base @a.x in operand 0, exponent @b.x in operand 2 (Mesa ei_pow). */
r300_pvs_op2 r300_pvs_pow;
/* An instruction from its four words as given (probes of claimed encodings). */
struct r300_pvs_inst r300_pvs_raw(uint32_t dst_word, uint32_t src0, uint32_t src1, uint32_t src2);

struct r300_vs {
	uint32_t dw[4 * R300_VS_MAX_INST];
	uint32_t nr_inst;
	uint32_t nr_inputs, nr_outputs, nr_temps;
	uint32_t last_input_read;	/* index of the last instruction reading an input */
	uint32_t last_pos_write;	/* index of the last instruction writing output 0 */
	float consts[R300_VS_MAX_CONSTS][4];
	uint32_t nr_consts;
};

/* Empty program reading @inputs vertex inputs and writing @outputs outputs. */
void r300_vs_init(struct r300_vs *vs, uint32_t inputs, uint32_t outputs);
void r300_vs_add(struct r300_vs *vs, struct r300_pvs_inst inst);
/* Set constant @i (uploaded by r300_emit_vs). */
void r300_vs_const(struct r300_vs *vs, uint32_t i, float x, float y, float z, float w);
/* out0 = in0 (position), out1 = in1 (colour). */
void r300_vs_passthrough(struct r300_vs *vs);

/*
 * VAP_PVS_STATE_FLUSH_REG, VAP_PVS_CODE_CNTL_0/1, the code through
 * VAP_PVS_VECTOR_INDX_REG + VAP_PVS_UPLOAD_DATA (ONE_REG_WR), VAP_CNTL,
 * cleared flow control, VAP_PVS_CONST_CNTL and the constants.
 */
void r300_emit_vs(struct r300_cs *cs, const struct r300_vs *vs);
/* r300_vs_passthrough's program, emitted (the 3D setups' vertex shader). */
void r300_emit_vs_passthrough(struct r300_cs *cs);

/* ---- fragment programs, R300/R400 and R5xx US (radeon/us.c) ---------- */

#define R300_FS_MAX_ALU 64
#define R300_FS_MAX_TEX 32
#define R300_FS_MAX_CONSTS 32

/*
 * A fragment program in both encodings: the R3xx/R4xx words (r300.xml
 * US_ALU_*, US_TEX_INST: one node, its TEX instructions before its ALU
 * ones) and the R5xx instructions (r500_us.xml, 6 dwords each, ALU, TEX
 * and FC in program order); r300_emit_fs picks the chip's. A program
 * built only for R5xx (flow control) has nr_alu 0.
 */
struct r300_fs {
	uint32_t rgb_inst[R300_FS_MAX_ALU], rgb_addr[R300_FS_MAX_ALU];
	uint32_t alpha_inst[R300_FS_MAX_ALU], alpha_addr[R300_FS_MAX_ALU];
	uint32_t tex_inst[R300_FS_MAX_TEX];
	uint32_t nr_alu, nr_tex;
	uint32_t r500_inst[R300_FS_MAX_ALU][6];
	uint32_t nr_r500;
	uint32_t r500_fc_ctrl;		/* US_FC_CTRL (FULL_FC_EN for loops, as Mesa) */
	uint32_t r500_int_const;	/* US_FC_INT_CONST_0, written when non-zero */
	uint32_t nr_temps;
	uint32_t consts[R300_FS_MAX_CONSTS][4];	/* already in the 24-bit float format */
	uint32_t r500_consts[R300_FS_MAX_CONSTS][4];	/* IEEE single bits */
	uint32_t nr_consts;
};

/*
 * One R5xx ALU (or OUT) instruction on both units: A * B + C with A =
 * source slot 0, B = 1, C = source slot 1 (negated with @neg_c) or 0, so
 * a move of slot 0 or a sum of the two slots. Its result may go to a
 * temporary (all four channels), to colour output 0, and (red, compared
 * with 0 by @result_op) to the ALU result flow control tests, as Mesa's
 * r500_fragprog_emit.c emit_paired sets those bits.
 */
struct r500_alu {
	uint32_t type;			/* R500_INST_TYPE_ALU or _OUT */
	uint32_t src0, src1;		/* temporary or constant addresses */
	bool src0_const, src1_const;
	bool add_src1, neg_c;
	bool write_temp;
	uint32_t dst;
	bool write_out;
	bool alu_result;
	uint32_t result_op;		/* r500_alu_result_op */
	bool sem_wait;			/* TEX_SEM_WAIT: wait for the texture results */
};
void r300_r500_alu(uint32_t inst[6], const struct r500_alu *a);
/* Append an instruction's six words to @fs's R5xx program. */
void r300_fs_r500_add(struct r300_fs *fs, const uint32_t inst[6]);
/* Set constant @i in both encodings. */
void r300_fs_const(struct r300_fs *fs, uint32_t i, const float rgba[4]);

/* Mesa's pack_float24: sign 23, exponent 22:16 (bias 63), mantissa 15:0. */
uint32_t r300_float24(float f);

/* Output the interpolated colour (rasterised into temporary 0). */
void r300_fs_passthrough(struct r300_fs *fs);
/* Output a constant colour (US_ALU_CONST 0). */
void r300_fs_constant(struct r300_fs *fs, const float rgba[4]);
/* Sample unit 0 at the coordinate rasterised into temporary 0 and output the texel. */
void r300_fs_texture(struct r300_fs *fs);

/*
 * R5xx flow control (radeon/us500.c), in the sequences Mesa's
 * r500_fragprog_emit.c emit_flowcontrol writes: outputs @then_rgba where
 * the interpolated red is >= @threshold and @else_rgba elsewhere (IF /
 * ELSE / ENDIF on the ALU result of red - threshold); and a LOOP of
 * @iterations (US_FC_INT_CONST_0) adding @step to a sum that starts at 0.
 */
void r500_fs_if_else(struct r300_fs *fs, float threshold, const float then_rgba[4],
		     const float else_rgba[4]);
void r500_fs_loop(struct r300_fs *fs, uint32_t iterations, const float step[4]);

/*
 * R3xx/R4xx: US_CONFIG, US_PIXSIZE, US_CODE_OFFSET, (R400: US_CODE_BANK,
 * US_CODE_EXT), US_CODE_ADDR_0..3, the ALU instruction/address tables and
 * the constants. R5xx (as Mesa's r300_fs.c): US_CONFIG, US_PIXSIZE,
 * US_FC_CTRL, R500_US_CODE_RANGE/OFFSET/ADDR, the instructions and then
 * the constants through GA_US_VECTOR_INDEX/DATA. Both: FG_DEPTH_SRC, US_W_FMT.
 */
void r300_emit_fs(struct r300_cs *cs, const struct r300_fs *fs);

/* ---- fixed-function state (radeon/state.c) --------------------------- */

/*
 * State a draw depends on that tests do not vary: GB, GA, SU, SC, VAP
 * clipping and guard band, FG, RB3D and ZB defaults (Z disabled: the
 * checker assumes Z is enabled until ZB_CNTL says otherwise).
 */
void r300_emit_invariant(struct r300_cs *cs);
/*
 * Colour buffer 0: RB3D_CCTL (one buffer), RB3D_COLOROFFSET0 and
 * RB3D_COLORPITCH0 (ARGB8888) each followed by its reloc (the pitch one
 * carries tiling, libdrm sends no KEEP_TILING_FLAGS), US_OUT_FMT_0..3.
 */
void r300_emit_colorbuffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			   uint32_t pitch_px);
/* Only colour buffer 0's RB3D_CCTL, offset and pitch (in @format), without US_OUT_FMT. */
void r300_emit_colorbuffer0(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			    uint32_t pitch_px, enum r300_colorformat format);
/* SE_VPORT_* for a w x h window at (0,0), VAP_VTE_CNTL. */
void r300_emit_viewport(struct r300_cs *cs, uint32_t w, uint32_t h);
/* SC_SCISSOR0/1 for pixels [x0, x1) x [y0, y1); R3xx/R4xx add 1440. */
void r300_emit_scissor(struct r300_cs *cs, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);
/* The cliprects: SC_CLIP_n_A/B, four of them, each combined by SC_CLIP_RULE. */
#define R300_CLIPRECTS 4
/* Cliprect @n for pixels [x0, x1) x [y0, y1), empty where x1 == x0 or y1 == y0. */
void r300_emit_cliprect(struct r300_cs *cs, unsigned int n, uint32_t x0, uint32_t y0, uint32_t x1,
			uint32_t y1);
/* SC_CLIP_RULE: pass the pixels inside any cliprect in the mask @rects (bit n: cliprect n). */
void r300_emit_clip_union(struct r300_cs *cs, unsigned int rects);
/* GA_COLOR_CONTROL: Gouraud or flat (provoking vertex: the last) shading. */
void r300_emit_shading(struct r300_cs *cs, bool flat);
/* RB3D_COLOR_CHANNEL_MASK for colour buffer 0. */
void r300_emit_color_mask(struct r300_cs *cs, bool r, bool g, bool b, bool a);

struct r300_blend {
	enum r300_comb_fcn fcn;
	enum r300_blend_factor src, dst;
};
/* RB3D_BLENDCNTL / RB3D_ABLENDCNTL; separate alpha when @alpha differs from @rgb. */
void r300_emit_blend(struct r300_cs *cs, bool enable, struct r300_blend rgb,
		     struct r300_blend alpha);
/* The CONST_COLOR/ALPHA factors' colour (0xAARRGGBB): RB3D_CONSTANT_COLOR, on R5xx _AR/_GB. */
void r300_emit_blend_color(struct r300_cs *cs, uint32_t argb);
/* FG_ALPHA_FUNC: compare the fragment's alpha (0..255) with @ref. */
void r300_emit_alpha_test(struct r300_cs *cs, bool enable, enum r300_alpha_func func,
			  uint32_t ref);

/*
 * Colour buffer 0 in @format with US_OUT_FMT_0 C4_8 (Mesa's
 * r300_translate_out_fmt for the 8-bit-or-less formats r300 renders to:
 * B5G6R5, B4G4R4A4, B5G5R5A1, B8G8R8A8; see the .c for the C0..C3
 * selects), the other outputs unused. Pitch in pixels.
 */
void r300_emit_colorbuffer_format(struct r300_cs *cs, struct r300_bo *bo, uint32_t pitch_px,
				  enum r300_colorformat format);

/* ZB_CNTL = 0, ZB_ZSTENCILCNTL = 0. */
void r300_emit_zb_disable(struct r300_cs *cs);
/*
 * ZB_FORMAT, ZB_DEPTHOFFSET and ZB_DEPTHPITCH each with its reloc. A 24-bit
 * depth pixel is a dword with Z in bits 31:8 and stencil in 7:0 (Mesa's
 * S8_UINT_Z24_UNORM); a 16-bit one is a 16-bit Z.
 */
void r300_emit_zbuffer_format(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			      uint32_t pitch_px, enum r300_depthformat format);
/* r300_emit_zbuffer_format with DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL. */
void r300_emit_zbuffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
		       uint32_t pitch_px);
/* hyperz.c: the Z-mask dwords of a @pitch_px x @height level with 4x4 blocks (Mesa's count). */
uint32_t r300_zmask_dwords(uint32_t z_pipes, uint32_t pitch_px, uint32_t height);
/* 3D_CLEAR_ZMASK: Z-mask dwords 0 .. @dwords - 1 to the fast-cleared state. */
void r300_emit_zmask_clear(struct r300_cs *cs, uint32_t dwords);
/* ZB_DEPTHCLEARVALUE = @clear_value; ZB_BW_CNTL FAST_FILL, RD_COMP, WR_COMP (needs WANT_HYPERZ). */
void r300_emit_hyperz_fast_fill(struct r300_cs *cs, uint32_t clear_value);
/* ZB_CNTL (Z_ENABLE, ZWRITEENABLE) and ZB_ZSTENCILCNTL.ZFUNC. */
void r300_emit_depth_test(struct r300_cs *cs, enum r300_zs_func func, bool write);
/*
 * Stencil (radeon/stencil.c) as r300_create_dsa_state packs it: ZB_CNTL
 * STENCIL_ENABLE (with Z_ENABLE and ZWRITEENABLE from @z_func / @z_write,
 * Z off when @z_func is negative), ZB_ZSTENCILCNTL's front function and
 * ops, ZB_STENCILREFMASK's reference, value mask and write mask.
 */
struct r300_stencil {
	enum r300_zs_func func;
	enum r300_stencil_op fail, zfail, zpass;
	uint32_t ref, mask, writemask;
};
void r300_emit_stencil(struct r300_cs *cs, const struct r300_stencil *st, int z_func,
		       bool z_write);

/* SU_CULL_MODE (radeon/raster_state.c): drop front and/or back faces; @face_cw: CW is front. */
void r300_emit_cull(struct r300_cs *cs, bool front, bool back, bool face_cw);
/*
 * Two quads of one colour: the left half of the viewport wound
 * counter-clockwise as displayed (row 0 at the top), the right half
 * clockwise (3D_DRAW_IMMD_2 QUADS).
 */
void r300_draw_winding_quads(struct r300_cs *cs, const float rgba[4]);
/*
 * Polygon offset as Mesa's r300_emit_rs_state programs GL's factor and
 * units (SCALE = factor * 12, OFFSET = units * 2 for a 24-bit depth
 * buffer, * 4 for a 16-bit one), front and back alike, and
 * SU_POLY_OFFSET_ENABLE FRONT/BACK (r300_create_rs_state).
 */
void r300_emit_polygon_offset(struct r300_cs *cs, bool enable, float factor, float units,
			      bool depth16);

/* Start counting: all raster pipes selected, ZB_ZPASS_DATA = 0. */
void r300_emit_zpass_begin(struct r300_cs *cs);
/*
 * Write each GB pipe's count to @bo + @offset + 4 * pipe: SU_REG_DEST
 * selects one pipe, ZB_ZPASS_ADDR (+ reloc) stores it; then all pipes again.
 */
void r300_emit_zpass_end(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset);
/* The count stored by r300_emit_zpass_end: the sum over the device's GB pipes (Mesa's result). */
uint32_t r300_zpass_result(struct r300_bo *bo, uint32_t offset);

/* Flush and free the colour and Z caches, wait for the 3D engine to be idle and clean. */
void r300_emit_flush(struct r300_cs *cs);

/* ---- vertices and draws (radeon/draw.c) ------------------------------- */

struct r300_vertex {
	float x, y, z, w;
	float r, g, b, a;
};

/*
 * Vertex input and output formats for float4 position + float4 colour:
 * VAP_PROG_STREAM_CNTL(_EXT) (inputs 0 and 1), VAP_VTX_STATE_CNTL,
 * VAP_VSM_VTX_ASSM, VAP_OUT_VTX_FMT_0/1.
 */
void r300_emit_vertex_format(struct r300_cs *cs);
/* The same streams with @vsm_assm (VAP_VSM_VTX_ASSM) and VAP_OUT_VTX_FMT_0/1 @fmt0, @fmt1. */
void r300_emit_vertex_layout(struct r300_cs *cs, uint32_t vsm_assm, uint32_t fmt0,
			     uint32_t fmt1);
/*
 * RS with one route: RS_IP_0 = @ip, RS_COUNT = @count with RS_INST_COUNT 0,
 * RS_INST_0 = @inst, at the R5xx registers (R500_RS_IP_0, R500_RS_INST_0)
 * on R5xx; @ip and @inst are in the chip's own layout.
 */
void r300_emit_rs_route(struct r300_cs *cs, uint32_t count, uint32_t ip, uint32_t inst);
/* RS: interpolate colour 0 (RGBA) into fragment temporary 0 (R3xx/R4xx or R5xx layout). */
void r300_emit_rs_color(struct r300_cs *cs);

/*
 * VAP_VTX_SIZE, VAP_VF_MAX/MIN_VTX_INDX, then 3D_DRAW_IMMD_2 with VAP_VF_CNTL
 * (PRIM_WALK 3 = vertex data in the packet) and the vertices.
 */
void r300_draw_immd(struct r300_cs *cs, enum r300_prim_type prim,
		    const struct r300_vertex *v, uint32_t n);
/*
 * 3D_LOAD_VBPNTR: r300_vertex records in @bo from byte @offset, position
 * and colour as arrays 0 and 1 (stream elements 0 and 1), two relocs.
 */
void r300_emit_vertex_buffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset);
/* 3D_DRAW_VBUF_2 (PRIM_WALK 2): vertices 0 .. @n - 1 of the vertex buffer. */
void r300_draw_vbuf(struct r300_cs *cs, enum r300_prim_type prim, uint32_t n);
/*
 * 3D_DRAW_INDX_2 (PRIM_WALK 1) with @n indices in the packet: 16-bit ones
 * two to a dword, the first in the low half, or 32-bit with @index32;
 * VAP_VF_MAX_VTX_INDX = @max_index.
 */
void r300_draw_indx(struct r300_cs *cs, enum r300_prim_type prim, const uint32_t *index,
		    uint32_t n, bool index32, uint32_t max_index);
/* 3D_DRAW_INDX_2 without indices, then INDX_BUFFER of @bo at @offset (+ reloc). */
void r300_draw_indx_buffer(struct r300_cs *cs, enum r300_prim_type prim, struct r300_bo *bo,
			   uint32_t offset, uint32_t n, bool index32, uint32_t max_index);
void r300_draw_triangle(struct r300_cs *cs, const struct r300_vertex v[3]);
/* An axis-aligned quad in NDC at depth @z with one colour. */
void r300_draw_quad(struct r300_cs *cs, float x0, float y0, float x1, float y1, float z,
		    const float rgba[4]);

/*
 * The state every draw here shares: invariant state, the ARGB8888 colour
 * buffer, viewport and scissor for w x h, Gouraud shading.
 */
void r300_emit_3d_base(struct r300_cs *cs, struct r300_bo *fb, uint32_t offset,
		       uint32_t pitch_px, uint32_t w, uint32_t h);
/*
 * Everything for pass-through drawing into a w x h ARGB8888 colour buffer:
 * invariant state, colour buffer, viewport, scissor, Gouraud shading, all
 * channels written, no blending or alpha test, Z off, vertex format, RS,
 * pass-through vertex and fragment programs.
 */
void r300_emit_3d_setup(struct r300_cs *cs, struct r300_bo *fb, uint32_t offset,
			uint32_t pitch_px, uint32_t w, uint32_t h);

/* ---- textures (radeon/tex.c) ----------------------------------------------- */

/* One level of a 2D texture of unit 0, its rows r300_tx_pitch_bytes apart. */
struct r300_texture {
	struct r300_bo *bo;		/* tiled as GEM_SET_TILING says */
	uint32_t offset;		/* bytes, 32-byte aligned */
	uint32_t width, height;		/* texels, 1..2048 */
	enum r300_tx_format format;
	enum r300_tx_swiz sel[4];	/* the shader's R, G, B, A from X, Y, Z, W, 0 or 1 */
	enum r300_tx_mag_filter mag;
	enum r300_tx_min_filter min;
	enum r300_tx_wrap wrap;		/* S, T and R */
	uint8_t sign;			/* bit n: component n signed (TX_FORMAT1 bit 5 + n, Mesa's sign_bit[n]) */
};

/* TX_FORMAT1 selects of the BGRA-in-memory formats (Mesa's R300_EASY_TX_FORMAT(Z, Y, X, W)). */
#define R300_TX_SEL_BGRA { TX_SEL_Z, TX_SEL_Y, TX_SEL_X, TX_SEL_W }
/* ... and of the ones without alpha (B5G6R5: alpha ONE) */
#define R300_TX_SEL_BGR1 { TX_SEL_Z, TX_SEL_Y, TX_SEL_X, TX_SEL_ONE }

/* Bytes per texel (the kernel checker's count); 0 for formats without a harness layout. */
uint32_t r300_tx_format_cpp(enum r300_tx_format format);
/* Bytes from one texel row to the next of a linear level @width texels wide (Mesa's stride). */
uint32_t r300_tx_pitch_bytes(enum r300_tx_format format, uint32_t width);
/* TX_ENABLE (unit 0), TX_FILTER0/1, TX_BORDER_COLOR, TX_FORMAT0/1/2, TX_OFFSET + reloc. */
void r300_emit_texture(struct r300_cs *cs, unsigned int unit, const struct r300_texture *t);
/* TX_ENABLE = 0. */
void r300_emit_texture_disable(struct r300_cs *cs);
/* Vertex layout with texture coordinate set 0 (4 components) instead of a colour. */
void r300_emit_vertex_format_tex(struct r300_cs *cs);
/* RS: texture coordinate set 0 into fragment temporary 0. */
void r300_emit_rs_tex(struct r300_cs *cs);
/*
 * r300_emit_3d_setup for textured drawing: the vertex's second vector is
 * texture coordinate set 0, the fragment program samples @t and outputs
 * the texel.
 */
void r300_emit_3d_setup_tex(struct r300_cs *cs, struct r300_bo *fb, uint32_t pitch_px,
			    uint32_t w, uint32_t h, const struct r300_texture *t);
/* An axis-aligned quad in NDC, texture coordinate (s0, t0) at its top-left, (s1, t1) bottom-right. */
void r300_draw_textured_quad(struct r300_cs *cs, float x0, float y0, float x1, float y1,
			     float s0, float t0, float s1, float t1);

#endif

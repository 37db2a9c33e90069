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
 * textures.
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
struct r300_pvs_inst r300_pvs_mov(struct r300_pvs_dst dst, struct r300_pvs_src a);
struct r300_pvs_inst r300_pvs_add(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_mul(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_mad(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b, struct r300_pvs_src c);
struct r300_pvs_inst r300_pvs_dp4(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
/* DP3: DP4 with both W lanes forced to 0 (how Mesa lowers it). */
struct r300_pvs_inst r300_pvs_dp3(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_min(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_max(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_sge(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_slt(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_frc(struct r300_pvs_dst dst, struct r300_pvs_src a);
/* R5xx only (RV515- opcodes): SEQ, SNE, SGT, and CMP = a < 0 ? b : c (Mesa ei_cmp). */
struct r300_pvs_inst r300_pvs_seq(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_sne(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_sgt(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
struct r300_pvs_inst r300_pvs_cmp(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b, struct r300_pvs_src c);
/* @inst with its engine's saturate bit (VE_SAT or ME_SAT): R5xx, as Mesa uses it. */
struct r300_pvs_inst r300_pvs_saturate(struct r300_pvs_inst inst);
/*
 * A math-engine (pvs_me_opcode) instruction on the scalar @a.x (Mesa
 * ei_math1: the X select replicated into all four), e.g. ME_RECIP_DX.
 */
struct r300_pvs_inst r300_pvs_math1(uint32_t me_opcode, struct r300_pvs_dst dst,
				    struct r300_pvs_src a);
/* POW: ME_POWER_FUNC_FF, base @a.x in operand 0, exponent @b.x in operand 2 (Mesa ei_pow). */
struct r300_pvs_inst r300_pvs_pow(struct r300_pvs_dst dst, struct r300_pvs_src a,
				  struct r300_pvs_src b);
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

/* ---- fragment programs, R300/R400 and R5xx US (radeon/us.c) ---------- */

#define R300_FS_MAX_ALU 64
#define R300_FS_MAX_CONSTS 32

/*
 * A fragment program in both encodings: the R3xx/R4xx words (r300.xml
 * US_ALU_*) and the R5xx instructions (r500_us.xml, 6 dwords each);
 * r300_emit_fs picks the chip's.
 */
struct r300_fs {
	uint32_t rgb_inst[R300_FS_MAX_ALU], rgb_addr[R300_FS_MAX_ALU];
	uint32_t alpha_inst[R300_FS_MAX_ALU], alpha_addr[R300_FS_MAX_ALU];
	uint32_t r500_inst[R300_FS_MAX_ALU][6];
	uint32_t nr_alu;
	uint32_t nr_temps;
	uint32_t consts[R300_FS_MAX_CONSTS][4];	/* already in the 24-bit float format */
	uint32_t r500_consts[R300_FS_MAX_CONSTS][4];	/* IEEE single bits */
	uint32_t nr_consts;
};

/* Mesa's pack_float24: sign 23, exponent 22:16 (bias 63), mantissa 15:0. */
uint32_t r300_float24(float f);

/* Output the interpolated colour (rasterised into temporary 0). */
void r300_fs_passthrough(struct r300_fs *fs);
/* Output a constant colour (US_ALU_CONST 0). */
void r300_fs_constant(struct r300_fs *fs, const float rgba[4]);

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
 * Everything for pass-through drawing into a w x h ARGB8888 colour buffer:
 * invariant state, colour buffer, viewport, scissor, Gouraud shading, all
 * channels written, no blending or alpha test, Z off, vertex format, RS,
 * pass-through vertex and fragment programs.
 */
void r300_emit_3d_setup(struct r300_cs *cs, struct r300_bo *fb, uint32_t offset,
			uint32_t pitch_px, uint32_t w, uint32_t h);

#endif

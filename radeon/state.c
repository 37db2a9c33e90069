// SPDX-License-Identifier: MIT
/*
 * Fixed-function state for a minimal R300 draw: values as Mesa's r300
 * driver programs them (r300_context.c invariant state, r300_emit.c,
 * r300_state.c), encoded with the generated r300.xml.h packers.
 */
#include <stddef.h>

#include "core/test.h"
#include "radeon/r300_3d.h"
#include "util/util.h"

/* Mesa's sample positions for 1x: every sample at (6, 6) of the 12x12 grid. */
#define MSPOS0_1X 0x66666666
#define MSPOS1_1X 0x06666666

/*
 * Where each value comes from in Mesa's r300 driver:
 * r300_init_states (r300_context.c) invariant state: GB_SELECT, FG_FOG_BLEND,
 *   GA_OFFSET, SU_TEX_WRAP, SU_DEPTH_SCALE/OFFSET, SC_EDGERULE, SC_SCREENDOOR;
 *   its VAP invariant state: VAP_PVS_VTX_TIMEOUT_REG, VAP_GB_VERT_CLIP_ADJ;
 * r300_emit_fb_state_pipelined: GB_MSPOS0/1 of 1x sampling;
 * r300_create_rs_state (r300_state.c), no offset, no culling, no scissor:
 *   GA_POLY_MODE, GA_ROUND_MODE (vertex colours clamped), SU_CULL_MODE,
 *   SU_POLY_OFFSET_ENABLE, SC_CLIP_RULE 0xffff, VAP_CNTL_STATUS;
 * r300_emit_aa_state: GB_AA_CONFIG, RB3D_AARESOLVE_CTL; r300_emit_rs_block_state:
 *   GB_ENABLE; r300_create_blend_state: RB3D_ROPCNTL, RB3D_DITHER_CTL,
 *   RB3D_BLENDCNTL/ABLENDCNTL; r300_emit_dsa_state: FG_ALPHA_FUNC;
 *   r300_emit_ztop_state: ZB_ZTOP.
 * VAP_CLIP_CNTL is the exception, see below.
 */
void r300_emit_invariant(struct r300_cs *cs)
{
	const struct {
		uint32_t reg, value;
	} regs[] = {
		{ REG_R300_GB_SELECT, 0 },
		{ REG_R300_GB_ENABLE, 0 },
		{ REG_R300_GB_AA_CONFIG, 0 },
		{ REG_R300_GB_MSPOS0, MSPOS0_1X },
		{ REG_R300_GB_MSPOS1, MSPOS1_1X },
		{ REG_R300_GA_POLY_MODE, 0 },
		{ REG_R300_GA_ROUND_MODE, R300_GA_ROUND_MODE(.geometry_round_nearest = 1) },
		{ REG_R300_GA_OFFSET, 0 },
		{ REG_R300_SU_TEX_WRAP, 0 },
		{ REG_R300_SU_CULL_MODE, 0 },
		{ REG_R300_SU_POLY_OFFSET_ENABLE, 0 },
		/* 24-bit Z: window z in [0, 1] scaled to 2^24 - 1 = 16777215.0f */
		{ REG_R300_SU_DEPTH_SCALE, 0x4b7fffff },
		{ REG_R300_SU_DEPTH_OFFSET, 0 },
		/* Mesa's edge rule; the database describes no fields for it */
		{ REG_R300_SC_EDGERULE, 0x2da49525 },
		/* every combination of cliprects passes: cliprects play no part */
		{ REG_R300_SC_CLIP_RULE, 0xffff },
		/* all samples of all four pixels of a quad */
		{ REG_R300_SC_SCREENDOOR, 0xffffff },
		/* little-endian host: no swap; hardware TCL (no TCL_BYPASS) */
		{ REG_R300_VAP_CNTL_STATUS, R300_VAP_CNTL_STATUS(.vc_swap = VC_NO_SWAP) },
		/*
		 * test geometry stays inside the viewport: no clipping.
		 * HARDWARE CLAIM: CLIP_DISABLE with hardware TCL skips clipping
		 * and nothing else — not found in kernel/Mesa; verify on silicon
		 * (r300_create_rs_state sends CLIP_DISABLE only without TCL; with
		 * TCL it sends the clip-plane enables and CLIP_AS_TRIFAN).
		 */
		{ REG_R300_VAP_CLIP_CNTL, R300_VAP_CLIP_CNTL(.clip_disable = 1) },
		{ REG_R300_VAP_PVS_VTX_TIMEOUT_REG, 0xffff },
		{ REG_R300_FG_FOG_BLEND, 0 },
		{ REG_R300_FG_ALPHA_FUNC, 0 },
		{ REG_R300_RB3D_ROPCNTL, 0 },
		{ REG_R300_RB3D_DITHER_CTL, 0 },
		{ REG_R300_RB3D_AARESOLVE_CTL, 0 },
		{ REG_R300_RB3D_BLENDCNTL, 0 },
		{ REG_R300_RB3D_ABLENDCNTL, 0 },
		/* early Z would skip the alpha test's discards */
		{ REG_R300_ZB_ZTOP, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(regs); i++)
		r300_cs_reg(cs, regs[i].reg, regs[i].value);
	/* guard band: clip and discard at the viewport's edges (1.0) */
	r300_cs_packet0(cs, REG_R300_VAP_GB_VERT_CLIP_ADJ, 4);
	for (int i = 0; i < 4; i++)
		r300_cs_emitf(cs, 1.0f);
	r300_emit_color_mask(cs, true, true, true, true);
	r300_emit_zb_disable(cs);
}

/*
 * r300_emit_fb_state's sequence: RB3D_CCTL, COLOROFFSET0 + reloc,
 * COLORPITCH0 + reloc. NUM_MULTIWRITES 0: one colour buffer, which is
 * what the checker then expects. Mesa also sets
 * INDEPENDENT_COLORFORMAT_ENABLE on R5xx, which only matters with several
 * colour buffers.
 */
void r300_emit_colorbuffer0(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			    uint32_t pitch_px, enum r300_colorformat format)
{
	r300_cs_reg(cs, REG_R300_RB3D_CCTL, R300_RB3D_CCTL(.num_multiwrites = 0));
	r300_cs_reg_reloc(cs, REG_R300_RB3D_COLOROFFSET0, R300_RB3D_COLOROFFSET0_OFFSET(offset),
			  bo, true);
	/* COLORPITCH holds the pixel count, bit 0 clear (the database's shr) */
	r300_cs_reg_reloc(cs, REG_R300_RB3D_COLORPITCH0,
			  r300_colorpitch(.colorpitch = pitch_px, .colorformat = format), bo, true);
}

/*
 * Colour buffer 0 and r300_emit_fb_state_pipelined's US_OUT_FMT_0..3.
 * C4_8 with C0..C3 = B, G, R, A for every format here: r300_translate_out_fmt
 * selects them so for B8G8R8A8, B5G6R5, B4G4R4A4 and B5G5R5A1, whose
 * COLORFORMATs store C0 in the lowest bits (ARGB8888 in memory is B, G,
 * R, A bytes).
 */
static void colorbuffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			uint32_t pitch_px, enum r300_colorformat format)
{
	uint32_t out_fmt[4] = {
		r300_us_out_fmt(.out_fmt = US_OUT_FMT_C4_8, .c0_sel = OUT_SEL_B,
				.c1_sel = OUT_SEL_G, .c2_sel = OUT_SEL_R, .c3_sel = OUT_SEL_A),
		r300_us_out_fmt(.out_fmt = US_OUT_FMT_UNUSED),
		r300_us_out_fmt(.out_fmt = US_OUT_FMT_UNUSED),
		r300_us_out_fmt(.out_fmt = US_OUT_FMT_UNUSED),
	};

	igt_assert_f(pitch_px % 2 == 0, "colour pitch %u: the register holds even pixels\n",
		     pitch_px);
	igt_assert_f(format == COLOR_FORMAT_ARGB8888 || format == COLOR_FORMAT_RGB565 ||
		     format == COLOR_FORMAT_ARGB4444 || format == COLOR_FORMAT_ARGB1555,
		     "colour format %#x: no C4_8 selects here\n", format);
	r300_emit_colorbuffer0(cs, bo, offset, pitch_px, format);
	r300_cs_regs(cs, REG_R300_US_OUT_FMT_0, out_fmt, 4);
}

void r300_emit_colorbuffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			   uint32_t pitch_px)
{
	colorbuffer(cs, bo, offset, pitch_px, COLOR_FORMAT_ARGB8888);
}

void r300_emit_colorbuffer_format(struct r300_cs *cs, struct r300_bo *bo, uint32_t pitch_px,
				  enum r300_colorformat format)
{
	colorbuffer(cs, bo, 0, pitch_px, format);
}

/* r300_emit_viewport_state: SE_VPORT_XSCALE..ZOFFSET in one PACKET0, then VAP_VTE_CNTL */
void r300_emit_viewport(struct r300_cs *cs, uint32_t w, uint32_t h)
{
	/* x' = x * w/2 + w/2; y flipped so that NDC +1 is row 0 */
	const float vp[6] = { w / 2.0f, w / 2.0f, -(h / 2.0f), h / 2.0f, 0.5f, 0.5f };

	r300_cs_packet0(cs, REG_R300_SE_VPORT_XSCALE, 6);
	for (int i = 0; i < 6; i++)
		r300_cs_emitf(cs, vp[i]);
	/* W0_FMT: positions carry w, the VTE divides by it (Mesa's default) */
	r300_cs_reg(cs, REG_R300_VAP_VTE_CNTL,
		    R300_VAP_VTE_CNTL(.vport_x_scale_ena = 1, .vport_x_offset_ena = 1,
				      .vport_y_scale_ena = 1, .vport_y_offset_ena = 1,
				      .vport_z_scale_ena = 1, .vport_z_offset_ena = 1,
				      .vtx_w0_fmt = 1));
}

/*
 * A TL/BR pair of r300_sc_xy corners for pixels [x0, x1) x [y0, y1):
 * inclusive, from the chip's origin (1440 before R5xx). x1 == x0 is an
 * empty rectangle, bottom-right left of top-left. Mesa's zero-area GL
 * scissor at 0 writes x1 - 1 = -1, 8191 in the 13-bit field: whether R5xx
 * (origin 0) reads that as -1 is documented nowhere, so the harness never
 * writes a corner below the origin.
 */
static void emit_sc_rect(struct r300_cs *cs, uint32_t reg, uint32_t x0, uint32_t y0, uint32_t x1,
			 uint32_t y1)
{
	uint32_t origin = r300_chip_is_r500(cs->chip) ? SC_ORIGIN_R5XX : SC_ORIGIN_R3XX;
	uint32_t v[2];

	igt_assert(x1 >= x0 && y1 >= y0 && x1 + origin > 0 && y1 + origin > 0);
	v[0] = r300_sc_xy(.x = x0 + origin, .y = y0 + origin);
	v[1] = r300_sc_xy(.x = x1 - 1 + origin, .y = y1 - 1 + origin);
	r300_cs_regs(cs, reg, v, 2);
}

/* SC_SCISSORS_TL/BR as r300_emit_gpu_flush writes them */
void r300_emit_scissor(struct r300_cs *cs, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
	/* the checker takes maxy from SC_SCISSOR1: an empty scissor has none */
	igt_assert(x1 > x0 && y1 > y0);
	emit_sc_rect(cs, REG_R300_SC_SCISSOR0, x0, y0, x1, y1);
}

/* SC_CLIP_n_A/B as r300_emit_scissor_state (r300_emit.c) writes GL's scissor to cliprect 0 */
void r300_emit_cliprect(struct r300_cs *cs, unsigned int n, uint32_t x0, uint32_t y0, uint32_t x1,
			uint32_t y1)
{
	igt_assert(n < R300_CLIPRECTS);
	emit_sc_rect(cs, REG_R300_SC_CLIP_0_A + 8 * n, x0, y0, x1, y1);
}

/*
 * SC_CLIP_RULE passing the pixels inside any of the cliprects in @rects
 * (bit n: cliprect n): bit k of the rule is the membership code k. Mesa's
 * r300_create_rs_state writes 0xAAAA (cliprect 0) for GL's scissor; the
 * DRI1 kernel's r300_cmdbuf.c r300_cliprect_cntl[] has 0xAAAA, 0xEEEE,
 * 0xFEFE and 0xFFFE for the first one to four cliprects.
 */
void r300_emit_clip_union(struct r300_cs *cs, unsigned int rects)
{
	uint32_t rule = 0;

	igt_assert(rects && rects < 1u << R300_CLIPRECTS);
	for (unsigned int code = 0; code < 1u << R300_CLIPRECTS; code++)
		if (code & rects)
			rule |= 1u << code;
	r300_cs_reg(cs, REG_R300_SC_CLIP_RULE, rule);
}

/* GA_COLOR_CONTROL as Mesa's r300_create_rs_state builds color_control */
void r300_emit_shading(struct r300_cs *cs, bool flat)
{
	uint32_t s = flat ? SHADING_FLAT : SHADING_GOURAUD;

	r300_cs_reg(cs, REG_R300_GA_COLOR_CONTROL,
		    R300_GA_COLOR_CONTROL(.rgb0_shading = s, .alpha0_shading = s,
					  .rgb1_shading = s, .alpha1_shading = s,
					  .rgb2_shading = s, .alpha2_shading = s,
					  .rgb3_shading = s, .alpha3_shading = s,
					  .provoking_vertex = PROVOKING_VERTEX_LAST));
}

/* RB3D_COLOR_CHANNEL_MASK as r300_create_blend_state packs the write mask */
void r300_emit_color_mask(struct r300_cs *cs, bool r, bool g, bool b, bool a)
{
	r300_cs_reg(cs, REG_R300_RB3D_COLOR_CHANNEL_MASK,
		    R300_RB3D_COLOR_CHANNEL_MASK(.blue_mask0 = b, .green_mask0 = g,
						 .red_mask0 = r, .alpha_mask0 = a));
}

void r300_emit_blend(struct r300_cs *cs, bool enable, struct r300_blend rgb,
		     struct r300_blend alpha)
{
	bool separate = rgb.fcn != alpha.fcn || rgb.src != alpha.src || rgb.dst != alpha.dst;

	if (!enable) {
		r300_cs_reg(cs, REG_R300_RB3D_BLENDCNTL, 0);
		r300_cs_reg(cs, REG_R300_RB3D_ABLENDCNTL, 0);
		return;
	}
	/*
	 * r300_create_blend_state's words: ALPHA_BLEND_ENABLE | READ_ENABLE
	 * (blending reads the destination), SEPARATE_ALPHA_ENABLE when alpha
	 * differs, and the ABLENDCNTL equation
	 */
	r300_cs_reg(cs, REG_R300_RB3D_BLENDCNTL,
		    R300_RB3D_BLENDCNTL(.alpha_blend_enable = 1, .separate_alpha_enable = separate,
					.read_enable = 1, .comb_fcn = rgb.fcn,
					.srcblend = rgb.src, .destblend = rgb.dst));
	r300_cs_reg(cs, REG_R300_RB3D_ABLENDCNTL,
		    r300_blend_eq(.comb_fcn = alpha.fcn, .srcblend = alpha.src,
				  .destblend = alpha.dst));
}

/* Mesa's float_to_fixed10 of an 8-bit channel: truncating v * 1023.9. */
static uint32_t fixed10(uint32_t argb, int shift)
{
	return (uint32_t)((float)((argb >> shift) & 0xff) / 255.0f * 1023.9f);
}

void r300_emit_blend_color(struct r300_cs *cs, uint32_t argb)
{
	uint32_t v[2];

	if (!r300_chip_is_r500(cs->chip)) {
		r300_cs_reg(cs, REG_R300_RB3D_CONSTANT_COLOR, argb);
		return;
	}
	/*
	 * R5xx reads its constant colour from AR and GB, 10-bit fixed point for
	 * 8-bit buffers (r300_set_blend_color's R500 path); R3xx/R4xx one ARGB word
	 */
	v[0] = R300_RB3D_CONSTANT_COLOR_AR(.red = fixed10(argb, 16), .alpha = fixed10(argb, 24));
	v[1] = R300_RB3D_CONSTANT_COLOR_GB(.blue = fixed10(argb, 0), .green = fixed10(argb, 8));
	r300_cs_regs(cs, REG_R300_RB3D_CONSTANT_COLOR_AR, v, 2);
}

void r300_emit_alpha_test(struct r300_cs *cs, bool enable, enum r300_alpha_func func,
			  uint32_t ref)
{
	/* r300_emit_dsa_state: R5xx compares 8-bit references only with AF_8BIT */
	r300_cs_reg(cs, REG_R300_FG_ALPHA_FUNC,
		    enable ? R300_FG_ALPHA_FUNC(.af_val = ref, .af_func = func, .af_en = 1,
						.af_8bit = r300_chip_is_r500(cs->chip))
			   : 0);
}

/* r300_create_dsa_state's words without depth or stencil */
void r300_emit_zb_disable(struct r300_cs *cs)
{
	r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
	r300_cs_reg(cs, REG_R300_ZB_ZSTENCILCNTL, 0);
}

void r300_emit_zbuffer_format(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
			      uint32_t pitch_px, enum r300_depthformat format)
{
	igt_assert_f(pitch_px % 4 == 0, "depth pitch %u: the register holds multiples of 4\n",
		     pitch_px);
	/* r300_emit_fb_state's Z part: ZB_FORMAT, ZB_DEPTHOFFSET + reloc, ZB_DEPTHPITCH + reloc */
	r300_cs_reg(cs, REG_R300_ZB_FORMAT, R300_ZB_FORMAT(.depthformat = format));
	r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHOFFSET, R300_ZB_DEPTHOFFSET_OFFSET(offset), bo,
			  true);
	/* like COLORPITCH: the pixel count, a multiple of 4 */
	r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHPITCH,
			  R300_ZB_DEPTHPITCH(.depthpitch = pitch_px), bo, true);
}

void r300_emit_zbuffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset,
		       uint32_t pitch_px)
{
	r300_emit_zbuffer_format(cs, bo, offset, pitch_px, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);
}

/* r300_create_dsa_state: ZB_CNTL Z_ENABLE (| ZWRITEENABLE), ZB_ZSTENCILCNTL ZFUNC */
void r300_emit_depth_test(struct r300_cs *cs, enum r300_zs_func func, bool write)
{
	r300_cs_reg(cs, REG_R300_ZB_CNTL, R300_ZB_CNTL(.z_enable = 1, .zwriteenable = write));
	r300_cs_reg(cs, REG_R300_ZB_ZSTENCILCNTL, R300_ZB_ZSTENCILCNTL(.zfunc = func));
}

static uint32_t pipe_select(unsigned int pipe)
{
	return R300_SU_REG_DEST(.raster_pipe_select_0 = pipe == 0,
				.raster_pipe_select_1 = pipe == 1,
				.raster_pipe_select_2 = pipe == 2,
				.raster_pipe_select_3 = pipe == 3);
}

static uint32_t all_pipes(void)
{
	return R300_SU_REG_DEST(.raster_pipe_select_0 = 1, .raster_pipe_select_1 = 1,
				.raster_pipe_select_2 = 1, .raster_pipe_select_3 = 1);
}

/* r300_emit_query_start: SU_REG_DEST all pipes, ZB_ZPASS_DATA 0 */
void r300_emit_zpass_begin(struct r300_cs *cs)
{
	igt_assert_f(cs->chip != RV530, "RV530 selects Z pipes with FG_ZBREG_DEST\n");
	r300_cs_reg(cs, REG_R300_SU_REG_DEST, all_pipes());
	r300_cs_reg(cs, REG_R300_ZB_ZPASS_DATA, 0);
}

void r300_emit_zpass_end(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset)
{
	uint32_t pipes = cs->dev->num_gb_pipes;

	igt_assert_f(cs->chip != RV530, "RV530 selects Z pipes with FG_ZBREG_DEST\n");
	igt_assert_f(pipes >= 1 && pipes <= 4, "%u GB pipes\n", pipes);
	igt_assert(offset % 4 == 0);
	/*
	 * r300_emit_query_end_frag_pipes: highest pipe first, SU_REG_DEST one
	 * pipe, ZB_ZPASS_ADDR + reloc at 4 bytes a pipe, then SU_REG_DEST 0xF;
	 * on R3xx pipe 1 answers to select bit 3 (high_second_pipe)
	 */
	for (unsigned int p = pipes; p-- > 0;) {
		unsigned int sel = p == 1 && r300_chip_high_second_pipe(cs->chip) ? 3 : p;

		r300_cs_reg(cs, REG_R300_SU_REG_DEST, pipe_select(sel));
		r300_cs_reg_reloc(cs, REG_R300_ZB_ZPASS_ADDR, offset + 4 * p, bo, true);
	}
	r300_cs_reg(cs, REG_R300_SU_REG_DEST, all_pipes());
}

uint32_t r300_zpass_result(struct r300_bo *bo, uint32_t offset)
{
	uint32_t sum = 0;

	for (unsigned int p = 0; p < bo->dev->num_gb_pipes; p++)
		sum += r300_bo_read32(bo, offset + 4 * p);
	return sum;
}

/*
 * Mesa's GPU flush (r300_context.c r300_init_states, emitted by
 * r300_emit_gpu_flush): flush and free the colour cache's 3D tags, flush
 * and free the Z cache, then WAIT_UNTIL 3D_IDLECLEAN. The kernel's
 * r300_fence_ring_emit flushes the same caches and also waits for 2D and
 * DMA idle; the extra waits are the kernel's, after every IB anyway.
 */
void r300_emit_flush(struct r300_cs *cs)
{
	r300_cs_reg(cs, REG_R300_RB3D_DSTCACHE_CTLSTAT,
		    R300_RB3D_DSTCACHE_CTLSTAT(.dc_flush = DC_FLUSH_FLUSH_DIRTY_3D,
					       .dc_free = DC_FREE_FREE_3D_TAGS));
	r300_cs_reg(cs, REG_R300_ZB_ZCACHE_CTLSTAT,
		    R300_ZB_ZCACHE_CTLSTAT(.zc_flush = 1, .zc_free = 1));
	r300_cs_reg(cs, REG_R300_WAIT_UNTIL,
		    R300_WAIT_UNTIL(.wait_3d_idleclean = 1));
}

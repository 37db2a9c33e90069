// SPDX-License-Identifier: MIT
/*
 * a6xx packet builders in the forms freedreno's gallium driver emits
 * (Mesa src/gallium/drivers/freedreno/a6xx), payloads from the generated
 * adreno_pm4.xml.h and a6xx.xml.h. See msm/cs_a6xx.h.
 */
#include "msm/a6xx.xml.h"
#include "msm/adreno_common.xml.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/cs_a6xx.h"

#define R MSM_SUBMIT_BO_READ
#define W MSM_SUBMIT_BO_WRITE

/* fd6_emit.c fd6_emit_state: OUT_PKT7(CP_SET_DRAW_STATE, 3 * n), one group per 3 dwords */
void msm_cs_set_draw_state(struct msm_cs *cs, uint32_t id, uint32_t modes, struct msm_cs *group)
{
	struct msm_bo *bo = msm_cs_upload(group);

	msm_cs_attach_all(cs, group);
	msm_cs_pkt7(cs, CP_SET_DRAW_STATE, 3);
	msm_cs_emit(cs, CP_SET_DRAW_STATE_GROUP_0(.count = group->len, .group_id = id,
						  .binning = !!(modes & MSM_DRAW_BINNING),
						  .gmem = !!(modes & MSM_DRAW_GMEM),
						  .sysmem = !!(modes & MSM_DRAW_SYSMEM)));
	msm_cs_addr(cs, bo, 0, R);
}

/* fd6_emit.c fd6_emit_restore / fd6_gmem.c: DISABLE_ALL_GROUPS with a zero address */
void msm_cs_draw_state_disable(struct msm_cs *cs, uint32_t id, bool all)
{
	msm_cs_pkt7(cs, CP_SET_DRAW_STATE, 3);
	msm_cs_emit(cs, CP_SET_DRAW_STATE_GROUP_0(.group_id = all ? 0 : id, .disable = !all,
						  .disable_all_groups = all));
	msm_cs_emit(cs, 0);
	msm_cs_emit(cs, 0);
}

/* fd6_gmem.c emit_marker6: OUT_PKT7(CP_SET_MARKER, 1) with A6XX_CP_SET_MARKER_0_MODE */
void msm_cs_set_marker(struct msm_cs *cs, uint32_t mode)
{
	msm_cs_pkt7(cs, CP_SET_MARKER, 1);
	msm_cs_emit(cs, A6XX_CP_SET_MARKER_0(.mode = mode));
}

/* fd6_draw.c draw_emit, non-indexed: OUT_PKT7(CP_DRAW_INDX_OFFSET, 3) */
void msm_cs_draw_auto(struct msm_cs *cs, uint32_t count)
{
	msm_cs_pkt7(cs, CP_DRAW_INDX_OFFSET, 3);
	msm_cs_emit(cs, vgt_draw_initiator_a4xx(.prim_type = DI_PT_POINTLIST,
						.source_select = DI_SRC_SEL_AUTO_INDEX,
						.vis_cull = IGNORE_VISIBILITY));
	msm_cs_emit(cs, 1);	/* instances */
	msm_cs_emit(cs, count);
}

/* fd6_gmem.c fd6_emit_tile_init / emit_binning_pass */
void msm_cs_skip_ib2(struct msm_cs *cs, bool global, bool local)
{
	msm_cs_pkt7(cs, CP_SKIP_IB2_ENABLE_GLOBAL, 1);
	msm_cs_emit(cs, global);
	msm_cs_pkt7(cs, CP_SKIP_IB2_ENABLE_LOCAL, 1);
	msm_cs_emit(cs, local);
}

/* fd6_gmem.c fd6_emit_tile_prep: OUT_PKT7(CP_SET_VISIBILITY_OVERRIDE, 1) */
void msm_cs_visibility_override(struct msm_cs *cs, bool override)
{
	msm_cs_pkt7(cs, CP_SET_VISIBILITY_OVERRIDE, 1);
	msm_cs_emit(cs, override);
}

/* fd6_gmem.c update_render_cntl: OUT_PKT7(CP_REG_WRITE, 3) with TRACK_RENDER_CNTL */
void msm_cs_reg_write_tracked(struct msm_cs *cs, uint32_t reg, uint32_t value)
{
	msm_cs_pkt7(cs, CP_REG_WRITE, 3);
	msm_cs_emit(cs, CP_REG_WRITE_0(.tracker = TRACK_RENDER_CNTL));
	msm_cs_emit(cs, reg);
	msm_cs_emit(cs, value);
}

/*
 * The layout adreno_pm4.xml documents for CP_START_BIN (BIN_COUNT,
 * PREFIX_ADDR, PREFIX_DWORDS, BODY_DWORDS); no freedreno or kernel path
 * emits it on a6xx: a HARDWARE CLAIM still to be verified on silicon.
 */
void msm_cs_start_bin(struct msm_cs *cs, uint32_t bins, struct msm_cs *prefix,
		      uint32_t prefix_dwords, uint32_t body_dwords)
{
	struct msm_bo *bo = msm_cs_upload(prefix);

	msm_cs_attach_all(cs, prefix);
	msm_cs_pkt7(cs, CP_START_BIN, 5);
	msm_cs_emit(cs, bins);
	msm_cs_addr(cs, bo, 0, R);
	msm_cs_emit(cs, prefix_dwords);
	msm_cs_emit(cs, body_dwords);
}

void msm_cs_end_bin(struct msm_cs *cs)
{
	msm_cs_pkt7(cs, CP_END_BIN, 0);
}

static void reg64(struct msm_cs *cs, uint32_t reg, struct msm_bo *bo, uint64_t offset,
		  uint32_t flags)
{
	msm_cs_pkt4(cs, reg, 2);
	msm_cs_addr(cs, bo, offset, flags);
}

/*
 * fd6_blitter.c emit_blit_setup: RB_ and GRAS_2D_BLIT_CNTL, SP_2D_DST_FORMAT
 * (UINT for the pure-integer formats, which are the ones freedreno pairs
 * with the INT intermediates, except Z24S8 as R8G8B8A8: a depth format).
 */
static void blit_setup(struct msm_cs *cs, uint32_t fmt, uint32_t ifmt, bool solid)
{
	uint32_t cntl = a6xx_2d_blit_cntl(.solid_color = solid, .color_format = fmt, .mask = 0xf,
					  .ifmt = ifmt);
	bool uint = (ifmt == R2D_INT8 || ifmt == R2D_INT16 || ifmt == R2D_INT32) &&
		    fmt != FMT6_Z24_UNORM_S8_UINT_AS_R8G8B8A8;

	msm_cs_reg_write32(cs, REG_A6XX_RB_2D_BLIT_CNTL, cntl);
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_BLIT_CNTL, cntl);
	msm_cs_reg_write32(cs, REG_A6XX_SP_2D_DST_FORMAT,
			   A6XX_SP_2D_DST_FORMAT(.uint = uint, .color_format = fmt, .mask = 0xf));
	msm_cs_reg_write32(cs, REG_A6XX_RB_2D_UNKNOWN_8C01, 0);
}

/* fd6_blitter.c emit_blit_buffer: RB_2D_DST_INFO, RB_2D_DST, RB_2D_DST_PITCH; GRAS_2D_DST_TL/BR */
static void blit_dst(struct msm_cs *cs, const struct msm_surface *dst, uint32_t x, uint32_t y,
		     uint32_t w, uint32_t h)
{
	msm_cs_reg_write32(cs, REG_A6XX_RB_2D_DST_INFO,
			   a6xx_2d_surf_info(.color_format = dst->fmt, .tile_mode = dst->tile,
					     .color_swap = dst->swap));
	reg64(cs, REG_A6XX_RB_2D_DST, dst->bo, dst->offset, W);
	msm_cs_reg_write32(cs, REG_A6XX_RB_2D_DST_PITCH, A6XX_RB_2D_DST_PITCH(.pitch = dst->pitch));
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_DST_TL, a6xx_reg_xy(.x = x, .y = y));
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_DST_BR, a6xx_reg_xy(.x = x + w - 1, .y = y + h - 1));
}

/* fd6_blitter.c emit_blit_buffer: CP_BLIT(BLIT_OP_SCALE) between waits for idle */
static void blit_go(struct msm_cs *cs)
{
	msm_cs_pkt7(cs, CP_WAIT_FOR_IDLE, 0);
	msm_cs_pkt7(cs, CP_BLIT, 1);
	msm_cs_emit(cs, CP_BLIT_0(.op = BLIT_OP_SCALE));
	msm_cs_pkt7(cs, CP_WAIT_FOR_IDLE, 0);
}

/* fd6_blitter.c fd6_clear_surface and emit_clear_color: RB_2D_SRC_SOLID_C0..3 */
void msm_cs_blit_fill(struct msm_cs *cs, const struct msm_surface *dst, uint32_t x, uint32_t y,
		      uint32_t w, uint32_t h, uint32_t ifmt, const uint32_t solid[4])
{
	blit_setup(cs, dst->fmt, ifmt, true);
	msm_cs_pkt4(cs, REG_A6XX_RB_2D_SRC_SOLID_C0, 4);
	for (unsigned int i = 0; i < 4; i++)
		msm_cs_emit(cs, solid[i]);
	blit_dst(cs, dst, x, y, w, h);
	blit_go(cs);
}

/* fd6_blitter.c emit_blit_texture: SP_PS_2D_SRC_*, GRAS_2D_SRC_* (coordinates << 8) */
void msm_cs_blit_copy(struct msm_cs *cs, const struct msm_surface *dst,
		      const struct msm_surface *src, uint32_t w, uint32_t h, uint32_t ifmt)
{
	blit_setup(cs, dst->fmt, ifmt, false);
	msm_cs_reg_write32(cs, REG_A6XX_SP_PS_2D_SRC_INFO,
			   a6xx_2d_surf_info(.color_format = src->fmt, .tile_mode = src->tile,
					     .color_swap = src->swap));
	msm_cs_reg_write32(cs, REG_A6XX_SP_PS_2D_SRC_SIZE,
			   A6XX_SP_PS_2D_SRC_SIZE(.width = w, .height = h));
	reg64(cs, REG_A6XX_SP_PS_2D_SRC, src->bo, src->offset, R);
	msm_cs_reg_write32(cs, REG_A6XX_SP_PS_2D_SRC_PITCH,
			   A6XX_SP_PS_2D_SRC_PITCH(.pitch = src->pitch));
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_SRC_TL_X, A6XX_GRAS_2D_SRC_TL_X(.x = 0));
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_SRC_BR_X, A6XX_GRAS_2D_SRC_BR_X(.x = w - 1));
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_SRC_TL_Y, A6XX_GRAS_2D_SRC_TL_Y(.y = 0));
	msm_cs_reg_write32(cs, REG_A6XX_GRAS_2D_SRC_BR_Y, A6XX_GRAS_2D_SRC_BR_Y(.y = h - 1));
	blit_dst(cs, dst, 0, 0, w, h);
	blit_go(cs);
}

/* fd6_gmem.c set_bin_size and set_window_offset for one bin at (0, 0) */
static void one_bin(struct msm_cs *cs, uint32_t bin_w, uint32_t bin_h)
{
	msm_cs_reg_write32(cs, REG_A6XX_RB_BIN_CONTROL,
			   A6XX_RB_BIN_CONTROL(.binw = bin_w, .binh = bin_h));
	msm_cs_reg_write32(cs, REG_A6XX_RB_WINDOW_OFFSET, a6xx_reg_xy(.x = 0, .y = 0));
}

static void blit_scissor(struct msm_cs *cs, uint32_t w, uint32_t h)
{
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_SCISSOR_TL, a6xx_reg_xy(.x = 0, .y = 0));
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_SCISSOR_BR, a6xx_reg_xy(.x = w - 1, .y = h - 1));
}

/* fd6_emit.h fd6_emit_blit: the BLIT event (CCU_RESOLVE in the current database) */
static void event_blit(struct msm_cs *cs)
{
	msm_cs_pkt7(cs, CP_EVENT_WRITE, 1);
	msm_cs_emit(cs, CP_EVENT_WRITE_0(.event = CCU_RESOLVE));
}

/* fd6_gmem.c emit_clears: RB_BLIT_DST_INFO, RB_BLIT_INFO @info, RB_BLIT_CLEAR_COLOR_DW0..3 */
static void gmem_clear(struct msm_cs *cs, uint32_t gmem_base, uint32_t fmt, uint32_t bin_w,
		       uint32_t bin_h, uint32_t w, uint32_t h, uint32_t info, uint32_t packed)
{
	one_bin(cs, bin_w, bin_h);
	blit_scissor(cs, w, h);
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_DST_INFO,
			   A6XX_RB_BLIT_DST_INFO(.tile_mode = TILE6_LINEAR, .color_format = fmt));
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_INFO, info);
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_BASE_GMEM, A6XX_RB_BLIT_BASE_GMEM(.base = gmem_base));
	msm_cs_pkt4(cs, REG_A6XX_RB_BLIT_CLEAR_COLOR_DW0, 4);
	msm_cs_emit(cs, packed);
	for (unsigned int i = 1; i < 4; i++)
		msm_cs_emit(cs, 0);
	event_blit(cs);
}

/* emit_clears, colour: RB_BLIT_INFO GMEM | CLEAR_MASK(0xf) */
void msm_cs_gmem_clear(struct msm_cs *cs, uint32_t gmem_base, uint32_t fmt, uint32_t bin_w,
		       uint32_t bin_h, uint32_t w, uint32_t h, uint32_t packed)
{
	gmem_clear(cs, gmem_base, fmt, bin_w, bin_h, w, h,
		   A6XX_RB_BLIT_INFO(.gmem = 1, .clear_mask = 0xf), packed);
}

/* emit_clears, depth/stencil: RB_BLIT_INFO GMEM | DEPTH | CLEAR_MASK(1 depth, 2 stencil) */
void msm_cs_gmem_clear_zs(struct msm_cs *cs, uint32_t gmem_base, uint32_t fmt, uint32_t bin_w,
			  uint32_t bin_h, uint32_t w, uint32_t h, uint32_t mask, uint32_t packed)
{
	gmem_clear(cs, gmem_base, fmt, bin_w, bin_h, w, h,
		   A6XX_RB_BLIT_INFO(.gmem = 1, .depth = 1, .clear_mask = mask), packed);
}

/* fd6_gmem.c emit_blit: RB_BLIT_INFO @info, RB_BLIT_DST_INFO, DST, PITCH, BASE_GMEM */
static void gmem_move(struct msm_cs *cs, uint32_t gmem_base, const struct msm_surface *dst,
		      uint32_t w, uint32_t h, uint32_t info)
{
	blit_scissor(cs, w, h);
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_INFO, info);
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_DST_INFO,
			   A6XX_RB_BLIT_DST_INFO(.tile_mode = dst->tile, .color_swap = dst->swap,
						 .color_format = dst->fmt));
	reg64(cs, REG_A6XX_RB_BLIT_DST, dst->bo, dst->offset, W);
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_DST_PITCH, A6XX_RB_BLIT_DST_PITCH(.pitch = dst->pitch));
	msm_cs_reg_write32(cs, REG_A6XX_RB_BLIT_BASE_GMEM, A6XX_RB_BLIT_BASE_GMEM(.base = gmem_base));
	event_blit(cs);
}

/* fd6_gmem.c emit_resolve_blit: RB_BLIT_INFO DEPTH | SAMPLE_0 for depth, else 0 */
void msm_cs_gmem_resolve(struct msm_cs *cs, uint32_t gmem_base, const struct msm_surface *dst,
			 uint32_t w, uint32_t h, bool depth)
{
	gmem_move(cs, gmem_base, dst, w, h, A6XX_RB_BLIT_INFO(.depth = depth, .sample_0 = depth));
}

/* fd6_gmem.c emit_restore_blit (colour): RB_BLIT_INFO GMEM | UNK0 */
void msm_cs_gmem_restore(struct msm_cs *cs, uint32_t gmem_base, const struct msm_surface *src,
			 uint32_t bin_w, uint32_t bin_h, uint32_t w, uint32_t h)
{
	one_bin(cs, bin_w, bin_h);
	gmem_move(cs, gmem_base, src, w, h, A6XX_RB_BLIT_INFO(.gmem = 1, .unk0 = 1));
}

/* SPDX-License-Identifier: MIT */
/*
 * a6xx packet builders for what freedreno's gallium driver emits: draw
 * state, render-mode markers, IB2 skipping, draws, and the 2D-engine and
 * GMEM blits (msm/cs_a6xx.c). Each names the Mesa function whose form it
 * follows.
 */
#ifndef DRMSUB_MSM_CS_A6XX_H
#define DRMSUB_MSM_CS_A6XX_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/cs.h"

/* Which render modes a draw-state group runs in (CP_SET_DRAW_STATE BINNING/GMEM/SYSMEM). */
enum msm_draw_modes {
	MSM_DRAW_BINNING = 1 << 0,
	MSM_DRAW_GMEM = 1 << 1,
	MSM_DRAW_SYSMEM = 1 << 2,
	MSM_DRAW_ALL = 7,
};

/* CP_SET_DRAW_STATE: group @id is @group's stream (uploaded now), in @modes. */
void msm_cs_set_draw_state(struct msm_cs *cs, uint32_t id, uint32_t modes, struct msm_cs *group);
/* CP_SET_DRAW_STATE DISABLE of group @id, or DISABLE_ALL_GROUPS with @all. */
void msm_cs_draw_state_disable(struct msm_cs *cs, uint32_t id, bool all);
/* CP_SET_MARKER SET_RENDER_MODE @mode (RM6_*). */
void msm_cs_set_marker(struct msm_cs *cs, uint32_t mode);
/* CP_DRAW_INDX_OFFSET of @count auto-indexed points: the groups in force run. */
void msm_cs_draw_auto(struct msm_cs *cs, uint32_t count);
/* CP_SKIP_IB2_ENABLE_GLOBAL / LOCAL and CP_SET_VISIBILITY_OVERRIDE. */
void msm_cs_skip_ib2(struct msm_cs *cs, bool global, bool local);
void msm_cs_visibility_override(struct msm_cs *cs, bool override);

/* CP_REG_WRITE with TRACK_RENDER_CNTL: @reg = @value. */
void msm_cs_reg_write_tracked(struct msm_cs *cs, uint32_t reg, uint32_t value);
/*
 * CP_START_BIN over @bins bins: for bin i, @prefix's dwords from
 * i * @prefix_dwords, then the next @body_dwords of @cs; CP_END_BIN after
 * them is the caller's.
 */
void msm_cs_start_bin(struct msm_cs *cs, uint32_t bins, struct msm_cs *prefix,
		      uint32_t prefix_dwords, uint32_t body_dwords);
void msm_cs_end_bin(struct msm_cs *cs);

/* A colour surface in a BO: @fmt (enum a6xx_format), @swap (enum a3xx_color_swap). */
struct msm_surface {
	struct msm_bo *bo;
	uint64_t offset;
	uint32_t pitch;		/* bytes, a multiple of 64 */
	uint32_t fmt, swap, tile;
};

/*
 * The 2D engine: fill @w x @h at (@x, @y) of @dst with RB_2D_SRC_SOLID_C0..3
 * = @solid through the intermediate format @ifmt (enum a6xx_2d_ifmt), the
 * values in its layout (fd6_blitter.c emit_clear_color): R2D_UNORM8 one
 * byte a channel, R2D_FLOAT32 float bits, R2D_FLOAT16 half-float bits,
 * R2D_INT* integers. freedreno picks @ifmt by the format (fd6_ifmt).
 */
void msm_cs_blit_fill(struct msm_cs *cs, const struct msm_surface *dst, uint32_t x, uint32_t y,
		      uint32_t w, uint32_t h, uint32_t ifmt, const uint32_t solid[4]);
/* The 2D engine: copy @w x @h from (0, 0) of @src to (0, 0) of @dst through @ifmt. */
void msm_cs_blit_copy(struct msm_cs *cs, const struct msm_surface *dst,
		      const struct msm_surface *src, uint32_t w, uint32_t h, uint32_t ifmt);
/*
 * The event blits with a one-bin GMEM of @bin_w x @bin_h at (0, 0): clear
 * the @w x @h rectangle at @gmem_base to @packed (the pixel's bytes), a
 * depth/stencil one only its parts in @mask (1 depth, 2 stencil), then
 * resolve it to @dst (@depth: a depth/stencil buffer).
 */
void msm_cs_gmem_clear(struct msm_cs *cs, uint32_t gmem_base, uint32_t fmt, uint32_t bin_w,
		       uint32_t bin_h, uint32_t w, uint32_t h, uint32_t packed);
void msm_cs_gmem_clear_zs(struct msm_cs *cs, uint32_t gmem_base, uint32_t fmt, uint32_t bin_w,
			  uint32_t bin_h, uint32_t w, uint32_t h, uint32_t mask, uint32_t packed);
void msm_cs_gmem_resolve(struct msm_cs *cs, uint32_t gmem_base, const struct msm_surface *dst,
			 uint32_t w, uint32_t h, bool depth);
/* Load (restore) @w x @h of @src into a one-bin GMEM at @gmem_base. */
void msm_cs_gmem_restore(struct msm_cs *cs, uint32_t gmem_base, const struct msm_surface *src,
			 uint32_t bin_w, uint32_t bin_h, uint32_t w, uint32_t h);

#endif

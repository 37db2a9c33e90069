// SPDX-License-Identifier: MIT
/*
 * FERMI_TWOD_A (NV902D, cl902d.h) on NV_SUBC_2D: the destination and source
 * surfaces as Mesa's nvc0_2d_texture_set sends them (pitch: FORMAT,
 * MEMORY_LAYOUT PITCH, then PITCH..OFFSET_LOWER; block-linear: FORMAT,
 * MEMORY_LAYOUT BLOCKLINEAR, BLOCK_SIZE, DEPTH, LAYER, then WIDTH..
 * OFFSET_LOWER), solid rectangles as xf86-video-nouveau's NV50EXASolid
 * draws them, and unscaled blits as Mesa's nvc0_2d_texture_do_copy.
 * Every helper sets SET_OPERATION SRCCOPY and turns clipping off, as
 * Mesa's nvc0_screen_create leaves the class.
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nv902d.xml.h"
#include "nouveau/push.h"

/* SET_SRC_* keep SET_DST_*'s order and fields from FORMAT to OFFSET_LOWER (less LAYER). */
_Static_assert(REG_NV902D_SET_SRC_OFFSET_LOWER - REG_NV902D_SET_SRC_FORMAT ==
		       REG_NV902D_SET_DST_OFFSET_LOWER - REG_NV902D_SET_DST_FORMAT &&
	       NV902D_SET_SRC_BLOCK_SIZE_HEIGHT__MASK == NV902D_SET_DST_BLOCK_SIZE_HEIGHT__MASK,
	       "the 2D source surface methods differ from the destination ones");

static void surface(struct nv_push *p, uint32_t first, const struct nv_surface *s, uint32_t access)
{
	uint64_t va = nv_push_addr(p, s->bo, 0, access);
	bool dst = first == REG_NV902D_SET_DST_FORMAT;

	nv_mthd(p, NV_SUBC_2D, first);
	nv_data(p, NV902D_SET_DST_FORMAT(.v = s->format));
	nv_data(p, NV902D_SET_DST_MEMORY_LAYOUT(.v = s->pitch ? NV902D_SET_DST_MEMORY_LAYOUT_V_PITCH
							      : NV902D_SET_DST_MEMORY_LAYOUT_V_BLOCKLINEAR));
	if (!s->pitch) {
		nv_data(p, NV902D_SET_DST_BLOCK_SIZE(.height = s->log2_bh));
		nv_data(p, NV902D_SET_DST_DEPTH(.v = 1));
		/* the source has no LAYER: its next method is SET_SRC_PITCH, skipped by the INC */
		if (dst)
			nv_data(p, NV902D_SET_DST_LAYER(.v = 0));
	}
	nv_mthd(p, NV_SUBC_2D, first + (REG_NV902D_SET_DST_PITCH - REG_NV902D_SET_DST_FORMAT));
	nv_data(p, NV902D_SET_DST_PITCH(.v = s->pitch));
	nv_data(p, NV902D_SET_DST_WIDTH(.v = s->width));
	nv_data(p, NV902D_SET_DST_HEIGHT(.v = s->height));
	nv_data(p, NV902D_SET_DST_OFFSET_UPPER(.v = va >> 32));
	nv_data(p, NV902D_SET_DST_OFFSET_LOWER(.v = (uint32_t)va));
}

/* SRCCOPY, no clip, colour target: the state the renders below assume */
static void plain_state(struct nv_push *p)
{
	nv_immd(p, NV_SUBC_2D, REG_NV902D_SET_OPERATION,
		NV902D_SET_OPERATION(.v = NV902D_SET_OPERATION_V_SRCCOPY));
	nv_immd(p, NV_SUBC_2D, REG_NV902D_SET_CLIP_ENABLE, NV902D_SET_CLIP_ENABLE(.v = 0));
	nv_immd(p, NV_SUBC_2D, REG_NV902D_SET_DST_COLOR_RENDER_TO_ZETA_SURFACE,
		NV902D_SET_DST_COLOR_RENDER_TO_ZETA_SURFACE(.v = 0));
}

void nv_2d_dst(struct nv_push *p, const struct nv_surface *dst)
{
	surface(p, REG_NV902D_SET_DST_FORMAT, dst, NV_ACCESS_WRITE);
	plain_state(p);
}

void nv_2d_src(struct nv_push *p, const struct nv_surface *src)
{
	surface(p, REG_NV902D_SET_SRC_FORMAT, src, NV_ACCESS_READ);
}

void nv_2d_fill(struct nv_push *p, uint32_t a8r8g8b8, uint32_t x0, uint32_t y0, uint32_t x1,
		uint32_t y1)
{
	nv_mthd(p, NV_SUBC_2D, REG_NV902D_RENDER_SOLID_PRIM_MODE);
	NV_VAL(p, NV902D, RENDER_SOLID_PRIM_MODE, .v = NV902D_RENDER_SOLID_PRIM_MODE_V_RECTS);
	NV_VAL(p, NV902D, SET_RENDER_SOLID_PRIM_COLOR_FORMAT,
	       .v = NV902D_SET_RENDER_SOLID_PRIM_COLOR_FORMAT_V_A8R8G8B8);
	NV_VAL(p, NV902D, SET_RENDER_SOLID_PRIM_COLOR, .v = a8r8g8b8);
	/* the two corners, the second exclusive: NV50EXASolid's DRAW_POINT32_X/Y(0..1) */
	nv_mthd(p, NV_SUBC_2D, REG_NV902D_RENDER_SOLID_PRIM_POINT_SET_X(0));
	nv_val(p, REG_NV902D_RENDER_SOLID_PRIM_POINT_SET_X(0),
	       NV902D_RENDER_SOLID_PRIM_POINT_SET_X(.v = x0));
	nv_val(p, REG_NV902D_RENDER_SOLID_PRIM_POINT_Y(0), NV902D_RENDER_SOLID_PRIM_POINT_Y(.v = y0));
	nv_val(p, REG_NV902D_RENDER_SOLID_PRIM_POINT_SET_X(1),
	       NV902D_RENDER_SOLID_PRIM_POINT_SET_X(.v = x1));
	nv_val(p, REG_NV902D_RENDER_SOLID_PRIM_POINT_Y(1), NV902D_RENDER_SOLID_PRIM_POINT_Y(.v = y1));
}

void nv_2d_blit(struct nv_push *p, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h, uint32_t sx,
		uint32_t sy)
{
	nv_immd(p, NV_SUBC_2D, REG_NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE,
		NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE(
			.origin = NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE_ORIGIN_CENTER,
			.filter = NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE_FILTER_POINT));
	nv_mthd(p, NV_SUBC_2D, REG_NV902D_SET_PIXELS_FROM_MEMORY_DST_X0);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DST_X0, .v = dx);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DST_Y0, .v = dy);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DST_WIDTH, .v = w);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DST_HEIGHT, .v = h);
	/* steps of 1.0 in 32.32 fixed point */
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DU_DX_FRAC, .v = 0);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DU_DX_INT, .v = 1);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DV_DY_FRAC, .v = 0);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_DV_DY_INT, .v = 1);
	/* the source origin; its last method, SRC_Y0_INT, starts the blit */
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_SRC_X0_FRAC, .v = 0);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_SRC_X0_INT, .v = sx);
	NV_VAL(p, NV902D, SET_PIXELS_FROM_MEMORY_SRC_Y0_FRAC, .v = 0);
	NV_VAL(p, NV902D, PIXELS_FROM_MEMORY_SRC_Y0_INT, .v = sy);
}

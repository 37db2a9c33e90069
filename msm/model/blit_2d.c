// SPDX-License-Identifier: MIT
/*
 * CP_BLIT (BLIT_OP_SCALE): the a6xx 2D engine, as freedreno drives it
 * (fd6_blitter.c emit_blit_setup, emit_blit_texture, emit_blit_buffer,
 * fd6_clear_surface): RB_2D_BLIT_CNTL says solid fill (RB_2D_SRC_SOLID_C0..3,
 * one 8-bit UNORM value per R, G, B, A for R2D_UNORM8: emit_clear_color) or
 * copy from the SP_PS_2D_SRC surface's GRAS_2D_SRC_* rectangle; the
 * destination is RB_2D_DST over GRAS_2D_DST_TL..BR (inclusive). A copy goes
 * through the intermediate format IFMT: R2D_UNORM8 converts each channel
 * to 8 bits and into the destination's width (round to nearest); R2D_RAW
 * copies the bytes. Rotation, scaling, channel masks and the float and
 * integer intermediates are not modelled: they fault.
 */
#include <string.h>

#include "msm/a6xx.xml.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/model/blit.h"

static uint32_t reg(struct cp *cp, uint32_t r)
{
	uint32_t v = 0;

	msm_reg_read(cp->regs, r, &v);
	return v;
}

static uint64_t reg64(struct cp *cp, uint32_t r)
{
	return reg(cp, r) | (uint64_t)reg(cp, r + 1) << 32;
}

struct rect {
	uint32_t x, y, w, h;
};

static bool dst_surface(struct cp *cp, struct blit_surface *dst, struct rect *r)
{
	uint32_t info = reg(cp, REG_A6XX_RB_2D_DST_INFO);
	uint32_t tl = reg(cp, REG_A6XX_GRAS_2D_DST_TL), br = reg(cp, REG_A6XX_GRAS_2D_DST_BR);

	r->x = a6xx_reg_xy_X__get(tl);
	r->y = a6xx_reg_xy_Y__get(tl);
	if (a6xx_reg_xy_X__get(br) < r->x || a6xx_reg_xy_Y__get(br) < r->y)
		return cp_fault(cp, "CP_BLIT: destination rectangle ends before it starts");
	r->w = a6xx_reg_xy_X__get(br) - r->x + 1;
	r->h = a6xx_reg_xy_Y__get(br) - r->y + 1;
	return blit_surface(cp, "CP_BLIT destination", dst, a6xx_2d_surf_info_COLOR_FORMAT__get(info),
			    a6xx_2d_surf_info_TILE_MODE__get(info),
			    a6xx_2d_surf_info_COLOR_SWAP__get(info), MSAA_ONE,
			    reg64(cp, REG_A6XX_RB_2D_DST),
			    A6XX_RB_2D_DST_PITCH_PITCH__get(reg(cp, REG_A6XX_RB_2D_DST_PITCH)));
}

static bool src_surface(struct cp *cp, struct blit_surface *src, const struct rect *d,
			struct rect *r)
{
	uint32_t info = reg(cp, REG_A6XX_SP_PS_2D_SRC_INFO);
	int32_t x1 = A6XX_GRAS_2D_SRC_TL_X_X__get(reg(cp, REG_A6XX_GRAS_2D_SRC_TL_X));
	int32_t x2 = A6XX_GRAS_2D_SRC_BR_X_X__get(reg(cp, REG_A6XX_GRAS_2D_SRC_BR_X));
	int32_t y1 = A6XX_GRAS_2D_SRC_TL_Y_Y__get(reg(cp, REG_A6XX_GRAS_2D_SRC_TL_Y));
	int32_t y2 = A6XX_GRAS_2D_SRC_BR_Y_Y__get(reg(cp, REG_A6XX_GRAS_2D_SRC_BR_Y));

	if (x1 < 0 || y1 < 0 || x2 < x1 || y2 < y1)
		return cp_fault(cp, "CP_BLIT: source rectangle (%d,%d)-(%d,%d)", x1, y1, x2, y2);
	*r = (struct rect){ (uint32_t)x1, (uint32_t)y1, (uint32_t)(x2 - x1 + 1),
			    (uint32_t)(y2 - y1 + 1) };
	if (r->w != d->w || r->h != d->h)
		return cp_fault(cp, "CP_BLIT: scaling %ux%u to %ux%u is not modelled", r->w, r->h,
				d->w, d->h);
	return blit_surface(cp, "CP_BLIT source", src, a6xx_2d_surf_info_COLOR_FORMAT__get(info),
			    a6xx_2d_surf_info_TILE_MODE__get(info),
			    a6xx_2d_surf_info_COLOR_SWAP__get(info),
			    a6xx_2d_surf_info_SAMPLES__get(info), reg64(cp, REG_A6XX_SP_PS_2D_SRC),
			    A6XX_SP_PS_2D_SRC_PITCH_PITCH__get(reg(cp, REG_A6XX_SP_PS_2D_SRC_PITCH)));
}

static bool fill(struct cp *cp, const struct blit_surface *dst, const struct rect *r)
{
	uint32_t rgba[4];
	uint8_t px[4];

	for (unsigned int i = 0; i < 4; i++)
		rgba[i] = reg(cp, REG_A6XX_RB_2D_SRC_SOLID_C0 + i) & 0xff;
	blit_pack8(dst, rgba, px);
	for (uint32_t y = r->y; y < r->y + r->h; y++) {
		uint8_t *row = blit_row(cp, dst, r->x, y, r->w, true);

		if (!row)
			return false;
		for (uint32_t x = 0; x < r->w; x++)
			memcpy(row + x * dst->f->cpp, px, dst->f->cpp);
	}
	return true;
}

static bool copy(struct cp *cp, const struct blit_surface *dst, const struct rect *d,
		 const struct blit_surface *src, const struct rect *s, bool raw)
{
	if (raw && src->f->cpp != dst->f->cpp)
		return cp_fault(cp, "CP_BLIT: a raw copy from %u to %u bytes per pixel",
				src->f->cpp, dst->f->cpp);
	for (uint32_t y = 0; y < d->h; y++) {
		const uint8_t *from = blit_row(cp, src, s->x, s->y + y, s->w, false);
		uint8_t *to = from ? blit_row(cp, dst, d->x, d->y + y, d->w, true) : NULL;
		uint32_t rgba[4];

		if (!to)
			return false;
		if (raw) {
			memmove(to, from, (size_t)d->w * dst->f->cpp);
			continue;
		}
		for (uint32_t x = 0; x < d->w; x++) {
			blit_unpack8(src, from + x * src->f->cpp, rgba);
			blit_pack8(dst, rgba, to + x * dst->f->cpp);
		}
	}
	return true;
}

bool cp_blit(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t cntl = reg(cp, REG_A6XX_RB_2D_BLIT_CNTL), ifmt;
	struct blit_surface dst, src;
	struct rect d = { 0 }, s = { 0 };

	if (!cp_need(cp, "CP_BLIT", count, 1, 1))
		return false;
	if (CP_BLIT_0_OP__get(p[0]) != BLIT_OP_SCALE)
		return cp_fault(cp, "CP_BLIT op %u is not modelled on a6xx", CP_BLIT_0_OP__get(p[0]));
	if (a6xx_2d_blit_cntl_ROTATE__get(cntl) != ROTATE_0)
		return cp_fault(cp, "CP_BLIT: rotation is not modelled");
	if (a6xx_2d_blit_cntl_MASK__get(cntl) != 0xf)
		return cp_fault(cp, "CP_BLIT: channel mask %#x is not modelled",
				a6xx_2d_blit_cntl_MASK__get(cntl));
	ifmt = a6xx_2d_blit_cntl_IFMT__get(cntl);
	if (ifmt != R2D_UNORM8 && ifmt != R2D_RAW)
		return cp_fault(cp, "CP_BLIT: intermediate format %#x is not modelled", ifmt);
	if (!dst_surface(cp, &dst, &d))
		return false;
	if (a6xx_2d_blit_cntl_SOLID_COLOR__get(cntl))
		return ifmt == R2D_UNORM8 ? fill(cp, &dst, &d) :
		       cp_fault(cp, "CP_BLIT: a raw solid fill is not modelled");
	return src_surface(cp, &src, &d, &s) && copy(cp, &dst, &d, &src, &s, ifmt == R2D_RAW);
}

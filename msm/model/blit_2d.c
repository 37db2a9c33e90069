// SPDX-License-Identifier: MIT
/*
 * CP_BLIT (BLIT_OP_SCALE): the a6xx 2D engine, as freedreno drives it
 * (fd6_blitter.c emit_blit_setup, emit_blit_texture, emit_blit_buffer,
 * fd6_clear_surface; fd6_draw.c fd6_clear_lrz): RB_2D_BLIT_CNTL says solid
 * fill (RB_2D_SRC_SOLID_C0..3) or copy from the SP_PS_2D_SRC surface's
 * GRAS_2D_SRC_* rectangle; the destination is RB_2D_DST over
 * GRAS_2D_DST_TL..BR (inclusive). Pixels go through the intermediate format
 * IFMT (blit_ifmt.c: R2D_UNORM8, R2D_FLOAT32, R2D_FLOAT16, R2D_INT8,
 * R2D_INT32 with the formats freedreno pairs them with); R2D_RAW copies the
 * bytes. Rotation, scaling, channel masks, RB_2D_UNKNOWN_8C01's partial
 * depth/stencil writes (fd6_gmem.c fd6_unknown_8c01), sRGB and the other
 * intermediates are not modelled: they fault.
 */
#include <string.h>

#include "msm/a6xx.xml.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/model/blit.h"

uint32_t blit_reg(struct cp *cp, uint32_t r)
{
	uint32_t v = 0;

	msm_reg_read(cp->regs, r, &v);
	return v;
}

static uint64_t reg64(struct cp *cp, uint32_t r)
{
	return blit_reg(cp, r) | (uint64_t)blit_reg(cp, r + 1) << 32;
}

struct rect {
	uint32_t x, y, w, h;
};

static bool dst_surface(struct cp *cp, struct blit_surface *dst, struct rect *r)
{
	uint32_t info = blit_reg(cp, REG_A6XX_RB_2D_DST_INFO);
	uint32_t tl = blit_reg(cp, REG_A6XX_GRAS_2D_DST_TL), br = blit_reg(cp, REG_A6XX_GRAS_2D_DST_BR);

	r->x = a6xx_reg_xy_X__get(tl);
	r->y = a6xx_reg_xy_Y__get(tl);
	if (a6xx_reg_xy_X__get(br) < r->x || a6xx_reg_xy_Y__get(br) < r->y)
		return cp_fault(cp, "CP_BLIT: destination rectangle ends before it starts");
	r->w = a6xx_reg_xy_X__get(br) - r->x + 1;
	r->h = a6xx_reg_xy_Y__get(br) - r->y + 1;
	if (a6xx_2d_surf_info_SRGB__get(info))
		return cp_fault(cp, "CP_BLIT: an sRGB destination is not modelled");
	return blit_surface(cp, "CP_BLIT destination", dst, a6xx_2d_surf_info_COLOR_FORMAT__get(info),
			    a6xx_2d_surf_info_TILE_MODE__get(info),
			    a6xx_2d_surf_info_COLOR_SWAP__get(info), MSAA_ONE,
			    reg64(cp, REG_A6XX_RB_2D_DST),
			    A6XX_RB_2D_DST_PITCH_PITCH__get(blit_reg(cp, REG_A6XX_RB_2D_DST_PITCH)));
}

static bool src_surface(struct cp *cp, struct blit_surface *src, const struct rect *d,
			struct rect *r)
{
	uint32_t info = blit_reg(cp, REG_A6XX_SP_PS_2D_SRC_INFO);
	int32_t x1 = A6XX_GRAS_2D_SRC_TL_X_X__get(blit_reg(cp, REG_A6XX_GRAS_2D_SRC_TL_X));
	int32_t x2 = A6XX_GRAS_2D_SRC_BR_X_X__get(blit_reg(cp, REG_A6XX_GRAS_2D_SRC_BR_X));
	int32_t y1 = A6XX_GRAS_2D_SRC_TL_Y_Y__get(blit_reg(cp, REG_A6XX_GRAS_2D_SRC_TL_Y));
	int32_t y2 = A6XX_GRAS_2D_SRC_BR_Y_Y__get(blit_reg(cp, REG_A6XX_GRAS_2D_SRC_BR_Y));

	if (x1 < 0 || y1 < 0 || x2 < x1 || y2 < y1)
		return cp_fault(cp, "CP_BLIT: source rectangle (%d,%d)-(%d,%d)", x1, y1, x2, y2);
	*r = (struct rect){ (uint32_t)x1, (uint32_t)y1, (uint32_t)(x2 - x1 + 1),
			    (uint32_t)(y2 - y1 + 1) };
	if (r->w != d->w || r->h != d->h)
		return cp_fault(cp, "CP_BLIT: scaling %ux%u to %ux%u is not modelled", r->w, r->h,
				d->w, d->h);
	if (a6xx_2d_surf_info_SRGB__get(info))
		return cp_fault(cp, "CP_BLIT: an sRGB source is not modelled");
	return blit_surface(cp, "CP_BLIT source", src, a6xx_2d_surf_info_COLOR_FORMAT__get(info),
			    a6xx_2d_surf_info_TILE_MODE__get(info),
			    a6xx_2d_surf_info_COLOR_SWAP__get(info),
			    a6xx_2d_surf_info_SAMPLES__get(info), reg64(cp, REG_A6XX_SP_PS_2D_SRC),
			    A6XX_SP_PS_2D_SRC_PITCH_PITCH__get(blit_reg(cp, REG_A6XX_SP_PS_2D_SRC_PITCH)));
}

/* A pixel's bytes: the widest format is 16 (32_32_32_32_FLOAT). */
#define MAX_CPP 16

static bool fill(struct cp *cp, const struct blit_surface *dst, const struct rect *r,
		 uint32_t ifmt)
{
	struct blit_px v = { .ifmt = ifmt };
	uint8_t px[MAX_CPP];

	for (unsigned int i = 0; i < 4; i++)
		v.c[i] = blit_reg(cp, REG_A6XX_RB_2D_SRC_SOLID_C0 + i);
	if (!blit_pack(dst, &v, px))
		return cp_fault(cp, "CP_BLIT: solid value %#x %#x %#x %#x does not fit format %#x: "
				"not modelled", v.c[0], v.c[1], v.c[2], v.c[3], dst->f->fmt);
	for (uint32_t y = r->y; y < r->y + r->h; y++) {
		uint8_t *row = blit_row(cp, dst, r->x, y, r->w, true);

		if (!row)
			return false;
		for (uint32_t x = 0; x < r->w; x++)
			memcpy(row + x * dst->f->cpp, px, dst->f->cpp);
	}
	return true;
}

/* One row of @w pixels through the intermediate @ifmt. */
static bool convert_row(struct cp *cp, const struct blit_surface *dst, uint8_t *to,
			const struct blit_surface *src, const uint8_t *from, uint32_t w,
			uint32_t ifmt)
{
	struct blit_px v = { .ifmt = ifmt };

	for (uint32_t x = 0; x < w; x++) {
		blit_unpack(src, from + x * src->f->cpp, &v);
		if (!blit_pack(dst, &v, to + x * dst->f->cpp))
			return cp_fault(cp, "CP_BLIT: a value of format %#x does not fit format %#x: "
					"not modelled", src->f->fmt, dst->f->fmt);
	}
	return true;
}

static bool copy(struct cp *cp, const struct blit_surface *dst, const struct rect *d,
		 const struct blit_surface *src, const struct rect *s, uint32_t ifmt)
{
	bool raw = ifmt == R2D_RAW;

	if (raw && src->f->cpp != dst->f->cpp)
		return cp_fault(cp, "CP_BLIT: a raw copy from %u to %u bytes per pixel",
				src->f->cpp, dst->f->cpp);
	if (!raw && !blit_ifmt_pairs(cp, "CP_BLIT source", src, ifmt))
		return false;
	for (uint32_t y = 0; y < d->h; y++) {
		const uint8_t *from = blit_row(cp, src, s->x, s->y + y, s->w, false);
		uint8_t *to = from ? blit_row(cp, dst, d->x, d->y + y, d->w, true) : NULL;

		if (!to)
			return false;
		if (raw)
			memmove(to, from, (size_t)d->w * dst->f->cpp);
		else if (!convert_row(cp, dst, to, src, from, d->w, ifmt))
			return false;
	}
	return true;
}

bool cp_blit(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t cntl = blit_reg(cp, REG_A6XX_RB_2D_BLIT_CNTL), ifmt;
	struct blit_surface dst, src;
	struct rect d = { 0 }, s = { 0 };

	if (CP_BLIT_0_OP__get(p[0]) != BLIT_OP_SCALE)
		return cp_fault(cp, "CP_BLIT op %u is not modelled on a6xx", CP_BLIT_0_OP__get(p[0]));
	if (a6xx_2d_blit_cntl_ROTATE__get(cntl) != ROTATE_0)
		return cp_fault(cp, "CP_BLIT: rotation is not modelled");
	if (a6xx_2d_blit_cntl_MASK__get(cntl) != 0xf)
		return cp_fault(cp, "CP_BLIT: channel mask %#x is not modelled",
				a6xx_2d_blit_cntl_MASK__get(cntl));
	if (blit_reg(cp, REG_A6XX_RB_2D_UNKNOWN_8C01))
		return cp_fault(cp, "CP_BLIT: RB_2D_UNKNOWN_8C01 %#x (a partial depth/stencil "
				"write, fd6_gmem.c fd6_unknown_8c01) is not modelled",
				blit_reg(cp, REG_A6XX_RB_2D_UNKNOWN_8C01));
	ifmt = a6xx_2d_blit_cntl_IFMT__get(cntl);
	if (!dst_surface(cp, &dst, &d))
		return false;
	if (ifmt != R2D_RAW && !blit_ifmt_pairs(cp, "CP_BLIT destination", &dst, ifmt))
		return false;
	if (a6xx_2d_blit_cntl_SOLID_COLOR__get(cntl))
		return ifmt != R2D_RAW ? fill(cp, &dst, &d, ifmt) :
		       cp_fault(cp, "CP_BLIT: a raw solid fill is not modelled");
	return src_surface(cp, &src, &d, &s) && copy(cp, &dst, &d, &src, &s, ifmt);
}

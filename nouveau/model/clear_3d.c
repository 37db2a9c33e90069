// SPDX-License-Identifier: MIT
/*
 * CLEAR_SURFACE of the 3D classes (clb197.h; the same methods and fields in
 * clb097.h): the colour target MRT_SELECT (layer RT_ARRAY_INDEX) gets
 * SET_COLOR_CLEAR_VALUE in the channels R/G/B/A_ENABLE name, the zeta
 * target SET_Z_CLEAR_VALUE and SET_STENCIL_CLEAR_VALUE, inside the
 * surface clip (SET_SURFACE_CLIP_*, Mesa's SCREEN_SCISSOR), and inside
 * the clear rectangle, scissor 0 and viewport clip 0 where
 * SET_CLEAR_SURFACE_CONTROL says so. SET_CT_WRITE (colour write masks)
 * does not apply: Mesa's nvc0_clear says COLOR_MASK does not affect
 * CLEAR_BUFFERS; SET_STENCIL_MASK does with RESPECT_STENCIL_MASK. The
 * targets are those Mesa's nvc0_validate_fb sets: SET_COLOR_TARGET_*(j)
 * (pitch: WIDTH is the pitch in bytes; block-linear: surface.h) and
 * SET_ZT_* (block-linear).
 *
 * HARDWARE CLAIM: the clip rectangles are in surface coordinates less
 * SET_WINDOW_OFFSET (window coordinates); MRT_SELECT names colour target
 * MRT_SELECT itself, not the SET_CT_SELECT entry of that number. Mesa
 * sends window offset 0 and an identity CT_SELECT, so no referee tells
 * these apart; verify on silicon.
 */
#include <errno.h>
#include <string.h>

#include "model/model.h"
#include "nouveau/model/formats.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/model/surface.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb197.xml.h"
#include "util/util.h"	/* bits_float: method data floats, as Mesa's PUSH_DATAf sends them */

/* MAXWELL_A is cleared with NVB197's decoding: the methods used must agree. */
#define SAME_3D(M) _Static_assert(REG_NVB097_##M == REG_NVB197_##M, #M " moved in MAXWELL_B")
SAME_3D(CLEAR_SURFACE);
SAME_3D(SET_CLEAR_SURFACE_CONTROL);
SAME_3D(SET_SURFACE_CLIP_HORIZONTAL);
SAME_3D(SET_CLEAR_RECT_HORIZONTAL);
SAME_3D(SET_WINDOW_OFFSET_X);
SAME_3D(SET_ZT_A);
SAME_3D(SET_ZT_SIZE_A);
SAME_3D(SET_ZT_SELECT);
SAME_3D(SET_ZT_LAYER);
SAME_3D(SET_Z_CLEAR_VALUE);
SAME_3D(SET_STENCIL_CLEAR_VALUE);
SAME_3D(SET_STENCIL_MASK);
SAME_3D(SET_COLOR_TARGET_A__ESIZE);
SAME_3D(SET_SCISSOR_ENABLE__ESIZE);

#define ST(s, M) nvm_state(s, REG_NVB197_##M)

/* A rectangle [x0, x1) x [y0, y1) in surface coordinates. */
struct rect {
	int64_t x0, y0, x1, y1;
};

static void clip(struct rect *r, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
	r->x0 = r->x0 > x0 ? r->x0 : x0;
	r->y0 = r->y0 > y0 ? r->y0 : y0;
	r->x1 = r->x1 < x1 ? r->x1 : x1;
	r->y1 = r->y1 < y1 ? r->y1 : y1;
}


/* The pixels the clear covers on a @w x @h target. */
static struct rect clear_rect(const struct nvm_subc_state *s, uint32_t width, uint32_t height)
{
	uint32_t ctl = ST(s, SET_CLEAR_SURFACE_CONTROL);
	uint32_t ch = ST(s, SET_SURFACE_CLIP_HORIZONTAL), cv = ST(s, SET_SURFACE_CLIP_VERTICAL);
	int64_t ox = NVB197_SET_WINDOW_OFFSET_X_V__get(ST(s, SET_WINDOW_OFFSET_X));
	int64_t oy = NVB197_SET_WINDOW_OFFSET_Y_V__get(ST(s, SET_WINDOW_OFFSET_Y));
	struct rect r = { 0, 0, width, height };
	int64_t x = NVB197_SET_SURFACE_CLIP_HORIZONTAL_X__get(ch) + ox;
	int64_t y = NVB197_SET_SURFACE_CLIP_VERTICAL_Y__get(cv) + oy;

	clip(&r, x, y, x + NVB197_SET_SURFACE_CLIP_HORIZONTAL_WIDTH__get(ch),
	     y + NVB197_SET_SURFACE_CLIP_VERTICAL_HEIGHT__get(cv));
	if (NVB197_SET_CLEAR_SURFACE_CONTROL_USE_CLEAR_RECT__get(ctl)) {
		uint32_t h = ST(s, SET_CLEAR_RECT_HORIZONTAL), v = ST(s, SET_CLEAR_RECT_VERTICAL);

		clip(&r, NVB197_SET_CLEAR_RECT_HORIZONTAL_XMIN__get(h) + ox,
		     NVB197_SET_CLEAR_RECT_VERTICAL_YMIN__get(v) + oy,
		     NVB197_SET_CLEAR_RECT_HORIZONTAL_XMAX__get(h) + ox,
		     NVB197_SET_CLEAR_RECT_VERTICAL_YMAX__get(v) + oy);
	}
	if (NVB197_SET_CLEAR_SURFACE_CONTROL_USE_SCISSOR0__get(ctl) &&
	    NVB197_SET_SCISSOR_ENABLE_V__get(nvm_state(s, REG_NVB197_SET_SCISSOR_ENABLE(0)))) {
		uint32_t h = nvm_state(s, REG_NVB197_SET_SCISSOR_HORIZONTAL(0));
		uint32_t v = nvm_state(s, REG_NVB197_SET_SCISSOR_VERTICAL(0));

		clip(&r, NVB197_SET_SCISSOR_HORIZONTAL_XMIN__get(h) + ox,
		     NVB197_SET_SCISSOR_VERTICAL_YMIN__get(v) + oy,
		     NVB197_SET_SCISSOR_HORIZONTAL_XMAX__get(h) + ox,
		     NVB197_SET_SCISSOR_VERTICAL_YMAX__get(v) + oy);
	}
	return r;
}

/* Write @px under @mask into every pixel of @r of @surf (@bytes per pixel), slice @z. */
static int fill(struct nvm_job *job, const struct nvm_surface *surf, struct rect r, uint32_t z,
		const uint8_t *px, const uint8_t *mask, uint32_t bytes)
{
	for (int64_t y = r.y0; y < r.y1; y++) {
		for (int64_t x = r.x0; x < r.x1; x++) {
			uint8_t *dst = nvm_surface_at(job, surf, (uint32_t)x * bytes, (uint32_t)y, z,
						      bytes);

			if (!dst)
				return -EFAULT;
			nvm_pixel_write(dst, px, mask, bytes);
		}
	}
	return 0;
}

/* Colour target @j, layer @layer: its surface, and its size in pixels. */
static int color_target(const struct nvm_subc_state *s, uint32_t j, uint32_t layer,
			const struct nvm_format *f, struct nvm_surface *surf, uint32_t *w,
			uint32_t *h, uint32_t *z)
{
	uint32_t mem = nvm_state(s, REG_NVB197_SET_COLOR_TARGET_MEMORY(j));
	uint32_t width = nvm_state(s, REG_NVB197_SET_COLOR_TARGET_WIDTH(j));
	bool pitch = NVB197_SET_COLOR_TARGET_MEMORY_LAYOUT__get(mem) ==
		     NVB197_SET_COLOR_TARGET_MEMORY_LAYOUT_PITCH;
	bool depth = NVB197_SET_COLOR_TARGET_MEMORY_THIRD_DIMENSION_CONTROL__get(mem) ==
		     NVB197_SET_COLOR_TARGET_MEMORY_THIRD_DIMENSION_CONTROL_THIRD_DIMENSION_DEFINES_DEPTH_SIZE;
	uint64_t array_pitch = (uint64_t)nvm_state(s, REG_NVB197_SET_COLOR_TARGET_ARRAY_PITCH(j)) << 2;

	layer += NVB197_SET_COLOR_TARGET_LAYER_OFFSET__get(
		nvm_state(s, REG_NVB197_SET_COLOR_TARGET_LAYER(j)));
	*surf = (struct nvm_surface){
		.va = nvm_addr(NVB197_SET_COLOR_TARGET_A_OFFSET_UPPER__get(
				       nvm_state(s, REG_NVB197_SET_COLOR_TARGET_A(j))),
			       nvm_state(s, REG_NVB197_SET_COLOR_TARGET_B(j))),
		.pitch = pitch,
		.pitch_bytes = width,
		.width_bytes = width * f->bytes,
		.height = nvm_state(s, REG_NVB197_SET_COLOR_TARGET_HEIGHT(j)),
		.depth = depth ? nvm_state(s, REG_NVB197_SET_COLOR_TARGET_THIRD_DIMENSION(j)) : 1,
		.log2_bw = NVB197_SET_COLOR_TARGET_MEMORY_BLOCK_WIDTH__get(mem),
		.log2_bh = NVB197_SET_COLOR_TARGET_MEMORY_BLOCK_HEIGHT__get(mem),
		.log2_bd = NVB197_SET_COLOR_TARGET_MEMORY_BLOCK_DEPTH__get(mem),
	};
	/* pitch: WIDTH is the pitch in bytes (Mesa's nvc0_validate_fb) */
	*w = pitch ? width / f->bytes : width;
	*h = surf->height;
	*z = depth ? layer : 0;
	if (!depth)
		surf->va += layer * array_pitch;
	return nvm_surface_valid(surf) ? 0 : -ENODEV;
}

static int clear_color(struct nvm_job *job, const struct nvm_subc_state *s, uint32_t d)
{
	uint32_t j = NVB197_CLEAR_SURFACE_MRT_SELECT__get(d);
	uint32_t code = nvm_state(s, REG_NVB197_SET_COLOR_TARGET_FORMAT(j));
	const struct nvm_format *f = nvm_format(code);
	unsigned int write = (d & (NVB197_CLEAR_SURFACE_R_ENABLE__MASK |
				   NVB197_CLEAR_SURFACE_G_ENABLE__MASK |
				   NVB197_CLEAR_SURFACE_B_ENABLE__MASK |
				   NVB197_CLEAR_SURFACE_A_ENABLE__MASK)) >>
			     NVB197_CLEAR_SURFACE_R_ENABLE__SHIFT;
	uint8_t px[NVM_PIXEL_MAX], mask[NVM_PIXEL_MAX];
	struct nvm_surface surf;
	uint32_t w, h, z;
	float rgba[4];

	if (code == NVB197_SET_COLOR_TARGET_FORMAT_V_DISABLED)
		return 0;	/* no target there: nothing to clear */
	if (!f) {
		model_debug("nouveau: CLEAR_SURFACE: colour format %#x not modelled", code);
		return -ENODEV;
	}
	if (color_target(s, j, NVB197_CLEAR_SURFACE_RT_ARRAY_INDEX__get(d), f, &surf, &w, &h, &z))
		return -ENODEV;
	for (int c = 0; c < 4; c++)
		rgba[c] = bits_float(nvm_state(s, REG_NVB197_SET_COLOR_CLEAR_VALUE(c)));
	nvm_format_pack(f, rgba, write, px, mask);
	return fill(job, &surf, clear_rect(s, w, h), z, px, mask, f->bytes);
}

/* The zeta value and write mask of one pixel: Z where @z, stencil where @stencil. */
static int zeta_pixel(const struct nvm_subc_state *s, uint32_t code, bool z, bool stencil,
		      uint8_t px[8], uint8_t mask[8], uint32_t *bytes)
{
	uint32_t sv = NVB197_SET_STENCIL_CLEAR_VALUE_V__get(ST(s, SET_STENCIL_CLEAR_VALUE));
	uint32_t smask = NVB197_SET_CLEAR_SURFACE_CONTROL_RESPECT_STENCIL_MASK__get(
				 ST(s, SET_CLEAR_SURFACE_CONTROL))
			 ? NVB197_SET_STENCIL_MASK_V__get(ST(s, SET_STENCIL_MASK)) : 0xff;
	float zf = bits_float(ST(s, SET_Z_CLEAR_VALUE));
	uint64_t zv, zm = z ? ~0ull : 0, sm = stencil ? smask : 0, v, m;

	zf = zf > 0.0f ? (zf < 1.0f ? zf : 1.0f) : 0.0f;
	switch (code) {
	case NVB197_SET_ZT_FORMAT_V_Z16:	/* Z 15:0 */
		zv = (uint64_t)(zf * 65535.0f + 0.5f);
		v = zv, m = zm & 0xffff, *bytes = 2;
		break;
	case NVB197_SET_ZT_FORMAT_V_S8Z24:	/* S 31:24, Z 23:0 */
	case NVB197_SET_ZT_FORMAT_V_X8Z24:
		zv = (uint64_t)(zf * 16777215.0f + 0.5f);
		v = zv | (uint64_t)sv << 24, *bytes = 4;
		m = (zm & 0xffffff) | (code == NVB197_SET_ZT_FORMAT_V_S8Z24 ? sm << 24 : 0);
		break;
	case NVB197_SET_ZT_FORMAT_V_Z24S8:	/* Z 31:8, S 7:0 */
		zv = (uint64_t)(zf * 16777215.0f + 0.5f);
		v = zv << 8 | sv, m = (zm & 0xffffff) << 8 | sm, *bytes = 4;
		break;
	case NVB197_SET_ZT_FORMAT_V_ZF32:	/* a float */
	case NVB197_SET_ZT_FORMAT_V_ZF32_X24S8:	/* a float, then S in the next word's 7:0 */
		memcpy(&zv, &zf, 4);
		zv &= 0xffffffff;
		v = zv | (uint64_t)sv << 32, m = (zm & 0xffffffff), *bytes = 4;
		if (code == NVB197_SET_ZT_FORMAT_V_ZF32_X24S8)
			m |= sm << 32, *bytes = 8;
		break;
	default:
		model_debug("nouveau: CLEAR_SURFACE: zeta format %#x not modelled", code);
		return -ENODEV;
	}
	for (int i = 0; i < 8; i++) {
		px[i] = (uint8_t)(v >> (8 * i));
		mask[i] = (uint8_t)(m >> (8 * i));
	}
	return 0;
}

static int clear_zeta(struct nvm_job *job, const struct nvm_subc_state *s, uint32_t d)
{
	uint32_t block = ST(s, SET_ZT_BLOCK_SIZE), size_c = ST(s, SET_ZT_SIZE_C);
	uint32_t layer = NVB197_CLEAR_SURFACE_RT_ARRAY_INDEX__get(d) +
			 NVB197_SET_ZT_LAYER_OFFSET__get(ST(s, SET_ZT_LAYER));
	uint8_t px[8], mask[8];
	struct nvm_surface surf;
	uint32_t bytes, w;
	int ret;

	if (!NVB197_SET_ZT_SELECT_TARGET_COUNT__get(ST(s, SET_ZT_SELECT)))
		return 0;	/* no zeta target */
	ret = zeta_pixel(s, NVB197_SET_ZT_FORMAT_V__get(ST(s, SET_ZT_FORMAT)),
			 NVB197_CLEAR_SURFACE_Z_ENABLE__get(d),
			 NVB197_CLEAR_SURFACE_STENCIL_ENABLE__get(d), px, mask, &bytes);
	if (ret)
		return ret;
	w = NVB197_SET_ZT_SIZE_A_WIDTH__get(ST(s, SET_ZT_SIZE_A));
	surf = (struct nvm_surface){
		.va = nvm_addr(NVB197_SET_ZT_A_OFFSET_UPPER__get(ST(s, SET_ZT_A)), ST(s, SET_ZT_B)) +
		      (uint64_t)layer * (ST(s, SET_ZT_ARRAY_PITCH) << 2),
		.width_bytes = w * bytes,
		.height = NVB197_SET_ZT_SIZE_B_HEIGHT__get(ST(s, SET_ZT_SIZE_B)),
		.depth = NVB197_SET_ZT_SIZE_C_THIRD_DIMENSION__get(size_c),
		.log2_bw = NVB197_SET_ZT_BLOCK_SIZE_WIDTH__get(block),
		.log2_bh = NVB197_SET_ZT_BLOCK_SIZE_HEIGHT__get(block),
		.log2_bd = NVB197_SET_ZT_BLOCK_SIZE_DEPTH__get(block),
	};
	if (!nvm_surface_valid(&surf))
		return -ENODEV;
	return fill(job, &surf, clear_rect(s, w, surf.height), 0, px, mask, bytes);
}

int nvm_3d_clear(struct nvm_job *job, const struct nvm_subc_state *s, uint32_t d)
{
	uint32_t origin = ST(s, SET_WINDOW_ORIGIN);
	int ret = 0;

	if (NVB197_SET_WINDOW_ORIGIN_MODE__get(origin) != NVB197_SET_WINDOW_ORIGIN_MODE_UPPER_LEFT ||
	    NVB197_SET_WINDOW_ORIGIN_FLIP_Y__get(origin)) {
		model_debug("nouveau: CLEAR_SURFACE with window origin %#x: not modelled", origin);
		return -ENODEV;
	}
	if (d & (NVB197_CLEAR_SURFACE_R_ENABLE__MASK | NVB197_CLEAR_SURFACE_G_ENABLE__MASK |
		 NVB197_CLEAR_SURFACE_B_ENABLE__MASK | NVB197_CLEAR_SURFACE_A_ENABLE__MASK))
		ret = clear_color(job, s, d);
	if (!ret && (d & (NVB197_CLEAR_SURFACE_Z_ENABLE__MASK |
			  NVB197_CLEAR_SURFACE_STENCIL_ENABLE__MASK)))
		ret = clear_zeta(job, s, d);
	return ret;
}

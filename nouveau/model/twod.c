// SPDX-License-Identifier: MIT
/*
 * FERMI_TWOD_A (NV902D, cl902d.h) in the model: the two renders the
 * referees use, into the destination surface (SET_DST_*: pitch or
 * block-linear, surface.h) inside the clip rectangle when SET_CLIP_ENABLE:
 * - solid rectangles: RENDER_SOLID_PRIM_MODE RECTS, then two points
 *   (RENDER_SOLID_PRIM_POINT_SET_X/POINT_Y, or POINT_X_Y) per rectangle,
 *   the second corner exclusive, in SET_RENDER_SOLID_PRIM_COLOR (of
 *   SET_RENDER_SOLID_PRIM_COLOR_FORMAT), as xf86-video-nouveau's
 *   NV50EXASolid fills with the same class family;
 * - blits from memory: PIXELS_FROM_MEMORY_SRC_Y0_INT starts one from the
 *   source surface (SET_SRC_*), DST_X0/Y0/WIDTH/HEIGHT, the 32.32
 *   fixed-point source origin and steps (DU_DX, DV_DY), point sampled at
 *   pixel centres (ORIGIN CENTER) or corners, as Mesa's nvc0_blit_eng2d
 *   and nvc0_2d_texture_do_copy send them; the source format is converted
 *   to the destination's through channel values (formats.h).
 * Only SET_OPERATION SRCCOPY is modelled; ROP, blending, zeta targets,
 * other primitives, CPU pixels and scaled bilinear filtering are not
 * (a channel error with the reason logged).
 */
#include <errno.h>
#include <string.h>

#include "model/model.h"
#include "nouveau/model/formats.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/model/surface.h"
#include "nouveau/nv902d.xml.h"

#define ST(s, M) nvm_state(s, REG_NV902D_##M)

struct twod_surface {
	struct nvm_surface surf;
	const struct nvm_format *f;
	uint32_t width, height, layer;	/* pixels; the slice of a 3D surface */
};

/* The destination (@dst) or source surface from the latched SET_DST_* / SET_SRC_*. */
static int twod_surface(const struct nvm_subc_state *s, bool dst, struct twod_surface *t)
{
	uint32_t base = dst ? REG_NV902D_SET_DST_FORMAT : REG_NV902D_SET_SRC_FORMAT;
	uint32_t code = NV902D_SET_DST_FORMAT_V__get(nvm_state(s, base));
	uint32_t block = nvm_state(s, base + (REG_NV902D_SET_DST_BLOCK_SIZE - REG_NV902D_SET_DST_FORMAT));

	/* the SRC methods keep the DST ones' order: SET_SRC_FORMAT + n is SET_DST_FORMAT's + n */
#define AT(M) nvm_state(s, base + (REG_NV902D_SET_DST_##M - REG_NV902D_SET_DST_FORMAT))
	t->f = nvm_format(code);
	if (!t->f) {
		model_debug("nouveau: 2D %s format %#x not modelled", dst ? "destination" : "source",
			    code);
		return -ENODEV;
	}
	t->width = AT(WIDTH);
	t->height = AT(HEIGHT);
	t->layer = dst ? ST(s, SET_DST_LAYER) : 0;
	t->surf = (struct nvm_surface){
		.va = nvm_addr(NV902D_SET_DST_OFFSET_UPPER_V__get(AT(OFFSET_UPPER)), AT(OFFSET_LOWER)),
		.pitch = NV902D_SET_DST_MEMORY_LAYOUT_V__get(AT(MEMORY_LAYOUT)) ==
			 NV902D_SET_DST_MEMORY_LAYOUT_V_PITCH,
		.pitch_bytes = AT(PITCH),
		.width_bytes = t->width * t->f->bytes,
		.height = t->height,
		.depth = AT(DEPTH),
		.log2_bh = NV902D_SET_DST_BLOCK_SIZE_HEIGHT__get(block),
		.log2_bd = NV902D_SET_DST_BLOCK_SIZE_DEPTH__get(block),
	};
#undef AT
	return nvm_surface_valid(&t->surf) ? 0 : -ENODEV;
}

_Static_assert(REG_NV902D_SET_SRC_WIDTH - REG_NV902D_SET_SRC_FORMAT ==
		       REG_NV902D_SET_DST_WIDTH - REG_NV902D_SET_DST_FORMAT &&
	       REG_NV902D_SET_SRC_OFFSET_LOWER - REG_NV902D_SET_SRC_FORMAT ==
		       REG_NV902D_SET_DST_OFFSET_LOWER - REG_NV902D_SET_DST_FORMAT &&
	       REG_NV902D_SET_SRC_BLOCK_SIZE - REG_NV902D_SET_SRC_FORMAT ==
		       REG_NV902D_SET_DST_BLOCK_SIZE - REG_NV902D_SET_DST_FORMAT,
	       "the 2D source methods are not laid out as the destination ones");

/* Whether SET_OPERATION is SRCCOPY and the target a colour one: the modelled renders. */
static bool twod_modelled(const struct nvm_subc_state *s)
{
	if (NV902D_SET_OPERATION_V__get(ST(s, SET_OPERATION)) != NV902D_SET_OPERATION_V_SRCCOPY ||
	    NV902D_SET_DST_COLOR_RENDER_TO_ZETA_SURFACE_V__get(
		    ST(s, SET_DST_COLOR_RENDER_TO_ZETA_SURFACE))) {
		model_debug("nouveau: 2D operation %#x (zeta target %#x) not modelled",
			    ST(s, SET_OPERATION), ST(s, SET_DST_COLOR_RENDER_TO_ZETA_SURFACE));
		return false;
	}
	return true;
}

/* Whether destination pixel (x, y) is inside the surface and the clip rectangle. */
static bool inside(const struct nvm_subc_state *s, const struct twod_surface *d, int64_t x,
		   int64_t y)
{
	int64_t cx = ST(s, SET_CLIP_X0), cy = ST(s, SET_CLIP_Y0);

	if (x < 0 || y < 0 || x >= d->width || y >= d->height)
		return false;
	if (!NV902D_SET_CLIP_ENABLE_V__get(ST(s, SET_CLIP_ENABLE)))
		return true;
	return x >= cx && y >= cy && x < cx + ST(s, SET_CLIP_WIDTH) &&
	       y < cy + ST(s, SET_CLIP_HEIGHT);
}

static uint8_t *pixel(struct nvm_job *job, const struct twod_surface *t, int64_t x, int64_t y)
{
	return nvm_surface_at(job, &t->surf, (uint32_t)x * t->f->bytes, (uint32_t)y, t->layer,
			      t->f->bytes);
}

/* A solid rectangle [x0, x1) x [y0, y1) in SET_RENDER_SOLID_PRIM_COLOR. */
static int solid_rect(struct nvm_job *job, const struct nvm_subc_state *s, int64_t x0,
		      int64_t y0, int64_t x1, int64_t y1)
{
	uint32_t ccode = NV902D_SET_RENDER_SOLID_PRIM_COLOR_FORMAT_V__get(
		ST(s, SET_RENDER_SOLID_PRIM_COLOR_FORMAT));
	const struct nvm_format *cf = nvm_format(ccode);
	uint32_t color = ST(s, SET_RENDER_SOLID_PRIM_COLOR);
	uint8_t px[NVM_PIXEL_MAX], mask[NVM_PIXEL_MAX];
	struct twod_surface d;
	float rgba[4];

	if (!cf || cf->bytes > 4) {
		model_debug("nouveau: 2D solid colour format %#x not modelled", ccode);
		return -ENODEV;
	}
	if (twod_surface(s, true, &d) || !twod_modelled(s))
		return -ENODEV;
	nvm_format_unpack(cf, (const uint8_t *)&color, rgba);
	nvm_format_pack(d.f, rgba, 0xf, px, mask);
	for (int64_t y = y0; y < y1; y++) {
		for (int64_t x = x0; x < x1; x++) {
			uint8_t *dst;

			if (!inside(s, &d, x, y))
				continue;
			dst = pixel(job, &d, x, y);
			if (!dst)
				return -EFAULT;
			nvm_pixel_write(dst, px, mask, d.f->bytes);
		}
	}
	return 0;
}

/* One vertex of the solid primitive: RECTS take two. */
static int solid_vertex(struct nvm_job *job, struct nvm_subc_state *s, int32_t x, int32_t y)
{
	if (NV902D_RENDER_SOLID_PRIM_MODE_V__get(ST(s, RENDER_SOLID_PRIM_MODE)) !=
	    NV902D_RENDER_SOLID_PRIM_MODE_V_RECTS) {
		model_debug("nouveau: 2D solid primitive %#x not modelled (rectangles are)",
			    ST(s, RENDER_SOLID_PRIM_MODE));
		return -ENODEV;
	}
	s->prim_x[s->prim_n] = x;
	s->prim_y[s->prim_n] = y;
	if (++s->prim_n < 2)
		return 0;
	s->prim_n = 0;
	return solid_rect(job, s, s->prim_x[0], s->prim_y[0], s->prim_x[1], s->prim_y[1]);
}

/* 32.32 fixed point from a FRAC and an INT method */
static int64_t fixed(const struct nvm_subc_state *s, uint32_t frac, uint32_t integer)
{
	return (int64_t)((uint64_t)nvm_state(s, integer) << 32 | nvm_state(s, frac));
}

/* The source texel of destination pixel @i: origin @o plus (i + 0.5 or i) steps of @step. */
static int64_t sample(int64_t o, int64_t step, int64_t i, bool center)
{
	int64_t pos = o + step * i + (center ? step / 2 : 0);

	return pos >> 32;	/* floor */
}

static int blit(struct nvm_job *job, const struct nvm_subc_state *s)
{
	uint32_t mode = ST(s, SET_PIXELS_FROM_MEMORY_SAMPLE_MODE);
	bool center = NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE_ORIGIN__get(mode) ==
		      NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE_ORIGIN_CENTER;
	int64_t du = fixed(s, REG_NV902D_SET_PIXELS_FROM_MEMORY_DU_DX_FRAC,
			   REG_NV902D_SET_PIXELS_FROM_MEMORY_DU_DX_INT);
	int64_t dv = fixed(s, REG_NV902D_SET_PIXELS_FROM_MEMORY_DV_DY_FRAC,
			   REG_NV902D_SET_PIXELS_FROM_MEMORY_DV_DY_INT);
	int64_t u0 = fixed(s, REG_NV902D_SET_PIXELS_FROM_MEMORY_SRC_X0_FRAC,
			   REG_NV902D_SET_PIXELS_FROM_MEMORY_SRC_X0_INT);
	int64_t v0 = fixed(s, REG_NV902D_SET_PIXELS_FROM_MEMORY_SRC_Y0_FRAC,
			   REG_NV902D_PIXELS_FROM_MEMORY_SRC_Y0_INT);
	int64_t dx0 = (int32_t)ST(s, SET_PIXELS_FROM_MEMORY_DST_X0);
	int64_t dy0 = (int32_t)ST(s, SET_PIXELS_FROM_MEMORY_DST_Y0);
	struct twod_surface d, src;

	if (twod_surface(s, true, &d) || twod_surface(s, false, &src) || !twod_modelled(s))
		return -ENODEV;
	/* bilinear at texel centres of a 1:1 blit samples exactly the point texel */
	if (NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE_FILTER__get(mode) ==
		    NV902D_SET_PIXELS_FROM_MEMORY_SAMPLE_MODE_FILTER_BILINEAR &&
	    (du != 1ll << 32 || dv != 1ll << 32 || !center || (u0 | v0) & 0xffffffff)) {
		model_debug("nouveau: 2D bilinear scaled blits are not modelled");
		return -ENODEV;
	}
	for (int64_t j = 0; j < ST(s, SET_PIXELS_FROM_MEMORY_DST_HEIGHT); j++) {
		for (int64_t i = 0; i < ST(s, SET_PIXELS_FROM_MEMORY_DST_WIDTH); i++) {
			int64_t u = sample(u0, du, i, center), v = sample(v0, dv, j, center);
			uint8_t px[NVM_PIXEL_MAX], mask[NVM_PIXEL_MAX], *to;
			const uint8_t *from;
			float rgba[4];

			if (!inside(s, &d, dx0 + i, dy0 + j))
				continue;
			/* outside the source: the edge texel (HARDWARE CLAIM: clamped) */
			u = u < 0 ? 0 : u >= src.width ? src.width - 1 : u;
			v = v < 0 ? 0 : v >= src.height ? src.height - 1 : v;
			from = pixel(job, &src, u, v);
			to = pixel(job, &d, dx0 + i, dy0 + j);
			if (!from || !to)
				return -EFAULT;
			if (src.f == d.f) {
				memmove(to, from, d.f->bytes);
				continue;
			}
			nvm_format_unpack(src.f, from, rgba);
			nvm_format_pack(d.f, rgba, 0xf, px, mask);
			nvm_pixel_write(to, px, mask, d.f->bytes);
		}
	}
	return 0;
}

int nvm_2d_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t mthd, uint32_t data)
{
	if (mthd == REG_NV902D_PIXELS_FROM_MEMORY_SRC_Y0_INT)
		return blit(job, s);
	if (mthd == REG_NV902D_RENDER_SOLID_PRIM_POINT_X_Y)
		return solid_vertex(job, s, (int32_t)NV902D_RENDER_SOLID_PRIM_POINT_X_Y_X__get(data),
				    (int32_t)NV902D_RENDER_SOLID_PRIM_POINT_X_Y_Y__get(data));
	if (mthd >= REG_NV902D_RENDER_SOLID_PRIM_POINT_SET_X(0) &&
	    mthd <= REG_NV902D_RENDER_SOLID_PRIM_POINT_Y(REG_NV902D_RENDER_SOLID_PRIM_POINT_Y__LEN - 1)) {
		/* a vertex is complete with its Y; X is the latched SET_X before it */
		if ((mthd - REG_NV902D_RENDER_SOLID_PRIM_POINT_SET_X(0)) % 8 == 0)
			return 0;
		return solid_vertex(job, s, (int32_t)nvm_state(s, mthd - 4), (int32_t)data);
	}
	return 1;	/* CPU pixels: not modelled */
}

// SPDX-License-Identifier: MIT
/*
 * The rasteriser of the model (GA, SU, SC): points and point sprites,
 * lines and triangles into 2x2 quads of fragments, whose attributes the RS
 * then hands to the fragment shader.
 *
 * Triangles: window positions are snapped to the 1/12-pixel grid
 * (GB_TILE_CONFIG.SUBPIXEL as the kernel leaves it: 1/12, which Mesa's
 * r300_emit_fb_state_pipelined relies on for its sample positions, and
 * GA_ROUND_MODE rounds to nearest); a pixel is covered when its centre is
 * inside, or on a top or left edge. The edge functions are evaluated on
 * that grid in integers, exactly, as a fixed-point setup unit does: a
 * centre on an edge two triangles share is on it for both, so it is drawn
 * once (never twice, never left out, whatever float rounding of 1/12
 * would say). Which edges the hardware counts as
 * inside (SC_EDGERULE, Mesa writes 0x2da49525) is not documented: the
 * top-left rule here is the D3D one, a claim to verify on silicon.
 * Attributes are interpolated perspective-correctly (1/w), depth linearly
 * in window space; colours whose GA_COLOR_CONTROL shading is FLAT take
 * the provoking vertex's.
 *
 * Polygon offset (SU_POLY_OFFSET_ENABLE FRONT/BACK for triangles, PARA for
 * points and lines): depth + SCALE * dz/12 + OFFSET, with the slope dz per
 * 1/12 pixel and OFFSET in halves of a 24-bit depth step or quarters of a
 * 16-bit one: Mesa's r300_create_rs_state programs offset_scale * 12 and
 * offset_units * 2 (24-bit) or * 4 (16-bit) for GL's factor and units.
 *
 * Points: a GA_POINT_SIZE (or per-vertex size, clamped to GA_POINT_MINMAX)
 * rectangle, sizes in 1/6 pixel (Mesa packs size * 6); the GA's point
 * coordinates run across it (rs.c). Lines: GA_LINE_CNTL.WIDTH (1/6
 * pixel, at least one pixel) wide in the minor direction, half-open along
 * the major axis (GL's wide-line rule); stippled lines are faults.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

#define SUBPIXELS 12.0f
#define SIZE_UNITS 6.0f		/* GA_POINT_SIZE / GA_LINE_CNTL units per pixel */

/* Interpolation over a primitive: @a[3] attributes, window @z, and how to weigh a pixel. */
struct span {
	struct rp_draw *d;
	const struct rp_prim *p;
	struct rp_rs_vertex a[3];
	float z[3], z_offset;
	/* triangle: the edge setup, in whole subpixels (the SU's fixed point) and in pixels */
	int64_t sx[3], sy[3], sarea;
	float x[3], y[3];
	/* line: from (x0, y0) along (dx, dy), width */
	float lx, ly, ldx, ldy, lw;
	bool x_major;
	/* point: the rectangle */
	float left, top, w, h;
};

/* A window coordinate on the subpixel grid, in whole subpixels. */
static int32_t subpixel(float v)
{
	return fm_round(v * SUBPIXELS);
}

static float snap(float v)
{
	return (float)subpixel(v) / SUBPIXELS;
}

/* ---- weights --------------------------------------------------------------- */

/*
 * The edge function of a -> b at p, exact: the SU walks edges in fixed
 * point, so a pixel centre on an edge shared by two triangles is on it
 * for both, and the top-left rule gives it to exactly one.
 */
static int64_t edge(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py)
{
	return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Top-left rule for an edge of a positive-area triangle (y grows downwards). */
static bool top_left(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	return (ay == by && bx < ax) || by > ay;
}

static bool inside(int64_t w, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	return w > 0 || (w == 0 && top_left(ax, ay, bx, by));
}

/* Screen-space barycentric weights of (px, py) and whether the pixel is covered. */
static bool tri_weights(const struct span *s, float px, float py, float l[3])
{
	const int64_t *x = s->sx, *y = s->sy;
	int64_t cx = subpixel(px), cy = subpixel(py);
	int64_t w0 = edge(x[1], y[1], x[2], y[2], cx, cy), w1 = edge(x[2], y[2], x[0], y[0], cx, cy);
	int64_t w2 = edge(x[0], y[0], x[1], y[1], cx, cy);

	l[0] = (float)w0 / (float)s->sarea;
	l[1] = (float)w1 / (float)s->sarea;
	l[2] = (float)w2 / (float)s->sarea;
	return inside(w0, x[1], y[1], x[2], y[2]) && inside(w1, x[2], y[2], x[0], y[0]) &&
	       inside(w2, x[0], y[0], x[1], y[1]);
}

static bool line_weights(const struct span *s, float px, float py, float l[3])
{
	float t, off;

	if (s->x_major) {
		t = (px - s->lx) / s->ldx;
		off = py - (s->ly + t * s->ldy);
	} else {
		t = (py - s->ly) / s->ldy;
		off = px - (s->lx + t * s->ldx);
	}
	l[0] = 1.0f - t;
	l[1] = t;
	l[2] = 0.0f;
	return t >= 0.0f && t < 1.0f && off >= -s->lw / 2 && off < s->lw / 2;
}

static bool point_weights(const struct span *s, float px, float py, float l[3])
{
	l[0] = 1.0f;
	l[1] = l[2] = 0.0f;
	return px >= s->left && px < s->left + s->w && py >= s->top && py < s->top + s->h;
}

static bool weights(const struct span *s, float px, float py, float l[3])
{
	return s->p->nv == 3 ? tri_weights(s, px, py, l) : s->p->nv == 2 ? line_weights(s, px, py, l) :
	       point_weights(s, px, py, l);
}

/* ---- attributes at a pixel ---------------------------------------------------- */

static float lerp3(const float l[3], float a, float b, float c)
{
	if (a == b && b == c)
		return a;	/* constant attributes stay exact */
	return l[0] * a + l[1] * b + l[2] * c;
}

/* Perspective-correct attributes at screen weights @l. */
static void attributes(const struct span *s, const float l[3], float px, float py,
		       struct rp_rs_vertex *out)
{
	unsigned int nv = s->p->nv;
	float pw[3] = { 0, 0, 0 }, sum = 0.0f;

	if (nv == 1) {
		*out = s->a[0];
		rp_rs_point_coords(&s->d->rs, s->d->s, (px - s->left) / s->w, (py - s->top) / s->h, out);
		return;
	}
	for (unsigned int i = 0; i < nv; i++) {
		pw[i] = l[i] * s->a[i].inv_w;
		sum += pw[i];
	}
	for (unsigned int i = 0; i < nv; i++)
		pw[i] = sum != 0.0f ? pw[i] / sum : l[i];
	for (int c = 0; c < RP_COLOURS; c++)
		for (int k = 0; k < 4; k++)
			out->col[c][k] = lerp3(pw, s->a[0].col[c][k], s->a[1].col[c][k],
					       s->a[nv - 1].col[c][k]);
	for (int t = 0; t < RP_TEX_COMPS; t++)
		out->tex[t] = lerp3(pw, s->a[0].tex[t], s->a[1].tex[t], s->a[nv - 1].tex[t]);
}

static float depth(const struct span *s, const float l[3])
{
	unsigned int nv = s->p->nv;
	float z = nv == 1 ? s->z[0] : lerp3(l, s->z[0], s->z[1], s->z[nv - 1]);

	return z + s->z_offset;
}

/* ---- quads ---------------------------------------------------------------------- */

static bool quad(struct span *s, int32_t qx, int32_t qy)
{
	static _Thread_local struct rp_quad q;
	struct rp_draw *d = s->d;
	uint8_t cover = 0;
	float l[4][3];

	for (int i = 0; i < 4; i++) {
		int32_t px = qx + (i & 1), py = qy + (i >> 1);

		if (weights(s, (float)px + 0.5f, (float)py + 0.5f, l[i]) &&
		    radeon_backend_visible(&d->be, px, py))
			cover |= (uint8_t)(1u << i);
	}
	if (!cover)
		return true;
	q.x = qx;
	q.y = qy;
	q.cover = cover;
	q.back = s->p->back;
	for (int i = 0; i < 4; i++) {
		struct rp_rs_vertex a;
		float px = (float)(qx + (i & 1)) + 0.5f, py = (float)(qy + (i >> 1)) + 0.5f;

		attributes(s, l[i], px, py, &a);
		q.z[i] = depth(s, l[i]);
		for (unsigned int t = 0; t < d->temps; t++)
			memset(q.in[i][t], 0, sizeof(q.in[i][t]));
		rp_rs_pixel(&d->rs, &a, s->p->back, q.in[i]);
	}
	return rp_draw_quad(d, &q);
}

/* Every quad touching [x0, x1) x [y0, y1), clipped to the draw's bounds. */
static bool box(struct span *s, float x0, float y0, float x1, float y1)
{
	const struct radeon_backend *be = &s->d->be;
	int32_t ix0 = (int32_t)fm_floor(x0), iy0 = (int32_t)fm_floor(y0);
	int32_t ix1 = (int32_t)fm_floor(x1), iy1 = (int32_t)fm_floor(y1);

	if (ix0 < (int32_t)be->x0)
		ix0 = (int32_t)be->x0;
	if (iy0 < (int32_t)be->y0)
		iy0 = (int32_t)be->y0;
	if (ix1 > (int32_t)be->x1)
		ix1 = (int32_t)be->x1;
	if (iy1 > (int32_t)be->y1)
		iy1 = (int32_t)be->y1;
	for (int32_t y = iy0 & ~1; y <= iy1; y += 2)
		for (int32_t x = ix0 & ~1; x <= ix1; x += 2)
			if (!quad(s, x, y))
				return false;
	return true;
}

/* ---- setup -------------------------------------------------------------------------- */

/*
 * GA_SOLID_RG/BA: the fill colour of SOLID shading, S3.12 per channel
 * (Mesa r300_reg.h R300_GA_SOLID_RG "fill color -- S312 format").
 */
static void solid_colour(const struct radeon_gpu_state *s, float rgba[4])
{
	uint32_t rg = REG(s, REG_R300_GA_SOLID_RG), ba = REG(s, REG_R300_GA_SOLID_BA);

	rgba[0] = (float)(int16_t)R300_GA_SOLID_RG_COLOR_RED__get(rg) / 4096.0f;
	rgba[1] = (float)(int16_t)R300_GA_SOLID_RG_COLOR_GREEN__get(rg) / 4096.0f;
	rgba[2] = (float)(int16_t)R300_GA_SOLID_BA_COLOR_BLUE__get(ba) / 4096.0f;
	rgba[3] = (float)(int16_t)R300_GA_SOLID_BA_COLOR_ALPHA__get(ba) / 4096.0f;
}

/*
 * GA_COLOR_CONTROL, per colour and per RGB / alpha: SOLID takes the fill
 * colour, FLAT the provoking vertex's, GOURAUD interpolates (Mesa
 * r300_reg.h R300_GA_COLOR_CONTROL_RGB0_SHADING_*). Nothing resets the
 * register (neither r300_ring_start nor Mesa's invariant state), so a
 * process's first blitter rectangle (r300_blitter_draw_rectangle does not
 * write it) meets the power-on value 0: SOLID.
 */
static bool flat_colours(struct span *s, const struct rp_rs_vertex *pv)
{
	uint32_t cc = REG(s->d->s, REG_R300_GA_COLOR_CONTROL);
	float solid[4];

	solid_colour(s->d->s, solid);
	for (int c = 0; c < RP_COLOURS; c++) {
		uint32_t rgb = (cc >> (R300_GA_COLOR_CONTROL_RGB1_SHADING__SHIFT * c)) & 3;
		uint32_t alpha = (cc >> (R300_GA_COLOR_CONTROL_ALPHA0_SHADING__SHIFT +
					 R300_GA_COLOR_CONTROL_RGB1_SHADING__SHIFT * c)) & 3;

		if (rgb == 3 || alpha == 3)
			return radeon_fault(s->d->x, "GA_COLOR_CONTROL %#x: shading mode 3", cc);
		for (unsigned int i = 0; i < s->p->nv; i++) {
			if (rgb != SHADING_GOURAUD)
				memcpy(s->a[i].col[c], rgb == SHADING_FLAT ? pv->col[c] : solid,
				       3 * sizeof(float));
			if (alpha != SHADING_GOURAUD)
				s->a[i].col[c][3] = alpha == SHADING_FLAT ? pv->col[c][3] : solid[3];
		}
	}
	return true;
}

/* SU_POLY_OFFSET_*: the depth offset of a primitive with depth slopes @dzdx, @dzdy per pixel. */
static float poly_offset(struct rp_draw *d, const struct rp_prim *p, float dzdx, float dzdy)
{
	const struct radeon_gpu_state *s = d->s;
	uint32_t en = REG(s, REG_R300_SU_POLY_OFFSET_ENABLE);
	bool face = p->nv == 3 || p->of_polygon;
	bool on = !face ? R300_SU_POLY_OFFSET_ENABLE_PARA_ENABLE__get(en) :
		  p->back ? R300_SU_POLY_OFFSET_ENABLE_BACK_ENABLE__get(en) :
		  R300_SU_POLY_OFFSET_ENABLE_FRONT_ENABLE__get(en);
	bool back = face && p->back;
	float scale = rp_regf(s, back ? REG_R300_SU_POLY_OFFSET_BACK_SCALE : REG_R300_SU_POLY_OFFSET_FRONT_SCALE);
	float offset = rp_regf(s, back ? REG_R300_SU_POLY_OFFSET_BACK_OFFSET : REG_R300_SU_POLY_OFFSET_FRONT_OFFSET);
	/* the scale is per 1/12 pixel (Mesa programs offset_scale * 12) */
	float slope = p->of_polygon ? p->polygon_slope / SUBPIXELS :
		      fm_max(fm_abs(dzdx), fm_abs(dzdy)) / SUBPIXELS;
	float step = d->be.zb.cpp == 2 ? 4.0f * 65535.0f : 2.0f * 16777215.0f;

	if (!on)
		return 0.0f;
	return scale * slope + offset / step;
}

static bool raster_triangle(struct span *s)
{
	float minx, maxx, miny, maxy, dzdx, dzdy, area;
	const struct rp_prim *p = s->p;

	for (int i = 0; i < 3; i++) {
		s->sx[i] = subpixel(p->v[i]->win[0]);
		s->sy[i] = subpixel(p->v[i]->win[1]);
	}
	s->sarea = edge(s->sx[0], s->sy[0], s->sx[1], s->sy[1], s->sx[2], s->sy[2]);
	if (s->sarea == 0)
		return true;
	if (s->sarea < 0) {	/* make the winding positive (the facing is already known) */
		struct rp_rs_vertex t = s->a[1];
		int64_t tx = s->sx[1], ty = s->sy[1];
		float tz = s->z[1];

		s->a[1] = s->a[2], s->sx[1] = s->sx[2], s->sy[1] = s->sy[2], s->z[1] = s->z[2];
		s->a[2] = t, s->sx[2] = tx, s->sy[2] = ty, s->z[2] = tz;
		s->sarea = -s->sarea;
	}
	for (int i = 0; i < 3; i++) {
		s->x[i] = (float)s->sx[i] / SUBPIXELS;
		s->y[i] = (float)s->sy[i] / SUBPIXELS;
	}
	area = (float)s->sarea / (SUBPIXELS * SUBPIXELS);
	/* depth plane: z = z0 + dzdx (x - x0) + dzdy (y - y0) */
	dzdx = ((s->z[1] - s->z[0]) * (s->y[2] - s->y[0]) - (s->z[2] - s->z[0]) * (s->y[1] - s->y[0])) /
	       area;
	dzdy = ((s->z[2] - s->z[0]) * (s->x[1] - s->x[0]) - (s->z[1] - s->z[0]) * (s->x[2] - s->x[0])) /
	       area;
	s->z_offset = poly_offset(s->d, p, dzdx, dzdy);
	minx = fm_min(s->x[0], fm_min(s->x[1], s->x[2]));
	maxx = fm_max(s->x[0], fm_max(s->x[1], s->x[2]));
	miny = fm_min(s->y[0], fm_min(s->y[1], s->y[2]));
	maxy = fm_max(s->y[0], fm_max(s->y[1], s->y[2]));
	return box(s, minx, miny, maxx, maxy);
}

static bool raster_line(struct span *s)
{
	const struct radeon_gpu_state *st = s->d->s;
	const struct rp_prim *p = s->p;
	float w = (float)R300_GA_LINE_CNTL_WIDTH__get(REG(st, REG_R300_GA_LINE_CNTL)) / SIZE_UNITS;
	float x0 = snap(p->v[0]->win[0]), y0 = snap(p->v[0]->win[1]);
	float x1 = snap(p->v[1]->win[0]), y1 = snap(p->v[1]->win[1]), r;

	if (R300_GA_LINE_STIPPLE_CONFIG_LINE_RESET__get(REG(st, REG_R300_GA_LINE_STIPPLE_CONFIG)))
		return radeon_fault(s->d->x, "stippled lines not modelled");
	s->lw = w < 1.0f ? 1.0f : w;
	s->lx = x0, s->ly = y0, s->ldx = x1 - x0, s->ldy = y1 - y0;
	s->x_major = fm_abs(s->ldx) >= fm_abs(s->ldy);
	if (s->ldx == 0.0f && s->ldy == 0.0f)
		return true;
	s->z_offset = poly_offset(s->d, p, 0.0f, 0.0f);
	r = s->lw / 2 + 1.0f;
	return box(s, fm_min(x0, x1) - r, fm_min(y0, y1) - r, fm_max(x0, x1) + r, fm_max(y0, y1) + r);
}

static bool raster_point(struct span *s)
{
	const struct radeon_gpu_state *st = s->d->s;
	const struct rp_vertex *v = s->p->v[0];
	uint32_t size = REG(st, REG_R300_GA_POINT_SIZE), mm = REG(st, REG_R300_GA_POINT_MINMAX);
	float w = (float)R300_GA_POINT_SIZE_WIDTH__get(size) / SIZE_UNITS;
	float h = (float)R300_GA_POINT_SIZE_HEIGHT__get(size) / SIZE_UNITS;

	if (s->d->layout.psize >= 0) {	/* the vertex's size, clamped */
		float lo = (float)R300_GA_POINT_MINMAX_MIN_SIZE__get(mm) / SIZE_UNITS;
		float hi = (float)R300_GA_POINT_MINMAX_MAX_SIZE__get(mm) / SIZE_UNITS;

		w = h = fm_min(fm_max(v->out[s->d->layout.psize][0], lo), hi);
	}
	if (w <= 0.0f || h <= 0.0f)
		return true;
	s->w = w, s->h = h;
	s->left = v->win[0] - w / 2;
	s->top = v->win[1] - h / 2;
	s->z_offset = poly_offset(s->d, s->p, 0.0f, 0.0f);
	return box(s, s->left, s->top, s->left + w, s->top + h);
}

bool rp_raster(struct rp_draw *d, const struct rp_prim *p)
{
	static _Thread_local struct span s;
	struct rp_rs_vertex pv;

	s = (struct span){ .d = d, .p = p };
	for (unsigned int i = 0; i < p->nv; i++) {
		rp_rs_vertex(&d->rs, &d->layout, p->v[i], &s.a[i]);
		s.z[i] = p->v[i]->win[2];
	}
	rp_rs_vertex(&d->rs, &d->layout, p->provoking, &pv);
	if (!flat_colours(&s, &pv))
		return false;
	if (p->nv == 3)
		return raster_triangle(&s);
	if (p->nv == 2)
		return raster_line(&s);
	return raster_point(&s);
}

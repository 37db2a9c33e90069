// SPDX-License-Identifier: MIT
/*
 * Primitive assembly of the model: VAP_VF_CNTL's PRIM_TYPE over a draw's
 * vertices, clipping, culling and polygon modes, then the rasteriser.
 *
 * Primitive types: points, lines, line strips and loops, triangles,
 * triangle strips and fans, quads, quad strips and polygons (the ones
 * Mesa's r300_render.c r300_translate_primitive uses). Strips keep their
 * triangles' winding by swapping the first two vertices of every second
 * one. Quads and polygons are split into triangles around their first
 * vertex.
 *
 * Provoking vertex (GA_COLOR_CONTROL.PROVOKING_VERTEX) for flat shading,
 * as Mesa's r300_provoking_vertex_fixes describes the hardware: first,
 * second, third or last vertex of a triangle or line; for fans the fan
 * centre is the first; for quads the first vertex is never chosen
 * (FIRST gives the second, THIRD and LAST the fourth); for polygons LAST
 * gives the first vertex and the others count from the second.
 *
 * Clipping (unless VAP_CLIP_CNTL.CLIP_DISABLE): against the view volume
 * -w <= x, y <= w (scaled by the guard band VAP_GB_VERT/HORZ_CLIP_ADJ),
 * -w <= z <= w (0 <= z <= w with VAP_CNTL.DX_CLIP_SPACE_DEF) and the user
 * planes VAP_CLIP_CNTL.UCP_ENA_n, whose equations Mesa puts in PVS memory
 * at PVS_UCP_START (r300_set_clip_state) and which are tested on the
 * clip-space position. Polygons are clipped as polygons (the vertex
 * outputs interpolated linearly in clip space), lines as segments, points
 * are dropped when their position is outside.
 *
 * Culling (SU_CULL_MODE): a front face winds counter-clockwise as seen
 * with row 0 at the top (a negative signed area in x and window y, which
 * grows with the row), unless FACE_CW, which makes the positive area the
 * front. Mesa draws GL_CCW front faces into an FBO (positive
 * SE_VPORT_YSCALE: GL's y and the row grow together) with FRONT_FACE_CW
 * (r300_state.c from st's front_ccw), so only this reading gives GL's
 * facing. CULL_FRONT and CULL_BACK drop them. GA_POLY_MODE with POLY_MODE_DUAL draws the front
 * or back faces as points, lines or triangles: lines along the boundary
 * edges of the primitive the GA was handed (a quad's or polygon's outline,
 * not the diagonals it is split along), points at the vertices starting one.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

#define CLIP_PLANES 12		/* 6 view volume planes, 6 user planes */
#define CLIP_MAX 16		/* a triangle clipped by 12 planes has at most 15 vertices */

static float dot4(const float a[4], const float b[4])
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

/* The planes a clip-space position must be on the non-negative side of. */
static unsigned int clip_planes(struct rp_draw *d, float planes[CLIP_PLANES][4])
{
	const struct radeon_gpu_state *s = d->s;
	uint32_t cntl = REG(s, REG_R300_VAP_CLIP_CNTL);
	float gx = rp_regf(s, REG_R300_VAP_GB_HORZ_CLIP_ADJ), gy = rp_regf(s, REG_R300_VAP_GB_VERT_CLIP_ADJ);
	bool dx = R300_VAP_CNTL_DX_CLIP_SPACE_DEF__get(REG(s, REG_R300_VAP_CNTL));
	uint32_t ucp = d->r500 ? PVS_UCP_START_R500 : PVS_UCP_START_R300;
	unsigned int n = 0;

	if (gx <= 0.0f)
		gx = 1.0f;
	if (gy <= 0.0f)
		gy = 1.0f;
	/* x <= gx w, -gx w <= x, likewise y; z <= w, and -w <= z or 0 <= z */
	memcpy(planes[n++], (const float[4]){ -1, 0, 0, gx }, sizeof(planes[0]));
	memcpy(planes[n++], (const float[4]){ 1, 0, 0, gx }, sizeof(planes[0]));
	memcpy(planes[n++], (const float[4]){ 0, -1, 0, gy }, sizeof(planes[0]));
	memcpy(planes[n++], (const float[4]){ 0, 1, 0, gy }, sizeof(planes[0]));
	memcpy(planes[n++], (const float[4]){ 0, 0, -1, 1 }, sizeof(planes[0]));
	memcpy(planes[n++], (const float[4]){ 0, 0, 1, dx ? 0.0f : 1.0f }, sizeof(planes[0]));
	for (unsigned int i = 0; i < 6; i++) {
		if (!(cntl & (R300_VAP_CLIP_CNTL_UCP_ENA_0__MASK << i)))
			continue;
		for (int c = 0; c < 4; c++)
			planes[n][c] = bits_float(s->pvs[(ucp + i) * 4 + c]);
		n++;
	}
	return n;
}

/* A vertex between @a and @b at @t (clip space), its window position redone. */
static void lerp_vertex(struct rp_draw *d, const struct rp_vertex *a, const struct rp_vertex *b,
			float t, struct rp_vertex *out)
{
	for (int o = 0; o < RP_OUTPUTS; o++)
		for (int c = 0; c < 4; c++)
			out->out[o][c] = a->out[o][c] + (b->out[o][c] - a->out[o][c]) * t;
	rp_viewport(d->s, out);
}

/*
 * Sutherland-Hodgman on one plane: @in (@n vertices) into @out; the new
 * count. @edge[i] says whether the edge from vertex i to the next is a
 * boundary edge of the primitive (GL's edge flags: drawn in LINE mode);
 * an edge the plane cuts keeps its flag, the new edge along the plane is
 * a boundary (HARDWARE CLAIM: clipping is not documented, and the R300's
 * guard band makes it rare).
 */
static unsigned int clip_polygon(struct rp_draw *d, const float plane[4],
				 const struct rp_vertex *const *in, const bool *edge, unsigned int n,
				 const struct rp_vertex **out, bool *out_edge,
				 struct rp_vertex *pool, unsigned int *pool_used)
{
	unsigned int m = 0;

	for (unsigned int i = 0; i < n; i++) {
		const struct rp_vertex *a = in[i], *b = in[(i + 1) % n];
		float da = dot4(plane, a->out[0]), db = dot4(plane, b->out[0]);

		if (da >= 0) {
			out_edge[m] = edge[i];
			out[m++] = a;
		}
		if ((da >= 0) != (db >= 0) && *pool_used < CLIP_MAX * 2 && m < CLIP_MAX) {
			struct rp_vertex *v = &pool[(*pool_used)++];

			lerp_vertex(d, a, b, da / (da - db), v);
			out_edge[m] = da >= 0 ? true : edge[i];
			out[m++] = v;
		}
	}
	return m;
}

static bool outside_all(const float planes[][4], unsigned int np, const struct rp_vertex *v)
{
	for (unsigned int i = 0; i < np; i++)
		if (dot4(planes[i], v->out[0]) < 0)
			return true;
	return false;
}

static bool clipping(struct rp_draw *d)
{
	return !R300_VAP_CLIP_CNTL_CLIP_DISABLE__get(REG(d->s, REG_R300_VAP_CLIP_CNTL));
}

static float area2(const struct rp_vertex *a, const struct rp_vertex *b, const struct rp_vertex *c)
{
	return (b->win[0] - a->win[0]) * (c->win[1] - a->win[1]) -
	       (c->win[0] - a->win[0]) * (b->win[1] - a->win[1]);
}

/* The larger depth slope of a window-space triangle (per pixel), for GA_POLY_MODE's edges. */
static float depth_slope(const struct rp_vertex *a, const struct rp_vertex *b,
			 const struct rp_vertex *c)
{
	float ar = area2(a, b, c), dzdx, dzdy;

	if (ar == 0.0f)
		return 0.0f;
	dzdx = ((b->win[2] - a->win[2]) * (c->win[1] - a->win[1]) -
		(c->win[2] - a->win[2]) * (b->win[1] - a->win[1])) / ar;
	dzdy = ((c->win[2] - a->win[2]) * (b->win[0] - a->win[0]) -
		(b->win[2] - a->win[2]) * (c->win[0] - a->win[0])) / ar;
	return fm_max(fm_abs(dzdx), fm_abs(dzdy));
}

/*
 * Polygon mode for one clipped, window-space polygon @v (@n vertices,
 * @edge[i] for the edge from v[i] to the next) of facing @back: FILL
 * draws the fan of triangles, LINE the boundary edges, POINT the vertices
 * that start one (GL 2.1 section 3.5.4; the GA is handed whole quads and
 * polygons, so the edges inside them are not boundaries). The edges and
 * corners keep the polygon's facing and depth slope for the offset: Mesa
 * enables SU_POLY_OFFSET_ENABLE FRONT/BACK for the fill modes GL offsets
 * (r300_create_rs_state from util_get_offset) and never PARA.
 */
static bool polygon_out(struct rp_draw *d, const struct rp_vertex *const *v, const bool *edge,
			unsigned int n, const struct rp_vertex *provoking, bool back)
{
	uint32_t pm = REG(d->s, REG_R300_GA_POLY_MODE);
	uint32_t type = PTYPE_TRI;
	struct rp_prim p = { .provoking = provoking, .back = back };

	if (R300_GA_POLY_MODE_POLY_MODE_DUAL__get(pm))
		type = back ? R300_GA_POLY_MODE_BACK_PTYPE__get(pm) : R300_GA_POLY_MODE_FRONT_PTYPE__get(pm);
	if (type != PTYPE_TRI && type != PTYPE_LINE && type != PTYPE_POINT)
		return radeon_fault(d->x, "GA_POLY_MODE type %u not modelled", type);
	p.nv = type == PTYPE_TRI ? 3 : type == PTYPE_LINE ? 2 : 1;
	if (type == PTYPE_TRI) {
		for (unsigned int i = 1; i + 1 < n; i++) {
			p.v[0] = v[0], p.v[1] = v[i], p.v[2] = v[i + 1];
			if (!rp_raster(d, &p))
				return false;
		}
		return true;
	}
	p.of_polygon = true;
	p.polygon_slope = depth_slope(v[0], v[1], v[2]);
	for (unsigned int i = 0; i < n; i++) {
		if (!edge[i])
			continue;
		p.v[0] = v[i], p.v[1] = v[(i + 1) % n];
		if (type == PTYPE_POINT)
			p.provoking = v[i];
		if (!rp_raster(d, &p))
			return false;
	}
	return true;
}

/* Edge flags of a triangle: bit 0 for a -> b, 1 for b -> c, 2 for c -> a. */
#define EDGE_AB 1u
#define EDGE_BC 2u
#define EDGE_CA 4u
#define EDGES_ALL (EDGE_AB | EDGE_BC | EDGE_CA)

static bool triangle(struct rp_draw *d, const struct rp_vertex *a, const struct rp_vertex *b,
		     const struct rp_vertex *c, const struct rp_vertex *provoking, unsigned int edges)
{
	static _Thread_local struct rp_vertex pool[CLIP_MAX * 2];
	const struct rp_vertex *poly[2][CLIP_MAX] = { { a, b, c } };
	bool edge[2][CLIP_MAX] = { { edges & EDGE_AB, edges & EDGE_BC, edges & EDGE_CA } };
	uint32_t cull = REG(d->s, REG_R300_SU_CULL_MODE);
	float planes[CLIP_PLANES][4], ar = 0.0f;
	unsigned int n = 3, cur = 0, used = 0, np;
	bool back;

	if (clipping(d)) {
		np = clip_planes(d, planes);
		for (unsigned int i = 0; i < np && n >= 3; i++) {
			n = clip_polygon(d, planes[i], poly[cur], edge[cur], n, poly[cur ^ 1],
					 edge[cur ^ 1], pool, &used);
			cur ^= 1;
		}
	}
	/* the facing from the (clipped, so w > 0) polygon's window coordinates */
	for (unsigned int i = 1; i + 1 < n && ar == 0.0f; i++)
		ar = area2(poly[cur][0], poly[cur][i], poly[cur][i + 1]);
	if (n < 3 || ar == 0.0f)
		return true;
	back = R300_SU_CULL_MODE_FACE_CW__get(cull) ? ar < 0 : ar > 0;
	if (back ? R300_SU_CULL_MODE_CULL_BACK__get(cull) : R300_SU_CULL_MODE_CULL_FRONT__get(cull))
		return true;
	return polygon_out(d, poly[cur], edge[cur], n, provoking, back);
}

static bool line(struct rp_draw *d, const struct rp_vertex *a, const struct rp_vertex *b,
		 const struct rp_vertex *provoking)
{
	static _Thread_local struct rp_vertex ends[2];
	struct rp_prim p = { .nv = 2, .v = { a, b }, .provoking = provoking };
	float planes[CLIP_PLANES][4], t0 = 0.0f, t1 = 1.0f;
	unsigned int np;

	if (clipping(d)) {
		np = clip_planes(d, planes);
		for (unsigned int i = 0; i < np; i++) {
			float da = dot4(planes[i], a->out[0]), db = dot4(planes[i], b->out[0]);

			if (da < 0 && db < 0)
				return true;
			if (da < 0)
				t0 = t0 > da / (da - db) ? t0 : da / (da - db);
			else if (db < 0)
				t1 = t1 < da / (da - db) ? t1 : da / (da - db);
		}
		if (t0 >= t1)
			return true;
		if (t0 > 0.0f) {
			lerp_vertex(d, a, b, t0, &ends[0]);
			p.v[0] = &ends[0];
		}
		if (t1 < 1.0f) {
			lerp_vertex(d, a, b, t1, &ends[1]);
			p.v[1] = &ends[1];
		}
	}
	return rp_raster(d, &p);
}

static bool point(struct rp_draw *d, const struct rp_vertex *v)
{
	struct rp_prim p = { .nv = 1, .v = { v }, .provoking = v };
	float planes[CLIP_PLANES][4];

	if (clipping(d) && outside_all(planes, clip_planes(d, planes), v))
		return true;
	return rp_raster(d, &p);
}

/* Index 0-3 of the provoking vertex among a primitive's first..last (GA_COLOR_CONTROL). */
static uint32_t provoking(struct rp_draw *d)
{
	return R300_GA_COLOR_CONTROL_PROVOKING_VERTEX__get(REG(d->s, REG_R300_GA_COLOR_CONTROL));
}

static const struct rp_vertex *pick(const struct rp_vertex *const *v, unsigned int n,
				    uint32_t which)
{
	uint32_t i = which == PROVOKING_VERTEX_LAST ? n - 1 : which;

	return v[i < n ? i : n - 1];
}

static bool quads(struct rp_draw *d, const struct rp_vertex *v, uint32_t n, bool strip)
{
	uint32_t pv = provoking(d);

	for (uint32_t i = 0; i + 3 < n; i += strip ? 2 : 4) {
		/*
		 * A strip's quad i has the outline 2i, 2i + 1, 2i + 3, 2i + 2;
		 * the provoking vertex counts in input order (LAST is 2i + 3).
		 */
		const struct rp_vertex *q[4] = { &v[i], &v[i + 1], strip ? &v[i + 3] : &v[i + 2],
						 strip ? &v[i + 2] : &v[i + 3] };
		const struct rp_vertex *pq = &v[i + (pv == PROVOKING_VERTEX_FIRST ? 1 :
						     pv == PROVOKING_VERTEX_SECOND ? 2 : 3)];

		/* the diagonal q0 - q2 is inside the quad */
		if (!triangle(d, q[0], q[1], q[2], pq, EDGE_AB | EDGE_BC) ||
		    !triangle(d, q[0], q[2], q[3], pq, EDGE_BC | EDGE_CA))
			return false;
	}
	return true;
}

static bool polygon(struct rp_draw *d, const struct rp_vertex *v, uint32_t n)
{
	uint32_t pv = provoking(d);
	const struct rp_vertex *pq = pv == PROVOKING_VERTEX_LAST ? &v[0] : &v[pv + 1 < n ? pv + 1 : n - 1];

	for (uint32_t i = 1; i + 1 < n; i++) {
		/* only the outline is a boundary: v0 - v1, the rim, v[n - 1] - v0 */
		unsigned int edges = EDGE_BC | (i == 1 ? EDGE_AB : 0) | (i + 2 == n ? EDGE_CA : 0);

		if (!triangle(d, &v[0], &v[i], &v[i + 1], pq, edges))
			return false;
	}
	return true;
}

static bool triangles(struct rp_draw *d, uint32_t prim, const struct rp_vertex *v, uint32_t n)
{
	uint32_t pv = provoking(d);

	switch (prim) {
	case PRIM_TRIANGLES:
		for (uint32_t i = 0; i + 2 < n; i += 3) {
			const struct rp_vertex *t[3] = { &v[i], &v[i + 1], &v[i + 2] };

			if (!triangle(d, t[0], t[1], t[2], pick(t, 3, pv), EDGES_ALL))
				return false;
		}
		return true;
	case PRIM_TRIANGLE_STRIP:
		for (uint32_t i = 0; i + 2 < n; i++) {
			const struct rp_vertex *t[3] = { &v[i], &v[i + 1], &v[i + 2] };
			const struct rp_vertex *pq = pick(t, 3, pv);

			if (!(i & 1) ? !triangle(d, t[0], t[1], t[2], pq, EDGES_ALL) :
			    !triangle(d, t[1], t[0], t[2], pq, EDGES_ALL))
				return false;
		}
		return true;
	case PRIM_TRIANGLE_FAN:
		for (uint32_t i = 1; i + 1 < n; i++) {
			const struct rp_vertex *t[3] = { &v[0], &v[i], &v[i + 1] };

			if (!triangle(d, t[0], t[1], t[2], pick(t, 3, pv), EDGES_ALL))
				return false;
		}
		return true;
	case PRIM_QUADS:
		return quads(d, v, n, false);
	case PRIM_QUAD_STRIP:
		return quads(d, v, n, true);
	default:
		return polygon(d, v, n);
	}
}

static bool lines(struct rp_draw *d, uint32_t prim, const struct rp_vertex *v, uint32_t n)
{
	uint32_t pv = provoking(d), step = prim == PRIM_LINES ? 2 : 1;

	for (uint32_t i = 0; i + 1 < n; i += step) {
		const struct rp_vertex *l[2] = { &v[i], &v[i + 1] };

		if (!line(d, l[0], l[1], pick(l, 2, pv)))
			return false;
	}
	if (prim == PRIM_LINE_LOOP && n > 1) {
		const struct rp_vertex *l[2] = { &v[n - 1], &v[0] };

		return line(d, l[0], l[1], pick(l, 2, pv));
	}
	return true;
}

bool rp_assemble(struct rp_draw *d, uint32_t prim_type, const struct rp_vertex *v, uint32_t n)
{
	switch (prim_type) {
	case PRIM_NONE:
		return true;
	case PRIM_POINTS:
		for (uint32_t i = 0; i < n; i++)
			if (!point(d, &v[i]))
				return false;
		return true;
	case PRIM_LINES: case PRIM_LINE_STRIP: case PRIM_LINE_LOOP:
		return lines(d, prim_type, v, n);
	case PRIM_TRIANGLES: case PRIM_TRIANGLE_STRIP: case PRIM_TRIANGLE_FAN: case PRIM_QUADS:
	case PRIM_QUAD_STRIP: case PRIM_POLYGON:
		return triangles(d, prim_type, v, n);
	default:
		return radeon_fault(d->x, "primitive type %u not modelled", prim_type);
	}
}

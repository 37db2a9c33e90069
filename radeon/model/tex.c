// SPDX-License-Identifier: MIT
/*
 * The texture unit of the model: TX_FORMAT0/1/2, TX_FILTER0/1,
 * TX_BORDER_COLOR and TX_OFFSET of one unit, sampled for the four pixels
 * of a quad.
 *
 * Layout in memory: the hardware finds the mip levels, cube faces and 3D
 * slices itself from the base address, so the model lays them out as
 * Mesa's r300_texture_desc.c r300_setup_miptree does for the hardware:
 * each level's stride is its width aligned to the tile width (or, with
 * TX_FORMAT0.PITCH_EN, TX_FORMAT2's pitch), its height aligned to the
 * tile height (and to a power of two when mipmapped, 3D or cube), six
 * faces or depth slices per level, levels one after another; a level is
 * macro-tiled while it is at least a macro tile wide and high (R350 and
 * later; R300 needs it strictly larger: r300_texture_macro_switch).
 *
 * Filtering as GL 2.1 specifies it for the filters TX_FILTER0 names:
 * nearest and bilinear texels, mip levels from TX_FILTER0.MAX_MIP_LEVEL
 * (the largest level, Mesa's min_lod) to TX_FORMAT0.NUM_LEVELS, the LOD
 * from the quad's texture coordinate differences (top pair for x, left
 * pair for y) plus TX_FILTER1.LOD_BIAS / 32 (Mesa's lod_bias * 32) and the
 * shader's bias; the wrap modes of TX_FILTER0.WRAP_S/T/R. The exact
 * fixed-point arithmetic of the hardware (LOD precision, bilinear weights)
 * is not documented: the model computes in floats, which can differ from
 * a board in the last bit of a filtered value. Anisotropic filtering,
 * the 4-tap MAG filter, chroma keys and ATI1N/ATI2N are faults.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/format.h"
#include "radeon/model/pipe.h"
#include "radeon/model/surface.h"

#define MAX_LEVELS 14

struct unit {
	struct rp_tx_format fmt;
	uint32_t filter0, filter1, format0, format1, format2, border;
	uint32_t base;			/* GPU address of level 0 */
	bool macro;
	uint32_t micro;
	uint32_t width, height, depth;	/* level 0 */
	uint32_t coord_type;
	uint32_t first_level, last_level;
	uint32_t level_offset[MAX_LEVELS], level_pitch[MAX_LEVELS], level_rows[MAX_LEVELS];
	bool level_macro[MAX_LEVELS];
	uint32_t layer_size[MAX_LEVELS];
};

static uint32_t minify(uint32_t v, uint32_t level)
{
	v >>= level;
	return v ? v : 1;
}

static uint32_t align(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

static uint32_t next_pot(uint32_t v)
{
	uint32_t p = 1;

	while (p < v)
		p <<= 1;
	return p;
}

/* r300_texture_macro_switch: is level @l still macro-tiled? */
static bool macro_switch(const struct unit *u, struct rp_draw *d, uint32_t l)
{
	uint32_t tw, th;
	bool rv350 = d->x->family >= R350;

	rp_tile_size(u->fmt.block ? u->fmt.cpp / 4 : u->fmt.cpp, true, u->micro, &tw, &th);
	if (!tw)
		return false;
	if (rv350)
		return minify(u->width, l) >= tw && minify(u->height, l) >= th;
	return minify(u->width, l) > tw && minify(u->height, l) > th;
}

/* r300_setup_miptree for the levels this unit may use. */
static bool layout(struct unit *u, struct rp_draw *d)
{
	bool pot_height = u->last_level > 0 || u->coord_type != TX_COORD_2D;
	uint32_t offset = 0, faces = u->coord_type == TX_COORD_CUBIC_MAP ? 6 : 0;

	for (uint32_t l = 0; l <= u->last_level; l++) {
		uint32_t w = minify(u->width, l), h = minify(u->height, l), tw, th, stride, rows;
		bool macro = u->macro && macro_switch(u, d, l);

		if (u->fmt.block) {	/* sizes in 4x4 blocks, pitch 32-byte aligned */
			stride = align((w + 3) / 4 * u->fmt.cpp, 32);
			rows = (pot_height ? next_pot(h) : h) + 3;
			rows /= 4;
			u->level_pitch[l] = stride / u->fmt.cpp;
		} else {
			rp_tile_size(u->fmt.cpp, macro, u->micro, &tw, &th);
			if (!tw)
				return radeon_fault(d->x, "texture: tiling (macro %d, micro %u) invalid at "
						    "%u bytes per texel", macro, u->micro, u->fmt.cpp);
			if (R300_TX_FORMAT0_PITCH_EN__get(u->format0) && l == 0)
				w = R300_TX_FORMAT2_PITCHMASK__get(u->format2) + 1;
			u->level_pitch[l] = align(w, tw);
			stride = u->level_pitch[l] * u->fmt.cpp;
			rows = align(pot_height ? next_pot(h) : h, th);
		}
		u->level_macro[l] = macro;
		u->level_rows[l] = rows;
		u->level_offset[l] = offset;
		u->layer_size[l] = stride * rows;
		offset += u->layer_size[l] * (faces ? faces : minify(u->depth, l));
	}
	return true;
}

static bool unit_read(struct unit *u, struct rp_draw *d, unsigned int n)
{
	const struct radeon_gpu_state *s = d->s;
	uint32_t offset = REG(s, REG_R300_TX_OFFSET(n));
	const char *why;

	*u = (struct unit){
		.filter0 = REG(s, REG_R300_TX_FILTER0(n)), .filter1 = REG(s, REG_R300_TX_FILTER1(n)),
		.format0 = REG(s, REG_R300_TX_FORMAT0(n)), .format1 = REG(s, REG_R300_TX_FORMAT1(n)),
		.format2 = REG(s, REG_R300_TX_FORMAT2(n)), .border = REG(s, REG_R300_TX_BORDER_COLOR(n)),
		.base = offset & r300_tx_offset_OFFSET__MASK,
		.macro = r300_tx_offset_MACRO_TILE__get(offset),
		.micro = r300_tx_offset_MICRO_TILE__get(offset),
	};
	if (!(REG(s, REG_R300_TX_ENABLE) & (R300_TX_ENABLE_TEX_0__MASK << n)))
		return radeon_fault(d->x, "texture unit %u sampled but not enabled in TX_ENABLE", n);
	why = rp_tx_format_read(&u->fmt, u->format1, u->format2, d->r500);
	if (why)
		return radeon_fault(d->x, "texture unit %u (TX_FORMAT1 %#x): %s", n, u->format1, why);
	rp_tx_format_filter1(&u->fmt, u->filter1);
	if (r300_tx_offset_ENDIAN__get(offset) != SURF_NO_SWAP)
		return radeon_fault(d->x, "texture unit %u: endian swap not modelled", n);
	u->width = R300_TX_FORMAT0_WIDTHMASK__get(u->format0) + 1;
	u->height = R300_TX_FORMAT0_HEIGHTMASK__get(u->format0) + 1;
	if (d->r500) {
		u->width += R300_TX_FORMAT2_TXWIDTH_11__get(u->format2) << 11;
		u->height += R300_TX_FORMAT2_TXHEIGHT_11__get(u->format2) << 11;
	}
	u->coord_type = R300_TX_FORMAT1_TEX_COORD_TYPE__get(u->format1);
	u->depth = u->coord_type == TX_COORD_3D ? 1u << R300_TX_FORMAT0_DEPTHMASK__get(u->format0) : 1;
	u->first_level = R300_TX_FILTER0_MAX_MIP_LEVEL__get(u->filter0);
	u->last_level = R300_TX_FORMAT0_NUM_LEVELS__get(u->format0);
	if (u->last_level >= MAX_LEVELS || u->first_level > u->last_level)
		return radeon_fault(d->x, "texture unit %u: levels %u..%u not modelled", n,
				    u->first_level, u->last_level);
	if (u->coord_type > TX_COORD_CUBIC_MAP)
		return radeon_fault(d->x, "texture unit %u: coordinate type %u", n, u->coord_type);
	if (R300_TX_FILTER0_MAG_FILTER__get(u->filter0) == TX_MAG_FILTER_4 ||
	    R300_TX_FILTER0_MAG_FILTER__get(u->filter0) == TX_MAG_FILTER_ANISO ||
	    R300_TX_FILTER0_MIN_FILTER__get(u->filter0) == TX_MIN_FILTER_ANISO ||
	    R300_TX_FILTER0_MAX_ANISO__get(u->filter0))
		return radeon_fault(d->x, "texture unit %u: anisotropic / 4-tap filtering not modelled",
				    n);
	if (R300_TX_FILTER1_CHROMA_KEY_MODE__get(u->filter1))
		return radeon_fault(d->x, "texture unit %u: chroma keys not modelled", n);
	return layout(u, d);
}

/* ---- addressing --------------------------------------------------------------- */

/* A texel coordinate through wrap mode @wrap for size @n; -1 = the border. */
static int32_t wrap(uint32_t mode, int32_t i, int32_t n)
{
	int32_t m;

	switch (mode) {
	case TX_REPEAT:
		m = i % n;
		return m < 0 ? m + n : m;
	case TX_MIRRORED:
		m = i % (2 * n);
		if (m < 0)
			m += 2 * n;
		return m < n ? m : 2 * n - 1 - m;
	case TX_MIRROR_ONCE_TO_EDGE: case TX_MIRROR_ONCE: case TX_MIRROR_ONCE_TO_BORDER:
		/* TX_MIRROR_ONCE (GL_MIRROR_CLAMP) had its coordinate clamped as TX_CLAMP */
		if (i < 0)
			i = -1 - i;
		if (i >= n)
			return mode == TX_MIRROR_ONCE_TO_EDGE ? n - 1 : -1;
		return i;
	case TX_CLAMP_TO_BORDER:
		return i < 0 || i >= n ? -1 : i;
	case TX_CLAMP:	/* GL_CLAMP: the coordinate is clamped, the border joins the footprint */
		return i < 0 || i >= n ? -1 : i;
	default:	/* TX_CLAMP_TO_EDGE */
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	}
}

/* The border colour (TX_BORDER_COLOR in the texture's own packing, see format.c). */
static void border(const struct unit *u, float c[4])
{
	struct rp_tx_format f = u->fmt;
	uint8_t b[4];

	memcpy(b, &u->border, 4);
	if (f.block) {	/* Mesa packs B8G8R8A8 (sRGB ones B8G8R8A8_SRGB) for compressed formats */
		c[0] = b[2] / 255.0f;
		c[1] = b[1] / 255.0f;
		c[2] = b[0] / 255.0f;
		c[3] = b[3] / 255.0f;
		rp_tx_degamma(&f, c);
		return;
	}
	if (f.cpp > 4) {	/* R8G8B8A8 for the wide formats */
		for (int i = 0; i < 4; i++)
			c[i] = b[i] / 255.0f;
		return;
	}
	rp_tx_decode(&f, b, 0, 0, c);
}

/* Texel (i, j, k) of @level (already wrapped, in range), components X..W. */
static bool texel(struct rp_draw *d, const struct unit *u, uint32_t level, uint32_t face,
		  int32_t i, int32_t j, float c[4])
{
	struct rp_surface sf;
	uint32_t addr = u->base + u->level_offset[level] + face * u->layer_size[level];
	uint32_t w = u->level_pitch[level];

	if (u->fmt.block) {
		const uint8_t *blk = radeon_exec_bo_at(d->x, addr + ((uint32_t)j / 4 * w +
						       (uint32_t)i / 4) * u->fmt.cpp, u->fmt.cpp);

		if (!blk)
			return radeon_fault(d->x, "texture block at %#x is in none of the CS's BOs", addr);
		rp_tx_decode(&u->fmt, blk, (uint32_t)i % 4, (uint32_t)j % 4, c);
		return true;
	}
	if (!rp_surface_map(&sf, d->x, "texture", addr, w, u->level_rows[level], u->fmt.cpp,
			    u->level_macro[level], u->micro))
		return false;
	rp_tx_decode(&u->fmt, rp_surface_pixel(&sf, (uint32_t)i, (uint32_t)j), 0, 0, c);
	return true;
}

static bool fetch(struct rp_draw *d, const struct unit *u, uint32_t level, uint32_t face,
		  int32_t i, int32_t j, int32_t k, float c[4])
{
	int32_t w = (int32_t)minify(u->width, level), h = (int32_t)minify(u->height, level);
	int32_t dp = (int32_t)minify(u->depth, level);

	i = wrap(R300_TX_FILTER0_WRAP_S__get(u->filter0), i, w);
	j = wrap(R300_TX_FILTER0_WRAP_T__get(u->filter0), j, h);
	if (u->coord_type == TX_COORD_3D)
		k = wrap(R300_TX_FILTER0_WRAP_R__get(u->filter0), k, dp);
	else
		k = 0;
	if (i < 0 || j < 0 || k < 0) {
		border(u, c);
		return true;
	}
	return texel(d, u, level, u->coord_type == TX_COORD_3D ? (uint32_t)k : face, i, j, c);
}

/* ---- filtering ---------------------------------------------------------------- */

static void lerp4(float out[4], const float a[4], const float b[4], float t)
{
	for (int c = 0; c < 4; c++)
		out[c] = a[c] + (b[c] - a[c]) * t;
}

/* The texel-space coordinate @f of normalised @c under wrap @mode of a level @n wide. */
static float clamp_coord(uint32_t mode, float c, float f, uint32_t n)
{
	if (mode == TX_CLAMP)
		return fm_clamp01(c) * (float)n;
	if (mode == TX_MIRROR_ONCE)
		return fm_min(fm_abs(c), 1.0f) * (float)n;
	return f;
}

/* One level: nearest or (bi/tri)linear at normalised (s, t, r). */
static bool sample_level(struct rp_draw *d, const struct unit *u, uint32_t level, uint32_t face,
			 bool linear, const float str[3], float out[4])
{
	float fs = str[0] * (float)minify(u->width, level), ft = str[1] * (float)minify(u->height, level);
	float fr = str[2] * (float)minify(u->depth, level);
	bool is3d = u->coord_type == TX_COORD_3D;
	float tx[2][2][2][4], a, b, g;
	int32_t i0, j0, k0;

	/*
	 * GL_CLAMP clamps the coordinate to [0, 1] before filtering, and
	 * GL_MIRROR_CLAMP (Mesa: TX_MIRROR_ONCE, r300_translate_wrap) its
	 * absolute value, so that the border joins the footprint at the edge.
	 */
	fs = clamp_coord(R300_TX_FILTER0_WRAP_S__get(u->filter0), str[0], fs, minify(u->width, level));
	ft = clamp_coord(R300_TX_FILTER0_WRAP_T__get(u->filter0), str[1], ft, minify(u->height, level));
	if (is3d)
		fr = clamp_coord(R300_TX_FILTER0_WRAP_R__get(u->filter0), str[2], fr,
				 minify(u->depth, level));

	if (!linear) {
		return fetch(d, u, level, face, (int32_t)fm_floor(fs), (int32_t)fm_floor(ft),
			     (int32_t)fm_floor(fr), out);
	}
	fs -= 0.5f;
	ft -= 0.5f;
	fr -= 0.5f;
	i0 = (int32_t)fm_floor(fs);
	j0 = (int32_t)fm_floor(ft);
	k0 = (int32_t)fm_floor(fr);
	a = fs - (float)i0;
	b = ft - (float)j0;
	g = fr - (float)k0;
	for (int kk = 0; kk < (is3d ? 2 : 1); kk++)
		for (int jj = 0; jj < 2; jj++)
			for (int ii = 0; ii < 2; ii++)
				if (!fetch(d, u, level, face, i0 + ii, j0 + jj, k0 + kk, tx[kk][jj][ii]))
					return false;
	for (int kk = 0; kk < (is3d ? 2 : 1); kk++) {
		float r0[4], r1[4];

		lerp4(r0, tx[kk][0][0], tx[kk][0][1], a);
		lerp4(r1, tx[kk][1][0], tx[kk][1][1], a);
		lerp4(tx[kk][0][0], r0, r1, b);
	}
	if (is3d)
		lerp4(out, tx[0][0][0], tx[1][0][0], g);
	else
		memcpy(out, tx[0][0][0], sizeof(tx[0][0][0]));
	return true;
}

/* The cube face of direction @v and the face's (s, t) in [0, 1] (GL's table 3.19). */
static uint32_t cube_face(const float v[3], float st[3])
{
	float ax = fm_abs(v[0]), ay = fm_abs(v[1]), az = fm_abs(v[2]), ma, sc, tc;
	uint32_t face;

	if (ax >= ay && ax >= az) {
		face = v[0] >= 0 ? 0 : 1;
		ma = ax;
		sc = v[0] >= 0 ? -v[2] : v[2];
		tc = -v[1];
	} else if (ay >= az) {
		face = v[1] >= 0 ? 2 : 3;
		ma = ay;
		sc = v[0];
		tc = v[1] >= 0 ? v[2] : -v[2];
	} else {
		face = v[2] >= 0 ? 4 : 5;
		ma = az;
		sc = v[2] >= 0 ? v[0] : -v[0];
		tc = -v[1];
	}
	st[0] = ma ? (sc / ma + 1.0f) * 0.5f : 0.5f;
	st[1] = ma ? (tc / ma + 1.0f) * 0.5f : 0.5f;
	st[2] = 0.0f;
	return face;
}

/* TX_FORMAT1 SEL_*: the shader's R, G, B, A from X, Y, Z, W, 0 or 1. */
static void swizzle(const struct unit *u, const float c[4], float out[4])
{
	const uint32_t sel[4] = {
		R300_TX_FORMAT1_SEL_RED__get(u->format1), R300_TX_FORMAT1_SEL_GREEN__get(u->format1),
		R300_TX_FORMAT1_SEL_BLUE__get(u->format1), R300_TX_FORMAT1_SEL_ALPHA__get(u->format1),
	};

	for (int i = 0; i < 4; i++)
		out[i] = sel[i] <= TX_SEL_W ? c[sel[i]] : sel[i] == TX_SEL_ONE ? 1.0f : 0.0f;
}

/* The LOD of a quad from its coordinate differences, in texels of level 0. */
static float quad_lod(const struct unit *u, const float str[4][3], const float (*ddx)[4],
		      const float (*ddy)[4])
{
	float sz[3] = { (float)u->width, (float)u->height, (float)u->depth }, dx2 = 0, dy2 = 0, rho;

	for (int c = 0; c < (u->coord_type == TX_COORD_3D ? 3 : 2); c++) {
		float dx = (ddx ? ddx[0][c] : str[1][c] - str[0][c]) * sz[c];
		float dy = (ddy ? ddy[0][c] : str[2][c] - str[0][c]) * sz[c];

		dx2 += dx * dx;
		dy2 += dy * dy;
	}
	rho = dx2 > dy2 ? dx2 : dy2;
	return rho > 0.0f ? 0.5f * fm_log2(rho) : -128.0f;
}

static bool sample_lod(struct rp_draw *d, const struct unit *u, uint32_t face, const float str[3],
		       float lod, float out[4])
{
	uint32_t mip = R300_TX_FILTER0_MIP_FILTER__get(u->filter0);
	/*
	 * The LOD is clamped to the levels MAX_MIP_LEVEL .. NUM_LEVELS, which
	 * Mesa sets from the sampler's min_lod and max_lod (r300_state_derived.c
	 * r300_merge_textures_and_samplers: "the MAX_MIP level is the largest
	 * (finest) one"), as GL clamps lambda to [MIN_LOD, MAX_LOD]; a clamped
	 * LOD <= 0 magnifies.
	 */
	float l = fm_min(fm_max(lod, (float)u->first_level), (float)u->last_level), lo[4], hi[4];
	bool mag = l <= 0.0f;
	bool linear = mag ? R300_TX_FILTER0_MAG_FILTER__get(u->filter0) == TX_MAG_FILTER_LINEAR
			  : R300_TX_FILTER0_MIN_FILTER__get(u->filter0) == TX_MIN_FILTER_LINEAR;
	uint32_t l0;

	if (mag || mip == TX_MIN_FILTER_MIP_NONE)
		return sample_level(d, u, u->first_level, face, linear, str, out);
	if (mip == TX_MIN_FILTER_MIP_NEAREST) {
		/* GL: the level nearest to the LOD, .5 rounding down */
		l0 = (uint32_t)fm_floor(l + 0.5f - 1e-6f);
		return sample_level(d, u, l0 < u->last_level ? l0 : u->last_level, face, linear, str,
				    out);
	}
	l0 = (uint32_t)fm_floor(l);
	if (!sample_level(d, u, l0, face, linear, str, lo))
		return false;
	if (l0 >= u->last_level) {
		memcpy(out, lo, sizeof(lo));
		return true;
	}
	if (!sample_level(d, u, l0 + 1, face, linear, str, hi))
		return false;
	lerp4(out, lo, hi, l - (float)l0);
	return true;
}

bool rp_tex_sample(struct rp_draw *d, unsigned int unit, enum rp_tex_op op, bool unscaled,
		   const float coord[4][4], const float (*ddx)[4], const float (*ddy)[4],
		   float out[4][4])
{
	struct unit u;
	float str[4][3], lod, bias;
	uint32_t face[4] = { 0 };

	if (unit >= RP_UNITS)
		return radeon_fault(d->x, "texture unit %u does not exist", unit);
	if (!unit_read(&u, d, unit))
		return false;
	bias = (float)R300_TX_FILTER1_LOD_BIAS__get(u.filter1) / 32.0f;
	for (int p = 0; p < 4; p++) {
		float q = op == RP_TEX_PROJ && coord[p][3] != 0.0f ? 1.0f / coord[p][3] : 1.0f;

		for (int c = 0; c < 3; c++)
			str[p][c] = coord[p][c] * q;
		if (u.coord_type == TX_COORD_CUBIC_MAP)
			face[p] = cube_face(coord[p], str[p]);
		if (unscaled) {
			str[p][0] /= (float)u.width;
			str[p][1] /= (float)u.height;
		}
	}
	lod = quad_lod(&u, str, op == RP_TEX_DERIV ? ddx : NULL, op == RP_TEX_DERIV ? ddy : NULL);
	for (int p = 0; p < 4; p++) {
		float l = op == RP_TEX_LOD ? coord[p][3] : lod + bias +
			  (op == RP_TEX_BIAS ? coord[p][3] : 0.0f), c[4];

		if (!sample_lod(d, &u, face[p], str[p], l, c))
			return false;
		swizzle(&u, c, out[p]);
	}
	return true;
}

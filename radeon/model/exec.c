// SPDX-License-Identifier: MIT
/*
 * Execution of a checked IB on the model's R300 (R3xx/R4xx register
 * layout): the register file, PVS uploads, and 3D_DRAW_IMMD_2 through
 *
 *   fetch      VAP_PROG_STREAM_CNTL(_EXT): FLOAT_1..4 elements -> PVS inputs
 *   vertex     the PVS program (pvs_exec.c)
 *   viewport   VAP_VTE_CNTL: divide by w, SE_VPORT_* scale and offset
 *   raster     triangles, triangle fans and quads; pixel centres, top-left
 *              rule, SC_SCISSOR0/1 (origin 1440 before RV515); flat or
 *              Gouraud colour (GA_COLOR_CONTROL)
 *   fragment   R3xx/R4xx: one US node of ALU instructions (MAD, DP3, DP4,
 *              MIN, MAX) on the interpolated colour (in the temporary
 *              RS_INST 0 names) and US_ALU_CONST; R5xx: ALU programs in
 *              radeon/model/us500.c
 *   back end   per pixel, in radeon/model/backend.c and zbuf.c: the alpha
 *              test, the depth test and write (16- and 24-bit Z), Z-pass
 *              counts stored through ZB_ZPASS_ADDR, blending, and the
 *              ARGB8888 write of colour buffer 0 through
 *              RB3D_COLOR_CHANNEL_MASK
 *
 * Register fields are read through the generated headers. Not modelled
 * yet: stencil, logic ops, textures, vertex buffers (VBUF/INDX), texture
 * and flow-control fragment instructions; a draw needing one of them is
 * skipped with a DRMSUB_MODEL_DEBUG line.
 */
#include <stdint.h>
#include <string.h>

#include "model/model.h"
#include "radeon/cp_packet.h"
#include "radeon/model/backend.h"
#include "radeon/model/pvs_exec.h"
#include "radeon/model/radeon_model.h"
#include "radeon/r300_pvs.xml.h"
#include "radeon/radeon_pm4.xml.h"

#define REG(s, r) ((s)->regs[(r) >> 2])

#define MAX_VERTS 64

struct vtx {
	float pos[4];	/* window x, y, z after the viewport */
	float col[4];
};

/* The model library links no libm: the few helpers it needs. */
static float minf(float a, float b)
{
	return a < b ? a : b;
}

static float maxf(float a, float b)
{
	return a > b ? a : b;
}

static float absf(float v)
{
	return v < 0.0f ? -v : v;
}

static int64_t floor64(float v)
{
	int64_t i = (int64_t)v;

	return (float)i > v ? i - 1 : i;
}

static float f32(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

/* The US's 24-bit float (r300_float24 in the harness inverts this): s1 e7 m16, bias 63. */
static float f24(uint32_t u)
{
	uint32_t e = (u >> 16) & 0x7f, m = u & 0xffff;

	if (!e && !m)
		return 0.0f;
	/* the same value as an IEEE single: bias 127, mantissa 23 bits */
	return f32((u >> 23 & 1) << 31 | (e + 64) << 23 | m << 7);
}

/* ---- registers ------------------------------------------------------------ */

static void write_reg(struct radeon_gpu_state *s, uint32_t reg, uint32_t v)
{
	if (reg >= sizeof(s->regs))
		return;
	REG(s, reg) = v;
	if (reg == REG_R300_VAP_PVS_VECTOR_INDX_REG) {
		/* 4 dwords per vector */
		s->pvs_addr = R300_VAP_PVS_VECTOR_INDX_REG_OCTWORD_OFFSET__get(v) * 4;
	} else if (reg == REG_R300_VAP_PVS_UPLOAD_DATA) {
		if (s->pvs_addr < RADEON_PVS_DWORDS)
			s->pvs[s->pvs_addr] = v;
		s->pvs_addr++;
	}
}

/* ---- vertex processing: fetch and the PVS are in pvs_exec.c ---------------- */

/* VAP_VTE_CNTL: perspective divide and the viewport transform */
static void viewport(const struct radeon_gpu_state *s, const float clip[4], float win[4])
{
	uint32_t vte = REG(s, REG_R300_VAP_VTE_CNTL);
	float w = R300_VAP_VTE_CNTL_VTX_W0_FMT__get(vte) ? clip[3] : 1.0f;
	static const uint32_t scale[3] = { REG_R300_SE_VPORT_XSCALE, REG_R300_SE_VPORT_YSCALE,
					   REG_R300_SE_VPORT_ZSCALE };
	static const uint32_t offset[3] = { REG_R300_SE_VPORT_XOFFSET, REG_R300_SE_VPORT_YOFFSET,
					    REG_R300_SE_VPORT_ZOFFSET };
	/* x, y then z: SCALE_ENA and OFFSET_ENA pairs from bit 0 */
	bool divide[3] = { !R300_VAP_VTE_CNTL_VTX_XY_FMT__get(vte),
			   !R300_VAP_VTE_CNTL_VTX_XY_FMT__get(vte),
			   !R300_VAP_VTE_CNTL_VTX_Z_FMT__get(vte) };

	for (int c = 0; c < 3; c++) {
		float v = divide[c] && w != 0.0f ? clip[c] / w : clip[c];

		if (vte & (R300_VAP_VTE_CNTL_VPORT_X_SCALE_ENA__MASK << (2 * c)))
			v *= f32(REG(s, scale[c]));
		if (vte & (R300_VAP_VTE_CNTL_VPORT_X_OFFSET_ENA__MASK << (2 * c)))
			v += f32(REG(s, offset[c]));
		win[c] = v;
	}
	win[3] = w;
}

/* ---- fragments -------------------------------------------------------------- */

/* One US ALU operand selector for RGB: @src[3] operands, the result in @v[3]. */
static void argc(uint32_t sel, uint32_t mod, float src[3][4], float v[3])
{
	static const uint8_t swz[][3] = { { 0, 1, 2 }, { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 } };

	for (int c = 0; c < 3; c++) {
		if (sel <= ALU_ARGC_SRC2C_ZZZ)
			v[c] = src[sel / 4][swz[sel % 4][c]];
		else if (sel <= ALU_ARGC_SRC2A)
			v[c] = src[sel - ALU_ARGC_SRC0A][3];
		else if (sel == ALU_ARGC_ONE)
			v[c] = 1.0f;
		else if (sel == ALU_ARGC_HALF)
			v[c] = 0.5f;
		else
			v[c] = 0.0f;	/* ZERO; SRCP and the rotations are not modelled */
		if (mod == ALU_ARG_MOD_NEG)
			v[c] = -v[c];
		else if (mod == ALU_ARG_MOD_ABS)
			v[c] = absf(v[c]);
		else if (mod == ALU_ARG_MOD_NAB)
			v[c] = -absf(v[c]);
	}
}

static float arga(uint32_t sel, uint32_t mod, float src[3][4])
{
	float v;

	if (sel <= ALU_ARGA_SRC2C_Z)
		v = src[sel / 3][sel % 3];
	else if (sel <= ALU_ARGA_SRC2A)
		v = src[sel - ALU_ARGA_SRC0A][3];
	else if (sel == ALU_ARGA_ONE)
		v = 1.0f;
	else if (sel == ALU_ARGA_HALF)
		v = 0.5f;
	else
		v = 0.0f;
	if (mod == ALU_ARG_MOD_NEG)
		return -v;
	if (mod == ALU_ARG_MOD_ABS)
		return absf(v);
	if (mod == ALU_ARG_MOD_NAB)
		return -absf(v);
	return v;
}

static void operands(const struct radeon_gpu_state *s, uint32_t addr, bool alpha,
		     float temp[][4], float src[3][4])
{
	for (int k = 0; k < 3; k++) {
		uint32_t a = (addr >> (6 * k)) & 0x1f;	/* ADDRn: 5 bits, then the CONST bit */
		bool is_const = addr & (R300_US_ALU_RGB_ADDR_ADDR0_CONST__MASK << (6 * k));

		for (int c = 0; c < 4; c++)
			src[k][c] = is_const ? f24(REG(s, REG_R300_US_ALU_CONST_R(a) + 4 * c))
					     : temp[a][c];
	}
	(void)alpha;
}

static float clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* The fragment program on the interpolated colour; false when not modelled. */
static bool us_run(const struct radeon_gpu_state *s, const float col[4], float out[4])
{
	uint32_t code = REG(s, REG_R300_US_CODE_ADDR_3);
	uint32_t offset = R300_US_CODE_OFFSET_ALU_OFFSET__get(REG(s, REG_R300_US_CODE_OFFSET));
	uint32_t start = offset + r300_us_code_addr_ALU_START__get(code);
	uint32_t end = start + r300_us_code_addr_ALU_SIZE__get(code);
	uint32_t rs_inst = REG(s, REG_R300_RS_INST(0));
	float temp[32][4] = { { 0 } };

	/* RS instruction 0 writes colour 0 to its temporary */
	if (rs_inst & R300_RS_INST_COL_CN_WRITE__MASK)
		memcpy(temp[R300_RS_INST_COL_ADDR__get(rs_inst)], col, sizeof(temp[0]));
	for (uint32_t i = start; i <= end && i < 64; i++) {
		uint32_t ri = REG(s, REG_R300_US_ALU_RGB_INST(i)), ra = REG(s, REG_R300_US_ALU_RGB_ADDR(i));
		uint32_t ai = REG(s, REG_R300_US_ALU_ALPHA_INST(i));
		uint32_t aa = REG(s, REG_R300_US_ALU_ALPHA_ADDR(i));
		float rs[3][4], as[3][4], A[3], B[3], C[3], rgb[3], alpha;
		float a0, b0, c0;

		operands(s, ra, false, temp, rs);
		operands(s, aa, true, temp, as);
		argc(R300_US_ALU_RGB_INST_SEL_A__get(ri), R300_US_ALU_RGB_INST_MOD_A__get(ri), rs, A);
		argc(R300_US_ALU_RGB_INST_SEL_B__get(ri), R300_US_ALU_RGB_INST_MOD_B__get(ri), rs, B);
		argc(R300_US_ALU_RGB_INST_SEL_C__get(ri), R300_US_ALU_RGB_INST_MOD_C__get(ri), rs, C);
		switch (R300_US_ALU_RGB_INST_OP__get(ri)) {
		case ALU_OUTC_MAD:
			for (int c = 0; c < 3; c++)
				rgb[c] = A[c] * B[c] + C[c];
			break;
		case ALU_OUTC_DP3:
			rgb[0] = rgb[1] = rgb[2] = A[0] * B[0] + A[1] * B[1] + A[2] * B[2];
			break;
		case ALU_OUTC_MIN:
			for (int c = 0; c < 3; c++)
				rgb[c] = A[c] < B[c] ? A[c] : B[c];
			break;
		case ALU_OUTC_MAX:
			for (int c = 0; c < 3; c++)
				rgb[c] = A[c] > B[c] ? A[c] : B[c];
			break;
		default:
			return false;
		}
		a0 = arga(R300_US_ALU_ALPHA_INST_SEL_A__get(ai), R300_US_ALU_ALPHA_INST_MOD_A__get(ai), as);
		b0 = arga(R300_US_ALU_ALPHA_INST_SEL_B__get(ai), R300_US_ALU_ALPHA_INST_MOD_B__get(ai), as);
		c0 = arga(R300_US_ALU_ALPHA_INST_SEL_C__get(ai), R300_US_ALU_ALPHA_INST_MOD_C__get(ai), as);
		switch (R300_US_ALU_ALPHA_INST_OP__get(ai)) {
		case ALU_OUTA_MAD:
			alpha = a0 * b0 + c0;
			break;
		case ALU_OUTA_MIN:
			alpha = a0 < b0 ? a0 : b0;
			break;
		case ALU_OUTA_MAX:
			alpha = a0 > b0 ? a0 : b0;
			break;
		default:
			return false;
		}
		if (R300_US_ALU_RGB_INST_OMOD__get(ri) != ALU_OMOD_NOP ||
		    R300_US_ALU_ALPHA_INST_OMOD__get(ai) != ALU_OMOD_NOP)
			return false;
		for (int c = 0; c < 3; c++) {
			uint32_t d = R300_US_ALU_RGB_ADDR_ADDRD__get(ra);

			if (R300_US_ALU_RGB_INST_CLAMP__get(ri))
				rgb[c] = clamp01(rgb[c]);
			if (R300_US_ALU_RGB_ADDR_WMASK__get(ra) & (1u << c))
				temp[d][c] = rgb[c];
			if (R300_US_ALU_RGB_ADDR_OMASK__get(ra) & (1u << c))
				out[c] = rgb[c];
		}
		if (R300_US_ALU_ALPHA_INST_CLAMP__get(ai))
			alpha = clamp01(alpha);
		if (R300_US_ALU_ALPHA_ADDR_WMASK__get(aa))
			temp[R300_US_ALU_ALPHA_ADDR_ADDRD__get(aa)][3] = alpha;
		if (R300_US_ALU_ALPHA_ADDR_OMASK__get(aa))
			out[3] = alpha;
	}
	return true;
}

/* ---- the rasteriser ------------------------------------------------------------ */

static float edge(const float a[4], const float b[4], float x, float y)
{
	return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
}

/* Top-left rule for a counter-clockwise (in window y-down terms, positive area) edge. */
static bool top_left(const float a[4], const float b[4])
{
	return (a[1] == b[1] && b[0] < a[0]) || b[1] > a[1];
}

static bool inside(float w, const float a[4], const float b[4])
{
	return w > 0.0f || (w == 0.0f && top_left(a, b));
}

/*
 * Window z at a pixel: the first vertex's plus the barycentric steps, so
 * that a primitive of constant depth gives that depth exactly.
 */
static float depth_at(const struct vtx *a, const struct vtx *b, const struct vtx *c, float w1,
		      float w2, float area)
{
	return a->pos[2] + (w1 * (b->pos[2] - a->pos[2]) + w2 * (c->pos[2] - a->pos[2])) / area;
}

static bool triangle(struct radeon_backend *be, const struct vtx *v0, const struct vtx *v1,
		     const struct vtx *v2, const struct vtx *provoking)
{
	const struct radeon_gpu_state *s = be->s;
	bool flat = R300_GA_COLOR_CONTROL_RGB0_SHADING__get(REG(s, REG_R300_GA_COLOR_CONTROL)) ==
		    SHADING_FLAT;
	float area = edge(v0->pos, v1->pos, v2->pos[0], v2->pos[1]);
	const struct vtx *a = v0, *b = v1, *c = v2;
	float minx, maxx, miny, maxy;

	if (area == 0.0f)
		return true;
	if (area < 0.0f) {	/* make the winding positive; both facings are drawn */
		b = v2;
		c = v1;
		area = -area;
	}
	minx = minf(a->pos[0], minf(b->pos[0], c->pos[0]));
	maxx = maxf(a->pos[0], maxf(b->pos[0], c->pos[0]));
	miny = minf(a->pos[1], minf(b->pos[1], c->pos[1]));
	maxy = maxf(a->pos[1], maxf(b->pos[1], c->pos[1]));
	for (int64_t y = floor64(maxf(miny, (float)be->y0)); y <= (int64_t)be->y1 && y <= maxy; y++) {
		for (int64_t x = floor64(maxf(minx, (float)be->x0));
		     x <= (int64_t)be->x1 && x <= maxx; x++) {
			float px = (float)x + 0.5f, py = (float)y + 0.5f;
			float w0 = edge(b->pos, c->pos, px, py), w1 = edge(c->pos, a->pos, px, py);
			float w2 = edge(a->pos, b->pos, px, py);
			float col[4], out[4] = { 0, 0, 0, 0 };

			if (!inside(w0, b->pos, c->pos) || !inside(w1, c->pos, a->pos) ||
			    !inside(w2, a->pos, b->pos))
				continue;
			for (int k = 0; k < 4; k++)
				col[k] = flat ? provoking->col[k] :
					 (w0 * a->col[k] + w1 * b->col[k] + w2 * c->col[k]) / area;
			if (!(be->r500 ? radeon_us500_run(s, col, out) : us_run(s, col, out)))
				return false;
			radeon_backend_fragment(be, (uint32_t)x, (uint32_t)y,
						depth_at(a, b, c, w1, w2, area), out);
		}
	}
	return true;
}

/* 3D_DRAW_IMMD_2: VF_CNTL, then NUM_VERTICES * VAP_VTX_SIZE dwords */
static void draw_immd(const struct radeon_exec *x, const uint32_t *pkt, uint32_t dwords)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t vf = pkt[0], prim = r300_vap_vf_cntl_PRIM_TYPE__get(vf);
	uint32_t n = r300_vap_vf_cntl_NUM_VERTICES__get(vf);
	uint32_t size = R300_VAP_VTX_SIZE_DWORDS__get(REG(s, REG_R300_VAP_VTX_SIZE));
	uint32_t fmt = REG(s, REG_R300_VAP_OUT_VTX_FMT_0);
	struct vtx v[MAX_VERTS];
	struct radeon_backend be;
	bool ok = true;

	if (n > MAX_VERTS || (uint64_t)n * size > dwords - 1 ||
	    !r300_vtx_fmt_0_POS_PRESENT__get(fmt) || !radeon_backend_begin(&be, x)) {
		model_debug("radeon: exec: draw of %u vertices skipped (state not modelled)", n);
		return;
	}
	for (uint32_t i = 0; i < n && ok; i++) {
		float in[PVS_INPUTS][4] = { { 0 } }, out[PVS_OUTPUTS][4] = { { 0 } };

		ok = radeon_pvs_fetch(s, pkt + 1 + i * size, size, in) &&
		     radeon_pvs_run(s, x->family >= RV515, in, out);
		viewport(s, out[0], v[i].pos);
		/* VAP_OUT_VTX_FMT_0: position, then colour 0 in the next output */
		memcpy(v[i].col, r300_vtx_fmt_0_COLOR_0_PRESENT__get(fmt) ? out[1] : out[0],
		       sizeof(v[i].col));
	}
	if (!ok) {
		model_debug("radeon: exec: vertex fetch or program not modelled");
		return;
	}
	switch (prim) {
	case PRIM_TRIANGLES:
		for (uint32_t i = 0; i + 2 < n && ok; i += 3)
			ok = triangle(&be, &v[i], &v[i + 1], &v[i + 2], &v[i + 2]);
		break;
	case PRIM_TRIANGLE_FAN:
		for (uint32_t i = 1; i + 1 < n && ok; i++)
			ok = triangle(&be, &v[0], &v[i], &v[i + 1], &v[i + 1]);
		break;
	case PRIM_QUADS:
		for (uint32_t i = 0; i + 3 < n && ok; i += 4) {
			ok = triangle(&be, &v[i], &v[i + 1], &v[i + 2], &v[i + 3]);
			if (ok)
				ok = triangle(&be, &v[i], &v[i + 2], &v[i + 3], &v[i + 3]);
		}
		break;
	default:
		model_debug("radeon: exec: primitive %u not modelled", prim);
		return;
	}
	if (!ok)
		model_debug("radeon: exec: fragment program not modelled");
}

void radeon_exec(const struct radeon_exec *x)
{
	struct radeon_gpu_state *s = x->state;
	uint32_t idx = 0;

	while (idx < x->ib_len) {
		struct radeon_cp_packet pkt = radeon_cp_parse(x->ib[idx]);
		const uint32_t *data = x->ib + idx + 1;

		if (pkt.type == RADEON_CP_TYPE2) {
			idx++;
			continue;
		}
		if (idx + 1 + pkt.count > x->ib_len)
			break;	/* the checker has rejected this already */
		if (pkt.type == RADEON_CP_TYPE0) {
			for (uint32_t i = 0; i < pkt.count; i++) {
				uint32_t reg = pkt.one_reg_wr ? pkt.reg : pkt.reg + 4 * i;

				write_reg(s, reg, data[i]);
				radeon_zpass_reg(x, reg, data[i]);
				radeon_us500_reg(s, reg, data[i]);
			}
		} else if (pkt.type == RADEON_CP_TYPE3 && pkt.opcode == PACKET3_3D_DRAW_IMMD_2) {
			draw_immd(x, data, pkt.count);
		}
		idx += 1 + pkt.count;
	}
}

// SPDX-License-Identifier: MIT
/*
 * The VF and VAP of the model: vertex fetch, the vertex program and the
 * layout of its outputs.
 *
 * Fetch (VAP_PROG_STREAM_CNTL/_EXT): stream element e is one attribute.
 * For 3D_DRAW_IMMD_2 the elements follow one another in each vertex of
 * the packet (Mesa r300_render.c r300_draw_arrays_immediate packs them
 * so); for vertex lists and indexed draws element e comes from array e of
 * 3D_LOAD_VBPNTR, at its address plus index * stride (Mesa
 * r300_emit_vertex_arrays: one array per element, in element order;
 * strides in dwords). Data types: FLOAT_1..4, FLT16_2/4, BYTE (4 bytes)
 * and SHORT_2/4, SIGNED and NORMALIZE as Mesa's
 * r300_translate_vertex_data_type sets them; signed normalisation follows
 * VAP_PSC_SGN_NORM_CNTL (NO_ZERO: (2c + 1) / (2^b - 1), as GL 2.1; ZERO:
 * c / (2^(b-1) - 1), clamped to -1 in the CLAMP mode: a reading of the
 * mode names, not verified on silicon). Other types (D3DCOLOR, the packed
 * vectors, FLOAT_8), SKIP_DWORDS and TCL bypass are faults: Mesa emits
 * none of them for these chips.
 *
 * Outputs (VAP_OUT_VTX_FMT_0/1): the PVS writes one output vector per
 * present attribute, in the order position, point size, colours 0-3,
 * texture coordinate sets 0-7 (Mesa r300_vs.c set_vertex_inputs_outputs
 * assigns them in that order, r300_update_rs_block the format bits).
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"
#include "radeon/model/pvs_exec.h"
#include "radeon/radeon_pm4.xml.h"

/* One element's stream control (the half of the register pair it is in). */
struct element {
	uint32_t type, loc, skip, ext;
	bool last, is_signed, normalize;
	uint32_t sgn_norm;
};

static void element_read(const struct radeon_gpu_state *s, unsigned int e, struct element *el)
{
	uint32_t cntl = REG(s, REG_R300_VAP_PROG_STREAM_CNTL(e / 2));
	uint32_t ext = REG(s, REG_R300_VAP_PROG_STREAM_CNTL_EXT(e / 2));
	uint32_t sgn = REG(s, REG_R300_VAP_PSC_SGN_NORM_CNTL);

	if (e & 1) {	/* the second element of a pair: the same fields 16 bits up */
		cntl >>= r300_prog_stream_cntl_DATA_TYPE_1__SHIFT;
		ext >>= r300_prog_stream_cntl_ext_SWIZZLE_SELECT_X_1__SHIFT;
	}
	*el = (struct element){
		.type = r300_prog_stream_cntl_DATA_TYPE_0__get(cntl),
		.loc = r300_prog_stream_cntl_DST_VEC_LOC_0__get(cntl),
		.skip = r300_prog_stream_cntl_SKIP_DWORDS_0__get(cntl),
		.last = r300_prog_stream_cntl_LAST_VEC_0__get(cntl),
		.is_signed = r300_prog_stream_cntl_SIGNED_0__get(cntl),
		.normalize = r300_prog_stream_cntl_NORMALIZE_0__get(cntl),
		.ext = ext,
		.sgn_norm = (sgn >> (R300_VAP_PSC_SGN_NORM_CNTL_SGN_NORM_1__SHIFT * e)) &
			    R300_VAP_PSC_SGN_NORM_CNTL_SGN_NORM_0__MASK,
	};
}

/* Dwords an element occupies; 0 for the types the model does not fetch. */
static uint32_t element_dwords(uint32_t type)
{
	switch (type) {
	case DATA_TYPE_FLOAT_1: case DATA_TYPE_FLOAT_2: case DATA_TYPE_FLOAT_3:
	case DATA_TYPE_FLOAT_4:
		return type - DATA_TYPE_FLOAT_1 + 1;
	case DATA_TYPE_FLT16_2: case DATA_TYPE_BYTE: case DATA_TYPE_SHORT_2:
		return 1;
	case DATA_TYPE_FLT16_4: case DATA_TYPE_SHORT_4:
		return 2;
	default:
		return 0;
	}
}

/* An integer component of @bits bits as the element's SIGNED/NORMALIZE/SGN_NORM say. */
static float integer(const struct element *el, uint32_t raw, unsigned int bits)
{
	float max_u = (float)((1u << bits) - 1), max_s = (float)((1u << (bits - 1)) - 1);
	int32_t sv;
	float v;

	if (!el->is_signed)
		return el->normalize ? (float)raw / max_u : (float)raw;
	sv = (int32_t)(raw << (32 - bits)) >> (32 - bits);
	if (!el->normalize)
		return (float)sv;
	if (el->sgn_norm == SGN_NORM_NO_ZERO)
		return (2.0f * (float)sv + 1.0f) / max_u;
	v = (float)sv / max_s;
	return v < -1.0f ? -1.0f : v;
}

/* The element's components (up to 4; missing ones 0, 0, 0, 1) from @d. */
static void element_decode(const struct element *el, const uint32_t *d, float c[4])
{
	c[0] = c[1] = c[2] = 0.0f;
	c[3] = 1.0f;
	switch (el->type) {
	case DATA_TYPE_FLOAT_1: case DATA_TYPE_FLOAT_2: case DATA_TYPE_FLOAT_3:
	case DATA_TYPE_FLOAT_4:
		for (uint32_t i = 0; i < element_dwords(el->type); i++)
			c[i] = bits_float(d[i]);
		break;
	case DATA_TYPE_FLT16_4:
		c[2] = fm_half((uint16_t)d[1]);
		c[3] = fm_half((uint16_t)(d[1] >> 16));
		__attribute__((fallthrough));
	case DATA_TYPE_FLT16_2:
		c[0] = fm_half((uint16_t)d[0]);
		c[1] = fm_half((uint16_t)(d[0] >> 16));
		break;
	case DATA_TYPE_BYTE:
		for (int i = 0; i < 4; i++)
			c[i] = integer(el, (d[0] >> (8 * i)) & 0xff, 8);
		break;
	case DATA_TYPE_SHORT_4:
		c[2] = integer(el, d[1] & 0xffff, 16);
		c[3] = integer(el, d[1] >> 16, 16);
		__attribute__((fallthrough));
	case DATA_TYPE_SHORT_2:
		c[0] = integer(el, d[0] & 0xffff, 16);
		c[1] = integer(el, d[0] >> 16, 16);
		break;
	}
}

/* PROG_STREAM_CNTL_EXT: the swizzle and write mask into the PVS input. */
static void element_store(const struct element *el, const float c[4], float in[RP_INPUTS][4])
{
	uint32_t we = r300_prog_stream_cntl_ext_WRITE_ENA_0__get(el->ext);

	for (int k = 0; k < 4; k++) {
		uint32_t sel = (el->ext >> (r300_prog_stream_cntl_ext_SWIZZLE_SELECT_Y_0__SHIFT * k)) &
			       r300_prog_stream_cntl_ext_SWIZZLE_SELECT_X_0__MASK;

		if (!(we & (1u << k)))
			continue;
		in[el->loc % RP_INPUTS][k] = sel <= SWIZZLE_SELECT_W ? c[sel] :
					     sel == SWIZZLE_SELECT_FP_ONE ? 1.0f : 0.0f;
	}
}

/* Where element @e of vertex @index is in memory: its array's BO mapping, bounds checked. */
static const uint32_t *array_element(struct radeon_exec *x, unsigned int e, uint32_t index,
				     uint32_t dwords)
{
	const struct radeon_gpu_state *s = x->state;
	uint64_t addr;

	if (e >= s->nr_arrays) {
		radeon_fault(x, "vertex element %u has no 3D_LOAD_VBPNTR array (%u arrays)", e,
			     s->nr_arrays);
		return NULL;
	}
	addr = s->arrays[e].addr + (uint64_t)index * s->arrays[e].stride * 4;
	if (addr > UINT32_MAX) {
		radeon_fault(x, "vertex %u of array %u is beyond the GPU's 32-bit address space",
			     index, e);
		return NULL;
	}
	const void *p = radeon_exec_bo_at(x, (uint32_t)addr, dwords * 4);

	if (!p)
		radeon_fault(x, "vertex %u of array %u (%#llx) is in none of the CS's BOs", index, e,
			     (unsigned long long)addr);
	return p;
}

/*
 * One vertex's PVS inputs: from @immd (the packet's vertex, @dwords long)
 * or from the arrays at @index.
 */
static bool fetch(struct radeon_exec *x, const uint32_t *immd, uint32_t dwords, uint32_t index,
		  float in[RP_INPUTS][4])
{
	uint32_t dw = 0;

	for (unsigned int e = 0; e < 16; e++) {
		struct element el;
		const uint32_t *d;
		uint32_t n;
		float c[4];

		element_read(x->state, e, &el);
		n = element_dwords(el.type);
		if (!n)
			return radeon_fault(x, "vertex element %u: data type %u not modelled", e,
					    el.type);
		if (el.skip)
			return radeon_fault(x, "vertex element %u: SKIP_DWORDS not modelled", e);
		if (immd) {
			if (dw + n > dwords)
				return radeon_fault(x, "vertex element %u ends past the vertex (%u dwords)",
						    e, dwords);
			d = immd + dw;
			dw += n;
		} else {
			d = array_element(x, e, index, n);
			if (!d)
				return false;
		}
		element_decode(&el, d, c);
		element_store(&el, c, in);
		if (el.last)
			return true;
	}
	return true;
}

bool rp_layout_read(struct radeon_exec *x, struct rp_layout *l)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t f0 = REG(s, REG_R300_VAP_OUT_VTX_FMT_0), f1 = REG(s, REG_R300_VAP_OUT_VTX_FMT_1);
	unsigned int slot = 1;	/* position first */

	*l = (struct rp_layout){ .psize = -1 };
	if (!r300_vtx_fmt_0_POS_PRESENT__get(f0))
		return radeon_fault(x, "VAP_OUT_VTX_FMT_0 without a position");
	if (r300_vtx_fmt_0_PT_SIZE_PRESENT__get(f0))
		l->psize = (int)slot++;
	for (unsigned int c = 0; c < RP_COLOURS; c++)
		if (f0 & (r300_vtx_fmt_0_COLOR_0_PRESENT__MASK << c))
			l->colour[l->nr_colours++] = (uint8_t)slot++;
	for (unsigned int t = 0; t < 8; t++) {
		uint32_t n = (f1 >> (r300_vtx_fmt_1_TEX_1_COMP_CNT__SHIFT * t)) &
			     r300_vtx_fmt_1_TEX_0_COMP_CNT__MASK;

		if (!n)
			continue;
		if (n > 4)
			return radeon_fault(x, "VAP_OUT_VTX_FMT_1: texture set %u of %u components", t,
					    n);
		l->tex_unit[l->nr_tex] = t;
		l->tex_comps[l->nr_tex] = (uint8_t)n;
		l->tex[l->nr_tex++] = (uint8_t)slot++;
	}
	if (slot > RP_OUTPUTS)
		return radeon_fault(x, "VAP_OUT_VTX_FMT_0/1 name %u outputs", slot);
	if (f0 & ~(r300_vtx_fmt_0_POS_PRESENT__MASK | r300_vtx_fmt_0_PT_SIZE_PRESENT__MASK |
		   r300_vtx_fmt_0_COLOR_0_PRESENT__MASK | r300_vtx_fmt_0_COLOR_1_PRESENT__MASK |
		   r300_vtx_fmt_0_COLOR_2_PRESENT__MASK | r300_vtx_fmt_0_COLOR_3_PRESENT__MASK))
		return radeon_fault(x, "VAP_OUT_VTX_FMT_0 %#x: outputs not modelled", f0);
	return true;
}

bool rp_vertices(struct radeon_exec *x, const uint32_t *immd, uint32_t immd_dwords,
		 const uint32_t *index, uint32_t n, struct rp_vertex *v)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t size = R300_VAP_VTX_SIZE_DWORDS__get(REG(s, REG_R300_VAP_VTX_SIZE));

	if (REG(s, REG_R300_VAP_CNTL_STATUS) & R300_VAP_CNTL_STATUS_TCL_BYPASS__MASK)
		return radeon_fault(x, "VAP_CNTL_STATUS.TCL_BYPASS (software TCL) not modelled");
	if (immd && (uint64_t)n * size > immd_dwords)
		return radeon_fault(x, "%u vertices of %u dwords do not fit the packet", n, size);
	for (uint32_t i = 0; i < n; i++) {
		float in[RP_INPUTS][4] = { { 0 } };

		memset(v[i].out, 0, sizeof(v[i].out));
		if (!fetch(x, immd ? immd + i * size : NULL, size, index ? index[i] : i, in) ||
		    !radeon_pvs_run(x, in, v[i].out))
			return false;
		rp_viewport(s, &v[i]);
	}
	return true;
}

/* VAP_VTE_CNTL: perspective divide and the viewport transform */
void rp_viewport(const struct radeon_gpu_state *s, struct rp_vertex *v)
{
	uint32_t vte = REG(s, REG_R300_VAP_VTE_CNTL);
	static const uint32_t scale[3] = { REG_R300_SE_VPORT_XSCALE, REG_R300_SE_VPORT_YSCALE,
					   REG_R300_SE_VPORT_ZSCALE };
	static const uint32_t offset[3] = { REG_R300_SE_VPORT_XOFFSET, REG_R300_SE_VPORT_YOFFSET,
					    REG_R300_SE_VPORT_ZOFFSET };
	/* W0_FMT: the position carries w, the VTE divides by it; else it is 1/w already */
	float w = v->out[0][3];
	float inv_w = R300_VAP_VTE_CNTL_VTX_W0_FMT__get(vte) ? (w != 0.0f ? 1.0f / w : 0.0f) : w;
	bool divide[3] = { !R300_VAP_VTE_CNTL_VTX_XY_FMT__get(vte),
			   !R300_VAP_VTE_CNTL_VTX_XY_FMT__get(vte),
			   !R300_VAP_VTE_CNTL_VTX_Z_FMT__get(vte) };

	for (int c = 0; c < 3; c++) {
		float p = divide[c] ? v->out[0][c] * inv_w : v->out[0][c];

		/* x, y then z: SCALE_ENA and OFFSET_ENA pairs from bit 0 */
		if (vte & (R300_VAP_VTE_CNTL_VPORT_X_SCALE_ENA__MASK << (2 * c)))
			p *= rp_regf(s, scale[c]);
		if (vte & (R300_VAP_VTE_CNTL_VPORT_X_OFFSET_ENA__MASK << (2 * c)))
			p += rp_regf(s, offset[c]);
		v->win[c] = p;
	}
	v->win[3] = R300_VAP_VTE_CNTL_VTX_W0_FMT__get(vte) ? inv_w : 1.0f;
}

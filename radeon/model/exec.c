// SPDX-License-Identifier: MIT
/*
 * Execution of a checked, relocated IB on the model's R3xx-R5xx: the
 * register file and its side effects (PVS and R5xx US uploads, Z-pass
 * writes), 3D_LOAD_VBPNTR, and the draw packets, whose vertices and
 * pixels the pipeline (pipe.h) produces.
 *
 * Draws (PACKET3 payloads: radeon/registers/radeon_pm4.xml):
 * 3D_DRAW_IMMD(_2) with the vertices in the packet (PRIM_WALK 3),
 * 3D_DRAW_VBUF(_2) from the 3D_LOAD_VBPNTR arrays (PRIM_WALK 2) and
 * 3D_DRAW_INDX(_2) with indices in the packet or, for a header without
 * them, from the INDX_BUFFER packet that follows (PRIM_WALK 1: Mesa's
 * r300_emit_draw_elements; 16-bit indices two to a dword, the first in
 * the low half, 32-bit with INDEX_SIZE_32BIT). The vertex count is
 * NUM_VERTICES, or VAP_ALT_NUM_VERTICES with USE_ALT_NUM_VERTS (R5xx);
 * R5xx adds VAP_INDEX_OFFSET to every index.
 *
 * The first thing the model cannot execute stops the IB: radeon_fault()
 * keeps the reason, which the CS job reports (cs_ioctl.c), and nothing
 * after it runs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "radeon/cp_packet.h"
#include "radeon/model/pipe.h"
#include "radeon/radeon_pm4.xml.h"

#define MAX_DRAW_VERTICES (1u << 20)

bool radeon_fault(struct radeon_exec *x, const char *fmt, ...)
{
	va_list ap;

	if (x->fault[0])
		return false;
	va_start(ap, fmt);
	vsnprintf(x->fault, sizeof(x->fault), fmt, ap);
	va_end(ap);
	return false;
}

/* ---- registers ------------------------------------------------------------ */

static bool write_reg(struct radeon_exec *x, uint32_t reg, uint32_t v)
{
	struct radeon_gpu_state *s = x->state;

	if (reg >= sizeof(s->regs))
		return radeon_fault(x, "register %#x outside the register file", reg);
	REG(s, reg) = v;
	if (reg == REG_R300_VAP_PVS_VECTOR_INDX_REG) {
		/* 4 dwords per vector */
		s->pvs_addr = R300_VAP_PVS_VECTOR_INDX_REG_OCTWORD_OFFSET__get(v) * 4;
	} else if (reg == REG_R300_VAP_PVS_UPLOAD_DATA) {
		if (s->pvs_addr < RADEON_PVS_DWORDS)
			s->pvs[s->pvs_addr] = v;
		s->pvs_addr++;
	}
	radeon_us500_reg(s, reg, v);
	return radeon_zpass_reg(x, reg, v);
}

/* 3D_LOAD_VBPNTR: the array count, then per pair a format dword and one or two addresses */
static bool load_vbpntr(struct radeon_exec *x, const uint32_t *d, uint32_t dwords)
{
	struct radeon_gpu_state *s = x->state;
	uint32_t n = PKT3_3D_LOAD_VBPNTR_VTX_ARRAY_COUNT_COUNT__get(d[0]), at = 1;

	if (n > RADEON_MAX_ARRAYS || 1 + (n / 2) * 3 + (n & 1) * 2 > dwords)
		return radeon_fault(x, "3D_LOAD_VBPNTR of %u arrays in %u dwords", n, dwords);
	s->nr_arrays = n;
	for (uint32_t i = 0; i < n; i += 2, at += 3) {
		uint32_t fmt = d[at];

		s->arrays[i] = (struct radeon_array){
			.size = PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_SIZE0__get(fmt),
			.stride = PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_STRIDE0__get(fmt), .addr = d[at + 1],
		};
		if (i + 1 < n)
			s->arrays[i + 1] = (struct radeon_array){
				.size = PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_SIZE1__get(fmt),
				.stride = PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_STRIDE1__get(fmt),
				.addr = d[at + 2],
			};
	}
	return true;
}

/* ---- draws ---------------------------------------------------------------- */

struct draw {
	uint32_t vf_cntl;
	const uint32_t *immd;		/* PRIM_WALK 3: the vertex data */
	uint32_t immd_dwords;
	const uint32_t *index;		/* PRIM_WALK 1: the index dwords */
	uint32_t index_dwords;
};

static uint32_t draw_count(const struct radeon_exec *x, uint32_t vf)
{
	if (x->family >= RV515 && r300_vap_vf_cntl_USE_ALT_NUM_VERTS__get(vf))
		return R300_VAP_ALT_NUM_VERTICES_NUM_VERTICES__get(REG(x->state,
								       REG_R300_VAP_ALT_NUM_VERTICES));
	return r300_vap_vf_cntl_NUM_VERTICES__get(vf);
}

/* The vertex indices of the draw: in order for a list, from the index data for PRIM_WALK 1. */
static bool indices(struct radeon_exec *x, const struct draw *dr, uint32_t n, uint32_t *out)
{
	bool idx32 = r300_vap_vf_cntl_INDEX_SIZE_32BIT__get(dr->vf_cntl);
	int32_t bias = x->family >= RV515 ?
		       R300_VAP_INDEX_OFFSET_INDEX_OFFSET__get(REG(x->state, REG_R300_VAP_INDEX_OFFSET)) : 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = i;

		if (dr->index) {
			if ((idx32 ? i : i / 2) >= dr->index_dwords)
				return radeon_fault(x, "index %u of %u is past the index data", i, n);
			v = idx32 ? dr->index[i] : (dr->index[i / 2] >> (16 * (i & 1))) & 0xffff;
		}
		out[i] = (uint32_t)((int32_t)v + bias);
	}
	return true;
}

static bool draw(struct radeon_exec *x, const struct draw *dr)
{
	uint32_t n = draw_count(x, dr->vf_cntl), walk = r300_vap_vf_cntl_PRIM_WALK__get(dr->vf_cntl);
	struct rp_draw d;
	struct rp_vertex *v;
	uint32_t *index = NULL;
	bool ok;

	if (!n)
		return true;
	if (n > MAX_DRAW_VERTICES)
		return radeon_fault(x, "a draw of %u vertices is beyond the model's %u", n,
				    MAX_DRAW_VERTICES);
	if ((walk == PRIM_WALK_VERTEX_EMBEDDED) != !!dr->immd || (walk == PRIM_WALK_INDICES) != !!dr->index)
		return radeon_fault(x, "PRIM_WALK %u does not match the draw packet", walk);
	if (!rp_draw_begin(&d, x))
		return false;
	v = malloc(sizeof(*v) * n);
	if (walk != PRIM_WALK_VERTEX_EMBEDDED)
		index = malloc(sizeof(*index) * n);
	if (!v || (walk != PRIM_WALK_VERTEX_EMBEDDED && !index)) {
		free(v);
		free(index);
		return radeon_fault(x, "no memory for %u vertices", n);
	}
	ok = (!index || indices(x, dr, n, index)) &&
	     rp_vertices(x, dr->immd, dr->immd_dwords, index, n, v) &&
	     rp_assemble(&d, r300_vap_vf_cntl_PRIM_TYPE__get(dr->vf_cntl), v, n);
	free(v);
	free(index);
	x->draws++;
	return ok;
}

/* The INDX_BUFFER packet at @at (after an index-less 3D_DRAW_INDX_2): where its indices are. */
static bool indx_buffer(struct radeon_exec *x, uint32_t at, struct draw *dr, uint32_t *skip)
{
	struct radeon_cp_packet pkt;
	const uint32_t *d;

	if (at >= x->ib_len)
		return radeon_fault(x, "3D_DRAW_INDX_2 without indices and no INDX_BUFFER after it");
	pkt = radeon_cp_parse(x->ib[at]);
	if (pkt.type != RADEON_CP_TYPE3 || pkt.opcode != PACKET3_INDX_BUFFER || pkt.count < 3 ||
	    at + 1 + pkt.count > x->ib_len)
		return radeon_fault(x, "3D_DRAW_INDX_2 without indices is not followed by INDX_BUFFER");
	d = x->ib + at + 1;
	if (PKT3_INDX_BUFFER_CNTL_DST__get(d[0]) != REG_R300_VAP_PORT_IDX0 ||
	    !PKT3_INDX_BUFFER_CNTL_ONE_REG_WR__get(d[0]) || PKT3_INDX_BUFFER_CNTL_SKIP__get(d[0]))
		return radeon_fault(x, "INDX_BUFFER CNTL %#x not modelled", d[0]);
	dr->index_dwords = d[2];
	dr->index = radeon_exec_bo_at(x, d[1], (uint64_t)d[2] * 4);
	if (!dr->index)
		return radeon_fault(x, "INDX_BUFFER %#x (%u dwords) is in none of the CS's BOs", d[1], d[2]);
	*skip = 1 + pkt.count;
	return true;
}

/* A PACKET3 at IB dword @at; *@skip grows by what it consumed after itself. */
static bool packet3(struct radeon_exec *x, const struct radeon_cp_packet *pkt, uint32_t at,
		    uint32_t *skip)
{
	const uint32_t *d = x->ib + at + 1;
	uint32_t n = pkt->count;
	struct draw dr = { 0 };

	switch (pkt->opcode) {
	case PACKET3_NOP:
		return true;
	case PACKET3_3D_LOAD_VBPNTR:
		return load_vbpntr(x, d, n);
	case PACKET3_3D_DRAW_IMMD:
		d++, n--;	/* the VTX_FMT dword the R300 does not use */
		__attribute__((fallthrough));
	case PACKET3_3D_DRAW_IMMD_2:
		dr = (struct draw){ .vf_cntl = d[0], .immd = d + 1, .immd_dwords = n - 1 };
		return draw(x, &dr);
	case PACKET3_3D_DRAW_VBUF:
		d++;
		__attribute__((fallthrough));
	case PACKET3_3D_DRAW_VBUF_2:
		dr.vf_cntl = d[0];
		return draw(x, &dr);
	case PACKET3_3D_DRAW_INDX:
		d++, n--;
		__attribute__((fallthrough));
	case PACKET3_3D_DRAW_INDX_2:
		dr.vf_cntl = d[0];
		if (n > 1) {
			dr.index = d + 1;
			dr.index_dwords = n - 1;
		} else if (!indx_buffer(x, at + 1 + pkt->count, &dr, skip)) {
			return false;
		}
		return draw(x, &dr);
	case PACKET3_3D_CLEAR_ZMASK:
		return radeon_zmask_clear(x, d, n);
	case PACKET3_3D_CLEAR_HIZ:
		return radeon_hiz_clear(x, d, n);
	case PACKET3_INDX_BUFFER:
		return radeon_fault(x, "INDX_BUFFER without an index-less 3D_DRAW_INDX_2 before it");
	default:
		return radeon_fault(x, "PACKET3 opcode %#x not modelled", pkt->opcode);
	}
}

bool radeon_exec(struct radeon_exec *x)
{
	uint32_t idx = 0;

	x->fault[0] = 0;
	while (idx < x->ib_len) {
		struct radeon_cp_packet pkt = radeon_cp_parse(x->ib[idx]);
		const uint32_t *data = x->ib + idx + 1;
		uint32_t skip = 0;

		if (pkt.type == RADEON_CP_TYPE2) {
			idx++;
			continue;
		}
		if (idx + 1 + pkt.count > x->ib_len)
			break;	/* the checker has rejected this already */
		if (pkt.type == RADEON_CP_TYPE0) {
			for (uint32_t i = 0; i < pkt.count; i++)
				if (!write_reg(x, pkt.one_reg_wr ? pkt.reg : pkt.reg + 4 * i, data[i]))
					return false;
		} else if (pkt.type == RADEON_CP_TYPE3 && !packet3(x, &pkt, idx, &skip)) {
			return false;
		}
		idx += 1 + pkt.count + skip;
	}
	return true;
}

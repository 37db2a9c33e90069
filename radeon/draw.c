// SPDX-License-Identifier: MIT
/*
 * Vertex formats, rasteriser routing and the draws: immediate
 * (3D_DRAW_IMMD_2: the VAP_VTX_* immediate registers are forbidden by the
 * kernel's checker), from vertex buffers (3D_LOAD_VBPNTR + 3D_DRAW_VBUF_2)
 * and indexed (3D_DRAW_INDX_2 with the indices in the packet or in an
 * INDX_BUFFER), as Mesa's r300_render.c emits them.
 */
#include "core/test.h"
#include "radeon/r300_3d.h"
#include "radeon/radeon_pm4.xml.h"

#define VERTEX_DWORDS (sizeof(struct r300_vertex) / 4)

void r300_emit_vertex_layout(struct r300_cs *cs, uint32_t vsm_assm, uint32_t fmt0,
			     uint32_t fmt1)
{
	uint32_t vtx_state[2] = {
		/* Mesa's value: every colour assembled from user colour 0 */
		R300_VAP_VTX_STATE_CNTL(.color_0_assembly = SEL_USER_COLOR_0,
					.color_1_assembly = SEL_USER_COLOR_0,
					.color_2_assembly = SEL_USER_COLOR_0,
					.color_3_assembly = SEL_USER_COLOR_0,
					.color_4_assembly = SEL_USER_COLOR_0,
					.color_5_assembly = SEL_USER_COLOR_0,
					.color_6_assembly = SEL_USER_COLOR_0,
					.color_7_assembly = SEL_USER_COLOR_0),
		vsm_assm,
	};
	uint32_t out_fmt[2] = { fmt0, fmt1 };

	/*
	 * r300_emit_vertex_stream_state's PACKET0s: stream element 0 -> PVS
	 * input 0 (position), element 1 -> input 1 (colour); then
	 * r300_emit_rs_block_state's VAP_VTX_STATE_CNTL/VSM_VTX_ASSM and
	 * VAP_OUTPUT_VTX_FMT_0/1 pairs
	 */
	r300_cs_reg(cs, REG_R300_VAP_PROG_STREAM_CNTL(0),
		    r300_prog_stream_cntl(.data_type_0 = DATA_TYPE_FLOAT_4, .dst_vec_loc_0 = 0,
					  .data_type_1 = DATA_TYPE_FLOAT_4, .dst_vec_loc_1 = 1,
					  .last_vec_1 = 1));
	r300_cs_reg(cs, REG_R300_VAP_PROG_STREAM_CNTL_EXT(0),
		    r300_prog_stream_cntl_ext(.swizzle_select_x_0 = SWIZZLE_SELECT_X,
					      .swizzle_select_y_0 = SWIZZLE_SELECT_Y,
					      .swizzle_select_z_0 = SWIZZLE_SELECT_Z,
					      .swizzle_select_w_0 = SWIZZLE_SELECT_W,
					      .write_ena_0 = 0xf,
					      .swizzle_select_x_1 = SWIZZLE_SELECT_X,
					      .swizzle_select_y_1 = SWIZZLE_SELECT_Y,
					      .swizzle_select_z_1 = SWIZZLE_SELECT_Z,
					      .swizzle_select_w_1 = SWIZZLE_SELECT_W,
					      .write_ena_1 = 0xf));
	r300_cs_regs(cs, REG_R300_VAP_VTX_STATE_CNTL, vtx_state, 2);
	r300_cs_regs(cs, REG_R300_VAP_OUT_VTX_FMT_0, out_fmt, 2);
}

void r300_emit_vertex_format(struct r300_cs *cs)
{
	/* position and colour 0, no texture coordinates */
	r300_emit_vertex_layout(cs, R300_VAP_VSM_VTX_ASSM(.pos = 1, .color = 1),
				r300_vtx_fmt_0(.pos_present = 1, .color_0_present = 1), 0);
}

/* r300_emit_rs_block_state's RS_IP_0, RS_COUNT + RS_INST_COUNT, RS_INST_0 */
void r300_emit_rs_route(struct r300_cs *cs, uint32_t count, uint32_t ip, uint32_t inst)
{
	bool r500 = r300_chip_is_r500(cs->chip);
	uint32_t counts[2] = { count, R300_RS_INST_COUNT(.inst_count = 0) };

	r300_cs_reg(cs, r500 ? REG_R300_R500_RS_IP(0) : REG_R300_RS_IP(0), ip);
	r300_cs_regs(cs, REG_R300_RS_COUNT, counts, 2);
	r300_cs_reg(cs, r500 ? REG_R300_R500_RS_INST(0) : REG_R300_RS_INST(0), inst);
}

/* One colour, no texture coordinates (Mesa's r300_rs_col / r500_rs_col). */
void r300_emit_rs_color(struct r300_cs *cs)
{
	/* HIRES as Mesa */
	uint32_t count = R300_RS_COUNT(.it_count = 0, .ic_count = 1, .hires_en = 1);

	if (r300_chip_is_r500(cs->chip))
		r300_emit_rs_route(cs, count,
				   R300_R500_RS_IP(.col_ptr = 0, .col_fmt = RS_COL_FMT_RGBA),
				   R300_R500_RS_INST(.col_id = 0, .col_cn = RS_INST_COL_CN_WRITE,
						     .col_addr = 0));
	else
		r300_emit_rs_route(cs, count, R300_RS_IP(.col_ptr = 0, .col_fmt = RS_COL_FMT_RGBA),
				   R300_RS_INST(.col_id = 0, .col_cn_write = 1, .col_addr = 0));
}

void r300_draw_immd(struct r300_cs *cs, enum r300_prim_type prim,
		    const struct r300_vertex *v, uint32_t n)
{
	uint32_t indx[2] = { n - 1, 0 };	/* VAP_VF_MAX_VTX_INDX, VAP_VF_MIN_VTX_INDX */
	const float *f = (const float *)v;

	igt_assert(n > 0);
	/*
	 * Mesa's r300_emit_draw_arrays_immediate (r300_render.c): VAP_VTX_SIZE,
	 * VAP_VF_MAX/MIN_VTX_INDX = n - 1, 0, then 3D_DRAW_IMMD_2 with
	 * VF_CNTL (PRIM_WALK_VERTEX_EMBEDDED | n << 16 | prim) and the vertices.
	 * The checker wants VAP_VTX_SIZE * vertices == the packet's data dwords.
	 */
	r300_cs_reg(cs, REG_R300_VAP_VTX_SIZE, R300_VAP_VTX_SIZE(.dwords = VERTEX_DWORDS));
	r300_cs_regs(cs, REG_R300_VAP_VF_MAX_VTX_INDX, indx, 2);
	r300_cs_packet3(cs, PACKET3_3D_DRAW_IMMD_2, 1 + n * VERTEX_DWORDS);
	r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = prim,
					  .prim_walk = PRIM_WALK_VERTEX_EMBEDDED,
					  .num_vertices = n));
	for (uint32_t i = 0; i < n * VERTEX_DWORDS; i++)
		r300_cs_emitf(cs, f[i]);
}

/*
 * r300_emit_vertex_arrays: one array per stream element (position, colour),
 * both in @bo from @offset with the r300_vertex stride, SIZE and STRIDE in
 * dwords, each address followed by its reloc in order.
 */
void r300_emit_vertex_buffer(struct r300_cs *cs, struct r300_bo *bo, uint32_t offset)
{
	uint32_t vec = VERTEX_DWORDS / 2;

	r300_cs_packet3(cs, PACKET3_3D_LOAD_VBPNTR, 4);
	r300_cs_emit(cs, PKT3_3D_LOAD_VBPNTR_VTX_ARRAY_COUNT(.count = 2, .force_prefetch = 1));
	r300_cs_emit(cs, PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT(.size0 = vec, .stride0 = VERTEX_DWORDS,
							   .size1 = vec, .stride1 = VERTEX_DWORDS));
	r300_cs_emit(cs, offset);
	r300_cs_emit(cs, offset + vec * 4);
	r300_cs_reloc(cs, bo, false);
	r300_cs_reloc(cs, bo, false);
}

/* r300_emit_draw_init: VAP_VF_MAX/MIN_VTX_INDX for indices 0 .. @max. */
static void vtx_index_range(struct r300_cs *cs, uint32_t max)
{
	uint32_t indx[2] = { max, 0 };

	r300_cs_regs(cs, REG_R300_VAP_VF_MAX_VTX_INDX, indx, 2);
}

void r300_draw_vbuf(struct r300_cs *cs, enum r300_prim_type prim, uint32_t n)
{
	/* r300_emit_draw_arrays: VAP_VTX_SIZE is not used by vertex lists */
	vtx_index_range(cs, n - 1);
	r300_cs_packet3(cs, PACKET3_3D_DRAW_VBUF_2, 1);
	r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = prim, .prim_walk = PRIM_WALK_VERTEX_LIST,
					  .num_vertices = n));
}

void r300_draw_indx(struct r300_cs *cs, enum r300_prim_type prim, const uint32_t *index,
		    uint32_t n, bool index32, uint32_t max_index)
{
	uint32_t dwords = index32 ? n : (n + 1) / 2;

	/* r300_emit_draw_elements with the indices in the packet (the small-count path) */
	vtx_index_range(cs, max_index);
	r300_cs_packet3(cs, PACKET3_3D_DRAW_INDX_2, 1 + dwords);
	r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = prim, .prim_walk = PRIM_WALK_INDICES,
					  .index_size_32bit = index32, .num_vertices = n));
	for (uint32_t i = 0; i < dwords; i++)
		r300_cs_emit(cs, index32 ? index[i] :
			     (index[2 * i] & 0xffff) |
			     (2 * i + 1 < n ? index[2 * i + 1] << 16 : 0));
}

void r300_draw_indx_buffer(struct r300_cs *cs, enum r300_prim_type prim, struct r300_bo *bo,
			   uint32_t offset, uint32_t n, bool index32, uint32_t max_index)
{
	uint32_t dwords = index32 ? n : (n + 1) / 2;

	/* r300_emit_draw_elements: a header without indices, then INDX_BUFFER */
	vtx_index_range(cs, max_index);
	r300_cs_packet3(cs, PACKET3_3D_DRAW_INDX_2, 1);
	r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = prim, .prim_walk = PRIM_WALK_INDICES,
					  .index_size_32bit = index32, .num_vertices = n));
	r300_cs_packet3(cs, PACKET3_INDX_BUFFER, 3);
	r300_cs_emit(cs, PKT3_INDX_BUFFER_CNTL(.dst = REG_R300_VAP_PORT_IDX0, .one_reg_wr = 1));
	r300_cs_emit(cs, offset);
	r300_cs_emit(cs, dwords);
	r300_cs_reloc(cs, bo, false);
}

void r300_draw_triangle(struct r300_cs *cs, const struct r300_vertex v[3])
{
	r300_draw_immd(cs, PRIM_TRIANGLES, v, 3);
}

void r300_draw_quad(struct r300_cs *cs, float x0, float y0, float x1, float y1, float z,
		    const float rgba[4])
{
	const float r = rgba[0], g = rgba[1], b = rgba[2], a = rgba[3];
	const struct r300_vertex v[4] = {
		{ x0, y0, z, 1, r, g, b, a }, { x1, y0, z, 1, r, g, b, a },
		{ x1, y1, z, 1, r, g, b, a }, { x0, y1, z, 1, r, g, b, a },
	};

	r300_draw_immd(cs, PRIM_QUADS, v, 4);
}

void r300_emit_3d_base(struct r300_cs *cs, struct r300_bo *fb, uint32_t offset,
		       uint32_t pitch_px, uint32_t w, uint32_t h)
{
	r300_emit_invariant(cs);
	r300_emit_colorbuffer(cs, fb, offset, pitch_px);
	r300_emit_viewport(cs, w, h);
	r300_emit_scissor(cs, 0, 0, w, h);
	r300_emit_shading(cs, false);
}

void r300_emit_3d_setup(struct r300_cs *cs, struct r300_bo *fb, uint32_t offset,
			uint32_t pitch_px, uint32_t w, uint32_t h)
{
	struct r300_fs fs;

	r300_emit_3d_base(cs, fb, offset, pitch_px, w, h);
	r300_emit_vertex_format(cs);
	r300_emit_rs_color(cs);
	r300_emit_vs_passthrough(cs);
	r300_fs_passthrough(&fs);
	r300_emit_fs(cs, &fs);
}

// SPDX-License-Identifier: MIT
/*
 * Setup-unit state Mesa's r300_state.c r300_create_rs_state builds and
 * r300_emit.c r300_emit_rs_state emits: face culling (SU_CULL_MODE) and
 * polygon offset (SU_POLY_OFFSET_*); and the two quads of opposite
 * winding that culling tests draw.
 */
#include "core/test.h"
#include "radeon/r300_3d.h"

void r300_emit_cull(struct r300_cs *cs, bool front, bool back, bool face_cw)
{
	r300_cs_reg(cs, REG_R300_SU_CULL_MODE,
		    R300_SU_CULL_MODE(.cull_front = front, .cull_back = back, .face_cw = face_cw));
}

void r300_emit_polygon_offset(struct r300_cs *cs, bool enable, float factor, float units,
			      bool depth16)
{
	/* r300_emit_rs_state: scale * 12; units * 2 for 24-bit Z, * 4 for 16-bit */
	const float v[4] = {
		factor * 12.0f, units * (depth16 ? 4.0f : 2.0f),
		factor * 12.0f, units * (depth16 ? 4.0f : 2.0f),
	};

	r300_cs_packet0(cs, REG_R300_SU_POLY_OFFSET_FRONT_SCALE, 4);
	for (int i = 0; i < 4; i++)
		r300_cs_emitf(cs, v[i]);
	r300_cs_reg(cs, REG_R300_SU_POLY_OFFSET_ENABLE,
		    R300_SU_POLY_OFFSET_ENABLE(.front_enable = enable, .back_enable = enable));
}

void r300_draw_winding_quads(struct r300_cs *cs, const float rgba[4])
{
	const float r = rgba[0], g = rgba[1], b = rgba[2], a = rgba[3];
	/* NDC +1 is row 0: down the left edge first is counter-clockwise as displayed */
	const struct r300_vertex ccw[4] = {
		{ -1, 1, 0, 1, r, g, b, a }, { -1, -1, 0, 1, r, g, b, a },
		{ 0, -1, 0, 1, r, g, b, a }, { 0, 1, 0, 1, r, g, b, a },
	};
	const struct r300_vertex cw[4] = {
		{ 0, 1, 0, 1, r, g, b, a }, { 1, 1, 0, 1, r, g, b, a },
		{ 1, -1, 0, 1, r, g, b, a }, { 0, -1, 0, 1, r, g, b, a },
	};

	r300_draw_immd(cs, PRIM_QUADS, ccw, 4);
	r300_draw_immd(cs, PRIM_QUADS, cw, 4);
}

// SPDX-License-Identifier: MIT
/*
 * Rasteriser state for radeon/r300_raster.h, encoded with the generated
 * r300.xml.h packers as Mesa's r300_create_rs_state (r300_state.c) does.
 */
#include "radeon/r300_raster.h"

void r300_emit_poly_mode(struct r300_cs *cs, enum r300_poly_ptype front,
			 enum r300_poly_ptype back)
{
	/* Mesa sends POLY_MODE_DUAL only when a face is not filled */
	bool dual = front != PTYPE_TRI || back != PTYPE_TRI;

	r300_cs_reg(cs, REG_R300_GA_POLY_MODE,
		    dual ? R300_GA_POLY_MODE(.poly_mode_dual = 1, .front_ptype = front,
					     .back_ptype = back) : 0);
}

void r300_emit_line_width(struct r300_cs *cs, float width)
{
	/* Mesa's pack_float_16_6x: the width in sixths of a pixel */
	r300_cs_reg(cs, REG_R300_GA_LINE_CNTL,
		    R300_GA_LINE_CNTL(.width = (uint32_t)(width * 6.0f),
				      .end_type = LINE_END_TYPE_COMP));
}

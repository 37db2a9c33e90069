/* SPDX-License-Identifier: MIT */
/*
 * Rasteriser state beyond the minimal pipeline of radeon/r300_3d.h
 * (radeon/raster.c): the GA's polygon mode and line width, as Mesa's
 * r300_create_rs_state (r300_state.c) programs them.
 */
#ifndef DRMSUB_RADEON_R300_RASTER_H
#define DRMSUB_RADEON_R300_RASTER_H

#include "radeon/r300_3d.h"

/*
 * GA_POLY_MODE: front and back faces drawn as @front / @back (points,
 * lines or triangles); both PTYPE_TRI is Mesa's 0 (POLY_MODE_DUAL off).
 */
void r300_emit_poly_mode(struct r300_cs *cs, enum r300_poly_ptype front,
			 enum r300_poly_ptype back);
/* GA_LINE_CNTL: lines @width pixels wide, END_TYPE_COMP. */
void r300_emit_line_width(struct r300_cs *cs, float width);

#endif

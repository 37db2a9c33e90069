// SPDX-License-Identifier: MIT
/*
 * Hyper-Z as Mesa's r300 driver uses it for a fast depth clear (the CS
 * checker allows it only to the INFO WANT_HYPERZ owner): the Z-mask tiles
 * of a whole level put in the fast-cleared state (r300_emit_zmask_clear),
 * ZB_DEPTHCLEARVALUE, and ZB_BW_CNTL's FAST_FILL with compressed reads and
 * writes (r300_hyperz.c r300_update_hyperz).
 */
#include "core/test.h"
#include "radeon/r300_3d.h"
#include "radeon/radeon_pm4.xml.h"

/* r300_setup_hyperz_properties: the 4x4-pixel blocks one Z-mask dword covers, by Z pipes. */
static const uint8_t zmask_blocks_x[4] = { 4, 8, 12, 8 };
static const uint8_t zmask_blocks_y[4] = { 4, 4, 4, 8 };

uint32_t r300_zmask_dwords(uint32_t z_pipes, uint32_t pitch_px, uint32_t height)
{
	uint32_t w, h;

	igt_assert(z_pipes >= 1 && z_pipes <= 4);
	w = zmask_blocks_x[z_pipes - 1] * 4;
	h = zmask_blocks_y[z_pipes - 1] * 4;
	/* r300_pixels_to_dwords on the pitch aligned to 16 */
	return ((pitch_px + 15) / 16 * 16 + w - 1) / w * ((height + h - 1) / h);
}

void r300_emit_zmask_clear(struct r300_cs *cs, uint32_t dwords)
{
	r300_cs_packet3(cs, PACKET3_3D_CLEAR_ZMASK, 3);
	r300_cs_emit(cs, 0);		/* START */
	r300_cs_emit(cs, dwords);
	r300_cs_emit(cs, 0);		/* the fast-cleared state */
}

void r300_emit_hyperz_fast_fill(struct r300_cs *cs, uint32_t clear_value)
{
	r300_cs_reg(cs, REG_R300_ZB_DEPTHCLEARVALUE, clear_value);
	/* 4x4 Z-mask blocks: GB_Z_PEQ_CONFIG exists from RV350 on */
	if (cs->chip >= RV350)
		r300_cs_reg(cs, REG_R300_GB_Z_PEQ_CONFIG, 0);
	r300_cs_reg(cs, REG_R300_ZB_BW_CNTL,
		    R300_ZB_BW_CNTL(.fast_fill = 1, .rd_comp_enable = 1, .wr_comp_enable = 1));
}

// SPDX-License-Identifier: MIT
/*
 * Claim experiments on the stencil test, culling, texture filtering,
 * colour formats and polygon offset (r300_probe.h): the harness's
 * pipeline (r300_3d.h, whose forms cite Mesa) with the one register value
 * under test written after it, so that value is the claim, not a form
 * this file asserts.
 */
#include "core/test.h"
#include "radeon/r300_probe.h"

#define SIZE R300_PROBE_SIZE

static const float white[4] = { 1, 1, 1, 1 };

static uint32_t stripe_of(uint32_t x)
{
	return x * R300_PROBE_STRIPES / SIZE;
}

int r300_probe_stencil(struct r300_probe *p, uint32_t zb_cntl, uint32_t zs, uint32_t refmask,
		       const uint32_t stencil[R300_PROBE_STRIPES], unsigned int *drawn,
		       uint32_t after[R300_PROBE_STRIPES])
{
	int ret;

	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++)
			r300_bo_write32(p->zb, (y * SIZE + x) * 4, 0x800000u << 8 | stencil[stripe_of(x)]);
	r300_probe_begin(p, R300_PROBE_FILL);
	r300_emit_zbuffer(p->cs, p->zb, 0, SIZE);
	r300_cs_reg(p->cs, REG_R300_ZB_CNTL, zb_cntl);
	r300_cs_reg(p->cs, REG_R300_ZB_STENCILREFMASK, refmask);
	r300_cs_reg(p->cs, REG_R300_ZB_ZSTENCILCNTL, zs);
	r300_draw_quad(p->cs, -1, -1, 1, 1, 0, white);
	ret = r300_probe_finish(p);
	*drawn = 0;
	for (uint32_t i = 0; !ret && i < R300_PROBE_STRIPES; i++) {
		uint32_t x = SIZE / 6 + i * SIZE / 3;

		if (r300_probe_pixel(p, x, SIZE / 2) != R300_PROBE_FILL)
			*drawn |= 1u << i;
		after[i] = r300_bo_read32(p->zb, (SIZE / 2 * SIZE + x) * 4) & 0xff;
	}
	return ret;
}

int r300_probe_cull(struct r300_probe *p, uint32_t cull, unsigned int *drawn)
{
	int ret;

	r300_probe_begin(p, R300_PROBE_FILL);
	r300_cs_reg(p->cs, REG_R300_SU_CULL_MODE, cull);
	r300_draw_winding_quads(p->cs, white);
	ret = r300_probe_finish(p);
	*drawn = 0;
	if (!ret && r300_probe_pixel(p, SIZE / 4, SIZE / 2) != R300_PROBE_FILL)
		*drawn |= 1;
	if (!ret && r300_probe_pixel(p, 3 * SIZE / 4, SIZE / 2) != R300_PROBE_FILL)
		*drawn |= 2;
	return ret;
}

int r300_probe_tex(struct r300_probe *p, uint32_t filter0, uint8_t row[SIZE])
{
	struct r300_texture t = {
		.bo = p->tex, .width = 2, .height = 2, .format = TX_FORMAT_W8Z8Y8X8,
		.sel = R300_TX_SEL_BGRA, .mag = TX_MAG_FILTER_NEAREST, .min = TX_MIN_FILTER_NEAREST,
		.wrap = TX_CLAMP_TO_EDGE,
	};
	uint32_t pitch = r300_tx_pitch_bytes(t.format, t.width);
	int ret;

	for (uint32_t y = 0; y < 2; y++) {
		r300_bo_write32(p->tex, y * pitch, 0xff000000u);
		r300_bo_write32(p->tex, y * pitch + 4, 0xffff0000u);
	}
	r300_cs_reset(p->cs);
	r300_bo_fill32(p->fb, R300_PROBE_FILL);
	r300_emit_3d_setup_tex(p->cs, p->fb, SIZE, SIZE, SIZE, &t);
	r300_cs_reg(p->cs, REG_R300_TX_FILTER0(0), filter0);
	r300_draw_textured_quad(p->cs, -1, -1, 1, 1, 0, 0, 1, 1);
	ret = r300_probe_finish(p);
	for (uint32_t x = 0; x < SIZE; x++)
		row[x] = ret ? 0 : (r300_probe_pixel(p, x, SIZE / 2) >> 16) & 0xff;
	return ret;
}

int r300_probe_colorformat(struct r300_probe *p, uint32_t colorpitch, const float rgba[4],
			   uint32_t *dword)
{
	int ret;

	r300_probe_begin(p, R300_PROBE_FILL);
	r300_cs_reg_reloc(p->cs, REG_R300_RB3D_COLORPITCH0, colorpitch, p->fb, true);
	r300_draw_quad(p->cs, -1, -1, 1, 1, 0, rgba);
	ret = r300_probe_finish(p);
	*dword = ret ? 0 : r300_bo_read32(p->fb, 0);
	return ret;
}

int r300_probe_poly_offset(struct r300_probe *p, uint32_t enable, bool *drawn)
{
	int ret;

	r300_probe_begin(p, R300_PROBE_FILL);
	r300_emit_zbuffer(p->cs, p->zb, 0, SIZE);
	r300_emit_depth_test(p->cs, ZS_ALWAYS, true);
	r300_emit_color_mask(p->cs, false, false, false, false);
	r300_draw_quad(p->cs, -1, -1, 1, 1, 0, white);
	r300_emit_color_mask(p->cs, true, true, true, true);
	r300_emit_depth_test(p->cs, ZS_LESS, false);
	r300_emit_polygon_offset(p->cs, false, 0, -4, false);
	r300_cs_reg(p->cs, REG_R300_SU_POLY_OFFSET_ENABLE, enable);
	r300_draw_quad(p->cs, -1, -1, 1, 1, 0, white);
	ret = r300_probe_finish(p);
	*drawn = !ret && r300_probe_pixel(p, SIZE / 2, SIZE / 2) != R300_PROBE_FILL;
	return ret;
}

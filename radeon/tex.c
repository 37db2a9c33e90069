// SPDX-License-Identifier: MIT
/*
 * Texture state and the texture-coordinate path for a minimal textured
 * draw: the TX_* registers of one unit as Mesa's r300_emit.c
 * r300_emit_textures_state writes them (values as r300_texture.c
 * r300_texture_setup_format_state and r300_state.c
 * r300_create_sampler_state build them), the vertex layout that carries
 * one texture coordinate set, and the RS routing of it into a fragment
 * temporary (r300_state_derived.c r300_update_rs_block, r300_rs_tex /
 * r500_rs_tex).
 */
#include "core/test.h"
#include "radeon/r300_3d.h"

/*
 * Bytes per texel as the kernel's CS checker counts them (r300.c
 * r300_packet0_check, the TX_FORMAT1 case); 0 for formats this harness
 * does not lay out.
 */
uint32_t r300_tx_format_cpp(enum r300_tx_format format)
{
	switch (format) {
	case TX_FORMAT_X8:
		return 1;
	case TX_FORMAT_X16: case TX_FORMAT_Y8X8: case TX_FORMAT_Z5Y6X5: case TX_FORMAT_Z6Y5X5:
	case TX_FORMAT_W4Z4Y4X4: case TX_FORMAT_W1Z5Y5X5:
		return 2;
	case TX_FORMAT_Y16X16: case TX_FORMAT_W8Z8Y8X8: case TX_FORMAT_W2Z10Y10X10:
		return 4;
	default:
		return 0;
	}
}

/*
 * Mesa's r300_texture_desc.c r300_texture_get_stride for a linear level:
 * the width aligned to r300_get_pixel_alignment's 32 bytes of linear
 * texels (the unit finds the rows itself without TX_FORMAT0.PITCH_EN).
 */
uint32_t r300_tx_pitch_bytes(enum r300_tx_format format, uint32_t width)
{
	uint32_t cpp = r300_tx_format_cpp(format);

	igt_assert_f(cpp, "texture format %#x has no harness layout\n", format);
	return (width * cpp + 31) / 32 * 32;
}

void r300_emit_texture(struct r300_cs *cs, unsigned int unit, const struct r300_texture *t)
{
	igt_assert(unit == 0);
	igt_assert_f(t->width && t->height && t->width <= 2048 && t->height <= 2048,
		     "texture %ux%u: TX_FORMAT0 holds 1..2048\n", t->width, t->height);
	igt_assert(t->offset % 32 == 0);
	/* r300_emit_textures_state: TX_ENABLE, then per unit FILTER0/1, BORDER, FORMAT0/1/2, OFFSET */
	r300_cs_reg(cs, REG_R300_TX_ENABLE, R300_TX_ENABLE(.tex_0 = 1));
	r300_cs_reg(cs, REG_R300_TX_FILTER0(unit),
		    R300_TX_FILTER0(.wrap_s = t->wrap, .wrap_t = t->wrap, .wrap_r = t->wrap,
				    .mag_filter = t->mag, .min_filter = t->min,
				    .mip_filter = TX_MIN_FILTER_MIP_NONE));
	r300_cs_reg(cs, REG_R300_TX_FILTER1(unit), 0);
	r300_cs_reg(cs, REG_R300_TX_BORDER_COLOR(unit), 0);
	/* one level, no PITCH_EN: the unit aligns the rows itself (r300_tx_pitch_bytes) */
	r300_cs_reg(cs, REG_R300_TX_FORMAT0(unit),
		    R300_TX_FORMAT0(.widthmask = t->width - 1, .heightmask = t->height - 1,
				    .num_levels = 0));
	r300_cs_reg(cs, REG_R300_TX_FORMAT1(unit),
		    R300_TX_FORMAT1(.txformat = t->format, .sel_red = t->sel[0],
				    .sel_green = t->sel[1], .sel_blue = t->sel[2],
				    .sel_alpha = t->sel[3], .tex_coord_type = TX_COORD_2D,
				    /* r300_translate_texformat: sign_bit[i] for channel i */
				    .signed_w = t->sign & 1u, .signed_z = (t->sign >> 1) & 1u,
				    .signed_y = (t->sign >> 2) & 1u, .signed_x = (t->sign >> 3) & 1u));
	/* R5xx: width/height bit 11 and the format MSB live here too: all 0 */
	r300_cs_reg(cs, REG_R300_TX_FORMAT2(unit), 0);
	/*
	 * The kernel adds the BO address and ORs the BO's tiling flags into
	 * TX_OFFSET (r300_packet0_check, TX_OFFSET case: libdrm sends no
	 * KEEP_TILING_FLAGS), so the tiling comes from GEM_SET_TILING
	 */
	r300_cs_reg_reloc(cs, REG_R300_TX_OFFSET(unit), r300_tx_offset_OFFSET(t->offset), t->bo,
			  false);
}

void r300_emit_texture_disable(struct r300_cs *cs)
{
	r300_cs_reg(cs, REG_R300_TX_ENABLE, 0);
}

/*
 * r300_update_rs_block for one 4-component texture set and no colour:
 * VAP_VSM_VTX_ASSM POS | TC0, VAP_OUT_VTX_FMT_0 POS, VAP_OUT_VTX_FMT_1
 * four components of set 0 (output vector 1, the vertex program's out 1).
 */
void r300_emit_vertex_format_tex(struct r300_cs *cs)
{
	r300_emit_vertex_layout(cs, R300_VAP_VSM_VTX_ASSM(.pos = 1, .tc0 = 1),
				r300_vtx_fmt_0(.pos_present = 1),
				r300_vtx_fmt_1(.tex_0_comp_cnt = 4));
}

/*
 * RS: texture coordinate set 0 (components 0..3 of the RS stream) into
 * fragment temporary 0, no colour (Mesa's r300_rs_tex / r500_rs_tex and
 * rX00_rs_tex_write).
 */
void r300_emit_rs_tex(struct r300_cs *cs)
{
	uint32_t count = R300_RS_COUNT(.it_count = 4, .ic_count = 0, .hires_en = 1);

	if (r300_chip_is_r500(cs->chip))
		r300_emit_rs_route(cs, count,
				   R300_R500_RS_IP(.tex_ptr_s = 0, .tex_ptr_t = 1, .tex_ptr_r = 2,
						   .tex_ptr_q = 3),
				   R300_R500_RS_INST(.tex_id = 0, .tex_cn_write = 1, .tex_addr = 0));
	else
		r300_emit_rs_route(cs, count,
				   R300_RS_IP(.tex_ptr = 0, .sel_s = RS_SEL_C0, .sel_t = RS_SEL_C1,
					      .sel_r = RS_SEL_C2, .sel_q = RS_SEL_C3),
				   R300_RS_INST(.tex_id = 0, .tex_cn_write = 1, .tex_addr = 0));
}

void r300_emit_3d_setup_tex(struct r300_cs *cs, struct r300_bo *fb, uint32_t pitch_px,
			    uint32_t w, uint32_t h, const struct r300_texture *t)
{
	struct r300_fs fs;

	r300_emit_3d_base(cs, fb, 0, pitch_px, w, h);
	r300_emit_vertex_format_tex(cs);
	r300_emit_rs_tex(cs);
	/* out 1 = in 1: the vertex's second vector is the texture coordinate */
	r300_emit_vs_passthrough(cs);
	r300_fs_texture(&fs);
	r300_emit_fs(cs, &fs);
	r300_emit_texture(cs, 0, t);
}

void r300_draw_textured_quad(struct r300_cs *cs, float x0, float y0, float x1, float y1,
			     float s0, float t0, float s1, float t1)
{
	/* (s, t) = (s0, t0) at the top-left corner (x0, y1): t grows down the rows */
	const struct r300_vertex v[4] = {
		{ x0, y0, 0, 1, s0, t1, 0, 1 }, { x1, y0, 0, 1, s1, t1, 0, 1 },
		{ x1, y1, 0, 1, s1, t0, 0, 1 }, { x0, y1, 0, 1, s0, t0, 0, 1 },
	};

	r300_draw_immd(cs, PRIM_QUADS, v, 4);
}

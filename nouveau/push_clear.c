// SPDX-License-Identifier: MIT
/*
 * 3D-class targets, clears and constant-buffer loads on NV_SUBC_3D, with
 * MAXWELL_A's (NVB097) packers; MAXWELL_B keeps every offset and field used
 * (the model's clear_3d.c checks the same). The forms are Mesa's:
 * nvc0_validate_fb sets colour target 0 (SET_COLOR_TARGET_A..LAYER in one
 * INC header; a pitch target's WIDTH is its pitch in bytes, its MEMORY
 * LAYOUT PITCH) and the zeta target (SET_ZT_A..ARRAY_PITCH, SET_ZT_SELECT,
 * SET_ZT_SIZE_A..C, SET_ZT_LAYER); nvc0_clear sends the clip
 * (SCREEN_SCISSOR, SET_SURFACE_CLIP_*), the clear values and CLEAR_SURFACE;
 * nvc0_screen_create makes clears ignore scissors and stencil masks
 * (CLEAR_FLAGS, SET_CLEAR_SURFACE_CONTROL 0), and nvc0_cb_bo_push loads
 * constants (SET_CONSTANT_BUFFER_SELECTOR_A..C, then
 * LOAD_CONSTANT_BUFFER_OFFSET and every word in one 1INC header).
 */

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/push.h"
#include "util/util.h"

void nv_3d_color_target(struct nv_push *p, const struct nv_surface *rt)
{
	uint64_t va = nv_push_addr(p, rt->bo, 0, NV_ACCESS_WRITE);

	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_COLOR_TARGET_A(0));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_A(0), NVB097_SET_COLOR_TARGET_A(.offset_upper = va >> 32));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_B(0), NVB097_SET_COLOR_TARGET_B(.offset_lower = (uint32_t)va));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_WIDTH(0),
	       NVB097_SET_COLOR_TARGET_WIDTH(.v = rt->pitch ? rt->pitch : rt->width));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_HEIGHT(0), NVB097_SET_COLOR_TARGET_HEIGHT(.v = rt->height));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_FORMAT(0), NVB097_SET_COLOR_TARGET_FORMAT(.v = rt->format));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_MEMORY(0), NVB097_SET_COLOR_TARGET_MEMORY(
		       .block_height = rt->log2_bh,
		       .layout = rt->pitch ? NVB097_SET_COLOR_TARGET_MEMORY_LAYOUT_PITCH
					   : NVB097_SET_COLOR_TARGET_MEMORY_LAYOUT_BLOCKLINEAR));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_THIRD_DIMENSION(0),
	       NVB097_SET_COLOR_TARGET_THIRD_DIMENSION(.v = 1));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_ARRAY_PITCH(0), NVB097_SET_COLOR_TARGET_ARRAY_PITCH(.v = 0));
	nv_val(p, REG_NVB097_SET_COLOR_TARGET_LAYER(0), NVB097_SET_COLOR_TARGET_LAYER(.offset = 0));
	/* one target, target 0 (Mesa's RT_CONTROL) */
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_CT_SELECT);
	NV_VAL(p, NVB097, SET_CT_SELECT, .target_count = 1, .target0 = 0);
}

void nv_3d_zeta_target(struct nv_push *p, const struct nv_surface *zt)
{
	uint64_t va = nv_push_addr(p, zt->bo, 0, NV_ACCESS_WRITE);

	igt_assert_f(!zt->pitch, "zeta targets are block-linear\n");
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_ZT_A);
	NV_VAL(p, NVB097, SET_ZT_A, .offset_upper = va >> 32);
	NV_VAL(p, NVB097, SET_ZT_B, .offset_lower = (uint32_t)va);
	NV_VAL(p, NVB097, SET_ZT_FORMAT, .v = zt->format);
	NV_VAL(p, NVB097, SET_ZT_BLOCK_SIZE, .height = zt->log2_bh);
	NV_VAL(p, NVB097, SET_ZT_ARRAY_PITCH, .v = 0);
	nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_ZT_SELECT, NVB097_SET_ZT_SELECT(.target_count = 1));
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_ZT_SIZE_A);
	NV_VAL(p, NVB097, SET_ZT_SIZE_A, .width = zt->width);
	NV_VAL(p, NVB097, SET_ZT_SIZE_B, .height = zt->height);
	NV_VAL(p, NVB097, SET_ZT_SIZE_C, .third_dimension = 1,
	       .control = NVB097_SET_ZT_SIZE_C_CONTROL_ARRAY_SIZE_IS_ONE);
	nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_ZT_LAYER, NVB097_SET_ZT_LAYER(.offset = 0));
}

/* the clip, with clears ignoring scissors and stencil masks */
static void clear_clip(struct nv_push *p, uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
	nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_CLEAR_SURFACE_CONTROL,
		NVB097_SET_CLEAR_SURFACE_CONTROL(.respect_stencil_mask = 0));
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_SURFACE_CLIP_HORIZONTAL);
	NV_VAL(p, NVB097, SET_SURFACE_CLIP_HORIZONTAL, .x = x, .width = w);
	NV_VAL(p, NVB097, SET_SURFACE_CLIP_VERTICAL, .y = y, .height = h);
}

void nv_3d_clear_color(struct nv_push *p, const float rgba[4], uint32_t channels, uint32_t x,
		       uint32_t y, uint32_t w, uint32_t h)
{
	clear_clip(p, x, y, w, h);
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_COLOR_CLEAR_VALUE(0));
	for (uint32_t c = 0; c < 4; c++)
		nv_val(p, REG_NVB097_SET_COLOR_CLEAR_VALUE(c),
		       NVB097_SET_COLOR_CLEAR_VALUE(.v = float_bits(rgba[c])));
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_CLEAR_SURFACE);
	NV_VAL(p, NVB097, CLEAR_SURFACE, .r_enable = channels & 1, .g_enable = channels >> 1 & 1,
	       .b_enable = channels >> 2 & 1, .a_enable = channels >> 3 & 1, .mrt_select = 0);
}

void nv_3d_clear_zs(struct nv_push *p, const float *z, const uint32_t *stencil,
		    uint32_t stencil_mask, uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
	clear_clip(p, x, y, w, h);
	if (stencil_mask != 0xff) {
		/* RESPECT_STENCIL_MASK with SET_STENCIL_MASK, the front write mask */
		nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_CLEAR_SURFACE_CONTROL,
			NVB097_SET_CLEAR_SURFACE_CONTROL(.respect_stencil_mask = 1));
		nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_STENCIL_MASK,
			NVB097_SET_STENCIL_MASK(.v = stencil_mask));
	}
	if (z) {
		nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_Z_CLEAR_VALUE);
		NV_VAL(p, NVB097, SET_Z_CLEAR_VALUE, .v = float_bits(*z));
	}
	if (stencil)
		nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_STENCIL_CLEAR_VALUE,
			NVB097_SET_STENCIL_CLEAR_VALUE(.v = *stencil));
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_CLEAR_SURFACE);
	NV_VAL(p, NVB097, CLEAR_SURFACE, .z_enable = z != NULL, .stencil_enable = stencil != NULL);
}

void nv_3d_cb_load(struct nv_push *p, struct nv_bo *bo, uint64_t offset, uint32_t size,
		   uint32_t at, const uint32_t *values, uint32_t n)
{
	uint64_t va = nv_push_addr(p, bo, offset, NV_ACCESS_WRITE);

	igt_assert_f(size && offset + size <= bo->size && !(size & 0xff) && !(va & 0xff),
		     "constant buffer of %u bytes at %#llx: not 256-byte aligned or past the BO\n",
		     size, (unsigned long long)offset);
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_CONSTANT_BUFFER_SELECTOR_A);
	NV_VAL(p, NVB097, SET_CONSTANT_BUFFER_SELECTOR_A, .size = size);
	NV_VAL(p, NVB097, SET_CONSTANT_BUFFER_SELECTOR_B, .address_upper = va >> 32);
	NV_VAL(p, NVB097, SET_CONSTANT_BUFFER_SELECTOR_C, .address_lower = (uint32_t)va);
	nv_mthd_1i(p, NV_SUBC_3D, REG_NVB097_LOAD_CONSTANT_BUFFER_OFFSET);
	NV_VAL(p, NVB097, LOAD_CONSTANT_BUFFER_OFFSET, .v = at);
	for (uint32_t i = 0; i < n; i++)
		nv_val(p, REG_NVB097_LOAD_CONSTANT_BUFFER(0), NVB097_LOAD_CONSTANT_BUFFER(.v = values[i]));
}

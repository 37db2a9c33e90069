// SPDX-License-Identifier: MIT
/*
 * The stencil test as Mesa's r300_state.c r300_create_dsa_state programs
 * it for the front face (ZB_CNTL, ZB_ZSTENCILCNTL, ZB_STENCILREFMASK),
 * on the depth buffer r300_emit_zbuffer binds (stencil in bits 7:0 of a
 * 24-bit depth pixel).
 */
#include "core/test.h"
#include "radeon/r300_3d.h"

void r300_emit_stencil(struct r300_cs *cs, const struct r300_stencil *st, int z_func,
		       bool z_write)
{
	bool z = z_func >= 0;

	igt_assert(st->ref <= 0xff && st->mask <= 0xff && st->writemask <= 0xff);
	r300_cs_reg(cs, REG_R300_ZB_CNTL,
		    R300_ZB_CNTL(.stencil_enable = 1, .z_enable = z, .zwriteenable = z && z_write));
	r300_cs_reg(cs, REG_R300_ZB_ZSTENCILCNTL,
		    R300_ZB_ZSTENCILCNTL(.zfunc = z ? (uint32_t)z_func : 0,
					 .stencilfunc = st->func, .stencilfail = st->fail,
					 .stencilzpass = st->zpass, .stencilzfail = st->zfail));
	r300_cs_reg(cs, REG_R300_ZB_STENCILREFMASK,
		    r300_stencilrefmask(.stencilref = st->ref, .stencilmask = st->mask,
					.stencilwritemask = st->writemask));
}

/* SPDX-License-Identifier: MIT */
/*
 * Experiments for verifying R300 register claims (tests/radeon_probe.c):
 * each draws with one register value or vertex-program word taken from a
 * claim, everything else from the verified database, and returns what the
 * GPU wrote to a small ARGB8888 colour buffer. A CS the kernel rejects is
 * returned as its -errno (the checker decides which registers userspace
 * may write), so the caller can tell "no effect" from "not allowed".
 */
#ifndef DRMSUB_RADEON_R300_PROBE_H
#define DRMSUB_RADEON_R300_PROBE_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/r300.h"
#include "radeon/r300_3d.h"

#define R300_PROBE_SIZE 24	/* the colour buffer is 24 x 24 */
#define R300_PROBE_FILL 0x11223344u

struct r300_probe {
	struct r300_device *dev;
	struct r300_cs *cs;
	struct r300_bo *fb;
	struct r300_bo *zb, *tex;	/* depth buffer and texture, R300_PROBE_SIZE^2 dwords */
};

/* Skips (igt_require) unless @dev's acceleration works and it has vertex-shader hardware. */
struct r300_probe *r300_probe_new(struct r300_device *dev);
void r300_probe_free(struct r300_probe *p);

/*
 * Alpha test: @reg = @value, then three full-height stripes (left to right)
 * with fragment alpha 0x40, 0x80 and 0xc0. *@drawn gets bit 0 for the
 * left stripe (written), bit 1 for the middle, bit 2 for the right.
 */
int r300_probe_alpha(struct r300_probe *p, uint32_t reg, uint32_t value, unsigned int *drawn);

/*
 * Blending: the colour buffer holds @dst_argb, RB3D_CONSTANT_COLOR is
 * @const_argb; @regs[i] = @values[i] (i < @n, e.g. RB3D_BLENDCNTL and
 * RB3D_ABLENDCNTL), then a quad of colour @src. *@argb is the result.
 */
int r300_probe_blend(struct r300_probe *p, const uint32_t *regs, const uint32_t *values,
		     unsigned int n, uint32_t dst_argb, uint32_t const_argb, const float src[4],
		     uint32_t *argb);

/* Colour mask: @reg = @value, then a white quad over R300_PROBE_FILL. */
int r300_probe_mask(struct r300_probe *p, uint32_t reg, uint32_t value, uint32_t *argb);

/*
 * Vertex program: out 0 = in 0, then @prog (which writes out 1, the
 * colour), constants @consts[0..@nr_consts), a quad of vertex colour
 * @colour. *@argb is the rendered colour.
 */
int r300_probe_vs(struct r300_probe *p, const struct r300_pvs_inst *prog, unsigned int n,
		  const float (*consts)[4], unsigned int nr_consts, const float colour[4],
		  uint32_t *argb);

/* The experiments' steps: a new stream over a filled buffer with r300_emit_3d_setup; flush,
 * submit and wait (0 or the -errno); pixel (x, y). */
void r300_probe_begin(struct r300_probe *p, uint32_t fill);
int r300_probe_finish(struct r300_probe *p);
uint32_t r300_probe_pixel(const struct r300_probe *p, uint32_t x, uint32_t y);

/* ---- pipeline experiments (radeon/r300_probe_pipe.c) ------------------------------ */

#define R300_PROBE_STRIPES 3

/*
 * Stencil: the depth buffer's stencil bytes hold @stencil[i] in column
 * stripe i; ZB_CNTL = @zb_cntl, ZB_ZSTENCILCNTL = @zs, ZB_STENCILREFMASK
 * @refmask, a full quad. *@drawn bit i: stripe i was written; @after: the
 * stripes' stencil bytes afterwards.
 */
int r300_probe_stencil(struct r300_probe *p, uint32_t zb_cntl, uint32_t zs, uint32_t refmask,
		       const uint32_t stencil[R300_PROBE_STRIPES], unsigned int *drawn,
		       uint32_t after[R300_PROBE_STRIPES]);
/*
 * Culling: SU_CULL_MODE = @cull, then the left half as a quad wound
 * counter-clockwise as displayed, the right half clockwise. *@drawn bit 0:
 * the left one was drawn, bit 1: the right one.
 */
int r300_probe_cull(struct r300_probe *p, uint32_t cull, unsigned int *drawn);
/*
 * Texture: a 2x2 ARGB8888 texture, red 0 in the left and 0xff in the right
 * column, TX_FILTER0 = @filter0, magnified over the window; @row gets the
 * red byte of every pixel of the middle row.
 */
int r300_probe_tex(struct r300_probe *p, uint32_t filter0, uint8_t row[R300_PROBE_SIZE]);
/* Colour format: RB3D_COLORPITCH0 = @colorpitch (+ reloc), a quad of @rgba; *@dword: the first dword. */
int r300_probe_colorformat(struct r300_probe *p, uint32_t colorpitch, const float rgba[4],
			   uint32_t *dword);
/*
 * Polygon offset: a quad drawn into the depth buffer, then again in white
 * with ZFUNC LESS, units -4 as Mesa programs them and SU_POLY_OFFSET_ENABLE
 * = @enable; *@drawn: the second quad passed.
 */
int r300_probe_poly_offset(struct r300_probe *p, uint32_t enable, bool *drawn);

/* A CS that writes @value to @reg and nothing else: 0 or the kernel's -errno. */
int r300_probe_write(struct r300_probe *p, uint32_t reg, uint32_t value);

#endif

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

#include <stdint.h>

#include "radeon/r300.h"
#include "radeon/r300_3d.h"

#define R300_PROBE_SIZE 24	/* the colour buffer is 24 x 24 */
#define R300_PROBE_FILL 0x11223344u

struct r300_probe {
	struct r300_device *dev;
	struct r300_cs *cs;
	struct r300_bo *fb;
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

/* A CS that writes @value to @reg and nothing else: 0 or the kernel's -errno. */
int r300_probe_write(struct r300_probe *p, uint32_t reg, uint32_t value);

#endif

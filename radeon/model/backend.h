/* SPDX-License-Identifier: MIT */
/*
 * The per-pixel back end of the model's R3xx-R5xx 3D pipeline, between
 * the fragment shader and memory:
 *
 *   SC    the scissor and the cliprects (SC_SCISSOR0/1, SC_CLIP_n,
 *         SC_CLIP_RULE)                                          backend.c
 *   FG    the alpha test (FG_ALPHA_FUNC), the shader's depth      backend.c
 *   ZB    the depth and stencil tests and writes (ZB_CNTL,
 *         ZB_ZSTENCILCNTL, ZB_STENCILREFMASK(_BF), ZB_FORMAT), the
 *         colour-buffer clear through the Z unit (ZB_BW_CNTL.ZB_CB_CLEAR),
 *         the Z-pass counters and their write-back            zbuf.c
 *   RB3D  blending, logic ops (RB3D_ROPCNTL), the colour channel
 *         mask and the writes of up to four colour buffers in their
 *         formats and tilings                                 blend.c
 *
 * radeon_backend_begin() reads the registers once per draw and says
 * whether the model can run that state; the rasteriser then hands every
 * covered pixel that survived the shader to radeon_backend_fragment().
 */
#ifndef DRMSUB_RADEON_MODEL_BACKEND_H
#define DRMSUB_RADEON_MODEL_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/model/format.h"
#include "radeon/model/radeon_model.h"
#include "radeon/model/surface.h"

struct radeon_stencil {
	uint32_t func, fail, zfail, zpass;	/* r300_zs_func, r300_stencil_op */
	uint32_t ref, mask, writemask;
};

/* The depth buffer and the ZB state of one draw (zbuf.c). */
struct radeon_zbuf {
	struct rp_surface sf;
	bool present;		/* a buffer is read or written */
	uint32_t cpp;		/* 2 or 4 */
	bool z_enable, z_write, stencil;
	uint32_t func;		/* r300_zs_func */
	struct radeon_stencil front, back;
	bool top;		/* ZB_ZTOP: Z before the alpha test */
	bool cb_clear;		/* ZB_BW_CNTL.ZB_CB_CLEAR: write ZB_DEPTHCLEARVALUE */
	uint32_t clear_value;
};

struct radeon_target {
	struct rp_surface sf;
	struct rp_cb_format fmt;
	uint32_t mask;		/* RB3D_COLOR_CHANNEL_MASK bits for C0..C3 */
	unsigned int output;	/* which shader colour output it takes */
};

struct radeon_backend {
	struct radeon_gpu_state *s;
	bool r500;
	struct radeon_target cb[4];
	unsigned int nr_cb;
	uint32_t x0, y0, x1, y1;	/* the scissor, inclusive, within every buffer */
	uint32_t clip_rule;		/* SC_CLIP_RULE */
	int32_t clip[4][4];		/* cliprects x0, y0, x1, y1 inclusive */
	struct radeon_zbuf zb;
	uint32_t blend, ablend, rop;
	float constant[4];		/* the blend constant colour, RGBA */
};

/* The CPU address of @need bytes at GPU address @gpu_addr in one of the CS's BOs, or NULL. */
void *radeon_exec_bo_at(const struct radeon_exec *x, uint32_t gpu_addr, uint64_t need);

/* Prepare a draw; false (with a fault) when its state is not modelled. */
bool radeon_backend_begin(struct radeon_backend *b, struct radeon_exec *x);
/* Whether pixel (@px, @py) passes the scissor and the cliprects. */
bool radeon_backend_visible(const struct radeon_backend *b, int32_t px, int32_t py);
/*
 * One covered pixel: window depth @z in [0, 1], whether it is on a back
 * face, and the shader's colour outputs @colour[target] (RGBA).
 */
void radeon_backend_fragment(struct radeon_backend *b, uint32_t px, uint32_t py, float z,
			     bool back, const float (*colour)[4]);

/* blend.c: the RB3D part, for one target. */
bool radeon_blend_begin(struct radeon_backend *b, struct radeon_exec *x);
void radeon_blend_write(struct radeon_backend *b, const struct radeon_target *t, uint32_t px,
			uint32_t py, const float rgba[4]);

/* zbuf.c */
bool radeon_zbuf_begin(struct radeon_zbuf *zb, struct radeon_exec *x, uint32_t rows);
/* The stencil and depth tests of one pixel with their writes; false when it is discarded. */
bool radeon_zbuf_test(struct radeon_zbuf *zb, const struct radeon_gpu_state *s, uint32_t px,
		      uint32_t py, float z, bool back);
/* ZB_CB_CLEAR: the pixel of the Z buffer takes the clear value. */
void radeon_zbuf_cb_clear(struct radeon_zbuf *zb, uint32_t px, uint32_t py);
/* 3D_CLEAR_ZMASK with its @dwords of payload @d; 3D_CLEAR_HIZ (zbuf.c says why it does nothing). */
bool radeon_zmask_clear(struct radeon_exec *x, const uint32_t *d, uint32_t dwords);
bool radeon_hiz_clear(struct radeon_exec *x, const uint32_t *d, uint32_t dwords);
/* A sample passed every test: count it. */
void radeon_zpass_count(struct radeon_gpu_state *s);
/* The register writes that act at once: ZB_ZPASS_DATA and ZB_ZPASS_ADDR. */
bool radeon_zpass_reg(struct radeon_exec *x, uint32_t reg, uint32_t v);

#endif

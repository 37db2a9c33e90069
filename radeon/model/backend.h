/* SPDX-License-Identifier: MIT */
/*
 * The per-pixel back end of the model's R3xx 3D pipeline, between the
 * fragment shader (exec.c) and memory:
 *
 *   FG    the alpha test (FG_ALPHA_FUNC)                      backend.c
 *   ZB    the depth test and write (ZB_CNTL, ZB_ZSTENCILCNTL,
 *         ZB_FORMAT 16/24-bit), the Z-pass counters and their
 *         write-back (ZB_ZPASS_DATA/ADDR, SU_REG_DEST)         zbuf.c
 *   RB3D  blending (RB3D_BLENDCNTL/ABLENDCNTL, RB3D_CONSTANT_COLOR),
 *         RB3D_COLOR_CHANNEL_MASK and the ARGB8888 write      backend.c
 *
 * radeon_backend_begin() reads the registers once per draw and says
 * whether the model can run that state; the rasteriser then hands every
 * covered pixel to radeon_backend_fragment().
 */
#ifndef DRMSUB_RADEON_MODEL_BACKEND_H
#define DRMSUB_RADEON_MODEL_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/model/radeon_model.h"

/* The depth buffer and the ZB state of one draw (zbuf.c). */
struct radeon_zbuf {
	uint8_t *base;		/* NULL when Z is off */
	uint32_t pitch, cpp;	/* pixels, bytes per pixel (2 or 4) */
	uint32_t func;		/* r300_zs_func */
	bool write;
	bool top;		/* ZB_ZTOP: Z before the alpha test */
};

struct radeon_backend {
	struct radeon_gpu_state *s;
	bool r500;		/* RV515+: R5xx fragment shader, constant colour and scissor */
	uint8_t *cb;		/* colour buffer 0 */
	uint32_t cb_pitch;	/* pixels */
	uint32_t x0, y0, x1, y1;	/* the scissor, inclusive, in pixels */
	struct radeon_zbuf zb;
};

/* The CPU address of @need bytes at GPU address @gpu_addr in one of the CS's BOs, or NULL. */
void *radeon_exec_bo_at(const struct radeon_exec *x, uint32_t gpu_addr, uint64_t need);

/* Prepare a draw; false (with a DRMSUB_MODEL_DEBUG line) when its state is not modelled. */
bool radeon_backend_begin(struct radeon_backend *b, const struct radeon_exec *x);
/* One covered pixel: window depth @z in [0, 1] and the shader's colour output. */
void radeon_backend_fragment(struct radeon_backend *b, uint32_t px, uint32_t py, float z,
			     const float rgba[4]);

/* zbuf.c */
bool radeon_zbuf_begin(struct radeon_zbuf *zb, const struct radeon_exec *x, uint32_t rows);
/* The depth test of one pixel, writing the depth when it passes and writes are on. */
bool radeon_zbuf_test(const struct radeon_zbuf *zb, const struct radeon_gpu_state *s,
		      uint32_t px, uint32_t py, float z);
/* A sample passed every test: count it. */
void radeon_zpass_count(struct radeon_gpu_state *s);
/* The register writes that act at once: ZB_ZPASS_DATA and ZB_ZPASS_ADDR. */
void radeon_zpass_reg(const struct radeon_exec *x, uint32_t reg, uint32_t v);

#endif

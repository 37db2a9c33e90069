/* SPDX-License-Identifier: MIT */
/*
 * Pixel formats of the model (format.c): colour-buffer pixels as the US
 * output stage and RB3D write and read them, and texels as the texture
 * unit decodes them.
 */
#ifndef DRMSUB_RADEON_MODEL_FORMAT_H
#define DRMSUB_RADEON_MODEL_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Colour buffers: the US forms C0..C3 from the shader's RGBA by US_OUT_FMT
 * C0_SEL..C3_SEL and converts them per OUT_FMT; RB3D packs them as
 * RB3D_COLORPITCH's COLORFORMAT. The pair is one rp_cb_format.
 */
struct rp_cb_format {
	uint32_t colorformat, out_fmt;
	uint32_t cpp;
	uint8_t sel[4];			/* shader channel (0 R .. 3 A) of C0..C3 */
	uint8_t bits[4];		/* stored bits of C0..C3; 0 = not stored */
	uint8_t signed_mask;		/* bit n: Cn is signed (US_OUT_FMT.OUT_SIGN) */
	bool is_float;
};

/* Read RB3D_COLORPITCH @pitch and US_OUT_FMT @out_fmt; NULL when fine, else why not. */
const char *rp_cb_format_read(struct rp_cb_format *f, uint32_t pitch, uint32_t out_fmt,
			      bool r500);
/* C0..C3 of a pixel in memory, as floats (unorm channels in [0, 1], snorm in [-1, 1]). */
void rp_cb_unpack(const struct rp_cb_format *f, const uint8_t *px, float c[4]);
/* Store C0..C3; only the channels in @write_mask (bit n = Cn) change. */
void rp_cb_pack(const struct rp_cb_format *f, uint8_t *px, const float c[4], uint32_t write_mask);

/*
 * Texels: TX_FORMAT1's TXFORMAT (TX_FORMAT2.TXFORMAT_MSB on R5xx) gives
 * the components X, Y, Z, W in memory order; SIGNED_* make them signed.
 */
struct rp_tx_format {
	uint32_t format;		/* r300_tx_format, | 0x20 for the R5xx MSB formats */
	uint32_t cpp;			/* bytes per texel (blocks: bytes per 4x4 block) */
	bool block;			/* DXT: 4x4 blocks */
	uint32_t signed_mask;		/* bit 0 X .. bit 3 W */
	uint8_t gamma_mask;		/* sRGB-encoded components (TX_FORMAT1.GAMMA) */
	bool dxtc_swizzle;		/* DXT colours as X = blue, Z = red (TX_FILTER1.DXTC_SWIZZLE_ENABLE) */
};

/* Read TX_FORMAT1/2; NULL when the format is modelled, else why not. */
const char *rp_tx_format_read(struct rp_tx_format *f, uint32_t format1, uint32_t format2,
			      bool r500);
/* What TX_FILTER1 changes in the texels: DXTC_SWIZZLE_ENABLE. */
void rp_tx_format_filter1(struct rp_tx_format *f, uint32_t filter1);
/*
 * The texel's X, Y, Z, W (absent components 0, W 1), sRGB ones linear. For
 * blocks @px is the block, (@bx, @by) the texel in it.
 */
void rp_tx_decode(const struct rp_tx_format *f, const uint8_t *px, uint32_t bx, uint32_t by,
		  float c[4]);

/* The sRGB components of @c made linear (rp_tx_decode does it for texels). */
void rp_tx_degamma(const struct rp_tx_format *f, float c[4]);

#endif

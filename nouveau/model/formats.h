/* SPDX-License-Identifier: MIT */
/*
 * The colour formats the model's render targets and 2D engine write: the
 * SET_COLOR_TARGET_FORMAT values of the 3D classes, which the 2D class's
 * SET_DST_FORMAT/SET_SRC_FORMAT share (cl902d.h and clb197.h list the same
 * codes). Each is described by its bytes per pixel and where each channel
 * lives, read off NVIDIA's names (A8B8G8R8: A in the top byte of a
 * little-endian word, R in the lowest; RF32_GF32_BF32_AF32: R first), and
 * kept as channel values in [0, 1] (UNORM) or floats.
 */
#ifndef DRMSUB_NOUVEAU_MODEL_FORMATS_H
#define DRMSUB_NOUVEAU_MODEL_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

#define NVM_PIXEL_MAX 16	/* bytes per pixel, RF32_GF32_BF32_AF32 */

enum nvm_channel_type { NVM_UNORM, NVM_FLOAT };

struct nvm_format {
	uint32_t code;
	uint8_t bytes;
	enum nvm_channel_type type;
	/* per channel R, G, B, A: first bit and width; width 0: absent (reads 0, A reads 1) */
	uint8_t shift[4], bits[4];
};

/* The format @code, or NULL for one the model does not write. */
const struct nvm_format *nvm_format(uint32_t code);

/* @rgba (channel values) in @f's bytes; @mask gets the bits of the channels in @write. */
void nvm_format_pack(const struct nvm_format *f, const float rgba[4], unsigned int write,
		     uint8_t px[NVM_PIXEL_MAX], uint8_t mask[NVM_PIXEL_MAX]);
/* @px's channel values. */
void nvm_format_unpack(const struct nvm_format *f, const uint8_t *px, float rgba[4]);

/* One pixel: the bytes under @mask replaced by @px's. */
void nvm_pixel_write(uint8_t *dst, const uint8_t *px, const uint8_t *mask, uint32_t bytes);

#endif

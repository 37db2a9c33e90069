// SPDX-License-Identifier: MIT
/*
 * Colour formats (formats.h). Codes are NVB197_SET_COLOR_TARGET_FORMAT_V_*
 * (clb197.h); which Mesa pipe format each stands for is Mesa's
 * nv50_formats.c table (e.g. PIPE_FORMAT_R8G8B8A8_UNORM is A8B8G8R8,
 * B5G6R5_UNORM is R5G6B5). Float to UNORM rounds to nearest after clamping
 * to [0, 1], UNORM to float divides by 2^bits - 1 (the conversions GL and
 * Mesa's util_format define for UNORM).
 *
 * HARDWARE CLAIM: the GPU rounds a clear value to UNORM the same way (to
 * nearest); every value Mesa's and drmsub's tests clear with is exact in
 * the target format, so no referee tells a different rounding apart.
 */
#include <string.h>

#include "nouveau/model/formats.h"
#include "nouveau/nvb197.xml.h"
#include "util/util.h"

#define F(name) NVB197_SET_COLOR_TARGET_FORMAT_V_##name
/* UNORM channels: shift and bits of R, G, B, A */
#define U(name, bytes, rs, rb, gs, gb, bs, bb, as, ab)                          \
	{ F(name), bytes, NVM_UNORM, { rs, gs, bs, as }, { rb, gb, bb, ab } }
/* float channels of @w bits each, R first (@n channels) */
#define FL(name, w, n)                                                          \
	{ F(name), (w) * (n) / 8, NVM_FLOAT, { 0, (w), 2 * (w), 3 * (w) },    \
	  { (w), (n) > 1 ? (w) : 0, (n) > 2 ? (w) : 0, (n) > 3 ? (w) : 0 } }

static const struct nvm_format formats[] = {
	U(A8B8G8R8, 4, 0, 8, 8, 8, 16, 8, 24, 8),
	U(X8B8G8R8, 4, 0, 8, 8, 8, 16, 8, 0, 0),
	U(A8R8G8B8, 4, 16, 8, 8, 8, 0, 8, 24, 8),
	U(X8R8G8B8, 4, 16, 8, 8, 8, 0, 8, 0, 0),
	U(B8G8R8A8, 4, 8, 8, 16, 8, 24, 8, 0, 8),
	U(A2B10G10R10, 4, 0, 10, 10, 10, 20, 10, 30, 2),
	U(R5G6B5, 2, 11, 5, 5, 6, 0, 5, 0, 0),
	U(A1R5G5B5, 2, 10, 5, 5, 5, 0, 5, 15, 1),
	U(X1R5G5B5, 2, 10, 5, 5, 5, 0, 5, 0, 0),
	U(G8R8, 2, 0, 8, 8, 8, 0, 0, 0, 0),
	U(R8, 1, 0, 8, 0, 0, 0, 0, 0, 0),
	U(A8, 1, 0, 0, 0, 0, 0, 0, 0, 8),
	U(R16_G16_B16_A16, 8, 0, 16, 16, 16, 32, 16, 48, 16),
	U(R16_G16, 4, 0, 16, 16, 16, 0, 0, 0, 0),
	U(R16, 2, 0, 16, 0, 0, 0, 0, 0, 0),
	FL(RF32_GF32_BF32_AF32, 32, 4),
	FL(RF32_GF32, 32, 2),
	FL(RF32, 32, 1),
	FL(RF16_GF16_BF16_AF16, 16, 4),
	FL(RF16_GF16, 16, 2),
	FL(RF16, 16, 1),
};

const struct nvm_format *nvm_format(uint32_t code)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i].code == code)
			return &formats[i];
	return NULL;
}

/* IEEE half from float (round to nearest even; no denormal outputs below 2^-14: flushed) */
static uint16_t half_of(float f)
{
	uint32_t b = float_bits(f), sign = b >> 16 & 0x8000, mant;
	int exp = (int)(b >> 23 & 0xff) - 127 + 15;

	if ((b & 0x7fffffff) > 0x7f800000)
		return 0x7e00;				/* NaN */
	if (exp >= 31)
		return (uint16_t)(sign | 0x7c00);	/* overflow: infinity */
	if (exp <= 0)
		return (uint16_t)sign;
	mant = b & 0x7fffff;
	/* round the 13 dropped bits to nearest, ties to even */
	mant += 0xfff + (mant >> 13 & 1);
	return (uint16_t)(sign + ((uint32_t)exp << 10) + (mant >> 13));
}

static float float_of_half(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = h >> 10 & 0x1f, mant = h & 0x3ff;

	if (exp == 0)
		return (sign ? -1.0f : 1.0f) * (float)mant / 16777216.0f;	/* mant * 2^-24 */
	if (exp == 31)
		return bits_float(sign | 0x7f800000 | mant << 13);
	return bits_float(sign | (exp + 127 - 15) << 23 | mant << 13);
}

static uint64_t unorm_of(float f, unsigned int bits)
{
	uint64_t max = (1ull << bits) - 1;

	if (!(f > 0.0f))	/* NaN too */
		return 0;
	if (f >= 1.0f)
		return max;
	return (uint64_t)(f * (float)max + 0.5f);
}

static uint64_t channel_bits(const struct nvm_format *f, float v, unsigned int bits)
{
	if (f->type == NVM_UNORM)
		return unorm_of(v, bits);
	return bits == 16 ? half_of(v) : float_bits(v);
}

static void put_bits(uint8_t *px, unsigned int shift, unsigned int bits, uint64_t v)
{
	for (unsigned int i = 0; i < bits; i++)
		if (v >> i & 1)
			px[(shift + i) / 8] |= (uint8_t)(1u << ((shift + i) % 8));
}

void nvm_format_pack(const struct nvm_format *f, const float rgba[4], unsigned int write,
		     uint8_t px[NVM_PIXEL_MAX], uint8_t mask[NVM_PIXEL_MAX])
{
	memset(px, 0, NVM_PIXEL_MAX);
	memset(mask, 0, NVM_PIXEL_MAX);
	for (int c = 0; c < 4; c++) {
		if (!f->bits[c] || !(write & (1u << c)))
			continue;
		put_bits(px, f->shift[c], f->bits[c], channel_bits(f, rgba[c], f->bits[c]));
		put_bits(mask, f->shift[c], f->bits[c], ~0ull);
	}
}

static uint64_t get_bits(const uint8_t *px, unsigned int shift, unsigned int bits)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < bits; i++)
		v |= (uint64_t)(px[(shift + i) / 8] >> ((shift + i) % 8) & 1) << i;
	return v;
}

void nvm_format_unpack(const struct nvm_format *f, const uint8_t *px, float rgba[4])
{
	for (int c = 0; c < 4; c++) {
		uint64_t v = get_bits(px, f->shift[c], f->bits[c]);

		if (!f->bits[c])
			rgba[c] = c == 3 ? 1.0f : 0.0f;
		else if (f->type == NVM_UNORM)
			rgba[c] = (float)v / (float)((1ull << f->bits[c]) - 1);
		else
			rgba[c] = f->bits[c] == 16 ? float_of_half((uint16_t)v) : bits_float((uint32_t)v);
	}
}

void nvm_pixel_write(uint8_t *dst, const uint8_t *px, const uint8_t *mask, uint32_t bytes)
{
	for (uint32_t i = 0; i < bytes; i++)
		dst[i] = (uint8_t)((dst[i] & ~mask[i]) | (px[i] & mask[i]));
}

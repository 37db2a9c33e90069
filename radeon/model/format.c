// SPDX-License-Identifier: MIT
/*
 * Colour-buffer and texel formats of the model.
 *
 * Colour buffers: where COLORFORMAT stores C0..C3, from Mesa's
 * r300_texture.c r300_translate_colorformat and r300_translate_out_fmt
 * (which name the byte each channel lands in: "COLORFORMAT_I8 stores the
 * Z component (C2)", "UV88 stores ZX (C2 and C0)", C0 the lowest bits of
 * the 16- and 32-bit formats, B5G6R5 written as C0 = B). The US converts a
 * channel to the stored width by rounding to nearest after clamping to
 * [0, 1] (GL's rule for fixed-point buffers; how the hardware rounds is
 * not documented, dithering is off: Mesa never sets RB3D_DITHER_CTL).
 *
 * Texels: components X, Y, Z, W from the lowest bits up, as Mesa's
 * R300_EASY_TX_FORMAT swizzles use them (R8G8B8A8 is W8Z8Y8X8 with
 * SEL_RED = X). SIGNED_* components are two's complement, normalised by
 * 2^(n-1) - 1 and clamped to -1 (D3D's SNORM; not verified on silicon).
 * R5xx's Y8X24 (TX_FORMAT2.TXFORMAT_MSB) holds X in bits 31:8 and Y in
 * 7:0: Mesa samples the S8_UINT_Z24_UNORM depth buffer (Z in 31:8) with
 * it and reads the depth from X.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/format.h"
#include "radeon/model/radeon_model.h"

static uint16_t to_half(float f)
{
	uint32_t u = float_bits(f), s = (u >> 16) & 0x8000;
	int32_t e = (int32_t)((u >> 23) & 0xff) - 127 + 15;
	uint32_t m = u & 0x7fffff;

	if (((u >> 23) & 0xff) == 0xff)
		return (uint16_t)(s | 0x7c00 | (m ? 0x200 : 0));
	if (e >= 31)
		return (uint16_t)(s | 0x7c00);
	if (e <= 0)
		return (uint16_t)s;	/* flushed to zero */
	m += 0x1000;	/* round to nearest */
	if (m & 0x800000) {
		m = 0;
		e++;
		if (e >= 31)
			return (uint16_t)(s | 0x7c00);
	}
	return (uint16_t)(s | (uint32_t)e << 10 | m >> 13);
}

/* ---- colour buffers --------------------------------------------------------- */

/*
 * Where C0..C3 sit in the stored pixel. OUT_FMT converts the US outputs
 * (C4_8 four 8-bit, C_16/C2_16/C4_16 one/two/four 16-bit, _FP half or
 * single floats, C4_10 10-bit), COLORFORMAT lays the result out in 1-16
 * bytes. The 16- and 32-bit-channel pairs are Mesa's (r300_texture.c
 * r300_translate_colorformat/_out_fmt): C_16 in UV88 (R16, L16, A16),
 * C2_16 in ARGB8888 holding C0 in the low and C1 in the high half
 * (R16G16, L16A16), C_32_FP in ARGB8888, and C2_32_FP in ARGB16161616,
 * which "stores XZ": C0 in the low and C2 in the high dword (R32G32 sets
 * C2_SEL to G; L32A32 gets A there from C2_SEL's default 0).
 */
struct cb_layout {
	uint32_t colorformat, out_fmt, cpp;
	uint8_t bits[4], shift[4];
	bool is_float;
};

static const struct cb_layout cb_layouts[] = {
	{ COLOR_FORMAT_ARGB8888, US_OUT_FMT_C4_8, 4, { 8, 8, 8, 8 }, { 0, 8, 16, 24 }, false },
	{ COLOR_FORMAT_RGB565, US_OUT_FMT_C4_8, 2, { 5, 6, 5, 0 }, { 0, 5, 11, 0 }, false },
	{ COLOR_FORMAT_ARGB1555, US_OUT_FMT_C4_8, 2, { 5, 5, 5, 1 }, { 0, 5, 10, 15 }, false },
	{ COLOR_FORMAT_ARGB4444, US_OUT_FMT_C4_8, 2, { 4, 4, 4, 4 }, { 0, 4, 8, 12 }, false },
	{ COLOR_FORMAT_I8, US_OUT_FMT_C4_8, 1, { 0, 0, 8, 0 }, { 0, 0, 0, 0 }, false },
	{ COLOR_FORMAT_UV88, US_OUT_FMT_C4_8, 2, { 8, 0, 8, 0 }, { 8, 0, 0, 0 }, false },
	{ COLOR_FORMAT_UV88, US_OUT_FMT_C_16, 2, { 16, 0, 0, 0 }, { 0, 0, 0, 0 }, false },
	{ COLOR_FORMAT_UV88, US_OUT_FMT_C_16_FP, 2, { 16, 0, 0, 0 }, { 0, 0, 0, 0 }, true },
	{ COLOR_FORMAT_ARGB8888, US_OUT_FMT_C2_16, 4, { 16, 16, 0, 0 }, { 0, 16, 0, 0 }, false },
	{ COLOR_FORMAT_ARGB8888, US_OUT_FMT_C2_16_FP, 4, { 16, 16, 0, 0 }, { 0, 16, 0, 0 }, true },
	{ COLOR_FORMAT_ARGB8888, US_OUT_FMT_C_32_FP, 4, { 32, 0, 0, 0 }, { 0, 0, 0, 0 }, true },
	{ COLOR_FORMAT_ARGB2101010, US_OUT_FMT_C4_10, 4, { 10, 10, 10, 2 }, { 0, 10, 20, 30 }, false },
	{ COLOR_FORMAT_ARGB16161616, US_OUT_FMT_C4_16, 8, { 16, 16, 16, 16 }, { 0, 16, 32, 48 },
	  false },
	{ COLOR_FORMAT_ARGB16161616, US_OUT_FMT_C4_16_FP, 8, { 16, 16, 16, 16 }, { 0, 16, 32, 48 },
	  true },
	{ COLOR_FORMAT_ARGB16161616, US_OUT_FMT_C2_32_FP, 8, { 32, 0, 32, 0 }, { 0, 0, 32, 0 },
	  true },
	{ COLOR_FORMAT_ARGB32323232, US_OUT_FMT_C4_32_FP, 16, { 32, 32, 32, 32 }, { 0, 32, 64, 96 },
	  true },
};

static const struct cb_layout *find_layout(uint32_t colorformat, uint32_t out_fmt)
{
	for (size_t i = 0; i < sizeof(cb_layouts) / sizeof(cb_layouts[0]); i++)
		if (cb_layouts[i].colorformat == colorformat && cb_layouts[i].out_fmt == out_fmt)
			return &cb_layouts[i];
	return NULL;
}

/*
 * OUT_SIGN: Mesa sets all four bits for formats whose channels are all
 * SNORM (r300_translate_out_fmt). The model takes bit n as "Cn is signed"
 * and converts as GL does for SNORM buffers (clamp to [-1, 1], scale by
 * 2^(n-1) - 1, round): a hardware claim still to be verified on silicon.
 */
const char *rp_cb_format_read(struct rp_cb_format *f, uint32_t pitch, uint32_t out_fmt,
			      bool r500)
{
	uint32_t cf = r300_colorpitch_COLORFORMAT__get(pitch), of = r300_us_out_fmt_OUT_FMT__get(out_fmt);
	uint32_t sign = r300_us_out_fmt_OUT_SIGN__get(out_fmt);
	static uint32_t (*const sel[4])(uint32_t) = {
		r300_us_out_fmt_C0_SEL__get, r300_us_out_fmt_C1_SEL__get,
		r300_us_out_fmt_C2_SEL__get, r300_us_out_fmt_C3_SEL__get,
	};
	/* OUT_SEL is A, R, G, B: the shader channel in RGBA order */
	static const uint8_t channel[4] = { 3, 0, 1, 2 };
	const struct cb_layout *l = find_layout(cf, of);

	if (r300_colorpitch_COLORENDIAN__get(pitch) != SURF_NO_SWAP)
		return "colour buffer endian swaps are not modelled";
	if (cf == COLOR_FORMAT_ARGB2101010 && !r500)
		return "ARGB2101010 colour buffers are R5xx-only";
	if (!l)
		return "this COLORFORMAT / US_OUT_FMT pair is not modelled";
	if (sign && l->is_float)
		return "US_OUT_FMT.OUT_SIGN with a float OUT_FMT is not modelled";
	*f = (struct rp_cb_format){ .colorformat = cf, .out_fmt = of, .cpp = l->cpp,
				    .is_float = l->is_float, .signed_mask = (uint8_t)sign };
	memcpy(f->bits, l->bits, sizeof(f->bits));
	for (int c = 0; c < 4; c++)
		f->sel[c] = channel[sel[c](out_fmt)];
	return NULL;
}

static const struct cb_layout *layout_of(const struct rp_cb_format *f)
{
	const struct cb_layout *l = find_layout(f->colorformat, f->out_fmt);

	return l ? l : &cb_layouts[0];	/* rp_cb_format_read checked it */
}

static uint64_t load(const uint8_t *px, uint32_t cpp)
{
	uint64_t v = 0;

	memcpy(&v, px, cpp > 8 ? 8 : cpp);
	return v;
}

/* A fixed-point channel of @bits: unsigned [0, 1] or two's complement [-1, 1]. */
static float fixed_to_float(uint64_t raw, uint32_t bits, bool is_signed)
{
	uint64_t max = (1ull << bits) - 1;
	float half;

	raw &= max;
	if (!is_signed)
		return (float)raw / (float)max;
	half = (float)(max >> 1);
	if (raw >> (bits - 1))
		return fm_max((float)((int64_t)raw - (int64_t)(max + 1)) / half, -1.0f);
	return (float)raw / half;
}

static uint64_t float_to_fixed(float c, uint32_t bits, bool is_signed)
{
	uint64_t max = (1ull << bits) - 1;
	float half = (float)(max >> 1), v;

	if (!is_signed)
		return (uint64_t)(fm_clamp01(c) * (float)max + 0.5f);
	v = fm_max(fm_min(c, 1.0f), -1.0f) * half;
	return (uint64_t)(int64_t)fm_round(v) & max;
}

void rp_cb_unpack(const struct rp_cb_format *f, const uint8_t *px, float c[4])
{
	const struct cb_layout *l = layout_of(f);
	uint64_t v = load(px, f->cpp);

	for (int i = 0; i < 4; i++) {
		if (!l->bits[i])
			c[i] = i == 3 ? 1.0f : 0.0f;
		else if (l->bits[i] == 32)
			c[i] = bits_float((uint32_t)load(px + l->shift[i] / 8, 4));
		else if (l->is_float)
			c[i] = fm_half((uint16_t)(v >> l->shift[i]));
		else
			c[i] = fixed_to_float(v >> l->shift[i], l->bits[i], f->signed_mask & (1u << i));
	}
}

void rp_cb_pack(const struct rp_cb_format *f, uint8_t *px, const float c[4], uint32_t write_mask)
{
	const struct cb_layout *l = layout_of(f);
	uint64_t v = load(px, f->cpp);

	for (int i = 0; i < 4; i++) {
		uint64_t max = (1ull << l->bits[i]) - 1, q;

		if (!l->bits[i] || !(write_mask & (1u << i)))
			continue;
		if (l->bits[i] == 32) {
			uint32_t u = float_bits(c[i]);

			memcpy(px + l->shift[i] / 8, &u, 4);
			continue;
		}
		q = l->is_float ? to_half(c[i]) :
		    float_to_fixed(c[i], l->bits[i], f->signed_mask & (1u << i));
		v = (v & ~(max << l->shift[i])) | (q & max) << l->shift[i];
	}
	/* a layout with 32-bit channels has only those: v holds nothing to store */
	if (l->bits[0] != 32)
		memcpy(px, &v, f->cpp);
}

/* ---- texels -------------------------------------------------------------------- */

/* Components of the plain formats: bits of X, Y, Z, W; a float flag. */
struct tx_layout {
	uint32_t format, cpp;
	uint8_t bits[4];
	bool is_float;
};

#define MSB(f) (0x20 | (f))

static const struct tx_layout tx_layouts[] = {
	{ TX_FORMAT_X8, 1, { 8 }, false },
	{ TX_FORMAT_X16, 2, { 16 }, false },
	{ TX_FORMAT_Y4X4, 1, { 4, 4 }, false },
	{ TX_FORMAT_Y8X8, 2, { 8, 8 }, false },
	{ TX_FORMAT_Y16X16, 4, { 16, 16 }, false },
	{ TX_FORMAT_Z3Y3X2, 1, { 2, 3, 3 }, false },
	{ TX_FORMAT_Z5Y6X5, 2, { 5, 6, 5 }, false },
	{ TX_FORMAT_Z6Y5X5, 2, { 5, 5, 6 }, false },
	{ TX_FORMAT_W4Z4Y4X4, 2, { 4, 4, 4, 4 }, false },
	{ TX_FORMAT_W1Z5Y5X5, 2, { 5, 5, 5, 1 }, false },
	{ TX_FORMAT_W8Z8Y8X8, 4, { 8, 8, 8, 8 }, false },
	{ TX_FORMAT_W2Z10Y10X10, 4, { 10, 10, 10, 2 }, false },
	{ TX_FORMAT_W16Z16Y16X16, 8, { 16, 16, 16, 16 }, false },
	{ TX_FORMAT_16F, 2, { 16 }, true },
	{ TX_FORMAT_16F_16F, 4, { 16, 16 }, true },
	{ TX_FORMAT_16F_16F_16F_16F, 8, { 16, 16, 16, 16 }, true },
	{ TX_FORMAT_32F, 4, { 32 }, true },
	{ TX_FORMAT_32F_32F, 8, { 32, 32 }, true },
	{ TX_FORMAT_32F_32F_32F_32F, 16, { 32, 32, 32, 32 }, true },
	{ MSB(TX_FORMAT_MSB_Y8X24), 4, { 24, 8 }, false },
};

static const struct tx_layout *tx_layout_of(uint32_t format)
{
	for (size_t i = 0; i < sizeof(tx_layouts) / sizeof(tx_layouts[0]); i++)
		if (tx_layouts[i].format == format)
			return &tx_layouts[i];
	return NULL;
}

/*
 * TX_FORMAT1.GAMMA (Mesa sets it for sRGB formats, r300_translate_texformat):
 * the components the swizzle routes to R, G or B and not to A are sRGB
 * encoded. Decoding each texel before filtering is GL's preferred order; the
 * unit's order is a hardware claim still to be verified.
 */
static uint8_t gamma_components(uint32_t format1)
{
	uint32_t rgb[3] = {
		R300_TX_FORMAT1_SEL_RED__get(format1), R300_TX_FORMAT1_SEL_GREEN__get(format1),
		R300_TX_FORMAT1_SEL_BLUE__get(format1),
	};
	uint32_t alpha = R300_TX_FORMAT1_SEL_ALPHA__get(format1);
	uint8_t mask = 0;

	for (int i = 0; i < 3; i++)
		if (rgb[i] <= TX_SEL_W && rgb[i] != alpha)
			mask |= (uint8_t)(1u << rgb[i]);
	return mask;
}

const char *rp_tx_format_read(struct rp_tx_format *f, uint32_t format1, uint32_t format2,
			      bool r500)
{
	uint32_t fmt = R300_TX_FORMAT1_TXFORMAT__get(format1);
	const struct tx_layout *l;

	if (r500 && R300_TX_FORMAT2_TXFORMAT_MSB__get(format2))
		fmt = MSB(fmt);
	/*
	 * The sign bits 5..8 are components 0..3, the lowest bits first
	 * (AMD's R5xx TX_FORMAT1 SIGNED_COMP0..3; Mesa's r300_translate_texformat
	 * sets sign_bit[i] for channel i, whose table names bit 5 SIGNED_W):
	 * an R8_SNORM texture has only bit 5 set.
	 */
	*f = (struct rp_tx_format){
		.format = fmt,
		.signed_mask = R300_TX_FORMAT1_SIGNED_W__get(format1) |
			       R300_TX_FORMAT1_SIGNED_Z__get(format1) << 1 |
			       R300_TX_FORMAT1_SIGNED_Y__get(format1) << 2 |
			       R300_TX_FORMAT1_SIGNED_X__get(format1) << 3,
	};
	if (R300_TX_FORMAT1_YUV_TO_RGB__get(format1))
		return "YUV texture conversion is not modelled";
	if (R300_TX_FORMAT1_GAMMA__get(format1))
		f->gamma_mask = gamma_components(format1);
	if (fmt == TX_FORMAT_DXT1 || fmt == TX_FORMAT_DXT3 || fmt == TX_FORMAT_DXT5) {
		f->block = true;
		f->cpp = fmt == TX_FORMAT_DXT1 ? 8 : 16;
		return f->signed_mask ? "signed DXT textures are not modelled" : NULL;
	}
	if (fmt == MSB(TX_FORMAT_MSB_ATI1N) || fmt == TX_FORMAT_ATI2N) {
		/* one or two RGTC channel blocks (the kernel takes ATI2N from R420 on) */
		f->block = true;
		f->cpp = fmt == TX_FORMAT_ATI2N ? 16 : 8;
		return NULL;
	}
	l = tx_layout_of(fmt);
	if (!l)
		return "this texture format is not modelled";
	if (l->is_float && f->signed_mask)
		return "SIGNED_* on a float texture format is not modelled";
	f->cpp = l->cpp;
	return NULL;
}

/*
 * R4xx/R5xx: Mesa sets DXTC_SWIZZLE_ENABLE for compressed textures
 * (r300_merge_textures_and_samplers, caps.dxtc_swizzle) and then selects
 * red from Z and blue from X for the DXT formats, not for RGTC
 * (r300_translate_texformat, r300_get_swizzle_combined): with the bit the
 * unit hands a DXT texel over as B, G, R, A.
 */
void rp_tx_format_filter1(struct rp_tx_format *f, uint32_t filter1)
{
	f->dxtc_swizzle = R300_TX_FILTER1_DXTC_SWIZZLE_ENABLE__get(filter1) &&
			  (f->format == TX_FORMAT_DXT1 || f->format == TX_FORMAT_DXT3 ||
			   f->format == TX_FORMAT_DXT5);
}

static float unorm_or_snorm(uint32_t raw, unsigned int bits, bool is_signed)
{
	int32_t s;
	float v;

	if (!is_signed)
		return (float)raw / (float)((1ull << bits) - 1);
	s = (int32_t)(raw << (32 - bits)) >> (32 - bits);
	v = (float)s / (float)((1u << (bits - 1)) - 1);
	return v < -1.0f ? -1.0f : v;
}

/* RGB565 of a DXT colour endpoint to floats. */
static void dxt_colour(uint16_t c, float rgb[3])
{
	rgb[0] = (float)(c >> 11) / 31.0f;
	rgb[1] = (float)((c >> 5) & 63) / 63.0f;
	rgb[2] = (float)(c & 31) / 31.0f;
}

/*
 * Texel @i (row-major in the 4x4 block) of an 8-byte channel block: two
 * endpoints, then 3-bit codes from bit 16 on. DXT5's alpha (S3TC) and
 * RGTC's channels (ARB_texture_compression_rgtc) share it; signed
 * endpoints are two's complement bytes, normalised by 127 and clamped
 * to -1, with 0 / 1 as -1 / 1 in the six-value mode.
 */
static float channel_block(const uint8_t *b, uint32_t i, bool is_signed)
{
	float e0 = is_signed ? (float)(int8_t)b[0] / 127.0f : (float)b[0] / 255.0f;
	float e1 = is_signed ? (float)(int8_t)b[1] / 127.0f : (float)b[1] / 255.0f;
	uint64_t codes = 0;
	uint32_t k;

	e0 = fm_max(e0, -1.0f);
	e1 = fm_max(e1, -1.0f);
	memcpy(&codes, b + 2, 6);
	k = (uint32_t)(codes >> (3 * i)) & 7;
	if (k == 0)
		return e0;
	if (k == 1)
		return e1;
	if (e0 > e1)
		return ((float)(8 - k) * e0 + (float)(k - 1) * e1) / 7.0f;
	if (k >= 6)
		return k == 7 ? 1.0f : is_signed ? -1.0f : 0.0f;
	return ((float)(6 - k) * e0 + (float)(k - 1) * e1) / 5.0f;
}

/*
 * ATI1N (R5xx, RGTC1) is one channel block for X; ATI2N (RGTC2) two, X
 * then Y: Mesa's r300_translate_texformat gives RGTC1/LATC1 ATI1N and
 * RGTC2/LATC2 ATI2N with the format's own swizzle and sign bits 0 (and
 * 1), so the unit must return the first block as X.
 */
static void rgtc_decode(const struct rp_tx_format *f, const uint8_t *px, uint32_t i, float c[4])
{
	c[0] = channel_block(px, i, f->signed_mask & 1u);
	c[1] = f->format == TX_FORMAT_ATI2N ? channel_block(px + 8, i, f->signed_mask & 2u) : 0.0f;
	c[2] = 0.0f;
	c[3] = 1.0f;
}

/* DXT1/3/5 texel (bx, by) of the 4x4 block at @px (S3TC, as GL's EXT_texture_compression_s3tc). */
static void dxt_decode(const struct rp_tx_format *f, const uint8_t *px, uint32_t bx, uint32_t by,
		       float c[4])
{
	const uint8_t *cb = f->format == TX_FORMAT_DXT1 ? px : px + 8;
	uint16_t c0 = (uint16_t)(cb[0] | cb[1] << 8), c1 = (uint16_t)(cb[2] | cb[3] << 8);
	uint32_t bits = (uint32_t)cb[4] | (uint32_t)cb[5] << 8 | (uint32_t)cb[6] << 16 |
			(uint32_t)cb[7] << 24;
	uint32_t code = (bits >> (2 * (by * 4 + bx))) & 3;
	float a[3], b[3];

	dxt_colour(c0, a);
	dxt_colour(c1, b);
	c[3] = 1.0f;
	for (int i = 0; i < 3; i++) {
		if (code == 0)
			c[i] = a[i];
		else if (code == 1)
			c[i] = b[i];
		else if (c0 > c1 || f->format != TX_FORMAT_DXT1)
			c[i] = code == 2 ? (2 * a[i] + b[i]) / 3 : (a[i] + 2 * b[i]) / 3;
		else
			c[i] = code == 2 ? (a[i] + b[i]) / 2 : 0.0f;
	}
	if (f->format == TX_FORMAT_DXT1 && c0 <= c1 && code == 3)
		c[3] = 0.0f;
	if (f->dxtc_swizzle) {
		float red = c[0];

		c[0] = c[2];
		c[2] = red;
	}
	if (f->format == TX_FORMAT_DXT3) {
		c[3] = (float)((px[(by * 4 + bx) / 2] >> (4 * (bx & 1))) & 15) / 15.0f;
	} else if (f->format == TX_FORMAT_DXT5) {
		c[3] = channel_block(px, by * 4 + bx, false);
	}
}

static void decode(const struct rp_tx_format *f, const uint8_t *px, uint32_t bx, uint32_t by,
		   float c[4])
{
	const struct tx_layout *l;
	uint64_t v;
	unsigned int shift = 0;

	if (f->block && (f->format == MSB(TX_FORMAT_MSB_ATI1N) || f->format == TX_FORMAT_ATI2N)) {
		rgtc_decode(f, px, by * 4 + bx, c);
		return;
	}
	if (f->block) {
		dxt_decode(f, px, bx, by, c);
		return;
	}
	l = tx_layout_of(f->format);
	c[0] = c[1] = c[2] = 0.0f;
	c[3] = 1.0f;
	if (!l)
		return;
	if (l->bits[0] == 32) {
		for (int i = 0; i < 4 && l->bits[i]; i++)
			c[i] = bits_float((uint32_t)load(px + 4 * i, 4));
		return;
	}
	v = load(px, l->cpp);
	if (f->format == MSB(TX_FORMAT_MSB_Y8X24)) {
		c[0] = (float)(v >> 8) / 16777215.0f;
		c[1] = (float)(v & 0xff) / 255.0f;
		return;
	}
	for (int i = 0; i < 4 && l->bits[i]; i++) {
		uint32_t raw = (uint32_t)(v >> shift) & (uint32_t)((1ull << l->bits[i]) - 1);

		c[i] = l->is_float ? fm_half((uint16_t)raw) :
		       unorm_or_snorm(raw, l->bits[i], f->signed_mask & (1u << i));
		shift += l->bits[i];
	}
}

/* sRGB to linear (EXT_texture_sRGB's formula; the unit's own curve is not documented). */
static float srgb_to_linear(float v)
{
	if (v <= 0.04045f)
		return v / 12.92f;
	return fm_exp2(2.4f * fm_log2((v + 0.055f) / 1.055f));
}

void rp_tx_degamma(const struct rp_tx_format *f, float c[4])
{
	for (int i = 0; i < 4; i++)
		if (f->gamma_mask & (1u << i))
			c[i] = srgb_to_linear(c[i]);
}

void rp_tx_decode(const struct rp_tx_format *f, const uint8_t *px, uint32_t bx, uint32_t by,
		  float c[4])
{
	decode(f, px, bx, by, c);
	rp_tx_degamma(f, c);
}

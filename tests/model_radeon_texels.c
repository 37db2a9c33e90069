// SPDX-License-Identifier: MIT
/*
 * model_radeon_texels: the radeon model's texture unit decodes the texel
 * formats Mesa's r300 programs as Mesa expects them back, through the
 * model's unit-test entry point (no draw around it):
 *
 * - the TX_FORMAT1 sign bits 5..8 are components 0..3, lowest bits first
 *   (AMD's R5xx SIGNED_COMP0..3; Mesa's r300_translate_texformat sets
 *   sign_bit[i] for channel i): R8_SNORM and R8G8_SNORM;
 * - ATI1N (R5xx, RGTC1) and ATI2N (RGTC2) blocks as the RGTC channel
 *   blocks of ARB_texture_compression_rgtc, unsigned and signed;
 * - TX_FILTER1.DXTC_SWIZZLE_ENABLE, which Mesa sets on R4xx/R5xx while it
 *   selects red from Z: a DXT texel comes back as B, G, R, A.
 *
 * Runs with the model preloaded (DRMSUB_MODEL set); skips elsewhere.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>

#include "core/test.h"
#include "radeon/r300.xml.h"

IGT_TEST_DESCRIPTION("The radeon model's texel decoding of signed, RGTC and DXT formats, "
		     "through the model's unit-test entry point.");

static int (*texel)(uint32_t format1, uint32_t format2, uint32_t filter1, int r500,
		    const uint8_t *texels, uint32_t bx, uint32_t by, float out[4]);

/* Decode and compare X..W with @want (a NAN component is not checked), within 1e-5. */
static void expect_texel(uint32_t format1, uint32_t format2, uint32_t filter1,
			 const uint8_t *texels, uint32_t bx, uint32_t by, const float want[4])
{
	float got[4];

	igt_assert_f(texel(format1, format2, filter1, 1, texels, bx, by, got) == 0,
		     "TX_FORMAT1 %#x TX_FORMAT2 %#x: the model does not decode it\n", format1,
		     format2);
	for (int c = 0; c < 4; c++)
		igt_assert_f(isnan(want[c]) || fabsf(got[c] - want[c]) < 1e-5f,
			     "TX_FORMAT1 %#x texel (%u, %u) component %c: %f, expected %f\n",
			     format1, bx, by, "XYZW"[c], got[c], want[c]);
}

/* An RGTC channel block: endpoints @e0, @e1, texel i with 3-bit code @codes[i]. */
static void channel_block(uint8_t b[8], uint8_t e0, uint8_t e1, const uint8_t codes[16])
{
	uint64_t bits = 0;

	for (int i = 0; i < 16; i++)
		bits |= (uint64_t)(codes[i] & 7) << (3 * i);
	b[0] = e0;
	b[1] = e1;
	for (int i = 0; i < 6; i++)
		b[2 + i] = (uint8_t)(bits >> (8 * i));
}

/* Codes 0..7 in texels 0..7 (row 0 and row 1), 0 elsewhere. */
static const uint8_t all_codes[16] = { 0, 1, 2, 3, 4, 5, 6, 7 };

igt_main
{
	igt_fixture {
		texel = dlsym(RTLD_DEFAULT, "drmsub_model_test_radeon_texel");
		igt_require_f(texel, "the device model is not preloaded\n");
	}

	igt_describe("R8_SNORM (TX_FMT_8, sign bit 5 only): the byte is two's complement over 127");
	igt_subtest("r8-snorm") {
		uint32_t f1 = R300_TX_FORMAT1(.txformat = TX_FORMAT_X8, .signed_w = 1);
		const uint8_t plus = 50, minus = (uint8_t)-100;

		expect_texel(f1, 0, 0, &plus, 0, 0, (const float[4]){ 50 / 127.0f, 0, 0, 1 });
		expect_texel(f1, 0, 0, &minus, 0, 0, (const float[4]){ -100 / 127.0f, 0, 0, 1 });
	}

	igt_describe("R8G8_SNORM (TX_FMT_8_8, sign bits 5 and 6): both bytes signed");
	igt_subtest("rg8-snorm") {
		uint32_t f1 = R300_TX_FORMAT1(.txformat = TX_FORMAT_Y8X8, .signed_w = 1, .signed_z = 1);
		const uint8_t rg[2] = { 50, (uint8_t)-100 };

		expect_texel(f1, 0, 0, rg, 0, 0,
			     (const float[4]){ 50 / 127.0f, -100 / 127.0f, 0, 1 });
	}

	igt_describe("ATI1N (TX_FORMAT2.TXFORMAT_MSB with 5): an RGTC1 block in X, in the "
		     "eight- and the six-value mode, unsigned and signed");
	igt_subtest("ati1n") {
		uint32_t f1 = R300_TX_FORMAT1(.txformat = TX_FORMAT_MSB_ATI1N);
		uint32_t f2 = R300_TX_FORMAT2(.txformat_msb = 1);
		uint8_t b[8];

		/* e0 > e1: codes 2..7 interpolate in sevenths */
		channel_block(b, 210, 70, all_codes);
		for (uint32_t k = 0; k < 8; k++) {
			float e = k == 0 ? 210 : k == 1 ? 70 : ((8 - k) * 210.0f + (k - 1) * 70.0f) / 7;

			expect_texel(f1, f2, 0, b, k % 4, k / 4, (const float[4]){ e / 255, 0, 0, 1 });
		}
		/* e0 <= e1: fifths, then 0 and 1 */
		channel_block(b, 70, 210, all_codes);
		expect_texel(f1, f2, 0, b, 2, 0,
			     (const float[4]){ (4 * 70.0f + 210.0f) / 5 / 255, 0, 0, 1 });
		expect_texel(f1, f2, 0, b, 2, 1, (const float[4]){ 0, 0, 0, 1 });
		expect_texel(f1, f2, 0, b, 3, 1, (const float[4]){ 1, 0, 0, 1 });
		/* signed (Mesa's RGTC1_SNORM: sign bit 5): endpoints over 127, code 6 is -1 */
		f1 = R300_TX_FORMAT1(.txformat = TX_FORMAT_MSB_ATI1N, .signed_w = 1);
		channel_block(b, (uint8_t)-100, 100, all_codes);
		expect_texel(f1, f2, 0, b, 0, 0, (const float[4]){ -100 / 127.0f, 0, 0, 1 });
		expect_texel(f1, f2, 0, b, 2, 1, (const float[4]){ -1, 0, 0, 1 });
	}

	igt_describe("ATI2N (TX_FMT_ATI2N): two RGTC blocks, the first in X, the second in Y");
	igt_subtest("ati2n") {
		uint32_t f1 = R300_TX_FORMAT1(.txformat = TX_FORMAT_ATI2N);
		uint8_t b[16];

		channel_block(b, 200, 10, all_codes);
		channel_block(b + 8, 30, 240, all_codes);
		expect_texel(f1, 0, 0, b, 0, 0, (const float[4]){ 200 / 255.0f, 30 / 255.0f, 0, 1 });
		expect_texel(f1, 0, 0, b, 1, 0, (const float[4]){ 10 / 255.0f, 240 / 255.0f, 0, 1 });
	}

	igt_describe("DXT1 with TX_FILTER1.DXTC_SWIZZLE_ENABLE: red comes back in Z, blue in X; "
		     "without it red is X (R3xx, where Mesa sets neither)");
	igt_subtest("dxtc-swizzle") {
		uint32_t f1 = R300_TX_FORMAT1(.txformat = TX_FORMAT_DXT1);
		uint32_t swz = R300_TX_FILTER1(.dxtc_swizzle_enable = 1);
		/* colour 0 pure red (RGB565 0xf800), colour 1 black, every texel code 0 */
		const uint8_t b[8] = { 0x00, 0xf8, 0, 0, 0, 0, 0, 0 };

		expect_texel(f1, 0, 0, b, 1, 2, (const float[4]){ 1, 0, 0, 1 });
		expect_texel(f1, 0, swz, b, 1, 2, (const float[4]){ 0, 0, 1, 1 });
	}
}

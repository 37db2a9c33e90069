// SPDX-License-Identifier: MIT
/*
 * msm_blit: the a6xx 2D engine and the GMEM event blits, proven in memory
 * — solid fills and format-converting copies through CP_BLIT's
 * intermediate formats (UNORM8, FLOAT32, FLOAT16, INT8), GMEM colour and
 * depth/stencil clears resolved to system memory, every pixel read back
 * next to untouched neighbours. Forms follow freedreno's (fd6_blitter.c
 * fd6_clear_surface, emit_blit_texture; fd6_gmem.c emit_clears, emit_blit;
 * msm/cs_a6xx.c).
 */
#include <string.h>

#include "msm/a6xx.xml.h"
#include "msm/adreno_common.xml.h"
#include "msm/cs_a6xx.h"
#include "msm_common.h"

IGT_TEST_DESCRIPTION("a6xx CP_BLIT solid fills and copies (RGBA8, RGBA4, RGB565, swaps, 16-bit "
		     "UNORM, float, half float, Z24S8) and the GMEM colour and depth/stencil "
		     "clear + resolve event blits, with memory results.");

#define PITCH 256	/* bytes a row: 64 RGBA8 pixels */
#define GUARD 0x5a5a5a5au

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *bo;

static void fill_guard(uint64_t from, uint64_t to)
{
	for (uint64_t o = from; o < to; o += 4)
		msm_bo_write32(bo, o, GUARD);
}

static struct msm_surface surface(uint64_t offset, uint32_t fmt, uint32_t swap)
{
	return (struct msm_surface){ bo, offset, PITCH, fmt, swap, TILE6_LINEAR };
}

static uint8_t bo_byte(uint64_t at)
{
	return (uint8_t)(msm_bo_read32(bo, at & ~3ull) >> (8 * (at & 3)));
}

/*
 * Rows [0, @h] of the surface at @offset: the @w x @h rectangle of @cpp-byte
 * pixels holds @want(x, y)'s bytes, every other byte is still the guard.
 */
static void check_pixels(uint64_t offset, uint32_t w, uint32_t h, uint32_t cpp,
			 void (*want)(uint32_t x, uint32_t y, uint8_t *px, const void *arg),
			 const void *arg)
{
	uint8_t px[16];

	for (uint32_t y = 0; y < h + 1; y++)
		for (uint32_t x = 0; x < PITCH / cpp; x++) {
			uint64_t at = offset + (uint64_t)y * PITCH + x * cpp;
			bool inside = x < w && y < h;

			memset(px, GUARD & 0xff, cpp);
			if (inside)
				want(x, y, px, arg);
			for (uint32_t i = 0; i < cpp; i++)
				igt_assert_f(bo_byte(at + i) == px[i],
					     "pixel (%u,%u) byte %u is %#x, expected %#x\n", x, y, i,
					     bo_byte(at + i), px[i]);
		}
}

/* Every pixel the same bytes, @arg. */
static void same_pixel(uint32_t x, uint32_t y, uint8_t *px, const void *arg)
{
	const uint8_t *bytes = arg;

	(void)x, (void)y;
	memcpy(px, bytes + 1, bytes[0]);
}

/* Every @cpp-byte pixel of the rectangle is @px (little-endian, cpp <= 4). */
static void check_rect(uint64_t offset, uint32_t w, uint32_t h, uint32_t cpp, uint32_t px)
{
	uint8_t bytes[5] = { (uint8_t)cpp };

	for (uint32_t i = 0; i < cpp; i++)
		bytes[1 + i] = (uint8_t)(px >> (8 * i));
	check_pixels(offset, w, h, cpp, same_pixel, bytes);
}

/* Every pixel of the rectangle is the 4 dwords @px (a 16-byte pixel). */
static void check_rect128(uint64_t offset, uint32_t w, uint32_t h, const uint32_t px[4])
{
	uint8_t bytes[17] = { 16 };

	for (uint32_t i = 0; i < 16; i++)
		bytes[1 + i] = (uint8_t)(px[i / 4] >> (8 * (i % 4)));
	check_pixels(offset, w, h, 16, same_pixel, bytes);
}

/* A copy's source pixel: @arg is its offset and cpp. */
struct copied {
	uint64_t src;
	uint32_t cpp;
};

static void source_pixel(uint32_t x, uint32_t y, uint8_t *px, const void *arg)
{
	const struct copied *c = arg;

	for (uint32_t i = 0; i < c->cpp; i++)
		px[i] = bo_byte(c->src + (uint64_t)y * PITCH + x * c->cpp + i);
}

/* An RGBA8 fill of @w x @h with @swap: every pixel @px, the rest untouched. */
static void fill_case(uint32_t swap, uint32_t w, uint32_t h, const uint32_t rgba[4], uint32_t px)
{
	struct msm_cs *cs = msm_cs_new(dev, 128);
	struct msm_surface s = surface(0, FMT6_8_8_8_8_UNORM, swap);

	fill_guard(0, 8 * PITCH);
	msm_cs_blit_fill(cs, &s, 0, 0, w, h, R2D_UNORM8, rgba);
	msm_cs_run(cs, q);
	check_rect(0, w, h, 4, px);
}

/* Fill 7 x 3 of @src with @rgba, copy it to an RGBA8 surface of @swap: every pixel @px. */
static void copy_case(struct msm_surface src, uint32_t swap, const uint32_t rgba[4], uint32_t px)
{
	struct msm_cs *cs = msm_cs_new(dev, 256);
	struct msm_surface dst = surface(8 * PITCH, FMT6_8_8_8_8_UNORM, swap);

	fill_guard(0, 16 * PITCH);
	msm_cs_blit_fill(cs, &src, 0, 0, 7, 3, R2D_UNORM8, rgba);
	msm_cs_blit_copy(cs, &dst, &src, 7, 3, R2D_UNORM8);
	msm_cs_run(cs, q);
	check_rect(8 * PITCH, 7, 3, 4, px);
}

/*
 * A FLOAT32 fill of 16_UNORM (Z16, fd6_clear_lrz's LRZ buffer) with depth
 * @depth in C0 (fd6_blitter.c emit_clear_color: the float's bits): every
 * pixel @want.
 */
static void unorm16_fill_case(float depth, uint16_t want)
{
	struct msm_cs *cs = msm_cs_new(dev, 128);
	struct msm_surface s = surface(0, FMT6_16_UNORM, WZYX);

	fill_guard(0, 8 * PITCH);
	msm_cs_blit_fill(cs, &s, 0, 0, 9, 3, R2D_FLOAT32, (const uint32_t[4]){ float_bits(depth) });
	msm_cs_run(cs, q);
	check_rect(0, 9, 3, 2, want);
}

/*
 * Two rows of @w pixels of @cpp bytes written by the CPU (@src_dwords, row
 * after row), copied through @ifmt to the same format: the same bytes.
 */
static void copy_same_case(uint32_t fmt, uint32_t cpp, uint32_t ifmt, const uint32_t *src_dwords,
			   uint32_t w)
{
	struct msm_cs *cs = msm_cs_new(dev, 256);
	struct msm_surface src = surface(0, fmt, WZYX), dst = surface(8 * PITCH, fmt, WZYX);
	struct copied c = { 0, cpp };

	fill_guard(0, 16 * PITCH);
	for (uint32_t y = 0; y < 2; y++)
		for (uint32_t i = 0; i < w * cpp / 4; i++)
			msm_bo_write32(bo, y * PITCH + 4 * i, src_dwords[y * w * cpp / 4 + i]);
	msm_cs_blit_copy(cs, &dst, &src, w, 2, ifmt);
	msm_cs_run(cs, q);
	check_pixels(8 * PITCH, w, 2, cpp, source_pixel, &c);
}

/*
 * A GMEM clear at 0x4000 of @w x @h to @value (@depth: a depth clear,
 * CLEAR_MASK 1), resolved to a @fmt surface: every @cpp-byte pixel of the
 * rectangle is @value, the rest untouched.
 */
static void gmem_clear_case(uint32_t fmt, uint32_t cpp, bool depth, uint32_t w, uint32_t h,
			    uint32_t value)
{
	struct msm_cs *cs = msm_cs_new(dev, 256);
	struct msm_surface dst = surface(0, fmt, WZYX);

	fill_guard(0, 16 * PITCH);
	if (depth)
		msm_cs_gmem_clear_zs(cs, 0x4000, fmt, 64, 32, w, h, 1, value);
	else
		msm_cs_gmem_clear(cs, 0x4000, fmt, 64, 32, w, h, value);
	msm_cs_gmem_resolve(cs, 0x4000, &dst, w, h, depth);
	msm_cs_run(cs, q);
	check_rect(0, w, h, cpp, value);
}

/*
 * Into @cs: clear 6 x 4 of a Z24S8 buffer at @gmem_base to 0x11223344, then
 * clear @mask's parts of it to 0xaabbccdd, and resolve it to @offset.
 */
static void z24s8_partial_clear(struct msm_cs *cs, uint32_t gmem_base, uint64_t offset,
				uint32_t mask)
{
	struct msm_surface s = surface(offset, FMT6_Z24_UNORM_S8_UINT, WZYX);

	msm_cs_gmem_clear_zs(cs, gmem_base, s.fmt, 64, 32, 6, 4, 3, 0x11223344);
	msm_cs_gmem_clear_zs(cs, gmem_base, s.fmt, 64, 32, 6, 4, mask, 0xaabbccdd);
	msm_cs_gmem_resolve(cs, gmem_base, &s, 6, 4, true);
}

igt_main
{
	igt_fixture {
		dev = msm_device_open();
		igt_require_f(dev->gen == 6, "these are a6xx's 2D engine and blits (a%uxx)\n",
			      dev->gen);
		q = msm_queue_new(dev, 0);
		bo = msm_bo_new(dev, 64 * 1024);
	}

	igt_describe("a solid fill writes the rectangle in the format's bytes, nothing around it");
	igt_subtest("fill-rgba8")
		fill_case(WZYX, 5, 3, (const uint32_t[]){ 0xff, 0x00, 0x88, 0x44 }, 0x448800ff);

	/* fd6_format_table.c: B8G8R8A8 is 8_8_8_8 WXYZ, so blue lands in the lowest byte */
	igt_describe("COLOR_SWAP WXYZ stores blue first");
	igt_subtest("fill-bgra8")
		fill_case(WXYZ, 4, 2, (const uint32_t[]){ 0x11, 0x22, 0x33, 0x44 }, 0x44112233);

	/* R4G4B4A4 (WZYX) and R5G6B5: each 8-bit value rounded to the channel's width */
	igt_describe("fills into RGBA4 and RGB565 quantise each channel to its width");
	igt_subtest("fill-rgba4-rgb565") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface s4 = surface(0, FMT6_4_4_4_4_UNORM, WZYX);
		struct msm_surface s5 = surface(8 * PITCH, FMT6_5_6_5_UNORM, WZYX);

		fill_guard(0, 16 * PITCH);
		msm_cs_blit_fill(cs, &s4, 0, 0, 6, 2, R2D_UNORM8,
				 (const uint32_t[]){ 0xff, 0x00, 0x88, 0x44 });
		msm_cs_blit_fill(cs, &s5, 0, 0, 6, 2, R2D_UNORM8,
				 (const uint32_t[]){ 0xff, 0x00, 0x84, 0xff });
		msm_cs_run(cs, q);
		check_rect(0, 6, 2, 2, 0x480f);		/* R 0xf, G 0, B 0x8, A 0x4 */
		check_rect(8 * PITCH, 6, 2, 2, 0x801f);	/* R 0x1f, G 0, B 0x10 */
	}

	igt_describe("a copy converts RGBA4 to RGBA8 by GL's UNORM rule (v * 255 / 15)");
	igt_subtest("copy-rgba4-to-rgba8")
		copy_case(surface(0, FMT6_4_4_4_4_UNORM, WZYX), WZYX,
			  (const uint32_t[]){ 0xff, 0x00, 0x88, 0x44 }, 0x448800ff);

	igt_describe("a copy between swaps moves each channel to its place");
	igt_subtest("copy-swap")	/* XYZW: A lowest, then B, G, R */
		copy_case(surface(0, FMT6_8_8_8_8_UNORM, WZYX), XYZW,
			  (const uint32_t[]){ 0x11, 0x22, 0x33, 0x44 }, 0x11223344);

	/* fd6_gmem.c emit_clears packs the colour in the surface's format: DW0 is the pixel */
	igt_describe("a GMEM clear, resolved, writes the clear colour over the scissor only");
	igt_subtest("gmem-clear-resolve")
		gmem_clear_case(FMT6_8_8_8_8_UNORM, 4, false, 9, 5, 0xff8800ff);

	igt_describe("GMEM keeps its contents between submits: a later resolve reads the clear");
	igt_subtest("gmem-persists") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface dst = surface(0, FMT6_5_6_5_UNORM, WZYX);

		fill_guard(0, 16 * PITCH);
		msm_cs_gmem_clear(cs, 0x8000, FMT6_5_6_5_UNORM, 64, 32, 4, 4, 0x07e0);
		msm_cs_run(cs, q);
		cs = msm_cs_new(dev, 256);
		msm_cs_gmem_resolve(cs, 0x8000, &dst, 4, 4, false);
		msm_cs_run(cs, q);
		check_rect(0, 4, 4, 2, 0x07e0);
	}

	/*
	 * fd6_blitter.c fd6_ifmt: 16_UNORM goes through R2D_FLOAT32, C0 the
	 * float's bits; the UNORM is the float clamped to [0, 1] times 65535,
	 * rounded to nearest (0.25 -> 16383.75 -> 0x4000, truncation 0x3fff).
	 */
	igt_describe("FLOAT32 fills of 16-bit UNORM round to nearest and clamp to [0, 1]");
	igt_subtest("fill-float32-unorm16") {
		unorm16_fill_case(0.25f, 0x4000);
		unorm16_fill_case(0.75f, 0xbfff);	/* 49151.25 */
		unorm16_fill_case(1.0f, 0xffff);
		unorm16_fill_case(2.0f, 0xffff);
		unorm16_fill_case(-0.5f, 0x0000);
	}

	/* 32_FLOAT (Z32F) and 32_32_32_32_FLOAT go through R2D_FLOAT32: bits unchanged */
	igt_describe("FLOAT32 fills of 32-bit float formats store C0..3's bits");
	igt_subtest("fill-float32") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface s1 = surface(0, FMT6_32_FLOAT, WZYX);
		struct msm_surface s4 = surface(8 * PITCH, FMT6_32_32_32_32_FLOAT, WZYX);
		const uint32_t rgba[4] = { float_bits(0.25f), float_bits(-3.5f), float_bits(1e10f), float_bits(1.0f) };

		fill_guard(0, 16 * PITCH);
		msm_cs_blit_fill(cs, &s1, 0, 0, 5, 2, R2D_FLOAT32, rgba);
		msm_cs_blit_fill(cs, &s4, 0, 0, 3, 2, R2D_FLOAT32, rgba);
		msm_cs_run(cs, q);
		check_rect(0, 5, 2, 4, float_bits(0.25f));
		check_rect128(8 * PITCH, 3, 2, rgba);
	}

	/* half floats go through R2D_FLOAT16, C0..3 the halves' bits (_mesa_float_to_half) */
	igt_describe("FLOAT16 fills of half-float formats store C0..3's half floats");
	igt_subtest("fill-float16") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface s1 = surface(0, FMT6_16_FLOAT, WZYX);
		struct msm_surface s4 = surface(8 * PITCH, FMT6_16_16_16_16_FLOAT, WZYX);
		/* 1.0, -0.5, 0.333, 65504 */
		const uint32_t rgba[4] = { 0x3c00, 0xb800, 0x3555, 0x7bff };

		fill_guard(0, 16 * PITCH);
		msm_cs_blit_fill(cs, &s1, 0, 0, 6, 3, R2D_FLOAT16, rgba);
		msm_cs_blit_fill(cs, &s4, 0, 0, 4, 3, R2D_FLOAT16, rgba);
		msm_cs_run(cs, q);
		check_rect(0, 6, 3, 2, 0x3c00);
		check_pixels(8 * PITCH, 4, 3, 8, same_pixel, (const uint8_t[]){ 8, 0x00, 0x3c, 0x00,
			     0xb8, 0x55, 0x35, 0xff, 0x7b });
	}

	/*
	 * fd6_blitter.c emit_blit_dst and emit_clear_color: Z24S8 is written as
	 * Z24_UNORM_S8_UINT_AS_R8G8B8A8 through R2D_INT8, C0..2 depth's bytes
	 * from the lowest, C3 stencil.
	 */
	igt_describe("an INT8 fill of Z24S8 stores depth's three bytes and stencil");
	igt_subtest("fill-z24s8") {
		struct msm_cs *cs = msm_cs_new(dev, 128);
		struct msm_surface s = surface(0, FMT6_Z24_UNORM_S8_UINT_AS_R8G8B8A8, WZYX);

		fill_guard(0, 8 * PITCH);
		msm_cs_blit_fill(cs, &s, 0, 0, 7, 4, R2D_INT8,
				 (const uint32_t[]){ 0x56, 0x34, 0x12, 0x78 });
		msm_cs_run(cs, q);
		check_rect(0, 7, 4, 4, 0x78123456);
	}

	/* Z16 blits are R16_UNORM ones (fd6_blitter.c handle_zs_blit): FLOAT32 keeps every value */
	igt_describe("a FLOAT32 copy of 16-bit UNORM gives back every value");
	igt_subtest("copy-unorm16")
		copy_same_case(FMT6_16_UNORM, 2, R2D_FLOAT32,
			       (const uint32_t[]){ 0x00010000, 0x80007fff, 0xfffffffe, 0xabcd1234,
						   0x00020003, 0x7ffe8001, 0xfffd0004, 0x5555aaaa },
			       8);

	igt_describe("a FLOAT32 copy of 32-bit floats keeps their bits");
	igt_subtest("copy-float32")
		copy_same_case(FMT6_32_FLOAT, 4, R2D_FLOAT32,
			       (const uint32_t[]){ float_bits(0.25f), float_bits(-3.5f), float_bits(1e10f),
						   float_bits(1.0f), float_bits(-1e-10f), float_bits(65504.0f),
						   float_bits(3.14159f), float_bits(-0.0f) },
			       4);

	igt_describe("a FLOAT16 copy of half floats keeps their bits");
	igt_subtest("copy-float16")
		copy_same_case(FMT6_16_FLOAT, 2, R2D_FLOAT16,
			       (const uint32_t[]){ 0xb8003c00, 0x7bff3555, 0x04004248, 0x8400c000 },
			       4);

	/*
	 * fd6_gmem.c emit_clears: a depth/stencil clear's CLEAR_MASK is 1 for
	 * depth, 2 for stencil; Z24S8's value is depth | stencil << 24
	 * (util_pack_z_stencil), so a partial clear keeps the other part.
	 */
	igt_describe("GMEM depth/stencil clears write only the parts their mask names");
	igt_subtest("gmem-depth-stencil-clear") {
		struct msm_cs *cs = msm_cs_new(dev, 512);

		fill_guard(0, 16 * PITCH);
		z24s8_partial_clear(cs, 0x4000, 0, 1);
		z24s8_partial_clear(cs, 0x8000, 8 * PITCH, 2);
		msm_cs_run(cs, q);
		check_rect(0, 6, 4, 4, 0x11bbccdd);
		check_rect(8 * PITCH, 6, 4, 4, 0xaa223344);
	}

	igt_describe("a GMEM Z16 depth clear, resolved, writes the depth over the scissor only");
	igt_subtest("gmem-depth-clear-z16")
		gmem_clear_case(FMT6_16_UNORM, 2, true, 10, 3, 0xffff);

	/* fd6_gmem.c emit_restore_blit sets RB_BLIT_INFO GMEM | UNK0 on every restore */
	igt_describe("a GMEM restore, resolved elsewhere, gives back the pixels it loaded");
	igt_subtest("gmem-restore") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface src = surface(0, FMT6_8_8_8_8_UNORM, WZYX);
		struct msm_surface dst = surface(8 * PITCH, FMT6_8_8_8_8_UNORM, WZYX);
		struct copied c = { 0, 4 };

		fill_guard(0, 16 * PITCH);
		for (uint32_t y = 0; y < 3; y++)
			for (uint32_t x = 0; x < 5; x++)
				msm_bo_write32(bo, y * PITCH + 4 * x, 0x01020304u * (y * 5 + x + 1));
		msm_cs_gmem_restore(cs, 0x4000, &src, 64, 32, 5, 3);
		msm_cs_gmem_resolve(cs, 0x4000, &dst, 5, 3, false);
		msm_cs_run(cs, q);
		check_pixels(8 * PITCH, 5, 3, 4, source_pixel, &c);
	}

	igt_fixture {
		msm_bo_free(bo);
		msm_queue_free(q);
		msm_device_close(dev);
	}
}

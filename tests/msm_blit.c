// SPDX-License-Identifier: MIT
/*
 * msm_blit: the a6xx 2D engine and the GMEM event blits, proven in memory
 * — solid fills and format-converting copies through CP_BLIT, a GMEM clear
 * resolved to system memory, every pixel read back next to untouched
 * neighbours. Forms follow freedreno's (fd6_blitter.c fd6_clear_surface,
 * emit_blit_texture; fd6_gmem.c emit_clears, emit_blit; msm/cs_a6xx.c).
 */
#include "msm/a6xx.xml.h"
#include "msm/adreno_common.xml.h"
#include "msm/cs_a6xx.h"
#include "msm_common.h"

IGT_TEST_DESCRIPTION("a6xx CP_BLIT solid fills and copies (RGBA8, RGBA4, RGB565, swaps) and "
		     "the GMEM clear + resolve event blits, with memory results.");

#define PITCH 256	/* bytes a row: 64 RGBA8 pixels */
#define GUARD 0x5a5a5a5au

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *bo;

static void run(struct msm_cs *cs)
{
	msm_cs_submit_wait(cs, q, NSEC_PER_SEC);
	msm_cs_free(cs);
}

static void fill_guard(uint64_t from, uint64_t to)
{
	for (uint64_t o = from; o < to; o += 4)
		msm_bo_write32(bo, o, GUARD);
}

static struct msm_surface surface(uint64_t offset, uint32_t fmt, uint32_t swap)
{
	return (struct msm_surface){ bo, offset, PITCH, fmt, swap, TILE6_LINEAR };
}

/* Every dword of rows [0, @h) of the surface at @offset: @w of @cpp-byte pixels equal @px. */
static void check_rect(uint64_t offset, uint32_t w, uint32_t h, uint32_t cpp, uint32_t px)
{
	for (uint32_t y = 0; y < h + 1; y++)
		for (uint32_t x = 0; x < PITCH / cpp; x++) {
			uint64_t at = offset + (uint64_t)y * PITCH + x * cpp;
			uint32_t v = msm_bo_read32(bo, at & ~3ull) >> (8 * (at & 3));
			uint32_t want = x < w && y < h ? px : GUARD >> (8 * (at & 3));

			if (cpp < 4)
				v &= (1u << 8 * cpp) - 1, want &= (1u << 8 * cpp) - 1;
			igt_assert_f(v == want, "pixel (%u,%u) is %#x, expected %#x\n", x, y, v, want);
		}
}

/* An RGBA8 fill of @w x @h with @swap: every pixel @px, the rest untouched. */
static void fill_case(uint32_t swap, uint32_t w, uint32_t h, const uint8_t rgba[4], uint32_t px)
{
	struct msm_cs *cs = msm_cs_new(dev, 128);
	struct msm_surface s = surface(0, FMT6_8_8_8_8_UNORM, swap);

	fill_guard(0, 8 * PITCH);
	msm_cs_blit_fill(cs, &s, 0, 0, w, h, rgba);
	run(cs);
	check_rect(0, w, h, 4, px);
}

/* Fill 7 x 3 of @src with @rgba, copy it to an RGBA8 surface of @swap: every pixel @px. */
static void copy_case(struct msm_surface src, uint32_t swap, const uint8_t rgba[4], uint32_t px)
{
	struct msm_cs *cs = msm_cs_new(dev, 256);
	struct msm_surface dst = surface(8 * PITCH, FMT6_8_8_8_8_UNORM, swap);

	fill_guard(0, 16 * PITCH);
	msm_cs_blit_fill(cs, &src, 0, 0, 7, 3, rgba);
	msm_cs_blit_copy(cs, &dst, &src, 7, 3);
	run(cs);
	check_rect(8 * PITCH, 7, 3, 4, px);
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
		fill_case(WZYX, 5, 3, (const uint8_t[]){ 0xff, 0x00, 0x88, 0x44 }, 0x448800ff);

	/* fd6_format_table.c: B8G8R8A8 is 8_8_8_8 WXYZ, so blue lands in the lowest byte */
	igt_describe("COLOR_SWAP WXYZ stores blue first");
	igt_subtest("fill-bgra8")
		fill_case(WXYZ, 4, 2, (const uint8_t[]){ 0x11, 0x22, 0x33, 0x44 }, 0x44112233);

	/* R4G4B4A4 (WZYX) and R5G6B5: each 8-bit value rounded to the channel's width */
	igt_describe("fills into RGBA4 and RGB565 quantise each channel to its width");
	igt_subtest("fill-rgba4-rgb565") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface s4 = surface(0, FMT6_4_4_4_4_UNORM, WZYX);
		struct msm_surface s5 = surface(8 * PITCH, FMT6_5_6_5_UNORM, WZYX);

		fill_guard(0, 16 * PITCH);
		msm_cs_blit_fill(cs, &s4, 0, 0, 6, 2, (const uint8_t[]){ 0xff, 0x00, 0x88, 0x44 });
		msm_cs_blit_fill(cs, &s5, 0, 0, 6, 2, (const uint8_t[]){ 0xff, 0x00, 0x84, 0xff });
		run(cs);
		check_rect(0, 6, 2, 2, 0x480f);		/* R 0xf, G 0, B 0x8, A 0x4 */
		check_rect(8 * PITCH, 6, 2, 2, 0x801f);	/* R 0x1f, G 0, B 0x10 */
	}

	igt_describe("a copy converts RGBA4 to RGBA8 by GL's UNORM rule (v * 255 / 15)");
	igt_subtest("copy-rgba4-to-rgba8")
		copy_case(surface(0, FMT6_4_4_4_4_UNORM, WZYX), WZYX,
			  (const uint8_t[]){ 0xff, 0x00, 0x88, 0x44 }, 0x448800ff);

	igt_describe("a copy between swaps moves each channel to its place");
	igt_subtest("copy-swap")	/* XYZW: A lowest, then B, G, R */
		copy_case(surface(0, FMT6_8_8_8_8_UNORM, WZYX), XYZW,
			  (const uint8_t[]){ 0x11, 0x22, 0x33, 0x44 }, 0x11223344);

	/* fd6_gmem.c emit_clears packs the colour in the surface's format: DW0 is the pixel */
	igt_describe("a GMEM clear, resolved, writes the clear colour over the scissor only");
	igt_subtest("gmem-clear-resolve") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface dst = surface(0, FMT6_8_8_8_8_UNORM, WZYX);

		fill_guard(0, 16 * PITCH);
		msm_cs_gmem_clear(cs, 0x4000, FMT6_8_8_8_8_UNORM, 64, 32, 9, 5, 0xff8800ff);
		msm_cs_gmem_resolve(cs, 0x4000, &dst, 9, 5);
		run(cs);
		check_rect(0, 9, 5, 4, 0xff8800ff);
	}

	igt_describe("GMEM keeps its contents between submits: a later resolve reads the clear");
	igt_subtest("gmem-persists") {
		struct msm_cs *cs = msm_cs_new(dev, 256);
		struct msm_surface dst = surface(0, FMT6_5_6_5_UNORM, WZYX);

		fill_guard(0, 16 * PITCH);
		msm_cs_gmem_clear(cs, 0x8000, FMT6_5_6_5_UNORM, 64, 32, 4, 4, 0x07e0);
		run(cs);
		cs = msm_cs_new(dev, 256);
		msm_cs_gmem_resolve(cs, 0x8000, &dst, 4, 4);
		run(cs);
		check_rect(0, 4, 4, 2, 0x07e0);
	}

	igt_fixture {
		msm_bo_free(bo);
		msm_queue_free(q);
		msm_device_close(dev);
	}
}

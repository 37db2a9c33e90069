// SPDX-License-Identifier: MIT
/*
 * What Mesa's nvc0 needs to clear and read back, one engine at a time,
 * through drmsub's builders (both submission modes): 3D clears into pitch
 * and block-linear colour targets and a zeta target, the 2D engine's solid
 * fills and blits, copy-engine conversions between pitch and block-linear,
 * constant-buffer loads, the software class, and a draw that is accepted.
 * Every pixel is checked; what no engine wrote keeps its guard.
 */
#include <string.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nv906e.xml.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/push.h"
#include "nouveau/suite.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("Maxwell clears, 2D fills and blits, copy-engine layout conversions, "
		     "constant buffers and the software class, every pixel checked.");

#define A8B8G8R8 NVB097_SET_COLOR_TARGET_FORMAT_V_A8B8G8R8
#define R5G6B5 NVB097_SET_COLOR_TARGET_FORMAT_V_R5G6B5
#define Z24S8 NVB097_SET_ZT_FORMAT_V_Z24S8

static struct nv_device *dev;
static struct nv_channel *gr, *ce;
static struct nv_bo *bo;		/* the results of the subtests without a surface */
static struct nv_push *p;
static const struct nv_suite suite = { &dev, &gr, &ce, &bo, &p };
static struct nv_mode_group m;

/* @s filled with NV_GUARD (all of its BO). */
static struct nv_surface guarded(uint32_t w, uint32_t h, uint32_t cpp, uint32_t format,
				 bool block_linear)
{
	struct nv_surface s = nv_surface_new(dev, w, h, cpp, format, block_linear, 1);

	nv_bo_fill_guard(s.bo);
	return s;
}

static uint32_t pixel32(const struct nv_surface *s, uint32_t x, uint32_t y)
{
	return nv_bo_read32(s->bo, nv_surface_offset(s, x, y));
}

/* A pitch A8B8G8R8 surface whose pixel (x, y) holds y << 16 | x. */
static struct nv_surface patterned(uint32_t w, uint32_t h)
{
	struct nv_surface s = nv_surface_new(dev, w, h, 4, A8B8G8R8, false, 0);

	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++)
			nv_bo_write32(s.bo, nv_surface_offset(&s, x, y), y << 16 | x);
	return s;
}

/* Every pixel of @s: @in inside [x0, x1) x [y0, y1), @out elsewhere. */
static void assert_rect(const struct nv_surface *s, uint32_t x0, uint32_t y0, uint32_t x1,
			uint32_t y1, uint32_t in, uint32_t out)
{
	unsigned int bad = 0;

	for (uint32_t y = 0; y < s->height; y++) {
		for (uint32_t x = 0; x < s->width; x++) {
			uint32_t want = x >= x0 && x < x1 && y >= y0 && y < y1 ? in : out;
			uint32_t v = pixel32(s, x, y);

			if (v != want && bad++ < 4)
				igt_info("pixel (%u,%u) is %#010x, expected %#010x\n", x, y, v, want);
		}
	}
	igt_assert_f(!bad, "%u of %u pixels wrong\n", bad, s->width * s->height);
}

/*
 * All of @from copied by the copy engine into a new guarded surface,
 * block-linear or pitch: a block-linear target read back for checking, or
 * a pitch source laid out block-linear.
 */
static struct nv_surface copy_whole(const struct nv_surface *from, bool block_linear)
{
	struct nv_surface out = guarded(from->width, from->height, from->cpp, from->format,
					block_linear);
	struct nv_bo *sem = nv_bo_new(dev, 4096, NV_BO_GART);
	struct nv_push *copy = nv_push_new(128);

	nv_copy_rect(copy, &out, 0, 0, from, 0, 0, from->width, from->height, sem, 0, 1);
	nv_push_submit_wait(copy, ce);
	igt_assert_eq_u32(nv_bo_read32(sem, 0), 1);
	nv_push_free(copy);
	nv_bo_free(sem);
	return out;
}

/* @rt cleared to @rgba in [x, x+w) x [y, y+h), channels @channels, on gr. */
static void clear(const struct nv_surface *rt, const float rgba[4], uint32_t channels, uint32_t x,
		  uint32_t y, uint32_t w, uint32_t h)
{
	struct nv_push *cmd = nv_push_new(128);

	nv_3d_color_target(cmd, rt);
	nv_3d_clear_color(cmd, rgba, channels, x, y, w, h);
	nv_push_submit_wait(cmd, gr);
	nv_push_free(cmd);
}

/* 1, 0, 0x88/255, 1 and 0, 1, 0x44/255, 0x88/255: exact in 8-bit channels */
static const float red_ish[4] = { 1.0f, 0.0f, 0x88 / 255.0f, 1.0f };
static const float green_ish[4] = { 0.0f, 1.0f, 0x44 / 255.0f, 0x88 / 255.0f };
#define RED_ISH 0xff8800ffu	/* A8B8G8R8: A in the top byte, R in the lowest */
#define GREEN_ISH 0x8844ff00u

igt_main
{
	nv_subtest_modes(m, "", &suite) {
		igt_describe("CLEAR_SURFACE fills a pitch target's clip rectangle, nothing else");
		igt_subtest_f("%sclear-pitch", m.prefix) {
			struct nv_surface rt = guarded(64, 16, 4, A8B8G8R8, false);

			clear(&rt, red_ish, 0xf, 8, 4, 32, 8);
			assert_rect(&rt, 8, 4, 40, 12, RED_ISH, NV_GUARD);
			nv_surface_free(&rt);
		}

		igt_describe("CLEAR_SURFACE writes only the channels it enables");
		igt_subtest_f("%sclear-channels", m.prefix) {
			struct nv_surface rt = guarded(16, 8, 4, A8B8G8R8, false);

			/* G and A of green_ish; R and B keep the guard's bytes */
			clear(&rt, green_ish, 0xa, 0, 0, 16, 8);
			assert_rect(&rt, 0, 0, 16, 8, 0x886aff6au, NV_GUARD);
			nv_surface_free(&rt);
		}

		igt_describe("clears into a block-linear target read back through the copy engine");
		igt_subtest_f("%sclear-block-linear", m.prefix) {
			struct nv_surface rt = guarded(64, 32, 4, A8B8G8R8, true);
			struct nv_surface out;

			clear(&rt, red_ish, 0xf, 0, 0, 64, 32);
			clear(&rt, green_ish, 0xf, 16, 8, 32, 16);
			out = copy_whole(&rt, false);
			assert_rect(&out, 16, 8, 48, 24, GREEN_ISH, RED_ISH);
			nv_surface_free(&out);
			nv_surface_free(&rt);
		}

		igt_describe("a zeta clear: depth and stencil, then stencil under a write mask");
		igt_subtest_f("%sclear-zeta", m.prefix) {
			struct nv_surface zt = guarded(32, 16, 4, Z24S8, true), out;
			const float z = 0.5f;
			const uint32_t s1 = 0x5a, s2 = 0xa5;

			nv_suite_fresh(&suite);
			nv_3d_zeta_target(p, &zt);
			nv_3d_clear_zs(p, &z, &s1, 0xff, 0, 0, 32, 16);
			/* the low nibble of 0xa5 over 0x5a's high one */
			nv_3d_clear_zs(p, NULL, &s2, 0x0f, 8, 4, 8, 4);
			nv_push_submit_wait(p, gr);
			out = copy_whole(&zt, false);
			/* Z24S8: Z 31:8 = round(0.5 * 0xffffff), S 7:0 */
			assert_rect(&out, 8, 4, 16, 8, 0x80000055u, 0x8000005au);
			nv_surface_free(&out);
			nv_surface_free(&zt);
		}

		igt_describe("2D solid rectangles into pitch and block-linear targets");
		igt_subtest_f("%s2d-fill", m.prefix) {
			for (int bl = 0; bl < 2; bl++) {
				struct nv_surface dst = guarded(64, 16, 4, A8B8G8R8, bl);
				struct nv_surface out;

				nv_suite_fresh(&suite);
				nv_2d_dst(p, &dst);
				/* A8R8G8B8 0x80ff4020 is A8B8G8R8 0x802040ff */
				nv_2d_fill(p, 0x80ff4020u, 4, 2, 20, 10);
				nv_push_submit_wait(p, gr);
				out = bl ? copy_whole(&dst, false) : dst;
				assert_rect(&out, 4, 2, 20, 10, 0x802040ffu, NV_GUARD);
				if (bl)
					nv_surface_free(&out);
				nv_surface_free(&dst);
			}
		}

		igt_describe("a 2D blit converts R5G6B5 to A8B8G8R8 as UNORM defines it, unscaled");
		igt_subtest_f("%s2d-blit", m.prefix) {
			struct nv_surface src = guarded(32, 8, 2, R5G6B5, false);
			struct nv_surface dst = guarded(32, 8, 4, A8B8G8R8, false);

			nv_suite_fresh(&suite);
			/* R 15:11 = x, G 10:5 = 2y, B 4:0 = 31 - x */
			for (uint32_t y = 0; y < 8; y++)
				for (uint32_t x = 0; x < 32; x += 2)
					nv_bo_write32(src.bo, nv_surface_offset(&src, x, y),
						      (uint32_t)(x << 11 | 2 * y << 5 | (31 - x)) |
						      (uint32_t)((x + 1) << 11 | 2 * y << 5 | (30 - x)) << 16);
			nv_2d_dst(p, &dst);
			nv_2d_src(p, &src);
			nv_2d_blit(p, 3, 1, 16, 4, 2, 2);
			nv_push_submit_wait(p, gr);
			for (uint32_t y = 0; y < 8; y++) {
				for (uint32_t x = 0; x < 32; x++) {
					uint32_t sx = x - 3 + 2, sy = y - 1 + 2, want = NV_GUARD;

					if (x >= 3 && x < 19 && y >= 1 && y < 5)
						want = 0xffu << 24 | ((31 - sx) * 255 + 15) / 31 << 16 |
						       (2 * sy * 255 + 31) / 63 << 8 | (sx * 255 + 15) / 31;
					igt_assert_eq_u32(pixel32(&dst, x, y), want);
				}
			}
			nv_surface_free(&dst);
			nv_surface_free(&src);
		}

		igt_describe("the copy engine moves a rectangle pitch to block-linear and back");
		igt_subtest_f("%scopy-block-linear", m.prefix) {
			struct nv_surface src = patterned(64, 16);
			struct nv_surface bl = guarded(64, 16, 4, A8B8G8R8, true);
			struct nv_surface dst = guarded(64, 16, 4, A8B8G8R8, false);
			struct nv_bo *sem = nv_bo_new(dev, 4096, NV_BO_GART);

			nv_suite_fresh(&suite);
			nv_copy_rect(p, &bl, 8, 4, &src, 8, 4, 40, 10, sem, 0, 1);
			nv_copy_rect(p, &dst, 0, 0, &bl, 8, 4, 40, 10, sem, 4, 2);
			nv_push_submit_wait(p, ce);
			igt_assert_eq_u32(nv_bo_read32(sem, 4), 2);
			for (uint32_t y = 0; y < 16; y++)
				for (uint32_t x = 0; x < 64; x++)
					igt_assert_eq_u32(pixel32(&dst, x, y), x < 40 && y < 10
							  ? (y + 4) << 16 | (x + 8) : NV_GUARD);
			nv_bo_free(sem);
			nv_surface_free(&dst);
			nv_surface_free(&bl);
			nv_surface_free(&src);
		}

		/*
		 * HARDWARE CLAIM (nouveau/model/surface.h): the copy engine stores a
		 * block-linear surface as envytools' g80-surface.rst lays it out, GOBs
		 * of 64 bytes x 8 rows, bytes row-major inside one; verify on silicon.
		 */
		igt_describe("a block-linear surface's bytes are where the GOB layout puts them");
		igt_subtest_f("%scopy-block-linear-layout", m.prefix) {
			struct nv_surface src = patterned(48, 24);
			struct nv_surface bl = copy_whole(&src, true);

			for (uint32_t y = 0; y < 24; y++)
				for (uint32_t x = 0; x < 48; x++)
					igt_assert_eq_u32(pixel32(&bl, x, y), y << 16 | x);
			nv_surface_free(&bl);
			nv_surface_free(&src);
		}

		igt_describe("LOAD_CONSTANT_BUFFER writes its words at the buffer's offset, in order");
		igt_subtest_f("%sconstant-buffer", m.prefix) {
			static const uint32_t words[] = { 0xc0000001, 0xc0000002, 0xc0000003, 0xc0000004,
							  0xc0000005 };

			nv_suite_fresh(&suite);
			nv_3d_cb_load(p, bo, 0x100, 0x100, 0x10, words, ARRAY_SIZE(words));
			nv_push_submit_wait(p, gr);
			for (size_t i = 0; i < ARRAY_SIZE(words); i++)
				igt_assert_eq_u32(nv_bo_read32(bo, 0x110 + 4 * i), words[i]);
			nv_bo_assert_guard(bo, 0x10c);
			nv_bo_assert_guard(bo, 0x124);
		}

		igt_describe("the software class binds on subchannel 7 and takes its methods");
		igt_subtest_f("%ssw-object", m.prefix) {
			struct nv_channel *chan = nv_channel_new(dev, NV_ENGINE_GR);
			struct nouveau_object *sw = NULL;

			nv_suite_fresh(&suite);
			igt_assert_eq(__nv_channel_sw_object(chan, &sw), 0);
			/* SET_OBJECT with the object's handle, as nvc0_screen_create binds it */
			nv_mthd(p, NV_SUBC_SW, REG_NV906E_SET_OBJECT);
			nv_data(p, 0x906e);
			nv_mthd(p, NV_SUBC_SW, REG_NV906E_SET_VBLANK_SEMAPHORE_OFFSET_UPPER);
			NV_VAL(p, NV906E, SET_VBLANK_SEMAPHORE_OFFSET_UPPER, .upper = 0);
			nv_val(p, REG_NV906E_SET_VBLANK_SEMAPHORE_OFFSET_LOWER, 0x1000);
			nv_val(p, REG_NV906E_SET_VBLANK_SEMAPHORE_VALUE, 1);
			nv_immd(p, NV_SUBC_SW, REG_NV906E_SET_MP_TRAP_WARP_ERROR_ENABLE,
				NV906E_SET_MP_TRAP_WARP_ERROR_ENABLE(.enable = 0x3));
			nv_host_sem_release(p, bo, 0, 0x5e);
			nv_push_submit_wait(p, chan);
			nv_assert_written(bo, 0, 0x5e);
			nouveau_object_del(&sw);
			nv_channel_free(chan);
		}

		/*
		 * HARDWARE CLAIM: BEGIN and END with no vertex between them draw
		 * nothing and fault nothing, whatever the shader state; verify on
		 * silicon. The model accepts every draw method and counts it.
		 */
		igt_describe("an empty draw is accepted: the channel goes on");
		igt_subtest_f("%sdraw-accepted", m.prefix) {
			nv_suite_fresh(&suite);
			nv_immd(p, NV_SUBC_3D, REG_NVB097_BEGIN,
				NVB097_BEGIN(.op = NVB097_BEGIN_OP_TRIANGLES));
			nv_immd(p, NV_SUBC_3D, REG_NVB097_END, NVB097_END(.v = 0));
			nv_3d_sem_release(p, bo, 0, 0xd4);
			nv_push_submit_wait(p, gr);
			igt_assert_eq_u32(nv_bo_read32(bo, 0), 0xd4);
		}
	}
}

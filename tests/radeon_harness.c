// SPDX-License-Identifier: MIT
/*
 * radeon_harness: the R300 harness's own path through libdrm_radeon end to
 * end (device identity, BO create/map/busy/wait, CS replay with space
 * checks and relocations, a pass-through draw), so a failure in the
 * radeon suites can be told apart from a failure of the harness.
 */
#include "core/test.h"
#include "radeon/r300.h"
#include "radeon/r300_3d.h"

IGT_TEST_DESCRIPTION("The R300 harness on a real radeon: INFO identity, BOs through "
		     "libdrm_radeon, a CS with relocations and a pass-through quad.");

#define W 64
#define H 64

static struct r300_device *dev;

igt_main
{
	igt_fixture
		dev = r300_device_open();

	igt_describe("INFO names an R300-family chip with 1-4 GB pipes");
	igt_subtest("info") {
		enum r300_chip chip;

		igt_assert(r300_chip_from_pci_id(r300_info(dev, RADEON_INFO_DEVICE_ID), &chip));
		igt_assert_eq(chip, dev->family);
		igt_assert(dev->num_gb_pipes >= 1 && dev->num_gb_pipes <= 4);
		igt_assert(dev->gart_size > 0);
	}

	igt_describe("a new BO is idle, mappable and keeps what the CPU wrote");
	igt_subtest("bo-idle") {
		struct r300_bo *bo = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);

		igt_assert_eq(__r300_bo_busy(bo, NULL), 0);
		r300_bo_write32(bo, 64, 0xcafe0001);
		r300_bo_wait(bo);
		igt_assert_eq_u32(r300_bo_read32(bo, 64), 0xcafe0001);
		r300_bo_free(bo);
	}

	igt_describe("a red quad drawn over the whole colour buffer lands in every pixel");
	igt_subtest("draw-quad") {
		static const float red[4] = { 1, 0, 0, 1 };
		struct r300_bo *fb;
		struct r300_cs *cs;

		igt_require_f(dev->accel_working, "acceleration is not working\n");
		igt_require_f(!r300_chip_is_r500(dev->family) && r300_chip_vert_fpus(dev->family),
			      "the harness draws on R3xx/R4xx with hardware TCL only\n");
		fb = r300_bo_new(dev, W * H * 4, RADEON_GEM_DOMAIN_VRAM);
		cs = r300_cs_new(dev, 1024);
		r300_bo_fill32(fb, 0);
		r300_emit_3d_setup(cs, fb, 0, W, W, H);
		r300_draw_quad(cs, -1, -1, 1, 1, 0, red);
		r300_emit_flush(cs);
		r300_cs_submit_wait(cs, fb);
		igt_assert_eq_u32(r300_bo_read32(fb, 0), 0xffff0000);
		igt_assert_eq_u32(r300_bo_read32(fb, (H / 2 * W + W / 2) * 4), 0xffff0000);
		igt_assert_eq_u32(r300_bo_read32(fb, (W * H - 1) * 4), 0xffff0000);
		/* the same stream again: submission erased libdrm's copy */
		r300_cs_submit_wait(cs, fb);
		r300_cs_free(cs);
		r300_bo_free(fb);
	}

	igt_fixture
		r300_device_close(dev);
}

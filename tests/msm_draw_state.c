// SPDX-License-Identifier: MIT
/*
 * msm_draw_state: the a6xx CP's draw-state groups, render modes and IB2
 * skipping, proven in memory — each group is a CP_MEM_WRITE, so which
 * groups ran at a draw, and how often, is read back from the BO. Forms
 * follow freedreno's (fd6_emit.c fd6_emit_state, fd6_draw.c draw_emit,
 * fd6_gmem.c emit_marker6 and fd6_emit_tile_init; msm/cs_a6xx.c).
 */
#include "msm/adreno_pm4.xml.h"
#include "msm/cs_a6xx.h"
#include "msm_common.h"

IGT_TEST_DESCRIPTION("a6xx CP_SET_DRAW_STATE groups and their BINNING/GMEM/SYSMEM masks, "
		     "DISABLE and DISABLE_ALL_GROUPS, CP_SKIP_IB2_ENABLE_*, through memory "
		     "writes in the groups.");

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *mem;
static struct msm_cs *g[4];	/* g[i] counts its runs at mem + 4 * i */

/* A group that adds 1 to the dword at @at: CP_MEM_TO_MEM dst = *at + *one. */
static struct msm_cs *counting_group(uint64_t at)
{
	struct msm_cs *group = msm_cs_new(dev, 16);
	struct msm_mem_ref a = { mem, at, false }, one = { mem, 0xff0, false };

	msm_cs_mem_to_mem(group, false, (struct msm_mem_ref){ mem, at, false }, &a, &one, NULL);
	return group;
}

/* A stream of @dwords for one subtest, whose counters start again from 0. */
static struct msm_cs *stream(uint32_t dwords)
{
	for (uint64_t o = 0; o < 0x100; o += 4)
		msm_bo_write32(mem, o, 0);
	msm_bo_write32(mem, 0xff0, 1);
	return msm_cs_new(dev, dwords);
}

/* Into @cs: each of the first @n groups, g[i], as draw-state group i in @modes[i]. */
static void set_groups(struct msm_cs *cs, const uint32_t *modes, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		msm_cs_set_draw_state(cs, i, modes[i], g[i]);
}

/* Run @cs: each of the first @n groups, g[i], ran @runs[i] times. */
static void run_expect_runs(struct msm_cs *cs, const uint32_t *runs, unsigned int n)
{
	msm_cs_run(cs, q);
	for (unsigned int i = 0; i < n; i++)
		igt_assert_eq_u32(msm_bo_read32(mem, 4 * i), runs[i]);
}

igt_main
{
	igt_fixture {
		queue_fixture_open(&dev, &q);
		igt_require_f(dev->gen == 6, "the draw-state masks are a6xx's (a%uxx)\n", dev->gen);
		mem = msm_bo_new(dev, 4096);
		for (unsigned int i = 0; i < 4; i++)
			g[i] = counting_group(4 * i);
	}

	igt_describe("a group runs at each draw, not when it is set, and stays in force");
	igt_subtest("group-runs-at-each-draw") {
		struct msm_cs *cs = stream(256);

		msm_cs_set_draw_state(cs, 3, MSM_DRAW_ALL, g[0]);
		/* the count before the first draw, copied aside */
		msm_cs_mem_to_mem(cs, false, (struct msm_mem_ref){ mem, 0x80, false },
				  &(struct msm_mem_ref){ mem, 0, false }, NULL, NULL);
		msm_cs_draw_auto(cs, 1);
		msm_cs_draw_auto(cs, 1);
		msm_cs_draw_auto(cs, 1);
		run_expect_runs(cs, (const uint32_t[]){ 3 }, 1);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x80), 0);
	}

	igt_describe("a group set but never drawn with does not run");
	igt_subtest("group-without-draw") {
		struct msm_cs *cs = stream(64);

		msm_cs_set_draw_state(cs, 1, MSM_DRAW_ALL, g[0]);
		run_expect_runs(cs, (const uint32_t[]){ 0 }, 1);
	}

	igt_describe("the render mode of CP_SET_MARKER selects the groups by their masks");
	igt_subtest("mode-masks") {
		struct msm_cs *cs = stream(256);

		set_groups(cs, (const uint32_t[]){ MSM_DRAW_BINNING, MSM_DRAW_GMEM, MSM_DRAW_SYSMEM,
						   MSM_DRAW_GMEM | MSM_DRAW_SYSMEM }, 4);
		msm_cs_set_marker(cs, RM6_BIN_VISIBILITY);	/* binning */
		msm_cs_draw_auto(cs, 1);
		msm_cs_set_marker(cs, RM6_BIN_RENDER_START);	/* GMEM */
		msm_cs_draw_auto(cs, 1);
		msm_cs_draw_auto(cs, 1);
		msm_cs_set_marker(cs, RM6_DIRECT_RENDER);	/* sysmem */
		msm_cs_draw_auto(cs, 1);
		run_expect_runs(cs, (const uint32_t[]){ 1, 2, 1, 3 }, 4);
	}

	igt_describe("DISABLE takes one group out, DISABLE_ALL_GROUPS every one");
	igt_subtest("disable") {
		struct msm_cs *cs = stream(256);

		set_groups(cs, (const uint32_t[]){ MSM_DRAW_ALL, MSM_DRAW_ALL }, 2);
		msm_cs_draw_auto(cs, 1);
		msm_cs_draw_state_disable(cs, 0, false);
		msm_cs_draw_auto(cs, 1);
		msm_cs_draw_state_disable(cs, 0, true);
		msm_cs_draw_auto(cs, 1);
		run_expect_runs(cs, (const uint32_t[]){ 1, 2 }, 2);
	}

	igt_describe("a group set again replaces the one of that id");
	igt_subtest("replace") {
		struct msm_cs *cs = stream(256);

		msm_cs_set_draw_state(cs, 5, MSM_DRAW_ALL, g[0]);
		msm_cs_set_draw_state(cs, 5, MSM_DRAW_ALL, g[1]);
		msm_cs_draw_auto(cs, 1);
		run_expect_runs(cs, (const uint32_t[]){ 0, 1 }, 2);
	}

	/*
	 * "If both GLOBAL and LOCAL are 1 and nothing is left in the
	 * visibility stream" (adreno_pm4.xml): without a stream (none named,
	 * or overridden as fd6_gmem.c does for a single bin) the IB2 runs
	 */
	igt_describe("CP_SKIP_IB2_ENABLE_* skip no IB2 when no visibility stream is in use");
	igt_subtest("skip-ib2-without-stream") {
		struct msm_cs *cs = stream(128), *ib2 = msm_cs_new(dev, 16);

		msm_cs_mem_write32(ib2, mem, 0x40, 0x1b2);
		msm_cs_skip_ib2(cs, true, true);
		msm_cs_visibility_override(cs, true);
		msm_cs_indirect(cs, ib2);
		msm_cs_skip_ib2(cs, false, false);
		msm_cs_indirect(cs, ib2);
		msm_cs_run(cs, q);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x40), 0x1b2);
		msm_cs_free(ib2);
	}

	igt_describe("CP_REG_WRITE writes the register it names");
	igt_subtest("reg-write") {
		struct msm_cs *cs = stream(64);

		msm_cs_reg_write_tracked(cs, msm_scratch_reg(dev, 6), 0xfeed0006);
		msm_cs_reg_to_mem(cs, msm_scratch_reg(dev, 6), 1, false, mem, 0x50);
		msm_cs_run(cs, q);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x50), 0xfeed0006);
	}

	/* adreno_pm4.xml CP_START_BIN: a hardware claim on a6xx (msm/cs_a6xx.c) */
	igt_describe("CP_START_BIN runs each bin's prefix, then the body, once per bin");
	igt_subtest("start-bin") {
		struct msm_cs *cs = stream(128), *prefix = msm_cs_new(dev, 64);
		struct msm_cs *body = counting_group(0x60);

		for (unsigned int i = 0; i < 3; i++)	/* bin i's prefix: count in slot i */
			msm_cs_mem_to_mem(prefix, false, (struct msm_mem_ref){ mem, 0x70 + 4 * i, false },
					  &(struct msm_mem_ref){ mem, 0x70 + 4 * i, false },
					  &(struct msm_mem_ref){ mem, 0xff0, false }, NULL);
		msm_cs_start_bin(cs, 3, prefix, prefix->len / 3, body->len);
		msm_cs_append(cs, body);	/* the body follows START_BIN in place */
		msm_cs_end_bin(cs);
		msm_cs_mem_write32(cs, mem, 0x68, 0xe0d);
		msm_cs_run(cs, q);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x60), 3);
		for (unsigned int i = 0; i < 3; i++)
			igt_assert_eq_u32(msm_bo_read32(mem, 0x70 + 4 * i), 1);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x68), 0xe0d);
		msm_cs_free(prefix);
		msm_cs_free(body);
	}

	igt_fixture {
		for (unsigned int i = 0; i < 4; i++)
			msm_cs_free(g[i]);
		msm_bo_free(mem);
		queue_fixture_close(dev, q);
	}
}

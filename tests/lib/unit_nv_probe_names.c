// SPDX-License-Identifier: MIT
/*
 * nouveau_probe's reading of claim names (nouveau/probe_meaning.c): which
 * meaning experiment a name asks for, in the seed's CamelCase and in
 * NVIDIA's spelling, and the lexical check of a claim's name against
 * NVIDIA's at its offset.
 */
#include "core/test.h"
#include "nouveau/probe_meaning.h"

igt_main
{
	igt_describe("names ask for the experiment their words describe, and only those");
	igt_subtest("claimed-meaning") {
		igt_assert_eq(nv_claimed_meaning("ClearColor[2]"), NV_MEANING_CLEAR_COLOR);
		igt_assert_eq(nv_claimed_meaning("SET_COLOR_CLEAR_VALUE[0]"), NV_MEANING_CLEAR_COLOR);
		igt_assert_eq(nv_claimed_meaning("ClearColor"), NV_MEANING_NONE);	/* no channel */
		igt_assert_eq(nv_claimed_meaning("ClearDepth"), NV_MEANING_CLEAR_DEPTH);
		igt_assert_eq(nv_claimed_meaning("SET_Z_CLEAR_VALUE"), NV_MEANING_CLEAR_DEPTH);
		igt_assert_eq(nv_claimed_meaning("SET_Z_ZERO_BANDWIDTH_CLEAR"), NV_MEANING_NONE);
		igt_assert_eq(nv_claimed_meaning("ClearStencil"), NV_MEANING_CLEAR_STENCIL);
		igt_assert_eq(nv_claimed_meaning("SET_STENCIL_MASK"), NV_MEANING_STENCIL_MASK);
		igt_assert_eq(nv_claimed_meaning("StencilFrontEnable"), NV_MEANING_STENCIL_ENABLE);
		igt_assert_eq(nv_claimed_meaning("StencilBackEnable"), NV_MEANING_NONE);
		igt_assert_eq(nv_claimed_meaning("SET_STENCIL_FUNC_MASK"), NV_MEANING_NONE);
		igt_assert_eq(nv_claimed_meaning("StencilFrontMaskValue"), NV_MEANING_NONE);
	}

	igt_describe("a claim's name agrees when each of its words is in NVIDIA's, spellings aside");
	igt_subtest("names-agree") {
		igt_assert(nv_names_agree("ScissorNEnable[12]", "SET_SCISSOR_ENABLE"));
		igt_assert(nv_names_agree("RenderTargetNFormat[0]", "SET_COLOR_TARGET_FORMAT"));
		igt_assert(nv_names_agree("WindowOffsetX", "SET_WINDOW_OFFSET_X"));
		igt_assert(nv_names_agree("SET_BLEND_CONST_RED", "SET_BLEND_CONST_RED"));
		igt_assert(!nv_names_agree("Unknown_TileMode", "SET_ZT_FORMAT"));
		igt_assert(!nv_names_agree("StencilFrontEnable", "SET_STENCIL_MASK"));
		igt_assert(!nv_names_agree("SET_ALPHA_FUNC", "SET_ALPHA_REF"));
		/* nothing meaningful to compare: no agreement */
		igt_assert(!nv_names_agree("UNNAMED_W0BA", "SET_INSTRUMENTATION_METHOD_HEADER"));
	}
}

// SPDX-License-Identifier: MIT
/*
 * The method tables the nouveau model and nouveau_probe share
 * (nouveau/method_kinds.h, generated from the class databases' methods and
 * kind attributes): state methods have no kind, actions have theirs, arrays
 * of actions end where the class's arrays end (16 LOAD_CONSTANT_BUFFER, 128
 * CALL_MME_*), the same method name has a different kind where the class
 * gives it a different job (LAUNCH_DMA), and offsets no header names are no
 * methods unless a public source adds them.
 */
#include <string.h>

#include "core/test.h"
#include "nouveau/method_kinds.h"
#include "nouveau/nv902d.xml.h"
#include "nouveau/nva140.xml.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb0b5.xml.h"
#include "nouveau/nvb0c0.xml.h"
#include "nouveau/nvb197.xml.h"
#include "util/util.h"

/* A method of a class and the kind nv_method_kind must give it. */
struct kind_case {
	uint32_t cls, mthd;
	enum nv_method_kind kind;
};

igt_main
{
	igt_describe("each method has its kind: 3D actions theirs, state none, action arrays end; "
		     "each engine class's LAUNCH_DMA as that class uses it");
	igt_subtest_with_dynamic("kinds") {
		/* built at run time: the array methods' index checks are no constants */
		const struct kind_case cases[] = {
			/* 3D methods: actions have their kind, state has none, action arrays end */
			{ MAXWELL_B, REG_NVB197_BEGIN, NV_METHOD_DRAW },
			{ MAXWELL_B, REG_NVB197_SET_REPORT_SEMAPHORE_D, NV_METHOD_RELEASE },
			{ MAXWELL_B, REG_NVB197_SET_SHADER_EXCEPTIONS, NV_METHOD_KERNEL_SW },
			{ MAXWELL_B, REG_NVB197_SET_FALCON31, NV_METHOD_FIRMWARE },
			{ MAXWELL_B, REG_NVB197_LOAD_CONSTANT_BUFFER(15), NV_METHOD_CONSTANT_BUFFER },
			{ MAXWELL_B, REG_NVB197_CALL_MME_DATA(127), NV_METHOD_MME_CALL },
			{ MAXWELL_B, REG_NVB197_CLEAR_SURFACE, NV_METHOD_CLEAR },
			{ MAXWELL_B, REG_NVB197_SET_REPORT_SEMAPHORE_C, NV_METHOD_STATE },
			{ MAXWELL_B, REG_NVB197_SET_BLEND_CONST_RED, NV_METHOD_STATE },
			{ MAXWELL_B, REG_NVB197_SET_MME_SHADOW_SCRATCH(0), NV_METHOD_STATE },
			{ MAXWELL_B, REG_NVB197_LOAD_CONSTANT_BUFFER_OFFSET, NV_METHOD_STATE },
			{ MAXWELL_B, REG_NVB197_LOAD_CONSTANT_BUFFER(16), NV_METHOD_STATE },
			{ MAXWELL_B, REG_NVB197_CALL_MME_MACRO(128), NV_METHOD_STATE },
			{ MAXWELL_A, REG_NVB097_DRAW_VERTEX_ARRAY, NV_METHOD_DRAW },
			{ MAXWELL_A, REG_NVB097_CHECK_SPH_VERSION, NV_METHOD_VERSION_CHECK },
			/* the other engine classes: each LAUNCH_DMA as its class uses it */
			{ MAXWELL_DMA_COPY_A, REG_NVB0B5_LAUNCH_DMA, NV_METHOD_LAUNCH },
			{ MAXWELL_DMA_COPY_A, REG_NVB0B5_OFFSET_IN_UPPER, NV_METHOD_STATE },
			{ KEPLER_INLINE_TO_MEMORY_B, REG_NVA140_LAUNCH_DMA, NV_METHOD_I2M },
			{ KEPLER_INLINE_TO_MEMORY_B, REG_NVA140_NOTIFY, NV_METHOD_RELEASE },
			{ MAXWELL_COMPUTE_A, REG_NVB0C0_LAUNCH_DMA, NV_METHOD_I2M },
			{ MAXWELL_COMPUTE_A, REG_NVB0C0_SEND_PCAS_B, NV_METHOD_LAUNCH },
			{ FERMI_TWOD_A, REG_NV902D_PIXELS_FROM_MEMORY_SRC_Y0_INT, NV_METHOD_RENDER },
			{ FERMI_TWOD_A, REG_NV902D_SET_PIXELS_FROM_MEMORY_SRC_Y0_FRAC, NV_METHOD_STATE },
			{ FERMI_TWOD_A, REG_NV902D_SET_OPERATION, NV_METHOD_STATE },
		};

		array_for_each(c, cases) {
			/* class-method, e.g. b197-1b0c, names the case */
			igt_dynamic_f("%04x-%04x", c->cls, c->mthd)
				igt_assert_f(nv_method_kind(c->cls, c->mthd) == c->kind,
					     "class %#x method %#x: kind %d, not %d\n", c->cls,
					     c->mthd, nv_method_kind(c->cls, c->mthd), c->kind);
		}
	}

	igt_describe("which offsets are methods: the headers' and those a public source adds");
	igt_subtest("methods-exist") {
		igt_assert(nv_method_exists(MAXWELL_B, REG_NVB197_SET_BLEND_CONST_RED));
		igt_assert(nv_method_exists(MAXWELL_A, REG_NVB097_CALL_MME_DATA(127)));
		igt_assert(!nv_method_exists(MAXWELL_A, REG_NVB097_CALL_MME_DATA(127) + 8));
		/* envytools gf100_3d.xml CSAA_ENABLE, which Mesa's nvc0_screen_create sends */
		igt_assert(nv_method_exists(MAXWELL_A, REG_NVB097_CSAA_ENABLE));
		igt_assert(nv_method_exists(MAXWELL_B, REG_NVB197_CSAA_ENABLE));
		igt_assert_eq_u32(REG_NVB197_CSAA_ENABLE, 0x15b4);
		/* 0x1694, the seed's BindConstantBuffer: in no public source */
		igt_assert(!nv_method_exists(MAXWELL_B, 0x1694));
		igt_assert(!nv_method_exists(MAXWELL_B, REG_NVB197_SET_BLEND_CONST_RED + 1));	/* unaligned */
		igt_assert(!nv_method_exists(0x1234, REG_NVB197_SET_BLEND_CONST_RED));
		igt_assert_eq(nv_method_kind(0x1234, REG_NVB197_BEGIN), NV_METHOD_STATE);
	}

	igt_describe("every kind has a reason for logs and probe reports");
	igt_subtest("reasons") {
		for (int k = NV_METHOD_STATE; k <= NV_METHOD_CONSTANT_BUFFER; k++)
			igt_assert_f(strcmp(nv_method_kind_reason(k), "a kind this build does not know"),
				     "kind %d has no reason\n", k);
		igt_assert(!strcmp(nv_method_kind_reason(NV_METHOD_CONSTANT_BUFFER + 1),
				   "a kind this build does not know"));
	}
}

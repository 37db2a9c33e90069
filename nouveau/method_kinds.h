/* SPDX-License-Identifier: MIT */
/*
 * The methods of the Maxwell engine classes and their kinds, as the class
 * databases say (nouveau/registers/nv*.xml through rnn-headergen -r: which
 * byte offsets are methods, and the kind attribute of each method that is
 * more than state, nv_method_kinds.xml). Shared by the device model, which
 * executes the kinds it models, and the method probe, which never writes a
 * method with a kind. Header-only: the model and the harness link apart.
 *
 *	if (!nv_method_exists(MAXWELL_B, 0x1d94))	... an illegal method
 *	if (nv_method_kind(MAXWELL_B, 0x1d94) == NV_METHOD_CLEAR) ...
 */
#ifndef DRMSUB_NOUVEAU_METHOD_KINDS_H
#define DRMSUB_NOUVEAU_METHOD_KINDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nouveau/nv_classes.xml.h"
#include "nouveau/nv_method_kinds.xml.h"
#include "nouveau/nv902d.xml.regs.h"
#include "nouveau/nva140.xml.regs.h"
#include "nouveau/nvb097.xml.regs.h"
#include "nouveau/nvb0b5.xml.regs.h"
#include "nouveau/nvb0c0.xml.regs.h"
#include "nouveau/nvb197.xml.regs.h"
#include "nouveau/nvb1c0.xml.regs.h"
#include "util/util.h"

/* One class database: its methods and its kinds, each as runs ending { 0, 0, 0 }. */
struct nv_class_methods {
	uint32_t cls;
	const uint32_t (*methods)[3];	/* { first, units, variant mask } */
	const uint32_t (*kinds)[3];	/* { first, units, kind } */
};

#define NV_CLASS_METHODS(cls, D) { cls, D##_reglist, D##_kindlist }

static const struct nv_class_methods nv_class_methods_table[] = {
	NV_CLASS_METHODS(MAXWELL_A, NVB097),
	NV_CLASS_METHODS(MAXWELL_B, NVB197),
	NV_CLASS_METHODS(MAXWELL_COMPUTE_A, NVB0C0),
	NV_CLASS_METHODS(MAXWELL_COMPUTE_B, NVB1C0),
	NV_CLASS_METHODS(KEPLER_INLINE_TO_MEMORY_B, NVA140),
	NV_CLASS_METHODS(FERMI_TWOD_A, NV902D),
	NV_CLASS_METHODS(MAXWELL_DMA_COPY_A, NVB0B5),
};

/* The databases of @cls, or NULL for a class without one. */
static inline const struct nv_class_methods *nv_class_methods(uint32_t cls)
{
	for (size_t i = 0; i < ARRAY_SIZE(nv_class_methods_table);
	     i++)
		if (nv_class_methods_table[i].cls == cls)
			return &nv_class_methods_table[i];
	return NULL;
}

/* The run of @runs (sorted, ending with an empty one) holding @unit, or NULL. */
static inline const uint32_t *nv_method_run(const uint32_t (*runs)[3], uint32_t unit)
{
	size_t lo = 0, hi = 0;

	while (runs[hi][1])
		hi++;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (unit < runs[mid][0])
			hi = mid;
		else if (unit - runs[mid][0] >= runs[mid][1])
			lo = mid + 1;
		else
			return runs[mid];
	}
	return NULL;
}

/* Whether the database of @cls has a method at byte offset @mthd. */
static inline bool nv_method_exists(uint32_t cls, uint32_t mthd)
{
	const struct nv_class_methods *c = nv_class_methods(cls);

	return c && nv_method_run(c->methods, mthd);
}

/* What writing @mthd of @cls does; NV_METHOD_STATE for state (or no such method). */
static inline enum nv_method_kind nv_method_kind(uint32_t cls, uint32_t mthd)
{
	const struct nv_class_methods *c = nv_class_methods(cls);
	const uint32_t *run = c ? nv_method_run(c->kinds, mthd) : NULL;

	return run ? (enum nv_method_kind)run[2] : NV_METHOD_STATE;
}

/* Why a method of @kind is more than state, for logs and probe reports. */
static inline const char *nv_method_kind_reason(enum nv_method_kind kind)
{
	/* the <doc> of each value in nouveau/registers/nv_method_kinds.xml */
	static const char *const reasons[] = {
		[NV_METHOD_STATE] = "state: the class keeps the value",
		[NV_METHOD_MME_LOAD] = "loads the macro engine (MME), which consumes the value",
		[NV_METHOD_MME_SHADOW] = "switches the MME shadow RAM the read-back goes through",
		[NV_METHOD_MME_CALL] = "calls a macro or feeds it a parameter",
		[NV_METHOD_MME_DMA] = "a macro-engine memory access",
		[NV_METHOD_RELEASE] = "releases a notifier, semaphore, sync point or report",
		[NV_METHOD_I2M] = "starts or feeds an inline-to-memory transfer",
		[NV_METHOD_LAUNCH] = "launches a copy or a compute grid",
		[NV_METHOD_DRAW] = "draws (begins, ends or feeds a primitive)",
		[NV_METHOD_CLEAR] = "clears, decompresses or saves/restores a surface or zcull",
		[NV_METHOD_RENDER] = "renders a 2D primitive, CPU pixels or a blit from memory",
		[NV_METHOD_COMMAND] =
			"a command (no-op, wait, flush, invalidate, unbind): nothing to keep",
		[NV_METHOD_PM_TRIGGER] = "a performance-monitor trigger",
		[NV_METHOD_VERSION_CHECK] = "compares a version and raises an error on a mismatch",
		[NV_METHOD_PROGRAM_LOAD] = "loads the iterated-blend program RAM",
		[NV_METHOD_KERNEL_SW] =
			"no hardware method: the kernel emulates it from the ILLEGAL_MTHD trap",
		[NV_METHOD_SW] = "a software method: trapped to the driver, not kept by the hardware",
		[NV_METHOD_FIRMWARE] = "handed to the context-switch firmware (FECS), not plain state",
		[NV_METHOD_CONSTANT_BUFFER] = "loads or binds a constant buffer",
	};

	if ((size_t)kind >= ARRAY_SIZE(reasons) || !reasons[kind])
		return "a kind this build does not know";
	return reasons[kind];
}

#endif

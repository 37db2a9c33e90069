// SPDX-License-Identifier: MIT
/*
 * The engine classes in the model: what a method does is what the class
 * databases say (nouveau/method_kinds.h). An offset the class has no
 * method at is an illegal method, a channel error. Every method's value
 * is latched (the class keeps its state); then its kind decides:
 * - state: nothing more;
 * - commands (no-op, wait, flush, invalidate), performance-monitor
 *   triggers, version checks and the method the kernel emulates
 *   (SET_SHADER_EXCEPTIONS): nothing more to do on the model, which runs
 *   one method at a time, in order, with no caches and no counters;
 * - inline-to-memory (NVA140 and the 3D and compute classes' copy of it),
 *   copy launches (copy.c), 2D renders (twod.c) and the 3D actions
 *   (class_3d.c, clear_3d.c): executed;
 * - anything else (firmware and software methods, compute launches, MME
 *   memory access): not modelled, a channel error with the reason logged,
 *   never a silent drop.
 */
#include <errno.h>

#include "model/model.h"
#include "nouveau/method_kinds.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nv_classes.xml.h"
#include "nouveau/nv902d.xml.h"
#include "nouveau/nva140.xml.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb0c0.xml.h"
#include "nouveau/nvb197.xml.h"
#include "nouveau/nvb1c0.xml.h"

/* The 3D and compute classes run the I2M methods with NVA140's decoding: they must agree. */
#define SAME_I2M(C, M)                                                          \
	_Static_assert(REG_NVA140_##M == REG_##C##_##M, #M " differs in " #C)
#define SAME_I2M_ALL(M)                                                         \
	SAME_I2M(NVB097, M); SAME_I2M(NVB197, M); SAME_I2M(NVB0C0, M); SAME_I2M(NVB1C0, M)
SAME_I2M_ALL(LINE_LENGTH_IN);
SAME_I2M_ALL(LINE_COUNT);
SAME_I2M_ALL(OFFSET_OUT_UPPER);
SAME_I2M_ALL(OFFSET_OUT);
SAME_I2M_ALL(PITCH_OUT);
SAME_I2M_ALL(LAUNCH_DMA);
SAME_I2M_ALL(LOAD_INLINE_DATA);
#define SAME_FIELD(C, F)                                                        \
	_Static_assert(NVA140_##F##__MASK == C##_##F##__MASK, #F " differs in " #C)
SAME_FIELD(NVB197, LAUNCH_DMA_DST_MEMORY_LAYOUT);
SAME_FIELD(NVB197, LAUNCH_DMA_COMPLETION_TYPE);
SAME_FIELD(NVB197, LAUNCH_DMA_REDUCTION_ENABLE);
SAME_FIELD(NVB0C0, LAUNCH_DMA_DST_MEMORY_LAYOUT);
SAME_FIELD(NVB1C0, LAUNCH_DMA_COMPLETION_TYPE);

bool nvm_class_known(uint32_t cls)
{
	return nv_class_methods(cls) != NULL;
}

/* payload, then (four words) zero and the 64-bit timestamp */
int nvm_release(struct nvm_job *job, uint64_t va, uint32_t payload, bool four_words)
{
	volatile uint32_t *sem = nvm_gpu_addr(job, va, four_words ? 16 : 4);

	if (!sem)
		return -EFAULT;
	if (four_words) {
		uint64_t ts = nvm_gpu_timestamp(job);

		sem[1] = 0;	/* the report value of REPORT NONE (tests/nouveau_push.c's claim) */
		sem[2] = (uint32_t)ts;
		sem[3] = (uint32_t)(ts >> 32);
	}
	__atomic_store_n(&sem[0], payload, __ATOMIC_RELEASE);
	return 0;
}

/* ---- inline to memory -------------------------------------------------- */

/* OFFSET_OUT_UPPER is 24:0 on NVA140 but 7:0 on the 3D and compute classes. */
static uint64_t i2m_base(const struct nvm_subc_state *s)
{
	uint32_t upper = nvm_state(s, REG_NVA140_OFFSET_OUT_UPPER);

	if (s->cls == KEPLER_INLINE_TO_MEMORY_B)
		upper = NVA140_OFFSET_OUT_UPPER_VALUE__get(upper);
	else
		upper = NVB197_OFFSET_OUT_UPPER_VALUE__get(upper);
	return nvm_addr(upper, nvm_state(s, REG_NVA140_OFFSET_OUT));
}

/* LOAD_INLINE_DATA: the next dword of the pitch rectangle. */
static int i2m_data(struct nvm_job *job, struct nvm_subc_state *s, uint32_t data)
{
	uint32_t line_length = nvm_state(s, REG_NVA140_LINE_LENGTH_IN);
	uint32_t pitch = nvm_state(s, REG_NVA140_PITCH_OUT);
	uint32_t line, col, bytes;
	uint8_t *dst;

	if (!s->i2m_active || !line_length) {
		model_debug("nouveau: LOAD_INLINE_DATA without a LAUNCH_DMA");
		return -ENODEV;
	}
	line = s->i2m_done / line_length;
	col = s->i2m_done % line_length;
	if (line >= nvm_state(s, REG_NVA140_LINE_COUNT))
		return 0;	/* data past the rectangle is dropped */
	if (nvm_state(s, REG_NVA140_LINE_COUNT) == 1)
		pitch = line_length;
	bytes = line_length - col < 4 ? line_length - col : 4;
	dst = nvm_gpu_addr(job, i2m_base(s) + (uint64_t)line * pitch + col, bytes);
	if (!dst)
		return -EFAULT;
	for (uint32_t i = 0; i < bytes; i++)
		dst[i] = (uint8_t)(data >> (8 * i));
	s->i2m_done += 4;
	return 0;
}

int nvm_i2m_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t mthd, uint32_t data)
{
	if (mthd == REG_NVA140_LOAD_INLINE_DATA)
		return i2m_data(job, s, data);
	/* LAUNCH_DMA: pitch only; no completion semaphore or reduction modelled */
	if (NVA140_LAUNCH_DMA_DST_MEMORY_LAYOUT__get(data) !=
		    NVA140_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH ||
	    NVA140_LAUNCH_DMA_COMPLETION_TYPE__get(data) ==
		    NVA140_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE ||
	    NVA140_LAUNCH_DMA_REDUCTION_ENABLE__get(data)) {
		model_debug("nouveau: I2M LAUNCH_DMA %#x: block-linear, semaphores and reductions "
			    "not modelled", data);
		return -ENODEV;
	}
	s->i2m_active = true;
	s->i2m_done = 0;
	return 0;
}

/* ---- dispatch ------------------------------------------------------------ */

/* The actions a class executes itself: 0, -errno, or 1 when it has none for @kind. */
static int class_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls,
			uint32_t mthd, uint32_t data, enum nv_method_kind kind)
{
	if (kind == NV_METHOD_I2M && cls != MAXWELL_DMA_COPY_A)
		return nvm_i2m_action(job, s, mthd, data);
	switch (cls) {
	case MAXWELL_A:
	case MAXWELL_B:
		return nvm_3d_action(job, s, cls, mthd, data);
	case MAXWELL_DMA_COPY_A:
		return kind == NV_METHOD_LAUNCH ? nvm_copy_launch(job, s, data) : 1;
	case FERMI_TWOD_A:
		return kind == NV_METHOD_RENDER ? nvm_2d_action(job, s, mthd, data) : 1;
	default:
		return 1;
	}
}

int nvm_class_execute(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls,
		      uint32_t mthd, uint32_t data)
{
	enum nv_method_kind kind = nv_method_kind(cls, mthd);
	int ret;

	if (!nv_method_exists(cls, mthd)) {
		model_debug("nouveau: class %#x has no method %#x", cls, mthd);
		return -ENODEV;
	}
	s->state[mthd / 4] = data;
	if (cls == FERMI_TWOD_A && mthd == REG_NV902D_RENDER_SOLID_PRIM_MODE)
		s->prim_n = 0;	/* a new primitive: its vertices start again */
	switch (kind) {
	case NV_METHOD_STATE:
	case NV_METHOD_COMMAND:
	case NV_METHOD_PM_TRIGGER:
	case NV_METHOD_KERNEL_SW:
		return 0;
	case NV_METHOD_VERSION_CHECK:
		/*
		 * HARDWARE CLAIM: the checks pass for the versions Mesa's
		 * nvc0_screen_create sends (CHECK_SPH_VERSION, CHECK_AAM_VERSION);
		 * what the hardware compares them with is in no public source.
		 */
		return 0;
	default:
		break;
	}
	ret = class_action(job, s, cls, mthd, data, kind);
	if (ret <= 0)
		return ret;
	model_debug("nouveau: method %#x of class %#x is not modelled: %s", mthd, cls,
		    nv_method_kind_reason(kind));
	return -ENODEV;
}

int nvm_class_method(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls,
		     uint32_t mthd, uint32_t data)
{
	if (cls == MAXWELL_A || cls == MAXWELL_B)
		return nvm_3d_method(job, s, cls, mthd, data);
	return nvm_class_execute(job, s, cls, mthd, data);
}

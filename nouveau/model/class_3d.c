// SPDX-License-Identifier: MIT
/*
 * The Maxwell 3D classes MAXWELL_A (NVB097, GM107) and MAXWELL_B (NVB197,
 * GM20x) in the model. Which methods exist comes from the class databases
 * (rnn-headergen -r tables of nvb097.xml and nvb197.xml): any other
 * offset is an illegal method, a channel error. Every method first meets
 * the macro engine (mme.c): its own methods load and call macros, and
 * the shadow RAM keeps the value of every other method, whether pushed or
 * sent by a macro, so that a macro's read op returns it. Then state
 * methods are done; of the methods with a kind (nouveau/method_kinds.h) the model runs
 * NO_OPERATION, WAIT_FOR_IDLE, the inline-to-memory methods, report
 * semaphore releases and REPORT_ONLY timestamps, and refuses the rest (draws, clears, ...) as not
 * modelled, with the reason in the debug log.
 */
#include <errno.h>

#include "model/model.h"
#include "nouveau/method_kinds.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nv_classes.xml.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb197.xml.h"

/* MAXWELL_A is run with NVB197's decoding: the methods used must agree. */
#define SAME_3D(M) _Static_assert(REG_NVB097_##M == REG_NVB197_##M, #M " moved in MAXWELL_B")
SAME_3D(NO_OPERATION);
SAME_3D(WAIT_FOR_IDLE);
SAME_3D(SET_REPORT_SEMAPHORE_A);
SAME_3D(SET_REPORT_SEMAPHORE_B);
SAME_3D(SET_REPORT_SEMAPHORE_C);
SAME_3D(SET_REPORT_SEMAPHORE_D);
SAME_3D(LOAD_MME_INSTRUCTION_RAM_POINTER);
SAME_3D(LOAD_MME_START_ADDRESS_RAM);
SAME_3D(SET_MME_SHADOW_RAM_CONTROL);
_Static_assert(REG_NVB097_CALL_MME_MACRO__LEN == REG_NVB197_CALL_MME_MACRO__LEN &&
	       REG_NVB097_CALL_MME_DATA__ESIZE == REG_NVB197_CALL_MME_DATA__ESIZE,
	       "CALL_MME_* differ in MAXWELL_B");
_Static_assert(NVB097_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE__MASK ==
	       NVB197_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE__MASK, "STRUCTURE_SIZE moved");

/*
 * Whether D asks for a write the model performs: a RELEASE, or the
 * timestamp form of NVK's nvk_CmdWriteTimestamp2 and Mesa's
 * nvc0_hw_end_query (REPORT_ONLY of REPORT NONE into four words, which
 * Mesa's nvc0_hw_query_update reads back as {payload, 0, timestamp}).
 */
static bool report_modelled(uint32_t d, bool one)
{
	uint32_t op = NVB197_SET_REPORT_SEMAPHORE_D_OPERATION__get(d);

	if (NVB197_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE__get(d))
		return false;
	if (op == NVB197_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE)
		return true;
	return op == NVB197_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY && !one &&
	       NVB197_SET_REPORT_SEMAPHORE_D_REPORT__get(d) ==
		       NVB197_SET_REPORT_SEMAPHORE_D_REPORT_NONE;
}

static int report_semaphore(struct nvm_job *job, struct nvm_subc_state *s, uint32_t d)
{
	uint32_t a = nvm_state(s, REG_NVB197_SET_REPORT_SEMAPHORE_A);
	uint64_t va = nvm_addr(NVB197_SET_REPORT_SEMAPHORE_A_OFFSET_UPPER__get(a),
			       NVB197_SET_REPORT_SEMAPHORE_B_OFFSET_LOWER__get(
				       nvm_state(s, REG_NVB197_SET_REPORT_SEMAPHORE_B)));
	bool one = NVB197_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE__get(d) ==
		   NVB197_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD;

	if (!report_modelled(d, one)) {
		model_debug("nouveau: report semaphore %#x: acquire, trap, counter reports and "
			    "reductions are not modelled", d);
		return -ENODEV;
	}
	return nvm_release(job, va, nvm_state(s, REG_NVB197_SET_REPORT_SEMAPHORE_C), !one);
}

/*
 * LOAD_CONSTANT_BUFFER(i): the word goes to memory at the selected buffer
 * (SET_CONSTANT_BUFFER_SELECTOR_B/C) plus LOAD_CONSTANT_BUFFER_OFFSET, and
 * the offset steps on by 4: Mesa's nvc0_cb_bo_push sends the offset once
 * and then every word to LOAD_CONSTANT_BUFFER(0) (a 1INC header).
 *
 * HARDWARE CLAIM: the index i adds nothing to the address (every referee
 * writes i = 0), and a word past SET_CONSTANT_BUFFER_SELECTOR_A's SIZE is
 * dropped, as the selected buffer ends there; verify on silicon.
 */
static int load_constant(struct nvm_job *job, struct nvm_subc_state *s, uint32_t data)
{
	uint32_t size = NVB197_SET_CONSTANT_BUFFER_SELECTOR_A_SIZE__get(
		nvm_state(s, REG_NVB197_SET_CONSTANT_BUFFER_SELECTOR_A));
	uint64_t base = nvm_addr(NVB197_SET_CONSTANT_BUFFER_SELECTOR_B_ADDRESS_UPPER__get(
					 nvm_state(s, REG_NVB197_SET_CONSTANT_BUFFER_SELECTOR_B)),
				 nvm_state(s, REG_NVB197_SET_CONSTANT_BUFFER_SELECTOR_C));
	uint32_t *offset = &s->state[REG_NVB197_LOAD_CONSTANT_BUFFER_OFFSET / 4];
	volatile uint32_t *dst;

	if ((uint64_t)*offset + 4 > size) {
		model_debug("nouveau: LOAD_CONSTANT_BUFFER at %#x past the buffer's %#x bytes: "
			    "dropped", *offset, size);
		*offset += 4;
		return 0;
	}
	dst = nvm_gpu_addr(job, base + *offset, 4);
	if (!dst)
		return -EFAULT;
	*dst = data;
	*offset += 4;
	return 0;
}

/*
 * Draws need shaders, which the model does not run: each draw method is
 * accepted, counted per channel and logged (the first of each job), never
 * executed and never silently dropped.
 */
static int draw_unexecuted(struct nvm_job *job, uint32_t mthd)
{
	uint64_t n = ++job->chan->draws_unexecuted;

	if (!job->draws_logged++)
		model_debug("nouveau: channel %d: draw method %#x accepted, not executed (draws "
			    "need shaders, which the model does not run; %llu so far)",
			    job->chan->id, mthd, (unsigned long long)n);
	return 0;
}

int nvm_3d_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls, uint32_t mthd,
		  uint32_t data)
{
	switch (nv_method_kind(cls, mthd)) {
	case NV_METHOD_RELEASE:
		return mthd == REG_NVB197_SET_REPORT_SEMAPHORE_D ? report_semaphore(job, s, data) : 1;
	case NV_METHOD_DRAW:
		return draw_unexecuted(job, mthd);
	case NV_METHOD_CLEAR:
		if (mthd == REG_NVB197_CLEAR_SURFACE)
			return nvm_3d_clear(job, s, data);
		/* zcull and compression state: the model has neither, nothing to do */
		return mthd == REG_NVB197_CLEAR_CLIP_ID_SURFACE ? 1 : 0;
	case NV_METHOD_CONSTANT_BUFFER:
		/* the BIND_GROUP_* bindings are state: latched, read by the draws */
		if (mthd >= REG_NVB197_LOAD_CONSTANT_BUFFER(0) &&
		    mthd <= REG_NVB197_LOAD_CONSTANT_BUFFER(REG_NVB197_LOAD_CONSTANT_BUFFER__LEN - 1))
			return load_constant(job, s, data);
		return 0;
	default:
		return 1;
	}
}

/* A method past the MME: the shadow RAM, then the latch and the method's kind. */
static int execute(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls, uint32_t mthd,
		   uint32_t data)
{
	if (!nv_method_exists(cls, mthd)) {
		model_debug("nouveau: class %#x has no method %#x", cls, mthd);
		return -ENODEV;
	}
	/* no hardware method (the kernel emulates it): nothing to shadow */
	if (nv_method_kind(cls, mthd) != NV_METHOD_KERNEL_SW)
		nvm_mme_track(&s->mme, mthd, &data);
	return nvm_class_execute(job, s, cls, mthd, data);
}

struct emit_ctx {
	struct nvm_subc_state *s;
	uint32_t cls;
};

/* A method sent by a macro: the shadow control, or anything but the MME's own methods. */
static int mme_emit(struct nvm_job *job, void *arg, uint32_t mthd, uint32_t data)
{
	struct emit_ctx *ctx = arg;

	if (mthd == REG_NVB197_SET_MME_SHADOW_RAM_CONTROL) {
		ctx->s->mme.shadow_mode = NVB197_SET_MME_SHADOW_RAM_CONTROL_MODE__get(data);
		return 0;
	}
	if ((mthd >= REG_NVB197_LOAD_MME_INSTRUCTION_RAM_POINTER &&
	     mthd <= REG_NVB197_LOAD_MME_START_ADDRESS_RAM) ||
	    mthd >= REG_NVB197_CALL_MME_MACRO(0)) {
		model_debug("nouveau: a macro sending MME method %#x: not modelled", mthd);
		return -ENODEV;
	}
	return execute(job, ctx->s, ctx->cls, mthd, data);
}

int nvm_3d_method(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls, uint32_t mthd,
		  uint32_t data)
{
	struct emit_ctx ctx = { s, cls };
	int ret = nvm_mme_method(&s->mme, job, mme_emit, &ctx, mthd, data);

	if (ret <= 0)
		return ret;
	return execute(job, s, cls, mthd, data);
}

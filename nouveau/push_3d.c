// SPDX-License-Identifier: MIT
/*
 * 3D-class methods on NV_SUBC_3D, written with MAXWELL_A's (NVB097)
 * generated packers: MAXWELL_B (NVB197) keeps every offset and field used
 * here, which the static assertions below check.
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb197.xml.h"
#include "nouveau/push.h"

#define SAME_OFFSET(M)                                                          \
	_Static_assert(REG_NVB097_##M == REG_NVB197_##M, #M " moved in MAXWELL_B")
SAME_OFFSET(SET_REPORT_SEMAPHORE_A);
SAME_OFFSET(SET_REPORT_SEMAPHORE_D);
SAME_OFFSET(WAIT_FOR_IDLE);
SAME_OFFSET(LOAD_MME_INSTRUCTION_RAM_POINTER);
SAME_OFFSET(LOAD_MME_START_ADDRESS_RAM_POINTER);
_Static_assert(NVB097_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE__MASK ==
	       NVB197_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE__MASK, "STRUCTURE_SIZE moved");

/*
 * SET_REPORT_SEMAPHORE_A..D in one INC header, D last: writing D performs
 * the operation. @d is the D word of the caller's referee form but for its
 * PIPELINE_LOCATION, which is ALL in both (the end of the whole pipeline,
 * as nvk_CmdWriteTimestamp2 and nvc0_hw_end_query ask) and is added here;
 * its STRUCTURE_SIZE says what the report writes: one word, or four (16 bytes).
 */
static void report_sem(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
		       uint32_t payload, uint32_t d)
{
	uint32_t size = NVB097_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE__get(d) ==
			NVB097_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD ? 4 : 16;
	uint64_t va = nv_push_addr(p, bo, offset, NV_ACCESS_WRITE);

	igt_assert_f(!(va % size) && offset + size <= bo->size,
		     "report at %#llx: misaligned or past the BO\n", (unsigned long long)offset);
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_SET_REPORT_SEMAPHORE_A);
	NV_VAL(p, NVB097, SET_REPORT_SEMAPHORE_A, .offset_upper = va >> 32);
	NV_VAL(p, NVB097, SET_REPORT_SEMAPHORE_B, .offset_lower = (uint32_t)va);
	NV_VAL(p, NVB097, SET_REPORT_SEMAPHORE_C, .payload = payload);
	nv_val(p, REG_NVB097_SET_REPORT_SEMAPHORE_D,
	       d | NVB097_SET_REPORT_SEMAPHORE_D(
			   .pipeline_location = NVB097_SET_REPORT_SEMAPHORE_D_PIPELINE_LOCATION_ALL));
}

/*
 * The completion release as NVK's nvk_CmdResetQueryPool and
 * nvk_CmdWriteTimestamp2 (nvk_query_pool.c) emit it, and Mesa's
 * nvc0_hw_end_query for PIPE_QUERY_GPU_FINISHED (0x1000f010): after all
 * preceding writes, at the end of the whole pipeline, one word. Without
 * PIPELINE_LOCATION ALL the release need not wait for earlier work.
 */
void nv_3d_sem_release(struct nv_push *p, struct nv_bo *bo, uint64_t offset, uint32_t payload)
{
	report_sem(p, bo, offset, payload,
		   NVB097_SET_REPORT_SEMAPHORE_D(
			   .operation = NVB097_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE,
			   .release = NVB097_SET_REPORT_SEMAPHORE_D_RELEASE_AFTER_ALL_PRECEEDING_WRITES_COMPLETE,
			   .structure_size = NVB097_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD));
}

/*
 * A timestamp as NVK's nvk_CmdWriteTimestamp2 writes it (REPORT_ONLY,
 * FOUR_WORDS; PIPELINE_LOCATION ALL for the bottom of the pipe) with the
 * payload in C, which Mesa's nvc0_hw_end_query (PIPE_QUERY_TIMESTAMP,
 * 0x00005002) also sends and nvc0_hw_query_update reads back from word 0:
 * {u32 payload, u32 report value (REPORT NONE), u64 timestamp}.
 */
void nv_3d_sem_release_ts(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			  uint32_t payload)
{
	report_sem(p, bo, offset, payload,
		   NVB097_SET_REPORT_SEMAPHORE_D(
			   .operation = NVB097_SET_REPORT_SEMAPHORE_D_OPERATION_REPORT_ONLY,
			   .report = NVB097_SET_REPORT_SEMAPHORE_D_REPORT_NONE,
			   .structure_size = NVB097_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_FOUR_WORDS));
}

/* WAIT_FOR_IDLE 0 as an immediate, as Mesa's nvc0 IMMED_NVC0(push, NVC0_3D(SERIALIZE), 0) */
void nv_3d_wfi(struct nv_push *p)
{
	nv_immd(p, NV_SUBC_3D, REG_NVB097_WAIT_FOR_IDLE, NVB097_WAIT_FOR_IDLE(.v = 0));
}

void nv_mme_upload(struct nv_push *p, uint32_t macro, uint32_t start,
		   const uint32_t *insns, uint32_t n)
{
	igt_assert_f(macro < REG_NVB097_CALL_MME_MACRO__LEN && n > 0,
		     "MME macro %u of %u instructions\n", macro, n);
	/*
	 * The methods and headers of Mesa's nvc0_graph_set_macro
	 * (nvc0_screen.c): 1INC pointer + instructions, INC start-address
	 * pointer + start. Mesa loads the start address first; the two loads
	 * are independent state, so the order is ours.
	 * 1INC: the pointer, then every instruction to LOAD_MME_INSTRUCTION_RAM.
	 */
	nv_mthd_1i(p, NV_SUBC_3D, REG_NVB097_LOAD_MME_INSTRUCTION_RAM_POINTER);
	NV_VAL(p, NVB097, LOAD_MME_INSTRUCTION_RAM_POINTER, .v = start);
	for (uint32_t i = 0; i < n; i++)
		NV_VAL(p, NVB097, LOAD_MME_INSTRUCTION_RAM, .v = insns[i]);
	/* macro @macro starts at instruction @start */
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_LOAD_MME_START_ADDRESS_RAM_POINTER);
	NV_VAL(p, NVB097, LOAD_MME_START_ADDRESS_RAM_POINTER, .v = macro);
	NV_VAL(p, NVB097, LOAD_MME_START_ADDRESS_RAM, .v = start);
}

void nv_mme_call(struct nv_push *p, uint32_t macro, const uint32_t *params, uint32_t n)
{
	igt_assert_f(macro < REG_NVB097_CALL_MME_MACRO__LEN, "MME macro %u\n", macro);
	/*
	 * 1INC: the first parameter goes to CALL_MME_MACRO(j) and starts the
	 * macro, the rest to CALL_MME_DATA(j), the next method (stride 8), as
	 * Mesa's BEGIN_1IC0(push, NVC0_3D(MACRO_QUERY_BUFFER_WRITE), 9) in
	 * nvc0_hw_get_query_result_resource calls its macros.
	 * A call without parameters still needs the one dword.
	 */
	nv_mthd_1i(p, NV_SUBC_3D, REG_NVB097_CALL_MME_MACRO(macro));
	nv_val(p, REG_NVB097_CALL_MME_MACRO(macro), NVB097_CALL_MME_MACRO(.v = n ? params[0] : 0));
	for (uint32_t i = 1; i < n; i++)
		nv_val(p, REG_NVB097_CALL_MME_DATA(macro), NVB097_CALL_MME_DATA(.v = params[i]));
}

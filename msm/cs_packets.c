// SPDX-License-Identifier: MIT
/*
 * Typed packet helpers: each knows one packet's payload layout, taken from
 * the generated adreno_pm4.xml.h (field names as in the database). Each
 * names the place in the kernel or Mesa that emits the same form; where a
 * helper's options reach beyond what any of them emits, the comment says
 * which part is a hardware claim still to be verified on silicon.
 */
#include "core/test.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/cs.h"

#define R MSM_SUBMIT_BO_READ
#define W MSM_SUBMIT_BO_WRITE

/*
 * IGT msm_recovery do_parallel_test (no payload); turnip tu_cmd_buffer.c
 * emit_vsc_overflow_test (a CP_NOP whose payload the CP skips)
 */
void msm_cs_nop(struct msm_cs *cs, uint32_t payload_dwords)
{
	msm_cs_pkt7(cs, CP_NOP, payload_dwords);
	for (uint32_t i = 0; i < payload_dwords; i++)
		msm_cs_emit(cs, 0);
}

/* a6xx_gpu.c a6xx_submit: OUT_PKT4(CP_SCRATCH_REG(2), 1) */
void msm_cs_reg_write(struct msm_cs *cs, uint32_t reg, const uint32_t *values, uint32_t n)
{
	msm_cs_pkt4(cs, reg, n);
	for (uint32_t i = 0; i < n; i++)
		msm_cs_emit(cs, values[i]);
}

void msm_cs_reg_write32(struct msm_cs *cs, uint32_t reg, uint32_t value)
{
	msm_cs_reg_write(cs, reg, &value, 1);
}

void msm_cs_mem_write_iova(struct msm_cs *cs, uint64_t iova, const uint32_t *values, uint32_t n)
{
	/*
	 * a5xx+: ADDR is a 64-bit register at dword 0, data follows: IGT
	 * msm_recovery mem_write (one dword), a6xx_gpu.c a6xx_set_pagetable (two)
	 */
	msm_cs_pkt7(cs, CP_MEM_WRITE, 2 + n);
	msm_cs_iova(cs, iova);
	for (uint32_t i = 0; i < n; i++)
		msm_cs_emit(cs, values[i]);
}

void msm_cs_mem_write(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset,
		      const uint32_t *values, uint32_t n)
{
	igt_assert(offset + 4ull * n <= bo->size);
	msm_cs_mem_write_iova(cs, msm_cs_ref(cs, bo, offset, W), values, n);
}

void msm_cs_mem_write32(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t value)
{
	msm_cs_mem_write(cs, bo, offset, &value, 1);
}

/*
 * a6xx_gpu.c get_stats_counter (CNT 2 with 64B); turnip tu_cmd_buffer.c
 * tu_CmdEndTransformFeedbackEXT (CNT 1). More than one 32-bit register, or
 * more than one pair, is the database's CNT field: a hardware claim.
 */
void msm_cs_reg_to_mem(struct msm_cs *cs, uint32_t reg, uint32_t count, bool b64,
		       struct msm_bo *bo, uint64_t offset)
{
	msm_cs_pkt7(cs, CP_REG_TO_MEM, 3);
	msm_cs_emit(cs, CP_REG_TO_MEM_0(.reg = reg, .cnt = count, ._64b = b64));
	msm_cs_addr(cs, bo, offset, W);
}

/*
 * turnip tu_cmd_buffer.c emit_vsc_overflow_test (CNT 0) and
 * tu_CmdBeginTransformFeedbackEXT (CNT 1): one register each. CNT > 1
 * loading that many registers is a hardware claim.
 */
void msm_cs_mem_to_reg(struct msm_cs *cs, uint32_t reg, uint32_t count, struct msm_bo *bo,
		       uint64_t offset)
{
	msm_cs_pkt7(cs, CP_MEM_TO_REG, 3);
	msm_cs_emit(cs, CP_MEM_TO_REG_0(.reg = reg, .cnt = count));
	msm_cs_addr(cs, bo, offset, R);
}

/*
 * turnip: tu_CmdBeginTransformFeedbackEXT (SRC1_ADD, SRC0 ~0) and tu_lrz.cc
 * tu_lrz_emit_force_disable_for_rp (OR, SRC0 ~0). A partial AND mask and
 * ROTATE follow the database's description only: hardware claims.
 */
void msm_cs_reg_rmw(struct msm_cs *cs, uint32_t reg, uint32_t and_mask, uint32_t rotate,
		    uint32_t or_value, bool add)
{
	msm_cs_pkt7(cs, CP_REG_RMW, 3);
	msm_cs_emit(cs, CP_REG_RMW_0(.dst_reg = reg, .rotate = rotate, .src1_add = add));
	msm_cs_emit(cs, and_mask);
	msm_cs_emit(cs, or_value);
}

static void mem_operand(struct msm_cs *cs, const struct msm_mem_ref *m, uint32_t flags)
{
	msm_cs_iova(cs, m->bo ? msm_cs_ref(cs, m->bo, m->offset, flags) : m->offset);
}

/*
 * One source: turnip tu_query.cc copy_query_value_gpu (with or without
 * DOUBLE); two with NEG_B: fd6_query.cc so_overflow_predicate_result_resource;
 * three, DOUBLE with NEG_C: fd5_query.c / fd6_query.c time_elapsed_pause.
 * NEG_A, and NEG_C on 32-bit values, appear nowhere there: hardware claims.
 */
void msm_cs_mem_to_mem(struct msm_cs *cs, bool b64, struct msm_mem_ref dst,
		       const struct msm_mem_ref *a, const struct msm_mem_ref *b,
		       const struct msm_mem_ref *c)
{
	/* the number of sources is told by the packet length: DST, SRC_A[, B[, C]] */
	uint32_t srcs = 1 + (b != NULL) + (b && c);

	igt_assert(!c || b);
	msm_cs_pkt7(cs, CP_MEM_TO_MEM, 1 + 2 + 2 * srcs);
	msm_cs_emit(cs, CP_MEM_TO_MEM_0(.neg_a = a->negate, .neg_b = b && b->negate,
					.neg_c = c && c->negate, .double_ = b64));
	mem_operand(cs, &dst, W);
	mem_operand(cs, a, R);
	if (b)
		mem_operand(cs, b, R);
	if (c)
		mem_operand(cs, c, R);
}

/*
 * turnip tu_cmd_buffer.c tu6_cache_flush (WRITE_EQ, mask ~0, 16 cycles);
 * fd5_query.c occlusion_pause (WRITE_NE on memory); a6xx_gpu.c
 * a6xx_set_pagetable applies a partial mask (on a register poll). The other
 * functions follow the database's enum (CP_COND_WRITE's comparisons) only:
 * hardware claims.
 */
void msm_cs_wait_mem_iova(struct msm_cs *cs, uint32_t func, uint64_t iova, uint32_t ref,
			  uint32_t mask)
{
	msm_cs_pkt7(cs, CP_WAIT_REG_MEM, 6);
	msm_cs_emit(cs, CP_WAIT_REG_MEM_0(.function = func, .poll = POLL_MEMORY));
	msm_cs_iova(cs, iova);
	msm_cs_emit(cs, ref);
	msm_cs_emit(cs, mask);
	msm_cs_emit(cs, 16);	/* DELAY_LOOP_CYCLES between polls */
}

void msm_cs_wait_mem(struct msm_cs *cs, uint32_t func, struct msm_bo *bo, uint64_t offset,
		     uint32_t ref, uint32_t mask)
{
	msm_cs_wait_mem_iova(cs, func, msm_cs_ref(cs, bo, offset, R), ref, mask);
}

/* turnip tu_cs.h tu_cs_emit_ib: IB_BASE, then IB_SIZE in dwords */
void msm_cs_indirect(struct msm_cs *cs, struct msm_cs *child)
{
	struct msm_bo *ib = msm_cs_upload(child);

	msm_cs_attach_all(cs, child);
	msm_cs_pkt7(cs, CP_INDIRECT_BUFFER, 3);
	msm_cs_addr(cs, ib, 0, R);
	msm_cs_emit(cs, A5XX_CP_INDIRECT_BUFFER_2(.ib_size = child->len));
}

/*
 * turnip tu_query.cc emit_copy_query_pool_results. Whether a timestamp equal
 * to ACTIVE_TIMESTAMP runs the guarded dwords is unsettled: adreno_pm4.xml
 * says (ACTIVE - *TIMESTAMP) < 2^31 (yes), turnip's comment "ADDR1 < REF"
 * (no) — a hardware claim; the tests stay clear of it.
 */
void msm_cs_cond_exec(struct msm_cs *cs, struct msm_bo *bool_bo, uint64_t bool_offset,
		      struct msm_bo *ts_bo, uint64_t ts_offset, uint32_t active_ts,
		      uint32_t dwords)
{
	msm_cs_pkt7(cs, CP_COND_EXEC, 6);
	msm_cs_addr(cs, bool_bo, bool_offset, R);
	msm_cs_addr(cs, ts_bo, ts_offset, R);
	msm_cs_emit(cs, active_ts);
	msm_cs_emit(cs, dwords);
}


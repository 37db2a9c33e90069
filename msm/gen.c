// SPDX-License-Identifier: MIT
/*
 * What differs between Adreno generations for the harness, in one place:
 * register offsets from the generated databases, the event-write form
 * (a7xx replaced CP_EVENT_WRITE by CP_EVENT_WRITE7 on the same opcode)
 * and the memory wait on opcode 0x14 (a6xx CP_WAIT_MEM_GTE, a7xx
 * CP_WAIT_TIMESTAMP).
 */
#include "core/test.h"
#include "msm/a5xx.xml.h"
#include "msm/a6xx.xml.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/cs.h"

uint32_t msm_scratch_reg(const struct msm_device *dev, uint32_t i)
{
	return dev->gen == 5 ? REG_A5XX_CP_SCRATCH(i) : REG_A6XX_CP_SCRATCH(i);
}

uint32_t msm_alwayson_reg(const struct msm_device *dev)
{
	return dev->gen == 5 ? REG_A5XX_RBBM_ALWAYSON_COUNTER_LO : REG_A6XX_CP_ALWAYS_ON_COUNTER;
}

/*
 * The a7xx form that writes to memory: the header for @dwords dwords and
 * dword 0 of @event with its source; the address (and any value) follow.
 */
static void event_write7_to_ram(struct msm_cs *cs, uint32_t dwords, enum vgt_event_type event,
				enum event_write_src src)
{
	msm_cs_pkt7(cs, CP_EVENT_WRITE7, dwords);
	msm_cs_emit(cs, CP_EVENT_WRITE7_0(.event = event, .write_src = src,
					  .write_dst = EV_DST_RAM, .write_enabled = 1));
}

void msm_cs_event_write_fence(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset,
			      uint32_t value)
{
	/* turnip tu_autotune.cc write_fence_cs; the kernel's a6xx/a7xx_submit */
	if (cs->dev->gen >= 7) {
		event_write7_to_ram(cs, 4, CACHE_FLUSH_TS, EV_WRITE_USER_32B);
	} else {
		msm_cs_pkt7(cs, CP_EVENT_WRITE, 4);
		msm_cs_emit(cs, CP_EVENT_WRITE_0(.event = CACHE_FLUSH_TS));
	}
	msm_cs_addr(cs, bo, offset, MSM_SUBMIT_BO_WRITE);
	msm_cs_emit(cs, value);
}

void msm_cs_event_write_timestamp(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset)
{
	if (cs->dev->gen >= 7) {
		/* turnip tu_device.cc tu_trace_record_ts (A7XX) */
		event_write7_to_ram(cs, 3, RB_DONE_TS, EV_WRITE_ALWAYSON);
		msm_cs_addr(cs, bo, offset, MSM_SUBMIT_BO_WRITE);
		return;
	}
	/*
	 * fd6_query.c timestamp_resume; fd5_query.c's is the same but for the
	 * event's name (0x16: RB_DONE_TS from a3xx on, adreno_pm4.xml)
	 */
	msm_cs_pkt7(cs, CP_EVENT_WRITE, 4);
	msm_cs_emit(cs, CP_EVENT_WRITE_0(.event = RB_DONE_TS, .timestamp = 1));
	msm_cs_addr(cs, bo, offset, MSM_SUBMIT_BO_WRITE);
	msm_cs_emit(cs, 0);
}

void msm_cs_wait_mem_gte(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t ref)
{
	igt_assert_f(cs->dev->gen >= 6, "a5xx has no CP_WAIT_MEM_GTE or CP_WAIT_TIMESTAMP\n");
	if (cs->dev->gen >= 7) {
		/* the kernel's form: a6xx_gpu.c a7xx_submit, a6xx_set_pagetable */
		msm_cs_pkt7(cs, CP_WAIT_TIMESTAMP, 4);
		msm_cs_emit(cs, CP_WAIT_TIMESTAMP_0(.wait_value_src = TS_WAIT_GE_32B,
						    .wait_dst = TS_WAIT_RAM));
	} else {
		/* Mesa's: turnip tu_cmd_buffer.c tu6_cache_flush, computerator a6xx.cc cache_flush */
		msm_cs_pkt7(cs, CP_WAIT_MEM_GTE, 4);
		msm_cs_emit(cs, CP_WAIT_MEM_GTE_0(.reserved = 0));
	}
	msm_cs_addr(cs, bo, offset, MSM_SUBMIT_BO_READ);
	msm_cs_emit(cs, ref);
}

void msm_cs_read_alwayson(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset)
{
	/*
	 * lo and hi as one 64-bit read, so the halves belong together: the
	 * kernel's a6xx_submit reads CP_ALWAYS_ON_COUNTER so (get_stats_counter)
	 */
	msm_cs_reg_to_mem(cs, msm_alwayson_reg(cs->dev), 2, true, bo, offset);
}

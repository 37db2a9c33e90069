// SPDX-License-Identifier: MIT
/*
 * The pkt7 opcodes the model's CP executes, one handler each, payloads
 * read with the generated adreno_pm4.xml.h field getters (NAME__get) and
 * dword indices, and the opcode table of each generation, indexed by
 * opcode (the same number means different packets on different chips:
 * 0x14 is CP_WAIT_MEM_GTE on a6xx and CP_WAIT_TIMESTAMP on a7xx; 0x46 is
 * CP_EVENT_WRITE before a7xx and CP_EVENT_WRITE7 from it). An opcode
 * without a handler stops the CP: not modelled.
 */
#include <time.h>

#include "msm/adreno_pm4.xml.h"
#include "msm/pm4_header.h"
#include "msm/model/cp.h"
#include "msm/model/klog.h"

bool cp_need(struct cp *cp, const char *name, uint32_t count, uint32_t min, uint32_t max)
{
	if (count >= min && count <= max)
		return true;
	return cp_fault(cp, "%s with %u payload dwords (expects %u..%u)", name, count, min, max);
}

/* A packet with nothing for the model to do (the table says why). */
static bool cp_nop(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return true;
}

/* ADDR, then the dwords to store there. */
static bool cp_mem_write(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint64_t addr;

	addr = cp_addr(&p[REG_CP_MEM_WRITE_ADDR__A5XX]);
	if (msm_broken(MSM_BREAK_MEM_WRITE_OFFSET))
		addr += 4;
	return cp_write_dwords(cp, addr, &p[2], count - 2);
}

bool cp_read_reg(struct cp *cp, uint32_t reg, uint32_t *v)
{
	if (!msm_reg_read(cp->regs, reg, v)) {
		msm_klog_protect(cp, reg, false);
		return cp_fault(cp, "read of protected register %#x", reg);
	}
	return true;
}

bool cp_write_reg(struct cp *cp, uint32_t reg, uint32_t v)
{
	if (!msm_reg_write(cp->regs, reg, v)) {
		msm_klog_protect(cp, reg, true);
		return cp_fault(cp, "write to protected register %#x", reg);
	}
	return true;
}

/* DST = ±A [± B [± C]], 32 or 64 bits (DOUBLE). */
static bool cp_mem_to_mem(struct cp *cp, const uint32_t *p, uint32_t count)
{
	static const uint32_t src_at[] = { REG_CP_MEM_TO_MEM_SRC_A, REG_CP_MEM_TO_MEM_SRC_B,
					   REG_CP_MEM_TO_MEM_SRC_C };
	uint32_t flags = p[REG_CP_MEM_TO_MEM_0], nsrc;
	const bool neg[] = { CP_MEM_TO_MEM_0_NEG_A__get(flags), CP_MEM_TO_MEM_0_NEG_B__get(flags),
			     CP_MEM_TO_MEM_0_NEG_C__get(flags) };
	bool b64 = CP_MEM_TO_MEM_0_DOUBLE__get(flags);
	uint64_t sum = 0, v;

	if (count % 2 == 0)
		return cp_fault(cp, "CP_MEM_TO_MEM with %u dwords: a source is cut", count);
	nsrc = (count - 3) / 2;
	for (uint32_t i = 0; i < nsrc; i++) {
		uint64_t at = cp_addr(&p[src_at[i]]);
		uint32_t v32;

		if (b64 ? !cp_read64(cp, at, &v) : !cp_read32(cp, at, &v32))
			return false;
		if (!b64)
			v = v32;
		sum += neg[i] && !msm_broken(MSM_BREAK_MEM_TO_MEM_NEG) ? -v : v;
	}
	return b64 ? cp_write64(cp, cp_addr(&p[REG_CP_MEM_TO_MEM_DST]), sum) :
		     cp_write32(cp, cp_addr(&p[REG_CP_MEM_TO_MEM_DST]), (uint32_t)sum);
}

static bool compare(uint32_t function, bool is_signed, uint32_t value, uint32_t ref)
{
	int32_t sv = (int32_t)value, sr = (int32_t)ref;

	switch (function) {
	case WRITE_ALWAYS:
		return true;
	case WRITE_LT:
		return is_signed ? sv < sr : value < ref;
	case WRITE_LE:
		return is_signed ? sv <= sr : value <= ref;
	case WRITE_EQ:
		return value == ref;
	case WRITE_NE:
		return value != ref;
	case WRITE_GE:
		return is_signed ? sv >= sr : value >= ref;
	case WRITE_GT:
		return is_signed ? sv > sr : value > ref;
	default:
		return false;
	}
}

/* Poll until @test passes; no progress meanwhile, so a wait forever hangs. */
static bool poll_until(struct cp *cp, uint64_t addr, bool reg, uint32_t function, bool is_signed,
		       uint32_t ref, uint32_t mask)
{
	uint32_t v;

	for (;;) {
		if (reg ? !cp_read_reg(cp, (uint32_t)addr, &v) : !cp_read32(cp, addr, &v))
			return false;
		if (compare(function, is_signed, v & mask, ref))
			return true;
		if (model_job_cancelled(&cp->submit->job))
			return false;
		model_job_poll_sleep(&cp->submit->job, 20000);
	}
}

static bool cp_wait_reg_mem(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0 = p[REG_CP_WAIT_REG_MEM_0], function, poll;

	function = CP_WAIT_REG_MEM_0_FUNCTION__get(d0);
	poll = CP_WAIT_REG_MEM_0_POLL__get(d0);
	if (function > WRITE_GT)
		return cp_fault(cp, "CP_WAIT_REG_MEM function %u", function);
	if (poll != POLL_MEMORY && poll != POLL_REGISTER)
		return cp_fault(cp, "CP_WAIT_REG_MEM poll source %u is not modelled", poll);
	return poll_until(cp, cp_addr(&p[REG_CP_WAIT_REG_MEM_POLL_ADDR]), poll == POLL_REGISTER,
			  function, CP_WAIT_REG_MEM_0_SIGNED_COMPARE__get(d0),
			  p[REG_CP_WAIT_REG_MEM_3], p[REG_CP_WAIT_REG_MEM_4]);
}

/*
 * a6xx CP_WAIT_MEM_GTE: until the dword at POLL_ADDR >= REF, "using signed
 * comparison" (adreno_pm4.xml). Whether the firmware compares the values
 * as signed or their difference (which differs only 2^31 apart) is a
 * hardware claim still to be verified on silicon; the model compares the
 * values.
 */
static bool cp_wait_mem_gte(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return poll_until(cp, cp_addr(&p[REG_CP_WAIT_MEM_GTE_POLL_ADDR]), false, WRITE_GE, true,
			  p[REG_CP_WAIT_MEM_GTE_3], ~0u);
}

/*
 * a7xx CP_WAIT_TIMESTAMP, on CP_WAIT_MEM_GTE's opcode, in the form the
 * kernel emits (a6xx_gpu.c a7xx_submit, a6xx_set_pagetable): dword 0 = 0,
 * i.e. WAIT_VALUE_SRC TS_WAIT_GE_32B and WAIT_DST TS_WAIT_RAM, then ADDR
 * and SRC_0: until the dword at ADDR >= SRC_0, signed (adreno_pm4.xml
 * ts_wait_value_src; the same comparison as CP_WAIT_MEM_GTE). The 64-bit
 * and on-chip forms have no user in the kernel or Mesa: not modelled.
 */
static bool cp_wait_timestamp(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0;

	d0 = p[REG_CP_WAIT_TIMESTAMP_0];
	if (CP_WAIT_TIMESTAMP_0_WAIT_DST__get(d0) != TS_WAIT_RAM)
		return cp_fault(cp, "CP_WAIT_TIMESTAMP on on-chip memory is not modelled");
	if (CP_WAIT_TIMESTAMP_0_WAIT_VALUE_SRC__get(d0) != TS_WAIT_GE_32B)
		return cp_fault(cp, "CP_WAIT_TIMESTAMP source %u is not modelled",
				CP_WAIT_TIMESTAMP_0_WAIT_VALUE_SRC__get(d0));
	return poll_until(cp, cp_addr(&p[REG_CP_WAIT_TIMESTAMP_ADDR]), false, WRITE_GE, true,
			  p[REG_CP_WAIT_TIMESTAMP_SRC_0], ~0u);
}

static bool ts_event(uint32_t event)
{
	return event == CACHE_FLUSH_TS || event == RB_DONE_TS;
}

/*
 * a5xx/a6xx: EVENT alone, or with ADDR and a dword. With TIMESTAMP the CP
 * writes the always-on counter "instead of value from packet"
 * (adreno_pm4.xml), 64 bits: Mesa samples GPU time that way and reads
 * 64-bit results (fd5_query.c and fd6_query.c timestamp_resume, turnip
 * tu_trace_record_ts). Without it, a _TS event writes the packet's dword
 * when earlier work is done (the kernel's fence: a6xx_gpu.c a6xx_submit).
 */
static bool cp_event_write(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0;
	uint64_t addr;

	d0 = p[REG_CP_EVENT_WRITE_0];
	/* a6xx: the event blit (blit_gmem.c); a5xx's BLIT event is another one */
	if (cp->info->gen == 6 && CP_EVENT_WRITE_0_EVENT__get(d0) == CCU_RESOLVE)
		return cp_event_blit(cp);
	if (count == 1)
		return true;
	if (count != 4)
		return cp_fault(cp, "CP_EVENT_WRITE with %u dwords", count);
	addr = cp_addr(&p[REG_CP_EVENT_WRITE_ADDR]);
	if (CP_EVENT_WRITE_0_TIMESTAMP__get(d0))
		return cp_write64(cp, addr, msm_alwayson_now());
	if (!ts_event(CP_EVENT_WRITE_0_EVENT__get(d0)))
		return true;
	return cp_write32(cp, addr, p[REG_CP_EVENT_WRITE_3]);
}

/* a7xx: nothing is written without WRITE_ENABLED; then WRITE_SRC says what. */
static bool cp_event_write7(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0 = count ? p[REG_CP_EVENT_WRITE7_0] : 0;
	uint64_t addr;

	if (!CP_EVENT_WRITE7_0_WRITE_ENABLED__get(d0))
		return true;
	if (CP_EVENT_WRITE7_0_WRITE_DST__get(d0) != EV_DST_RAM)
		return cp_fault(cp, "CP_EVENT_WRITE7 to on-chip memory is not modelled");
	if (count < 3)
		return cp_fault(cp, "CP_EVENT_WRITE7 write without an address");
	addr = cp_addr(&p[REG_CP_EVENT_WRITE7_1]);
	switch (CP_EVENT_WRITE7_0_WRITE_SRC__get(d0)) {
	case EV_WRITE_USER_32B:
		return cp_need(cp, "CP_EVENT_WRITE7 USER_32B", count, 4, 4) &&
		       cp_write32(cp, addr, p[REG_CP_EVENT_WRITE7_3]);
	case EV_WRITE_USER_64B:
		return cp_need(cp, "CP_EVENT_WRITE7 USER_64B", count, 5, 5) &&
		       cp_write64(cp, addr, p[REG_CP_EVENT_WRITE7_3] |
					    (uint64_t)p[REG_CP_EVENT_WRITE7_4] << 32);
	case EV_WRITE_ALWAYSON:
		return cp_write64(cp, addr, msm_alwayson_now());
	default:
		return cp_fault(cp, "CP_EVENT_WRITE7 source %u is not modelled",
				CP_EVENT_WRITE7_0_WRITE_SRC__get(d0));
	}
}

/*
 * Run the next DWORDS if *BOOL != 0 and ACTIVE - *TIMESTAMP < 2^31
 * (adreno_pm4.xml). turnip's comment (tu_query.cc) has *TIMESTAMP < ACTIVE:
 * for an equal timestamp the two disagree, a hardware claim still to be
 * verified; the model follows the database.
 */
static bool cp_cond_exec(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t flag, ts, active;

	if (!cp_read32(cp, cp_addr(&p[REG_CP_COND_EXEC_BOOL_ADDR]), &flag) ||
	    !cp_read32(cp, cp_addr(&p[REG_CP_COND_EXEC_TIMESTAMP_ADDR]), &ts))
		return false;
	active = p[REG_CP_COND_EXEC_ACTIVE_TIMESTAMP];
	if (!(flag != 0 && active - ts < 0x80000000u) != msm_broken(MSM_BREAK_COND_EXEC_INVERTED))
		cp->skip = p[REG_CP_COND_EXEC_DWORDS];
	return true;
}

static bool cp_indirect_buffer(struct cp *cp, const uint32_t *p, uint32_t count)
{
	bool skip = false;

	if (cp->info->gen == 6 && cp->ib_level == 1 && (!cp_ib2_skipped(cp, &skip) || skip))
		return !cp->faulted;
	if (cp->draw.in_group)
		return cp_fault(cp, "CP_INDIRECT_BUFFER inside a draw-state group is not modelled");
	return cp_exec_ib(cp, cp_addr(&p[REG_A5XX_CP_INDIRECT_BUFFER_IB_BASE]),
			  A5XX_CP_INDIRECT_BUFFER_2_IB_SIZE__get(p[REG_A5XX_CP_INDIRECT_BUFFER_2]));
}

/*
 * The kernel emits CP_SET_PROTECTED_MODE, CP_SMMU_TABLE_UPDATE and
 * CP_SET_SECURE_MODE from its own ringbuffer only (a5xx/a6xx_gpu.c: around
 * the pagetable switch and at init). From a user IB they would let a
 * process turn CP_PROTECT off or switch to another process's pagetable,
 * so the SQE must refuse them there. The kernel and Mesa do not document
 * how the firmware refuses (an illegal-instruction error, as modelled, or
 * dropping the packet); the tests assert what holds either way where
 * they can (CP_PROTECT still applies after CP_SET_PROTECTED_MODE 0).
 */
static bool cp_ring_only(struct cp *cp, const uint32_t *p, uint32_t count)
{
	if (msm_broken(MSM_BREAK_RING_ONLY_ALLOWED))
		return true;
	msm_klog_illegal(cp);
	return cp_fault(cp, "illegal instruction: %s belongs to the kernel's ringbuffer, not IB%u",
			cp->packet, cp->ib_level);
}

/* @lo..@hi: the payload dwords the packet takes, checked before @handler runs (cp.c). */
#define PKT(op, handler, lo, hi) [op] = { .name = #op, .fn = handler, .min = lo, .max = hi }
#define MAXLEN PM4_TYPE7_MAX_COUNT	/* any length: the handler's own rule, or none */

/* From a5xx on, with the same opcode and layout. */
/* The CP_WAIT_* have no pipeline to drain: every earlier write is already visible. */
#define PACKETS_A5XX_ON                                                 \
	PKT(CP_NOP, cp_nop, 0, MAXLEN),                                 \
	PKT(CP_WAIT_FOR_IDLE, cp_nop, 0, 0),                            \
	PKT(CP_WAIT_FOR_ME, cp_nop, 0, 0),                              \
	PKT(CP_WAIT_MEM_WRITES, cp_nop, 0, 0),                          \
	PKT(CP_MEM_WRITE, cp_mem_write, 3, MAXLEN),                     \
	PKT(CP_REG_TO_MEM, cp_reg_to_mem, 3, 3),                        \
	PKT(CP_MEM_TO_REG, cp_mem_to_reg, 3, 3),                        \
	PKT(CP_REG_RMW, cp_reg_rmw, 3, 3),                              \
	PKT(CP_MEM_TO_MEM, cp_mem_to_mem, 5, 9),                        \
	PKT(CP_WAIT_REG_MEM, cp_wait_reg_mem, 6, 6),                    \
	PKT(CP_COND_EXEC, cp_cond_exec, 6, 6),                          \
	PKT(CP_INDIRECT_BUFFER, cp_indirect_buffer, 3, 3),              \
	PKT(CP_SET_PROTECTED_MODE, cp_ring_only, 0, MAXLEN),            \
	PKT(CP_SMMU_TABLE_UPDATE, cp_ring_only, 0, MAXLEN),             \
	PKT(CP_SET_SECURE_MODE, cp_ring_only, 0, MAXLEN)

#define NR_OPCODES (PM4_TYPE7_MAX_OPCODE + 1)

static const struct cp_packet a5xx_packets[NR_OPCODES] = {
	PACKETS_A5XX_ON,
	PKT(CP_EVENT_WRITE, cp_event_write, 1, 4),
};

static const struct cp_packet a6xx_packets[NR_OPCODES] = {
	PACKETS_A5XX_ON,
	PKT(CP_EVENT_WRITE, cp_event_write, 1, 4),
	PKT(CP_WAIT_MEM_GTE, cp_wait_mem_gte, 4, 4),
	/* what freedreno's a6xx backend emits (fd6_emit.c, fd6_draw.c, fd6_gmem.c) */
	PKT(CP_SET_DRAW_STATE, cp_set_draw_state, 0, MAXLEN),
	PKT(CP_SET_MARKER, cp_set_marker, 1, 1),
	PKT(CP_SET_MODE, cp_set_mode, 1, 1),
	PKT(CP_SKIP_IB2_ENABLE_GLOBAL, cp_skip_ib2_global, 1, 1),
	PKT(CP_SKIP_IB2_ENABLE_LOCAL, cp_skip_ib2_local, 1, 1),
	PKT(CP_SET_VISIBILITY_OVERRIDE, cp_set_visibility_override, 1, 1),
	PKT(CP_SET_BIN_DATA5, cp_set_bin_data5, 5, 7),
	PKT(CP_START_BIN, cp_start_bin, 5, 5),
	PKT(CP_END_BIN, cp_nop, 0, MAXLEN),
	PKT(CP_REG_WRITE, cp_reg_write, 3, 3),
	PKT(CP_DRAW_INDX_OFFSET, cp_draw_indx_offset, 3, 7),
	/*
	 * Shader code and constants for the shader core, which the model does
	 * not have. Accepted: the state is consumed by draws that are counted,
	 * not drawn.
	 */
	PKT(CP_LOAD_STATE6, cp_nop, 3, MAXLEN),
	PKT(CP_LOAD_STATE6_GEOM, cp_nop, 3, MAXLEN),
	PKT(CP_LOAD_STATE6_FRAG, cp_nop, 3, MAXLEN),
	PKT(CP_BLIT, cp_blit, 1, 1),
};

static const struct cp_packet a7xx_packets[NR_OPCODES] = {
	PACKETS_A5XX_ON,
	PKT(CP_EVENT_WRITE7, cp_event_write7, 1, 5),
	PKT(CP_WAIT_TIMESTAMP, cp_wait_timestamp, 4, 5),
};

const struct cp_packet *cp_packet_table(unsigned int gen)
{
	return gen == 5 ? a5xx_packets : gen == 6 ? a6xx_packets : a7xx_packets;
}

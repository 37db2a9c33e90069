// SPDX-License-Identifier: MIT
/*
 * The pkt7 opcodes the model's CP executes, one handler each, payloads
 * read with the generated adreno_pm4.xml.h field masks and dword indices.
 * Opcodes are looked up per generation (the same number means different
 * packets on different chips: 0x14 is CP_WAIT_MEM_GTE on a6xx and
 * CP_WAIT_TIMESTAMP on a7xx; 0x46 is CP_EVENT_WRITE before a7xx and
 * CP_EVENT_WRITE7 from it). Anything not in the table is an opcode error.
 */
#include <time.h>

#include "msm/adreno_pm4.xml.h"
#include "msm/pm4_header.h"
#include "msm/model/cp.h"
#include "msm/model/klog.h"

#define FIELD(v, f) (((v) & f##__MASK) >> f##__SHIFT)

bool cp_need(struct cp *cp, const char *name, uint32_t count, uint32_t min, uint32_t max)
{
	if (count >= min && count <= max)
		return true;
	return cp_fault(cp, "%s with %u payload dwords (expects %u..%u)", name, count, min, max);
}

static bool cp_nop(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return true;
}

/* No pipeline to drain: every earlier write is already visible. */
static bool cp_wait_idle(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return cp_need(cp, "CP_WAIT_*", count, 0, 0);
}

static bool cp_mem_write(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint64_t addr;

	if (!cp_need(cp, "CP_MEM_WRITE", count, 3, PM4_TYPE7_MAX_COUNT))
		return false;
	addr = cp_addr(&p[REG_CP_MEM_WRITE_ADDR__A5XX]);
	if (msm_broken(MSM_BREAK_MEM_WRITE_OFFSET))
		addr += 4;
	for (uint32_t i = 2; i < count; i++)
		if (!cp_write32(cp, addr + 4ull * (i - 2), p[i]))
			return false;
	return true;
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
	static const uint32_t neg[] = { CP_MEM_TO_MEM_0_NEG_A__MASK, CP_MEM_TO_MEM_0_NEG_B__MASK,
					CP_MEM_TO_MEM_0_NEG_C__MASK };
	uint32_t flags = p[REG_CP_MEM_TO_MEM_0], nsrc;
	bool b64 = flags & CP_MEM_TO_MEM_0_DOUBLE__MASK;
	uint64_t sum = 0, v;

	if (!cp_need(cp, "CP_MEM_TO_MEM", count, 5, 9))
		return false;
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
		sum += flags & neg[i] && !msm_broken(MSM_BREAK_MEM_TO_MEM_NEG) ? -v : v;
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
	const struct timespec pause = { 0, 20000 };
	uint32_t v;

	for (;;) {
		if (reg ? !cp_read_reg(cp, (uint32_t)addr, &v) : !cp_read32(cp, addr, &v))
			return false;
		if (compare(function, is_signed, v & mask, ref))
			return true;
		if (model_job_cancelled(&cp->submit->job))
			return false;
		nanosleep(&pause, NULL);
	}
}

static bool cp_wait_reg_mem(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0 = p[REG_CP_WAIT_REG_MEM_0], function, poll;

	if (!cp_need(cp, "CP_WAIT_REG_MEM", count, 6, 6))
		return false;
	function = FIELD(d0, CP_WAIT_REG_MEM_0_FUNCTION);
	poll = FIELD(d0, CP_WAIT_REG_MEM_0_POLL);
	if (function > WRITE_GT)
		return cp_fault(cp, "CP_WAIT_REG_MEM function %u", function);
	if (poll != POLL_MEMORY && poll != POLL_REGISTER)
		return cp_fault(cp, "CP_WAIT_REG_MEM poll source %u is not modelled", poll);
	return poll_until(cp, cp_addr(&p[REG_CP_WAIT_REG_MEM_POLL_ADDR]), poll == POLL_REGISTER,
			  function, d0 & CP_WAIT_REG_MEM_0_SIGNED_COMPARE__MASK,
			  p[REG_CP_WAIT_REG_MEM_3], p[REG_CP_WAIT_REG_MEM_4]);
}

static bool cp_wait_mem_gte(struct cp *cp, const uint32_t *p, uint32_t count)
{
	if (!cp_need(cp, "CP_WAIT_MEM_GTE", count, 4, 4))
		return false;
	return poll_until(cp, cp_addr(&p[REG_CP_WAIT_MEM_GTE_POLL_ADDR]), false, WRITE_GE, false,
			  p[REG_CP_WAIT_MEM_GTE_3], ~0u);
}

static bool ts_event(uint32_t event)
{
	return event == CACHE_FLUSH_TS || event == RB_DONE_TS;
}

/* a5xx/a6xx: EVENT alone, or with an address and a 32-bit value to write. */
static bool cp_event_write(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0;

	if (!cp_need(cp, "CP_EVENT_WRITE", count, 1, 4))
		return false;
	d0 = p[REG_CP_EVENT_WRITE_0];
	if (count == 1)
		return true;
	if (count != 4)
		return cp_fault(cp, "CP_EVENT_WRITE with %u dwords", count);
	if (!(d0 & CP_EVENT_WRITE_0_TIMESTAMP__MASK) &&
	    !ts_event(FIELD(d0, CP_EVENT_WRITE_0_EVENT)))
		return true;
	return cp_write32(cp, cp_addr(&p[REG_CP_EVENT_WRITE_ADDR]), p[REG_CP_EVENT_WRITE_3]);
}

/* a7xx: nothing is written without WRITE_ENABLED; then WRITE_SRC says what. */
static bool cp_event_write7(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0 = count ? p[REG_CP_EVENT_WRITE7_0] : 0;
	uint64_t addr;

	if (!cp_need(cp, "CP_EVENT_WRITE7", count, 1, 5))
		return false;
	if (!(d0 & CP_EVENT_WRITE7_0_WRITE_ENABLED__MASK))
		return true;
	if (FIELD(d0, CP_EVENT_WRITE7_0_WRITE_DST) != EV_DST_RAM)
		return cp_fault(cp, "CP_EVENT_WRITE7 to on-chip memory is not modelled");
	if (count < 3)
		return cp_fault(cp, "CP_EVENT_WRITE7 write without an address");
	addr = cp_addr(&p[REG_CP_EVENT_WRITE7_1]);
	switch (FIELD(d0, CP_EVENT_WRITE7_0_WRITE_SRC)) {
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
				FIELD(d0, CP_EVENT_WRITE7_0_WRITE_SRC));
	}
}

/* Run the next DWORDS if *BOOL != 0 and ACTIVE - *TIMESTAMP < 2^31. */
static bool cp_cond_exec(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t flag, ts, active;

	if (!cp_need(cp, "CP_COND_EXEC", count, 6, 6))
		return false;
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
	if (!cp_need(cp, "CP_INDIRECT_BUFFER", count, 3, 3))
		return false;
	return cp_exec_ib(cp, cp_addr(&p[REG_A5XX_CP_INDIRECT_BUFFER_IB_BASE]),
			  FIELD(p[REG_A5XX_CP_INDIRECT_BUFFER_2], A5XX_CP_INDIRECT_BUFFER_2_IB_SIZE));
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

struct cp_packet {
	uint32_t opcode;
	unsigned int min_gen, max_gen;
	const char *name;
	cp_packet_fn fn;
};

#define PKT(op, lo, hi, fn) { op, lo, hi, #op, fn }

static const struct cp_packet packets[] = {
	PKT(CP_NOP, 5, 7, cp_nop),
	PKT(CP_WAIT_FOR_IDLE, 5, 7, cp_wait_idle),
	PKT(CP_WAIT_FOR_ME, 5, 7, cp_wait_idle),
	PKT(CP_WAIT_MEM_WRITES, 5, 7, cp_wait_idle),
	PKT(CP_MEM_WRITE, 5, 7, cp_mem_write),
	PKT(CP_REG_TO_MEM, 5, 7, cp_reg_to_mem),
	PKT(CP_MEM_TO_REG, 5, 7, cp_mem_to_reg),
	PKT(CP_REG_RMW, 5, 7, cp_reg_rmw),
	PKT(CP_MEM_TO_MEM, 5, 7, cp_mem_to_mem),
	PKT(CP_WAIT_REG_MEM, 5, 7, cp_wait_reg_mem),
	PKT(CP_WAIT_MEM_GTE, 6, 6, cp_wait_mem_gte),
	PKT(CP_EVENT_WRITE, 5, 6, cp_event_write),
	PKT(CP_EVENT_WRITE7, 7, 7, cp_event_write7),
	PKT(CP_COND_EXEC, 5, 7, cp_cond_exec),
	PKT(CP_INDIRECT_BUFFER, 5, 7, cp_indirect_buffer),
	PKT(CP_SET_PROTECTED_MODE, 5, 7, cp_ring_only),
	PKT(CP_SMMU_TABLE_UPDATE, 5, 7, cp_ring_only),
	PKT(CP_SET_SECURE_MODE, 5, 7, cp_ring_only),
};

cp_packet_fn cp_packet_handler(const struct cp *cp, uint32_t opcode, const char **name)
{
	for (unsigned int i = 0; i < sizeof(packets) / sizeof(packets[0]); i++) {
		const struct cp_packet *pk = &packets[i];

		if (pk->opcode != opcode)
			continue;
		*name = pk->name;
		if (cp->info->gen >= pk->min_gen && cp->info->gen <= pk->max_gen)
			return pk->fn;
	}
	return NULL;
}

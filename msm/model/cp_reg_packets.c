// SPDX-License-Identifier: MIT
/*
 * The pkt7 opcodes that move values between registers and memory, or
 * modify a register in place. Every register they name comes from the
 * stream, so each access goes through CP_PROTECT (cp_read_reg and
 * cp_write_reg): a no-access range faults on read and write, a read-only
 * range on write.
 */
#include "msm/adreno_pm4.xml.h"
#include "msm/model/cp.h"

static bool reg_to_mem32(struct cp *cp, uint32_t reg, uint64_t at, bool accumulate)
{
	uint32_t v, old = 0;

	if (!cp_read_reg(cp, reg, &v))
		return false;
	if (accumulate && !cp_read32(cp, at, &old))
		return false;
	return cp_write32(cp, at, v + old);
}

/* One sample of a 64-bit pair: hi, lo, hi again until no carry came between. */
static bool reg_to_mem64(struct cp *cp, uint32_t reg, uint64_t at, bool accumulate)
{
	uint32_t lo, hi, again;
	uint64_t old = 0;

	do {
		if (!cp_read_reg(cp, reg + 1, &hi) || !cp_read_reg(cp, reg, &lo) ||
		    !cp_read_reg(cp, reg + 1, &again))
			return false;
	} while (again != hi);
	if (accumulate && !cp_read64(cp, at, &old))
		return false;
	return cp_write64(cp, at, (lo | (uint64_t)hi << 32) + old);
}

/* CNT dwords of registers from REG; 64B reads them as pairs, ACCUMULATE adds. */
bool cp_reg_to_mem(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0, reg, cnt;
	bool b64, accumulate;
	uint64_t dst;

	d0 = p[REG_CP_REG_TO_MEM_0];
	reg = CP_REG_TO_MEM_0_REG__get(d0);
	cnt = CP_REG_TO_MEM_0_CNT__get(d0);
	b64 = CP_REG_TO_MEM_0_64B__get(d0);
	accumulate = CP_REG_TO_MEM_0_ACCUMULATE__get(d0);
	dst = cp_addr(&p[1]);	/* DEST: reg64 at dword 1 on a5xx+ */
	if (b64)
		cnt = (cnt + 1) & ~1u;
	for (uint32_t i = 0; i < cnt; i += b64 ? 2 : 1) {
		bool ok = b64 ? reg_to_mem64(cp, reg + i, dst + 4ull * i, accumulate) :
				reg_to_mem32(cp, reg + i, dst + 4ull * i, accumulate);

		if (!ok)
			return false;
	}
	return true;
}

/*
 * max(CNT, 1) dwords from SRC into consecutive registers from REG;
 * SHIFT_BY_2 shifts each left by two on the way. UNK31 has no documented
 * meaning (adreno_pm4.xml: "same as CP_MEM_TO_MEM::UNK31"), so the model
 * refuses it rather than guess.
 */
bool cp_mem_to_reg(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0, cnt, v;
	uint64_t src;

	d0 = p[REG_CP_MEM_TO_REG_0];
	if (CP_MEM_TO_REG_0_UNK31__get(d0))
		return cp_fault(cp, "CP_MEM_TO_REG UNK31 is not modelled");
	cnt = CP_MEM_TO_REG_0_CNT__get(d0);
	src = cp_addr(&p[REG_CP_MEM_TO_REG_SRC]);
	for (uint32_t i = 0; i < (cnt ? cnt : 1); i++) {
		if (!cp_read32(cp, src + 4ull * i, &v))
			return false;
		if (CP_MEM_TO_REG_0_SHIFT_BY_2__get(d0))
			v <<= 2;
		if (!cp_write_reg(cp, CP_MEM_TO_REG_0_REG__get(d0) + i, v))
			return false;
	}
	return true;
}

static uint32_t rotl32(uint32_t v, uint32_t n)
{
	n &= 31;
	return n ? v << n | v >> (32 - n) : v;
}

/*
 * DST = ((DST & SRC0) rotl ROTATE) | SRC1, or + SRC1 with SRC1_ADD; each
 * source is an immediate or, with SRCn_IS_REG, a register. The a7xx
 * DST_SCRATCH form (a CP-internal scratch destination) is not modelled.
 */
bool cp_reg_rmw(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t d0, dst, src0, src1, v;

	d0 = p[REG_CP_REG_RMW_0];
	dst = CP_REG_RMW_0_DST_REG__get(d0);
	src0 = p[REG_CP_REG_RMW_1];
	src1 = p[REG_CP_REG_RMW_2];
	if (cp->info->gen >= 7 && (CP_REG_RMW_0_DST_SCRATCH__get(d0)))
		return cp_fault(cp, "CP_REG_RMW DST_SCRATCH is not modelled");
	if ((CP_REG_RMW_0_SRC0_IS_REG__get(d0)) && !cp_read_reg(cp, src0, &src0))
		return false;
	if ((CP_REG_RMW_0_SRC1_IS_REG__get(d0)) && !cp_read_reg(cp, src1, &src1))
		return false;
	if (!cp_read_reg(cp, dst, &v))
		return false;
	v = rotl32(v & src0, CP_REG_RMW_0_ROTATE__get(d0));
	if ((CP_REG_RMW_0_SRC1_ADD__get(d0)) && !msm_broken(MSM_BREAK_REG_RMW_NO_ADD))
		v += src1;
	else
		v |= src1;
	return cp_write_reg(cp, dst, v);
}

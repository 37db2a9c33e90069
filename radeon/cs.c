// SPDX-License-Identifier: MIT
/*
 * R300 command streams: the dword buffer, packet headers from the
 * generated radeon_pm4.xml.h, register writes and relocation NOPs.
 */
#include <stdlib.h>
#include <radeon_cs.h>

#include "core/test.h"
#include "radeon/r300_cs.h"
#include "radeon/radeon_pm4.xml.h"
#include "util/util.h"

struct r300_cs *r300_cs_new(struct r300_device *dev, uint32_t max_dwords)
{
	struct r300_cs *cs;

	igt_assert_f(max_dwords <= R300_CS_MAX_DWORDS,
		     "libdrm_radeon takes at most %u dwords per CS\n", R300_CS_MAX_DWORDS);
	cs = calloc(1, sizeof(*cs) + max_dwords * sizeof(cs->dw[0]));
	igt_assert(cs);
	cs->dev = dev;
	cs->chip = dev->family;
	cs->cap = max_dwords;
	return cs;
}

void r300_cs_free(struct r300_cs *cs)
{
	if (!cs)
		return;
	if (cs->lcs)
		radeon_cs_destroy(cs->lcs);
	free(cs);
}

void r300_cs_reset(struct r300_cs *cs)
{
	cs->len = 0;
	cs->nr_bos = 0;
	cs->nr_relocs = 0;
}

void r300_cs_emit(struct r300_cs *cs, uint32_t dw)
{
	igt_assert_f(cs->len < cs->cap, "command stream full (%u dwords)\n", cs->cap);
	cs->dw[cs->len++] = dw;
}

void r300_cs_emitf(struct r300_cs *cs, float f)
{
	r300_cs_emit(cs, float_bits(f));
}

static void check_count(uint32_t n)
{
	/* COUNT holds n - 1 in 14 bits */
	igt_assert_f(n >= 1 && n <= (radeon_packet0_COUNT__MASK >> radeon_packet0_COUNT__SHIFT) + 1,
		     "a packet of %u payload dwords does not fit a header\n", n);
}

static void check_reg(uint32_t reg)
{
	igt_assert_f(reg % 4 == 0 && (reg >> 2) <= radeon_packet0_REG__MASK,
		     "register %#x is not a PACKET0 byte offset\n", reg);
}

static void packet0(struct r300_cs *cs, uint32_t reg, uint32_t n, bool one_reg)
{
	check_count(n);
	check_reg(reg);
	r300_cs_emit(cs, radeon_packet0(.type = PACKET_TYPE0, .reg = reg, .count = n - 1,
					.one_reg_wr = one_reg));
}

void r300_cs_packet0(struct r300_cs *cs, uint32_t reg, uint32_t n)
{
	packet0(cs, reg, n, false);
}

void r300_cs_packet0_one_reg(struct r300_cs *cs, uint32_t reg, uint32_t n)
{
	packet0(cs, reg, n, true);
}

void r300_cs_packet2(struct r300_cs *cs)
{
	r300_cs_emit(cs, radeon_packet2(.type = PACKET_TYPE2));
}

void r300_cs_packet3(struct r300_cs *cs, uint32_t opcode, uint32_t n)
{
	check_count(n);
	r300_cs_emit(cs, radeon_packet3(.type = PACKET_TYPE3, .opcode = opcode, .count = n - 1));
}

/* A PACKET0 of @n @values: to @reg onwards, or all to @reg with ONE_REG_WR. */
static void packet0_values(struct r300_cs *cs, uint32_t reg, const uint32_t *values,
			   uint32_t n, bool one_reg)
{
	packet0(cs, reg, n, one_reg);
	for (uint32_t i = 0; i < n; i++)
		r300_cs_emit(cs, values[i]);
}

void r300_cs_regs(struct r300_cs *cs, uint32_t reg, const uint32_t *values, uint32_t n)
{
	packet0_values(cs, reg, values, n, false);
}

void r300_cs_reg_one(struct r300_cs *cs, uint32_t reg, const uint32_t *values, uint32_t n)
{
	packet0_values(cs, reg, values, n, true);
}

void r300_cs_reg(struct r300_cs *cs, uint32_t reg, uint32_t value)
{
	r300_cs_regs(cs, reg, &value, 1);
}

void r300_cs_regf(struct r300_cs *cs, uint32_t reg, float value)
{
	r300_cs_packet0(cs, reg, 1);
	r300_cs_emitf(cs, value);
}

uint32_t r300_cs_add_bo(struct r300_cs *cs, struct r300_bo *bo, bool write)
{
	for (uint32_t i = 0; i < cs->nr_bos; i++) {
		if (cs->bos[i].bo->handle == bo->handle) {
			cs->bos[i].write |= write;
			return i;
		}
	}
	igt_assert_f(cs->nr_bos < R300_CS_MAX_BOS, "more than %d BOs in one CS\n",
		     R300_CS_MAX_BOS);
	cs->bos[cs->nr_bos].bo = bo;
	cs->bos[cs->nr_bos].write = write;
	return cs->nr_bos++;
}

/*
 * The reloc NOP as Mesa's r300_emit_vertex_arrays_swtcl writes it by hand
 * (0xc0001000, then cs_lookup_buffer(...) * 4) and libdrm's
 * radeon_cs_write_reloc emits it; the kernel's r100_cs_packet_next_reloc
 * reads it.
 */
void r300_cs_reloc(struct r300_cs *cs, struct r300_bo *bo, bool write)
{
	uint32_t idx = r300_cs_add_bo(cs, bo, write);

	igt_assert_f(cs->nr_relocs < R300_CS_MAX_RELOC_NOPS, "more than %d relocations\n",
		     R300_CS_MAX_RELOC_NOPS);
	cs->reloc_at[cs->nr_relocs++] = cs->len;
	/* the payload is the dword offset of the reloc in the RELOCS chunk */
	r300_cs_packet3(cs, PACKET3_NOP, 1);
	r300_cs_emit(cs, idx * (sizeof(struct drm_radeon_cs_reloc) / 4));
}

void r300_cs_reg_reloc(struct r300_cs *cs, uint32_t reg, uint32_t value,
		       struct r300_bo *bo, bool write)
{
	r300_cs_reg(cs, reg, value);
	r300_cs_reloc(cs, bo, write);
}

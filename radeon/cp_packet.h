/* SPDX-License-Identifier: MIT */
/*
 * Radeon (r100-r500) CP packet headers: encoders and parsers side by side.
 *
 * TYPE 31:30; COUNT 29:16 = payload dwords - 1 (types 0 and 3).
 * Type 0: BASE_INDEX 12:0 = register byte offset >> 2, ONE_REG_WR b15
 * (every dword to the same register). Type 2: the filler 0x80000000.
 * Type 3: IT_OPCODE 15:8.
 * Source: the kernel's radeon_cs.c packet parser and r100d.h; the layout
 * is data in radeon/registers/radeon_pm4.xml. Emitted in these forms by
 * the kernel's PACKET0/PACKET2/PACKET3 macros (r100d.h) and Mesa's
 * r300_cs.h (OUT_CS_REG, OUT_CS_REG_SEQ, OUT_CS_ONE_REG, OUT_CS_PKT3).
 */
#ifndef DRMSUB_RADEON_CP_PACKET_H
#define DRMSUB_RADEON_CP_PACKET_H

#include <stdbool.h>
#include <stdint.h>

#define RADEON_CP_PACKET2 0x80000000u
#define RADEON_CP_PACKET3_BASE 0xc0000000u
#define RADEON_CP_PACKET0_ONE_REG_WR (1u << 15)
#define RADEON_CP_MAX_COUNT 0x4000u	/* 14 bits of count - 1 */
#define RADEON_CP_PACKET0_MAX_REG 0x7ffcu	/* 13 bits of dword index */

/* type 0: @n dwords to registers @reg, @reg + 4, ... */
static inline uint32_t radeon_cp_packet0(uint32_t reg, uint32_t n)
{
	return (n - 1) << 16 | ((reg >> 2) & 0x1fff);
}

/* type 0 with ONE_REG_WR: @n dwords, all to @reg (FIFO registers) */
static inline uint32_t radeon_cp_packet0_one_reg(uint32_t reg, uint32_t n)
{
	return radeon_cp_packet0(reg, n) | RADEON_CP_PACKET0_ONE_REG_WR;
}

/* type 3: @opcode with @n >= 1 payload dwords */
static inline uint32_t radeon_cp_packet3(uint32_t opcode, uint32_t n)
{
	return RADEON_CP_PACKET3_BASE | (n - 1) << 16 | (opcode & 0xff) << 8;
}

enum radeon_cp_type {
	RADEON_CP_TYPE0 = 0,
	RADEON_CP_TYPE1 = 1,	/* not accepted by the r100-r500 checkers */
	RADEON_CP_TYPE2 = 2,
	RADEON_CP_TYPE3 = 3,
};

struct radeon_cp_packet {
	enum radeon_cp_type type;
	uint32_t count;		/* payload dwords that follow (0 for type 2) */
	uint32_t reg;		/* type 0: first register, byte offset */
	bool one_reg_wr;	/* type 0 */
	uint32_t opcode;	/* type 3 */
};

static inline struct radeon_cp_packet radeon_cp_parse(uint32_t h)
{
	struct radeon_cp_packet p = { .type = (enum radeon_cp_type)(h >> 30) };

	switch (p.type) {
	case RADEON_CP_TYPE0:
		p.count = ((h >> 16) & 0x3fff) + 1;
		p.reg = (h & 0x1fff) << 2;
		p.one_reg_wr = h & RADEON_CP_PACKET0_ONE_REG_WR;
		break;
	case RADEON_CP_TYPE3:
		p.count = ((h >> 16) & 0x3fff) + 1;
		p.opcode = (h >> 8) & 0xff;
		break;
	case RADEON_CP_TYPE1:
	case RADEON_CP_TYPE2:
		break;
	}
	return p;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Adreno PM4 packet headers: encoders and parsers side by side, so the
 * builders, the decoder and the model's CP can never disagree.
 *
 * a5xx and later use type 4 (register writes) and type 7 (opcodes); both
 * carry odd-parity bits over the count and over the register/opcode.
 * a2xx-a4xx use type 0 (register writes), type 2 (filler) and type 3
 * (opcodes), with count - 1 in the header.
 * Encodings: Mesa src/freedreno/common/freedreno_pm4.h, the kernel's
 * adreno_pm4.xml.h; worked values in the tests (tests/lib/unit_packet_headers.c).
 */
#ifndef DRMSUB_MSM_PM4_HEADER_H
#define DRMSUB_MSM_PM4_HEADER_H

#include <stdbool.h>
#include <stdint.h>

#define PM4_TYPE4_BASE 0x40000000u
#define PM4_TYPE7_BASE 0x70000000u
#define PM4_TYPE2_NOP 0x80000000u
#define PM4_TYPE3_BASE 0xc0000000u

#define PM4_TYPE4_MAX_COUNT 0x7fu	/* 7 count bits */
#define PM4_TYPE4_MAX_REG 0x3ffffu	/* encodable register offset (dwords) */
#define PM4_TYPE7_MAX_COUNT 0x3fffu	/* 14 count bits */
#define PM4_TYPE7_MAX_OPCODE 0x7fu

/*
 * The parity bit that makes the number of ones in @v plus the bit odd:
 * 1 when @v has an even number of ones.
 */
static inline uint32_t pm4_odd_parity_bit(uint32_t v)
{
	return !__builtin_parity(v);
}

/* type 4: write @count consecutive registers starting at dword @reg */
static inline uint32_t pm4_pkt4_hdr(uint32_t reg, uint32_t count)
{
	return PM4_TYPE4_BASE | count | pm4_odd_parity_bit(count) << 7 |
	       (reg & PM4_TYPE4_MAX_REG) << 8 | pm4_odd_parity_bit(reg) << 27;
}

/* type 7: @opcode with @count payload dwords */
static inline uint32_t pm4_pkt7_hdr(uint32_t opcode, uint32_t count)
{
	return PM4_TYPE7_BASE | count | pm4_odd_parity_bit(count) << 15 |
	       (opcode & PM4_TYPE7_MAX_OPCODE) << 16 | pm4_odd_parity_bit(opcode) << 23;
}

/* type 3 (a2xx-a4xx): @opcode with @count >= 1 payload dwords */
static inline uint32_t pm4_pkt3_hdr(uint32_t opcode, uint32_t count)
{
	return PM4_TYPE3_BASE | (count - 1) << 16 | (opcode & 0xff) << 8;
}

/* type 0 (a2xx-a4xx): write @count >= 1 registers starting at @reg */
static inline uint32_t pm4_pkt0_hdr(uint32_t reg, uint32_t count)
{
	return (count - 1) << 16 | (reg & 0x7fff);
}

/* ---- parsing --------------------------------------------------------- */

enum pm4_type {
	PM4_TYPE0,
	PM4_TYPE2,
	PM4_TYPE3,
	PM4_TYPE4,
	PM4_TYPE7,
	PM4_INVALID,
};

struct pm4_packet {
	enum pm4_type type;
	uint32_t count;		/* payload dwords that follow the header */
	uint32_t reg;		/* type 0/4: first register (dword offset) */
	uint32_t opcode;	/* type 3/7 */
	bool parity_ok;		/* type 4/7 parity bits; always true for 0/2/3 */
};

/* Parse a header of a5xx+ streams (type 4 / type 7 only). */
static inline struct pm4_packet pm4_parse_a5xx(uint32_t h)
{
	struct pm4_packet p = { .type = PM4_INVALID, .parity_ok = true };

	if ((h & 0xf0000000u) == PM4_TYPE7_BASE) {
		p.type = PM4_TYPE7;
		p.count = h & PM4_TYPE7_MAX_COUNT;
		p.opcode = (h >> 16) & PM4_TYPE7_MAX_OPCODE;
		/* each parity bit makes its field plus itself odd; 27:24 are zero */
		p.parity_ok = __builtin_parity(h & (PM4_TYPE7_MAX_COUNT | 1u << 15)) &&
			      __builtin_parity(h & 0x00ff0000u) && !(h & 0x0f000000u);
	} else if ((h & 0xf0000000u) == PM4_TYPE4_BASE) {
		p.type = PM4_TYPE4;
		p.count = h & PM4_TYPE4_MAX_COUNT;
		/* 19 bits as decoders read them; encoders use 18 */
		p.reg = (h >> 8) & 0x7ffff;
		p.parity_ok = __builtin_parity(h & 0xffu) && __builtin_parity(h & 0x0fffff00u);
	}
	return p;
}

/* Parse a header of a2xx-a4xx streams (type 0 / 2 / 3). */
static inline struct pm4_packet pm4_parse_a2xx(uint32_t h)
{
	struct pm4_packet p = { .type = PM4_INVALID, .parity_ok = true };

	switch (h >> 30) {
	case 0:
		p.type = PM4_TYPE0;
		p.count = ((h >> 16) & 0x3fff) + 1;
		p.reg = h & 0x7fff;
		break;
	case 2:
		if (h == PM4_TYPE2_NOP)
			p.type = PM4_TYPE2;
		break;
	case 3:
		p.type = PM4_TYPE3;
		p.count = ((h >> 16) & 0x3fff) + 1;
		p.opcode = (h >> 8) & 0xff;
		break;
	}
	return p;
}

#endif

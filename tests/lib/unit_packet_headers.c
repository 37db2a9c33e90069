// SPDX-License-Identifier: MIT
/*
 * Packet-header encoders and parsers (msm/pm4_header.h,
 * nouveau/push_header.h, radeon/cp_packet.h) against values worked out by
 * hand from the documented encodings (see the comment on each group).
 */
#include "core/test.h"
#include "msm/pm4_header.h"
#include "nouveau/push_header.h"
#include "radeon/cp_packet.h"

/* Adreno opcodes and registers used below (dword offsets). */
enum {
	CP_NOP = 0x10, CP_WAIT_MEM_WRITES = 0x12, CP_WAIT_FOR_ME = 0x13,
	CP_WAIT_FOR_IDLE = 0x26, CP_WAIT_REG_MEM = 0x3c, CP_MEM_WRITE = 0x3d,
	CP_REG_TO_MEM = 0x3e, CP_INDIRECT_BUFFER = 0x3f, CP_EVENT_WRITE = 0x46,
	CP_MEM_TO_MEM = 0x73,
	A6XX_CP_SCRATCH_2 = 0x885, A5XX_CP_SCRATCH_2 = 0xb7a, AXXX_CP_SCRATCH_REG2 = 0x57a,
};

igt_main
{
	/*
	 * pkt7 = 0x70000000 | cnt | P(cnt) << 15 | op << 16 | P(op) << 23 with
	 * P(v) = 1 when v has an even number of ones. Two of these values also
	 * appear in seed 000's own dump (70b90001, 70c70002).
	 */
	igt_describe("type-7 headers carry the opcode, the count and both parity bits");
	igt_subtest("msm-pkt7-encode") {
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_NOP, 0), 0x70108000);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_MEM_WRITE, 3), 0x703d8003);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_EVENT_WRITE, 4), 0x70460004);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_EVENT_WRITE, 1), 0x70460001);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_WAIT_REG_MEM, 6), 0x70bc8006);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_REG_TO_MEM, 3), 0x703e8003);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_MEM_TO_MEM, 5), 0x70738005);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_WAIT_FOR_IDLE, 0), 0x70268000);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_WAIT_MEM_WRITES, 0), 0x70928000);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_WAIT_FOR_ME, 0), 0x70138000);
		igt_assert_eq_u32(pm4_pkt7_hdr(CP_INDIRECT_BUFFER, 3), 0x70bf8003);
		igt_assert_eq_u32(pm4_pkt7_hdr(0x39, 1), 0x70b90001);
		igt_assert_eq_u32(pm4_pkt7_hdr(0x47, 2), 0x70c70002);
	}

	/* pkt4 = 0x40000000 | cnt | P(cnt) << 7 | reg << 8 | P(reg) << 27 */
	igt_describe("type-4 headers carry the register, the count and both parity bits");
	igt_subtest("msm-pkt4-encode") {
		igt_assert_eq_u32(pm4_pkt4_hdr(A6XX_CP_SCRATCH_2, 1), 0x48088501);
		igt_assert_eq_u32(pm4_pkt4_hdr(A5XX_CP_SCRATCH_2, 1), 0x480b7a01);
	}

	/* pkt3 = 0xc0000000 | (cnt - 1) << 16 | op << 8; pkt0 = (cnt - 1) << 16 | reg */
	igt_describe("a2xx-a4xx type-3 and type-0 headers hold count - 1");
	igt_subtest("msm-pkt3-pkt0-encode") {
		igt_assert_eq_u32(pm4_pkt3_hdr(CP_EVENT_WRITE, 3), 0xc0024600);
		igt_assert_eq_u32(pm4_pkt3_hdr(CP_MEM_WRITE, 2), 0xc0013d00);
		igt_assert_eq_u32(pm4_pkt0_hdr(AXXX_CP_SCRATCH_REG2, 1), 0x0000057a);
	}

	igt_describe("parsing a5xx headers returns what the encoder put in");
	igt_subtest("msm-a5xx-roundtrip") {
		for (uint32_t op = 0; op <= PM4_TYPE7_MAX_OPCODE; op++) {
			for (uint32_t cnt = 0; cnt < 40; cnt += 7) {
				struct pm4_packet p = pm4_parse_a5xx(pm4_pkt7_hdr(op, cnt));

				igt_assert_eq(p.type, PM4_TYPE7);
				igt_assert_eq_u32(p.opcode, op);
				igt_assert_eq_u32(p.count, cnt);
				igt_assert(p.parity_ok);
			}
		}
		for (uint32_t reg = 1; reg < 0x3ffff; reg = reg * 3 + 1) {
			struct pm4_packet p = pm4_parse_a5xx(pm4_pkt4_hdr(reg, 2));

			igt_assert_eq(p.type, PM4_TYPE4);
			igt_assert_eq_u32(p.reg, reg);
			igt_assert_eq_u32(p.count, 2);
			igt_assert(p.parity_ok);
		}
	}

	igt_describe("a flipped bit breaks the parity check; garbage is not a packet");
	igt_subtest("msm-a5xx-bad-headers") {
		igt_assert(!pm4_parse_a5xx(pm4_pkt7_hdr(CP_MEM_WRITE, 3) ^ 1).parity_ok);
		igt_assert(!pm4_parse_a5xx(pm4_pkt7_hdr(CP_MEM_WRITE, 3) ^ (1 << 16)).parity_ok);
		igt_assert(!pm4_parse_a5xx(pm4_pkt4_hdr(0x885, 1) ^ (1 << 8)).parity_ok);
		/* bits 27:24 of a type-7 header must be zero */
		igt_assert(!pm4_parse_a5xx(pm4_pkt7_hdr(CP_NOP, 0) | (1 << 24)).parity_ok);
		/* the deliberate hang IGT's msm tests submit */
		igt_assert_eq(pm4_parse_a5xx(0xdeaddead).type, PM4_INVALID);
	}

	igt_describe("parsing a2xx-a4xx headers returns what the encoder put in");
	igt_subtest("msm-a2xx-roundtrip") {
		struct pm4_packet p = pm4_parse_a2xx(pm4_pkt3_hdr(CP_MEM_WRITE, 2));

		igt_assert_eq(p.type, PM4_TYPE3);
		igt_assert_eq_u32(p.opcode, CP_MEM_WRITE);
		igt_assert_eq_u32(p.count, 2);
		p = pm4_parse_a2xx(pm4_pkt0_hdr(AXXX_CP_SCRATCH_REG2, 4));
		igt_assert_eq(p.type, PM4_TYPE0);
		igt_assert_eq_u32(p.reg, AXXX_CP_SCRATCH_REG2);
		igt_assert_eq_u32(p.count, 4);
		igt_assert_eq(pm4_parse_a2xx(PM4_TYPE2_NOP).type, PM4_TYPE2);
		igt_assert_eq(pm4_parse_a2xx(0x80000001).type, PM4_INVALID);
	}

	/*
	 * NVIDIA: header = SEC_OP << 29 | count << 16 | subc << 13 | method >> 2.
	 * INC subc 0, SET_REPORT_SEMAPHORE_A (0x1b00), 4 dwords: 0x200406c0;
	 * IMMD subc 0, WAIT_FOR_IDLE (0x110) = 0: 0x80000044;
	 * INC subc 4 (copy), OFFSET_IN_UPPER (0x400), 8 dwords: 0x20088100.
	 */
	igt_describe("Maxwell method headers: incrementing, immediate, subchannels");
	igt_subtest("nv-method-encode") {
		igt_assert_eq_u32(nv_push_inc(0, 0x1b00, 4), 0x200406c0);
		igt_assert_eq_u32(nv_push_immd(0, 0x110, 0), 0x80000044);
		igt_assert_eq_u32(nv_push_inc(4, 0x400, 8), 0x20088100);
		igt_assert_eq_u32(nv_push_noninc(2, 0x1b4, 3), 0x60034000 | (0x1b4 >> 2));
		igt_assert_eq_u32(nv_push_one_inc(2, 0x1b0, 5), 0xa0054000 | (0x1b0 >> 2));
		igt_assert(nv_push_immd_fits(0x1fff));
		igt_assert(!nv_push_immd_fits(0x2000));
	}

	igt_describe("Maxwell method headers parse back, legacy and NOP forms included");
	igt_subtest("nv-method-parse") {
		struct nv_push_method m = nv_push_parse(nv_push_one_inc(3, 0x2a0, 9));

		igt_assert_eq(m.kind, NV_PUSH_ONE_INC);
		igt_assert_eq_u32(m.subc, 3);
		igt_assert_eq_u32(m.method, 0x2a0);
		igt_assert_eq_u32(m.count, 9);
		m = nv_push_parse(nv_push_immd(1, 0x1234, 0x1abc));
		igt_assert_eq(m.kind, NV_PUSH_IMMD);
		igt_assert_eq_u32(m.value, 0x1abc);
		igt_assert_eq_u32(m.count, 0);
		igt_assert_eq(nv_push_parse(0).kind, NV_PUSH_NOP);
		/* pre-Kepler: COUNT 28:18, ADDRESS 12:2; 2 dwords to 0x100, subc 1 */
		m = nv_push_parse(2 << 18 | 1 << 13 | 0x100);
		igt_assert(m.legacy);
		igt_assert_eq(m.kind, NV_PUSH_INC);
		igt_assert_eq_u32(m.method, 0x100);
		igt_assert_eq_u32(m.count, 2);
		igt_assert_eq(nv_push_parse(6u << 29).kind, NV_PUSH_INVALID);
	}

	/* GP entry: e0 = addr 31:2 | FETCH; e1 = addr 39:32 | LEVEL b9 | LENGTH 30:10 | SYNC b31 */
	igt_describe("GPFIFO entries pack the 40-bit address and the length");
	igt_subtest("nv-gp-entry") {
		struct nv_gp_entry e = { .addr = 0x12345678a0ull, .dwords = 0x40, .sync = true };
		uint32_t dw[2];

		nv_gp_entry_pack(&e, dw);
		igt_assert_eq_u32(dw[0], 0x345678a0);
		igt_assert_eq_u32(dw[1], 0x80000000 | 0x40 << 10 | 0x12);
		e = nv_gp_entry_parse(dw);
		igt_assert_eq_u64(e.addr, 0x12345678a0ull);
		igt_assert_eq_u32(e.dwords, 0x40);
		igt_assert(e.sync);
		igt_assert(!e.subroutine);
	}

	/*
	 * radeon: PACKET0(reg, n) = (n - 1) << 16 | reg >> 2 (ONE_REG_WR b15);
	 * PACKET3(op, n) = 0xc0000000 | (n - 1) << 16 | op << 8. The relocation
	 * marker libdrm emits is PACKET3(NOP 0x10, 1) = 0xc0001000.
	 */
	igt_describe("R300 PACKET0 (with ONE_REG_WR), PACKET2 and PACKET3 encodings");
	igt_subtest("radeon-encode") {
		igt_assert_eq_u32(radeon_cp_packet0(0x4e28, 1), 0x0000138a);
		igt_assert_eq_u32(radeon_cp_packet0_one_reg(0x2208, 4), 0x00038882);
		igt_assert_eq_u32(radeon_cp_packet3(0x10, 1), 0xc0001000);
		igt_assert_eq_u32(radeon_cp_packet3(0x35, 5), 0xc0043500);
	}

	igt_describe("R300 packets parse back to type, register, count and opcode");
	igt_subtest("radeon-parse") {
		struct radeon_cp_packet p = radeon_cp_parse(radeon_cp_packet0_one_reg(0x2208, 4));

		igt_assert_eq(p.type, RADEON_CP_TYPE0);
		igt_assert_eq_u32(p.reg, 0x2208);
		igt_assert_eq_u32(p.count, 4);
		igt_assert(p.one_reg_wr);
		p = radeon_cp_parse(radeon_cp_packet3(0x35, 5));
		igt_assert_eq(p.type, RADEON_CP_TYPE3);
		igt_assert_eq_u32(p.opcode, 0x35);
		igt_assert_eq_u32(p.count, 5);
		p = radeon_cp_parse(RADEON_CP_PACKET2);
		igt_assert_eq(p.type, RADEON_CP_TYPE2);
		igt_assert_eq_u32(p.count, 0);
	}
}

// SPDX-License-Identifier: MIT
/*
 * The MME assembler (nouveau/push_mme.c), instruction by instruction,
 * against words worked out by hand from the field layout (op 3:0, assign
 * 6:4, exit 7, dst 10:8, src0 13:11, src1 16:14, ALU op 21:17, bitfield
 * src 21:17 / size 26:22 / dst 31:27, immediate 31:14). Where envytools'
 * disassembler (envydis/macro.c) has a fixed pattern for an instruction,
 * the comment gives it: nop 0x11, exit-nop 0x91, "parm" 0x1 under mask
 * 0xfffff87f, "read" 0x15 under 0x3877, ALU add/sub/nand 0x0/0x40000/
 * 0x180000 under 0x3e0007, branches 0x7/0x17 under 0x17.
 */
#include "core/test.h"
#include "nouveau/nvb197.xml.h"
#include "nouveau/push_mme.h"
#include "util/util.h"
#include "unit_words.h"

#define EXPECT(m, ...) EXPECT_WORDS("instruction", (m)->insn, (m)->n, __VA_ARGS__)

static void bad_register(void) { nv_mme_send(8); }
static void bad_immediate(void) { nv_mme_mov(1, 1 << 17); }
static void bad_bitfield(void) { nv_mme_merge(NV_MME_MOVE, 1, 1, 2, 32, 1, 0); }
static void bad_maddr(void) { nv_mme_maddr(0x4000, 1); }

igt_main
{
	igt_describe("the fixed patterns envytools' disassembler knows");
	igt_subtest("envydis-patterns") {
		igt_assert_eq_u32(nv_mme_nop(), 0x11);
		igt_assert_eq_u32(nv_mme_nop() | NV_MME_EXIT, 0x91);
		igt_assert_eq_u32(nv_mme_parm(1), 0x101);
		igt_assert_eq_u32(nv_mme_parm(5) & 0xfffff87f, 0x1);
		igt_assert_eq_u32(nv_mme_read(2, 0, 0x6c0), 0x01b00215);
		igt_assert_eq_u32(nv_mme_read(5, 0, 0x123) & 0x3877, 0x15);	/* read rN, imm */
		igt_assert_eq_u32(nv_mme_alu(NV_MME_MOVE, 3, NV_MME_ADD, 1, 2) & 0x3e0007, 0x0);
		igt_assert_eq_u32(nv_mme_alu(NV_MME_MOVE, 3, NV_MME_SUB, 1, 2) & 0x3e0007, 0x40000);
		igt_assert_eq_u32(nv_mme_alu(NV_MME_MOVE, 3, NV_MME_NAND, 1, 2) & 0x3e0007, 0x180000);
		igt_assert_eq_u32(nv_mme_branch(false, false, 1, 3) & 0x17, 0x7);
		igt_assert_eq_u32(nv_mme_branch(true, false, 1, 3) & 0x17, 0x17);
	}

	/*
	 * ALU r3 = r1 + r2: MOVE 0x10 | r3 0x300 | r1 0x800 | r2 0x8000 = 0x8b10;
	 * SUB adds 2 << 17. MERGE r4 = r1, r2 bits 23:16 -> 15:8: op 2 | 0x10 |
	 * 0x400 | 0x800 | 0x8000 | 16 << 17 | 8 << 22 | 8 << 27 = 0x42208c12.
	 * mov r3, -1: 0x311 | 0x3ffff << 14 = 0xffffc311.
	 */
	igt_describe("ALU, immediates and bitfield ops, field by field");
	igt_subtest("encodings") {
		igt_assert_eq_u32(nv_mme_alu(NV_MME_MOVE, 3, NV_MME_ADD, 1, 2), 0x8b10);
		igt_assert_eq_u32(nv_mme_alu(NV_MME_MOVE, 3, NV_MME_SUB, 1, 2), 0x48b10);
		igt_assert_eq_u32(nv_mme_merge(NV_MME_MOVE, 4, 1, 2, 16, 8, 8), 0x42208c12);
		igt_assert_eq_u32(nv_mme_mov(3, -1), 0xffffc311);
		igt_assert_eq_u32(nv_mme_addi(NV_MME_LOAD_SEND, 2, 1, 0), 0x0a31);
		/* BFE_LSL_REG r4 = (r2 >> 28 & 0xf) << r3: 4 | 0x10 | 0x400 | 0x1800 | 0x8000 | 28 << 17 | 4 << 22 */
		igt_assert_eq_u32(nv_mme_bfe_lsl_reg(NV_MME_MOVE, 4, 3, 2, 28, 4), 0x01389c14);
	}

	/*
	 * maddr 0x1b00 increment 1: MOVE_MADDR 0x21 | (0x6c0 | 1 << 12) << 14 =
	 * 0x05b00021. send r3: MOVE_SEND 0x41 | r3 << 11 = 0x1841. Branches:
	 * bra +2 (r0 is zero) 0x8007; branz r1 -2 = 0x17 | 0x800 | 0x3fffe << 14;
	 * no delay slot: bit 5.
	 */
	igt_describe("method address, send and branches");
	igt_subtest("control") {
		igt_assert_eq_u32(nv_mme_maddr(REG_NVB197_SET_REPORT_SEMAPHORE_A, 1), 0x05b00021);
		igt_assert_eq_u32(nv_mme_send(3), 0x1841);
		igt_assert_eq_u32(nv_mme_branch(false, false, 0, 2), 0x8007);
		igt_assert_eq_u32(nv_mme_branch(true, false, 1, -2), 0xffff8817);
		igt_assert_eq_u32(nv_mme_branch(false, true, 0, 2), 0x8027);
	}

	/*
	 * 0x10000000 (a one-word report D) does not fit 18 bits: mov r7, 0x1000
	 * (0x711 | 0x1000 << 14 = 0x04000711), then BFE_LSL_IMM r7 = (r7 >> r0
	 * & 0xffff) << 16: 3 | 0x10 | 0x700 | r7 << 14 | 16 << 22 | 16 << 27 =
	 * 0x8401c713. A small value is one mov; end marks exit and adds a nop.
	 */
	igt_describe("32-bit constants, and the exit with its delay slot");
	igt_subtest("programs") {
		struct nv_mme_prog m = { 0 };

		nv_mme_load_imm32(&m, 7, 0x10000000);
		nv_mme_load_imm32(&m, 7, 0x12345678);
		nv_mme_load_imm32(&m, 2, 5);
		nv_mme_end(&m);
		EXPECT(&m, 0x04000711, 0x8401c713,
		       0x048d0711, 0x8401c713, 0x159e3f11,
		       0x00014211 | NV_MME_EXIT, 0x11);
	}

	/*
	 * A release: r7 = upper 0x1 (mov), maddr A +1, send r7, r7 = lower
	 * 0x2000 (mov), send r7, send r2, r7 = 0x10000000 (two), send r7.
	 */
	igt_describe("a report-semaphore release sent by the macro");
	igt_subtest("release") {
		struct nv_mme_prog m = { 0 };

		nv_mme_release(&m, 0x100002000ull, 2);
		EXPECT(&m, 0x00004711, 0x05b00021, 0x3841, 0x08000711, 0x3841, 0x1041,
		       0x04000711, 0x8401c713, 0x3841);
	}

	igt_describe("operands out of range are refused");
	igt_subtest("ranges") {
		igt_assert_fails(bad_register);
		igt_assert_fails(bad_immediate);
		igt_assert_fails(bad_bitfield);
		igt_assert_fails(bad_maddr);
	}
}

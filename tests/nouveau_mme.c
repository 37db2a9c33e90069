// SPDX-License-Identifier: MIT
/*
 * The Maxwell macro engine (MME) of the 3D class: macros uploaded into
 * the instruction RAM, bound to a macro index, called with parameters.
 * Each macro proves what it computed by releasing it to memory with a 3D
 * report semaphore that the macro itself sends; reading a method's value
 * back from the shadow RAM is what the method-state probe
 * (nouveau_probe) is built on. A malformed macro traps: the channel dies,
 * other channels keep working.
 */
#include <errno.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb197.xml.h"
#include "nouveau/push.h"
#include "nouveau/suite.h"
#include "nouveau/push_mme.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("Maxwell MME macros: upload, parameters, arithmetic, bitfields, branches, "
		     "method shadow read-back, shadow RAM modes, and traps that kill the channel.");

static struct nv_device *dev;
static struct nv_channel *gr;
static struct nv_bo *bo;		/* results: every word NV_GUARD until a macro writes it */
static struct nv_push *p;
static const struct nv_suite suite = { &dev, &gr, NULL, &bo, &p };

static uint64_t va(struct nv_push *push, struct nv_bo *dst, uint32_t off)
{
	return nv_push_addr(push, dst, off, NV_ACCESS_WRITE);
}

/* Upload @m as macro @macro at @start, call it with @params, run it on gr. */
static void run_macro(struct nv_push *push, uint32_t macro, uint32_t start,
		      const struct nv_mme_prog *m, const uint32_t *params, uint32_t n)
{
	nv_mme_load(push, macro, start, m);
	nv_mme_call(push, macro, params, n);
	nv_push_submit_wait(push, gr);
}

static uint32_t scratch_word(uint32_t i)
{
	return REG_NVB197_SET_MME_SHADOW_SCRATCH(i) >> 2;
}

/* A macro writing SET_MME_SHADOW_SCRATCH with each assign op that sends or sets maddr. */
static void write_scratch_macro(struct nv_mme_prog *w)
{
	/* scratch 7 = 2nd param; maddr steps to 8 */
	nv_mme_add(w, nv_mme_addi(NV_MME_MOVE_MADDR_SEND_PARAM, 0, 0,
				  (int32_t)(scratch_word(7) | 1 << 12)));
	/* scratch 8 = r1 (the 1st param), then r2 = 3rd param; scratch 9 = r2 */
	nv_mme_add(w, nv_mme_addi(NV_MME_LOAD_SEND, 2, 1, 0));
	nv_mme_add(w, nv_mme_send(2));
	/* maddr = scratch 12, r2 = 4th param; scratch 12 = r2 */
	nv_mme_add(w, nv_mme_addi(NV_MME_LOAD_MADDR, 2, 0, (int32_t)(scratch_word(12) | 1 << 12)));
	nv_mme_add(w, nv_mme_send(2));
	/* maddr = scratch 14 with increment 2, and that increment (bits 17:12) sent there */
	nv_mme_add(w, nv_mme_addi(NV_MME_MOVE_MADDR_SEND_HIGH, 3, 0,
				  (int32_t)(scratch_word(14) | 2 << 12)));
	nv_mme_end(w);
}

/* ---- traps ---------------------------------------------------------------- */

/*
 * @fn's bad macro work between two host releases on a fresh channel: the
 * first lands, the second never does, the channel answers ENODEV, and gr
 * still runs macros.
 */
static void trap_kills(void (*fn)(struct nv_push *push))
{
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_mme_prog m = { 0 };

	nv_suite_fresh(&suite);
	nv_expect_channel_death();
	nv_host_sem_release(p, bo, 0, 1);
	fn(p);
	nv_host_sem_release(p, bo, 4, 2);
	nv_push_submit(p, victim);
	nv_channel_wait(victim);
	igt_assert_eq_u32(nv_bo_read32(bo, 0), 1);
	igt_assert_eq_u32(nv_bo_read32(bo, 4), NV_GUARD);
	igt_assert_eq(__nv_channel_probe(victim), -ENODEV);

	nv_push_reset(p);
	nv_mme_add(&m, nv_mme_addi(NV_MME_MOVE, 2, 1, 1));
	nv_mme_release(&m, va(p, bo, 8), 2);
	nv_mme_end(&m);
	run_macro(p, 0, 0, &m, (uint32_t[]){ 41 }, 1);
	igt_assert_eq_u32(nv_bo_read32(bo, 8), 42);
	nv_channel_free(victim);
}

static void upload_call(struct nv_push *push, const struct nv_mme_prog *m,
			const uint32_t *params, uint32_t n)
{
	nv_mme_load(push, 9, 0x10, m);
	nv_mme_call(push, 9, params, n);
}

/* Op 15: Mesa's ISA defines ops 0-7 of the 4-bit field (the model traps ILLEGAL_OPCODE). */
static void bad_opcode(struct nv_push *push)
{
	struct nv_mme_prog m = { 0 };

	nv_mme_add(&m, 0xf);
	nv_mme_end(&m);
	upload_call(push, &m, (uint32_t[]){ 0 }, 1);
}

/* A loop that never ends: the MME watchdog. */
static void runaway(struct nv_push *push)
{
	struct nv_mme_prog m = { 0 };

	nv_mme_add(&m, nv_mme_branch(false, true, 0, 0));
	nv_mme_end(&m);
	upload_call(push, &m, (uint32_t[]){ 0 }, 1);
}

/* A branch in a branch's delay slot: DOUBLE_BRANCH. */
static void double_branch(struct nv_push *push)
{
	struct nv_mme_prog m = { 0 };

	nv_mme_add(&m, nv_mme_branch(false, false, 0, 2));
	nv_mme_add(&m, nv_mme_branch(false, false, 0, 2));
	nv_mme_add(&m, nv_mme_nop());
	nv_mme_end(&m);
	upload_call(push, &m, (uint32_t[]){ 0 }, 1);
}

/* Data for a macro that has exited: TOO_MANY_PARAMS. */
static void too_many_params(struct nv_push *push)
{
	struct nv_mme_prog m = { 0 };

	nv_mme_add(&m, nv_mme_nop());
	nv_mme_end(&m);
	upload_call(push, &m, (uint32_t[]){ 1, 2 }, 2);
}

/* Another method while the macro waits for its second parameter: TOO_FEW_PARAMS. */
static void too_few_params(struct nv_push *push)
{
	struct nv_mme_prog m = { 0 };

	nv_mme_add(&m, nv_mme_parm(2));
	nv_mme_end(&m);
	upload_call(push, &m, (uint32_t[]){ 1 }, 1);
	nv_3d_wfi(push);
}

/*
 * HARDWARE CLAIM: binding or calling macro 128 (one past the 128 entries
 * of the start-address RAM and CALL_MME_MACRO) traps and kills the
 * channel — not found in kernel/Mesa; verify on silicon.
 *
 * Binding macro 128: the start-address RAM has 128 entries.
 */
static void macro_index_range(struct nv_push *push)
{
	nv_mthd(push, NV_SUBC_3D, REG_NVB197_LOAD_MME_START_ADDRESS_RAM_POINTER);
	nv_val(push, REG_NVB197_LOAD_MME_START_ADDRESS_RAM_POINTER, REG_NVB197_CALL_MME_MACRO__LEN);
	nv_val(push, REG_NVB197_LOAD_MME_START_ADDRESS_RAM, 0);
}

/* Calling macro 128: past CALL_MME_MACRO(127), no method of the class. */
static void macro_call_range(struct nv_push *push)
{
	nv_immd(push, NV_SUBC_3D, REG_NVB197_CALL_MME_MACRO(REG_NVB197_CALL_MME_MACRO__LEN), 0);
}

static const struct {
	const char *name, *what;
	void (*fn)(struct nv_push *push);
} traps[] = {
	{ "bad-opcode", "an undefined opcode", bad_opcode },
	{ "runaway-loop", "a macro that never exits (the watchdog)", runaway },
	{ "double-branch", "a branch in a delay slot", double_branch },
	{ "too-many-params", "parameters left when the macro exits", too_many_params },
	{ "too-few-params", "another method while the macro waits for a parameter", too_few_params },
	{ "macro-index-range", "binding macro index 128", macro_index_range },
	{ "macro-call-range", "calling macro index 128", macro_call_range },
};

igt_main
{
	igt_fixture
		nv_suite_open(&suite, NV_MODE_LEGACY);

	/* r1 + r2, r1 - r2, and the ALU's logic ops, one release each. */
	igt_describe("ALU ops and add-immediate on macro parameters");
	igt_subtest("arithmetic") {
		static const struct { enum nv_mme_alu_op op; uint32_t want; } ops[] = {
			{ NV_MME_ADD, 0x12345678u + 0x0f0f1234u },
			{ NV_MME_SUB, 0x12345678u - 0x0f0f1234u },
			{ NV_MME_XOR, 0x12345678u ^ 0x0f0f1234u },
			{ NV_MME_OR, 0x12345678u | 0x0f0f1234u },
			{ NV_MME_AND, 0x12345678u & 0x0f0f1234u },
			{ NV_MME_AND_NOT, 0x12345678u & ~0x0f0f1234u },
			{ NV_MME_NAND, ~(0x12345678u & 0x0f0f1234u) },
		};
		struct nv_mme_prog m = { 0 };

		nv_suite_fresh(&suite);
		nv_mme_add(&m, nv_mme_parm(2));
		for (unsigned int i = 0; i < ARRAY_SIZE(ops); i++) {
			nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 3, ops[i].op, 1, 2));
			nv_mme_release(&m, va(p, bo, 4 * i), 3);
		}
		/* add an immediate, negative: r4 = r1 - 0x678 */
		nv_mme_add(&m, nv_mme_addi(NV_MME_MOVE, 4, 1, -0x678));
		nv_mme_release(&m, va(p, bo, 0x40), 4);
		nv_mme_end(&m);
		run_macro(p, 0, 0, &m, (uint32_t[]){ 0x12345678, 0x0f0f1234 }, 2);
		for (unsigned int i = 0; i < ARRAY_SIZE(ops); i++)
			igt_assert_eq_u32(nv_bo_read32(bo, 4 * i), ops[i].want);
		igt_assert_eq_u32(nv_bo_read32(bo, 0x40), 0x12345000);
		igt_assert_eq_u32(nv_bo_read32(bo, 0x44), NV_GUARD);
	}

	/* 64-bit add and subtract through the carry: ADD/ADDC, SUB/SUBB. */
	igt_describe("ADDC/SUBB chain the carry: 64-bit add and subtract");
	igt_subtest("carry") {
		struct nv_mme_prog m = { 0 };
		uint64_t a = 0x00000001ffffffffull, b = 0x0000000200000001ull;

		nv_suite_fresh(&suite);
		/* r1, r2 = a lo, hi; r3, r4 = b lo, hi */
		nv_mme_add(&m, nv_mme_parm(2));
		nv_mme_add(&m, nv_mme_parm(3));
		nv_mme_add(&m, nv_mme_parm(4));
		nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 5, NV_MME_ADD, 1, 3));
		nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 6, NV_MME_ADDC, 2, 4));
		nv_mme_release(&m, va(p, bo, 0), 5);
		nv_mme_release(&m, va(p, bo, 4), 6);
		/* b - a: the low word borrows */
		nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 5, NV_MME_SUB, 3, 1));
		nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 6, NV_MME_SUBB, 4, 2));
		nv_mme_release(&m, va(p, bo, 8), 5);
		nv_mme_release(&m, va(p, bo, 12), 6);
		nv_mme_end(&m);
		run_macro(p, 1, 0, &m,
			  (uint32_t[]){ (uint32_t)a, (uint32_t)(a >> 32), (uint32_t)b,
					(uint32_t)(b >> 32) },
			  4);
		igt_assert_eq_u64((uint64_t)nv_bo_read32(bo, 4) << 32 | nv_bo_read32(bo, 0), a + b);
		igt_assert_eq_u64((uint64_t)nv_bo_read32(bo, 12) << 32 | nv_bo_read32(bo, 8), b - a);
	}

	/* MERGE and the two bitfield extract-and-shift forms. */
	igt_describe("MERGE and both bitfield extract-and-shift forms");
	igt_subtest("bitfields") {
		struct nv_mme_prog m = { 0 };
		uint32_t x = 0xaabbccdd, y = 0x12345678;

		nv_suite_fresh(&suite);
		/* r1 = x, r2 = y, r3 = 8 (a position in a register) */
		nv_mme_add(&m, nv_mme_parm(2));
		nv_mme_add(&m, nv_mme_mov(3, 8));
		/* x with bits 15:8 replaced by y's bits 23:16 */
		nv_mme_add(&m, nv_mme_merge(NV_MME_MOVE, 4, 1, 2, 16, 8, 8));
		nv_mme_release(&m, va(p, bo, 0), 4);
		/* y's 12 bits at bit r3 = 8, moved to bit 4 */
		nv_mme_add(&m, nv_mme_bfe_lsl_imm(NV_MME_MOVE, 4, 3, 2, 12, 4));
		nv_mme_release(&m, va(p, bo, 4), 4);
		/* y's 4 bits at bit 28, moved to bit r3 = 8 */
		nv_mme_add(&m, nv_mme_bfe_lsl_reg(NV_MME_MOVE, 4, 3, 2, 28, 4));
		nv_mme_release(&m, va(p, bo, 8), 4);
		nv_mme_end(&m);
		run_macro(p, 2, 0, &m, (uint32_t[]){ x, y }, 2);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 0xaabb34dd);
		igt_assert_eq_u32(nv_bo_read32(bo, 4), ((y >> 8) & 0xfff) << 4);
		igt_assert_eq_u32(nv_bo_read32(bo, 8), (y >> 28) << 8);
	}

	/*
	 * A counted loop: r2 = 1 + 2 + ... + n. The backward branch has a delay
	 * slot, which holds the decrement; a no-delay branch skips an add.
	 */
	igt_describe("a counted loop through a delayed branch; a no-delay branch skips");
	igt_subtest("loop") {
		struct nv_mme_prog m = { 0 };
		uint32_t top, br;

		nv_suite_fresh(&suite);
		nv_mme_add(&m, nv_mme_mov(2, 0));
		top = nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 2, NV_MME_ADD, 2, 1));
		br = nv_mme_add(&m, nv_mme_branch(true, false, 1, 0));
		/* the delay slot: runs every time */
		nv_mme_add(&m, nv_mme_addi(NV_MME_MOVE, 1, 1, -1));
		m.insn[br] = nv_mme_branch(true, false, 1, (int32_t)top - (int32_t)br);
		/* r0 is zero: always taken, and without delay the add is skipped */
		br = nv_mme_add(&m, nv_mme_branch(false, true, 0, 2));
		nv_mme_add(&m, nv_mme_addi(NV_MME_MOVE, 2, 2, 1000));
		nv_mme_release(&m, va(p, bo, 0), 2);
		nv_mme_end(&m);
		run_macro(p, 3, 0x100, &m, (uint32_t[]){ 100 }, 1);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 5050);
	}

	/*
	 * The read op returns a method's last value, pushed or sent by a macro:
	 * SET_MME_SHADOW_SCRATCH(5) and SET_BLEND_CONST_RED pushed, scratch
	 * 7..14 written by a first macro (its parameters in order, through every
	 * sending assign op) and read by a second.
	 */
	igt_describe("the read op returns the last value of pushed and macro-sent methods");
	igt_subtest("read-shadow") {
		static const struct { uint32_t scratch, want; } written[] = {
			{ 7, 0x77 }, { 8, 0x55 }, { 9, 0x88 }, { 12, 0x99 }, { 14, 2 },
		};
		struct nv_mme_prog w = { 0 }, r = { 0 };

		nv_suite_fresh(&suite);
		nv_mthd(p, NV_SUBC_3D, REG_NVB197_SET_MME_SHADOW_SCRATCH(5));
		nv_val(p, REG_NVB197_SET_MME_SHADOW_SCRATCH(5), 0xc0ffee05);
		nv_mthd(p, NV_SUBC_3D, REG_NVB197_SET_BLEND_CONST_RED);
		nv_val(p, REG_NVB197_SET_BLEND_CONST_RED, 0x3f800000);
		write_scratch_macro(&w);
		nv_mme_load(p, 4, 0x200, &w);
		nv_mme_call(p, 4, (uint32_t[]){ 0x55, 0x77, 0x88, 0x99 }, 4);

		/* r: the first method word comes in r1, the others are immediates */
		nv_mme_add(&r, nv_mme_read(2, 1, 0));
		nv_mme_release(&r, va(p, bo, 0), 2);
		nv_mme_add(&r, nv_mme_read(2, 0, (int32_t)(REG_NVB197_SET_BLEND_CONST_RED >> 2)));
		nv_mme_release(&r, va(p, bo, 4), 2);
		for (unsigned int i = 0; i < ARRAY_SIZE(written); i++) {
			int32_t word = (int32_t)scratch_word(written[i].scratch);

			nv_mme_add(&r, nv_mme_read(2, 0, word));
			nv_mme_release(&r, va(p, bo, 0x100 + 4 * i), 2);
		}
		nv_mme_end(&r);
		run_macro(p, 5, 0x300, &r, (uint32_t[]){ scratch_word(5) }, 1);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 0xc0ffee05);
		igt_assert_eq_u32(nv_bo_read32(bo, 4), 0x3f800000);
		for (unsigned int i = 0; i < ARRAY_SIZE(written); i++)
			igt_assert_f(nv_bo_read32(bo, 0x100 + 4 * i) == written[i].want,
				     "scratch %u: %#x, want %#x\n", written[i].scratch,
				     nv_bo_read32(bo, 0x100 + 4 * i), written[i].want);
	}

	/*
	 * SET_MME_SHADOW_RAM_CONTROL PASSTHROUGH: methods go on, the shadow RAM
	 * keeps its value (NVIDIA MODS mmerand: "the MME Shadow RAM is unchanged").
	 */
	igt_describe("PASSTHROUGH leaves the shadow RAM unchanged, TRACK keeps values");
	igt_subtest("shadow-passthrough") {
		struct nv_mme_prog r = { 0 };
		uint32_t scratch = REG_NVB197_SET_MME_SHADOW_SCRATCH(3);

		nv_suite_fresh(&suite);
		nv_mthd(p, NV_SUBC_3D, scratch);
		nv_val(p, scratch, 0xa);
		nv_mme_shadow_control(p, NVB197_SET_MME_SHADOW_RAM_CONTROL_MODE_METHOD_PASSTHROUGH);
		nv_mthd(p, NV_SUBC_3D, scratch);
		nv_val(p, scratch, 0xb);
		nv_mme_shadow_control(p, NVB197_SET_MME_SHADOW_RAM_CONTROL_MODE_METHOD_TRACK);
		nv_mme_add(&r, nv_mme_read(2, 1, 0));
		nv_mme_release(&r, va(p, bo, 0), 2);
		nv_mme_end(&r);
		run_macro(p, 6, 0, &r, (uint32_t[]){ scratch >> 2 }, 1);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 0xa);

		/* tracking again: the next value is kept */
		nv_push_reset(p);
		nv_mthd(p, NV_SUBC_3D, scratch);
		nv_val(p, scratch, 0xc);
		nv_mme_call(p, 6, (uint32_t[]){ scratch >> 2 }, 1);
		nv_push_ref(p, bo, NV_ACCESS_WRITE);
		nv_push_submit_wait(p, gr);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 0xc);
	}

	/* Macro indices 0 and 127 bound to different code; rebinding moves a macro. */
	igt_describe("macros 0 and 127 run their own code; rebinding moves a macro");
	igt_subtest("macro-indices") {
		struct nv_mme_prog a = { 0 }, b = { 0 };
		uint32_t last = REG_NVB197_CALL_MME_MACRO__LEN - 1;

		nv_suite_fresh(&suite);
		nv_mme_add(&a, nv_mme_addi(NV_MME_MOVE, 2, 1, 1));
		nv_mme_release(&a, va(p, bo, 0), 2);
		nv_mme_end(&a);
		nv_mme_add(&b, nv_mme_addi(NV_MME_MOVE, 2, 1, 2));
		nv_mme_release(&b, va(p, bo, 4), 2);
		nv_mme_end(&b);
		nv_mme_load(p, 0, 0x400, &a);
		nv_mme_load(p, last, 0x500, &b);
		nv_mme_call(p, 0, (uint32_t[]){ 10 }, 1);
		nv_mme_call(p, last, (uint32_t[]){ 20 }, 1);
		nv_push_submit_wait(p, gr);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 11);
		igt_assert_eq_u32(nv_bo_read32(bo, 4), 22);

		/*
		 * macro 0 now runs b's code: it writes the second slot. The rebind is
		 * the INC START_ADDRESS_RAM_POINTER + START_ADDRESS_RAM pair of Mesa's
		 * nvc0_graph_set_macro.
		 */
		nv_push_reset(p);
		nv_push_ref(p, bo, NV_ACCESS_WRITE);
		nv_mthd(p, NV_SUBC_3D, REG_NVB197_LOAD_MME_START_ADDRESS_RAM_POINTER);
		nv_val(p, REG_NVB197_LOAD_MME_START_ADDRESS_RAM_POINTER, 0);
		nv_val(p, REG_NVB197_LOAD_MME_START_ADDRESS_RAM, 0x500);
		nv_mme_call(p, 0, (uint32_t[]){ 30 }, 1);
		nv_push_submit_wait(p, gr);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 11);
		igt_assert_eq_u32(nv_bo_read32(bo, 4), 32);
	}

	/*
	 * An exit takes effect after the next instruction (its delay slot): the
	 * release after the exit-marked instruction still happens, the one after
	 * the slot does not (envytools envydis/macro.c; Mesa's simulator agrees).
	 */
	igt_describe("the instruction after an exit still runs, the next one does not");
	igt_subtest("exit-delay-slot") {
		struct nv_mme_prog m = { 0 };

		nv_suite_fresh(&suite);
		/* exit on the instruction before the send of D: D is sent from the delay slot */
		nv_mme_release(&m, va(p, bo, 0), 1);
		m.insn[m.n - 2] |= NV_MME_EXIT;
		nv_mme_release(&m, va(p, bo, 4), 1);
		run_macro(p, 7, 0x600, &m, (uint32_t[]){ 5 }, 1);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 5);
		igt_assert_eq_u32(nv_bo_read32(bo, 4), NV_GUARD);
	}

	/* A method address with increment 0: every send goes to the same method, the last stays. */
	igt_describe("sends with increment 0 all go to one method; the last value stays");
	igt_subtest("send-same-method") {
		struct nv_mme_prog m = { 0 };
		uint32_t scratch = REG_NVB197_SET_MME_SHADOW_SCRATCH(20);

		nv_suite_fresh(&suite);
		nv_mme_add(&m, nv_mme_maddr(scratch, 0));
		for (int i = 1; i <= 3; i++)
			nv_mme_add(&m, nv_mme_addi(NV_MME_MOVE_SEND, 0, 0, 0x100 * i));
		nv_mme_add(&m, nv_mme_read(2, 0, (int32_t)(scratch >> 2)));
		nv_mme_add(&m, nv_mme_read(3, 0, (int32_t)(scratch >> 2) + 1));
		nv_mme_release(&m, va(p, bo, 0), 2);
		nv_mme_release(&m, va(p, bo, 4), 3);
		nv_mme_end(&m);
		run_macro(p, 8, 0x700, &m, (uint32_t[]){ 0 }, 1);
		igt_assert_eq_u32(nv_bo_read32(bo, 0), 0x300);
		igt_assert_eq_u32(nv_bo_read32(bo, 4), 0);	/* scratch 21 was never sent */
	}

	igt_describe("each malformed macro or MME method traps and kills its channel; other "
		     "channels go on");
	igt_subtest_with_dynamic("trap") {
		array_for_each(c, traps)
			igt_dynamic(c->name)
				trap_kills(c->fn);
	}

	igt_fixture
		nv_suite_close(&suite);
}

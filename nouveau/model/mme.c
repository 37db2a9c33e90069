// SPDX-License-Identifier: MIT
/*
 * The Fermi-style macro engine (MME) that Maxwell's 3D class still uses.
 *
 * Sources of the facts (no code taken from them): envytools
 * envydis/macro.c (the ISA, delay slots, parameters, method address and
 * increment, the read op), Mesa src/nouveau/mme/mme_fermi.xml (field
 * positions of the 4-bit op, ALU ops, the eight assign ops), the kernel's
 * nvkm gr/gf100.c (trap causes: TOO_FEW_PARAMS, TOO_MANY_PARAMS,
 * ILLEGAL_OPCODE, DOUBLE_BRANCH, WATCHDOG), NVIDIA MODS mmerand.cpp
 * (PASSTHROUGH leaves the shadow RAM unchanged; 2048-word instruction RAM).
 *
 * One instruction is 32 bits:
 *	 3:0  op: 0 ALU, 1 ADD_IMM, 2 MERGE, 3 BFE_LSL_IMM, 4 BFE_LSL_REG,
 *	      5 STATE (read), 6 unknown, 7 BRANCH
 *	 6:4  assign op (branch: bit 4 branch on non-zero, bit 5 no delay slot)
 *	 7    exit after the next instruction
 *	10:8  dst, 13:11 src0, 16:14 src1
 *	21:17 ALU op; or bitfield source bit
 *	26:22 bitfield size, 31:27 bitfield destination bit
 *	31:14 signed 18-bit immediate (ADD_IMM, STATE, BRANCH)
 *
 * A macro starts with r1 = the CALL_MME_MACRO(j) data; the assign ops
 * that fetch a parameter take the next CALL_MME_DATA. The model runs a
 * macro as soon as it is called, up to the first parameter it lacks, and
 * resumes it with each CALL_MME_DATA. Traps (as the hardware's, see
 * enum nvm_mme_trap) are channel errors here; nouveau's interrupt
 * handler only logs PGRAPH's MACRO trap, so on hardware the channel may
 * go on after one. What the model cannot know fails the same way, with
 * its reason in the debug log: op 6 (Mesa: it exists and does not
 * fault, but does something unknown), ALU ops envytools does not list, a
 * pc past the instruction RAM, a macro emitting MME methods.
 */
#include <errno.h>

#include "model/model.h"
#include "nouveau/model/mme.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nvb197.xml.h"

enum { OP_ALU, OP_ADD_IMM, OP_MERGE, OP_BFE_LSL_IMM, OP_BFE_LSL_REG, OP_STATE, OP_UNK6, OP_BRANCH };
enum { ALU_ADD, ALU_ADDC, ALU_SUB, ALU_SUBB, ALU_XOR = 8, ALU_OR, ALU_AND, ALU_AND_NOT, ALU_NAND };
enum {
	ASSIGN_LOAD,		/* dst = param */
	ASSIGN_MOVE,		/* dst = result */
	ASSIGN_MOVE_MADDR,	/* maddr = dst = result */
	ASSIGN_LOAD_SEND,	/* send result; dst = param */
	ASSIGN_MOVE_SEND,	/* send result; dst = result */
	ASSIGN_LOAD_MADDR,	/* maddr = result; dst = param */
	ASSIGN_MOVE_MADDR_SEND_PARAM,	/* maddr = dst = result; send param */
	ASSIGN_MOVE_MADDR_SEND_HIGH,	/* maddr = dst = result; send result bits 17:12 */
};

static uint32_t bits(uint32_t insn, unsigned int lo, unsigned int n)
{
	return (insn >> lo) & ((1u << n) - 1);
}

static int32_t imm18(uint32_t insn)
{
	return (int32_t)insn >> 14;	/* arithmetic: the immediate is the top 18 bits */
}

static uint32_t field_mask(uint32_t size)
{
	return size >= 32 ? ~0u : (1u << size) - 1;
}

static uint32_t shl(uint32_t v, uint32_t n)
{
	return n >= 32 ? 0 : v << n;
}

static uint32_t shr(uint32_t v, uint32_t n)
{
	return n >= 32 ? 0 : v >> n;
}

static int trap(struct nvm_mme *mme, enum nvm_mme_trap why, const char *what)
{
	model_debug("nouveau: MME trap %#x (%s) at pc %#x", why, what, mme->pc);
	mme->running = false;
	mme->waiting = false;
	return -ENODEV;
}

static bool needs_param(uint32_t insn)
{
	uint32_t assign = bits(insn, 4, 3);

	/* a branch has no assign op; an illegal op traps before it could wait */
	if (bits(insn, 0, 4) > OP_STATE)
		return false;
	return assign == ASSIGN_LOAD || assign == ASSIGN_LOAD_SEND || assign == ASSIGN_LOAD_MADDR ||
	       assign == ASSIGN_MOVE_MADDR_SEND_PARAM;
}

static int alu(struct nvm_mme *mme, uint32_t op, uint32_t x, uint32_t y, uint32_t *out)
{
	uint64_t wide;

	switch (op) {
	case ALU_ADD:
	case ALU_ADDC:
		wide = (uint64_t)x + y + (op == ALU_ADDC ? mme->carry : 0);
		mme->carry = (uint32_t)(wide >> 32);
		*out = (uint32_t)wide;
		return 0;
	case ALU_SUB:
	case ALU_SUBB:
		wide = (uint64_t)y + (op == ALU_SUBB ? mme->carry : 0);
		mme->carry = x < wide;	/* the borrow */
		*out = (uint32_t)(x - wide);
		return 0;
	case ALU_XOR: *out = x ^ y; return 0;
	case ALU_OR: *out = x | y; return 0;
	case ALU_AND: *out = x & y; return 0;
	case ALU_AND_NOT: *out = x & ~y; return 0;
	case ALU_NAND: *out = ~(x & y); return 0;
	default:
		return trap(mme, NVM_MME_ILLEGAL_OPCODE, "reserved ALU op");
	}
}

/* The result of a non-branch instruction. */
static int result(struct nvm_mme *mme, uint32_t insn, uint32_t *out)
{
	uint32_t x = mme->r[bits(insn, 11, 3)], y = mme->r[bits(insn, 14, 3)];
	uint32_t src_bit = bits(insn, 17, 5), size = bits(insn, 22, 5), dst_bit = bits(insn, 27, 5);
	uint32_t m = field_mask(size);

	switch (bits(insn, 0, 4)) {
	case OP_ALU:
		return alu(mme, bits(insn, 17, 5), x, y, out);
	case OP_ADD_IMM:
		*out = x + (uint32_t)imm18(insn);
		return 0;
	case OP_MERGE:	/* x with @size bits at @dst_bit replaced by y's bits at @src_bit */
		*out = (x & ~shl(m, dst_bit)) | shl(shr(y, src_bit) & m, dst_bit);
		return 0;
	case OP_BFE_LSL_IMM:	/* y's @size bits at bit x, moved to @dst_bit */
		*out = shl(shr(y, x) & m, dst_bit);
		return 0;
	case OP_BFE_LSL_REG:	/* y's @size bits at @src_bit, moved to bit x */
		*out = shl(shr(y, src_bit) & m, x);
		return 0;
	case OP_STATE:	/* the shadowed value of method word (x + imm) */
		*out = mme->shadow[(x + (uint32_t)imm18(insn)) % NVM_MME_SHADOW_WORDS];
		return 0;
	case OP_UNK6:
		return trap(mme, NVM_MME_ILLEGAL_OPCODE, "op 6: its effect is unknown, not modelled");
	default:
		return trap(mme, NVM_MME_ILLEGAL_OPCODE, "op 8-15");
	}
}

static void set_maddr(struct nvm_mme *mme, uint32_t v)
{
	mme->maddr = (v & 0xfff) << 2;
	mme->minc = ((v >> 12) & 0x3f) << 2;
}

static int send(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		uint32_t data)
{
	uint32_t mthd = mme->maddr;

	mme->maddr = (mme->maddr + mme->minc) % (NVM_MME_SHADOW_WORDS * 4);
	if (mthd < 0x100)
		return trap(mme, NVM_MME_ILLEGAL_OPCODE, "a send to a host method: not modelled");
	return emit(job, ctx, mthd, data);
}

static uint32_t take_param(struct nvm_mme *mme)
{
	mme->have_param = false;
	return mme->param;
}

static void set_reg(struct nvm_mme *mme, uint32_t r, uint32_t v)
{
	if (r)
		mme->r[r] = v;
}

static int assign(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		  uint32_t insn, uint32_t res)
{
	uint32_t dst = bits(insn, 8, 3);
	int ret = 0;

	switch (bits(insn, 4, 3)) {
	case ASSIGN_LOAD:
		set_reg(mme, dst, take_param(mme));
		break;
	case ASSIGN_MOVE:
		set_reg(mme, dst, res);
		break;
	case ASSIGN_MOVE_MADDR:
		set_maddr(mme, res);
		set_reg(mme, dst, res);
		break;
	case ASSIGN_LOAD_SEND:
		ret = send(mme, job, emit, ctx, res);
		set_reg(mme, dst, take_param(mme));
		break;
	case ASSIGN_MOVE_SEND:
		ret = send(mme, job, emit, ctx, res);
		set_reg(mme, dst, res);
		break;
	case ASSIGN_LOAD_MADDR:
		set_maddr(mme, res);
		set_reg(mme, dst, take_param(mme));
		break;
	case ASSIGN_MOVE_MADDR_SEND_PARAM:
		set_maddr(mme, res);
		set_reg(mme, dst, res);
		ret = send(mme, job, emit, ctx, take_param(mme));
		break;
	case ASSIGN_MOVE_MADDR_SEND_HIGH:
		set_maddr(mme, res);
		ret = send(mme, job, emit, ctx, (res >> 12) & 0x3f);
		set_reg(mme, dst, res);
		break;
	}
	return ret;
}

/*
 * One instruction. Branches and exits take effect after the next
 * instruction (the delay slot), unless a branch has its no-delay bit; an
 * exit on a branch exits only if the branch is not taken (envytools).
 */
static int step(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		bool *done)
{
	uint32_t insn = mme->code[mme->pc];
	bool in_branch_slot = mme->branch_pending, in_exit_slot = mme->exit_pending;
	uint32_t slot_target = mme->branch_target, next = mme->pc + 1;
	bool exits = bits(insn, 7, 1);
	int ret;

	mme->branch_pending = mme->exit_pending = false;
	if (bits(insn, 0, 4) == OP_BRANCH) {
		bool taken = (mme->r[bits(insn, 11, 3)] != 0) == bits(insn, 4, 1);
		uint32_t target = mme->pc + (uint32_t)imm18(insn);

		if (in_branch_slot)
			return trap(mme, NVM_MME_DOUBLE_BRANCH, "a branch in a delay slot");
		if (taken && bits(insn, 5, 1))
			next = target;
		else if (taken) {
			mme->branch_pending = true;
			mme->branch_target = target;
		}
		exits = exits && !taken;
	} else {
		uint32_t res;

		ret = result(mme, insn, &res);
		if (!ret)
			ret = assign(mme, job, emit, ctx, insn, res);
		if (ret)
			return ret;
	}
	mme->exit_pending = exits;
	mme->pc = in_branch_slot ? slot_target : next;
	*done = in_exit_slot;
	return 0;
}

/* Run the macro until it exits, lacks a parameter, or traps. */
static int run(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx)
{
	bool done = false;

	mme->waiting = false;
	while (!done) {
		int ret;

		if (mme->steps++ >= NVM_MME_WATCHDOG_STEPS)
			return trap(mme, NVM_MME_WATCHDOG, "runaway macro");
		if (mme->pc >= NVM_MME_CODE_WORDS)
			return trap(mme, NVM_MME_ILLEGAL_OPCODE, "pc past the instruction RAM");
		if (needs_param(mme->code[mme->pc]) && !mme->have_param) {
			mme->waiting = true;
			return 0;
		}
		ret = step(mme, job, emit, ctx, &done);
		if (ret)
			return ret;
	}
	mme->running = false;
	return 0;
}

static int call(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		uint32_t macro, uint32_t data)
{
	if (mme->running)
		return trap(mme, NVM_MME_TOO_FEW_PARAMS, "a call while a macro waits for data");
	mme->running = true;
	mme->have_param = false;
	for (int i = 0; i < 8; i++)
		mme->r[i] = 0;
	mme->r[1] = data;
	mme->carry = 0;
	mme->pc = mme->start[macro];
	mme->steps = 0;
	mme->maddr = mme->minc = 0;
	mme->branch_pending = mme->exit_pending = false;
	return run(mme, job, emit, ctx);
}

static int data(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		uint32_t v)
{
	if (!mme->running)
		return trap(mme, NVM_MME_TOO_MANY_PARAMS, "data for a macro that has exited");
	mme->param = v;
	mme->have_param = true;
	return run(mme, job, emit, ctx);
}

int nvm_mme_method(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		   uint32_t mthd, uint32_t v)
{
	uint32_t j = (mthd - REG_NVB197_CALL_MME_MACRO(0)) / REG_NVB197_CALL_MME_MACRO__ESIZE;

	if (mthd >= REG_NVB197_CALL_MME_MACRO(0) &&
	    mthd < REG_NVB197_CALL_MME_MACRO(REG_NVB197_CALL_MME_MACRO__LEN))
		return mthd == REG_NVB197_CALL_MME_MACRO(j) ? call(mme, job, emit, ctx, j, v) :
							       data(mme, job, emit, ctx, v);
	if (mme->waiting)
		return trap(mme, NVM_MME_TOO_FEW_PARAMS, "a method while a macro waits for data");
	switch (mthd) {
	case REG_NVB197_LOAD_MME_INSTRUCTION_RAM_POINTER:
		mme->code_ptr = v;
		return 0;
	case REG_NVB197_LOAD_MME_INSTRUCTION_RAM:
		/* the hardware's answer to an overflow is undocumented: a channel error here */
		if (mme->code_ptr >= NVM_MME_CODE_WORDS)
			return trap(mme, NVM_MME_ILLEGAL_OPCODE, "instruction RAM overflow");
		mme->code[mme->code_ptr++] = v;
		return 0;
	case REG_NVB197_LOAD_MME_START_ADDRESS_RAM_POINTER:
		mme->start_ptr = v;
		return 0;
	case REG_NVB197_LOAD_MME_START_ADDRESS_RAM:
		/* the pointer steps on, as the instruction RAM's does (assumed) */
		if (mme->start_ptr >= NVM_MME_MACROS || v >= NVM_MME_CODE_WORDS)
			return trap(mme, NVM_MME_ILLEGAL_OPCODE, "macro index or start out of range");
		mme->start[mme->start_ptr++] = v;
		return 0;
	case REG_NVB197_SET_MME_SHADOW_RAM_CONTROL:
		mme->shadow_mode = NVB197_SET_MME_SHADOW_RAM_CONTROL_MODE__get(v);
		return 0;
	default:
		return 1;
	}
}

void nvm_mme_track(struct nvm_mme *mme, uint32_t mthd, uint32_t *v)
{
	uint32_t *slot = &mme->shadow[(mthd >> 2) % NVM_MME_SHADOW_WORDS];

	if (mme->shadow_mode == NVM_MME_REPLAY)
		*v = *slot;
	else if (mme->shadow_mode != NVM_MME_PASSTHROUGH)
		*slot = *v;
}

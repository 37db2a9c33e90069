/* SPDX-License-Identifier: MIT */
/*
 * A small assembler for the Maxwell macro engine (MME, the Fermi "macro"
 * ISA; encoding in nouveau/model/mme.c, from envytools and Mesa), and
 * typed helpers that build, upload and call macros:
 *
 *	struct nv_mme_prog m = { 0 };
 *	nv_mme_add(&m, nv_mme_parm(2));				// r2 = 2nd parameter
 *	nv_mme_add(&m, nv_mme_alu(NV_MME_MOVE, 3, NV_MME_ADD, 1, 2));	// r3 = r1 + r2
 *	nv_mme_release(&m, nv_push_addr(p, bo, 0, NV_ACCESS_WRITE), 3);
 *	nv_mme_end(&m);
 *	nv_mme_load(p, 0, 0, &m);
 *	nv_mme_call(p, 0, (uint32_t[]){ 40, 2 }, 2);		// *bo = 42
 *
 * Registers are 0..7; r0 reads as 0 and ignores writes; a macro starts
 * with r1 = its first parameter. The nv_mme_*() encoders return one
 * instruction and check their operands' ranges.
 */
#ifndef DRMSUB_NOUVEAU_PUSH_MME_H
#define DRMSUB_NOUVEAU_PUSH_MME_H

#include <stdbool.h>
#include <stdint.h>

struct nv_push;

/* What happens to an instruction's result (bits 6:4); LOAD ops take the next parameter. */
enum nv_mme_assign {
	NV_MME_LOAD = 0,		/* dst = param (result dropped) */
	NV_MME_MOVE = 1,		/* dst = result */
	NV_MME_MOVE_MADDR = 2,		/* dst = result; method address = result */
	NV_MME_LOAD_SEND = 3,		/* send result; dst = param */
	NV_MME_MOVE_SEND = 4,		/* send result; dst = result */
	NV_MME_LOAD_MADDR = 5,		/* method address = result; dst = param */
	NV_MME_MOVE_MADDR_SEND_PARAM = 6,	/* dst = result = method address; send param */
	NV_MME_MOVE_MADDR_SEND_HIGH = 7,	/* dst = result = method address; send result 17:12 */
};

enum nv_mme_alu_op {
	NV_MME_ADD = 0,
	NV_MME_ADDC = 1,	/* with the carry of the last ADD/ADDC */
	NV_MME_SUB = 2,
	NV_MME_SUBB = 3,	/* with the borrow of the last SUB/SUBB */
	NV_MME_XOR = 8,
	NV_MME_OR = 9,
	NV_MME_AND = 10,
	NV_MME_AND_NOT = 11,	/* src0 & ~src1 */
	NV_MME_NAND = 12,
};

#define NV_MME_EXIT (1u << 7)	/* exit after the next instruction (its delay slot) */
#define NV_MME_IMM_MIN (-(1 << 17))
#define NV_MME_IMM_MAX ((1 << 17) - 1)

/* dst = src0 OP src1 */
uint32_t nv_mme_alu(enum nv_mme_assign a, unsigned int dst, enum nv_mme_alu_op op,
		    unsigned int src0, unsigned int src1);
/* dst = src0 + imm (18-bit signed) */
uint32_t nv_mme_addi(enum nv_mme_assign a, unsigned int dst, unsigned int src0, int32_t imm);
/* dst = src0 with @size bits at @dst_bit replaced by src1's @size bits at @src_bit */
uint32_t nv_mme_merge(enum nv_mme_assign a, unsigned int dst, unsigned int src0,
		      unsigned int src1, unsigned int src_bit, unsigned int size,
		      unsigned int dst_bit);
/* dst = ((src1 >> src0) & mask(size)) << dst_bit */
uint32_t nv_mme_bfe_lsl_imm(enum nv_mme_assign a, unsigned int dst, unsigned int src0,
			    unsigned int src1, unsigned int size, unsigned int dst_bit);
/* dst = ((src1 >> src_bit) & mask(size)) << src0 */
uint32_t nv_mme_bfe_lsl_reg(enum nv_mme_assign a, unsigned int dst, unsigned int src0,
			    unsigned int src1, unsigned int src_bit, unsigned int size);
/* dst = the class's shadowed value of method word src0 + imm (the "read" op) */
uint32_t nv_mme_read(unsigned int dst, unsigned int src0, int32_t imm);
/*
 * If src0 is zero (@nonzero: not zero), go to this instruction + @offset,
 * after the next instruction unless @no_delay.
 */
uint32_t nv_mme_branch(bool nonzero, bool no_delay, unsigned int src0, int32_t offset);

/* Shorthands. */
uint32_t nv_mme_nop(void);				/* r0 = r0 */
uint32_t nv_mme_parm(unsigned int dst);			/* dst = the next parameter */
uint32_t nv_mme_mov(unsigned int dst, int32_t imm);	/* dst = imm */
uint32_t nv_mme_send(unsigned int src);			/* send src's value */
/* Methods are sent to @mthd (a byte offset), then every @inc methods on. */
uint32_t nv_mme_maddr(uint32_t mthd, uint32_t inc);

/* ---- programs ------------------------------------------------------------- */

#define NV_MME_PROG_MAX 256

struct nv_mme_prog {
	uint32_t insn[NV_MME_PROG_MAX];
	uint32_t n;
};

/* Append @insn; returns its index (branch offsets are differences of indices). */
uint32_t nv_mme_add(struct nv_mme_prog *m, uint32_t insn);
/* dst = @value, in one to three instructions. */
void nv_mme_load_imm32(struct nv_mme_prog *m, unsigned int dst, uint32_t value);
/*
 * Release register @value_reg to the GPU address @va with a one-word 3D
 * report semaphore (SET_REPORT_SEMAPHORE_A..D sent by the macro); uses
 * r7 as a temporary.
 */
void nv_mme_release(struct nv_mme_prog *m, uint64_t va, unsigned int value_reg);
/* The same to the address in registers @upper:@lower; @tmp is overwritten. */
void nv_mme_release_regs(struct nv_mme_prog *m, unsigned int upper, unsigned int lower,
			 unsigned int value_reg, unsigned int tmp);
/* Exit after the last instruction: mark it and add the delay slot (a nop). */
void nv_mme_end(struct nv_mme_prog *m);

/* Upload @m as macro @macro at instruction @start (nouveau/push_3d.c's nv_mme_upload). */
void nv_mme_load(struct nv_push *p, uint32_t macro, uint32_t start, const struct nv_mme_prog *m);
/* SET_MME_SHADOW_RAM_CONTROL: NVB197_SET_MME_SHADOW_RAM_CONTROL_MODE_* */
void nv_mme_shadow_control(struct nv_push *p, uint32_t mode);

#endif

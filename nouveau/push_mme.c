// SPDX-License-Identifier: MIT
/*
 * MME instruction encoders and macro helpers. Field positions (envytools
 * envydis/macro.c, Mesa mme_fermi.xml): op 3:0, assign 6:4, exit 7,
 * dst 10:8, src0 13:11, src1 16:14, ALU op or bitfield source bit 21:17,
 * bitfield size 26:22, bitfield destination bit 31:27, signed immediate
 * 31:14; branches: bit 4 on non-zero, bit 5 without delay slot.
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb197.xml.h"
#include "nouveau/push.h"
#include "nouveau/push_mme.h"

enum { OP_ALU, OP_ADD_IMM, OP_MERGE, OP_BFE_LSL_IMM, OP_BFE_LSL_REG, OP_STATE, OP_BRANCH = 7 };

static uint32_t reg(unsigned int r, unsigned int shift)
{
	igt_assert_f(r < 8, "MME register r%u does not exist\n", r);
	return (uint32_t)r << shift;
}

static uint32_t imm(int32_t v)
{
	igt_assert_f(v >= NV_MME_IMM_MIN && v <= NV_MME_IMM_MAX,
		     "MME immediate %d does not fit 18 signed bits\n", v);
	return (uint32_t)v << 14;
}

static uint32_t five(unsigned int v, unsigned int shift)
{
	igt_assert_f(v < 32, "MME bitfield position or size %u does not fit 5 bits\n", v);
	return (uint32_t)v << shift;
}

static uint32_t head(unsigned int op, enum nv_mme_assign a, unsigned int dst, unsigned int src0)
{
	igt_assert_f((unsigned int)a < 8, "MME assign op %u\n", (unsigned int)a);
	return op | (uint32_t)a << 4 | reg(dst, 8) | reg(src0, 11);
}

uint32_t nv_mme_alu(enum nv_mme_assign a, unsigned int dst, enum nv_mme_alu_op op,
		    unsigned int src0, unsigned int src1)
{
	return head(OP_ALU, a, dst, src0) | reg(src1, 14) | five(op, 17);
}

uint32_t nv_mme_addi(enum nv_mme_assign a, unsigned int dst, unsigned int src0, int32_t v)
{
	return head(OP_ADD_IMM, a, dst, src0) | imm(v);
}

uint32_t nv_mme_merge(enum nv_mme_assign a, unsigned int dst, unsigned int src0,
		      unsigned int src1, unsigned int src_bit, unsigned int size,
		      unsigned int dst_bit)
{
	return head(OP_MERGE, a, dst, src0) | reg(src1, 14) | five(src_bit, 17) |
	       five(size, 22) | five(dst_bit, 27);
}

uint32_t nv_mme_bfe_lsl_imm(enum nv_mme_assign a, unsigned int dst, unsigned int src0,
			    unsigned int src1, unsigned int size, unsigned int dst_bit)
{
	return head(OP_BFE_LSL_IMM, a, dst, src0) | reg(src1, 14) | five(size, 22) |
	       five(dst_bit, 27);
}

uint32_t nv_mme_bfe_lsl_reg(enum nv_mme_assign a, unsigned int dst, unsigned int src0,
			    unsigned int src1, unsigned int src_bit, unsigned int size)
{
	return head(OP_BFE_LSL_REG, a, dst, src0) | reg(src1, 14) | five(src_bit, 17) |
	       five(size, 22);
}

uint32_t nv_mme_read(unsigned int dst, unsigned int src0, int32_t v)
{
	return head(OP_STATE, NV_MME_MOVE, dst, src0) | imm(v);
}

uint32_t nv_mme_branch(bool nonzero, bool no_delay, unsigned int src0, int32_t offset)
{
	return OP_BRANCH | (uint32_t)nonzero << 4 | (uint32_t)no_delay << 5 | reg(src0, 11) |
	       imm(offset);
}

uint32_t nv_mme_nop(void)
{
	return nv_mme_addi(NV_MME_MOVE, 0, 0, 0);
}

uint32_t nv_mme_parm(unsigned int dst)
{
	return nv_mme_addi(NV_MME_LOAD, dst, 0, 0);
}

uint32_t nv_mme_mov(unsigned int dst, int32_t v)
{
	return nv_mme_addi(NV_MME_MOVE, dst, 0, v);
}

uint32_t nv_mme_send(unsigned int src)
{
	return nv_mme_addi(NV_MME_MOVE_SEND, 0, src, 0);
}

uint32_t nv_mme_maddr(uint32_t mthd, uint32_t inc)
{
	/* method word in bits 11:0, increment (in methods) in bits 17:12 */
	igt_assert_f(!(mthd & 3) && mthd < 0x4000 && inc < 0x20,
		     "MME method %#x, increment %u\n", mthd, inc);
	return nv_mme_addi(NV_MME_MOVE_MADDR, 0, 0, (int32_t)(mthd >> 2 | inc << 12));
}

uint32_t nv_mme_add(struct nv_mme_prog *m, uint32_t insn)
{
	igt_assert_f(m->n < NV_MME_PROG_MAX, "MME program longer than %d\n", NV_MME_PROG_MAX);
	m->insn[m->n] = insn;
	return m->n++;
}

void nv_mme_load_imm32(struct nv_mme_prog *m, unsigned int dst, uint32_t value)
{
	if (value <= NV_MME_IMM_MAX || value >= (uint32_t)NV_MME_IMM_MIN) {
		nv_mme_add(m, nv_mme_mov(dst, (int32_t)value));
		return;
	}
	/* the high half, moved up by a bitfield op (r0 gives position 0), plus the low half */
	nv_mme_add(m, nv_mme_mov(dst, (int32_t)(value >> 16)));
	nv_mme_add(m, nv_mme_bfe_lsl_imm(NV_MME_MOVE, dst, 0, dst, 16, 16));
	if (value & 0xffff)
		nv_mme_add(m, nv_mme_addi(NV_MME_MOVE, dst, dst, (int32_t)(value & 0xffff)));
}

/*
 * D last: it triggers the release (the 3D class's rule); a one-word
 * release, 0x10000000, the QUERY_GET word (0x1000 << 16) that Mesa's
 * macros mme9097_query_buffer_write and mme9097_compute_counter_to_query
 * (nvc0/mme/com9097.mme) send after maddr 0x16c0 (A, increment 1) and
 * A/B/C — the same sequence as nv_mme_release_regs.
 */
static void send_release_d(struct nv_mme_prog *m, unsigned int tmp)
{
	nv_mme_load_imm32(m, tmp, NVB197_SET_REPORT_SEMAPHORE_D(
		.operation = NVB197_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE,
		.structure_size = NVB197_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD));
	nv_mme_add(m, nv_mme_send(tmp));
}

void nv_mme_release(struct nv_mme_prog *m, uint64_t va, unsigned int value_reg)
{
	igt_assert_f(value_reg != 7 && !(va & 3) && va >> 40 == 0,
		     "MME release of r%u to %#llx\n", value_reg, (unsigned long long)va);
	nv_mme_load_imm32(m, 7, (uint32_t)(va >> 32));
	nv_mme_add(m, nv_mme_maddr(REG_NVB197_SET_REPORT_SEMAPHORE_A, 1));
	nv_mme_add(m, nv_mme_send(7));
	nv_mme_load_imm32(m, 7, (uint32_t)va);
	nv_mme_add(m, nv_mme_send(7));
	nv_mme_add(m, nv_mme_send(value_reg));
	send_release_d(m, 7);
}

void nv_mme_release_regs(struct nv_mme_prog *m, unsigned int upper, unsigned int lower,
			 unsigned int value_reg, unsigned int tmp)
{
	igt_assert_f(tmp != upper && tmp != lower && tmp != value_reg,
		     "MME release: r%u is not free\n", tmp);
	nv_mme_add(m, nv_mme_maddr(REG_NVB197_SET_REPORT_SEMAPHORE_A, 1));
	nv_mme_add(m, nv_mme_send(upper));
	nv_mme_add(m, nv_mme_send(lower));
	nv_mme_add(m, nv_mme_send(value_reg));
	send_release_d(m, tmp);
}

void nv_mme_end(struct nv_mme_prog *m)
{
	igt_assert_f(m->n > 0, "an empty MME program\n");
	m->insn[m->n - 1] |= NV_MME_EXIT;
	nv_mme_add(m, nv_mme_nop());
}

void nv_mme_load(struct nv_push *p, uint32_t macro, uint32_t start, const struct nv_mme_prog *m)
{
	nv_mme_upload(p, macro, start, m->insn, m->n);
}

/*
 * HARDWARE CLAIM: SET_MME_SHADOW_RAM_CONTROL as an immediate selects how
 * later methods meet the shadow RAM (clb197.h's modes) — not found in
 * kernel/Mesa; verify on silicon.
 */
void nv_mme_shadow_control(struct nv_push *p, uint32_t mode)
{
	nv_immd(p, NV_SUBC_3D, REG_NVB197_SET_MME_SHADOW_RAM_CONTROL,
		NVB197_SET_MME_SHADOW_RAM_CONTROL(.mode = mode));
}

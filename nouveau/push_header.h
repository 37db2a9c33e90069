/* SPDX-License-Identifier: MIT */
/*
 * NVIDIA (Fermi and later, so Maxwell) push-buffer method headers and GPFIFO
 * entries: encoders and parsers side by side.
 *
 * Header: SEC_OP 31:29, COUNT or IMMD_DATA 28:16 (13 bits), SUBCHANNEL
 * 15:13, METHOD_ADDRESS 11:0 = byte method offset >> 2. GPFIFO entry:
 * e0 GET 31:2 (address bits 31:2), FETCH b0; e1 GET_HI 7:0, PRIV b8,
 * LEVEL b9, LENGTH 30:10 (dwords), SYNC b31.
 * Source: NVIDIA open-gpu-doc clb06f.h (same format as cla06f.h);
 * nouveau/registers/nv_push.xml holds the same layout as data.
 * Referees emitting these forms: Mesa's nvc0_winsys.h NVC0_FIFO_PKHDR_SQ
 * (INC), _NI (NON_INC), _IL (IMMD) and _1I (ONE_INC), NVK's nv_push.h;
 * the GPFIFO entry is the kernel's nv50_dma_push (nouveau_dma.c):
 * lower_32_bits(addr), upper_32_bits(addr) | bytes << 8 (= dwords << 10).
 */
#ifndef DRMSUB_NOUVEAU_PUSH_HEADER_H
#define DRMSUB_NOUVEAU_PUSH_HEADER_H

#include <stdbool.h>
#include <stdint.h>

#include "nouveau/nv_push.xml.h"

enum nv_sec_op {
	NV_SEC_OP_GRP0_USE_TERT = 0,
	NV_SEC_OP_INC_METHOD = 1,
	NV_SEC_OP_GRP2_USE_TERT = 2,
	NV_SEC_OP_NON_INC_METHOD = 3,
	NV_SEC_OP_IMMD_DATA_METHOD = 4,
	NV_SEC_OP_ONE_INC = 5,
	NV_SEC_OP_RESERVED6 = 6,
	NV_SEC_OP_END_PB_SEGMENT = 7,
};

/* the field limits, from nouveau/registers/nv_push.xml */
#define NV_PUSH_FIELD_MAX(F) (nv_method_header_##F##__MASK >> nv_method_header_##F##__SHIFT)
#define NV_PUSH_MAX_COUNT NV_PUSH_FIELD_MAX(COUNT)	/* 13-bit count / immediate */
#define NV_PUSH_MAX_METHOD (NV_PUSH_FIELD_MAX(METHOD_ADDRESS) << nv_method_header_METHOD_ADDRESS__SHR)
#define NV_PUSH_MAX_SUBC NV_PUSH_FIELD_MAX(SUBCHANNEL)

/*
 * A header of @op; @subc, @method (a byte offset, low bits dropped) and
 * @count_or_value are cut to their fields, so that crafted streams (the
 * decoder's fuzzer) can hold any bits.
 */
static inline uint32_t nv_push_hdr(enum nv_sec_op op, uint32_t subc, uint32_t method,
				   uint32_t count_or_value)
{
	return nv_method_header_SEC_OP(op) |
	       nv_method_header_COUNT(count_or_value & NV_PUSH_MAX_COUNT) |
	       nv_method_header_SUBCHANNEL(subc & NV_PUSH_MAX_SUBC) |
	       nv_method_header_METHOD_ADDRESS(method & NV_PUSH_MAX_METHOD);
}

/* @n data dwords follow, to @method, @method + 4, ... */
static inline uint32_t nv_push_inc(uint32_t subc, uint32_t method, uint32_t n)
{
	return nv_push_hdr(NV_SEC_OP_INC_METHOD, subc, method, n);
}

/* @n data dwords follow, all to @method */
static inline uint32_t nv_push_noninc(uint32_t subc, uint32_t method, uint32_t n)
{
	return nv_push_hdr(NV_SEC_OP_NON_INC_METHOD, subc, method, n);
}

/* the first data dword to @method, the remaining n - 1 to @method + 4 */
static inline uint32_t nv_push_one_inc(uint32_t subc, uint32_t method, uint32_t n)
{
	return nv_push_hdr(NV_SEC_OP_ONE_INC, subc, method, n);
}

/* no data dword: @value (13 bits) is carried in the header */
static inline uint32_t nv_push_immd(uint32_t subc, uint32_t method, uint32_t value)
{
	return nv_push_hdr(NV_SEC_OP_IMMD_DATA_METHOD, subc, method, value);
}

static inline bool nv_push_immd_fits(uint32_t value)
{
	return value <= NV_PUSH_MAX_COUNT;
}

/* ---- parsing ---------------------------------------------------------- */

enum nv_push_kind {
	NV_PUSH_INC,
	NV_PUSH_NONINC,
	NV_PUSH_ONE_INC,
	NV_PUSH_IMMD,
	NV_PUSH_NOP,		/* header 0 */
	NV_PUSH_END_SEGMENT,
	NV_PUSH_INVALID,	/* reserved op, or a sub-device-mask op */
};

struct nv_push_method {
	enum nv_push_kind kind;
	uint32_t subc;
	uint32_t method;	/* byte offset */
	uint32_t count;		/* data dwords following (0 for IMMD) */
	uint32_t value;		/* IMMD: the immediate */
	bool legacy;		/* pre-Kepler encoding (SEC_OP 0/2, TERT_OP 0) */
};

static inline bool nv_push_kind_has_data(enum nv_push_kind kind)
{
	return kind == NV_PUSH_INC || kind == NV_PUSH_NONINC || kind == NV_PUSH_ONE_INC;
}

static inline struct nv_push_method nv_push_parse(uint32_t h)
{
	/* what SEC_OP says; the TERT_OP groups are told apart below */
	static const enum nv_push_kind kind_of[] = {
		[NV_SEC_OP_GRP0_USE_TERT] = NV_PUSH_INVALID,
		[NV_SEC_OP_INC_METHOD] = NV_PUSH_INC,
		[NV_SEC_OP_GRP2_USE_TERT] = NV_PUSH_INVALID,
		[NV_SEC_OP_NON_INC_METHOD] = NV_PUSH_NONINC,
		[NV_SEC_OP_IMMD_DATA_METHOD] = NV_PUSH_IMMD,
		[NV_SEC_OP_ONE_INC] = NV_PUSH_ONE_INC,
		[NV_SEC_OP_RESERVED6] = NV_PUSH_INVALID,
		[NV_SEC_OP_END_PB_SEGMENT] = NV_PUSH_END_SEGMENT,
	};
	enum nv_sec_op op = (enum nv_sec_op)nv_method_header_SEC_OP__get(h);
	bool tert = op == NV_SEC_OP_GRP0_USE_TERT || op == NV_SEC_OP_GRP2_USE_TERT;
	struct nv_push_method m = {
		.kind = kind_of[op],
		.subc = nv_method_header_SUBCHANNEL__get(h),
		.method = nv_method_header_METHOD_ADDRESS__get(h),
		.count = nv_method_header_COUNT__get(h),
	};

	if (m.kind == NV_PUSH_IMMD) {
		m.value = m.count;
	} else if (tert && h == 0) {
		m.kind = NV_PUSH_NOP;
	} else if (tert && nv_method_header_legacy_OPCODE3__get(h) ==
			   nv_method_header_legacy_OPCODE3_NONE) {
		/* legacy format: ADDRESS 12:2, COUNT 28:18 */
		m.kind = op == NV_SEC_OP_GRP0_USE_TERT ? NV_PUSH_INC : NV_PUSH_NONINC;
		m.legacy = true;
		m.method = nv_method_header_legacy_ADDRESS__get(h);
		m.count = nv_method_header_legacy_COUNT__get(h);
	}
	/* IMMD carries its value in COUNT; a NOP, END_PB_SEGMENT or invalid header no data */
	if (!nv_push_kind_has_data(m.kind))
		m.count = 0;
	return m;
}

/* ---- GPFIFO entries ----------------------------------------------------- */

struct nv_gp_entry {
	uint64_t addr;		/* 40-bit GPU VA, dword aligned */
	uint32_t dwords;	/* segment length */
	bool subroutine;	/* LEVEL */
	bool sync;		/* SYNC: wait for the previous segment */
};

/* LENGTH 30:10 */
#define NV_GP_MAX_DWORDS (nv_gp_entry1_LENGTH__MASK >> nv_gp_entry1_LENGTH__SHIFT)
#define NV_GP_MAX_ADDR_HI (nv_gp_entry1_GET_HI__MASK >> nv_gp_entry1_GET_HI__SHIFT)

/* The address's bits beyond GET and GET_HI and the length's beyond LENGTH are cut. */
static inline void nv_gp_entry_pack(const struct nv_gp_entry *e, uint32_t dw[2])
{
	dw[0] = nv_gp_entry0_GET((uint32_t)e->addr & nv_gp_entry0_GET__MASK);
	dw[1] = nv_gp_entry1_GET_HI((e->addr >> 32) & NV_GP_MAX_ADDR_HI) |
		nv_gp_entry1_LEVEL(e->subroutine) |
		nv_gp_entry1_LENGTH(e->dwords & NV_GP_MAX_DWORDS) | nv_gp_entry1_SYNC(e->sync);
}

static inline struct nv_gp_entry nv_gp_entry_parse(const uint32_t dw[2])
{
	struct nv_gp_entry e = {
		.addr = (uint64_t)nv_gp_entry1_GET_HI__get(dw[1]) << 32 | nv_gp_entry0_GET__get(dw[0]),
		.dwords = nv_gp_entry1_LENGTH__get(dw[1]),
		.subroutine = nv_gp_entry1_LEVEL__get(dw[1]),
		.sync = nv_gp_entry1_SYNC__get(dw[1]),
	};

	return e;
}

#endif

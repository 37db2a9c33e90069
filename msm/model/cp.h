/* SPDX-License-Identifier: MIT */
/*
 * The command processor's state while it runs one submit: cp.c walks the
 * stream, cp_mem.c reaches memory through the submit's VM, cp_packets.c and
 * cp_reg_packets.c execute the pkt7 opcodes.
 */
#ifndef DRMSUB_MSM_MODEL_CP_H
#define DRMSUB_MSM_MODEL_CP_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/model/msm_model.h"

#define CP_MAX_IB_LEVEL 2	/* IB1 from the ring, IB2 from IB1 */

struct cp;

/*
 * A packet handler: @p is the payload of @count dwords. Returns true to go
 * on, false after cp_fault() (or when the job was cancelled).
 */
typedef bool (*cp_packet_fn)(struct cp *cp, const uint32_t *p, uint32_t count);

/* What the model executes for one pkt7 opcode. */
struct cp_packet {
	const char *name;	/* the opcode's name on this generation */
	cp_packet_fn fn;	/* NULL: the model does not execute it */
};

struct cp {
	struct msm_submit *submit;
	const struct msm_chip_info *info;
	struct msm_regs *regs;
	const struct cp_packet *packets;	/* this generation's, indexed by opcode */
	const struct msm_mapping *last_map;	/* where the last memory access went */
	uint64_t progress;			/* the job's progress counter, ours to write */
	unsigned int ib_level;
	uint32_t skip;			/* dwords CP_COND_EXEC drops */
	const char *packet;		/* the pkt7 being executed, for messages */
	bool faulted;
};

/* The opcode table of generation @gen (5, 6, 7): 128 entries, by opcode. */
const struct cp_packet *cp_packet_table(unsigned int gen);

/* Record a fault (opcode error, protect violation, page fault); returns false. */
bool cp_fault(struct cp *cp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- memory (cp_mem.c) ------------------------------------------------ */

/*
 * The CPU address of @len bytes at @iova, all in one mapping of the
 * submit's VM; else NULL after a page fault.
 */
void *cp_map(struct cp *cp, uint64_t iova, uint64_t len);

/* GPU memory access through the submit's VM; false after a page fault. */
bool cp_read32(struct cp *cp, uint64_t iova, uint32_t *value);
bool cp_write32(struct cp *cp, uint64_t iova, uint32_t value);
bool cp_read64(struct cp *cp, uint64_t iova, uint64_t *value);
bool cp_write64(struct cp *cp, uint64_t iova, uint64_t value);
/*
 * Store @n dwords at @iova in order: one lookup and one copy per mapping
 * the range crosses. Where no mapping holds the next dword, the dwords
 * before it have landed and the fault names its address.
 */
bool cp_write_dwords(struct cp *cp, uint64_t iova, const uint32_t *src, uint32_t n);

/* ---- packets ---------------------------------------------------------- */

/* A payload of @min..@max dwords, else a fault naming @name. */
bool cp_need(struct cp *cp, const char *name, uint32_t count, uint32_t min, uint32_t max);

/*
 * Register access for addresses the stream names: checked against
 * CP_PROTECT as the SQE checks them (afuc's $usraddr); false after a fault.
 */
bool cp_read_reg(struct cp *cp, uint32_t reg, uint32_t *v);
bool cp_write_reg(struct cp *cp, uint32_t reg, uint32_t v);

/* The register packets (cp_reg_packets.c). */
bool cp_reg_to_mem(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_mem_to_reg(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_reg_rmw(struct cp *cp, const uint32_t *p, uint32_t count);

/* Execute an indirect buffer of @dwords at @iova one level down. */
bool cp_exec_ib(struct cp *cp, uint64_t iova, uint32_t dwords);

static inline uint64_t cp_addr(const uint32_t *p)
{
	return p[0] | (uint64_t)p[1] << 32;
}

#endif

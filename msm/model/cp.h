/* SPDX-License-Identifier: MIT */
/* The command processor's state while it runs one submit (cp.c, cp_packets.c). */
#ifndef DRMSUB_MSM_MODEL_CP_H
#define DRMSUB_MSM_MODEL_CP_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/model/msm_model.h"

#define CP_MAX_IB_LEVEL 2	/* IB1 from the ring, IB2 from IB1 */

struct cp {
	struct msm_submit *submit;
	const struct msm_chip_info *info;
	struct msm_regs *regs;
	unsigned int ib_level;
	uint32_t skip;			/* dwords CP_COND_EXEC drops */
	const char *packet;		/* the pkt7 being executed, for messages */
	bool faulted;
};

/*
 * A packet handler: @p is the payload of @count dwords. Returns true to go
 * on, false after cp_fault() (or when the job was cancelled).
 */
typedef bool (*cp_packet_fn)(struct cp *cp, const uint32_t *p, uint32_t count);

/* The handler of pkt7 @opcode on this generation, or NULL (an opcode error). */
cp_packet_fn cp_packet_handler(const struct cp *cp, uint32_t opcode, const char **name);

/* Record a fault (opcode error, protect violation, page fault); returns false. */
bool cp_fault(struct cp *cp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* GPU memory access through the submit's VM; false after a page fault. */
bool cp_read32(struct cp *cp, uint64_t iova, uint32_t *value);
bool cp_write32(struct cp *cp, uint64_t iova, uint32_t value);
bool cp_read64(struct cp *cp, uint64_t iova, uint64_t *value);
bool cp_write64(struct cp *cp, uint64_t iova, uint64_t value);

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

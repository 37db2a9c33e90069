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
	uint32_t min, max;	/* payload dwords @fn may be given: others fault first */
};

/* One CP_SET_DRAW_STATE group in force (cp_draw_state.c). */
struct cp_state_group {
	uint64_t addr;
	uint32_t dwords;		/* 0: not in force */
	uint8_t modes;			/* CP_DRAW_MODE_* it runs in */
};

/* The render modes a draw-state group can be limited to (a6xx BINNING/GMEM/SYSMEM). */
enum {
	CP_DRAW_MODE_BINNING = 1 << 0,
	CP_DRAW_MODE_GMEM = 1 << 1,
	CP_DRAW_MODE_SYSMEM = 1 << 2,
	CP_DRAW_MODE_ALL = 7,
};

#define CP_STATE_GROUPS 32	/* GROUP_ID is 5 bits before a750 (adreno_pm4.xml) */

/* What the a6xx draw packets leave for the next ones (cp_draw_state.c). */
struct cp_draw {
	struct cp_state_group groups[CP_STATE_GROUPS];
	uint8_t mode;			/* CP_DRAW_MODE_* of the last CP_SET_MARKER */
	bool skip_ib2_global, skip_ib2_local;
	bool visibility_override;	/* CP_SET_VISIBILITY_OVERRIDE: ignore the stream */
	bool bin_data;			/* a visibility stream was named (CP_SET_BIN_DATA5) */
	bool in_group;			/* executing a group: no draw, no nested groups */
	uint32_t set_mode;		/* CP_SET_MODE's dword */
};

struct cp {
	struct msm_gem_submit *submit;
	const struct msm_chip_info *info;
	struct msm_regs *regs;
	const struct cp_packet *packets;	/* this generation's, indexed by opcode */
	const struct msm_mapping *last_map;	/* where the last memory access went */
	uint64_t progress;			/* the job's progress counter, ours to write */
	unsigned int ib_level;
	uint32_t skip;			/* dwords CP_COND_EXEC drops */
	const char *packet;		/* the pkt7 being executed, for messages */
	bool faulted;
	const uint32_t *ib_end;		/* the end of the IB being walked */
	struct cp_draw draw;
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
void *cp_map_dir(struct cp *cp, uint64_t iova, uint64_t len, bool write);
/* A read mapping (a fault's kernel line says READ); cp_map_dir for writes. */
static inline void *cp_map(struct cp *cp, uint64_t iova, uint64_t len)
{
	return cp_map_dir(cp, iova, len, false);
}

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

/* Walk @dwords at @p (inside the IB being walked) at the current level. */
bool cp_exec_body(struct cp *cp, const uint32_t *p, uint32_t dwords);

/* Walk @dwords mapped at @dw (a draw-state group) at the current level. */
bool cp_exec_mapped(struct cp *cp, const uint32_t *dw, uint32_t dwords);

/* Per device (regs.c): the draws accepted, not rasterised; GMEM's bytes. */
void msm_regs_count_draw(struct msm_regs *regs);
uint64_t msm_regs_draws(const struct msm_regs *regs);
/* The chip's GMEM (info->gmem bytes, zeroed on first use), or NULL without memory. */
uint8_t *msm_regs_gmem(struct msm_regs *regs);

/* The draw-state and render-mode packets (cp_draw_state.c). */
bool cp_set_draw_state(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_set_marker(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_set_mode(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_skip_ib2_global(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_skip_ib2_local(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_set_visibility_override(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_set_bin_data5(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_start_bin(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_reg_write(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_draw_indx_offset(struct cp *cp, const uint32_t *p, uint32_t count);
/* Whether an IB2 is skipped (CP_SKIP_IB2_ENABLE_*); false after a fault, with *skip unset. */
bool cp_ib2_skipped(struct cp *cp, bool *skip);

/* The blits (blit_2d.c, blit_gmem.c). */
bool cp_blit(struct cp *cp, const uint32_t *p, uint32_t count);
bool cp_event_blit(struct cp *cp);

/* DRMSUB_MODEL_MSM_RD: append @submit to that .rd file, as msm_rd does (cp_rd.c). */
void msm_cp_rd_dump(struct msm_gem_submit *submit);

/* Execute an indirect buffer of @dwords at @iova one level down. */
bool cp_exec_ib(struct cp *cp, uint64_t iova, uint32_t dwords);

static inline uint64_t cp_addr(const uint32_t *p)
{
	return p[0] | (uint64_t)p[1] << 32;
}

#endif

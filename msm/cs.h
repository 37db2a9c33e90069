/* SPDX-License-Identifier: MIT */
/*
 * msm command streams: a bounded dword buffer plus the list of BOs it
 * references, typed helpers for the packets the tests use (one place per
 * packet knows its layout, from the generated adreno_pm4.xml.h), and
 * submission. Each packet header counts the payload dwords as they are
 * emitted and is checked against the count its helper announced.
 * Per-generation choices (scratch registers, event writes) live in
 * msm/gen.c. The _iova forms take GPU addresses the test chose itself
 * (VM_BIND mode, or addresses outside any BO).
 *
 *	struct msm_cs *cs = msm_cs_new(dev, 256);
 *	msm_cs_mem_write32(cs, dst, 0x40, 0xcafe0001);
 *	msm_cs_submit_wait(cs, queue, NSEC_PER_SEC);
 *	igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0xcafe0001);
 *	msm_cs_free(cs);
 *
 * The dwords live in memory until submission, which uploads them into a
 * command BO; encoding can therefore be checked without a GPU.
 */
#ifndef DRMSUB_MSM_CS_H
#define DRMSUB_MSM_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/msm.h"

#define MSM_CS_MAX_BOS 64

/*
 * The packet being built: its header's count grows with every payload
 * dword, and closing it (the next packet, msm_cs_end, upload) checks that
 * the payload came to the count its helper announced.
 */
struct msm_cs_packet {
	bool open;
	bool pkt7;			/* else pkt4 */
	uint32_t header_at;		/* index of the header dword */
	uint32_t code;			/* pkt7 opcode or pkt4 register */
	uint32_t announced;		/* the count the helper stated */
};

struct msm_cs {
	struct msm_device *dev;
	uint32_t len, cap;		/* dwords */
	struct msm_cs_packet pkt;
	struct msm_bo *cmd_bo;		/* the uploaded copy, after finish */
	struct {
		struct msm_bo *bo;
		uint32_t flags;		/* MSM_SUBMIT_BO_READ | WRITE */
	} bos[MSM_CS_MAX_BOS];
	uint32_t nr_bos;
	uint32_t dw[];			/* cap dwords, allocated with the struct */
};

struct msm_cs *msm_cs_new(struct msm_device *dev, uint32_t max_dwords);
void msm_cs_free(struct msm_cs *cs);

/*
 * Packets: pkt4/pkt7 open one of @count payload dwords, msm_cs_emit adds
 * them (the header's count grows with each). A packet closes when the next
 * one opens, at msm_cs_end and at upload; one whose payload differs from
 * @count fails the test there (or at the dword too many). Every append is
 * bounds-checked (an overflow fails the test).
 */
void msm_cs_pkt4(struct msm_cs *cs, uint32_t reg, uint32_t count);
void msm_cs_pkt7(struct msm_cs *cs, uint32_t opcode, uint32_t count);
/* A payload dword of the open packet (none open: the test fails). */
void msm_cs_emit(struct msm_cs *cs, uint32_t dw);
/* Close the open packet, checking its payload. */
void msm_cs_end(struct msm_cs *cs);
/*
 * A dword outside any packet, unchecked: the path for tests that build a
 * malformed stream on purpose (garbage where a header belongs, a header
 * whose count runs past the end). Closes the open packet first.
 */
void msm_cs_raw(struct msm_cs *cs, uint32_t dw);
/*
 * @other's packets (built and checked there, @other closed first) copied
 * after @cs's, with its BOs attached: a body run in place, not as an IB.
 */
void msm_cs_append(struct msm_cs *cs, struct msm_cs *other);
/* Reference @bo in the submit (flags merge); returns its index. */
uint32_t msm_cs_attach(struct msm_cs *cs, struct msm_bo *bo, uint32_t flags);
/* Every BO of @child in @cs's submit too: what an IB, draw state or appended body reaches. */
void msm_cs_attach_all(struct msm_cs *cs, const struct msm_cs *child);
/* Attach @bo and return its GPU address + @offset (checked: inside @bo, @bo mapped). */
uint64_t msm_cs_ref(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t flags);
/* Emit @bo's GPU address + @offset as lo, hi and attach @bo. */
void msm_cs_addr(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t flags);
/* Emit a raw GPU address (for tests of addresses outside any BO). */
void msm_cs_iova(struct msm_cs *cs, uint64_t iova);
/*
 * Copy the dwords into the stream's command BO (once) and return it: done
 * by submission and when the stream becomes another's IB; later emission
 * is not uploaded.
 */
struct msm_bo *msm_cs_upload(struct msm_cs *cs);

/* ---- packets (msm/cs_packets.c) --------------------------------------- */

void msm_cs_nop(struct msm_cs *cs, uint32_t payload_dwords);
/* pkt4: write @n registers from @reg */
void msm_cs_reg_write(struct msm_cs *cs, uint32_t reg, const uint32_t *values, uint32_t n);
void msm_cs_reg_write32(struct msm_cs *cs, uint32_t reg, uint32_t value);
/* CP_MEM_WRITE of @n dwords at @bo + @offset */
void msm_cs_mem_write(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset,
		      const uint32_t *values, uint32_t n);
void msm_cs_mem_write32(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t value);
void msm_cs_mem_write_iova(struct msm_cs *cs, uint64_t iova, const uint32_t *values, uint32_t n);
/* CP_REG_TO_MEM: @count registers from @reg (as 64-bit pairs with @b64) */
void msm_cs_reg_to_mem(struct msm_cs *cs, uint32_t reg, uint32_t count, bool b64,
		       struct msm_bo *bo, uint64_t offset);

/* CP_MEM_TO_REG: @count dwords at @bo + @offset into registers from @reg */
void msm_cs_mem_to_reg(struct msm_cs *cs, uint32_t reg, uint32_t count, struct msm_bo *bo,
		       uint64_t offset);
/* CP_REG_RMW with immediates: reg = ((reg & @and_mask) rotl @rotate) | @or_value (+ with @add) */
void msm_cs_reg_rmw(struct msm_cs *cs, uint32_t reg, uint32_t and_mask, uint32_t rotate,
		    uint32_t or_value, bool add);

/* A memory operand of CP_MEM_TO_MEM: @bo + @offset, or with @bo NULL the GPU address @offset. */
struct msm_mem_ref {
	struct msm_bo *bo;
	uint64_t offset;
	bool negate;
};

/* CP_MEM_TO_MEM: dst = (±a) (+ ±b (+ ±c)); @b and @c may be NULL; 64-bit with @b64. */
void msm_cs_mem_to_mem(struct msm_cs *cs, bool b64, struct msm_mem_ref dst,
		       const struct msm_mem_ref *a, const struct msm_mem_ref *b,
		       const struct msm_mem_ref *c);

/* CP_WAIT_REG_MEM on memory: wait until (*addr & mask) <func> ref (a5xx+). */
void msm_cs_wait_mem(struct msm_cs *cs, uint32_t func, struct msm_bo *bo, uint64_t offset,
		     uint32_t ref, uint32_t mask);
void msm_cs_wait_mem_iova(struct msm_cs *cs, uint32_t func, uint64_t iova, uint32_t ref,
			  uint32_t mask);

/* CP_INDIRECT_BUFFER to @child (uploaded now; @child must outlive the submit). */
void msm_cs_indirect(struct msm_cs *cs, struct msm_cs *child);

/* CP_COND_EXEC: the next @dwords run if *bool != 0 and @active - *ts < 2^31. */
void msm_cs_cond_exec(struct msm_cs *cs, struct msm_bo *bool_bo, uint64_t bool_offset,
		      struct msm_bo *ts_bo, uint64_t ts_offset, uint32_t active_ts,
		      uint32_t dwords);

/* ---- per generation (msm/gen.c) ---------------------------------------- */

/* CP_SCRATCH[@i]; the kernel uses [2] for its own fence, tests use 4..7. */
uint32_t msm_scratch_reg(const struct msm_device *dev, uint32_t i);
/* The always-on counter's low register (64-bit with the next one). */
uint32_t msm_alwayson_reg(const struct msm_device *dev);
/*
 * A CACHE_FLUSH_TS event that writes @value to @bo + @offset when earlier
 * work is done, as the kernel writes its fences: CP_EVENT_WRITE on
 * a5xx/a6xx, CP_EVENT_WRITE7 USER_32B with WRITE_ENABLED on a7xx (without
 * it a7xx writes nothing).
 */
void msm_cs_event_write_fence(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset,
			      uint32_t value);
/*
 * A timestamp event: the GPU stores the 64-bit always-on counter (the clock
 * of MSM_PARAM_TIMESTAMP) at @bo + @offset once earlier work is done, as
 * Mesa samples GPU time: CP_EVENT_WRITE with TIMESTAMP on a5xx/a6xx,
 * CP_EVENT_WRITE7 EV_WRITE_ALWAYSON on a7xx.
 */
void msm_cs_event_write_timestamp(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset);
/*
 * Wait until the dword at @bo + @offset >= @ref, compared as signed (a6xx
 * and later). One encoding under two names, as IGT's msm_recovery
 * wait_mem_gte relies on: a6xx CP_WAIT_MEM_GTE (RESERVED 0, POLL_ADDR,
 * REF) and a7xx CP_WAIT_TIMESTAMP with TS_WAIT_GE_32B from TS_WAIT_RAM
 * (dword 0 = 0, ADDR, SRC_0).
 */
void msm_cs_wait_mem_gte(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t ref);
/* Store the 64-bit always-on counter at @bo + @offset. */
void msm_cs_read_alwayson(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset);

/* ---- submission (msm/submit.c) --------------------------------------- */

struct msm_submit {
	uint32_t flags;			/* MSM_SUBMIT_x beyond the pipe */
	int in_fence_fd;		/* with MSM_SUBMIT_FENCE_FD_IN */
	const struct drm_msm_gem_submit_syncobj *in_syncobjs, *out_syncobjs;
	uint32_t nr_in_syncobjs, nr_out_syncobjs;
	/* results */
	uint32_t fence;
	int out_fence_fd;		/* with MSM_SUBMIT_FENCE_FD_OUT, else -1 */
};

/*
 * A complete, valid GEM_SUBMIT request for @cs on @q, with its own BO and
 * command tables: negative tests break exactly one field and call the
 * ioctl themselves.
 */
struct msm_submit_request {
	struct drm_msm_gem_submit req;
	struct drm_msm_gem_submit_bo bos[MSM_CS_MAX_BOS + 1];
	struct drm_msm_gem_submit_cmd cmd;
};
void msm_submit_request_init(struct msm_submit_request *r, struct msm_cs *cs,
			     struct msm_queue *q);

int __msm_cs_submit(struct msm_cs *cs, struct msm_queue *q, struct msm_submit *s);
/* Submit; returns the queue's fence id. */
uint32_t msm_cs_submit(struct msm_cs *cs, struct msm_queue *q);
/*
 * With DRMSUB_RD_CAPTURE=<dir> set, append this submit to an .rd capture
 * in <dir> (msm/capture.c); called by __msm_cs_submit.
 */
void msm_capture_submit(struct msm_cs *cs, struct msm_queue *q, struct msm_bo *cmd_bo);

/* Submit and wait for the fence within @timeout_ns. */
void msm_cs_submit_wait(struct msm_cs *cs, struct msm_queue *q, uint64_t timeout_ns);
/* Run @cs once: submit, wait up to a second for its fence, free it. */
void msm_cs_run(struct msm_cs *cs, struct msm_queue *q);

#endif

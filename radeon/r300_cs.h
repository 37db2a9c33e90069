/* SPDX-License-Identifier: MIT */
/*
 * R300 command streams: a bounded dword buffer with its relocation table,
 * PACKET0/2/3 and register-write helpers on the generated radeon_pm4.xml.h
 * and r300.xml.h, and submission through libdrm_radeon.
 *
 *	struct r300_cs *cs = r300_cs_new(dev, 1024);
 *	r300_emit_colorbuffer(cs, fb, 0, 64);		(radeon/r300_3d.h)
 *	...
 *	r300_cs_submit(cs);
 *	r300_bo_wait(fb);
 *
 * The stream lives in memory until submission, so its encoding can be
 * checked without a GPU. Submission replays it into a libdrm radeon_cs:
 * plain dwords with radeon_cs_write_dword, and each relocation NOP through
 * radeon_cs_write_reloc, which assigns the same index the builder wrote
 * (both number BOs by first use); the replay asserts it. Keeping our own
 * copy costs one memcpy-sized loop and gives tests the exact dwords the
 * kernel will parse, which libdrm only exposes until it pads and emits.
 *
 * Relocations: the kernel's checker expects a type-3 NOP (0xC0001000)
 * carrying the reloc's dword offset in the RELOCS chunk (index * 4)
 * immediately after every packet that writes an address register
 * (RB3D_COLOROFFSETn, RB3D_COLORPITCHn, ZB_DEPTHOFFSET, ZB_DEPTHPITCH,
 * ZB_ZPASS_ADDR, TX_OFFSETn, ...). r300_cs_reg_reloc() writes the register
 * alone in its own PACKET0 and puts the NOP right after it.
 */
#ifndef DRMSUB_RADEON_R300_CS_H
#define DRMSUB_RADEON_R300_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/r300.h"

struct radeon_cs;

/* libdrm asserts fewer than 32 BOs in its space-check list (MAX_SPACE_BOS) */
#define R300_CS_MAX_BOS 31
#define R300_CS_MAX_RELOC_NOPS 256
/* libdrm's radeon_cs_create refuses more (RADEON_BUFFER_SIZE / 4) */
#define R300_CS_MAX_DWORDS 16384

/* The reloc marker: PACKET3 NOP with one payload dword (the reloc offset). */
#define R300_RELOC_NOP 0xc0001000u

struct r300_cs {
	struct r300_device *dev;
	enum r300_chip chip;	/* dev->family, copied for builders without a device */
	uint32_t len, cap;	/* dwords */
	struct {
		struct r300_bo *bo;
		bool write;	/* in the BO's own domain */
	} bos[R300_CS_MAX_BOS];
	uint32_t nr_bos;
	/* where reloc NOPs are: dw[at] = R300_RELOC_NOP, dw[at + 1] = bo * 4 */
	uint32_t reloc_at[R300_CS_MAX_RELOC_NOPS];
	uint32_t nr_relocs;
	struct radeon_cs *lcs;	/* libdrm's CS, created at the first submission */
	uint32_t dw[];		/* cap dwords, allocated with the struct */
};

struct r300_cs *r300_cs_new(struct r300_device *dev, uint32_t max_dwords);
void r300_cs_free(struct r300_cs *cs);
/* Empty the stream and its BO list for reuse. */
void r300_cs_reset(struct r300_cs *cs);

/* Raw emission; every append is bounds-checked (an overflow fails the test). */
void r300_cs_emit(struct r300_cs *cs, uint32_t dw);
void r300_cs_emitf(struct r300_cs *cs, float f);

/* Headers: @n payload dwords (1..16384), register byte offsets. */
void r300_cs_packet0(struct r300_cs *cs, uint32_t reg, uint32_t n);
void r300_cs_packet0_one_reg(struct r300_cs *cs, uint32_t reg, uint32_t n);
void r300_cs_packet2(struct r300_cs *cs);
void r300_cs_packet3(struct r300_cs *cs, uint32_t opcode, uint32_t n);

/* Register writes: one register; @n consecutive ones; @n values to one FIFO register. */
void r300_cs_reg(struct r300_cs *cs, uint32_t reg, uint32_t value);
void r300_cs_regf(struct r300_cs *cs, uint32_t reg, float value);
void r300_cs_regs(struct r300_cs *cs, uint32_t reg, const uint32_t *values, uint32_t n);
void r300_cs_reg_one(struct r300_cs *cs, uint32_t reg, const uint32_t *values, uint32_t n);

/*
 * The BO's index in the RELOCS chunk (first use numbers it; a later write
 * use upgrades it to a write reloc), as libdrm's write_reloc does. On its
 * own it only reserves the index: libdrm learns about a BO from its first
 * reloc NOP, so submission asserts that BOs are first used in index order.
 */
uint32_t r300_cs_add_bo(struct r300_cs *cs, struct r300_bo *bo, bool write);
/* The reloc NOP for @bo (added to the BO list): 0xC0001000, index * 4. */
void r300_cs_reloc(struct r300_cs *cs, struct r300_bo *bo, bool write);
/* Write @value to @reg in its own PACKET0, followed by the reloc NOP for @bo. */
void r300_cs_reg_reloc(struct r300_cs *cs, uint32_t reg, uint32_t value,
		       struct r300_bo *bo, bool write);

/* ---- submission (radeon/submit.c) ------------------------------------ */

/*
 * Replay the stream into libdrm's CS (space checks against the GEM_INFO
 * limits, relocations through radeon_cs_write_reloc), emit it and erase
 * libdrm's copy. libdrm pads the IB with PACKET2 to a multiple of 8 dwords
 * and sends IB + RELOCS chunks only. Returns 0 or the ioctl's -errno;
 * -ENOSPC when the BOs do not pass libdrm's space check.
 */
int __r300_cs_submit(struct r300_cs *cs);
void r300_cs_submit(struct r300_cs *cs);
/* Submit, then wait for @bo (GEM_WAIT_IDLE): radeon has no fence ids. */
void r300_cs_submit_wait(struct r300_cs *cs, struct r300_bo *bo);

/*
 * A complete, valid DRM_RADEON_CS request for the stream, built without
 * libdrm (IB chunk, RELOCS chunk, no FLAGS chunk, as libdrm sends it):
 * negative tests break exactly one field and call the ioctl themselves.
 * The IB is padded to a multiple of 8 dwords like libdrm's. The struct
 * holds a full-size IB (64 KiB): make it static or allocate it.
 */
struct r300_cs_request {
	struct drm_radeon_cs cs;
	struct drm_radeon_cs_chunk chunks[3];
	uint64_t chunk_ptrs[3];
	struct drm_radeon_cs_reloc relocs[R300_CS_MAX_BOS];
	uint32_t ib[R300_CS_MAX_DWORDS];
};
void r300_cs_request_init(struct r300_cs_request *r, const struct r300_cs *cs);
/* DRM_IOCTL_RADEON_CS on @r: 0 or -errno. */
int __r300_cs_request_submit(int fd, struct r300_cs_request *r);
/*
 * Send the stream as that raw request (not through libdrm) and assert the
 * ioctl's result: success for @err 0, else -1 with errno @err, where @rule
 * names the kernel rule that demands it.
 */
void r300_cs_expect(struct r300_cs *cs, int err, const char *rule);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Surfaces as the Maxwell engines address them: pitch (rows of @pitch
 * bytes) or block-linear (GOBs of 64 bytes x 8 rows, gathered into blocks
 * of 2^bw x 2^bh x 2^bd GOBs; blocks stored x first, then y, then z, and
 * the GOBs inside a block likewise). The block-linear arrangement is
 * envytools' (docs/hw/memory/g80-surface.rst, "Blocklinear surfaces", GOB
 * 64 x 8 on GF100+); the copy engine, the 2D engine and the render
 * targets of the model all use this one function, so data written through
 * one reads back through another as on hardware.
 *
 * HARDWARE CLAIM: inside a GOB, bytes are stored row after row (64 bytes
 * per row), as envytools describes the G80 layout; envytools marks GF100's
 * as unchecked, and Mesa's nvc0 only ever reads block-linear memory
 * through the engines, so no referee shows the arrangement the CPU sees.
 * Verify on silicon.
 */
#ifndef DRMSUB_NOUVEAU_MODEL_SURFACE_H
#define DRMSUB_NOUVEAU_MODEL_SURFACE_H

#include <stdbool.h>
#include <stdint.h>

#define NVM_GOB_WIDTH 64u	/* bytes */
#define NVM_GOB_HEIGHT 8u	/* rows, GF100+ */
#define NVM_GOB_BYTES (NVM_GOB_WIDTH * NVM_GOB_HEIGHT)
#define NVM_BLOCK_LOG2_MAX 5	/* blocks of 1..32 GOBs per dimension */

struct nvm_job;

struct nvm_surface {
	uint64_t va;		/* the surface's first byte (the layer's, for arrays) */
	bool pitch;		/* pitch layout; else block-linear */
	uint32_t pitch_bytes;	/* pitch: bytes from one row to the next */
	uint32_t width_bytes;	/* block-linear: the width in bytes (elements x size) */
	uint32_t height, depth;	/* block-linear: rows and slices */
	uint32_t log2_bw, log2_bh, log2_bd;	/* block-linear: GOBs per block */
};

/*
 * The GPU address of byte @x of row @y of slice @z. @x's bytes up to the
 * end of its GOB row (block-linear) or its row (pitch) follow it.
 */
uint64_t nvm_surface_addr(const struct nvm_surface *s, uint32_t x, uint32_t y, uint32_t z);

/* Whether @s's block dimensions are ones the hardware has (at most 32 GOBs each). */
bool nvm_surface_valid(const struct nvm_surface *s);

/*
 * The CPU pointer to @len bytes at byte @x of row @y, slice @z, or NULL
 * (an MMU fault, logged). @len must not cross a GOB row of a block-linear
 * surface; nvm_surface_span() says how many bytes it may cover.
 */
uint8_t *nvm_surface_at(struct nvm_job *job, const struct nvm_surface *s, uint32_t x,
			uint32_t y, uint32_t z, uint32_t len);
/* How many of @len bytes from byte @x of a row are contiguous in memory. */
uint32_t nvm_surface_span(const struct nvm_surface *s, uint32_t x, uint32_t len);

#endif

// SPDX-License-Identifier: MIT
/* Pitch and block-linear surface addressing (see surface.h for the layout and its source). */
#include "nouveau/model/nv_model.h"
#include "nouveau/model/surface.h"

bool nvm_surface_valid(const struct nvm_surface *s)
{
	return s->pitch || (s->log2_bw <= NVM_BLOCK_LOG2_MAX && s->log2_bh <= NVM_BLOCK_LOG2_MAX &&
			    s->log2_bd <= NVM_BLOCK_LOG2_MAX);
}

uint64_t nvm_surface_addr(const struct nvm_surface *s, uint32_t x, uint32_t y, uint32_t z)
{
	uint64_t block_w = (uint64_t)NVM_GOB_WIDTH << s->log2_bw;	/* bytes */
	uint64_t block_h = (uint64_t)NVM_GOB_HEIGHT << s->log2_bh;	/* rows */
	uint64_t block_d = 1ull << s->log2_bd;				/* slices */
	uint64_t block_bytes = (uint64_t)NVM_GOB_BYTES << (s->log2_bw + s->log2_bh + s->log2_bd);
	uint64_t blocks_x, blocks_y, block, in_x, in_y, in_z, gob;

	if (s->pitch)
		return s->va + (uint64_t)y * s->pitch_bytes + x;
	blocks_x = (s->width_bytes + block_w - 1) / block_w;
	blocks_y = (s->height + block_h - 1) / block_h;
	/* blocks: x first, then y, then z */
	block = x / block_w + (y / block_h) * blocks_x + (z / block_d) * blocks_x * blocks_y;
	in_x = x % block_w;
	in_y = y % block_h;
	in_z = z % block_d;
	/* GOBs inside the block: x first, then y, then z */
	gob = in_x / NVM_GOB_WIDTH + (in_y / NVM_GOB_HEIGHT << s->log2_bw) +
	      (in_z << (s->log2_bw + s->log2_bh));
	return s->va + block * block_bytes + gob * NVM_GOB_BYTES +
	       (in_y % NVM_GOB_HEIGHT) * NVM_GOB_WIDTH + in_x % NVM_GOB_WIDTH;
}

uint32_t nvm_surface_span(const struct nvm_surface *s, uint32_t x, uint32_t len)
{
	uint32_t left = NVM_GOB_WIDTH - x % NVM_GOB_WIDTH;

	return s->pitch || len < left ? len : left;
}

uint8_t *nvm_surface_at(struct nvm_job *job, const struct nvm_surface *s, uint32_t x,
			uint32_t y, uint32_t z, uint32_t len)
{
	return nvm_gpu_addr(job, nvm_surface_addr(s, x, y, z), len);
}

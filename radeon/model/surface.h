/* SPDX-License-Identifier: MIT */
/*
 * Surfaces of the model's R3xx-R5xx: where pixel (x, y) of a linear,
 * micro-tiled or macro-tiled colour buffer, depth buffer or texture level
 * is in memory (surface.c).
 *
 * Tile sizes are Mesa's (r300_texture_desc.c r300_get_pixel_alignment,
 * which the kernel's tiling flags and the pitch rules of the CS checker
 * follow): a micro tile is 32 bytes (8x4 pixels at 1 byte, 8x2 or the
 * square 4x4 at 2, 4x2 at 4, 2x2 at 8 bytes), a macro tile 2 KiB (8x8
 * micro tiles, or 8 rows of 256 bytes when not micro-tiled).
 *
 * HARDWARE CLAIM, to verify on silicon: the order inside the tiles. No
 * public source gives it (Mesa, the kernel and the DDX never touch tiled
 * memory with the CPU: r300_transfer.c blits through a linear copy), so
 * the model takes the plain one: tiles row-major across the surface,
 * micro tiles row-major inside a macro tile, pixels row-major inside a
 * micro tile. Rendering and texturing through the GPU agree with any
 * order; only a CPU view of tiled memory can tell (radeon_tiling tests
 * it on a board).
 */
#ifndef DRMSUB_RADEON_MODEL_SURFACE_H
#define DRMSUB_RADEON_MODEL_SURFACE_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/model/radeon_model.h"

struct rp_surface {
	uint8_t *base;			/* CPU address of (0, 0) */
	uint32_t pitch;			/* pixels */
	uint32_t height;		/* rows that are mapped */
	uint32_t cpp;			/* bytes per pixel: 1, 2, 4, 8 or 16 */
	bool macro;
	uint32_t micro;			/* MICROTILE_LINEAR / _TILED / _TILED_SQUARE */
	uint32_t tile_w, tile_h;	/* the alignment of pitch and height, in pixels */
};

/* Tile width and height in pixels (Mesa's table); 0 when the combination is invalid. */
void rp_tile_size(uint32_t cpp, bool macro, uint32_t micro, uint32_t *w, uint32_t *h);

/*
 * Map a surface at GPU address @addr of @pitch pixels and @height rows:
 * false with a fault when the tiling is invalid, the pitch is not a
 * multiple of the tile width, or the memory is in none of the CS's BOs.
 */
bool rp_surface_map(struct rp_surface *sf, struct radeon_exec *x, const char *what,
		    uint32_t addr, uint32_t pitch, uint32_t height, uint32_t cpp, bool macro,
		    uint32_t micro);

/* The bytes of pixel (x, y), which must be inside the surface. */
uint8_t *rp_surface_pixel(const struct rp_surface *sf, uint32_t x, uint32_t y);

#endif

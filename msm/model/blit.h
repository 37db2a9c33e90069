/* SPDX-License-Identifier: MIT */
/*
 * What the a6xx blit paths share (blit_pixels.c): the colour formats the
 * model converts, and surfaces in GPU memory.
 *
 * A format's channels are R, G, B, A with the widths the format's name
 * gives in its WZYX (R lowest) reading; COLOR_SWAP puts them in another
 * order from the lowest bits up, each keeping its width, as Mesa's table
 * shows (fd6_format_table.c: R4G4B4A4 is 4_4_4_4 WZYX, B4G4R4A4 WXYZ,
 * A4R4G4B4 ZYXW, A4B4G4R4 XYZW; A1R5G5B5 is 5_5_5_1 ZYXW).
 *
 * Tiled surfaces (TILE6_2, TILE6_3) and UBWC: the kernel, Mesa and the
 * register database give the layout's size and pitch (fdl6_layout) but not
 * where a pixel lies inside a tile, nor the compression. The model keeps a
 * tiled surface's pixels row by row at its pitch and never compresses (the
 * flag buffer is left as written): a HARDWARE CLAIM still to be verified on
 * silicon. Only the GPU sees those bytes: freedreno copies a tiled or UBWC
 * resource to a linear staging one through a blit before the CPU reads it
 * (freedreno_resource.c fd_resource_transfer_map), so the pixels a client
 * reads back do not depend on the claim.
 */
#ifndef DRMSUB_MSM_MODEL_BLIT_H
#define DRMSUB_MSM_MODEL_BLIT_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/model/cp.h"

struct blit_format {
	uint32_t fmt;		/* enum a6xx_format */
	uint8_t cpp;		/* bytes per pixel */
	uint8_t bits[4];	/* R, G, B, A widths; 0: no such channel */
};

/* The format's description, or NULL when the model does not convert it. */
const struct blit_format *blit_format(uint32_t fmt);

/* A surface: pixel (x, y) at base + y * pitch + x * cpp (see above for tiled ones). */
struct blit_surface {
	const struct blit_format *f;
	uint64_t base;
	uint32_t pitch;		/* bytes */
	uint32_t swap;		/* enum a3xx_color_swap */
};

/*
 * The surface of @fmt/@tile/@swap at @base: false after a fault naming
 * @what when the format, tile mode or sample count is not modelled.
 */
bool blit_surface(struct cp *cp, const char *what, struct blit_surface *s, uint32_t fmt,
		  uint32_t tile, uint32_t swap, uint32_t samples, uint64_t base, uint32_t pitch);

/*
 * The CPU address of @n pixels of row @y from column @x, to read or to
 * @write, or NULL after a page fault or when the job was cancelled (a long
 * blit stops at a row).
 */
uint8_t *blit_row(struct cp *cp, const struct blit_surface *s, uint32_t x, uint32_t y,
		  uint32_t n, bool write);

/* One pixel's R, G, B, A as 8-bit UNORM (a missing channel reads 0, alpha 255). */
void blit_unpack8(const struct blit_surface *s, const uint8_t *px, uint32_t rgba[4]);
/* Store 8-bit UNORM R, G, B, A into one pixel of @s. */
void blit_pack8(const struct blit_surface *s, const uint32_t rgba[4], uint8_t *px);

#endif

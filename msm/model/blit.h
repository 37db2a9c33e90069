/* SPDX-License-Identifier: MIT */
/*
 * What the a6xx blit paths share (blit_pixels.c, blit_ifmt.c): the formats
 * the model converts, surfaces in GPU memory, and the 2D engine's
 * intermediate formats (IFMT).
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

/* How a format's channels hold their values. */
enum blit_kind {
	BLIT_UNORM,		/* unsigned normalised */
	BLIT_BITS,		/* floats and integers: the 2D engine moves their bits */
};

struct blit_format {
	uint32_t fmt;		/* enum a6xx_format */
	uint8_t cpp;		/* bytes per pixel */
	uint8_t bits[4];	/* R, G, B, A widths; 0: no such channel */
	uint8_t kind;		/* enum blit_kind */
	uint8_t ifmt;		/* the 2D engine's intermediate for it (enum a6xx_2d_ifmt) */
};

/*
 * The value of state register @r as the blit reads it: 0 when unwritten
 * (or, as msm_reg_read refuses, protected against reads).
 */
uint32_t blit_reg(struct cp *cp, uint32_t r);

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

/*
 * The 2D engine's pixels in flight: R, G, B, A as RB_2D_SRC_SOLID_C0..3
 * hold them for @ifmt (fd6_blitter.c emit_clear_color): R2D_UNORM8 one
 * 8-bit UNORM value, R2D_FLOAT32 float32 bits, R2D_FLOAT16 half-float bits,
 * R2D_INT8/INT16/INT32 the integer.
 */
struct blit_px {
	uint32_t ifmt;
	uint32_t c[4];
};

/*
 * Whether @s's format goes through the 2D engine's intermediate @ifmt:
 * false after a fault naming @what when it does not (blit_ifmt.c).
 */
bool blit_ifmt_pairs(struct cp *cp, const char *what, const struct blit_surface *s,
		     uint32_t ifmt);
/* One pixel of @s (of a format that pairs with @v->ifmt) into @v. */
void blit_unpack(const struct blit_surface *s, const uint8_t *px, struct blit_px *v);
/*
 * Store @v into one pixel of @s: false (no fault) when an integer value
 * does not fit its channel, which the model does not convert.
 */
bool blit_pack(const struct blit_surface *s, const struct blit_px *v, uint8_t *px);

/* Channel @bits wide at bit @shift of the pixel @px, and storing one. */
uint32_t blit_bits_get(const uint8_t *px, unsigned int shift, unsigned int bits);
void blit_bits_set(uint8_t *px, unsigned int shift, unsigned int bits, uint32_t v);
/* The channels (0 R, 1 G, 2 B, 3 A) from the lowest bits up under COLOR_SWAP @swap. */
const uint8_t *blit_channel_order(uint32_t swap);

#endif

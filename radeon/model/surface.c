// SPDX-License-Identifier: MIT
/* Linear and tiled surface addressing (surface.h says which order and why). */
#include "radeon/model/pipe.h"
#include "radeon/model/surface.h"

#define MICRO_BYTES 32u
#define MICROS_PER_MACRO_ROW 8u

static unsigned int log2_cpp(uint32_t cpp)
{
	return cpp >= 16 ? 4 : cpp >= 8 ? 3 : cpp >= 4 ? 2 : cpp >= 2 ? 1 : 0;
}

/* Micro tile width and height in pixels; 0 when not micro-tiled or invalid. */
static void micro_size(uint32_t cpp, uint32_t micro, uint32_t *w, uint32_t *h)
{
	/* r300_get_pixel_alignment, macro linear: 8x4, 8x2 (4x4 square), 4x2, 2x2 */
	static const uint8_t tiled[5][2] = { { 8, 4 }, { 8, 2 }, { 4, 2 }, { 2, 2 }, { 0, 0 } };
	unsigned int l = log2_cpp(cpp);

	*w = *h = 0;
	if (micro == MICROTILE_TILED) {
		*w = tiled[l][0];
		*h = tiled[l][1];
	} else if (micro == MICROTILE_TILED_SQUARE && cpp == 2) {
		*w = *h = 4;
	}
}

void rp_tile_size(uint32_t cpp, bool macro, uint32_t micro, uint32_t *w, uint32_t *h)
{
	uint32_t uw, uh;

	if (micro == MICROTILE_LINEAR) {
		/* a row of 32 bytes, or 8 rows of 256 bytes when macro-tiled */
		*w = (macro ? 256u : 32u) / cpp;
		*h = macro ? 8 : 1;
		return;
	}
	micro_size(cpp, micro, &uw, &uh);
	/* a macro tile is 8 x 8 micro tiles */
	*w = uw * (macro ? MICROS_PER_MACRO_ROW : 1);
	*h = uh * (macro ? MICROS_PER_MACRO_ROW : 1);
}

bool rp_surface_map(struct rp_surface *sf, struct radeon_exec *x, const char *what,
		    uint32_t addr, uint32_t pitch, uint32_t height, uint32_t cpp, bool macro,
		    uint32_t micro)
{
	uint32_t rows;

	*sf = (struct rp_surface){ .pitch = pitch, .height = height, .cpp = cpp, .macro = macro,
				   .micro = micro };
	if (cpp != 1 && cpp != 2 && cpp != 4 && cpp != 8 && cpp != 16)
		return radeon_fault(x, "%s: %u bytes per pixel not modelled", what, cpp);
	rp_tile_size(cpp, macro, micro, &sf->tile_w, &sf->tile_h);
	if (!sf->tile_w || !sf->tile_h)
		return radeon_fault(x, "%s: tiling (macro %d, micro %u) invalid at %u bytes per pixel",
				    what, macro, micro, cpp);
	if (!pitch || pitch % sf->tile_w)
		return radeon_fault(x, "%s: pitch %u is not a multiple of the %u-pixel tile", what,
				    pitch, sf->tile_w);
	rows = (height + sf->tile_h - 1) / sf->tile_h * sf->tile_h;
	sf->base = radeon_exec_bo_at(x, addr, (uint64_t)pitch * rows * cpp);
	if (!sf->base)
		return radeon_fault(x, "%s: %u x %u at %#x is in none of the CS's BOs", what, pitch,
				    rows, addr);
	return true;
}

uint8_t *rp_surface_pixel(const struct rp_surface *sf, uint32_t x, uint32_t y)
{
	uint32_t uw, uh, tx, ty, lx, ly;
	uint64_t off;

	if (!sf->macro && sf->micro == MICROTILE_LINEAR)
		return sf->base + ((uint64_t)y * sf->pitch + x) * sf->cpp;
	tx = x / sf->tile_w;
	ty = y / sf->tile_h;
	lx = x % sf->tile_w;
	ly = y % sf->tile_h;
	off = ((uint64_t)ty * (sf->pitch / sf->tile_w) + tx) * sf->tile_w * sf->tile_h * sf->cpp;
	if (sf->micro == MICROTILE_LINEAR)	/* macro tile of 8 linear rows */
		return sf->base + off + (uint64_t)ly * sf->tile_w * sf->cpp + lx * sf->cpp;
	micro_size(sf->cpp, sf->micro, &uw, &uh);
	off += (uint64_t)((ly / uh) * (sf->tile_w / uw) + lx / uw) * MICRO_BYTES;
	return sf->base + off + ((ly % uh) * uw + lx % uw) * sf->cpp;
}

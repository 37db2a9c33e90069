// SPDX-License-Identifier: MIT
/*
 * The a6xx event blit: CP_EVENT_WRITE CCU_RESOLVE (Mesa 22.3 calls it
 * BLIT: fd6_emit.h fd6_emit_blit) moves pixels between GMEM and system
 * memory with the RB_BLIT_* state (fd6_gmem.c emit_clears, emit_blit,
 * emit_restore_blit):
 *   RB_BLIT_INFO.GMEM with CLEAR_MASK   clear the scissor in GMEM to
 *                                       RB_BLIT_CLEAR_COLOR_DW0..3, which
 *                                       Mesa packs in the surface's own
 *                                       format (util_pack_color_union)
 *   RB_BLIT_INFO.GMEM without           load (restore) RB_BLIT_DST into GMEM
 *   no GMEM bit                         resolve GMEM to RB_BLIT_DST
 * over RB_BLIT_SCISSOR_TL..BR (inclusive, window coordinates). GMEM is
 * memory of the chip's GMEM size (msm_regs_gmem); a bin's buffer starts at
 * RB_BLIT_BASE_GMEM and holds the bin's pixels row by row, RB_BIN_CONTROL
 * BINW pixels a row, the bin's origin at RB_WINDOW_OFFSET: Mesa lays GMEM
 * out that way (freedreno_gmem.c: each buffer bin_w * bin_h * cpp bytes),
 * and the arrangement inside the GMEM is a HARDWARE CLAIM still to be
 * verified on silicon (only blits and the render backend see it).
 *
 * Depth and stencil (RB_BLIT_INFO.DEPTH) move the same way, in the depth
 * format's bytes (RB_BLIT_DST_INFO: 16_UNORM, Z24_UNORM_S8_UINT, 32_FLOAT,
 * 8_UINT for a separate stencil: fd6_gmem.c emit_clears, emit_blit). A
 * depth clear's CLEAR_MASK says depth (1) and stencil (2) (emit_clears);
 * DW0 is the packed value (util_pack_z_stencil: Z24S8 is depth | stencil
 * << 24, u_pack_color.h), so depth is Z24S8's low 24 bits and stencil its
 * top byte; a format without stencil clears whole with mask 1.
 * RB_BLIT_INFO.UNK0 is set on every restore (emit_restore_blit) and on a
 * separate stencil's resolve (emit_resolve_blit): the model moves those
 * bytes as any others, a HARDWARE CLAIM still to be verified on silicon.
 * A clear with UNK0 (Mesa 22.3 never sets it there) and colour clear masks
 * other than 0xf are not modelled: they fault.
 */
#include <string.h>

#include "msm/a6xx.xml.h"
#include "msm/model/blit.h"

struct gmem_blit {
	struct blit_surface mem;	/* the system-memory side */
	uint32_t x1, y1, x2, y2;	/* scissor, inclusive */
	uint32_t win_x, win_y, bin_w;
	uint64_t base;			/* in GMEM */
	uint8_t *gmem;
};

/* GMEM's bytes for @n pixels of row @y from column @x, or NULL after a fault. */
static uint8_t *gmem_row(struct cp *cp, const struct gmem_blit *b, uint32_t x, uint32_t y,
			 uint32_t n)
{
	uint64_t cpp = b->mem.f->cpp, at;

	if (x < b->win_x || y < b->win_y || x - b->win_x + n > b->bin_w) {
		cp_fault(cp, "event blit: pixels (%u..%u, %u) outside the bin at (%u, %u), %u wide",
			 x, x + n - 1, y, b->win_x, b->win_y, b->bin_w);
		return NULL;
	}
	at = b->base + ((uint64_t)(y - b->win_y) * b->bin_w + (x - b->win_x)) * cpp;
	if (at + n * cpp > cp->info->gmem) {
		cp_fault(cp, "event blit: GMEM offset %#llx past its %llu bytes",
			 (unsigned long long)at, (unsigned long long)cp->info->gmem);
		return NULL;
	}
	return b->gmem + at;
}

static bool setup(struct cp *cp, struct gmem_blit *b)
{
	uint32_t info = blit_reg(cp, REG_A6XX_RB_BLIT_DST_INFO);
	uint32_t tl = blit_reg(cp, REG_A6XX_RB_BLIT_SCISSOR_TL), br = blit_reg(cp, REG_A6XX_RB_BLIT_SCISSOR_BR);
	uint32_t win = blit_reg(cp, REG_A6XX_RB_WINDOW_OFFSET);

	b->x1 = a6xx_reg_xy_X__get(tl);
	b->y1 = a6xx_reg_xy_Y__get(tl);
	b->x2 = a6xx_reg_xy_X__get(br);
	b->y2 = a6xx_reg_xy_Y__get(br);
	b->win_x = a6xx_reg_xy_X__get(win);
	b->win_y = a6xx_reg_xy_Y__get(win);
	b->bin_w = A6XX_RB_BIN_CONTROL_BINW__get(blit_reg(cp, REG_A6XX_RB_BIN_CONTROL));
	b->base = A6XX_RB_BLIT_BASE_GMEM_BASE__get(blit_reg(cp, REG_A6XX_RB_BLIT_BASE_GMEM));
	b->gmem = msm_regs_gmem(cp->regs);
	if (!b->gmem)
		return cp_fault(cp, "event blit: no memory for a GMEM of %llu bytes",
				(unsigned long long)cp->info->gmem);
	if (b->x2 < b->x1 || b->y2 < b->y1)
		return true;	/* an empty scissor: nothing to move */
	return blit_surface(cp, "event blit", &b->mem, A6XX_RB_BLIT_DST_INFO_COLOR_FORMAT__get(info),
			    A6XX_RB_BLIT_DST_INFO_TILE_MODE__get(info),
			    A6XX_RB_BLIT_DST_INFO_COLOR_SWAP__get(info),
			    A6XX_RB_BLIT_DST_INFO_SAMPLES__get(info),
			    blit_reg(cp, REG_A6XX_RB_BLIT_DST) |
				    (uint64_t)blit_reg(cp, REG_A6XX_RB_BLIT_DST + 1) << 32,
			    A6XX_RB_BLIT_DST_PITCH_PITCH__get(blit_reg(cp, REG_A6XX_RB_BLIT_DST_PITCH)));
}

/* The bits of a pixel of @fmt that a depth clear with @mask writes, or 0 (not modelled). */
static uint32_t depth_clear_bits(uint32_t fmt, uint32_t mask)
{
	if (fmt == FMT6_Z24_UNORM_S8_UINT)
		return (mask & 1 ? 0x00ffffffu : 0) | (mask & 2 ? 0xff000000u : 0);
	return mask == 1 ? ~0u : 0;
}

/* Clear the scissor in GMEM to DW0..3, writing only @write_bits of each of its dwords. */
static bool clear(struct cp *cp, const struct gmem_blit *b, uint32_t write_bits)
{
	uint32_t color[4];
	uint32_t cpp = b->mem.f->cpp, w = b->x2 - b->x1 + 1;

	for (unsigned int i = 0; i < 4; i++)
		color[i] = blit_reg(cp, REG_A6XX_RB_BLIT_CLEAR_COLOR_DW0 + i);
	for (uint32_t y = b->y1; y <= b->y2; y++) {
		uint8_t *row = gmem_row(cp, b, b->x1, y, w);

		if (!row)
			return false;
		for (uint32_t x = 0; x < w; x++) {
			uint8_t *px = row + x * cpp;

			for (uint32_t i = 0; i < cpp; i++) {
				uint8_t m = (uint8_t)(write_bits >> (8 * (i % 4)));
				uint8_t c = (uint8_t)(color[i / 4] >> (8 * (i % 4)));

				px[i] = (uint8_t)((px[i] & ~m) | (c & m));
			}
		}
	}
	return true;
}

/* Rows between GMEM and system memory: @to_gmem loads, else resolves. */
static bool move(struct cp *cp, const struct gmem_blit *b, bool to_gmem)
{
	uint32_t w = b->x2 - b->x1 + 1;

	for (uint32_t y = b->y1; y <= b->y2; y++) {
		uint8_t *g = gmem_row(cp, b, b->x1, y, w);
		uint8_t *m = g ? blit_row(cp, &b->mem, b->x1, y, w, !to_gmem) : NULL;

		if (!m)
			return false;
		memcpy(to_gmem ? g : m, to_gmem ? m : g, (size_t)w * b->mem.f->cpp);
	}
	return true;
}

/* A GMEM clear: colour with mask 0xf, or depth/stencil by the format's parts. */
static bool gmem_clear(struct cp *cp, const struct gmem_blit *b, uint32_t info)
{
	uint32_t mask = A6XX_RB_BLIT_INFO_CLEAR_MASK__get(info), bits;

	if (A6XX_RB_BLIT_INFO_UNK0__get(info))
		return cp_fault(cp, "event blit: a clear with RB_BLIT_INFO.UNK0 is not modelled");
	if (!A6XX_RB_BLIT_INFO_DEPTH__get(info)) {
		if (mask != 0xf)
			return cp_fault(cp, "event blit: clear mask %#x is not modelled", mask);
		return clear(cp, b, ~0u);
	}
	bits = depth_clear_bits(b->mem.f->fmt, mask);
	if (!bits)
		return cp_fault(cp, "event blit: depth clear mask %#x of format %#x is not modelled",
				mask, b->mem.f->fmt);
	return clear(cp, b, bits);
}

bool cp_event_blit(struct cp *cp)
{
	uint32_t info = blit_reg(cp, REG_A6XX_RB_BLIT_INFO);
	struct gmem_blit b;

	if (!setup(cp, &b))
		return false;
	if (b.x2 < b.x1 || b.y2 < b.y1)
		return true;
	if (!A6XX_RB_BLIT_INFO_GMEM__get(info))
		return move(cp, &b, false);
	if (!A6XX_RB_BLIT_INFO_CLEAR_MASK__get(info))
		return move(cp, &b, true);
	return gmem_clear(cp, &b, info);
}

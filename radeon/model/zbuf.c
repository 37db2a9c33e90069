// SPDX-License-Identifier: MIT
/*
 * The ZB unit of the model: the depth and stencil buffer, its tests, the
 * colour-buffer clear through the Z unit, and the Z-pass (occlusion)
 * counters.
 *
 * Depth values. SU_DEPTH_SCALE scales window z in [0, 1] to the integer
 * depth (Mesa programs 0x4B7FFFFF = 16777215.0f whatever the format), so
 * the model forms a 24-bit value, rounding to nearest. 24-bit buffers
 * (DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL, Mesa's S8_UINT_Z24_UNORM) keep
 * it in bits 31:8 of a dword with the stencil in 7:0; 16-bit buffers
 * (DEPTHFORMAT_16BIT_INT_Z) keep its top 16 bits. How the hardware narrows
 * to 16 bits is not documented: the shift is the model's choice. The
 * buffer may be micro- and macro-tiled (ZB_DEPTHPITCH, surface.c). The
 * 13E3 float format and signed compares are faults.
 *
 * Hyper-Z (ZB_BW_CNTL HIZ_ENABLE, FAST_FILL, RD/WR_COMP_ENABLE; the
 * kernel's checker grants it to the Hyper-Z owner only). Z compression
 * and HiZ live in on-chip RAMs that no client reads; what a client sees is
 * the depth buffer in memory, which Mesa decompresses
 * (r300_decompress_zmask) before anything but the Z unit reads it. The
 * model keeps every depth buffer uncompressed in memory, so compression
 * changes nothing it shows, and runs the full per-pixel tests, so HiZ, an
 * early rejection of what those tests would reject (Mesa's
 * r300_hyperz.c turns it off where it would not be), changes nothing
 * either: 3D_CLEAR_HIZ has no effect. 3D_CLEAR_ZMASK puts Z-mask tiles in
 * the fast-cleared state that FAST_FILL reads as ZB_DEPTHCLEARVALUE; the
 * model writes that value into the pixels they cover at once. The two
 * equivalences are hardware claims still to be verified on silicon.
 *
 * Stencil (ZB_CNTL.STENCIL_ENABLE): (ref & mask) FUNC (stencil & mask),
 * then STENCILFAIL, STENCILZFAIL or STENCILZPASS on the bits of
 * STENCILWRITEMASK, as GL orders them. Back faces use the _BF functions
 * and ops with ZB_CNTL.STENCIL_FRONT_BACK, and on R5xx the ref and masks of
 * ZB_STENCILREFMASK_BF with STENCIL_REFMASK_FRONT_BACK (R3xx has one ref:
 * Mesa's r300_render_stencilref.c draws twice instead).
 *
 * ZB_BW_CNTL.ZB_CB_CLEAR: Mesa clears the lower half of a colour buffer
 * through the Z unit (r300_blit.c, r300_emit_fb_state's CBZB part:
 * ZB_DEPTHOFFSET at the half, ZB_DEPTHCLEARVALUE the packed colour), so
 * every pixel that reaches the Z unit gets the clear value, whole.
 *
 * Z-pass counting, as Mesa's r300_query.c drives it: SU_REG_DEST selects
 * raster pipes; writing ZB_ZPASS_DATA sets the selected pipes' counters,
 * writing ZB_ZPASS_ADDR (relocated by the checker) makes each selected
 * pipe store its counter there, one dword. Mesa selects one pipe per
 * store and gives pipe p the dword at 4 * p. Which pipe renders which
 * pixel is not documented; every chip the model offers has one GB pipe,
 * so all pixels count on pipe 0 (select bit 0). A sample counts when it
 * passes the alpha, stencil and depth tests.
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

#define Z24_MAX 0xffffffu

static void stencil_read(struct radeon_stencil *st, uint32_t func, uint32_t fail, uint32_t zpass,
			 uint32_t zfail, uint32_t refmask)
{
	*st = (struct radeon_stencil){
		.func = func, .fail = fail, .zpass = zpass, .zfail = zfail,
		.ref = r300_stencilrefmask_STENCILREF__get(refmask),
		.mask = r300_stencilrefmask_STENCILMASK__get(refmask),
		.writemask = r300_stencilrefmask_STENCILWRITEMASK__get(refmask),
	};
}

static void stencil_state(struct radeon_zbuf *zb, struct radeon_exec *x, uint32_t cntl)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t zs = REG(s, REG_R300_ZB_ZSTENCILCNTL), rm = REG(s, REG_R300_ZB_STENCILREFMASK);
	uint32_t rm_bf = x->family >= RV515 && R300_ZB_CNTL_STENCIL_REFMASK_FRONT_BACK__get(cntl) ?
			 REG(s, REG_R300_ZB_STENCILREFMASK_BF) : rm;

	stencil_read(&zb->front, R300_ZB_ZSTENCILCNTL_STENCILFUNC__get(zs),
		     R300_ZB_ZSTENCILCNTL_STENCILFAIL__get(zs), R300_ZB_ZSTENCILCNTL_STENCILZPASS__get(zs),
		     R300_ZB_ZSTENCILCNTL_STENCILZFAIL__get(zs), rm);
	if (R300_ZB_CNTL_STENCIL_FRONT_BACK__get(cntl))
		stencil_read(&zb->back, R300_ZB_ZSTENCILCNTL_STENCILFUNC_BF__get(zs),
			     R300_ZB_ZSTENCILCNTL_STENCILFAIL_BF__get(zs),
			     R300_ZB_ZSTENCILCNTL_STENCILZPASS_BF__get(zs),
			     R300_ZB_ZSTENCILCNTL_STENCILZFAIL_BF__get(zs), rm_bf);
	else
		zb->back = zb->front;
}

/*
 * One Z-mask dword covers blocks of 4x4 or 8x8 pixels (GB_Z_PEQ_CONFIG),
 * this many across and down for 1-4 Z pipes (r300_setup_hyperz_properties,
 * r300_texture_desc.c); a row of them spans the depth pitch aligned to 16
 * and then to the dword's width.
 */
static const uint8_t zmask_blocks_x[4] = { 4, 8, 12, 8 };
static const uint8_t zmask_blocks_y[4] = { 4, 4, 4, 8 };

/* The rows of a @pitch-pixel, @cpp-byte surface at @addr that one of the CS's BOs holds. */
static uint32_t rows_in_bo(const struct radeon_exec *x, uint32_t addr, uint32_t pitch, uint32_t cpp)
{
	for (uint32_t i = 0; i < x->nr_bos; i++) {
		uint64_t start = x->bos[i].gpu_offset;

		if (addr >= start && addr - start < x->bos[i].size)
			return (uint32_t)((x->bos[i].size - (addr - start)) / ((uint64_t)pitch * cpp));
	}
	return 0;
}

/* The depth rows the first @dwords Z-mask dwords cover, for the pitch @pitch. */
static uint32_t zmask_rows(const struct radeon_exec *x, uint32_t dwords, uint32_t pitch)
{
	uint32_t block = R300_GB_Z_PEQ_CONFIG_Z_PEQ_SIZE_8_8__get(REG(x->state, REG_R300_GB_Z_PEQ_CONFIG)) ?
			 8 : 4;
	uint32_t dw_w = zmask_blocks_x[x->z_pipes - 1] * block;
	uint32_t per_row = ((pitch + 15) / 16 * 16 + dw_w - 1) / dw_w;

	return (dwords + per_row - 1) / per_row * zmask_blocks_y[x->z_pipes - 1] * block;
}

/*
 * FAST_FILL reads the fast-cleared tiles as ZB_DEPTHCLEARVALUE: at the first
 * draw that reads through the Z mask the model writes that value into the
 * pixels they cover (as far as the depth buffer's BO reaches: the mask is
 * aligned further than the buffer), and the tiles hold data from then on.
 */
static bool zmask_fill(struct radeon_zbuf *zb, struct radeon_exec *x)
{
	struct radeon_gpu_state *s = x->state;
	uint32_t rows = zmask_rows(x, s->zmask_cleared, zb->sf.pitch);
	uint32_t fit = rows_in_bo(x, REG(s, REG_R300_ZB_DEPTHOFFSET), zb->sf.pitch, 4);
	uint32_t value = REG(s, REG_R300_ZB_DEPTHCLEARVALUE), pitch = REG(s, REG_R300_ZB_DEPTHPITCH);
	struct rp_surface sf;

	if (zb->cpp != 4)
		return radeon_fault(x, "a fast-cleared Z mask over a 16-bit depth buffer");
	fit -= fit % zb->sf.tile_h;
	if (!rp_surface_map(&sf, x, "depth buffer", REG(s, REG_R300_ZB_DEPTHOFFSET), zb->sf.pitch,
			    rows < fit ? rows : fit, 4, R300_ZB_DEPTHPITCH_DEPTHMACROTILE__get(pitch),
			    R300_ZB_DEPTHPITCH_DEPTHMICROTILE__get(pitch)))
		return false;
	for (uint32_t py = 0; py < sf.height; py++)
		for (uint32_t px = 0; px < sf.pitch; px++)
			memcpy(rp_surface_pixel(&sf, px, py), &value, 4);
	s->zmask_cleared = 0;
	return true;
}

/*
 * 3D_CLEAR_ZMASK: Mesa clears a whole level's mask, START 0 and value 0,
 * the fast-cleared state (r300_emit_zmask_clear). It acts on the Z-mask
 * RAM only, before or after the depth buffer's registers are written.
 */
bool radeon_zmask_clear(struct radeon_exec *x, const uint32_t *d, uint32_t dwords)
{
	if (dwords < 3)
		return radeon_fault(x, "3D_CLEAR_ZMASK with %u dwords", dwords);
	if (d[0] || d[2])
		return radeon_fault(x, "3D_CLEAR_ZMASK: only START 0 to value 0 (Mesa's whole-level "
				    "clear) is modelled, not %#x to %#x", d[0], d[2]);
	if (x->z_pipes < 1 || x->z_pipes > 4)
		return radeon_fault(x, "3D_CLEAR_ZMASK with %u Z pipes", x->z_pipes);
	x->state->zmask_cleared = d[1];
	return true;
}

bool radeon_hiz_clear(struct radeon_exec *x, const uint32_t *d, uint32_t dwords)
{
	(void)d;
	if (dwords < 3)
		return radeon_fault(x, "3D_CLEAR_HIZ with %u dwords", dwords);
	return true;
}

bool radeon_zbuf_begin(struct radeon_zbuf *zb, struct radeon_exec *x, uint32_t rows)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t cntl = REG(s, REG_R300_ZB_CNTL), pitch = REG(s, REG_R300_ZB_DEPTHPITCH);
	uint32_t fmt = R300_ZB_FORMAT_DEPTHFORMAT__get(REG(s, REG_R300_ZB_FORMAT));
	uint32_t bw = REG(s, REG_R300_ZB_BW_CNTL);

	*zb = (struct radeon_zbuf){
		.func = R300_ZB_ZSTENCILCNTL_ZFUNC__get(REG(s, REG_R300_ZB_ZSTENCILCNTL)),
		.z_enable = R300_ZB_CNTL_Z_ENABLE__get(cntl),
		.z_write = R300_ZB_CNTL_Z_ENABLE__get(cntl) && R300_ZB_CNTL_ZWRITEENABLE__get(cntl),
		.stencil = R300_ZB_CNTL_STENCIL_ENABLE__get(cntl),
		.top = R300_ZB_ZTOP_ZTOP__get(REG(s, REG_R300_ZB_ZTOP)),
		.cb_clear = R300_ZB_BW_CNTL_ZB_CB_CLEAR__get(bw),
		.clear_value = REG(s, REG_R300_ZB_DEPTHCLEARVALUE),
	};
	if (R300_ZB_CNTL_ZSIGNED_COMPARE__get(cntl))
		return radeon_fault(x, "signed Z compares are not modelled");
	stencil_state(zb, x, cntl);
	zb->present = zb->z_enable || zb->stencil || zb->cb_clear;
	if (!zb->present)
		return true;
	if (fmt == DEPTHFORMAT_16BIT_INT_Z)
		zb->cpp = 2;
	else if (fmt == DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL)
		zb->cpp = 4;
	else
		return radeon_fault(x, "depth format %u not modelled", fmt);
	if (zb->stencil && zb->cpp != 4)
		return radeon_fault(x, "stencil on a 16-bit depth buffer");
	if (REG(s, REG_R300_SU_DEPTH_OFFSET))
		return radeon_fault(x, "SU_DEPTH_OFFSET %#x not modelled", REG(s, REG_R300_SU_DEPTH_OFFSET));
	if (REG(s, REG_R300_ZB_ZMASK_OFFSET))
		return radeon_fault(x, "ZB_ZMASK_OFFSET %#x not modelled", REG(s, REG_R300_ZB_ZMASK_OFFSET));
	if (!rp_surface_map(&zb->sf, x, "depth buffer", REG(s, REG_R300_ZB_DEPTHOFFSET),
			    R300_ZB_DEPTHPITCH_DEPTHPITCH__get(pitch), rows, zb->cpp,
			    R300_ZB_DEPTHPITCH_DEPTHMACROTILE__get(pitch),
			    R300_ZB_DEPTHPITCH_DEPTHMICROTILE__get(pitch)))
		return false;
	if (R300_ZB_BW_CNTL_FAST_FILL__get(bw) && s->zmask_cleared)
		return zmask_fill(zb, x);
	return true;
}

/* Window z to the 24-bit depth: SU_DEPTH_SCALE, clamped, rounded to nearest. */
static uint32_t depth24(const struct radeon_gpu_state *s, float z)
{
	double v = (double)z * rp_regf(s, REG_R300_SU_DEPTH_SCALE);

	if (!(v > 0.0))	/* NaN too */
		return 0;
	if (v >= Z24_MAX)
		return Z24_MAX;
	return (uint32_t)(v + 0.5);
}

static bool compare(uint32_t func, uint32_t frag, uint32_t stored)
{
	switch (func) {
	case ZS_NEVER: return false;
	case ZS_LESS: return frag < stored;
	case ZS_LEQUAL: return frag <= stored;
	case ZS_EQUAL: return frag == stored;
	case ZS_GEQUAL: return frag >= stored;
	case ZS_GREATER: return frag > stored;
	case ZS_NOTEQUAL: return frag != stored;
	default: return true;	/* ZS_ALWAYS */
	}
}

static uint32_t stencil_op(uint32_t op, uint32_t v, uint32_t ref)
{
	switch (op) {
	case ZS_ZERO: return 0;
	case ZS_REPLACE: return ref;
	case ZS_INCR: return v < 255 ? v + 1 : 255;
	case ZS_DECR: return v ? v - 1 : 0;
	case ZS_INVERT: return ~v & 0xff;
	case ZS_INCR_WRAP: return (v + 1) & 0xff;
	case ZS_DECR_WRAP: return (v - 1) & 0xff;
	default: return v;	/* ZS_KEEP */
	}
}

bool radeon_zbuf_test(struct radeon_zbuf *zb, const struct radeon_gpu_state *s, uint32_t px,
		      uint32_t py, float z, bool back)
{
	const struct radeon_stencil *st = back ? &zb->back : &zb->front;
	uint32_t frag = depth24(s, z), word = 0, stored, sten, op;
	bool s_pass = true, z_pass = true;
	uint8_t *p;

	if (!zb->z_enable && !zb->stencil)
		return true;
	p = rp_surface_pixel(&zb->sf, px, py);
	if (zb->cpp == 2) {
		uint16_t v;

		memcpy(&v, p, sizeof(v));
		frag >>= 8;
		stored = v;
	} else {
		memcpy(&word, p, sizeof(word));
		stored = word >> 8;
	}
	sten = word & 0xff;
	if (zb->stencil)
		s_pass = compare(st->func, st->ref & st->mask, sten & st->mask);
	if (s_pass && zb->z_enable)
		z_pass = compare(zb->func, frag, stored);
	if (zb->stencil) {
		op = !s_pass ? st->fail : !z_pass ? st->zfail : st->zpass;
		sten = (sten & ~st->writemask) | (stencil_op(op, sten, st->ref) & st->writemask);
	}
	if (s_pass && z_pass && zb->z_write)
		stored = frag;
	if (zb->cpp == 2) {
		uint16_t v = (uint16_t)stored;

		memcpy(p, &v, sizeof(v));
	} else {
		word = stored << 8 | (sten & 0xff);
		memcpy(p, &word, sizeof(word));
	}
	return s_pass && z_pass;
}

void radeon_zbuf_cb_clear(struct radeon_zbuf *zb, uint32_t px, uint32_t py)
{
	memcpy(rp_surface_pixel(&zb->sf, px, py), &zb->clear_value, zb->cpp);
}

void radeon_zpass_count(struct radeon_gpu_state *s)
{
	s->zpass[0]++;
}

bool radeon_zpass_reg(struct radeon_exec *x, uint32_t reg, uint32_t v)
{
	struct radeon_gpu_state *s = x->state;
	uint32_t select = REG(s, REG_R300_SU_REG_DEST);

	if (reg != REG_R300_ZB_ZPASS_DATA && reg != REG_R300_ZB_ZPASS_ADDR)
		return true;
	for (unsigned int pipe = 0; pipe < RADEON_ZPASS_PIPES; pipe++) {
		void *dst;

		if (!(select & (1u << pipe)))
			continue;
		if (reg == REG_R300_ZB_ZPASS_DATA) {
			s->zpass[pipe] = v;
			continue;
		}
		dst = radeon_exec_bo_at(x, v, 4);
		if (!dst)
			return radeon_fault(x, "ZB_ZPASS_ADDR %#x is in none of the CS's BOs", v);
		memcpy(dst, &s->zpass[pipe], 4);
	}
	return true;
}

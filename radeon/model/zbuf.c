// SPDX-License-Identifier: MIT
/*
 * The ZB unit of the model's R3xx pipeline: the depth buffer, the depth
 * test, and the Z-pass (occlusion) counters.
 *
 * Depth values. SU_DEPTH_SCALE scales window z in [0, 1] to the integer
 * depth (Mesa programs 0x4B7FFFFF = 16777215.0f whatever the format), so
 * the model forms a 24-bit value, rounding to nearest. 24-bit buffers
 * (DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL, Mesa's S8_UINT_Z24_UNORM) keep
 * it in bits 31:8 of a dword with the stencil in 7:0; 16-bit buffers
 * (DEPTHFORMAT_16BIT_INT_Z) keep its top 16 bits. How the hardware narrows
 * to 16 bits is not documented: the shift is the model's choice. The
 * 13E3 float format, stencil, signed compares, SU_DEPTH_OFFSET, tiled
 * depth buffers, Hyper-Z (HiZ, Z compression, fast fill and so
 * ZB_DEPTHCLEARVALUE) and ZB_CB_CLEAR are not modelled (the draw is
 * skipped).
 *
 * Z-pass counting, as Mesa's r300_query.c drives it: SU_REG_DEST selects
 * raster pipes; writing ZB_ZPASS_DATA sets the selected pipes' counters,
 * writing ZB_ZPASS_ADDR (relocated by the checker) makes each selected
 * pipe store its counter there, one dword. Mesa selects one pipe per
 * store and gives pipe p the dword at 4 * p. Which pipe renders which
 * pixel is not documented; every chip the model offers has one GB pipe,
 * so all pixels count on pipe 0 (select bit 0). A sample counts when it
 * passes the alpha and depth tests; with Z off every sample passes, as
 * an occlusion query with the depth test disabled counts in GL (Mesa
 * does nothing special for it).
 */
#include <string.h>

#include "model/model.h"
#include "radeon/model/backend.h"

#define REG(s, r) ((s)->regs[(r) >> 2])
#define Z24_MAX 0xffffffu

static float as_float(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

bool radeon_zbuf_begin(struct radeon_zbuf *zb, const struct radeon_exec *x, uint32_t rows)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t cntl = REG(s, REG_R300_ZB_CNTL), pitch = REG(s, REG_R300_ZB_DEPTHPITCH);
	uint32_t fmt = R300_ZB_FORMAT_DEPTHFORMAT__get(REG(s, REG_R300_ZB_FORMAT));

	*zb = (struct radeon_zbuf){
		.func = R300_ZB_ZSTENCILCNTL_ZFUNC__get(REG(s, REG_R300_ZB_ZSTENCILCNTL)),
		.write = cntl & R300_ZB_CNTL_ZWRITEENABLE__MASK,
		.top = REG(s, REG_R300_ZB_ZTOP) & R300_ZB_ZTOP_ZTOP__MASK,
		.pitch = pitch & R300_ZB_DEPTHPITCH_DEPTHPITCH__MASK,
	};
	if (cntl & (R300_ZB_CNTL_STENCIL_ENABLE__MASK | R300_ZB_CNTL_ZSIGNED_COMPARE__MASK)) {
		model_debug("radeon: exec: stencil and signed Z compares are not modelled");
		return false;
	}
	if (REG(s, REG_R300_ZB_BW_CNTL) &
	    (R300_ZB_BW_CNTL_HIZ_ENABLE__MASK | R300_ZB_BW_CNTL_FAST_FILL__MASK |
	     R300_ZB_BW_CNTL_RD_COMP_ENABLE__MASK | R300_ZB_BW_CNTL_WR_COMP_ENABLE__MASK |
	     R300_ZB_BW_CNTL_ZB_CB_CLEAR__MASK)) {
		model_debug("radeon: exec: Hyper-Z, Z compression and CBZB clears are not modelled");
		return false;
	}
	if (!(cntl & R300_ZB_CNTL_Z_ENABLE__MASK))
		return true;
	if (fmt == DEPTHFORMAT_16BIT_INT_Z) {
		zb->cpp = 2;
	} else if (fmt == DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL) {
		zb->cpp = 4;
	} else {
		model_debug("radeon: exec: depth format %u not modelled", fmt);
		return false;
	}
	if (REG(s, REG_R300_SU_DEPTH_OFFSET) ||
	    (pitch & (R300_ZB_DEPTHPITCH_DEPTHMACROTILE__MASK | R300_ZB_DEPTHPITCH_DEPTHMICROTILE__MASK))) {
		model_debug("radeon: exec: depth offset or a tiled depth buffer: not modelled");
		return false;
	}
	zb->base = radeon_exec_bo_at(x, REG(s, REG_R300_ZB_DEPTHOFFSET),
				     (uint64_t)zb->pitch * zb->cpp * rows);
	if (!zb->base || !zb->pitch) {
		model_debug("radeon: exec: the depth buffer is not in the CS's BOs");
		return false;
	}
	return true;
}

/* Window z to the 24-bit depth: SU_DEPTH_SCALE, clamped, rounded to nearest. */
static uint32_t depth24(const struct radeon_gpu_state *s, float z)
{
	double v = (double)z * as_float(REG(s, REG_R300_SU_DEPTH_SCALE));

	if (!(v > 0.0))	/* NaN too */
		return 0;
	if (v >= Z24_MAX)
		return Z24_MAX;
	return (uint32_t)(v + 0.5);
}

static bool compare(uint32_t func, uint32_t frag, uint32_t stored)
{
	switch (func) {
	case ZS_NEVER:
		return false;
	case ZS_LESS:
		return frag < stored;
	case ZS_LEQUAL:
		return frag <= stored;
	case ZS_EQUAL:
		return frag == stored;
	case ZS_GEQUAL:
		return frag >= stored;
	case ZS_GREATER:
		return frag > stored;
	case ZS_NOTEQUAL:
		return frag != stored;
	default:
		return true;	/* ZS_ALWAYS */
	}
}

bool radeon_zbuf_test(const struct radeon_zbuf *zb, const struct radeon_gpu_state *s,
		      uint32_t px, uint32_t py, float z)
{
	uint8_t *p;
	uint32_t frag = depth24(s, z), word = 0, stored;

	if (!zb->base)
		return true;
	p = zb->base + ((uint64_t)py * zb->pitch + px) * zb->cpp;
	if (zb->cpp == 2) {
		uint16_t v;

		memcpy(&v, p, sizeof(v));
		frag >>= 8;
		stored = v;
	} else {
		memcpy(&word, p, sizeof(word));
		stored = word >> 8;
	}
	if (!compare(zb->func, frag, stored))
		return false;
	if (!zb->write)
		return true;
	if (zb->cpp == 2) {
		uint16_t v = (uint16_t)frag;

		memcpy(p, &v, sizeof(v));
	} else {
		word = frag << 8 | (word & 0xff);	/* the stencil byte stays */
		memcpy(p, &word, sizeof(word));
	}
	return true;
}

void radeon_zpass_count(struct radeon_gpu_state *s)
{
	s->zpass[0]++;
}

void radeon_zpass_reg(const struct radeon_exec *x, uint32_t reg, uint32_t v)
{
	struct radeon_gpu_state *s = x->state;
	uint32_t select = REG(s, REG_R300_SU_REG_DEST);

	if (reg != REG_R300_ZB_ZPASS_DATA && reg != REG_R300_ZB_ZPASS_ADDR)
		return;
	for (unsigned int pipe = 0; pipe < RADEON_ZPASS_PIPES; pipe++) {
		void *dst;

		if (!(select & (1u << pipe)))
			continue;
		if (reg == REG_R300_ZB_ZPASS_DATA) {
			s->zpass[pipe] = v;
			continue;
		}
		dst = radeon_exec_bo_at(x, v, 4);
		if (!dst) {
			model_debug("radeon: exec: ZB_ZPASS_ADDR %#x is in none of the CS's BOs", v);
			return;
		}
		memcpy(dst, &s->zpass[pipe], 4);
	}
}

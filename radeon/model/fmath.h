/* SPDX-License-Identifier: MIT */
/*
 * The float arithmetic the model's shader units share (pvs_exec.c,
 * us300.c, us500.c, tex.c): the model library links no libm, so floor,
 * 2^x, log2, sin and cos are its own, accurate to a few float ulps, which
 * is well inside what 8-bit colour results can show. Plus the bit casts
 * and the R300 fragment shader's 24-bit float.
 */
#ifndef DRMSUB_RADEON_MODEL_FMATH_H
#define DRMSUB_RADEON_MODEL_FMATH_H

#include <stdbool.h>
#include <stdint.h>

#include "util/util.h"

#define FLT_MAX_F 3.40282347e+38f

static inline float fm_abs(float v)
{
	return v < 0.0f ? -v : v;
}

/* An operand modifier: |v| first, then the negation (so both give -|v|). */
static inline float fm_abs_neg(float v, bool absolute, bool negate)
{
	if (absolute)
		v = fm_abs(v);
	return negate ? -v : v;
}

static inline float fm_min(float a, float b)
{
	return a < b ? a : b;
}

static inline float fm_max(float a, float b)
{
	return a > b ? a : b;
}

static inline float fm_clamp01(float v)
{
	return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;	/* NaN goes to 1 */
}

float fm_floor(float v);
/* 2^v and log2 v (log2 of a negative is NaN, of 0 -inf). */
float fm_exp2(float v);
float fm_log2(float v);
/* sin and cos of @v radians. */
float fm_sin(float v);
float fm_cos(float v);
/* Round to nearest, ties away from zero, as an integer (saturating). */
int32_t fm_round(float v);

/*
 * The R3xx/R4xx fragment shader's 24-bit float (Mesa r300_emit.c
 * pack_float24: sign 23, exponent 22:16 with bias 63, 16 mantissa bits).
 */
float fm_float24(uint32_t u);
/* IEEE half to single, denormals, infinities and NaNs kept (vertices, texels). */
float fm_half(uint16_t h);

#endif

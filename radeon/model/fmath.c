// SPDX-License-Identifier: MIT
/* The model's float functions (fmath.h): series evaluations, no libm. */
#include "radeon/model/fmath.h"

#define PI_F 3.14159265358979f

float fm_floor(float v)
{
	float i;

	if (v != v || v >= 8388608.0f || v <= -8388608.0f)
		return v;	/* NaN, or already integral */
	i = (float)(int32_t)v;
	return i > v ? i - 1.0f : i;
}

int32_t fm_round(float v)
{
	if (v != v)
		return 0;
	if (v >= 2147483520.0f)
		return INT32_MAX;
	if (v <= -2147483520.0f)
		return INT32_MIN;
	return (int32_t)(v < 0.0f ? v - 0.5f : v + 0.5f);
}

/* 2^v: 2^floor(v) from the exponent bits, 2^frac from its series. */
float fm_exp2(float v)
{
	float n = fm_floor(v), f = (v - n) * 0.693147181f, term = 1.0f, sum = 1.0f;

	if (v != v)
		return v;
	if (n > 127.0f)
		return bits_float(0x7f800000u);	/* +inf */
	if (n < -126.0f)
		return 0.0f;
	for (int k = 1; k < 12; k++) {
		term *= f / (float)k;
		sum += term;
	}
	return sum * bits_float((uint32_t)((int32_t)n + 127) << 23);
}

/* log2 of a positive normal @v: exponent bits plus ln(m)/ln2 of the mantissa m in [1, 2). */
float fm_log2(float v)
{
	uint32_t u = float_bits(v);
	float m, t, t2, sum = 0.0f, power;

	if (v != v || v < 0.0f)
		return bits_float(0x7fc00000u);	/* NaN */
	if (v == 0.0f || !(u & 0x7f800000u))
		return bits_float(0xff800000u);	/* -inf (denormals flush) */
	if ((u & 0x7f800000u) == 0x7f800000u)
		return v;
	m = bits_float((u & 0x007fffffu) | 0x3f800000u);
	/* ln m = 2 atanh(t), t = (m - 1) / (m + 1) <= 1/3: the odd series converges fast */
	t = (m - 1.0f) / (m + 1.0f);
	t2 = t * t;
	power = t;
	for (int k = 1; k < 17; k += 2) {
		sum += power / (float)k;
		power *= t2;
	}
	return (float)((int32_t)(u >> 23) - 127) + 2.0f * sum * 1.442695041f;
}

/* sin on [-pi, pi] by its Taylor series after range reduction. */
float fm_sin(float v)
{
	float x, x2, term, sum;

	if (v != v || fm_abs(v) > 1.0e7f)
		return bits_float(0x7fc00000u);
	x = v - 2.0f * PI_F * fm_floor((v + PI_F) / (2.0f * PI_F));
	x2 = x * x;
	term = x;
	sum = x;
	for (int k = 1; k < 12; k++) {
		term *= -x2 / (float)((2 * k) * (2 * k + 1));
		sum += term;
	}
	return sum;
}

float fm_cos(float v)
{
	return fm_sin(v + PI_F / 2.0f);
}

float fm_float24(uint32_t u)
{
	uint32_t e = (u >> 16) & 0x7f, m = u & 0xffff;

	if (!e && !m)
		return 0.0f;
	/* the same value as an IEEE single: bias 127, mantissa 23 bits */
	return bits_float((u >> 23 & 1) << 31 | (e + 64) << 23 | m << 7);
}

float fm_half(uint16_t h)
{
	uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff;

	if (e == 0x1f)
		return bits_float(s | 0x7f800000u | m << 13);
	if (!e) {
		float v = (float)m / 1024.0f / 16384.0f;	/* m * 2^-24 */

		return s ? -v : v;
	}
	return bits_float(s | (e + 112) << 23 | m << 13);
}

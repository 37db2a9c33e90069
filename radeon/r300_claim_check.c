// SPDX-License-Identifier: MIT
/*
 * Checking one R300 claim by rendering (see r300_claims.h). The register
 * or instruction word under test is built from the verified layout (the
 * generated r300.xml.h / r300_pvs.xml.h) with the claimed field replaced
 * by the claimed value, so exactly one claim differs from known-good
 * state. The result is compared with a reference computed here for the
 * claimed meaning.
 *
 * The claimed word is the hardware claim under test (its entry in the
 * claims file names it; the verdict records whether silicon agrees); the
 * known-good state around it is r300_3d.h's, whose forms cite Mesa.
 *
 * Tolerances: one LSB for vertex-program colours (one float -> 8-bit
 * conversion); two for blending, whose factors read the 8-bit destination
 * and constant colour and may be rounded once more by the blender.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "radeon/r300_claims.h"
#include "radeon/r300_claims_collect.h"
#include "radeon/radeon_pm4.xml.h"

#define PVS_TOLERANCE 1
#define BLEND_TOLERANCE 2
#define DISTINCT 3	/* references must differ by this much somewhere */

/* ---- shared inputs ------------------------------------------------------------- */

/* blending: source colour (R, G, B, A), destination and constant colour (ARGB8888) */
static const float blend_src[4] = { 0.75f, 0.5f, 0.25f, 0.625f };
#define BLEND_DST 0x3040a020u
#define BLEND_CONST 0xb0309060u

/* vertex programs: c0 = A, c1 = B, c2 = C, c3 = math inputs; vertex colour V */
static const float pvs_consts[4][4] = {
	{ 0.375f, 0.25f, 0.5f, 0.125f },
	{ 0.5f, 0.5f, 0.25f, 0.75f },
	{ 0.125f, 0.0625f, 0.25f, 0.5f },
	{ 4.0f, -1.0f, 1.25f, -0.75f },
};
static const float pvs_vertex[4] = { 0.625f, 0.375f, 0.875f, 0.25f };

static const char *const cmp_names[CMP_COUNT] = {
	"NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER", "NOTEQUAL", "GEQUAL", "ALWAYS",
};

/* ---- colours ---------------------------------------------------------------------- */

static int unorm8(float v)
{
	v = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
	return (int)(v * 255.0f + 0.5f);
}

/* (R, G, B, A) floats as an ARGB8888 dword */
static uint32_t argb(const float c[4])
{
	return (uint32_t)unorm8(c[3]) << 24 | (uint32_t)unorm8(c[0]) << 16 |
	       (uint32_t)unorm8(c[1]) << 8 | (uint32_t)unorm8(c[2]);
}

/* channel @c (0 R, 1 G, 2 B, 3 A) of an ARGB8888 dword */
static int chan(uint32_t px, int c)
{
	static const int shift[4] = { 16, 8, 0, 24 };

	return (px >> shift[c]) & 0xff;
}

static void unpack(uint32_t px, float c[4])
{
	for (int i = 0; i < 4; i++)
		c[i] = (float)chan(px, i) / 255.0f;
}

bool r300_claim_near(uint32_t a, uint32_t b, int tolerance)
{
	for (int c = 0; c < 4; c++)
		if (abs(chan(a, c) - chan(b, c)) > tolerance)
			return false;
	return true;
}

uint32_t r300_claim_replace_field(uint32_t word, unsigned int low, unsigned int high, uint32_t value)
{
	uint32_t mask = (uint32_t)(((uint64_t)1 << (high - low + 1)) - 1) << low;

	return (word & ~mask) | ((value << low) & mask);
}

struct r300_verdict r300_claim_verdict(enum r300_verdict_kind kind, const char *fmt, ...)
{
	struct r300_verdict v = { .kind = kind };
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v.detail, sizeof(v.detail), fmt, ap);
	va_end(ap);
	return v;
}

struct r300_verdict r300_claim_rejected(const struct r300_claim *c, int ret)
{
	return r300_claim_verdict(VERDICT_UNTESTABLE, "the CS checker rejects the CS writing 0x%04x (%s)",
		       c->reg, strerror(-ret));
}

static struct r300_verdict compare(uint32_t got, uint32_t want, int tolerance)
{
	if (r300_claim_near(got, want, tolerance))
		return r300_claim_verdict(VERDICT_CONFIRMED, " ");
	return r300_claim_verdict(VERDICT_REFUTED, "rendered %#010x, the claimed meaning renders %#010x (+-%d)",
		       got, want, tolerance);
}

/* ---- alpha test ------------------------------------------------------------------- */

static uint32_t alpha_base(const struct r300_probe *p, bool enable, uint32_t func)
{
	/* R5xx compares with an 8-bit reference only when AF_8BIT says so (Mesa) */
	return R300_FG_ALPHA_FUNC(.af_val = 0x80, .af_func = func, .af_en = enable,
				  .af_8bit = r300_chip_is_r500(p->dev->family));
}

/* The verified encoding must draw LESS's stripes, else the device has no usable alpha test. */
static const char *alpha_control(struct r300_probe *p)
{
	static int state;	/* 0 unknown, 1 works, -1 does not */
	unsigned int drawn = 0;

	if (!state)
		state = !r300_probe_alpha(p, REG_R300_FG_ALPHA_FUNC, alpha_base(p, true, AF_LESS),
					  &drawn) && drawn == CMP_LESS ? 1 : -1;
	return state > 0 ? NULL : "the alpha test does not work with the verified encoding "
				  "(control: FG_ALPHA_FUNC LESS 0x80 did not draw only the "
				  "alpha 0x40 stripe)";
}

/* Stripes of alpha 0x40, 0x80, 0xc0 against 0x80: the drawn mask is the comparison's truth table. */
static struct r300_verdict check_alpha(struct r300_probe *p, const struct r300_claim *c)
{
	const char *no = alpha_control(p);
	unsigned int drawn, want;
	uint32_t value;
	int ret;

	if (no)
		return r300_claim_verdict(VERDICT_UNTESTABLE, "%s", no);
	if (c->kind == CLAIM_ALPHA_FUNC) {
		value = r300_claim_replace_field(alpha_base(p, true, 0), c->low, c->high, c->value);
		want = (unsigned int)c->meaning;
	} else if (c->kind == CLAIM_ALPHA_REF) {
		value = r300_claim_replace_field(alpha_base(p, true, AF_LESS) & ~R300_FG_ALPHA_FUNC_AF_VAL__MASK,
				      c->low, c->high, 0x80);
		want = CMP_LESS;
	} else {
		value = r300_claim_replace_field(alpha_base(p, false, AF_LESS), c->low, c->high, 1);
		want = CMP_LESS;
	}
	ret = r300_probe_alpha(p, c->reg, value, &drawn);
	if (ret)
		return r300_claim_rejected(c, ret);
	/* stripe bits (lt, eq, gt) are the r300_cmp order's bits */
	if (drawn == want)
		return r300_claim_verdict(VERDICT_CONFIRMED, " ");
	return r300_claim_verdict(VERDICT_REFUTED, "alpha 0x40/0x80/0xc0 against 0x80 drew %c%c%c: %s, not %s",
		       drawn & 1 ? 'Y' : '-', drawn & 2 ? 'Y' : '-', drawn & 4 ? 'Y' : '-',
		       cmp_names[drawn], cmp_names[want]);
}

/* ---- blending --------------------------------------------------------------------- */

/* What a blend factor takes its value from; the factor is that value or 1 minus it. */
enum factor_operand { FROM_ZERO, FROM_ONE, FROM_SRC, FROM_SRC_ALPHA, FROM_DST, FROM_DST_ALPHA,
		      FROM_CONST, FROM_CONST_ALPHA, FROM_SATURATE };

static const struct {
	enum factor_operand from;
	bool inverted;
} factor_rules[F_COUNT] = {
	[F_ZERO] = { FROM_ZERO, false },
	[F_ONE] = { FROM_ONE, false },
	[F_SRC_COLOR] = { FROM_SRC, false },
	[F_ONE_MINUS_SRC_COLOR] = { FROM_SRC, true },
	[F_DST_COLOR] = { FROM_DST, false },
	[F_ONE_MINUS_DST_COLOR] = { FROM_DST, true },
	[F_SRC_ALPHA] = { FROM_SRC_ALPHA, false },
	[F_ONE_MINUS_SRC_ALPHA] = { FROM_SRC_ALPHA, true },
	[F_DST_ALPHA] = { FROM_DST_ALPHA, false },
	[F_ONE_MINUS_DST_ALPHA] = { FROM_DST_ALPHA, true },
	[F_SRC_ALPHA_SATURATE] = { FROM_SATURATE, false },
	[F_CONST_COLOR] = { FROM_CONST, false },
	[F_ONE_MINUS_CONST_COLOR] = { FROM_CONST, true },
	[F_CONST_ALPHA] = { FROM_CONST_ALPHA, false },
	[F_ONE_MINUS_CONST_ALPHA] = { FROM_CONST_ALPHA, true },
};

float r300_blend_factor_value(enum r300_factor f, int ch, const float s[4], const float d[4],
			      const float k[4])
{
	const float v[] = {
		[FROM_ZERO] = 0.0f, [FROM_ONE] = 1.0f, [FROM_SRC] = s[ch], [FROM_SRC_ALPHA] = s[3],
		[FROM_DST] = d[ch], [FROM_DST_ALPHA] = d[3], [FROM_CONST] = k[ch],
		[FROM_CONST_ALPHA] = k[3],
		/* (f, f, f, 1) with f = min(As, 1 - Ad) */
		[FROM_SATURATE] = ch == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]),
	};

	return factor_rules[f].inverted ? 1.0f - v[factor_rules[f].from] : v[factor_rules[f].from];
}

/* GL blending of channel @ch: @fcn(src * F(sf), dst * F(df)); MIN and MAX ignore the factors. */
static float blend(int fcn, int sf, int df, int ch)
{
	float d[4], k[4], a, b;

	unpack(BLEND_DST, d);
	unpack(BLEND_CONST, k);
	a = blend_src[ch] * r300_blend_factor_value((enum r300_factor)sf, ch, blend_src, d, k);
	b = d[ch] * r300_blend_factor_value((enum r300_factor)df, ch, blend_src, d, k);
	switch (fcn) {
	case FCN_ADD_CLAMP: case FCN_ADD_NOCLAMP: return a + b;
	case FCN_SUB_CLAMP: case FCN_SUB_NOCLAMP: return a - b;
	case FCN_MIN: return fminf(blend_src[ch], d[ch]);
	case FCN_MAX: return fmaxf(blend_src[ch], d[ch]);
	default: return b - a;
	}
}

static uint32_t blend_ref(int fcn, int sf, int df)
{
	float r[4];

	for (int ch = 0; ch < 4; ch++)
		r[ch] = blend(fcn, sf, df, ch);
	return argb(r);
}

static uint32_t blendcntl(bool separate, uint32_t fcn, uint32_t src, uint32_t dst)
{
	/* READ_ENABLE: blending reads the destination (Mesa sets it; the checker tracks it) */
	return R300_RB3D_BLENDCNTL(.alpha_blend_enable = 1, .separate_alpha_enable = separate,
				   .read_enable = 1, .comb_fcn = fcn, .srcblend = src,
				   .destblend = dst);
}

static const char *blend_control(struct r300_probe *p)
{
	static int state;
	uint32_t regs[1] = { REG_R300_RB3D_BLENDCNTL };
	uint32_t values[1] = { blendcntl(false, COMB_FCN_ADD_CLAMP, BLEND_GL_ONE, BLEND_GL_ONE) };
	uint32_t got;

	if (!state)
		state = !r300_probe_blend(p, regs, values, 1, BLEND_DST, BLEND_CONST, blend_src,
					  &got) &&
			r300_claim_near(got, blend_ref(FCN_ADD_CLAMP, F_ONE, F_ONE), BLEND_TOLERANCE) ? 1 : -1;
	return state > 0 ? NULL : "blending does not work with the verified encoding (control: "
				  "RB3D_BLENDCNTL ONE + ONE did not render the sum)";
}

/*
 * Colour-register claims blend the whole pixel; alpha-register claims run
 * with SEPARATE_ALPHA_ENABLE and the colour equation ONE * src + ZERO, so
 * only the alpha channel shows the claim.
 */
static struct r300_verdict check_blend(struct r300_probe *p, const struct r300_claim *c)
{
	const char *no = blend_control(p);
	int fcn = FCN_ADD_CLAMP, sf = F_ONE, df = F_ONE;
	uint32_t regs[2], values[2], value, want, got;
	unsigned int n = 0;
	int ret;

	if (no)
		return r300_claim_verdict(VERDICT_UNTESTABLE, "%s", no);
	if (c->kind == CLAIM_BLEND_ENABLE) {
		value = r300_claim_replace_field(blendcntl(false, COMB_FCN_ADD_CLAMP, BLEND_GL_ONE,
						BLEND_GL_ONE) &
				      ~R300_RB3D_BLENDCNTL_ALPHA_BLEND_ENABLE__MASK,
				      c->low, c->high, 1);
	} else {
		uint32_t base = r300_blend_eq(.comb_fcn = COMB_FCN_ADD_CLAMP,
					      .srcblend = c->kind == CLAIM_DST_FACTOR ? BLEND_GL_ZERO
										 : BLEND_GL_ONE,
					      .destblend = c->kind == CLAIM_SRC_FACTOR ? BLEND_GL_ZERO
										  : BLEND_GL_ONE);

		if (c->kind == CLAIM_SRC_FACTOR)
			df = F_ZERO, sf = c->meaning;
		else if (c->kind == CLAIM_DST_FACTOR)
			sf = F_ZERO, df = c->meaning;
		else
			fcn = c->meaning;
		if (!c->alpha_blend)
			base |= blendcntl(false, 0, 0, 0);
		value = r300_claim_replace_field(base, c->low, c->high, c->value);
	}
	if (c->alpha_blend) {
		regs[n] = REG_R300_RB3D_BLENDCNTL;
		values[n++] = blendcntl(true, COMB_FCN_ADD_CLAMP, BLEND_GL_ONE, BLEND_GL_ZERO);
	}
	regs[n] = c->reg;
	values[n++] = value;
	ret = r300_probe_blend(p, regs, values, n, BLEND_DST, BLEND_CONST, blend_src, &got);
	if (ret)
		return r300_claim_rejected(c, ret);
	want = blend_ref(fcn, sf, df);
	if (c->alpha_blend)
		want = (want & 0xff000000u) | (blend_ref(FCN_ADD_CLAMP, F_ONE, F_ZERO) & 0xffffff);
	return compare(got, want, BLEND_TOLERANCE);
}

/* ---- colour mask ------------------------------------------------------------------- */

static struct r300_verdict check_mask(struct r300_probe *p, const struct r300_claim *c)
{
	static const uint32_t byte[4] = { 0x00ff0000u, 0x0000ff00u, 0x000000ffu, 0xff000000u };
	uint32_t got;
	int ret = r300_probe_mask(p, c->reg, r300_claim_replace_field(0, c->low, c->high, 1), &got);

	if (ret)
		return r300_claim_rejected(c, ret);
	return compare(got, R300_PROBE_FILL | byte[c->meaning], 0);
}

/* ---- PVS ---------------------------------------------------------------------------- */

#define SRC(type, index) R300_PVS_SRC(type, index)

static uint32_t src_swz(uint32_t type, uint32_t index, uint32_t x, uint32_t y, uint32_t z,
			uint32_t w)
{
	struct r300_pvs_src s = SRC(type, index);

	s.swizzle = R300_PVS_SWZ(x, y, z, w);
	return r300_pvs_src_word(s);
}

static uint32_t zero_word(uint32_t type, uint32_t index)
{
	return src_swz(type, index, PVS_SRC_SELECT_FORCE_0, PVS_SRC_SELECT_FORCE_0,
		       PVS_SRC_SELECT_FORCE_0, PVS_SRC_SELECT_FORCE_0);
}

static uint32_t scalar_word(uint32_t type, uint32_t index, uint32_t sel)
{
	return src_swz(type, index, sel, sel, sel, sel);
}

struct op_operands {
	uint32_t w[3];		/* the source words */
	float v[3][4];		/* their values */
};

/*
 * Operands per opcode meaning: vector ops read t1 = A (FRC: c3), c1 = B,
 * t2 = C (the comparisons compare with t1.yyyy, so that equality shows; CMP
 * tests c3 and picks from t1 and t2); math ops one scalar.
 */
static void operands(int op, struct op_operands *o)
{
	static const struct { uint32_t type, index, sel; } scalar[OP_COUNT] = {
		[OP_RCP] = { PVS_SRC_REG_CONSTANT, 3, 0 }, [OP_RSQ] = { PVS_SRC_REG_CONSTANT, 3, 0 },
		[OP_EX2] = { PVS_SRC_REG_CONSTANT, 3, 1 }, [OP_LG2] = { PVS_SRC_REG_CONSTANT, 3, 2 },
		[OP_EXP] = { PVS_SRC_REG_CONSTANT, 3, 3 }, [OP_LOG] = { PVS_SRC_REG_CONSTANT, 3, 2 },
		[OP_POW] = { PVS_SRC_REG_TEMPORARY, 1, 2 },
	};
	const float *a = pvs_consts[0], *b = pvs_consts[1], *c = pvs_consts[2];

	memset(o, 0, sizeof(*o));
	if (op < OP_EX2) {
		/* FRC of A (all in [0, 1)) would be A itself: give it integer parts (c3) */
		o->w[0] = r300_pvs_src_word(op == OP_FRC ? SRC(PVS_SRC_REG_CONSTANT, 3)
							 : SRC(PVS_SRC_REG_TEMPORARY, 1));
		if (op == OP_FRC)
			a = pvs_consts[3];
		o->w[1] = r300_pvs_src_word(op == OP_MAD_MACRO ? SRC(PVS_SRC_REG_TEMPORARY, 3)
							       : SRC(PVS_SRC_REG_CONSTANT, 1));
		o->w[2] = r300_pvs_src_word(SRC(PVS_SRC_REG_TEMPORARY, 2));
		memcpy(o->v[0], a, sizeof(o->v[0]));
		memcpy(o->v[1], b, sizeof(o->v[1]));
		memcpy(o->v[2], c, sizeof(o->v[2]));
		if (op == OP_SGE || op == OP_SLT || op == OP_SEQ || op == OP_SNE || op == OP_SGT) {
			/* against t1.yyyy = 0.25: one lane equal, one less, two greater */
			o->w[1] = scalar_word(PVS_SRC_REG_TEMPORARY, 1, 1);
			for (int k = 0; k < 4; k++)
				o->v[1][k] = a[1];
		} else if (op == OP_CMP) {
			/* the condition c3 = (4, -1, 1.25, -0.75) has negative lanes */
			o->w[0] = r300_pvs_src_word(SRC(PVS_SRC_REG_CONSTANT, 3));
			o->w[1] = r300_pvs_src_word(SRC(PVS_SRC_REG_TEMPORARY, 1));
			memcpy(o->v[0], pvs_consts[3], sizeof(o->v[0]));
			memcpy(o->v[1], a, sizeof(o->v[1]));
		}
		return;
	}
	o->w[0] = scalar_word(scalar[op].type, scalar[op].index, scalar[op].sel);
	o->w[1] = zero_word(scalar[op].type, scalar[op].index);
	o->w[2] = zero_word(scalar[op].type, scalar[op].index);
	for (int k = 0; k < 4; k++)
		o->v[0][k] = scalar[op].type == PVS_SRC_REG_TEMPORARY ? a[scalar[op].sel]
								      : pvs_consts[3][scalar[op].sel];
	if (op == OP_POW) {
		/* the exponent in operand 2 (Mesa ei_pow): 0.5 ^ t1.y = 0.5 ^ 0.25 */
		o->w[2] = scalar_word(PVS_SRC_REG_TEMPORARY, 1, 1);
		for (int k = 0; k < 4; k++)
			o->v[2][k] = a[1];
	}
}

/* What @op computes from @o (the meanings pvs_exec.c documents, here with libm). */
static void op_ref(int op, const struct op_operands *o, float r[4])
{
	const float *a = o->v[0], *b = o->v[1], *c = o->v[2];
	float x = a[0];

	for (int k = 0; k < 4; k++) {
		switch (op) {
		case OP_DP4: r[k] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; break;
		case OP_MUL: r[k] = a[k] * b[k]; break;
		case OP_ADD: r[k] = a[k] + b[k]; break;
		case OP_MAD: case OP_MAD_MACRO: r[k] = a[k] * b[k] + c[k]; break;
		case OP_FRC: r[k] = a[k] - floorf(a[k]); break;
		case OP_MAX: r[k] = fmaxf(a[k], b[k]); break;
		case OP_MIN: r[k] = fminf(a[k], b[k]); break;
		case OP_SGE: r[k] = a[k] >= b[k]; break;
		case OP_SLT: r[k] = a[k] < b[k]; break;
		case OP_SEQ: r[k] = a[k] == b[k]; break;
		case OP_SNE: r[k] = a[k] != b[k]; break;
		case OP_SGT: r[k] = a[k] > b[k]; break;
		case OP_CMP: r[k] = a[k] >= 0.0f ? b[k] : c[k]; break;
		case OP_EX2: r[k] = exp2f(x); break;
		case OP_LG2: r[k] = log2f(fabsf(x)); break;
		case OP_RCP: r[k] = 1.0f / x; break;
		case OP_RSQ: r[k] = 1.0f / sqrtf(fabsf(x)); break;
		case OP_POW: r[k] = powf(fabsf(x), c[0]); break;
		default: r[k] = 0.0f; break;
		}
	}
	if (op == OP_DST) {	/* ARB DST, which Mesa emits as VE_DISTANCE_VECTOR */
		r[0] = 1.0f;
		r[1] = a[1] * b[1];
		r[2] = a[2];
		r[3] = b[3];
	} else if (op == OP_EXP) {
		r[0] = exp2f(floorf(x));
		r[1] = x - floorf(x);
		r[2] = exp2f(x);
		r[3] = 1.0f;
	} else if (op == OP_LOG) {
		r[0] = floorf(log2f(fabsf(x)));
		r[1] = fabsf(x) / exp2f(r[0]);
		r[2] = log2f(fabsf(x));
		r[3] = 1.0f;
	}
}

static uint32_t out1_word(uint32_t wmask)
{
	struct r300_pvs_dst d = R300_PVS_OUT(1);

	d.wmask = wmask;
	return r300_pvs_dst_word(VE_ADD, false, false, d);
}

/* t1 = A, t2 = C, t3 = B: temporaries the claims read */
static unsigned int prelude(struct r300_pvs_inst *prog)
{
	prog[0] = r300_pvs_mov(R300_PVS_DTEMP(1), R300_PVS_CONST(0));
	prog[1] = r300_pvs_mov(R300_PVS_DTEMP(2), R300_PVS_CONST(2));
	prog[2] = r300_pvs_mov(R300_PVS_DTEMP(3), R300_PVS_CONST(1));
	return 3;
}

/* @src's register with every lane forced to @sel (Mesa's __CONST: same register, no new read) */
static uint32_t forced(uint32_t src, uint32_t sel)
{
	const uint32_t lanes = pvs_src_SWIZZLE_X__MASK | pvs_src_SWIZZLE_Y__MASK |
			       pvs_src_SWIZZLE_Z__MASK | pvs_src_SWIZZLE_W__MASK;
	const uint32_t negates = pvs_src_MODIFIER_X__MASK | pvs_src_MODIFIER_Y__MASK |
				 pvs_src_MODIFIER_Z__MASK | pvs_src_MODIFIER_W__MASK;

	return (src & ~(lanes | negates)) |
	       R300_PVS_SWZ(sel, sel, sel, sel) << pvs_src_SWIZZLE_X__SHIFT;
}

/* MOV out1 = @src as Mesa's ei_vector1 encodes it (ADD with a zero operand) */
static struct r300_pvs_inst mov_word(uint32_t dst, uint32_t src)
{
	return r300_pvs_raw(dst, src, forced(src, PVS_SRC_SELECT_FORCE_0),
			    forced(src, PVS_SRC_SELECT_FORCE_0));
}

static struct r300_verdict check_pvs(struct r300_probe *p, const struct r300_claim *c)
{
	const float *A = pvs_consts[0], *B = pvs_consts[1], *C = pvs_consts[2];
	struct r300_pvs_inst prog[8];
	unsigned int n = prelude(prog);
	uint32_t a_word = r300_pvs_src_word(SRC(PVS_SRC_REG_TEMPORARY, 1));
	float want[4];
	uint32_t got;
	int ret, k = c->meaning;

	switch (c->kind) {
	case CLAIM_PVS_OPCODE: {
		struct op_operands o;

		operands(k, &o);
		prog[n++] = r300_pvs_raw(r300_claim_replace_field(out1_word(0xf), 0, 7, c->value), o.w[0],
					 o.w[1], o.w[2]);
		op_ref(k, &o, want);
		break;
	}
	case CLAIM_PVS_DST_TYPE:
		if (k == T_TEMP) {
			struct r300_pvs_dst t4 = R300_PVS_DTEMP(4);
			uint32_t dst = r300_pvs_dst_word(VE_ADD, false, false, t4);

			prog[n++] = mov_word(r300_claim_replace_field(dst, c->low, c->high, c->value), a_word);
			prog[n++] = r300_pvs_mov(R300_PVS_OUT(1), R300_PVS_TEMP(4));
		} else {
			prog[n++] = mov_word(r300_claim_replace_field(out1_word(0xf), c->low, c->high, c->value),
					     a_word);
		}
		for (int i = 0; i < 4; i++)
			want[i] = k == T_OUT_REPL_X ? A[0] : A[i];
		break;
	case CLAIM_PVS_DST_INDEX:
		prog[n++] = mov_word(r300_claim_replace_field(out1_word(0xf) & ~pvs_dst_OFFSET__MASK, c->low,
						   c->high, 1), a_word);
		memcpy(want, A, sizeof(want));
		break;
	case CLAIM_PVS_WRITE:
		prog[n++] = r300_pvs_mov(R300_PVS_OUT(1), R300_PVS_CONST(1));
		prog[n++] = mov_word(r300_claim_replace_field(out1_word(0), c->low, c->high, 1), a_word);
		for (int i = 0; i < 4; i++)
			want[i] = i == k ? A[i] : B[i];
		break;
	case CLAIM_PVS_SRC_TYPE: {
		uint32_t src = r300_pvs_src_word(SRC(PVS_SRC_REG_CONSTANT, 1));
		const float *v = k == T_TEMP ? A : k == T_INPUT ? pvs_vertex : B;

		prog[n++] = mov_word(out1_word(0xf), r300_claim_replace_field(src, c->low, c->high, c->value));
		memcpy(want, v, sizeof(want));
		break;
	}
	case CLAIM_PVS_SRC_INDEX: {
		uint32_t src = r300_pvs_src_word(SRC(PVS_SRC_REG_CONSTANT, 0)) & ~pvs_src_OFFSET__MASK;

		prog[n++] = mov_word(out1_word(0xf), r300_claim_replace_field(src, c->low, c->high, 2));
		memcpy(want, C, sizeof(want));
		break;
	}
	case CLAIM_PVS_SELECT: {
		uint32_t src = a_word;

		for (int lane = 0; lane < 4; lane++)
			src = r300_claim_replace_field(src, pvs_src_SWIZZLE_X__SHIFT + 3 * lane,
					    pvs_src_SWIZZLE_X__SHIFT + 3 * lane + 2, c->value);
		prog[n++] = mov_word(out1_word(0xf), src);
		for (int i = 0; i < 4; i++)
			want[i] = k < 4 ? A[k] : k == 4 ? 0.0f : 1.0f;
		break;
	}
	case CLAIM_PVS_SELECT_FIELD:
		prog[n++] = mov_word(out1_word(0xf),
				     r300_claim_replace_field(a_word, c->low, c->high, (uint32_t)(k + 1) % 4));
		memcpy(want, A, sizeof(want));
		want[k] = A[(k + 1) % 4];
		break;
	case CLAIM_PVS_NEGATE:
		/* ADD out1 = (t1, the claimed lane negated) + 1: only that lane stays below 1 */
		prog[n++] = r300_pvs_raw(out1_word(0xf), r300_claim_replace_field(a_word, c->low, c->high, 1),
					 forced(a_word, PVS_SRC_SELECT_FORCE_1),
					 forced(a_word, PVS_SRC_SELECT_FORCE_0));
		for (int i = 0; i < 4; i++)
			want[i] = i == k ? 1.0f - A[i] : 1.0f;
		break;
	default:
		return r300_claim_verdict(VERDICT_UNTESTABLE, "no experiment for this kind of claim");
	}
	ret = r300_probe_vs(p, prog, n, pvs_consts, 4, pvs_vertex, &got);
	if (ret)
		return r300_claim_verdict(VERDICT_UNTESTABLE, "the CS checker rejects the vertex program (%s)",
			       strerror(-ret));
	return compare(got, argb(want), PVS_TOLERANCE);
}

/* ---- dispatch ------------------------------------------------------------------------- */

static bool is_register_claim(const struct r300_claim *c)
{
	return c->kind <= CLAIM_IMMEDIATE;
}

static bool is_value_claim(const struct r300_claim *c)
{
	switch (c->kind) {
	case CLAIM_ALPHA_FUNC: case CLAIM_COMB_FCN: case CLAIM_SRC_FACTOR: case CLAIM_DST_FACTOR:
	case CLAIM_PVS_OPCODE: case CLAIM_PVS_DST_TYPE: case CLAIM_PVS_SRC_TYPE:
	case CLAIM_PVS_SELECT: case CLAIM_STENCIL_FUNC: case CLAIM_STENCIL_OP: case CLAIM_TX_MAG:
	case CLAIM_COLORFORMAT:
		return true;
	default:
		return false;
	}
}

struct r300_verdict r300_claim_check(struct r300_probe *p, const struct r300_claim *c)
{
	int ret;

	if (is_register_claim(c) &&
	    (c->reg % 4 || (c->reg >> 2) > radeon_packet0_REG__MASK >> radeon_packet0_REG__SHIFT))
		return r300_claim_verdict(VERDICT_UNTESTABLE, "0x%x is no register a PACKET0 can write "
			       "(dword-aligned byte offsets below 0x8000)", c->reg);
	if (c->high > 31 || c->low > c->high)
		return r300_claim_verdict(VERDICT_UNTESTABLE, "bits %u:%u do not fit a 32-bit word", c->high,
			       c->low);
	if (is_value_claim(c) && c->high - c->low < 31 && c->value >> (c->high - c->low + 1))
		return r300_claim_verdict(VERDICT_UNTESTABLE, "the value %#x does not fit bits %u:%u",
			       c->value, c->high, c->low);
	switch (c->kind) {
	case CLAIM_ALPHA_FUNC: case CLAIM_ALPHA_REF: case CLAIM_ALPHA_ENABLE:
		return check_alpha(p, c);
	case CLAIM_BLEND_ENABLE: case CLAIM_COMB_FCN: case CLAIM_SRC_FACTOR: case CLAIM_DST_FACTOR:
		return check_blend(p, c);
	case CLAIM_COLOR_MASK:
		return check_mask(p, c);
	case CLAIM_STENCIL_FUNC: case CLAIM_STENCIL_OP: case CLAIM_CULL: case CLAIM_TX_MAG:
	case CLAIM_COLORFORMAT: case CLAIM_POLY_OFFSET:
		return r300_pipe_claim_check(p, c);
	case CLAIM_IMMEDIATE:
		ret = r300_probe_write(p, c->reg, 0);
		if (ret)
			return r300_claim_verdict(VERDICT_UNTESTABLE, "the CS checker rejects writes to 0x%04x "
				       "(%s): immediate-mode vertices reach the GPU only through "
				       "3D_DRAW_IMMD_2", c->reg, strerror(-ret));
		return r300_claim_verdict(VERDICT_UNTESTABLE, "the write is accepted, but one immediate-vertex "
			       "register alone has no effect the probe can render");
	case CLAIM_NO_MEANING:
		return r300_claim_verdict(VERDICT_UNTESTABLE, "%s", c->reason);
	default:
		return check_pvs(p, c);
	}
}

/* ---- are the references distinct? ------------------------------------------------------ */

static bool apart(uint32_t a, uint32_t b)
{
	return !r300_claim_near(a, b, DISTINCT - 1);
}

static bool same_fcn(int a, int b)
{
	/* clamping cannot show in an 8-bit UNORM buffer */
	return a / 2 == b / 2 && a / 2 != FCN_MIN / 2;
}

bool r300_claim_references_distinct(char *why, unsigned int size)
{
	const int add = FCN_ADD_CLAMP;

	for (int a = 0; a < F_COUNT; a++)
		for (int b = a + 1; b < F_COUNT; b++) {
			if (!apart(blend_ref(add, a, F_ZERO), blend_ref(add, b, F_ZERO))) {
				snprintf(why, size, "source factors %d and %d render alike", a, b);
				return false;
			}
			if (!apart(blend_ref(add, F_ZERO, a), blend_ref(add, F_ZERO, b))) {
				snprintf(why, size, "destination factors %d and %d render alike", a, b);
				return false;
			}
		}
	for (int a = 0; a < FCN_COUNT; a++)
		for (int b = a + 1; b < FCN_COUNT; b++) {
			if (same_fcn(a, b) || apart(blend_ref(a, F_ONE, F_ONE), blend_ref(b, F_ONE, F_ONE)))
				continue;
			snprintf(why, size, "combine functions %d and %d render alike", a, b);
			return false;
		}
	if (!r300_pipe_references_distinct(why, size))
		return false;
	for (int a = 0; a < OP_COUNT; a++) {
		struct op_operands o;
		float ra[4], rb[4];

		if (a == OP_LIT)
			continue;
		operands(a, &o);
		op_ref(a, &o, ra);
		for (int b = 0; b < OP_COUNT; b++) {
			/* MAD and the MADD macro mean the same */
			bool mad = (a == OP_MAD || a == OP_MAD_MACRO) &&
				   (b == OP_MAD || b == OP_MAD_MACRO);

			if (b == a || b == OP_LIT || mad)
				continue;
			op_ref(b, &o, rb);
			if (!apart(argb(ra), argb(rb))) {
				snprintf(why, size, "with opcode %d's operands, opcode %d renders alike",
					 a, b);
				return false;
			}
		}
	}
	return true;
}

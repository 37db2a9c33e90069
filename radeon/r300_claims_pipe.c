// SPDX-License-Identifier: MIT
/*
 * Claims about the pipeline state the model renders since Mesa's r300
 * runs on it, recognised by name in a claims database (the verified
 * r300.xml spelling) and checked by rendering (r300_probe_pipe.c):
 *
 *	ZB_ZSTENCILCNTL.STENCILFUNC values	GL's stencil comparison
 *	ZB_ZSTENCILCNTL.STENCILFAIL/ZFAIL/ZPASS	GL's stencil operations on that path
 *	SU_CULL_MODE.CULL_FRONT/CULL_BACK/FACE_CW
 *	TX_FILTER0.MAG_FILTER NEAREST/LINEAR	(unit 0)
 *	RB3D_COLORPITCH0.COLORFORMAT ARGB8888/RGB565/ARGB4444/ARGB1555
 *	SU_POLY_OFFSET_ENABLE.FRONT_ENABLE
 *
 * Each claim's word is the verified state with the claimed field replaced
 * by the claimed value; the reference is GL 2.1's rule for the meaning.
 */
#include <stdio.h>
#include <string.h>

#include "radeon/r300_claims.h"
#include "radeon/r300_claims_collect.h"
#include "util/util.h"

/* ---- recognising -------------------------------------------------------------------- */

enum pipe_role { PR_STENCIL, PR_CULL, PR_TXFILTER, PR_CBPITCH, PR_POLY_OFFSET };

static const struct r300_word pipe_regs[] = {
	{ "ZB_ZSTENCILCNTL", PR_STENCIL }, { "SU_CULL_MODE", PR_CULL },
	{ "TX_FILTER0", PR_TXFILTER }, { "RB3D_COLORPITCH0", PR_CBPITCH },
	{ "SU_POLY_OFFSET_ENABLE", PR_POLY_OFFSET }, WORDS_END,
};

/* after "ZS_": the functions (GL order, r300_cmp) and the operations */
static const struct r300_word zs_func_words[] = {
	{ "NEVER", CMP_NEVER }, { "LESS", CMP_LESS }, { "EQUAL", CMP_EQUAL },
	{ "LEQUAL", CMP_LEQUAL }, { "GREATER", CMP_GREATER }, { "NOTEQUAL", CMP_NOTEQUAL },
	{ "GEQUAL", CMP_GEQUAL }, { "ALWAYS", CMP_ALWAYS }, WORDS_END,
};

static const struct r300_word sop_words[] = {
	{ "KEEP", SOP_KEEP }, { "ZERO", SOP_ZERO }, { "REPLACE", SOP_REPLACE },
	{ "INCR", SOP_INCR }, { "DECR", SOP_DECR }, { "INVERT", SOP_INVERT },
	{ "INCR_WRAP", SOP_INCR_WRAP }, { "DECR_WRAP", SOP_DECR_WRAP }, WORDS_END,
};

static const struct r300_word stencil_fields[] = {
	{ "STENCILFUNC", -2 }, { "STENCILFAIL", PATH_SFAIL }, { "STENCILZFAIL", PATH_ZFAIL },
	{ "STENCILZPASS", PATH_ZPASS }, WORDS_END,
};

static const struct r300_word cull_fields[] = {
	{ "CULL_FRONT", CULL_BIT_FRONT }, { "CULL_BACK", CULL_BIT_BACK },
	{ "FACE_CW", CULL_BIT_FACE_CW }, WORDS_END,
};

/* after "TX_MAG_FILTER_" */
static const struct r300_word mag_words[] = { { "NEAREST", 0 }, { "LINEAR", 1 }, WORDS_END };

/* after "COLOR_FORMAT_" */
static const struct r300_word cb_words[] = {
	{ "ARGB8888", CB_ARGB8888 }, { "RGB565", CB_RGB565 }, { "ARGB4444", CB_ARGB4444 },
	{ "ARGB1555", CB_ARGB1555 }, WORDS_END,
};

/* The claims of field @f of a @role register; a field without a known meaning is counted. */
static void field_claims(struct r300_collector *col, const struct rnn_elem *reg,
			 const struct rnn_bitfield *f, int role)
{
	static const char *const zs_markers[] = { "ZS_", NULL };
	static const char *const mag_markers[] = { "TX_MAG_FILTER_", NULL };
	static const char *const cb_markers[] = { "COLOR_FORMAT_", NULL };
	const char *name = r300_claims_unprefixed(f->name);
	unsigned int first = col->n;
	int m;

	switch (role) {
	case PR_STENCIL:
		m = r300_claims_lookup(stencil_fields, name);
		if (m == -1)
			break;
		r300_claims_field_values(col, reg, f, m == -2 ? CLAIM_STENCIL_FUNC : CLAIM_STENCIL_OP,
					 m == -2 ? zs_func_words : sop_words, zs_markers, false);
		for (unsigned int i = first; m >= 0 && i < col->n; i++)
			col->out[i].path = (unsigned int)m;
		return;
	case PR_CULL:
		m = r300_claims_lookup(cull_fields, name);
		if (m < 0 || f->low != f->high)
			break;
		r300_claims_field_claim(col, reg, f, CLAIM_CULL, m, NULL);
		return;
	case PR_TXFILTER:
		if (strcmp(name, "MAG_FILTER"))
			break;
		r300_claims_field_values(col, reg, f, CLAIM_TX_MAG, mag_words, mag_markers, false);
		return;
	case PR_CBPITCH:
		if (strcmp(name, "COLORFORMAT"))
			break;
		r300_claims_field_values(col, reg, f, CLAIM_COLORFORMAT, cb_words, cb_markers, false);
		return;
	default:
		if (strcmp(name, "FRONT_ENABLE") || f->low != f->high)
			break;
		r300_claims_field_claim(col, reg, f, CLAIM_POLY_OFFSET, 0, NULL);
		return;
	}
	col->unknown++;
}

bool r300_pipe_reg_claims(struct r300_collector *col, const struct rnn_elem *reg)
{
	int role = r300_claims_lookup(pipe_regs, r300_claims_unprefixed(reg->name));

	if (role < 0)
		return false;
	for (size_t i = 0; i < r300_claims_nfields(&reg->type); i++) {
		const struct rnn_bitfield *f = r300_claims_field_at(&reg->type, i);

		if (rnn_ctx_match(col->ctx, &f->varinfo))
			field_claims(col, reg, f, role);
	}
	return true;
}

/* ---- references (GL 2.1 section 4.1.5) ------------------------------------------------ */

/* Stencil stripes for the functions: above, at and below the reference 0x80. */
static const uint32_t func_stencil[R300_PROBE_STRIPES] = { 0xc0, 0x80, 0x40 };
/* ... and for the operations, with reference 0x5a */
static const uint32_t op_stencil[R300_PROBE_STRIPES] = { 0x00, 0x80, 0xff };
#define FUNC_REF 0x80
#define OP_REF 0x5a

/*
 * The stripes GL's "ref FUNC stencil" passes: stripe 0 has ref < s, 1
 * ref == s, 2 ref > s, so the drawn mask is the r300_cmp value itself.
 */
static unsigned int func_ref(int cmp)
{
	return (unsigned int)cmp;
}

/*
 * GL's stencil operations as data: the value an operation starts from, the
 * step it adds, and whether the 8-bit result wraps or saturates.
 */
enum sop_start { FROM_STENCIL, FROM_ZERO, FROM_REF, FROM_INVERTED };

static const struct {
	enum sop_start start;
	int step;
	bool wraps;
} sop_rules[SOP_COUNT] = {
	[SOP_KEEP] = { FROM_STENCIL, 0, false },
	[SOP_ZERO] = { FROM_ZERO, 0, false },
	[SOP_REPLACE] = { FROM_REF, 0, false },
	[SOP_INCR] = { FROM_STENCIL, 1, false },
	[SOP_DECR] = { FROM_STENCIL, -1, false },
	[SOP_INVERT] = { FROM_INVERTED, 0, false },
	[SOP_INCR_WRAP] = { FROM_STENCIL, 1, true },
	[SOP_DECR_WRAP] = { FROM_STENCIL, -1, true },
};

uint32_t r300_stencil_op_result(enum r300_sop op, uint32_t ref, uint32_t s)
{
	const uint32_t start[] = {
		[FROM_STENCIL] = s, [FROM_ZERO] = 0, [FROM_REF] = ref, [FROM_INVERTED] = ~s & 0xff,
	};
	int v = (int)start[sop_rules[op].start] + sop_rules[op].step;

	if (sop_rules[op].wraps)
		return (uint32_t)v & 0xff;
	return v < 0 ? 0 : v > 0xff ? 0xff : (uint32_t)v;
}

/* What operation @op (an r300_sop) leaves of stencil @s with the operations' reference. */
static uint32_t sop_ref(int op, uint32_t s)
{
	return r300_stencil_op_result((enum r300_sop)op, OP_REF, s);
}

bool r300_pipe_references_distinct(char *why, unsigned int size)
{
	for (int a = 0; a < CMP_COUNT; a++)
		for (int b = a + 1; b < CMP_COUNT; b++)
			if (func_ref(a) == func_ref(b)) {
				snprintf(why, size, "stencil functions %d and %d draw alike", a, b);
				return false;
			}
	for (int a = 0; a < SOP_COUNT; a++)
		for (int b = a + 1; b < SOP_COUNT; b++) {
			bool same = true;

			for (int i = 0; i < R300_PROBE_STRIPES; i++)
				same &= sop_ref(a, op_stencil[i]) == sop_ref(b, op_stencil[i]);
			if (same) {
				snprintf(why, size, "stencil operations %d and %d store alike", a, b);
				return false;
			}
		}
	return true;
}

/* ---- checks ------------------------------------------------------------------------------ */

static uint32_t zs_base(void)
{
	return R300_ZB_ZSTENCILCNTL(.zfunc = ZS_ALWAYS, .stencilfunc = ZS_ALWAYS,
				    .stencilfail = ZS_KEEP, .stencilzpass = ZS_KEEP,
				    .stencilzfail = ZS_KEEP);
}

static struct r300_verdict check_stencil(struct r300_probe *p, const struct r300_claim *c)
{
	bool func = c->kind == CLAIM_STENCIL_FUNC;
	uint32_t ref = func ? FUNC_REF : OP_REF, zs = zs_base(), after[R300_PROBE_STRIPES];
	uint32_t refmask = r300_stencilrefmask(.stencilref = ref, .stencilmask = 0xff,
					       .stencilwritemask = 0xff);
	/* the depth test decides the zfail path: on with NEVER; else off */
	bool z = !func && c->path == PATH_ZFAIL;
	uint32_t cntl = R300_ZB_CNTL(.stencil_enable = 1, .z_enable = z);
	const uint32_t *s = func ? func_stencil : op_stencil;
	unsigned int drawn;
	int ret;

	if (z)
		zs = (zs & ~R300_ZB_ZSTENCILCNTL_ZFUNC__MASK) | R300_ZB_ZSTENCILCNTL(.zfunc = ZS_NEVER);
	if (!func && c->path == PATH_SFAIL)
		zs = (zs & ~R300_ZB_ZSTENCILCNTL_STENCILFUNC__MASK) |
		     R300_ZB_ZSTENCILCNTL(.stencilfunc = ZS_NEVER);
	ret = r300_probe_stencil(p, cntl, r300_claim_replace_field(zs, c->low, c->high, c->value),
				 refmask, s, &drawn, after);
	if (ret)
		return r300_claim_rejected(c, ret);
	if (func)
		return drawn == func_ref(c->meaning) ?
		       r300_claim_verdict(VERDICT_CONFIRMED, " ") :
		       r300_claim_verdict(VERDICT_REFUTED, "stencil 0xc0/0x80/0x40 against 0x80 drew "
					  "%c%c%c, the claimed function draws %c%c%c",
					  drawn & 1 ? 'Y' : '-', drawn & 2 ? 'Y' : '-',
					  drawn & 4 ? 'Y' : '-', c->meaning & 1 ? 'Y' : '-',
					  c->meaning & 2 ? 'Y' : '-', c->meaning & 4 ? 'Y' : '-');
	for (int i = 0; i < R300_PROBE_STRIPES; i++)
		if (after[i] != sop_ref(c->meaning, s[i]))
			return r300_claim_verdict(VERDICT_REFUTED, "stencil %#x became %#x, the claimed "
						  "operation gives %#x", s[i], after[i],
						  sop_ref(c->meaning, s[i]));
	return r300_claim_verdict(VERDICT_CONFIRMED, " ");
}

/*
 * The left quad is counter-clockwise as displayed, the front face with
 * FACE_CW 0 (radeon_draw's cull subtest gives the reading). CULL_FRONT
 * alone drops it, CULL_BACK alone the right one; FACE_CW with the
 * verified CULL_BACK makes the left one the back face.
 */
static struct r300_verdict check_cull(struct r300_probe *p, const struct r300_claim *c)
{
	uint32_t base = c->meaning == CULL_BIT_FACE_CW ? R300_SU_CULL_MODE(.cull_back = 1) : 0;
	unsigned int drawn, want = c->meaning == CULL_BIT_BACK ? 1 : 2;
	int ret = r300_probe_cull(p, r300_claim_replace_field(base, c->low, c->high, 1), &drawn);

	if (ret)
		return r300_claim_rejected(c, ret);
	if (drawn == want)
		return r300_claim_verdict(VERDICT_CONFIRMED, " ");
	return r300_claim_verdict(VERDICT_REFUTED, "drew %s, the claimed bit keeps only the %s quad",
				  drawn == 3 ? "both quads" : drawn == 1 ? "the left quad" :
				  drawn == 2 ? "the right quad" : "no quad", want == 1 ? "left" : "right");
}

/*
 * 2x2 texture, red 0 | 0xff by column, magnified over 24 columns with
 * CLAMP_TO_EDGE: NEAREST gives 0 for columns 0..11 and 0xff after;
 * LINEAR gives GL's weight frac((x + 1/2) / 12 - 1/2) in columns 6..17.
 */
static struct r300_verdict check_mag(struct r300_probe *p, const struct r300_claim *c)
{
	uint32_t base = R300_TX_FILTER0(.wrap_s = TX_CLAMP_TO_EDGE, .wrap_t = TX_CLAMP_TO_EDGE,
					.wrap_r = TX_CLAMP_TO_EDGE, .mag_filter = 0,
					.min_filter = TX_MIN_FILTER_NEAREST);
	uint8_t row[R300_PROBE_SIZE];
	int ret = r300_probe_tex(p, r300_claim_replace_field(base, c->low, c->high, c->value), row);

	if (ret)
		return r300_claim_rejected(c, ret);
	for (uint32_t x = 0; x < R300_PROBE_SIZE; x++) {
		float u = (x + 0.5f) / R300_PROBE_SIZE * 2.0f - 0.5f;
		float w = u < 0 ? 0 : u > 1 ? 1 : u;
		int want = c->meaning ? (int)(w * 255.0f + 0.5f) : x < R300_PROBE_SIZE / 2 ? 0 : 0xff;

		if (row[x] < want - 2 || row[x] > want + 2)
			return r300_claim_verdict(VERDICT_REFUTED, "column %u has red %#x, the claimed "
						  "filter gives %#x (+-2)", x, row[x], want);
	}
	return r300_claim_verdict(VERDICT_CONFIRMED, " ");
}

/* Channels k / (2^n - 1) store exactly: C0..C3 (B, G, R, A) bit counts and values. */
static const struct {
	uint8_t bits[4], k[4];
} cb_refs[CB_COUNT] = {
	[CB_ARGB8888] = { { 8, 8, 8, 8 }, { 0x56, 0x34, 0x12, 0x78 } },
	[CB_RGB565] = { { 5, 6, 5, 0 }, { 9, 42, 17, 0 } },
	[CB_ARGB4444] = { { 4, 4, 4, 4 }, { 7, 12, 3, 9 } },
	[CB_ARGB1555] = { { 5, 5, 5, 1 }, { 30, 5, 17, 1 } },
};

static struct r300_verdict check_colorformat(struct r300_probe *p, const struct r300_claim *c)
{
	static const int rgba_of[4] = { 2, 1, 0, 3 };
	/*
	 * 16 pixels: a whole linear tile at 2 and at 4 bytes (the model's and
	 * Mesa's alignment) whatever format the claim names; the quad is one
	 * colour, so rows overlapping past the pitch store the same pixels
	 */
	uint32_t base = r300_colorpitch(.colorpitch = 16), want = 0, shift = 0, got;
	float rgba[4] = { 0, 0, 0, 1 };
	int ret;

	for (int i = 0; i < 4; i++) {
		if (cb_refs[c->meaning].bits[i])
			rgba[rgba_of[i]] = cb_refs[c->meaning].k[i] /
					   (float)((1u << cb_refs[c->meaning].bits[i]) - 1);
		want |= (uint32_t)cb_refs[c->meaning].k[i] << shift;
		shift += cb_refs[c->meaning].bits[i];
	}
	if (shift == 16)	/* two pixels in the first dword */
		want |= want << 16;
	ret = r300_probe_colorformat(p, r300_claim_replace_field(base, c->low, c->high, c->value),
				     rgba, &got);
	if (ret)
		return r300_claim_rejected(c, ret);
	if (got == want)
		return r300_claim_verdict(VERDICT_CONFIRMED, " ");
	return r300_claim_verdict(VERDICT_REFUTED, "stored %#010x, the claimed format stores %#010x",
				  got, want);
}

static struct r300_verdict check_poly_offset(struct r300_probe *p, const struct r300_claim *c)
{
	bool drawn;
	int ret = r300_probe_poly_offset(p, r300_claim_replace_field(0, c->low, c->high, 1), &drawn);

	if (ret)
		return r300_claim_rejected(c, ret);
	if (drawn)
		return r300_claim_verdict(VERDICT_CONFIRMED, " ");
	return r300_claim_verdict(VERDICT_REFUTED, "a front face redrawn with offset units -4 "
				  "failed ZFUNC LESS: no offset was applied");
}

struct r300_verdict r300_pipe_claim_check(struct r300_probe *p, const struct r300_claim *c)
{
	switch (c->kind) {
	case CLAIM_STENCIL_FUNC: case CLAIM_STENCIL_OP:
		return check_stencil(p, c);
	case CLAIM_CULL:
		return check_cull(p, c);
	case CLAIM_TX_MAG:
		return check_mag(p, c);
	case CLAIM_COLORFORMAT:
		return check_colorformat(p, c);
	default:
		return check_poly_offset(p, c);
	}
}

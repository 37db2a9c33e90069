// SPDX-License-Identifier: MIT
/*
 * Recognising R300 claims in a rules-ng database by name. Every meaning
 * has its spelling in the 2004 seed (seed/r300_2004.xml, "R300_" prefix
 * dropped) and in the verified databases (r300.xml, r300_pvs.xml); a
 * claims file may use either. Values are recognised by the part of their
 * name after the field's own prefix (R300_ALPHA_TEST_LEQUAL and AF_LE are
 * both "less or equal").
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "radeon/r300_claims.h"
#include "radeon/r300_claims_collect.h"
#include "util/util.h"

int r300_claims_lookup(const struct r300_word *w, const char *name)
{
	for (; w->name; w++)
		if (!strcmp(w->name, name))
			return w->meaning;
	return -1;
}

const char *r300_claims_unprefixed(const char *name)
{
	if (!strncmp(name, "R300_", 5) || !strncmp(name, "R500_", 5))
		return name + 5;
	return name;
}

/* The part of @name after the first occurrence of @marker, or NULL. */
static const char *after(const char *name, const char *marker)
{
	const char *p = strstr(name, marker);

	return p ? p + strlen(marker) : NULL;
}

/* ---- vocabulary --------------------------------------------------------------- */

enum role { ROLE_ALPHA, ROLE_CBLEND, ROLE_ABLEND, ROLE_CMASK };

static const struct r300_word reg_roles[] = {
	{ "PP_ALPHA_TEST", ROLE_ALPHA }, { "FG_ALPHA_FUNC", ROLE_ALPHA },
	{ "RB3D_CBLEND", ROLE_CBLEND }, { "RB3D_BLENDCNTL", ROLE_CBLEND },
	{ "RB3D_ABLEND", ROLE_ABLEND }, { "RB3D_ABLENDCNTL", ROLE_ABLEND },
	{ "RB3D_COLORMASK", ROLE_CMASK }, { "RB3D_COLOR_CHANNEL_MASK", ROLE_CMASK },
	WORDS_END,
};

/* The seed's immediate-mode vertex registers (0x2464-0x24AC). */
static const char *const immediate_prefixes[] = {
	"VAP_VTX_COLOR_", "VAP_VTX_POS_", "VAP_VTX_END_OF_PKT", NULL,
};

enum field_role { FR_ALPHA_FUNC, FR_ALPHA_REF, FR_ALPHA_ENABLE, FR_BLEND_ENABLE, FR_FCN,
		  FR_SRC, FR_DST, FR_UNKNOWN, FR_NO_SEPARATE };

static const struct r300_word alpha_fields[] = {
	{ "ALPHA_TEST_OP_MASK", FR_ALPHA_FUNC }, { "AF_FUNC", FR_ALPHA_FUNC },
	{ "REF_ALPHA_MASK", FR_ALPHA_REF }, { "AF_VAL", FR_ALPHA_REF },
	{ "ALPHA_TEST_ENABLE", FR_ALPHA_ENABLE }, { "AF_EN", FR_ALPHA_ENABLE },
	WORDS_END,
};

static const struct r300_word blend_fields[] = {
	{ "BLEND_ENABLE", FR_BLEND_ENABLE }, { "ALPHA_BLEND_ENABLE", FR_BLEND_ENABLE },
	{ "FCN_MASK", FR_FCN }, { "COMB_FCN", FR_FCN },
	{ "SRC_BLEND_MASK", FR_SRC }, { "SRCBLEND", FR_SRC },
	{ "DST_BLEND_MASK", FR_DST }, { "DESTBLEND", FR_DST },
	{ "BLEND_UNKNOWN", FR_UNKNOWN }, { "BLEND_NO_SEPARATE", FR_NO_SEPARATE },
	WORDS_END,
};

/* Channels of colour buffer 0: 0 R, 1 G, 2 B, 3 A. */
static const struct r300_word mask_fields[] = {
	{ "COLORMASK0_R", 0 }, { "COLORMASK0_G", 1 }, { "COLORMASK0_B", 2 }, { "COLORMASK0_A", 3 },
	{ "RED_MASK0", 0 }, { "GREEN_MASK0", 1 }, { "BLUE_MASK0", 2 }, { "ALPHA_MASK0", 3 },
	WORDS_END,
};

/* after "_TEST_" (seed) or "AF_" (verified) */
static const struct r300_word cmp_words[] = {
	{ "FAIL", CMP_NEVER }, { "NEVER", CMP_NEVER }, { "LESS", CMP_LESS },
	{ "EQUAL", CMP_EQUAL }, { "LEQUAL", CMP_LEQUAL }, { "LE", CMP_LEQUAL },
	{ "GREATER", CMP_GREATER }, { "NEQUAL", CMP_NOTEQUAL }, { "NOTEQUAL", CMP_NOTEQUAL },
	{ "GEQUAL", CMP_GEQUAL }, { "GE", CMP_GEQUAL }, { "PASS", CMP_ALWAYS },
	{ "ALWAYS", CMP_ALWAYS }, WORDS_END,
};

/* after "FCN_" */
static const struct r300_word fcn_words[] = {
	{ "ADD_CLAMP", FCN_ADD_CLAMP }, { "ADD_NOCLAMP", FCN_ADD_NOCLAMP },
	{ "SUB_CLAMP", FCN_SUB_CLAMP }, { "SUB_NOCLAMP", FCN_SUB_NOCLAMP },
	{ "MIN", FCN_MIN }, { "MAX", FCN_MAX },
	{ "RSUB_CLAMP", FCN_RSUB_CLAMP }, { "RSUB_NOCLAMP", FCN_RSUB_NOCLAMP }, WORDS_END,
};

/* after "GL_" */
static const struct r300_word factor_words[] = {
	{ "ZERO", F_ZERO }, { "ONE", F_ONE }, { "SRC_COLOR", F_SRC_COLOR },
	{ "ONE_MINUS_SRC_COLOR", F_ONE_MINUS_SRC_COLOR }, { "DST_COLOR", F_DST_COLOR },
	{ "ONE_MINUS_DST_COLOR", F_ONE_MINUS_DST_COLOR }, { "SRC_ALPHA", F_SRC_ALPHA },
	{ "ONE_MINUS_SRC_ALPHA", F_ONE_MINUS_SRC_ALPHA }, { "DST_ALPHA", F_DST_ALPHA },
	{ "ONE_MINUS_DST_ALPHA", F_ONE_MINUS_DST_ALPHA },
	{ "SRC_ALPHA_SATURATE", F_SRC_ALPHA_SATURATE }, { "CONST_COLOR", F_CONST_COLOR },
	{ "ONE_MINUS_CONST_COLOR", F_ONE_MINUS_CONST_COLOR }, { "CONST_ALPHA", F_CONST_ALPHA },
	{ "ONE_MINUS_CONST_ALPHA", F_ONE_MINUS_CONST_ALPHA }, WORDS_END,
};

/*
 * PVS opcodes, after "VPI_OUT_OP_" (seed: the 8-bit form), "VE_", "ME_" or
 * "PVS_MACRO_OP_" (verified: one enum per engine).
 */
static const struct r300_word op_words[] = {
	{ "DOT", OP_DP4 }, { "DOT_PRODUCT", OP_DP4 }, { "MUL", OP_MUL }, { "MULTIPLY", OP_MUL },
	{ "ADD", OP_ADD }, { "MAD", OP_MAD }, { "MULTIPLY_ADD", OP_MAD },
	{ "FRC", OP_FRC }, { "FRACTION", OP_FRC }, { "MAX", OP_MAX }, { "MAXIMUM", OP_MAX },
	{ "MIN", OP_MIN }, { "MINIMUM", OP_MIN }, { "SGE", OP_SGE },
	{ "SET_GREATER_THAN_EQUAL", OP_SGE }, { "SLT", OP_SLT }, { "SET_LESS_THAN", OP_SLT },
	{ "DISTANCE_VECTOR", OP_DST }, { "SET_EQUAL", OP_SEQ }, { "SET_NOT_EQUAL", OP_SNE },
	{ "SET_GREATER_THAN", OP_SGT }, { "COND_MUX_GTE", OP_CMP }, { "MAD_2", OP_MAD_MACRO }, { "2CLK_MADD", OP_MAD_MACRO },
	{ "EX2", OP_EX2 }, { "EXP_BASE2_FULL_DX", OP_EX2 }, { "LG2", OP_LG2 },
	{ "LOG_BASE2_FULL_DX", OP_LG2 }, { "EXP", OP_EXP }, { "EXP_BASE2_DX", OP_EXP },
	{ "LOG", OP_LOG }, { "LOG_BASE2_DX", OP_LOG }, { "RCP", OP_RCP }, { "RECIP_DX", OP_RCP },
	{ "RSQ", OP_RSQ }, { "RECIP_SQRT_DX", OP_RSQ }, { "POW", OP_POW },
	{ "RECIP_FF", OP_RCP }, { "RECIP_SQRT_FF", OP_RSQ }, { "RECIP_IEEE", OP_RCP },
	{ "RECIP_SQRT_IEEE", OP_RSQ }, { "LOG_BASE2_IEEE", OP_LG2 },
	{ "POWER_FUNC_FF", OP_POW }, { "LIT", OP_LIT }, { "LIGHT_COEFF_DX", OP_LIT }, WORDS_END,
};

enum op_enum { OPS_8BIT, OPS_VE, OPS_ME, OPS_MACRO };

static const struct {
	const char *enum_name, *prefix;
	enum op_enum engine;
} op_enums[] = {
	{ "r300_seed_vpi_out_op", "VPI_OUT_OP_", OPS_8BIT },
	{ "pvs_ve_opcode", "VE_", OPS_VE },
	{ "pvs_me_opcode", "ME_", OPS_ME },
	{ "pvs_macro_opcode", "PVS_MACRO_OP_", OPS_MACRO },
};

enum pvs_word { PVS_DST, PVS_SRC };

static const struct r300_word pvs_bitsets[] = {
	{ "r300_seed_vpi_out", PVS_DST }, { "pvs_dst", PVS_DST },
	{ "r300_seed_vpi_in", PVS_SRC }, { "pvs_src", PVS_SRC }, WORDS_END,
};

enum pvs_field { PF_TYPE, PF_INDEX, PF_WRITE, PF_SELECT, PF_NEGATE, PF_MATH, PF_MACRO };

/* meaning = field role * 4 + lane */
static const struct r300_word dst_fields[] = {
	{ "VPI_OUT_REG_CLASS_MASK", PF_TYPE * 4 }, { "REG_TYPE", PF_TYPE * 4 },
	{ "VPI_OUT_REG_INDEX_MASK", PF_INDEX * 4 }, { "OFFSET", PF_INDEX * 4 },
	{ "VPI_OUT_WRITE_X", PF_WRITE * 4 }, { "VPI_OUT_WRITE_Y", PF_WRITE * 4 + 1 },
	{ "VPI_OUT_WRITE_Z", PF_WRITE * 4 + 2 }, { "VPI_OUT_WRITE_W", PF_WRITE * 4 + 3 },
	{ "WE_X", PF_WRITE * 4 }, { "WE_Y", PF_WRITE * 4 + 1 }, { "WE_Z", PF_WRITE * 4 + 2 },
	{ "WE_W", PF_WRITE * 4 + 3 },
	{ "MATH_INST", PF_MATH * 4 }, { "MACRO_INST", PF_MACRO * 4 }, WORDS_END,
};

static const struct r300_word src_fields[] = {
	{ "VPI_IN_REG_CLASS_MASK", PF_TYPE * 4 }, { "REG_TYPE", PF_TYPE * 4 },
	{ "VPI_IN_REG_INDEX_MASK", PF_INDEX * 4 }, { "OFFSET", PF_INDEX * 4 },
	{ "VPI_IN_X_SHIFT", PF_SELECT * 4 }, { "VPI_IN_Y_SHIFT", PF_SELECT * 4 + 1 },
	{ "VPI_IN_Z_SHIFT", PF_SELECT * 4 + 2 }, { "VPI_IN_W_SHIFT", PF_SELECT * 4 + 3 },
	{ "SWIZZLE_X", PF_SELECT * 4 }, { "SWIZZLE_Y", PF_SELECT * 4 + 1 },
	{ "SWIZZLE_Z", PF_SELECT * 4 + 2 }, { "SWIZZLE_W", PF_SELECT * 4 + 3 },
	{ "VPI_IN_NEG_X", PF_NEGATE * 4 }, { "VPI_IN_NEG_Y", PF_NEGATE * 4 + 1 },
	{ "VPI_IN_NEG_Z", PF_NEGATE * 4 + 2 }, { "VPI_IN_NEG_W", PF_NEGATE * 4 + 3 },
	{ "MODIFIER_X", PF_NEGATE * 4 }, { "MODIFIER_Y", PF_NEGATE * 4 + 1 },
	{ "MODIFIER_Z", PF_NEGATE * 4 + 2 }, { "MODIFIER_W", PF_NEGATE * 4 + 3 }, WORDS_END,
};

/* Register types, after "REG_CLASS_" (seed) or "_REG_" (verified). */
#define TYPE_NONE R300_PVS_TYPE_NONE
static const struct r300_word dst_type_words[] = {
	{ "TEMPORARY", T_TEMP }, { "RESULT", T_OUT }, { "OUT", T_OUT },
	{ "OUT_REPL_X", T_OUT_REPL_X }, WORDS_END,
};

static const struct r300_word src_type_words[] = {
	{ "TEMPORARY", T_TEMP }, { "ATTRIBUTE", T_INPUT }, { "INPUT", T_INPUT },
	{ "PARAMETER", T_CONST }, { "CONSTANT", T_CONST }, { "NONE", TYPE_NONE }, WORDS_END,
};

/* Selects, after "SELECT_": 0-3 a component, 4 zero, 5 one. */
static const struct r300_word select_words[] = {
	{ "X", 0 }, { "Y", 1 }, { "Z", 2 }, { "W", 3 }, { "ZERO", 4 }, { "FORCE_0", 4 },
	{ "ONE", 5 }, { "FORCE_1", 5 }, WORDS_END,
};

/* ---- collecting --------------------------------------------------------------------- */

struct r300_claim *r300_claims_add(struct r300_collector *col, enum r300_claim_kind kind, int meaning,
			      const char *id)
{
	struct r300_claim *c;

	if (col->n >= col->max)
		return NULL;
	c = &col->out[col->n++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->meaning = meaning;
	snprintf(c->id, sizeof(c->id), "%s", id);
	/* a name used twice (the same meaning at two offsets): number the later ones */
	for (unsigned int i = 0; i + 1 < col->n; i++)
		if (!strcmp(col->out[i].id, c->id)) {
			size_t len = strlen(c->id);

			snprintf(c->id + len, sizeof(c->id) - len, "-%u", col->n);
			break;
		}
	return c;
}

void r300_claims_set_field(struct r300_claim *c, const struct rnn_bitfield *f)
{
	c->low = f->low;
	c->high = f->high;
}

size_t r300_claims_nfields(const struct rnn_typeinfo *t)
{
	return t->ebitset ? t->ebitset->nfields : t->nfields;
}

const struct rnn_bitfield *r300_claims_field_at(const struct rnn_typeinfo *t, size_t i)
{
	return t->ebitset ? t->ebitset->fields[i] : t->fields[i];
}

static size_t nvalues(const struct rnn_typeinfo *t)
{
	return t->eenum ? t->eenum->nvals : t->nvals;
}

static const struct rnn_value *value_at(const struct rnn_typeinfo *t, size_t i)
{
	return t->eenum ? t->eenum->vals[i] : t->vals[i];
}

/* value_meaning: a value not for this variant, or with no known meaning */
#define SKIP (-100)

/*
 * The meaning of value @v (its name after the first of @markers found), or
 * SKIP when it does not exist for the variant or has no known meaning
 * (counted as unknown).
 */
static int value_meaning(struct r300_collector *col, const struct rnn_value *v,
			 const struct r300_word *words, const char *const *markers)
{
	const char *rest = NULL;
	int m;

	if (!rnn_ctx_match(col->ctx, &v->varinfo))
		return SKIP;
	for (const char *const *mk = markers; *mk && !rest; mk++)
		rest = after(v->name, *mk);
	m = rest ? r300_claims_lookup(words, rest) : -1;
	if (m == -1) {
		col->unknown++;
		return SKIP;
	}
	return m;
}

/*
 * The next value of field @f, from index *@i on, that has a meaning
 * (value_meaning): *@i moves past it and *@m is its meaning. NULL after
 * the last.
 */
static const struct rnn_value *next_meant_value(struct r300_collector *col,
						const struct rnn_bitfield *f,
						const struct r300_word *words,
						const char *const *markers, size_t *i, int *m)
{
	while (*i < nvalues(&f->type)) {
		const struct rnn_value *v = value_at(&f->type, (*i)++);

		*m = value_meaning(col, v, words, markers);
		if (*m != SKIP)
			return v;
	}
	return NULL;
}

/*
 * A claim about field @f of @owner (a register's or a PVS word's name), its
 * id "<owner>-<@what>" (a value's or the field's name); NULL when the
 * collector is full.
 */
static struct r300_claim *add_field_claim(struct r300_collector *col, const char *owner,
					  const struct rnn_bitfield *f, enum r300_claim_kind kind,
					  int meaning, const char *what)
{
	char id[96];
	struct r300_claim *c;

	snprintf(id, sizeof(id), "%s-%s", owner, what);
	c = r300_claims_add(col, kind, meaning, id);
	if (c)
		r300_claims_set_field(c, f);
	return c;
}

/* Value claims of field @f of register @reg: the meaning of each value's name after @marker. */
void r300_claims_field_values(struct r300_collector *col, const struct rnn_elem *reg,
			 const struct rnn_bitfield *f, enum r300_claim_kind kind,
			 const struct r300_word *words, const char *const *markers, bool alpha_blend)
{
	const struct rnn_value *v;
	size_t i = 0;
	int m;

	while ((v = next_meant_value(col, f, words, markers, &i, &m))) {
		struct r300_claim *c = add_field_claim(col, reg->name, f, kind, m, v->name);

		if (!c)
			return;
		c->reg = (uint32_t)reg->offset;
		c->value = (uint32_t)v->value;
		c->alpha_blend = alpha_blend;
		snprintf(c->name, sizeof(c->name), "%s.%s = %s (%" PRIu64 ") @0x%04x", reg->name,
			 f->name, v->name, v->value, c->reg);
	}
}

void r300_claims_field_claim(struct r300_collector *col, const struct rnn_elem *reg,
			const struct rnn_bitfield *f, enum r300_claim_kind kind, int meaning,
			const char *reason)
{
	struct r300_claim *c = add_field_claim(col, reg->name, f, kind, meaning, f->name);

	if (!c)
		return;
	c->reg = (uint32_t)reg->offset;
	c->reason = reason;
	snprintf(c->name, sizeof(c->name), "%s.%s (bits %u:%u) @0x%04x", reg->name, f->name,
		 f->high, f->low, c->reg);
}

static void register_claims(struct r300_collector *col, const struct rnn_elem *reg, int role)
{
	static const char *const cmp_markers[] = { "_TEST_", "AF_", NULL };
	static const char *const fcn_markers[] = { "FCN_", NULL };
	static const char *const factor_markers[] = { "GL_", NULL };
	bool ablend = role == ROLE_ABLEND;

	for (size_t i = 0; i < r300_claims_nfields(&reg->type); i++) {
		const struct rnn_bitfield *f = r300_claims_field_at(&reg->type, i);
		const char *name = r300_claims_unprefixed(f->name);
		int fr;

		if (!rnn_ctx_match(col->ctx, &f->varinfo))
			continue;
		if (role == ROLE_CMASK) {
			int ch = r300_claims_lookup(mask_fields, name);

			if (ch < 0 || f->low != f->high)
				col->unknown++;
			else
				r300_claims_field_claim(col, reg, f, CLAIM_COLOR_MASK, ch, NULL);
			continue;
		}
		fr = r300_claims_lookup(role == ROLE_ALPHA ? alpha_fields : blend_fields, name);
		/* the seed: enable, unknown and no-separate only in CBLEND */
		if (ablend && (fr == FR_BLEND_ENABLE || fr == FR_UNKNOWN || fr == FR_NO_SEPARATE))
			fr = -1;
		switch (fr) {
		case FR_ALPHA_FUNC:
			r300_claims_field_values(col, reg, f, CLAIM_ALPHA_FUNC, cmp_words, cmp_markers, false);
			break;
		case FR_ALPHA_REF:
			r300_claims_field_claim(col, reg, f, CLAIM_ALPHA_REF, 0, NULL);
			break;
		case FR_ALPHA_ENABLE:
			r300_claims_field_claim(col, reg, f, CLAIM_ALPHA_ENABLE, 0, NULL);
			break;
		case FR_BLEND_ENABLE:
			r300_claims_field_claim(col, reg, f, CLAIM_BLEND_ENABLE, 0, NULL);
			break;
		case FR_FCN:
			r300_claims_field_values(col, reg, f, CLAIM_COMB_FCN, fcn_words, fcn_markers, ablend);
			break;
		case FR_SRC:
			r300_claims_field_values(col, reg, f, CLAIM_SRC_FACTOR, factor_words, factor_markers,
				     ablend);
			break;
		case FR_DST:
			r300_claims_field_values(col, reg, f, CLAIM_DST_FACTOR, factor_words, factor_markers,
				     ablend);
			break;
		case FR_UNKNOWN:
			r300_claims_field_claim(col, reg, f, CLAIM_NO_MEANING, 0,
				    "the claim names these bits without a meaning to render");
			break;
		case FR_NO_SEPARATE:
			r300_claims_field_claim(col, reg, f, CLAIM_NO_MEANING, 0,
				    "the claim is a note on when fglrx sets the bit, not an effect "
				    "to render");
			break;
		default:
			col->unknown++;
			break;
		}
	}
}

static bool is_immediate(const char *name)
{
	for (const char *const *p = immediate_prefixes; *p; p++)
		if (!strncmp(r300_claims_unprefixed(name), *p, strlen(*p)))
			return true;
	return false;
}

static void domain_claims(struct r300_collector *col, const struct rnn_domain *d)
{
	if (!rnn_ctx_match(col->ctx, &d->varinfo))
		return;
	for (size_t i = 0; i < d->nelems; i++) {
		const struct rnn_elem *e = d->elems[i];
		int role;

		if (e->kind != RNN_ELEM_REG || !e->name || !rnn_ctx_match(col->ctx, &e->varinfo))
			continue;
		if (is_immediate(e->name)) {
			struct r300_claim *c = r300_claims_add(col, CLAIM_IMMEDIATE, 0, e->name);

			if (!c)
				return;
			c->reg = (uint32_t)e->offset;
			snprintf(c->name, sizeof(c->name), "%s @0x%04x", e->name, c->reg);
			continue;
		}
		if (r300_pipe_reg_claims(col, e))
			continue;
		role = r300_claims_lookup(reg_roles, r300_claims_unprefixed(e->name));
		if (role >= 0)
			register_claims(col, e, role);
	}
}

/* ---- PVS words ---------------------------------------------------------------------- */

static void pvs_value_claims(struct r300_collector *col, const char *bitset,
			     const struct rnn_bitfield *f, enum r300_claim_kind kind,
			     const struct r300_word *words, const char *const *markers)
{
	const struct rnn_value *v;
	size_t i = 0;
	int m;

	while ((v = next_meant_value(col, f, words, markers, &i, &m))) {
		struct r300_claim *c = r300_claims_add(col, m == TYPE_NONE ? CLAIM_NO_MEANING : kind,
						       m, v->name);

		if (!c)
			return;
		r300_claims_set_field(c, f);
		c->value = (uint32_t)v->value;
		if (m == TYPE_NONE)
			c->reason = "NONE marks an unused operand: no rendered result defines it";
		if (kind == CLAIM_PVS_SELECT)	/* one value for every lane's select field */
			snprintf(c->name, sizeof(c->name), "%s select %s = %" PRIu64, bitset,
				 v->name, v->value);
		else
			snprintf(c->name, sizeof(c->name), "%s.%s = %s (%" PRIu64 ", bits %u:%u)",
				 bitset, f->name, v->name, v->value, f->high, f->low);
	}
}

static void pvs_field_claim(struct r300_collector *col, const char *bitset,
			    const struct rnn_bitfield *f, enum r300_claim_kind kind, int lane)
{
	struct r300_claim *c = add_field_claim(col, bitset, f, kind, lane, f->name);

	if (!c)
		return;
	snprintf(c->name, sizeof(c->name), "%s.%s (bits %u:%u)", bitset, f->name, f->high,
		 f->low);
}

static void pvs_bitset_claims(struct r300_collector *col, const struct rnn_bitset *b, int which)
{
	static const char *const type_markers[] = { "REG_CLASS_", "_REG_", NULL };
	static const char *const select_markers[] = { "SELECT_", NULL };
	bool selects_done = false;

	for (size_t i = 0; i < b->nfields; i++) {
		const struct rnn_bitfield *f = b->fields[i];
		int m = r300_claims_lookup(which == PVS_DST ? dst_fields : src_fields, r300_claims_unprefixed(f->name));
		int role = m / 4, lane = m % 4;

		if (!rnn_ctx_match(col->ctx, &f->varinfo))
			continue;
		if (m < 0) {
			col->unknown++;
			continue;
		}
		switch (role) {
		case PF_TYPE:
			pvs_value_claims(col, b->name, f,
					 which == PVS_DST ? CLAIM_PVS_DST_TYPE : CLAIM_PVS_SRC_TYPE,
					 which == PVS_DST ? dst_type_words : src_type_words,
					 type_markers);
			break;
		case PF_INDEX:
			pvs_field_claim(col, b->name, f,
					which == PVS_DST ? CLAIM_PVS_DST_INDEX : CLAIM_PVS_SRC_INDEX, 0);
			break;
		case PF_WRITE:
			pvs_field_claim(col, b->name, f, CLAIM_PVS_WRITE, lane);
			break;
		case PF_SELECT:
			pvs_field_claim(col, b->name, f, CLAIM_PVS_SELECT_FIELD, lane);
			/* the select values, once: every lane's field shares them */
			if (!selects_done)
				pvs_value_claims(col, b->name, f, CLAIM_PVS_SELECT, select_words,
						 select_markers);
			selects_done = true;
			break;
		case PF_NEGATE:
			pvs_field_claim(col, b->name, f, CLAIM_PVS_NEGATE, lane);
			break;
		default:	/* MATH_INST, MACRO_INST: part of the opcode claims */
			break;
		}
	}
}

/* A name means an operation only on its own engine (ME_MULTIPLY is no VE_MULTIPLY). */
static bool engine_has(enum op_enum engine, int op)
{
	switch (engine) {
	case OPS_VE:
		return op < OP_MAD_MACRO;
	case OPS_ME:
		return op > OP_MAD_MACRO;
	case OPS_MACRO:
		return op == OP_MAD_MACRO;
	default:
		return true;	/* the seed's 8-bit form carries the engine bits itself */
	}
}

static void opcode_claims(struct r300_collector *col, const struct rnn_enum *e, unsigned int k)
{
	for (size_t i = 0; i < e->nvals; i++) {
		const struct rnn_value *v = e->vals[i];
		const char *rest = after(v->name, op_enums[k].prefix);
		int m = rest ? r300_claims_lookup(op_words, rest) : -1;
		struct r300_claim *c;

		if (!rnn_ctx_match(col->ctx, &v->varinfo))
			continue;
		if (m < 0 || !engine_has(op_enums[k].engine, m)) {
			col->unknown++;
			continue;
		}
		c = r300_claims_add(col, m == OP_LIT ? CLAIM_NO_MEANING : CLAIM_PVS_OPCODE, m, v->name);
		if (!c)
			return;
		c->low = 0;
		c->high = 7;
		c->value = (uint32_t)v->value;
		if (op_enums[k].engine == OPS_ME)
			c->value |= col->math_bit;
		else if (op_enums[k].engine == OPS_MACRO)
			c->value |= col->macro_bit;
		if (m == OP_LIT)
			c->reason = "how the hardware combines LIT's three swizzled operands "
				    "(Mesa ei_lit) is not documented";
		snprintf(c->name, sizeof(c->name), "%s %s = 0x%02x (dword 0 bits 7:0)", e->name,
			 v->name, c->value);
	}
}

/* MATH_INST and MACRO_INST as this file places them (else the verified bits 6 and 7). */
static void engine_bits(struct r300_collector *col, const struct rnn_db *db)
{
	col->math_bit = 1u << 6;
	col->macro_bit = 1u << 7;
	for (size_t i = 0; i < rnn_db_nbitsets(db); i++) {
		const struct rnn_bitset *b = rnn_db_bitset(db, i);

		if (r300_claims_lookup(pvs_bitsets, b->name) != PVS_DST)
			continue;
		for (size_t f = 0; f < b->nfields; f++) {
			int m = r300_claims_lookup(dst_fields, b->fields[f]->name);

			if (m == PF_MATH * 4)
				col->math_bit = (uint32_t)b->fields[f]->mask;
			else if (m == PF_MACRO * 4)
				col->macro_bit = (uint32_t)b->fields[f]->mask;
		}
	}
}

unsigned int r300_claims_collect(const struct rnn_db *db, const char *variant,
				 struct r300_claim *out, unsigned int max, unsigned int *unknown)
{
	struct rnn_ctx *ctx = rnn_ctx_new(db);
	struct r300_collector col = { .ctx = ctx, .out = out, .max = max };

	/* a file without the r300_chip varset makes every claim for every chip */
	rnn_ctx_set_variant(ctx, "r300_chip", variant);
	engine_bits(&col, db);
	for (size_t i = 0; i < rnn_db_ndomains(db); i++)
		domain_claims(&col, rnn_db_domain(db, i));
	for (size_t i = 0; i < rnn_db_nbitsets(db); i++) {
		const struct rnn_bitset *b = rnn_db_bitset(db, i);
		int which = r300_claims_lookup(pvs_bitsets, b->name);

		if (which >= 0)
			pvs_bitset_claims(&col, b, which);
	}
	for (size_t i = 0; i < rnn_db_nenums(db); i++) {
		const struct rnn_enum *e = rnn_db_enum(db, i);

		for (unsigned int k = 0; k < ARRAY_SIZE(op_enums); k++)
			if (!strcmp(e->name, op_enums[k].enum_name))
				opcode_claims(&col, e, k);
	}
	rnn_ctx_free(ctx);
	*unknown = col.unknown;
	return col.n;
}

// SPDX-License-Identifier: MIT
/*
 * rnn: variants. A varset is an enum whose values, in file order, give the
 * order for ranges: "A5XX-A6XX" and "A6XX-" are inclusive (freedreno),
 * "NV50:NVA0" is half-open (envytools), "A2XX,A5XX" is a list, and an
 * element's constraint is intersected with its parent's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rnn/internal.h"

struct rnn_varset *rnn_varset_get(struct rnn_db *db, const char *name)
{
	struct rnn_varset *vs = rnn_find_varset(db, name);

	if (vs)
		return vs;
	vs = xcalloc(1, sizeof(*vs));
	vs->name = rnn_xstrdup(name);
	vs->venum = rnn_find_enum(db, name);
	if (vs->venum)
		for (size_t i = 0; i < vs->venum->nvals; i++)
			rnn_varset_add_name(vs, vs->venum->vals[i]->name,
					    strlen(vs->venum->vals[i]->name));
	rnn_push(db->varsets, db->nvarsets, vs);
	return vs;
}

static long find_name(const struct rnn_varset *vs, const char *name, size_t len)
{
	for (size_t i = 0; i < vs->nnames; i++)
		if (strlen(vs->names[i]) == len && !strncmp(vs->names[i], name, len))
			return (long)i;
	return -1;
}

void rnn_varset_add_name(struct rnn_varset *vs, const char *name, size_t len)
{
	char *copy;

	if (!len || find_name(vs, name, len) >= 0)
		return;
	copy = xcalloc(1, len + 1);
	memcpy(copy, name, len);
	rnn_push(vs->names, vs->nnames, copy);
}

static bool is_sep(char c)
{
	return c == ',' || c == ' ' || c == '-' || c == ':';
}

/* For an implicit varset: remember every name a variants string uses. */
void rnn_varset_collect(struct rnn_varset *vs, const char *variants)
{
	const char *s = variants;

	while (*s) {
		size_t len = 0;

		while (s[len] && !is_sep(s[len]))
			len++;
		rnn_varset_add_name(vs, s, len);
		s += len ? len : 1;
	}
}

/* Digit runs compare as numbers and sort before letters: A2XX < A10XX. */
int rnn_natural_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			unsigned long x = strtoul(a, (char **)&a, 10);
			unsigned long y = strtoul(b, (char **)&b, 10);

			if (x != y)
				return x < y ? -1 : 1;
			continue;
		}
		if (*a != *b) {
			if (isdigit((unsigned char)*a) != isdigit((unsigned char)*b))
				return isdigit((unsigned char)*a) ? -1 : 1;
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		}
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

static int natural_qsort(const void *a, const void *b)
{
	return rnn_natural_cmp(*(char *const *)a, *(char *const *)b);
}

void rnn_varsets_finish(struct rnn_db *db)
{
	for (size_t i = 0; i < db->nvarsets; i++) {
		struct rnn_varset *vs = db->varsets[i];

		if (vs->venum)
			continue;
		if (vs->nnames)
			qsort(vs->names, vs->nnames, sizeof(*vs->names), natural_qsort);
		rnn_note(db, NULL, 0,
			 "varset '%s' names no enum: its %zu variants are ordered by name",
			 vs->name, vs->nnames);
	}
}

/* Set bits[from..to) for one item of a variants list; -1 on a bad name. */
static int mark_item(struct rnn_db *db, const struct rnn_varset *vs, uint8_t *bits,
		     const char *item, size_t len, const char *file, int line)
{
	size_t split = 0;
	long from = 0, to;
	bool half_open = false;

	while (split < len && item[split] != '-' && item[split] != ':')
		split++;
	if (split < len)
		half_open = item[split] == ':';
	if (split > 0)
		from = find_name(vs, item, split);
	if (split == len) {
		to = from + 1;
	} else if (split + 1 == len) {
		to = (long)vs->nnames;
	} else {
		to = find_name(vs, item + split + 1, len - split - 1);
		if (to >= 0 && !half_open)
			to++;
	}
	if (from < 0 || to < 0) {
		rnn_error(db, file, line, "unknown variant in '%.*s' (varset %s)",
			  (int)len, item, vs->name);
		return -1;
	}
	for (long i = from; i < to; i++)
		bits[i] = 1;
	return 0;
}

static uint8_t *parse_variants(struct rnn_db *db, const struct rnn_varset *vs,
			       const char *variants, const char *file, int line)
{
	uint8_t *bits = xcalloc(vs->nnames ? vs->nnames : 1, 1);
	const char *s = variants;

	while (*s) {
		size_t len = 0;

		while (*s == ',' || *s == ' ')
			s++;
		while (s[len] && s[len] != ',' && s[len] != ' ')
			len++;
		if (len && mark_item(db, vs, bits, s, len, file, line) < 0)
			break;
		s += len;
	}
	return bits;
}

static struct rnn_varcons *find_cons(const struct rnn_varinfo *vi,
				     const struct rnn_varset *vs)
{
	for (size_t i = 0; i < vi->ncons; i++)
		if (vi->cons[i].varset == vs)
			return &vi->cons[i];
	return NULL;
}

/*
 * Compute vi->cons from the parent's constraints and vi->variants, read
 * against @varset (the one in force). Returns -1 after reporting an error.
 */
int rnn_varinfo_resolve(struct rnn_db *db, struct rnn_varinfo *vi,
			const struct rnn_varinfo *parent, const char *varset,
			const char *file, int line)
{
	struct rnn_varset *vs;
	struct rnn_varcons *own;
	uint8_t *bits;

	for (size_t i = 0; parent && i < parent->ncons; i++) {
		const struct rnn_varcons *pc = &parent->cons[i];
		struct rnn_varcons c = { pc->varset, xcalloc(pc->varset->nnames + 1, 1) };

		memcpy(c.bits, pc->bits, pc->varset->nnames);
		rnn_push(vi->cons, vi->ncons, c);
	}
	if (!vi->variants)
		return 0;
	if (!varset) {
		rnn_error(db, file, line, "variants=\"%s\" without a varset", vi->variants);
		return -1;
	}
	vs = rnn_varset_get(db, varset);
	bits = parse_variants(db, vs, vi->variants, file, line);
	own = find_cons(vi, vs);
	if (!own) {
		struct rnn_varcons c = { vs, bits };

		rnn_push(vi->cons, vi->ncons, c);
		return 0;
	}
	for (size_t i = 0; i < vs->nnames; i++)
		own->bits[i] &= bits[i];
	free(bits);
	return 0;
}

/* Two elements overlap unless some varset separates them. */
bool rnn_varinfo_overlap(const struct rnn_varinfo *a, const struct rnn_varinfo *b)
{
	for (size_t i = 0; i < a->ncons; i++) {
		const struct rnn_varcons *ca = &a->cons[i];
		const struct rnn_varcons *cb = find_cons(b, ca->varset);
		bool any = false;

		for (size_t j = 0; j < ca->varset->nnames; j++)
			any |= ca->bits[j] && (!cb || cb->bits[j]);
		if (!any)
			return false;
	}
	for (size_t i = 0; i < b->ncons; i++) {
		const struct rnn_varcons *cb = &b->cons[i];
		bool any = false;

		for (size_t j = 0; j < cb->varset->nnames; j++)
			any |= cb->bits[j];
		if (!any)
			return false;
	}
	return true;
}

struct rnn_ctx {
	const struct rnn_db *db;
	struct {
		const struct rnn_varset *varset;
		size_t index;
	} *vars;
	size_t nvars;
};

struct rnn_ctx *rnn_ctx_new(const struct rnn_db *db)
{
	struct rnn_ctx *ctx = xcalloc(1, sizeof(*ctx));

	ctx->db = db;
	return ctx;
}

void rnn_ctx_free(struct rnn_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->vars);
	free(ctx);
}

int rnn_ctx_set_variant(struct rnn_ctx *ctx, const char *varset, const char *variant)
{
	const struct rnn_varset *vs = rnn_find_varset(ctx->db, varset);
	long idx;

	if (!vs)
		return -1;
	idx = find_name(vs, variant, strlen(variant));
	if (idx < 0)
		return -1;
	for (size_t i = 0; i < ctx->nvars; i++) {
		if (ctx->vars[i].varset == vs) {
			ctx->vars[i].index = (size_t)idx;
			return 0;
		}
	}
	ctx->vars = rnn_xrealloc(ctx->vars, (ctx->nvars + 1) * sizeof(*ctx->vars));
	ctx->vars[ctx->nvars].varset = vs;
	ctx->vars[ctx->nvars].index = (size_t)idx;
	ctx->nvars++;
	return 0;
}

bool rnn_ctx_match(const struct rnn_ctx *ctx, const struct rnn_varinfo *vi)
{
	if (!ctx)
		return true;
	for (size_t i = 0; i < vi->ncons; i++)
		for (size_t j = 0; j < ctx->nvars; j++)
			if (ctx->vars[j].varset == vi->cons[i].varset &&
			    !vi->cons[i].bits[ctx->vars[j].index])
				return false;
	return true;
}

// SPDX-License-Identifier: MIT
/*
 * rnn-headergen -r: the register list of a database file, as a C table.
 *
 * For each domain INPUT defines, one table of the address units its
 * registers cover (arrays expanded, a reg64 covering two 32-bit units),
 * as runs { first unit, number of units, variant mask }:
 *
 *	#define A6XX_REGLIST_A7XX (1u << 5)
 *	static const uint32_t A6XX_reglist[][3] = {
 *		{ 0x800, 0x8, 0x7f },	// exists for every variant ...
 *
 * Bit i of the mask is variant i of the domain's varset (in the varset's
 * order; A6XX_REGLIST_<variant> names each bit); a domain without a
 * varset has every bit set. The device model builds its register file
 * from these tables (msm/model/regs.c), so that an offset the database
 * does not know reads 0 there, as on hardware.
 *
 * A domain with a kinds attribute also gets the kinds of its registers,
 * as runs { first unit, units, kind } of the registers that have a kind
 * attribute (the value of the kinds enum it names):
 *
 *	static const uint32_t NVB197_kindlist[][3] = {
 *		{ 0x610, 0x1, 0x4 },	// CLEAR_SURFACE: a clear
 *
 * Units without a kind are not listed (nouveau: state methods).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "headergen.h"

#define REGLIST_MAX_UNITS (1u << 24)

struct reglist {
	uint32_t *mask;		/* per address unit: variant bits, or kind + 1 */
	uint64_t size;		/* units allocated */
	const struct rnn_domain *d;
	bool kinds;		/* collect kinds instead of variant bits */
	bool too_far, clash;
};

static void mark(struct reglist *r, uint64_t unit, uint32_t bits)
{
	if (unit >= REGLIST_MAX_UNITS) {
		r->too_far = true;
		return;
	}
	if (unit >= r->size) {
		uint64_t n = r->size ? r->size : 0x1000;

		while (n <= unit)
			n *= 2;
		r->mask = realloc(r->mask, n * sizeof(*r->mask));
		if (!r->mask)
			abort();
		memset(r->mask + r->size, 0, (n - r->size) * sizeof(*r->mask));
		r->size = n;
	}
	/* two kinds for one unit (registers of two variants overlapping) */
	if (r->kinds && r->mask[unit] && r->mask[unit] != bits)
		r->clash = true;
	r->mask[unit] |= bits;
}

/* What a register marks: the variant bit, or its kind + 1 (0: no kind, nothing). */
static uint32_t mark_bits(const struct reglist *r, const struct rnn_elem *e, uint32_t bit)
{
	if (!r->kinds)
		return bit;
	return e->kind_name ? (uint32_t)e->kind_value + 1 : 0;
}

static void walk(struct reglist *r, const struct rnn_ctx *ctx, const struct rnn_elem *e,
		 uint64_t base, uint32_t bit)
{
	uint64_t at = base + e->offset;

	if (!rnn_ctx_match(ctx, &e->varinfo))
		return;
	if (e->kind == RNN_ELEM_REG) {
		unsigned dw = r->d->width ? r->d->width : 8;
		uint64_t units = e->width > dw ? e->width / dw : 1;
		uint64_t n = e->has_length ? e->length : 1;
		uint64_t stride = e->stride ? e->stride : units;
		uint32_t bits = mark_bits(r, e, bit);

		for (uint64_t i = 0; bits && i < n; i++)
			for (uint64_t u = 0; u < units; u++)
				mark(r, at + i * stride + u, bits);
		return;
	}
	for (uint64_t i = 0; i < (e->kind == RNN_ELEM_ARRAY ? e->length : 1); i++)
		for (size_t c = 0; c < e->nchildren; c++)
			walk(r, ctx, e->children[c], at + i * e->stride, bit);
}

/* Walk @d once per variant of its varset (once without one). */
static int collect(struct reglist *r, const struct rnn_db *db, const struct rnn_varset *vs)
{
	size_t nvar = vs ? vs->nnames : 1;
	const struct rnn_domain *d = r->d;

	for (size_t v = 0; v < nvar; v++) {
		struct rnn_ctx *ctx = rnn_ctx_new(db);

		if (vs && rnn_ctx_set_variant(ctx, vs->name, vs->names[v]) < 0)
			abort();
		if (rnn_ctx_match(ctx, &d->varinfo))
			for (size_t i = 0; i < d->nelems; i++)
				walk(r, ctx, d->elems[i], 0, vs ? 1u << v : ~0u);
		rnn_ctx_free(ctx);
	}
	if (r->too_far)
		fprintf(stderr, "%s: domain %s has registers beyond unit %#x\n", d->file, d->name,
			REGLIST_MAX_UNITS);
	if (r->clash)
		fprintf(stderr, "%s: domain %s gives one unit two kinds\n", d->file, d->name);
	return r->too_far || r->clash ? -1 : 0;
}

/* Runs of equal non-zero entries: { first unit, units, entry - @bias }. */
static void emit_runs(FILE *out, const struct reglist *r, uint32_t bias)
{
	for (uint64_t u = 0; u < r->size;) {
		uint64_t end = u + 1;

		if (!r->mask[u]) {
			u++;
			continue;
		}
		while (end < r->size && r->mask[end] == r->mask[u])
			end++;
		fprintf(out, "\t{ %#" PRIx64 ", %#" PRIx64 ", %#x },\n", u, end - u, r->mask[u] - bias);
		u = end;
	}
	fprintf(out, "\t{ 0, 0, 0 },\t/* end */\n};\n");
}

static int emit_domain(FILE *out, const struct rnn_db *db, const struct rnn_domain *d)
{
	struct rnn_varset *vs = d->varinfo.varset ? rnn_find_varset(db, d->varinfo.varset) : NULL;
	struct reglist r = { .d = d };
	int ret;

	if (vs && vs->nnames > 32) {
		fprintf(stderr, "%s: varset %s has more than 32 variants\n", d->file, vs->name);
		return -1;
	}
	ret = collect(&r, db, vs);
	if (!ret) {
		fprintf(out, "\n/* domain %s: { first unit, units, variant mask } */\n", d->name);
		for (size_t v = 0; vs && v < vs->nnames; v++)
			fprintf(out, "#define %s_REGLIST_%s (1u << %zu)\n", d->name, vs->names[v], v);
		fprintf(out, "static const uint32_t %s_reglist[][3] = {\n", d->name);
		emit_runs(out, &r, 0);
	}
	free(r.mask);
	if (ret || !d->kinds)
		return ret;
	r = (struct reglist){ .d = d, .kinds = true };
	ret = collect(&r, db, vs);
	if (!ret) {
		fprintf(out, "\n/* domain %s: { first unit, units, kind (enum %s) } */\n", d->name,
			d->kinds);
		fprintf(out, "static const uint32_t %s_kindlist[][3] = {\n", d->name);
		emit_runs(out, &r, 1);
	}
	free(r.mask);
	return ret;
}

int hg_emit_reglist(FILE *out, const struct rnn_db *db, const char *file)
{
	const char *base = strrchr(file, '/');

	fprintf(out, "/* Generated by rnn-headergen -r from %s: do not edit. */\n"
		     "#include <stdint.h>\n", base ? base + 1 : file);
	for (size_t i = 0; i < rnn_db_ndomains(db); i++) {
		const struct rnn_domain *d = rnn_db_domain(db, i);

		if (strcmp(d->file, file))
			continue;
		if (emit_domain(out, db, d) < 0)
			return -1;
	}
	return 0;
}

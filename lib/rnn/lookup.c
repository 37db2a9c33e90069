// SPDX-License-Identifier: MIT
/*
 * rnn: decoding through a prepared database. Addresses are found by binary
 * search over each container's sorted spans, values by binary search over
 * each enum's sorted values; nothing here allocates.
 */
#include <stdio.h>
#include <string.h>

#include "rnn/internal.h"

/* First index in @by_value whose value is >= @value. */
static size_t lower_bound(struct rnn_value **vals, const size_t *by_value, size_t n,
			  uint64_t value)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (vals[by_value[mid]]->value < value)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const char *rnn_values_name(const struct rnn_ctx *ctx, struct rnn_value **vals,
			    const size_t *by_value, size_t n, uint64_t value)
{
	if (!by_value)
		return NULL;
	for (size_t i = lower_bound(vals, by_value, n, value);
	     i < n && vals[by_value[i]]->value == value; i++)
		if (rnn_ctx_match(ctx, &vals[by_value[i]]->varinfo))
			return vals[by_value[i]]->name;
	return NULL;
}

const char *rnn_enum_name(const struct rnn_ctx *ctx, const struct rnn_enum *e,
			  uint64_t value)
{
	return rnn_values_name(ctx, e->vals, e->by_value, e->nvals, value);
}

/* By name: linear, for tools and tests; decoders look up by value. */
bool rnn_enum_value(const struct rnn_ctx *ctx, const struct rnn_enum *e,
		    const char *name, uint64_t *value)
{
	for (size_t i = 0; i < e->nvals; i++) {
		if (strcmp(e->vals[i]->name, name) || !rnn_ctx_match(ctx, &e->vals[i]->varinfo))
			continue;
		*value = e->vals[i]->value;
		return true;
	}
	return false;
}

/* ---- addresses ---------------------------------------------------------- */

static bool find_in(const struct rnn_ctx *ctx, const struct rnn_span *spans, size_t n,
		    uint64_t off, struct rnn_addr *out);

static bool enter(const struct rnn_ctx *ctx, const struct rnn_span *s, uint64_t off,
		  struct rnn_addr *out)
{
	const struct rnn_elem *e = s->elem;
	uint64_t rel = off - s->start, idx = 0;
	unsigned depth = out->depth;

	if (!rnn_ctx_match(ctx, &e->varinfo))
		return false;
	if (e->has_length) {
		if (!e->stride)
			return false;
		idx = rel / e->stride;
		rel %= e->stride;
		if (depth >= RNN_MAX_DEPTH)
			return false;
		out->path[depth] = e;
		out->indices[depth] = idx;
		out->depth = depth + 1;
	}
	if (e->kind == RNN_ELEM_REG) {
		if (rel >= e->size)
			goto miss;
		out->reg = e;
		out->suboffset = rel;
		return true;
	}
	if (find_in(ctx, e->spans, e->nspans, rel, out))
		return true;
miss:
	out->depth = depth;
	return false;
}

/*
 * Spans are sorted by start, and max_end is the furthest end up to each
 * one: walk back from the last span starting at or before @off while an
 * earlier span may still reach it. Interleaved arrays make this a short
 * walk, not a scan.
 */
static bool find_in(const struct rnn_ctx *ctx, const struct rnn_span *spans, size_t n,
		    uint64_t off, struct rnn_addr *out)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (spans[mid].start <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i-- > 0 && spans[i].max_end > off;)
		if (off < spans[i].end && enter(ctx, &spans[i], off, out))
			return true;
	return false;
}

static void append(char *buf, size_t size, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*len >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *len, size - *len, fmt, ap);
	va_end(ap);
	if (n > 0)
		*len += (size_t)n;
}

/*
 * "ARRAY[0x2].REG": named levels joined by '.', an index after each level
 * that has a length; a level named like the one above is not repeated
 * (nouveau's NAME(i,j): "NAME[0x1][0x2]").
 */
static void format_name(struct rnn_addr *a)
{
	const struct rnn_elem *chain[32];
	size_t len = 0, size = sizeof(a->name), n = 0;
	const char *last = NULL;
	unsigned d = 0;

	for (const struct rnn_elem *e = a->reg; e && n < 32; e = e->parent)
		chain[n++] = e;
	while (n--) {
		/* cppcheck-suppress uninitvar ; chain[0..n) was filled above */
		const struct rnn_elem *e = chain[n];
		bool repeat = last && e->name && !strcmp(e->name, last);

		if (e->name && !repeat)
			append(a->name, size, &len, "%s%s", len ? "." : "", e->name);
		if (e->name)
			last = e->name;
		if (d < a->depth && a->path[d] == e)
			append(a->name, size, &len, "[0x%llx]",
			       (unsigned long long)a->indices[d++]);
	}
	if (a->suboffset)
		append(a->name, size, &len, "+0x%llx", (unsigned long long)a->suboffset);
}

bool rnn_decode_addr(const struct rnn_ctx *ctx, const struct rnn_domain *domain,
		     uint64_t offset, struct rnn_addr *out)
{
	memset(out, 0, sizeof(*out));
	if (!domain || !rnn_ctx_match(ctx, &domain->varinfo))
		return false;
	if (!find_in(ctx, domain->spans, domain->nspans, offset, out)) {
		memset(out, 0, sizeof(*out));
		return false;
	}
	format_name(out);
	return true;
}

/* ---- values ------------------------------------------------------------- */

static const char *type_enum_name(const struct rnn_ctx *ctx, const struct rnn_typeinfo *t,
				  uint64_t v)
{
	const char *name = rnn_values_name(ctx, t->vals, t->by_value, t->nvals, v);

	if (!name && t->eenum)
		name = rnn_enum_name(ctx, t->eenum, v);
	return name;
}

static void decode_fields(const struct rnn_ctx *ctx, struct rnn_bitfield **fields,
			  size_t n, uint64_t value, struct rnn_decoded *out)
{
	for (size_t i = 0; i < n; i++) {
		const struct rnn_bitfield *bf = fields[i];
		struct rnn_field_value *fv;
		uint64_t raw;

		if (!rnn_ctx_match(ctx, &bf->varinfo))
			continue;
		raw = (value & bf->mask) >> bf->low;
		out->leftover &= ~bf->mask;
		if (bf->type.kind == RNN_TYPE_BOOLEAN && !raw)
			continue;
		if (out->nfields >= RNN_MAX_FIELDS)
			continue;
		fv = &out->fields[out->nfields++];
		fv->field = bf;
		fv->value = raw << bf->type.shr;
		fv->enum_name = type_enum_name(ctx, &bf->type, raw);
	}
}

void rnn_decode_value(const struct rnn_ctx *ctx, const struct rnn_typeinfo *type,
		      uint64_t value, struct rnn_decoded *out)
{
	memset(out, 0, sizeof(*out));
	if (type->kind == RNN_TYPE_BITSET) {
		out->leftover = value;
		decode_fields(ctx, type->fields, type->nfields, value, out);
		if (type->ebitset)
			decode_fields(ctx, type->ebitset->fields, type->ebitset->nfields,
				      value, out);
		return;
	}
	if (type->kind == RNN_TYPE_ENUM)
		out->enum_name = type_enum_name(ctx, type, value);
}

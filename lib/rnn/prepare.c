// SPDX-License-Identifier: MIT
/*
 * rnn: preparing a loaded database. Resolves varsets, variants and types,
 * reports duplicate names and fields wider than their register, and builds
 * the sorted tables the lookups binary-search.
 */
#include <stdlib.h>
#include <string.h>

#include "rnn/internal.h"
#include "util/util.h"

enum pass { COLLECT, RESOLVE };

struct named {
	const char *name;
	const struct rnn_varinfo *vi;
	const char *file;
	int line;
	size_t idx;
};

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Same name and overlapping variants in one scope is an error. */
static void check_dups(struct rnn_db *db, struct named *list, size_t n, const char *what)
{
	if (n)
		qsort(list, n, sizeof(*list), named_cmp);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n && !strcmp(list[i].name, list[j].name); j++) {
			if (!rnn_varinfo_overlap(list[i].vi, list[j].vi))
				continue;
			rnn_error(db, list[j].file, list[j].line,
				  "duplicate %s '%s' (first at %s:%d) with overlapping variants",
				  what, list[j].name, list[i].file, list[i].line);
		}
	}
	free(list);
}

#define NAMED(obj, i)                                                          \
	((struct named){ (obj)->name, &(obj)->varinfo, (obj)->file, (obj)->line, (i) })

/* check_dups over the @n named objects @objs (values, bitfields, domains, ...). */
#define CHECK_DUPS(db, objs, n, what)                                           \
	do {                                                                    \
		struct named *named_ = xcalloc((n), sizeof(*named_));           \
                                                                                \
		for (size_t i_ = 0; i_ < (n); i_++)                             \
			named_[i_] = NAMED((objs)[i_], i_);                     \
		check_dups((db), named_, (n), (what));                          \
	} while (0)

static void walk_varinfo(struct rnn_db *db, enum pass pass, struct rnn_varinfo *vi,
			 const struct rnn_varinfo *parent, const char *file, int line)
{
	if (pass == RESOLVE) {
		rnn_varinfo_resolve(db, vi, parent, vi->varset, file, line);
		return;
	}
	if (vi->variants && vi->varset) {
		struct rnn_varset *vs = rnn_varset_get(db, vi->varset);

		if (!vs->venum)
			rnn_varset_collect(vs, vi->variants);
	}
}

static int value_cmp_idx(const void *a, const void *b, void *vals)
{
	struct rnn_value **v = vals;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (v[x]->value != v[y]->value)
		return v[x]->value < v[y]->value ? -1 : 1;
	return x < y ? -1 : x > y;
}

void rnn_sort_values(struct rnn_value **vals, size_t n, size_t **by_value)
{
	size_t *idx = xcalloc(n, sizeof(*idx));

	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	if (n)
		qsort_r(idx, n, sizeof(*idx), value_cmp_idx, vals);
	free(*by_value);
	*by_value = idx;
}

static void walk_values(struct rnn_db *db, enum pass pass, struct rnn_value **vals,
			size_t n, const struct rnn_varinfo *parent)
{
	for (size_t i = 0; i < n; i++)
		walk_varinfo(db, pass, &vals[i]->varinfo, parent, vals[i]->file, vals[i]->line);
	if (pass == RESOLVE)
		CHECK_DUPS(db, vals, n, "value");
}

static const struct {
	const char *name;
	enum rnn_type_kind kind;
} builtin_types[] = {
	{ "hex", RNN_TYPE_HEX },	   { "uint", RNN_TYPE_UINT },
	{ "int", RNN_TYPE_INT },	   { "boolean", RNN_TYPE_BOOLEAN },
	{ "float", RNN_TYPE_FLOAT },	   { "fixed", RNN_TYPE_FIXED },
	{ "ufixed", RNN_TYPE_UFIXED },	   { "address", RNN_TYPE_ADDRESS },
	{ "waddress", RNN_TYPE_WADDRESS },
};

static void resolve_type(struct rnn_db *db, struct rnn_typeinfo *t, unsigned bits,
			 const char *file, int line)
{
	if (!t->name) {
		t->kind = t->nfields ? RNN_TYPE_BITSET :
			  t->nvals   ? RNN_TYPE_ENUM :
			  bits == 1  ? RNN_TYPE_BOOLEAN : RNN_TYPE_HEX;
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(builtin_types); i++) {
		if (!strcmp(t->name, builtin_types[i].name)) {
			t->kind = builtin_types[i].kind;
			return;
		}
	}
	/*
	 * rules-ng keeps enums and bitsets in two namespaces, and envytools
	 * resolves a name in both to the enum. Do the same, but say so: the
	 * author almost certainly meant one of them.
	 */
	t->eenum = rnn_find_enum(db, t->name);
	t->ebitset = rnn_find_bitset(db, t->name);
	if (t->eenum && t->ebitset) {
		rnn_note(db, file, line,
			 "type '%s' names both an enum (%s:%d) and a bitset (%s:%d): using the enum",
			 t->name, t->eenum->file, t->eenum->line, t->ebitset->file,
			 t->ebitset->line);
		t->ebitset = NULL;
	}
	if (t->eenum)
		t->kind = RNN_TYPE_ENUM;
	else if (t->ebitset)
		t->kind = RNN_TYPE_BITSET;
	else
		rnn_error(db, file, line, "unknown type '%s'", t->name);
}

static void walk_fields(struct rnn_db *db, enum pass pass, struct rnn_bitfield **fields,
			size_t n, const struct rnn_varinfo *parent, unsigned width);

static void walk_typeinfo(struct rnn_db *db, enum pass pass, struct rnn_typeinfo *t,
			  const struct rnn_varinfo *vi, unsigned bits, const char *file,
			  int line)
{
	walk_values(db, pass, t->vals, t->nvals, vi);
	walk_fields(db, pass, t->fields, t->nfields, vi, bits);
	if (pass != RESOLVE)
		return;
	resolve_type(db, t, bits, file, line);
	rnn_sort_values(t->vals, t->nvals, &t->by_value);
}

static void walk_fields(struct rnn_db *db, enum pass pass, struct rnn_bitfield **fields,
			size_t n, const struct rnn_varinfo *parent, unsigned width)
{
	for (size_t i = 0; i < n; i++) {
		struct rnn_bitfield *bf = fields[i];

		walk_varinfo(db, pass, &bf->varinfo, parent, bf->file, bf->line);
		walk_typeinfo(db, pass, &bf->type, &bf->varinfo, bf->high - bf->low + 1,
			      bf->file, bf->line);
		if (pass == RESOLVE && bf->high >= width)
			rnn_error(db, bf->file, bf->line,
				  "bitfield %s: bit %u is beyond the %u-bit register",
				  bf->name, bf->high, width);
	}
	if (pass == RESOLVE)
		CHECK_DUPS(db, fields, n, "bitfield");
}

/*
 * The named children of one domain, array or stripe. The scope is one
 * parent: freedreno redefines a register outside a variant stripe
 * (CP_DRAW_INDX_OFFSET "4" in adreno_pm4.xml).
 */
static void collect_named(struct rnn_elem **elems, size_t n, struct named **list,
			  size_t *count)
{
	for (size_t i = 0; i < n; i++) {
		struct rnn_elem *e = elems[i];

		if (!e->name)
			continue;
		rnn_push(*list, *count, NAMED(e, *count));
	}
}

static void walk_elems(struct rnn_db *db, enum pass pass, struct rnn_elem **elems,
		       size_t n, const struct rnn_varinfo *parent, bool top)
{
	struct named *list = NULL;
	size_t count = 0;

	for (size_t i = 0; i < n; i++) {
		struct rnn_elem *e = elems[i];

		walk_varinfo(db, pass, &e->varinfo, parent, e->file, e->line);
		if (e->kind == RNN_ELEM_REG)
			walk_typeinfo(db, pass, &e->type, &e->varinfo, e->width, e->file,
				      e->line);
		walk_elems(db, pass, e->children, e->nchildren, &e->varinfo, false);
	}
	if (pass != RESOLVE || !top)
		return;
	collect_named(elems, n, &list, &count);
	check_dups(db, list, count, "register");
}

static void walk_container(struct rnn_db *db, enum pass pass, struct rnn_elem *e)
{
	if (pass == RESOLVE && e->kind != RNN_ELEM_REG) {
		struct named *list = NULL;
		size_t count = 0;

		collect_named(e->children, e->nchildren, &list, &count);
		check_dups(db, list, count, "register");
	}
	for (size_t i = 0; i < e->nchildren; i++)
		walk_container(db, pass, e->children[i]);
}

static void walk_all(struct rnn_db *db, enum pass pass)
{
	for (size_t i = 0; i < db->nenums; i++) {
		struct rnn_enum *e = db->enums[i];

		walk_varinfo(db, pass, &e->varinfo, NULL, e->file, e->line);
		walk_values(db, pass, e->vals, e->nvals, &e->varinfo);
		if (pass == RESOLVE)
			rnn_sort_values(e->vals, e->nvals, &e->by_value);
	}
	for (size_t i = 0; i < db->nbitsets; i++) {
		struct rnn_bitset *bs = db->bitsets[i];

		walk_varinfo(db, pass, &bs->varinfo, NULL, bs->file, bs->line);
		walk_fields(db, pass, bs->fields, bs->nfields, &bs->varinfo, 64);
	}
	for (size_t i = 0; i < db->ndomains; i++) {
		struct rnn_domain *d = db->domains[i];

		walk_varinfo(db, pass, &d->varinfo, NULL, d->file, d->line);
		walk_elems(db, pass, d->elems, d->nelems, &d->varinfo, true);
		for (size_t j = 0; j < d->nelems; j++)
			walk_container(db, pass, d->elems[j]);
	}
}

static void check_top_dups(struct rnn_db *db)
{
	CHECK_DUPS(db, db->domains, db->ndomains, "domain");
	CHECK_DUPS(db, db->enums, db->nenums, "enum");
	CHECK_DUPS(db, db->bitsets, db->nbitsets, "bitset");
}

/* ---- spans ------------------------------------------------------------ */

static int span_cmp(const void *a, const void *b)
{
	const struct rnn_span *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	/* same start: keep definition order, which max_end holds for now */
	return x->max_end < y->max_end ? -1 : x->max_end > y->max_end;
}

static void add_spans(struct rnn_elem **elems, size_t n, uint64_t base, unsigned unit,
		      struct rnn_span **spans, size_t *nspans);

static void build_elem(struct rnn_elem *e, unsigned unit)
{
	if (e->kind == RNN_ELEM_REG) {
		e->size = e->width > unit ? e->width / unit : 1;
		if (!e->stride)
			e->stride = e->size;
		return;
	}
	add_spans(e->children, e->nchildren, 0, unit, &e->spans, &e->nspans);
	e->size = e->stride;
}

static void add_spans(struct rnn_elem **elems, size_t n, uint64_t base, unsigned unit,
		      struct rnn_span **spans, size_t *nspans)
{
	for (size_t i = 0; i < n; i++) {
		struct rnn_elem *e = elems[i];
		struct rnn_span s = { .start = base + e->offset, .elem = e };

		if (e->kind == RNN_ELEM_STRIPE && !e->has_length) {
			add_spans(e->children, e->nchildren, s.start, unit, spans, nspans);
			continue;
		}
		build_elem(e, unit);
		if (e->has_length)
			s.end = s.start + e->stride * e->length;
		else
			s.end = s.start + e->size;
		s.max_end = *nspans;	/* definition order, for the sort */
		rnn_push(*spans, *nspans, s);
	}
}

static void finish_spans(struct rnn_span *spans, size_t n)
{
	uint64_t max = 0;

	if (n)
		qsort(spans, n, sizeof(*spans), span_cmp);
	for (size_t i = 0; i < n; i++) {
		if (spans[i].end > max)
			max = spans[i].end;
		spans[i].max_end = max;
	}
}

static void finish_elem_spans(struct rnn_elem *e)
{
	finish_spans(e->spans, e->nspans);
	for (size_t i = 0; i < e->nchildren; i++)
		finish_elem_spans(e->children[i]);
}

static void build_domain_spans(struct rnn_domain *d)
{
	add_spans(d->elems, d->nelems, 0, d->width, &d->spans, &d->nspans);
	finish_spans(d->spans, d->nspans);
	for (size_t i = 0; i < d->nelems; i++)
		finish_elem_spans(d->elems[i]);
}

/* ---- by-name tables ----------------------------------------------------- */

static int name_idx_cmp(const void *a, const void *b)
{
	return named_cmp(a, b);
}

static void **sort_by_name(void **objs, size_t n)
{
	struct named *tmp = xcalloc(n, sizeof(*tmp));
	void **out = xcalloc(n, sizeof(*out));

	for (size_t i = 0; i < n; i++) {
		tmp[i].name = *(char **)objs[i];
		tmp[i].idx = i;
	}
	if (n)
		qsort(tmp, n, sizeof(*tmp), name_idx_cmp);
	for (size_t i = 0; i < n; i++)
		out[i] = objs[tmp[i].idx];
	free(tmp);
	return out;
}

/* A register's kind names a value of its domain's kinds enum. */
static void resolve_kinds(struct rnn_db *db, const struct rnn_domain *d, struct rnn_elem **elems,
			  size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct rnn_elem *e = elems[i];

		resolve_kinds(db, d, e->children, e->nchildren);
		if (!e->kind_name)
			continue;
		if (!d->kinds_enum)
			rnn_error(db, e->file, e->line, "kind=\"%s\" in domain %s, which has no kinds enum",
				  e->kind_name, d->name);
		else if (!rnn_enum_value(NULL, d->kinds_enum, e->kind_name, &e->kind_value))
			rnn_error(db, e->file, e->line, "unknown kind '%s' (no value of enum %s)",
				  e->kind_name, d->kinds);
	}
}

static void resolve_domain_kinds(struct rnn_db *db, struct rnn_domain *d)
{
	if (d->kinds) {
		d->kinds_enum = rnn_find_enum(db, d->kinds);
		if (!d->kinds_enum)
			rnn_error(db, d->file, d->line, "domain %s: unknown kinds enum '%s'", d->name,
				  d->kinds);
	}
	resolve_kinds(db, d, d->elems, d->nelems);
}

int rnn_db_prepare(struct rnn_db *db)
{
	if (db->prepared)
		return db->nerrors ? -1 : 0;
	db->prepared = true;
	/* enums first: a varset needs its enum's value names */
	walk_all(db, COLLECT);
	rnn_varsets_finish(db);
	walk_all(db, RESOLVE);
	check_top_dups(db);
	for (size_t i = 0; i < db->ndomains; i++)
		build_domain_spans(db->domains[i]);
	db->domains_by_name = (struct rnn_domain **)sort_by_name((void **)db->domains,
								 db->ndomains);
	db->enums_by_name = (struct rnn_enum **)sort_by_name((void **)db->enums, db->nenums);
	db->bitsets_by_name = (struct rnn_bitset **)sort_by_name((void **)db->bitsets,
								 db->nbitsets);
	for (size_t i = 0; i < db->ndomains; i++)
		resolve_domain_kinds(db, db->domains[i]);
	return db->nerrors ? -1 : 0;
}

// SPDX-License-Identifier: MIT
/*
 * Register state for --diff: the last value written to every register (or
 * method) a stream touches, keyed by register space and address, with the
 * decoded name and fields of that last write. A hash table keeps
 * collection linear in the stream size.
 */
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "util/util.h"

struct state_entry {
	const char *space;
	uint64_t addr;
	char *name;
	uint64_t value;
	unsigned width;
	const char *enum_name;
	uint64_t leftover;
	struct dec_field *fields;
	size_t nfields;
	struct state_entry *next;	/* hash chain */
};

struct dec_state {
	struct dec_sink sink;
	struct state_entry **table;
	size_t nbuckets, count;
};

static size_t hash(const char *space, uint64_t addr)
{
	uint64_t h = 1469598103934665603ull;

	for (const char *p = space; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	h = (h ^ addr) * 1099511628211ull;
	return (size_t)(h ^ h >> 29);
}

static void rehash(struct dec_state *st)
{
	size_t n = st->nbuckets * 2;
	struct state_entry **t = xcalloc(n, sizeof(*t));

	for (size_t i = 0; i < st->nbuckets; i++) {
		for (struct state_entry *e = st->table[i], *next; e; e = next) {
			next = e->next;
			e->next = t[hash(e->space, e->addr) % n];
			t[hash(e->space, e->addr) % n] = e;
		}
	}
	free(st->table);
	st->table = t;
	st->nbuckets = n;
}

static struct state_entry *lookup(const struct dec_state *st, const char *space, uint64_t addr)
{
	for (struct state_entry *e = st->table[hash(space, addr) % st->nbuckets]; e; e = e->next)
		if (e->addr == addr && !strcmp(e->space, space))
			return e;
	return NULL;
}

static void record_item(struct dec_state *st, const struct dec_packet *p,
			const struct dec_item *it)
{
	struct state_entry *e = lookup(st, it->space, it->addr);

	if (!e) {
		size_t b;

		if (st->count >= st->nbuckets)
			rehash(st);
		e = xcalloc(1, sizeof(*e));
		e->space = it->space;
		e->addr = it->addr;
		b = hash(e->space, e->addr) % st->nbuckets;
		e->next = st->table[b];
		st->table[b] = e;
		st->count++;
	}
	free(e->name);
	free(e->fields);
	if (it->name[0])
		e->name = strdup(it->name);
	else if (asprintf(&e->name, "%s+0x%llx", it->space, (unsigned long long)it->addr) < 0)
		e->name = NULL;
	e->value = it->value;
	e->width = it->width;
	e->enum_name = it->enum_name;
	e->leftover = it->leftover;
	e->nfields = it->nfields;
	e->fields = xcalloc(it->nfields, sizeof(*e->fields));
	if (it->nfields)
		memcpy(e->fields, p->fields + it->first_field, it->nfields * sizeof(*e->fields));
}

static void state_packet(struct dec_sink *s, const struct dec_packet *p)
{
	struct dec_state *st = (struct dec_state *)s;

	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].space && p->items[i].width)
			record_item(st, p, &p->items[i]);
}

struct dec_state *dec_state_new(void)
{
	struct dec_state *st = xcalloc(1, sizeof(*st));

	st->nbuckets = 64;
	st->table = xcalloc(st->nbuckets, sizeof(*st->table));
	st->sink.packet = state_packet;
	return st;
}

struct dec_sink *dec_state_sink(struct dec_state *st)
{
	return &st->sink;
}

void dec_state_free(struct dec_state *st)
{
	if (!st)
		return;
	for (size_t i = 0; i < st->nbuckets; i++) {
		for (struct state_entry *e = st->table[i], *next; e; e = next) {
			next = e->next;
			free(e->name);
			free(e->fields);
			free(e);
		}
	}
	free(st->table);
	free(st);
}

/* ---- diff ------------------------------------------------------------------ */

static int cmp_entry(const void *a, const void *b)
{
	const struct state_entry *x = *(struct state_entry *const *)a;
	const struct state_entry *y = *(struct state_entry *const *)b;
	int c = strcmp(x->space, y->space);

	if (c)
		return c;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static struct state_entry **sorted(const struct dec_state *st)
{
	struct state_entry **v = xcalloc(st->count, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < st->nbuckets; i++)
		for (struct state_entry *e = st->table[i]; e; e = e->next)
			v[n++] = e;
	qsort(v, n, sizeof(*v), cmp_entry);
	return v;
}

static void text_value(FILE *f, const struct state_entry *e)
{
	if (e->enum_name)
		fputs(e->enum_name, f);
	else
		fprintf(f, e->width == 64 ? "0x%016llx" : "0x%08llx", (unsigned long long)e->value);
}

static void text_field(FILE *f, const struct dec_field *fl)
{
	if (!fl)
		fputs("-", f);
	else if (fl->enum_name)
		fputs(fl->enum_name, f);
	else if (fl->boolean)
		fputs(fl->value ? "1" : "0", f);
	else
		fprintf(f, "0x%llx", (unsigned long long)fl->value);
}

static const struct dec_field *find_field(const struct state_entry *e, const char *name)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (!strcmp(e->fields[i].name, name))
			return &e->fields[i];
	return NULL;
}

static bool field_equal(const struct dec_field *a, const struct dec_field *b)
{
	return a && b && a->value == b->value;
}

static void json_s(FILE *f, const char *s)
{
	/* names come from the databases: identifiers, brackets and dots */
	if (s)
		fprintf(f, "\"%s\"", s);
	else
		fputs("null", f);
}

static void print_one(FILE *f, bool json, char sign, const struct state_entry *e, bool *first)
{
	if (json) {
		fprintf(f, "%s\n{\"op\": \"%s\", \"space\": \"%s\", \"addr\": \"0x%llx\", \"name\": ",
			*first ? "" : ",", sign == '+' ? "added" : "removed", e->space,
			(unsigned long long)e->addr);
		json_s(f, e->name);
		fprintf(f, ", \"value\": \"0x%llx\", \"fields\": [", (unsigned long long)e->value);
		for (size_t i = 0; i < e->nfields; i++) {
			fprintf(f, "%s{\"name\": \"%s\", \"value\": \"0x%llx\", \"enum\": ",
				i ? ", " : "", e->fields[i].name,
				(unsigned long long)e->fields[i].value);
			json_s(f, e->fields[i].enum_name);
			fputc('}', f);
		}
		fputs("]}", f);
		*first = false;
		return;
	}
	fprintf(f, "%c %s = ", sign, e->name);
	text_value(f, e);
	fputc('\n', f);
	for (size_t i = 0; i < e->nfields; i++) {
		fprintf(f, "    %s = ", e->fields[i].name);
		text_field(f, &e->fields[i]);
		fputc('\n', f);
	}
}

/* A field's value as JSON: its hex string, or null on the side it is absent. */
static void json_field_value(FILE *f, const struct dec_field *fl)
{
	if (fl)
		fprintf(f, "\"0x%llx\"", (unsigned long long)fl->value);
	else
		fputs("null", f);
}

/* One field that differs between the two sides; @from or @to is NULL where absent. */
static void print_field_change(FILE *f, bool json, const char *name, const struct dec_field *from,
			       const struct dec_field *to, bool *firstf)
{
	if (json) {
		fprintf(f, "%s{\"name\": \"%s\", \"from\": ", *firstf ? "" : ", ", name);
		json_field_value(f, from);
		fputs(", \"to\": ", f);
		json_field_value(f, to);
		fputc('}', f);
		*firstf = false;
	} else {
		fprintf(f, "    %s: ", name);
		text_field(f, from);
		fputs(" -> ", f);
		text_field(f, to);
		fputc('\n', f);
	}
}

/* The fields of either side whose value differs, in the order of each. */
static void print_changed_fields(FILE *f, bool json, const struct state_entry *a,
				 const struct state_entry *b)
{
	/* rnn leaves out booleans that are clear: absent means 0 */
	static const struct dec_field clear = { .boolean = true };
	bool firstf = true;

	for (int side = 0; side < 2; side++) {
		const struct state_entry *e = side ? b : a, *other = side ? a : b;

		for (size_t i = 0; i < e->nfields; i++) {
			const struct dec_field *fl = &e->fields[i];
			const struct dec_field *ofl = find_field(other, fl->name);

			if (fl->boolean && !ofl)
				ofl = &clear;
			if (field_equal(fl, ofl) || (side && find_field(a, fl->name)))
				continue;	/* same, or already printed from side a */
			print_field_change(f, json, fl->name, side ? ofl : fl, side ? fl : ofl,
					   &firstf);
		}
	}
}

static void print_changed(FILE *f, bool json, const struct state_entry *a,
			  const struct state_entry *b, bool *first)
{
	if (json) {
		fprintf(f, "%s\n{\"op\": \"changed\", \"space\": \"%s\", \"addr\": \"0x%llx\", "
			"\"name\": ", *first ? "" : ",", b->space, (unsigned long long)b->addr);
		json_s(f, b->name);
		fprintf(f, ", \"from\": \"0x%llx\", \"to\": \"0x%llx\", \"fields\": [",
			(unsigned long long)a->value, (unsigned long long)b->value);
	} else {
		fprintf(f, "~ %s: ", b->name);
		text_value(f, a);
		fputs(" -> ", f);
		text_value(f, b);
		fputc('\n', f);
	}
	*first = false;
	print_changed_fields(f, json, a, b);
	if (json)
		fputs("]}", f);
}

struct dec_diff_counts dec_diff_print(const struct dec_state *a, const struct dec_state *b,
				      FILE *out, bool json)
{
	struct state_entry **va = sorted(a), **vb = sorted(b);
	struct dec_diff_counts c = { 0 };
	size_t i = 0, j = 0;
	bool first = true;

	if (json)
		fputs("{\"differences\": [", out);
	/* a merge of the two sorted lists */
	while (i < a->count || j < b->count) {
		int cmp = i == a->count ? 1 : j == b->count ? -1 : cmp_entry(&va[i], &vb[j]);

		if (cmp < 0) {
			print_one(out, json, '-', va[i++], &first);
			c.removed++;
		} else if (cmp > 0) {
			print_one(out, json, '+', vb[j++], &first);
			c.added++;
		} else {
			if (va[i]->value != vb[j]->value) {
				print_changed(out, json, va[i], vb[j], &first);
				c.changed++;
			}
			i++;
			j++;
		}
	}
	if (json)
		fprintf(out, "\n], \"added\": %u, \"removed\": %u, \"changed\": %u}\n", c.added,
			c.removed, c.changed);
	else
		fprintf(out, "%u added, %u removed, %u changed\n", c.added, c.removed, c.changed);
	free(va);
	free(vb);
	return c;
}

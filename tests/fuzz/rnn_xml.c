// SPDX-License-Identifier: MIT
/*
 * Fuzz target: the register-database loader (lib/rnn) on mutated XML.
 * The input is parsed from memory as a file of msm/registers (so its
 * imports of adreno_common.xml and the like resolve), prepared, and, when
 * it prepared without errors, used as the decoder uses a database: every
 * varset's first and last variant selected, every domain's addresses
 * around each span decoded, every register's type applied to values taken
 * from the input, enums looked up both ways.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rnn/rnn.h"
#include "fuzz.h"

#define INPUT_LIMIT (1u << 20)
#define MAX_LOOKUPS 4096	/* per input: decoding is linear in what was parsed */

static char name[4096];

static uint64_t value_at(const uint8_t *data, size_t size, size_t i)
{
	uint64_t v = 0;

	for (size_t k = 0; k < 8 && size; k++)
		v = v << 8 | data[(i + k) % size];
	return v;
}

static void decode_types(const struct rnn_ctx *ctx, const struct rnn_elem *e,
			 const uint8_t *data, size_t size, unsigned *budget)
{
	struct rnn_decoded d;

	if (!*budget)
		return;
	(*budget)--;
	if (e->kind == RNN_ELEM_REG) {
		rnn_decode_value(ctx, &e->type, value_at(data, size, e->offset), &d);
		rnn_decode_value(ctx, &e->type, ~0ull, &d);
	}
	for (size_t i = 0; i < e->nchildren; i++)
		decode_types(ctx, e->children[i], data, size, budget);
}

static void use_domain(const struct rnn_ctx *ctx, const struct rnn_domain *dom,
		       const uint8_t *data, size_t size, unsigned *budget)
{
	struct rnn_addr a;

	for (size_t i = 0; i < dom->nspans && *budget; i++, (*budget)--) {
		const struct rnn_span *s = &dom->spans[i];

		rnn_decode_addr(ctx, dom, s->start, &a);
		rnn_decode_addr(ctx, dom, s->end - 1, &a);
		rnn_decode_addr(ctx, dom, s->end, &a);
		rnn_decode_addr(ctx, dom, s->start + value_at(data, size, i) % 64, &a);
	}
	rnn_decode_addr(ctx, dom, ~0ull, &a);
	for (size_t i = 0; i < dom->nelems; i++)
		decode_types(ctx, dom->elems[i], data, size, budget);
}

static void use_enums(const struct rnn_ctx *ctx, const struct rnn_db *db, unsigned *budget)
{
	uint64_t v;

	for (size_t i = 0; i < rnn_db_nenums(db) && *budget; i++) {
		const struct rnn_enum *e = rnn_db_enum(db, i);

		for (size_t k = 0; k < e->nvals && *budget; k++, (*budget)--) {
			rnn_enum_name(ctx, e, e->vals[k]->value);
			rnn_enum_value(ctx, e, e->vals[k]->name, &v);
		}
		rnn_find_enum(db, e->name);
	}
}

/* Everything a decoder does with a prepared database, under one variant choice. */
static void use_db(const struct rnn_db *db, const uint8_t *data, size_t size, bool last)
{
	struct rnn_ctx *ctx = rnn_ctx_new(db);
	unsigned budget = MAX_LOOKUPS;

	for (size_t i = 0; i < rnn_db_nenums(db); i++) {
		const struct rnn_varset *vs = rnn_find_varset(db, rnn_db_enum(db, i)->name);

		if (vs && vs->nnames)
			rnn_ctx_set_variant(ctx, vs->name, vs->names[last ? vs->nnames - 1 : 0]);
	}
	for (size_t i = 0; i < rnn_db_ndomains(db); i++) {
		const struct rnn_domain *dom = rnn_db_domain(db, i);

		rnn_find_domain(db, dom->name);
		use_domain(ctx, dom, data, size, &budget);
	}
	use_enums(ctx, db, &budget);
	for (size_t i = 0; i < rnn_db_nbitsets(db); i++)
		rnn_find_bitset(db, rnn_db_bitset(db, i)->name);
	rnn_ctx_free(ctx);
}

/* "<tree>/msm/registers/fuzz.xml": imports resolve beside the real databases. */
static void set_name(void)
{
	char *slash;

	if (!rnn_find_database(NULL, "msm", "adreno_common.xml", name, sizeof(name)) ||
	    !(slash = strrchr(name, '/')) || slash + sizeof("fuzz.xml") > name + sizeof(name)) {
		snprintf(name, sizeof(name), "fuzz.xml");	/* imports then fail: fine */
		return;
	}
	strcpy(slash + 1, "fuzz.xml");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rnn_db *db;

	if (size > INPUT_LIMIT)
		return 0;
	if (!name[0])
		set_name();
	db = rnn_db_new();
	rnn_db_load_memory(db, name, data, size);
	for (size_t i = 0; i < rnn_db_nerrors(db); i++)
		rnn_db_error(db, i);
	if (!rnn_db_prepare(db) && !rnn_db_nerrors(db)) {
		use_db(db, data, size, false);
		use_db(db, data, size, true);
	}
	rnn_db_free(db);
	return 0;
}

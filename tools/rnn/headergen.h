/* SPDX-License-Identifier: MIT */
/* rnn-headergen internals. */
#ifndef DRMSUB_HEADERGEN_H
#define DRMSUB_HEADERGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rnn/rnn.h"

struct hg_names {
	char **slots;
	size_t size, used;
};

char *hg_join(const char *a, const char *b);
char *hg_ident(const char *name, bool lower);
/* Record @name; false if it was already emitted. */
bool hg_claim(struct hg_names *t, const char *name);
void hg_names_free(struct hg_names *t);

/* A register named per variant, for its _for() selector. */
struct hg_select {
	char *plain;		/* REG_<DOMAIN>_<NAME> */
	char *id;		/* the name it was emitted as */
	const struct rnn_elem *e;
	unsigned nidx;
	size_t seq;		/* definition order */
};

struct hg {
	FILE *out;
	const struct rnn_db *db;
	const char *file;	/* the database file being generated */
	struct hg_names names;
	struct hg_select *sels;	/* of the domain being written */
	size_t nsels;
};

/* emit.c */
const char *hg_first_variant(const struct rnn_varinfo *vi);
void hg_emit_enum(struct hg *g, const struct rnn_enum *e);
void hg_emit_bitset(struct hg *g, const struct rnn_bitset *bs);
void hg_emit_domain(struct hg *g, const struct rnn_domain *d);

/* select.c */
void hg_select_add(struct hg *g, const char *plain, const char *id,
		   const struct rnn_elem *e, unsigned nidx);
void hg_select_flush(struct hg *g);

/* reglist.c: the -r output (register tables of INPUT's domains) */
int hg_emit_reglist(FILE *out, const struct rnn_db *db, const char *file);

#endif

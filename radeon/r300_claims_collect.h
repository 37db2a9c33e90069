/* SPDX-License-Identifier: MIT */
/*
 * What the claim recognisers share (r300_claims.c for the blend, alpha,
 * mask and PVS claims, r300_claims_pipe.c for the stencil, culling,
 * texture filter, colour format and polygon offset ones): the vocabulary
 * tables, the collector and the helpers that add claims to it.
 */
#ifndef DRMSUB_RADEON_R300_CLAIMS_COLLECT_H
#define DRMSUB_RADEON_R300_CLAIMS_COLLECT_H

#include <stddef.h>

#include "radeon/r300_claims.h"

struct r300_word {
	const char *name;
	int meaning;
};

#define WORDS_END { NULL, -1 }

struct r300_collector {
	const struct rnn_ctx *ctx;
	struct r300_claim *out;
	unsigned int n, max, unknown;
	uint32_t math_bit, macro_bit;	/* pvs_dst MATH_INST / MACRO_INST in this file */
};

/* The meaning of @name in @w, or -1. */
int r300_claims_lookup(const struct r300_word *w, const char *name);
/* @name without an R300_/R500_ prefix. */
const char *r300_claims_unprefixed(const char *name);
/* A new claim (NULL when the table is full); a repeated id is numbered. */
struct r300_claim *r300_claims_add(struct r300_collector *col, enum r300_claim_kind kind,
				   int meaning, const char *id);
void r300_claims_set_field(struct r300_claim *c, const struct rnn_bitfield *f);
size_t r300_claims_nfields(const struct rnn_typeinfo *t);
const struct rnn_bitfield *r300_claims_field_at(const struct rnn_typeinfo *t, size_t i);
/* One value claim of @kind per value of field @f of @reg whose name (after a marker) has a meaning. */
void r300_claims_field_values(struct r300_collector *col, const struct rnn_elem *reg,
			      const struct rnn_bitfield *f, enum r300_claim_kind kind,
			      const struct r300_word *words, const char *const *markers,
			      bool alpha_blend);
/* One claim of @kind about field @f of @reg itself. */
void r300_claims_field_claim(struct r300_collector *col, const struct rnn_elem *reg,
			     const struct rnn_bitfield *f, enum r300_claim_kind kind, int meaning,
			     const char *reason);

/* r300_claim_check.c's verdict helpers */
struct r300_verdict r300_claim_verdict(enum r300_verdict_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* untestable: the checker rejected the claim's CS with @ret */
struct r300_verdict r300_claim_rejected(const struct r300_claim *c, int ret);
/* @word with bits @high:@low replaced by @value */
uint32_t r300_claim_replace_field(uint32_t word, unsigned int low, unsigned int high,
				  uint32_t value);
/* every channel of two ARGB8888 pixels within @tolerance */
bool r300_claim_near(uint32_t a, uint32_t b, int tolerance);

/* r300_claims_pipe.c: the claims of @reg if it is one of its registers (true), else false. */
bool r300_pipe_reg_claims(struct r300_collector *col, const struct rnn_elem *reg);

#endif

// SPDX-License-Identifier: MIT
/*
 * Register and payload decoding through lib/rnn, shared by the backends:
 * a name from rnn_decode_addr(), fields from rnn_decode_value(). A reg64
 * takes its value from two consecutive dwords, low first, as every
 * database here describes 64-bit addresses.
 */
#include <stdio.h>
#include <string.h>

#include "decode/decode.h"
#include "rnn/rnn.h"

void dec_rnn_value(struct dec_builder *b, struct dec_item *it, const struct rnn_ctx *ctx,
		   const struct rnn_typeinfo *type)
{
	struct rnn_decoded d;

	rnn_decode_value(ctx, type, it->value, &d);
	it->enum_name = d.enum_name;
	it->leftover = d.leftover;
	for (unsigned i = 0; i < d.nfields; i++) {
		const struct rnn_field_value *f = &d.fields[i];

		dec_builder_field(b, it, f->field->name, f->value, f->enum_name,
				  f->field->type.kind == RNN_TYPE_BOOLEAN);
	}
}

bool dec_rnn_reg(struct dec_builder *b, struct dec_item *it, const struct rnn_ctx *ctx,
		 const struct rnn_domain *domain, uint64_t offset)
{
	struct rnn_addr a;

	it->space = domain ? domain->name : NULL;
	it->addr = offset;
	if (!domain || !rnn_decode_addr(ctx, domain, offset, &a))
		return false;
	snprintf(it->name, sizeof(it->name), "%s", a.name);
	/* the high half of a reg64 written alone: no fields to split */
	if (!a.suboffset)
		dec_rnn_value(b, it, ctx, &a.reg->type);
	return true;
}

void dec_rnn_payload(struct dec_builder *b, const struct rnn_ctx *ctx,
		     const struct rnn_domain *domain, uint32_t first, unsigned unit)
{
	const struct dec_packet *p = &b->p;

	for (uint32_t i = first; i < p->nraw; i++) {
		struct rnn_addr a;
		bool named = domain && rnn_decode_addr(ctx, domain, (uint64_t)(i - first) * unit, &a);
		struct dec_item *it;

		if (named && a.reg->width == 64 && !a.suboffset && i + 1 < p->nraw) {
			it = dec_builder_item(b, i, p->raw[i] | (uint64_t)p->raw[i + 1] << 32, 64);
			i++;
		} else {
			it = dec_builder_item(b, i, p->raw[i], 32);
		}
		if (!named)
			continue;
		snprintf(it->name, sizeof(it->name), "%s", a.name);
		if (!a.suboffset)
			dec_rnn_value(b, it, ctx, &a.reg->type);
	}
}

int dec_base_open(struct dec_base *base, const char *dir, const char *const *files,
		  const char *varset, const char *variant, char *err, size_t errlen)
{
	char path[4096];

	memset(base, 0, sizeof(*base));
	base->db = rnn_db_new();
	for (size_t i = 0; files[i]; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		rnn_db_load(base->db, path);
	}
	rnn_db_prepare(base->db);
	if (rnn_db_nerrors(base->db)) {
		const struct rnn_error *e = rnn_db_error(base->db, 0);

		snprintf(err, errlen, "%s:%d: %s", e->file ? e->file : dir, e->line, e->message);
		rnn_db_free(base->db);
		base->db = NULL;
		return -1;
	}
	base->ctx = rnn_ctx_new(base->db);
	if (varset && rnn_ctx_set_variant(base->ctx, varset, variant)) {
		snprintf(err, errlen, "%s: no variant %s of %s", dir, variant, varset);
		dec_base_close(base);
		return -1;
	}
	return 0;
}

void dec_base_close(struct dec_base *base)
{
	dec_builder_free(&base->b);
	rnn_ctx_free(base->ctx);
	rnn_db_free(base->db);
	memset(base, 0, sizeof(*base));
}

// SPDX-License-Identifier: MIT
/*
 * Packet assembly for the backends. Item and field arrays live as long as
 * the builder and are reused for every packet, so decoding allocates only
 * when a packet is bigger than every one before it.
 */
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return p;
	while (n < need)
		n *= 2;
	p = realloc(p, n * size);
	if (!p)
		abort();	/* out of memory in a command-line tool */
	*cap = n;
	return p;
}

void dec_builder_start(struct dec_builder *b, uint64_t offset, unsigned level,
		       const uint32_t *raw, uint32_t avail, uint32_t expected,
		       const char *kind)
{
	memset(&b->p, 0, sizeof(b->p));
	b->p.offset = offset;
	b->p.level = level;
	b->p.header = raw[0];
	b->p.raw = raw;
	b->p.expected = expected;
	b->p.nraw = expected < avail ? expected : avail;
	b->p.kind = kind;
	b->nitems = 0;
	b->nfields = 0;
}

struct dec_item *dec_builder_item(struct dec_builder *b, uint32_t index, uint64_t value,
				  unsigned width)
{
	struct dec_item *it;

	b->items = grow(b->items, &b->cap_items, b->nitems + 1, sizeof(*b->items));
	it = &b->items[b->nitems++];
	/* name and text are cleared by their first byte: items are reused */
	it->name[0] = 0;
	it->text[0] = 0;
	it->index = index;
	it->value = value;
	it->width = width;
	it->space = NULL;
	it->addr = 0;
	it->enum_name = NULL;
	it->leftover = 0;
	it->first_field = b->nfields;
	it->nfields = 0;
	return it;
}

void dec_builder_field(struct dec_builder *b, struct dec_item *it, const char *name,
		       uint64_t value, const char *enum_name, bool boolean)
{
	struct dec_field *f;

	b->fields = grow(b->fields, &b->cap_fields, b->nfields + 1, sizeof(*b->fields));
	f = &b->fields[b->nfields++];
	f->name = name;
	f->value = value;
	f->enum_name = enum_name;
	f->boolean = boolean;
	it->nfields++;
}

void dec_builder_emit(struct dec_builder *b, struct dec_sink *sink)
{
	struct dec_packet *p = &b->p;

	if (p->nraw < p->expected) {
		p->status = DEC_TRUNCATED;
		snprintf(p->note, sizeof(p->note), "only %u of %u dwords present",
			 p->nraw, p->expected);
	}
	if (p->status == DEC_INVALID || p->status == DEC_TRUNCATED)
		b->invalid++;
	p->items = b->items;
	p->nitems = b->nitems;
	p->fields = b->fields;
	if (sink->packet)
		sink->packet(sink, p);
}

void dec_builder_free(struct dec_builder *b)
{
	free(b->items);
	free(b->fields);
	memset(b, 0, sizeof(*b));
}

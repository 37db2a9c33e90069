// SPDX-License-Identifier: MIT
/*
 * Text output: deterministic lines, so they can be golden-tested.
 *
 *	00001000: 703d8003 pkt7 CP_MEM_WRITE (3 dwords)
 *	  ADDR = 0x0000000100002000
 *	  [2] = 0xcafe0001
 *	00001010: 703e8003 pkt7 CP_REG_TO_MEM (3 dwords)
 *	  0 = 0x40080980
 *	    REG = 0x980
 *	    CNT = 0x2
 *	    64B
 *	  DEST = 0x0000000100004000
 *
 * One line per packet (address, raw header, kind, name, payload size,
 * status); below it one line per register or payload dword ("[N]": payload
 * dword N with no name, counted as the packet domains count), and one per
 * field (booleans by name when set, enums by name, other values in hex,
 * uncovered bits as "leftover"). Streams reached through an IB are
 * indented two spaces per level.
 */
#include <stdlib.h>

#include "decode/decode.h"

struct text_sink {
	struct dec_sink sink;
	FILE *out;
};

static const char *const status_names[] = {
	[DEC_OK] = "",
	[DEC_UNKNOWN] = " UNKNOWN",
	[DEC_INVALID] = " INVALID",
	[DEC_TRUNCATED] = " TRUNCATED",
};

static void indent(FILE *f, unsigned level)
{
	fprintf(f, "%*s", (int)level * 2, "");
}

static void text_begin(struct dec_sink *s, const char *name, uint64_t gpuaddr,
		       uint32_t ndwords, unsigned level)
{
	FILE *f = ((struct text_sink *)s)->out;

	indent(f, level);
	fprintf(f, "--- %s at 0x%llx, %u dwords\n", name, (unsigned long long)gpuaddr, ndwords);
}

static void text_end(struct dec_sink *s, unsigned level)
{
	FILE *f = ((struct text_sink *)s)->out;

	if (level) {
		indent(f, level);
		fprintf(f, "--- end of level %u\n", level);
	}
}

static void text_note(struct dec_sink *s, uint64_t offset, const char *msg)
{
	fprintf(((struct text_sink *)s)->out, "%08llx: note: %s\n", (unsigned long long)offset,
		msg);
}

static void print_value(FILE *f, uint64_t v, unsigned width)
{
	if (width == 64)
		fprintf(f, "0x%016llx", (unsigned long long)v);
	else
		fprintf(f, "0x%08llx", (unsigned long long)v);
}

static void print_item(FILE *f, const struct dec_packet *p, const struct dec_item *it)
{
	indent(f, p->level + 1);
	if (!it->width) {
		fprintf(f, "%s: %s\n", it->name, it->text);
		return;
	}
	if (it->name[0])
		fprintf(f, "%s = ", it->name);
	else if (it->index)
		fprintf(f, "[%u] = ", it->index - 1);	/* payload dword, as domains count */
	else
		fprintf(f, "[header] = ");
	if (it->enum_name)
		fprintf(f, "%s", it->enum_name);
	else
		print_value(f, it->value, it->width);
	fputc('\n', f);
	for (size_t i = 0; i < it->nfields; i++) {
		const struct dec_field *fl = &p->fields[it->first_field + i];

		indent(f, p->level + 2);
		if (fl->boolean)
			fprintf(f, "%s\n", fl->name);
		else if (fl->enum_name)
			fprintf(f, "%s = %s\n", fl->name, fl->enum_name);
		else
			fprintf(f, "%s = 0x%llx\n", fl->name, (unsigned long long)fl->value);
	}
	if (it->leftover) {
		indent(f, p->level + 2);
		fprintf(f, "leftover = 0x%llx\n", (unsigned long long)it->leftover);
	}
	if (it->text[0]) {
		indent(f, p->level + 2);
		fprintf(f, "; %s\n", it->text);
	}
}

static void text_packet(struct dec_sink *s, const struct dec_packet *p)
{
	FILE *f = ((struct text_sink *)s)->out;

	indent(f, p->level);
	fprintf(f, "%08llx: %08x %s", (unsigned long long)p->offset, p->header, p->kind);
	if (p->name[0])
		fprintf(f, " %s", p->name);
	if (p->expected > 1)
		fprintf(f, " (%u dword%s)", p->expected - 1, p->expected == 2 ? "" : "s");
	fprintf(f, "%s%s%s\n", status_names[p->status], p->note[0] ? ": " : "", p->note);
	for (size_t i = 0; i < p->nitems; i++)
		print_item(f, p, &p->items[i]);
}

struct dec_sink *dec_text_sink_new(FILE *out)
{
	struct text_sink *t = calloc(1, sizeof(*t));

	if (!t)
		abort();
	t->out = out;
	t->sink.begin_stream = text_begin;
	t->sink.end_stream = text_end;
	t->sink.packet = text_packet;
	t->sink.note = text_note;
	return &t->sink;
}

void dec_sink_free(struct dec_sink *s)
{
	free(s);
}

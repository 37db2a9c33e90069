// SPDX-License-Identifier: MIT
/*
 * JSON output: the same content as the text form, as one document
 *
 *	{"inputs": [{"path": ..., "driver": ..., "gpu": ..., "records": [
 *		{"type": "stream", "name": ..., "gpuaddr": ..., "ndwords": ..., "level": ...},
 *		{"type": "packet", "offset": ..., "header": "0x...", "kind": ..., "name": ...,
 *		 "status": "ok|unknown|invalid|truncated", "raw": [...], "items": [...]},
 *		{"type": "end", "level": ...}, {"type": "note", ...}],
 *	  "invalid": N, "truncated": ...}]}
 *
 * Records are flat (IB depth is "level") so the writer streams them. Register
 * values are hex strings: 64-bit values do not survive JSON numbers.
 */
#include <stdlib.h>

#include "decode/decode.h"

struct json_sink {
	struct dec_sink sink;
	FILE *out;
	bool first_input, first_record;
};

static void json_str(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			/* bytes of unknown encoding (RD_CMD text) as Latin-1 */
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void json_hex(FILE *f, uint64_t v)
{
	fprintf(f, "\"0x%llx\"", (unsigned long long)v);
}

static void record(struct json_sink *j, const char *type)
{
	fprintf(j->out, "%s\n{\"type\": \"%s\"", j->first_record ? "" : ",", type);
	j->first_record = false;
}

static void json_begin(struct dec_sink *s, const char *name, uint64_t gpuaddr,
		       uint32_t ndwords, unsigned level)
{
	struct json_sink *j = (struct json_sink *)s;

	record(j, "stream");
	fputs(", \"name\": ", j->out);
	json_str(j->out, name);
	fprintf(j->out, ", \"gpuaddr\": %llu, \"ndwords\": %u, \"level\": %u}",
		(unsigned long long)gpuaddr, ndwords, level);
}

static void json_end(struct dec_sink *s, unsigned level)
{
	struct json_sink *j = (struct json_sink *)s;

	record(j, "end");
	fprintf(j->out, ", \"level\": %u}", level);
}

static void json_note(struct dec_sink *s, uint64_t offset, const char *msg)
{
	struct json_sink *j = (struct json_sink *)s;

	record(j, "note");
	fprintf(j->out, ", \"offset\": %llu, \"message\": ", (unsigned long long)offset);
	json_str(j->out, msg);
	fputc('}', j->out);
}

static const char *const status_names[] = {
	[DEC_OK] = "ok",
	[DEC_UNKNOWN] = "unknown",
	[DEC_INVALID] = "invalid",
	[DEC_TRUNCATED] = "truncated",
};

static void json_item(FILE *f, const struct dec_packet *p, const struct dec_item *it)
{
	fprintf(f, "{\"index\": %u, \"name\": ", it->index);
	json_str(f, it->name[0] ? it->name : NULL);
	if (it->width) {
		fprintf(f, ", \"width\": %u, \"value\": ", it->width);
		json_hex(f, it->value);
		fputs(", \"enum\": ", f);
		json_str(f, it->enum_name);
		fputs(", \"fields\": [", f);
		for (size_t i = 0; i < it->nfields; i++) {
			const struct dec_field *fl = &p->fields[it->first_field + i];

			fprintf(f, "%s{\"name\": ", i ? ", " : "");
			json_str(f, fl->name);
			fputs(", \"value\": ", f);
			json_hex(f, fl->value);
			fputs(", \"enum\": ", f);
			json_str(f, fl->enum_name);
			fprintf(f, ", \"boolean\": %s}", fl->boolean ? "true" : "false");
		}
		fputs("], \"leftover\": ", f);
		json_hex(f, it->leftover);
		if (it->space) {
			fputs(", \"space\": ", f);
			json_str(f, it->space);
			fputs(", \"addr\": ", f);
			json_hex(f, it->addr);
		}
	}
	fputs(", \"text\": ", f);
	json_str(f, it->text[0] ? it->text : NULL);
	fputc('}', f);
}

static void json_packet(struct dec_sink *s, const struct dec_packet *p)
{
	struct json_sink *j = (struct json_sink *)s;
	FILE *f = j->out;

	record(j, "packet");
	fprintf(f, ", \"offset\": %llu, \"level\": %u, \"header\": ", (unsigned long long)p->offset,
		p->level);
	json_hex(f, p->header);
	fputs(", \"kind\": ", f);
	json_str(f, p->kind);
	fputs(", \"name\": ", f);
	json_str(f, p->name[0] ? p->name : NULL);
	fprintf(f, ", \"dwords\": %u, \"status\": \"%s\", \"note\": ",
		p->expected ? p->expected - 1 : 0, status_names[p->status]);
	json_str(f, p->note[0] ? p->note : NULL);
	fputs(", \"raw\": [", f);
	for (uint32_t i = 0; i < p->nraw; i++) {
		fputs(i ? ", " : "", f);
		json_hex(f, p->raw[i]);
	}
	fputs("], \"items\": [", f);
	for (size_t i = 0; i < p->nitems; i++) {
		fputs(i ? ", " : "", f);
		json_item(f, p, &p->items[i]);
	}
	fputs("]}", f);
}

struct dec_sink *dec_json_sink_new(FILE *out)
{
	struct json_sink *j = calloc(1, sizeof(*j));

	if (!j)
		abort();
	j->out = out;
	j->first_input = true;
	j->sink.begin_stream = json_begin;
	j->sink.end_stream = json_end;
	j->sink.packet = json_packet;
	j->sink.note = json_note;
	fputs("{\"inputs\": [", out);
	return &j->sink;
}

void dec_json_begin_input(struct dec_sink *s, const struct dec_input *in, const char *driver,
			  const char *chip)
{
	struct json_sink *j = (struct json_sink *)s;

	fprintf(j->out, "%s\n{\"path\": ", j->first_input ? "" : ",");
	j->first_input = false;
	json_str(j->out, in->path);
	fputs(", \"driver\": ", j->out);
	json_str(j->out, driver);
	fputs(", \"gpu\": ", j->out);
	json_str(j->out, chip);
	fputs(", \"records\": [", j->out);
	j->first_record = true;
}

void dec_json_end_input(struct dec_sink *s, unsigned invalid)
{
	struct json_sink *j = (struct json_sink *)s;

	fprintf(j->out, "],\n\"invalid\": %u}", invalid);
}

void dec_json_sink_end(struct dec_sink *s)
{
	fputs("\n]}\n", ((struct json_sink *)s)->out);
}

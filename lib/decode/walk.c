// SPDX-License-Identifier: MIT
/* The walk over an input's command streams, shared by the backends. */
#include <stdio.h>

#include "decode/decode.h"

unsigned dec_walk_cmds(struct dec_base *base, const struct dec_input *in,
		       const struct dec_options *opt, struct dec_sink *sink, dec_walk_fn walk,
		       void *priv)
{
	unsigned invalid = 0, marked = base->b.invalid;
	char name[192], msg[160];

	base->in = in;
	base->no_follow = opt->no_follow;
	base->budget = dec_follow_budget(in);
	for (size_t i = 0; i < in->ncmds; i++) {
		const struct dec_cmd *c = &in->cmds[i];
		const uint32_t *dw = NULL;
		size_t avail = dec_input_find(in, c->submit, c->gpuaddr, &dw);
		uint32_t n = avail < c->ndwords ? (uint32_t)avail : c->ndwords;

		if (in->format == DEC_FORMAT_RD)
			snprintf(name, sizeof(name), "submit %u cmdstream%s%s%s", c->submit,
				 c->label ? " (" : "", c->label ? c->label : "", c->label ? ")" : "");
		else
			snprintf(name, sizeof(name), "stream");
		if (sink->begin_stream)
			sink->begin_stream(sink, name, c->gpuaddr, c->ndwords, 0);
		if (n < c->ndwords && sink->note) {
			snprintf(msg, sizeof(msg), "only %u of %u dwords of this stream are in the input",
				 n, c->ndwords);
			sink->note(sink, c->gpuaddr, msg);
			invalid++;
		}
		if (n)
			invalid += walk(priv, in, c, dw, n, sink);
		if (sink->end_stream)
			sink->end_stream(sink, 0);
	}
	return invalid + base->b.invalid - marked;
}

uint64_t dec_follow_budget(const struct dec_input *in)
{
	uint64_t total = 0;

	for (size_t i = 0; i < in->nbufs; i++)
		total += in->bufs[i].size / 4;
	return 16 * total + 4096;
}

/* Why @s (of which @avail dwords are in the input) is not walked; NULL: it is. */
static const char *not_followed(const struct dec_base *base, const struct dec_stream *s,
				size_t avail)
{
	if (avail < s->size)
		return "its memory is not in the input";
	if (s->too_deep)
		return "nested too deep";
	if (s->size > base->budget)
		return "follow budget exceeded";
	return NULL;
}

bool dec_follow(struct dec_base *base, const struct dec_stream *s, dec_stream_fn walk,
		void *priv, struct dec_sink *sink)
{
	const uint32_t *dw;
	size_t avail = dec_input_find(base->in, s->submit, s->addr, &dw);
	const char *why = not_followed(base, s, avail);
	char msg[160];

	if (why) {
		snprintf(msg, sizeof(msg), "%s at 0x%llx (%u dwords) not followed: %s", s->what,
			 (unsigned long long)s->addr, s->size, why);
		if (sink->note)
			sink->note(sink, s->at, msg);
		return false;
	}
	base->budget -= s->size;
	if (sink->begin_stream)
		sink->begin_stream(sink, s->what, s->addr, s->size, s->level);
	walk(priv, s->addr, dw, s->size, s->level, sink);
	if (sink->end_stream)
		sink->end_stream(sink, s->level);
	return true;
}

// SPDX-License-Identifier: MIT
/* The walk over an input's command streams, shared by the backends. */
#include <stdio.h>

#include "decode/decode.h"

unsigned dec_walk_cmds(struct dec_base *base, const struct dec_input *in, struct dec_sink *sink,
		       dec_walk_fn walk, void *priv)
{
	unsigned invalid = 0, marked = base->b.invalid;
	char name[192], msg[160];

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

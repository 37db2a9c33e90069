// SPDX-License-Identifier: MIT
/* Claims files for the discovery probes: finding, loading, listing, reporting. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/test.h"
#include "probe/claims.h"
#include "probe/verdict.h"

void probe_claims_load(struct probe_claims *c, const char *file)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->file, sizeof(c->file), "%s", file);
	c->db = probe_db_load(c->file);
	c->ctx = rnn_ctx_new(c->db);
}

static void add(struct probe_claims *c, const char *name, uint64_t offset,
		const struct rnn_elem *reg)
{
	struct probe_claim *claim;
	size_t n = 0;

	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 256;
		c->v = realloc(c->v, c->cap * sizeof(*c->v));
		igt_assert(c->v);
	}
	claim = memset(&c->v[c->n++], 0, sizeof(*claim));
	snprintf(claim->name, sizeof(claim->name), "%s", name);
	claim->offset = offset;
	claim->width = reg->width;
	claim->reg = reg;
	/* dynamic subtest names take [A-Za-z0-9_-]: CP_SCRATCH[3].X -> CP_SCRATCH-3-X */
	for (const char *p = name; *p && n + 1 < sizeof(claim->dyn); p++) {
		if (*p == ']')
			continue;
		claim->dyn[n++] = (*p == '[' || *p == '.') ? '-' : *p;
	}
	claim->dyn[n] = 0;
	for (unsigned int i = 0; i + 1 < c->n; i++)
		if (!strcmp(c->v[i].dyn, claim->dyn)) {
			snprintf(claim->dyn + n, sizeof(claim->dyn) - n, "-0x%" PRIx64, offset);
			break;
		}
}

/* "PREFIX.NAME" (or NAME), with "[i]" when @indexed */
static void join(char *out, size_t size, const char *prefix, const char *name, bool indexed,
		 uint64_t i)
{
	const char *dot = *prefix ? "." : "";

	if (indexed)
		snprintf(out, size, "%s%s%s[%" PRIu64 "]", prefix, dot, name, i);
	else
		snprintf(out, size, "%s%s%s", prefix, dot, name);
}

static void walk(struct probe_claims *c, const struct rnn_domain *d, const struct rnn_elem *e,
		 uint64_t base, const char *prefix)
{
	uint64_t at = base + e->offset;
	char name[128];

	if (!rnn_ctx_match(c->ctx, &e->varinfo))
		return;
	if (e->kind == RNN_ELEM_REG) {
		unsigned int unit = d->width ? d->width : 8;
		uint64_t n = e->has_length ? e->length : 1;
		uint64_t size = e->width > unit ? e->width / unit : 1;
		uint64_t stride = e->stride ? e->stride : size;
		const struct rnn_elem *up = e->parent;
		/* the array's element itself: REG, or NAME(i) in an array NAME */
		bool elem = up && up->kind == RNN_ELEM_ARRAY && up->name &&
			    (!strcmp(e->name, "REG") || !strcmp(e->name, up->name));

		for (uint64_t i = 0; i < n; i++) {
			if (elem)
				snprintf(name, sizeof(name), "%s", prefix);
			else
				join(name, sizeof(name), prefix, e->name, e->has_length, i);
			add(c, name, at + i * stride, e);
		}
		return;
	}
	for (uint64_t i = 0; i < (e->kind == RNN_ELEM_ARRAY ? e->length : 1); i++) {
		if (!e->name)
			snprintf(name, sizeof(name), "%s", prefix);
		else
			join(name, sizeof(name), prefix, e->name, e->kind == RNN_ELEM_ARRAY, i);
		for (size_t k = 0; k < e->nchildren; k++)
			walk(c, d, e->children[k], at + i * e->stride, name);
	}
}

void probe_claims_collect(struct probe_claims *c, const struct rnn_domain *d)
{
	c->domain = d;
	if (!rnn_ctx_match(c->ctx, &d->varinfo))
		return;
	for (size_t i = 0; i < d->nelems; i++)
		walk(c, d, d->elems[i], 0, "");
}

void probe_claims_free(struct probe_claims *c)
{
	free(c->v);
	if (c->ctx)
		rnn_ctx_free(c->ctx);
	if (c->db)
		rnn_db_free(c->db);
	memset(c, 0, sizeof(*c));
}

unsigned int probe_claims_targets(const struct probe_claims *c, bool all)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < c->n; i++)
		n += all || c->v[i].target;
	return n;
}

struct probe_opts probe_opts;

int probe_opt(int opt, int opt_index, void *data)
{
	switch (opt) {
	case PROBE_OPT_CLAIMS:
		probe_opts.claims = optarg;
		return IGT_OPT_HANDLER_SUCCESS;
	case PROBE_OPT_DOMAIN:
		probe_opts.domain = optarg;
		return IGT_OPT_HANDLER_SUCCESS;
	case PROBE_OPT_FLAG:
		probe_opts.flag = true;
		return IGT_OPT_HANDLER_SUCCESS;
	}
	return IGT_OPT_HANDLER_ERROR;
}

const char *probe_claim_text(const struct probe_claim *c, char *out, size_t size)
{
	snprintf(out, size, "%s @0x%" PRIx64, c->name, c->offset);
	return out;
}

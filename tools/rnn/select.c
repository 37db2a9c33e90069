// SPDX-License-Identifier: MIT
/*
 * rnn-headergen: per-variant selectors. A register defined once per
 * variant (REG_A5XX_X and REG_A6XX_X in one domain, or X__G2 after a
 * clash) also gets
 *
 *	static inline uint32_t REG_<DOMAIN>_<NAME>_for(enum <varset> v, indices...)
 *
 * returning the offset for variant v; a variant without the register is a
 * fatal error (rnn_bad_variant). Written only when every definition is
 * limited by the same enum-backed varset and takes the same indices; where
 * definitions overlap, the first one defined wins.
 */
#include <stdlib.h>
#include <string.h>

#include "headergen.h"
#include "util/util.h"

void hg_select_add(struct hg *g, const char *plain, const char *id,
		   const struct rnn_elem *e, unsigned nidx)
{
	struct hg_select *s;

	g->sels = realloc(g->sels, (g->nsels + 1) * sizeof(*g->sels));
	if (!g->sels)
		abort();
	s = &g->sels[g->nsels];
	*s = (struct hg_select){ hg_join("REG", plain), xstrdup(id), e, nidx, g->nsels };
	g->nsels++;
}

static int sel_cmp(const void *a, const void *b)
{
	const struct hg_select *x = a, *y = b;
	int c = strcmp(x->plain, y->plain);

	return c ? c : x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The one constraint every member shares, or NULL. */
static const struct rnn_varset *common_varset(const struct hg_select *s, size_t n)
{
	const struct rnn_varset *vs = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct rnn_varinfo *vi = &s[i].e->varinfo;

		if (vi->ncons != 1 || s[i].nidx != s[0].nidx)
			return NULL;
		if (vs && vi->cons[0].varset != vs)
			return NULL;
		vs = vi->cons[0].varset;
	}
	return vs && vs->venum ? vs : NULL;
}

/* ", uint32_t i0, uint32_t i1" for a declaration, "i0, i1" for a call. */
static void emit_args(FILE *o, unsigned nidx, bool decl)
{
	for (unsigned i = 0; i < nidx; i++) {
		if (decl)
			fprintf(o, ", uint32_t i%u", i);
		else
			fprintf(o, "%si%u", i ? ", " : "", i);
	}
}

static void emit_selector(struct hg *g, const struct hg_select *s, size_t n,
			  const struct rnn_varset *vs)
{
	char *name, *vname = hg_ident(vs->name, false);
	uint8_t *used = calloc(vs->nnames + 1, 1);
	FILE *o = g->out;

	if (asprintf(&name, "%s_for", s[0].plain) < 0 || !used)
		abort();
	if (!hg_claim(&g->names, name))
		goto out;
	fprintf(o, "static inline uint32_t %s(enum %s v", name, vname);
	emit_args(o, s[0].nidx, true);
	fprintf(o, ")\n{\n\tswitch (v) {\n");
	for (size_t i = 0; i < n; i++) {
		const uint8_t *bits = s[i].e->varinfo.cons[0].bits;
		bool any = false;

		for (size_t j = 0; j < vs->nnames; j++) {
			char *label;

			if (!bits[j] || used[j])
				continue;
			used[j] = any = true;
			label = hg_ident(vs->names[j], false);
			fprintf(o, "\tcase %s:\n", label);
			free(label);
		}
		if (!any)
			continue;
		fprintf(o, "\t\treturn %s", s[i].id);
		if (s[i].nidx) {
			fputc('(', o);
			emit_args(o, s[i].nidx, false);
			fputc(')', o);
		}
		fprintf(o, ";\n");
	}
	fprintf(o, "\tdefault:\n\t\trnn_bad_variant(\"%s\", (int)v);\n\t}\n}\n\n", name);
out:
	free(used);
	free(vname);
	free(name);
}

/* Write the selectors of one domain, in name order. */
void hg_select_flush(struct hg *g)
{
	size_t i = 0;

	if (g->nsels)
		qsort(g->sels, g->nsels, sizeof(*g->sels), sel_cmp);
	while (i < g->nsels) {
		size_t n = 1;
		const struct rnn_varset *vs;

		while (i + n < g->nsels && !strcmp(g->sels[i].plain, g->sels[i + n].plain))
			n++;
		vs = n > 1 ? common_varset(&g->sels[i], n) : NULL;
		if (vs)
			emit_selector(g, &g->sels[i], n, vs);
		i += n;
	}
	for (i = 0; i < g->nsels; i++) {
		free(g->sels[i].plain);
		free(g->sels[i].id);
	}
	free(g->sels);
	g->sels = NULL;
	g->nsels = 0;
}

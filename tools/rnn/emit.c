// SPDX-License-Identifier: MIT
/*
 * rnn-headergen: the C output. Per register: an offset (#define, or a
 * function of the array indices), per field __MASK/__SHIFT and a checked
 * shift helper, inline values as #defines, and a packer struct + function +
 * wrapper macro. See tools/rnn/README.md for the naming scheme.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "headergen.h"
#include "util/util.h"

#define MAX_IDX RNN_MAX_DEPTH

struct place {
	const char *prefix;	/* identifier so far, e.g. "A6XX_CP_SCRATCH" */
	const char *plain;	/* the same under the domain's own name */
	const char *array;	/* the enclosing array's name, or NULL */
	uint64_t base;
	uint64_t strides[MAX_IDX];
	unsigned nidx;
};

/* The first variant an element is limited to, or NULL if it has none. */
const char *hg_first_variant(const struct rnn_varinfo *vi)
{
	for (size_t i = 0; i < vi->ncons; i++) {
		const struct rnn_varcons *c = &vi->cons[i];
		size_t set = 0, first = 0;

		for (size_t j = c->varset->nnames; j-- > 0;)
			if (c->bits[j])
				set++, first = j;
		if (set && set < c->varset->nnames)
			return c->varset->names[first];
	}
	return NULL;
}

/*
 * Claim @id for output. On a clash, a variant-limited element retries as
 * "<id>__<first variant>"; otherwise the definition is left out with a
 * comment. Returns the identifier to use (caller frees) or NULL.
 */
static char *claim(struct hg *g, const char *id, const struct rnn_varinfo *vi)
{
	const char *v = vi ? hg_first_variant(vi) : NULL;
	char *alt;

	if (hg_claim(&g->names, id))
		return xstrdup(id);
	if (v) {
		if (asprintf(&alt, "%s__%s", id, v) < 0)
			abort();
		if (hg_claim(&g->names, alt))
			return alt;
		free(alt);
	}
	fprintf(g->out, "/* %s: name clash, left out */\n", id);
	return NULL;
}

void hg_emit_enum(struct hg *g, const struct rnn_enum *e)
{
	char *name = hg_ident(e->name, false);
	char *tag;
	bool any = false;

	/* enum and struct tags share one C namespace */
	if (asprintf(&tag, "tag %s", name) < 0)
		abort();
	if (!hg_claim(&g->names, tag)) {
		fprintf(g->out, "/* enum %s: name clash, left out */\n\n", name);
		goto out;
	}
	for (size_t i = 0; i < e->nvals; i++) {
		const struct rnn_value *v = e->vals[i];
		char *id = hg_ident(v->name, false), *use = claim(g, id, &v->varinfo);

		if (use) {
			if (!any)
				fprintf(g->out, "enum %s {\n", name);
			fprintf(g->out, "\t%s = 0x%" PRIx64 ",\n", use, v->value);
			any = true;
		}
		free(use);
		free(id);
	}
	if (any)
		fprintf(g->out, "};\n\n");
out:
	free(tag);
	free(name);
}

static void emit_values(struct hg *g, const char *prefix, struct rnn_value **vals, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *id = hg_join(prefix, vals[i]->name), *fixed = hg_ident(id, false);
		char *use = claim(g, fixed, &vals[i]->varinfo);

		if (use)
			fprintf(g->out, "#define %s 0x%" PRIx64 "\n", use, vals[i]->value);
		free(use);
		free(fixed);
		free(id);
	}
}

struct packed_field {
	const struct rnn_bitfield *bf;
	char *func;		/* the helper's name */
	char *member;		/* the packer struct's member */
};

/*
 * "NAME__get(reg)": the field's value in a register value @type, as the
 * database defines it — shifted down, the shr bits restored, a signed
 * field sign-extended — so that readers never mask and shift by hand.
 */
static void emit_getter(FILE *o, const char *use, const struct rnn_bitfield *bf, const char *type)
{
	bool wide = !strcmp(type, "uint64_t");
	unsigned bits = bf->high - bf->low + 1;

	if (bf->type.kind == RNN_TYPE_INT) {
		fprintf(o, "static inline %s %s__get(%s reg)\n{\n", wide ? "int64_t" : "int32_t", use,
			type);
		fprintf(o, "\treturn (%s)((int64_t)((uint64_t)reg << %u) >> %u);\n}\n",
			wide ? "int64_t" : "int32_t", 63 - bf->high, 64 - bits);
		return;
	}
	fprintf(o, "static inline %s %s__get(%s reg)\n{\n", type, use, type);
	fprintf(o, "\treturn (%s)(((reg & 0x%" PRIx64 "ull) >> %u)", type, bf->mask, bf->low);
	if (bf->type.shr)
		fprintf(o, " << %u", bf->type.shr);
	fprintf(o, ");\n}\n");
}

static char *emit_field(struct hg *g, const char *prefix, const struct rnn_bitfield *bf,
			const char *type)
{
	char *id = hg_join(prefix, bf->name), *fixed = hg_ident(id, false);
	char *use = claim(g, fixed, &bf->varinfo);
	unsigned bits = bf->high - bf->low + 1;
	FILE *o = g->out;

	free(id);
	free(fixed);
	if (!use)
		return NULL;
	fprintf(o, "#define %s__MASK 0x%" PRIx64 "\n", use, bf->mask);
	fprintf(o, "#define %s__SHIFT %u\n", use, bf->low);
	if (bf->type.shr)
		fprintf(o, "#define %s__SHR %u\n", use, bf->type.shr);
	if (bf->type.kind == RNN_TYPE_INT) {
		fprintf(o, "static inline %s %s(int64_t v)\n{\n", type, use);
		fprintf(o, "\trnn_check_int(\"%s\", v, %u);\n", use, bits);
		fprintf(o, "\treturn (%s)(((uint64_t)v << %u) & 0x%" PRIx64 "ull);\n}\n",
			type, bf->low, bf->mask);
	} else {
		fprintf(o, "static inline %s %s(uint64_t v)\n{\n", type, use);
		fprintf(o, "\trnn_check_uint(\"%s\", v, %u, %u);\n", use, bits, bf->type.shr);
		fprintf(o, "\treturn (%s)((v", type);
		if (bf->type.shr)
			fprintf(o, " >> %u", bf->type.shr);
		fprintf(o, " << %u) & 0x%" PRIx64 "ull);\n}\n", bf->low, bf->mask);
	}
	emit_getter(o, use, bf, type);
	emit_values(g, use, bf->type.vals, bf->type.nvals);
	return use;
}

static bool member_taken(const struct packed_field *pf, size_t n, const char *m)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(pf[i].member, m))
			return true;
	return false;
}

static void emit_packer_as(struct hg *g, const char *name, struct packed_field *pf,
			   size_t n, const char *type)
{
	char *pack;
	uint64_t known = 0;
	FILE *o = g->out;

	if (asprintf(&pack, "%s_pack", name) < 0)
		abort();
	fprintf(o, "struct %s {\n", name);
	for (size_t i = 0; i < n; i++) {
		bool sint = pf[i].bf->type.kind == RNN_TYPE_INT;

		fprintf(o, "\t%s %s;\n", sint ? "int64_t" : type, pf[i].member);
		known |= pf[i].bf->mask;
	}
	fprintf(o, "\t%s unknown;\n};\n", type);
	fprintf(o, "static inline %s %s(struct %s f)\n{\n", type, pack, name);
	fprintf(o, "\trnn_check_unknown(\"%s.unknown\", f.unknown, 0x%" PRIx64 "ull);\n",
		name, known);
	fprintf(o, "\treturn f.unknown");
	for (size_t i = 0; i < n; i++)
		fprintf(o, " |\n\t       %s(f.%s)", pf[i].func, pf[i].member);
	fprintf(o, ";\n}\n");
	if (hg_claim(&g->names, name))
		fprintf(o, "#define %s(...) %s((struct %s){ __VA_ARGS__ })\n", name, pack, name);
	else
		fprintf(o, "/* %s(...): name clash, use %s() */\n", name, pack);
	free(pack);
}

/*
 * The packer is "struct NAME", NAME_pack() and NAME(...); on a clash of
 * the struct or the function, NAME__<first variant> as for other names.
 */
static void emit_packer(struct hg *g, const char *name, struct packed_field *pf,
			size_t n, const char *type, const struct rnn_varinfo *vi)
{
	const char *v = vi ? hg_first_variant(vi) : NULL;
	char *alt = NULL;

	for (int tries = 0; tries < 2; tries++) {
		const char *use = tries ? alt : name;
		char *tag, *pack;
		bool ok;

		if (!use)
			break;
		if (asprintf(&tag, "tag %s", use) < 0 || asprintf(&pack, "%s_pack", use) < 0)
			abort();
		ok = hg_claim(&g->names, tag) && hg_claim(&g->names, pack);
		free(tag);
		free(pack);
		if (ok) {
			emit_packer_as(g, use, pf, n, type);
			free(alt);
			return;
		}
		if (v && !alt && asprintf(&alt, "%s__%s", name, v) < 0)
			abort();
	}
	fprintf(g->out, "/* struct %s: name clash, no packer */\n", name);
	free(alt);
}

/* Field helpers and a packer for the fields of one register or bitset. */
static void emit_fields(struct hg *g, const char *prefix, struct rnn_bitfield **fields,
			size_t n, unsigned width, const struct rnn_varinfo *vi)
{
	const char *type = width > 32 ? "uint64_t" : "uint32_t";
	struct packed_field *pf = calloc(n ? n : 1, sizeof(*pf));
	size_t npf = 0;

	if (!pf)
		abort();
	for (size_t i = 0; i < n; i++) {
		char *func = emit_field(g, prefix, fields[i], type);
		char *member;

		if (!func)
			continue;
		member = hg_ident(fields[i]->name, true);
		if (member_taken(pf, npf, member)) {
			/* same name in another variant: one member sets both */
			free(member);
			free(func);
			continue;
		}
		pf[npf++] = (struct packed_field){ fields[i], func, member };
	}
	if (npf)
		emit_packer(g, prefix, pf, npf, type, vi);
	for (size_t i = 0; i < npf; i++) {
		free(pf[i].func);
		free(pf[i].member);
	}
	free(pf);
}

void hg_emit_bitset(struct hg *g, const struct rnn_bitset *bs)
{
	char *prefix = hg_ident(bs->name, false);
	unsigned width = 32;

	for (size_t i = 0; i < bs->nfields; i++)
		if (bs->fields[i]->high >= 32)
			width = 64;
	fprintf(g->out, "/* bitset %s */\n", bs->name);
	emit_fields(g, prefix, bs->fields, bs->nfields, width, &bs->varinfo);
	fputc('\n', g->out);
	free(prefix);
}

/* "static inline uint32_t NAME(uint32_t i0, ...) { return ...; }" or a #define. */
static void emit_offset(struct hg *g, const char *id, const struct place *pl, uint64_t off)
{
	FILE *o = g->out;

	if (!pl->nidx) {
		fprintf(o, "#define %s 0x%" PRIx64 "\n", id, off);
		return;
	}
	fprintf(o, "static inline uint32_t %s(", id);
	for (unsigned i = 0; i < pl->nidx; i++)
		fprintf(o, "%suint32_t i%u", i ? ", " : "", i);
	fprintf(o, ")\n{\n\treturn 0x%" PRIx64, off);
	for (unsigned i = 0; i < pl->nidx; i++)
		fprintf(o, " + 0x%" PRIx64 " * i%u", pl->strides[i], i);
	fprintf(o, ";\n}\n");
}

static void emit_elems(struct hg *g, struct rnn_elem **elems, size_t n,
		       const struct place *pl, const struct rnn_domain *d);

static void emit_reg_id(struct hg *g, const char *path, const char *plain,
			const struct rnn_elem *e, const struct place *pl)
{
	char *reg = hg_join("REG", path), *use;

	use = claim(g, reg, &e->varinfo);
	if (use)
		emit_offset(g, use, pl, pl->base + e->offset);
	if (use && hg_first_variant(&e->varinfo))
		hg_select_add(g, plain, use, e, pl->nidx);
	if (use && e->has_length) {
		fprintf(g->out, "#define %s__LEN 0x%" PRIx64 "\n", use, e->length);
		fprintf(g->out, "#define %s__ESIZE 0x%" PRIx64 "\n", use, e->stride);
	}
	free(use);
	free(reg);
}

static void emit_reg(struct hg *g, const struct rnn_elem *e, const struct place *pl)
{
	struct place inner = *pl;
	bool same = pl->array && !strcmp(pl->array, e->name);
	char *path = same ? xstrdup(pl->prefix) : hg_join(pl->prefix, e->name);
	char *plain = same ? xstrdup(pl->plain) : hg_join(pl->plain, e->name);
	char *fixed = hg_ident(path, false);

	if (e->has_length && inner.nidx < MAX_IDX)
		inner.strides[inner.nidx++] = e->stride;
	emit_reg_id(g, fixed, plain, e, &inner);
	free(plain);
	if (e->type.nfields)
		emit_fields(g, fixed, e->type.fields, e->type.nfields, e->width, &e->varinfo);
	else
		emit_values(g, fixed, e->type.vals, e->type.nvals);
	fputc('\n', g->out);
	free(fixed);
	free(path);
}

/*
 * nouveau's NAME(i) and NAME(i,j) are arrays holding a register (or array)
 * of the same name at offset 0: the innermost one gets the name, with
 * every index, so REG_NVB197_X(i, j) is the register.
 */
static bool has_same_named_child(const struct rnn_elem *e)
{
	for (size_t i = 0; i < e->nchildren; i++)
		if (e->children[i]->name && !e->children[i]->offset &&
		    !strcmp(e->children[i]->name, e->name))
			return true;
	return false;
}

/*
 * Length and stride of index i<k> of a register named like its arrays:
 * REG_X__LEN for i0, REG_X__LEN_I1 for i1 of REG_X(i0, i1).
 */
static void emit_len(struct hg *g, const char *path, const struct rnn_elem *e, unsigned k)
{
	char suffix[16] = "", *id;

	if (k)
		snprintf(suffix, sizeof(suffix), "_I%u", k);
	if (asprintf(&id, "REG_%s__LEN%s", path, suffix) < 0)
		abort();
	if (hg_claim(&g->names, id)) {
		fprintf(g->out, "#define %s 0x%" PRIx64 "\n", id, e->length);
		fprintf(g->out, "#define REG_%s__ESIZE%s 0x%" PRIx64 "\n", path, suffix,
			e->stride);
	}
	free(id);
}

/*
 * An array's name, or a stripe's name or else its prefix (freedreno's
 * prefix="INDEXED"); a prefix naming a varset only selects variant names.
 */
static const char *group_name(const struct hg *g, const struct rnn_elem *e)
{
	if (e->name || e->kind != RNN_ELEM_STRIPE || !e->prefix)
		return e->name;
	if (!strcmp(e->prefix, "variant") || rnn_find_varset(g->db, e->prefix))
		return NULL;
	return e->prefix;
}

static void emit_group(struct hg *g, const struct rnn_elem *e, const struct place *pl,
		       const struct rnn_domain *d)
{
	struct place inner = *pl, at = *pl;
	const char *part = group_name(g, e);
	bool same = part && pl->array && !strcmp(pl->array, part);
	char *path = part && !same ? hg_join(pl->prefix, part) : xstrdup(pl->prefix);
	char *plain = part && !same ? hg_join(pl->plain, part) : xstrdup(pl->plain);
	char *fixed = hg_ident(path, false);

	inner.prefix = fixed;
	inner.plain = plain;
	inner.array = e->kind == RNN_ELEM_ARRAY ? e->name : NULL;
	inner.base = pl->base + e->offset;
	if (e->has_length && inner.nidx < MAX_IDX) {
		inner.strides[inner.nidx++] = e->stride;
		at.strides[at.nidx++] = e->stride;
		if (e->name && !has_same_named_child(e))
			emit_reg_id(g, fixed, plain, e, &at);
		else if (e->name)
			emit_len(g, fixed, e, at.nidx - 1);
	}
	emit_elems(g, e->children, e->nchildren, &inner, d);
	free(fixed);
	free(plain);
	free(path);
}

static void emit_elems(struct hg *g, struct rnn_elem **elems, size_t n,
		       const struct place *pl, const struct rnn_domain *d)
{
	for (size_t i = 0; i < n; i++) {
		if (elems[i]->kind == RNN_ELEM_REG)
			emit_reg(g, elems[i], pl);
		else
			emit_group(g, elems[i], pl, d);
	}
}

/*
 * Domains with a prefix name an element limited to some variants after the
 * first of them, as freedreno does: prefix="variant" replaces the domain
 * name (REG_A7XX_... in domain A6XX), any other prefix (a varset, e.g.
 * prefix="chip") goes before it (A5XX_CP_EXEC_CS_INDIRECT_...).
 */
void hg_emit_domain(struct hg *g, const struct rnn_domain *d)
{
	char *dname = hg_ident(d->name, false);

	fprintf(g->out, "/* domain %s (%u-bit units) */\n", d->name, d->width);
	for (size_t i = 0; i < d->nelems; i++) {
		const char *v = d->prefix ? hg_first_variant(&d->elems[i]->varinfo) : NULL;
		char *prefix;
		struct place pl;

		if (!v)
			prefix = xstrdup(d->bare ? "" : dname);
		else if (!strcmp(d->prefix, "variant"))
			prefix = hg_ident(v, false);
		else
			prefix = hg_join(v, d->bare ? "" : dname);
		pl = (struct place){ .prefix = prefix, .plain = d->bare ? "" : dname };
		emit_elems(g, &d->elems[i], 1, &pl, d);
		free(prefix);
	}
	hg_select_flush(g);
	free(dname);
}

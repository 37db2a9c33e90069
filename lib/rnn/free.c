// SPDX-License-Identifier: MIT
/* rnn: freeing the database tree. */
#include <stdlib.h>

#include "rnn/internal.h"

void rnn_varinfo_fini(struct rnn_varinfo *vi)
{
	for (size_t i = 0; i < vi->ncons; i++)
		free(vi->cons[i].bits);
	free(vi->cons);
	free(vi->varset);
	free(vi->variants);
}

void rnn_value_free(struct rnn_value *v)
{
	rnn_varinfo_fini(&v->varinfo);
	free(v->name);
	free(v->doc);
	free(v);
}

/* Each list of the tree owns its members: free them, then the list. */
static void free_values(struct rnn_value **vals, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rnn_value_free(vals[i]);
	free(vals);
}

static void free_bitfields(struct rnn_bitfield **fields, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rnn_bitfield_free(fields[i]);
	free(fields);
}

static void free_elems(struct rnn_elem **elems, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rnn_elem_free(elems[i]);
	free(elems);
}

void rnn_typeinfo_fini(struct rnn_typeinfo *ti)
{
	free_values(ti->vals, ti->nvals);
	free_bitfields(ti->fields, ti->nfields);
	free(ti->by_value);
	free(ti->name);
}

void rnn_bitfield_free(struct rnn_bitfield *bf)
{
	rnn_varinfo_fini(&bf->varinfo);
	rnn_typeinfo_fini(&bf->type);
	free(bf->name);
	free(bf->doc);
	free(bf);
}

void rnn_enum_free(struct rnn_enum *e)
{
	free_values(e->vals, e->nvals);
	rnn_varinfo_fini(&e->varinfo);
	free(e->by_value);
	free(e->name);
	free(e->prefix);
	free(e->doc);
	free(e);
}

void rnn_bitset_free(struct rnn_bitset *bs)
{
	free_bitfields(bs->fields, bs->nfields);
	rnn_varinfo_fini(&bs->varinfo);
	free(bs->name);
	free(bs->prefix);
	free(bs->doc);
	free(bs);
}

void rnn_elem_free(struct rnn_elem *e)
{
	free_elems(e->children, e->nchildren);
	rnn_varinfo_fini(&e->varinfo);
	rnn_typeinfo_fini(&e->type);
	free(e->spans);
	free(e->name);
	free(e->access);
	free(e->usage);
	free(e->kind_name);
	free(e->index);
	free(e->prefix);
	free(e->doc);
	free(e);
}

void rnn_domain_free(struct rnn_domain *d)
{
	free_elems(d->elems, d->nelems);
	rnn_varinfo_fini(&d->varinfo);
	free(d->spans);
	free(d->name);
	free(d->prefix);
	free(d->kinds);
	free(d->doc);
	free(d);
}

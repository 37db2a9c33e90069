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

void rnn_typeinfo_fini(struct rnn_typeinfo *ti)
{
	for (size_t i = 0; i < ti->nvals; i++)
		rnn_value_free(ti->vals[i]);
	for (size_t i = 0; i < ti->nfields; i++)
		rnn_bitfield_free(ti->fields[i]);
	free(ti->vals);
	free(ti->fields);
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
	for (size_t i = 0; i < e->nvals; i++)
		rnn_value_free(e->vals[i]);
	rnn_varinfo_fini(&e->varinfo);
	free(e->vals);
	free(e->by_value);
	free(e->name);
	free(e->prefix);
	free(e->doc);
	free(e);
}

void rnn_bitset_free(struct rnn_bitset *bs)
{
	for (size_t i = 0; i < bs->nfields; i++)
		rnn_bitfield_free(bs->fields[i]);
	rnn_varinfo_fini(&bs->varinfo);
	free(bs->fields);
	free(bs->name);
	free(bs->prefix);
	free(bs->doc);
	free(bs);
}

void rnn_elem_free(struct rnn_elem *e)
{
	for (size_t i = 0; i < e->nchildren; i++)
		rnn_elem_free(e->children[i]);
	rnn_varinfo_fini(&e->varinfo);
	rnn_typeinfo_fini(&e->type);
	free(e->children);
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
	for (size_t i = 0; i < d->nelems; i++)
		rnn_elem_free(d->elems[i]);
	rnn_varinfo_fini(&d->varinfo);
	free(d->elems);
	free(d->spans);
	free(d->name);
	free(d->prefix);
	free(d->kinds);
	free(d->doc);
	free(d);
}

// SPDX-License-Identifier: MIT
/*
 * rnn: turning a parsed XML document into the database tree. Every element
 * and attribute outside the supported subset is an error with file:line, so
 * a typo in a database never silently drops a register.
 */
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "rnn/internal.h"
#include "util/parse.h"

struct parser {
	struct rnn_db *db;
	const char *file;	/* the db's stored copy */
	const char *dir;	/* for imports */
};

struct node_ctx {
	const char *varset;	/* inherited varset name */
};

static int line_of(const xmlNode *n)
{
	return (int)xmlGetLineNo((xmlNode *)n);
}

static bool is(const xmlNode *n, const char *name)
{
	return !strcmp((const char *)n->name, name);
}

static void perr(struct parser *p, const xmlNode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void perr(struct parser *p, const xmlNode *n, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		abort();
	va_end(ap);
	rnn_error(p->db, p->file, line_of(n), "%s", msg);
	free(msg);
}

/* @allowed: a space-separated list of attribute names. */
static void check_attrs(struct parser *p, const xmlNode *n, const char *allowed)
{
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		const char *name = (const char *)a->name;
		const char *s = allowed;
		size_t len = strlen(name);
		bool ok = false;

		while ((s = strstr(s, name))) {
			if ((s == allowed || s[-1] == ' ') && (s[len] == ' ' || !s[len])) {
				ok = true;
				break;
			}
			s += len;
		}
		/* schema attributes of the root, e.g. xsi:schemaLocation */
		if (a->ns && a->ns->prefix && !strcmp((const char *)a->ns->prefix, "xsi"))
			ok = is(n, "database");
		if (!ok)
			perr(p, n, "unknown attribute '%s' on <%s>", name, n->name);
	}
}

static char *attr(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp((xmlNode *)n, (const xmlChar *)name);
	char *s;

	if (!v)
		return NULL;
	s = rnn_xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

static char *required(struct parser *p, const xmlNode *n, const char *name)
{
	char *v = attr(n, name);

	if (!v)
		perr(p, n, "<%s> needs the attribute '%s'", n->name, name);
	return v;
}

/* A name is required; after reporting its absence, "" keeps the tree usable. */
static char *required_name(struct parser *p, const xmlNode *n)
{
	char *v = required(p, n, "name");

	return v ? v : rnn_xstrdup("");
}

/* Returns true if the attribute is present (and valid). */
static bool attr_u64(struct parser *p, const xmlNode *n, const char *name,
		     uint64_t *out)
{
	char *v = attr(n, name);
	bool ok;

	if (!v)
		return false;
	ok = util_parse_u64(v, 0, out);
	if (!ok)
		perr(p, n, "bad number '%s' in attribute '%s'", v, name);
	free(v);
	return ok;
}

static bool attr_bool(struct parser *p, const xmlNode *n, const char *name)
{
	char *v = attr(n, name);
	bool val = false;

	if (!v)
		return false;
	if (!strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "1"))
		val = true;
	else if (strcmp(v, "no") && strcmp(v, "false") && strcmp(v, "0"))
		perr(p, n, "bad boolean '%s' in attribute '%s'", v, name);
	free(v);
	return val;
}

/* Append the trimmed text of a <doc> to *doc. */
static void add_doc(char **doc, const xmlNode *n)
{
	xmlChar *raw = xmlNodeGetContent((xmlNode *)n);
	const char *s = (const char *)raw;
	size_t len, old;

	if (!raw)
		return;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	len = strlen(s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n'))
		len--;
	old = *doc ? strlen(*doc) : 0;
	*doc = rnn_xrealloc(*doc, old + len + 2);
	if (old)
		(*doc)[old++] = '\n';
	memcpy(*doc + old, s, len);
	(*doc)[old + len] = 0;
	xmlFree(raw);
}

/*
 * The rest of a child loop: a <doc> child of @n adds to *@doc; any other
 * child the caller did not take is an error.
 */
static void doc_or_unknown(struct parser *p, const xmlNode *n, const xmlNode *c, char **doc)
{
	if (is(c, "doc"))
		add_doc(doc, c);
	else
		perr(p, c, "unknown element <%s> in <%s>", c->name, n->name);
}

/*
 * The varset in force below @n: its own attribute, else the inherited one.
 * The returned string is owned by the element's varinfo.
 */
static const char *read_varinfo(const xmlNode *n, struct rnn_varinfo *vi,
				const char *inherited)
{
	vi->varset = attr(n, "varset");
	if (!vi->varset)
		vi->varset = rnn_xstrdup(inherited);
	vi->variants = attr(n, "variants");
	return vi->varset;
}

/* The first element at or after @c: text, comments and the like are not children here. */
static const xmlNode *element_from(const xmlNode *c)
{
	while (c && c->type != XML_ELEMENT_NODE)
		c = c->next;
	return c;
}

/* Each child element @c of @n, in document order. */
#define for_each_child_element(c, n) \
	for (const xmlNode *c = element_from((n)->children); c; c = element_from(c->next))

static void parse_enum(struct parser *p, const xmlNode *n, const char *varset);
static void parse_bitset(struct parser *p, const xmlNode *n, const char *varset);

/* enums and bitsets may be defined anywhere; they are global. */
static bool parse_global(struct parser *p, const xmlNode *c, const char *varset)
{
	if (is(c, "enum"))
		parse_enum(p, c, varset);
	else if (is(c, "bitset"))
		parse_bitset(p, c, varset);
	else
		return false;
	return true;
}

static struct rnn_value *parse_value(struct parser *p, const xmlNode *n,
				     const char *varset, uint64_t *next)
{
	struct rnn_value *v = xcalloc(1, sizeof(*v));

	check_attrs(p, n, "name value variants varset");
	v->file = p->file;
	v->line = line_of(n);
	v->name = required_name(p, n);
	/* freedreno: a value without value= follows the previous one */
	if (!attr_u64(p, n, "value", &v->value))
		v->value = *next;
	*next = v->value + 1;
	read_varinfo(n, &v->varinfo, varset);
	for_each_child_element(c, n)
		doc_or_unknown(p, n, c, &v->doc);
	return v;
}

static void read_type(struct parser *p, const xmlNode *n, struct rnn_typeinfo *t)
{
	uint64_t v;

	t->name = attr(n, "type");
	t->radix = -1;
	if (attr_u64(p, n, "shr", &v)) {
		if (v > 63)
			perr(p, n, "shr %llu is more than 63", (unsigned long long)v);
		else
			t->shr = (unsigned)v;
	}
	if (attr_u64(p, n, "radix", &v)) {
		if (v > 64)
			perr(p, n, "radix %llu is more than 64", (unsigned long long)v);
		else
			t->radix = (int)v;
	}
}

static struct rnn_bitfield *parse_bitfield(struct parser *p, const xmlNode *n,
					   const char *varset);

/* <value> and <bitfield> children of a register or bitfield. */
static bool parse_type_child(struct parser *p, const xmlNode *c,
			     struct rnn_typeinfo *t, const char *varset,
			     uint64_t *next, bool fields_ok)
{
	if (is(c, "value")) {
		rnn_push(t->vals, t->nvals, parse_value(p, c, varset, next));
		return true;
	}
	if (fields_ok && is(c, "bitfield")) {
		rnn_push(t->fields, t->nfields, parse_bitfield(p, c, varset));
		return true;
	}
	return false;
}

static struct rnn_bitfield *parse_bitfield(struct parser *p, const xmlNode *n,
					   const char *varset)
{
	struct rnn_bitfield *bf = xcalloc(1, sizeof(*bf));
	uint64_t low = 0, high = 0, pos, next = 0;
	bool has_low, has_high;

	check_attrs(p, n, "name low high pos type shr variants varset radix addvariant");
	bf->file = p->file;
	bf->line = line_of(n);
	bf->name = required_name(p, n);
	has_low = attr_u64(p, n, "low", &low);
	has_high = attr_u64(p, n, "high", &high);
	if (attr_u64(p, n, "pos", &pos)) {
		if (has_low || has_high)
			perr(p, n, "bitfield %s has both pos and low/high", bf->name);
		low = high = pos;
	} else if (!has_low || !has_high) {
		perr(p, n, "bitfield %s needs low and high, or pos", bf->name);
	}
	if (low > high) {
		perr(p, n, "bitfield %s: low %llu is above high %llu", bf->name,
		     (unsigned long long)low, (unsigned long long)high);
		high = low;
	}
	if (high > 63) {
		perr(p, n, "bitfield %s: bit %llu is beyond 64 bits", bf->name,
		     (unsigned long long)high);
		low = high = 0;
	}
	bf->low = (unsigned)low;
	bf->high = (unsigned)high;
	bf->mask = (high - low == 63 ? ~0ull : ((1ull << (high - low + 1)) - 1)) << low;
	bf->addvariant = attr_bool(p, n, "addvariant");
	read_type(p, n, &bf->type);
	varset = read_varinfo(n, &bf->varinfo, varset);
	for_each_child_element(c, n) {
		if (!parse_type_child(p, c, &bf->type, varset, &next, false) &&
		    !parse_global(p, c, varset))
			doc_or_unknown(p, n, c, &bf->doc);
	}
	return bf;
}

/* The attributes enums and bitsets share. */
static void read_type_head(struct parser *p, const xmlNode *n, char **name, bool *bare,
			   bool *isinline, char **prefix)
{
	check_attrs(p, n, "name varset variants bare inline prefix");
	*name = required_name(p, n);
	*bare = attr_bool(p, n, "bare");
	*isinline = attr_bool(p, n, "inline");
	*prefix = attr(n, "prefix");
}

static void parse_enum(struct parser *p, const xmlNode *n, const char *varset)
{
	struct rnn_enum *e = xcalloc(1, sizeof(*e));
	uint64_t next = 0;

	e->file = p->file;
	e->line = line_of(n);
	read_type_head(p, n, &e->name, &e->bare, &e->isinline, &e->prefix);
	varset = read_varinfo(n, &e->varinfo, varset);
	for_each_child_element(c, n) {
		if (is(c, "value"))
			rnn_push(e->vals, e->nvals, parse_value(p, c, varset, &next));
		else
			doc_or_unknown(p, n, c, &e->doc);
	}
	rnn_push(p->db->enums, p->db->nenums, e);
}

static void parse_bitset(struct parser *p, const xmlNode *n, const char *varset)
{
	struct rnn_bitset *bs = xcalloc(1, sizeof(*bs));

	bs->file = p->file;
	bs->line = line_of(n);
	read_type_head(p, n, &bs->name, &bs->bare, &bs->isinline, &bs->prefix);
	varset = read_varinfo(n, &bs->varinfo, varset);
	for_each_child_element(c, n) {
		if (is(c, "bitfield"))
			rnn_push(bs->fields, bs->nfields, parse_bitfield(p, c, varset));
		else
			doc_or_unknown(p, n, c, &bs->doc);
	}
	rnn_push(p->db->bitsets, p->db->nbitsets, bs);
}

static struct rnn_elem *parse_elem(struct parser *p, const xmlNode *n,
				   const struct node_ctx *nc);

static struct rnn_elem *parse_reg(struct parser *p, const xmlNode *n,
				  const struct node_ctx *nc, unsigned width)
{
	struct rnn_elem *e = xcalloc(1, sizeof(*e));
	const char *varset;
	uint64_t next = 0;

	check_attrs(p, n, "name offset type variants varset shr stride length access usage radix kind");
	e->kind = RNN_ELEM_REG;
	e->width = width;
	e->file = p->file;
	e->line = line_of(n);
	e->name = required_name(p, n);
	if (!attr_u64(p, n, "offset", &e->offset) && !xmlHasProp((xmlNode *)n, (const xmlChar *)"offset"))
		perr(p, n, "<%s> needs the attribute 'offset'", n->name);
	e->has_length = attr_u64(p, n, "length", &e->length);
	if (!e->has_length)
		e->length = 1;
	attr_u64(p, n, "stride", &e->stride);
	e->access = attr(n, "access");
	e->usage = attr(n, "usage");
	e->kind_name = attr(n, "kind");
	read_type(p, n, &e->type);
	varset = read_varinfo(n, &e->varinfo, nc->varset);
	for_each_child_element(c, n) {
		if (!parse_type_child(p, c, &e->type, varset, &next, true) &&
		    !parse_global(p, c, varset))
			doc_or_unknown(p, n, c, &e->doc);
	}
	return e;
}

/* Children shared by domains, arrays and stripes. */
static bool parse_container_child(struct parser *p, const xmlNode *c,
				  const struct node_ctx *nc,
				  struct rnn_elem ***elems, size_t *nelems)
{
	struct rnn_elem *e;

	if (parse_global(p, c, nc->varset))
		return true;
	e = parse_elem(p, c, nc);
	if (!e)
		return false;
	rnn_push(*elems, *nelems, e);
	return true;
}

static struct rnn_elem *parse_group(struct parser *p, const xmlNode *n,
				    const struct node_ctx *nc, enum rnn_elem_kind kind)
{
	struct rnn_elem *e = xcalloc(1, sizeof(*e));
	struct node_ctx inner = *nc;

	e->kind = kind;
	e->file = p->file;
	e->line = line_of(n);
	if (kind == RNN_ELEM_ARRAY) {
		check_attrs(p, n, "name offset stride length variants varset usage index");
		if (!attr_u64(p, n, "offset", &e->offset))
			perr(p, n, "<array> needs the attribute 'offset'");
		if (!attr_u64(p, n, "stride", &e->stride))
			perr(p, n, "<array> needs the attribute 'stride'");
		if (!attr_u64(p, n, "length", &e->length))
			perr(p, n, "<array> needs the attribute 'length'");
		e->has_length = true;
	} else {
		check_attrs(p, n, "name offset stride length prefix variants varset");
		attr_u64(p, n, "offset", &e->offset);
		attr_u64(p, n, "stride", &e->stride);
		e->has_length = attr_u64(p, n, "length", &e->length);
		if (e->has_length && !e->stride)
			perr(p, n, "<stripe> with a length needs a stride");
	}
	if (!e->has_length)
		e->length = 1;
	e->name = attr(n, "name");
	e->usage = attr(n, "usage");
	e->index = attr(n, "index");
	e->prefix = attr(n, "prefix");
	inner.varset = read_varinfo(n, &e->varinfo, nc->varset);
	for_each_child_element(c, n) {
		if (!parse_container_child(p, c, &inner, &e->children, &e->nchildren))
			doc_or_unknown(p, n, c, &e->doc);
	}
	for (size_t i = 0; i < e->nchildren; i++)
		e->children[i]->parent = e;
	return e;
}

/* A register, array or stripe; NULL if @n is none of them. */
static struct rnn_elem *parse_elem(struct parser *p, const xmlNode *n,
				   const struct node_ctx *nc)
{
	if (is(n, "reg32"))
		return parse_reg(p, n, nc, 32);
	if (is(n, "reg64"))
		return parse_reg(p, n, nc, 64);
	if (is(n, "array"))
		return parse_group(p, n, nc, RNN_ELEM_ARRAY);
	if (is(n, "stripe"))
		return parse_group(p, n, nc, RNN_ELEM_STRIPE);
	return NULL;
}

static void parse_domain(struct parser *p, const xmlNode *n)
{
	struct rnn_domain *d = xcalloc(1, sizeof(*d));
	struct node_ctx nc = { 0 };
	uint64_t width;

	check_attrs(p, n, "name width size prefix varset variants bare kinds");
	d->file = p->file;
	d->line = line_of(n);
	d->name = required_name(p, n);
	d->width = 8;
	if (attr_u64(p, n, "width", &width)) {
		if (width != 8 && width != 16 && width != 32 && width != 64)
			perr(p, n, "domain %s: width %llu is not 8, 16, 32 or 64",
			     d->name, (unsigned long long)width);
		else
			d->width = (unsigned)width;
	}
	attr_u64(p, n, "size", &d->size);
	d->bare = attr_bool(p, n, "bare");
	d->prefix = attr(n, "prefix");
	d->kinds = attr(n, "kinds");
	nc.varset = read_varinfo(n, &d->varinfo, NULL);
	for_each_child_element(c, n) {
		if (!parse_container_child(p, c, &nc, &d->elems, &d->nelems))
			doc_or_unknown(p, n, c, &d->doc);
	}
	rnn_push(p->db->domains, p->db->ndomains, d);
}

static void parse_import(struct parser *p, const xmlNode *n)
{
	char *file, *path;

	check_attrs(p, n, "file");
	file = required(p, n, "file");
	if (!file)
		return;
	if (file[0] == '/') {
		path = rnn_xstrdup(file);
	} else if (asprintf(&path, "%s/%s", p->dir, file) < 0) {
		abort();
	}
	rnn_load_file(p->db, path, p->file, line_of(n));
	free(path);
	free(file);
}

static bool ignored_root_child(const xmlNode *c)
{
	/* freedreno's licence and authorship blocks carry no registers */
	return is(c, "doc") || is(c, "copyright") || is(c, "author") ||
	       is(c, "nick") || is(c, "license") || is(c, "brief");
}

static void parse_database(struct parser *p, const xmlNode *root)
{
	if (!is(root, "database")) {
		perr(p, root, "root element is <%s>, expected <database>", root->name);
		return;
	}
	check_attrs(p, root, "");
	for_each_child_element(c, root) {
		if (ignored_root_child(c))
			continue;
		if (is(c, "import"))
			parse_import(p, c);
		else if (is(c, "domain"))
			parse_domain(p, c);
		else if (!parse_global(p, c, NULL))
			perr(p, c, "unknown element <%s> in <database>", c->name);
	}
}

void rnn_parse_root(struct rnn_db *db, const char *file, const char *dir,
		    const struct _xmlNode *root)
{
	struct parser p = { .db = db, .file = file, .dir = dir };

	parse_database(&p, root);
}

/* SPDX-License-Identifier: MIT */
/* rnn internals shared by the loader's source files; not for callers. */
#ifndef DRMSUB_RNN_INTERNAL_H
#define DRMSUB_RNN_INTERNAL_H

#include <stdarg.h>

#include "rnn/rnn.h"
#include "util/util.h"

struct rnn_db {
	struct rnn_error *errors;
	size_t nerrors;
	struct rnn_error *notes;
	size_t nnotes;
	char **files;		/* paths as opened */
	char **realpaths;	/* for import de-duplication */
	size_t nfiles;
	struct rnn_domain **domains;
	size_t ndomains;
	struct rnn_enum **enums;
	size_t nenums;
	struct rnn_bitset **bitsets;
	size_t nbitsets;
	struct rnn_varset **varsets;
	size_t nvarsets;
	bool prepared;
	/* prepared: pointers sorted by name, stable */
	struct rnn_domain **domains_by_name;
	struct rnn_enum **enums_by_name;
	struct rnn_bitset **bitsets_by_name;
};

/*
 * Append to a vector whose capacity is the next power of two of its count:
 * it grows exactly when the count is 0 or a power of two. @item is
 * evaluated once, before the count moves: an item that names the count
 * (its own index) sees the old value, where "arr[n++] = f(n)" would leave
 * the order of the two unsequenced (undefined behaviour, C11 6.5p2).
 */
#define rnn_push(arr, n, item)                                                 \
	do {                                                                   \
		__typeof__(*(arr)) rnn_push_item_ = (item);                    \
		if (((n) & ((n) - 1)) == 0)                                    \
			(arr) = rnn_xrealloc((arr), ((n) ? (n) * 2 : 1) *      \
							    sizeof(*(arr)));   \
		(arr)[(n)++] = rnn_push_item_;                                 \
	} while (0)

void *rnn_xrealloc(void *p, size_t size);
char *rnn_xstrdup(const char *s);

void rnn_error(struct rnn_db *db, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void rnn_note(struct rnn_db *db, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* db.c: the stored copy of a file name, shared by every object from it. */
const char *rnn_db_add_file(struct rnn_db *db, const char *path, const char *real);
bool rnn_db_has_realpath(const struct rnn_db *db, const char *real);

/* load.c: load @path; @from_file:@from_line is the import, or NULL. */
void rnn_load_file(struct rnn_db *db, const char *path, const char *from_file,
		   int from_line);

/* parse.c: the tree of one file; @dir resolves its imports. */
struct _xmlNode;
void rnn_parse_root(struct rnn_db *db, const char *file, const char *dir,
		    const struct _xmlNode *root);

/* free.c */
void rnn_varinfo_fini(struct rnn_varinfo *vi);
void rnn_typeinfo_fini(struct rnn_typeinfo *ti);
void rnn_value_free(struct rnn_value *v);
void rnn_bitfield_free(struct rnn_bitfield *bf);
void rnn_enum_free(struct rnn_enum *e);
void rnn_bitset_free(struct rnn_bitset *bs);
void rnn_elem_free(struct rnn_elem *e);
void rnn_domain_free(struct rnn_domain *d);

/* variant.c */
struct rnn_varset *rnn_varset_get(struct rnn_db *db, const char *name);
void rnn_varset_add_name(struct rnn_varset *vs, const char *name, size_t len);
void rnn_varset_collect(struct rnn_varset *vs, const char *variants);
void rnn_varsets_finish(struct rnn_db *db);
int rnn_varinfo_resolve(struct rnn_db *db, struct rnn_varinfo *vi,
			const struct rnn_varinfo *parent, const char *varset,
			const char *file, int line);
bool rnn_varinfo_overlap(const struct rnn_varinfo *a, const struct rnn_varinfo *b);
int rnn_natural_cmp(const char *a, const char *b);

/* lookup.c */
void rnn_sort_values(struct rnn_value **vals, size_t n, size_t **by_value);
const char *rnn_values_name(const struct rnn_ctx *ctx, struct rnn_value **vals,
			    const size_t *by_value, size_t n, uint64_t value);

#endif

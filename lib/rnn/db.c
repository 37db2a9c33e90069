// SPDX-License-Identifier: MIT
/* rnn: the database object, its error list and lookups by name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rnn/internal.h"

void *rnn_xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		abort();	/* a register database is small: out of memory is fatal */
	return p;
}

char *rnn_xstrdup(const char *s)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		abort();
	return d;
}

static void add_message(struct rnn_error **list, size_t *n, const char *file,
			int line, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));
static void add_message(struct rnn_error **list, size_t *n, const char *file,
			int line, const char *fmt, va_list ap)
{
	struct rnn_error e = { .file = file, .line = line };
	char *msg;

	if (vasprintf(&msg, fmt, ap) < 0)
		abort();
	e.message = msg;
	rnn_push(*list, *n, e);
}

void rnn_error(struct rnn_db *db, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_message(&db->errors, &db->nerrors, file, line, fmt, ap);
	va_end(ap);
}

void rnn_note(struct rnn_db *db, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_message(&db->notes, &db->nnotes, file, line, fmt, ap);
	va_end(ap);
}

struct rnn_db *rnn_db_new(void)
{
	return xcalloc(1, sizeof(struct rnn_db));
}

static void free_messages(struct rnn_error *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free((char *)list[i].message);
	free(list);
}

static void free_strings(char **strings, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(strings[i]);
	free(strings);
}

void rnn_db_free(struct rnn_db *db)
{
	if (!db)
		return;
	free_messages(db->errors, db->nerrors);
	free_messages(db->notes, db->nnotes);
	for (size_t i = 0; i < db->ndomains; i++)
		rnn_domain_free(db->domains[i]);
	for (size_t i = 0; i < db->nenums; i++)
		rnn_enum_free(db->enums[i]);
	for (size_t i = 0; i < db->nbitsets; i++)
		rnn_bitset_free(db->bitsets[i]);
	for (size_t i = 0; i < db->nvarsets; i++) {
		struct rnn_varset *vs = db->varsets[i];

		free_strings(vs->names, vs->nnames);
		free(vs->name);
		free(vs);
	}
	free_strings(db->files, db->nfiles);
	free_strings(db->realpaths, db->nfiles);
	free(db->domains);
	free(db->enums);
	free(db->bitsets);
	free(db->varsets);
	free(db->domains_by_name);
	free(db->enums_by_name);
	free(db->bitsets_by_name);
	free(db);
}

const char *rnn_db_add_file(struct rnn_db *db, const char *path, const char *real)
{
	size_t n = db->nfiles;

	rnn_push(db->files, n, rnn_xstrdup(path));
	rnn_push(db->realpaths, db->nfiles, rnn_xstrdup(real));
	return db->files[db->nfiles - 1];
}

bool rnn_db_has_realpath(const struct rnn_db *db, const char *real)
{
	for (size_t i = 0; i < db->nfiles; i++)
		if (!strcmp(db->realpaths[i], real))
			return true;
	return false;
}

size_t rnn_db_nerrors(const struct rnn_db *db) { return db->nerrors; }
size_t rnn_db_nnotes(const struct rnn_db *db) { return db->nnotes; }
size_t rnn_db_nfiles(const struct rnn_db *db) { return db->nfiles; }
size_t rnn_db_ndomains(const struct rnn_db *db) { return db->ndomains; }
size_t rnn_db_nenums(const struct rnn_db *db) { return db->nenums; }
size_t rnn_db_nbitsets(const struct rnn_db *db) { return db->nbitsets; }

const struct rnn_error *rnn_db_error(const struct rnn_db *db, size_t i)
{
	return i < db->nerrors ? &db->errors[i] : NULL;
}

const struct rnn_error *rnn_db_note(const struct rnn_db *db, size_t i)
{
	return i < db->nnotes ? &db->notes[i] : NULL;
}

const char *rnn_db_file(const struct rnn_db *db, size_t i)
{
	return i < db->nfiles ? db->files[i] : NULL;
}

struct rnn_domain *rnn_db_domain(const struct rnn_db *db, size_t i)
{
	return i < db->ndomains ? db->domains[i] : NULL;
}

struct rnn_enum *rnn_db_enum(const struct rnn_db *db, size_t i)
{
	return i < db->nenums ? db->enums[i] : NULL;
}

struct rnn_bitset *rnn_db_bitset(const struct rnn_db *db, size_t i)
{
	return i < db->nbitsets ? db->bitsets[i] : NULL;
}

/*
 * Binary search over a by-name table of pointers to structs whose first
 * member is the name; returns the first (earliest defined) match.
 */
static void *find_by_name(void *const *sorted, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(*(char *const *)sorted[mid], name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && !strcmp(*(char *const *)sorted[lo], name))
		return sorted[lo];
	return NULL;
}

/* Before rnn_db_prepare() the tables don't exist: search linearly. */
static void *find_linear(void *const *list, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(*(char *const *)list[i], name))
			return list[i];
	return NULL;
}

struct rnn_domain *rnn_find_domain(const struct rnn_db *db, const char *name)
{
	if (!db->domains_by_name)
		return find_linear((void *const *)db->domains, db->ndomains, name);
	return find_by_name((void *const *)db->domains_by_name, db->ndomains, name);
}

struct rnn_enum *rnn_find_enum(const struct rnn_db *db, const char *name)
{
	if (!db->enums_by_name)
		return find_linear((void *const *)db->enums, db->nenums, name);
	return find_by_name((void *const *)db->enums_by_name, db->nenums, name);
}

struct rnn_bitset *rnn_find_bitset(const struct rnn_db *db, const char *name)
{
	if (!db->bitsets_by_name)
		return find_linear((void *const *)db->bitsets, db->nbitsets, name);
	return find_by_name((void *const *)db->bitsets_by_name, db->nbitsets, name);
}

struct rnn_varset *rnn_find_varset(const struct rnn_db *db, const char *name)
{
	return find_linear((void *const *)db->varsets, db->nvarsets, name);
}

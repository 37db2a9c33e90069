/* SPDX-License-Identifier: MIT */
/*
 * rnn: a rules-ng-ng register database loader (libxml2), written for drmsub.
 *
 * Three steps, as in envytools' rnn: load one or more XML files into a
 * database, prepare it (resolve types and variants, build lookup tables),
 * then decode addresses and values through a variant context:
 *
 *	struct rnn_db *db = rnn_db_new();
 *	rnn_db_load(db, "msm/registers/a6xx.xml");
 *	if (rnn_db_prepare(db) || rnn_db_nerrors(db))
 *		... report rnn_db_error(db, i) for every i ...
 *	struct rnn_ctx *ctx = rnn_ctx_new(db);
 *	rnn_ctx_set_variant(ctx, "chip", "A6XX");
 *	struct rnn_addr a;
 *	if (rnn_decode_addr(ctx, rnn_find_domain(db, "A6XX"), 0x885, &a))
 *		... a.name is "CP_SCRATCH[0x2].REG", a.reg the <reg32> ...
 *
 * The library never prints: problems are returned as a list of
 * {file, line, message} that keeps growing (loading does not stop at the
 * first error). Lookups after rnn_db_prepare() are O(log n). The structs
 * below are public and read-only for callers; a generator or a decoder may
 * walk them. Loading is not thread-safe (libxml2's error handler is
 * process-wide); a prepared database may be read from several threads,
 * each with its own rnn_ctx.
 */
#ifndef DRMSUB_RNN_H
#define DRMSUB_RNN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rnn_db;
struct rnn_enum;
struct rnn_bitset;

struct rnn_error {
	const char *file;	/* as opened (import paths joined), or NULL */
	int line;		/* 0 when the problem has no line */
	const char *message;
};

/*
 * Variant constraints. A varset is an enum (e.g. "chip") whose values, in
 * file order, define the order used by ranges such as "A5XX-A6XX".
 */
struct rnn_varset {
	char *name;
	struct rnn_enum *venum;	/* NULL: implicit, see rnn_db_prepare() */
	char **names;		/* the variant names, in order */
	size_t nnames;
};

/* One constraint: the element exists for the variants set in @bits. */
struct rnn_varcons {
	struct rnn_varset *varset;
	uint8_t *bits;		/* one byte per varset->names entry */
};

struct rnn_varinfo {
	char *varset;		/* attribute as written (inherited if absent) */
	char *variants;		/* attribute as written, NULL = all */
	struct rnn_varcons *cons;	/* resolved, own and inherited */
	size_t ncons;
};

enum rnn_type_kind {
	RNN_TYPE_HEX,		/* the default for fields of more than one bit */
	RNN_TYPE_UINT,
	RNN_TYPE_INT,
	RNN_TYPE_BOOLEAN,
	RNN_TYPE_FLOAT,
	RNN_TYPE_FIXED,		/* signed fixed point, @radix fraction bits */
	RNN_TYPE_UFIXED,
	RNN_TYPE_ADDRESS,	/* a GPU address the GPU reads */
	RNN_TYPE_WADDRESS,	/* a GPU address the GPU writes */
	RNN_TYPE_ENUM,		/* values: inline ones, or @eenum */
	RNN_TYPE_BITSET,	/* fields: inline ones, or @ebitset */
};

struct rnn_value {
	char *name;
	uint64_t value;
	struct rnn_varinfo varinfo;
	char *doc;
	const char *file;
	int line;
};

struct rnn_bitfield;

struct rnn_typeinfo {
	char *name;		/* the type attribute, NULL if none */
	enum rnn_type_kind kind;
	struct rnn_enum *eenum;	/* type="<enum>" */
	struct rnn_bitset *ebitset;	/* type="<bitset>" */
	unsigned shr;		/* the field holds value >> shr */
	int radix;		/* fixed/ufixed fraction bits, -1 if unset */
	struct rnn_value **vals;	/* inline <value>s */
	size_t nvals;
	struct rnn_bitfield **fields;	/* inline <bitfield>s */
	size_t nfields;
	size_t *by_value;	/* prepared: vals sorted by value */
};

struct rnn_bitfield {
	char *name;
	unsigned low, high;	/* bit positions, inclusive */
	uint64_t mask;		/* bits low..high set */
	bool addvariant;
	struct rnn_varinfo varinfo;
	struct rnn_typeinfo type;
	char *doc;
	const char *file;
	int line;
};

struct rnn_enum {
	char *name;
	bool bare, isinline;
	char *prefix;
	struct rnn_varinfo varinfo;
	struct rnn_value **vals;
	size_t nvals;
	char *doc;
	const char *file;
	int line;
	/* prepared: indices into vals, sorted by value then file order */
	size_t *by_value;
};

struct rnn_bitset {
	char *name;
	bool bare, isinline;
	char *prefix;
	struct rnn_varinfo varinfo;
	struct rnn_bitfield **fields;
	size_t nfields;
	char *doc;
	const char *file;
	int line;
};

enum rnn_elem_kind {
	RNN_ELEM_REG,		/* reg32 / reg64 */
	RNN_ELEM_ARRAY,		/* reserves length * stride units */
	RNN_ELEM_STRIPE,	/* the same layout, but reserves nothing */
};

/* A span: the address range one child covers inside its container. */
struct rnn_span {
	uint64_t start, end;	/* [start, end) relative to the container */
	uint64_t max_end;	/* max end of this and all earlier spans */
	struct rnn_elem *elem;
};

struct rnn_elem {
	enum rnn_elem_kind kind;
	char *name;		/* may be NULL for arrays and stripes */
	uint64_t offset;
	unsigned width;		/* registers: 32 or 64 bits */
	uint64_t stride;	/* arrays/stripes, or registers with length */
	uint64_t length;	/* 1 unless given */
	bool has_length;	/* an index is part of the address */
	char *access, *usage, *index, *prefix;
	/*
	 * Registers: the kind attribute, what writing the register does (a
	 * value of the enum the domain's kinds attribute names, e.g. a Maxwell
	 * method that draws); NULL for none. Prepared: its value.
	 */
	char *kind_name;
	uint64_t kind_value;
	struct rnn_varinfo varinfo;
	struct rnn_typeinfo type;	/* registers */
	struct rnn_elem **children;	/* arrays and stripes */
	size_t nchildren;
	struct rnn_elem *parent;
	char *doc;
	const char *file;
	int line;
	/* prepared: children (with stripes flattened) sorted by start */
	struct rnn_span *spans;
	size_t nspans;
	uint64_t size;		/* units one instance covers */
};

struct rnn_domain {
	char *name;
	unsigned width;		/* bits per address unit, default 8 */
	uint64_t size;		/* 0 if not given */
	bool bare;
	char *prefix;
	char *kinds;		/* the enum whose values registers' kind attributes name */
	struct rnn_enum *kinds_enum;	/* prepared */
	struct rnn_varinfo varinfo;
	struct rnn_elem **elems;
	size_t nelems;
	char *doc;
	const char *file;
	int line;
	struct rnn_span *spans;
	size_t nspans;
};

/* ---- database ---------------------------------------------------------- */

struct rnn_db *rnn_db_new(void);
void rnn_db_free(struct rnn_db *db);

/*
 * rnn_db_load - parse @path and the files it imports into @db.
 * Import paths are relative to the importing file; a file already loaded
 * (by path, after realpath) is skipped, so import cycles end. May be called
 * for several files before rnn_db_prepare() (not after it). Returns 0, or
 * -1 if this call added errors.
 */
int rnn_db_load(struct rnn_db *db, const char *path);
/*
 * rnn_db_load_memory - the same for @len bytes of XML at @xml, named @name
 * in messages; its imports are relative to @name's directory (for tests
 * and fuzzing: the document need not exist on disk).
 */
int rnn_db_load_memory(struct rnn_db *db, const char *name, const void *xml, size_t len);

/*
 * rnn_db_prepare - resolve types, varsets and variants; check duplicate
 * names and field widths; build the lookup tables. Call once, after the
 * last load. Returns 0, or -1 if the database has errors (it is still safe
 * to use and to free).
 *
 * Two things are notes (rnn_db_note()), not errors, because the reference
 * tools accept them:
 * - a varset naming no enum (a file that uses varset="chip" loaded without
 *   the file defining enum chip, as the adreno_pm4.xml seed is) gets an
 *   implicit varset: the variant names the database uses, in natural order
 *   (digit runs compare as numbers: A2XX < A10XX);
 * - a type naming both an enum and a bitset resolves to the enum, as in
 *   envytools.
 */
int rnn_db_prepare(struct rnn_db *db);

size_t rnn_db_nerrors(const struct rnn_db *db);
const struct rnn_error *rnn_db_error(const struct rnn_db *db, size_t i);
size_t rnn_db_nnotes(const struct rnn_db *db);
const struct rnn_error *rnn_db_note(const struct rnn_db *db, size_t i);

/* The files loaded, in load order (for dependency lists). */
size_t rnn_db_nfiles(const struct rnn_db *db);
const char *rnn_db_file(const struct rnn_db *db, size_t i);

/* Top-level objects in definition order. */
size_t rnn_db_ndomains(const struct rnn_db *db);
struct rnn_domain *rnn_db_domain(const struct rnn_db *db, size_t i);
size_t rnn_db_nenums(const struct rnn_db *db);
struct rnn_enum *rnn_db_enum(const struct rnn_db *db, size_t i);
size_t rnn_db_nbitsets(const struct rnn_db *db);
struct rnn_bitset *rnn_db_bitset(const struct rnn_db *db, size_t i);

/* By name; with several same-named variants, the first defined. */
struct rnn_domain *rnn_find_domain(const struct rnn_db *db, const char *name);
struct rnn_enum *rnn_find_enum(const struct rnn_db *db, const char *name);
struct rnn_bitset *rnn_find_bitset(const struct rnn_db *db, const char *name);
struct rnn_varset *rnn_find_varset(const struct rnn_db *db, const char *name);

/* ---- variant context ---------------------------------------------------- */

struct rnn_ctx;

struct rnn_ctx *rnn_ctx_new(const struct rnn_db *db);
void rnn_ctx_free(struct rnn_ctx *ctx);
/*
 * Select @variant of @varset (e.g. "chip", "A6XX"); returns -1 if either
 * is unknown. A varset left unset matches every variant.
 */
int rnn_ctx_set_variant(struct rnn_ctx *ctx, const char *varset,
			const char *variant);
/* Whether an element with @vi exists in @ctx. */
bool rnn_ctx_match(const struct rnn_ctx *ctx, const struct rnn_varinfo *vi);

/* ---- decoding ----------------------------------------------------------- */

#define RNN_MAX_DEPTH 8

struct rnn_addr {
	const struct rnn_elem *reg;	/* the register */
	/* arrays, stripes and registers with a length, outermost first */
	const struct rnn_elem *path[RNN_MAX_DEPTH];
	uint64_t indices[RNN_MAX_DEPTH];	/* index in path[i] (0 if none) */
	unsigned depth;
	uint64_t suboffset;	/* units into the register (reg64 high half) */
	/*
	 * Named levels joined by '.', "[0xN]" after each level with a length,
	 * "+0xN" for a suboffset: "CLUSTER[0x1].SLOT[0x0].HI", "BASE+0x1".
	 * A level named like the one above is not repeated: "SET_X[0x1][0x2]".
	 */
	char name[160];
};

/*
 * rnn_decode_addr - the register of @domain at @offset (in domain units)
 * that exists in @ctx. Returns false, leaving *out zeroed, if none does.
 */
bool rnn_decode_addr(const struct rnn_ctx *ctx, const struct rnn_domain *domain,
		     uint64_t offset, struct rnn_addr *out);

#define RNN_MAX_FIELDS 64

struct rnn_field_value {
	const struct rnn_bitfield *field;
	uint64_t value;		/* field bits, shifted down, shr applied */
	const char *enum_name;	/* for enum-typed fields, NULL if unnamed */
};

struct rnn_decoded {
	struct rnn_field_value fields[RNN_MAX_FIELDS];
	unsigned nfields;	/* fields whose bits are non-zero, or enums */
	uint64_t leftover;	/* set bits no field covers */
	const char *enum_name;	/* a whole-value enum's name, else NULL */
};

/*
 * rnn_decode_value - split @value by @type in @ctx. Bitsets give fields
 * (boolean fields only when set, other fields always), enums give
 * enum_name; bits outside every field go to leftover.
 */
void rnn_decode_value(const struct rnn_ctx *ctx, const struct rnn_typeinfo *type,
		      uint64_t value, struct rnn_decoded *out);

/* The name of @value in @e (NULL if none in @ctx; @ctx may be NULL). */
const char *rnn_enum_name(const struct rnn_ctx *ctx, const struct rnn_enum *e,
			  uint64_t value);
/* The value named @name in @e; returns false if none in @ctx. */
bool rnn_enum_value(const struct rnn_ctx *ctx, const struct rnn_enum *e,
		    const char *name, uint64_t *value);

/*
 * @file of @driver's databases under @root, or when @root is NULL under
 * $DRMSUB_REGISTERS, else the source tree, else rnn_installed_dir(); in
 * each, <root>/<driver>/registers/, <root>/<driver>/ and <root>/ are
 * tried. Returns false (@out then holds the last path tried).
 */
bool rnn_find_database(const char *root, const char *driver, const char *file, char *out,
		       size_t size);
/* $(PREFIX)/share/drmsub/registers, where make install puts the databases. */
const char *rnn_installed_dir(void);

#endif

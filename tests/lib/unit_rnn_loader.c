// SPDX-License-Identifier: MIT
/*
 * Unit tests of the rules-ng-ng loader (lib/rnn): parsing, imports,
 * variants, type resolution, the error list, and every real database of
 * the tree. Decoding is in unit_rnn_decode.c. Fixtures: tests/lib/rnn/.
 */
#include <ctype.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"
#include "rnn/rnn.h"
#include "util/util.h"

#define FIX "tests/lib/rnn/"

static struct rnn_db *load(const char *path)
{
	struct rnn_db *db = rnn_db_new();

	rnn_db_load(db, path);
	rnn_db_prepare(db);
	return db;
}

/* Every error as "file:line: message\n", in the order reported. */
static char *errors_text(const struct rnn_db *db)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	for (size_t i = 0; i < rnn_db_nerrors(db); i++) {
		const struct rnn_error *e = rnn_db_error(db, i);

		fprintf(f, "%s:%d: %s\n", e->file, e->line, e->message);
	}
	fclose(f);
	return text;
}

static void assert_no_errors(const struct rnn_db *db)
{
	char *text = errors_text(db);

	igt_assert_f(rnn_db_nerrors(db) == 0, "unexpected errors:\n%s", text);
	free(text);
}

static void assert_errors(const char *path, const char *want)
{
	struct rnn_db *db = load(path);
	char *text = errors_text(db);

	igt_assert_eq_str(text, want);
	free(text);
	rnn_db_free(db);
}

static const struct rnn_elem *child(const struct rnn_domain *d, const char *name)
{
	for (size_t i = 0; i < d->nelems; i++)
		if (d->elems[i]->name && !strcmp(d->elems[i]->name, name))
			return d->elems[i];
	return NULL;
}

static const struct rnn_bitfield *field(const struct rnn_elem *reg, const char *name)
{
	for (size_t i = 0; i < reg->type.nfields; i++)
		if (!strcmp(reg->type.fields[i]->name, name))
			return reg->type.fields[i];
	return NULL;
}

/* Load every file matching @pattern alone; each must have no error. */
static void load_all(const char *pattern)
{
	glob_t g;

	if (glob(pattern, 0, NULL, &g))
		return;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char name[256];

		/* subtest names allow [A-Za-z0-9_-]: msm/registers/a6xx.xml -> msm-registers-a6xx-xml */
		snprintf(name, sizeof(name), "%s", g.gl_pathv[i]);
		for (char *p = name; *p; p++)
			if (!isalnum((unsigned char)*p) && *p != '_')
				*p = '-';
		igt_dynamic(name) {
			struct rnn_db *db = load(g.gl_pathv[i]);

			assert_no_errors(db);
			for (size_t j = 0; j < rnn_db_nnotes(db); j++)
				igt_info("note: %s:%d: %s\n", rnn_db_note(db, j)->file ?
					 rnn_db_note(db, j)->file : "-", rnn_db_note(db, j)->line,
					 rnn_db_note(db, j)->message);
			igt_assert(rnn_db_ndomains(db) + rnn_db_nenums(db) +
				   rnn_db_nbitsets(db) > 0);
			rnn_db_free(db);
		}
	}
	globfree(&g);
}

static struct rnn_db *basic;

igt_main
{
	igt_fixture {
		basic = load(FIX "basic.xml");
	}

	igt_describe("the fixture with every supported element and attribute loads cleanly");
	igt_subtest("basic-loads") {
		assert_no_errors(basic);
		igt_assert_eq((int)rnn_db_ndomains(basic), 2);
		/* chip, nvchip, event, and local_enum defined inside a domain */
		igt_assert_eq((int)rnn_db_nenums(basic), 4);
		igt_assert_eq((int)rnn_db_nbitsets(basic), 1);
		igt_assert(rnn_find_enum(basic, "local_enum"));
		igt_assert(!rnn_find_domain(basic, "NOPE"));
	}

	igt_describe("domain, enum, bitset and register attributes are kept");
	igt_subtest("attributes") {
		const struct rnn_domain *d = rnn_find_domain(basic, "GPU");
		const struct rnn_domain *mmio = rnn_find_domain(basic, "NV_MMIO");
		const struct rnn_enum *ev = rnn_find_enum(basic, "event");
		const struct rnn_bitset *pair = rnn_find_bitset(basic, "pair");
		const struct rnn_elem *plain = child(d, "PLAIN");

		igt_assert_eq((int)d->width, 32);
		igt_assert_eq_u64(d->size, 0x10000);
		igt_assert_eq_str(d->prefix, "variant");
		igt_assert_eq_str(d->doc, "A register domain in 32-bit units.");
		igt_assert_eq((int)mmio->width, 8);	/* the default */
		igt_assert(rnn_find_enum(basic, "chip")->bare);
		igt_assert_eq_str(ev->prefix, "chip");
		igt_assert(!ev->isinline);
		igt_assert(pair->isinline);
		igt_assert_eq_u64(plain->offset, 0x10);
		igt_assert_eq_str(plain->access, "rw");
		igt_assert_eq_str(plain->usage, "cmd");
		igt_assert_eq_str(plain->doc, "Inline fields of every type.");
		igt_assert_eq((int)child(d, "BASE")->width, 64);
		igt_assert_eq_str(child(d, "CLUSTER")->usage, "rp_blit");
	}

	igt_describe("bitfields: low/high and pos, shr, radix, and the mask they make");
	igt_subtest("bitfields") {
		const struct rnn_elem *plain = child(rnn_find_domain(basic, "GPU"), "PLAIN");
		const struct rnn_bitfield *en = field(plain, "ENABLE");
		const struct rnn_bitfield *addr = field(plain, "ADDR");
		const struct rnn_bitfield *scale = field(plain, "SCALE");

		igt_assert_eq((int)en->low, 0);
		igt_assert_eq((int)en->high, 0);
		igt_assert_eq_u64(addr->mask, 0x0ffff000);
		igt_assert_eq((int)addr->type.shr, 4);
		igt_assert_eq(scale->type.radix, 2);
		igt_assert_eq((int)field(plain, "MODE")->type.nvals, 2);
	}

	igt_describe("types: built-ins, enum and bitset names, and the defaults");
	igt_subtest("types") {
		const struct rnn_domain *d = rnn_find_domain(basic, "GPU");
		const struct rnn_elem *plain = child(d, "PLAIN"), *kinds = child(d, "KINDS");
		static const struct {
			const char *name;
			enum rnn_type_kind kind;
		} want[] = {
			{ "I", RNN_TYPE_INT },	       { "U", RNN_TYPE_UINT },
			{ "H", RNN_TYPE_HEX },	       { "F", RNN_TYPE_FLOAT },
			{ "X", RNN_TYPE_FIXED },       { "W", RNN_TYPE_WADDRESS },
			{ "B", RNN_TYPE_BOOLEAN },
		};

		array_for_each(w, want)
			igt_assert_eq(field(kinds, w->name)->type.kind, w->kind);
		igt_assert_eq(field(plain, "MODE")->type.kind, RNN_TYPE_ENUM);
		igt_assert_eq(field(plain, "ADDR")->type.kind, RNN_TYPE_ADDRESS);
		igt_assert_eq(field(plain, "SCALE")->type.kind, RNN_TYPE_UFIXED);
		igt_assert(field(plain, "EVENT")->type.eenum == rnn_find_enum(basic, "event"));
		igt_assert_eq(plain->type.kind, RNN_TYPE_BITSET);
		igt_assert(child(d, "TYPED")->type.ebitset == rnn_find_bitset(basic, "pair"));
		igt_assert_eq(child(d, "ENUMREG")->type.kind, RNN_TYPE_ENUM);
		igt_assert_eq(child(d, "SCRATCH")->type.kind, RNN_TYPE_HEX);
	}

	igt_describe("a value without value= follows the previous one; docs are kept");
	igt_subtest("implicit-values") {
		const struct rnn_enum *ev = rnn_find_enum(basic, "event");
		const struct rnn_value *b = ev->vals[ev->nvals - 1];

		igt_assert_eq_str(b->name, "AUTO_B");
		igt_assert_eq_u64(b->value, 21);
		igt_assert_eq_str(b->doc, "follows AUTO_A");
	}

	igt_describe("variant ranges, lists, open ends and inheritance select elements");
	igt_subtest("variants") {
		const struct rnn_enum *ev = rnn_find_enum(basic, "event");
		const struct rnn_domain *d = rnn_find_domain(basic, "GPU");
		struct rnn_ctx *ctx = rnn_ctx_new(basic);
		uint64_t v;

		igt_assert_eq(rnn_ctx_set_variant(ctx, "chip", "A3XX"), 0);
		igt_assert_eq_str(rnn_enum_name(ctx, ev, 7), "OLD_EVENT");
		igt_assert(!rnn_enum_name(ctx, ev, 11));	/* A2XX,A5XX */
		igt_assert(rnn_enum_value(ctx, ev, "SAME", &v) && v == 9);
		rnn_ctx_set_variant(ctx, "chip", "A5XX");
		igt_assert_eq_str(rnn_enum_name(ctx, ev, 7), "NEW_EVENT");
		igt_assert_eq_str(rnn_enum_name(ctx, ev, 11), "LISTED");
		igt_assert(rnn_enum_value(ctx, ev, "SAME", &v) && v == 9);	/* -A5XX */
		rnn_ctx_set_variant(ctx, "chip", "A7XX");
		igt_assert(rnn_enum_value(ctx, ev, "SAME", &v) && v == 10);	/* A6XX- */
		igt_assert(!rnn_enum_name(ctx, ev, 9));
		/* a bitfield inherits its bitset's varset */
		igt_assert(rnn_ctx_match(ctx, &rnn_find_bitset(basic, "pair")->fields[2]->varinfo));
		rnn_ctx_set_variant(ctx, "chip", "A5XX");
		igt_assert(!rnn_ctx_match(ctx, &rnn_find_bitset(basic, "pair")->fields[2]->varinfo));
		igt_assert(!rnn_ctx_match(ctx, &child(d, "NEWREG")->varinfo));	/* A7XX- */
		igt_assert_eq(rnn_ctx_set_variant(ctx, "chip", "A9XX"), -1);
		igt_assert_eq(rnn_ctx_set_variant(ctx, "nochip", "A5XX"), -1);
		rnn_ctx_free(ctx);
	}

	igt_describe("an enum value list without a context: the first definition wins");
	igt_subtest("no-context") {
		const struct rnn_enum *ev = rnn_find_enum(basic, "event");

		igt_assert_eq_str(rnn_enum_name(NULL, ev, 7), "OLD_EVENT");
		igt_assert_eq_str(rnn_enum_name(NULL, ev, 4), "FLUSH");
		igt_assert(!rnn_enum_name(NULL, ev, 0x99));
	}

	igt_describe("imports are relative to the importing file and a cycle ends");
	igt_subtest("imports") {
		struct rnn_db *db = load(FIX "import_a.xml");

		assert_no_errors(db);
		igt_assert_eq((int)rnn_db_nfiles(db), 2);
		igt_assert_eq_str(rnn_db_file(db, 1), FIX "sub/import_b.xml");
		igt_assert(rnn_find_domain(db, "A")->elems[0]->type.eenum ==
			   rnn_find_enum(db, "from_b"));
		rnn_db_free(db);
	}

	igt_describe("XML from memory loads like a file; its imports are relative to its name");
	igt_subtest("load-memory") {
		static const char xml[] =
			"<database xmlns=\"http://nouveau.freedesktop.org/\">\n"
			"<import file=\"sub/import_b.xml\"/>\n"
			"<domain name=\"M\"><reg32 offset=\"4\" name=\"R\" type=\"from_b\"/></domain>\n"
			"</database>\n";
		struct rnn_db *db = rnn_db_new();

		igt_assert_eq(rnn_db_load_memory(db, FIX "mem.xml", xml, strlen(xml)), 0);
		igt_assert_eq(rnn_db_prepare(db), 0);
		assert_no_errors(db);
		igt_assert_eq_str(rnn_db_file(db, 0), FIX "mem.xml");
		igt_assert(rnn_find_domain(db, "M")->elems[0]->type.eenum ==
			   rnn_find_enum(db, "from_b"));
		rnn_db_free(db);

		/* cut inside the import: libxml2's messages, named and placed */
		db = rnn_db_new();
		igt_assert_eq(rnn_db_load_memory(db, "cut.xml", xml, 60), -1);
		igt_assert_lte(1, (int)rnn_db_nerrors(db));
		igt_assert_eq_str(rnn_db_error(db, 0)->file, "cut.xml");
		igt_assert_eq(rnn_db_error(db, 0)->line, 2);
		rnn_db_free(db);
	}

	igt_describe("every kind of mistake is reported with file:line, and loading goes on");
	igt_subtest("errors") {
		assert_errors(FIX "errors.xml",
			FIX "errors.xml:3: cannot import " FIX "missing.xml: No such file or directory\n"
			FIX "errors.xml:7: bad number 'zz' in attribute 'value'\n"
			FIX "errors.xml:10: unknown element <register> in <domain>\n"
			FIX "errors.xml:11: unknown attribute 'typ' on <reg32>\n"
			FIX "errors.xml:17: bitfield BACKWARDS: low 4 is above high 2\n"
			FIX "errors.xml:18: bitfield NOBITS needs low and high, or pos\n"
			FIX "errors.xml:6: duplicate value 'RED' (first at " FIX "errors.xml:5)"
			" with overlapping variants\n"
			FIX "errors.xml:12: unknown type 'no_such_type'\n"
			FIX "errors.xml:16: bitfield WIDE: bit 33 is beyond the 32-bit register\n"
			FIX "errors.xml:20: variants=\"A6XX\" without a varset\n"
			FIX "errors.xml:14: duplicate register 'DUP' (first at " FIX "errors.xml:13)"
			" with overlapping variants\n");
	}

	igt_describe("malformed XML: libxml2's message with file:line");
	igt_subtest("malformed-xml") {
		assert_errors(FIX "malformed.xml",
			FIX "malformed.xml:5: XML: Opening and ending tag mismatch: reg32 line 4 and domain\n"
			FIX "malformed.xml:6: XML: Opening and ending tag mismatch: domain line 3 and database\n"
			FIX "malformed.xml:7: XML: Premature end of data in tag database line 2\n");
		assert_errors(FIX "unescaped.xml",
			FIX "unescaped.xml:4: XML: xmlParseEntityRef: no name\n"
			FIX "unescaped.xml:4: XML: StartTag: invalid element name\n"
			FIX "unescaped.xml:4: XML: StartTag: invalid element name\n");
		assert_errors(FIX "wrong_root.xml",
			FIX "wrong_root.xml:2: root element is <registers>, expected <database>\n");
		assert_errors(FIX "nonexistent.xml",
			FIX "nonexistent.xml:0: cannot open: No such file or directory\n");
	}

	igt_describe("the raw seed 000 text fails with a line number, and nothing reaches stderr");
	igt_subtest("raw-seed-text") {
		FILE *tmp = tmpfile();
		int saved = dup(STDERR_FILENO);

		igt_assert(tmp && saved >= 0);
		dup2(fileno(tmp), STDERR_FILENO);
		assert_errors(FIX "seed000.txt",
			FIX "seed000.txt:1: XML: Start tag expected, '<' not found\n");
		dup2(saved, STDERR_FILENO);
		close(saved);
		igt_assert_eq((int)ftell(tmp), 0);
		igt_assert_eq((int)lseek(fileno(tmp), 0, SEEK_END), 0);
		fclose(tmp);
	}

	igt_describe("accepted with a note: a varset without its enum, an enum/bitset name clash");
	igt_subtest("notes") {
		struct rnn_db *db = load(FIX "notes.xml");
		const struct rnn_domain *d = rnn_find_domain(db, "N");
		struct rnn_ctx *ctx = rnn_ctx_new(db);
		struct rnn_addr a;

		assert_no_errors(db);
		igt_assert_eq((int)rnn_db_nnotes(db), 2);
		igt_assert_eq_str(rnn_db_note(db, 0)->message,
				  "varset 'gen' names no enum: its 3 variants are ordered by name");
		igt_assert_eq_str(rnn_db_note(db, 1)->message,
				  "type 'twice' names both an enum (" FIX "notes.xml:4) and a bitset ("
				  FIX "notes.xml:5): using the enum");
		igt_assert_eq(rnn_db_note(db, 1)->line, 9);
		/* natural order: G2 < G9 < G10 */
		igt_assert_eq_str(rnn_find_varset(db, "gen")->names[2], "G10");
		igt_assert_eq(rnn_ctx_set_variant(ctx, "gen", "G10"), 0);
		igt_assert(rnn_decode_addr(ctx, d, 0, &a));
		igt_assert_eq_str(a.name, "NEW");
		igt_assert_eq(rnn_ctx_set_variant(ctx, "gen", "G9"), 0);
		igt_assert(rnn_decode_addr(ctx, d, 0, &a));
		igt_assert_eq_str(a.name, "OLD");
		igt_assert_eq(d->elems[2]->type.kind, RNN_TYPE_ENUM);
		rnn_ctx_free(ctx);
		rnn_db_free(db);
	}

	igt_describe("every database of the tree, seeds included, loads without an error");
	igt_subtest_with_dynamic("real-databases") {
		load_all("*/registers/*.xml");
		load_all("*/registers/seed/*.xml");
	}

	igt_fixture {
		rnn_db_free(basic);
	}
}

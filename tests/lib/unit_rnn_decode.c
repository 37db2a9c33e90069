// SPDX-License-Identifier: MIT
/*
 * Unit tests of rnn's decoding (lib/rnn/lookup.c): addresses to registers
 * through arrays, stripes, reg64 halves and variants; values to fields,
 * enum names and leftover bits. Fixture: tests/lib/rnn/basic.xml.
 */
#include <string.h>

#include "core/test.h"
#include "rnn/rnn.h"
#include "util/util.h"

static struct rnn_db *db;
static struct rnn_ctx *ctx;
static const struct rnn_domain *gpu, *mmio;

static void set_chip(const char *chip)
{
	igt_assert_eq(rnn_ctx_set_variant(ctx, "chip", chip), 0);
}

/*
 * What rnn_decode_addr names at @off with variant @variant = @value: ""
 * when nothing is there. basic.xml's "chip" variants are the GPU domain's,
 * its "nvchip" variants the NV_MMIO domain's.
 */
struct addr_case {
	const char *variant, *value;
	uint64_t off;
	const char *want;
};

static const struct addr_case addr_cases[] = {
	/* plain registers, reg64 halves and registers with a length */
	{ "chip", "A6XX", 0x10, "PLAIN" },
	{ "chip", "A6XX", 0x20, "BASE" },
	{ "chip", "A6XX", 0x21, "BASE+0x1" },
	{ "chip", "A6XX", 0x22, "" },
	{ "chip", "A6XX", 0x30, "SCRATCH[0x0]" },
	{ "chip", "A6XX", 0x36, "SCRATCH[0x3]" },
	{ "chip", "A6XX", 0x31, "" },		/* stride 2: a hole */
	{ "chip", "A6XX", 0x38, "" },
	{ "chip", "A6XX", 0xffff, "" },
	/* nested arrays give one index per level */
	{ "chip", "A6XX", 0x101, "CLUSTER[0x0].CTRL" },
	{ "chip", "A6XX", 0x121, "CLUSTER[0x1].CTRL" },
	{ "chip", "A6XX", 0x12d, "CLUSTER[0x1].SLOT[0x1].HI" },
	{ "chip", "A6XX", 0x100, "" },
	{ "chip", "A6XX", 0x502, "[0x1].UNNAMED_0" },
	{ "chip", "A6XX", 0x60a, "SET_X[0x1][0x1]" },	/* nouveau's NAME(i,j) */
	/* stripes add their offset and filter by variant */
	{ "chip", "A5XX", 0x201, "STRIPED" },
	{ "chip", "A7XX", 0x201, "" },
	{ "chip", "A5XX", 0x202, "" },
	{ "chip", "A7XX", 0x202, "STRIPED" },
	{ "chip", "A7XX", 0x313, "PIPE[0x1].STATE" },
	/* the same name at different offsets per variant */
	{ "chip", "A5XX", 0x400, "MOVED" },
	{ "chip", "A7XX", 0x400, "" },
	{ "chip", "A5XX", 0x401, "" },
	{ "chip", "A7XX", 0x401, "MOVED" },
	{ "chip", "A5XX", 0x402, "" },
	{ "chip", "A7XX", 0x402, "NEWREG" },
	/* half-open nouveau ranges in a byte-addressed domain */
	{ "nvchip", "NV84", 0x1000, "OLDGEN" },
	{ "nvchip", "NV84", 0x1002, "OLDGEN+0x2" },
	{ "nvchip", "NV84", 0x1004, "" },	/* ":NV84" ends before NV84 */
	{ "nvchip", "NVA0", 0x1000, "NEWGEN" },
	{ "nvchip", "NV50", 0x1004, "UPTO" },
};

static void addr_case_holds(const struct addr_case *c)
{
	const struct rnn_domain *d = strcmp(c->variant, "nvchip") ? gpu : mmio;
	bool want_found = c->want[0];
	struct rnn_addr a;
	bool found;

	igt_assert_eq(rnn_ctx_set_variant(ctx, c->variant, c->value), 0);
	found = rnn_decode_addr(ctx, d, c->off, &a);
	igt_assert_f(found == want_found, "%s+0x%llx: %s, expected %s\n", d->name,
		     (unsigned long long)c->off, found ? a.name : "nothing",
		     want_found ? c->want : "nothing");
	if (want_found)
		igt_assert_eq_str(a.name, c->want);
}

static const struct rnn_field_value *fv(const struct rnn_decoded *dec, const char *name)
{
	for (unsigned i = 0; i < dec->nfields; i++)
		if (!strcmp(dec->fields[i].field->name, name))
			return &dec->fields[i];
	return NULL;
}

/* Decodes @value as the GPU domain's register at @off, with variant chip = @chip. */
static void decode_on(const char *chip, uint64_t off, uint64_t value, struct rnn_decoded *dec)
{
	struct rnn_addr a;

	set_chip(chip);
	igt_assert(rnn_decode_addr(ctx, gpu, off, &a));
	rnn_decode_value(ctx, &a.reg->type, value, dec);
}

igt_main
{
	igt_fixture {
		db = rnn_db_new();
		rnn_db_load(db, "tests/lib/rnn/basic.xml");
		igt_assert_eq(rnn_db_prepare(db), 0);
		ctx = rnn_ctx_new(db);
		gpu = rnn_find_domain(db, "GPU");
		mmio = rnn_find_domain(db, "NV_MMIO");
	}

	igt_describe("addresses decode to registers through reg64 halves, nested arrays, stripes, "
		     "variants and half-open nouveau ranges; holes decode to nothing");
	igt_subtest_with_dynamic("addr") {
		array_for_each(c, addr_cases) {
			igt_dynamic_f("%s-%#llx", c->value, (unsigned long long)c->off)
				addr_case_holds(c);
		}
	}

	igt_describe("what an address decodes to besides its name: a reg64 half's suboffset, "
		     "one index per array level, nothing at all on a miss");
	igt_subtest("addr-details") {
		struct rnn_addr a;

		set_chip("A6XX");
		igt_assert(rnn_decode_addr(ctx, gpu, 0x21, &a));
		igt_assert_eq_u64(a.suboffset, 1);
		igt_assert(rnn_decode_addr(ctx, gpu, 0x170, &a));
		igt_assert_eq((int)a.depth, 2);
		igt_assert_eq_u64(a.indices[0], 3);
		igt_assert_eq_u64(a.indices[1], 2);
		igt_assert_eq_str(a.reg->name, "LO");
		igt_assert(!rnn_decode_addr(ctx, gpu, 0x31, &a));
		igt_assert(!a.reg && !a.depth && !a.name[0]);
	}

	igt_describe("a value splits into fields with enum names, shr applied, leftovers kept");
	igt_subtest("value-fields") {
		struct rnn_decoded dec;

		/* PLAIN: a field of each type */
		decode_on("A6XX", 0x10, 1 | 2 << 1 | 7 << 4 | 0x123 << 12 | 3u << 28 | 1 << 10,
			  &dec);
		igt_assert_eq((int)dec.nfields, 5);
		igt_assert_eq_u64(fv(&dec, "ENABLE")->value, 1);
		igt_assert_eq_str(fv(&dec, "MODE")->enum_name, "ON");
		igt_assert_eq_str(fv(&dec, "EVENT")->enum_name, "NEW_EVENT");
		igt_assert_eq_u64(fv(&dec, "ADDR")->value, 0x1230);
		igt_assert_eq_u64(fv(&dec, "SCALE")->value, 3);
		igt_assert(!fv(&dec, "SCALE")->enum_name);
		igt_assert_eq_u64(dec.leftover, 0x400);
		/* a clear boolean is left out; other fields are always shown */
		decode_on("A6XX", 0x10, 0, &dec);
		igt_assert(!fv(&dec, "ENABLE"));
		igt_assert_eq_str(fv(&dec, "MODE")->enum_name, "OFF");
		igt_assert(!fv(&dec, "EVENT")->enum_name);
		decode_on("A3XX", 0x10, 7 << 4, &dec);
		igt_assert_eq_str(fv(&dec, "EVENT")->enum_name, "OLD_EVENT");
	}

	igt_describe("bitset-typed registers follow the variant of each field");
	igt_subtest("value-bitset") {
		struct rnn_decoded dec;

		/* TYPED: the bitset "pair" */
		decode_on("A6XX", 0x11, 0x1ff05, &dec);
		igt_assert_eq((int)dec.nfields, 3);
		igt_assert_eq_u64(fv(&dec, "LO")->value, 5);
		igt_assert_eq_u64(fv(&dec, "HI")->value, 0xff);
		igt_assert_eq_u64(dec.leftover, 0);
		decode_on("A5XX", 0x11, 0x1ff05, &dec);
		igt_assert(!fv(&dec, "NEW"));
		igt_assert_eq_u64(dec.leftover, 0x10000);
	}

	igt_describe("an enum-typed register decodes to a value name");
	igt_subtest("value-enum") {
		struct rnn_decoded dec;

		/* ENUMREG: the enum "event" */
		decode_on("A6XX", 0x12, 7, &dec);
		igt_assert_eq_str(dec.enum_name, "NEW_EVENT");
		igt_assert_eq((int)dec.nfields, 0);
		decode_on("A6XX", 0x12, 0x55, &dec);
		igt_assert(!dec.enum_name);
	}

	igt_fixture {
		rnn_ctx_free(ctx);
		rnn_db_free(db);
	}
}

// SPDX-License-Identifier: MIT
/*
 * Unit tests of rnn's decoding (lib/rnn/lookup.c): addresses to registers
 * through arrays, stripes, reg64 halves and variants; values to fields,
 * enum names and leftover bits. Fixture: tests/lib/rnn/basic.xml.
 */
#include <string.h>

#include "core/test.h"
#include "rnn/rnn.h"

static struct rnn_db *db;
static struct rnn_ctx *ctx;
static const struct rnn_domain *gpu, *mmio;

static void set_chip(const char *chip)
{
	igt_assert_eq(rnn_ctx_set_variant(ctx, "chip", chip), 0);
}

/* @want is the decoded name, or NULL when nothing is at @off. */
static void addr_is(const struct rnn_domain *d, uint64_t off, const char *want)
{
	struct rnn_addr a;
	bool found = rnn_decode_addr(ctx, d, off, &a);

	igt_assert_f(found == (want != NULL), "%s+0x%llx: %s, expected %s\n", d->name,
		     (unsigned long long)off, found ? a.name : "nothing",
		     want ? want : "nothing");
	if (want)
		igt_assert_eq_str(a.name, want);
}

/* What the GPU domain holds at @off on A5XX and on A7XX (NULL: nothing). */
static void a5xx_a7xx_addr_is(uint64_t off, const char *a5xx, const char *a7xx)
{
	set_chip("A5XX");
	addr_is(gpu, off, a5xx);
	set_chip("A7XX");
	addr_is(gpu, off, a7xx);
}

static const struct rnn_field_value *fv(const struct rnn_decoded *dec, const char *name)
{
	for (unsigned i = 0; i < dec->nfields; i++)
		if (!strcmp(dec->fields[i].field->name, name))
			return &dec->fields[i];
	return NULL;
}

static const struct rnn_elem *reg_at(uint64_t off)
{
	struct rnn_addr a;

	igt_assert(rnn_decode_addr(ctx, gpu, off, &a));
	return a.reg;
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

	igt_describe("plain registers, reg64 halves and registers with a length");
	igt_subtest("addr-registers") {
		struct rnn_addr a;

		set_chip("A6XX");
		addr_is(gpu, 0x10, "PLAIN");
		addr_is(gpu, 0x20, "BASE");
		addr_is(gpu, 0x21, "BASE+0x1");
		igt_assert(rnn_decode_addr(ctx, gpu, 0x21, &a));
		igt_assert_eq_u64(a.suboffset, 1);
		addr_is(gpu, 0x22, NULL);
		addr_is(gpu, 0x30, "SCRATCH[0x0]");
		addr_is(gpu, 0x36, "SCRATCH[0x3]");
		addr_is(gpu, 0x31, NULL);	/* stride 2: a hole */
		addr_is(gpu, 0x38, NULL);
		addr_is(gpu, 0xffff, NULL);
		igt_assert(!rnn_decode_addr(ctx, gpu, 0x31, &a));
		igt_assert(!a.reg && !a.depth && !a.name[0]);
	}

	igt_describe("nested arrays give one index per level");
	igt_subtest("addr-arrays") {
		struct rnn_addr a;

		set_chip("A6XX");
		addr_is(gpu, 0x101, "CLUSTER[0x0].CTRL");
		addr_is(gpu, 0x121, "CLUSTER[0x1].CTRL");
		addr_is(gpu, 0x12d, "CLUSTER[0x1].SLOT[0x1].HI");
		addr_is(gpu, 0x100, NULL);
		addr_is(gpu, 0x502, "[0x1].UNNAMED_0");
		addr_is(gpu, 0x60a, "SET_X[0x1][0x1]");	/* nouveau's NAME(i,j) */
		igt_assert(rnn_decode_addr(ctx, gpu, 0x170, &a));
		igt_assert_eq((int)a.depth, 2);
		igt_assert_eq_u64(a.indices[0], 3);
		igt_assert_eq_u64(a.indices[1], 2);
		igt_assert_eq_str(a.reg->name, "LO");
	}

	igt_describe("stripes add their offset and filter by variant");
	igt_subtest("addr-stripes") {
		a5xx_a7xx_addr_is(0x201, "STRIPED", NULL);
		a5xx_a7xx_addr_is(0x202, NULL, "STRIPED");
		set_chip("A7XX");
		addr_is(gpu, 0x313, "PIPE[0x1].STATE");
	}

	igt_describe("the same name at different offsets per variant");
	igt_subtest("addr-variants") {
		a5xx_a7xx_addr_is(0x400, "MOVED", NULL);
		a5xx_a7xx_addr_is(0x401, NULL, "MOVED");
		a5xx_a7xx_addr_is(0x402, NULL, "NEWREG");
	}

	igt_describe("half-open nouveau ranges in a byte-addressed domain");
	igt_subtest("addr-half-open") {
		igt_assert_eq(rnn_ctx_set_variant(ctx, "nvchip", "NV84"), 0);
		addr_is(mmio, 0x1000, "OLDGEN");
		addr_is(mmio, 0x1002, "OLDGEN+0x2");
		addr_is(mmio, 0x1004, NULL);	/* ":NV84" ends before NV84 */
		rnn_ctx_set_variant(ctx, "nvchip", "NVA0");
		addr_is(mmio, 0x1000, "NEWGEN");
		rnn_ctx_set_variant(ctx, "nvchip", "NV50");
		addr_is(mmio, 0x1004, "UPTO");
	}

	igt_describe("a value splits into fields with enum names, shr applied, leftovers kept");
	igt_subtest("value-fields") {
		const struct rnn_elem *plain;
		struct rnn_decoded dec;

		set_chip("A6XX");
		plain = reg_at(0x10);
		rnn_decode_value(ctx, &plain->type, 1 | 2 << 1 | 7 << 4 | 0x123 << 12 |
				 3u << 28 | 1 << 10, &dec);
		igt_assert_eq((int)dec.nfields, 5);
		igt_assert_eq_u64(fv(&dec, "ENABLE")->value, 1);
		igt_assert_eq_str(fv(&dec, "MODE")->enum_name, "ON");
		igt_assert_eq_str(fv(&dec, "EVENT")->enum_name, "NEW_EVENT");
		igt_assert_eq_u64(fv(&dec, "ADDR")->value, 0x1230);
		igt_assert_eq_u64(fv(&dec, "SCALE")->value, 3);
		igt_assert(!fv(&dec, "SCALE")->enum_name);
		igt_assert_eq_u64(dec.leftover, 0x400);
		/* a clear boolean is left out; other fields are always shown */
		rnn_decode_value(ctx, &plain->type, 0, &dec);
		igt_assert(!fv(&dec, "ENABLE"));
		igt_assert_eq_str(fv(&dec, "MODE")->enum_name, "OFF");
		igt_assert(!fv(&dec, "EVENT")->enum_name);
		set_chip("A3XX");
		rnn_decode_value(ctx, &plain->type, 7 << 4, &dec);
		igt_assert_eq_str(fv(&dec, "EVENT")->enum_name, "OLD_EVENT");
	}

	igt_describe("bitset-typed registers follow the variant of each field");
	igt_subtest("value-bitset") {
		const struct rnn_elem *typed;
		struct rnn_decoded dec;

		set_chip("A6XX");
		typed = reg_at(0x11);
		rnn_decode_value(ctx, &typed->type, 0x1ff05, &dec);
		igt_assert_eq((int)dec.nfields, 3);
		igt_assert_eq_u64(fv(&dec, "LO")->value, 5);
		igt_assert_eq_u64(fv(&dec, "HI")->value, 0xff);
		igt_assert_eq_u64(dec.leftover, 0);
		set_chip("A5XX");
		rnn_decode_value(ctx, &typed->type, 0x1ff05, &dec);
		igt_assert(!fv(&dec, "NEW"));
		igt_assert_eq_u64(dec.leftover, 0x10000);
	}

	igt_describe("an enum-typed register decodes to a value name");
	igt_subtest("value-enum") {
		const struct rnn_elem *reg;
		struct rnn_decoded dec;

		set_chip("A6XX");
		reg = reg_at(0x12);
		rnn_decode_value(ctx, &reg->type, 7, &dec);
		igt_assert_eq_str(dec.enum_name, "NEW_EVENT");
		igt_assert_eq((int)dec.nfields, 0);
		rnn_decode_value(ctx, &reg->type, 0x55, &dec);
		igt_assert(!dec.enum_name);
	}

	igt_fixture {
		rnn_ctx_free(ctx);
		rnn_db_free(db);
	}
}

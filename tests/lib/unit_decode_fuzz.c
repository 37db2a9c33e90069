// SPDX-License-Identifier: MIT
/*
 * drmsub-decode never crashes on bad input: random and half-valid streams,
 * and every truncation of valid ones, go through all three backends and
 * every sink (text, JSON, state). Run under SANITIZE=1 this is the ASan
 * check of the decoder. Also: IBs that call each other stay bounded by the
 * follow budget instead of growing exponentially (a count, not a time).
 */
#include <stdlib.h>
#include <string.h>

#include "core/test.h"
#include "decode/decode.h"
#include "msm/pm4_header.h"
#include "nouveau/push_header.h"
#include "radeon/cp_packet.h"
#include "util/util.h"

#define BASE 0x10000

struct target {
	const char *driver;
	const char *regdir, *chip;
	bool gpfifo;
};

static const struct target targets[] = {
	{ "msm", "msm/registers", "a420", false },
	{ "msm", "msm/registers", "a530", false },
	{ "msm", "msm/registers", "a630", false },
	{ "msm", "msm/registers", "a750", false },
	{ "nouveau", "nouveau/registers", "gm107", false },
	{ "nouveau", "nouveau/registers", "gm20b", false },
	{ "nouveau", "nouveau/registers", "gm20b", true },
	{ "radeon", "radeon/registers", "rv350", false },
	{ "radeon", "radeon/registers", "rv515", false },
};

/* The registered backend of @t's driver: every decoder binary links them all. */
static const struct dec_driver *backend(const struct target *t)
{
	const struct dec_driver *drv = dec_driver_find(t->driver);

	igt_assert_f(drv, "no %s decoder backend registered\n", t->driver);
	return drv;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)rng;
}

/* A header that parses, with a random small count (often past the end). */
static uint32_t plausible_header(void)
{
	switch (rnd() % 8) {
	case 0:
		return pm4_pkt7_hdr(rnd() & 0x7f, rnd() % 8);
	case 1:
		return pm4_pkt4_hdr(rnd() & 0xffff, 1 + rnd() % 8);
	case 2:
		/* an IB into the stream itself */
		return pm4_pkt7_hdr(0x3f, 3);
	case 3:
		return nv_push_inc(rnd() & 7, rnd() & 0x3ffc, rnd() % 8);
	case 4:
		return nv_push_hdr((enum nv_sec_op)(rnd() & 7), rnd() & 7, rnd() & 0x3ffc, rnd());
	case 5:
		return radeon_cp_packet0(rnd() & 0x7ffc, 1 + rnd() % 8);
	case 6:
		return radeon_cp_packet3(rnd() & 0xff, 1 + rnd() % 8);
	default:
		return rnd();
	}
}

struct counter {
	struct dec_sink sink;
	uint64_t packets;
};

static void count_packet(struct dec_sink *s, const struct dec_packet *p)
{
	((struct counter *)s)->packets++;
	/* what a sink may rely on */
	igt_assert(p->nraw >= 1 && p->nraw <= p->expected);
	for (size_t i = 0; i < p->nitems; i++)
		igt_assert(p->items[i].index < p->nraw || !p->items[i].width);
}

/* Decode @dw as one stream (also mapped as GPU memory) through every sink. */
static uint64_t decode_all(void *be, const struct target *t, const uint32_t *dw, uint32_t n)
{
	struct dec_buf buf = { .gpuaddr = BASE, .size = 4ull * n, .data = (const uint8_t *)dw };
	struct dec_cmd cmd = { .gpuaddr = BASE, .ndwords = n };
	struct dec_input in = {
		.format = DEC_FORMAT_RAW, .bufs = &buf, .nbufs = 1, .cmds = &cmd, .ncmds = 1,
	};
	struct dec_options opt = { .gpfifo = t->gpfifo };
	FILE *null = fopen("/dev/null", "w");
	struct dec_sink *text = dec_text_sink_new(null), *json = dec_json_sink_new(null);
	struct dec_state *st = dec_state_new();
	struct counter c = { .sink.packet = count_packet };

	const struct dec_driver *drv = backend(t);

	igt_assert(null);
	drv->decode(be, &in, &opt, text);
	dec_json_begin_input(json, &in, drv->name, t->chip);
	dec_json_end_input(json, drv->decode(be, &in, &opt, json));
	dec_json_sink_end(json);
	drv->decode(be, &in, &opt, dec_state_sink(st));
	drv->decode(be, &in, &opt, &c.sink);
	dec_diff_print(st, st, null, false);
	dec_state_free(st);
	dec_sink_free(text);
	dec_sink_free(json);
	fclose(null);
	return c.packets;
}

static void *open_target(const struct target *t)
{
	struct dec_input none = { 0 };
	char err[256];
	void *be = backend(t)->open(t->regdir, t->chip, &none, err, sizeof(err));

	igt_assert_f(be, "%s %s: %s\n", t->driver, t->chip, err);
	return be;
}

igt_main
{
	igt_describe("random dwords and half-valid headers: no crash in any backend or sink");
	igt_subtest("random-streams") {
		uint32_t *dw = malloc(4096 * sizeof(*dw));

		array_for_each(t, targets) {
			void *be = open_target(t);

			for (unsigned round = 0; round < 24; round++) {
				uint32_t n = 1 + rnd() % 4096;

				for (uint32_t i = 0; i < n; i++) {
					dw[i] = round & 1 ? plausible_header() : rnd();
					/* IB addresses that land inside the stream */
					if (i >= 3 && dw[i - 3] == pm4_pkt7_hdr(0x3f, 3))
						dw[i - 2] = BASE + 4 * (rnd() % n), dw[i - 1] = 0;
				}
				decode_all(be, t, dw, n);
			}
			backend(t)->close(be);
		}
		free(dw);
	}

	igt_describe("every prefix of a valid stream decodes: truncation is reported, not fatal");
	igt_subtest("truncations") {
		static const uint32_t msm[] = {
			0x48088501, 5, 0x703d8003, 0x2000, 1, 0xcafe, 0x70bf8003, BASE, 0, 2,
			0x70460004, 0x08000031, 0x3000, 1, 7,
		};
		static const uint32_t nv[] = {
			0x20010000, 0xb197, 0x200406c0, 1, 0x3000, 0x42, 0x10000000, 0xa002406c, 1, 2,
		};
		static const uint32_t r300[] = {
			0x0000138a, 0, 0xc0001000, 0, 0x00000880, 0, 0x00078882, 0x00f00203,
			0x00d10001, 0x04d10002, 0x01248000, 1, 2, 3, 4, 0xc0033500, 0x00030034, 1, 2, 3,
		};
		static const struct { const uint32_t *dw; uint32_t n; } streams[] = {
			{ msm, 15 }, { nv, 10 }, { r300, 20 },
		};

		array_for_each(t, targets) {
			void *be = open_target(t);

			for (size_t s = 0; s < 3; s++)
				for (uint32_t n = 1; n <= streams[s].n; n++)
					decode_all(be, t, streams[s].dw, n);
			backend(t)->close(be);
		}
	}

	igt_describe("random bytes as .rd sections and as hex text: rejected or read, never overrun");
	igt_subtest("random-inputs") {
		uint8_t *bytes = malloc(8192);

		for (unsigned round = 0; round < 2000; round++) {
			size_t n = rnd() % 8192;
			struct dec_input in = { 0 };
			uint32_t *dw = NULL;
			size_t ndw;
			char err[256];

			for (size_t i = 0; i < n; i++)
				bytes[i] = (uint8_t)rnd();
			/* plausible section headers now and then: small types and sizes */
			for (size_t i = 0; i + 8 <= n && round & 1; i += 4 + 4 * (rnd() % 16)) {
				bytes[i] = (uint8_t)(rnd() % 16);
				bytes[i + 1] = bytes[i + 2] = bytes[i + 3] = 0;
				if (i + 8 <= n)
					bytes[i + 5] = bytes[i + 6] = bytes[i + 7] = 0;
			}
			dec_rd_parse(&in, bytes, n);
			for (size_t i = 0; i < in.nbufs; i++)
				igt_assert(in.bufs[i].data >= bytes &&
					   in.bufs[i].data + in.bufs[i].size <= bytes + n);
			free(in.bufs);
			free(in.cmds);
			for (size_t i = 0; i < in.nstrings; i++)
				free(in.strings[i]);
			free(in.strings);
			for (size_t i = 0; i < n; i++)
				bytes[i] = (uint8_t)" 0x,#\n0123456789abcdefXg"[rnd() % 24];
			if (!dec_parse_hex((const char *)bytes, n, &dw, &ndw, "fuzz", err, sizeof(err)))
				free(dw);
		}
		free(bytes);
	}

	igt_describe("IBs that call their own stream are followed within a budget, not forever");
	igt_subtest("ib-recursion-bounded") {
		/* 64 IBs, each calling the whole stream: 64^8 packets without a bound */
		static uint32_t dw[64 * 4];
		void *be = open_target(&targets[2]);
		uint64_t packets;

		for (unsigned i = 0; i < 64; i++) {
			dw[4 * i] = pm4_pkt7_hdr(0x3f, 3);
			dw[4 * i + 1] = BASE;
			dw[4 * i + 2] = 0;
			dw[4 * i + 3] = 64 * 4;
		}
		packets = decode_all(be, &targets[2], dw, 64 * 4);
		/* the budget is 16x the input dwords (+4096): packets here are 4 dwords */
		igt_assert_lte_u64(packets, 64 + (16 * 256 + 4096) / 4 + 64);
		igt_assert_lte_u64(64, packets);
		backend(&targets[2])->close(be);
	}
}

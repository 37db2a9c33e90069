// SPDX-License-Identifier: MIT
/*
 * Fuzz target: drmsub-decode's file loaders (lib/decode/input.c, rd_read.c)
 * and every backend behind them. One input is met as drmsub-decode meets
 * files: named .rd; named .bin (hex text or raw dwords by its content,
 * also loaded as a -b buffer); gzip'd under a neutral name (it must load as
 * an .rd, by its magic); and with a size limit one byte short (it must be
 * refused). The first two loads are decoded by every backend (msm a420,
 * a630, a750; nouveau gm20b plain and GPFIFO; radeon rv350) into the text,
 * JSON or state sink, as the CLI does for text, --json and --diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "decode/decode.h"
#include "rnn/rnn.h"
#include "fuzz.h"

#define BASE 0x10000		/* --base of raw and hex streams */
#define BUFFER_ADDR 0x100000	/* where the -b copy of the input lives */
#define INPUT_LIMIT (1u << 20)	/* --max-input: the loader's limit, small for speed */

struct backend {
	const char *driver;
	const char *chip;
	bool gpfifo;
	void *priv;
	const struct dec_driver *drv;	/* the registered backend of @driver */
};

static struct backend backends[] = {
	{ "msm", "a420", false, NULL, NULL },
	{ "msm", "a630", false, NULL, NULL },
	{ "msm", "a750", false, NULL, NULL },
	{ "nouveau", "gm20b", false, NULL, NULL },
	{ "nouveau", "gm20b", true, NULL, NULL },
	{ "radeon", "rv350", false, NULL, NULL },
};
#define NR_BACKENDS (sizeof(backends) / sizeof(backends[0]))

static FILE *null_out;

/* Open every backend once: their databases are the expensive part. */
static void open_backends(void)
{
	struct dec_input none = { 0 };
	char dir[4096], err[512], *slash;

	null_out = fopen("/dev/null", "w");
	if (!null_out)
		abort();
	for (size_t i = 0; i < NR_BACKENDS; i++) {
		struct backend *b = &backends[i];

		b->drv = dec_driver_find(b->driver);
		if (!b->drv) {
			fprintf(stderr, "decode_input: no %s backend linked\n", b->driver);
			abort();
		}
		if (!rnn_find_database(NULL, b->drv->name, b->drv->database, dir, sizeof(dir))) {
			fprintf(stderr, "decode_input: no %s databases (%s)\n", b->drv->name, dir);
			abort();
		}
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		b->priv = b->drv->open(dir, b->chip, &none, err, sizeof(err));
		if (!b->priv) {
			fprintf(stderr, "decode_input: %s %s: %s\n", b->drv->name, b->chip, err);
			abort();
		}
	}
}

/*
 * Every backend decodes @in into one sink; which one rotates with @turn
 * (text, JSON, state with --diff both ways), so that over a run each
 * backend meets each sink at a third of the cost of all of them.
 */
static void decode_everywhere(const struct dec_input *in, unsigned turn)
{
	for (size_t i = 0; i < NR_BACKENDS; i++) {
		const struct backend *b = &backends[i];
		struct dec_options opt = { .gpfifo = b->gpfifo };
		struct dec_sink *sink;
		struct dec_state *st, *empty;

		switch ((turn + i) % 3) {
		case 0:
			sink = dec_text_sink_new(null_out);
			b->drv->decode(b->priv, in, &opt, sink);
			dec_sink_free(sink);
			break;
		case 1:
			sink = dec_json_sink_new(null_out);
			dec_json_begin_input(sink, in, b->drv->name, b->chip);
			dec_json_end_input(sink, b->drv->decode(b->priv, in, &opt, sink));
			dec_json_sink_end(sink);
			dec_sink_free(sink);
			break;
		default:
			st = dec_state_new();
			empty = dec_state_new();
			b->drv->decode(b->priv, in, &opt, dec_state_sink(st));
			dec_diff_print(empty, st, null_out, false);
			dec_diff_print(st, empty, null_out, true);
			dec_state_free(st);
			dec_state_free(empty);
			break;
		}
	}
}

static void write_file(const char *path, const uint8_t *data, size_t size, bool gzip)
{
	if (gzip) {
		gzFile f = gzopen(path, "wb1");

		if (!f || (size && gzwrite(f, data, (unsigned)size) != (int)size) ||
		    gzclose(f) != Z_OK)
			abort();
		return;
	}
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
}

/*
 * Load @path as drmsub-decode would, optionally with itself as -b memory,
 * and decode it when @turn >= 0. Returns the format it was read as, or
 * DEC_FORMAT_AUTO if loading failed.
 */
static enum dec_format load(const char *path, uint64_t max, bool as_buffer, int turn)
{
	enum dec_format format = DEC_FORMAT_AUTO;
	struct dec_input in;
	char err[512];

	if (!dec_input_load(&in, path, DEC_FORMAT_AUTO, BASE, max, err, sizeof(err)) &&
	    (!as_buffer || !dec_input_add_buffer(&in, path, BUFFER_ADDR, max, err, sizeof(err)))) {
		format = in.format;
		if (turn >= 0)
			decode_everywhere(&in, (unsigned)turn);
	}
	dec_input_free(&in);
	return format;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int turn = (int)(size % 3);

	if (!null_out)
		open_backends();
	if (size > INPUT_LIMIT)
		return 0;
	write_file(fuzz_tmp_path("input.rd"), data, size, false);
	load(fuzz_tmp_path("input.rd"), INPUT_LIMIT, false, turn);
	write_file(fuzz_tmp_path("input.bin"), data, size, false);
	load(fuzz_tmp_path("input.bin"), INPUT_LIMIT, size & 1, turn);
	/* one byte over the limit is refused, never read past (a limit of 0 is the default) */
	if (size > 1 && load(fuzz_tmp_path("input.bin"), size - 1, false, -1) != DEC_FORMAT_AUTO)
		abort();
	/* gzip'd, a neutral name: an .rd by the magic (decoded above already) */
	write_file(fuzz_tmp_path("input.capture"), data, size, true);
	if (load(fuzz_tmp_path("input.capture"), INPUT_LIMIT, false, -1) != DEC_FORMAT_RD)
		abort();
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * Unit tests of drmsub-decode's inputs (lib/decode/input.c, rd_write.c):
 * hex text, raw dwords, .rd and .rd.gz written by the library's writer
 * and read back, GPU-address lookups, and truncated files (kept, flagged,
 * never read past).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"
#include "decode/decode.h"

static char dir[] = "/tmp/drmsub-decode-XXXXXX";

static const char *tmp(const char *name)
{
	static char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void write_file(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	igt_assert(f);
	igt_assert_eq(fwrite(data, 1, size, f), size);
	igt_assert_eq(fclose(f), 0);
}

static void hex_is(const char *text, const uint32_t *want, size_t n)
{
	uint32_t *dw;
	size_t got;
	char err[256];

	igt_assert_f(!dec_parse_hex(text, strlen(text), &dw, &got, "t", err, sizeof(err)),
		     "%s\n", err);
	igt_assert_eq(got, n);
	for (size_t i = 0; i < n; i++)
		igt_assert_eq_u32(dw[i], want[i]);
	free(dw);
}

static void hex_fails(const char *text, const char *msg)
{
	uint32_t *dw = NULL;
	size_t n;
	char err[256];

	igt_assert_eq(dec_parse_hex(text, strlen(text), &dw, &n, "t.hex", err, sizeof(err)), -1);
	igt_assert(!dw);
	igt_assert_eq_str(err, msg);
}

/* A capture of one submit: the ring's IB at 0x10000, an IB2 at 0x20000. */
static void write_rd(const char *path, bool gz)
{
	static const uint32_t ib1[] = { 0x48088501, 5, 0x70bf8003, 0x20000, 0, 2 };
	static const uint32_t ib2[] = { 0x40088701, 7 };
	struct rd_writer *w = rd_writer_open(path, gz);

	igt_assert(w);
	igt_assert_eq(rd_write_gpu_id(w, 630), 0);
	igt_assert_eq(rd_write_chip_id(w, 0x06030001), 0);
	igt_assert_eq(rd_write_cmd(w, "unit/42: fence=1"), 0);
	igt_assert_eq(rd_write_buffer(w, 0x10000, ib1, sizeof(ib1)), 0);
	igt_assert_eq(rd_write_buffer(w, 0x20000, ib2, sizeof(ib2)), 0);
	igt_assert_eq(rd_write_cmdstream(w, 0x10000, 6), 0);
	igt_assert_eq(rd_writer_close(w), 0);
}

static void check_rd(const struct dec_input *in)
{
	const uint32_t *dw;

	igt_assert(!in->truncated);
	igt_assert_eq(in->format, DEC_FORMAT_RD);
	igt_assert(in->has_gpu_id && in->has_chip_id);
	igt_assert_eq_u32(in->gpu_id, 630);
	igt_assert_eq_u64(in->chip_id, 0x06030001);
	igt_assert_eq(in->nbufs, 2);
	igt_assert_eq(in->ncmds, 1);
	igt_assert_eq_u64(in->cmds[0].gpuaddr, 0x10000);
	igt_assert_eq_u32(in->cmds[0].ndwords, 6);
	igt_assert_eq_str(in->cmds[0].label, "unit/42: fence=1");
	igt_assert_eq(dec_input_find(in, 0, 0x20004, &dw), 1);
	igt_assert_eq_u32(dw[0], 7);
	igt_assert_eq(dec_input_find(in, 0, 0x10008, &dw), 4);
	igt_assert_eq_u32(dw[0], 0x70bf8003);
}

/* Load @name from the test directory, its format found from its contents, no limit: it loads. */
static void load_capture(struct dec_input *in, const char *name)
{
	char err[256] = "";

	igt_assert_f(!dec_input_load(in, tmp(name), DEC_FORMAT_AUTO, 0, 0, err, sizeof(err)),
		     "%s: %s\n", name, err);
}

/* The .rd the library writes as @name (@gz: gzip'd) loads back as written (check_rd). */
static void rd_reads_back(const char *name, bool gz)
{
	struct dec_input in;

	write_rd(tmp(name), gz);
	load_capture(&in, name);
	check_rd(&in);
	dec_input_free(&in);
}

igt_main
{
	igt_fixture
		igt_assert(mkdtemp(dir));

	igt_describe("hex words: whitespace or commas, optional 0x, # comments");
	igt_subtest("hex-text") {
		static const uint32_t want[] = { 0x48088501, 5, 0xcafe, 0xffffffff, 0 };

		hex_is("0x48088501 5 # comment 0x1234\n,0XCAFE,\tffffffff\r\n0\n", want, 5);
		hex_is("", NULL, 0);
		hex_is("# only a comment", NULL, 0);
	}

	igt_describe("a word that is not hex, or wider than 32 bits, names file:line:column");
	igt_subtest("hex-errors") {
		hex_fails("0x1 0x2\n  0xg1", "t.hex:2:3: not a hex dword: '0xg1'");
		hex_fails("123456789", "t.hex:1:1: not a hex dword: '123456789'");
		hex_fails("0x", "t.hex:1:1: not a hex dword: '0x'");
		hex_fails("12-3", "t.hex:1:1: not a hex dword: '12-3'");
	}

	igt_describe("raw dwords at --base; a partial last dword is truncation, not an error");
	igt_subtest("raw-truncated") {
		static const uint8_t raw[] = { 1, 0, 0, 0, 2, 0, 0, 0, 3 };
		struct dec_input in;
		char err[256];
		const uint32_t *dw;

		write_file(tmp("raw.bin"), raw, sizeof(raw));
		igt_assert_eq(dec_input_load(&in, tmp("raw.bin"), DEC_FORMAT_AUTO, 0x1000, 0, err,
					     sizeof(err)), 0);
		igt_assert_eq(in.format, DEC_FORMAT_RAW);
		igt_assert(in.truncated);
		igt_assert_eq_u64(in.trunc_offset, 8);
		igt_assert_eq(in.ncmds, 1);
		igt_assert_eq_u32(in.cmds[0].ndwords, 2);
		igt_assert_eq(dec_input_find(&in, 0, 0x1004, &dw), 1);
		igt_assert_eq_u32(dw[0], 2);
		igt_assert_eq(dec_input_find(&in, 0, 0x1008, &dw), 0);
		igt_assert_eq(dec_input_find(&in, 0, 0xffc, &dw), 0);
		igt_assert_eq(dec_input_find(&in, 0, 0x1002, &dw), 0);	/* not dword aligned */
		dec_input_free(&in);
	}

	igt_describe("an .rd written by the library reads back: ids, buffers, streams, label");
	igt_subtest("rd-roundtrip")
		rd_reads_back("a.rd", false);

	igt_describe("the same capture gzip'd (.rd.gz) reads back the same");
	igt_subtest("rd-gz-roundtrip") {
		FILE *f;

		rd_reads_back("a.rd.gz", true);
		f = fopen(tmp("a.rd.gz"), "rb");
		igt_assert(f);
		igt_assert_eq(fgetc(f), 0x1f);	/* gzip magic: really compressed */
		fclose(f);
	}

	igt_describe("a gzip'd capture is an .rd by its magic, whatever its name");
	igt_subtest("rd-gz-by-magic")
		rd_reads_back("capture.bin", true);	/* check_rd: its format is DEC_FORMAT_RD */

	igt_describe("no input is read past its size limit (after gunzipping): a clear error");
	igt_subtest("size-limit") {
		static const uint8_t raw[100];
		struct dec_input in;
		char err[512], want[512];

		write_file(tmp("limit.bin"), raw, sizeof(raw));
		igt_assert_eq(dec_input_load(&in, tmp("limit.bin"), DEC_FORMAT_RAW, 0, 100, err,
					     sizeof(err)), 0);
		igt_assert(!in.too_large);
		igt_assert_eq(in.cmds[0].ndwords, 25);
		dec_input_free(&in);
		igt_assert_eq(dec_input_load(&in, tmp("limit.bin"), DEC_FORMAT_RAW, 0, 99, err,
					     sizeof(err)), -1);
		igt_assert(in.too_large);
		snprintf(want, sizeof(want), "%s: larger than the input limit of 99 bytes",
			 tmp("limit.bin"));
		igt_assert_eq_str(err, want);
		dec_input_free(&in);
		/* the limit counts inflated bytes: a small .gz of a large capture */
		write_rd(tmp("big.rd.gz"), true);
		igt_assert_eq(dec_input_load(&in, tmp("big.rd.gz"), DEC_FORMAT_AUTO, 0, 64, err,
					     sizeof(err)), -1);
		igt_assert(in.too_large);
		dec_input_free(&in);
		/* an endless file ends at the limit */
		igt_assert_eq(dec_input_load(&in, "/dev/zero", DEC_FORMAT_RAW, 0, 1 << 20, err,
					     sizeof(err)), -1);
		igt_assert_eq_str(err, "/dev/zero: larger than the input limit of 1 MiB");
		dec_input_free(&in);
	}

	igt_describe("a cut .rd keeps the sections before the cut and names its offset");
	igt_subtest("rd-truncated") {
		struct dec_input in;
		char err[256];
		uint8_t *data;
		long size;
		FILE *f;

		write_rd(tmp("b.rd"), false);
		f = fopen(tmp("b.rd"), "rb");
		igt_assert(f);
		fseek(f, 0, SEEK_END);
		size = ftell(f);
		rewind(f);
		data = malloc((size_t)size);
		igt_assert_eq(fread(data, 1, (size_t)size, f), (size_t)size);
		fclose(f);
		/* every cut point: never a crash, never a section past the end */
		for (long cut = 0; cut < size; cut++) {
			write_file(tmp("cut.rd"), data, (size_t)cut);
			igt_assert_eq(dec_input_load(&in, tmp("cut.rd"), DEC_FORMAT_RD, 0, 0, err,
						     sizeof(err)), 0);
			/* sections are dword-sized: a cut inside a dword is always seen */
			if (cut % 4)
				igt_assert(in.truncated);
			for (size_t i = 0; i < in.nbufs; i++)
				igt_assert(in.bufs[i].data + in.bufs[i].size <= in.blobs[0] + cut);
			dec_input_free(&in);
		}
		/* cut inside the last section: the cmdstream is lost, the rest kept */
		write_file(tmp("cut.rd"), data, (size_t)size - 4);
		igt_assert_eq(dec_input_load(&in, tmp("cut.rd"), DEC_FORMAT_RD, 0, 0, err,
					     sizeof(err)), 0);
		igt_assert(in.truncated);
		igt_assert_eq_u64(in.trunc_offset, (uint64_t)size - 20);
		igt_assert_eq(in.nbufs, 2);
		igt_assert_eq(in.ncmds, 0);
		dec_input_free(&in);
		free(data);
	}

	igt_describe("0xffffffff pairs (blob captures) are skipped between sections");
	igt_subtest("rd-padding") {
		static const uint32_t sec[] = { 0xffffffff, 0xffffffff, RD_GPU_ID, 4, 540 };
		struct dec_input in;

		write_file(tmp("pad.rd"), sec, sizeof(sec));
		load_capture(&in, "pad.rd");
		igt_assert(!in.truncated);
		igt_assert_eq_u32(in.gpu_id, 540);
		dec_input_free(&in);
	}

	igt_describe("buffers after a cmdstream belong to the next submit (cffdump's rule)");
	igt_subtest("rd-submits") {
		static const uint32_t a[] = { 1 }, b[] = { 2 };
		struct rd_writer *w = rd_writer_open(tmp("two.rd"), false);
		struct dec_input in;
		const uint32_t *dw;

		igt_assert(w);
		rd_write_buffer(w, 0x1000, a, 4);
		rd_write_cmdstream(w, 0x1000, 1);
		rd_write_buffer(w, 0x1000, b, 4);
		rd_write_cmdstream(w, 0x1000, 1);
		igt_assert_eq(rd_writer_close(w), 0);
		load_capture(&in, "two.rd");
		igt_assert_eq(in.ncmds, 2);
		igt_assert_eq(in.cmds[1].submit, 1);
		igt_assert_eq(dec_input_find(&in, 0, 0x1000, &dw), 1);
		igt_assert_eq_u32(dw[0], 1);
		igt_assert_eq(dec_input_find(&in, 1, 0x1000, &dw), 1);
		igt_assert_eq_u32(dw[0], 2);
		dec_input_free(&in);
	}

	igt_fixture {
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		igt_assert_eq(system(cmd), 0);
	}
}

// SPDX-License-Identifier: MIT
/*
 * An .rd capture written by the library's writer (as the msm harness
 * captures its submits), decoded back by drmsub-decode: the GPU comes from
 * the file (GPU_ID, or CHIP_ID alone), IBs are followed through the
 * captured buffers, and the text is compared with
 * tests/lib/decode/rd_a630.txt (DECODE_REGEN=1 rewrites it). Needs
 * $O/bin/drmsub-decode (scripts/check sets O).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/test.h"
#include "decode/decode.h"

static char dir[] = "/tmp/drmsub-decode-rd-XXXXXX";
static char path[256];

static const char *tmp(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

/* @gpu_id 0: only a CHIP_ID section, as a7xx kernels write */
static void write_capture(const char *file, bool gz, uint32_t gpu_id, uint64_t chip_id)
{
	/* ring IB at 0x100000 -> IB at 0x200000 -> IB at 0x300000 */
	static const uint32_t ib0[] = {
		0x48088501, 0x00000005,				/* CP_SCRATCH[2] */
		0x70460004, 0x00000004, 0x3000, 0x1, 0x7,	/* CP_EVENT_WRITE(7) */
		0x70bf8003, 0x00200000, 0x00000000, 0x00000006,	/* CP_INDIRECT_BUFFER */
	};
	static const uint32_t ib1[] = {
		0x40088701, 0x00000007,				/* CP_SCRATCH[4] */
		0x70bf8003, 0x00300000, 0x00000000, 0x00000002,
	};
	static const uint32_t ib2[] = { 0x40088801, 0x00000008 };	/* CP_SCRATCH[5] */
	struct rd_writer *w = rd_writer_open(tmp(file), gz);

	igt_assert(w);
	if (gpu_id)
		rd_write_gpu_id(w, gpu_id);
	rd_write_chip_id(w, chip_id);
	rd_write_cmd(w, "unit_decode_rd/1: fence=7");
	rd_write_buffer(w, 0x100000, ib0, sizeof(ib0));
	rd_write_buffer(w, 0x200000, ib1, sizeof(ib1));
	rd_write_buffer(w, 0x300000, ib2, sizeof(ib2));
	rd_write_cmdstream(w, 0x100000, sizeof(ib0) / 4);
	igt_assert_eq(rd_writer_close(w), 0);
}

/* Run the decoder on @file, which must exit 0; returns its stdout (caller frees). */
static char *decode(const char *args, const char *file)
{
	const char *o = getenv("O") ? getenv("O") : "build";
	char cmd[1024], *out = NULL;
	size_t len = 0;
	FILE *p, *m = open_memstream(&out, &len);
	int c;

	snprintf(cmd, sizeof(cmd), "%s/bin/drmsub-decode %s %s", o, args, file);
	p = popen(cmd, "r");
	igt_assert(p && m);
	while ((c = fgetc(p)) != EOF)
		fputc(c, m);
	igt_assert_eq(pclose(p), 0);
	fclose(m);
	return out;
}

static char *slurp(const char *file)
{
	FILE *f = fopen(file, "r");
	char *s = calloc(1, 1 << 16);

	igt_assert(f && s);
	igt_assert(fread(s, 1, (1 << 16) - 1, f) > 0);
	fclose(f);
	return s;
}

#define GOLDEN "tests/lib/decode/rd_a630.txt"

/* DECODE_REGEN=1 rewrites the golden file instead (review its git diff). */
static void check_golden(const char *file)
{
	char *got = decode("", file), *want;

	if (getenv("DECODE_REGEN")) {
		FILE *f = fopen(GOLDEN, "w");

		igt_assert(f && fputs(got, f) >= 0 && !fclose(f));
	}
	want = slurp(GOLDEN);
	igt_assert_eq_str(got, want);
	free(got);
	free(want);
}

igt_main
{
	igt_fixture {
		const char *o = getenv("O") ? getenv("O") : "build";
		char bin[512];

		snprintf(bin, sizeof(bin), "%s/bin/drmsub-decode", o);
		igt_require_f(access(bin, X_OK) == 0, "%s not built\n", bin);
		igt_assert(mkdtemp(dir));
	}

	igt_describe("an .rd from the writer decodes to the golden text; GPU from GPU_ID");
	igt_subtest("rd-golden")
		write_capture("a630.rd", false, 630, 0x06030001), check_golden(tmp("a630.rd"));

	igt_describe("the same capture as .rd.gz decodes the same");
	igt_subtest("rd-gz-golden")
		write_capture("a630.rd.gz", true, 630, 0x06030001), check_golden(tmp("a630.rd.gz"));

	igt_describe("with CHIP_ID alone (a750) the stream decodes as A7XX: CP_EVENT_WRITE7");
	igt_subtest("rd-chip-id") {
		char *out;

		write_capture("a750.rd", false, 0, 0x43051401);
		out = decode("", tmp("a750.rd"));
		igt_assert_f(strstr(out, "pkt7 CP_EVENT_WRITE7 (4 dwords)"), "%s", out);
		igt_assert_f(strstr(out, "CP_SCRATCH[0x5].REG = 0x00000008"), "%s", out);
		free(out);
	}

	igt_describe("--no-follow stops at the first IB; --json of an .rd is one document");
	igt_subtest("rd-options") {
		char *out;

		write_capture("opt.rd", false, 630, 0x06030001);
		out = decode("--no-follow", tmp("opt.rd"));
		igt_assert(!strstr(out, "--- IB"));
		free(out);
		out = decode("--json", tmp("opt.rd"));
		igt_assert(!strncmp(out, "{\"inputs\": [", 12));
		igt_assert(strstr(out, "\"gpu\": \"gpu_id 630\""));
		igt_assert(strstr(out, "\"level\": 2"));
		free(out);
	}

	igt_fixture {
		char cmd[512];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		igt_assert_eq(system(cmd), 0);
	}
}

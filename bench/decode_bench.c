// SPDX-License-Identifier: MIT
/*
 * decode_bench: is drmsub-decode linear in the stream size? For each
 * backend, a synthetic stream of N and of 8N dwords is decoded (text
 * output to /dev/null, as the CLI formats it), best of 3 runs each, and
 * the ratio of the two times is printed: about 8 means linear, 64 would
 * mean quadratic. A measurement, never an assertion: `make bench`.
 *
 * usage: decode_bench [N]    (default 262144 dwords)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "decode/decode.h"
#include "msm/pm4_header.h"
#include "nouveau/push_header.h"
#include "radeon/cp_packet.h"
#include "util/util.h"

#ifndef DRMSUB_SRCDIR
#define DRMSUB_SRCDIR "."
#endif

#define BASE 0x100000

typedef uint32_t (*emit_fn)(uint32_t *dw, uint32_t i);

/* a6xx: scratch writes, CP_MEM_WRITEs, CP_EVENT_WRITEs; 4 packets per 17 dwords */
static uint32_t emit_msm(uint32_t *dw, uint32_t i)
{
	uint32_t n = 0;

	dw[n++] = pm4_pkt4_hdr(0x883 + i % 8, 2);
	dw[n++] = i;
	dw[n++] = ~i;
	dw[n++] = pm4_pkt7_hdr(0x3d, 3);
	dw[n++] = 0x2000;
	dw[n++] = 1;
	dw[n++] = i;
	dw[n++] = pm4_pkt7_hdr(0x46, 4);
	dw[n++] = 4;
	dw[n++] = 0x3000;
	dw[n++] = 1;
	dw[n++] = i;
	dw[n++] = pm4_pkt7_hdr(0x3e, 3);
	dw[n++] = 0x40080980;
	dw[n++] = 0x4000;
	dw[n++] = 1;
	dw[n++] = pm4_pkt7_hdr(0x10, 0);
	return n;
}

static uint32_t emit_nouveau(uint32_t *dw, uint32_t i)
{
	uint32_t n = 0;

	dw[n++] = nv_push_inc(0, 0x1b00, 4);
	dw[n++] = 1;
	dw[n++] = 0x3000 + i;
	dw[n++] = i;
	dw[n++] = 0x10000000;
	dw[n++] = nv_push_immd(0, 0x110, 0);
	dw[n++] = nv_push_inc(4, 0x400, 4);
	dw[n++] = 1;
	dw[n++] = 0x5000;
	dw[n++] = 1;
	dw[n++] = 0x6000;
	dw[n++] = nv_push_inc(4, 0x300, 1);
	dw[n++] = 0x18e;
	return n;
}

static uint32_t emit_radeon(uint32_t *dw, uint32_t i)
{
	uint32_t n = 0;

	dw[n++] = radeon_cp_packet0(0x4e28, 1);
	dw[n++] = 0;
	dw[n++] = radeon_cp_packet3(0x10, 1);
	dw[n++] = 4 * (i % 16);
	dw[n++] = radeon_cp_packet0_one_reg(0x2208, 4);
	dw[n++] = 0x00f00203;
	dw[n++] = 0x00d10001;
	dw[n++] = 0x04d10002;
	dw[n++] = 0x01248000;
	dw[n++] = radeon_cp_packet3(0x35, 4);
	dw[n++] = 0x00030034;
	dw[n++] = 0x3f800000;
	dw[n++] = 0;
	dw[n++] = 0x40000000;
	return n;
}

static uint32_t *make_stream(emit_fn emit, uint32_t want, uint32_t *n)
{
	uint32_t *dw = malloc((want + 64) * sizeof(*dw)), i = 0;

	if (!dw)
		abort();
	for (*n = 0; *n < want; i++)
		*n += emit(dw + *n, i);
	return dw;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* best of 3: the least disturbed run */
static double time_decode(const struct dec_driver *drv, void *be, const uint32_t *dw,
			  uint32_t n, FILE *null)
{
	struct dec_buf buf = { .gpuaddr = BASE, .size = 4ull * n, .data = (const uint8_t *)dw };
	struct dec_cmd cmd = { .gpuaddr = BASE, .ndwords = n };
	struct dec_input in = {
		.format = DEC_FORMAT_RAW, .bufs = &buf, .nbufs = 1, .cmds = &cmd, .ncmds = 1,
	};
	struct dec_options opt = { 0 };
	struct dec_sink *text = dec_text_sink_new(null);
	double best = 1e9;

	for (int r = 0; r < 3; r++) {
		double t0 = now(), t;

		drv->decode(be, &in, &opt, text);
		t = now() - t0;
		if (t < best)
			best = t;
	}
	dec_sink_free(text);
	return best;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *driver, *chip, *dir;
		emit_fn emit;
	} cases[] = {
		{ "msm", "a630", DRMSUB_SRCDIR "/msm/registers", emit_msm },
		{ "nouveau", "gm20b", DRMSUB_SRCDIR "/nouveau/registers", emit_nouveau },
		{ "radeon", "rv350", DRMSUB_SRCDIR "/radeon/registers", emit_radeon },
	};
	uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 262144;
	FILE *null = fopen("/dev/null", "w");
	struct dec_input none = { 0 };
	char err[256];

	if (!null || n < 64 || n > (1u << 26)) {
		fprintf(stderr, "usage: decode_bench [N]   (64 <= N <= 2^26 dwords)\n");
		return 2;
	}
	printf("%-8s %-6s %12s %12s %12s %8s\n", "driver", "gpu", "N dwords", "t(N) ms",
	       "t(8N) ms", "ratio");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dec_driver *drv = dec_driver_find(cases[i].driver);
		void *be = drv ? drv->open(cases[i].dir, cases[i].chip, &none, err, sizeof(err)) : NULL;
		uint32_t n1, n8;
		uint32_t *s1, *s8;
		double t1, t8;

		if (!be) {
			fprintf(stderr, "decode_bench: %s\n", drv ? err : "backend not linked");
			return 2;
		}
		s1 = make_stream(cases[i].emit, n, &n1);
		s8 = make_stream(cases[i].emit, 8 * n, &n8);
		t1 = time_decode(drv, be, s1, n1, null);
		t8 = time_decode(drv, be, s8, n8, null);
		/* scale for the few dwords the packet boundaries add */
		printf("%-8s %-6s %12u %12.2f %12.2f %8.2f\n", drv->name, cases[i].chip, n1,
		       t1 * 1e3, t8 * 1e3, t8 / t1 * ((double)n1 * 8 / n8));
		free(s1);
		free(s8);
		drv->close(be);
	}
	printf("ratio = t(8N)/t(N) per dword-scaled: ~8 is linear, ~64 quadratic\n");
	fclose(null);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * msm_cp_bench: how fast the device model's command processor (msm/model/cp*.c)
 * runs real submits, against memcpy of the same bytes measured in the same run
 * (bench/bench.h: CPU time of the whole process, the model's GPU thread
 * included; median of BENCH_RUNS; streams of N, 8N and 64N dwords).
 *
 *   nop15      CP_NOP with a 15-dword payload: the CP reads one header in 16
 *              dwords, so it should keep up with a memcpy of the stream
 *   nop1       CP_NOP with one payload dword: header parsing and dispatch
 *   mem-write  CP_MEM_WRITE of 8190 dwords per packet into a BO as large as
 *              the stream, against a memcpy of the payload: the write path
 *
 * A stream is cut into IB2s of at most IB2_DWORDS (an IB's size has 20 bits)
 * that one submit's IB1 calls in turn, the whole sequence repeated until
 * MIN_BYTES_PER_RUN went through, so that the fixed cost of a submit (ioctl,
 * scheduling, two thread wake-ups) does not hide the CP's own rate. The
 * memcpy copies the stream's bytes as often, between buffers of the stream's
 * size: at N both work in the caches, at 64N (64 MiB by default) in memory.
 *
 * Each line is "<case> N=<dwords> x<runs>: <memcpy time / CP time> (memcpy <t>
 * vs CP <t>) target >= <x>": above 1 the CP moves the stream faster than memcpy.
 * The benchmark runs itself on the model (DRMSUB_MODEL=msm:a630, the model
 * library beside the build's bench/ directory) unless DRMSUB_MODEL is set.
 *
 * usage: msm_cp_bench [N]    (default 262144 dwords)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "core/test.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/cs.h"
#include "util/util.h"

#define MEM_WRITE_PAYLOAD 8190u			/* + header and address: 8193 dwords */
#define IB2_DWORDS (1u << 19)			/* < A5XX_CP_INDIRECT_BUFFER_2_IB_SIZE */
#define MAX_IB2S 48				/* with the destination: < MSM_CS_MAX_BOS */
#define MIN_BYTES_PER_RUN (64ull << 20)

struct bench_case {
	const char *name;
	const char *target;
	/* append one packet; returns the bytes a memcpy moves for it */
	uint32_t (*emit)(struct msm_cs *cs, struct msm_bo *dst, uint64_t offset);
	uint32_t packet_dwords;
};

struct run {
	struct msm_cs *ib1;
	struct msm_queue *q;
	void *src, *dst;
	size_t copy_bytes;		/* what one pass over the stream moves */
};

static uint32_t emit_nop15(struct msm_cs *cs, struct msm_bo *dst, uint64_t offset)
{
	msm_cs_nop(cs, 15);
	return 16 * 4;
}

static uint32_t emit_nop1(struct msm_cs *cs, struct msm_bo *dst, uint64_t offset)
{
	msm_cs_nop(cs, 1);
	return 2 * 4;
}

static uint32_t emit_mem_write(struct msm_cs *cs, struct msm_bo *dst, uint64_t offset)
{
	static const uint32_t payload[MEM_WRITE_PAYLOAD];

	msm_cs_mem_write(cs, dst, offset, payload, MEM_WRITE_PAYLOAD);
	return MEM_WRITE_PAYLOAD * 4;
}

static const struct bench_case cases[] = {
	{ "nop15", ">= 1", emit_nop15, 16 },
	{ "nop1", ">= 0.25", emit_nop1, 2 },
	{ "mem-write", ">= 0.5", emit_mem_write, MEM_WRITE_PAYLOAD + 3 },
};

static void submit_runs(void *arg, uint64_t n)
{
	struct run *r = arg;

	for (uint64_t i = 0; i < n; i++)
		msm_cs_submit_wait(r->ib1, r->q, 60 * NSEC_PER_SEC);
}

static void memcpy_runs(void *arg, uint64_t n)
{
	struct run *r = arg;

	for (uint64_t i = 0; i < n; i++) {
		memcpy(r->dst, r->src, r->copy_bytes);
		/* keep the copy: the compiler may not drop it */
		__asm__ volatile("" : : "r"(r->dst) : "memory");
	}
}

/* The stream of @packets packets, cut into IB2s; returns how many. */
static unsigned int build_ib2s(struct msm_device *dev, const struct bench_case *c,
			       uint32_t packets, struct msm_bo *dst, struct msm_cs **ib2,
			       size_t *bytes)
{
	uint32_t per_ib2 = IB2_DWORDS / c->packet_dwords;
	unsigned int n = 0;

	*bytes = 0;
	for (uint32_t done = 0; done < packets; n++) {
		uint32_t here = packets - done < per_ib2 ? packets - done : per_ib2;

		igt_assert(n < MAX_IB2S);
		ib2[n] = msm_cs_new(dev, here * c->packet_dwords);
		for (uint32_t i = 0; i < here; i++, done++)
			*bytes += c->emit(ib2[n], dst, (uint64_t)done * MEM_WRITE_PAYLOAD * 4);
	}
	return n;
}

static void measure(struct msm_device *dev, struct msm_queue *q, const struct bench_case *c,
		    uint32_t dwords)
{
	uint32_t packets = dwords / c->packet_dwords ? dwords / c->packet_dwords : 1;
	struct msm_bo *dst = msm_bo_new(dev, 4ull * dwords);
	struct msm_cs *ib2[MAX_IB2S];
	struct run r = { .q = q };
	unsigned int nr_ib2;
	uint64_t passes;
	double t_cp, t_copy;
	char name[64];

	nr_ib2 = build_ib2s(dev, c, packets, dst, ib2, &r.copy_bytes);
	passes = MIN_BYTES_PER_RUN / r.copy_bytes ? MIN_BYTES_PER_RUN / r.copy_bytes : 1;
	r.ib1 = msm_cs_new(dev, 4 * nr_ib2 * passes);
	for (uint64_t p = 0; p < passes; p++)
		for (unsigned int i = 0; i < nr_ib2; i++)
			msm_cs_indirect(r.ib1, ib2[i]);
	msm_cs_upload(r.ib1);
	r.src = calloc(1, r.copy_bytes);
	r.dst = calloc(1, r.copy_bytes);
	igt_assert(r.src && r.dst);
	memcpy_runs(&r, 1);	/* warm: the first touch maps the pages */
	submit_runs(&r, 1);
	t_cp = bench_median(submit_runs, &r, 1, BENCH_RUNS);
	t_copy = bench_median(memcpy_runs, &r, passes, BENCH_RUNS) * passes;
	snprintf(name, sizeof(name), "%s N=%u x%llu", c->name, packets * c->packet_dwords,
		 (unsigned long long)passes);
	bench_ratio(name, t_copy, "CP", t_cp, c->target);
	free(r.src);
	free(r.dst);
	msm_cs_free(r.ib1);
	for (unsigned int i = 0; i < nr_ib2; i++)
		msm_cs_free(ib2[i]);
	msm_bo_free(dst);
}

int main(int argc, char **argv)
{
	uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 262144;
	struct msm_device *dev;
	struct msm_queue *q;

	/* 64N in at most MAX_IB2S IB2s */
	if (n < 8192 || 64ull * n > (uint64_t)MAX_IB2S * IB2_DWORDS) {
		fprintf(stderr, "usage: msm_cp_bench [N]   (8192 <= N <= %u dwords)\n",
			MAX_IB2S * IB2_DWORDS / 64);
		return 2;
	}
	bench_run_on_model(argv, "msm:a630", NULL);
	dev = msm_device_open();
	q = msm_queue_new(dev, 0);
	printf("msm CP on %s (%s): memcpy time / CP time for the same bytes\n", dev->name,
	       getenv("DRMSUB_MODEL"));
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		for (uint32_t size = n; size <= 64 * n; size *= 8)
			measure(dev, q, &cases[i], size);
	msm_queue_free(q);
	msm_device_close(dev);
	return 0;
}

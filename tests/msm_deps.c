// SPDX-License-Identifier: MIT
/*
 * msm_deps: implicit sync in number. A submit waits for every fence its
 * BOs hold, however many queues put one there (drm_sched_job_add_dependency
 * keeps them in an xarray, one per fence context, with no limit), and
 * CPU_PREP waits for all of them (dma_resv_wait_timeout). The fences a BO
 * keeps follow dma_resv_add_fence: one per queue and usage, where a later
 * read never stands in for an earlier write.
 */
#include <unistd.h>

#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm implicit sync across more fence contexts than any fixed table holds.");

#define READERS 70		/* more fence contexts than 64 */
#define EARLY 64		/* the readers that run first */
#define BLOCKED 40		/* blocked queues: more than a fixed table of 32 */

static struct msm_device *dev;
static struct msm_bo *shared, *done, *result;
static struct msm_queue *queues[READERS];

/* A submit on its own queue that reads @shared and then sets done[@i]. */
static struct msm_cs *reader(unsigned int i)
{
	struct msm_cs *cs = msm_cs_new(dev, 16);

	msm_cs_attach(cs, shared, MSM_SUBMIT_BO_READ);
	msm_cs_mem_write32(cs, done, 4 * i, 1);
	/* done[] is bookkeeping of the test: no implicit sync through it */
	msm_cs_attach(cs, done, MSM_SUBMIT_BO_NO_IMPLICIT);
	return cs;
}

static void submit_fd(struct msm_cs *cs, struct msm_queue *q, int in_fd, struct msm_submit *s)
{
	*s = (struct msm_submit){ .flags = MSM_SUBMIT_FENCE_FD_OUT, .in_fence_fd = in_fd };
	if (in_fd >= 0)
		s->flags |= MSM_SUBMIT_FENCE_FD_IN;
	igt_assert_eq(__msm_cs_submit(cs, q, s), 0);
}

/* A submit that holds the GPU until the CPU sets gate[0] = 1. */
static struct msm_cs *gate_job(struct msm_bo *gate)
{
	struct msm_cs *cs = msm_cs_new(dev, 16);

	msm_cs_wait_mem(cs, WRITE_EQ, gate, 0, 1, ~0u);
	return cs;
}

/* The early and late readers, the gate before them and the submit between them. */
struct readers {
	struct msm_bo *gate;	/* the CPU opens it: gate[0] = 1 */
	struct msm_cs *gate_cs;
	struct msm_cs *cs[READERS];
	struct msm_submit s[READERS];
	struct msm_queue *middle_q;
	struct msm_cs *middle;
	struct msm_submit middle_s;
};

/*
 * Gate the GPU with @r->gate, queue the early readers behind it (each on
 * its own queue, unsignalled until the gate opens), then @middle on a queue
 * of its own — after the last early reader when @after_early — then the
 * late readers, which wait for @middle in the scheduler. @r owns @middle.
 */
static void submit_readers(struct readers *r, struct msm_cs *middle, bool after_early)
{
	r->gate = msm_bo_new(dev, 4096);
	r->gate_cs = gate_job(r->gate);
	r->middle_q = msm_queue_new(dev, 0);
	r->middle = middle;
	for (unsigned int i = 0; i < READERS; i++) {
		r->cs[i] = reader(i);
		msm_bo_write32(done, 4 * i, 0);
	}
	msm_cs_submit(r->gate_cs, queues[0]);
	for (unsigned int i = 0; i < EARLY; i++)
		submit_fd(r->cs[i], queues[i], -1, &r->s[i]);
	submit_fd(middle, r->middle_q, after_early ? r->s[EARLY - 1].out_fence_fd : -1,
		  &r->middle_s);
	for (unsigned int i = EARLY; i < READERS; i++)
		submit_fd(r->cs[i], queues[i], r->middle_s.out_fence_fd, &r->s[i]);
}

static void readers_free(struct readers *r)
{
	for (unsigned int i = 0; i < READERS; i++) {
		msm_cs_free(r->cs[i]);
		close(r->s[i].out_fence_fd);
	}
	close(r->middle_s.out_fence_fd);
	msm_cs_free(r->middle);
	msm_queue_free(r->middle_q);
	msm_cs_free(r->gate_cs);
	msm_bo_free(r->gate);
}

igt_main
{
	igt_fixture {
		dev = msm_device_open();
		shared = msm_bo_new(dev, 4096);
		done = msm_bo_new(dev, 4096);
		result = msm_bo_new(dev, 4096);
		for (unsigned int i = 0; i < READERS; i++)
			queues[i] = msm_queue_new(dev, 0);
	}

	igt_describe("a writer waits for the readers of 70 queues, not only the first 64");
	igt_subtest("writer-waits-for-every-reader") {
		struct msm_queue *qw = msm_queue_new(dev, 0);
		struct msm_cs *w = msm_cs_new(dev, 64);
		struct readers r;
		uint32_t fence;

		/*
		 * An empty submit waits for the last early reader, the late
		 * readers for it: they are ready only after a writer that
		 * forgot them would already have run.
		 */
		submit_readers(&r, msm_cs_new(dev, 1), true);
		/* the writer copies what the late readers wrote */
		msm_cs_attach(w, shared, MSM_SUBMIT_BO_WRITE);
		for (unsigned int i = EARLY; i < READERS; i++)
			msm_cs_mem_to_mem(w, false, (struct msm_mem_ref){ result, 4 * i, false },
					  &(struct msm_mem_ref){ done, 4 * i, false }, NULL, NULL);
		msm_cs_attach(w, done, MSM_SUBMIT_BO_NO_IMPLICIT);
		fence = msm_cs_submit(w, qw);
		msm_bo_write32(r.gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(qw, fence, NSEC_PER_SEC), 0);
		for (unsigned int i = EARLY; i < READERS; i++)
			igt_assert_eq_u32(msm_bo_read32(result, 4 * i), 1);
		readers_free(&r);
		msm_cs_free(w);
		msm_queue_free(qw);
	}

	igt_describe("CPU_PREP(WRITE) waits for the readers of 70 queues, not only the first 64");
	igt_subtest("cpu-prep-waits-for-every-reader") {
		struct msm_bo *late_gate = msm_bo_new(dev, 4096);
		struct readers r;

		/* late_gate holds the GPU after the early readers: the late ones wait for it */
		submit_readers(&r, gate_job(late_gate), false);
		msm_bo_write32(r.gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(queues[EARLY - 1], r.s[EARLY - 1].fence, NSEC_PER_SEC), 0);
		igt_assert_errno(as_errno(__msm_bo_cpu_prep(shared, MSM_PREP_WRITE | MSM_PREP_NOSYNC, 0)),
				 EBUSY, "msm_gem_cpu_prep: dma_resv_wait_timeout(READ) waits for every "
				 "reader; busy with no time left is EBUSY");
		msm_bo_write32(late_gate, 0, 1);
		igt_assert_eq(__msm_bo_cpu_prep(shared, MSM_PREP_WRITE, NSEC_PER_SEC), 0);
		for (unsigned int i = EARLY; i < READERS; i++)
			igt_assert_eq_u32(msm_bo_read32(done, 4 * i), 1);
		readers_free(&r);
		msm_bo_free(late_gate);
	}

	igt_describe("a queue's later read does not replace its earlier write: other readers still wait");
	igt_subtest("read-does-not-replace-write") {
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_queue *qg = msm_queue_new(dev, 0), *qa = queues[0], *qb = queues[1];
		struct msm_cs *g = gate_job(gate), *aw = msm_cs_new(dev, 16), *ar = msm_cs_new(dev, 1);
		struct msm_cs *br = msm_cs_new(dev, 16);
		struct msm_submit gs, ws;
		uint32_t fence;

		msm_bo_write32(shared, 0x100, 0);
		msm_cs_mem_write32(aw, shared, 0x100, 5);
		msm_cs_attach(ar, shared, MSM_SUBMIT_BO_READ);
		msm_cs_mem_to_mem(br, false, (struct msm_mem_ref){ result, 0x100, false },
				  &(struct msm_mem_ref){ shared, 0x100, false }, NULL, NULL);
		/* the write waits for the gate in the scheduler, not on the GPU */
		submit_fd(g, qg, -1, &gs);
		submit_fd(aw, qa, gs.out_fence_fd, &ws);
		msm_cs_submit(ar, qa);
		/*
		 * dma_resv_add_fence: the read fence of qa replaces a fence of
		 * its context only with an equal or weaker usage, so the write
		 * stays, and this reader waits for it.
		 */
		fence = msm_cs_submit(br, qb);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(qb, fence, NSEC_PER_SEC), 0);
		igt_assert_eq_u32(msm_bo_read32(result, 0x100), 5);
		close(gs.out_fence_fd);
		close(ws.out_fence_fd);
		msm_cs_free(g);
		msm_cs_free(aw);
		msm_cs_free(ar);
		msm_cs_free(br);
		msm_bo_free(gate);
		msm_queue_free(qg);
	}

	igt_describe("each of 40 blocked queues keeps its order: a ready submit waits for the blocked one before it");
	igt_subtest("order-within-many-blocked-queues") {
		const unsigned int n = BLOCKED;
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_queue *qg = msm_queue_new(dev, 0);
		struct msm_cs *g = gate_job(gate), *first[BLOCKED], *second[BLOCKED];
		struct msm_submit gs, s;
		uint32_t fences[BLOCKED];

		submit_fd(g, qg, -1, &gs);
		for (unsigned int i = 0; i < n; i++) {
			/* first: blocked in the scheduler until the gate's submit is done */
			first[i] = msm_cs_new(dev, 16);
			msm_bo_write32(done, 4 * i, 0);
			msm_bo_write32(result, 4 * i, 0);
			msm_cs_mem_write32(first[i], done, 4 * i, 1);
			msm_cs_attach(first[i], done, MSM_SUBMIT_BO_NO_IMPLICIT);
			submit_fd(first[i], queues[i], gs.out_fence_fd, &s);
			close(s.out_fence_fd);
			/* second: ready at once, but after first in its queue */
			second[i] = msm_cs_new(dev, 16);
			msm_cs_mem_to_mem(second[i], false, (struct msm_mem_ref){ result, 4 * i, false },
					  &(struct msm_mem_ref){ done, 4 * i, false }, NULL, NULL);
			msm_cs_attach(second[i], done, MSM_SUBMIT_BO_NO_IMPLICIT);
			msm_cs_attach(second[i], result, MSM_SUBMIT_BO_NO_IMPLICIT);
			fences[i] = msm_cs_submit(second[i], queues[i]);
		}
		msm_bo_write32(gate, 0, 1);
		for (unsigned int i = 0; i < n; i++) {
			igt_assert_eq(__msm_wait_fence(queues[i], fences[i], NSEC_PER_SEC), 0);
			igt_assert_eq_u32(msm_bo_read32(result, 4 * i), 1);
			msm_cs_free(first[i]);
			msm_cs_free(second[i]);
		}
		close(gs.out_fence_fd);
		msm_cs_free(g);
		msm_bo_free(gate);
		msm_queue_free(qg);
	}

	igt_fixture {
		msm_bo_free(result);
		msm_bo_free(done);
		msm_bo_free(shared);
		for (unsigned int i = 0; i < READERS; i++)
			msm_queue_free(queues[i]);
		msm_device_close(dev);
	}
}

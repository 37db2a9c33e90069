/* SPDX-License-Identifier: MIT */
/* Helpers the msm_* test binaries share: gates, syncobjs, errno plumbing. */
#ifndef DRMSUB_TESTS_MSM_COMMON_H
#define DRMSUB_TESTS_MSM_COMMON_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>

#include "core/test.h"
#include "kernel_version.h"
#include "msm/a5xx.xml.h"
#include "msm/a6xx.xml.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/cs.h"
#include "msm/rules.h"
#include "util/util.h"

/* A -errno return as the -1/errno pair igt_assert_errno checks. */
static inline int as_errno(int ret)
{
	if (!ret)
		return 0;
	errno = -ret;
	return -1;
}

/*
 * A stream that waits on the GPU until gate[0] == 1 (the CPU releases it
 * with msm_bo_write32), then writes @value at @dst + @offset.
 */
static inline struct msm_cs *gated_write(struct msm_device *dev, struct msm_bo *gate,
					 struct msm_bo *dst, uint64_t offset, uint32_t value)
{
	struct msm_cs *g = msm_cs_new(dev, 64);

	msm_cs_wait_mem(g, WRITE_EQ, gate, 0, 1, ~0u);
	msm_cs_mem_write32(g, dst, offset, value);
	return g;
}

/*
 * Two fresh BOs of @size whose GPU ranges touch: *@lo ends where *@hi
 * begins. Of a few new BOs two usually are adjacent (the VA allocator packs
 * them); skips when none are.
 */
static inline void adjacent_bos(struct msm_device *dev, uint64_t size, struct msm_bo **lo,
				struct msm_bo **hi)
{
	struct msm_bo *bo[8];
	unsigned int n = ARRAY_SIZE(bo);

	*lo = *hi = NULL;
	for (unsigned int i = 0; i < n; i++)
		bo[i] = msm_bo_new(dev, size);
	for (unsigned int i = 0; i < n && !*lo; i++)
		for (unsigned int j = 0; j < n && !*lo; j++)
			if (bo[j]->iova == bo[i]->iova + size) {
				*lo = bo[i];
				*hi = bo[j];
			}
	for (unsigned int i = 0; i < n; i++)
		if (bo[i] != *lo && bo[i] != *hi)
			msm_bo_free(bo[i]);
	igt_require_f(*lo, "no two of %u new BOs are adjacent in the GPU's address space\n", n);
}

/*
 * A submit held busy on the GPU: gated_write of 1 at @dst + @offset, on
 * @q, until held_submit_release opens its gate.
 */
struct held_submit {
	struct msm_queue *q;
	struct msm_bo *gate;
	struct msm_cs *cs;
	uint32_t fence;
};

static inline struct held_submit held_submit_start(struct msm_queue *q, struct msm_bo *dst,
						   uint64_t offset)
{
	struct held_submit h = { .q = q, .gate = msm_bo_new(q->dev, 4096) };

	h.cs = gated_write(q->dev, h.gate, dst, offset, 1);
	h.fence = msm_cs_submit(h.cs, q);
	return h;
}

/* Open the gate of @h: its fence signals within a second; frees @h's stream and gate. */
static inline void held_submit_release(struct held_submit *h)
{
	msm_bo_write32(h->gate, 0, 1);
	igt_assert_eq(__msm_wait_fence(h->q, h->fence, NSEC_PER_SEC), 0);
	msm_cs_free(h->cs);
	msm_bo_free(h->gate);
}

/* The fixture most msm tests start from: the device and one submit queue on it. */
static inline void queue_fixture_open(struct msm_device **dev, struct msm_queue **q)
{
	*dev = msm_device_open();
	*q = msm_queue_new(*dev, 0);
}

static inline void queue_fixture_close(struct msm_device *dev, struct msm_queue *q)
{
	msm_queue_free(q);
	msm_device_close(dev);
}

/* The fixture of the BO tests: the device and one 4 KiB BO on it. */
static inline void bo_fixture_open(struct msm_device **dev, struct msm_bo **bo)
{
	*dev = msm_device_open();
	*bo = msm_bo_new(*dev, 4096);
}

static inline void bo_fixture_close(struct msm_device *dev, struct msm_bo *bo)
{
	msm_bo_free(bo);
	msm_device_close(dev);
}

/*
 * The fixture of the command-stream tests: the device, a queue, and one
 * 8 KiB BO @mem for the results, where each subtest uses its own offsets.
 */
static inline void results_fixture_open(struct msm_device **dev, struct msm_queue **q,
					struct msm_bo **mem)
{
	queue_fixture_open(dev, q);
	*mem = msm_bo_new(*dev, 8192);
}

static inline void results_fixture_close(struct msm_device *dev, struct msm_queue *q,
					 struct msm_bo *mem)
{
	msm_bo_free(mem);
	queue_fixture_close(dev, q);
}

/*
 * The fixture of the submit tests: the device, a queue, and one valid
 * stream @cs, a CP_MEM_WRITE of 0xcafe0001 at @dst + 0x40.
 */
static inline void marker_fixture_open(struct msm_device **dev, struct msm_queue **q,
				       struct msm_bo **dst, struct msm_cs **cs)
{
	queue_fixture_open(dev, q);
	*dst = msm_bo_new(*dev, 4096);
	*cs = msm_cs_new(*dev, 64);
	msm_cs_mem_write32(*cs, *dst, 0x40, 0xcafe0001);
}

static inline void marker_fixture_close(struct msm_device *dev, struct msm_queue *q,
					struct msm_bo *dst, struct msm_cs *cs)
{
	msm_cs_free(cs);
	msm_bo_free(dst);
	queue_fixture_close(dev, q);
}

static inline uint32_t new_syncobj(struct msm_device *dev, bool signalled)
{
	uint32_t h;

	igt_assert_eq(drmSyncobjCreate(dev->fd, signalled ? DRM_SYNCOBJ_CREATE_SIGNALED : 0, &h), 0);
	return h;
}

/* GEM_SUBMIT of @r as it stands, on @dev: 0 or -1 with errno. */
static inline int gem_submit(struct msm_device *dev, struct msm_submit_request *r)
{
	return drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &r->req);
}

static inline struct drm_msm_gem_submit_syncobj sobj(uint32_t handle, uint32_t flags)
{
	return (struct drm_msm_gem_submit_syncobj){ .handle = handle, .flags = flags };
}

/* @r waits for (@out: signals) the @nr syncobj entries at @table. */
static inline void with_syncobjs(struct msm_submit_request *r, bool out,
				 struct drm_msm_gem_submit_syncobj *table, uint32_t nr)
{
	r->req.flags |= out ? MSM_SUBMIT_SYNCOBJ_OUT : MSM_SUBMIT_SYNCOBJ_IN;
	if (out) {
		r->req.out_syncobjs = (uintptr_t)table;
		r->req.nr_out_syncobjs = nr;
	} else {
		r->req.in_syncobjs = (uintptr_t)table;
		r->req.nr_in_syncobjs = nr;
	}
}

/* The errno the running kernel gives for @rule (msm/rules.h). */
static inline int rule_errno(enum msm_rule rule)
{
	int major, minor;

	kernel_version(&major, &minor);
	return msm_rule_errno_for(rule, major, minor);
}

/* The running kernel has @change (msm/rules.h). */
static inline bool kernel_has(enum msm_change change)
{
	int major, minor;

	kernel_version(&major, &minor);
	return msm_change_in(change, major, minor);
}

/*
 * Skip unless the running kernel has @change: a fix's test on a kernel
 * older than the fix's release. Stable kernels carry fixes back (6.17.3 has
 * 6.18's range check), which the version cannot show: DRMSUB_TEST_ALL_FIXES=1
 * runs the test anyway, and on a kernel without the fix it fails.
 */
static inline void require_change(enum msm_change change)
{
	const char *all = getenv("DRMSUB_TEST_ALL_FIXES");
	const struct msm_change_release *c = &msm_changes[change];

	if (kernel_has(change))
		return;
	if (all && !strcmp(all, "1")) {
		igt_info("the kernel predates \"%s\" (%d.%d): a failure here is that bug\n",
			 c->patch, c->major, c->minor);
		return;
	}
	igt_require_f(false, "needs \"%s\" (%d.%d); DRMSUB_TEST_ALL_FIXES=1 runs it anyway "
		      "(a kernel with the fix backported passes)\n", c->patch, c->major, c->minor);
}

/* The fault count SUBMITQUEUE_QUERY reports for @queue. */
static inline uint32_t queue_faults(struct msm_queue *queue)
{
	uint32_t faults = 0;

	igt_assert_eq(__msm_queue_query_faults(queue, &faults), 0);
	return faults;
}

/*
 * @cs faults the CP: its fence still signals (without an error) once
 * recovery ran, and the queue's and the file's fault counters rose by one
 * (msm_gpu.c recover_worker). Frees @cs.
 */
/*
 * A register the kernel's CP_PROTECT list forbids (no access) on every
 * generation: the ring base, which userspace must never redirect
 * (a5xx_hw_init PROTECT_RW(0x800, 64); a6xx_catalog NORDWR(0x800, 0x82)).
 */
static inline uint32_t msm_protected_reg(const struct msm_device *dev)
{
	return dev->gen == 5 ? REG_A5XX_CP_RB_BASE : REG_A6XX_CP_RB_BASE;
}

/*
 * What the kernel logs when a submit faults or hangs (adreno_fault_handler,
 * a5xx/a6xx CP error interrupts, hangcheck_handler, recover_worker): a
 * test that causes it on purpose says so first, as IGT tests do.
 */
#define MSM_FAULT_DMESG "\\*\\*\\* gpu fault|CP \\| |CP illegal instruction|hangcheck|offending task"

static inline void msm_expect_fault_dmesg(void)
{
	igt_emit_ignore_dmesg_regex(MSM_FAULT_DMESG);
}

static inline void expect_fault(struct msm_queue *q, struct msm_cs *cs, uint64_t timeout_ns)
{
	uint32_t queue_before = queue_faults(q);
	uint64_t file_before = msm_get_param(q->dev, MSM_PARAM_FAULTS);
	uint32_t fence;

	msm_expect_fault_dmesg();
	fence = msm_cs_submit(cs, q);

	igt_assert_eq(__msm_wait_fence(q, fence, timeout_ns), 0);
	igt_assert_eq_u32(queue_faults(q), queue_before + 1);
	igt_assert_eq_u64(msm_get_param(q->dev, MSM_PARAM_FAULTS), file_before + 1);
	msm_cs_free(cs);
}

/*
 * Append a marker write to @cs, whose last packet must fault: the fault
 * stops the stream there, so the marker at @bo + @offset stays 0.
 */
static inline void expect_fault_stops_stream(struct msm_queue *q, struct msm_cs *cs,
					     struct msm_bo *bo, uint64_t offset,
					     uint64_t timeout_ns)
{
	msm_cs_mem_write32(cs, bo, offset, 1);
	expect_fault(q, cs, timeout_ns);
	igt_assert_eq_u32(msm_bo_read32(bo, offset), 0);
}

#endif

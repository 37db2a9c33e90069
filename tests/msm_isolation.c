// SPDX-License-Identifier: MIT
/*
 * msm_isolation: one DRM file cannot reach another's objects. GEM handles
 * are per file (drm_gem_object_lookup), so another file's handle is
 * unknown here; with per-process page tables (a6xx and later) another
 * file's GPU address is not mapped in this file's VM, and a write to it
 * faults instead of landing. A user IB has no privilege either: the
 * packets the kernel keeps for its own ringbuffer fault there, and every
 * register a packet names is checked against CP_PROTECT.
 */
#include <unistd.h>

#include "msm_common.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("msm isolation between DRM files: GEM handles and GPU addresses.");

#define HANG_TIMEOUT (10 * NSEC_PER_SEC)

/*
 * Packets the kernel emits from its ringbuffer only (a6xx_set_pagetable,
 * hw_init): with them a user IB could turn register protection off,
 * switch to another process's pagetable, or leave secure mode.
 */
static const struct ring_only_packet {
	const char *name;
	uint32_t opcode, dwords;
} ring_only[] = {
	{ "set-protected-mode", CP_SET_PROTECTED_MODE, 1 },
	{ "smmu-table-update", CP_SMMU_TABLE_UPDATE, 4 },
	{ "set-secure-mode", CP_SET_SECURE_MODE, 1 },
};

static struct msm_device *dev, *other;
static struct msm_queue *q;
static struct msm_bo *mine, *theirs;

/*
 * A BO of the other file whose handle and GPU address this file does not
 * have: the other file first takes four handles and 16 MiB of its address
 * space, far more than this file's few small BOs reach.
 */
static struct msm_bo *foreign_bo(void)
{
	struct msm_bo *spare[4], *bo;

	for (int i = 0; i < 4; i++)
		spare[i] = msm_bo_new(other, i ? 4096 : 16 << 20);
	bo = msm_bo_new(other, 4096);
	for (int i = 0; i < 4; i++)
		msm_bo_free(spare[i]);
	return bo;
}

igt_main
{
	igt_fixture {
		dev = msm_device_open();
		other = msm_device_open();
		q = msm_queue_new(dev, 0);
		mine = msm_bo_new(dev, 4096);
		theirs = foreign_bo();
	}

	igt_describe("GEM_INFO on a handle only another file has: unknown here");
	igt_subtest("foreign-handle-info") {
		uint64_t iova;

		igt_assert_eq(__msm_bo_info(dev, theirs->handle, MSM_INFO_GET_IOVA, &iova), -ENOENT);
	}

	igt_describe("a submit naming another file's handle is rejected");
	igt_subtest("foreign-handle-submit") {
		struct msm_cs *cs = msm_cs_new(dev, 16);
		struct msm_submit_request r;

		msm_cs_mem_write32(cs, mine, 0, 1);
		msm_submit_request_init(&r, cs, q);
		r.bos[0].handle = theirs->handle;	/* exists in the other file only */
		igt_assert_errno(drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &r.req), EINVAL,
				 "submit_lookup_objects: a handle this file doesn't have is EINVAL");
		igt_assert_eq_u32(msm_bo_read32(mine, 0), 0);
		msm_cs_free(cs);
	}

	igt_describe("a write to another file's GPU address faults and leaves its BO alone");
	igt_subtest("foreign-iova-faults") {
		struct msm_cs *cs;

		/* msm_iommu: per-process page tables from a6xx on; a5xx shares one */
		igt_require_f(dev->gen >= 6, "a5xx gives every file one shared address space\n");
		igt_require_f(theirs->iova != mine->iova &&
			      (theirs->iova >= mine->iova + mine->size ||
			       theirs->iova + theirs->size <= mine->iova),
			      "the other file's BO sits at this file's address\n");
		cs = msm_cs_new(dev, 16);
		msm_cs_pkt7(cs, CP_MEM_WRITE, 3);
		msm_cs_iova(cs, theirs->iova);
		msm_cs_emit(cs, 0xbad);
		expect_fault(q, cs, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(theirs, 0), 0);
	}

	igt_describe("each ringbuffer-only packet faults in a user IB; what came before it landed");
	igt_subtest_with_dynamic("ring-only-packet") {
		for (size_t i = 0; i < ARRAY_SIZE(ring_only); i++) {
			igt_dynamic(ring_only[i].name) {
				struct msm_cs *cs = msm_cs_new(dev, 32);
				uint64_t at = 0x100 + 8 * i;

				msm_cs_mem_write32(cs, mine, at, 1);
				msm_cs_pkt7(cs, ring_only[i].opcode, ring_only[i].dwords);
				for (uint32_t d = 0; d < ring_only[i].dwords; d++)
					msm_cs_emit(cs, 0);
				msm_cs_mem_write32(cs, mine, at + 4, 2);
				expect_fault(q, cs, HANG_TIMEOUT);
				igt_assert_eq_u32(msm_bo_read32(mine, at), 1);
				igt_assert_eq_u32(msm_bo_read32(mine, at + 4), 0);
			}
		}
	}

	/*
	 * Holds whether the firmware faults on CP_SET_PROTECTED_MODE itself
	 * or drops it: either way the protected write must not happen.
	 */
	igt_describe("CP_SET_PROTECTED_MODE 0 from a user IB does not unlock CP_PROTECT");
	igt_subtest("protected-mode-stays-on") {
		struct msm_cs *cs = msm_cs_new(dev, 32);

		msm_cs_pkt7(cs, CP_SET_PROTECTED_MODE, 1);
		msm_cs_emit(cs, 0);
		msm_cs_reg_write32(cs, msm_protected_reg(dev), 0);
		expect_fault_stops_stream(q, cs, mine, 0x140, HANG_TIMEOUT);
	}

	igt_describe("CP_MEM_TO_REG into a protected register faults (CP_PROTECT checks it)");
	igt_subtest("mem-to-reg-protected") {
		struct msm_cs *cs = msm_cs_new(dev, 32);

		msm_cs_mem_to_reg(cs, msm_protected_reg(dev), 1, mine, 0x180);
		expect_fault_stops_stream(q, cs, mine, 0x184, HANG_TIMEOUT);
	}

	igt_describe("CP_REG_RMW of a protected register faults (CP_PROTECT checks it)");
	igt_subtest("reg-rmw-protected") {
		struct msm_cs *cs = msm_cs_new(dev, 32);

		msm_cs_reg_rmw(cs, msm_protected_reg(dev), ~0u, 0, 0, false);
		expect_fault_stops_stream(q, cs, mine, 0x1a0, HANG_TIMEOUT);
	}

	igt_describe("after the faults above, this file's submits still reach its own BO");
	igt_subtest("vm-intact-after-faults") {
		struct msm_queue *q2 = msm_queue_new(dev, 0);
		struct msm_cs *cs = msm_cs_new(dev, 16);

		msm_cs_mem_write32(cs, mine, 0x1c0, 0xc0ffee);
		msm_cs_submit_wait(cs, q2, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(mine, 0x1c0), 0xc0ffee);
		msm_cs_free(cs);
		msm_queue_free(q2);
	}

	igt_fixture {
		msm_bo_free(theirs);
		msm_bo_free(mine);
		msm_queue_free(q);
		msm_device_close(other);
		msm_device_close(dev);
	}
}

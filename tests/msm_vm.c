// SPDX-License-Identifier: MIT
/*
 * msm_vm: where a BO lands in the GPU address space. msm asks drm_mm for
 * page-aligned space with DRM_MM_INSERT_BEST (msm_gem_vma.c,
 * drm_mm_insert_node_in_range mode 0): the smallest hole the BO fits, and
 * of equal holes the one freed last (drm_mm.c best_hole); SET_IOVA takes
 * an address inside one hole; a BO no hole fits is ENOSPC. A BO's pages
 * are the same to the CPU and the GPU however late the GPU first touches
 * them: through the file's mmap before and after any submit, and, while
 * a submit holds the object (msm_gem_submit.c submit_lookup_objects takes
 * a reference), after its handle is closed.
 */
#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm GPU address allocation: drm_mm best fit, SET_IOVA, a full address space.");

static struct msm_device *dev;
static struct msm_queue *q;

static int bo_iova(uint32_t handle, uint64_t *iova)
{
	return __msm_bo_info(dev, handle, MSM_INFO_GET_IOVA, iova);
}

static int set_iova(uint32_t handle, uint64_t iova)
{
	struct drm_msm_gem_info req = { .handle = handle, .info = MSM_INFO_SET_IOVA, .value = iova };

	return drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_INFO, &req) ? -errno : 0;
}

/*
 * The placement tests need an address space of their own (a6xx+), empty
 * but for the BOs they make: a5xx shares one with the kernel and every
 * process. SET_IOVA needs one too (EOPNOTSUPP without).
 */
static void require_private_vm(void)
{
	uint64_t size;

	igt_require_f(__msm_get_param(dev, MSM_PARAM_VA_SIZE, &size) == 0,
		      "no per-process address space\n");
}

/*
 * @n BOs of @sizes, mapped in order: from the one hole of an empty space,
 * each at the start of what is left, so they lie back to back.
 */
static void new_bos(struct msm_bo **bos, unsigned int n, const uint64_t *sizes)
{
	for (unsigned int i = 0; i < n; i++) {
		bos[i] = msm_bo_new(dev, sizes[i]);
		if (i)
			igt_assert_eq_u64(bos[i]->iova, bos[i - 1]->iova + sizes[i - 1]);
	}
}

#define PATTERN_DWORDS 16

static uint32_t pattern(unsigned int i)
{
	return 0x5a000000u | i * 0x10101u;
}

static void write_pattern(struct msm_bo *bo)
{
	for (unsigned int i = 0; i < PATTERN_DWORDS; i++)
		msm_bo_write32(bo, 4 * i, pattern(i));
}

/* @dst at @at holds the pattern, read through the CPU mapping. */
static void assert_pattern(struct msm_bo *dst, uint64_t at)
{
	for (unsigned int i = 0; i < PATTERN_DWORDS; i++)
		igt_assert_eq_u32(msm_bo_read32(dst, at + 4 * i), pattern(i));
}

/* CP_MEM_TO_MEM of the pattern's dwords from @src to @dst + @at. */
static void copy_pattern(struct msm_cs *cs, struct msm_bo *src, struct msm_bo *dst, uint64_t at)
{
	for (unsigned int i = 0; i < PATTERN_DWORDS; i++)
		msm_cs_mem_to_mem(cs, false, (struct msm_mem_ref){ dst, at + 4 * i, false },
				  &(struct msm_mem_ref){ src, 4 * i, false }, NULL, NULL);
}

igt_main
{
	igt_fixture
		queue_fixture_open(&dev, &q);

	igt_describe("a BO takes the smallest hole it fits, not the lowest address");
	igt_subtest("iova-best-fit") {
		const uint64_t sizes[] = { 8192, 4096, 4096, 4096 };
		struct msm_bo *bo[4], *small, *big;
		uint64_t big_hole, small_hole;

		require_private_vm();
		new_bos(bo, 4, sizes);
		big_hole = bo[0]->iova;		/* 8 KiB once freed */
		small_hole = bo[2]->iova;	/* 4 KiB once freed, higher */
		msm_bo_free(bo[0]);
		msm_bo_free(bo[2]);
		small = msm_bo_new(dev, 4096);
		big = msm_bo_new(dev, 8192);
		igt_assert_eq_u64(small->iova, small_hole);
		igt_assert_eq_u64(big->iova, big_hole);
		msm_bo_free(small);
		msm_bo_free(big);
		msm_bo_free(bo[1]);
		msm_bo_free(bo[3]);
	}

	igt_describe("of holes of the same size, a BO takes the one freed last");
	igt_subtest("iova-newest-equal-hole") {
		const uint64_t sizes[] = { 4096, 4096, 4096, 4096, 4096 };
		struct msm_bo *bo[5], *again;
		uint64_t first, second;

		require_private_vm();
		for (unsigned int order = 0; order < 2; order++) {
			new_bos(bo, 5, sizes);
			first = bo[order ? 3 : 1]->iova;
			second = bo[order ? 1 : 3]->iova;
			msm_bo_free(bo[order ? 3 : 1]);
			msm_bo_free(bo[order ? 1 : 3]);
			again = msm_bo_new(dev, 4096);
			igt_assert_eq_u64(again->iova, second);
			igt_assert_neq_u64(again->iova, first);
			msm_bo_free(again);
			msm_bo_free(bo[0]);
			msm_bo_free(bo[2]);
			msm_bo_free(bo[4]);
		}
	}

	igt_describe("SET_IOVA inside a hole splits it; the part added last is used first");
	igt_subtest("set-iova-in-hole") {
		const uint64_t sizes[] = { 4096, 12288, 4096 };
		struct msm_bo *bo[3], *next;
		uint32_t placed;
		uint64_t hole, iova;

		require_private_vm();
		new_bos(bo, 3, sizes);
		hole = bo[1]->iova;
		msm_bo_free(bo[1]);
		igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &placed), 0);
		igt_assert_eq(set_iova(placed, hole + 4096), 0);
		igt_assert_eq(bo_iova(placed, &iova), 0);
		igt_assert_eq_u64(iova, hole + 4096);
		/* the hole's front went back first, the part after the BO second */
		next = msm_bo_new(dev, 4096);
		igt_assert_eq_u64(next->iova, hole + 8192);
		msm_bo_free(next);
		msm_gem_handle_close(dev, placed);
		msm_bo_free(bo[0]);
		msm_bo_free(bo[2]);
	}

	igt_describe("SET_IOVA on space in use, or not page aligned, is ENOSPC");
	igt_subtest("set-iova-not-free") {
		struct msm_bo *used;
		uint32_t h;

		require_private_vm();
		used = msm_bo_new(dev, 8192);
		igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &h), 0);
		igt_assert_errno(as_errno(set_iova(h, used->iova + 4096)), ENOSPC,
				 "msm_gem_set_iova: drm_mm_insert_node_in_range finds no hole, ENOSPC");
		igt_assert_errno(as_errno(set_iova(h, used->iova + 8192 + 16)), ENOSPC,
				 "drm_mm_insert_node_in_range: an unaligned start fits no PAGE_SIZE "
				 "alignment, ENOSPC");
		msm_gem_handle_close(dev, h);
		msm_bo_free(used);
	}

	igt_describe("a BO larger than the whole address space gets no address: ENOSPC");
	igt_subtest("iova-space-full") {
		uint64_t va_size, iova;
		uint32_t h;

		igt_require_f(__msm_get_param(dev, MSM_PARAM_VA_SIZE, &va_size) == 0,
			      "MSM_PARAM_VA_SIZE unknown\n");
		/* before, GEM_NEW cut the size to 32 bits: no BO outgrew the space */
		require_change(MSM_FIX_32B_SIZE);
		igt_assert_eq(__msm_bo_new(dev, va_size + 4096, MSM_BO_WC, &h), 0);
		igt_assert_errno(as_errno(bo_iova(h, &iova)), ENOSPC,
				 "msm_gem_get_iova: drm_mm has no hole that large, ENOSPC");
		msm_gem_handle_close(dev, h);
		msm_bo_free(msm_bo_new(dev, 4096));	/* the space is still usable */
	}

	igt_describe("a BO in a submit that the CP never reaches keeps what the CPU wrote, "
		     "and the CP's first access to it later reads that");
	igt_subtest("untouched-bo-reads-back") {
		struct msm_bo *idle = msm_bo_new(dev, 4096), *out = msm_bo_new(dev, 4096);
		struct msm_cs *cs = msm_cs_new(dev, 16);

		write_pattern(idle);
		msm_cs_attach(cs, idle, MSM_SUBMIT_BO_READ | MSM_SUBMIT_BO_WRITE);
		msm_cs_mem_write32(cs, out, 0, 1);
		msm_cs_run(cs, q);
		igt_assert_eq_u32(msm_bo_read32(out, 0), 1);
		assert_pattern(idle, 0);

		cs = msm_cs_new(dev, 8 * PATTERN_DWORDS);
		copy_pattern(cs, idle, out, 0x100);
		msm_cs_run(cs, q);
		assert_pattern(out, 0x100);
		assert_pattern(idle, 0);
		msm_bo_free(idle);
		msm_bo_free(out);
	}

	igt_describe("a submit that first reaches a BO after its handle was closed still "
		     "reads its pages: the submit holds the object");
	igt_subtest("closed-bo-first-access-after-close") {
		struct msm_bo *src = msm_bo_new(dev, 4096), *out = msm_bo_new(dev, 4096);
		struct msm_cs *cs = msm_cs_new(dev, 8 * PATTERN_DWORDS + 16);
		uint32_t fence;

		write_pattern(src);
		msm_cs_wait_mem(cs, WRITE_EQ, out, 0, 1, ~0u);	/* the gate */
		copy_pattern(cs, src, out, 0x100);
		fence = msm_cs_submit(cs, q);
		msm_bo_free(src);
		msm_bo_write32(out, 0, 1);
		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		igt_assert_eq_u32(queue_faults(q), 0);
		assert_pattern(out, 0x100);
		msm_cs_free(cs);
		msm_bo_free(out);
	}

	igt_fixture
		queue_fixture_close(dev, q);
}

// SPDX-License-Identifier: MIT
/*
 * msm_gem: buffer objects through the msm UAPI — creation, GPU addresses,
 * CPU mappings, names, CPU access and madvise — and the kernel's errno for
 * each documented bad input (msm_drv.c, msm_gem.c).
 */
#include <string.h>
#include <sys/mman.h>
#include <xf86drm.h>

#include "core/test.h"
#include "msm/msm.h"
#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm buffer objects: GEM_NEW, GEM_INFO, mmap, CPU_PREP/FINI and "
		     "MADVISE, valid use and every documented invalid input.");

static struct msm_device *dev;
static struct msm_bo *bo;

static int gem_new(uint64_t size, uint32_t flags)
{
	uint32_t handle;
	int ret = __msm_bo_new(dev, size, flags, &handle);

	if (ret == 0)
		msm_gem_handle_close(dev, handle);
	errno = -ret;
	return ret ? -1 : 0;
}

static int gem_info(struct drm_msm_gem_info *req)
{
	return drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_INFO, req);
}

igt_main
{
	igt_fixture
		bo_fixture_open(&dev, &bo);

	igt_describe("a write-combined BO gets a page-aligned GPU address that stays put");
	igt_subtest("new-wc-iova") {
		uint64_t iova;

		igt_assert_neq_u64(bo->iova, 0);
		igt_assert_eq_u64(bo->iova & 4095, 0);
		igt_assert_eq(__msm_bo_info(dev, bo->handle, MSM_INFO_GET_IOVA, &iova), 0);
		igt_assert_eq_u64(iova, bo->iova);
	}

	igt_describe("every cache mode userspace may ask for creates a BO");
	igt_subtest("new-cache-modes") {
		igt_assert_eq(gem_new(4096, MSM_BO_WC), 0);
		igt_assert_eq(gem_new(4096, MSM_BO_CACHED), 0);
		/* deprecated, treated as write-combined */
		igt_assert_eq(gem_new(4096, MSM_BO_UNCACHED), 0);
		igt_assert_eq(gem_new(4096, MSM_BO_WC | MSM_BO_GPU_READONLY), 0);
	}

	igt_describe("GEM_NEW rejects a zero size");
	igt_subtest("new-zero-size")
		igt_assert_errno(gem_new(0, MSM_BO_WC), EINVAL,
				 "msm_gem_new: a size that page-aligns to 0 is EINVAL");

	igt_describe("a size past 4 GiB makes an object of that size from 6.18; before, "
		     "the size was cut to its low 32 bits");
	igt_subtest("new-size-past-4g") {
		uint64_t size = (1ull << 32) + 4096, offset;
		uint32_t handle;
		void *map;

		igt_assert_eq(__msm_bo_new(dev, size, MSM_BO_WC, &handle), 0);
		igt_assert_eq(__msm_bo_info(dev, handle, MSM_INFO_GET_OFFSET, &offset), 0);
		/* drm_gem_mmap: a mapping longer than the object is EINVAL */
		map = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, (off_t)offset);
		if (kernel_has(MSM_FIX_32B_SIZE)) {
			igt_assert_f(map != MAP_FAILED, "8 KiB of a 4 GiB + 4 KiB object: %s\n",
				     strerror(errno));
			munmap(map, 8192);
		} else {
			/* "drm/msm: Fix 32b size truncation" (6.18): a 4 KiB object before */
			igt_assert(map == MAP_FAILED);
			igt_assert_eq(errno, EINVAL);
		}
		msm_gem_handle_close(dev, handle);
	}

	igt_describe("MSM_BO_NO_SHARE is a GEM_NEW flag from 6.17 (VM_BIND), EINVAL before");
	igt_subtest("new-no-share-flag") {
		if (kernel_has(MSM_VM_BIND))
			igt_assert_eq(gem_new(4096, MSM_BO_WC | MSM_BO_NO_SHARE), 0);
		else
			igt_assert_errno(gem_new(4096, MSM_BO_WC | MSM_BO_NO_SHARE), EINVAL,
					 "msm_ioctl_gem_new: flags outside MSM_BO_FLAGS (no "
					 "_NO_SHARE before 6.17) are EINVAL");
	}

	igt_describe("GEM_NEW rejects unknown flag bits");
	igt_subtest("new-unknown-flags")
		igt_assert_errno(gem_new(4096, MSM_BO_WC | 0x100), EINVAL,
				 "msm_ioctl_gem_new: flags outside MSM_BO_FLAGS are EINVAL");

	igt_describe("GEM_NEW needs exactly one cache mode");
	igt_subtest("new-cache-mode-count") {
		igt_assert_errno(gem_new(4096, 0), EINVAL,
				 "msm_gem_new_impl: no cache flag is an invalid cache flag");
		igt_assert_errno(gem_new(4096, MSM_BO_WC | MSM_BO_CACHED), EINVAL,
				 "msm_gem_new_impl: two cache flags are an invalid cache flag");
	}

	igt_describe("two BOs never share GPU addresses");
	igt_subtest("iova-disjoint") {
		struct msm_bo *a = msm_bo_new(dev, 8192), *b = msm_bo_new(dev, 8192);

		igt_assert(a->iova + a->size <= b->iova || b->iova + b->size <= a->iova);
		msm_bo_free(a);
		msm_bo_free(b);
	}

	igt_describe("a CPU mapping reads back what it wrote; a new BO reads as zero");
	igt_subtest("mmap-coherent") {
		struct msm_bo *b = msm_bo_new(dev, 8192);

		igt_assert_eq_u32(msm_bo_read32(b, 4096), 0);
		msm_bo_write32(b, 4096, 0xcafe0001);
		igt_assert_eq_u32(msm_bo_read32(b, 4096), 0xcafe0001);
		msm_bo_free(b);
	}

	igt_describe("GEM_INFO on a handle this file doesn't have");
	igt_subtest("info-bad-handle") {
		struct drm_msm_gem_info req = { .handle = 0xdead, .info = MSM_INFO_GET_IOVA };

		igt_assert_errno(gem_info(&req), ENOENT,
				 "msm_ioctl_gem_info: an unknown handle is ENOENT");
	}

	igt_describe("GEM_INFO checks pad before anything else");
	igt_subtest("info-pad") {
		struct drm_msm_gem_info req = { .handle = 0xdead, .info = MSM_INFO_GET_IOVA, .pad = 1 };

		igt_assert_errno(gem_info(&req), EINVAL,
				 "msm_ioctl_gem_info: pad != 0 is EINVAL, before the handle lookup");
	}

	igt_describe("GEM_INFO value queries take no length");
	igt_subtest("info-len-on-value") {
		struct drm_msm_gem_info req = { .handle = bo->handle, .info = MSM_INFO_GET_IOVA, .len = 4 };

		igt_assert_errno(gem_info(&req), EINVAL,
				 "msm_ioctl_gem_info: len != 0 for a value info is EINVAL");
	}

	igt_describe("GEM_INFO rejects an unknown info request");
	igt_subtest("info-unknown") {
		struct drm_msm_gem_info req = { .handle = bo->handle, .info = 0x1234 };

		igt_assert_errno(gem_info(&req), EINVAL,
				 "msm_ioctl_gem_info: an unknown info is EINVAL");
	}

	igt_describe("a BO's debug name is set and read back; a short buffer is refused "
		     "(ETOOSMALL since 6.8, EINVAL before)");
	igt_subtest("info-name") {
		char name[] = "drmsub-scratch", out[32] = "";
		struct drm_msm_gem_info set = {
			.handle = bo->handle, .info = MSM_INFO_SET_NAME,
			.value = (uintptr_t)name, .len = strlen(name),
		};
		struct drm_msm_gem_info get = {
			.handle = bo->handle, .info = MSM_INFO_GET_NAME,
			.value = (uintptr_t)out, .len = 4,
		};

		igt_assert_eq(gem_info(&set), 0);
		igt_assert_errno(gem_info(&get), rule_errno(MSM_RULE_GET_NAME_SHORT),
				 msm_rules[MSM_RULE_GET_NAME_SHORT].rule);
		get.len = sizeof(out);
		igt_assert_eq(gem_info(&get), 0);
		igt_assert_eq(get.len, (int)strlen(name));
		igt_assert(!memcmp(out, name, strlen(name)));
	}

	igt_describe("a BO name must fit the kernel's 32-byte buffer");
	igt_subtest("info-name-too-long") {
		char name[40];
		struct drm_msm_gem_info set = {
			.handle = bo->handle, .info = MSM_INFO_SET_NAME,
			.value = (uintptr_t)name, .len = 32,
		};

		memset(name, 'x', sizeof(name));
		igt_assert_errno(gem_info(&set), EINVAL,
				 "msm_ioctl_gem_info_set_name: len >= 32 is EINVAL");
	}

	igt_describe("CPU_PREP on an idle BO succeeds at once, with or without NOSYNC");
	igt_subtest("cpu-prep-idle") {
		igt_assert_eq(__msm_bo_cpu_prep(bo, MSM_PREP_READ | MSM_PREP_WRITE, 0), 0);
		igt_assert_eq(__msm_bo_cpu_prep(bo, MSM_PREP_WRITE | MSM_PREP_NOSYNC, 0), 0);
		igt_assert_eq(__msm_bo_cpu_fini(bo), 0);
	}

	igt_describe("CPU_PREP rejects unknown op bits");
	igt_subtest("cpu-prep-bad-op")
		igt_assert_errno(as_errno(__msm_bo_cpu_prep(bo, 0x100, 0)), EINVAL,
				 "msm_ioctl_gem_cpu_prep: op outside MSM_PREP_FLAGS is EINVAL");

	igt_describe("CPU_PREP and CPU_FINI on an unknown handle");
	igt_subtest("cpu-prep-fini-bad-handle") {
		struct msm_bo unknown = { .dev = dev, .handle = 0xdead };

		igt_assert_errno(as_errno(__msm_bo_cpu_prep(&unknown, MSM_PREP_READ, 0)), ENOENT,
				 "msm_ioctl_gem_cpu_prep: an unknown handle is ENOENT");
		igt_assert_errno(as_errno(__msm_bo_cpu_fini(&unknown)), ENOENT,
				 "msm_ioctl_gem_cpu_fini: an unknown handle is ENOENT");
	}

	igt_describe("MADVISE reports the pages as retained while they exist");
	igt_subtest("madvise-retained") {
		struct msm_bo *b = msm_bo_new(dev, 4096);
		uint32_t retained = 0;

		igt_assert_eq(__msm_bo_madvise(b, MSM_MADV_DONTNEED, &retained), 0);
		igt_assert_eq_u32(retained, 1);
		igt_assert_eq(__msm_bo_madvise(b, MSM_MADV_WILLNEED, &retained), 0);
		igt_assert_eq_u32(retained, 1);
		msm_bo_free(b);
	}

	/*
	 * The shrinker may purge DONTNEED BOs at any time (msm_gem_shrinker.c),
	 * so a purge is allowed; but a BO MADVISE calls retained must come back
	 * with every byte the GPU wrote, and take GPU writes again.
	 */
	igt_describe("BOs marked DONTNEED then WILLNEED keep their GPU-written contents if retained");
	igt_subtest("madvise-retained-contents") {
		enum { NBOS = 32, BO_SIZE = 64 << 10 };
		struct msm_queue *q = msm_queue_new(dev, 0);
		struct msm_bo *bos[NBOS];
		unsigned int kept = 0;

		for (int pass = 0; pass < 2; pass++) {
			struct msm_cs *cs = msm_cs_new(dev, 16 * NBOS);

			for (int i = 0; i < NBOS; i++) {
				if (!pass)
					bos[i] = msm_bo_new(dev, BO_SIZE);
				if (bos[i])
					msm_cs_mem_write32(cs, bos[i], BO_SIZE - 4, pass << 16 | i);
			}
			msm_cs_submit_wait(cs, q, 10 * NSEC_PER_SEC);
			msm_cs_free(cs);
			for (int i = 0; i < NBOS; i++) {
				uint32_t retained = 0;

				if (!bos[i])
					continue;
				igt_assert_eq(__msm_bo_madvise(bos[i], MSM_MADV_DONTNEED, &retained), 0);
				igt_assert_eq(__msm_bo_madvise(bos[i], MSM_MADV_WILLNEED, &retained), 0);
				if (!retained) {
					msm_bo_free(bos[i]);	/* purged: its pages are gone */
					bos[i] = NULL;
					continue;
				}
				igt_assert_eq_u32(msm_bo_read32(bos[i], BO_SIZE - 4), pass << 16 | i);
				kept += pass;
			}
		}
		igt_info("%u of %d BOs retained through two DONTNEED/WILLNEED rounds\n", kept, NBOS);
		for (int i = 0; i < NBOS; i++)
			if (bos[i])
				msm_bo_free(bos[i]);
		msm_queue_free(q);
	}

	igt_describe("MADVISE rejects an unknown advice before looking up the handle");
	igt_subtest("madvise-bad-advice") {
		struct drm_msm_gem_madvise req = { .handle = 0xdead, .madv = 7 };

		igt_assert_errno(drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_MADVISE, &req), EINVAL,
				 "msm_ioctl_gem_madvise: madv other than WILLNEED/DONTNEED is EINVAL");
		req.madv = MSM_MADV_WILLNEED;
		igt_assert_errno(drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_MADVISE, &req), ENOENT,
				 "msm_ioctl_gem_madvise: an unknown handle is ENOENT");
	}

	igt_describe("closing a handle twice: the second close finds nothing");
	igt_subtest("close-twice") {
		uint32_t handle;

		igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &handle), 0);
		msm_gem_handle_close(dev, handle);
		igt_assert_errno(drmCloseBufferHandle(dev->fd, handle), EINVAL,
				 "drm_gem_close_ioctl: an unknown handle is EINVAL");
	}

	igt_fixture
		bo_fixture_close(dev, bo);
}

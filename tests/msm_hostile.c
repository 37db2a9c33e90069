// SPDX-License-Identifier: MIT
/*
 * msm_hostile: GEM_SUBMIT requests a careless or hostile program sends —
 * counts whose flag is missing, counts no allocation can hold, tables at
 * bad addresses — answered with the kernel's errno (msm_gem_submit.c,
 * msm_syncobj.c), never a crash, and leaving the queue usable.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "msm/vm_bind.h"
#include "msm_common.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("msm GEM_SUBMIT with inconsistent or hostile counts and pointers.");

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *dst;
static struct msm_cs *cs;	/* one CP_MEM_WRITE into dst: a valid request */

/*
 * The valid request, with @nr in- and out-syncobjs announced but neither
 * SYNCOBJ flag: msm_ioctl_gem_submit parses in/out syncobjs only under
 * their flags.
 */
static void counts_without_flags(struct msm_submit_request *r, uint32_t nr)
{
	msm_submit_request_init(r, cs, q);
	r->req.nr_in_syncobjs = nr;
	r->req.nr_out_syncobjs = nr;
}

/* The request still works: the queue took no damage from the one before. */
static void queue_still_works(void)
{
	msm_bo_write32(dst, 0x40, 0);
	msm_cs_submit_wait(cs, q, NSEC_PER_SEC);
	igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0xcafe0001);
}

/*
 * A submit whose @nr in- (@out: out-) syncobj entries all read one entry
 * (stride 0) fails with @err; the queue stays usable.
 */
static void syncobjs_stride_zero_refused(bool out, uint32_t nr, int err, const char *rule)
{
	struct drm_msm_gem_submit_syncobj entry = sobj(new_syncobj(dev, !out), 0);
	struct msm_submit_request r;

	msm_submit_request_init(&r, cs, q);
	with_syncobjs(&r, out, &entry, nr);
	r.req.syncobj_stride = 0;
	igt_assert_errno(gem_submit(dev, &r), err, rule);
	queue_still_works();
}

/* How many fds the process has open (/proc/self/fd, less the directory's own). */
static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	igt_assert(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n - 3;	/* ".", ".." and the fd of the listing */
}

/* @r with FENCE_FD_OUT fails with @err: the fd it reserved is given back. */
static void out_fence_fd_not_leaked(struct msm_submit_request *r, int err, const char *rule)
{
	int fds = open_fds(), lowest = msm_lowest_free_fd();

	r->req.flags |= MSM_SUBMIT_FENCE_FD_OUT;
	igt_assert_errno(gem_submit(dev, r), err, rule);
	igt_assert_eq(open_fds(), fds);
	igt_assert_eq(msm_lowest_free_fd(), lowest);
}

#define MANY_BOS 1024
#define HANDLES 5000		/* ids across two levels of 64-id words */

/* @n new BOs as a submit's table (READ), plus a spare entry at the end. */
static struct drm_msm_gem_submit_bo *bo_table(unsigned int n)
{
	struct drm_msm_gem_submit_bo *t = calloc(n + 1, sizeof(*t));

	igt_assert(t);
	for (unsigned int i = 0; i < n; i++) {
		igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &t[i].handle), 0);
		t[i].flags = MSM_SUBMIT_BO_READ;
	}
	return t;
}

static void bo_table_free(struct drm_msm_gem_submit_bo *t, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		msm_gem_handle_close(dev, t[i].handle);
	free(t);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* A submit of the @n BOs of @t and no commands, on q. */
static int submit_table(struct drm_msm_gem_submit_bo *t, unsigned int n, uint32_t *fence)
{
	struct drm_msm_gem_submit req = {
		.flags = MSM_PIPE_3D0, .nr_bos = n, .bos = (uintptr_t)t, .queueid = q->id,
	};
	int ret = drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &req);

	*fence = req.fence;
	return ret;
}

/*
 * Submit @cs plus an IB_TARGET_BUF command on @target (relocated, never
 * executed) with the one reloc @rel, and return @target's patched dword.
 */
static uint32_t relocated(struct msm_bo *target, struct drm_msm_gem_submit_reloc rel)
{
	struct msm_submit_request r;
	struct drm_msm_gem_submit_cmd cmds[2];

	msm_submit_request_init(&r, cs, q);
	r.bos[r.req.nr_bos] = (struct drm_msm_gem_submit_bo){
		.flags = MSM_SUBMIT_BO_READ | MSM_SUBMIT_BO_WRITE, .handle = target->handle,
	};
	cmds[0] = r.cmd;
	cmds[1] = (struct drm_msm_gem_submit_cmd){
		.type = MSM_SUBMIT_CMD_IB_TARGET_BUF, .submit_idx = r.req.nr_bos, .size = 16,
		.nr_relocs = 1, .relocs = (uintptr_t)&rel,
	};
	rel.reloc_idx = 0;	/* dst */
	r.req.nr_bos++;
	r.req.nr_cmds = 2;
	r.req.cmds = (uintptr_t)cmds;
	igt_assert_eq(gem_submit(dev, &r), 0);
	igt_assert_eq(__msm_wait_fence(q, r.req.fence, NSEC_PER_SEC), 0);
	return msm_bo_read32(target, rel.submit_offset);
}

/* The last entry of a page whose next page is inaccessible (kept reserved, so no mmap lands there). */
static struct drm_msm_gem_submit_syncobj *page_end_syncobj(void)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	igt_assert(p != MAP_FAILED);
	igt_assert_eq(mprotect(p + 4096, 4096, PROT_NONE), 0);
	return (struct drm_msm_gem_submit_syncobj *)(p + 4096) - 1;
}

igt_main
{
	igt_fixture
		marker_fixture_open(&dev, &q, &dst, &cs);

	igt_describe("syncobj counts without SYNCOBJ_IN/OUT are ignored, whatever they say");
	igt_subtest("syncobj-counts-without-flags") {
		struct msm_submit_request r;

		counts_without_flags(&r, 1000);
		r.req.in_syncobjs = 8;		/* unreadable: never read */
		r.req.out_syncobjs = 8;
		igt_assert_eq(gem_submit(dev, &r), 0);
		igt_assert_eq(__msm_wait_fence(q, r.req.fence, NSEC_PER_SEC), 0);
		igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0xcafe0001);
	}

	igt_describe("a syncobj count without its flag, on a submit that fails later");
	igt_subtest("syncobj-counts-without-flags-failing") {
		struct msm_submit_request r;

		counts_without_flags(&r, 0xffffffff);
		r.bos[0].handle = 0xdead;
		igt_assert_errno(gem_submit(dev, &r), EINVAL,
				 "submit_lookup_objects: unknown handle is EINVAL");
		queue_still_works();
	}

	igt_describe("more in-syncobjs than one kmalloc can hold");
	igt_subtest("in-syncobjs-too-many")
		syncobjs_stride_zero_refused(false, 0xffffffff, ENOMEM,
					     "msm_syncobj_parse_deps: kcalloc(nr_in_syncobjs) "
					     "beyond kmalloc is ENOMEM");

	igt_describe("more out-syncobjs than one kmalloc can hold");
	igt_subtest("out-syncobjs-too-many")
		syncobjs_stride_zero_refused(true, 0xffffffff, ENOMEM,
					     "msm_syncobj_parse_post_deps: kcalloc(nr_syncobjs) "
					     "beyond kmalloc is ENOMEM");

	igt_describe("a syncobj stride of 0 copies nothing: every entry is handle 0");
	igt_subtest("in-syncobjs-stride-zero")
		syncobjs_stride_zero_refused(false, 4, ENOENT,
					     "msm_syncobj_parse_deps: copy of min(stride, 16) = 0 "
					     "bytes leaves handle 0, drm_syncobj_find_fence ENOENT");

	igt_describe("many in-syncobj entries naming one syncobj with RESET: waited for, then reset");
	igt_subtest("in-syncobjs-same-handle-reset") {
		static struct drm_msm_gem_submit_syncobj in[512];
		uint32_t handle = new_syncobj(dev, true);
		struct msm_submit_request r;

		for (unsigned int i = 0; i < 512; i++)
			in[i] = sobj(handle, MSM_SUBMIT_SYNCOBJ_RESET);
		msm_submit_request_init(&r, cs, q);
		with_syncobjs(&r, false, in, 512);
		igt_assert_eq(gem_submit(dev, &r), 0);
		igt_assert_eq(__msm_wait_fence(q, r.req.fence, NSEC_PER_SEC), 0);
		/* msm_syncobj_reset: no fence any more, waiting without WAIT_FOR_SUBMIT is EINVAL */
		igt_assert_eq(drmSyncobjWait(dev->fd, &handle, 1, 0, 0, NULL), -EINVAL);
	}

	igt_describe("an in-syncobj table that runs into unmapped memory");
	igt_subtest("in-syncobjs-fault") {
		struct drm_msm_gem_submit_syncobj *in = page_end_syncobj();
		struct msm_submit_request r;

		*in = sobj(new_syncobj(dev, true), 0);
		msm_submit_request_init(&r, cs, q);
		with_syncobjs(&r, false, in, 2);	/* the second entry is on the inaccessible page */
		igt_assert_errno(gem_submit(dev, &r), EFAULT,
				 "msm_syncobj_parse_deps: copy_from_user is EFAULT");
		queue_still_works();
		munmap((char *)(in + 1) - 4096, 8192);
	}

	igt_describe("FENCE_FD_OUT: the sync_file takes the lowest free fd number, as get_unused_fd_flags");
	igt_subtest("out-fence-fd-lowest-free") {
		struct msm_submit_request r;
		int lowest = msm_lowest_free_fd();

		msm_submit_request_init(&r, cs, q);
		r.req.flags |= MSM_SUBMIT_FENCE_FD_OUT;
		igt_assert_eq(gem_submit(dev, &r), 0);
		igt_assert_eq(r.req.fence_fd, lowest);
		igt_assert_eq(__msm_wait_fence(q, r.req.fence, NSEC_PER_SEC), 0);
		close(r.req.fence_fd);
	}

	igt_describe("a FENCE_FD_OUT submit that fails after the fd was reserved gives it back");
	igt_subtest("out-fence-fd-released-on-failure") {
		struct msm_submit_request r;

		msm_submit_request_init(&r, cs, q);
		r.bos[0].handle = 0xdead;
		out_fence_fd_not_leaked(&r, EINVAL, "submit_lookup_objects: unknown handle is EINVAL");
		msm_submit_request_init(&r, cs, q);
		r.cmd.submit_offset = 4096 - 4;
		out_fence_fd_not_leaked(&r, EINVAL,
					"msm_ioctl_gem_submit: size + offset beyond the BO is EINVAL");
		/* the last check before the fence id: an in-fence-sn of 0 */
		msm_submit_request_init(&r, cs, q);
		r.req.flags |= MSM_SUBMIT_FENCE_SN_IN;
		r.req.fence = 0;
		out_fence_fd_not_leaked(&r, EINVAL, "msm_ioctl_gem_submit: in-fence-sn 0 is EINVAL");
		queue_still_works();
	}

	igt_describe("reloc shifts of 64 or more, and INT_MIN, patch what an arm64 kernel computes");
	igt_subtest("reloc-shift-out-of-range") {
		struct msm_bo *target = msm_bo_new(dev, 4096);
		const int32_t shifts[] = { -68, 68, 64, INT32_MIN, -1 };

		igt_require_f(dev->gen < 6, "a%uxx refuses relocs\n", dev->gen);
		for (unsigned int i = 0; i < ARRAY_SIZE(shifts); i++) {
			unsigned int n = (shifts[i] < 0 ? -(int64_t)shifts[i] : shifts[i]) & 63;
			uint64_t want = shifts[i] < 0 ? dst->iova >> n : dst->iova << n;

			igt_assert_eq_u32(relocated(target, (struct drm_msm_gem_submit_reloc){
						  .submit_offset = 4, .shift = shifts[i] }),
					  (uint32_t)want);
		}
		msm_bo_free(target);
	}

	igt_describe("GEM_NEW sizes beyond a file's (loff_t) range, and one that wraps to 0; "
		     "before 6.18 the size is cut to 32 bits first");
	igt_subtest("gem-new-size-beyond-loff") {
		uint32_t h;

		igt_assert_errno(as_errno(__msm_bo_new(dev, 1ull << 63, MSM_BO_WC, &h)), EINVAL,
				 kernel_has(MSM_FIX_32B_SIZE) ? "drm_gem_object_init: "
				 "shmem_file_setup of a negative loff_t is EINVAL" :
				 "msm_gem_new_handle: a uint32_t size of 0 is EINVAL");
		if (kernel_has(MSM_FIX_32B_SIZE)) {
			igt_assert_errno(as_errno(__msm_bo_new(dev, ~0ull - 4095, MSM_BO_WC, &h)),
					 EINVAL, "drm_gem_object_init: shmem_file_setup of a "
					 "negative loff_t is EINVAL");
		} else {
			/* msm_gem_new_handle's uint32_t size: 0xfffff000, a 4 GiB - 4 KiB BO */
			igt_assert_eq(__msm_bo_new(dev, ~0ull - 4095, MSM_BO_WC, &h), 0);
			msm_gem_handle_close(dev, h);
		}
		igt_assert_errno(as_errno(__msm_bo_new(dev, ~0ull, MSM_BO_WC, &h)), EINVAL,
				 "msm_gem_new: PAGE_ALIGN wraps to 0, a zero size is EINVAL");
	}

	igt_describe("a handle repeated at the far end of a large BO table is still a duplicate");
	igt_subtest("duplicate-bo-far-apart") {
		struct drm_msm_gem_submit_bo *t = bo_table(MANY_BOS);
		uint32_t fence;

		t[MANY_BOS] = t[0];
		igt_assert_errno(submit_table(t, MANY_BOS + 1, &fence),
				 rule_errno(MSM_RULE_SUBMIT_DUPLICATE_BO),
				 msm_rules[MSM_RULE_SUBMIT_DUPLICATE_BO].rule);
		/* the same table without the repeat, twice: a submit's marks are its own */
		igt_assert_eq(submit_table(t, MANY_BOS, &fence), 0);
		igt_assert_eq(submit_table(t, MANY_BOS, &fence), 0);
		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		bo_table_free(t, MANY_BOS);
	}

	igt_describe("GEM handles stay lowest-free over thousands of them (drm_gem_handle_create_tail)");
	igt_subtest("handles-lowest-free-at-scale") {
		struct drm_msm_gem_submit_bo *t = bo_table(HANDLES);
		uint32_t freed[HANDLES], nr_freed = 0, h;

		/* close every 7th and a run across the 64- and 4096-id words */
		for (uint32_t i = 0; i < HANDLES; i++) {
			if (i % 7 && (i < 4090 || i > 4100))
				continue;
			freed[nr_freed++] = t[i].handle;
			msm_gem_handle_close(dev, t[i].handle);
			t[i].handle = 0;
		}
		/* idr_alloc(.., 1, 0) hands them back lowest first */
		qsort(freed, nr_freed, sizeof(freed[0]), cmp_u32);
		for (uint32_t i = 0; i < nr_freed; i++) {
			igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &h), 0);
			igt_assert_eq_u32(h, freed[i]);
		}
		igt_assert_eq(__msm_bo_new(dev, 4096, MSM_BO_WC, &h), 0);
		igt_assert_lt_u32(t[HANDLES - 1].handle, h);
		for (uint32_t i = 0; i < nr_freed; i++)
			msm_gem_handle_close(dev, freed[i]);
		msm_gem_handle_close(dev, h);
		for (uint32_t i = 0; i < HANDLES; i++)
			if (t[i].handle)
				msm_gem_handle_close(dev, t[i].handle);
		free(t);
	}

	igt_fixture
		marker_fixture_close(dev, q, dst, cs);
}

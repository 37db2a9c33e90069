// SPDX-License-Identifier: MIT
/*
 * core_sw_sync: the kernel's software timeline (drivers/dma-buf/sw_sync.c,
 * <debugfs>/sync/sw_sync) and its fences as every consumer takes them:
 * sync_file poll and FILE_INFO, syncobj import and timeline points
 * (dma_fence_chain numbering of unordered points), SYNCOBJ_EVENTFD on a
 * pending fence, and the in-fences of msm and nouveau submits. Needs a
 * kernel with CONFIG_SW_SYNC and debugfs (the model has both).
 */
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <termios.h>
#include <unistd.h>
#include <linux/sync_file.h>

/* the msm suite's UAPI first: it keeps libdrm's stale msm_drm.h out */
#include "msm_common.h"
#include "nouveau_vm.h"
#include "core_common.h"
#include "drm-uapi/sw_sync.h"
#include "kernel_version.h"

IGT_TEST_DESCRIPTION("sw_sync timelines and their fences in sync_files, syncobjs, eventfds and "
		     "submits on the first msm, nouveau or radeon device.");

static int fd = -1;
/* the msm group's device, queue and target */
static struct msm_device *mdev;
static struct msm_queue *q;
static struct msm_bo *dst;

static int timeline_new(void)
{
	int t = open(SW_SYNC_DEBUGFS_PATH, O_RDWR | O_CLOEXEC);

	igt_assert_fd(t);
	return t;
}

static int fence_new(int timeline, uint32_t value)
{
	struct sw_sync_create_fence_data data = { .value = value, .fence = -1 };

	do_ioctl(timeline, SW_SYNC_IOC_CREATE_FENCE, &data);
	igt_assert_fd(data.fence);
	return data.fence;
}

static void timeline_inc(int timeline, uint32_t by)
{
	do_ioctl(timeline, SW_SYNC_IOC_INC, &by);
}

/* A new sync file named @name holding the fences of @a and @b (sync_file_merge). */
static int fence_merge(const char *name, int a, int b)
{
	struct sync_merge_data merge = { .fd2 = b, .fence = -1 };

	snprintf(merge.name, sizeof(merge.name), "%s", name);
	do_ioctl(a, SYNC_IOC_MERGE, &merge);
	igt_assert_fd(merge.fence);
	return merge.fence;
}

/* sync_file_ioctl_fence_info's status of the only fence of @sf: 0 pending, 1, -errno. */
static int fence_status(int sf)
{
	struct sync_fence_info fi = { 0 };
	struct sync_file_info info = { .num_fences = 1, .sync_fence_info = (uintptr_t)&fi };

	do_ioctl(sf, SYNC_IOC_FILE_INFO, &info);
	igt_assert_eq_u32(info.num_fences, 1);
	return fi.status;
}

/* A new syncobj of @f holding the sw_sync fence of @value (IMPORT_SYNC_FILE). */
static uint32_t syncobj_of(int f, int timeline, uint32_t value)
{
	int sf = fence_new(timeline, value);
	uint32_t s;

	igt_assert_eq(drmSyncobjCreate(f, 0, &s), 0);
	igt_assert_eq(drmSyncobjImportSyncFile(f, s, sf), 0);
	close(sf);
	return s;
}

static void require_eventfd(void)
{
	igt_require_f(kernel_at_least(6, 6), "SYNCOBJ_EVENTFD came with 6.6\n");
	igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE));
}

igt_main
{
	igt_fixture {
		fd = core_open(DRMSUB_NODE_RENDER);
		igt_require_f(access(SW_SYNC_DEBUGFS_PATH, R_OK | W_OK) == 0,
			      "no %s (CONFIG_SW_SYNC, debugfs, root)\n", SW_SYNC_DEBUGFS_PATH);
	}

	igt_describe("A fence signals once the timeline reaches its value, not before; one "
		     "at or below the counter is signalled at creation (sync_pt_create).");
	igt_subtest("fence-signals-at-value") {
		int t = timeline_new(), f2 = fence_new(t, 2), f0;

		igt_assert(!core_readable(f2, 0));
		igt_assert_eq(fence_status(f2), 0);
		timeline_inc(t, 1);
		igt_assert(!core_readable(f2, 0));
		timeline_inc(t, 1);
		igt_assert(core_readable(f2, 0));
		igt_assert_eq(fence_status(f2), 1);
		f0 = fence_new(t, 1);
		igt_assert_eq(fence_status(f0), 1);
		close(f0);
		close(f2);
		close(t);
	}

	igt_describe("sw_sync_debugfs_release: closing the timeline signals its pending fences "
		     "with -ENOENT; signalled ones keep their status.");
	igt_subtest("close-signals-enoent") {
		int t = timeline_new(), done = fence_new(t, 1), pending = fence_new(t, 5);

		timeline_inc(t, 1);
		close(t);
		igt_assert(core_readable(pending, 0));
		igt_assert_eq(fence_status(pending), -ENOENT);
		igt_assert_eq(fence_status(done), 1);
		close(pending);
		close(done);
	}

	igt_describe("Fences name their driver sw_sync and the timeline after the opener "
		     "(sync_timeline_create with the task's comm); a pending value asked for "
		     "twice is the same fence (sync_pt_create), so a merge of both has one.");
	igt_subtest("fence-info") {
		int t = timeline_new(), a = fence_new(t, 3), b = fence_new(t, 3), both;
		struct sync_fence_info fi = { 0 };
		struct sync_file_info info = { .num_fences = 1, .sync_fence_info = (uintptr_t)&fi };
		char comm[16] = "";	/* TASK_COMM_LEN */

		/* the comm, not argv[0]: under qemu-user the task is qemu's */
		igt_assert_eq(prctl(PR_GET_NAME, comm), 0);
		do_ioctl(a, SYNC_IOC_FILE_INFO, &info);
		igt_assert_eq_str(fi.driver_name, "sw_sync");
		igt_assert_eq_str(fi.obj_name, comm);
		both = fence_merge("both", a, b);
		info = (struct sync_file_info){ 0 };
		do_ioctl(both, SYNC_IOC_FILE_INFO, &info);
		igt_assert_eq_u32(info.num_fences, 1);
		close(both);
		close(b);
		close(a);
		close(t);
	}

	igt_describe("sw_sync_ioctl: a request it does not know is ENOTTY; a fault in "
		     "CREATE_FENCE or INC is EFAULT.");
	igt_subtest("timeline-ioctl-errors") {
		int t = timeline_new();
		struct termios tio;

		igt_assert_errno(ioctl(t, TCGETS, &tio), ENOTTY, "sw_sync_ioctl: unknown request");
		igt_assert_errno(ioctl(t, SW_SYNC_IOC_CREATE_FENCE, (void *)8), EFAULT,
				 "sw_sync_ioctl_create_fence: copy_from_user");
		igt_assert_errno(ioctl(t, SW_SYNC_IOC_INC, (void *)8), EFAULT,
				 "sw_sync_ioctl_inc: copy_from_user");
		if (!kernel_at_least(6, 8))
			igt_assert_errno(ioctl(t, SW_SYNC_GET_DEADLINE, (void *)8), ENOTTY,
					 "sw_sync_ioctl: GET_DEADLINE came with 6.8");
		close(t);
	}

	igt_describe("6.8: SYNC_IOC_SET_DEADLINE hands a deadline to the fence, "
		     "SW_SYNC_GET_DEADLINE reads back the earliest one; none yet is ENOENT, "
		     "pad or an input deadline EINVAL, a fence not of sw_sync EINVAL.");
	igt_subtest("deadline") {
		int t = timeline_new(), a = fence_new(t, 1), b = fence_new(t, 2), ab;
		struct sync_set_deadline set = { .deadline_ns = 2000, .pad = 1 };
		struct sw_sync_get_deadline get = { .fence_fd = a };

		igt_require_f(kernel_at_least(6, 8), "fence deadlines came with 6.8\n");
		igt_assert_errno(ioctl(t, SW_SYNC_GET_DEADLINE, &get), ENOENT,
				 "sw_sync_ioctl_get_deadline: no deadline set");
		do_ioctl_err(a, SYNC_IOC_SET_DEADLINE, &set, EINVAL,
			     "sync_file_ioctl_set_deadline: pad must be 0");
		set.pad = 0;
		do_ioctl(a, SYNC_IOC_SET_DEADLINE, &set);
		set.deadline_ns = 3000;
		do_ioctl(a, SYNC_IOC_SET_DEADLINE, &set);
		do_ioctl(t, SW_SYNC_GET_DEADLINE, &get);
		igt_assert_eq_u64(get.deadline_ns, 2000);
		igt_assert_errno(ioctl(t, SW_SYNC_GET_DEADLINE, &get), EINVAL,
				 "sw_sync_ioctl_get_deadline: deadline_ns must be 0 in");
		ab = fence_merge("ab", a, b);
		get = (struct sw_sync_get_deadline){ .fence_fd = ab };
		igt_assert_errno(ioctl(t, SW_SYNC_GET_DEADLINE, &get), EINVAL,
				 "sw_sync_ioctl_get_deadline: a merged fence is no sw_sync point");
		close(ab);
		close(b);
		close(a);
		close(t);
	}

	igt_subtest_group {
		igt_fixture
			igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ));

		igt_describe("IMPORT_SYNC_FILE of a sw_sync fence: a WAIT times out until the "
			     "timeline reaches the value, then succeeds.");
		igt_subtest("syncobj-import") {
			int t = timeline_new();
			uint32_t s = syncobj_of(fd, t, 1);

			igt_assert_errno(LIBDRM_ERR(drmSyncobjWait(fd, &s, 1, core_now_ns() + 5000000,
								   0, NULL)),
					 ETIME, "drm_syncobj_array_wait_timeout: fence pending");
			timeline_inc(t, 1);
			igt_assert_eq(drmSyncobjWait(fd, &s, 1, core_now_ns() + 1000000000ll, 0,
						     NULL), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
			close(t);
		}
	}

	igt_subtest_group {
		igt_fixture
			igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE));

		igt_describe("dma_fence_chain_init: a point not after the last starts a new "
			     "context with the larger seqno. Points 1, 5, 3, 6, 7 with the first "
			     "three signalled: QUERY gives 5 and point 5 is complete (as IGT's "
			     "syncobj_timeline device-submit-unordered).");
		igt_subtest("timeline-unordered-points") {
			uint64_t points[] = { 1, 5, 3, 6, 7 }, got = 0, five = 5, six = 6;
			int t = timeline_new();
			uint32_t s;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			for (unsigned int i = 0; i < 5; i++) {
				uint32_t tmp = syncobj_of(fd, t, i + 1);

				igt_assert_eq(drmSyncobjTransfer(fd, s, points[i], tmp, 0, 0), 0);
				igt_assert_eq(drmSyncobjDestroy(fd, tmp), 0);
			}
			timeline_inc(t, 3);
			igt_assert_eq(drmSyncobjQuery(fd, &s, &got, 1), 0);
			igt_assert_eq_u64(got, 5);
			igt_assert_eq(drmSyncobjTimelineWait(fd, &s, &five, 1, 0, 0, NULL), 0);
			igt_assert_errno(LIBDRM_ERR(drmSyncobjTimelineWait(fd, &s, &six, 1, 0, 0,
									   NULL)),
					 ETIME, "dma_fence_chain_find_seqno: point 6 is pending");
			igt_assert_eq(drmSyncobjQuery2(fd, &s, &got, 1,
						       DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 0);
			igt_assert_eq_u64(got, 7);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
			close(t);
		}

		igt_describe("SYNCOBJ_EVENTFD on a pending sw_sync fence: WAIT_AVAILABLE fires "
			     "at once, the wait fires when the timeline reaches it.");
		igt_subtest("eventfd-pending-fence") {
			int t = timeline_new(), ev_wait, ev_avail;
			uint32_t s = syncobj_of(fd, t, 1);
			uint64_t count = 0;

			require_eventfd();
			ev_wait = core_syncobj_eventfd(fd, s, 0, 0);
			ev_avail = core_syncobj_eventfd(fd, s, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE);
			igt_assert(core_readable(ev_avail, 0));
			igt_assert(!core_readable(ev_wait, 10));
			timeline_inc(t, 1);
			igt_assert(core_readable(ev_wait, 1000));
			igt_assert_eq(read(ev_wait, &count, sizeof(count)), sizeof(count));
			igt_assert_eq_u64(count, 1);
			close(ev_avail);
			close(ev_wait);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
			close(t);
		}

		igt_describe("An eventfd whose fence was found outlives the syncobj: destroying "
			     "the syncobj does not cancel it (the entry left the syncobj's list).");
		igt_subtest("eventfd-outlives-syncobj") {
			int t = timeline_new(), ev;
			uint32_t s = syncobj_of(fd, t, 1);

			require_eventfd();
			ev = core_syncobj_eventfd(fd, s, 0, 0);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
			igt_assert(!core_readable(ev, 0));
			timeline_inc(t, 1);
			igt_assert(core_readable(ev, 1000));
			close(ev);
			close(t);
		}
	}

	igt_subtest_group {
		igt_fixture {
			igt_require_f(core_is("msm"), "msm submits\n");
			mdev = msm_device_open();
			q = msm_queue_new(mdev, 0);
			dst = msm_bo_new(mdev, 4096);
		}

		igt_describe("msm GEM_SUBMIT with FENCE_FD_IN of a sw_sync fence: the submit "
			     "waits for the timeline, then runs (msm_gem_submit: sync_file in-fence).");
		igt_subtest("msm-in-fence") {
			struct msm_cs *cs = msm_cs_new(mdev, 64);
			struct msm_submit s = { .flags = MSM_SUBMIT_FENCE_FD_IN };
			int t = timeline_new();

			msm_cs_mem_write32(cs, dst, 0x40, 0xcafe0002);
			s.in_fence_fd = fence_new(t, 1);
			igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
			igt_assert_eq(__msm_wait_fence(q, s.fence, 10 * 1000 * 1000), -ETIMEDOUT);
			igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0);
			timeline_inc(t, 1);
			igt_assert_eq(__msm_wait_fence(q, s.fence, NSEC_PER_SEC), 0);
			igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0xcafe0002);
			close(s.in_fence_fd);
			close(t);
			msm_cs_free(cs);
		}

		igt_describe("SYNCOBJ_EVENTFD on an msm out-syncobj is signalled by the GPU: the "
			     "submit (gated by a sw_sync fence) completes on the model's GPU thread.");
		igt_subtest("msm-out-syncobj-eventfd") {
			struct drm_msm_gem_submit_syncobj out;
			struct msm_submit s = { .flags = MSM_SUBMIT_FENCE_FD_IN | MSM_SUBMIT_SYNCOBJ_OUT,
						.out_syncobjs = &out, .nr_out_syncobjs = 1 };
			struct msm_cs *cs;
			int t, ev;

			require_eventfd();
			cs = msm_cs_new(mdev, 64);
			out = sobj(new_syncobj(mdev, false), 0);
			t = timeline_new();
			msm_cs_mem_write32(cs, dst, 0x80, 1);
			s.in_fence_fd = fence_new(t, 1);
			igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
			ev = core_syncobj_eventfd(mdev->fd, out.handle, 0, 0);
			igt_assert(!core_readable(ev, 10));
			timeline_inc(t, 1);
			igt_assert(core_readable(ev, 1000));
			close(ev);
			close(s.in_fence_fd);
			close(t);
			drmSyncobjDestroy(mdev->fd, out.handle);
			msm_cs_free(cs);
		}

		igt_fixture {
			msm_bo_free(dst);
			msm_queue_free(q);
			msm_device_close(mdev);
		}
	}

	igt_subtest_group {
		igt_fixture {
			igt_require_f(core_is("nouveau"), "nouveau EXEC\n");
			dev = nv_device_open_mode(NV_MODE_VM_BIND);
			gr = nv_channel_new(dev, NV_ENGINE_GR);
		}

		igt_describe("nouveau EXEC waiting on a syncobj that holds a sw_sync fence runs "
			     "once the timeline reaches it; a timeline out-point gets an eventfd "
			     "signalled by the GPU thread (nouveau_exec.c, drm_syncobj_eventfd).");
		igt_subtest("nouveau-exec-wait") {
			struct nv_bo *sem = nv_bo_new(dev, 4096, NV_BO_GART);
			struct nv_push *p = nv_push_new(32);
			uint32_t done = syncobj_new(), in;
			int t = timeline_new(), ev = -1;
			struct exec e;

			in = syncobj_of(dev->fd, t, 1);
			nv_host_sem_release(p, sem, 0, 0x5a5a);
			exec_init(&e, gr, p);
			exec_wait_for(&e, in, 0);
			exec_signal(&e, done, 2);
			igt_assert_eq(exec_run(&e), 0);
			if (kernel_at_least(6, 6))
				ev = core_syncobj_eventfd(dev->fd, done, 2, 0);
			igt_assert(!syncobj_signalled(done, 2));
			igt_assert_eq_u32(*(volatile uint32_t *)nv_bo_map(sem), 0);
			timeline_inc(t, 1);
			syncobj_wait(done, 2);
			igt_assert_eq_u32(*(volatile uint32_t *)nv_bo_map(sem), 0x5a5a);
			if (ev >= 0)
				igt_assert(core_readable(ev, 1000));
			close(ev);
			close(t);
			exec_fini(&e);
			nv_push_free(p);
			nv_bo_free(sem);
			drmSyncobjDestroy(dev->fd, in);
			drmSyncobjDestroy(dev->fd, done);
		}

		igt_fixture {
			nv_channel_free(gr);
			nv_device_close(dev);
		}
	}

	igt_fixture
		close(fd);
}

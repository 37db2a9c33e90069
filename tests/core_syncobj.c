// SPDX-License-Identifier: MIT
/*
 * core_syncobj: DRM sync objects (binary and timeline) and sync_file fds,
 * with the kernel's validation order and errno for each invalid case.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sync_file.h>

#include "core_common.h"
#include "kernel_version.h"

/* 2^30 handles: 4 GiB of u32, past any kmalloc (KMALLOC_MAX_SIZE is MiBs) */
#define HUGE_COUNT (1u << 30)

IGT_TEST_DESCRIPTION("Sync objects, timelines and sync_file fds through libdrm on the first "
		     "msm, nouveau or radeon device.");

static int fd = -1;

/*
 * Until thread @tid has slept (state S in /proc) for 20 ms on end: it is
 * then in the ioctl's wait, not on its way there (the test never holds a
 * lock it could sleep on). Fails after 5 s.
 */
static void wait_until_asleep(pid_t tid)
{
	char path[64], stat[256];
	int64_t give_up = core_now_ns() + 5000000000ll, asleep_since = 0;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	while (core_now_ns() < give_up) {
		struct timespec ms = { 0, 1000000 };
		FILE *f = fopen(path, "r");
		char *state = NULL;

		igt_assert_f(f, "%s: %s\n", path, strerror(errno));
		if (fgets(stat, sizeof(stat), f))
			state = strrchr(stat, ')');	/* "pid (comm) S ...": comm may hold spaces */
		fclose(f);
		if (state && state[1] == ' ' && state[2] == 'S') {
			if (!asleep_since)
				asleep_since = core_now_ns();
			else if (core_now_ns() - asleep_since >= 20000000ll)
				return;
		} else {
			asleep_since = 0;
		}
		nanosleep(&ms, NULL);
	}
	igt_assert_f(false, "thread %d never slept 20 ms on end in 5 s\n", (int)tid);
}

/*
 * A syncobj without a fence, and a thread that signals it (at @point; 0:
 * binary) once this thread sleeps in its wait; with @reset, it resets the
 * syncobj right after. A WAIT_FOR_SUBMIT sleeper takes the signalled fence
 * as it arrives (drm_syncobj.c syncobj_wait_syncobj_func, run by
 * drm_syncobj_replace_fence and drm_syncobj_add_point) and keeps it: it
 * does not sleep on to its deadline on the emptied syncobj.
 */
struct signaller {
	pid_t waiter;
	uint32_t handle;
	uint64_t point;
	bool reset;
};

static void *signal_when_asleep(void *arg)
{
	struct signaller *s = arg;

	wait_until_asleep(s->waiter);
	if (s->point)
		igt_assert_eq(drmSyncobjTimelineSignal(fd, &s->handle, &s->point, 1), 0);
	else
		igt_assert_eq(drmSyncobjSignal(fd, &s->handle, 1), 0);
	if (s->reset)
		igt_assert_eq(drmSyncobjReset(fd, &s->handle, 1), 0);
	return NULL;
}

static pthread_t start_signaller(struct signaller *s, uint64_t point, bool reset)
{
	pthread_t t;

	*s = (struct signaller){ .waiter = (pid_t)syscall(SYS_gettid), .point = point,
				 .reset = reset };
	igt_assert_eq(drmSyncobjCreate(fd, 0, &s->handle), 0);
	igt_assert_eq(pthread_create(&t, NULL, signal_when_asleep, s), 0);
	return t;
}

/* A WAIT_FOR_SUBMIT wait for the signaller's syncobj (at its point), 5 s at most. */
static int wait_for_signaller(struct signaller *s)
{
	int64_t deadline = core_now_ns() + 5000000000ll;

	if (s->point)
		return drmSyncobjTimelineWait(fd, &s->handle, &s->point, 1, deadline,
					      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL);
	return drmSyncobjWait(fd, &s->handle, 1, deadline, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
			      NULL);
}

/* The signaller is done: the syncobj is signalled, or has no fence again after the reset. */
static void finish_signaller(struct signaller *s, pthread_t t)
{
	igt_assert_eq(pthread_join(t, NULL), 0);
	if (s->reset)
		igt_assert_errno(LIBDRM_ERR(drmSyncobjWait(fd, &s->handle, 1, 0, 0, NULL)), EINVAL,
				 "drm_syncobj_array_wait_timeout: no fence without WAIT_FOR_SUBMIT");
	else
		igt_assert_eq(drmSyncobjWait(fd, &s->handle, 1, 0, 0, NULL), 0);
	igt_assert_eq(drmSyncobjDestroy(fd, s->handle), 0);
}

/* A WAIT_FOR_SUBMIT wait that a signaller (at @point, with @reset) ends: 0, not ETIME. */
static void wait_while_signalled(uint64_t point, bool reset)
{
	struct signaller sig;
	pthread_t t = start_signaller(&sig, point, reset);

	igt_assert_eq(wait_for_signaller(&sig), 0);
	finish_signaller(&sig, t);
}

igt_main
{
	igt_fixture
		fd = core_open(DRMSUB_NODE_RENDER);

	igt_describe("Without DRIVER_SYNCOBJ (radeon) every syncobj ioctl is EOPNOTSUPP.");
	igt_subtest("no-syncobj") {
		uint32_t s;

		igt_require(!core_has_cap(fd, DRM_CAP_SYNCOBJ));
		igt_assert_errno(LIBDRM_ERR(drmSyncobjCreate(fd, 0, &s)), EOPNOTSUPP,
				 "drm_syncobj: driver without DRIVER_SYNCOBJ");
	}

	igt_subtest_group {
		igt_fixture
			igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ));

		igt_describe("CREATE with unknown flags and DESTROY with pad or of an unknown "
			     "handle are EINVAL.");
		igt_subtest("create-destroy-invalid") {
			struct drm_syncobj_create create = { .flags = 2 };
			struct drm_syncobj_destroy destroy = { .handle = 0x777 };

			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_CREATE, &create, EINVAL,
				     "drm_syncobj: unknown create flags");
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &destroy, EINVAL,
				     "drm_syncobj: DESTROY of an unknown handle");
			create.flags = 0;
			do_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &create);
			destroy = (struct drm_syncobj_destroy){ create.handle, 1 };
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &destroy, EINVAL,
				     "drm_syncobj: DESTROY pad must be 0");
			destroy.pad = 0;
			do_ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &destroy);
		}

		igt_describe("WAIT: unknown flags EINVAL, a bad handle array EFAULT, an unknown "
			     "handle ENOENT, an unsubmitted syncobj EINVAL, a pending one ETIME at "
			     "the absolute deadline.");
		igt_subtest("wait-invalid") {
			struct drm_syncobj_wait wait;
			uint32_t s, bogus = 0x777;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			wait = (struct drm_syncobj_wait){ .handles = (uintptr_t)&s, .count_handles = 1,
							   .flags = 1u << 7 };
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wait, EINVAL,
				     "drm_syncobj: unknown wait flags");
			wait.flags = 0;
			wait.handles = 8;
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wait, EFAULT,
				     "drm_syncobj: handle array unreadable");
			wait.handles = (uintptr_t)&bogus;
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wait, ENOENT,
				     "drm_syncobj: unknown handle");
			igt_assert_errno(LIBDRM_ERR(drmSyncobjWait(fd, &s, 1, 0, 0, NULL)), EINVAL,
					 "drm_syncobj: no fence without WAIT_FOR_SUBMIT");
			igt_assert_errno(LIBDRM_ERR(drmSyncobjWait(fd, &s, 1,
								   core_now_ns() + 10000000,
								   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
								   NULL)),
					 ETIME, "drm_syncobj: deadline passed");
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("drm_syncobj_wait_ioctl: waiting for no handles succeeds from 6.8 "
			     "(the deadline patch lets userspace probe with it), EINVAL before; "
			     "RESET and SIGNAL of no handles stay EINVAL.");
		igt_subtest("wait-zero-handles") {
			struct drm_syncobj_wait wait = { .count_handles = 0 };
			struct drm_syncobj_array arr = { .count_handles = 0 };

			if (kernel_at_least(6, 8))
				do_ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wait);
			else
				do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wait, EINVAL,
					     "drm_syncobj_wait_ioctl: count_handles 0 before 6.8");
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_RESET, &arr, EINVAL,
				     "drm_syncobj_reset_ioctl: count_handles 0");
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &arr, EINVAL,
				     "drm_syncobj_signal_ioctl: count_handles 0");
		}

		igt_describe("A count of 2^30 handles needs 4 GiB for the handle array, beyond "
			     "kmalloc_array's KMALLOC_MAX_SIZE: RESET, SIGNAL and WAIT fail with "
			     "ENOMEM at once (drm_syncobj_array_find), before reading the array.");
		igt_subtest("reset-huge-count-enomem") {
			uint32_t s;
			struct drm_syncobj_array arr = { .handles = (uintptr_t)&s,
							 .count_handles = HUGE_COUNT };
			struct drm_syncobj_wait wait = { .handles = (uintptr_t)&s,
							 .count_handles = HUGE_COUNT };
			const char *rule = "drm_syncobj_array_find: kmalloc_array fails";

			igt_assert_eq(drmSyncobjCreate(fd, DRM_SYNCOBJ_CREATE_SIGNALED, &s), 0);
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_RESET, &arr, ENOMEM, rule);
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &arr, ENOMEM, rule);
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_WAIT, &wait, ENOMEM, rule);
			igt_assert_eq(drmSyncobjWait(fd, &s, 1, 0, 0, NULL), 0);	/* untouched */
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("SIGNAL completes a syncobj, RESET empties it again.");
		igt_subtest("signal-reset") {
			uint32_t s;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			igt_assert_eq(drmSyncobjSignal(fd, &s, 1), 0);
			igt_assert_eq(drmSyncobjWait(fd, &s, 1, 0, 0, NULL), 0);
			igt_assert_eq(drmSyncobjReset(fd, &s, 1), 0);
			igt_assert_errno(LIBDRM_ERR(drmSyncobjWait(fd, &s, 1, 0, 0, NULL)), EINVAL,
					 "drm_syncobj: reset removes the fence");
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("Waiting for any reports the first signalled syncobj; WAIT_ALL "
			     "needs all of them.");
		igt_subtest("wait-any-all") {
			uint32_t s[2], first = 99;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s[0]), 0);
			igt_assert_eq(drmSyncobjCreate(fd, DRM_SYNCOBJ_CREATE_SIGNALED, &s[1]), 0);
			igt_assert_eq(drmSyncobjWait(fd, s, 2, 0,
						     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first), 0);
			igt_assert_eq_u32(first, 1);
			igt_assert_errno(LIBDRM_ERR(drmSyncobjWait(
						 fd, s, 2, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL |
						 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL)),
					 ETIME, "drm_syncobj: one of two pending");
			igt_assert_eq(drmSyncobjDestroy(fd, s[0]), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, s[1]), 0);
		}

		igt_describe("WAIT_FOR_SUBMIT sleeps until another thread signals.");
		igt_subtest("wait-for-submit")
			wait_while_signalled(0, false);

		igt_describe("A WAIT_FOR_SUBMIT waiter keeps the fence the syncobj got while it "
			     "slept: a reset right after the signal does not undo the wait.");
		igt_subtest("wait-for-submit-snapshot")
			wait_while_signalled(0, true);

		igt_describe("A syncobj fd imported into another file names the same syncobj; "
			     "a non-syncobj fd is EINVAL, an unknown handle EINVAL on export.");
		igt_subtest("fd-roundtrip") {
			int other = core_open(DRMSUB_NODE_RENDER), sfd;
			uint32_t s, s2;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			igt_assert_eq(drmSyncobjHandleToFD(fd, s, &sfd), 0);
			igt_assert_eq(drmSyncobjFDToHandle(other, sfd, &s2), 0);
			igt_assert_eq(drmSyncobjSignal(other, &s2, 1), 0);
			igt_assert_eq(drmSyncobjWait(fd, &s, 1, 0, 0, NULL), 0);
			igt_assert_errno(LIBDRM_ERR(drmSyncobjFDToHandle(fd, fd, &s2)), EINVAL,
					 "drm_syncobj: not a syncobj fd");
			igt_assert_errno(LIBDRM_ERR(drmSyncobjHandleToFD(fd, 0x777, &sfd)), EINVAL,
					 "drm_syncobj: export of an unknown handle");
			close(sfd);
			close(other);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("sync_file export needs a fence (EINVAL) of a known handle (ENOENT); "
			     "import needs a sync_file (EINVAL) and a known handle (ENOENT).");
		igt_subtest("sync-file-import-export") {
			uint32_t s;
			int sf;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			igt_assert_errno(LIBDRM_ERR(drmSyncobjExportSyncFile(fd, s, &sf)), EINVAL,
					 "drm_syncobj: export without a fence");
			igt_assert_errno(LIBDRM_ERR(drmSyncobjExportSyncFile(fd, 0x777, &sf)),
					 ENOENT, "drm_syncobj: export of an unknown handle");
			igt_assert_eq(drmSyncobjSignal(fd, &s, 1), 0);
			igt_assert_eq(drmSyncobjExportSyncFile(fd, s, &sf), 0);
			igt_assert_errno(LIBDRM_ERR(drmSyncobjImportSyncFile(fd, 0x777, sf)), ENOENT,
					 "drm_syncobj: import into an unknown handle");
			igt_assert_errno(LIBDRM_ERR(drmSyncobjImportSyncFile(fd, s, fd)), EINVAL,
					 "drm_syncobj: import of a non-sync_file");
			igt_assert_eq(drmSyncobjReset(fd, &s, 1), 0);
			igt_assert_eq(drmSyncobjImportSyncFile(fd, s, sf), 0);
			igt_assert_eq(drmSyncobjWait(fd, &s, 1, 0, 0, NULL), 0);
			close(sf);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("A signalled sync_file polls readable, merges, and FILE_INFO "
			     "reports its fences; bad flags are EINVAL, a bad fd2 ENOENT, an "
			     "unknown request ENOTTY.");
		igt_subtest("sync-file") {
			struct sync_merge_data merge = { .name = "merged" };
			struct sync_fence_info fences[2];
			struct sync_file_info info = { 0 };
			struct pollfd pfd;
			uint32_t s;
			int sf;

			igt_assert_eq(drmSyncobjCreate(fd, DRM_SYNCOBJ_CREATE_SIGNALED, &s), 0);
			igt_assert_eq(drmSyncobjExportSyncFile(fd, s, &sf), 0);
			pfd = (struct pollfd){ .fd = sf, .events = POLLIN };
			igt_assert_eq(poll(&pfd, 1, 0), 1);
			merge.fd2 = sf;
			igt_assert_eq(ioctl(sf, SYNC_IOC_MERGE, &merge), 0);
			igt_assert_eq(ioctl(merge.fence, SYNC_IOC_FILE_INFO, &info), 0);
			igt_assert_eq(info.status, 1);
			igt_assert_eq_str(info.name, "merged");
			info = (struct sync_file_info){ .num_fences = 2,
							.sync_fence_info = (uintptr_t)fences };
			igt_assert_eq(ioctl(sf, SYNC_IOC_FILE_INFO, &info), 0);
			igt_assert_eq_u32(info.num_fences, 1);
			igt_assert_eq(fences[0].status, 1);
			info.flags = 1;
			igt_assert_errno(ioctl(sf, SYNC_IOC_FILE_INFO, &info), EINVAL,
					 "sync_file: info flags must be 0");
			merge.flags = 1;
			igt_assert_errno(ioctl(sf, SYNC_IOC_MERGE, &merge), EINVAL,
					 "sync_file: merge flags must be 0");
			merge.flags = 0;
			merge.fd2 = fd;
			igt_assert_errno(ioctl(sf, SYNC_IOC_MERGE, &merge), ENOENT,
					 "sync_file: fd2 is not a sync_file");
			igt_assert_errno(ioctl(sf, _IO('>', 9), NULL), ENOTTY,
					 "sync_file: unknown request");
			close(merge.fence);
			close(sf);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}
	}

	igt_subtest_group {
		igt_fixture
			igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE));

		igt_describe("Timeline points: QUERY gives the last signalled point, an earlier "
			     "point is complete, a later one times out; TRANSFER copies a point.");
		igt_subtest("timeline") {
			uint64_t point = 5, got = 0;
			uint32_t s, bin;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			igt_assert_eq(drmSyncobjTimelineSignal(fd, &s, &point, 1), 0);
			igt_assert_eq(drmSyncobjQuery(fd, &s, &got, 1), 0);
			igt_assert_eq_u64(got, 5);
			point = 3;
			igt_assert_eq(drmSyncobjTimelineWait(fd, &s, &point, 1, 0, 0, NULL), 0);
			point = 7;
			igt_assert_errno(LIBDRM_ERR(drmSyncobjTimelineWait(
						 fd, &s, &point, 1, core_now_ns() + 1000000,
						 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL)),
					 ETIME, "drm_syncobj: point 7 never submitted");
			igt_assert_errno(LIBDRM_ERR(drmSyncobjTimelineWait(fd, &s, &point, 1, 0, 0,
									   NULL)),
					 EINVAL, "drm_syncobj: point 7 not submitted, no WAIT_FOR_SUBMIT");
			igt_assert_eq(drmSyncobjCreate(fd, 0, &bin), 0);
			igt_assert_eq(drmSyncobjTransfer(fd, bin, 0, s, 5, 0), 0);
			igt_assert_eq(drmSyncobjWait(fd, &bin, 1, 0, 0, NULL), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, bin), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("A timeline waiter for a future point wakes when it is signalled.");
		igt_subtest("timeline-wait-for-submit")
			wait_while_signalled(3, false);

		igt_describe("A timeline WAIT_FOR_SUBMIT waiter keeps the point's fence it got "
			     "while it slept: a reset right after the signal does not undo the wait.");
		igt_subtest("timeline-wait-for-submit-snapshot")
			wait_while_signalled(3, true);

		igt_describe("TRANSFER with WAIT_FOR_SUBMIT from a syncobj without a fence takes "
			     "the fence it got while the caller slept (drm_syncobj_find_fence), "
			     "though a reset follows at once.");
		igt_subtest("transfer-wait-for-submit-snapshot") {
			struct signaller sig;
			pthread_t t = start_signaller(&sig, 3, true);
			uint32_t dst;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &dst), 0);
			igt_assert_eq(drmSyncobjTransfer(fd, dst, 0, sig.handle, 3,
							 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT), 0);
			finish_signaller(&sig, t);
			/* dst holds the signalled fence the transfer took */
			igt_assert_eq(drmSyncobjWait(fd, &dst, 1, 0, 0, NULL), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, dst), 0);
		}

		igt_describe("TIMELINE_WAIT, QUERY and TIMELINE_SIGNAL with 2^30 handles: ENOMEM "
			     "from kmalloc_array at once; QUERY and TIMELINE_SIGNAL of no handles "
			     "are EINVAL, TIMELINE_WAIT of none succeeds from 6.8.");
		igt_subtest("timeline-huge-count-enomem") {
			uint32_t s;
			uint64_t point = 1;
			struct drm_syncobj_timeline_array arr = {
				.handles = (uintptr_t)&s, .points = (uintptr_t)&point,
				.count_handles = HUGE_COUNT };
			struct drm_syncobj_timeline_wait wait = {
				.handles = (uintptr_t)&s, .points = (uintptr_t)&point,
				.count_handles = HUGE_COUNT };
			const char *rule = "drm_syncobj_array_find: kmalloc_array fails";

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &wait, ENOMEM, rule);
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_QUERY, &arr, ENOMEM, rule);
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &arr, ENOMEM, rule);
			arr.count_handles = wait.count_handles = 0;
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_QUERY, &arr, EINVAL,
				     "drm_syncobj_query_ioctl: count_handles 0");
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &arr, EINVAL,
				     "drm_syncobj_timeline_signal_ioctl: count_handles 0");
			if (kernel_at_least(6, 8))
				do_ioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &wait);
			else
				do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &wait, EINVAL,
					     "drm_syncobj_timeline_wait_ioctl: count 0 before 6.8");
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("TIMELINE_SIGNAL flags and QUERY flags are checked (EINVAL).");
		igt_subtest("timeline-invalid") {
			struct drm_syncobj_timeline_array arr = { .count_handles = 1, .flags = 1 };
			uint64_t point = 1;
			uint32_t s;

			igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
			arr.handles = (uintptr_t)&s;
			arr.points = (uintptr_t)&point;
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &arr, EINVAL,
				     "drm_syncobj: TIMELINE_SIGNAL flags must be 0");
			arr.flags = 2;
			do_ioctl_err(fd, DRM_IOCTL_SYNCOBJ_QUERY, &arr, EINVAL,
				     "drm_syncobj: unknown QUERY flags");
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}
	}

	igt_describe("Without DRIVER_SYNCOBJ_TIMELINE the timeline ioctls are EOPNOTSUPP.");
	igt_subtest("no-timeline") {
		uint64_t point = 1;
		uint32_t s;

		igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ) &&
			    !core_has_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE));
		igt_assert_eq(drmSyncobjCreate(fd, 0, &s), 0);
		igt_assert_errno(LIBDRM_ERR(drmSyncobjTimelineSignal(fd, &s, &point, 1)),
				 EOPNOTSUPP, "drm_syncobj: no DRIVER_SYNCOBJ_TIMELINE");
		igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
	}

	igt_fixture
		close(fd);
}

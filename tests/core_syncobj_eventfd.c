// SPDX-License-Identifier: MIT
/*
 * core_syncobj_eventfd: DRM_IOCTL_SYNCOBJ_EVENTFD (6.6,
 * drm_syncobj_eventfd_ioctl) with host-side signals: its checks in the
 * kernel's order, binary and timeline points, WAIT_AVAILABLE, and what a
 * destroyed syncobj does to eventfds still waiting for their point.
 * Pending fences (sw_sync, the GPU) are in core_sw_sync.
 */
#include <fcntl.h>
#include <unistd.h>

#include "core_common.h"
#include "kernel_version.h"

IGT_TEST_DESCRIPTION("SYNCOBJ_EVENTFD: an eventfd signalled when a syncobj's point appears or "
		     "signals, on the first msm, nouveau or radeon device.");

static int fd = -1;

static int eventfd_err(uint32_t handle, uint64_t point, uint32_t flags, int efd, uint32_t pad)
{
	struct drm_syncobj_eventfd req = { .handle = handle, .point = point, .flags = flags,
					   .fd = efd, .pad = pad };

	return drmIoctl(fd, DRM_IOCTL_SYNCOBJ_EVENTFD, &req);
}

/* The eventfd's counter, read (and so reset): 0 when nothing was signalled. */
static uint64_t drain(int efd)
{
	uint64_t count = 0;

	if (read(efd, &count, sizeof(count)) != sizeof(count))
		return 0;
	return count;
}

static uint32_t syncobj_new(uint32_t flags)
{
	uint32_t s;

	igt_assert_eq(drmSyncobjCreate(fd, flags, &s), 0);
	return s;
}

igt_main
{
	igt_fixture {
		fd = core_open(DRMSUB_NODE_RENDER);
		igt_require_f(kernel_at_least(6, 6), "SYNCOBJ_EVENTFD came with 6.6\n");
	}

	igt_describe("Without DRIVER_SYNCOBJ_TIMELINE the ioctl is EOPNOTSUPP before any "
		     "argument is looked at.");
	igt_subtest("eventfd-no-timeline") {
		igt_require(!core_has_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE));
		igt_assert_errno(eventfd_err(0, 0, ~0u, -1, 1), EOPNOTSUPP,
				 "drm_syncobj_eventfd_ioctl: no DRIVER_SYNCOBJ_TIMELINE");
	}

	igt_subtest_group {
		igt_fixture
			igt_require(core_has_cap(fd, DRM_CAP_SYNCOBJ_TIMELINE));

		igt_describe("drm_syncobj_eventfd_ioctl checks flags, then pad (EINVAL), then "
			     "the handle (ENOENT), then the fd: not open EBADF, not an eventfd "
			     "EINVAL (eventfd_ctx_fdget).");
		igt_subtest("eventfd-invalid") {
			uint32_t s = syncobj_new(DRM_SYNCOBJ_CREATE_SIGNALED);
			int efd = eventfd(0, EFD_NONBLOCK), pipefd[2];

			igt_assert_eq(pipe(pipefd), 0);
			igt_assert_errno(eventfd_err(0x777, 0, 1u << 3, -1, 1), EINVAL,
					 "drm_syncobj_eventfd_ioctl: unknown flags, checked first");
			igt_assert_errno(eventfd_err(0x777, 0, 0, -1, 1), EINVAL,
					 "drm_syncobj_eventfd_ioctl: pad, before the handle");
			igt_assert_errno(eventfd_err(0x777, 0, 0, -1, 0), ENOENT,
					 "drm_syncobj_find: unknown handle, before the fd");
			igt_assert_errno(eventfd_err(s, 0, 0, -1, 0), EBADF,
					 "eventfd_ctx_fdget: no such fd");
			igt_assert_errno(eventfd_err(s, 0, 0, pipefd[0], 0), EINVAL,
					 "eventfd_ctx_fdget: a pipe is no eventfd");
			igt_assert_errno(eventfd_err(s, 0, 0, fd, 0), EINVAL,
					 "eventfd_ctx_fdget: a DRM fd is no eventfd");
			igt_assert_eq(drain(efd), 0);
			close(pipefd[0]);
			close(pipefd[1]);
			close(efd);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("A binary syncobj with no fence: neither the wait nor the "
			     "WAIT_AVAILABLE eventfd fires until SIGNAL, then both fire once "
			     "(the counter is 1); one registered on a signalled syncobj fires at "
			     "once.");
		igt_subtest("eventfd-binary") {
			uint32_t s = syncobj_new(0);
			int ev_wait = core_syncobj_eventfd(fd, s, 0, 0);
			int ev_avail = core_syncobj_eventfd(fd, s, 0,
							    DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE);
			int ev_late;

			igt_assert(!core_readable(ev_wait, 10) && !core_readable(ev_avail, 0));
			igt_assert_eq(drmSyncobjSignal(fd, &s, 1), 0);
			igt_assert_eq_u64(drain(ev_wait), 1);
			igt_assert_eq_u64(drain(ev_avail), 1);
			igt_assert_eq(drmSyncobjSignal(fd, &s, 1), 0);	/* entries are gone */
			igt_assert_eq_u64(drain(ev_wait), 0);
			ev_late = core_syncobj_eventfd(fd, s, 0, 0);
			igt_assert_eq_u64(drain(ev_late), 1);
			close(ev_late);
			close(ev_avail);
			close(ev_wait);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("A timeline point: an earlier point does not fire it, its own does; "
			     "a binary syncobj never has point 3 (dma_fence_chain_find_seqno).");
		igt_subtest("eventfd-timeline") {
			uint32_t s = syncobj_new(0), bin = syncobj_new(DRM_SYNCOBJ_CREATE_SIGNALED);
			uint64_t two = 2, three = 3;
			int ev = core_syncobj_eventfd(fd, s, 3, 0);
			int ev_bin = core_syncobj_eventfd(fd, bin, 3, 0);

			igt_assert_eq(drmSyncobjTimelineSignal(fd, &s, &two, 1), 0);
			igt_assert(!core_readable(ev, 10));
			igt_assert_eq(drmSyncobjTimelineSignal(fd, &s, &three, 1), 0);
			igt_assert_eq_u64(drain(ev), 1);
			igt_assert_eq_u64(drain(ev_bin), 0);
			close(ev_bin);
			close(ev);
			igt_assert_eq(drmSyncobjDestroy(fd, bin), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}

		igt_describe("drm_syncobj_free: destroying a syncobj drops the eventfds still "
			     "waiting for their point, unsignalled; the caller's eventfd stays "
			     "usable.");
		igt_subtest("eventfd-destroy-drops") {
			uint32_t s = syncobj_new(0);
			int ev = core_syncobj_eventfd(fd, s, 5, 0);
			uint64_t one = 1;

			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
			igt_assert(!core_readable(ev, 10));
			igt_assert_eq(write(ev, &one, sizeof(one)), sizeof(one));
			igt_assert_eq_u64(drain(ev), 1);
			close(ev);
		}

		igt_describe("The kernel holds its own reference to the eventfd: closing the "
			     "caller's fd does not stop the signal reaching a dup of it.");
		igt_subtest("eventfd-caller-closes") {
			uint32_t s = syncobj_new(0);
			int ev = core_syncobj_eventfd(fd, s, 0, 0), copy = dup(ev);

			close(ev);
			igt_assert_eq(drmSyncobjSignal(fd, &s, 1), 0);
			igt_assert_eq_u64(drain(copy), 1);
			close(copy);
			igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
		}
	}

	igt_fixture
		close(fd);
}

// SPDX-License-Identifier: MIT
/*
 * core_fds: DRM fd numbers closed by other means than close() — a raw
 * close syscall, close_range(2), closefrom(3) — are free for the next
 * file, which is then that file, whatever creates it; and closing a range
 * of fds leaves the objects behind the remaining DRM fds working (a
 * kernel keeps a BO's pages as an object, not as an fd of the process).
 */
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core_common.h"

IGT_TEST_DESCRIPTION("fd numbers of DRM files closed behind libc's back, by close_range or by "
		     "closefrom, reused by other files; objects survive a closed fd range.");

static int fd = -1;

/* qemu-user answers ioctls it cannot translate itself, with ENOSYS */
static void require_native_ioctls(void)
{
	igt_require_f(!getenv("DRMSUB_EMULATOR"), "ioctls on a plain file are answered by %s\n",
		      getenv("DRMSUB_EMULATOR"));
}

/* A new fd number that names the DRM file, then is closed by @how. */
static int closed_copy(const char *how)
{
	int copy = dup(fd);

	igt_assert_fd(copy);
	if (!strcmp(how, "syscall")) {
		igt_assert_eq(syscall(SYS_close, copy), 0);
	} else {
		int ret = close_range((unsigned int)copy, (unsigned int)copy, 0);

		igt_require_f(ret == 0 || errno != ENOSYS, "the kernel has no close_range\n");
		igt_assert_eq(ret, 0);
	}
	return copy;
}

/* In a child (it closes every fd above the DRM fd): does PRIME export still work? */
static void export_after_closing_above(bool use_closefrom)
{
	uint32_t handle = core_bo_new(fd, 4096, NULL);
	int status, dmabuf;
	pid_t pid = fork();

	igt_assert(pid >= 0);
	if (pid == 0) {
		if (use_closefrom)
			closefrom(fd + 1);
		else if (close_range((unsigned int)fd + 1, ~0u, 0))
			_exit(errno == ENOSYS ? 77 : 2);
		/* drm_gem_prime_handle_to_fd needs the object's pages, not an fd of ours */
		_exit(drmPrimeHandleToFD(fd, handle, DRM_CLOEXEC, &dmabuf) ? 1 : 0);
	}
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	igt_assert(WIFEXITED(status));
	igt_require_f(WEXITSTATUS(status) != 77, "the kernel has no close_range\n");
	igt_assert_eq(WEXITSTATUS(status), 0);
	core_bo_close(fd, handle);
}

igt_main
{
	igt_fixture
		fd = core_open(DRMSUB_NODE_RENDER);

	igt_describe("A DRM fd number closed by a raw syscall and reused by a pipe is that "
		     "pipe: FIONREAD counts its bytes (pipe_ioctl).");
	igt_subtest("reuse-by-pipe") {
		int copy = closed_copy("syscall"), p[2], n = -1;

		require_native_ioctls();
		igt_assert_eq(pipe(p), 0);
		igt_assert_eq(p[0], copy);
		igt_assert_eq(ioctl(p[0], FIONREAD, &n), 0);
		igt_assert_eq(n, 0);
		igt_assert_eq(write(p[1], "abc", 3), 3);
		igt_assert_eq(ioctl(p[0], FIONREAD, &n), 0);
		igt_assert_eq(n, 3);
		close(p[0]);
		close(p[1]);
	}

	igt_describe("A DRM fd number closed by close_range and reused by an eventfd is that "
		     "eventfd: a DRM ioctl on it is ENOTTY.");
	igt_subtest("close-range-reuse") {
		struct drm_get_cap cap = { .capability = DRM_CAP_PRIME };
		int copy, other;

		require_native_ioctls();
		copy = closed_copy("close_range");
		other = eventfd(0, EFD_CLOEXEC);
		igt_assert_eq(other, copy);
		igt_assert_errno(ioctl(other, DRM_IOCTL_GET_CAP, &cap), ENOTTY,
				 "vfs_ioctl: an eventfd has no unlocked_ioctl");
		close(other);
	}

	igt_describe("close_range over every fd above the DRM fd leaves its objects whole: "
		     "PRIME export of a BO still works.");
	igt_subtest("close-range-keeps-objects")
		export_after_closing_above(false);

	igt_describe("The same with closefrom.");
	igt_subtest("closefrom-keeps-objects")
		export_after_closing_above(true);

	igt_fixture
		close(fd);
}

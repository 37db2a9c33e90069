// SPDX-License-Identifier: MIT
/*
 * core_drm: the DRM core's ioctl layer as every driver shows it: VERSION,
 * GET_UNIQUE, GET_CAP, SET_CLIENT_CAP, drm_ioctl's size tolerance, type
 * check and errno rules, the requests the VFS answers for any file, and
 * concurrent use from several threads. Masters and authentication:
 * core_master.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

#include "core_common.h"
#include "kernel_version.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("DRM core ioctl layer (VERSION, caps, permissions, size tolerance, "
		     "errno) on the first msm, nouveau or radeon device.");

static int fd = -1;
static bool has_syncobj;

static void *hammer(void *arg)
{
	for (int i = 0; i < 200; i++) {
		uint32_t h = core_bo_new(fd, 4096, NULL), sync;
		int dmabuf;

		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &dmabuf), 0);
		if (has_syncobj) {
			igt_assert_eq(drmSyncobjCreate(fd, DRM_SYNCOBJ_CREATE_SIGNALED, &sync), 0);
			igt_assert_eq(drmSyncobjWait(fd, &sync, 1, 0, 0, NULL), 0);
			igt_assert_eq(drmSyncobjDestroy(fd, sync), 0);
		}
		close(dmabuf);
		core_bo_close(fd, h);
	}
	return NULL;
}

igt_main
{
	igt_fixture {
		fd = core_open(DRMSUB_NODE_RENDER);
		has_syncobj = core_has_cap(fd, DRM_CAP_SYNCOBJ);
	}

	igt_describe("drmGetVersion's two VERSION calls return the driver's name and description.");
	igt_subtest("version") {
		drmVersionPtr v = drmGetVersion(fd);

		igt_assert(v);
		igt_assert_eq_str(v->name, core_driver);
		igt_assert(v->desc_len > 0 && v->version_major >= 1);
		drmFreeVersion(v);
	}

	igt_describe("VERSION copies what fits and reports the full string lengths.");
	igt_subtest("version-short-buffer") {
		char name[2] = { 'x', 'x' };
		struct drm_version v = { .name = name, .name_len = 2 };

		do_ioctl(fd, DRM_IOCTL_VERSION, &v);
		igt_assert_eq((int)v.name_len, (int)strlen(core_driver));
		igt_assert(!memcmp(name, core_driver, 2));
	}

	igt_describe("The fd is a render node of the DRM major, as libdrm reads it.");
	igt_subtest("node-type") {
		char *name = drmGetRenderDeviceNameFromFd(fd);

		igt_assert_eq(drmGetNodeTypeFromFd(fd), DRM_NODE_RENDER);
		igt_assert(name && !strncmp(name, "/dev/dri/renderD", 16));
		free(name);
	}

	igt_describe("/proc/self/fd/<fd> of the DRM fd names its render node.");
	igt_subtest("proc-fd-link") {
		char *name = drmGetRenderDeviceNameFromFd(fd), path[64], link[64] = "";

		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		igt_assert(readlink(path, link, sizeof(link) - 1) > 0);
		igt_assert_eq_str(link, name);
		free(name);
	}

	igt_describe("An fd number closed behind libc's back and reused for a plain file "
		     "is that file: DRM ioctls on it are ENOTTY.");
	igt_subtest("fd-reuse") {
		int copy, other;
		struct drm_get_cap cap = { .capability = DRM_CAP_PRIME };

		/* qemu-user answers ioctls it cannot translate itself, with ENOSYS */
		igt_require_f(!getenv("DRMSUB_EMULATOR"),
			      "ioctls on a plain file are answered by %s\n", getenv("DRMSUB_EMULATOR"));
		copy = dup(fd);
		igt_assert_eq(syscall(SYS_close, copy), 0);
		other = open("/dev/null", O_RDONLY);
		igt_assert_eq(other, copy);
		igt_assert_errno(ioctl(other, DRM_IOCTL_GET_CAP, &cap), ENOTTY,
				 "a character device without ioctls");
		close(other);
	}

	igt_describe("drm_ioctl: an ioctl number without a handler is EINVAL.");
	igt_subtest("unknown-ioctl") {
		do_ioctl_err(fd, DRM_IO(DRM_COMMAND_END - 1), NULL, EINVAL,
			     "drm_ioctl: nr beyond the driver table");
		do_ioctl_err(fd, DRM_IO(0x3f), NULL, EINVAL, "drm_ioctl: no core handler");
	}

	igt_describe("drm_ioctl (5.14, \"Return -ENOTTY for non-drm ioctls\"): a request "
		     "whose type is not 'd' is ENOTTY even where its number and size are "
		     "VERSION's, so isatty() is false; before 5.14 it ran as VERSION.");
	igt_subtest("ioctl-wrong-type-enotty") {
		char name[16] = "";
		struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };
		unsigned long cmd = _IOWR('T', _IOC_NR(DRM_IOCTL_VERSION), struct drm_version);

		if (!kernel_at_least(5, 14)) {
			igt_assert_eq(ioctl(fd, cmd, &v), 0);
			igt_assert_eq_str(name, core_driver);
			return;
		}
		igt_assert_errno(ioctl(fd, cmd, &v), ENOTTY,
				 "drm_ioctl: DRM_IOCTL_TYPE(cmd) != DRM_IOCTL_BASE");
		igt_assert_eq(name[0], '\0');
		igt_assert(!isatty(fd));
		igt_assert_eq(errno, ENOTTY);
	}

	igt_describe("The VFS answers FIOCLEX, FIONCLEX and FIONBIO for the DRM fd and for "
		     "a dma-buf before their drivers see them (do_vfs_ioctl).");
	igt_subtest("vfs-ioctls") {
		uint32_t h = core_bo_new(fd, 4096, NULL);
		int fds[2] = { fd, -1 };

		igt_assert_eq(drmPrimeHandleToFD(fd, h, 0, &fds[1]), 0);
		for (int i = 0; i < 2; i++) {
			int flags = fcntl(fds[i], F_GETFL), on = 1, off = 0;

			igt_assert_eq(ioctl(fds[i], FIOCLEX), 0);
			igt_assert(fcntl(fds[i], F_GETFD) & FD_CLOEXEC);
			igt_assert_eq(ioctl(fds[i], FIONCLEX), 0);
			igt_assert(!(fcntl(fds[i], F_GETFD) & FD_CLOEXEC));
			igt_assert_eq(ioctl(fds[i], FIONBIO, &on), 0);
			igt_assert(fcntl(fds[i], F_GETFL) & O_NONBLOCK);
			igt_assert_eq(ioctl(fds[i], FIONBIO, &off), 0);
			igt_assert_eq(fcntl(fds[i], F_GETFL), flags);
		}
		igt_assert_eq(ioctl(fd, FIOCLEX), 0);	/* the fixture's fd is O_CLOEXEC */
		close(fds[1]);
		core_bo_close(fd, h);
	}

	igt_describe("A dma-buf, a syncobj fd and a sync_file answer a request that is not "
		     "theirs with ENOTTY (dma_buf_ioctl, the syncobj file's missing ioctl, "
		     "sync_file_ioctl).");
	igt_subtest("other-fds-enotty") {
		uint32_t h = core_bo_new(fd, 4096, NULL), s;
		struct termios t;
		int dmabuf, sobj, sf;

		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &dmabuf), 0);
		igt_assert_errno(ioctl(dmabuf, TCGETS, &t), ENOTTY, "dma_buf_ioctl: unknown request");
		close(dmabuf);
		core_bo_close(fd, h);
		igt_require(has_syncobj);
		igt_assert_eq(drmSyncobjCreate(fd, DRM_SYNCOBJ_CREATE_SIGNALED, &s), 0);
		igt_assert_eq(drmSyncobjHandleToFD(fd, s, &sobj), 0);
		igt_assert_eq(drmSyncobjExportSyncFile(fd, s, &sf), 0);
		igt_assert_errno(ioctl(sobj, TCGETS, &t), ENOTTY,
				 "vfs_ioctl: drm_syncobj_file_fops has no ioctl");
		igt_assert_errno(ioctl(sf, TCGETS, &t), ENOTTY, "sync_file_ioctl: unknown request");
		close(sf);
		close(sobj);
		igt_assert_eq(drmSyncobjDestroy(fd, s), 0);
	}

	igt_describe("drm_ioctl zero-extends a short struct and accepts a longer one, "
		     "copying back only the caller's size.");
	igt_subtest("size-tolerance") {
		struct { uint32_t handle; } short_close = { core_bo_new(fd, 4096, NULL) };
		struct { struct drm_get_cap cap; uint64_t extra; } long_cap = {
			{ .capability = DRM_CAP_PRIME }, 0x1234 };

		do_ioctl(fd, DRM_IOW(0x09, short_close), &short_close);
		do_ioctl(fd, DRM_IOWR(0x0c, long_cap), &long_cap);
		igt_assert_eq_u64(long_cap.cap.value, DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
		igt_assert_eq_u64(long_cap.extra, 0x1234);
	}

	igt_describe("A bad user pointer gives EFAULT, not a crash.");
	igt_subtest("efault") {
		do_ioctl_err(fd, DRM_IOCTL_GEM_CLOSE, (void *)8, EFAULT,
			     "drm_ioctl: copy_from_user fault");
	}

	igt_describe("Render nodes refuse ioctls without DRM_RENDER_ALLOW with EACCES.");
	igt_subtest("render-eacces") {
		struct drm_gem_flink flink = { .handle = 1 };
		struct drm_set_client_cap cap = { DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1 };
		struct drm_unique unique = { 0 };
		const struct {
			unsigned long request;
			void *arg;
			const char *rule;
		} refused[] = {
			{ DRM_IOCTL_GEM_FLINK, &flink, "drm_ioctl_permit: FLINK lacks DRM_RENDER_ALLOW" },
			{ DRM_IOCTL_SET_CLIENT_CAP, &cap,
			  "drm_ioctl_permit: SET_CLIENT_CAP lacks DRM_RENDER_ALLOW" },
			{ DRM_IOCTL_GET_UNIQUE, &unique,
			  "drm_ioctl_permit: GET_UNIQUE lacks DRM_RENDER_ALLOW" },
		};

		for (unsigned int i = 0; i < ARRAY_SIZE(refused); i++)
			do_ioctl_err(fd, refused[i].request, refused[i].arg, EACCES, refused[i].rule);
	}

	igt_describe("GET_UNIQUE on a primary node of a modern driver is empty.");
	igt_subtest("get-unique") {
		int card = core_open(DRMSUB_NODE_PRIMARY);
		struct drm_unique unique = { .unique_len = 7 };

		do_ioctl(card, DRM_IOCTL_GET_UNIQUE, &unique);
		igt_assert_eq((int)unique.unique_len, 0);
		close(card);
	}

	igt_describe("GET_CAP answers PRIME and SYNCOBJ everywhere (SYNCOBJ is 1 where the "
		     "driver has it: msm, nouveau from 6.6); an unknown cap is EINVAL on KMS "
		     "drivers and EOPNOTSUPP on render-only ones.");
	igt_subtest("get-cap") {
		struct drm_get_cap cap = { .capability = 0xdead };
		bool kms = !core_is("msm");

		igt_assert(core_has_cap(fd, DRM_CAP_PRIME));
		/* nouveau_drm.c sets DRIVER_SYNCOBJ with VM_BIND/EXEC (6.6); radeon never */
		igt_assert_eq(has_syncobj, core_is("msm") || (core_is("nouveau") &&
							       kernel_at_least(6, 6)));
		do_ioctl_err(fd, DRM_IOCTL_GET_CAP, &cap, kms ? EINVAL : EOPNOTSUPP,
			     kms ? "drm_getcap: unknown cap" : "drm_getcap: not a KMS driver");
	}

	igt_describe("SET_CLIENT_CAP validates values on KMS drivers; non-atomic radeon "
		     "refuses ATOMIC with EOPNOTSUPP.");
	igt_subtest("set-client-cap") {
		int card = core_open(DRMSUB_NODE_PRIMARY);
		struct drm_set_client_cap cap = { DRM_CLIENT_CAP_UNIVERSAL_PLANES, 2 };

		if (core_is("msm")) {
			do_ioctl_err(card, DRM_IOCTL_SET_CLIENT_CAP, &cap, EOPNOTSUPP,
				     "drm_setclientcap: not a KMS driver");
		} else {
			do_ioctl_err(card, DRM_IOCTL_SET_CLIENT_CAP, &cap, EINVAL,
				     "drm_setclientcap: value above 1");
			cap.value = 1;
			do_ioctl(card, DRM_IOCTL_SET_CLIENT_CAP, &cap);
		}
		cap = (struct drm_set_client_cap){ DRM_CLIENT_CAP_ATOMIC, 1 };
		if (core_is("radeon"))
			do_ioctl_err(card, DRM_IOCTL_SET_CLIENT_CAP, &cap, EOPNOTSUPP,
				     "drm_setclientcap: radeon is not atomic");
		close(card);
	}

	igt_describe("dup'd DRM fds share one file: a handle made through one is closable "
		     "through the other after the first is closed.");
	igt_subtest("dup-close") {
		int copy = dup(fd);
		uint32_t h = core_bo_new(copy, 4096, NULL);

		close(copy);
		core_bo_close(fd, h);
	}

	igt_describe("Four threads creating, exporting and closing objects concurrently.");
	igt_subtest("threads") {
		pthread_t t[4];

		for (int i = 0; i < 4; i++)
			pthread_create(&t[i], NULL, hammer, NULL);
		for (int i = 0; i < 4; i++)
			pthread_join(t[i], NULL);
	}

	igt_fixture
		close(fd);
}

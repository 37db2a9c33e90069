/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the core_* binaries: open the first msm, nouveau or radeon
 * device, and create a GEM object with that driver's own ioctl (render
 * nodes have no generic create).
 */
#ifndef DRMSUB_TESTS_CORE_COMMON_H
#define DRMSUB_TESTS_CORE_COMMON_H

#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <sys/eventfd.h>
#include <xf86drm.h>
#include <msm_drm.h>
#include <nouveau_drm.h>
#include <radeon_drm.h>

#include "core/test.h"
#include "device/device.h"
#include "drm-uapi/drm_syncobj_eventfd.h"

#define DRM_IOCTL_NOUVEAU_GEM_NEW_ \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_NEW, struct drm_nouveau_gem_new)

/* libdrm's drmSyncobj* return -errno (errno is set too): -1 for igt_assert_errno. */
#define LIBDRM_ERR(call) ((call) ? -1 : 0)

static const char *core_driver;

static inline int core_open(enum drmsub_node_pref pref)
{
	static const char *const drivers[] = { "msm", "nouveau", "radeon" };
	char why[512];

	for (unsigned int i = 0; i < 3; i++) {
		int f = drmsub_try_open_driver(drivers[i], pref, NULL, why, sizeof(why));

		if (f >= 0) {
			core_driver = drivers[i];
			return f;
		}
	}
	igt_skip("no msm, nouveau or radeon device; no GPU? run on the device model: "
		 "scripts/with-model msm build/tests/%s (see --help)\n", drmsub_test_name());
}

static inline bool core_is(const char *driver)
{
	return core_driver && !strcmp(core_driver, driver);
}

/* A new object of @size bytes; its mmap offset in @offset when the UAPI gives one. */
static inline uint32_t core_bo_new(int f, uint64_t size, uint64_t *offset)
{
	if (offset)
		*offset = 0;
	if (core_is("msm")) {
		struct drm_msm_gem_new req = { .size = size, .flags = MSM_BO_WC };

		do_ioctl(f, DRM_IOCTL_MSM_GEM_NEW, &req);
		return req.handle;
	}
	if (core_is("nouveau")) {
		struct drm_nouveau_gem_new req = { .info.size = size,
						   .info.domain = NOUVEAU_GEM_DOMAIN_GART };

		do_ioctl(f, DRM_IOCTL_NOUVEAU_GEM_NEW_, &req);
		if (offset)
			*offset = req.info.map_handle;
		return req.info.handle;
	}
	struct drm_radeon_gem_create req = { .size = size, .initial_domain = RADEON_GEM_DOMAIN_GTT };

	do_ioctl(f, DRM_IOCTL_RADEON_GEM_CREATE, &req);
	return req.handle;
}

static inline void core_bo_close(int f, uint32_t handle)
{
	struct drm_gem_close req = { .handle = handle };

	do_ioctl(f, DRM_IOCTL_GEM_CLOSE, &req);
}

static inline bool core_has_cap(int f, uint64_t cap)
{
	uint64_t value = 0;

	return drmGetCap(f, cap, &value) == 0 && value;
}

/* poll() of a sync_file or eventfd: readable within @ms. */
static inline bool core_readable(int f, int ms)
{
	struct pollfd pfd = { .fd = f, .events = POLLIN };

	return poll(&pfd, 1, ms) == 1 && (pfd.revents & POLLIN);
}

/* A new non-blocking eventfd that SYNCOBJ_EVENTFD signals for @point of @syncobj of @f. */
static inline int core_syncobj_eventfd(int f, uint32_t syncobj, uint64_t point, uint32_t flags)
{
	struct drm_syncobj_eventfd req = { .handle = syncobj, .point = point, .flags = flags,
					   .fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC) };

	igt_assert_fd(req.fd);
	do_ioctl(f, DRM_IOCTL_SYNCOBJ_EVENTFD, &req);
	return req.fd;
}

static inline int64_t core_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

#endif

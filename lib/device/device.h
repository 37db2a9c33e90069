/* SPDX-License-Identifier: MIT */
/*
 * Finding and opening the DRM device of one kernel driver (msm, nouveau,
 * radeon) through libdrm, as IGT's drm_open_driver does: IGT_DEVICE
 * filters, IGT_FORCE_DRIVER, and loading the driver's module with libkmod
 * when no device is there yet.
 */
#ifndef DRMSUB_DEVICE_H
#define DRMSUB_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <xf86drm.h>

#include "core/test.h"

struct drmsub_device_info {
	char node[64];		/* the node opened, e.g. /dev/dri/renderD128 */
	char driver[32];	/* DRM_IOCTL_VERSION name */
	char desc[128];		/* DRM_IOCTL_VERSION description */
	int version_major, version_minor, version_patch;
	int bustype;		/* DRM_BUS_* */
	char identity[256];	/* "pci 1002:5460 at 0000:01:00.0", "platform qcom,adreno ..." */
};

enum drmsub_node_pref {
	DRMSUB_NODE_RENDER,	/* render node, else the primary node */
	DRMSUB_NODE_PRIMARY,	/* the primary (card) node only */
};

/*
 * Open the device driven by @driver or skip the current subtest (or, in a
 * fixture, the following subtests) with a reason naming what was looked at.
 * Logs "Opened device: <node>".
 */
int drmsub_open_driver(const char *driver);
int drmsub_open_driver_primary(const char *driver);

/*
 * The same without skipping: returns an fd; -1 when there is no such device
 * (@why says what was looked at) or -2 when IGT_DEVICE is malformed (@why
 * says how). @info may be NULL. A malformed IGT_DEVICE fails rather than
 * skips in drmsub_open_driver, so a misconfigured CI run cannot pass.
 */
int drmsub_try_open_driver(const char *driver, enum drmsub_node_pref pref,
			   struct drmsub_device_info *info, char *why, size_t whylen);

/* Fill @info for an open DRM fd; returns 0 or -errno. */
int drmsub_device_describe(int fd, struct drmsub_device_info *info);

/* ---- the device's DRM debugfs directory (debugfs.c) ------------------ */

/*
 * "/sys/kernel/debug/dri/<minor>" of the device behind @drm_fd into @path
 * (the primary minor's for a render node), as IGT's igt_debugfs_path finds
 * it; 0, or -errno when debugfs is not there or not readable (not root).
 */
int drmsub_debugfs_dir(int drm_fd, char *path, size_t len);
/* Open @file of that directory with @flags (and O_CLOEXEC): an fd, or -errno. */
int drmsub_debugfs_open(int drm_fd, const char *file, int flags);

/* ioctl helpers: drmIoctl retries EINTR/EAGAIN like libdrm users do. */
#define do_ioctl(fd, req, arg) igt_assert_eq(drmIoctl((fd), (req), (arg)), 0)
#define do_ioctl_err(fd, req, arg, err, rule)                                   \
	igt_assert_errno(drmIoctl((fd), (req), (arg)), err, rule)

/* ---- IGT_DEVICE filters (filter.c) ------------------------------------ */

enum drmsub_filter_kind {
	FILTER_DRM,	/* drm:/dev/dri/<node> */
	FILTER_SYS,	/* sys:/sys/<path of the device or a parent> */
	FILTER_PCI,	/* pci:vendor=..,device=..,card=N | pci:slot=D:B:D.F */
};

struct drmsub_filter {
	enum drmsub_filter_kind kind;
	char path[256];		/* drm, sys */
	int vendor, device;	/* pci; -1 = any */
	int card;		/* pci: n-th match, 0-based */
	bool has_slot;
	unsigned int domain, bus, dev, func;
};

/* Parse one filter; returns 0, or -1 with a message in @err. */
int drmsub_filter_parse(const char *text, struct drmsub_filter *filter,
			char *err, size_t errlen);

/*
 * Does @dev match @filter? For pci filters with a card index, @nth_match
 * counts earlier matches of vendor/device and is advanced on a match.
 */
bool drmsub_filter_matches(const struct drmsub_filter *filter, drmDevicePtr dev,
			   int *nth_match);

/* ---- kernel modules (kmod.c) ------------------------------------------ */

/*
 * Load kernel module @name if it is not loaded. Returns 1 when the module
 * was loaded now, 0 when it was already there (or built in), -1 when it is
 * not available or cannot be loaded; @why then says which.
 */
int drmsub_kmod_load(const char *name, char *why, size_t whylen);

#endif

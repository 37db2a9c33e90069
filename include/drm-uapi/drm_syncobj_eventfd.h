/* SPDX-License-Identifier: MIT */
/*
 * DRM_IOCTL_SYNCOBJ_EVENTFD (Linux 6.6, include/uapi/drm/drm.h), written
 * from the kernel's facts for drmsub: Debian's libdrm 2.4.114 predates it.
 * The ioctl makes an eventfd readable once a syncobj's point has a fence
 * (flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE) or once that fence has
 * signalled (flags = 0).
 */
#ifndef DRMSUB_DRM_UAPI_DRM_SYNCOBJ_EVENTFD_H
#define DRMSUB_DRM_UAPI_DRM_SYNCOBJ_EVENTFD_H

#include <drm.h>

#ifndef DRM_IOCTL_SYNCOBJ_EVENTFD
struct drm_syncobj_eventfd {
	__u32 handle;		/* the syncobj */
	__u32 flags;		/* 0 or DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE */
	__u64 point;		/* timeline point; 0 for a binary syncobj */
	__s32 fd;		/* an eventfd of the caller */
	__u32 pad;		/* must be 0 */
};

#define DRM_IOCTL_SYNCOBJ_EVENTFD DRM_IOWR(0xCF, struct drm_syncobj_eventfd)
#endif

#endif

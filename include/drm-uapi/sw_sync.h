/* SPDX-License-Identifier: MIT */
/*
 * The sw_sync debugfs file's ioctls (drivers/dma-buf/sw_sync.c, which has
 * no UAPI header of its own), written from the kernel's facts for drmsub.
 * Opening <debugfs>/sync/sw_sync makes a software timeline whose counter
 * starts at 0; fences on it are sync_file fds that signal once the counter
 * reaches their value.
 */
#ifndef DRMSUB_DRM_UAPI_SW_SYNC_H
#define DRMSUB_DRM_UAPI_SW_SYNC_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* Where debugfs has it; the kernel makes no other node since sw_sync left staging (4.9). */
#define SW_SYNC_DEBUGFS_PATH "/sys/kernel/debug/sync/sw_sync"

struct sw_sync_create_fence_data {
	__u32 value;		/* the counter value the fence waits for */
	char name[32];		/* not used by the kernel */
	__s32 fence;		/* out: the sync_file fd, O_CLOEXEC */
};

/* 6.8: the earliest deadline a waiter set on a sw_sync fence. */
struct sw_sync_get_deadline {
	__u64 deadline_ns;	/* out; must be 0 in */
	__u32 pad;		/* must be 0 */
	__s32 fence_fd;		/* a sync_file of a sw_sync fence */
};

/*
 * SYNC_IOC_SET_DEADLINE (6.8, include/uapi/linux/sync_file.h; newer than
 * the distribution's headers): a waiter's deadline hint for a sync_file.
 */
struct sync_set_deadline {
	__u64 deadline_ns;	/* absolute CLOCK_MONOTONIC */
	__u64 pad;		/* must be 0 */
};
#ifndef SYNC_IOC_SET_DEADLINE
#define SYNC_IOC_SET_DEADLINE _IOW('>', 5, struct sync_set_deadline)
#endif

#define SW_SYNC_IOC_MAGIC 'W'
#define SW_SYNC_IOC_CREATE_FENCE _IOWR(SW_SYNC_IOC_MAGIC, 0, struct sw_sync_create_fence_data)
#define SW_SYNC_IOC_INC _IOW(SW_SYNC_IOC_MAGIC, 1, __u32)
#define SW_SYNC_GET_DEADLINE _IOWR(SW_SYNC_IOC_MAGIC, 2, struct sw_sync_get_deadline)

#endif

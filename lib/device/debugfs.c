// SPDX-License-Identifier: MIT
/*
 * The DRM debugfs directory of an open device, found the way IGT's
 * igt_debugfs_path (lib/igt_debugfs.c) finds it: <debugfs>/dri/<minor of
 * the fd>. Since 6.7 every minor there is a link to the device's own
 * directory (drm_debugfs.c drm_debugfs_register); before it a render
 * minor had a directory of the core's files only, so for a render node
 * the primary minor whose "name" reads the same is taken, as IGT does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "device/device.h"

#define DEBUGFS_DRI "/sys/kernel/debug/dri"
/* drm_minor_alloc: primary minors 0-63, render 128-191 */
#define RENDER_MINOR_BASE 128
#define PRIMARY_MINORS 64

/* The "name" file of dri/<minor> into @buf; its length, or -errno. */
static ssize_t read_name(unsigned int minor, char *buf, size_t len)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), DEBUGFS_DRI "/%u/name", minor);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len);
	if (n < 0)
		n = -errno;
	close(fd);
	return n;
}

int drmsub_debugfs_dir(int drm_fd, char *path, size_t len)
{
	char name[256], other[256];
	struct stat st;
	unsigned int minor;
	ssize_t n;

	if (fstat(drm_fd, &st))
		return -errno;
	if (!S_ISCHR(st.st_mode))
		return -ENOTTY;
	minor = minor(st.st_rdev);
	n = read_name(minor, name, sizeof(name));
	if (n < 0)
		return (int)n;
	for (unsigned int m = 0; minor >= RENDER_MINOR_BASE && m < PRIMARY_MINORS; m++) {
		if (read_name(m, other, sizeof(other)) == n && !memcmp(name, other, (size_t)n)) {
			minor = m;
			break;
		}
	}
	snprintf(path, len, DEBUGFS_DRI "/%u", minor);
	return 0;
}

int drmsub_debugfs_open(int drm_fd, const char *file, int flags)
{
	char dir[64];
	int ret = drmsub_debugfs_dir(drm_fd, dir, sizeof(dir)), dirfd, fd;

	if (ret)
		return ret;
	/* relative to the directory, as igt_debugfs_open does */
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		return -errno;
	fd = openat(dirfd, file, flags | O_CLOEXEC, 0);
	ret = fd < 0 ? -errno : fd;
	close(dirfd);
	return ret;
}

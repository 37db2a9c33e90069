// SPDX-License-Identifier: MIT
/*
 * Filesystem types of the fake tree: its /sys is sysfs, its
 * /sys/kernel/debug debugfs, its /dev and /run are tmpfs (devtmpfs reports
 * tmpfs's magic), whatever $TMPDIR's filesystem is. sd-device refuses a
 * syspath whose fd is not on sysfs (device_set_syspath:
 * fd_is_fs_type(fd, SYSFS_MAGIC)). Only f_type changes; sizes and counts
 * are those of the backing filesystem.
 */
#include <stdio.h>
#include <string.h>
#include <sys/statfs.h>
#include <unistd.h>
#include <linux/limits.h>
#include <linux/magic.h>

#include "model/debugfs.h"
#include "model/model.h"
#include "model/shim_real.h"

int statfs64(const char *path, struct statfs64 *buf);
int fstatfs64(int fd, struct statfs64 *buf);

/*
 * The magic of the filesystem a path the program sees lies on, in the tree:
 * below /sys/kernel/debug debugfs (fs/debugfs/inode.c debug_fill_super
 * fills its superblock with DEBUGFS_MAGIC), elsewhere below /sys sysfs.
 */
static long tree_fs_type(const char *vpath)
{
	if (model_path_under(vpath, MODEL_DEBUGFS))
		return DEBUGFS_MAGIC;
	return model_path_under(vpath, "/sys") ? SYSFS_MAGIC : TMPFS_MAGIC;
}

/* The program's path of @fd when it lies in the fake tree, into @vpath. */
static bool fd_in_tree(int fd, char *vpath, size_t len)
{
	char link[32], path[PATH_MAX];
	const char *in_tree;
	ssize_t got;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	got = REAL(readlink)(link, path, sizeof(path) - 1);
	if (got < 0)
		return false;
	path[got] = '\0';
	in_tree = model_path_in_tree(path);
	if (in_tree)
		snprintf(vpath, len, "%s", in_tree);
	return in_tree != NULL;
}

#define STATFS_PATH(real, path, buf)                                            \
	do {                                                                    \
		char mapped_[PATH_MAX];                                         \
		const char *in_tree_;                                           \
		int ret_;                                                       \
		if (!model_path_map((path), mapped_, sizeof(mapped_)))          \
			return real((path), (buf));                             \
		ret_ = real(mapped_, (buf));                                    \
		in_tree_ = model_path_in_tree(mapped_);                         \
		if (!ret_ && in_tree_)                                          \
			(buf)->f_type = tree_fs_type(in_tree_);                 \
		return ret_;                                                    \
	} while (0)

#define STATFS_FD(real, fd, buf)                                                \
	do {                                                                    \
		char vpath_[PATH_MAX];                                          \
		int ret_ = real((fd), (buf));                                   \
		if (!ret_ && fd_in_tree((fd), vpath_, sizeof(vpath_)))          \
			(buf)->f_type = tree_fs_type(vpath_);                   \
		return ret_;                                                    \
	} while (0)

int statfs(const char *path, struct statfs *buf)
{
	STATFS_PATH(REAL(statfs), path, buf);
}

int statfs64(const char *path, struct statfs64 *buf)
{
	STATFS_PATH(REAL(statfs64), path, buf);
}

int fstatfs(int fd, struct statfs *buf)
{
	STATFS_FD(REAL(fstatfs), fd, buf);
}

int fstatfs64(int fd, struct statfs64 *buf)
{
	STATFS_FD(REAL(fstatfs64), fd, buf);
}

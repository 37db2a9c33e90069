// SPDX-License-Identifier: MIT
/*
 * Path lookups: stat, access, readlink, realpath, opendir and fopen of
 * owned paths go to the fake tree; stat answers for the fake nodes (by
 * path or by fd) say "character device 226:<minor>", as libdrm requires.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/limits.h>

#include "model/kmsg.h"
#include "model/model.h"
#include "model/shim_real.h"

int stat64(const char *path, struct stat64 *st);
int lstat64(const char *path, struct stat64 *st);
int fstat64(int fd, struct stat64 *st);
int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags);
ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen);
ssize_t __readlinkat_chk(int dirfd, const char *path, char *buf, size_t len, size_t buflen);
char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen);
FILE *fopen64(const char *path, const char *mode);

/* The device and node type behind a model DRM fd, or NULL. */
static struct model_device *node_of_fd(int fd, int *type)
{
	struct model_fd_info info;

	if (model_fd_describe(fd, &info) != MODEL_FD_DRM)
		return NULL;
	*type = info.node_type;
	return info.dev;
}

/*
 * The node @path names: a /dev/dri path of the model, or, when the call
 * follows links, /proc/self/fd/<n> of a model DRM fd (proc_fd.c).
 */
static struct model_device *node_of_path(const char *path, bool follow, int *type)
{
	struct model_device *dev = model_node_of_path(path, type);

	if (dev || !follow)
		return dev;
	return node_of_fd(model_proc_fd(path), type);
}

/* lstat of /proc/self/fd/<n> of a model fd: the mode of the kernel's link. */
static void link_mode(const char *path, mode_t *mode)
{
	struct model_fd_info info;

	if (model_fd_describe(model_proc_fd(path), &info) != MODEL_FD_NONE)
		*mode = model_fd_link_mode(&info);
}

/* The tree's file of a node: its inode, owner and times are the node's. */
static const struct stat *node_stat_of(const struct model_device *dev, int type)
{
	model_tree_root();
	return &dev->node_stat[type ? 1 : 0];
}

static unsigned int node_minor(const struct model_device *dev, int type)
{
	return type ? dev->render_minor : dev->card_minor;
}

/* Fill a stat-like struct for a node; works for struct stat and stat64. */
#define NODE_STAT(st, dev, type)                                                \
	do {                                                                    \
		const struct stat *src_ = node_stat_of((dev), (type));          \
		memset((st), 0, sizeof(*(st)));                                 \
		(st)->st_dev = src_->st_dev;                                    \
		(st)->st_ino = src_->st_ino;                                    \
		(st)->st_nlink = 1;                                             \
		(st)->st_uid = src_->st_uid;                                    \
		(st)->st_gid = src_->st_gid;                                    \
		(st)->st_mode = S_IFCHR | 0666;                                 \
		(st)->st_rdev = makedev(DRM_MAJOR_NR, node_minor((dev), (type))); \
		(st)->st_blksize = 4096;                                        \
		(st)->st_atim = src_->st_atim;                                  \
		(st)->st_mtim = src_->st_mtim;                                  \
		(st)->st_ctim = src_->st_ctim;                                  \
	} while (0)

/*
 * stat-family wrapper body: fake nodes by path, then redirection of owned
 * paths (absolute, or below a recorded directory fd: paths.c). @follow is
 * false for lstat and AT_SYMLINK_NOFOLLOW, which see a /proc fd link.
 */
#define STAT_AT(real_call, dirfd, path, st, follow)                             \
	do {                                                                    \
		char at_[PATH_MAX], mapped_[PATH_MAX];                          \
		const char *vpath_ = model_at_path((dirfd), (path), at_, sizeof(at_)); \
		struct model_device *dev_;                                      \
		int type_, ret_;                                                \
		if (vpath_ && (dev_ = node_of_path(vpath_, (follow), &type_))) { \
			NODE_STAT((st), dev_, type_);                           \
			return 0;                                               \
		}                                                               \
		if (vpath_ && model_path_map(vpath_, mapped_, sizeof(mapped_))) { \
			(path) = mapped_;                                       \
			(dirfd) = AT_FDCWD;                                     \
		}                                                               \
		ret_ = real_call;                                               \
		if (!ret_ && !(follow) && vpath_)                               \
			link_mode(vpath_, &(st)->st_mode);                      \
		return ret_;                                                    \
	} while (0)

/* The same for calls without a directory fd. */
#define STAT_PATH(real_call, path, st, follow)                                  \
	do {                                                                    \
		int cwd_ = AT_FDCWD;                                            \
		STAT_AT(real_call, cwd_, path, st, follow);                     \
	} while (0)

#define STAT_FD(real_call, fd, st)                                              \
	do {                                                                    \
		struct model_device *dev_;                                      \
		int type_;                                                      \
		if ((dev_ = node_of_fd((fd), &type_))) {                        \
			NODE_STAT((st), dev_, type_);                           \
			return 0;                                               \
		}                                                               \
		return real_call;                                               \
	} while (0)

int stat(const char *path, struct stat *st)
{
	STAT_PATH(REAL(stat)(path, st), path, st, true);
}

int stat64(const char *path, struct stat64 *st)
{
	STAT_PATH(REAL(stat64)(path, st), path, st, true);
}

int lstat(const char *path, struct stat *st)
{
	STAT_PATH(REAL(lstat)(path, st), path, st, false);
}

int lstat64(const char *path, struct stat64 *st)
{
	STAT_PATH(REAL(lstat64)(path, st), path, st, false);
}

int fstat(int fd, struct stat *st)
{
	STAT_FD(REAL(fstat)(fd, st), fd, st);
}

int fstat64(int fd, struct stat64 *st)
{
	STAT_FD(REAL(fstat64)(fd, st), fd, st);
}

int fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	if (model_path_is_empty(path) && (flags & AT_EMPTY_PATH))
		STAT_FD(REAL(fstatat)(dirfd, path, st, flags), dirfd, st);
	STAT_AT(REAL(fstatat)(dirfd, path, st, flags), dirfd, path, st,
		!(flags & AT_SYMLINK_NOFOLLOW));
}

int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{
	if (model_path_is_empty(path) && (flags & AT_EMPTY_PATH))
		STAT_FD(REAL(fstatat64)(dirfd, path, st, flags), dirfd, st);
	STAT_AT(REAL(fstatat64)(dirfd, path, st, flags), dirfd, path, st,
		!(flags & AT_SYMLINK_NOFOLLOW));
}

static void node_statx(struct statx *stx, struct model_device *dev, int type)
{
	const struct stat *src = node_stat_of(dev, type);

	memset(stx, 0, sizeof(*stx));
	stx->stx_mask = STATX_BASIC_STATS;
	stx->stx_blksize = 4096;
	stx->stx_nlink = 1;
	stx->stx_uid = src->st_uid;
	stx->stx_gid = src->st_gid;
	stx->stx_mode = S_IFCHR | 0666;
	stx->stx_ino = src->st_ino;
	stx->stx_rdev_major = DRM_MAJOR_NR;
	stx->stx_rdev_minor = node_minor(dev, type);
	stx->stx_dev_major = major(src->st_dev);
	stx->stx_dev_minor = minor(src->st_dev);
}

int statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *stx)
{
	bool follow = !(flags & AT_SYMLINK_NOFOLLOW);
	char at[PATH_MAX], mapped[PATH_MAX];
	const char *vpath = NULL;
	struct model_device *dev;
	mode_t mode;
	int type, ret;

	if (model_path_is_empty(path) && (flags & AT_EMPTY_PATH)) {
		dev = node_of_fd(dirfd, &type);
	} else {
		vpath = model_at_path(dirfd, path, at, sizeof(at));
		dev = vpath ? node_of_path(vpath, follow, &type) : NULL;
	}
	if (dev) {
		node_statx(stx, dev, type);
		return 0;
	}
	if (vpath && model_path_map(vpath, mapped, sizeof(mapped))) {
		path = mapped;
		dirfd = AT_FDCWD;
	}
	ret = REAL(statx)(dirfd, path, flags, mask, stx);
	if (!ret && !follow && vpath) {
		mode = stx->stx_mode;
		link_mode(vpath, &mode);
		stx->stx_mode = mode;
	}
	return ret;
}

/* Plain redirection of a path argument. */
#define MAPPED(path)                                                            \
	char mapped_[PATH_MAX];                                                 \
	if (model_path_map((path), mapped_, sizeof(mapped_)))                   \
		(path) = mapped_

/* The same for an *at() call: an owned path no longer depends on @dirfd. */
#define AT_MAPPED(dirfd, path)                                                  \
	char at_[PATH_MAX], mapped_[PATH_MAX];                                  \
	const char *vpath_ = model_at_path((dirfd), (path), at_, sizeof(at_));  \
	if (vpath_ && model_path_map(vpath_, mapped_, sizeof(mapped_))) {       \
		(path) = mapped_;                                               \
		(dirfd) = AT_FDCWD;                                             \
	}

int access(const char *path, int mode)
{
	MAPPED(path);
	return REAL(access)(path, mode);
}

int faccessat(int dirfd, const char *path, int mode, int flags)
{
	AT_MAPPED(dirfd, path);
	return REAL(faccessat)(dirfd, path, mode, flags);
}

/*
 * IGT's core_setmaster opens the node to other users with chmod and then
 * restores its mode: the tree's file takes it, as a real node would, for
 * every process that shares the tree.
 */
int chmod(const char *path, mode_t mode)
{
	MAPPED(path);
	return REAL(chmod)(path, mode);
}

/*
 * readlink of /proc/self/fd/<n> of a model fd: what the kernel's d_path
 * gives for it (proc_fd.c). -2 when @path is not such a link.
 */
static ssize_t proc_fd_link(const char *path, char *buf, size_t len)
{
	struct model_fd_info info;
	enum model_fd_kind kind = model_fd_describe(model_proc_fd(path), &info);
	char text[64];
	int n;

	if (kind == MODEL_FD_NONE)
		return -2;
	if (!len) {	/* do_readlinkat */
		errno = EINVAL;
		return -1;
	}
	n = model_fd_link_text(kind, &info, text, sizeof(text));
	if ((size_t)n > len)
		n = len;	/* readlink truncates silently */
	memcpy(buf, text, n);
	return n;
}

ssize_t readlink(const char *path, char *buf, size_t len)
{
	ssize_t n = proc_fd_link(path, buf, len);

	if (n != -2)
		return n;
	MAPPED(path);
	return REAL(readlink)(path, buf, len);
}

ssize_t readlinkat(int dirfd, const char *path, char *buf, size_t len)
{
	ssize_t n = proc_fd_link(path, buf, len);

	if (n != -2)
		return n;
	AT_MAPPED(dirfd, path);
	return REAL(readlinkat)(dirfd, path, buf, len);
}

ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		abort();	/* what glibc's fortify check does */
	return readlink(path, buf, len);
}

ssize_t __readlinkat_chk(int dirfd, const char *path, char *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		abort();
	return readlinkat(dirfd, path, buf, len);
}

char *realpath(const char *path, char *resolved)
{
	char node[48];
	struct model_device *dev;
	char *ret;
	int type;

	/* /proc/self/fd/<n> of a DRM fd resolves to the node it links to */
	dev = node_of_fd(model_proc_fd(path), &type);
	if (dev) {
		model_node_name(dev, type, node, sizeof(node));
		path = node;
	}
	MAPPED(path);
	ret = REAL(realpath)(path, resolved);
	if (ret && model_active())
		model_path_unmap(ret);
	return ret;
}

char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen)
{
	if (resolvedlen < PATH_MAX)
		abort();
	return realpath(path, resolved);
}

/* fopen's open flags, as far as the tree's rule needs them: "w", "a", "+" write. */
static int fopen_flags(const char *mode)
{
	return mode && strpbrk(mode, "wa+") ? O_RDWR : O_RDONLY;
}

FILE *fopen(const char *path, const char *mode)
{
	char mapped[PATH_MAX];

	if (model_kmsg_path(path))
		return model_kmsg_fopen(mode);
	if (!model_path_map(path, mapped, sizeof(mapped)))
		return REAL(fopen)(path, mode);
	return model_tree_open_flags(mapped, fopen_flags(mode)) < 0 ? NULL : REAL(fopen)(mapped, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	char mapped[PATH_MAX];

	if (model_kmsg_path(path))
		return model_kmsg_fopen(mode);
	if (!model_path_map(path, mapped, sizeof(mapped)))
		return REAL(fopen64)(path, mode);
	return model_tree_open_flags(mapped, fopen_flags(mode)) < 0 ? NULL :
	       REAL(fopen64)(mapped, mode);
}

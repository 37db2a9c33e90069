// SPDX-License-Identifier: MIT
/*
 * Path lookups: stat, access, readlink, realpath, opendir and fopen of
 * owned paths go to the fake tree; stat answers for the fake nodes (by
 * path or by fd) say "character device 226:<minor>", as libdrm requires.
 */
#include <dirent.h>
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
	struct model_device *dev = NULL;
	struct model_fd_ref ref;

	if (!model_active())
		return NULL;
	pthread_mutex_lock(&model_lock);
	ref = model_fd_lookup(fd);
	if (ref.kind == MODEL_FD_DRM) {
		struct model_file *file = ref.obj;

		dev = file->dev;
		*type = file->node_type;
	}
	pthread_mutex_unlock(&model_lock);
	return dev;
}

static unsigned int node_minor(const struct model_device *dev, int type)
{
	return type ? dev->render_minor : dev->card_minor;
}

/* Fill a stat-like struct for a node; works for struct stat and stat64. */
#define NODE_STAT(st, dev, type)                                                \
	do {                                                                    \
		const struct stat *src_ = &(dev)->node_stat[(type) ? 1 : 0];    \
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

/* stat-family wrapper body: fake nodes by path, then redirection. */
#define STAT_PATH(real_call, path, st)                                          \
	do {                                                                    \
		char mapped_[PATH_MAX];                                         \
		struct model_device *dev_;                                      \
		int type_;                                                      \
		if ((dev_ = model_node_of_path((path), &type_))) {    \
			NODE_STAT((st), dev_, type_);                           \
			return 0;                                               \
		}                                                               \
		if (model_path_map((path), mapped_, sizeof(mapped_)))           \
			(path) = mapped_;                                       \
		return real_call;                                               \
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
	STAT_PATH(REAL(stat)(path, st), path, st);
}

int stat64(const char *path, struct stat64 *st)
{
	STAT_PATH(REAL(stat64)(path, st), path, st);
}

int lstat(const char *path, struct stat *st)
{
	STAT_PATH(REAL(lstat)(path, st), path, st);
}

int lstat64(const char *path, struct stat64 *st)
{
	STAT_PATH(REAL(lstat64)(path, st), path, st);
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
	STAT_PATH(REAL(fstatat)(dirfd, path, st, flags), path, st);
}

int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{
	if (model_path_is_empty(path) && (flags & AT_EMPTY_PATH))
		STAT_FD(REAL(fstatat64)(dirfd, path, st, flags), dirfd, st);
	STAT_PATH(REAL(fstatat64)(dirfd, path, st, flags), path, st);
}

static void node_statx(struct statx *stx, struct model_device *dev, int type)
{
	const struct stat *src = &dev->node_stat[type ? 1 : 0];

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
	char mapped[PATH_MAX];
	struct model_device *dev;
	int type;

	if (model_path_is_empty(path) && (flags & AT_EMPTY_PATH))
		dev = node_of_fd(dirfd, &type);
	else
		dev = model_node_of_path(path, &type);
	if (dev) {
		node_statx(stx, dev, type);
		return 0;
	}
	if (model_path_map(path, mapped, sizeof(mapped)))
		path = mapped;
	return REAL(statx)(dirfd, path, flags, mask, stx);
}

/* Plain redirection of a path argument. */
#define MAPPED(path)                                                            \
	char mapped_[PATH_MAX];                                                 \
	if (model_path_map((path), mapped_, sizeof(mapped_)))                   \
		(path) = mapped_

int access(const char *path, int mode)
{
	MAPPED(path);
	return REAL(access)(path, mode);
}

int faccessat(int dirfd, const char *path, int mode, int flags)
{
	MAPPED(path);
	return REAL(faccessat)(dirfd, path, mode, flags);
}

/* /proc/self/fd/<n> of a DRM fd names its node, as for a real one. */
static ssize_t proc_fd_link(const char *path, char *buf, size_t len)
{
	struct model_device *dev;
	char node[48];
	int fd, type, n;

	if (sscanf(path, "/proc/self/fd/%d%n", &fd, &n) != 1 || path[n])
		return -1;
	dev = node_of_fd(fd, &type);
	if (!dev)
		return -1;
	n = snprintf(node, sizeof(node), "/dev/dri/%s%u", type ? "renderD" : "card",
		     node_minor(dev, type));
	if ((size_t)n > len)
		n = len;
	memcpy(buf, node, n);
	return n;
}

ssize_t readlink(const char *path, char *buf, size_t len)
{
	ssize_t n = model_active() ? proc_fd_link(path, buf, len) : -1;

	if (n >= 0)
		return n;
	MAPPED(path);
	return REAL(readlink)(path, buf, len);
}

ssize_t readlinkat(int dirfd, const char *path, char *buf, size_t len)
{
	MAPPED(path);
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
	char *ret;

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

DIR *opendir(const char *path)
{
	MAPPED(path);
	return REAL(opendir)(path);
}

FILE *fopen(const char *path, const char *mode)
{
	if (model_kmsg_path(path))
		return model_kmsg_fopen(mode);
	MAPPED(path);
	return REAL(fopen)(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	if (model_kmsg_path(path))
		return model_kmsg_fopen(mode);
	MAPPED(path);
	return REAL(fopen64)(path, mode);
}

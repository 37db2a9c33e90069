// SPDX-License-Identifier: MIT
/*
 * open/close/dup: opening a fake node creates a DRM file with its own fd,
 * opening /dev/kmsg the model's kernel log (kmsg_dev.c);
 * other owned paths are redirected into the fake tree; close and the dup
 * family keep the fd table in step with the kernel's fd table. With the
 * model off, each wrapper is one call to the real function.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include <linux/limits.h>

#include "model/debugfs.h"
#include "model/kmsg.h"
#include "model/model.h"
#include "model/shim_real.h"
#include "util/array.h"
#include "util/util.h"

int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);
int fcntl64(int fd, int cmd, ...);

/* open_hooked's answer for a path that no hook serves */
#define MODEL_OPEN_PASS (-0x10000)

/* /dev/dri/card<n> and renderD<n> of a model device: a new DRM file. */
static bool is_node(const char *path)
{
	int type;

	return model_node_of_path(path, &type) != NULL;
}

static int open_node(const char *path, int flags)
{
	int type;
	struct model_device *dev = model_node_of_path(path, &type);

	return model_file_open(dev, type, flags);
}

/* debugfs' sync/sw_sync: a software timeline (sw_sync.c) */
static int open_sw_sync(const char *path, int flags)
{
	return model_sw_sync_open(flags);
}

/* /dev/kmsg: the model's kernel log (kmsg_dev.c), never the host's */
static int open_kmsg(const char *path, int flags)
{
	return model_kmsg_open(flags);
}

/*
 * Absolute paths whose open the model answers itself, tried in order:
 * each open returns a new fd or -errno. Paths that no hook serves are
 * redirected into the fake tree.
 */
static const struct {
	bool (*serves)(const char *path);
	int (*open)(const char *path, int flags);
} open_hooks[] = {
	{ is_node, open_node },
	{ model_proc_fd_serves, model_proc_fd_open },	/* /proc/self/fd/<n> of a model fd */
	{ model_path_is_sw_sync, open_sw_sync },
	{ model_kmsg_path, open_kmsg },
	{ model_debugfs_serves, model_debugfs_open },	/* a driver's attribute in dri/ */
};

static int open_hooked(const char *path, int flags)
{
	/* do_dentry_open: an O_PATH open calls no driver; the tree's file or the link serves */
	if (flags & O_PATH)
		return MODEL_OPEN_PASS;
	array_for_each(hook, open_hooks) {
		if (!hook->serves(path))
			continue;
		/* open_last_lookups: O_CREAT | O_EXCL of an existing name, before any driver */
		if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
			return -EEXIST;
		return hook->open(path, flags);
	}
	return MODEL_OPEN_PASS;
}

/* The kernel gave the program @fd: an entry the fd table still has for that number is stale. */
static int opened(int fd)
{
	if (fd >= 0 && model_active())
		model_fd_reused(fd);
	return fd;
}

static int open_common(int dirfd, const char *path, int flags, mode_t mode)
{
	char at[PATH_MAX], mapped[PATH_MAX];
	const char *vpath = model_at_path(dirfd, path, at, sizeof(at));
	int fd;

	if (!vpath)
		return opened(REAL(openat)(dirfd, path, flags, mode));
	fd = open_hooked(vpath, flags);
	if (fd != MODEL_OPEN_PASS) {
		if (fd >= 0)
			return fd;
		errno = -fd;
		return -1;
	}
	if (model_path_map(vpath, mapped, sizeof(mapped))) {
		flags = model_tree_open_flags(mapped, flags);
		if (flags < 0)
			return -1;
		fd = opened(REAL(openat)(AT_FDCWD, mapped, flags, mode));
		/* a dri/ directory: opens relative to it may reach an attribute (dirfd.c) */
		model_dirfd_opened(fd, vpath);
		return fd;
	}
	fd = opened(REAL(openat)(dirfd, path, flags, mode));
	model_dirfd_opened(fd, vpath);
	return fd;
}

/* The mode argument exists only with O_CREAT or O_TMPFILE. */
#define OPEN_MODE(flags, last)                                                  \
	({                                                                      \
		mode_t mode_ = 0;                                               \
		if ((flags) & (O_CREAT | __O_TMPFILE)) {                        \
			va_list ap_;                                            \
			va_start(ap_, last);                                    \
			mode_ = va_arg(ap_, mode_t);                            \
			va_end(ap_);                                            \
		}                                                               \
		mode_;                                                          \
	})

int open(const char *path, int flags, ...)
{
	return open_common(AT_FDCWD, path, flags, OPEN_MODE(flags, flags));
}

int open64(const char *path, int flags, ...)
{
	return open_common(AT_FDCWD, path, flags | O_LARGEFILE, OPEN_MODE(flags, flags));
}

int openat(int dirfd, const char *path, int flags, ...)
{
	return open_common(dirfd, path, flags, OPEN_MODE(flags, flags));
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	return open_common(dirfd, path, flags | O_LARGEFILE, OPEN_MODE(flags, flags));
}

int __open_2(const char *path, int flags)
{
	return open_common(AT_FDCWD, path, flags, 0);
}

int __open64_2(const char *path, int flags)
{
	return open_common(AT_FDCWD, path, flags | O_LARGEFILE, 0);
}

int __openat_2(int dirfd, const char *path, int flags)
{
	return open_common(dirfd, path, flags, 0);
}

int __openat64_2(int dirfd, const char *path, int flags)
{
	return open_common(dirfd, path, flags | O_LARGEFILE, 0);
}

int close(int fd)
{
	int ret, err;

	if (!model_active())
		return REAL(close)(fd);
	model_kmsg_forget(fd);
	pthread_mutex_lock(&model_lock);
	model_fd_forget(fd);
	model_dirfd_forget(fd);
	ret = REAL(close)(fd);
	err = errno;
	pthread_mutex_unlock(&model_lock);
	errno = err;
	return ret;
}

/* Run a dup-like call under the lock and copy the table entry on success. */
#define DUP_LOCKED(oldfd, newfd_expr)                                           \
	({                                                                      \
		int ret_, err_;                                                 \
		pthread_mutex_lock(&model_lock);                                \
		ret_ = (newfd_expr);                                            \
		err_ = errno;                                                   \
		if (ret_ >= 0) {                                                \
			model_fd_dup((oldfd), ret_);                            \
			model_dirfd_dup((oldfd), ret_);                         \
			model_kmsg_dup((oldfd), ret_);                          \
		}                                                               \
		pthread_mutex_unlock(&model_lock);                              \
		errno = err_;                                                   \
		ret_;                                                           \
	})

int dup(int fd)
{
	if (!model_active())
		return REAL(dup)(fd);
	return DUP_LOCKED(fd, REAL(dup)(fd));
}

int dup2(int oldfd, int newfd)
{
	if (!model_active())
		return REAL(dup2)(oldfd, newfd);
	return DUP_LOCKED(oldfd, REAL(dup2)(oldfd, newfd));
}

int dup3(int oldfd, int newfd, int flags)
{
	if (!model_active())
		return REAL(dup3)(oldfd, newfd, flags);
	return DUP_LOCKED(oldfd, REAL(dup3)(oldfd, newfd, flags));
}

/* fcntl's optional third argument, read as the pointer-sized word it is passed as. */
#define FCNTL_ARG(last)                                                         \
	({                                                                      \
		va_list ap_;                                                    \
		void *arg_;                                                     \
		va_start(ap_, last);                                            \
		arg_ = va_arg(ap_, void *);                                     \
		va_end(ap_);                                                    \
		arg_;                                                           \
	})

static int fcntl_common(int fd, int cmd, void *arg, bool is64)
{
	int (*real)(int, int, ...) = is64 ? REAL(fcntl64) : REAL(fcntl);

	if (!model_active() || (cmd != F_DUPFD && cmd != F_DUPFD_CLOEXEC))
		return real(fd, cmd, arg);
	return DUP_LOCKED(fd, real(fd, cmd, arg));
}

int fcntl(int fd, int cmd, ...)
{
	return fcntl_common(fd, cmd, FCNTL_ARG(cmd), false);
}

int fcntl64(int fd, int cmd, ...)
{
	return fcntl_common(fd, cmd, FCNTL_ARG(cmd), true);
}

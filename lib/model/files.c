// SPDX-License-Identifier: MIT
/*
 * The fd table and DRM files. Every model fd is a real kernel fd (an
 * eventfd for DRM files, syncobjs and sync_files; a memfd for dma-bufs),
 * so poll, close, dup and fork behave; the table says what each fd number
 * stands for. Each object starts with its reference count, one per table
 * entry plus one per in-flight user.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>
#include <drm.h>
#include <linux/close_range.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>

#include "model/debugfs.h"
#include "model/model.h"
#include "model/shim_real.h"

/* Internal fds live at or above this number, out of the way of programs. */
#define MODEL_HIDDEN_FD_BASE 1024

static struct model_fd_ref *fd_table;
static size_t fd_table_size;

/* One bit per fd number: an internal fd of the model (model_hide_fd). */
static uint64_t *hidden;
static size_t hidden_words;

static void obj_get(void *obj)
{
	(*(int *)obj)++;
}

static void obj_put(enum model_fd_kind kind, void *obj)
{
	switch (kind) {
	case MODEL_FD_DRM:
		model_file_put(obj);
		break;
	case MODEL_FD_DMABUF:
		model_dmabuf_put(obj);
		break;
	case MODEL_FD_SYNCOBJ:
		model_syncobj_put(obj);
		break;
	case MODEL_FD_SYNC_FILE:
		model_sync_file_put(obj);
		break;
	case MODEL_FD_SW_SYNC:
		model_sw_sync_put(obj);
		break;
	case MODEL_FD_DEBUGFS:
		model_debugfs_put(obj);
		break;
	case MODEL_FD_NONE:
		break;
	}
}

/* Make the zero-filled array *@array (*@count elements of @elem bytes) hold @index. */
static void grow_zeroed(void **array, size_t *count, size_t index, size_t elem, size_t first,
			const char *what)
{
	size_t n = *count ? *count : first;
	char *grown;

	if (index < *count)
		return;
	while (n <= index)
		n *= 2;
	grown = realloc(*array, n * elem);
	if (!grown)
		model_fatal("out of memory for %s", what);
	memset(grown + *count * elem, 0, (n - *count) * elem);
	*array = grown;
	*count = n;
}

void model_fd_install(int fd, enum model_fd_kind kind, void *obj)
{
	struct stat st;

	grow_zeroed((void **)&fd_table, &fd_table_size, (size_t)fd, sizeof(*fd_table), 256,
		    "the fd table");
	model_fd_forget(fd);
	if (REAL(fstat)(fd, &st))
		memset(&st, 0, sizeof(st));
	fd_table[fd].kind = kind;
	fd_table[fd].obj = obj;
	fd_table[fd].st_dev = st.st_dev;
	fd_table[fd].st_ino = st.st_ino;
	obj_get(obj);
}

/*
 * An fd closed without passing through close() (a raw syscall,
 * glibc-internal closes such as fclose of an fdopen()ed model fd) leaves
 * a stale entry; the fd number may since name another file. Asking the
 * kernel (fstat) costs a system call, so it is asked where a mistake is
 * possible, not on every ioctl:
 *   - an fd number an interposed open returns, or a model fd the model
 *     creates, was free in the kernel: its entry is dropped (no question);
 *   - close_range and closefrom are interposed (shim_close_range.c);
 *   - model_fd_lookup() (mmap, dup, fd arguments inside ioctls) checks;
 *   - the ioctl path (model_fd_lookup_ioctl) checks only a request of
 *     another type than the entry's (a DRM fd gets 'd' requests, a
 *     sync_file '>', a dma-buf 'b').
 * What is not seen: a model fd closed behind the model's back whose number
 * a call the model does not interpose (socket, pipe, eventfd, accept ...)
 * reuses, and which then gets an ioctl of the closed fd's type. The model
 * answers it as the closed object, where the kernel would answer for the
 * new file (ENOTTY for a DRM request on a socket). It takes a raw close
 * and a misdirected request; the entry keeps its object referenced, so
 * nothing is used after free.
 */
static bool stale(int fd)
{
	struct stat st;

	return REAL(fstat)(fd, &st) || st.st_dev != fd_table[fd].st_dev ||
	       st.st_ino != fd_table[fd].st_ino;
}

static void drop(int fd)
{
	struct model_fd_ref ref = fd_table[fd];

	fd_table[fd].kind = MODEL_FD_NONE;
	fd_table[fd].obj = NULL;
	if (ref.kind == MODEL_FD_DEBUGFS)
		model_debugfs_mark(fd, false);
	obj_put(ref.kind, ref.obj);
}

struct model_fd_ref model_fd_lookup(int fd)
{
	struct model_fd_ref none = { .kind = MODEL_FD_NONE };

	if (fd < 0 || (size_t)fd >= fd_table_size || fd_table[fd].kind == MODEL_FD_NONE)
		return none;
	if (stale(fd)) {
		drop(fd);
		return none;
	}
	return fd_table[fd];
}

/* The request type the kernel's handler of each kind of file answers. */
static bool request_fits(enum model_fd_kind kind, unsigned long cmd)
{
	switch (kind) {
	case MODEL_FD_DRM:
		return _IOC_TYPE(cmd) == DRM_IOCTL_BASE;
	case MODEL_FD_SYNC_FILE:
		return _IOC_TYPE(cmd) == SYNC_IOC_MAGIC;
	case MODEL_FD_DMABUF:
		return _IOC_TYPE(cmd) == DMA_BUF_BASE;
	default:
		return false;
	}
}

struct model_fd_ref model_fd_lookup_ioctl(int fd, unsigned long cmd)
{
	struct model_fd_ref none = { .kind = MODEL_FD_NONE };

	if (fd < 0 || (size_t)fd >= fd_table_size || fd_table[fd].kind == MODEL_FD_NONE)
		return none;
	if (request_fits(fd_table[fd].kind, cmd))
		return fd_table[fd];
	return model_fd_lookup(fd);
}

void model_fd_reused(int fd)
{
	int err = errno;

	pthread_mutex_lock(&model_lock);
	model_fd_forget(fd);
	pthread_mutex_unlock(&model_lock);
	errno = err;
}

void model_fd_forget(int fd)
{
	if (fd < 0 || (size_t)fd >= fd_table_size || fd_table[fd].kind == MODEL_FD_NONE)
		return;
	drop(fd);
}

void model_fd_dup(int oldfd, int newfd)
{
	struct model_fd_ref ref = model_fd_lookup(oldfd);

	if (oldfd == newfd)
		return;
	if (ref.kind == MODEL_FD_NONE) {
		model_fd_forget(newfd);
		return;
	}
	model_fd_install(newfd, ref.kind, ref.obj);
	if (ref.kind == MODEL_FD_DEBUGFS)
		model_debugfs_mark(newfd, true);
}

static void mark_hidden(int fd, bool on)
{
	size_t word = (size_t)fd / 64;

	if (!on && word >= hidden_words)
		return;
	grow_zeroed((void **)&hidden, &hidden_words, word, sizeof(*hidden), 32,
		    "the internal fd set");
	if (on)
		hidden[word] |= 1ull << (fd % 64);
	else
		hidden[word] &= ~(1ull << (fd % 64));
}

static bool is_hidden(unsigned int fd)
{
	return fd / 64 < hidden_words && (hidden[fd / 64] >> (fd % 64) & 1);
}

int model_hide_fd(int fd)
{
	struct rlimit rl;
	int high;

	if (fd < 0)
		return fd;
	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur <= MODEL_HIDDEN_FD_BASE * 2)
		high = -1;
	else
		high = REAL(fcntl)(fd, F_DUPFD_CLOEXEC, MODEL_HIDDEN_FD_BASE);
	if (high >= 0) {
		REAL(close)(fd);
		fd = high;
	}
	mark_hidden(fd, true);
	return fd;
}

void model_close_hidden(int fd)
{
	if (fd < 0)
		return;
	mark_hidden(fd, false);
	REAL(close)(fd);
}

/*
 * close_range(2) for the program: the model's internal fds in the range
 * stay open (the kernel's objects behind a DRM fd are no fds either), the
 * rest is closed in the sub-ranges between them, and the table forgets it.
 */
/* Before Linux 5.9 there is no close_range: one close() per fd, as glibc's closefrom falls back to. */
static void close_one_by_one(unsigned int first, unsigned int last)
{
	long max = sysconf(_SC_OPEN_MAX);

	for (unsigned int fd = first; fd <= last && (long)fd < max; fd++)
		if (!is_hidden(fd))
			REAL(close)((int)fd);
}

int model_fd_close_range(unsigned int first, unsigned int last, unsigned int flags,
			 int (*real)(unsigned int, unsigned int, int))
{
	unsigned int from = first;
	long open_max;
	size_t end;
	int ret = 0;

	if (first > last)
		return real(first, last, (int)flags);	/* the kernel's EINVAL */
	for (unsigned int fd = first; fd <= last && fd / 64 < hidden_words && !ret; fd++) {
		if (!is_hidden(fd))
			continue;
		if (fd > from)
			ret = real(from, fd - 1, (int)flags);
		from = fd + 1;
	}
	if (!ret && from <= last)
		ret = real(from, last, (int)flags);
	if (ret && errno == ENOSYS && !flags)
		close_one_by_one(first, last);
	else if (ret)
		return -1;
	if (flags & CLOSE_RANGE_CLOEXEC)
		return 0;	/* only marked close-on-exec */
	open_max = sysconf(_SC_OPEN_MAX);
	end = open_max > 0 ? (size_t)open_max : 0;
	if (end < fd_table_size)
		end = fd_table_size;
	for (size_t fd = first; fd < end && fd <= last; fd++) {
		model_fd_forget((int)fd);
		model_dirfd_forget((int)fd);
	}
	return 0;
}

int model_new_fd(bool cloexec, bool nonblock)
{
	int fd = eventfd(0, (cloexec ? EFD_CLOEXEC : 0) | (nonblock ? EFD_NONBLOCK : 0));

	return fd < 0 ? -errno : fd;
}

int model_fd_reserve(bool wanted, int *fd)
{
	if (!wanted)
		return 0;
	*fd = model_new_fd(true, false);
	return *fd < 0 ? *fd : 0;
}

void model_fd_unreserve(int *fd)
{
	if (*fd < 0)
		return;
	REAL(close)(*fd);
	*fd = -1;
}

void model_file_get(struct model_file *file)
{
	file->refs++;
}

void model_file_put(struct model_file *file)
{
	if (--file->refs > 0)
		return;
	if (file->dev->driver->file_close)
		file->dev->driver->file_close(file);
	model_syncobj_release_all(file);
	model_prime_release(file);
	model_handle_release_all(file);
	model_auth_release(file);
	model_idr_free(file->handles);
	model_idr_free(file->syncobjs);
	free(file);
}

int model_file_open(struct model_device *dev, int type, int flags)
{
	struct model_file *file;
	int fd, err = -ENOMEM;

	/* drm_open_helper: "No exclusive opens" */
	if (flags & O_EXCL)
		return -EBUSY;
	file = calloc(1, sizeof(*file));
	if (!file)
		return -ENOMEM;
	file->dev = dev;
	file->node_type = type;
	file->access = flags & O_ACCMODE;
	file->handles = model_idr_new();
	file->syncobjs = model_idr_new();
	if (!file->handles || !file->syncobjs)
		goto out;
	pthread_mutex_lock(&model_lock);
	err = dev->driver->file_open ? dev->driver->file_open(file) : 0;
	err = err ?: model_auth_open(file);
	fd = err ?: model_new_fd(flags & O_CLOEXEC, flags & O_NONBLOCK);
	if (err || fd < 0) {
		err = err ?: fd;
		model_auth_release(file);
		pthread_mutex_unlock(&model_lock);
		goto out;
	}
	model_fd_install(fd, MODEL_FD_DRM, file);
	pthread_mutex_unlock(&model_lock);
	return fd;
out:
	model_idr_free(file->handles);
	model_idr_free(file->syncobjs);
	free(file);
	return err;
}

struct model_device *model_file_device(const struct model_file *file)
{
	return file->dev;
}

void *model_file_priv(const struct model_file *file)
{
	return file->priv;
}

void model_file_set_priv(struct model_file *file, void *priv)
{
	file->priv = priv;
}

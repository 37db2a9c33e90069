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
#include <sys/resource.h>
#include <unistd.h>

#include "model/model.h"
#include "model/shim_real.h"

/* Internal fds live at or above this number, out of the way of programs. */
#define MODEL_HIDDEN_FD_BASE 1024

static struct model_fd_ref *fd_table;
static size_t fd_table_size;

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
	case MODEL_FD_NONE:
		break;
	}
}

void model_fd_install(int fd, enum model_fd_kind kind, void *obj)
{
	struct stat st;

	if ((size_t)fd >= fd_table_size) {
		size_t size = fd_table_size ? fd_table_size : 256;
		struct model_fd_ref *table;

		while (size <= (size_t)fd)
			size *= 2;
		table = realloc(fd_table, size * sizeof(*table));
		if (!table)
			model_fatal("out of memory for the fd table");
		memset(table + fd_table_size, 0, (size - fd_table_size) * sizeof(*table));
		fd_table = table;
		fd_table_size = size;
	}
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
 * An fd closed without passing through close() (close_range, a raw
 * syscall, glibc-internal closes) leaves a stale entry; the fd number may
 * since name another file. Such an entry is dropped when seen.
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
}

int model_hide_fd(int fd)
{
	struct rlimit rl;
	int hidden;

	if (fd < 0 || getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur <= MODEL_HIDDEN_FD_BASE * 2)
		return fd;
	hidden = REAL(fcntl)(fd, F_DUPFD_CLOEXEC, MODEL_HIDDEN_FD_BASE);
	if (hidden < 0)
		return fd;
	REAL(close)(fd);
	return hidden;
}

int model_new_fd(bool cloexec, bool nonblock)
{
	int fd = eventfd(0, (cloexec ? EFD_CLOEXEC : 0) | (nonblock ? EFD_NONBLOCK : 0));

	return fd < 0 ? -errno : fd;
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

// SPDX-License-Identifier: MIT
/*
 * The paths of directory fds above the owned paths. systemd's sd-device
 * (libudev) resolves a syspath with chase_symlinks: open("/", O_PATH),
 * then openat(fd, "sys"), openat(fd, "class"), openat(fd, "drm") ... and
 * readlinkat/fstatat relative to those fds. An fd opened on "/", "/sys",
 * "/sys/class", "/run/udev" ... remembers its path here, so that a
 * relative lookup from it that enters an owned path is redirected into
 * the fake tree like the absolute path would be. Fds inside the tree need
 * nothing, lookups relative to them stay in the tree, except debugfs'
 * dri/ directories: IGT's igt_debugfs_open opens dri/<minor>, then the
 * attribute relative to it, which the model serves (debugfs.c).
 *
 * Entries follow close and the dup family (shim_open.c) under model_lock;
 * an fd closed behind the model's back is noticed by its inode.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/debugfs.h"
#include "model/model.h"
#include "model/shim_real.h"

struct dirfd_entry {
	char *path;
	dev_t st_dev;
	ino_t st_ino;
};

static struct dirfd_entry *table;
static size_t table_size;

static void drop(int fd)
{
	free(table[fd].path);
	table[fd].path = NULL;
}

static bool grow(size_t fd)
{
	size_t size = table_size ? table_size : 64;
	struct dirfd_entry *t;

	while (size <= fd)
		size *= 2;
	t = realloc(table, size * sizeof(*t));
	if (!t)
		return false;
	memset(t + table_size, 0, (size - table_size) * sizeof(*t));
	table = t;
	table_size = size;
	return true;
}

static void install(int fd, const char *path)
{
	struct stat st;
	char *copy;

	if (fd < 0 || ((size_t)fd >= table_size && !grow(fd)))
		return;
	if (REAL(fstat)(fd, &st) || !(copy = strdup(path)))
		return;
	if (table[fd].path)
		drop(fd);
	table[fd].path = copy;
	table[fd].st_dev = st.st_dev;
	table[fd].st_ino = st.st_ino;
}

void model_dirfd_opened(int fd, const char *path)
{
	if (fd < 0 || !(model_path_above_owned(path) || model_debugfs_is_dir(path)))
		return;
	pthread_mutex_lock(&model_lock);
	install(fd, path);
	pthread_mutex_unlock(&model_lock);
}

void model_dirfd_forget(int fd)
{
	if (fd >= 0 && (size_t)fd < table_size && table[fd].path)
		drop(fd);
}

void model_dirfd_dup(int oldfd, int newfd)
{
	if (oldfd == newfd)
		return;
	model_dirfd_forget(newfd);
	if (oldfd >= 0 && (size_t)oldfd < table_size && table[oldfd].path)
		install(newfd, table[oldfd].path);
}

/* The recorded path of @fd into @buf, if it still names the same directory. */
static bool dirfd_path(int fd, char *buf, size_t len)
{
	struct stat st;
	bool ok = false;

	pthread_mutex_lock(&model_lock);
	if (fd >= 0 && (size_t)fd < table_size && table[fd].path) {
		if (REAL(fstat)(fd, &st) || st.st_dev != table[fd].st_dev ||
		    st.st_ino != table[fd].st_ino)
			drop(fd);
		else if (strlen(table[fd].path) < len) {
			strcpy(buf, table[fd].path);
			ok = true;
		}
	}
	pthread_mutex_unlock(&model_lock);
	return ok;
}

/*
 * Append the components of @rel to the absolute path in @buf: "." and
 * empty ones are skipped; ".." goes up only while the path is still above
 * the owned ones (real directories of the host, which hold no symlinks on
 * the way); below that the kernel would follow links the text cannot see.
 */
static bool append(char *buf, size_t len, const char *rel)
{
	size_t n = strlen(buf);

	while (*rel) {
		size_t c = strcspn(rel, "/");

		if (c == 2 && !strncmp(rel, "..", 2)) {
			if (!model_path_above_owned(buf))
				return false;
			while (n > 1 && buf[--n] != '/')
				;
			buf[n ? n : 1] = '\0';
			n = strlen(buf);
		} else if (c && !(c == 1 && rel[0] == '.')) {
			if (n + 1 + c >= len)
				return false;
			if (n > 1)
				buf[n++] = '/';
			memcpy(buf + n, rel, c);
			n += c;
			buf[n] = '\0';
		}
		rel += c;
		rel += *rel == '/';
	}
	return true;
}

bool model_dirfd_join(int dirfd, const char *rel, char *buf, size_t len)
{
	return dirfd_path(dirfd, buf, len) && append(buf, len, rel);
}

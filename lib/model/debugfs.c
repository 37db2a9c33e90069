// SPDX-License-Identifier: MIT
/*
 * The DRM debugfs directory of each device, in the layout of 6.7's
 * "drm/debugfs: rework debugfs directory creation" (drm_debugfs.c):
 * drm_debugfs_dev_init makes one directory per device, dri/<dev->unique>,
 * and drm_debugfs_register gives each minor a symlink dri/<minor> to it.
 * The core's "name" file and the links are static, so the fake tree holds
 * them (tree_spec.c). The driver's debugfs_create_bool files are served
 * here: each open is a model fd whose read, write and lseek the model
 * answers (shim_rw.c), as fs/debugfs/file.c fops_bool does:
 *
 *  - read: debugfs_read_file_bool, "Y\n" or "N\n" from the file position
 *    (simple_read_from_buffer: 0 at or past the end, EFAULT for a bad
 *    buffer);
 *  - write: debugfs_write_file_bool, kstrtobool_from_user of at most the
 *    first 3 bytes; the value changes only when they parse, and the write
 *    returns its whole length either way, even for a buffer that faults;
 *  - lseek: default_llseek, from the start or the current position (the
 *    file's size is 0, so SEEK_END counts from 0); a negative result is
 *    EINVAL.
 *
 * Reading a write-only open or writing a read-only one is EBADF (VFS).
 * Not modelled: the file modes (debugfs is root's; the model lets anyone
 * open), pread/readv/writev (they reach the fd as it is, an eventfd), and
 * the driver's other files (msm's gem, rd, ...) and the core's "clients"
 * and "gem_names": they do not exist on the model. Like all the model's
 * state the values are per process: a forked child's write is its own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/debugfs.h"
#include "model/model.h"
#include "model/shim_real.h"

struct debugfs_file {
	int refs;		/* first: the fd table counts it */
	struct model_device *dev;
	const struct model_debugfs_bool *attr;
	int accmode;
	off_t pos;
};

static struct model_fd_bits model_debugfs_fds;

bool model_debugfs_modelled(void)
{
	return model_kernel_at_least(6, 7);
}

bool model_debugfs_is_dir(const char *path)
{
	size_t n = strlen(MODEL_DEBUGFS_DRI);

	if (!path || strncmp(path, MODEL_DEBUGFS_DRI, n))
		return false;
	return !path[n] || (path[n] == '/' && path[n + 1] && !strchr(path + n + 1, '/'));
}

/* drm_dev_init sets dev->unique to the parent's name: the sysfs directory's last component. */
int model_debugfs_dir(const struct model_device *dev, char *buf, size_t len)
{
	return snprintf(buf, len, MODEL_DEBUGFS_DRI "/%s", strrchr(dev->sysfs_dir, '/') + 1);
}

/* @name, @len bytes without a NUL, is @word. */
static bool is_word(const char *name, size_t len, const char *word)
{
	return strlen(word) == len && !strncmp(name, word, len);
}

/* The device whose directory @name is: its unique name, or one of its minors' links. */
static struct model_device *device_of_dir(const char *name, size_t len)
{
	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];
		char card[12], render[12];

		snprintf(card, sizeof(card), "%u", dev->card_minor);
		snprintf(render, sizeof(render), "%u", dev->render_minor);
		if (is_word(name, len, strrchr(dev->sysfs_dir, '/') + 1) ||
		    is_word(name, len, card) || is_word(name, len, render))
			return dev;
	}
	return NULL;
}

/* "/sys/kernel/debug/dri/<dir>/<attr>" of a driver's bool, or NULL. */
static const struct model_debugfs_bool *attr_of_path(const char *path, struct model_device **dev)
{
	size_t prefix = strlen(MODEL_DEBUGFS_DRI "/");
	const struct model_driver *drv;
	const char *dir, *name;

	if (strncmp(path, MODEL_DEBUGFS_DRI "/", prefix))
		return NULL;
	dir = path + prefix;
	name = strchr(dir, '/');
	if (!name || strchr(name + 1, '/'))
		return NULL;
	*dev = device_of_dir(dir, (size_t)(name - dir));
	if (!*dev)
		return NULL;
	drv = (*dev)->driver;
	for (unsigned int i = 0; i < drv->nr_debugfs_bools; i++)
		if (!strcmp(name + 1, drv->debugfs_bools[i].name))
			return &drv->debugfs_bools[i];
	return NULL;
}

void model_debugfs_mark(int fd, bool on)
{
	model_fd_bits_mark(&model_debugfs_fds, fd, on);
}

bool model_debugfs_serves(const char *path)
{
	struct model_device *dev;

	return model_debugfs_modelled() && attr_of_path(path, &dev);
}

int model_debugfs_open(const char *path, int flags)
{
	struct model_device *dev;
	const struct model_debugfs_bool *attr = attr_of_path(path, &dev);
	struct debugfs_file *f;
	int fd;

	if (!attr)
		return -ENOENT;
	f = malloc(sizeof(*f));
	if (!f)
		return -ENOMEM;
	*f = (struct debugfs_file){ .dev = dev, .attr = attr, .accmode = flags & O_ACCMODE };
	fd = model_new_fd(flags & O_CLOEXEC, flags & O_NONBLOCK);
	if (fd >= MODEL_FD_BITS_MAX) {
		/* beyond what read() and write() check: the call would not reach the model */
		REAL(close)(fd);
		fd = -EMFILE;
	}
	if (fd < 0) {
		free(f);
		return fd;
	}
	pthread_mutex_lock(&model_lock);
	model_fd_install(fd, MODEL_FD_DEBUGFS, f);
	pthread_mutex_unlock(&model_lock);
	model_debugfs_mark(fd, true);
	return fd;
}

void model_debugfs_describe(const void *obj, struct model_fd_info *info)
{
	const struct debugfs_file *f = obj;

	info->dev = f->dev;
	info->access = f->accmode;
	info->attr = f->attr->name;
}

int model_debugfs_path(const struct model_fd_info *info, char *buf, size_t len)
{
	int n = model_debugfs_dir(info->dev, buf, len);

	if (n < 0 || (size_t)n >= len)
		return n;
	return n + snprintf(buf + n, len - (size_t)n, "/%s", info->attr);
}

void model_debugfs_put(void *obj)
{
	struct debugfs_file *f = obj;

	if (--f->refs == 0)
		free(f);
}

/* kstrtobool (lib/kstrtox.c): the first character, or "on"/"off". */
static int parse_bool(const char *s, bool *value)
{
	if (strchr("eEyYtT1", s[0]) && s[0]) {
		*value = true;
		return 0;
	}
	if (strchr("dDnNfF0", s[0]) && s[0]) {
		*value = false;
		return 0;
	}
	if ((s[0] == 'o' || s[0] == 'O') && s[1] && strchr("nNfF", s[1])) {
		*value = s[1] == 'n' || s[1] == 'N';
		return 0;
	}
	return -EINVAL;
}

static ssize_t file_read(void *file, void *buf, size_t len)
{
	struct debugfs_file *f = file;
	bool value = __atomic_load_n(f->attr->value(f->dev), __ATOMIC_RELAXED);
	const char text[2] = { value ? 'Y' : 'N', '\n' };
	size_t n;

	if (f->accmode == O_WRONLY)
		return -EBADF;
	if (f->pos < 0)
		return -EINVAL;
	if ((size_t)f->pos >= sizeof(text) || !len)
		return 0;
	n = sizeof(text) - (size_t)f->pos;
	n = n < len ? n : len;
	if (model_copy_to_user(buf, text + f->pos, n))
		return -EFAULT;
	f->pos += (off_t)n;
	return (ssize_t)n;
}

static ssize_t file_write(void *file, const void *buf, size_t len)
{
	struct debugfs_file *f = file;
	/* kstrtobool_from_user: the longest word it tells apart, a newline, NUL */
	char s[4] = "";
	bool value;

	if (f->accmode == O_RDONLY)
		return -EBADF;
	/* a fault in the copy is one more word that does not parse */
	if (!model_copy_from_user(s, buf, len < sizeof(s) - 1 ? len : sizeof(s) - 1) &&
	    !parse_bool(s, &value))
		__atomic_store_n(f->attr->value(f->dev), value, __ATOMIC_RELAXED);
	return (ssize_t)len;
}

static off_t file_lseek(void *file, off_t offset, int whence)
{
	struct debugfs_file *f = file;
	off_t base;

	switch (whence) {
	case SEEK_SET:
	case SEEK_END:		/* i_size 0 */
		base = 0;
		break;
	case SEEK_CUR:
		base = f->pos;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0 && base + offset < 0)
		return -EINVAL;
	f->pos = base + offset;
	return f->pos;
}

/* The attribute file behind @fd (under model_lock), or NULL if @fd is no longer one. */
static void *lookup(int fd)
{
	struct model_fd_ref ref = model_fd_lookup(fd);

	if (ref.kind == MODEL_FD_DEBUGFS)
		return ref.obj;
	model_debugfs_mark(fd, false);
	return NULL;
}

const struct model_fd_io model_debugfs_io = {
	.fds = &model_debugfs_fds,
	.lock = &model_lock,
	.lookup = lookup,
	.read = file_read,
	.write = file_write,
	.lseek = file_lseek,
};

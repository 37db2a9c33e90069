// SPDX-License-Identifier: MIT
/*
 * Which paths the model owns. While the model is active the host's own
 * /dev/dri, /sys/class/drm, /sys/dev/char/226:* and udev database and tag
 * entries c226:* are hidden: lookups go to the fake tree (tree.c), where
 * only the configured devices exist (with their sysfs directories, bus and
 * driver entries).
 *
 * A path reaches the model absolute, or relative to a directory fd that
 * was opened on a directory above the owned ones (dirfd.c): systemd's
 * sd-device walks "/", "sys", "class", "drm" one openat at a time.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/limits.h>

#include "model/debugfs.h"
#include "model/model.h"
#include "model/shim_real.h"
#include "util/util.h"

/* Owned: a directory and all below it, or (prefix) every name in a directory starting so. */
struct owned_root {
	char path[176];
	bool prefix;
};

static const struct owned_root fixed_roots[] = {
	{ "/dev/dri", false },
	{ "/sys/class/drm", false },
	{ "/sys/dev/char/226:", true },
	{ "/run/udev/data/c226:", true },
	/* the tags systemd's rules give DRM nodes (tree_spec.c add_udev_db) */
	{ "/run/udev/tags/uaccess/c226:", true },
	{ "/run/udev/tags/seat/c226:", true },
	{ "/run/udev/tags/master-of-seat/c226:", true },
	/*
	 * The modelled kernel's debugfs, mounted where the kernel mounts it
	 * and never the host's: sw_sync.c's sync/, debugfs.c's dri/. A
	 * program's mount-point test (IGT's igt_debugfs_mount: st_dev of
	 * "<dir>/." and "<dir>/..") finds it mounted, as the root's parent is
	 * outside the tree (root_parent).
	 */
	{ MODEL_DEBUGFS, false },
	{ "/dev/sw_sync", false },
};

/* Each device's: its sysfs directory, its link in its bus's devices/, its driver's directory. */
#define ROOTS_PER_DEVICE 3
static struct owned_root device_roots[MODEL_MAX_DEVICES * ROOTS_PER_DEVICE];
static unsigned int nr_device_roots;

void model_paths_layout(void)
{
	nr_device_roots = 0;
	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		const struct model_device *dev = &model_config.devices[i];
		struct owned_root *r = &device_roots[nr_device_roots];
		bool pci = dev->chip->bus == MODEL_BUS_PCI;

		snprintf(r[0].path, sizeof(r[0].path), "%s", dev->sysfs_dir);
		snprintf(r[1].path, sizeof(r[1].path), "/sys/bus/%s/devices/%s",
			 pci ? "pci" : "platform", strrchr(dev->sysfs_dir, '/') + 1);
		snprintf(r[2].path, sizeof(r[2].path), "/sys/bus/%s/drivers/%s",
			 pci ? "pci" : "platform", dev->driver->name);
		nr_device_roots += ROOTS_PER_DEVICE;
	}
}

bool model_path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

static bool in_root(const char *path, const struct owned_root *r)
{
	if (r->prefix)
		return !strncmp(path, r->path, strlen(r->path));
	return model_path_under(path, r->path);
}

/*
 * @path is "<root>/.." of an owned directory root: the directory above it,
 * into @parent. The path walk leaves the tree there, as the kernel's
 * leaves a mount (follow_dotdot), so the answer is the parent's, not the
 * tree's. Other ".." in owned paths are the tree's to resolve.
 */
static bool root_parent(const char *path, char *parent, size_t len)
{
	size_t n = strlen(path);

	if (n > 1 && path[n - 1] == '/')
		n--;
	if (n < 4 || strncmp(path + n - 3, "/..", 3))
		return false;
	n -= 3;
	for (size_t i = 0; i < ARRAY_SIZE(fixed_roots); i++) {
		const struct owned_root *r = &fixed_roots[i];

		if (!r->prefix && strlen(r->path) == n && !strncmp(path, r->path, n)) {
			snprintf(parent, len, "%.*s", (int)(strrchr(r->path, '/') - r->path),
				 r->path);
			return true;
		}
	}
	return false;
}

static bool owned(const char *path)
{
	char parent[PATH_MAX];

	if (root_parent(path, parent, sizeof(parent)))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(fixed_roots); i++)
		if (in_root(path, &fixed_roots[i]))
			return true;
	for (unsigned int i = 0; i < nr_device_roots; i++)
		if (in_root(path, &device_roots[i]))
			return true;
	return false;
}

/* @dir (not owned itself) lies above @root: a lookup below @dir may reach it. */
static bool above(const char *dir, const char *root)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')	/* "/sys/bus/pci/devices/" as sd-device writes it */
		n--;
	if (n == 1 && dir[0] == '/')
		return true;
	return !strncmp(root, dir, n) && root[n] == '/';
}

bool model_path_above_owned(const char *path)
{
	if (!path || path[0] != '/' || owned(path))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(fixed_roots); i++)
		if (above(path, fixed_roots[i].path))
			return true;
	for (unsigned int i = 0; i < nr_device_roots; i++)
		if (above(path, device_roots[i].path))
			return true;
	return false;
}

/*
 * A directory above the owned paths that the host lacks (no /run/udev, no
 * PCI bus 0000:00 on this machine) is the tree's: the way down to the
 * owned paths must exist. Any other one is the host's.
 */
static bool missing_above(const char *path, char *out, size_t len)
{
	struct stat st;

	if (!model_path_above_owned(path) || !REAL(lstat)(path, &st))
		return false;
	snprintf(out, len, "%s%s", model_tree_root(), path);
	return !REAL(lstat)(out, &st);
}

bool model_path_map(const char *path, char *out, size_t len)
{
	char parent[PATH_MAX];

	if (!path || path[0] != '/' || !model_active())
		return false;
	if (root_parent(path, parent, sizeof(parent))) {
		/* the parent itself: a host without the root's directory may lack the way up */
		if (!missing_above(parent, out, len))
			snprintf(out, len, "%s", parent);
		return true;
	}
	if (!owned(path))
		return missing_above(path, out, len);
	snprintf(out, len, "%s%s", model_tree_root(), path);
	return true;
}

/*
 * The tree is shared by every process on the model, so nothing writes to
 * it. Its sysfs attributes have no store method: kernfs_fop_open answers
 * a writable open with EACCES, and a kernfs directory creates no file
 * (no ->create: EACCES); the model gives the same for its /dev and /run
 * files. O_TRUNC without write access changes nothing, as on sysfs.
 */
int model_tree_open_flags(const char *backing, int flags)
{
	if ((flags & O_ACCMODE) != O_RDONLY ||
	    ((flags & O_CREAT) && REAL(access)(backing, F_OK))) {
		errno = EACCES;
		return -1;
	}
	return flags & ~(O_TRUNC | O_CREAT | O_EXCL);
}

bool model_path_owned(const char *path)
{
	return path && path[0] == '/' && owned(path);
}

const char *model_path_in_tree(const char *backing)
{
	const char *root = model_tree_root_if_built();
	size_t n = root ? strlen(root) : 0;

	if (!n || strncmp(backing, root, n) || (backing[n] && backing[n] != '/'))
		return NULL;
	return backing[n] ? backing + n : "/";
}

void model_path_unmap(char *path)
{
	const char *vpath = model_path_in_tree(path);

	if (vpath)
		memmove(path, vpath, strlen(vpath) + 1);
}

/* /dev/dri/by-path/<id>-card: the node udev linked it to, "/dev/dri/card0". */
static bool by_path_node(const char *path, char *node, size_t len)
{
	char mapped[PATH_MAX], target[64];
	ssize_t n;

	if (strncmp(path, "/dev/dri/by-path/", 17) || !model_path_map(path, mapped, sizeof(mapped)))
		return false;
	n = REAL(readlink)(mapped, target, sizeof(target) - 1);
	if (n <= 3 || strncmp(target, "../", 3))
		return false;
	target[n] = '\0';
	snprintf(node, len, "/dev/dri/%s", target + 3);
	return true;
}

struct model_device *model_node_of_path(const char *path, int *type)
{
	unsigned int minor;
	char rest, node[96];

	if (!path || !model_active())
		return NULL;
	if (by_path_node(path, node, sizeof(node)))
		path = node;
	if (sscanf(path, "/dev/dri/card%u%c", &minor, &rest) != 1 &&
	    sscanf(path, "/dev/dri/renderD%u%c", &minor, &rest) != 1)
		return NULL;
	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];
		char want[48];

		snprintf(want, sizeof(want), "/dev/dri/%s%u", minor >= 128 ? "renderD" : "card",
			 minor);
		if (strcmp(want, path))
			continue;
		if (minor == dev->card_minor) {
			*type = 0;
			return dev;
		}
		if (minor == dev->render_minor) {
			*type = 2;
			return dev;
		}
	}
	return NULL;
}

const char *model_at_path(int dirfd, const char *path, char *buf, size_t len)
{
	if (!path || !model_active())
		return NULL;
	if (path[0] == '/')
		return path;
	return model_dirfd_join(dirfd, path, buf, len) ? buf : NULL;
}

/* In its own file so that glibc's nonnull attributes cannot drop the test. */
bool model_path_is_empty(const char *path)
{
	return path && !path[0];
}

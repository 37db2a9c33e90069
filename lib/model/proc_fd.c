// SPDX-License-Identifier: MIT
/*
 * /proc/self/fd/<n> of a model fd (also /proc/thread-self/fd/<n>,
 * /proc/<own pid or tid>/fd/<n> and /dev/fd/<n>, which Debian links to
 * /proc/self/fd). In the kernel each is a "magic link" (fs/proc/fd.c
 * proc_fd_link, followed by nd_jump_link in fs/namei.c): open and stat
 * jump to the open file's own dentry, so open opens that inode afresh;
 * readlink prints d_path() of it; lstat describes the link itself.
 *
 * What each model fd stands for, and so what the kernel gives:
 *   DRM file	the device node: open is chrdev_open -> drm_stub_open ->
 *		drm_open -> drm_open_helper, a new drm_file with its own
 *		handles and a fresh open's master rules; readlink
 *		"/dev/dri/<node>"; stat is the node's.
 *   syncobj	anon_inode_getfile("syncobj_file") in drm_syncobj.c
 *		drm_syncobj_get_fd: readlink "anon_inode:syncobj_file".
 *   sync_file	anon_inode_getfile("sync_file") in sync_file.c
 *		sync_file_alloc: readlink "anon_inode:sync_file".
 *   dma-buf	alloc_file_pseudo(..., "dmabuf") in dma-buf.c
 *		dma_buf_getfile; readlink is dmabuffs_dname's "/dmabuf:<name>"
 *		(the model has no DMA_BUF_SET_NAME, so the name is empty).
 *   debugfs	a driver's attribute file (debugfs.c): readlink its path,
 *		open is a new open of it.
 * The syncobj, sync_file and dma-buf are anonymous inodes, which keep
 * inode_init_always's no_open_fops (fs/inode.c): opening them again is
 * ENXIO.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/limits.h>

#include "model/debugfs.h"
#include "model/model.h"

/*
 * A decimal as fs/proc/util.c name_to_int reads a /proc name: digits only,
 * no leading zero, no overflow. Returns the value and sets *end, or -1.
 */
static long proc_number(const char *s, const char **end)
{
	long v = 0;

	if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		v = v * 10 + (*s - '0');
		if (v > 0x7fffffff)
			return -1;
	}
	*end = s;
	return v;
}

/* @path starts with @prefix: the rest, else NULL. */
static const char *skip(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(path, prefix, n) ? NULL : path + n;
}

/* The "fd/<n>" directory part after /proc/: self, thread-self or our own pid/tid. */
static const char *own_fd_dir(const char *rest)
{
	const char *p;
	long id;

	if ((p = skip(rest, "self/fd/")) || (p = skip(rest, "thread-self/fd/")))
		return p;
	id = proc_number(rest, &p);
	if (id < 0 || (id != getpid() && id != gettid()))
		return NULL;
	return skip(p, "/fd/");
}

int model_proc_fd(const char *path)
{
	const char *p, *end;
	long fd;

	if (!path)
		return -1;
	if ((p = skip(path, "/proc/")))
		p = own_fd_dir(p);
	else
		p = skip(path, "/dev/fd/");
	if (!p)
		return -1;
	fd = proc_number(p, &end);
	return fd >= 0 && !*end ? (int)fd : -1;
}

enum model_fd_kind model_fd_describe(int fd, struct model_fd_info *info)
{
	struct model_fd_ref ref;

	memset(info, 0, sizeof(*info));
	if (fd < 0 || !model_active())
		return MODEL_FD_NONE;
	pthread_mutex_lock(&model_lock);
	ref = model_fd_lookup(fd);
	if (ref.kind == MODEL_FD_DRM) {
		const struct model_file *file = ref.obj;

		info->dev = file->dev;
		info->node_type = file->node_type;
		info->access = file->access;
	} else if (ref.kind == MODEL_FD_DMABUF) {
		info->access = ((struct model_dmabuf *)ref.obj)->rdwr ? O_RDWR : O_RDONLY;
	} else if (ref.kind == MODEL_FD_DEBUGFS) {
		model_debugfs_describe(ref.obj, info);
	} else if (ref.kind == MODEL_FD_SW_SYNC) {
		/* the model keeps no access mode for it; sw_sync needs a writer's open */
		info->access = O_RDWR;
	} else {
		/* anon_inode_getfile(..., flags 0): opened read-only */
		info->access = O_RDONLY;
	}
	pthread_mutex_unlock(&model_lock);
	return ref.kind;
}

int model_node_name(const struct model_device *dev, int type, char *buf, size_t len)
{
	return snprintf(buf, len, "/dev/dri/%s%u", type ? "renderD" : "card",
			type ? dev->render_minor : dev->card_minor);
}

int model_fd_link_text(enum model_fd_kind kind, const struct model_fd_info *info, char *buf,
		       size_t len)
{
	switch (kind) {
	case MODEL_FD_DRM:
		return model_node_name(info->dev, info->node_type, buf, len);
	case MODEL_FD_DMABUF:
		return snprintf(buf, len, "/dmabuf:");
	case MODEL_FD_SYNCOBJ:
		return snprintf(buf, len, "anon_inode:syncobj_file");
	case MODEL_FD_SYNC_FILE:
		return snprintf(buf, len, "anon_inode:sync_file");
	case MODEL_FD_SW_SYNC:
		/* a debugfs file: its path */
		return snprintf(buf, len, "/sys/kernel/debug/sync/sw_sync");
	case MODEL_FD_DEBUGFS:
		return model_debugfs_path(info, buf, len);
	case MODEL_FD_NONE:
		break;
	}
	return -1;
}

bool model_proc_fd_serves(const char *path)
{
	struct model_fd_info info;

	return model_fd_describe(model_proc_fd(path), &info) != MODEL_FD_NONE;
}

int model_proc_fd_open(const char *path, int flags)
{
	struct model_fd_info info;

	switch (model_fd_describe(model_proc_fd(path), &info)) {
	case MODEL_FD_NONE:
		return -ENOENT;	/* closed since model_proc_fd_serves */
	case MODEL_FD_DRM:
		return model_file_open(info.dev, info.node_type, flags);
	case MODEL_FD_SW_SYNC:
		/* the debugfs file again: sw_sync_debugfs_open, a new timeline */
		return model_sw_sync_open(flags);
	case MODEL_FD_DEBUGFS: {
		char attr[PATH_MAX];

		/* the debugfs file again: a new open of it */
		model_debugfs_path(&info, attr, sizeof(attr));
		return model_debugfs_open(attr, flags);
	}
	default:
		return -ENXIO;
	}
}

/*
 * fs/proc/fd.c tid_fd_update_inode: the link's mode is S_IFLNK with
 * r-x for a readable file and -wx for a writable one.
 */
mode_t model_fd_link_mode(const struct model_fd_info *info)
{
	mode_t mode = S_IFLNK;

	/* OPEN_FMODE: access mode 3 is neither readable nor writable */
	if (info->access == O_RDONLY || info->access == O_RDWR)
		mode |= S_IRUSR | S_IXUSR;
	if (info->access == O_WRONLY || info->access == O_RDWR)
		mode |= S_IWUSR | S_IXUSR;
	return mode;
}

// SPDX-License-Identifier: MIT
/*
 * model_paths: the device model's answers for paths that name an open fd:
 * /proc/self/fd/<n> and its aliases reopen a DRM node as a new drm_file
 * (IGT's drm_reopen_driver), readlink and stat say what the kernel says
 * for DRM, syncobj, sync_file and dma-buf fds, and reopening an anonymous
 * inode is ENXIO; statfs names the filesystem each part of the fake tree
 * stands for, and the model's debugfs is mounted at /sys/kernel/debug. Runs on the model (DRMSUB_MODEL set); skips elsewhere.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/magic.h>

#include "core_common.h"
#include "kernel_version.h"

IGT_TEST_DESCRIPTION("Reopen, readlink and stat through /proc/self/fd of the model's fds.");

/* "/proc/self/fd/<fd>" (one static buffer: use it before the next call). */
static char *proc_fd(int fd)
{
	static char path[32];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return path;
}

/* readlink of /proc/self/fd/<fd>, NUL-terminated. */
static const char *link_of(int fd)
{
	static char text[PATH_MAX];
	ssize_t n = readlink(proc_fd(fd), text, sizeof(text) - 1);

	igt_assert_f(n >= 0, "readlink %s: %s\n", proc_fd(fd), strerror(errno));
	text[n] = '\0';
	return text;
}

static char *node_path(int fd)
{
	char *name = drmGetDeviceNameFromFd2(fd);

	igt_assert(name);
	return name;
}

/* A GEM_CLOSE of @handle through @fd: 0 or -errno. */
/* AUTH_MAGIC of an unknown magic: EINVAL for the master, EACCES for others. */
static int auth_bad_magic(int fd)
{
	struct drm_auth auth = { .magic = 0x7fff };

	return drmIoctl(fd, DRM_IOCTL_AUTH_MAGIC, &auth) ? -errno : 0;
}

static int render = -1;

static void assert_same_node(const struct stat *a, const struct stat *b)
{
	igt_assert(S_ISCHR(a->st_mode));
	igt_assert_eq_u32(a->st_mode, b->st_mode);
	igt_assert_eq_u64(a->st_rdev, b->st_rdev);
	igt_assert_eq_u64(a->st_ino, b->st_ino);
	igt_assert_eq_u64(a->st_dev, b->st_dev);
}

/* statfs of @path names the filesystem whose magic is @magic. */
static void expect_fs_type(const char *path, long magic)
{
	struct statfs sfs;

	igt_assert_f(!statfs(path, &sfs), "statfs %s: %s\n", path, strerror(errno));
	igt_assert_f(sfs.f_type == magic, "%s: f_type %#lx, not %#lx\n", path,
		     (long)sfs.f_type, magic);
}

igt_main
{

	igt_fixture {
		igt_require_f(getenv("DRMSUB_MODEL"), "DRMSUB_MODEL is not set\n");
		render = core_open(DRMSUB_NODE_RENDER);
	}

	igt_describe("open(/proc/self/fd/<n>) of a render node is a new drm_file "
		     "(drm_open_helper): a handle of the first file is unknown in it, and it "
		     "lives on when the first fd is closed.");
	igt_subtest("reopen-new-file") {
		uint32_t bo = core_bo_new(render, 4096, NULL);
		int again = open(proc_fd(render), O_RDWR | O_CLOEXEC);
		uint32_t bo2;
		char *node;

		igt_assert_fd(again);
		igt_assert_errno(drmCloseBufferHandle(again, bo), EINVAL,
				 "drm_gem_handle_delete: no such handle in this drm_file");
		bo2 = core_bo_new(again, 4096, NULL);
		/* idr_alloc(..., 1, 0) per file: both files' first handle */
		igt_assert_eq_u32(bo2, bo);
		igt_assert_eq(drmCloseBufferHandle(render, bo), 0);
		igt_assert_eq(drmCloseBufferHandle(again, bo2), 0);
		node = node_path(render);
		igt_assert_eq_str(link_of(again), node);
		free(node);
		close(again);
	}

	igt_describe("/dev/fd/<n>, /proc/<pid>/fd/<n>, /proc/<tid>/fd/<n> and "
		     "/proc/thread-self/fd/<n> reopen the node too; /proc/self/fd/0<n> is no "
		     "name of /proc (name_to_int: no leading zero).");
	igt_subtest("reopen-aliases") {
		char paths[4][64];

		snprintf(paths[0], sizeof(paths[0]), "/dev/fd/%d", render);
		snprintf(paths[1], sizeof(paths[1]), "/proc/%d/fd/%d", (int)getpid(), render);
		snprintf(paths[2], sizeof(paths[2]), "/proc/%d/fd/%d", (int)gettid(), render);
		snprintf(paths[3], sizeof(paths[3]), "/proc/thread-self/fd/%d", render);
		for (unsigned int i = 0; i < 4; i++) {
			int again = open(paths[i], O_RDWR | O_CLOEXEC);

			igt_assert_f(again >= 0, "open %s: %s\n", paths[i], strerror(errno));
			igt_assert_eq(drmGetNodeTypeFromFd(again), DRM_NODE_RENDER);
			close(again);
		}
		snprintf(paths[0], sizeof(paths[0]), "/proc/self/fd/0%d", render);
		igt_assert_errno(open(paths[0], O_RDWR), ENOENT,
				 "proc_lookupfd: name_to_int rejects a leading zero");
	}

	igt_describe("A reopened primary node follows a fresh open's master rules "
		     "(drm_master_open): not master while the first opener is, master when "
		     "opened after the master's file is gone.");
	igt_subtest("reopen-master") {
		int card = core_open(DRMSUB_NODE_PRIMARY), second, third;

		igt_assert_errno(auth_bad_magic(card) ? -1 : 0, EINVAL,
				 "drm_authmagic: the master sees an unknown magic");
		second = open(proc_fd(card), O_RDWR | O_CLOEXEC);
		igt_assert_fd(second);
		igt_assert_errno(auth_bad_magic(second) ? -1 : 0, EACCES,
				 "drm_ioctl_permit: AUTH_MAGIC is DRM_MASTER");
		close(card);
		third = open(proc_fd(second), O_RDWR | O_CLOEXEC);
		igt_assert_fd(third);
		igt_assert_errno(auth_bad_magic(third) ? -1 : 0, EINVAL,
				 "drm_master_open: the first opener without a master becomes it");
		close(third);
		close(second);
	}

	igt_describe("O_EXCL on a DRM node is EBUSY (drm_open_helper: no exclusive opens), "
		     "by its path and through /proc/self/fd; with O_CREAT the VFS says EEXIST first.");
	igt_subtest("open-excl") {
		char *node = node_path(render);

		igt_assert_errno(open(node, O_RDWR | O_EXCL), EBUSY,
				 "drm_open_helper: no exclusive opens");
		igt_assert_errno(open(proc_fd(render), O_RDWR | O_EXCL), EBUSY,
				 "drm_open_helper: no exclusive opens");
		igt_assert_errno(open(node, O_RDWR | O_CREAT | O_EXCL, 0666), EEXIST,
				 "open_last_lookups: O_CREAT | O_EXCL of an existing node");
		free(node);
	}

	igt_describe("readlink of a DRM fd's link names its node (primary and render); a "
		     "short buffer gets the first bytes (do_proc_readlink truncates), an empty "
		     "one is EINVAL (do_readlinkat).");
	igt_subtest("readlink-node") {
		int card = core_open(DRMSUB_NODE_PRIMARY);
		char *cnode = node_path(card), *rnode = node_path(render), buf[8];

		igt_assert(!strncmp(rnode, "/dev/dri/renderD", 16));
		igt_assert(!strncmp(cnode, "/dev/dri/card", 13));
		igt_assert_eq_str(link_of(render), rnode);
		igt_assert_eq_str(link_of(card), cnode);
		igt_assert_eq(readlink(proc_fd(render), buf, 5), 5);
		igt_assert(!memcmp(buf, "/dev/", 5));
		igt_assert_errno(readlink(proc_fd(render), buf, 0), EINVAL,
				 "do_readlinkat: a buffer of size 0");
		igt_assert_eq(readlinkat(AT_FDCWD, proc_fd(render), buf, 8), 8);
		free(cnode);
		free(rnode);
		close(card);
	}

	igt_describe("stat and fstatat of a DRM fd's link, stat of its node and fstat of "
		     "the fd agree (the link is followed to the node's inode); lstat sees the "
		     "link itself, S_IFLNK with the fd's access (tid_fd_update_inode); "
		     "realpath gives the node.");
	igt_subtest("stat-node") {
		char *node = node_path(render), *real;
		struct stat by_link, by_node, by_fd, at, link;
		struct statx stx;
		int ro = open(node, O_RDONLY | O_CLOEXEC);

		igt_assert_fd(ro);
		igt_assert_eq(stat(proc_fd(render), &by_link), 0);
		igt_assert_eq(stat(node, &by_node), 0);
		igt_assert_eq(fstat(render, &by_fd), 0);
		igt_assert_eq(fstatat(AT_FDCWD, proc_fd(render), &at, 0), 0);
		assert_same_node(&by_link, &by_node);
		assert_same_node(&by_fd, &by_node);
		assert_same_node(&at, &by_node);
		igt_assert_eq(major(by_link.st_rdev), 226);
		igt_assert_eq(statx(AT_FDCWD, proc_fd(render), 0, STATX_BASIC_STATS, &stx), 0);
		igt_assert_eq_u32(stx.stx_mode, by_node.st_mode);
		igt_assert_eq_u32(stx.stx_rdev_minor, minor(by_node.st_rdev));

		igt_assert_eq(lstat(proc_fd(render), &link), 0);
		igt_assert_eq_u32(link.st_mode, S_IFLNK | 0700);
		igt_assert_eq(lstat(proc_fd(ro), &link), 0);
		igt_assert_eq_u32(link.st_mode, S_IFLNK | 0500);
		igt_assert_eq(fstatat(AT_FDCWD, proc_fd(ro), &link, AT_SYMLINK_NOFOLLOW), 0);
		igt_assert_eq_u32(link.st_mode, S_IFLNK | 0500);
		igt_assert_eq(statx(AT_FDCWD, proc_fd(ro), AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS,
				    &stx), 0);
		igt_assert_eq_u32(stx.stx_mode, S_IFLNK | 0500);

		real = realpath(proc_fd(render), NULL);
		igt_assert(real);
		igt_assert_eq_str(real, node);
		free(real);
		free(node);
		close(ro);
	}

	igt_describe("syncobj, sync_file and dma-buf fds link to the names the kernel's "
		     "d_path gives (anon_inode:syncobj_file, anon_inode:sync_file, /dmabuf:), "
		     "and reopening them is ENXIO (anonymous inodes keep no_open_fops).");
	igt_subtest("anon-fds") {
		uint32_t bo = core_bo_new(render, 4096, NULL), syncobj;
		int dmabuf, sobj_fd, sync_fd;
		struct stat st;

		igt_require(core_has_cap(render, DRM_CAP_SYNCOBJ));
		igt_assert_eq(drmSyncobjCreate(render, DRM_SYNCOBJ_CREATE_SIGNALED, &syncobj), 0);
		igt_assert_eq(drmSyncobjHandleToFD(render, syncobj, &sobj_fd), 0);
		igt_assert_eq(drmSyncobjExportSyncFile(render, syncobj, &sync_fd), 0);
		igt_assert_eq(drmPrimeHandleToFD(render, bo, DRM_CLOEXEC | DRM_RDWR, &dmabuf), 0);

		igt_assert_eq_str(link_of(sobj_fd), "anon_inode:syncobj_file");
		igt_assert_eq_str(link_of(sync_fd), "anon_inode:sync_file");
		igt_assert_eq_str(link_of(dmabuf), "/dmabuf:");
		igt_assert_errno(open(proc_fd(sobj_fd), O_RDWR), ENXIO,
				 "inode_init_always: no_open_fops of an anonymous inode");
		igt_assert_errno(open(proc_fd(sync_fd), O_RDONLY), ENXIO,
				 "inode_init_always: no_open_fops of an anonymous inode");
		igt_assert_errno(open(proc_fd(dmabuf), O_RDWR), ENXIO,
				 "dma_buf_getfile: alloc_anon_inode keeps no_open_fops");
		/* anon_inode_getfile(..., 0) makes read-only files; the export was RDWR */
		igt_assert_eq(lstat(proc_fd(sobj_fd), &st), 0);
		igt_assert_eq_u32(st.st_mode, S_IFLNK | 0500);
		igt_assert_eq(lstat(proc_fd(dmabuf), &st), 0);
		igt_assert_eq_u32(st.st_mode, S_IFLNK | 0700);
		close(dmabuf);
		close(sync_fd);
		close(sobj_fd);
		drmSyncobjDestroy(render, syncobj);
		core_bo_close(render, bo);
	}

	igt_describe("The fake sysfs reads as the kernel's (dev is \"226:<minor>\") and refuses "
		     "writes as kernfs_fop_open does for attributes without a store (EACCES), "
		     "by open and by fopen: the tree is shared by every process.");
	igt_subtest("sysfs-read-only") {
		struct stat st;
		char path[64], text[32] = "";
		FILE *f;
		int fd;

		igt_assert_eq(fstat(render, &st), 0);
		snprintf(path, sizeof(path), "/sys/dev/char/226:%u/dev", minor(st.st_rdev));
		fd = open(path, O_RDONLY);
		igt_assert_fd(fd);
		igt_assert(read(fd, text, sizeof(text) - 1) > 0);
		close(fd);
		snprintf(path, sizeof(path), "226:%u\n", minor(st.st_rdev));
		igt_assert_eq_str(text, path);
		snprintf(path, sizeof(path), "/sys/dev/char/226:%u/uevent", minor(st.st_rdev));
		igt_assert_errno(open(path, O_WRONLY), EACCES,
				 "kernfs_fop_open: a writable open of an attribute without store");
		igt_assert_errno(open("/sys/class/drm/new-file", O_RDONLY | O_CREAT, 0644), EACCES,
				 "lookup_open: a kernfs directory has no ->create");
		errno = 0;
		f = fopen(path, "a");
		igt_assert(!f);
		igt_assert_eq(errno, EACCES);
	}

	igt_describe("statfs and fstatfs name the filesystem each part of the fake tree stands "
		     "for: sysfs (sd-device's device_set_syspath requires SYSFS_MAGIC), "
		     "devtmpfs (tmpfs's magic) and debugfs.");
	igt_subtest("statfs-types") {
		struct statfs sfs;
		struct stat st;
		char path[64];
		int fd;

		expect_fs_type("/sys/class/drm", SYSFS_MAGIC);
		expect_fs_type("/dev/dri", TMPFS_MAGIC);
		expect_fs_type("/sys/kernel/debug/sync", DEBUGFS_MAGIC);
		igt_assert_eq(fstat(render, &st), 0);
		snprintf(path, sizeof(path), "/sys/dev/char/226:%u", minor(st.st_rdev));
		fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		igt_assert_fd(fd);
		igt_assert_eq(fstatfs(fd, &sfs), 0);
		close(fd);
		igt_assert_eq_u64(sfs.f_type, SYSFS_MAGIC);
	}

	igt_describe("The modelled kernel's debugfs is mounted at /sys/kernel/debug and hides "
		     "the host's: it lists sync/ (sw_sync) and, from 6.7, dri/, nothing else; "
		     "\"..\" of it is /sys/kernel, on another filesystem (follow_dotdot leaves "
		     "the mount), which IGT's igt_debugfs_mount takes for a mount point.");
	igt_subtest("debugfs-mounted") {
		bool sync = false, dri = false;
		struct stat in, up, parent;
		struct dirent *e;
		DIR *d = opendir("/sys/kernel/debug");

		igt_assert(d);
		while ((e = readdir(d))) {
			sync |= !strcmp(e->d_name, "sync");
			dri |= !strcmp(e->d_name, "dri");
			igt_assert_f(!strcmp(e->d_name, "sync") || !strcmp(e->d_name, "dri") ||
				     !strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."),
				     "/sys/kernel/debug/%s is not the modelled kernel's\n", e->d_name);
		}
		closedir(d);
		igt_assert(sync);
		igt_assert_eq(dri, kernel_at_least(6, 7));
		igt_assert_eq(stat("/sys/kernel/debug/.", &in), 0);
		igt_assert_eq(stat("/sys/kernel/debug/..", &up), 0);
		igt_assert_eq(stat("/sys/kernel", &parent), 0);
		igt_assert(S_ISDIR(in.st_mode) && S_ISDIR(up.st_mode));
		igt_assert_neq_u64(in.st_dev, up.st_dev);
		igt_assert_eq_u64(up.st_dev, parent.st_dev);
		igt_assert_eq_u64(up.st_ino, parent.st_ino);
	}

	igt_describe("\"..\" of the model's /dev/dri is the host's /dev, the directory the "
		     "path walk climbs to, not a copy in the model's tree.");
	igt_subtest("dotdot-leaves-tree") {
		struct stat up, parent;

		igt_assert_eq(stat("/dev/dri/..", &up), 0);
		igt_assert_eq(stat("/dev", &parent), 0);
		igt_assert_eq_u64(up.st_dev, parent.st_dev);
		igt_assert_eq_u64(up.st_ino, parent.st_ino);
	}

	igt_fixture
		close(render);
}

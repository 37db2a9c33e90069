// SPDX-License-Identifier: MIT
/*
 * core_debugfs: the DRM debugfs directory of the first msm, nouveau or
 * radeon device, in the layout 6.7 gave it ("drm/debugfs: rework debugfs
 * directory creation", drm_debugfs.c): one directory per device named
 * after dev->unique, a link dri/<minor> to it for each minor, the core's
 * "name" file; and on msm a debugfs_create_bool file (disable_err_irq,
 * msm_debugfs.c) with fs/debugfs/file.c's read, write and seek rules.
 * Needs debugfs mounted at /sys/kernel/debug and root (the model mounts
 * its own there, and serves dri/ from 6.7 on).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/magic.h>

#include "core_common.h"
#include "util/array.h"
#include "kernel_version.h"

IGT_TEST_DESCRIPTION("The DRM debugfs directory: per-device directory, minor links, the name "
		     "file, and a driver's bool attribute.");

#define DEBUGFS_DRI "/sys/kernel/debug/dri"
#define BOOL_ATTR "disable_err_irq"

static int fd = -1;
static char unique[128];		/* dev->unique: the parent device's name */
static bool saved;			/* the bool attribute's value before the tests */
static char primary_dir[64];		/* dri/<primary minor>, as IGT finds it */

/* drm_dev_init: dev->unique is dev_name() of the parent, the node's "device" in sysfs. */
static void read_unique(void)
{
	char link[64], *dev;
	struct stat st;

	igt_assert_eq(fstat(fd, &st), 0);
	snprintf(link, sizeof(link), "/sys/dev/char/%u:%u/device", major(st.st_rdev),
		 minor(st.st_rdev));
	dev = realpath(link, NULL);
	igt_assert_f(dev, "%s: %s\n", link, strerror(errno));
	snprintf(unique, sizeof(unique), "%s", basename(dev));
	free(dev);
}

static unsigned int fd_minor(void)
{
	struct stat st;

	igt_assert_eq(fstat(fd, &st), 0);
	return minor(st.st_rdev);
}

/* @path is a link whose target is the device's directory name, and it leads there. */
static void expect_link_to_device(const char *path)
{
	char target[NAME_MAX + 1] = "", dir[PATH_MAX];
	struct stat via_link, direct;
	ssize_t n = readlink(path, target, sizeof(target) - 1);

	igt_assert_f(n > 0, "readlink %s: %s\n", path, strerror(errno));
	/* debugfs_create_symlink(name, root, dev->unique): the bare name */
	igt_assert_eq_str(target, unique);
	snprintf(dir, sizeof(dir), DEBUGFS_DRI "/%s", unique);
	igt_assert_eq(stat(path, &via_link), 0);
	igt_assert_eq(stat(dir, &direct), 0);
	igt_assert(S_ISDIR(direct.st_mode));
	igt_assert(via_link.st_ino == direct.st_ino && via_link.st_dev == direct.st_dev);
}

/* A page no access reaches: a user buffer the kernel's copies fault on. */
static void *no_access_page(void)
{
	void *p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	igt_assert(p != MAP_FAILED);
	return p;
}

static int attr_open(int flags)
{
	int f = drmsub_debugfs_open(fd, BOOL_ATTR, flags);

	igt_assert_f(f >= 0, "%s/%s: %s\n", primary_dir, BOOL_ATTR, strerror(-f));
	return f;
}

/* The whole file from its start: "Y\n" or "N\n" (debugfs_read_file_bool). */
static bool attr_value(void)
{
	int f = attr_open(O_RDONLY);
	char buf[8] = "";
	ssize_t n = read(f, buf, sizeof(buf));

	close(f);
	igt_assert_eq(n, 2);
	igt_assert_f(!strcmp(buf, "Y\n") || !strcmp(buf, "N\n"), "read \"%s\"\n", buf);
	return buf[0] == 'Y';
}

/* One write of @text; debugfs_write_file_bool returns the whole length, parsed or not. */
static void attr_write(const char *text)
{
	int f = attr_open(O_WRONLY);

	igt_assert_eq(write(f, text, strlen(text)), (ssize_t)strlen(text));
	close(f);
}

/* Write @value as Y or N and see it read back. */
static void attr_set(bool value)
{
	attr_write(value ? "Y" : "N");
	igt_assert_eq(attr_value(), value);
}

igt_main
{
	igt_fixture {
		int ret;

		fd = core_open(DRMSUB_NODE_RENDER);
		igt_require_f(kernel_at_least(6, 7),
			      "the per-device directory and minor links are 6.7's (drm_debugfs.c)\n");
		ret = drmsub_debugfs_dir(fd, primary_dir, sizeof(primary_dir));
		igt_require_f(!ret, "no DRM debugfs directory (debugfs at /sys/kernel/debug, root): "
			      "%s\n", strerror(-ret));
		read_unique();
	}

	igt_describe("drm_debugfs_register: dri/<minor> of the render node and of the primary "
		     "node are links named after dev->unique to the device's one directory.");
	igt_subtest("minor-links") {
		char path[64];

		snprintf(path, sizeof(path), DEBUGFS_DRI "/%u", fd_minor());
		expect_link_to_device(path);
		expect_link_to_device(primary_dir);
	}

	igt_describe("drm_name_info: \"<driver> dev=<parent> unique=<unique>\\n\" (a master= "
		     "part only where a master set a unique name).");
	igt_subtest("name") {
		char path[PATH_MAX], want[sizeof(unique) + 64], buf[512] = "";
		int f;
		ssize_t n;

		snprintf(path, sizeof(path), DEBUGFS_DRI "/%s/name", unique);
		f = open(path, O_RDONLY | O_CLOEXEC);
		igt_assert_fd(f);
		n = read(f, buf, sizeof(buf) - 1);
		close(f);
		igt_assert_f(n > 0, "read %s: %s\n", path, strerror(errno));
		snprintf(want, sizeof(want), "%s dev=%s ", core_driver, unique);
		igt_assert_f(!strncmp(buf, want, strlen(want)), "\"%s\" starts \"%s\"\n", buf, want);
		snprintf(want, sizeof(want), " unique=%s\n", unique);
		igt_assert_f((size_t)n > strlen(want) && !strcmp(buf + n - strlen(want), want),
			     "\"%s\" ends \"%s\"\n", buf, want);
	}

	igt_describe("The directories and files lie on debugfs: statfs and fstatfs say "
		     "DEBUGFS_MAGIC (fs/debugfs/inode.c debug_fill_super), mounted at "
		     "/sys/kernel/debug (its st_dev is not its parent's).");
	igt_subtest("on-debugfs") {
		char path[PATH_MAX];
		struct statfs sfs;
		struct stat in, up;
		int f;

		igt_assert_eq(stat("/sys/kernel/debug/.", &in), 0);
		igt_assert_eq(stat("/sys/kernel/debug/..", &up), 0);
		igt_assert_neq_u64(in.st_dev, up.st_dev);

		igt_assert_eq(statfs(primary_dir, &sfs), 0);
		igt_assert_eq_u64(sfs.f_type, DEBUGFS_MAGIC);
		snprintf(path, sizeof(path), DEBUGFS_DRI "/%s/name", unique);
		igt_assert_eq(statfs(path, &sfs), 0);
		igt_assert_eq_u64(sfs.f_type, DEBUGFS_MAGIC);
		f = open(path, O_RDONLY | O_CLOEXEC);
		igt_assert_fd(f);
		igt_assert_eq(fstatfs(f, &sfs), 0);
		close(f);
		igt_assert_eq_u64(sfs.f_type, DEBUGFS_MAGIC);
	}

	igt_subtest_group {
		igt_fixture {
			igt_require_f(core_is("msm"), "the bool attribute is msm's %s\n", BOOL_ATTR);
			saved = attr_value();
		}

		igt_describe("debugfs_write_file_bool: kstrtobool of the first bytes sets the "
			     "value (Y/N, 1/0, on/off); a word it cannot parse or a faulting "
			     "buffer changes nothing, and every write returns its length.");
		igt_subtest_with_dynamic("bool-values") {
			/* kstrtobool: the first character, or "o" and the second */
			static const struct {
				const char *name, *text;
				bool value;
			} parsed[] = {
				{ "Y", "Y", true }, { "0-newline", "0\n", false },
				{ "on", "on", true }, { "off-newline", "off\n", false },
				{ "1", "1", true }, { "n", "n", false },
			};
			static const struct {
				const char *name, *text;
			} unparsed[] = { { "x", "x" }, { "ox", "ox" }, { "empty", "" } };

			/* each case sets the value first: each runs in its own process */
			array_for_each(w, parsed) {
				igt_dynamic_f("write-%s", w->name) {
					attr_set(!w->value);
					attr_write(w->text);
					igt_assert_eq(attr_value(), w->value);
				}
			}
			for (int keep = 0; keep < 2; keep++) {
				array_for_each(w, unparsed) {
					igt_dynamic_f("unparsed-%s-keeps-%c", w->name, keep ? 'Y' : 'N') {
						attr_set(keep);
						attr_write(w->text);
						igt_assert_eq(attr_value(), keep);
					}
				}
				/* kstrtobool_from_user's EFAULT is swallowed too */
				igt_dynamic_f("faulting-buffer-keeps-%c", keep ? 'Y' : 'N') {
					int f;

					attr_set(keep);
					f = attr_open(O_WRONLY);
					igt_assert_eq(write(f, no_access_page(), 2), 2);
					close(f);
					igt_assert_eq(attr_value(), keep);
				}
			}
		}

		igt_describe("The file's position (simple_read_from_buffer, default_llseek), "
			     "access modes (VFS: EBADF), a dup sharing the position, its "
			     "/proc/self/fd link, O_CREAT | O_EXCL and O_PATH opens.");
		igt_subtest("bool-file-rules") {
			int f = attr_open(O_RDONLY), g;
			char c = 0, link[64], want[PATH_MAX], target[PATH_MAX];
			ssize_t n;

			igt_assert_eq(lseek(f, 1, SEEK_SET), 1);
			igt_assert_eq(read(f, &c, 1), 1);
			igt_assert_eq(c, '\n');
			igt_assert_eq(read(f, &c, 1), 0);
			igt_assert_errno(lseek(f, -3, SEEK_CUR), EINVAL,
					 "default_llseek: a negative position");
			igt_assert_errno(write(f, "Y", 1), EBADF, "vfs_write: not opened for writing");
			igt_assert_eq(lseek(f, 0, SEEK_SET), 0);
			igt_assert_errno(read(f, no_access_page(), 1), EFAULT,
					 "simple_read_from_buffer: nothing copied");
			igt_assert_eq(read(f, link, sizeof(link)), 2);	/* the position stayed */
			g = dup(f);
			igt_assert_eq(lseek(g, 0, SEEK_SET), 0);
			igt_assert_eq(read(f, &c, 1), 1);
			igt_assert(c == 'Y' || c == 'N');
			close(g);
			close(f);
			f = attr_open(O_WRONLY);
			/* proc_fd_link: d_path of the file, in the device's directory */
			snprintf(link, sizeof(link), "/proc/self/fd/%d", f);
			snprintf(want, sizeof(want), DEBUGFS_DRI "/%s/" BOOL_ATTR, unique);
			n = readlink(link, target, sizeof(target) - 1);
			igt_assert_lt(0, n);
			target[n] = '\0';
			igt_assert_eq_str(target, want);
			igt_assert_errno(read(f, &c, 1), EBADF, "vfs_read: not opened for reading");
			close(f);
			/* open_last_lookups: O_CREAT | O_EXCL of a name that exists */
			igt_assert_eq(drmsub_debugfs_open(fd, BOOL_ATTR, O_CREAT | O_EXCL | O_WRONLY),
				      -EEXIST);
			/* do_dentry_open: an O_PATH open reaches no file operation */
			f = drmsub_debugfs_open(fd, BOOL_ATTR, O_PATH);
			igt_assert_fd(f);
			igt_assert_errno(read(f, &c, 1), EBADF, "vfs_read: an O_PATH file has no read");
			close(f);
		}

		igt_fixture
			attr_write(saved ? "Y" : "N");
	}

	igt_fixture
		close(fd);
}

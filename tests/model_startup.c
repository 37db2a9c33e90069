// SPDX-License-Identifier: MIT
/*
 * model_startup: what the device model costs a process before it touches
 * a device. The fake /dev/dri and sysfs tree is built only when a process
 * first uses an owned path, once per set of devices, and shared by every
 * later process; a tree that others could write is refused. Each subtest
 * runs fresh processes (this binary, or core_drm beside it) with their
 * own $TMPDIR. Runs on the model (DRMSUB_MODEL set); skips elsewhere.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("Lazy, shared construction of the device model's fake filesystem.");

static char self[PATH_MAX], core_drm[PATH_MAX];

/* Run @argv with TMPDIR=@tmpdir, its output thrown away; its exit status. */
static int run_with_tmpdir(const char *tmpdir, char *const argv[])
{
	int status;
	pid_t pid = fork();

	igt_assert(pid >= 0);
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0 ||
		    setenv("TMPDIR", tmpdir, 1))
			_exit(126);
		execv(argv[0], argv);
		_exit(127);
	}
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	igt_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* The one entry of @dir into @name (and its inode); the number of entries. */
static int entries(const char *dir, char *name, size_t len, ino_t *ino)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	igt_assert(d);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!n++ && name) {
			snprintf(name, len, "%s", e->d_name);
			*ino = e->d_ino;
		}
	}
	closedir(d);
	return n;
}

static void fresh_dir(char *path, size_t len)
{
	snprintf(path, len, "%s/model-startup.XXXXXX", getenv("TMPDIR") ?: "/tmp");
	igt_assert(mkdtemp(path));
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

/* rm -rf in this process: a shell would run with the model preloaded too. */
static void remove_dir(const char *path)
{
	igt_assert_eq(nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
}

igt_main
{
	char tmp[PATH_MAX];

	igt_fixture {
		char copy[PATH_MAX];

		igt_require_f(getenv("DRMSUB_MODEL"), "DRMSUB_MODEL is not set\n");
		/*
		 * The binary as it was started (argv[0]), not /proc/self/exe: under
		 * make check-cross's qemu-user that is the target binary, which only
		 * the wrapper that started us can run.
		 */
		igt_assert(realpath(program_invocation_name, self));
		snprintf(copy, sizeof(copy), "%s", self);
		snprintf(core_drm, sizeof(core_drm), "%s/core_drm", dirname(copy));
		igt_require_f(!access(core_drm, X_OK), "%s is not built\n", core_drm);
	}

	igt_describe("Listing subtests touches no device, so the model builds nothing: it "
		     "works even where no tree could be built ($TMPDIR missing).");
	igt_subtest("list-needs-no-tree") {
		char missing[PATH_MAX + 16];
		char *argv[] = { self, "--list-subtests", NULL };

		fresh_dir(tmp, sizeof(tmp));
		snprintf(missing, sizeof(missing), "%s/missing", tmp);
		igt_assert_eq(run_with_tmpdir(missing, argv), 0);
		igt_assert_eq(run_with_tmpdir(tmp, argv), 0);
		igt_assert_eq(entries(tmp, NULL, 0, NULL), 0);
		remove_dir(tmp);
	}

	igt_describe("The first process that opens a device builds one tree, private to its "
		     "user (mode 0700); a second process with the same devices uses that tree.");
	igt_subtest("tree-shared") {
		char *argv[] = { core_drm, "--run-subtest", "version", NULL };
		char first[NAME_MAX + 1], second[NAME_MAX + 1], path[PATH_MAX * 2];
		ino_t ino1, ino2;
		struct stat st;

		fresh_dir(tmp, sizeof(tmp));
		igt_assert_eq(run_with_tmpdir(tmp, argv), 0);
		igt_assert_eq(entries(tmp, first, sizeof(first), &ino1), 1);
		snprintf(path, sizeof(path), "%s/%s", tmp, first);
		igt_assert_eq(lstat(path, &st), 0);
		igt_assert(S_ISDIR(st.st_mode));
		igt_assert_eq_u32(st.st_mode & 0777, 0700);
		igt_assert_eq_u32(st.st_uid, geteuid());
		igt_assert_eq(run_with_tmpdir(tmp, argv), 0);
		igt_assert_eq(entries(tmp, second, sizeof(second), &ino2), 1);
		igt_assert_eq_str(first, second);
		igt_assert_eq_u64(ino1, ino2);
		remove_dir(tmp);
	}

	igt_describe("A tree that others can write is not used: the process stops with the "
		     "model's configuration error (112) instead of trusting it.");
	igt_subtest("foreign-tree-refused") {
		char *argv[] = { core_drm, "--run-subtest", "version", NULL };
		char name[NAME_MAX + 1], path[PATH_MAX * 2];
		ino_t ino;

		fresh_dir(tmp, sizeof(tmp));
		igt_assert_eq(run_with_tmpdir(tmp, argv), 0);
		igt_assert_eq(entries(tmp, name, sizeof(name), &ino), 1);
		snprintf(path, sizeof(path), "%s/%s", tmp, name);
		igt_assert_eq(chmod(path, 0777), 0);
		igt_assert_eq(run_with_tmpdir(tmp, argv), 112);
		remove_dir(tmp);
	}
}

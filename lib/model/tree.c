// SPDX-License-Identifier: MIT
/*
 * The fake filesystem: a directory tree that mirrors what libdrm, libudev
 * and IGT read of /dev/dri, sysfs and the udev database for the configured
 * devices. Paths the model owns are redirected into it (paths.c), so
 * opendir/readdir, fopen+getline, readlink and realpath work on real
 * files; stat answers for the nodes are patched to show 226:<minor>.
 *
 * The tree is described in memory first (tree_spec.c), named by a hash of
 * that description, and built at most once per description: the first
 * process that touches an owned path creates it under $TMPDIR (in a
 * private directory, renamed into place, so others see it whole or not at
 * all); every later process with the same devices finds it and only
 * checks that it is ours. A process that never touches an owned path
 * (e.g. --list-subtests) builds nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/limits.h>

#include "model/model.h"
#include "model/shim_real.h"
#include "model/tree.h"

static char tree_root[192];
static bool tree_ready;
static pthread_once_t tree_once = PTHREAD_ONCE_INIT;

/* mkdir -p of @path (a real path), which ends in a directory name. */
static int make_dirs(char *path, size_t from)
{
	for (char *p = path + from; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

static int write_real_file(const char *path, const char *data, size_t len)
{
	int fd = REAL(open)(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	ssize_t n = 0;

	if (fd < 0)
		return -errno;
	if (len)
		n = write(fd, data, len);
	REAL(close)(fd);
	return len && n != (ssize_t)len ? -EIO : 0;
}

/* The parent directory of an entry, then the entry itself. */
static int make_entry(const char *root, const struct tree_entry *e)
{
	char path[PATH_MAX];
	size_t from = strlen(root) + 1;
	char *slash;
	int err;

	if (snprintf(path, sizeof(path), "%s%s", root, e->vpath) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	if (e->kind == TREE_DIR)
		return make_dirs(path, from);
	slash = strrchr(path, '/');
	*slash = '\0';
	err = slash > path + from ? make_dirs(path, from) : 0;
	*slash = '/';
	if (err)
		return err;
	if (e->kind == TREE_FILE)
		return write_real_file(path, e->data, e->len);
	return symlink(e->data, path) ? -errno : 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

/* Build the tree in a private directory and rename it to @final. */
static int build_tree(const struct tree_spec *spec, const char *final)
{
	char tmp[sizeof(tree_root) + 16];
	int err = 0;

	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", final);
	if (!mkdtemp(tmp))
		return -errno;
	for (size_t i = 0; i < spec->nr && !err; i++)
		err = make_entry(tmp, &spec->entries[i]);
	if (!err && rename(tmp, final))
		err = errno == EEXIST || errno == ENOTEMPTY ? 0 : -errno;	/* another won */
	if (err || !access(tmp, F_OK))
		nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return err;
}

/* A tree found in $TMPDIR is used only if it is a directory of ours that nobody else can write. */
static bool tree_is_ours(const char *path)
{
	struct stat st;

	return !lstat(path, &st) && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
	       !(st.st_mode & 077);
}

static void node_stats(void)
{
	char path[sizeof(tree_root) + 64];

	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];

		for (int t = 0; t < 2; t++) {
			int n = snprintf(path, sizeof(path), "%s", tree_root);

			model_node_name(dev, t ? 2 : 0, path + n, sizeof(path) - n);
			if (REAL(stat)(path, &dev->node_stat[t]))
				model_fatal("the fake tree lacks %s: %s", path, strerror(errno));
		}
	}
}

static void tree_setup(void)
{
	const char *tmp = getenv("TMPDIR");
	struct tree_spec spec = { 0 };
	int err;

	tmp = tmp && *tmp ? tmp : "/tmp";
	err = model_tree_describe(&spec);
	if (err)
		model_fatal("cannot describe the fake /dev/dri and sysfs tree: %s", strerror(-err));
	if (snprintf(tree_root, sizeof(tree_root), "%s/drmsub-model.%u.%016llx", tmp,
		     (unsigned int)geteuid(), (unsigned long long)spec.hash) >= (int)sizeof(tree_root))
		model_fatal("TMPDIR=%s: too long for the fake tree", tmp);
	if (!tree_is_ours(tree_root)) {
		err = build_tree(&spec, tree_root);
		if (err || !tree_is_ours(tree_root))
			model_fatal("cannot build the fake /dev/dri and sysfs tree %s: %s", tree_root,
				    strerror(err ? -err : EPERM));
	}
	tree_spec_free(&spec);
	node_stats();
	__atomic_store_n(&tree_ready, true, __ATOMIC_RELEASE);
}

const char *model_tree_root(void)
{
	pthread_once(&tree_once, tree_setup);
	return tree_root;
}

const char *model_tree_root_if_built(void)
{
	return __atomic_load_n(&tree_ready, __ATOMIC_ACQUIRE) ? tree_root : NULL;
}

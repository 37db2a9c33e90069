// SPDX-License-Identifier: MIT
/*
 * Directory listings. An owned directory is listed from the fake tree
 * (its path is redirected). A directory above the owned ones ("/sys/class",
 * "/sys/dev/char", "/run/udev/data") is the host's, but its listing must
 * show what the model adds and hide what it hides, as a kernel with these
 * devices would list it: sd-device enumerates subsystem "drm" by reading
 * /sys/class and then /sys/class/drm. Such a stream returns the host's
 * entries without the owned ones, then the tree's owned entries (and the
 * tree's directories the host lacks).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <linux/limits.h>

#include "model/model.h"
#include "model/shim_real.h"

struct dirent64;
struct dirent64 *readdir64(DIR *dir);

struct merged_dir {
	DIR *dir;
	char path[PATH_MAX];		/* the directory the program opened */
	struct dirent *added;		/* the tree's entries to add after the host's */
	size_t nr_added, next;
	bool host_done;
	struct merged_dir *link;
};

static struct merged_dir *merged;	/* under model_lock */

static bool child_owned(const char *dir, const char *name)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s%s%s", dir, dir[1] ? "/" : "", name) >= (int)sizeof(path))
		return false;
	return model_path_owned(path);
}

/* The tree's entries of @m->path that the host's listing lacks. */
static void collect_added(struct merged_dir *m)
{
	char tree[PATH_MAX], host[PATH_MAX];
	struct stat st;
	struct dirent *e;
	DIR *dir;

	snprintf(tree, sizeof(tree), "%s%s", model_tree_root(), m->path);
	dir = REAL(opendir)(tree);
	if (!dir)
		return;
	while ((e = REAL(readdir)(dir))) {
		struct dirent *grown;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (snprintf(host, sizeof(host), "%s%s%s", m->path, m->path[1] ? "/" : "",
			     e->d_name) >= (int)sizeof(host))
			continue;
		if (!child_owned(m->path, e->d_name) && !REAL(lstat)(host, &st))
			continue;
		grown = realloc(m->added, (m->nr_added + 1) * sizeof(*grown));
		if (!grown)
			break;
		m->added = grown;
		m->added[m->nr_added++] = *e;
	}
	REAL(closedir)(dir);
}

DIR *opendir(const char *path)
{
	char mapped[PATH_MAX];
	struct merged_dir *m;
	DIR *dir;

	if (model_path_map(path, mapped, sizeof(mapped)))
		return REAL(opendir)(mapped);
	dir = REAL(opendir)(path);
	if (!dir || !model_active() || !model_path_above_owned(path) ||
	    strlen(path) >= sizeof(m->path) || !(m = calloc(1, sizeof(*m))))
		return dir;
	m->dir = dir;
	strcpy(m->path, path);
	for (size_t n = strlen(m->path); n > 1 && m->path[n - 1] == '/'; n--)
		m->path[n - 1] = '\0';
	collect_added(m);
	pthread_mutex_lock(&model_lock);
	m->link = merged;
	__atomic_store_n(&merged, m, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&model_lock);
	return dir;
}

static struct merged_dir *find(DIR *dir)
{
	struct merged_dir *m;

	/* most programs never open a merged directory: no lock for them */
	if (!__atomic_load_n(&merged, __ATOMIC_ACQUIRE))
		return NULL;
	pthread_mutex_lock(&model_lock);
	for (m = merged; m && m->dir != dir; m = m->link)
		;
	pthread_mutex_unlock(&model_lock);
	return m;
}

/* The host's entries but the owned ones, then the tree's. */
static struct dirent *merged_read(struct merged_dir *m)
{
	struct dirent *e;

	while (!m->host_done) {
		e = REAL(readdir)(m->dir);
		if (!e)
			m->host_done = true;
		else if (!child_owned(m->path, e->d_name))
			return e;
	}
	return m->next < m->nr_added ? &m->added[m->next++] : NULL;
}

struct dirent *readdir(DIR *dir)
{
	struct merged_dir *m = find(dir);

	return m ? merged_read(m) : REAL(readdir)(dir);
}

/* LP64: struct dirent64 is struct dirent. */
struct dirent64 *readdir64(DIR *dir)
{
	struct merged_dir *m = find(dir);

	return m ? (struct dirent64 *)merged_read(m) : REAL(readdir64)(dir);
}

void rewinddir(DIR *dir)
{
	struct merged_dir *m = find(dir);

	if (m) {
		m->host_done = false;
		m->next = 0;
	}
	REAL(rewinddir)(dir);
}

int closedir(DIR *dir)
{
	struct merged_dir **p, *m = NULL;

	if (__atomic_load_n(&merged, __ATOMIC_ACQUIRE)) {
		pthread_mutex_lock(&model_lock);
		for (p = &merged; *p; p = &(*p)->link) {
			if ((*p)->dir == dir) {
				m = *p;
				__atomic_store_n(p, m->link, __ATOMIC_RELEASE);
				break;
			}
		}
		pthread_mutex_unlock(&model_lock);
	}
	if (m) {
		free(m->added);
		free(m);
	}
	return REAL(closedir)(dir);
}

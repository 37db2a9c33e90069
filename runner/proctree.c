// SPDX-License-Identifier: MIT
/*
 * A process's descendants, read from /proc. Every job runs under its own
 * subreaper (supervisor.c), so a process of the job whose parent exits is
 * re-parented to that subreaper, never to init: the job's tree stays one
 * tree under it, and a process that left the process group and the
 * session (setsid) is still in it. A cgroup per job would need write
 * access to the cgroup hierarchy, which an unprivileged runner on a board
 * does not have; the subreaper needs nothing.
 */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/proctree.h"
#include "runner/runner.h"

struct proc {
	pid_t pid, ppid;
};

/* The parent of @pid from /proc/<pid>/stat ("pid (comm) state ppid ..."). */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512], *paren;
	int fd, ppid;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* the command name may hold spaces and parentheses: skip to the last ')' */
	paren = strrchr(buf, ')');
	if (!paren || sscanf(paren + 1, " %*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

static size_t all_processes(struct proc **out)
{
	DIR *d = opendir("/proc");
	struct proc *list = NULL;
	size_t n = 0, size = 0;
	struct dirent *e;

	*out = NULL;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		pid_t pid, ppid;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = atoi(e->d_name);
		ppid = parent_of(pid);
		if (ppid < 0)
			continue;
		if (n == size) {
			size = size ? size * 2 : 256;
			list = xrealloc(list, size * sizeof(*list));
		}
		list[n++] = (struct proc){ pid, ppid };
	}
	closedir(d);
	*out = list;
	return n;
}

size_t proctree_descendants(pid_t root, pid_t **out)
{
	struct proc *all;
	size_t n = all_processes(&all), found = 0;
	pid_t *tree = xcalloc(n + 1, sizeof(*tree));

	/* breadth first: each pass adds the children of what was found so far */
	for (size_t scan = 0;; scan++) {
		pid_t parent = scan == 0 ? root : scan <= found ? tree[scan - 1] : -1;

		if (parent < 0)
			break;
		for (size_t i = 0; i < n; i++)
			if (all[i].ppid == parent && all[i].pid != root)
				tree[found++] = all[i].pid;
	}
	free(all);
	*out = tree;
	return found;
}

size_t proctree_signal(pid_t root, int sig)
{
	pid_t *tree;
	size_t n = proctree_descendants(root, &tree);

	for (size_t i = 0; i < n; i++)
		kill(tree[i], sig);
	free(tree);
	return n;
}

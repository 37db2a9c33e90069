// SPDX-License-Identifier: MIT
/*
 * Small helpers of the runner: allocation that cannot fail quietly, whole
 * files read and written durably, clocks, and the per-job directory names.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "runner/runner.h"

static void out_of_memory(void)
{
	fputs("drmsub-run: out of memory\n", stderr);
	exit(RUN_EXIT_ERROR);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		out_of_memory();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory();
	return p;
}

static size_t last_limit;

/*
 * The whole file, NUL-terminated, when it holds at most @max bytes; NULL
 * (errno set) if it cannot be read, EFBIG when it is larger: every input
 * has a bound, so /dev/zero or a runaway file is an error, not a hang.
 */
char *read_file(const char *path, size_t *len, size_t max)
{
	size_t size = 4096, used = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *buf;

	if (fd < 0)
		return NULL;
	buf = xcalloc(1, size);
	for (;;) {
		ssize_t n;

		if (used > max) {
			free(buf);
			close(fd);
			last_limit = max;
			errno = EFBIG;
			return NULL;
		}
		if (used + 1 >= size) {
			size *= 2;
			buf = xrealloc(buf, size);
		}
		n = read(fd, buf + used, size - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;

			free(buf);
			close(fd);
			errno = err;
			return NULL;
		}
		if (n == 0)
			break;
		used += n;
	}
	close(fd);
	buf[used] = '\0';
	if (len)
		*len = used;
	return buf;
}

/* strerror(@err), with the bound for read_file's EFBIG. */
const char *read_strerror(int err)
{
	static char msg[96];

	if (err != EFBIG)
		return strerror(err);
	snprintf(msg, sizeof(msg), "larger than %zu bytes (an endless file?)", last_limit);
	return msg;
}

int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		data += n;
		len -= n;
	}
	return 0;
}

/*
 * Replace @path atomically and durably: a board that loses power while we
 * write must find either the old file or the new one, never half of one.
 */
int write_file_sync(const char *path, const char *data, size_t len)
{
	char *tmp = xasprintf("%s.tmp", path);
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	int fd, ret = -1;

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		goto out;
	if (write_all(fd, data, len) || fsync(fd)) {
		close(fd);
		unlink(tmp);
		goto out;
	}
	close(fd);
	if (rename(tmp, path))
		goto out;
	if (slash)
		*slash = '\0';
	ret = fsync_dir(slash ? dir : ".");
out:
	free(tmp);
	free(dir);
	return ret;
}

int fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return -1;
	ret = fsync(fd);
	close(fd);
	return ret;
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int ret = 0;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	if (!ret && mkdir(p, 0755) && errno != EEXIST)
		ret = -1;
	free(p);
	return ret;
}

double now_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

double now_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Job N's files live in RESULTS_DIR/N/, as igt_runner lays them out. */
char *job_dir(const struct settings *s, size_t index)
{
	return xasprintf("%s/%zu", s->results_dir, index);
}

char *job_file(const struct settings *s, size_t index, const char *file)
{
	return xasprintf("%s/%zu/%s", s->results_dir, index, file);
}

/* @dir/@name, whole, at most @max bytes; NULL (errno set) if it cannot be read. */
char *read_in_dir(const char *dir, const char *name, size_t max)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *text = read_file(path, NULL, max);
	int err = errno;

	free(path);
	errno = err;
	return text;
}

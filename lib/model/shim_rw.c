// SPDX-License-Identifier: MIT
/*
 * read, write and lseek, interposed for the files whose data the model
 * serves itself (fd_io.h): its /dev/kmsg (kmsg_dev.c: one record per
 * read, one record per write, its seek rules) and the drivers' debugfs
 * attributes (debugfs.c). These run on every read() and write() of every
 * program under the model, so any other fd takes one lock-free bit test
 * per kind and goes straight to the next definition (bench/kmsg_bench.c
 * measures what that costs).
 */
#include <errno.h>
#include <unistd.h>

#include "model/fd_io.h"
#include "model/shim_real.h"
#include "util/array.h"

ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen);
off64_t lseek64(int fd, off64_t offset, int whence);
void __chk_fail(void) __attribute__((noreturn));

static const struct model_fd_io *const served[] = { &model_kmsg_io, &model_debugfs_io };

enum op { OP_READ, OP_WRITE, OP_SEEK };

struct call {
	enum op op;
	void *dst;
	const void *src;
	size_t len;
	off_t offset;
	int whence;
};

static ssize_t run(const struct model_fd_io *io, void *file, const struct call *c)
{
	switch (c->op) {
	case OP_READ:
		return io->read(file, c->dst, c->len);
	case OP_WRITE:
		return io->write(file, c->src, c->len);
	default:
		return io->lseek(file, c->offset, c->whence);
	}
}

/* @c on @fd if the model serves it: true, with the result or -errno in *@ret. */
static bool serve(int fd, const struct call *c, ssize_t *ret)
{
	array_for_each(io, served) {
		void *file;

		if (__builtin_expect(!model_fd_bits_test((*io)->fds, fd), 1))
			continue;
		pthread_mutex_lock((*io)->lock);
		file = (*io)->lookup(fd);
		if (file)
			*ret = run(*io, file, c);
		pthread_mutex_unlock((*io)->lock);
		if (file)
			return true;
	}
	return false;
}

static ssize_t ret_errno(ssize_t ret)
{
	if (ret >= 0)
		return ret;
	errno = (int)-ret;
	return -1;
}

ssize_t read(int fd, void *buf, size_t len)
{
	ssize_t ret;

	if (serve(fd, &(struct call){ .op = OP_READ, .dst = buf, .len = len }, &ret))
		return ret_errno(ret);
	return REAL(read)(fd, buf, len);
}

/* _FORTIFY_SOURCE's read(): its buffer check, then ours. */
ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		__chk_fail();
	return read(fd, buf, len);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t ret;

	if (serve(fd, &(struct call){ .op = OP_WRITE, .src = buf, .len = len }, &ret))
		return ret_errno(ret);
	return REAL(write)(fd, buf, len);
}

/* lseek and lseek64 are one function on the 64-bit ABIs the model builds for. */
static off64_t seek(int fd, off64_t offset, int whence, off64_t (*real)(int, off64_t, int))
{
	ssize_t ret;

	if (serve(fd, &(struct call){ .op = OP_SEEK, .offset = offset, .whence = whence }, &ret))
		return ret_errno(ret);
	return real(fd, offset, whence);
}

off_t lseek(int fd, off_t offset, int whence)
{
	return seek(fd, offset, whence, REAL(lseek));
}

off64_t lseek64(int fd, off64_t offset, int whence)
{
	return seek(fd, offset, whence, REAL(lseek64));
}

// SPDX-License-Identifier: MIT
/*
 * read, write and lseek, interposed for the model's /dev/kmsg (kmsg_dev.c):
 * one record per read, one record per write, its seek rules. These run on
 * every read() and write() of every program under the model, so anything
 * else takes one lock-free bit test and goes straight to the next
 * definition (bench/kmsg_bench.c measures what that costs).
 */
#include <errno.h>
#include <unistd.h>

#include "model/kmsg.h"
#include "model/shim_real.h"

ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen);
off64_t lseek64(int fd, off64_t offset, int whence);
void __chk_fail(void) __attribute__((noreturn));

static ssize_t ret_errno(ssize_t ret)
{
	if (ret >= 0)
		return ret;
	errno = -ret;
	return -1;
}

ssize_t read(int fd, void *buf, size_t len)
{
	if (__builtin_expect(!model_kmsg_fd(fd), 1))
		return REAL(read)(fd, buf, len);
	return ret_errno(model_kmsg_read(fd, buf, len));
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
	if (__builtin_expect(!model_kmsg_fd(fd), 1))
		return REAL(write)(fd, buf, len);
	return ret_errno(model_kmsg_write(fd, buf, len));
}

off_t lseek(int fd, off_t offset, int whence)
{
	if (!model_kmsg_fd(fd))
		return REAL(lseek)(fd, offset, whence);
	return ret_errno(model_kmsg_lseek(fd, offset, whence));
}

off64_t lseek64(int fd, off64_t offset, int whence)
{
	if (!model_kmsg_fd(fd))
		return REAL(lseek64)(fd, offset, whence);
	return ret_errno(model_kmsg_lseek(fd, offset, whence));
}

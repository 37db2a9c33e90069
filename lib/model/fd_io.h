/* SPDX-License-Identifier: MIT */
/*
 * Files whose read(), write() and lseek() the model serves itself: its
 * /dev/kmsg (kmsg_dev.c) and the drivers' debugfs attributes (debugfs.c).
 * Each kind keeps the set of its fd numbers, which shim_rw.c tests
 * without a lock on every read() and write() of every program under the
 * model (one relaxed load), and its operations, which shim_rw.c calls
 * with the kind's lock held.
 */
#ifndef DRMSUB_MODEL_FD_IO_H
#define DRMSUB_MODEL_FD_IO_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* fds the sets cover; an open that would give a larger one fails with EMFILE. */
#define MODEL_FD_BITS_MAX 4096

struct model_fd_bits {
	uint64_t words[MODEL_FD_BITS_MAX / 64];
};

static inline bool model_fd_bits_test(const struct model_fd_bits *set, int fd)
{
	return (unsigned int)fd < MODEL_FD_BITS_MAX &&
	       (__atomic_load_n(&set->words[fd / 64], __ATOMIC_RELAXED) >> (fd % 64) & 1);
}

static inline void model_fd_bits_mark(struct model_fd_bits *set, int fd, bool on)
{
	uint64_t bit = 1ull << (fd % 64);

	if ((unsigned int)fd >= MODEL_FD_BITS_MAX)
		return;
	if (on)
		__atomic_or_fetch(&set->words[fd / 64], bit, __ATOMIC_RELAXED);
	else
		__atomic_and_fetch(&set->words[fd / 64], ~bit, __ATOMIC_RELAXED);
}

struct model_fd_io {
	struct model_fd_bits *fds;
	pthread_mutex_t *lock;
	/* The open file behind @fd, or NULL when @fd is no longer one (reused behind our back). */
	void *(*lookup)(int fd);
	/* Each returns its result or -errno. */
	ssize_t (*read)(void *file, void *buf, size_t len);
	ssize_t (*write)(void *file, const void *buf, size_t len);
	off_t (*lseek)(void *file, off_t offset, int whence);
};

extern const struct model_fd_io model_kmsg_io;
extern const struct model_fd_io model_debugfs_io;

#endif

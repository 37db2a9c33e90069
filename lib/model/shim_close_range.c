// SPDX-License-Identifier: MIT
/*
 * close_range and closefrom: they close fds without close(), so the fd
 * table would keep entries for numbers the kernel hands out again, and
 * they would close the model's internal fds (a BO's pages, a sync_file's
 * eventfd), which a real kernel keeps as objects, not fds. Both go through
 * model_fd_close_range (files.c), which spares the internal fds.
 */
#include <errno.h>
#include <unistd.h>

#include "model/model.h"
#include "model/shim_real.h"

int close_range(unsigned int first, unsigned int last, int flags)
{
	int ret, err;

	if (!model_active())
		return REAL(close_range)(first, last, flags);
	pthread_mutex_lock(&model_lock);
	ret = model_fd_close_range(first, last, (unsigned int)flags, REAL(close_range));
	err = errno;
	pthread_mutex_unlock(&model_lock);
	errno = err;
	return ret;
}

/* glibc's closefrom: close_range(lowfd, ~0U, 0) (closefrom.c), never failing. */
void closefrom(int lowfd)
{
	int err = errno;

	if (!model_active()) {
		REAL(closefrom)(lowfd);
		return;
	}
	close_range(lowfd < 0 ? 0 : (unsigned int)lowfd, ~0u, 0);
	errno = err;
}

// SPDX-License-Identifier: MIT
/*
 * The syncer: one thread that fsyncs and closes the files of finished
 * jobs, so that the scheduler's loop never waits on the disk (an fsync
 * takes milliseconds; a suite has hundreds of jobs with three files each)
 * while other jobs' output waits in their pipes. The scheduler journals a
 * job "done" only once the syncer reports its files synced, which is what
 * --resume relies on.
 *
 * The thread only makes system calls on what it is handed, never
 * allocates: the runner forks a supervisor for every job while the thread
 * runs, and a fork must not inherit an allocator lock held by it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "runner/syncer.h"

static struct {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct sync_item todo[SYNC_QUEUE], done[SYNC_QUEUE];
	unsigned int todo_head, todo_len, done_len;
	bool stop, running;
	int notify[2];		/* a byte per item done */
} sy = { .lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER,
	 .notify = { -1, -1 } };

void syncer_sync_now(struct sync_item *it)
{
	for (int i = 0; i < SYNC_FILES; i++) {
		if (it->fd[i] < 0)
			continue;
		/* EINVAL: a file that cannot be synced (not the disk's fault) */
		it->err[i] = fsync(it->fd[i]) && errno != EINVAL ? errno : 0;
		close(it->fd[i]);
		it->fd[i] = -1;
	}
}

static void *syncer_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&sy.lock);
	for (;;) {
		struct sync_item it;
		char byte = 1;
		ssize_t n;

		while (!sy.todo_len && !sy.stop)
			pthread_cond_wait(&sy.wake, &sy.lock);
		if (!sy.todo_len)
			break;
		it = sy.todo[sy.todo_head];
		sy.todo_head = (sy.todo_head + 1) % SYNC_QUEUE;
		sy.todo_len--;
		pthread_mutex_unlock(&sy.lock);
		syncer_sync_now(&it);
		pthread_mutex_lock(&sy.lock);
		sy.done[sy.done_len++] = it;
		/* never full: at most SYNC_QUEUE bytes are unread */
		n = write(sy.notify[1], &byte, 1);
		(void)n;
	}
	pthread_mutex_unlock(&sy.lock);
	return NULL;
}

int syncer_start(void)
{
	if (pipe2(sy.notify, O_CLOEXEC | O_NONBLOCK))
		return -1;
	if (pthread_create(&sy.thread, NULL, syncer_main, NULL)) {
		close(sy.notify[0]);
		close(sy.notify[1]);
		sy.notify[0] = sy.notify[1] = -1;
		return -1;
	}
	sy.running = true;
	return 0;
}

int syncer_fd(void)
{
	return sy.notify[0];
}

bool syncer_push(const struct sync_item *it)
{
	bool ok = false;

	pthread_mutex_lock(&sy.lock);
	/* room in both rings: an item pushed is an item that will be done */
	if (sy.todo_len + sy.done_len < SYNC_QUEUE) {
		sy.todo[(sy.todo_head + sy.todo_len) % SYNC_QUEUE] = *it;
		sy.todo_len++;
		pthread_cond_signal(&sy.wake);
		ok = true;
	}
	pthread_mutex_unlock(&sy.lock);
	return ok;
}

unsigned int syncer_take(struct sync_item *out, unsigned int max)
{
	char bytes[SYNC_QUEUE];
	unsigned int n;

	if (read(sy.notify[0], bytes, sizeof(bytes)) < 0 && errno != EAGAIN)
		return 0;
	pthread_mutex_lock(&sy.lock);
	n = sy.done_len < max ? sy.done_len : max;
	memcpy(out, sy.done, n * sizeof(*out));
	memmove(sy.done, sy.done + n, (sy.done_len - n) * sizeof(*out));
	sy.done_len -= n;
	pthread_mutex_unlock(&sy.lock);
	return n;
}

void syncer_stop(void)
{
	if (!sy.running)
		return;
	pthread_mutex_lock(&sy.lock);
	sy.stop = true;
	pthread_cond_signal(&sy.wake);
	pthread_mutex_unlock(&sy.lock);
	pthread_join(sy.thread, NULL);
	sy.running = false;
	close(sy.notify[0]);
	close(sy.notify[1]);
	sy.notify[0] = sy.notify[1] = -1;
}

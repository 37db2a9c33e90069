// SPDX-License-Identifier: MIT
/*
 * Starting the model's threads (GPU, hangcheck, the drivers' schedulers).
 *
 * model_thread_start() returns only once the new thread runs its own
 * code. A thread that is still starting may be inside the allocator
 * (ASan's thread setup frees memory as it starts); a fork() at that
 * moment leaves the child an allocator lock nobody will release, and
 * the child's own threads then hang in their setup. IGT forks for every
 * subtest, often right after the ioctl that started the threads, so the
 * start has to be complete before that ioctl returns. For the same
 * reason a model thread allocates only while it holds model_lock, which
 * fork() takes first (lock.c): model_thread_calloc() for code that runs
 * without it, such as a job's run().
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "model/wait.h"

struct thread_start {
	void *(*fn)(void *);
	void *arg;
	bool running;
	struct model_waiter starter;	/* the thread waiting in model_thread_start */
};

static void *trampoline(void *data)
{
	struct thread_start *start = data;
	void *(*fn)(void *) = start->fn;
	void *arg = start->arg;

	pthread_mutex_lock(&model_lock);
	/* @start lives on the starter's stack: no use after the unlock */
	start->running = true;
	model_waiter_wake(&start->starter);
	pthread_mutex_unlock(&model_lock);
	return fn(arg);
}

void *model_thread_calloc(size_t n, size_t size)
{
	void *p;

	pthread_mutex_lock(&model_lock);
	p = calloc(n, size);
	pthread_mutex_unlock(&model_lock);
	return p;
}

int model_thread_start_once(pid_t *owner, void *(*fn)(void *), void *arg)
{
	int err;

	if (*owner == model_pid)
		return 0;
	*owner = model_pid;
	err = model_thread_start(fn, arg);
	if (err)
		*owner = 0;
	return err;
}

static void *sched_thread(void *data)
{
	struct model_sched_thread *t = data;

	pthread_mutex_lock(&model_lock);
	while (t->pid == model_pid) {
		t->kick(t->arg);
		model_waiter_sleep(&t->wake, 0);
	}
	pthread_mutex_unlock(&model_lock);
	return NULL;
}

int model_sched_thread_start(struct model_sched_thread *t, void (*kick)(void *arg), void *arg)
{
	t->kick = kick;
	t->arg = arg;
	return model_thread_start_once(&t->pid, sched_thread, t);
}

int model_thread_start(void *(*fn)(void *), void *arg)
{
	struct thread_start start = { .fn = fn, .arg = arg };
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	model_waiter_init(&start.starter);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thread, &attr, trampoline, &start);
	pthread_attr_destroy(&attr);
	while (!err && !start.running)
		model_waiter_sleep(&start.starter, 0);
	model_waiter_fini(&start.starter);
	return -err;
}

// SPDX-License-Identifier: MIT
/*
 * The model's one lock. A forked child owns a copy of the model (state is
 * per process) and may have inherited the lock in the middle of another
 * thread's critical section, so fork takes the lock first and the child
 * re-creates it. The condition variables threads sleep on are each
 * thread's own (wait.h): a child initialises its own before it sleeps on
 * them and never signals one of the parent's threads (model_pid tells).
 */
#include <errno.h>
#include <time.h>
#include <unistd.h>

#include "model/model.h"
#include "model/wait.h"

pthread_mutex_t model_lock = PTHREAD_MUTEX_INITIALIZER;
pid_t model_pid;

static void before_fork(void)
{
	pthread_mutex_lock(&model_lock);
}

static void after_fork_parent(void)
{
	pthread_mutex_unlock(&model_lock);
}

static void after_fork_child(void)
{
	model_pid = getpid();
	model_wait_after_fork();
	pthread_mutex_unlock(&model_lock);
}

void model_lock_init(void)
{
	model_pid = getpid();
	pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

int64_t model_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

// SPDX-License-Identifier: MIT
/*
 * The model's one lock and its condition variable. A forked child owns a
 * copy of the model (state is per process) and may have inherited the lock
 * in the middle of another thread's critical section, so fork takes the
 * lock first and the child re-creates it.
 */
#include <errno.h>
#include <time.h>
#include <unistd.h>

#include "model/model.h"

pthread_mutex_t model_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t model_cond;
pid_t model_pid;

static void cond_init(void)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&model_cond, &attr);
	pthread_condattr_destroy(&attr);
}

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
	cond_init();
	pthread_mutex_unlock(&model_lock);
}

void model_lock_init(void)
{
	model_pid = getpid();
	cond_init();
	pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

int64_t model_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

bool model_wait_until(int64_t deadline_ns)
{
	struct timespec ts;

	if (!deadline_ns) {
		pthread_cond_wait(&model_cond, &model_lock);
		return true;
	}
	ts.tv_sec = deadline_ns / 1000000000ll;
	ts.tv_nsec = deadline_ns % 1000000000ll;
	return pthread_cond_timedwait(&model_cond, &model_lock, &ts) != ETIMEDOUT;
}

// SPDX-License-Identifier: MIT
/*
 * The supervisor of one job: a forked copy of the runner that makes
 * itself a child subreaper (PR_SET_CHILD_SUBREAPER), so that every
 * process the job leaves behind — a daemon that called setsid(), an
 * igt_fork child whose parent died — becomes its child instead of init's,
 * and it can reap and kill the whole job: SIGTERM on the runner's request
 * (a timeout), SIGKILL when the job's main process has exited, on request,
 * or when the runner dies (PR_SET_PDEATHSIG). It is not in the job's
 * process group, so a job signalling its own group cannot stop it.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/proctree.h"

#define KILL_RESCAN_NS 10000000	/* while killing: look for new processes every 10 ms */

/* Tell the runner how the job's main process ended (exit code, or -signal). */
static void tell(int status_fd, int code)
{
	ssize_t n = write(status_fd, &code, sizeof(code));

	(void)n;	/* a runner that is gone cannot be told */
}

/* Reap every child that ended; true once @child (the job's main process) did. */
static bool reap(pid_t child, int status_fd, bool main_done)
{
	int status;
	pid_t p;

	while ((p = waitpid(-1, &status, WNOHANG)) > 0) {
		if (p != child)
			continue;
		tell(status_fd, WIFSIGNALED(status) ? -WTERMSIG(status) : WEXITSTATUS(status));
		main_done = true;
	}
	if (p < 0 && errno == ECHILD)
		_exit(0);	/* nothing of the job is left */
	return main_done;
}

static __attribute__((noreturn)) void supervise(pid_t child, int status_fd, sigset_t *set)
{
	bool main_done = false, killing = false;

	for (;;) {
		struct timespec wait = { killing ? 0 : 3600, killing ? KILL_RESCAN_NS : 0 };
		int sig;

		main_done = reap(child, status_fd, main_done);
		/* leftovers (igt_fork children, daemons) end with the main process */
		killing |= main_done;
		if (killing)
			proctree_signal(getpid(), SIGKILL);
		sig = sigtimedwait(set, NULL, &wait);
		if (sig == SUPERVISOR_TERM)
			proctree_signal(getpid(), SIGTERM);
		else if (sig == SUPERVISOR_KILL)
			killing = true;
	}
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* Close [@from, @to]: close_range (Linux 5.9), else one by one up to the fd limit. */
static void close_span(unsigned int from, unsigned int to)
{
	struct rlimit rl;

	if (from > to || !syscall(SYS_close_range, from, to, 0))
		return;
	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur > 65536)
		rl.rlim_cur = 65536;
	for (unsigned int fd = from; fd <= to && fd < rl.rlim_cur; fd++)
		close(fd);
}

/* Close every fd but stdio, @status_fd and the @nr_fds of @fds (at most 8). */
static void close_other_fds(int status_fd, const int *fds, int nr_fds)
{
	int keep[12] = { 0, 1, 2, status_fd }, n = 4;

	for (int i = 0; i < nr_fds && n < 12; i++)
		keep[n++] = fds[i];
	qsort(keep, n, sizeof(keep[0]), cmp_int);
	for (int i = 0; i + 1 < n; i++)
		close_span(keep[i] + 1, keep[i + 1] - 1);
	close_span(keep[n - 1] + 1, ~0u);
}

pid_t supervisor_spawn(void (*start)(void *arg), void *arg, int status_fd, const int *fds,
		       int nr_fds)
{
	pid_t runner = getpid(), pid, child;
	sigset_t set, old;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SUPERVISOR_TERM);
	sigaddset(&set, SUPERVISOR_KILL);
	/* blocked before the fork: a request sent at once is not lost */
	sigprocmask(SIG_BLOCK, &set, &old);
	pid = fork();
	if (pid != 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return pid;
	}
	prctl(PR_SET_PDEATHSIG, SUPERVISOR_KILL);
	if (getppid() != runner)
		_exit(0);	/* the runner died before we could ask to be told */
	/*
	 * Nothing of the runner's stays open here: not its journal (whose
	 * flock would outlive a killed runner while this process kills the
	 * job), not other jobs' pipes.
	 */
	close_other_fds(status_fd, fds, nr_fds);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	/* the terminal's signals are for the runner, which decides what ends */
	signal(SIGINT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	child = fork();
	if (child == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		start(arg);
		_exit(127);
	}
	for (int i = 0; i < nr_fds; i++)
		close(fds[i]);
	if (child < 0) {
		tell(status_fd, 127);
		_exit(1);
	}
	supervise(child, status_fd, &set);
}

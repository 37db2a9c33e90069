// SPDX-License-Identifier: MIT
/*
 * Processes of a test binary: the child that runs each (dynamic) subtest,
 * waiting for it with a deadline, igt_fork children, and timeouts.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/state.h"

#define MAX_FORK_CHILDREN 512

static pid_t fork_children[MAX_FORK_CHILDREN];
static int nr_fork_children;

/* igt_set_timeout's message, prepared outside the signal handler. */
static char timeout_message[320];
static size_t timeout_message_len;

double drmsub_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Leave a child process. Children never run atexit handlers or flush
 * inherited stdio buffers twice: they flush their own output and _exit.
 */
void drmsub_process_exit(int code)
{
	fflush(stdout);
	fflush(stderr);
	_exit(code);
}

pid_t drmsub_spawn(enum drmsub_role role)
{
	pid_t parent = getpid();
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		igt_critical("fork failed: %s\n", strerror(errno));
		return pid;
	}
	if (pid > 0)
		return pid;

	/* A child must not outlive the process that reports on it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(IGT_EXIT_FAILURE);
	drmsub.role = role;
	nr_fork_children = 0;
	alarm(0);
	return 0;
}

static int pidfd_open_compat(pid_t pid)
{
#ifdef SYS_pidfd_open
	return syscall(SYS_pidfd_open, pid, 0);
#else
	errno = ENOSYS;
	return -1;
#endif
}

/*
 * Wait for @pid for at most @timeout seconds (0: no limit). On timeout the
 * child is killed with SIGKILL, reaped, and *timed_out is set. Returns the
 * wait status.
 */
int drmsub_wait_child(pid_t pid, double timeout, bool *timed_out)
{
	double deadline = drmsub_now() + timeout;
	int pidfd = timeout > 0 ? pidfd_open_compat(pid) : -1;
	int status = 0;

	*timed_out = false;
	for (;;) {
		pid_t r = waitpid(pid, &status, timeout > 0 ? WNOHANG : 0);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			status = IGT_EXIT_FAILURE << 8;
			break;
		}
		if (r == 0) {
			double left = deadline - drmsub_now();

			if (left <= 0) {
				*timed_out = true;
				kill(pid, SIGKILL);
				timeout = 0;	/* now reap without a limit */
				continue;
			}
			if (pidfd >= 0) {
				struct pollfd pfd = { .fd = pidfd, .events = POLLIN };

				poll(&pfd, 1, (int)(left * 1000) + 1);
			} else {
				/* no pidfd (old kernel or qemu-user): poll gently */
				usleep(left > 0.01 ? 10000 : (useconds_t)(left * 1e6) + 1);
			}
		}
	}
	if (pidfd >= 0)
		close(pidfd);
	return status;
}

/* ---- igt_fork ------------------------------------------------------- */

bool drmsub_fork_child(void)
{
	pid_t pid;

	if (drmsub.role != ROLE_SUBTEST && drmsub.role != ROLE_DYNAMIC) {
		igt_critical("igt_fork is allowed only inside subtests\n");
		igt_fail(IGT_EXIT_FAILURE);
	}
	if (nr_fork_children >= MAX_FORK_CHILDREN) {
		igt_critical("igt_fork: more than %d children\n", MAX_FORK_CHILDREN);
		igt_fail(IGT_EXIT_FAILURE);
	}
	pid = drmsub_spawn(ROLE_FORK_CHILD);
	if (pid < 0)
		igt_fail(IGT_EXIT_FAILURE);
	if (pid > 0) {
		fork_children[nr_fork_children++] = pid;
		return false;
	}
	return true;
}

void drmsub_fork_child_exit(void)
{
	drmsub_process_exit(IGT_EXIT_SUCCESS);
}

void drmsub_kill_fork_children(void)
{
	for (int i = 0; i < nr_fork_children; i++) {
		kill(fork_children[i], SIGKILL);
		waitpid(fork_children[i], NULL, 0);
	}
	nr_fork_children = 0;
}

static void wait_fork_children(double timeout, const char *reason)
{
	double deadline = drmsub_now() + timeout;
	int first_failure = 0;
	bool timed_out_any = false;

	for (int i = 0; i < nr_fork_children; i++) {
		double left = timeout > 0 ? deadline - drmsub_now() : 0;
		bool timed_out = false;
		int status;

		if (timeout > 0 && left <= 0)
			left = 0.001;
		status = drmsub_wait_child(fork_children[i], left, &timed_out);
		if (timed_out) {
			timed_out_any = true;
			if (!first_failure)
				first_failure = IGT_EXIT_FAILURE;
		} else if (WIFSIGNALED(status)) {
			igt_critical("child %d died with signal %d, %s\n", i,
				     WTERMSIG(status), strsignal(WTERMSIG(status)));
			if (!first_failure)
				first_failure = 128 + WTERMSIG(status);
		} else if (WEXITSTATUS(status) != 0 && !first_failure) {
			first_failure = WEXITSTATUS(status);
		}
	}
	nr_fork_children = 0;
	if (timed_out_any)
		igt_critical("Timed out: %s\n", reason);
	if (first_failure)
		igt_fail(first_failure == IGT_EXIT_SKIP ? IGT_EXIT_FAILURE : first_failure);
}

void igt_waitchildren(void)
{
	wait_fork_children(0, NULL);
}

void igt_waitchildren_timeout(int seconds, const char *reason)
{
	wait_fork_children(seconds, reason ? reason : "children");
}

/* ---- timeouts ------------------------------------------------------- */

static void timeout_handler(int sig)
{
	(void)sig;
	if (write(STDERR_FILENO, timeout_message, timeout_message_len) < 0)
		_exit(IGT_EXIT_FAILURE);
	_exit(IGT_EXIT_FAILURE);
}

void igt_set_timeout(unsigned int seconds, const char *op)
{
	struct sigaction sa = { .sa_handler = timeout_handler };
	int n;

	if (!seconds) {
		alarm(0);
		return;
	}
	n = snprintf(timeout_message, sizeof(timeout_message),
		     "(%s:%d) CRITICAL: Timed out: %s\n", drmsub.name, (int)getpid(),
		     op ? op : "subtest");
	timeout_message_len = n < (int)sizeof(timeout_message) ? (size_t)n
							       : sizeof(timeout_message) - 1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	alarm(seconds);
}

void drmsub_child_reset_timeout(void)
{
	alarm(0);
	signal(SIGALRM, SIG_DFL);
}

void igt_assert_fails(void (*fn)(void))
{
	pid_t pid = drmsub_spawn(ROLE_FORK_CHILD);
	int status;

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDERR_FILENO);
		fn();
		drmsub_process_exit(IGT_EXIT_SUCCESS);	/* fn did not fail */
	}
	igt_assert(pid > 0);
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	igt_assert_f(WIFEXITED(status) && WEXITSTATUS(status) == IGT_EXIT_FAILURE,
		     "expected a test failure, got wait status %#x\n", status);
}

// SPDX-License-Identifier: MIT
/*
 * Run a helper command and collect its stdout: listing a binary's subtests
 * and probing each driver's device happen before the run and need no
 * journal, so they use this rather than the job executor.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/capture.h"
#include "runner/runner.h"

static void child(char *const argv[], char *const env[], int out)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	setpgid(0, 0);
	dup2(null, STDIN_FILENO);
	dup2(null, STDERR_FILENO);
	dup2(out, STDOUT_FILENO);
	for (int i = 0; env && env[i]; i++) {
		if (strchr(env[i], '='))
			putenv(env[i]);
		else
			unsetenv(env[i]);
	}
	execv(argv[0], argv);
	_exit(127);
}

/*
 * Run @argv with the extra @env assignments ("NAME=value"; a bare "NAME"
 * removes NAME); collect stdout in *@out.
 * After @timeout seconds, or once it printed more than LIMIT_LISTING
 * bytes, the command is killed. Returns the exit code, -signal, or
 * CAPTURE_NOT_STARTED if it could not be started.
 */
int capture_run(char *const argv[], char *const env[], double timeout, char **out)
{
	struct strbuf sb = { 0 };
	double deadline = now_monotonic() + timeout;
	int pipefd[2], status = 0;
	pid_t pid;

	*out = NULL;
	if (pipe2(pipefd, O_CLOEXEC))
		return CAPTURE_NOT_STARTED;
	pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return CAPTURE_NOT_STARTED;
	}
	if (pid == 0)
		child(argv, env, pipefd[1]);
	close(pipefd[1]);

	for (;;) {
		struct pollfd p = { .fd = pipefd[0], .events = POLLIN };
		double left = deadline - now_monotonic();
		char buf[4096];
		ssize_t n;

		if (left <= 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			break;
		}
		if (poll(&p, 1, (int)(left * 1000) + 1) <= 0)
			continue;
		n = read(pipefd[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (sb.len + n > LIMIT_LISTING) {
			fprintf(stderr, "drmsub-run: %s printed more than %u bytes; stopped\n", argv[0],
				LIMIT_LISTING);
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			break;
		}
		sb_add(&sb, buf, n);
	}
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	*out = sb.buf ? sb.buf : xstrdup("");
	if (WIFSIGNALED(status))
		return -WTERMSIG(status);
	return WEXITSTATUS(status);
}

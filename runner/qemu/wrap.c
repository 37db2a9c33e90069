// SPDX-License-Identifier: MIT
/*
 * qemu-wrap: stand-in for one cross-built binary, so that 'make
 * check-cross' can run the suite under qemu-user without binfmt_misc.
 * mk/cross.mk hard-links this (static, host) program once per binary into
 * a tree mirroring the build tree; run as WRAP_DIR/x it runs REAL_DIR/x
 * under QEMU and behaves like the binary would natively:
 *
 *   - argv[0] is passed through (test binaries name themselves from it);
 *   - exit status and death by signal are reproduced on the wrapper;
 *   - signals sent to the wrapper alone reach the emulated process;
 *   - if the wrapper is killed, the emulated process dies with it;
 *   - qemu's "qemu: uncaught target signal" line is dropped from stderr:
 *     a crash on the board prints nothing of the kind.
 *
 * It is static so that an LD_PRELOAD meant for the target (the model
 * library) is not applied to the host program.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef QEMU
#error "build with -DQEMU=\"qemu-<arch>-static\" -DWRAP_DIR=\"...\" -DREAL_DIR=\"...\""
#endif

#define QEMU_CRASH_LINE "qemu: uncaught target signal "

static pid_t child;

static void forward(int sig)
{
	if (child > 0)
		kill(child, sig);
}

static void catch_forwarded(void)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };
	struct sigaction sa = { .sa_handler = forward, .sa_flags = SA_RESTART };

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

/* REAL_DIR/x for the wrapper WRAP_DIR/x we were started as. */
static char *real_binary(void)
{
	static char self[PATH_MAX], real[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	size_t len = strlen(WRAP_DIR);

	if (n <= 0)
		return NULL;
	self[n] = '\0';
	if (strncmp(self, WRAP_DIR, len) || self[len] != '/')
		return NULL;
	snprintf(real, sizeof(real), "%s%s", REAL_DIR, self + len);
	return real;
}

static void write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		p += n;
		len -= n;
	}
}

/* Copy the child's stderr to ours, line by line, without qemu's line. */
static void filter_stderr(int from)
{
	char buf[65536];
	size_t used = 0;

	for (;;) {
		ssize_t n = read(from, buf + used, sizeof(buf) - used);
		char *start = buf, *nl;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += n;
		while ((nl = memchr(start, '\n', used - (start - buf)))) {
			size_t len = nl + 1 - start;

			if (strncmp(start, QEMU_CRASH_LINE, strlen(QEMU_CRASH_LINE)))
				write_all(STDERR_FILENO, start, len);
			start = nl + 1;
		}
		used -= start - buf;
		memmove(buf, start, used);
		if (used == sizeof(buf)) {
			write_all(STDERR_FILENO, buf, used);
			used = 0;
		}
	}
	write_all(STDERR_FILENO, buf, used);
}

static void exit_like(int status)
{
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		sigset_t set;

		signal(sig, SIG_DFL);
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
		_exit(128 + sig);
	}
	_exit(WEXITSTATUS(status));
}

int main(int argc, char **argv)
{
	char *real = real_binary();
	char **args = calloc(argc + 4, sizeof(*args));
	int err[2], status;

	if (!real || !args || pipe(err)) {
		fprintf(stderr, "qemu-wrap: %s is not under %s\n", argv[0], WRAP_DIR);
		return 127;
	}
	args[0] = QEMU;
	args[1] = "-0";
	args[2] = argv[0];
	args[3] = real;
	memcpy(args + 4, argv + 1, (argc - 1) * sizeof(*args));

	catch_forwarded();
	child = fork();
	if (child < 0)
		return 127;
	if (child == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		dup2(err[1], STDERR_FILENO);
		close(err[0]);
		close(err[1]);
		execvp(QEMU, args);
		fprintf(stderr, "qemu-wrap: cannot run %s: %s\n", QEMU, strerror(errno));
		_exit(127);
	}
	close(err[1]);
	filter_stderr(err[0]);
	while (waitpid(child, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	exit_like(status);
}

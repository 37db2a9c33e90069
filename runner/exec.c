// SPDX-License-Identifier: MIT
/*
 * Running one job: the binary in its own process group (so a timeout kills
 * every process it forked), stdout, stderr and the kernel log copied to
 * the job's files as they arrive (so a runner killed mid-job leaves what
 * the job printed so far), and the kill sequence: SIGTERM when a limit is
 * reached, SIGKILL after the grace period.
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

#include "runner/runner.h"

#define POLL_MS 100
#define DRAIN_SECONDS 2.0
#define IDLE_US 2000

struct stream {
	int from;	/* pipe read end, -1 at EOF */
	int to;		/* the job's out.txt / err.txt */
};

static void prepend_env(const char *name, const char *value, char sep)
{
	const char *old = getenv(name);
	char *v = old && *old ? xasprintf("%s%c%s", value, sep, old) : xstrdup(value);

	setenv(name, v, 1);
	free(v);
}

static void exec_child(const struct settings *s, const struct job *job,
		       const struct driver_env *env, int out, int err)
{
	char *path = xasprintf("%s/%s", s->test_root, job->binary);
	char *argv[] = { path, "--run-subtest", job->subtest, NULL };
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);

	/* a job must not outlive a runner killed with SIGKILL */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the runner ignores SIGPIPE; an ignored signal would survive exec */
	signal(SIGPIPE, SIG_DFL);
	setpgid(0, 0);
	dup2(null, STDIN_FILENO);
	dup2(out, STDOUT_FILENO);
	dup2(err, STDERR_FILENO);
	setenv("IGT_SENTINEL_ON_STDERR", "1", 1);
	if (s->kmsg_path)
		setenv("DRMSUB_KMSG", s->kmsg_path, 1);
	if (env && !strcmp(env->ran_on, "model")) {
		prepend_env("LD_PRELOAD", s->model_library, ':');
		setenv("DRMSUB_MODEL", env->model_entry, 1);
		/*
		 * A sanitizer build with a shared ASan runtime (gcc) insists on
		 * being first in the library list; the model in front is fine.
		 */
		prepend_env("ASAN_OPTIONS", "verify_asan_link_order=0", ':');
	} else {
		/* what ran must be what the results say ran */
		unsetenv("DRMSUB_MODEL");
	}
	if (!job->subtest)
		argv[1] = NULL;
	execv(path, argv);
	fprintf(stderr, "drmsub-run: cannot execute %s: %s\n", path, strerror(errno));
	_exit(127);
}

static int open_job_file(const struct settings *s, size_t index, const char *name)
{
	char *path = job_file(s, index, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		fprintf(stderr, "drmsub-run: %s: %s\n", path, strerror(errno));
	free(path);
	return fd;
}

static void copy_available(struct stream *st)
{
	char buf[8192];
	ssize_t n = read(st->from, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		close(st->from);
		st->from = -1;
		return;
	}
	if (write(st->to, buf, n) != n)
		fprintf(stderr, "drmsub-run: cannot save output: %s\n", strerror(errno));
}

/* Wait up to @ms for output on either stream and copy it. */
static void pump(struct stream st[2], int ms)
{
	struct pollfd p[2];
	int n = 0;

	for (int i = 0; i < 2; i++) {
		p[i].fd = st[i].from;	/* poll skips negative fds */
		p[i].events = POLLIN;
		p[i].revents = 0;
		n += st[i].from >= 0;
	}
	if (!n) {
		/* output closed, process not reaped yet: check back soon */
		usleep(IDLE_US);
		return;
	}
	if (poll(p, 2, ms) <= 0)
		return;
	for (int i = 0; i < 2; i++)
		if (st[i].from >= 0 && p[i].revents)
			copy_available(&st[i]);
}

/* Why the job must end now, if it must. */
static bool limit_reached(const struct settings *s, double started, double overall_deadline,
			  volatile const int *stop_signal)
{
	double t = now_monotonic();

	if (s->per_test_timeout > 0 && t - started >= s->per_test_timeout)
		return true;
	if (overall_deadline > 0 && t >= overall_deadline)
		return true;
	return *stop_signal != 0;
}

static void reap(pid_t pid, struct job_run *run)
{
	int status;

	if (waitpid(pid, &status, WNOHANG) != pid)
		return;
	run->exited = true;
	run->exit_status = WIFSIGNALED(status) ? -WTERMSIG(status) : WEXITSTATUS(status);
}

static void supervise(const struct settings *s, pid_t pid, struct stream st[2],
		      double overall_deadline, volatile const int *stop_signal,
		      struct job_run *run)
{
	double started = now_monotonic(), kill_at = 0;
	bool termed = false;

	while (!run->exited) {
		pump(st, POLL_MS);
		kmsg_poll();
		reap(pid, run);
		if (run->exited)
			break;
		if (!termed && limit_reached(s, started, overall_deadline, stop_signal)) {
			/* a per-test timeout unless the run itself is ending */
			run->timed_out = s->per_test_timeout > 0 &&
					 now_monotonic() - started >= s->per_test_timeout;
			run->stopped = !run->timed_out;
			kill(-pid, SIGTERM);
			termed = true;
			kill_at = now_monotonic() + s->kill_grace;
		} else if (termed && now_monotonic() >= kill_at) {
			kill(-pid, SIGKILL);
			kill_at = now_monotonic() + 3600;
		}
	}
	/* leftovers of the group (igt_fork children) still hold the pipes */
	kill(-pid, SIGKILL);
	for (double end = now_monotonic() + DRAIN_SECONDS;
	     (st[0].from >= 0 || st[1].from >= 0) && now_monotonic() < end;)
		pump(st, POLL_MS);
	run->elapsed = now_monotonic() - started;
}

int job_execute(const struct settings *s, const struct job *job, size_t index,
		const struct driver_env *env, double overall_deadline,
		volatile const int *stop_signal, struct job_run *run)
{
	char *dir = job_dir(s, index);
	struct stream st[2] = { { -1, -1 }, { -1, -1 } };
	int out[2] = { -1, -1 }, err[2] = { -1, -1 }, dmesg;
	pid_t pid;

	memset(run, 0, sizeof(*run));
	run->start = now_wall();
	mkdir_p(dir);
	free(dir);
	st[0].to = open_job_file(s, index, "out.txt");
	st[1].to = open_job_file(s, index, "err.txt");
	dmesg = open_job_file(s, index, "dmesg.txt");
	if (st[0].to < 0 || st[1].to < 0 || dmesg < 0 ||
	    pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
		goto fail;

	/* what the kernel logged between jobs belongs to neither */
	kmsg_set_sink(-1);
	kmsg_poll();
	kmsg_set_sink(dmesg);

	pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0)
		exec_child(s, job, env, out[1], err[1]);
	setpgid(pid, pid);	/* also here: no window where kill(-pid) misses */
	close(out[1]);
	close(err[1]);
	st[0].from = out[0];
	st[1].from = err[0];
	supervise(s, pid, st, overall_deadline, stop_signal, run);
	kmsg_poll();
	kmsg_set_sink(-1);
	fsync(st[0].to);
	fsync(st[1].to);
	fsync(dmesg);
	close(st[0].to);
	close(st[1].to);
	close(dmesg);
	return 0;

fail:
	fprintf(stderr, "drmsub-run: cannot start %s: %s\n", job->name, strerror(errno));
	for (int i = 0; i < 2; i++) {
		if (out[i] >= 0)
			close(out[i]);
		if (err[i] >= 0)
			close(err[i]);
		if (st[i].to >= 0)
			close(st[i].to);
	}
	if (dmesg >= 0)
		close(dmesg);
	return -1;
}

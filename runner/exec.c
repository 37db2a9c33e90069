// SPDX-License-Identifier: MIT
/*
 * Starting one job and moving its output: the binary runs under its own
 * supervisor (supervisor.c: a subreaper that can kill every process of
 * the job, setsid daemons included), in its own process group, with
 * stdout and stderr on pipes that the scheduler drains into the job's
 * capped streams (output.c) as output arrives.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner/exec.h"
#include "runner/proctree.h"
#include "runner/runner.h"

struct child_args {
	const struct settings *s;
	const struct job *job;
	const struct driver_env *env;
	const char *model_log;
	int out, err;
};

static void prepend_env(const char *name, const char *value, char sep)
{
	const char *old = getenv(name);
	char *v = old && *old ? xasprintf("%s%c%s", value, sep, old) : xstrdup(value);

	setenv(name, v, 1);
	free(v);
}

bool job_on_model(const struct driver_env *env)
{
	return env && !strcmp(env->ran_on, "model");
}

/* The kernel log a job sees: the model's own for model jobs, else the shared one. */
static void kernel_log_env(const struct child_args *a)
{
	if (job_on_model(a->env)) {
		/* lib/model/kmsg.c: the model's /dev/kmsg, kept in the job's directory */
		setenv("DRMSUB_MODEL_KMSG", a->model_log, 1);
		unsetenv("DRMSUB_KMSG");
		return;
	}
	unsetenv("DRMSUB_MODEL_KMSG");
	if (a->s->kmsg_path)
		setenv("DRMSUB_KMSG", a->s->kmsg_path, 1);
}

static void exec_child(void *arg)
{
	const struct child_args *a = arg;
	char *path = xasprintf("%s/%s", a->s->test_root, a->job->binary);
	char *argv[] = { path, "--run-subtest", a->job->subtest, NULL };
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);

	/* a job must not outlive its supervisor */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the runner ignores SIGPIPE; an ignored signal would survive exec */
	signal(SIGPIPE, SIG_DFL);
	setpgid(0, 0);
	dup2(null, STDIN_FILENO);
	dup2(a->out, STDOUT_FILENO);
	dup2(a->err, STDERR_FILENO);
	setenv("IGT_SENTINEL_ON_STDERR", "1", 1);
	kernel_log_env(a);
	if (job_on_model(a->env)) {
		prepend_env("LD_PRELOAD", a->s->model_library, ':');
		setenv("DRMSUB_MODEL", a->env->model_entry, 1);
		/*
		 * A sanitizer build with a shared ASan runtime (gcc) insists on
		 * being first in the library list; the model in front is fine.
		 */
		prepend_env("ASAN_OPTIONS", "verify_asan_link_order=0", ':');
	} else {
		/* what ran must be what the results say ran */
		unsetenv("DRMSUB_MODEL");
	}
	if (!a->job->subtest)
		argv[1] = NULL;
	execv(path, argv);
	fprintf(stderr, "drmsub-run: cannot execute %s: %s\n", path, strerror(errno));
	_exit(127);
}

/* An absolute path: the job may change its directory, the model log must not move. */
static char *absolute(const char *path)
{
	char cwd[4096];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

static void open_streams(struct running_job *rj, const struct settings *s)
{
	static const char *const names[NR_JOB_STREAMS] = { "out.txt", "err.txt", "dmesg.txt" };

	for (int i = 0; i < NR_JOB_STREAMS; i++) {
		char *path = job_file(s, rj->index, names[i]);

		stream_init(&rj->stream[i], path, s->output_cap);
		free(path);
	}
}

/* The model's log of this job: created empty, read from its start. */
static void open_model_log(struct running_job *rj, const struct settings *s)
{
	char *rel = job_file(s, rj->index, "kmsg.txt");

	rj->model_log_path = absolute(rel);
	free(rel);
	close(open(rj->model_log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
	if (log_source_open(&rj->model_log, rj->model_log_path, false))
		rj->model_log.fd = -1;
}

int job_start(struct running_job *rj, const struct settings *s, const struct job *job,
	      size_t index, const struct driver_env *env)
{
	int out[2] = { -1, -1 }, err[2] = { -1, -1 }, status[2] = { -1, -1 };
	struct child_args args = { s, job, env, NULL, -1, -1 };
	int child_fds[2];
	char *dir = job_dir(s, index);

	memset(rj, 0, sizeof(*rj));
	rj->pipe_fd[0] = rj->pipe_fd[1] = rj->status_fd = -1;
	rj->index = index;
	rj->job = job;
	rj->env = env;
	rj->model_log.fd = -1;
	rj->run.start = now_wall();
	rj->started = now_monotonic();
	/* a full disk loses the files, not the job: its output is kept in memory */
	mkdir_p(dir);
	free(dir);
	open_streams(rj, s);
	if (job_on_model(env))
		open_model_log(rj, s);
	if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) || pipe2(status, O_CLOEXEC))
		goto fail;
	args.model_log = rj->model_log_path;
	args.out = child_fds[0] = out[1];
	args.err = child_fds[1] = err[1];
	rj->supervisor = supervisor_spawn(exec_child, &args, status[1], child_fds, 2);
	if (rj->supervisor < 0)
		goto fail;
	close(out[1]);
	close(err[1]);
	close(status[1]);
	rj->pipe_fd[0] = out[0];
	rj->pipe_fd[1] = err[0];
	rj->status_fd = status[0];
	fcntl(rj->status_fd, F_SETFL, O_NONBLOCK);
	return 0;

fail:
	fprintf(stderr, "drmsub-run: cannot start %s: %s\n", job->name, strerror(errno));
	for (int i = 0; i < 2; i++) {
		if (out[i] >= 0)
			close(out[i]);
		if (err[i] >= 0)
			close(err[i]);
		if (status[i] >= 0)
			close(status[i]);
	}
	job_release(rj);
	return -1;
}

void job_pump(struct running_job *rj, int which)
{
	char buf[65536];
	ssize_t n = read(rj->pipe_fd[which], buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		close(rj->pipe_fd[which]);
		rj->pipe_fd[which] = -1;
		return;
	}
	stream_add(&rj->stream[which], buf, n);
}

/* The supervisor wrote the main process's status, or went away (EOF). */
void job_read_status(struct running_job *rj)
{
	int code;
	ssize_t n = read(rj->status_fd, &code, sizeof(code));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n == sizeof(code)) {
		rj->run.exited = true;
		rj->run.exit_status = code;
		return;
	}
	close(rj->status_fd);
	rj->status_fd = -1;
}

void job_signal(struct running_job *rj, int what)
{
	if (rj->supervisor > 0 && !rj->supervisor_gone)
		kill(rj->supervisor, what);
}

void job_release(struct running_job *rj)
{
	for (int i = 0; i < 2; i++) {
		if (rj->pipe_fd[i] >= 0)
			close(rj->pipe_fd[i]);
		rj->pipe_fd[i] = -1;
	}
	if (rj->status_fd >= 0)
		close(rj->status_fd);
	rj->status_fd = -1;
	for (int i = 0; i < NR_JOB_STREAMS; i++)
		stream_free(&rj->stream[i]);
	log_source_close(&rj->model_log);
	free(rj->model_log_path);
	rj->model_log_path = NULL;
}

/* SPDX-License-Identifier: MIT */
/* One running job: its supervisor, pipes, capped streams and model log. */
#ifndef DRMSUB_RUNNER_EXEC_H
#define DRMSUB_RUNNER_EXEC_H

#include <stdbool.h>
#include <sys/types.h>

#include "runner/kmsg.h"
#include "runner/output.h"
#include "runner/runner.h"

enum { JOB_OUT, JOB_ERR, JOB_DMESG, NR_JOB_STREAMS };

struct running_job {
	size_t index;
	const struct job *job;
	const struct driver_env *env;
	pid_t supervisor;		/* the job's subreaper (supervisor.c) */
	bool supervisor_gone;		/* reaped */
	int status_fd;			/* the main process's status; EOF: supervisor gone */
	int pipe_fd[2];			/* stdout, stderr; -1 at EOF */
	struct job_stream stream[NR_JOB_STREAMS];
	struct log_source model_log;	/* the job's own kernel log (model jobs) */
	char *model_log_path;
	bool shared_log;		/* gets the records of the shared kernel log */
	struct job_run run;
	double started;			/* CLOCK_MONOTONIC */
	double kill_at;			/* SIGKILL after the grace period; 0: not yet */
	double drain_until;		/* output still open after the end: give up then */
	bool termed;
};

/* The driver runs on the device model (the job gets LD_PRELOAD and its own log). */
bool job_on_model(const struct driver_env *env);
/* Create the job's files and start it under its supervisor. 0 or -1. */
int job_start(struct running_job *rj, const struct settings *s, const struct job *job,
	      size_t index, const struct driver_env *env);
/* Move what is available on pipe @which (JOB_OUT, JOB_ERR) into its stream. */
void job_pump(struct running_job *rj, int which);
void job_read_status(struct running_job *rj);
/* SUPERVISOR_TERM or SUPERVISOR_KILL to the job's supervisor. */
void job_signal(struct running_job *rj, int what);
/* Close what is left open; the streams must have been finished or are discarded. */
void job_release(struct running_job *rj);

#endif

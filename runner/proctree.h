/* SPDX-License-Identifier: MIT */
/* A job's process tree: its supervisor (a subreaper) and what lies below. */
#ifndef DRMSUB_RUNNER_PROCTREE_H
#define DRMSUB_RUNNER_PROCTREE_H

#include <stddef.h>
#include <sys/types.h>

/* Every process below @root (@root excluded), from /proc; *@out is malloc'd. */
size_t proctree_descendants(pid_t root, pid_t **out);
/* Send @sig to every process below @root; returns how many. */
size_t proctree_signal(pid_t root, int sig);

/* What the runner sends a supervisor. */
#define SUPERVISOR_TERM SIGTERM		/* SIGTERM to every process of the job */
#define SUPERVISOR_KILL SIGUSR1		/* SIGKILL to every process of the job */

/*
 * Fork the job's supervisor: a subreaper that runs @start(@arg) in its
 * child (which must exec or _exit), closes @nr_fds fds of @fds that only
 * the child needs, writes the child's exit status (exit code, or -signal,
 * as an int) to @status_fd, and kills whatever of the job is left when
 * the child exits, on SUPERVISOR_KILL, or when the runner dies. Returns
 * the supervisor's pid, or -1.
 */
pid_t supervisor_spawn(void (*start)(void *arg), void *arg, int status_fd, const int *fds,
		       int nr_fds);

#endif

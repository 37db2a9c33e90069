/* SPDX-License-Identifier: MIT */
/* Running the jobs not yet done, up to -j at a time. */
#ifndef DRMSUB_RUNNER_SCHED_H
#define DRMSUB_RUNNER_SCHED_H

#include <stdbool.h>

#include "runner/runner.h"

/* -j's default for these drivers: parallel only when all run on the model. */
int sched_default_jobs(const struct drivers *d);
/* Run what is not done in @o; true when the run ended before every job ran. */
bool sched_run(const struct settings *s, const struct joblist *jl, const struct drivers *d,
	       struct outcome *o, volatile const int *stop_signal);

#endif

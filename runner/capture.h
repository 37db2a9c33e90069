/* SPDX-License-Identifier: MIT */
/* Run a helper command (listing, probing) and collect its stdout. */
#ifndef DRMSUB_RUNNER_CAPTURE_H
#define DRMSUB_RUNNER_CAPTURE_H

#define CAPTURE_NOT_STARTED -1000

int capture_run(char *const argv[], char *const env[], double timeout, char **out);

#endif

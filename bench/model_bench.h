/* SPDX-License-Identifier: MIT */
/*
 * model_bench: the submit+wait loops of each driver (model_submit.c) that
 * model_bench.c measures against a bare condition-variable ping-pong.
 */
#ifndef DRMSUB_BENCH_MODEL_BENCH_H
#define DRMSUB_BENCH_MODEL_BENCH_H

#include <stdint.h>

/*
 * One driver's smallest complete submission: @setup opens the device and
 * builds the stream once, @loop submits it and waits for it @n times
 * (the shape of bench_median's fn), @teardown releases everything.
 */
struct model_bench_driver {
	const char *name;		/* "msm", "nouveau", "radeon" */
	const char *what;		/* "GEM_SUBMIT + WAIT_FENCE" */
	void *(*setup)(void);
	void (*loop)(void *state, uint64_t n);
	void (*teardown)(void *state);
};

extern const struct model_bench_driver model_bench_msm, model_bench_nouveau, model_bench_radeon;

/*
 * msm only: keep @count more sync_files (FENCE_FD_OUT of signalled
 * submits) open on @state, or close them all with @count 0, to show
 * whether a signal costs more with more of them alive.
 */
void model_bench_msm_hold_sync_files(void *state, uint64_t count);

#endif

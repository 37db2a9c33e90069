/* SPDX-License-Identifier: MIT */
/*
 * bench.h: how every benchmark in bench/ measures. Times are CPU time of
 * the whole process (CLOCK_PROCESS_CPUTIME_ID: every thread, the model's
 * GPU threads included, so a busy-waiting model cannot hide its cost),
 * the median of at least BENCH_RUNS runs. Results are printed as ratios
 * of two things measured in the same run, never as absolute times to
 * compare with a number, and never asserted: `make bench` reports.
 *
 * Output, one line per measurement:
 *     <name>: <ratio> (<what> <value> vs <reference> <value>) [target <t>]
 */
#ifndef DRMSUB_BENCH_H
#define DRMSUB_BENCH_H

#include <stdint.h>

#define BENCH_RUNS 5

/* CPU seconds used so far by the process (all threads). */
double bench_cpu_now(void);
/* Wall seconds (CLOCK_MONOTONIC), for the few measurements that need them. */
double bench_wall_now(void);

/*
 * The median over @runs (at least BENCH_RUNS) of the CPU seconds one call
 * of @fn(@arg, @n) takes, divided by @n: @fn does @n iterations of what is
 * measured. Returns seconds per iteration.
 */
double bench_median(void (*fn)(void *arg, uint64_t n), void *arg, uint64_t n, unsigned int runs);

/* The same with wall-clock time. */
double bench_median_wall(void (*fn)(void *arg, uint64_t n), void *arg, uint64_t n,
			 unsigned int runs);

/*
 * bench_median with an untimed @setup before and @teardown after each run
 * (either may be NULL): for operations that consume what a run prepared,
 * such as objects that must be new each time.
 */
double bench_median_around(void (*setup)(void *arg, uint64_t n), void (*fn)(void *arg, uint64_t n),
			   void (*teardown)(void *arg, uint64_t n), void *arg, uint64_t n,
			   unsigned int runs);

/*
 * Print "<name>: <t/ref> (<t> vs <ref_name> <ref>)" with times in the
 * unit that reads best, plus "target <op> <limit>" when @target is
 * non-NULL ("<= 1.5").
 */
void bench_ratio(const char *name, double t, const char *ref_name, double ref, const char *target);

/*
 * A scaling series: @fn(@arg, size) returns the cost (seconds) of one
 * operation at @size; it is measured at N, 8N and 64N and printed as
 *     <name>: t(8N)/t(N) = r1, t(64N)/t(8N) = r2 (N=<n>: a, b, c) [target <= 9]
 * where 8 means the total grows linearly (t is the cost of the whole
 * operation at that size) and 64 quadratically. Returns the larger ratio.
 */
double bench_series(const char *name, double (*fn)(void *arg, uint64_t size), void *arg,
		    uint64_t n, const char *target);

/*
 * Run the benchmark on the device model unless DRMSUB_MODEL already chose
 * a device: exec itself again with DRMSUB_MODEL=@model and the model
 * library beside the build's bench/ directory preloaded. @env: pairs of
 * name and value, then NULL, set unless the caller's environment has them.
 */
void bench_run_on_model(char **argv, const char *model, const char *const *env);

/*
 * A benchmark has nothing to measure once its setup fails: print
 * "<program>: @what: <errno's message>" and exit 1.
 */
void bench_die(const char *what) __attribute__((noreturn));
/* drmIoctl(@fd, @req, @arg), or bench_die(@what). */
void bench_ioctl(int fd, unsigned long req, void *arg, const char *what);
/* @err is a harness call's 0 or -errno: go on, or bench_die(@what). */
void bench_ok(int err, const char *what);
/* calloc, or bench_die. */
void *bench_calloc(size_t n, size_t size);

/*
 * The first render node (/dev/dri/renderD128..191, the kernel's render
 * minors) whose driver is @driver, or a message and exit 1.
 */
int bench_open_render(const char *driver);

/* Format a duration in seconds as "12.3 ns" / "4.56 us" / "7.89 ms" / "1.23 s". */
const char *bench_fmt_time(double seconds, char *buf, unsigned int len);

#endif

// SPDX-License-Identifier: MIT
/*
 * model_bench: what one submit+wait costs on the device model, as a ratio
 * to the least any handoff between two threads costs in the same process:
 * a bare condition-variable ping-pong (the submitter wakes a "GPU" thread,
 * which wakes it back). The model's GPU thread does that handoff too, so
 * the ratio is the overhead of everything else (ioctl decoding, argument
 * copies, validation, fences, the waiters it wakes). Also printed: the
 * context switches per iteration (getrusage, voluntary + involuntary, all
 * threads), and whether a submit+wait costs more when many sync_files are
 * alive (N, 8N, 64N of them).
 *
 * Without DRMSUB_MODEL the program re-executes itself on the model
 * (bench_run_on_model): msm:a630,nouveau:gm20b,radeon:rv350.
 *
 * usage: model_bench                      every measurement
 *        model_bench --loop <what> <n>    only run <what> (pingpong, msm,
 *                                         nouveau, radeon) n times, for
 *                                         timing the whole process from outside
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench.h"
#include "model_bench.h"
#include "util/util.h"

#define ITERATIONS 2000
#define DEFAULT_MODEL "msm:a630,nouveau:gm20b,radeon:rv350"
#define SYNC_FILES_N 128

/* ---- the reference: two threads handing a token back and forth ---------- */

struct pingpong {
	pthread_mutex_t lock;
	pthread_cond_t to_worker, to_main;
	uint64_t sent, answered;
	bool stop;
	pthread_t worker;
};

static void *pingpong_worker(void *arg)
{
	struct pingpong *pp = arg;

	pthread_mutex_lock(&pp->lock);
	for (;;) {
		while (pp->answered == pp->sent && !pp->stop)
			pthread_cond_wait(&pp->to_worker, &pp->lock);
		if (pp->stop)
			break;
		pp->answered = pp->sent;
		pthread_cond_signal(&pp->to_main);
	}
	pthread_mutex_unlock(&pp->lock);
	return NULL;
}

static void *pingpong_setup(void)
{
	struct pingpong *pp = bench_calloc(1, sizeof(*pp));

	pthread_mutex_init(&pp->lock, NULL);
	pthread_cond_init(&pp->to_worker, NULL);
	pthread_cond_init(&pp->to_main, NULL);
	if (pthread_create(&pp->worker, NULL, pingpong_worker, pp))
		abort();
	return pp;
}

static void pingpong_loop(void *arg, uint64_t n)
{
	struct pingpong *pp = arg;

	for (uint64_t i = 0; i < n; i++) {
		pthread_mutex_lock(&pp->lock);
		pp->sent++;
		pthread_cond_signal(&pp->to_worker);
		while (pp->answered != pp->sent)
			pthread_cond_wait(&pp->to_main, &pp->lock);
		pthread_mutex_unlock(&pp->lock);
	}
}

static void pingpong_teardown(void *arg)
{
	struct pingpong *pp = arg;

	pthread_mutex_lock(&pp->lock);
	pp->stop = true;
	pthread_cond_signal(&pp->to_worker);
	pthread_mutex_unlock(&pp->lock);
	pthread_join(pp->worker, NULL);
	free(pp);
}

static const struct model_bench_driver pingpong = {
	.name = "pingpong",
	.what = "condvar ping-pong",
	.setup = pingpong_setup,
	.loop = pingpong_loop,
	.teardown = pingpong_teardown,
};

static const struct model_bench_driver *const measured[] = {
	&pingpong, &model_bench_msm, &model_bench_nouveau, &model_bench_radeon,
};

/* ---- running on the model ----------------------------------------------- */

static bool model_loaded(void)
{
	return dlsym(RTLD_DEFAULT, "drmsub_model_test_submit") != NULL;
}

/* DRMSUB_MODEL lists the driver: its name followed by ':', ',' or the end. */
static bool model_has_driver(const char *name)
{
	const char *list = getenv("DRMSUB_MODEL"), *p = list;
	size_t n = strlen(name);

	while (p && (p = strstr(p, name))) {
		bool starts = p == list || p[-1] == ',';
		char end = p[n];

		if (starts && (end == ':' || end == ',' || end == '\0'))
			return true;
		p += n;
	}
	return false;
}

/* ---- measuring ----------------------------------------------------------- */

static double switches_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_nvcsw + (double)ru.ru_nivcsw;
}

struct measurement {
	double cpu;		/* median CPU seconds per iteration */
	double switches;	/* context switches per iteration */
};

static struct measurement measure(const struct model_bench_driver *d, void *state)
{
	struct measurement m;
	double before;

	d->loop(state, ITERATIONS / 10);	/* warm: threads started, caches filled */
	m.cpu = bench_median(d->loop, state, ITERATIONS, BENCH_RUNS);
	before = switches_now();
	d->loop(state, ITERATIONS);
	m.switches = (switches_now() - before) / ITERATIONS;
	return m;
}

struct series_arg {
	void *msm;
	uint64_t held;
};

/* Per-iteration cost of msm submit+wait with @size sync_files alive. */
static double with_sync_files(void *arg, uint64_t size)
{
	struct series_arg *s = arg;

	model_bench_msm_hold_sync_files(s->msm, size - s->held);
	s->held = size;
	return bench_median(model_bench_msm.loop, s->msm, ITERATIONS / 4, BENCH_RUNS);
}

static void raise_fd_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

static void sync_file_series(void)
{
	struct series_arg s = { .msm = model_bench_msm.setup() };
	char name[96];

	raise_fd_limit();
	snprintf(name, sizeof(name), "msm submit+wait with N/8N/64N live sync_files");
	bench_series(name, with_sync_files, &s, SYNC_FILES_N, "t(64N)/t(8N) <= 1.5");
	model_bench_msm.teardown(s.msm);
}

static void report_all(void)
{
	void *state = pingpong.setup();
	struct measurement ref = measure(&pingpong, state), m;
	char name[96], note[160];

	pingpong.teardown(state);
	printf("%s: %.2f context switches per iteration\n", pingpong.what, ref.switches);
	for (unsigned int i = 1; i < ARRAY_SIZE(measured); i++) {
		const struct model_bench_driver *d = measured[i];

		if (!model_has_driver(d->name)) {
			printf("%s submit+wait: not measured (DRMSUB_MODEL has no %s)\n", d->name,
			       d->name);
			continue;
		}
		state = d->setup();
		m = measure(d, state);
		d->teardown(state);
		snprintf(name, sizeof(name), "%s submit+wait", d->name);
		bench_ratio(name, m.cpu, pingpong.what, ref.cpu, "<= 1.5");
		snprintf(note, sizeof(note), "%s: %s, %.2f context switches per iteration",
			 name, d->what, m.switches);
		puts(note);
	}
	if (model_has_driver("msm"))
		sync_file_series();
}

/* --loop <what> <n>: only the work, for a whole-process timing. */
static int loop_only(const char *what, const char *count)
{
	uint64_t n = strtoull(count, NULL, 0);

	for (unsigned int i = 0; i < ARRAY_SIZE(measured); i++) {
		const struct model_bench_driver *d = measured[i];
		void *state;

		if (strcmp(d->name, what))
			continue;
		state = d->setup();
		d->loop(state, n);
		d->teardown(state);
		return 0;
	}
	fprintf(stderr, "model_bench: --loop: unknown \"%s\" (pingpong, msm, nouveau, radeon)\n",
		what);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc > 1 && (strcmp(argv[1], "--loop") || argc != 4)) {
		fprintf(stderr, "usage: %s [--loop pingpong|msm|nouveau|radeon <n>]\n", argv[0]);
		return 2;
	}
	bench_run_on_model(argv, DEFAULT_MODEL, NULL);
	if (!model_loaded()) {
		fprintf(stderr, "model_bench: DRMSUB_MODEL is set but the model is not preloaded\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4)
		return loop_only(argv[2], argv[3]);
	report_all();
	return 0;
}

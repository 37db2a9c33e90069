// SPDX-License-Identifier: MIT
/*
 * model_fuzz: a bounded hostile client of the device model's ioctl surface
 * (msm, nouveau, radeon and the DRM core), run on the model:
 *
 *   scripts/with-model msm:a630,nouveau:gm20b,radeon:rv350 \
 *       build/tests/lib/model_fuzz --seed 1 --iterations 2000
 *
 * The requests of one seed are split into batches; each batch runs in a
 * forked worker (model_fuzz_worker.c) so that a crash of the model ends
 * the worker, not the run. This process watches the workers: a request
 * running longer than --timeout-ms is a hang, a worker larger than
 * --rss-mb is unbounded growth, a signal is a crash, an errno the kernel
 * would not return (model_fuzz_errno.c) or fds left behind are reported
 * by the worker itself. Every report names the seed, the batch and the
 * request, and the command that replays the batch. See --help.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "model_fuzz.h"
#include "util/array.h"
#include "util/parse.h"

#define POLL_US 5000

/*
 * Under ASan, an allocation of more than 2 GiB ends the worker with ASan's
 * report of where it was made: no kernel allocation from a user count is
 * that large (kvmalloc refuses more than INT_MAX bytes, kmalloc_array far
 * less), so the model must refuse such a count itself before allocating
 * (lib/model/kalloc.c), with the kernel's ENOMEM. Self-test: huge-alloc.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=0:max_allocation_size_mb=2048";
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: model_fuzz [OPTIONS]\n"
"\n"
"Send random and near-valid requests to every msm, nouveau and radeon device of\n"
"the device model (run it under the model: scripts/with-model ... model_fuzz):\n"
"valid requests broken field by field, hostile pointers, huge counts, random\n"
"command streams, objects closed while work is in flight, another file's handles,\n"
"fork in the middle. A run fails on a crash, a hang, unbounded growth, fds left\n"
"after everything was closed, or an errno the kernel would not return.\n"
"\n"
"Options:\n"
"  --seed N          the seed (default: from the clock; printed)\n"
"  --iterations N    requests in all (default 2000)\n"
"  --seconds N       start no batch after N seconds (default: no limit)\n"
"  --batch N         requests per worker process (default 250)\n"
"  --first-batch N   start at batch N (replay a report: with --batches 1)\n"
"  --batches N       run at most N batches\n"
"  --timeout-ms N    the longest one request may take (default 20000: waits end\n"
"                    when the hangcheck ends the submits they wait for)\n"
"  --rss-mb N        the largest a worker may grow (default 512; workers stay\n"
"                    below 150 under ASan)\n"
"  --keep-going      report every failing batch, not only the first\n"
"  --verbose         print every request of the workers and its answer\n"
"  -h, --help        this text\n"
"\n"
"Exit status: 0 no failure, 1 a failure (reported on stderr), 2 usage error.\n");
}

static int parse_args(int argc, char **argv, struct fz_options *o)
{
	enum { SEED = 256, ITER, SECONDS, BATCH, FIRST, BATCHES, TIMEOUT, RSS, KEEP, VERBOSE };
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, SEED },
		{ "iterations", required_argument, NULL, ITER },
		{ "seconds", required_argument, NULL, SECONDS },
		{ "batch", required_argument, NULL, BATCH },
		{ "first-batch", required_argument, NULL, FIRST },
		{ "batches", required_argument, NULL, BATCHES },
		{ "timeout-ms", required_argument, NULL, TIMEOUT },
		{ "rss-mb", required_argument, NULL, RSS },
		{ "keep-going", no_argument, NULL, KEEP },
		{ "verbose", no_argument, NULL, VERBOSE },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	uint64_t v;
	int c;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			exit(0);
		}
		if (c == KEEP || c == VERBOSE) {
			*(c == KEEP ? &o->keep_going : &o->verbose) = true;
			continue;
		}
		if (c < SEED || !optarg || !util_parse_u64(optarg, 0, &v)) {
			usage(stderr);
			return -1;
		}
		switch (c) {
		case SEED:
			o->seed = v;
			break;
		case ITER:
			o->iterations = v;
			break;
		case SECONDS:
			o->seconds = (unsigned)v;
			break;
		case BATCH:
			o->batch = v ? (unsigned)v : 1;
			break;
		case FIRST:
			o->first_batch = (unsigned)v;
			break;
		case BATCHES:
			o->nr_batches = (unsigned)v;
			break;
		case TIMEOUT:
			o->timeout_ms = (unsigned)v;
			break;
		default:
			o->rss_mb = (unsigned)v;
			break;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* Resident set of @pid in MiB, 0 if it is gone. */
static unsigned long rss_mb(pid_t pid)
{
	char path[64];
	unsigned long size, resident = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%lu %lu", &size, &resident) != 2)
		resident = 0;
	fclose(f);
	return resident * (unsigned long)sysconf(_SC_PAGESIZE) >> 20;
}

struct verdict {
	const char *what;	/* NULL: the batch passed */
	char detail[2300];
};

/* A request of one of the worker's processes that is running too long or grew too much. */
static bool watchdog(const struct fz_shared *sh, const struct fz_options *o, struct verdict *v)
{
	int64_t now = fz_now_ns();

	for (int i = 0; i < FZ_NR_SLOTS; i++) {
		const struct fz_slot *s = &sh->slots[i];
		int64_t start = __atomic_load_n(&s->start_ns, __ATOMIC_RELAXED);
		unsigned long mb;

		if (!s->pid)
			continue;
		if (start && now - start > (int64_t)o->timeout_ms * 1000000) {
			v->what = "hang";
			snprintf(v->detail, sizeof(v->detail),
				 "a request of the %s took more than %u ms\n  request (iteration %llu): %s",
				 i ? "forked child" : "worker", o->timeout_ms,
				 (unsigned long long)s->iteration, s->request);
			return true;
		}
		mb = rss_mb(s->pid);
		if (mb > o->rss_mb) {
			v->what = "unbounded growth";
			snprintf(v->detail, sizeof(v->detail),
				 "the %s grew to %lu MiB (limit %u)\n  at request (iteration %llu): %s",
				 i ? "forked child" : "worker", mb, o->rss_mb,
				 (unsigned long long)s->iteration, s->request);
			return true;
		}
	}
	return false;
}

/* What a worker's own failure exit (FZ_EXIT_*) is called; NULL for another status. */
static const char *exit_verdict(int code)
{
	static const struct {
		int code;
		const char *what;
	} verdicts[] = {
		{ FZ_EXIT_ERRNO, "wrong errno" },
		{ FZ_EXIT_LEAK, "leak" },
		{ FZ_EXIT_CHILD, "forked child" },
		{ FZ_EXIT_SETUP, "setup" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(verdicts); i++)
		if (verdicts[i].code == code)
			return verdicts[i].what;
	return NULL;
}

static void judge_exit(int status, const struct fz_shared *sh, struct verdict *v)
{
	const struct fz_slot *s = &sh->slots[FZ_SLOT_WORKER];

	if (WIFSIGNALED(status)) {
		v->what = "crash";
		snprintf(v->detail, sizeof(v->detail), "the worker died of %s\n  request (iteration %llu): %s",
			 strsignal(WTERMSIG(status)), (unsigned long long)s->iteration, s->request);
		return;
	}
	if (WEXITSTATUS(status) == FZ_EXIT_OK) {
		v->what = NULL;
		return;
	}
	v->what = exit_verdict(WEXITSTATUS(status));
	if (v->what) {
		snprintf(v->detail, sizeof(v->detail), "%s", sh->failure);
		return;
	}
	/* a sanitizer report (printed above) or an exit from inside the model */
	v->what = "crash";
	snprintf(v->detail, sizeof(v->detail),
		 "the worker exited with status %d (a sanitizer report, or the model ended it)\n"
		 "  request (iteration %llu): %s", WEXITSTATUS(status),
		 (unsigned long long)s->iteration, s->request);
}

/* Run batch @b in a forked worker and judge it. */
static void run_batch(struct fz_shared *sh, const struct fz_options *o, unsigned b,
		      struct verdict *v)
{
	pid_t pid;
	int status;

	memset(sh, 0, sizeof(*sh));
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		v->what = "setup";
		snprintf(v->detail, sizeof(v->detail), "fork: %s", strerror(errno));
		return;
	}
	if (!pid) {
		setpgid(0, 0);
		exit(fz_worker_main(sh, o, b));
	}
	setpgid(pid, pid);
	for (;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid) {
			judge_exit(status, sh, v);
			break;
		}
		if (watchdog(sh, o, v)) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			break;
		}
		usleep(POLL_US);
	}
	/* a forked child of the worker may outlive it */
	kill(-pid, SIGKILL);
}

static void report(const struct fz_options *o, unsigned b, const struct verdict *v)
{
	uint64_t first = (uint64_t)b * o->batch;

	fprintf(stderr, "model_fuzz: FAIL %s in batch %u (seed %llu, iterations %llu-%llu)\n  %s\n"
		"  replay: model_fuzz --seed %llu --iterations %llu --batch %u --first-batch %u "
		"--batches 1 --verbose\n",
		v->what, b, (unsigned long long)o->seed, (unsigned long long)first,
		(unsigned long long)(first + o->batch - 1), v->detail, (unsigned long long)o->seed,
		(unsigned long long)o->iterations, o->batch, b);
}

/*
 * The model makes its kernel log on first use and names it in the
 * environment for the processes started afterwards (lib/model/kmsg.c
 * create_log). Made here, before any worker, it is never made by a
 * worker's GPU or hangcheck thread, which would setenv() while the
 * worker's own thread reads the environment (fz_count_fds).
 */
static void make_kernel_log(void)
{
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	struct fz_options o = {
		.iterations = 2000, .batch = 250, .timeout_ms = 20000, .rss_mb = 512,
	};
	struct fz_shared *sh;
	struct verdict v;
	unsigned batches, failed = 0, ran = 0;
	int64_t start = fz_now_ns();
	bool seeded = false;

	/*
	 * The model is loaded in this process and its forks; a program they
	 * run (ASan's llvm-symbolizer, for the stacks of a report) must not
	 * load it too: it would not find the sanitizer runtime the model needs.
	 */
	unsetenv("LD_PRELOAD");
	o.seed = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
	for (int i = 1; i < argc; i++)
		seeded |= !strcmp(argv[i], "--seed");
	if (parse_args(argc, argv, &o))
		return 2;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("model_fuzz: mmap");
		return 2;
	}
	if (!seeded)
		fprintf(stderr, "model_fuzz: seed %llu\n", (unsigned long long)o.seed);
	make_kernel_log();
	batches = (unsigned)((o.iterations + o.batch - 1) / o.batch);
	for (unsigned b = o.first_batch; b < batches; b++) {
		if (o.nr_batches && ran == o.nr_batches)
			break;
		if (o.seconds && fz_now_ns() - start > (int64_t)o.seconds * 1000000000)
			break;
		run_batch(sh, &o, b, &v);
		ran++;
		if (!v.what)
			continue;
		report(&o, b, &v);
		failed++;
		if (!o.keep_going)
			break;
	}
	printf("model_fuzz: seed %llu: %u batches of %u requests, %u failed, %.1f s\n",
	       (unsigned long long)o.seed, ran, o.batch, failed,
	       (double)(fz_now_ns() - start) / 1e9);
	return failed ? 1 : 0;
}

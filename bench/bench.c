// SPDX-License-Identifier: MIT
/* The measuring helpers every benchmark shares (bench.h says how). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "bench.h"
#include "util/util.h"

static double clock_seconds(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_cpu_now(void)
{
	return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

double bench_wall_now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

struct bench_phases {
	void (*setup)(void *arg, uint64_t n);
	void (*fn)(void *arg, uint64_t n);
	void (*teardown)(void *arg, uint64_t n);
};

static double median_of(double (*now)(void), const struct bench_phases *ph, void *arg, uint64_t n,
			unsigned int runs)
{
	double t[64], median;

	if (runs < BENCH_RUNS)
		runs = BENCH_RUNS;
	if (runs > ARRAY_SIZE(t))
		runs = ARRAY_SIZE(t);
	for (unsigned int i = 0; i < runs; i++) {
		double start;

		if (ph->setup)
			ph->setup(arg, n);
		start = now();
		ph->fn(arg, n);
		t[i] = (now() - start) / (double)(n ? n : 1);
		if (ph->teardown)
			ph->teardown(arg, n);
	}
	qsort(t, runs, sizeof(t[0]), cmp_double);
	median = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
	return median;
}

double bench_median(void (*fn)(void *, uint64_t), void *arg, uint64_t n, unsigned int runs)
{
	return median_of(bench_cpu_now, &(struct bench_phases){ .fn = fn }, arg, n, runs);
}

double bench_median_wall(void (*fn)(void *, uint64_t), void *arg, uint64_t n, unsigned int runs)
{
	return median_of(bench_wall_now, &(struct bench_phases){ .fn = fn }, arg, n, runs);
}

double bench_median_around(void (*setup)(void *, uint64_t), void (*fn)(void *, uint64_t),
			   void (*teardown)(void *, uint64_t), void *arg, uint64_t n,
			   unsigned int runs)
{
	struct bench_phases ph = { .setup = setup, .fn = fn, .teardown = teardown };

	return median_of(bench_cpu_now, &ph, arg, n, runs);
}

const char *bench_fmt_time(double s, char *buf, unsigned int len)
{
	if (s < 1e-6)
		snprintf(buf, len, "%.1f ns", s * 1e9);
	else if (s < 1e-3)
		snprintf(buf, len, "%.2f us", s * 1e6);
	else if (s < 1)
		snprintf(buf, len, "%.2f ms", s * 1e3);
	else
		snprintf(buf, len, "%.2f s", s);
	return buf;
}

void bench_ratio(const char *name, double t, const char *ref_name, double ref, const char *target)
{
	char a[32], b[32];

	printf("%s: %.2f (%s vs %s %s)%s%s\n", name, ref > 0 ? t / ref : 0.0,
	       bench_fmt_time(t, a, sizeof(a)), ref_name, bench_fmt_time(ref, b, sizeof(b)),
	       target ? " target " : "", target ? target : "");
	fflush(stdout);
}

double bench_series(const char *name, double (*fn)(void *, uint64_t), void *arg, uint64_t n,
		    const char *target)
{
	double t1 = fn(arg, n), t8 = fn(arg, 8 * n), t64 = fn(arg, 64 * n);
	double r1 = t1 > 0 ? t8 / t1 : 0, r2 = t8 > 0 ? t64 / t8 : 0;
	char a[32], b[32], c[32];

	printf("%s: t(8N)/t(N) = %.1f, t(64N)/t(8N) = %.1f (N=%llu: %s, %s, %s)%s%s\n", name, r1,
	       r2, (unsigned long long)n, bench_fmt_time(t1, a, sizeof(a)),
	       bench_fmt_time(t8, b, sizeof(b)), bench_fmt_time(t64, c, sizeof(c)),
	       target ? " target " : "", target ? target : "");
	fflush(stdout);
	return r1 > r2 ? r1 : r2;
}

static int find_asan(struct dl_phdr_info *info, size_t size, void *path)
{
	if (!strstr(info->dlpi_name, "libasan"))
		return 0;
	snprintf(path, PATH_MAX, "%s:", info->dlpi_name);
	return 1;
}

void bench_run_on_model(char **argv, const char *model, const char *const *env)
{
	char exe[PATH_MAX], lib[PATH_MAX + 32], asan[PATH_MAX] = "", preload[2 * PATH_MAX + 40];
	ssize_t len;

	if (getenv("DRMSUB_MODEL"))
		return;
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len <= 0) {
		perror("bench: /proc/self/exe");
		exit(2);
	}
	exe[len] = '\0';
	snprintf(lib, sizeof(lib), "%.*s/../lib/libdrmsub-model.so", (int)(strrchr(exe, '/') - exe),
		 exe);
	if (access(lib, R_OK)) {
		fprintf(stderr, "bench: no model library at %s\n", lib);
		exit(2);
	}
	/* a shared ASan runtime (gcc SANITIZE=1) must come first, as scripts/with-model puts it */
	dl_iterate_phdr(find_asan, asan);
	snprintf(preload, sizeof(preload), "%s%s", asan, lib);
	for (; env && *env; env += 2)
		setenv(env[0], env[1], 0);
	setenv("DRMSUB_MODEL", model, 1);
	setenv("LD_PRELOAD", preload, 1);
	execv(exe, argv);
	perror("bench: re-exec on the model");
	exit(2);
}

void bench_die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", program_invocation_short_name, what, strerror(errno));
	exit(1);
}

void bench_ioctl(int fd, unsigned long req, void *arg, const char *what)
{
	if (drmIoctl(fd, req, arg))
		bench_die(what);
}

void bench_ok(int err, const char *what)
{
	if (!err)
		return;
	errno = -err;
	bench_die(what);
}

void *bench_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		bench_die("calloc");
	return p;
}

int bench_open_render(const char *driver)
{
	for (int minor = 128; minor < 192; minor++) {
		char path[32];
		drmVersionPtr v;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && !strcmp(v->name, driver)) {
			drmFreeVersion(v);
			return fd;
		}
		drmFreeVersion(v);
		close(fd);
	}
	fprintf(stderr, "%s: no %s render node\n", program_invocation_short_name, driver);
	exit(1);
}

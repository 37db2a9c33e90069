// SPDX-License-Identifier: MIT
/*
 * startup_bench: what one test process costs on the device model (issue
 * #18). A subtest process is fork + execve + wait of a test binary with
 * DRMSUB_MODEL and LD_PRELOAD in its environment (no shell, no env(1)),
 * measured side by side with the same of /bin/true: the median over
 * BENCH_RUNS runs of the children's CPU time (user + system, from wait4)
 * and of the wall time per process. Printed as ratios to /bin/true, with
 * the goal "target <= 3" for a subtest on the model; a measurement, never
 * an assertion (`make bench`).
 *
 * There is no size to scale here (one process is one process), so no
 * N/8N/64N series: the cases are /bin/true, the binary listing its
 * subtests, the binary running one subtest without the model (its own
 * start-up), and the same subtest on the model.
 *
 * usage: startup_bench [binary subtest [driver:chip]]
 *        (default: <build>/tests/core_drm version msm:a630)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

#ifndef DRMSUB_BUILD_DIR
#define DRMSUB_BUILD_DIR "build"
#endif

#define PROCESSES_PER_RUN 40

extern char **environ;

struct proc_case {
	const char *name;
	char *argv[4];
	char **envp;
	double cpu[BENCH_RUNS];		/* children's CPU seconds per process, by run */
	unsigned int run;
};

static double timeval_seconds(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* @n times fork + execve + wait4; the children's CPU time goes to c->cpu[c->run]. */
static void spawn_n(void *arg, uint64_t n)
{
	struct proc_case *c = arg;
	double cpu = 0;

	for (uint64_t i = 0; i < n; i++) {
		struct rusage ru;
		int status;
		pid_t pid = fork();

		if (pid < 0) {
			perror("startup_bench: fork");
			exit(2);
		}
		if (!pid) {
			int null = open("/dev/null", O_RDWR);

			/* what the test prints is not measured: no terminal, no pipe */
			if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
				_exit(127);
			execve(c->argv[0], c->argv, c->envp);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status) == 127) {
			fprintf(stderr, "startup_bench: %s did not run\n", c->argv[0]);
			exit(2);
		}
		cpu += timeval_seconds(ru.ru_utime) + timeval_seconds(ru.ru_stime);
	}
	if (c->run < BENCH_RUNS)
		c->cpu[c->run++] = cpu / (double)n;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *t, unsigned int n)
{
	qsort(t, n, sizeof(t[0]), cmp_double);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/*
 * Median wall and children's CPU seconds of one process of each case.
 * The cases take turns within each run, so that a machine whose load
 * drifts slows them alike and their ratios hold.
 */
static void measure(struct proc_case *cases, unsigned int n, double *wall, double *cpu)
{
	double walls[8][BENCH_RUNS];

	for (unsigned int r = 0; r < BENCH_RUNS; r++) {
		for (unsigned int i = 0; i < n; i++) {
			double start = bench_wall_now();

			spawn_n(&cases[i], PROCESSES_PER_RUN);
			walls[i][r] = (bench_wall_now() - start) / PROCESSES_PER_RUN;
		}
	}
	for (unsigned int i = 0; i < n; i++) {
		wall[i] = median(walls[i], BENCH_RUNS);
		cpu[i] = median(cases[i].cpu, cases[i].run);
	}
}

/* environ without DRMSUB_MODEL and LD_PRELOAD, and room for @extra more. */
static char **env_without_model(unsigned int extra, size_t *len)
{
	size_t n = 0, k = 0;
	char **envp;

	while (environ[n])
		n++;
	envp = calloc(n + extra + 1, sizeof(*envp));
	if (!envp)
		abort();
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "DRMSUB_MODEL=", 13) && strncmp(environ[i], "LD_PRELOAD=", 11))
			envp[k++] = environ[i];
	*len = k;
	return envp;
}

/* The environment of a process on the model: DRMSUB_MODEL=@devices, the model preloaded. */
static char **model_env(const char *devices)
{
	static char model[256], preload[1024];
	char runtime[512] = "";
	size_t k;
	char **envp = env_without_model(2, &k);
	FILE *f;

	/* the sanitizer runtime the model needs first, as the build names it (lib/model/build.mk) */
	f = fopen(DRMSUB_BUILD_DIR "/lib/libdrmsub-model.preload", "r");
	if (f) {
		if (!fgets(runtime, sizeof(runtime), f))
			runtime[0] = '\0';
		runtime[strcspn(runtime, "\n")] = '\0';
		fclose(f);
	}
	snprintf(model, sizeof(model), "DRMSUB_MODEL=%s", devices);
	snprintf(preload, sizeof(preload), "LD_PRELOAD=%s%s%s", runtime, *runtime ? ":" : "",
		 DRMSUB_BUILD_DIR "/lib/libdrmsub-model.so");
	envp[k++] = model;
	envp[k++] = preload;
	return envp;
}

int main(int argc, char **argv)
{
	char *bin = argc > 1 ? argv[1] : DRMSUB_BUILD_DIR "/tests/core_drm";
	char *subtest = argc > 2 ? argv[2] : "version";
	const char *devices = argc > 3 ? argv[3] : "msm:a630";
	size_t unused;
	char **plain = env_without_model(0, &unused), **on_model = model_env(devices);
	struct proc_case cases[] = {
		{ .name = "/bin/true", .argv = { "/bin/true" }, .envp = plain },
		{ .name = "list-subtests on the model", .argv = { bin, "--list-subtests" },
		  .envp = on_model },
		{ .name = "subtest without the model", .argv = { bin, "--run-subtest", subtest },
		  .envp = plain },
		{ .name = "subtest on the model", .argv = { bin, "--run-subtest", subtest },
		  .envp = on_model },
	};
	double wall[4], cpu[4];
	char name[160];

	if (access(bin, X_OK)) {
		fprintf(stderr, "usage: startup_bench [binary subtest [driver:chip]]: %s: %s\n", bin,
			strerror(errno));
		free(plain);
		free(on_model);
		return 2;
	}
	measure(cases, 4, wall, cpu);
	for (unsigned int i = 1; i < 4; i++) {
		const char *target = i == 3 ? "<= 3" : NULL;

		snprintf(name, sizeof(name), "startup %s, cpu", cases[i].name);
		bench_ratio(name, cpu[i], "/bin/true", cpu[0], target);
		snprintf(name, sizeof(name), "startup %s, wall", cases[i].name);
		bench_ratio(name, wall[i], "/bin/true", wall[0], target);
	}
	free(plain);
	free(on_model);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * kmsg_bench: what interposing read() and write() for the model's
 * /dev/kmsg and debugfs attributes (lib/model/shim_rw.c) costs every
 * other read and write of a program on the model. In one process with
 * the model preloaded (the bench re-executes itself so), the CPU time of
 * a 1-byte read of /dev/zero and write to /dev/null through the
 * interposed functions is compared with libc's own, called directly;
 * once more with a /dev/kmsg open, as the test core keeps one. A ratio
 * near 1 means the check is lost in the system call.
 *
 * usage: kmsg_bench [N]    (default 200000 calls per run)
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#ifndef DRMSUB_MODEL_LIBRARY
#define DRMSUB_MODEL_LIBRARY "libdrmsub-model.so"
#endif

typedef ssize_t (*io_fn)(int fd, void *buf, size_t len);

struct io {
	io_fn fn;
	int fd;
};

static void loop(void *arg, uint64_t n)
{
	const struct io *io = arg;
	char byte = 0;

	for (uint64_t i = 0; i < n; i++)
		if (io->fn(io->fd, &byte, 1) != 1)
			abort();
}

static ssize_t interposed_read(int fd, void *buf, size_t len)
{
	return read(fd, buf, len);
}

static ssize_t interposed_write(int fd, void *buf, size_t len)
{
	return write(fd, buf, len);
}

static void compare(const char *name, io_fn via_model, io_fn libc, int fd, uint64_t n)
{
	struct io a = { via_model, fd }, b = { libc, fd };
	double t = bench_median(loop, &a, n, BENCH_RUNS), ref = bench_median(loop, &b, n, BENCH_RUNS);

	bench_ratio(name, t, "libc", ref, "<= 1.10");
}

static void measure(uint64_t n, const char *when)
{
	void *libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
	io_fn libc_read = (io_fn)dlsym(libc, "read"), libc_write = (io_fn)dlsym(libc, "write");
	int zero = open("/dev/zero", O_RDONLY), null = open("/dev/null", O_WRONLY);
	char name[96];

	if (!libc_read || !libc_write || zero < 0 || null < 0) {
		fprintf(stderr, "kmsg_bench: cannot set up (libc, /dev/zero, /dev/null)\n");
		exit(1);
	}
	snprintf(name, sizeof(name), "read() of 1 byte through the model%s", when);
	compare(name, interposed_read, libc_read, zero, n);
	snprintf(name, sizeof(name), "write() of 1 byte through the model%s", when);
	compare(name, interposed_write, libc_write, null, n);
	close(zero);
	close(null);
}

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 200000;
	int kmsg;

	if (!getenv("DRMSUB_MODEL")) {
		/* the measurement needs the model in the process: start again with it */
		setenv("LD_PRELOAD", DRMSUB_MODEL_LIBRARY, 1);
		setenv("DRMSUB_MODEL", "msm:a630", 1);
		execv("/proc/self/exe", argv);
		perror("kmsg_bench: exec");
		return 1;
	}
	if (!dlsym(RTLD_DEFAULT, "drmsub_model_test_submit")) {
		fprintf(stderr, "kmsg_bench: the model (%s) is not preloaded\n", DRMSUB_MODEL_LIBRARY);
		return 1;
	}
	measure(n, "");
	kmsg = open("/dev/kmsg", O_WRONLY);
	measure(n, ", a /dev/kmsg open");
	close(kmsg);
	return 0;
}

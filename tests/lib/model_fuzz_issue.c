// SPDX-License-Identifier: MIT
/*
 * model_fuzz: issuing one request and judging its answer: the request's
 * text (what a report shows), the errno check against the kernel's table,
 * fds a failing request must not leave, and the number and pointer
 * mutations every request may get on the way.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "model_fuzz.h"

int64_t fz_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t fz_deadline_ns(unsigned ms)
{
	return fz_now_ns() + (int64_t)ms * 1000000;
}

void fz_say(struct fz_state *st, const char *fmt, ...)
{
	size_t room = sizeof(st->slot->request) - st->text_len;
	va_list ap;
	int n;

	if (room <= 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(st->text + st->text_len, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		st->text_len += (size_t)n < room ? (size_t)n : room - 1;
}

/* Record a failure for the supervisor and end this process. */
void fz_fail(struct fz_state *st, int code, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = (size_t)vsnprintf(st->shared->failure, sizeof(st->shared->failure), fmt, ap);
	va_end(ap);
	if (n < sizeof(st->shared->failure))
		snprintf(st->shared->failure + n, sizeof(st->shared->failure) - n,
			 "\n  request (%s, iteration %llu): %s", st->is_child ? "forked child" : "worker",
			 (unsigned long long)st->slot->iteration, st->slot->request);
	_exit(code);
}

/* A set of fds below FZ_USER_FDS. */
struct fd_set_bits {
	uint64_t bits[FZ_USER_FDS / 64];
};

static bool fd_in(const struct fd_set_bits *s, int fd)
{
	return fd < FZ_USER_FDS && (s->bits[fd / 64] >> (fd % 64) & 1);
}

/*
 * The open fds in [@lo, @hi) other than those in @old (when given):
 * counted, marked in @set and listed with their targets in @list (when
 * given).
 */
static unsigned scan_fds(int lo, int hi, const struct fd_set_bits *old, struct fd_set_bits *set,
			 char *list, size_t len)
{
	const char *kmsg = getenv("DRMSUB_MODEL_KMSG");
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	unsigned n = 0;
	size_t used = 0;

	if (list && len)
		list[0] = '\0';
	if (set)
		*set = (struct fd_set_bits){ 0 };
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[300], target[256];
		int fd = atoi(e->d_name);
		ssize_t t;

		if (e->d_name[0] == '.' || fd == dirfd(d) || fd < lo || fd >= hi ||
		    (old && fd_in(old, fd)))
			continue;
		snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
		t = readlink(path, target, sizeof(target) - 1);
		/* closed since readdir listed it: not open */
		if (t <= 0)
			continue;
		target[t] = '\0';
		/*
		 * The model's kernel log (DRMSUB_MODEL_KMSG) stays open for the
		 * process's life once used, as the kernel's log buffer: no leak.
		 */
		if (kmsg && !strcmp(target, kmsg))
			continue;
		n++;
		if (set && fd < FZ_USER_FDS)
			set->bits[fd / 64] |= 1ull << (fd % 64);
		if (!list || used + 1 >= len)
			continue;
		used += (size_t)snprintf(list + used, len - used, " %s:%s", e->d_name, target);
	}
	closedir(d);
	return n;
}

unsigned fz_count_fds(int lo, int hi, char *list, size_t len)
{
	return scan_fds(lo, hi, NULL, NULL, list, len);
}

/*
 * The fds below FZ_USER_FDS that were not in @before and are still open
 * FD_GRACE_MS later (listed in @list). The model's own threads open an
 * fd below it for a moment before moving it up (the kernel log, kmsg.c
 * log_fd; model_hide_fd): a request that failed meanwhile did not make
 * it. A failing ioctl's leaked fd stays.
 */
#define FD_GRACE_MS 200

static unsigned fds_left(const struct fd_set_bits *before, char *list, size_t len)
{
	int64_t until = fz_deadline_ns(FD_GRACE_MS);
	unsigned n;

	while ((n = scan_fds(0, FZ_USER_FDS, before, NULL, list, len)) && fz_now_ns() < until)
		usleep(5000);
	return n;
}

/* ---- issuing requests -------------------------------------------------------- */

unsigned long fz_with_size(unsigned long cmd, unsigned size)
{
	return (cmd & ~((unsigned long)_IOC_SIZEMASK << _IOC_SIZESHIFT)) |
	       ((unsigned long)(size & _IOC_SIZEMASK) << _IOC_SIZESHIFT);
}

static int issue(struct fz_state *st, int fd, const struct fz_ioctl *ioc, unsigned long cmd,
		 void *arg, bool cmd_mutated)
{
	struct fd_set_bits before;
	char list[1024];
	int ret, err;

	scan_fds(0, FZ_USER_FDS, NULL, &before, NULL, 0);

	st->slot->start_ns = fz_now_ns();
	ret = ioctl(fd, cmd, arg);
	err = ret < 0 ? errno : 0;
	st->slot->start_ns = 0;
	st->requests++;
	if (err && !fz_errno_allowed(ioc, err, cmd_mutated))
		fz_fail(st, FZ_EXIT_ERRNO, "%s answered %s (errno %d), which the kernel never returns for it",
		     ioc->name, strerrorname_np(err) ? strerrorname_np(err) : "?", err);
	/*
	 * A kernel installs an fd only once nothing can fail any more
	 * (fd_install last); only the copy of the result (EFAULT) comes after.
	 */
	if (err && err != EFAULT && fds_left(&before, list, sizeof(list)))
		fz_fail(st, FZ_EXIT_LEAK, "%s failed with %s but left a new fd in the process:%s",
			ioc->name, strerrorname_np(err), list);
	if (st->opt->verbose && !st->is_child)
		fprintf(stderr, "model_fuzz: %llu: %s -> %s\n", (unsigned long long)st->slot->iteration,
			st->slot->request, err ? strerrorname_np(err) : "0");
	return -err;
}

int fz_ioctl_exact(struct fz_state *st, int fd, const struct fz_ioctl *ioc, void *arg)
{
	return issue(st, fd, ioc, ioc->cmd, arg, false);
}

int fz_ioctl(struct fz_state *st, int fd, const struct fz_ioctl *ioc, void *arg)
{
	unsigned long cmd = ioc->cmd;
	unsigned size = _IOC_SIZE(cmd);
	bool mutated = true, bad_arg = false;
	int ret;

	switch (fz_below(&st->rng, 100)) {
	case 0 ... 3:	/* drm_ioctl zero-extends a short struct, drops a long one's tail */
		cmd = fz_with_size(cmd, fz_below(&st->rng, 2 * size + 9));
		fz_say(st, " [size %u]", (unsigned)_IOC_SIZE(cmd));
		break;
	case 4 ... 5:	/* in_size/out_size follow the caller's direction bits */
		cmd ^= (unsigned long)(1 + fz_below(&st->rng, 3)) << _IOC_DIRSHIFT;
		fz_say(st, " [dir %u]", (unsigned)_IOC_DIR(cmd));
		break;
	case 6:
		cmd = (cmd & ~(0xfful << _IOC_TYPESHIFT)) |
		      (unsigned long)fz_below(&st->rng, 256) << _IOC_TYPESHIFT;
		fz_say(st, " [type %#x]", (unsigned)_IOC_TYPE(cmd));
		break;
	default:
		mutated = false;
	}
	if (fz_chance(&st->rng, 4)) {
		enum fz_bad_ptr kind = (enum fz_bad_ptr)fz_below(&st->rng, FZ_NR_BAD_PTRS);

		fz_say(st, " [arg %s]", fz_bad_ptr_name(kind));
		arg = (void *)(uintptr_t)fz_bad_ptr(&st->arena, kind, size);
		bad_arg = true;
	}
	ret = issue(st, fd, ioc, cmd, arg, mutated);
	/* it worked, but the answer may not have come back into the caller's struct */
	return !ret && (mutated || bad_arg) ? 1 : ret;
}

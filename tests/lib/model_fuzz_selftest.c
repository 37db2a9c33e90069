// SPDX-License-Identifier: MIT
/*
 * model_fuzz: the fuzzer's own test. MODEL_FUZZ_SELFTEST=crash|hang|grow|
 * errno|leak|child|child-exit|child-errno|fd-left|huge-alloc makes the
 * worker misbehave the way a broken model would, so
 * tests/lib/model_fuzz_detectors.sh can check that each kind of failure
 * is caught and reported; fd-moment is a model thread's fd below
 * FZ_USER_FDS for a moment, which must not be reported.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "model_fuzz.h"

/*
 * A forked child that misbehaves as @kind says: "child" crashes,
 * "child-exit" exits with status 3 (as the model's own exits do),
 * "child-errno" meets an errno the table does not allow.
 */
static void child_self_test(struct fz_state *st, const char *kind, struct fz_ioctl *ioc, void *arg)
{
	pid_t pid = fork();

	if (!pid) {
		st->is_child = true;
		st->slot = &st->shared->slots[FZ_SLOT_CHILD];
		st->slot->pid = getpid();
		st->text = st->slot->request;
		st->text_len = 0;
		fz_say(st, "self-test: %s", kind);
		if (!strcmp(kind, "child-exit"))
			_exit(3);
		if (!strcmp(kind, "child-errno"))
			fz_ioctl_exact(st, st->files[0].fd, ioc, arg);
		raise(SIGSEGV);
	}
	st->child = pid;
	fz_reap_child(st, true);
}

struct opener {
	volatile int64_t *start_ns;	/* the request's, 0 when idle */
	bool keep;
};

/*
 * Opens an fd 100 ms into the request, as a model thread or a leaking
 * ioctl would: kept, or closed once the request has ended.
 */
static void *open_during_request(void *arg)
{
	struct opener *o = arg;
	int fd;

	while (!*o->start_ns)
		usleep(1000);
	usleep(100000);
	fd = open("/dev/null", O_RDONLY);
	if (o->keep || fd < 0)
		return NULL;
	while (*o->start_ns)
		usleep(1000);
	usleep(20000);
	close(fd);
	return NULL;
}

/* A WAIT_FOR_SUBMIT wait of 1 s that ends in ETIME, with an fd opened during it. */
static void fd_self_test(struct fz_state *st, bool keep)
{
	const struct fz_ioctl *ioc = fz_find_ioctl(fz_core_ioctls, "SYNCOBJ_WAIT");
	struct drm_syncobj_wait *w = fz_alloc(&st->arena, sizeof(*w));
	uint32_t *handle = fz_alloc(&st->arena, sizeof(*handle));
	struct opener o = { &st->slot->start_ns, keep };
	pthread_t t;

	/* a self-test that cannot set itself up says so: fd-moment would pass untried */
	if (drmSyncobjCreate(st->files[0].fd, 0, handle) ||
	    pthread_create(&t, NULL, open_during_request, &o))
		fz_fail(st, FZ_EXIT_SETUP, "self-test %s: no syncobj or thread",
			keep ? "fd-left" : "fd-moment");
	*w = (struct drm_syncobj_wait){
		.handles = (uintptr_t)handle, .count_handles = 1, .timeout_nsec = fz_deadline_ns(1000),
		.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
	};
	fz_ioctl_exact(st, st->files[0].fd, ioc, w);
	pthread_join(t, NULL);
}

void fz_self_test(struct fz_state *st, const char *kind)
{
	static const int only_enoent[] = { ENOENT, 0 };
	struct fz_ioctl ioc = *fz_find_ioctl(fz_core_ioctls, "GEM_CLOSE");
	struct drm_gem_close *c = fz_alloc(&st->arena, sizeof(*c));

	/* GEM_CLOSE of handle 0 is EINVAL, which this table says it is not */
	ioc.errnos = only_enoent;
	st->text_len = 0;
	fz_say(st, "self-test: %s", kind);
	if (!strcmp(kind, "crash"))
		raise(SIGSEGV);
	if (!strcmp(kind, "hang")) {
		st->slot->start_ns = fz_now_ns();
		for (;;)
			pause();
	}
	if (!strcmp(kind, "grow")) {
		/* kept where the compiler must assume they are used, so not elided */
		static void *volatile kept;

		for (;;) {
			kept = malloc(16 << 20);
			if (kept)
				memset(kept, 1, 16 << 20);
			usleep(20000);
		}
	}
	if (!strcmp(kind, "huge-alloc")) {
		/* an array sized by a count no kernel allocation allows (3 GiB) */
		void *volatile huge = malloc(3ull << 30);

		free(huge);
	}
	if (!strcmp(kind, "errno"))
		fz_ioctl_exact(st, st->files[0].fd, &ioc, c);
	if (!strcmp(kind, "leak"))
		fcntl(open("/dev/null", O_RDONLY), F_DUPFD, FZ_USER_FDS + 7);
	if (!strncmp(kind, "child", 5))
		child_self_test(st, kind, &ioc, c);
	if (!strncmp(kind, "fd-", 3))
		fd_self_test(st, !strcmp(kind, "fd-left"));
}

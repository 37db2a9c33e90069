// SPDX-License-Identifier: MIT
/*
 * model_fuzz: the fuzzer's own test. MODEL_FUZZ_SELFTEST=crash|hang|grow|
 * errno|leak|child|child-exit|child-errno makes the worker misbehave the
 * way a broken model would, so tests/lib/model_fuzz_detectors.sh can check
 * that each kind of failure is caught and reported.
 */
#include <errno.h>
#include <fcntl.h>
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
	if (!strcmp(kind, "errno"))
		fz_ioctl_exact(st, st->files[0].fd, &ioc, c);
	if (!strcmp(kind, "leak"))
		fcntl(open("/dev/null", O_RDONLY), F_DUPFD, FZ_USER_FDS + 7);
	if (!strncmp(kind, "child", 5))
		child_self_test(st, kind, &ioc, c);
}

// SPDX-License-Identifier: MIT
/*
 * model_fuzz: the fuzzer's own test. MODEL_FUZZ_SELFTEST=crash|hang|grow|
 * errno|leak|child makes the worker misbehave the way a broken model would,
 * so tests/lib/model_fuzz.sh can check that each kind of failure is caught
 * and reported.
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

void fz_self_test(struct fz_state *st, const char *kind)
{
	static const int only_enoent[] = { ENOENT, 0 };
	struct fz_ioctl ioc = *fz_find_ioctl(fz_core_ioctls, "GEM_CLOSE");
	struct drm_gem_close *c = fz_alloc(&st->arena, sizeof(*c));
	pid_t pid;

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
	if (!strcmp(kind, "errno")) {
		/* GEM_CLOSE of handle 0 is EINVAL, which this table says it is not */
		ioc.errnos = only_enoent;
		fz_ioctl_exact(st, st->files[0].fd, &ioc, c);
	}
	if (!strcmp(kind, "leak"))
		fcntl(open("/dev/null", O_RDONLY), F_DUPFD, FZ_USER_FDS + 7);
	if (!strcmp(kind, "child")) {
		pid = fork();
		if (!pid) {
			st->is_child = true;
			st->slot = &st->shared->slots[FZ_SLOT_CHILD];
			st->slot->pid = getpid();
			snprintf(st->slot->request, sizeof(st->slot->request), "self-test: child");
			raise(SIGSEGV);
		}
		st->child = pid;
		fz_reap_child(st, true);
	}
}

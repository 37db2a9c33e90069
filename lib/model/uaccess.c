// SPDX-License-Identifier: MIT
/*
 * copy_from_user/copy_to_user: a bad pointer gives EFAULT instead of a
 * crash, without a system call per copy in the common case (uaccess.h
 * says how). The kernel's copies recover from a fault through the
 * exception table (arch/x86/lib/copy_user_64.S, fixup_exception); ours
 * recover through sigsetjmp in the copy and siglongjmp from the handler.
 *
 * The copy loop is not instrumented by the sanitizers: an address the
 * program may not touch is what it is there to try, and the fault, not
 * a sanitizer's report, decides. A copy that faults half-way has written
 * part of its destination, as the kernel's does.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/uio.h>
#include <unistd.h>

#include "model/model.h"
#include "model/shim_real.h"
#include "model/uaccess.h"

struct uaccess_thread {
	sigjmp_buf env;
	volatile sig_atomic_t copying;
	int faults_blocked;		/* SIGSEGV or SIGBUS blocked; -1: not looked at */
};

/* initial-exec: the library is preloaded, and the handler reads this */
static __thread struct uaccess_thread uaccess __attribute__((tls_model("initial-exec"))) = {
	.faults_blocked = -1,
};

typedef uint64_t __attribute__((aligned(1), may_alias)) unaligned_u64;

/* volatile: the compiler must neither merge it into a memcpy call nor move it out of the guard */
__attribute__((noinline, no_sanitize("address", "undefined")))
static void raw_copy(void *dst, const void *src, size_t len)
{
	volatile unsigned char *d = dst;
	const volatile unsigned char *s = src;

	for (; len >= 8; len -= 8, d += 8, s += 8)
		*(volatile unaligned_u64 *)d = *(const volatile unaligned_u64 *)s;
	for (; len; len--)
		*d++ = *s++;
}

void model_uaccess_fault(int sig, const siginfo_t *info)
{
	/* si_code <= 0: sent by kill/raise/tgkill, not a fault of this copy */
	if (!uaccess.copying || info->si_code <= 0)
		return;
	uaccess.copying = 0;
	siglongjmp(uaccess.env, 1);
}

void model_uaccess_mask_changed(void)
{
	uaccess.faults_blocked = -1;
}

/* The fast copy is safe: the handler is there and this thread can receive the fault. */
static bool guarded_copy_usable(void)
{
	sigset_t mask;

	if (!model_fault_handler_install())
		return false;
	if (uaccess.faults_blocked < 0) {
		if (REAL(pthread_sigmask)(SIG_BLOCK, NULL, &mask))
			return false;
		uaccess.faults_blocked = sigismember(&mask, SIGSEGV) || sigismember(&mask, SIGBUS);
	}
	return !uaccess.faults_blocked;
}

static int guarded_copy(void *dst, const void *src, size_t len)
{
	/* no mask to save: the handler runs with SA_NODEFER and blocks nothing */
	if (sigsetjmp(uaccess.env, 0))
		return -EFAULT;
	uaccess.copying = 1;
	raw_copy(dst, src, len);
	uaccess.copying = 0;
	return 0;
}

/*
 * The kernel-checked copy, for threads that block the fault signals: the
 * kernel validates the addresses when we hand them to a syscall:
 * process_vm_readv/writev on ourselves where that works, else (qemu-user
 * does not translate process_vm_readv) through a pipe, whose write() and
 * read() fail with EFAULT on an unmapped user buffer.
 */
#define PIPE_CHUNK 4096	/* well below a pipe's capacity: never blocks */

static int vm_copy_works = -1;
static int copy_pipe[2] = { -1, -1 };
static pid_t copy_pipe_pid;

static bool probe_vm_copy(void)
{
	char from = 1, to = 0;
	struct iovec local = { &to, 1 }, remote = { &from, 1 };

	if (vm_copy_works < 0)
		vm_copy_works = process_vm_readv(model_pid, &local, 1, &remote, 1, 0) == 1 &&
				to == 1;
	return vm_copy_works;
}

/* The pipe of this process (a child gets its own: the fds are shared after fork). */
static int *pipe_of_process(void)
{
	if (copy_pipe_pid != model_pid) {
		model_close_hidden(copy_pipe[0]);
		model_close_hidden(copy_pipe[1]);
		if (pipe2(copy_pipe, O_CLOEXEC)) {
			copy_pipe[0] = copy_pipe[1] = -1;
		} else {
			copy_pipe[0] = model_hide_fd(copy_pipe[0]);
			copy_pipe[1] = model_hide_fd(copy_pipe[1]);
		}
		copy_pipe_pid = model_pid;
	}
	return copy_pipe[0] >= 0 ? copy_pipe : NULL;
}

static int pipe_copy(void *dst, const void *src, size_t len)
{
	int *p = pipe_of_process();
	char drain[PIPE_CHUNK];

	if (!p)
		return -ENOMEM;
	while (len) {
		size_t n = len < PIPE_CHUNK ? len : PIPE_CHUNK;
		ssize_t w = write(p[1], src, n), r;

		if (w <= 0)
			return -EFAULT;
		r = read(p[0], dst, (size_t)w);
		if (r < w) {
			/* leave the pipe empty for the next copy */
			if (read(p[0], drain, (size_t)(w - (r > 0 ? r : 0))) < 0)
				return -EFAULT;
			return -EFAULT;
		}
		if (w < (ssize_t)n)
			return -EFAULT;
		dst = (char *)dst + n;
		src = (const char *)src + n;
		len -= n;
	}
	return 0;
}

static int checked_copy(void *dst, const void *src, size_t len, bool to_user)
{
	struct iovec local = { to_user ? (void *)src : dst, len };
	struct iovec remote = { to_user ? dst : (void *)src, len };
	ssize_t n;

	if (!probe_vm_copy())
		return pipe_copy(dst, src, len);
	if (to_user)
		n = process_vm_writev(model_pid, &local, 1, &remote, 1, 0);
	else
		n = process_vm_readv(model_pid, &local, 1, &remote, 1, 0);
	return n == (ssize_t)len ? 0 : -EFAULT;
}

static int copy_user(void *dst, const void *src, size_t len, bool to_user)
{
	if (!len)
		return 0;
	if (guarded_copy_usable())
		return guarded_copy(dst, src, len);
	return checked_copy(dst, src, len, to_user);
}

int model_copy_from_user(void *dst, const void *usrc, size_t len)
{
	return copy_user(dst, usrc, len, false);
}

int model_copy_entry_from_user(void *dst, uint64_t uarray, uint64_t i, size_t size)
{
	return model_copy_from_user(dst, (void *)(uintptr_t)(uarray + i * size), size);
}

int model_copy_to_user(void *udst, const void *src, size_t len)
{
	return copy_user(udst, src, len, true);
}

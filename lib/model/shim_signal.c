// SPDX-License-Identifier: MIT
/*
 * SIGSEGV and SIGBUS while the model is loaded. The model's handler stays
 * installed (the user copies need it, uaccess.h): it ends a faulting copy
 * with EFAULT and hands every other fault to what the program asked for.
 * The program sees its own dispositions of the two signals through
 * sigaction() and signal(), as if the model were not there:
 *   - a handler of the program runs with the mask and flags it asked for
 *     (sa_mask, SA_NODEFER, SA_RESETHAND, SA_SIGINFO), as the kernel's
 *     handle_signal would set them up;
 *   - SIG_DFL (and SIG_IGN, which the kernel overrides for a fault,
 *     force_sig_fault) restores the default and lets the fault happen
 *     again, so the process dies of it, with its core dump;
 *   - a sanitizer's handler installed before the model is the program's.
 * sigprocmask and pthread_sigmask are watched so that a thread that blocks
 * the signals copies through the kernel. Not seen: dispositions or masks
 * set by raw system calls, and masks restored by siglongjmp/setcontext.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "model/model.h"
#include "model/shim_real.h"
#include "model/uaccess.h"
#include "util/util.h"

static const int fault_signals[] = { SIGSEGV, SIGBUS };
#define NR_FAULT_SIGNALS ARRAY_SIZE(fault_signals)

/* What the program set for each fault signal (its view) */
static struct sigaction program_action[NR_FAULT_SIGNALS];
/* resolved at installation: the handler must not call dlsym */
static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);
static int (*real_pthread_sigmask)(int, const sigset_t *, sigset_t *);
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static bool installed;

static int slot_of(int sig)
{
	for (unsigned int i = 0; i < NR_FAULT_SIGNALS; i++)
		if (fault_signals[i] == sig)
			return (int)i;
	return -1;
}

/* SIG_DFL: the kernel's default for the signal, which ends the process. */
static void default_action(int sig, const siginfo_t *info)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	real_sigaction(sig, &dfl, NULL);
	/* a fault happens again on return; a sent signal has to be sent again */
	if (info->si_code <= 0)
		raise(sig);
}

/* handle_signal for the program's handler: its mask, then its function. */
static void run_program_handler(int sig, siginfo_t *info, void *ctx, struct sigaction *act)
{
	sigset_t block = act->sa_mask;

	if (!(act->sa_flags & SA_NODEFER))
		sigaddset(&block, sig);
	/* the return through our frame restores the mask; a longjmp out keeps it, as ever */
	model_uaccess_mask_changed();
	real_pthread_sigmask(SIG_BLOCK, &block, NULL);
	if (act->sa_flags & SA_SIGINFO)
		act->sa_sigaction(sig, info, ctx);
	else
		act->sa_handler(sig);
}

static void on_fault(int sig, siginfo_t *info, void *ctx)
{
	int slot = slot_of(sig);
	struct sigaction act;

	model_uaccess_fault(sig, info);	/* returns unless a copy faulted */
	act = program_action[slot];
	if (act.sa_handler == SIG_IGN && info->si_code <= 0)
		return;
	if (act.sa_handler == SIG_DFL || act.sa_handler == SIG_IGN) {
		default_action(sig, info);
		return;
	}
	if (act.sa_flags & SA_RESETHAND)
		program_action[slot] = (struct sigaction){ .sa_handler = SIG_DFL };
	run_program_handler(sig, info, ctx, &act);
}

static void install(void)
{
	struct sigaction ours = {
		.sa_sigaction = on_fault,
		/* NODEFER: a fault of the program's handler itself still reaches us */
		.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK | SA_RESTART,
	};

	real_sigaction = REAL(sigaction);
	real_pthread_sigmask = REAL(pthread_sigmask);
	sigemptyset(&ours.sa_mask);
	for (unsigned int i = 0; i < NR_FAULT_SIGNALS; i++)
		if (real_sigaction(fault_signals[i], &ours, &program_action[i]))
			return;
	__atomic_store_n(&installed, true, __ATOMIC_RELEASE);
}

bool model_fault_handler_install(void)
{
	if (!__atomic_load_n(&installed, __ATOMIC_ACQUIRE))
		pthread_once(&install_once, install);
	return __atomic_load_n(&installed, __ATOMIC_ACQUIRE);
}

bool model_fault_handler_installed(void)
{
	return __atomic_load_n(&installed, __ATOMIC_ACQUIRE);
}

/* Swap the program's view of @slot with all signals blocked: the handler reads it. */
static void swap_program_action(int slot, const struct sigaction *act, struct sigaction *old)
{
	struct sigaction in = act ? *act : (struct sigaction){ 0 };	/* @act may be @old */
	sigset_t all, saved;

	sigfillset(&all);
	REAL(pthread_sigmask)(SIG_SETMASK, &all, &saved);
	if (old)
		*old = program_action[slot];
	if (act)
		program_action[slot] = in;
	REAL(pthread_sigmask)(SIG_SETMASK, &saved, NULL);
}

/*
 * Callable from a signal handler (IGT restores its dispositions in its
 * fatal-signal handler), so no model_lock here; the structs are copied
 * plainly, as glibc's sigaction does.
 */
int sigaction(int sig, const struct sigaction *act, struct sigaction *oldact)
{
	int slot = slot_of(sig);

	if (slot < 0 || !model_fault_handler_installed())
		return REAL(sigaction)(sig, act, oldact);
	swap_program_action(slot, act, oldact);
	return 0;
}

/* glibc's signal(): BSD semantics, SA_RESTART and the signal blocked in its handler. */
sighandler_t signal(int sig, sighandler_t handler)
{
	struct sigaction act = { .sa_handler = handler, .sa_flags = SA_RESTART }, old;

	if (slot_of(sig) < 0 || !model_fault_handler_installed())
		return REAL(signal)(sig, handler);
	sigemptyset(&act.sa_mask);
	sigaddset(&act.sa_mask, sig);
	if (sigaction(sig, &act, &old))
		return SIG_ERR;
	return old.sa_handler;
}

int sigprocmask(int how, const sigset_t *set, sigset_t *oldset)
{
	int ret = REAL(sigprocmask)(how, set, oldset);

	if (set)
		model_uaccess_mask_changed();
	return ret;
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *oldset)
{
	int ret = REAL(pthread_sigmask)(how, set, oldset);

	if (set)
		model_uaccess_mask_changed();
	return ret;
}

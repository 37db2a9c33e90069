// SPDX-License-Identifier: MIT
/*
 * core_uaccess: drm_ioctl's copies of the argument struct
 * (drivers/gpu/drm/drm_ioctl.c drm_ioctl: copy_from_user, then
 * copy_to_user of the out size) fail with EFAULT for every kind of bad
 * address, never with a crash, and leave the program's own SIGSEGV and
 * SIGBUS handling as it was: its handlers see its own faults and nothing
 * of the copies, its default action still ends it, and a thread that
 * blocks the signals still gets EFAULT. On the device model this checks
 * its fault-catching copies; on hardware, the kernel.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core_common.h"

IGT_TEST_DESCRIPTION("EFAULT for bad ioctl argument pointers, and the program's own SIGSEGV "
		     "and SIGBUS handling untouched by the copies.");

#define COPY_IN_RULE "drm_ioctl: copy_from_user of the argument faults"

static int fd = -1;
static long page_size;

/* A mapping of two pages: the first readable and writable, the second @prot2. */
static char *two_pages(int prot2)
{
	char *p = mmap(NULL, 2 * page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	igt_assert(p != MAP_FAILED);
	igt_assert_eq(mprotect(p + page_size, page_size, prot2), 0);
	return p;
}

/* An address that was mapped and no longer is. */
static void *unmapped_page(void)
{
	void *p = mmap(NULL, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	igt_assert(p != MAP_FAILED);
	igt_assert_eq(munmap(p, page_size), 0);
	return p;
}

/* A shared mapping of an empty memfd: touching it is SIGBUS (shmem_fault beyond EOF). */
static void *sigbus_page(void)
{
	int mfd = memfd_create("core_uaccess", MFD_CLOEXEC);
	void *p;

	igt_assert_fd(mfd);
	p = mmap(NULL, page_size, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	igt_assert(p != MAP_FAILED);
	close(mfd);
	return p;
}

static void expect_efault(void *arg, const char *what)
{
	igt_debug("GET_CAP with its argument at %p (%s)\n", arg, what);
	igt_assert_errno(ioctl(fd, DRM_IOCTL_GET_CAP, arg), EFAULT, COPY_IN_RULE);
}

/* Every kind of address a copy_from_user refuses. */
static void bad_addresses(void)
{
	char *guard = two_pages(PROT_NONE);
	void *gone = unmapped_page(), *bus = sigbus_page();

	expect_efault((void *)8, "the zero page");
	expect_efault(gone, "unmapped");
	expect_efault(guard + page_size, "PROT_NONE");
	/* a struct drm_get_cap whose second half is in the PROT_NONE page */
	expect_efault(guard + page_size - 8, "straddling into PROT_NONE");
	expect_efault((void *)(uintptr_t)(1ull << 63), "beyond the user address space");
	expect_efault(bus, "SIGBUS beyond the end of a memfd");
	munmap(guard, 2 * page_size);
	munmap(bus, page_size);
}

/* ---- the program's own handlers ---------------------------------------- */

static sigjmp_buf fault_return;
static volatile sig_atomic_t handler_calls;
static void *volatile fault_addr;
static volatile int sink;	/* a read whose value is used: no tool may drop it */

static void program_handler(int sig, siginfo_t *info, void *ctx)
{
	handler_calls++;
	fault_addr = info->si_addr;
	siglongjmp(fault_return, sig);
}

static void plain_handler(int sig)
{
	handler_calls++;
	siglongjmp(fault_return, sig);
}

/* The program faults in its own code: its handler runs, once, for that address. */
static void own_fault_reaches_handler(void)
{
	char *guard = two_pages(PROT_NONE);
	volatile char *target = guard + page_size;

	handler_calls = 0;
	fault_addr = NULL;
	if (!sigsetjmp(fault_return, 1)) {
		sink = *target;
		igt_assert_f(false, "reading a PROT_NONE page did not fault\n");
	}
	igt_assert_eq(handler_calls, 1);
	munmap(guard, 2 * page_size);
}

static void *thread_with_faults_blocked(void *arg)
{
	sigset_t faults;

	sigemptyset(&faults);
	sigaddset(&faults, SIGSEGV);
	sigaddset(&faults, SIGBUS);
	igt_assert_eq(pthread_sigmask(SIG_BLOCK, &faults, NULL), 0);
	bad_addresses();
	return NULL;
}

/* A sanitizer runtime's SIGSEGV handler is there from the start. */
static bool sanitizer_runtime(void)
{
	return dlsym(RTLD_DEFAULT, "__asan_init") != NULL;
}

/* Fork a child that faults harmlessly in an ioctl, then for real; its wait status. */
static int child_faulting(bool set_default)
{
	volatile int *gone = unmapped_page();
	struct rlimit no_core = { 0, 0 };
	int status;
	pid_t pid = fork();

	igt_assert(pid >= 0);
	if (pid == 0) {
		struct sigaction dfl = { .sa_handler = SIG_DFL };

		setrlimit(RLIMIT_CORE, &no_core);
		if (set_default)
			sigaction(SIGSEGV, &dfl, NULL);
		if (ioctl(fd, DRM_IOCTL_GET_CAP, (void *)8) != -1 || errno != EFAULT)
			_exit(3);
		sink = *gone;
		_exit(0);
	}
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

igt_main
{
	igt_fixture {
		fd = core_open(DRMSUB_NODE_RENDER);
		page_size = sysconf(_SC_PAGESIZE);
	}

	igt_describe("drm_ioctl's copy_from_user faults with EFAULT on the zero page, an "
		     "unmapped page, a PROT_NONE page, a struct straddling into one, an address "
		     "beyond user space and a page whose access is SIGBUS.");
	igt_subtest("efault-copy-in")
		bad_addresses();

	igt_describe("An argument in a read-only page: the copy in succeeds, the copy back "
		     "(copy_to_user of the out size) faults, EFAULT.");
	igt_subtest("efault-copy-out") {
		struct drm_get_cap *cap = mmap(NULL, page_size, PROT_READ | PROT_WRITE,
					       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		igt_assert(cap != MAP_FAILED);
		*cap = (struct drm_get_cap){ .capability = DRM_CAP_PRIME };
		igt_assert_eq(mprotect(cap, page_size, PROT_READ), 0);
		igt_assert_errno(ioctl(fd, DRM_IOCTL_GET_CAP, cap), EFAULT,
				 "drm_ioctl: copy_to_user of the result faults");
		igt_assert_eq_u64(cap->value, 0);
		munmap(cap, page_size);
	}

	igt_describe("With the program's own SA_SIGINFO handlers for SIGSEGV and SIGBUS: bad "
		     "arguments still give EFAULT and the handlers never see the copies; "
		     "sigaction reports them back; a fault of the program reaches them with "
		     "its address.");
	igt_subtest("program-sigaction-handler") {
		struct sigaction act = { .sa_sigaction = program_handler, .sa_flags = SA_SIGINFO };
		struct sigaction old_segv, old_bus, now;
		char *guard = two_pages(PROT_NONE);

		sigemptyset(&act.sa_mask);
		igt_assert_eq(sigaction(SIGSEGV, &act, &old_segv), 0);
		igt_assert_eq(sigaction(SIGBUS, &act, &old_bus), 0);
		handler_calls = 0;
		bad_addresses();
		igt_assert_eq(handler_calls, 0);
		igt_assert_eq(sigaction(SIGSEGV, NULL, &now), 0);
		igt_assert(now.sa_sigaction == program_handler && (now.sa_flags & SA_SIGINFO));
		own_fault_reaches_handler();
		fault_addr = NULL;
		if (!sigsetjmp(fault_return, 1))
			sink = *(volatile char *)(guard + page_size);
		igt_assert(fault_addr == guard + page_size);
		igt_assert_eq(sigaction(SIGSEGV, &old_segv, NULL), 0);
		igt_assert_eq(sigaction(SIGBUS, &old_bus, NULL), 0);
		munmap(guard, 2 * page_size);
	}

	igt_describe("The same with handlers installed by signal(): it returns the previous "
		     "one, the copies stay EFAULT, the program's fault reaches its handler.");
	igt_subtest("program-signal-handler") {
		sighandler_t before = signal(SIGSEGV, plain_handler);

		igt_assert(before != SIG_ERR);
		handler_calls = 0;
		bad_addresses();
		igt_assert_eq(handler_calls, 0);
		own_fault_reaches_handler();
		igt_assert(signal(SIGSEGV, before) == plain_handler);
	}

	igt_describe("A thread that blocks SIGSEGV and SIGBUS (a fault there would kill the "
		     "process, force_sig_fault) still gets EFAULT for bad arguments.");
	igt_subtest("fault-signals-blocked") {
		pthread_t thread;

		igt_assert_eq(pthread_create(&thread, NULL, thread_with_faults_blocked, NULL), 0);
		igt_assert_eq(pthread_join(thread, NULL), 0);
	}

	igt_describe("A program that sets SIG_DFL still dies of its own segfault, killed by "
		     "SIGSEGV, after a copy faulted harmlessly (EFAULT).");
	igt_subtest("program-fault-default") {
		int status = child_faulting(true);

		igt_assert_f(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
			     "child status %#x\n", status);
	}

	igt_describe("A program that changed nothing keeps the handler it started with: the "
		     "default (killed by SIGSEGV) or a sanitizer's (its report, a non-zero "
		     "exit).");
	igt_subtest("program-fault-inherited") {
		int status = child_faulting(false);

		if (sanitizer_runtime())
			igt_assert_f(WIFEXITED(status) && WEXITSTATUS(status) != 0 &&
				     WEXITSTATUS(status) != 3, "child status %#x\n", status);
		else
			igt_assert_f(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
				     "child status %#x\n", status);
	}

	igt_fixture
		close(fd);
}

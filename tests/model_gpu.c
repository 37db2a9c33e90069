// SPDX-License-Identifier: MIT
/*
 * model_gpu: the device model's GPU core, below any driver UAPI: jobs run
 * asynchronously and in order per ring, completion signals their fences,
 * and the hangcheck ends a job that stops making progress. Runs only with
 * the model preloaded (DRMSUB_MODEL set); skips elsewhere.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <nouveau_drm.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/sync_file.h>
#include <pthread.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <time.h>

#include "core/test.h"
#include "model/driver.h"

IGT_TEST_DESCRIPTION("The device model's GPU thread: per-ring order, fence signalling and "
		     "hangcheck, through the model's unit-test entry points.");

static int (*submit)(unsigned int device, struct model_job *job, struct model_fence **fence);
static int (*wait_fence)(struct model_fence *fence, int64_t deadline_ns);
static int (*wait_wakeups)(struct model_fence *fence, int64_t deadline_ns, unsigned int *wakeups);
static void (*fence_put)(struct model_fence *fence);
static unsigned int (*hangcheck_ms)(void);
static int (*sync_file)(struct model_fence *fence);
static void *(*bo_vaddr)(int fd, uint32_t handle);

struct order_job {
	struct model_job base;
	int id;
	int *log, *len;
};

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static int run_order(struct model_job *job)
{
	struct order_job *o = (struct order_job *)job;
	struct timespec delay = { 0, 1000000 };

	nanosleep(&delay, NULL);
	o->log[(*o->len)++] = o->id;
	model_job_progress(job);
	return 0;
}

/* Polls without progress (a wait forever) until the hangcheck cancels it. */
static int run_hang(struct model_job *job)
{
	while (!model_job_cancelled(job))
		model_job_poll_sleep(job, 1000000);
	return 0;
}

/* The "GPU" stores a value in the object's memory. */
static int run_store(struct model_job *job)
{
	uint32_t *gpu_view = job->priv;

	gpu_view[16] = 0x600dcafe;
	return 0;
}

static int run_fail(struct model_job *job)
{
	return -EIO;
}

static int run_nothing(struct model_job *job)
{
	model_job_progress(job);
	return 0;
}

/* Makes progress (so no hangcheck ends it) until *job->priv is set. */
static int run_gated(struct model_job *job)
{
	const int *released = job->priv;
	struct timespec delay = { 0, 1000000 };

	while (!__atomic_load_n(released, __ATOMIC_ACQUIRE) && !model_job_cancelled(job)) {
		model_job_progress(job);
		nanosleep(&delay, NULL);
	}
	return 0;
}

/*
 * A short job (three packets' worth of progress) whose GPU thread the host
 * did not run for two hangcheck periods first: a plain sleep is time the
 * model is not credited with, as when the thread is descheduled.
 */
static int run_starved(struct model_job *job)
{
	int64_t starve = *(const int64_t *)job->priv;
	struct timespec t = { starve / 1000000000ll, starve % 1000000000ll };

	nanosleep(&t, NULL);
	for (int i = 0; i < 3; i++)
		model_job_progress(job);
	return 0;
}

static void release(int *gate)
{
	__atomic_store_n(gate, 1, __ATOMIC_RELEASE);
}

struct counted_wait {
	struct model_fence *fence;
	unsigned int wakeups;
	int ret, started;
};

static void *counted_wait_thread(void *arg)
{
	struct counted_wait *w = arg;

	__atomic_store_n(&w->started, 1, __ATOMIC_RELEASE);
	w->ret = wait_wakeups(w->fence, now_ns() + 10000000000ll, &w->wakeups);
	return NULL;
}

#define WAITER_STACK_SIZE (4u << 20)

/* What a new thread of the child does to a dead thread's stack it is given: overwrite it. */
__attribute__((no_sanitize("address")))
static void reuse_stack(void *stack, size_t size)
{
	volatile unsigned char *p = stack;

	for (size_t i = 0; i < size; i++)
		p[i] = 0xa5;
}

/*
 * A forked child of a process with a thread waiting on @fence (a gated job
 * that runs again in the child) on @stack: glibc gives the stacks of the
 * parent's threads to the child's new threads, which overwrite them; then
 * the child runs jobs and signals @fence. 0 when all went well.
 */
static int child_signals_waited_fence(struct model_fence *fence, int *gate, void *stack)
{
	struct model_job quick = { .ring = 0, .run = run_nothing };
	struct model_fence *done;

	reuse_stack(stack, WAITER_STACK_SIZE);
	release(gate);	/* the child's copy of the gate */
	if (submit(0, &quick, &done) || wait_fence(done, now_ns() + 5000000000ll))
		return 1;
	fence_put(done);
	return wait_fence(fence, now_ns() + 5000000000ll) ? 2 : 0;
}

/* Skip unless DRMSUB_MODEL names a second device (its render node is D129). */
static void require_second_device(void)
{
	int fd = open("/dev/dri/renderD129", O_RDWR | O_CLOEXEC);

	igt_require_f(fd >= 0, "needs a second model device (two DRMSUB_MODEL entries)\n");
	close(fd);
}

/* Submit and wait for @count quick jobs on @device. */
static void run_quick_jobs(unsigned int device, int count)
{
	for (int i = 0; i < count; i++) {
		struct model_job job = { .ring = 0, .run = run_nothing };
		struct model_fence *fence;

		igt_assert_eq(submit(device, &job, &fence), 0);
		igt_assert_eq(wait_fence(fence, now_ns() + 5000000000ll), 0);
		fence_put(fence);
	}
}

igt_main
{
	igt_fixture {
		submit = dlsym(RTLD_DEFAULT, "drmsub_model_test_submit");
		wait_fence = dlsym(RTLD_DEFAULT, "drmsub_model_test_wait");
		wait_wakeups = dlsym(RTLD_DEFAULT, "drmsub_model_test_wait_wakeups");
		fence_put = dlsym(RTLD_DEFAULT, "drmsub_model_test_fence_put");
		hangcheck_ms = dlsym(RTLD_DEFAULT, "drmsub_model_test_hangcheck_ms");
		sync_file = dlsym(RTLD_DEFAULT, "drmsub_model_test_sync_file");
		bo_vaddr = dlsym(RTLD_DEFAULT, "drmsub_model_test_bo_vaddr");
		igt_require_f(submit && wait_fence && wait_wakeups && fence_put && hangcheck_ms &&
			      sync_file && bo_vaddr,
			      "the device model is not preloaded\n");
		igt_require_f(getenv("DRMSUB_MODEL"), "DRMSUB_MODEL is not set\n");
	}

	igt_describe("Jobs of one ring run in submission order and each fence signals after "
		     "its job ran.");
	igt_subtest("ring-order") {
		struct order_job jobs[8];
		struct model_fence *fences[8];
		int log[8], len = 0;

		for (int i = 0; i < 8; i++) {
			jobs[i] = (struct order_job){ .base = { .ring = i % 2, .run = run_order },
						      .id = i, .log = log, .len = &len };
			igt_assert_eq(submit(0, &jobs[i].base, &fences[i]), 0);
		}
		for (int i = 0; i < 8; i++) {
			igt_assert_eq(wait_fence(fences[i], now_ns() + 5000000000ll), 0);
			fence_put(fences[i]);
		}
		igt_assert_eq(len, 8);
		for (int i = 0, last[2] = { -1, -1 }; i < 8; i++) {
			igt_assert_lt(last[log[i] % 2], log[i]);
			last[log[i] % 2] = log[i];
		}
	}

	igt_describe("A job's error completes its fence with that error.");
	igt_subtest("job-error") {
		struct model_job job = { .ring = 0, .run = run_fail };
		struct model_fence *fence;

		igt_assert_eq(submit(0, &job, &fence), 0);
		igt_assert_eq(wait_fence(fence, now_ns() + 5000000000ll), -EIO);
		fence_put(fence);
	}

	igt_describe("Waiting on a running job's fence gives up at the deadline.");
	igt_subtest("fence-timeout") {
		struct model_job job = { .ring = 1, .run = run_hang };
		struct model_fence *fence;

		igt_assert_eq(submit(0, &job, &fence), 0);
		igt_assert_eq(wait_fence(fence, now_ns() + 1000000), -ETIMEDOUT);
		model_job_cancel(&job, 0);
		igt_assert_eq(wait_fence(fence, now_ns() + 5000000000ll), 0);
		fence_put(fence);
	}

	igt_describe("The hangcheck ends a job without progress after one to two periods; "
		     "without a driver recovery hook its fence gets ETIME.");
	igt_subtest("hangcheck") {
		struct model_job job = { .ring = 2, .run = run_hang };
		int64_t period = hangcheck_ms() * 1000000ll, start = now_ns();
		struct model_fence *fence;

		igt_assert_eq(submit(0, &job, &fence), 0);
		/*
		 * The hangcheck needs two looks to see no progress; the generous
		 * bound only keeps a loaded machine from failing the test. -ETIME
		 * is the error the recovery gives the fence (a wait that gives up
		 * reports -ETIMEDOUT).
		 */
		igt_assert_eq(wait_fence(fence, start + 100 * period), -ETIME);
		igt_assert_lte_s64(period, now_ns() - start);
		/* one look every half period: ended after one to one and a half credited periods */
		igt_assert_lte_s64(period, job.stalled_ns);
		igt_assert_lte_s64(job.stalled_ns, 2 * period);
		fence_put(fence);
	}

	igt_describe("Short jobs whose GPU thread the host did not run for two periods are no "
		     "hang: the hangcheck counts the GPU time jobs were credited, not wall time.");
	igt_subtest("hangcheck-starved") {
		int64_t starve = 2 * hangcheck_ms() * 1000000ll;
		struct model_job jobs[3];
		struct model_fence *fences[3];

		for (int i = 0; i < 3; i++) {
			jobs[i] = (struct model_job){ .ring = i, .run = run_starved, .priv = &starve };
			igt_assert_eq(submit(0, &jobs[i], &fences[i]), 0);
		}
		for (int i = 0; i < 3; i++) {
			igt_assert_eq(wait_fence(fences[i], now_ns() + 100 * starve), 0);
			igt_assert_eq_s64(jobs[i].stalled_ns, 0);
			fence_put(fences[i]);
		}
	}

	igt_describe("A sync_file of a running job polls not ready, FILE_INFO says pending; "
		     "once the job ends it polls readable and reports signalled.");
	igt_subtest("sync-file-poll") {
		struct model_job job = { .ring = 3, .run = run_hang };
		struct sync_file_info info = { 0 };
		struct model_fence *fence;
		struct pollfd pfd;
		int fd;

		igt_assert_eq(submit(0, &job, &fence), 0);
		fd = sync_file(fence);
		igt_assert_fd(fd);
		pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
		igt_assert_eq(poll(&pfd, 1, 0), 0);
		igt_assert_eq(ioctl(fd, SYNC_IOC_FILE_INFO, &info), 0);
		igt_assert_eq(info.status, 0);
		model_job_cancel(&job, 0);
		igt_assert_eq(poll(&pfd, 1, 5000), 1);
		info = (struct sync_file_info){ 0 };
		igt_assert_eq(ioctl(fd, SYNC_IOC_FILE_INFO, &info), 0);
		igt_assert_eq(info.status, 1);
		close(fd);
		fence_put(fence);
	}

	igt_describe("What a job writes to an object's memory is what the program's mapping "
		     "reads once the fence signalled (nouveau:gm20b, the second device).");
	igt_subtest("bo-coherent") {
		struct drm_nouveau_gem_new req = { .info.size = 4096,
						   .info.domain = NOUVEAU_GEM_DOMAIN_GART };
		int fd = open("/dev/dri/renderD129", O_RDWR | O_CLOEXEC);
		struct model_job job = { .ring = 0, .run = run_store };
		struct model_fence *fence;
		uint32_t *cpu_view;

		igt_require(fd >= 0);
		igt_assert_eq(drmIoctl(fd, DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_NEW,
						   struct drm_nouveau_gem_new), &req), 0);
		cpu_view = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, req.info.map_handle);
		igt_assert(cpu_view != MAP_FAILED);
		job.priv = bo_vaddr(fd, req.info.handle);
		igt_assert(job.priv);
		igt_assert_eq(submit(1, &job, &fence), 0);
		igt_assert_eq(wait_fence(fence, now_ns() + 5000000000ll), 0);
		igt_assert_eq_u32(cpu_view[16], 0x600dcafe);
		fence_put(fence);
		munmap(cpu_view, 4096);
		close(fd);
	}

	igt_describe("A thread waiting on one fence sleeps through the signals of other fences "
		     "(here 50 jobs of another device): each fence wakes only its own waiters.");
	igt_subtest("waiter-isolation") {
		int gate = 0;
		struct model_job gated = { .ring = 4, .run = run_gated, .priv = &gate };
		struct timespec settle = { 0, 20000000 };
		struct counted_wait w = { 0 };
		pthread_t thread;

		require_second_device();
		igt_assert_eq(submit(0, &gated, &w.fence), 0);
		igt_assert_eq(pthread_create(&thread, NULL, counted_wait_thread, &w), 0);
		while (!__atomic_load_n(&w.started, __ATOMIC_ACQUIRE))
			nanosleep(&settle, NULL);
		nanosleep(&settle, NULL);	/* let it fall asleep in the wait */
		run_quick_jobs(1, 50);
		release(&gate);
		igt_assert_eq(pthread_join(thread, NULL), 0);
		igt_assert_eq(w.ret, 0);
		/*
		 * One wake-up for its own fence; POSIX lets a condition variable
		 * wake spuriously, hence one more allowed. A broadcast to every
		 * waiter on every signal gives about 50.
		 */
		igt_assert_lte(w.wakeups, 2);
		fence_put(w.fence);
	}

	igt_describe("fork() while a thread waits on a fence: the child, whose new threads reuse "
		     "the parent threads' stacks, signals that fence without touching the "
		     "parent's waiter; the parent's waiter still wakes.");
	igt_subtest("fork-while-waiting") {
		int gate = 0, status;
		struct model_job gated = { .ring = 4, .run = run_gated, .priv = &gate };
		struct timespec settle = { 0, 20000000 };
		struct counted_wait w = { 0 };
		void *stack = mmap(NULL, WAITER_STACK_SIZE, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		pthread_attr_t attr;
		pthread_t thread;
		pid_t pid;

		igt_assert(stack != MAP_FAILED);
		igt_assert_eq(submit(0, &gated, &w.fence), 0);
		pthread_attr_init(&attr);
		igt_assert_eq(pthread_attr_setstack(&attr, stack, WAITER_STACK_SIZE), 0);
		igt_assert_eq(pthread_create(&thread, &attr, counted_wait_thread, &w), 0);
		pthread_attr_destroy(&attr);
		while (!__atomic_load_n(&w.started, __ATOMIC_ACQUIRE))
			nanosleep(&settle, NULL);
		nanosleep(&settle, NULL);
		pid = fork();
		igt_assert(pid >= 0);
		if (pid == 0)
			_exit(child_signals_waited_fence(w.fence, &gate, stack));
		igt_assert_eq(waitpid(pid, &status, 0), pid);
		igt_assert_f(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %#x\n",
			     status);
		release(&gate);
		igt_assert_eq(pthread_join(thread, NULL), 0);
		igt_assert_eq(w.ret, 0);
		fence_put(w.fence);
		munmap(stack, WAITER_STACK_SIZE);
	}

	igt_describe("A merged sync_file (a fence array) polls readable only once every member "
		     "signalled, and then reports signalled.");
	igt_subtest("sync-file-merge-poll") {
		int gate[2] = { 0, 0 };
		struct model_job jobs[2] = {
			{ .ring = 6, .run = run_gated, .priv = &gate[0] },
			{ .ring = 7, .run = run_gated, .priv = &gate[1] },
		};
		struct sync_merge_data merge = { .name = "merged" };
		struct sync_file_info info = { 0 };
		struct model_fence *fences[2];
		struct pollfd pfd;
		int fds[2];

		for (int i = 0; i < 2; i++) {
			igt_assert_eq(submit(0, &jobs[i], &fences[i]), 0);
			fds[i] = sync_file(fences[i]);
			igt_assert_fd(fds[i]);
		}
		merge.fd2 = fds[1];
		igt_assert_eq(ioctl(fds[0], SYNC_IOC_MERGE, &merge), 0);
		pfd = (struct pollfd){ .fd = merge.fence, .events = POLLIN };
		igt_assert_eq(poll(&pfd, 1, 0), 0);
		release(&gate[0]);
		igt_assert_eq(wait_fence(fences[0], now_ns() + 5000000000ll), 0);
		igt_assert_eq(poll(&pfd, 1, 0), 0);
		release(&gate[1]);
		igt_assert_eq(poll(&pfd, 1, 5000), 1);
		igt_assert_eq(ioctl(merge.fence, SYNC_IOC_FILE_INFO, &info), 0);
		igt_assert_eq(info.status, 1);
		close(merge.fence);
		for (int i = 0; i < 2; i++) {
			close(fds[i]);
			fence_put(fences[i]);
		}
	}

	igt_describe("Submitting to a ring that does not exist is EINVAL.");
	igt_subtest("bad-ring") {
		struct model_job job = { .ring = MODEL_MAX_RINGS, .run = run_fail };

		igt_assert_eq(submit(0, &job, NULL), -EINVAL);
	}
}

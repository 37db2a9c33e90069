// SPDX-License-Identifier: MIT
/*
 * model_kmsg: the device model's kernel log, as a program sees it through
 * /dev/kmsg (kernel/printk/printk.c devkmsg_*), and what the model's
 * drivers print into it when a GPU faults or hangs, with the kernel's
 * text and levels. Runs only with the model preloaded; skips elsewhere.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <radeon_drm.h>

#include "core/test.h"
#include "device/device.h"
#include "model/driver.h"
#include "msm_common.h"
#include "nouveau/suite.h"

IGT_TEST_DESCRIPTION("The device model's kernel log: /dev/kmsg's record semantics, and the "
		     "messages the kernel prints on GPU faults, hangs and channel deaths.");

/*
 * The records the subtests write at warning levels carry this tag, and
 * each subtest announces it (kmsg_subtest), so the runner's dmesg check
 * takes them for what they are.
 */
#define TAG "kmsg-test: "

#define kmsg_subtest(name, fn)                                                  \
	igt_subtest(name) {                                                     \
		igt_emit_ignore_dmesg_regex("^" TAG);                           \
		fn();                                                           \
	}

struct record {
	unsigned int prio;
	unsigned long long seq, usec;
	char text[4200];
};

/* A reader positioned after everything logged so far. */
static int reader_at_end(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	igt_assert_fd(fd);
	igt_assert_eq(lseek(fd, 0, SEEK_END), 0);
	return fd;
}

/* The next record, or false (EAGAIN) when none is left. */
static bool next_record(int fd, struct record *r)
{
	char buf[8192];
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	char *semi;

	if (n < 0 && errno == EAGAIN)
		return false;
	igt_assert_f(n > 0, "read(/dev/kmsg): %zd (%s)\n", n, strerror(errno));
	buf[n] = '\0';
	igt_assert_f(buf[n - 1] == '\n', "a record ends with a newline: \"%s\"\n", buf);
	buf[n - 1] = '\0';
	semi = strchr(buf, ';');
	igt_assert_f(semi && sscanf(buf, "%u,%llu,%llu,-", &r->prio, &r->seq, &r->usec) == 3,
		     "not prio,seq,usec,-;text: \"%s\"\n", buf);
	snprintf(r->text, sizeof(r->text), "%s", semi + 1);
	return true;
}

/* Some record from @fd on has level @level and contains @what. */
static void expect_record(int fd, unsigned int level, const char *what)
{
	struct record r;

	while (next_record(fd, &r))
		if ((r.prio & 7) == level && strstr(r.text, what))
			return;
	igt_assert_f(false, "no record at level %u containing \"%s\"\n", level, what);
}

static void write_kmsg(const char *text)
{
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

	igt_assert_fd(fd);
	igt_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static void expect_next(int fd, unsigned int prio, const char *text)
{
	struct record r;

	igt_assert(next_record(fd, &r));
	igt_assert_eq_u32(r.prio, prio);
	igt_assert_eq_str(r.text, text);
}

/* ---- /dev/kmsg ------------------------------------------------------------ */

static void records_and_levels(void)
{
	int fd = reader_at_end();
	struct record r;

	/* devkmsg_write: "<N>" is level N & 7, facility N >> 3, else LOG_USER (1) */
	write_kmsg("<3>" TAG "an error\n");
	write_kmsg("<14>" TAG "facility 1 level 6");
	write_kmsg("<27>" TAG "facility 3 level 3\n");
	write_kmsg(TAG "no prefix: the default level 4");
	write_kmsg("<0>" TAG "level 0 of LOG_USER");
	expect_next(fd, 1 << 3 | 3, TAG "an error");
	expect_next(fd, 14, TAG "facility 1 level 6");
	expect_next(fd, 27, TAG "facility 3 level 3");
	expect_next(fd, 1 << 3 | 4, TAG "no prefix: the default level 4");
	expect_next(fd, 1 << 3 | 0, TAG "level 0 of LOG_USER");
	igt_assert(!next_record(fd, &r));
	close(fd);
}

static void sequence_numbers(void)
{
	int fd = reader_at_end();
	struct record a, b;
	pid_t pid;

	write_kmsg(TAG "first");
	/* another process of the run appends to the same log */
	pid = fork();
	igt_assert(pid >= 0);
	if (pid == 0) {
		int w = open("/dev/kmsg", O_WRONLY);

		_exit(w >= 0 && write(w, TAG "from a child", strlen(TAG "from a child")) > 0 ? 0 : 1);
	}
	igt_assert_eq(waitpid(pid, NULL, 0), pid);
	igt_assert(next_record(fd, &a));
	igt_assert(next_record(fd, &b));
	igt_assert_eq_str(a.text, TAG "first");
	igt_assert_eq_str(b.text, TAG "from a child");
	igt_assert_eq_u64(b.seq, a.seq + 1);
	igt_assert(b.usec >= a.usec);
	close(fd);
}

static void escapes(void)
{
	int fd = reader_at_end();

	/* msg_add_ext_text: bytes below ' ', from 127 on, and '\' as \xNN */
	write_kmsg(TAG "tab\there, back\\slash, del\x7f, new\nline");
	expect_next(fd, 12, TAG "tab\\x09here, back\\x5cslash, del\\x7f, new\\x0aline");
	close(fd);
}

static void write_limits(void)
{
	char big[1026];
	int w = open("/dev/kmsg", O_WRONLY), r = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	void *no_access = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char c;

	igt_assert_fd(w);
	igt_assert_fd(r);
	igt_assert(no_access != MAP_FAILED);
	memset(big, 'x', sizeof(big));
	memcpy(big, TAG, strlen(TAG));
	/* devkmsg_write: longer than PRINTKRB_RECORD_MAX (1024) is EINVAL */
	igt_assert_eq(write(w, big, 1025), -1);
	igt_assert_eq(errno, EINVAL);
	igt_assert_eq(write(w, big, 1024), 1024);
	/* devkmsg_write: a buffer copy_from_iter_full cannot read is EFAULT */
	igt_assert_errno(write(w, no_access, 4), EFAULT, "devkmsg_write: copy_from_iter_full");
	/* the VFS: no reading a write-only file, no writing a read-only one */
	igt_assert_eq(read(w, &c, 1), -1);
	igt_assert_eq(errno, EBADF);
	igt_assert_eq(write(r, "x", 1), -1);
	igt_assert_eq(errno, EBADF);
	close(w);
	close(r);
	munmap(no_access, 4096);
}

static void small_buffer(void)
{
	int fd = reader_at_end();
	char buf[16];

	write_kmsg(TAG "a record longer than sixteen bytes");
	write_kmsg(TAG "next");
	/* devkmsg_read: the record does not fit: EINVAL, and it is gone */
	igt_assert_eq(read(fd, buf, sizeof(buf)), -1);
	igt_assert_eq(errno, EINVAL);
	expect_next(fd, 12, TAG "next");
	close(fd);
}

static void seeking(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	struct record first, r;

	igt_assert_fd(fd);
	write_kmsg(TAG "seek mark");
	/* devkmsg_open: a reader starts at the first record */
	igt_assert(next_record(fd, &first));
	/* devkmsg_llseek: no offsets; SEEK_SET and SEEK_DATA (no clear) are the start */
	igt_assert_eq(lseek(fd, 1, SEEK_SET), -1);
	igt_assert_eq(errno, ESPIPE);
	igt_assert_eq(lseek(fd, 0, SEEK_CUR), -1);
	igt_assert_eq(errno, EINVAL);
	igt_assert_eq(lseek(fd, 0, SEEK_END), 0);
	igt_assert(!next_record(fd, &r));
	igt_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	igt_assert(next_record(fd, &r));
	igt_assert_eq_u64(r.seq, first.seq);
	igt_assert_eq(lseek(fd, 0, SEEK_DATA), 0);
	igt_assert(next_record(fd, &r));
	igt_assert_eq_u64(r.seq, first.seq);
	close(fd);
}

static void polling(void)
{
	int fd = reader_at_end();
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct record r;

	/* devkmsg_poll: readable when a record waits, not otherwise */
	igt_assert_eq(poll(&p, 1, 0), 0);
	write_kmsg(TAG "wake up");
	igt_assert_eq(poll(&p, 1, 1000), 1);
	igt_assert(p.revents & POLLIN);
	expect_next(fd, 12, TAG "wake up");
	igt_assert(!next_record(fd, &r));
	igt_assert_eq(poll(&p, 1, 0), 0);
	close(fd);
}

static void blocking_read(void)
{
	int fd = open("/dev/kmsg", O_RDONLY);
	char buf[8192];
	pid_t pid;
	ssize_t n;

	igt_assert_fd(fd);
	igt_assert_eq(lseek(fd, 0, SEEK_END), 0);
	pid = fork();
	igt_assert(pid >= 0);
	if (pid == 0) {
		struct timespec t = { 0, 100 * 1000 * 1000 };
		int w = open("/dev/kmsg", O_WRONLY);

		nanosleep(&t, NULL);
		_exit(w >= 0 && write(w, TAG "late record", strlen(TAG "late record")) > 0 ? 0 : 1);
	}
	/* without O_NONBLOCK, read() waits for the record */
	alarm(10);
	n = read(fd, buf, sizeof(buf) - 1);
	alarm(0);
	igt_assert_eq(waitpid(pid, NULL, 0), pid);
	igt_assert(n > 0);
	buf[n] = '\0';
	igt_assert_f(strstr(buf, ";" TAG "late record\n"), "got \"%s\"\n", buf);
	close(fd);
}

/* IGT's igt_kmsg(): fopen("/dev/kmsg", "w"), vfprintf, fclose. */
static void stdio_stream(void)
{
	int fd = reader_at_end();
	FILE *w = fopen("/dev/kmsg", "w"), *r;
	char line[8192];

	igt_assert(w);
	fprintf(w, "<6>[IGT] model_kmsg: through stdio\n");
	fclose(w);
	expect_next(fd, 14, "[IGT] model_kmsg: through stdio");
	close(fd);

	r = fopen("/dev/kmsg", "r");
	igt_assert(r);
	igt_assert(fseek(r, 0, SEEK_END) == 0);
	write_kmsg("<5>read through stdio");
	igt_assert(fgets(line, sizeof(line), r));
	igt_assert_f(strstr(line, ";read through stdio\n") && atoi(line) == 13, "got %s", line);
	fclose(r);
}

/* The log every model process of the run appends to is named for children. */
static void shared_log(void)
{
	const char *path = getenv("DRMSUB_MODEL_KMSG");
	char line[8192];
	FILE *f;
	bool found = false;

	igt_assert_f(path && *path, "DRMSUB_MODEL_KMSG names the log for children\n");
	write_kmsg("<4>" TAG "in the shared file");
	f = fopen(path, "r");
	igt_assert_f(f, "%s: %s\n", path, strerror(errno));
	while (fgets(line, sizeof(line), f))
		found |= strstr(line, ";" TAG "in the shared file\n") && atoi(line) == 12;
	fclose(f);
	igt_assert(found);
}

/* ---- what the drivers print ---------------------------------------------- */

static struct msm_device *msm;
static struct msm_queue *queue;
static struct msm_bo *scratch;

static void msm_open(void)
{
	if (!msm) {
		msm = msm_device_open();
		queue = msm_queue_new(msm, 0);
		scratch = msm_bo_new(msm, 4096);
	}
}

static void msm_hang(void)
{
	int fd;
	struct msm_cs *cs;
	char comm[16] = "", want[64];

	msm_open();
	fd = reader_at_end();
	cs = msm_cs_new(msm, 256);
	msm_cs_wait_mem(cs, WRITE_EQ, scratch, 0, 1, ~0u);
	expect_fault(queue, cs, 30 * NSEC_PER_SEC);
	/* msm_gpu.c hangcheck_handler, then recover_worker, at KERN_ERR */
	expect_record(fd, 3, "[drm:hangcheck_handler] *ERROR* ");
	igt_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	expect_record(fd, 3, ": hangcheck detected gpu lockup rb 0!");
	expect_record(fd, 3, "[drm:recover_worker] *ERROR* ");
	/* the task's comm (recover_worker's get_task_comm): qemu's under qemu-user */
	igt_assert_eq(prctl(PR_GET_NAME, comm), 0);
	snprintf(want, sizeof(want), ": offending task: %s (", comm);
	expect_record(fd, 3, want);
	close(fd);
}

static void msm_iova_fault(void)
{
	struct msm_cs *cs;
	int fd;

	msm_open();
	fd = reader_at_end();
	cs = msm_cs_new(msm, 256);
	msm_cs_pkt7(cs, CP_MEM_WRITE, 3);
	msm_cs_iova(cs, 0x1deaddead0ull);
	msm_cs_emit(cs, 0x1234);
	expect_fault(queue, cs, 30 * NSEC_PER_SEC);
	/* adreno_fault_handler: pr_warn_ratelimited, no device prefix */
	expect_record(fd, 4, msm->gen == 5 ? "*** gpu fault: iova=0000001deaddead0"
					  : "*** gpu fault: ttbr0=");
	if (msm->gen > 5) {
		igt_assert_eq(lseek(fd, 0, SEEK_SET), 0);
		expect_record(fd, 4, "iova=0000001deaddead0 dir=WRITE type=TRANSLATION source=CP");
	}
	close(fd);
}

static void msm_protect(void)
{
	struct msm_cs *cs;
	char what[96];
	int fd;

	msm_open();
	fd = reader_at_end();
	cs = msm_cs_new(msm, 256);
	msm_cs_reg_write32(cs, msm_protected_reg(msm), 0);
	expect_fault(queue, cs, 30 * NSEC_PER_SEC);
	/* a5xx_cp_err_irq / a6xx_cp_hw_err_irq: dev_err_ratelimited */
	snprintf(what, sizeof(what), "CP | protected mode error | WRITE | addr=0x%08X |",
		 msm_protected_reg(msm));
	expect_record(fd, 3, what);
	close(fd);
}

/*
 * With debugfs disable_err_irq at @set ("Y" or "N"), a garbage dword: the
 * hangcheck recovers either way; returns whether the CP's opcode error was
 * logged (a6xx_cp_hw_err_irq / a5xx_cp_err_irq, which a5xx_irq, a6xx_irq
 * and a7xx_irq skip with the flag set).
 */
static bool garbage_logs_opcode_error(const char *set)
{
	bool opcode = false, hangcheck = false;
	struct msm_cs *cs;
	struct record r;
	int f, fd;

	msm_open();
	f = drmsub_debugfs_open(msm->fd, "disable_err_irq", O_WRONLY);
	igt_require_f(f >= 0, "the model serves debugfs' dri/ from kernel 6.7 on: %s\n",
		      strerror(-f));
	igt_assert_eq(write(f, set, 1), 1);
	close(f);
	fd = reader_at_end();
	cs = msm_cs_new(msm, 256);
	msm_cs_raw(cs, 0xdeaddead);
	expect_fault(queue, cs, 30 * NSEC_PER_SEC);
	while (next_record(fd, &r)) {
		opcode |= (r.prio & 7) == 3 && strstr(r.text, "CP | opcode error");
		hangcheck |= (r.prio & 7) == 3 && strstr(r.text, "hangcheck detected gpu lockup");
	}
	close(fd);
	igt_assert(hangcheck);
	return opcode;
}

static void msm_err_irq(void)
{
	igt_assert(garbage_logs_opcode_error("N"));
	igt_assert(!garbage_logs_opcode_error("Y"));
}

static void nouveau_channel_death(void)
{
	struct nv_device *dev = nv_device_open();
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_push *p = nv_push_new(64);
	char what[64];
	int fd = reader_at_end();

	nv_immd(p, 6, 0x100, 0);	/* a method on a subchannel nothing is bound to */
	nv_expect_channel_death();
	nv_push_submit(p, victim);
	nv_channel_wait(victim);
	igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
	/* nvkm_chan_error at KERN_ERR, then nouveau_channel_killed's NV_PRINTK(warn) */
	expect_record(fd, 3, "errored - disabling channel");
	snprintf(what, sizeof(what), "]: channel %u killed!", victim->id);
	expect_record(fd, 4, what);
	nv_push_free(p);
	nv_channel_free(victim);
	nv_device_close(dev);
}

/* A model job that never progresses: the hangcheck's lockup. */
/* A job that waits for ever, as a GPU polling memory: the hangcheck is credited each poll. */
static int run_hang(struct model_job *job)
{
	while (!model_job_cancelled(job))
		model_job_poll_sleep(job, 1000000);
	return 0;
}

/* The model's index of the first device of @driver (render minor - 128), or -1. */
static int device_index(const char *driver)
{
	for (int i = 0; i < 8; i++) {
		char path[32];
		drmVersionPtr v;
		int fd, match;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", 128 + i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		match = v && !strcmp(v->name, driver);
		drmFreeVersion(v);
		close(fd);
		if (match)
			return i;
	}
	return -1;
}

/* RADEON_INFO_GPU_RESET_COUNTER of radeon render node @index (radeon_kms.c radeon_info_ioctl). */
static uint32_t radeon_reset_counter(int index)
{
	char path[32];
	uint32_t value = 0;
	struct drm_radeon_info info = { .request = RADEON_INFO_GPU_RESET_COUNTER,
					.value = (uintptr_t)&value };
	int fd;

	snprintf(path, sizeof(path), "/dev/dri/renderD%d", 128 + index);
	fd = open(path, O_RDWR | O_CLOEXEC);
	igt_assert_f(fd >= 0, "%s: %m\n", path);
	igt_assert_eq(drmCommandWriteRead(fd, DRM_RADEON_INFO, &info, sizeof(info)), 0);
	close(fd);
	return value;
}

static void radeon_lockup(void)
{
	int (*submit)(unsigned int, struct model_job *, struct model_fence **) =
		dlsym(RTLD_DEFAULT, "drmsub_model_test_submit");
	int (*wait)(struct model_fence *, int64_t) = dlsym(RTLD_DEFAULT, "drmsub_model_test_wait");
	void (*put)(struct model_fence *) = dlsym(RTLD_DEFAULT, "drmsub_model_test_fence_put");
	unsigned int (*hangcheck)(void) = dlsym(RTLD_DEFAULT, "drmsub_model_test_hangcheck_ms");
	struct model_job job = { .ring = 0, .run = run_hang };
	int index = device_index("radeon"), fd;
	struct model_fence *fence;
	struct timespec now;
	uint32_t resets;

	igt_require_f(submit && wait && put && hangcheck, "the model's test entry points\n");
	igt_require_f(index >= 0, "no radeon device in DRMSUB_MODEL\n");
	igt_require_f(getenv("DRMSUB_MODEL_HANGCHECK_MS") && hangcheck() <= 2000,
		      "radeon's lockup timeout is 10 s: run with a short DRMSUB_MODEL_HANGCHECK_MS\n");
	fd = reader_at_end();
	resets = radeon_reset_counter(index);
	igt_emit_ignore_dmesg_regex("GPU lockup|GPU reset");
	igt_assert_eq(submit(index, &job, &fence), 0);
	clock_gettime(CLOCK_MONOTONIC, &now);
	igt_assert_eq(wait(fence, (now.tv_sec + 30) * 1000000000ll), -ETIME);
	put(fence);
	/* radeon_gpu_reset counts the reset before it says it succeeded */
	igt_assert_eq_u32(radeon_reset_counter(index), resets + 1);
	/* radeon_fence_check_lockup (dev_warn), then radeon_gpu_reset (dev_info) */
	expect_record(fd, 4, "GPU lockup (current fence id 0x");
	expect_record(fd, 6, "GPU reset succeeded, trying to resume");
	close(fd);
}

igt_main
{
	igt_fixture
		igt_require_f(getenv("DRMSUB_MODEL") && dlsym(RTLD_DEFAULT, "drmsub_model_test_submit"),
			      "the device model is not preloaded\n");

	igt_describe("a write is one record at the level and facility of its <N> prefix");
	kmsg_subtest("records-and-levels", records_and_levels)
	igt_describe("records of every process of a run have consecutive sequence numbers");
	kmsg_subtest("sequence-numbers", sequence_numbers)
	igt_describe("what a record holds below ' ', from 127 on, and '\\' reads as \\xNN");
	kmsg_subtest("escapes", escapes)
	igt_describe("writes past 1024 bytes are EINVAL, from a bad buffer EFAULT; the wrong "
		     "direction is EBADF");
	kmsg_subtest("write-limits", write_limits)
	igt_describe("a record larger than the read buffer is EINVAL and skipped");
	kmsg_subtest("small-buffer", small_buffer)
	igt_describe("lseek takes no offset: SEEK_SET and SEEK_DATA go to the start, SEEK_END after it");
	kmsg_subtest("seeking", seeking)
	igt_describe("poll says readable exactly when a record waits");
	kmsg_subtest("polling", polling)
	igt_describe("a blocking read waits for the next record");
	kmsg_subtest("blocking-read", blocking_read)
	igt_describe("IGT's igt_kmsg (fopen, fprintf, fclose) writes one record; fgets reads one");
	kmsg_subtest("stdio-stream", stdio_stream)
	igt_describe("DRMSUB_MODEL_KMSG names the one log a run's processes share");
	kmsg_subtest("shared-log", shared_log)

	igt_describe("an msm GPU hang logs the hangcheck and the recovery as the kernel does");
	kmsg_subtest("msm-hang", msm_hang)
	igt_describe("an msm CP write outside the VM logs the kernel's gpu fault line");
	kmsg_subtest("msm-iova-fault", msm_iova_fault)
	igt_describe("an msm CP write to a protected register logs the protected mode error");
	kmsg_subtest("msm-protect", msm_protect)
	igt_describe("with msm's debugfs disable_err_irq set, a fault logs the hangcheck but no "
		     "CP error");
	kmsg_subtest("msm-disable-err-irq", msm_err_irq)
	igt_describe("a nouveau channel error logs nvkm's channel error and the kill");
	kmsg_subtest("nouveau-channel-death", nouveau_channel_death)
	igt_describe("a radeon ring lockup logs the lockup and the reset");
	kmsg_subtest("radeon-lockup", radeon_lockup)

	igt_fixture {
		if (msm) {
			msm_bo_free(scratch);
			msm_queue_free(queue);
			msm_device_close(msm);
		}
	}
}

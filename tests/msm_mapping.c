// SPDX-License-Identifier: MIT
/*
 * msm_mapping: the kernel's own GPU buffers (the ringbuffer, the SQE
 * firmware, the rptr shadow, memptrs, preemption records) are mapped for
 * the GPU, but a user IB must not reach them: a CP_MEM_WRITE (or a
 * CP_MEM_TO_MEM read) aimed at one raises an IOMMU fault, which the kernel
 * reports in a devcoredump with the faulting address.
 *
 * Where the buffers are comes from debugfs (dri/<minor>/gem: the BO's
 * name ends its line, the next line lists its mappings), and the verdict
 * from the devcoredump: an IOMMU fault need not stop the stream (the
 * transaction is terminated and the CP goes on), so the fault counters
 * would not show it. Both need debugfs and devcoredump, so this binary
 * runs on hardware only; the device model has neither and it skips there.
 */
#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "msm_common.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("msm kernel buffers: a user IB touching one faults (debugfs + devcoredump).");

#define DEVCD_DIR "/sys/class/devcoredump"
#define FENCE_TIMEOUT (10 * NSEC_PER_SEC)
#define COREDUMP_WAIT_MS 1000

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *scratch;
static char debugfs[64];

/* Set @out to the debugfs directory of @fd's device, or "" if none. */
static void find_debugfs(int fd, char *out, size_t len)
{
	char path[96], driver[16] = "";
	struct stat st;
	FILE *f;

	out[0] = '\0';
	if (fstat(fd, &st) || !S_ISCHR(st.st_mode))
		return;
	/* the directory's "name" file starts with the driver: make sure it is ours */
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%u/name", minor(st.st_rdev));
	f = fopen(path, "r");
	if (!f)
		return;
	if (fscanf(f, "%15s", driver) == 1 && !strcmp(driver, "msm"))
		snprintf(out, len, "/sys/kernel/debug/dri/%u", minor(st.st_rdev));
	fclose(f);
}

/* Is @name the last whitespace-separated word of @line? */
static bool last_word_is(const char *line, const char *name)
{
	size_t len = strlen(line), n = strlen(name);

	return len >= n && !strcmp(line + len - n, name) &&
	       (len == n || line[len - n - 1] == ' ' || line[len - n - 1] == '\t');
}

/*
 * The iova of the kernel BO called @name, from debugfs gem: the mapping
 * line after the BO's line reads "[gpu: aspace=<ptr>, <iova>,mapped,...]"
 * (older kernels) or "[gpu: vm=<ptr>, <iova>, mapped]" (newer).
 */
static bool kernel_bo_iova(const char *name, uint64_t *iova)
{
	char path[96], line[512];
	bool next = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/gem", debugfs);
	f = fopen(path, "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *at;

		line[strcspn(line, "\n")] = '\0';
		if (next) {
			at = strstr(line, "aspace=");
			if (!at)
				at = strstr(line, "vm=");
			at = at ? strchr(at, ',') : NULL;
			if (at && sscanf(at + 1, " %" SCNx64, iova) == 1) {
				fclose(f);
				return true;
			}
			next = false;
		}
		next = last_word_is(line, name);
	}
	fclose(f);
	return false;
}

/* Writing to a devcoredump's data file frees it. */
static void clear_coredumps(void)
{
	DIR *d = opendir(DEVCD_DIR);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char path[300];
		int fd;

		if (strncmp(e->d_name, "devcd", 5))
			continue;
		snprintf(path, sizeof(path), DEVCD_DIR "/%s/data", e->d_name);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "1", 1) != 1)
				igt_debug("could not free %s\n", path);
			close(fd);
		}
	}
	if (d)
		closedir(d);
}

/* Does a devcoredump appear within a second with a fault at @iova? */
static bool coredump_has_fault(uint64_t iova)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };

	for (int ms = 0; ms < COREDUMP_WAIT_MS; ms += 10) {
		DIR *d = opendir(DEVCD_DIR);
		struct dirent *e;

		while (d && (e = readdir(d))) {
			char path[300], line[256];
			bool in_fault = false;
			uint64_t at;
			FILE *f;

			if (strncmp(e->d_name, "devcd", 5))
				continue;
			snprintf(path, sizeof(path), DEVCD_DIR "/%s/data", e->d_name);
			f = fopen(path, "r");
			while (f && fgets(line, sizeof(line), f)) {
				char *p = strstr(line, "iova=");

				if (strstr(line, "fault-info"))
					in_fault = true;
				if (in_fault && p && sscanf(p + 5, "%" SCNx64, &at) == 1 && at == iova) {
					fclose(f);
					closedir(d);
					return true;
				}
			}
			if (f)
				fclose(f);
		}
		if (d)
			closedir(d);
		nanosleep(&tick, NULL);
	}
	return false;
}

/* The kernel re-enables stall-on-fault a while after a fault; wait for it. */
static void wait_stall_reenabled(void)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	char path[96];

	snprintf(path, sizeof(path), "%s/stall_reenable_time_us", debugfs);
	for (int i = 0; i < 500; i++) {
		FILE *f = fopen(path, "r");
		long left = 0;

		if (!f)
			return;
		if (fscanf(f, "%ld", &left) != 1)
			left = 0;
		fclose(f);
		if (left == 0)
			return;
		nanosleep(&tick, NULL);
	}
}

/* Aim a write (and, with @read, a CP_MEM_TO_MEM read) at kernel BO @name. */
static void touch_kernel_bo(const char *name, bool read)
{
	struct msm_cs *cs;
	uint64_t iova;

	igt_require_f(kernel_bo_iova(name, &iova), "no mapped BO named %s in %s/gem\n", name,
		      debugfs);
	cs = msm_cs_new(dev, 32);
	if (read) {
		msm_cs_pkt7(cs, CP_MEM_TO_MEM, 5);
		msm_cs_emit(cs, 0);
		msm_cs_addr(cs, scratch, 0, MSM_SUBMIT_BO_WRITE);
		msm_cs_iova(cs, iova);
	} else {
		msm_cs_pkt7(cs, CP_MEM_WRITE, 3);
		msm_cs_iova(cs, iova);
		msm_cs_emit(cs, 0x5a5a5a5a);
	}
	clear_coredumps();
	msm_cs_submit_wait(cs, q, FENCE_TIMEOUT);
	msm_cs_free(cs);
	igt_assert_f(coredump_has_fault(iova), "no devcoredump reports a fault at %#" PRIx64
		     " within %d ms: a user IB reached the kernel's %s\n", iova, COREDUMP_WAIT_MS,
		     name);
	wait_stall_reenabled();
}

static const struct kernel_bo {
	const char *subtest, *name;
	unsigned int min_gen;
	bool read;
} kernel_bos[] = {
	{ "ring", "ring0", 5, false },
	{ "sqefw", "sqefw", 6, false },
	{ "shadow", "shadow", 5, false },
	{ "pwrup-reglist", "pwrup_reglist", 6, false },
	{ "memptrs", "memptrs", 5, false },
	{ "preempt-record-ring0", "preempt_record_ring0", 6, false },
	{ "preempt-smmu-info-ring0", "preempt_smmu_info_ring0", 6, true },
};

igt_main
{
	igt_fixture {
		queue_fixture_open(&dev, &q);
		scratch = msm_bo_new(dev, 4096);
		find_debugfs(dev->fd, debugfs, sizeof(debugfs));
		igt_require_f(debugfs[0], "no readable msm debugfs directory (dri/<minor>/name)\n");
		igt_require_f(access(DEVCD_DIR, R_OK) == 0, "no %s: devcoredump is off\n",
			      DEVCD_DIR);
	}

	array_for_each(k, kernel_bos) {
		igt_describe_f("a user IB %s the kernel's %s BO and faults",
			       k->read ? "writing and reading" : "writing", k->name);
		igt_subtest(k->subtest) {
			igt_require_f(dev->gen >= k->min_gen, "no %s before a%uxx\n", k->name,
				      k->min_gen);
			touch_kernel_bo(k->name, false);
			if (k->read)
				touch_kernel_bo(k->name, true);
		}
	}

	igt_fixture {
		msm_bo_free(scratch);
		queue_fixture_close(dev, q);
	}
}

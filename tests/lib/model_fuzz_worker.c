// SPDX-License-Identifier: MIT
/*
 * model_fuzz: one worker process. It finds the modelled devices, opens a
 * render and a primary file of each, and runs its batch of requests; each
 * request is picked at random: a driver ioctl, a core ioctl, an fd
 * operation, random bytes for a known ioctl, a number no kernel knows,
 * closing a file while its work is in flight, or a fork whose child goes
 * on with copies of everything. At the end everything is closed and the
 * fds the model held must be gone again.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "model_fuzz.h"

#define CHILD_REQUESTS 32	/* requests of a forked child */
/*
 * How long the model may take to let go of fds after everything was
 * closed: queued submits still run, and each one that hangs or faults
 * takes two hangcheck periods; ten of them take seconds.
 */
#define DRAIN_MS 20000

/* A weak reference: set when the program runs under AddressSanitizer. */
extern void __asan_init(void) __attribute__((weak));

/* ---- files ---------------------------------------------------------------------- */

static void close_file(struct fz_file *f)
{
	for (unsigned i = 0; i < f->nbos; i++)
		if (f->bos[i].map)
			munmap(f->bos[i].map, f->bos[i].size);
	if (f->fd >= 0)
		close(f->fd);
	*f = (struct fz_file){ .fd = -1, .drv = f->drv, .device = f->device, .render = f->render };
}

/*
 * What the worker knows of each driver: the name its DRM_IOCTL_VERSION
 * gives, what a new file of it sets up, its requests and ioctl table, the
 * first number past its last ioctl (msm VM_BIND 0x0d, nouveau GEM_INFO
 * 0x44, radeon GEM_USERPTR 0x2d), and how it makes a BO to use.
 */
static const struct fz_driver_ops {
	const char *name;
	void (*file_init)(struct fz_state *st, struct fz_file *f);	/* NULL: nothing */
	const struct fz_family *requests;
	const struct fz_ioctl *ioctls;
	unsigned first_unused;
	const char *bo_ioctl;
	int (*bo_new)(struct fz_state *st, struct fz_file *f, uint64_t size);
} drivers[FZ_NR_DRIVERS] = {
	[FZ_MSM] = { "msm", fz_msm_file_init, &fz_msm_requests, fz_msm_ioctls, 0x0e,
		     "GEM_NEW", fz_msm_bo_new },
	[FZ_NOUVEAU] = { "nouveau", fz_nouveau_file_init, &fz_nouveau_requests, fz_nouveau_ioctls,
			 0x45, "GEM_NEW", fz_nouveau_bo_new },
	[FZ_RADEON] = { "radeon", NULL, &fz_radeon_requests, fz_radeon_ioctls, 0x2e,
			"GEM_CREATE", fz_radeon_bo_new },
};

bool fz_new_bo_to_use(struct fz_state *st, struct fz_file *f, unsigned percent, unsigned sizes)
{
	if (!fz_chance(&st->rng, percent) || f->nbos >= FZ_POOL)
		return false;
	fz_say(st, "%s %s (a BO to use)", drivers[f->drv].name, drivers[f->drv].bo_ioctl);
	drivers[f->drv].bo_new(st, f, 4096u << fz_below(&st->rng, sizes));
	return true;
}

static void driver_file_init(struct fz_state *st, struct fz_file *f)
{
	if (drivers[f->drv].file_init)
		drivers[f->drv].file_init(st, f);
}

static int open_file(struct fz_state *st, struct fz_file *f)
{
	char path[64];

	if (f->render)
		snprintf(path, sizeof(path), "/dev/dri/renderD%u", 128 + f->device);
	else
		snprintf(path, sizeof(path), "/dev/dri/card%u", f->device);
	f->fd = open(path, O_RDWR | O_CLOEXEC);
	if (f->fd < 0)
		return -1;
	driver_file_init(st, f);
	return 0;
}

/* Which driver answers on renderD<128 + @index>; -1 when there is no such node. */
static int probe_device(unsigned index)
{
	char path[64], name[32] = "";
	struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };
	int fd, drv = -1;

	snprintf(path, sizeof(path), "/dev/dri/renderD%u", 128 + index);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!ioctl(fd, DRM_IOCTL_VERSION, &v))
		for (int i = 0; i < FZ_NR_DRIVERS; i++)
			if (!strcmp(name, drivers[i].name))
				drv = i;
	close(fd);
	return drv < 0 ? -2 : drv;
}

static void add_file(struct fz_state *st, const struct fz_device *dev, bool render)
{
	struct fz_file *f = &st->files[st->nfiles++];

	*f = (struct fz_file){ .fd = -1, .drv = dev->drv, .device = dev->index, .render = render };
	open_file(st, f);
}

/*
 * A render and a primary file of every device; with room left, a second
 * primary file of the first ones: not the master, not authenticated until
 * AUTH_MAGIC (drm_ioctl_permit's DRM_AUTH rules).
 */
static void open_files(struct fz_state *st)
{
	for (unsigned i = 0; i < st->ndevices && st->nfiles + 2 <= FZ_MAX_FILES; i++) {
		add_file(st, &st->devices[i], true);
		add_file(st, &st->devices[i], false);
	}
	for (unsigned i = 0; i < st->ndevices && st->nfiles < FZ_MAX_FILES; i++)
		add_file(st, &st->devices[i], false);
}

/* ---- one request ------------------------------------------------------------------ */


/* A known ioctl with random bytes for its whole struct. */
static void random_bytes_request(struct fz_state *st, struct fz_file *f)
{
	const struct fz_ioctl *table = fz_chance(&st->rng, 50) ? fz_core_ioctls
							       : drivers[f->drv].ioctls;
	const struct fz_ioctl *ioc;
	unsigned n = 0, size;
	uint8_t *arg;

	while (table[n].name)
		n++;
	ioc = &table[fz_below(&st->rng, n)];
	size = _IOC_SIZE(ioc->cmd);
	arg = fz_alloc(&st->arena, size + 64);
	for (unsigned i = 0; i < size; i++)
		arg[i] = fz_chance(&st->rng, 50) ? 0 : (uint8_t)fz_u32(&st->rng);
	fz_say(st, "%s with random bytes", ioc->name);
	fz_ioctl(st, f->fd, ioc, arg);
}

/*
 * A number beyond every kernel's table (drm_ioctl: EINVAL): core numbers
 * from 0xe0, driver numbers past each driver's last ioctl.
 */
static void unknown_request(struct fz_state *st, struct fz_file *f)
{
	static const int einval[] = { EINVAL, 0 };
	struct fz_ioctl ioc = { .name = "UNKNOWN_NR", .errnos = einval };
	unsigned nr, size = fz_below(&st->rng, 256);
	void *arg = fz_alloc(&st->arena, 512);

	if (fz_chance(&st->rng, 50))
		nr = 0xe0 + fz_below(&st->rng, 0x20);
	else
		nr = DRM_COMMAND_BASE + drivers[f->drv].first_unused +
		     fz_below(&st->rng, DRM_COMMAND_END - DRM_COMMAND_BASE -
				       drivers[f->drv].first_unused);
	ioc.cmd = DRM_IOWR(nr, char[1]);
	ioc.cmd = fz_with_size(ioc.cmd, size);
	fz_say(st, "ioctl nr %#x size %u", nr, size);
	fz_ioctl_exact(st, f->fd, &ioc, arg);
}

/* Close a file (its submits may still run), or open a closed one again. */
static void close_or_reopen(struct fz_state *st)
{
	struct fz_file *f = &st->files[fz_below(&st->rng, st->nfiles)];

	if (f->fd < 0) {
		fz_say(st, "reopen %s%u", f->render ? "renderD" : "card",
		       f->render ? 128 + f->device : f->device);
		open_file(st, f);
		return;
	}
	fz_say(st, "close a %s file with %u BOs, %u syncobjs, %u queues/channels",
	       drivers[f->drv].name,
	       f->nbos, f->nsyncobjs, f->nctxs);
	close_file(f);
}

void fz_reap_child(struct fz_state *st, bool wait)
{
	int status;
	pid_t r;

	if (!st->child)
		return;
	r = waitpid(st->child, &status, wait ? 0 : WNOHANG);
	if (r <= 0)
		return;
	st->child = 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return;
	/* the child wrote its own failure (fz_fail); a crash or another exit it could not */
	if (WIFEXITED(status) && (WEXITSTATUS(status) == FZ_EXIT_ERRNO ||
				  WEXITSTATUS(status) == FZ_EXIT_LEAK))
		_exit(FZ_EXIT_CHILD);
	if (WIFSIGNALED(status))
		snprintf(st->shared->failure, sizeof(st->shared->failure),
			 "the forked child died of %s\n  its request (iteration %llu): %s",
			 strsignal(WTERMSIG(status)),
			 (unsigned long long)st->shared->slots[FZ_SLOT_CHILD].iteration,
			 st->shared->slots[FZ_SLOT_CHILD].request);
	else
		snprintf(st->shared->failure, sizeof(st->shared->failure),
			 "the forked child exited with status %d (a sanitizer report, or the model "
			 "ended it)\n  its request (iteration %llu): %s", WEXITSTATUS(status),
			 (unsigned long long)st->shared->slots[FZ_SLOT_CHILD].iteration,
			 st->shared->slots[FZ_SLOT_CHILD].request);
	_exit(FZ_EXIT_CHILD);
}

static void one_request(struct fz_state *st);

/*
 * fork() in the middle: the child has copies of every file, handle and
 * mapping (the model's state is per process: docs/model.md, "What it does
 * not model") and goes on with requests of its own while the parent does
 * too.
 */
static void fork_child(struct fz_state *st)
{
	pid_t pid;

	fz_reap_child(st, true);
	fz_say(st, "fork");
	pid = fork();
	if (pid < 0)
		return;
	if (pid) {
		st->child = pid;
		return;
	}
	st->is_child = true;
	st->slot = &st->shared->slots[FZ_SLOT_CHILD];
	st->slot->pid = getpid();
	st->text = st->slot->request;
	for (unsigned i = 0; i < CHILD_REQUESTS; i++) {
		st->slot->iteration = i;
		one_request(st);
	}
	_exit(0);
}

static void fd_or_reopen(struct fz_state *st)
{
	if (fz_chance(&st->rng, 85))
		fz_fd_request(st);
	else
		close_or_reopen(st);
}

static void one_request(struct fz_state *st)
{
	struct fz_file *f = fz_pick_file(st, FZ_NR_DRIVERS);
	unsigned r = fz_below(&st->rng, 100);

	fz_arena_reset(&st->arena);
	st->text_len = 0;
	st->text[0] = '\0';
	fz_reap_child(st, false);
	if (!f || r >= 97) {
		fd_or_reopen(st);
		return;
	}
	if (r < 55)
		fz_choose(st, f, drivers[f->drv].requests);
	else if (r < 80)
		fz_choose(st, f, &fz_core_requests);
	else if (r < 88)
		fz_fd_request(st);
	else if (r < 93)
		random_bytes_request(st, f);
	else if (r < 95)
		unknown_request(st, f);
	else if (r < 96 && !st->is_child)
		fork_child(st);
	else
		close_or_reopen(st);
}

/* ---- the batch ------------------------------------------------------------------ */

static void set_limits(void)
{
	struct rlimit core = { 0, 0 }, nofile = { 4 * FZ_USER_FDS, 4 * FZ_USER_FDS }, as;

	setrlimit(RLIMIT_CORE, &core);
	setrlimit(RLIMIT_NOFILE, &nofile);
	/*
	 * Without ASan (whose shadow memory is terabytes of address space) an
	 * address-space limit turns an unbounded allocation into ENOMEM, as a
	 * failing kvmalloc would, instead of swapping the machine.
	 */
	if (!__asan_init && !getrlimit(RLIMIT_AS, &as) && as.rlim_cur == RLIM_INFINITY) {
		as.rlim_cur = 8ull << 30;
		setrlimit(RLIMIT_AS, &as);
	}
}

static void find_devices(struct fz_state *st)
{
	for (unsigned i = 0; i < FZ_MAX_FILES; i++) {
		int drv = probe_device(i);

		if (drv == -1)
			break;
		if (drv >= 0)
			st->devices[st->ndevices++] = (struct fz_device){ (enum fz_driver)drv, i };
	}
}

/* Whether @fd was open when the worker started (stdio, the runner's). */
static bool in_baseline(const int *baseline, unsigned n, int fd)
{
	for (unsigned i = 0; i < n; i++)
		if (baseline[i] == fd)
			return true;
	return false;
}

/*
 * Close everything, also fds the worker never learned of (a request whose
 * result could not be copied back keeps its new fd, as on a kernel); the
 * model must then let go of every fd of its own.
 */
static void teardown(struct fz_state *st, const int *baseline, unsigned nbaseline,
		     unsigned model_fds)
{
	char list[1024];
	int64_t until = fz_deadline_ns(DRAIN_MS);
	unsigned n;

	fz_reap_child(st, true);
	for (unsigned i = 0; i < st->nfiles; i++)
		close_file(&st->files[i]);
	st->nfds = 0;
	for (int fd = 0; fd < FZ_USER_FDS; fd++)
		if (!in_baseline(baseline, nbaseline, fd))
			close(fd);
	st->text_len = 0;
	fz_say(st, "teardown: every file and fd closed");
	/* jobs still queued keep their BOs until they end (the hangcheck ends them) */
	while ((n = fz_count_fds(FZ_USER_FDS, 1 << 30, NULL, 0)) > model_fds && fz_now_ns() < until)
		usleep(10000);
	if (n > model_fds) {
		fz_count_fds(FZ_USER_FDS, 1 << 30, list, sizeof(list));
		fz_fail(st, FZ_EXIT_LEAK, "the model holds %u fds of its own after every file and fd was "
		     "closed, %u before:%s", n, model_fds, list);
	}
}

/* The fds open now, for teardown(). */
static unsigned snapshot_fds(int *fds, unsigned max)
{
	unsigned n = 0;

	for (int fd = 0; fd < FZ_USER_FDS && n < max; fd++)
		if (fcntl(fd, F_GETFD) >= 0)
			fds[n++] = fd;
	return n;
}

static void mark_kernel_log(unsigned batch)
{
	char line[64];
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	int n = snprintf(line, sizeof(line), "<6>model_fuzz: batch %u\n", batch);

	if (fd < 0)
		return;
	if (write(fd, line, (size_t)n) != n)
		fprintf(stderr, "model_fuzz: /dev/kmsg: %s\n", strerror(errno));
	close(fd);
}

int fz_worker_main(struct fz_shared *shared, const struct fz_options *opt, unsigned batch)
{
	static struct fz_state st;
	uint64_t first = (uint64_t)batch * opt->batch;
	uint64_t last = first + opt->batch < opt->iterations ? first + opt->batch : opt->iterations;
	int baseline[64];
	unsigned nbaseline, model_fds;

	set_limits();
	st.shared = shared;
	st.opt = opt;
	st.slot = &shared->slots[FZ_SLOT_WORKER];
	st.slot->pid = getpid();
	st.text = st.slot->request;
	fz_rng_seed(&st.rng, opt->seed, batch);
	if (fz_arena_init(&st.arena))
		return FZ_EXIT_SETUP;
	find_devices(&st);
	if (!st.ndevices) {
		snprintf(shared->failure, sizeof(shared->failure),
			 "no msm, nouveau or radeon device under /dev/dri (DRMSUB_MODEL, LD_PRELOAD?)");
		return FZ_EXIT_SETUP;
	}
	/*
	 * A marker in the kernel log, as IGT tests write: the log then exists
	 * before the baseline, not from the first fault a GPU thread reports
	 * while a request is being checked for new fds.
	 */
	mark_kernel_log(batch);
	/* the model's own fds (its tree, copy pipe, kernel log) exist from here on */
	nbaseline = snapshot_fds(baseline, 64);
	model_fds = fz_count_fds(FZ_USER_FDS, 1 << 30, NULL, 0);
	open_files(&st);
	if (getenv("MODEL_FUZZ_SELFTEST"))
		fz_self_test(&st, getenv("MODEL_FUZZ_SELFTEST"));
	for (uint64_t it = first; it < last; it++) {
		st.slot->iteration = it;
		one_request(&st);
	}
	st.slot->iteration = last;
	teardown(&st, baseline, nbaseline, model_fds);
	return FZ_EXIT_OK;
}

/* SPDX-License-Identifier: MIT */
/*
 * model_fuzz: a hostile client of the device model's whole ioctl surface.
 *
 *   model_fuzz.c          options, the supervisor: forked workers, hangs, RSS, reports
 *   model_fuzz_worker.c   one worker: open the devices, run a batch, fork, tear down
 *   model_fuzz_issue.c    one request: mutations of its number and pointer, the checks
 *   model_fuzz_pool.c     what a worker holds and how requests pick from it
 *   model_fuzz_selftest.c the worker misbehaving on purpose (MODEL_FUZZ_SELFTEST)
 *   model_fuzz_mem.c      random numbers, argument memory, hostile pointers, mutation
 *   model_fuzz_errno.c    per ioctl, the errnos the kernel can return (and why)
 *   model_fuzz_core.c     DRM core requests: GEM, PRIME, syncobj, sync_file, fds
 *   model_fuzz_msm.c      msm requests and command streams
 *   model_fuzz_nouveau.c  nouveau requests and push buffers
 *   model_fuzz_radeon.c   radeon requests and command streams
 *
 * A request starts from a valid one built from what the worker holds
 * (handles, queues, channels, fds), then some fields are broken one by one
 * (mutated), pointers replaced by hostile ones, handles swapped for another
 * file's. The answer must be success or an errno the kernel would give for
 * that ioctl.
 */
#ifndef DRMSUB_MODEL_FUZZ_H
#define DRMSUB_MODEL_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- what the supervisor and its workers share (model_fuzz.c) ------------- */

/* One process issuing requests: the worker, or the child it forked. */
struct fz_slot {
	pid_t pid;
	uint64_t iteration;
	int64_t start_ns;	/* CLOCK_MONOTONIC start of the request, 0 when idle */
	char request[640];
};

enum fz_slot_id { FZ_SLOT_WORKER, FZ_SLOT_CHILD, FZ_NR_SLOTS };

struct fz_shared {
	struct fz_slot slots[FZ_NR_SLOTS];
	char failure[2048];	/* what a worker found wrong, before exiting */
};

/* Exit codes of a worker (anything else: a crash or a sanitizer report). */
enum {
	FZ_EXIT_OK = 0,
	FZ_EXIT_ERRNO = 65,	/* an errno the kernel would not return */
	FZ_EXIT_LEAK = 66,	/* fds or objects left after everything was closed */
	FZ_EXIT_SETUP = 67,	/* no device to fuzz */
	FZ_EXIT_CHILD = 68,	/* the forked child failed (details in failure) */
};

struct fz_options {
	uint64_t seed;
	uint64_t iterations;	/* requests in all */
	unsigned batch;		/* requests per worker */
	unsigned seconds;	/* stop starting batches after this (0: no limit) */
	unsigned first_batch, nr_batches;	/* --first-batch/--batches: replay */
	unsigned timeout_ms;	/* one request may take this long */
	unsigned rss_mb;	/* a worker may grow this large */
	bool keep_going, verbose;
};

int64_t fz_now_ns(void);

/* ---- random numbers and argument memory (model_fuzz_mem.c) ---------------- */

struct fz_rng {
	uint64_t s;
};

void fz_rng_seed(struct fz_rng *r, uint64_t seed, uint64_t stream);
uint64_t fz_u64(struct fz_rng *r);
uint32_t fz_u32(struct fz_rng *r);
uint32_t fz_below(struct fz_rng *r, uint32_t n);	/* 0 .. n-1; 0 for n == 0 */
bool fz_chance(struct fz_rng *r, unsigned percent);
/* A value that breaks things: 0, ~0, a sign bit, a power of two, +-1 of @near. */
uint64_t fz_nasty(struct fz_rng *r, uint64_t near);

/*
 * Argument memory: a read-write arena reset for every request (structs and
 * arrays the request points to), a read-only page, an unmapped page, and
 * the last bytes of a mapping whose next page is unmapped.
 */
struct fz_arena {
	uint8_t *base;
	size_t size, used;
	uint8_t *ro_page;	/* PROT_READ */
	uint8_t *hole;		/* PROT_NONE */
	uint8_t *edge_end;	/* one past a read-write page followed by a hole */
};

int fz_arena_init(struct fz_arena *a);
void fz_arena_reset(struct fz_arena *a);
/* @size zeroed bytes (8-aligned); NULL when the arena is full. */
void *fz_alloc(struct fz_arena *a, size_t size);

enum fz_bad_ptr {
	FZ_PTR_NULL,
	FZ_PTR_UNMAPPED,
	FZ_PTR_READONLY,
	FZ_PTR_PAST_END,	/* the object starts @len - 1 bytes before a hole */
	FZ_PTR_KERNEL,		/* an address in the kernel half */
	FZ_PTR_MISALIGNED,	/* inside the arena, odd */
	FZ_NR_BAD_PTRS,
};

/* A pointer of kind @kind for an object of @len bytes (as a u64 for UAPI fields). */
uint64_t fz_bad_ptr(struct fz_arena *a, enum fz_bad_ptr kind, size_t len);
const char *fz_bad_ptr_name(enum fz_bad_ptr kind);

/* ---- mutation of a valid request (model_fuzz_mem.c) ------------------------ */

enum fz_field_kind {
	FZ_F_VALUE,	/* any number */
	FZ_F_FLAGS,	/* a bit mask */
	FZ_F_COUNT,	/* the length of an array */
	FZ_F_HANDLE,	/* a GEM or syncobj handle, a queue or channel id */
	FZ_F_PTR,	/* a user pointer */
	FZ_F_FD,	/* a file descriptor */
	FZ_F_PAD,	/* must be zero */
};

struct fz_field {
	const char *name;
	size_t offset, size;	/* 1, 2, 4 or 8 bytes */
	enum fz_field_kind kind;
};

#define FZ_FIELD(type, member, kind) \
	{ #member, offsetof(type, member), sizeof(((type *)0)->member), kind }

/*
 * The fields of one UAPI struct that may be broken: fz_<struct name>,
 * generated from tests/lib/model_fuzz_fields.txt into model_fuzz_fields.h.
 */
struct fz_table {
	const struct fz_field *fields;
	size_t n;
};

/* Fields @first to @first + @n - 1 of @t, to break only those (aborts past its end). */
struct fz_table fz_slice(const struct fz_table *t, size_t first, size_t n);

struct fz_state;

/*
 * Break up to @max fields of the struct at @obj (chosen among @t's),
 * appending "name=value" to the request text. Returns how many were broken.
 */
unsigned fz_mutate(struct fz_state *st, void *obj, const struct fz_table *t, unsigned max);

/* ---- the errnos the kernel can return (model_fuzz_errno.c) ----------------- */

/* How the kernel reaches the handler of an ioctl. */
enum fz_route {
	FZ_VIA_DRM_IOCTL,	/* drm_ioctl, which adds errnos of its own */
	FZ_BEFORE_DRM_IOCTL,	/* a DRM fd whose driver takes it first (nouveau NVIF) */
	FZ_NOT_DRM,		/* a sync_file or dma-buf fd */
};

struct fz_ioctl {
	const char *name;
	unsigned long cmd;	/* the kernel's request number (direction, size) */
	const int *errnos;	/* 0-terminated, besides drm_ioctl's own */
	enum fz_route route;
};

/* Whether @err is an answer the kernel could give to @ioc. */
bool fz_errno_allowed(const struct fz_ioctl *ioc, int err, bool cmd_mutated);

extern const struct fz_ioctl fz_core_ioctls[], fz_msm_ioctls[], fz_nouveau_ioctls[],
	fz_radeon_ioctls[], fz_sync_file_ioctls[], fz_dmabuf_ioctls[];
/* Index into the tables above by name (aborts on a name not in the table). */
const struct fz_ioctl *fz_find_ioctl(const struct fz_ioctl *table, const char *name);

/* ---- the worker's state (model_fuzz_worker.c) ------------------------------ */

enum fz_driver { FZ_MSM, FZ_NOUVEAU, FZ_RADEON, FZ_NR_DRIVERS };

#define FZ_MAX_FILES 8
#define FZ_POOL 16

struct fz_bo {
	uint32_t handle;
	uint64_t size;
	uint64_t gpu_addr;	/* 0 if unknown */
	void *map;		/* the CPU mapping, NULL if none */
};

struct fz_file {
	int fd;			/* -1: closed */
	enum fz_driver drv;
	unsigned device;	/* /dev/dri/card<device>, renderD<128 + device> */
	bool render;
	struct fz_bo bos[FZ_POOL];
	unsigned nbos;
	uint32_t syncobjs[FZ_POOL];
	unsigned nsyncobjs;
	uint32_t ctxs[FZ_POOL];	/* msm submitqueue ids, nouveau channel ids */
	unsigned nctxs;
	uint32_t last_fence;	/* msm: the last fence id a submit returned */
	bool nv_uvmm;		/* nouveau: VM_INIT done, VM_BIND/EXEC mode */
	uint64_t nv_next_va;	/* nouveau VM_BIND mode: the next free VA */
};

enum fz_fd_kind { FZ_FD_SYNC_FILE, FZ_FD_DMABUF, FZ_FD_SYNCOBJ };

struct fz_fd {
	int fd;
	enum fz_fd_kind kind;
};

struct fz_device {
	enum fz_driver drv;
	unsigned index;
};

struct fz_state {
	struct fz_rng rng;
	struct fz_arena arena;
	struct fz_shared *shared;
	struct fz_slot *slot;
	const struct fz_options *opt;
	struct fz_device devices[FZ_MAX_FILES];
	unsigned ndevices;
	struct fz_file files[FZ_MAX_FILES];
	unsigned nfiles;
	struct fz_fd fds[FZ_POOL];
	unsigned nfds;
	uint32_t flink_names[FZ_POOL];
	unsigned nnames;
	pid_t child;		/* a forked child still running, 0 if none */
	bool is_child;
	uint64_t requests;	/* requests issued by this process */
	char *text;		/* the request text being built (in slot) */
	size_t text_len;
};

/*
 * The fds a program sees are below this; the model moves its own (BO
 * memfds, sync_file eventfds) above it when RLIMIT_NOFILE allows
 * (lib/model/files.c model_hide_fd), so the two can be told apart.
 */
#define FZ_USER_FDS 1024

/* Append to the text of the request being built (shown if it fails). */
void fz_say(struct fz_state *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Record a failure (@code, FZ_EXIT_*) for the supervisor and end this process. */
void fz_fail(struct fz_state *st, int code, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
/* The open fds in [@lo, @hi) (listed with their targets in @list when given). */
unsigned fz_count_fds(int lo, int hi, char *list, size_t len);

/*
 * Issue @ioc on @fd with @arg: sometimes with a changed size, direction or
 * type in the request number, or a hostile argument pointer. Checks the
 * answer; an errno the kernel would not give ends the worker with a
 * report. Returns 0, -errno, or 1 when the request succeeded but its
 * results may not be in @arg (the number or pointer was changed): then
 * nothing in @arg (handles, fds) may be taken as the answer.
 */
int fz_ioctl(struct fz_state *st, int fd, const struct fz_ioctl *ioc, void *arg);
/* @cmd with its size field set to @size. */
unsigned long fz_with_size(unsigned long cmd, unsigned size);
/* The same with exactly @ioc's request number and @arg (setup requests). */
int fz_ioctl_exact(struct fz_state *st, int fd, const struct fz_ioctl *ioc, void *arg);

/* A random open file (of @drv, or any when @drv is FZ_NR_DRIVERS); NULL if none. */
struct fz_file *fz_pick_file(struct fz_state *st, enum fz_driver drv);
/* A handle of @f, sometimes one of another file or a stale or made-up one. */
uint32_t fz_pick_bo(struct fz_state *st, struct fz_file *f, struct fz_bo **bo);
/* The most BOs one submit lists (msm keeps their indices in arrays this long). */
#define FZ_SUBMIT_MAX_BOS 4
/* How many of @f's BOs a submit lists: 1 to FZ_SUBMIT_MAX_BOS, never more than @f has. */
uint32_t fz_submit_nbos(struct fz_state *st, const struct fz_file *f);
uint32_t fz_pick_syncobj(struct fz_state *st, struct fz_file *f);
uint32_t fz_pick_ctx(struct fz_state *st, struct fz_file *f);
int fz_pick_fd(struct fz_state *st, enum fz_fd_kind kind);
void fz_add_bo(struct fz_file *f, uint32_t handle, uint64_t size, uint64_t gpu_addr);
void fz_add_fd(struct fz_state *st, int fd, enum fz_fd_kind kind);
void fz_forget_bo(struct fz_file *f, uint32_t handle);
/* Keep a new syncobj or queue/channel id of @f (unless the pool is full); forget one. */
void fz_add_syncobj(struct fz_file *f, uint32_t handle);
void fz_add_ctx(struct fz_file *f, uint32_t id);
void fz_forget_syncobj(struct fz_file *f, uint32_t handle);
void fz_forget_ctx(struct fz_file *f, uint32_t id);
/* GEM_CLOSE of @handle (as set up, not mutated) while a submit may still use it. */
void fz_close_behind(struct fz_state *st, struct fz_file *f, uint32_t handle);
/* CLOCK_MONOTONIC now + @ms, in ns (the absolute timeouts of the UAPI). */
int64_t fz_deadline_ns(unsigned ms);

/* ---- requests, one family per file ----------------------------------------- */

/* A kind of request and its weight among the others of its family. */
struct fz_choice {
	unsigned weight;
	void (*request)(struct fz_state *st, struct fz_file *f);
};

/* The kinds of request of one family (a file of this directory). */
struct fz_family {
	const struct fz_choice *choices;
	unsigned n;
};

/* One request of @family on @f, drawn by weight (a single fz_below of their sum). */
void fz_choose(struct fz_state *st, struct fz_file *f, const struct fz_family *family);

extern const struct fz_family fz_core_requests, fz_msm_requests, fz_nouveau_requests,
	fz_radeon_requests;
void fz_fd_request(struct fz_state *st);

/* What a new file needs before requests (msm: a queue; nouveau: a channel, VM mode). */
void fz_msm_file_init(struct fz_state *st, struct fz_file *f);
void fz_nouveau_file_init(struct fz_state *st, struct fz_file *f);

/* Create a BO of @size on @f the driver's way, map it; 0 or -errno. */
int fz_msm_bo_new(struct fz_state *st, struct fz_file *f, uint64_t size);
int fz_nouveau_bo_new(struct fz_state *st, struct fz_file *f, uint64_t size);
int fz_radeon_bo_new(struct fz_state *st, struct fz_file *f, uint64_t size);

/*
 * Now and then (@percent, while @f's pool has room) a BO of 4 KiB << (0 to
 * @sizes - 1) made the driver's way, for later requests to use; whether it was.
 */
bool fz_new_bo_to_use(struct fz_state *st, struct fz_file *f, unsigned percent, unsigned sizes);

/* Map @bo through the DRM fd at the fake offset @offset (NULL on failure). */
void *fz_map_bo(struct fz_file *f, struct fz_bo *bo, uint64_t offset);

/* Wait for (@wait) or look at the forked child; its failure ends the worker. */
void fz_reap_child(struct fz_state *st, bool wait);
void fz_self_test(struct fz_state *st, const char *kind);	/* model_fuzz_selftest.c */

int fz_worker_main(struct fz_shared *shared, const struct fz_options *opt, unsigned batch);

#endif

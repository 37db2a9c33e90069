/* SPDX-License-Identifier: MIT */
/*
 * The msm device model: what its files share.
 *
 *   chips.c        the modelled Adreno chips (identity, GMEM, CP_PROTECT lists)
 *   msm.c          the drm_driver: ioctl table, version, open/close, GET/SET_PARAM
 *   uapi_gem.c     GEM_NEW, GEM_INFO, CPU_PREP/FINI, MADVISE
 *   vm.c           per-file GPU address spaces (a5xx: one global one)
 *   vm_map.c       their mappings as the GPU sees them: versions that share nodes
 *   vm_holes.c     their free space in drm_mm's best-fit order
 *   vm_gpuvm.c     VM_BIND address spaces: drm_gpuvm's VMAs, split by map and unmap
 *   vm_pgtable.c   VM_BIND page-table updates, applied when a bind job runs
 *   vm_bind.c      the VM_BIND ioctl and its jobs
 *   queue.c        submitqueues, per-queue fence ids, WAIT_FENCE
 *   sched.c        the scheduler: per-queue order, dependencies, to the GPU
 *   resv.c, deps.c implicit sync: reservation objects, a job's dependencies
 *   idmap.c        the id -> pointer map they use
 *   uapi_submit.c  GEM_SUBMIT, phase by phase in the kernel's order
 *   cp.c           the command processor on the GPU thread: stream walk, IBs, faults
 *   cp_packets.c   one handler per pkt7 opcode
 *   cp_draw_state.c  a6xx draw-state groups, render modes, IB2 skipping, bins, draws
 *   blit_2d.c, blit_gmem.c, blit_pixels.c  a6xx CP_BLIT (2D engine), event blits, pixels
 *   cp_rd.c        DRMSUB_MODEL_MSM_RD: submits as the kernel's msm_rd writes them
 *   regs.c         the register file, CP_PROTECT, the always-on counter
 *   recover.c      hangcheck recovery: guilty submit, fault counters
 *
 * Types take the kernel's names (msm_gem_submit, msm_gpu_submitqueue,
 * msm_gem_vm ...), so they never share a name with the harness's
 * (msm/msm.h: struct msm_queue, msm/cs.h: struct msm_submit).
 *
 * Locking: every object here is under model_lock, except what the GPU
 * thread reads while a job runs: the job's version of its VM's map (never
 * changed in place, see vm.h) and the device's register file (GPU thread
 * only, plus recovery).
 */
#ifndef DRMSUB_MSM_MODEL_H
#define DRMSUB_MSM_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "model/driver.h"
#include "model/fence.h"
#include "msm/model/idmap.h"
#include "model/wait.h"
#include "msm/rules.h"

/* ---- chips (chips.c) -------------------------------------------------- */

/* One CP_PROTECT entry: registers [base, base + count] (count + 1 of them). */
struct msm_protect {
	uint32_t base, count;
	bool read_ok;		/* A6XX_PROTECT_RDONLY: reads allowed, writes fault */
};

struct msm_chip_info {
	unsigned int gen;		/* 5, 6, 7 */
	uint32_t revn;			/* MSM_PARAM_GPU_ID; 0 for a690 and a7xx */
	uint64_t chip_id;
	uint64_t gmem;
	uint64_t gmem_base;		/* MSM_PARAM_GMEM_BASE */
	uint64_t max_freq;		/* Hz */
	uint64_t va_size;		/* per-process VM size (0: no per-process pgtables) */
	unsigned int nr_rings;
	bool cached_coherent;		/* ADRENO_QUIRK_HAS_CACHED_COHERENT */
	bool has_prr;			/* its SMMU takes a PRR page: MSM_PARAM_HAS_PRR */
	const struct msm_protect *protect;
	unsigned int nr_protect;	/* the last entry extends to the end of the space */
};

const struct msm_chip_info *msm_chip_info(const struct model_device *dev);
#define MSM_MODEL_NR_CHIPS 7
extern const struct model_chip msm_model_chips[MSM_MODEL_NR_CHIPS];

/* ---- errno rules that changed between kernel versions (msm.c) ---------- */

/* The errno of @rule on the modelled kernel (rules.h). */
int msm_rule_errno(enum msm_rule rule);
/* The modelled kernel has @change (rules.h: the patch and its release). */
bool msm_kernel_has(enum msm_change change);

/* Deliberate faults for the self-test of the tests (breakage.c). */
enum msm_break {
	MSM_BREAK_MEM_WRITE_OFFSET,
	MSM_BREAK_MEM_TO_MEM_NEG,
	MSM_BREAK_COND_EXEC_INVERTED,
	MSM_BREAK_RING_ONLY_ALLOWED,
	MSM_BREAK_REG_RMW_NO_ADD,
	MSM_BREAK_COUNT,
};
bool msm_broken(enum msm_break b);

/* A rejected ioctl: log why (DRMSUB_MODEL_DEBUG) and evaluate to -@err. */
#define MSM_UERR(err, ...) ({ model_debug("msm: " __VA_ARGS__); -(err); })

/*
 * Where the modelled kernel dereferences NULL (@where), as an oops does to
 * the task that made the call: a message, then death by SIGSEGV. @fix
 * names the patch that removed the oops.
 */
__attribute__((noreturn)) void msm_kernel_oops(const char *where, const char *fix);

/* ---- device and file state -------------------------------------------- */

struct msm_vm;
struct msm_gpu_submitqueue;
struct msm_gem_submit;

struct msm_ctx {			/* msm_context: one per DRM file */
	struct model_file *file;
	/*
	 * From 6.17 made on first use (msm_ctx_vm), so that the file can
	 * opt in to VM_BIND first; NULL until then. Before, made at open.
	 */
	struct msm_vm *vm;
	bool vm_bind;			/* userspace_managed_vm (MSM_PARAM_EN_VM_BIND) */
	struct msm_gpu_submitqueue *queues;	/* id order */
	uint32_t next_queue_id;
	uint32_t seqno;			/* unique per context, for CTX_RESTORE_BUF */
};

struct msm_regs;

struct msm_dev {
	struct model_device *dev;
	const struct msm_chip_info *info;
	struct msm_vm *global_vm;	/* a5xx: every context shares it */
	uint32_t global_faults;
	struct msm_regs *regs;		/* the GPU's register file (regs.c) */
	uint64_t ring_seqno[MODEL_MAX_RINGS];
	uint32_t ring_ctx_seqno[MODEL_MAX_RINGS];	/* the context that ran last */
	uint32_t next_ctx_seqno;
	uint64_t submit_stamp;		/* the last submit's, in its BOs' submit_stamp */
	uint64_t ring_stamp;		/* the last submit handed to the GPU's */
	/* the scheduler (sched.c) */
	/* the queues with submits not yet on the GPU, and a heap of the ready ones */
	struct msm_gpu_submitqueue *sched_queues;
	struct msm_gpu_submitqueue **ready;	/* room for every queue */
	unsigned int nr_ready, max_ready, nr_queues;
	bool sched_again;		/* a CPU job signalled its fence: look again */
	uint64_t submit_order;		/* the last job's msm_sched_job.order */
	struct model_sched_thread sched_thread;
	/*
	 * debugfs disable_err_irq (msm_debugfs.c): the a5xx/a6xx/a7xx irq
	 * handlers ignore every error interrupt, so a fault is left to the
	 * hangcheck, without the CP error's log line (klog.c). Relaxed atomics:
	 * the GPU thread reads it while a program may write it.
	 */
	bool disable_err_irq;
};

struct msm_dev *msm_dev(struct model_device *dev);
struct msm_ctx *msm_ctx(struct model_file *file);
/* msm_context_vm: the file's VM, made now if it is not yet; NULL: -ENOMEM. */
struct msm_vm *msm_ctx_vm(struct msm_ctx *ctx);
/*
 * msm_context_is_vmbind, for the paths that then take VM_BIND's ways: a
 * VM_BIND file on a5xx (no per-process page tables) ends the process
 * with the reason, as the model does not follow the kernel there.
 */
bool msm_ctx_vm_bind(struct msm_ctx *ctx);

/* ---- reservation objects and dependencies (resv.c, deps.c) -------------- */

/* dma_fence_is_later: @a comes after @b on their (shared) context. */
static inline bool msm_fence_is_later(const struct model_fence *a, const struct model_fence *b)
{
	return a->context == b->context && a->seqno > b->seqno;
}

/* DMA_RESV_USAGE_*, in the kernel's order: a waiter for one usage waits for the lower ones. */
enum msm_resv_usage {
	MSM_USAGE_KERNEL,
	MSM_USAGE_WRITE,
	MSM_USAGE_READ,
	MSM_USAGE_BOOKKEEP,
};

/* dma_resv_usage_rw: a writer waits for every fence, a reader for the writers. */
static inline enum msm_resv_usage msm_usage_rw(bool write)
{
	return write ? MSM_USAGE_READ : MSM_USAGE_WRITE;
}

struct msm_resv {
	struct msm_resv_fence {
		struct model_fence *fence;
		enum msm_resv_usage usage;
	} *fences;
	unsigned int nr, max;
};

int msm_resv_reserve(struct msm_resv *resv, unsigned int n);
int msm_resv_add_fence(struct msm_resv *resv, struct model_fence *fence, enum msm_resv_usage usage);
/* Call @fn for each fence of @usage or stronger; stops at and returns its first nonzero return. */
int msm_resv_for_each(const struct msm_resv *resv, enum msm_resv_usage usage,
		      int (*fn)(struct model_fence *fence, void *arg), void *arg);
void msm_resv_fini(struct msm_resv *resv);

struct msm_deps {
	struct model_fence **fences;
	unsigned int nr, max;
	unsigned int next;		/* fences before it have signalled */
	struct msm_idmap contexts;	/* fence context -> index + 1 */
};

/* drm_sched_job_add_dependency: the reference on @f moves to @d. 0 or -ENOMEM. */
int msm_deps_add(struct msm_deps *d, struct model_fence *f);
bool msm_deps_signalled(struct msm_deps *d);
void msm_deps_fini(struct msm_deps *d);

/* ---- syncobj tables of GEM_SUBMIT and VM_BIND (syncobjs.c) -------------- */

struct model_syncobj;

struct msm_post_dep {
	struct model_syncobj *obj;	/* referenced */
	uint64_t point;			/* 0: replace the fence; else a timeline point */
};

struct msm_syncobjs {
	struct model_syncobj **reset;	/* in-syncobjs with MSM_SYNCOBJ_RESET, else NULL */
	uint32_t nr_reset;
	struct msm_post_dep *post;
	uint32_t nr_post;
};

/* msm_syncobj_parse_deps: @nr entries at @addr, @stride apart, into @deps. 0 or -errno. */
int msm_syncobj_parse_deps(struct model_file *file, struct msm_deps *deps, uint64_t addr,
			   uint32_t nr, uint32_t stride, struct msm_syncobjs *out);
/* msm_syncobj_parse_post_deps: 0 or -errno. */
int msm_syncobj_parse_post_deps(struct model_file *file, uint64_t addr, uint32_t nr,
				uint32_t stride, struct msm_syncobjs *out);
/* After the push: reset the in-syncobjs that asked for it, give @fence to the out ones. */
void msm_syncobjs_commit(struct msm_syncobjs *s, struct model_fence *fence);
void msm_syncobjs_fini(struct msm_syncobjs *s);

/* ---- BOs and VMs (vm.c) ----------------------------------------------- */

struct msm_vma;
struct msm_pages;

struct msm_bo_state {
	char name[32];
	uint8_t metadata[128];		/* SET/GET_METADATA (6.8+) */
	uint32_t metadata_size;
	uint32_t flags;			/* GEM_NEW flags */
	uint32_t madv;
	bool purged;
	struct msm_vma *vmas;		/* its mappings, one per VM (vm.c) */
	struct msm_pages *pages;	/* what the GPU reads through them */
	struct msm_resv resv;		/* the fences of the submits that use the BO */
	uint64_t submit_stamp;		/* the last submit that locked it */
};

struct msm_bo_state *msm_bo_state(struct model_bo *bo);
void msm_bo_state_free(struct model_bo *bo);

struct msm_map;

/*
 * One mapped range as the GPU sees it while a job runs: @size bytes of
 * @pages from @offset on. The host maps the pages on the CP's first
 * access (msm_vm_mapping), not when the range is made.
 */
struct msm_mapping {
	uint64_t iova, size;
	struct msm_pages *pages;	/* referenced; NULL for a PRR range */
	uint64_t offset;		/* where in @pages the range starts */
	bool prr;			/* a MAP_NULL range: reads return zero, writes vanish */
};

/*
 * A version of a VM's mappings, held by a job: the GPU's view while it
 * runs. A VM_BIND VM's page tables change under a running submit, so
 * its job follows them (@live): each access first takes the newest
 * version (msm_vm_refresh); the versions it let go stay until the job
 * ends, since the CP may still hold pointers into them.
 */
struct msm_vm_snapshot {
	struct msm_map *root;
	struct msm_vm *live;		/* VM_BIND: the VM whose changes this job sees */
	uint64_t generation;		/* of @root */
	struct msm_map **retired;
	unsigned int nr_retired, max_retired;
};

/* A kernel-managed VM (@managed: drm_mm places BOs), or a VM_BIND one. */
struct msm_vm *msm_vm_new(uint64_t start, uint64_t size, bool managed);
bool msm_vm_managed(const struct msm_vm *vm);
/* msm_gem_vm.unusable: GEM_SUBMIT and VM_BIND then fail with EPIPE. */
bool msm_vm_unusable(const struct msm_vm *vm);
/* Mark @vm unusable; submits handed to the GPU up to @ring_stamp are not replayed. */
void msm_vm_make_unusable(struct msm_vm *vm, uint64_t ring_stamp);
/* A submit handed to the GPU at @ring_stamp ran into an unusable VM before it ran. */
bool msm_vm_skips_replay(const struct msm_vm *vm, uint64_t ring_stamp);
void msm_vm_get(struct msm_vm *vm);
void msm_vm_put(struct msm_vm *vm);
/* GET_IOVA: the BO's address in @vm, allocated on first use; 0 or -errno. */
int msm_vm_get_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t *iova);
/* SET_IOVA: place the BO at @iova: 0, -EBUSY (elsewhere already), -ENOSPC. */
int msm_vm_set_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t iova);
uint64_t msm_vm_start(const struct msm_vm *vm);
/* The address space's fault counter (vm->faults), raised by recovery. */
uint32_t msm_vm_faults(const struct msm_vm *vm);
void msm_vm_fault(struct msm_vm *vm);
uint64_t msm_vm_size(const struct msm_vm *vm);
/* The current version of @vm's mappings, referenced, for a job: O(1). 0. */
int msm_vm_snapshot(struct msm_vm *vm, struct msm_vm_snapshot *snap);
void msm_vm_snapshot_release(struct msm_vm_snapshot *snap);
/* The mapping of @snap that holds @iova, or NULL (a GPU fault): O(log n), no lock. */
const struct msm_mapping *msm_vm_mapping(const struct msm_vm_snapshot *snap, uint64_t iova);
/*
 * For the GPU thread, without the lock: take the newest version of a
 * VM_BIND VM's page tables into @snap; true when it changed (mappings the
 * caller looked up before are stale). Cheap when nothing changed.
 */
bool msm_vm_refresh(struct msm_vm_snapshot *snap);
/*
 * What a CP access of @len bytes in a PRR (MAP_NULL) range reaches, for
 * the GPU thread: zeroes each time, so reads return zero and what is
 * written there is gone by the next access.
 */
void *msm_prr_page(uint64_t len);
/*
 * A VM_BIND submit's bos[] entry (submit_pin_objects → lookup_vma): the
 * address of @bo's first mapping in @vm; -EINVAL when it has none (the
 * kernel's drm_gpuva_insert of [0, U64_MAX) fails).
 */
int msm_vm_bo_iova(struct msm_vm *vm, struct model_bo *bo, uint64_t *iova);
/* msm_gem_vm.last_fence: @f is work on @vm that closing the file waits for. */
void msm_vm_add_last_fence(struct msm_vm *vm, struct model_fence *f);
/* File close (msm_gem_vm_close): a VM_BIND VM waits for last_fence, then loses its mappings. */
void msm_vm_close(struct msm_vm *vm);
/* VM_BIND: the PRR ranges of @vm fault when the chip has no PRR (@has_prr). */
void msm_vm_set_prr(struct msm_vm *vm, bool has_prr);

/* ---- queues and submits (queue.c) -------------------------------------- */

/*
 * A job as the scheduler (sched.c) holds it, in its queue's order: a
 * submit goes to the GPU, a VM_BIND job runs on the CPU, each once its
 * dependencies signalled.
 */
struct msm_sched_job {
	struct msm_deps deps;
	uint64_t order;			/* when it was pushed, on the device */
	struct msm_sched_job *next;	/* its queue's pending list */
	struct model_fence *done;	/* signalled once it ran (borrowed from the job) */
	/* called with the lock held when the job's turn came */
	void (*execute)(struct msm_dev *mdev, struct msm_sched_job *job);
};

struct msm_gpu_submitqueue {
	uint32_t id;
	uint32_t flags;			/* MSM_SUBMITQUEUE_x */
	struct msm_vm *vm;		/* VM_BIND queues: their VM, referenced */
	uint64_t fence_context;		/* the drm_sched entity's: one timeline per queue */
	uint64_t fence_seqno;
	uint32_t prio;
	unsigned int ring;
	uint32_t faults;
	uint32_t next_fence;		/* idr_alloc_cyclic cursor */
	uint32_t last_fence;
	struct msm_idmap fences;	/* fence id -> fence of an unretired submit */
	struct msm_dev *mdev;
	struct msm_ctx *ctx;
	int refs;			/* the context, its submits, the scheduler's list */
	bool closed;
	struct msm_gpu_submitqueue *next;
	/* the scheduler's (sched.c): jobs not yet run, in order */
	struct msm_sched_job *pending, *pending_tail;
	struct msm_gpu_submitqueue *sched_next;
	bool on_sched;
};

struct msm_gem_submit {
	struct model_job job;		/* first: container_of by cast */
	struct msm_dev *mdev;
	struct msm_gpu_submitqueue *queue;
	struct msm_ctx *ctx;		/* NULL once the file is closed */
	uint32_t fence_id;
	uint32_t seqno;			/* ring seqno, written to CP_SCRATCH[2] */
	struct model_fence *fence;	/* what userspace waits on */
	struct msm_sched_job sched;
	struct model_bo **bos;
	unsigned int nr_bos;
	struct {
		uint64_t iova;
		uint32_t dwords;
		bool ctx_restore;	/* skipped when this context ran last */
	} *cmds;
	uint32_t ctx_seqno;
	unsigned int nr_cmds;
	struct msm_vm_snapshot vm;
	struct msm_vm *vmref;		/* referenced: its fault counter */
	uint64_t ring_stamp;		/* when it was handed to the GPU (msm_dev.ring_stamp) */
};

struct msm_gpu_submitqueue *msm_queue_lookup(struct msm_ctx *ctx, uint32_t id);
void msm_queue_put(struct msm_gpu_submitqueue *q);	/* NULL: no-op */
int msm_queue_create(struct msm_ctx *ctx, uint32_t flags, uint32_t prio, uint32_t *id);
void msm_queues_release(struct msm_ctx *ctx);
/* Reserve the next fence id of @q (or @user_id with FENCE_SN_IN): 0 or -ENOMEM. */
int msm_queue_fence_alloc(struct msm_gpu_submitqueue *q, uint32_t user_id,
			  struct model_fence *fence, uint32_t *id);
void msm_queue_fence_remove(struct msm_gpu_submitqueue *q, uint32_t id);
bool msm_queue_fence_in_use(struct msm_gpu_submitqueue *q, uint32_t id);
/* A queue of the device is created (0 or -ENOMEM) / freed: room in the scheduler. */
int msm_sched_queue_new(struct msm_dev *mdev);
void msm_sched_queue_gone(struct msm_dev *mdev);
/* The scheduler's thread runs in this process (before a submit can be pushed): 0 or -errno. */
int msm_sched_start(struct msm_dev *mdev);
/* Hand @submit to the scheduler: it reaches the GPU when its dependencies signal. */
void msm_sched_push(struct msm_dev *mdev, struct msm_gem_submit *submit);
/* Free @submit and what it holds but its queue and dependencies (uapi_submit.c). */
void msm_submit_destroy(struct msm_gem_submit *submit);
/* drm_sched_entity_push_job for any job of @q (its deps set): it runs in @q's order. */
void msm_sched_push_job(struct msm_dev *mdev, struct msm_gpu_submitqueue *q,
			struct msm_sched_job *job);
/*
 * drm_sched_entity_flush of a close that is not an exit: wait (the lock
 * dropped) until every job of @q ran, however long its dependencies take.
 */
void msm_sched_flush_queue(struct msm_dev *mdev, struct msm_gpu_submitqueue *q);
/* @job is a GEM_SUBMIT's (the GPU runs it), not a bind job or another driver's. */
bool msm_job_is_submit(const struct model_job *job);

int msm_ioctl_submitqueue_new(struct model_file *file, void *data);
int msm_ioctl_submitqueue_close(struct model_file *file, void *data);
int msm_ioctl_submitqueue_query(struct model_file *file, void *data);
int msm_ioctl_wait_fence(struct model_file *file, void *data);
int msm_ioctl_gem_submit(struct model_file *file, void *data);
int msm_ioctl_vm_bind(struct model_file *file, void *data);
/* The file's VM_BIND queue @q goes at close: close waits for its jobs (vm_bind.c). */
void msm_vm_bind_queue_close(struct msm_dev *mdev, struct msm_gpu_submitqueue *q);
int msm_ioctl_gem_new(struct model_file *file, void *data);
int msm_ioctl_gem_info(struct model_file *file, void *data);
int msm_ioctl_gem_cpu_prep(struct model_file *file, void *data);
int msm_ioctl_gem_cpu_fini(struct model_file *file, void *data);
int msm_ioctl_gem_madvise(struct model_file *file, void *data);

/* drm_msm_timespec (absolute CLOCK_MONOTONIC) to a model deadline, as ktime_set. */
int64_t msm_timespec_deadline(int64_t sec, int64_t nsec);
/* Wait for @fence until @deadline (one not after now: no wait): 0 or -ETIME. */
int msm_fence_wait_until(struct model_fence *fence, int64_t deadline);

/* ---- the GPU (cp.c, regs.c, recover.c) --------------------------------- */

int msm_cp_run(struct model_job *job);
void msm_recover(struct model_device *dev, struct model_job *job);

struct msm_regs *msm_regs_new(const struct msm_chip_info *info);
/* A CP access to register @reg: false when CP_PROTECT forbids it. */
bool msm_reg_write(struct msm_regs *regs, uint32_t reg, uint32_t value);
bool msm_reg_read(struct msm_regs *regs, uint32_t reg, uint32_t *value);
void msm_reg_write_kernel(struct msm_regs *regs, uint32_t reg, uint32_t value);
/* The always-on counter: 19.2 MHz ticks of CLOCK_MONOTONIC (monotonic, 64 bits). */
uint64_t msm_alwayson_now(void);
/* The scratch register @i of the chip's generation. */
uint32_t msm_scratch_offset(const struct msm_chip_info *info, unsigned int i);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * nouveau in the device model: state shared by the model's files.
 *
 *   nouveau.c   identity, chips, the ioctl table, file and BO hooks
 *   abi16.c     GETPARAM, CHANNEL_ALLOC/FREE, GROBJ_ALLOC/GPUOBJ_FREE
 *   nvif.c      the NVIF ioctl subset libdrm_nouveau uses
 *   gem.c       GEM_NEW/INFO/CPU_PREP/CPU_FINI, per-BO address and fences
 *   pushbuf.c   GEM_PUSHBUF: the kernel's checks, then a GPU job
 *   uvmm.c      VM_INIT and VM_BIND: the client-managed address space
 *   va_space.c  its mappings and sparse regions (private header uvmm.h)
 *   exec.c      EXEC: pushes by GPU address, run through the file's VM
 *   sched.c     the job scheduler of VM_BIND/EXEC (nouveau_sched.c):
 *               in-syncobjs, out-syncobjs, order per entity
 *   fifo.c      the GPU side: segments, method headers, host methods
 *   engines.c   class dispatch; NVA140 inline-to-memory (also the 3D
 *               classes'), NVB0B5 copies, memsets and semaphores
 *   class_3d.c  NVB097/NVB197: the methods of the class database, the
 *               MME shadow RAM, report semaphores
 *   mme.c       the macro engine (MME) of the 3D classes
 */
#ifndef DRMSUB_NOUVEAU_MODEL_H
#define DRMSUB_NOUVEAU_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "model/driver.h"
#include "model/wait.h"
#include "nouveau/model/mme.h"

#define NVM_MAX_CHANNELS 64
#define NVM_KERNEL_CHANNELS 2	/* nouveau's own GR and CE channels come first */
#define NVM_MAX_OBJECTS 16	/* engine objects per channel */
#define NVM_MAX_CLASSES 5	/* classes an engine offers */
#define NVM_ENGINE_GR 0x01	/* libdrm NVE0_FIFO_ENGINE_GR, as CHANNEL_ALLOC takes it */
#define NVM_ENGINE_CE 0x30	/* NVE0_FIFO_ENGINE_CE0 | CE1 */
#define NVM_GRCE_SUBC 4		/* a GR channel's copy engine (fifo.c) */
/* the software class, NVIF_CLASS_SW_GF100 of nvif/class.h (whose names clash with ours) */
#define NVM_CLASS_SW_GF100 (-7)

/* Chip facts behind struct model_chip.data. */
struct nvm_chip {
	uint32_t chipset;	/* NV_PMC_BOOT_0: GM107 0x117, GM20B 0x12b */
	uint64_t vram_size;	/* 0 on Tegra */
	uint64_t graph_units;	/* gpc_nr | tpc_total << 8 | rop_nr << 32 */
	uint32_t cls_3d, cls_compute;
};

struct nvm_object {
	uint32_t handle;
	uint32_t oclass;
	uint64_t cookie;		/* NVIF: the client's object pointer */
};

struct nvm_channel {
	int refs;			/* the table entry and each queued job */
	struct model_file *owner;
	int id;
	uint32_t engine;		/* NVE0_FIFO_ENGINE_* mask */
	bool killed;			/* atomically: set by the GPU thread */
	struct model_fence *last;	/* the newest job's fence */
	uint32_t notify;		/* notifier BO handle */
	struct nvm_object objs[NVM_MAX_OBJECTS];
	unsigned int nr_objs;
	/* GPU-thread state, persistent across submissions */
	uint32_t bound[8];		/* SET_OBJECT class per subchannel */
	uint32_t sem_a, sem_b, sem_c;	/* host SEMAPHOREA..C */
	struct nvm_subc_state *subc[8];
	/* the software object's state (sw.c): vblank semaphore offset and value */
	uint64_t sw_vblank_offset;
	uint32_t sw_vblank_value;
	uint64_t draws_unexecuted;	/* draw methods accepted without running shaders */
};

struct nvm_device {
	struct nvm_channel *chans[NVM_MAX_CHANNELS];
	struct nvm_sched_job *pending;	/* sched.c: jobs waiting for their dependencies */
	struct model_sched_thread sched_thread;
	uint64_t next_va;
	uint64_t last_timestamp;	/* GPU thread: strictly increasing */
};

/* Per BO: the GPU address of its VMA, placement and the fences per ring. */
struct nvm_bo {
	uint64_t va;
	uint32_t kind;			/* memory kind (GEM_NEW tile_flags 15:8) */
	uint32_t tile_mode;		/* GEM_NEW tile_mode, reported back as given */
	bool noncontig;			/* NOUVEAU_GEM_TILE_NONCONTIG */
	uint32_t domain;		/* placement: NOUVEAU_GEM_DOMAIN_VRAM or _GART */
	uint32_t valid;			/* the domains it may live in (nvbo->valid_domains) */
	struct model_fence *fence[MODEL_MAX_RINGS];
	bool write[MODEL_MAX_RINGS];
	bool no_share;			/* NOUVEAU_GEM_DOMAIN_NO_SHARE: never exported */
};

struct nvm_file {
	bool has_device;		/* NVIF NEW(NV_DEVICE) done */
	uint64_t device_cookie;		/* its object, as later headers name it */
	struct nvm_vm *vm;		/* VM_INIT done: the client-managed VM (uvmm.c) */
	bool uvmm_disabled;		/* legacy use came first: VM_INIT is ENOSYS */
};

const struct nvm_chip *nvm_chip(struct model_file *file);
struct nvm_device *nvm_device(struct model_file *file);
struct nvm_file *nvm_file(struct model_file *file);

/* abi16.c */
int nvm_ioctl_getparam(struct model_file *file, void *data);
int nvm_ioctl_channel_alloc(struct model_file *file, void *data);
int nvm_ioctl_channel_free(struct model_file *file, void *data);
int nvm_ioctl_grobj_alloc(struct model_file *file, void *data);
int nvm_ioctl_gpuobj_free(struct model_file *file, void *data);
/* The channel @id of @file (no reference), or NULL. */
struct nvm_channel *nvm_channel_find(struct model_file *file, int64_t id);
/*
 * The channel @id of @file for a submission: -ENOENT when the file has no
 * such channel, -ENODEV when it was killed (nouveau_gem_ioctl_pushbuf and
 * nouveau_exec_ioctl_exec check both, in this order).
 */
int nvm_channel_live(struct model_file *file, int64_t id, struct nvm_channel **chan);
/* The classes @chan's engine offers (the gr or ce sclass); their number. */
unsigned int nvm_channel_classes(struct model_file *file, const struct nvm_channel *chan,
				 uint32_t cls[NVM_MAX_CLASSES]);
int nvm_object_new(struct model_file *file, int64_t chid, uint32_t handle, int32_t oclass);
/* Whether @chan has an object of @oclass (e.g. the software class). */
bool nvm_channel_has_object(const struct nvm_channel *chan, uint32_t oclass);
void nvm_channels_release(struct model_file *file);
/* The put functions take NULL as a no-op, like model_bo_put. */
void nvm_channel_put(struct nvm_channel *chan);

/* nvif.c */
int nvm_ioctl_nvif(struct model_file *file, void *data);

/* gem.c */
int nvm_ioctl_gem_new(struct model_file *file, void *data);
int nvm_ioctl_gem_info(struct model_file *file, void *data);
int nvm_ioctl_gem_cpu_prep(struct model_file *file, void *data);
int nvm_ioctl_gem_cpu_fini(struct model_file *file, void *data);
/* The model state of @bo, created (with a VMA) on first use; NULL on ENOMEM. */
struct nvm_bo *nvm_bo(struct model_file *file, struct model_bo *bo);
void nvm_bo_free(struct model_bo *bo);
int nvm_gem_export(struct model_bo *bo);

/* kinds.c: nvif_mmu_kind_valid on @chip's MMU */
bool nvm_kind_valid(const struct nvm_chip *chip, uint32_t kind);

/* pushbuf.c */
int nvm_ioctl_pushbuf(struct model_file *file, void *data);

/* uvmm.c */
int nvm_ioctl_vm_init(struct model_file *file, void *data);
int nvm_ioctl_vm_bind(struct model_file *file, void *data);
/* nouveau_cli_disable_uvmm_noinit: legacy use before VM_INIT rules it out. */
void nvm_uvmm_disable_noinit(struct model_file *file);
void nvm_vm_release(struct model_file *file);
struct nvm_job;
/*
 * @job's buffers become the VM's page tables as the GPU sees them now:
 * one per mapping, each holding a reference to its BO. 0 or -ENOMEM.
 */
int nvm_vm_snapshot(struct nvm_vm *vm, struct nvm_job *job);
void nvm_vm_get(struct nvm_vm *vm);
void nvm_vm_put(struct nvm_vm *vm);

/* exec.c */
int nvm_ioctl_exec(struct model_file *file, void *data);
/* NOUVEAU_GETPARAM_EXEC_PUSH_MAX: nouveau_exec_push_max_from_ib_max(NV50_DMA_IB_MAX) */
#define NVM_EXEC_PUSH_MAX (((0x02000 / 8) - 1) / 2 - 1)

/* sched.c: a VM_BIND or EXEC job between the ioctl and its work */
struct nvm_sched_job {
	struct nvm_sched_job *next;
	struct model_device *dev;
	const void *entity;		/* jobs of one entity start in submission order */
	struct model_fence **deps;	/* the in-syncobjs' fences */
	uint32_t nr_deps;
	struct model_fence *done;	/* what the out-syncobjs get */
	struct model_syncobj **out;	/* the out-syncobjs, referenced */
	uint64_t *out_points;		/* their timeline points; 0: binary */
	uint32_t nr_out;
	/* Dependencies met (model lock held): do the work, signal done now or later. */
	void (*start)(struct nvm_sched_job *job);
	void (*free)(struct nvm_sched_job *job);
};

struct drm_nouveau_sync;
/*
 * nouveau_job_submit's sync phases for @job: the in-syncobjs' fences
 * (EOPNOTSUPP for an unknown type, ENOENT for a handle, EINVAL without a
 * fence), then the out-syncobjs (EINVAL for a type, ENOENT for a handle).
 */
int nvm_sched_job_syncs(struct model_file *file, struct nvm_sched_job *job,
			const struct drm_nouveau_sync *in, uint32_t nr_in,
			const struct drm_nouveau_sync *out, uint32_t nr_out);
/*
 * Queue @job (its done fence is created here) and hand its done fence to
 * the out-syncobjs given to nvm_sched_job_syncs; it starts once its
 * dependencies signalled, maybe before this returns. @done (optional)
 * receives a reference to the done fence. 0 or -errno (@job freed).
 */
int nvm_sched_push(struct model_file *file, struct nvm_sched_job *job,
		   struct model_fence **done);
/* Jobs of @entity not yet started end with @error. */
void nvm_sched_cancel(struct model_device *dev, const void *entity, int error);
void nvm_sched_job_release(struct nvm_sched_job *job);
/* nouveau_{exec,uvmm_vm_bind}_ucopy: a job's items (pushes or ops), then its syncobjs. */
struct nvm_job_arrays {
	void *items;
	struct drm_nouveau_sync *in, *out;
};
int nvm_job_arrays_copy(struct nvm_job_arrays *a, uint64_t items, uint32_t nr_items,
			size_t item_size, uint64_t in, uint32_t nr_in, uint64_t out,
			uint32_t nr_out);
void nvm_job_arrays_free(struct nvm_job_arrays *a);

/* fifo.c: the GPU's view of one submission */
struct nvm_buffer {
	struct model_bo *bo;		/* NULL for a sparse range */
	uint64_t va, size;
	uint8_t *cpu;			/* model_bo_vaddr(); NULL for a sparse range */
};

/* A sparse range reads zeros and drops writes; one access covers at most this. */
#define NVM_SPARSE_SCRATCH 0x10000u

struct nvm_segment {
	uint32_t buffer;		/* index into buffers; NVM_SEG_UNMAPPED: faults */
	uint64_t offset, length;	/* bytes */
};
#define NVM_SEG_UNMAPPED UINT32_MAX

struct nvm_job {
	struct model_job base;
	struct nvm_channel *chan;
	struct nvm_device *ndev;
	struct nvm_buffer *buffers;
	uint32_t nr_buffers;
	struct nvm_segment *segs;
	uint32_t nr_segs;
	uint32_t classes[NVM_MAX_OBJECTS];	/* what SET_OBJECT may bind */
	uint32_t nr_classes;
	struct model_fence *done;	/* EXEC: signalled with the ring fence's status */
	uint8_t *sparse_scratch;	/* two NVM_SPARSE_SCRATCH halves, used in turn */
	unsigned int sparse_turn;
	unsigned int draws_logged;	/* unexecuted draws of this job already logged */
};

/* A GPU job on @chan's ring with room for @nr_buffers buffers and @nr_segs segments. */
struct nvm_job *nvm_job_new(struct nvm_channel *chan, struct nvm_device *ndev,
			    uint32_t nr_buffers, uint32_t nr_segs);
int nvm_job_run(struct model_job *job);
void nvm_job_free(struct model_job *job);
void nvm_recover(struct model_device *dev, struct model_job *job);
void nvm_subc_free(struct nvm_channel *chan);

/* The GPU's memory: @len bytes at @va inside one buffer of the job, or NULL (a fault). */
void *nvm_gpu_addr(struct nvm_job *job, uint64_t va, uint64_t len);
/* The GPU timer, in ns, strictly increasing per device. */
uint64_t nvm_gpu_timestamp(struct nvm_job *job);

/* engines.c: per-subchannel state and the class methods */

/* method words of a class: the 12-bit method field of a push header */
#define NVM_METHOD_WORDS 0x1000

struct nvm_subc_state {
	uint32_t cls;			/* the class bound (SET_OBJECT, or GR channels' GRCE) */
	/* the last value written to each method: every class latches its state */
	uint32_t state[NVM_METHOD_WORDS];
	/* inline-to-memory (NVA140, and the 3D and compute classes' copy of it) */
	uint32_t i2m_done;		/* bytes written by LOAD_INLINE_DATA */
	bool i2m_active;
	/* 2D: the vertices of the solid primitive being drawn */
	int32_t prim_x[2], prim_y[2];
	uint32_t prim_n;
	/* 3D: the macro engine and its shadow RAM of method values */
	struct nvm_mme mme;
};

/* The latched value of method @mthd (a byte offset). */
static inline uint32_t nvm_state(const struct nvm_subc_state *s, uint32_t mthd)
{
	return s->state[(mthd / 4) % NVM_METHOD_WORDS];
}

/* Two methods holding a 40-bit address: @upper's 7:0 (or wider field), @lower. */
static inline uint64_t nvm_addr(uint32_t upper, uint32_t lower)
{
	return (uint64_t)upper << 32 | lower;
}

/*
 * 0 once handled, -ENODEV for a method the class does not have or an
 * action the model does not execute (a channel error), -EFAULT on a fault.
 */
int nvm_class_method(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls,
		     uint32_t mthd, uint32_t data);
/* The same past the 3D classes' macro engine: latch @data, then run @mthd's kind. */
int nvm_class_execute(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls,
		      uint32_t mthd, uint32_t data);
bool nvm_class_known(uint32_t cls);
/* A semaphore release at @va: @payload, or four words with the GPU timestamp. */
int nvm_release(struct nvm_job *job, uint64_t va, uint32_t payload, bool four_words);
/* An inline-to-memory action (LAUNCH_DMA, LOAD_INLINE_DATA) of NVA140, 3D or compute. */
int nvm_i2m_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t mthd,
		   uint32_t data);

/* copy.c: MAXWELL_DMA_COPY_A's LAUNCH_DMA */
int nvm_copy_launch(struct nvm_job *job, struct nvm_subc_state *s, uint32_t data);

/* twod.c: FERMI_TWOD_A's renders (solid primitives, blits from memory) */
int nvm_2d_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t mthd, uint32_t data);

/* class_3d.c: a method of MAXWELL_A/B (@cls), and the 3D actions past the MME */
int nvm_3d_method(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls, uint32_t mthd,
		  uint32_t data);
int nvm_3d_action(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls, uint32_t mthd,
		  uint32_t data);

/* clear_3d.c: CLEAR_SURFACE into the colour and zeta targets */
int nvm_3d_clear(struct nvm_job *job, const struct nvm_subc_state *s, uint32_t data);

/* sw.c: methods on the software subchannels 5-7 (nvkm_sw_chan_mthd) */
#define NVM_SW_SUBC_FIRST 5
int nvm_sw_method(struct nvm_job *job, uint32_t subc, uint32_t mthd, uint32_t data);

#endif

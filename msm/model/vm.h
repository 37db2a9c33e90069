/* SPDX-License-Identifier: MIT */
/*
 * What the GPU address space's files share (vm.c, vm_map.c, vm_holes.c,
 * vm_gpuvm.c, vm_pgtable.c, vm_bind.c).
 *
 * A VM keeps its mappings twice. The map (vm_map.c) is the GPU's view: a
 * balanced tree that is never changed in place once a job may see it —
 * an update copies the path it changes — so a job holds a version of the
 * whole address space by one reference, and the GPU thread reads it
 * without the lock. A kernel-managed VM also keeps drm_mm's free spaces,
 * ordered by size, for its best-fit allocation (vm_holes.c); a VM_BIND
 * VM keeps drm_gpuvm's VMAs instead (vm_gpuvm.c), changed at once by the
 * ioctl, while the map — the page tables — changes only when the bind
 * job runs (vm_pgtable.c), as msm_vma_job_run applies its ops.
 */
#ifndef DRMSUB_MSM_MODEL_VM_H
#define DRMSUB_MSM_MODEL_VM_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/model/msm_model.h"

struct model_bo;
struct msm_vm;

/*
 * A BO's pages as the GPU maps them. Every map version that maps the BO
 * holds a reference, so the pages stay mapped while any job may read
 * them, after the BO itself is gone (then @owned: the last put unmaps).
 * The host mapping is made when the CP first reaches the pages (a BO the
 * GPU never touches costs no mmap) or when the BO goes while a job may
 * still reach them; @vaddr and @settled are written once, under
 * model_lock, and read by the GPU thread without it.
 */
struct msm_pages {
	int refs;
	struct model_bo *bo;		/* whose memory; NULL once the BO is gone */
	void *vaddr;			/* NULL: nothing backs the range, the GPU faults */
	bool settled;			/* @vaddr is final */
	uint64_t size;
	bool owned;
};

void msm_pages_put(struct msm_pages *pages);
/* The host mapping of @pages, made now if it is not yet; NULL if mapping fails. */
void *msm_pages_vaddr(struct msm_pages *pages);

/* The host address of @iova in @m, whose pages msm_vm_mapping settled. */
static inline void *msm_mapping_at(const struct msm_mapping *m, uint64_t iova)
{
	char *base = __atomic_load_n(&m->pages->vaddr, __ATOMIC_ACQUIRE);

	return base + m->offset + (iova - m->iova);
}

/* ---- holes (vm_holes.c): drm_mm's holes_size tree ----------------------- */

struct msm_hole {
	uint64_t start, size;
	uint64_t seq;			/* when it was added: among equal sizes the newest wins */
	uint32_t prio;
	struct msm_hole *left, *right;
};

struct msm_holes {
	struct msm_hole *root;
	uint64_t seq;
	uint32_t rng;			/* treap priorities */
};

/* add_hole: @hole (not in the tree) becomes the free range [@start, @start + @size). */
void msm_holes_add(struct msm_holes *h, struct msm_hole *hole, uint64_t start, uint64_t size);
void msm_holes_remove(struct msm_holes *h, struct msm_hole *hole);
/* best_hole: the smallest hole of at least @size, the newest of equal ones, or NULL. */
struct msm_hole *msm_holes_best(const struct msm_holes *h, uint64_t size);

/* ---- one mapping, as the VM keeps it (vm.c) ------------------------------ */

struct msm_vma {
	struct msm_vm *vm;
	struct model_bo *bo;		/* NULL for the VM's head: the start of the range */
	uint64_t iova, size;
	struct msm_hole hole;		/* the free space that follows, when @has_hole */
	bool has_hole;
	struct msm_vma *bo_next;	/* the BO's mappings in other VMs */
};

/* ---- the GPU's view (vm_map.c) ------------------------------------------- */

/*
 * A mapping, and the root of a subtree of one or more versions of a map.
 * The VMAs of a VM_BIND VM are nodes of the same kind in a tree of their
 * own (@bo and below; @range.pages unused there).
 */
struct msm_map {
	struct msm_mapping range;	/* what the GPU thread reads; holds the pages */
	struct msm_vma *vma;		/* the VM's record; valid in the current version */
	struct model_bo *bo;		/* VMA: the object, referenced (NULL: MAP_NULL) */
	uint64_t bo_offset;		/* VMA: where in it the range starts */
	uint32_t flags;			/* VMA: MSM_VM_BIND_OP_DUMP */
	uint64_t seq;			/* VMA: creation order (lookup_vma finds the first) */
	uint32_t prio;
	int refs;			/* parents and roots, in every version */
	struct msm_map *left, *right;
};

/* Spare nodes, so that an update in progress never fails. */
struct msm_map_pool {
	struct msm_map *free;
	unsigned int nr;
};

/* Room in @pool to insert or remove @key in @root: 0 or -ENOMEM. */
int msm_map_reserve(struct msm_map_pool *pool, const struct msm_map *root, uint64_t key);
/* A node from the pool (reserved), for msm_map_insert. */
struct msm_map *msm_map_node(struct msm_map_pool *pool);
/* The new version with @node / without the mapping at @iova; @root's reference moves to it. */
struct msm_map *msm_map_insert(struct msm_map_pool *pool, struct msm_map *root,
			       struct msm_map *node);
struct msm_map *msm_map_remove(struct msm_map_pool *pool, struct msm_map *root, uint64_t iova);
void msm_map_pool_fini(struct msm_map_pool *pool);

/* The mapping containing @addr; the last one starting before @addr; the first from @addr. */
const struct msm_map *msm_map_containing(const struct msm_map *root, uint64_t addr);
struct msm_map *msm_map_before(struct msm_map *root, uint64_t addr);
struct msm_map *msm_map_from(struct msm_map *root, uint64_t addr);
/* Every mapping of @root in address order. */
void msm_map_for_each(struct msm_map *root, void (*fn)(struct msm_map *m, void *arg), void *arg);

void msm_map_get(struct msm_map *root);
void msm_map_put(struct msm_map *root);

/* ---- the VM itself (vm.c) ------------------------------------------------ */

struct msm_vm {
	int refs;
	uint64_t start, size;
	uint32_t faults;
	bool managed;			/* kernel-managed: drm_mm; else VM_BIND */
	bool unusable;			/* msm_gem_vm.unusable */
	bool has_prr;			/* VM_BIND: MAP_NULL ranges read zero */
	uint64_t unusable_stamp;	/* ring stamp when it became unusable */
	struct msm_deps last_fence;	/* VM_BIND: its work, one fence per context */
	struct msm_map *map;		/* the current version: the page tables */
	uint64_t generation;		/* bumped by each new version of @map (VM_BIND) */
	struct msm_map_pool pool;
	struct msm_holes holes;		/* managed */
	struct msm_vma head;		/* managed: drm_mm's head_node, the hole at the start */
	struct msm_map *vmas;		/* VM_BIND: drm_gpuvm's VMAs */
	struct msm_map_pool vma_pool;
	uint64_t vma_seq;
	uint32_t rng;
};

/* The pages the GPU sees for @bo (mapped once, shared by all its mappings), or NULL. */
struct msm_pages *msm_bo_pages(struct model_bo *bo);

/* ---- VM_BIND (vm_gpuvm.c, vm_pgtable.c) ------------------------------------ */

/* One page-table update of a bind job (msm_vm_op): MAP or UNMAP of a range. */
struct msm_vm_op {
	bool map;
	uint64_t iova, range;
	struct msm_pages *pages;	/* MAP: referenced; NULL: a MAP_NULL (PRR) range */
	uint64_t offset;		/* MAP: where in @pages the range starts */
	uint64_t backed;		/* MAP: the part the pages back (not past their end) */
};

struct msm_vm_ops {
	struct msm_vm_op *ops;
	unsigned int nr, max;
};

/* One userspace MAP, MAP_NULL (@bo NULL) or UNMAP request, checked and looked up. */
struct msm_bind_req {
	bool map;
	uint32_t handle;
	struct model_bo *bo;
	uint64_t bo_offset, iova, range;
	uint32_t flags;
};

/*
 * drm_gpuvm_sm_map / drm_gpuvm_sm_unmap with msm's step callbacks: change
 * the VMAs at once and append the page-table ops the job will apply to
 * @out. A MAP that only restates an existing VMA changes its flags, no
 * page table (msm_gem_vm_sm_step_unmap's in-place remap). 0 or -ENOMEM;
 * -EINVAL for a _NO_SHARE object of another VM from 7.1.
 */
int msm_gpuvm_bind(struct msm_vm *vm, const struct msm_bind_req *req, struct msm_vm_ops *out);
void msm_gpuvm_release(struct msm_vm *vm);
void msm_vm_ops_fini(struct msm_vm_ops *ops);

/*
 * msm_vma_job_run: apply @ops to @vm's page tables in order. A MAP over
 * pages that are mapped already fails (io-pgtable's -EEXIST), and so
 * does every MAP of an unusable VM; after a failure MAPs are skipped but
 * UNMAPs still done, and the VM becomes unusable. 0 or -errno.
 */
int msm_pgtable_apply(struct msm_vm *vm, const struct msm_vm_ops *ops);

/* Treap priorities: xorshift32, deterministic and out of the caller's reach. */
static inline uint32_t msm_vm_random(uint32_t *state)
{
	uint32_t x = *state ? *state : 0x9e3779b9u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

#endif

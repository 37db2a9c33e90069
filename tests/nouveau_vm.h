/* SPDX-License-Identifier: MIT */
/*
 * What nouveau_vm and nouveau_exec share: raw VM_BIND and EXEC requests
 * that start valid (tests break one field), syncobj helpers, the GPU
 * writing at a chosen address, a CPU-gated pair of EXECs, and the
 * syncobj rules both ioctls have. The suite's device and GR channel are
 * opened by each binary's fixture (nv_suite_open of vm_suite).
 */
#ifndef DRMSUB_TESTS_NOUVEAU_VM_H
#define DRMSUB_TESTS_NOUVEAU_VM_H

#include <errno.h>
#include <string.h>
#include <time.h>
#include <xf86drm.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "util/util.h"
#include "nouveau/push.h"
#include "nouveau/suite.h"
#include "nouveau/uapi_vm.h"

/* far above the harness's own BO addresses (4 GiB up), below the kernel's range */
#define TEST_VA (1ull << 38)
#define KERNEL_VA (1ull << 39)		/* inside what nouveau/vm.c gives the kernel */
#define VA_SPACE_END (1ull << 47)	/* NOUVEAU_VA_SPACE_END */
#define GETPARAM_EXEC_PUSH_MAX 17	/* NOUVEAU_GETPARAM_EXEC_PUSH_MAX */

static struct nv_device *dev;
static struct nv_channel *gr;
static const struct nv_suite vm_suite = { &dev, &gr, NULL, NULL, NULL };
static uint32_t rule_syncobj;		/* a syncobj without a fence, per rule */

/* The raw ioctl on the test's device (nv_ioctl_raw). */
static inline int nv_ioctl(unsigned int idx, void *arg, size_t size)
{
	return nv_ioctl_raw(dev->fd, idx, arg, size);
}

static inline int64_t deadline_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec + 30 * 1000000000ll;
}

static inline bool syncobj_signalled(uint32_t handle, uint64_t point)
{
	return drmSyncobjTimelineWait(dev->fd, &handle, &point, 1, 0, 0, NULL) == 0;
}

static inline void syncobj_wait(uint32_t handle, uint64_t point)
{
	igt_assert_eq(drmSyncobjTimelineWait(dev->fd, &handle, &point, 1, deadline_ns(), 0, NULL),
		      0);
}

static inline uint32_t syncobj_new(void)
{
	uint32_t handle;

	igt_assert_eq(drmSyncobjCreate(dev->fd, 0, &handle), 0);
	return handle;
}

/* ---- raw requests ------------------------------------------------------- */

struct bind {
	struct drm_nouveau_vm_bind req;
	struct drm_nouveau_vm_bind_op op;
	struct drm_nouveau_sync wait, sig;
};

/* A valid synchronous MAP of all of @bo at @va. */
static inline void bind_map(struct bind *b, const struct nv_bo *bo, uint64_t va)
{
	memset(b, 0, sizeof(*b));
	b->op = (struct drm_nouveau_vm_bind_op){
		.op = DRM_NOUVEAU_VM_BIND_OP_MAP, .handle = bo->handle, .addr = va,
		.range = bo->size,
	};
	b->req = (struct drm_nouveau_vm_bind){
		.op_count = 1, .op_ptr = (uintptr_t)&b->op,
		.wait_ptr = (uintptr_t)&b->wait, .sig_ptr = (uintptr_t)&b->sig,
	};
}

static inline void bind_unmap(struct bind *b, uint64_t va, uint64_t range)
{
	memset(b, 0, sizeof(*b));
	b->op = (struct drm_nouveau_vm_bind_op){
		.op = DRM_NOUVEAU_VM_BIND_OP_UNMAP, .addr = va, .range = range,
	};
	b->req = (struct drm_nouveau_vm_bind){ .op_count = 1, .op_ptr = (uintptr_t)&b->op };
}

static inline int bind_run(struct bind *b)
{
	return nv_ioctl(DRM_NOUVEAU_VM_BIND, &b->req, sizeof(b->req));
}

static inline void bind_ok(struct bind *b)
{
	igt_assert_eq(bind_run(b), 0);
}

/* A synchronous MAP of all of @bo at @va, which must succeed. */
static inline void map_ok(const struct nv_bo *bo, uint64_t va)
{
	struct bind b;

	bind_map(&b, bo, va);
	bind_ok(&b);
}

/* A synchronous UNMAP of [@va, @va + @range), which must succeed. */
static inline void unmap_ok(uint64_t va, uint64_t range)
{
	struct bind b;

	bind_unmap(&b, va, range);
	bind_ok(&b);
}

static inline int bind_sparse(uint32_t op, uint64_t va, uint64_t range)
{
	struct bind b;

	bind_unmap(&b, va, range);
	b.op.op = op;
	b.op.flags = DRM_NOUVEAU_VM_BIND_SPARSE;
	return bind_run(&b);
}

struct exec {
	struct drm_nouveau_exec req;
	struct drm_nouveau_exec_push push;
	struct drm_nouveau_sync wait, sig;
	struct nv_bo *cmd;		/* the stream */
};

/* A valid EXEC of @p on @chan from a BO of its own, no syncobjs. */
static inline void exec_init(struct exec *e, struct nv_channel *chan, const struct nv_push *p)
{
	uint32_t n = nv_push_dwords(p);

	memset(e, 0, sizeof(*e));
	e->cmd = nv_bo_new(dev, 4096, NV_BO_GART);
	igt_assert(4ull * n <= e->cmd->size);
	memcpy(nv_bo_map(e->cmd), p->start, 4ull * n);
	e->push = (struct drm_nouveau_exec_push){ .va = e->cmd->va, .va_len = 4 * n };
	e->req = (struct drm_nouveau_exec){
		.channel = chan->id, .push_count = 1, .push_ptr = (uintptr_t)&e->push,
		.wait_ptr = (uintptr_t)&e->wait, .sig_ptr = (uintptr_t)&e->sig,
	};
}

static inline int exec_run(struct exec *e)
{
	return nv_ioctl(DRM_NOUVEAU_EXEC, &e->req, sizeof(e->req));
}

/* A syncobj entry: binary without @point, else that timeline point. */
static inline struct drm_nouveau_sync sync_of(uint32_t syncobj, uint64_t point)
{
	return (struct drm_nouveau_sync){
		.flags = point ? DRM_NOUVEAU_SYNC_TIMELINE_SYNCOBJ : DRM_NOUVEAU_SYNC_SYNCOBJ,
		.handle = syncobj, .timeline_value = point,
	};
}

static inline void exec_signal(struct exec *e, uint32_t syncobj, uint64_t point)
{
	e->sig = sync_of(syncobj, point);
	e->req.sig_count = 1;
}

static inline void exec_wait_for(struct exec *e, uint32_t syncobj, uint64_t point)
{
	e->wait = sync_of(syncobj, point);
	e->req.wait_count = 1;
}

static inline void exec_fini(struct exec *e)
{
	nv_bo_free(e->cmd);
}

/* ---- the GPU at chosen addresses -------------------------------------------- */

/* @bo seen at another address: the push helpers take the address from bo->va. */
static inline struct nv_bo at_va(const struct nv_bo *bo, uint64_t va)
{
	struct nv_bo alias = *bo;

	alias.va = va;
	return alias;
}

/* A 4-byte host release of @payload at GPU address @va, run and waited for on @chan. */
static inline void release_at(struct nv_channel *chan, const struct nv_bo *bo, uint64_t va,
			      uint32_t payload)
{
	struct nv_bo alias = at_va(bo, va & ~(uint64_t)0xfff);
	struct nv_push *p = nv_push_new(16);

	nv_host_sem_release(p, &alias, va & 0xfff, payload);
	nv_push_submit(p, chan);
	nv_channel_wait(chan);
	nv_push_free(p);
}

/*
 * Channel a: A0 acquires gate == 1 (the CPU opens it), A1 releases 1 at
 * g+0x10 and signals @s. Returns a's channel; A0's and A1's streams are
 * in @e[0], @e[1].
 */
static inline struct nv_channel *gated_pair(struct nv_bo *g, uint32_t s, struct exec e[2])
{
	struct nv_channel *a = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_push *p = nv_push_new(32);

	nv_host_sem_acquire(p, g, 0, 1);
	exec_init(&e[0], a, p);
	igt_assert_eq(exec_run(&e[0]), 0);
	nv_push_reset(p);
	nv_host_sem_release(p, g, 0x10, 1);
	exec_init(&e[1], a, p);
	exec_signal(&e[1], s, 0);
	igt_assert_eq(exec_run(&e[1]), 0);
	nv_push_free(p);
	return a;
}

/* ---- syncobj rules ------------------------------------------------------- */

/* The syncobj rules, the same for VM_BIND (with RUN_ASYNC) and EXEC. */
enum sync_fault { SYNC_BAD_TYPE, SYNC_UNKNOWN, SYNC_NO_FENCE };

static const struct {
	const char *name;
	bool signal;			/* an out-syncobj, else an in-syncobj */
	enum sync_fault fault;
	int err;
	const char *rule;
} sync_rules[] = {
	{ "wait-bad-type", false, SYNC_BAD_TYPE, EOPNOTSUPP, "sync_find_fence: unknown sync type" },
	{ "wait-unknown-syncobj", false, SYNC_UNKNOWN, ENOENT,
	  "drm_syncobj_find_fence: no such handle" },
	{ "wait-no-fence", false, SYNC_NO_FENCE, EINVAL,
	  "drm_syncobj_find_fence: the syncobj has no fence" },
	{ "signal-bad-type", true, SYNC_BAD_TYPE, EINVAL, "fence_attach_prepare: unknown sync type" },
	{ "signal-unknown-syncobj", true, SYNC_UNKNOWN, ENOENT,
	  "fence_attach_prepare: no such handle" },
};
static size_t sync_rule;		/* the entry b_sync/e_sync apply */

static inline void put_sync(struct drm_nouveau_sync *wait, uint32_t *nr_wait,
			    struct drm_nouveau_sync *sig, uint32_t *nr_sig)
{
	enum sync_fault fault = sync_rules[sync_rule].fault;
	struct drm_nouveau_sync s = {
		.flags = fault == SYNC_BAD_TYPE ? 7 : DRM_NOUVEAU_SYNC_SYNCOBJ,
		.handle = fault == SYNC_UNKNOWN ? 0xdead : rule_syncobj,
	};

	if (sync_rules[sync_rule].signal) {
		*sig = s;
		*nr_sig = 1;
	} else {
		*wait = s;
		*nr_wait = 1;
	}
}

/* One dynamic subtest per syncobj rule: @check(err, rule) with sync_rule set. */
static inline void sync_rule_dynamic(void (*check)(int err, const char *rule))
{
	for (size_t t = 0; t < ARRAY_SIZE(sync_rules); t++) {
		igt_dynamic(sync_rules[t].name) {
			sync_rule = t;
			check(sync_rules[t].err, sync_rules[t].rule);
		}
	}
}

#endif

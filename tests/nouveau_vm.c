// SPDX-License-Identifier: MIT
/*
 * nouveau's VM_BIND uAPI (Linux 6.6+; nouveau_uvmm.c, nouveau_exec.c,
 * nouveau_sched.c): VM_INIT's place on the file, VM_BIND's and EXEC's
 * checks each with the kernel's errno and rule, the GPU writing through
 * client-chosen addresses, channel death at an unmapped address, and
 * EXEC's syncobjs (waits that hold a job back, binary and timeline
 * signals). Raw requests start valid and break one field.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "device/device.h"
#include "nouveau/nv.h"
#include "nouveau/push.h"
#include "nouveau/uapi_vm.h"
#include "nouveau_common.h"

IGT_TEST_DESCRIPTION("nouveau VM_INIT/VM_BIND/EXEC: validation errno, GPU access through "
		     "the client's VM, and syncobj ordering.");

/* far above the harness's own BO addresses (4 GiB up), below the kernel's range */
#define TEST_VA (1ull << 38)
#define KERNEL_VA (1ull << 39)		/* inside what nouveau/vm.c gives the kernel */
#define VA_SPACE_END (1ull << 47)	/* NOUVEAU_VA_SPACE_END */
#define DOMAIN_NO_SHARE (1u << 5)	/* NOUVEAU_GEM_DOMAIN_NO_SHARE */
#define GETPARAM_EXEC_PUSH_MAX 17	/* NOUVEAU_GETPARAM_EXEC_PUSH_MAX */
#define PUSH_MAX_LENGTH 0x7fffffu	/* NV50_DMA_PUSH_MAX_LENGTH */

static struct nv_device *dev;
static struct nv_channel *gr;

/* The raw ioctl on @fd: -1 and errno, as igt_assert_errno wants. */
static int nv_ioctl_fd(int fd, unsigned int idx, void *arg, size_t size)
{
	return drmIoctl(fd, DRM_IOC(DRM_IOC_READWRITE, DRM_IOCTL_BASE, DRM_COMMAND_BASE + idx,
				    size), arg);
}

static int nv_ioctl(unsigned int idx, void *arg, size_t size)
{
	return nv_ioctl_fd(dev->fd, idx, arg, size);
}

static int64_t deadline_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec + 30 * 1000000000ll;
}

static bool syncobj_signalled(uint32_t handle, uint64_t point)
{
	return drmSyncobjTimelineWait(dev->fd, &handle, &point, 1, 0, 0, NULL) == 0;
}

static void syncobj_wait(uint32_t handle, uint64_t point)
{
	igt_assert_eq(drmSyncobjTimelineWait(dev->fd, &handle, &point, 1, deadline_ns(), 0, NULL),
		      0);
}

static uint32_t syncobj_new(void)
{
	uint32_t handle;

	igt_assert_eq(drmSyncobjCreate(dev->fd, 0, &handle), 0);
	return handle;
}

/* ---- raw requests ------------------------------------------------------- */

static int bind_sparse(uint32_t op, uint64_t va, uint64_t range);

struct bind {
	struct drm_nouveau_vm_bind req;
	struct drm_nouveau_vm_bind_op op;
	struct drm_nouveau_sync wait, sig;
};

/* A valid synchronous MAP of all of @bo at @va. */
static void bind_map(struct bind *b, const struct nv_bo *bo, uint64_t va)
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

static void bind_unmap(struct bind *b, uint64_t va, uint64_t range)
{
	memset(b, 0, sizeof(*b));
	b->op = (struct drm_nouveau_vm_bind_op){
		.op = DRM_NOUVEAU_VM_BIND_OP_UNMAP, .addr = va, .range = range,
	};
	b->req = (struct drm_nouveau_vm_bind){ .op_count = 1, .op_ptr = (uintptr_t)&b->op };
}

static int bind_run(struct bind *b)
{
	return nv_ioctl(DRM_NOUVEAU_VM_BIND, &b->req, sizeof(b->req));
}

static void bind_ok(struct bind *b)
{
	igt_assert_eq(bind_run(b), 0);
}

struct exec {
	struct drm_nouveau_exec req;
	struct drm_nouveau_exec_push push;
	struct drm_nouveau_sync wait, sig;
	struct nv_bo *cmd;		/* the stream */
};

/* A valid EXEC of @p on @chan from a BO of its own, no syncobjs. */
static void exec_init(struct exec *e, struct nv_channel *chan, const struct nv_push *p)
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

static int exec_run(struct exec *e)
{
	return nv_ioctl(DRM_NOUVEAU_EXEC, &e->req, sizeof(e->req));
}

/* A syncobj entry: binary without @point, else that timeline point. */
static struct drm_nouveau_sync sync_of(uint32_t syncobj, uint64_t point)
{
	return (struct drm_nouveau_sync){
		.flags = point ? DRM_NOUVEAU_SYNC_TIMELINE_SYNCOBJ : DRM_NOUVEAU_SYNC_SYNCOBJ,
		.handle = syncobj, .timeline_value = point,
	};
}

static void exec_signal(struct exec *e, uint32_t syncobj, uint64_t point)
{
	e->sig = sync_of(syncobj, point);
	e->req.sig_count = 1;
}

static void exec_wait_for(struct exec *e, uint32_t syncobj, uint64_t point)
{
	e->wait = sync_of(syncobj, point);
	e->req.wait_count = 1;
}

static void exec_fini(struct exec *e)
{
	nv_bo_free(e->cmd);
}

/* @bo seen at another address: the push helpers take the address from bo->va. */
static struct nv_bo at_va(const struct nv_bo *bo, uint64_t va)
{
	struct nv_bo alias = *bo;

	alias.va = va;
	return alias;
}

/* ---- VM_INIT ------------------------------------------------------------- */

static int vm_init(int fd, uint64_t addr, uint64_t size)
{
	struct drm_nouveau_vm_init req = { .kernel_managed_addr = addr,
					   .kernel_managed_size = size };

	return nv_ioctl_fd(fd, DRM_NOUVEAU_VM_INIT, &req, sizeof(req));
}

static void vm_init_bad_range(void)
{
	int fd = drmsub_open_driver("nouveau");

	igt_assert_errno(vm_init(fd, ~0ull - 0xfff, 0x2000), EINVAL,
			 "vm_init: kernel_managed_addr + size overflows");
	igt_assert_errno(vm_init(fd, VA_SPACE_END - 0x1000, 0x2000), EINVAL,
			 "vm_init: the kernel's range ends past NOUVEAU_VA_SPACE_END");
	/* refused arguments leave VM_INIT possible */
	igt_assert_eq(vm_init(fd, KERNEL_VA, KERNEL_VA), 0);
	close(fd);
}

/* A BO or a channel made the legacy way first: the file stays legacy. */
static void vm_init_after_legacy_use(void)
{
	int fd = drmsub_open_driver("nouveau");
	struct drm_nouveau_gem_new bo = { .info = { .size = 4096,
						    .domain = NOUVEAU_GEM_DOMAIN_GART } };
	struct drm_nouveau_channel_alloc ch = { .fb_ctxdma_handle = ~0u, .tt_ctxdma_handle = 1 };

	igt_assert_eq(nv_ioctl_fd(fd, DRM_NOUVEAU_GEM_NEW, &bo, sizeof(bo)), 0);
	igt_assert_errno(vm_init(fd, KERNEL_VA, KERNEL_VA), ENOSYS,
			 "vm_init: GEM_NEW before VM_INIT disabled the uvmm");
	close(fd);

	fd = drmsub_open_driver("nouveau");
	igt_assert_eq(nv_ioctl_fd(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &ch, sizeof(ch)), 0);
	igt_assert_errno(vm_init(fd, KERNEL_VA, KERNEL_VA), ENOSYS,
			 "vm_init: CHANNEL_ALLOC before VM_INIT disabled the uvmm");
	close(fd);
}

/* Each mode refuses the other's submission ioctls. */
static void modes_exclusive(void)
{
	struct nv_device *legacy = nv_device_open();
	struct nv_channel *chan = nv_channel_new(legacy, NV_ENGINE_GR);
	struct drm_nouveau_exec ex = { .channel = chan->id };
	struct drm_nouveau_vm_bind vb = { 0 };
	struct drm_nouveau_gem_pushbuf pb = { .channel = gr->id };

	igt_assert_errno(nv_ioctl_fd(legacy->fd, DRM_NOUVEAU_EXEC, &ex, sizeof(ex)), ENOSYS,
			 "exec: no VM_INIT on this file (a legacy channel)");
	igt_assert_errno(nv_ioctl_fd(legacy->fd, DRM_NOUVEAU_VM_BIND, &vb, sizeof(vb)), ENOSYS,
			 "vm_bind: no VM_INIT on this file");
	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &pb, sizeof(pb)), ENOSYS,
			 "pushbuf: a VM_BIND client submits with EXEC");
	nv_channel_free(chan);
	nv_device_close(legacy);
}

/* ---- VM_BIND and EXEC request rules -------------------------------------- */

static struct nv_bo *scratch;		/* 64 KiB, the baseline MAP's BO */
static uint32_t rule_syncobj;		/* a syncobj without a fence, per rule */

static void b_addr(struct bind *b) { b->op.addr += 0x800; }
static void b_range(struct bind *b) { b->op.range -= 0x800; }
static void b_offset(struct bind *b) { b->op.bo_offset = 0x800; b->op.range -= 0x1000; }
static void b_offset_end(struct bind *b) { b->op.bo_offset = b->op.range; }
static void b_range_bo(struct bind *b) { b->op.range += 0x1000; }
static void b_kernel(struct bind *b) { b->op.addr = KERNEL_VA; }
static void b_space_end(struct bind *b) { b->op.addr = VA_SPACE_END - 0x1000; }
static void b_handle(struct bind *b) { b->op.handle = 0xdead; }
static void b_op(struct bind *b) { b->op.op = 7; }
static void b_sync_sig(struct bind *b)
{
	b->sig.handle = rule_syncobj;
	b->req.sig_count = 1;
}
static const struct {
	const char *name;
	void (*fn)(struct bind *b);
	int err;
	const char *rule;
} bind_rules[] = {
	{ "unaligned-addr", b_addr, EINVAL, "nouveau_uvmm_validate_range: addr not page aligned" },
	{ "unaligned-range", b_range, EINVAL, "nouveau_uvmm_validate_range: range not page aligned" },
	{ "unaligned-bo-offset", b_offset, EINVAL, "bind_validate_op: bo_offset not page aligned" },
	{ "bo-offset-past-end", b_offset_end, EINVAL, "bind_validate_op: bo_offset >= BO size" },
	{ "range-past-bo", b_range_bo, EINVAL, "bind_validate_op: range > BO size - bo_offset" },
	{ "kernel-range", b_kernel, EINVAL, "drm_gpuvm_range_valid: inside the kernel-managed range" },
	{ "past-va-space", b_space_end, EINVAL, "drm_gpuvm_range_valid: past NOUVEAU_VA_SPACE_END" },
	{ "unknown-handle", b_handle, ENOENT, "bind_job_submit: MAP of an unknown GEM handle" },
	{ "unknown-op", b_op, EINVAL, "bind_job_submit: an op neither MAP nor UNMAP" },
	{ "sync-with-syncobj", b_sync_sig, EINVAL, "nouveau_job_init: syncobjs need RUN_ASYNC" },
};

/* The baseline MAP broken by @fn is refused with @err; the baseline itself works. */
static void bind_errno(void (*fn)(struct bind *b), int err, const char *rule)
{
	struct bind b;

	rule_syncobj = syncobj_new();
	bind_map(&b, scratch, TEST_VA);
	fn(&b);
	igt_assert_errno(bind_run(&b), err, rule);
	bind_map(&b, scratch, TEST_VA);
	bind_ok(&b);
	bind_unmap(&b, TEST_VA, scratch->size);
	bind_ok(&b);
	drmSyncobjDestroy(dev->fd, rule_syncobj);
}

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

static void put_sync(struct drm_nouveau_sync *wait, uint32_t *nr_wait,
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

static void b_sync(struct bind *b)
{
	b->req.flags = DRM_NOUVEAU_VM_BIND_RUN_ASYNC;
	put_sync(&b->wait, &b->req.wait_count, &b->sig, &b->req.sig_count);
}

static uint64_t exec_push_max;		/* GETPARAM EXEC_PUSH_MAX */

static void e_channel(struct exec *e) { e->req.channel = 63; }
static void e_pushes(struct exec *e) { e->req.push_count = (uint32_t)exec_push_max + 1; }
static void e_length(struct exec *e) { e->push.va_len = PUSH_MAX_LENGTH + 1; }
static void e_array(struct exec *e) { e->req.push_ptr = 8; }
static void e_sync(struct exec *e) { put_sync(&e->wait, &e->req.wait_count, &e->sig, &e->req.sig_count); }
static const struct {
	const char *name;
	void (*fn)(struct exec *e);
	int err;
	const char *rule;
} exec_rules[] = {
	{ "bad-channel", e_channel, ENOENT, "exec: no channel of this file has the id" },
	{ "too-many-pushes", e_pushes, EINVAL, "exec: push_count > EXEC_PUSH_MAX" },
	{ "push-too-long", e_length, EINVAL, "exec_job_init: va_len > NV50_DMA_PUSH_MAX_LENGTH" },
	{ "bad-push-array", e_array, EFAULT, "exec_ucopy: u_memcpya of the pushes" },
};

/* The baseline NOP EXEC broken by @fn is refused with @err; gr lives on. */
static void exec_errno(void (*fn)(struct exec *e), int err, const char *rule)
{
	struct nv_push *p = nv_push_new(16);
	struct exec e;

	rule_syncobj = syncobj_new();
	nv_host_nop(p);
	exec_init(&e, gr, p);
	fn(&e);
	igt_assert_errno(exec_run(&e), err, rule);
	igt_assert_eq(__nv_channel_probe(gr), 0);
	exec_fini(&e);
	nv_push_free(p);
	drmSyncobjDestroy(dev->fd, rule_syncobj);
}

/* EXEC_PUSH_MAX pushes are accepted, one more is not (zero-length pushes: NOPs). */
static void exec_push_limit(void)
{
	static struct drm_nouveau_exec_push pushes[1024];
	struct drm_nouveau_exec req = { .channel = gr->id, .push_ptr = (uintptr_t)pushes };

	igt_assert_lt_u64(0, exec_push_max);
	igt_assert_lt_u64(exec_push_max, NV_ARRAY_SIZE(pushes));
	req.push_count = (uint32_t)exec_push_max;
	igt_assert_eq(nv_ioctl(DRM_NOUVEAU_EXEC, &req, sizeof(req)), 0);
	req.push_count++;
	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_EXEC, &req, sizeof(req)), EINVAL,
			 "exec: push_count > EXEC_PUSH_MAX");
	nv_channel_wait(gr);
	igt_assert_eq(__nv_channel_probe(gr), 0);
}

/* ---- the GPU through the VM ---------------------------------------------- */

/* A 4-byte host release of @payload at GPU address @va, run and waited for on @chan. */
static void release_at(struct nv_channel *chan, const struct nv_bo *bo, uint64_t va,
		       uint32_t payload)
{
	struct nv_bo alias = at_va(bo, va & ~(uint64_t)0xfff);
	struct nv_push *p = nv_push_new(16);

	nv_host_sem_release(p, &alias, va & 0xfff, payload);
	nv_push_submit(p, chan);
	nv_channel_wait(chan);
	nv_push_free(p);
}

/* MAP (also at a BO offset), UNMAP, and MAP again elsewhere: writes land where the VM says. */
static void map_write_unmap(void)
{
	struct nv_bo *a = nv_bo_new(dev, 0x10000, NV_BO_GART);
	struct nv_bo *b = nv_bo_new(dev, 0x10000, NV_BO_VRAM);
	struct bind m;

	bind_map(&m, a, TEST_VA);
	bind_ok(&m);
	release_at(gr, a, TEST_VA + 0x40, 1);
	igt_assert_eq_u32(nv_bo_read32(a, 0x40), 1);
	igt_assert_eq_u32(nv_bo_read32(a, 0x44), 0);

	/* one page of b, from its second page on, 2 MiB up */
	bind_map(&m, b, TEST_VA + (2 << 20));
	m.op.bo_offset = 0x1000;
	m.op.range = 0x1000;
	bind_ok(&m);
	release_at(gr, b, TEST_VA + (2 << 20) + 0x10, 2);
	igt_assert_eq_u32(nv_bo_read32(b, 0x1010), 2);
	igt_assert_eq_u32(nv_bo_read32(b, 0x10), 0);

	/* TEST_VA now shows b: a keeps its old value */
	bind_unmap(&m, TEST_VA, a->size);
	bind_ok(&m);
	bind_map(&m, b, TEST_VA);
	bind_ok(&m);
	release_at(gr, b, TEST_VA + 0x40, 3);
	igt_assert_eq_u32(nv_bo_read32(b, 0x40), 3);
	igt_assert_eq_u32(nv_bo_read32(a, 0x40), 1);
	igt_assert_eq(__nv_channel_probe(gr), 0);

	bind_unmap(&m, TEST_VA, 4 << 20);
	bind_ok(&m);
	nv_bo_free(b);
	nv_bo_free(a);
}

/* An UNMAP of one page in the middle of a mapping keeps both sides, at their offsets. */
static void unmap_splits(void)
{
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_bo *a = nv_bo_new(dev, 0x4000, NV_BO_GART);
	struct bind m;

	bind_map(&m, a, TEST_VA);
	bind_ok(&m);
	bind_unmap(&m, TEST_VA + 0x1000, 0x1000);
	bind_ok(&m);
	release_at(victim, a, TEST_VA + 0x10, 1);
	release_at(victim, a, TEST_VA + 0x2010, 2);
	igt_assert_eq_u32(nv_bo_read32(a, 0x10), 1);
	igt_assert_eq_u32(nv_bo_read32(a, 0x2010), 2);
	igt_assert_eq(__nv_channel_probe(victim), 0);
	/* the hole faults */
	release_at(victim, a, TEST_VA + 0x1010, 3);
	igt_assert_eq_u32(nv_bo_read32(a, 0x1010), 0);
	igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
	bind_unmap(&m, TEST_VA, a->size);
	bind_ok(&m);
	nv_bo_free(a);
	nv_channel_free(victim);
}

/* An EXEC whose push lies at an address the VM does not map: the channel dies. */
static void unmapped_push(void)
{
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_push *p = nv_push_new(16);
	uint32_t done = syncobj_new();
	struct exec e;

	nv_host_nop(p);
	exec_init(&e, victim, p);
	e.push.va = TEST_VA + (64 << 20);
	exec_signal(&e, done, 0);
	igt_assert_eq(exec_run(&e), 0);
	syncobj_wait(done, 0);
	igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
	/* another channel is unaffected */
	igt_assert_eq(__nv_channel_probe(gr), 0);
	exec_fini(&e);
	drmSyncobjDestroy(dev->fd, done);
	nv_push_free(p);
	nv_channel_free(victim);
}

/* Several pushes of one EXEC (one with NO_PREFETCH) run in order: the last write wins. */
static void exec_several_pushes(void)
{
	struct nv_bo *bo = nv_bo_new(dev, 4096, NV_BO_GART);
	struct drm_nouveau_exec_push pushes[3];
	struct nv_push *p = nv_push_new(16);
	uint32_t done = syncobj_new();
	struct exec e[3];

	for (uint32_t i = 0; i < 3; i++) {
		nv_push_reset(p);
		nv_host_sem_release(p, bo, 0, 0x100 + i);
		nv_host_sem_release(p, bo, 4 + 4 * i, i + 1);
		exec_init(&e[i], gr, p);
		pushes[i] = e[i].push;
	}
	pushes[1].flags = DRM_NOUVEAU_EXEC_PUSH_NO_PREFETCH;
	e[0].req.push_count = 3;
	e[0].req.push_ptr = (uintptr_t)pushes;
	exec_signal(&e[0], done, 0);
	igt_assert_eq(exec_run(&e[0]), 0);
	syncobj_wait(done, 0);
	igt_assert_eq_u32(nv_bo_read32(bo, 0), 0x102);
	for (uint32_t i = 0; i < 3; i++)
		igt_assert_eq_u32(nv_bo_read32(bo, 4 + 4 * i), i + 1);
	igt_assert_eq_u32(nv_bo_read32(bo, 16), 0);
	for (int i = 0; i < 3; i++)
		exec_fini(&e[i]);
	drmSyncobjDestroy(dev->fd, done);
	nv_push_free(p);
	nv_bo_free(bo);
}

/*
 * A request whose second op fails leaves no trace of its first: a MAP,
 * then a sparse MAP over it (ENOSPC); afterwards the same sparse MAP
 * alone succeeds, which it could not over a mapping.
 */
static void bind_all_or_nothing(void)
{
	struct drm_nouveau_vm_bind_op ops[2];
	struct bind b;

	bind_map(&b, scratch, TEST_VA);
	ops[0] = b.op;
	ops[1] = (struct drm_nouveau_vm_bind_op){
		.op = DRM_NOUVEAU_VM_BIND_OP_MAP, .flags = DRM_NOUVEAU_VM_BIND_SPARSE,
		.addr = TEST_VA, .range = scratch->size,
	};
	b.req.op_count = 2;
	b.req.op_ptr = (uintptr_t)ops;
	igt_assert_errno(bind_run(&b), ENOSPC,
			 "nouveau_uvma_region_create: a sparse map over the request's own map");
	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, TEST_VA, scratch->size), 0);
	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, TEST_VA, scratch->size), 0);
}

/* ---- syncobjs -------------------------------------------------------------- */

/*
 * Channel a: A0 acquires gate == 1 (the CPU opens it), A1 releases 1 at
 * g+0x10 and signals @s. Returns a's channel; A0's and A1's streams are
 * in @e[0], @e[1].
 */
static struct nv_channel *gated_pair(struct nv_bo *g, uint32_t s, struct exec e[2])
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

/*
 * B on gr waits for @s and releases 2 at g+0x10. Until the CPU opens the
 * gate nothing is written and B's timeline point stays unsignalled; then
 * g+0x10 ends as 2: B ran after A1 (a B that ignored @s would run while
 * A0 waits, and A1 would overwrite it with 1).
 */
static void exec_waits_for_syncobj(void)
{
	struct nv_bo *g = nv_bo_new(dev, 4096, NV_BO_GART);
	uint32_t s = syncobj_new(), t = syncobj_new();
	struct nv_push *p = nv_push_new(16);
	struct exec e[3];
	struct nv_channel *a = gated_pair(g, s, e);

	nv_host_sem_release(p, g, 0x10, 2);
	exec_init(&e[2], gr, p);
	exec_wait_for(&e[2], s, 0);
	exec_signal(&e[2], t, 3);
	igt_assert_eq(exec_run(&e[2]), 0);
	igt_assert(!syncobj_signalled(t, 3));
	igt_assert(!syncobj_signalled(s, 0));
	igt_assert_eq_u32(nv_bo_read32(g, 0x10), 0);

	nv_bo_write32(g, 0, 1);		/* open the gate */
	syncobj_wait(t, 3);
	igt_assert(syncobj_signalled(s, 0));
	igt_assert_eq_u32(nv_bo_read32(g, 0x10), 2);
	for (int i = 0; i < 3; i++)
		exec_fini(&e[i]);
	nv_push_free(p);
	drmSyncobjDestroy(dev->fd, t);
	drmSyncobjDestroy(dev->fd, s);
	nv_bo_free(g);
	nv_channel_free(a);
}

/* Out-syncobjs: a binary one gets the job's fence; a timeline one gets the point. */
static void exec_signals(void)
{
	struct nv_bo *bo = nv_bo_new(dev, 4096, NV_BO_GART);
	uint32_t bin = syncobj_new(), tl = syncobj_new();
	struct nv_push *p = nv_push_new(16);
	uint64_t point = 0;
	struct exec e;

	nv_host_sem_release(p, bo, 0, 0x51);
	exec_init(&e, gr, p);
	exec_signal(&e, bin, 0);
	igt_assert_eq(exec_run(&e), 0);
	syncobj_wait(bin, 0);
	igt_assert_eq_u32(nv_bo_read32(bo, 0), 0x51);
	exec_fini(&e);

	nv_push_reset(p);
	nv_host_sem_release(p, bo, 4, 0x52);
	exec_init(&e, gr, p);
	exec_signal(&e, tl, 7);
	igt_assert_eq(exec_run(&e), 0);
	syncobj_wait(tl, 7);
	igt_assert_eq_u32(nv_bo_read32(bo, 4), 0x52);
	igt_assert_eq(drmSyncobjQuery(dev->fd, &tl, &point, 1), 0);
	igt_assert_eq_u64(point, 7);
	/* and a timeline point as an in-syncobj */
	exec_fini(&e);
	nv_push_reset(p);
	nv_host_sem_release(p, bo, 8, 0x53);
	exec_init(&e, gr, p);
	exec_wait_for(&e, tl, 7);
	exec_signal(&e, bin, 0);
	igt_assert_eq(exec_run(&e), 0);
	syncobj_wait(bin, 0);
	igt_assert_eq_u32(nv_bo_read32(bo, 8), 0x53);
	igt_assert_eq_u32(nv_bo_read32(bo, 12), 0);
	exec_fini(&e);
	nv_push_free(p);
	drmSyncobjDestroy(dev->fd, tl);
	drmSyncobjDestroy(dev->fd, bin);
	nv_bo_free(bo);
}

/*
 * An async MAP waits for @s (the gated pair) and signals m; an EXEC that
 * waits for m writes through the new mapping. m stays unsignalled and the
 * page table unchanged until the gate opens.
 */
static void bind_async(void)
{
	struct nv_bo *g = nv_bo_new(dev, 4096, NV_BO_GART);
	struct nv_bo *b = nv_bo_new(dev, 4096, NV_BO_GART);
	uint32_t s = syncobj_new(), m = syncobj_new(), done = syncobj_new();
	struct nv_bo alias = at_va(b, TEST_VA);
	struct nv_push *p = nv_push_new(16);
	struct exec e[3];
	struct nv_channel *a = gated_pair(g, s, e);
	struct bind bm;

	/* every BO first: a synchronous VM_BIND would queue behind the async one */
	nv_host_sem_release(p, &alias, 0x20, 0x77);
	exec_init(&e[2], gr, p);
	exec_wait_for(&e[2], m, 0);
	exec_signal(&e[2], done, 0);
	bind_map(&bm, b, TEST_VA);
	bm.req.flags = DRM_NOUVEAU_VM_BIND_RUN_ASYNC;
	bm.wait = sync_of(s, 0);
	bm.req.wait_count = 1;
	bm.sig = sync_of(m, 0);
	bm.req.sig_count = 1;
	bind_ok(&bm);
	igt_assert_eq(exec_run(&e[2]), 0);
	igt_assert(!syncobj_signalled(m, 0));
	igt_assert_eq_u32(nv_bo_read32(b, 0x20), 0);

	nv_bo_write32(g, 0, 1);
	syncobj_wait(done, 0);
	igt_assert(syncobj_signalled(m, 0));
	igt_assert_eq_u32(nv_bo_read32(b, 0x20), 0x77);
	igt_assert_eq(__nv_channel_probe(gr), 0);
	bind_unmap(&bm, TEST_VA, b->size);
	bind_ok(&bm);
	for (int i = 0; i < 3; i++)
		exec_fini(&e[i]);
	nv_push_free(p);
	drmSyncobjDestroy(dev->fd, done);
	drmSyncobjDestroy(dev->fd, m);
	drmSyncobjDestroy(dev->fd, s);
	nv_bo_free(b);
	nv_bo_free(g);
	nv_channel_free(a);
}

/* ---- sparse regions, NO_SHARE, GEM in VM_BIND mode -------------------------- */

static int bind_sparse(uint32_t op, uint64_t va, uint64_t range)
{
	struct bind b;

	bind_unmap(&b, va, range);
	b.op.op = op;
	b.op.flags = DRM_NOUVEAU_VM_BIND_SPARSE;
	return bind_run(&b);
}

static void sparse_regions(void)
{
	const uint64_t r = TEST_VA + (8 << 20), len = 2 << 20;
	struct bind b;

	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r, len), 0);
	igt_assert_errno(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r + len / 2, len), ENOSPC,
			 "bind_validate_map_common: a sparse map over a region");
	bind_map(&b, scratch, r - 0x8000);
	igt_assert_errno(bind_run(&b), ENOSPC,
			 "bind_validate_map_common: a map across a region's edge");
	bind_map(&b, scratch, r + 0x10000);
	bind_ok(&b);
	igt_assert_errno(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len / 2), ENOENT,
			 "bind_job_submit: UNMAP_SPARSE must name a region exactly");
	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len), 0);
	/* the region and the mapping inside it are gone: both can come back */
	bind_map(&b, scratch, r - 0x8000);
	bind_ok(&b);
	igt_assert_errno(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r - 0x10000, len), ENOSPC,
			 "nouveau_uvma_region_create: a sparse map over a mapping");
	bind_unmap(&b, r - 0x8000, scratch->size);
	bind_ok(&b);
	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r, len), 0);
	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len), 0);
}

/*
 * A sparse range reads zeros and drops writes without a fault; a BO
 * mapped inside it takes its place; once the region is unmapped, the
 * range faults.
 */
static void sparse_access(void)
{
	const uint64_t r = TEST_VA + (16 << 20), len = 2 << 20;
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_bo *bo = nv_bo_new(dev, 0x10000, NV_BO_GART);
	struct nv_bo sparse = at_va(bo, r);
	struct nv_push *p = nv_push_new(32);
	struct bind b;

	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r, len), 0);
	nv_host_sem_acquire(p, &sparse, 0x10, 0);	/* passes only on a zero */
	nv_host_sem_release(p, &sparse, 0x20, 5);	/* dropped */
	nv_host_sem_acquire(p, &sparse, 0x20, 0);
	nv_host_sem_release(p, bo, 0, 1);
	nv_push_submit(p, victim);
	nv_channel_wait(victim);
	igt_assert_eq(__nv_channel_probe(victim), 0);
	igt_assert_eq_u32(nv_bo_read32(bo, 0), 1);
	igt_assert_eq_u32(nv_bo_read32(bo, 0x20), 0);

	bind_map(&b, bo, r + 0x10000);
	bind_ok(&b);
	release_at(victim, bo, r + 0x10000 + 0x40, 7);
	igt_assert_eq_u32(nv_bo_read32(bo, 0x40), 7);
	igt_assert_eq(__nv_channel_probe(victim), 0);

	/* UNMAP_SPARSE takes the mapping inside with it */
	igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len), 0);
	release_at(victim, bo, r + 0x10000 + 0x44, 8);
	igt_assert_eq_u32(nv_bo_read32(bo, 0x44), 0);
	igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
	nv_push_free(p);
	nv_bo_free(bo);
	nv_channel_free(victim);
}

static void gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close req = { .handle = handle };

	igt_assert_eq(drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &req), 0);
}

static int gem_new(int fd, uint32_t domain, struct drm_nouveau_gem_new *req)
{
	*req = (struct drm_nouveau_gem_new){ .info = { .size = 4096, .domain = domain } };
	return nv_ioctl_fd(fd, DRM_NOUVEAU_GEM_NEW, req, sizeof(*req));
}

/* NO_SHARE BOs need VM_INIT and cannot become dma-bufs; VM_BIND BOs have no address yet. */
static void no_share(void)
{
	struct nv_device *legacy = nv_device_open();
	struct drm_nouveau_gem_new req;
	int fd = -1;

	igt_assert_errno(gem_new(legacy->fd, NOUVEAU_GEM_DOMAIN_GART | DOMAIN_NO_SHARE, &req),
			 EINVAL, "nouveau_gem_new: NO_SHARE without a VM");
	nv_device_close(legacy);

	igt_assert_eq(gem_new(dev->fd, NOUVEAU_GEM_DOMAIN_GART | DOMAIN_NO_SHARE, &req), 0);
	igt_assert_eq_u64(req.info.offset, 0);
	igt_assert_errno(drmPrimeHandleToFD(dev->fd, req.info.handle, DRM_CLOEXEC, &fd), EPERM,
			 "nouveau_gem_prime_export: a NO_SHARE BO");
	gem_close(dev->fd, req.info.handle);

	igt_assert_eq(gem_new(dev->fd, NOUVEAU_GEM_DOMAIN_GART, &req), 0);
	igt_assert_eq_u64(req.info.offset, 0);
	igt_assert_eq(drmPrimeHandleToFD(dev->fd, req.info.handle, DRM_CLOEXEC, &fd), 0);
	close(fd);
	gem_close(dev->fd, req.info.handle);
}

/* ---- main ------------------------------------------------------------------ */

static const struct nv_subtest tests[] = {
	{ "vm-init-bad-range", "VM_INIT refuses a kernel range that overflows or leaves the space",
	  vm_init_bad_range },
	{ "vm-init-after-legacy-use", "VM_INIT after GEM_NEW or CHANNEL_ALLOC is ENOSYS",
	  vm_init_after_legacy_use },
	{ "modes-exclusive", "a legacy file has no EXEC/VM_BIND, a VM_BIND file no GEM_PUSHBUF",
	  modes_exclusive },
	{ "exec-push-limit", "GETPARAM EXEC_PUSH_MAX pushes pass, one more is EINVAL",
	  exec_push_limit },
	{ "map-write-unmap", "the GPU writes where MAP put a BO, and no longer after UNMAP",
	  map_write_unmap },
	{ "unmap-splits", "unmapping a page inside a mapping keeps both sides; the hole faults",
	  unmap_splits },
	{ "unmapped-push", "an EXEC push at an unmapped address kills the channel", unmapped_push },
	{ "exec-several-pushes", "the pushes of one EXEC run in order, NO_PREFETCH included",
	  exec_several_pushes },
	{ "bind-all-or-nothing", "a VM_BIND request that fails changes nothing", bind_all_or_nothing },
	{ "exec-waits-for-syncobj", "an EXEC does not run before its in-syncobj signals",
	  exec_waits_for_syncobj },
	{ "exec-signals", "EXEC signals binary and timeline out-syncobjs when it completes",
	  exec_signals },
	{ "bind-async", "an async MAP waits for its in-syncobj; EXEC after its out-syncobj sees it",
	  bind_async },
	{ "sparse-regions", "sparse regions: overlap, edge and exact-unmap rules", sparse_regions },
	{ "sparse-access", "a sparse range reads zeros, drops writes, and does not fault",
	  sparse_access },
	{ "no-share", "NO_SHARE needs VM_INIT and refuses PRIME export", no_share },
};

igt_main
{
	igt_fixture {
		dev = nv_device_open_mode(NV_MODE_VM_BIND);
		gr = nv_channel_new(dev, NV_ENGINE_GR);
		scratch = nv_bo_new(dev, 0x10000, NV_BO_GART);
		exec_push_max = nv_getparam(dev, GETPARAM_EXEC_PUSH_MAX);
	}

	for (size_t t = 0; t < NV_ARRAY_SIZE(bind_rules); t++) {
		igt_describe_f("VM_BIND: %s", bind_rules[t].rule);
		igt_subtest_f("bind-%s", bind_rules[t].name)
			bind_errno(bind_rules[t].fn, bind_rules[t].err, bind_rules[t].rule);
	}
	for (size_t t = 0; t < NV_ARRAY_SIZE(exec_rules); t++) {
		igt_describe_f("EXEC: %s", exec_rules[t].rule);
		igt_subtest_f("exec-%s", exec_rules[t].name)
			exec_errno(exec_rules[t].fn, exec_rules[t].err, exec_rules[t].rule);
	}
	for (size_t t = 0; t < NV_ARRAY_SIZE(sync_rules); t++) {
		igt_describe_f("VM_BIND, RUN_ASYNC: %s", sync_rules[t].rule);
		igt_subtest_f("bind-%s", sync_rules[t].name) {
			sync_rule = t;
			bind_errno(b_sync, sync_rules[t].err, sync_rules[t].rule);
		}
		igt_describe_f("EXEC: %s", sync_rules[t].rule);
		igt_subtest_f("exec-%s", sync_rules[t].name) {
			sync_rule = t;
			exec_errno(e_sync, sync_rules[t].err, sync_rules[t].rule);
		}
	}
	for (size_t t = 0; t < NV_ARRAY_SIZE(tests); t++) {
		igt_describe(tests[t].what);
		igt_subtest(tests[t].name)
			tests[t].run();
	}

	igt_fixture {
		nv_bo_free(scratch);
		nv_channel_free(gr);
		nv_device_close(dev);
	}
}

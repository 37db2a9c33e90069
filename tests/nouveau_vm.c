// SPDX-License-Identifier: MIT
/*
 * nouveau's VM_INIT and VM_BIND (Linux 6.6+; nouveau_uvmm.c): VM_INIT's
 * place on the file, VM_BIND's checks each with the kernel's errno and
 * rule, the GPU writing where MAP put a BO (and not after UNMAP), async
 * binds ordered by syncobjs, sparse regions, and NO_SHARE BOs. Raw
 * requests start valid and break one field (tests/nouveau_vm.h).
 */
#include <fcntl.h>
#include <unistd.h>

#include "device/device.h"
#include "nouveau_vm.h"

IGT_TEST_DESCRIPTION("nouveau VM_INIT/VM_BIND: validation errno, GPU access through the "
		     "client's VM, async binds, sparse regions, NO_SHARE.");

#define DOMAIN_NO_SHARE (1u << 5)	/* NOUVEAU_GEM_DOMAIN_NO_SHARE */

static struct nv_bo *scratch;		/* 64 KiB, the baseline MAP's BO */

/* ---- VM_INIT ------------------------------------------------------------- */

static int vm_init(int fd, uint64_t addr, uint64_t size)
{
	struct drm_nouveau_vm_init req = { .kernel_managed_addr = addr,
					   .kernel_managed_size = size };

	return nv_ioctl_raw(fd, DRM_NOUVEAU_VM_INIT, &req, sizeof(req));
}

/* ---- VM_BIND request rules -------------------------------------------------- */

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

static const errno_rule(struct bind) bind_rules[] = {
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

/* The baseline MAP broken by @spoil is refused with @err; the baseline itself works. */
static void bind_errno(void (*spoil)(struct bind *b), int err, const char *rule)
{
	struct bind b;

	rule_syncobj = syncobj_new();
	bind_map(&b, scratch, TEST_VA);
	spoil(&b);
	igt_assert_errno(bind_run(&b), err, rule);
	map_ok(scratch, TEST_VA);
	unmap_ok(TEST_VA, scratch->size);
	drmSyncobjDestroy(dev->fd, rule_syncobj);
}

/* the syncobj rule sync_rule names, on an async MAP */
static void b_sync(struct bind *b)
{
	b->req.flags = DRM_NOUVEAU_VM_BIND_RUN_ASYNC;
	put_sync(&b->wait, &b->req.wait_count, &b->sig, &b->req.sig_count);
}

static void bind_sync_errno(int err, const char *rule)
{
	bind_errno(b_sync, err, rule);
}

/* ---- the GPU through the VM ---------------------------------------------- */

/* ---- sparse regions, NO_SHARE, GEM in VM_BIND mode -------------------------- */

static int gem_new(int fd, uint32_t domain, struct drm_nouveau_gem_new *req)
{
	*req = (struct drm_nouveau_gem_new){ .info = { .size = 4096, .domain = domain } };
	return nv_ioctl_raw(fd, DRM_NOUVEAU_GEM_NEW, req, sizeof(*req));
}

/* ---- main ------------------------------------------------------------------ */

igt_main
{
	igt_fixture {
		nv_suite_open(&vm_suite, NV_MODE_VM_BIND);
		scratch = nv_bo_new(dev, 0x10000, NV_BO_GART);
	}

	igt_describe("VM_BIND requests one field off a valid one: the kernel's errno for each rule");
	igt_subtest_with_dynamic("bind-errno") {
		array_for_each(r, bind_rules)
			igt_dynamic(r->name)
				bind_errno(r->spoil, r->err, r->rule);
	}

	igt_describe("VM_BIND, RUN_ASYNC: the syncobj rules (unknown type, unknown handle, no fence)");
	igt_subtest_with_dynamic("bind-sync-errno")
		sync_rule_dynamic(bind_sync_errno);

	igt_describe("VM_INIT refuses a kernel range that overflows or leaves the space");
	igt_subtest("vm-init-bad-range") {
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
	igt_describe("VM_INIT after GEM_NEW or CHANNEL_ALLOC is ENOSYS");
	igt_subtest("vm-init-after-legacy-use") {
		int fd = drmsub_open_driver("nouveau");
		struct drm_nouveau_gem_new bo = { .info = { .size = 4096,
							    .domain = NOUVEAU_GEM_DOMAIN_GART } };
		struct drm_nouveau_channel_alloc ch = { .fb_ctxdma_handle = ~0u, .tt_ctxdma_handle = 1 };

		igt_assert_eq(nv_ioctl_raw(fd, DRM_NOUVEAU_GEM_NEW, &bo, sizeof(bo)), 0);
		igt_assert_errno(vm_init(fd, KERNEL_VA, KERNEL_VA), ENOSYS,
				 "vm_init: GEM_NEW before VM_INIT disabled the uvmm");
		close(fd);

		fd = drmsub_open_driver("nouveau");
		igt_assert_eq(nv_ioctl_raw(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &ch, sizeof(ch)), 0);
		igt_assert_errno(vm_init(fd, KERNEL_VA, KERNEL_VA), ENOSYS,
				 "vm_init: CHANNEL_ALLOC before VM_INIT disabled the uvmm");
		close(fd);
	}

	/* Each mode refuses the other's submission ioctls. */
	igt_describe("a legacy file has no EXEC/VM_BIND, a VM_BIND file no GEM_PUSHBUF");
	igt_subtest("modes-exclusive") {
		struct nv_device *legacy = nv_device_open();
		struct nv_channel *chan = nv_channel_new(legacy, NV_ENGINE_GR);
		struct drm_nouveau_exec ex = { .channel = chan->id };
		struct drm_nouveau_vm_bind vb = { 0 };
		struct drm_nouveau_gem_pushbuf pb = { .channel = gr->id };

		igt_assert_errno(nv_ioctl_raw(legacy->fd, DRM_NOUVEAU_EXEC, &ex, sizeof(ex)), ENOSYS,
				 "exec: no VM_INIT on this file (a legacy channel)");
		igt_assert_errno(nv_ioctl_raw(legacy->fd, DRM_NOUVEAU_VM_BIND, &vb, sizeof(vb)), ENOSYS,
				 "vm_bind: no VM_INIT on this file");
		igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &pb, sizeof(pb)), ENOSYS,
				 "pushbuf: a VM_BIND client submits with EXEC");
		nv_channel_free(chan);
		nv_device_close(legacy);
	}

	/* MAP (also at a BO offset), UNMAP, and MAP again elsewhere: writes land where the VM says. */
	igt_describe("the GPU writes where MAP put a BO, and no longer after UNMAP");
	igt_subtest("map-write-unmap") {
		struct nv_bo *a = nv_bo_new(dev, 0x10000, NV_BO_GART);
		struct nv_bo *b = nv_bo_new(dev, 0x10000, NV_BO_VRAM);
		struct bind m;

		map_ok(a, TEST_VA);
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
		unmap_ok(TEST_VA, a->size);
		map_ok(b, TEST_VA);
		release_at(gr, b, TEST_VA + 0x40, 3);
		igt_assert_eq_u32(nv_bo_read32(b, 0x40), 3);
		igt_assert_eq_u32(nv_bo_read32(a, 0x40), 1);
		igt_assert_eq(__nv_channel_probe(gr), 0);

		unmap_ok(TEST_VA, 4 << 20);
		nv_bo_free(b);
		nv_bo_free(a);
	}

	/* An UNMAP of one page in the middle of a mapping keeps both sides, at their offsets. */
	igt_describe("unmapping a page inside a mapping keeps both sides; the hole faults");
	igt_subtest("unmap-splits") {
		struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
		struct nv_bo *a = nv_bo_new(dev, 0x4000, NV_BO_GART);

		nv_expect_channel_death();
		map_ok(a, TEST_VA);
		unmap_ok(TEST_VA + 0x1000, 0x1000);
		release_at(victim, a, TEST_VA + 0x10, 1);
		release_at(victim, a, TEST_VA + 0x2010, 2);
		igt_assert_eq_u32(nv_bo_read32(a, 0x10), 1);
		igt_assert_eq_u32(nv_bo_read32(a, 0x2010), 2);
		igt_assert_eq(__nv_channel_probe(victim), 0);
		/* the hole faults */
		release_at(victim, a, TEST_VA + 0x1010, 3);
		igt_assert_eq_u32(nv_bo_read32(a, 0x1010), 0);
		igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
		unmap_ok(TEST_VA, a->size);
		nv_bo_free(a);
		nv_channel_free(victim);
	}

	/* The ops of one request apply in order: MAP a, UNMAP it, MAP b; the GPU sees b. */
	igt_describe("the ops of one VM_BIND request apply in order");
	igt_subtest("bind-ops-in-order") {
		struct nv_bo *a = nv_bo_new(dev, 4096, NV_BO_GART);
		struct nv_bo *b = nv_bo_new(dev, 4096, NV_BO_GART);
		struct drm_nouveau_vm_bind_op ops[3];
		struct bind m;

		bind_map(&m, a, TEST_VA);
		ops[0] = m.op;
		bind_unmap(&m, TEST_VA, a->size);
		ops[1] = m.op;
		bind_map(&m, b, TEST_VA);
		ops[2] = m.op;
		m.req.op_count = 3;
		m.req.op_ptr = (uintptr_t)ops;
		bind_ok(&m);
		release_at(gr, b, TEST_VA + 0x10, 9);
		igt_assert_eq_u32(nv_bo_read32(b, 0x10), 9);
		igt_assert_eq_u32(nv_bo_read32(a, 0x10), 0);
		unmap_ok(TEST_VA, b->size);
		nv_bo_free(b);
		nv_bo_free(a);
	}

	/*
	 * A request whose second op fails leaves no trace of its first: a MAP,
	 * then a sparse MAP over it (ENOSPC); afterwards the same sparse MAP
	 * alone succeeds, which it could not over a mapping.
	 */
	igt_describe("a VM_BIND request that fails changes nothing");
	igt_subtest("bind-all-or-nothing") {
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

	/*
	 * An async MAP waits for s (the gated pair) and signals point 4 of the
	 * timeline m; an EXEC that waits for that point writes through the new
	 * mapping. The point stays unsignalled and the page table unchanged
	 * until the gate opens.
	 */
	igt_describe("an async MAP waits for its in-syncobj; EXEC after its out-syncobj sees it");
	igt_subtest("bind-async") {
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
		exec_wait_for(&e[2], m, 4);
		exec_signal(&e[2], done, 0);
		bind_map(&bm, b, TEST_VA);
		bm.req.flags = DRM_NOUVEAU_VM_BIND_RUN_ASYNC;
		bm.wait = sync_of(s, 0);
		bm.req.wait_count = 1;
		bm.sig = sync_of(m, 4);
		bm.req.sig_count = 1;
		bind_ok(&bm);
		igt_assert_eq(exec_run(&e[2]), 0);
		igt_assert(!syncobj_signalled(m, 4));
		igt_assert_eq_u32(nv_bo_read32(b, 0x20), 0);

		nv_bo_write32(g, 0, 1);
		syncobj_wait(done, 0);
		igt_assert(syncobj_signalled(m, 4));
		igt_assert_eq_u32(nv_bo_read32(b, 0x20), 0x77);
		igt_assert_eq(__nv_channel_probe(gr), 0);
		unmap_ok(TEST_VA, b->size);
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

	igt_describe("sparse regions: overlap, edge and exact-unmap rules");
	igt_subtest("sparse-regions") {
		const uint64_t r = TEST_VA + (8 << 20), len = 2 << 20;
		struct bind b;

		nv_expect_channel_death();
		igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r, len), 0);
		igt_assert_errno(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r + len / 2, len), ENOSPC,
				 "bind_validate_map_common: a sparse map over a region");
		bind_map(&b, scratch, r - 0x8000);
		igt_assert_errno(bind_run(&b), ENOSPC,
				 "bind_validate_map_common: a map across a region's edge");
		map_ok(scratch, r + 0x10000);
		igt_assert_errno(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len / 2), ENOENT,
				 "bind_job_submit: UNMAP_SPARSE must name a region exactly");
		igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len), 0);
		/* the region and the mapping inside it are gone: both can come back */
		map_ok(scratch, r - 0x8000);
		igt_assert_errno(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r - 0x10000, len), ENOSPC,
				 "nouveau_uvma_region_create: a sparse map over a mapping");
		unmap_ok(r - 0x8000, scratch->size);
		igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_MAP, r, len), 0);
		igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len), 0);
	}

	/*
	 * A sparse range reads zeros and drops writes without a fault; a BO
	 * mapped inside it takes its place; once the region is unmapped, the
	 * range faults.
	 */
	igt_describe("a sparse range reads zeros, drops writes, and does not fault");
	igt_subtest("sparse-access") {
		const uint64_t r = TEST_VA + (16 << 20), len = 2 << 20;
		struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
		struct nv_bo *bo = nv_bo_new(dev, 0x10000, NV_BO_GART);
		struct nv_bo sparse = at_va(bo, r);
		struct nv_push *p = nv_push_new(32);

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

		map_ok(bo, r + 0x10000);
		release_at(victim, bo, r + 0x10000 + 0x40, 7);
		igt_assert_eq_u32(nv_bo_read32(bo, 0x40), 7);
		igt_assert_eq(__nv_channel_probe(victim), 0);

		/* UNMAP_SPARSE takes the mapping inside with it: the release faults */
		igt_assert_eq(bind_sparse(DRM_NOUVEAU_VM_BIND_OP_UNMAP, r, len), 0);
		nv_expect_channel_death();
		release_at(victim, bo, r + 0x10000 + 0x44, 8);
		igt_assert_eq_u32(nv_bo_read32(bo, 0x44), 0);
		igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
		nv_push_free(p);
		nv_bo_free(bo);
		nv_channel_free(victim);
	}

	/* NO_SHARE BOs need VM_INIT and cannot become dma-bufs; VM_BIND BOs have no address yet. */
	igt_describe("NO_SHARE needs VM_INIT and refuses PRIME export");
	igt_subtest("no-share") {
		struct nv_device *legacy = nv_device_open();
		const uint32_t no_share = NOUVEAU_GEM_DOMAIN_GART | DOMAIN_NO_SHARE;
		struct drm_nouveau_gem_new req;
		int fd = -1;

		igt_assert_errno(gem_new(legacy->fd, no_share, &req), EINVAL,
				 "nouveau_gem_new: NO_SHARE without a VM");
		nv_device_close(legacy);

		igt_assert_eq(gem_new(dev->fd, no_share, &req), 0);
		igt_assert_eq_u64(req.info.offset, 0);
		igt_assert_errno(drmPrimeHandleToFD(dev->fd, req.info.handle, DRM_CLOEXEC, &fd),
				 EPERM, "nouveau_gem_prime_export: a NO_SHARE BO");
		igt_assert_eq(drmCloseBufferHandle(dev->fd, req.info.handle), 0);

		igt_assert_eq(gem_new(dev->fd, NOUVEAU_GEM_DOMAIN_GART, &req), 0);
		igt_assert_eq_u64(req.info.offset, 0);
		igt_assert_eq(drmPrimeHandleToFD(dev->fd, req.info.handle, DRM_CLOEXEC, &fd), 0);
		close(fd);
		igt_assert_eq(drmCloseBufferHandle(dev->fd, req.info.handle), 0);
	}

	igt_fixture {
		nv_bo_free(scratch);
		nv_suite_close(&vm_suite);
	}
}

// SPDX-License-Identifier: MIT
/*
 * nouveau's EXEC (Linux 6.6+; nouveau_exec.c, nouveau_sched.c): its checks
 * each with the kernel's errno and rule, the push limit GETPARAM reports,
 * several pushes per job, channel death at an unmapped push, and its
 * syncobjs: an in-syncobj holds the job back, binary and timeline
 * out-syncobjs signal when it completes. Raw requests start valid and
 * break one field (tests/nouveau_vm.h).
 */
#include "nouveau_vm.h"

IGT_TEST_DESCRIPTION("nouveau EXEC: validation errno, the push limit, and syncobj ordering.");

#define PUSH_MAX_LENGTH 0x7fffffu	/* NV50_DMA_PUSH_MAX_LENGTH */

static uint64_t exec_push_max;		/* GETPARAM EXEC_PUSH_MAX */

static void e_channel(struct exec *e) { e->req.channel = 63; }
static void e_pushes(struct exec *e) { e->req.push_count = (uint32_t)exec_push_max + 1; }
static void e_length(struct exec *e) { e->push.va_len = PUSH_MAX_LENGTH + 1; }
static void e_array(struct exec *e) { e->req.push_ptr = 8; }
/* the syncobj rule sync_rule names */
static void e_sync(struct exec *e)
{
	put_sync(&e->wait, &e->req.wait_count, &e->sig, &e->req.sig_count);
}

static const errno_rule(struct exec) exec_rules[] = {
	{ "bad-channel", e_channel, ENOENT, "exec: no channel of this file has the id" },
	{ "too-many-pushes", e_pushes, EINVAL, "exec: push_count > EXEC_PUSH_MAX" },
	{ "push-too-long", e_length, EINVAL, "exec_job_init: va_len > NV50_DMA_PUSH_MAX_LENGTH" },
	{ "bad-push-array", e_array, EFAULT, "exec_ucopy: u_memcpya of the pushes" },
};

/* The baseline NOP EXEC broken by @spoil is refused with @err; gr lives on. */
static void exec_errno(void (*spoil)(struct exec *e), int err, const char *rule)
{
	struct nv_push *p = nv_push_new(16);
	struct exec e;

	rule_syncobj = syncobj_new();
	nv_host_nop(p);
	exec_init(&e, gr, p);
	spoil(&e);
	igt_assert_errno(exec_run(&e), err, rule);
	igt_assert_eq(__nv_channel_probe(gr), 0);
	exec_fini(&e);
	nv_push_free(p);
	drmSyncobjDestroy(dev->fd, rule_syncobj);
}

static void exec_sync_errno(int err, const char *rule)
{
	exec_errno(e_sync, err, rule);
}

/* ---- jobs -------------------------------------------------------------------- */

/*
 * The gated pair (tests/nouveau_vm.h) on a channel of its own, signalling
 * the gate's syncobj; and B on @b: waits for it, releases 2 at g+@offset,
 * signals done (at @point of a timeline, or binary without).
 */
struct gated {
	struct nv_bo *g;
	struct nv_channel *a;
	uint32_t gate, done;
	struct exec e[3];
};

static void gated_waiter(struct gated *w, struct nv_channel *b, uint64_t offset, uint64_t point)
{
	struct nv_push *p = nv_push_new(16);

	w->g = nv_bo_new(dev, 4096, NV_BO_GART);
	w->gate = syncobj_new();
	w->done = syncobj_new();
	w->a = gated_pair(w->g, w->gate, w->e);
	nv_host_sem_release(p, w->g, offset, 2);
	exec_init(&w->e[2], b, p);
	exec_wait_for(&w->e[2], w->gate, 0);
	exec_signal(&w->e[2], w->done, point);
	igt_assert_eq(exec_run(&w->e[2]), 0);
	nv_push_free(p);
}

static void gated_fini(struct gated *w)
{
	for (int i = 0; i < 3; i++)
		exec_fini(&w->e[i]);
	drmSyncobjDestroy(dev->fd, w->done);
	drmSyncobjDestroy(dev->fd, w->gate);
	nv_bo_free(w->g);
	nv_channel_free(w->a);
}

/* ---- main ------------------------------------------------------------------ */

/*
 * An EXEC on gr of one release of @value at @bo + @offset (in @p, reset
 * first) that signals @syncobj (@point: a timeline point): once the
 * syncobj signals, the value has landed.
 */
static void release_signals(struct nv_push *p, struct nv_bo *bo, uint32_t offset, uint32_t value,
			    uint32_t syncobj, uint64_t point)
{
	struct exec e;

	nv_push_reset(p);
	nv_host_sem_release(p, bo, offset, value);
	exec_init(&e, gr, p);
	exec_signal(&e, syncobj, point);
	igt_assert_eq(exec_run(&e), 0);
	syncobj_wait(syncobj, point);
	igt_assert_eq_u32(nv_bo_read32(bo, offset), value);
	exec_fini(&e);
}

igt_main
{
	igt_fixture {
		nv_suite_open(&vm_suite, NV_MODE_VM_BIND);
		exec_push_max = nv_getparam(dev, GETPARAM_EXEC_PUSH_MAX);
	}

	igt_describe("EXEC requests one field off a valid one: the kernel's errno for each rule");
	igt_subtest_with_dynamic("exec-errno") {
		array_for_each(r, exec_rules)
			igt_dynamic(r->name)
				exec_errno(r->spoil, r->err, r->rule);
	}

	igt_describe("EXEC: the syncobj rules (unknown type, unknown handle, no fence)");
	igt_subtest_with_dynamic("exec-sync-errno")
		sync_rule_dynamic(exec_sync_errno);

	/* EXEC_PUSH_MAX pushes are accepted, one more is not (zero-length pushes: NOPs). */
	igt_describe("GETPARAM EXEC_PUSH_MAX pushes pass, one more is EINVAL");
	igt_subtest("exec-push-limit") {
		static struct drm_nouveau_exec_push pushes[1024];
		struct drm_nouveau_exec req = { .channel = gr->id, .push_ptr = (uintptr_t)pushes };

		igt_assert_lt_u64(0, exec_push_max);
		igt_assert_lt_u64(exec_push_max, ARRAY_SIZE(pushes));
		req.push_count = (uint32_t)exec_push_max;
		igt_assert_eq(nv_ioctl(DRM_NOUVEAU_EXEC, &req, sizeof(req)), 0);
		req.push_count++;
		igt_assert_errno(nv_ioctl(DRM_NOUVEAU_EXEC, &req, sizeof(req)), EINVAL,
				 "exec: push_count > EXEC_PUSH_MAX");
		nv_channel_wait(gr);
		igt_assert_eq(__nv_channel_probe(gr), 0);
	}

	/* An EXEC whose push lies at an address the VM does not map: the channel dies. */
	igt_describe("an EXEC push at an unmapped address kills the channel");
	igt_subtest("unmapped-push") {
		struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
		struct nv_push *p = nv_push_new(16);
		uint32_t done = syncobj_new();
		struct exec e;

		nv_expect_channel_death();
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
	igt_describe("the pushes of one EXEC run in order, NO_PREFETCH included");
	igt_subtest("exec-several-pushes") {
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
	 * B on gr waits for the gate's syncobj and releases 2 at g+0x10. Until
	 * the CPU opens the gate nothing is written and B's timeline point stays
	 * unsignalled; then g+0x10 ends as 2: B ran after A1 (a B that ignored
	 * its in-syncobj would run while A0 waits, and A1 would overwrite it).
	 */
	igt_describe("an EXEC does not run before its in-syncobj signals");
	igt_subtest("exec-waits-for-syncobj") {
		struct gated w;

		gated_waiter(&w, gr, 0x10, 3);
		igt_assert(!syncobj_signalled(w.done, 3));
		igt_assert(!syncobj_signalled(w.gate, 0));
		igt_assert_eq_u32(nv_bo_read32(w.g, 0x10), 0);

		nv_bo_write32(w.g, 0, 1);	/* open the gate */
		syncobj_wait(w.done, 3);
		igt_assert(syncobj_signalled(w.gate, 0));
		igt_assert_eq_u32(nv_bo_read32(w.g, 0x10), 2);
		gated_fini(&w);
	}

	/* Out-syncobjs: a binary one gets the job's fence; a timeline one gets the point. */
	igt_describe("EXEC signals binary and timeline out-syncobjs when it completes");
	igt_subtest("exec-signals") {
		struct nv_bo *bo = nv_bo_new(dev, 4096, NV_BO_GART);
		uint32_t bin = syncobj_new(), tl = syncobj_new();
		struct nv_push *p = nv_push_new(16);
		uint64_t point = 0;
		struct exec e;

		release_signals(p, bo, 0, 0x51, bin, 0);
		release_signals(p, bo, 4, 0x52, tl, 7);
		igt_assert_eq(drmSyncobjQuery(dev->fd, &tl, &point, 1), 0);
		igt_assert_eq_u64(point, 7);
		/* and a timeline point as an in-syncobj */
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
	 * CHANNEL_FREE cancels the EXECs still waiting for their in-syncobjs
	 * (nouveau_abi16_chan_fini → drm_sched_entity_fini): the out-syncobj
	 * signals while the dependency still has not, and the job never runs.
	 */
	igt_describe("CHANNEL_FREE cancels EXECs still waiting for their syncobjs");
	igt_subtest("channel-free-cancels") {
		struct nv_channel *b = nv_channel_new(dev, NV_ENGINE_GR);
		struct gated w;

		gated_waiter(&w, b, 0x20, 0);
		igt_assert(!syncobj_signalled(w.done, 0));
		nv_channel_free(b);
		syncobj_wait(w.done, 0);
		igt_assert(!syncobj_signalled(w.gate, 0));

		nv_bo_write32(w.g, 0, 1);	/* open the gate */
		syncobj_wait(w.gate, 0);
		igt_assert_eq_u32(nv_bo_read32(w.g, 0x10), 1);
		igt_assert_eq_u32(nv_bo_read32(w.g, 0x20), 0);
		gated_fini(&w);
	}

	igt_fixture {
		nv_suite_close(&vm_suite);
	}
}

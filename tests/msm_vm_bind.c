// SPDX-License-Identifier: MIT
/*
 * msm_vm_bind: VM_BIND mode (Linux 6.17+, a6xx and later) from
 * userspace's side — the opt-in and what it forbids afterwards, memory
 * as the GPU sees it through addresses the test bound (parts of objects,
 * aliases, remaps, unmaps under a running submit, PRR ranges that read
 * zero), bind jobs ordered by fences and syncobjs against submits, GPU
 * faults that leave the VM unusable, every validation rule of the ioctl
 * one field off a valid request, and the fixes since 6.17, each named
 * after its patch (msm/rules.h says in which release it landed).
 *
 * Every subtest opens its own VM_BIND file: subtests run in forked
 * children that share the parent's files, and a fault spoils a file for
 * good. Kernel rules cited are msm_gem_vma.c (msm_ioctl_vm_bind,
 * lookup_op, vm_bind_job_*), msm_gem_submit.c, msm_submitqueue.c,
 * adreno_gpu.c (adreno_set_param) and drm_gpuvm.c.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "msm_common.h"
#include "device/device.h"
#include "msm/vm_bind.h"

IGT_TEST_DESCRIPTION("msm VM_BIND: the opt-in, bound memory as the GPU sees it, bind jobs "
		     "ordered by fences, faults and unusable VMs, every ioctl rule, the fixes "
		     "since 6.17.");

static const char help[] =
	"Needs Linux 6.17 or later (VM_BIND) on a6xx or a7xx; skips with the reason elsewhere.\n"
	"On the device model, choose a chip and a kernel that has VM_BIND:\n"
	"  DRMSUB_MODEL_KERNEL=6.19 scripts/with-model msm:a750 build/tests/msm_vm_bind\n"
	"(a750/a740/a690/a660 have PRR for MAP_NULL; a630/a618 have none).";

#define TIMEOUT (10 * NSEC_PER_SEC)
#define PENDING_NS (20 * 1000 * 1000ull)	/* how long "still pending" is watched */

static uint64_t page;	/* VM_BIND's alignment: the CPU's page (lookup_op: PAGE_ALIGNED) */

/* One VM_BIND file: its own VM, a VM_BIND queue and a submit queue. */
struct vb {
	struct msm_device *dev;
	struct msm_queue *vmq;
	struct msm_queue *q;
};

static void vb_open(struct vb *t)
{
	t->dev = msm_device_open_vm_bind();
	t->vmq = msm_queue_new_flags(t->dev, MSM_SUBMITQUEUE_VM_BIND, 0);
	t->q = msm_queue_new(t->dev, 0);
}

static void vb_close(struct vb *t)
{
	msm_queue_free(t->q);
	msm_queue_free(t->vmq);
	msm_device_close(t->dev);
}

/* A VM_BIND file with two one-page BOs, @a and @b, not yet in its VM. */
static void vb_open_two_pages(struct vb *t, struct msm_bo **a, struct msm_bo **b)
{
	vb_open(t);
	*a = msm_bo_new_unmapped(t->dev, page, MSM_BO_WC);
	*b = msm_bo_new_unmapped(t->dev, page, MSM_BO_WC);
}

static void vb_close_two_pages(struct vb *t, struct msm_bo *a, struct msm_bo *b)
{
	msm_bo_free(a);
	msm_bo_free(b);
	vb_close(t);
}

/* ---- the GPU's view ------------------------------------------------------------ */

/* A CP_MEM_WRITE of @value at @iova, submitted and waited for. */
static void gpu_write(struct vb *t, uint64_t iova, uint32_t value)
{
	struct msm_cs *cs = msm_cs_new(t->dev, 16);

	msm_cs_mem_write_iova(cs, iova, &value, 1);
	msm_cs_submit_wait(cs, t->q, TIMEOUT);
	msm_cs_free(cs);
}

/* The dword at @iova as the GPU reads it: CP_MEM_TO_MEM into a BO of its own. */
static uint32_t gpu_read(struct vb *t, uint64_t iova)
{
	struct msm_bo *out = msm_bo_new(t->dev, 4096);
	struct msm_cs *cs = msm_cs_new(t->dev, 16);
	uint32_t v;

	msm_bo_write32(out, 0, 0xdeadbeef);
	msm_cs_mem_to_mem(cs, false, (struct msm_mem_ref){ out, 0, false },
			  &(struct msm_mem_ref){ NULL, iova, false }, NULL, NULL);
	msm_cs_submit_wait(cs, t->q, TIMEOUT);
	v = msm_bo_read32(out, 0);
	msm_cs_free(cs);
	msm_bo_free(out);
	return v;
}

/* Map @range of @bo from @offset at a new address and wait; returns it. */
static uint64_t map_new(struct vb *t, struct msm_bo *bo, uint64_t offset, uint64_t range)
{
	uint64_t va = msm_va_alloc(t->dev, range);
	struct drm_msm_vm_bind_op op = msm_bind_map(bo, offset, va, range);

	msm_vm_bind_sync(t->vmq, &op, 1);
	return va;
}

/* A new BO of @size, mapped whole at a new address (*@va). */
static struct msm_bo *mapped_bo(struct vb *t, uint64_t size, uint64_t *va)
{
	struct msm_bo *bo = msm_bo_new_unmapped(t->dev, size, MSM_BO_WC);

	*va = map_new(t, bo, 0, size);
	return bo;
}

static void bind_one_sync(struct vb *t, struct drm_msm_vm_bind_op op)
{
	msm_vm_bind_sync(t->vmq, &op, 1);
}

/*
 * A stream for after the VM went unusable, built (and its command buffer
 * bound) while binds still work.
 */
static struct msm_cs *nop_stream(struct vb *t)
{
	struct msm_cs *cs = msm_cs_new(t->dev, 8);

	msm_cs_nop(cs, 1);
	msm_cs_upload(cs);
	return cs;
}

/*
 * The VM is unusable (msm_gem_vm.unusable): GEM_SUBMIT and VM_BIND both
 * fail with EPIPE. @after is a nop_stream made before. Frees it.
 */
static void expect_unusable(struct vb *t, struct msm_cs *after)
{
	struct drm_msm_vm_bind_op op = msm_bind_unmap(t->dev->va_start, page);
	struct msm_submit s = { 0 };

	igt_assert_errno(as_errno(__msm_cs_submit(after, t->q, &s)), EPIPE,
			 "msm_ioctl_gem_submit: \"context is unusable\" after a fault");
	igt_assert_errno(as_errno(__msm_vm_bind(t->vmq, &op, 1, NULL)), EPIPE,
			 "msm_ioctl_vm_bind: \"context is unusable\" after a fault");
	msm_cs_free(after);
}

/*
 * A CP_MEM_WRITE at @iova faults: the fence signals after recovery, the
 * queue's and the file's fault counters rose by one (recover_worker), and
 * the VM is unusable from then on.
 */
static void expect_write_faults(struct vb *t, uint64_t iova)
{
	struct msm_cs *cs = msm_cs_new(t->dev, 16), *after = nop_stream(t);
	uint32_t value = 0xbad;

	msm_cs_mem_write_iova(cs, iova, &value, 1);
	msm_cs_upload(cs);
	expect_fault(t->q, cs, TIMEOUT);
	expect_unusable(t, after);
}

/* A stream that waits until gate[0] == 1, then writes @value at @iova. */
static struct msm_cs *gated_write_iova(struct vb *t, struct msm_bo *gate, uint64_t iova,
				       uint32_t value)
{
	struct msm_cs *cs = msm_cs_new(t->dev, 32);

	msm_cs_wait_mem(cs, WRITE_EQ, gate, 0, 1, ~0u);
	msm_cs_mem_write_iova(cs, iova, &value, 1);
	msm_cs_upload(cs);
	return cs;
}

/* Submit @cs on @q with FENCE_FD_OUT: its sync_file. */
static int submit_fence_fd(struct msm_cs *cs, struct msm_queue *q)
{
	struct msm_submit s = { .flags = MSM_SUBMIT_FENCE_FD_OUT };

	igt_assert_eq(__msm_cs_submit(cs, q, &s), 0);
	return s.out_fence_fd;
}

/* A submit on @q that waits for gate[0] == 1: its out-fence, for bind jobs to wait on. */
static int gate_fence(struct vb *t, struct msm_queue *q, struct msm_bo *gate, struct msm_cs **cs)
{
	*cs = msm_cs_new(t->dev, 16);
	msm_cs_wait_mem(*cs, WRITE_EQ, gate, 0, 1, ~0u);
	return submit_fence_fd(*cs, q);
}

static void expect_pending(int fence_fd)
{
	igt_assert_eq(msm_fence_fd_wait(fence_fd, PENDING_NS), -ETIME);
	igt_assert_eq(msm_fence_fd_status(fence_fd), 0);
}

static void expect_signalled(int fence_fd)
{
	igt_assert_eq(msm_fence_fd_wait(fence_fd, TIMEOUT), 0);
	igt_assert_eq(msm_fence_fd_status(fence_fd), 1);
}

/*
 * Release @gate, wait for @fd, a fence that signals only once the gate
 * stream's job is done, and only then free the stream. Freeing it unmaps
 * its IB, and on a VM_BIND VM an unmap waits for nothing but its own
 * in-fences (msm_gem_vma.c msm_ioctl_vm_bind; a submit's fence is only
 * BOOKKEEP there, msm_gem_submit.c submit_attach_object_fences): freed
 * first, the IB could go from under a CP still fetching it, a fault.
 */
static void open_gate(struct msm_bo *gate, int fd, struct msm_cs *cs)
{
	msm_bo_write32(gate, 0, 1);
	expect_signalled(fd);
	close(fd);
	msm_cs_free(cs);
}

/* A bind of @op that waits for @in_fd; its out-fence. */
static int bind_after(struct msm_queue *vmq, struct drm_msm_vm_bind_op op, int in_fd)
{
	struct msm_bind b = {
		.flags = MSM_VM_BIND_FENCE_FD_OUT | (in_fd >= 0 ? MSM_VM_BIND_FENCE_FD_IN : 0),
		.in_fence_fd = in_fd,
	};

	msm_vm_bind(vmq, &op, 1, &b);
	return b.out_fence_fd;
}

/* ---- the subtests, by subject (msm_vm_bind_*.c would split them; one binary here) -- */

static void opt_in_subtests(void);
static void memory_subtests(void);
static void prr_subtests(void);
static void ordering_subtests(void);
static void fault_subtests(void);
static void validation_subtests(void);
static void fix_subtests(void);

igt_main_args(NULL, NULL, help, NULL, NULL)
{
	page = (uint64_t)sysconf(_SC_PAGESIZE);
	opt_in_subtests();
	memory_subtests();
	prr_subtests();
	ordering_subtests();
	fault_subtests();
	validation_subtests();
	fix_subtests();
}

/* ---- the opt-in and what VM_BIND mode forbids ------------------------------------ */

static bool has_prr;	/* MSM_PARAM_HAS_PRR of the GPU */

static int set_param(struct msm_device *dev, uint32_t param, uint64_t value)
{
	struct drm_msm_param req = { .pipe = MSM_PIPE_3D0, .param = param, .value = value };

	return drmIoctl(dev->fd, DRM_IOCTL_MSM_SET_PARAM, &req) ? -errno : 0;
}

static int queue_new(struct msm_device *dev, uint32_t flags, uint32_t prio)
{
	uint32_t id;
	int ret = __msm_queue_new(dev, flags, prio, &id);

	if (!ret)
		igt_assert_eq(drmIoctl(dev->fd, DRM_IOCTL_MSM_SUBMITQUEUE_CLOSE, &id), 0);
	return as_errno(ret);
}

/* Subtests on files that did not opt in (msm_device_open asks GET_PARAMs: their VM exists). */
static void kernel_managed_subtests(void)
{
	igt_describe("the opt-in after the file's VM exists (any GET_PARAM makes it) is EBUSY");
	igt_subtest("opt-in-after-vm-ebusy") {
		struct msm_device *dev = msm_device_open();

		require_change(MSM_VM_BIND);
		igt_require_f(dev->gen >= 6, "VM_BIND needs a6xx or later\n");
		igt_assert_errno(as_errno(set_param(dev, MSM_PARAM_EN_VM_BIND, 1)), EBUSY,
				 "adreno_set_param: EN_VM_BIND \"VM already created\"");
		msm_device_close(dev);
	}

	igt_describe("a VM_BIND queue needs the opt-in");
	igt_subtest("bind-queue-needs-opt-in") {
		struct msm_device *dev = msm_device_open();

		require_change(MSM_VM_BIND);
		igt_assert_errno(queue_new(dev, MSM_SUBMITQUEUE_VM_BIND, 0), EINVAL,
				 "msm_submitqueue_create: VM_BIND queues are not for "
				 "kernel-managed VMs");
		msm_device_close(dev);
	}

	igt_describe("VM_BIND on a file that did not opt in is EINVAL");
	igt_subtest("bind-needs-opt-in") {
		struct msm_device *dev = msm_device_open();
		struct msm_queue q = { .dev = dev, .id = 0 };
		struct drm_msm_vm_bind_op op = msm_bind_unmap(0x100000000ull, page);

		require_change(MSM_VM_BIND);
		igt_assert_errno(as_errno(__msm_vm_bind(&q, &op, 1, NULL)), EINVAL,
				 "msm_ioctl_vm_bind: \"context does not support vmbind\"");
		msm_device_close(dev);
	}
}

/* A valid VM_BIND-mode GEM_SUBMIT of a CP_MEM_WRITE at @dst on @t's queue, into @r. */
static struct msm_cs *submit_request(struct vb *t, struct msm_bo *dst,
				     struct msm_submit_request *r)
{
	struct msm_cs *cs = msm_cs_new(t->dev, 16);

	msm_cs_mem_write32(cs, dst, 0x40, 0x5b);
	msm_submit_request_init(r, cs, t->q);
	return cs;
}

/* GEM_SUBMIT in VM_BIND mode: the command buffer by iova, nothing of the legacy way. */
static void submit_rules_subtests(void)
{
	static const struct {
		const char *name, *rule;
		uint32_t nr_relocs, submit_idx, submit_offset;
		bool on_bind_queue;
	} cmd_fields[] = {
		{ "submit-cmd-relocs-einval", "submit_lookup_cmds: \"nr_relocs must be zero\"",
		  1, 0, 0, false },
		{ "submit-cmd-idx-einval", "submit_lookup_cmds: \"submit_idx/offset must be zero\"",
		  0, 1, 0, false },
		{ "submit-cmd-offset-einval",
		  "submit_lookup_cmds: \"submit_idx/offset must be zero\"", 0, 0, 4, false },
		{ "submit-on-bind-queue-einval",
		  "msm_ioctl_gem_submit: \"Invalid queue type\" (a VM_BIND queue)", 0, 0, 0, true },
	};

	array_for_each(c, cmd_fields) {
		igt_describe_f("VM_BIND mode: %s", c->rule);
		igt_subtest(c->name) {
			struct msm_submit_request r;
			struct msm_cs *cs;
			struct msm_bo *dst;
			struct vb t;

			vb_open(&t);
			dst = msm_bo_new(t.dev, page);
			cs = submit_request(&t, dst, &r);
			r.cmd.nr_relocs = c->nr_relocs;
			r.cmd.submit_idx = c->submit_idx;
			r.cmd.submit_offset = c->submit_offset;
			if (c->on_bind_queue)
				r.req.queueid = t.vmq->id;
			igt_assert_errno(gem_submit(t.dev, &r), EINVAL, c->rule);
			msm_cs_free(cs);
			msm_bo_free(dst);
			vb_close(&t);
		}
	}

	igt_describe("a bos[] entry must be mapped in the VM: an unmapped BO is EINVAL, a "
		     "mapped one is fine");
	igt_subtest("submit-bos-must-be-mapped") {
		struct msm_submit_request r;
		struct msm_bo *dst, *loose;
		struct msm_cs *cs;
		struct vb t;

		vb_open(&t);
		dst = msm_bo_new(t.dev, page);
		loose = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		cs = submit_request(&t, dst, &r);
		r.req.bos = (uintptr_t)r.bos;
		r.req.nr_bos = 1;
		r.bos[0] = (struct drm_msm_gem_submit_bo){ .flags = MSM_SUBMIT_BO_READ,
							   .handle = loose->handle };
		/* submit_pin_objects: no VMA for msm_gem_get_vma_locked; drm_gpuva_insert fails */
		igt_assert_errno(gem_submit(t.dev, &r), EINVAL,
				 "submit_pin_objects: no VMA of the BO in a VM_BIND VM");
		r.bos[0].handle = dst->handle;
		igt_assert_eq(gem_submit(t.dev, &r), 0);
		igt_assert_eq(__msm_wait_fence(t.q, r.req.fence, TIMEOUT), 0);
		igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0x5b);
		msm_cs_free(cs);
		msm_bo_free(loose);
		msm_bo_free(dst);
		vb_close(&t);
	}
}

static void opt_in_subtests(void)
{
	kernel_managed_subtests();

	/* from here on: VM_BIND files, skipped without (a5xx, before 6.17) */
	igt_fixture {
		struct msm_device *dev = msm_device_open_vm_bind();

		has_prr = dev->has_prr;
		igt_info("VM_BIND: VA %#llx + %#llx, %s PRR\n",
			 (unsigned long long)dev->va_start, (unsigned long long)dev->va_size,
			 has_prr ? "with" : "without");
		msm_device_close(dev);
	}

	igt_describe("GEM_INFO GET_IOVA and SET_IOVA are EINVAL in VM_BIND mode");
	igt_subtest("gem-info-iova-einval") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t v;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, 4096, MSM_BO_WC);
		igt_assert_errno(as_errno(__msm_bo_info(t.dev, bo->handle, MSM_INFO_GET_IOVA, &v)),
				 EINVAL, "msm_ioctl_gem_info_iova: \"VM_BIND is enabled\"");
		igt_assert_errno(as_errno(__msm_bo_info(t.dev, bo->handle, MSM_INFO_SET_IOVA,
							&v)),
				 EINVAL, "msm_ioctl_gem_info_set_iova: \"VM_BIND is enabled\"");
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("the opt-in again, once a VM_BIND queue made the VM, is EBUSY");
	igt_subtest("opt-in-twice-ebusy") {
		struct vb t;

		vb_open(&t);
		igt_assert_errno(as_errno(set_param(t.dev, MSM_PARAM_EN_VM_BIND, 1)), EBUSY,
				 "adreno_set_param: EN_VM_BIND \"VM already created\"");
		vb_close(&t);
	}

	igt_describe("a VM_BIND queue takes priority 0 only");
	igt_subtest("bind-queue-priority-einval") {
		struct vb t;

		vb_open(&t);
		igt_assert_errno(queue_new(t.dev, MSM_SUBMITQUEUE_VM_BIND, 1), EINVAL,
				 "msm_submitqueue_create: a VM_BIND queue with prio != 0");
		vb_close(&t);
	}

	igt_describe("SUBMITQUEUE_NEW flags beyond ALLOW_PREEMPT | VM_BIND are EINVAL");
	igt_subtest("queue-flags-einval") {
		struct vb t;

		vb_open(&t);
		igt_assert_errno(queue_new(t.dev, 0x4, 0), EINVAL,
				 "msm_ioctl_submitqueue_new: flags & ~MSM_SUBMITQUEUE_FLAGS");
		vb_close(&t);
	}

	igt_describe("a _NO_SHARE BO of a VM_BIND file cannot be exported");
	igt_subtest("no-share-export-eperm") {
		struct vb t;
		struct msm_bo *bo;
		int fd = -1;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, 4096, MSM_BO_WC | MSM_BO_NO_SHARE);
		igt_assert_errno(drmPrimeHandleToFD(t.dev->fd, bo->handle, DRM_CLOEXEC, &fd), EPERM,
				 "msm_gem_prime_export: a _NO_SHARE object is EPERM");
		msm_bo_free(bo);
		vb_close(&t);
	}

	submit_rules_subtests();
}

/* ---- memory through bound addresses -------------------------------------------- */

static void memory_subtests(void)
{
	igt_describe("a BO bound at an address of the test's choice: GPU writes land in it, "
		     "what the CPU wrote the GPU reads");
	igt_subtest("map-write-read") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = mapped_bo(&t, 2 * page, &va);
		gpu_write(&t, va + page + 0x40, 0xcafe0001);
		igt_assert_eq_u32(msm_bo_read32(bo, page + 0x40), 0xcafe0001);
		msm_bo_write32(bo, 0x80, 0x5eed);
		igt_assert_eq_u32(gpu_read(&t, va + 0x80), 0x5eed);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("obj_offset: the range starts that far into the BO");
	igt_subtest("map-at-offset") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, 4 * page, MSM_BO_WC);
		va = map_new(&t, bo, 2 * page, page);
		gpu_write(&t, va + 0x10, 0xcafe0002);
		igt_assert_eq_u32(msm_bo_read32(bo, 2 * page + 0x10), 0xcafe0002);
		igt_assert_eq_u32(msm_bo_read32(bo, 0x10), 0);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("a part of a BO: its pages in the range, the rest of the BO out of reach");
	igt_subtest("map-part-of-bo") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, 4 * page, MSM_BO_WC);
		va = map_new(&t, bo, page, 2 * page);
		gpu_write(&t, va, 1);
		gpu_write(&t, va + 2 * page - 4, 2);
		igt_assert_eq_u32(msm_bo_read32(bo, page), 1);
		igt_assert_eq_u32(msm_bo_read32(bo, 3 * page - 4), 2);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0);
		igt_assert_eq_u32(msm_bo_read32(bo, 3 * page), 0);
		/* the page past the range is the allocator's guard: unmapped */
		expect_write_faults(&t, va + 2 * page);
		igt_assert_eq_u32(msm_bo_read32(bo, 3 * page), 0);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("one BO at two addresses: a write through one reads back through the other");
	igt_subtest("alias-two-addresses") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t a, b;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		a = map_new(&t, bo, 0, page);
		b = map_new(&t, bo, 0, page);
		igt_assert(a != b);
		gpu_write(&t, a + 0x20, 0xa11a5);
		igt_assert_eq_u32(gpu_read(&t, b + 0x20), 0xa11a5);
		igt_assert_eq_u32(msm_bo_read32(bo, 0x20), 0xa11a5);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("two pages of one BO in swapped order at consecutive addresses");
	igt_subtest("alias-swapped-pages") {
		struct drm_msm_vm_bind_op ops[2];
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, 2 * page, MSM_BO_WC);
		va = msm_va_alloc(t.dev, 2 * page);
		ops[0] = msm_bind_map(bo, page, va, page);
		ops[1] = msm_bind_map(bo, 0, va + page, page);
		msm_vm_bind_sync(t.vmq, ops, 2);
		gpu_write(&t, va, 0x1111);
		gpu_write(&t, va + page, 0x2222);
		igt_assert_eq_u32(msm_bo_read32(bo, page), 0x1111);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0x2222);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("a MAP over a mapped range replaces it: writes reach the new BO only");
	igt_subtest("remap-replaces") {
		struct vb t;
		struct msm_bo *old, *new;
		uint64_t va;

		vb_open(&t);
		old = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		new = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = map_new(&t, old, 0, page);
		gpu_write(&t, va, 1);
		bind_one_sync(&t, msm_bind_map(new, 0, va, page));
		gpu_write(&t, va + 4, 2);
		igt_assert_eq_u32(msm_bo_read32(old, 0), 1);
		igt_assert_eq_u32(msm_bo_read32(old, 4), 0);
		igt_assert_eq_u32(msm_bo_read32(new, 4), 2);
		msm_bo_free(old);
		msm_bo_free(new);
		vb_close(&t);
	}

	igt_describe("a MAP into the middle of a mapping splits it: the parts outside keep "
		     "their pages at their offsets");
	igt_subtest("remap-middle-splits") {
		struct vb t;
		struct msm_bo *big, *mid;
		uint64_t va;

		vb_open(&t);
		big = msm_bo_new_unmapped(t.dev, 3 * page, MSM_BO_WC);
		mid = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = map_new(&t, big, 0, 3 * page);
		bind_one_sync(&t, msm_bind_map(mid, 0, va + page, page));
		gpu_write(&t, va + 8, 1);
		gpu_write(&t, va + page + 8, 2);
		gpu_write(&t, va + 2 * page + 8, 3);
		igt_assert_eq_u32(msm_bo_read32(big, 8), 1);
		igt_assert_eq_u32(msm_bo_read32(big, page + 8), 0);
		igt_assert_eq_u32(msm_bo_read32(mid, 8), 2);
		igt_assert_eq_u32(msm_bo_read32(big, 2 * page + 8), 3);
		msm_bo_free(big);
		msm_bo_free(mid);
		vb_close(&t);
	}

	igt_describe("a MAP across the end of one mapping and the start of the next trims both");
	igt_subtest("remap-across-two") {
		struct drm_msm_vm_bind_op ops[2];
		struct vb t;
		struct msm_bo *a, *b, *c;
		uint64_t va;

		vb_open(&t);
		a = msm_bo_new_unmapped(t.dev, 2 * page, MSM_BO_WC);
		b = msm_bo_new_unmapped(t.dev, 2 * page, MSM_BO_WC);
		c = msm_bo_new_unmapped(t.dev, 2 * page, MSM_BO_WC);
		va = msm_va_alloc(t.dev, 4 * page);
		ops[0] = msm_bind_map(a, 0, va, 2 * page);
		ops[1] = msm_bind_map(b, 0, va + 2 * page, 2 * page);
		msm_vm_bind_sync(t.vmq, ops, 2);
		bind_one_sync(&t, msm_bind_map(c, 0, va + page, 2 * page));
		gpu_write(&t, va, 1);
		gpu_write(&t, va + page, 2);
		gpu_write(&t, va + 2 * page, 3);
		gpu_write(&t, va + 3 * page, 4);
		igt_assert_eq_u32(msm_bo_read32(a, 0), 1);
		igt_assert_eq_u32(msm_bo_read32(c, 0), 2);
		igt_assert_eq_u32(msm_bo_read32(c, page), 3);
		igt_assert_eq_u32(msm_bo_read32(b, page), 4);
		igt_assert_eq_u32(msm_bo_read32(a, page), 0);
		igt_assert_eq_u32(msm_bo_read32(b, 0), 0);
		msm_bo_free(a);
		msm_bo_free(b);
		msm_bo_free(c);
		vb_close(&t);
	}

	igt_describe("an UNMAP of the middle page: the pages around it stay mapped, it faults");
	igt_subtest("unmap-middle") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = mapped_bo(&t, 3 * page, &va);
		bind_one_sync(&t, msm_bind_unmap(va + page, page));
		gpu_write(&t, va, 1);
		gpu_write(&t, va + 2 * page, 3);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 1);
		igt_assert_eq_u32(msm_bo_read32(bo, 2 * page), 3);
		expect_write_faults(&t, va + page);
		igt_assert_eq_u32(msm_bo_read32(bo, page), 0);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("an UNMAP of a range with nothing in it is a job that does nothing");
	igt_subtest("unmap-nothing") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = mapped_bo(&t, page, &va);
		bind_one_sync(&t, msm_bind_unmap(msm_va_alloc(t.dev, 8 * page), 8 * page));
		gpu_write(&t, va, 7);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 7);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("GEM_CLOSE of the last handle leaves a VM_BIND mapping in place");
	igt_subtest("gem-close-keeps-mapping") {
		struct vb t;
		struct msm_bo *bo;
		uint32_t *cpu;
		uint64_t va;

		vb_open(&t);
		bo = mapped_bo(&t, page, &va);
		cpu = msm_bo_map(bo);
		msm_gem_handle_close(t.dev, bo->handle);
		/* the VMA's vm_bo holds the object (msm_gem_close skips VM_BIND VMs) */
		gpu_write(&t, va + 0x30, 0xc105ed);
		igt_assert_eq_u32(cpu[0x30 / 4], 0xc105ed);
		munmap(cpu, page);
		free(bo);
		vb_close(&t);
	}

	/*
	 * msm_gem_vm_sm_step_unmap queues the UNMAP with the object
	 * (vm_op_enqueue, .obj) and msm_vma_job_run puts it only once the
	 * page tables changed: the pages stay behind the address until then.
	 */
	igt_describe("GEM_CLOSE while the UNMAP waits for a submit: that submit still reads "
		     "the object's pages there, first touching them after the close");
	igt_subtest("gem-close-unmap-pending-keeps-pages") {
		struct msm_bo *gate, *bo, *out;
		struct msm_cs *cs;
		struct vb t;
		int read_fd, unmapped;
		uint64_t va;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		out = msm_bo_new(t.dev, page);
		bo = mapped_bo(&t, page, &va);
		msm_bo_write32(bo, 0x40, 0x1a2b3c4d);
		cs = msm_cs_new(t.dev, 32);
		msm_cs_wait_mem(cs, WRITE_EQ, gate, 0, 1, ~0u);
		msm_cs_mem_to_mem(cs, false, (struct msm_mem_ref){ out, 0, false },
				  &(struct msm_mem_ref){ NULL, va + 0x40, false }, NULL, NULL);
		read_fd = submit_fence_fd(cs, t.q);
		unmapped = bind_after(t.vmq, msm_bind_unmap(va, page), read_fd);
		msm_gem_handle_close(t.dev, bo->handle);
		munmap(bo->map, page);
		free(bo);
		expect_pending(unmapped);
		open_gate(gate, read_fd, cs);
		expect_signalled(unmapped);
		close(unmapped);
		igt_assert_eq_u32(msm_bo_read32(out, 0), 0x1a2b3c4d);
		igt_assert_eq_u32(queue_faults(t.q), 0);
		msm_bo_free(out);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("a BO shared by dma-buf, bound in a VM_BIND file: writes there reach the "
		     "exporter's BO");
	igt_subtest("imported-bo") {
		struct msm_device *owner;
		struct msm_bo *src;
		struct vb t;
		struct msm_bo imported = { 0 };
		int fd;
		uint64_t va;

		owner = msm_device_open();
		src = msm_bo_new(owner, page);
		vb_open(&t);
		igt_assert_eq(drmPrimeHandleToFD(owner->fd, src->handle, DRM_CLOEXEC, &fd), 0);
		imported = (struct msm_bo){ .dev = t.dev, .size = page };
		igt_assert_eq(drmPrimeFDToHandle(t.dev->fd, fd, &imported.handle), 0);
		close(fd);
		va = map_new(&t, &imported, 0, page);
		gpu_write(&t, va + 0x44, 0x1a9);
		igt_assert_eq_u32(msm_bo_read32(src, 0x44), 0x1a9);
		bind_one_sync(&t, msm_bind_unmap(va, page));
		vb_close(&t);
		msm_bo_free(src);
		msm_device_close(owner);
	}
}

/* ---- MAP_NULL: PRR ranges ---------------------------------------------------------- */

static void require_prr(void)
{
	igt_require_f(has_prr, "MAP_NULL needs PRR (MSM_PARAM_HAS_PRR; a660 and later)\n");
}

/* A new range of @size bound as MAP_NULL: its address. */
static uint64_t null_range(struct vb *t, uint64_t size)
{
	uint64_t va = msm_va_alloc(t->dev, size);

	bind_one_sync(t, msm_bind_map_null(va, size));
	return va;
}

static void prr_subtests(void)
{
	igt_describe("a MAP_NULL range reads zero and does not fault");
	igt_subtest("map-null-reads-zero") {
		struct vb t;
		uint64_t va;

		require_prr();
		vb_open(&t);
		va = null_range(&t, 2 * page);
		igt_assert_eq_u32(gpu_read(&t, va + page + 0x10), 0);
		/* still usable: no fault */
		igt_assert_eq_u32(gpu_read(&t, va), 0);
		vb_close(&t);
	}

	igt_describe("writes into a MAP_NULL range vanish: it reads zero after");
	igt_subtest("map-null-drops-writes") {
		struct vb t;
		uint64_t va;

		require_prr();
		vb_open(&t);
		va = null_range(&t, page);
		gpu_write(&t, va + 0x20, 0x5a5a);
		igt_assert_eq_u32(gpu_read(&t, va + 0x20), 0);
		vb_close(&t);
	}

	igt_describe("MAP_NULL over a mapped BO: the BO keeps its contents, the range reads "
		     "zero, and a MAP brings the BO back");
	igt_subtest("map-null-over-bo") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		require_prr();
		vb_open(&t);
		bo = mapped_bo(&t, page, &va);
		gpu_write(&t, va, 0xb0);
		bind_one_sync(&t, msm_bind_map_null(va, page));
		gpu_write(&t, va, 0xdead);
		igt_assert_eq_u32(gpu_read(&t, va), 0);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0xb0);
		bind_one_sync(&t, msm_bind_map(bo, 0, va, page));
		igt_assert_eq_u32(gpu_read(&t, va), 0xb0);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("an UNMAP of a MAP_NULL range: it faults again");
	igt_subtest("map-null-unmap-faults") {
		struct vb t;
		uint64_t va;

		require_prr();
		vb_open(&t);
		va = null_range(&t, page);
		igt_assert_eq_u32(gpu_read(&t, va), 0);
		bind_one_sync(&t, msm_bind_unmap(va, page));
		expect_write_faults(&t, va);
		vb_close(&t);
	}
}

/* ---- bind jobs, fences and submits ------------------------------------------------- */

static struct drm_msm_syncobj syncobj_at(uint32_t handle, uint64_t point, uint32_t flags)
{
	return (struct drm_msm_syncobj){ .handle = handle, .flags = flags, .point = point };
}

/*
 * A submit on @t's queue that waits for gate[0] == 1 and signals a new
 * syncobj (at timeline @point, or binary with 0): that syncobj, for bind
 * jobs to wait on.
 */
static struct drm_msm_syncobj gate_syncobj(struct vb *t, struct msm_bo *gate, uint64_t point,
					   struct msm_cs **cs)
{
	struct drm_msm_syncobj so = syncobj_at(new_syncobj(t->dev, false), point, 0);
	struct msm_submit s = { .flags = MSM_SUBMIT_SYNCOBJ_OUT, .out_syncobjs = &so,
				.nr_out_syncobjs = 1 };

	*cs = msm_cs_new(t->dev, 16);
	msm_cs_wait_mem(*cs, WRITE_EQ, gate, 0, 1, ~0u);
	igt_assert_eq(__msm_cs_submit(*cs, t->q, &s), 0);
	return so;
}

static void fence_subtests(void)
{
	igt_describe("FENCE_FD_OUT: a sync_file that signals when the job ran");
	igt_subtest("bind-out-fence") {
		struct vb t;
		struct msm_bo *bo;
		int fd;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		fd = bind_after(t.vmq, msm_bind_map(bo, 0, msm_va_alloc(t.dev, page), page), -1);
		expect_signalled(fd);
		close(fd);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("FENCE_FD_IN: the job waits for the fence, then the mapping exists");
	igt_subtest("bind-waits-for-in-fence") {
		struct vb t;
		struct msm_bo *gate, *bo;
		struct msm_cs *g;
		uint64_t va;
		int in, out;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = msm_va_alloc(t.dev, page);
		in = gate_fence(&t, t.q, gate, &g);
		out = bind_after(t.vmq, msm_bind_map(bo, 0, va, page), in);
		expect_pending(out);
		open_gate(gate, in, g);
		expect_signalled(out);
		gpu_write(&t, va, 0xf00d);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0xf00d);
		close(out);
		msm_bo_free(bo);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("an in-syncobj: the job waits for the submit that signals it");
	igt_subtest("bind-waits-for-in-syncobj") {
		struct drm_msm_vm_bind_op op;
		struct vb t;
		struct msm_bo *gate, *bo;
		struct msm_cs *g;
		struct drm_msm_syncobj so;
		struct msm_bind b;
		uint64_t va;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = msm_va_alloc(t.dev, page);
		so = gate_syncobj(&t, gate, 0, &g);
		b = (struct msm_bind){ .flags = MSM_VM_BIND_FENCE_FD_OUT, .in_syncobjs = &so,
				       .nr_in_syncobjs = 1 };
		op = msm_bind_map(bo, 0, va, page);
		msm_vm_bind(t.vmq, &op, 1, &b);
		expect_pending(b.out_fence_fd);
		/* the bind waits for the gate's out-syncobj: its fence follows the gate job */
		open_gate(gate, b.out_fence_fd, g);
		gpu_write(&t, va, 0x50b);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0x50b);
		msm_bo_free(bo);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("an out-syncobj orders a submit after the bind: the submit waits, then "
		     "writes through the new mapping");
	igt_subtest("bind-out-syncobj-orders-submit") {
		struct drm_msm_vm_bind_op op;
		struct vb t;
		struct msm_bo *gate, *bo;
		struct msm_cs *g, *w;
		struct drm_msm_syncobj so;
		struct msm_submit s;
		struct msm_bind b;
		uint64_t va;
		uint32_t value = 0x0dde2;
		int in;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = msm_va_alloc(t.dev, page);
		so = syncobj_at(new_syncobj(t.dev, false), 0, 0);
		w = msm_cs_new(t.dev, 16);
		msm_cs_mem_write_iova(w, va, &value, 1);
		msm_cs_upload(w);
		in = gate_fence(&t, t.q, gate, &g);
		b = (struct msm_bind){ .flags = MSM_VM_BIND_FENCE_FD_IN, .in_fence_fd = in,
				       .out_syncobjs = &so, .nr_out_syncobjs = 1 };
		op = msm_bind_map(bo, 0, va, page);
		msm_vm_bind(t.vmq, &op, 1, &b);
		s = (struct msm_submit){ .flags = MSM_SUBMIT_SYNCOBJ_IN, .in_syncobjs = &so,
					 .nr_in_syncobjs = 1 };
		igt_assert_eq(__msm_cs_submit(w, t.q, &s), 0);
		igt_assert_eq(__msm_wait_fence(t.q, s.fence, PENDING_NS), -ETIMEDOUT);
		open_gate(gate, in, g);
		igt_assert_eq(__msm_wait_fence(t.q, s.fence, TIMEOUT), 0);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), value);
		igt_assert_eq_u32(queue_faults(t.q), 0);
		msm_cs_free(w);
		msm_bo_free(bo);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("a timeline point as out-syncobj of a bind job");
	igt_subtest("bind-timeline-out-syncobj") {
		struct vb t;
		struct drm_msm_syncobj so;
		struct msm_bind b;
		uint64_t point = 3;

		vb_open(&t);
		so = syncobj_at(new_syncobj(t.dev, false), point, 0);
		b = (struct msm_bind){ .out_syncobjs = &so, .nr_out_syncobjs = 1 };
		msm_vm_bind(t.vmq, NULL, 0, &b);
		igt_assert_eq(drmSyncobjTimelineWait(t.dev->fd, &so.handle, &point, 1, INT64_MAX,
						     0, NULL), 0);
		vb_close(&t);
	}

	igt_describe("a timeline point a submit signals, as in-syncobj of a bind job");
	igt_subtest("bind-timeline-in-syncobj") {
		struct vb t;
		struct msm_bo *gate;
		struct msm_cs *g;
		struct drm_msm_syncobj so;
		struct msm_bind b;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		so = gate_syncobj(&t, gate, 2, &g);
		b = (struct msm_bind){ .flags = MSM_VM_BIND_FENCE_FD_OUT, .in_syncobjs = &so,
				       .nr_in_syncobjs = 1 };
		msm_vm_bind(t.vmq, NULL, 0, &b);
		expect_pending(b.out_fence_fd);
		/* the bind waits for the gate's out-syncobj: its fence follows the gate job */
		open_gate(gate, b.out_fence_fd, g);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("MSM_SYNCOBJ_RESET on an in-syncobj of a bind: empty after the ioctl");
	igt_subtest("bind-in-syncobj-reset") {
		struct vb t;
		struct drm_msm_syncobj so;
		struct msm_bind b;

		vb_open(&t);
		so = syncobj_at(new_syncobj(t.dev, true), 0, MSM_SYNCOBJ_RESET);
		b = (struct msm_bind){ .in_syncobjs = &so, .nr_in_syncobjs = 1 };
		msm_vm_bind(t.vmq, NULL, 0, &b);
		/* no fence any more: a wait without WAIT_FOR_SUBMIT is EINVAL */
		igt_assert_eq(drmSyncobjWait(t.dev->fd, &so.handle, 1, 0, 0, NULL), -EINVAL);
		vb_close(&t);
	}
}

static void queue_order_subtests(void)
{
	igt_describe("bind jobs of one VM_BIND queue run in order: an unblocked job waits "
		     "for the blocked one before it");
	igt_subtest("bind-queue-in-order") {
		struct vb t;
		struct msm_bo *gate;
		struct msm_cs *g;
		int in, first, second;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		in = gate_fence(&t, t.q, gate, &g);
		first = bind_after(t.vmq, msm_bind_unmap(msm_va_alloc(t.dev, page), page), in);
		second = bind_after(t.vmq, msm_bind_unmap(msm_va_alloc(t.dev, page), page), -1);
		expect_pending(second);
		open_gate(gate, in, g);
		expect_signalled(first);
		expect_signalled(second);
		close(first);
		close(second);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("two VM_BIND queues do not wait for each other");
	igt_subtest("bind-queues-independent") {
		struct vb t;
		struct msm_queue *vmq2;
		struct msm_bo *gate;
		struct msm_cs *g;
		int in, blocked, free_one;

		vb_open(&t);
		vmq2 = msm_queue_new_flags(t.dev, MSM_SUBMITQUEUE_VM_BIND, 0);
		gate = msm_bo_new(t.dev, page);
		in = gate_fence(&t, t.q, gate, &g);
		blocked = bind_after(t.vmq, msm_bind_unmap(msm_va_alloc(t.dev, page), page), in);
		free_one = bind_after(vmq2, msm_bind_unmap(msm_va_alloc(t.dev, page), page), -1);
		expect_signalled(free_one);
		expect_pending(blocked);
		open_gate(gate, in, g);
		expect_signalled(blocked);
		close(blocked);
		close(free_one);
		msm_bo_free(gate);
		msm_queue_free(vmq2);
		vb_close(&t);
	}

	igt_describe("nr_ops 0: a job with nothing to do still waits for its in-fence and "
		     "signals its out-fence");
	igt_subtest("bind-no-ops") {
		struct vb t;
		struct msm_bo *gate;
		struct msm_cs *g;
		struct msm_bind b;
		int in;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		in = gate_fence(&t, t.q, gate, &g);
		b = (struct msm_bind){ .flags = MSM_VM_BIND_FENCE_FD_IN | MSM_VM_BIND_FENCE_FD_OUT,
				       .in_fence_fd = in };
		msm_vm_bind(t.vmq, NULL, 0, &b);
		expect_pending(b.out_fence_fd);
		open_gate(gate, in, g);
		expect_signalled(b.out_fence_fd);
		close(b.out_fence_fd);
		msm_bo_free(gate);
		vb_close(&t);
	}
}

/*
 * A write at @va that runs while the bind mapping @va still waits: it is
 * ahead of the gate the bind waits for on the ring, and only its own gate
 * holds it. It faults.
 */
static void submit_before_bind(struct vb *t)
{
	struct msm_bo *early = msm_bo_new(t->dev, page), *late = msm_bo_new(t->dev, page);
	struct msm_bo *bo = msm_bo_new_unmapped(t->dev, page, MSM_BO_WC);
	uint64_t va = msm_va_alloc(t->dev, page);
	struct msm_cs *w = gated_write_iova(t, early, va, 0x5005), *g, *after = nop_stream(t);
	uint64_t faults = msm_get_param(t->dev, MSM_PARAM_FAULTS);
	uint32_t fence = msm_cs_submit(w, t->q);
	int in = gate_fence(t, t->q, late, &g);
	int out = bind_after(t->vmq, msm_bind_map(bo, 0, va, page), in);

	msm_bo_write32(early, 0, 1);
	igt_assert_eq(__msm_wait_fence(t->q, fence, TIMEOUT), 0);
	igt_assert_eq_u64(msm_get_param(t->dev, MSM_PARAM_FAULTS), faults + 1);
	igt_assert_eq_u32(msm_bo_read32(bo, 0), 0);
	expect_unusable(t, after);
	open_gate(late, in, g);
	expect_signalled(out);
	close(out);
	msm_cs_free(w);
	msm_bo_free(bo);
	msm_bo_free(early);
	msm_bo_free(late);
}

static void running_submit_subtests(void)
{
	igt_describe("nothing orders a submit after a bind but fences: a write to an address "
		     "whose bind still waits faults");
	igt_subtest("submit-before-bind-faults") {
		struct vb t;

		vb_open(&t);
		submit_before_bind(&t);
		vb_close(&t);
	}

	igt_describe("an UNMAP while a submit that will write there runs: its write faults");
	igt_subtest("unmap-under-running-submit") {
		struct vb t;
		struct msm_bo *gate, *bo;
		struct msm_cs *w, *after;
		uint64_t faults, va;
		uint32_t fence;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		bo = mapped_bo(&t, page, &va);
		w = gated_write_iova(&t, gate, va, 0x0ff);
		after = nop_stream(&t);
		faults = msm_get_param(t.dev, MSM_PARAM_FAULTS);
		fence = msm_cs_submit(w, t.q);
		/* nothing makes the unmap wait for the submit */
		bind_one_sync(&t, msm_bind_unmap(va, page));
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(t.q, fence, TIMEOUT), 0);
		igt_assert_eq_u64(msm_get_param(t.dev, MSM_PARAM_FAULTS), faults + 1);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0);
		expect_unusable(&t, after);
		msm_cs_free(w);
		msm_bo_free(bo);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("a MAP of another BO while a submit that will write there runs: the "
		     "write lands in the new BO");
	igt_subtest("remap-under-running-submit") {
		struct vb t;
		struct msm_bo *gate, *old, *new;
		struct msm_cs *w;
		uint64_t va;
		uint32_t fence;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		old = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		new = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = map_new(&t, old, 0, page);
		w = gated_write_iova(&t, gate, va + 8, 0x2e3a);
		fence = msm_cs_submit(w, t.q);
		bind_one_sync(&t, msm_bind_map(new, 0, va, page));
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(t.q, fence, TIMEOUT), 0);
		igt_assert_eq_u32(msm_bo_read32(new, 8), 0x2e3a);
		igt_assert_eq_u32(msm_bo_read32(old, 8), 0);
		igt_assert_eq_u32(queue_faults(t.q), 0);
		msm_cs_free(w);
		msm_bo_free(old);
		msm_bo_free(new);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("CPU_PREP does not wait for VM_BIND-mode submits: they leave BOOKKEEP "
		     "fences only");
	igt_subtest("cpu-prep-ignores-submits") {
		struct vb t;
		struct msm_bo *gate, *bo;
		struct msm_cs *w;
		uint32_t fence;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		bo = msm_bo_new(t.dev, page);
		w = gated_write_iova(&t, gate, bo->iova, 1);
		fence = msm_cs_submit(w, t.q);
		/* submit_attach_object_fences: drm_gpuvm_resv_add_fence(.., BOOKKEEP, BOOKKEEP) */
		igt_assert_eq(__msm_bo_cpu_prep(bo, MSM_PREP_WRITE | MSM_PREP_NOSYNC, 0), 0);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(t.q, fence, TIMEOUT), 0);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 1);
		msm_cs_free(w);
		msm_bo_free(bo);
		msm_bo_free(gate);
		vb_close(&t);
	}

	igt_describe("CPU_PREP waits for a bind job that maps the BO (a KERNEL fence)");
	igt_subtest("cpu-prep-waits-for-bind") {
		struct vb t;
		struct msm_bo *gate, *bo;
		struct msm_cs *g;
		int in, out;

		vb_open(&t);
		gate = msm_bo_new(t.dev, page);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		in = gate_fence(&t, t.q, gate, &g);
		out = bind_after(t.vmq, msm_bind_map(bo, 0, msm_va_alloc(t.dev, page), page), in);
		/* vm_bind_job_attach_fences: DMA_RESV_USAGE_KERNEL, which every wait includes */
		igt_assert_errno(as_errno(__msm_bo_cpu_prep(bo, MSM_PREP_READ | MSM_PREP_NOSYNC,
							    0)),
				 EBUSY, "msm_gem_cpu_prep: NOSYNC on a busy BO is EBUSY");
		open_gate(gate, in, g);
		expect_signalled(out);
		igt_assert_eq(__msm_bo_cpu_prep(bo, MSM_PREP_READ, TIMEOUT), 0);
		close(out);
		msm_bo_free(bo);
		msm_bo_free(gate);
		vb_close(&t);
	}
}

/*
 * Close @t's file while its bind job waits for a gate on @other's GPU
 * queue, which a child process opens after a while: close returns only
 * then (drm_sched_entity_flush waits for the entity to go idle), and the
 * job ran rather than being killed.
 */
static void close_with_pending_bind(struct vb *t, struct msm_device *other)
{
	struct msm_queue *oq = msm_queue_new(other, 0);
	struct msm_bo *gate = msm_bo_new(other, page);
	struct msm_bo *bo = msm_bo_new_unmapped(t->dev, page, MSM_BO_WC);
	struct msm_cs *g = msm_cs_new(other, 16);
	int in, out, status;
	pid_t child;

	msm_cs_wait_mem(g, WRITE_EQ, gate, 0, 1, ~0u);
	in = submit_fence_fd(g, oq);
	out = bind_after(t->vmq, msm_bind_map(bo, 0, msm_va_alloc(t->dev, page), page), in);
	msm_bo_map(gate);
	child = fork();
	igt_assert(child >= 0);
	if (child == 0) {
		usleep(100 * 1000);
		msm_bo_write32(gate, 0, 1);
		_exit(0);
	}
	free(t->q);	/* the file's close takes its queues */
	free(t->vmq);
	msm_device_close(t->dev);
	/* msm_submitqueue_close: wait_event_killable until the entity is idle */
	igt_assert_eq_u32(msm_bo_read32(gate, 0), 1);
	expect_signalled(out);
	igt_assert_eq(waitpid(child, &status, 0), child);
	close(out);
	close(in);
	free(bo);	/* its handle went with the file */
	msm_cs_free(g);
	msm_bo_free(gate);
	msm_queue_free(oq);
}

static void ordering_subtests(void)
{
	igt_describe("closing a file waits for its bind jobs to run, however long their "
		     "in-fences take; they are not killed");
	igt_subtest("close-waits-for-bind-jobs") {
		struct msm_device *other = msm_device_open();
		struct vb t;

		vb_open(&t);
		close_with_pending_bind(&t, other);
		msm_device_close(other);
	}

	fence_subtests();
	queue_order_subtests();
	running_submit_subtests();
}

/* ---- faults and unusable VMs ------------------------------------------------------- */

/*
 * Two queues: a MAP waiting on queue 1, then @second on queue 2 over the
 * same range, which runs first. Returns after both jobs ran.
 */
static void two_queue_binds(struct vb *t, struct msm_bo *bo, uint64_t va,
			    struct drm_msm_vm_bind_op second)
{
	struct msm_queue *vmq2 = msm_queue_new_flags(t->dev, MSM_SUBMITQUEUE_VM_BIND, 0);
	struct msm_bo *gate = msm_bo_new(t->dev, page);
	struct msm_cs *g;
	int in = gate_fence(t, t->q, gate, &g);
	int first = bind_after(t->vmq, msm_bind_map(bo, 0, va, page), in);
	int other = bind_after(vmq2, second, -1);

	expect_signalled(other);
	expect_pending(first);
	open_gate(gate, in, g);
	expect_signalled(first);
	close(first);
	close(other);
	msm_bo_free(gate);
	msm_queue_free(vmq2);
}

static void fault_subtests(void)
{
	igt_describe("a write to an unmapped address faults: counted for the queue and the "
		     "file, nothing lands; then GEM_SUBMIT and VM_BIND are EPIPE");
	igt_subtest("fault-makes-vm-unusable") {
		struct vb t;
		struct msm_bo *bo;
		uint64_t va;

		vb_open(&t);
		bo = mapped_bo(&t, page, &va);
		gpu_write(&t, va, 1);
		bind_one_sync(&t, msm_bind_unmap(va, page));
		expect_write_faults(&t, va + 4);
		igt_assert_eq_u32(msm_bo_read32(bo, 4), 0);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 1);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("a fault spoils only its own VM: another VM_BIND file goes on");
	igt_subtest("fault-other-vm-unaffected") {
		struct vb bad, good;
		struct msm_bo *bo;

		vb_open(&bad);
		vb_open(&good);
		bo = msm_bo_new(good.dev, page);
		expect_write_faults(&bad, msm_va_alloc(bad.dev, page));
		gpu_write(&good, bo->iova, 0x900d);
		igt_assert_eq_u32(msm_bo_read32(bo, 0), 0x900d);
		igt_assert_eq_u32(queue_faults(good.q), 0);
		msm_bo_free(bo);
		vb_close(&good);
		vb_close(&bad);
	}

	igt_describe("a MAP whose range another queue's job mapped first fails when it runs "
		     "(io-pgtable -EEXIST): the VM is unusable");
	igt_subtest("bind-job-fails-map-over-mapped") {
		struct vb t;
		struct msm_bo *a, *b;
		struct msm_cs *after;
		uint64_t va;

		vb_open_two_pages(&t, &a, &b);
		va = msm_va_alloc(t.dev, page);
		after = nop_stream(&t);
		/* b's MAP replaces a's VMA at ioctl time, and its job runs before a's */
		two_queue_binds(&t, a, va, msm_bind_map(b, 0, va, page));
		expect_unusable(&t, after);
		vb_close_two_pages(&t, a, b);
	}
}

/* ---- every rule, one field off a valid request --------------------------------------- */

enum bad_field {
	BAD_FLAGS, BAD_QUEUE, BAD_QUEUE_TYPE, BAD_FENCE_FD_IN, BAD_IN_SYNCOBJ, BAD_IN_SYNCOBJ_FLAGS,
	BAD_OUT_SYNCOBJ, BAD_OUT_SYNCOBJ_FLAGS, BAD_OPS_POINTER, BAD_NR_OPS, BAD_OP_FLAGS,
	BAD_OP_IOVA, BAD_OP_OFFSET, BAD_OP_RANGE, BAD_OP_BELOW_VM, BAD_OP_PAST_VM, BAD_OP_WRAPS,
	BAD_OP_MAP_NO_HANDLE, BAD_OP_UNMAP_HANDLE, BAD_OP_MAP_NULL_HANDLE, BAD_OP_OP,
	BAD_OP_HANDLE,
};

static const struct bad_request {
	const char *name;
	enum bad_field field;
	int err;
	const char *rule;
} bad_requests[] = {
	{ "flags", BAD_FLAGS, EINVAL, "msm_ioctl_vm_bind: flags & ~MSM_VM_BIND_FLAGS" },
	{ "queue-unknown", BAD_QUEUE, ENOENT, "msm_ioctl_vm_bind: msm_submitqueue_get finds none" },
	{ "queue-not-vm-bind", BAD_QUEUE_TYPE, EINVAL,
	  "msm_ioctl_vm_bind: \"Invalid queue type\" (not MSM_SUBMITQUEUE_VM_BIND)" },
	{ "fence-fd-in-not-sync-file", BAD_FENCE_FD_IN, EINVAL,
	  "msm_ioctl_vm_bind: sync_file_get_fence fails, \"invalid in-fence\"" },
	{ "in-syncobj-unknown", BAD_IN_SYNCOBJ, ENOENT,
	  "msm_syncobj_parse_deps: drm_syncobj_find_fence of an unknown handle" },
	{ "in-syncobj-flags", BAD_IN_SYNCOBJ_FLAGS, EINVAL,
	  "msm_syncobj_parse_deps: flags & ~MSM_SYNCOBJ_FLAGS" },
	{ "out-syncobj-unknown", BAD_OUT_SYNCOBJ, EINVAL,
	  "msm_syncobj_parse_post_deps: drm_syncobj_find of an unknown handle" },
	{ "out-syncobj-flags", BAD_OUT_SYNCOBJ_FLAGS, EINVAL,
	  "msm_syncobj_parse_post_deps: out-syncobjs take no flags" },
	{ "ops-pointer", BAD_OPS_POINTER, EFAULT,
	  "vm_bind_job_lookup_ops: copy_from_user of ops[i]" },
	{ "nr-ops-huge", BAD_NR_OPS, ENOMEM,
	  "vm_bind_job_create: kzalloc(struct_size(job, ops, nr_ops)) fails" },
	{ "op-flags", BAD_OP_FLAGS, EINVAL, "lookup_op: op->flags & ~MSM_VM_BIND_OP_FLAGS" },
	{ "op-iova-unaligned", BAD_OP_IOVA, EINVAL, "lookup_op: !PAGE_ALIGNED(op->iova)" },
	{ "op-offset-unaligned", BAD_OP_OFFSET, EINVAL,
	  "lookup_op: !PAGE_ALIGNED(op->obj_offset)" },
	{ "op-range-unaligned", BAD_OP_RANGE, EINVAL, "lookup_op: !PAGE_ALIGNED(op->range)" },
	{ "op-below-vm", BAD_OP_BELOW_VM, EINVAL,
	  "lookup_op: drm_gpuvm_range_valid, below mm_start" },
	{ "op-past-vm", BAD_OP_PAST_VM, EINVAL,
	  "lookup_op: drm_gpuvm_range_valid, past mm_start + mm_range" },
	{ "op-wraps", BAD_OP_WRAPS, EINVAL,
	  "lookup_op: drm_gpuvm_range_valid, drm_gpuvm_check_overflow" },
	{ "op-map-handle-zero", BAD_OP_MAP_NO_HANDLE, EINVAL, "lookup_op: MAP of handle 0" },
	{ "op-unmap-handle", BAD_OP_UNMAP_HANDLE, EINVAL,
	  "lookup_op: UNMAP with a handle (\"handle must be zero\")" },
	{ "op-map-null-handle", BAD_OP_MAP_NULL_HANDLE, EINVAL,
	  "lookup_op: MAP_NULL with a handle (\"handle must be zero\")" },
	{ "op-unknown", BAD_OP_OP, EINVAL, "lookup_op: op->op beyond MSM_VM_BIND_OP_MAP_NULL" },
	{ "op-handle-unknown", BAD_OP_HANDLE, EINVAL,
	  "vm_bind_job_lookup_ops: drm_gem_object_lookup fails, \"invalid handle\"" },
};

static const struct drm_msm_syncobj unknown_syncobj = { .handle = 0x777 };

/* @r, a valid MAP of @bo, gets field @f wrong. */
static void break_field(struct vb *t, enum bad_field f, struct msm_vm_bind_request *r,
			struct drm_msm_syncobj *so)
{
	struct drm_msm_vm_bind_op *op = &r->req.op;

	switch (f) {
	case BAD_FLAGS: r->req.flags = 0x4; break;
	case BAD_QUEUE: r->req.queue_id = 0x777; break;
	case BAD_QUEUE_TYPE: r->req.queue_id = t->q->id; break;
	case BAD_FENCE_FD_IN:
		r->req.flags = MSM_VM_BIND_FENCE_FD_IN;
		r->req.fence_fd = t->dev->fd;	/* a DRM file, no sync_file */
		break;
	case BAD_IN_SYNCOBJ: r->req.in_syncobjs = (uintptr_t)&unknown_syncobj; break;
	case BAD_IN_SYNCOBJ_FLAGS: so->flags = 0x2; r->req.in_syncobjs = (uintptr_t)so; break;
	case BAD_OUT_SYNCOBJ: r->req.out_syncobjs = (uintptr_t)&unknown_syncobj; break;
	case BAD_OUT_SYNCOBJ_FLAGS: so->flags = 0x1; r->req.out_syncobjs = (uintptr_t)so; break;
	case BAD_OPS_POINTER: r->req.nr_ops = 2; r->req.ops = 0x8; break;
	case BAD_NR_OPS: r->req.nr_ops = 0x7fffffff; r->req.ops = (uintptr_t)r->ops; break;
	case BAD_OP_FLAGS: op->flags = 0x2; break;
	case BAD_OP_IOVA: op->iova += 0x100; break;
	case BAD_OP_OFFSET: op->obj_offset = 0x100; break;
	case BAD_OP_RANGE: op->range = page + 0x100; break;
	case BAD_OP_BELOW_VM: op->iova = t->dev->va_start - page; break;
	case BAD_OP_PAST_VM: op->iova = t->dev->va_start + t->dev->va_size - page; break;
	case BAD_OP_WRAPS: op->iova = ~(page - 1); break;
	case BAD_OP_MAP_NO_HANDLE: op->handle = 0; break;
	case BAD_OP_UNMAP_HANDLE: op->op = MSM_VM_BIND_OP_UNMAP; break;
	case BAD_OP_MAP_NULL_HANDLE: op->op = MSM_VM_BIND_OP_MAP_NULL; break;
	case BAD_OP_OP: op->op = MSM_VM_BIND_OP_MAP_NULL + 1; break;
	case BAD_OP_HANDLE: op->handle = 0x777; break;
	}
	if (r->req.in_syncobjs || r->req.out_syncobjs) {
		r->req.nr_in_syncobjs = r->req.in_syncobjs ? 1 : 0;
		r->req.nr_out_syncobjs = r->req.out_syncobjs ? 1 : 0;
	}
}

/* The request with one field off fails with @b's errno; the valid one then works. */
static void one_field_off(const struct bad_request *b)
{
	struct msm_vm_bind_request r;
	struct drm_msm_vm_bind_op op;
	struct drm_msm_syncobj so;
	struct msm_bo *bo;
	struct vb t;

	vb_open(&t);
	bo = msm_bo_new_unmapped(t.dev, 2 * page, MSM_BO_WC);
	op = msm_bind_map(bo, 0, msm_va_alloc(t.dev, 2 * page), 2 * page);
	so = syncobj_at(new_syncobj(t.dev, true), 0, 0);
	msm_vm_bind_request_init(&r, t.vmq, &op, 1);
	break_field(&t, b->field, &r, &so);
	igt_assert_errno(as_errno(__msm_vm_bind_ioctl(t.dev, &r.req)), b->err, b->rule);
	msm_vm_bind_request_init(&r, t.vmq, &op, 1);
	igt_assert_eq(__msm_vm_bind_ioctl(t.dev, &r.req), 0);
	msm_bo_free(bo);
	vb_close(&t);
}

static void request_layout_subtests(void)
{
	igt_describe("op_stride is not used: the kernel steps through ops[] by its own size");
	igt_subtest("op-stride-ignored") {
		struct drm_msm_vm_bind_op ops[2];
		struct msm_vm_bind_request r;
		struct msm_bo *a, *b;
		struct vb t;
		uint64_t va;

		vb_open_two_pages(&t, &a, &b);
		va = msm_va_alloc(t.dev, 2 * page);
		ops[0] = msm_bind_map(a, 0, va, page);
		ops[1] = msm_bind_map(b, 0, va + page, page);
		msm_vm_bind_request_init(&r, t.vmq, ops, 2);
		r.req.op_stride = 3;	/* vm_bind_job_lookup_ops: args->ops + i * sizeof(op) */
		igt_assert_eq(__msm_vm_bind_ioctl(t.dev, &r.req), 0);
		bind_one_sync(&t, msm_bind_unmap(msm_va_alloc(t.dev, page), page));
		gpu_write(&t, va + page, 2);
		igt_assert_eq_u32(msm_bo_read32(b, 0), 2);
		vb_close_two_pages(&t, a, b);
	}

	igt_describe("an op's pad is not looked at");
	igt_subtest("op-pad-ignored") {
		struct msm_vm_bind_request r;
		struct drm_msm_vm_bind_op op;
		struct msm_bo *bo;
		struct vb t;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		op = msm_bind_map(bo, 0, msm_va_alloc(t.dev, page), page);
		op.pad = ~0u;
		msm_vm_bind_request_init(&r, t.vmq, &op, 1);
		igt_assert_eq(__msm_vm_bind_ioctl(t.dev, &r.req), 0);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("syncobj_stride larger than the struct: entries are read at that stride");
	igt_subtest("syncobj-stride-larger") {
		struct drm_msm_syncobj sos[4];
		struct msm_vm_bind_request r;
		struct vb t;

		vb_open(&t);
		memset(sos, 0, sizeof(sos));
		sos[0] = syncobj_at(new_syncobj(t.dev, true), 0, 0);
		sos[2] = syncobj_at(new_syncobj(t.dev, true), 0, 0);
		msm_vm_bind_request_init(&r, t.vmq, NULL, 0);
		r.req.in_syncobjs = (uintptr_t)sos;
		r.req.nr_in_syncobjs = 2;
		r.req.syncobj_stride = 2 * sizeof(sos[0]);	/* sos[1] is skipped over */
		igt_assert_eq(__msm_vm_bind_ioctl(t.dev, &r.req), 0);
		vb_close(&t);
	}

	igt_describe("the ops of one request apply in order: MAP, UNMAP, MAP of another BO");
	igt_subtest("ops-apply-in-order") {
		struct drm_msm_vm_bind_op ops[3];
		struct msm_bo *a, *b;
		struct vb t;
		uint64_t va;

		vb_open_two_pages(&t, &a, &b);
		va = msm_va_alloc(t.dev, page);
		ops[0] = msm_bind_map(a, 0, va, page);
		ops[1] = msm_bind_unmap(va, page);
		ops[2] = msm_bind_map(b, 0, va, page);
		msm_vm_bind_sync(t.vmq, ops, 3);
		gpu_write(&t, va, 0xb);
		igt_assert_eq_u32(msm_bo_read32(b, 0), 0xb);
		igt_assert_eq_u32(msm_bo_read32(a, 0), 0);
		vb_close_two_pages(&t, a, b);
	}

	igt_describe("a MAP of a BO marked DONTNEED is EBUSY");
	igt_subtest("op-map-dontneed-ebusy") {
		struct msm_bo *bo;
		struct vb t;
		struct drm_msm_vm_bind_op op;

		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		igt_assert_eq(__msm_bo_madvise(bo, MSM_MADV_DONTNEED, NULL), 0);
		op = msm_bind_map(bo, 0, msm_va_alloc(t.dev, page), page);
		igt_assert_errno(as_errno(__msm_vm_bind(t.vmq, &op, 1, NULL)), EBUSY,
				 "vm_bind_job_pin_objects: msm_gem_get_pages_locked of a "
				 "DONTNEED object, \"invalid madv state\"");
		msm_bo_free(bo);
		vb_close(&t);
	}
}

static void validation_subtests(void)
{
	array_for_each(c, bad_requests) {
		igt_describe_f("%s: one field off a valid VM_BIND is %s", c->rule,
			       strerror(c->err));
		igt_subtest_f("invalid-%s", c->name)
			one_field_off(c);
	}
	request_layout_subtests();
}

/* ---- the fixes since 6.17, by patch --------------------------------------------------- */

/*
 * "skip re-emitting IBs for unusable VMs": a submit of the faulting VM
 * already on the ring behind the faulting one is replayed without its
 * IBs after recovery (its fence still signals); another VM's is replayed
 * whole.
 */
static void replay_after_fault(struct vb *bad, struct vb *other)
{
	struct msm_bo *gate = msm_bo_new(bad->dev, page);
	struct msm_bo *mine = msm_bo_new(bad->dev, page), *theirs = msm_bo_new(other->dev, page);
	struct msm_cs *fault = gated_write_iova(bad, gate, msm_va_alloc(bad->dev, page), 1);
	struct msm_cs *behind = msm_cs_new(bad->dev, 16), *innocent = msm_cs_new(other->dev, 16);
	uint32_t f_fault, f_behind, f_innocent;

	msm_cs_mem_write32(behind, mine, 0, 0xbe11);
	msm_cs_mem_write32(innocent, theirs, 0, 0x1220);
	f_fault = msm_cs_submit(fault, bad->q);
	f_behind = msm_cs_submit(behind, bad->q);
	f_innocent = msm_cs_submit(innocent, other->q);
	msm_bo_write32(gate, 0, 1);
	igt_assert_eq(__msm_wait_fence(bad->q, f_fault, TIMEOUT), 0);
	igt_assert_eq(__msm_wait_fence(bad->q, f_behind, TIMEOUT), 0);
	igt_assert_eq(__msm_wait_fence(other->q, f_innocent, TIMEOUT), 0);
	igt_assert_eq_u32(queue_faults(bad->q), 1);
	igt_assert_eq_u32(msm_bo_read32(mine, 0), 0);
	igt_assert_eq_u32(msm_bo_read32(theirs, 0), 0x1220);
	msm_cs_free(fault);
	msm_cs_free(behind);
	msm_cs_free(innocent);
	msm_bo_free(theirs);
	msm_bo_free(mine);
	msm_bo_free(gate);
}

static void fix_subtests_617(void)
{
	igt_describe("drm/msm: Handle in-place remaps (6.17-rc4) — a MAP that restates a "
		     "mapping changes its flags only: no page-table work that could collide");
	igt_subtest("fix-handle-in-place-remaps") {
		struct drm_msm_vm_bind_op again;
		struct msm_bo *bo;
		struct vb t;
		uint64_t va;

		require_change(MSM_FIX_IN_PLACE_REMAP);
		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, page, MSM_BO_WC);
		va = msm_va_alloc(t.dev, page);
		/*
		 * Queue 2's restated MAP (with DUMP) runs first. Were it an
		 * unmap and a map, queue 1's MAP would then find the range
		 * mapped (-EEXIST) and spoil the VM.
		 */
		again = msm_bind_map(bo, 0, va, page);
		again.flags = MSM_VM_BIND_OP_DUMP;
		two_queue_binds(&t, bo, va, again);
		gpu_write(&t, va + 0x10, 0x1dea);
		igt_assert_eq_u32(msm_bo_read32(bo, 0x10), 0x1dea);
		igt_assert_eq_u32(queue_faults(t.q), 0);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("drm/msm: skip re-emitting IBs for unusable VMs (6.17-rc4) — after a "
		     "fault the faulting VM's submits on the ring do not run again; other VMs' do");
	igt_subtest("fix-skip-re-emitting-ibs-for-unusable-vms") {
		struct vb bad, other;

		require_change(MSM_FIX_SKIP_IBS_UNUSABLE_VM);
		vb_open(&bad);
		vb_open(&other);
		replay_after_fault(&bad, &other);
		vb_close(&other);
		vb_close(&bad);
	}

	igt_describe("drm/msm: Defer fd_install in SUBMIT and VM_BIND (6.17-rc4) — a VM_BIND "
		     "that fails after it reserved the out-fence's fd leaves no fd behind");
	igt_subtest("fix-defer-fd-install") {
		struct msm_vm_bind_request r;
		struct drm_msm_vm_bind_op op;
		struct vb t;
		int before;

		require_change(MSM_FIX_DEFER_FD_INSTALL);
		vb_open(&t);
		op = msm_bind_map(&(struct msm_bo){ .handle = 0x777 }, 0,
				  msm_va_alloc(t.dev, page), page);
		msm_vm_bind_request_init(&r, t.vmq, &op, 1);
		r.req.flags = MSM_VM_BIND_FENCE_FD_OUT;
		before = msm_lowest_free_fd();
		igt_assert_errno(as_errno(__msm_vm_bind_ioctl(t.dev, &r.req)), EINVAL,
				 "vm_bind_job_lookup_ops: \"invalid handle\"");
		igt_assert_eq(msm_lowest_free_fd(), before);
		vb_close(&t);
	}
}

/* What the harness holds of a BO whose file was closed: its CPU mapping and struct. */
static void forget_bo(struct msm_bo *bo)
{
	if (bo->map)
		munmap(bo->map, bo->size);
	free(bo);
}

/*
 * "make sure last_fence is always updated": close a VM_BIND file while a
 * submit of it waits for a gate that a child opens after a while. Close
 * waits for it (msm_gem_vm_close waits for last_fence, which takes
 * VM_BIND-mode submits from 6.18), so the mappings stay until it wrote.
 */
static void close_with_running_submit(struct vb *t)
{
	struct msm_bo *gate = msm_bo_new(t->dev, page), *bo = msm_bo_new(t->dev, page);
	struct msm_cs *w = gated_write_iova(t, gate, bo->iova + 0x10, 0x1a57);
	volatile uint32_t *cpu_gate = msm_bo_map(gate), *cpu = msm_bo_map(bo);
	int status;
	pid_t child;

	msm_cs_submit(w, t->q);
	child = fork();
	igt_assert(child >= 0);
	if (child == 0) {
		usleep(100 * 1000);
		cpu_gate[0] = 1;
		_exit(0);
	}
	free(t->q);
	free(t->vmq);
	msm_device_close(t->dev);
	igt_assert_eq_u32(cpu_gate[0], 1);
	igt_assert_eq_u32(cpu[0x10 / 4], 0x1a57);
	igt_assert_eq(waitpid(child, &status, 0), child);
	forget_bo(w->cmd_bo);
	free(w);
	forget_bo(gate);
	forget_bo(bo);
}

static void fix_subtests_618(void)
{
	igt_describe("drm/msm: make sure last_fence is always updated (6.18-rc4) — closing a "
		     "VM_BIND file waits for its running submits before the mappings go");
	igt_subtest("fix-make-sure-last-fence-is-always-updated") {
		struct vb t;

		require_change(MSM_FIX_LAST_FENCE);
		vb_open(&t);
		close_with_running_submit(&t);
	}

	igt_describe("drm/msm: Fix missing VM_BIND offset/range validation (6.18, 6.17.3) — "
		     "a range past the object's end is EINVAL");
	igt_subtest("fix-missing-vm-bind-offset-range-validation") {
		const uint64_t ranges[][2] = {	/* obj_offset, range of a 2-page BO */
			{ 0, 3 }, { 1, 2 }, { 2, 1 }, { 3, 1 },
		};
		struct msm_bo *bo;
		struct vb t;

		require_change(MSM_FIX_VM_BIND_RANGE_CHECK);
		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, 2 * page, MSM_BO_WC);
		for (size_t i = 0; i < ARRAY_SIZE(ranges); i++) {
			struct drm_msm_vm_bind_op op =
				msm_bind_map(bo, ranges[i][0] * page,
					     msm_va_alloc(t.dev, ranges[i][1] * page),
					     ranges[i][1] * page);

			igt_assert_errno(as_errno(__msm_vm_bind(t.vmq, &op, 1, NULL)), EINVAL,
					 "vm_bind_job_lookup_ops: obj_offset + range > obj->size");
		}
		/* the whole object, and its last page alone, are fine */
		map_new(&t, bo, 0, 2 * page);
		map_new(&t, bo, page, page);
		msm_bo_free(bo);
		vb_close(&t);
	}

	igt_describe("drm/msm: Reject MAP_NULL op if no PRR (6.18-rc4) — without PRR a "
		     "MAP_NULL is EINVAL");
	igt_subtest("fix-reject-map-null-op-if-no-prr") {
		struct drm_msm_vm_bind_op op;
		struct vb t;

		require_change(MSM_FIX_MAP_NULL_NEEDS_PRR);
		igt_require_f(!has_prr, "this GPU has PRR: MAP_NULL is valid here\n");
		vb_open(&t);
		op = msm_bind_map_null(msm_va_alloc(t.dev, page), page);
		igt_assert_errno(as_errno(__msm_vm_bind(t.vmq, &op, 1, NULL)), EINVAL,
				 "lookup_op: MAP_NULL and !adreno_smmu_has_prr, \"PRR not "
				 "supported\"");
		vb_close(&t);
	}

	igt_describe("drm/msm: Ensure vm is created in VM_BIND ioctl (6.18-rc4) — VM_BIND as "
		     "the file's first use of its VM is an error, not an oops");
	igt_subtest("fix-ensure-vm-is-created-in-vm-bind-ioctl") {
		struct drm_msm_param en = { .pipe = MSM_PIPE_3D0, .param = MSM_PARAM_EN_VM_BIND,
					    .value = 1 };
		struct drm_msm_vm_bind req = { .queue_id = 0x777 };
		int fd;

		require_change(MSM_FIX_VM_BIND_MAKES_VM);
		fd = drmsub_open_driver("msm");
		igt_assert_eq(drmIoctl(fd, DRM_IOCTL_MSM_SET_PARAM, &en), 0);
		/* msm_context_vm makes the VM, then the queue lookup fails */
		igt_assert_errno(drmIoctl(fd, DRM_IOCTL_MSM_VM_BIND, &req), ENOENT,
				 "msm_ioctl_vm_bind: msm_submitqueue_get finds no queue 0x777");
		close(fd);
	}

	igt_describe("drm/msm: Fix 32b size truncation (6.18) — the page past 4 GiB of a "
		     "larger BO binds and takes writes");
	igt_subtest("fix-32b-size-truncation") {
		uint64_t size = (1ull << 32) + page;
		struct msm_bo *bo;
		struct vb t;
		uint64_t va;

		require_change(MSM_FIX_32B_SIZE);
		vb_open(&t);
		bo = msm_bo_new_unmapped(t.dev, size, MSM_BO_WC);
		va = map_new(&t, bo, 1ull << 32, page);
		gpu_write(&t, va + 0x40, 0x4a11);
		igt_assert_eq_u32(msm_bo_read32(bo, (1ull << 32) + 0x40), 0x4a11);
		msm_bo_free(bo);
		vb_close(&t);
	}
}

static void fix_subtests(void)
{
	fix_subtests_617();
	fix_subtests_618();
}

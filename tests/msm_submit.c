// SPDX-License-Identifier: MIT
/*
 * msm_submit: GEM_SUBMIT and its fences — every documented bad input with
 * the kernel's errno (msm_gem_submit.c, in its validation order), each
 * one field off a valid request; per-queue fence ids; WAIT_FENCE. Fence
 * fds, syncobjs and implicit sync are in msm_sync, queues in msm_queue.
 */
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "msm/adreno_pm4.xml.h"
#include "msm/cs.h"
#include "msm/rules.h"
#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm GEM_SUBMIT validation and errno, per-queue fence ids and WAIT_FENCE.");

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *dst;
static struct msm_cs *cs;	/* one CP_MEM_WRITE into dst: a valid request */

static int submit(struct msm_submit_request *r)
{
	return drmIoctl(dev->fd, DRM_IOCTL_MSM_GEM_SUBMIT, &r->req);
}

static void valid(struct msm_submit_request *r)
{
	msm_submit_request_init(r, cs, q);
}

/* @r waits for the syncobjs of @in / signals those of @out (one entry each). */
static void with_in_syncobj(struct msm_submit_request *r, struct drm_msm_gem_submit_syncobj *in)
{
	r->req.flags |= MSM_SUBMIT_SYNCOBJ_IN;
	r->req.in_syncobjs = (uintptr_t)in;
	r->req.nr_in_syncobjs = 1;
}

static void with_out_syncobj(struct msm_submit_request *r, struct drm_msm_gem_submit_syncobj *out)
{
	r->req.flags |= MSM_SUBMIT_SYNCOBJ_OUT;
	r->req.out_syncobjs = (uintptr_t)out;
	r->req.nr_out_syncobjs = 1;
}

static int wait_fence_flags(struct msm_queue *queue, uint32_t fence, uint32_t flags)
{
	struct drm_msm_wait_fence req = {
		.fence = fence, .flags = flags, .timeout = msm_deadline_in(0), .queueid = queue->id,
	};

	return drmIoctl(dev->fd, DRM_IOCTL_MSM_WAIT_FENCE, &req);
}

igt_main
{
	igt_fixture {
		dev = msm_device_open();
		q = msm_queue_new(dev, 0);
		dst = msm_bo_new(dev, 4096);
		cs = msm_cs_new(dev, 64);
		msm_cs_mem_write32(cs, dst, 0x40, 0xcafe0001);
	}

	/* ---- valid submits and fence ids ---------------------------------- */

	igt_describe("a submit with no command buffers is valid and gets a fence");
	igt_subtest("empty-submit") {
		struct msm_cs *empty = msm_cs_new(dev, 1);
		uint32_t fence = msm_cs_submit(empty, q);

		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		msm_cs_free(empty);
	}

	igt_describe("a CP_NOP command buffer submits and retires");
	igt_subtest("valid-submit") {
		struct msm_cs *nop = msm_cs_new(dev, 8);

		msm_cs_nop(nop, 3);
		msm_cs_submit_wait(nop, q, NSEC_PER_SEC);
		msm_cs_free(nop);
	}

	igt_describe("a valid submit writes memory: the value lands, the next word stays");
	igt_subtest("submit-writes-memory") {
		msm_bo_write32(dst, 0x44, 0x5a5a5a5a);
		msm_cs_submit_wait(cs, q, NSEC_PER_SEC);
		igt_assert_eq_u32(msm_bo_read32(dst, 0x40), 0xcafe0001);
		igt_assert_eq_u32(msm_bo_read32(dst, 0x44), 0x5a5a5a5a);
	}

	igt_describe("fence ids count from 1 on each new queue, independently");
	igt_subtest("fence-ids-per-queue") {
		struct msm_queue *q2 = msm_queue_new(dev, 0), *q3 = msm_queue_new(dev, 0);

		igt_assert_eq_u32(msm_cs_submit(cs, q2), 1);
		igt_assert_eq_u32(msm_cs_submit(cs, q2), 2);
		igt_assert_eq_u32(msm_cs_submit(cs, q3), 1);
		igt_assert_eq_u32(msm_cs_submit(cs, q2), 3);
		igt_assert_eq(__msm_wait_fence(q2, 3, NSEC_PER_SEC), 0);
		msm_queue_free(q2);
		msm_queue_free(q3);
	}

	igt_describe("every file has the default submit queue 0");
	igt_subtest("default-queue") {
		struct msm_queue q0 = { .dev = dev, .id = 0 };

		msm_cs_submit_wait(cs, &q0, NSEC_PER_SEC);
	}

	igt_describe("FENCE_SN_IN: the submit takes the fence id userspace chose");
	igt_subtest("fence-sn-in") {
		struct msm_queue *q2 = msm_queue_new(dev, 0);
		struct msm_submit_request r;

		msm_submit_request_init(&r, cs, q2);
		r.req.flags |= MSM_SUBMIT_FENCE_SN_IN;
		r.req.fence = 100;
		igt_assert_eq(submit(&r), 0);
		igt_assert_eq_u32(r.req.fence, 100);
		igt_assert_eq(__msm_wait_fence(q2, 100, NSEC_PER_SEC), 0);
		msm_queue_free(q2);
	}

	/* ---- WAIT_FENCE ----------------------------------------------------- */

	igt_describe("WAIT_FENCE on a retired fence returns 0 at once");
	igt_subtest("wait-fence-retired") {
		uint32_t fence = msm_cs_submit(cs, q);

		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		igt_assert_eq(__msm_wait_fence(q, fence, 0), 0);
	}

	igt_describe("WAIT_FENCE on an id the queue never issued is EINVAL");
	igt_subtest("wait-fence-never-issued") {
		uint32_t fence = msm_cs_submit(cs, q);

		igt_assert_errno(wait_fence_flags(q, fence + 10, 0), EINVAL,
				 "msm wait_fence: fence_after(id, queue->last_fence) is EINVAL");
	}

	igt_describe("WAIT_FENCE on a busy fence times out with ETIMEDOUT");
	igt_subtest("wait-fence-timeout") {
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_cs *g = gated_write(dev, gate, dst, 0x80, 1);
		uint32_t fence = msm_cs_submit(g, q);

		igt_assert_eq(__msm_wait_fence(q, fence, 10 * 1000 * 1000), -ETIMEDOUT);
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		msm_cs_free(g);
		msm_bo_free(gate);
	}

	igt_describe("WAIT_FENCE rejects unknown flags");
	igt_subtest("wait-fence-bad-flags")
		igt_assert_errno(wait_fence_flags(q, 1, 0x100), EINVAL,
				 "msm_ioctl_wait_fence: flags outside MSM_WAIT_FENCE_FLAGS are EINVAL");

	igt_describe("WAIT_FENCE on an unknown queue is ENOENT");
	igt_subtest("wait-fence-bad-queue") {
		struct msm_queue bad = { .dev = dev, .id = 0x1234 };

		igt_assert_errno(wait_fence_flags(&bad, 1, 0), ENOENT,
				 "msm_ioctl_wait_fence: unknown submitqueue id is ENOENT");
	}

	/* ---- GEM_SUBMIT: each bad field, in the kernel's order -------------- */

	igt_describe("GEM_SUBMIT checks pad first");
	igt_subtest("invalid-pad") {
		struct msm_submit_request r;

		valid(&r);
		r.req.pad = 1;
		igt_assert_errno(submit(&r), EINVAL, "msm_ioctl_gem_submit: pad != 0 is EINVAL");
	}

	igt_describe("GEM_SUBMIT accepts only the 3D pipe");
	igt_subtest("invalid-pipe") {
		struct msm_submit_request r;

		valid(&r);
		r.req.flags = (r.req.flags & ~MSM_PIPE_ID_MASK) | MSM_PIPE_2D0;
		igt_assert_errno(submit(&r), EINVAL, "msm_ioctl_gem_submit: pipe != MSM_PIPE_3D0 is EINVAL");
	}

	igt_describe("GEM_SUBMIT rejects unknown flag bits");
	igt_subtest("invalid-flags") {
		struct msm_submit_request r;

		valid(&r);
		r.req.flags |= 0x01000000;
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_ioctl_gem_submit: flags outside MSM_SUBMIT_FLAGS are EINVAL");
	}

	igt_describe("SUDO submits need CONFIG_DRM_MSM_GPU_SUDO and CAP_SYS_RAWIO");
	igt_subtest("invalid-sudo") {
		struct msm_submit_request r;

		valid(&r);
		r.req.flags |= MSM_SUBMIT_SUDO;
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_ioctl_gem_submit: SUDO without GPU_SUDO/CAP_SYS_RAWIO is EINVAL");
	}

	igt_describe("GEM_SUBMIT on an unknown queue id");
	igt_subtest("invalid-queue") {
		struct msm_submit_request r;

		valid(&r);
		r.req.queueid = 0x1234;
		igt_assert_errno(submit(&r), ENOENT, "msm_ioctl_gem_submit: unknown submitqueue id is ENOENT");
	}

	igt_describe("FENCE_FD_IN with an fd that is not a sync_file");
	igt_subtest("invalid-in-fence-fd") {
		struct msm_submit_request r;

		valid(&r);
		r.req.flags |= MSM_SUBMIT_FENCE_FD_IN;
		r.req.fence_fd = dev->fd;
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_ioctl_gem_submit: sync_file_get_fence() NULL is EINVAL");
	}

	igt_describe("SYNCOBJ_IN with a handle this file doesn't have");
	igt_subtest("invalid-in-syncobj-handle") {
		struct drm_msm_gem_submit_syncobj in = sobj(0x777, 0);
		struct msm_submit_request r;

		valid(&r);
		with_in_syncobj(&r, &in);
		igt_assert_errno(submit(&r), ENOENT,
				 "msm_syncobj_parse_deps: drm_syncobj_find_fence, unknown handle is ENOENT");
	}

	igt_describe("SYNCOBJ_IN on a syncobj that has no fence yet");
	igt_subtest("in-syncobj-without-fence") {
		struct drm_msm_gem_submit_syncobj in = sobj(new_syncobj(dev, false), 0);
		struct msm_submit_request r;

		valid(&r);
		with_in_syncobj(&r, &in);
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_syncobj_parse_deps: drm_syncobj_find_fence without a fence is EINVAL");
	}

	igt_describe("SYNCOBJ_IN entries take only the RESET flag");
	igt_subtest("invalid-in-syncobj-flags") {
		struct drm_msm_gem_submit_syncobj in = sobj(new_syncobj(dev, true), 0x10);
		struct msm_submit_request r;

		valid(&r);
		with_in_syncobj(&r, &in);
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_syncobj_parse_deps: flags outside MSM_SUBMIT_SYNCOBJ_FLAGS are EINVAL");
	}

	igt_describe("a timeline point on a kernel without msm timeline syncobjs");
	igt_subtest("in-syncobj-point-unsupported") {
		struct drm_msm_gem_submit_syncobj in = sobj(new_syncobj(dev, true), 0);
		struct msm_submit_request r;
		uint64_t cap = 0;

		drmGetCap(dev->fd, DRM_CAP_SYNCOBJ_TIMELINE, &cap);
		igt_require_f(!cap, "the kernel supports timeline syncobjs on msm\n");
		in.point = 1;
		valid(&r);
		with_in_syncobj(&r, &in);
		igt_assert_errno(submit(&r), EOPNOTSUPP,
				 "msm_syncobj_parse_deps: a point without DRIVER_SYNCOBJ_TIMELINE is EOPNOTSUPP");
	}

	igt_describe("SYNCOBJ_OUT with a handle this file doesn't have");
	igt_subtest("invalid-out-syncobj-handle") {
		struct drm_msm_gem_submit_syncobj out = sobj(0x777, 0);
		struct msm_submit_request r;

		valid(&r);
		with_out_syncobj(&r, &out);
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_syncobj_parse_post_deps: unknown handle is EINVAL");
	}

	igt_describe("SYNCOBJ_OUT entries take no flags");
	igt_subtest("invalid-out-syncobj-flags") {
		struct drm_msm_gem_submit_syncobj out = sobj(new_syncobj(dev, false), MSM_SUBMIT_SYNCOBJ_RESET);
		struct msm_submit_request r;

		valid(&r);
		with_out_syncobj(&r, &out);
		igt_assert_errno(submit(&r), EINVAL, "msm_syncobj_parse_post_deps: flags != 0 are EINVAL");
	}

	igt_describe("a BO entry with unknown flag bits");
	igt_subtest("invalid-bo-flags") {
		struct msm_submit_request r;

		valid(&r);
		r.bos[0].flags |= 0x100;
		igt_assert_errno(submit(&r), EINVAL,
				 "submit_lookup_objects: flags outside MSM_SUBMIT_BO_FLAGS are EINVAL");
	}

	igt_describe("a BO entry must be read, written or both");
	igt_subtest("bo-neither-read-nor-write") {
		struct msm_submit_request r;

		valid(&r);
		r.bos[0].flags = MSM_SUBMIT_BO_DUMP;
		igt_assert_errno(submit(&r), EINVAL,
				 "submit_lookup_objects: neither READ nor WRITE is EINVAL");
	}

	igt_describe("a BO handle this file doesn't have is EINVAL, not ENOENT");
	igt_subtest("invalid-bo-handle") {
		struct msm_submit_request r;

		valid(&r);
		r.bos[0].handle = 0xdead;
		igt_assert_errno(submit(&r), EINVAL, "submit_lookup_objects: unknown handle is EINVAL");
	}

	igt_describe("a BO table the kernel cannot read");
	igt_subtest("bos-fault") {
		struct msm_submit_request r;

		valid(&r);
		r.req.bos = 8;
		igt_assert_errno(submit(&r), EFAULT, "submit_lookup_objects: copy_from_user fails with EFAULT");
	}

	igt_describe("a command of unknown type");
	igt_subtest("invalid-cmd-type") {
		struct msm_submit_request r;

		valid(&r);
		r.cmd.type = 0x1234;
		igt_assert_errno(submit(&r), EINVAL, "submit_lookup_cmds: an unknown cmd type is EINVAL");
	}

	igt_describe("a command size that is not whole dwords");
	igt_subtest("invalid-cmd-size-unaligned") {
		struct msm_submit_request r;

		valid(&r);
		r.cmd.size -= 2;
		igt_assert_errno(submit(&r), EINVAL, "submit_lookup_cmds: size % 4 != 0 is EINVAL");
	}

	igt_describe("a command table the kernel cannot read");
	igt_subtest("cmds-fault") {
		struct msm_submit_request r;

		valid(&r);
		r.req.cmds = 8;
		igt_assert_errno(submit(&r), EFAULT, "submit_lookup_cmds: copy_from_user fails with EFAULT");
	}

	igt_describe("the same BO twice in one submit (EINVAL before drm_exec, EALREADY since 6.8)");
	igt_subtest("invalid-duplicate-bo") {
		int expected = rule_errno(MSM_RULE_SUBMIT_DUPLICATE_BO);
		struct msm_submit_request r;

		valid(&r);
		r.bos[r.req.nr_bos] = r.bos[0];
		r.bos[r.req.nr_bos].flags = MSM_SUBMIT_BO_READ;
		r.req.nr_bos++;
		igt_assert_errno(submit(&r), expected, msm_rules[MSM_RULE_SUBMIT_DUPLICATE_BO].rule);
	}

	igt_describe("a command naming a BO index past the table");
	igt_subtest("invalid-cmd-idx") {
		struct msm_submit_request r;

		valid(&r);
		r.cmd.submit_idx = r.req.nr_bos;
		igt_assert_errno(submit(&r), EINVAL, "submit_bo: idx >= nr_bos is EINVAL");
	}

	igt_describe("a command of zero bytes");
	igt_subtest("invalid-cmd-size-zero") {
		struct msm_submit_request r;

		valid(&r);
		r.cmd.size = 0;
		igt_assert_errno(submit(&r), EINVAL, "msm_ioctl_gem_submit: cmd size 0 is EINVAL");
	}

	igt_describe("a command that runs past the end of its BO");
	igt_subtest("invalid-cmd-past-bo") {
		struct msm_submit_request r;

		valid(&r);
		r.cmd.submit_offset = 4096 - 4;
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_ioctl_gem_submit: size + offset beyond the BO is EINVAL");
	}

	igt_describe("relocations are refused from a6xx on");
	igt_subtest("relocs-not-allowed") {
		struct drm_msm_gem_submit_reloc reloc = { .submit_offset = 4, .reloc_idx = 0 };
		struct msm_submit_request r;

		igt_require_f(dev->gen >= 6, "a%uxx still allows relocs\n", dev->gen);
		valid(&r);
		r.cmd.nr_relocs = 1;
		r.cmd.relocs = (uintptr_t)&reloc;
		igt_assert_errno(submit(&r), EINVAL, "msm_ioctl_gem_submit: relocs not allowed (a6xx+)");
	}

	igt_describe("FENCE_SN_IN with fence id 0");
	igt_subtest("invalid-fence-sn-zero") {
		struct msm_submit_request r;

		valid(&r);
		r.req.flags |= MSM_SUBMIT_FENCE_SN_IN;
		r.req.fence = 0;
		igt_assert_errno(submit(&r), EINVAL, "msm_ioctl_gem_submit: in-fence-sn 0 is EINVAL");
	}

	igt_describe("FENCE_SN_IN with an id still in use on the queue");
	igt_subtest("invalid-fence-sn-in-use") {
		struct msm_bo *gate = msm_bo_new(dev, 4096);
		struct msm_cs *g = gated_write(dev, gate, dst, 0x80, 1);
		uint32_t busy = msm_cs_submit(g, q);
		struct msm_submit_request r;

		valid(&r);
		r.req.flags |= MSM_SUBMIT_FENCE_SN_IN;
		r.req.fence = busy;
		igt_assert_errno(submit(&r), EINVAL,
				 "msm_ioctl_gem_submit: an in-fence-sn in the queue's idr is EINVAL");
		msm_bo_write32(gate, 0, 1);
		igt_assert_eq(__msm_wait_fence(q, busy, NSEC_PER_SEC), 0);
		msm_cs_free(g);
		msm_bo_free(gate);
	}

	igt_fixture {
		msm_cs_free(cs);
		msm_bo_free(dst);
		msm_queue_free(q);
		msm_device_close(dev);
	}
}

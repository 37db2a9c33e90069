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

/*
 * GEM_SUBMIT's checks of one field each, in msm_ioctl_gem_submit's order:
 * a valid request (the fixture's stream on its queue) with that one field
 * spoilt gets the errno of the kernel rule named beside it.
 */
struct bad_submit {
	const char *name, *what;
	void (*spoil)(struct msm_submit_request *r);
	int err;
	const char *rule;
};

static void pad_nonzero(struct msm_submit_request *r)
{
	r->req.pad = 1;
}

static void pipe_2d(struct msm_submit_request *r)
{
	r->req.flags = (r->req.flags & ~MSM_PIPE_ID_MASK) | MSM_PIPE_2D0;
}

static void flags_unknown(struct msm_submit_request *r)
{
	r->req.flags |= 0x01000000;
}

static void flags_sudo(struct msm_submit_request *r)
{
	r->req.flags |= MSM_SUBMIT_SUDO;
}

static void queue_unknown(struct msm_submit_request *r)
{
	r->req.queueid = 0x1234;
}

static void in_fence_not_sync_file(struct msm_submit_request *r)
{
	r->req.flags |= MSM_SUBMIT_FENCE_FD_IN;
	r->req.fence_fd = dev->fd;
}

/*
 * @r waits for (@out: signals) the syncobj of @s, one entry, kept here,
 * where it outlives the submit.
 */
static void with_one_syncobj(struct msm_submit_request *r, bool out,
			     struct drm_msm_gem_submit_syncobj s)
{
	static struct drm_msm_gem_submit_syncobj entry[2];

	entry[out] = s;
	with_syncobjs(r, out, &entry[out], 1);
}

static void in_syncobj_unknown(struct msm_submit_request *r)
{
	with_one_syncobj(r, false, sobj(0x777, 0));
}

static void in_syncobj_unfenced(struct msm_submit_request *r)
{
	with_one_syncobj(r, false, sobj(new_syncobj(dev, false), 0));
}

static void in_syncobj_bad_flags(struct msm_submit_request *r)
{
	with_one_syncobj(r, false, sobj(new_syncobj(dev, true), 0x10));
}

static void in_syncobj_point(struct msm_submit_request *r)
{
	struct drm_msm_gem_submit_syncobj in = sobj(new_syncobj(dev, true), 0);
	uint64_t cap = 0;

	drmGetCap(dev->fd, DRM_CAP_SYNCOBJ_TIMELINE, &cap);
	igt_require_f(!cap, "the kernel supports timeline syncobjs on msm\n");
	in.point = 1;
	with_one_syncobj(r, false, in);
}

static void out_syncobj_unknown(struct msm_submit_request *r)
{
	with_one_syncobj(r, true, sobj(0x777, 0));
}

static void out_syncobj_flags(struct msm_submit_request *r)
{
	with_one_syncobj(r, true, sobj(new_syncobj(dev, false), MSM_SUBMIT_SYNCOBJ_RESET));
}

static void bo_flags_unknown(struct msm_submit_request *r)
{
	r->bos[0].flags |= 0x100;
}

static void bo_dump_only(struct msm_submit_request *r)
{
	r->bos[0].flags = MSM_SUBMIT_BO_DUMP;
}

static void bo_handle_unknown(struct msm_submit_request *r)
{
	r->bos[0].handle = 0xdead;
}

static void bos_unreadable(struct msm_submit_request *r)
{
	r->req.bos = 8;
}

static void cmd_type_unknown(struct msm_submit_request *r)
{
	r->cmd.type = 0x1234;
}

static void cmd_size_unaligned(struct msm_submit_request *r)
{
	r->cmd.size -= 2;
}

static void cmds_unreadable(struct msm_submit_request *r)
{
	r->req.cmds = 8;
}

static const struct bad_submit before_bo_lock[] = {
	{ "invalid-pad", "GEM_SUBMIT checks pad first", pad_nonzero,
	  EINVAL, "msm_ioctl_gem_submit: pad != 0 is EINVAL" },
	{ "invalid-pipe", "GEM_SUBMIT accepts only the 3D pipe", pipe_2d,
	  EINVAL, "msm_ioctl_gem_submit: pipe != MSM_PIPE_3D0 is EINVAL" },
	{ "invalid-flags", "GEM_SUBMIT rejects unknown flag bits", flags_unknown,
	  EINVAL, "msm_ioctl_gem_submit: flags outside MSM_SUBMIT_FLAGS are EINVAL" },
	{ "invalid-sudo", "SUDO submits need CONFIG_DRM_MSM_GPU_SUDO and CAP_SYS_RAWIO", flags_sudo,
	  EINVAL, "msm_ioctl_gem_submit: SUDO without GPU_SUDO/CAP_SYS_RAWIO is EINVAL" },
	{ "invalid-queue", "GEM_SUBMIT on an unknown queue id", queue_unknown,
	  ENOENT, "msm_ioctl_gem_submit: unknown submitqueue id is ENOENT" },
	{ "invalid-in-fence-fd", "FENCE_FD_IN with an fd that is not a sync_file",
	  in_fence_not_sync_file,
	  EINVAL, "msm_ioctl_gem_submit: sync_file_get_fence() NULL is EINVAL" },
	{ "invalid-in-syncobj-handle", "SYNCOBJ_IN with a handle this file doesn't have",
	  in_syncobj_unknown,
	  ENOENT, "msm_syncobj_parse_deps: drm_syncobj_find_fence, unknown handle is ENOENT" },
	{ "in-syncobj-without-fence", "SYNCOBJ_IN on a syncobj that has no fence yet",
	  in_syncobj_unfenced,
	  EINVAL, "msm_syncobj_parse_deps: drm_syncobj_find_fence without a fence is EINVAL" },
	{ "invalid-in-syncobj-flags", "SYNCOBJ_IN entries take only the RESET flag",
	  in_syncobj_bad_flags,
	  EINVAL, "msm_syncobj_parse_deps: flags outside MSM_SUBMIT_SYNCOBJ_FLAGS are EINVAL" },
	{ "in-syncobj-point-unsupported", "a timeline point on a kernel without msm timeline syncobjs",
	  in_syncobj_point,
	  EOPNOTSUPP, "msm_syncobj_parse_deps: a point without DRIVER_SYNCOBJ_TIMELINE is EOPNOTSUPP" },
	{ "invalid-out-syncobj-handle", "SYNCOBJ_OUT with a handle this file doesn't have",
	  out_syncobj_unknown,
	  EINVAL, "msm_syncobj_parse_post_deps: unknown handle is EINVAL" },
	{ "invalid-out-syncobj-flags", "SYNCOBJ_OUT entries take no flags", out_syncobj_flags,
	  EINVAL, "msm_syncobj_parse_post_deps: flags != 0 are EINVAL" },
	{ "invalid-bo-flags", "a BO entry with unknown flag bits", bo_flags_unknown,
	  EINVAL, "submit_lookup_objects: flags outside MSM_SUBMIT_BO_FLAGS are EINVAL" },
	{ "bo-neither-read-nor-write", "a BO entry must be read, written or both", bo_dump_only,
	  EINVAL, "submit_lookup_objects: neither READ nor WRITE is EINVAL" },
	{ "invalid-bo-handle", "a BO handle this file doesn't have is EINVAL, not ENOENT",
	  bo_handle_unknown,
	  EINVAL, "submit_lookup_objects: unknown handle is EINVAL" },
	{ "bos-fault", "a BO table the kernel cannot read", bos_unreadable,
	  EFAULT, "submit_lookup_objects: copy_from_user fails with EFAULT" },
	{ "invalid-cmd-type", "a command of unknown type", cmd_type_unknown,
	  EINVAL, "submit_lookup_cmds: an unknown cmd type is EINVAL" },
	{ "invalid-cmd-size-unaligned", "a command size that is not whole dwords", cmd_size_unaligned,
	  EINVAL, "submit_lookup_cmds: size % 4 != 0 is EINVAL" },
	{ "cmds-fault", "a command table the kernel cannot read", cmds_unreadable,
	  EFAULT, "submit_lookup_cmds: copy_from_user fails with EFAULT" },
};

static void cmd_idx_past_table(struct msm_submit_request *r)
{
	r->cmd.submit_idx = r->req.nr_bos;
}

static void cmd_size_zero(struct msm_submit_request *r)
{
	r->cmd.size = 0;
}

static void cmd_past_bo(struct msm_submit_request *r)
{
	r->cmd.submit_offset = 4096 - 4;
}

static void relocs_on_a6xx(struct msm_submit_request *r)
{
	static struct drm_msm_gem_submit_reloc reloc = { .submit_offset = 4, .reloc_idx = 0 };

	igt_require_f(dev->gen >= 6, "a%uxx still allows relocs\n", dev->gen);
	r->cmd.nr_relocs = 1;
	r->cmd.relocs = (uintptr_t)&reloc;
}

static void fence_sn_zero(struct msm_submit_request *r)
{
	r->req.flags |= MSM_SUBMIT_FENCE_SN_IN;
	r->req.fence = 0;
}

/* Behind the BO lock (submit_lock_objects, where a BO named twice is found): the commands. */
static const struct bad_submit after_bo_lock[] = {
	{ "invalid-cmd-idx", "a command naming a BO index past the table", cmd_idx_past_table,
	  EINVAL, "submit_bo: idx >= nr_bos is EINVAL" },
	{ "invalid-cmd-size-zero", "a command of zero bytes", cmd_size_zero,
	  EINVAL, "msm_ioctl_gem_submit: cmd size 0 is EINVAL" },
	{ "invalid-cmd-past-bo", "a command that runs past the end of its BO", cmd_past_bo,
	  EINVAL, "msm_ioctl_gem_submit: size + offset beyond the BO is EINVAL" },
	{ "relocs-not-allowed", "relocations are refused from a6xx on", relocs_on_a6xx,
	  EINVAL, "msm_ioctl_gem_submit: relocs not allowed (a6xx+)" },
	{ "invalid-fence-sn-zero", "FENCE_SN_IN with fence id 0", fence_sn_zero,
	  EINVAL, "msm_ioctl_gem_submit: in-fence-sn 0 is EINVAL" },
};

static void bad_submit_subtests(const struct bad_submit *bad, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		igt_describe(bad[i].what);
		igt_subtest(bad[i].name) {
			struct msm_submit_request r;

			msm_submit_request_init(&r, cs, q);
			bad[i].spoil(&r);
			igt_assert_errno(gem_submit(dev, &r), bad[i].err, bad[i].rule);
		}
	}
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
	igt_fixture
		marker_fixture_open(&dev, &q, &dst, &cs);

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
		msm_cs_run(nop, q);
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
		igt_assert_eq(gem_submit(dev, &r), 0);
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
		struct held_submit busy = held_submit_start(q, dst, 0x80);

		igt_assert_eq(__msm_wait_fence(q, busy.fence, 10 * 1000 * 1000), -ETIMEDOUT);
		held_submit_release(&busy);
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

	bad_submit_subtests(before_bo_lock, ARRAY_SIZE(before_bo_lock));

	igt_describe("the same BO twice in one submit (EINVAL before drm_exec, EALREADY since 6.8)");
	igt_subtest("invalid-duplicate-bo") {
		int expected = rule_errno(MSM_RULE_SUBMIT_DUPLICATE_BO);
		struct msm_submit_request r;

		msm_submit_request_init(&r, cs, q);
		r.bos[r.req.nr_bos] = r.bos[0];
		r.bos[r.req.nr_bos].flags = MSM_SUBMIT_BO_READ;
		r.req.nr_bos++;
		igt_assert_errno(gem_submit(dev, &r), expected,
				 msm_rules[MSM_RULE_SUBMIT_DUPLICATE_BO].rule);
	}

	bad_submit_subtests(after_bo_lock, ARRAY_SIZE(after_bo_lock));

	igt_describe("FENCE_SN_IN with an id still in use on the queue");
	igt_subtest("invalid-fence-sn-in-use") {
		struct held_submit busy = held_submit_start(q, dst, 0x80);
		struct msm_submit_request r;

		msm_submit_request_init(&r, cs, q);
		r.req.flags |= MSM_SUBMIT_FENCE_SN_IN;
		r.req.fence = busy.fence;
		igt_assert_errno(gem_submit(dev, &r), EINVAL,
				 "msm_ioctl_gem_submit: an in-fence-sn in the queue's idr is EINVAL");
		held_submit_release(&busy);
	}

	igt_fixture
		marker_fixture_close(dev, q, dst, cs);
}

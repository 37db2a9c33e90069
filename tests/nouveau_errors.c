// SPDX-License-Identifier: MIT
/*
 * nouveau's ABI16 checks, each bad input with the kernel's errno and the
 * rule that demands it (nouveau_abi16.c, nouveau_gem.c), and channel
 * death: a bad method, an unbound subchannel, a reserved header or a
 * fault kills the channel; its fence completes with an error, later
 * submissions get ENODEV, other channels keep working. Both submission
 * modes (vm-bind-*: EXEC instead of GEM_PUSHBUF); the GEM_PUSHBUF
 * request rules exist in the legacy mode only.
 */
#include <errno.h>
#include <string.h>
#include <xf86drm.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb06f.xml.h"
#include "nouveau/push.h"
#include "nouveau/uapi_vm.h"
#include "nouveau_common.h"

IGT_TEST_DESCRIPTION("nouveau ABI16 validation errno and channel death on Maxwell.");

static struct nv_device *dev;
static struct nv_channel *gr;

/* The raw ioctl: -1 and errno, as igt_assert_errno wants. */
static int nv_ioctl(unsigned int idx, void *arg, size_t size)
{
	return drmIoctl(dev->fd, DRM_IOC(DRM_IOC_READWRITE, DRM_IOCTL_BASE, DRM_COMMAND_BASE + idx,
					 size), arg);
}

/* A raw request for a NOP stream on gr; @fn breaks one field; expect @err. */
static void pushbuf_errno(void (*fn)(struct nv_submit_request *r), int err, const char *rule)
{
	struct nv_push *p = nv_push_new(16);
	struct nv_submit_request r;

	nv_host_nop(p);
	nv_submit_request_init(&r, p, gr);
	fn(&r);
	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &r.req, sizeof(r.req)), err, rule);
	nv_submit_request_fini(&r);
	nv_push_free(p);
	/* a refused request leaves the channel alive */
	igt_assert_eq(__nv_channel_probe(gr), 0);
}

static void bad_channel(struct nv_submit_request *r) { r->req.channel = 63; }
static void too_many_pushes(struct nv_submit_request *r) { r->req.nr_push = NOUVEAU_GEM_MAX_PUSH + 1; }
static void too_many_buffers(struct nv_submit_request *r) { r->req.nr_buffers = NOUVEAU_GEM_MAX_BUFFERS + 1; }
static void too_many_relocs(struct nv_submit_request *r) { r->req.nr_relocs = NOUVEAU_GEM_MAX_RELOCS + 1; }
static void bad_bo_index(struct nv_submit_request *r) { r->push.bo_index = r->req.nr_buffers; }
static void bad_handle(struct nv_submit_request *r) { r->bos[0].handle = 0xdead; }
static void dup_handle(struct nv_submit_request *r) { r->bos[0].handle = r->bos[1].handle; }
static void no_valid_domain(struct nv_submit_request *r) { r->bos[0].valid_domains = NOUVEAU_GEM_DOMAIN_CPU; }
static void no_access_domain(struct nv_submit_request *r)
{
	r->bos[0].read_domains = 0;
	r->bos[0].write_domains = 0;
}
static void bad_push_array(struct nv_submit_request *r) { r->req.push = 8; }

static const struct {
	const char *name;
	void (*fn)(struct nv_submit_request *r);
	int err;
	const char *rule;
} pushbuf_rules[] = {
	{ "bad-channel", bad_channel, ENOENT, "pushbuf: channel not owned by this file" },
	{ "too-many-pushes", too_many_pushes, EINVAL, "pushbuf: nr_push > NOUVEAU_GEM_MAX_PUSH" },
	{ "too-many-buffers", too_many_buffers, EINVAL,
	  "pushbuf: nr_buffers > NOUVEAU_GEM_MAX_BUFFERS" },
	{ "too-many-relocs", too_many_relocs, EINVAL, "pushbuf: nr_relocs > NOUVEAU_GEM_MAX_RELOCS" },
	{ "bad-push-array", bad_push_array, EFAULT, "pushbuf: u_memcpya of the push array" },
	{ "bad-bo-index", bad_bo_index, EINVAL, "pushbuf: push buffer not in list" },
	{ "bad-handle", bad_handle, ENOENT, "validate_init: unknown handle" },
	{ "duplicate-handle", dup_handle, EINVAL, "validate_init: multiple instances of buffer" },
	{ "no-valid-domain", no_valid_domain, EINVAL, "validate_init: invalid valid domains" },
	{ "no-access-domain", no_access_domain, EINVAL, "nouveau_gem_set_domain: no domain left" },
};

/* nr_push == 0 checks the channel only and reports the available sizes. */
static void pushbuf_probe(void)
{
	struct drm_nouveau_gem_pushbuf req = { .channel = gr->id, .nr_buffers = 99999,
					       .buffers = 8 };

	igt_assert_eq(nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req)), 0);
	igt_assert_eq_u64(req.vram_available, dev->vram_size);
	igt_assert_neq_u64(req.gart_available, 0);
	req.channel = 63;
	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req)), ENOENT,
			 "pushbuf: the channel is checked before nr_push");
}

static void gem_new_size0(void)
{
	struct drm_nouveau_gem_new req = { .info = { .size = 0, .domain = NOUVEAU_GEM_DOMAIN_GART } };

	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_NEW, &req, sizeof(req)), EINVAL,
			 "nouveau_bo_alloc: size 0");
}

/*
 * @request on an argument whose first u32 (the handle or channel of
 * GEM_INFO, CPU_PREP, CPU_FINI, CHANNEL_FREE) names nothing: ENOENT.
 */
static void unknown_id(unsigned long request, uint32_t id, const char *rule)
{
	uint32_t arg[16] = { id };

	igt_assert_errno(drmIoctl(dev->fd, request, arg), ENOENT, rule);
}

static void gem_info_bad_handle(void)
{
	unknown_id(DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_INFO, struct drm_nouveau_gem_info),
		   0xdead, "gem_info: unknown handle");
}

static void cpu_prep_bad_handle(void)
{
	unknown_id(DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_CPU_PREP,
			   struct drm_nouveau_gem_cpu_prep), 0xdead, "cpu_prep: unknown handle");
}

static void cpu_fini_bad_handle(void)
{
	unknown_id(DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_CPU_FINI,
			   struct drm_nouveau_gem_cpu_fini), 0xdead, "cpu_fini: unknown handle");
}

static void getparam_unknown(void)
{
	struct drm_nouveau_getparam req = { .param = 0x1234 };

	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GETPARAM, &req, sizeof(req)), EINVAL,
			 "getparam: unknown parameter");
}

static void channel_alloc_bad_engine(void)
{
	struct drm_nouveau_channel_alloc req = { .fb_ctxdma_handle = ~0u, .tt_ctxdma_handle = 0x40 };

	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_CHANNEL_ALLOC, &req, sizeof(req)), ENOSYS,
			 "channel_alloc: an engine mask the kernel does not know");
}

static void channel_alloc_no_runlist(void)
{
	struct drm_nouveau_channel_alloc req = { .fb_ctxdma_handle = ~0u,
						 .tt_ctxdma_handle = NVE0_FIFO_ENGINE_BSP };

	igt_assert_errno(nv_ioctl(DRM_NOUVEAU_CHANNEL_ALLOC, &req, sizeof(req)), EINVAL,
			 "channel_alloc: no runlist for the engine (Maxwell has no MSVLD)");
}

static void channel_free_unknown(void)
{
	unknown_id(DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_CHANNEL_FREE,
			   struct drm_nouveau_channel_free), 63, "channel_free: unknown channel");
}

/* Engine objects: a class of another engine, and a class no engine has. */
static void object_bad_class(void)
{
	struct nouveau_object *obj = NULL;

	igt_assert_eq(nouveau_object_new(gr->obj, 0xd5ff0000, dev->chip->cls_copy, NULL, 0, &obj),
		      -EINVAL);
	igt_assert_eq(nouveau_object_new(gr->obj, 0xd5ff0001, 0x1234, NULL, 0, &obj), -EINVAL);
	igt_assert(!obj);
}

/*
 * The submission ioctl of the device's mode with no pushes, on channel
 * @id: GEM_PUSHBUF's nr_push 0 probe, or an EXEC without pushes. Both
 * check the channel (ownership, death) before anything else.
 */
static int submit_probe(uint32_t id)
{
	struct drm_nouveau_gem_pushbuf pb = { .channel = id };
	struct drm_nouveau_exec ex = { .channel = id };

	if (dev->mode == NV_MODE_VM_BIND)
		return nv_ioctl(DRM_NOUVEAU_EXEC, &ex, sizeof(ex));
	return nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &pb, sizeof(pb));
}

/* Another fd's channel id is not ours: ENOENT. */
static void foreign_channel(void)
{
	struct nv_device *other = nv_device_open_mode(dev->mode);
	struct nv_channel *chan = nv_channel_new(other, NV_ENGINE_GR);

	igt_assert_errno(submit_probe(chan->id), ENOENT,
			 "pushbuf/exec: the channel belongs to another file");
	nv_channel_free(chan);
	nv_device_close(other);
}

/* ---- channel death ------------------------------------------------------ */

static void bad_method(struct nv_push *p) { nv_immd(p, NV_SUBC_I2M, 0x3ffc, 0); }
static void unbound_subc(struct nv_push *p) { nv_immd(p, 6, 0x100, 0); }
static void reserved_header(struct nv_push *p) { nv_raw(p, 6u << 29 | 1u << 16); }
static void bad_host_method(struct nv_push *p) { nv_immd(p, NV_SUBC_HOST, 0xfc, 0); }
static void bad_class_bind(struct nv_push *p) { nv_set_object(p, 6, 0xb0b5); }

/*
 * @fn's method between two releases on a fresh channel: the first lands,
 * the second never does; the SYNC submission returns the fence's error;
 * the channel answers ENODEV; gr still runs.
 */
static void channel_death(void (*fn)(struct nv_push *p))
{
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_bo *bo = nv_bo_new(dev, 4096, NV_BO_GART);
	struct nv_push *p = nv_push_new(64);
	struct nv_submit_request r;

	nv_host_sem_release(p, bo, 0, 1);
	fn(p);
	nv_host_sem_release(p, bo, 4, 2);
	nv_expect_channel_death();
	if (dev->mode == NV_MODE_LEGACY) {
		nv_submit_request_init(&r, p, victim);
		r.req.vram_available = NOUVEAU_GEM_PUSHBUF_SYNC;
		igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_PUSHBUF, &r.req, sizeof(r.req)), ENODEV,
				 "pushbuf SYNC: the killed channel's fence error");
		nv_submit_request_fini(&r);
	} else {
		/* EXEC is asynchronous: the error is the channel's, seen below */
		nv_push_submit(p, victim);
	}
	/* CPU_PREP / the out-syncobj: the fence signalled, with its error */
	nv_channel_wait(victim);
	igt_assert_eq_u32(nv_bo_read32(bo, 0), 1);
	igt_assert_eq_u32(nv_bo_read32(bo, 4), 0);
	igt_assert_errno(submit_probe(victim->id), ENODEV, "pushbuf/exec: channel killed");

	nv_push_reset(p);
	nv_host_sem_release(p, bo, 8, 3);
	nv_push_submit_wait(p, gr);
	igt_assert_eq_u32(nv_bo_read32(bo, 8), 3);
	nv_push_free(p);
	nv_bo_free(bo);
	nv_channel_free(victim);
}

static void death_bad_method(void) { channel_death(bad_method); }
static void death_unbound_subc(void) { channel_death(unbound_subc); }
static void death_reserved_header(void) { channel_death(reserved_header); }
static void death_bad_host_method(void) { channel_death(bad_host_method); }
static void death_bad_class_bind(void) { channel_death(bad_class_bind); }

/* A release to an address no buffer of the submission covers: an MMU fault. */
static void death_fault(void)
{
	struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_bo *bo = nv_bo_new(dev, 4096, NV_BO_GART);
	struct nv_push *p = nv_push_new(64);

	uint64_t past = bo->va + bo->size;	/* the first byte after the BO's VMA */

	nv_host_sem_release(p, bo, 4092, 1);
	nv_push_ref(p, bo, NV_ACCESS_WRITE);
	nv_mthd(p, NV_SUBC_HOST, REG_NVB06F_SEMAPHOREA);
	NV_VAL(p, NVB06F, SEMAPHOREA, .offset_upper = past >> 32);
	NV_VAL(p, NVB06F, SEMAPHOREB, .offset_lower = (uint32_t)past >> 2);
	NV_VAL(p, NVB06F, SEMAPHOREC, .payload = 2);
	NV_VAL(p, NVB06F, SEMAPHORED, .operation = NVB06F_SEMAPHORED_OPERATION_RELEASE,
	       .release_size = NVB06F_SEMAPHORED_RELEASE_SIZE_4BYTE);
	nv_expect_channel_death();
	nv_push_submit(p, victim);
	nv_channel_wait(victim);
	igt_assert_eq_u32(nv_bo_read32(bo, 4092), 1);
	igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
	nv_push_free(p);
	nv_bo_free(bo);
	nv_channel_free(victim);
}

static const struct nv_subtest tests[] = {
	{ "foreign-channel", "another file's channel is ENOENT", foreign_channel },
	{ "gem-new-size0", "GEM_NEW of size 0 is EINVAL", gem_new_size0 },
	{ "gem-info-bad-handle", "GEM_INFO of an unknown handle is ENOENT", gem_info_bad_handle },
	{ "cpu-prep-bad-handle", "CPU_PREP of an unknown handle is ENOENT", cpu_prep_bad_handle },
	{ "cpu-fini-bad-handle", "CPU_FINI of an unknown handle is ENOENT", cpu_fini_bad_handle },
	{ "getparam-unknown", "an unknown GETPARAM is EINVAL", getparam_unknown },
	{ "channel-alloc-bad-engine", "an unknown engine mask is ENOSYS", channel_alloc_bad_engine },
	{ "channel-alloc-no-runlist", "an engine Maxwell lacks is EINVAL", channel_alloc_no_runlist },
	{ "channel-free-unknown", "CHANNEL_FREE of an unknown channel is ENOENT",
	  channel_free_unknown },
	{ "object-bad-class", "engine objects of classes the channel lacks are EINVAL",
	  object_bad_class },
	{ "death-bad-method", "a method the bound class lacks kills the channel", death_bad_method },
	{ "death-unbound-subchannel", "a method on an unbound subchannel kills the channel",
	  death_unbound_subc },
	{ "death-reserved-header", "a reserved SEC_OP header kills the channel", death_reserved_header },
	{ "death-bad-host-method", "an unknown host method kills the channel", death_bad_host_method },
	{ "death-bad-class-bind", "SET_OBJECT of a class not created on the channel kills it",
	  death_bad_class_bind },
	{ "death-fault", "a semaphore release outside every buffer faults and kills the channel",
	  death_fault },
};

/* GEM_PUSHBUF's own rules: the legacy mode only (VM_BIND clients get ENOSYS). */
static void pushbuf_subtests(enum nv_mode mode, const char *prefix)
{
	if (mode != NV_MODE_LEGACY)
		return;
	for (size_t t = 0; t < NV_ARRAY_SIZE(pushbuf_rules); t++) {
		igt_describe_f("GEM_PUSHBUF: %s", pushbuf_rules[t].rule);
		igt_subtest_f("%spushbuf-%s", prefix, pushbuf_rules[t].name)
			pushbuf_errno(pushbuf_rules[t].fn, pushbuf_rules[t].err, pushbuf_rules[t].rule);
	}
	igt_describe("nr_push 0 checks only the channel");
	igt_subtest_f("%spushbuf-probe", prefix)
		pushbuf_probe();
}

static const struct nv_suite suite = { &dev, &gr, NULL };

igt_main
{
	nv_subtests_in_modes("", tests, NV_ARRAY_SIZE(tests), &suite, pushbuf_subtests);
}

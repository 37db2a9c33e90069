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
#include "util/util.h"
#include "nouveau/suite.h"

IGT_TEST_DESCRIPTION("nouveau ABI16 validation errno and channel death on Maxwell.");

static struct nv_device *dev;
static struct nv_channel *gr;
static const struct nv_suite suite = { &dev, &gr, NULL, NULL, NULL };
static struct nv_mode_group m;

/* The raw ioctl on the test's device (nv_ioctl_raw). */
static int nv_ioctl(unsigned int idx, void *arg, size_t size)
{
	return nv_ioctl_raw(dev->fd, idx, arg, size);
}

/* A raw request for a NOP stream on gr; @spoil breaks one field; expect @err. */
static void pushbuf_errno(void (*spoil)(struct nv_submit_request *r), int err, const char *rule)
{
	struct nv_push *p = nv_push_new(16);
	struct nv_submit_request r;

	nv_host_nop(p);
	nv_submit_request_init(&r, p, gr);
	spoil(&r);
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

static const errno_rule(struct nv_submit_request) pushbuf_rules[] = {
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

/*
 * @request on an argument whose first u32 (the handle or channel of
 * GEM_INFO, CPU_PREP, CPU_FINI, CHANNEL_FREE) names nothing: ENOENT.
 */
static void unknown_id(unsigned long request, uint32_t id, const char *rule)
{
	uint32_t arg[16] = { id };

	igt_assert_errno(drmIoctl(dev->fd, request, arg), ENOENT, rule);
}

/* The ioctls whose argument starts with the u32 they look up, and what they look up. */
#define NV_IOW_NR(n, type) DRM_IOW(DRM_COMMAND_BASE + DRM_NOUVEAU_##n, type)
static const struct {
	const char *name;
	unsigned long request;
	uint32_t id;
	const char *rule;
} unknown_ids[] = {
	{ "gem-info", DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_GEM_INFO,
			       struct drm_nouveau_gem_info), 0xdead, "gem_info: unknown handle" },
	{ "cpu-prep", NV_IOW_NR(GEM_CPU_PREP, struct drm_nouveau_gem_cpu_prep), 0xdead,
	  "cpu_prep: unknown handle" },
	{ "cpu-fini", NV_IOW_NR(GEM_CPU_FINI, struct drm_nouveau_gem_cpu_fini), 0xdead,
	  "cpu_fini: unknown handle" },
	{ "channel-free", NV_IOW_NR(CHANNEL_FREE, struct drm_nouveau_channel_free), 63,
	  "channel_free: unknown channel" },
};

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

/* ---- channel death ------------------------------------------------------ */

/*
 * HARDWARE CLAIM: each stream below kills its channel (illegal method, a
 * software subchannel without a software object, reserved SEC_OP 6,
 * unknown host method, a class the channel has no object for) and the
 * kernel then reports the channel dead (ENODEV) — not found in kernel/Mesa
 * as an emitted form (no referee sends them on purpose; the kernel's
 * PBDMA/PGRAPH error interrupts are what would report them, and for the
 * software subchannel gf100_runq_intr logs and drops the method); verify
 * on silicon.
 */

static void bad_method(struct nv_push *p) { nv_immd(p, NV_SUBC_I2M, 0x3ffc, 0); }
/* subchannels 5-7 are software's (dev_ram.ref); without a software object no one takes it */
static void sw_subc_no_object(struct nv_push *p) { nv_immd(p, 6, 0x100, 0); }
static void reserved_header(struct nv_push *p) { nv_raw(p, 6u << 29 | 1u << 16); }
static void bad_host_method(struct nv_push *p) { nv_immd(p, NV_SUBC_HOST, 0xfc, 0); }
/* the copy class on a GR channel, which has no copy object */
static void bad_class_bind(struct nv_push *p) { nv_set_object(p, NV_SUBC_COPY, 0xb0b5); }

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

	nv_expect_channel_death();
	nv_host_sem_release(p, bo, 0, 1);
	fn(p);
	nv_host_sem_release(p, bo, 4, 2);
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

/* The streams that kill a channel, each one dynamic subtest of channel-death. */
static const struct {
	const char *name, *what;
	void (*fn)(struct nv_push *p);
} deaths[] = {
	{ "bad-method", "a method the bound class lacks", bad_method },
	{ "sw-subchannel-no-object", "a method on a software subchannel without a software object",
	  sw_subc_no_object },
	{ "reserved-header", "a reserved SEC_OP header", reserved_header },
	{ "bad-host-method", "an unknown host method", bad_host_method },
	{ "bad-class-bind", "SET_OBJECT of a class not created on the channel", bad_class_bind },
};

igt_main
{
	nv_subtest_modes(m, "", &suite) {
		/* Another fd's channel id is not ours: ENOENT. */
		igt_describe("another file's channel is ENOENT");
		igt_subtest_f("%sforeign-channel", m.prefix) {
			struct nv_device *other = nv_device_open_mode(dev->mode);
			struct nv_channel *chan = nv_channel_new(other, NV_ENGINE_GR);

			igt_assert_errno(submit_probe(chan->id), ENOENT,
					 "pushbuf/exec: the channel belongs to another file");
			nv_channel_free(chan);
			nv_device_close(other);
		}

		igt_describe("GEM_NEW of size 0 is EINVAL");
		igt_subtest_f("%sgem-new-size0", m.prefix) {
			struct drm_nouveau_gem_new req = {
				.info = { .size = 0, .domain = NOUVEAU_GEM_DOMAIN_GART },
			};

			igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_NEW, &req, sizeof(req)), EINVAL,
					 "nouveau_bo_alloc: size 0");
		}

		/*
		 * nouveau_bo_alloc: the kind in tile_flags 15:8 must pass
		 * nvif_mmu_kind_valid (gf100_mmu_kind on GM107, gm200_mmu_kind on
		 * GM20B, which adds 0x2a); nouveau_gem_info reports it back
		 */
		igt_describe("GEM_NEW takes the memory kinds the chip's MMU knows, refuses the others");
		igt_subtest_f("%sgem-new-kinds", m.prefix) {
			const bool gm20x = dev->chip->cls_3d != 0xb097;
			const struct { uint32_t kind; bool valid; } kinds[] = {
				{ 0x00, true }, { 0xfe, true }, { 0xdb, true }, { 0x06, false },
				{ 0x2a, gm20x }, { 0xff, false },
			};

			array_for_each(c, kinds) {
				struct drm_nouveau_gem_new req = { .info = {
					.size = 4096, .domain = NOUVEAU_GEM_DOMAIN_GART,
					.tile_mode = 0x10, .tile_flags = c->kind << 8,
				} };

				if (!c->valid) {
					igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GEM_NEW, &req, sizeof(req)),
							 EINVAL, "nouveau_bo_alloc: nvif_mmu_kind_valid");
					continue;
				}
				igt_assert_eq(nv_ioctl(DRM_NOUVEAU_GEM_NEW, &req, sizeof(req)), 0);
				igt_assert_eq_u32(req.info.tile_flags & NOUVEAU_GEM_TILE_LAYOUT_MASK,
						  c->kind << 8);
				igt_assert_eq_u32(req.info.tile_mode, 0x10);
				drmCloseBufferHandle(dev->fd, req.info.handle);
			}
		}

		/*
		 * nouveau_abi16_ioctl_grobj_alloc: any class ending in 0x6e is the
		 * channel's software class (the nvsw compatibility); a class the
		 * channel lacks is EINVAL
		 */
		igt_describe("GROBJ_ALLOC of 0x906e (or any 0x..6e) makes the software object");
		igt_subtest_f("%sgrobj-sw-class", m.prefix) {
			struct { int32_t channel; uint32_t handle; int32_t oclass; } req = {
				.channel = (int32_t)gr->id, .handle = 0x5f000001, .oclass = 0x906e,
			};

			igt_assert_eq(nv_ioctl(DRM_NOUVEAU_GROBJ_ALLOC, &req, sizeof(req)), 0);
			req.handle = 0x5f000002;
			req.oclass = 0x506e;
			igt_assert_eq(nv_ioctl(DRM_NOUVEAU_GROBJ_ALLOC, &req, sizeof(req)), 0);
			req.handle = 0x5f000003;
			req.oclass = 0x1234;
			igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GROBJ_ALLOC, &req, sizeof(req)), EINVAL,
					 "grobj_alloc: a class the channel does not offer");
		}

		igt_describe("an unknown GETPARAM is EINVAL");
		igt_subtest_f("%sgetparam-unknown", m.prefix) {
			struct drm_nouveau_getparam req = { .param = 0x1234 };

			igt_assert_errno(nv_ioctl(DRM_NOUVEAU_GETPARAM, &req, sizeof(req)), EINVAL,
					 "getparam: unknown parameter");
		}

		igt_describe("an unknown engine mask is ENOSYS");
		igt_subtest_f("%schannel-alloc-bad-engine", m.prefix) {
			struct drm_nouveau_channel_alloc req = { .fb_ctxdma_handle = ~0u,
								 .tt_ctxdma_handle = 0x40 };

			igt_assert_errno(nv_ioctl(DRM_NOUVEAU_CHANNEL_ALLOC, &req, sizeof(req)),
					 ENOSYS, "channel_alloc: an engine mask it does not know");
		}

		igt_describe("an engine Maxwell lacks is EINVAL");
		igt_subtest_f("%schannel-alloc-no-runlist", m.prefix) {
			struct drm_nouveau_channel_alloc req = {
				.fb_ctxdma_handle = ~0u, .tt_ctxdma_handle = NVE0_FIFO_ENGINE_BSP,
			};

			/* Maxwell has no MSVLD */
			igt_assert_errno(nv_ioctl(DRM_NOUVEAU_CHANNEL_ALLOC, &req, sizeof(req)),
					 EINVAL, "channel_alloc: no runlist for the engine");
		}

		igt_describe("GEM_INFO, CPU_PREP, CPU_FINI of an unknown handle and "
			     "CHANNEL_FREE of an unknown channel are ENOENT");
		igt_subtest_with_dynamic_f("%sunknown-id", m.prefix) {
			array_for_each(u, unknown_ids)
				igt_dynamic(u->name)
					unknown_id(u->request, u->id, u->rule);
		}

		/* Engine objects: a class of another engine, and a class no engine has. */
		igt_describe("engine objects of classes the channel lacks are EINVAL");
		igt_subtest_f("%sobject-bad-class", m.prefix) {
			uint32_t copy = dev->chip->cls_copy;
			struct nouveau_object *obj = NULL;

			igt_assert_eq(nouveau_object_new(gr->obj, 0xd5ff0000, copy, NULL, 0, &obj),
				      -EINVAL);
			igt_assert_eq(nouveau_object_new(gr->obj, 0xd5ff0001, 0x1234, NULL, 0,
							 &obj), -EINVAL);
			igt_assert(!obj);
		}

		/* a release to an address no buffer of the submission covers: an MMU fault */
		igt_describe("a release outside every buffer faults and kills the channel");
		igt_subtest_f("%sdeath-fault", m.prefix) {
			struct nv_channel *victim = nv_channel_new(dev, NV_ENGINE_GR);
			struct nv_bo *bo = nv_bo_new(dev, 4096, NV_BO_GART);
			struct nv_push *p = nv_push_new(64);
			/* the first byte after the BO's VMA */
			uint64_t past = bo->va + bo->size;

			nv_expect_channel_death();
			nv_host_sem_release(p, bo, 4092, 1);
			nv_push_ref(p, bo, NV_ACCESS_WRITE);
			/* nvc0_fence_emit32's release with 4BYTE, to an unmapped address */
			nv_mthd(p, NV_SUBC_HOST, REG_NVB06F_SEMAPHOREA);
			NV_VAL(p, NVB06F, SEMAPHOREA, .offset_upper = past >> 32);
			NV_VAL(p, NVB06F, SEMAPHOREB, .offset_lower = (uint32_t)past);
			NV_VAL(p, NVB06F, SEMAPHOREC, .payload = 2);
			NV_VAL(p, NVB06F, SEMAPHORED,
			       .operation = NVB06F_SEMAPHORED_OPERATION_RELEASE,
			       .release_size = NVB06F_SEMAPHORED_RELEASE_SIZE_4BYTE);
			nv_push_submit(p, victim);
			nv_channel_wait(victim);
			igt_assert_eq_u32(nv_bo_read32(bo, 4092), 1);
			igt_assert_eq(__nv_channel_probe(victim), -ENODEV);
			nv_push_free(p);
			nv_bo_free(bo);
			nv_channel_free(victim);
		}

		igt_describe("each stream kills its channel: the release before it lands, the "
			     "one after it never does, the fence ends with the error, later "
			     "submissions are ENODEV, other channels go on");
		igt_subtest_with_dynamic_f("%schannel-death", m.prefix) {
			array_for_each(d, deaths)
				igt_dynamic(d->name)
					channel_death(d->fn);
		}

		/* GEM_PUSHBUF's own rules: the legacy mode only (VM_BIND clients get ENOSYS) */
		if (m.mode == NV_MODE_LEGACY) {
			igt_describe("GEM_PUSHBUF requests one field off a valid one: the "
				     "kernel's errno for each rule, and the channel lives on");
			igt_subtest_with_dynamic("pushbuf-errno") {
				array_for_each(r, pushbuf_rules)
					igt_dynamic(r->name)
						pushbuf_errno(r->spoil, r->err, r->rule);
			}

			igt_describe("nr_push 0 checks only the channel");
			igt_subtest("pushbuf-probe")
				pushbuf_probe();
		}
	}
}

// SPDX-License-Identifier: MIT
/*
 * radeon_gem: the GEM ioctls of radeon (radeon_gem.c) and INFO
 * (radeon_kms.c radeon_info_ioctl) as userspace sees them — sizes, domains,
 * tiling, GEM_OP's initial domain, GEM_VA without a VM, GEM_USERPTR's
 * checks, bad handles, INFO's value pointer, the requests of R300-family
 * chips and the exclusive Hyper-Z right — each with the kernel's errno.
 */
#include <errno.h>
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "device/device.h"
#include "radeon/r300.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("radeon GEM create/busy/tiling/set-domain and INFO requests, with the "
		     "kernel's errno.");

#define BAD_HANDLE 0x7ffffff0

static struct r300_device *dev;

static uint32_t want(uint32_t request, uint32_t value)
{
	igt_assert_eq(__r300_info(dev->fd, request, &value), 0);
	return value;
}

/* The argument of each GEM ioctl that looks a handle up. */
union gem_handle_arg {
	struct drm_radeon_gem_busy busy;
	struct drm_radeon_gem_wait_idle wait;
	struct drm_radeon_gem_mmap mmap;
	struct drm_radeon_gem_set_domain set_domain;
	struct drm_radeon_gem_get_tiling get_tiling;
	struct drm_radeon_gem_op op;
};

/* Each of them with an unknown handle, and the kernel function whose lookup fails. */
static const struct {
	const char *name;
	unsigned long request;
	union gem_handle_arg arg;
	const char *rule;
} bad_handle_cases[] = {
	{ "busy", DRM_IOCTL_RADEON_GEM_BUSY, { .busy = { .handle = BAD_HANDLE } },
	  "radeon_gem_busy_ioctl" },
	{ "wait-idle", DRM_IOCTL_RADEON_GEM_WAIT_IDLE, { .wait = { .handle = BAD_HANDLE } },
	  "radeon_gem_wait_idle_ioctl" },
	{ "mmap", DRM_IOCTL_RADEON_GEM_MMAP, { .mmap = { .handle = BAD_HANDLE, .size = 4096 } },
	  "radeon_mode_dumb_mmap" },
	{ "set-domain", DRM_IOCTL_RADEON_GEM_SET_DOMAIN,
	  { .set_domain = { .handle = BAD_HANDLE, .read_domains = RADEON_GEM_DOMAIN_CPU } },
	  "radeon_gem_set_domain_ioctl" },
	{ "get-tiling", DRM_IOCTL_RADEON_GEM_GET_TILING,
	  { .get_tiling = { .handle = BAD_HANDLE } }, "radeon_gem_get_tiling_ioctl" },
	{ "op", DRM_IOCTL_RADEON_GEM_OP, { .op = { .handle = BAD_HANDLE } },
	  "radeon_gem_op_ioctl" },
};

static const struct {
	const char *name;
	uint32_t request, value;	/* value: the input some requests read first */
	const char *rule;
} invalid_info[] = {
	{ "unknown", 0x1000, 0, "radeon_info_ioctl: Invalid request" },
	{ "tiling-config", RADEON_INFO_TILING_CONFIG, 0, "radeon_info_ioctl: r600+ only" },
	{ "num-backends", RADEON_INFO_NUM_BACKENDS, 0, "radeon_info_ioctl: r600+ only" },
	{ "va-start", RADEON_INFO_VA_START, 0, "radeon_info_ioctl: cayman+ only" },
	{ "want-hyperz-2", RADEON_INFO_WANT_HYPERZ, 2, "radeon_info_ioctl: WANT_HYPERZ value >= 2" },
};

igt_main
{
	igt_fixture
		dev = r300_device_open();

	/* ---- GEM ------------------------------------------------------------------ */

	igt_describe("GEM_BUSY, GEM_WAIT_IDLE, GEM_MMAP, GEM_SET_DOMAIN and GEM_GET_TILING on an "
		     "unknown handle are ENOENT (drm_gem_object_lookup fails)");
	igt_subtest_with_dynamic("gem-bad-handle") {
		array_for_each(c, bad_handle_cases) {
			igt_dynamic(c->name) {
				union gem_handle_arg arg = c->arg;

				do_ioctl_err(dev->fd, c->request, &arg, ENOENT, c->rule);
			}
		}
	}

	igt_describe("GEM_CREATE rounds the size up to whole pages");
	igt_subtest("gem-create-rounds-up") {
		struct drm_radeon_gem_create c = { .size = 1, .initial_domain = RADEON_GEM_DOMAIN_GTT };
		struct drm_gem_close cl = { 0 };

		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_CREATE, &c);
		igt_assert_eq_u64(c.size, 4096);
		cl.handle = c.handle;
		do_ioctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &cl);
	}

	igt_describe("GEM_CREATE of more than the GTT is ENOMEM");
	igt_subtest("gem-create-too-big") {
		struct drm_radeon_gem_create c = { .size = dev->gart_size + (1ull << 30),
						   .initial_domain = RADEON_GEM_DOMAIN_GTT };

		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_CREATE, &c, ENOMEM,
			     "radeon_gem_object_create: size over the unpinned GTT");
	}

	igt_describe("GEM_BUSY reports the placement asked for at creation");
	igt_subtest("gem-busy-domain") {
		struct r300_bo *gtt = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);
		uint32_t domain = 0;

		igt_assert_eq(__r300_bo_busy(gtt, &domain), 0);
		igt_assert_eq_u32(domain, RADEON_GEM_DOMAIN_GTT);
		r300_bo_free(gtt);
	}

	igt_describe("GEM_SET_TILING flags and pitch read back through GEM_GET_TILING");
	igt_subtest("gem-tiling") {
		struct r300_bo *bo = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_VRAM);
		struct drm_radeon_gem_set_tiling st = { .handle = bo->handle,
							.tiling_flags = RADEON_TILING_MACRO,
							.pitch = 256 };
		struct drm_radeon_gem_get_tiling gt = { .handle = bo->handle };

		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &st);
		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &gt);
		igt_assert_eq_u32(gt.tiling_flags, RADEON_TILING_MACRO);
		igt_assert_eq_u32(gt.pitch, 256);
		r300_bo_free(bo);
	}

	igt_describe("GEM_SET_DOMAIN to CPU waits and succeeds; mapped memory keeps CPU writes");
	igt_subtest("gem-set-domain") {
		struct r300_bo *bo = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);
		struct drm_radeon_gem_set_domain sd = { .handle = bo->handle,
							.read_domains = RADEON_GEM_DOMAIN_CPU,
							.write_domain = RADEON_GEM_DOMAIN_CPU };

		r300_bo_write32(bo, 0, 0x12345678);
		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &sd);
		igt_assert_eq_u32(r300_bo_read32(bo, 0), 0x12345678);
		r300_bo_free(bo);
	}

	igt_describe("GEM_OP reads the initial domain radeon_bo_create kept and sets a new one "
		     "(masked to VRAM, GTT, CPU); an unknown op is EINVAL");
	igt_subtest_with_dynamic("gem-op") {
		struct r300_bo *bo = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_VRAM);
		struct drm_radeon_gem_op op = { .handle = bo->handle,
						.op = RADEON_GEM_OP_GET_INITIAL_DOMAIN };

		igt_dynamic("get-initial-domain") {
			do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_OP, &op);
			igt_assert_eq_u64(op.value, RADEON_GEM_DOMAIN_VRAM);
		}
		igt_dynamic("set-initial-domain") {
			op.op = RADEON_GEM_OP_SET_INITIAL_DOMAIN;
			op.value = RADEON_GEM_DOMAIN_GTT | 0x100;
			do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_OP, &op);
			op.op = RADEON_GEM_OP_GET_INITIAL_DOMAIN;
			do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_OP, &op);
			igt_assert_eq_u64(op.value, RADEON_GEM_DOMAIN_GTT);
		}
		igt_dynamic("unknown-op") {
			op.op = 2;
			do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_OP, &op, EINVAL,
				     "radeon_gem_op_ioctl: unknown op");
		}
		r300_bo_free(bo);
	}

	igt_describe("GEM_VA is ENOTTY with operation RESULT_ERROR: R300-R500 have no VM "
		     "(radeon_gem_va_ioctl, vm_manager.enabled)");
	igt_subtest("gem-va-no-vm") {
		struct drm_radeon_gem_va va = { .operation = RADEON_VA_MAP };

		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_VA, &va, ENOTTY,
			     "radeon_gem_va_ioctl: no VM manager");
		igt_assert_eq_u32(va.operation, RADEON_VA_RESULT_ERROR);
	}

	igt_describe("GEM_USERPTR's argument checks, in radeon_gem_userptr_ioctl's order");
	igt_subtest_with_dynamic("gem-userptr") {
		static const struct {
			const char *name;
			uint64_t addr, size;
			uint32_t flags;
			int err;
			const char *rule;
		} cases[] = {
			{ "unaligned-address", 0x100800, 4096,
			  RADEON_GEM_USERPTR_ANONONLY | RADEON_GEM_USERPTR_REGISTER, EINVAL,
			  "offset_in_page(addr | size)" },
			{ "unaligned-size", 0x100000, 100,
			  RADEON_GEM_USERPTR_ANONONLY | RADEON_GEM_USERPTR_REGISTER, EINVAL,
			  "offset_in_page(addr | size)" },
			{ "unknown-flags", 0x100000, 4096, 1u << 4, EINVAL, "unknown flag values" },
			{ "readonly-before-r600", 0x100000, 4096, RADEON_GEM_USERPTR_READONLY, EINVAL,
			  "READONLY: rdev->family < CHIP_R600" },
			/* Mesa's radeon_drm_winsys probes has_userptr with exactly this */
			{ "writable-unregistered", 0x100000, 4096, 0, EACCES,
			  "writable needs ANONONLY and REGISTER" },
			{ "writable-anon-only", 0x100000, 4096, RADEON_GEM_USERPTR_ANONONLY, EACCES,
			  "writable needs ANONONLY and REGISTER" },
		};

		array_for_each(c, cases) {
			igt_dynamic(c->name) {
				struct drm_radeon_gem_userptr up = {
					.addr = c->addr, .size = c->size, .flags = c->flags,
				};

				do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_USERPTR, &up, c->err,
					     c->rule);
			}
		}
	}

	igt_describe("GEM_USERPTR larger than the GTT is ENOMEM (radeon_gem_object_create), "
		     "before the MMU notifier is registered");
	igt_subtest("gem-userptr-too-big") {
		struct drm_radeon_gem_userptr up = {
			.addr = 0x100000, .size = dev->gart_size + (1ull << 30),
			.flags = RADEON_GEM_USERPTR_ANONONLY | RADEON_GEM_USERPTR_REGISTER,
		};

		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_USERPTR, &up, ENOMEM,
			     "radeon_gem_object_create: size over the unpinned GTT");
	}

	/* ---- INFO ---------------------------------------------------------------------- */

	igt_describe("INFO writes 4 bytes through value for a 32-bit request (DEVICE_ID)");
	igt_subtest("info-value-size-32") {
		uint64_t v = ~0ull;

		igt_assert_eq(__r300_info64(dev->fd, RADEON_INFO_DEVICE_ID, &v), 0);
		igt_assert_eq_u32(v >> 32, 0xffffffffu);
		igt_assert_eq_u32((uint32_t)v, dev->device_id);
	}

	igt_describe("INFO writes 8 bytes through value for a 64-bit request (VRAM_USAGE)");
	igt_subtest("info-value-size-64") {
		uint64_t v = ~0ull;

		igt_assert_eq(__r300_info64(dev->fd, RADEON_INFO_VRAM_USAGE, &v), 0);
		igt_assert(v != ~0ull && v <= dev->vram_size);
	}

	igt_describe("INFO with an unwritable value pointer is EFAULT (copy_to_user)");
	igt_subtest("info-efault-write") {
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_DEVICE_ID, (uint32_t *)8), -EFAULT);
	}

	igt_describe("INFO with an unreadable value pointer is EFAULT for a request that reads "
		     "its input first (WANT_HYPERZ: copy_from_user)");
	igt_subtest("info-efault-read") {
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_WANT_HYPERZ, (uint32_t *)8), -EFAULT);
	}

	igt_describe("unknown INFO requests, R600+ and Cayman+ ones, and a WANT_HYPERZ value "
		     "other than 0 or 1 are EINVAL");
	igt_subtest_with_dynamic("info-invalid") {
		array_for_each(c, invalid_info) {
			igt_dynamic(c->name) {
				uint32_t v = c->value;
				int r = __r300_info(dev->fd, c->request, &v);

				igt_assert_f(r == -EINVAL, "expected EINVAL (%s), got %d\n",
					     c->rule, r);
			}
		}
	}

	igt_describe("INFO identity: 1-4 GB pipes, a Z pipe, acceleration as ACCEL_WORKING2, one "
		     "shader engine, the GFX ring working, a readable GPU reset counter");
	igt_subtest_with_dynamic("info-identity") {
		igt_dynamic("gb-pipes")
			igt_assert(want(RADEON_INFO_NUM_GB_PIPES, 0) >= 1);
		igt_dynamic("z-pipes")
			igt_assert(want(RADEON_INFO_NUM_Z_PIPES, 0) >= 1);
		igt_dynamic("accel-working2")
			igt_assert_eq_u32(want(RADEON_INFO_ACCEL_WORKING2, 0), dev->accel_working);
		igt_dynamic("max-se")
			igt_assert_eq_u32(want(RADEON_INFO_MAX_SE, 0), 1);
		igt_dynamic("ring-working-gfx")
			igt_assert_eq_u32(want(RADEON_INFO_RING_WORKING, RADEON_CS_RING_GFX), 1);
		igt_dynamic("gpu-reset-counter") {
			uint32_t v = ~0u;

			igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_GPU_RESET_COUNTER, &v), 0);
		}
		/* radeon_info_ioctl's answers for pre-R600 families */
		igt_dynamic("active-cu-count")
			igt_assert_eq_u32(want(RADEON_INFO_ACTIVE_CU_COUNT, 0), 1);
		igt_dynamic("va-unmap-working")
			igt_assert_eq_u32(want(RADEON_INFO_VA_UNMAP_WORKING, 0), 1);
		igt_dynamic("current-gpu-temp")	/* the r300 asics have no pm.get_temperature */
			igt_assert_eq_u32(want(RADEON_INFO_CURRENT_GPU_TEMP, ~0u), 0);
		igt_dynamic("current-sclk") {	/* MHz, at most MAX_SCLK (kHz) */
			uint32_t sclk = want(RADEON_INFO_CURRENT_GPU_SCLK, 0);

			igt_assert(sclk > 0 && sclk <= want(RADEON_INFO_MAX_SCLK, 0) / 1000);
		}
		igt_dynamic("current-mclk")
			igt_assert(want(RADEON_INFO_CURRENT_GPU_MCLK, 0) > 0);
	}

	igt_describe("READ_REG is EINVAL for any register on R300-R500 "
		     "(radeon_invalid_get_allowed_info_register), EFAULT first for an unreadable "
		     "value pointer");
	igt_subtest_with_dynamic("info-read-reg") {
		igt_dynamic("grbm-status") {
			uint32_t v = 0x8010;	/* GRBM_STATUS, allowed on evergreen+ */

			igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_READ_REG, &v), -EINVAL);
		}
		igt_dynamic("efault")
			igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_READ_REG, (uint32_t *)8), -EFAULT);
	}

	igt_describe("Hyper-Z ownership is one file at a time, and closing the owner releases it "
		     "(radeon_set_filp_rights, radeon_driver_postclose_kms)");
	igt_subtest("info-hyperz-exclusive") {
		int fd2 = drmsub_open_driver("radeon");
		uint32_t v = 1;

		igt_require_f(want(RADEON_INFO_WANT_HYPERZ, 1) == 1, "Hyper-Z owned by another client\n");
		igt_assert_eq(__r300_info(fd2, RADEON_INFO_WANT_HYPERZ, &v), 0);
		igt_assert_eq_u32(v, 0);
		igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 0), 0);
		v = 1;
		igt_assert_eq(__r300_info(fd2, RADEON_INFO_WANT_HYPERZ, &v), 0);
		igt_assert_eq_u32(v, 1);
		close(fd2);	/* closing the owner releases it */
		igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 1), 1);
		igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 0), 0);
	}

	igt_fixture
		r300_device_close(dev);
}

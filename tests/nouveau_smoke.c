// SPDX-License-Identifier: MIT
/*
 * End-to-end smoke test of the nouveau harness: one submission per typed
 * helper, each proven by what the GPU wrote (payload plus an untouched
 * guard word), in both submission modes (legacy GEM_PUSHBUF and, on Linux
 * 6.6+, VM_BIND/EXEC). Skips without a Maxwell nouveau device.
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/push.h"
#include "nouveau/suite.h"

IGT_TEST_DESCRIPTION("The nouveau harness end to end on Maxwell: channel setup, "
		     "host/3D/copy semaphores and inline-to-memory writes land in memory.");

static struct nv_device *dev;
static struct nv_channel *gr;
static struct nv_bo *bo;		/* the results of most subtests */
static struct nv_push *p;
static const struct nv_suite suite = { &dev, &gr, NULL, &bo, &p };
static struct nv_mode_group m;

igt_main
{
	nv_subtest_modes(m, "legacy-", &suite) {
		igt_describe("a host semaphore release writes its 4-byte payload only");
		igt_subtest_f("%shost-semaphore-release", m.prefix) {
			nv_suite_fresh(&suite);
			nv_host_sem_release(p, bo, 0x40, 0x1234);
			nv_push_submit_wait(p, gr);
			nv_assert_written(bo, 0x40, 0x1234);
		}

		igt_describe("inline writes land through NVA140 and through the 3D class");
		igt_subtest_f("%sinline-to-memory", m.prefix) {
			static const uint32_t data[] = { 0xcafe0001, 0xcafe0002, 0xcafe0003 };
			struct nv_bo *vram = nv_bo_new_guarded(dev, 4096, NV_BO_VRAM);

			nv_suite_fresh(&suite);
			nv_i2m_write(p, vram, 0x100, data, 3);
			nv_3d_i2m_write(p, vram, 0x200, data, 1);
			nv_push_submit_wait(p, gr);
			for (int i = 0; i < 3; i++)
				igt_assert_eq_u32(nv_bo_read32(vram, 0x100 + 4 * i), data[i]);
			nv_assert_written(vram, 0x108, data[2]);
			nv_assert_written(vram, 0x200, data[0]);
			nv_bo_free(vram);
		}

		igt_describe("3D report semaphores: one word; four words whose timestamps advance");
		igt_subtest_f("%sreport-semaphore", m.prefix) {
			nv_suite_fresh(&suite);
			nv_3d_sem_release(p, bo, 0, 0xabc);
			nv_3d_sem_release_ts(p, bo, 0x10, 1);
			nv_3d_wfi(p);
			nv_3d_sem_release_ts(p, bo, 0x20, 2);
			nv_push_submit_wait(p, gr);
			nv_assert_written(bo, 0, 0xabc);
			igt_assert_eq_u32(nv_bo_read32(bo, 0x10), 1);
			igt_assert_eq_u32(nv_bo_read32(bo, 0x20), 2);
			igt_assert_neq_u64(nv_bo_read64(bo, 0x18), 0);
			igt_assert_lte_u64(nv_bo_read64(bo, 0x18), nv_bo_read64(bo, 0x28));
		}

		igt_describe("an acquire holds the channel until the CPU writes the semaphore");
		igt_subtest_f("%sacquire-cpu-release", m.prefix) {
			nv_suite_fresh(&suite);
			nv_host_sem_acquire(p, bo, 0, 1);
			nv_host_sem_release(p, bo, 0x10, 2);
			nv_push_submit(p, gr);
			nv_assert_acquire_waits_for_cpu(gr, bo, 1, 0x10, 2);
		}

		igt_describe("the copy engine copies and fills, then releases its semaphore");
		igt_subtest_f("%scopy-engine", m.prefix) {
			struct nv_channel *ce = nv_channel_new(dev, NV_ENGINE_CE);
			struct nv_bo *src = nv_bo_new(dev, 4096, NV_BO_VRAM);
			struct nv_bo *dst = nv_bo_new(dev, 4096, NV_BO_VRAM);
			struct nv_bo *sem = nv_bo_new_guarded(dev, 4096, NV_BO_GART);

			nv_suite_fresh(&suite);
			/* the whole source, so a copy past 256 bytes shows in dst's zero guard */
			for (int i = 0; i < 1024; i++)
				nv_bo_write32(src, 4 * i, 0x1000 + i);
			nv_copy_linear(p, dst, 0, src, 0, 256, sem, 0, 1);
			nv_copy_memset32(p, dst, 0x400, 0xdeadbeef, 16, sem, 0x10, 2);
			nv_push_submit_wait(p, ce);
			for (int i = 0; i < 64; i++)
				igt_assert_eq_u32(nv_bo_read32(dst, 4 * i), 0x1000 + i);
			igt_assert_eq_u32(nv_bo_read32(dst, 256), 0);
			for (int i = 0; i < 16; i++)
				igt_assert_eq_u32(nv_bo_read32(dst, 0x400 + 4 * i), 0xdeadbeef);
			igt_assert_eq_u32(nv_bo_read32(dst, 0x440), 0);
			nv_assert_written(sem, 0, 1);
			nv_assert_written(sem, 0x10, 2);
			nv_bo_free(sem);
			nv_bo_free(dst);
			nv_bo_free(src);
			nv_channel_free(ce);
		}

		igt_describe("a GEM_PUSHBUF request naming an unknown BO handle is ENOENT");
		igt_subtest_f("%sraw-bad-handle", m.prefix) {
			struct nv_submit_request r;

			igt_require_f(m.mode == NV_MODE_LEGACY,
				      "GEM_PUSHBUF exists in the legacy mode only\n");
			nv_suite_fresh(&suite);
			nv_host_nop(p);
			nv_submit_request_init(&r, p, gr);
			r.bos[0].handle = 0xdead;	/* the channel's fence BO, renamed */
			igt_assert_eq(__nv_submit_raw(gr, &r), -ENOENT);
			nv_submit_request_fini(&r);
		}
	}
}

// SPDX-License-Identifier: MIT
/*
 * The msm command-stream builder's encodings, checked dword by dword
 * against layouts worked out by hand from adreno_pm4.xml and Mesa's
 * freedreno_pm4.h
 * (no GPU needed: streams stay in memory until submission).
 */
#include "core/test.h"
#include "msm/cs.h"

static struct msm_device a530 = { .fd = -1, .gen = 5 };
static struct msm_device a630 = { .fd = -1, .gen = 6 };
static struct msm_device a750 = { .fd = -1, .gen = 7 };
/* a BO above 4 GiB, so both address halves are visible */
static struct msm_bo dst = { .handle = 7, .size = 4096, .iova = 0x100002000ull };
static struct msm_bo src = { .handle = 8, .size = 4096, .iova = 0x100003000ull };

static void expect(struct msm_cs *cs, const uint32_t *want, uint32_t n)
{
	igt_assert_eq_u32(cs->len, n);
	for (uint32_t i = 0; i < n; i++)
		igt_assert_f(cs->dw[i] == want[i], "dword %u: %#x, expected %#x\n", i,
			     cs->dw[i], want[i]);
}

static void overflow(void)
{
	struct msm_cs *cs = msm_cs_new(&a630, 2);

	msm_cs_emit(cs, 1);
	msm_cs_emit(cs, 2);
	msm_cs_emit(cs, 3);	/* must fail the test, not write past the end */
}

static void wait_mem_gte_a5xx(void)
{
	struct msm_cs *cs = msm_cs_new(&a530, 8);

	msm_cs_wait_mem_gte(cs, &dst, 0, 1);	/* must fail the test */
}

igt_main
{
	igt_describe("CP_MEM_WRITE: header, 64-bit address, payload; the target is written");
	igt_subtest("mem-write") {
		struct msm_cs *cs = msm_cs_new(&a630, 16);
		static const uint32_t want[] = { 0x703d8003, 0x00002040, 0x1, 0xcafe0001 };

		msm_cs_mem_write32(cs, &dst, 0x40, 0xcafe0001);
		expect(cs, want, 4);
		igt_assert_eq_u32(cs->nr_bos, 1);
		igt_assert_eq_u32(cs->bos[0].flags, MSM_SUBMIT_BO_WRITE);
		msm_cs_free(cs);
	}

	igt_describe("pkt4 register writes target the generation's CP_SCRATCH");
	igt_subtest("scratch-write") {
		struct msm_cs *cs5 = msm_cs_new(&a530, 4), *cs6 = msm_cs_new(&a630, 4);

		msm_cs_reg_write32(cs5, msm_scratch_reg(&a530, 2), 7);
		msm_cs_reg_write32(cs6, msm_scratch_reg(&a630, 2), 7);
		igt_assert_eq_u32(cs5->dw[0], 0x480b7a01);
		igt_assert_eq_u32(cs6->dw[0], 0x48088501);
		igt_assert_eq_u32(cs6->dw[1], 7);
		msm_cs_free(cs5);
		msm_cs_free(cs6);
	}

	/* REG 17:0, CNT 29:18, 64B bit 30 */
	igt_describe("the always-on counter is read as one 64-bit pair per generation");
	igt_subtest("read-alwayson") {
		struct msm_cs *cs5 = msm_cs_new(&a530, 4), *cs6 = msm_cs_new(&a630, 4);

		msm_cs_read_alwayson(cs5, &dst, 0);
		msm_cs_read_alwayson(cs6, &dst, 0);
		igt_assert_eq_u32(cs5->dw[0], 0x703e8003);
		igt_assert_eq_u32(cs5->dw[1], 0x400804d2);
		igt_assert_eq_u32(cs6->dw[1], 0x40080980);
		msm_cs_free(cs5);
		msm_cs_free(cs6);
	}

	/* a6xx: EVENT 7:0 (CACHE_FLUSH_TS 4); a7xx: EVENT | WRITE_ENABLED b27 (USER_32B, RAM) */
	igt_describe("fence event writes: CP_EVENT_WRITE on a6xx, CP_EVENT_WRITE7 on a7xx");
	igt_subtest("event-write-fence") {
		struct msm_cs *cs6 = msm_cs_new(&a630, 8), *cs7 = msm_cs_new(&a750, 8);
		static const uint32_t want6[] = { 0x70460004, 0x00000004, 0x2010, 0x1, 42 };
		static const uint32_t want7[] = { 0x70460004, 0x08000004, 0x2010, 0x1, 42 };

		msm_cs_event_write_fence(cs6, &dst, 0x10, 42);
		msm_cs_event_write_fence(cs7, &dst, 0x10, 42);
		expect(cs6, want6, 5);
		expect(cs7, want7, 5);
		msm_cs_free(cs6);
		msm_cs_free(cs7);
	}

	/*
	 * a5xx/a6xx: RB_DONE_TS (0x16) | TIMESTAMP b30, a zero dword last; a7xx:
	 * 3 dwords (parity b15), RB_DONE_TS | WRITE_SRC ALWAYSON (3) 22:20 |
	 * WRITE_ENABLED b27, the address last
	 */
	igt_describe("timestamp events: CP_EVENT_WRITE TIMESTAMP, a7xx CP_EVENT_WRITE7 ALWAYSON");
	igt_subtest("event-write-timestamp") {
		struct msm_cs *cs5 = msm_cs_new(&a530, 8), *cs6 = msm_cs_new(&a630, 8);
		struct msm_cs *cs7 = msm_cs_new(&a750, 8);
		static const uint32_t want6[] = { 0x70460004, 0x40000016, 0x2010, 0x1, 0 };
		static const uint32_t want7[] = { 0x70468003, 0x08300016, 0x2010, 0x1 };

		msm_cs_event_write_timestamp(cs5, &dst, 0x10);
		msm_cs_event_write_timestamp(cs6, &dst, 0x10);
		msm_cs_event_write_timestamp(cs7, &dst, 0x10);
		expect(cs5, want6, 5);
		expect(cs6, want6, 5);
		expect(cs7, want7, 4);
		igt_assert_eq_u32(cs7->bos[0].flags, MSM_SUBMIT_BO_WRITE);
		msm_cs_free(cs5);
		msm_cs_free(cs6);
		msm_cs_free(cs7);
	}

	/*
	 * header: 7 dwords (odd number of ones: parity 0), opcode 0x73 (odd);
	 * d0 NEG_A b0 NEG_B b1 NEG_C b2 DOUBLE b29; then DST, SRC_A, SRC_B
	 */
	igt_describe("CP_MEM_TO_MEM: destination first, then sources; negation and 64-bit bits");
	igt_subtest("mem-to-mem") {
		struct msm_cs *cs = msm_cs_new(&a630, 16);
		struct msm_mem_ref a = { &src, 0, false }, b = { &src, 8, true };
		static const uint32_t want[] = {
			0x70730007, 0x20000002, 0x2000, 0x1, 0x3000, 0x1, 0x3008, 0x1,
		};

		msm_cs_mem_to_mem(cs, true, (struct msm_mem_ref){ &dst, 0, false }, &a, &b, NULL);
		expect(cs, want, 8);
		igt_assert_eq_u32(cs->nr_bos, 2);
		igt_assert_eq_u32(cs->bos[1].flags, MSM_SUBMIT_BO_READ);
		msm_cs_free(cs);
	}

	/* FUNCTION 2:0 (GE 5), POLL 5:4 (MEMORY 1); addr, REF, MASK, DELAY */
	igt_describe("CP_WAIT_REG_MEM polls memory with a function, reference and mask");
	igt_subtest("wait-mem") {
		struct msm_cs *cs = msm_cs_new(&a750, 8);
		static const uint32_t want[] = { 0x70bc8006, 0x15, 0x2000, 0x1, 5, ~0u, 16 };

		msm_cs_wait_mem(cs, 5, &dst, 0, 5, ~0u);
		expect(cs, want, 7);
		msm_cs_free(cs);
	}

	/*
	 * opcode 0x14 (two ones: parity 1 at b23), 4 dwords (parity 0); dword 0
	 * is 0 on both: a6xx RESERVED, a7xx TS_WAIT_GE_32B from TS_WAIT_RAM
	 */
	igt_describe("the memory wait on opcode 0x14: a6xx CP_WAIT_MEM_GTE, a7xx CP_WAIT_TIMESTAMP");
	igt_subtest("wait-mem-gte") {
		struct msm_cs *cs6 = msm_cs_new(&a630, 8), *cs7 = msm_cs_new(&a750, 8);
		static const uint32_t want[] = { 0x70940004, 0, 0x2008, 0x1, 9 };

		msm_cs_wait_mem_gte(cs6, &dst, 8, 9);
		msm_cs_wait_mem_gte(cs7, &dst, 8, 9);
		expect(cs6, want, 5);
		expect(cs7, want, 5);
		igt_assert_eq_u32(cs6->bos[0].flags, MSM_SUBMIT_BO_READ);
		msm_cs_free(cs6);
		msm_cs_free(cs7);
	}

	igt_describe("a5xx has no memory wait on opcode 0x14: building one fails the test");
	igt_subtest("wait-mem-gte-a5xx-refused")
		igt_assert_fails(wait_mem_gte_a5xx);

	/* header: opcode 0x44 and count 6 both have an even number of ones */
	igt_describe("CP_COND_EXEC: bool address, timestamp address, active timestamp, length");
	igt_subtest("cond-exec") {
		struct msm_cs *cs = msm_cs_new(&a630, 8);
		static const uint32_t want[] = { 0x70c48006, 0x2000, 0x1, 0x3000, 0x1, 9, 4 };

		msm_cs_cond_exec(cs, &dst, 0, &src, 0, 9, 4);
		expect(cs, want, 7);
		msm_cs_free(cs);
	}

	igt_describe("overflowing a stream fails the test instead of writing past it");
	igt_subtest("overflow-caught")
		igt_assert_fails(overflow);
}

// SPDX-License-Identifier: MIT
/*
 * msm_cmd: what command streams do, proven in memory — every packet the
 * harness builds writes exactly its result (checked next to an untouched
 * guard word); waits are released by the CPU through GPU-side gates.
 * Streams the CP cannot run are in msm_recovery.
 */
#include "msm_common.h"

IGT_TEST_DESCRIPTION("msm command-stream packets and their memory results, IB chains, "
		     "conditional execution, GPU-side waits and timestamps.");

#define GUARD 0x5a5a5a5au

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *mem;	/* results; each subtest uses its own offsets */

static struct msm_cs *stream(void)
{
	return msm_cs_new(dev, 512);
}

/* Mark @offset with GUARD, so that a later read shows whether the GPU wrote it. */
static void guard(uint64_t offset)
{
	msm_bo_write32(mem, offset, GUARD);
}

static void check_guard(uint64_t offset)
{
	igt_assert_eq_u32(msm_bo_read32(mem, offset), GUARD);
}

/*
 * Run @cs, which writes the @n dwords @v at @at: each lands, and the guard
 * word right after them is still there.
 */
static void run_expect_dwords(struct msm_cs *cs, uint64_t at, const uint32_t *v, unsigned int n)
{
	guard(at + 4 * n);
	msm_cs_run(cs, q);
	for (unsigned int i = 0; i < n; i++)
		igt_assert_eq_u32(msm_bo_read32(mem, at + 4 * i), v[i]);
	check_guard(at + 4 * n);
}

/*
 * Append a marker write of @at at @at to @cs and run it: the CP ran the
 * whole stream, so the marker landed (expect_fault_stops_stream's opposite).
 */
static void run_to_marker(struct msm_cs *cs, uint64_t at)
{
	msm_cs_mem_write32(cs, mem, at, (uint32_t)at);
	msm_cs_run(cs, q);
	igt_assert_eq_u32(msm_bo_read32(mem, at), (uint32_t)at);
}

/* Spin (no sleep) until the GPU wrote @value at @offset: it reached a gate. */
static void await_gpu(uint64_t offset, uint32_t value)
{
	double end = drmsub_now() + 5;

	while (msm_bo_read32(mem, offset) != value)
		igt_assert_f(drmsub_now() < end, "the GPU never reached the gate\n");
}

/*
 * A stream of one a7xx CP_EVENT_WRITE7 whose dword 0 is @dw0, with the
 * address mem + @at and the @n payload dwords at @payload (adreno_pm4.xml
 * CP_EVENT_WRITE7: dword 0, then WRITE_DST, then the user payload); skips
 * before a7xx.
 */
static struct msm_cs *event_write7(uint32_t dw0, uint64_t at, const uint32_t *payload,
				   unsigned int n)
{
	struct msm_cs *cs;

	igt_require_f(dev->gen >= 7, "CP_EVENT_WRITE7 is a7xx+\n");
	cs = stream();
	msm_cs_pkt7(cs, CP_EVENT_WRITE7, 3 + n);
	msm_cs_emit(cs, dw0);
	msm_cs_addr(cs, mem, at, MSM_SUBMIT_BO_WRITE);
	for (unsigned int i = 0; i < n; i++)
		msm_cs_emit(cs, payload[i]);
	return cs;
}

static void mem_to_mem_case(bool b64, bool neg_a, bool neg_b, bool neg_c, int nsrc,
			    const uint64_t *src, uint64_t expected)
{
	struct msm_cs *cs = stream();
	struct msm_mem_ref r[3];
	unsigned int size = b64 ? 8 : 4;

	for (int i = 0; i < nsrc; i++) {
		r[i] = (struct msm_mem_ref){ mem, 0x200 + 0x10 * i, i == 0 ? neg_a : i == 1 ? neg_b : neg_c };
		msm_bo_write32(mem, r[i].offset, (uint32_t)src[i]);
		msm_bo_write32(mem, r[i].offset + 4, (uint32_t)(src[i] >> 32));
	}
	guard(0x300 + size);
	msm_cs_mem_to_mem(cs, b64, (struct msm_mem_ref){ mem, 0x300, false }, &r[0],
			  nsrc > 1 ? &r[1] : NULL, nsrc > 2 ? &r[2] : NULL);
	msm_cs_run(cs, q);
	if (b64)
		igt_assert_eq_u64(msm_bo_read64(mem, 0x300), expected);
	else
		igt_assert_eq_u32(msm_bo_read32(mem, 0x300), (uint32_t)expected);
	check_guard(0x300 + size);
}

/*
 * CP_COND_EXEC with *bool = @flag, *timestamp = @ts and ACTIVE_TIMESTAMP 5
 * guards one CP_MEM_WRITE (4 dwords); a second write after it always runs.
 */
/* Scratch register 5 = @initial, then CP_REG_RMW; the result lands at @at. */
static void reg_rmw_case(uint64_t at, uint32_t initial, uint32_t and_mask, uint32_t rotate,
			 uint32_t or_value, bool add, uint32_t expect)
{
	struct msm_cs *cs = stream();
	uint32_t reg = msm_scratch_reg(dev, 5);

	msm_cs_reg_write32(cs, reg, initial);
	msm_cs_reg_rmw(cs, reg, and_mask, rotate, or_value, add);
	msm_cs_reg_to_mem(cs, reg, 1, false, mem, at);
	msm_cs_run(cs, q);
	igt_assert_eq_u32(msm_bo_read32(mem, at), expect);
}

/*
 * A CP_WAIT_MEM_GTE for @ref on the dword at @at, which holds @held: the
 * write after the wait (to @at + 4) has not run; once the CPU stores
 * @release at @at, it has.
 */
static void wait_mem_gte_case(uint64_t at, uint32_t held, uint32_t ref, uint32_t release)
{
	struct msm_cs *cs;
	uint32_t fence;

	igt_require_f(dev->gen >= 6, "a5xx has no CP_WAIT_MEM_GTE\n");
	cs = stream();
	msm_bo_write32(mem, at, held);
	msm_cs_wait_mem_gte(cs, mem, at, ref);
	msm_cs_mem_write32(cs, mem, at + 4, 0x77);
	fence = msm_cs_submit(cs, q);
	igt_assert_eq(__msm_wait_fence(q, fence, 10 * 1000 * 1000), -ETIMEDOUT);
	igt_assert_eq_u32(msm_bo_read32(mem, at + 4), 0);
	msm_bo_write32(mem, at, release);
	igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
	igt_assert_eq_u32(msm_bo_read32(mem, at + 4), 0x77);
	msm_cs_free(cs);
}

static void cond_exec_case(uint64_t at, uint32_t flag, uint32_t ts, bool taken)
{
	struct msm_cs *cs = stream();

	msm_bo_write32(mem, at, flag);
	msm_bo_write32(mem, at + 4, ts);
	guard(at + 0x10);
	msm_cs_cond_exec(cs, mem, at, mem, at + 4, 5, 4);
	msm_cs_mem_write32(cs, mem, at + 0x10, 0x71);
	msm_cs_mem_write32(cs, mem, at + 0x14, 0x72);
	msm_cs_run(cs, q);
	igt_assert_eq_u32(msm_bo_read32(mem, at + 0x10), taken ? 0x71 : GUARD);
	igt_assert_eq_u32(msm_bo_read32(mem, at + 0x14), 0x72);
}

igt_main
{
	igt_fixture
		results_fixture_open(&dev, &q, &mem);

	/* ---- memory writes ------------------------------------------------- */

	igt_describe("CP_MEM_WRITE of one dword writes it and nothing after it");
	igt_subtest("mem-write") {
		struct msm_cs *cs = stream();

		msm_cs_mem_write32(cs, mem, 0x40, 0xcafe0001);
		run_expect_dwords(cs, 0x40, (const uint32_t[]){ 0xcafe0001 }, 1);
	}

	igt_describe("CP_MEM_WRITE of 16 dwords writes them in order, inside its range");
	igt_subtest("mem-write-many") {
		struct msm_cs *cs = stream();
		uint32_t v[16];

		for (int i = 0; i < 16; i++)
			v[i] = 0x1000 + i;
		guard(0x3c);	/* and nothing before them */
		msm_cs_mem_write(cs, mem, 0x40, v, 16);
		run_expect_dwords(cs, 0x40, v, 16);
		check_guard(0x3c);
	}

	igt_describe("a CP_MEM_WRITE that runs from one BO into the next writes every dword: "
		     "the GPU's address range is contiguous");
	igt_subtest("mem-write-across-bos") {
		struct msm_cs *cs = stream();
		struct msm_bo *lo, *hi;
		uint32_t v[4] = { 0x11, 0x22, 0x33, 0x44 };

		adjacent_bos(dev, 4096, &lo, &hi);
		msm_bo_write32(hi, 8, GUARD);
		msm_cs_pkt7(cs, CP_MEM_WRITE, 2 + 4);
		msm_cs_addr(cs, lo, 4096 - 8, MSM_SUBMIT_BO_WRITE);
		msm_cs_attach(cs, hi, MSM_SUBMIT_BO_WRITE);
		for (int i = 0; i < 4; i++)
			msm_cs_emit(cs, v[i]);
		msm_cs_run(cs, q);
		igt_assert_eq_u32(msm_bo_read32(lo, 4096 - 8), 0x11);
		igt_assert_eq_u32(msm_bo_read32(lo, 4096 - 4), 0x22);
		igt_assert_eq_u32(msm_bo_read32(hi, 0), 0x33);
		igt_assert_eq_u32(msm_bo_read32(hi, 4), 0x44);
		igt_assert_eq_u32(msm_bo_read32(hi, 8), GUARD);
		msm_bo_free(lo);
		msm_bo_free(hi);
	}

	igt_describe("CP_NOP skips its payload, even one that looks like garbage");
	igt_subtest("nop-payload") {
		struct msm_cs *cs = stream();

		msm_cs_pkt7(cs, CP_NOP, 2);
		msm_cs_emit(cs, 0xdeaddead);
		msm_cs_emit(cs, 0xdeaddead);
		run_to_marker(cs, 0x90);
	}

	igt_describe("CP_WAIT_FOR_IDLE, CP_WAIT_FOR_ME and CP_WAIT_MEM_WRITES run through");
	igt_subtest("wait-idle-packets") {
		struct msm_cs *cs = stream();

		msm_cs_pkt7(cs, CP_WAIT_FOR_IDLE, 0);
		msm_cs_pkt7(cs, CP_WAIT_FOR_ME, 0);
		msm_cs_pkt7(cs, CP_WAIT_MEM_WRITES, 0);
		run_to_marker(cs, 0x98);
	}

	/* ---- registers ---------------------------------------------------- */

	/* hardware claim: CNT 4 reads four registers (referees read one, or a 64B pair) */
	igt_describe("scratch registers written by pkt4 read back with CP_REG_TO_MEM");
	igt_subtest("reg-to-mem-scratch") {
		struct msm_cs *cs = stream();
		uint32_t v[4] = { 0x11, 0x22, 0x33, 0x44 };

		msm_cs_reg_write(cs, msm_scratch_reg(dev, 4), v, 4);
		msm_cs_reg_to_mem(cs, msm_scratch_reg(dev, 4), 4, false, mem, 0x100);
		run_expect_dwords(cs, 0x100, v, 4);
	}

	igt_describe("CP_REG_TO_MEM with 64B stores a register pair as one 64-bit value");
	igt_subtest("reg-to-mem-64b") {
		struct msm_cs *cs = stream();
		uint32_t v[2] = { 0x89abcdef, 0x01234567 };

		guard(0x128);
		msm_cs_reg_write(cs, msm_scratch_reg(dev, 6), v, 2);
		msm_cs_reg_to_mem(cs, msm_scratch_reg(dev, 6), 2, true, mem, 0x120);
		msm_cs_run(cs, q);
		igt_assert_eq_u64(msm_bo_read64(mem, 0x120), 0x0123456789abcdefull);
		check_guard(0x128);
	}

	igt_describe("the kernel writes CP_SCRATCH[2] = ring seqno after each submit");
	igt_subtest("kernel-scratch2-seqno") {
		struct msm_cs *a = stream(), *b = stream();

		msm_cs_reg_to_mem(a, msm_scratch_reg(dev, 2), 1, false, mem, 0x140);
		msm_cs_reg_to_mem(b, msm_scratch_reg(dev, 2), 1, false, mem, 0x144);
		msm_cs_run(a, q);
		msm_cs_run(b, q);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x144), msm_bo_read32(mem, 0x140) + 1);
	}

	/* hardware claim: CNT 3 loads three registers (turnip loads one) */
	igt_describe("CP_MEM_TO_REG loads scratch registers from memory, in order");
	igt_subtest("mem-to-reg-scratch") {
		struct msm_cs *cs = stream();
		uint32_t v[3] = { 0xa1, 0xb2, 0xc3 };

		for (int i = 0; i < 3; i++)
			msm_bo_write32(mem, 0x800 + 4 * i, v[i]);
		msm_cs_mem_to_reg(cs, msm_scratch_reg(dev, 4), 3, mem, 0x800);
		msm_cs_reg_to_mem(cs, msm_scratch_reg(dev, 4), 3, false, mem, 0x900);
		run_expect_dwords(cs, 0x900, v, 3);
	}

	/* hardware claim: a partial AND mask (turnip's are ~0); adreno_pm4.xml's formula */
	igt_describe("CP_REG_RMW keeps the AND-mask bits and ORs in the immediate");
	igt_subtest("reg-rmw-and-or")
		reg_rmw_case(0x920, 0x12345678, 0xffff0000, 0, 0xab, false, 0x123400ab);

	igt_describe("CP_REG_RMW with SRC1_ADD adds the immediate, carrying across bits");
	igt_subtest("reg-rmw-add")
		reg_rmw_case(0x924, 0x000000ff, ~0u, 0, 0x01, true, 0x00000100);

	/* hardware claim: ROTATE, which no kernel or Mesa stream sets */
	igt_describe("CP_REG_RMW rotates the masked value left before combining");
	igt_subtest("reg-rmw-rotate")
		reg_rmw_case(0x928, 0x80000001, ~0u, 4, 0, false, 0x00000018);

	/* ---- CP_MEM_TO_MEM ------------------------------------------------- */

	igt_describe("CP_MEM_TO_MEM copies one 32-bit source");
	igt_subtest("mem-to-mem-copy")
		mem_to_mem_case(false, false, false, false, 1, (uint64_t[]){ 0xabcd1234 }, 0xabcd1234);

	igt_describe("CP_MEM_TO_MEM adds two 32-bit sources");
	igt_subtest("mem-to-mem-add")
		mem_to_mem_case(false, false, false, false, 2, (uint64_t[]){ 40, 2 }, 42);

	igt_describe("CP_MEM_TO_MEM with NEG_B subtracts the second source");
	igt_subtest("mem-to-mem-sub")
		mem_to_mem_case(false, false, true, false, 2, (uint64_t[]){ 50, 8 }, 42);

	/* hardware claim: NEG_A, which no kernel or Mesa stream sets */
	igt_describe("CP_MEM_TO_MEM with NEG_A negates the first source");
	igt_subtest("mem-to-mem-neg-a")
		mem_to_mem_case(false, true, false, false, 2, (uint64_t[]){ 8, 50 }, 42);

	/* Mesa's three-source form is 64-bit (fd6_query.c); 32-bit is a hardware claim */
	igt_describe("CP_MEM_TO_MEM with three sources and NEG_C: A + B - C");
	igt_subtest("mem-to-mem-three")
		mem_to_mem_case(false, false, false, true, 3, (uint64_t[]){ 30, 20, 8 }, 42);

	igt_describe("CP_MEM_TO_MEM with DOUBLE adds 64-bit values, carrying into the high word");
	igt_subtest("mem-to-mem-64")
		mem_to_mem_case(true, false, false, false, 2,
				(uint64_t[]){ 0x00000001ffffffffull, 1 }, 0x0000000200000000ull);

	igt_describe("CP_MEM_TO_MEM with DOUBLE and NEG_B borrows across the high word");
	igt_subtest("mem-to-mem-64-sub")
		mem_to_mem_case(true, false, true, false, 2,
				(uint64_t[]){ 0x0000000200000000ull, 1 }, 0x00000001ffffffffull);

	/* ---- waits ---------------------------------------------------------- */

	igt_describe("CP_WAIT_REG_MEM holds later packets until the CPU writes the value");
	igt_subtest("wait-reg-mem-released") {
		struct msm_cs *cs = stream();
		uint32_t fence;

		msm_cs_mem_write32(cs, mem, 0x400, 1);			/* reached the gate */
		msm_cs_wait_mem(cs, WRITE_EQ, mem, 0x404, 1, ~0u);	/* the gate */
		msm_cs_mem_write32(cs, mem, 0x408, 2);			/* after it */
		fence = msm_cs_submit(cs, q);
		await_gpu(0x400, 1);
		igt_assert_eq(__msm_wait_fence(q, fence, 10 * 1000 * 1000), -ETIMEDOUT);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x408), 0);
		msm_bo_write32(mem, 0x404, 1);
		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x408), 2);
		msm_cs_free(cs);
	}

	/* the kernel masks a register poll (a6xx_set_pagetable); on memory, a claim */
	igt_describe("CP_WAIT_REG_MEM compares only the bits of its mask");
	igt_subtest("wait-reg-mem-mask") {
		struct msm_cs *cs = stream();
		uint32_t fence;

		msm_cs_wait_mem(cs, WRITE_EQ, mem, 0x414, 0x1200, 0xff00);
		msm_cs_mem_write32(cs, mem, 0x418, 3);
		fence = msm_cs_submit(cs, q);
		msm_bo_write32(mem, 0x414, 0x34ab);	/* masked: 0x3400, not yet */
		igt_assert_eq(__msm_wait_fence(q, fence, 10 * 1000 * 1000), -ETIMEDOUT);
		msm_bo_write32(mem, 0x414, 0x12cd);	/* masked: 0x1200 */
		igt_assert_eq(__msm_wait_fence(q, fence, NSEC_PER_SEC), 0);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x418), 3);
		msm_cs_free(cs);
	}

	/*
	 * referees use WRITE_EQ (turnip tu6_cache_flush) and WRITE_NE
	 * (fd5_query.c); the others follow adreno_pm4.xml's enum: hardware claims
	 */
	igt_describe("every CP_WAIT_REG_MEM function passes when its comparison holds");
	igt_subtest("wait-reg-mem-functions") {
		static const struct { uint32_t func, ref; } c[] = {
			{ WRITE_ALWAYS, 0 }, { WRITE_LT, 11 }, { WRITE_LE, 10 }, { WRITE_EQ, 10 },
			{ WRITE_NE, 9 }, { WRITE_GE, 10 }, { WRITE_GT, 9 },
		};
		struct msm_cs *cs = stream();

		msm_bo_write32(mem, 0x420, 10);
		for (unsigned int i = 0; i < 7; i++) {
			msm_cs_wait_mem(cs, c[i].func, mem, 0x420, c[i].ref, ~0u);
			msm_cs_mem_write32(cs, mem, 0x430 + 4 * i, 0x100 + i);
		}
		msm_cs_run(cs, q);
		for (unsigned int i = 0; i < 7; i++)
			igt_assert_eq_u32(msm_bo_read32(mem, 0x430 + 4 * i), 0x100 + i);
	}

	igt_describe("CP_WAIT_MEM_GTE (a7xx: CP_WAIT_TIMESTAMP, the same encoding) holds later "
		     "packets until memory reaches the value");
	igt_subtest("wait-mem-gte-released")
		wait_mem_gte_case(0x460, 4, 5, 6);

	/* adreno_pm4.xml: CP_WAIT_MEM_GTE and TS_WAIT_GE_32B compare signed */
	igt_describe("CP_WAIT_MEM_GTE compares signed: 0xffffffff (-1) is below 1");
	igt_subtest("wait-mem-gte-signed")
		wait_mem_gte_case(0x470, 0xffffffff, 1, 1);

	/* ---- events and timestamps ------------------------------------------ */

	igt_describe("a CACHE_FLUSH_TS event without TIMESTAMP writes the packet's dword, as the "
		     "kernel writes its fences (a7xx: CP_EVENT_WRITE7 USER_32B)");
	igt_subtest("event-write-fence") {
		struct msm_cs *cs = stream();

		msm_cs_event_write_fence(cs, mem, 0x500, 0xfeed0001);
		run_expect_dwords(cs, 0x500, (const uint32_t[]){ 0xfeed0001 }, 1);
	}

	/*
	 * adreno_pm4.xml CP_EVENT_WRITE TIMESTAMP: "write back timestamp instead
	 * of value from packet"; the kernel reads MSM_PARAM_TIMESTAMP from the
	 * same counter (a6xx_get_timestamp). The slots start as guard words, so
	 * a 32-bit write (or none) leaves a value far beyond the clock.
	 */
	igt_describe("a timestamp event (CP_EVENT_WRITE TIMESTAMP, a7xx CP_EVENT_WRITE7 ALWAYSON) "
		     "stores the 64-bit always-on counter: later events, later values, "
		     "between MSM_PARAM_TIMESTAMP reads before and after");
	igt_subtest("event-write-ts") {
		struct msm_cs *a = stream(), *b = stream();
		uint64_t before, after, t1, t2;

		for (uint64_t at = 0x580; at <= 0x590; at += 4)
			guard(at);
		msm_cs_event_write_timestamp(a, mem, 0x580);
		msm_cs_event_write_timestamp(b, mem, 0x588);
		before = msm_get_param(dev, MSM_PARAM_TIMESTAMP);
		msm_cs_run(a, q);
		msm_cs_run(b, q);
		after = msm_get_param(dev, MSM_PARAM_TIMESTAMP);
		t1 = msm_bo_read64(mem, 0x580);
		t2 = msm_bo_read64(mem, 0x588);
		igt_assert_lte_u64(before, t1);
		igt_assert_lt_u64(t1, t2);
		igt_assert_lte_u64(t2, after);
		check_guard(0x590);
	}

	/*
	 * hardware claim: adreno_pm4.xml says WRITE_ENABLED "writes into
	 * WRITE_DST from WRITE_SRC"; Mesa never sends an address without it
	 */
	igt_describe("a7xx CP_EVENT_WRITE7 without WRITE_ENABLED writes nothing");
	igt_subtest("event-write7-needs-write-enabled") {
		guard(0x510);
		msm_cs_run(event_write7(CP_EVENT_WRITE7_0(.event = CACHE_FLUSH_TS,
							  .write_src = EV_WRITE_USER_32B),
					0x510, (const uint32_t[]){ 0xfeed0002 }, 1), q);
		check_guard(0x510);
	}

	/* hardware claim: EV_WRITE_USER_64B, from adreno_pm4.xml only */
	igt_describe("a7xx CP_EVENT_WRITE7 USER_64B writes both payload dwords");
	igt_subtest("event-write7-user-64b") {
		guard(0x528);
		msm_cs_run(event_write7(CP_EVENT_WRITE7_0(.event = CACHE_FLUSH_TS, .write_enabled = 1,
							  .write_src = EV_WRITE_USER_64B),
					0x520, (const uint32_t[]){ 0x89abcdef, 0x01234567 }, 2), q);
		igt_assert_eq_u64(msm_bo_read64(mem, 0x520), 0x0123456789abcdefull);
		check_guard(0x528);
	}

	igt_describe("the always-on counter moves forward between two reads on the GPU");
	igt_subtest("alwayson-increases") {
		struct msm_cs *a = stream(), *b = stream();
		uint64_t before = msm_get_param(dev, MSM_PARAM_TIMESTAMP);

		msm_cs_read_alwayson(a, mem, 0x560);
		msm_cs_read_alwayson(b, mem, 0x568);
		msm_cs_run(a, q);
		msm_cs_run(b, q);
		igt_assert_lte_u64(before, msm_bo_read64(mem, 0x560));
		igt_assert_lt_u64(msm_bo_read64(mem, 0x560), msm_bo_read64(mem, 0x568));
	}

	/* ---- indirect buffers and conditions -------------------------------- */

	igt_describe("an IB1 runs an IB2 with CP_INDIRECT_BUFFER and continues after it");
	igt_subtest("ib-chain") {
		struct msm_cs *ib1 = stream(), *ib2 = stream();

		msm_cs_mem_write32(ib2, mem, 0x604, 2);
		msm_cs_mem_write32(ib1, mem, 0x600, 1);
		msm_cs_indirect(ib1, ib2);
		msm_cs_mem_write32(ib1, mem, 0x608, 3);
		msm_cs_run(ib1, q);
		msm_cs_free(ib2);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x600), 1);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x604), 2);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x608), 3);
	}

	/*
	 * *timestamp below ACTIVE_TIMESTAMP, where adreno_pm4.xml's formula and
	 * turnip's "ADDR1 < REF" (tu_query.cc) agree; equal is unsettled
	 */
	igt_describe("CP_COND_EXEC runs what it guards when *bool != 0 and the timestamp is reached");
	igt_subtest("cond-exec-taken")
		cond_exec_case(0x700, 1, 4, true);

	igt_describe("CP_COND_EXEC skips what it guards when *bool == 0");
	igt_subtest("cond-exec-not-taken")
		cond_exec_case(0x720, 0, 5, false);

	igt_describe("CP_COND_EXEC skips when the active timestamp is behind the one in memory");
	igt_subtest("cond-exec-timestamp-behind")
		cond_exec_case(0x740, 1, 6, false);	/* ACTIVE 5 - 6 wraps past 2^31 */

	igt_fixture
		results_fixture_close(dev, q, mem);
}

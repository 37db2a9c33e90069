// SPDX-License-Identifier: MIT
/*
 * The Maxwell push builder and its typed helpers, checked dword by dword
 * against sequences worked out by hand from the class headers (no GPU:
 * streams stay in memory until submission).
 *
 * Header = SEC_OP << 29 | COUNT << 16 | SUBC << 13 | METHOD >> 2, with
 * SEC_OP 1 INC (0x20000000), 3 NON_INC (0x60000000), 4 IMMD (0x80000000,
 * value in COUNT), 5 ONE_INC (0xa0000000) — clb06f.h, Mesa's nvc0_winsys.h.
 */
#include <unistd.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/push.h"
#include "util/util.h"
#include "unit_words.h"

/* BOs above 4 GiB, so both address halves are visible */
static struct nv_bo dst = { .handle = 7, .size = 4096, .va = 0x100002000ull };
static struct nv_bo src = { .handle = 8, .size = 4096, .va = 0x100003000ull };
static struct nv_bo sem = { .handle = 9, .size = 4096, .va = 0x100004000ull };

#define EXPECT(p, ...) EXPECT_WORDS("dword", (p)->start, nv_push_dwords(p), __VA_ARGS__)

/*
 * One semaphore builder at @bo + @offset with @payload: the five dwords it
 * emits, and how its one BO reference accesses the semaphore.
 */
struct sem_case {
	const char *name;
	nv_push_sem_fn *emit;
	struct nv_bo *bo;
	uint64_t offset;
	uint32_t payload;
	uint32_t want[5];
	uint32_t access;
};

static const struct sem_case sem_cases[] = {
	/*
	 * SEMAPHOREA 0x10 (UPPER 7:0), B 0x14 (LOWER 31:2, i.e. the address),
	 * C 0x18 payload, D 0x1c: RELEASE 2 | RELEASE_WFI EN (0) << 20 |
	 * RELEASE_SIZE 4BYTE (1) << 24 = 0x01000002. Header INC subc 0 0x10 n 4.
	 * A host release is 4-byte, WFI before the write.
	 */
	{ "host-release", nv_host_sem_release, &sem, 0x10, 0x1234,
	  { 0x20040004, 0x1, 0x4010, 0x1234, 0x01000002 }, NV_ACCESS_WRITE },
	/* D: ACQUIRE 1 / ACQ_GEQ 4, ACQUIRE_SWITCH ENABLED 1 << 12 (switch while waiting) */
	{ "host-acquire", nv_host_sem_acquire, &sem, 0, 5,
	  { 0x20040004, 0x1, 0x4000, 5, 0x1001 }, NV_ACCESS_READ },
	{ "host-acquire-geq", nv_host_sem_acquire_geq, &sem, 0, 6,
	  { 0x20040004, 0x1, 0x4000, 6, 0x1004 }, NV_ACCESS_READ },
	/*
	 * SET_REPORT_SEMAPHORE_A..D 0x1b00 INC n 4 (0x200406c0): upper, lower,
	 * payload, D. The referees' words: one word is Mesa's
	 * PIPE_QUERY_GPU_FINISHED 0x1000f010 (nvc0_hw_end_query; NVK's
	 * nvk_CmdResetQueryPool builds the same) = RELEASE 0 | RELEASE
	 * AFTER_ALL_PRECEEDING_WRITES 1 << 4 | PIPELINE_LOCATION ALL 0xf << 12 |
	 * STRUCTURE_SIZE ONE_WORD 1 << 28. The timestamp is NVK's
	 * nvk_CmdWriteTimestamp2 word at PIPELINE_LOCATION ALL: REPORT_ONLY 2 |
	 * 0xf << 12 | FOUR_WORDS 0 = 0xf002.
	 */
	{ "3d-release", nv_3d_sem_release, &dst, 0x20, 0xabc,
	  { 0x200406c0, 0x1, 0x2020, 0xabc, 0x1000f010 }, NV_ACCESS_WRITE },
	{ "3d-release-ts", nv_3d_sem_release_ts, &dst, 0x30, 0xdef,
	  { 0x200406c0, 0x1, 0x2030, 0xdef, 0x0000f002 }, NV_ACCESS_WRITE },
};

static void sem_case_holds(const struct sem_case *c)
{
	struct nv_push *p = nv_push_new(8);

	c->emit(p, c->bo, c->offset, c->payload);
	expect_words("dword", p->start, nv_push_dwords(p), c->want, ARRAY_SIZE(c->want));
	igt_assert_eq_u32(p->nr_refs, 1);
	igt_assert_eq_u32(p->refs[0].access, c->access);
	nv_push_free(p);
}

static void wrong_inc_method(void)
{
	struct nv_push *p = nv_push_new(8);

	nv_mthd(p, 0, 0x10);
	nv_val(p, 0x10, 1);
	nv_val(p, 0x18, 2);	/* the header feeds 0x14 next */
}

static void wrong_noninc_method(void)
{
	struct nv_push *p = nv_push_new(8);

	nv_mthd_ni(p, 0, 0x118);
	nv_val(p, 0x118, 1);
	nv_val(p, 0x11c, 2);	/* NON_INC feeds 0x118 forever */
}

static void wrong_one_inc_method(void)
{
	struct nv_push *p = nv_push_new(8);

	nv_mthd_1i(p, 0, 0x114);
	nv_val(p, 0x114, 1);
	nv_val(p, 0x118, 2);
	nv_val(p, 0x11c, 3);	/* 1INC feeds 0x118 after the first */
}

static void data_after_immd(void)
{
	struct nv_push *p = nv_push_new(8);

	nv_immd(p, 0, 0x110, 0);
	nv_data(p, 1);		/* an immediate header takes no data */
}

static void buffer_overflow(void)
{
	struct nv_push *p = nv_push_new(2);

	nv_mthd(p, 0, 0x10);
	nv_data(p, 1);
	nv_data(p, 2);		/* the third dword of a two-dword buffer */
}

static void count_overflow(void)
{
	struct nv_push *p = nv_push_new(NV_PUSH_MAX_COUNT + 4);

	nv_mthd_ni(p, 0, 0x118);
	for (uint32_t i = 0; i <= NV_PUSH_MAX_COUNT; i++)
		nv_data(p, i);	/* the 8192nd would carry into SEC_OP */
}

static void address_past_bo(void)
{
	struct nv_push *p = nv_push_new(32);

	nv_3d_sem_release(p, &dst, 4096, 1);
}

igt_main
{
	igt_describe("nv_mthd opens a header with count 0; each appended dword bumps it");
	igt_subtest("count-grows") {
		struct nv_push *p = nv_push_new(8);

		nv_mthd(p, 4, 0x400);
		igt_assert_eq_u32(p->start[0], 0x20008100);	/* count 0 */
		nv_data(p, 1);
		nv_data(p, 2);
		nv_data(p, 3);
		/* INC subc 4, 0x400 >> 2 = 0x100, count 3 */
		EXPECT(p, 0x20038100, 1, 2, 3);
		igt_assert_eq_u32(nv_push_next_mthd(p), 0x40c);
		nv_push_free(p);
	}

	igt_describe("immediates are chosen when the value fits 13 bits, else INC + data");
	igt_subtest("immediate-selection") {
		struct nv_push *p = nv_push_new(8);

		nv_immd(p, 0, 0x110, 0x1fff);	/* IMMD, value 0x1fff in 28:16 */
		nv_immd(p, 3, 0x110, 0x2000);	/* INC subc 3 (0x6000), count 1 */
		EXPECT(p, 0x9fff0044, 0x20016044, 0x2000);
		nv_push_free(p);
	}

	igt_describe("the order check follows INC, NON_INC and ONE_INC headers");
	igt_subtest("order-accepted") {
		struct nv_push *p = nv_push_new(16);

		nv_mthd(p, 0, 0x10);
		nv_val(p, 0x10, 1);
		nv_val(p, 0x14, 2);
		nv_mthd_ni(p, 0, 0x118);
		nv_val(p, 0x118, 3);
		nv_val(p, 0x118, 4);
		nv_mthd_1i(p, 0, 0x114);
		nv_val(p, 0x114, 5);
		nv_val(p, 0x118, 6);
		nv_val(p, 0x118, 7);
		EXPECT(p, 0x20020004, 1, 2, 0x60020046, 3, 4, 0xa0030045, 5, 6, 7);
		nv_push_free(p);
	}

	igt_describe("a method appended where the open header feeds another fails the test");
	igt_subtest("order-caught") {
		igt_assert_fails(wrong_inc_method);
		igt_assert_fails(wrong_noninc_method);
		igt_assert_fails(wrong_one_inc_method);
		igt_assert_fails(data_after_immd);
	}

	igt_describe("buffer, header-count and BO-range overflows fail instead of writing on");
	igt_subtest("overflow-caught") {
		igt_assert_fails(buffer_overflow);
		igt_assert_fails(count_overflow);
		igt_assert_fails(address_past_bo);
	}

	/* NVB06F SET_OBJECT 0x000, NVCLASS 15:0 */
	igt_describe("SET_OBJECT binds a class to a subchannel with method 0");
	igt_subtest("set-object") {
		struct nv_push *p = nv_push_new(8);

		nv_set_object(p, NV_SUBC_I2M, 0xa140);
		nv_set_object(p, NV_SUBC_COPY, 0xb0b5);
		EXPECT(p, 0x20014000, 0xa140, 0x20018000, 0xb0b5);
		igt_assert_eq_u32(p->bound[NV_SUBC_COPY], 0xb0b5);
		nv_push_free(p);
	}

	igt_describe("semaphore releases and acquires, host and 3D: four methods, the BO "
		     "referenced for writing or reading");
	igt_subtest_with_dynamic("semaphores") {
		array_for_each(c, sem_cases) {
			igt_dynamic(c->name)
				sem_case_holds(c);
		}
	}

	/*
	 * NON_STALL_INTERRUPT 0x20 = 0 → IMMD 0x80000008; WFI 0x78 data 0 (SCOPE
	 * CURRENT_SCG_TYPE, NVIDIA UVM's uvm_hal_maxwell_host_wait_for_idle) →
	 * 0x8000001e; NOP 0x08 → 0x80000002; 3D WAIT_FOR_IDLE 0x110 → 0x80000044
	 * (clb06f.h/clb197.h immediates).
	 */
	igt_describe("host non-stall interrupt, WFI, NOP and the 3D WAIT_FOR_IDLE are immediates");
	igt_subtest("host-immediates") {
		struct nv_push *p = nv_push_new(8);

		nv_host_nonstall_intr(p);
		nv_host_wfi(p);
		nv_host_nop(p);
		nv_3d_wfi(p);
		EXPECT(p, 0x80000008, 0x8000001e, 0x80000002, 0x80000044);
		nv_push_free(p);
	}

	/*
	 * INC subc 2 0x180 n 4 (0x20044060): LINE_LENGTH_IN 8 bytes, LINE_COUNT
	 * 1, OFFSET_OUT_UPPER 1, OFFSET_OUT 0x2040; 1INC subc 2 0x1b0 n 3
	 * (0xa003406c): LAUNCH_DMA 0x1001 (PITCH 1 | SEMAPHORE_STRUCT_SIZE
	 * ONE_WORD 1 << 12, Mesa's nve4_p2mf_push_linear word), then both
	 * dwords to LOAD_INLINE_DATA.
	 */
	igt_describe("inline-to-memory through NVA140 on subchannel 2");
	igt_subtest("i2m-write") {
		struct nv_push *p = nv_push_new(16);
		static const uint32_t data[] = { 0xcafe0001, 0xcafe0002 };

		nv_i2m_write(p, &dst, 0x40, data, 2);
		EXPECT(p, 0x20044060, 8, 1, 0x1, 0x2040, 0xa003406c, 0x1001, 0xcafe0001, 0xcafe0002);
		nv_push_free(p);
	}

	igt_describe("the same inline write through the 3D class's I2M methods on subchannel 0");
	igt_subtest("3d-i2m-write") {
		struct nv_push *p = nv_push_new(16);
		static const uint32_t data[] = { 0xcafe0003 };

		nv_3d_i2m_write(p, &dst, 0x44, data, 1);
		EXPECT(p, 0x20040060, 4, 1, 0x1, 0x2044, 0xa002006c, 0x1001, 0xcafe0003);
		nv_push_free(p);
	}

	/*
	 * INC subc 4 0x400 n 8 (0x20088100): IN hi/lo,
	 * OUT hi/lo, PITCH_IN/OUT, LINE_LENGTH_IN (bytes), LINE_COUNT 1; INC
	 * 0x240 n 3 (0x20038090) semaphore hi/lo/payload; INC 0x300 n 1
	 * (0x200180c0) LAUNCH_DMA = NON_PIPELINED 2 | FLUSH 1 << 2 |
	 * SEMAPHORE_TYPE ONE_WORD 1 << 3 | SRC PITCH 1 << 7 | DST PITCH 1 << 8 = 0x18e.
	 */
	igt_describe("copy-engine pitch copy followed by a one-word semaphore release");
	igt_subtest("copy-linear") {
		struct nv_push *p = nv_push_new(32);

		nv_copy_linear(p, &dst, 0, &src, 0, 256, &sem, 0, 7);
		EXPECT(p, 0x20088100, 0x1, 0x3000, 0x1, 0x2000, 256, 256, 256, 1,
			  0x20038090, 0x1, 0x4000, 7, 0x200180c0, 0x18e);
		igt_assert_eq_u32(p->nr_refs, 3);
		igt_assert_eq_u32(p->refs[0].access, NV_ACCESS_READ);	/* src */
		igt_assert_eq_u32(p->refs[1].access, NV_ACCESS_WRITE);	/* dst */
		nv_push_free(p);
	}

	/*
	 * REMAP_CONST_A 0x700 (0x200181c0); REMAP_COMPONENTS 0x708 (0x200181c2)
	 * = DST_X CONST_A 4 | COMPONENT_SIZE FOUR 3 << 16 | one src, one dst =
	 * 0x30004; OFFSET_OUT hi/lo 0x408 (0x20028102); LINE_LENGTH_IN 16
	 * elements, LINE_COUNT 1 at 0x418 (0x20028106); semaphore; LAUNCH_DMA
	 * 0x18e | REMAP_ENABLE 1 << 10 = 0x58e. A 0x586 would lack
	 * SEMAPHORE_TYPE: it would release nothing (clb0b5.h LAUNCH_DMA).
	 */
	igt_describe("copy-engine remap memset followed by a one-word semaphore release");
	igt_subtest("copy-memset") {
		struct nv_push *p = nv_push_new(32);

		nv_copy_memset32(p, &dst, 0x100, 0xdeadbeef, 16, &sem, 8, 9);
		EXPECT(p, 0x200181c0, 0xdeadbeef, 0x200181c2, 0x30004,
			  0x20028102, 0x1, 0x2100, 0x20028106, 16, 1,
			  0x20038090, 0x1, 0x4008, 9, 0x200180c0, 0x58e);
		nv_push_free(p);
	}

	/*
	 * Upload: 1INC 0x114 n 3 (0xa0030045): INSTRUCTION_RAM_POINTER 0x10,
	 * then both instructions to INSTRUCTION_RAM 0x118; INC 0x11c n 2
	 * (0x20020047): START_ADDRESS_RAM_POINTER 3, START_ADDRESS_RAM 0x10.
	 * Call: CALL_MME_MACRO(3) = 0x3800 + 3 * 8 = 0x3818, 1INC n 2
	 * (0xa0020e06): first parameter to MACRO(3), the next to DATA(3) 0x381c.
	 */
	igt_describe("MME macro upload and call");
	igt_subtest("mme") {
		struct nv_push *p = nv_push_new(16);
		static const uint32_t insns[] = { 0x11, 0x22 }, params[] = { 5, 6 };

		nv_mme_upload(p, 3, 0x10, insns, 2);
		nv_mme_call(p, 3, params, 2);
		EXPECT(p, 0xa0030045, 0x10, 0x11, 0x22, 0x20020047, 3, 0x10,
			  0xa0020e06, 5, 6);
		nv_push_free(p);
	}

	/*
	 * A 5-dword segment at 0x1_2345_6780: e0 = address 31:2 (FETCH 0),
	 * e1 = GET_HI 1 | LENGTH 5 << 10 = 0x1401 — the kernel's
	 * upper_32_bits(addr) | bytes << 8 for the same segment.
	 */
	igt_describe("a pushbuf segment packs into the GPFIFO entry the kernel writes");
	igt_subtest("gpfifo-entry") {
		struct nv_push *p = nv_push_new(8);
		struct nv_gp_entry e, back;
		uint32_t dw[2];

		for (int i = 0; i < 5; i++)
			nv_host_nop(p);
		e = nv_push_gp_entry(p, 0x123456780ull);
		nv_gp_entry_pack(&e, dw);
		igt_assert_eq_u32(dw[0], 0x23456780);
		igt_assert_eq_u32(dw[1], 0x1401);
		igt_assert_eq_u32(dw[1], 0x1 | (5 * 4) << 8);
		back = nv_gp_entry_parse(dw);
		igt_assert_eq_u64(back.addr, 0x123456780ull);
		igt_assert_eq_u32(back.dwords, 5);
		nv_push_free(p);
	}

	igt_describe("every chipset drmsub drives binds the classes of its family");
	igt_subtest("chip-classes") {
		const struct nv_chip *gm107 = nv_chip_lookup(0x117);
		const struct nv_chip *gm20b = nv_chip_lookup(0x12b);

		igt_assert(gm107 && gm20b);
		igt_assert(!nv_chip_lookup(0x0e4));	/* Kepler GK104 */
		igt_assert_eq_u32(nv_chip_subc_class(gm107, NV_SUBC_3D), 0xb097);
		igt_assert_eq_u32(nv_chip_subc_class(gm107, NV_SUBC_COMPUTE), 0xb0c0);
		igt_assert_eq_u32(nv_chip_subc_class(gm20b, NV_SUBC_3D), 0xb197);
		igt_assert_eq_u32(nv_chip_subc_class(gm20b, NV_SUBC_COMPUTE), 0xb1c0);
		igt_assert_eq_u32(nv_chip_subc_class(gm20b, NV_SUBC_I2M), 0xa140);
		igt_assert_eq_u32(nv_chip_subc_class(gm20b, NV_SUBC_2D), 0x902d);
		igt_assert_eq_u32(nv_chip_subc_class(gm20b, NV_SUBC_COPY), 0xb0b5);
		igt_assert_eq_u32(nv_chip_subc_class(gm20b, 7), 0);
		igt_assert_eq_str(gm20b->name, "GM20B");
	}

	igt_describe("VRAM placement falls back to GART on a chip without VRAM (GM20B)");
	igt_subtest("placement") {
		struct nv_device tegra = { .fd = -1, .vram_size = 0 };
		struct nv_device pci = { .fd = -1, .vram_size = 2ull << 30 };

		igt_assert_eq_u32(nv_placement_flags(&tegra, NV_BO_VRAM), NOUVEAU_BO_GART);
		igt_assert_eq_u32(nv_placement_flags(&pci, NV_BO_VRAM), NOUVEAU_BO_VRAM);
		igt_assert_eq_u32(nv_placement_flags(&pci, NV_BO_GART), NOUVEAU_BO_GART);
	}
}

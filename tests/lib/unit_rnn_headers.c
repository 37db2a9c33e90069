// SPDX-License-Identifier: MIT
/*
 * Unit tests of the headers rnn-headergen generates: offsets and packed
 * values of the real databases against hand-verified encodings (the
 * kernel's and Mesa's headers, NVIDIA's class headers), and the packers' range checks on the
 * golden fixture (the build generates fixtures/golden.xml.h from
 * tests/lib/rnn/golden.xml; tests/lib/rnn_headergen.sh compares that output
 * byte for byte with tests/lib/rnn/golden.xml.h.expected).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/test.h"
#include "msm/a5xx.xml.h"
#include "msm/a6xx.xml.h"
#include "nouveau/nvb06f.xml.h"
#include "nouveau/nvb0b5.xml.h"
#include "nouveau/nvb197.xml.h"
#include "fixtures/golden.xml.h"
#include "util/util.h"
#if __has_include("radeon/r300.xml.h")
#include "radeon/r300.xml.h"
#define HAVE_R300 1
#endif

/*
 * Run @fn in a child; it must die of SIGABRT after printing @want on
 * stderr (a range check's one-line report). Only the first line counts:
 * an emulator may add its own words about the signal (qemu-user does).
 */
static void expect_abort(void (*fn)(void), const char *want)
{
	char buf[256] = "", *eol;
	int fds[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	igt_assert_eq(pipe(fds), 0);
	pid = fork();
	igt_assert(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		fn();
		_exit(0);	/* not reached when the check works */
	}
	close(fds[1]);
	while (len < sizeof(buf) - 1 && (n = read(fds[0], buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	close(fds[0]);
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	igt_assert_f(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		     "child status %#x, expected death by SIGABRT\n", status);
	buf[len] = 0;
	eol = strchr(buf, '\n');
	if (eol)
		eol[1] = 0;
	igt_assert_eq_str(buf, want);
}

static volatile uint32_t sink;

static void pack_too_wide(void)
{
	sink = GOLD_CTRL(.mode = 4);	/* MODE is 2 bits */
}

static void pack_low_bits(void)
{
	sink = GOLD_CTRL(.addr = 0x1238);	/* shr 4: the low 4 bits must be 0 */
}

static void pack_unknown_overlap(void)
{
	sink = GOLD_CTRL(.unknown = 0x1);	/* bit 0 is ENABLE */
}

static void pack_int_range(void)
{
	sink = GOLD_CTRL(.bias = -9);	/* 4-bit signed: -8..7 */
}

static void absent_variant(void)
{
	sink = REG_A6XX_RBBM_PERFCTR_CP_for(A5XX, 0);
}

static void field_too_wide(void)
{
	sink = NVB197_SET_REPORT_SEMAPHORE_D_OPERATION(4);
}

/* A generated offset or packed value and the hand-verified word it must be. */
struct encoding_case {
	const char *name;
	uint32_t got, want;
};

/* A misuse of a generated header and the one line its check prints before aborting. */
static const struct abort_case {
	const char *name;
	void (*fn)(void);
	const char *want;
} abort_cases[] = {
	{ "too-wide", pack_too_wide, "rnn: value 0x4 does not fit GOLD_CTRL_MODE\n" },
	{ "low-bits", pack_low_bits, "rnn: value 0x1238 does not fit GOLD_CTRL_ADDR\n" },
	{ "unknown-overlap", pack_unknown_overlap,
	  "rnn: value 0x1 does not fit GOLD_CTRL.unknown\n" },
	{ "int-range", pack_int_range,
	  "rnn: value 0xfffffffffffffff7 does not fit GOLD_CTRL_BIAS\n" },
	{ "nvb197-field-too-wide", field_too_wide,
	  "rnn: value 0x4 does not fit NVB197_SET_REPORT_SEMAPHORE_D_OPERATION\n" },
	{ "absent-variant", absent_variant,
	  "rnn: REG_A6XX_RBBM_PERFCTR_CP_for: no such register in variant 5\n" },
};

igt_main
{
	igt_describe("offsets and packed values of the real databases' generated headers: msm "
		     "(one name per variant, a selector), NVB197, NVB0B5, NVB06F");
	igt_subtest_with_dynamic("encodings") {
		/* built at run time: the packers and array offsets check their ranges */
		const struct encoding_case cases[] = {
			/* msm: CP_SCRATCH(2), the kernel's fence register, per generation */
			{ "a6xx-cp-scratch-2", REG_A6XX_CP_SCRATCH(2), 0x885 },
			{ "a6xx-cp-scratch-reg-2", REG_A6XX_CP_SCRATCH_REG(2), 0x885 },
			{ "a6xx-cp-scratch-len", REG_A6XX_CP_SCRATCH__LEN, 8 },
			{ "a5xx-cp-scratch-2", REG_A5XX_CP_SCRATCH(2), 0xb7a },
			/* msm: a register that moved on a7xx: one name per variant, a selector */
			{ "a6xx-rbbm-perfctr-cp-0", REG_A6XX_RBBM_PERFCTR_CP(0), 0x400 },
			{ "a7xx-rbbm-perfctr-cp-0", REG_A7XX_RBBM_PERFCTR_CP(0), 0x300 },
			{ "rbbm-perfctr-cp-for-a6xx-1",
			  REG_A6XX_RBBM_PERFCTR_CP_for(A6XX, 1), 0x402 },
			{ "rbbm-perfctr-cp-for-a7xx-0",
			  REG_A6XX_RBBM_PERFCTR_CP_for(A7XX, 0), 0x300 },
			{ "gold-moved-for-g1", REG_GOLD_MOVED_for(G1), 0x80 },
			{ "gold-moved-for-g3", REG_GOLD_MOVED_for(G3), 0x81 },
			/* NVB197 report semaphore D: a release of one 32-bit word */
			{ "nvb197-set-report-semaphore-d",
			  REG_NVB197_SET_REPORT_SEMAPHORE_D, 0x1b0c },
			{ "nvb197-report-semaphore-d-release-one-word",
			  NVB197_SET_REPORT_SEMAPHORE_D(
				.operation = NVB197_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE,
				.structure_size =
					NVB197_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD),
			  0x10000000 },
			{ "nvb197-report-semaphore-d-0", NVB197_SET_REPORT_SEMAPHORE_D(0), 0 },
			/* NVB0B5 LAUNCH_DMA: pitch-to-pitch copy with a one-word semaphore */
			{ "nvb0b5-launch-dma", REG_NVB0B5_LAUNCH_DMA, 0x300 },
			{ "nvb0b5-launch-dma-pitch-copy",
			  NVB0B5_LAUNCH_DMA(
				.data_transfer_type =
					NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED,
				.flush_enable = NVB0B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE,
				.semaphore_type =
					NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE,
				.src_memory_layout = NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH,
				.dst_memory_layout = NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH),
			  0x18e },
			/* NVB06F SEMAPHORED: a 4-byte release; A/B split the address */
			{ "nvb06f-semaphored", REG_NVB06F_SEMAPHORED, 0x1c },
			{ "nvb06f-semaphored-release-4byte",
			  NVB06F_SEMAPHORED(.operation = NVB06F_SEMAPHORED_OPERATION_RELEASE,
					    .release_size = NVB06F_SEMAPHORED_RELEASE_SIZE_4BYTE),
			  0x01000002 },
			{ "nvb06f-semaphorea-upper",
			  NVB06F_SEMAPHOREA(.offset_upper = 0x12), 0x12 },
			/* shr 2: the field takes the address itself, bits 31:2 */
			{ "nvb06f-semaphoreb-lower", NVB06F_SEMAPHOREB(.offset_lower = 0x34567898),
			  0x34567898 },
			{ "nvb06f-semaphoreb-lower-get",
			  NVB06F_SEMAPHOREB_OFFSET_LOWER__get(0x3456789b), 0x34567898 },
			/* NVB197 arrays: one index per level, nested */
			{ "nvb197-mme-shadow-scratch-2",
			  REG_NVB197_SET_MME_SHADOW_SCRATCH(2), 0x3408 },
			{ "nvb197-mme-shadow-scratch-len",
			  REG_NVB197_SET_MME_SHADOW_SCRATCH__LEN, 128 },
			{ "nvb197-stream-out-layout-select-1-2",
			  REG_NVB197_SET_STREAM_OUT_LAYOUT_SELECT(1, 2), 0x2888 },
		};

		array_for_each(c, cases)
			igt_dynamic(c->name)
				igt_assert_eq_u32(c->got, c->want);
	}

	igt_describe("R300: register offsets from the kernel's r300_reg.h");
	igt_subtest("r300-registers") {
#ifdef HAVE_R300
		igt_assert_eq_u32(REG_R300_VAP_PVS_UPLOAD_DATA, 0x2208);
#else
		igt_skip("radeon/registers/r300.xml has no generated header\n");
#endif
	}

	igt_describe("golden packers: fields, shr, signed fields, 64-bit registers");
	igt_subtest("golden-pack") {
		igt_assert_eq_u32(GOLD_CTRL(.enable = 1, .mode = GOLD_ON__G2,
					    .size = GOLD_CTRL_SIZE_16BYTE, .addr = 0x1230,
					    .bias = -1),
				  0xf0123221);
		igt_assert_eq_u32(GOLD_CTRL(.unknown = 0xc0), 0xc0);
		igt_assert_eq_u32(REG_GOLD_SET_X(1, 2), 0x4c);
		igt_assert_eq_u32(REG_GOLD_SCRATCH(7), 0x27);
		igt_assert_eq_u64(GOLD_WIDE(.hi = 0x12345678, .lo = 9), 0x1234567800000009ull);
		igt_assert_eq_u32(gold_header(.addr = 0x10, .count = 3), 0x30010);
		igt_assert_eq_u32(G3_EXTRA_ONLY_G3(.default_ = 1, ._2d = 2), 0x21);
	}

	igt_describe("golden getters: a field's value read back, shr restored, signed fields "
		     "sign-extended, 64-bit registers");
	igt_subtest("golden-get") {
		uint32_t ctrl = 0xf0123221;

		igt_assert_eq_u32(GOLD_CTRL_ENABLE__get(ctrl), 1);
		igt_assert_eq_u32(GOLD_CTRL_MODE__get(ctrl), GOLD_ON__G2);
		igt_assert_eq_u32(GOLD_CTRL_SIZE__get(ctrl), GOLD_CTRL_SIZE_16BYTE);
		igt_assert_eq_u32(GOLD_CTRL_ADDR__get(ctrl), 0x1230);
		igt_assert_eq(GOLD_CTRL_BIAS__get(ctrl), -1);
		igt_assert_eq(GOLD_CTRL_BIAS__get(0x70000000), 7);
		igt_assert_eq(GOLD_CTRL_BIAS__get(0x80000000), -8);
		igt_assert_eq_u64(GOLD_WIDE_HI__get(0x1234567800000009ull), 0x12345678);
		igt_assert_eq_u64(GOLD_WIDE_LO__get(0x1234567800000009ull), 9);
		/* every field of a packed value reads back what was packed */
		igt_assert_eq_u32(GOLD_CTRL_ADDR__get(GOLD_CTRL(.addr = 0xfff0)), 0xfff0);
		igt_assert_eq(GOLD_CTRL_BIAS__get(GOLD_CTRL(.bias = -3)), -3);
	}

	igt_describe("a value that does not fit its field, or a register its variant lacks, is "
		     "fatal, with the field's or register's name");
	igt_subtest_with_dynamic("aborts") {
		array_for_each(c, abort_cases)
			igt_dynamic(c->name)
				expect_abort(c->fn, c->want);
	}
}

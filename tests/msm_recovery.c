// SPDX-License-Identifier: MIT
/*
 * msm_recovery: streams the CP cannot run — garbage, an unknown opcode,
 * bad parity, an unmapped address, a protected register, a wait that
 * never ends — are recovered from as the kernel does it (msm_gpu.c
 * recover_worker): the guilty fence still signals, the queue's and the
 * file's fault counters rise, what the stream wrote before the fault
 * stays and nothing after it lands, and innocent submits complete.
 */
#include <fcntl.h>
#include <unistd.h>

#include "msm_common.h"
#include "device/device.h"
#include "msm/pm4_header.h"

IGT_TEST_DESCRIPTION("msm GPU faults and hangs: recovery, fault counters, innocent submits.");

#define GUARD 0x5a5a5a5au
#define HANG_TIMEOUT (10 * NSEC_PER_SEC)

static struct msm_device *dev;
static struct msm_queue *q;
static struct msm_bo *mem;
static char saved_err_irq[2] = "N";	/* debugfs disable_err_irq before the test */

static struct msm_cs *stream(void)
{
	return msm_cs_new(dev, 256);
}

/* A stream of one dword where a header belongs, which the CP cannot run: it faults there. */
static void bad_header_subtests(void)
{
	const struct {
		const char *name, *what;
		uint32_t dword;
		uint64_t marker;	/* where expect_fault_stops_stream looks */
	} cases[] = {
		/*
		 * 0x7e is no opcode in adreno_pm4.xml; that the CP then stops (the
		 * kernel's a6xx_cp_hw_err_irq reports opcode errors) is a hardware claim
		 */
		{ "fault-unknown-opcode", "a pkt7 with an opcode no Adreno knows is an opcode error",
		  pm4_pkt7_hdr(0x7e, 0), 0x810 },
		/* hardware claim: the CP checks the parity bits (freedreno_pm4.h sets them) */
		{ "fault-bad-parity", "a pkt7 header with a wrong parity bit faults",
		  pm4_pkt7_hdr(CP_NOP, 0) ^ (1u << 15), 0x820 },
		/* a5xx+ headers are pkt4 or pkt7 (adreno_pm4.xml); 0 is neither */
		{ "fault-zero-dword", "a zero dword where a header belongs faults", 0, 0x824 },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		igt_describe(cases[i].what);
		igt_subtest(cases[i].name) {
			struct msm_cs *cs = stream();

			msm_cs_raw(cs, cases[i].dword);
			expect_fault_stops_stream(q, cs, mem, cases[i].marker, HANG_TIMEOUT);
		}
	}
}

igt_main
{
	igt_fixture
		results_fixture_open(&dev, &q, &mem);

	/* IGT msm_recovery do_hang_test's hang: a 0xdeaddead where a header belongs */
	igt_describe("a garbage dword faults the CP: what came before it landed, nothing after");
	igt_subtest("fault-garbage-dword") {
		struct msm_cs *cs = stream();

		msm_cs_mem_write32(cs, mem, 0x800, 1);
		msm_cs_raw(cs, 0xdeaddead);
		expect_fault_stops_stream(q, cs, mem, 0x804, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x800), 1);
	}

	bad_header_subtests();

	/* the kernel's padding form (a6xx_gpu.c a6xx_submit's OUT_PKT7(ring, CP_NOP, n)) */
	igt_describe("after a run of identical CP_NOPs, one that runs past the end of the IB "
		     "faults, and what came before it landed");
	igt_subtest("fault-nop-past-end") {
		struct msm_cs *cs = stream();

		msm_cs_mem_write32(cs, mem, 0x828, 0x5a5a);
		for (int i = 0; i < 4; i++)
			msm_cs_nop(cs, 2);
		msm_cs_raw(cs, pm4_pkt7_hdr(CP_NOP, 2));	/* 1 of its 2 dwords follows */
		msm_cs_raw(cs, 0);
		expect_fault(q, cs, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x828), 0x5a5a);
	}

	/* IGT msm_recovery do_fault_test's form: CP_MEM_WRITE where nothing is mapped */
	igt_describe("a write to an address outside the file's VM faults");
	igt_subtest("fault-unmapped-iova") {
		struct msm_cs *cs = stream();

		msm_cs_pkt7(cs, CP_MEM_WRITE, 3);
		msm_cs_iova(cs, 0x1deaddead0ull);
		msm_cs_emit(cs, 0x1234);
		expect_fault_stops_stream(q, cs, mem, 0x830, HANG_TIMEOUT);
	}

	igt_describe("a CP_MEM_WRITE running off the end of its BO into unmapped addresses "
		     "writes up to the end, then faults at the first unmapped dword");
	igt_subtest("fault-mem-write-past-end") {
		struct msm_cs *cs = stream();
		struct msm_bo *lo, *hi;

		/* lo's range is followed by hi's, which goes away before the submit */
		adjacent_bos(dev, 4096, &lo, &hi);
		msm_cs_pkt7(cs, CP_MEM_WRITE, 2 + 4);
		msm_cs_addr(cs, lo, 4096 - 8, MSM_SUBMIT_BO_WRITE);
		for (uint32_t i = 1; i <= 4; i++)
			msm_cs_emit(cs, i);
		msm_cs_mem_write32(cs, mem, 0x838, 1);	/* after the fault: never runs */
		msm_cs_upload(cs);	/* the command BO must not take hi's place */
		msm_bo_free(hi);
		expect_fault(q, cs, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(lo, 4096 - 8), 1);
		igt_assert_eq_u32(msm_bo_read32(lo, 4096 - 4), 2);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x838), 0);
		msm_bo_free(lo);
	}

	igt_describe("a pkt4 write to a register CP_PROTECT covers faults");
	igt_subtest("fault-protected-register") {
		struct msm_cs *cs = stream();

		msm_cs_reg_write32(cs, msm_protected_reg(dev), 0);
		expect_fault_stops_stream(q, cs, mem, 0x840, HANG_TIMEOUT);
	}

	igt_describe("CP_REG_TO_MEM of a no-access protected register faults");
	igt_subtest("fault-protected-read") {
		struct msm_cs *cs = stream();

		msm_cs_reg_to_mem(cs, msm_protected_reg(dev), 1, false, mem, 0x850);
		msm_bo_write32(mem, 0x850, GUARD);
		expect_fault(q, cs, HANG_TIMEOUT);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x850), GUARD);
	}

	igt_describe("a CP_WAIT_MEM_GTE (a7xx: CP_WAIT_TIMESTAMP) that never completes hangs; "
		     "recovery still signals its fence");
	igt_subtest("hang-wait-mem-gte") {
		struct msm_cs *cs;

		igt_require_f(dev->gen >= 6, "a5xx has no CP_WAIT_MEM_GTE\n");
		cs = stream();
		msm_cs_wait_mem_gte(cs, mem, 0x860, 1);	/* mem stays 0 */
		expect_fault_stops_stream(q, cs, mem, 0x864, HANG_TIMEOUT);
	}

	igt_describe("a CP_WAIT_REG_MEM that never completes hangs; recovery still signals its fence");
	igt_subtest("hang-recovers") {
		struct msm_cs *cs = stream();

		msm_cs_wait_mem(cs, WRITE_EQ, mem, 0x900, 1, ~0u);
		expect_fault_stops_stream(q, cs, mem, 0x904, HANG_TIMEOUT);
	}

	igt_describe("submits queued behind a hang (on another queue) run after recovery");
	igt_subtest("hang-innocent-complete") {
		struct msm_queue *q2 = msm_queue_new(dev, 0);
		struct msm_cs *hang = stream(), *ok = stream();
		uint32_t f1, f2;

		msm_cs_wait_mem(hang, WRITE_EQ, mem, 0x910, 1, ~0u);
		msm_cs_mem_write32(ok, mem, 0x914, 0x77);
		msm_expect_fault_dmesg();
		f1 = msm_cs_submit(hang, q);
		f2 = msm_cs_submit(ok, q2);
		igt_assert_eq(__msm_wait_fence(q, f1, HANG_TIMEOUT), 0);
		igt_assert_eq(__msm_wait_fence(q2, f2, HANG_TIMEOUT), 0);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x914), 0x77);
		igt_assert_eq_u32(queue_faults(q2), 0);
		msm_cs_free(hang);
		msm_cs_free(ok);
		msm_queue_free(q2);
	}

	igt_describe("a queue keeps working after one of its submits faulted");
	igt_subtest("fault-then-submit") {
		struct msm_cs *bad = stream(), *good = stream();

		msm_cs_raw(bad, 0xdeaddead);
		expect_fault(q, bad, HANG_TIMEOUT);
		msm_cs_mem_write32(good, mem, 0x920, 0x92);
		msm_cs_run(good, q);
		igt_assert_eq_u32(msm_bo_read32(mem, 0x920), 0x92);
	}

	/*
	 * IGT msm_recovery@hangcheck: with debugfs disable_err_irq set
	 * (msm_debugfs.c) a5xx_irq, a6xx_irq and a7xx_irq drop every error
	 * interrupt, so a garbage dword is left to the software hangcheck
	 * (msm_gpu.c hangcheck_handler), whose recovery is the same.
	 */
	igt_subtest_group {
		igt_fixture {
			int f = drmsub_debugfs_open(dev->fd, "disable_err_irq", O_RDWR);

			igt_require_f(f >= 0, "no debugfs disable_err_irq (debugfs, root): %s\n",
				      strerror(-f));
			igt_assert_lt(0, read(f, saved_err_irq, 1));
			close(f);
		}

		igt_describe("with debugfs disable_err_irq set, the hangcheck alone recovers from "
			     "a garbage dword: what came before it landed, nothing after, and the "
			     "queue runs the next submit");
		igt_subtest("hangcheck-without-err-irq") {
			int f = drmsub_debugfs_open(dev->fd, "disable_err_irq", O_WRONLY);
			struct msm_cs *bad = stream(), *good = stream();

			igt_assert_fd(f);
			igt_assert_eq(write(f, "Y", 1), 1);
			close(f);
			msm_cs_mem_write32(bad, mem, 0x930, 1);
			msm_cs_raw(bad, 0xdeaddead);
			expect_fault_stops_stream(q, bad, mem, 0x934, HANG_TIMEOUT);
			igt_assert_eq_u32(msm_bo_read32(mem, 0x930), 1);
			msm_cs_mem_write32(good, mem, 0x938, 0x93);
			msm_cs_run(good, q);
			igt_assert_eq_u32(msm_bo_read32(mem, 0x938), 0x93);
		}

		/* debugfs state is the kernel's: put back what the board had */
		igt_fixture {
			int f = drmsub_debugfs_open(dev->fd, "disable_err_irq", O_WRONLY);

			igt_assert_fd(f);
			igt_assert_eq(write(f, saved_err_irq, 1), 1);
			close(f);
		}
	}

	igt_fixture
		results_fixture_close(dev, q, mem);
}

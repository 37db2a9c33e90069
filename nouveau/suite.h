/* SPDX-License-Identifier: MIT */
/*
 * What the nouveau suites share: the device and channels a suite's
 * subtests use, opened per submission mode around the group's subtests,
 * and the loop that declares a suite's subtests once per mode (legacy
 * GEM_PUSHBUF; VM_BIND and EXEC, Linux 6.6+). Where the kernel lacks
 * VM_BIND the vm-bind group skips as a whole and the legacy subtests still
 * run. A suite may also keep a results BO and a push for its subtests,
 * which take them fresh with nv_suite_fresh.
 *
 *	static struct nv_device *dev;
 *	static struct nv_channel *gr;
 *	static struct nv_bo *bo;
 *	static struct nv_push *p;
 *	static const struct nv_suite suite = { &dev, &gr, NULL, &bo, &p };
 *	static struct nv_mode_group m;
 *
 *	igt_main
 *	{
 *		nv_subtest_modes(m, "", &suite) {
 *			igt_describe("a release writes its payload");
 *			igt_subtest_f("%srelease", m.prefix) {
 *				nv_suite_fresh(&suite);
 *				...
 *			}
 *		}
 *	}
 *
 * names the subtests "release" (legacy) and "vm-bind-release". A subtest
 * about one mode's uAPI only skips in the other (igt_require on m.mode).
 */
#ifndef DRMSUB_NOUVEAU_SUITE_H
#define DRMSUB_NOUVEAU_SUITE_H

#include <errno.h>
#include <stdbool.h>

#include "core/test.h"
#include "nouveau/nv.h"

/* What a suite's subtests use: the test's own statics, filled per mode. */
struct nv_suite {
	struct nv_device **dev;
	struct nv_channel **gr;		/* a GR channel */
	struct nv_channel **ce;		/* a copy-engine channel, or NULL for none */
	struct nv_bo **results;		/* NV_SUITE_RESULTS_SIZE bytes of GART, guarded; or NULL */
	struct nv_push **push;		/* NV_SUITE_PUSH_DWORDS, or NULL for none */
};

#define NV_SUITE_RESULTS_SIZE 4096
#define NV_SUITE_PUSH_DWORDS 2048

void nv_suite_open(const struct nv_suite *s, enum nv_mode mode);
void nv_suite_close(const struct nv_suite *s);

/*
 * A subtest's start: the results BO's every dword NV_GUARD again, as
 * nv_bo_new_guarded leaves a new one, and the push empty.
 */
void nv_suite_fresh(const struct nv_suite *s);

/* nv_suite_open/_close as the fixtures that open and end a subtest group. */
bool nv_suite_fixture_open(const struct nv_suite *s, enum nv_mode mode);
bool nv_suite_fixture_close(const struct nv_suite *s);

/* One submission mode's subtest group: its mode and the prefix of its subtest names. */
struct nv_mode_group {
	enum nv_mode mode;
	const char *prefix;
};

/*
 * Group @i (0: legacy, named with @legacy_prefix; 1: vm-bind, "vm-bind-")
 * into *@g; false past the last.
 */
bool nv_mode_group_get(int i, const char *legacy_prefix, struct nv_mode_group *g);

/*
 * A subtest group per submission mode, @g (a static struct nv_mode_group,
 * which a fixture's siglongjmp leaves intact) naming the current one; each
 * group opens @suite in its mode first and closes it last, as fixtures.
 * The counters are volatile for the same reason.
 */
#define nv_subtest_modes(g, legacy_prefix, suite)                                 \
	for (volatile int nv_mode_i_ = 0; nv_mode_group_get(nv_mode_i_, legacy_prefix, &(g)); \
	     nv_mode_i_++)                                                          \
		igt_subtest_group                                                   \
			for (volatile bool nv_suite_open_ = nv_suite_fixture_open(suite, (g).mode); \
			     nv_suite_open_; nv_suite_open_ = nv_suite_fixture_close(suite))

/*
 * @value at @offset of @dst, a guarded BO, and the dword after it still
 * NV_GUARD: the GPU wrote that word and not past it.
 */
static inline void nv_assert_written(struct nv_bo *dst, uint64_t offset, uint32_t value)
{
	igt_assert_eq_u32(nv_bo_read32(dst, offset), value);
	nv_bo_assert_guard(dst, offset + 4);
}

/*
 * The stream just submitted on @chan acquires word 0 of @bo, then releases
 * @payload at @offset: while the acquire holds, the channel is busy and
 * @offset is still NV_GUARD; once the CPU writes @open to word 0, the
 * channel runs to its end and the release lands.
 */
static inline void nv_assert_acquire_waits_for_cpu(struct nv_channel *chan, struct nv_bo *bo,
						   uint32_t open, uint64_t offset, uint32_t payload)
{
	igt_assert_eq(__nv_channel_wait(chan, true), -EBUSY);
	nv_bo_assert_guard(bo, offset);
	nv_bo_write32(bo, 0, open);
	nv_channel_wait(chan);
	nv_assert_written(bo, offset, payload);
}

/*
 * What the kernel logs when a channel dies (nvkm_chan_error,
 * nouveau_channel_killed, nouveau_exec_job_timeout): a test that kills one
 * on purpose says so first, as IGT tests do (igt_emit_ignore_dmesg_regex),
 * so that drmsub-run does not judge the message a warning of the kernel.
 */
#define NV_CHANNEL_DEATH_DMESG "errored - disabling channel|channel [0-9]+ killed!"

static inline void nv_expect_channel_death(void)
{
	igt_emit_ignore_dmesg_regex(NV_CHANNEL_DEATH_DMESG);
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * What the nouveau suites share: a table of subtests, and the loop that
 * runs one table in each submission mode (legacy GEM_PUSHBUF; VM_BIND and
 * EXEC, Linux 6.6+). Each mode is a subtest group whose fixture opens the
 * device in that mode; where the kernel lacks VM_BIND the vm-bind group
 * skips as a whole, and the legacy subtests still run.
 *
 *	static struct nv_device *dev;
 *	static struct nv_channel *gr;
 *	static const struct nv_suite suite = { &dev, &gr, NULL };
 *	nv_subtests_in_modes("", tests, NV_ARRAY_SIZE(tests), &suite, NULL);
 *
 * names the subtests "<name>" (legacy) and "vm-bind-<name>". A subtest
 * about one mode's uAPI only skips in the other (igt_require on dev->mode)
 * or is declared by the @more callback, which sees the mode.
 */
#ifndef DRMSUB_TESTS_NOUVEAU_COMMON_H
#define DRMSUB_TESTS_NOUVEAU_COMMON_H

#include <stddef.h>

#include "core/test.h"
#include "nouveau/nv.h"

struct nv_subtest {
	const char *name, *what;
	void (*run)(void);
};

#define NV_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* What a suite's subtests use, opened per mode by the group's fixture. */
struct nv_suite {
	struct nv_device **dev;
	struct nv_channel **gr;		/* a GR channel */
	struct nv_channel **ce;		/* a copy-engine channel, or NULL for none */
};

/*
 * What the kernel logs when a channel dies (nvkm_chan_error,
 * nouveau_channel_killed, nouveau_exec_job_timeout): a test that kills
 * one on purpose says so first, as IGT tests do.
 */
#define NV_CHANNEL_DEATH_DMESG "errored - disabling channel|channel [0-9]+ killed!"

static inline void nv_expect_channel_death(void)
{
	igt_emit_ignore_dmesg_regex(NV_CHANNEL_DEATH_DMESG);
}

static inline void nv_suite_open(const struct nv_suite *s, enum nv_mode mode)
{
	*s->dev = nv_device_open_mode(mode);
	*s->gr = nv_channel_new(*s->dev, NV_ENGINE_GR);
	if (s->ce)
		*s->ce = nv_channel_new(*s->dev, NV_ENGINE_CE);
}

static inline void nv_suite_close(const struct nv_suite *s)
{
	if (s->ce) {
		nv_channel_free(*s->ce);
		*s->ce = NULL;
	}
	nv_channel_free(*s->gr);
	nv_device_close(*s->dev);
	*s->gr = NULL;
	*s->dev = NULL;
}

/* One subtest per entry of @tests, named @prefix + name. */
static inline void nv_subtests(const char *prefix, const struct nv_subtest *tests, size_t nr_tests)
{
	for (size_t t = 0; t < nr_tests; t++) {
		igt_describe(tests[t].what);
		igt_subtest_f("%s%s", prefix, tests[t].name)
			tests[t].run();
	}
}

/*
 * Run @tests in each mode: the group's first fixture opens @suite in the
 * mode, its last closes it. Legacy subtests are named @legacy_prefix +
 * name, VM_BIND ones "vm-bind-" + name. @more (optional) declares further
 * subtests of the group, after the table, with the mode and its prefix.
 */
static inline void nv_subtests_in_modes(const char *legacy_prefix, const struct nv_subtest *tests,
					size_t nr_tests, const struct nv_suite *suite,
					void (*more)(enum nv_mode mode, const char *prefix))
{
	static const struct {
		const char *prefix;
		enum nv_mode mode;
	} modes[] = {
		{ NULL, NV_MODE_LEGACY },
		{ "vm-bind-", NV_MODE_VM_BIND },
	};

	/* volatile: a fixture that skips leaves through siglongjmp */
	for (volatile size_t m = 0; m < NV_ARRAY_SIZE(modes); m++) {
		const char *prefix = modes[m].prefix ? modes[m].prefix : legacy_prefix;

		igt_subtest_group {
			igt_fixture
				nv_suite_open(suite, modes[m].mode);

			nv_subtests(prefix, tests, nr_tests);
			if (more)
				more(modes[m].mode, prefix);

			igt_fixture
				nv_suite_close(suite);
		}
	}
}

#endif

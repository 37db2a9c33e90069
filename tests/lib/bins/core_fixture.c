// SPDX-License-Identifier: MIT
/*
 * Self-test binary: fixtures and groups. FIXTURE_MODE selects what the
 * group's fixture does: "pass", "skip" or "fail".
 */
#include <stdlib.h>
#include <string.h>

#include "core/test.h"

static int value;

igt_main
{
	const char *mode = getenv("FIXTURE_MODE");

	igt_fixture
		value = 7;

	igt_subtest("before")
		igt_assert_eq(value, 7);

	igt_subtest_group {
		igt_fixture {
			errno = 0;
			igt_require_f(!mode || strcmp(mode, "skip"), "fixture skips\n");
			igt_assert_f(!mode || strcmp(mode, "fail"), "fixture fails\n");
			value = 8;
		}

		igt_subtest("in-group-a")
			igt_assert_eq(value, 8);
		igt_subtest("in-group-b")
			igt_assert_eq(value, 8);
	}

	igt_subtest("after-group")
		igt_assert(value == 7 || value == 8);
}

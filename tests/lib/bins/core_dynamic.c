// SPDX-License-Identifier: MIT
/* Self-test binary: subtests with dynamic subtests. */
#include "core/test.h"

igt_main
{
	igt_subtest_with_dynamic("all-pass") {
		for (int i = 0; i < 3; i++)
			igt_dynamic_f("case-%d", i)
				igt_assert(i < 3);
	}

	igt_subtest_with_dynamic("one-fails") {
		igt_dynamic("good")
			igt_assert(1);
		igt_dynamic("bad") {
			errno = 0;
			igt_assert_eq(1, 2);
		}
		igt_dynamic("skipped")
			igt_skip("not this one\n");
	}

	igt_subtest_with_dynamic("none-run") {
		if (0)
			igt_dynamic("never")
				igt_assert(0);
	}

	igt_subtest_with_dynamic("dynamic-crash") {
		igt_dynamic("boom")
			*(volatile int *)0 = 1;
		igt_dynamic("after-boom")
			igt_assert(1);
	}
}

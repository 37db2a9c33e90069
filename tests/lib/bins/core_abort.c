// SPDX-License-Identifier: MIT
/* Self-test binary: igt_abort stops the whole binary with exit code 112. */
#include "core/test.h"

igt_main
{
	igt_subtest("first")
		igt_assert(1);
	igt_subtest("aborts")
		igt_abort("environment is unusable\n");
	igt_subtest("never-runs")
		igt_assert(1);
}

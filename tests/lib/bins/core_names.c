// SPDX-License-Identifier: MIT
/*
 * Self-test binary: subtest names. NAMES_MODE=invalid adds a subtest whose
 * name has a space; NAMES_MODE=duplicate repeats a name.
 */
#include <stdlib.h>
#include <string.h>

#include "core/test.h"

igt_main
{
	const char *mode = getenv("NAMES_MODE");

	igt_subtest("basic-read")
		igt_assert(1);
	igt_subtest("basic-write")
		igt_assert(1);
	igt_subtest("basic-render-a")
		igt_assert(1);
	igt_subtest("extended_1")
		igt_assert(1);
	igt_subtest_f("formatted-%d", 42)
		igt_assert(1);

	if (mode && !strcmp(mode, "invalid"))
		igt_subtest("bad name")
			igt_assert(1);
	if (mode && !strcmp(mode, "duplicate"))
		igt_subtest("basic-read")
			igt_assert(1);
}

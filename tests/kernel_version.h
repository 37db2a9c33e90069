/* SPDX-License-Identifier: MIT */
/*
 * The version of the running kernel, for tests whose expected errno or
 * feature changed between releases: the modelled one under the device
 * model (DRMSUB_MODEL_KERNEL, which the model sets to its default when it
 * is unset: lib/model/config.c is its only home), else uname's release.
 */
#ifndef DRMSUB_TESTS_KERNEL_VERSION_H
#define DRMSUB_TESTS_KERNEL_VERSION_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>

static inline void kernel_version(int *major, int *minor)
{
	const char *model = getenv("DRMSUB_MODEL"), *k = getenv("DRMSUB_MODEL_KERNEL");
	struct utsname u;

	*major = *minor = 0;
	if (model && *model && k && sscanf(k, "%d.%d", major, minor) == 2)
		return;
	if (uname(&u) == 0)
		sscanf(u.release, "%d.%d", major, minor);
}

static inline bool kernel_at_least(int major, int minor)
{
	int ma, mi;

	kernel_version(&ma, &mi);
	return ma > major || (ma == major && mi >= minor);
}

#endif

// SPDX-License-Identifier: MIT
/*
 * The fuzz targets' scratch directory: one per process under $TMPDIR, so
 * parallel libFuzzer jobs (-jobs=N) never share files; removed at exit.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

static char dir[PATH_MAX];
static char names[16][64];
static unsigned nnames;

static void remove_dir(void)
{
	char path[PATH_MAX + 80];

	for (unsigned i = 0; i < nnames; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

const char *fuzz_tmp_path(const char *name)
{
	static char path[PATH_MAX + 80];
	const char *tmp = getenv("TMPDIR");
	unsigned i;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/drmsub-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(dir)) {
			perror("drmsub fuzz: mkdtemp");
			abort();
		}
		atexit(remove_dir);
	}
	for (i = 0; i < nnames && strcmp(names[i], name); i++)
		;
	if (i == nnames && nnames < 16)
		snprintf(names[nnames++], sizeof(names[0]), "%s", name);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

// SPDX-License-Identifier: MIT
/*
 * llvm-symbolizer for AddressSanitizer reports under the device model.
 * ASan starts llvm-symbolizer as a child, which inherits LD_PRELOAD; a
 * clang SANITIZE=1 model library cannot load into it (the ASan runtime it
 * needs is linked into the test binary, not into the symbolizer), so every
 * report came without function names. This program is linked statically,
 * so the preload does not touch it: it drops LD_PRELOAD and runs the first
 * llvm-symbolizer on PATH that is not itself. scripts/check and
 * scripts/with-model name it in ASAN_SYMBOLIZER_PATH.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char self[PATH_MAX], real[PATH_MAX], candidate[PATH_MAX];
	const char *path = getenv("PATH");
	char *dirs, *dir, *save;

	(void)argc;
	if (!realpath("/proc/self/exe", self) || !path)
		return 127;
	unsetenv("LD_PRELOAD");
	dirs = strdup(path);
	if (!dirs)
		return 127;
	for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		snprintf(candidate, sizeof(candidate), "%s/llvm-symbolizer", dir);
		if (realpath(candidate, real) && strcmp(real, self) && !access(real, X_OK))
			execv(real, argv);
	}
	fprintf(stderr, "drmsub llvm-symbolizer: no llvm-symbolizer on PATH (Debian: llvm)\n");
	return 127;
}

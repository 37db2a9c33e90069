// SPDX-License-Identifier: MIT
/*
 * The fuzz targets without libFuzzer: run every file named on the command
 * line (a directory: every regular file in it, sorted) through
 * LLVMFuzzerTestOneInput once. Make check replays the seed corpus and the
 * regression inputs of tests/fuzz/regress/ this way with every compiler,
 * under the sanitizers when SANITIZE=1; a crash is the failure.
 *
 *   build/tests/fuzz/replay_decode_input tests/fuzz/regress/decode_input
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#define INPUT_LIMIT (16u << 20)	/* larger than any corpus file; libFuzzer's -max_len is smaller */

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data, *exact;
	size_t n;

	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	data = malloc(INPUT_LIMIT);
	if (!data) {
		fclose(f);
		fprintf(stderr, "replay: out of memory\n");
		return -1;
	}
	n = fread(data, 1, INPUT_LIMIT, f);
	fclose(f);
	/* exactly the input's size: ASan sees any read past its end */
	exact = malloc(n ? n : 1);
	if (!exact) {
		free(data);
		fprintf(stderr, "replay: out of memory\n");
		return -1;
	}
	memcpy(exact, data, n);
	free(data);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of @dir, in name order; returns the count or -1. */
static int replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, path[PATH_MAX];
	size_t n = 0;
	int count = 0;
	struct stat st;

	if (!d) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char **grown = realloc(names, (n + 1) * sizeof(*names));

		if (!grown || !(grown[n++] = strdup(e->d_name)))
			abort();	/* a test program: no memory is not worth a message */
		names = grown;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);	/* names is NULL when n is 0 */
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!stat(path, &st) && S_ISREG(st.st_mode)) {
			if (replay_file(path))
				count = -1;
			else if (count >= 0)
				count++;
		}
		free(names[i]);
	}
	free(names);
	return count;
}

int main(int argc, char **argv)
{
	struct stat st;
	int total = 0, r;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		if (stat(argv[i], &st)) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		r = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) : replay_file(argv[i]) ? -1 : 1;
		if (r < 0)
			return 2;
		total += r;
	}
	printf("replayed %d inputs\n", total);
	return 0;
}

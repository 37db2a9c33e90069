// SPDX-License-Identifier: MIT
/*
 * Self-test binary for drmsub-run: a test without subtests, as IGT's
 * igt_simple_main makes them (--list-subtests prints nothing and exits 79;
 * run without arguments it reports through its exit status alone).
 * RUNNER_PLAIN_EXIT chooses that status; RUNNER_PLAIN_NOISE adds output
 * that results files must escape (control bytes, invalid UTF-8).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *code = getenv("RUNNER_PLAIN_EXIT");

	if (argc > 1 && !strcmp(argv[1], "--list-subtests"))
		return 79;
	if (argc > 1)
		return 79;
	printf("IGT-Version: plain\n");
	if (getenv("RUNNER_PLAIN_NOISE"))
		printf("bell\a quote\" backslash\\ bad\xff tab\t<&>\n");
	return code ? atoi(code) : 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * What every part of drmsub would otherwise write out again: the length of
 * an array (util/array.h), allocations that cannot fail silently, and a
 * float's IEEE-754 bits.
 * Header-only, so the build-machine tools (rnn-headergen), the test
 * binaries and the device model can all include it without another library.
 */
#ifndef DRMSUB_UTIL_H
#define DRMSUB_UTIL_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

/*
 * calloc for tools whose inputs are bounded: running out of memory there
 * is an exhausted machine, not bad input, so it ends the program with a
 * message (never a NULL to forget to check). Zero sizes allocate one byte.
 */
static inline void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		abort();
	}
	return p;
}

/* strdup on xcalloc: running out of memory ends the program the same way. */
static inline char *xstrdup(const char *s)
{
	size_t size = strlen(s) + 1;

	return memcpy(xcalloc(1, size), s, size);
}

/*
 * The IEEE-754 single-precision bits of @f, and the float with bits @u:
 * what a command stream carries for a float. Copied, not read through a
 * cast pointer, which the aliasing rules forbid.
 */
static inline uint32_t float_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static inline float bits_float(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

#endif

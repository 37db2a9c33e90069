/* SPDX-License-Identifier: MIT */
/* lib/decode's helpers shared between its files; not for backends or tools. */
#ifndef DRMSUB_DECODE_INTERNAL_H
#define DRMSUB_DECODE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

struct dec_input;

/* realloc that aborts when memory runs out (a command-line tool) */
void *dec_xrealloc(void *p, size_t n);
/*
 * Room for element @n of an array grown only by appending: doubles the
 * allocation when @n reaches a power of two, so appends stay linear.
 */
void *dec_grow(void *p, size_t n, size_t size);
/* Append a buffer of @submit to @in (sorted later, by dec_input_load). */
void dec_input_add_buf(struct dec_input *in, uint64_t gpuaddr, const void *data,
		       uint64_t size, unsigned submit);

#endif

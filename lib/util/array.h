/* SPDX-License-Identifier: MIT */
/*
 * ARRAY_SIZE and array_for_each alone, for a component that keeps an
 * allocator of its own with other failure semantics (drmsub-run exits
 * RUN_EXIT_ERROR when memory runs out) and so cannot take util/util.h's
 * xcalloc.
 */
#ifndef DRMSUB_UTIL_ARRAY_H
#define DRMSUB_UTIL_ARRAY_H

/* 0, or a compile error when @a is a pointer rather than an array. */
#define UTIL_MUST_BE_ARRAY(a)                                                   \
	(sizeof(struct {                                                        \
		int : -!!__builtin_types_compatible_p(__typeof__(a),          \
							__typeof__(&(a)[0]));   \
	}))

/* The number of elements of the array @a (not of a pointer: that fails to build). */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + UTIL_MUST_BE_ARRAY(a))

/*
 * array_for_each - for each element of the array @a, in order, with @p
 * pointing at it: a case table read as "for each case", without an index
 * the body would only use to reach the case.
 */
#define array_for_each(p, a) for (__typeof__(&(a)[0]) p = (a); p < (a) + ARRAY_SIZE(a); p++)

#endif

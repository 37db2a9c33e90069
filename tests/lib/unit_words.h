/* SPDX-License-Identifier: MIT */
/*
 * What the builder unit tests (unit_msm_cs, unit_nv_push, unit_nv_mme,
 * unit_r300_pm4) check: the words a builder emitted against the words the
 * referee's encoding gives, one by one, so that a failure names the first
 * word that differs and both values.
 */
#ifndef DRMSUB_UNIT_WORDS_H
#define DRMSUB_UNIT_WORDS_H

#include <stdint.h>

#include "core/test.h"
#include "util/util.h"

/* @got[@at..@at+@n) is @want[0..@n); @got holds @got_n words, "<what> <index>" in messages. */
static inline void expect_words_at(const char *what, const uint32_t *got, uint32_t got_n,
				   uint32_t at, const uint32_t *want, uint32_t n)
{
	igt_assert_f(at + n <= got_n, "stream has %u dwords, expected at least %u\n", got_n,
		     at + n);
	for (uint32_t i = 0; i < n; i++)
		igt_assert_f(got[at + i] == want[i], "%s %u: %#x, expected %#x\n", what, at + i,
			     got[at + i], want[i]);
}

/* Exactly @want[0..@n) were emitted. */
static inline void expect_words(const char *what, const uint32_t *got, uint32_t got_n,
				const uint32_t *want, uint32_t n)
{
	igt_assert_eq_u32(got_n, n);
	expect_words_at(what, got, got_n, 0, want, n);
}

/* expect_words with the wanted words listed in place. */
#define EXPECT_WORDS(what, got, got_n, ...)                                     \
	do {                                                                    \
		static const uint32_t want_[] = { __VA_ARGS__ };                \
		expect_words(what, got, got_n, want_, ARRAY_SIZE(want_));       \
	} while (0)

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Range checks for the pack helpers that rnn-headergen generates. A value
 * that does not fit its field, has bits below a field's shr, or an
 * .unknown that touches a known field is a bug in the caller: it is fatal
 * in every build without NDEBUG (the harness never defines it).
 */
#ifndef DRMSUB_RNN_PACK_H
#define DRMSUB_RNN_PACK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noreturn, cold, unused)) static void
rnn_field_overflow(const char *name, uint64_t value)
{
	fprintf(stderr, "rnn: value 0x%llx does not fit %s\n",
		(unsigned long long)value, name);
	abort();
}

/* A REG_..._for() selector called for a variant without the register. */
__attribute__((noreturn, cold, unused)) static void
rnn_bad_variant(const char *name, int variant)
{
	fprintf(stderr, "rnn: %s: no such register in variant %d\n", name, variant);
	abort();
}

/* @bits wide after dropping @shr low bits, which must be zero. */
__attribute__((unused)) static inline void
rnn_check_uint(const char *name, uint64_t v, unsigned bits, unsigned shr)
{
#ifndef NDEBUG
	uint64_t low = shr ? v & ((1ull << shr) - 1) : 0;

	if (low || (bits < 64 && (v >> shr) >> bits))
		rnn_field_overflow(name, v);
#endif
}

__attribute__((unused)) static inline void
rnn_check_int(const char *name, int64_t v, unsigned bits)
{
#ifndef NDEBUG
	int64_t lim = bits >= 64 ? INT64_MAX : (int64_t)(1ull << (bits - 1)) - 1;

	if (bits < 64 && (v > lim || v < -lim - 1))
		rnn_field_overflow(name, (uint64_t)v);
#endif
}

__attribute__((unused)) static inline void
rnn_check_unknown(const char *name, uint64_t unknown, uint64_t known)
{
#ifndef NDEBUG
	if (unknown & known)
		rnn_field_overflow(name, unknown);
#endif
}

#endif

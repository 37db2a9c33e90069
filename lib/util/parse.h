/* SPDX-License-Identifier: MIT */
/*
 * Numbers from text (options, environment variables, XML attributes): all
 * of the text or nothing, an overflow (ERANGE) is no number, and a minus
 * sign, after spaces too, is never read as a huge unsigned value (strtoull
 * would take "-1" and " -1" as 2^64 - 1). Header-only, like util/util.h,
 * for the build-machine tools as well as the libraries and the test binaries.
 */
#ifndef DRMSUB_UTIL_PARSE_H
#define DRMSUB_UTIL_PARSE_H

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/*
 * The unsigned number at the start of @s in @base (0: C's 0x and 0
 * prefixes); *@rest is what follows it, for a caller reading a unit.
 */
static inline bool util_parse_u64_head(const char *s, int base, uint64_t *v, const char **rest)
{
	const char *sign = s;
	char *end;

	while (isspace((unsigned char)*sign))	/* strtoull skips them too */
		sign++;
	errno = 0;
	*v = strtoull(s, &end, base);
	*rest = end;
	return !errno && end != s && *sign != '-';
}

/* All of @s as an unsigned number in @base (0: C's 0x and 0 prefixes). */
static inline bool util_parse_u64(const char *s, int base, uint64_t *v)
{
	const char *rest;

	return util_parse_u64_head(s, base, v, &rest) && !*rest;
}

/*
 * All of @s as a number that is not below 0 (seconds, say). strtod also
 * reads "nan", which compares false with everything: taken as a timeout,
 * "timeout > 0" would quietly mean no limit, so NaN is no number here.
 */
static inline bool util_parse_nonnegative(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return !errno && end != s && !*end && *v >= 0;
}

#endif

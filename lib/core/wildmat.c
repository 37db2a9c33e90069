// SPDX-License-Identifier: MIT
/*
 * Subtest name patterns, with the semantics IGT takes from uwildmat (RFC 3977
 * section 4): a comma-separated list of wildmats, each optionally negated
 * with a leading '!'; the last wildmat that matches decides. Within one
 * wildmat: '*' any run, '?' one character, '[...]' a set with ranges
 * ('[^...]' or '[!...]' negates), '\' quotes the next character.
 */
#include <stdbool.h>
#include <string.h>

#include "core/state.h"

/* Match one set starting after '['; *pattern is advanced past ']'. */
static bool match_set(char c, const char **pattern, bool *ok)
{
	const char *p = *pattern;
	bool negate = false, found = false;

	if (*p == '^' || *p == '!') {
		negate = true;
		p++;
	}
	/* a ']' right after the opening bracket is a member */
	if (*p == ']') {
		found = c == ']';
		p++;
	}
	while (*p && *p != ']') {
		char lo = *p, hi = *p;

		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 3;
		} else {
			p++;
		}
		if (c >= lo && c <= hi)
			found = true;
	}
	*ok = *p == ']';
	*pattern = *p ? p + 1 : p;
	return found != negate;
}

/* Match text against one wildmat of length len. */
static bool match_one(const char *text, const char *p, const char *end)
{
	while (p < end) {
		switch (*p) {
		case '*':
			while (p < end && *p == '*')
				p++;
			if (p == end)
				return true;
			for (; *text; text++)
				if (match_one(text, p, end))
					return true;
			return false;
		case '?':
			if (!*text)
				return false;
			text++;
			p++;
			break;
		case '[': {
			bool well_formed;

			if (!*text)
				return false;
			p++;
			if (!match_set(*text, &p, &well_formed) || !well_formed)
				return false;
			text++;
			break;
		}
		case '\\':
			if (p + 1 < end)
				p++;
			/* fall through */
		default:
			if (*text != *p)
				return false;
			text++;
			p++;
		}
	}
	return *text == '\0';
}

bool drmsub_wildmat(const char *text, const char *pattern)
{
	bool matched = false;
	const char *p = pattern;

	while (*p) {
		const char *end = p;
		bool negated = false;

		/* find the end of this wildmat: an unquoted, unbracketed comma */
		for (int depth = 0; *end && (*end != ',' || depth); end++) {
			if (*end == '\\' && end[1])
				end++;
			else if (*end == '[')
				depth = 1;
			else if (*end == ']')
				depth = 0;
		}
		if (*p == '!') {
			negated = true;
			p++;
		}
		if (match_one(text, p, end))
			matched = !negated;
		p = *end ? end + 1 : end;
	}
	return matched;
}

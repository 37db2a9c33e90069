// SPDX-License-Identifier: MIT
/*
 * JSON string output. Test output is arbitrary bytes; JSON must be UTF-8,
 * so invalid sequences become U+FFFD rather than making results.json
 * unreadable.
 */
#include <string.h>

#include "runner/json.h"
#include "runner/runner.h"

/* Length of the valid UTF-8 sequence at @p (at most @left bytes), or 0. */
size_t utf8_len(const unsigned char *p, size_t left)
{
	size_t len;
	unsigned int cp;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0) {
		len = 2;
		cp = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		len = 3;
		cp = p[0] & 0x0f;
	} else if ((p[0] & 0xf8) == 0xf0) {
		len = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	if (len > left)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* overlong forms, surrogates and values beyond Unicode are invalid */
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
	    (len == 4 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void json_string(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t left = strlen((const char *)p);

	sb_puts(sb, "\"");
	while (left) {
		size_t len = utf8_len(p, left);

		if (!len) {
			sb_puts(sb, "\\ufffd");
			len = 1;
		} else if (*p == '"' || *p == '\\') {
			sb_printf(sb, "\\%c", *p);
		} else if (*p == '\n') {
			sb_puts(sb, "\\n");
		} else if (*p == '\t') {
			sb_puts(sb, "\\t");
		} else if (*p < 0x20 || *p == 0x7f) {
			sb_printf(sb, "\\u%04x", *p);
		} else {
			sb_add(sb, (const char *)p, len);
		}
		p += len;
		left -= len;
	}
	sb_puts(sb, "\"");
}

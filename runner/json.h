/* SPDX-License-Identifier: MIT */
/* Text encoding for the results files: JSON strings, UTF-8 checks. */
#ifndef DRMSUB_RUNNER_JSON_H
#define DRMSUB_RUNNER_JSON_H

#include <stddef.h>

struct strbuf;

/* Append @s as a quoted JSON string; invalid UTF-8 becomes U+FFFD. */
void json_string(struct strbuf *sb, const char *s);

/* Length of the valid UTF-8 sequence at @p (at most @left bytes), or 0. */
size_t utf8_len(const unsigned char *p, size_t left);

#endif

// SPDX-License-Identifier: MIT
/* A growable string, for building results files in memory. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

void sb_add(struct strbuf *sb, const char *data, size_t len)
{
	if (sb->len + len + 1 > sb->size) {
		size_t size = sb->size ? sb->size : 256;

		while (sb->len + len + 1 > size)
			size *= 2;
		sb->buf = xrealloc(sb->buf, size);
		sb->size = size;
	}
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fputs("drmsub-run: out of memory\n", stderr);
		exit(RUN_EXIT_ERROR);
	}
	sb_add(sb, s, n);
	free(s);
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->size = 0;
}

/* Write @sb durably as @dir/@name, then free it. */
int sb_save(struct strbuf *sb, const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	int ret = write_file_sync(path, sb->buf ? sb->buf : "", sb->len);

	free(path);
	sb_free(sb);
	return ret;
}

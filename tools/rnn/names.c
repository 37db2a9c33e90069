// SPDX-License-Identifier: MIT
/*
 * rnn-headergen: C identifiers. Names from the XML are joined with '_';
 * a part's leading underscores (which the XML uses to make "4BYTE" a
 * valid name) are dropped after a prefix; a whole identifier starting with
 * a digit gets a leading '_' and a C keyword gets a trailing '_'. Every
 * emitted identifier is recorded so that a clash is detected, never
 * compiled.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "headergen.h"
#include "util/util.h"

static const char *const keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "float", "for", "goto", "if",
	"inline", "int", "long", "register", "restrict", "return", "short",
	"signed", "sizeof", "static", "struct", "switch", "typedef", "union",
	"unsigned", "void", "volatile", "while", "bool", "unknown",
};

char *hg_join(const char *a, const char *b)
{
	char *s;

	if (!a || !*a)
		return xstrdup(b);
	while (*b == '_')
		b++;
	if (!*b)
		return xstrdup(a);
	if (asprintf(&s, "%s_%s", a, b) < 0)
		abort();
	return s;
}

/* A valid C identifier for @name; @lower for struct members. */
char *hg_ident(const char *name, bool lower)
{
	size_t len = strlen(name);
	char *s = calloc(1, len + 3), *p = s;

	if (!s)
		abort();
	if (!len || isdigit((unsigned char)name[0]))
		*p++ = '_';
	for (size_t i = 0; i < len; i++) {
		char c = name[i];

		if (!isalnum((unsigned char)c) && c != '_')
			c = '_';
		*p++ = lower ? (char)tolower((unsigned char)c) : c;
	}
	for (size_t i = 0; i < ARRAY_SIZE(keywords); i++)
		if (!strcmp(s, keywords[i]))
			*p++ = '_';
	return s;
}

static unsigned long hash(const char *s)
{
	unsigned long h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Open addressing; the table doubles at half load. */
bool hg_claim(struct hg_names *t, const char *name)
{
	unsigned long h;

	if (t->used * 2 >= t->size) {
		struct hg_names old = *t;

		t->size = old.size ? old.size * 2 : 1024;
		t->slots = calloc(t->size, sizeof(*t->slots));
		if (!t->slots)
			abort();
		t->used = 0;
		for (size_t i = 0; i < old.size; i++)
			if (old.slots[i])
				hg_claim(t, old.slots[i]), free(old.slots[i]);
		free(old.slots);
	}
	for (h = hash(name) % t->size; t->slots[h]; h = (h + 1) % t->size)
		if (!strcmp(t->slots[h], name))
			return false;
	t->slots[h] = xstrdup(name);
	t->used++;
	return true;
}

void hg_names_free(struct hg_names *t)
{
	for (size_t i = 0; i < t->size; i++)
		free(t->slots[i]);
	free(t->slots);
}

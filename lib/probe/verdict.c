// SPDX-License-Identifier: MIT
/* The discovery probes' database loading and verdict lines; see verdict.h. */
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>

#include "core/test.h"
#include "probe/verdict.h"

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

struct rnn_db *probe_db_load(const char *file)
{
	struct rnn_db *db;
	size_t errors;

	igt_assert_f(is_file(file), "%s: no such file\n", file);
	db = rnn_db_new();
	rnn_db_load(db, file);
	rnn_db_prepare(db);
	errors = rnn_db_nerrors(db);
	for (size_t i = 0; i < errors; i++) {
		const struct rnn_error *e = rnn_db_error(db, i);

		igt_warn("%s:%d: %s\n", e->file ? e->file : "?", e->line, e->message);
	}
	if (errors)
		rnn_db_free(db);	/* failing leaves no leak for the sanitizers to report */
	igt_assert_f(!errors, "%s does not load\n", file);
	return db;
}

void probe_subtest_name(const char *name, char *out, size_t size)
{
	size_t n = 0;

	if (!size)
		return;
	for (const char *p = name; *p && n + 1 < size; p++) {
		bool ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			  (*p >= '0' && *p <= '9') || *p == '_' || *p == '-';

		if (*p == ']' || *p == ')')
			continue;
		out[n++] = ok ? *p : '-';
	}
	out[n] = 0;
}

void probe_claim_confirmed(const char *claim)
{
	igt_info("confirmed %s\n", claim);
}

#define DETAILS_MAX 256

/* "<verdict> CLAIM (<label><details>)"; the details go to @out too unless it is NULL. */
__attribute__((format(printf, 5, 0)))
static void line(const char *verdict, const char *claim, const char *label,
		 char out[DETAILS_MAX], const char *fmt, va_list ap)
{
	char details[DETAILS_MAX];

	vsnprintf(out ? out : details, DETAILS_MAX, fmt, ap);
	igt_info("%s %s (%s%s)\n", verdict, claim, label, out ? out : details);
}

void probe_claim_refuted(const char *claim, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	line("refuted", claim, "", NULL, fmt, ap);
	va_end(ap);
}

void probe_claim_untestable(const char *claim, const char *fmt, ...)
{
	char why[DETAILS_MAX];
	va_list ap;

	va_start(ap, fmt);
	line("untestable", claim, "reason: ", why, fmt, ap);
	va_end(ap);
	igt_skip("%s\n", why);
}

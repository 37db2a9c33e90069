// SPDX-License-Identifier: MIT
/* The discovery probes' databases and verdict lines; see verdict.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "core/test.h"
#include "probe/verdict.h"

#ifndef DRMSUB_SRCDIR
#define DRMSUB_SRCDIR "."
#endif
#ifndef DRMSUB_DATADIR
#define DRMSUB_DATADIR "/usr/local/share/drmsub/registers"
#endif

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool find_in(const char *root, const char *driver, const char *file, char *out,
		    size_t size)
{
	const char *const sub[] = { "/registers/", "/", NULL };

	for (unsigned int i = 0; i < 3; i++) {
		snprintf(out, size, "%s/%s%s%s", root, sub[i] ? driver : "", sub[i] ? sub[i] : "",
			 file);
		if (is_file(out))
			return true;
	}
	return false;
}

bool probe_find_database(const char *driver, const char *file, char *out, size_t size)
{
	const char *env = getenv("DRMSUB_REGISTERS");

	if (env && *env)
		return find_in(env, driver, file, out, size);
	return find_in(DRMSUB_SRCDIR, driver, file, out, size) ||
	       find_in(DRMSUB_DATADIR, driver, file, out, size);
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

/* "<verdict> CLAIM (<label><details>)"; the details go to @out too. */
__attribute__((format(printf, 5, 0)))
static void line(const char *verdict, const char *claim, const char *label, char *out,
		 const char *fmt, va_list ap)
{
	vsnprintf(out, 256, fmt, ap);
	igt_info("%s %s (%s%s)\n", verdict, claim, label, out);
}

void probe_claim_refuted(const char *claim, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	line("refuted", claim, "", what, fmt, ap);
	va_end(ap);
}

void probe_claim_untestable(const char *claim, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	line("untestable", claim, "reason: ", why, fmt, ap);
	va_end(ap);
	igt_skip("%s\n", why);
}

// SPDX-License-Identifier: MIT
/*
 * Shared pieces of the register-discovery probes; see probe_report.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "core/test.h"
#include "probe_report.h"

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

static bool find_under(const char *root, const char *driver, const char *file, char *out,
		       size_t size)
{
	const char *const sub[] = { "/registers/", "/", NULL };

	for (unsigned int i = 0; i < 3; i++) {
		if (sub[i])
			snprintf(out, size, "%s/%s%s%s", root, driver, sub[i], file);
		else
			snprintf(out, size, "%s/%s", root, file);
		if (is_file(out))
			return true;
	}
	return false;
}

bool probe_find_registers(const char *driver, const char *file, char *out, size_t size)
{
	const char *env = getenv("DRMSUB_REGISTERS");

	if (env && *env)
		return find_under(env, driver, file, out, size);
	return find_under(DRMSUB_SRCDIR, driver, file, out, size) ||
	       find_under(DRMSUB_DATADIR, driver, file, out, size);
}

struct rnn_db *probe_load_db(const char *path)
{
	struct rnn_db *db;
	size_t errors;

	igt_assert_f(is_file(path), "%s: no such file\n", path);
	db = rnn_db_new();
	rnn_db_load(db, path);
	rnn_db_prepare(db);
	errors = rnn_db_nerrors(db);
	for (size_t i = 0; i < errors; i++) {
		const struct rnn_error *e = rnn_db_error(db, i);

		igt_warn("%s:%d: %s\n", e->file ? e->file : "?", e->line, e->message);
	}
	if (errors)
		rnn_db_free(db);	/* failing leaves no leak for the sanitizers to report */
	igt_assert_f(!errors, "%s does not load\n", path);
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

void probe_confirmed(const char *claim)
{
	igt_info("confirmed %s\n", claim);
}

/* One report line: "<verdict> CLAIM (<label>DETAIL)". */
__attribute__((format(printf, 4, 0)))
static void report(const char *verdict, const char *claim, const char *label, const char *fmt,
		   va_list ap)
{
	char detail[512];

	vsnprintf(detail, sizeof(detail), fmt, ap);
	igt_info("%s %s (%s%s)\n", verdict, claim, label, detail);
}

void probe_refuted(const char *claim, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("refuted", claim, "", fmt, ap);
	va_end(ap);
	/* the line again where failures are looked for */
	igt_critical("refuted %s\n", claim);
	igt_fail(IGT_EXIT_FAILURE);
}

void probe_untestable(const char *claim, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("untestable", claim, "reason: ", fmt, ap);
	va_end(ap);
	igt_skip("see the untestable line above\n");
}

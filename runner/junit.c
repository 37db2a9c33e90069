// SPDX-License-Identifier: MIT
/*
 * results.xml: JUnit XML, the format CI systems (GitLab, Jenkins) show as
 * test reports. One <testsuite> per binary, one <testcase> per job; the
 * IGT result is the type of <failure> (fail, dmesg-fail) or <error>
 * (crash, timeout, incomplete, abort); skip and notrun are <skipped>;
 * warn and dmesg-warn pass with the reason in <system-err>. The schema
 * checked by the self-tests is runner/junit.xsd.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/json.h"
#include "runner/results.h"
#include "runner/runner.h"

enum kind { K_PASS, K_FAILURE, K_ERROR, K_SKIPPED };

static enum kind kind_of(const char *r)
{
	if (!strcmp(r, "fail") || !strcmp(r, "dmesg-fail"))
		return K_FAILURE;
	if (!strcmp(r, "skip") || !strcmp(r, "notrun"))
		return K_SKIPPED;
	if (!strcmp(r, "pass") || !strcmp(r, "warn") || !strcmp(r, "dmesg-warn"))
		return K_PASS;
	return K_ERROR;
}

/* XML 1.0 text: escape markup, drop what XML cannot carry. */
static void xml_text(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t left = strlen((const char *)p);

	while (left) {
		size_t len = utf8_len(p, left);

		if (!len || (*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			sb_puts(sb, "?");
		else if (*p == '&')
			sb_puts(sb, "&amp;");
		else if (*p == '<')
			sb_puts(sb, "&lt;");
		else if (*p == '>')
			sb_puts(sb, "&gt;");
		else if (*p == '"')
			sb_puts(sb, "&quot;");
		else
			sb_add(sb, (const char *)p, len);
		p += len ? len : 1;
		left -= len ? len : 1;
	}
}

struct suite {
	const char *binary;
	unsigned int tests, failures, errors, skipped;
	double time;
};

static void suite_count(struct suite *su, const struct joblist *jl, const struct outcome *o,
			size_t first, size_t end)
{
	for (size_t i = first; i < end; i++) {
		enum kind k = kind_of(outcome_result(&o[i]));

		su->tests++;
		su->failures += k == K_FAILURE;
		su->errors += k == K_ERROR;
		su->skipped += k == K_SKIPPED;
		su->time += o[i].done ? o[i].elapsed : 0;
	}
}

static void testcase(struct strbuf *sb, const struct settings *s, const struct job *job,
		     size_t index, const struct outcome *o)
{
	const char *r = outcome_result(o);
	enum kind k = kind_of(r);
	struct job_output jo = { 0 };

	sb_puts(sb, "    <testcase classname=\"");
	xml_text(sb, job->binary);
	sb_puts(sb, "\" name=\"");
	xml_text(sb, job->subtest ? job->subtest : job->binary);
	sb_printf(sb, "\" time=\"%.3f\">\n", o->done ? o->elapsed : 0.0);
	if (k == K_FAILURE || k == K_ERROR)
		sb_printf(sb, "      <%s type=\"%s\" message=\"%s\"/>\n",
			  k == K_FAILURE ? "failure" : "error", r, r);
	else if (k == K_SKIPPED)
		sb_printf(sb, "      <skipped message=\"%s\"/>\n", r);
	if (o->started) {
		job_output_load(s, job, index, &jo);
		sb_puts(sb, "      <system-out>");
		xml_text(sb, jo.out);
		sb_puts(sb, "</system-out>\n      <system-err>");
		if (strcmp(r, "pass") && k == K_PASS)
			sb_printf(sb, "result: %s\n", r);
		xml_text(sb, jo.err);
		if (*jo.dmesg) {
			sb_puts(sb, "\n--- kernel log ---\n");
			xml_text(sb, jo.dmesg);
		}
		sb_puts(sb, "</system-err>\n");
		job_output_free(&jo);
	}
	sb_puts(sb, "    </testcase>\n");
}

int junit_write(const struct settings *s, const struct joblist *jl, const struct outcome *o)
{
	struct strbuf sb = { 0 }, body = { 0 };
	struct suite all = { 0 };
	size_t i = 0;

	while (i < jl->count) {
		struct suite su = { .binary = jl->jobs[i].binary };
		size_t end = i;

		/* jobs of one binary are adjacent in the job list */
		while (end < jl->count && !strcmp(jl->jobs[end].binary, su.binary))
			end++;
		suite_count(&su, jl, o, i, end);
		sb_puts(&body, "  <testsuite name=\"");
		xml_text(&body, su.binary);
		sb_printf(&body, "\" tests=\"%u\" failures=\"%u\" errors=\"%u\" skipped=\"%u\""
			  " time=\"%.3f\">\n", su.tests, su.failures, su.errors, su.skipped,
			  su.time);
		for (; i < end; i++)
			testcase(&body, s, &jl->jobs[i], i, &o[i]);
		sb_puts(&body, "  </testsuite>\n");
		all.tests += su.tests;
		all.failures += su.failures;
		all.errors += su.errors;
		all.skipped += su.skipped;
		all.time += su.time;
	}
	sb_puts(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	sb_printf(&sb, "<testsuites name=\"drmsub\" tests=\"%u\" failures=\"%u\" errors=\"%u\""
		  " skipped=\"%u\" time=\"%.3f\">\n", all.tests, all.failures, all.errors,
		  all.skipped, all.time);
	sb_puts(&sb, body.buf ? body.buf : "");
	sb_puts(&sb, "</testsuites>\n");
	sb_free(&body);
	return sb_save(&sb, s->results_dir, "results.xml");
}

// SPDX-License-Identifier: MIT
/*
 * The job list: which binaries (test-list.txt, else the executables of the
 * test root), which subtests (--list-subtests), narrowed by --driver, -t/-x
 * and --test-list; saved as joblist.txt so --resume runs the same jobs.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/test.h"
#include "runner/capture.h"
#include "runner/runner.h"
#include "util/array.h"

#define LIST_TIMEOUT 30.0

struct names {
	char **v;
	size_t n;
};

static void names_add(struct names *l, const char *s)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = xstrdup(s);
}

static void names_free(struct names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The driver a binary tests, from its name: msm_submit is an msm binary.
 * core_* binaries test the DRM core on whichever driver's device is there,
 * model_* ones the software model itself (drivers.c).
 */
const char *driver_of(const char *binary)
{
	static const char *const known[] = { "msm", "nouveau", "radeon", "core", "model" };
	const char *base = strrchr(binary, '/');

	base = base ? base + 1 : binary;
	for (size_t i = 0; i < ARRAY_SIZE(known); i++) {
		size_t len = strlen(known[i]);

		if (!strncmp(base, known[i], len) && base[len] == '_')
			return known[i];
	}
	return "other";
}

/* A list file's text (NULL, said on stderr, when it cannot be read); @option names its origin. */
static char *read_list(const char *option, const char *path)
{
	char *text = read_file(path, NULL, LIMIT_LIST);

	if (!text)
		fprintf(stderr, "drmsub-run: %s%s: %s\n", option, path, read_strerror(errno));
	return text;
}

/* test-list.txt: whitespace-separated names between TESTLIST and END TESTLIST. */
static int binaries_from_testlist(struct names *bins, const char *path)
{
	char *text = read_list("", path), *tok, *save = NULL;

	if (!text)
		return -1;
	for (tok = strtok_r(text, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		if (!strcmp(tok, "TESTLIST") || !strcmp(tok, "END"))
			continue;
		names_add(bins, tok);
	}
	free(text);
	return 0;
}

/* Without test-list.txt (the build tree): every executable file, sorted. */
static int binaries_from_dir(struct names *bins, const char *root)
{
	DIR *d = opendir(root);
	struct dirent *e;

	if (!d) {
		fprintf(stderr, "drmsub-run: test root %s: %s\n", root, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		char *path = xasprintf("%s/%s", root, e->d_name);
		struct stat st;

		if (e->d_name[0] != '.' && !stat(path, &st) && S_ISREG(st.st_mode) &&
		    !access(path, X_OK))
			names_add(bins, e->d_name);
		free(path);
	}
	closedir(d);
	if (bins->n)
		qsort(bins->v, bins->n, sizeof(*bins->v), cmp_str);
	return 0;
}

static bool driver_selected(const struct settings *s, const char *binary)
{
	const char *drv = driver_of(binary);
	char *list, *tok, *save = NULL;
	bool found = false;

	if (!s->drivers)
		return true;
	list = xstrdup(s->drivers);
	for (tok = strtok_r(list, ",", &save); tok && !found; tok = strtok_r(NULL, ",", &save))
		found = !strcmp(tok, drv);
	free(list);
	return found;
}

static bool matches_any(char *const *res, int count, const char *name)
{
	for (int i = 0; i < count; i++) {
		regex_t re;
		bool hit;

		if (regcomp(&re, res[i], REG_EXTENDED | REG_ICASE | REG_NOSUB))
			continue;
		hit = !regexec(&re, name, 0, NULL, 0);
		regfree(&re);
		if (hit)
			return true;
	}
	return false;
}

/* IGT's piglit names: igt@<binary>@<subtest>, lower-case. */
static char *piglit_name(const char *binary, const char *subtest)
{
	char *name = subtest ? xasprintf("igt@%s@%s", binary, subtest)
			     : xasprintf("igt@%s", binary);

	for (char *p = name; *p; p++)
		*p = tolower((unsigned char)*p);
	return name;
}

static void add_job(struct joblist *jl, const char *binary, const char *subtest)
{
	struct job *j;

	jl->jobs = xrealloc(jl->jobs, (jl->count + 1) * sizeof(*jl->jobs));
	j = &jl->jobs[jl->count++];
	j->binary = xstrdup(binary);
	j->subtest = subtest ? xstrdup(subtest) : NULL;
	j->name = piglit_name(binary, subtest);
	j->driver = xstrdup(driver_of(binary));
}

/*
 * The subtests of @binary. Returns 1 for a binary without subtests (exit
 * 79 and no output, as IGT treats it), 0 with names, -1 on failure.
 */
static int list_subtests(const char *root, const char *binary, struct names *subs)
{
	char *path = xasprintf("%s/%s", root, binary);
	char *argv[] = { path, "--list-subtests", NULL };
	char *out, *tok, *save = NULL;
	int rc = capture_run(argv, NULL, LIST_TIMEOUT, &out);

	free(path);
	if (rc == IGT_EXIT_INVALID && !out[strspn(out, " \t\n")]) {
		free(out);
		return 1;
	}
	if (rc != 0) {
		fprintf(stderr, "drmsub-run: %s --list-subtests failed (status %d)\n", binary, rc);
		free(out);
		return -1;
	}
	for (tok = strtok_r(out, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save))
		names_add(subs, tok);
	free(out);
	return 0;
}

static bool picked_has(const struct names *picked, const char *name)
{
	for (size_t i = 0; i < picked->n; i++)
		if (!strcmp(picked->v[i], name))
			return true;
	return false;
}

/* @whole is igt@<binary>: listing it in --test-list picks every subtest. */
static bool wanted(const struct settings *s, const char *name, const char *whole,
		   const struct names *picked)
{
	if (picked && !picked_has(picked, name) && !picked_has(picked, whole))
		return false;
	if (s->nr_includes && !matches_any(s->includes, s->nr_includes, name))
		return false;
	return !matches_any(s->excludes, s->nr_excludes, name);
}

/*
 * --test-list: "igt@bin" selects every subtest of bin, "igt@bin@sub" one
 * subtest; a dynamic part ("@dyn") is dropped: the whole subtest runs.
 */
static int read_test_list(const char *path, struct names *picked)
{
	char *text = read_list("--test-list ", path), *line, *save = NULL;

	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(line, '#'), *name, *at;

		if (hash)
			*hash = '\0';
		name = line + strspn(line, " \t");
		name[strcspn(name, " \t\r")] = '\0';
		if (!*name)
			continue;
		if (strncmp(name, "igt@", 4)) {
			fprintf(stderr, "drmsub-run: %s: \"%s\" is not igt@binary[@subtest]\n",
				path, name);
			free(text);
			return -1;
		}
		at = strchr(name + 4, '@');
		if (at && (at = strchr(at + 1, '@')))
			*at = '\0';
		for (char *p = name; *p; p++)
			*p = tolower((unsigned char)*p);
		names_add(picked, name);
	}
	free(text);
	return 0;
}

static void add_binary(struct joblist *jl, const struct settings *s, const char *bin,
		       const struct names *picked)
{
	struct names subs = { 0 };
	char *whole = piglit_name(bin, NULL);

	if (list_subtests(s->test_root, bin, &subs) != 0) {
		/* no subtests, or unlistable: run it whole, so it is reported */
		if (wanted(s, whole, whole, picked))
			add_job(jl, bin, NULL);
		free(whole);
		return;
	}
	for (size_t i = 0; i < subs.n; i++) {
		char *name = piglit_name(bin, subs.v[i]);

		if (wanted(s, name, whole, picked))
			add_job(jl, bin, subs.v[i]);
		free(name);
	}
	free(whole);
	names_free(&subs);
}

int joblist_build(struct joblist *jl, const struct settings *s)
{
	struct names bins = { 0 }, picked = { 0 };
	char *list = xasprintf("%s/test-list.txt", s->test_root);
	int ret;

	memset(jl, 0, sizeof(*jl));
	ret = access(list, R_OK) ? binaries_from_dir(&bins, s->test_root)
				 : binaries_from_testlist(&bins, list);
	free(list);
	if (!ret && s->test_list)
		ret = read_test_list(s->test_list, &picked);
	for (size_t i = 0; !ret && i < bins.n; i++) {
		if (driver_selected(s, bins.v[i]))
			add_binary(jl, s, bins.v[i], s->test_list ? &picked : NULL);
	}
	names_free(&bins);
	names_free(&picked);
	return ret;
}

/* joblist.txt: "<binary> <subtest>" per job, or "<binary>" alone. */
int joblist_save(const struct joblist *jl, const char *dir)
{
	struct strbuf sb = { 0 };

	for (size_t i = 0; i < jl->count; i++) {
		if (jl->jobs[i].subtest)
			sb_printf(&sb, "%s %s\n", jl->jobs[i].binary, jl->jobs[i].subtest);
		else
			sb_printf(&sb, "%s\n", jl->jobs[i].binary);
	}
	return sb_save(&sb, dir, "joblist.txt");
}

int joblist_load(struct joblist *jl, const char *dir)
{
	char *text = read_in_dir(dir, "joblist.txt", LIMIT_LIST), *line, *save = NULL;

	memset(jl, 0, sizeof(*jl));
	if (!text) {
		fprintf(stderr, "drmsub-run: cannot resume: %s/joblist.txt: %s\n", dir,
			read_strerror(errno));
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *space = strchr(line, ' ');

		if (space)
			*space = '\0';
		add_job(jl, line, space ? space + 1 : NULL);
	}
	free(text);
	return 0;
}

void joblist_free(struct joblist *jl)
{
	for (size_t i = 0; i < jl->count; i++) {
		free(jl->jobs[i].binary);
		free(jl->jobs[i].subtest);
		free(jl->jobs[i].name);
		free(jl->jobs[i].driver);
	}
	free(jl->jobs);
	memset(jl, 0, sizeof(*jl));
}

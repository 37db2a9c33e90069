// SPDX-License-Identifier: MIT
/*
 * The command line of drmsub-run, and metadata.txt: the settings saved in
 * the results directory so --resume continues with exactly the same ones.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/runner.h"
#include "runner/timings.h"
#include "util/parse.h"

#define DEFAULT_MODEL_CONFIG "msm:a630,nouveau:gm20b,radeon:rv350"
#define MODEL_LIBRARY_NAME "libdrmsub-model.so"

static const char usage[] =
"Usage: drmsub-run [OPTIONS] RESULTS_DIR [TEST_ROOT]\n"
"       drmsub-run --resume RESULTS_DIR\n"
"Runs IGT-style test binaries one subtest per process and writes journal.txt,\n"
"per-job out/err/dmesg, results.json (IGT/piglit), results.xml (JUnit) and\n"
"summary.txt under RESULTS_DIR.\n"
"\n"
"TEST_ROOT holds the binaries and, optionally, an IGT test-list.txt (default:\n"
"$IGT_TEST_ROOT, else the build tree or installation drmsub-run belongs to).\n"
"\n"
"Selection:\n"
"  -t, --include REGEX        run only jobs whose igt@bin@subtest name matches\n"
"                             (POSIX extended regex, case-insensitive; repeatable)\n"
"  -x, --exclude REGEX        skip matching jobs (repeatable)\n"
"      --test-list FILE       run the igt@bin or igt@bin@subtest lines of FILE\n"
"      --driver LIST          only binaries of these drivers (msm,nouveau,radeon)\n"
"Timeouts (seconds, 0 = none; a timed-out job gets SIGTERM, then SIGKILL):\n"
"      --per-test-timeout S   limit for each subtest\n"
"      --overall-timeout S    limit for the whole run; later jobs are notrun\n"
"      --kill-grace S         wait between SIGTERM and SIGKILL (default 2)\n"
"Kernel log (a job on the model has its model's own, RESULTS_DIR/N/kmsg.txt,\n"
"never the host's):\n"
"      --kmsg PATH            read the kernel log from PATH instead of /dev/kmsg\n"
"                             (default $DRMSUB_KMSG; a regular file or FIFO of\n"
"                             \"<level>message\" lines stands in for the kernel)\n"
"      --dmesg-warn-level N   records of level N or more severe make dmesg-warn\n"
"                             (default 4, KERN_WARNING)\n"
"Hardware or model (default: hardware where present, else the model):\n"
"      --hardware             never use the model\n"
"      --model                always use the model\n"
"      --model-library PATH   the model's LD_PRELOAD library (default\n"
"                             $DRMSUB_MODEL_LIBRARY, else next to drmsub-run)\n"
"      --model-config LIST    DRMSUB_MODEL value (default $DRMSUB_MODEL, else\n"
"                             " DEFAULT_MODEL_CONFIG ")\n"
"Run control:\n"
"  -j, --jobs N               run N jobs at a time (default: 4 per CPU when every\n"
"                             driver runs on the model, else 1; in parallel the\n"
"                             longest jobs start first, by the timing cache)\n"
"      --timings FILE         the timing cache: each job's last run time (default\n"
"                             $DRMSUB_TIMINGS, else ~/.cache/drmsub/timings.txt;\n"
"                             \"\" for none)\n"
"      --output-cap BYTES     output kept per job and stream: its first and last\n"
"                             halves, with a marker saying how much was dropped\n"
"                             between (default 1M; suffixes k and M)\n"
"      --resume DIR           finish an interrupted run with its saved settings\n"
"      --overwrite            reuse a non-empty RESULTS_DIR\n"
"      --dry-run              list the jobs, run nothing\n"
"  -q, --quiet                no progress output\n"
"  -h, --help                 this text\n"
"Exit status: 0 all ran and none failed, 1 failures, 2 run stopped early\n"
"(overall timeout, abort, signal), 3 usage or setup error.\n";

enum {
	OPT_TEST_LIST = 300,
	OPT_DRIVER,
	OPT_PER_TEST_TIMEOUT,
	OPT_OVERALL_TIMEOUT,
	OPT_KILL_GRACE,
	OPT_KMSG,
	OPT_WARN_LEVEL,
	OPT_HARDWARE,
	OPT_MODEL,
	OPT_MODEL_LIBRARY,
	OPT_MODEL_CONFIG,
	OPT_RESUME,
	OPT_OVERWRITE,
	OPT_DRY_RUN,
	OPT_TIMINGS,
	OPT_OUTPUT_CAP,
};

static const struct option options[] = {
	{ "include", required_argument, NULL, 't' },
	{ "exclude", required_argument, NULL, 'x' },
	{ "test-list", required_argument, NULL, OPT_TEST_LIST },
	{ "driver", required_argument, NULL, OPT_DRIVER },
	{ "per-test-timeout", required_argument, NULL, OPT_PER_TEST_TIMEOUT },
	{ "overall-timeout", required_argument, NULL, OPT_OVERALL_TIMEOUT },
	{ "kill-grace", required_argument, NULL, OPT_KILL_GRACE },
	{ "kmsg", required_argument, NULL, OPT_KMSG },
	{ "dmesg-warn-level", required_argument, NULL, OPT_WARN_LEVEL },
	{ "hardware", no_argument, NULL, OPT_HARDWARE },
	{ "model", no_argument, NULL, OPT_MODEL },
	{ "model-library", required_argument, NULL, OPT_MODEL_LIBRARY },
	{ "model-config", required_argument, NULL, OPT_MODEL_CONFIG },
	{ "resume", required_argument, NULL, OPT_RESUME },
	{ "overwrite", no_argument, NULL, OPT_OVERWRITE },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "jobs", required_argument, NULL, 'j' },
	{ "timings", required_argument, NULL, OPT_TIMINGS },
	{ "output-cap", required_argument, NULL, OPT_OUTPUT_CAP },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_seconds(const char *opt, const char *arg, double *out)
{
	if (!util_parse_nonnegative(arg, out)) {
		fprintf(stderr, "drmsub-run: %s: \"%s\" is not a number of seconds\n", opt, arg);
		return -1;
	}
	return 0;
}

#define MAX_JOBS 1024

static int parse_jobs(const char *opt, const char *arg, int *out)
{
	uint64_t n;

	if (!util_parse_u64(arg, 10, &n) || n < 1 || n > MAX_JOBS) {
		fprintf(stderr, "drmsub-run: %s: \"%s\" is not a number of jobs (1..%d)\n", opt, arg,
			MAX_JOBS);
		return -1;
	}
	*out = n;
	return 0;
}

/* kernel log levels: 0 (emergency) to 7 (debug) */
static int parse_log_level(const char *opt, const char *arg, int *out)
{
	if (arg[0] < '0' || arg[0] > '7' || arg[1]) {
		fprintf(stderr, "drmsub-run: %s: 0 to 7, not \"%s\"\n", opt, arg);
		return -1;
	}
	*out = arg[0] - '0';
	return 0;
}

/* "4096", "64k", "2M": at least 2 bytes (one of head and one of tail). */
static int parse_size(const char *opt, const char *arg, size_t *out)
{
	const char *unit;
	unsigned shift = 0;
	uint64_t n;
	bool ok = util_parse_u64_head(arg, 10, &n, &unit);

	if (*unit == 'k' || *unit == 'K')
		shift = 10, unit++;
	else if (*unit == 'M')
		shift = 20, unit++;
	/* the limit is checked before the shift, which could wrap around to a small size */
	if (!ok || *unit || n > (1ull << 30) >> shift || n << shift < 2) {
		fprintf(stderr, "drmsub-run: %s: \"%s\" is not a size (2 to 1G bytes)\n", opt, arg);
		return -1;
	}
	*out = n << shift;
	return 0;
}

static int add_filter(char **list, int *count, const char *re)
{
	regex_t compiled;
	int err;

	if (*count == RUNNER_MAX_FILTERS) {
		fprintf(stderr, "drmsub-run: at most %d -t/-x filters\n", RUNNER_MAX_FILTERS);
		return -1;
	}
	/* reject a bad pattern now rather than in the middle of listing */
	err = regcomp(&compiled, re, REG_EXTENDED | REG_ICASE | REG_NOSUB);
	if (err) {
		char msg[128];

		regerror(err, &compiled, msg, sizeof(msg));
		fprintf(stderr, "drmsub-run: bad regex \"%s\": %s\n", re, msg);
		return -1;
	}
	regfree(&compiled);
	list[(*count)++] = xstrdup(re);
	return 0;
}

/*
 * The directory above the running executable's (PREFIX for PREFIX/bin,
 * $(O) for $(O)/bin), where its test root and model library are.
 */
static char *exe_parent(void)
{
	char path[PATH_MAX], *slash, *parent;
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (n <= 0)
		return NULL;
	path[n] = '\0';
	for (int i = 0; i < 2; i++) {
		slash = strrchr(path, '/');
		if (!slash)
			return NULL;
		*slash = '\0';
	}
	parent = path[0] ? path : "/";
	return xstrdup(parent);
}

/*
 * Without a TEST_ROOT: an installation keeps drmsub-run in PREFIX/bin and
 * the binaries in PREFIX/libexec/drmsub; the build tree keeps them in
 * $(O)/bin and $(O)/tests.
 */
static char *default_test_root(void)
{
	char *dir = exe_parent(), *root;

	if (getenv("IGT_TEST_ROOT"))
		return xstrdup(getenv("IGT_TEST_ROOT"));
	if (!dir)
		return xstrdup(".");
	root = xasprintf("%s/libexec/drmsub", dir);
	if (access(root, X_OK)) {
		free(root);
		root = xasprintf("%s/tests", dir);
	}
	free(dir);
	return root;
}

static char *default_model_library(void)
{
	char *dir = exe_parent(), *lib;

	if (getenv("DRMSUB_MODEL_LIBRARY"))
		return xstrdup(getenv("DRMSUB_MODEL_LIBRARY"));
	if (!dir)
		return xstrdup(MODEL_LIBRARY_NAME);
	lib = xasprintf("%s/lib/drmsub/%s", dir, MODEL_LIBRARY_NAME);
	if (access(lib, R_OK)) {
		free(lib);
		lib = xasprintf("%s/lib/%s", dir, MODEL_LIBRARY_NAME);
	}
	free(dir);
	return lib;
}

static void save_cmdline(struct settings *s, int argc, char **argv)
{
	struct strbuf sb = { 0 };

	for (int i = 0; i < argc; i++) {
		sb_puts(&sb, argv[i]);
		if (i + 1 < argc)
			sb_puts(&sb, "\x1f");	/* unit separator: args keep their spaces */
	}
	s->cmdline = sb.buf ? sb.buf : xstrdup("");
}

/* A string setting: a repeated option (or a reloaded key) replaces, and frees, the last value. */
static void set_str(char **field, const char *value)
{
	free(*field);
	*field = xstrdup(value);
}

/* 0: go on; 1: --help was shown; -1: bad usage */
static int handle_option(struct settings *s, int c)
{
	switch (c) {
	case 't':
		return add_filter(s->includes, &s->nr_includes, optarg);
	case 'x':
		return add_filter(s->excludes, &s->nr_excludes, optarg);
	case OPT_TEST_LIST:
		set_str(&s->test_list, optarg);
		return 0;
	case OPT_DRIVER:
		set_str(&s->drivers, optarg);
		return 0;
	case OPT_PER_TEST_TIMEOUT:
		return parse_seconds("--per-test-timeout", optarg, &s->per_test_timeout);
	case OPT_OVERALL_TIMEOUT:
		return parse_seconds("--overall-timeout", optarg, &s->overall_timeout);
	case OPT_KILL_GRACE:
		return parse_seconds("--kill-grace", optarg, &s->kill_grace);
	case OPT_KMSG:
		set_str(&s->kmsg_path, optarg);
		return 0;
	case OPT_WARN_LEVEL:
		return parse_log_level("--dmesg-warn-level", optarg, &s->dmesg_warn_level);
	case OPT_HARDWARE:
		s->mode = MODE_HARDWARE;
		return 0;
	case OPT_MODEL:
		s->mode = MODE_MODEL;
		return 0;
	case OPT_MODEL_LIBRARY:
		set_str(&s->model_library, optarg);
		return 0;
	case OPT_MODEL_CONFIG:
		set_str(&s->model_config, optarg);
		return 0;
	case OPT_RESUME:
		s->resume = true;
		set_str(&s->results_dir, optarg);
		return 0;
	case OPT_OVERWRITE:
		s->overwrite = true;
		return 0;
	case OPT_DRY_RUN:
		s->dry_run = true;
		return 0;
	case 'j':
		return parse_jobs("-j", optarg, &s->jobs);
	case OPT_TIMINGS:
		free(s->timings_path);
		s->timings_path = *optarg ? xstrdup(optarg) : NULL;
		s->timings_set = true;
		return 0;
	case OPT_OUTPUT_CAP:
		return parse_size("--output-cap", optarg, &s->output_cap);
	case 'q':
		s->quiet = true;
		return 0;
	case 'h':
		fputs(usage, stdout);
		return 1;
	}
	fputs(usage, stderr);
	return -1;
}

int settings_parse(struct settings *s, int argc, char **argv)
{
	int c;

	memset(s, 0, sizeof(*s));
	s->kill_grace = 2;
	s->dmesg_warn_level = 4;
	s->output_cap = DEFAULT_OUTPUT_CAP;
	save_cmdline(s, argc, argv);
	while ((c = getopt_long(argc, argv, "t:x:j:qh", options, NULL)) != -1) {
		int ret = handle_option(s, c);

		if (ret)
			return ret;
	}

	if (!s->timings_set)
		s->timings_path = timings_default_path();
	if (s->resume) {
		if (optind != argc) {
			fprintf(stderr, "drmsub-run: --resume takes only the results directory\n");
			return -1;
		}
		return 0;
	}
	if (optind >= argc || argc - optind > 2) {
		fputs(usage, stderr);
		return -1;
	}
	s->results_dir = xstrdup(argv[optind]);
	s->test_root = argc - optind == 2 ? xstrdup(argv[optind + 1]) : default_test_root();
	if (!s->kmsg_path && getenv("DRMSUB_KMSG"))
		s->kmsg_path = xstrdup(getenv("DRMSUB_KMSG"));
	if (!s->model_library)
		s->model_library = default_model_library();
	if (!s->model_config)
		s->model_config = xstrdup(getenv("DRMSUB_MODEL") ? getenv("DRMSUB_MODEL")
							: DEFAULT_MODEL_CONFIG);
	return 0;
}

static const char *mode_name(enum run_mode m)
{
	return m == MODE_HARDWARE ? "hardware" : m == MODE_MODEL ? "model" : "auto";
}

/* A mode_name, back: -1 for any other word (a damaged metadata.txt). */
static int parse_mode(const char *name, enum run_mode *out)
{
	for (enum run_mode m = MODE_AUTO; m <= MODE_MODEL; m++) {
		if (!strcmp(name, mode_name(m))) {
			*out = m;
			return 0;
		}
	}
	fprintf(stderr, "drmsub-run: mode: \"%s\" is none of auto, hardware, model\n", name);
	return -1;
}

/*
 * "key=seconds" with the fewest digits that read back as the same double:
 * %g keeps six, so a resumed run would get 1234570 s for 1234567.25 s.
 */
static void save_seconds(struct strbuf *sb, const char *key, double seconds)
{
	char text[32];

	/* 17 significant digits always read back the same (DBL_DECIMAL_DIG) */
	for (int digits = 6; digits <= 17; digits++) {
		snprintf(text, sizeof(text), "%.*g", digits, seconds);
		if (strtod(text, NULL) == seconds)
			break;
	}
	sb_printf(sb, "%s=%s\n", key, text);
}

/* metadata.txt: "key=value" lines; list values repeat their key. */
int settings_save(const struct settings *s)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "test_root=%s\n", s->test_root);
	for (int i = 0; i < s->nr_includes; i++)
		sb_printf(&sb, "include=%s\n", s->includes[i]);
	for (int i = 0; i < s->nr_excludes; i++)
		sb_printf(&sb, "exclude=%s\n", s->excludes[i]);
	if (s->test_list)
		sb_printf(&sb, "test_list=%s\n", s->test_list);
	if (s->drivers)
		sb_printf(&sb, "driver=%s\n", s->drivers);
	save_seconds(&sb, "per_test_timeout", s->per_test_timeout);
	save_seconds(&sb, "overall_timeout", s->overall_timeout);
	save_seconds(&sb, "kill_grace", s->kill_grace);
	if (s->kmsg_path)
		sb_printf(&sb, "kmsg=%s\n", s->kmsg_path);
	sb_printf(&sb, "dmesg_warn_level=%d\n", s->dmesg_warn_level);
	sb_printf(&sb, "mode=%s\n", mode_name(s->mode));
	sb_printf(&sb, "model_library=%s\n", s->model_library);
	sb_printf(&sb, "model_config=%s\n", s->model_config);
	sb_printf(&sb, "jobs=%d\n", s->jobs);
	sb_printf(&sb, "output_cap=%zu\n", s->output_cap);
	sb_printf(&sb, "cmdline=%s\n", s->cmdline);
	return sb_save(&sb, s->results_dir, "metadata.txt");
}

/*
 * One "key=value" line of metadata.txt, the numbers checked as the options
 * that set them are (a hand-edited or damaged file is refused, not read as
 * NaN or as a negative count). 0, or -1 for a number its option would refuse.
 */
static int load_pair(struct settings *s, const char *key, const char *value)
{
	if (!strcmp(key, "per_test_timeout"))
		return parse_seconds(key, value, &s->per_test_timeout);
	if (!strcmp(key, "overall_timeout"))
		return parse_seconds(key, value, &s->overall_timeout);
	if (!strcmp(key, "kill_grace"))
		return parse_seconds(key, value, &s->kill_grace);
	if (!strcmp(key, "dmesg_warn_level"))
		return parse_log_level(key, value, &s->dmesg_warn_level);
	if (!strcmp(key, "jobs")) {	/* 0: the run was started without -j */
		s->jobs = 0;
		return strcmp(value, "0") ? parse_jobs(key, value, &s->jobs) : 0;
	}
	if (!strcmp(key, "output_cap"))
		return parse_size(key, value, &s->output_cap);
	if (!strcmp(key, "mode"))
		return parse_mode(value, &s->mode);
	if (!strcmp(key, "test_root"))
		set_str(&s->test_root, value);
	else if (!strcmp(key, "include") && s->nr_includes < RUNNER_MAX_FILTERS)
		s->includes[s->nr_includes++] = xstrdup(value);
	else if (!strcmp(key, "exclude") && s->nr_excludes < RUNNER_MAX_FILTERS)
		s->excludes[s->nr_excludes++] = xstrdup(value);
	else if (!strcmp(key, "test_list"))
		set_str(&s->test_list, value);
	else if (!strcmp(key, "driver"))
		set_str(&s->drivers, value);
	else if (!strcmp(key, "kmsg"))
		set_str(&s->kmsg_path, value);
	else if (!strcmp(key, "model_library"))
		set_str(&s->model_library, value);
	else if (!strcmp(key, "model_config"))
		set_str(&s->model_config, value);
	else if (!strcmp(key, "cmdline"))
		set_str(&s->cmdline, value);
	return 0;
}

/* Keep the options given to --resume (quiet) and reload everything else. */
/* Forget the -t and -x filters. */
static void clear_filters(struct settings *s)
{
	for (int i = 0; i < s->nr_includes; i++)
		free(s->includes[i]);
	for (int i = 0; i < s->nr_excludes; i++)
		free(s->excludes[i]);
	s->nr_includes = s->nr_excludes = 0;
}

int settings_load(struct settings *s, const char *dir)
{
	char *text = read_in_dir(dir, "metadata.txt", LIMIT_SMALL);
	char *line, *save = NULL;

	if (!text) {
		fprintf(stderr, "drmsub-run: cannot resume: %s/metadata.txt: %s\n", dir,
			read_strerror(errno));
		return -1;
	}
	clear_filters(s);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '=');

		if (!eq)
			continue;
		*eq = '\0';
		if (load_pair(s, line, eq + 1)) {
			fprintf(stderr, "drmsub-run: cannot resume: %s/metadata.txt: a bad %s\n",
				dir, line);
			free(text);
			return -1;
		}
	}
	free(text);
	if (!s->test_root || !s->model_library || !s->model_config || !s->cmdline) {
		fprintf(stderr, "drmsub-run: cannot resume: %s/metadata.txt is incomplete\n", dir);
		return -1;
	}
	return 0;
}

void settings_free(struct settings *s)
{
	clear_filters(s);
	free(s->results_dir);
	free(s->test_root);
	free(s->test_list);
	free(s->drivers);
	free(s->kmsg_path);
	free(s->model_library);
	free(s->model_config);
	free(s->timings_path);
	free(s->cmdline);
	memset(s, 0, sizeof(*s));
}

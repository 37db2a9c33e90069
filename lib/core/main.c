// SPDX-License-Identifier: MIT
/*
 * Start and end of a test binary: the command line, the version header,
 * and the exit code summarising every subtest.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "core/state.h"
#include "util/parse.h"
#include "util/util.h"
#include "version.h"

#define DEFAULT_SUBTEST_TIMEOUT 120.0

struct drmsub_state drmsub = {
	.kmsg_fd = -1,
	.log_level = IGT_LOG_INFO,
};

extern const char *drmsub_test_description __attribute__((weak));

enum {
	OPT_LIST_SUBTESTS = 500,
	OPT_SHOW_TESTLIST,
	OPT_RUN_SUBTEST,
	OPT_DYNAMIC_SUBTEST,
	OPT_DESCRIBE,
	OPT_HELP_DESCRIPTION,
	OPT_DEBUG,
	OPT_DEVICE,
	OPT_VERSION,
	OPT_HELP = 'h',
};

static const struct option core_options[] = {
	{ "list-subtests", no_argument, NULL, OPT_LIST_SUBTESTS },
	{ "show-testlist", no_argument, NULL, OPT_SHOW_TESTLIST },
	{ "run-subtest", required_argument, NULL, OPT_RUN_SUBTEST },
	{ "dynamic-subtest", required_argument, NULL, OPT_DYNAMIC_SUBTEST },
	{ "describe", optional_argument, NULL, OPT_DESCRIBE },
	{ "help-description", no_argument, NULL, OPT_HELP_DESCRIPTION },
	{ "debug", optional_argument, NULL, OPT_DEBUG },
	{ "device", required_argument, NULL, OPT_DEVICE },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

const char *drmsub_test_name(void)
{
	return drmsub.name;
}

const char *drmsub_subtest_name(void)
{
	return drmsub.role != ROLE_MAIN && drmsub.subtest[0] ? drmsub.subtest : NULL;
}

const char *drmsub_dynamic_name(void)
{
	return drmsub.role != ROLE_MAIN && drmsub.dynamic[0] ? drmsub.dynamic : NULL;
}

bool drmsub_only_listing(void)
{
	return drmsub.list_subtests || drmsub.describe || drmsub.show_testlist;
}

static void print_usage(FILE *out, const char *help_text)
{
	fprintf(out,
		"Usage: %s [OPTIONS]\n"
		"  --list-subtests              list the subtests, one per line\n"
		"  --show-testlist              list the subtests as igt@binary@subtest\n"
		"  --run-subtest <pattern>      run the matching subtests (wildcards * ? [..],\n"
		"                               comma-separated, a leading ! excludes)\n"
		"  --dynamic-subtest <pattern>  run the matching dynamic subtests\n"
		"  --describe[=<pattern>]       print the description of the (matching) subtests\n"
		"  --help-description           print the description of this binary\n"
		"  --debug[=<domain>]           print debug messages\n"
		"  --device <filter>            select the device (as IGT_DEVICE)\n"
		"  --version                    print the IGT-Version line\n"
		"  --help|-h                    this text\n"
		"Environment:\n"
		"  IGT_DEVICE=<filter>          drm:/dev/dri/<node>, sys:/sys/<path>,\n"
		"                               pci:vendor=<id>,device=<id>[,card=<n>], pci:slot=<bdf>\n"
		"  IGT_FORCE_DRIVER=<name>      only use a device bound to this kernel driver\n"
		"  IGT_LOG_LEVEL=debug|info|warn|none, IGT_PLAIN_OUTPUT=1 (no bold)\n"
		"  DRMSUB_SUBTEST_TIMEOUT=<s>   fail a subtest still running after <s> seconds\n"
		"                               (default %.0f; 0 = no limit)\n"
		"  DRMSUB_KMSG=<path>           write kernel-log markers here instead of /dev/kmsg\n"
		"No GPU? Run on the device model: scripts/with-model <driver>[:<chip>] build/tests/%s\n"
		"  sets DRMSUB_MODEL=<driver>[:<chip>] and LD_PRELOAD=<build>/lib/libdrmsub-model.so\n"
		"  (installed: <prefix>/lib/drmsub/libdrmsub-model.so); see docs/model.md\n",
		drmsub.name, DEFAULT_SUBTEST_TIMEOUT, drmsub.name);
	if (help_text)
		fprintf(out, "%s\n", help_text);
}

static void print_version(void)
{
	struct utsname uts;

	uname(&uts);
	igt_info("IGT-Version: drmsub-%s-%s (%s) (%s: %s %s)\n", DRMSUB_VERSION,
		 DRMSUB_GIT_SHA, uts.machine, uts.sysname, uts.release, uts.machine);
}

static void print_test_description(void)
{
	if (&drmsub_test_description && drmsub_test_description)
		printf("%s\n", drmsub_test_description);
}

static double subtest_timeout_from_env(void)
{
	const char *s = getenv("DRMSUB_SUBTEST_TIMEOUT");
	double v;

	if (!s)
		return DEFAULT_SUBTEST_TIMEOUT;
	if (!util_parse_nonnegative(s, &v)) {
		fprintf(stderr, "%s: invalid DRMSUB_SUBTEST_TIMEOUT \"%s\" (seconds expected)\n",
			drmsub.name, s);
		exit(IGT_EXIT_INVALID);
	}
	return v;
}

/* Build the getopt tables from ours plus the test's extra options. */
static struct option *merge_options(const struct option *extra, const char *short_extra,
				    char **short_opts)
{
	size_t n_core = ARRAY_SIZE(core_options);
	size_t n_extra = 0;
	struct option *all;

	while (extra && extra[n_extra].name)
		n_extra++;
	all = calloc(n_core + n_extra, sizeof(*all));
	if (!all || asprintf(short_opts, "%sh", short_extra ? short_extra : "") < 0)
		abort();
	if (n_extra)
		memcpy(all, extra, n_extra * sizeof(*all));
	memcpy(all + n_extra, core_options, sizeof(core_options));
	return all;
}

static void parse_options(int argc, char **argv, const char *short_extra,
			  const struct option *long_extra, const char *help_text,
			  igt_opt_handler_t handler, void *data)
{
	char *short_opts;
	struct option *opts = merge_options(long_extra, short_extra, &short_opts);
	int c, index;

	while ((c = getopt_long(argc, argv, short_opts, opts, &index)) != -1) {
		switch (c) {
		case OPT_LIST_SUBTESTS:
			drmsub.list_subtests = true;
			break;
		case OPT_SHOW_TESTLIST:
			drmsub.show_testlist = true;
			break;
		case OPT_RUN_SUBTEST:
			drmsub.run_pattern = optarg;
			break;
		case OPT_DYNAMIC_SUBTEST:
			drmsub.dynamic_pattern = optarg;
			break;
		case OPT_DESCRIBE:
			drmsub.describe = true;
			drmsub.describe_pattern = optarg;
			break;
		case OPT_HELP_DESCRIPTION:
			print_test_description();
			exit(IGT_EXIT_SUCCESS);
		case OPT_DEBUG:
			drmsub.log_level = IGT_LOG_DEBUG;
			break;
		case OPT_DEVICE:
			/* device discovery reads IGT_DEVICE; --device overrides it */
			setenv("IGT_DEVICE", optarg, 1);
			break;
		case OPT_VERSION:
			print_version();
			exit(IGT_EXIT_SUCCESS);
		case OPT_HELP:
			print_usage(stdout, help_text);
			exit(IGT_EXIT_SUCCESS);
		case '?':
			print_usage(stderr, help_text);
			exit(IGT_EXIT_INVALID);
		default:
			if (!handler || handler(c, index, data) != IGT_OPT_HANDLER_SUCCESS) {
				print_usage(stderr, help_text);
				exit(IGT_EXIT_INVALID);
			}
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument \"%s\"\n", drmsub.name, argv[optind]);
		print_usage(stderr, help_text);
		exit(IGT_EXIT_INVALID);
	}
	free(opts);
	free(short_opts);
}

void drmsub_init(int argc, char **argv, const char *short_opts,
		 const struct option *long_opts, const char *help_text,
		 igt_opt_handler_t handler, void *handler_data)
{
	const char *slash = strrchr(argv[0], '/');

	drmsub.name = slash ? slash + 1 : argv[0];
	drmsub.role = ROLE_MAIN;
	/* line-buffer stdout so parent and child lines interleave in order */
	setvbuf(stdout, NULL, _IOLBF, 0);
	drmsub_log_init();
	drmsub.subtest_timeout = subtest_timeout_from_env();
	parse_options(argc, argv, short_opts, long_opts, help_text, handler, handler_data);

	if (drmsub.describe)
		print_test_description();
	if (drmsub_only_listing()) {
		drmsub.log_level = IGT_LOG_NONE;
		return;
	}
	drmsub_kmsg("%s: executing\n", drmsub.name);
	print_version();
}

void drmsub_exit(void)
{
	const char *pattern = drmsub.describe ? drmsub.describe_pattern : drmsub.run_pattern;
	int code;

	if (drmsub.role != ROLE_MAIN)
		igt_success();

	if (pattern && !drmsub.run_pattern_matched) {
		fprintf(stderr, "(%s:%d) CRITICAL: Unknown subtest: %s\n", drmsub.name,
			(int)getpid(), pattern);
		exit(IGT_EXIT_INVALID);
	}
	if (drmsub_only_listing())
		exit(IGT_EXIT_SUCCESS);

	if (drmsub.failed_one)
		code = drmsub.exitcode;
	else if (drmsub.succeeded_one)
		code = IGT_EXIT_SUCCESS;
	else
		code = IGT_EXIT_SKIP;
	drmsub_kmsg("%s: exiting, ret=%d\n", drmsub.name, code);
	exit(code);
}

// SPDX-License-Identifier: MIT
/*
 * drmsub-run: set up (or reload, with --resume) a results directory, run
 * every job not yet journaled as done (sched.c), then write results.json,
 * results.xml and summary.txt. The order of durable writes is what makes
 * resume exact: "start N" is journaled before job N runs and "done N"
 * after its verdict is known, so a runner killed at any point leaves only
 * the jobs running then in doubt (one per -j slot), and each is settled
 * from its files (result line if it got that far, else incomplete)
 * instead of being run again.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/results.h"
#include "runner/runner.h"
#include "runner/sched.h"

static volatile int stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* a closed terminal or log pipe must not end the run half-way */
	signal(SIGPIPE, SIG_IGN);
}

static bool dir_is_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	bool empty = true;

	if (!d)
		return true;
	while (empty && (e = readdir(d)))
		empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(d);
	return empty;
}

static int remove_old(const struct settings *s)
{
	static const char *const files[] = {
		"journal.txt", "aborted.txt", "results.json", "results.xml", "summary.txt",
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *path = xasprintf("%s/%s", s->results_dir, files[i]);

		unlink(path);
		free(path);
	}
	return 0;
}

static int setup_new(struct settings *s, struct joblist *jl, struct drivers *d)
{
	if (!dir_is_empty(s->results_dir) && !s->overwrite && !s->dry_run) {
		fprintf(stderr, "drmsub-run: %s is not empty (use --resume or --overwrite)\n",
			s->results_dir);
		return -1;
	}
	if (joblist_build(jl, s))
		return -1;
	if (s->dry_run) {
		for (size_t i = 0; i < jl->count; i++)
			printf("%s\n", jl->jobs[i].name);
		joblist_free(jl);
		settings_free(s);
		exit(RUN_EXIT_OK);
	}
	if (s->mode == MODE_MODEL && access(s->model_library, R_OK)) {
		fprintf(stderr, "drmsub-run: --model: model library %s: %s\n", s->model_library,
			strerror(errno));
		return -1;
	}
	if (mkdir_p(s->results_dir)) {
		fprintf(stderr, "drmsub-run: %s: %s\n", s->results_dir, strerror(errno));
		return -1;
	}
	remove_old(s);
	drivers_probe(d, jl, s);
	if (settings_save(s) || joblist_save(jl, s->results_dir) ||
	    drivers_save(d, s->results_dir)) {
		fprintf(stderr, "drmsub-run: cannot write to %s: %s\n", s->results_dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

static int setup_resume(struct settings *s, struct joblist *jl, struct drivers *d)
{
	bool quiet = s->quiet;
	int jobs = s->jobs;

	if (settings_load(s, s->results_dir) || joblist_load(jl, s->results_dir))
		return -1;
	/* what --resume was given wins over what the run was started with */
	s->quiet = quiet;
	if (jobs)
		s->jobs = jobs;
	if (drivers_load(d, s->results_dir))
		fprintf(stderr, "drmsub-run: %s/drivers.txt missing; assuming hardware\n",
			s->results_dir);
	return 0;
}

/* Result of job @i, whose runner died during it, from its files. */
static void settle(const struct settings *s, const struct joblist *jl, size_t i,
		   struct outcome *o)
{
	struct job_output jo;

	job_output_load(s, &jl->jobs[i], i, &jo);
	verdict(&jl->jobs[i], jo.out, jo.err, jo.dmesg, NULL, s->dmesg_warn_level,
		o->result, sizeof(o->result));
	job_output_free(&jo);
	o->done = o->started = true;
}

/* Jobs the journal shows started but not done: the runner died in them. */
static void settle_interrupted(const struct settings *s, const struct joblist *jl,
			       struct outcome *o)
{
	for (size_t i = 0; i < jl->count; i++) {
		char *out;

		if (!o[i].started || o[i].done)
			continue;
		out = job_file(s, i, "out.txt");
		if (access(out, F_OK)) {
			/* killed before the job was started: it never ran */
			o[i].started = false;
			free(out);
			continue;
		}
		free(out);
		settle(s, jl, i, &o[i]);
		journal_done(i, &o[i]);
	}
}

static int exit_status(const struct joblist *jl, const struct outcome *o, bool stopped)
{
	if (stopped)
		return RUN_EXIT_STOPPED;
	for (size_t i = 0; i < jl->count; i++)
		if (result_is_failure(o[i].result))
			return RUN_EXIT_FAILURES;
	return RUN_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct settings s;
	struct joblist jl;
	struct drivers d;
	struct outcome *o;
	bool stopped;
	char *aborted;
	int ret, ret_journal = RUN_EXIT_OK;

	memset(&jl, 0, sizeof(jl));
	ret = settings_parse(&s, argc, argv);
	if (ret) {
		settings_free(&s);
		return ret > 0 ? RUN_EXIT_OK : RUN_EXIT_ERROR;
	}
	if (s.resume ? setup_resume(&s, &jl, &d) : setup_new(&s, &jl, &d)) {
		joblist_free(&jl);
		settings_free(&s);
		return RUN_EXIT_ERROR;
	}

	o = xcalloc(jl.count, sizeof(*o));
	if (journal_load(s.results_dir, o, jl.count) || journal_open(s.results_dir, jl.count)) {
		free(o);
		joblist_free(&jl);
		settings_free(&s);
		return RUN_EXIT_ERROR;
	}
	if (s.resume) {
		/* resuming is the decision to go on past an abort */
		aborted = xasprintf("%s/aborted.txt", s.results_dir);
		unlink(aborted);
		free(aborted);
		journal_note("resumed");
	}
	settle_interrupted(&s, &jl, o);
	catch_signals();

	stopped = sched_run(&s, &jl, &d, o, &stop_signal);
	progress_clear();
	if (journal_close())
		ret_journal = RUN_EXIT_ERROR;

	aborted = aborted_load(&s);
	ret = exit_status(&jl, o, stopped || aborted);
	if (results_json_write(&s, &jl, o, &d, aborted) || junit_write(&s, &jl, o) ||
	    summary_write(&s, &jl, o, &d, s.quiet ? NULL : stdout)) {
		fprintf(stderr, "drmsub-run: cannot write results in %s: %s\n", s.results_dir,
			strerror(errno));
		ret = RUN_EXIT_ERROR;
	}
	if (ret_journal)
		ret = ret_journal;
	free(aborted);
	free(o);
	joblist_free(&jl);
	settings_free(&s);
	return ret;
}

/* SPDX-License-Identifier: MIT */
/*
 * drmsub-run: runs IGT-style test binaries one subtest per process and
 * keeps a journal so an interrupted run can be resumed. Shared types of
 * the runner's .c files; see runner/README.md for the on-disk format.
 */
#ifndef DRMSUB_RUNNER_H
#define DRMSUB_RUNNER_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RUNNER_MAX_FILTERS 32
#define RUNNER_MAX_DRIVERS 8

/* Bounds of what the runner reads: larger inputs are errors (read_file). */
#define LIMIT_LIST	(16u << 20)	/* --test-list, test-list.txt, joblist.txt */
#define LIMIT_JOURNAL	(64u << 20)
#define LIMIT_TIMINGS	(16u << 20)
#define LIMIT_SMALL	(1u << 20)	/* metadata.txt, drivers.txt, aborted.txt */
#define LIMIT_LISTING	(16u << 20)	/* a binary's --list-subtests, a probe's output */

/* Output kept per job and stream (out, err, dmesg): half head, half tail. */
#define DEFAULT_OUTPUT_CAP (1u << 20)

/* Exit status of drmsub-run. */
enum {
	RUN_EXIT_OK = 0,		/* every job ran; nothing failed */
	RUN_EXIT_FAILURES = 1,		/* every job ran; something failed */
	RUN_EXIT_STOPPED = 2,		/* overall timeout, abort or signal */
	RUN_EXIT_ERROR = 3,		/* bad usage, unreadable test root... */
};

enum run_mode { MODE_AUTO, MODE_HARDWARE, MODE_MODEL };

struct settings {
	char *results_dir;
	char *test_root;
	char *includes[RUNNER_MAX_FILTERS];	/* -t: extended regexes */
	int nr_includes;
	char *excludes[RUNNER_MAX_FILTERS];	/* -x */
	int nr_excludes;
	char *test_list;			/* --test-list FILE */
	char *drivers;				/* --driver a,b */
	double per_test_timeout;		/* 0: none */
	double overall_timeout;			/* 0: none */
	double kill_grace;			/* SIGTERM to SIGKILL */
	char *kmsg_path;			/* NULL: /dev/kmsg */
	int dmesg_warn_level;			/* records at or below warn */
	enum run_mode mode;
	char *model_library;
	char *model_config;			/* DRMSUB_MODEL value */
	bool dry_run;
	bool resume;
	bool overwrite;
	bool quiet;
	int jobs;				/* -j; 0: the default (sched.c) */
	char *timings_path;			/* the timing cache; NULL: none */
	bool timings_set;			/* --timings given (else the default) */
	size_t output_cap;			/* bytes kept per job and stream */
	char *cmdline;				/* as run, for results.json */
};

/* One job: one subtest (or a whole binary without subtests). */
struct job {
	char *binary;		/* path relative to the test root */
	char *subtest;		/* NULL: run the binary with no arguments */
	char *name;		/* igt@<binary>@<subtest> */
	char *driver;		/* msm, nouveau, radeon or "other" */
};

struct joblist {
	struct job *jobs;
	size_t count;
};

/* How each driver's binaries run: on hardware, on the model, or neither. */
struct driver_env {
	char name[32];
	char ran_on[16];	/* hardware, model, none */
	char identity[256];	/* e.g. "msm 1.12.0 platform:3d00000.gpu" */
	char model_entry[64];	/* this driver's DRMSUB_MODEL entry */
};

struct drivers {
	struct driver_env env[RUNNER_MAX_DRIVERS];
	int count;
};

/* The outcome of one job, as journaled. */
struct outcome {
	char result[16];	/* pass, fail, skip, ... (igt.md 2.3) */
	int exit_status;	/* exit code, or -signal; 0 when unknown */
	double start;		/* wall clock, seconds since the epoch */
	double elapsed;		/* seconds */
	bool done;
	bool started;
	unsigned int lost;	/* LOST_* files that could not be written */
};

/* Per-job files whose output was lost (a full disk), as journaled. */
#define LOST_OUT	(1u << 0)
#define LOST_ERR	(1u << 1)
#define LOST_DMESG	(1u << 2)

/* Per-job state while it runs. */
struct job_run {
	int exit_status;
	bool exited;
	bool timed_out;
	bool stopped;		/* killed because the run ends (overall timeout, signal) */
	double start, elapsed;	/* wall clock start; seconds */
};

/* util.c */
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *read_file(const char *path, size_t *len, size_t max);
char *read_in_dir(const char *dir, const char *name, size_t max);
const char *read_strerror(int err);
int write_all(int fd, const char *data, size_t len);
int write_file_sync(const char *path, const char *data, size_t len);
int mkdir_p(const char *path);
int fsync_dir(const char *path);
double now_monotonic(void);
double now_wall(void);
char *job_dir(const struct settings *s, size_t index);
char *job_file(const struct settings *s, size_t index, const char *file);

/* strbuf.c */
struct strbuf {
	char *buf;
	size_t len, size;
};
void sb_add(struct strbuf *sb, const char *data, size_t len);
void sb_puts(struct strbuf *sb, const char *s);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_free(struct strbuf *sb);
int sb_save(struct strbuf *sb, const char *dir, const char *name);

/* settings.c */
int settings_parse(struct settings *s, int argc, char **argv);
int settings_save(const struct settings *s);
int settings_load(struct settings *s, const char *dir);
void settings_free(struct settings *s);

/* joblist.c */
int joblist_build(struct joblist *jl, const struct settings *s);
int joblist_save(const struct joblist *jl, const char *dir);
int joblist_load(struct joblist *jl, const char *dir);
const char *driver_of(const char *binary);
void joblist_free(struct joblist *jl);

/* drivers.c */
void drivers_probe(struct drivers *d, const struct joblist *jl, const struct settings *s);
int drivers_save(const struct drivers *d, const char *dir);
int drivers_load(struct drivers *d, const char *dir);
const struct driver_env *drivers_find(const struct drivers *d, const char *name);

/* journal.c */
int journal_open(const char *dir, size_t jobs);
int journal_start(size_t index);
int journal_done(size_t index, const struct outcome *o);
int journal_cancel(size_t index);
int journal_lost(size_t index, unsigned int lost);
int journal_note(const char *what);
int journal_close(void);
int journal_load(const char *dir, struct outcome *outcomes, size_t count);

/* verdict.c */
void verdict(const struct job *job, const char *out, const char *err,
	     const char *dmesg, const struct job_run *run, int warn_level,
	     char *result, size_t size);
bool result_is_failure(const char *result);
const char *result_from_word(const char *word);
bool stray_stderr(const char *err);
const char *result_overrides(const char *r, const char *err, const char *dmesg,
			     int warn_level);

/* dmesg.c */
struct dmesg_verdict {
	bool warnings;
	char *lines;		/* the offending records, for dmesg-warnings */
};
void dmesg_classify(const char *dmesg, int warn_level,
		    struct dmesg_verdict *v);

char *dmesg_slice(const char *dmesg, const char *subtest);
char *dmesg_split(const char *dmesg, const char *mark_text, const char *name_wanted,
		  bool keep_before);

/* results_json.c */
int results_json_write(const struct settings *s, const struct joblist *jl,
		       const struct outcome *o, const struct drivers *d,
		       const char *aborted);

/* junit.c */
int junit_write(const struct settings *s, const struct joblist *jl,
		const struct outcome *o);

/* summary.c */
void progress_show(size_t done, size_t total, const struct job *job,
		   const struct outcome *o, bool quiet);
void progress_clear(void);
int summary_write(const struct settings *s, const struct joblist *jl,
		  const struct outcome *o, const struct drivers *d, FILE *tty);

#endif

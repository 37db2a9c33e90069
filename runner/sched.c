// SPDX-License-Identifier: MIT
/*
 * Running the jobs, up to -j at a time. Each job is started after its
 * "start" line is journaled and journaled "done" once its verdict is
 * known, so any number of jobs may be running when the runner dies: each
 * is settled from its files on --resume (main.c), never run twice.
 *
 * With more than one slot, jobs start longest first (timings.c); the
 * verdicts do not depend on the order, and everything written at the end
 * lists jobs in joblist order. Kernel records are attributed as they
 * arrive: a model job's own log (DRMSUB_MODEL_KMSG) is its alone; a record
 * of the shared log (/dev/kmsg, --kmsg) goes to every job using that log
 * while it arrives, which is exact with one slot, the default whenever a
 * job does not run on the model.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/test.h"
#include "runner/exec.h"
#include "runner/proctree.h"
#include "runner/runner.h"
#include "runner/sched.h"
#include "runner/syncer.h"
#include "runner/timings.h"

#define POLL_MS 100
#define REAP_POLL_MS 2		/* a supervisor closed its pipe: it is about to be reapable */
#define DRAIN_SECONDS 2.0
/*
 * Slots per CPU when every job runs on the model. Model jobs mostly wait
 * (on the hangcheck period, on fences, on their GPU threads); each has
 * its own model, so they share nothing but the CPUs. Measured on 2 CPUs
 * (runner/README.md): the suite's wall time stops improving past this.
 */
#define MODEL_JOBS_PER_CPU 4
#define MAX_DEFAULT_JOBS 64

struct sched {
	const struct settings *s;
	const struct joblist *jl;
	const struct drivers *d;
	struct outcome *o;
	bool *ran;			/* run by this invocation (timing cache) */
	size_t *order, next;		/* start order; the next to start */
	struct running_job *slot;
	bool *busy;
	int nr_slots, nr_busy;
	size_t finished;
	struct log_source shared;	/* /dev/kmsg or the fake log, when a job uses it */
	struct pending **pending;	/* per job: finished, files not synced yet */
	size_t nr_pending;
	double deadline;
	volatile const int *stop_signal;
	const char *stop_reason;	/* NULL while the run goes on */
	bool aborted;
};

/* -j's default: in parallel only when every driver runs on the model. */
int sched_default_jobs(const struct drivers *d)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	long jobs;

	for (int i = 0; i < d->count; i++)
		if (strcmp(d->env[i].ran_on, "model"))
			return 1;
	jobs = (cpus > 0 ? cpus : 1) * MODEL_JOBS_PER_CPU;
	return jobs > MAX_DEFAULT_JOBS ? MAX_DEFAULT_JOBS : (int)jobs;
}

static void emit_dmesg(void *arg, int level, double seconds, const char *msg, size_t len)
{
	struct running_job *rj = arg;
	char head[64];
	int n = snprintf(head, sizeof(head), "<%d> [%.6f] ", level, seconds);

	stream_add(&rj->stream[JOB_DMESG], head, n);
	stream_add(&rj->stream[JOB_DMESG], msg, len);
	stream_add(&rj->stream[JOB_DMESG], "\n", 1);
}

/* A shared record belongs to every job reading the shared log now. */
static void emit_shared(void *arg, int level, double seconds, const char *msg, size_t len)
{
	struct sched *sc = arg;

	for (int i = 0; i < sc->nr_slots; i++)
		if (sc->busy[i] && sc->slot[i].shared_log)
			emit_dmesg(&sc->slot[i], level, seconds, msg, len);
}

static void drain_logs(struct sched *sc)
{
	log_source_drain(&sc->shared, emit_shared, sc);
	for (int i = 0; i < sc->nr_slots; i++)
		if (sc->busy[i])
			log_source_drain(&sc->slot[i].model_log, emit_dmesg, &sc->slot[i]);
}

static void open_shared_log(struct sched *sc)
{
	const char *path = sc->s->kmsg_path ? sc->s->kmsg_path : "/dev/kmsg";
	bool wanted = false;

	sc->shared.fd = -1;
	for (size_t i = 0; i < sc->jl->count && !wanted; i++)
		wanted = !sc->o[i].done &&
			 !job_on_model(drivers_find(sc->d, sc->jl->jobs[i].driver));
	/* model jobs read their own log: the host's is none of their business */
	if (!wanted)
		return;
	/* a fake log is created if missing, so test binaries (which only append) find it */
	if (sc->s->kmsg_path && access(path, F_OK))
		close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	if (log_source_open(&sc->shared, path, true) && !sc->s->quiet)
		fprintf(stderr, "drmsub-run: kernel log %s not readable: %s; no dmesg results\n",
			path, strerror(errno));
}

static void write_aborted(const struct settings *s, const struct job *job, int status)
{
	char *path = xasprintf("%s/aborted.txt", s->results_dir);
	char *text = xasprintf("Aborting: %s exited with status %d (IGT_EXIT_ABORT)\n",
			       job->name, status);

	write_file_sync(path, text, strlen(text));
	journal_note("aborted");
	free(text);
	free(path);
}

static void begin_stop(struct sched *sc, const char *reason)
{
	if (!sc->stop_reason)
		sc->stop_reason = reason;
}

/* A finished job whose files the syncer has yet to sync. */
struct pending {
	const struct job *job;
	struct job_stream stream[NR_JOB_STREAMS];	/* path and lost_errno */
	char *text[NR_JOB_STREAMS];			/* what the files must hold */
};

static void report_lost(const struct pending *p, unsigned int lost)
{
	for (int i = 0; i < NR_JOB_STREAMS; i++)
		if (lost & (1u << i))
			fprintf(stderr, "drmsub-run: %s: %s lost (%s); the verdict is kept\n",
				p->job->name, p->stream[i].path, strerror(p->stream[i].lost_errno));
}

/* The job's files are synced: now its verdict may be journaled. */
static void complete(struct sched *sc, const struct sync_item *it)
{
	struct pending *p = sc->pending[it->index];
	struct outcome *o = &sc->o[it->index];
	unsigned int lost = 0;

	for (int k = 0; k < NR_JOB_STREAMS; k++) {
		if (stream_settle(&p->stream[k], it->err[k], p->text[k]))
			lost |= 1u << k;
		free(p->text[k]);
		p->stream[k].fd = -1;	/* the syncer closed it */
	}
	o->lost = lost;
	report_lost(p, lost);
	if (lost)
		journal_lost(it->index, lost);
	journal_done(it->index, o);
	for (int k = 0; k < NR_JOB_STREAMS; k++)
		stream_free(&p->stream[k]);
	free(p);
	sc->pending[it->index] = NULL;
	sc->nr_pending--;
}

static void take_synced(struct sched *sc)
{
	struct sync_item done[SYNC_QUEUE];
	unsigned int n = syncer_take(done, SYNC_QUEUE);

	for (unsigned int i = 0; i < n; i++)
		complete(sc, &done[i]);
}

/* Hand the job's files to the syncer; their streams and texts wait for it. */
static void queue_sync(struct sched *sc, struct running_job *rj, char **text)
{
	struct pending *p = xcalloc(1, sizeof(*p));
	struct sync_item it = { .index = rj->index };

	p->job = rj->job;
	for (int k = 0; k < NR_JOB_STREAMS; k++) {
		p->stream[k] = rj->stream[k];
		p->text[k] = text[k];
		it.fd[k] = rj->stream[k].fd;
		memset(&rj->stream[k], 0, sizeof(rj->stream[k]));
		rj->stream[k].fd = -1;
	}
	sc->pending[rj->index] = p;
	sc->nr_pending++;
	if (!syncer_push(&it)) {
		/* the syncer is far behind (or not running): sync here */
		syncer_sync_now(&it);
		complete(sc, &it);
	}
}

/* The job's processes are gone: its verdict, from what it printed. */
static void finish(struct sched *sc, int i)
{
	struct running_job *rj = &sc->slot[i];
	struct outcome *o = &sc->o[rj->index];
	char *text[NR_JOB_STREAMS], *dmesg;

	drain_logs(sc);
	rj->shared_log = false;
	rj->run.elapsed = now_monotonic() - rj->started;
	for (int k = 0; k < NR_JOB_STREAMS; k++)
		text[k] = stream_end(&rj->stream[k]);
	if (rj->run.stopped) {
		/* not the job's fault: it runs again on --resume */
		journal_cancel(rj->index);
		for (int k = 0; k < NR_JOB_STREAMS; k++)
			free(text[k]);
	} else {
		dmesg = dmesg_slice(text[JOB_DMESG], rj->job->subtest);
		verdict(rj->job, text[JOB_OUT], text[JOB_ERR], dmesg, &rj->run,
			sc->s->dmesg_warn_level, o->result, sizeof(o->result));
		free(dmesg);
		o->done = o->started = true;
		o->exit_status = rj->run.exit_status;
		o->start = rj->run.start;
		o->elapsed = rj->run.elapsed;
		sc->ran[rj->index] = true;
		progress_show(++sc->finished, sc->jl->count, rj->job, o, sc->s->quiet);
		if (rj->run.exited && rj->run.exit_status == IGT_EXIT_ABORT) {
			write_aborted(sc->s, rj->job, rj->run.exit_status);
			sc->aborted = true;
			begin_stop(sc, "aborted");
		}
		queue_sync(sc, rj, text);
	}
	job_release(rj);
	sc->busy[i] = false;
	sc->nr_busy--;
}

static void start_next(struct sched *sc)
{
	struct running_job *rj;
	size_t index;
	int i;

	while (sc->next < sc->jl->count && sc->o[sc->order[sc->next]].done)
		sc->next++;
	if (sc->next == sc->jl->count)
		return;
	index = sc->order[sc->next++];
	for (i = 0; sc->busy[i]; i++)
		;
	rj = &sc->slot[i];
	/* what the shared log holds so far belongs to the jobs already running */
	log_source_drain(&sc->shared, emit_shared, sc);
	progress_show(sc->finished + 1, sc->jl->count, &sc->jl->jobs[index], NULL, sc->s->quiet);
	journal_start(index);
	if (job_start(rj, sc->s, &sc->jl->jobs[index], index,
		      drivers_find(sc->d, sc->jl->jobs[index].driver))) {
		/* it never ran: --resume runs it */
		journal_cancel(index);
		begin_stop(sc, "a job could not be started");
		return;
	}
	rj->shared_log = !job_on_model(rj->env);
	sc->busy[i] = true;
	sc->nr_busy++;
}

/* Wait up to @ms for output or an ended supervisor, and take what came. */
static void wait_io(struct sched *sc, int ms)
{
	struct pollfd *p = xcalloc(3 * sc->nr_slots + 1, sizeof(*p));
	int *who = xcalloc(3 * sc->nr_slots + 1, sizeof(*who));
	int n = 0;

	if (syncer_fd() >= 0) {
		p[n] = (struct pollfd){ .fd = syncer_fd(), .events = POLLIN };
		who[n++] = -1;
	}
	for (int i = 0; i < sc->nr_slots; i++) {
		const struct running_job *rj = &sc->slot[i];
		int fds[3] = { rj->pipe_fd[0], rj->pipe_fd[1], rj->status_fd };

		for (int k = 0; sc->busy[i] && k < 3; k++) {
			if (fds[k] < 0)
				continue;
			p[n] = (struct pollfd){ .fd = fds[k], .events = POLLIN };
			who[n++] = i * 3 + k;
		}
	}
	if (poll(p, n, ms) > 0) {
		for (int k = 0; k < n; k++) {
			struct running_job *rj = &sc->slot[who[k] < 0 ? 0 : who[k] / 3];

			if (!p[k].revents)
				continue;
			if (who[k] < 0)
				take_synced(sc);
			else if (who[k] % 3 == 2)
				job_read_status(rj);
			else
				job_pump(rj, who[k] % 3);
		}
	}
	free(p);
	free(who);
}

/* Supervisors that ended; orphans the runner adopted as a subreaper are reaped too. */
static void reap(struct sched *sc)
{
	pid_t pid;

	while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
		for (int i = 0; i < sc->nr_slots; i++)
			if (sc->busy[i] && sc->slot[i].supervisor == pid)
				sc->slot[i].supervisor_gone = true;
}

static void enforce_limits(struct sched *sc, struct running_job *rj)
{
	const struct settings *s = sc->s;
	double t = now_monotonic();
	bool timeout = s->per_test_timeout > 0 && t - rj->started >= s->per_test_timeout;

	if (rj->run.exited || rj->supervisor_gone)
		return;
	if (!rj->termed && (timeout || sc->stop_reason)) {
		/* a per-test timeout unless the run itself is ending */
		rj->run.timed_out = timeout;
		rj->run.stopped = !timeout;
		job_signal(rj, SUPERVISOR_TERM);
		rj->termed = true;
		rj->kill_at = t + s->kill_grace;
	} else if (rj->termed && rj->kill_at && t >= rj->kill_at) {
		job_signal(rj, SUPERVISOR_KILL);
		rj->kill_at = 0;
	}
}

static void check_stop(struct sched *sc)
{
	if (*sc->stop_signal)
		begin_stop(sc, "stopped by a signal");
	else if (sc->deadline && now_monotonic() >= sc->deadline)
		begin_stop(sc, "overall timeout");
}

static void step(struct sched *sc)
{
	int ms = POLL_MS;

	for (int i = 0; i < sc->nr_slots; i++)
		if (sc->busy[i] && sc->slot[i].status_fd < 0 && !sc->slot[i].supervisor_gone)
			ms = REAP_POLL_MS;
	wait_io(sc, ms);
	drain_logs(sc);
	reap(sc);
	check_stop(sc);
	for (int i = 0; i < sc->nr_slots; i++) {
		struct running_job *rj = &sc->slot[i];

		if (!sc->busy[i])
			continue;
		enforce_limits(sc, rj);
		if (rj->status_fd >= 0 || !rj->supervisor_gone)
			continue;
		/* every process of the job is gone: what is left in the pipes, then the end */
		if (!rj->drain_until)
			rj->drain_until = now_monotonic() + DRAIN_SECONDS;
		if ((rj->pipe_fd[0] < 0 && rj->pipe_fd[1] < 0) || now_monotonic() >= rj->drain_until)
			finish(sc, i);
	}
}

/* The journal says how many jobs ran at a time (the default depends on the drivers). */
static void note_jobs(int jobs)
{
	char note[48];

	snprintf(note, sizeof(note), "jobs %d at a time", jobs);
	journal_note(note);
}

/*
 * Orphans of the jobs come to the runner (PR_SET_CHILD_SUBREAPER, Linux 3.4).
 * Where that is refused (qemu-user 7.2 answers EINVAL) a process that leaves
 * its job's session is out of reach: the journal says so.
 */
static void become_subreaper(void)
{
	char note[96];

	if (!prctl(PR_SET_CHILD_SUBREAPER, 1))
		return;
	snprintf(note, sizeof(note), "no subreaper (%s): daemons a job leaves are not reaped",
		 strerror(errno));
	journal_note(note);
}

/* Whatever escaped a supervisor that was killed from outside ends with the run. */
static void kill_escaped(void)
{
	for (int i = 0; i < 100 && proctree_signal(getpid(), SIGKILL); i++) {
		usleep(1000);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
	}
}

bool sched_run(const struct settings *s, const struct joblist *jl, const struct drivers *d,
	       struct outcome *o, volatile const int *stop_signal)
{
	struct sched sc = { .s = s, .jl = jl, .d = d, .o = o, .stop_signal = stop_signal };
	struct timings cache;

	sc.deadline = s->overall_timeout > 0 ? now_monotonic() + s->overall_timeout : 0;
	sc.nr_slots = s->jobs > 0 ? s->jobs : sched_default_jobs(d);
	if (sc.nr_slots > 1 && sched_default_jobs(d) == 1 && !s->quiet)
		fprintf(stderr, "drmsub-run: -j %d with a driver not on the model: its jobs share "
			"the device and the kernel log (a record goes to every job running)\n",
			sc.nr_slots);
	sc.slot = xcalloc(sc.nr_slots, sizeof(*sc.slot));
	sc.busy = xcalloc(sc.nr_slots, sizeof(*sc.busy));
	sc.ran = xcalloc(jl->count, sizeof(*sc.ran));
	sc.pending = xcalloc(jl->count, sizeof(*sc.pending));
	if (syncer_start() && !s->quiet)
		fprintf(stderr, "drmsub-run: no syncer thread (%s); files are synced in line\n",
			strerror(errno));
	timings_load(&cache, s->timings_path);
	if (sc.nr_slots > 1) {
		sc.order = timings_order(&cache, jl);
	} else {
		/* one at a time: the list's order, as a board's suite expects */
		sc.order = xcalloc(jl->count, sizeof(*sc.order));
		for (size_t i = 0; i < jl->count; i++)
			sc.order[i] = i;
	}
	for (size_t i = 0; i < jl->count; i++)
		sc.finished += o[i].done;
	/* a job's orphans come to its supervisor, and failing that to the runner */
	become_subreaper();
	note_jobs(sc.nr_slots);
	open_shared_log(&sc);
	for (;;) {
		check_stop(&sc);
		/* one at a time, a job's "done" is journaled before the next "start" */
		while (!sc.stop_reason && sc.nr_busy < sc.nr_slots && sc.next < jl->count &&
		       (sc.nr_slots > 1 || !sc.nr_pending))
			start_next(&sc);
		if (!sc.nr_busy && !sc.nr_pending)
			break;
		step(&sc);
	}
	syncer_stop();
	log_source_close(&sc.shared);
	kill_escaped();
	if (timings_save(s->timings_path, &cache, jl, o, sc.ran) && !s->quiet)
		fprintf(stderr, "drmsub-run: cannot update the timing cache %s: %s\n",
			s->timings_path, strerror(errno));
	timings_free(&cache);
	free(sc.order);
	free(sc.slot);
	free(sc.busy);
	free(sc.ran);
	free(sc.pending);
	if (sc.aborted)
		return true;	/* write_aborted() noted it */
	if (sc.finished == jl->count)
		return false;
	journal_note(sc.stop_reason ? sc.stop_reason : "stopped");
	return true;
}

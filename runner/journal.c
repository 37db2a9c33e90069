// SPDX-License-Identifier: MIT
/*
 * journal.txt: one line per event, each written with a single write() and
 * fsync'd before the runner moves on, so after a crash or a power cut the
 * journal says exactly which jobs finished (and with what result) and which
 * were running. A torn last line (no newline) is ignored on reading and
 * ended before anything is appended.
 *
 *	start <index> <wall-clock start>
 *	done <index> <result> <exit status> <wall-clock start> <elapsed>
 *	cancel <index>			(the runner was stopped; job not run)
 *	lost <index> <file>,...		(output that could not be written)
 *	note <text>			(aborted, overall timeout, resumed)
 *
 * A full disk must not cost a verdict: the journal's space is reserved
 * when it is opened (fallocate, FALLOC_FL_KEEP_SIZE), and a line that
 * still cannot be written is kept in memory and written again before the
 * next one and when the journal is closed; what never made it is printed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "runner/runner.h"

/* Room reserved per job: a start and a done line, with margin. */
#define RESERVE_PER_JOB 192
#define RESERVE_EXTRA 4096
#define CLOSE_RETRIES 5
#define CLOSE_RETRY_NS 200000000

static int journal_fd = -1;
static struct strbuf pending;	/* lines not written yet, in order */
static bool failed;		/* the last write failed: it may have torn a line */

/*
 * A crash in the middle of a write leaves a line without its newline;
 * end it, so that the next line is not glued to it (the torn line itself
 * then fails to parse and is ignored).
 */
static int end_torn_line(void)
{
	off_t size = lseek(journal_fd, 0, SEEK_END);
	char last = '\n';

	if (size > 0 && pread(journal_fd, &last, 1, size - 1) != 1)
		return -1;
	if (last == '\n')
		return 0;
	if (write(journal_fd, "\n", 1) != 1 || fsync(journal_fd))
		return -1;
	return 0;
}

static void reserve(size_t jobs)
{
	off_t size = lseek(journal_fd, 0, SEEK_END);

	/* best effort: a filesystem without fallocate still has the retries */
	if (size >= 0)
		fallocate(journal_fd, FALLOC_FL_KEEP_SIZE, size,
			  (off_t)jobs * RESERVE_PER_JOB + RESERVE_EXTRA);
}

int journal_open(const char *dir, size_t jobs)
{
	char *path = xasprintf("%s/journal.txt", dir);

	journal_fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (journal_fd < 0) {
		fprintf(stderr, "drmsub-run: %s: %s\n", path, strerror(errno));
		free(path);
		return -1;
	}
	/* two runners appending to one journal would corrupt the run */
	if (flock(journal_fd, LOCK_EX | LOCK_NB)) {
		fprintf(stderr, "drmsub-run: %s is in use by another drmsub-run\n", dir);
		free(path);
		close(journal_fd);
		journal_fd = -1;
		return -1;
	}
	free(path);
	fsync_dir(dir);
	reserve(jobs);
	if (end_torn_line()) {
		fprintf(stderr, "drmsub-run: cannot write the journal: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* Write the pending lines; they stay pending (whole) if that fails. */
static int flush_pending(void)
{
	if (!pending.len)
		return 0;
	if (journal_fd < 0 || (failed && end_torn_line()) ||
	    write_all(journal_fd, pending.buf, pending.len) || fsync(journal_fd)) {
		failed = true;
		return -1;
	}
	failed = false;
	sb_free(&pending);
	return 0;
}

static int journal_line(const char *line)
{
	bool was_failing = failed;

	sb_puts(&pending, line);
	if (!flush_pending())
		return 0;
	if (!was_failing)
		fprintf(stderr, "drmsub-run: cannot write the journal (%s); its lines are kept "
			"and written again\n", strerror(errno));
	return -1;
}

/* Before closing: a few more tries; what still failed is said, not lost silently. */
int journal_close(void)
{
	struct timespec pause = { 0, CLOSE_RETRY_NS };
	int ret = 0;

	for (int i = 0; i < CLOSE_RETRIES && flush_pending(); i++)
		nanosleep(&pause, NULL);
	if (pending.len) {
		fprintf(stderr, "drmsub-run: these journal lines could not be written (%s):\n%s",
			strerror(errno), pending.buf);
		sb_free(&pending);
		ret = -1;
	}
	if (journal_fd >= 0)
		close(journal_fd);
	journal_fd = -1;
	return ret;
}

int journal_start(size_t index)
{
	char line[96];

	snprintf(line, sizeof(line), "start %zu %.6f\n", index, now_wall());
	return journal_line(line);
}

int journal_done(size_t index, const struct outcome *o)
{
	char line[160];

	snprintf(line, sizeof(line), "done %zu %s %d %.6f %.6f\n", index, o->result,
		 o->exit_status, o->start, o->elapsed);
	return journal_line(line);
}

int journal_cancel(size_t index)
{
	char line[64];

	snprintf(line, sizeof(line), "cancel %zu\n", index);
	return journal_line(line);
}

static const char *const lost_names[] = { "out.txt", "err.txt", "dmesg.txt" };

int journal_lost(size_t index, unsigned int lost)
{
	char line[96];
	int n = snprintf(line, sizeof(line), "lost %zu ", index);

	for (int i = 0; i < 3; i++)
		if (lost & (1u << i))
			n += snprintf(line + n, sizeof(line) - n, "%s%s",
				      line[n - 1] == ' ' ? "" : ",", lost_names[i]);
	snprintf(line + n, sizeof(line) - n, "\n");
	return journal_line(line);
}

int journal_note(const char *what)
{
	char *line = xasprintf("note %s\n", what);
	int ret = journal_line(line);

	free(line);
	return ret;
}

static unsigned int parse_lost(const char *files)
{
	unsigned int lost = 0;

	for (int i = 0; i < 3; i++)
		if (strstr(files, lost_names[i]))
			lost |= 1u << i;
	return lost;
}

static void apply_line(char *line, struct outcome *outcomes, size_t count)
{
	char kind[16], result[16], files[64];
	struct outcome o = { 0 };
	size_t index;
	double start;

	if (sscanf(line, "%15s %zu", kind, &index) != 2 || index >= count)
		return;
	if (!strcmp(kind, "start") && sscanf(line, "start %*u %lf", &start) == 1) {
		outcomes[index].started = true;
		outcomes[index].start = start;
	} else if (!strcmp(kind, "done") &&
		   sscanf(line, "done %*u %15s %d %lf %lf", result, &o.exit_status,
			  &o.start, &o.elapsed) == 4) {
		snprintf(o.result, sizeof(o.result), "%s", result);
		o.started = o.done = true;
		o.lost = outcomes[index].lost;
		outcomes[index] = o;
	} else if (!strcmp(kind, "cancel")) {
		memset(&outcomes[index], 0, sizeof(outcomes[index]));
	} else if (!strcmp(kind, "lost") && sscanf(line, "lost %*u %63s", files) == 1) {
		outcomes[index].lost |= parse_lost(files);
	}
}

/* Fill @outcomes from the journal; a missing journal means nothing ran. */
int journal_load(const char *dir, struct outcome *outcomes, size_t count)
{
	char *path = xasprintf("%s/journal.txt", dir);
	char *text = read_file(path, NULL, LIMIT_JOURNAL), *line, *end;
	int err = errno;

	if (!text && err != ENOENT)
		fprintf(stderr, "drmsub-run: %s: %s\n", path, read_strerror(err));
	free(path);
	if (!text)
		return err == ENOENT ? 0 : -1;
	for (line = text; (end = strchr(line, '\n')); line = end + 1) {
		*end = '\0';
		apply_line(line, outcomes, count);
	}
	free(text);
	return 0;
}
